//! Jacobi intersections s² + c² = 1, a·s² + d² = 1 in the EFD's extended coordinates
//! (CLI name `jac-intersect`, [`JacIntersect`]): (S, C, D, Z, SC, DZ) with s = S/Z,
//! c = C/Z, d = D/Z, SC = S·C, DZ = D·Z (Hisil–Wong–Carter–Dawson, "Faster group
//! operations on elliptic curves", 2009; EFD `g1p/auto-jintersect-extended`).
//!
//! Costs (C = multiplication by a curve constant, a or a², counted apart):
//!
//! | operation | measured | seed 002 |
//! |-----------|----------|----------|
//! | DBL | 2M + 5S + 2C | 2M + 5S |
//! | TPL | 6M + 10S + 5C | 6M + 10S |
//! | ADD and every re- or d-addition | 11M + 1S + 2C | 11M + 1S |
//! | mADD, dmADD, mreADD | 10M + 1S + 2C | 10M + 1S |
//!
//! The addition is EFD `add-20080225-hwcd`. The EFD lists doubling at 2M + 5S and
//! tripling at 6M + 10S for these coordinates; their formulas were not at hand, so the
//! ones here are derived below from the affine laws (and checked exhaustively on small
//! fields by `tests/heavy/shape_edwards_family.rs`). Nothing but the coordinates is ever
//! reused, so Table 2 equals Table 1; the cache states are still tracked and recorded.
//!
//! # Exceptional cases
//!
//! (S : C : D : Z) is a smooth model in P³: every point, the up to four points at infinity
//! (Z = 0, when −1 and −a are squares) included, has coordinates. Doubling and tripling
//! are right for every input. The addition degenerates to (0 : 0 : 0 : 0) exactly when
//! P − Q is a point at infinity; then the dedicated law
//! s3 = (s1² − s2²)/(s1c2d2 − s2c1d1), c3 = (s1c1d2 − s2c2d1)/(…), d3 = (s1d1c2 − s2d2c1)/(…)
//! gives the sum (it fails only for P − Q of order dividing 2, where the first law works).
//!
//! # Affine form and maps
//!
//! The trait's affine points have two coordinates, and no two of s, c, d determine a
//! point. This shape's affine coordinates are those of the isomorphic Jacobi quartic
//! v² = u⁴ + 2(1 − 2a)·u² + 1: (u, v) = (s/(1 + c), 2d/(1 + c)), with inverse
//! s = 2u/(1 + u²), c = (1 − u²)/(1 + u²), d = v/(1 + u²) (the half-angle substitution on
//! s² + c² = 1; then (d·(1 + u²))² = (1 + u²)² − 4a·u²). The two points (0, −1, ±1)
//! have no affine form (they are the quartic's points at infinity), and a point with
//! 1 + u² = 0 is a point at infinity of the intersection, so [`CurveShape::from_affine`]
//! returns it with state [`Cache::Fresh`] (it has no Z = 1 form). The Weierstrass maps
//! are the quartic's (see `ext-jquartic`).

use super::jquartic::QuarticModel;
use super::{fibonacci_by_addition, random_affine_point};
use super::{record, Cache, CurveShape, ShapeError, ShapeOp};
use crate::field::{Field, PrimeField};
use rand_core::RngCore;

/// A point of a Jacobi intersection: (S, C, D, Z, SC, DZ) and its [`Cache`] state.
#[derive(Copy, Clone, Debug)]
pub struct JIntersectPoint<F> {
    s: F,
    c: F,
    d: F,
    z: F,
    sc: F,
    dz: F,
    cache: Cache,
}

impl<F: Copy> JIntersectPoint<F> {
    /// The projective (S, C, D, Z): s = S/Z, c = C/Z, d = D/Z.
    pub fn coordinates(&self) -> (F, F, F, F) {
        (self.s, self.c, self.d, self.z)
    }
}

/// x + x.
#[inline(always)]
fn twice<F: Field>(x: F) -> F {
    x + x
}

/// A Jacobi intersection s² + c² = 1, a·s² + d² = 1 (CLI name `jac-intersect`; see the
/// [module documentation](self)).
#[derive(Clone, Debug)]
pub struct JacIntersect<F> {
    a: F,
    a2: F,
    /// The affine model v² = u⁴ + 2(1 − 2a)u² + 1.
    model: QuarticModel<F>,
}

