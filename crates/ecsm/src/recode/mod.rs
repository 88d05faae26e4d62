//! Scalar recodings: signed-digit representations that make scalar multiplication cheaper.
//!
//! - [`naf`]: the non-adjacent form, digits in {−1, 0, 1}, no two adjacent nonzeros;
//! - [`wnaf`]: the width-w NAF (NAF_w), odd digits |d| < 2^(w−1), at most one nonzero in
//!   any w consecutive digits ([`wnaf_pair`]: both halves of a GLV split at once);
//! - [`jsf`]: Solinas' joint sparse form of a pair of scalars, for k·P + l·Q;
//! - [`dbns_greedy`], [`db_chain`], [`bzns_greedy`]: seed 002's double-base expansions
//!   k = Σ ±2^b·3^t (bounded DBNS and chains) and k = Σ ±2^b·F_Z (binary/Zeckendorf);
//! - [`regular_odd`]: the regular signed odd-digit recoding, every digit odd in
//!   ±{1, 3, …, 2^w − 1} and a length fixed by a public bound, for constant-time methods.
//!
//! Scalars are non-negative integers given as little-endian `u64` words (any length, leading
//! zero words allowed). Digits come least-significant first, without trailing
//! (most-significant) zero digits, so the empty vector represents 0.
//!
//! **Variable time.** NAF, NAF_w and JSF branch on the scalar's bits and their output length
//! and weight depend on it: they are for public scalars (signature verification, benchmarks,
//! experiments). Constant-time scalar multiplication uses the regular recoding
//! [`regular_odd`], whose digits come from fixed bit positions without branches.
//!
//! The recodings read the scalar's words in place and never copy or shift the whole integer:
//! the pending carry of "k − d" is a single bit, so each digit costs O(1) word reads.

mod double_base;
mod double_base_opt;
mod jsf;
mod naf;
mod regular;

pub use double_base::{
    bound_bits, bzns_beam, bzns_greedy, db_chain, dbns_beam, dbns_greedy, DbTerm, SecondBase,
    DB_MAX_B, DB_MAX_BEAM, DB_MAX_T, DB_MAX_Z,
};
pub use double_base_opt::{
    chain_value, optimal_db_chain, ChainStep, ChainWeights, DbChain, OPT_MAX_BITS, OPT_MAX_DIGIT,
};
pub use jsf::jsf;
pub use naf::{naf, wnaf, wnaf_pair, WNAF_MAX_WIDTH, WNAF_MIN_WIDTH};
pub(crate) use regular::fits;
pub use regular::{
    regular_len, regular_odd, REGULAR_MAX_BITS, REGULAR_MAX_WIDTH, REGULAR_MIN_WIDTH,
};

/// Why a recoding could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecodeError {
    /// A width outside the recoding's range (`WNAF_MIN_WIDTH..=WNAF_MAX_WIDTH` for NAF_w,
    /// `REGULAR_MIN_WIDTH..=REGULAR_MAX_WIDTH` for the regular recoding).
    #[error("width {w} is outside {min}..={max}")]
    WidthOutOfRange {
        /// The width asked for.
        w: u32,
        /// Smallest supported width.
        min: u32,
        /// Largest supported width.
        max: u32,
    },
    /// The regular recoding takes odd scalars only.
    #[error("the regular recoding needs an odd scalar")]
    EvenScalar,
    /// Double-base bounds outside what the recodings accept.
    #[error("bounds b_max = {b_max}, j_max = {j_max} out of range: b_max ≤ {max_b}, {min_j} ≤ j_max ≤ {max_j}")]
    BoundOutOfRange {
        /// The bound on the exponent of 2.
        b_max: u32,
        /// The bound on the second base's index (t_max or Z_max).
        j_max: u32,
        /// Largest b_max accepted.
        max_b: u32,
        /// Smallest j_max accepted.
        min_j: u32,
        /// Largest j_max accepted.
        max_j: u32,
    },
    /// 2^b_max·B_j_max is shorter than the scalar.
    #[error("bounds b_max = {b_max}, j_max = {j_max} cannot represent a {bits}-bit scalar")]
    BoundsTooSmall {
        /// The bound on the exponent of 2.
        b_max: u32,
        /// The bound on the second base's index.
        j_max: u32,
        /// The scalar's bit length.
        bits: usize,
    },
    /// A beam width outside 1..=max.
    #[error("beam width {width} is outside 1..={max}")]
    BeamOutOfRange {
        /// The width asked for.
        width: u32,
        /// The largest width accepted.
        max: u32,
    },
    /// A bound on the scalar's length larger than the method accepts (it sizes buffers).
    #[error("a bound of {bits} bits exceeds the largest accepted, {max}")]
    BoundTooLarge {
        /// The bound asked for.
        bits: usize,
        /// The largest accepted.
        max: usize,
    },
    /// A scalar not below 2^max_bits, the bound the recoding was asked to fit.
    #[error("scalar does not fit in {max_bits} bits")]
    ScalarTooLong {
        /// The bound on the bit length.
        max_bits: usize,
    },
}

/// Bit length of `k`: the index of its highest set bit plus one, 0 for k = 0.
pub fn bits(k: &[u64]) -> usize {
    match k.iter().rposition(|&w| w != 0) {
        Some(i) => 64 * i + (64 - k[i].leading_zeros() as usize),
        None => 0,
    }
}

/// Bit `i` of `k` (false beyond the last word).
pub fn bit(k: &[u64], i: usize) -> bool {
    k.get(i / 64).is_some_and(|w| (w >> (i % 64)) & 1 == 1)
}

/// Number of nonzero digits of a representation.
pub fn weight(digits: &[i8]) -> usize {
    digits.iter().filter(|&&d| d != 0).count()
}

/// Joint Hamming weight: the number of columns of a joint representation that are not (0, 0),
/// i.e. the number of additions in a simultaneous (Shamir/Straus) multiplication.
pub fn joint_weight(columns: &[(i8, i8)]) -> usize {
    columns.iter().filter(|&&c| c != (0, 0)).count()
}

/// The `n ≤ 8` bits of `k` starting at bit `i`, as an integer (zeros beyond the last word).
#[inline]
pub(crate) fn window(k: &[u64], i: usize, n: u32) -> u32 {
    debug_assert!((1..=8).contains(&n));
    let (q, r) = (i / 64, (i % 64) as u32);
    let lo = k.get(q).map_or(0, |&w| w >> r);
    // Bits from the next word are needed only when the window straddles a word boundary;
    // r > 0 then, so the shift by 64 − r is in range.
    let v = if r + n > 64 {
        lo | k.get(q + 1).map_or(0, |&w| w << (64 - r))
    } else {
        lo
    };
    (v & ((1u64 << n) - 1)) as u32
}
