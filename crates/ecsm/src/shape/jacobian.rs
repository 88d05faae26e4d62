//! Seed 002's `jacobian` and `jacobian-3` shapes: short Weierstrass curves
//! y² = x³ + a·x + b in Jacobian coordinates (X : Y : Z), standing for (X/Z², Y/Z³), with
//! Z = 0 the point at infinity (the neutral element).
//!
//! One struct, [`JacobianShape`], serves both: the marker [`AnyA`] or [`AMinusThree`]
//! picks the doubling and tripling formulas at compile time; the additions are shared.
//!
//! # Caches (seed 002, §5.1)
//!
//! A doubling or tripling of P computes Z², which is kept in P ([`Cache::Doubled`]); an
//! addition computes Z² and Z³ of both operands, which are kept ([`Cache::Added`]). A
//! later addition reads them instead of recomputing: Z² saves 1S, Z³ saves 1M.
//!
//! # Costs, as measured on [`crate::cost::Counted`] (M, S; C = multiplication by a)
//!
//! | operation | `jacobian` | `jacobian-3` | seed (both) |
//! |---|---|---|---|
//! | DBL | 1M + 8S + 1C | 3M + 5S | 1M + 8S / 3M + 5S |
//! | TPL | 5M + 10S + 1C | 7M + 7S | 5M + 10S / 7M + 7S |
//! | ADD | 11M + 5S | 11M + 5S | 11M + 5S |
//! | reADD | 10M + 4S | 10M + 4S | 10M + 4S |
//! | mADD | 7M + 4S | 7M + 4S | 7M + 4S |
//! | dADD | 11M + 4S | 11M + 4S | 11M + 4S |
//! | 2dADD | **11M + 3S** | **11M + 3S** | 10M + 4S |
//! | dreADD | 10M + 3S | 10M + 3S | 10M + 3S |
//! | 2reADD | 9M + 3S | 9M + 3S | 9M + 3S |
//! | dmADD | 7M + 3S | 7M + 3S | 7M + 3S |
//! | mreADD | 6M + 3S | 6M + 3S | 6M + 3S |
//! | ZADD | 5M + 2S | 5M + 2S | 5M + 2S |
//!
//! 2dADD: with both Z² cached, add-2007-bl still needs Z1³ and Z2³ (2M) and the four
//! products U1, U2, S1, S2; what the cache saves is the two squarings, so 11M + 5S
//! becomes 11M + 3S. We found no formula with 10M + 4S (it would need Z³ from Z² for a
//! squaring); the seed's entry reads like ADD less 1M + 1S, the saving of a readdition.
//!
//! # Exceptional cases
//!
//! add-2007-bl and madd-2007-bl give (0 : 0 : 0) for P = Q: detected (H = r = 0) and
//! replaced by a doubling, recorded as DBL. For P = −Q they give (r², −r³, 0), a valid
//! point at infinity. With a neutral operand no formula runs and nothing is recorded;
//! both operands still get their caches (Z², Z³), as after an addition. DBL and TPL are
//! correct on every
//! input (O, points of order 2 and 3 give Z3 = 0 or the right point).

use super::{
    continue_by_addition, fibonacci_by_addition, random_weierstrass, record, Cache, CurveShape,
    ShapeError, ShapeOp,
};
use crate::field::{Field, PrimeField};
use core::fmt::Debug;
use core::marker::PhantomData;
use rand_core::RngCore;

/// k·x for a small constant k > 0, by additions (double-and-add on the bits of k), so
/// that the cost model counts no multiplication.
#[inline(always)]
pub(crate) fn mul_small<F: Field>(x: F, k: u32) -> F {
    let mut acc = x;
    for i in (0..31u32.saturating_sub(k.leading_zeros())).rev() {
        acc = acc + acc;
        if (k >> i) & 1 == 1 {
            acc += x;
        }
    }
    acc
}

/// Which coefficient `a` a Jacobian curve has, chosen by type: it selects the doubling
/// and tripling formulas.
pub trait ACoefficient:
    Copy + Clone + Debug + Default + PartialEq + Eq + Send + Sync + 'static
{
    /// The shape's CLI name.
    const NAME: &'static str;
    /// True when a = −3 (and the formulas rely on it).
    const MINUS_THREE: bool;
}

