//! VPCLMULQDQ backend (x86-64 with AVX2): the 256-bit carry-less multiply computes two
//! 64×64 products per instruction, one per 128-bit lane.
//!
//! Measured on this project's machine (AMD EPYC, dependent chains). The unreduced
//! product alone wins from three 128-bit operand blocks up: 15.0 vs 24.9 ns for 5-word
//! operands, 19.6 vs 30.4 ns for 7 words, 37.7 vs 55.2 ns for 9 words, and loses at two
//! blocks (9.0 vs 8.1 ns). A whole field multiplication, reduction included, tells a
//! different story: GF(2^283) 27.1 vs 23.4 ns (slower), GF(2^409) 40.3 vs 40.3 ns (even),
//! GF(2^571) 50.0 vs 62.7 ns (faster). So only fields from `VPCLMUL_MIN_WORDS` words up
//! (GF(2^571)) use it; the others, and their squarings, keep the PCLMULQDQ code.
//!
//! GF(2^254) is the exception: its two coefficients fill the two lanes, so one 256-bit
//! instruction does the work of two 128-bit ones without any broadcast or lane
//! bookkeeping ([`mul254`], [`square254`]); the GLS methods run on this backend when it
//! is selected (`BackendTask::EXT2`).

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

/// [`super::clmul::reduce127`] on both 128-bit lanes at once: lane i of (lo, hi) is a
/// product of degree ≤ 252, reduced modulo x^127 + x^63 + 1 into lane i of the result.
#[inline]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1,avx,avx2,vpclmulqdq")]
fn reduce127x2(lo: __m256i, hi: __m256i) -> __m256i {
    // Per lane, as in `reduce127`: H = P >> 127 = [P2<<1 | P1>>63, P3<<1 | P2>>63],
    // S = H0 + H1, and P ≡ L + (S + H1·x^64) + S·x^63 below x^127.
    let mid = _mm256_castpd_si256(_mm256_shuffle_pd::<0b0101>(
        _mm256_castsi256_pd(lo),
        _mm256_castsi256_pd(hi),
    ));
    let h = _mm256_or_si256(_mm256_slli_epi64::<1>(hi), _mm256_srli_epi64::<63>(mid));
    let x = _mm256_xor_si256(h, _mm256_srli_si256::<8>(h));
    let s63 = _mm256_unpacklo_epi64(_mm256_slli_epi64::<63>(x), _mm256_srli_epi64::<1>(x));
    let low = _mm256_and_si256(lo, _mm256_set_epi64x(i64::MAX, -1, i64::MAX, -1));
    _mm256_xor_si256(_mm256_xor_si256(low, x), s63)
}

/// Both lanes' 128×128 Karatsuba products at once: lane i of (lo, hi) is a_i·b_i for
/// lane i of `a` and `b` (three 256-bit carry-less multiplies for two products).
#[inline]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1,avx,avx2,vpclmulqdq")]
fn karatsuba128x2(a: __m256i, b: __m256i) -> (__m256i, __m256i) {
    let lo = _mm256_clmulepi64_epi128::<0x00>(a, b);
    let hi = _mm256_clmulepi64_epi128::<0x11>(a, b);
    let t = _mm256_xor_si256(_mm256_unpacklo_epi64(a, b), _mm256_unpackhi_epi64(a, b));
    let mid = _mm256_xor_si256(
        _mm256_clmulepi64_epi128::<0x10>(t, t),
        _mm256_xor_si256(lo, hi),
    );
    (
        _mm256_xor_si256(lo, _mm256_slli_si256::<8>(mid)),
        _mm256_xor_si256(hi, _mm256_srli_si256::<8>(mid)),
    )
}

