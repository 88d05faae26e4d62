//! PCLMULQDQ backend (x86-64).
//!
//! Products are Karatsuba on 128-bit blocks (three multiplications per block, seed 001),
//! with the three partial products summed per block diagonal and combined once. The
//! reduction stays in SSE registers, by shifts that are constants after monomorphisation:
//! one level for trinomials, two folds for pentanomials (see `reduce_vecs`).
//! GF(2^127) and GF(2^254) have dedicated reductions derived for x^127 + x^63 + 1.

use super::{Reduction, MAX_LIMBS};
use core::arch::x86_64::*;

/// Words `2p` and `2p + 1` of `a` as one vector (the second is 0 past the end).
#[inline(always)]
pub(super) fn pair<const N: usize>(a: &[u64; N], p: usize) -> __m128i {
    let hi = if 2 * p + 1 < N { a[2 * p + 1] } else { 0 };
    // SAFETY: SSE2 is part of the x86-64 baseline, so its intrinsics always run.
    unsafe { _mm_set_epi64x(hi as i64, a[2 * p] as i64) }
}

/// One 64×64 carry-less product: the halves of `a` and `b` that `IMM` selects (bit 0
/// for `a`, bit 4 for `b`), as PCLMULQDQ does.
pub(super) trait ClmulOp {
    /// The product.
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ (and AVX for [`AsmVex`]).
    unsafe fn clmul<const IMM: i32>(a: __m128i, b: __m128i) -> __m128i;
}

/// The `core::arch` intrinsic: scheduled by the compiler, but inlined only into
/// functions compiled with the `pclmulqdq` feature (the outlined [`mul`] and [`square`]).
pub(super) struct Intrinsic;

/// PCLMULQDQ as inline assembly, which needs no target feature in the function it lands
/// in: the products written with it are `#[inline(always)]` into any caller, so a whole
/// scalar multiplication compiled generically (outside a `#[target_feature]` function)
/// still gets its field products inline instead of as calls (measured: with the
/// intrinsic, the products of a ladder run in [`super::Backend::run`] stayed calls).
// Unused in a build with AVX, where `ClmulEncoding` is the VEX form.
#[cfg_attr(target_feature = "avx", allow(dead_code))]
pub(super) struct AsmSse;

/// The VEX form VPCLMULQDQ xmm, for code that also runs 256-bit AVX instructions (the
/// `vpclmul` backend), where the legacy SSE encoding could pay state transitions on
/// some CPUs.
pub(super) struct AsmVex;

/// The encoding of the `clmul` backend's PCLMULQDQ: legacy SSE, unless the whole crate is
/// compiled with AVX (`-C target-cpu=native` on an AVX machine). Then the compiler's own
/// code is VEX-encoded and uses YMM registers (copies, for one), the compiler inserts no
/// `vzeroupper` before inline assembly, and a legacy SSE instruction after dirty upper
/// halves pays a state transition: measured here, B-233 `halve-add` ran 3× slower in a
/// native build than in the default one (157 against 54 µs) before this choice. A crate
/// compiled with AVX only runs on CPUs that have it, which makes the VEX form safe there.
#[cfg(target_feature = "avx")]
pub(super) type ClmulEncoding = AsmVex;
/// See the AVX build's definition.
#[cfg(not(target_feature = "avx"))]
pub(super) type ClmulEncoding = AsmSse;

impl ClmulOp for Intrinsic {
    #[inline(always)]
    unsafe fn clmul<const IMM: i32>(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: the caller guarantees PCLMULQDQ.
        unsafe { _mm_clmulepi64_si128::<IMM>(a, b) }
    }
}

impl ClmulOp for AsmSse {
    #[inline(always)]
    unsafe fn clmul<const IMM: i32>(a: __m128i, b: __m128i) -> __m128i {
        let mut r = a;
        // SAFETY: the caller guarantees PCLMULQDQ; the instruction reads and writes
        // only the two registers named (no memory, stack or flags).
        unsafe {
            core::arch::asm!(
                "pclmulqdq {r}, {b}, {imm}",
                r = inout(xmm_reg) r,
                b = in(xmm_reg) b,
                imm = const IMM,
                options(pure, nomem, nostack, preserves_flags)
            );
        }
        r
    }
}

impl ClmulOp for AsmVex {
    #[inline(always)]
    unsafe fn clmul<const IMM: i32>(a: __m128i, b: __m128i) -> __m128i {
        let r;
        // SAFETY: the caller guarantees PCLMULQDQ and AVX; the instruction reads and
        // writes only the three registers named (no memory, stack or flags).
        unsafe {
            core::arch::asm!(
                "vpclmulqdq {r}, {a}, {b}, {imm}",
                r = lateout(xmm_reg) r,
                a = in(xmm_reg) a,
                b = in(xmm_reg) b,
                imm = const IMM,
                options(pure, nomem, nostack, preserves_flags)
            );
        }
        r
    }
}

