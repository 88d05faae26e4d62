//! Timing of dependent operation chains.
//!
//! An operation is timed as a chain x ← op(x), so each call waits for the previous one:
//! this is latency, the figure the peers quote. Rounds of a calibrated number of calls
//! are repeated and the median and minimum per-call times are reported.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// How long to measure.
#[derive(Copy, Clone, Debug)]
pub struct BenchConfig {
    /// Target duration of one round.
    pub round: Duration,
    /// Number of rounds (the median is taken over them).
    pub rounds: usize,
}

impl BenchConfig {
    /// Short runs, for `ecsm report`.
    pub const QUICK: BenchConfig = BenchConfig {
        round: Duration::from_micros(300),
        rounds: 15,
    };
    /// The default of `ecsm field-bench`.
    pub const STANDARD: BenchConfig = BenchConfig {
        round: Duration::from_millis(2),
        rounds: 31,
    };
}

/// Per-call time of one operation.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Timing {
    /// Median over rounds, in nanoseconds per call.
    pub median_ns: f64,
    /// Fastest round, in nanoseconds per call.
    pub min_ns: f64,
}

/// One step of a timed chain. Implemented by small types rather than closures so that
/// `step` can be forced inline into the timed loop (closures cannot be marked so).
pub trait ChainOp<T> {
    /// The next value of the chain.
    fn step(&self, x: T) -> T;
}

/// Run `iters` steps of the chain from `x`. Each step depends on the previous one, so
/// none can be skipped or overlapped. Kept free of clock reads and of [`black_box`]:
/// either stops LLVM inlining it into a backend's feature context (measured).
#[inline(always)]
pub fn run_chain<T: Copy, O: ChainOp<T>>(op: &O, iters: u64, mut x: T) -> T {
    for _ in 0..iters {
        x = op.step(x);
    }
    x
}

/// Time a chain from `x0`, given `run(iters, x)` which performs [`run_chain`] (possibly
/// inside a backend's feature context).
///
/// Only the timed round is generic: calibration, rounds and statistics live in
/// [`time_rounds`], compiled once. (When all of it was generic, its sort and its
/// iterators were instantiated for each of the ~350 timed operations, and were 40 % of the
/// library's LLVM IR: see the README's build section.)
pub fn time_chain<T: Copy>(cfg: BenchConfig, x0: T, run: impl Fn(u64, T) -> T) -> Timing {
    let mut x = x0;
    // Opaque input and output keep the chain from being evaluated at compile time.
    time_rounds(cfg, &mut |iters| {
        let t = Instant::now();
        x = black_box(run(iters, black_box(x)));
        t.elapsed()
    })
}

/// Warm up, calibrate the number of calls per round to `cfg.round`, then time
/// `cfg.rounds` rounds; `round(iters)` runs and times one round of `iters` calls.
pub fn time_rounds(cfg: BenchConfig, round: &mut dyn FnMut(u64) -> Duration) -> Timing {
    // Warm up (builds lazy tables, faults pages in), then calibrate the round length.
    round(16);
    let mut iters = 16u64;
    loop {
        let d = round(iters);
        if d >= cfg.round || iters >= 1 << 30 {
            break;
        }
        let scale = (cfg.round.as_nanos() as f64 / d.as_nanos().max(1) as f64).clamp(1.5, 100.0);
        iters = ((iters as f64) * scale) as u64;
    }
    let mut per_call: Vec<f64> = (0..cfg.rounds.max(1))
        .map(|_| round(iters).as_nanos() as f64 / iters as f64)
        .collect();
    per_call.sort_by(|a, b| a.total_cmp(b));
    Timing {
        median_ns: per_call[per_call.len() / 2],
        min_ns: per_call[0],
    }
}
