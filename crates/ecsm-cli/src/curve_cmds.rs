//! The curve commands: `curves`, `methods`, `mul`, `decompress`, `validate`, `ecdh`,
//! `bench` and `sqrt-chain`. Exit codes: 0 success, 1 a well-formed request the curve
//! rejects (invalid key, bad point), 2 a malformed argument (see `UsageError`).

use crate::UsageError;
use clap::Args;
use ecsm::curves::named::{all_curves, find_curve, CurveOpError, NamedCurve};
use ecsm::encoding::{from_hex, scalar_from_hex, to_hex};
use ecsm::experiments::timing::{BenchConfig, Timing};
use ecsm::field::prime::sqrt::{sqrt_plan_for, SqrtMethod};
use ecsm::mul::MethodSpec;
use serde::Serialize;
use std::process::ExitCode;

pub(crate) fn curve(name: &str) -> Result<&'static dyn NamedCurve, UsageError> {
    find_curve(name).ok_or_else(|| {
        UsageError(format!(
            "unknown curve {name:?} (see `ecsm curves` for the names)"
        ))
    })
}

fn hex_arg(what: &str, s: &str) -> Result<Vec<u8>, UsageError> {
    from_hex(s).map_err(|e| UsageError(format!("{what}: {e}")))
}

fn scalar_arg(what: &str, s: &str) -> Result<Vec<u64>, UsageError> {
    scalar_from_hex(s).map_err(|e| UsageError(format!("{what}: {e}")))
}

pub(crate) fn method_arg(c: &dyn NamedCurve, spec: Option<&str>) -> Result<MethodSpec, UsageError> {
    c.method_or_default(spec)
        .map_err(|e| UsageError(e.to_string()))
}

/// Report a rejected request: one line on stderr, exit 1.
pub(crate) fn rejected(e: CurveOpError) -> ExitCode {
    eprintln!("error: {e}");
    ExitCode::from(1)
}

pub fn curves() {
    for c in all_curves() {
        let aliases = if c.aliases().is_empty() {
            "-".to_string()
        } else {
            c.aliases().join(",")
        };
        println!(
            "{:<24} {:<12} {:>4} {:>3}  {}",
            c.name(),
            c.field(),
            c.order_bits(),
            c.cofactor(),
            aliases
        );
    }
}

#[derive(Args, Debug)]
pub struct CurveArg {
    /// Curve name or alias (see `ecsm curves`).
    #[arg(long)]
    pub curve: String,
}

pub fn methods(args: &CurveArg) -> Result<ExitCode, UsageError> {
    for m in curve(&args.curve)?.methods() {
        println!("{m}");
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Args, Debug)]
pub struct MulArgs {
    /// Curve name or alias.
    #[arg(long)]
    pub curve: String,
    /// The scalar k, hexadecimal (any length up to 4096 bits).
    #[arg(long)]
    pub scalar: String,
    /// The point P, SEC 1 hex (compressed or uncompressed); default: the generator.
    #[arg(long)]
    pub point: Option<String>,
    /// Method spec as printed by `ecsm methods`; default: the fastest for the curve.
    #[arg(long)]
    pub method: Option<String>,
    /// Print the result compressed.
    #[arg(long)]
    pub compressed: bool,
}

