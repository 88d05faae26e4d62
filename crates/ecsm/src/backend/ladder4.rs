//! The Montgomery–López–Dahab ladder over GF(2^233) with its products four at a time in
//! 512-bit registers: B-233's and K-233's `montgomery` and `montgomery-ct` on a CPU with
//! AVX-512F, AVX-512BW, GFNI and VPCLMULQDQ.
//!
//! A ladder step is a doubling and a differential addition (López–Dahab 1999; seed 000
//! §2.5). With R0 = (X0 : Z0), R1 = (X1 : Z1), D = R_b the point the scalar bit b
//! doubles, c = a6^(1/4) and x = x(P):
//! - sum: Z = (X0·Z1 + X1·Z0)², X = x·Z + (X0·Z1)·(X1·Z0);
//! - double: Z = (X_D·Z_D)², X = X_D⁴ + a6·Z_D⁴ = (X_D + c·Z_D)⁴.
//!
//! Squaring is linear, so with t0 = X0·Z1 and t1 = X1·Z0 the sum is
//! Z = t0² + t1² and X = x·t0² + x·t1² + t0·t1, and a step is two rounds of four
//! products around one of four squares, one element per 128-bit lane:
//! 1. \[X0, X1, X_D, c\] · \[Z1, Z0, Z_D, Z_D\] = \[t0, t1, m, n\];
//! 2. the squares of \[t0, t1, m, n + X_D\] = \[t0², t1², Z_dbl, s\];
//! 3. \[x, x, t0, s\] · \[t0², t1², t1, s\] = \[x·t0², x·t1², t0·t1, X_dbl\].
//!
//! The sums across lanes (Z_sum = t0² + t1², X_sum = x·t0² + x·t1² + t0·t1) are left to
//! the gathering of the next step's operands, which picks lanes anyway: a permutation
//! per term and one three-way XOR. With the squares on GFNI (`four233::sqr_spread`)
//! that is 24 carry-less multiplies a step against about 48 in the one-lane step
//! (5M + 4S, in pairs), and on the critical path a product, a square and a product. On the AMD Zen 5 measured here a carry-less multiply issues
//! every 0.47 ns whatever the register width, so the four lanes come at the price of
//! one.
//!
//! Which point is R0 after a step (its bit b) and which is doubled next (b XOR the next
//! bit) only choose permutation indices and lane masks: nothing branches on a bit and
//! no address depends on one. This serves `montgomery-ct` as well as `montgomery`, and
//! the results are the same field elements as the one-lane ladder's
//! (`BinaryCurve::ladder_step`), which the tests compare.

use super::barrier::opaque;
use super::clmul233::{applies, Lanes};
use super::four233::{add, blend, mul, quad, sqr_spread, words, FourLanes, Quad};
use super::Reduction;
use core::arch::x86_64::*;

/// Whether [`ladder`] has code for this field: GF(2^233).
pub(super) const fn has_ladder<const N: usize, R: Reduction<N>>() -> bool {
    applies::<N, R>()
}

/// The ladder from (R0, R1) = (O, P), x(P) = `x` ≠ 0, over bits `steps` − 1 … 0 of k
/// (bits past k's words read as 0), with `c` = a6^(1/4): (X0, Z0, X1, Z1) with
/// R0 = x(\[k\]P) and R1 = x(\[k + 1\]P) when k < 2^steps, exactly the elements of the
/// one-lane ladder. `None` for another field. Constant-time in the bits of k: every step
/// reads one word of k, in a fixed order, and uses its bit as a mask only.
///
/// # Safety
/// The CPU must support AVX-512F, AVX-512BW, GFNI and VPCLMULQDQ.
#[inline(never)]
#[target_feature(enable = "avx512f,avx512bw,gfni,vpclmulqdq,pclmulqdq,avx,avx2")]
pub(super) unsafe fn ladder<const N: usize, R: Reduction<N>>(
    x: &[u64; N],
    c: &[u64; N],
    k: &[u64],
    steps: usize,
) -> Option<[[u64; N]; 4]> {
    if const { !applies::<N, R>() } {
        return None;
    }
    // SAFETY (the whole body): AVX-512F, AVX-512BW, GFNI and VPCLMULQDQ, this
    // function's contract.
    unsafe {
        let zero = [0u64; N];
        let one: [u64; N] = core::array::from_fn(|i| u64::from(i == 0));
        // A step's outputs as the next gathers them (`operands`), for (R0, R1) = (O, P)
        // = (the double, the sum) after a bit 0: X's [x, 0, 0, 1], Z's [1, 0, 0, ·].
        let mut xs = quad(&[*x, zero, zero, one]);
        let mut zs = quad(&[one, zero, zero, zero]);
        let cq = quad(&[zero, zero, zero, *c]);
        let xq = quad(&[*x, *x, zero, zero]);
        let mut prev = 0u64;
        for i in (0..steps).rev() {
            let word = k.get(i / 64).copied().unwrap_or(0);
            let b = ((word >> (i % 64)) & 1).wrapping_neg();
            let (a, bz) = operands(xs, zs, cq, opaque(prev), opaque(prev ^ b));
            (xs, zs) = step(a, bz, xq);
            prev = b;
        }
        let (a, bz) = operands(xs, zs, cq, opaque(prev), opaque(prev));
        let [x0, x1, _, _] = words::<N>(a);
        let [z1, z0, _, _] = words::<N>(bz);
        Some([x0, z0, x1, z1])
    }
}

