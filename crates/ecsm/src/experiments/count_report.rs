//! One measured operation count, as `ecsm count` makes it, for every front end: the CLI
//! prints it (as text or as its `--json` line) and the Python binding returns the same
//! JSON object, so both choose the experiment, its defaults and the contract's keys here.
//!
//! Three experiments answer: seed 000's binary methods (random curves over GF(2^d), or a
//! named binary curve), seed 001's GLS methods (a curve [`find_gls_named`] knows) and seed
//! 002's curve shapes.

use crate::curves::gls254::find_gls_named;
use crate::experiments::gls_counts::{gls_counts, AvgCounts, GlsCounts};
use crate::experiments::shape_counts::{random_scalars, ShapeCounts};
use crate::experiments::table1::{table1_named, table1_random, CountRow, Table1Config};
use crate::gls::methods::GlsMethod;
use crate::mul::binary::BinaryMethod;
use crate::mul::MethodSpec;
use crate::shape::curves::shape_experiment;
use crate::shape::ShapeMethod;
use serde::Serialize;
use std::collections::BTreeMap;

/// Random curves (with a named curve: random points) when none is asked for.
pub const DEFAULT_CURVES: usize = Table1Config::QUICK.curves;
/// Seed of the generator drawing curves, points and scalars when none is asked for.
pub const DEFAULT_SEED: u64 = Table1Config::QUICK.seed;
/// Random scalars per curve for a binary or GLS count when none is asked for.
pub const DEFAULT_SCALARS: usize = Table1Config::QUICK.scalars;
/// Scalars in all for a shape count when none is asked for (seed 002 used 10,000, which
/// takes minutes on the larger methods).
pub const DEFAULT_SHAPE_SCALARS: usize = 1000;

/// What to count on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountTarget<'a> {
    /// Seed 000's random curves y² + xy = x³ + x² + a6 over GF(2^d).
    Degree(usize),
    /// A named binary curve; for the GLS curves the counts are seed 001's.
    Curve(&'a str),
    /// Seed 002: a prime curve shape with `bits`-bit scalars and field.
    Shape {
        /// The shape's name (`jacobian`, `edwards`, …).
        shape: &'a str,
        /// 160 or 256.
        bits: usize,
    },
}

/// One `ecsm count` request: the target, the method spec as typed, and the sample sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountRequest<'a> {
    /// What to count on.
    pub target: CountTarget<'a>,
    /// The method spec, e.g. `x-jsf2` or `db-chain:b=96,t=40`.
    pub method: &'a str,
    /// Random curves, or random points on a named curve; unused by shapes.
    pub curves: usize,
    /// Scalars per curve (shapes: in all); `None` for [`DEFAULT_SCALARS`] or
    /// [`DEFAULT_SHAPE_SCALARS`].
    pub scalars: Option<usize>,
    /// Seed of the generator.
    pub seed: u64,
}

/// Why a count could not be made. Which argument was wrong is the variant, so each front
/// end can name it in its own words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CountError {
    /// The method spec is malformed, unknown for the target, or out of its range.
    #[error("{0}")]
    Method(String),
    /// No such shape, or no curve of that size.
    #[error("{0}")]
    Shape(String),
    /// The target or the sample sizes were rejected by the experiment.
    #[error("{0}")]
    Run(String),
}

/// A finished count.
#[derive(Clone, Debug, PartialEq)]
pub enum CountReport {
    /// Seed 000's counts of a binary method.
    Binary {
        /// The named curve, `None` for random curves.
        curve: Option<String>,
        /// The averages.
        row: CountRow,
    },
    /// Seed 001's counts of a GLS method, in GF(2^254) and in GF(2^127) operations.
    Gls {
        /// The curve's canonical name.
        curve: &'static str,
        /// The averages.
        counts: GlsCounts,
    },
    /// Seed 002's counts of a method on a shape.
    Shape(ShapeCounts),
}

/// Run the count `req` asks for.
pub fn count(req: &CountRequest<'_>) -> Result<CountReport, CountError> {
    let method = |e: crate::mul::SpecError| CountError::Method(e.to_string());
    let run = |e: &dyn std::fmt::Display| CountError::Run(e.to_string());
    let spec: MethodSpec = req.method.parse().map_err(method)?;
    let samples = req.scalars.unwrap_or(DEFAULT_SCALARS);
    let cfg = Table1Config {
        curves: req.curves,
        scalars: samples,
        seed: req.seed,
        reps: 0,
    };
    let rows = match req.target {
        CountTarget::Shape { shape, bits } => {
            let exp =
                shape_experiment(shape, bits).map_err(|e| CountError::Shape(e.to_string()))?;
            let m = ShapeMethod::from_spec(&spec, bits).map_err(method)?;
            let scalars = req.scalars.unwrap_or(DEFAULT_SHAPE_SCALARS);
            let counts = exp
                .count(&m, &random_scalars(bits, scalars, req.seed))
                .map_err(|e| CountError::Method(e.to_string()))?;
            return Ok(CountReport::Shape(counts));
        }
        CountTarget::Curve(name) => {
            if let Some(gls) = find_gls_named(name) {
                use crate::curves::named::NamedCurve;
                let m = GlsMethod::from_spec(&spec, gls.name()).map_err(method)?;
                let counts = gls_counts(gls, m, samples, req.seed).map_err(|e| run(&e))?;
                return Ok(CountReport::Gls {
                    curve: gls.name(),
                    counts,
                });
            }
            let m = BinaryMethod::from_spec(&spec, name).map_err(method)?;
            table1_named(name, &[m], &cfg)
        }
        CountTarget::Degree(d) => {
            let m = BinaryMethod::from_spec(&spec, "random curves").map_err(method)?;
            table1_random(d, &[m], &cfg)
        }
    };
    let row = rows
        .map_err(|e| run(&e))?
        .into_iter()
        .next()
        .ok_or_else(|| CountError::Run("the experiment returned no row".into()))?;
    let curve = match req.target {
        CountTarget::Curve(name) => Some(name.to_string()),
        _ => None,
    };
    Ok(CountReport::Binary { curve, row })
}

