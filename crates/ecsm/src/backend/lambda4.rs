//! Four λ-projective mixed additions side by side in 512-bit registers, for GF(2^233)
//! (K-233's `tnaf-rl:w=4`).
//!
//! `tnaf-rl` adds each nonzero digit's point into the accumulator of its digit value,
//! so with w = 4 its additions fall into four independent chains. On one core those
//! chains are bound by the throughput of the field products, not their latency: in a
//! stand-alone harness (native build, AMD Zen 5, eight independent chains) a GF(2^233)
//! product took 6.8 ns of issue time in one 128-bit lane, 3.3 ns two to a 256-bit
//! register and 1.5 ns four to a 512-bit register. Here the four accumulators live in
//! the four 128-bit lanes of 512-bit registers (an element in two registers: words 0–1
//! in one, 2–3 in the other), and one round adds a λ-affine point to each accumulator
//! that takes one, with `clmul233`'s product and reduction on four lanes and the squares
//! spread by GFNI (`four233::sqr_spread`, which leaves the carry-less multiplier to the
//! products: K-233 0.972 against squares by multiplies, stop 61). Lanes that
//! take no point in a round keep their value (a masked blend). Two such groups of four
//! lanes run as two independent chains, each digit's point going to them in turn, and
//! are summed lane by lane at the end with the λ-projective addition (`full`).
//!
//! The points come from four Frobenius orbits that [`orbit_rounds`] walks itself, one
//! four-lane squaring of the x's and one of the λ's a step, into a buffer the rounds
//! read by index (`OrbitRound`, planned by the caller from the digits alone). Earlier
//! the caller walked two orbits and copied each point into the rounds, then this
//! module copied it again into its registers, with a branch per digit in that loop.
//!
//! The formula is [`crate::curve::binary::BinaryCurve::lambda_mixed_add`]'s (seed 001,
//! 8M + 2S): A = L + λ·Z, f = X + x·Z, B = f², X3 = (A·x·Z)·(A·X),
//! L3 = (A·x·Z + B)² + A·B·(L + Z), Z3 = A·B·Z. A round whose f or Z3 is zero in a lane
//! it adds to (an accumulator equal to ± the point, or a sum equal to the point T of
//! order 2) marks the result exceptional, and the caller redoes the work with the
//! general additions.
//!
//! Variable-time in the number of rounds, the lane masks and the points read, which
//! come from the digits: this serves the variable-time `tnaf-rl` only.

use super::clmul233::{applies, Lanes};
use super::four233::{
    add, blend, mul, quad, sqr_spread, words, words_of, zero_lanes, FourLanes, Quad,
};
use super::{OrbitRound, Reduction};
use core::arch::x86_64::*;
use core::mem::MaybeUninit;

/// One group's four accumulators (X, L, Z).
type Group = (Quad, Quad, Quad);

/// Whether [`rounds`] has code for this field: GF(2^233).
pub(super) const fn has_rounds<const N: usize, R: Reduction<N>>() -> bool {
    applies::<N, R>()
}

/// One group's accumulators plus (x, λ) in the lanes of `k`: the mixed addition of the
/// module documentation (8M + 2S), and the word mask of the lanes it could not handle.
///
/// # Safety
/// The CPU must support AVX-512F, AVX-512BW, GFNI and VPCLMULQDQ.
#[inline(always)]
unsafe fn mixed((x, l, z): Group, xq: Quad, lq: Quad, k: __mmask8) -> (Group, __mmask8) {
    // SAFETY: the contract.
    unsafe {
        let a = add(l, mul(lq, z));
        let e = mul(xq, z);
        let f = add(x, e);
        let b = sqr_spread(f);
        let i = mul(a, e);
        let ax = mul(a, x);
        let kk = mul(a, b);
        let x3 = mul(i, ax);
        let z3 = mul(kk, z);
        let l3 = add(sqr_spread(add(i, b)), mul(kk, add(l, z)));
        let bad = k & (zero_lanes(f) | zero_lanes(z3));
        ((blend(k, x, x3), blend(k, l, l3), blend(k, z, z3)), bad)
    }
}