/// `p` permuted by the word indices `idx` in both registers.
///
/// # Safety
/// The CPU must support AVX-512F.
#[inline(always)]
unsafe fn permute(idx: __m512i, p: Quad) -> Quad {
    // SAFETY: the contract.
    unsafe {
        (
            _mm512_permutexvar_epi64(idx, p.0),
            _mm512_permutexvar_epi64(idx, p.1),
        )
    }
}

/// Lane `IMM`'s element (`IMM` = 0x55 for lane 1, 0xAA for lane 2) in the lanes of `k`,
/// zero elsewhere.
///
/// # Safety
/// The CPU must support AVX-512F.
#[inline(always)]
unsafe fn spread<const IMM: i32>(k: __mmask8, q: Quad) -> Quad {
    // SAFETY: the contract.
    unsafe {
        (
            _mm512_maskz_shuffle_i64x2::<IMM>(k, q.0, q.0),
            _mm512_maskz_shuffle_i64x2::<IMM>(k, q.1, q.1),
        )
    }
}

/// A step's first-round operands (\[X0, X1, X_D, c\], \[Z1, Z0, Z_D, Z_D\]) from the
/// last step's X terms \[x·t0², x·t1², t0·t1, X_dbl\] and squares \[t0², t1², Z_dbl, ·\]:
/// the sum is the XOR of lanes 0–2 (X) or 0–1 (Z), the double lane 3 (X) or 2 (Z). R0 is
/// the sum where `b` (that step's bit, as a mask) is set and the double elsewhere, and
/// the point to double is the sum where `e` (b XOR this step's bit) is set.
///
/// # Safety
/// The CPU must support AVX-512F.
#[inline(always)]
unsafe fn operands(xs: Quad, zs: Quad, cq: Quad, b: u64, e: u64) -> (Quad, Quad) {
    // The word masks of the lanes that take the sum: in the X's, X0 (lane 0) where b is
    // set, X1 (lane 1) where it is not, X_D (lane 2) where e is; in the Z's, Z1 (lane 0)
    // where b is not, Z0 (lane 1) where it is, Z_D (lanes 2, 3) where e is.
    let (b, e) = (b as u8, e as u8);
    let ka: __mmask8 = (0x03 & b) | (0x0C & !b) | (0x30 & e);
    let kb: __mmask8 = (0x03 & !b) | (0x0C & b) | (0xF0 & e);
    // SAFETY: the contract.
    unsafe {
        // First terms: X lane 0 (words 0–1) or 3 (6–7), XOR 6 apart, and c from `cq`'s
        // lane 3 (words 14–15 of the pair) in one two-source permutation, which keeps c
        // off the path (a masked one-source permutation compiled to a permutation and
        // an insertion one after the other); Z lane 0 or 2 (4–5).
        let six = _mm512_maskz_mov_epi64(ka, _mm512_set1_epi64(6));
        let ia = FourLanes::xor(_mm512_set_epi64(15, 14, 7, 6, 7, 6, 7, 6), six);
        let four = _mm512_maskz_mov_epi64(kb, _mm512_set1_epi64(4));
        let ib = FourLanes::xor(_mm512_set_epi64(5, 4, 5, 4, 5, 4, 5, 4), four);
        let first = (
            _mm512_permutex2var_epi64(xs.0, ia, cq.0),
            _mm512_permutex2var_epi64(xs.1, ia, cq.1),
        );
        let (x1, x2) = (spread::<0x55>(ka, xs), spread::<0xAA>(ka, xs));
        let a = (
            _mm512_ternarylogic_epi64::<0x96>(first.0, x1.0, x2.0),
            _mm512_ternarylogic_epi64::<0x96>(first.1, x1.1, x2.1),
        );
        let bz = add(permute(ib, zs), spread::<0x55>(kb, zs));
        (a, bz)
    }
}

/// One step from its first-round operands (see the module documentation): the X terms
/// \[x·t0², x·t1², t0·t1, X_dbl\] and the squares \[t0², t1², Z_dbl, s\]. `xq` holds x in
/// lanes 0 and 1.
///
/// # Safety
/// The CPU must support AVX-512F, AVX-512BW, GFNI and VPCLMULQDQ.
#[inline(always)]
unsafe fn step(a: Quad, bz: Quad, xq: Quad) -> (Quad, Quad) {
    // SAFETY: the contract.
    unsafe {
        // X_D in lane 3, beside n.
        let xd = (
            _mm512_maskz_shuffle_i64x2::<0x80>(0xC0, a.0, a.0),
            _mm512_maskz_shuffle_i64x2::<0x80>(0xC0, a.1, a.1),
        );
        let p = mul(a, bz);
        let sq = sqr_spread(add(p, xd));
        // t0 and t1 moved to lane 2 (off the critical path: they wait for the square).
        let t0 = permute(_mm512_set_epi64(0, 0, 1, 0, 0, 0, 0, 0), p);
        let t1 = permute(_mm512_set_epi64(0, 0, 3, 2, 0, 0, 0, 0), p);
        let left = blend(0xC0, blend(0x30, xq, t0), sq);
        let right = blend(0x30, sq, t1);
        (mul(left, right), sq)
    }
}
