//! λ-coordinates (Oliveira–López–Aranha–Rodríguez-Henríquez, *Lambda coordinates for
//! binary elliptic curves*, CHES 2013; seed 001): a point (x, y) with x ≠ 0 is (x, λ) with
//! λ = x + y/x, and λ-projective (X, L, Z) stands for (X/Z, L/Z), on
//! (L² + LZ + a2·Z²)·X² = X⁴ + a6·Z⁴.
//!
//! λ-affine cannot hold O or T = (0, √a6), so [`LambdaAffine`] names them as variants.
//! λ-projective holds both with Z = 0: O is (X, X, 0) (the equation forces L = X when
//! Z = 0; the formulas return (1, 1, 0)) and T is (0, L, 0), L ≠ 0 (the image of (0, √a6)
//! under (x, y) ↦ (x², x² + y, x); the formulas return (0, 1, 0)). With these
//! representatives the doublings are complete, and an addition whose result is T
//! produces it without a branch. All formulas are variable-time.

use super::{Affine, BinaryCurve, CurveShape};
use crate::field::{BinaryField, Field};

/// A point in λ-affine coordinates.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LambdaAffine<F> {
    /// O.
    Infinity,
    /// T = (0, √a6), whose λ would be infinite.
    TwoTorsion,
    /// (x, λ) with x ≠ 0 and λ = x + y/x.
    Point {
        /// x-coordinate.
        x: F,
        /// λ = x + y/x.
        l: F,
    },
}

impl<F: Field> LambdaAffine<F> {
    /// −(x, λ) = (x, λ + 1), since −(x, y) = (x, x + y). One addition.
    pub fn neg(&self) -> Self {
        match *self {
            LambdaAffine::Point { x, l } => LambdaAffine::Point { x, l: l + F::one() },
            other => other,
        }
    }
    /// The same point with its coordinates mapped, e.g. into [`crate::cost::Counted`].
    pub fn map<G: Field>(&self, f: impl Fn(F) -> G) -> LambdaAffine<G> {
        match *self {
            LambdaAffine::Infinity => LambdaAffine::Infinity,
            LambdaAffine::TwoTorsion => LambdaAffine::TwoTorsion,
            LambdaAffine::Point { x, l } => LambdaAffine::Point { x: f(x), l: f(l) },
        }
    }
}

/// A point in λ-projective coordinates (X, L, Z) ↦ (X/Z, L/Z); Z = 0 is O (X ≠ 0) or T
/// (X = 0).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Lambda<F> {
    /// X.
    pub x: F,
    /// L.
    pub l: F,
    /// Z.
    pub z: F,
}

impl<F: Field> Lambda<F> {
    /// O = (1, 1, 0).
    pub fn identity() -> Self {
        Lambda {
            x: F::one(),
            l: F::one(),
            z: F::zero(),
        }
    }
    /// T = (0, 1, 0).
    pub fn two_torsion() -> Self {
        Lambda {
            x: F::zero(),
            l: F::one(),
            z: F::zero(),
        }
    }
    /// True for O (Z = 0, X ≠ 0).
    pub fn is_identity(&self) -> bool {
        self.z.is_zero() && !self.x.is_zero()
    }
    /// True for T (Z = 0, X = 0).
    pub fn is_two_torsion(&self) -> bool {
        self.z.is_zero() && self.x.is_zero()
    }
    /// −(X, L, Z) = (X, L + Z, Z). One addition.
    pub fn neg(&self) -> Self {
        Lambda {
            x: self.x,
            l: self.l + self.z,
            z: self.z,
        }
    }
    /// The same point with its coordinates mapped, e.g. into [`crate::cost::Counted`].
    pub fn map<G: Field>(&self, f: impl Fn(F) -> G) -> Lambda<G> {
        Lambda {
            x: f(self.x),
            l: f(self.l),
            z: f(self.z),
        }
    }
}

