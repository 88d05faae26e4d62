//! Seed 002's `hessian` shape: the Hessian curve X³ + Y³ + Z³ = 3d·XYZ, d³ ≠ 1, in the
//! extended coordinates of Hisil–Wong–Carter–Dawson (2008.02.25 preprint of
//! "Twisted Edwards curves revisited"; EFD g1p/auto-hessian-extended):
//! (X : Y : Z : XX : YY : ZZ : XY : XZ : YZ) with XX = X², YY = Y², ZZ = Z², XY = 2XY,
//! XZ = 2XZ, YZ = 2YZ, standing for the affine point (X/Z, Y/Z).
//!
//! The neutral element is (1 : −1 : 0); −(X : Y : Z) = (Y : X : Z). When p ≡ 1 (mod 3)
//! the curve has two more points with Z = 0, (1 : −ω : 0) and (1 : −ω² : 0) for a cube
//! root of unity ω ≠ 1: points of order 3 with no affine form, for which
//! [`CurveShape::to_affine`] returns `None` like for O. [`Hessian::weierstrass_image`]
//! maps every point, these included, and [`Hessian::from_projective`] builds them.
//!
//! The squares and products of the coordinates are what a point carries, so there is
//! nothing to cache: readditions and additions of doubled points cost as much as an
//! ADD, and only an affine operand (Z = ZZ = 1) saves a multiplication.
//!
//! # Costs, as measured on [`crate::cost::Counted`] (M, S; C = multiplication by a
//! curve constant)
//!
//! | operation | ours | seed 002 |
//! |---|---|---|
//! | DBL | 3M + 6S | 3M + 6S |
//! | TPL | **7M + 8S + 2C** | 8M + 6S |
//! | ADD, reADD, dADD, 2dADD, dreADD, 2reADD | 6M + 6S | 6M + 6S (dreADD printed "6M+6M") |
//! | mADD, dmADD, mreADD | 5M + 6S | 5M + 6S |
//!
//! TPL: the seed's 8M + 6S is Hisil–Carter–Dawson 2007's tripling in plain projective
//! coordinates (8M + 6S + 1D, EFD g1p/auto-hessian-standard), whose result lacks the six
//! squares and products the extended coordinates carry: on extended coordinates it would
//! save its 3 input squarings and need 6 more, 8M + 9S. Our tripling (derived below) is
//! 7M + 2S + 2C before those 6S.
//!
//! # Exceptional cases
//!
//! The addition law (Cauchy–Sylvester, as HWCD write it on extended coordinates) gives
//! (0 : 0 : 0) exactly when P − Q has Z = 0 (P = Q included); then the "rotated" law
//! P + Q = τ⁻¹(τP + Q), τ(X : Y : Z) = (Y : Z : X) being the translation by the point
//! (−1 : 0 : 1) of order 3, is used: it is never exceptional there (checked on every pair
//! of points of several small curves). It costs another 6M and is recorded as the same
//! addition. DBL and TPL are correct on every input.

use super::jacobian::{mul_small, small_characteristic};
use super::{
    fibonacci_by_addition, random_weierstrass, record, Cache, CurveShape, ShapeError, ShapeOp,
};
use crate::field::{Field, PrimeField};
use rand_core::RngCore;

const NAME: &str = "hessian";

/// A point of a Hessian curve in extended coordinates (X, Y, Z, X², Y², Z², 2XY, 2XZ,
/// 2YZ), with its [`Cache`] state (a label only: nothing else is cached).
#[derive(Copy, Clone, Debug)]
pub struct HessianPoint<F> {
    x: F,
    y: F,
    z: F,
    xx: F,
    yy: F,
    zz: F,
    xy: F,
    xz: F,
    yz: F,
    cache: Cache,
}

impl<F: Field> HessianPoint<F> {
    /// X.
    pub fn x(&self) -> F {
        self.x
    }
    /// Y.
    pub fn y(&self) -> F {
        self.y
    }
    /// Z.
    pub fn z(&self) -> F {
        self.z
    }

