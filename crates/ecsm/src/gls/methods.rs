//! The 2-GLV methods of seed 001 on a GLS curve, as selected by [`GlsMethod`], and the
//! variable-time ones themselves.
//!
//! Every method computes \[k\]P for P in the subgroup of order r (the named curve checks
//! that before calling; on other points the GLV identity ψ = \[μ\] fails and so would the
//! answer). k is reduced mod r, then split into k1 + k2·μ with |k1|, |k2| < 2^127
//! ([`super::scalar`]); the halves' signs are moved onto the points (−P and −ψ(P)).
//!
//! - **double-and-add** (`ld-dbl-add`, `lambda-dbl-add`): interleaved NAF_w of k1 and k2,
//!   left to right, with the table P, \[3\]P, …, \[2^(w−1) − 1\]P and its image under ψ.
//!   In λ-coordinates every column with a nonzero digit is one fused doubling-and-addition
//!   2Q + P (10M + 6S) plus a mixed addition when both digits are nonzero.
//! - **halve-and-add** (`ld-halve-add`, `lambda-halve-add`): k′ = 2^127·k mod r is split
//!   and recoded instead, so that k·P = Σ_i d_i·(P / 2^(127−i)) (+ the same for ψ(P)):
//!   right to left, halving P at every position and adding ±P or ±ψ(P) into one of
//!   2^(w−2) accumulators by digit; at the end Q = Σ_j (2j + 1)·Q_j. The halving returns
//!   λ-affine points, which the λ-projective mixed addition takes as they are; López–Dahab
//!   needs y = x·(x + λ) first, one multiplication per addition step (the seed's point).
//!
//! All four are variable-time; [`super::ct`] is the constant-time method.

use super::psi::{psi_affine, psi_lambda_affine};
use super::scalar::{GlvScalars, GlvSplit};
use super::GlsField;
use crate::curve::binary::{Affine, ArbitraryA2, BinaryCurve, Lambda, LambdaAffine, LopezDahab};
use crate::field::batch::batch_invert_vartime;
use crate::mul::binary_lambda::{accumulate, weighted_sum};
use crate::mul::{MethodSpec, SpecError};
use crate::recode::{wnaf_pair, WNAF_MAX_WIDTH, WNAF_MIN_WIDTH};

/// A GLS curve over the field `F`.
pub type GlsCurve<F> = BinaryCurve<F, ArbitraryA2>;

/// The NAF width when a spec names none: the seed's 4-NAF for the variable-time methods.
pub const GLS_DEFAULT_W: usize = 4;
/// The width of `lambda-ct` when a spec names none: the seed's regular 5-NAF.
pub const GLS_CT_DEFAULT_W: usize = 5;
/// Widths accepted by every GLS method (the table holds 2^(w−2) points).
pub const GLS_W_RANGE: core::ops::RangeInclusive<usize> =
    (WNAF_MIN_WIDTH as usize)..=(WNAF_MAX_WIDTH as usize);
/// Largest split point t of `lambda-parallel` (the halves have at most 128 digits).
pub const PARALLEL_MAX_T: usize = 128;

/// The methods of a GLS curve.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GlsMethod {
    /// `ld-dbl-add:w=W`.
    LdDblAdd(usize),
    /// `lambda-dbl-add:w=W`.
    LambdaDblAdd(usize),
    /// `ld-halve-add:w=W`.
    LdHalveAdd(usize),
    /// `lambda-halve-add:w=W`.
    LambdaHalveAdd(usize),
    /// `lambda-parallel:w=W[,t=T]`: t digits by halving on a second thread, the rest by
    /// doubling; `None` takes the split measured on this machine.
    LambdaParallel {
        /// NAF width.
        w: usize,
        /// Digits done by halve-and-add.
        t: Option<usize>,
    },
    /// `lambda-ct:w=W`: constant time, regular recoding with digits below 2^(w−1).
    LambdaCt(usize),
}