impl<F: PrimeField> JacIntersect<F> {
    /// The curve s² + c² = 1, a·s² + d² = 1; `Singular` when a is 0 or 1 (or the field
    /// has characteristic 2 or 3).
    pub fn new(a: F) -> Result<Self, ShapeError> {
        let singular = |why| ShapeError::Singular {
            shape: Self::NAME,
            why,
        };
        if a.is_zero() || a == F::one() {
            return Err(singular("a must not be 0 or 1"));
        }
        // The quartic's parameter 1 − 2a has (1 − 2a)² ≠ 1 exactly when a ≠ 0, 1.
        let model = QuarticModel::new(F::one() - twice(a)).map_err(singular)?;
        Ok(JacIntersect {
            a,
            a2: a.square(),
            model,
        })
    }

    /// The curve constant a.
    pub fn a(&self) -> F {
        self.a
    }

    /// The Weierstrass image of any point, those without an affine form included; `None`
    /// is the Weierstrass point at infinity.
    pub fn point_to_weierstrass(&self, p: &JIntersectPoint<F>) -> Option<(F, F)> {
        // The quartic point, weighted: (S : 2D(Z + C) : Z + C), or, when Z + C = 0 (then
        // S = 0 too), (Z − C : 2D(Z − C) : S) from u = (Z − C)/S.
        let n = p.z + p.c;
        let (x, y, z) = if n.is_zero() {
            let m = p.z - p.c;
            (m, twice(p.d * m), p.s)
        } else {
            (p.s, twice(p.d * n), n)
        };
        self.model.weighted_to_weierstrass(&x, &y, &z)
    }

    /// The point mapped to the Weierstrass point `w` (`None`: the point at infinity), with
    /// state [`Cache::Fresh`]. Unlike [`CurveShape::from_weierstrass`] this reaches every
    /// point.
    pub fn point_from_weierstrass(&self, w: Option<(F, F)>) -> JIntersectPoint<F> {
        // From the weighted quartic point (X : Y : W), u = X/W, v = Y/W²:
        // (S : C : D : Z) = (2XW : W² − X² : Y : W² + X²).
        let (x, y, w) = self.model.weierstrass_to_weighted(w);
        let (xx, ww) = (x.square(), w.square());
        Self::fresh(twice(x * w), ww - xx, y, ww + xx)
    }

    fn fresh(s: F, c: F, d: F, z: F) -> JIntersectPoint<F> {
        JIntersectPoint {
            s,
            c,
            d,
            z,
            sc: s * c,
            dz: d * z,
            cache: Cache::Fresh,
        }
    }

    /// EFD `g1p/auto-jintersect-extended` `add-20080225-hwcd`, 11M + 1S + 2C:
    /// E = S1·D2, F = C1·Z2, G = D1·S2, H = Z1·C2, J = SC1·DZ2, K = DZ1·SC2,
    /// S3 = (H + F)(E + G) − J − K, C3 = (H + E)(F − G) − J + K,
    /// D3 = (DZ1 − a·SC1)(SC2 + DZ2) + a·J − K, Z3 = (H + G)² − 2K, SC3 = S3·C3,
    /// DZ3 = D3·Z3. With Z2 = 1, F = C1 (10M + 1S + 2C); with Z1 = 1, H = C2.
    /// `None` when all of S3, C3, D3, Z3 are 0.
    fn add_formula(
        &self,
        p: &JIntersectPoint<F>,
        q: &JIntersectPoint<F>,
    ) -> Option<JIntersectPoint<F>> {
        let e = p.s * q.d;
        let f = if q.cache == Cache::Affine {
            p.c
        } else {
            p.c * q.z
        };
        let g = p.d * q.s;
        let h = if p.cache == Cache::Affine {
            q.c
        } else {
            p.z * q.c
        };
        let j = p.sc * q.dz;
        let k = p.dz * q.sc;
        let s3 = (h + f) * (e + g) - j - k;
        let c3 = (h + e) * (f - g) - j + k;
        let d3 = (p.dz - p.sc.mul_const(&self.a)) * (q.sc + q.dz) + j.mul_const(&self.a) - k;
        let z3 = (h + g).square() - twice(k);
        if s3.is_zero() && c3.is_zero() && d3.is_zero() && z3.is_zero() {
            return None;
        }
        Some(Self::with_products(s3, c3, d3, z3))
    }