/// Karatsuba product of two 128-bit polynomials: (lo, hi) 128-bit halves of the 256-bit
/// result. SSE2 apart from the products, so it inlines into any caller.
///
/// # Safety
/// The CPU must support what `C` uses.
#[inline(always)]
pub(super) unsafe fn karatsuba128<C: ClmulOp>(a: __m128i, b: __m128i) -> (__m128i, __m128i) {
    // a1b1·x^128 + ((a0+a1)(b0+b1) + a0b0 + a1b1)·x^64 + a0b0 (seed 001).
    // SAFETY: the caller guarantees what `C` uses; the rest is SSE2 (x86-64 baseline).
    unsafe {
        let lo = C::clmul::<0x00>(a, b);
        let hi = C::clmul::<0x11>(a, b);
        let t = _mm_xor_si128(_mm_unpacklo_epi64(a, b), _mm_unpackhi_epi64(a, b));
        let mid = _mm_xor_si128(C::clmul::<0x10>(t, t), _mm_xor_si128(lo, hi));
        (
            _mm_xor_si128(lo, _mm_slli_si128(mid, 8)),
            _mm_xor_si128(hi, _mm_srli_si128(mid, 8)),
        )
    }
}

/// A 256-bit product as its (low, high) 128-bit halves.
type Wide2 = (__m128i, __m128i);

/// The sum of two 256-bit values.
#[inline(always)]
fn xor2(p: Wide2, q: Wide2) -> Wide2 {
    (xor(p.0, q.0), xor(p.1, q.1))
}

/// (c₀ + c₁Y)(d₀ + d₁Y), Y = x^128, by Karatsuba on the blocks: c₀d₀, c₁d₁ and
/// (c₀ + c₁)(d₀ + d₁), each a [`karatsuba128`]: 9 carry-less products instead of 12.
/// The four 128-bit vectors of the 512-bit result, low first.
///
/// # Safety
/// The CPU must support what `C` uses.
#[inline(always)]
unsafe fn karatsuba256<C: ClmulOp>(c: [__m128i; 2], d: [__m128i; 2]) -> [__m128i; 4] {
    // SAFETY: the caller guarantees what `C` uses.
    unsafe {
        let p0 = karatsuba128::<C>(c[0], d[0]);
        let p2 = karatsuba128::<C>(c[1], d[1]);
        let pm = karatsuba128::<C>(xor(c[0], c[1]), xor(d[0], d[1]));
        let mid = xor2(pm, xor2(p0, p2));
        [p0.0, xor(p0.1, mid.0), xor(p2.0, mid.1), p2.1]
    }
}

/// The product of two polynomials of 128-bit blocks by Karatsuba over the blocks, as
/// vectors (low first), or `None` where the schoolbook loop of [`mul_with`] is faster.
/// Four blocks (GF(2^409)) take two levels, 27 carry-less products instead of 48; five
/// go to [`karatsuba_five`], three to [`karatsuba_three`] (both with a zero top word);
/// two full blocks are one [`karatsuba256`], 9 instead of 12 (GF(2^233), the only such
/// field, has taken `clmul233`'s code instead since stop 50). Measured
/// (native builds, pinned, alternated, 2026-11-27): the GF(2^409) product's dependent
/// chain 33.8 → 21.0 ns. The chains of GF(2^233) and GF(2^283) get slower (12.5 → 13.1
/// and 16.1 → 17.6 ns: the sums lengthen the chain more than the saved products
/// shorten it), but their scalar multiplications, whose products are mostly
/// independent, get faster: B-283 `montgomery` 37.5 → 31.3 µs, B-233 14.4 → 13.6 µs.
/// GF(2^163) (two blocks, the top one half used) stays schoolbook: B-163 `montgomery`
/// went 11.8 → 12.2 µs with Karatsuba.
///
/// # Safety
/// The CPU must support what `C` uses.
#[inline(always)]
unsafe fn karatsuba_blocks<C: ClmulOp>(
    a: &[__m128i],
    b: &[__m128i],
    pairs: usize,
    odd_words: bool,
) -> Option<Vecs> {
    if !has_karatsuba_blocks(pairs, odd_words) {
        return None;
    }
    if pairs == 5 {
        // SAFETY: the caller guarantees what `C` uses.
        return Some(unsafe { karatsuba_five::<C>(a, b) });
    }
    if pairs == 2 && !odd_words {
        // SAFETY: the caller guarantees what `C` uses.
        let p = unsafe { karatsuba256::<C>([a[0], a[1]], [b[0], b[1]]) };
        let mut acc: Vecs = [zero(); MAX_LIMBS + 1];
        acc[..4].copy_from_slice(&p);
        return Some(acc);
    }
    if pairs == 3 && odd_words {
        // SAFETY: the caller guarantees what `C` uses.
        return Some(unsafe { karatsuba_three::<C>(a, b) });
    }
    let mut acc: Vecs = [zero(); MAX_LIMBS + 1];
    // SAFETY: the caller guarantees what `C` uses.
    unsafe {
        let lo = karatsuba256::<C>([a[0], a[1]], [b[0], b[1]]);
        let hi = karatsuba256::<C>([a[2], a[3]], [b[2], b[3]]);
        let m = karatsuba256::<C>(
            [xor(a[0], a[2]), xor(a[1], a[3])],
            [xor(b[0], b[2]), xor(b[1], b[3])],
        );
        for j in 0..4 {
            let mid = xor(m[j], xor(lo[j], hi[j]));
            acc[j] = xor(acc[j], lo[j]);
            acc[j + 2] = xor(acc[j + 2], mid);
            acc[j + 4] = xor(acc[j + 4], hi[j]);
        }
    }
    Some(acc)
}

