//! The main loops of `lambda-dbl-add` ([`columns`], also the doubling half of
//! `lambda-parallel`) and `lambda-ct` ([`ct_columns`]) on GLS254 (a2 = u, b = 1 + z^27),
//! with every GF(2^254) element held in one 256-bit register (c₀ in the low lane, c₁ in
//! the high one) for the whole loop. AVX2 and VPCLMULQDQ, the `vpclmul` backend's features.
//!
//! The generic loops (`gls::methods::lambda_dbl_add_digits`, `gls::ct`'s
//! `generic_columns`) are their portable twins: the same formulas in the same order
//! (`lambda_double_alt`, `lambda_double_add_core`, `lambda_mixed_add_core`,
//! `lambda_double_add_add_core` of `curve::binary::lambda`), so both give the same
//! projective coordinates, word for word, which the tests check. What changes is how the
//! field is computed:
//! - **No memory round trips or checks per operation**: the generic field keeps two
//!   `[u64; 2]` per element and tests the CPU features before each product.
//! - **Products with a shorter dependency chain.** The generic 256-bit product
//!   ([`super::vpclmul::mul254`]) takes 24.7–24.9 TSC ticks from operand to result here
//!   (dependent chain); this one 14.8–15.0 (measured in a standalone benchmark, AMD EPYC
//!   Zen 4, 2026-11-27). Two changes give that:
//!   1. The extension product (a₀b₀ + a₁b₁, a₀b₀ + (a₀ + a₁)(b₀ + b₁)) is formed with
//!      the lanes [a₀ | a₀]·[b₀ | b₀] + [a₁ | a₀ + a₁]·[b₁ | b₀ + b₁], so the two
//!      lanes of the sum are c₀ and c₁ and nothing crosses lanes after the products (8
//!      carry-less multiplies, schoolbook per lane, instead of 6 with Karatsuba and a
//!      lane shuffle after them).
//!   2. Coefficients are kept modulo x·f = x^128 + x^64 + x instead of f = x^127 +
//!      x^63 + 1 (the redundant 128-bit form of Pornin's GF(2^254) code in `crrl`):
//!      with x^128 ≡ x^64 + x the reduction of a product is a few shifts and XORs that
//!      run beside each other (`gls254_avx2::reduce`), where the reduction mod f is a chain of
//!      about nine. A value is brought to its canonical form mod f only to test it for
//!      zero and at the end (`gls254_avx2::canonical`).
//!
//! The generic loop falls back to a doubling and an addition for the exceptional inputs
//! of the fused formulas (Z = 0, T = 0, 2Q = ±P, P = ±Q). Here those conditions are
//! only recorded; if any occurred, [`columns`] returns `None` and the caller runs the
//! generic loop from the start instead. [`ct_columns`] returns the flag instead, as the
//! generic constant-time loop does, and its caller recomputes as before. For points of the prime-order subgroup they do
//! not occur except by chance (probability about 2^−250 per step).

/// A GF(2^254) element as words: c₀ (low word first), then c₁, each coefficient below
/// 2^127 (the canonical form of the generic field).
pub type Fe254 = [u64; 4];

/// The double-and-add columns `from..to` (high to low) of the interleaved 2-GLV w-NAF,
/// from the λ-projective point (x, l, z), with λ-affine tables `t1` (digit i of `d1`)
/// and `t2` (of `d2`); entry j holds the multiple 2j + 1.
#[derive(Clone, Copy, Debug)]
pub struct Columns<'a> {
    /// X of the starting point.
    pub x: Fe254,
    /// L of the starting point.
    pub l: Fe254,
    /// Z of the starting point.
    pub z: Fe254,
    /// (x, λ) of P, \[3\]P, …
    pub t1: &'a [(Fe254, Fe254)],
    /// (x, λ) of the second half's table.
    pub t2: &'a [(Fe254, Fe254)],
    /// Digits of the first half, least significant first; missing ones are 0.
    pub d1: &'a [i8],
    /// Digits of the second half.
    pub d2: &'a [i8],
    /// Lowest column processed.
    pub from: usize,
    /// One above the highest column processed.
    pub to: usize,
}

/// (X, L, Z) after the columns of `job`, in canonical form, or `None` when this CPU
/// lacks AVX2 or VPCLMULQDQ, when a digit has no table entry, or when the generic loop
/// would have taken one of its exceptional paths (see the module documentation).
pub fn columns(job: &Columns<'_>) -> Option<[Fe254; 3]> {
    if !super::BackendKind::Vpclmul.supported() {
        return None;
    }
    let fits = |d: &[i8], t: &[(Fe254, Fe254)]| {
        d.iter()
            .all(|&v| ((v.unsigned_abs() / 2) as usize) < t.len() || v == 0)
    };
    if !fits(job.d1, job.t1) || !fits(job.d2, job.t2) {
        return None;
    }
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `supported()` checked PCLMULQDQ, AVX2 and VPCLMULQDQ; every table index is
    // in bounds (checked above, and the loop indexes with `get`).
    return unsafe { super::gls254_avx2::columns_avx2(job) };
    #[cfg(not(target_arch = "x86_64"))]
    None
}

/// The loop of `lambda-ct` (`gls::ct`) after its first column: for each of the columns
/// n − 2, …, 0 of the regular recodings `d1`, `d2` (every digit odd), w − 2 doublings and
/// one 2Q + P1 + P2 (`lambda_double_add_add_core`), the entries read by a linear pass
/// over the tables with masks. The tables hold the halves' signs already (as the
/// generic code's do).
#[derive(Clone, Copy, Debug)]
pub struct CtColumns<'a> {
    /// X of the starting point.
    pub x: Fe254,
    /// L of the starting point.
    pub l: Fe254,
    /// Z of the starting point.
    pub z: Fe254,
    /// (x, λ) of P, \[3\]P, …, signs applied.
    pub t1: &'a [(Fe254, Fe254)],
    /// The second half's table.
    pub t2: &'a [(Fe254, Fe254)],
    /// Digits of the first half, least significant first (the last one is not used).
    pub d1: &'a [i8],
    /// Digits of the second half, as many.
    pub d2: &'a [i8],
    /// The recoding's width: w − 2 doublings per column.
    pub w: usize,
}

/// (X, L, Z) after the columns of `job`, canonical, and whether a factor that marks an
/// exceptional input (T, F + T or H + K of some column) was zero; `None` when this CPU
/// lacks AVX2 or VPCLMULQDQ or the job is malformed (tables empty or of different
/// lengths, digit strings of different lengths). The same operations run for every
/// digit string of a given length: no branch or memory index depends on the digits.
pub fn ct_columns(job: &CtColumns<'_>) -> Option<([Fe254; 3], bool)> {
    if !super::BackendKind::Vpclmul.supported()
        || job.t1.is_empty()
        || job.t1.len() != job.t2.len()
        || job.d1.len() != job.d2.len()
        || job.d1.is_empty()
        || job.w < 2
    {
        return None;
    }
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `supported()` checked PCLMULQDQ, AVX2 and VPCLMULQDQ; lookups are linear
    // passes over the tables, digits are read with `get` below their checked length.
    return Some(unsafe { super::gls254_avx2::ct_columns_avx2(job) });
    #[cfg(not(target_arch = "x86_64"))]
    None
}
