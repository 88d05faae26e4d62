//! Short Weierstrass curves y² = x³ + ax + b over a prime field, in affine and Jacobian
//! coordinates.
//!
//! The value of `a` selects the doubling formula through a type parameter ([`AMinus3`],
//! [`AZero`], [`AGeneric`]), so no hot loop branches on it. Formulas and costs are those of
//! the Explicit-Formulas Database (EFD), `g1p/auto-shortw-jacobian*.html`; each names its
//! EFD entry. M = multiplication, S = squaring, C = multiplication by the curve constant a;
//! additions are not listed.
//!
//! Jacobian (X : Y : Z) stands for the affine point (X/Z², Y/Z³); Z = 0 is the point at
//! infinity. All Jacobian formulas here branch on their inputs (infinity, equal points):
//! they are variable-time and meant for public data or for methods that say they are
//! variable-time.
//!
//! # Complete formulas
//!
//! [`Projective`] (X : Y : Z) stands for (X/Z, Y/Z), with O = (0 : 1 : 0). Its addition
//! and doubling ([`ShortWeierstrass::add_complete`], [`ShortWeierstrass::double_complete`])
//! are those of Renes, Costello and Batina, "Complete addition formulas for prime order
//! elliptic curves", EUROCRYPT 2016 (ePrint 2015/1060), Algorithms 1 and 3 (any a), 4
//! and 6 (a = −3), 7 and 9 (a = 0), chosen by the [`AShape`]. They run the same field
//! operations for every input: no branch, P = Q, P = −Q and O included.
//!
//! **Where they are complete.** They implement the Bosma–Lenstra addition law whose
//! exceptional pairs (P, Q) are those with P − Q a point of order 2 (RCB 2016, §3,
//! Theorem 1); there the output is (0 : 0 : 0). So they are complete on E(F_p) when it has
//! no point of order 2 — every curve of odd order, e.g. all the named curves with h = 1 —
//! and, on any curve, for all pairs of points of a subgroup of odd order (the differences
//! stay in the subgroup). On secp112r2 and secp128r2 (h = 4, so E(F_p) has a point of
//! order 2) they are complete on the subgroup of order n only. The output (0 : 0 : 0)
//! makes every later complete addition or doubling output (0 : 0 : 0) too (each output
//! coordinate is a form of degree ≥ 1 in each input's coordinates), so an exceptional
//! case anywhere in a chain shows in its result: see [`Projective::is_exceptional`].
//!
//! Costs (RCB 2016, Table 1; M, S, C = multiplication by a, b or 3b through
//! [`Field::mul_const`], A = addition or subtraction), all measured by `tests/ct_mul.rs`:
//!
//! | shape | addition           | doubling                  |
//! |-------|--------------------|---------------------------|
//! | any a | 12M + 5C + 23A (Alg. 1: 3m_a + 2m_3b) | 8M + 3S + 5C + 15A (Alg. 3: 3m_a + 2m_3b) |
//! | a = −3 | 12M + 2C + 29A (Alg. 4: 2m_b) | 8M + 3S + 2C + 21A (Alg. 6: 2m_b) |
//! | a = 0 | 12M + 2C + 19A (Alg. 7: 2m_3b) | 6M + 2S + 1C + 9A (Alg. 9: 1m_3b) |

use crate::field::{batch_invert, batch_invert_vartime, Field, PrimeField};
use core::fmt;
use core::marker::PhantomData;

/// The shape of the coefficient `a`, chosen by type.
pub trait AShape: Copy + Clone + Default + fmt::Debug + Send + Sync + 'static {
    /// Short name for reports: `a=-3`, `a=0` or `a`.
    const NAME: &'static str;
    /// True when `a` has this shape (checked when a curve is built).
    fn admits<F: Field>(a: &F) -> bool;
    /// Jacobian doubling \[2\]P, P ≠ O, Y ≠ 0 (the caller handles those).
    fn double<F: Field>(p: &Jacobian<F>, a: &F) -> Jacobian<F>;
    /// a·x, as it occurs in the curve equation.
    fn a_times<F: Field>(x: &F, a: &F) -> F;
    /// The complete projective addition P + Q of this shape (see the module doc for the
    /// algorithm and its cost); `b3` = 3b. Exception-free for every pair of points whose
    /// difference is not of order 2.
    fn complete_add<F: Field>(
        p: &Projective<F>,
        q: &Projective<F>,
        a: &F,
        b: &F,
        b3: &F,
    ) -> Projective<F>;
    /// The complete projective doubling \[2\]P of this shape; every input, O included.
    fn complete_double<F: Field>(p: &Projective<F>, a: &F, b: &F, b3: &F) -> Projective<F>;
}

/// a = −3 (the NIST, SEC r1 and X9.62 curves).
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct AMinus3;
/// a = 0 (the SEC Koblitz curves secp…k1 and WTLS9).
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct AZero;
/// Any a (the Brainpool r1 curves, among others).
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct AGeneric;

#[inline(always)]
fn triple<F: Field>(x: F) -> F {
    x + x + x
}

