//! Ordinary binary elliptic curves E: y² + xy = x³ + a2·x² + a6 over GF(2^m), their
//! coordinate systems and formulas.
//!
//! Every formula is generic over `F: BinaryField` and states its cost in its doc comment as
//! I (inversions), M (multiplications), S (squarings) and C (multiplications by a curve
//! constant: a6, √a6, a2 when it is not 0 or 1, a2² + a6); additions are not listed. The
//! costs are those of the generic path and are checked by running the code on
//! [`crate::cost::Counted`] (`tests/binary_curves.rs`). Special cases (O, P = ±Q, the
//! 2-torsion point T = (0, √a6), results equal to T) are handled, on separate branches that
//! may cost less: **every formula here is variable-time**.
//!
//! What the constants are is a type, [`CurveShape`]: a2 ∈ {0, 1} (or arbitrary, for the
//! GLS curves over GF(2^254)), and whether a6 = 1 (Koblitz curves, where the
//! multiplications by a6 and √a6 vanish). Branches on the shape are compile-time constants,
//! except for [`AnyShape`], which reads the same two facts from the curve at run time (the
//! named curves use it: one compiled copy of every method per field and backend).
//!
//! | module | contents |
//! |---|---|
//! | [`affine`] | affine doubling, addition, P ± Q together, direct tripling |
//! | [`compress`] | SEC 1 compression (x, lowbit(y/x)), half-trace decompression, hint bits |
//! | [`ld`] | López–Dahab (X : Y : Z), x = X/Z, y = Y/Z² |
//! | [`xonly`] | (X : Z) with x = X/Z: x-doubling, the Montgomery–López–Dahab ladder, y-recovery |
//! | [`lambda`] | λ-affine (x, λ = x + y/x) and λ-projective (X, L, Z) of seed 001 |
//! | [`convert`] | conversions between all of them |
//! | [`halve`] | point halving in λ-affine coordinates (Tr(a2) = 1) |
//! | [`precomp`] | \[2\]P, \[3\]P, …, \[2t−1\]P in affine coordinates with one inversion |
//! | [`random`] | random curves and points for experiments (seed 000 §5) |
//! | [`params`] | the ten NIST curves as published data |
//!
//! Costs of the generic paths, as measured by `tests/binary_curves.rs` (C: per shape —
//! "a6" vanishes on the Koblitz shapes; formulas marked † take one more C per multiplication
//! by a2 when a2 ∉ {0, 1}):
//!
//! | operation | cost | source |
//! |---|---|---|
//! | `affine_double`, `affine_add` | I + 2M + 1S | seed 000 §2.1 |
//! | `affine_add_sub` (P + Q, P − Q) | I + 4M + 2S | seed 000 §3.1 |
//! | `affine_triple` | I + 6M + 4S | seed 000 §4 (count), derivation ours |
//! | `ld_double` † | 3M + 5S + 1C (a6) | seed 000 §2.1, EFD |
//! | `ld_mixed_add` † | 8M + 5S | EFD `madd-2005-dl` |
//! | `ld_add` | 13M + 4S | EFD `add-2005-dl` |
//! | `x_double` | 1M + 3S + 1C (√a6) | seed 000 §3 |
//! | `x_diff_add` | 4M + 1S | López–Dahab 1999 |
//! | `ladder_step` | 5M + 4S + 1C (√a6) | seed 000 §2.5 |
//! | `ladder_recover_y` | I + 10M + 1S | López–Dahab 1999 |
//! | `lambda_affine_double` | I + 1M + 2S | ours |
//! | `lambda_affine_add` | I + 6M + 1S | ours, from seed 001 |
//! | `lambda_double` † | 4M + 4S | seed 001 |
//! | `lambda_double_alt` † | 3M + 4S + 1C (a2² + a6) | seed 001, EFD form |
//! | `lambda_add` | 11M + 2S | seed 001 |
//! | `lambda_mixed_add` | 8M + 2S | seed 001 |
//! | `lambda_double_add` (2Q + P) † | 10M + 6S | seed 001 |
//! | `odd_multiples` (t ≥ 2) † | I + (9t − 9)M + 2tS | ours; seed 000 §4 states I + (11t − 13)M + 2tS |
//! | `odd_multiples_naive` | t·(I + 2M + 1S) | |
//!
//! The conversions' costs are listed in [`convert`].
//!
//! ```
//! use ecsm::curve::binary::{params::find_binary_curve, BinaryCurve, GenericA1};
//! use ecsm::field::Gf163;
//!
//! let b163 = find_binary_curve("B-163").unwrap();
//! let (curve, g) = BinaryCurve::<Gf163, GenericA1>::from_params(b163).unwrap();
//! assert!(curve.is_on_curve(&g));
//! let n = b163.order_words().unwrap();
//! assert!(curve.ld_mul_vartime(&g, &n).is_infinity());
//! ```

