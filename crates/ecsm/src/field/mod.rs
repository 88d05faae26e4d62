//! Finite fields: the [`Field`] and [`BinaryField`] traits and their implementations.
//!
//! Every algorithm above this layer is generic over these traits, so that running it on
//! [`crate::cost::Counted`] measures its exact operation counts.

pub mod batch;
pub(crate) mod bytes;
pub mod chain;
pub mod ext2;
pub mod gf2m;
pub mod prime;

use core::fmt::Debug;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};
use rand_core::RngCore;

pub use batch::{batch_invert, batch_invert_vartime};
pub use ext2::{Gf254, Gf254With, Gf2Ext};
pub use gf2m::{Gf127, Gf163, Gf233, Gf283, Gf2m, Gf2mSpec, Gf409, Gf571};
pub use prime::*;

/// Why a field operation or decoding failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FieldError {
    /// Zero has no inverse.
    #[error("zero has no multiplicative inverse")]
    NotInvertible,
    /// A byte string of the wrong length for this field.
    #[error("a field element of {field} takes {expected} bytes, got {got}")]
    BadLength {
        /// Field name, e.g. `2^233`.
        field: &'static str,
        /// Expected byte count.
        expected: usize,
        /// Byte count received.
        got: usize,
    },
    /// A value that is not the canonical encoding of a field element (degree ≥ m, or ≥ p).
    #[error("value out of range for {field}: not a canonical field element")]
    OutOfRange {
        /// Field name.
        field: &'static str,
    },
    /// The element has no square root (prime fields) or z² + z = c has no solution.
    #[error("no solution in {field}")]
    NoSolution {
        /// Field name.
        field: &'static str,
    },
}