    /// (X : Y : Z) with its squares and doubled products (6S:
    /// 2XY = (X + Y)² − X² − Y², and likewise), state fresh.
    fn extend(x: F, y: F, z: F) -> Self {
        let xx = x.square();
        let yy = y.square();
        let zz = z.square();
        HessianPoint {
            x,
            y,
            z,
            xx,
            yy,
            zz,
            xy: (x + y).square() - xx - yy,
            xz: (x + z).square() - xx - zz,
            yz: (y + z).square() - yy - zz,
            cache: Cache::Fresh,
        }
    }

    fn as_fresh(&self) -> Self {
        HessianPoint {
            cache: Cache::Fresh,
            ..*self
        }
    }

    fn mark(&mut self, to: Cache) {
        match (self.cache, to) {
            (Cache::Fresh, _) | (Cache::Doubled, Cache::Added) => self.cache = to,
            _ => {}
        }
    }
}

/// A Hessian curve X³ + Y³ + Z³ = 3d·XYZ.
#[derive(Clone, Debug)]
pub struct Hessian<F> {
    d: F,
    /// 12(d³ − 1), of the Weierstrass map.
    k: F,
    /// 9d², of the Weierstrass map.
    nine_dd: F,
    wa: F,
    wb: F,
    /// 2(1/d³ − 1) and 2/d, the tripling's constants; `None` for d = 0.
    tpl: Option<(F, F)>,
}

impl<F: PrimeField> Hessian<F> {
    /// X³ + Y³ + Z³ = 3d·XYZ; `Singular` when d³ = 1.
    pub fn new(d: F) -> Result<Self, ShapeError> {
        small_characteristic::<F>(NAME)?;
        let d3 = d.square() * d;
        if d3 == F::one() {
            return Err(ShapeError::Singular {
                shape: NAME,
                why: "d³ = 1",
            });
        }
        let c = |v: u64| F::from_u64(v);
        // EFD g1p/auto-hessian (after Joye–Quisquater 2001, coordinates permuted to the
        // neutral element (1 : −1 : 0)): v² = u³ − 27d(d³ + 8)·u + 54(d⁶ − 20d³ − 8).
        let wa = -(c(27) * d * (d3 + c(8)));
        let wb = c(54) * (d3.square() - c(20) * d3 - c(8));
        let tpl = d.invert_vartime().ok().map(|di| {
            let di3 = di.square() * di;
            ((di3 - F::one()) + (di3 - F::one()), di + di)
        });
        Ok(Hessian {
            d,
            k: c(12) * (d3 - F::one()),
            nine_dd: c(9) * d.square(),
            wa,
            wb,
            tpl,
        })
    }

    /// The parameter d.
    pub fn d(&self) -> F {
        self.d
    }

    /// The projective point (x : y : z), state fresh: also the points with z = 0 (O and,
    /// when p ≡ 1 mod 3, the two of order 3 that have no affine form). `NotOnCurve` when
    /// it is not on the curve or is (0 : 0 : 0).
    pub fn from_projective(&self, x: &F, y: &F, z: &F) -> Result<HessianPoint<F>, ShapeError> {
        let lhs = x.square() * *x + y.square() * *y + z.square() * *z;
        let rhs = mul_small(self.d * *x * *y * *z, 3);
        if lhs != rhs || (x.is_zero() && y.is_zero() && z.is_zero()) {
            return Err(ShapeError::NotOnCurve { shape: NAME });
        }
        Ok(HessianPoint::extend(*x, *y, *z))
    }

    /// The image of any point on [`CurveShape::weierstrass`] (`None` for O): the map of
    /// [`CurveShape::to_weierstrass`] in projective form, u = 12(d³ − 1)Z/(dZ + X + Y) − 9d²,
    /// v = 36(d³ − 1)(Y − X)/(dZ + X + Y). The line dZ + X + Y = 0 meets the curve only
    /// at O (it is the flex tangent there: substituting gives (1 − d³)Z³), so this is
    /// defined on every other point, the points at infinity other than O included.
    pub fn weierstrass_image(&self, p: &HessianPoint<F>) -> Option<(F, F)> {
        let den = (self.d * p.z + p.x + p.y).invert_vartime().ok()?;
        let t = self.k * den;
        let u = t * p.z - self.nine_dd;
        Some((u, mul_small(t * (p.y - p.x), 3)))
    }
}

impl<F: PrimeField> CurveShape<F> for Hessian<F> {
    const NAME: &'static str = NAME;
    type Point = HessianPoint<F>;

