//! The time-stamp counter, for reports that quote cycle counts: papers time in TSC ticks
//! (rdtsc), which on current x86-64 CPUs run at a constant nominal rate, not at the core's
//! actual (turbo or throttled) clock.

use std::time::{Duration, Instant};

/// The TSC now, or `None` off x86-64.
#[inline]
pub fn ticks() -> Option<u64> {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: RDTSC exists on every x86-64 CPU and has no memory effects.
        Some(unsafe { core::arch::x86_64::_rdtsc() })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        None
    }
}

/// TSC ticks per nanosecond, measured against the monotonic clock over `span`.
pub fn ticks_per_ns(span: Duration) -> Option<f64> {
    let (t0, c0) = (Instant::now(), ticks()?);
    while t0.elapsed() < span {
        std::hint::spin_loop();
    }
    let (c1, dt) = (ticks()?, t0.elapsed());
    Some((c1.wrapping_sub(c0)) as f64 / dt.as_nanos().max(1) as f64)
}
