//! Extended Jacobi quartics y² = x⁴ + 2a·x² + 1 (d = 1) in the EFD's XXYZZ coordinates
//! (CLI name `ext-jquartic`, [`ExtJQuartic`]): (X, XX, Y, Z, ZZ) with x = X/Z, y = Y/Z²,
//! XX = X², ZZ = Z² (Hisil–Wong–Carter–Dawson, "Jacobi quartic curves revisited", ACISP
//! 2009; EFD `g1p/auto-jquartic-2xxyzz`).
//!
//! # What is cached
//!
//! The addition needs R = 2XZ of each operand, one squaring (X + Z)² − XX − ZZ apiece. A
//! doubling or tripling computes R of its input on the way, and an addition computes it
//! for an operand that lacks it; either leaves it in the operand, so a later addition of
//! that operand saves the squaring. An affine operand has R = 2X for free and saves
//! Z1·Z2 as well. That is seed 002's caching (§5.1), and gives exactly its Tables 1 and 2
//! for the additions. With C a multiplication by a curve constant (a, or k = a − 1),
//! counted apart:
//!
//! | operation | measured | seed 002 |
//! |-----------|----------|----------|
//! | DBL | 2M + 5S + 1C | 2M + 5S |
//! | TPL | 8M + 7S + 1C | 8M + 4S |
//! | ADD | 7M + 4S + 1C | 7M + 4S |
//! | reADD, dADD | 7M + 3S + 1C | 7M + 3S |
//! | mADD | 6M + 3S + 1C | 6M + 3S |
//! | 2dADD, dreADD, 2reADD | 7M + 2S + 1C | 7M + 2S |
//! | dmADD, mreADD | 6M + 2S + 1C | 6M + 2S |
//!
//! (DBL and TPL of a point that already has its R cost 1S less.) The tripling is EFD
//! `g1p/auto-jquartic-xxyzzr` `tpl-2007-hcd` (8M + 7S + 1C there, R3 included), with R3
//! dropped and R1 computed instead: its 2((XX1 + ZZ1)² − XX1² − ZZ1²) = 4·XX1·ZZ1 is R1²,
//! so R1 costs one squaring more and is then cached like a doubling's (seed 002, Remark
//! 2). No formula found reaches 8M + 4S with the XX3 and ZZ3 that every later operation
//! reads: the seed's figure leaves out those two squarings (and R1).
//!
//! # Exceptional cases
//!
//! The points at infinity (1 : ±1 : 0) are ordinary points of the weighted projective
//! model (of order 2), so every point has coordinates. Doubling and tripling are right
//! for every input; the addition degenerates to X3 = Z3 = 0 exactly when P − Q is one of
//! the points at infinity T± (checked exhaustively on small fields by
//! `tests/heavy/shape_edwards_family.rs`). Then the sum is computed as
//! τ(τ(P) + Q), τ being the translation by T+, (X : Y : Z) ↦ (−Z : Y : X): τ(P) − Q is
//! then O or (0, −1), where the formula is fine.
//!
//! # Maps
//!
//! (x, y) ↦ (U, V) = (2(y + 1 + a·x²)/x², 2U/x) sends the curve to
//! V² = U³ − 4a·U² + 4(a² − 1)·U (EFD's Jacobi-quartic page: 2v² = u³ − 2au² + (a² − 1)u
//! with u = a + (y + 1)/x², v = u/x, scaled by U = 2u, V = 4v), and U = t + 4a/3 makes that
//! y² = t³ + (4(a² − 1) − 16a²/3)·t + 16a(a² − 9)/27. The neutral element (0, 1) goes to
//! the point at infinity, (0, −1) to U = 0 and the points at infinity (1 : ±1 : 0) to
//! U = 2(a ± 1), V = 0; these last two have no affine form.

use super::{fibonacci_by_addition, random_affine_point};
use super::{record, Cache, CurveShape, ShapeError, ShapeOp};
use crate::field::{Field, PrimeField};
use rand_core::RngCore;

