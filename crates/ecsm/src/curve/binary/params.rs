//! The ten NIST binary curves y² + xy = x³ + a2·x² + b over GF(2^m), as published data.
//!
//! K-163, B-163, K-233, B-233, K-283, B-283, K-409, B-409, K-571 and B-571 of FIPS 186-4
//! Appendix D.1.3, which are sect163k1, sect163r2, sect233k1, sect233r1, sect283k1,
//! sect283r1, sect409k1, sect409r1, sect571k1 and sect571r1 of SEC 2 v2 §3. The canonical
//! name is the SEC 2 name. WTLS curves 3, 10 and 11 (WAP-261 Annex A) carry the same
//! (polynomial, a, b, G, n, h) in OpenSSL 3.0 as sect163k1, sect233k1 and sect233r1 and are
//! listed as aliases of those; WTLS curve 5 is X9.62 c2pnb163v1, a different curve.
//!
//! Provenance: the values were extracted mechanically (not typed) from OpenSSL 3.0's
//! built-in tables with `openssl ecparam -name NAME -param_enc explicit -text -noout`, which
//! also printed the reduction polynomials: x^163 + x^7 + x^6 + x^3 + 1,
//! x^233 + x^74 + 1, x^283 + x^12 + x^7 + x^5 + 1, x^409 + x^87 + 1 and
//! x^571 + x^10 + x^5 + x^2 + 1, the polynomials of [`crate::field::Gf163`] to
//! [`crate::field::Gf571`] (FIPS 186-4 D.1.3 / SEC 2 §3). `tests/binary_curves.rs` checks
//! every entry independently: G on the curve and \[n\]G = O with a slow reference group
//! law, n·h within the Hasse bound.
//!
//! Format: lowercase big-endian hex without `0x`; b, gx and gy are padded to the byte
//! length of the field (⌈m/8⌉ bytes), n to its own byte length.

use super::{hex_to_bytes, CurveError};

/// One named curve y² + xy = x³ + a2·x² + b over GF(2^m).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BinaryCurveParams {
    /// Canonical (SEC 2) name.
    pub name: &'static str,
    /// Other names for the same parameters (NIST `K-163`, `wtls3`, …).
    pub aliases: &'static [&'static str],
    /// The standards (and sections) that publish these parameters.
    pub source: &'static str,
    /// Field degree m.
    pub m: usize,
    /// Curve coefficient a2 (0 or 1).
    pub a2: u8,
    /// Curve coefficient a6 (called b in the standards).
    pub b: &'static str,
    /// Affine x-coordinate of the base point G.
    pub gx: &'static str,
    /// Affine y-coordinate of the base point G.
    pub gy: &'static str,
    /// The (prime) order of G.
    pub n: &'static str,
    /// The cofactor: the curve has h·n points.
    pub h: u32,
}

impl BinaryCurveParams {
    /// True for the Koblitz curves (b = 1).
    pub fn is_koblitz(&self) -> bool {
        self.b.trim_start_matches('0') == "1"
    }

    /// The order n as little-endian 64-bit words (the scalar format of
    /// [`crate::field::Field::pow_vartime`] and of the scalar multiplications here).
    pub fn order_words(&self) -> Result<Vec<u64>, CurveError> {
        let bytes = hex_to_bytes(self.n, "n")?;
        let mut words = vec![0u64; bytes.len().div_ceil(8)];
        for (k, &byte) in bytes.iter().rev().enumerate() {
            words[k / 8] |= u64::from(byte) << (8 * (k % 8));
        }
        Ok(words)
    }
}

/// The curve named `name` (canonical name or alias), compared ASCII-case-insensitively,
/// so `b-163`, `SECT163R2` and `Sect163r2` all find sect163r2.
///
/// ```
/// use ecsm::curve::binary::params::find_binary_curve;
///
/// let c = find_binary_curve("k-233").unwrap();
/// assert_eq!((c.name, c.a2, c.h), ("sect233k1", 0, 4));
/// assert_eq!(find_binary_curve("WTLS10"), Some(c));
/// assert_eq!(find_binary_curve("B-192"), None);
/// ```
pub fn find_binary_curve(name: &str) -> Option<&'static BinaryCurveParams> {
    BINARY_CURVES.iter().find(|c| {
        c.name.eq_ignore_ascii_case(name) || c.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    })
}