pub mod affine;
pub mod compress;
pub mod convert;
pub mod halve;
pub mod lambda;
pub mod ld;
pub mod params;
pub mod precomp;
pub mod random;
pub mod xonly;

pub use compress::Compressed;
pub use lambda::{Lambda, LambdaAffine};
pub use ld::LopezDahab;
pub use params::{find_binary_curve, BinaryCurveParams, BINARY_CURVES};
pub use precomp::OddMultiples;
pub use random::{random_curve, random_point};
pub use xonly::XOnly;

use crate::field::{BinaryField, Field, FieldError};
use core::fmt::Debug;
use core::marker::PhantomData;

/// What a2 is, as far as the formulas care.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum A2Kind {
    /// a2 = 0: terms a2·v vanish.
    Zero,
    /// a2 = 1: a2·v = v, an addition.
    One,
    /// Any a2 (e.g. a2 = u on the GLS curves over GF(2^254)): a2·v is a multiplication by a
    /// curve constant (C).
    Arbitrary,
}

/// The shape of the curve constants, chosen by type so that the formulas drop the
/// multiplications that vanish. Implemented by [`KoblitzA0`], [`KoblitzA1`],
/// [`GenericA0`], [`GenericA1`] and [`ArbitraryA2`], and by [`AnyShape`], which reads
/// the shape from the curve at run time.
pub trait CurveShape:
    Copy + Clone + Debug + Default + PartialEq + Eq + Send + Sync + 'static
{
    /// The kind of a2.
    const A2: A2Kind;
    /// True when a6 = 1 (Koblitz curves): multiplications by a6 and √a6 vanish.
    const A6_IS_ONE: bool;
    /// Short name for reports.
    const NAME: &'static str;
    /// True for [`AnyShape`]: a2's kind and whether a6 = 1 are read from the curve at
    /// run time instead of the two constants above.
    const AT_RUN_TIME: bool = false;
}

