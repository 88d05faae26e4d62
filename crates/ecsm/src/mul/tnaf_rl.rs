//! The width-w τNAF evaluated from the bottom digit up into one accumulator per window
//! entry (`tnaf-rl:w=W`), on the Koblitz curves.
//!
//! [`super::tnaf::tnaf`] evaluates Σ u_i·τ^i(P) from the top (HMV Alg. 3.70): each
//! mixed addition waits for the one before it, so the loop runs at the latency of one
//! addition per nonzero digit. Here the sum is regrouped by digit value,
//!
//! Σ_i u_i·τ^i(P) = Σ_u α_u·B_u,  B_u = Σ_{i : u_i = ±u} ±τ^i(P),
//!
//! the right-to-left form of Yao's method (D. E. Knuth, *The Art of Computer
//! Programming* 2, §4.6.3, Yao's algorithm; for τ-adic digits, HMV §3.4's
//! Alg. 3.70 read the other way). τ^i(P) is P's Frobenius orbit, λ-affine (2S a step),
//! so each nonzero digit is one mixed addition (8M + 2S) into the accumulator B_u of its
//! value: t = 2^(w−2) independent chains. No table α_u·P is built and no inversion
//! serves one. With one- and two-lane field code that gained only 4 % on K-233 (the
//! loop is bound by how fast products issue, not by their latency); with w = 4 over
//! GF(2^233) on a CPU with AVX-512 the four chains run four lanes at a time
//! ([`BinaryField::lambda_orbit_rounds4`], `backend::lambda4`), 0.77 of `tnaf`'s time
//! (README, stops 59 and 60). At the end the t accumulators are combined as
//! Σ_u α_u·B_u by Horner's rule in τ over the α_u's own τNAFs: C_j = Σ_u e_(u,j)·B_u,
//! result = C_0 + τ(C_1 + τ(C_2 + …)), with λ-projective additions (11M + 2S) and
//! Frobenius maps (3S). (A balanced tree of the same additions measured slower on
//! K-233, both with one-lane and with four-lane additions: they are latency-bound.)
//!
//! As in `tnaf`, the expansion is cut at h = [`BinaryField::FROBENIUS_CUT`] and both
//! halves walk the orbit together, the high half from τ^h(P) (2 table walks): about m/2
//! orbit steps of 4S. The four-lane path cuts each half again (four orbits of about m/4
//! steps, 4 more table walks) and lets the backend walk them beside the additions.
//!
//! From (x, ỹ) ([`tnaf_rl_compressed`], what `mul_compressed` and `mul_hinted` run)
//! the decompression yields λ = x + z directly, z = y/x being the root it solves for,
//! which saves one of the two inversions below.
//!
//! Cost **(n − 1)·4S + wt·(8M + 2S) − t·(8M + 2S) + combination + 2I + 4M + 2W_h**
//! (n ≈ m/2 orbit steps, wt ≈ (m + 1)/(w + 1) nonzero digits, each accumulator's first
//! digit free; the combination (Σ_u |α_u|₀ − 1) additions of 11M + 2S and (ℓ − 1)
//! Frobenius maps, |α_u|₀ the weight and ℓ the longest length of the α_u's τNAFs; one
//! inversion to put an affine P in λ-affine and one for the result; from (x, ỹ),
//! I + 2M fewer: the inversion and the products y = x·z and y·(1/x), 3I against 2I in
//! `ecsm count` on K-233). **Variable-time**: the recoding and the loop branch on the
//! digits.

use super::binary::BinaryMulError;
use super::tnaf::{
    checked_digits, frob_lambda, frob_lambda_affine_pow, mixed_add, Constants, Exceptional,
    TNAF_MAX_W,
};
use crate::backend::OrbitRound;
use crate::curve::binary::{Affine, BinaryCurve, Compressed, CurveShape, Lambda, LambdaAffine};
use crate::field::{BinaryField, BinaryFieldTask, FieldMap};

/// The width of `tnaf-rl` when a spec names none.
pub const TNAF_RL_DEFAULT_W: usize = 4;