    /// The dedicated law (module documentation), projectively:
    /// S3 = S1²Z2² − S2²Z1², C3 = SC1·DZ2 − SC2·DZ1, D3 = S1D1·C2Z2 − S2D2·C1Z1,
    /// Z3 = S1C2·D2Z1 − S2C1·D1Z2. Only for the pairs where `add_formula` degenerates.
    fn add_dedicated(p: &JIntersectPoint<F>, q: &JIntersectPoint<F>) -> JIntersectPoint<F> {
        let (s1z2, s2z1) = (p.s * q.z, q.s * p.z);
        let s3 = (s1z2 - s2z1) * (s1z2 + s2z1);
        let c3 = p.sc * q.dz - q.sc * p.dz;
        let d3 = p.s * p.d * q.c * q.z - q.s * q.d * p.c * p.z;
        let z3 = p.s * q.c * q.d * p.z - q.s * p.c * p.d * q.z;
        Self::with_products(s3, c3, d3, z3)
    }

    fn with_products(s: F, c: F, d: F, z: F) -> JIntersectPoint<F> {
        JIntersectPoint {
            s,
            c,
            d,
            z,
            sc: s * c,
            dz: d * z,
            cache: Cache::Fresh,
        }
    }
}

impl<F: PrimeField> CurveShape<F> for JacIntersect<F> {
    const NAME: &'static str = "jac-intersect";
    type Point = JIntersectPoint<F>;

    fn neutral(&self) -> JIntersectPoint<F> {
        JIntersectPoint {
            s: F::zero(),
            c: F::one(),
            d: F::one(),
            z: F::one(),
            sc: F::zero(),
            dz: F::one(),
            cache: Cache::Affine,
        }
    }

    fn is_neutral(&self, p: &JIntersectPoint<F>) -> bool {
        p.s.is_zero() && p.c == p.z && p.d == p.z
    }

    fn from_affine(&self, u: &F, v: &F) -> Result<JIntersectPoint<F>, ShapeError> {
        if !self.model.on_curve(u, v) {
            return Err(ShapeError::NotOnCurve { shape: Self::NAME });
        }
        let uu = u.square();
        let (s, c, d, z) = (twice(*u), F::one() - uu, *v, F::one() + uu);
        Ok(match z.invert_vartime() {
            Ok(inv) => {
                let (s, c, d) = (s * inv, c * inv, d * inv);
                JIntersectPoint {
                    s,
                    c,
                    d,
                    z: F::one(),
                    sc: s * c,
                    dz: d,
                    cache: Cache::Affine,
                }
            }
            Err(_) => Self::fresh(s, c, d, z),
        })
    }

    fn to_affine(&self, p: &JIntersectPoint<F>) -> Option<(F, F)> {
        let inv = (p.z + p.c).invert_vartime().ok()?;
        Some((p.s * inv, twice(p.d) * inv))
    }

    fn cache(&self, p: &JIntersectPoint<F>) -> Cache {
        p.cache
    }

    fn neg(&self, p: &JIntersectPoint<F>) -> JIntersectPoint<F> {
        // −(s, c, d) = (−s, c, d); SC changes sign with S.
        JIntersectPoint {
            s: -p.s,
            sc: -p.sc,
            ..*p
        }
    }

    /// 2M + 5S + 2C, from the affine doubling s3 = 2scd/(1 − a·s⁴),
    /// c3 = (c² − s²d²)/(1 − a·s⁴), d3 = (d² − a·s²c²)/(1 − a·s⁴) (the EFD's entry lists
    /// this cost; derived here). With σ = S², ζ = Z², C² = ζ − σ and D² = ζ − a·σ turn
    /// the outputs into forms in σ and ζ: S3 = 2·SC·DZ, C3 = ζ² − 2σζ + a·σ²,
    /// D3 = ζ² − 2a·σζ + a·σ², Z3 = ζ² − a·σ². Squarings: SC², DZ², (SC + DZ)² give
    /// 2·SC·DZ; σ, σ²; then σζ = SC² + σ² and ζ² = DZ² + a·σζ. SC3 = S3·C3, DZ3 = D3·Z3.
    fn dbl(&self, p: &mut JIntersectPoint<F>) -> JIntersectPoint<F> {
        record(ShapeOp::Dbl);
        if p.cache == Cache::Fresh {
            p.cache = Cache::Doubled;
        }
        let t2 = p.sc.square();
        let u2 = p.dz.square();
        let s3 = (p.sc + p.dz).square() - t2 - u2;
        let sg2 = p.s.square().square();
        let sz = t2 + sg2;
        let a_sz = sz.mul_const(&self.a);
        let a_sg2 = sg2.mul_const(&self.a);
        let zeta2 = u2 + a_sz;
        let c3 = zeta2 - twice(sz) + a_sg2;
        let d3 = zeta2 - twice(a_sz) + a_sg2;
        let z3 = zeta2 - a_sg2;
        Self::with_products(s3, c3, d3, z3)
    }

