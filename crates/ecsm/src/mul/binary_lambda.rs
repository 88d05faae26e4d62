//! The λ-coordinate methods of seed 001 on the NIST binary curves: left-to-right NAF_w
//! double-and-add with a λ-projective accumulator ([`lambda_naf`]), and right-to-left
//! NAF_w halve-and-add with halving in λ-affine coordinates ([`halve_add`]).
//!
//! - **lambda-naf** (`lambda-naf:w=W`): the odd multiples P, \[3\]P, …, \[2^(w−1) − 1\]P in
//!   λ-affine coordinates ([`lambda_odd_multiples`]), then one step per NAF_w digit below
//!   the top one: a doubling for a zero digit, the fused doubling-and-addition 2Q ± P_d
//!   ([`BinaryCurve::lambda_double_add`], 10M + 6S) for a nonzero one. On the Koblitz
//!   curves (a6 = 1) the doubling is [`BinaryCurve::lambda_double_alt`], whose constant
//!   multiplications vanish there (3M + 4S); elsewhere
//!   [`BinaryCurve::lambda_double`] (4M + 4S). Every λ formula used is complete or falls
//!   back to affine arithmetic on its special cases, so every point of the curve works,
//!   including those of order 2 and 4 and those outside the subgroup.
//! - **halve-add** (`halve-add:w=W`, HMV *Guide to ECC* Alg. 3.91 with the halving of
//!   [`BinaryCurve::lambda_affine_halve`], as seed 001 does it for GLS254): with n the odd
//!   order of the subgroup G = 2E (#E = 2n) and t = bit length of n, k′ = 2^t·k mod n
//!   is recoded as NAF_w, so that \[k\]P = Σ_i d_i·(P / 2^(t−i)) for P ∈ G. Right to
//!   left, the digit at position i adds ±P/2^(t−i) into one of 2^(w−2) λ-projective
//!   accumulators Q_j (by |d_i| = 2j + 1), and P is halved between positions; at the end
//!   Q = Σ_j (2j + 1)·Q_j. Halving is the inverse of doubling only on G, and applies
//!   only when Tr(a2) = 1: the five B-curves and K-163 (whose a2 = 1), not the other
//!   Koblitz curves (a2 = 0, #E = 4n). A point outside G is P = P′ + T with P′ ∈ G and
//!   T = (0, √a6) (P ∈ G exactly when Tr(x(P)) = Tr(a2), HMV §3.6), so
//!   \[k\]P = \[k mod n\]P′ + \[k mod 2\]T; T itself and O are answered directly.
//!
//! **Both methods are variable-time**: they branch on the digits of the scalar, on the
//! special cases of the formulas, and the half-trace reads tables at value-dependent
//! indices. Use them on public scalars.
//!
//! Measured costs (`tests/heavy/binary_lambda.rs`, on [`crate::cost::Counted`]; `ecsm
//! count --curve B-233`, averaged over random points and scalars below n, from (x, ỹ) so
//! with the decompression's I + H): lambda-naf:w=4 4I + 1H + 1235M + 1018S, halve-add:w=4
//! 3I + 233H + 659M + 104S (and about 233 square roots and 236 traces), against naf:w=4
//! 6I + 1H + 1295M + 1382S and the ladder 1I + 1H + 1411M + 934S. Halve-and-add trades
//! about 580M + 910S for 233 (H + √); with this machine's H ≈ 4–5M and √ ≈ 2M (`ecsm
//! field-bench`), that is about even on the 163-bit curves and a loss from B-233 up, and
//! the half-trace's table look-ups cost more inside the loop than in the field
//! benchmark's chains.

use super::binary::NAF_RECODE_MAX_W;
use super::binary::{check_param, odd_table, two_torsion_mul, BinaryMulError, NAF_MIN_W};
use super::{bit, bit_len, cmp_words};
use crate::curve::binary::{Affine, BinaryCurve, CurveShape, Lambda, LambdaAffine};
use crate::field::batch::batch_invert_vartime;
use crate::field::BinaryField;
use crate::recode::{wnaf, RecodeError};

