//! GF(p) arithmetic for the NIST P-256 prime p = 2^256 − 2^224 + 2^192 + 2^96 − 1 with
//! BMI2 (MULX) and ADX (ADCX/ADOX), in inline assembly: the Montgomery product and square
//! (R = 2^256, the same representation as the portable [`Fp`](crate::field::prime::Fp), so
//! the two are interchangeable value for value), the sum and the difference.
//!
//! The portable twin is the generic Montgomery code of `field::prime`, which the field
//! runs whenever [`available`] is false: a CPU without BMI2 and ADX, another
//! architecture, or `ECSM_BACKEND=portable`. The test suite compares the two on edge
//! and random operands (`tests/suite/prime_adx.rs`).
//!
//! # The product
//! Coarsely integrated operand scanning, one word b_i of b per round: the accumulator
//! (5 words, the top one 0 or 1) gets a·b_i through two interleaved carry chains (ADCX
//! for the low halves of the word products, ADOX for the high halves), then m·p with
//! m = t_0 (−p⁻¹ ≡ 1 mod 2^64), and drops its low word, which m·p has cleared. p's shape
//! makes m·p cheap: with p_0 = 2^64 − 1, p_1 = 2^32 − 1 and p_2 = 0,
//! t_0 + m·p_0 + m·p_1·2^64 = m + m(2^64 − 1) + m(2^32 − 1)·2^64 = m·2^96
//! = (m << 32)·2^64 + (m >> 32)·2^128: two shifts,
//! and only m·p_3 needs a MULX: 20 MULX in all against 32 for a general 4-word prime
//! (the reduction of A. Gueron and V. Krasnov, "Fast prime field elliptic-curve
//! cryptography with 256-bit primes", J. Cryptogr. Eng. 5, 2015, which OpenSSL's
//! `ecp_nistz256` also uses). Every round ends below 2p, so one subtraction of p, kept
//! or undone by CMOV on the borrow, leaves the result in [0, p). No branch and no
//! memory access depends on the operands.
//!
//! Measured in dependent chains (`ecsm field-bench --field p256 --both-backends`, this
//! Zen 3 machine): see the module documentation of `field::prime`.

/// p_3, the top word of p.
#[cfg(target_arch = "x86_64")]
const P3: u64 = 0xffff_ffff_0000_0001;
/// p_1.
#[cfg(target_arch = "x86_64")]
const P1: u64 = 0x0000_0000_ffff_ffff;

pub use super::adx::{available, supported};

