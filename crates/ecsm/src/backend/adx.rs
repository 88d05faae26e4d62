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
            "mov rdx, qword ptr [{a}]",
            "\n",
            "mulx {hi}, {t0}, rdx",
            "\n",
            "xor {z:e}, {z:e}",
            "\n",
            "adcx {t1}, {t1}",
            "\n",
            "adox {t1}, {hi}",
            "\n",
            "mov rdx, qword ptr [{a} + 8]",
            "\n",
            "mulx {hi}, {lo}, rdx",
            "\n",
            "adcx {t2}, {t2}",
            "\n",
            "adox {t2}, {lo}",
            "\n",
            "adcx {t3}, {t3}",
            "\n",
            "adox {t3}, {hi}",
            "\n",
            "mov rdx, qword ptr [{a} + 16]",
            "\n",
            "mulx {hi}, {lo}, rdx",
            "\n",
            "adcx {t4}, {t4}",
            "\n",
            "adox {t4}, {lo}",
            "\n",
            "adcx {t5}, {t5}",
            "\n",
            "adox {t5}, {hi}",
            "\n",
            "mov rdx, qword ptr [{a} + 24]",
            "\n",
            "mulx {hi}, {lo}, rdx",
            "\n",
            "adcx {t6}, {t6}",
            "\n",
            "adox {t6}, {lo}",
            "\n",
            "adcx {t7}, {t7}",
            "\n",
            "adox {t7}, {hi}",
            "\n",
        )
    };
}
#[cfg(target_arch = "x86_64")]
pub(crate) use square_wide_4;
