//! Random curves and points for experiments (seed 000 §5: curves
//! y² + xy = x³ + x² + a6 with a6 random in GF(2^d)*, one random point per curve).
//!
//! Both take any [`RngCore`]; experiments and tests pass a seeded `rand_chacha` generator
//! so that every run sees the same curves and points.

use super::{Affine, BinaryCurve, CurveShape, GenericA1};
use crate::field::BinaryField;
use rand_core::RngCore;

/// y² + xy = x³ + x² + a6 with a6 uniform in GF(2^m)*.
pub fn random_curve<F: BinaryField>(rng: &mut dyn RngCore) -> BinaryCurve<F, GenericA1> {
    loop {
        let a6 = F::random(rng);
        if let Ok(curve) = BinaryCurve::new(F::one(), a6) {
            return curve;
        }
    }
}

/// A random finite point with x ≠ 0: draw x until λ² + λ = x + a2 + a6/x² is solvable
/// (z² + z = c has a root exactly when Tr(c) = 0, about half of the x), take the root λ
/// the half-trace gives or λ + 1 at random (the points ±P), and set y = λ·x. The result
/// satisfies the curve equation: dividing it by x² gives (y/x)² + y/x = x + a2 + a6/x².
pub fn random_point<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    rng: &mut dyn RngCore,
) -> Affine<F> {
    loop {
        let x = F::random(rng);
        let Ok(ix) = x.invert_vartime() else {
            continue;
        };
        let c = curve.add_a2(x + curve.mul_a6(ix.square()));
        if let Some(mut l) = c.solve_quadratic() {
            if rng.next_u32() & 1 == 1 {
                l += F::one();
            }
            return Affine::new(x, l * x);
        }
    }
}