/// A finite field. Elements are small `Copy` values; arithmetic goes through the
/// operators, so generic code reads like the formulas it implements.
pub trait Field:
    Copy
    + Clone
    + PartialEq
    + Eq
    + Debug
    + Send
    + Sync
    + 'static
    + Add<Output = Self>
    + AddAssign
    + Sub<Output = Self>
    + SubAssign
    + Mul<Output = Self>
    + MulAssign
    + Neg<Output = Self>
{
    /// Short name used in reports, e.g. `2^233`.
    const NAME: &'static str;
    /// Size of the canonical big-endian encoding in bytes.
    const BYTES: usize;

    /// The additive identity.
    fn zero() -> Self;
    /// The multiplicative identity.
    fn one() -> Self;
    /// True for the additive identity.
    fn is_zero(&self) -> bool;
    /// `self²`.
    fn square(&self) -> Self;
    /// `self^(2^k)`: k squares in a row, the same value as k calls of [`Field::square`]
    /// and counted as k squares. A field may run the chain without its per-square
    /// dispatch (the P-256, secp256k1 and P-384 assembly checks the CPU once per run).
    #[inline(always)]
    fn square_n(&self, k: usize) -> Self {
        let mut r = *self;
        for _ in 0..k {
            r = r.square();
        }
        r
    }
    /// 2P for P = (X : Y : Z) in Jacobian coordinates on a curve y² = x³ − 3x + b, by a
    /// backend's own formula; None (the default) leaves it to the generic `dbl-2001-b`
    /// ([`crate::curve::weierstrass::AMinus3::dbl_2001_b`]). The result may be any
    /// representative of 2P. The P-256 assembly has one
    /// ([`crate::backend::point4::double_a3_p256`]); [`crate::cost::Counted`] keeps the
    /// default, so the cost model counts the generic formula.
    #[inline(always)]
    fn jacobian_double_a3(_x: &Self, _y: &Self, _z: &Self) -> Option<[Self; 3]> {
        None
    }
    /// 2P for P = (X : Y : Z) in Jacobian coordinates on a curve y² = x³ + b, by a
    /// backend's own formula; None (the default) leaves it to the generic one
    /// ([`crate::curve::weierstrass::AZero::dbl_2009_l`]). The secp256k1 assembly has one
    /// ([`crate::backend::point4::double_a0_k256`]); [`crate::cost::Counted`] keeps the
    /// default.
    #[inline(always)]
    fn jacobian_double_a0(_x: &Self, _y: &Self, _z: &Self) -> Option<[Self; 3]> {
        None
    }
    /// P + Q for P = (X1 : Y1 : Z1) in Jacobian coordinates and Q = (x2, y2) affine, by a
    /// backend's own formula: Some((point, H, R)) with H = x2·Z1² − X1 and
    /// R = y2·Z1³ − Y1, the point being P + Q with Z3 = Z1·H when H ≠ 0. None (the
    /// default) leaves it to the generic `madd-2007-bl`. The P-256 and secp256k1 assembly
    /// have one ([`crate::backend::point4`]); [`crate::cost::Counted`] keeps the default.
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn jacobian_madd(
        _x1: &Self,
        _y1: &Self,
        _z1: &Self,
        _x2: &Self,
        _y2: &Self,
    ) -> Option<([Self; 3], Self, Self)> {
        None
    }
    /// Multiplication by a curve constant. The same value as `*self * *c`; kept apart so
    /// the cost model can count it separately from general multiplications.
    #[inline(always)]
    fn mul_const(&self, c: &Self) -> Self {
        *self * *c
    }
    /// a·b + c·d, counted as two products and a sum. The same value as
    /// `*a * *b + *c * *d`; the carry-less backends of GF(2^m) add the two unreduced
    /// products and reduce once.
    #[inline(always)]
    fn mul_add(a: &Self, b: &Self, c: &Self, d: &Self) -> Self {
        *a * *b + *c * *d
    }
    /// (a·b, c·d), two independent products. By default two products (so the cost model
    /// counts 2M); a backend may compute both at once (see
    /// [`crate::backend::Backend::mul_pair`]).
    #[inline(always)]
    fn mul_pair(a: &Self, b: &Self, c: &Self, d: &Self) -> (Self, Self) {
        (*a * *b, *c * *d)
    }
    /// (a², c²), two independent squares (counted 2S); a backend may compute both at
    /// once ([`crate::backend::Backend::square_pair`]).
    #[inline(always)]
    fn square_pair(a: &Self, c: &Self) -> (Self, Self) {
        (a.square(), c.square())
    }
    /// (v·k, a·b) for a curve constant k: [`Field::mul_const`] and a product, counted as
    /// such (1C + 1M), which a backend may compute together like [`Field::mul_pair`].
    #[inline(always)]
    fn mul_const_pair(v: &Self, k: &Self, a: &Self, b: &Self) -> (Self, Self) {
        (v.mul_const(k), *a * *b)
    }
    /// Constant-time selection: `a` when `choice` is 0, `b` when it is `u64::MAX` (any
    /// other mask is a caller error). Mask arithmetic on the stored words, no branch on
    /// `choice` (implementations pass it through [`crate::backend::barrier::opaque`] first,
    /// or the compiler may turn the masking into a branch); not an arithmetic operation, so
    /// the cost model does not count it.
    fn ct_select(a: &Self, b: &Self, choice: u64) -> Self;
    /// `self⁻¹`, in time independent of the value; zero is an error.
    fn invert(&self) -> Result<Self, FieldError>;
    /// `self⁻¹` by the fastest method available, whose time or memory access may depend
    /// on the value. Use it on public data only.
    #[inline(always)]
    fn invert_vartime(&self) -> Result<Self, FieldError> {
        self.invert()
    }
    /// `self^e`, with `e` given as little-endian 64-bit words; square-and-multiply,
    /// variable-time in `e`.
    fn pow_vartime(&self, e: &[u64]) -> Self {
        let mut r = Self::one();
        for w in e.iter().rev() {
            for i in (0..64).rev() {
                r = r.square();
                if (w >> i) & 1 == 1 {
                    r *= *self;
                }
            }
        }
        r
    }
    /// Canonical big-endian encoding of `BYTES` bytes.
    fn to_bytes(&self) -> Vec<u8>;
    /// Decode a canonical big-endian encoding; wrong length or non-canonical values are errors.
    fn from_bytes(bytes: &[u8]) -> Result<Self, FieldError>;
    /// A uniformly random element.
    fn random(rng: &mut dyn RngCore) -> Self;
}

