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

/// The TSC read after every earlier instruction has completed, and before any later one
/// starts (LFENCE on both sides; Intel SDM vol. 2B, RDTSC: "If software requires RDTSC
/// to be executed only after all previous instructions have executed and all previous
/// loads are globally visible, it can execute LFENCE immediately before RDTSC"; AMD
/// makes LFENCE dispatch-serialising where Spectre mitigations are on, as Linux sets it).
/// For timing one call of a few microseconds: a plain RDTSC may run while the loads
/// before it still wait on memory, and charge their latency to the call. `None` off
/// x86-64.
#[inline]
pub fn ticks_fenced() -> Option<u64> {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_mm_lfence, _rdtsc};
        // SAFETY: LFENCE (SSE2, part of x86-64) and RDTSC exist on every x86-64 CPU and
        // have no memory effects.
        Some(unsafe {
            _mm_lfence();
            let t = _rdtsc();
            _mm_lfence();
            t
        })
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
