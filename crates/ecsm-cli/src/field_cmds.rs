//! `ecsm info`, `ecsm fields` and `ecsm field-bench`.

use crate::report::doc::{table_text, Cell, Table};
use crate::UsageError;
use clap::Args;
use ecsm::backend::{cpu_features, detect, effective, effective_ext2, BackendKind};
use ecsm::experiments::field_bench::{
    bench_field, prime_backend, prime_fields, ratio, OpTiming, FIELDS, FIELD_NAMES,
    PRIME_FIELD_NAMES,
};
use ecsm::experiments::timing::BenchConfig;
use ecsm::field::gf2m::{Gf2mSpec, P127, P163, P233, P283, P409, P571};
use serde::Serialize;

/// The CPU's model name, where the OS tells it.
pub fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string())
}

pub fn info(backend: BackendKind) {
    println!("ecsm {}", env!("CARGO_PKG_VERSION"));
    println!("cpu: {}", cpu_model());
    let feats: Vec<String> = cpu_features()
        .iter()
        .map(|(n, on)| format!("{n}{}", if *on { "+" } else { "-" }))
        .collect();
    println!(
        "features: {}",
        if feats.is_empty() {
            "(none detected)".to_string()
        } else {
            feats.join(" ")
        }
    );
    println!("backend: {}", backend.name());
    let why = match std::env::var("ECSM_BACKEND").ok().filter(|v| !v.is_empty()) {
        Some(v) => format!("forced by ECSM_BACKEND={v}"),
        None => match detect() {
            BackendKind::Vpclmul => {
                "detected: PCLMULQDQ, SSE4.1, AVX2, VPCLMULQDQ and BMI2 present".to_string()
            }
            BackendKind::Clmul => {
                "detected: PCLMULQDQ and SSE4.1 present (no AVX2/VPCLMULQDQ)".to_string()
            }
            BackendKind::Portable => "detected: no PCLMULQDQ, portable u64 code".to_string(),
        },
    };
    println!("backend-reason: {why}");
    // The prime fields are portable code except P-256, P-384 and secp256k1, whose assembly
    // follows the CPU and ECSM_BACKEND=portable (`ecsm::backend::adx`); one switch for all.
    let p256 = if ecsm::backend::adx::available() {
        "adx (BMI2/ADX assembly)"
    } else if ecsm::backend::adx::supported() {
        "portable (forced by ECSM_BACKEND=portable)"
    } else {
        "portable (no BMI2/ADX)"
    };
    println!("p256-field: {p256}");
    println!("p384-field: {p256}");
    if ecsm::backend::adx::available() {
        // The four-word squares (P-256, secp256k1) double by SHLD or on ADCX/ADOX, by vendor.
        let form = if ecsm::backend::adx::shld_doubling() {
            "shld (the faster form on Intel)"
        } else {
            "adcx (the faster form on AMD)"
        };
        println!("four-word-square: {form}");
    }
}

fn field_line<const N: usize, S: Gf2mSpec<N>>() -> String {
    let mut poly = format!("x^{}", S::M);
    for k in S::TERMS.iter().rev() {
        poly.push_str(&format!(" + x^{k}"));
    }
    poly.push_str(" + 1");
    let chain: Vec<String> = S::CHAIN.values().iter().map(u16::to_string).collect();
    let t = S::tables();
    format!(
        "{:<6} {:<34} words={} inv-chain({} steps)={} half-trace-table={}KiB",
        S::NAME,
        poly,
        N,
        S::CHAIN.len(),
        chain.join(","),
        t.half_trace_table().bytes() / 1024
    )
}

