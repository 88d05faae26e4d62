//! Edwards curves x² + y² = 1 + d·x²y² (Edwards 2007, Bernstein–Lange 2007, c = 1) in two
//! coordinate systems of the same curve: standard projective ([`Edwards`], `edwards`) and
//! inverted ([`InvEdwards`], `inv-edwards`, Bernstein–Lange, "Inverted Edwards
//! coordinates", AAECC 2007). Both use the point type [`EdwardsPoint`].
//!
//! Seed 002's costs (Tables 1 and 2, M + S; C = multiplication by a curve constant,
//! counted apart):
//!
//! | operation | `edwards` | `inv-edwards` |
//! |-----------|-----------|---------------|
//! | DBL | 3M + 4S (EFD `dbl-2007-bl`) | 3M + 4S + 1C (EFD `dbl-2007-bl`) |
//! | TPL | 9M + 4S (EFD `tpl-2007-bblp`) | 9M + 4S + 1C (EFD `tpl-2007-bl`) |
//! | ADD, reADD, dADD, 2dADD, dreADD, 2reADD | 10M + 1S + 1C (EFD `add-2007-bl`) | 9M + 1S + 1C (EFD `add-2007-bl`) |
//! | mADD, dmADD, mreADD | 9M + 1S + 1C (EFD `madd-2007-bl`) | 8M + 1S + 1C (EFD `madd-2007-bl`) |
//!
//! (EFD = hyperelliptic.org/EFD, `g1p/auto-edwards-projective` and
//! `g1p/auto-edwards-inverted`.) These additions read no value that an earlier operation
//! could have left behind, so nothing is cached and every addition of Table 2 costs what
//! the matching one of Table 1 does; the cache states are still tracked and recorded.
//!
//! # Exceptional points
//!
//! Neither chart holds the whole group. Standard coordinates (x = X/Z, y = Y/Z) miss the
//! four points at infinity that exist when d is a square (x or y infinite, the other
//! ±1/√d); inverted coordinates (x = Z/X, y = Z/Y) miss (0, ±1) and (±1, 0), among them
//! the neutral element. Every point lies in one chart or the other, so an
//! [`EdwardsPoint`] records its [`Chart`]: each shape works in its own chart and keeps
//! the points that chart lacks in the other one.
//!
//! The fast formulas run when the operands are in the shape's chart; their output is right
//! exactly when its Z is nonzero (checked exhaustively on small fields by
//! `tests/heavy/shape_edwards_family.rs`), and when Z = 0, or an operand is in the other
//! chart, the operation is redone on the desingularized curve in P¹ × P¹ with the complete
//! pair of addition laws of Bernstein–Lange, "A complete set of addition laws for
//! incomplete Edwards curves" (J. Number Theory 131, 2011), and written in whichever chart
//! holds the result. For a non-square d the standard formulas are complete (Bernstein–
//! Lange 2007) and `edwards` never leaves them; `inv-edwards` takes the slow path whenever
//! the neutral element or another of its four missing points is involved.
//!
//! # Maps
//!
//! (x, y) ↦ (u, v) = ((1 + y)/(1 − y), u/x) sends the curve to the Montgomery curve
//! B·v² = u³ + A·u² + u with A = 2(1 + d)/(1 − d), B = 4/(1 − d) (Bernstein–Birkner–
//! Joye–Lange–Peters, "Twisted Edwards curves", AFRICACRYPT 2008, Theorem 3.2), and
//! (t, w) = ((u + A/3)/B, v/B) sends that to y² = x³ + a·x + b with a = (3 − A²)/(3B²),
//! b = (2A³ − 9A)/(27B³). The neutral element (0, 1) goes to the point at infinity and
//! (0, −1) to (A/(3B), 0); the points at infinity of a square d go to the Weierstrass
//! points with v = 0, u ≠ 0 or with u = −1, which have no affine Edwards form
//! ([`CurveShape::from_weierstrass`] returns `None` for them;
//! [`Edwards::point_from_weierstrass`] reaches them too).

