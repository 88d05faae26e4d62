//! GF(2^163) = GF(2)\[x\]/(x^163 + x^7 + x^6 + x^3 + 1) (B-163, K-163) and
//! GF(2^283) = GF(2)\[x\]/(x^283 + x^12 + x^7 + x^5 + 1) (B-283, K-283), the two fields of
//! an odd number of words, with carry-less multiplies written for their pentanomials:
//! the product and the square of the `clmul` backend (an element in ⌈N/2⌉ 128-bit
//! registers, the last holding the top word over a zero), and their two-lane forms for
//! the `vpclmul` backend, on [`super::clmul233`]'s vector operations. Both backends take
//! these in place of their generic code for these fields ([`field`]).
//! `tests/suite/gf2m_reference.rs` holds every backend to a bit-by-bit reference, on edge
//! and random operands and on x^i·x^j for every degree of a product.
//!
//! # The product
//! Schoolbook over the 128-bit blocks, with the top word alone in its block: a full
//! block pair takes four PCLMULQDQ (the two middle ones summed), a full block by the top
//! word two, the top words one. GF(2^163): 9 products, GF(2^283): 25, and no operand sums
//! on the chain. The generic code treats the top block as a full one and takes Karatsuba
//! over the blocks (12 and 16 products, with the operand sums before them).
//!
//! # The reduction
//! With P = L + H·x^m, H = P >> m and f = x^m + g (g = x^7 + x^6 + x^3 + 1, or
//! x^12 + x^7 + x^5 + 1), P ≡ L + H·g. H·g is H plus three shifts of H, each word taking
//! the bits that cross from the word below; its part at or above x^m is U·x^m with
//! U = Σ_k H >> (m − k) over g's terms x^k, read off H's top word alone (m − 12 ≥ 64·4 for
//! 283, m − 7 ≥ 64·2 for 163), and U·x^m ≡ U·g, of degree below 24. So
//!
//! P mod f = L + (H·g mod x^m) + U·g.
//!
//! # Measured
//! Dependent chains in a stand-alone harness (native build, AMD EPYC Zen 5, pinned,
//! 2·10^7 calls, three runs, each result checked against a bit-by-bit reference on 10^5
//! operands and every monomial product): GF(2^163) product 8.3–8.6 ns, square
//! 6.6–6.7 ns; GF(2^283) 11.9–12.4 and 6.4–6.6 ns (with the intrinsic; see
//! [`outlined`]). `ecsm field-bench`, the generic code → this module:
//! GF(2^163) 12.5 / 8.5 → 8.8 / 6.7 ns, GF(2^283) 16.6 / 10.8 → 11.9–12.1 / 6.8–6.9 ns
//! (native builds, two builds of this code).

use super::clmul::{ClmulOp, Intrinsic};
use super::clmul233::{Lanes, OneLane, TwoLanes};
use super::Reduction;
use core::arch::x86_64::*;

/// The fields of this module.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Odd {
    /// GF(2^163), three words in two blocks.
    F163,
    /// GF(2^283), five words in three blocks.
    F283,
}

