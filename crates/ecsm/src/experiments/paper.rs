//! Figures printed in the source papers, kept verbatim and labelled as the papers'.
//! Nothing here is used as a result; reports print these beside what we measure.

/// Seed 000 (Doche–Sutantyo, SAC 2013), Table 1 headings: I/M and S/M for each degree,
/// measured with NTL 6.0 on an i7-2620 at 2.7 GHz.
pub const SEED000_FIELD_RATIOS: [(&str, f64, f64); 3] = [
    ("2^233", 8.651, 0.226),
    ("2^409", 9.289, 0.140),
    ("2^571", 9.212, 0.153),
];

/// Seed 001 (Oliveira–López–Aranha–Rodríguez-Henríquez, CHES 2013): the Itoh–Tsujii
/// addition chain for GF(2^127), 9 steps.
pub const SEED001_CHAIN_127: [u16; 10] = [1, 2, 3, 6, 12, 24, 48, 96, 120, 126];

/// One row of seed 001's results table: work, curve, method, protected, Sandy Bridge
/// cycles, Haswell cycles.
pub type Seed001Row = (
    &'static str,
    &'static str,
    &'static str,
    bool,
    u32,
    Option<u32>,
);

/// Seed 001's results table ("Results, Scalar multiplication"): work, curve, method,
/// protected (SCR), cycles on Sandy Bridge (Xeon E3-1270, 3.4 GHz; the slides name an
/// Ivy Bridge too), and for "This work" the Haswell figure (Core i7-4700MQ, 2.4 GHz)
/// where the slides give one. The rows of other works are the slides' quotations.
pub const SEED001_RESULTS: [Seed001Row; 16] = [
    (
        "Taverne et al.",
        "NIST-K233",
        "No-GLV (τ-and-add)",
        false,
        67_800,
        None,
    ),
    (
        "Bos et al.",
        "BK/FKT",
        "4-GLV (double-and-add)",
        false,
        156_000,
        None,
    ),
    (
        "Aranha et al.",
        "NIST-K283",
        "2-GLV (τ-and-add)",
        false,
        99_200,
        None,
    ),
    (
        "Longa and Sica",
        "GLS",
        "4-GLV (double-and-add)",
        false,
        91_000,
        None,
    ),
    (
        "Taverne et al.",
        "NIST-K233",
        "No-GLV, parallel (2 cores)",
        false,
        46_500,
        None,
    ),
    (
        "Longa and Sica",
        "GLS",
        "4-GLV, parallel (4 cores)",
        false,
        61_000,
        None,
    ),
    (
        "Bernstein",
        "Curve25519",
        "Montgomery ladder",
        true,
        194_000,
        None,
    ),
    (
        "Hamburg",
        "Montgomery",
        "Montgomery ladder",
        true,
        153_000,
        None,
    ),
    (
        "Longa and Sica",
        "GLS",
        "4-GLV (double-and-add)",
        true,
        137_000,
        None,
    ),
    (
        "Bos et al.",
        "Kummer",
        "Montgomery ladder",
        true,
        117_000,
        None,
    ),
    (
        "This work",
        "GLS",
        "2-GLV (double-and-add) (LD)",
        false,
        117_500,
        None,
    ),
    (
        "This work",
        "GLS",
        "2-GLV (double-and-add) (λ)",
        false,
        93_500,
        Some(49_455),
    ),
    (
        "This work",
        "GLS",
        "2-GLV (halve-and-add) (LD)",
        false,
        81_800,
        None,
    ),
    (
        "This work",
        "GLS",
        "2-GLV (halve-and-add) (λ)",
        false,
        72_300,
        Some(44_653),
    ),
    (
        "This work",
        "GLS",
        "2-GLV, parallel (2 cores) (λ)",
        false,
        47_900,
        Some(29_450),
    ),
    (
        "This work",
        "GLS",
        "2-GLV (double-and-add) (λ)",
        true,
        114_800,
        Some(65_820),
    ),
];

/// Seed 001's formula comparison, López–Dahab beside λ (m̃ = multiplication, s̃ = squaring,
/// m̃_a, m̃_b = by the curve constants a and b, in GF(2^254)). The last row is from the
/// slides' closing remarks ("2Q + P_j + P_j", λ only; no LD figure is given).
pub const SEED001_FORMULAS: [(&str, &str, &str); 5] = [
    ("full addition", "13m + 4s", "11m + 2s"),
    ("mixed addition", "8m + m_a + 5s", "8m + 2s"),
    (
        "doubling",
        "3m + m_a + m_b + 5s",
        "4m + m_a + 4s (or 3m + m_a + m_b + 4s)",
    ),
    (
        "doubling and addition",
        "11m + 2m_a + m_b + 10s",
        "10m + m_a + 6s",
    ),
    ("2Q + P + P'", "-", "17m + m_a + 8s"),
];