/// Any a: the `jacobian` shape.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct AnyA;

/// a = −3: the `jacobian-3` shape.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct AMinusThree;

impl ACoefficient for AnyA {
    const NAME: &'static str = "jacobian";
    const MINUS_THREE: bool = false;
}

impl ACoefficient for AMinusThree {
    const NAME: &'static str = "jacobian-3";
    const MINUS_THREE: bool = true;
}

/// A point (X : Y : Z) in Jacobian coordinates with its cached Z² (valid in the states
/// [`Cache::Affine`], [`Cache::Doubled`], [`Cache::Added`]) and Z³ (valid in
/// [`Cache::Affine`] and [`Cache::Added`]).
#[derive(Copy, Clone, Debug)]
pub struct JacobianPoint<F> {
    x: F,
    y: F,
    z: F,
    zz: F,
    zzz: F,
    cache: Cache,
}

impl<F: Field> JacobianPoint<F> {
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

    fn fresh(x: F, y: F, z: F) -> Self {
        JacobianPoint {
            x,
            y,
            z,
            zz: F::zero(),
            zzz: F::zero(),
            cache: Cache::Fresh,
        }
    }

    /// The same point with no cache, as an operation's result.
    fn as_fresh(&self) -> Self {
        Self::fresh(self.x, self.y, self.z)
    }

    /// The point with Z², Z³ at hand: read from the cache, or computed (1S, 1M).
    fn operand(&self) -> Operand<F> {
        let zz = match self.cache {
            Cache::Doubled | Cache::Added => self.zz,
            // An affine operand here is the general side of an mADD of two affine
            // points; the seed prices that as an mADD, so its Z = 1 is not exploited.
            Cache::Fresh | Cache::Affine => self.z.square(),
        };
        let zzz = match self.cache {
            Cache::Added => self.zzz,
            _ => self.z * zz,
        };
        Operand {
            x: self.x,
            y: self.y,
            z: self.z,
            zz,
            zzz,
        }
    }

    /// Keep Z², Z³ of an addition and mark the point added (an affine point stays so).
    fn keep_added(&mut self, o: &Operand<F>) {
        if self.cache != Cache::Affine {
            self.zz = o.zz;
            self.zzz = o.zzz;
            self.cache = Cache::Added;
        }
    }

    /// Keep Z² of a doubling or tripling; only a fresh point changes state.
    fn keep_doubled(&mut self, zz: F) {
        if self.cache == Cache::Fresh {
            self.zz = zz;
            self.cache = Cache::Doubled;
        }
    }
}

/// A Jacobian operand with its Z powers at hand (cached or just computed).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Operand<F> {
    pub(crate) x: F,
    pub(crate) y: F,
    pub(crate) z: F,
    pub(crate) zz: F,
    pub(crate) zzz: F,
}

/// The chord through two distinct points, before its x-coordinate's curve term.
pub(crate) struct Chord<F> {
    r: F,
    j: F,
    v: F,
    s1: F,
    /// Z of the sum.
    pub(crate) z3: F,
}

/// The outcome of a chord computation: the chord, or P = Q (the formula gives 0/0).
pub(crate) enum Secant<F> {
    Chord(Chord<F>),
    Tangent,
}

impl<F: Field> Chord<F> {
    /// X3 = r² − J − 2V − t and Y3 = r(V − X3) − 2·S1·J (1S + 2M), with t = a₂·Z3² on a
    /// curve with an x² term (3DIK), none on a short Weierstrass curve.
    pub(crate) fn finish(&self, t: Option<F>) -> (F, F) {
        let mut x3 = self.r.square() - self.j - (self.v + self.v);
        if let Some(t) = t {
            x3 -= t;
        }
        let s1j = self.s1 * self.j;
        (x3, self.r * (self.v - x3) - (s1j + s1j))
    }
}