/// (a₀ + a₁u)(b₀ + b₁u) in GF(2^127)\[u\]/(u² + u + 1) with 256-bit products, seed 001's
/// three products with lazy reduction as in [`super::clmul::mul254`]:
/// c₀ = a₀b₀ + a₁b₁ and c₁ = (a₀ + a₁)(b₀ + b₁) + a₀b₀. a₀b₀ and a₁b₁ come from one
/// two-lane Karatsuba (3 VPCLMULQDQ), the third product from the 128-bit one
/// (3 PCLMULQDQ), and c₀, c₁ are reduced together, one per lane: 6 carry-less multiply
/// instructions and one reduction sequence instead of 9 and two. Measured on this
/// project's machine (AMD EPYC, independent products in C): 23 TSC ticks per product
/// against 35 for the PCLMULQDQ code; the latency is about the same.
///
/// # Safety
/// The CPU must support PCLMULQDQ, SSE4.1, AVX2 and VPCLMULQDQ.
#[inline]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1,avx,avx2,vpclmulqdq")]
pub unsafe fn mul254(
    a0: &[u64; 2],
    a1: &[u64; 2],
    b0: &[u64; 2],
    b1: &[u64; 2],
) -> ([u64; 2], [u64; 2]) {
    use super::clmul::{karatsuba128, load, store, Intrinsic};
    let (a0, a1, b0, b1) = (load(a0), load(a1), load(b0), load(b1));
    let (lo, hi) = karatsuba128x2(_mm256_set_m128i(a1, a0), _mm256_set_m128i(b1, b0));
    // SAFETY: the caller guarantees PCLMULQDQ.
    let (lo_s, hi_s) =
        unsafe { karatsuba128::<Intrinsic>(_mm_xor_si128(a0, a1), _mm_xor_si128(b0, b1)) };
    // [a₀b₀ | a₀b₀] + [a₁b₁ | (a₀ + a₁)(b₀ + b₁)], unreduced, for (c₀ | c₁).
    let lo_c = _mm256_xor_si256(
        _mm256_permute4x64_epi64::<0x44>(lo),
        _mm256_permute2x128_si256::<0x21>(lo, _mm256_castsi128_si256(lo_s)),
    );
    let hi_c = _mm256_xor_si256(
        _mm256_permute4x64_epi64::<0x44>(hi),
        _mm256_permute2x128_si256::<0x21>(hi, _mm256_castsi128_si256(hi_s)),
    );
    let c = reduce127x2(lo_c, hi_c);
    (
        store(_mm256_castsi256_si128(c)),
        store(_mm256_extracti128_si256::<1>(c)),
    )
}

/// (a₀ + a₁u)² = (a₀² + a₁²) + a₁²u with both base squares in one pair of 256-bit
/// carry-less multiplies and one reduction sequence (lane i: a_i²). Its dependent-chain
/// latency is longer than two 128-bit squares' (7.8 against 5.5 ns), yet the GLS methods
/// ran 3–7 % slower with the two VEX-encoded 128-bit squares instead (native build,
/// alternated three times, 2026-11-26), so this stays.
///
/// # Safety
/// The CPU must support PCLMULQDQ, SSE4.1, AVX2 and VPCLMULQDQ.
#[inline]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1,avx,avx2,vpclmulqdq")]
pub unsafe fn square254(a0: &[u64; 2], a1: &[u64; 2]) -> ([u64; 2], [u64; 2]) {
    use super::clmul::{load, store};
    let a = _mm256_set_m128i(load(a1), load(a0));
    let lo = _mm256_clmulepi64_epi128::<0x00>(a, a);
    let hi = _mm256_clmulepi64_epi128::<0x11>(a, a);
    // As `reduce127_square` per lane: the coefficients of x^127 and x^191 of a square
    // are zero, so H = (P2·x, P3·x) and no mask is needed.
    let h = _mm256_add_epi64(hi, hi);
    let x = _mm256_xor_si256(h, _mm256_srli_si256::<8>(h));
    let s63 = _mm256_unpacklo_epi64(_mm256_slli_epi64::<63>(x), _mm256_srli_epi64::<1>(x));
    let r = _mm256_xor_si256(_mm256_xor_si256(lo, x), s63);
    let (r0, r1) = (_mm256_castsi256_si128(r), _mm256_extracti128_si256::<1>(r));
    (store(_mm_xor_si128(r0, r1)), store(r1))
}

/// The even- and odd-indexed bits of `w`, each packed into the low 32 bits, by two BMI2
/// PEXT instructions (the square root's bit gathering; 3-cycle latency on Zen 3 and Ice
/// Lake, against a dozen dependent shifts and masks for the portable form).
///
/// # Safety
/// The CPU must support BMI2 (part of this backend's requirements).
#[inline(always)]
pub unsafe fn split_even_odd(w: u64) -> (u64, u64) {
    let (even, odd): (u64, u64);
    // SAFETY: the caller guarantees BMI2; PEXT reads and writes only the registers named
    // (no memory, stack or flags).
    unsafe {
        core::arch::asm!(
            "pext {e}, {w}, {me}",
            "pext {o}, {w}, {mo}",
            w = in(reg) w,
            me = in(reg) 0x5555_5555_5555_5555u64,
            mo = in(reg) 0xAAAA_AAAA_AAAA_AAAAu64,
            // `out`, not `lateout`: the first PEXT writes `e` before the second reads
            // `w` and `mo`, so `e` must not share a register with them.
            e = out(reg) even,
            o = lateout(reg) odd,
            options(pure, nomem, nostack, preserves_flags)
        );
    }
    (even, odd)
}
