//! GF(p) arithmetic for the secp256k1 prime p = 2^256 − c, c = 2^32 + 977, with BMI2
//! (MULX) and ADX (ADCX/ADOX), in inline assembly: the product and the square (the field
//! keeps plain values, reduced by Crandall's fold, as the generic `Fp` does for this
//! prime), the sum and the difference.
//!
//! The portable twin is the generic Crandall code of `field::prime`, which runs whenever
//! [`available`] is false (the switch shared with [`super::p256_adx`]). The test suite
//! compares the two on edge and random operands (`tests/suite/prime_adx.rs`).
//!
//! # The product
//! The 512-bit product H·2^256 + L row by row (16 MULX, one row per word of b, two carry
//! chains), then 2^256 ≡ c folded in: L + c·H = L' + t·2^256 with t < 2^34. What is left,
//! S = L' + t·c, is below 2^256 + 2^67 < 2p, so S mod p is S or S − p, and S ≥ p exactly
//! when S + c carries out of 256 bits, in which case S − p = S + c − 2^256. Both sums,
//! L' + t·c and L' + (t + 1)·c (two more MULX), run side by side and CMOV keeps the
//! second when it carries: the fold ends in one 4-word addition and the selection. The
//! earlier form added t·c, then c again under the carry, then tested x + c for x ≥ p,
//! three additions one after the other; measured in dependent chains on this Rocket Lake
//! Xeon (stand-alone copy, native build, pinned, minima of 7 runs of 5·10^6): square
//! 12.5–13.5 → 11.1–11.4 ns, product 14.5–15.1 → 13.1–13.3 ns. 22 MULX for the product;
//! no branch and no memory access depends on the values (Crandall's reduction, as in
//! the module documentation of `field::prime::reduce`).

pub use super::adx::available;

/// c = 2^256 − p.
#[cfg(target_arch = "x86_64")]
const C: u64 = 0x1_0000_03d1;

/// The template of the reduction of the 512-bit value in `{t0}`…`{t7}` modulo p into
/// `{t0}`…`{t3}` (module documentation: 2^256 ≡ c folded once, then L' + t·c and
/// L' + (t + 1)·c side by side, the second kept by CMOV when it carries; 6 MULX), shared
/// by [`mul`] and [`sqr`]. Uses `rdx`, `{lo}`, `{hi}`.
#[cfg(target_arch = "x86_64")]
macro_rules! fold_c {
    () => {
        concat!(
            "mov rdx, 0x1000003d1",
            "\n",
            "xor {lo:e}, {lo:e}",
            "\n",
            "mulx {hi}, {lo}, {t4}",
            "\n",
            "adcx {t0}, {lo}",
            "\n",
            "adox {t1}, {hi}",
            "\n",
            "mulx {hi}, {lo}, {t5}",
            "\n",
            "adcx {t1}, {lo}",
            "\n",
            "adox {t2}, {hi}",
            "\n",
            "mulx {hi}, {lo}, {t6}",
            "\n",
            "adcx {t2}, {lo}",
            "\n",
            "adox {t3}, {hi}",
            "\n",
            "mulx {hi}, {lo}, {t7}",
            "\n",
            "mov {t4}, 0",
            "\n",
            "adcx {t3}, {lo}",
            "\n",
            "adox {t4}, {hi}",
            "\n",
            "adc {t4}, 0",
            "\n",
            "mulx {hi}, {lo}, {t4}",
            "\n",
            "add {t4}, 1",
            "\n",
            "mulx {t7}, {t6}, {t4}",
            "\n",
            "mov {t4}, {t0}",
            "\n",
            "mov {t5}, {t1}",
            "\n",
            "mov rdx, {t3}",
            "\n",
            "add {t0}, {lo}",
            "\n",
            "mov {lo}, {t2}",
            "\n",
            "adc {t1}, {hi}",
            "\n",
            "adc {t2}, 0",
            "\n",
            "adc {t3}, 0",
            "\n",
            "add {t4}, {t6}",
            "\n",
            "adc {t5}, {t7}",
            "\n",
            "adc {lo}, 0",
            "\n",
            "adc rdx, 0",
            "\n",
            "cmovc {t0}, {t4}",
            "\n",
            "cmovc {t1}, {t5}",
            "\n",
            "cmovc {t2}, {lo}",
            "\n",
            "cmovc {t3}, rdx",
            "\n",
        )
    };
}