pub fn fields() {
    println!("{}", field_line::<2, P127>());
    println!("{}", field_line::<3, P163>());
    println!("{}", field_line::<4, P233>());
    println!("{}", field_line::<5, P283>());
    println!("{}", field_line::<7, P409>());
    println!("{}", field_line::<9, P571>());
    println!("2^254  GF(2^127)[u]/(u^2 + u + 1)     words=4 (two GF(2^127) coefficients)");
    for f in prime_fields() {
        println!(
            "{:<13} p = 0x{} bits={} words={} reduction={}",
            f.name,
            f.modulus_hex,
            f.bits,
            f.words,
            format!("{:?}", f.reduction).to_lowercase()
        );
    }
}

#[derive(Args, Debug)]
pub struct FieldBenchArgs {
    /// Print one JSON array of {"field", "op", "median_ns"} objects.
    #[arg(long)]
    pub json: bool,
    /// Only these fields (repeatable), e.g. --field 2^233 or --field p256.
    #[arg(long = "field", value_name = "NAME")]
    pub fields: Vec<String>,
    /// Also time every other backend this CPU supports, and print them all.
    #[arg(long, alias = "all-backends")]
    pub both_backends: bool,
    /// Short measurement (as in `ecsm report`).
    #[arg(long)]
    pub quick: bool,
    /// Also time the peer library's GF(2^254) multiplication and (constant-time)
    /// inversion in the same run, as a row of backend `crrl` (cargo feature `crrl`).
    #[arg(long)]
    pub peers: bool,
}

#[derive(Serialize)]
struct JsonRow<'a> {
    field: &'a str,
    op: &'a str,
    median_ns: f64,
    min_ns: f64,
    backend: &'a str,
}

/// Fields selected by `--field`, validated: binary fields first, then prime fields.
pub fn selected_fields(requested: &[String]) -> Result<Vec<&'static str>, UsageError> {
    let all = || FIELD_NAMES.iter().chain(PRIME_FIELD_NAMES.iter());
    if requested.is_empty() {
        return Ok(all().copied().collect());
    }
    requested
        .iter()
        .map(|r| {
            all()
                .find(|n| **n == r.as_str() || n.trim_start_matches("2^") == r.as_str())
                .copied()
                .ok_or_else(|| {
                    UsageError(format!(
                        "unknown field '{r}' (expected one of {})",
                        all().copied().collect::<Vec<_>>().join(", ")
                    ))
                })
        })
        .collect()
}

/// Time the selected fields on the backend the library dispatches each one to (see
/// `ecsm::backend::effective`), and with `all` on every other supported backend too.
pub fn run_bench(fields: &[&str], all: bool, cfg: BenchConfig) -> Vec<OpTiming> {
    let mut rows = Vec::new();
    for f in fields {
        // Prime fields have one implementation, the portable one, except P-256 (the
        // assembly where the CPU has BMI2/ADX, and its portable twin with `all`).
        if PRIME_FIELD_NAMES.contains(f) {
            let main = prime_backend(f);
            rows.extend(bench_field(cfg, f, main).expect("field name validated"));
            if all && main != "portable" {
                rows.extend(bench_field(cfg, f, "portable").expect("field name validated"));
            }
            continue;
        }
        let words = FIELDS.iter().find(|(n, _)| n == f).map_or(2, |(_, w)| *w);
        let main = if *f == "2^254" {
            effective_ext2()
        } else {
            effective(words)
        };
        let mut kinds = vec![main];
        if all {
            kinds.extend(
                [
                    BackendKind::Vpclmul,
                    BackendKind::Clmul,
                    BackendKind::Portable,
                ]
                .into_iter()
                .filter(|k| *k != main && k.supported()),
            );
        }
        for k in kinds {
            rows.extend(bench_field(cfg, f, k.name()).expect("field and backend names validated"));
        }
    }
    rows
}

/// (field, backend) pairs of the timings, in their order.
pub fn field_backend_keys(rows: &[OpTiming]) -> Vec<(&'static str, &'static str)> {
    let mut keys: Vec<(&str, &str)> = rows.iter().map(|r| (r.field, r.backend)).collect();
    keys.dedup();
    keys
}

