//! GF(2^163) = GF(2)\[x\]/(x^163 + x^7 + x^6 + x^3 + 1), the field of B-163 and K-163,
//! with carry-less multiplies written for this polynomial alone: the product and the
//! square of the `clmul` backend (an element in two 128-bit registers, the second
//! holding word 2 and a zero), and their two-lane forms for the `vpclmul` backend, on
//! [`super::clmul233`]'s vector operations. Both backends take these in place of their
//! generic code for this field ([`applies`]). `tests/suite/gf2m_reference.rs` holds every
//! backend to a bit-by-bit reference, on edge and random operands and on x^i·x^j for
//! every degree of a product.
//!
//! # The product
//! Schoolbook over the words, with word 2 of each operand alone in its register:
//! a₀₁·b₀₁ (four PCLMULQDQ, the two middle ones summed), a₀₁·b₂ + a₂·b₀₁ (four) and
//! a₂·b₂ (one), 9 products and no operand sums. The generic code treats the element as
//! two full 128-bit blocks (12 products).
//!
//! # The reduction
//! With P = L + H·x^163, H = P >> 163 and g = x^7 + x^6 + x^3 + 1, P ≡ L + H·g. H·g has
//! degree ≤ 168; its part at or above x^163 is U·x^163 with U = (H >> 156) + (H >> 157)
//! + (H >> 160) (degree ≤ 5), and U·x^163 ≡ U·g, of degree ≤ 12. So
//!
//! P mod f = L + (H·g mod x^163) + U·g,
//!
//! where H·g = H + (H << 3) + (H << 6) + (H << 7): word shifts of H with the bits that
//! cross a word boundary brought from the word below. U comes from word 2 of H alone.
//!
//! # Measured
//! Dependent chains in a stand-alone harness (native build, AMD EPYC Zen 5, pinned,
//! 2·10^7 calls, three runs, each result checked against a bit-by-bit reference on
//! 2·10^5 operands including every monomial): the product 8.5–8.6 ns and the square
//! 6.6–6.7 ns, against 12.5 and 8.5 ns for the generic `clmul` code in
//! `ecsm field-bench --field 2^163` on the same machine.

use super::clmul::ClmulOp;
use super::clmul233::{Lanes, OneLane, TwoLanes};
use super::Reduction;
use core::arch::x86_64::*;

/// True for the field this module computes in: three words, x^163 + x^7 + x^6 + x^3 + 1.
const fn applies<const N: usize, R: Reduction<N>>() -> bool {
    N == 3
        && R::M == 163
        && R::TERMS.len() == 3
        && R::TERMS[0] == 3
        && R::TERMS[1] == 6
        && R::TERMS[2] == 7
}

/// `a` as the three-word array it is when N = 3.
#[inline(always)]
fn words3<const N: usize>(a: &[u64; N]) -> Option<&[u64; 3]> {
    a.as_slice().try_into().ok()
}

/// A three-word result as `[u64; N]` when N = 3.
#[inline(always)]
fn words_n<const N: usize>(r: [u64; 3]) -> Option<[u64; N]> {
    r.as_slice().try_into().ok()
}

/// `R::reduce(a·b)` with `C`'s carry-less multiply when [`applies`] holds, else `None`
/// (decided at compile time).
///
/// # Safety
/// The CPU must support what `C` uses.
#[inline(always)]
pub(super) unsafe fn mul_n<const N: usize, R: Reduction<N>, C: ClmulOp>(
    a: &[u64; N],
    b: &[u64; N],
) -> Option<[u64; N]> {
    if !const { applies::<N, R>() } {
        return None;
    }
    type L<C> = OneLane<C>;
    let ((a01, a2), (b01, b2)) = (load(words3(a)?), load(words3(b)?));
    // SAFETY: the caller guarantees what `C` uses.
    let p = unsafe { product::<L<C>>(a01, a2, b01, b2) };
    words_n(store(reduce::<L<C>>(p)))
}

/// `R::reduce(a²)` as [`mul_n`].
///
/// # Safety
/// As [`mul_n`].
#[inline(always)]
pub(super) unsafe fn square_n<const N: usize, R: Reduction<N>, C: ClmulOp>(
    a: &[u64; N],
) -> Option<[u64; N]> {
    if !const { applies::<N, R>() } {
        return None;
    }
    let (a01, a2) = load(words3(a)?);
    // SAFETY: the caller guarantees what `C` uses.
    let p = unsafe { square_product::<OneLane<C>>(a01, a2) };
    words_n(store(reduce::<OneLane<C>>(p)))
}