/// a·b mod p for a, b in [0, p), or None when [`available`] is false.
#[inline(always)]
pub fn mul(a: &[u64; 4], b: &[u64; 4]) -> Option<[u64; 4]> {
    #[cfg(target_arch = "x86_64")]
    if available() {
        // SAFETY: `available()` was just checked.
        return Some(unsafe { mul_asm(a, b) });
    }
    let _ = (a, b);
    None
}

/// The product without the check: the `asm!` block of [`mul`].
///
/// # Safety
/// Only where [`available`] returned true (BMI2 and ADX).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) unsafe fn mul_asm(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let (r0, r1, r2, r3): (u64, u64, u64, u64);
    // SAFETY: the caller checked `available()` (BMI2 and ADX); the block reads the
    // eight words behind `a` and `b` (two live `[u64; 4]` references), writes only the
    // registers declared here and the flags, and touches no stack.
    unsafe {
        core::arch::asm!(
        "mov rdx, qword ptr [{b}]",
        "mov {t1}, qword ptr [{a}]",
        "mulx {t1}, {t0}, {t1}",
        "mov {t2}, qword ptr [{a} + 8]",
        "mulx {t2}, {lo}, {t2}",
        "add {t1}, {lo}",
        "mov {t3}, qword ptr [{a} + 16]",
        "mulx {t3}, {lo}, {t3}",
        "adc {t2}, {lo}",
        "mov {t4}, qword ptr [{a} + 24]",
        "mulx {t4}, {lo}, {t4}",
        "adc {t3}, {lo}",
        "adc {t4}, 0",
        "mov rdx, qword ptr [{b} + 8]",
        "xor {t5:e}, {t5:e}",
        "mov {hi}, qword ptr [{a}]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {t1}, {lo}",
        "adox {t2}, {hi}",
        "mov {hi}, qword ptr [{a} + 8]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {t2}, {lo}",
        "adox {t3}, {hi}",
        "mov {hi}, qword ptr [{a} + 16]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {t3}, {lo}",
        "adox {t4}, {hi}",
        "mov {hi}, qword ptr [{a} + 24]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {t4}, {lo}",
        "adox {t5}, {hi}",
        "adc {t5}, 0",
        "mov rdx, qword ptr [{b} + 16]",
        "xor {t6:e}, {t6:e}",
        "mov {hi}, qword ptr [{a}]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {t2}, {lo}",
        "adox {t3}, {hi}",
        "mov {hi}, qword ptr [{a} + 8]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {t3}, {lo}",
        "adox {t4}, {hi}",
        "mov {hi}, qword ptr [{a} + 16]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {t4}, {lo}",
        "adox {t5}, {hi}",
        "mov {hi}, qword ptr [{a} + 24]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {t5}, {lo}",
        "adox {t6}, {hi}",
        "adc {t6}, 0",
        "mov rdx, qword ptr [{b} + 24]",
        "xor {t7:e}, {t7:e}",
        "mov {hi}, qword ptr [{a}]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {t3}, {lo}",
        "adox {t4}, {hi}",
        "mov {hi}, qword ptr [{a} + 8]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {t4}, {lo}",
        "adox {t5}, {hi}",
        "mov {hi}, qword ptr [{a} + 16]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {t5}, {lo}",
        "adox {t6}, {hi}",
        "mov {hi}, qword ptr [{a} + 24]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {t6}, {lo}",
        "adox {t7}, {hi}",
        "adc {t7}, 0",
        fold_c!(),
            a = in(reg) a.as_ptr(),
            b = in(reg) b.as_ptr(),
            lo = out(reg) _,
            hi = out(reg) _,
            t0 = out(reg) r0,
            t1 = out(reg) r1,
            t2 = out(reg) r2,
            t3 = out(reg) r3,
            t4 = out(reg) _,
            t5 = out(reg) _,
            t6 = out(reg) _,
            t7 = out(reg) _,
            out("rdx") _,
            options(pure, readonly, nostack)
        );
    }
    [r0, r1, r2, r3]
}