/// Why a GLS multiplication was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GlsMulError {
    /// A parameter outside the method's range (for values built by hand).
    #[error("{method}: {param} must be in {min}..={max}, got {value}")]
    BadParameter {
        /// The method's name.
        method: &'static str,
        /// The parameter.
        param: &'static str,
        /// The value given.
        value: usize,
        /// Smallest accepted.
        min: usize,
        /// Largest accepted.
        max: usize,
    },
}

impl GlsMethod {
    /// Every method, with default parameters, in listing order.
    pub fn all() -> [GlsMethod; 6] {
        [
            GlsMethod::LdDblAdd(GLS_DEFAULT_W),
            GlsMethod::LambdaDblAdd(GLS_DEFAULT_W),
            GlsMethod::LdHalveAdd(GLS_DEFAULT_W),
            GlsMethod::LambdaHalveAdd(GLS_DEFAULT_W),
            GlsMethod::LambdaParallel {
                w: GLS_DEFAULT_W,
                t: None,
            },
            GlsMethod::LambdaCt(GLS_CT_DEFAULT_W),
        ]
    }

    /// The method's name as in a spec.
    pub fn name(&self) -> &'static str {
        match self {
            GlsMethod::LdDblAdd(_) => "ld-dbl-add",
            GlsMethod::LambdaDblAdd(_) => "lambda-dbl-add",
            GlsMethod::LdHalveAdd(_) => "ld-halve-add",
            GlsMethod::LambdaHalveAdd(_) => "lambda-halve-add",
            GlsMethod::LambdaParallel { .. } => "lambda-parallel",
            GlsMethod::LambdaCt(_) => "lambda-ct",
        }
    }

    fn width(&self) -> usize {
        match *self {
            GlsMethod::LdDblAdd(w)
            | GlsMethod::LambdaDblAdd(w)
            | GlsMethod::LdHalveAdd(w)
            | GlsMethod::LambdaHalveAdd(w)
            | GlsMethod::LambdaParallel { w, .. }
            | GlsMethod::LambdaCt(w) => w,
        }
    }

    /// True for the method that claims constant time.
    pub fn is_constant_time(&self) -> bool {
        matches!(self, GlsMethod::LambdaCt(_))
    }

    /// The method a spec names; `curve` only labels the error.
    pub fn from_spec(spec: &MethodSpec, curve: &str) -> Result<Self, SpecError> {
        let (lo, hi) = (*GLS_W_RANGE.start() as u64, *GLS_W_RANGE.end() as u64);
        let w = |default: usize| spec.param("w", default as u64, lo, hi).map(|w| w as usize);
        let m = match spec.name.as_str() {
            "ld-dbl-add" => GlsMethod::LdDblAdd(w(GLS_DEFAULT_W)?),
            "lambda-dbl-add" => GlsMethod::LambdaDblAdd(w(GLS_DEFAULT_W)?),
            "ld-halve-add" => GlsMethod::LdHalveAdd(w(GLS_DEFAULT_W)?),
            "lambda-halve-add" => GlsMethod::LambdaHalveAdd(w(GLS_DEFAULT_W)?),
            "lambda-ct" => GlsMethod::LambdaCt(w(GLS_CT_DEFAULT_W)?),
            "lambda-parallel" => {
                spec.only_params(&["w", "t"])?;
                let t = match spec.params.iter().any(|(k, _)| k == "t") {
                    true => Some(spec.param("t", 0, 0, PARALLEL_MAX_T as u64)? as usize),
                    false => None,
                };
                return Ok(GlsMethod::LambdaParallel {
                    w: w(GLS_DEFAULT_W)?,
                    t,
                });
            }
            _ => {
                return Err(SpecError::Unknown {
                    name: spec.name.clone(),
                    curve: curve.to_string(),
                })
            }
        };
        spec.only_params(&["w"])?;
        Ok(m)
    }

    /// The spec of this method, parameters spelled out.
    pub fn spec(&self) -> MethodSpec {
        let mut params = vec![("w".to_string(), self.width() as u64)];
        if let GlsMethod::LambdaParallel { t: Some(t), .. } = *self {
            params.push(("t".to_string(), t as u64));
        }
        MethodSpec {
            name: self.name().to_string(),
            params,
        }
    }

    /// Whether the parameters are in range (for methods built by hand).
    pub fn validate(&self) -> Result<(), GlsMulError> {
        let bad = |param, value, min, max| {
            Err(GlsMulError::BadParameter {
                method: self.name(),
                param,
                value,
                min,
                max,
            })
        };
        let w = self.width();
        if !GLS_W_RANGE.contains(&w) {
            return bad("w", w, *GLS_W_RANGE.start(), *GLS_W_RANGE.end());
        }
        if let GlsMethod::LambdaParallel { t: Some(t), .. } = *self {
            if t > PARALLEL_MAX_T {
                return bad("t", t, 0, PARALLEL_MAX_T);
            }
        }
        Ok(())
    }
}