pub fn mul(args: &MulArgs) -> Result<ExitCode, UsageError> {
    let c = curve(&args.curve)?;
    let k = scalar_arg("--scalar", &args.scalar)?;
    let point = args
        .point
        .as_deref()
        .map(|p| hex_arg("--point", p))
        .transpose()?;
    let method = method_arg(c, args.method.as_deref())?;
    match c.mul(&k, point.as_deref(), &method, args.compressed) {
        Ok(out) => {
            println!("{}", to_hex(&out));
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => Ok(rejected(e)),
    }
}

#[derive(Args, Debug)]
pub struct PointArgs {
    /// Curve name or alias.
    #[arg(long)]
    pub curve: String,
    /// The point, SEC 1 hex.
    pub point: String,
}

pub fn decompress(args: &PointArgs) -> Result<ExitCode, UsageError> {
    let c = curve(&args.curve)?;
    let p = hex_arg("point", &args.point)?;
    match c.decompress(&p) {
        Ok(out) => {
            println!("{}", to_hex(&out));
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => Ok(rejected(e)),
    }
}

pub fn validate(args: &PointArgs) -> Result<ExitCode, UsageError> {
    let c = curve(&args.curve)?;
    let p = hex_arg("point", &args.point)?;
    match c.validate(&p) {
        Ok(()) => {
            println!("valid");
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            println!("invalid: {e}");
            Ok(ExitCode::from(1))
        }
    }
}

#[derive(Args, Debug)]
pub struct EcdhArgs {
    /// Curve name or alias.
    #[arg(long)]
    pub curve: String,
    /// Our private key d, hexadecimal, in [1, n − 1].
    #[arg(long)]
    pub private: String,
    /// The peer's public key, SEC 1 hex.
    #[arg(long)]
    pub peer: String,
}

pub fn ecdh(args: &EcdhArgs) -> Result<ExitCode, UsageError> {
    let c = curve(&args.curve)?;
    let d = scalar_arg("--private", &args.private)?;
    let q = hex_arg("--peer", &args.peer)?;
    match c.ecdh(&d, &q) {
        Ok(secret) => {
            println!("{}", to_hex(&secret));
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => Ok(rejected(e)),
    }
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Curve name or alias.
    #[arg(long)]
    pub curve: String,
    /// What to time: `mul` (a variable-base scalar multiplication) or `decompress`.
    #[arg(long, default_value = "mul")]
    pub op: String,
    /// For `--op mul` a method spec (`ecsm methods`); for `--op decompress` the square-root
    /// exponentiation: binary, sliding or chain. Default: the fastest.
    #[arg(long)]
    pub method: Option<String>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Shorter, noisier timing.
    #[arg(long)]
    pub quick: bool,
    /// Seed of the random points and scalars.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Also time the peer libraries for this curve in the same run. With `--op mul`: crrl
    /// for gls254, ed448, P-256 and secp256k1 (cargo feature `crrl`), OpenSSL's
    /// `EC_POINT_mul` for every curve it knows (cargo feature `openssl`), and
    /// libsecp256k1's tweak_mul and ECDH multiplications for secp256k1 (cargo feature
    /// `libsecp256k1`). With `--op decompress`: OpenSSL's `EC_POINT_oct2point` on the same
    /// compressed points. Ours and the peers take turns in 5 blocks; each ratio is the
    /// median of the blocks' ratios.
    #[arg(long)]
    pub peers: bool,
    /// With `--op mul`, the point the method starts from: `hinted` (the binary curves'
    /// default: x(P) and hint bits, the decompression timed too) or `affine` (every
    /// other family's, and OpenSSL's: the decoded point). Default: the curve's own.
    #[arg(long)]
    pub input: Option<String>,
}

/// What `bench --op mul` starts from (`--input`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum BenchInput {
    Hinted,
    Affine,
}

impl BenchInput {
    fn name(self) -> &'static str {
        match self {
            BenchInput::Hinted => "hinted",
            BenchInput::Affine => "affine",
        }
    }
}

/// `--input` for curve `c`: its own form when absent; `hinted` only on the binary curves.
fn bench_input(c: &dyn NamedCurve, input: Option<&str>) -> Result<BenchInput, UsageError> {
    match input {
        None if c.bench_input_hinted() => Ok(BenchInput::Hinted),
        None | Some("affine") => Ok(BenchInput::Affine),
        Some("hinted") if c.bench_input_hinted() => Ok(BenchInput::Hinted),
        Some("hinted") => Err(UsageError(format!(
            "--input hinted applies to binary curves; {} starts from an affine point",
            c.name()
        ))),
        Some(other) => Err(UsageError(format!(
            "unknown --input {other:?} (hinted or affine)"
        ))),
    }
}

#[derive(Serialize)]
struct MulBenchRow<'a> {
    curve: &'a str,
    method: String,
    /// The point the method started from: "hinted" (x and hint bits, decompression
    /// timed) or "affine".
    input: &'static str,
    median_ns: f64,
    min_ns: f64,
    /// The first of `peers` (crrl where it is a peer), kept for scripts that read it.
    #[serde(skip_serializing_if = "Option::is_none")]
    peer: Option<PeerRow>,
    /// Every peer timed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    peers: Vec<PeerRow>,
    /// The method as it ran, where a parameter left out was measured here
    /// (`lambda-parallel`'s t).
    #[serde(skip_serializing_if = "Option::is_none")]
    runs_as: Option<String>,
    /// With `--peers`: the number of alternating blocks (ours, then the peers) timed.
    #[serde(skip_serializing_if = "Option::is_none")]
    blocks: Option<usize>,
}

