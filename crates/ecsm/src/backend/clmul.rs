//! PCLMULQDQ backend (x86-64). All `unsafe` of the carry-less path lives here.
//!
//! The product is schoolbook over 64-bit words: the partial products of equal word
//! offset i+j are XORed into one 128-bit accumulator per diagonal, and the diagonals
//! are folded into words at the end. For N = 2 (GF(2^127)) Karatsuba's three
//! multiplications are used, as in seed 001.

use super::{Wide, MAX_LIMBS};
use core::arch::x86_64::*;

/// `reduce(a · b)` with PCLMULQDQ.
///
/// # Safety
/// The CPU must support PCLMULQDQ and SSE4.1.
#[inline]
#[target_feature(enable = "pclmulqdq,sse2,sse4.1")]
pub unsafe fn mul<const N: usize, R: Fn(&Wide) -> [u64; N]>(a: &[u64; N], b: &[u64; N], reduce: R) -> [u64; N] {
    let mut t = [0u64; 2 * MAX_LIMBS];
    if N == 2 {
        // Karatsuba: a1b1·x^128 + ((a0+a1)(b0+b1) + a0b0 + a1b1)·x^64 + a0b0.
        let av = _mm_set_epi64x(a[1] as i64, a[0] as i64);
        let bv = _mm_set_epi64x(b[1] as i64, b[0] as i64);
        let lo = _mm_clmulepi64_si128(av, bv, 0x00);
        let hi = _mm_clmulepi64_si128(av, bv, 0x11);
        let asum = _mm_xor_si128(av, _mm_unpackhi_epi64(av, av));
        let bsum = _mm_xor_si128(bv, _mm_unpackhi_epi64(bv, bv));
        let mid = _mm_xor_si128(_mm_clmulepi64_si128(asum, bsum, 0x00), _mm_xor_si128(lo, hi));
        t[0] = _mm_cvtsi128_si64(lo) as u64;
        t[1] = (_mm_extract_epi64(lo, 1) ^ _mm_cvtsi128_si64(mid)) as u64;
        t[2] = (_mm_cvtsi128_si64(hi) ^ _mm_extract_epi64(mid, 1)) as u64;
        t[3] = _mm_extract_epi64(hi, 1) as u64;
        return reduce(&t);
    }
    let mut av = [_mm_setzero_si128(); MAX_LIMBS];
    let mut bv = [_mm_setzero_si128(); MAX_LIMBS];
    for i in 0..N {
        av[i] = _mm_cvtsi64_si128(a[i] as i64);
        bv[i] = _mm_cvtsi64_si128(b[i] as i64);
    }
    let mut d = [_mm_setzero_si128(); 2 * MAX_LIMBS];
    for i in 0..N {
        for j in 0..N {
            d[i + j] = _mm_xor_si128(d[i + j], _mm_clmulepi64_si128(av[i], bv[j], 0x00));
        }
    }
    let mut carry = 0u64;
    for k in 0..2 * N - 1 {
        t[k] = _mm_cvtsi128_si64(d[k]) as u64 ^ carry;
        carry = _mm_extract_epi64(d[k], 1) as u64;
    }
    t[2 * N - 1] = carry;
    reduce(&t)
}

/// `reduce(a²)` with PCLMULQDQ: the square of a word is its carry-less product with itself.
///
/// # Safety
/// The CPU must support PCLMULQDQ and SSE4.1.
#[inline]
#[target_feature(enable = "pclmulqdq,sse2,sse4.1")]
pub unsafe fn square<const N: usize, R: Fn(&Wide) -> [u64; N]>(a: &[u64; N], reduce: R) -> [u64; N] {
    let mut t = [0u64; 2 * MAX_LIMBS];
    for i in 0..N {
        let v = _mm_cvtsi64_si128(a[i] as i64);
        let s = _mm_clmulepi64_si128(v, v, 0x00);
        t[2 * i] = _mm_cvtsi128_si64(s) as u64;
        t[2 * i + 1] = _mm_extract_epi64(s, 1) as u64;
    }
    reduce(&t)
}