/// \[k\]P on a GLS curve with `method`, for P in the subgroup of order r (see the module
/// documentation) and any k (reduced mod r first).
///
/// **Wiped:** the reduced scalar (and its shift for the halving methods) is
/// [`Zeroizing`](zeroize::Zeroizing), overwritten when this returns.
pub fn gls_mul<F: GlsField>(
    curve: &GlsCurve<F>,
    glv: &GlvScalars,
    method: GlsMethod,
    k: &[u64],
    p: &Affine<F>,
) -> Result<Affine<F>, GlsMulError> {
    method.validate()?;
    if p.is_infinity() {
        return Ok(Affine::Infinity);
    }
    let kr = zeroize::Zeroizing::new(glv.reduce(k));
    Ok(match method {
        GlsMethod::LdDblAdd(w) => ld_dbl_add(curve, &glv.split(&kr), p, w),
        GlsMethod::LambdaDblAdd(w) => lambda_dbl_add(curve, &glv.split(&kr), p, w),
        GlsMethod::LdHalveAdd(w) => {
            let shifted = zeroize::Zeroizing::new(glv.shift(&kr, 127));
            ld_halve_add(curve, &glv.split(&shifted), p, w)
        }
        GlsMethod::LambdaHalveAdd(w) => {
            let shifted = zeroize::Zeroizing::new(glv.shift(&kr, 127));
            lambda_halve_add(curve, &glv.split(&shifted), p, w)
        }
        GlsMethod::LambdaParallel { w, t } => {
            super::parallel::lambda_parallel(curve, glv, &kr, p, w, t)
        }
        GlsMethod::LambdaCt(w) => super::ct::lambda_ct(curve, glv, &kr, p, w),
    })
}

/// The NAF_w digits of both halves (widths are validated by the callers).
pub(crate) fn split_digits(s: &GlvSplit, w: usize) -> (Vec<i8>, Vec<i8>) {
    wnaf_pair(s.k1, s.k2, w as u32).unwrap_or_default()
}

#[inline(always)]
pub(crate) fn digit(d: &[i8], i: usize) -> i8 {
    d.get(i).copied().unwrap_or(0)
}

/// P, \[3\]P, …, \[2t − 1\]P in λ-affine coordinates with one inversion: P as the
/// λ-projective point (x², x² + y, x) (λ = x + y/x, so Z = x costs no inversion), \[2\]P
/// by the GLS doubling, each next odd multiple by a full λ-projective addition of \[2\]P,
/// and the t points made affine together (Montgomery's trick on their Z). Cost
/// I + (16t − 11)M + (2t + 3)S (+ the doubling's constant products, 2C on gls254),
/// against 2I + (13t − 12)M + 2tS for the affine table and a second, shared inversion
/// for the λs ([`lambda_table_affine`], which still takes P = O, x = 0 and the special
/// cases of the additions; its comment used to say 12t − 12, leaving out the tM of the
/// λs). `ecsm count --curve gls254 --method lambda-dbl-add:w=4` (t = 4) moved by exactly
/// the difference: −1I + 15M (13M + 2C) + 3S. The backend's own code runs the same steps where it has them
/// ([`GlsField::lambda_odd_multiples`]).
pub(crate) fn lambda_table<F: GlsField>(
    curve: &GlsCurve<F>,
    p: &Affine<F>,
    t: usize,
) -> Vec<LambdaAffine<F>> {
    if let Some(table) = F::lambda_odd_multiples(curve, p, t) {
        return table;
    }
    lambda_table_projective(curve, p, t).unwrap_or_else(|| lambda_table_affine(curve, p, t))
}

