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
//! The second thread is a persistent worker, started on first use, that polls a job slot
//! and spins briefly after each job before it parks, so that a run of
//! multiplications does not pay a thread start or a wake-up each. Should the worker be
//! unavailable, busy or not scheduled when the caller has done its half, or the process be
//! limited to one processor, the job runs on the calling thread (same answer, no
//! parallelism).
//! Variable-time, like the two methods it combines.

use super::methods::{lambda_dbl_add_from, lambda_halve_add_digits, split_digits, GlsCurve};
use super::scalar::{GlvScalars, WORDS};
use super::GlsField;
use crate::curve::binary::Affine;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::*};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::Thread;
use std::time::{Duration, Instant};

/// The split used when none is given or measured: positions below t go to the halving
/// thread. Measured here (`ecsm bench --curve gls254 --method lambda-parallel:t=…`,
/// idle machine): t = 48 ran 5.17–5.24 µs against 5.36 at 56, 5.39–5.48 at 40 and
/// 5.76–5.82 at 64, and the per-process measurement picks 48 or 56.
pub const DEFAULT_T: usize = 48;

type Job = Box<dyn FnOnce() + Send>;

/// How long the worker keeps polling for the next job before it parks, and the caller
/// for the worker's result before it parks.
const SPIN: Duration = Duration::from_micros(200);

/// Polls between two readings of the clock while spinning.
const POLLS: u32 = 64;

/// The hand-off point: one job slot and a counter of jobs posted, which the worker polls.
/// Its cost per multiplication, measured with a stand-alone loop on this machine (two
/// threads each spinning ≈ 1.1 µs and ≈ 3.3 µs): 0.3 µs, against 0.6–0.7 µs for the
/// channels, shared slot and result channel it replaces.
struct Post {
    count: AtomicU64,
    /// Set by the worker before it parks: a caller that posts then unparks it.
    parked: AtomicBool,
    slot: Mutex<Option<Job>>,
}

static POST: Post = Post {
    count: AtomicU64::new(0),
    parked: AtomicBool::new(false),
    slot: Mutex::new(None),
};

/// Spin on `ready` for up to [`SPIN`], then park until it holds, with `parked` set first
/// (the thread that makes `ready` true reads `parked` after it, so one of the two sees
/// the other: both are `SeqCst`).
fn await_flag(ready: impl Fn() -> bool, parked: &AtomicBool) {
    let start = Instant::now();
    let mut polls = 0u32;
    while !ready() {
        polls = polls.wrapping_add(1);
        if polls.is_multiple_of(POLLS) && start.elapsed() >= SPIN {
            parked.store(true, SeqCst);
            while !ready() {
                std::thread::park();
            }
            parked.store(false, SeqCst);
            return;
        }
        std::hint::spin_loop();
    }
}

/// The worker's loop: run the job in the slot each time the count moves.
fn serve() {
    let mut seen = 0;
    loop {
        await_flag(|| POST.count.load(SeqCst) != seen, &POST.parked);
        seen = POST.count.load(SeqCst);
        let job = POST.slot.lock().ok().and_then(|mut slot| slot.take());
        if let Some(job) = job {
            job();
        }
    }
}

/// The worker, started on first use; `None` when it could not be started or when this
/// process may run on one processor only (its CPU affinity or quota, as
/// `available_parallelism` reads them): the two threads would then share one core, the
/// caller spinning while the worker waits for it (measured pinned to one core: 30× slower
/// than one thread), so the job runs on the calling thread instead.
fn worker() -> Option<&'static Thread> {
    static WORKER: OnceLock<Option<Thread>> = OnceLock::new();
    WORKER
        .get_or_init(|| {
            if std::thread::available_parallelism().map_or(1, |n| n.get()) < 2 {
                return None;
            }
            std::thread::Builder::new()
                .name("ecsm-gls-worker".into())
                .spawn(serve)
                .ok()
                .map(|h| h.thread().clone())
        })
        .as_ref()
}

