//! GF(p) arithmetic for the NIST P-384 prime p = 2^384 − 2^128 − 2^96 + 2^32 − 1 with
//! BMI2 (MULX) and ADX (ADCX/ADOX), in inline assembly: the Montgomery product and square (R = 2^384,
//! the representation of the portable [`Fp`](crate::field::prime::Fp), so the two agree
//! value for value), the sum and the difference.
//!
//! The portable twin is the generic Montgomery code of `field::prime`, which runs whenever
//! [`available`] is false (no BMI2 and ADX, another architecture, `ECSM_BACKEND=portable`);
//! `tests/suite/prime_adx.rs` compares the two on edge and random operands.
//!
//! # The reduction round
//! A Montgomery round takes a value w to (w + m·p)/2^64 with m = w_0·(−p⁻¹ mod 2^64)
//! = w_0·(2^32 + 1). It uses p = 2^384 − c' with c' = 2^128 + 2^96 − 2^32 + 1, so
//! m·p = m·2^384 − m·c', and takes m·c' apart by shifts (no MULX since stop 49):
//! - with s = m·2^32 mod 2^64 and h = ⌊m/2^32⌋, m·c' = (m − s) + (s − h)·2^64 +
//!   (h + m)·2^128, and m − s = w_0 − b·2^64 where b is the carry of m = w_0 + s;
//! - so word 0 cancels, and the three words of (m·c' − w_0)/2^64 = (s − h − b) +
//!   (h + m)·2^64 take one SBB and one ADD; words 1–3 of w lose them on one SBB chain
//!   that runs on to the top, and m goes in at word 6;
//! - s = w_0·2^32 mod 2^64 and h = (w_0 mod 2^32 + ⌊w_0/2^32⌋) mod 2^32 come from w_0
//!   directly, so the next round's w_0 is four one-cycle steps behind this one's.
//!
//! Stops 45–48 formed m·c' with two MULX (m·(2^64 − 2^32 + 1) and m·(2^32 − 1)), which
//! put eight cycles on that path. Before stop 45 a round added m·p word by word: 4 MULX
//! (p's three top words, all ones, shared one m·(2^64 − 1)) and two ADCX/ADOX chains of
//! seven with three closing additions. On Intel cores ADC, ADCX, ADOX, SBB, CMOV and the shifts issue on ports 0
//! and 6 only, and a P-384 doubling is mostly such instructions, so their count bounds
//! it.
//!
//! # The product
//! Coarsely integrated operand scanning over six words, one word b_i of b per round,
//! on an accumulator of eight registers used in rotation. a·b_i goes in through two
//! carry chains (ADCX for the low halves of the word products, ADOX for the high halves),
//! then the round above clears the low word; that register becomes the top word of the
//! next round. The accumulator stays below 2^449 and ends below 2p, so one subtraction
//! of p, undone by adding p back under the borrow mask, gives the result in [0, p).
//! 36 MULX. x86-64 has exactly 13 general registers free for inline assembly (not rsp,
//! rbp, rbx): eight for the accumulator, two for the word products, RDX for MULX's
//! implicit operand and the two pointers.
//!
//! # The square
//! Separated: the 15 cross products a_i·a_j (i < j) row by row into a scratch array on
//! the caller's stack, each word stored as soon as no later row adds to it; then the
//! doubling and the six squares a_i² on two chains (ADCX doubles, ADOX adds the square),
//! the low half L kept in registers and the high half H stored back. The rounds then
//! reduce L alone: w < 2^384 throughout, so the borrow stops at word 5 and m minus that
//! borrow is the new top word (never negative: a borrow needs m·c' > 0, so m ≥ 1).
//! After six rounds w = (L + M·p)/2^384 ≤ p; H < p (a² < p²) is added and p subtracted
//! once. 21 MULX.
//!
//! Stand-alone copies (native build, pinned, best of 7 runs of 2·10^6), in a dependent
//! chain and in four interleaved independent chains:
//! - on the Zen 4 (AMD EPYC, family 25 model 17, 3.6 GHz) of stop 49, the MULX rounds
//!   of stops 45–48 → the shift rounds: product 34.4 → 31.4 ns and 29.1 → 28.4 ns,
//!   square 30.7 → 25.3 ns and 24.4 → 21.4 ns (three runs each, spread ≤ 0.1 ns);
//! - on the Intel Xeon of stops 41–48 (about 4 GHz), before stop 45 → the MULX rounds:
//!   product 34.3 → 33.2 ns and 29.4 → 25.0 ns, square 31.0 → 27.3 ns and 26.9 → 20.3
//!   ns. A product computed whole first and then reduced as the square is took 34.5
//!   and 25.9 ns.
//!
//! On the Zen 4 the form before stop 45 took 35.7–37.9 ns (product) and 31.9–34.0 ns
//! (square) in a chain; the generic Montgomery code of `field::prime` takes 48.5 and
//! 43.1 ns there (stop 40). The rows and rounds are written out by
//! `tools/p384_adx_gen.py` (loops emitting these lines); reading one row and one round
//! of each covers them all.
//!
//! No branch and no memory address depends on the operands.