impl AMinus3 {
    /// EFD `dbl-2001-b`: 3M + 5S.
    /// δ = Z², γ = Y², β = Xγ, α = 3(X − δ)(X + δ), X3 = α² − 8β,
    /// Z3 = (Y + Z)² − γ − δ, Y3 = α(4β − X3) − 8γ².
    /// The generic doubling of a = −3, which the cost model counts.
    #[inline(always)]
    pub fn dbl_2001_b<F: Field>(p: &Jacobian<F>) -> Jacobian<F> {
        let delta = p.z.square();
        let gamma = p.y.square();
        let beta = p.x * gamma;
        let alpha = triple((p.x - delta) * (p.x + delta));
        let beta2 = beta + beta;
        let beta4 = beta2 + beta2;
        let x3 = alpha.square() - (beta4 + beta4);
        let z3 = (p.y + p.z).square() - gamma - delta;
        let g2 = gamma.square();
        let g2_2 = g2 + g2;
        let g2_4 = g2_2 + g2_2;
        let g2_8 = g2_4 + g2_4;
        let y3 = alpha * (beta4 - x3) - g2_8;
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
        }
    }
}

impl AShape for AMinus3 {
    const NAME: &'static str = "a=-3";
    fn admits<F: Field>(a: &F) -> bool {
        *a + triple(F::one()) == F::zero()
    }
    /// The field's own doubling where it has one ([`Field::jacobian_double_a3`]: the
    /// P-256 assembly), else [`AMinus3::dbl_2001_b`].
    #[inline(always)]
    fn double<F: Field>(p: &Jacobian<F>, _a: &F) -> Jacobian<F> {
        if let Some([x, y, z]) = F::jacobian_double_a3(&p.x, &p.y, &p.z) {
            return Jacobian { x, y, z };
        }
        Self::dbl_2001_b(p)
    }
    #[inline(always)]
    fn a_times<F: Field>(x: &F, _a: &F) -> F {
        -triple(*x)
    }
    /// RCB 2016, Algorithm 4 (EFD `add-2015-rcb-3`): 12M + 2m_b + 29A. With the three
    /// cross terms s_xy = X1Y2 + X2Y1, s_yz = Y1Z2 + Y2Z1, s_xz = X1Z2 + X2Z1 (each one
    /// product of sums, steps 4–18), v = 3(s_xz − b·Z1Z2), w = 3(b·s_xz − 3Z1Z2 − X1X2),
    /// u = 3X1X2 − 3Z1Z2:
    /// X3 = s_xy(Y1Y2 + v) − s_yz·w, Y3 = (Y1Y2 + v)(Y1Y2 − v) + u·w,
    /// Z3 = s_yz(Y1Y2 − v) + s_xy·u.
    #[inline(always)]
    fn complete_add<F: Field>(
        p: &Projective<F>,
        q: &Projective<F>,
        _a: &F,
        b: &F,
        _b3: &F,
    ) -> Projective<F> {
        let xx = p.x * q.x; // 1
        let yy = p.y * q.y; // 2
        let zz = p.z * q.z; // 3
        let s_xy = (p.x + p.y) * (q.x + q.y) - (xx + yy); // 4–8
        let s_yz = (p.y + p.z) * (q.y + q.z) - (yy + zz); // 9–13
        let s_xz = (p.x + p.z) * (q.x + q.z) - (xx + zz); // 14–18
        let v = triple(s_xz - zz.mul_const(b)); // 19–22
        let yy_minus = yy - v; // 23
        let yy_plus = yy + v; // 24
        let zz3 = triple(zz); // 26, 27
        let w = triple(s_xz.mul_const(b) - zz3 - xx); // 25, 28–31
        let u = triple(xx) - zz3; // 32–34
        Projective {
            x: s_xy * yy_plus - s_yz * w,  // 35, 39, 40
            y: yy_plus * yy_minus + u * w, // 36–38
            z: s_yz * yy_minus + s_xy * u, // 41–43
        }
    }
    /// RCB 2016, Algorithm 6: 8M + 3S + 2m_b + 21A. With t = 2XY, r = 2XZ,
    /// v = 3(b·Z² − r), w = 3(b·r − 3Z² − X²), u = 3X² − 3Z², s = 2YZ:
    /// X3 = t(Y² − v) − s·w, Y3 = (Y² + v)(Y² − v) + u·w, Z3 = 4s·Y².
    #[inline(always)]
    fn complete_double<F: Field>(p: &Projective<F>, _a: &F, b: &F, _b3: &F) -> Projective<F> {
        let xx = p.x.square(); // 1
        let yy = p.y.square(); // 2
        let zz = p.z.square(); // 3
        let t = p.x * p.y; // 4
        let t = t + t; // 5
        let r = p.x * p.z; // 6
        let r = r + r; // 7
        let v = triple(zz.mul_const(b) - r); // 8–11
        let yy_minus = yy - v; // 12
        let yy_plus = yy + v; // 13
        let y3 = yy_minus * yy_plus; // 14
        let x3 = yy_minus * t; // 15
        let zz3 = triple(zz); // 16, 17
        let w = triple(r.mul_const(b) - zz3 - xx); // 18–22
        let u = triple(xx) - zz3; // 23–25
        let y3 = y3 + u * w; // 26, 27
        let s = p.y * p.z; // 28
        let s = s + s; // 29
        let x3 = x3 - s * w; // 30, 31
        let z3 = s * yy; // 32
        let z3 = z3 + z3; // 33
        Projective {
            x: x3,
            y: y3,
            z: z3 + z3, // 34
        }
    }
}

