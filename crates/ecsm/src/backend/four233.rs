//! GF(2^233) elements four to a pair of 512-bit registers, for the AVX-512 code of
//! `vpclmul` ([`super::lambda4`], [`super::ladder4`]): element j in the 128-bit lane j
//! of both registers, words 0–1 in the first and 2–3 in the second, with `clmul233`'s
//! product, square and reduction on the four lanes at once.
//!
//! The helpers inline into their callers, whose `#[target_feature]` context their
//! intrinsics need: each is `unsafe` with that contract.

use super::clmul233::{product, reduce, Lanes};
use core::arch::x86_64::*;

/// Four elements, one per 128-bit lane of each register, lane j holding element j.
pub(super) struct FourLanes;

// SAFETY (for every block in this impl): `FourLanes` is used only inside functions
// whose `#[target_feature]` enables AVX-512F and VPCLMULQDQ and whose contract is that
// the CPU has them (`lambda4::orbit_rounds`, `ladder4::ladder`).
impl Lanes for FourLanes {
    type V = __m512i;
    #[inline(always)]
    unsafe fn clmul<const IMM: i32>(a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: VPCLMULQDQ and AVX-512F, by the contract above.
        unsafe { _mm512_clmulepi64_epi128::<IMM>(a, b) }
    }
    #[inline(always)]
    fn xor(a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: AVX-512F, by the contract above.
        unsafe { _mm512_xor_si512(a, b) }
    }
    #[inline(always)]
    fn or(a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: AVX-512F, by the contract above.
        unsafe { _mm512_or_si512(a, b) }
    }
    #[inline(always)]
    fn and(a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: AVX-512F, by the contract above.
        unsafe { _mm512_and_si512(a, b) }
    }
    #[inline(always)]
    fn srli<const S: i32>(a: __m512i) -> __m512i {
        // SAFETY: AVX-512F, by the contract above.
        unsafe { _mm512_srl_epi64(a, _mm_set_epi64x(0, i64::from(S))) }
    }
    #[inline(always)]
    fn slli<const S: i32>(a: __m512i) -> __m512i {
        // SAFETY: AVX-512F, by the contract above.
        unsafe { _mm512_sll_epi64(a, _mm_set_epi64x(0, i64::from(S))) }
    }
    #[inline(always)]
    fn high_down(a: __m512i) -> __m512i {
        // SAFETY: AVX-512F, by the contract above.
        unsafe { _mm512_unpackhi_epi64(a, _mm512_setzero_si512()) }
    }
    #[inline(always)]
    fn low_up(a: __m512i) -> __m512i {
        // SAFETY: AVX-512F, by the contract above.
        unsafe { _mm512_unpacklo_epi64(_mm512_setzero_si512(), a) }
    }
    #[inline(always)]
    fn hi_lo(lo: __m512i, hi: __m512i) -> __m512i {
        // SAFETY: AVX-512F, by the contract above. Per lane: lo's word 1, hi's word 0.
        unsafe {
            _mm512_castpd_si512(_mm512_shuffle_pd::<0x55>(
                _mm512_castsi512_pd(lo),
                _mm512_castsi512_pd(hi),
            ))
        }
    }
    #[inline(always)]
    fn set(hi: i64, lo: i64) -> __m512i {
        // SAFETY: AVX-512F, by the contract above.
        unsafe { _mm512_set_epi64(hi, lo, hi, lo, hi, lo, hi, lo) }
    }
}

/// Four elements as (words 0–1 of each, words 2–3 of each).
pub(super) type Quad = (__m512i, __m512i);

/// Four elements (words beyond the fourth ignored) in the lane layout.
///
/// # Safety
/// The CPU must support AVX-512F.
#[inline(always)]
pub(super) unsafe fn quad<const N: usize>(e: &[[u64; N]]) -> Quad {
    let mut w = [0u64; 16];
    for (j, x) in e.iter().take(4).enumerate() {
        for (i, &v) in x.iter().take(4).enumerate() {
            w[4 * j + i] = v;
        }
    }
    // SAFETY: AVX-512F (the contract); `w` holds 16 words.
    unsafe {
        let a = _mm512_loadu_si512(w.as_ptr().cast());
        let b = _mm512_loadu_si512(w.as_ptr().add(8).cast());
        (
            _mm512_permutex2var_epi64(a, _mm512_set_epi64(13, 12, 9, 8, 5, 4, 1, 0), b),
            _mm512_permutex2var_epi64(a, _mm512_set_epi64(15, 14, 11, 10, 7, 6, 3, 2), b),
        )
    }
}