/// a·b·2^−256 mod p for a, b in [0, p), or None when [`available`] is false.
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
        "mov {c1}, qword ptr [{a}]",
        "mulx {c1}, {c0}, {c1}",
        "mov {c2}, qword ptr [{a} + 8]",
        "mulx {c2}, {lo}, {c2}",
        "add {c1}, {lo}",
        "mov {c3}, qword ptr [{a} + 16]",
        "mulx {c3}, {lo}, {c3}",
        "adc {c2}, {lo}",
        "mov {c4}, qword ptr [{a} + 24]",
        "mulx {c4}, {lo}, {c4}",
        "adc {c3}, {lo}",
        "adc {c4}, 0",
        "xor {c5:e}, {c5:e}",
        "mov rdx, {c0}",
        "mulx {hi}, {lo}, {p3}",
        "shl rdx, 32",
        "shr {c0}, 32",
        "add {c1}, rdx",
        "adc {c2}, {c0}",
        "adc {c3}, {lo}",
        "adc {c4}, {hi}",
        "adc {c5}, 0",
        "mov rdx, qword ptr [{b} + 8]",
        "xor {c0:e}, {c0:e}",
        "mov {hi}, qword ptr [{a}]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {c1}, {lo}",
        "adox {c2}, {hi}",
        "mov {hi}, qword ptr [{a} + 8]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {c2}, {lo}",
        "adox {c3}, {hi}",
        "mov {hi}, qword ptr [{a} + 16]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {c3}, {lo}",
        "adox {c4}, {hi}",
        "mov {hi}, qword ptr [{a} + 24]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {c4}, {lo}",
        "adox {c5}, {hi}",
        "adcx {c5}, {z}",
        "adox {c0}, {z}",
        "adcx {c0}, {z}",
        "mov rdx, {c1}",
        "mulx {hi}, {lo}, {p3}",
        "shl rdx, 32",
        "shr {c1}, 32",
        "add {c2}, rdx",
        "adc {c3}, {c1}",
        "adc {c4}, {lo}",
        "adc {c5}, {hi}",
        "adc {c0}, 0",
        "mov rdx, qword ptr [{b} + 16]",
        "xor {c1:e}, {c1:e}",
        "mov {hi}, qword ptr [{a}]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {c2}, {lo}",
        "adox {c3}, {hi}",
        "mov {hi}, qword ptr [{a} + 8]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {c3}, {lo}",
        "adox {c4}, {hi}",
        "mov {hi}, qword ptr [{a} + 16]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {c4}, {lo}",
        "adox {c5}, {hi}",
        "mov {hi}, qword ptr [{a} + 24]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {c5}, {lo}",
        "adox {c0}, {hi}",
        "adcx {c0}, {z}",
        "adox {c1}, {z}",
        "adcx {c1}, {z}",
        "mov rdx, {c2}",
        "mulx {hi}, {lo}, {p3}",
        "shl rdx, 32",
        "shr {c2}, 32",
        "add {c3}, rdx",
        "adc {c4}, {c2}",
        "adc {c5}, {lo}",
        "adc {c0}, {hi}",
        "adc {c1}, 0",
        "mov rdx, qword ptr [{b} + 24]",
        "xor {c2:e}, {c2:e}",
        "mov {hi}, qword ptr [{a}]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {c3}, {lo}",
        "adox {c4}, {hi}",
        "mov {hi}, qword ptr [{a} + 8]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {c4}, {lo}",
        "adox {c5}, {hi}",
        "mov {hi}, qword ptr [{a} + 16]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {c5}, {lo}",
        "adox {c0}, {hi}",
        "mov {hi}, qword ptr [{a} + 24]",
        "mulx {hi}, {lo}, {hi}",
        "adcx {c0}, {lo}",
        "adox {c1}, {hi}",
        "adcx {c1}, {z}",
        "adox {c2}, {z}",
        "adcx {c2}, {z}",
        "mov rdx, {c3}",
        "mulx {hi}, {lo}, {p3}",
        "shl rdx, 32",
        "shr {c3}, 32",
        "add {c4}, rdx",
        "adc {c5}, {c3}",
        "adc {c0}, {lo}",
        "adc {c1}, {hi}",
        "adc {c2}, 0",
        "mov {lo}, {c4}",
        "mov {hi}, {c5}",
        "mov {z}, {c0}",
        "mov {c3}, {c1}",
        "mov edx, 0xffffffff",
        "sub {c4}, -1",
        "sbb {c5}, rdx",
        "sbb {c0}, 0",
        "sbb {c1}, {p3}",
        "sbb {c2}, 0",
        "cmovc {c4}, {lo}",
        "cmovc {c5}, {hi}",
        "cmovc {c0}, {z}",
        "cmovc {c1}, {c3}",
            a = in(reg) a.as_ptr(),
            b = in(reg) b.as_ptr(),
            p3 = in(reg) P3,
            z = inout(reg) 0u64 => _,
            lo = out(reg) _,
            hi = out(reg) _,
            c0 = out(reg) r2,
            c1 = out(reg) r3,
            c2 = out(reg) _,
            c3 = out(reg) _,
            c4 = out(reg) r0,
            c5 = out(reg) r1,
            out("rdx") _,
            options(pure, readonly, nostack)
        );
    }
    [r0, r1, r2, r3]
}

super::adx::four_word_square_fns! {
/// a²·2^−256 mod p for a in [0, p), or None when [`available`] is false.
///
/// The 512-bit square first (6 cross products, doubled, and the 4 squares of the words:
/// 10 MULX), then the low half reduced in four rounds as in [`mul`] (4 MULX), then the
/// high half added and p subtracted once: a² < p² makes the high half below p and the
/// reduced low half at most p, so the sum is below 2p.
}