impl AZero {
    /// EFD `dbl-2009-l` with D = 4XB taken as one product: 3M + 4S.
    /// A = X², B = Y², C = B², D = 4XB, E = 3A, F = E²,
    /// X3 = F − 2D, Y3 = E(D − X3) − 8C, Z3 = 2YZ.
    /// The EFD's D = 2((X + B)² − A − C) trades the product for a square and two more
    /// sums (2M + 5S). With the BMI2/ADX field code a product costs about 1.1 squares and a
    /// sum about a fifth of one, so the product is cheaper: secp256k1 `glv:w=5` took 0.976×
    /// the time (stop 42, `farm-bench` pairs; README, secp256k1). The generic doubling of
    /// a = 0, which the cost model counts.
    #[inline(always)]
    pub fn dbl_2009_l<F: Field>(p: &Jacobian<F>) -> Jacobian<F> {
        let a = p.x.square();
        let b = p.y.square();
        let c = b.square();
        let t = p.x * b;
        let t2 = t + t;
        let d = t2 + t2;
        let e = triple(a);
        let f = e.square();
        let x3 = f - (d + d);
        let c2 = c + c;
        let c4 = c2 + c2;
        let c8 = c4 + c4;
        let y3 = e * (d - x3) - c8;
        let yz = p.y * p.z;
        Jacobian {
            x: x3,
            y: y3,
            z: yz + yz,
        }
    }
}

impl AShape for AZero {
    const NAME: &'static str = "a=0";
    fn admits<F: Field>(a: &F) -> bool {
        a.is_zero()
    }
    /// The field's own doubling where it has one ([`Field::jacobian_double_a0`]: the
    /// secp256k1 assembly), else [`AZero::dbl_2009_l`].
    #[inline(always)]
    fn double<F: Field>(p: &Jacobian<F>, _a: &F) -> Jacobian<F> {
        if let Some([x, y, z]) = F::jacobian_double_a0(&p.x, &p.y, &p.z) {
            return Jacobian { x, y, z };
        }
        Self::dbl_2009_l(p)
    }
    #[inline(always)]
    fn a_times<F: Field>(_x: &F, _a: &F) -> F {
        F::zero()
    }
    /// RCB 2016, Algorithm 7: 12M + 2m_3b + 19A. With the cross terms s_xy, s_yz, s_xz
    /// of Algorithm 4, e = Y1Y2 − 3b·Z1Z2, f = Y1Y2 + 3b·Z1Z2, g = 3b·s_xz, h = 3X1X2:
    /// X3 = s_xy·e − s_yz·g, Y3 = e·f + g·h, Z3 = f·s_yz + h·s_xy.
    #[inline(always)]
    fn complete_add<F: Field>(
        p: &Projective<F>,
        q: &Projective<F>,
        _a: &F,
        _b: &F,
        b3: &F,
    ) -> Projective<F> {
        let xx = p.x * q.x; // 1
        let yy = p.y * q.y; // 2
        let zz = p.z * q.z; // 3
        let s_xy = (p.x + p.y) * (q.x + q.y) - (xx + yy); // 4–8
        let s_yz = (p.y + p.z) * (q.y + q.z) - (yy + zz); // 9–13
        let s_xz = (p.x + p.z) * (q.x + q.z) - (xx + zz); // 14–18
        let h = triple(xx); // 19, 20
        let zz_b3 = zz.mul_const(b3); // 21
        let f = yy + zz_b3; // 22
        let e = yy - zz_b3; // 23
        let g = s_xz.mul_const(b3); // 24
        Projective {
            x: s_xy * e - s_yz * g, // 25–27
            y: e * f + g * h,       // 28–30
            z: f * s_yz + h * s_xy, // 31–33
        }
    }
    /// RCB 2016, Algorithm 9: 6M + 2S + 1m_3b + 9A. With c = 3b·Z², d = Y² − 3c:
    /// X3 = 2d·XY, Y3 = d(Y² + c) + 8Y²·c, Z3 = 8Y²·YZ.
    #[inline(always)]
    fn complete_double<F: Field>(p: &Projective<F>, _a: &F, _b: &F, b3: &F) -> Projective<F> {
        let yy = p.y.square(); // 1
        let yy2 = yy + yy; // 2
        let yy4 = yy2 + yy2; // 3
        let yy8 = yy4 + yy4; // 4
        let yz = p.y * p.z; // 5
        let c = p.z.square().mul_const(b3); // 6, 7
        let x3 = c * yy8; // 8
        let y3 = yy + c; // 9
        let z3 = yz * yy8; // 10
        let d = yy - triple(c); // 11–13
        let y3 = d * y3 + x3; // 14, 15
        let x3 = d * (p.x * p.y); // 16, 17
        Projective {
            x: x3 + x3, // 18
            y: y3,
            z: z3,
        }
    }
}