/// A peer's time for the same operation, measured in the same run.
#[derive(Serialize, Clone)]
struct PeerRow {
    name: String,
    median_ns: f64,
    min_ns: f64,
    /// Peer / ours: the median over the blocks of each block's ratio of medians.
    #[serde(skip_serializing_if = "Option::is_none")]
    ratio: Option<f64>,
}

/// `bench --peers` times ours and the peers in this many alternating blocks, each with
/// about 1/BLOCKS of the configured rounds: on a shared machine a slow stretch then
/// falls on both sides rather than on whichever ran during it.
const PEER_BLOCKS: usize = 5;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// Ours and the peers in [`PEER_BLOCKS`] blocks, ours first in each. Medians are the
/// median of the blocks' medians, minima the least of the blocks' minima, and each
/// peer's ratio the median of its per-block ratios (paired, so that drift between blocks
/// cancels). `ours` and `peers` time one block of the given size; the outer `Err` is a
/// usage error (no peer), the inner one ours refusing.
fn alternated_with_peers(
    cfg: BenchConfig,
    mut ours_block: impl FnMut(BenchConfig) -> Result<Timing, CurveOpError>,
    mut peers_block: impl FnMut(BenchConfig) -> Result<Vec<PeerRow>, String>,
) -> Result<Result<(Timing, Vec<PeerRow>), CurveOpError>, String> {
    let block = BenchConfig {
        round: cfg.round,
        rounds: cfg.rounds.div_ceil(PEER_BLOCKS).max(3),
    };
    let mut ours = Vec::with_capacity(PEER_BLOCKS);
    let mut theirs: Vec<Vec<PeerRow>> = Vec::with_capacity(PEER_BLOCKS);
    for _ in 0..PEER_BLOCKS {
        match ours_block(block) {
            Ok(t) => ours.push(t),
            Err(e) => return Ok(Err(e)),
        }
        theirs.push(peers_block(block)?);
    }
    let combined = Timing {
        median_ns: median(ours.iter().map(|t| t.median_ns).collect()),
        min_ns: ours.iter().map(|t| t.min_ns).fold(f64::INFINITY, f64::min),
    };
    let peers = (0..theirs[0].len())
        .map(|j| {
            let rows: Vec<&PeerRow> = theirs.iter().filter_map(|b| b.get(j)).collect();
            PeerRow {
                name: rows[0].name.clone(),
                median_ns: median(rows.iter().map(|r| r.median_ns).collect()),
                min_ns: rows.iter().map(|r| r.min_ns).fold(f64::INFINITY, f64::min),
                ratio: Some(median(
                    rows.iter()
                        .zip(&ours)
                        .map(|(r, t)| r.median_ns / t.median_ns)
                        .collect(),
                )),
            }
        })
        .collect();
    Ok(Ok((combined, peers)))
}

/// OpenSSL's `EC_POINT_oct2point` on the same compressed points, as the one peer of
/// `bench --op decompress --peers`; `Err` says why there is none.
fn peer_decompress(
    curve: &dyn NamedCurve,
    points: &[Vec<u8>],
    cfg: BenchConfig,
) -> Result<Vec<PeerRow>, String> {
    use crate::peer_bench::{openssl_decompress, peer_version};
    match (openssl_decompress(curve, points, cfg), peer_version()) {
        (Some(t), Some(version)) => Ok(vec![PeerRow {
            name: format!("{version} oct2point"),
            median_ns: t.median_ns,
            min_ns: t.min_ns,
            ratio: None,
        }]),
        (_, None) => Err(format!(
            "no peer for {} in `bench --op decompress --peers`: OpenSSL is not built in (`--features openssl`)",
            curve.name()
        )),
        (None, Some(_)) => Err(format!(
            "no peer for {} in `bench --op decompress --peers`: OpenSSL does not know it, or refused one of the points",
            curve.name()
        )),
    }
}

