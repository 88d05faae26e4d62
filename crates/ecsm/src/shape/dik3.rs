//! Seed 002's `3dik` shape: the tripling-oriented Doche–Icart–Kohel curve
//! y² = x³ + 3a(x + 1)² (Doche, Icart, Kohel, PKC 2006), a ≠ 0, 9/4, in the EFD's
//! "standard" coordinates (X : Y : Z : ZZ) standing for (X/Z², Y/Z³) with ZZ = Z²
//! (EFD g1p/auto-3dik-standard); Z = 0 is the point at infinity, the neutral element.
//!
//! Z² is a coordinate, so a doubling leaves nothing new to cache; an addition caches Z³
//! ([`Cache::Added`]), which saves 1M when the point is added again.
//!
//! # Costs, as measured on [`crate::cost::Counted`] (M, S; C = multiplication by a
//! curve constant)
//!
//! | operation | ours | seed 002 |
//! |---|---|---|
//! | DBL | 2M + 7S + 2C | 2M + 7S |
//! | TPL | 6M + 6S + 2C | 6M + 6S |
//! | ADD, dADD, 2dADD | **11M + 4S** + 1C | 11M + 6S |
//! | reADD, dreADD | **10M + 4S** + 1C | 10M + 6S |
//! | 2reADD | **9M + 4S** + 1C | 9M + 6S |
//! | mADD, dmADD | 7M + 4S + 1C | 7M + 4S |
//! | mreADD | 6M + 4S + 1C | 6M + 4S |
//!
//! The additions with no affine operand cost 2S less than the seed's entries (which are
//! the EFD's and Bernstein–Birkner–Lange–Peters 2007's 11M + 6S): the addition is
//! add-2007-bl of Jacobian coordinates plus the x² term, and with ZZ1 and ZZ2 coordinates
//! its Z1² and Z2² need no squaring; 11M + 6S is that formula squaring them anyway. The
//! mixed additions, where the same saving is already counted, agree with the seed.
//!
//! # Exceptional cases
//!
//! As for Jacobian coordinates: P = Q in an addition is detected and doubled (recorded
//! as DBL), P = −Q gives a point at infinity, with a neutral operand nothing runs but
//! the operands' caches are filled; DBL and TPL are correct on every input.

use super::jacobian::{chord, chord_mixed, mul_small, small_characteristic, Operand, Secant};
use super::{
    fibonacci_by_addition, random_weierstrass, record, Cache, CurveShape, ShapeError, ShapeOp,
};
use crate::field::{Field, PrimeField};
use rand_core::RngCore;

const NAME: &str = "3dik";

/// A point (X : Y : Z : ZZ = Z²) of a 3DIK curve, with Z³ cached after an addition
/// (valid in [`Cache::Added`] and [`Cache::Affine`]).
#[derive(Copy, Clone, Debug)]
pub struct Dik3Point<F> {
    x: F,
    y: F,
    z: F,
    zz: F,
    zzz: F,
    cache: Cache,
}

impl<F: Field> Dik3Point<F> {
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
    /// ZZ = Z².
    pub fn zz(&self) -> F {
        self.zz
    }

    fn fresh(x: F, y: F, z: F, zz: F) -> Self {
        Dik3Point {
            x,
            y,
            z,
            zz,
            zzz: F::zero(),
            cache: Cache::Fresh,
        }
    }

    fn as_fresh(&self) -> Self {
        Self::fresh(self.x, self.y, self.z, self.zz)
    }

    /// The point with Z³ at hand: cached after an addition, else Z·ZZ (1M). An affine
    /// operand here is the general side of an mADD of two affine points, priced as an
    /// mADD, so its Z = 1 is not exploited.
    fn operand(&self) -> Operand<F> {
        let zzz = match self.cache {
            Cache::Added => self.zzz,
            _ => self.z * self.zz,
        };
        Operand {
            x: self.x,
            y: self.y,
            z: self.z,
            zz: self.zz,
            zzz,
        }
    }

    fn keep_added(&mut self, o: &Operand<F>) {
        if self.cache != Cache::Affine {
            self.zzz = o.zzz;
            self.cache = Cache::Added;
        }
    }

    fn keep_doubled(&mut self) {
        if self.cache == Cache::Fresh {
            self.cache = Cache::Doubled;
        }
    }
}