/// The operand sizes [`karatsuba_blocks`] takes, as `pairs` 128-bit blocks whose top
/// word is zero when `odd_words`: five blocks (GF(2^571)), four (GF(2^409)), three with a
/// zero top word (GF(2^283)) and two full ones (GF(2^233)).
const fn has_karatsuba_blocks(pairs: usize, odd_words: bool) -> bool {
    matches!((pairs, odd_words), (5, _) | (4, _) | (3, true) | (2, false))
}

/// Three blocks with a zero high word (GF(2^283), five words): three-way Karatsuba over
/// the blocks, each product a [`karatsuba128`] and a2·b2 a single carry-less product:
/// 16 products instead of the schoolbook loop's 27. With P_i = a_i·b_i and
/// P_ij = (a_i + a_j)(b_i + b_j), the coefficients of Y = x^128 are P_0,
/// P_01 + P_0 + P_1, P_02 + P_0 + P_1 + P_2, P_12 + P_1 + P_2 and P_2.
///
/// # Safety
/// The CPU must support what `C` uses.
#[inline(always)]
unsafe fn karatsuba_three<C: ClmulOp>(a: &[__m128i], b: &[__m128i]) -> Vecs {
    let mut acc: Vecs = [zero(); MAX_LIMBS + 1];
    // SAFETY: the caller guarantees what `C` uses.
    unsafe {
        let p0 = karatsuba128::<C>(a[0], b[0]);
        let p1 = karatsuba128::<C>(a[1], b[1]);
        let p2 = (C::clmul::<0x00>(a[2], b[2]), zero());
        let p01 = karatsuba128::<C>(xor(a[0], a[1]), xor(b[0], b[1]));
        let p02 = karatsuba128::<C>(xor(a[0], a[2]), xor(b[0], b[2]));
        let p12 = karatsuba128::<C>(xor(a[1], a[2]), xor(b[1], b[2]));
        let s12 = xor2(p1, p2);
        let coefficients = [
            p0,
            xor2(p01, xor2(p0, p1)),
            xor2(p02, xor2(p0, s12)),
            xor2(p12, s12),
            p2,
        ];
        for (d, c) in coefficients.iter().enumerate() {
            acc[d] = xor(acc[d], c.0);
            acc[d + 1] = xor(acc[d + 1], c.1);
        }
    }
    acc
}

/// Five blocks with a zero high word (GF(2^571), nine words): three-way Karatsuba over
/// the pairs of blocks A0 = (a0, a1), A1 = (a2, a3), A2 = (a4, 0), each product of pairs a
/// [`karatsuba256`] and A2·B2 a single [`karatsuba128`]: 48 carry-less products instead
/// of 75. With P_i = A_i·B_i and P_ij = (A_i + A_j)(B_i + B_j), the coefficients of
/// Z^0..Z^4 (Z = x^256) are P0, P01 + P0 + P1, P02 + P0 + P1 + P2, P12 + P1 + P2, P2.
/// GF(2^571) product latency on this backend 50.2 → 33.8 ns, B-571 `montgomery` with
/// `ECSM_BACKEND=clmul` 210 → 160 µs (2026-11-27). The `vpclmul` backend keeps its 256-bit
/// product for GF(2^571) (39.3 ns latency, but fewer vector operations: routed here, its
/// ladder went 149 → 159 µs).
///
/// # Safety
/// The CPU must support what `C` uses.
#[inline(always)]
unsafe fn karatsuba_five<C: ClmulOp>(a: &[__m128i], b: &[__m128i]) -> Vecs {
    let mut acc: Vecs = [zero(); MAX_LIMBS + 1];
    let z = zero();
    // SAFETY: the caller guarantees what `C` uses.
    unsafe {
        let p0 = karatsuba256::<C>([a[0], a[1]], [b[0], b[1]]);
        let p1 = karatsuba256::<C>([a[2], a[3]], [b[2], b[3]]);
        let (l2, h2) = karatsuba128::<C>(a[4], b[4]);
        let p2 = [l2, h2, z, z];
        let p01 = karatsuba256::<C>(
            [xor(a[0], a[2]), xor(a[1], a[3])],
            [xor(b[0], b[2]), xor(b[1], b[3])],
        );
        let p02 = karatsuba256::<C>([xor(a[0], a[4]), a[1]], [xor(b[0], b[4]), b[1]]);
        let p12 = karatsuba256::<C>([xor(a[2], a[4]), a[3]], [xor(b[2], b[4]), b[3]]);
        for j in 0..4 {
            let s12 = xor(p1[j], p2[j]);
            acc[j] = xor(acc[j], p0[j]);
            acc[j + 2] = xor(acc[j + 2], xor(p01[j], xor(p0[j], p1[j])));
            acc[j + 4] = xor(acc[j + 4], xor(p02[j], xor(p0[j], s12)));
            acc[j + 6] = xor(acc[j + 6], xor(p12[j], s12));
        }
        acc[8] = xor(acc[8], l2);
        acc[9] = xor(acc[9], h2);
    }
    acc
}

