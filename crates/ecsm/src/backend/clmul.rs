//! PCLMULQDQ backend (x86-64). All `unsafe` of the carry-less path lives here.
//!
//! The product is schoolbook over 64-bit words: the partial products of equal word
//! offset i+j are XORed into one 128-bit accumulator per diagonal, and the diagonals
//! are folded into words at the end. For N = 2 (GF(2^127)) Karatsuba's three
//! multiplications are used, as in seed 001.

use super::{Reduction, MAX_LIMBS};
use core::arch::x86_64::*;

/// Words `2p` and `2p + 1` of `a` as one vector (the second is 0 past the end). Built
/// from the words rather than loaded as 128 bits: the words usually come straight from
/// the previous reduction, and a wide load of two fresh narrow stores stalls.
#[inline]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1")]
fn pair<const N: usize>(a: &[u64; N], p: usize) -> __m128i {
    let hi = if 2 * p + 1 < N { a[2 * p + 1] } else { 0 };
    _mm_set_epi64x(hi as i64, a[2 * p] as i64)
}

/// Karatsuba product of two 128-bit polynomials: (lo, hi) 128-bit halves of the 256-bit result.
#[inline]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1")]
fn karatsuba128(a: __m128i, b: __m128i) -> (__m128i, __m128i) {
    // a1b1·x^128 + ((a0+a1)(b0+b1) + a0b0 + a1b1)·x^64 + a0b0 (seed 001).
    let lo = _mm_clmulepi64_si128(a, b, 0x00);
    let hi = _mm_clmulepi64_si128(a, b, 0x11);
    let t = _mm_xor_si128(_mm_unpacklo_epi64(a, b), _mm_unpackhi_epi64(a, b));
    let mid = _mm_xor_si128(_mm_clmulepi64_si128(t, t, 0x10), _mm_xor_si128(lo, hi));
    (
        _mm_xor_si128(lo, _mm_slli_si128(mid, 8)),
        _mm_xor_si128(hi, _mm_srli_si128(mid, 8)),
    )
}

/// Reduce a polynomial P = hi·x^128 + lo of degree ≤ 252 modulo x^127 + x^63 + 1.
///
/// With H = ⌊P / x^127⌋ = H1·x^64 + H0 and x^127 ≡ x^63 + 1:
/// P ≡ L + H + H·x^63 and H·x^63 = H0·x^63 + H1·x^127 ≡ H0·x^63 + H1·x^63 + H1, so
/// P ≡ L + (S + H1·x^64) + S·x^63 with S = H0 + H1, every term below x^127.
#[inline]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1")]
fn reduce127(lo: __m128i, hi: __m128i) -> __m128i {
    // H = P >> 127, lane-wise: [P2<<1 | P1>>63, P3<<1 | P2>>63].
    let h = _mm_or_si128(
        _mm_slli_epi64(hi, 1),
        _mm_srli_epi64(_mm_alignr_epi8(hi, lo, 8), 63),
    );
    let x = _mm_xor_si128(h, _mm_srli_si128(h, 8)); // [S, H1]
    let s = _mm_move_epi64(x); // [S, 0]
    let s63 = _mm_or_si128(
        _mm_slli_epi64(s, 63),
        _mm_srli_epi64(_mm_slli_si128(s, 8), 1),
    ); // S·x^63
    let low = _mm_and_si128(lo, _mm_set_epi64x(i64::MAX, -1));
    _mm_xor_si128(_mm_xor_si128(low, x), s63)
}