/// (`R::reduce(a·b)`, `R::reduce(c·d)`) in the two lanes of 256-bit registers when
/// [`applies`] holds, else `None`.
///
/// # Safety
/// The CPU must support AVX2 and VPCLMULQDQ.
#[inline(always)]
pub(super) unsafe fn mul_pair_n<const N: usize, R: Reduction<N>>(
    a: &[u64; N],
    b: &[u64; N],
    c: &[u64; N],
    d: &[u64; N],
) -> Option<([u64; N], [u64; N])> {
    if !const { applies::<N, R>() } {
        return None;
    }
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ.
    let r = unsafe { two_lane_product(words3(a)?, words3(b)?, words3(c)?, words3(d)?) };
    // SAFETY: as above.
    let (x, y) = unsafe { split(r) };
    Some((words_n(x)?, words_n(y)?))
}

/// (`R::reduce(a²)`, `R::reduce(c²)`) as [`mul_pair_n`].
///
/// # Safety
/// As [`mul_pair_n`].
#[inline(always)]
pub(super) unsafe fn square_pair_n<const N: usize, R: Reduction<N>>(
    a: &[u64; N],
    c: &[u64; N],
) -> Option<([u64; N], [u64; N])> {
    if !const { applies::<N, R>() } {
        return None;
    }
    let (a, c) = (words3(a)?, words3(c)?);
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ.
    let (x, y) = unsafe {
        let (u01, u2) = lanes(a, c);
        split(reduce::<TwoLanes>(square_product::<TwoLanes>(u01, u2)))
    };
    Some((words_n(x)?, words_n(y)?))
}

/// `R::reduce(a·b + c·d)` from the two lanes, as [`mul_pair_n`].
///
/// # Safety
/// As [`mul_pair_n`].
#[inline(always)]
pub(super) unsafe fn mul_add_pair_n<const N: usize, R: Reduction<N>>(
    a: &[u64; N],
    b: &[u64; N],
    c: &[u64; N],
    d: &[u64; N],
) -> Option<[u64; N]> {
    if !const { applies::<N, R>() } {
        return None;
    }
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ.
    let (r0, r1) = unsafe { two_lane_product(words3(a)?, words3(b)?, words3(c)?, words3(d)?) };
    let fold = |r: __m256i| {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm_xor_si128(_mm256_castsi256_si128(r), _mm256_extracti128_si256::<1>(r)) }
    };
    words_n(store((fold(r0), fold(r1))))
}

/// Words 0 and 1 of `a`, and word 2 with a zero above it.
#[inline(always)]
fn load(a: &[u64; 3]) -> (__m128i, __m128i) {
    // SAFETY: the unaligned 16-byte load reads words 0 and 1 of `a`; SSE2 is part of the
    // x86-64 baseline.
    unsafe {
        (
            _mm_loadu_si128(a.as_ptr().cast()),
            _mm_set_epi64x(0, a[2] as i64),
        )
    }
}

/// The element held in two vectors (the second's high word is zero).
#[inline(always)]
fn store((r01, r2): (__m128i, __m128i)) -> [u64; 3] {
    let mut out = [0u64; 3];
    // SAFETY: the unaligned 16-byte store writes words 0 and 1 of `out`; SSE2 is part of
    // the x86-64 baseline.
    unsafe {
        _mm_storeu_si128(out.as_mut_ptr().cast(), r01);
        out[2] = _mm_cvtsi128_si64(r2) as u64;
    }
    out
}

/// Words 0–1 of `a` and of `c` side by side, and word 2 of each (over a zero).
///
/// # Safety
/// The CPU must support AVX2.
#[inline(always)]
unsafe fn lanes(a: &[u64; 3], c: &[u64; 3]) -> (__m256i, __m256i) {
    let ((a01, a2), (c01, c2)) = (load(a), load(c));
    // SAFETY: the caller guarantees AVX2.
    unsafe { (_mm256_set_m128i(c01, a01), _mm256_set_m128i(c2, a2)) }
}

/// a·b (lane 0) and c·d (lane 1), reduced.
///
/// # Safety
/// The CPU must support AVX2 and VPCLMULQDQ.
#[inline(always)]
unsafe fn two_lane_product(
    a: &[u64; 3],
    b: &[u64; 3],
    c: &[u64; 3],
    d: &[u64; 3],
) -> (__m256i, __m256i) {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ.
    unsafe {
        let ((u01, u2), (v01, v2)) = (lanes(a, c), lanes(b, d));
        reduce::<TwoLanes>(product::<TwoLanes>(u01, u2, v01, v2))
    }
}