impl<F: BinaryField, S: CurveShape> BinaryCurve<F, S> {
    /// (λ² + λ + a2)·x² = x⁴ + a6 for a λ-affine point (O and T are on every curve).
    pub fn lambda_affine_is_on_curve(&self, p: &LambdaAffine<F>) -> bool {
        match *p {
            LambdaAffine::Point { x, l } => {
                let xx = x.square();
                !x.is_zero() && (l.square() + l + self.a2) * xx == xx.square() + self.a6
            }
            _ => true,
        }
    }

    /// (L² + LZ + a2·Z²)·X² = X⁴ + a6·Z⁴, and L = X ≠ 0 or X = 0 ≠ L when Z = 0.
    pub fn lambda_is_on_curve(&self, p: &Lambda<F>) -> bool {
        let Lambda { x, l, z } = *p;
        if z.is_zero() {
            return if x.is_zero() { !l.is_zero() } else { l == x };
        }
        let (xx, zz) = (x.square(), z.square());
        (l.square() + l * z + self.a2 * zz) * xx == xx.square() + self.a6 * zz.square()
    }

    /// P + Q through affine coordinates: the special cases of the λ formulas, a few
    /// inversions on rare branches.
    fn lambda_add_via_affine(&self, p: &Lambda<F>, q: &Affine<F>) -> Lambda<F> {
        self.affine_to_lambda(&self.affine_add(&self.lambda_to_affine(p), q))
    }

    /// \[2\]P in λ-affine coordinates. Cost **I + 1M + 2S** (derived from the affine
    /// doubling, ours): x2 = λ² + λ + a2 and, as y2 = x² + (λ + 1)·x2,
    /// λ2 = x2 + y2/x2 = x²/x2 + x2 + λ + 1. x2 = 0 means \[2\]P = T.
    pub fn lambda_affine_double(&self, p: &LambdaAffine<F>) -> LambdaAffine<F> {
        let LambdaAffine::Point { x, l } = *p else {
            return LambdaAffine::Infinity; // O and T double to O.
        };
        let x2 = self.add_a2(l.square() + l);
        let Ok(inv) = x2.invert_vartime() else {
            return LambdaAffine::TwoTorsion;
        };
        LambdaAffine::Point {
            x: x2,
            l: x.square() * inv + x2 + l + F::one(),
        }
    }

    /// P + Q in λ-affine coordinates. Cost **I + 6M + 1S** (ours, from the λ-projective
    /// addition of seed 001 with both Z = 1): with A = λP + λQ, D = (xP + xQ)²,
    /// V = A·xQ + D and G = V/(A·D),
    /// x3 = A·xP·xQ/D = xP·(A·G) + xP and λ3 = V²/(A·D) + λP + 1 = V·G + λP + 1.
    /// xP = xQ means P = ±Q (doubled, or O); A = 0 with xP ≠ xQ means P + Q = T.
    pub fn lambda_affine_add(&self, p: &LambdaAffine<F>, q: &LambdaAffine<F>) -> LambdaAffine<F> {
        let (xp, lp, xq, lq) = match (*p, *q) {
            (LambdaAffine::Infinity, _) => return *q,
            (_, LambdaAffine::Infinity) => return *p,
            (LambdaAffine::Point { x: xp, l: lp }, LambdaAffine::Point { x: xq, l: lq }) => {
                (xp, lp, xq, lq)
            }
            _ => {
                let r = self.affine_add(
                    &self.lambda_affine_to_affine(p),
                    &self.lambda_affine_to_affine(q),
                );
                return self.affine_to_lambda_affine(&r);
            }
        };
        let d = xp + xq;
        if d.is_zero() {
            return if lp == lq {
                self.lambda_affine_double(p)
            } else {
                LambdaAffine::Infinity
            };
        }
        let a = lp + lq;
        if a.is_zero() {
            return LambdaAffine::TwoTorsion;
        }
        let dd = d.square();
        let Ok(inv) = (a * dd).invert_vartime() else {
            unreachable!("A and xP + xQ are nonzero here");
        };
        let v = a * xq + dd;
        let g = v * inv;
        LambdaAffine::Point {
            x: xp * (a * g) + xp,
            l: v * g + lp + F::one(),
        }
    }

