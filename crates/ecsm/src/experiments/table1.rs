//! Seed 000's Table 1 on this machine: every binary-curve method run from (x, hints) on
//! random curves y² + xy = x³ + x² + a6 of degree d (a6 random), one random point per
//! curve, random scalars in \[0, 2^d + 2^(d/2) − 1\] (the seed's protocol, §5), or on a
//! named curve with random points \[r\]G and scalars below n.
//!
//! Counts are measured: each multiplication runs once more on [`Counted`] and the tallies
//! are averaged. Times are the median over all samples of single multiplications on the
//! plain field, each sample run `reps` times. The same curves, points and scalars serve
//! every method (the generator is seeded). `halve-add` needs the order of the subgroup,
//! which only the named curves supply: on random curves it is
//! [`BinaryMulError::NotApplicable`].

use crate::cost::{measure, Counted, OpCounts};
use crate::curve::binary::{
    find_binary_curve, random_curve, random_point, Affine, AnyShape, BinaryCurve, CurveShape,
};
use crate::field::{BinaryField, Gf163, Gf233, Gf283, Gf409, Gf571};
use crate::mul::binary::{
    mul_hinted_task_with_order, mul_hinted_with_order, BinaryMethod, BinaryMulError,
};
use crate::mul::random_below;
use crate::mul::xdbl::HintedPoint;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::hint::black_box;
use std::time::Instant;

/// What to run.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Table1Config {
    /// Random curves (with `--curve`: random points on the named curve).
    pub curves: usize,
    /// Random scalars per curve.
    pub scalars: usize,
    /// Seed of the ChaCha8 generator that draws curves, points and scalars.
    pub seed: u64,
    /// Timed runs per sample; 0 skips timing.
    pub reps: usize,
}

impl Table1Config {
    /// The quick default of `ecsm count` and `ecsm report`.
    pub const QUICK: Table1Config = Table1Config {
        curves: 4,
        scalars: 8,
        seed: 1,
        reps: 3,
    };
}

/// Averages for one method.
#[derive(Clone, Debug, PartialEq)]
pub struct CountRow {
    /// The method.
    pub method: BinaryMethod,
    /// Degree d of the field.
    pub degree: usize,
    /// Scalar multiplications averaged.
    pub samples: usize,
    /// Points stored (#P), for a scalar of d + 1 bits.
    pub stored_points: usize,
    /// Average inversions.
    pub inv: f64,
    /// Average half-traces.
    pub half_trace: f64,
    /// Average multiplications, including those by a curve constant (as the seed counts).
    pub mul: f64,
    /// Of which by a curve constant (a6 or √a6).
    pub mul_const: f64,
    /// Average squarings.
    pub sqr: f64,
    /// Median time of one multiplication, ns (None when not timed).
    pub median_ns: Option<f64>,
}

/// Why a Table 1 run could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Table1Error {
    /// A degree without a field here.
    #[error("no binary field of degree {0} (available: 163, 233, 283, 409, 571)")]
    Degree(usize),
    /// A curve name that is not a binary curve.
    #[error("unknown binary curve {0:?} (try `ecsm curves`)")]
    Curve(String),
    /// A method failed on a sample (never expected: reported, not hidden).
    #[error("{method} failed: {error}")]
    Method {
        /// The method's spec.
        method: String,
        /// What went wrong.
        error: BinaryMulError,
    },
    /// No samples asked for.
    #[error("--curves and --scalars must be at least 1")]
    Empty,
}

/// The degrees available.
pub const DEGREES: [usize; 5] = [163, 233, 283, 409, 571];

struct Sample<F, S> {
    curve: BinaryCurve<F, S>,
    /// The order of the subgroup, for halve-and-add: known on the named curves only.
    order: Option<Vec<u64>>,
    point: HintedPoint<F>,
    scalars: Vec<Vec<u64>>,
}

impl<F: BinaryField, S: CurveShape> Sample<F, S> {
    /// P with all the hint bits its owner publishes (seed 000 §3.4: m + 2 of them).
    fn new(
        curve: BinaryCurve<F, S>,
        order: Option<Vec<u64>>,
        p: &Affine<F>,
        scalars: Vec<Vec<u64>>,
    ) -> Self {
        let point = HintedPoint::from_point(&curve, p, curve.hint_count())
            .expect("random points are finite");
        Sample {
            curve,
            order,
            point,
            scalars,
        }
    }
}

/// 2^d + 2^(d/2), the seed's bound on the scalars.
pub fn seed_bound(d: usize) -> Vec<u64> {
    let mut v = vec![0u64; d / 64 + 1];
    v[d / 64] |= 1 << (d % 64);
    v[(d / 2) / 64] |= 1 << ((d / 2) % 64);
    v
}

/// The seed's random curves (a2 = 1), as [`AnyShape`] curves: the named curves' type, so
/// that the methods are compiled once per degree.
fn random_samples<F: BinaryField>(cfg: &Table1Config) -> Vec<Sample<F, AnyShape>> {
    let mut rng = ChaCha8Rng::seed_from_u64(cfg.seed);
    let bound = seed_bound(F::DEGREE);
    (0..cfg.curves)
        .map(|_| {
            let c = random_curve::<F>(&mut rng);
            let curve = BinaryCurve::<F, AnyShape>::new(c.a2(), c.a6()).expect("a6 ≠ 0");
            let p = random_point(&curve, &mut rng);
            let scalars = (0..cfg.scalars)
                // Uniform in [0, bound − 1]; the bound is positive.
                .map(|_| crate::mul::sample_below(&bound, 0, &mut rng))
                .collect();
            Sample::new(curve, None, &p, scalars)
        })
        .collect()
}

