//! `lambda-parallel`: Algorithm 3 of seed 001, 2-GLV double-and-add and halve-and-add on
//! two OS threads.
//!
//! With k″ = 2^t·k mod r split into k1 + k2·μ and recoded in NAF_w, digit position i weighs
//! 2^(i − t): positions i ≥ t are a double-and-add over P (this thread), positions i < t a
//! halve-and-add starting from P/2 (a second thread), and \[k\]P is the sum of the two.
//! t balances the two threads: `lambda-parallel:t=T` forces it, otherwise the caller
//! passes the split measured on this machine (the named curve measures it once per
//! process, [`crate::curves::gls254`]) or, without one, [`DEFAULT_T`].
//!
//! The second thread is a persistent worker, started on first use, that receives jobs over
//! a channel and spins briefly after each job before it blocks again, so that a run of
//! multiplications does not pay a thread start or a wake-up each. Should the worker be
//! unavailable, busy or not scheduled when the caller has done its half, or the process be
//! limited to one processor, the job runs on the calling thread (same answer, no
//! parallelism).
//! Variable-time, like the two methods it combines.

use super::methods::{
    lambda_dbl_add_digits, lambda_halve_add_digits, lambda_table, signed_tables, split_digits,
    GlsCurve,
};
use super::psi::psi_lambda_affine;
use super::scalar::{GlvScalars, WORDS};
use super::GlsField;
use crate::curve::binary::{Affine, LambdaAffine};
use std::sync::{mpsc, Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The split used when none is given or measured: positions below t go to the halving
/// thread. Measured here (`ecsm bench --curve gls254 --method lambda-parallel:t=…`).
pub const DEFAULT_T: usize = 60;

type Job = Box<dyn FnOnce() + Send>;

/// How long the worker keeps polling for the next job before it blocks.
const SPIN: Duration = Duration::from_micros(200);

/// The worker, started on first use; `None` when it could not be started or when this
/// process may run on one processor only (its CPU affinity or quota, as
/// `available_parallelism` reads them): the two threads would then share one core, the
/// caller spinning while the worker waits for it (measured pinned to one core: 30× slower
/// than one thread), so the job runs on the calling thread instead.
fn worker() -> Option<&'static mpsc::Sender<Job>> {
    static WORKER: OnceLock<Option<mpsc::Sender<Job>>> = OnceLock::new();
    WORKER
        .get_or_init(|| {
            if std::thread::available_parallelism().map_or(1, |n| n.get()) < 2 {
                return None;
            }
            let (tx, rx) = mpsc::channel::<Job>();
            std::thread::Builder::new()
                .name("ecsm-gls-worker".into())
                .spawn(move || loop {
                    let start = Instant::now();
                    let job = loop {
                        match rx.try_recv() {
                            Ok(job) => break Some(job),
                            Err(mpsc::TryRecvError::Disconnected) => break None,
                            Err(mpsc::TryRecvError::Empty) if start.elapsed() < SPIN => {
                                std::hint::spin_loop()
                            }
                            Err(mpsc::TryRecvError::Empty) => break rx.recv().ok(),
                        }
                    };
                    match job {
                        Some(job) => job(),
                        None => return,
                    }
                })
                .ok()
                .map(|_| tx)
        })
        .as_ref()
}

/// Hand `f` to the worker; the returned `wait` gives its result, and whether the worker
/// ran it. If the worker has not started `f` when `wait` is called (no worker, or one that
/// is busy or not scheduled on a loaded machine), `wait` runs it on the calling thread;
/// if it has, `wait` spins for up to [`SPIN`] and then blocks, so that a worker that lost
/// its core gets this one. Medians per multiplication here (`ecsm bench`, gls254, t = 60,
/// two runs each): idle, 14.7–15.4 µs whichever rule; with one or two busy loops on the
/// machine, 14.4–515 µs when the caller only spun for the result (one run in two near
/// 0.5 ms, the worker waiting for a time slice), 15–30 µs taking the job back at once
/// (this rule), 16–42 µs giving the worker 10 µs more to start it, and 235 µs taking it
/// back only after 200 µs (under a compile). The single-thread `lambda-dbl-add`: 19–23 µs.
fn spawn<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> impl FnOnce() -> (T, bool) {
    let slot = Arc::new(Mutex::new(Some(f)));
    let take = |slot: &Mutex<Option<_>>| slot.lock().ok().and_then(|mut f| f.take());
    let (tx, rx) = mpsc::sync_channel::<T>(1);
    let theirs = Arc::clone(&slot);
    let job: Job = Box::new(move || {
        if let Some(f) = take(&theirs) {
            let _ = tx.send(f());
        }
    });
    if let Some(w) = worker() {
        // A worker that has exited drops the job, which leaves `f` in its slot for `wait`.
        let _ = w.send(job);
    }
    move || {
        if let Some(f) = take(&slot) {
            return (f(), false);
        }
        let start = Instant::now();
        loop {
            match rx.try_recv() {
                Ok(v) => return (v, true),
                Err(mpsc::TryRecvError::Empty) if start.elapsed() < SPIN => std::hint::spin_loop(),
                _ => break,
            }
        }
        match rx.recv() {
            Ok(v) => (v, true),
            Err(_) => unreachable!("a started job sends its result before its sender drops"),
        }
    }
}

/// \[k\]P by Algorithm 3 with split `t` (positions below t by halving; [`DEFAULT_T`] when
/// `None`), for a reduced k and P ≠ O in the subgroup of order r.
///
/// Internal: `w` must lie in [`GLS_W_RANGE`](crate::gls::methods::GLS_W_RANGE), which
/// [`gls_mul`](crate::gls::methods::gls_mul) checks (`GlsMethod::validate`) before calling.
pub(crate) fn lambda_parallel<F: GlsField>(
    curve: &GlsCurve<F>,
    glv: &GlvScalars,
    k: &[u64; WORDS],
    p: &Affine<F>,
    w: usize,
    t: Option<usize>,
) -> Affine<F> {
    let t = t.unwrap_or(DEFAULT_T).min(super::methods::PARALLEL_MAX_T);
    let s = glv.split(&glv.shift(k, t));
    let (curve_h, p_h) = (*curve, *p);
    // The worker measures its own `Counted` operations, credited to this thread below, so
    // that counting the method counts both threads.
    // The worker enters the selected backend's feature context, as the caller did through
    // `dispatch`, so that the field products inline there too.
    let halves = spawn(move || {
        <crate::backend::Auto as crate::backend::Backend>::run(|| {
            crate::cost::measure(|| {
                if t == 0 {
                    return None;
                }
                let r = curve_h.lambda_affine_halve(&curve_h.affine_to_lambda_affine(&p_h));
                Some(lambda_halve_add_digits(&curve_h, &s, &r, w, t))
            })
        })
    });
    let table = lambda_table(curve, p, 1 << (w - 2));
    let (t1, t2) = signed_tables(table, &s, psi_lambda_affine, LambdaAffine::neg);
    let (d1, d2) = split_digits(&s, w);
    let high = lambda_dbl_add_digits(curve, &t1, &t2, &d1, &d2, t);
    let ((low, counts), remote) = halves();
    // Run here, the job's operations were counted on this thread already.
    if remote {
        crate::cost::credit(counts);
    }
    let q = match low {
        Some(low) => curve.lambda_add(&high, &low),
        None => high,
    };
    curve.lambda_to_affine(&q)
}