/// The most accumulators: 2^(w−2) for w ≤ [`TNAF_MAX_W`].
const MAX_BUCKETS: usize = 1 << (TNAF_MAX_W - 2);

/// \[k\]P by the width-w τNAF evaluated right to left into 2^(w−2) accumulators (module
/// documentation). Errors: [`BinaryMulError::BadParameter`] for w outside 2..=6,
/// [`BinaryMulError::NotApplicable`] on a curve that is not a Koblitz curve.
pub fn tnaf_rl<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    k: &[u64],
    p: &Affine<F>,
    w: usize,
) -> Result<Affine<F>, BinaryMulError> {
    let Some((c, digits)) = checked_digits(curve, k, p.is_infinity(), w, "tnaf-rl")? else {
        return Ok(Affine::Infinity);
    };
    Ok(evaluate(
        curve,
        c,
        &digits,
        curve.affine_to_lambda_affine(p),
        w,
    ))
}

/// [`tnaf_rl`] from P = (x, ỹ): the decompression gives λ = x + y/x directly
/// ([`BinaryCurve::decompress_lambda`]), which saves the inversion and the product that
/// [`tnaf_rl`] spends to put an affine P in λ-affine coordinates. A pair naming no point
/// is [`BinaryMulError::Encoding`] whatever k is; then the errors of [`tnaf_rl`].
pub fn tnaf_rl_compressed<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    k: &[u64],
    p: &Compressed<F>,
    w: usize,
) -> Result<Affine<F>, BinaryMulError> {
    let base = curve.decompress_lambda(p)?;
    let at_infinity = matches!(base, LambdaAffine::Infinity);
    let Some((c, digits)) = checked_digits(curve, k, at_infinity, w, "tnaf-rl")? else {
        return Ok(Affine::Infinity);
    };
    Ok(evaluate(curve, c, &digits, base, w))
}

/// Σ u_i·τ^i(P) for the τNAF `digits` of width w and P = `base` ≠ O, affine.
fn evaluate<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    c: &Constants,
    digits: &[i8],
    base: LambdaAffine<F>,
    w: usize,
) -> Affine<F> {
    let h = F::FROBENIUS_CUT;
    let (lo, hi) = digits.split_at(h.min(digits.len()));
    let base_hi = if hi.is_empty() {
        base
    } else {
        frob_lambda_affine_pow(&base, h)
    };
    let q = F::run_task(RlLoop {
        curve,
        bases: [base, base_hi],
        halves: [lo, hi],
        expansion: c.window(w).expansion(),
    });
    q.map_or(Affine::Infinity, |v| curve.lambda_to_affine(&v))
}

/// The accumulation and the combination of [`tnaf_rl`] as one [`BinaryField::run_task`]
/// (inside the backend's feature context, as `TnafLoop`).
struct RlLoop<'a, F, S> {
    curve: &'a BinaryCurve<F, S>,
    bases: [LambdaAffine<F>; 2],
    halves: [&'a [i8]; 2],
    expansion: &'a [Vec<i8>],
}

impl<F: BinaryField, S: CurveShape> BinaryFieldTask<F> for RlLoop<'_, F, S> {
    type Output = Option<Lambda<F>>;
    #[inline(always)]
    fn pairs(&self) -> bool {
        true
    }
    #[inline(always)]
    fn run<G: BinaryField, M: FieldMap<F, G>>(self, map: M) -> Self::Output {
        let to = |f: F| map.to(f);
        let curve = self.curve.map_field(to);
        let bases = self.bases.map(|b| b.map(to));
        let t = self.expansion.len();
        let four = if t == 4 && G::has_lambda_rounds4() {
            accumulate4(bases, self.halves)
        } else {
            None
        };
        // A `match`, not `map_or_else`: a closure is compiled without the caller's
        // `#[target_feature]`, and the whole loop in it ran on intrinsics as calls on
        // `vpclmul`'s AVX2 compilation (K-233 `tnaf-rl:w=4` with `ECSM_AVX512=0`: 113 µs).
        let first = match four {
            Some(b) => Ok(b),
            None => accumulate::<G, S, false>(&curve, bases, self.halves),
        };
        let buckets = match first {
            Ok(b) => b,
            Err(Exceptional) => match accumulate::<G, S, true>(&curve, bases, self.halves) {
                Ok(b) => b,
                Err(Exceptional) => unreachable!("the general additions handle every case"),
            },
        };
        combine(&curve, &buckets[..t], self.expansion).map(|v| v.map(|g| map.back(g)))
    }
}

