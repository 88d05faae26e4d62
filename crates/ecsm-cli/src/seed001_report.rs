//! Section 4 of `ecsm report`: seed 001 (GLS254, λ-coordinates), ours beside the slides'.

use ecsm::backend::tsc;
use ecsm::cost::{measure, Counted, OpCounts};
use ecsm::curves::gls254::find_gls_named;
use ecsm::curves::named::NamedCurve;
use ecsm::experiments::gls_counts::{gls_counts, AvgCounts};
use ecsm::experiments::paper::{SEED001_FORMULAS, SEED001_RESULTS};
use ecsm::experiments::timing::BenchConfig;
use ecsm::gls::methods::GlsMethod;
use std::time::Duration;

/// Our method for each "This work" row of the results table, in the table's order.
const OURS: [GlsMethod; 6] = [
    GlsMethod::LdDblAdd(4),
    GlsMethod::LambdaDblAdd(4),
    GlsMethod::LdHalveAdd(4),
    GlsMethod::LambdaHalveAdd(4),
    GlsMethod::LambdaParallel { w: 4, t: None },
    GlsMethod::LambdaCt(5),
];

fn short(c: &OpCounts) -> String {
    let mut s = format!("{}M + {}S", c.mul, c.sqr);
    if c.mul_const > 0 {
        s += &format!(" + {}C", c.mul_const);
    }
    if c.inv > 0 {
        s = format!("{}I + {s}", c.inv);
    }
    s
}

fn avg(c: &AvgCounts) -> String {
    format!(
        "{:.1}I + {:.1}H + {:.0}M + {:.0}S + {:.0}sqrt ({:.0}C)",
        c.inv, c.half_trace, c.mul, c.sqr, c.sqrt, c.mul_const
    )
}

pub fn seed001_section(cfg: BenchConfig, samples: usize) {
    println!("4. GLS254 with lambda coordinates (seed 001)");
    println!("--------------------------------------------");
    let Some(curve) = find_gls_named("gls254") else {
        println!("  gls254 is missing from the registry");
        return;
    };
    let rate = tsc::ticks_per_ns(Duration::from_millis(50));
    match rate {
        Some(r) => println!(
            "TSC: {r:.3} ticks/ns here. The slides' cycles are rdtsc ticks with Turbo Boost off, i.e. core cycles at 3.4 GHz (Sandy Bridge) and 2.4 GHz (Haswell); here the TSC runs at its nominal rate and the core clock may differ (boost, a shared machine), so ticks are the comparable unit, not cycles."
        ),
        None => println!("TSC: not available on this CPU; ticks are omitted."),
    }
    println!();
    println!("Results table (seed 001): the slides' cycles beside ours on curve gls254 (ours: median of `ecsm bench`, random points and scalars).");
    println!(
        "  {:<16} {:<11} {:<31} {:<4} {:>10} {:>9}   {:<22} {:>9} {:>10}",
        "work", "curve", "method", "SCR", "SB cycles", "Haswell", "ours", "ns", "TSC ticks"
    );
    let mut ours = OURS.iter();
    for (work, curve_name, method, scr, sb, hw) in SEED001_RESULTS {
        let quoted = work != "This work";
        let hw = hw.map_or("-".to_string(), |c| c.to_string());
        let mine = if quoted { None } else { ours.next() };
        let (spec, ns, ticks) = match mine {
            Some(m) => match curve.bench_mul(&m.spec(), cfg, 1) {
                Ok(t) => (
                    m.spec().to_string(),
                    format!("{:.0}", t.median_ns),
                    rate.map_or("-".into(), |r| format!("{:.0}", t.median_ns * r)),
                ),
                Err(e) => (m.spec().to_string(), format!("error: {e}"), "-".into()),
            },
            None => ("(quoted by the seed)".into(), String::new(), String::new()),
        };
        println!(
            "  {:<16} {:<11} {:<31} {:<4} {:>10} {:>9}   {:<22} {:>9} {:>10}",
            work,
            curve_name,
            method,
            if scr { "yes" } else { "no" },
            sb,
            hw,
            spec,
            ns,
            ticks
        );
    }
    println!();
    println!("Formula costs in GF(2^254), the slides' beside ours measured with Counted (C = a multiplication by a curve constant: by a = u it is additions only here, by b in GF(2^127) two base multiplications):");
    let ld_rows = formula_counts(curve);
    for ((op, ld, lambda), (our_ld, our_l)) in SEED001_FORMULAS.iter().zip(ld_rows) {
        println!(
            "  {op:<22} LD: seed {ld:<22} ours {our_ld:<16}   λ: seed {lambda:<38} ours {our_l}"
        );
    }
    println!();
    println!("Operations per scalar multiplication, measured ({samples} random points and scalars), in GF(2^254) | in GF(2^127):");
    for m in OURS {
        match gls_counts(curve, m, samples, 7) {
            Ok(c) => println!("  {:<20} {} | {}", c.method, avg(&c.ext), avg(&c.base)),
            Err(e) => println!("  {:<20} error: {e}", m.spec()),
        }
    }
    println!("  The seed's analytic loop costs (4-NAF, n = 254): double-and-add (λ) about 45.7 DA + 81.3 D + 5.1 A, halve-and-add n/(w+1) A + n/2 H. Ours differ by the precomputation (an affine table with 2 inversions, then λ), the final conversion (1 inversion), and, for halve-and-add, the 2(2^(w-2) - 1) full additions that merge the accumulators.");
}

/// (LD, λ) measured costs of the four formulas of the comparison, on points of gls254.
fn formula_counts(curve: &ecsm::curves::gls254::GlsNamedCurve) -> Vec<(String, String)> {
    let c = curve.curve().map_field(Counted);
    let g = curve.generator_point().map(Counted);
    let p = c.affine_double(&g);
    let ld_p = c.ld_double(&c.affine_to_ld(&g));
    let ld_q = c.ld_double(&ld_p);
    let la_g = c.affine_to_lambda_affine(&g);
    let l_p = c.lambda_double(&c.affine_to_lambda(&p));
    let l_q = c.lambda_double(&l_p);
    let m = |f: &dyn Fn()| short(&measure(f).1);
    vec![
        (
            m(&|| {
                let _ = c.ld_add(&ld_p, &ld_q);
            }),
            m(&|| {
                let _ = c.lambda_add(&l_p, &l_q);
            }),
        ),
        (
            m(&|| {
                let _ = c.ld_mixed_add(&ld_p, &g);
            }),
            m(&|| {
                let _ = c.lambda_mixed_add(&l_p, &la_g);
            }),
        ),
        (
            m(&|| {
                let _ = c.ld_double(&ld_p);
            }),
            m(&|| {
                let _ = c.lambda_double(&l_p);
            }),
        ),
        (
            m(&|| {
                let _ = c.ld_mixed_add(&c.ld_double(&ld_p), &g);
            }),
            m(&|| {
                let _ = c.lambda_double_add(&l_p, &la_g);
            }),
        ),
    ]
}