/// The Jacobi quartic y² = x⁴ + 2a·x² + 1 with its maps to short Weierstrass form (see
/// the module documentation); shared with `jintersect`, whose affine model it is.
#[derive(Clone, Debug)]
pub(crate) struct QuarticModel<F> {
    a: F,
    /// 4a/3: t = U − 4a/3.
    shift: F,
    half: F,
    wa: F,
    wb: F,
}

impl<F: PrimeField> QuarticModel<F> {
    /// The model for `a`, or why there is none.
    pub(crate) fn new(a: F) -> Result<Self, &'static str> {
        let inv6 = F::from_u64(6)
            .invert_vartime()
            .map_err(|_| "the field has characteristic 2 or 3")?;
        if a.square() == F::one() {
            return Err("a² must not be 1");
        }
        let (half, third) = (F::from_u64(3) * inv6, F::from_u64(2) * inv6);
        let a2 = a.square();
        let four = F::from_u64(4);
        let wa = four * (a2 - F::one()) - F::from_u64(16) * a2 * third;
        let wb = F::from_u64(16) * a * (a2 - F::from_u64(9)) * third.square() * third;
        Ok(QuarticModel {
            a,
            shift: four * a * third,
            half,
            wa,
            wb,
        })
    }

    pub(crate) fn weierstrass(&self) -> (F, F) {
        (self.wa, self.wb)
    }

    pub(crate) fn on_curve(&self, x: &F, y: &F) -> bool {
        let x2 = x.square();
        y.square() == x2.square() + (self.a + self.a) * x2 + F::one()
    }

    /// The Weierstrass image of the weighted point (X : Y : Z), x = X/Z, y = Y/Z².
    pub(crate) fn weighted_to_weierstrass(&self, x: &F, y: &F, z: &F) -> Option<(F, F)> {
        let zz = z.square();
        let Ok(inv) = x.invert_vartime() else {
            // x = 0: the neutral element (y = 1), or (0, −1) at U = 0.
            return (*y != zz).then(|| (-self.shift, F::zero()));
        };
        let u = (*y + zz + self.a * x.square()) * inv.square();
        let u = u + u;
        let v = (u + u) * *z * inv;
        Some((u - self.shift, v))
    }

    /// The weighted point (X, Y, Z) mapped to `w` (`None`: the point at infinity).
    pub(crate) fn weierstrass_to_weighted(&self, w: Option<(F, F)>) -> (F, F, F) {
        let Some((t, v)) = w else {
            return (F::zero(), F::one(), F::one());
        };
        let u = t + self.shift;
        if v.is_zero() {
            // The points of order 2: U = 0, 2(a + 1) or 2(a − 1).
            let y = if u.is_zero() {
                return (F::zero(), -F::one(), F::one());
            } else if u == (self.a + F::one()) + (self.a + F::one()) {
                F::one()
            } else {
                -F::one()
            };
            return (F::one(), y, F::zero());
        }
        match v.invert_vartime() {
            Ok(inv) => {
                // x = 2U/V, y = x²·(U/2 − a) − 1.
                let x = (u + u) * inv;
                (
                    x,
                    x.square() * (u * self.half - self.a) - F::one(),
                    F::one(),
                )
            }
            Err(_) => (F::zero(), F::one(), F::one()), // unreachable: v ≠ 0
        }
    }

    pub(crate) fn affine_to_weierstrass(&self, x: &F, y: &F) -> Option<(F, F)> {
        self.weighted_to_weierstrass(x, y, &F::one())
    }

    /// The affine point mapped to `w`, `None` for the points at infinity (1 : ±1 : 0).
    pub(crate) fn weierstrass_to_affine(&self, w: Option<(F, F)>) -> Option<(F, F)> {
        let (x, y, z) = self.weierstrass_to_weighted(w);
        let inv = z.invert_vartime().ok()?;
        Some((x * inv, y * inv.square()))
    }
}

