//! Seed 002's prime-field curve shapes (Méloni–Hasan, CHES 2009, Tables 1 and 2), each
//! with the caching additions that Yao's algorithm makes possible (§5.1).
//!
//! A point carries the values its shape can re-use (Z², Z³, …) and a [`Cache`] state
//! saying where they came from. [`CurveShape::add`] reads both operands' states, uses what
//! is cached and fills the caches of the operands it touches, so the operation the seed
//! names (ADD, reADD, dADD, …) is whatever the states make it: the code that runs is the
//! code that is counted. [`record`] tallies which operation ran, [`measure_ops`] reads the
//! tallies, and [`crate::cost::Counted`] gives the M and S underneath.

pub mod curves;
pub mod dik3;
pub mod edwards;
pub mod hessian;
pub mod jacobian;
pub mod jintersect;
pub mod jquartic;
pub mod methods;

pub use dik3::Dik3;
pub use edwards::{Chart, Edwards, EdwardsPoint, InvEdwards};
pub use hessian::Hessian;
pub use jacobian::{Jacobian, Jacobian3, JacobianShape};
pub use jintersect::{JIntersectPoint, JacIntersect};
pub use jquartic::{ExtJQuartic, JQuarticPoint};
pub use methods::ShapeMethod;

use crate::field::prime::sqrt::{sqrt, SqrtMethod};
use crate::field::PrimeField;
use core::cell::Cell;
use core::fmt::Debug;
use rand_core::RngCore;

/// Where a point's cached values come from (seed 002, §5.1).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Cache {
    /// Nothing cached: a general projective point.
    #[default]
    Fresh,
    /// Z = 1: an affine point (mixed addition).
    Affine,
    /// Values cached while the point was doubled or tripled (Z² for Jacobian).
    Doubled,
    /// Values cached while the point was added before (Z², Z³ for Jacobian).
    Added,
}

/// The curve operations of seed 002's Tables 1 and 2, and the co-Z addition of §4.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ShapeOp {
    /// Doubling.
    Dbl,
    /// Tripling.
    Tpl,
    /// Addition of two fresh points.
    Add,
    /// Re-addition: one operand added before.
    ReAdd,
    /// Mixed addition: one operand affine.
    MAdd,
    /// One operand doubled (or tripled) before.
    DAdd,
    /// Both operands doubled before.
    TwoDAdd,
    /// One operand doubled before, the other added before.
    DReAdd,
    /// Both operands added before.
    TwoReAdd,
    /// One operand doubled before, the other affine.
    DmAdd,
    /// One operand affine, the other added before.
    MReAdd,
    /// Co-Z addition (Méloni 2007), for Fibonacci multiples.
    ZAdd,
}

impl ShapeOp {
    /// Every operation, in the order of the seed's tables.
    pub const ALL: [ShapeOp; 12] = [
        ShapeOp::Dbl,
        ShapeOp::Tpl,
        ShapeOp::Add,
        ShapeOp::ReAdd,
        ShapeOp::MAdd,
        ShapeOp::DAdd,
        ShapeOp::TwoDAdd,
        ShapeOp::DReAdd,
        ShapeOp::TwoReAdd,
        ShapeOp::DmAdd,
        ShapeOp::MReAdd,
        ShapeOp::ZAdd,
    ];

    /// The seed's name: `DBL`, `reADD`, `2dADD`, …
    pub fn name(self) -> &'static str {
        match self {
            ShapeOp::Dbl => "DBL",
            ShapeOp::Tpl => "TPL",
            ShapeOp::Add => "ADD",
            ShapeOp::ReAdd => "reADD",
            ShapeOp::MAdd => "mADD",
            ShapeOp::DAdd => "dADD",
            ShapeOp::TwoDAdd => "2dADD",
            ShapeOp::DReAdd => "dreADD",
            ShapeOp::TwoReAdd => "2reADD",
            ShapeOp::DmAdd => "dmADD",
            ShapeOp::MReAdd => "mreADD",
            ShapeOp::ZAdd => "ZADD",
        }
    }

    /// The addition that two operands in these states make. Affine beside affine is an
    /// mADD (one Z = 1 is what the formula uses).
    pub fn addition(p: Cache, q: Cache) -> ShapeOp {
        use Cache::*;
        let (a, b) = if (p as u8) <= (q as u8) {
            (p, q)
        } else {
            (q, p)
        };
        match (a, b) {
            (Fresh, Fresh) => ShapeOp::Add,
            (Fresh, Affine) | (Affine, Affine) => ShapeOp::MAdd,
            (Fresh, Doubled) => ShapeOp::DAdd,
            (Fresh, Added) => ShapeOp::ReAdd,
            (Affine, Doubled) => ShapeOp::DmAdd,
            (Affine, Added) => ShapeOp::MReAdd,
            (Doubled, Doubled) => ShapeOp::TwoDAdd,
            (Doubled, Added) => ShapeOp::DReAdd,
            (Added, Added) => ShapeOp::TwoReAdd,
            _ => unreachable!("ordered pair"),
        }
    }
}