fn named_samples<F: BinaryField, S: CurveShape>(
    name: &str,
    cfg: &Table1Config,
) -> Vec<Sample<F, S>> {
    let params = find_binary_curve(name).expect("caller found it");
    let (curve, g) = BinaryCurve::<F, S>::from_params(params).expect("registry parameters");
    let n = params.order_words().expect("registry parameters");
    let mut rng = ChaCha8Rng::seed_from_u64(cfg.seed);
    (0..cfg.curves)
        .map(|_| {
            let r = random_below(&n, &mut rng);
            let p = curve.ld_mul_vartime(&g, &r);
            let scalars = (0..cfg.scalars)
                .map(|_| random_below(&n, &mut rng))
                .collect();
            // n serves halve-add where the cofactor is 2 (with Tr(a2) = 1, #E = 2n).
            let order = (params.h == 2).then(|| n.clone());
            Sample::new(curve, order, &p, scalars)
        })
        .collect()
}

fn run_method<F: BinaryField, S: CurveShape>(
    samples: &[Sample<F, S>],
    method: BinaryMethod,
    reps: usize,
) -> Result<CountRow, Table1Error> {
    let fail = |error| Table1Error::Method {
        method: method.spec().to_string(),
        error,
    };
    let mut total = OpCounts::default();
    let mut n = 0usize;
    let mut times = Vec::new();
    for s in samples {
        let curve = s.curve.map_field(Counted);
        let point = HintedPoint {
            x: Counted(s.point.x),
            hints: s.point.hints.clone(),
        };
        for k in &s.scalars {
            let order = s.order.as_deref();
            let (r, o) = measure(|| mul_hinted_with_order(&curve, order, method, k, &point));
            r.map_err(fail)?;
            total = total.plus(o);
            n += 1;
            for _ in 0..reps {
                let t = Instant::now();
                let q = mul_hinted_task_with_order(
                    &s.curve,
                    order,
                    method,
                    black_box(k),
                    black_box(&s.point),
                );
                times.push(t.elapsed().as_nanos() as f64);
                q.map_err(fail)?;
            }
        }
    }
    if n == 0 {
        return Err(Table1Error::Empty);
    }
    times.sort_by(|a, b| a.total_cmp(b));
    let avg = |v: u64| v as f64 / n as f64;
    Ok(CountRow {
        method,
        degree: F::DEGREE,
        samples: n,
        stored_points: method.stored_points(F::DEGREE + 1),
        inv: avg(total.inv),
        half_trace: avg(total.half_trace),
        mul: avg(total.mul + total.mul_const),
        mul_const: avg(total.mul_const),
        sqr: avg(total.sqr),
        median_ns: (!times.is_empty()).then(|| times[times.len() / 2]),
    })
}

fn run_all<F: BinaryField, S: CurveShape>(
    samples: &[Sample<F, S>],
    methods: &[BinaryMethod],
    reps: usize,
) -> Result<Vec<CountRow>, Table1Error> {
    methods
        .iter()
        .map(|&m| run_method(samples, m, reps))
        .collect()
}

/// Run `methods` on the seed's random curves of degree `degree`.
pub fn table1_random(
    degree: usize,
    methods: &[BinaryMethod],
    cfg: &Table1Config,
) -> Result<Vec<CountRow>, Table1Error> {
    if cfg.curves == 0 || cfg.scalars == 0 {
        return Err(Table1Error::Empty);
    }
    match degree {
        163 => run_all(&random_samples::<Gf163>(cfg), methods, cfg.reps),
        233 => run_all(&random_samples::<Gf233>(cfg), methods, cfg.reps),
        283 => run_all(&random_samples::<Gf283>(cfg), methods, cfg.reps),
        409 => run_all(&random_samples::<Gf409>(cfg), methods, cfg.reps),
        571 => run_all(&random_samples::<Gf571>(cfg), methods, cfg.reps),
        d => Err(Table1Error::Degree(d)),
    }
}

/// Run `methods` on the named binary curve `name` (`cfg.curves` random points \[r\]G,
/// `cfg.scalars` scalars below n for each).
pub fn table1_named(
    name: &str,
    methods: &[BinaryMethod],
    cfg: &Table1Config,
) -> Result<Vec<CountRow>, Table1Error> {
    if cfg.curves == 0 || cfg.scalars == 0 {
        return Err(Table1Error::Empty);
    }
    let params = find_binary_curve(name).ok_or_else(|| Table1Error::Curve(name.to_string()))?;
    let name = params.name;
    macro_rules! go {
        ($f:ty, $s:ty) => {
            run_all(&named_samples::<$f, $s>(name, cfg), methods, cfg.reps)
        };
    }
    match params.m {
        163 => go!(Gf163, AnyShape),
        233 => go!(Gf233, AnyShape),
        283 => go!(Gf283, AnyShape),
        409 => go!(Gf409, AnyShape),
        571 => go!(Gf571, AnyShape),
        m => Err(Table1Error::Degree(m)),
    }
}
