//! A leakage test in the manner of dudect (Reparaz, Balasch and Verbauwhede, "Dude, is my
//! code constant time?", DATE 2017): time an operation on two classes of secret inputs,
//! interleaved in a random order, and ask Welch's t-test whether the two timing
//! distributions differ.
//!
//! The classes are *fixed* (one scalar, the same for every sample of that class) and
//! *random* (a fresh uniform scalar in [1, n − 1] per sample). The fixed scalar has its top
//! half of bits clear and a random lower half ([`fixed_scalar`]): a legal secret whose
//! short length and low weight are what a variable-time method gives away (fewer bits to
//! scan, fewer additions or swaps, better-predicted branches), while a constant-time
//! method has no reason to treat it differently. Every scalar is passed with as many words
//! as n, so the callee cannot see a shorter slice.
//!
//! Statistics, after dudect: one test on all samples, and one on the samples below each
//! of [`CROPS`] thresholds at the pooled percentiles 1 − 0.5^(10·(i + 1)/[`CROPS`]) (cropping
//! the long tail that interrupts and the other core's load put on a shared machine); the
//! result is the largest |t| over the tests with at least [`MIN_PER_CLASS`] samples in
//! each class. dudect's thresholds: |t| > 10 is a leak beyond doubt, |t| < 4.5 means no
//! leak was found at this sample size (which is evidence, not proof). dudect's second-order
//! test (on centred squares) is not run: its variance estimate needs fourth moments, which
//! the heavy-tailed noise here makes unreliable.
//!
//! Both classes' scalars are drawn before timing starts into one array, in sample order,
//! so that they are fetched from memory alike, and the clock is read behind LFENCEs
//! ([`crate::backend::tsc::ticks_fenced`]) so that a load still in flight is not charged
//! to the call. Without both, a harness difference (a cache miss on the random class's
//! input) gave |t| > 20 on operations with no secret-dependent step at all.
//!
//! Times are TSC ticks on x86-64 (the monotonic clock in nanoseconds elsewhere): only
//! their comparison between the classes matters.

use crate::curves::named::{CurveOpError, NamedCurve};
use crate::mul::{bit_len, random_below, MethodSpec};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use std::hint::black_box;

/// Number of cropped tests besides the uncropped one.
pub const CROPS: usize = 100;
/// A test counts only with this many samples in each class.
pub const MIN_PER_CLASS: usize = 50;
/// The sample count when none is given, unless fewer fit in [`DEFAULT_BUDGET_S`].
pub const DEFAULT_SAMPLES: usize = 20_000;
/// The time the default sample count may take, in seconds (measured on a short pilot).
pub const DEFAULT_BUDGET_S: f64 = 30.0;
/// The default never goes below this many samples.
pub const MIN_DEFAULT_SAMPLES: usize = 2_000;

/// What `ecsm ct-check` times.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CtTarget {
    /// The curve's `ecdh` (private key as the secret, a fixed valid peer key), validation
    /// of the peer key and encoding of the result included.
    Ecdh,
    /// `mul` with this method on a fixed point of the subgroup, the result encoded.
    Method(MethodSpec),
}

/// The verdict and the figures behind it.
#[derive(Clone, Debug, PartialEq)]
pub struct CtReport {
    /// Samples timed (both classes together).
    pub samples: usize,
    /// Samples of the fixed class.
    pub fixed_samples: usize,
    /// The largest |t| over the uncropped and cropped tests.
    pub max_t: f64,
    /// t of the uncropped test (signed: positive when the fixed class is slower).
    pub t_uncropped: f64,
    /// The pooled percentile of the crop that gave `max_t` (1.0 for the uncropped test).
    pub worst_crop: f64,
    /// Median time of the fixed class (ticks, see the module documentation).
    pub fixed_median: f64,
    /// Median time of the random class.
    pub random_median: f64,
    /// Whether the unit is TSC ticks (else nanoseconds).
    pub ticks: bool,
}

impl CtReport {
    /// dudect's reading of `max_t`.
    pub fn verdict(&self) -> &'static str {
        if self.max_t > 10.0 {
            "leak: the two classes take different times (|t| > 10)"
        } else if self.max_t >= 4.5 {
            "probable leak (4.5 ≤ |t| ≤ 10): repeat with more samples"
        } else {
            "no leak found at this sample size (|t| < 4.5)"
        }
    }
}

/// Welch's t statistic of two samples, (mean_a − mean_b) / √(var_a/n_a + var_b/n_b), with
/// unbiased variances; 0 when either has fewer than two values or both are constant and
/// equal.
pub fn welch_t(a: &[f64], b: &[f64]) -> f64 {
    fn moments(x: &[f64]) -> (f64, f64) {
        let n = x.len() as f64;
        let mean = x.iter().sum::<f64>() / n;
        let var = x.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0);
        (mean, var)
    }
    if a.len() < 2 || b.len() < 2 {
        return 0.0;
    }
    let ((ma, va), (mb, vb)) = (moments(a), moments(b));
    let se = (va / a.len() as f64 + vb / b.len() as f64).sqrt();
    if se == 0.0 {
        if ma == mb {
            0.0
        } else {
            f64::INFINITY.copysign(ma - mb)
        }
    } else {
        (ma - mb) / se
    }
}