/// The elements in lanes 0 and 1 of (r0, r1).
///
/// # Safety
/// The CPU must support AVX2.
#[inline(always)]
unsafe fn split((r0, r1): (__m256i, __m256i)) -> ([u64; 3], [u64; 3]) {
    // SAFETY: the caller guarantees AVX2.
    unsafe {
        (
            store((_mm256_castsi256_si128(r0), _mm256_castsi256_si128(r1))),
            store((
                _mm256_extracti128_si256::<1>(r0),
                _mm256_extracti128_si256::<1>(r1),
            )),
        )
    }
}

/// The product of a = a₀₁ + a₂·x^128 and b likewise, of degree < 326, as three vectors
/// (bits 0–127, 128–255, 256–383): 9 carry-less multiplies.
///
/// # Safety
/// The CPU must support `L`'s carry-less multiply.
#[inline(always)]
unsafe fn product<L: Lanes>(a01: L::V, a2: L::V, b01: L::V, b2: L::V) -> [L::V; 3] {
    // SAFETY: the caller guarantees the carry-less multiply.
    unsafe {
        let lo = L::clmul::<0x00>(a01, b01);
        let hi = L::clmul::<0x11>(a01, b01);
        let mid = L::xor(L::clmul::<0x01>(a01, b01), L::clmul::<0x10>(a01, b01));
        // a₀·b₂ + a₂·b₀ (at x^128) and a₁·b₂ + a₂·b₁ (at x^192).
        let c0 = L::xor(L::clmul::<0x00>(a01, b2), L::clmul::<0x00>(a2, b01));
        let c1 = L::xor(L::clmul::<0x01>(a01, b2), L::clmul::<0x01>(b01, a2));
        let top = L::clmul::<0x00>(a2, b2);
        [
            L::xor(lo, L::low_up(mid)),
            L::xor(L::xor(hi, L::high_down(mid)), L::xor(c0, L::low_up(c1))),
            L::xor(top, L::high_down(c1)),
        ]
    }
}

/// The square of a₀₁ + a₂·x^128: the words' squares, no cross terms (3 multiplies).
///
/// # Safety
/// As [`product`].
#[inline(always)]
unsafe fn square_product<L: Lanes>(a01: L::V, a2: L::V) -> [L::V; 3] {
    // SAFETY: as this function's contract.
    unsafe {
        [
            L::clmul::<0x00>(a01, a01),
            L::clmul::<0x11>(a01, a01),
            L::clmul::<0x00>(a2, a2),
        ]
    }
}

/// H + (H << 3) + (H << 6) + (H << 7) for one vector of H's words, given the vector of
/// the words below each (for the bits that cross into this one).
#[inline(always)]
fn times_g<L: Lanes>(h: L::V, below: L::V) -> L::V {
    let t3 = L::xor(L::slli::<3>(h), L::srli::<61>(below));
    let t6 = L::xor(L::slli::<6>(h), L::srli::<58>(below));
    let t7 = L::xor(L::slli::<7>(h), L::srli::<57>(below));
    L::xor(L::xor(h, t3), L::xor(t6, t7))
}

/// P mod x^163 + x^7 + x^6 + x^3 + 1 for P of degree < 326 in three vectors (the terms
/// of the module documentation), as (words 0–1, word 2 over a zero).
#[inline(always)]
fn reduce<L: Lanes>(p: [L::V; 3]) -> (L::V, L::V) {
    let [p0, p1, p2] = p;
    // H = P >> 163: word j is p(2+j) >> 35 | p(3+j) << 29. Word 5 of P is below 2^6, so
    // the high word of h2 is zero.
    let h01 = L::or(L::srli::<35>(p1), L::slli::<29>(L::hi_lo(p1, p2)));
    let h2 = L::or(L::srli::<35>(p2), L::slli::<29>(L::high_down(p2)));
    // H·g, words 0–1 (below them: a zero and H₀) and word 2 (below it: H₁).
    let g01 = times_g::<L>(h01, L::low_up(h01));
    let g2 = times_g::<L>(h2, L::hi_lo(h01, h2));
    // U = (H₂ >> 28) + (H₂ >> 29) + (H₂ >> 32), then U·g (U < 2^6, so U·g < 2^13).
    let u = L::xor(
        L::xor(L::srli::<28>(h2), L::srli::<29>(h2)),
        L::srli::<32>(h2),
    );
    let ug = L::xor(
        L::xor(u, L::slli::<3>(u)),
        L::xor(L::slli::<6>(u), L::slli::<7>(u)),
    );
    let below163 = L::set(0, (1i64 << 35) - 1);
    (
        L::xor(L::xor(p0, g01), ug),
        L::and(L::xor(p1, g2), below163),
    )
}
