//! `ecsm report`: what the project reproduces so far, ours beside the papers', as text,
//! JSON or an HTML page with plots (the same data, [`doc`]).

pub mod doc;
mod html;
mod svg;

use crate::field_cmds::{cpu_model, field_backend_keys, latency_table, run_bench, timings_of};
use crate::peer_bench::{openssl_decompress, peer_version};
use crate::UsageError;
use clap::Args;
use doc::{section_text, BarChart, Cell, Report, Section, Table};
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
    pub only: Vec<SectionId>,
    /// Print the report as one JSON document instead of text (the same data as the
    /// text and the HTML page).
    #[arg(long)]
    pub json: bool,
    /// Also write the report as one self-contained HTML page with plots (inline SVG, no
    /// scripts or network) to this file.
    #[arg(long, value_name = "FILE")]
    pub html: Option<std::path::PathBuf>,
}

/// A section of the report.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SectionId {
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
    fn wants(&self, s: SectionId) -> bool {
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
    // Opened first, so that a path that cannot be written fails before minutes of work.
    let page_error = |p: &std::path::Path, e: std::io::Error| {
        UsageError(format!(
            "cannot write the HTML report to {}: {e}",
            p.display()
        ))
    };
    let mut page = match &args.html {
        Some(p) => Some((p, std::fs::File::create(p).map_err(|e| page_error(p, e))?)),
        None => None,
    };
    let mut report = Report {
        title: "ecsm report".to_string(),
        version: env!("CARGO_PKG_VERSION").to_string(),
        machine: cpu_model(),
        backend: backend.name().to_string(),
        sections: Vec::new(),
    };
    // Text goes out section by section as each is measured (the whole report takes
    // minutes); JSON, when asked for, replaces it on stdout.
    let text = !args.json;
    if text {
        println!("{}", report.title);
        println!("{}", "=".repeat(report.title.len()));
        println!("machine: {}, backend: {}", report.machine, report.backend);
        println!();
    }
    let mut emit = |s: Section| {
        if text {
            println!("{}", section_text(&s));
        }
        report.sections.push(s);
    };
    let cfg = if args.full {
        BenchConfig::STANDARD
    } else {
        BenchConfig::QUICK
    };
    // Seed 000's section prices its counts at the field latencies measured here.
    let rows = if args.wants(SectionId::Fields) || args.wants(SectionId::Seed000) {
        run_bench(&FIELD_NAMES, true, cfg)
    } else {
        Vec::new()
    };
    if args.wants(SectionId::Fields) {
        emit(fields_section(&rows, backend));
    }
    if args.wants(SectionId::Seed003) {
        emit(decompression_section(cfg));
    }
    if args.wants(SectionId::Seed000) {
        emit(crate::table1_report::table1_section(
            args.full,
            &rows,
            backend.name(),
        ));
    }
    if args.wants(SectionId::Seed001) {
        emit(crate::seed001_report::seed001_section(
            cfg,
            if args.full { 50 } else { 5 },
        ));
    }
    if args.wants(SectionId::Seed002) {
        emit(crate::seed002_report::seed002_section(
            cfg,
            if args.full { 2000 } else { 200 },
        ));
    }
    if args.json {
        println!(
            "{}",
            serde_json::to_string(&report).expect("the report serialises")
        );
    }
    if let Some((path, file)) = page.as_mut() {
        use std::io::Write;
        file.write_all(html::report_html(&report).as_bytes())
            .map_err(|e| page_error(path, e))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}

/// Section 1: field latencies, the ratios heading seed 000's Table 1, inversion counts.
fn fields_section(rows: &[OpTiming], backend: BackendKind) -> Section {
    let mut s = Section::new(
        "fields",
        "1. Binary-field arithmetic (foundation for seeds 000 and 001)",
    );
    s.text("median latency, ns per call, dependent chains:");
    s.table(latency_table(rows));
    s.text("");
    s.text("ratios that head seed 000's Table 1 -- ours (this machine, the backend each field runs on) beside the paper's (2013, NTL/GMP, i7-2620):");
    let mut t = Table::new([
        "field",
        "our I/M",
        "our S/M",
        "paper I/M",
        "paper S/M",
        "our H/M",
    ]);
    for (field, pim, psm) in SEED000_FIELD_RATIOS {
        let these = timings_of(rows, field, backend.name());
        let r = |n, d| Cell::opt(ratio(&these, n, d), 3);
        t.row(vec![
            Cell::text(field),
            r("inv", "mul"),
            r("sqr", "mul"),
            Cell::num(pim, 3),
            Cell::num(psm, 3),
            r("half_trace", "mul"),
        ]);
    }
    s.table(t);
    s.text("  (the paper states H ~ M with tables; its I/M between 8 and 10, S/M between 0.14 and 0.23)");
    s.chart(ratio_chart(rows));
    s.text("");
    s.text("Itoh-Tsujii inversion, operation counts measured with Counted while it runs:");
    for line in [
        inversion_counts::<2, P127>(),
        inversion_counts::<3, P163>(),
        inversion_counts::<4, P233>(),
        inversion_counts::<5, P283>(),
        inversion_counts::<7, P409>(),
        inversion_counts::<9, P571>(),
        gf254_inversion_counts(),
    ] {
        s.text(line);
    }
    let ours: Vec<u16> = P127::CHAIN.values().to_vec();
    s.text(format!(
        "  seed 001's chain for GF(2^127): {:?} ({} steps); ours: {}",
        SEED001_CHAIN_127,
        SEED001_CHAIN_127.len() - 1,
        if ours == SEED001_CHAIN_127 {
            "the same chain"
        } else {
            "differs"
        }
    ));
    s.text("  the other chains are shortest addition chains for m - 1 (found by ecsm::field::chain::shortest_addition_chain)");
    s
}

/// The ratios I/M, S/M and H/M of every field on every backend measured, beside the
/// paper's I/M and S/M.
fn ratio_chart(rows: &[OpTiming]) -> BarChart {
    let keys = field_backend_keys(rows);
    let r = |n: &str, d: &str| -> Vec<Option<f64>> {
        keys.iter()
            .map(|(f, b)| ratio(&timings_of(rows, f, b), n, d))
            .collect()
    };
    let paper = |pick: fn(&(&str, f64, f64)) -> f64| -> Vec<Option<f64>> {
        keys.iter()
            .map(|(f, _)| SEED000_FIELD_RATIOS.iter().find(|p| p.0 == *f).map(pick))
            .collect()
    };
    BarChart::new(
        "Field-operation cost relative to a multiplication, per field and backend",
        "cost / one multiplication (log scale)",
        true,
    )
    .categories(keys.iter().map(|(f, b)| format!("{f} {b}")))
    .series("I/M", r("inv", "mul"))
    .series("S/M", r("sqr", "mul"))
    .series("H/M", r("half_trace", "mul"))
    .series("paper I/M (2013)", paper(|p| p.1))
    .series("paper S/M (2013)", paper(|p| p.2))
}

/// Seed 003: point decompression by three exponentiation methods, ours beside the paper's.
fn decompression_section(cfg: BenchConfig) -> Section {
    let mut s = Section::new(
        "seed003",
        "2. Fast point decompression on standard prime curves (seed 003)",
    );
    s.text("decompression of a compressed point = x^3 + ax + b, a square root, the root's check;");
    s.text("S and M per decompression measured with Counted (M includes multiplications by a);");
    s.text(format!("ours: median us on this machine over {SAMPLES} random points; paper: us, 2008 hardware, OpenSSL 0.9.8-era code"));
    let openssl = peer_version();
    let mut columns = vec![
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
    ];
    if openssl.is_some() {
        columns.extend(["OpenSSL us", "ours/OpenSSL"]);
    }
    let mut t = Table::new(columns);
    let mut chart_rows: Vec<(String, [Option<f64>; 5])> = Vec::new();
    for (name, p_sl, p_bin, p_new, p_sv_sl, p_sv_bin) in SEED003_DECOMPRESSION_US {
        let rows = match decompression_rows(name, cfg, 3) {
            Ok(r) => r,
            Err(e) => {
                s.text(format!("  {name:<24} failed: {e}"));
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
        let cell = |r: &DecompressionRow| Cell {
            text: format!("{:.2} ({:.0}+{:.0})", r.timing.median_ns / 1e3, r.s, r.m),
            value: Some(r.timing.median_ns / 1e3),
        };
        let saving =
            |base: &DecompressionRow| 100.0 * (1.0 - ch.timing.median_ns / base.timing.median_ns);
        let mut row = vec![
            Cell::text(rows[0].curve),
            cell(bin),
            cell(sl),
            cell(ch),
            Cell::num_with(saving(sl), 1, "%"),
            Cell::num_with(saving(bin), 1, "%"),
            Cell::num(p_sl, 1),
            Cell::num(p_bin, 1),
            Cell::num(p_new, 1),
            Cell::num_with(p_sv_sl, 1, "%"),
            Cell::num_with(p_sv_bin, 1, "%"),
        ];
        let mut openssl_us = None;
        if openssl.is_some() {
            let c = find_curve(name).expect("seed 003's curves are registered");
            let points = c.as_prime().expect("prime").random_compressed(SAMPLES, 3);
            match openssl_decompress(c, &points, cfg) {
                Some(p) => {
                    openssl_us = Some(p.median_ns / 1e3);
                    row.push(Cell::num(p.median_ns / 1e3, 2));
                    row.push(Cell::num(ch.timing.median_ns / p.median_ns, 3));
                }
                None => row.push(Cell::text("(not in OpenSSL)")),
            }
        }
        t.row(row);
        chart_rows.push((
            rows[0].curve.to_string(),
            [
                Some(bin.timing.median_ns / 1e3),
                Some(sl.timing.median_ns / 1e3),
                Some(ch.timing.median_ns / 1e3),
                openssl_us,
                Some(p_new),
            ],
        ));
    }
    s.table(t);
    s.text("  sv/sl, sv/bin: time saved by the chain over the sliding window and over binary (ours; p: the paper's)");
    if openssl.is_none() {
        s.text("  (OpenSSL side by side: build with `--features openssl`)");
    }
    let column = |i: usize| chart_rows.iter().map(|r| r.1[i]).collect::<Vec<_>>();
    let mut chart = BarChart::new(
        "Point decompression time per curve, ours beside OpenSSL and the paper",
        "µs per decompression (log scale)",
        true,
    )
    .categories(chart_rows.iter().map(|r| r.0.clone()))
    .series("ours: binary", column(0))
    .series("ours: sliding window", column(1))
    .series("ours: addition chain", column(2));
    if openssl.is_some() {
        chart = chart.series("OpenSSL (this run)", column(3));
    }
    s.chart(chart.series("paper: chain (2008)", column(4)));
    s.text(
        "chain costs of the exponentiation (p+1)/4 (sqrt-chain's exact counts) beside the seed's:",
    );
    for (name, pm, ps) in SEED003_CHAIN_COSTS {
        let c = find_curve(name).expect("registered");
        let plan = sqrt_plan_for(c.as_prime().expect("prime").modulus()).expect("a named prime");
        let (m, sq) = (plan.multiplications(), plan.squarings());
        s.text(format!(
            "  {name:<10} ours {m}M + {sq}S   seed {pm}M + {ps}S   {}",
            if m <= pm && sq <= ps {
                "(no dearer)"
            } else {
                "(DEARER THAN THE SEED)"
            }
        ));
    }
    s
}