    fn neutral(&self) -> HessianPoint<F> {
        HessianPoint::extend(F::one(), -F::one(), F::zero())
    }

    fn is_neutral(&self, p: &HessianPoint<F>) -> bool {
        p.z.is_zero() && (p.x + p.y).is_zero()
    }

    fn from_affine(&self, x: &F, y: &F) -> Result<HessianPoint<F>, ShapeError> {
        let lhs = x.square() * *x + y.square() * *y + F::one();
        if lhs != mul_small(self.d * *x * *y, 3) {
            return Err(ShapeError::NotOnCurve { shape: NAME });
        }
        let mut p = HessianPoint::extend(*x, *y, F::one());
        p.cache = Cache::Affine;
        Ok(p)
    }

    fn to_affine(&self, p: &HessianPoint<F>) -> Option<(F, F)> {
        let zi = p.z.invert_vartime().ok()?;
        Some((p.x * zi, p.y * zi))
    }

    fn cache(&self, p: &HessianPoint<F>) -> Cache {
        p.cache
    }

    fn neg(&self, p: &HessianPoint<F>) -> HessianPoint<F> {
        HessianPoint {
            x: p.y,
            y: p.x,
            xx: p.yy,
            yy: p.xx,
            xz: p.yz,
            yz: p.xz,
            ..*p
        }
    }

    /// EFD g1p/auto-hessian-extended dbl-20080225-hwcd (HWCD 2008, page 10), 3M + 6S,
    /// signs as in g1p/auto-hessian-standard dbl-2007-hcd-3: with G = XY, H = XZ, J = YZ
    /// (the doubled products), X3 = (J − G)(H + 2(XX + ZZ)), Y3 = (G − H)(J + 2(YY + ZZ)),
    /// Z3 = (H − J)(G + 2(XX + YY)); then the 6S of the extended coordinates.
    fn dbl(&self, p: &mut HessianPoint<F>) -> HessianPoint<F> {
        record(ShapeOp::Dbl);
        let (g, h, j) = (p.xy, p.xz, p.yz);
        let e = p.xx + p.zz;
        let f = p.yy + p.zz;
        let dd = p.xx + p.yy;
        let x3 = (j - g) * (h + e + e);
        let y3 = (g - h) * (j + f + f);
        let z3 = (h - j) * (g + dd + dd);
        p.mark(Cache::Doubled);
        HessianPoint::extend(x3, y3, z3)
    }

    /// 7M + 8S + 2C (d ≠ 0). Derived here: the cubing map (X : Y : Z) ↦ (R : S : T) =
    /// (X³ : Y³ : Z³) is a 3-isogeny (it identifies P with its translates by the 3-torsion
    /// points (X : ωY : ω²Z)), so \[3\] factors through it; solving for the cubic forms in
    /// R, S, T that give \[3\]P (linear algebra over sampled points) and reducing them with
    /// σ₁ = R + S + T = 3d·XYZ gives, with u = R − S, v = S − T,
    /// Δ = uv(u + v), Q₂ = 2((u + v)² − uv) = (R − S)² + (S − T)² + (T − R)²,
    /// K = σ₁(2(1/d³ − 1)σ₁² + Q₂):
    /// X3 = K − 6Δ, Y3 = K + 6Δ, Z3 = −(2/d)·σ₁·Q₂. Cost: R = X·XX, S, T (3M), uv and Δ
    /// (2M), (u + v)² and σ₁² (2S), K and σ₁·Q₂ (2M), 2 constants, then the 6S of the
    /// extended coordinates. On d = 0 (σ₁ = 0 throughout) it is a DBL and an addition,
    /// recorded as such.
    fn tpl(&self, p: &mut HessianPoint<F>) -> HessianPoint<F> {
        let Some((c2, two_over_d)) = self.tpl else {
            let mut twice = p.as_fresh();
            let mut two = self.dbl(&mut twice);
            p.mark(Cache::Doubled);
            return self.add(&mut two, &mut twice);
        };
        record(ShapeOp::Tpl);
        let r = p.x * p.xx;
        let s = p.y * p.yy;
        let t = p.z * p.zz;
        let sigma = r + s + t;
        let u = r - s;
        let v = s - t;
        let uv = u * v;
        let delta6 = mul_small(uv * (u + v), 6);
        let q2 = (u + v).square() - uv;
        let q2 = q2 + q2;
        let k = sigma * (sigma.square().mul_const(&c2) + q2);
        let z3 = -(sigma * q2).mul_const(&two_over_d);
        p.mark(Cache::Doubled);
        HessianPoint::extend(k - delta6, k + delta6, z3)
    }