/// One job's state, shared by the caller and the worker.
struct Handoff<F, T> {
    f: Mutex<Option<F>>,
    out: Mutex<Option<T>>,
    done: AtomicBool,
    /// Set by the caller before it parks to wait for `done`.
    parked: AtomicBool,
    caller: Thread,
}

/// Marks the job done when dropped, even if it unwound, and wakes a parked caller.
struct Finish<'a, F, T>(&'a Handoff<F, T>);

impl<F, T> Drop for Finish<'_, F, T> {
    fn drop(&mut self) {
        self.0.done.store(true, SeqCst);
        if self.0.parked.load(SeqCst) {
            self.0.caller.unpark();
        }
    }
}

/// Hand `f` to the worker; the returned `wait` gives its result (`None` only if `f`
/// unwound on the worker), and whether the worker ran it. If the worker has not started
/// `f` when `wait` is called (no worker, or one that is busy or not scheduled on a loaded
/// machine), `wait` runs it on the calling thread; if it has, `wait` spins for up to
/// [`SPIN`] and then parks, so that a worker that lost its core gets this one. Medians per
/// multiplication here (`ecsm bench`, gls254, t = 60, two runs each, with the channels
/// this replaced): idle, 14.7–15.4 µs whichever rule; with one or two busy loops on the
/// machine, 14.4–515 µs when the caller only spun for the result (one run in two near
/// 0.5 ms, the worker waiting for a time slice), 15–30 µs taking the job back at once
/// (this rule), 16–42 µs giving the worker 10 µs more to start it, and 235 µs taking it
/// back only after 200 µs (under a compile). The single-thread `lambda-dbl-add`: 19–23 µs.
/// A second job posted before the worker took the first replaces it; the first one's
/// caller then runs it itself.
fn spawn<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> impl FnOnce() -> (Option<T>, bool) {
    let h = Arc::new(Handoff {
        f: Mutex::new(Some(f)),
        out: Mutex::new(None),
        done: AtomicBool::new(false),
        parked: AtomicBool::new(false),
        caller: std::thread::current(),
    });
    fn take<F>(f: &Mutex<Option<F>>) -> Option<F> {
        f.lock().ok().and_then(|mut f| f.take())
    }
    if let Some(thread) = worker() {
        let theirs = Arc::clone(&h);
        let job: Job = Box::new(move || {
            if let Some(f) = take(&theirs.f) {
                let _finish = Finish(&theirs);
                let v = f();
                if let Ok(mut out) = theirs.out.lock() {
                    *out = Some(v);
                }
            }
        });
        if let Ok(mut slot) = POST.slot.lock() {
            *slot = Some(job);
        }
        POST.count.fetch_add(1, SeqCst);
        if POST.parked.load(SeqCst) {
            thread.unpark();
        }
    }
    move || {
        if let Some(f) = take(&h.f) {
            return (Some(f()), false);
        }
        await_flag(|| h.done.load(SeqCst), &h.parked);
        (take(&h.out), true)
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
    // Recoded once, here, before the hand-off, where the worker recoded both halves again
    // (0.4 µs of its half, timed inside a run at t = 40).
    let digits = Arc::new(split_digits(&s, w));
    let (curve_h, p_h, digits_h) = (*curve, *p, Arc::clone(&digits));
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
                let r = curve_h.affine_halve(&p_h);
                let (d1, d2) = &*digits_h;
                Some(lambda_halve_add_digits(&curve_h, &s, (d1, d2), &r, w, t))
            })
        })
    });
    let (d1, d2) = &*digits;
    let high = lambda_dbl_add_from(curve, &s, p, (d1, d2), w, t);
    let low = match halves() {
        // Run here, the job's operations were counted on this thread already.
        (Some((low, counts)), remote) => {
            if remote {
                crate::cost::credit(counts);
            }
            low
        }
        // The job unwound on the worker: this thread does its half instead.
        (None, _) => (t > 0).then(|| {
            let r = curve.affine_halve(p);
            lambda_halve_add_digits(curve, &s, (d1, d2), &r, w, t)
        }),
    };
    let q = match low {
        Some(low) => curve.lambda_add(&high, &low),
        None => high,
    };
    curve.lambda_to_affine(&q)
}