macro_rules! shape {
    ($(#[$doc:meta])* $name:ident, $a2:expr, $one:expr, $s:literal) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
        pub struct $name;
        impl CurveShape for $name {
            const A2: A2Kind = $a2;
            const A6_IS_ONE: bool = $one;
            const NAME: &'static str = $s;
        }
    };
}

shape!(
    /// a2 = 0, a6 = 1: the Koblitz curves K-233, K-283, K-409, K-571.
    KoblitzA0, A2Kind::Zero, true, "a2=0,a6=1"
);
shape!(
    /// a2 = 1, a6 = 1: the Koblitz curve K-163.
    KoblitzA1, A2Kind::One, true, "a2=1,a6=1"
);
shape!(
    /// a2 = 0, any a6 ≠ 0.
    GenericA0, A2Kind::Zero, false, "a2=0"
);
shape!(
    /// a2 = 1, any a6 ≠ 0: the B-curves and the random curves of seed 000 §5.
    GenericA1, A2Kind::One, false, "a2=1"
);
shape!(
    /// Any a2, any a6 ≠ 0 (the GLS curves over GF(2^254) have a2 = u).
    ArbitraryA2, A2Kind::Arbitrary, false, "a2 arbitrary"
);

/// Any a2 and a6 ≠ 0, the shape read from the curve at run time: the formulas branch on
/// two public booleans instead of compile-time constants, and count the same operations
/// as the matching fixed shape. The named curves use it, so that one instantiation of
/// every method serves both the K- and the B-curve of a degree (build time: each shape
/// type compiles every formula and method again, per field and backend).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct AnyShape;
impl CurveShape for AnyShape {
    const A2: A2Kind = A2Kind::Arbitrary;
    const A6_IS_ONE: bool = false;
    const NAME: &'static str = "any";
    const AT_RUN_TIME: bool = true;
}

/// Why a curve or a point was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CurveError {
    /// a6 = 0 makes the curve singular.
    #[error("a6 = 0: the curve is singular")]
    Singular,
    /// The constants do not have the shape the type promises.
    #[error("curve constants do not match the shape {shape}: {what}")]
    ShapeMismatch {
        /// The shape's name.
        shape: &'static str,
        /// Which constant disagrees.
        what: &'static str,
    },
    /// Published parameters for a field of another degree.
    #[error("curve {name} is over GF(2^{m}), the field type has degree {field_degree}")]
    DegreeMismatch {
        /// Curve name.
        name: &'static str,
        /// Degree of the curve's field.
        m: usize,
        /// Degree of the field type.
        field_degree: usize,
    },
    /// A hex string that is not one.
    #[error("{what}: not a hexadecimal string")]
    BadHex {
        /// Which value.
        what: &'static str,
    },
    /// A point that does not satisfy the curve equation.
    #[error("the point is not on the curve")]
    NotOnCurve,
    /// A point the coordinate system cannot represent (λ-affine has no O and no x = 0).
    #[error("the point has no representation in {coordinates}")]
    NotRepresentable {
        /// The coordinate system.
        coordinates: &'static str,
    },
    /// A field-level failure (bad length, out of range).
    #[error(transparent)]
    Field(#[from] FieldError),
}

/// An affine point, or the point at infinity O.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Affine<F> {
    /// The point at infinity, the group's identity.
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
    /// The finite point (x, y) (not checked to be on any curve).
    pub fn new(x: F, y: F) -> Self {
        Affine::Point { x, y }
    }
    /// True for O.
    pub fn is_infinity(&self) -> bool {
        matches!(self, Affine::Infinity)
    }
    /// The x-coordinate, `None` for O.
    pub fn x(&self) -> Option<F> {
        match self {
            Affine::Infinity => None,
            Affine::Point { x, .. } => Some(*x),
        }
    }
    /// The y-coordinate, `None` for O.
    pub fn y(&self) -> Option<F> {
        match self {
            Affine::Infinity => None,
            Affine::Point { y, .. } => Some(*y),
        }
    }
    /// −(x, y) = (x, x + y) (seed 000 §2.2: the two roots of the curve equation in y).
    /// One addition.
    pub fn neg(&self) -> Self {
        match *self {
            Affine::Infinity => Affine::Infinity,
            Affine::Point { x, y } => Affine::Point { x, y: x + y },
        }
    }
    /// The same point with its coordinates mapped, e.g. into [`crate::cost::Counted`].
    pub fn map<G: Field>(&self, f: impl Fn(F) -> G) -> Affine<G> {
        match *self {
            Affine::Infinity => Affine::Infinity,
            Affine::Point { x, y } => Affine::Point { x: f(x), y: f(y) },
        }
    }
}

/// The curve E: y² + xy = x³ + a2·x² + a6 over the binary field F, a6 ≠ 0, with constants
/// of shape `S`. Holds a2, a6 and the precomputed √a6 (x-doubling and the ladder use it)
/// and a2² + a6 (the second λ-projective doubling uses it).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BinaryCurve<F, S = GenericA1> {
    a2: F,
    a6: F,
    sqrt_a6: F,
    a2sq_plus_a6: F,
    /// The shape of a2 and a6, for [`AnyShape`] (else `S`'s constants).
    a2_kind: A2Kind,
    a6_is_one: bool,
    _shape: PhantomData<S>,
}

