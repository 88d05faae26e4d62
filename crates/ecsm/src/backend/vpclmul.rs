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
//!
//! The independent products and squares of GF(2^163), GF(2^233), GF(2^283) and
//! GF(2^409) go the same way in pairs ([`mul_pair`], [`square_pair`], [`mul_add_pair`]):
//! one operation in each lane, with the 128-bit code's Karatsuba and reduction on 256-bit
//! registers. The binary
//! ladders and the τ-adic methods run on this backend for them (`BackendTask::pairs`),
//! their main loops as tasks of their own, so that the pair code inlines into this
//! backend's feature context in every build ([`run_task`]).
//!
//! GF(2^233)'s pairs are `clmul233`'s two-lane code, written for its polynomial.

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

/// Whether [`mul_pair`] takes fields of N words reduced by `R`: the operand sizes of
/// [`super::paired_words`] (two 128-bit blocks, GF(2^163) and GF(2^233); three with a
/// single-word top block, GF(2^283); four with a zero top word, GF(2^409)) and a reduction
/// polynomial x^m + Σ_k x^k + 1 with 2k < m for every k (a trinomial or a pentanomial).
pub const fn pairs_apply<const N: usize, R: Reduction<N>>() -> bool {
    if !super::paired_words(N) || R::TERMS.is_empty() {
        return false;
    }
    let mut i = 0;
    while i < R::TERMS.len() {
        if 2 * R::TERMS[i] >= R::M {
            return false;
        }
        i += 1;
    }
    true
}

/// Vectors of a paired product: lane i of vector j holds words 2j and 2j + 1 of product
/// i. Four 128-bit blocks an operand at most, so eight vectors.
const PAIR_VECS: usize = 8;

/// A paired double-width value, low vector first.
type Vecs2 = [__m256i; PAIR_VECS];