/// The generic steps of [`lambda_table`]; `None` where [`lambda_table_affine`] has to
/// take over (t = 0, P = O or x = 0, a Z of zero in the table).
fn lambda_table_projective<F: GlsField>(
    curve: &GlsCurve<F>,
    p: &Affine<F>,
    t: usize,
) -> Option<Vec<LambdaAffine<F>>> {
    let Affine::Point { x, y } = *p else {
        return None;
    };
    if t == 0 || x.is_zero() {
        return None;
    }
    let xx = x.square();
    let mut pts = Vec::with_capacity(t);
    pts.push(Lambda {
        x: xx,
        l: xx + y,
        z: x,
    });
    let d = gls_double(curve, &pts[0]);
    for i in 1..t {
        let q = curve.lambda_add(&pts[i - 1], &d);
        pts.push(q);
    }
    let mut zs: Vec<F> = pts.iter().map(|q| q.z).collect();
    batch_invert_vartime(&mut zs).ok()?;
    Some(
        pts.iter()
            .zip(zs)
            .map(|(q, iz)| LambdaAffine::Point {
                x: q.x * iz,
                l: q.l * iz,
            })
            .collect(),
    )
}

/// The same table from the affine odd multiples ([`BinaryCurve::odd_multiples`], one
/// inversion) and one more, shared, inversion for the λs.
fn lambda_table_affine<F: GlsField>(
    curve: &GlsCurve<F>,
    p: &Affine<F>,
    t: usize,
) -> Vec<LambdaAffine<F>> {
    let odd = curve.odd_multiples(p, t).odd;
    let mut inv: Vec<F> = odd.iter().filter_map(|q| q.x()).collect();
    if inv.len() != odd.len() || batch_invert_vartime(&mut inv).is_err() {
        // A point of small order in the table: not in the subgroup of odd order r, so
        // never here; converted one by one all the same.
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

/// The tables for the two halves: (±T, ±ψ(T)) with the halves' signs.
pub(crate) fn signed_tables<P: Copy>(
    base: Vec<P>,
    s: &GlvSplit,
    psi: impl Fn(&P) -> P,
    neg: impl Fn(&P) -> P,
) -> (Vec<P>, Vec<P>) {
    let t2 = base
        .iter()
        .map(|q| if s.neg2 != 0 { neg(&psi(q)) } else { psi(q) })
        .collect();
    let t1 = if s.neg1 != 0 {
        base.iter().map(neg).collect()
    } else {
        base
    };
    (t1, t2)
}

#[inline(always)]
fn pick<P: Copy>(table: &[P], d: i8, neg: impl Fn(&P) -> P) -> P {
    let e = table[(d.unsigned_abs() / 2) as usize];
    if d < 0 {
        neg(&e)
    } else {
        e
    }
}

/// The doubling of the GLS loops: the seed's second λ-projective doubling
/// ([`BinaryCurve::lambda_double_alt`], 3M + m_a + m_b + 4S), one product below
/// [`BinaryCurve::lambda_double`] (4M + m_a + 4S). On a GLS curve a2 = u, so a2 and
/// a2 + 1 cost additions, and a2² + b = u + (1 + b) costs two base multiplications by
/// 1 + b ∈ GF(2^m): shifts on gls254, where 1 + b = z^27 (`Gf2m::mul_const`), two
/// base products on gls254-ches2013. Complete, like the other.
#[inline(always)]
pub(crate) fn gls_double<F: GlsField>(curve: &GlsCurve<F>, q: &Lambda<F>) -> Lambda<F> {
    curve.lambda_double_alt(q)
}

/// 2-GLV interleaved NAF_w double-and-add in λ-projective coordinates (see the module
/// documentation). Loop cost per column: 10M + 6S (2Q + P) when a digit is nonzero,
/// +8M + 2S when both are, the seed's second doubling (3M + 4S + 3C) otherwise.
///
/// Internal: `w` must lie in [`GLS_W_RANGE`](crate::gls::methods::GLS_W_RANGE), which
/// [`gls_mul`](crate::gls::methods::gls_mul) checks (`GlsMethod::validate`) before calling.
pub(crate) fn lambda_dbl_add<F: GlsField>(
    curve: &GlsCurve<F>,
    s: &GlvSplit,
    p: &Affine<F>,
    w: usize,
) -> Affine<F> {
    let (d1, d2) = split_digits(s, w);
    let q = lambda_dbl_add_from(curve, s, p, (&d1, &d2), w, 0);
    curve.lambda_to_affine(&q)
}

/// The double-and-add of [`lambda_dbl_add`] over the digit columns `from..` with its
/// table: by the backend's own code where it has one ([`GlsField::lambda_dbl_add_words`]:
/// table, signs, ψ and loop in its words), otherwise [`lambda_table`],
/// [`signed_tables`] and [`lambda_dbl_add_digits`]. The parallel method's doubling half
/// too.
pub(crate) fn lambda_dbl_add_from<F: GlsField>(
    curve: &GlsCurve<F>,
    s: &GlvSplit,
    p: &Affine<F>,
    (d1, d2): (&[i8], &[i8]),
    w: usize,
    from: usize,
) -> Lambda<F> {
    let t = 1 << (w - 2);
    let neg = (s.neg1 != 0, s.neg2 != 0);
    if let Some(q) = F::lambda_dbl_add_words(curve, p, neg, (d1, d2), t, from) {
        return q;
    }
    let table = lambda_table(curve, p, t);
    let (t1, t2) = signed_tables(table, s, psi_lambda_affine, LambdaAffine::neg);
    lambda_dbl_add_digits(curve, &t1, &t2, d1, d2, from)
}

/// The highest column at or above `from` with a nonzero digit, where the double-and-add
/// starts.
pub(crate) fn top_column(d1: &[i8], d2: &[i8], from: usize) -> Option<usize> {
    (from..d1.len().max(d2.len()))
        .rev()
        .find(|&i| digit(d1, i) != 0 || digit(d2, i) != 0)
}

/// The starting point of the double-and-add: the entries of its top column (at least one
/// present), added by the mixed addition when both are.
pub(crate) fn column_start<F: GlsField>(
    curve: &GlsCurve<F>,
    e1: Option<LambdaAffine<F>>,
    e2: Option<LambdaAffine<F>>,
) -> Lambda<F> {
    match (e1, e2) {
        (Some(a), Some(b)) => curve.lambda_mixed_add(&curve.lambda_affine_to_lambda(&a), &b),
        (Some(e), None) | (None, Some(e)) => curve.lambda_affine_to_lambda(&e),
        (None, None) => Lambda::identity(),
    }
}

/// Σ_(i ≥ from) (d1_i·T1 + d2_i·T2)·2^(i − from) by the double-and-add loop over the
/// digit columns `from..` (high to low), on the generic field after the first column
/// unless the backend's loop takes the rest ([`GlsField::lambda_columns`]).
pub(crate) fn lambda_dbl_add_digits<F: GlsField>(
    curve: &GlsCurve<F>,
    t1: &[LambdaAffine<F>],
    t2: &[LambdaAffine<F>],
    d1: &[i8],
    d2: &[i8],
    from: usize,
) -> Lambda<F> {
    let neg = LambdaAffine::neg;
    let Some(top) = top_column(d1, d2, from) else {
        return Lambda::identity();
    };
    let entry = |t: &[LambdaAffine<F>], d: i8| (d != 0).then(|| pick(t, d, neg));
    let mut q = column_start(curve, entry(t1, digit(d1, top)), entry(t2, digit(d2, top)));
    if top > from {
        if let Some(q) = F::lambda_columns(curve, &q, t1, t2, d1, d2, from, top) {
            return q;
        }
    }
    for i in (from..top).rev() {
        let (a, b) = (digit(d1, i), digit(d2, i));
        q = match (a != 0, b != 0) {
            (false, false) => gls_double(curve, &q),
            (true, both) => {
                let q = curve.lambda_double_add(&q, &pick(t1, a, neg));
                if both {
                    curve.lambda_mixed_add(&q, &pick(t2, b, neg))
                } else {
                    q
                }
            }
            (false, true) => curve.lambda_double_add(&q, &pick(t2, b, neg)),
        };
    }
    q
}

/// The same in López–Dahab coordinates with an affine table (the seed's LD row): per
/// column a doubling (3M + 5S + 1C) and a mixed addition (8M + 5S + 1C) per nonzero digit.
///
/// Internal: `w` must lie in [`GLS_W_RANGE`](crate::gls::methods::GLS_W_RANGE), which
/// [`gls_mul`](crate::gls::methods::gls_mul) checks (`GlsMethod::validate`) before calling.
pub(crate) fn ld_dbl_add<F: GlsField>(
    curve: &GlsCurve<F>,
    s: &GlvSplit,
    p: &Affine<F>,
    w: usize,
) -> Affine<F> {
    let table = curve.odd_multiples(p, 1 << (w - 2)).odd;
    let (t1, t2) = signed_tables(table, s, psi_affine, Affine::neg);
    let (d1, d2) = split_digits(s, w);
    let len = d1.len().max(d2.len());
    let mut q = LopezDahab::identity();
    for i in (0..len).rev() {
        q = curve.ld_double(&q);
        for (d, t) in [(digit(&d1, i), &t1), (digit(&d2, i), &t2)] {
            if d != 0 {
                q = curve.ld_mixed_add(&q, &pick(t, d, Affine::neg));
            }
        }
    }
    curve.ld_to_affine(&q)
}

/// The halving loop of the halve-and-add methods over digit positions `to − 1` down to 0,
/// `r` being the point of position `to − 1`; `add` receives the accumulator index, the
/// point (P/2^j or its image by ψ) and whether to negate it.
fn halve_loop<F: GlsField>(
    curve: &GlsCurve<F>,
    s: &GlvSplit,
    d1: &[i8],
    d2: &[i8],
    mut r: LambdaAffine<F>,
    to: usize,
    mut add: impl FnMut(usize, &LambdaAffine<F>, bool),
) {
    // The halvings form one dependent chain and each addition another, into its own
    // accumulator. Halving first and adding afterwards lets consecutive additions (to
    // different accumulators, as a rule) overlap in the CPU instead of each waiting
    // behind the next halving; the operations are the same.
    let mut halves = Vec::with_capacity(to);
    for i in (0..to).rev() {
        halves.push(r);
        if i > 0 {
            r = curve.lambda_affine_halve(&r);
        }
    }
    for (i, r) in (0..to).rev().zip(&halves) {
        let (a, b) = (digit(d1, i), digit(d2, i));
        if a != 0 {
            let neg = (a < 0) ^ (s.neg1 != 0);
            add((a.unsigned_abs() / 2) as usize, r, neg);
        }
        if b != 0 {
            let neg = (b < 0) ^ (s.neg2 != 0);
            add((b.unsigned_abs() / 2) as usize, &psi_lambda_affine(r), neg);
        }
    }
}

/// Digit positions of the halve-and-add methods: the halves of 2^127·k are below 2^127,
/// so their NAF_w has at most 128 digits, and position i weighs 2^(i − 127).
pub(crate) const HALVE_POSITIONS: usize = 128;

/// 2-GLV right-to-left halve-and-add with λ-projective accumulators (see the module
/// documentation). `s` is the split of 2^127·k mod r.
///
/// Internal: `w` must lie in [`GLS_W_RANGE`](crate::gls::methods::GLS_W_RANGE), which
/// [`gls_mul`](crate::gls::methods::gls_mul) checks (`GlsMethod::validate`) before calling.
pub(crate) fn lambda_halve_add<F: GlsField>(
    curve: &GlsCurve<F>,
    s: &GlvSplit,
    p: &Affine<F>,
    w: usize,
) -> Affine<F> {
    let (d1, d2) = split_digits(s, w);
    let r = curve.affine_to_lambda_affine(p);
    let q = lambda_halve_add_digits(curve, s, (&d1, &d2), &r, w, HALVE_POSITIONS);
    curve.lambda_to_affine(&q)
}

/// The halve-and-add part over positions `to − 1` down to 0 of the digits `(d1, d2)` of
/// `s` ([`split_digits`]), with `r` the point at position `to − 1`; returns Σ of the
/// accumulators, weighted.
pub(crate) fn lambda_halve_add_digits<F: GlsField>(
    curve: &GlsCurve<F>,
    s: &GlvSplit,
    (d1, d2): (&[i8], &[i8]),
    r: &LambdaAffine<F>,
    w: usize,
    to: usize,
) -> Lambda<F> {
    debug_assert!(d1.len().max(d2.len()) <= HALVE_POSITIONS);
    let slots = 1 << (w - 2);
    let signs = (s.neg1 != 0, s.neg2 != 0);
    if let Some(sum) = F::lambda_halve_columns(curve, r, d1, d2, signs, slots, to) {
        return sum;
    }
    let mut acc: Vec<Option<Lambda<F>>> = vec![None; slots];
    halve_loop(curve, s, d1, d2, *r, to, |j, q, neg| {
        let q = if neg { q.neg() } else { *q };
        accumulate(curve, &mut acc[j], &q);
    });
    halve_sum(curve, &acc)
}

/// Σ_j (2j + 1)·Q_j of the halve-and-add accumulators (O for none), on the generic field.
pub(crate) fn halve_sum<F: GlsField>(curve: &GlsCurve<F>, acc: &[Option<Lambda<F>>]) -> Lambda<F> {
    weighted_sum(
        acc,
        |a, b| curve.lambda_add(a, b),
        |a| gls_double(curve, a),
        Lambda::neg,
    )
    .unwrap_or_else(Lambda::identity)
}

/// 2-GLV right-to-left halve-and-add with López–Dahab accumulators: each halved point is
/// taken back to affine coordinates (y = x·(x + λ), 1M) before its mixed addition.
///
/// Internal: `w` must lie in [`GLS_W_RANGE`](crate::gls::methods::GLS_W_RANGE), which
/// [`gls_mul`](crate::gls::methods::gls_mul) checks (`GlsMethod::validate`) before calling.
pub(crate) fn ld_halve_add<F: GlsField>(
    curve: &GlsCurve<F>,
    s: &GlvSplit,
    p: &Affine<F>,
    w: usize,
) -> Affine<F> {
    let (d1, d2) = split_digits(s, w);
    let mut acc: Vec<Option<LopezDahab<F>>> = vec![None; 1 << (w - 2)];
    let mut r = curve.affine_to_lambda_affine(p);
    for i in (0..HALVE_POSITIONS).rev() {
        let (a, b) = (digit(&d1, i), digit(&d2, i));
        if a != 0 || b != 0 {
            let pa = curve.lambda_affine_to_affine(&r);
            for (d, neg, q) in [(a, s.neg1, pa), (b, s.neg2, psi_affine(&pa))] {
                if d != 0 {
                    let q = if (d < 0) ^ (neg != 0) { q.neg() } else { q };
                    let slot = &mut acc[(d.unsigned_abs() / 2) as usize];
                    *slot = Some(match slot {
                        None => curve.affine_to_ld(&q),
                        Some(a) => curve.ld_mixed_add(a, &q),
                    });
                }
            }
        }
        if i > 0 {
            r = curve.lambda_affine_halve(&r);
        }
    }
    let q = weighted_sum(
        &acc,
        |a, b| curve.ld_add(a, b),
        |a| curve.ld_double(a),
        LopezDahab::neg,
    );
    q.map_or(Affine::Infinity, |q| curve.ld_to_affine(&q))
}