/// Reduce a polynomial P = hi·x^128 + lo of degree ≤ 252 modulo x^127 + x^63 + 1.
///
/// With H = ⌊P / x^127⌋ = H1·x^64 + H0 and x^127 ≡ x^63 + 1:
/// P ≡ L + H + H·x^63 and H·x^63 = H0·x^63 + H1·x^127 ≡ H0·x^63 + H1·x^63 + H1, so
/// P ≡ L + (S + H1·x^64) + S·x^63 with S = H0 + H1, every term below x^127.
///
/// SSE2 only (the SSSE3 `palignr` and SSE4.1 `pblendw` of an earlier version are a
/// `shufpd` and an `unpcklqdq` here), so that it inlines into any caller.
#[inline(always)]
fn reduce127(lo: __m128i, hi: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of the x86-64 baseline, so its intrinsics always run.
    unsafe {
        // H = P >> 127, lane-wise: [P2<<1 | P1>>63, P3<<1 | P2>>63], with [P1, P2] = mid.
        let mid = _mm_castpd_si128(_mm_shuffle_pd::<0b01>(
            _mm_castsi128_pd(lo),
            _mm_castsi128_pd(hi),
        ));
        let h = _mm_or_si128(_mm_slli_epi64(hi, 1), _mm_srli_epi64(mid, 63));
        // x = [S, H1]; S·x^63 = [S << 63, S >> 1], from the low lanes.
        let x = _mm_xor_si128(h, _mm_srli_si128(h, 8));
        let s63 = _mm_unpacklo_epi64(_mm_slli_epi64(x, 63), _mm_srli_epi64(x, 1));
        let low = _mm_and_si128(lo, _mm_set_epi64x(i64::MAX, -1));
        _mm_xor_si128(_mm_xor_si128(low, x), s63)
    }
}

/// Vectors of a double-width product: vector j holds words 2j and 2j + 1.
pub(super) type Vecs = [__m128i; MAX_LIMBS + 1];

// The reduction helpers below use SSE2 only, which every x86-64 CPU has, so they are
// ordinary functions that can be forced inline into the PCLMULQDQ code (a function with
// `#[target_feature]` cannot be `#[inline(always)]`, and left to the inliner they were
// not inlined: measured 3× slower).

/// Vector j of `v`, or zero outside `0..len`.
#[inline(always)]
fn get(v: &Vecs, len: usize, j: isize) -> __m128i {
    // SAFETY: SSE2 is part of the x86-64 baseline, so its intrinsics always run.
    unsafe {
        if j >= 0 && (j as usize) < len {
            v[j as usize]
        } else {
            _mm_setzero_si128()
        }
    }
}

/// Words w and w + 1 of a vector array as one vector (zero outside `0..2·len`).
#[inline(always)]
fn words(v: &Vecs, len: usize, w: isize) -> __m128i {
    // SAFETY: SSE2 is part of the x86-64 baseline, so its intrinsics always run.
    unsafe {
        if w % 2 == 0 {
            get(v, len, w / 2)
        } else {
            // High word of vector (w−1)/2 below the low word of vector (w+1)/2.
            let (lo, hi) = (get(v, len, (w - 1) / 2), get(v, len, (w + 1) / 2));
            _mm_castpd_si128(_mm_shuffle_pd::<0b01>(
                _mm_castsi128_pd(lo),
                _mm_castsi128_pd(hi),
            ))
        }
    }
}

/// Vector j of (v >> s), for a bit count s known after inlining.
#[inline(always)]
fn shr_vec(v: &Vecs, len: usize, s: usize, j: usize) -> __m128i {
    // SAFETY: SSE2 is part of the x86-64 baseline, so its intrinsics always run.
    unsafe {
        let (q, r) = ((s / 64) as isize, (s % 64) as i32);
        let lo = words(v, len, 2 * j as isize + q);
        if r == 0 {
            return lo;
        }
        let hi = words(v, len, 2 * j as isize + q + 1);
        _mm_or_si128(
            _mm_srl_epi64(lo, _mm_cvtsi32_si128(r)),
            _mm_sll_epi64(hi, _mm_cvtsi32_si128(64 - r)),
        )
    }
}

/// Vector j of (v << s).
#[inline(always)]
fn shl_vec(v: &Vecs, len: usize, s: usize, j: usize) -> __m128i {
    // SAFETY: SSE2 is part of the x86-64 baseline, so its intrinsics always run.
    unsafe {
        let (q, r) = ((s / 64) as isize, (s % 64) as i32);
        let hi = words(v, len, 2 * j as isize - q);
        if r == 0 {
            return hi;
        }
        let lo = words(v, len, 2 * j as isize - q - 1);
        _mm_or_si128(
            _mm_sll_epi64(hi, _mm_cvtsi32_si128(r)),
            _mm_srl_epi64(lo, _mm_cvtsi32_si128(64 - r)),
        )
    }
}

/// Keep the bits below m of `v`, in place.
#[inline(always)]
fn truncate(v: &mut Vecs, m: usize) {
    // SAFETY: SSE2 is part of the x86-64 baseline, so its intrinsics always run.
    unsafe {
        let (j, r) = (m / 128, m % 128);
        if r == 0 {
            return;
        }
        let mask = if r < 64 {
            _mm_set_epi64x(0, ((1u64 << r) - 1) as i64)
        } else {
            _mm_set_epi64x(((1u64 << (r - 64)) - 1) as i64, -1)
        };
        v[j] = _mm_and_si128(v[j], mask);
        for k in j + 1..v.len() {
            v[k] = _mm_setzero_si128();
        }
    }
}