/// The low half t_0…t_3 of the 512-bit square reduced in four Montgomery rounds (one
/// MULX each, as in [`mul`]) into `{hi}`, `{t0}`, `{t1}`, `{t2}` (low to high), with p_3
/// put in `{a}`. For any t_0…t_3 the result (T_lo + m·p)/2^256 is at most p.
#[cfg(target_arch = "x86_64")]
macro_rules! reduce_low_half {
    () => {
        concat!(
            "mov {a}, 0xffffffff00000001\n",
            "mov rdx, {t0}\n mulx {hi}, {lo}, {a}\n shl rdx, 32\n shr {t0}, 32\n",
            "add {t1}, rdx\n adc {t2}, {t0}\n adc {t3}, {lo}\n adc {hi}, 0\n",
            "mov rdx, {t1}\n mulx {t0}, {lo}, {a}\n shl rdx, 32\n shr {t1}, 32\n",
            "add {t2}, rdx\n adc {t3}, {t1}\n adc {hi}, {lo}\n adc {t0}, 0\n",
            "mov rdx, {t2}\n mulx {t1}, {lo}, {a}\n shl rdx, 32\n shr {t2}, 32\n",
            "add {t3}, rdx\n adc {hi}, {t2}\n adc {t0}, {lo}\n adc {t1}, 0\n",
            "mov rdx, {t3}\n mulx {t2}, {lo}, {a}\n shl rdx, 32\n shr {t3}, 32\n",
            "add {hi}, rdx\n adc {t0}, {t3}\n adc {t1}, {lo}\n adc {t2}, 0\n",
            // S = H + L: the high half t_4…t_7 added, the carry out in {lo}.
            "xor {lo:e}, {lo:e}\n",
            "add {hi}, {t4}\n adc {t0}, {t5}\n adc {t1}, {t6}\n adc {t2}, {t7}\n adc {lo}, 0\n",
        )
    };
}

/// The canonical end of [`sqr`]: S < 2p (inputs below p), so p is subtracted once and the
/// subtraction undone by CMOV when it borrows.
#[cfg(target_arch = "x86_64")]
macro_rules! end_canonical {
    () => {
        concat!(
            "mov {t4}, {hi}\n mov {t5}, {t0}\n mov {t6}, {t1}\n mov {t7}, {t2}\n",
            "mov edx, 0xffffffff\n",
            "sub {hi}, -1\n sbb {t0}, rdx\n sbb {t1}, 0\n sbb {t2}, {a}\n sbb {lo}, 0\n",
            "cmovc {hi}, {t4}\n cmovc {t0}, {t5}\n cmovc {t1}, {t6}\n cmovc {t2}, {t7}\n",
        )
    };
}

/// The lazy end of the squares inside [`sqr_n`]: inputs and outputs only below 2^256.
/// Then H < 2^256 and L ≤ p, so S < 2^256 + p; when S carries (c = 1), 2^256 ≡ k =
/// 2^256 − p = 2^224 − 2^192 − 2^96 + 1 is added back in place of the carry, and
/// S − p < 2^256 cannot carry again. Words of c·k: c, c·(2^64 − 2^32), c·(2^64 − 1),
/// c·(2^32 − 2), from the mask −c. No CMOV waits for the whole subtraction: in a
/// dependent chain (stand-alone, Zen 4, pinned) 36 cycles a square against 38–39 for the
/// canonical end, and 31 against 34–35 with two chains interleaved.
#[cfg(target_arch = "x86_64")]
macro_rules! end_lazy {
    () => {
        concat!(
            "mov rdx, {lo}\n neg rdx\n",
            "mov {t4}, 0xffffffff00000000\n and {t4}, rdx\n",
            "mov {t5:e}, 0xfffffffe\n and {t5}, rdx\n",
            "add {hi}, {lo}\n adc {t0}, {t4}\n adc {t1}, rdx\n adc {t2}, {t5}\n",
        )
    };
}

