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
//! multiplications does not pay a thread start or a wake-up each. One caller at a time
//! holds the worker; another caller meanwhile, a process limited to one processor, or a
//! worker not yet at the job when the caller has done its half, runs the job on the
//! calling thread (same answer, no parallelism).
//! Variable-time, like the two methods it combines.

use super::methods::{
    lambda_dbl_add_from, lambda_halve_add_digits, split_digits, GlsCurve, PARALLEL_MAX_T,
};
use super::scalar::{GlvScalars, WORDS};
use super::GlsField;
use crate::curve::binary::Affine;
use core::marker::PhantomData;
use std::any::Any;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::*};
use std::sync::{Mutex, OnceLock};
use std::thread::Thread;
use std::time::{Duration, Instant};

/// The split used when none is given or measured: positions below t go to the halving
/// thread. Measured here (`ecsm bench --curve gls254 --method lambda-parallel:t=…`,
/// idle machine): t = 48 ran 5.17–5.24 µs against 5.36 at 56, 5.39–5.48 at 40 and
/// 5.76–5.82 at 64, and the per-process measurement picks 48 or 56. On the Intel Xeon of
/// 2026-11-28, after the hand-off and halving changes of that day (two runs each,
/// unpinned): 5.15–5.22 µs at 48, 5.18 at 40, 5.35–5.56 at 56, 5.94–6.05 at 64.
pub const DEFAULT_T: usize = 48;

/// How long the worker keeps polling for the next job before it parks, and the caller
/// for the worker's result before it parks.
const SPIN: Duration = Duration::from_micros(200);

/// Polls between two readings of the clock while spinning.
const POLLS: u32 = 64;

/// A job as the worker sees it: run it, then hand it back whole, result inside, so that
/// the caller frees what it allocated.
trait Run: Send {
    fn run(&mut self);
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
}

/// The closure and, once it has run, its result.
struct JobCell<F, T> {
    f: Option<F>,
    out: Option<T>,
}

impl<F: FnOnce() -> T + Send + 'static, T: Send + 'static> Run for JobCell<F, T> {
    fn run(&mut self) {
        if let Some(f) = self.f.take() {
            self.out = Some(f());
        }
    }
    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
}

/// One cache line per field of the hand-off, so that the line the worker polls is not
/// the one the caller locks, and so on.
///
/// The cost of the hand-off is in the locked instructions on lines the other core
/// wrote last, each a stall until the line comes over, and in memory freed on the thread
/// that did not allocate it. Measured with a stand-alone loop (one job, the caller busy
/// for 10,000 TSC ticks, the worker for 5,000; medians over 20,000, Intel Xeon,
/// 2026-11-28): the caller spent 1,000–1,200 ticks posting and 540–570 collecting with
/// the scheme this replaces (a shared `Arc` with the closure and result behind mutexes,
/// a boxed job freed by the worker, and the counter polled by the worker in the line
/// the caller locked), against 290–300 and 256–262 with this one (the caller allocates
/// and frees the job, the worker polls a line the caller only stores to).
#[repr(align(128))]
struct Line<T>(T);

/// Taken by the caller that uses the worker, with a compare-and-swap on a line the
/// worker never touches.
static CLAIMED: Line<AtomicBool> = Line(AtomicBool::new(false));
/// The number of the last job posted (written by the claimant only).
static NEXT: Line<AtomicU64> = Line(AtomicU64::new(0));
/// The number of the job in [`JOB`], stored after it: the worker polls this line.
static POSTED: Line<AtomicU64> = Line(AtomicU64::new(0));
/// Set by the worker before it parks.
static PARKED: Line<AtomicBool> = Line(AtomicBool::new(false));
/// A job and its number.
type Posted = (u64, Box<dyn Run>);
/// The posted job, until the worker takes it or the caller takes it back.
static JOB: Line<Mutex<Option<Posted>>> = Line(Mutex::new(None));
/// The number of the last job the worker ran (or that unwound on it).
static FINISHED: Line<AtomicU64> = Line(AtomicU64::new(0));
/// The job the worker ran, result inside, for the caller to collect.
static OUT: Line<Mutex<Option<Box<dyn Run>>>> = Line(Mutex::new(None));
/// Set by the caller before it parks to wait for [`FINISHED`].
static WAITING: Line<AtomicBool> = Line(AtomicBool::new(false));
/// The claimant's thread, for the worker to unpark.
static CALLER: Line<Mutex<Option<Thread>>> = Line(Mutex::new(None));

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

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