use super::{record, Cache, CurveShape, ShapeError, ShapeOp};
use crate::field::{Field, PrimeField};
use rand_core::RngCore;

/// The projective chart a point's (X : Y : Z) is written in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Chart {
    /// x = X/Z, y = Y/Z with Z ≠ 0: every point with finite x and y.
    Standard,
    /// x = Z/X, y = Z/Y with Z ≠ 0: every point with x·y ≠ 0, the points at infinity of a
    /// square d included.
    Inverted,
}

/// A point of an Edwards curve: (X : Y : Z) in its [`Chart`], and its [`Cache`] state (the
/// Edwards formulas cache no values).
#[derive(Copy, Clone, Debug)]
pub struct EdwardsPoint<F> {
    x: F,
    y: F,
    z: F,
    chart: Chart,
    cache: Cache,
}

impl<F: Copy> EdwardsPoint<F> {
    /// (X, Y, Z), to be read in [`EdwardsPoint::chart`].
    pub fn coordinates(&self) -> (F, F, F) {
        (self.x, self.y, self.z)
    }

    /// The chart the coordinates are written in.
    pub fn chart(&self) -> Chart {
        self.chart
    }
}

/// A point of the curve's desingularization in P¹ × P¹: x = X/Z, y = Y/T, where every
/// point of the group has exactly one form up to scaling of each pair.
#[derive(Copy, Clone, Debug)]
struct Pair<F> {
    x: F,
    z: F,
    y: F,
    t: F,
}

/// What `edwards` and `inv-edwards` share: the curve, its maps and the exceptional path.
#[derive(Clone, Debug)]
struct Core<F> {
    name: &'static str,
    d: F,
    two_d: F,
    /// The Montgomery A/3 and B of the maps (module documentation).
    a_third: F,
    mont_b: F,
    inv_b: F,
    wa: F,
    wb: F,
}

/// x + x.
#[inline(always)]
fn twice<F: Field>(x: F) -> F {
    x + x
}

/// An Affine operand keeps its state, any other becomes Added.
#[inline(always)]
fn mark_added(c: &mut Cache) {
    if *c != Cache::Affine {
        *c = Cache::Added;
    }
}

impl<F: PrimeField> Core<F> {
    fn new(name: &'static str, d: F) -> Result<Self, ShapeError> {
        let singular = |why| ShapeError::Singular { shape: name, why };
        if d.is_zero() || d == F::one() {
            return Err(singular("d must not be 0 or 1"));
        }
        // 1/6 exists exactly when the characteristic is neither 2 nor 3.
        let inv6 = F::from_u64(6)
            .invert_vartime()
            .map_err(|_| singular("the field has characteristic 2 or 3"))?;
        let (inv2, inv3) = (F::from_u64(3) * inv6, F::from_u64(2) * inv6);
        let inv_1md = (F::one() - d)
            .invert_vartime()
            .map_err(|_| singular("d must not be 1"))?;
        // A = 2(1 + d)/(1 − d), B = 4/(1 − d), so 1/B = (1 − d)/4.
        let mont_a = twice(F::one() + d) * inv_1md;
        let mont_b = twice(twice(inv_1md));
        let inv_b = (F::one() - d) * inv2 * inv2;
        // a = (3 − A²)/(3B²), b = (2A³ − 9A)/(27B³).
        let a2 = mont_a.square();
        let wa = (F::from_u64(3) - a2) * inv_b.square() * inv3;
        let wb =
            (twice(a2) - F::from_u64(9)) * mont_a * inv_b.square() * inv_b * inv3.square() * inv3;
        Ok(Core {
            name,
            d,
            two_d: twice(d),
            a_third: mont_a * inv3,
            mont_b,
            inv_b,
            wa,
            wb,
        })
    }

    fn on_curve(&self, x: &F, y: &F) -> bool {
        let (x2, y2) = (x.square(), y.square());
        x2 + y2 == F::one() + self.d * x2 * y2
    }

    // ---- charts and P¹ × P¹ ----

