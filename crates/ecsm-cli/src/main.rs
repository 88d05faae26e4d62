//! The `ecsm` command: thin wrappers over the library's registries and experiments.

mod count_cmd;
mod ct_cmd;
mod curve_cmds;
mod field_cmds;
mod peer_bench;
#[cfg(any(feature = "openssl", feature = "crrl", feature = "libsecp256k1"))]
mod peers;
mod report;
mod seed001_report;
mod seed002_report;
mod shape_cmds;
mod table1_report;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "ecsm",
    version,
    about = "Fast, verified elliptic-curve scalar multiplication"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// CPU features and the field-arithmetic backend chosen for this run.
    Info,
    /// The binary fields: reduction polynomial, inversion chain, table sizes.
    Fields,
    /// Median latency of each field operation (dependent chains) and the ratios I/M, S/M, H/M.
    FieldBench(field_cmds::FieldBenchArgs),
    /// Everything ecsm reproduces so far, on built-in defaults.
    Report(report::ReportArgs),
    /// The named curves: name, field, order bits, cofactor, aliases.
    Curves,
    /// The scalar-multiplication methods of a curve, one spec per line.
    Methods(curve_cmds::CurveArg),
    /// The scalar multiple k·P, printed as SEC 1 hex.
    Mul(curve_cmds::MulArgs),
    /// Decode a SEC 1 point (compressed or not) and print it uncompressed.
    Decompress(curve_cmds::PointArgs),
    /// Full public-key validation: exit 0 and `valid`, or exit 1 and `invalid: REASON`.
    Validate(curve_cmds::PointArgs),
    /// ECDH shared secret (x-coordinate of d·Q) with full validation of the peer key.
    Ecdh(curve_cmds::EcdhArgs),
    /// Time a variable-base scalar multiplication or a point decompression.
    Bench(curve_cmds::BenchArgs),
    /// A dudect-style leakage test of a scalar multiplication: Welch's t between a fixed and
    /// random secret scalars (|t| > 10: leaks; < 4.5: no leak found).
    CtCheck(ct_cmd::CtCheckArgs),
    /// The square-root addition chain of a prime curve's field, with its S and M counts.
    SqrtChain(curve_cmds::SqrtChainArgs),
    /// Average I, H, M, S of a binary-curve method (measured while it runs), seed 000's way;
    /// with --shape, seed 002's curve operations and M, S of a prime curve shape.
    Count(count_cmd::CountArgs),
    /// Seed 002's parameter search: every (b_max, t_max) or (b_max, Z_max) of a double-base
    /// method on one shape, in parallel; prints the best.
    Sweep(shape_cmds::SweepArgs),
}

/// A user error: printed as one line on stderr, exit code 2.
pub struct UsageError(pub String);

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            print!("{e}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let msg = e.to_string();
            let first = msg
                .lines()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("invalid arguments");
            eprintln!("{}", first.trim());
            return ExitCode::from(2);
        }
    };
    let backend = match ecsm::backend::choose(std::env::var("ECSM_BACKEND").ok().as_deref()) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let done = |r: Result<(), UsageError>| r.map(|()| ExitCode::SUCCESS);
    let result = match cli.command {
        Command::Info => {
            field_cmds::info(backend);
            Ok(ExitCode::SUCCESS)
        }
        Command::Fields => {
            field_cmds::fields();
            Ok(ExitCode::SUCCESS)
        }
        Command::FieldBench(args) => done(field_cmds::field_bench(&args)),
        Command::Report(args) => done(report::report(&args, backend)),
        Command::Curves => {
            curve_cmds::curves();
            Ok(ExitCode::SUCCESS)
        }
        Command::Methods(args) => curve_cmds::methods(&args),
        Command::Mul(args) => curve_cmds::mul(&args),
        Command::Decompress(args) => curve_cmds::decompress(&args),
        Command::Validate(args) => curve_cmds::validate(&args),
        Command::Ecdh(args) => curve_cmds::ecdh(&args),
        Command::Bench(args) => curve_cmds::bench(&args),
        Command::CtCheck(args) => ct_cmd::ct_check_cmd(&args),
        Command::SqrtChain(args) => curve_cmds::sqrt_chain(&args),
        Command::Count(args) => count_cmd::count(&args),
        Command::Sweep(args) => shape_cmds::sweep(&args),
    };
    match result {
        Ok(code) => code,
        Err(UsageError(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}