/// The four elements of `q` as words (zero past the fourth).
///
/// # Safety
/// The CPU must support AVX-512F.
#[inline(always)]
pub(super) unsafe fn words<const N: usize>(q: Quad) -> [[u64; N]; 4] {
    let mut w = [0u64; 16];
    // SAFETY: AVX-512F (the contract); `w` holds 16 words.
    unsafe {
        let a = _mm512_permutex2var_epi64(q.0, _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0), q.1);
        let b = _mm512_permutex2var_epi64(q.0, _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4), q.1);
        _mm512_storeu_si512(w.as_mut_ptr().cast(), a);
        _mm512_storeu_si512(w.as_mut_ptr().add(8).cast(), b);
    }
    core::array::from_fn(|j| core::array::from_fn(|i| if i < 4 { w[4 * j + i] } else { 0 }))
}

/// Four products modulo x^233 + x^74 + 1.
///
/// # Safety
/// The CPU must support AVX-512F and VPCLMULQDQ.
#[inline(always)]
pub(super) unsafe fn mul(a: Quad, b: Quad) -> Quad {
    // SAFETY: the contract.
    reduce::<FourLanes>(unsafe { product::<FourLanes>(a.0, a.1, b.0, b.1) })
}

/// Four squares modulo x^233 + x^74 + 1 with the bits spread by GFNI instead of
/// carry-less multiplies: the square of a polynomial over GF(2) puts bit i at 2i, so
/// each byte's low and high nibbles become two bytes by one affine map each
/// (`vgf2p8affineqb`), interleaved byte by byte. Four instructions a register, none of
/// them on the carry-less multiplier, which the products keep busy.
///
/// # Safety
/// The CPU must support AVX-512F, AVX-512BW and GFNI.
#[inline(always)]
pub(super) unsafe fn sqr_spread(a: Quad) -> Quad {
    // SAFETY: the contract.
    let ((p0, p1), (p2, p3)) = unsafe { (spread(a.0), spread(a.1)) };
    reduce::<FourLanes>([p0, p1, p2, p3])
}

/// The bit matrices of [`sqr_spread`]: output bit i of a byte is the parity of the input
/// byte ANDed with byte 7 − i of the matrix, so bit 2j takes input bit j (low nibble)
/// or j + 4 (high nibble), and the odd bits nothing.
const SPREAD_LOW: i64 = 0x0100_0200_0400_0800;
const SPREAD_HIGH: i64 = 0x1000_2000_4000_8000;

/// Per 128-bit lane, the squares of its two words as 128-bit values: (word 0², word 1²).
///
/// # Safety
/// As [`sqr_spread`].
#[inline(always)]
unsafe fn spread(a: __m512i) -> (__m512i, __m512i) {
    // SAFETY: the contract.
    unsafe {
        let lo = _mm512_gf2p8affine_epi64_epi8::<0>(a, _mm512_set1_epi64(SPREAD_LOW));
        let hi = _mm512_gf2p8affine_epi64_epi8::<0>(a, _mm512_set1_epi64(SPREAD_HIGH));
        (_mm512_unpacklo_epi8(lo, hi), _mm512_unpackhi_epi8(lo, hi))
    }
}

/// Four sums.
#[inline(always)]
pub(super) fn add(a: Quad, b: Quad) -> Quad {
    (FourLanes::xor(a.0, b.0), FourLanes::xor(a.1, b.1))
}

/// The word mask of the lanes in `m` (bit j for lane j): lane j is words 2j and 2j + 1.
#[inline(always)]
pub(super) fn words_of(m: u8) -> __mmask8 {
    (0..4).fold(0, |k, j| k | (((m >> j) & 1) * 3) << (2 * j))
}

/// The word mask of the lanes of `q` that are zero.
///
/// # Safety
/// The CPU must support AVX-512F.
#[inline(always)]
pub(super) unsafe fn zero_lanes(q: Quad) -> __mmask8 {
    let v = FourLanes::or(q.0, q.1);
    // SAFETY: the contract.
    let nz = unsafe { _mm512_test_epi64_mask(v, v) };
    let lanes = (nz | (nz >> 1)) & 0x55;
    !(lanes | (lanes << 1))
}

/// `new` in the words of `k`, `old` elsewhere.
///
/// # Safety
/// The CPU must support AVX-512F.
#[inline(always)]
pub(super) unsafe fn blend(k: __mmask8, old: Quad, new: Quad) -> Quad {
    // SAFETY: the contract.
    unsafe {
        (
            _mm512_mask_blend_epi64(k, old.0, new.0),
            _mm512_mask_blend_epi64(k, old.1, new.1),
        )
    }
}