/// The timings of one field on one backend.
pub fn timings_of(rows: &[OpTiming], field: &str, backend: &str) -> Vec<OpTiming> {
    rows.iter()
        .filter(|r| r.field == field && r.backend == backend)
        .cloned()
        .collect()
}

/// The latencies of `rows` as a table: a row per field and backend, a column per
/// operation, then the ratios I/M, S/M and H/M.
pub fn latency_table(rows: &[OpTiming]) -> Table {
    let ops = [
        "mul",
        "sqr",
        "inv",
        "inv_ct",
        "inv_euclid",
        "half_trace",
        "sqrt",
        "trace",
        "add",
    ];
    let mut t = Table::new(
        ["field", "backend"]
            .into_iter()
            .chain(ops)
            .chain(["I/M", "S/M", "H/M"]),
    );
    for (field, backend) in field_backend_keys(rows) {
        let these = timings_of(rows, field, backend);
        let mut row = vec![Cell::text(field), Cell::text(backend)];
        for op in ops {
            row.push(Cell::opt(
                these
                    .iter()
                    .find(|t| t.op == op)
                    .map(|t| t.timing.median_ns),
                1,
            ));
        }
        for (n, d) in [("inv", "mul"), ("sqr", "mul"), ("half_trace", "mul")] {
            row.push(Cell::opt(ratio(&these, n, d), 2));
        }
        t.row(row);
    }
    t
}

pub fn field_bench(args: &FieldBenchArgs) -> Result<(), UsageError> {
    let fields = selected_fields(&args.fields)?;
    let cfg = if args.quick {
        BenchConfig::QUICK
    } else {
        BenchConfig::STANDARD
    };
    let mut rows = run_bench(&fields, args.both_backends, cfg);
    if args.peers {
        rows.extend(peer_rows(&fields, cfg)?);
    }
    if args.json {
        let json: Vec<JsonRow> = rows
            .iter()
            .map(|r| JsonRow {
                field: r.field,
                op: r.op,
                median_ns: round1(r.timing.median_ns),
                min_ns: round1(r.timing.min_ns),
                backend: r.backend,
            })
            .collect();
        println!(
            "{}",
            serde_json::to_string(&json).expect("plain data serialises")
        );
    } else {
        println!("median latency in ns per call (dependent chains); inv = Itoh-Tsujii with multi-squaring tables,");
        println!("inv_ct = Itoh-Tsujii, constant-time (long runs of squarings by masked basis-image walks where the backend has them: GF(2^127) and GF(2^254) always, the others with AVX-512F), inv_euclid = binary extended Euclid;");
        println!("prime fields: inv = Bernstein-Yang divsteps (variable-time), inv_ct = Fermat with a fixed window;");
        println!("first row of each field: the backend the library runs it on");
        print!("{}", table_text(&latency_table(&rows)));
    }
    Ok(())
}

/// crrl's GF(2^254) rows for `field-bench --peers`: its product as `mul` and its
/// inversion, which is constant-time, as `inv_ct` (both dependent chains, like ours).
fn peer_rows(fields: &[&str], cfg: BenchConfig) -> Result<Vec<OpTiming>, UsageError> {
    if !fields.contains(&"2^254") {
        return Err(UsageError(
            "--peers: crrl is the peer of field 2^254 only (add --field 2^254)".into(),
        ));
    }
    #[cfg(feature = "crrl")]
    {
        use crate::peers::crrl;
        let row = |op, timing| OpTiming {
            field: "2^254",
            op,
            backend: "crrl",
            timing,
        };
        Ok(vec![
            row("mul", crrl::gf254_mul_bench(cfg, 1)),
            row("inv_ct", crrl::gf254_inv_bench(cfg, 1)),
        ])
    }
    #[cfg(not(feature = "crrl"))]
    {
        let _ = cfg;
        Err(UsageError(
            "--peers: crrl is not built in: rebuild with `--features crrl` (and RUSTFLAGS=\"-C target-cpu=native\", see the README)".into(),
        ))
    }
}

pub fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}