/// Whether `R`'s middle terms are exactly `terms`, in order.
const fn terms_are<const N: usize, R: Reduction<N>>(terms: &[usize]) -> bool {
    if R::TERMS.len() != terms.len() {
        return false;
    }
    let mut i = 0;
    while i < terms.len() {
        if R::TERMS[i] != terms[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The field of this module that N words and `R` describe, if any (decided at compile
/// time).
const fn field<const N: usize, R: Reduction<N>>() -> Option<Odd> {
    if N == 3 && R::M == 163 && terms_are::<N, R>(&[3, 6, 7]) {
        Some(Odd::F163)
    } else if N == 5 && R::M == 283 && terms_are::<N, R>(&[5, 7, 12]) {
        Some(Odd::F283)
    } else {
        None
    }
}

// Arrays here are filled by loops, not `core::array::from_fn` or `map`: a closure is a
// function of its own, compiled without the caller's `#[target_feature]`, so in a default
// build its AVX2 intrinsics became calls (B-283 `montgomery` on `vpclmul`: 234 µs against
// 39 µs on `clmul`, on the Xeon of 2026-12-02).

/// Product vectors at most: 2·3 − 1 for GF(2^283).
const MAX_V: usize = 5;

/// P mod f for a product P in 2B − 1 vectors (of [`MAX_V`]), as B vectors.
trait Reduce<const B: usize> {
    /// The reduction of the module documentation.
    fn reduce<L: Lanes>(p: [L::V; MAX_V]) -> [L::V; B];
}

/// GF(2^163)'s reduction.
struct F163;
/// GF(2^283)'s reduction.
struct F283;

impl Reduce<2> for F163 {
    // m = 163 = 2·64 + 35, g = x^7 + x^6 + x^3 + 1; U from H's word 2: bits 156, 157 and
    // 160 of H are bits 28, 29 and 32 of that word.
    #[inline(always)]
    fn reduce<L: Lanes>(p: [L::V; MAX_V]) -> [L::V; 2] {
        reduce_odd::<L, 2, 35, 29, 3, 61, 6, 58, 7, 57, 28, 29, 32>(p)
    }
}

impl Reduce<3> for F283 {
    // m = 283 = 4·64 + 27, g = x^12 + x^7 + x^5 + 1; U from H's word 4: bits 271, 276 and
    // 278 of H are bits 15, 20 and 22 of that word.
    #[inline(always)]
    fn reduce<L: Lanes>(p: [L::V; MAX_V]) -> [L::V; 3] {
        reduce_odd::<L, 3, 27, 37, 5, 59, 7, 57, 12, 52, 15, 20, 22>(p)
    }
}

/// P mod x^m + x^K1 + x^K2 + x^K3 + 1 for m = 64·(2B − 2) + R, P in 2B − 1 vectors (the
/// terms of the module documentation), with RC = 64 − R, Ci = 64 − Ki and Ui the bit of
/// H's top word where H >> (m − Ki) starts. Word j of H = P >> m is word 2B − 2 + j of P
/// shifted right by R, with the low RC bits of the next word above; H's vectors start at
/// P's vector B − 1, and the top one's high word is zero (P's top word is below 2^R).
#[inline(always)]
fn reduce_odd<
    L: Lanes,
    const B: usize,
    const R: i32,
    const RC: i32,
    const K1: i32,
    const C1: i32,
    const K2: i32,
    const C2: i32,
    const K3: i32,
    const C3: i32,
    const U1: i32,
    const U2: i32,
    const U3: i32,
>(
    p: [L::V; MAX_V],
) -> [L::V; B] {
    let zero = L::set(0, 0);
    let at = |i: usize| p.get(i).copied().unwrap_or(zero);
    let mut h = [zero; B];
    for (i, h) in h.iter_mut().enumerate() {
        let (v, next) = (at(B - 1 + i), at(B + i));
        *h = L::or(L::srli::<R>(v), L::slli::<RC>(L::hi_lo(v, next)));
    }
    // H·g below x^m, vector by vector, each with the words under its own.
    let mut g = [zero; B];
    for (i, g) in g.iter_mut().enumerate() {
        let below = match i.checked_sub(1) {
            Some(j) => L::hi_lo(h[j], h[i]),
            None => L::low_up(h[i]),
        };
        *g = times_g::<L, K1, C1, K2, C2, K3, C3>(h[i], below);
    }
    let top = h[B - 1];
    let u = L::xor(
        L::xor(L::srli::<U1>(top), L::srli::<U2>(top)),
        L::srli::<U3>(top),
    );
    let ug = small_times_g::<L, K1, K2, K3>(u);
    let mut r = [zero; B];
    for (i, r) in r.iter_mut().enumerate() {
        let v = L::xor(p[i], g[i]);
        *r = if i == 0 {
            L::xor(v, ug)
        } else if i + 1 == B {
            L::and(v, L::set(0, (1i64 << R) - 1))
        } else {
            v
        };
    }
    r
}

/// h + (h << K1) + (h << K2) + (h << K3) for one vector of words, `below` holding the
/// word under each (Ci = 64 − Ki).
#[inline(always)]
fn times_g<
    L: Lanes,
    const K1: i32,
    const C1: i32,
    const K2: i32,
    const C2: i32,
    const K3: i32,
    const C3: i32,
>(
    h: L::V,
    below: L::V,
) -> L::V {
    let t1 = L::xor(L::slli::<K1>(h), L::srli::<C1>(below));
    let t2 = L::xor(L::slli::<K2>(h), L::srli::<C2>(below));
    let t3 = L::xor(L::slli::<K3>(h), L::srli::<C3>(below));
    L::xor(L::xor(h, t1), L::xor(t2, t3))
}

/// u + (u << K1) + (u << K2) + (u << K3) for u small enough that no bit leaves its word.
#[inline(always)]
fn small_times_g<L: Lanes, const K1: i32, const K2: i32, const K3: i32>(u: L::V) -> L::V {
    L::xor(
        L::xor(u, L::slli::<K1>(u)),
        L::xor(L::slli::<K2>(u), L::slli::<K3>(u)),
    )
}

/// The product of two elements of B blocks, the last a single word, as 2B − 1 vectors
/// of 128 bits (of [`MAX_V`], the rest zero), low first.
///
/// # Safety
/// The CPU must support `L`'s carry-less multiply.
#[inline(always)]
unsafe fn product<L: Lanes, const B: usize>(a: [L::V; B], b: [L::V; B]) -> [L::V; MAX_V] {
    let zero = L::set(0, 0);
    // Per block sum k = i + j: the low and high halves and the middle (at 64 bits).
    let (mut lo, mut hi, mut mid) = ([zero; MAX_V], [zero; MAX_V], [zero; MAX_V]);
    for (i, &x) in a.iter().enumerate() {
        for (j, &y) in b.iter().enumerate() {
            let k = i + j;
            // SAFETY: the caller guarantees the carry-less multiply.
            let (l, h, m) = unsafe {
                match (i + 1 == B, j + 1 == B) {
                    (false, false) => (
                        L::clmul::<0x00>(x, y),
                        L::clmul::<0x11>(x, y),
                        L::xor(L::clmul::<0x01>(x, y), L::clmul::<0x10>(x, y)),
                    ),
                    // x is a top word: its products by y's low and high words.
                    (true, false) => (L::clmul::<0x00>(x, y), zero, L::clmul::<0x10>(x, y)),
                    (false, true) => (L::clmul::<0x00>(x, y), zero, L::clmul::<0x01>(x, y)),
                    (true, true) => (L::clmul::<0x00>(x, y), zero, zero),
                }
            };
            lo[k] = L::xor(lo[k], l);
            hi[k] = L::xor(hi[k], h);
            mid[k] = L::xor(mid[k], m);
        }
    }
    let mut p = [zero; MAX_V];
    for (k, p) in p.iter_mut().enumerate() {
        let own = L::xor(lo[k], L::low_up(mid[k]));
        *p = match k.checked_sub(1) {
            Some(d) => L::xor(own, L::xor(hi[d], L::high_down(mid[d]))),
            None => own,
        };
    }
    p
}

/// The square of an element of B blocks: the words' squares, no cross terms.
///
/// # Safety
/// As [`product`].
#[inline(always)]
unsafe fn square<L: Lanes, const B: usize>(a: [L::V; B]) -> [L::V; MAX_V] {
    let zero = L::set(0, 0);
    let mut p = [zero; MAX_V];
    for (i, &x) in a.iter().enumerate() {
        // SAFETY: the caller guarantees the carry-less multiply.
        unsafe {
            p[2 * i] = L::clmul::<0x00>(x, x);
            if i + 1 < B {
                p[2 * i + 1] = L::clmul::<0x11>(x, x);
            }
        }
    }
    p
}

/// The N words of `a` as B blocks, by 16-byte loads, the top word over a zero.
#[inline(always)]
fn load<const N: usize, const B: usize>(a: &[u64; N]) -> [__m128i; B] {
    // SAFETY: SSE2, part of the x86-64 baseline.
    let mut v = [unsafe { _mm_setzero_si128() }; B];
    for (i, v) in v.iter_mut().enumerate() {
        *v = match a.get(2 * i..2 * i + 2) {
            // SAFETY: `w` holds two words, which the unaligned 16-byte load reads; SSE2.
            Some(w) => unsafe { _mm_loadu_si128(w.as_ptr().cast()) },
            // SAFETY: SSE2.
            None => unsafe { _mm_set_epi64x(0, a.get(2 * i).copied().unwrap_or(0) as i64) },
        };
    }
    v
}

/// The element held in B blocks, as N words (the top block's high word dropped).
#[inline(always)]
fn store<const N: usize, const B: usize>(r: [__m128i; B]) -> [u64; N] {
    let mut out = [0u64; N];
    for (i, v) in r.into_iter().enumerate() {
        match out.get_mut(2 * i..2 * i + 2) {
            // SAFETY: `w` holds two words, which the unaligned 16-byte store writes; SSE2.
            Some(w) => unsafe { _mm_storeu_si128(w.as_mut_ptr().cast(), v) },
            None => {
                if let Some(w) = out.get_mut(2 * i) {
                    // SAFETY: SSE2.
                    *w = unsafe { _mm_cvtsi128_si64(v) } as u64;
                }
            }
        }
    }
    out
}

/// `R::reduce(a·b)` with `C`'s carry-less multiply for a field of this module, else
/// `None`.
///
/// # Safety
/// The CPU must support what `C` uses.
#[inline(always)]
pub(super) unsafe fn mul_n<const N: usize, R: Reduction<N>, C: ClmulOp>(
    a: &[u64; N],
    b: &[u64; N],
) -> Option<[u64; N]> {
    match const { field::<N, R>() } {
        // SAFETY: the caller guarantees what `C` uses.
        Some(Odd::F163) => Some(unsafe { mul_in::<N, 2, F163, OneLane<C>>(a, b) }),
        // SAFETY: the caller guarantees PCLMULQDQ (what `C` uses), all `outlined` needs.
        Some(Odd::F283) => Some(unsafe { outlined::mul::<N, 3, F283>(a, b) }),
        None => None,
    }
}

/// `R::reduce(a²)` as [`mul_n`].
///
/// # Safety
/// As [`mul_n`].
#[inline(always)]
pub(super) unsafe fn square_n<const N: usize, R: Reduction<N>, C: ClmulOp>(
    a: &[u64; N],
) -> Option<[u64; N]> {
    match const { field::<N, R>() } {
        // SAFETY: the caller guarantees what `C` uses.
        Some(Odd::F163) => Some(unsafe { square_in::<N, 2, F163, OneLane<C>>(a) }),
        // SAFETY: as above.
        Some(Odd::F283) => Some(unsafe { square_in::<N, 3, F283, OneLane<C>>(a) }),
        None => None,
    }
}

/// `R::reduce(a·b + c·d)` with one reduction of the summed products (it is linear), as
/// [`mul_n`] (by [`outlined`]).
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
    match const { field::<N, R>() } {
        // SAFETY: the caller guarantees PCLMULQDQ (what `C` uses), all `outlined` needs.
        Some(Odd::F163) => Some(unsafe { outlined::mul_add::<N, 2, F163>(a, b, c, d) }),
        // SAFETY: as above.
        Some(Odd::F283) => Some(unsafe { outlined::mul_add::<N, 3, F283>(a, b, c, d) }),
        None => None,
    }
}

/// a·b + c·d in one lane, the products summed and reduced once by `F`.
///
/// # Safety
/// As [`mul_in`].
#[inline(always)]
unsafe fn mul_add_in<const N: usize, const B: usize, F: Reduce<B>, L: Lanes<V = __m128i>>(
    a: &[u64; N],
    b: &[u64; N],
    c: &[u64; N],
    d: &[u64; N],
) -> [u64; N] {
    // SAFETY: the caller guarantees the carry-less multiply.
    let (p, q) = unsafe {
        (
            product::<L, B>(load(a), load(b)),
            product::<L, B>(load(c), load(d)),
        )
    };
    let mut s = p;
    for (s, q) in s.iter_mut().zip(q) {
        *s = L::xor(*s, q);
    }
    store(F::reduce::<L>(s))
}

/// The one-lane code with many carry-less multiplies (GF(2^283)'s product, 25; the sums
/// of two products, 18 and 50), written with the `core::arch` intrinsic in functions
/// compiled with PCLMULQDQ: inlined in a build for the host CPU, where every caller has
/// the feature, and calls in a default build (the same code; CI's tests run the calls).
/// `C`'s inline assembly, which the generic callers need in a default build, cannot be
/// scheduled by the compiler and can only name xmm0–xmm15: GF(2^283)'s product written with it took 20.6–21.1 ns in the
/// stand-alone harness, against 11.9–12.2 ns with the intrinsic (16.6 ns for the generic
/// code in `field-bench`). The square (6 multiplies) and GF(2^163)'s product (9) keep
/// `C`.
mod outlined {
    use super::{mul_add_in, mul_in, Intrinsic, OneLane, Reduce};

    /// Whether the whole crate is compiled with PCLMULQDQ, so that the intrinsic
    /// inlines into any caller. The functions below then inline their code directly:
    /// left to the compiler as `#[inline]` functions, GF(2^283)'s product stayed a call
    /// and took 17.0 ns in `field-bench`, against 11.9 ns inlined.
    const EVERYWHERE: bool = cfg!(target_feature = "pclmulqdq");

    /// [`mul_in`] with the intrinsic.
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ.
    #[inline(always)]
    pub(super) unsafe fn mul<const N: usize, const B: usize, F: Reduce<B>>(
        a: &[u64; N],
        b: &[u64; N],
    ) -> [u64; N] {
        if EVERYWHERE {
            // SAFETY: the crate is compiled with PCLMULQDQ, the intrinsic's feature.
            unsafe { mul_in::<N, B, F, OneLane<Intrinsic>>(a, b) }
        } else {
            // SAFETY: the caller guarantees PCLMULQDQ.
            unsafe { mul_call::<N, B, F>(a, b) }
        }
    }

    /// [`mul`] as a call, compiled with PCLMULQDQ.
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ.
    #[target_feature(enable = "pclmulqdq")]
    unsafe fn mul_call<const N: usize, const B: usize, F: Reduce<B>>(
        a: &[u64; N],
        b: &[u64; N],
    ) -> [u64; N] {
        // SAFETY: this function's feature is the intrinsic's.
        unsafe { mul_in::<N, B, F, OneLane<Intrinsic>>(a, b) }
    }

    /// [`mul_add_in`] with the intrinsic, as [`mul`].
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ.
    #[inline(always)]
    pub(super) unsafe fn mul_add<const N: usize, const B: usize, F: Reduce<B>>(
        a: &[u64; N],
        b: &[u64; N],
        c: &[u64; N],
        d: &[u64; N],
    ) -> [u64; N] {
        if EVERYWHERE {
            // SAFETY: the crate is compiled with PCLMULQDQ, the intrinsic's feature.
            unsafe { mul_add_in::<N, B, F, OneLane<Intrinsic>>(a, b, c, d) }
        } else {
            // SAFETY: the caller guarantees PCLMULQDQ.
            unsafe { mul_add_call::<N, B, F>(a, b, c, d) }
        }
    }

    /// [`mul_add`] as a call, compiled with PCLMULQDQ.
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ.
    #[target_feature(enable = "pclmulqdq")]
    unsafe fn mul_add_call<const N: usize, const B: usize, F: Reduce<B>>(
        a: &[u64; N],
        b: &[u64; N],
        c: &[u64; N],
        d: &[u64; N],
    ) -> [u64; N] {
        // SAFETY: this function's feature is the intrinsic's.
        unsafe { mul_add_in::<N, B, F, OneLane<Intrinsic>>(a, b, c, d) }
    }
}

/// a·b in one lane, B blocks reduced by `F`.
///
/// # Safety
/// The CPU must support `L`'s carry-less multiply.
#[inline(always)]
unsafe fn mul_in<const N: usize, const B: usize, F: Reduce<B>, L: Lanes<V = __m128i>>(
    a: &[u64; N],
    b: &[u64; N],
) -> [u64; N] {
    // SAFETY: the caller guarantees the carry-less multiply.
    let p = unsafe { product::<L, B>(load(a), load(b)) };
    store(F::reduce::<L>(p))
}

/// a² in one lane, as [`mul_in`].
///
/// # Safety
/// As [`mul_in`].
#[inline(always)]
unsafe fn square_in<const N: usize, const B: usize, F: Reduce<B>, L: Lanes<V = __m128i>>(
    a: &[u64; N],
) -> [u64; N] {
    // SAFETY: the caller guarantees the carry-less multiply.
    let p = unsafe { square::<L, B>(load(a)) };
    store(F::reduce::<L>(p))
}

/// (`R::reduce(a·b)`, `R::reduce(c·d)`) in the two lanes of 256-bit registers for a
/// field of this module, else `None`.
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
    match const { field::<N, R>() } {
        // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ.
        Some(Odd::F163) => Some(unsafe { split(two_lane_product::<N, 2, F163>(a, b, c, d)) }),
        // SAFETY: as above.
        Some(Odd::F283) => Some(unsafe { split(two_lane_product::<N, 3, F283>(a, b, c, d)) }),
        None => None,
    }
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
    match const { field::<N, R>() } {
        // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ.
        Some(Odd::F163) => Some(unsafe { split(two_lane_square::<N, 2, F163>(a, c)) }),
        // SAFETY: as above.
        Some(Odd::F283) => Some(unsafe { split(two_lane_square::<N, 3, F283>(a, c)) }),
        None => None,
    }
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
    match const { field::<N, R>() } {
        // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ.
        Some(Odd::F163) => Some(unsafe { fold(two_lane_product::<N, 2, F163>(a, b, c, d)) }),
        // SAFETY: as above.
        Some(Odd::F283) => Some(unsafe { fold(two_lane_product::<N, 3, F283>(a, b, c, d)) }),
        None => None,
    }
}

/// Block i of `a` in lane 0 and of `c` in lane 1, for every block.
///
/// # Safety
/// The CPU must support AVX2.
#[inline(always)]
unsafe fn lanes<const N: usize, const B: usize>(a: &[u64; N], c: &[u64; N]) -> [__m256i; B] {
    let (x, y) = (load::<N, B>(a), load::<N, B>(c));
    // SAFETY: the caller guarantees AVX2.
    let mut v = [unsafe { _mm256_setzero_si256() }; B];
    for (i, v) in v.iter_mut().enumerate() {
        // SAFETY: as above.
        *v = unsafe { _mm256_set_m128i(y[i], x[i]) };
    }
    v
}

/// a·b (lane 0) and c·d (lane 1), reduced by `F`.
///
/// # Safety
/// The CPU must support AVX2 and VPCLMULQDQ.
#[inline(always)]
unsafe fn two_lane_product<const N: usize, const B: usize, F: Reduce<B>>(
    a: &[u64; N],
    b: &[u64; N],
    c: &[u64; N],
    d: &[u64; N],
) -> [__m256i; B] {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ.
    let p = unsafe { product::<TwoLanes, B>(lanes(a, c), lanes(b, d)) };
    F::reduce::<TwoLanes>(p)
}

/// a² (lane 0) and c² (lane 1), reduced by `F`.
///
/// # Safety
/// As [`two_lane_product`].
#[inline(always)]
unsafe fn two_lane_square<const N: usize, const B: usize, F: Reduce<B>>(
    a: &[u64; N],
    c: &[u64; N],
) -> [__m256i; B] {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ.
    let p = unsafe { square::<TwoLanes, B>(lanes(a, c)) };
    F::reduce::<TwoLanes>(p)
}

/// The elements in lanes 0 and 1.
///
/// # Safety
/// The CPU must support AVX2.
#[inline(always)]
unsafe fn split<const N: usize, const B: usize>(r: [__m256i; B]) -> ([u64; N], [u64; N]) {
    // SAFETY: SSE2, part of the x86-64 baseline.
    let (mut lo, mut hi) = unsafe { ([_mm_setzero_si128(); B], [_mm_setzero_si128(); B]) };
    for (i, &v) in r.iter().enumerate() {
        // SAFETY: the caller guarantees AVX2.
        unsafe {
            lo[i] = _mm256_castsi256_si128(v);
            hi[i] = _mm256_extracti128_si256::<1>(v);
        }
    }
    (store(lo), store(hi))
}

/// The sum of the elements in lanes 0 and 1.
///
/// # Safety
/// The CPU must support AVX2.
#[inline(always)]
unsafe fn fold<const N: usize, const B: usize>(r: [__m256i; B]) -> [u64; N] {
    // SAFETY: SSE2, part of the x86-64 baseline.
    let mut s = [unsafe { _mm_setzero_si128() }; B];
    for (s, &v) in s.iter_mut().zip(r.iter()) {
        // SAFETY: the caller guarantees AVX2.
        *s = unsafe { _mm_xor_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v)) };
    }
    store(s)
}