/// A point of an extended Jacobi quartic: (X, XX, Y, Z, ZZ), R = 2XZ when its [`Cache`]
/// state is not [`Cache::Fresh`], and that state.
#[derive(Copy, Clone, Debug)]
pub struct JQuarticPoint<F> {
    x: F,
    xx: F,
    y: F,
    z: F,
    zz: F,
    r: F,
    cache: Cache,
}

impl<F: Copy> JQuarticPoint<F> {
    /// The weighted projective (X, Y, Z): x = X/Z, y = Y/Z².
    pub fn coordinates(&self) -> (F, F, F) {
        (self.x, self.y, self.z)
    }
}

/// What the addition formula reads of one operand.
#[derive(Copy, Clone)]
struct Operand<F> {
    x: F,
    xx: F,
    y: F,
    z: F,
    zz: F,
    r: F,
    /// Z = ZZ = 1.
    affine: bool,
}

impl<F: Field> Operand<F> {
    /// τ(P) = P + T+, (X : Y : Z) ↦ (−Z : Y : X): XX and ZZ swap, R changes sign.
    fn translated(&self) -> Self {
        Operand {
            x: -self.z,
            xx: self.zz,
            y: self.y,
            z: self.x,
            zz: self.xx,
            r: -self.r,
            affine: false,
        }
    }
}

/// An extended Jacobi quartic y² = x⁴ + 2a·x² + 1 (CLI name `ext-jquartic`; see the
/// [module documentation](self)).
#[derive(Clone, Debug)]
pub struct ExtJQuartic<F> {
    a: F,
    /// k = a − 1, the addition's constant.
    k: F,
    model: QuarticModel<F>,
}

impl<F: PrimeField> ExtJQuartic<F> {
    /// The curve y² = x⁴ + 2a·x² + 1; `Singular` when a² = 1 (or the field has
    /// characteristic 2 or 3).
    pub fn new(a: F) -> Result<Self, ShapeError> {
        let model = QuarticModel::new(a).map_err(|why| ShapeError::Singular {
            shape: Self::NAME,
            why,
        })?;
        Ok(ExtJQuartic {
            a,
            k: a - F::one(),
            model,
        })
    }

    /// The curve constant a.
    pub fn a(&self) -> F {
        self.a
    }

    /// The Weierstrass image of any point, the points at infinity included; `None` is the
    /// Weierstrass point at infinity.
    pub fn point_to_weierstrass(&self, p: &JQuarticPoint<F>) -> Option<(F, F)> {
        self.model.weighted_to_weierstrass(&p.x, &p.y, &p.z)
    }

    /// The point mapped to the Weierstrass point `w` (`None`: the point at infinity), with
    /// state [`Cache::Fresh`]. Unlike [`CurveShape::from_weierstrass`] this reaches the
    /// points at infinity too.
    pub fn point_from_weierstrass(&self, w: Option<(F, F)>) -> JQuarticPoint<F> {
        let (x, y, z) = self.model.weierstrass_to_weighted(w);
        Self::fresh(x, y, z)
    }

    fn fresh(x: F, y: F, z: F) -> JQuarticPoint<F> {
        JQuarticPoint {
            x,
            xx: x.square(),
            y,
            z,
            zz: z.square(),
            r: F::zero(),
            cache: Cache::Fresh,
        }
    }

    /// R = 2XZ of `p`: the cached value, or (X + Z)² − XX − ZZ (1S), then cached.
    fn r_of(p: &mut JQuarticPoint<F>) -> F {
        if p.cache == Cache::Fresh {
            p.r = (p.x + p.z).square() - p.xx - p.zz;
        }
        p.r
    }

    fn operand(p: &mut JQuarticPoint<F>) -> Operand<F> {
        Operand {
            r: Self::r_of(p),
            x: p.x,
            xx: p.xx,
            y: p.y,
            z: p.z,
            zz: p.zz,
            affine: p.cache == Cache::Affine,
        }
    }

