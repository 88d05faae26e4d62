//! `ecsm report`: what the project reproduces so far, ours beside the papers'.

use crate::field_cmds::{cpu_model, print_table, run_bench};
use crate::peer_bench::{openssl_decompress, peer_version};
use crate::UsageError;
use clap::Args;
use ecsm::backend::BackendKind;
use ecsm::cost::{measure, Counted};
use ecsm::curves::named::find_curve;
use ecsm::experiments::decompression::{decompression_rows, DecompressionRow, SAMPLES};
use ecsm::experiments::field_bench::{ratio, OpTiming, FIELD_NAMES};
use ecsm::experiments::paper::{
    SEED000_FIELD_RATIOS, SEED001_CHAIN_127, SEED003_CHAIN_COSTS, SEED003_DECOMPRESSION_US,
};
use ecsm::experiments::timing::BenchConfig;
use ecsm::field::chain::itoh_tsujii;
use ecsm::field::gf2m::{Gf2m, Gf2mSpec, P127, P163, P233, P283, P409, P571};
use ecsm::field::prime::sqrt::{sqrt_plan_for, SqrtMethod};
use ecsm::field::{Field, Gf127, Gf254, Gf2Ext};

#[derive(Args, Debug)]
pub struct ReportArgs {
    /// Longer, steadier timings (as `ecsm field-bench`).
    #[arg(long)]
    pub full: bool,
    /// Print only these sections, comma-separated: fields, seed003, seed000, seed001,
    /// seed002 (in the report's order whatever the order given). Default: all.
    #[arg(long, value_enum, value_delimiter = ',')]
    pub only: Vec<Section>,
}

/// A section of the report.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    /// Section 1, binary-field arithmetic: latencies, the ratios heading seed 000's
    /// Table 1, inversion counts.
    Fields,
    /// Section 2, seed 003: fast point decompression on the standard prime curves.
    Seed003,
    /// Section 3, seed 000: Table 1 on binary curves.
    Seed000,
    /// Section 4, seed 001: GLS254.
    Seed001,
    /// Section 5, seed 002: Yao's algorithm with double bases on eight curve shapes.
    Seed002,
}

impl ReportArgs {
    fn wants(&self, s: Section) -> bool {
        self.only.is_empty() || self.only.contains(&s)
    }
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
    let cfg = if args.full {
        BenchConfig::STANDARD
    } else {
        BenchConfig::QUICK
    };
    // Seed 000's section prices its counts at the field latencies measured here.
    let rows = if args.wants(Section::Fields) || args.wants(Section::Seed000) {
        run_bench(&FIELD_NAMES, true, cfg)
    } else {
        Vec::new()
    };
    if args.wants(Section::Fields) {
        fields_section(&rows, backend);
    }
    if args.wants(Section::Seed003) {
        decompression_section(cfg);
        println!();
    }
    if args.wants(Section::Seed000) {
        crate::table1_report::table1_section(args.full, &rows, backend.name());
        println!();
    }
    if args.wants(Section::Seed001) {
        crate::seed001_report::seed001_section(cfg, if args.full { 50 } else { 5 });
        println!();
    }
    if args.wants(Section::Seed002) {
        crate::seed002_report::seed002_section(cfg, if args.full { 2000 } else { 200 });
    }
    Ok(())
}

/// Section 1: field latencies, the ratios heading seed 000's Table 1, inversion counts.
fn fields_section(rows: &[OpTiming], backend: BackendKind) {
    println!("1. Binary-field arithmetic (foundation for seeds 000 and 001)");
    println!("--------------------------------------------------------------");
    println!("median latency, ns per call, dependent chains:");
    print_table(rows);
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
    println!();
}

/// Seed 003: point decompression by three exponentiation methods, ours beside the paper's.
fn decompression_section(cfg: BenchConfig) {
    println!("2. Fast point decompression on standard prime curves (seed 003)");
    println!("----------------------------------------------------------------");
    println!(
        "decompression of a compressed point = x^3 + ax + b, a square root, the root's check;"
    );
    println!("S and M per decompression measured with Counted (M includes multiplications by a);");
    println!("ours: median us on this machine over {SAMPLES} random points; paper: us, 2008 hardware, OpenSSL 0.9.8-era code");
    let openssl = peer_version();
    println!(
        "  {:<24} {:>17} {:>17} {:>17} {:>6} {:>6} | {:>8} {:>8} {:>8} {:>6} {:>6}{}",
        "curve",
        "binary us (S+M)",
        "sliding us (S+M)",
        "chain us (S+M)",
        "sv/sl",
        "sv/bin",
        "p:slide",
        "p:binary",
        "p:new",
        "p:sv/sl",
        "p:sv/b",
        if openssl.is_some() {
            "   OpenSSL us  ours/OpenSSL"
        } else {
            ""
        }
    );
    for (name, p_sl, p_bin, p_new, p_sv_sl, p_sv_bin) in SEED003_DECOMPRESSION_US {
        let rows = match decompression_rows(name, cfg, 3) {
            Ok(r) => r,
            Err(e) => {
                println!("  {name:<24} failed: {e}");
                continue;
            }
        };
        let get = |m: SqrtMethod| {
            rows.iter()
                .find(|r| r.method == m)
                .expect("every method is measured")
        };
        let (bin, sl, ch) = (
            get(SqrtMethod::Binary),
            get(SqrtMethod::Sliding),
            get(SqrtMethod::Chain),
        );
        let cell = |r: &DecompressionRow| {
            format!("{:.2} ({:.0}+{:.0})", r.timing.median_ns / 1e3, r.s, r.m)
        };
        let saving =
            |base: &DecompressionRow| 100.0 * (1.0 - ch.timing.median_ns / base.timing.median_ns);
        let peer = if openssl.is_some() {
            let c = find_curve(name).expect("seed 003's curves are registered");
            let points = c.as_prime().expect("prime").random_compressed(SAMPLES, 3);
            match openssl_decompress(c, &points, cfg) {
                Some(t) => format!(
                    "   {:>10.2}  {:>11.3}",
                    t.median_ns / 1e3,
                    ch.timing.median_ns / t.median_ns
                ),
                None => "   (not in OpenSSL)".to_string(),
            }
        } else {
            String::new()
        };
        println!(
            "  {:<24} {:>17} {:>17} {:>17} {:>5.1}% {:>5.1}% | {:>8.1} {:>8.1} {:>8.1} {:>5.1}% {:>5.1}%{}",
            rows[0].curve,
            cell(bin),
            cell(sl),
            cell(ch),
            saving(sl),
            saving(bin),
            p_sl,
            p_bin,
            p_new,
            p_sv_sl,
            p_sv_bin,
            peer
        );
    }
    println!("  sv/sl, sv/bin: time saved by the chain over the sliding window and over binary (ours; p: the paper's)");
    if openssl.is_none() {
        println!("  (OpenSSL side by side: build with `--features openssl`)");
    }
    println!(
        "chain costs of the exponentiation (p+1)/4 (sqrt-chain's exact counts) beside the seed's:"
    );
    for (name, pm, ps) in SEED003_CHAIN_COSTS {
        let c = find_curve(name).expect("registered");
        let plan = sqrt_plan_for(c.as_prime().expect("prime").modulus()).expect("a named prime");
        let (m, s) = (plan.multiplications(), plan.squarings());
        println!(
            "  {name:<10} ours {m}M + {s}S   seed {pm}M + {ps}S   {}",
            if m <= pm && s <= ps {
                "(no dearer)"
            } else {
                "(DEARER THAN THE SEED)"
            }
        );
    }
}