    /// \[2\]P in λ-projective coordinates. Cost **4M + 4S** (+1C for a2 ∉ {0, 1}), seed 001
    /// "λ-projective doubling" (EFD `g12o/auto-shortw-lambda`, 4M + 4S + 1·a2):
    /// T = L² + L·Z + a2·Z², X3 = T², Z3 = T·Z², L3 = (X·Z)² + X3 + T·(L·Z) + Z3.
    /// Complete with the representatives of O and T.
    pub fn lambda_double(&self, p: &Lambda<F>) -> Lambda<F> {
        let zz = p.z.square();
        let lz = p.l * p.z;
        let t = p.l.square() + lz + self.mul_a2(zz);
        let x3 = t.square();
        let z3 = t * zz;
        let l3 = (p.x * p.z).square() + x3 + t * lz + z3;
        Lambda {
            x: x3,
            l: l3,
            z: z3,
        }
    }

    /// \[2\]P in λ-projective coordinates, second formula of seed 001 (for a cheap
    /// multiplication by a6), in the form of EFD `g12o/auto-shortw-lambda`:
    /// T = L·(L + Z) + a2·Z², X3 = T², Z3 = T·Z²,
    /// L3 = (L + X)²·((L + X)² + T + Z²) + (a2² + a6)·Z⁴ + X3 + (a2 + 1)·Z3.
    /// Cost **3M + 4S + 1C** (C = the multiplication by a2² + a6, which vanishes when
    /// a2 = a6 = 1 and is free when a2 = 0, a6 = 1; +2C for a2 ∉ {0, 1}). Writing
    /// L² + L·Z as L·(L + Z) saves the squaring that the formula as printed on the slide
    /// would cost (3M + 5S there). Complete.
    pub fn lambda_double_alt(&self, p: &Lambda<F>) -> Lambda<F> {
        let zz = p.z.square();
        let t = p.l * (p.l + p.z) + self.mul_a2(zz);
        let g = (p.l + p.x).square();
        let x3 = t.square();
        let z3 = t * zz;
        let l3 =
            g * (g + t + zz) + self.mul_a2sq_plus_a6(zz.square()) + x3 + self.mul_a2_plus_1(z3);
        Lambda {
            x: x3,
            l: l3,
            z: z3,
        }
    }

    /// P + Q in λ-projective coordinates. Cost **11M + 2S** (seed 001 "λ-projective
    /// addition"; EFD `g12o/auto-shortw-lambda`): A = L1·Z2 + L2·Z1,
    /// B = (X1·Z2 + X2·Z1)², X3 = A·(X1·Z2)·A·(X2·Z1), L3 = (A·(X2·Z1) + B)² + A·B·Z2·(L1 + Z1),
    /// Z3 = A·B·Z2·Z1. X1·Z2 = X2·Z1 means P = ±Q (doubled, or O); A = 0 otherwise yields T
    /// as (0, B², 0). O and T as inputs go through affine coordinates.
    pub fn lambda_add(&self, p: &Lambda<F>, q: &Lambda<F>) -> Lambda<F> {
        self.lambda_add_inline(p, q)
    }