super::adx::four_word_square_fns! {
/// a² mod p for a in [0, p), or None when [`available`] is false: the 512-bit square
/// (the six cross products once, 6 MULX, doubled, plus the four diagonal squares, 4
/// MULX), then the same fold as [`mul`]: 16 MULX against the product's 22.
}

/// The `asm!` block of [`sqr`] with the square template `$square` of `backend::adx`.
/// Only for use where `available()` was checked.
#[cfg(target_arch = "x86_64")]
macro_rules! sqr_asm {
    ($square:ident, $a:ident) => {{
        let (r0, r1, r2, r3): (u64, u64, u64, u64);
        // SAFETY: the caller checked `available()` (BMI2 and ADX); the block reads the
        // four words behind `a` (a live `[u64; 4]` reference), writes only the registers
        // declared here and the flags, and touches no stack.
        unsafe {
            core::arch::asm!(
            super::adx::$square!(),
            fold_c!(),
                a = in(reg) $a.as_ptr(),
                z = out(reg) _,
                lo = out(reg) _,
                hi = out(reg) _,
                t0 = out(reg) r0,
                t1 = out(reg) r1,
                t2 = out(reg) r2,
                t3 = out(reg) r3,
                t4 = out(reg) _,
                t5 = out(reg) _,
                t6 = out(reg) _,
                t7 = out(reg) _,
                out("rdx") _,
                options(pure, readonly, nostack)
            );
        }
        [r0, r1, r2, r3]
    }};
}
#[cfg(target_arch = "x86_64")]
use sqr_asm;

/// k squares in a row for [`sqr_n`], each canonical.
#[cfg(target_arch = "x86_64")]
macro_rules! sqr_run {
    ($square:ident, $a:ident, $k:ident) => {{
        let mut x = *$a;
        for _ in 0..$k {
            let y = x;
            x = sqr_asm!($square, y);
        }
        x
    }};
}
#[cfg(target_arch = "x86_64")]
use sqr_run;

/// a + b mod p for a, b in [0, p), or None when [`available`] is false.
#[inline(always)]
pub fn add(a: &[u64; 4], b: &[u64; 4]) -> Option<[u64; 4]> {
    #[cfg(target_arch = "x86_64")]
    if available() {
        // SAFETY: `available()` was just checked.
        return Some(unsafe { add_asm(a, b) });
    }
    let _ = (a, b);
    None
}

/// The sum without the check: the `asm!` block of [`add`].
///
/// # Safety
/// Only where [`available`] returned true (BMI2 and ADX).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) unsafe fn add_asm(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let [mut r0, mut r1, mut r2, mut r3] = *a;
    // SAFETY: plain integer instructions on the registers declared here; no memory.
    // s = a + b mod 2^256 and y = s + c: the sum is s when it neither carried nor
    // reaches p, else y (a carry means 2^256 + s ≡ s + c, and then s + c < 2^256).
    unsafe {
        core::arch::asm!(
            "add {r0}, {b0}",
            "adc {r1}, {b1}",
            "adc {r2}, {b2}",
            "adc {r3}, {b3}",
            "sbb {t}, {t}",
            "mov {b0}, {r0}",
            "mov {b1}, {r1}",
            "mov {b2}, {r2}",
            "mov {b3}, {r3}",
            "add {b0}, {c}",
            "adc {b1}, 0",
            "adc {b2}, 0",
            "adc {b3}, 0",
            "sbb {u}, {u}",
            "or {t}, {u}",
            "cmovnz {r0}, {b0}",
            "cmovnz {r1}, {b1}",
            "cmovnz {r2}, {b2}",
            "cmovnz {r3}, {b3}",
            r0 = inout(reg) r0,
            r1 = inout(reg) r1,
            r2 = inout(reg) r2,
            r3 = inout(reg) r3,
            b0 = inout(reg) b[0] => _,
            b1 = inout(reg) b[1] => _,
            b2 = inout(reg) b[2] => _,
            b3 = inout(reg) b[3] => _,
            t = out(reg) _,
            u = out(reg) _,
            c = in(reg) C,
            options(pure, nomem, nostack)
        );
    }
    [r0, r1, r2, r3]
}