/// The worker's loop: run the job in the slot each time [`POSTED`] moves. A job that
/// unwinds leaves its result empty (the caller then does that half itself) and the
/// worker alive.
fn serve() {
    let mut seen = 0;
    loop {
        await_flag(|| POSTED.0.load(Acquire) != seen, &PARKED.0);
        seen = POSTED.0.load(Acquire);
        let job = lock(&JOB.0).take();
        if let Some((id, mut job)) = job {
            let _ = std::panic::catch_unwind(AssertUnwindSafe(|| job.run()));
            *lock(&OUT.0) = Some(job);
            FINISHED.0.store(id, SeqCst);
            if WAITING.0.load(SeqCst) {
                if let Some(caller) = lock(&CALLER.0).as_ref() {
                    caller.unpark();
                }
            }
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

/// A job handed to the worker (`id` > 0) or kept to run here (`local`).
struct Handle<F, T> {
    id: u64,
    local: Option<F>,
    _out: PhantomData<T>,
}

/// Hand `f` to the worker; [`Handle::wait`] gives its result (`None` only if `f`
/// unwound on the worker) and whether the worker ran it. If the worker has not started
/// `f` when `wait` is called (it is busy or not scheduled on a loaded machine), `wait`
/// runs it on the calling thread; if it has, `wait` spins for up to [`SPIN`] and then
/// parks, so that a worker that lost its core gets this one. Medians per multiplication
/// here (`ecsm bench`, gls254, t = 60, two runs each, with the channels of an earlier
/// hand-off): idle, 14.7–15.4 µs whichever rule; with one or two busy loops on the
/// machine, 14.4–515 µs when the caller only spun for the result (one run in two near
/// 0.5 ms, the worker waiting for a time slice), 15–30 µs taking the job back at once
/// (this rule), 16–42 µs giving the worker 10 µs more to start it, and 235 µs taking it
/// back only after 200 µs (under a compile). The single-thread `lambda-dbl-add`: 19–23 µs.
fn spawn<F, T>(f: F) -> Handle<F, T>
where
    F: FnOnce() -> T + Send + 'static,
    T: Send + 'static,
{
    let here = |f| Handle {
        id: 0,
        local: Some(f),
        _out: PhantomData,
    };
    let Some(thread) = worker() else {
        return here(f);
    };
    if CLAIMED
        .0
        .compare_exchange(false, true, Acquire, Relaxed)
        .is_err()
    {
        return here(f);
    }
    let id = NEXT.0.load(Relaxed) + 1;
    NEXT.0.store(id, Relaxed);
    {
        let me = std::thread::current();
        let mut caller = lock(&CALLER.0);
        if caller.as_ref().map(Thread::id) != Some(me.id()) {
            *caller = Some(me);
        }
    }
    let job: Box<dyn Run> = Box::new(JobCell {
        f: Some(f),
        out: None,
    });
    *lock(&JOB.0) = Some((id, job));
    // A plain store, and a plain load after it: should the load miss that the worker
    // has just parked, the worker sleeps through this job, which `wait` then takes back,
    // and the next call, seeing `PARKED`, wakes it.
    POSTED.0.store(id, Release);
    if PARKED.0.load(Relaxed) {
        thread.unpark();
    }
    Handle {
        id,
        local: None,
        _out: PhantomData,
    }
}

impl<F: FnOnce() -> T + Send + 'static, T: Send + 'static> Handle<F, T> {
    fn wait(mut self) -> (Option<T>, bool) {
        if let Some(f) = self.local.take() {
            return (Some(f()), false);
        }
        let collected = self.collect();
        let out = collected
            .1
            .and_then(|job| job.into_any().downcast::<JobCell<F, T>>().ok())
            .and_then(|cell| cell.out);
        (out, collected.0)
    }

    /// The job back from the worker (`true`) or run here (`false`), and the claim
    /// released; `None` after the first call.
    fn collect(&mut self) -> (bool, Option<Box<dyn Run>>) {
        let id = core::mem::take(&mut self.id);
        if id == 0 {
            return (false, None);
        }
        if FINISHED.0.load(Acquire) != id {
            let mine = lock(&JOB.0).take_if(|job| job.0 == id).map(|job| job.1);
            if let Some(mut job) = mine {
                CLAIMED.0.store(false, Release);
                job.run();
                return (false, Some(job));
            }
            await_flag(|| FINISHED.0.load(SeqCst) == id, &WAITING.0);
        }
        let job = lock(&OUT.0).take();
        CLAIMED.0.store(false, Release);
        (true, job)
    }
}

impl<F, T> Drop for Handle<F, T> {
    /// A handle dropped before `wait` (its caller unwound) still collects its job, so
    /// that the next caller finds the worker free.
    fn drop(&mut self) {
        let id = core::mem::take(&mut self.id);
        if id == 0 {
            return;
        }
        if lock(&JOB.0).take_if(|job| job.0 == id).is_none() {
            await_flag(|| FINISHED.0.load(SeqCst) == id, &WAITING.0);
            lock(&OUT.0).take();
        }
        CLAIMED.0.store(false, Release);
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
    let t = t.unwrap_or(DEFAULT_T).min(PARALLEL_MAX_T);
    let s = glv.split(&glv.shift(k, t));
    // Recoded once, here, before the hand-off, where the worker recoded both halves again
    // (0.4 µs of its half, timed inside a run at t = 40). The worker gets its digits
    // (positions below t) by value: memory allocated here and freed there costs both
    // threads (see [`Line`]).
    let (d1, d2) = split_digits(&s, w);
    let low_digits = |d: &[i8]| {
        let mut low = [0i8; PARALLEL_MAX_T];
        let n = d.len().min(t);
        low[..n].copy_from_slice(&d[..n]);
        low
    };
    let (low1, low2) = (low_digits(&d1), low_digits(&d2));
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
                let r = curve_h.affine_halve(&p_h);
                let digits = (&low1[..t], &low2[..t]);
                Some(lambda_halve_add_digits(&curve_h, &s, digits, &r, w, t))
            })
        })
    });
    let high = lambda_dbl_add_from(curve, &s, p, (&d1, &d2), w, t);
    let low = match halves.wait() {
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
            lambda_halve_add_digits(curve, &s, (&d1, &d2), &r, w, t)
        }),
    };
    let q = match low {
        Some(low) => curve.lambda_add(&high, &low),
        None => high,
    };
    curve.lambda_to_affine(&q)
}
