//! Seed 003's reproduction: point decompression on named prime curves with each way of
//! computing the square root's exponentiation, timed and counted on this machine.

use crate::curves::named::{find_curve, CurveOpError};
use crate::experiments::timing::{BenchConfig, Timing};
use crate::field::prime::sqrt::SqrtMethod;

/// One curve × method measurement.
#[derive(Clone, Debug)]
pub struct DecompressionRow {
    /// Canonical curve name.
    pub curve: &'static str,
    /// Square-root exponentiation method.
    pub method: SqrtMethod,
    /// Time of one decompression.
    pub timing: Timing,
    /// Squarings per decompression, measured with `Counted` (average over the samples).
    pub s: f64,
    /// Multiplications per decompression (general M plus multiplications by a), measured.
    pub m: f64,
}

/// Compressed points per curve: the timing cycles through them, the counts average them.
pub const SAMPLES: usize = 16;

/// Measure every method on `curve` (a name or alias of a prime curve).
pub fn decompression_rows(
    curve: &str,
    cfg: BenchConfig,
    seed: u64,
) -> Result<Vec<DecompressionRow>, CurveOpError> {
    let c = find_curve(curve)
        .ok_or_else(|| CurveOpError::Unsupported(format!("unknown curve {curve}")))?;
    let pc = c
        .as_prime()
        .ok_or_else(|| CurveOpError::Unsupported(format!("{curve} is not a prime curve")))?;
    let points = pc.random_compressed(SAMPLES, seed);
    SqrtMethod::ALL
        .iter()
        .map(|&method| {
            let counts = pc.decompress_counts(&points, method)?;
            let timing = pc.bench_decompress(&points, method, cfg)?;
            let n = points.len() as f64;
            Ok(DecompressionRow {
                curve: c.name(),
                method,
                timing,
                s: counts.sqr as f64 / n,
                m: (counts.mul + counts.mul_const) as f64 / n,
            })
        })
        .collect()
}
