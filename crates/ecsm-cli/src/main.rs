//! The `ecsm` command: thin wrappers over the library's registries and experiments.

mod field_cmds;
#[cfg(feature = "openssl")]
mod peers;
mod report;

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
    let result = match cli.command {
        Command::Info => {
            field_cmds::info(backend);
            Ok(())
        }
        Command::Fields => {
            field_cmds::fields();
            Ok(())
        }
        Command::FieldBench(args) => field_cmds::field_bench(&args),
        Command::Report(args) => report::report(&args, backend),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(UsageError(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}
