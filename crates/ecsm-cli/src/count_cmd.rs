//! `ecsm count`: average operation counts (measured with `Counted`) of one binary-curve
//! method over seed 000's random curves, or over a named binary curve.

use crate::UsageError;
use clap::Args;
use ecsm::experiments::count_report::{
    self, CountError, CountReport, CountRequest, CountTarget, DEFAULT_CURVES, DEFAULT_SEED,
};
use ecsm::experiments::gls_counts::AvgCounts;
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
    #[arg(long, default_value_t = DEFAULT_CURVES)]
    pub curves: usize,
    /// Random scalars per curve (with --shape: in all; seed 002 used 10,000; default 1,000).
    #[arg(long)]
    pub scalars: Option<usize>,
    /// Seed of the generator drawing curves, points and scalars.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn count(args: &CountArgs) -> Result<ExitCode, UsageError> {
    let target = match (&args.shape, args.bits, &args.curve, args.degree) {
        (Some(shape), Some(bits), _, _) => CountTarget::Shape { shape, bits },
        (_, _, Some(name), _) => CountTarget::Curve(name),
        (_, _, None, Some(d)) => CountTarget::Degree(d),
        _ => unreachable!("clap requires --degree, --curve or --shape with --bits"),
    };
    let req = CountRequest {
        target,
        method: &args.method,
        curves: args.curves,
        scalars: args.scalars,
        seed: args.seed,
    };
    let report = count_report::count(&req).map_err(|e| {
        UsageError(match &e {
            CountError::Method(_) => format!("--method: {e}"),
            CountError::Shape(_) => format!("--shape/--bits: {e}"),
            CountError::Run(_) => e.to_string(),
        })
    })?;
    if args.json {
        let json = report.to_json().map_err(|e| UsageError(e.to_string()))?;
        println!("{json}");
        return Ok(ExitCode::SUCCESS);
    }
    match &report {
        CountReport::Binary { curve, row } => println!(
            "{} on {} (d = {}), {} samples: #P {}, {:.2}I + {:.2}H + {:.1}M + {:.1}S per scalar multiplication (M includes {:.1} by a curve constant)",
            row.method.spec(),
            curve.as_deref().unwrap_or("random curves"),
            row.degree,
            row.samples,
            row.stored_points,
            row.inv,
            row.half_trace,
            row.mul,
            row.sqr,
            row.mul_const
        ),
        CountReport::Gls { curve, counts: c } => {
            println!(
                "{} on {}, {} samples, per scalar multiplication:",
                c.method, curve, c.samples
            );
            println!("  GF(2^254): {}", ops_line(&c.ext));
            println!("  GF(2^127): {}", ops_line(&c.base));
        }
        CountReport::Shape(c) => crate::shape_cmds::print_shape_count(c),
    }
    Ok(ExitCode::SUCCESS)
}

fn ops_line(c: &AvgCounts) -> String {
    format!(
        "{:.2}I + {:.2}H + {:.1}M + {:.1}S + {:.2}sqrt + {:.2}Tr (M includes {:.1}C; {:.0} additions)",
        c.inv, c.half_trace, c.mul, c.sqr, c.sqrt, c.trace, c.mul_const, c.add
    )
}