/// acc ^= Σ_{k ∈ {0} ∪ TERMS} (src >> m)·x^k, the fold of src's bits ≥ m.
#[inline(always)]
fn fold<const N: usize, R: Reduction<N>>(src: &Vecs, src_len: usize, acc: &mut Vecs) {
    // SAFETY: SSE2 is part of the x86-64 baseline, so its intrinsics always run.
    unsafe {
        let m = R::M;
        let mut h = [_mm_setzero_si128(); MAX_LIMBS + 1];
        let h_len = (128 * src_len).saturating_sub(m).div_ceil(128);
        for j in 0..h_len {
            h[j] = shr_vec(src, src_len, m, j);
        }
        let acc_len = (m + R::TERMS.last().copied().unwrap_or(0)).div_ceil(128);
        for j in 0..acc_len {
            let mut t = h[j];
            for &k in R::TERMS {
                t = _mm_xor_si128(t, shl_vec(&h, h_len, k, j));
            }
            acc[j] = _mm_xor_si128(acc[j], t);
        }
    }
}

/// Reduce a product of `len` vectors modulo x^m + Σ x^k + 1 by two serial folds (used for
/// pentanomials, where the one-level form of `reduce_vecs` needs 16 shifted terms and
/// measured twice as slow).
///
/// With P = H·x^m + L, P ≡ L + Σ_{k ∈ {0} ∪ TERMS} H·x^k. That sum stays below
/// x^(m + k_max), so a second fold of its bits ≥ m (fewer than k_max of them) finishes:
/// they land below x^(2·k_max) < x^m.
#[inline(always)]
fn reduce_two_folds<const N: usize, R: Reduction<N>>(p: &Vecs, len: usize) -> [u64; N] {
    // SAFETY: SSE2 is part of the x86-64 baseline, so its intrinsics always run.
    unsafe {
        let mut acc = *p;
        truncate(&mut acc, R::M);
        fold::<N, R>(p, len, &mut acc);
        let first = acc;
        truncate(&mut acc, R::M);
        fold::<N, R>(&first, len, &mut acc);
        let mut out = [0u64; N];
        for j in 0..N.div_ceil(2) {
            out[2 * j] = _mm_cvtsi128_si64(acc[j]) as u64;
            if 2 * j + 1 < N {
                out[2 * j + 1] = _mm_cvtsi128_si64(_mm_unpackhi_epi64(acc[j], acc[j])) as u64;
            }
        }
        out
    }
}

/// Vectors 0..out of (v << s) mod x^m, accumulated into `acc`.
#[inline(always)]
fn xor_shl_mod(acc: &mut Vecs, v: &Vecs, len: usize, s: usize, m: usize) {
    let out = m.div_ceil(128);
    let mut t: Vecs = [zero(); MAX_LIMBS + 1];
    for j in 0..out {
        t[j] = shl_vec(v, len, s, j);
    }
    truncate(&mut t, m);
    for j in 0..out {
        acc[j] = xor(acc[j], t[j]);
    }
}

/// Reduce a product of `len` vectors modulo f = x^m + Σ_{k ∈ T} x^k + 1, all in SSE
/// registers; for trinomials in one level of shifts.
///
/// With K = {0} ∪ T and H = P >> m (so P = L + H·x^m, L < x^m): P ≡ L + Σ_{k ∈ K} H·x^k.
/// The part of H·x^k at or above x^m is (P >> (2m − k))·x^m ≡ Σ_{j ∈ K} (P >> (2m − k))·x^j,
/// and those terms are below x^(k + j) < x^m because 2·max(T) < m. So
/// P ≡ L + Σ_k (H·x^k mod x^m) + Σ_{k > 0} Σ_j (P >> (2m − k))·x^j, every term computed
/// from P directly: no fold waits for another.
#[inline(always)]
pub(super) fn reduce_vecs<const N: usize, R: Reduction<N>>(p: &Vecs, len: usize) -> [u64; N] {
    // Both reductions rely on 2·max(T) < m; a constant, so this check costs nothing.
    assert!(
        2 * R::TERMS.last().copied().unwrap_or(0) < R::M,
        "field polynomial unsupported"
    );
    if R::TERMS.len() > 1 {
        return reduce_two_folds::<N, R>(p, len);
    }
    let m = R::M;
    let mut acc = *p;
    truncate(&mut acc, m);
    let mut h: Vecs = [zero(); MAX_LIMBS + 1];
    let h_len = (128 * len).saturating_sub(m).div_ceil(128);
    for j in 0..h_len {
        h[j] = shr_vec(p, len, m, j);
    }
    // H itself (k = 0) is below x^(m − 1).
    for j in 0..h_len.min(m.div_ceil(128)) {
        acc[j] = xor(acc[j], h[j]);
    }
    for &k in R::TERMS {
        xor_shl_mod(&mut acc, &h, h_len, k, m);
        let mut o: Vecs = [zero(); MAX_LIMBS + 1];
        let o_len = (128 * len).saturating_sub(2 * m - k).div_ceil(128);
        for j in 0..o_len {
            o[j] = shr_vec(p, len, 2 * m - k, j);
        }
        for j in 0..o_len {
            acc[j] = xor(acc[j], o[j]);
        }
        for &t in R::TERMS {
            xor_shl_mod(&mut acc, &o, o_len, t, m);
        }
    }
    let mut out = [0u64; N];
    for j in 0..N.div_ceil(2) {
        out[2 * j] = low64(acc[j]);
        if 2 * j + 1 < N {
            out[2 * j + 1] = high64(acc[j]);
        }
    }
    out
}

