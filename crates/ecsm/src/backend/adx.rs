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

/// The template of the 512-bit square a² of the four words behind `{a}` into `{t0}`…`{t7}`
/// (low to high), for the `asm!` blocks of the four-word fields: the six cross products
/// once (6 MULX on two carry chains), doubled, plus the four diagonal squares (4 MULX).
/// Uses `rdx`, `{lo}`, `{hi}` and a scratch `{z}`; reads `{a}` and leaves it.
///
/// The doubling is six SHLD by 1 from the top word down (the cross products sum to less
/// than 2^511, so the top bit is free) and one ADD, none waiting for another; then the
/// squares go in on one ADC chain. The earlier form doubled and added on two interleaved
/// chains (ADCX and ADOX, 16 instructions), which on Intel all issue on ports 0 and 6
/// with the reduction's carries and shifts, while SHLD issues on port 1. Stand-alone
/// P-256 square in a dependent chain (native build, pinned, this Rocket Lake Xeon,
/// minima of 7 runs of 5·10^6): 42.2–42.7 → 39.6–39.7 cycles.
#[cfg(target_arch = "x86_64")]
macro_rules! square_wide_4 {
    () => {
        concat!(
            "mov rdx, qword ptr [{a}]",
            "\n",
            "mulx {t2}, {t1}, qword ptr [{a} + 8]",
            "\n",
            "mulx {t3}, {lo}, qword ptr [{a} + 16]",
            "\n",
            "add {t2}, {lo}",
            "\n",
            "mulx {t4}, {lo}, qword ptr [{a} + 24]",
            "\n",
            "adc {t3}, {lo}",
            "\n",
            "adc {t4}, 0",
            "\n",
            "mov rdx, qword ptr [{a} + 8]",
            "\n",
            "xor {t7:e}, {t7:e}",
            "\n",
            "xor {t6:e}, {t6:e}",
            "\n",
            "xor {t5:e}, {t5:e}",
            "\n",
            "xor {z:e}, {z:e}",
            "\n",
            "mulx {hi}, {lo}, qword ptr [{a} + 16]",
            "\n",
            "adcx {t3}, {lo}",
            "\n",
            "adox {t4}, {hi}",
            "\n",
            "mulx {hi}, {lo}, qword ptr [{a} + 24]",
            "\n",
            "adcx {t4}, {lo}",
            "\n",
            "adox {t5}, {hi}",
            "\n",
            "mov rdx, qword ptr [{a} + 16]",
            "\n",
            "mulx {hi}, {lo}, qword ptr [{a} + 24]",
            "\n",
            "adcx {t5}, {lo}",
            "\n",
            "adox {t6}, {hi}",
            "\n",
            "adcx {t6}, {z}",
            "\n",
            "adox {t7}, {z}",
            "\n",
            "adcx {t7}, {z}",
            "\n",
            "shld {t7}, {t6}, 1",
            "\n",
            "shld {t6}, {t5}, 1",
            "\n",
            "shld {t5}, {t4}, 1",
            "\n",
            "shld {t4}, {t3}, 1",
            "\n",
            "shld {t3}, {t2}, 1",
            "\n",
            "shld {t2}, {t1}, 1",
            "\n",
            "add {t1}, {t1}",
            "\n",
            "mov rdx, qword ptr [{a}]",
            "\n",
            "mulx {hi}, {t0}, rdx",
            "\n",
            "add {t1}, {hi}",
            "\n",
            "mov rdx, qword ptr [{a} + 8]",
            "\n",
            "mulx {hi}, {lo}, rdx",
            "\n",
            "adc {t2}, {lo}",
            "\n",
            "adc {t3}, {hi}",
            "\n",
            "mov rdx, qword ptr [{a} + 16]",
            "\n",
            "mulx {hi}, {lo}, rdx",
            "\n",
            "adc {t4}, {lo}",
            "\n",
            "adc {t5}, {hi}",
            "\n",
            "mov rdx, qword ptr [{a} + 24]",
            "\n",
            "mulx {hi}, {lo}, rdx",
            "\n",
            "adc {t6}, {lo}",
            "\n",
            "adc {t7}, {hi}",
            "\n",
        )
    };
}
#[cfg(target_arch = "x86_64")]
pub(crate) use square_wide_4;
