//! The two GLS254 curves as published data. Field elements of GF(2^127) are `u128`s
//! whose bit i is the coefficient of z^i; an element of GF(2^254) is (c₀, c₁) for
//! c₀ + c₁·u. The checks (G on the curve, r prime, \[r\]G = O, \[2\]G ≠ O,
//! (q − 1)² + t² = 2r, ψ(G) = \[μ\]G) are in the tests (`tests/suite/gls254.rs`).

/// One GLS curve y² + xy = x³ + u·x² + b over GF(2^254), b ∈ GF(2^127), #E = 2r.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GlsParams {
    /// Name in the registry.
    pub name: &'static str,
    /// Other names.
    pub aliases: &'static [&'static str],
    /// Where the constants come from.
    pub source: &'static str,
    /// b ∈ GF(2^127).
    pub b: u128,
    /// The prime r, little-endian words.
    pub r: [u64; 4],
    /// |t|: #E = (q − 1)² + t² with q = 2^127.
    pub t: u128,
    /// x(G) as (c₀, c₁).
    pub gx: (u128, u128),
    /// λ(G) = x + y/x as (c₀, c₁).
    pub gl: (u128, u128),
}

/// The curves, in registry order.
pub const GLS_CURVES: [GlsParams; 2] = [
    GlsParams {
        name: "gls254",
        aliases: &["GLS254"],
        source: "Aardal–Aranha, SAC 2022 (dfaranha/gls254; the same curve as crrl's gls254): b = z^27 + 1",
        b: (1 << 27) | 1,
        // r = 2^253 + 83877821160623817322862211711964450037.
        r: [
            0x3cbd_e37c_f43a_8cf5,
            0x3f1a_47de_dc1a_1dad,
            0,
            0x2000_0000_0000_0000,
        ],
        // |t| = √(2r − (q − 1)²), derived from r.
        t: 0x1_38cd_1861_80b5_32d3,
        gx: (
            0x47E7_0D2D_CA8C_7210_5BE5_F4EB_93D8_712A,
            0x25F2_F29F_CBDE_C78E_9D19_32CB_5FA5_B9BF,
        ),
        gl: (
            0x1A17_64D6_5820_4447_97FB_BBBF_EB3A_8AB4,
            0x0B38_34B0_48C2_17C1_25BE_90C0_1E0E_9B06,
        ),
    },
    GlsParams {
        name: "gls254-ches2013",
        aliases: &[],
        source: "Oliveira–López–Aranha–Rodríguez-Henríquez, CHES 2013 (seed 001); constants from the same group's ARMv8 code (jonasmorthorst/armv8-elliptic-curve, common/ec.h)",
        b: 0x59C8_202C_B9E6_E0AE_2E6D_944F_A54D_E7E5,
        r: [
            0x877d_aba2_a447_50a5,
            0xdac4_0d11_9527_0779,
            0xffff_ffff_ffff_ffff,
            0x1fff_ffff_ffff_ffff,
        ],
        t: 0xD792_EA76_6915_24E3,
        gx: (
            0x203B_6A93_395E_0432_3440_38B6_3FBA_32DE,
            0x78E5_1FD0_C310_696D_5396_E068_1AA1_0E0D,
        ),
        gl: (
            0x5BD7_6534_8208_5F55_DEB5_9C61_3707_4B50,
            0x7F90_D98B_1589_A17F_2456_8FA5_A103_3946,
        ),
    },
];

/// Look a GLS curve up by name or alias, ignoring case.
pub fn find_gls_curve(name: &str) -> Option<&'static GlsParams> {
    GLS_CURVES.iter().find(|c| {
        c.name.eq_ignore_ascii_case(name) || c.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    })
}