/// The zero vector.
#[inline(always)]
fn zero() -> __m128i {
    // SAFETY: SSE2 is part of the x86-64 baseline, so its intrinsics always run.
    unsafe { _mm_setzero_si128() }
}

/// a XOR b.
#[inline(always)]
fn xor(a: __m128i, b: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of the x86-64 baseline, so its intrinsics always run.
    unsafe { _mm_xor_si128(a, b) }
}

/// The low word of a vector.
#[inline(always)]
fn low64(v: __m128i) -> u64 {
    // SAFETY: SSE2 is part of the x86-64 baseline, so its intrinsics always run.
    unsafe { _mm_cvtsi128_si64(v) as u64 }
}

/// The high word of a vector.
#[inline(always)]
fn high64(v: __m128i) -> u64 {
    // SAFETY: SSE2 is part of the x86-64 baseline, so its intrinsics always run.
    unsafe { _mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v)) as u64 }
}

/// `R::reduce(a · b)` with PCLMULQDQ, reduction included.
///
/// # Safety
/// The CPU must support PCLMULQDQ and SSE4.1.
#[inline]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1")]
pub unsafe fn mul<const N: usize, R: Reduction<N>>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    // SAFETY: the caller guarantees PCLMULQDQ.
    unsafe { mul_with::<N, R, Intrinsic>(a, b) }
}

/// [`mul`] with the products computed by `C`; inlined into every caller.
///
/// # Safety
/// The CPU must support what `C` uses.
#[inline(always)]
pub(super) unsafe fn mul_with<const N: usize, R: Reduction<N>, C: ClmulOp>(
    a: &[u64; N],
    b: &[u64; N],
) -> [u64; N] {
    // SAFETY: the caller guarantees what `C` uses (both calls).
    unsafe {
        if let Some(r) = super::clmul233::mul_n::<N, R, C>(a, b) {
            return r;
        }
        if let Some(r) = super::clmul_odd::mul_n::<N, R, C>(a, b) {
            return r;
        }
        let p = product_with::<N, C>(a, b);
        reduce_vecs::<N, R>(&p, 2 * N.div_ceil(2))
    }
}

/// `R::reduce(a·b + c·d)`: the two products summed unreduced and reduced once (one
/// reduction instead of two, and no sum of reduced values), for the operand sizes of
/// [`karatsuba_blocks`]; `None` for the others. GF(2^233), GF(2^163) and GF(2^283) take
/// their own code first (`clmul233`, `clmul_odd`). Before stop 58, GF(2^163)'s generic
/// schoolbook product reduced once after the sum measured slower in the ladders than two
/// reduced products (B-163 `montgomery` 1.023 of the time), and so did the same two
/// products inlined here (1.08) rather than made as two separate calls of the backend's
/// product (see [`super::Backend::mul_add`]); `clmul_odd`'s one reduction measured
/// 0.916 against two of its products.
///
/// # Safety
/// The CPU must support what `C` uses.
#[inline(always)]
pub(super) unsafe fn mul_add_with<const N: usize, R: Reduction<N>, C: ClmulOp>(
    a: &[u64; N],
    b: &[u64; N],
    c: &[u64; N],
    d: &[u64; N],
) -> Option<[u64; N]> {
    // SAFETY: the caller guarantees what `C` uses.
    if let Some(r) = unsafe { super::clmul233::mul_add_n::<N, R, C>(a, b, c, d) } {
        return Some(r);
    }
    // SAFETY: as above.
    if let Some(r) = unsafe { super::clmul_odd::mul_add_n::<N, R, C>(a, b, c, d) } {
        return Some(r);
    }
    if !const { has_karatsuba_blocks(N.div_ceil(2), N % 2 == 1) } {
        return None;
    }
    // SAFETY: the caller guarantees what `C` uses.
    let (mut p, q) = unsafe { (product_with::<N, C>(a, b), product_with::<N, C>(c, d)) };
    let len = 2 * N.div_ceil(2);
    for j in 0..len {
        p[j] = xor(p[j], q[j]);
    }
    Some(reduce_vecs::<N, R>(&p, len))
}