    fn to_pair(p: &EdwardsPoint<F>) -> Pair<F> {
        match p.chart {
            Chart::Standard => Pair {
                x: p.x,
                z: p.z,
                y: p.y,
                t: p.z,
            },
            Chart::Inverted => Pair {
                x: p.z,
                z: p.x,
                y: p.z,
                t: p.y,
            },
        }
    }

    /// The point in chart `c`, if that chart holds it.
    fn pair_in(q: &Pair<F>, c: Chart) -> Option<EdwardsPoint<F>> {
        let (x, y, z) = match c {
            Chart::Standard if !q.z.is_zero() && !q.t.is_zero() => {
                (q.x * q.t, q.y * q.z, q.z * q.t)
            }
            // 1/x = Z/X, 1/y = T/Y, as (Z·Y : T·X : X·Y).
            Chart::Inverted if !q.x.is_zero() && !q.y.is_zero() => {
                (q.z * q.y, q.t * q.x, q.x * q.y)
            }
            _ => return None,
        };
        Some(EdwardsPoint {
            x,
            y,
            z,
            chart: c,
            cache: Cache::Fresh,
        })
    }

    /// The point in chart `main`, or in the other chart when `main` lacks it (one of the
    /// two always holds it: see the module documentation).
    fn from_pair(q: &Pair<F>, main: Chart) -> EdwardsPoint<F> {
        let other = match main {
            Chart::Standard => Chart::Inverted,
            Chart::Inverted => Chart::Standard,
        };
        Self::pair_in(q, main)
            .or_else(|| Self::pair_in(q, other))
            .unwrap_or(EdwardsPoint {
                // Unreachable: a point with x or y infinite has x·y ≠ 0, and one with
                // x·y = 0 has x, y finite. Kept total instead of panicking.
                x: q.x,
                y: q.y,
                z: q.z,
                chart: main,
                cache: Cache::Fresh,
            })
    }

    /// P + Q on P¹ × P¹ (Bernstein–Lange 2011): for each of (X3 : Z3) and (Y3 : T3), the
    /// first law (Edwards' own) unless its pair is (0, 0), then the second (the dedicated
    /// law, x3 = (x1y1 + x2y2)/(x1x2 + y1y2), y3 = (x1y1 − x2y2)/(x1y2 − x2y1)). By their
    /// Theorem 1 at least one is nonzero for every pair of points, and a nonzero one is
    /// right.
    fn pair_add(&self, p: &Pair<F>, q: &Pair<F>) -> Pair<F> {
        let (x1x2, y1y2, z1z2, t1t2) = (p.x * q.x, p.y * q.y, p.z * q.z, p.t * q.t);
        let (x1y2, x2y1, z2t1, z1t2) = (p.x * q.y, q.x * p.y, q.z * p.t, p.z * q.t);
        let (x1y1, x2y2, z1t1, z2t2) = (p.x * p.y, q.x * q.y, p.z * p.t, q.z * q.t);
        let zt = z1z2 * t1t2;
        let dxy = self.d * x1x2 * y1y2;
        let (x3, z3) = (x1y2 * z2t1 + x2y1 * z1t2, zt + dxy);
        let (x3, z3) = if x3.is_zero() && z3.is_zero() {
            (x1y1 * z2t2 + x2y2 * z1t1, x1x2 * t1t2 + y1y2 * z1z2)
        } else {
            (x3, z3)
        };
        let (y3, t3) = (y1y2 * z1z2 - x1x2 * t1t2, zt - dxy);
        let (y3, t3) = if y3.is_zero() && t3.is_zero() {
            (x1y1 * z2t2 - x2y2 * z1t1, x1y2 * z2t1 - x2y1 * z1t2)
        } else {
            (y3, t3)
        };
        Pair {
            x: x3,
            z: z3,
            y: y3,
            t: t3,
        }
    }

    // ---- maps ----

