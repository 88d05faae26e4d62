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