/// `reduce(a · b)` with PCLMULQDQ.
///
/// # Safety
/// The CPU must support PCLMULQDQ and SSE4.1.
#[inline]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1")]
pub unsafe fn mul<const N: usize, R: Reduction<N>>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    let mut t = [0u64; 2 * MAX_LIMBS];
    let pairs = N.div_ceil(2);
    let mut av = [_mm_setzero_si128(); MAX_LIMBS.div_ceil(2)];
    let mut bv = [_mm_setzero_si128(); MAX_LIMBS.div_ceil(2)];
    for p in 0..pairs {
        av[p] = pair(a, p);
        bv[p] = pair(b, p);
    }
    // Products of word pairs: Karatsuba on each 128×128 block, accumulated per
    // 128-bit offset: acc[k] holds the bits at offset 128k (low half) and 128k + 64 ….
    let mut acc = [_mm_setzero_si128(); MAX_LIMBS + 1];
    for i in 0..pairs {
        for j in 0..pairs {
            let (lo, hi) = karatsuba128(av[i], bv[j]);
            acc[i + j] = _mm_xor_si128(acc[i + j], lo);
            acc[i + j + 1] = _mm_xor_si128(acc[i + j + 1], hi);
        }
    }
    for k in 0..N {
        // SAFETY: words 2k, 2k+1 < 2·MAX_LIMBS are in bounds of `t`.
        unsafe { _mm_storeu_si128(t.as_mut_ptr().add(2 * k) as *mut __m128i, acc[k]) };
    }
    R::reduce(&t)
}

/// a·b in GF(2^127) = GF(2)[x]/(x^127 + x^63 + 1), all in SSE registers.
///
/// # Safety
/// The CPU must support PCLMULQDQ and SSE4.1.
#[inline]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1")]
pub unsafe fn mul127(a: &[u64; 2], b: &[u64; 2]) -> [u64; 2] {
    // SAFETY: 16-byte unaligned loads and stores of two-word arrays.
    unsafe {
        let (lo, hi) = karatsuba128(
            _mm_loadu_si128(a.as_ptr() as *const __m128i),
            _mm_loadu_si128(b.as_ptr() as *const __m128i),
        );
        let mut out = [0u64; 2];
        _mm_storeu_si128(out.as_mut_ptr() as *mut __m128i, reduce127(lo, hi));
        out
    }
}

/// a² in GF(2^127), all in SSE registers.
///
/// # Safety
/// The CPU must support PCLMULQDQ and SSE4.1.
#[inline]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1")]
pub unsafe fn square127(a: &[u64; 2]) -> [u64; 2] {
    // SAFETY: 16-byte unaligned loads and stores of two-word arrays.
    unsafe {
        let v = _mm_loadu_si128(a.as_ptr() as *const __m128i);
        let lo = _mm_clmulepi64_si128(v, v, 0x00);
        let hi = _mm_clmulepi64_si128(v, v, 0x11);
        let mut out = [0u64; 2];
        _mm_storeu_si128(out.as_mut_ptr() as *mut __m128i, reduce127(lo, hi));
        out
    }
}

/// `reduce(a²)` with PCLMULQDQ: the square of a word is its carry-less product with itself.
///
/// # Safety
/// The CPU must support PCLMULQDQ and SSE4.1.
#[inline]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1")]
pub unsafe fn square<const N: usize, R: Reduction<N>>(a: &[u64; N]) -> [u64; N] {
    let mut t = [0u64; 2 * MAX_LIMBS];
    for p in 0..N.div_ceil(2) {
        // SAFETY: the target features are enabled; words 4p..4p+1 < 2N, and 4p+2..4p+3 < 2N
        // when word 2p+1 exists.
        unsafe {
            let v = pair(a, p);
            _mm_storeu_si128(
                t.as_mut_ptr().add(4 * p) as *mut __m128i,
                _mm_clmulepi64_si128(v, v, 0x00),
            );
            if 2 * p + 1 < N {
                _mm_storeu_si128(
                    t.as_mut_ptr().add(4 * p + 2) as *mut __m128i,
                    _mm_clmulepi64_si128(v, v, 0x11),
                );
            }
        }
    }
    R::reduce(&t)
}

/// Run `f` with PCLMULQDQ and SSE4.1 enabled, so the carry-less primitives inline into it.
///
/// # Safety
/// The CPU must support PCLMULQDQ and SSE4.1.
#[inline(never)]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1")]
pub unsafe fn run<T>(f: impl FnOnce() -> T) -> T {
    f()
}