impl AShape for AGeneric {
    const NAME: &'static str = "a";
    fn admits<F: Field>(_a: &F) -> bool {
        true
    }
    /// EFD `dbl-2007-bl`: 1M + 8S + 1C.
    /// XX = X², YY = Y², YYYY = YY², ZZ = Z², S = 2((X + YY)² − XX − YYYY),
    /// M = 3XX + a·ZZ², T = M² − 2S, X3 = T, Y3 = M(S − T) − 8YYYY,
    /// Z3 = (Y + Z)² − YY − ZZ.
    #[inline(always)]
    fn double<F: Field>(p: &Jacobian<F>, a: &F) -> Jacobian<F> {
        let xx = p.x.square();
        let yy = p.y.square();
        let yyyy = yy.square();
        let zz = p.z.square();
        let t = (p.x + yy).square() - xx - yyyy;
        let s = t + t;
        let m = triple(xx) + zz.square().mul_const(a);
        let x3 = m.square() - (s + s);
        let y4 = yyyy + yyyy;
        let y8 = y4 + y4 + y4 + y4;
        let y3 = m * (s - x3) - y8;
        let z3 = (p.y + p.z).square() - yy - zz;
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
        }
    }
    #[inline(always)]
    fn a_times<F: Field>(x: &F, a: &F) -> F {
        x.mul_const(a)
    }
    /// RCB 2016, Algorithm 1: 12M + 3m_a + 2m_3b + 23A. With the cross terms s_xy, s_yz,
    /// s_xz of Algorithm 4, e = Y1Y2 − (a·s_xz + 3b·Z1Z2), f = Y1Y2 + (a·s_xz + 3b·Z1Z2),
    /// g = 3X1X2 + a·Z1Z2, h = 3b·s_xz + a(X1X2 − a·Z1Z2):
    /// X3 = s_xy·e − s_yz·h, Y3 = e·f + g·h, Z3 = s_yz·f + s_xy·g.
    #[inline(always)]
    fn complete_add<F: Field>(
        p: &Projective<F>,
        q: &Projective<F>,
        a: &F,
        _b: &F,
        b3: &F,
    ) -> Projective<F> {
        let xx = p.x * q.x; // 1
        let yy = p.y * q.y; // 2
        let zz = p.z * q.z; // 3
        let s_xy = (p.x + p.y) * (q.x + q.y) - (xx + yy); // 4–8
        let s_xz = (p.x + p.z) * (q.x + q.z) - (xx + zz); // 9–13
        let s_yz = (p.y + p.z) * (q.y + q.z) - (yy + zz); // 14–18
        let m = s_xz.mul_const(a) + zz.mul_const(b3); // 19–21
        let e = yy - m; // 22
        let f = yy + m; // 23
        let y3 = e * f; // 24
        let zz_a = zz.mul_const(a); // 27
        let g = triple(xx) + zz_a; // 25, 26, 29
        let h = s_xz.mul_const(b3) + (xx - zz_a).mul_const(a); // 28, 30–32
        Projective {
            x: s_xy * e - s_yz * h, // 35–37
            y: y3 + g * h,          // 33, 34
            z: s_yz * f + s_xy * g, // 38–40
        }
    }
    /// RCB 2016, Algorithm 3: 8M + 3S + 3m_a + 2m_3b + 15A. With t = 2XY, r = 2XZ,
    /// m = a·r + 3b·Z², g = 3X² + a·Z², h = 3b·r + a(X² − a·Z²), s = 2YZ:
    /// X3 = t(Y² − m) − s·h, Y3 = (Y² − m)(Y² + m) + g·h, Z3 = 4s·Y².
    #[inline(always)]
    fn complete_double<F: Field>(p: &Projective<F>, a: &F, _b: &F, b3: &F) -> Projective<F> {
        let xx = p.x.square(); // 1
        let yy = p.y.square(); // 2
        let zz = p.z.square(); // 3
        let t = p.x * p.y; // 4
        let t = t + t; // 5
        let r = p.x * p.z; // 6
        let r = r + r; // 7
        let m = r.mul_const(a) + zz.mul_const(b3); // 8–10
        let e = yy - m; // 11
        let y3 = e * (yy + m); // 12, 13
        let x3 = t * e; // 14
        let zz_a = zz.mul_const(a); // 16
        let h = (xx - zz_a).mul_const(a) + r.mul_const(b3); // 15, 17–19
        let g = triple(xx) + zz_a; // 20–22
        let y3 = y3 + g * h; // 23, 24
        let s = p.y * p.z; // 25
        let s = s + s; // 26
        let x3 = x3 - s * h; // 27, 28
        let z3 = s * yy; // 29
        let z3 = z3 + z3; // 30
        Projective {
            x: x3,
            y: y3,
            z: z3 + z3, // 31
        }
    }
}

/// An affine point, or the point at infinity.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Affine<F> {
    /// The neutral element O.
    Infinity,
    /// A finite point (x, y).
    Point {
        /// x-coordinate.
        x: F,
        /// y-coordinate.
        y: F,
    },
}

impl<F: Field> Affine<F> {
    /// −P = (x, −y).
    pub fn neg(&self) -> Self {
        match *self {
            Affine::Infinity => Affine::Infinity,
            Affine::Point { x, y } => Affine::Point { x, y: -y },
        }
    }
    /// True for O.
    pub fn is_infinity(&self) -> bool {
        matches!(self, Affine::Infinity)
    }
}

/// A point in Jacobian coordinates (X : Y : Z) ↦ (X/Z², Y/Z³); Z = 0 is O.
#[derive(Copy, Clone, Debug)]
pub struct Jacobian<F> {
    /// X.
    pub x: F,
    /// Y.
    pub y: F,
    /// Z.
    pub z: F,
}

impl<F: Field> Jacobian<F> {
    /// The point at infinity (1 : 1 : 0).
    pub fn infinity() -> Self {
        Jacobian {
            x: F::one(),
            y: F::one(),
            z: F::zero(),
        }
    }
    /// True for O.
    #[inline(always)]
    pub fn is_infinity(&self) -> bool {
        self.z.is_zero()
    }
    /// (x, y) ↦ (x : y : 1); free.
    pub fn from_affine(p: &Affine<F>) -> Self {
        match *p {
            Affine::Infinity => Self::infinity(),
            Affine::Point { x, y } => Jacobian { x, y, z: F::one() },
        }
    }
    /// −P = (X : −Y : Z).
    #[inline(always)]
    pub fn neg(&self) -> Self {
        Jacobian {
            x: self.x,
            y: -self.y,
            z: self.z,
        }
    }
    /// Back to affine: 1I + 3M + 1S (x = X/Z², y = Y/Z³).
    pub fn to_affine(&self) -> Affine<F> {
        match self.z.invert_vartime() {
            Err(_) => Affine::Infinity,
            Ok(zi) => {
                let zi2 = zi.square();
                Affine::Point {
                    x: self.x * zi2,
                    y: self.y * zi2 * zi,
                }
            }
        }
    }
}