/// EFD g1p/auto-shortw-jacobian add-2007-bl (11M + 5S with Z², Z³ computed; this part is
/// 7M + 2S, the rest is the Z powers and [`Chord::finish`]): U1 = X1·Z2², U2 = X2·Z1²,
/// S1 = Y1·Z2³, S2 = Y2·Z1³, H = U2 − U1, r = 2(S2 − S1), I = (2H)², J = H·I, V = U1·I,
/// Z3 = ((Z1 + Z2)² − Z1² − Z2²)·H. Neither operand may be O.
pub(crate) fn chord<F: Field>(p: &Operand<F>, q: &Operand<F>) -> Secant<F> {
    let u1 = p.x * q.zz;
    let u2 = q.x * p.zz;
    let s1 = p.y * q.zzz;
    let s2 = q.y * p.zzz;
    let h = u2 - u1;
    let r = s2 - s1;
    let r = r + r;
    if h.is_zero() && r.is_zero() {
        return Secant::Tangent;
    }
    let i = (h + h).square();
    let j = h * i;
    let v = u1 * i;
    let z3 = ((p.z + q.z).square() - p.zz - q.zz) * h;
    Secant::Chord(Chord { r, j, v, s1, z3 })
}

/// EFD g1p/auto-shortw-jacobian madd-2007-bl, Z2 = 1 (7M + 4S with Z1², Z1³ computed;
/// this part is 4M + 2S): U2 = X2·Z1², S2 = Y2·Z1³, H = U2 − X1, r = 2(S2 − Y1),
/// I = 4H², J = H·I, V = X1·I, Z3 = (Z1 + H)² − Z1² − H². P may not be O.
pub(crate) fn chord_mixed<F: Field>(p: &Operand<F>, x2: &F, y2: &F) -> Secant<F> {
    let u2 = *x2 * p.zz;
    let s2 = *y2 * p.zzz;
    let h = u2 - p.x;
    let r = s2 - p.y;
    let r = r + r;
    if h.is_zero() && r.is_zero() {
        return Secant::Tangent;
    }
    let hh = h.square();
    let i = mul_small(hh, 4);
    let j = h * i;
    let v = p.x * i;
    let z3 = (p.z + h).square() - p.zz - hh;
    Secant::Chord(Chord {
        r,
        j,
        v,
        s1: p.y,
        z3,
    })
}

/// 2P with what a co-Z start needs: Z1² for the cache, and P scaled to 2P's Z
/// (λ = 2Y: (4XY², 8Y⁴, 2YZ)), which every doubling here computes on the way.
struct Doubling<F> {
    x: F,
    y: F,
    z: F,
    zz1: F,
    s: F,
    y8: F,
}

/// Seed 002's `jacobian` (a of shape [`AnyA`]) or `jacobian-3` ([`AMinusThree`]) curve
/// y² = x³ + a·x + b.
#[derive(Clone, Debug)]
pub struct JacobianShape<F, A> {
    a: F,
    b: F,
    _a: PhantomData<A>,
}

/// The `jacobian` shape: any a.
pub type Jacobian<F> = JacobianShape<F, AnyA>;

/// The `jacobian-3` shape: a = −3.
pub type Jacobian3<F> = JacobianShape<F, AMinusThree>;

/// Characteristic 2 or 3, where none of the seed's shapes is an elliptic curve as written.
pub(crate) fn small_characteristic<F: Field>(shape: &'static str) -> Result<(), ShapeError> {
    let six = mul_small(F::one(), 6);
    if six.is_zero() {
        return Err(ShapeError::Singular {
            shape,
            why: "characteristic 2 or 3",
        });
    }
    Ok(())
}

