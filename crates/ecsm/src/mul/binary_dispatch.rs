//! Selection of a binary-curve method by [`BinaryMethod`]: \[k\]P from an affine point,
//! from (x, ỹ) and from x(P) with hint bits, each with or without the group order that
//! halve-and-add needs, and the same run as one [`BinaryField::run_task`]. Re-exported
//! by [`super::binary`], where the methods are.

use super::binary::{
    double_add, montgomery, montgomery_compressed, montgomery_ct, montgomery_ct_compressed, naf,
    naf_sole, BinaryMethod, BinaryMulError,
};
use super::binary_lambda::{self, HALVING_NEEDS};
use super::bit_len;
use super::tnaf;
use super::tnaf_ct;
use super::tnaf_rl;
use super::xdbl::{self, HintedPoint};
use crate::curve::binary::{Affine, BinaryCurve, Compressed, CurveShape};
use crate::field::{BinaryField, BinaryFieldTask, FieldMap};

/// \[k\]P on an affine point with `method`. The x-doubling methods first derive the hint
/// bits they read from P ([`BinaryCurve::hint_bits`], the point owner's precomputation,
/// not part of the method's cost). Errors for parameters outside the method's ranges
/// ([`BinaryMethod::validate`]), and [`BinaryMulError::NotApplicable`] for
/// [`BinaryMethod::HalveAdd`], which needs the group order: see [`mul_affine_with_order`].
pub fn mul_affine<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    method: BinaryMethod,
    k: &[u64],
    p: &Affine<F>,
) -> Result<Affine<F>, BinaryMulError> {
    mul_affine_with_order(curve, None, method, k, p)
}

/// [`mul_affine`] given `order`, the odd order n = #E/2 of the subgroup of a curve with
/// Tr(a2) = 1 (the published order of the NIST curves with cofactor 2), which
/// [`BinaryMethod::HalveAdd`] needs ([`binary_lambda::halve_add`]); the other methods
/// ignore it. Without it, or on a curve with Tr(a2) = 0, halve-add is
/// [`BinaryMulError::NotApplicable`].
pub fn mul_affine_with_order<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    order: Option<&[u64]>,
    method: BinaryMethod,
    k: &[u64],
    p: &Affine<F>,
) -> Result<Affine<F>, BinaryMulError> {
    method.validate()?;
    match method {
        BinaryMethod::DoubleAdd => Ok(double_add(curve, k, p)),
        BinaryMethod::Naf(w) => Ok(naf(curve, k, p, w)?),
        BinaryMethod::NafSole(w) => Ok(naf_sole(curve, k, p, w)?),
        BinaryMethod::LambdaNaf(w) => Ok(binary_lambda::lambda_naf(curve, k, p, w)?),
        BinaryMethod::HalveAdd(w) => match order {
            Some(n) => binary_lambda::halve_add(curve, n, k, p, w),
            None => Err(BinaryMulError::NotApplicable {
                method: "halve-add",
                reason: HALVING_NEEDS,
            }),
        },
        BinaryMethod::Tnaf(w) => tnaf::tnaf(curve, k, p, w),
        BinaryMethod::TnafCt(w) => tnaf_ct::tnaf_ct(curve, k, p, w),
        BinaryMethod::TnafRl(w) => tnaf_rl::tnaf_rl(curve, k, p, w),
        BinaryMethod::Montgomery => Ok(montgomery(curve, k, p)),
        BinaryMethod::MontgomeryCt => Ok(montgomery_ct(curve, k, p)),
        _ => {
            let count = method
                .hint_indices(bit_len(k))
                .into_iter()
                .max()
                .unwrap_or(0)
                + 1;
            let Some(hinted) = HintedPoint::from_point(curve, p, count) else {
                return Ok(Affine::Infinity);
            };
            // For a point of the curve the hints derived here are complete and its x
            // decompresses; a point off the curve may fail that decompression, which is
            // then the error returned.
            mul_hinted_with_order(curve, order, method, k, &hinted)
        }
    }
}

/// \[k\]P for P = (x, ỹ) with `method`, the decompression included: the ladder shares
/// its inversion with it ([`montgomery_compressed`]), `tnaf-rl` decodes to λ-affine
/// coordinates ([`tnaf_rl::tnaf_rl_compressed`]), the other methods decompress first
/// ([`BinaryCurve::decompress`], I + H + 1M + 1S + 1C). A pair naming no point is an error
/// whatever k is. Halve-and-add needs [`mul_compressed_with_order`].
pub fn mul_compressed<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    method: BinaryMethod,
    k: &[u64],
    p: &Compressed<F>,
) -> Result<Affine<F>, BinaryMulError> {
    mul_compressed_with_order(curve, None, method, k, p)
}

