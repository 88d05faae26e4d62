//! Conversions between affine, López–Dahab, x-only, λ-affine and λ-projective
//! coordinates, each with its cost. O and T = (0, √a6) are mapped to their
//! representatives in every system that has them.
//!
//! | from → to | cost |
//! |---|---|
//! | affine → LD | free: (x : y : 1) |
//! | LD → affine | I + 2M + 1S |
//! | affine → x-only, LD → x-only | free |
//! | x-only → affine x | I + 1M |
//! | affine → λ-affine | I + 1M |
//! | λ-affine → affine | 1M |
//! | λ-affine → λ-projective | free: (x, λ, 1) |
//! | λ-projective → λ-affine | I + 2M |
//! | affine → λ-projective | 1S: (x², x² + y, x) |
//! | λ-projective → affine | I + 3M |
//! | LD → λ-projective | 1M + 1S: (X², X² + Y, X·Z) |
//! | λ-projective → LD | 1M: (X, X·(L + X), Z) |

use super::{Affine, BinaryCurve, CurveShape, Lambda, LambdaAffine, LopezDahab, XOnly};
use crate::field::BinaryField;

impl<F: BinaryField, S: CurveShape> BinaryCurve<F, S> {
    /// (x, y) ↦ (x : y : 1); O ↦ (1 : 0 : 0). Free.
    pub fn affine_to_ld(&self, p: &Affine<F>) -> LopezDahab<F> {
        match *p {
            Affine::Infinity => LopezDahab::identity(),
            Affine::Point { x, y } => LopezDahab { x, y, z: F::one() },
        }
    }

    /// (X : Y : Z) ↦ (X/Z, Y/Z²). Cost **I + 2M + 1S**.
    pub fn ld_to_affine(&self, p: &LopezDahab<F>) -> Affine<F> {
        let Ok(iz) = p.z.invert_vartime() else {
            return Affine::Infinity;
        };
        Affine::new(p.x * iz, p.y * iz.square())
    }

    /// (x, y) ↦ (x : 1); O ↦ (1 : 0). Free.
    pub fn affine_to_x(&self, p: &Affine<F>) -> XOnly<F> {
        match *p {
            Affine::Infinity => XOnly::identity(),
            Affine::Point { x, .. } => XOnly { x, z: F::one() },
        }
    }

    /// (X : Y : Z) ↦ (X : Z): LD and x-only share x = X/Z. Free.
    pub fn ld_to_x(&self, p: &LopezDahab<F>) -> XOnly<F> {
        if p.is_identity() {
            return XOnly::identity();
        }
        XOnly { x: p.x, z: p.z }
    }

    /// (X : Z) ↦ X/Z, `None` for O. Cost **I + 1M**.
    pub fn x_to_affine_x(&self, p: &XOnly<F>) -> Option<F> {
        p.z.invert_vartime().ok().map(|iz| p.x * iz)
    }

    /// (x, y) ↦ (x, x + y/x). Cost **I + 1M**. O and T (x = 0) map to their variants.
    pub fn affine_to_lambda_affine(&self, p: &Affine<F>) -> LambdaAffine<F> {
        let Affine::Point { x, y } = *p else {
            return LambdaAffine::Infinity;
        };
        match x.invert_vartime() {
            Ok(ix) => LambdaAffine::Point { x, l: x + y * ix },
            Err(_) => LambdaAffine::TwoTorsion,
        }
    }

    /// (x, λ) ↦ (x, x·(λ + x)). Cost **1M**.
    pub fn lambda_affine_to_affine(&self, p: &LambdaAffine<F>) -> Affine<F> {
        match *p {
            LambdaAffine::Infinity => Affine::Infinity,
            LambdaAffine::TwoTorsion => self.two_torsion(),
            LambdaAffine::Point { x, l } => Affine::new(x, x * (l + x)),
        }
    }

    /// (x, λ) ↦ (x, λ, 1); O ↦ (1, 1, 0), T ↦ (0, 1, 0). Free.
    pub fn lambda_affine_to_lambda(&self, p: &LambdaAffine<F>) -> Lambda<F> {
        match *p {
            LambdaAffine::Infinity => Lambda::identity(),
            LambdaAffine::TwoTorsion => Lambda::two_torsion(),
            LambdaAffine::Point { x, l } => Lambda { x, l, z: F::one() },
        }
    }

    /// (X, L, Z) ↦ (X/Z, L/Z). Cost **I + 2M**.
    pub fn lambda_to_lambda_affine(&self, p: &Lambda<F>) -> LambdaAffine<F> {
        let Ok(iz) = p.z.invert_vartime() else {
            return if p.x.is_zero() {
                LambdaAffine::TwoTorsion
            } else {
                LambdaAffine::Infinity
            };
        };
        LambdaAffine::Point {
            x: p.x * iz,
            l: p.l * iz,
        }
    }

    /// (x, y) ↦ (x², x² + y, x), i.e. (x, λ) scaled by Z = x; no inversion, and T = (0, √a6)
    /// lands on its representative (0, √a6, 0). Cost **1S**.
    pub fn affine_to_lambda(&self, p: &Affine<F>) -> Lambda<F> {
        let Affine::Point { x, y } = *p else {
            return Lambda::identity();
        };
        let xx = x.square();
        Lambda {
            x: xx,
            l: xx + y,
            z: x,
        }
    }

    /// (X, L, Z) ↦ (x, y) = (X/Z, X·(L + X)/Z²). Cost **I + 3M**.
    pub fn lambda_to_affine(&self, p: &Lambda<F>) -> Affine<F> {
        let Ok(iz) = p.z.invert_vartime() else {
            return if p.x.is_zero() {
                self.two_torsion()
            } else {
                Affine::Infinity
            };
        };
        let x = p.x * iz;
        Affine::new(x, x * ((p.l + p.x) * iz))
    }

    /// (X : Y : Z) ↦ (X², X² + Y, X·Z): λ = x + y/x = (X² + Y)/(X·Z). T = (0 : Y : Z) lands
    /// on (0, Y, 0). Cost **1M + 1S**.
    pub fn ld_to_lambda(&self, p: &LopezDahab<F>) -> Lambda<F> {
        if p.is_identity() {
            return Lambda::identity();
        }
        let xx = p.x.square();
        Lambda {
            x: xx,
            l: xx + p.y,
            z: p.x * p.z,
        }
    }

    /// (X, L, Z) ↦ (X : X·(L + X) : Z), as y = x·(λ + x) = X·(L + X)/Z². Cost **1M**.
    pub fn lambda_to_ld(&self, p: &Lambda<F>) -> LopezDahab<F> {
        if p.z.is_zero() {
            return if p.x.is_zero() {
                self.affine_to_ld(&self.two_torsion())
            } else {
                LopezDahab::identity()
            };
        }
        LopezDahab {
            x: p.x,
            y: p.x * (p.l + p.x),
            z: p.z,
        }
    }
}