/// A point in homogeneous projective coordinates (X : Y : Z) ↦ (X/Z, Y/Z); O = (0 : 1 : 0).
/// The coordinates of the complete formulas (see the module doc).
#[derive(Copy, Clone, Debug)]
pub struct Projective<F> {
    /// X.
    pub x: F,
    /// Y.
    pub y: F,
    /// Z.
    pub z: F,
}

impl<F: Field> Projective<F> {
    /// The point at infinity (0 : 1 : 0).
    pub fn identity() -> Self {
        Projective {
            x: F::zero(),
            y: F::one(),
            z: F::zero(),
        }
    }
    /// (x, y) ↦ (x : y : 1), O ↦ (0 : 1 : 0); free. Branches on whether P is O: for
    /// public points.
    pub fn from_affine(p: &Affine<F>) -> Self {
        match *p {
            Affine::Infinity => Self::identity(),
            Affine::Point { x, y } => Projective { x, y, z: F::one() },
        }
    }
    /// −P = (X : −Y : Z).
    #[inline(always)]
    pub fn neg(&self) -> Self {
        Projective {
            x: self.x,
            y: -self.y,
            z: self.z,
        }
    }
    /// `a` when `choice` is 0, `b` when it is `u64::MAX`, coordinate by coordinate with
    /// [`Field::ct_select`]: no branch.
    #[inline(always)]
    pub fn ct_select(a: &Self, b: &Self, choice: u64) -> Self {
        Projective {
            x: F::ct_select(&a.x, &b.x, choice),
            y: F::ct_select(&a.y, &b.y, choice),
            z: F::ct_select(&a.z, &b.z, choice),
        }
    }
    /// −P when `choice` is `u64::MAX`, P when it is 0: Y is negated either way and the
    /// result selected, so the work does not depend on `choice`.
    #[inline(always)]
    pub fn ct_neg(&self, choice: u64) -> Self {
        Projective {
            x: self.x,
            y: F::ct_select(&self.y, &-self.y, choice),
            z: self.z,
        }
    }
    /// True for (0 : 0 : 0), the output of the complete formulas on an exceptional pair
    /// (P − Q of order 2), which is no point at all.
    pub fn is_exceptional(&self) -> bool {
        self.x.is_zero() & self.y.is_zero() & self.z.is_zero()
    }
    /// Back to affine with the constant-time inversion [`Field::invert`]: 1I + 2M
    /// (x = X/Z, y = Y/Z). Branches only on Z = 0, i.e. on whether the point is O (or
    /// the exceptional (0 : 0 : 0), also mapped to O: check
    /// [`Projective::is_exceptional`] first).
    pub fn to_affine(&self) -> Affine<F> {
        match self.z.invert() {
            Err(_) => Affine::Infinity,
            Ok(zi) => Affine::Point {
                x: self.x * zi,
                y: self.y * zi,
            },
        }
    }
}

/// Convert many Jacobian points to affine with one inversion (Montgomery's trick):
/// 1I + 3(n − 1)M for the inverses, then 3M + 1S per point.
pub fn batch_to_affine<F: Field>(points: &[Jacobian<F>]) -> Vec<Affine<F>> {
    batch_to_affine_with(points, false)
}

/// [`batch_to_affine`] with the field's variable-time inversion, for points that are
/// public (a table of multiples of the input point): on P-256 the Fermat inversion
/// costs about five times the divsteps one (`ecsm field-bench --field p256`).
pub fn batch_to_affine_vartime<F: Field>(points: &[Jacobian<F>]) -> Vec<Affine<F>> {
    batch_to_affine_with(points, true)
}

fn batch_to_affine_with<F: Field>(points: &[Jacobian<F>], vartime: bool) -> Vec<Affine<F>> {
    let finite: Vec<usize> = (0..points.len())
        .filter(|&i| !points[i].is_infinity())
        .collect();
    let mut zs: Vec<F> = finite.iter().map(|&i| points[i].z).collect();
    let inverted = if vartime {
        batch_invert_vartime(&mut zs)
    } else {
        batch_invert(&mut zs)
    };
    inverted.expect("the Z of a finite Jacobian point is nonzero");
    let mut out = vec![Affine::Infinity; points.len()];
    for (&i, zi) in finite.iter().zip(zs) {
        let zi2 = zi.square();
        out[i] = Affine::Point {
            x: points[i].x * zi2,
            y: points[i].y * zi2 * zi,
        };
    }
    out
}

/// (X : Y : Z) computed on the isomorphic curve of [`ShortWeierstrass::odd_multiples_iso`]
/// brought back to the curve: (X : Y : u·Z) (O stays O); unchanged for `u` = None.
pub fn lift_from_isomorphic<F: Field>(q: &mut Jacobian<F>, u: Option<F>) {
    if let Some(u) = u {
        q.z *= u;
    }
}

/// A short Weierstrass curve y² = x³ + ax + b over `F`, with `a` of shape `A`.
#[derive(Clone, Debug)]
pub struct ShortWeierstrass<F, A> {
    a: F,
    b: F,
    /// 3b, the constant of the complete formulas.
    b3: F,
    _shape: PhantomData<A>,
}

