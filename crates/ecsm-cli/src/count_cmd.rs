//! `ecsm count`: average operation counts (measured with `Counted`) of one binary-curve
//! method over seed 000's random curves, or over a named binary curve.

use crate::UsageError;
use clap::Args;
use ecsm::experiments::gls_counts::{gls_counts, AvgCounts};
use ecsm::experiments::table1::{table1_named, table1_random, CountRow, Table1Config};
use ecsm::gls::methods::GlsMethod;
use ecsm::mul::binary::BinaryMethod;
use ecsm::mul::MethodSpec;
use serde::Serialize;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct CountArgs {
    /// Degree d of the random curves y² + xy = x³ + x² + a6 over GF(2^d): 163, 233, 283,
    /// 409 or 571.
    #[arg(
        long,
        required_unless_present_any = ["curve", "shape"],
        conflicts_with_all = ["curve", "shape"]
    )]
    pub degree: Option<usize>,
    /// A named binary curve instead (random points r·G, scalars below n); for `gls254` and
    /// `gls254-ches2013` the counts are given in GF(2^254) and in GF(2^127) operations.
    #[arg(long)]
    pub curve: Option<String>,
    /// Seed 002 instead: a prime curve shape (3dik, edwards, ext-jquartic, hessian,
    /// inv-edwards, jac-intersect, jacobian, jacobian-3), counted over random `--bits`-bit
    /// scalars.
    #[arg(long, conflicts_with = "curve", requires = "bits")]
    pub shape: Option<String>,
    /// With --shape: the scalar and field size, 160 or 256.
    #[arg(long, requires = "shape")]
    pub bits: Option<usize>,
    /// Method spec, as listed by `ecsm methods --curve` for a binary curve; with --shape:
    /// naf:w=W, db-chain:b=B,t=T, yao-dbns:b=B,t=T or yao-bzns:b=B,z=Z.
    #[arg(long)]
    pub method: String,
    /// Number of random curves (with --curve: random points).
    #[arg(long, default_value_t = Table1Config::QUICK.curves)]
    pub curves: usize,
    /// Random scalars per curve (with --shape: in all; seed 002 used 10,000; default 1,000).
    #[arg(long)]
    pub scalars: Option<usize>,
    /// Seed of the generator drawing curves, points and scalars.
    #[arg(long, default_value_t = Table1Config::QUICK.seed)]
    pub seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The JSON line of `ecsm count --json`: the contract's fields, then C (the
/// multiplications by a curve constant, already included in M) and the median time.
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

pub fn count(args: &CountArgs) -> Result<ExitCode, UsageError> {
    let spec: MethodSpec = args
        .method
        .parse()
        .map_err(|e| UsageError(format!("--method: {e}")))?;
    if let (Some(shape), Some(bits)) = (&args.shape, args.bits) {
        return crate::shape_cmds::count_shape(shape, bits, &spec, args);
    }
    if let Some(gls) = args
        .curve
        .as_deref()
        .and_then(ecsm::curves::gls254::find_gls_named)
    {
        return count_gls(gls, &spec, args);
    }
    let label = args.curve.as_deref().unwrap_or("random curves");
    let method =
        BinaryMethod::from_spec(&spec, label).map_err(|e| UsageError(format!("--method: {e}")))?;
    let cfg = Table1Config {
        curves: args.curves,
        scalars: args.scalars.unwrap_or(Table1Config::QUICK.scalars),
        seed: args.seed,
        reps: 0,
    };
    let rows = match (&args.curve, args.degree) {
        (Some(name), _) => table1_named(name, &[method], &cfg),
        (None, Some(d)) => table1_random(d, &[method], &cfg),
        (None, None) => unreachable!("clap requires one of them"),
    }
    .map_err(|e| UsageError(e.to_string()))?;
    let row: &CountRow = &rows[0];
    if args.json {
        let j = CountJson {
            method: method.spec().to_string(),
            degree: row.degree,
            samples: row.samples,
            stored_points: row.stored_points,
            inv: row.inv,
            half_trace: row.half_trace,
            mul: row.mul,
            sqr: row.sqr,
            mul_const: row.mul_const,
            curve: args.curve.clone(),
        };
        println!("{}", serde_json::to_string(&j).expect("serialisable"));
    } else {
        println!(
            "{} on {} (d = {}), {} samples: #P {}, {:.2}I + {:.2}H + {:.1}M + {:.1}S per scalar multiplication (M includes {:.1} by a curve constant)",
            method.spec(),
            label,
            row.degree,
            row.samples,
            row.stored_points,
            row.inv,
            row.half_trace,
            row.mul,
            row.sqr,
            row.mul_const
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// One side of `ecsm count --curve gls254 --json`.
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

/// `ecsm count --curve gls254 --json`: the GF(2^254) counts at the top level (as for the
/// other curves), the GF(2^127) ones under `base`.
#[derive(Serialize)]
struct GlsCountJson {
    curve: &'static str,
    method: String,
    samples: usize,
    #[serde(flatten)]
    ext: GlsOps,
    #[serde(rename = "GF(2^127)")]
    base: GlsOps,
}

fn ops_line(c: &AvgCounts) -> String {
    format!(
        "{:.2}I + {:.2}H + {:.1}M + {:.1}S + {:.2}sqrt + {:.2}Tr (M includes {:.1}C; {:.0} additions)",
        c.inv, c.half_trace, c.mul, c.sqr, c.sqrt, c.trace, c.mul_const, c.add
    )
}

/// Seed 001's counts of one GLS method (`--scalars` random points and scalars).
fn count_gls(
    curve: &'static ecsm::curves::gls254::GlsNamedCurve,
    spec: &MethodSpec,
    args: &CountArgs,
) -> Result<ExitCode, UsageError> {
    use ecsm::curves::named::NamedCurve;
    let method = GlsMethod::from_spec(spec, curve.name())
        .map_err(|e| UsageError(format!("--method: {e}")))?;
    let scalars = args.scalars.unwrap_or(Table1Config::QUICK.scalars);
    let c = gls_counts(curve, method, scalars, args.seed).map_err(|e| UsageError(e.to_string()))?;
    if args.json {
        let j = GlsCountJson {
            curve: curve.name(),
            method: c.method.clone(),
            samples: c.samples,
            ext: c.ext.into(),
            base: c.base.into(),
        };
        println!("{}", serde_json::to_string(&j).expect("serialisable"));
    } else {
        println!(
            "{} on {}, {} samples, per scalar multiplication:",
            c.method,
            curve.name(),
            c.samples
        );
        println!("  GF(2^254): {}", ops_line(&c.ext));
        println!("  GF(2^127): {}", ops_line(&c.base));
    }
    Ok(ExitCode::SUCCESS)
}