/// The unreduced carry-less product a·b as vectors (low first; `2·⌈N/2⌉` of them).
///
/// # Safety
/// The CPU must support what `C` uses.
#[inline(always)]
unsafe fn product_with<const N: usize, C: ClmulOp>(a: &[u64; N], b: &[u64; N]) -> Vecs {
    // SAFETY: the caller guarantees what `C` uses; everything else is SSE2, part of the
    // x86-64 baseline.
    unsafe {
        let pairs = N.div_ceil(2);
        let mut av = [_mm_setzero_si128(); MAX_LIMBS.div_ceil(2)];
        let mut bv = [_mm_setzero_si128(); MAX_LIMBS.div_ceil(2)];
        for p in 0..pairs {
            av[p] = pair(a, p);
            bv[p] = pair(b, p);
        }
        if let Some(acc) = karatsuba_blocks::<C>(&av, &bv, pairs, N % 2 == 1) {
            return acc;
        }
        // Karatsuba on each 128×128 block (a₁b₁·x^128 + (m + a₀b₀ + a₁b₁)·x^64 + a₀b₀ with
        // m = (a₀+a₁)(b₀+b₁)), with the three products summed per block diagonal first and
        // combined once per diagonal. The sums a₀+a₁ are formed once per operand block.
        let mut asum = [_mm_setzero_si128(); MAX_LIMBS.div_ceil(2)];
        let mut bsum = [_mm_setzero_si128(); MAX_LIMBS.div_ceil(2)];
        for p in 0..pairs {
            asum[p] = _mm_xor_si128(av[p], _mm_srli_si128(av[p], 8));
            bsum[p] = _mm_xor_si128(bv[p], _mm_srli_si128(bv[p], 8));
        }
        let mut lo = [_mm_setzero_si128(); MAX_LIMBS];
        let mut hi = [_mm_setzero_si128(); MAX_LIMBS];
        let mut mid = [_mm_setzero_si128(); MAX_LIMBS];
        for i in 0..pairs {
            for j in 0..pairs {
                let (l, h, m) = (
                    C::clmul::<0x00>(av[i], bv[j]),
                    C::clmul::<0x11>(av[i], bv[j]),
                    C::clmul::<0x00>(asum[i], bsum[j]),
                );
                lo[i + j] = _mm_xor_si128(lo[i + j], l);
                hi[i + j] = _mm_xor_si128(hi[i + j], h);
                mid[i + j] = _mm_xor_si128(mid[i + j], m);
            }
        }
        let mut acc = [_mm_setzero_si128(); MAX_LIMBS + 1];
        for d in 0..2 * pairs - 1 {
            let m = _mm_xor_si128(mid[d], _mm_xor_si128(lo[d], hi[d]));
            acc[d] = _mm_xor_si128(acc[d], _mm_xor_si128(lo[d], _mm_slli_si128(m, 8)));
            acc[d + 1] = _mm_xor_si128(acc[d + 1], _mm_xor_si128(hi[d], _mm_srli_si128(m, 8)));
        }
        acc
    }
}

/// Reduce P = a² (degree ≤ 252, nonzero bits only at even positions) modulo
/// x^127 + x^63 + 1: the reduction of [`reduce127`] where the coefficients of x^127 and
/// x^191 are known to be zero, so H = ⌊P / x^127⌋ is just (P2·x, P3·x) and no mask is
/// needed. Three fewer steps on the dependency chain.
/// SSE2 only, like [`reduce127`].
#[inline(always)]
fn reduce127_square(lo: __m128i, hi: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of the x86-64 baseline, so its intrinsics always run.
    unsafe {
        let h = _mm_add_epi64(hi, hi); // [H0, H1] = [P2 << 1, P3 << 1]
        let x = _mm_xor_si128(h, _mm_srli_si128(h, 8)); // [S, H1]
        let s63 = _mm_unpacklo_epi64(_mm_slli_epi64(x, 63), _mm_srli_epi64(x, 1)); // S·x^63
        _mm_xor_si128(_mm_xor_si128(lo, x), s63)
    }
}

/// a·b in GF(2^127) = GF(2)\[x\]/(x^127 + x^63 + 1), all in SSE registers (outlined,
/// for the dispatching backend).
///
/// # Safety
/// The CPU must support PCLMULQDQ and SSE4.1.
#[inline]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1")]
pub unsafe fn mul127(a: &[u64; 2], b: &[u64; 2]) -> [u64; 2] {
    // SAFETY: the caller guarantees PCLMULQDQ.
    unsafe { mul127_with::<Intrinsic>(a, b) }
}

/// [`mul127`] with the products computed by `C`; inlined into every caller.
///
/// # Safety
/// The CPU must support what `C` uses.
#[inline(always)]
pub(super) unsafe fn mul127_with<C: ClmulOp>(a: &[u64; 2], b: &[u64; 2]) -> [u64; 2] {
    // SAFETY: the caller guarantees what `C` uses; 16-byte unaligned loads and stores of
    // two-word arrays.
    unsafe {
        let (lo, hi) = karatsuba128::<C>(load(a), load(b));
        store(reduce127(lo, hi))
    }
}

/// (a₀ + a₁u)(b₀ + b₁u) in GF(2^127)\[u\]/(u² + u + 1) with lazy reduction: the three
/// products of seed 001's formula are combined unreduced, so c₀ = a₀b₀ + a₁b₁ and
/// c₁ = (a₀ + a₁)(b₀ + b₁) + a₀b₀ take two reductions instead of three.
///
/// # Safety
/// The CPU must support PCLMULQDQ and SSE4.1.
#[inline]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1")]
pub unsafe fn mul254(
    a0: &[u64; 2],
    a1: &[u64; 2],
    b0: &[u64; 2],
    b1: &[u64; 2],
) -> ([u64; 2], [u64; 2]) {
    // SAFETY: the caller guarantees PCLMULQDQ.
    unsafe { mul254_with::<Intrinsic>(a0, a1, b0, b1) }
}