/// The peers of `curve` for `ecsm bench --peers`, timed now and listed in a fixed order:
/// crrl, OpenSSL, then libsecp256k1's two calls (variable time, constant time). `Err` says
/// why there is none, or that libsecp256k1 disagreed with ecsm: it is checked (and timed)
/// first, so that a disagreement stops the command before the other peers are timed.
fn peer_mul(curve: &dyn NamedCurve, cfg: BenchConfig, seed: u64) -> Result<Vec<PeerRow>, String> {
    use crate::peer_bench::{
        crrl_peer_timing, libsecp256k1_peer_timing, openssl_mul_timing, peer_version,
        CRRL_PEER_CURVES, LIBSECP256K1_PEER_CURVES,
    };
    let row = |(name, t): (String, Timing)| PeerRow {
        name,
        median_ns: t.median_ns,
        min_ns: t.min_ns,
        ratio: None,
    };
    let libsecp = libsecp256k1_peer_timing(curve.name(), cfg, seed)
        .transpose()?
        .unwrap_or_default();
    let rows: Vec<PeerRow> = crrl_peer_timing(curve.name(), cfg, seed)
        .into_iter()
        .chain(openssl_mul_timing(curve, cfg, seed))
        .chain(libsecp)
        .map(row)
        .collect();
    if !rows.is_empty() {
        return Ok(rows);
    }
    let crrl = if CRRL_PEER_CURVES.contains(&curve.name()) {
        "crrl is its peer but not built in (rebuild with `--features crrl` and RUSTFLAGS=\"-C target-cpu=native\", see the README)".to_string()
    } else {
        format!("crrl is the peer of {} only", CRRL_PEER_CURVES.join(", "))
    };
    let openssl = match peer_version() {
        Some(_) => "OpenSSL does not know it",
        None => "OpenSSL is not built in (`--features openssl`)",
    };
    let libsecp = if LIBSECP256K1_PEER_CURVES.contains(&curve.name()) {
        "libsecp256k1 is its peer but not built in (`--features libsecp256k1`)".to_string()
    } else {
        format!(
            "libsecp256k1 is the peer of {} only",
            LIBSECP256K1_PEER_CURVES.join(", ")
        )
    };
    Err(format!(
        "no peer for {} in `bench --peers`: {crrl}; {openssl}; {libsecp}",
        curve.name()
    ))
}

#[derive(Serialize)]
struct DecompressBenchRow<'a> {
    curve: &'a str,
    op: &'a str,
    method: &'a str,
    median_ns: f64,
    min_ns: f64,
    /// With `--peers`: the first of `peers`, as in [`MulBenchRow`].
    #[serde(skip_serializing_if = "Option::is_none")]
    peer: Option<PeerRow>,
    /// With `--peers`: OpenSSL's decompression of the same points.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    peers: Vec<PeerRow>,
    /// With `--peers`: the number of alternating blocks timed.
    #[serde(skip_serializing_if = "Option::is_none")]
    blocks: Option<usize>,
}

/// The text lines of `bench --peers` after ours: one per peer, then how they were timed.
fn print_peers(curve: &str, ours: &Timing, peers: &[PeerRow], blocks: Option<usize>) {
    for p in peers {
        println!(
            "{curve} {}: median {:.0} ns, min {:.0} ns (peer / ours = {:.2})",
            p.name,
            p.median_ns,
            p.min_ns,
            p.ratio.unwrap_or(p.median_ns / ours.median_ns)
        );
    }
    if let Some(b) = blocks {
        println!(
            "{curve}: ours and the peers timed in {b} alternating blocks; medians over the blocks' medians, each ratio the median of the blocks' ratios"
        );
    }
}

/// The square-root method names of `--op decompress`.
pub fn sqrt_method(name: &str) -> Result<SqrtMethod, UsageError> {
    SqrtMethod::from_name(name).ok_or_else(|| {
        UsageError(format!(
            "unknown decompression method {name:?} (binary, sliding or chain)"
        ))
    })
}

/// Compressed points used by the decompression benchmarks.
pub const DECOMPRESS_SAMPLES: usize = 16;