    /// EFD g1p/auto-hessian-extended add-20080225-hwcd (HWCD 2008, page 10), 6M + 6S:
    /// X3 = YY1·XZ2 − XZ1·YY2, Y3 = XX1·YZ2 − YZ1·XX2, Z3 = ZZ1·XY2 − XY1·ZZ2, then the 6S
    /// of the extended coordinates; madd-20080225-hwcd (5M + 6S) when an operand has
    /// ZZ = 1. On (0 : 0 : 0), the rotated law X3 = XX1·XY2 − YZ1·ZZ2,
    /// Y3 = ZZ1·XZ2 − XY1·YY2, Z3 = YY1·YZ2 − XZ1·XX2 (6M; see the module doc).
    fn add(&self, p: &mut HessianPoint<F>, q: &mut HessianPoint<F>) -> HessianPoint<F> {
        record(ShapeOp::addition(p.cache, q.cache));
        let mut x3 = p.yy * q.xz - p.xz * q.yy;
        let mut y3 = p.xx * q.yz - p.yz * q.xx;
        let mut z3 = match (p.cache, q.cache) {
            (_, Cache::Affine) => p.zz * q.xy - p.xy,
            (Cache::Affine, _) => q.xy - p.xy * q.zz,
            _ => p.zz * q.xy - p.xy * q.zz,
        };
        if x3.is_zero() && y3.is_zero() && z3.is_zero() {
            x3 = p.xx * q.xy - p.yz * q.zz;
            y3 = p.zz * q.xz - p.xy * q.yy;
            z3 = p.yy * q.yz - p.xz * q.xx;
        }
        p.mark(Cache::Added);
        q.mark(Cache::Added);
        HessianPoint::extend(x3, y3, z3)
    }

    /// By one DBL and additions (no co-Z formula on this shape).
    fn fibonacci_multiples(&self, p: &HessianPoint<F>, z: usize) -> Vec<HessianPoint<F>> {
        fibonacci_by_addition(self, p, z)
    }

    fn weierstrass(&self) -> (F, F) {
        (self.wa, self.wb)
    }

    /// EFD g1p/auto-hessian: with p = 12(d³ − 1)/(d + x + y), u = p − 9d²,
    /// v = 3p(y − x). d + x + y ≠ 0 on every affine point of the curve (see
    /// [`Hessian::weierstrass_image`]); `None` for an (x, y) off the curve where it is 0.
    fn to_weierstrass(&self, x: &F, y: &F) -> Option<(F, F)> {
        let t = self.k * (self.d + *x + *y).invert_vartime().ok()?;
        Some((t - self.nine_dd, mul_small(t * (*y - *x), 3)))
    }

    /// The inverse map: p = u + 9d², x + y = 12(d³ − 1)/p − d, y − x = v/(3p). `None`
    /// for the point at infinity (O = (1 : −1 : 0)) and for the two points with
    /// u = −9d² (p = 0), the images of (1 : −ω : 0) and (1 : −ω² : 0).
    fn from_weierstrass(&self, w: Option<(F, F)>) -> Option<(F, F)> {
        let (u, v) = w?;
        let pp = u + self.nine_dd;
        let pi = pp.invert_vartime().ok()?;
        let sum = self.k * pi - self.d;
        let three_inv = F::from_u64(3).invert_vartime().ok()?;
        let diff = v * pi * three_inv;
        let half = F::from_u64(2).invert_vartime().ok()?;
        Some(((sum - diff) * half, (sum + diff) * half))
    }

    fn random_point(&self, rng: &mut dyn RngCore) -> (F, F) {
        loop {
            let w = random_weierstrass(&self.wa, &self.wb, rng);
            if let Some(p) = self.from_weierstrass(Some(w)) {
                return p;
            }
        }
    }
}