/// [`mul254`] with the products computed by `C`; inlined into every caller.
///
/// # Safety
/// The CPU must support what `C` uses.
#[inline(always)]
pub(super) unsafe fn mul254_with<C: ClmulOp>(
    a0: &[u64; 2],
    a1: &[u64; 2],
    b0: &[u64; 2],
    b1: &[u64; 2],
) -> ([u64; 2], [u64; 2]) {
    // SAFETY: the caller guarantees what `C` uses; the rest is SSE2.
    unsafe {
        let (a0, a1, b0, b1) = (load(a0), load(a1), load(b0), load(b1));
        let (l00, h00) = karatsuba128::<C>(a0, b0);
        let (l11, h11) = karatsuba128::<C>(a1, b1);
        let (lm, hm) = karatsuba128::<C>(_mm_xor_si128(a0, a1), _mm_xor_si128(b0, b1));
        let c0 = reduce127(_mm_xor_si128(l00, l11), _mm_xor_si128(h00, h11));
        let c1 = reduce127(_mm_xor_si128(lm, l00), _mm_xor_si128(hm, h00));
        (store(c0), store(c1))
    }
}

/// a² in GF(2^127), all in SSE registers (outlined, for the dispatching backend).
///
/// # Safety
/// The CPU must support PCLMULQDQ and SSE4.1.
#[inline]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1")]
pub unsafe fn square127(a: &[u64; 2]) -> [u64; 2] {
    // SAFETY: the caller guarantees PCLMULQDQ.
    unsafe { square127_with::<Intrinsic>(a) }
}

/// [`square127`] with the products computed by `C`; inlined into every caller.
///
/// # Safety
/// The CPU must support what `C` uses.
#[inline(always)]
pub(super) unsafe fn square127_with<C: ClmulOp>(a: &[u64; 2]) -> [u64; 2] {
    // SAFETY: the caller guarantees what `C` uses; the rest is SSE2.
    unsafe {
        let v = load(a);
        store(reduce127_square(
            C::clmul::<0x00>(v, v),
            C::clmul::<0x11>(v, v),
        ))
    }
}

/// Two words as one vector.
#[inline(always)]
pub(super) fn load(a: &[u64; 2]) -> __m128i {
    // SAFETY: a 16-byte unaligned load of a two-word array; SSE2 is baseline.
    unsafe { _mm_loadu_si128(a.as_ptr() as *const __m128i) }
}

/// One vector as two words.
#[inline(always)]
pub(super) fn store(v: __m128i) -> [u64; 2] {
    let mut out = [0u64; 2];
    // SAFETY: a 16-byte unaligned store into a two-word array; SSE2 is baseline.
    unsafe { _mm_storeu_si128(out.as_mut_ptr() as *mut __m128i, v) };
    out
}

/// `R::reduce(a²)` with PCLMULQDQ: the square of a word is its carry-less product with itself.
///
/// # Safety
/// The CPU must support PCLMULQDQ and SSE4.1.
#[inline]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1")]
pub unsafe fn square<const N: usize, R: Reduction<N>>(a: &[u64; N]) -> [u64; N] {
    // SAFETY: the caller guarantees PCLMULQDQ.
    unsafe { square_with::<N, R, Intrinsic>(a) }
}

/// [`square`] with the products computed by `C`; inlined into every caller.
///
/// # Safety
/// The CPU must support what `C` uses.
#[inline(always)]
pub(super) unsafe fn square_with<const N: usize, R: Reduction<N>, C: ClmulOp>(
    a: &[u64; N],
) -> [u64; N] {
    // SAFETY: the caller guarantees what `C` uses.
    if let Some(r) = unsafe { super::clmul233::square_n::<N, R, C>(a) } {
        return r;
    }
    // SAFETY: as above.
    if let Some(r) = unsafe { super::clmul_odd::square_n::<N, R, C>(a) } {
        return r;
    }
    let pairs = N.div_ceil(2);
    let mut sq = [zero(); MAX_LIMBS + 1];
    for p in 0..pairs {
        let v = pair(a, p);
        // SAFETY: the caller guarantees what `C` uses.
        unsafe {
            sq[2 * p] = C::clmul::<0x00>(v, v);
            sq[2 * p + 1] = C::clmul::<0x11>(v, v);
        }
    }
    reduce_vecs::<N, R>(&sq, 2 * pairs)
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

/// Run `task` on the clmul backend with PCLMULQDQ and SSE4.1 enabled. `run` of a task is
/// `#[inline(always)]`, so the whole task is compiled in this feature context; a closure
/// handed to [`run`] may be left outlined (with 16 codegen units it was, for the large
/// tasks), and then the `#[target_feature]` products inside it are calls (measured:
/// GF(2^127) constant-time inversion 2.2× slower).
///
/// # Safety
/// The CPU must support PCLMULQDQ and SSE4.1.
#[inline(never)]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1")]
pub unsafe fn run_task<T: super::BackendTask>(task: T) -> T::Output {
    task.run::<super::Clmul>()
}