    fn pair_to_weierstrass(&self, q: &Pair<F>) -> Option<(F, F)> {
        if q.x.is_zero() {
            // (0, 1) is the neutral element, (0, −1) goes to (u, v) = (0, 0).
            return (q.y != q.t).then(|| (self.a_third * self.inv_b, F::zero()));
        }
        // u = (T + Y)/(T − Y), v = u/x = (T + Y)·Z/((T − Y)·X); T ≠ Y since x ≠ 0.
        let s = q.t + q.y;
        let inv = ((q.t - q.y) * q.x).invert_vartime().ok()?;
        let u = s * q.x * inv;
        let v = s * q.z * inv;
        Some(((u + self.a_third) * self.inv_b, v * self.inv_b))
    }

    fn weierstrass_to_pair(&self, w: Option<(F, F)>) -> Pair<F> {
        let Some((t, w)) = w else {
            return Pair {
                x: F::zero(),
                z: F::one(),
                y: F::one(),
                t: F::one(),
            };
        };
        let u = self.mont_b * t - self.a_third;
        let v = self.mont_b * w;
        if u.is_zero() && v.is_zero() {
            return Pair {
                x: F::zero(),
                z: F::one(),
                y: -F::one(),
                t: F::one(),
            };
        }
        // x = u/v, y = (u − 1)/(u + 1).
        Pair {
            x: u,
            z: v,
            y: u - F::one(),
            t: u + F::one(),
        }
    }

    fn pair_to_affine(q: &Pair<F>) -> Option<(F, F)> {
        let inv = (q.z * q.t).invert_vartime().ok()?;
        Some((q.x * q.t * inv, q.y * q.z * inv))
    }

    // ---- the operations every shape shares ----

    fn affine_point(&self, x: &F, y: &F, main: Chart) -> Result<EdwardsPoint<F>, ShapeError> {
        if !self.on_curve(x, y) {
            return Err(ShapeError::NotOnCurve { shape: self.name });
        }
        let standard = EdwardsPoint {
            x: *x,
            y: *y,
            z: F::one(),
            chart: Chart::Standard,
            cache: Cache::Affine,
        };
        if main == Chart::Standard {
            return Ok(standard);
        }
        // (1/x, 1/y, 1) from one inversion of x·y; x·y = 0 stays in the standard chart.
        Ok(match (*x * *y).invert_vartime() {
            Ok(inv) => EdwardsPoint {
                x: *y * inv,
                y: *x * inv,
                z: F::one(),
                chart: Chart::Inverted,
                cache: Cache::Affine,
            },
            Err(_) => standard,
        })
    }

    fn is_neutral(p: &EdwardsPoint<F>) -> bool {
        let q = Self::to_pair(p);
        q.x.is_zero() && q.y == q.t
    }

    fn neg(p: &EdwardsPoint<F>) -> EdwardsPoint<F> {
        // −(x, y) = (−x, y); in either chart that negates X.
        EdwardsPoint { x: -p.x, ..*p }
    }

    fn dbl(&self, p: &mut EdwardsPoint<F>, main: Chart) -> EdwardsPoint<F> {
        record(ShapeOp::Dbl);
        if p.cache == Cache::Fresh {
            p.cache = Cache::Doubled;
        }
        if p.chart == main {
            let r = match main {
                Chart::Standard => self.std_dbl(p),
                Chart::Inverted => self.inv_dbl(p),
            };
            if !r.z.is_zero() {
                return r;
            }
        }
        let q = Self::to_pair(p);
        Self::from_pair(&self.pair_add(&q, &q), main)
    }

    fn tpl(&self, p: &mut EdwardsPoint<F>, main: Chart) -> EdwardsPoint<F> {
        record(ShapeOp::Tpl);
        if p.cache == Cache::Fresh {
            p.cache = Cache::Doubled;
        }
        if p.chart == main {
            let r = match main {
                Chart::Standard => self.std_tpl(p),
                Chart::Inverted => self.inv_tpl(p),
            };
            if !r.z.is_zero() {
                return r;
            }
        }
        let q = Self::to_pair(p);
        Self::from_pair(&self.pair_add(&self.pair_add(&q, &q), &q), main)
    }

