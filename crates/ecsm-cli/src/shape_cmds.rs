//! Seed 002 on the command line: `ecsm count --shape` (average operations of one method,
//! measured) and `ecsm sweep` (every bound pair of a double-base method, as the seed
//! searched them, in parallel).

use crate::UsageError;
use clap::Args;
use ecsm::experiments::count_report::ShapeCountJson;
use ecsm::experiments::shape_counts::{random_scalars, ShapeCounts};
use ecsm::recode::{bound_bits, SecondBase};
use ecsm::shape::curves::{shape_experiment, ShapeExperiment};
use ecsm::shape::ShapeMethod;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use std::process::ExitCode;

/// Scalars per bound pair in a sweep when --scalars is not given.
const SWEEP_SCALARS: usize = 200;

fn experiment(shape: &str, bits: usize) -> Result<Box<dyn ShapeExperiment>, UsageError> {
    shape_experiment(shape, bits).map_err(|e| UsageError(format!("--shape/--bits: {e}")))
}

fn ops_line(c: &ShapeCounts) -> String {
    c.ops
        .iter()
        .filter(|(_, v)| *v > 0.0)
        .map(|(op, v)| format!("{v:.2} {}", op.name()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The text of `ecsm count --shape S --bits N --method SPEC`.
pub fn print_shape_count(c: &ShapeCounts) {
    println!(
        "{} on {} ({}-bit scalars), {} scalars: {:.1}M + {:.1}S = {:.1}M at S = 0.8M (+ {:.1} multiplications by curve constants)",
        c.method,
        c.shape,
        c.bits,
        c.scalars,
        c.mul,
        c.sqr,
        c.total_m(),
        c.mul_const
    );
    println!("  per multiplication: {}", ops_line(c));
}

#[derive(Args, Debug)]
pub struct SweepArgs {
    /// The curve shape (as for `ecsm count --shape`).
    #[arg(long)]
    pub shape: String,
    /// Scalar and field size: 160 or 256.
    #[arg(long)]
    pub bits: usize,
    /// yao-dbns, yao-bzns or db-chain (the bounds are what is searched).
    #[arg(long)]
    pub method: String,
    /// Random scalars per bound pair (the same scalars for every pair).
    #[arg(long, default_value_t = SWEEP_SCALARS)]
    pub scalars: usize,
    /// Seed of the scalar generator.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object: the best pair and every pair's total.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct SweepPoint {
    b: u32,
    j: u32,
    #[serde(rename = "total_M")]
    total_m: f64,
}

#[derive(Serialize)]
struct SweepJson {
    shape: &'static str,
    bits: usize,
    method: String,
    scalars: usize,
    best: ShapeCountJson,
    pairs: Vec<SweepPoint>,
}

/// Every (b_max, j_max) whose 2^b_max·B_j_max is an N-bit integer, as the seed searched
/// (§5.2): for each b_max, the one or two second-base bounds that land on N bits.
fn bound_pairs(base: SecondBase, bits: usize) -> Vec<(u32, u32)> {
    let mut pairs = Vec::new();
    for b in 0..bits as u32 {
        let mut j = base.first();
        while bound_bits(base, b, j) <= bits {
            if bound_bits(base, b, j) == bits {
                pairs.push((b, j));
            }
            j += 1;
        }
    }
    pairs
}

/// `ecsm sweep`.
pub fn sweep(args: &SweepArgs) -> Result<ExitCode, UsageError> {
    let exp = experiment(&args.shape, args.bits)?;
    let (base, make): (SecondBase, fn(u32, u32) -> ShapeMethod) = match args.method.as_str() {
        "yao-dbns" => (SecondBase::Three, |b_max, t_max| ShapeMethod::YaoDbns {
            b_max,
            t_max,
            beam: 1,
        }),
        "db-chain" => (SecondBase::Three, |b_max, t_max| ShapeMethod::DbChain {
            b_max,
            t_max,
        }),
        "yao-bzns" => (SecondBase::Fibonacci, |b_max, z_max| ShapeMethod::YaoBzns {
            b_max,
            z_max,
            beam: 1,
        }),
        other => {
            return Err(UsageError(format!(
                "--method: {other:?} has no bounds to sweep (yao-dbns, yao-bzns or db-chain)"
            )))
        }
    };
    if args.scalars == 0 {
        return Err(UsageError("--scalars: at least one scalar".into()));
    }
    let scalars = random_scalars(args.bits, args.scalars, args.seed);
    let pairs = bound_pairs(base, args.bits);
    let bar = ProgressBar::new(pairs.len() as u64).with_style(
        ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} bound pairs, {eta} left")
            .expect("valid template"),
    );
    bar.set_message(format!("{} {} {}", args.method, exp.shape(), args.bits));
    let results: Vec<ShapeCounts> = pairs
        .par_iter()
        .map(|&(b, j)| {
            let c = exp.count(&make(b, j), &scalars);
            bar.inc(1);
            c
        })
        .collect::<Result<_, _>>()
        .map_err(|e| UsageError(e.to_string()))?;
    bar.finish_and_clear();
    let best = results
        .iter()
        .zip(&pairs)
        .min_by(|a, b| a.0.total_m().total_cmp(&b.0.total_m()))
        .ok_or_else(|| UsageError("no bound pair reaches this size".into()))?;
    if args.json {
        let j = SweepJson {
            shape: exp.shape(),
            bits: args.bits,
            method: args.method.clone(),
            scalars: args.scalars,
            best: best.0.into(),
            pairs: results
                .iter()
                .zip(&pairs)
                .map(|(c, &(b, j))| SweepPoint {
                    b,
                    j,
                    total_m: c.total_m(),
                })
                .collect(),
        };
        println!("{}", serde_json::to_string(&j).expect("serialisable"));
    } else {
        println!(
            "best of {} bound pairs for {} on {} ({}-bit), {} scalars each: {} with {:.1}M + {:.1}S = {:.1}M at S = 0.8M",
            pairs.len(),
            args.method,
            exp.shape(),
            args.bits,
            args.scalars,
            best.0.method,
            best.0.mul,
            best.0.sqr,
            best.0.total_m()
        );
        println!("  per multiplication: {}", ops_line(best.0));
    }
    Ok(ExitCode::SUCCESS)
}