/// The ten NIST binary curves, by degree, Koblitz curve first.
///
/// Being a `const`, the slice may exist at more than one address: identify entries by
/// `name`, not with `core::ptr::eq`.
pub const BINARY_CURVES: &[BinaryCurveParams] = &[
    BinaryCurveParams {
        name: "sect163k1",
        aliases: &["K-163", "wap-wsg-idm-ecid-wtls3", "wtls3"],
        source: "SEC 2 v2 §3.2.1; FIPS 186-4 App. D.1.3 (K-163); WAP-261 WTLS Annex A, curve 3",
        m: 163,
        a2: 1,
        b: "000000000000000000000000000000000000000001",
        gx: "02fe13c0537bbc11acaa07d793de4e6d5e5c94eee8",
        gy: "0289070fb05d38ff58321f2e800536d538ccdaa3d9",
        n: "04000000000000000000020108a2e0cc0d99f8a5ef",
        h: 2,
    },
    BinaryCurveParams {
        name: "sect163r2",
        aliases: &["B-163"],
        source: "SEC 2 v2 §3.2.3; FIPS 186-4 App. D.1.3 (B-163)",
        m: 163,
        a2: 1,
        b: "020a601907b8c953ca1481eb10512f78744a3205fd",
        gx: "03f0eba16286a2d57ea0991168d4994637e8343e36",
        gy: "00d51fbc6c71a0094fa2cdd545b11c5c0c797324f1",
        n: "040000000000000000000292fe77e70c12a4234c33",
        h: 2,
    },
    BinaryCurveParams {
        name: "sect233k1",
        aliases: &["K-233", "wap-wsg-idm-ecid-wtls10", "wtls10"],
        source: "SEC 2 v2 §3.3.1; FIPS 186-4 App. D.1.3 (K-233); WAP-261 WTLS Annex A, curve 10",
        m: 233,
        a2: 0,
        b: "000000000000000000000000000000000000000000000000000000000001",
        gx: "017232ba853a7e731af129f22ff4149563a419c26bf50a4c9d6eefad6126",
        gy: "01db537dece819b7f70f555a67c427a8cd9bf18aeb9b56e0c11056fae6a3",
        n: "8000000000000000000000000000069d5bb915bcd46efb1ad5f173abdf",
        h: 4,
    },
    BinaryCurveParams {
        name: "sect233r1",
        aliases: &["B-233", "wap-wsg-idm-ecid-wtls11", "wtls11"],
        source: "SEC 2 v2 §3.3.2; FIPS 186-4 App. D.1.3 (B-233); WAP-261 WTLS Annex A, curve 11",
        m: 233,
        a2: 1,
        b: "0066647ede6c332c7f8c0923bb58213b333b20e9ce4281fe115f7d8f90ad",
        gx: "00fac9dfcbac8313bb2139f1bb755fef65bc391f8b36f8f8eb7371fd558b",
        gy: "01006a08a41903350678e58528bebf8a0beff867a7ca36716f7e01f81052",
        n: "01000000000000000000000000000013e974e72f8a6922031d2603cfe0d7",
        h: 2,
    },
    BinaryCurveParams {
        name: "sect283k1",
        aliases: &["K-283"],
        source: "SEC 2 v2 §3.5.1; FIPS 186-4 App. D.1.3 (K-283)",
        m: 283,
        a2: 0,
        b: "000000000000000000000000000000000000000000000000000000000000000000000001",
        gx: "0503213f78ca44883f1a3b8162f188e553cd265f23c1567a16876913b0c2ac2458492836",
        gy: "01ccda380f1c9e318d90f95d07e5426fe87e45c0e8184698e45962364e34116177dd2259",
        n: "01ffffffffffffffffffffffffffffffffffe9ae2ed07577265dff7f94451e061e163c61",
        h: 4,
    },
    BinaryCurveParams {
        name: "sect283r1",
        aliases: &["B-283"],
        source: "SEC 2 v2 §3.5.2; FIPS 186-4 App. D.1.3 (B-283)",
        m: 283,
        a2: 1,
        b: "027b680ac8b8596da5a4af8a19a0303fca97fd7645309fa2a581485af6263e313b79a2f5",
        gx: "05f939258db7dd90e1934f8c70b0dfec2eed25b8557eac9c80e2e198f8cdbecd86b12053",
        gy: "03676854fe24141cb98fe6d4b20d02b4516ff702350eddb0826779c813f0df45be8112f4",
        n: "03ffffffffffffffffffffffffffffffffffef90399660fc938a90165b042a7cefadb307",
        h: 2,
    },
    BinaryCurveParams {
        name: "sect409k1",
        aliases: &["K-409"],
        source: "SEC 2 v2 §3.6.1; FIPS 186-4 App. D.1.3 (K-409)",
        m: 409,
        a2: 0,
        b: "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001",
        gx: "0060f05f658f49c1ad3ab1890f7184210efd0987e307c84c27accfb8f9f67cc2c460189eb5aaaa62ee222eb1b35540cfe9023746",
        gy: "01e369050b7c4e42acba1dacbf04299c3460782f918ea427e6325165e9ea10e3da5f6c42e9c55215aa9ca27a5863ec48d8e0286b",
        n: "7ffffffffffffffffffffffffffffffffffffffffffffffffffe5f83b2d4ea20400ec4557d5ed3e3e7ca5b4b5c83b8e01e5fcf",
        h: 4,
    },
    BinaryCurveParams {
        name: "sect409r1",
        aliases: &["B-409"],
        source: "SEC 2 v2 §3.6.2; FIPS 186-4 App. D.1.3 (B-409)",
        m: 409,
        a2: 1,
        b: "0021a5c2c8ee9feb5c4b9a753b7b476b7fd6422ef1f3dd674761fa99d6ac27c8a9a197b272822f6cd57a55aa4f50ae317b13545f",
        gx: "015d4860d088ddb3496b0c6064756260441cde4af1771d4db01ffe5b34e59703dc255a868a1180515603aeab60794e54bb7996a7",
        gy: "0061b1cfab6be5f32bbfa78324ed106a7636b9c5a7bd198d0158aa4f5488d08f38514f1fdf4b4f40d2181b3681c364ba0273c706",
        n: "010000000000000000000000000000000000000000000000000001e2aad6a612f33307be5fa47c3c9e052f838164cd37d9a21173",
        h: 2,
    },
    BinaryCurveParams {
        name: "sect571k1",
        aliases: &["K-571"],
        source: "SEC 2 v2 §3.7.1; FIPS 186-4 App. D.1.3 (K-571)",
        m: 571,
        a2: 0,
        b: "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001",
        gx: "026eb7a859923fbc82189631f8103fe4ac9ca2970012d5d46024804801841ca44370958493b205e647da304db4ceb08cbbd1ba39494776fb988b47174dca88c7e2945283a01c8972",
        gy: "0349dc807f4fbf374f4aeade3bca95314dd58cec9f307a54ffc61efc006d8a2c9d4979c0ac44aea74fbebbb9f772aedcb620b01a7ba7af1b320430c8591984f601cd4c143ef1c7a3",
        n: "020000000000000000000000000000000000000000000000000000000000000000000000131850e1f19a63e4b391a8db917f4138b630d84be5d639381e91deb45cfe778f637c1001",
        h: 4,
    },
    BinaryCurveParams {
        name: "sect571r1",
        aliases: &["B-571"],
        source: "SEC 2 v2 §3.7.2; FIPS 186-4 App. D.1.3 (B-571)",
        m: 571,
        a2: 1,
        b: "02f40e7e2221f295de297117b7f3d62f5c6a97ffcb8ceff1cd6ba8ce4a9a18ad84ffabbd8efa59332be7ad6756a66e294afd185a78ff12aa520e4de739baca0c7ffeff7f2955727a",
        gx: "0303001d34b856296c16c0d40d3cd7750a93d1d2955fa80aa5f40fc8db7b2abdbde53950f4c0d293cdd711a35b67fb1499ae60038614f1394abfa3b4c850d927e1e7769c8eec2d19",
        gy: "037bf27342da639b6dccfffeb73d69d78c6c27a6009cbbca1980f8533921e8a684423e43bab08a576291af8f461bb2a8b3531d2f0485c19b16e2f1516e23dd3c1a4827af1b8ac15b",
        n: "03ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe661ce18ff55987308059b186823851ec7dd9ca1161de93d5174d66e8382e9bb2fe84e47",
        h: 2,
    },
];
