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