impl<F: BinaryField, S: CurveShape> BinaryCurve<F, S> {
    /// The curve with these constants, checked against the shape: a6 ≠ 0, a2 = 0 or 1 as
    /// `S` says, a6 = 1 for the Koblitz shapes. Costs one square root.
    pub fn new(a2: F, a6: F) -> Result<Self, CurveError> {
        if a6.is_zero() {
            return Err(CurveError::Singular);
        }
        let bad = |what| CurveError::ShapeMismatch {
            shape: S::NAME,
            what,
        };
        match S::A2 {
            A2Kind::Zero if !a2.is_zero() => return Err(bad("a2 must be 0")),
            A2Kind::One if a2 != F::one() => return Err(bad("a2 must be 1")),
            _ => {}
        }
        if S::A6_IS_ONE && a6 != F::one() {
            return Err(bad("a6 must be 1"));
        }
        let a2_kind = if !S::AT_RUN_TIME {
            S::A2
        } else if a2.is_zero() {
            A2Kind::Zero
        } else if a2 == F::one() {
            A2Kind::One
        } else {
            A2Kind::Arbitrary
        };
        Ok(BinaryCurve {
            a2,
            a6,
            sqrt_a6: a6.sqrt(),
            a2sq_plus_a6: a2.square() + a6,
            a2_kind,
            a6_is_one: if S::AT_RUN_TIME {
                a6 == F::one()
            } else {
                S::A6_IS_ONE
            },
            _shape: PhantomData,
        })
    }

    /// The published curve `p` over F, with its base point G checked to be on it. Errors:
    /// degree or shape mismatch, malformed hex, G off the curve.
    pub fn from_params(p: &BinaryCurveParams) -> Result<(Self, Affine<F>), CurveError> {
        if p.m != F::DEGREE {
            return Err(CurveError::DegreeMismatch {
                name: p.name,
                m: p.m,
                field_degree: F::DEGREE,
            });
        }
        let a2 = if p.a2 == 0 { F::zero() } else { F::one() };
        let curve = Self::new(a2, field_from_hex(p.b, "b")?)?;
        let g = Affine::new(field_from_hex(p.gx, "gx")?, field_from_hex(p.gy, "gy")?);
        if !curve.is_on_curve(&g) {
            return Err(CurveError::NotOnCurve);
        }
        Ok((curve, g))
    }

    /// The same curve over another field type holding the same values, e.g.
    /// `curve.map_field(Counted)` to measure formulas. The precomputed constants are mapped,
    /// not recomputed.
    pub fn map_field<G: BinaryField>(&self, f: impl Fn(F) -> G) -> BinaryCurve<G, S> {
        BinaryCurve {
            a2: f(self.a2),
            a6: f(self.a6),
            sqrt_a6: f(self.sqrt_a6),
            a2sq_plus_a6: f(self.a2sq_plus_a6),
            a2_kind: self.a2_kind,
            a6_is_one: self.a6_is_one,
            _shape: PhantomData,
        }
    }

    /// What a2 is: `S::A2`, or the curve's own for [`AnyShape`].
    #[inline(always)]
    pub fn a2_kind(&self) -> A2Kind {
        if S::AT_RUN_TIME {
            self.a2_kind
        } else {
            S::A2
        }
    }

    /// True when a6 = 1: `S::A6_IS_ONE`, or the curve's own for [`AnyShape`].
    #[inline(always)]
    pub fn a6_is_one(&self) -> bool {
        if S::AT_RUN_TIME {
            self.a6_is_one
        } else {
            S::A6_IS_ONE
        }
    }

