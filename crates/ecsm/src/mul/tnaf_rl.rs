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
//! ([`BinaryField::lambda_rounds4`], `backend::lambda4`), 0.77 of `tnaf`'s time. At the end the t accumulators are
//! combined as Σ_u α_u·B_u by Horner's rule in τ over the α_u's own τNAFs: C_j =
//! Σ_u e_(u,j)·B_u, result = C_0 + τ(C_1 + τ(C_2 + …)), with λ-projective additions
//! (11M + 2S) and Frobenius maps (3S).
//!
//! As in `tnaf`, the expansion is cut at h = [`BinaryField::FROBENIUS_CUT`] and both
//! halves walk the orbit together, the high half from τ^h(P) (2 table walks): about m/2
//! orbit steps of 4S.
//!
//! Cost **(n − 1)·4S + wt·(8M + 2S) − t·(8M + 2S) + combination + 2I + 4M + 2W_h**
//! (n ≈ m/2 orbit steps, wt ≈ (m + 1)/(w + 1) nonzero digits, each accumulator's first
//! digit free; the combination (Σ_u |α_u|₀ − 1) additions of 11M + 2S and (ℓ − 1)
//! Frobenius maps, |α_u|₀ the weight and ℓ the longest length of the α_u's τNAFs; one
//! inversion to put P in λ-affine and one for the result). **Variable-time**: the
//! recoding and the loop branch on the digits.

use super::binary::BinaryMulError;
use super::tnaf::{
    checked_digits, frob_lambda, frob_lambda_affine_pow, mixed_add, Exceptional, TNAF_MAX_W,
};
use crate::curve::binary::{Affine, BinaryCurve, CurveShape, Lambda, LambdaAffine};
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
    let Some((c, digits)) = checked_digits(curve, k, p, w, "tnaf-rl")? else {
        return Ok(Affine::Infinity);
    };
    let h = F::FROBENIUS_CUT;
    let (lo, hi) = digits.split_at(h.min(digits.len()));
    let base = curve.affine_to_lambda_affine(p);
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
    Ok(q.map_or(Affine::Infinity, |v| curve.lambda_to_affine(&v)))
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
        let buckets =
            match four.map_or_else(|| accumulate::<G, S, false>(&curve, bases, self.halves), Ok) {
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
/// code for the field ([`BinaryField::lambda_rounds4`]): the orbit is walked first and
/// each nonzero digit's point put in the next round of its accumulator, alternately in
/// group 0 and group 1 (two independent chains of additions, summed at the end), round r
/// holding every accumulator's r-th point of each group. `None` where the backend has
/// no such code, a base is not a finite point, or an addition was exceptional; the
/// caller then runs [`accumulate`].
#[inline(always)]
fn accumulate4<G: BinaryField>(
    bases: [LambdaAffine<G>; 2],
    halves: [&[i8]; 2],
) -> Option<[Option<Lambda<G>>; MAX_BUCKETS]> {
    let [LambdaAffine::Point { x: x0, l: l0 }, LambdaAffine::Point { x: x1, l: l1 }] = bases else {
        return None;
    };
    let n = halves[0].len().max(halves[1].len());
    let mut orbit = [(x0, l0), (x1, l1)];
    let mut rounds: Vec<([G; 16], u8)> = Vec::with_capacity(n / 8 + 8);
    let mut count = [0usize; 4];
    for i in 0..n {
        for (half, &(x, l)) in halves.iter().zip(&orbit) {
            let d = half.get(i).copied().unwrap_or(0);
            if d == 0 {
                continue;
            }
            let j = usize::from(d.unsigned_abs() / 2) & 3;
            let (r, group) = (count[j] / 2, count[j] % 2);
            count[j] += 1;
            if r == rounds.len() {
                rounds.push(([G::zero(); 16], 0));
            }
            let round = &mut rounds[r];
            round.0[8 * group + j] = x;
            round.0[8 * group + 4 + j] = if d < 0 { l + G::one() } else { l };
            round.1 |= 1 << (4 * group + j);
        }
        if i + 1 < n {
            let (xa, xb) = G::square_pair(&orbit[0].0, &orbit[1].0);
            let (la, lb) = G::square_pair(&orbit[0].1, &orbit[1].1);
            orbit = [(xa, la), (xb, lb)];
        }
    }
    if rounds.is_empty() {
        return Some([None; MAX_BUCKETS]);
    }
    let (out, exceptional) = G::lambda_rounds4(&rounds)?;
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