    /// [`Self::lambda_add`], inlined into its caller: a loop compiled in a backend's
    /// feature context (`BinaryField::run_task`) then computes the paired products in
    /// that context instead of calling out of it.
    #[inline(always)]
    pub(crate) fn lambda_add_inline(&self, p: &Lambda<F>, q: &Lambda<F>) -> Lambda<F> {
        if p.z.is_zero() || q.z.is_zero() {
            return self.lambda_add_via_affine(p, &self.lambda_to_affine(q));
        }
        // The eleven products as independent pairs, which a backend may compute together
        // (`Field::mul_pair`), with K = A·(G·Z2) so that G·Z2 pairs with nothing on the
        // path of A.
        let (l1z2, l2z1) = F::mul_pair(&p.l, &q.z, &q.l, &p.z);
        let (d, e) = F::mul_pair(&p.x, &q.z, &q.x, &p.z);
        let a = l1z2 + l2z1;
        let f = d + e;
        if f.is_zero() {
            return if a.is_zero() {
                self.lambda_double(p)
            } else {
                Lambda::identity()
            };
        }
        let g = f.square();
        let (h, i) = F::mul_pair(&a, &d, &a, &e);
        let gz = g * q.z;
        let (k, x) = F::mul_pair(&a, &gz, &h, &i);
        let (z, kl) = F::mul_pair(&k, &p.z, &k, &(p.l + p.z));
        Lambda {
            x,
            l: (i + g).square() + kl,
            z,
        }
    }

    /// P + Q with Q λ-affine (mixed addition). Cost **8M + 2S** (seed 001, Z_Q = 1):
    /// A = L_P + λQ·Z_P, B = (X_P + xQ·Z_P)², X3 = (A·xQ·Z_P)·(A·X_P),
    /// L3 = (A·xQ·Z_P + B)² + A·B·(L_P + Z_P), Z3 = A·B·Z_P. Sharing A·xQ·Z_P between X3 and
    /// L3 is what brings the count to 8M. Special cases as for [`Self::lambda_add`].
    pub fn lambda_mixed_add(&self, p: &Lambda<F>, q: &LambdaAffine<F>) -> Lambda<F> {
        let LambdaAffine::Point { x: xq, l: lq } = *q else {
            return self.lambda_add_via_affine(p, &self.lambda_affine_to_affine(q));
        };
        if p.z.is_zero() {
            return self.lambda_add_via_affine(p, &self.lambda_affine_to_affine(q));
        }
        let (sum, f, a) = self.lambda_mixed_add_core(p, xq, lq);
        if f.is_zero() {
            return if a.is_zero() {
                self.lambda_double(p)
            } else {
                Lambda::identity()
            };
        }
        sum
    }

    /// P + Q for affine P and Q, in λ-projective coordinates. Cost **7M + 3S** (+1C for
    /// a2 ∉ {0, 1}) when x_P ≠ x_Q and neither is O, against 8M + 5S for an LD mixed
    /// addition from P = (x_P : y_P : 1) and 1M + 1S more to reach λ-projective. Derived
    /// here from the affine sum (HMV §3.1.2: s = A/B with A = y_P + y_Q, B = x_P + x_Q,
    /// x₃ = s² + s + B + a2) and λ₃ = x₃ + y₃/x₃ = x₃ + s + 1 + (s·x_P + y_P)/x₃; over
    /// the common denominator B²·C, with C = A² + AB + B³ + a2·B² = x₃·B² and
    /// D = A·x_P + B·y_P:
    /// X = C², L = X + C·(AB + B²) + D·B³, Z = B²·C.
    /// C = 0 (the sum is T) gives (0, D·B³, 0), the representative of T. P = ±Q or O
    /// take the LD path.
    pub fn affine_add_to_lambda(&self, p: &Affine<F>, q: &Affine<F>) -> Lambda<F> {
        if let (Affine::Point { x: x1, y: y1 }, Affine::Point { x: x2, y: y2 }) = (*p, *q) {
            let b = x1 + x2;
            if !b.is_zero() {
                let a = y1 + y2;
                let ab = a * b;
                let bb = b.square();
                let bbb = bb * b;
                let c = a.square() + ab + bbb + self.mul_a2(bb);
                let d = a * x1 + b * y1;
                let x = c.square();
                return Lambda {
                    x,
                    l: x + c * (ab + bb) + d * bbb,
                    z: bb * c,
                };
            }
        }
        self.ld_to_lambda(&self.ld_mixed_add(&self.affine_to_ld(p), q))
    }

