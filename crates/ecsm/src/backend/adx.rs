//! Whether the prime-field assembly (BMI2 and ADX: [`super::p256_adx`],
//! [`super::p384_adx`], [`super::k256_adx`]) runs in this process.

use std::sync::atomic::{AtomicU8, Ordering};

const UNKNOWN: u8 = 0;
const OFF: u8 = 1;
const ON: u8 = 2;
static STATE: AtomicU8 = AtomicU8::new(UNKNOWN);

/// True when this process runs the prime-field assembly: the CPU has BMI2 and ADX, and
/// `ECSM_BACKEND` does not ask for the portable code. Decided once; one load after that.
#[inline(always)]
pub fn available() -> bool {
    match STATE.load(Ordering::Relaxed) {
        ON => true,
        OFF => false,
        _ => decide(),
    }
}

#[cold]
#[inline(never)]
fn decide() -> bool {
    let on = supported() && super::selected() != super::BackendKind::Portable;
    STATE.store(if on { ON } else { OFF }, Ordering::Relaxed);
    on
}

/// True when the CPU has the instructions (BMI2 and ADX), whatever `ECSM_BACKEND` says.
pub fn supported() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("bmi2") && std::arch::is_x86_feature_detected!("adx")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}