/// P1 + P2 lane by lane in λ-projective coordinates (11M + 2S, the formula of
/// `BinaryCurve::lambda_add`), and the word mask of the lanes where X1·Z2 = X2·Z1 (P1 =
/// ±P2 or O), which the formula does not cover.
///
/// # Safety
/// The CPU must support AVX-512F, AVX-512BW, GFNI and VPCLMULQDQ.
#[inline(always)]
unsafe fn full((x1, l1, z1): Group, (x2, l2, z2): Group) -> (Group, __mmask8) {
    // SAFETY: the contract.
    unsafe {
        let d = mul(x1, z2);
        let e = mul(x2, z1);
        let a = add(mul(l1, z2), mul(l2, z1));
        let f = add(d, e);
        let g = sqr_spread(f);
        let h = mul(a, d);
        let i = mul(a, e);
        let k = mul(a, mul(g, z2));
        let sum = (
            mul(h, i),
            add(sqr_spread(add(i, g)), mul(k, add(l1, z1))),
            mul(k, z1),
        );
        (sum, zero_lanes(f))
    }
}

/// Four orbits under τ walked side by side and `plan`'s rounds of mixed additions
/// drawn from them: the accumulators of `tnaf-rl:w=4`, in two groups of four lanes that
/// the rounds update side by side (two independent chains), then summed lane by lane.
///
/// The orbits start at (x_o, λ_o) = (`bases[o]`, `bases[4 + o]`) and run for `steps`
/// points, point 4s + o being τ^s of base o: one four-lane squaring of the x's and one
/// of the λ's a step, each step kept in a buffer. Before round r the walk reaches the
/// last point of round r + 1 rather than of round r: meant to let the walk overlap round
/// r, it measured no faster than walking just in time (stop 60, K-233) and is kept as
/// harmless.
///
/// Round r takes, in lane j of group 0 (j < 4) or lane j − 4 of group 1, the point
/// `plan[r].point[j]` where bit j of `plan[r].lanes` is set, negated (λ + 1) where bit j
/// of `plan[r].negate` is: round 0 sets the lanes it marks to (x, λ, 1) and every later
/// round adds its points to the lanes it marks, which round 0 must have marked too.
/// Accumulator j is then the sum of lane j of both groups (one of them where the other
/// is unmarked, O = (1, 1, 0) where neither is). Returns (X₀…X₃, L₀…L₃, Z₀…Z₃) and
/// whether an addition met a case the formulas do not cover; `None` for another field,
/// an empty plan, a marked point past the walk, or a walk longer than `MAX_STEPS`.
///
/// # Safety
/// The CPU must support AVX-512F, AVX-512BW, GFNI and VPCLMULQDQ.
#[inline(never)]
#[target_feature(enable = "avx512f,avx512bw,gfni,vpclmulqdq,pclmulqdq,avx,avx2")]
pub(super) unsafe fn orbit_rounds<const N: usize, R: Reduction<N>>(
    bases: &[[u64; N]; 8],
    steps: usize,
    plan: &[OrbitRound],
) -> Option<([[u64; N]; 12], bool)> {
    if const { !applies::<N, R>() } || plan.is_empty() {
        return None;
    }
    // The points each round needs, checked before any is read: the walk holds them all.
    if steps > MAX_STEPS || plan.iter().any(|r| r.steps_needed() > steps) {
        return None;
    }
    // SAFETY (the whole body): AVX-512F, AVX-512BW, GFNI and VPCLMULQDQ, this
    // function's contract; the points read from `orbit` are below `walked` (unmarked
    // lanes read step 0).
    unsafe {
        let one = (FourLanes::set(0, 1), FourLanes::set(0, 0));
        let zero = (FourLanes::set(0, 0), FourLanes::set(0, 0));
        // On the stack and left uninitialized (only walked steps are read): a `push`
        // that may grow kept the walk's registers in memory, the 15 KiB heap buffer of
        // K-233 cost a `malloc_consolidate` per call, and zeroing 20 KiB cost more.
        let mut orbit = [const { MaybeUninit::<[__m512i; 4]>::uninit() }; MAX_STEPS];
        let mut walked = 0;
        let (mut x, mut l) = (quad(&bases[..4]), quad(&bases[4..]));
        let mut g = [(one, one, zero), (one, one, zero)];
        let mut exceptional: __mmask8 = 0;
        let mut k0 = [0; 2];
        for (r, round) in plan.iter().enumerate() {
            // One round ahead (see the function documentation: no measured gain).
            let next = plan.get(r + 1).map_or(0, OrbitRound::steps_needed);
            let need = round.steps_needed().max(next);
            while walked < need {
                orbit[walked].write([x.0, x.1, l.0, l.1]);
                walked += 1;
                (x, l) = (sqr_spread(x), sqr_spread(l));
            }
            let base = orbit.as_ptr().cast::<__m128i>();
            for (h, gh) in g.iter_mut().enumerate() {
                let m = round.lanes >> (4 * h);
                let k = words_of(m);
                let pts = &round.point[4 * h..4 * h + 4];
                let xq = gather(base, pts, m, 0);
                let lq = gather(base, pts, m, 2);
                let neg = _mm512_maskz_set1_epi64(low_words_of(round.negate >> (4 * h)), 1);
                let lq = (FourLanes::xor(lq.0, neg), lq.1);
                if r == 0 {
                    *gh = (blend(k, one, xq), blend(k, one, lq), blend(k, zero, one));
                    k0[h] = k;
                } else {
                    let bad;
                    (*gh, bad) = mixed(*gh, xq, lq, k);
                    exceptional |= bad;
                }
            }
        }
        let [g0, g1] = g;
        let (sum, bad) = full(g0, g1);
        let both = k0[0] & k0[1];
        exceptional |= both & bad;
        let only1 = k0[1] & !k0[0];
        let pick = |s: Quad, a: Quad, b: Quad| blend(only1, blend(both, a, s), b);
        let (x, l, z) = (
            words::<N>(pick(sum.0, g0.0, g1.0)),
            words::<N>(pick(sum.1, g0.1, g1.1)),
            words::<N>(pick(sum.2, g0.2, g1.2)),
        );
        let out: [[u64; N]; 12] = core::array::from_fn(|i| match i / 4 {
            0 => x[i % 4],
            1 => l[i % 4],
            _ => z[i % 4],
        });
        Some((out, exceptional != 0))
    }
}