pub fn bench(args: &BenchArgs) -> Result<ExitCode, UsageError> {
    let c = curve(&args.curve)?;
    let cfg = if args.quick {
        BenchConfig::QUICK
    } else {
        BenchConfig::STANDARD
    };
    match args.op.as_str() {
        "mul" => {
            let method = method_arg(c, args.method.as_deref())?;
            let input = bench_input(c, args.input.as_deref())?;
            let ours = |b| match input {
                BenchInput::Hinted => c.bench_mul(&method, b, args.seed),
                BenchInput::Affine => c.bench_mul_affine(&method, b, args.seed),
            };
            let timed = match args.peers {
                true => alternated_with_peers(cfg, ours, |b| peer_mul(c, b, args.seed))
                    .map_err(UsageError)?,
                false => ours(cfg).map(|t| (t, Vec::new())),
            };
            let (t, peers) = match timed {
                Ok(timed) => timed,
                Err(e) => return Ok(rejected(e)),
            };
            let blocks = args.peers.then_some(PEER_BLOCKS);
            let runs_as = c.resolved_method(&method).map(|m| m.to_string());
            if args.json {
                let row = MulBenchRow {
                    curve: c.name(),
                    method: method.to_string(),
                    input: input.name(),
                    median_ns: t.median_ns,
                    min_ns: t.min_ns,
                    peer: peers.first().cloned(),
                    peers,
                    runs_as,
                    blocks,
                };
                println!("{}", serde_json::to_string(&row).expect("serialisable"));
            } else {
                // The line of the curve's own input is kept as it was; another input
                // says so after the method.
                let label = match input == bench_input(c, None)? {
                    true => method.to_string(),
                    false => format!("{method} ({} input)", input.name()),
                };
                println!(
                    "{} {}: median {:.0} ns, min {:.0} ns per scalar multiplication",
                    c.name(),
                    label,
                    t.median_ns,
                    t.min_ns
                );
                if let Some(r) = runs_as {
                    println!(
                        "{} {method} ran as {r} (measured in this process)",
                        c.name()
                    );
                }
                print_peers(c.name(), &t, &peers, blocks);
            }
        }
        "decompress" => {
            if args.input.is_some() {
                return Err(UsageError(
                    "--input applies to --op mul (decompression starts from the compressed point)"
                        .into(),
                ));
            }
            let pc = c.as_prime().ok_or_else(|| {
                UsageError(format!(
                    "--op decompress applies to prime curves; {} is binary",
                    c.name()
                ))
            })?;
            let name = args.method.as_deref().unwrap_or("chain");
            let method = sqrt_method(name)?;
            let points = pc.random_compressed(DECOMPRESS_SAMPLES, args.seed);
            let timed = match args.peers {
                true => alternated_with_peers(
                    cfg,
                    |b| pc.bench_decompress(&points, method, b),
                    |b| peer_decompress(c, &points, b),
                )
                .map_err(UsageError)?,
                false => pc
                    .bench_decompress(&points, method, cfg)
                    .map(|t| (t, Vec::new())),
            };
            let (t, peers) = match timed {
                Ok(timed) => timed,
                Err(e) => return Ok(rejected(e)),
            };
            let blocks = args.peers.then_some(PEER_BLOCKS);
            if args.json {
                let row = DecompressBenchRow {
                    curve: c.name(),
                    op: "decompress",
                    method: name,
                    median_ns: t.median_ns,
                    min_ns: t.min_ns,
                    peer: peers.first().cloned(),
                    peers,
                    blocks,
                };
                println!("{}", serde_json::to_string(&row).expect("serialisable"));
            } else {
                println!(
                    "{} decompress ({name}): median {:.0} ns, min {:.0} ns",
                    c.name(),
                    t.median_ns,
                    t.min_ns
                );
                print_peers(c.name(), &t, &peers, blocks);
            }
        }
        other => {
            return Err(UsageError(format!(
                "unknown --op {other:?} (mul or decompress)"
            )))
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Args, Debug)]
pub struct SqrtChainArgs {
    /// Curve name or alias (a prime curve).
    #[arg(long)]
    pub curve: String,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn sqrt_chain(args: &SqrtChainArgs) -> Result<ExitCode, UsageError> {
    let c = curve(&args.curve)?;
    let pc = c.as_prime().ok_or_else(|| {
        UsageError(format!(
            "sqrt-chain applies to prime curves; {} is binary",
            c.name()
        ))
    })?;
    let plan = sqrt_plan_for(pc.modulus()).map_err(|e| UsageError(e.to_string()))?;
    let chain = plan.plan.chain().to_string();
    if args.json {
        let row = SqrtChainRow {
            curve: c.name(),
            method: "chain",
            case: plan.case.to_string(),
            exponent: plan.case.exponent_formula(),
            s: plan.squarings(),
            m: plan.multiplications(),
            chain,
            windows: plan.plan.window_lengths(),
        };
        println!("{}", serde_json::to_string(&row).expect("serialisable"));
    } else {
        println!("curve: {}", c.name());
        println!("case: {}", plan.case);
        println!("{}", plan.plan);
        println!(
            "cost: {}S + {}M (the exponentiation; a square root adds its check)",
            plan.squarings(),
            plan.multiplications()
        );
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct SqrtChainRow<'a> {
    curve: &'a str,
    method: &'a str,
    case: String,
    exponent: &'static str,
    #[serde(rename = "S")]
    s: usize,
    #[serde(rename = "M")]
    m: usize,
    chain: String,
    windows: Vec<u16>,
}