    /// The generic path of [`Self::lambda_mixed_add`], with no special case: returns the
    /// sum, f = X_P + xQ·Z_P and A = L_P + λQ·Z_P. The sum is right when Z_P ≠ 0 and
    /// f ≠ 0; f = 0 means P = ±Q. Branch-free, for the constant-time method.
    #[inline(always)]
    pub(crate) fn lambda_mixed_add_core(&self, p: &Lambda<F>, xq: F, lq: F) -> (Lambda<F>, F, F) {
        // The eight products as four independent pairs, which a backend may compute
        // together (`Field::mul_pair`; counted as 8M all the same). Where a pair is two
        // products, its first comes first: k, on the longer path to Z3 and L3, before
        // X3's last product (in default builds, K-233 `tnaf:w=4` took 1.05 of the time
        // with the two the other way round).
        let (lz, e) = F::mul_pair(&lq, &p.z, &xq, &p.z);
        let a = p.l + lz;
        let f = p.x + e;
        let b = f.square();
        let (i, ax) = F::mul_pair(&a, &e, &a, &p.x);
        let (k, x) = F::mul_pair(&a, &b, &i, &ax);
        let (z, kl) = F::mul_pair(&k, &p.z, &k, &(p.l + p.z));
        let sum = Lambda {
            x,
            l: (i + b).square() + kl,
            z,
        };
        (sum, f, a)
    }

    /// \[2\]Q + P with Q λ-projective and P λ-affine. Cost **10M + 6S** (+1C for
    /// a2 ∉ {0, 1}), seed 001 "doubling and addition", two multiplications fewer than a
    /// doubling followed by a mixed addition:
    /// T = L_Q² + L_Q·Z_Q + a2·Z_Q², A = X_Q²·Z_Q² + T·(L_Q² + (a2 + 1 + λP)·Z_Q²),
    /// B = (xP·Z_Q² + T)², X = (xP·Z_Q²)·A², Z = A·B·Z_Q², L = T·(A + B)² + (λP + 1)·Z.
    /// x(\[2\]Q) = T/Z_Q², so B = 0 means \[2\]Q = ±P and T = 0 means \[2\]Q = T; those cases,
    /// Q ∈ {O, T} and P ∈ {O, T} are computed as a doubling and an addition. A = 0 (the sum
    /// is T) comes out as (0, T·B², 0).
    pub fn lambda_double_add(&self, q: &Lambda<F>, p: &LambdaAffine<F>) -> Lambda<F> {
        let fallback = || self.lambda_mixed_add(&self.lambda_double(q), p);
        let LambdaAffine::Point { x: xp, l: lp } = *p else {
            return fallback();
        };
        if q.z.is_zero() {
            return fallback();
        }
        let (sum, t, bb) = self.lambda_double_add_core(q, xp, lp);
        if t.is_zero() || bb.is_zero() {
            return fallback();
        }
        sum
    }