/// Per-operation tallies, indexed like [`ShapeOp::ALL`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct OpTally(pub [u64; 12]);

impl OpTally {
    /// How many times `op` ran.
    pub fn get(&self, op: ShapeOp) -> u64 {
        self.0[op as usize]
    }
}

thread_local! {
    static TALLY: Cell<[u64; 12]> = const { Cell::new([0; 12]) };
}

/// Tally one curve operation on this thread. Every operation of every shape calls it.
#[inline(always)]
pub fn record(op: ShapeOp) {
    TALLY.with(|t| {
        let mut v = t.get();
        v[op as usize] += 1;
        t.set(v);
    });
}

/// Run `f` and return the curve operations it performed on this thread (nested calls
/// work, like [`crate::cost::measure`]).
pub fn measure_ops<R>(f: impl FnOnce() -> R) -> (R, OpTally) {
    let saved = start();
    let r = f();
    (r, OpTally(restore(saved)))
}

// `start` and `restore` are not generic, so that the thread-local access is compiled
// once, not once per caller of `measure_ops`.

/// The running tallies, which start again from zero.
fn start() -> [u64; 12] {
    TALLY.with(|t| t.replace([0; 12]))
}

/// The tallies since [`start`] returned `saved`, which are added back.
fn restore(saved: [u64; 12]) -> [u64; 12] {
    TALLY.with(|t| {
        let inner = t.get();
        let mut v = saved;
        for (s, i) in v.iter_mut().zip(inner) {
            *s += i;
        }
        t.set(v);
        inner
    })
}

/// Why a shape's curve cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// The parameters give a singular curve (or are outside the shape's allowed set).
    #[error("{shape}: the parameters give no elliptic curve ({why})")]
    Singular {
        /// The shape's CLI name.
        shape: &'static str,
        /// The condition that failed.
        why: &'static str,
    },
    /// An affine point that does not satisfy the shape's equation.
    #[error("{shape}: the point is not on the curve")]
    NotOnCurve {
        /// The shape's CLI name.
        shape: &'static str,
    },
}

/// One curve of one of seed 002's shapes over the prime field `F`.
///
/// Every operation records its [`ShapeOp`] with [`record`] and does its field arithmetic
/// through `F`'s operators, `square` and `mul_const` (multiplications by curve constants),
/// so that running on [`crate::cost::Counted`] measures what the seed's tables state.
// `from_affine` and `from_weierstrass` read the curve's constants, so they take `self`.
#[allow(clippy::wrong_self_convention)]
pub trait CurveShape<F: PrimeField>: Clone + Debug + Send + Sync {
    /// The CLI name: `3dik`, `edwards`, `inv-edwards`, `ext-jquartic`, `hessian`,
    /// `jac-intersect`, `jacobian` or `jacobian-3`.
    const NAME: &'static str;
    /// A projective point with its cached values and [`Cache`] state.
    type Point: Copy + Clone + Debug + Send + Sync;

    /// The neutral element.
    fn neutral(&self) -> Self::Point;
    /// True for the neutral element (compares projectively; variable time).
    fn is_neutral(&self, p: &Self::Point) -> bool;
    /// The point (x, y) in the shape's own affine coordinates, with state
    /// [`Cache::Affine`]; `NotOnCurve` when it does not satisfy the equation.
    fn from_affine(&self, x: &F, y: &F) -> Result<Self::Point, ShapeError>;
    /// The shape's own affine (x, y); `None` for points that have none in this model
    /// (the point at infinity of a Weierstrass-like shape).
    fn to_affine(&self, p: &Self::Point) -> Option<(F, F)>;
    /// The cache state of `p`.
    fn cache(&self, p: &Self::Point) -> Cache;
    /// −P, keeping P's cached values valid where the shape allows (additions only).
    fn neg(&self, p: &Self::Point) -> Self::Point;
    /// \[2\]P (DBL). Stores in `p` the values a later addition of `p` can re-use and marks
    /// it [`Cache::Doubled`] when it was [`Cache::Fresh`]; the result is fresh.
    fn dbl(&self, p: &mut Self::Point) -> Self::Point;
    /// \[3\]P (TPL), caching in `p` like [`CurveShape::dbl`] (seed 002, Remark 2).
    fn tpl(&self, p: &mut Self::Point) -> Self::Point;
    /// P + Q with the operation their states make ([`ShapeOp::addition`]): uses what
    /// is cached, stores in each operand what a later re-addition can use and marks it
    /// [`Cache::Added`] (an affine operand stays affine). Correct for every input,
    /// P = Q, P = −Q and the neutral element included (falling back to a doubling
    /// where the formula is not complete; such a fallback is recorded as a DBL).
    fn add(&self, p: &mut Self::Point, q: &mut Self::Point) -> Self::Point;
    /// F_2·P, …, F_z·P (F_2 = 1, F_3 = 2, F_4 = 3, …, Fibonacci), z ≥ 2: by co-Z
    /// additions (ZADD) on the Jacobian shapes, by additions elsewhere.
    fn fibonacci_multiples(&self, p: &Self::Point, z: usize) -> Vec<Self::Point>;

