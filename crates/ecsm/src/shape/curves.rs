//! The curves seed 002's experiments run on: one curve of each shape over a 160-bit and a
//! 256-bit prime (the fields of secp160r1 and P-256), behind the object-safe
//! [`ShapeExperiment`] so that the CLI and the report need no generics.
//!
//! The seed counts operations on random scalars (§5.2), which does not depend on which
//! curve of a shape is used; the parameters below are small constants that make each
//! curve smooth (and, for Edwards, complete), and the base point is a random point of
//! the curve drawn from a fixed seed.

use super::{
    CurveShape, Dik3, Edwards, ExtJQuartic, Hessian, InvEdwards, JacIntersect, Jacobian, Jacobian3,
    ShapeError, ShapeMethod,
};
use crate::cost::Counted;
use crate::experiments::shape_costs::{op_costs, OpCost};
use crate::experiments::shape_counts::{count_shape, ShapeCounts};
use crate::experiments::timing::{time_chain, BenchConfig, Timing};
use crate::field::{FpP256, FpSecp160r1, PrimeField};
use crate::recode::RecodeError;
use core::hint::black_box;
use rand_core::SeedableRng;

/// The shapes' CLI names, in the order of the seed's Table 1.
pub const SHAPE_NAMES: [&str; 8] = [
    "3dik",
    "edwards",
    "ext-jquartic",
    "hessian",
    "inv-edwards",
    "jac-intersect",
    "jacobian",
    "jacobian-3",
];

/// The scalar (and field) sizes of the seed's Tables 3–8.
pub const SHAPE_BITS: [usize; 2] = [160, 256];

/// Why no experiment curve was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShapeLookupError {
    /// Not one of [`SHAPE_NAMES`].
    #[error("unknown shape {0:?} (one of: 3dik, edwards, ext-jquartic, hessian, inv-edwards, jac-intersect, jacobian, jacobian-3)")]
    UnknownShape(String),
    /// Not one of [`SHAPE_BITS`].
    #[error("no {0}-bit curve: --bits is 160 or 256")]
    UnsupportedBits(usize),
    /// The built-in parameters were rejected (a bug, reported rather than hidden).
    #[error(transparent)]
    Shape(#[from] ShapeError),
}

/// One curve of one shape, ready to count and time seed 002's methods.
pub trait ShapeExperiment: Send + Sync {
    /// The shape's CLI name.
    fn shape(&self) -> &'static str;
    /// The field size in bits (the scalar size of the experiments).
    fn bits(&self) -> usize;
    /// Average operations of `method` over `scalars` (see [`count_shape`]).
    fn count(&self, method: &ShapeMethod, scalars: &[Vec<u64>])
        -> Result<ShapeCounts, RecodeError>;
    /// The measured cost of each curve operation ([`op_costs`]), points drawn from `seed`.
    fn op_costs(&self, seed: u64) -> Vec<Option<OpCost>>;
    /// Median time of one multiplication by a random `bits`-bit scalar; `None` where
    /// the curve is only counted (160 bits) or the method rejects the size.
    fn bench(&self, method: &ShapeMethod, cfg: BenchConfig, seed: u64) -> Option<Timing>;
}

/// A curve over F and the same curve over `Counted<F>`, with a base point.
struct Instance<F: PrimeField, S: CurveShape<F>, C: CurveShape<Counted<F>>> {
    plain: S,
    counted: C,
    point: S::Point,
    counted_point: C::Point,
    bits: usize,
}

impl<F: PrimeField, S: CurveShape<F>, C: CurveShape<Counted<F>>> Instance<F, S, C> {
    fn new(plain: S, counted: C) -> Result<Self, ShapeError> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x5eed_0002);
        let (x, y) = plain.random_point(&mut rng);
        Ok(Instance {
            point: plain.from_affine(&x, &y)?,
            counted_point: counted.from_affine(&Counted(x), &Counted(y))?,
            plain,
            counted,
            bits: F::BITS,
        })
    }
}

impl<F: PrimeField, S: CurveShape<F>, C: CurveShape<Counted<F>>> ShapeExperiment
    for Instance<F, S, C>
{
    fn shape(&self) -> &'static str {
        S::NAME
    }
    fn bits(&self) -> usize {
        self.bits
    }
    fn count(
        &self,
        method: &ShapeMethod,
        scalars: &[Vec<u64>],
    ) -> Result<ShapeCounts, RecodeError> {
        count_shape::<F, C>(
            &self.counted,
            &self.counted_point,
            method,
            self.bits,
            scalars,
        )
    }
    fn op_costs(&self, seed: u64) -> Vec<Option<OpCost>> {
        op_costs(
            &self.counted,
            &mut rand_chacha::ChaCha8Rng::seed_from_u64(seed),
        )
    }
    fn bench(&self, method: &ShapeMethod, cfg: BenchConfig, seed: u64) -> Option<Timing> {
        const SAMPLES: usize = 8;
        let scalars = crate::experiments::shape_counts::random_scalars(self.bits, SAMPLES, seed);
        for k in &scalars {
            method.mul(&self.plain, &self.point, k).ok()?;
        }
        Some(time_chain(cfg, 0usize, |iters, mut i| {
            for _ in 0..iters {
                let k = &scalars[i % SAMPLES];
                let q = method.mul(&self.plain, black_box(&self.point), black_box(k));
                i += 1 + black_box(q.map_or(0, |q| self.plain.is_neutral(&q) as usize));
            }
            i
        }))
    }
}