/// The fixed-class scalar for an order n: bits ⌊ℓ/2⌋ and up clear (ℓ = bit length of n),
/// the lower ones random from `rng` with the lowest set (so it is never 0), padded to the
/// length of n.
pub fn fixed_scalar(n: &[u64], rng: &mut dyn RngCore) -> Vec<u64> {
    let half = bit_len(n) / 2;
    let mut k: Vec<u64> = (0..n.len()).map(|_| rng.next_u64()).collect();
    for (i, w) in k.iter_mut().enumerate() {
        let lo = 64 * i;
        *w &= match half.checked_sub(lo) {
            Some(b) if b >= 64 => u64::MAX,
            Some(b) => (1u64 << b) - 1,
            None => 0,
        };
    }
    if let Some(w) = k.first_mut() {
        *w |= 1;
    }
    k
}

/// Which scalar the fixed class repeats (`ecsm ct-check --fixed`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FixedClass {
    /// [`fixed_scalar`]: top half clear, the test's standard, where a variable-time
    /// method shows its dependence on length and weight.
    #[default]
    Short,
    /// One draw from the random class's own distribution (uniform in [1, n − 1]), kept
    /// for every fixed sample. The two classes then differ only in that one repeats a
    /// scalar: set against a run with `Short`, it tells a dependence on the scalar's
    /// length and weight from one on repeating a value (stop 37 found the signal of the
    /// binary constant-time methods with short scalars only; README, "Constant time").
    Typical,
}

impl FixedClass {
    /// The name `--fixed` takes.
    pub fn name(self) -> &'static str {
        match self {
            FixedClass::Short => "short",
            FixedClass::Typical => "typical",
        }
    }

    /// The class named `name`, if any.
    pub fn from_name(name: &str) -> Option<Self> {
        [FixedClass::Short, FixedClass::Typical]
            .into_iter()
            .find(|c| c.name() == name)
    }

    /// This class's fixed scalar for an order n, of n's length, drawn from `rng`.
    ///
    /// # Panics
    /// For `Typical` when n ≤ 1 ([`random_below`]'s precondition).
    pub fn scalar(self, n: &[u64], rng: &mut dyn RngCore) -> Vec<u64> {
        match self {
            FixedClass::Short => fixed_scalar(n, rng),
            FixedClass::Typical => {
                let mut k = random_below(n, rng);
                k.resize(n.len(), 0);
                k
            }
        }
    }
}

/// Run the test on `op`, which performs the operation on a scalar of `n.len()` words:
/// `samples` timed calls (after a warm-up of `samples / 50 + 10` untimed ones), each class
/// drawn with probability 1/2 from a generator seeded with `seed`. An error of `op` stops
/// the run and is returned. The fixed class is [`FixedClass::Short`]; see
/// [`fixed_vs_random_with`].
///
/// # Panics
/// When n ≤ 1 (there is no secret scalar to draw; [`random_below`]'s precondition).
pub fn fixed_vs_random<E>(
    n: &[u64],
    samples: usize,
    seed: u64,
    op: &mut dyn FnMut(&[u64]) -> Result<(), E>,
) -> Result<CtReport, E> {
    fixed_vs_random_with(n, samples, seed, FixedClass::Short, op)
}

/// [`fixed_vs_random`] with the fixed class's scalar chosen by `fixed`.
///
/// # Panics
/// When n ≤ 1, as [`fixed_vs_random`].
pub fn fixed_vs_random_with<E>(
    n: &[u64],
    samples: usize,
    seed: u64,
    fixed: FixedClass,
    op: &mut dyn FnMut(&[u64]) -> Result<(), E>,
) -> Result<CtReport, E> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let fixed = fixed.scalar(n, &mut rng);
    let words = n.len();
    // Every sample's scalar, of either class, is written into one flat array before
    // timing starts (dudect prepares its inputs the same way), so the generator's work is
    // not interleaved with the measurements and both classes are fetched from memory
    // alike: keeping the fixed scalar in one hot place while the random ones come from a
    // large array made the random class slower by a cache miss (about 100 ticks,
    // |t| > 20 on a field squaring that has no secret-dependent operation at all).
    let mut class = Vec::with_capacity(samples);
    let mut inputs = Vec::with_capacity(samples * words);
    for _ in 0..samples {
        let random = rng.next_u32() & 1 == 1;
        class.push(random);
        if random {
            let mut k = random_below(n, &mut rng);
            k.resize(words, 0);
            inputs.extend_from_slice(&k);
        } else {
            inputs.extend_from_slice(&fixed);
        }
    }
    for _ in 0..samples / 50 + 10 {
        op(&fixed)?;
    }
    let (mut f, mut r) = (Vec::new(), Vec::new());
    // The callee reads its scalar from one small buffer, whatever the class.
    let mut k = fixed.clone();
    for (input, &random) in inputs.chunks_exact(words.max(1)).zip(&class) {
        k.copy_from_slice(input);
        // Fenced: the copy's loads have completed before the clock is read.
        let t0 = now();
        let out = op(black_box(&k));
        let t1 = now();
        out?;
        let dt = t1.wrapping_sub(t0) as f64;
        if random {
            r.push(dt);
        } else {
            f.push(dt);
        }
    }
    Ok(analyse(&f, &r))
}