impl CountReport {
    /// The one-line JSON object of `ecsm count --json`. Its structs hold only numbers and
    /// strings, so serde_json has nothing to refuse; its error is passed on all the same
    /// rather than asserted away.
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        match self {
            CountReport::Binary { curve, row } => json(&CountJson {
                method: row.method.spec().to_string(),
                degree: row.degree,
                samples: row.samples,
                stored_points: row.stored_points,
                inv: row.inv,
                half_trace: row.half_trace,
                mul: row.mul,
                sqr: row.sqr,
                mul_const: row.mul_const,
                curve: curve.clone(),
            }),
            CountReport::Gls { curve, counts } => json(&GlsCountJson {
                curve,
                method: counts.method.clone(),
                samples: counts.samples,
                ext: counts.ext.into(),
                base: counts.base.into(),
            }),
            CountReport::Shape(c) => json(&ShapeCountJson::from(c)),
        }
    }
}

fn json(value: &impl Serialize) -> Result<String, serde_json::Error> {
    serde_json::to_string(value)
}

/// The binary methods' object: the contract's fields, then C (the multiplications by a
/// curve constant, already included in M) and the curve (`null` for random curves).
#[derive(Serialize)]
struct CountJson {
    method: String,
    degree: usize,
    samples: usize,
    stored_points: usize,
    #[serde(rename = "I")]
    inv: f64,
    #[serde(rename = "H")]
    half_trace: f64,
    #[serde(rename = "M")]
    mul: f64,
    #[serde(rename = "S")]
    sqr: f64,
    #[serde(rename = "C")]
    mul_const: f64,
    curve: Option<String>,
}

/// One field's side of a GLS count.
#[derive(Serialize)]
struct GlsOps {
    #[serde(rename = "I")]
    inv: f64,
    #[serde(rename = "H")]
    half_trace: f64,
    #[serde(rename = "M")]
    mul: f64,
    #[serde(rename = "S")]
    sqr: f64,
    sqrt: f64,
    #[serde(rename = "Tr")]
    trace: f64,
    #[serde(rename = "C")]
    mul_const: f64,
    #[serde(rename = "A")]
    add: f64,
}

impl From<AvgCounts> for GlsOps {
    fn from(c: AvgCounts) -> Self {
        GlsOps {
            inv: c.inv,
            half_trace: c.half_trace,
            mul: c.mul,
            sqr: c.sqr,
            sqrt: c.sqrt,
            trace: c.trace,
            mul_const: c.mul_const,
            add: c.add,
        }
    }
}

/// A GLS count: the GF(2^254) counts at the top level (as for the other curves), the
/// GF(2^127) ones under `base`.
#[derive(Serialize)]
struct GlsCountJson<'a> {
    curve: &'a str,
    method: String,
    samples: usize,
    #[serde(flatten)]
    ext: GlsOps,
    #[serde(rename = "GF(2^127)")]
    base: GlsOps,
}

/// A shape count's object, also the best pair of `ecsm sweep --json`.
#[derive(Serialize)]
pub struct ShapeCountJson {
    shape: &'static str,
    bits: usize,
    method: String,
    scalars: usize,
    ops: BTreeMap<&'static str, f64>,
    #[serde(rename = "M")]
    mul: f64,
    #[serde(rename = "S")]
    sqr: f64,
    #[serde(rename = "C")]
    mul_const: f64,
    #[serde(rename = "total_M")]
    total_m: f64,
}

impl From<&ShapeCounts> for ShapeCountJson {
    fn from(c: &ShapeCounts) -> Self {
        ShapeCountJson {
            shape: c.shape,
            bits: c.bits,
            method: c.method.clone(),
            scalars: c.scalars,
            ops: c.ops.iter().map(|&(op, v)| (op.name(), v)).collect(),
            mul: c.mul,
            sqr: c.sqr,
            mul_const: c.mul_const,
            total_m: c.total_m(),
        }
    }
}