    /// The generic path of [`Self::lambda_double_add`], with no special case: returns
    /// \[2\]Q + P, T and xP·Z_Q² + T. The sum is right when Z_Q ≠ 0, T ≠ 0 and
    /// xP·Z_Q² + T ≠ 0. Branch-free, for the constant-time method.
    #[inline(always)]
    pub(crate) fn lambda_double_add_core(&self, q: &Lambda<F>, xp: F, lp: F) -> (Lambda<F>, F, F) {
        let zz = q.z.square();
        let ll = q.l.square();
        let t = ll + q.l * q.z + self.mul_a2(zz);
        let xpzz = xp * zz;
        let bb = xpzz + t;
        let a = q.x.square() * zz + t * (ll + self.add_a2(lp + F::one()) * zz);
        let b = bb.square();
        let z = a * b * zz;
        let sum = Lambda {
            x: xpzz * a.square(),
            l: t * (a + b).square() + (lp + F::one()) * z,
            z,
        };
        (sum, t, bb)
    }
    /// \[2\]Q + P1 + P2 with Q λ-projective and P1, P2 λ-affine. Cost **17M + 8S** (+1C for
    /// a2 ∉ {0, 1}): the 2Q + P + P′ of the seed's closing slide (17m̃ + m̃_a + 8s̃), one
    /// multiplication below [`Self::lambda_double_add`] followed by
    /// [`Self::lambda_mixed_add`] (18M + 8S). Re-derived here from those two formulas,
    /// and the same as `double_add_add` of dfaranha/gls254 `sage/ec.sage`: with
    /// (X′, L′, Z′) = 2Q + P1 = (F·U², T·(U + G)² + (λ1 + 1)·I, I), the addition of P2
    /// needs A′ = L′ + λ2·Z′ = T·(U + G)² + (λ1 + λ2 + 1)·I, one product where the two
    /// formulas apart spend two. In full:
    /// T = L_Q² + L_Q·Z_Q + a2·Z_Q², U = X_Q²·Z_Q² + T·(L_Q² + (a2 + 1 + λ1)·Z_Q²),
    /// F = x1·Z_Q², G = (F + T)², H = U²·F, I = U·G·Z_Q², J = (λ1 + λ2 + 1)·I + T·(U + G)²,
    /// K = x2·I, L = (H + K)², M = H·J, and
    /// X = J·K·M, Z = I·J·L, L = (L + M)² + (λ2 + 1)·Z (the mixed addition in the form
    /// L3 = (A·X_P + B)² + (λ + 1)·Z3, as in the seed's affine-affine addition).
    /// Variable-time wrapper: the exceptional inputs (the module's O and T, \[2\]Q = ±P1,
    /// 2Q + P1 = ±P2) go through a doubling and two additions.
    pub fn lambda_double_add_add(
        &self,
        q: &Lambda<F>,
        p1: &LambdaAffine<F>,
        p2: &LambdaAffine<F>,
    ) -> Lambda<F> {
        let fallback = || self.lambda_mixed_add(&self.lambda_double_add(q, p1), p2);
        let (LambdaAffine::Point { x: x1, l: l1 }, LambdaAffine::Point { x: x2, l: l2 }) =
            (*p1, *p2)
        else {
            return fallback();
        };
        if q.z.is_zero() {
            return fallback();
        }
        let (sum, [t, bb, f]) = self.lambda_double_add_add_core(q, x1, l1, x2, l2);
        if t.is_zero() || bb.is_zero() || f.is_zero() {
            return fallback();
        }
        sum
    }

    /// The generic path of [`Self::lambda_double_add_add`], with no special case: returns
    /// the sum and the factors T, F + T and H + K whose zero marks an exceptional input
    /// (\[2\]Q = T, \[2\]Q = ±P1, 2Q + P1 = ±P2). The sum is right when Z_Q ≠ 0 and none
    /// of them is zero. Branch-free, for the constant-time method.
    #[inline(always)]
    pub(crate) fn lambda_double_add_add_core(
        &self,
        q: &Lambda<F>,
        x1: F,
        l1: F,
        x2: F,
        l2: F,
    ) -> (Lambda<F>, [F; 3]) {
        let zz = q.z.square();
        let ll = q.l.square();
        let t = ll + q.l * q.z + self.mul_a2(zz);
        let u = q.x.square() * zz + t * (ll + self.add_a2(l1 + F::one()) * zz);
        let f = x1 * zz;
        let bb = f + t;
        let g = bb.square();
        let h = u.square() * f;
        let i = u * g * zz;
        let j = (l1 + l2 + F::one()) * i + t * (u + g).square();
        let k = x2 * i;
        let hk = h + k;
        let lsq = hk.square();
        let m = h * j;
        let z = i * j * lsq;
        let sum = Lambda {
            x: j * k * m,
            l: (lsq + m).square() + (l2 + F::one()) * z,
            z,
        };
        (sum, [t, bb, hk])
    }
}