    fn add(
        &self,
        p: &mut EdwardsPoint<F>,
        q: &mut EdwardsPoint<F>,
        main: Chart,
    ) -> EdwardsPoint<F> {
        record(ShapeOp::addition(p.cache, q.cache));
        let fast = if p.chart == main && q.chart == main {
            let (pa, qa) = (p.cache == Cache::Affine, q.cache == Cache::Affine);
            let r = match main {
                Chart::Standard => self.std_add(p, q, pa, qa),
                Chart::Inverted => self.inv_add(p, q, pa, qa),
            };
            (!r.z.is_zero()).then_some(r)
        } else {
            None
        };
        mark_added(&mut p.cache);
        mark_added(&mut q.cache);
        fast.unwrap_or_else(|| {
            Self::from_pair(&self.pair_add(&Self::to_pair(p), &Self::to_pair(q)), main)
        })
    }

    // ---- standard projective formulas (c = 1) ----

    /// EFD `g1p/auto-edwards-projective` `dbl-2007-bl`, 3M + 4S: B = (X1 + Y1)², C = X1²,
    /// D = Y1², E = C + D, H = Z1², J = E − 2H, X3 = (B − E)·J, Y3 = E·(C − D), Z3 = E·J.
    fn std_dbl(&self, p: &EdwardsPoint<F>) -> EdwardsPoint<F> {
        let b = (p.x + p.y).square();
        let c = p.x.square();
        let d = p.y.square();
        let e = c + d;
        let h = p.z.square();
        let j = e - twice(h);
        Self::fresh((b - e) * j, e * (c - d), e * j, Chart::Standard)
    }

    /// EFD `g1p/auto-edwards-projective` `tpl-2007-bblp`, 9M + 4S: XX = X1², YY = Y1²,
    /// ZZ = (2Z1)², D = XX + YY, DD = D², H = 2D·(XX − YY), P = DD − YY·ZZ,
    /// Q = DD − XX·ZZ, T = H + Q, U = H − P, X3 = P·U·X1, Y3 = Q·T·Y1, Z3 = T·U·Z1.
    fn std_tpl(&self, p: &EdwardsPoint<F>) -> EdwardsPoint<F> {
        let xx = p.x.square();
        let yy = p.y.square();
        let zz = twice(p.z).square();
        let d = xx + yy;
        let dd = d.square();
        let h = twice(d) * (xx - yy);
        let pp = dd - yy * zz;
        let qq = dd - xx * zz;
        let t = h + qq;
        let u = h - pp;
        Self::fresh(pp * u * p.x, qq * t * p.y, t * u * p.z, Chart::Standard)
    }

    /// EFD `g1p/auto-edwards-projective` `add-2007-bl`, 10M + 1S + 1C: A = Z1·Z2, B = A²,
    /// C = X1·X2, D = Y1·Y2, E = d·C·D, F = B − E, G = B + E,
    /// X3 = A·F·((X1 + Y1)(X2 + Y2) − C − D), Y3 = A·G·(D − C), Z3 = F·G;
    /// `madd-2007-bl` (A = Z1 when Z2 = 1), 9M + 1S + 1C.
    fn std_add(
        &self,
        p: &EdwardsPoint<F>,
        q: &EdwardsPoint<F>,
        p_affine: bool,
        q_affine: bool,
    ) -> EdwardsPoint<F> {
        let a = Self::z_product(p, q, p_affine, q_affine);
        let b = a.map_or(F::one(), |a| a.square());
        let c = p.x * q.x;
        let d = p.y * q.y;
        let e = (c * d).mul_const(&self.d);
        let f = b - e;
        let g = b + e;
        let x3 = Self::times(a, f * ((p.x + p.y) * (q.x + q.y) - c - d));
        let y3 = Self::times(a, g * (d - c));
        Self::fresh(x3, y3, f * g, Chart::Standard)
    }

    // ---- inverted formulas (c = 1) ----

    /// EFD `g1p/auto-edwards-inverted` `dbl-2007-bl`, 3M + 4S + 1C: A = X1², B = Y1²,
    /// C = A + B, D = A − B, E = (X1 + Y1)² − C, Z3 = D·E, X3 = C·D,
    /// Y3 = E·(C − 2d·Z1²).
    fn inv_dbl(&self, p: &EdwardsPoint<F>) -> EdwardsPoint<F> {
        let a = p.x.square();
        let b = p.y.square();
        let c = a + b;
        let d = a - b;
        let e = (p.x + p.y).square() - c;
        let y3 = e * (c - p.z.square().mul_const(&self.two_d));
        Self::fresh(c * d, y3, d * e, Chart::Inverted)
    }