/// The width of `lambda-naf` when a spec names none. Measured (`ecsm count` priced at
/// this machine's `ecsm field-bench` timings, the direct timings being too noisy to
/// separate them): w = 4 is the fastest on B-163 and K-163, level with w = 5 on B-233
/// and K-233, and within 2 % of w = 5 on B-283 … B-571.
pub const LAMBDA_NAF_DEFAULT_W: usize = 4;
/// The width of `halve-add` when a spec names none, by the same measurement: w = 4 is
/// the fastest on B-163 and K-163, level with w = 5 on B-233, within 2 % on the others.
pub const HALVE_ADD_DEFAULT_W: usize = 4;

/// Why halve-and-add does not apply, for [`BinaryMulError::NotApplicable`].
pub const HALVING_NEEDS: &str =
    "point halving needs Tr(a2) = 1 and the odd order n = #E/2 of the subgroup";

/// P, \[3\]P, …, \[2t − 1\]P in λ-affine coordinates: the affine odd multiples with one
/// inversion ([`BinaryCurve::odd_multiples`]; just P for t = 1), then their λ = x + y/x
/// with one more inversion shared by all (Montgomery's trick). Cost
/// **2I + (13t − 12)M + 2tS** for t ≥ 2 and **I + 1M** for t = 1. A table point O or T
/// (possible only for P of order dividing 2·(2t − 1), never in the subgroup) is
/// converted on its own.
pub fn lambda_odd_multiples<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    p: &Affine<F>,
    t: usize,
) -> Vec<LambdaAffine<F>> {
    let odd = odd_table(curve, p, t, true);
    let mut inv: Vec<F> = odd.iter().filter_map(|q| q.x()).collect();
    if inv.len() != odd.len() || batch_invert_vartime(&mut inv).is_err() {
        return odd
            .iter()
            .map(|q| curve.affine_to_lambda_affine(q))
            .collect();
    }
    odd.iter()
        .zip(inv)
        .map(|(q, ix)| match *q {
            Affine::Point { x, y } => LambdaAffine::Point { x, l: x + y * ix },
            Affine::Infinity => LambdaAffine::Infinity,
        })
        .collect()
}

/// ±table\[|d|/2\] for an odd digit d.
#[inline(always)]
fn pick<F: BinaryField>(table: &[LambdaAffine<F>], d: i8) -> LambdaAffine<F> {
    let e = table[(d.unsigned_abs() / 2) as usize];
    if d < 0 {
        e.neg()
    } else {
        e
    }
}

/// The doubling of the loops: [`BinaryCurve::lambda_double_alt`] when a6 = 1, where its
/// multiplication by a2² + a6 is free or vanishes and (a2 + 1)·Z3 costs nothing
/// (3M + 4S), else [`BinaryCurve::lambda_double`] (4M + 4S, the same count as the
/// alternative's 3M + 4S + 1C with a general a6). Both are complete.
#[inline(always)]
fn double<F: BinaryField, S: CurveShape>(curve: &BinaryCurve<F, S>, q: &Lambda<F>) -> Lambda<F> {
    if curve.a6_is_one() {
        curve.lambda_double_alt(q)
    } else {
        curve.lambda_double(q)
    }
}

/// \[k\]P by left-to-right NAF_w (HMV Alg. 3.36) in λ-projective coordinates (see the
/// module documentation). Cost, with len digits of which wt are nonzero and D the
/// doubling above: **(len − wt)·D + (wt − 1)·(10M + 6S) + I + 3M** plus the table of
/// [`lambda_odd_multiples`] (t = 2^(w−2)). w ∈ 2..=8 ([`RecodeError`] otherwise). Any
/// point of the curve and any k; P = T (x = 0, which λ-affine cannot hold) is answered
/// by the parity of k. **Variable-time.**
pub fn lambda_naf<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    k: &[u64],
    p: &Affine<F>,
    w: usize,
) -> Result<Affine<F>, RecodeError> {
    let digits = wnaf(k, w as u32)?;
    let Affine::Point { x, .. } = *p else {
        return Ok(Affine::Infinity);
    };
    if x.is_zero() {
        return Ok(two_torsion_mul(curve, k));
    }
    let mut it = digits.iter().rev();
    let Some(&top) = it.next() else {
        return Ok(Affine::Infinity);
    };
    let table = lambda_odd_multiples(curve, p, 1 << (w - 2));
    let mut q = curve.lambda_affine_to_lambda(&pick(&table, top));
    for &d in it {
        q = match d {
            0 => double(curve, &q),
            d => curve.lambda_double_add(&q, &pick(&table, d)),
        };
    }
    Ok(curve.lambda_to_affine(&q))
}

