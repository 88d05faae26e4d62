//! Whether the prime-field assembly (BMI2 and ADX: [`super::p256_adx`],
//! [`super::p384_adx`], [`super::k256_adx`]) runs in this process, and the templates
//! those modules share.
//!
//! All three read their operands' words with plain `MOV` loads into a register and give
//! MULX that register, never a memory operand. In a dependent chain the operand was just
//! stored by the operation before (the caller passes a reference), and on the AMD Zen 4
//! of stop 52 a store followed by a MULX memory operand that reads it costs 9 cycles,
//! against 3 when a `MOV` load (which the core renames to the stored register) comes
//! between (stand-alone chain, pinned). In the P-256 field that took the square's
//! dependent chain from 39.1 to 38.0 cycles and the product's from 52.7 to 47.6.

use std::sync::atomic::{AtomicU8, Ordering};

const UNKNOWN: u8 = 0;
const OFF: u8 = 1;
const ON: u8 = 2;
static STATE: AtomicU8 = AtomicU8::new(UNKNOWN);
static SHLD: AtomicU8 = AtomicU8::new(UNKNOWN);

/// A yes or no kept in `state`: `decide` runs on the first call, one load after that.
#[inline(always)]
fn decided_once(state: &AtomicU8, decide: fn() -> bool) -> bool {
    match state.load(Ordering::Relaxed) {
        ON => true,
        OFF => false,
        _ => decide_and_keep(state, decide),
    }
}

#[cold]
#[inline(never)]
fn decide_and_keep(state: &AtomicU8, decide: fn() -> bool) -> bool {
    let on = decide();
    state.store(if on { ON } else { OFF }, Ordering::Relaxed);
    on
}