    /// a2.
    pub fn a2(&self) -> F {
        self.a2
    }
    /// a6.
    pub fn a6(&self) -> F {
        self.a6
    }
    /// √a6 = a6^(2^(m−1)), precomputed.
    pub fn sqrt_a6(&self) -> F {
        self.sqrt_a6
    }

    /// The point of order 2, T = (0, √a6): the only point with x = 0.
    pub fn two_torsion(&self) -> Affine<F> {
        Affine::new(F::zero(), self.sqrt_a6)
    }

    /// y² + xy = x³ + a2·x² + a6; O is on every curve.
    pub fn is_on_curve(&self, p: &Affine<F>) -> bool {
        match *p {
            Affine::Infinity => true,
            Affine::Point { x, y } => {
                let x2 = x.square();
                y.square() + x * y == x2 * x + self.a2 * x2 + self.a6
            }
        }
    }

    /// The point (x, y) after checking it is on the curve.
    pub fn point(&self, x: F, y: F) -> Result<Affine<F>, CurveError> {
        let p = Affine::new(x, y);
        if self.is_on_curve(&p) {
            Ok(p)
        } else {
            Err(CurveError::NotOnCurve)
        }
    }

    /// a2·v: nothing, an addition-free copy, or a C, as the shape says.
    #[inline(always)]
    pub(crate) fn mul_a2(&self, v: F) -> F {
        match self.a2_kind() {
            A2Kind::Zero => F::zero(),
            A2Kind::One => v,
            A2Kind::Arbitrary => v.mul_const(&self.a2),
        }
    }
    /// v + a2 (free for a2 = 0).
    #[inline(always)]
    pub(crate) fn add_a2(&self, v: F) -> F {
        match self.a2_kind() {
            A2Kind::Zero => v,
            _ => v + self.a2,
        }
    }
    /// a6·v: a C, or nothing on Koblitz curves.
    #[inline(always)]
    pub(crate) fn mul_a6(&self, v: F) -> F {
        if self.a6_is_one() {
            v
        } else {
            v.mul_const(&self.a6)
        }
    }
    /// (a2² + a6)·v: 0 when a2 = a6 = 1, v when a2 = 0 and a6 = 1, else a C.
    #[inline(always)]
    pub(crate) fn mul_a2sq_plus_a6(&self, v: F) -> F {
        match (self.a2_kind(), self.a6_is_one()) {
            (A2Kind::One, true) => F::zero(),
            (A2Kind::Zero, true) => v,
            _ => v.mul_const(&self.a2sq_plus_a6),
        }
    }
    /// (a2 + 1)·v: v, 0, or a C.
    #[inline(always)]
    pub(crate) fn mul_a2_plus_1(&self, v: F) -> F {
        match self.a2_kind() {
            A2Kind::Zero => v,
            A2Kind::One => F::zero(),
            A2Kind::Arbitrary => v.mul_const(&(self.a2 + F::one())),
        }
    }
}

/// A field element from big-endian hex (as in [`params`]): exactly `2·F::BYTES` digits.
pub fn field_from_hex<F: Field>(hex: &str, what: &'static str) -> Result<F, CurveError> {
    F::from_bytes(&hex_to_bytes(hex, what)?).map_err(CurveError::from)
}

/// Big-endian hex (even length, no prefix) to bytes.
pub(crate) fn hex_to_bytes(hex: &str, what: &'static str) -> Result<Vec<u8>, CurveError> {
    let digits = hex.as_bytes();
    if !digits.len().is_multiple_of(2) {
        return Err(CurveError::BadHex { what });
    }
    let nibble = |c: u8| match c {
        b'0'..=b'9' => Ok(c - b'0'),
        b'a'..=b'f' => Ok(c - b'a' + 10),
        b'A'..=b'F' => Ok(c - b'A' + 10),
        _ => Err(CurveError::BadHex { what }),
    };
    digits
        .chunks(2)
        .map(|p| Ok((nibble(p[0])? << 4) | nibble(p[1])?))
        .collect()
}