/// Seed 003 (Brumley–Järvinen, EuroPKI 2008), "Software results, OpenSSL point
/// decompression (µs)": per curve, the time with OpenSSL's sliding window, with plain
/// binary exponentiation, with the new method, and the new method's savings (%) over the
/// sliding window and over binary. 2008 hardware (not stated in the slides).
pub const SEED003_DECOMPRESSION_US: [(&str, f64, f64, f64, f64, f64); 11] = [
    ("wtls8", 159.9, 214.3, 123.1, 23.0, 42.6),
    ("secp128r1", 159.3, 152.6, 129.8, 18.5, 14.9),
    ("secp160r1", 278.1, 365.3, 224.4, 19.3, 38.6),
    ("secp160k1", 300.7, 393.9, 234.4, 22.0, 40.5),
    ("wtls9", 288.8, 385.2, 231.3, 19.9, 40.0),
    ("secp192r1", 358.6, 299.6, 190.8, 46.8, 36.3),
    ("secp192k1", 386.7, 547.0, 305.4, 21.0, 44.2),
    ("prime239v1", 507.9, 616.6, 412.8, 18.7, 33.1),
    ("secp256r1", 516.6, 310.8, 280.5, 45.7, 9.7),
    ("secp256k1", 597.5, 804.3, 431.4, 27.8, 46.4),
    ("secp384r1", 1574.7, 1386.3, 789.9, 49.8, 43.0),
];

/// Seed 003's stated chain costs for (p + 1)/4, as (curve, M, S): P-192 "7M + 127S and
/// 62S", P-384 "254S + 11M, k − 1 = 2M, 127S".
pub const SEED003_CHAIN_COSTS: [(&str, usize, usize); 2] =
    [("secp192r1", 7, 189), ("secp384r1", 13, 381)];

/// One row of seed 000's Table 1, verbatim: the paper's method label, our spec of the
/// same method, #P, then the average I, H, M, S per scalar multiplication (M includes the
/// multiplications by √a6, which the paper counts as M), the time in ms and the speed-up
/// in % as printed (over Montgomery's ladder, except at d = 409 where the paper's 0 is
/// the sole-inversion NAF_5).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Seed000Row {
    /// Degree d of GF(2^d).
    pub degree: usize,
    /// The paper's label (an underlined method is written `_sole`).
    pub label: &'static str,
    /// Our method spec for it.
    pub spec: &'static str,
    /// Stored points #P.
    pub stored_points: usize,
    /// Inversions.
    pub inv: f64,
    /// Half-traces.
    pub half_trace: f64,
    /// Multiplications.
    pub mul: f64,
    /// Squarings.
    pub sqr: f64,
    /// Time, ms (NTL 6.0 / GMP 5.1.2, i7-2620 at 2.7 GHz).
    pub time_ms: f64,
    /// Speed-up, %.
    pub speedup_pct: f64,
}

macro_rules! seed000_rows {
    ($($d:literal $label:literal $spec:literal $p:literal $i:literal $h:literal $m:literal $s:literal $t:literal $u:literal;)*) => {
        [$(Seed000Row {
            degree: $d, label: $label, spec: $spec, stored_points: $p, inv: $i as f64,
            half_trace: $h as f64, mul: $m as f64, sqr: $s as f64, time_ms: $t, speedup_pct: $u,
        },)*]
    };
}

/// Seed 000 (Doche–Sutantyo, SAC 2013), Table 1: 100 random curves
/// y² + xy = x³ + x² + a6 per degree, one random point each, 100 random scalars in
/// \[0, 2^d + 2^(d/2) − 1\], P decompressed in every method.
pub const SEED000_TABLE1: [Seed000Row; 21] = seed000_rows! {
    233 "Mont." "montgomery" 1 2 0 1402 928 1.102 0.0;
    233 "NAF_5" "naf:w=5" 8 10 0 1253 1360 1.221 -10.81;
    233 "NAF_5_sole" "naf-sole:w=5" 8 3 0 1312 1368 1.241 -12.66;
    233 "x-JSF" "x-jsf" 4 3 2 1181 1229 1.118 -1.51;
    233 "x-JSF_2" "x-jsf2" 8 4 4 1094 1126 1.053 4.43;
    233 "4-4-4" "www:w=4" 12 14 3 1043 1108 1.079 2.05;
    233 "3-3-3_sole" "www-sole:w=3" 6 5 3 1143 1165 1.083 1.70;
    409 "Mont." "montgomery" 1 2 0 2457 1631 4.289 -0.68;
    409 "NAF_5" "naf:w=5" 8 10 0 2192 2386 4.267 -0.16;
    409 "NAF_5_sole" "naf-sole:w=5" 8 3 0 2251 2394 4.260 0.0;
    409 "x-JSF" "x-jsf" 4 3 2 2061 2153 3.928 7.79;
    409 "x-JSF_2" "x-jsf2" 8 4 4 1885 1962 3.650 14.33;
    409 "4-4-4" "www:w=4" 12 14 3 1793 1929 3.667 13.94;
    409 "4-4-4_sole" "www-sole:w=4" 12 5 3 1862 1941 3.752 11.94;
    571 "Mont." "montgomery" 1 2 0 3430 2280 10.986 0.0;
    571 "NAF_6" "naf:w=6" 16 18 0 2961 3269 12.154 -10.64;
    571 "NAF_6_sole" "naf-sole:w=6" 16 3 0 3092 3285 12.464 -13.46;
    571 "x-JSF" "x-jsf" 4 3 2 2871 3004 10.153 7.58;
    571 "x-JSF_2" "x-jsf2" 8 4 4 2618 2735 9.014 17.94;
    571 "5-5-5" "www:w=5" 24 26 3 2355 2601 8.843 19.51;
    571 "5-5-5_sole" "www-sole:w=5" 24 5 3 2532 2625 8.810 19.81;
};