/// True when this process runs the prime-field assembly: the CPU has BMI2 and ADX, and
/// `ECSM_BACKEND` does not ask for the portable code. Decided once; one load after that.
#[inline(always)]
pub fn available() -> bool {
    decided_once(&STATE, || {
        supported() && super::selected() != super::BackendKind::Portable
    })
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

/// The six cross products a_i·a_j (i < j) of the four words behind `{a}`, once, into
/// `{t1}`…`{t7}` (6 MULX on two carry chains); `{z}` ends as 0. The first part of both
/// forms of the four-word square below.
#[cfg(target_arch = "x86_64")]
macro_rules! cross_products_4 {
    () => {
        concat!(
            "mov rdx, qword ptr [{a}]",
            "\n",
            "mov {t2}, qword ptr [{a} + 8]",
            "\n",
            "mulx {t2}, {t1}, {t2}",
            "\n",
            "mov {t3}, qword ptr [{a} + 16]",
            "\n",
            "mulx {t3}, {lo}, {t3}",
            "\n",
            "add {t2}, {lo}",
            "\n",
            "mov {t4}, qword ptr [{a} + 24]",
            "\n",
            "mulx {t4}, {lo}, {t4}",
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
            "mov {hi}, qword ptr [{a} + 16]",
            "\n",
            "mulx {hi}, {lo}, {hi}",
            "\n",
            "adcx {t3}, {lo}",
            "\n",
            "adox {t4}, {hi}",
            "\n",
            "mov {hi}, qword ptr [{a} + 24]",
            "\n",
            "mulx {hi}, {lo}, {hi}",
            "\n",
            "adcx {t4}, {lo}",
            "\n",
            "adox {t5}, {hi}",
            "\n",
            "mov rdx, qword ptr [{a} + 16]",
            "\n",
            "mov {hi}, qword ptr [{a} + 24]",
            "\n",
            "mulx {hi}, {lo}, {hi}",
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
        )
    };
}
#[cfg(target_arch = "x86_64")]
pub(crate) use cross_products_4;

/// The template of the 512-bit square a² of the four words behind `{a}` into `{t0}`…`{t7}`
/// (low to high), for the `asm!` blocks of the four-word fields: the six cross products
/// once (6 MULX on two carry chains), doubled, plus the four diagonal squares (4 MULX).
/// Uses `rdx`, `{lo}`, `{hi}` and a scratch `{z}`; reads `{a}` and leaves it.
///
/// The doubling is six SHLD by 1 from the top word down (the cross products sum to less
/// than 2^511, so the top bit is free) and one ADD, none waiting for another; then the
/// squares go in on one ADC chain. The earlier form, kept as [`square_wide_4_adcx`],
/// doubles and adds on two interleaved chains (ADCX and ADOX, 16 instructions), which on
/// Intel all issue on ports 0 and 6 with the reduction's carries and shifts, while SHLD
/// issues on port 1. Stand-alone P-256 square in a dependent chain (native build, pinned,
/// minima of 7 runs of 5·10^6): on the Rocket Lake Xeon of stop 42, 42.2–42.7 → 39.6–39.7
/// cycles; on the Zen 4 of stop 49 the other way, 10.90–10.95 ns with ADCX/ADOX against
/// 11.72–11.74 ns with SHLD (11.04–11.06 ns with a plain ADD/ADC doubling chain). So
/// [`shld_doubling`] picks the form by vendor.
#[cfg(target_arch = "x86_64")]
macro_rules! square_wide_4 {
    () => {
        concat!(
            super::adx::cross_products_4!(),
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

/// [`square_wide_4`] with the doubling and the diagonal squares on two interleaved carry
/// chains (ADCX doubles word k, ADOX adds the square's half): the form used before
/// stop 42, and the one AMD cores run (see [`shld_doubling`]).
#[cfg(target_arch = "x86_64")]
macro_rules! square_wide_4_adcx {
    () => {
        concat!(
            super::adx::cross_products_4!(),
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
pub(crate) use square_wide_4_adcx;

/// `pub fn sqr` (the doc comment given, then the form [`shld_doubling`] picks),
/// `pub fn sqr_n` (k squares in a row, the checks made once), `pub fn sqr_both_forms`
/// (both forms, for the tests) and `unsafe fn sqr_asm_form` (one form, unchecked, for
/// the point formulas) of a four-word field module,
/// around that module's `sqr_asm!(template, a)`: its `asm!` block, which must only run
/// where `available()` was checked, and `sqr_run!(template, a, k)`, its run of k squares
/// (P-256 squares lazily below 2^256 in place and reduces once at the end, secp256k1
/// squares canonically).
macro_rules! four_word_square_fns {
    ($(#[$doc:meta])*) => {
        $(#[$doc])*
        ///
        /// The doubling takes the form [`super::adx::shld_doubling`] picks for this CPU.
        #[inline(always)]
        pub fn sqr(a: &[u64; 4]) -> Option<[u64; 4]> {
            #[cfg(target_arch = "x86_64")]
            if available() {
                return Some(if super::adx::shld_doubling() {
                    sqr_asm!(square_wide_4, a)
                } else {
                    sqr_asm!(square_wide_4_adcx, a)
                });
            }
            let _ = a;
            None
        }

        /// a^(2^k) in the stored form: [`sqr`] k times in a row, with the CPU checks
        /// ([`available`] and the doubling form) made once for the whole run instead of
        /// once per square; None when [`available`] is false. The exponentiations'
        /// long runs of squares (the square roots' repunit chains) take it.
        #[inline(always)]
        pub fn sqr_n(a: &[u64; 4], k: usize) -> Option<[u64; 4]> {
            #[cfg(target_arch = "x86_64")]
            if available() {
                return Some(if super::adx::shld_doubling() {
                    sqr_run!(square_wide_4, a, k)
                } else {
                    sqr_run!(square_wide_4_adcx, a, k)
                });
            }
            let _ = (a, k);
            None
        }

        /// The square without the checks, in the doubling form `SHLD` names (see
        /// [`super::adx::shld_doubling`]): the `asm!` block of [`sqr`], for the point
        /// formulas of [`super::point4`].
        ///
        /// # Safety
        /// Only where [`available`] returned true (BMI2 and ADX).
        #[cfg(target_arch = "x86_64")]
        #[inline(always)]
        pub(super) unsafe fn sqr_asm_form<const SHLD: bool>(a: &[u64; 4]) -> [u64; 4] {
            if SHLD {
                sqr_asm!(square_wide_4, a)
            } else {
                sqr_asm!(square_wide_4_adcx, a)
            }
        }

        /// [`sqr`] in both forms of the doubling (SHLD, then ADCX/ADOX), whatever this
        /// CPU would pick, for the tests that hold each to the other and to the oracle;
        /// None when [`available`] is false.
        pub fn sqr_both_forms(a: &[u64; 4]) -> Option<([u64; 4], [u64; 4])> {
            #[cfg(target_arch = "x86_64")]
            if available() {
                return Some((sqr_asm!(square_wide_4, a), sqr_asm!(square_wide_4_adcx, a)));
            }
            let _ = a;
            None
        }
    };
}
pub(crate) use four_word_square_fns;

/// True when the four-word squares double by SHLD (`square_wide_4`), false when they
/// take the ADCX/ADOX form (`square_wide_4_adcx`): false on AMD (and Hygon) cores,
/// where SHLD is the slower of the two (measured above), true elsewhere. Decided once from
/// CPUID's vendor string; one load after that. Both forms give the same words, and the
/// tests run both on every CPU.
#[inline(always)]
pub fn shld_doubling() -> bool {
    decided_once(&SHLD, || !vendor_is_amd())
}

/// True when CPUID leaf 0 names AMD or Hygon (whose cores are AMD's Zen).
fn vendor_is_amd() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        // `__cpuid` is a safe function in current Rust and an `unsafe` one in older
        // releases, so the block keeps builds at the declared rust-version working.
        // SAFETY: CPUID leaf 0 exists on every x86-64 processor and reads only registers.
        #[allow(unused_unsafe)]
        let r = unsafe { core::arch::x86_64::__cpuid(0) };
        let mut v = [0u8; 12];
        v[..4].copy_from_slice(&r.ebx.to_le_bytes());
        v[4..8].copy_from_slice(&r.edx.to_le_bytes());
        v[8..].copy_from_slice(&r.ecx.to_le_bytes());
        &v == b"AuthenticAMD" || &v == b"HygonGenuine"
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}