/// n without high zero words, when it is odd and above 1 (the order of a subgroup that
/// halving can work in); `None` otherwise.
fn odd_order(n: &[u64]) -> Option<&[u64]> {
    let len = n.iter().rposition(|&w| w != 0)? + 1;
    let n = &n[..len];
    (n[0] & 1 == 1 && bit_len(n) >= 2).then_some(n)
}

/// r ← 2r + b − (n if that is ≥ n), for r < n and b ∈ {0, 1}: 2r + b < 2n, so one
/// subtraction suffices; the bit shifted out of the top word counts as 2^(64·len).
#[inline]
fn double_mod(r: &mut [u64], b: u64, n: &[u64]) {
    let mut carry = b;
    for w in r.iter_mut() {
        let out = *w >> 63;
        *w = (*w << 1) | carry;
        carry = out;
    }
    if carry == 1 || cmp_words(r, n).is_ge() {
        let mut borrow = false;
        for (w, &m) in r.iter_mut().zip(n) {
            let (d1, b1) = w.overflowing_sub(m);
            let (d2, b2) = d1.overflowing_sub(u64::from(borrow));
            *w = d2;
            borrow = b1 | b2;
        }
    }
}

/// 2^s·k mod n for odd n (without high zero words), variable-time: k mod n bit-serially
/// from the top (skipped when k < n already), then s modular doublings.
fn shifted_mod(k: &[u64], s: usize, n: &[u64]) -> Vec<u64> {
    let mut r = vec![0u64; n.len()];
    if cmp_words(k, n).is_lt() {
        for (ri, &ki) in r.iter_mut().zip(k) {
            *ri = ki;
        }
    } else {
        for i in (0..bit_len(k)).rev() {
            double_mod(&mut r, u64::from(bit(k, i)), n);
        }
    }
    for _ in 0..s {
        double_mod(&mut r, 0, n);
    }
    r
}

/// Add `p` into an accumulator that may still be O (the first addition is free). The
/// GLS methods (`gls::methods`) use it too.
#[inline(always)]
pub(crate) fn accumulate<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    acc: &mut Option<Lambda<F>>,
    p: &LambdaAffine<F>,
) {
    *acc = Some(match acc {
        None => curve.lambda_affine_to_lambda(p),
        Some(a) => curve.lambda_mixed_add(a, p),
    });
}

/// Σ_j (2j + 1)·Q_j for accumulators Q_j that may be O (`None`), as 2·Σ_j R_j − R_0 with
/// R_j = Σ_(i ≥ j) Q_i: at most 2(t − 1) additions and one doubling (t = 1: Q_0), for
/// any point type. The GLS methods (`gls::methods`) use it too.
pub(crate) fn weighted_sum<P: Copy>(
    acc: &[Option<P>],
    add: impl Fn(&P, &P) -> P,
    double: impl Fn(&P) -> P,
    neg: impl Fn(&P) -> P,
) -> Option<P> {
    let plus = |a: Option<P>, b: Option<P>| match (a, b) {
        (Some(a), Some(b)) => Some(add(&a, &b)),
        (a, None) => a,
        (None, b) => b,
    };
    if acc.len() == 1 {
        return acc[0];
    }
    let (mut r, mut s) = (None, None);
    for q in acc.iter().rev() {
        r = plus(r, *q);
        s = plus(s, r);
    }
    plus(s.map(|s| double(&s)), r.map(|r| neg(&r)))
}