/// [`mul_compressed`] with the group order of [`mul_affine_with_order`].
pub fn mul_compressed_with_order<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    order: Option<&[u64]>,
    method: BinaryMethod,
    k: &[u64],
    p: &Compressed<F>,
) -> Result<Affine<F>, BinaryMulError> {
    match method {
        BinaryMethod::Montgomery => Ok(montgomery_compressed(curve, k, p)?),
        BinaryMethod::MontgomeryCt => Ok(montgomery_ct_compressed(curve, k, p)?),
        BinaryMethod::TnafRl(w) => tnaf_rl::tnaf_rl_compressed(curve, k, p, w),
        _ => {
            let pt = curve.decompress(p)?;
            Ok(mul_affine_with_order(curve, order, method, k, &pt)?)
        }
    }
}

/// \[k\]P for P given as x(P) and hint bits (seed 000 §3.4), the form Table 1 of seed 000
/// starts from: the x-doubling methods consume the bits they need ([`xdbl`]); the others
/// use b_0 = ỹ as [`mul_compressed`] does. Halve-and-add needs [`mul_hinted_with_order`].
pub fn mul_hinted<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    method: BinaryMethod,
    k: &[u64],
    p: &HintedPoint<F>,
) -> Result<Affine<F>, BinaryMulError> {
    mul_hinted_with_order(curve, None, method, k, p)
}

/// [`mul_hinted`] with the group order of [`mul_affine_with_order`].
pub fn mul_hinted_with_order<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    order: Option<&[u64]>,
    method: BinaryMethod,
    k: &[u64],
    p: &HintedPoint<F>,
) -> Result<Affine<F>, BinaryMulError> {
    method.validate()?;
    match method {
        BinaryMethod::XJsf(t) => xdbl::x_jsf(curve, k, p, t),
        BinaryMethod::Www { w, sole } => xdbl::www(curve, k, p, w, sole),
        BinaryMethod::BosCoster(width) => xdbl::bos_coster(curve, k, p, width),
        BinaryMethod::Yao(width) => xdbl::yao(curve, k, p, width),
        _ => {
            let c = Compressed::Point {
                x: p.x,
                y_bit: p.hint(0)?,
            };
            mul_compressed_with_order(curve, order, method, k, &c)
        }
    }
}

/// The task behind [`mul_hinted_task_with_order`].
struct HintedTask<'a, F, S> {
    curve: &'a BinaryCurve<F, S>,
    order: Option<&'a [u64]>,
    method: BinaryMethod,
    k: &'a [u64],
    p: &'a HintedPoint<F>,
}

impl<F: BinaryField, S: CurveShape> BinaryFieldTask<F> for HintedTask<'_, F, S> {
    type Output = Result<Affine<F>, BinaryMulError>;
    /// See [`BinaryMethod::pairs_products`].
    #[inline(always)]
    fn pairs(&self) -> bool {
        self.method.pairs_products()
    }
    #[inline(always)]
    fn run<G: BinaryField, M: FieldMap<F, G>>(self, map: M) -> Self::Output {
        let to = |f: F| map.to(f);
        let curve = self.curve.map_field(to);
        let p = HintedPoint {
            x: to(self.p.x),
            hints: self.p.hints.clone(),
        };
        let q = mul_hinted_with_order(&curve, self.order, self.method, self.k, &p)?;
        Ok(q.map(|g| map.back(g)))
    }
}

/// [`mul_hinted`] run as one [`BinaryField::run_task`]: the same computation, with every
/// field operation inlined for the backend chosen at run time (the hint bits are copied
/// once into the task).
pub fn mul_hinted_task<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    method: BinaryMethod,
    k: &[u64],
    p: &HintedPoint<F>,
) -> Result<Affine<F>, BinaryMulError> {
    mul_hinted_task_with_order(curve, None, method, k, p)
}

/// [`mul_hinted_task`] with the group order of [`mul_affine_with_order`].
pub fn mul_hinted_task_with_order<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    order: Option<&[u64]>,
    method: BinaryMethod,
    k: &[u64],
    p: &HintedPoint<F>,
) -> Result<Affine<F>, BinaryMulError> {
    F::run_task(HintedTask {
        curve,
        order,
        method,
        k,
        p,
    })
}