/// A field of characteristic 2.
pub trait BinaryField: Field {
    /// Extension degree over GF(2).
    const DEGREE: usize;
    /// The digit position where [`crate::mul::tnaf::tnaf`] cuts its expansion in two,
    /// moving the high half's table by a walk of this many squarings: by default
    /// ⌈(m + 1)/2⌉ ([`crate::mul::tnaf::frobenius_split`]).
    const FROBENIUS_CUT: usize = crate::mul::tnaf::frobenius_split(Self::DEGREE);
    /// `self^(2^k)`. Table-driven for the long runs of the field's inversion chain, which
    /// makes its memory accesses depend on the value: use it on public data, or
    /// [`BinaryField::multi_square_ct`] on secrets.
    fn multi_square(&self, k: usize) -> Self;
    /// `self^(2^k)` by k squarings, constant-time.
    #[inline(always)]
    fn multi_square_ct(&self, k: usize) -> Self {
        let mut r = *self;
        for _ in 0..k {
            r = r.square();
        }
        r
    }
    /// Absolute trace Tr(c) = Σ c^(2^i), 0 or 1.
    fn trace(&self) -> u8;
    /// A solution z of z² + z = c when Tr(c) = 0 (otherwise z² + z = c + 1 for odd
    /// degrees). For odd degree this is the half-trace H(c) = Σ_{i ≤ (m−1)/2} c^(4^i);
    /// table-driven, so its memory accesses depend on the value.
    fn half_trace(&self) -> Self;
    /// The solution z of z² + z = c with z's constant term chosen as by the half-trace
    /// (the other solution is z + 1), or `None` when Tr(c) = 1 and there is none.
    #[inline]
    fn solve_quadratic(&self) -> Option<Self> {
        if self.trace() == 0 {
            Some(self.half_trace())
        } else {
            None
        }
    }
    /// The unique square root (squaring is a bijection in characteristic 2).
    fn sqrt(&self) -> Self;
    /// Whether [`BinaryField::lambda_orbit_rounds4`] has code for this field on this CPU.
    #[inline(always)]
    fn has_lambda_rounds4() -> bool {
        false
    }
    /// [`crate::backend::Backend::lambda_orbit_rounds4`] on elements of this field: the
    /// orbits start at (`bases[o]`, `bases[4 + o]`), o = 0…3, and run for `steps`
    /// points; round r takes the points `plan[r]` names; the result is (X₀…X₃, L₀…L₃,
    /// Z₀…Z₃), lane j of both groups summed, and the exceptional flag. `None`, the
    /// default, where the backend has no four-lane code for this field.
    #[inline(always)]
    fn lambda_orbit_rounds4(
        bases: [Self; 8],
        steps: usize,
        plan: &[crate::backend::OrbitRound],
    ) -> Option<([Self; 12], bool)> {
        let _ = (bases, steps, plan);
        None
    }
    /// [`crate::backend::Backend::ladder4`] on elements of this field, c = a6^(1/4)
    /// computed here from `sqrt_a6` = √a6: (X0, Z0, X1, Z1) after the ladder over bits
    /// `steps` − 1 … 0 of k from (O, P), x(P) = `x` ≠ 0. `None`, the default, where the
    /// backend has no four-lane ladder for this field.
    #[inline(always)]
    fn ladder4(x: Self, sqrt_a6: Self, k: &[u64], steps: usize) -> Option<[Self; 4]> {
        let _ = (x, sqrt_a6, k, steps);
        None
    }
    /// Run `task` on the field type best suited to a long computation over this field's
    /// values. By default that is `Self` itself ([`Identity`]), which keeps
    /// [`crate::cost::Counted`] counting; [`Gf2m`] over [`crate::backend::Auto`] enters
    /// the selected backend's feature context once and runs the task on
    /// `Gf2m<N, S, C>` for that concrete backend `C`, so that the field operations
    /// inside it inline instead of each being a dispatched call.
    #[inline(always)]
    fn run_task<T: BinaryFieldTask<Self>>(task: T) -> T::Output {
        task.run::<Self, Identity>(Identity)
    }
}

/// A computation over the binary field `F` that can run on any field type `G` holding
/// the same values (see [`BinaryField::run_task`]). It converts its inputs with
/// [`FieldMap::to`] and its results back with [`FieldMap::back`].
pub trait BinaryFieldTask<F> {
    /// What the task returns (expressed over `F`).
    type Output;
    /// True when the work is mostly independent pairs of products, which a backend may
    /// compute together ([`crate::backend::BackendTask::pairs`]).
    #[inline(always)]
    fn pairs(&self) -> bool {
        false
    }
    /// Do the work over `G`.
    fn run<G: BinaryField, M: FieldMap<F, G>>(self, map: M) -> Self::Output;
}

/// A value-preserving conversion between two types of the same field (the same element
/// in the same representation, computed by different code).
pub trait FieldMap<F, G>: Copy {
    /// The element as a `G`.
    fn to(&self, f: F) -> G;
    /// The element back as an `F`.
    fn back(&self, g: G) -> F;
}

/// The conversion of a field type to itself.
#[derive(Copy, Clone, Debug, Default)]
pub struct Identity;

impl<F> FieldMap<F, F> for Identity {
    #[inline(always)]
    fn to(&self, f: F) -> F {
        f
    }
    #[inline(always)]
    fn back(&self, g: F) -> F {
        g
    }
}