/// The `asm!` block of [`sqr`] (`$end` = `end_canonical`, inputs below p, output in
/// [0, p)) or of a lazy square of [`sqr_n`] (`end_lazy`, input and output below 2^256),
/// with the square template `$square` of `backend::adx`. Only for use where
/// `available()` was checked.
#[cfg(target_arch = "x86_64")]
macro_rules! sqr_asm {
    ($square:ident, $a:ident) => {
        sqr_asm!($square, $a, end_canonical)
    };
    ($square:ident, $a:ident, $end:ident) => {{
        let (r0, r1, r2, r3): (u64, u64, u64, u64);
        // SAFETY: the caller checked `available()` (BMI2 and ADX); the block reads the
        // four words behind `a` (a live `[u64; 4]` reference), then reuses that register
        // for p_3; it writes only the registers declared here and the flags, and touches
        // no stack.
        unsafe {
            core::arch::asm!(
            super::adx::$square!(),
            reduce_low_half!(),
            $end!(),
                a = inout(reg) $a.as_ptr() => _,
                z = out(reg) _,
                lo = out(reg) _,
                hi = out(reg) r0,
                t0 = out(reg) r1,
                t1 = out(reg) r2,
                t2 = out(reg) r3,
                t3 = out(reg) _,
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
use {end_canonical, end_lazy, reduce_low_half, sqr_asm};

/// k lazy squares in a row for [`sqr_n`], then one reduction. Each square reads the four
/// words of a local buffer and writes its result back there, so the chain goes from one
/// block's stores to the next block's loads at the same addresses (which the core
/// forwards by renaming) instead of through the compiler's moves and spills between
/// blocks: 34.9 cycles a square against 35.8 for the same squares returned in registers
/// (stand-alone, runs of 32 and 96, Zen 4, pinned).
#[cfg(target_arch = "x86_64")]
macro_rules! sqr_run {
    ($square:ident, $a:ident, $k:ident) => {{
        let mut buf = *$a;
        for _ in 0..$k {
            // SAFETY: the caller checked `available()` (BMI2 and ADX); the block reads
            // and then overwrites the four words of `buf` (a live local `[u64; 4]`),
            // writes only the registers declared here and the flags, and touches no stack.
            unsafe {
                core::arch::asm!(
                super::adx::$square!(),
                // The square is done with {z} (its scratch) and the reduction takes {a}
                // for p_3, so the buffer's address moves to {z}.
                "mov {z}, {a}",
                reduce_low_half!(),
                end_lazy!(),
                "mov qword ptr [{z}], {hi}",
                "mov qword ptr [{z} + 8], {t0}",
                "mov qword ptr [{z} + 16], {t1}",
                "mov qword ptr [{z} + 24], {t2}",
                    a = inout(reg) buf.as_mut_ptr() => _,
                    z = out(reg) _,
                    lo = out(reg) _,
                    hi = out(reg) _,
                    t0 = out(reg) _,
                    t1 = out(reg) _,
                    t2 = out(reg) _,
                    t3 = out(reg) _,
                    t4 = out(reg) _,
                    t5 = out(reg) _,
                    t6 = out(reg) _,
                    t7 = out(reg) _,
                    out("rdx") _,
                    options(nostack)
                );
            }
        }
        reduce_once(&buf)
    }};
}
#[cfg(target_arch = "x86_64")]
use sqr_run;

/// x mod p for x < 2^256 (below 2p): p subtracted, and the subtraction undone by CMOV when
/// it borrows. Only for use where `available()` was checked.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn reduce_once(x: &[u64; 4]) -> [u64; 4] {
    let [mut r0, mut r1, mut r2, mut r3] = *x;
    // SAFETY: plain integer instructions on the registers declared here; no memory.
    unsafe {
        core::arch::asm!(
            "mov {c0}, {r0}",
            "mov {c1}, {r1}",
            "mov {c2}, {r2}",
            "mov {c3}, {r3}",
            "sub {r0}, -1",
            "sbb {r1}, {p1}",
            "sbb {r2}, 0",
            "sbb {r3}, {p3}",
            "cmovc {r0}, {c0}",
            "cmovc {r1}, {c1}",
            "cmovc {r2}, {c2}",
            "cmovc {r3}, {c3}",
            r0 = inout(reg) r0,
            r1 = inout(reg) r1,
            r2 = inout(reg) r2,
            r3 = inout(reg) r3,
            c0 = out(reg) _,
            c1 = out(reg) _,
            c2 = out(reg) _,
            c3 = out(reg) _,
            p1 = in(reg) P1,
            p3 = in(reg) P3,
            options(pure, nomem, nostack)
        );
    }
    [r0, r1, r2, r3]
}

/// One lazy square of [`sqr_n`] in both doubling forms, for the tests: a < 2^256 in, an
/// output below 2^256 congruent to a²·2^−256 mod p (not always below p); None when
/// [`available`] is false.
pub fn sqr_lazy_both_forms(a: &[u64; 4]) -> Option<([u64; 4], [u64; 4])> {
    #[cfg(target_arch = "x86_64")]
    if available() {
        return Some((
            sqr_asm!(square_wide_4, a, end_lazy),
            sqr_asm!(square_wide_4_adcx, a, end_lazy),
        ));
    }
    let _ = a;
    None
}

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
    // a + b < 2p: subtract p, and take the sum back by CMOV when that borrows.
    unsafe {
        core::arch::asm!(
            "xor {t:e}, {t:e}",
            "add {r0}, {b0}",
            "adc {r1}, {b1}",
            "adc {r2}, {b2}",
            "adc {r3}, {b3}",
            "adc {t}, 0",
            "mov {b0}, {r0}",
            "mov {b1}, {r1}",
            "mov {b2}, {r2}",
            "mov {b3}, {r3}",
            "sub {r0}, -1",
            "sbb {r1}, {p1}",
            "sbb {r2}, 0",
            "sbb {r3}, {p3}",
            "sbb {t}, 0",
            "cmovc {r0}, {b0}",
            "cmovc {r1}, {b1}",
            "cmovc {r2}, {b2}",
            "cmovc {r3}, {b3}",
            r0 = inout(reg) r0,
            r1 = inout(reg) r1,
            r2 = inout(reg) r2,
            r3 = inout(reg) r3,
            b0 = inout(reg) b[0] => _,
            b1 = inout(reg) b[1] => _,
            b2 = inout(reg) b[2] => _,
            b3 = inout(reg) b[3] => _,
            t = out(reg) _,
            p1 = in(reg) P1,
            p3 = in(reg) P3,
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
    // The borrow of a − b becomes a mask (SBB t, t), and p & mask is added back:
    // p_0 & mask = mask, p_1 & mask = mask >> 32, p_2 = 0, p_3 & mask.
    unsafe {
        core::arch::asm!(
            "sub {r0}, {b0}",
            "sbb {r1}, {b1}",
            "sbb {r2}, {b2}",
            "sbb {r3}, {b3}",
            "sbb {t}, {t}",
            "mov {b0}, {t}",
            "mov {b1}, {t}",
            "shr {b1}, 32",
            "and {t}, {p3}",
            "add {r0}, {b0}",
            "adc {r1}, {b1}",
            "adc {r2}, 0",
            "adc {r3}, {t}",
            r0 = inout(reg) r0,
            r1 = inout(reg) r1,
            r2 = inout(reg) r2,
            r3 = inout(reg) r3,
            b0 = inout(reg) b[0] => _,
            b1 = inout(reg) b[1] => _,
            b2 = in(reg) b[2],
            b3 = in(reg) b[3],
            t = out(reg) _,
            p3 = in(reg) P3,
            options(pure, nomem, nostack)
        );
    }
    [r0, r1, r2, r3]
}

/// a/2 mod p for a in [0, p), or None when [`available`] is false. For the doubling of
/// [`super::point4`]; its portable twin is the generic doubling, which needs no halving.
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
/// carry shifted back in as bit 255. p & mask for the mask −(a mod 2): mask, mask >> 32,
/// 0, p_3 & mask, as in [`sub`].
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
            "mov {m1}, {m}",
            "shr {m1}, 32",
            "mov {m3}, {m}",
            "and {m3}, {p3}",
            "xor {c:e}, {c:e}",
            "add {r0}, {m}",
            "adc {r1}, {m1}",
            "adc {r2}, 0",
            "adc {r3}, {m3}",
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
            m1 = out(reg) _,
            m3 = out(reg) _,
            c = out(reg) _,
            p3 = in(reg) P3,
            options(pure, nomem, nostack)
        );
    }
    [r0, r1, r2, r3]
}