pub use super::adx::{available, supported};

/// `asm!` over the words r0…r5 of `$r` (in and out) and b0…b5 of `$b` (in; b0–b2
/// overwritten), a scratch register t: these template lines, which must leave t = 0 or
/// −1, then p & t added to r (p_0 & t = t >> 32, p_1 & t = t << 32, p_2 & t = t << 1,
/// the other words t).
#[cfg(target_arch = "x86_64")]
macro_rules! with_p_added_under_mask {
    ($r:ident, $b:ident, $($line:literal,)*) => {
        core::arch::asm!(
            $($line,)*
            "mov {b0}, {t}",
            "shr {b0}, 32",
            "mov {b1}, {t}",
            "shl {b1}, 32",
            "mov {b2}, {t}",
            "add {b2}, {b2}",
            "add {r0}, {b0}",
            "adc {r1}, {b1}",
            "adc {r2}, {b2}",
            "adc {r3}, {t}",
            "adc {r4}, {t}",
            "adc {r5}, {t}",
            r0 = inout(reg) $r[0],
            r1 = inout(reg) $r[1],
            r2 = inout(reg) $r[2],
            r3 = inout(reg) $r[3],
            r4 = inout(reg) $r[4],
            r5 = inout(reg) $r[5],
            b0 = inout(reg) $b[0] => _,
            b1 = inout(reg) $b[1] => _,
            b2 = inout(reg) $b[2] => _,
            b3 = in(reg) $b[3],
            b4 = in(reg) $b[4],
            b5 = in(reg) $b[5],
            t = out(reg) _,
            options(pure, nomem, nostack)
        )
    };
}

