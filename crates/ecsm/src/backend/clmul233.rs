//! GF(2^233) = GF(2)\[x\]/(x^233 + x^74 + 1), the field of B-233 and K-233, with carry-less
//! multiplies written for this polynomial alone: the product, the square and a·b + c·d
//! of the `clmul` backend (an element in two 128-bit registers), and their two-lane
//! forms for the `vpclmul` backend (two elements side by side in 256-bit registers).
//! Both backends take these in place of their generic code for this field
//! ([`applies`]). `tests/suite/gf2m_reference.rs` holds every backend to a bit-by-bit
//! reference, on edge and random operands and on x^i·x^j for every degree of a product.
//!
//! # The product
//! Karatsuba over the two 128-bit blocks, (a₀ + a₁Y)(b₀ + b₁Y) with Y = x^128, and each
//! block product schoolbook (four PCLMULQDQ, the two middle ones summed): 12 products.
//! The generic code also takes Karatsuba inside the blocks (9 products), whose operand
//! sums sit on the dependency chain.
//!
//! # The reduction
//! With P = L + H·x^233 and H = P >> 233, P ≡ L + H + H·x^74. The part of H·x^74 at or
//! above x^233 is U·x^233 with U = P >> 392, and U·x^233 ≡ U + U·x^74, below x^148. So
//!
//! P mod f = (P mod x^233) + (P >> 233) + ((P >> 159) mod x^233 with the bits below
//! x^74 cleared) + (P >> 392) + ((P >> 318) with the bits below x^74 cleared),
//!
//! since (P >> 233)·x^74 = (P >> 159) without its low 74 bits, and likewise for U. Every
//! term is shifted straight from P and none waits for another: two 64-bit shifts and an
//! OR per 128-bit vector of a term, then one XOR tree.
//!
//! # Measured
//! Dependent chains in a stand-alone harness (native build, AMD EPYC Zen 4, pinned,
//! best of 7 runs of 5·10^6, three runs, each result checked against this crate's
//! product on 10^5 random operands): the product 12.6 → 8.2–8.3 ns, the square
//! 7.3 → 4.2 ns, a pair of products in the two lanes 12.3 → 9.8 ns. Along the way: the
//! whole-vector loads and stores, with Karatsuba blocks and a first form of this
//! reduction, 9.7 ns; schoolbook blocks, 8.6 ns; the five independent terms, 8.2 ns.

use super::clmul::ClmulOp;
use super::Reduction;
use core::arch::x86_64::*;

/// True for the field this module computes in: four words, x^233 + x^74 + 1.
pub(super) const fn applies<const N: usize, R: Reduction<N>>() -> bool {
    N == 4 && R::M == 233 && R::TERMS.len() == 1 && R::TERMS[0] == 74
}

/// `a` as the four-word array it is when N = 4.
#[inline(always)]
fn words4<const N: usize>(a: &[u64; N]) -> Option<&[u64; 4]> {
    a.as_slice().try_into().ok()
}

/// A four-word result as `[u64; N]` when N = 4.
#[inline(always)]
fn words_n<const N: usize>(r: [u64; 4]) -> Option<[u64; N]> {
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
    // SAFETY: the caller guarantees what `C` uses.
    words_n(unsafe { mul::<C>(words4(a)?, words4(b)?) })
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
    // SAFETY: the caller guarantees what `C` uses.
    words_n(unsafe { square::<C>(words4(a)?) })
}

/// `R::reduce(a·b + c·d)` as [`mul_n`].
///
/// # Safety
/// As [`mul_n`].
#[inline(always)]
pub(super) unsafe fn mul_add_n<const N: usize, R: Reduction<N>, C: ClmulOp>(
    a: &[u64; N],
    b: &[u64; N],
    c: &[u64; N],
    d: &[u64; N],
) -> Option<[u64; N]> {
    if !const { applies::<N, R>() } {
        return None;
    }
    // SAFETY: the caller guarantees what `C` uses.
    words_n(unsafe { mul_add::<C>(words4(a)?, words4(b)?, words4(c)?, words4(d)?) })
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
    let (x, y) = unsafe { mul_pair(words4(a)?, words4(b)?, words4(c)?, words4(d)?) };
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
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ.
    let (x, y) = unsafe { square_pair(words4(a)?, words4(c)?) };
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
    words_n(unsafe { mul_add_pair(words4(a)?, words4(b)?, words4(c)?, words4(d)?) })
}