/// The longest walk [`orbit_rounds`] takes (a quarter of GF(2^233)'s expansion is at
/// most about 70 digits): 80 steps of four registers, 20 KiB of stack.
const MAX_STEPS: usize = 80;

/// The word mask of word 0 of the lanes in `m` (bit j for lane j).
#[inline(always)]
fn low_words_of(m: u8) -> __mmask8 {
    (0..4).fold(0, |k, j| k | ((m >> j) & 1) << (2 * j))
}

/// Lane j of the result from point `pts[j]` of the walked orbit where bit j of `m` is
/// set (point 0 elsewhere): its x (`field` 0) or λ (`field` 2). A step of the walk is four
/// registers, x's words 0–1 and 2–3 and λ's, orbit o in lane o of each.
///
/// # Safety
/// The CPU must support AVX-512F, and `base` must point to at least
/// max(1, marked `pts[j]` / 4 + 1) walked steps.
#[inline(always)]
unsafe fn gather(base: *const __m128i, pts: &[u16], m: u8, field: usize) -> Quad {
    let mut q = (FourLanes::set(0, 0), FourLanes::set(0, 0));
    for (j, &p) in pts.iter().enumerate() {
        // An unmarked lane reads point 0, without a branch; the rounds blend it away.
        let on = usize::from((m >> j) & 1);
        let (s, o) = (usize::from(p >> 2) * on, usize::from(p & 3) * on);
        let k: __mmask16 = 0xF << (4 * j);
        // SAFETY: the contract (step s walked; a step is 16 128-bit lanes).
        unsafe {
            let at = base.add(16 * s + 4 * field + o);
            q.0 = _mm512_mask_broadcast_i32x4(q.0, k, _mm_loadu_si128(at));
            q.1 = _mm512_mask_broadcast_i32x4(q.1, k, _mm_loadu_si128(at.add(4)));
        }
    }
    q
}