/// Vector j of `v`, or zero outside `0..len`.
///
/// # Safety
/// The CPU must support AVX2 and VPCLMULQDQ.
#[inline(always)]
unsafe fn get_x2(v: &Vecs2, len: usize, j: isize) -> __m256i {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ (this function's contract).
    unsafe {
        if j >= 0 && (j as usize) < len {
            v[j as usize]
        } else {
            _mm256_setzero_si256()
        }
    }
}

/// Words w and w + 1 of `v` (lane by lane), zero outside it; `clmul::words` per lane.
///
/// # Safety
/// The CPU must support AVX2 and VPCLMULQDQ.
#[inline(always)]
unsafe fn words_x2(v: &Vecs2, len: usize, w: isize) -> __m256i {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ (this function's contract).
    unsafe {
        if w % 2 == 0 {
            get_x2(v, len, w / 2)
        } else {
            // High word of vector (w − 1)/2 below the low word of vector (w + 1)/2.
            _mm256_castpd_si256(_mm256_shuffle_pd::<0b0101>(
                _mm256_castsi256_pd(get_x2(v, len, (w - 1) / 2)),
                _mm256_castsi256_pd(get_x2(v, len, (w + 1) / 2)),
            ))
        }
    }
}

/// Vector j of (v >> s), lane by lane, for a bit count known after inlining.
///
/// # Safety
/// The CPU must support AVX2 and VPCLMULQDQ.
#[inline(always)]
unsafe fn shr_x2(v: &Vecs2, len: usize, s: usize, j: usize) -> __m256i {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ (this function's contract).
    unsafe {
        let (q, r) = ((s / 64) as isize, (s % 64) as i32);
        let lo = words_x2(v, len, 2 * j as isize + q);
        if r == 0 {
            return lo;
        }
        let hi = words_x2(v, len, 2 * j as isize + q + 1);
        _mm256_or_si256(
            _mm256_srl_epi64(lo, _mm_cvtsi32_si128(r)),
            _mm256_sll_epi64(hi, _mm_cvtsi32_si128(64 - r)),
        )
    }
}

/// Vector j of (v << s), lane by lane.
///
/// # Safety
/// The CPU must support AVX2 and VPCLMULQDQ.
#[inline(always)]
unsafe fn shl_x2(v: &Vecs2, len: usize, s: usize, j: usize) -> __m256i {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ (this function's contract).
    unsafe {
        let (q, r) = ((s / 64) as isize, (s % 64) as i32);
        let hi = words_x2(v, len, 2 * j as isize - q);
        if r == 0 {
            return hi;
        }
        let lo = words_x2(v, len, 2 * j as isize - q - 1);
        _mm256_or_si256(
            _mm256_sll_epi64(hi, _mm_cvtsi32_si128(r)),
            _mm256_srl_epi64(lo, _mm_cvtsi32_si128(64 - r)),
        )
    }
}

/// The bits of vector m / 128 of `v` below x^m, lane by lane, in place (the vectors
/// above it are left: the reduction reads only those below).
///
/// # Safety
/// The CPU must support AVX2 and VPCLMULQDQ.
#[inline(always)]
unsafe fn truncate_x2(v: &mut Vecs2, m: usize) {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ (this function's contract).
    unsafe {
        let (j, r) = (m / 128, m % 128);
        if r == 0 {
            return;
        }
        let (hi, lo) = if r < 64 {
            (0, ((1u64 << r) - 1) as i64)
        } else {
            (((1u64 << (r - 64)) - 1) as i64, -1)
        };
        v[j] = _mm256_and_si256(v[j], _mm256_set_epi64x(hi, lo, hi, lo));
    }
}

/// acc ^= (v << s) mod x^m on the ⌈m/128⌉ vectors of the result, lane by lane.
///
/// # Safety
/// The CPU must support AVX2 and VPCLMULQDQ.
#[inline(always)]
unsafe fn xor_shl_mod_x2(acc: &mut Vecs2, v: &Vecs2, len: usize, s: usize, m: usize) {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ (this function's contract).
    unsafe {
        let mut t = [_mm256_setzero_si256(); PAIR_VECS];
        for (j, t) in t.iter_mut().enumerate().take(m.div_ceil(128)) {
            *t = shl_x2(v, len, s, j);
        }
        truncate_x2(&mut t, m);
        for j in 0..m.div_ceil(128) {
            acc[j] = _mm256_xor_si256(acc[j], t[j]);
        }
    }
}

/// Both lanes of the paired product `p` (`len` vectors; lane i a product of degree
/// < 2m − 1) reduced modulo x^m + Σ_k x^k + 1 (k over `terms`, each with 2k < m) into
/// the first ⌈m/128⌉ vectors: the one-level reduction of `clmul::reduce_vecs` with every
/// shift and XOR on 256-bit registers, so one instruction serves both products. With
/// H = P >> m, P ≡ L + H + Σ_k H·x^k, and the part of H·x^k at or above x^m is
/// H >> (m − k) = P >> (2m − k); their sum O (degree below max k) folds once more,
/// O + Σ_k O·x^k, which stays below x^m since 2k < m. A trinomial (GF(2^233),
/// GF(2^409)) has one k, a pentanomial (GF(2^163), GF(2^283)) three.
///
/// # Safety
/// The CPU must support AVX2 and VPCLMULQDQ.
#[inline(always)]
unsafe fn reduce_x2(p: &Vecs2, len: usize, m: usize, terms: &[usize]) -> Vecs2 {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ (this function's contract).
    unsafe {
        let out = m.div_ceil(128);
        let mut acc = *p;
        truncate_x2(&mut acc, m);
        let mut h = [_mm256_setzero_si256(); PAIR_VECS];
        let h_len = (128 * len).saturating_sub(m).div_ceil(128);
        for (j, h) in h.iter_mut().enumerate().take(h_len) {
            *h = shr_x2(p, len, m, j);
        }
        // H itself (the x^0 term) is below x^(m − 1).
        for j in 0..h_len.min(out) {
            acc[j] = _mm256_xor_si256(acc[j], h[j]);
        }
        for &k in terms {
            xor_shl_mod_x2(&mut acc, &h, h_len, k, m);
        }
        let k_max = terms.iter().copied().max().unwrap_or(0);
        let mut o = [_mm256_setzero_si256(); PAIR_VECS];
        let o_len = (128 * len).saturating_sub(2 * m - k_max).div_ceil(128);
        for &k in terms {
            for (j, o) in o.iter_mut().enumerate().take(o_len) {
                *o = _mm256_xor_si256(*o, shr_x2(p, len, 2 * m - k, j));
            }
        }
        for j in 0..o_len.min(out) {
            acc[j] = _mm256_xor_si256(acc[j], o[j]);
        }
        for &k in terms {
            xor_shl_mod_x2(&mut acc, &o, o_len, k, m);
        }
        acc
    }
}

/// (c₀ + c₁Y)(d₀ + d₁Y), Y = x^128, in each lane: `clmul::karatsuba256` on 256-bit
/// registers (9 VPCLMULQDQ for two products); four vectors, low first.
///
/// # Safety
/// The CPU must support AVX2 and VPCLMULQDQ.
#[inline(always)]
unsafe fn karatsuba256x2(c: [__m256i; 2], d: [__m256i; 2]) -> [__m256i; 4] {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ (this function's contract).
    unsafe {
        let p0 = karatsuba128x2(c[0], d[0]);
        let p2 = karatsuba128x2(c[1], d[1]);
        let pm = karatsuba128x2(_mm256_xor_si256(c[0], c[1]), _mm256_xor_si256(d[0], d[1]));
        let mid0 = _mm256_xor_si256(pm.0, _mm256_xor_si256(p0.0, p2.0));
        let mid1 = _mm256_xor_si256(pm.1, _mm256_xor_si256(p0.1, p2.1));
        [
            p0.0,
            _mm256_xor_si256(p0.1, mid0),
            _mm256_xor_si256(p2.0, mid1),
            p2.1,
        ]
    }
}

/// The paired unreduced product of `blocks` (2, 3 or 4) 128-bit blocks an operand: one
/// [`karatsuba256x2`] for two, [`product3_x2`] for three, and for four the two-level
/// Karatsuba of `clmul::karatsuba_blocks` (27 VPCLMULQDQ for two products).
///
/// # Safety
/// The CPU must support AVX2 and VPCLMULQDQ.
#[inline(always)]
unsafe fn product_x2(u: &[__m256i; 4], v: &[__m256i; 4], blocks: usize) -> Vecs2 {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ (this function's contract).
    unsafe {
        let mut acc = [_mm256_setzero_si256(); PAIR_VECS];
        if blocks == 3 {
            // `paired_words`: three blocks only for five words, so word 5 is zero.
            return product3_x2(u, v);
        }
        let lo = karatsuba256x2([u[0], u[1]], [v[0], v[1]]);
        if blocks == 2 {
            acc[..4].copy_from_slice(&lo);
            return acc;
        }
        let hi = karatsuba256x2([u[2], u[3]], [v[2], v[3]]);
        let m = karatsuba256x2(
            [_mm256_xor_si256(u[0], u[2]), _mm256_xor_si256(u[1], u[3])],
            [_mm256_xor_si256(v[0], v[2]), _mm256_xor_si256(v[1], v[3])],
        );
        for j in 0..4 {
            let mid = _mm256_xor_si256(m[j], _mm256_xor_si256(lo[j], hi[j]));
            acc[j] = _mm256_xor_si256(acc[j], lo[j]);
            acc[j + 2] = _mm256_xor_si256(acc[j + 2], mid);
            acc[j + 4] = _mm256_xor_si256(acc[j + 4], hi[j]);
        }
        acc
    }
}

/// The paired unreduced product of three 128-bit blocks an operand, the top one a single
/// word (GF(2^283)'s five words), by three-term Karatsuba: with Y = x^128 and
/// p_ij = (u_i + u_j)(v_i + v_j), uv = p_0 + (p_01 + p_0 + p_1)Y + (p_02 + p_0 + p_1 +
/// p_2)Y² + (p_12 + p_1 + p_2)Y³ + p_2·Y⁴: six block products, p_2 a single 64×64 one,
/// so 16 VPCLMULQDQ for two products (the 128-bit code takes 16 PCLMULQDQ for one).
///
/// # Safety
/// The CPU must support AVX2 and VPCLMULQDQ.
#[inline(always)]
unsafe fn product3_x2(u: &[__m256i; 4], v: &[__m256i; 4]) -> Vecs2 {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ (this function's contract).
    unsafe {
        let p0 = karatsuba128x2(u[0], v[0]);
        let p1 = karatsuba128x2(u[1], v[1]);
        // The top block holds one word (words 4 and 5, the latter zero): one product.
        let p2 = (
            _mm256_clmulepi64_epi128::<0x00>(u[2], v[2]),
            _mm256_setzero_si256(),
        );
        let p01 = karatsuba128x2(_mm256_xor_si256(u[0], u[1]), _mm256_xor_si256(v[0], v[1]));
        let p02 = karatsuba128x2(_mm256_xor_si256(u[0], u[2]), _mm256_xor_si256(v[0], v[2]));
        let p12 = karatsuba128x2(_mm256_xor_si256(u[1], u[2]), _mm256_xor_si256(v[1], v[2]));
        let s01 = xor_pairs(p0, p1);
        let s12 = xor_pairs(p1, p2);
        let c = [
            p0,
            xor_pairs(p01, s01),
            xor_pairs(xor_pairs(p02, s01), p2),
            xor_pairs(p12, s12),
            p2,
        ];
        let mut acc = [_mm256_setzero_si256(); PAIR_VECS];
        for (i, c) in c.into_iter().enumerate() {
            acc[i] = _mm256_xor_si256(acc[i], c.0);
            acc[i + 1] = _mm256_xor_si256(acc[i + 1], c.1);
        }
        acc
    }
}

/// The XOR of two (low, high) vector pairs.
///
/// # Safety
/// The CPU must support AVX2.
#[inline(always)]
unsafe fn xor_pairs(a: (__m256i, __m256i), b: (__m256i, __m256i)) -> (__m256i, __m256i) {
    // SAFETY: the caller guarantees AVX2 (this function's contract).
    unsafe { (_mm256_xor_si256(a.0, b.0), _mm256_xor_si256(a.1, b.1)) }
}

/// Block i of `x` (low lane) and of `y` (high lane), for i below the operands' blocks.
///
/// # Safety
/// The CPU must support AVX2 and VPCLMULQDQ.
#[inline(always)]
unsafe fn lanes<const N: usize>(x: &[u64; N], y: &[u64; N]) -> [__m256i; 4] {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ (this function's contract).
    unsafe {
        let mut u = [_mm256_setzero_si256(); 4];
        for (i, u) in u.iter_mut().enumerate().take(N.div_ceil(2)) {
            *u = _mm256_set_m128i(pair(y, i), pair(x, i));
        }
        u
    }
}

/// a·b in the low 128-bit lane and c·d in the high one, both reduced (the first
/// ⌈m/128⌉ vectors), for a field of [`pairs_apply`]. Each 256-bit VPCLMULQDQ, shift and
/// XOR does the work of two 128-bit ones: for GF(2^233) 9 VPCLMULQDQ, for GF(2^283) 16,
/// for GF(2^409) 27, and one reduction sequence for both products.
///
/// # Safety
/// The CPU must support AVX2 and VPCLMULQDQ.
#[inline(always)]
unsafe fn reduced_pair<const N: usize, R: Reduction<N>>(
    a: &[u64; N],
    b: &[u64; N],
    c: &[u64; N],
    d: &[u64; N],
) -> Vecs2 {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ (this function's contract).
    unsafe {
        let blocks = N.div_ceil(2);
        let prod = product_x2(&lanes(a, c), &lanes(b, d), blocks);
        reduce_x2(&prod, 2 * blocks, R::M, R::TERMS)
    }
}

/// The first `N` words of `w`.
#[inline(always)]
fn first_words<const N: usize>(w: &[u64]) -> [u64; N] {
    let mut out = [0u64; N];
    out.copy_from_slice(&w[..N]);
    out
}

/// (`R::reduce(a·b)`, `R::reduce(c·d)`) for a field of [`pairs_apply`], by
/// `reduced_pair`. Stand-alone (native build, pinned, this Intel Xeon, GF(2^233), each
/// call outlined, best of 7 runs of 4·10^6): 4.0 ns a product over two chains of pairs
/// against 8.0–8.2 ns over four chains of single products with the PCLMULQDQ code, and
/// 13.6 ns for a dependent chain of pairs against 15.2–15.6 ns for one of single
/// products. Reducing each lane with the 128-bit code instead took 5.1 and 18.2 ns.
///
/// # Safety
/// The CPU must support PCLMULQDQ, SSE4.1, AVX2 and VPCLMULQDQ; `pairs_apply::<N, R>()`
/// must hold.
#[inline(always)]
pub unsafe fn mul_pair<const N: usize, R: Reduction<N>>(
    a: &[u64; N],
    b: &[u64; N],
    c: &[u64; N],
    d: &[u64; N],
) -> ([u64; N], [u64; N]) {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ (this function's contract).
    unsafe {
        if let Some(r) = super::clmul233::mul_pair_n::<N, R>(a, b, c, d) {
            return r;
        }
        if let Some(r) = super::clmul_odd::mul_pair_n::<N, R>(a, b, c, d) {
            return r;
        }
        split_lanes(&reduced_pair::<N, R>(a, b, c, d))
    }
}

/// (`R::reduce(a²)`, `R::reduce(c²)`) for a field of [`pairs_apply`]: a in the low lane,
/// c in the high one, two VPCLMULQDQ a block (a square has no cross terms) and one
/// reduction sequence for both.
///
/// # Safety
/// As [`mul_pair`].
#[inline(always)]
pub unsafe fn square_pair<const N: usize, R: Reduction<N>>(
    a: &[u64; N],
    c: &[u64; N],
) -> ([u64; N], [u64; N]) {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ (this function's contract).
    unsafe {
        if let Some(r) = super::clmul233::square_pair_n::<N, R>(a, c) {
            return r;
        }
        if let Some(r) = super::clmul_odd::square_pair_n::<N, R>(a, c) {
            return r;
        }
        let blocks = N.div_ceil(2);
        let u = lanes(a, c);
        let mut sq = [_mm256_setzero_si256(); PAIR_VECS];
        for i in 0..blocks {
            sq[2 * i] = _mm256_clmulepi64_epi128::<0x00>(u[i], u[i]);
            sq[2 * i + 1] = _mm256_clmulepi64_epi128::<0x11>(u[i], u[i]);
        }
        split_lanes(&reduce_x2(&sq, 2 * blocks, R::M, R::TERMS))
    }
}

/// The two N-word results held lane by lane in `r` (lane i of vector j: words 2j and
/// 2j + 1 of result i).
///
/// # Safety
/// The CPU must support AVX2 and VPCLMULQDQ.
#[inline(always)]
unsafe fn split_lanes<const N: usize>(r: &Vecs2) -> ([u64; N], [u64; N]) {
    let out = N.div_ceil(2);
    let mut words = [0u64; 2 * PAIR_VECS];
    let (first, second) = words.split_at_mut(PAIR_VECS);
    let (fp, sp) = (first.as_mut_ptr(), second.as_mut_ptr());
    for j in (0..out).step_by(2) {
        // SAFETY: the caller guarantees AVX2. `first` and `second` hold 8 words each, and
        // 2j + 3 < 2·out ≤ 8 in the 32-byte branch (2j + 1 < 8 in the 16-byte one): the
        // unaligned stores stay inside them.
        unsafe {
            if j + 1 < out {
                let (f, s) = (fp.add(2 * j) as *mut __m256i, sp.add(2 * j) as *mut __m256i);
                _mm256_storeu_si256(f, _mm256_permute2x128_si256::<0x20>(r[j], r[j + 1]));
                _mm256_storeu_si256(s, _mm256_permute2x128_si256::<0x31>(r[j], r[j + 1]));
            } else {
                let (f, s) = (fp.add(2 * j) as *mut __m128i, sp.add(2 * j) as *mut __m128i);
                _mm_storeu_si128(f, _mm256_castsi256_si128(r[j]));
                _mm_storeu_si128(s, _mm256_extracti128_si256::<1>(r[j]));
            }
        }
    }
    (first_words(first), first_words(second))
}

/// `R::reduce(a·b + c·d)` for a field of [`pairs_apply`]: `reduced_pair`, then the two
/// lanes added (the reduction is linear, so this is the reduced sum).
///
/// # Safety
/// As [`mul_pair`].
#[inline(always)]
pub unsafe fn mul_add_pair<const N: usize, R: Reduction<N>>(
    a: &[u64; N],
    b: &[u64; N],
    c: &[u64; N],
    d: &[u64; N],
) -> [u64; N] {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ.
    if let Some(r) = unsafe { super::clmul233::mul_add_pair_n::<N, R>(a, b, c, d) } {
        return r;
    }
    // SAFETY: as above.
    if let Some(r) = unsafe { super::clmul_odd::mul_add_pair_n::<N, R>(a, b, c, d) } {
        return r;
    }
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ and that `pairs_apply` holds.
    let r = unsafe { reduced_pair::<N, R>(a, b, c, d) };
    let mut words = [0u64; PAIR_VECS];
    let wp = words.as_mut_ptr() as *mut __m128i;
    for (j, v) in r.iter().enumerate().take(N.div_ceil(2)) {
        // SAFETY: the caller guarantees AVX2; `words` holds 8 words and j < ⌈N/2⌉ ≤ 4,
        // so the 16-byte store stays inside it.
        unsafe {
            let sum = _mm_xor_si128(
                _mm256_castsi256_si128(*v),
                _mm256_extracti128_si256::<1>(*v),
            );
            _mm_storeu_si128(wp.add(j), sum);
        }
    }
    first_words(&words)
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
/// A task over a field with paired products ([`super::BackendTask::PAIRS`]: GF(2^233),
/// GF(2^409)) runs in a second compilation that also enables AVX-512F and AVX-512VL
/// where the CPU has them ([`super::avx512vl_supported`], unless
/// [`super::set_avx512_context`] turned it off): the same 256-bit instructions, with 32
/// vector registers instead of 16 (more room for the pair code's eight-register
/// operands) and three-input logic. Measured in one default build, this compilation
/// against the AVX2 one (`ECSM_AVX512=0` on one side, `farm-bench --pin 1`, pairwise
/// medians of 6 pairs, stop 47): B-409 `montgomery` 0.917 (35.9–37.5 against 39.2–40.4
/// µs), B-233 0.909, K-233 `tnaf-ct:w=5` 0.939. Since stop 51 it enables AVX-512 VBMI2
/// as well (and so needs it): the compiler then forms the reductions' shifts across
/// words as one `VPSHLDQ` where AVX2 takes two shifts and an OR, as it does in native
/// builds. Default builds, the two in turn (`farm-bench --pin 1`, pairwise new/old):
/// B-233 `montgomery` 0.896 (6 pairs, 9.3 → 8.35 µs), K-233 `tnaf:w=4` 0.938, B-409
/// `montgomery` 0.882 (4 pairs each). A CPU with AVX-512VL but no VBMI2 (Skylake-X,
/// Cascade Lake) runs the AVX2 compilation. In a native build both compilations are the
/// same code.
///
/// # Safety
/// The CPU must support PCLMULQDQ, SSE4.1, AVX2 and VPCLMULQDQ.
#[inline(always)]
pub unsafe fn run_task<T: super::BackendTask>(task: T) -> T::Output {
    if const { T::PAIRS } && super::avx512_context() {
        // SAFETY: the caller guarantees this function's features, and `avx512_context`
        // checked AVX-512F, AVX-512VL and AVX-512 VBMI2.
        return unsafe { run_task_avx512(task) };
    }
    // SAFETY: the caller guarantees the features `run_task_avx2` enables.
    unsafe { run_task_avx2(task) }
}

/// [`run_task`] compiled for AVX2 and VPCLMULQDQ.
///
/// # Safety
/// The CPU must support PCLMULQDQ, SSE4.1, AVX2 and VPCLMULQDQ.
#[inline(never)]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1,avx,avx2,vpclmulqdq")]
unsafe fn run_task_avx2<T: super::BackendTask>(task: T) -> T::Output {
    task.run::<super::Vpclmul>()
}

/// [`run_task`] compiled for AVX-512F, AVX-512VL and AVX-512 VBMI2 as well.
///
/// # Safety
/// The CPU must support PCLMULQDQ, SSE4.1, AVX2, VPCLMULQDQ, AVX-512F, AVX-512VL and
/// AVX-512 VBMI2.
#[inline(never)]
#[target_feature(
    enable = "pclmulqdq,sse2,ssse3,sse4.1,avx,avx2,vpclmulqdq,avx512f,avx512vl,avx512vbmi2"
)]
unsafe fn run_task_avx512<T: super::BackendTask>(task: T) -> T::Output {
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
///
/// # Safety
/// The CPU must support AVX2 and VPCLMULQDQ.
#[inline(always)]
unsafe fn karatsuba128x2(a: __m256i, b: __m256i) -> (__m256i, __m256i) {
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ (this function's contract).
    unsafe {
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
    // SAFETY: the caller guarantees AVX2 and VPCLMULQDQ.
    let (lo, hi) = unsafe { karatsuba128x2(_mm256_set_m128i(a1, a0), _mm256_set_m128i(b1, b0)) };
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