impl<F: PrimeField, A: ACoefficient> JacobianShape<F, A> {
    /// y² = x³ + a·x + b; `Singular` when 4a³ + 27b² = 0, or for `jacobian-3` when
    /// a ≠ −3.
    pub fn new(a: F, b: F) -> Result<Self, ShapeError> {
        small_characteristic::<F>(A::NAME)?;
        if A::MINUS_THREE && a + mul_small(F::one(), 3) != F::zero() {
            return Err(ShapeError::Singular {
                shape: A::NAME,
                why: "jacobian-3 needs a = −3",
            });
        }
        let disc = mul_small(a.square() * a, 4) + mul_small(b.square(), 27);
        if disc.is_zero() {
            return Err(ShapeError::Singular {
                shape: A::NAME,
                why: "4a³ + 27b² = 0",
            });
        }
        Ok(JacobianShape {
            a,
            b,
            _a: PhantomData,
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

    /// \[2\]P with P scaled to its Z. `jacobian`: EFD g1p/auto-shortw-jacobian dbl-2007-bl,
    /// 1M + 8S + 1C: XX = X², YY = Y², YYYY = YY², ZZ = Z², S = 2((X + YY)² − XX − YYYY),
    /// M = 3XX + a·ZZ², X3 = M² − 2S, Y3 = M(S − X3) − 8YYYY, Z3 = (Y + Z)² − YY − ZZ.
    /// `jacobian-3`: EFD g1p/auto-shortw-jacobian-3 dbl-2001-b, 3M + 5S (seed 002, §5.1):
    /// δ = Z², γ = Y², β = X·γ, α = 3(X − δ)(X + δ), X3 = α² − 8β,
    /// Z3 = (Y + Z)² − γ − δ, Y3 = α(4β − X3) − 8γ².
    fn doubling(&self, p: &JacobianPoint<F>) -> Doubling<F> {
        if A::MINUS_THREE {
            let delta = p.z.square();
            let gamma = p.y.square();
            let beta = p.x * gamma;
            let alpha = mul_small((p.x - delta) * (p.x + delta), 3);
            let beta4 = mul_small(beta, 4);
            let x3 = alpha.square() - (beta4 + beta4);
            let z3 = (p.y + p.z).square() - gamma - delta;
            let y8 = mul_small(gamma.square(), 8);
            Doubling {
                x: x3,
                y: alpha * (beta4 - x3) - y8,
                z: z3,
                zz1: delta,
                s: beta4,
                y8,
            }
        } else {
            let xx = p.x.square();
            let yy = p.y.square();
            let yyyy = yy.square();
            let zz = p.z.square();
            let t = (p.x + yy).square() - xx - yyyy;
            let s = t + t;
            let m = mul_small(xx, 3) + zz.square().mul_const(&self.a);
            let x3 = m.square() - (s + s);
            let y8 = mul_small(yyyy, 8);
            Doubling {
                x: x3,
                y: m * (s - x3) - y8,
                z: (p.y + p.z).square() - yy - zz,
                zz1: zz,
                s,
                y8,
            }
        }
    }

    /// \[2\]P for Z = 1, the co-Z start: EFD g1p/auto-shortw-jacobian mdbl-2007-bl,
    /// 1M + 5S (a is added, not multiplied): as dbl-2007-bl with ZZ = 1 and Z3 = 2Y.
    fn doubling_affine(&self, p: &JacobianPoint<F>) -> Doubling<F> {
        let xx = p.x.square();
        let yy = p.y.square();
        let yyyy = yy.square();
        let t = (p.x + yy).square() - xx - yyyy;
        let s = t + t;
        let m = mul_small(xx, 3) + self.a;
        let x3 = m.square() - (s + s);
        let y8 = mul_small(yyyy, 8);
        Doubling {
            x: x3,
            y: m * (s - x3) - y8,
            z: p.y + p.y,
            zz1: F::one(),
            s,
            y8,
        }
    }

    /// \[3\]P and Z². `jacobian`: EFD g1p/auto-shortw-jacobian tpl-2007-bl, 5M + 10S + 1C:
    /// XX = X², YY = Y², ZZ = Z², YYYY = YY², M = 3XX + a·ZZ², MM = M²,
    /// E = 6((X + YY)² − XX − YYYY) − MM, EE = E², T = 16YYYY, U = (M + E)² − MM − EE − T,
    /// X3 = 4(X·EE − 4YY·U), Y3 = 8Y(U(T − U) − E·EE), Z3 = (Z + E)² − ZZ − EE.
    /// `jacobian-3`: EFD g1p/auto-shortw-jacobian-3 tpl-2007-bl-2, 7M + 7S: the same with
    /// M = 3(X − ZZ)(X + ZZ) and E = 12X·YY − MM (no XX, no ZZ²).
    fn tripling(&self, p: &JacobianPoint<F>) -> (JacobianPoint<F>, F) {
        let yy = p.y.square();
        let zz = p.z.square();
        let yyyy = yy.square();
        let (m, e0) = if A::MINUS_THREE {
            let m = mul_small((p.x - zz) * (p.x + zz), 3);
            (m, mul_small(p.x * yy, 12))
        } else {
            let xx = p.x.square();
            let m = mul_small(xx, 3) + zz.square().mul_const(&self.a);
            (m, mul_small((p.x + yy).square() - xx - yyyy, 6))
        };
        let mm = m.square();
        let e = e0 - mm;
        let ee = e.square();
        let t = mul_small(yyyy, 16);
        let u = (m + e).square() - mm - ee - t;
        let x3 = mul_small(p.x * ee - mul_small(yy * u, 4), 4);
        let y3 = mul_small(p.y * (u * (t - u) - e * ee), 8);
        let z3 = (p.z + e).square() - zz - ee;
        (JacobianPoint::fresh(x3, y3, z3), zz)
    }

    /// Mark a point as added (its Z², Z³ computed if missing) without adding anything:
    /// what an addition of the point to O leaves behind.
    fn keep_as_added(p: &mut JacobianPoint<F>) {
        if matches!(p.cache, Cache::Fresh | Cache::Doubled) {
            let o = p.operand();
            p.keep_added(&o);
        }
    }
}

/// Méloni's co-Z addition (WAIFI 2007; EFD g1p/auto-shortw-jacobian zadd-2007-m),
/// 5M + 2S: for P = (X1, Y1, Z), Q = (X2, Y2, Z), A = (X2 − X1)², B = X1·A, C = X2·A,
/// D = (Y2 − Y1)², X3 = D − B − C, Y3 = (Y2 − Y1)(B − X3) − Y1(C − B), Z3 = Z(X2 − X1);
/// also P' = (B, Y1(C − B), Z3) = P on the Z of P + Q. `None` when X1 = X2 (P = ±Q).
#[allow(clippy::type_complexity)]
fn zadd<F: Field>(p: (F, F), q: (F, F), z: F) -> Option<((F, F, F), (F, F))> {
    let dx = q.0 - p.0;
    if dx.is_zero() {
        return None;
    }
    let a = dx.square();
    let b = p.0 * a;
    let c = q.0 * a;
    let dy = q.1 - p.1;
    let x3 = dy.square() - b - c;
    let y1cb = p.1 * (c - b);
    let y3 = dy * (b - x3) - y1cb;
    Some(((x3, y3, z * dx), (b, y1cb)))
}

impl<F: PrimeField, A: ACoefficient> CurveShape<F> for JacobianShape<F, A> {
    const NAME: &'static str = A::NAME;
    type Point = JacobianPoint<F>;

    fn neutral(&self) -> JacobianPoint<F> {
        JacobianPoint::fresh(F::one(), F::one(), F::zero())
    }

    fn is_neutral(&self, p: &JacobianPoint<F>) -> bool {
        p.z.is_zero()
    }

    fn from_affine(&self, x: &F, y: &F) -> Result<JacobianPoint<F>, ShapeError> {
        if y.square() != x.square() * *x + self.a * *x + self.b {
            return Err(ShapeError::NotOnCurve { shape: A::NAME });
        }
        Ok(JacobianPoint {
            x: *x,
            y: *y,
            z: F::one(),
            zz: F::one(),
            zzz: F::one(),
            cache: Cache::Affine,
        })
    }

    fn to_affine(&self, p: &JacobianPoint<F>) -> Option<(F, F)> {
        let zi = p.z.invert_vartime().ok()?;
        let zi2 = zi.square();
        Some((p.x * zi2, p.y * zi2 * zi))
    }

    fn cache(&self, p: &JacobianPoint<F>) -> Cache {
        p.cache
    }

    fn neg(&self, p: &JacobianPoint<F>) -> JacobianPoint<F> {
        JacobianPoint { y: -p.y, ..*p }
    }

    fn dbl(&self, p: &mut JacobianPoint<F>) -> JacobianPoint<F> {
        record(ShapeOp::Dbl);
        let d = self.doubling(p);
        p.keep_doubled(d.zz1);
        JacobianPoint::fresh(d.x, d.y, d.z)
    }

    fn tpl(&self, p: &mut JacobianPoint<F>) -> JacobianPoint<F> {
        record(ShapeOp::Tpl);
        let (r, zz) = self.tripling(p);
        p.keep_doubled(zz);
        r
    }

    /// add-2007-bl (both operands projective) or madd-2007-bl (one affine), reading the
    /// cached Z², Z³ (see the module's cost table).
    fn add(&self, p: &mut JacobianPoint<F>, q: &mut JacobianPoint<F>) -> JacobianPoint<F> {
        if p.z.is_zero() || q.z.is_zero() {
            Self::keep_as_added(p);
            Self::keep_as_added(q);
            return if p.z.is_zero() {
                q.as_fresh()
            } else {
                p.as_fresh()
            };
        }
        let op = ShapeOp::addition(p.cache, q.cache);
        let secant = match (p.cache, q.cache) {
            (_, Cache::Affine) => {
                let o = p.operand();
                p.keep_added(&o);
                chord_mixed(&o, &q.x, &q.y)
            }
            (Cache::Affine, _) => {
                let o = q.operand();
                q.keep_added(&o);
                chord_mixed(&o, &p.x, &p.y)
            }
            _ => {
                let (o1, o2) = (p.operand(), q.operand());
                p.keep_added(&o1);
                q.keep_added(&o2);
                chord(&o1, &o2)
            }
        };
        match secant {
            Secant::Chord(c) => {
                record(op);
                let (x3, y3) = c.finish(None);
                JacobianPoint::fresh(x3, y3, c.z3)
            }
            Secant::Tangent => self.dbl(&mut p.as_fresh()),
        }
    }

    /// Co-Z (Méloni 2007): the start doubles P and keeps P on 2P's Z at no extra cost —
    /// mdbl-2007-bl, 1M + 5S, when P is affine, else the shape's DBL — recorded as DBL;
    /// then each F_{i+1}·P = F_i·P + F_{i−1}·P is one ZADD (5M + 2S) that also puts F_i·P
    /// on the new Z. P = O or of order 2, and a step with F_i·P = ±F_{i−1}·P (P of small
    /// order), continue by ordinary additions.
    fn fibonacci_multiples(&self, p: &JacobianPoint<F>, z: usize) -> Vec<JacobianPoint<F>> {
        if z <= 2 || p.z.is_zero() || p.y.is_zero() {
            return fibonacci_by_addition(self, p, z);
        }
        record(ShapeOp::Dbl);
        let d = if p.cache == Cache::Affine {
            self.doubling_affine(p)
        } else {
            self.doubling(p)
        };
        let mut first = *p;
        first.keep_doubled(d.zz1);
        let mut out = vec![first, JacobianPoint::fresh(d.x, d.y, d.z)];
        // (F_{i−1}·P, F_i·P) on the common Z.
        let (mut prev, mut cur, mut zc) = ((d.s, d.y8), (d.x, d.y), d.z);
        while out.len() < z - 1 {
            match zadd(cur, prev, zc) {
                Some(((x3, y3, z3), moved)) => {
                    record(ShapeOp::ZAdd);
                    out.push(JacobianPoint::fresh(x3, y3, z3));
                    prev = moved;
                    cur = (x3, y3);
                    zc = z3;
                }
                None => {
                    continue_by_addition(self, &mut out, z);
                    break;
                }
            }
        }
        out
    }

    fn weierstrass(&self) -> (F, F) {
        (self.a, self.b)
    }

    fn to_weierstrass(&self, x: &F, y: &F) -> Option<(F, F)> {
        Some((*x, *y))
    }

    fn from_weierstrass(&self, w: Option<(F, F)>) -> Option<(F, F)> {
        w
    }

    fn random_point(&self, rng: &mut dyn RngCore) -> (F, F) {
        random_weierstrass(&self.a, &self.b, rng)
    }
}