/// Words 2i and 2i + 1 of `a` (i ∈ {0, 1}) by one unaligned 16-byte load.
#[inline(always)]
fn load(a: &[u64; 4], i: usize) -> __m128i {
    let w = &a[2 * i..2 * i + 2];
    // SAFETY: `w` holds two words, which the unaligned 16-byte load reads; SSE2 is part
    // of the x86-64 baseline.
    unsafe { _mm_loadu_si128(w.as_ptr().cast()) }
}

/// The element held in two vectors, by two 16-byte stores.
#[inline(always)]
fn store(r0: __m128i, r1: __m128i) -> [u64; 4] {
    let mut out = [0u64; 4];
    let (lo, hi) = out.split_at_mut(2);
    // SAFETY: each half holds two words, which each unaligned 16-byte store writes;
    // SSE2 is part of the x86-64 baseline.
    unsafe {
        _mm_storeu_si128(lo.as_mut_ptr().cast(), r0);
        _mm_storeu_si128(hi.as_mut_ptr().cast(), r1);
    }
    out
}

/// The vector operations the algorithm needs, for one element in 128-bit registers
/// ([`OneLane`]) or two side by side in 256-bit ones ([`TwoLanes`], whose AVX2
/// instructions act on each 128-bit lane on its own: the two-lane form is the one-lane
/// code twice over).
pub(super) trait Lanes {
    /// The register type.
    type V: Copy;
    /// The carry-less multiply of the words `IMM` selects, per lane.
    ///
    /// # Safety
    /// The CPU must support it.
    unsafe fn clmul<const IMM: i32>(a: Self::V, b: Self::V) -> Self::V;
    /// a XOR b.
    fn xor(a: Self::V, b: Self::V) -> Self::V;
    /// a OR b.
    fn or(a: Self::V, b: Self::V) -> Self::V;
    /// a AND b.
    fn and(a: Self::V, b: Self::V) -> Self::V;
    /// Each 64-bit word shifted right by S.
    fn srli<const S: i32>(a: Self::V) -> Self::V;
    /// Each 64-bit word shifted left by S.
    fn slli<const S: i32>(a: Self::V) -> Self::V;
    /// Per lane, the high word moved to the low one (the high one zero).
    fn high_down(a: Self::V) -> Self::V;
    /// Per lane, the low word moved to the high one (the low one zero).
    fn low_up(a: Self::V) -> Self::V;
    /// Per lane, the high word of `lo` below the low word of `hi`.
    fn hi_lo(lo: Self::V, hi: Self::V) -> Self::V;
    /// The words (lo, hi) in every lane.
    fn set(hi: i64, lo: i64) -> Self::V;
}

/// The 256-bit product of one 128-bit block pair, schoolbook: (low, high).
///
/// # Safety
/// The CPU must support `L`'s carry-less multiply.
#[inline(always)]
unsafe fn block_product<L: Lanes>(a: L::V, b: L::V) -> (L::V, L::V) {
    // SAFETY: the caller guarantees the carry-less multiply.
    unsafe {
        let lo = L::clmul::<0x00>(a, b);
        let hi = L::clmul::<0x11>(a, b);
        let mid = L::xor(L::clmul::<0x01>(a, b), L::clmul::<0x10>(a, b));
        (L::xor(lo, L::low_up(mid)), L::xor(hi, L::high_down(mid)))
    }
}

/// The product (a₀ + a₁Y)(b₀ + b₁Y), Y = x^128, of degree < 466, as four vectors, low
/// first: Karatsuba over the blocks, 12 carry-less multiplies.
///
/// # Safety
/// As [`block_product`].
#[inline(always)]
pub(super) unsafe fn product<L: Lanes>(a0: L::V, a1: L::V, b0: L::V, b1: L::V) -> [L::V; 4] {
    // SAFETY: as this function's contract.
    let (p0, p2, pm) = unsafe {
        (
            block_product::<L>(a0, b0),
            block_product::<L>(a1, b1),
            block_product::<L>(L::xor(a0, a1), L::xor(b0, b1)),
        )
    };
    let m0 = L::xor(pm.0, L::xor(p0.0, p2.0));
    let m1 = L::xor(pm.1, L::xor(p0.1, p2.1));
    [p0.0, L::xor(p0.1, m0), L::xor(p2.0, m1), p2.1]
}