    /// EFD `g1p/auto-edwards-inverted` `tpl-2007-bl`, 9M + 4S + 1C: XX = X1², YY = Y1²,
    /// ZZ = Z1², D = XX + YY, DD = D², E = 4(D − d·ZZ), H = 2D·(YY − XX), P = DD − XX·E,
    /// Q = DD − YY·E, X3 = (H + Q)·Q·X1, Y3 = (H − P)·P·Y1, Z3 = P·Q·Z1.
    fn inv_tpl(&self, p: &EdwardsPoint<F>) -> EdwardsPoint<F> {
        let xx = p.x.square();
        let yy = p.y.square();
        let zz = p.z.square();
        let d = xx + yy;
        let dd = d.square();
        let e = twice(twice(d - zz.mul_const(&self.d)));
        let h = twice(d) * (yy - xx);
        let pp = dd - xx * e;
        let qq = dd - yy * e;
        Self::fresh(
            (h + qq) * qq * p.x,
            (h - pp) * pp * p.y,
            pp * qq * p.z,
            Chart::Inverted,
        )
    }

    /// EFD `g1p/auto-edwards-inverted` `add-2007-bl`, 9M + 1S + 1C: A = Z1·Z2, B = d·A²,
    /// C = X1·X2, D = Y1·Y2, E = C·D, H = C − D, I = (X1 + Y1)(X2 + Y2) − C − D,
    /// X3 = (E + B)·H, Y3 = (E − B)·I, Z3 = A·H·I; `madd-2007-bl` (A = Z1 when Z2 = 1),
    /// 8M + 1S + 1C.
    fn inv_add(
        &self,
        p: &EdwardsPoint<F>,
        q: &EdwardsPoint<F>,
        p_affine: bool,
        q_affine: bool,
    ) -> EdwardsPoint<F> {
        let a = Self::z_product(p, q, p_affine, q_affine);
        let b = a.map_or(self.d, |a| a.square().mul_const(&self.d));
        let c = p.x * q.x;
        let d = p.y * q.y;
        let e = c * d;
        let h = c - d;
        let i = (p.x + p.y) * (q.x + q.y) - c - d;
        let z3 = Self::times(a, h * i);
        Self::fresh((e + b) * h, (e - b) * i, z3, Chart::Inverted)
    }

    /// Z1·Z2, skipping the factors that are 1 (affine operands); `None` stands for 1.
    fn z_product(
        p: &EdwardsPoint<F>,
        q: &EdwardsPoint<F>,
        p_affine: bool,
        q_affine: bool,
    ) -> Option<F> {
        match (p_affine, q_affine) {
            (true, true) => None,
            (true, false) => Some(q.z),
            (false, true) => Some(p.z),
            (false, false) => Some(p.z * q.z),
        }
    }

    /// a·v, where `None` stands for a = 1.
    fn times(a: Option<F>, v: F) -> F {
        a.map_or(v, |a| a * v)
    }

    fn fresh(x: F, y: F, z: F, chart: Chart) -> EdwardsPoint<F> {
        EdwardsPoint {
            x,
            y,
            z,
            chart,
            cache: Cache::Fresh,
        }
    }
}

/// An Edwards curve x² + y² = 1 + d·x²y² in standard projective coordinates (CLI name
/// `edwards`; see the [module documentation](self)).
#[derive(Clone, Debug)]
pub struct Edwards<F> {
    core: Core<F>,
}

/// An Edwards curve x² + y² = 1 + d·x²y² in inverted coordinates (CLI name `inv-edwards`;
/// see the [module documentation](self)).
#[derive(Clone, Debug)]
pub struct InvEdwards<F> {
    core: Core<F>,
}