/// Why a curve could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CurveError {
    /// `a` does not have the shape the type promises.
    #[error("the coefficient a does not satisfy {0}")]
    WrongShape(&'static str),
    /// 4a³ + 27b² = 0: the cubic has a repeated root.
    #[error("singular curve: 4a³ + 27b² = 0")]
    Singular,
}

impl<F: Field, A: AShape> ShortWeierstrass<F, A> {
    /// The curve y² = x³ + ax + b; `a` must have shape `A` and the curve must be smooth.
    pub fn new(a: F, b: F) -> Result<Self, CurveError> {
        if !A::admits(&a) {
            return Err(CurveError::WrongShape(A::NAME));
        }
        let four = F::one() + F::one() + F::one() + F::one();
        let mut t27 = F::zero();
        for _ in 0..27 {
            t27 += F::one();
        }
        if (four * a.square() * a + t27 * b.square()).is_zero() {
            return Err(CurveError::Singular);
        }
        Ok(ShortWeierstrass {
            a,
            b,
            b3: b + b + b,
            _shape: PhantomData,
        })
    }
    /// The coefficient a.
    pub fn a(&self) -> F {
        self.a
    }
    /// The coefficient b.
    pub fn b(&self) -> F {
        self.b
    }

    /// x³ + ax + b: 1M + 1S (+ 1C for a generic a).
    #[inline]
    pub fn rhs(&self, x: &F) -> F {
        x.square() * *x + A::a_times(x, &self.a) + self.b
    }

    /// True when P is O or satisfies the curve equation.
    pub fn is_on_curve(&self, p: &Affine<F>) -> bool {
        match p {
            Affine::Infinity => true,
            Affine::Point { x, y } => y.square() == self.rhs(x),
        }
    }

    /// \[2\]P in Jacobian coordinates; the cost of `A`'s formula, O and 2-torsion handled.
    #[inline]
    pub fn double(&self, p: &Jacobian<F>) -> Jacobian<F> {
        if p.is_infinity() || p.y.is_zero() {
            return Jacobian::infinity();
        }
        A::double(p, &self.a)
    }

    /// P ← \[2\]P: [`Self::double`] writing its result where P was, for the loops of the
    /// multiplications. Returned by value, the point came back through a slot on the stack
    /// that the caller then copied into its own with wide (AVX) loads of the 8-byte stores
    /// just made, which cannot be forwarded: `perf annotate` of P-256 `naf:w=5` put 77 % of
    /// `wnaf_mul`'s own samples (4 % of the run) on one such load after each doubling.
    #[inline(never)]
    pub fn double_assign(&self, p: &mut Jacobian<F>) {
        *p = if p.is_infinity() || p.y.is_zero() {
            Jacobian::infinity()
        } else {
            A::double(p, &self.a)
        };
    }

    /// P + Q in projective coordinates by the complete formula of `A` (RCB 2016; costs
    /// in the module doc). No branch: the same operations for every input.
    ///
    /// Never inlined, nor is [`Self::double_complete`]: the field operations inline into
    /// this one function per (field, shape), and the constant-time methods call it. Inlined
    /// at each of their call sites they made the ct-window methods 29 % of the library's
    /// machine code (up to 0.5 MB per curve) and most of its compile time; the call costs
    /// a few ns of a formula of 12 multiplications.
    #[inline(never)]
    pub fn add_complete(&self, p: &Projective<F>, q: &Projective<F>) -> Projective<F> {
        A::complete_add(p, q, &self.a, &self.b, &self.b3)
    }

    /// \[2\]P in projective coordinates by the complete doubling of `A` (RCB 2016). No
    /// branch; O and points of order 2 included.
    #[inline(never)]
    pub fn double_complete(&self, p: &Projective<F>) -> Projective<F> {
        A::complete_double(p, &self.a, &self.b, &self.b3)
    }

