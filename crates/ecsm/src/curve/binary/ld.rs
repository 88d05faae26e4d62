//! López–Dahab coordinates (X : Y : Z), x = X/Z, y = Y/Z², on
//! Y² + XYZ = X³Z + a2·X²Z² + a6·Z⁴ (seed 000 §2.1, eq. (2)). O is any (X : Y : 0); the
//! formulas return (1 : 0 : 0). Formulas from the Explicit-Formulas Database,
//! `g12o/auto-shortw-lopezdahab` (doubling of López–Dahab 1998, `madd-2005-dl`,
//! `add-2005-dl`); all are variable-time.

use super::{Affine, BinaryCurve, CurveShape};
use crate::field::{BinaryField, Field};

/// A point in López–Dahab coordinates: (X : Y : Z) ↦ (X/Z, Y/Z²), O when Z = 0.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LopezDahab<F> {
    /// X.
    pub x: F,
    /// Y.
    pub y: F,
    /// Z.
    pub z: F,
}

impl<F: Field> LopezDahab<F> {
    /// O = (1 : 0 : 0).
    pub fn identity() -> Self {
        LopezDahab {
            x: F::one(),
            y: F::zero(),
            z: F::zero(),
        }
    }
    /// True for O (Z = 0).
    pub fn is_identity(&self) -> bool {
        self.z.is_zero()
    }
    /// −(X : Y : Z) = (X : XZ + Y : Z). Cost 1M.
    pub fn neg(&self) -> Self {
        LopezDahab {
            x: self.x,
            y: self.x * self.z + self.y,
            z: self.z,
        }
    }
    /// The same point with its coordinates mapped, e.g. into [`crate::cost::Counted`].
    pub fn map<G: Field>(&self, f: impl Fn(F) -> G) -> LopezDahab<G> {
        LopezDahab {
            x: f(self.x),
            y: f(self.y),
            z: f(self.z),
        }
    }
}

impl<F: BinaryField, S: CurveShape> BinaryCurve<F, S> {
    /// Y² + XYZ = X³Z + a2·X²Z² + a6·Z⁴ for Z ≠ 0; O (with X ≠ 0) is on every curve.
    pub fn ld_is_on_curve(&self, p: &LopezDahab<F>) -> bool {
        let LopezDahab { x, y, z } = *p;
        if z.is_zero() {
            return !x.is_zero();
        }
        let (xx, zz) = (x.square(), z.square());
        y.square() + x * y * z == xx * x * z + self.a2 * xx * zz + self.a6 * zz.square()
    }

    /// \[2\]P. Cost **3M + 5S + 1C** (C = the multiplication by a6; 0C on Koblitz curves,
    /// +1C for a2 ∉ {0, 1}): seed 000 §2.1 "3M + 1×a6 + 5S" (López–Dahab 1998, EFD
    /// `g12o/auto-shortw-lopezdahab`):
    /// Z3 = X1²·Z1², X3 = X1⁴ + a6·Z1⁴, Y3 = a6·Z1⁴·Z3 + X3·(a2·Z3 + Y1² + a6·Z1⁴).
    /// Complete: O and T = (0 : √a6 : 1) map to Z3 = 0.
    pub fn ld_double(&self, p: &LopezDahab<F>) -> LopezDahab<F> {
        let xx = p.x.square();
        let zz = p.z.square();
        let z3 = xx * zz;
        if z3.is_zero() {
            return LopezDahab::identity();
        }
        let bz4 = self.mul_a6(zz.square());
        let x3 = xx.square() + bz4;
        let y3 = bz4 * z3 + x3 * (self.mul_a2(z3) + p.y.square() + bz4);
        LopezDahab {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// P + Q with Q affine (mixed addition). Cost **8M + 5S** (+1C for a2 ∉ {0, 1}): EFD
    /// `madd-2005-dl` for a2 ∈ {0, 1} (seed 000 §2.1):
    /// A = Y1 + y2·Z1², B = X1 + x2·Z1, C = B·Z1, Z3 = C², D = x2·Z3,
    /// X3 = A² + C·(A + B² + a2·C), Y3 = (D + X3)·(A·C + Z3) + (y2 + x2)·Z3².
    /// B = 0 means x(P) = x(Q): then P = Q (doubled) or P = −Q (O).
    pub fn ld_mixed_add(&self, p: &LopezDahab<F>, q: &Affine<F>) -> LopezDahab<F> {
        let Affine::Point { x: x2, y: y2 } = *q else {
            return *p;
        };
        if p.is_identity() {
            return self.affine_to_ld(q);
        }
        let a = p.y + y2 * p.z.square();
        let b = p.x + x2 * p.z;
        if b.is_zero() {
            return if a.is_zero() {
                self.ld_double(p)
            } else {
                LopezDahab::identity()
            };
        }
        let c = b * p.z;
        let z3 = c.square();
        let d = x2 * z3;
        let x3 = a.square() + c * (a + b.square() + self.mul_a2(c));
        let y3 = (d + x3) * (a * c + z3) + (y2 + x2) * z3.square();
        LopezDahab {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// P + Q, both in López–Dahab coordinates. Cost **13M + 4S**, independent of a2 and a6
    /// (EFD `add-2005-dl`; seed 000 §2.1 "13M + 4S"):
    /// A = X1·Z2, B = X2·Z1, C = A², D = B², E = A + B, F = C + D, G = Y1·Z2², H = Y2·Z1²,
    /// I = G + H, J = I·E, Z3 = F·Z1·Z2, X3 = A·(H + D) + B·(C + G),
    /// Y3 = (A·J + F·G)·F + (J + Z3)·X3.
    /// E = 0 means x(P) = x(Q): then P = Q (I = 0, doubled) or P = −Q (O).
    pub fn ld_add(&self, p: &LopezDahab<F>, q: &LopezDahab<F>) -> LopezDahab<F> {
        if p.is_identity() {
            return *q;
        }
        if q.is_identity() {
            return *p;
        }
        let a = p.x * q.z;
        let b = q.x * p.z;
        let e = a + b;
        let g = p.y * q.z.square();
        let h = q.y * p.z.square();
        let i = g + h;
        if e.is_zero() {
            return if i.is_zero() {
                self.ld_double(p)
            } else {
                LopezDahab::identity()
            };
        }
        let c = a.square();
        let d = b.square();
        let f = c + d;
        let j = i * e;
        let z3 = f * p.z * q.z;
        let x3 = a * (h + d) + b * (c + g);
        let y3 = (a * j + f * g) * f + (j + z3) * x3;
        LopezDahab {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// \[k\]P by left-to-right double-and-add in López–Dahab coordinates, k given as
    /// little-endian 64-bit words: the plain reference scalar multiplication (a doubling
    /// per bit below the top one, a mixed addition per further set bit, and one conversion
    /// back to affine). Variable-time.
    pub fn ld_mul_vartime(&self, p: &Affine<F>, k: &[u64]) -> Affine<F> {
        let mut r = LopezDahab::identity();
        for w in k.iter().rev() {
            for i in (0..64).rev() {
                r = self.ld_double(&r);
                if (w >> i) & 1 == 1 {
                    r = self.ld_mixed_add(&r, p);
                }
            }
        }
        self.ld_to_affine(&r)
    }
}