/// a·b·2^−384 mod p for a, b in [0, p), or None when [`available`] is false.
#[inline(always)]
pub fn mul(a: &[u64; 6], b: &[u64; 6]) -> Option<[u64; 6]> {
    #[cfg(target_arch = "x86_64")]
    if available() {
        let (r0, r1, r2, r3, r4, r5): (u64, u64, u64, u64, u64, u64);
        // SAFETY: `available()` checked BMI2 and ADX; the block reads the twelve words
        // behind `a` and `b` (two live `[u64; 6]` references), writes only the registers
        // declared here and the flags, and touches no stack.
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
                "mov {t5}, qword ptr [{a} + 32]",
                "mulx {t5}, {lo}, {t5}",
                "adc {t4}, {lo}",
                "mov {t6}, qword ptr [{a} + 40]",
                "mulx {t6}, {lo}, {t6}",
                "adc {t5}, {lo}",
                "adc {t6}, 0",
                "xor {t7:e}, {t7:e}",
                "mov {lo}, {t0}",
                "shr {lo}, 32",
                "add {lo:e}, {t0:e}",
                "mov {hi}, {t0}",
                "shl {hi}, 32",
                "mov rdx, {hi}",
                "add rdx, {t0}",
                "sbb {hi}, {lo}",
                "mov {t0}, rdx",
                "sbb {t0}, 0",
                "add {t0}, {lo}",
                "mov {lo}, 0",
                "adc {lo}, 0",
                "sub {t1}, {hi}",
                "sbb {t2}, {t0}",
                "sbb {t3}, {lo}",
                "sbb {t4}, 0",
                "sbb {t5}, 0",
                "sbb {t6}, 0",
                "sbb {t7}, 0",
                "add {t6}, rdx",
                "adc {t7}, 0",
                "mov rdx, qword ptr [{b} + 8]",
                "xor {t0:e}, {t0:e}",
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
                "mov {hi}, qword ptr [{a} + 32]",
                "mulx {hi}, {lo}, {hi}",
                "adcx {t5}, {lo}",
                "adox {t6}, {hi}",
                "mov {hi}, qword ptr [{a} + 40]",
                "mulx {hi}, {lo}, {hi}",
                "adcx {t6}, {lo}",
                "adox {t7}, {hi}",
                "mov {lo}, 0",
                "adcx {t7}, {lo}",
                "adox {t0}, {lo}",
                "adcx {t0}, {lo}",
                "mov {lo}, {t1}",
                "shr {lo}, 32",
                "add {lo:e}, {t1:e}",
                "mov {hi}, {t1}",
                "shl {hi}, 32",
                "mov rdx, {hi}",
                "add rdx, {t1}",
                "sbb {hi}, {lo}",
                "mov {t1}, rdx",
                "sbb {t1}, 0",
                "add {t1}, {lo}",
                "mov {lo}, 0",
                "adc {lo}, 0",
                "sub {t2}, {hi}",
                "sbb {t3}, {t1}",
                "sbb {t4}, {lo}",
                "sbb {t5}, 0",
                "sbb {t6}, 0",
                "sbb {t7}, 0",
                "sbb {t0}, 0",
                "add {t7}, rdx",
                "adc {t0}, 0",
                "mov rdx, qword ptr [{b} + 16]",
                "xor {t1:e}, {t1:e}",
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
                "mov {hi}, qword ptr [{a} + 32]",
                "mulx {hi}, {lo}, {hi}",
                "adcx {t6}, {lo}",
                "adox {t7}, {hi}",
                "mov {hi}, qword ptr [{a} + 40]",
                "mulx {hi}, {lo}, {hi}",
                "adcx {t7}, {lo}",
                "adox {t0}, {hi}",
                "mov {lo}, 0",
                "adcx {t0}, {lo}",
                "adox {t1}, {lo}",
                "adcx {t1}, {lo}",
                "mov {lo}, {t2}",
                "shr {lo}, 32",
                "add {lo:e}, {t2:e}",
                "mov {hi}, {t2}",
                "shl {hi}, 32",
                "mov rdx, {hi}",
                "add rdx, {t2}",
                "sbb {hi}, {lo}",
                "mov {t2}, rdx",
                "sbb {t2}, 0",
                "add {t2}, {lo}",
                "mov {lo}, 0",
                "adc {lo}, 0",
                "sub {t3}, {hi}",
                "sbb {t4}, {t2}",
                "sbb {t5}, {lo}",
                "sbb {t6}, 0",
                "sbb {t7}, 0",
                "sbb {t0}, 0",
                "sbb {t1}, 0",
                "add {t0}, rdx",
                "adc {t1}, 0",
                "mov rdx, qword ptr [{b} + 24]",
                "xor {t2:e}, {t2:e}",
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
                "mov {hi}, qword ptr [{a} + 32]",
                "mulx {hi}, {lo}, {hi}",
                "adcx {t7}, {lo}",
                "adox {t0}, {hi}",
                "mov {hi}, qword ptr [{a} + 40]",
                "mulx {hi}, {lo}, {hi}",
                "adcx {t0}, {lo}",
                "adox {t1}, {hi}",
                "mov {lo}, 0",
                "adcx {t1}, {lo}",
                "adox {t2}, {lo}",
                "adcx {t2}, {lo}",
                "mov {lo}, {t3}",
                "shr {lo}, 32",
                "add {lo:e}, {t3:e}",
                "mov {hi}, {t3}",
                "shl {hi}, 32",
                "mov rdx, {hi}",
                "add rdx, {t3}",
                "sbb {hi}, {lo}",
                "mov {t3}, rdx",
                "sbb {t3}, 0",
                "add {t3}, {lo}",
                "mov {lo}, 0",
                "adc {lo}, 0",
                "sub {t4}, {hi}",
                "sbb {t5}, {t3}",
                "sbb {t6}, {lo}",
                "sbb {t7}, 0",
                "sbb {t0}, 0",
                "sbb {t1}, 0",
                "sbb {t2}, 0",
                "add {t1}, rdx",
                "adc {t2}, 0",
                "mov rdx, qword ptr [{b} + 32]",
                "xor {t3:e}, {t3:e}",
                "mov {hi}, qword ptr [{a}]",
                "mulx {hi}, {lo}, {hi}",
                "adcx {t4}, {lo}",
                "adox {t5}, {hi}",
                "mov {hi}, qword ptr [{a} + 8]",
                "mulx {hi}, {lo}, {hi}",
                "adcx {t5}, {lo}",
                "adox {t6}, {hi}",
                "mov {hi}, qword ptr [{a} + 16]",
                "mulx {hi}, {lo}, {hi}",
                "adcx {t6}, {lo}",
                "adox {t7}, {hi}",
                "mov {hi}, qword ptr [{a} + 24]",
                "mulx {hi}, {lo}, {hi}",
                "adcx {t7}, {lo}",
                "adox {t0}, {hi}",
                "mov {hi}, qword ptr [{a} + 32]",
                "mulx {hi}, {lo}, {hi}",
                "adcx {t0}, {lo}",
                "adox {t1}, {hi}",
                "mov {hi}, qword ptr [{a} + 40]",
                "mulx {hi}, {lo}, {hi}",
                "adcx {t1}, {lo}",
                "adox {t2}, {hi}",
                "mov {lo}, 0",
                "adcx {t2}, {lo}",
                "adox {t3}, {lo}",
                "adcx {t3}, {lo}",
                "mov {lo}, {t4}",
                "shr {lo}, 32",
                "add {lo:e}, {t4:e}",
                "mov {hi}, {t4}",
                "shl {hi}, 32",
                "mov rdx, {hi}",
                "add rdx, {t4}",
                "sbb {hi}, {lo}",
                "mov {t4}, rdx",
                "sbb {t4}, 0",
                "add {t4}, {lo}",
                "mov {lo}, 0",
                "adc {lo}, 0",
                "sub {t5}, {hi}",
                "sbb {t6}, {t4}",
                "sbb {t7}, {lo}",
                "sbb {t0}, 0",
                "sbb {t1}, 0",
                "sbb {t2}, 0",
                "sbb {t3}, 0",
                "add {t2}, rdx",
                "adc {t3}, 0",
                "mov rdx, qword ptr [{b} + 40]",
                "xor {t4:e}, {t4:e}",
                "mov {hi}, qword ptr [{a}]",
                "mulx {hi}, {lo}, {hi}",
                "adcx {t5}, {lo}",
                "adox {t6}, {hi}",
                "mov {hi}, qword ptr [{a} + 8]",
                "mulx {hi}, {lo}, {hi}",
                "adcx {t6}, {lo}",
                "adox {t7}, {hi}",
                "mov {hi}, qword ptr [{a} + 16]",
                "mulx {hi}, {lo}, {hi}",
                "adcx {t7}, {lo}",
                "adox {t0}, {hi}",
                "mov {hi}, qword ptr [{a} + 24]",
                "mulx {hi}, {lo}, {hi}",
                "adcx {t0}, {lo}",
                "adox {t1}, {hi}",
                "mov {hi}, qword ptr [{a} + 32]",
                "mulx {hi}, {lo}, {hi}",
                "adcx {t1}, {lo}",
                "adox {t2}, {hi}",
                "mov {hi}, qword ptr [{a} + 40]",
                "mulx {hi}, {lo}, {hi}",
                "adcx {t2}, {lo}",
                "adox {t3}, {hi}",
                "mov {lo}, 0",
                "adcx {t3}, {lo}",
                "adox {t4}, {lo}",
                "adcx {t4}, {lo}",
                "mov {lo}, {t5}",
                "shr {lo}, 32",
                "add {lo:e}, {t5:e}",
                "mov {hi}, {t5}",
                "shl {hi}, 32",
                "mov rdx, {hi}",
                "add rdx, {t5}",
                "sbb {hi}, {lo}",
                "mov {t5}, rdx",
                "sbb {t5}, 0",
                "add {t5}, {lo}",
                "mov {lo}, 0",
                "adc {lo}, 0",
                "sub {t6}, {hi}",
                "sbb {t7}, {t5}",
                "sbb {t0}, {lo}",
                "sbb {t1}, 0",
                "sbb {t2}, 0",
                "sbb {t3}, 0",
                "sbb {t4}, 0",
                "add {t3}, rdx",
                "adc {t4}, 0",
                "mov {lo}, 0xffffffff",
                "mov {hi}, 0xffffffff00000000",
                "sub {t6}, {lo}",
                "sbb {t7}, {hi}",
                "sbb {t0}, -2",
                "sbb {t1}, -1",
                "sbb {t2}, -1",
                "sbb {t3}, -1",
                "sbb {t4}, 0",
                "mov {lo}, {t4}",
                "shr {lo}, 32",
                "mov {hi}, {t4}",
                "shl {hi}, 32",
                "mov rdx, {t4}",
                "add rdx, rdx",
                "add {t6}, {lo}",
                "adc {t7}, {hi}",
                "adc {t0}, rdx",
                "adc {t1}, {t4}",
                "adc {t2}, {t4}",
                "adc {t3}, {t4}",
                a = in(reg) a.as_ptr(),
                b = in(reg) b.as_ptr(),
                lo = out(reg) _,
                hi = out(reg) _,
                t0 = out(reg) r2,
                t1 = out(reg) r3,
                t2 = out(reg) r4,
                t3 = out(reg) r5,
                t4 = out(reg) _,
                t5 = out(reg) _,
                t6 = out(reg) r0,
                t7 = out(reg) r1,
                out("rdx") _,
                options(pure, readonly, nostack)
            );
        }
        return Some([r0, r1, r2, r3, r4, r5]);
    }
    let _ = (a, b);
    None
}

