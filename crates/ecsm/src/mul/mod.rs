//! Scalar-multiplication methods, each generic over the field so that running it on
//! [`crate::cost::Counted`] measures its cost. Scalars are non-negative integers given as
//! little-endian 64-bit words.

pub mod binary;
mod binary_dispatch;
pub mod binary_lambda;
pub(crate) mod ct_lambda;
pub mod glv;
pub mod modn;
pub mod spec;
pub mod tnaf;
pub mod tnaf_ct;
mod tnaf_int;
pub mod tnaf_rl;
pub mod weierstrass;
pub mod xdbl;

pub use spec::{MethodSpec, SpecError};

/// Bit length of a little-endian word slice (0 for zero).
pub fn bit_len(k: &[u64]) -> usize {
    k.iter()
        .rposition(|&w| w != 0)
        .map_or(0, |i| 64 * i + 64 - k[i].leading_zeros() as usize)
}

/// Bit `i` of a little-endian word slice.
#[inline]
pub fn bit(k: &[u64], i: usize) -> bool {
    k.get(i / 64).is_some_and(|w| (w >> (i % 64)) & 1 == 1)
}

/// Compare two little-endian word slices as integers (lengths may differ).
pub fn cmp_words(a: &[u64], b: &[u64]) -> core::cmp::Ordering {
    let n = a.len().max(b.len());
    for i in (0..n).rev() {
        let (x, y) = (
            a.get(i).copied().unwrap_or(0),
            b.get(i).copied().unwrap_or(0),
        );
        if x != y {
            return x.cmp(&y);
        }
    }
    core::cmp::Ordering::Equal
}

/// A uniformly random integer in [1, n − 1] (rejection sampling), as little-endian words.
///
/// # Panics
/// When n ≤ 1, where [1, n − 1] is empty and no answer exists. Every caller in the
/// library passes a curve order; [`try_random_below`] is the form for any n.
pub fn random_below(n: &[u64], rng: &mut dyn rand_core::RngCore) -> Vec<u64> {
    assert!(bit_len(n) >= 2, "n must exceed 1");
    sample_below(n, 1, rng)
}

/// [`random_below`] for any n: `None` when n ≤ 1 (the range [1, n − 1] is empty).
pub fn try_random_below(n: &[u64], rng: &mut dyn rand_core::RngCore) -> Option<Vec<u64>> {
    (bit_len(n) >= 2).then(|| sample_below(n, 1, rng))
}

/// A uniformly random integer in [0, n − 1], as little-endian words; `None` when n = 0.
pub fn try_uniform_below(n: &[u64], rng: &mut dyn rand_core::RngCore) -> Option<Vec<u64>> {
    (bit_len(n) >= 1).then(|| sample_below(n, 0, rng))
}

/// Uniform in [lo, n − 1] for lo ≤ 1 < n, or lo = 0 < n, by rejection: draw bit_len(n)
/// random bits (whole words from `rng`, the top one masked) until the value lies in the
/// range, which each draw does with probability above 1/2 − 1/n. Callers check the range
/// is not empty; on an empty one this never returns.
pub(crate) fn sample_below(n: &[u64], lo: u64, rng: &mut dyn rand_core::RngCore) -> Vec<u64> {
    let bits = bit_len(n);
    loop {
        let mut k: Vec<u64> = (0..bits.div_ceil(64)).map(|_| rng.next_u64()).collect();
        if let Some(top) = k.last_mut() {
            if !bits.is_multiple_of(64) {
                *top &= (1u64 << (bits % 64)) - 1;
            }
        }
        let at_least_lo = lo == 0 || bit_len(&k) > 0;
        if at_least_lo && cmp_words(&k, n).is_lt() {
            return k;
        }
    }
}