/// The square of a₀ + a₁Y: the words' squares, no cross terms (4 multiplies).
///
/// # Safety
/// As [`block_product`].
#[inline(always)]
pub(super) unsafe fn square_product<L: Lanes>(a0: L::V, a1: L::V) -> [L::V; 4] {
    // SAFETY: as this function's contract.
    unsafe {
        [
            L::clmul::<0x00>(a0, a0),
            L::clmul::<0x11>(a0, a0),
            L::clmul::<0x00>(a1, a1),
            L::clmul::<0x11>(a1, a1),
        ]
    }
}

/// P mod x^233 + x^74 + 1 for P of degree < 466 in four vectors (the five terms of the
/// module documentation).
#[inline(always)]
pub(super) fn reduce<L: Lanes>(p: [L::V; 4]) -> (L::V, L::V) {
    let [p0, p1, p2, p3] = p;
    // Words (3, 4) and (5, 6) of P.
    let w34 = L::hi_lo(p1, p2);
    let w56 = L::hi_lo(p2, p3);
    // P >> 233: word j is p(3+j) >> 41 | p(4+j) << 23.
    let h0 = L::or(L::srli::<41>(w34), L::slli::<23>(p2));
    let h1 = L::or(L::srli::<41>(w56), L::slli::<23>(p3));
    // P >> 159: word j is p(2+j) >> 31 | p(3+j) << 33.
    let s0 = L::or(L::srli::<31>(p1), L::slli::<33>(w34));
    let s1 = L::or(L::srli::<31>(p2), L::slli::<33>(w56));
    // P >> 392 = (p6 >> 8 | p7 << 56, p7 >> 8).
    let u = L::or(L::srli::<8>(p3), L::high_down(L::slli::<56>(p3)));
    // Words 1 and 2 of P >> 318: p5 >> 62 | p6 << 2 and p6 >> 62 | p7 << 2.
    let v = L::or(L::srli::<62>(w56), L::slli::<2>(p3));
    // Bits 74..128 of the low vector; bits 128..233 of the high one.
    let above74 = L::set(!((1i64 << 10) - 1), 0);
    let below233 = L::set((1i64 << 41) - 1, -1);
    let v0 = L::and(L::low_up(v), above74);
    let v1 = L::high_down(v);
    let r0 = L::xor(L::xor(p0, h0), L::xor(L::and(s0, above74), L::xor(u, v0)));
    let r1 = L::xor(
        L::xor(L::and(p1, below233), h1),
        L::xor(L::and(s1, below233), v1),
    );
    (r0, r1)
}

/// One element in two 128-bit registers: SSE2 (the x86-64 baseline, so these inline
/// anywhere) and `C`'s carry-less multiply.
pub(super) struct OneLane<C>(core::marker::PhantomData<C>);

// SAFETY (for every block in this impl but `clmul`): SSE2 is part of the x86-64 baseline.
impl<C: ClmulOp> Lanes for OneLane<C> {
    type V = __m128i;
    #[inline(always)]
    unsafe fn clmul<const IMM: i32>(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: the caller guarantees what `C` uses.
        unsafe { C::clmul::<IMM>(a, b) }
    }
    #[inline(always)]
    fn xor(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2.
        unsafe { _mm_xor_si128(a, b) }
    }
    #[inline(always)]
    fn or(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2.
        unsafe { _mm_or_si128(a, b) }
    }
    #[inline(always)]
    fn and(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2.
        unsafe { _mm_and_si128(a, b) }
    }
    #[inline(always)]
    fn srli<const S: i32>(a: __m128i) -> __m128i {
        // SAFETY: SSE2.
        unsafe { _mm_srli_epi64::<S>(a) }
    }
    #[inline(always)]
    fn slli<const S: i32>(a: __m128i) -> __m128i {
        // SAFETY: SSE2.
        unsafe { _mm_slli_epi64::<S>(a) }
    }
    #[inline(always)]
    fn high_down(a: __m128i) -> __m128i {
        // SAFETY: SSE2.
        unsafe { _mm_srli_si128::<8>(a) }
    }
    #[inline(always)]
    fn low_up(a: __m128i) -> __m128i {
        // SAFETY: SSE2.
        unsafe { _mm_slli_si128::<8>(a) }
    }
    #[inline(always)]
    fn hi_lo(lo: __m128i, hi: __m128i) -> __m128i {
        // SAFETY: SSE2.
        unsafe {
            _mm_castpd_si128(_mm_shuffle_pd::<0b01>(
                _mm_castsi128_pd(lo),
                _mm_castsi128_pd(hi),
            ))
        }
    }
    #[inline(always)]
    fn set(hi: i64, lo: i64) -> __m128i {
        // SAFETY: SSE2.
        unsafe { _mm_set_epi64x(hi, lo) }
    }
}