/// A curve over `Counted<F>` only (the 160-bit curves: counted, never timed, which
/// spares the build a plain instance of every method for that field).
struct CountOnly<F: PrimeField, C: CurveShape<Counted<F>>> {
    counted: C,
    counted_point: C::Point,
}

impl<F: PrimeField, C: CurveShape<Counted<F>>> CountOnly<F, C> {
    fn new(counted: C) -> Result<Self, ShapeError> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x5eed_0002);
        let (x, y) = counted.random_point(&mut rng);
        Ok(CountOnly {
            counted_point: counted.from_affine(&x, &y)?,
            counted,
        })
    }
}

impl<F: PrimeField, C: CurveShape<Counted<F>>> ShapeExperiment for CountOnly<F, C> {
    fn shape(&self) -> &'static str {
        C::NAME
    }
    fn bits(&self) -> usize {
        F::BITS
    }
    fn count(
        &self,
        method: &ShapeMethod,
        scalars: &[Vec<u64>],
    ) -> Result<ShapeCounts, RecodeError> {
        count_shape::<F, C>(&self.counted, &self.counted_point, method, F::BITS, scalars)
    }
    fn op_costs(&self, seed: u64) -> Vec<Option<OpCost>> {
        op_costs(
            &self.counted,
            &mut rand_chacha::ChaCha8Rng::seed_from_u64(seed),
        )
    }
    fn bench(&self, _: &ShapeMethod, _: BenchConfig, _: u64) -> Option<Timing> {
        None
    }
}

/// The smallest n ≥ 2 that is not a square mod p: an Edwards d that makes the addition
/// law complete.
fn first_nonsquare<F: PrimeField>() -> F {
    (2u64..)
        .map(F::from_u64)
        .find(|d| d.legendre() == -1)
        .expect("half the residues are non-squares")
}

/// The curve of `shape` with the constants of this module, built by `$make!(Type, c…)`.
macro_rules! by_shape {
    ($shape:expr, $F:ty, $make:ident) => {{
        let n = <$F>::from_u64;
        match $shape {
            "3dik" => $make!(Dik3, n(2)),
            "edwards" => $make!(Edwards, first_nonsquare::<$F>()),
            "ext-jquartic" => $make!(ExtJQuartic, n(3)),
            "hessian" => $make!(Hessian, n(2)),
            "inv-edwards" => $make!(InvEdwards, first_nonsquare::<$F>()),
            "jac-intersect" => $make!(JacIntersect, n(3)),
            "jacobian" => $make!(Jacobian, n(2), n(3)),
            "jacobian-3" => $make!(Jacobian3, -n(3), n(7)),
            other => Err(ShapeLookupError::UnknownShape(other.to_string())),
        }
    }};
}

/// The curve over F and over `Counted<F>` from the same constants: counted and timed.
fn build_timed<F: PrimeField>(shape: &str) -> Result<Box<dyn ShapeExperiment>, ShapeLookupError> {
    macro_rules! make {
        ($t:ident, $($c:expr),*) => {{
            let plain = $t::<F>::new($($c),*)?;
            let counted = $t::<Counted<F>>::new($(Counted($c)),*)?;
            Ok(Box::new(Instance::new(plain, counted)?) as Box<dyn ShapeExperiment>)
        }};
    }
    by_shape!(shape, F, make)
}

/// The curve over `Counted<F>` only: counted, not timed.
fn build_counted<F: PrimeField>(shape: &str) -> Result<Box<dyn ShapeExperiment>, ShapeLookupError> {
    macro_rules! make {
        ($t:ident, $($c:expr),*) => {{
            let counted = $t::<Counted<F>>::new($(Counted($c)),*)?;
            Ok(Box::new(CountOnly::<F, _>::new(counted)?) as Box<dyn ShapeExperiment>)
        }};
    }
    by_shape!(shape, F, make)
}

/// The experiment curve of `shape` over the `bits`-bit field.
pub fn shape_experiment(
    shape: &str,
    bits: usize,
) -> Result<Box<dyn ShapeExperiment>, ShapeLookupError> {
    if !SHAPE_NAMES.contains(&shape) {
        return Err(ShapeLookupError::UnknownShape(shape.to_string()));
    }
    match bits {
        160 => build_counted::<FpSecp160r1>(shape),
        256 => build_timed::<FpP256>(shape),
        other => Err(ShapeLookupError::UnsupportedBits(other)),
    }
}