/// B_u for every odd u < 2^(w−1) (`None` for an accumulator no digit reached): the
/// halves' digits walk P's and τ^h(P)'s Frobenius orbits together. The fast pass
/// (`GENERAL` false) gives up on a base that is not a finite point and on any addition
/// the bare formula does not cover ([`mixed_add`]); the general pass takes every case.
#[inline(always)]
fn accumulate<G: BinaryField, S: CurveShape, const GENERAL: bool>(
    curve: &BinaryCurve<G, S>,
    bases: [LambdaAffine<G>; 2],
    halves: [&[i8]; 2],
) -> Result<[Option<Lambda<G>>; MAX_BUCKETS], Exceptional> {
    let mut buckets: [Option<Lambda<G>>; MAX_BUCKETS] = [None; MAX_BUCKETS];
    let n = halves[0].len().max(halves[1].len());
    let mut orbit = bases;
    if !GENERAL
        && orbit
            .iter()
            .any(|b| !matches!(b, LambdaAffine::Point { .. }))
    {
        return Err(Exceptional);
    }
    for i in 0..n {
        for (half, r) in halves.iter().zip(&orbit) {
            let d = half.get(i).copied().unwrap_or(0);
            if d == 0 {
                continue;
            }
            let e = if d < 0 { r.neg() } else { *r };
            // |d| < 2^(w−1) ≤ 32, so the index is below t ≤ 16.
            let slot = &mut buckets[usize::from(d.unsigned_abs() / 2)];
            *slot = Some(match slot {
                None => curve.lambda_affine_to_lambda(&e),
                Some(acc) => mixed_add::<G, S, GENERAL>(curve, acc, &e)?,
            });
        }
        if i + 1 < n {
            orbit = frob_pair(orbit);
        }
    }
    Ok(buckets)
}

/// [`accumulate`]'s fast pass for four accumulators (w = 4) on a backend with four-lane
/// code for the field ([`BinaryField::lambda_orbit_rounds4`]). Each half is cut again
/// at q, its upper quarter walked from τ^q of its base (2 table walks each), so the
/// backend walks four orbits of about m/4 steps side by side. The plan of rounds is made
/// here from the digits alone: each nonzero digit's point goes to the next round of its
/// accumulator, alternately in group 0 and group 1 (two independent chains of additions,
/// summed at the end), round r holding every accumulator's r-th point of each group.
/// `None` where the backend has no such code, a base is not a finite point, or an
/// addition was exceptional; the caller then runs [`accumulate`].
#[inline(always)]
fn accumulate4<G: BinaryField>(
    bases: [LambdaAffine<G>; 2],
    halves: [&[i8]; 2],
) -> Option<[Option<Lambda<G>>; MAX_BUCKETS]> {
    let [LambdaAffine::Point { x: x0, l: l0 }, LambdaAffine::Point { x: x1, l: l1 }] = bases else {
        return None;
    };
    let q = (halves[0].len() / 2).max(1);
    let (a, b) = halves[0].split_at(q.min(halves[0].len()));
    let (c, d) = halves[1].split_at(q.min(halves[1].len()));
    let quarters = [a, b, c, d];
    let steps = quarters.iter().map(|d| d.len()).max().unwrap_or(0);
    // `plan4` numbers the points 4s + o in 16 bits and counts them in 16-bit fields (the
    // backend's walk is far shorter: 80 steps at most).
    if 4 * steps >= usize::from(u16::MAX) {
        return None;
    }
    let (plan, count) = plan4(&quarters, steps);
    if plan.is_empty() {
        return Some([None; MAX_BUCKETS]);
    }
    let orbit_bases = [
        x0,
        x0.multi_square(q),
        x1,
        x1.multi_square(q),
        l0,
        l0.multi_square(q),
        l1,
        l1.multi_square(q),
    ];
    let (out, exceptional) = G::lambda_orbit_rounds4(orbit_bases, steps, &plan)?;
    if exceptional {
        return None;
    }
    let mut buckets = [None; MAX_BUCKETS];
    for (j, b) in buckets.iter_mut().take(4).enumerate() {
        if count[j] > 0 {
            *b = Some(Lambda {
                x: out[j],
                l: out[4 + j],
                z: out[8 + j],
            });
        }
    }
    Some(buckets)
}