    /// P + Q, both Jacobian. EFD `add-2007-bl`: 11M + 5S.
    /// Z1Z1 = Z1², Z2Z2 = Z2², U1 = X1·Z2Z2, U2 = X2·Z1Z1, S1 = Y1·Z2·Z2Z2,
    /// S2 = Y2·Z1·Z1Z1, H = U2 − U1, I = (2H)², J = H·I, r = 2(S2 − S1), V = U1·I,
    /// X3 = r² − J − 2V, Y3 = r(V − X3) − 2·S1·J, Z3 = ((Z1 + Z2)² − Z1Z1 − Z2Z2)·H.
    pub fn add(&self, p: &Jacobian<F>, q: &Jacobian<F>) -> Jacobian<F> {
        if p.is_infinity() {
            return *q;
        }
        if q.is_infinity() {
            return *p;
        }
        let z1z1 = p.z.square();
        let z2z2 = q.z.square();
        let u1 = p.x * z2z2;
        let u2 = q.x * z1z1;
        let s1 = p.y * q.z * z2z2;
        let s2 = q.y * p.z * z1z1;
        let h = u2 - u1;
        let rr = s2 - s1;
        if h.is_zero() {
            return if rr.is_zero() {
                self.double(p)
            } else {
                Jacobian::infinity()
            };
        }
        let i = (h + h).square();
        let j = h * i;
        let r = rr + rr;
        let v = u1 * i;
        let x3 = r.square() - j - (v + v);
        let s1j = s1 * j;
        let y3 = r * (v - x3) - (s1j + s1j);
        let z3 = ((p.z + q.z).square() - z1z1 - z2z2) * h;
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// P + Q with P Jacobian and Q affine (mixed addition). EFD `madd-2007-bl`: 7M + 4S.
    /// Z1Z1 = Z1², U2 = X2·Z1Z1, S2 = Y2·Z1·Z1Z1, H = U2 − X1, HH = H², I = 4HH, J = H·I,
    /// r = 2(S2 − Y1), V = X1·I, X3 = r² − J − 2V, Y3 = r(V − X3) − 2·Y1·J,
    /// Z3 = (Z1 + H)² − Z1Z1 − HH.
    pub fn add_mixed(&self, p: &Jacobian<F>, q: &Affine<F>) -> Jacobian<F> {
        let (qx, qy) = match *q {
            Affine::Infinity => return *p,
            Affine::Point { x, y } => (x, y),
        };
        if p.is_infinity() {
            return Jacobian::from_affine(q);
        }
        match Self::madd_generic(p, &qx, &qy) {
            Ok((sum, _)) => sum,
            Err(true) => self.double(p),
            Err(false) => Jacobian::infinity(),
        }
    }

    /// `madd-2007-bl` for finite P and Q = (qx, qy) with x(P) ≠ x(Q): P + Q and the ratio
    /// Z3/Z1 = 2H (Z3 = (Z1 + H)² − Z1² − H² = 2·Z1·H; the ratio costs one addition,
    /// which the compiler drops where it is not used). Err(true) when P = Q, Err(false)
    /// when P = −Q. The formula does not involve a or b, so it adds on every curve
    /// y² = x³ + ax + b, and on the curves isomorphic to it. Where the field has its own
    /// formula ([`Field::jacobian_madd`]: the P-256 and secp256k1 assembly) that runs
    /// instead, and its ratio Z3/Z1 is H.
    #[inline(always)]
    pub(crate) fn madd_generic(p: &Jacobian<F>, qx: &F, qy: &F) -> Result<(Jacobian<F>, F), bool> {
        if let Some(([x, y, z], h, rr)) = F::jacobian_madd(&p.x, &p.y, &p.z, qx, qy) {
            if h.is_zero() {
                return Err(rr.is_zero());
            }
            return Ok((Jacobian { x, y, z }, h));
        }
        let z1z1 = p.z.square();
        let u2 = *qx * z1z1;
        let s2 = *qy * p.z * z1z1;
        let h = u2 - p.x;
        let rr = s2 - p.y;
        if h.is_zero() {
            return Err(rr.is_zero());
        }
        let hh = h.square();
        let i = (hh + hh) + (hh + hh);
        let j = h * i;
        let r = rr + rr;
        let v = p.x * i;
        let x3 = r.square() - j - (v + v);
        let y1j = p.y * j;
        let y3 = r * (v - x3) - (y1j + y1j);
        let z3 = (p.z + h).square() - z1z1 - hh;
        Ok((
            Jacobian {
                x: x3,
                y: y3,
                z: z3,
            },
            h + h,
        ))
    }

    /// P − Q with Q affine: a mixed addition of −Q.
    #[inline]
    pub fn sub_mixed(&self, p: &Jacobian<F>, q: &Affine<F>) -> Jacobian<F> {
        self.add_mixed(p, &q.neg())
    }

    /// P ← P + Q with Q affine: [`Self::add_mixed`] in place, for the reason given at
    /// [`Self::double_assign`].
    #[inline(never)]
    pub fn add_mixed_assign(&self, p: &mut Jacobian<F>, q: &Affine<F>) {
        let (qx, qy) = match *q {
            Affine::Infinity => return,
            Affine::Point { x, y } => (x, y),
        };
        *p = if p.is_infinity() {
            Jacobian::from_affine(q)
        } else {
            match Self::madd_generic(p, &qx, &qy) {
                Ok((sum, _)) => sum,
                Err(true) => self.double(p),
                Err(false) => Jacobian::infinity(),
            }
        };
    }

    /// P + Q in affine coordinates (1I + 2M + 1S, or a doubling: 1I + 2M + 2S).
    /// The slow, obvious group law: used for checks and one-off sums.
    pub fn add_affine(&self, p: &Affine<F>, q: &Affine<F>) -> Affine<F> {
        let ((x1, y1), (x2, y2)) = match (*p, *q) {
            (Affine::Infinity, _) => return *q,
            (_, Affine::Infinity) => return *p,
            (Affine::Point { x: a, y: b }, Affine::Point { x: c, y: d }) => ((a, b), (c, d)),
        };
        let lambda = if x1 == x2 {
            if (y1 + y2).is_zero() {
                return Affine::Infinity;
            }
            // On the curve y2 = ±y1, so 2·y1 = 0 was answered above; only points off
            // the curve reach a zero here, and a vertical tangent is O there too.
            let Ok(inv) = (y1 + y1).invert_vartime() else {
                return Affine::Infinity;
            };
            (triple(x1.square()) + self.a) * inv
        } else {
            (y2 - y1) * (x2 - x1).invert_vartime().expect("x1 ≠ x2")
        };
        let x3 = lambda.square() - x1 - x2;
        Affine::Point {
            x: x3,
            y: lambda * (x1 - x3) - y1,
        }
    }

    /// The odd multiples P, 3P, 5P, …, (2t − 1)P in affine coordinates, with one
    /// variable-time inversion (the table is a function of P, which every method here
    /// treats as public): the common-Z table of [`Self::odd_multiples_iso`] (on any a:
    /// its formulas do not involve a or b), brought back by u⁻¹ (3M + 1S a point). Where
    /// that table meets an exceptional case (P of order ≤ 2t + 1), the multiples are
    /// computed in Jacobian coordinates from an affine 2P and converted together (two
    /// inversions).
    pub fn odd_multiples(&self, p: &Affine<F>, t: usize) -> Vec<Affine<F>> {
        if t <= 1 {
            return vec![*p];
        }
        if let Some((table, u)) = self.odd_multiples_common_z(p, t) {
            if let Ok(ui) = u.invert_vartime() {
                let ui2 = ui.square();
                let ui3 = ui2 * ui;
                return table
                    .iter()
                    .map(|q| match *q {
                        Affine::Point { x, y } => Affine::Point {
                            x: x * ui2,
                            y: y * ui3,
                        },
                        Affine::Infinity => Affine::Infinity,
                    })
                    .collect();
            }
        }
        let p_j = Jacobian::from_affine(p);
        let two_p = self.double(&p_j).to_affine();
        let mut jac = Vec::with_capacity(t);
        jac.push(p_j);
        for i in 1..t {
            let next = self.add_mixed(&jac[i - 1], &two_p);
            jac.push(next);
        }
        batch_to_affine_vartime(&jac)
    }

    /// The table of a w-NAF multiplication: [`Self::odd_multiples_iso`]'s and its u where
    /// that applies (a = 0), else [`Self::odd_multiples`]' and None. A multiplication run
    /// with the table ends by [`lift_from_isomorphic`] with the u returned.
    pub fn odd_multiples_table(&self, p: &Affine<F>, t: usize) -> (Vec<Affine<F>>, Option<F>) {
        match self.odd_multiples_iso(p, t) {
            Some((table, u)) => (table, Some(u)),
            None => (self.odd_multiples(p, t), None),
        }
    }

    /// The odd multiples P, 3P, …, (2t − 1)P without an inversion, on a curve with a = 0:
    /// affine points on the isomorphic curve E_u: y² = x³ + u⁶b, which (x, y) ↦ (u²x, u³y)
    /// maps E onto, and u. A point (X : Y : Z) computed on E_u in Jacobian coordinates
    /// is (X : Y : u·Z) on E. Doubling and mixed addition do not involve b, so a
    /// multiplication can run on E_u with these points as its affine table and lift its
    /// result at the end with one multiplication (the "effective affine" table, as in
    /// libsecp256k1's `ecmult`). Against the affine table this saves its inversion.
    ///
    /// None (the caller uses [`Self::odd_multiples`]) when a ≠ 0 (the isomorphism
    /// would change a, and the a = −3 doubling with it), for P = O, t = 0, or when some
    /// (2i + 1)P meets ±2P (only for points of order ≤ 2t + 1).
    pub fn odd_multiples_iso(&self, p: &Affine<F>, t: usize) -> Option<(Vec<Affine<F>>, F)> {
        if !self.a.is_zero() {
            return None;
        }
        self.odd_multiples_common_z(p, t)
    }

    /// The odd multiples of [`Self::odd_multiples_iso`] on any a, with the u of the
    /// isomorphism (x, y) ↦ (u²x, u³y) onto the curve where they are affine:
    /// 2P = (X_d : Y_d : Z_d) is affine on the curve of u = Z_d; P scaled there
    /// (3M + 1S) gets 2P added t − 1 times by `madd-2007-bl` (which involves neither a nor
    /// b), whose ratios Z_i/Z_(i−1) = 2H_i are kept; walking back from the last point,
    /// each earlier one is rescaled to the last Z (r ← r·ratio, X·r², Y·r³: 4M + 1S a
    /// point), which leaves every point with the same Z, so affine on the curve of
    /// u = Z_d·Z_last. For t = 1, (P, 1).
    fn odd_multiples_common_z(&self, p: &Affine<F>, t: usize) -> Option<(Vec<Affine<F>>, F)> {
        let (px, py) = match *p {
            Affine::Infinity => return None,
            Affine::Point { x, y } => (x, y),
        };
        match t {
            0 => return None,
            1 => return Some((vec![*p], F::one())),
            _ => {}
        }
        let d = self.double(&Jacobian::from_affine(p));
        if d.is_infinity() {
            return None;
        }
        let zd2 = d.z.square();
        let mut pts = Vec::with_capacity(t);
        pts.push(Jacobian {
            x: px * zd2,
            y: py * zd2 * d.z,
            z: F::one(),
        });
        let mut ratios = Vec::with_capacity(t);
        for i in 1..t {
            let (next, ratio) = Self::madd_generic(&pts[i - 1], &d.x, &d.y).ok()?;
            pts.push(next);
            ratios.push(ratio);
        }
        let last = pts[t - 1];
        let mut table = vec![Affine::Infinity; t];
        table[t - 1] = Affine::Point {
            x: last.x,
            y: last.y,
        };
        let mut r = F::one();
        for i in (0..t - 1).rev() {
            r *= ratios[i];
            let r2 = r.square();
            table[i] = Affine::Point {
                x: pts[i].x * r2,
                y: pts[i].y * r2 * r,
            };
        }
        Some((table, d.z * last.z))
    }
}

impl<F: PrimeField, A: AShape> ShortWeierstrass<F, A> {
    /// The y-coordinates of the points with abscissa x: `Ok(y)` with y² = x³ + ax + b,
    /// choosing the root whose parity is `odd`; an x with no point is an error.
    pub fn lift_x(
        &self,
        x: &F,
        odd: bool,
        method: crate::field::prime::sqrt::SqrtMethod,
    ) -> Result<F, crate::field::FieldError> {
        let y = crate::field::prime::sqrt::sqrt(&self.rhs(x), method)?;
        Ok(if y.is_odd() == odd { y } else { -y })
    }
}
