//! `ecsm report`: what the project reproduces so far, ours beside the papers'.

use crate::field_cmds::{cpu_model, print_table, run_bench};
use crate::UsageError;
use clap::Args;
use ecsm::backend::BackendKind;
use ecsm::cost::{measure, Counted};
use ecsm::experiments::field_bench::{ratio, FIELD_NAMES};
use ecsm::experiments::paper::{SEED000_FIELD_RATIOS, SEED001_CHAIN_127};
use ecsm::experiments::timing::BenchConfig;
use ecsm::field::chain::itoh_tsujii;
use ecsm::field::gf2m::{Gf2m, Gf2mSpec, P127, P163, P233, P283, P409, P571};
use ecsm::field::{Field, Gf127, Gf254, Gf2Ext};

#[derive(Args, Debug)]
pub struct ReportArgs {
    /// Longer, steadier timings (as `ecsm field-bench`).
    #[arg(long)]
    pub full: bool,
}

/// Measured cost of one inversion, with `Counted`, on a fixed nonzero element.
fn inversion_counts<const N: usize, S: Gf2mSpec<N>>() -> String {
    let a = Counted(Gf2m::<N, S>::x() + Gf2m::<N, S>::one());
    let (inv, c) = measure(|| itoh_tsujii(&a, &S::CHAIN, true));
    let ok = inv.inner() * a.inner() == Gf2m::<N, S>::one();
    format!(
        "  {:<6} chain length {:>2}: measured {:>3}M + {:>3}S   (m - 1 = {}){}",
        S::NAME,
        S::CHAIN.len(),
        c.mul,
        c.sqr,
        S::M - 1,
        if ok { "" } else { "   RESULT WRONG" }
    )
}

/// GF(2^254) inversion measured over a counted GF(2^127).
fn gf254_inversion_counts() -> String {
    let u = Gf254::u();
    let a = Gf2Ext::new(Counted(u.c0 + Gf127::one()), Counted(u.c1));
    let (inv, c) = measure(|| a.invert());
    let ok = inv
        .map(|i| Gf254::new(i.c0.inner(), i.c1.inner()) * (u + Gf254::one()) == Gf254::one())
        .unwrap_or(false);
    format!(
        "  2^254  norm-based, over GF(2^127): measured {}I + {}M + {}S in GF(2^127) (seed 001: inv + 3 mult + 2 sqr){}",
        c.inv,
        c.mul,
        c.sqr,
        if ok { "" } else { "   RESULT WRONG" }
    )
}

pub fn report(args: &ReportArgs, backend: BackendKind) -> Result<(), UsageError> {
    println!("ecsm report");
    println!("===========");
    println!("machine: {}, backend: {}", cpu_model(), backend.name());
    println!();
    println!("1. Binary-field arithmetic (foundation for seeds 000 and 001)");
    println!("--------------------------------------------------------------");
    let cfg = if args.full {
        BenchConfig::STANDARD
    } else {
        BenchConfig::QUICK
    };
    let rows = run_bench(&FIELD_NAMES, true, cfg);
    println!("median latency, ns per call, dependent chains:");
    print_table(&rows);
    println!();
    println!("ratios that head seed 000's Table 1 -- ours (this machine, the backend each field runs on) beside the paper's (2013, NTL/GMP, i7-2620):");
    println!(
        "  {:<6} {:>9} {:>9} {:>12} {:>12} {:>9}",
        "field", "our I/M", "our S/M", "paper I/M", "paper S/M", "our H/M"
    );
    for (field, pim, psm) in SEED000_FIELD_RATIOS {
        let these: Vec<_> = rows
            .iter()
            .filter(|r| r.field == field && r.backend == backend.name())
            .cloned()
            .collect();
        let r = |n, d| ratio(&these, n, d).map_or("-".to_string(), |v| format!("{v:.3}"));
        println!(
            "  {:<6} {:>9} {:>9} {:>12.3} {:>12.3} {:>9}",
            field,
            r("inv", "mul"),
            r("sqr", "mul"),
            pim,
            psm,
            r("half_trace", "mul")
        );
    }
    println!("  (the paper states H ~ M with tables; its I/M between 8 and 10, S/M between 0.14 and 0.23)");
    println!();
    println!("Itoh-Tsujii inversion, operation counts measured with Counted while it runs:");
    for line in [
        inversion_counts::<2, P127>(),
        inversion_counts::<3, P163>(),
        inversion_counts::<4, P233>(),
        inversion_counts::<5, P283>(),
        inversion_counts::<7, P409>(),
        inversion_counts::<9, P571>(),
        gf254_inversion_counts(),
    ] {
        println!("{line}");
    }
    let ours: Vec<u16> = P127::CHAIN.values().to_vec();
    println!(
        "  seed 001's chain for GF(2^127): {:?} ({} steps); ours: {}",
        SEED001_CHAIN_127,
        SEED001_CHAIN_127.len() - 1,
        if ours == SEED001_CHAIN_127 {
            "the same chain"
        } else {
            "differs"
        }
    );
    println!("  the other chains are shortest addition chains for m - 1 (found by ecsm::field::chain::shortest_addition_chain)");
    Ok(())
}