/// The statistics of the module documentation on the two classes' times.
pub fn analyse(fixed: &[f64], random: &[f64]) -> CtReport {
    let mut pooled: Vec<f64> = fixed.iter().chain(random).copied().collect();
    pooled.sort_by(|a, b| a.total_cmp(b));
    let t_uncropped = welch_t(fixed, random);
    let (mut max_t, mut worst_crop) = (t_uncropped.abs(), 1.0);
    for i in 0..CROPS {
        let q = 1.0 - 0.5f64.powf(10.0 * (i + 1) as f64 / CROPS as f64);
        let Some(&cut) = pooled.get(((pooled.len() as f64) * q) as usize) else {
            continue;
        };
        let below = |x: &[f64]| x.iter().copied().filter(|&v| v < cut).collect::<Vec<_>>();
        let (a, b) = (below(fixed), below(random));
        if a.len() < MIN_PER_CLASS || b.len() < MIN_PER_CLASS {
            continue;
        }
        let t = welch_t(&a, &b).abs();
        if t > max_t {
            (max_t, worst_crop) = (t, q);
        }
    }
    CtReport {
        samples: fixed.len() + random.len(),
        fixed_samples: fixed.len(),
        max_t,
        t_uncropped,
        worst_crop,
        fixed_median: median(fixed),
        random_median: median(random),
        ticks: crate::backend::tsc::ticks().is_some(),
    }
}

fn median(x: &[f64]) -> f64 {
    let mut v = x.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

/// TSC ticks (fenced: [`crate::backend::tsc::ticks_fenced`]), or nanoseconds since the
/// first call where there is no TSC.
#[inline(always)]
fn now() -> u64 {
    crate::backend::tsc::ticks_fenced().unwrap_or_else(|| {
        static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        START
            .get_or_init(std::time::Instant::now)
            .elapsed()
            .as_nanos() as u64
    })
}

/// `ecsm ct-check`: [`fixed_vs_random`] on `curve`'s ECDH or on `mul` with a method, with a
/// point Q = \[s\]G of the subgroup (s drawn from `seed`) as the peer key or the input
/// point. `samples`: `None` is [`DEFAULT_SAMPLES`], or as many as a pilot of 20 calls
/// says fit in [`DEFAULT_BUDGET_S`] seconds, but at least [`MIN_DEFAULT_SAMPLES`].
/// Errors: what the curve's operation returns (a method it does not offer, no ECDH on
/// it), or `Unsupported` for fewer than `2·MIN_PER_CLASS` samples.
pub fn ct_check(
    curve: &dyn NamedCurve,
    target: &CtTarget,
    samples: Option<usize>,
    seed: u64,
) -> Result<CtReport, CurveOpError> {
    ct_check_with(curve, target, samples, seed, FixedClass::Short)
}

/// [`ct_check`] with the fixed class's scalar chosen by `fixed` (`ecsm ct-check --fixed`).
pub fn ct_check_with(
    curve: &dyn NamedCurve,
    target: &CtTarget,
    samples: Option<usize>,
    seed: u64,
    fixed: FixedClass,
) -> Result<CtReport, CurveOpError> {
    let n = curve.order();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_c7c7);
    let s = random_below(n, &mut rng);
    let q = curve.mul(&s, None, &curve.default_method(), false)?;
    let mut op = |k: &[u64]| -> Result<(), CurveOpError> {
        let out = match target {
            CtTarget::Ecdh => curve.ecdh(k, &q)?,
            CtTarget::Method(m) => curve.mul(k, Some(&q), m, false)?,
        };
        black_box(out);
        Ok(())
    };
    let samples = match samples {
        Some(s) if s < 2 * MIN_PER_CLASS => {
            return Err(CurveOpError::Unsupported(format!(
                "ct-check needs at least {} samples",
                2 * MIN_PER_CLASS
            )))
        }
        Some(s) => s,
        None => {
            let pilot = random_below(n, &mut rng);
            op(&pilot)?;
            let t = std::time::Instant::now();
            for _ in 0..20 {
                op(&pilot)?;
            }
            let per_call = t.elapsed().as_secs_f64() / 20.0;
            ((DEFAULT_BUDGET_S / per_call.max(1e-9)) as usize)
                .clamp(MIN_DEFAULT_SAMPLES, DEFAULT_SAMPLES)
        }
    };
    fixed_vs_random_with(n, samples, seed, fixed, &mut op)
}