    /// The addition of EFD `g1p/auto-jquartic-2xxyzz` with k = a − 1 (7M + 2S + 1C once
    /// both R are known; 6M + 2S + 1C when an operand has Z = 1):
    /// A = 2·XX1·XX2, B = 2·ZZ1·ZZ2, C = R1·R2, D = Y1·Y2,
    /// X3 = (R1 + Y1)(R2 + Y2) − C − D, Z3 = B − A, F = A + B + C,
    /// G = 2((XX1 + ZZ1)(XX2 + ZZ2) + D) + k·C, Y3 = F·G − XX3 − ZZ3.
    /// `None` when X3 = Z3 = 0 (P − Q at infinity: see the module documentation).
    fn add_formula(&self, p: &Operand<F>, q: &Operand<F>) -> Option<JQuarticPoint<F>> {
        let a = p.xx * q.xx;
        let a = a + a;
        let b = match (p.affine, q.affine) {
            (true, true) => F::one(),
            (true, false) => q.zz,
            (false, true) => p.zz,
            (false, false) => p.zz * q.zz,
        };
        let b = b + b;
        let c = p.r * q.r;
        let d = p.y * q.y;
        let x3 = (p.r + p.y) * (q.r + q.y) - c - d;
        let z3 = b - a;
        if x3.is_zero() && z3.is_zero() {
            return None;
        }
        let xx3 = x3.square();
        let zz3 = z3.square();
        let f = a + b + c;
        let g = (p.xx + p.zz) * (q.xx + q.zz) + d;
        let g = g + g + c.mul_const(&self.k);
        Some(JQuarticPoint {
            x: x3,
            xx: xx3,
            y: f * g - xx3 - zz3,
            z: z3,
            zz: zz3,
            r: F::zero(),
            cache: Cache::Fresh,
        })
    }
}

impl<F: PrimeField> CurveShape<F> for ExtJQuartic<F> {
    const NAME: &'static str = "ext-jquartic";
    type Point = JQuarticPoint<F>;

    fn neutral(&self) -> JQuarticPoint<F> {
        JQuarticPoint {
            x: F::zero(),
            xx: F::zero(),
            y: F::one(),
            z: F::one(),
            zz: F::one(),
            r: F::zero(),
            cache: Cache::Affine,
        }
    }

    fn is_neutral(&self, p: &JQuarticPoint<F>) -> bool {
        p.x.is_zero() && p.y == p.zz
    }

    fn from_affine(&self, x: &F, y: &F) -> Result<JQuarticPoint<F>, ShapeError> {
        if !self.model.on_curve(x, y) {
            return Err(ShapeError::NotOnCurve { shape: Self::NAME });
        }
        Ok(JQuarticPoint {
            x: *x,
            xx: x.square(),
            y: *y,
            z: F::one(),
            zz: F::one(),
            r: *x + *x,
            cache: Cache::Affine,
        })
    }

    fn to_affine(&self, p: &JQuarticPoint<F>) -> Option<(F, F)> {
        let inv = p.z.invert_vartime().ok()?;
        Some((p.x * inv, p.y * inv.square()))
    }

    fn cache(&self, p: &JQuarticPoint<F>) -> Cache {
        p.cache
    }

    fn neg(&self, p: &JQuarticPoint<F>) -> JQuarticPoint<F> {
        // −(x, y) = (−x, y); R = 2XZ changes sign with X.
        JQuarticPoint {
            x: -p.x,
            r: -p.r,
            ..*p
        }
    }

    /// EFD `g1p/auto-jquartic-2xxyzz` doubling 2M + 5S + 1C (`dbl-20090311-hwcd` of
    /// `auto-jquartic-xxyzzr` without R3; Hisil et al. 2009, formula (9)):
    /// R1 = (X1 + Z1)² − XX1 − ZZ1, YY1 = Y1², X3 = Y1·R1, Z3 = (ZZ1 − XX1)(ZZ1 + XX1),
    /// Y3 = 2·YY1² − a·XX3 − ZZ3. R1 is cached in `p`.
    fn dbl(&self, p: &mut JQuarticPoint<F>) -> JQuarticPoint<F> {
        record(ShapeOp::Dbl);
        let r1 = Self::r_of(p);
        if p.cache == Cache::Fresh {
            p.cache = Cache::Doubled;
        }
        let yy = p.y.square();
        let x3 = p.y * r1;
        let z3 = (p.zz - p.xx) * (p.zz + p.xx);
        let xx3 = x3.square();
        let zz3 = z3.square();
        let y4 = yy.square();
        JQuarticPoint {
            x: x3,
            xx: xx3,
            y: y4 + y4 - xx3.mul_const(&self.a) - zz3,
            z: z3,
            zz: zz3,
            r: F::zero(),
            cache: Cache::Fresh,
        }
    }