/// The rounds of [`accumulate4`] for the digits of four orbits (`quarters[o][s]` the
/// digit of τ^s of base o), and how many points each accumulator takes. The nonzero
/// digits are first gathered in walk order without a branch on each (an unconditional
/// write, the count advanced by d ≠ 0), and the four counts are kept in one word: a
/// branch per digit, or the counts in memory, took about 0.5 µs on K-233.
#[inline(always)]
fn plan4(quarters: &[&[i8]; 4], steps: usize) -> (Vec<OrbitRound>, [usize; 4]) {
    let mut nonzero = vec![(0u16, 0i8); 4 * steps + 1];
    let mut n = 0;
    for s in 0..steps {
        for (o, digits) in quarters.iter().enumerate() {
            let d = digits.get(s).copied().unwrap_or(0);
            // 4s + o < 2^16 − 1, checked by the caller.
            nonzero[n] = ((4 * s + o) as u16, d);
            n += usize::from(d != 0);
        }
    }
    let mut counts = 0u64;
    let mut plan = vec![OrbitRound::default(); n / 2 + 1];
    for &(point, d) in &nonzero[..n] {
        let j = usize::from(d.unsigned_abs() / 2) & 3;
        let c = ((counts >> (16 * j)) & 0xffff) as usize;
        counts += 1 << (16 * j);
        let (r, lane) = (c / 2, 4 * (c % 2) + j);
        let round = &mut plan[r];
        round.point[lane] = point;
        round.lanes |= 1 << lane;
        round.negate |= u8::from(d < 0) << lane;
    }
    let count: [usize; 4] = core::array::from_fn(|j| ((counts >> (16 * j)) & 0xffff) as usize);
    plan.truncate(count.iter().map(|c| c.div_ceil(2)).max().unwrap_or(0));
    (plan, count)
}

/// τ on two λ-affine points: (x, λ) ↦ (x², λ²), as two squaring pairs. O and T stay.
#[inline(always)]
fn frob_pair<G: BinaryField>(pts: [LambdaAffine<G>; 2]) -> [LambdaAffine<G>; 2] {
    match pts {
        [LambdaAffine::Point { x: x0, l: l0 }, LambdaAffine::Point { x: x1, l: l1 }] => {
            let (x0, x1) = G::square_pair(&x0, &x1);
            let (l0, l1) = G::square_pair(&l0, &l1);
            [
                LambdaAffine::Point { x: x0, l: l0 },
                LambdaAffine::Point { x: x1, l: l1 },
            ]
        }
        other => other.map(|e| match e {
            LambdaAffine::Point { x, l } => LambdaAffine::Point {
                x: x.square(),
                l: l.square(),
            },
            o => o,
        }),
    }
}

/// Σ_u α_u·B_u by Horner's rule in τ over the α_u's τNAFs, `None` for O reached with no
/// term at all.
#[inline(always)]
fn combine<G: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<G, S>,
    buckets: &[Option<Lambda<G>>],
    expansion: &[Vec<i8>],
) -> Option<Lambda<G>> {
    let longest = expansion.iter().map(Vec::len).max().unwrap_or(0);
    let mut acc: Option<Lambda<G>> = None;
    for j in (0..longest).rev() {
        acc = acc.map(|a| frob_lambda(&a));
        for (e, b) in expansion.iter().zip(buckets) {
            let (Some(&d), Some(b)) = (e.get(j), b) else {
                continue;
            };
            if d == 0 {
                continue;
            }
            let term = if d < 0 { b.neg() } else { *b };
            acc = Some(match acc {
                None => term,
                Some(a) => curve.lambda_add_inline(&a, &term),
            });
        }
    }
    acc
}