/// \[k\]P by right-to-left NAF_w halve-and-add (see the module documentation), n being
/// the odd order of the subgroup 2E (#E = 2n; for the NIST curves with Tr(a2) = 1, the
/// published order). Cost, for P in the subgroup, with k′ = 2^t·(k mod n) mod n, its
/// NAF_w digits d_i of which wt are nonzero and the lowest at position i0:
/// **I + 1M + 2Tr** (λ-affine P, the membership test, Tr(a2)),
/// **(t − i0)·(1H + 1M + 1√ + 1Tr)** (the halvings), **(wt − a)·(8M + 2S)** (mixed
/// additions; a = accumulators in use, whose first addition is free), then
/// **2(a − 1)·(11M + 2S) + D** for Σ (2j + 1)·Q_j (when a = 2^(w−2); fewer when some
/// Q_j stay O, and one addition costs 8M + 4S when the slot below the top one in use is
/// empty: its operands are equal and `lambda_add` doubles) and **I + 3M** back to
/// affine. A point outside the subgroup costs one affine addition of T more, and another
/// one at the end for odd k.
///
/// Errors: a width outside 2..=8; [`BinaryMulError::NotApplicable`] on a curve with
/// Tr(a2) = 0 or for an n that is not odd and above 1 (checked before anything else, so
/// the error does not depend on P or k). Any point of the curve and any k otherwise.
/// **Variable-time.**
pub fn halve_add<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    n: &[u64],
    k: &[u64],
    p: &Affine<F>,
    w: usize,
) -> Result<Affine<F>, BinaryMulError> {
    check_param("halve-add", "w", w, NAF_MIN_W, NAF_RECODE_MAX_W)?;
    let not_applicable = BinaryMulError::NotApplicable {
        method: "halve-add",
        reason: HALVING_NEEDS,
    };
    let Some(n) = odd_order(n) else {
        return Err(not_applicable);
    };
    if !curve.halving_applies() {
        return Err(not_applicable);
    }
    let Affine::Point { x, .. } = *p else {
        return Ok(Affine::Infinity);
    };
    if x.is_zero() {
        return Ok(two_torsion_mul(curve, k));
    }
    // Tr(x) = Tr(a2) = 1 exactly for the points of 2E (HMV §3.6); otherwise P + T is in it.
    let outside = x.trace() == 0;
    let base = if outside {
        curve.affine_add(p, &curve.two_torsion())
    } else {
        *p
    };
    let t = bit_len(n);
    let digits = wnaf(&shifted_mod(k, t, n), w as u32)?;
    let q = halve_add_digits(curve, &curve.affine_to_lambda_affine(&base), &digits, t, w);
    let q = curve.lambda_to_affine(&q);
    Ok(if outside && bit(k, 0) {
        curve.affine_add(&q, &curve.two_torsion())
    } else {
        q
    })
}

/// Σ_i d_i·(P / 2^(t−i)) for P in the subgroup: right to left from position t (weight 1)
/// down to the lowest nonzero digit, halving between positions.
fn halve_add_digits<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    p: &LambdaAffine<F>,
    digits: &[i8],
    t: usize,
    w: usize,
) -> Lambda<F> {
    let Some(lowest) = digits.iter().position(|&d| d != 0) else {
        return Lambda::identity();
    };
    let mut acc: Vec<Option<Lambda<F>>> = vec![None; 1 << (w - 2)];
    let mut r = *p;
    for i in (lowest..=t).rev() {
        let d = digits.get(i).copied().unwrap_or(0);
        if d != 0 {
            let slot = &mut acc[(d.unsigned_abs() / 2) as usize];
            accumulate(curve, slot, &if d < 0 { r.neg() } else { r });
        }
        if i > lowest {
            r = curve.lambda_affine_halve(&r);
        }
    }
    weighted_sum(
        &acc,
        |a, b| curve.lambda_add(a, b),
        |a| double(curve, a),
        Lambda::neg,
    )
    .unwrap_or_else(Lambda::identity)
}
