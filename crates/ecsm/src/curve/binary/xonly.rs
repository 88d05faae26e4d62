//! x-only arithmetic on (X : Z), x = X/Z: the x-doubling of seed 000 §3, the
//! Montgomery–López–Dahab ladder (López–Dahab, *Fast multiplication on elliptic curves
//! over GF(2^m) without precomputation*, CHES 1999; seed 000 §2.5) and its y-recovery.
//! O is (X : 0), X ≠ 0; the 2-torsion point T has x = 0. All formulas are variable-time.

use super::{Affine, BinaryCurve, CurveShape};
use crate::field::{BinaryField, Field};

/// The x-coordinate of a point as (X : Z) ↦ X/Z; O when Z = 0. ±P share it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct XOnly<F> {
    /// X.
    pub x: F,
    /// Z.
    pub z: F,
}

impl<F: Field> XOnly<F> {
    /// O = (1 : 0).
    pub fn identity() -> Self {
        XOnly {
            x: F::one(),
            z: F::zero(),
        }
    }
    /// True for O (Z = 0).
    pub fn is_identity(&self) -> bool {
        self.z.is_zero()
    }
    /// The same value with its coordinates mapped, e.g. into [`crate::cost::Counted`].
    pub fn map<G: Field>(&self, f: impl Fn(F) -> G) -> XOnly<G> {
        XOnly {
            x: f(self.x),
            z: f(self.z),
        }
    }
}

impl<F: BinaryField, S: CurveShape> BinaryCurve<F, S> {
    /// x(\[2\]P) = x⁴ + a6/x² (seed 000 §2.5/§3) in projective form:
    /// X2 = (X² + √a6·Z²)², Z2 = X²·Z². Cost **1M + 3S + 1C** (C = the multiplication by
    /// the precomputed √a6; 0C on Koblitz curves). Complete: O and T map to Z2 = 0.
    #[inline(always)]
    pub fn x_double(&self, p: &XOnly<F>) -> XOnly<F> {
        let (xx, zz) = F::square_pair(&p.x, &p.z);
        let (c, z) = self.x_double_products(&xx, &zz);
        XOnly {
            x: (xx + c).square(),
            z,
        }
    }

    /// The products of [`Self::x_double`] from X² and Z²: (√a6·Z², X²·Z²), the first
    /// just Z² on Koblitz curves.
    #[inline(always)]
    fn x_double_products(&self, xx: &F, zz: &F) -> (F, F) {
        if self.a6_is_one() {
            (*zz, *xx * *zz)
        } else {
            // √a6·Z² and X²·Z² are independent: one pair where the backend has them.
            F::mul_const_pair(zz, &self.sqrt_a6, xx, zz)
        }
    }

    /// k successive x-doublings: x(\[2^k\]P). Cost k·(1M + 3S + 1C).
    pub fn x_double_repeated(&self, p: &XOnly<F>, k: usize) -> XOnly<F> {
        let mut r = *p;
        for _ in 0..k {
            r = self.x_double(&r);
        }
        r
    }

    /// Differential addition: x(R0 + R1) from x(R0), x(R1) and the affine x of the known
    /// difference R1 − R0 (López–Dahab 1999, "Madd"):
    /// Z = (X0·Z1 + X1·Z0)², X = x·Z + (X0·Z1)·(X1·Z0). Cost **4M + 1S** (x is a point
    /// coordinate, so x·Z counts as M). Valid when R0 ≠ ±R1 up to the cases that come out
    /// right on their own: R0 or R1 = O gives x, R0 = −R1 gives O.
    #[inline(always)]
    pub fn x_diff_add(&self, x: F, r0: &XOnly<F>, r1: &XOnly<F>) -> XOnly<F> {
        let (t0, t1) = F::mul_pair(&r0.x, &r1.z, &r1.x, &r0.z);
        let z = (t0 + t1).square();
        XOnly {
            x: F::mul_add(&x, &z, &t0, &t1),
            z,
        }
    }

    /// One step of the Montgomery–López–Dahab ladder: given R0, R1 with R1 − R0 = P and
    /// x = x(P) ≠ 0, returns (\[2\]R0, R0 + R1), so that (kP, (k+1)P) becomes
    /// (2kP, (2k+1)P); for the other branch swap the inputs and outputs. Cost
    /// **5M + 4S + 1C** (seed 000 §2.5: "5M + 1×√a6 + 4S" per bit; 0C on Koblitz curves).
    ///
    /// The doubling ([`Self::x_double`]) and the addition ([`Self::x_diff_add`]) are
    /// independent chains of three field operations each, written here interleaved,
    /// stage by stage (products and squares of R0, R1; then (t0 + t1)² beside the
    /// doubling's products; then the addition's a·b + c·d beside the doubling's last
    /// square), so that both chains are in the core's scheduler at once. Written one
    /// after the other, the second chain's operations waited behind the first's:
    /// measured in a stand-alone GF(2^233) ladder (native build, Zen 4), 41 ns a step,
    /// the sum of the two chains' own 24 and 20 ns, against 31 ns interleaved.
    #[inline(always)]
    pub fn ladder_step(&self, x: F, r0: &XOnly<F>, r1: &XOnly<F>) -> (XOnly<F>, XOnly<F>) {
        let (t0, t1) = F::mul_pair(&r0.x, &r1.z, &r1.x, &r0.z);
        let (xx, zz) = F::square_pair(&r0.x, &r0.z);
        let z_add = (t0 + t1).square();
        let (c, z_dbl) = self.x_double_products(&xx, &zz);
        let x_add = F::mul_add(&x, &z_add, &t0, &t1);
        let x_dbl = (xx + c).square();
        (XOnly { x: x_dbl, z: z_dbl }, XOnly { x: x_add, z: z_add })
    }

    /// The affine kP from P = (x, y), R0 = x(kP) = (X1 : Z1) and R1 = x((k+1)P) = (X2 : Z2)
    /// at the end of the ladder (López–Dahab 1999; Hankerson–Menezes–Vanstone, *Guide to
    /// ECC*, Alg. 3.40 "Mxy"): x_k = X1/Z1 and
    /// y_k = (x_k + x)·((X1 + x·Z1)(X2 + x·Z2) + (x² + y)·Z1·Z2)/(x·Z1·Z2) + y,
    /// with 1/Z1 = x·Z2/(x·Z1·Z2) from the same inversion. Cost **I + 10M + 1S**.
    /// Special cases: kP = O (Z1 = 0), (k+1)P = O (kP = −P), P = O, and P = T (x = 0, where
    /// kP is O or T).
    pub fn ladder_recover_y(&self, p: &Affine<F>, r0: &XOnly<F>, r1: &XOnly<F>) -> Affine<F> {
        let Affine::Point { x, y } = *p else {
            return Affine::Infinity;
        };
        if r0.is_identity() {
            return Affine::Infinity;
        }
        if x.is_zero() {
            return self.two_torsion();
        }
        if r1.is_identity() {
            return p.neg();
        }
        let z12 = r0.z * r1.z;
        let xz1 = x * r0.z;
        let xz2 = x * r1.z;
        let u = (r0.x + xz1) * (r1.x + xz2) + (x.square() + y) * z12;
        let Ok(inv) = (x * z12).invert_vartime() else {
            unreachable!("x, Z1 and Z2 are nonzero here");
        };
        let xk = r0.x * (inv * xz2);
        let yk = (xk + x) * (u * inv) + y;
        Affine::new(xk, yk)
    }
}
