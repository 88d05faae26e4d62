//! VPCLMULQDQ backend (x86-64 with AVX2): the 256-bit carry-less multiply computes two
//! 64×64 products per instruction, one per 128-bit lane.
//!
//! Measured on this project's machine (AMD EPYC, dependent chains). The unreduced
//! product alone wins from three 128-bit operand blocks up: 15.0 vs 24.9 ns for 5-word
//! operands, 19.6 vs 30.4 ns for 7 words, 37.7 vs 55.2 ns for 9 words, and loses at two
//! blocks (9.0 vs 8.1 ns). A whole field multiplication, reduction included, tells a
//! different story: GF(2^283) 27.1 vs 23.4 ns (slower), GF(2^409) 40.3 vs 40.3 ns (even),
//! GF(2^571) 50.0 vs 62.7 ns (faster). So only fields from `VPCLMUL_MIN_WORDS` words up
//! (GF(2^571)) use it; the others, and all squarings, keep the PCLMULQDQ code.

use super::clmul::{pair, reduce_vecs, Vecs};
use super::{Reduction, MAX_LIMBS};
use core::arch::x86_64::*;

/// Blocks of 128 bits in the widest operand.
const BLOCKS: usize = MAX_LIMBS.div_ceil(2);

/// `R::reduce(a · b)`: Karatsuba per 128×128 block as in the PCLMULQDQ backend, with a
/// block of `a` broadcast to both lanes against two consecutive blocks of `b`, so one
/// instruction yields the products of diagonals d (low lane) and d + 1 (high lane).
///
/// # Safety
/// The CPU must support PCLMULQDQ, SSE4.1, AVX2 and VPCLMULQDQ.
#[inline]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1,avx,avx2,vpclmulqdq")]
pub unsafe fn mul<const N: usize, R: Reduction<N>>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    let pairs = N.div_ceil(2);
    let lanes = pairs.div_ceil(2);
    let mut av = [_mm_setzero_si128(); BLOCKS];
    let mut asum = [_mm_setzero_si128(); BLOCKS];
    let mut bv = [_mm_setzero_si128(); BLOCKS + 1];
    let mut bsum = [_mm_setzero_si128(); BLOCKS + 1];
    for p in 0..pairs {
        av[p] = pair(a, p);
        bv[p] = pair(b, p);
        asum[p] = _mm_xor_si128(av[p], _mm_srli_si128(av[p], 8));
        bsum[p] = _mm_xor_si128(bv[p], _mm_srli_si128(bv[p], 8));
    }
    let mut bp = [_mm256_setzero_si256(); BLOCKS.div_ceil(2)];
    let mut bsp = [_mm256_setzero_si256(); BLOCKS.div_ceil(2)];
    for k in 0..lanes {
        bp[k] = _mm256_set_m128i(bv[2 * k + 1], bv[2 * k]);
        bsp[k] = _mm256_set_m128i(bsum[2 * k + 1], bsum[2 * k]);
    }
    let mut lo = [_mm256_setzero_si256(); 2 * BLOCKS];
    let mut hi = [_mm256_setzero_si256(); 2 * BLOCKS];
    let mut mid = [_mm256_setzero_si256(); 2 * BLOCKS];
    for i in 0..pairs {
        let ab = _mm256_broadcastsi128_si256(av[i]);
        let asb = _mm256_broadcastsi128_si256(asum[i]);
        for k in 0..lanes {
            let d = i + 2 * k;
            lo[d] = _mm256_xor_si256(lo[d], _mm256_clmulepi64_epi128(ab, bp[k], 0x00));
            hi[d] = _mm256_xor_si256(hi[d], _mm256_clmulepi64_epi128(ab, bp[k], 0x11));
            mid[d] = _mm256_xor_si256(mid[d], _mm256_clmulepi64_epi128(asb, bsp[k], 0x00));
        }
    }
    // Lane 0 of entry d belongs to diagonal d, lane 1 to diagonal d + 1.
    let mut l = [_mm_setzero_si128(); 2 * BLOCKS + 1];
    let mut h = [_mm_setzero_si128(); 2 * BLOCKS + 1];
    let mut m = [_mm_setzero_si128(); 2 * BLOCKS + 1];
    for d in 0..2 * pairs - 1 {
        l[d] = _mm_xor_si128(l[d], _mm256_castsi256_si128(lo[d]));
        l[d + 1] = _mm_xor_si128(l[d + 1], _mm256_extracti128_si256::<1>(lo[d]));
        h[d] = _mm_xor_si128(h[d], _mm256_castsi256_si128(hi[d]));
        h[d + 1] = _mm_xor_si128(h[d + 1], _mm256_extracti128_si256::<1>(hi[d]));
        m[d] = _mm_xor_si128(m[d], _mm256_castsi256_si128(mid[d]));
        m[d + 1] = _mm_xor_si128(m[d + 1], _mm256_extracti128_si256::<1>(mid[d]));
    }
    let mut acc: Vecs = [_mm_setzero_si128(); MAX_LIMBS + 1];
    for d in 0..2 * pairs - 1 {
        let t = _mm_xor_si128(m[d], _mm_xor_si128(l[d], h[d]));
        acc[d] = _mm_xor_si128(acc[d], _mm_xor_si128(l[d], _mm_slli_si128(t, 8)));
        acc[d + 1] = _mm_xor_si128(acc[d + 1], _mm_xor_si128(h[d], _mm_srli_si128(t, 8)));
    }
    reduce_vecs::<N, R>(&acc, 2 * pairs)
}

/// Run `f` with AVX2 and VPCLMULQDQ (and PCLMULQDQ, SSE4.1) enabled.
///
/// # Safety
/// The CPU must support PCLMULQDQ, SSE4.1, AVX2 and VPCLMULQDQ.
#[inline(never)]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1,avx,avx2,vpclmulqdq")]
pub unsafe fn run<T>(f: impl FnOnce() -> T) -> T {
    f()
}

/// Run `task` on the vpclmul backend with its features enabled (see
/// [`super::clmul::run_task`] for why a task is not passed as a closure).
///
/// # Safety
/// The CPU must support PCLMULQDQ, SSE4.1, AVX2 and VPCLMULQDQ.
#[inline(never)]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1,avx,avx2,vpclmulqdq")]
pub unsafe fn run_task<T: super::BackendTask>(task: T) -> T::Output {
    task.run::<super::Vpclmul>()
}