    /// 6M + 10S + 5C, from the triplication formulas of Jacobi's functions (derived here
    /// with the affine law; the EFD lists this cost): S3 = S·f_S, C3 = C·f_C, D3 = D·f_D,
    /// Z3 = Z·f_Z with, in σ = S², ζ = Z², m_i = σ^(4−i)·ζ^i,
    /// f_S = 3m4 − 4(1 + a)m3 + 6a·m2 − a²m0, f_C = a²m0 − 4a²m1 + 6a·m2 − 4m3 + m4,
    /// f_D = a²m0 − 4a·m1 + 6a·m2 − 4a·m3 + m4, f_Z = m4 − 6a·m2 + 4a(1 + a)m1 − 3a²m0.
    /// Squarings: σ, ζ, σ², ζ², P = (σ + ζ)² − σ² − ζ² = 2σζ, m0 = (σ²)², m4 = (ζ²)²,
    /// P² = 4m2, (σ² + P)² − m0 − P² = 4m1, (ζ² + P)² − m4 − P² = 4m3; every f is then a
    /// sum of these (times 2, the common factor), and SC3 = S3·C3, DZ3 = D3·Z3.
    fn tpl(&self, p: &mut JIntersectPoint<F>) -> JIntersectPoint<F> {
        record(ShapeOp::Tpl);
        if p.cache == Cache::Fresh {
            p.cache = Cache::Doubled;
        }
        let sg = p.s.square();
        let ze = p.z.square();
        let sg2 = sg.square();
        let ze2 = ze.square();
        let pp = (sg + ze).square() - sg2 - ze2;
        let m0 = sg2.square();
        let m4 = ze2.square();
        let q2 = pp.square();
        let q1 = (sg2 + pp).square() - m0 - q2;
        let q3 = (ze2 + pp).square() - m4 - q2;
        // The constant multiples a²m0, a·4m2, a·4m3, a·4m1, a²·4m1.
        let a_m0 = m0.mul_const(&self.a2);
        let b = q2.mul_const(&self.a);
        let e3 = q3.mul_const(&self.a);
        let e1 = q1.mul_const(&self.a);
        let g1 = q1.mul_const(&self.a2);
        let (b3, a_m0_2, m4_2) = (twice(b) + b, twice(a_m0), twice(m4));
        // 2f_S = 6m4 − 2·4m3 − 2a·4m3 + 3a·4m2 − 2a²m0, and so on.
        let f_s = twice(m4_2) + m4_2 - twice(q3 + e3) + b3 - a_m0_2;
        let f_c = a_m0_2 - twice(g1) + b3 - twice(q3) + m4_2;
        let f_d = a_m0_2 - twice(e1) + b3 - twice(e3) + m4_2;
        let f_z = m4_2 - b3 + twice(e1 + g1) - (twice(a_m0_2) + a_m0_2);
        Self::with_products(p.s * f_s, p.c * f_c, p.d * f_d, p.z * f_z)
    }

    /// `add-20080225-hwcd` (see `add_formula`), falling back to the dedicated law on the
    /// pairs where it degenerates.
    fn add(&self, p: &mut JIntersectPoint<F>, q: &mut JIntersectPoint<F>) -> JIntersectPoint<F> {
        record(ShapeOp::addition(p.cache, q.cache));
        let r = self
            .add_formula(p, q)
            .unwrap_or_else(|| Self::add_dedicated(p, q));
        for c in [&mut p.cache, &mut q.cache] {
            if *c != Cache::Affine {
                *c = Cache::Added;
            }
        }
        r
    }

    fn fibonacci_multiples(&self, p: &JIntersectPoint<F>, z: usize) -> Vec<JIntersectPoint<F>> {
        fibonacci_by_addition(self, p, z)
    }

    fn weierstrass(&self) -> (F, F) {
        self.model.weierstrass()
    }

    fn to_weierstrass(&self, u: &F, v: &F) -> Option<(F, F)> {
        self.model.affine_to_weierstrass(u, v)
    }

    fn from_weierstrass(&self, w: Option<(F, F)>) -> Option<(F, F)> {
        self.model.weierstrass_to_affine(w)
    }

    fn random_point(&self, rng: &mut dyn RngCore) -> (F, F) {
        random_affine_point(self, rng)
    }
}