/// A tripling-oriented Doche–Icart–Kohel curve y² = x³ + 3a(x + 1)².
#[derive(Clone, Debug)]
pub struct Dik3<F> {
    a: F,
    a2: F,
    a3: F,
    wa: F,
    wb: F,
}

impl<F: PrimeField> Dik3<F> {
    /// y² = x³ + 3a(x + 1)²; `Singular` when a = 0 or a = 9/4 (the discriminant of the
    /// Weierstrass model is −27a²(4a − 9)·16).
    pub fn new(a: F) -> Result<Self, ShapeError> {
        small_characteristic::<F>(NAME)?;
        if a.is_zero() || mul_small(a, 4) == F::from_u64(9) {
            return Err(ShapeError::Singular {
                shape: NAME,
                why: "a(4a − 9) = 0",
            });
        }
        // x = u − a removes the x² term: y² = u³ + 3a(2 − a)·u + a(2a² − 6a + 3).
        let three = F::from_u64(3);
        let two = F::from_u64(2);
        let wa = three * a * (two - a);
        let wb = a * (two * a.square() - F::from_u64(6) * a + three);
        Ok(Dik3 {
            a,
            a2: a + a,
            a3: a + a + a,
            wa,
            wb,
        })
    }

    /// The parameter a.
    pub fn a(&self) -> F {
        self.a
    }

    fn keep_as_added(p: &mut Dik3Point<F>) {
        if matches!(p.cache, Cache::Fresh | Cache::Doubled) {
            let o = p.operand();
            p.keep_added(&o);
        }
    }
}

impl<F: PrimeField> CurveShape<F> for Dik3<F> {
    const NAME: &'static str = NAME;
    type Point = Dik3Point<F>;

    fn neutral(&self) -> Dik3Point<F> {
        Dik3Point::fresh(F::one(), F::one(), F::zero(), F::zero())
    }

    fn is_neutral(&self, p: &Dik3Point<F>) -> bool {
        p.z.is_zero()
    }

    fn from_affine(&self, x: &F, y: &F) -> Result<Dik3Point<F>, ShapeError> {
        let x1 = *x + F::one();
        if y.square() != x.square() * *x + self.a3 * x1.square() {
            return Err(ShapeError::NotOnCurve { shape: NAME });
        }
        Ok(Dik3Point {
            x: *x,
            y: *y,
            z: F::one(),
            zz: F::one(),
            zzz: F::one(),
            cache: Cache::Affine,
        })
    }

    fn to_affine(&self, p: &Dik3Point<F>) -> Option<(F, F)> {
        let zi = p.z.invert_vartime().ok()?;
        let zi2 = zi.square();
        Some((p.x * zi2, p.y * zi2 * zi))
    }

    fn cache(&self, p: &Dik3Point<F>) -> Cache {
        p.cache
    }

    fn neg(&self, p: &Dik3Point<F>) -> Dik3Point<F> {
        Dik3Point { y: -p.y, ..*p }
    }

    /// 2M + 7S + 2C (a₂ = 2a, a₃ = 3a), EFD g1p/auto-3dik-standard's "doubling a2=2*a and
    /// a3=3*a" (2006 Doche–Icart–Kohel, corrected by 2007 Bernstein–Birkner–Lange–Peters;
    /// transcribed from the Jacobian tangent and checked here): the tangent slope of
    /// y² = x³ + 3a·x² + 6a·x + 3a at (X/Z², Y/Z³) is M/(2YZ) with
    /// M = 3(XX + a₂·ZZ(X + ZZ)); with S = 2((X + YY)² − XX − YYYY) = 4XY²,
    /// Z3 = (Y + Z)² − YY − ZZ = 2YZ, ZZ3 = Z3², X3 = M² − a₃·ZZ3 − 2S,
    /// Y3 = M(S − X3) − 8YYYY.
    fn dbl(&self, p: &mut Dik3Point<F>) -> Dik3Point<F> {
        record(ShapeOp::Dbl);
        let xx = p.x.square();
        let yy = p.y.square();
        let yyyy = yy.square();
        let t = (p.x + yy).square() - xx - yyyy;
        let s = t + t;
        let m = mul_small(xx + (p.zz * (p.x + p.zz)).mul_const(&self.a2), 3);
        let z3 = (p.y + p.z).square() - yy - p.zz;
        let zz3 = z3.square();
        let x3 = m.square() - zz3.mul_const(&self.a3) - (s + s);
        let y3 = m * (s - x3) - mul_small(yyyy, 8);
        p.keep_doubled();
        Dik3Point::fresh(x3, y3, z3, zz3)
    }