    /// EFD `g1p/auto-jquartic-xxyzzr` `tpl-2007-hcd` (Hisil–Carter–Dawson 2007) without
    /// R3, with D = R1², 8M + 7S + 1C (see the module documentation):
    /// A = XX1², B = ZZ1², C = A + B, D = R1², E = A − B, F = 2A, G = 2B, J = a·D + 2C,
    /// K = J + E, L = J − E, M = C·E, N = G·K, P = F·L, X3 = X1·(M − N),
    /// Y3 = Y1·((M + N)(P − M) + (D·E)²), Z3 = Z1·(P + M). R1 is cached in `p`.
    fn tpl(&self, p: &mut JQuarticPoint<F>) -> JQuarticPoint<F> {
        record(ShapeOp::Tpl);
        let r1 = Self::r_of(p);
        if p.cache == Cache::Fresh {
            p.cache = Cache::Doubled;
        }
        let a = p.xx.square();
        let b = p.zz.square();
        let c = a + b;
        let d = r1.square();
        let e = a - b;
        let j = d.mul_const(&self.a) + c + c;
        let (k, l) = (j + e, j - e);
        let m = c * e;
        let n = (b + b) * k;
        let pp = (a + a) * l;
        let x3 = p.x * (m - n);
        let y3 = p.y * ((m + n) * (pp - m) + (d * e).square());
        let z3 = p.z * (pp + m);
        JQuarticPoint {
            x: x3,
            xx: x3.square(),
            y: y3,
            z: z3,
            zz: z3.square(),
            r: F::zero(),
            cache: Cache::Fresh,
        }
    }

    /// The 2XXYZZ addition (`add_formula`), reading the cached R of each operand and
    /// computing (then caching) the missing ones; on the degenerate pairs, τ(τ(P) + Q).
    fn add(&self, p: &mut JQuarticPoint<F>, q: &mut JQuarticPoint<F>) -> JQuarticPoint<F> {
        record(ShapeOp::addition(p.cache, q.cache));
        let (op, oq) = (Self::operand(p), Self::operand(q));
        for c in [&mut p.cache, &mut q.cache] {
            if *c != Cache::Affine {
                *c = Cache::Added;
            }
        }
        if let Some(r) = self.add_formula(&op, &oq) {
            return r;
        }
        // τ(P) − Q ∈ {O, (0, −1)}, where the formula does not degenerate.
        let s = self
            .add_formula(&op.translated(), &oq)
            .unwrap_or_else(|| self.neutral());
        JQuarticPoint {
            x: -s.z,
            xx: s.zz,
            y: s.y,
            z: s.x,
            zz: s.xx,
            r: F::zero(),
            cache: Cache::Fresh,
        }
    }

    fn fibonacci_multiples(&self, p: &JQuarticPoint<F>, z: usize) -> Vec<JQuarticPoint<F>> {
        fibonacci_by_addition(self, p, z)
    }

    fn weierstrass(&self) -> (F, F) {
        self.model.weierstrass()
    }

    fn to_weierstrass(&self, x: &F, y: &F) -> Option<(F, F)> {
        self.model.affine_to_weierstrass(x, y)
    }

    fn from_weierstrass(&self, w: Option<(F, F)>) -> Option<(F, F)> {
        self.model.weierstrass_to_affine(w)
    }

    fn random_point(&self, rng: &mut dyn RngCore) -> (F, F) {
        random_affine_point(self, rng)
    }
}