/// a − b mod p for a, b in [0, p), or None when [`available`] is false.
#[inline(always)]
pub fn sub(a: &[u64; 4], b: &[u64; 4]) -> Option<[u64; 4]> {
    #[cfg(target_arch = "x86_64")]
    if available() {
        // SAFETY: `available()` was just checked.
        return Some(unsafe { sub_asm(a, b) });
    }
    let _ = (a, b);
    None
}

/// The difference without the check: the `asm!` block of [`sub`].
///
/// # Safety
/// Only where [`available`] returned true (BMI2 and ADX).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) unsafe fn sub_asm(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let [mut r0, mut r1, mut r2, mut r3] = *a;
    // SAFETY: plain integer instructions on the registers declared here; no memory.
    // On a borrow the wrapped difference is a − b + 2^256 ≡ a − b + p + c, so c is
    // taken off under the borrow's mask (the wrapped value exceeds c: no new borrow).
    unsafe {
        core::arch::asm!(
            "sub {r0}, {b0}",
            "sbb {r1}, {b1}",
            "sbb {r2}, {b2}",
            "sbb {r3}, {b3}",
            "sbb {t}, {t}",
            "and {t}, {c}",
            "sub {r0}, {t}",
            "sbb {r1}, 0",
            "sbb {r2}, 0",
            "sbb {r3}, 0",
            r0 = inout(reg) r0,
            r1 = inout(reg) r1,
            r2 = inout(reg) r2,
            r3 = inout(reg) r3,
            b0 = in(reg) b[0],
            b1 = in(reg) b[1],
            b2 = in(reg) b[2],
            b3 = in(reg) b[3],
            t = out(reg) _,
            c = in(reg) C,
            options(pure, nomem, nostack)
        );
    }
    [r0, r1, r2, r3]
}

/// a/2 mod p for a in [0, p), or None when [`available`] is false. For the point
/// formulas of [`super::point4`]; its portable twin is the generic doubling, which needs
/// no halving.
#[inline(always)]
pub fn half(a: &[u64; 4]) -> Option<[u64; 4]> {
    #[cfg(target_arch = "x86_64")]
    if available() {
        // SAFETY: `available()` was just checked.
        return Some(unsafe { half_asm(a) });
    }
    let _ = a;
    None
}

/// The halving without the check: a even gives a/2, a odd gives (a + p)/2 < p, the sum's
/// carry shifted back in as bit 255. p & mask for the mask −(a mod 2): p_0 & mask, then
/// the mask itself for p_1 = p_2 = p_3 = 2^64 − 1.
///
/// # Safety
/// Only where [`available`] returned true (kept with the other blocks of this module).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) unsafe fn half_asm(a: &[u64; 4]) -> [u64; 4] {
    let [mut r0, mut r1, mut r2, mut r3] = *a;
    // SAFETY: plain integer instructions on the registers declared here; no memory.
    unsafe {
        core::arch::asm!(
            "mov {m}, {r0}",
            "and {m}, 1",
            "neg {m}",
            "mov {m0}, {m}",
            "and {m0}, {p0}",
            "xor {c:e}, {c:e}",
            "add {r0}, {m0}",
            "adc {r1}, {m}",
            "adc {r2}, {m}",
            "adc {r3}, {m}",
            "adc {c}, 0",
            "shrd {r0}, {r1}, 1",
            "shrd {r1}, {r2}, 1",
            "shrd {r2}, {r3}, 1",
            "shrd {r3}, {c}, 1",
            r0 = inout(reg) r0,
            r1 = inout(reg) r1,
            r2 = inout(reg) r2,
            r3 = inout(reg) r3,
            m = out(reg) _,
            m0 = out(reg) _,
            c = out(reg) _,
            p0 = in(reg) C.wrapping_neg(),
            options(pure, nomem, nostack)
        );
    }
    [r0, r1, r2, r3]
}