/// a²·2^−384 mod p for a in [0, p), or None when [`available`] is false.
#[inline(always)]
pub fn sqr(a: &[u64; 6]) -> Option<[u64; 6]> {
    #[cfg(target_arch = "x86_64")]
    if available() {
        // SAFETY: `available()` was checked just above.
        return Some(unsafe { sqr_asm(a) });
    }
    let _ = a;
    None
}

/// a^(2^k) in the stored form: [`sqr`] k times in a row, with [`available`] checked once
/// for the run instead of once per square; None when [`available`] is false.
#[inline(always)]
pub fn sqr_n(a: &[u64; 6], k: usize) -> Option<[u64; 6]> {
    #[cfg(target_arch = "x86_64")]
    if available() {
        let mut x = *a;
        for _ in 0..k {
            // SAFETY: `available()` was checked before the loop.
            x = unsafe { sqr_asm(&x) };
        }
        return Some(x);
    }
    let _ = (a, k);
    None
}

/// The square of [`sqr`].
///
/// # Safety
/// Only where [`available`] returned true (the CPU has BMI2 and ADX).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn sqr_asm(a: &[u64; 6]) -> [u64; 6] {
    let (r0, r1, r2, r3, r4, r5): (u64, u64, u64, u64, u64, u64);
    let mut scratch = [0u64; 12];
    // SAFETY: the caller checked `available()` (BMI2 and ADX); the block reads the six
    // words behind `a` (a live `[u64; 6]` reference), writes only the twelve words of
    // `scratch`, the registers declared here and the flags, and touches no stack.
    unsafe {
        core::arch::asm!(
            "mov rdx, qword ptr [{a}]",
            "mov {x2}, qword ptr [{a} + 8]",
            "mulx {x2}, {x1}, {x2}",
            "mov {x3}, qword ptr [{a} + 16]",
            "mulx {x3}, {lo}, {x3}",
            "add {x2}, {lo}",
            "mov {x4}, qword ptr [{a} + 24]",
            "mulx {x4}, {lo}, {x4}",
            "adc {x3}, {lo}",
            "mov {x5}, qword ptr [{a} + 32]",
            "mulx {x5}, {lo}, {x5}",
            "adc {x4}, {lo}",
            "mov {x6}, qword ptr [{a} + 40]",
            "mulx {x6}, {lo}, {x6}",
            "adc {x5}, {lo}",
            "adc {x6}, 0",
            "mov rdx, qword ptr [{a} + 8]",
            "xor {x0:e}, {x0:e}",
            "mov {hi}, qword ptr [{a} + 16]",
            "mulx {hi}, {lo}, {hi}",
            "adcx {x3}, {lo}",
            "adox {x4}, {hi}",
            "mov {hi}, qword ptr [{a} + 24]",
            "mulx {hi}, {lo}, {hi}",
            "adcx {x4}, {lo}",
            "adox {x5}, {hi}",
            "mov {hi}, qword ptr [{a} + 32]",
            "mulx {hi}, {lo}, {hi}",
            "adcx {x5}, {lo}",
            "adox {x6}, {hi}",
            "mov {hi}, qword ptr [{a} + 40]",
            "mulx {hi}, {lo}, {hi}",
            "adcx {x6}, {lo}",
            "adox {x0}, {hi}",
            "mov {lo}, 0",
            "adcx {x0}, {lo}",
            "mov qword ptr [{s} + 8], {x1}",
            "mov qword ptr [{s} + 16], {x2}",
            "mov rdx, qword ptr [{a} + 16]",
            "xor {x1:e}, {x1:e}",
            "mov {hi}, qword ptr [{a} + 24]",
            "mulx {hi}, {lo}, {hi}",
            "adcx {x5}, {lo}",
            "adox {x6}, {hi}",
            "mov {hi}, qword ptr [{a} + 32]",
            "mulx {hi}, {lo}, {hi}",
            "adcx {x6}, {lo}",
            "adox {x0}, {hi}",
            "mov {hi}, qword ptr [{a} + 40]",
            "mulx {hi}, {lo}, {hi}",
            "adcx {x0}, {lo}",
            "adox {x1}, {hi}",
            "mov {lo}, 0",
            "adcx {x1}, {lo}",
            "mov qword ptr [{s} + 24], {x3}",
            "mov qword ptr [{s} + 32], {x4}",
            "mov rdx, qword ptr [{a} + 24]",
            "xor {x2:e}, {x2:e}",
            "mov {hi}, qword ptr [{a} + 32]",
            "mulx {hi}, {lo}, {hi}",
            "adcx {x0}, {lo}",
            "adox {x1}, {hi}",
            "mov {hi}, qword ptr [{a} + 40]",
            "mulx {hi}, {lo}, {hi}",
            "adcx {x1}, {lo}",
            "adox {x2}, {hi}",
            "mov {lo}, 0",
            "adcx {x2}, {lo}",
            "mov qword ptr [{s} + 40], {x5}",
            "mov qword ptr [{s} + 48], {x6}",
            "mov rdx, qword ptr [{a} + 32]",
            "xor {x3:e}, {x3:e}",
            "mov {hi}, qword ptr [{a} + 40]",
            "mulx {hi}, {lo}, {hi}",
            "adcx {x2}, {lo}",
            "adox {x3}, {hi}",
            "mov {lo}, 0",
            "adcx {x3}, {lo}",
            "mov qword ptr [{s} + 56], {x0}",
            "mov qword ptr [{s} + 64], {x1}",
            "mov qword ptr [{s} + 72], {x2}",
            "mov qword ptr [{s} + 80], {x3}",
            "xor {lo:e}, {lo:e}",
            "mov rdx, qword ptr [{a} + 0]",
            "mulx {hi}, {x0}, rdx",
            "mov {x1}, qword ptr [{s} + 8]",
            "adcx {x1}, {x1}",
            "adox {x1}, {hi}",
            "mov rdx, qword ptr [{a} + 8]",
            "mulx {hi}, {lo}, rdx",
            "mov {x2}, qword ptr [{s} + 16]",
            "adcx {x2}, {x2}",
            "adox {x2}, {lo}",
            "mov {x3}, qword ptr [{s} + 24]",
            "adcx {x3}, {x3}",
            "adox {x3}, {hi}",
            "mov rdx, qword ptr [{a} + 16]",
            "mulx {hi}, {lo}, rdx",
            "mov {x4}, qword ptr [{s} + 32]",
            "adcx {x4}, {x4}",
            "adox {x4}, {lo}",
            "mov {x5}, qword ptr [{s} + 40]",
            "adcx {x5}, {x5}",
            "adox {x5}, {hi}",
            "mov rdx, qword ptr [{a} + 24]",
            "mulx {hi}, {lo}, rdx",
            "mov {x6}, qword ptr [{s} + 48]",
            "adcx {x6}, {x6}",
            "adox {x6}, {lo}",
            "mov qword ptr [{s} + 48], {x6}",
            "mov {x6}, qword ptr [{s} + 56]",
            "adcx {x6}, {x6}",
            "adox {x6}, {hi}",
            "mov qword ptr [{s} + 56], {x6}",
            "mov rdx, qword ptr [{a} + 32]",
            "mulx {hi}, {lo}, rdx",
            "mov {x6}, qword ptr [{s} + 64]",
            "adcx {x6}, {x6}",
            "adox {x6}, {lo}",
            "mov qword ptr [{s} + 64], {x6}",
            "mov {x6}, qword ptr [{s} + 72]",
            "adcx {x6}, {x6}",
            "adox {x6}, {hi}",
            "mov qword ptr [{s} + 72], {x6}",
            "mov rdx, qword ptr [{a} + 40]",
            "mulx {hi}, {lo}, rdx",
            "mov {x6}, qword ptr [{s} + 80]",
            "adcx {x6}, {x6}",
            "adox {x6}, {lo}",
            "mov qword ptr [{s} + 80], {x6}",
            "mov {x6}, 0",
            "adcx {x6}, {x6}",
            "adox {x6}, {hi}",
            "mov qword ptr [{s} + 88], {x6}",
            "mov {lo}, {x0}",
            "shr {lo}, 32",
            "add {lo:e}, {x0:e}",
            "mov {hi}, {x0}",
            "shl {hi}, 32",
            "mov rdx, {hi}",
            "add rdx, {x0}",
            "sbb {hi}, {lo}",
            "mov {x6}, rdx",
            "sbb {x6}, 0",
            "add {x6}, {lo}",
            "mov {lo}, 0",
            "adc {lo}, 0",
            "mov {x0}, rdx",
            "sub {x1}, {hi}",
            "sbb {x2}, {x6}",
            "sbb {x3}, {lo}",
            "sbb {x4}, 0",
            "sbb {x5}, 0",
            "sbb {x0}, 0",
            "mov {lo}, {x1}",
            "shr {lo}, 32",
            "add {lo:e}, {x1:e}",
            "mov {hi}, {x1}",
            "shl {hi}, 32",
            "mov rdx, {hi}",
            "add rdx, {x1}",
            "sbb {hi}, {lo}",
            "mov {x6}, rdx",
            "sbb {x6}, 0",
            "add {x6}, {lo}",
            "mov {lo}, 0",
            "adc {lo}, 0",
            "mov {x1}, rdx",
            "sub {x2}, {hi}",
            "sbb {x3}, {x6}",
            "sbb {x4}, {lo}",
            "sbb {x5}, 0",
            "sbb {x0}, 0",
            "sbb {x1}, 0",
            "mov {lo}, {x2}",
            "shr {lo}, 32",
            "add {lo:e}, {x2:e}",
            "mov {hi}, {x2}",
            "shl {hi}, 32",
            "mov rdx, {hi}",
            "add rdx, {x2}",
            "sbb {hi}, {lo}",
            "mov {x6}, rdx",
            "sbb {x6}, 0",
            "add {x6}, {lo}",
            "mov {lo}, 0",
            "adc {lo}, 0",
            "mov {x2}, rdx",
            "sub {x3}, {hi}",
            "sbb {x4}, {x6}",
            "sbb {x5}, {lo}",
            "sbb {x0}, 0",
            "sbb {x1}, 0",
            "sbb {x2}, 0",
            "mov {lo}, {x3}",
            "shr {lo}, 32",
            "add {lo:e}, {x3:e}",
            "mov {hi}, {x3}",
            "shl {hi}, 32",
            "mov rdx, {hi}",
            "add rdx, {x3}",
            "sbb {hi}, {lo}",
            "mov {x6}, rdx",
            "sbb {x6}, 0",
            "add {x6}, {lo}",
            "mov {lo}, 0",
            "adc {lo}, 0",
            "mov {x3}, rdx",
            "sub {x4}, {hi}",
            "sbb {x5}, {x6}",
            "sbb {x0}, {lo}",
            "sbb {x1}, 0",
            "sbb {x2}, 0",
            "sbb {x3}, 0",
            "mov {lo}, {x4}",
            "shr {lo}, 32",
            "add {lo:e}, {x4:e}",
            "mov {hi}, {x4}",
            "shl {hi}, 32",
            "mov rdx, {hi}",
            "add rdx, {x4}",
            "sbb {hi}, {lo}",
            "mov {x6}, rdx",
            "sbb {x6}, 0",
            "add {x6}, {lo}",
            "mov {lo}, 0",
            "adc {lo}, 0",
            "mov {x4}, rdx",
            "sub {x5}, {hi}",
            "sbb {x0}, {x6}",
            "sbb {x1}, {lo}",
            "sbb {x2}, 0",
            "sbb {x3}, 0",
            "sbb {x4}, 0",
            "mov {lo}, {x5}",
            "shr {lo}, 32",
            "add {lo:e}, {x5:e}",
            "mov {hi}, {x5}",
            "shl {hi}, 32",
            "mov rdx, {hi}",
            "add rdx, {x5}",
            "sbb {hi}, {lo}",
            "mov {x6}, rdx",
            "sbb {x6}, 0",
            "add {x6}, {lo}",
            "mov {lo}, 0",
            "adc {lo}, 0",
            "mov {x5}, rdx",
            "sub {x0}, {hi}",
            "sbb {x1}, {x6}",
            "sbb {x2}, {lo}",
            "sbb {x3}, 0",
            "sbb {x4}, 0",
            "sbb {x5}, 0",
            "xor {x6:e}, {x6:e}",
            "add {x0}, qword ptr [{s} + 48]",
            "adc {x1}, qword ptr [{s} + 56]",
            "adc {x2}, qword ptr [{s} + 64]",
            "adc {x3}, qword ptr [{s} + 72]",
            "adc {x4}, qword ptr [{s} + 80]",
            "adc {x5}, qword ptr [{s} + 88]",
            "adc {x6}, 0",
            "mov {lo}, 0xffffffff",
            "mov {hi}, 0xffffffff00000000",
            "sub {x0}, {lo}",
            "sbb {x1}, {hi}",
            "sbb {x2}, -2",
            "sbb {x3}, -1",
            "sbb {x4}, -1",
            "sbb {x5}, -1",
            "sbb {x6}, 0",
            "mov {lo}, {x6}",
            "shr {lo}, 32",
            "mov {hi}, {x6}",
            "shl {hi}, 32",
            "mov rdx, {x6}",
            "add rdx, rdx",
            "add {x0}, {lo}",
            "adc {x1}, {hi}",
            "adc {x2}, rdx",
            "adc {x3}, {x6}",
            "adc {x4}, {x6}",
            "adc {x5}, {x6}",
            a = inout(reg) a.as_ptr() => _,
            s = in(reg) scratch.as_mut_ptr(),
            lo = out(reg) _,
            hi = out(reg) _,
            x0 = out(reg) r0,
            x1 = out(reg) r1,
            x2 = out(reg) r2,
            x3 = out(reg) r3,
            x4 = out(reg) r4,
            x5 = out(reg) r5,
            x6 = out(reg) _,
            out("rdx") _,
            options(nostack)
        );
    }
    [r0, r1, r2, r3, r4, r5]
}