    /// The short Weierstrass curve y² = x³ + a·x + b that this curve is birational to,
    /// as (a, b).
    fn weierstrass(&self) -> (F, F);
    /// The image on [`CurveShape::weierstrass`] of an affine point of this shape;
    /// `None` is the point at infinity.
    fn to_weierstrass(&self, x: &F, y: &F) -> Option<(F, F)>;
    /// The affine point of this shape mapped to the Weierstrass point `w` (`None` is the
    /// point at infinity), or `None` when it has no affine form here.
    fn from_weierstrass(&self, w: Option<(F, F)>) -> Option<(F, F)>;
    /// A uniformly random affine point (x, y) of this curve (through the Weierstrass
    /// model and a square root), for tests and counts.
    fn random_point(&self, rng: &mut dyn RngCore) -> (F, F);
}

// Shared by the shapes: random points through the Weierstrass model, and Fibonacci
// multiples by plain additions.

/// A random affine point of y² = x³ + a·x + b, uniform over the affine points: a random
/// x until x³ + ax + b is a square, its root with a random sign (a root 0 is kept with
/// probability 1/2, so that it is not twice as likely as the others).
pub(crate) fn random_weierstrass<F: PrimeField>(a: &F, b: &F, rng: &mut dyn RngCore) -> (F, F) {
    loop {
        let x = F::random(rng);
        let v = x.square() * x + *a * x + *b;
        let coin = rng.next_u32() & 1 == 1;
        if v.is_zero() {
            if coin {
                return (x, v);
            }
            continue;
        }
        // The sliding window needs no per-prime search (unlike the default chain), so
        // small test primes cost nothing to set up.
        if let Ok(y) = sqrt(&v, SqrtMethod::Sliding) {
            return (x, if coin { -y } else { y });
        }
    }
}

/// A uniformly random affine point (x, y) of `s`: a random point of its Weierstrass
/// model ([`random_weierstrass`]) mapped by [`CurveShape::from_weierstrass`], drawn again
/// when it has no affine form.
pub(crate) fn random_affine_point<F: PrimeField, S: CurveShape<F>>(
    s: &S,
    rng: &mut dyn RngCore,
) -> (F, F) {
    let (a, b) = s.weierstrass();
    loop {
        if let Some(pt) = s.from_weierstrass(Some(random_weierstrass(&a, &b, rng))) {
            return pt;
        }
    }
}

/// F_2·P, …, F_z·P by one doubling and then additions (each F_i·P is added twice, the
/// second time as a readdition): the Fibonacci multiples of the shapes without co-Z
/// formulas, and the Jacobian shapes' fallback for points of small order.
pub(crate) fn fibonacci_by_addition<F: PrimeField, S: CurveShape<F>>(
    s: &S,
    p: &S::Point,
    z: usize,
) -> Vec<S::Point> {
    if z < 2 {
        return Vec::new();
    }
    let mut first = *p;
    if z == 2 {
        return vec![first];
    }
    let two = s.dbl(&mut first);
    let mut out = vec![first, two];
    continue_by_addition(s, &mut out, z);
    out
}

/// Extend F_2·P, …, F_k·P (k ≥ 3, in `out`) to F_z·P by additions.
pub(crate) fn continue_by_addition<F: PrimeField, S: CurveShape<F>>(
    s: &S,
    out: &mut Vec<S::Point>,
    z: usize,
) {
    while out.len() >= 2 && out.len() < z - 1 {
        let n = out.len();
        let (mut smaller, mut larger) = (out[n - 2], out[n - 1]);
        let next = s.add(&mut larger, &mut smaller);
        out[n - 2] = smaller;
        out[n - 1] = larger;
        out.push(next);
    }
}
