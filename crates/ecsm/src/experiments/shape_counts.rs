//! Seed 002's counting protocol (§5.2), measured: a method runs on a curve of one shape
//! over `Counted<F>` for random scalars in [0, 2^N − 1], and the curve operations
//! ([`crate::shape::measure_ops`]) and field operations ([`crate::cost::measure`]) that
//! ran are averaged. `total_M` is the seed's convention M + 0.8·S; multiplications by
//! curve constants (C) are reported apart, as the seed's tables leave them out.

use crate::cost::{measure, Counted, OpCounts};
use crate::field::PrimeField;
use crate::recode::RecodeError;
use crate::shape::{measure_ops, CurveShape, OpTally, ShapeMethod, ShapeOp};
use rand_core::{RngCore, SeedableRng};

/// The weight of a squaring in the seed's totals (§5.2: S = 0.8M).
pub const SEED_S_OVER_M: f64 = 0.8;

/// Average operations of one method on one shape.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeCounts {
    /// The shape's CLI name.
    pub shape: &'static str,
    /// Scalar size N in bits.
    pub bits: usize,
    /// The method's spec.
    pub method: String,
    /// Scalars averaged.
    pub scalars: usize,
    /// Average count of each curve operation, in [`ShapeOp::ALL`] order.
    pub ops: Vec<(ShapeOp, f64)>,
    /// Average general multiplications (constants excluded).
    pub mul: f64,
    /// Average squarings.
    pub sqr: f64,
    /// Average multiplications by a curve constant.
    pub mul_const: f64,
}

impl ShapeCounts {
    /// M + 0.8·S, the seed's "# multiplications".
    pub fn total_m(&self) -> f64 {
        self.mul + SEED_S_OVER_M * self.sqr
    }

    /// The measured operation counts priced at other costs per operation, `cost(op)` =
    /// (M, S), in M + 0.8·S; `None` if an operation that ran has no price. Pricing our
    /// counts at the seed's Tables 1 and 2 separates what our formulas cost from what
    /// our recodings do.
    pub fn priced(&self, cost: impl Fn(ShapeOp) -> Option<(u32, u32)>) -> Option<f64> {
        self.ops
            .iter()
            .filter(|&&(_, n)| n > 0.0)
            .map(|&(op, n)| cost(op).map(|(m, s)| n * (m as f64 + SEED_S_OVER_M * s as f64)))
            .sum()
    }

    /// The average of one operation.
    pub fn op(&self, op: ShapeOp) -> f64 {
        self.ops
            .iter()
            .find(|(o, _)| *o == op)
            .map_or(0.0, |&(_, n)| n)
    }

    /// The average number of additions of every kind (ZADD included).
    pub fn additions(&self) -> f64 {
        self.ops
            .iter()
            .filter(|(o, _)| !matches!(o, ShapeOp::Dbl | ShapeOp::Tpl))
            .map(|&(_, n)| n)
            .sum()
    }
}

/// `scalars` random N-bit scalars from a ChaCha8 stream seeded by `seed`, as
/// little-endian words (the top word masked to N bits).
pub fn random_scalars(bits: usize, scalars: usize, seed: u64) -> Vec<Vec<u64>> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    (0..scalars)
        .map(|_| {
            let mut k: Vec<u64> = (0..bits.div_ceil(64)).map(|_| rng.next_u64()).collect();
            if !bits.is_multiple_of(64) {
                let last = k.len() - 1;
                k[last] &= (1u64 << (bits % 64)) - 1;
            }
            k
        })
        .collect()
}

/// Run `method` on `shape` (built over `Counted<F>`) from the point `p` for each scalar,
/// and average what ran.
pub fn count_shape<F: PrimeField, S: CurveShape<Counted<F>>>(
    shape: &S,
    p: &S::Point,
    method: &ShapeMethod,
    bits: usize,
    scalars: &[Vec<u64>],
) -> Result<ShapeCounts, RecodeError> {
    let mut field = OpCounts::default();
    let mut tally = OpTally::default();
    for k in scalars {
        let ((r, ops), counts) = measure(|| measure_ops(|| method.mul(shape, p, k)));
        r?;
        field = field.plus(counts);
        for (t, o) in tally.0.iter_mut().zip(ops.0) {
            *t += o;
        }
    }
    let n = scalars.len().max(1) as f64;
    Ok(ShapeCounts {
        shape: S::NAME,
        bits,
        method: method.to_string(),
        scalars: scalars.len(),
        ops: ShapeOp::ALL
            .iter()
            .map(|&op| (op, tally.get(op) as f64 / n))
            .collect(),
        mul: field.mul as f64 / n,
        sqr: field.sqr as f64 / n,
        mul_const: field.mul_const as f64 / n,
    })
}
