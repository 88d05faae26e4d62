//! `ecsm ct-check`: the dudect-style leakage test of `ecsm::experiments::ct_check`.

use crate::curve_cmds::{curve, method_arg, rejected};
use crate::UsageError;
use clap::Args;
use ecsm::experiments::ct_check::{ct_check_with, CtTarget, FixedClass, MIN_PER_CLASS};
use serde::Serialize;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct CtCheckArgs {
    /// Curve name or alias.
    #[arg(long)]
    pub curve: String,
    /// A method spec (`ecsm methods`), or `ecdh` for the method `ecsm ecdh` uses on the
    /// curve (timed as a whole ECDH, peer-key validation included).
    #[arg(long)]
    pub method: String,
    /// Timed calls, both classes together. Default: 20000, or as many as fit in about
    /// 30 s (at least 2000).
    #[arg(long)]
    pub samples: Option<usize>,
    /// Seed of the point, the fixed scalar, the random scalars and the class order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The fixed class's scalar: `short` (top half of its bits clear, the standard test)
    /// or `typical` (one draw from the random class's distribution, repeated), which tells
    /// a dependence on length and weight from one on repeating a value.
    #[arg(long, default_value = "short", value_parser = ["short", "typical"])]
    pub fixed: String,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct CtRow<'a> {
    curve: &'a str,
    method: String,
    samples: usize,
    max_t: f64,
    t_uncropped: f64,
    fixed_median: f64,
    random_median: f64,
    unit: &'static str,
    fixed: &'static str,
}

pub fn ct_check_cmd(args: &CtCheckArgs) -> Result<ExitCode, UsageError> {
    let c = curve(&args.curve)?;
    let (target, name) = if args.method == "ecdh" {
        (CtTarget::Ecdh, "ecdh".to_string())
    } else {
        let m = method_arg(c, Some(&args.method))?;
        let name = m.to_string();
        (CtTarget::Method(m), name)
    };
    if let Some(n) = args.samples.filter(|&n| n < 2 * MIN_PER_CLASS) {
        return Err(UsageError(format!(
            "--samples {n}: at least {} are needed",
            2 * MIN_PER_CLASS
        )));
    }
    let fixed = FixedClass::from_name(&args.fixed)
        .ok_or_else(|| UsageError(format!("--fixed {}: short or typical", args.fixed)))?;
    let r = match ct_check_with(c, &target, args.samples, args.seed, fixed) {
        Ok(r) => r,
        Err(e) => return Ok(rejected(e)),
    };
    let unit = if r.ticks { "TSC ticks" } else { "ns" };
    if args.json {
        let row = CtRow {
            curve: c.name(),
            method: name,
            samples: r.samples,
            max_t: r.max_t,
            t_uncropped: r.t_uncropped,
            fixed_median: r.fixed_median,
            random_median: r.random_median,
            unit,
            fixed: fixed.name(),
        };
        println!("{}", serde_json::to_string(&row).expect("serialisable"));
    } else {
        println!(
            "{} {name}: max |t| = {:.2} over {} samples ({} fixed); uncropped t = {:.2}, worst at the {:.1}th percentile crop",
            c.name(),
            r.max_t,
            r.samples,
            r.fixed_samples,
            r.t_uncropped,
            100.0 * r.worst_crop
        );
        println!(
            "medians: fixed {:.0}, random {:.0} {unit}",
            r.fixed_median, r.random_median
        );
        if fixed != FixedClass::Short {
            println!(
                "fixed class: {} (one draw of the random class, repeated)",
                fixed.name()
            );
        }
        println!("{}", r.verdict());
    }
    Ok(ExitCode::SUCCESS)
}