/// Two elements side by side in 256-bit registers, lane 0 the first: AVX2 and
/// VPCLMULQDQ. Only the `vpclmul` backend's code, which runs where both are enabled,
/// uses it ([`mul_pair`] and the others carry that contract).
pub(super) struct TwoLanes;

// SAFETY (for every block in this impl): the contract of the public functions that use
// `TwoLanes` is that the CPU supports AVX2 and VPCLMULQDQ.
impl Lanes for TwoLanes {
    type V = __m256i;
    #[inline(always)]
    unsafe fn clmul<const IMM: i32>(a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: the caller guarantees VPCLMULQDQ.
        unsafe { _mm256_clmulepi64_epi128::<IMM>(a, b) }
    }
    #[inline(always)]
    fn xor(a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2, by the users' contract.
        unsafe { _mm256_xor_si256(a, b) }
    }
    #[inline(always)]
    fn or(a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2, by the users' contract.
        unsafe { _mm256_or_si256(a, b) }
    }
    #[inline(always)]
    fn and(a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2, by the users' contract.
        unsafe { _mm256_and_si256(a, b) }
    }
    #[inline(always)]
    fn srli<const S: i32>(a: __m256i) -> __m256i {
        // SAFETY: AVX2, by the users' contract.
        unsafe { _mm256_srli_epi64::<S>(a) }
    }
    #[inline(always)]
    fn slli<const S: i32>(a: __m256i) -> __m256i {
        // SAFETY: AVX2, by the users' contract.
        unsafe { _mm256_slli_epi64::<S>(a) }
    }
    #[inline(always)]
    fn high_down(a: __m256i) -> __m256i {
        // SAFETY: AVX2, by the users' contract.
        unsafe { _mm256_bsrli_epi128::<8>(a) }
    }
    #[inline(always)]
    fn low_up(a: __m256i) -> __m256i {
        // SAFETY: AVX2, by the users' contract.
        unsafe { _mm256_bslli_epi128::<8>(a) }
    }
    #[inline(always)]
    fn hi_lo(lo: __m256i, hi: __m256i) -> __m256i {
        // SAFETY: AVX2, by the users' contract.
        unsafe { _mm256_alignr_epi8::<8>(hi, lo) }
    }
    #[inline(always)]
    fn set(hi: i64, lo: i64) -> __m256i {
        // SAFETY: AVX, by the users' contract.
        unsafe { _mm256_set_epi64x(hi, lo, hi, lo) }
    }
}

/// a·b mod x^233 + x^74 + 1, with `C`'s carry-less multiply; inlined into every caller.
///
/// # Safety
/// The CPU must support what `C` uses.
#[inline(always)]
unsafe fn mul<C: ClmulOp>(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    // SAFETY: the caller guarantees what `C` uses.
    let p = unsafe { product::<OneLane<C>>(load(a, 0), load(a, 1), load(b, 0), load(b, 1)) };
    let (r0, r1) = reduce::<OneLane<C>>(p);
    store(r0, r1)
}

