//! Reduction modulo x^m + Σ x^{k} + 1 by word shifts, specialised at compile time to the
//! polynomial's terms (the loops run over constants and unroll).
//!
//! A word c_i at bit offset 64i ≥ m satisfies x^{64i} ≡ x^{64i−m}·(1 + Σ x^{k}), so it is
//! folded into the bits 64i − m + k below it. With m − k_max ≥ 64 a fold never lands in
//! the word being folded, so words are folded from the top down in one pass; a final
//! fold clears the bits ≥ m of the top word.
//!
//! Fields of degree m < 64 (one word; the tiny fields the exhaustive tests run on) break
//! the condition m − k_max ≥ 64, so they take a path of their own: the product fits a
//! u128 and two folds of its bits ≥ m finish (see `reduce_small`).

use super::Gf2mSpec;
use crate::backend::Wide;

#[inline(always)]
fn fold(c: &mut Wide, t: u64, pos: usize) {
    let (w, s) = (pos / 64, pos % 64);
    c[w] ^= t << s;
    if s != 0 {
        c[w + 1] ^= t >> (64 - s);
    }
}

#[inline(always)]
pub(super) fn reduce<const N: usize, S: Gf2mSpec<N>>(wide: &Wide) -> [u64; N] {
    let m = S::M;
    if m < 64 {
        return reduce_small::<N, S>(wide);
    }
    let mut c = *wide;
    let mut i = 2 * N - 1;
    while i >= N {
        let t = c[i];
        fold(&mut c, t, 64 * i - m);
        for &k in S::TERMS {
            fold(&mut c, t, 64 * i - m + k);
        }
        i -= 1;
    }
    let r = m % 64;
    if r != 0 {
        let t = c[N - 1] >> r;
        c[N - 1] &= (1u64 << r) - 1;
        c[0] ^= t;
        for &k in S::TERMS {
            fold(&mut c, t, k);
        }
    }
    let mut out = [0u64; N];
    out.copy_from_slice(&c[..N]);
    out
}

/// Reduction for m < 64 (N = 1). The product P has degree ≤ 2m − 2 < 128. One fold,
/// P ≡ L + H·(1 + Σ x^k) with H = P >> m of degree ≤ m − 2, leaves degree ≤ m − 2 + k_max;
/// the bits ≥ m of that (degree < k_max − 1) fold once more into degree < 2·k_max − 1,
/// which is below m since 2·k_max < m. Always two folds, so the work does not depend on
/// the operands.
#[inline(always)]
fn reduce_small<const N: usize, S: Gf2mSpec<N>>(wide: &Wide) -> [u64; N] {
    let m = S::M;
    let mut p = u128::from(wide[0]) | (u128::from(wide[1]) << 64);
    for _ in 0..2 {
        let h = p >> m;
        p &= (1u128 << m) - 1;
        p ^= h;
        for &k in S::TERMS {
            p ^= h << k;
        }
    }
    let mut out = [0u64; N];
    out[0] = p as u64;
    out
}