    /// 6M + 6S + 2C (two multiplications by a), the cost of EFD g1p/auto-3dik-standard's
    /// tripling (2006 Doche–Icart–Kohel). Derived here from their decomposition
    /// \[3\] = φ̂∘φ, φ the 3-isogeny with kernel {O, (0, ±√(3a))}: by Vélu,
    /// φ(x, y) = ((x³ + 12ax + 12a)/x², y(x³ − 12ax − 24a)/x³), which with the curve
    /// equation is x' = (y² − 3a(x + 1)(x − 3))/x², y' = y(y² − 3a(x + 3)²)/x³; the image
    /// curve y² = x³ + 3ax² − 54ax − 9a(16a + 9) has φ̂'s kernel at x = −4a, and Vélu
    /// again, followed by the isomorphism x ↦ (x − 8a)/9, y ↦ y/27 back to this curve,
    /// reduces with the image curve's equation to X3 = Y'² − 3a·s(X' + 9s)² and
    /// Y3 = Y'(Y'² + 9a·s(X' + 9s)²) on (X', Y', Z') = φ(P), Z3 = 3Z'(X' + 4a·s).
    /// In coordinates:
    /// Z' = X·Z, s = Z'², Q = ZZ(X + 3ZZ)², W = YY + a·Q, X' = W − 4a·s,
    /// Y' = Y(YY − 3a·Q), a·V = (a·s)(X' + 9s)², X3 = Y'² − 3a·V, Y3 = Y'(Y'² + 9a·V),
    /// Z3 = 3Z'·W, ZZ3 = Z3².
    fn tpl(&self, p: &mut Dik3Point<F>) -> Dik3Point<F> {
        record(ShapeOp::Tpl);
        let yy = p.y.square();
        let zp = p.x * p.z;
        let s = zp.square();
        let q = p.zz * (p.x + mul_small(p.zz, 3)).square();
        let aq = q.mul_const(&self.a);
        let a_s = s.mul_const(&self.a);
        let w = yy + aq;
        let xp = w - mul_small(a_s, 4);
        let yp = p.y * (yy - mul_small(aq, 3));
        let av = a_s * (xp + mul_small(s, 9)).square();
        let ypp = yp.square();
        let x3 = ypp - mul_small(av, 3);
        let y3 = yp * (ypp + mul_small(av, 9));
        let z3 = mul_small(zp * w, 3);
        p.keep_doubled();
        Dik3Point::fresh(x3, y3, z3, z3.square())
    }

    /// EFD add-2007-bl / madd-2007-bl of Jacobian coordinates (see
    /// [`super::jacobian`]) with ZZ1, ZZ2 read from the coordinates, Z³ from the cache,
    /// and the x² term: X3 = r² − J − 2V − a₃·ZZ3, ZZ3 = Z3² (see the module's costs).
    fn add(&self, p: &mut Dik3Point<F>, q: &mut Dik3Point<F>) -> Dik3Point<F> {
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
                let zz3 = c.z3.square();
                let (x3, y3) = c.finish(Some(zz3.mul_const(&self.a3)));
                Dik3Point::fresh(x3, y3, c.z3, zz3)
            }
            Secant::Tangent => self.dbl(&mut p.as_fresh()),
        }
    }

    /// By one DBL and additions (no co-Z formula on this shape).
    fn fibonacci_multiples(&self, p: &Dik3Point<F>, z: usize) -> Vec<Dik3Point<F>> {
        fibonacci_by_addition(self, p, z)
    }

    fn weierstrass(&self) -> (F, F) {
        (self.wa, self.wb)
    }

    /// (x, y) ↦ (x + a, y): the translation that removes the x² term of
    /// x³ + 3a·x² + 6a·x + 3a.
    fn to_weierstrass(&self, x: &F, y: &F) -> Option<(F, F)> {
        Some((*x + self.a, *y))
    }

    fn from_weierstrass(&self, w: Option<(F, F)>) -> Option<(F, F)> {
        w.map(|(u, v)| (u - self.a, v))
    }

    fn random_point(&self, rng: &mut dyn RngCore) -> (F, F) {
        let (u, v) = random_weierstrass(&self.wa, &self.wb, rng);
        (u - self.a, v)
    }
}
