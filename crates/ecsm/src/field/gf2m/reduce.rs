//! Reduction modulo x^m + Σ x^{k} + 1 by word shifts, specialised at compile time to the
//! polynomial's terms (the loops run over constants and unroll).
//!
//! A word c_i at bit offset 64i ≥ m satisfies x^{64i} ≡ x^{64i−m}·(1 + Σ x^{k}), so it is
//! folded into the bits 64i − m + k below it. With m − k_max ≥ 64 a fold never lands in
//! the word being folded, so words are folded from the top down in one pass; a final
//! fold clears the bits ≥ m of the top word.

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