/// The constructor, accessors and whole-group maps of an Edwards shape, whose
/// [`CurveShape`] operations are those of `Core` in the chart `$chart`.
macro_rules! edwards_shape {
    ($shape:ident, $name:literal, $chart:expr) => {
        impl<F: PrimeField> $shape<F> {
            /// The curve x² + y² = 1 + d·x²y²; `Singular` when d is 0 or 1 (or the field
            /// has characteristic 2 or 3). The additions are complete when d is not a
            /// square; any other d works too, through the exceptional path.
            pub fn new(d: F) -> Result<Self, ShapeError> {
                Ok($shape {
                    core: Core::new($name, d)?,
                })
            }

            /// The curve constant d.
            pub fn d(&self) -> F {
                self.core.d
            }

            /// The Weierstrass image of any point, those without an affine form
            /// included; `None` is the point at infinity.
            pub fn point_to_weierstrass(&self, p: &EdwardsPoint<F>) -> Option<(F, F)> {
                self.core.pair_to_weierstrass(&Core::to_pair(p))
            }

            /// The point mapped to the Weierstrass point `w` (`None`: the point at
            /// infinity), in whichever chart holds it, with state [`Cache::Fresh`].
            /// Unlike [`CurveShape::from_weierstrass`] this reaches every point.
            pub fn point_from_weierstrass(&self, w: Option<(F, F)>) -> EdwardsPoint<F> {
                Core::from_pair(&self.core.weierstrass_to_pair(w), $chart)
            }
        }

        impl<F: PrimeField> CurveShape<F> for $shape<F> {
            const NAME: &'static str = $name;
            type Point = EdwardsPoint<F>;

            fn neutral(&self) -> EdwardsPoint<F> {
                self.core
                    .affine_point(&F::zero(), &F::one(), $chart)
                    .unwrap_or_else(|_| Core::fresh(F::zero(), F::one(), F::one(), Chart::Standard))
            }
            fn is_neutral(&self, p: &EdwardsPoint<F>) -> bool {
                Core::is_neutral(p)
            }
            fn from_affine(&self, x: &F, y: &F) -> Result<EdwardsPoint<F>, ShapeError> {
                self.core.affine_point(x, y, $chart)
            }
            fn to_affine(&self, p: &EdwardsPoint<F>) -> Option<(F, F)> {
                Core::pair_to_affine(&Core::to_pair(p))
            }
            fn cache(&self, p: &EdwardsPoint<F>) -> Cache {
                p.cache
            }
            fn neg(&self, p: &EdwardsPoint<F>) -> EdwardsPoint<F> {
                Core::neg(p)
            }
            fn dbl(&self, p: &mut EdwardsPoint<F>) -> EdwardsPoint<F> {
                self.core.dbl(p, $chart)
            }
            fn tpl(&self, p: &mut EdwardsPoint<F>) -> EdwardsPoint<F> {
                self.core.tpl(p, $chart)
            }
            fn add(&self, p: &mut EdwardsPoint<F>, q: &mut EdwardsPoint<F>) -> EdwardsPoint<F> {
                self.core.add(p, q, $chart)
            }
            fn fibonacci_multiples(&self, p: &EdwardsPoint<F>, z: usize) -> Vec<EdwardsPoint<F>> {
                super::fibonacci_by_addition(self, p, z)
            }
            fn weierstrass(&self) -> (F, F) {
                (self.core.wa, self.core.wb)
            }
            fn to_weierstrass(&self, x: &F, y: &F) -> Option<(F, F)> {
                self.core.pair_to_weierstrass(&Pair {
                    x: *x,
                    z: F::one(),
                    y: *y,
                    t: F::one(),
                })
            }
            fn from_weierstrass(&self, w: Option<(F, F)>) -> Option<(F, F)> {
                Core::pair_to_affine(&self.core.weierstrass_to_pair(w))
            }
            fn random_point(&self, rng: &mut dyn RngCore) -> (F, F) {
                super::random_affine_point(self, rng)
            }
        }
    };
}

edwards_shape!(Edwards, "edwards", Chart::Standard);
edwards_shape!(InvEdwards, "inv-edwards", Chart::Inverted);