/// a² mod x^233 + x^74 + 1, as [`mul`].
///
/// # Safety
/// The CPU must support what `C` uses.
#[inline(always)]
unsafe fn square<C: ClmulOp>(a: &[u64; 4]) -> [u64; 4] {
    // SAFETY: the caller guarantees what `C` uses.
    let p = unsafe { square_product::<OneLane<C>>(load(a, 0), load(a, 1)) };
    let (r0, r1) = reduce::<OneLane<C>>(p);
    store(r0, r1)
}

/// a·b + c·d with one reduction (it is linear), as [`mul`].
///
/// # Safety
/// The CPU must support what `C` uses.
#[inline(always)]
unsafe fn mul_add<C: ClmulOp>(a: &[u64; 4], b: &[u64; 4], c: &[u64; 4], d: &[u64; 4]) -> [u64; 4] {
    type L<C> = OneLane<C>;
    // SAFETY: the caller guarantees what `C` uses.
    let (p, q) = unsafe {
        (
            product::<L<C>>(load(a, 0), load(a, 1), load(b, 0), load(b, 1)),
            product::<L<C>>(load(c, 0), load(c, 1), load(d, 0), load(d, 1)),
        )
    };
    let (r0, r1) = reduce::<L<C>>(core::array::from_fn(|j| L::<C>::xor(p[j], q[j])));
    store(r0, r1)
}

/// Block i of `a` in lane 0 and of `c` in lane 1.
///
/// # Safety
/// The CPU must support AVX2.
#[inline(always)]
unsafe fn lanes(a: &[u64; 4], c: &[u64; 4], i: usize) -> __m256i {
    // SAFETY: the caller guarantees AVX2.
    unsafe { _mm256_set_m128i(load(c, i), load(a, i)) }
}

/// (a·b, c·d), both products in one pass of 256-bit instructions.
///
/// # Safety
/// The CPU must support AVX2 and VPCLMULQDQ.
#[inline(always)]
unsafe fn mul_pair(a: &[u64; 4], b: &[u64; 4], c: &[u64; 4], d: &[u64; 4]) -> ([u64; 4], [u64; 4]) {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ.
    unsafe { split(two_lane_product(a, b, c, d)) }
}

/// (a², c²), as [`mul_pair`].
///
/// # Safety
/// As [`mul_pair`].
#[inline(always)]
unsafe fn square_pair(a: &[u64; 4], c: &[u64; 4]) -> ([u64; 4], [u64; 4]) {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ.
    unsafe {
        let p = square_product::<TwoLanes>(lanes(a, c, 0), lanes(a, c, 1));
        split(reduce::<TwoLanes>(p))
    }
}

/// a·b + c·d: the two products side by side, reduced, and the lanes added.
///
/// # Safety
/// As [`mul_pair`].
#[inline(always)]
unsafe fn mul_add_pair(a: &[u64; 4], b: &[u64; 4], c: &[u64; 4], d: &[u64; 4]) -> [u64; 4] {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ.
    unsafe {
        let (r0, r1) = two_lane_product(a, b, c, d);
        let fold =
            |r: __m256i| _mm_xor_si128(_mm256_castsi256_si128(r), _mm256_extracti128_si256::<1>(r));
        store(fold(r0), fold(r1))
    }
}

/// a·b (lane 0) and c·d (lane 1), reduced.
///
/// # Safety
/// As [`mul_pair`].
#[inline(always)]
unsafe fn two_lane_product(
    a: &[u64; 4],
    b: &[u64; 4],
    c: &[u64; 4],
    d: &[u64; 4],
) -> (__m256i, __m256i) {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ.
    let p = unsafe {
        product::<TwoLanes>(
            lanes(a, c, 0),
            lanes(a, c, 1),
            lanes(b, d, 0),
            lanes(b, d, 1),
        )
    };
    reduce::<TwoLanes>(p)
}

/// The elements in lanes 0 and 1 of (r0, r1).
///
/// # Safety
/// The CPU must support AVX2.
#[inline(always)]
unsafe fn split((r0, r1): (__m256i, __m256i)) -> ([u64; 4], [u64; 4]) {
    // SAFETY: the caller guarantees AVX2.
    unsafe {
        (
            store(_mm256_castsi256_si128(r0), _mm256_castsi256_si128(r1)),
            store(
                _mm256_extracti128_si256::<1>(r0),
                _mm256_extracti128_si256::<1>(r1),
            ),
        )
    }
}