/// a + b mod p for a, b in [0, p), or None when [`available`] is false.
#[inline(always)]
pub fn add(a: &[u64; 6], b: &[u64; 6]) -> Option<[u64; 6]> {
    #[cfg(target_arch = "x86_64")]
    if available() {
        let mut r = *a;
        // SAFETY: plain integer instructions on registers; no memory.
        // a + b < 2p: subtract p; the borrow out of the top word (0 or 1 after the sum)
        // leaves t = −1 when the sum was below p, and p & t is added back.
        unsafe {
            with_p_added_under_mask!(
                r,
                b,
                "xor {t:e}, {t:e}",
                "add {r0}, {b0}",
                "adc {r1}, {b1}",
                "adc {r2}, {b2}",
                "adc {r3}, {b3}",
                "adc {r4}, {b4}",
                "adc {r5}, {b5}",
                "adc {t}, 0",
                "mov {b0}, 0xffffffff",
                "mov {b1}, 0xffffffff00000000",
                "sub {r0}, {b0}",
                "sbb {r1}, {b1}",
                "sbb {r2}, -2",
                "sbb {r3}, -1",
                "sbb {r4}, -1",
                "sbb {r5}, -1",
                "sbb {t}, 0",
            );
        }
        return Some(r);
    }
    let _ = (a, b);
    None
}

/// a − b mod p for a, b in [0, p), or None when [`available`] is false.
#[inline(always)]
pub fn sub(a: &[u64; 6], b: &[u64; 6]) -> Option<[u64; 6]> {
    #[cfg(target_arch = "x86_64")]
    if available() {
        let mut r = *a;
        // SAFETY: plain integer instructions on registers; no memory.
        // The borrow of a − b becomes a mask t (SBB t, t) and p & t is added back.
        unsafe {
            with_p_added_under_mask!(
                r,
                b,
                "sub {r0}, {b0}",
                "sbb {r1}, {b1}",
                "sbb {r2}, {b2}",
                "sbb {r3}, {b3}",
                "sbb {r4}, {b4}",
                "sbb {r5}, {b5}",
                "sbb {t}, {t}",
            );
        }
        return Some(r);
    }
    let _ = (a, b);
    None
}
