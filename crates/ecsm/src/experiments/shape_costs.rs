//! Seed 002's Tables 1 and 2, measured: the cost of each curve operation of a shape,
//! found by bringing random points into the cache states the operation needs and
//! running it on `Counted<F>`; beside them, the seed's own entries.

use crate::cost::{measure, OpCounts};
use crate::field::PrimeField;
use crate::shape::{measure_ops, Cache, CurveShape, ShapeOp};
use rand_core::RngCore;

pub use super::paper::seed002_op_costs as seed_table;

/// The measured cost of one operation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OpCost {
    /// The operation.
    pub op: ShapeOp,
    /// General multiplications.
    pub mul: u64,
    /// Squarings.
    pub sqr: u64,
    /// Multiplications by curve constants.
    pub mul_const: u64,
}

/// The cache states of the two operands of each addition of Tables 1 and 2.
pub const ADDITIONS: [(ShapeOp, Cache, Cache); 9] = [
    (ShapeOp::Add, Cache::Fresh, Cache::Fresh),
    (ShapeOp::ReAdd, Cache::Fresh, Cache::Added),
    (ShapeOp::MAdd, Cache::Fresh, Cache::Affine),
    (ShapeOp::DAdd, Cache::Fresh, Cache::Doubled),
    (ShapeOp::TwoDAdd, Cache::Doubled, Cache::Doubled),
    (ShapeOp::DReAdd, Cache::Doubled, Cache::Added),
    (ShapeOp::TwoReAdd, Cache::Added, Cache::Added),
    (ShapeOp::DmAdd, Cache::Doubled, Cache::Affine),
    (ShapeOp::MReAdd, Cache::Affine, Cache::Added),
];

/// A point equal to the affine point (x, y), brought into `state`: Fresh as 3P − 2P,
/// Doubled by doubling a fresh one, Added by adding a fresh one to another point.
fn in_state<F: PrimeField, S: CurveShape<F>>(
    s: &S,
    (x, y): (F, F),
    state: Cache,
    rng: &mut dyn RngCore,
) -> S::Point {
    let p = s.from_affine(&x, &y).expect("a point of the curve");
    if state == Cache::Affine {
        return p;
    }
    let mut q = p;
    let mut t = s.tpl(&mut q);
    let mut d = s.neg(&s.dbl(&mut q));
    let mut fresh = s.add(&mut t, &mut d);
    match state {
        Cache::Doubled => {
            let _ = s.dbl(&mut fresh);
        }
        Cache::Added => {
            let (ox, oy) = s.random_point(rng);
            let mut other = s.from_affine(&ox, &oy).expect("a point of the curve");
            let _ = s.add(&mut fresh, &mut other);
        }
        _ => {}
    }
    fresh
}

fn cost(op: ShapeOp, c: OpCounts) -> OpCost {
    OpCost {
        op,
        mul: c.mul,
        sqr: c.sqr,
        mul_const: c.mul_const,
    }
}

/// The measured cost of every operation of `s` (a curve over a counting field): DBL,
/// TPL, the nine additions, and ZADD where the shape has it (one step of its
/// Fibonacci multiples). Each entry also checks that the operation that ran is the one
/// named; a mismatch is reported as `None`.
pub fn op_costs<F: PrimeField, S: CurveShape<F>>(
    s: &S,
    rng: &mut dyn RngCore,
) -> Vec<Option<OpCost>> {
    let mut out = Vec::new();
    let point = s.random_point(rng);
    for (op, dbl) in [(ShapeOp::Dbl, true), (ShapeOp::Tpl, false)] {
        let mut p = in_state(s, point, Cache::Fresh, rng);
        let ((_, ran), c) =
            measure(|| measure_ops(|| if dbl { s.dbl(&mut p) } else { s.tpl(&mut p) }));
        out.push((ran.get(op) == 1).then(|| cost(op, c)));
    }
    for (op, sp, sq) in ADDITIONS {
        let other = s.random_point(rng);
        let mut p = in_state(s, point, sp, rng);
        let mut q = in_state(s, other, sq, rng);
        let ((_, ran), c) = measure(|| measure_ops(|| s.add(&mut p, &mut q)));
        out.push((ran.get(op) == 1).then(|| cost(op, c)));
    }
    let p = s
        .from_affine(&point.0, &point.1)
        .expect("a point of the curve");
    let ((_, ran12), c12) = measure(|| measure_ops(|| s.fibonacci_multiples(&p, 12)));
    let ((_, ran11), c11) = measure(|| measure_ops(|| s.fibonacci_multiples(&p, 11)));
    let zadds = ran12.get(ShapeOp::ZAdd) as i64 - ran11.get(ShapeOp::ZAdd) as i64;
    out.push((zadds == 1).then(|| OpCost {
        op: ShapeOp::ZAdd,
        mul: c12.mul - c11.mul,
        sqr: c12.sqr - c11.sqr,
        mul_const: c12.mul_const - c11.mul_const,
    }));
    out
}
