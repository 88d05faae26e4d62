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
//! once. 21 MULX. Inside a run of squares ([`sqr_n`]) the end is lazy instead: values
//! stay below 2^384, not below p, a carry out of w + H is folded back as
//! + (2^384 − p), and the run ends with one subtraction of p (stop 53).
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

/// a^(2^k) in the stored form: k squares in a row, with [`available`] checked once for
/// the run instead of once per square; None when [`available`] is false. The squares
/// are lazy (below 2^384, not below p: `end_lazy`) and the run ends with one reduction.
#[inline(always)]
pub fn sqr_n(a: &[u64; 6], k: usize) -> Option<[u64; 6]> {
    #[cfg(target_arch = "x86_64")]
    if available() {
        let mut x = *a;
        for _ in 0..k {
            // SAFETY: `available()` was checked before the loop.
            x = unsafe { sqr_lazy_asm(&x) };
        }
        return Some(reduce_once(&x));
    }
    let _ = (a, k);
    None
}

/// The square's rows, doubling and reduction rounds up to S = W + H, with the carry in
/// `{x6}` (`tools/p384_adx_gen.py sqr`, all but its end).
#[cfg(target_arch = "x86_64")]
macro_rules! sqr_body {
    () => {
        concat!(
            "mov rdx, qword ptr [{a}]\n",
            "mov {x2}, qword ptr [{a} + 8]\n",
            "mulx {x2}, {x1}, {x2}\n",
            "mov {x3}, qword ptr [{a} + 16]\n",
            "mulx {x3}, {lo}, {x3}\n",
            "add {x2}, {lo}\n",
            "mov {x4}, qword ptr [{a} + 24]\n",
            "mulx {x4}, {lo}, {x4}\n",
            "adc {x3}, {lo}\n",
            "mov {x5}, qword ptr [{a} + 32]\n",
            "mulx {x5}, {lo}, {x5}\n",
            "adc {x4}, {lo}\n",
            "mov {x6}, qword ptr [{a} + 40]\n",
            "mulx {x6}, {lo}, {x6}\n",
            "adc {x5}, {lo}\n",
            "adc {x6}, 0\n",
            "mov rdx, qword ptr [{a} + 8]\n",
            "xor {x0:e}, {x0:e}\n",
            "mov {hi}, qword ptr [{a} + 16]\n",
            "mulx {hi}, {lo}, {hi}\n",
            "adcx {x3}, {lo}\n",
            "adox {x4}, {hi}\n",
            "mov {hi}, qword ptr [{a} + 24]\n",
            "mulx {hi}, {lo}, {hi}\n",
            "adcx {x4}, {lo}\n",
            "adox {x5}, {hi}\n",
            "mov {hi}, qword ptr [{a} + 32]\n",
            "mulx {hi}, {lo}, {hi}\n",
            "adcx {x5}, {lo}\n",
            "adox {x6}, {hi}\n",
            "mov {hi}, qword ptr [{a} + 40]\n",
            "mulx {hi}, {lo}, {hi}\n",
            "adcx {x6}, {lo}\n",
            "adox {x0}, {hi}\n",
            "mov {lo}, 0\n",
            "adcx {x0}, {lo}\n",
            "mov qword ptr [{s} + 8], {x1}\n",
            "mov qword ptr [{s} + 16], {x2}\n",
            "mov rdx, qword ptr [{a} + 16]\n",
            "xor {x1:e}, {x1:e}\n",
            "mov {hi}, qword ptr [{a} + 24]\n",
            "mulx {hi}, {lo}, {hi}\n",
            "adcx {x5}, {lo}\n",
            "adox {x6}, {hi}\n",
            "mov {hi}, qword ptr [{a} + 32]\n",
            "mulx {hi}, {lo}, {hi}\n",
            "adcx {x6}, {lo}\n",
            "adox {x0}, {hi}\n",
            "mov {hi}, qword ptr [{a} + 40]\n",
            "mulx {hi}, {lo}, {hi}\n",
            "adcx {x0}, {lo}\n",
            "adox {x1}, {hi}\n",
            "mov {lo}, 0\n",
            "adcx {x1}, {lo}\n",
            "mov qword ptr [{s} + 24], {x3}\n",
            "mov qword ptr [{s} + 32], {x4}\n",
            "mov rdx, qword ptr [{a} + 24]\n",
            "xor {x2:e}, {x2:e}\n",
            "mov {hi}, qword ptr [{a} + 32]\n",
            "mulx {hi}, {lo}, {hi}\n",
            "adcx {x0}, {lo}\n",
            "adox {x1}, {hi}\n",
            "mov {hi}, qword ptr [{a} + 40]\n",
            "mulx {hi}, {lo}, {hi}\n",
            "adcx {x1}, {lo}\n",
            "adox {x2}, {hi}\n",
            "mov {lo}, 0\n",
            "adcx {x2}, {lo}\n",
            "mov qword ptr [{s} + 40], {x5}\n",
            "mov qword ptr [{s} + 48], {x6}\n",
            "mov rdx, qword ptr [{a} + 32]\n",
            "xor {x3:e}, {x3:e}\n",
            "mov {hi}, qword ptr [{a} + 40]\n",
            "mulx {hi}, {lo}, {hi}\n",
            "adcx {x2}, {lo}\n",
            "adox {x3}, {hi}\n",
            "mov {lo}, 0\n",
            "adcx {x3}, {lo}\n",
            "mov qword ptr [{s} + 56], {x0}\n",
            "mov qword ptr [{s} + 64], {x1}\n",
            "mov qword ptr [{s} + 72], {x2}\n",
            "mov qword ptr [{s} + 80], {x3}\n",
            "xor {lo:e}, {lo:e}\n",
            "mov rdx, qword ptr [{a} + 0]\n",
            "mulx {hi}, {x0}, rdx\n",
            "mov {x1}, qword ptr [{s} + 8]\n",
            "adcx {x1}, {x1}\n",
            "adox {x1}, {hi}\n",
            "mov rdx, qword ptr [{a} + 8]\n",
            "mulx {hi}, {lo}, rdx\n",
            "mov {x2}, qword ptr [{s} + 16]\n",
            "adcx {x2}, {x2}\n",
            "adox {x2}, {lo}\n",
            "mov {x3}, qword ptr [{s} + 24]\n",
            "adcx {x3}, {x3}\n",
            "adox {x3}, {hi}\n",
            "mov rdx, qword ptr [{a} + 16]\n",
            "mulx {hi}, {lo}, rdx\n",
            "mov {x4}, qword ptr [{s} + 32]\n",
            "adcx {x4}, {x4}\n",
            "adox {x4}, {lo}\n",
            "mov {x5}, qword ptr [{s} + 40]\n",
            "adcx {x5}, {x5}\n",
            "adox {x5}, {hi}\n",
            "mov rdx, qword ptr [{a} + 24]\n",
            "mulx {hi}, {lo}, rdx\n",
            "mov {x6}, qword ptr [{s} + 48]\n",
            "adcx {x6}, {x6}\n",
            "adox {x6}, {lo}\n",
            "mov qword ptr [{s} + 48], {x6}\n",
            "mov {x6}, qword ptr [{s} + 56]\n",
            "adcx {x6}, {x6}\n",
            "adox {x6}, {hi}\n",
            "mov qword ptr [{s} + 56], {x6}\n",
            "mov rdx, qword ptr [{a} + 32]\n",
            "mulx {hi}, {lo}, rdx\n",
            "mov {x6}, qword ptr [{s} + 64]\n",
            "adcx {x6}, {x6}\n",
            "adox {x6}, {lo}\n",
            "mov qword ptr [{s} + 64], {x6}\n",
            "mov {x6}, qword ptr [{s} + 72]\n",
            "adcx {x6}, {x6}\n",
            "adox {x6}, {hi}\n",
            "mov qword ptr [{s} + 72], {x6}\n",
            "mov rdx, qword ptr [{a} + 40]\n",
            "mulx {hi}, {lo}, rdx\n",
            "mov {x6}, qword ptr [{s} + 80]\n",
            "adcx {x6}, {x6}\n",
            "adox {x6}, {lo}\n",
            "mov qword ptr [{s} + 80], {x6}\n",
            "mov {x6}, 0\n",
            "adcx {x6}, {x6}\n",
            "adox {x6}, {hi}\n",
            "mov qword ptr [{s} + 88], {x6}\n",
            "mov {lo}, {x0}\n",
            "shr {lo}, 32\n",
            "add {lo:e}, {x0:e}\n",
            "mov {hi}, {x0}\n",
            "shl {hi}, 32\n",
            "mov rdx, {hi}\n",
            "add rdx, {x0}\n",
            "sbb {hi}, {lo}\n",
            "mov {x6}, rdx\n",
            "sbb {x6}, 0\n",
            "add {x6}, {lo}\n",
            "mov {lo}, 0\n",
            "adc {lo}, 0\n",
            "mov {x0}, rdx\n",
            "sub {x1}, {hi}\n",
            "sbb {x2}, {x6}\n",
            "sbb {x3}, {lo}\n",
            "sbb {x4}, 0\n",
            "sbb {x5}, 0\n",
            "sbb {x0}, 0\n",
            "mov {lo}, {x1}\n",
            "shr {lo}, 32\n",
            "add {lo:e}, {x1:e}\n",
            "mov {hi}, {x1}\n",
            "shl {hi}, 32\n",
            "mov rdx, {hi}\n",
            "add rdx, {x1}\n",
            "sbb {hi}, {lo}\n",
            "mov {x6}, rdx\n",
            "sbb {x6}, 0\n",
            "add {x6}, {lo}\n",
            "mov {lo}, 0\n",
            "adc {lo}, 0\n",
            "mov {x1}, rdx\n",
            "sub {x2}, {hi}\n",
            "sbb {x3}, {x6}\n",
            "sbb {x4}, {lo}\n",
            "sbb {x5}, 0\n",
            "sbb {x0}, 0\n",
            "sbb {x1}, 0\n",
            "mov {lo}, {x2}\n",
            "shr {lo}, 32\n",
            "add {lo:e}, {x2:e}\n",
            "mov {hi}, {x2}\n",
            "shl {hi}, 32\n",
            "mov rdx, {hi}\n",
            "add rdx, {x2}\n",
            "sbb {hi}, {lo}\n",
            "mov {x6}, rdx\n",
            "sbb {x6}, 0\n",
            "add {x6}, {lo}\n",
            "mov {lo}, 0\n",
            "adc {lo}, 0\n",
            "mov {x2}, rdx\n",
            "sub {x3}, {hi}\n",
            "sbb {x4}, {x6}\n",
            "sbb {x5}, {lo}\n",
            "sbb {x0}, 0\n",
            "sbb {x1}, 0\n",
            "sbb {x2}, 0\n",
            "mov {lo}, {x3}\n",
            "shr {lo}, 32\n",
            "add {lo:e}, {x3:e}\n",
            "mov {hi}, {x3}\n",
            "shl {hi}, 32\n",
            "mov rdx, {hi}\n",
            "add rdx, {x3}\n",
            "sbb {hi}, {lo}\n",
            "mov {x6}, rdx\n",
            "sbb {x6}, 0\n",
            "add {x6}, {lo}\n",
            "mov {lo}, 0\n",
            "adc {lo}, 0\n",
            "mov {x3}, rdx\n",
            "sub {x4}, {hi}\n",
            "sbb {x5}, {x6}\n",
            "sbb {x0}, {lo}\n",
            "sbb {x1}, 0\n",
            "sbb {x2}, 0\n",
            "sbb {x3}, 0\n",
            "mov {lo}, {x4}\n",
            "shr {lo}, 32\n",
            "add {lo:e}, {x4:e}\n",
            "mov {hi}, {x4}\n",
            "shl {hi}, 32\n",
            "mov rdx, {hi}\n",
            "add rdx, {x4}\n",
            "sbb {hi}, {lo}\n",
            "mov {x6}, rdx\n",
            "sbb {x6}, 0\n",
            "add {x6}, {lo}\n",
            "mov {lo}, 0\n",
            "adc {lo}, 0\n",
            "mov {x4}, rdx\n",
            "sub {x5}, {hi}\n",
            "sbb {x0}, {x6}\n",
            "sbb {x1}, {lo}\n",
            "sbb {x2}, 0\n",
            "sbb {x3}, 0\n",
            "sbb {x4}, 0\n",
            "mov {lo}, {x5}\n",
            "shr {lo}, 32\n",
            "add {lo:e}, {x5:e}\n",
            "mov {hi}, {x5}\n",
            "shl {hi}, 32\n",
            "mov rdx, {hi}\n",
            "add rdx, {x5}\n",
            "sbb {hi}, {lo}\n",
            "mov {x6}, rdx\n",
            "sbb {x6}, 0\n",
            "add {x6}, {lo}\n",
            "mov {lo}, 0\n",
            "adc {lo}, 0\n",
            "mov {x5}, rdx\n",
            "sub {x0}, {hi}\n",
            "sbb {x1}, {x6}\n",
            "sbb {x2}, {lo}\n",
            "sbb {x3}, 0\n",
            "sbb {x4}, 0\n",
            "sbb {x5}, 0\n",
            "xor {x6:e}, {x6:e}\n",
            "add {x0}, qword ptr [{s} + 48]\n",
            "adc {x1}, qword ptr [{s} + 56]\n",
            "adc {x2}, qword ptr [{s} + 64]\n",
            "adc {x3}, qword ptr [{s} + 72]\n",
            "adc {x4}, qword ptr [{s} + 80]\n",
            "adc {x5}, qword ptr [{s} + 88]\n",
            "adc {x6}, 0\n",
        )
    };
}

/// The canonical end of [`sqr`]: S < 2p (inputs below p), so p is subtracted once and
/// added back under the borrow mask.
#[cfg(target_arch = "x86_64")]
macro_rules! end_canonical {
    () => {
        concat!(
            "mov {lo}, 0xffffffff\n",
            "mov {hi}, 0xffffffff00000000\n",
            "sub {x0}, {lo}\n",
            "sbb {x1}, {hi}\n",
            "sbb {x2}, -2\n",
            "sbb {x3}, -1\n",
            "sbb {x4}, -1\n",
            "sbb {x5}, -1\n",
            "sbb {x6}, 0\n",
            "mov {lo}, {x6}\n",
            "shr {lo}, 32\n",
            "mov {hi}, {x6}\n",
            "shl {hi}, 32\n",
            "mov rdx, {x6}\n",
            "add rdx, rdx\n",
            "add {x0}, {lo}\n",
            "adc {x1}, {hi}\n",
            "adc {x2}, rdx\n",
            "adc {x3}, {x6}\n",
            "adc {x4}, {x6}\n",
            "adc {x5}, {x6}\n",
        )
    };
}

/// The lazy end of the squares inside [`sqr_n`] (`tools/p384_adx_gen.py sqr-lazy`):
/// inputs and outputs only below 2^384. Then H < 2^384 and W ≤ p, so S < 2^384 + p;
/// when S carries (c = 1), c' = 2^384 − p = 2^128 + 2^96 − 2^32 + 1 is added in place
/// of the carry (words c·(2^64 − 2^32 + 1), c·(2^32 − 1), c, from the mask −c), and
/// S − p < 2^384 cannot carry again. As for P-256 (`p256_adx`'s `end_lazy!`), no end
/// waits for a whole subtraction and a whole addition.
#[cfg(target_arch = "x86_64")]
macro_rules! end_lazy {
    () => {
        concat!(
            "mov rdx, {x6}\n",
            "neg rdx\n",
            "mov {lo}, rdx\n",
            "shr {lo}, 32\n",
            "mov {hi}, 0xffffffff00000001\n",
            "and {hi}, rdx\n",
            "add {x0}, {hi}\n",
            "adc {x1}, {lo}\n",
            "adc {x2}, {x6}\n",
            "adc {x3}, 0\n",
            "adc {x4}, 0\n",
            "adc {x5}, 0\n",
        )
    };
}

/// The square's `asm!` block with the end `$end` (`end_canonical` or `end_lazy`), on
/// the six words behind `$a`, giving the six words of the result. Only for use where
/// `available()` was checked.
#[cfg(target_arch = "x86_64")]
macro_rules! sqr_block {
    ($a:ident, $end:ident) => {{
        let (r0, r1, r2, r3, r4, r5): (u64, u64, u64, u64, u64, u64);
        let mut scratch = [0u64; 12];
        // SAFETY: the caller checked `available()` (BMI2 and ADX); the block reads the six
        // words behind `a` (a live `[u64; 6]` reference), writes only the twelve words of
        // `scratch`, the registers declared here and the flags, and touches no stack.
        unsafe {
            core::arch::asm!(
            sqr_body!(),
            $end!(),
            a = inout(reg) $a.as_ptr() => _,
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
    }};
}

/// The square of [`sqr`].
///
/// # Safety
/// Only where [`available`] returned true (the CPU has BMI2 and ADX).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn sqr_asm(a: &[u64; 6]) -> [u64; 6] {
    sqr_block!(a, end_canonical)
}

/// One lazy square of a run: a < 2^384 in, a value below 2^384 congruent to
/// a²·2^−384 mod p out (not always below p).
///
/// # Safety
/// Only where [`available`] returned true (the CPU has BMI2 and ADX).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn sqr_lazy_asm(a: &[u64; 6]) -> [u64; 6] {
    sqr_block!(a, end_lazy)
}

/// x mod p for x < 2^384 (below 2p): p subtracted, and added back under the borrow mask
/// (`tools/p384_adx_gen.py reduce-once`). Only where [`available`] returned true.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn reduce_once(x: &[u64; 6]) -> [u64; 6] {
    let [mut r0, mut r1, mut r2, mut r3, mut r4, mut r5] = *x;
    // SAFETY: plain integer instructions on the registers declared here; no memory.
    unsafe {
        core::arch::asm!(
            "mov {lo}, 0xffffffff\n",
            "mov {hi}, 0xffffffff00000000\n",
            "sub {r0}, {lo}\n",
            "sbb {r1}, {hi}\n",
            "sbb {r2}, -2\n",
            "sbb {r3}, -1\n",
            "sbb {r4}, -1\n",
            "sbb {r5}, -1\n",
            "sbb {z}, 0\n",
            "mov {lo}, {z}\n",
            "shr {lo}, 32\n",
            "mov {hi}, {z}\n",
            "shl {hi}, 32\n",
            "mov rdx, {z}\n",
            "add rdx, rdx\n",
            "add {r0}, {lo}\n",
            "adc {r1}, {hi}\n",
            "adc {r2}, rdx\n",
            "adc {r3}, {z}\n",
            "adc {r4}, {z}\n",
            "adc {r5}, {z}\n",
            r0 = inout(reg) r0,
            r1 = inout(reg) r1,
            r2 = inout(reg) r2,
            r3 = inout(reg) r3,
            r4 = inout(reg) r4,
            r5 = inout(reg) r5,
            z = inout(reg) 0u64 => _,
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            options(pure, nomem, nostack)
        );
    }
    [r0, r1, r2, r3, r4, r5]
}

/// One lazy square of [`sqr_n`], for the tests: a < 2^384 in, an output below 2^384
/// congruent to a²·2^−384 mod p (not always below p); None when [`available`] is false.
pub fn sqr_lazy(a: &[u64; 6]) -> Option<[u64; 6]> {
    #[cfg(target_arch = "x86_64")]
    if available() {
        // SAFETY: `available()` was checked just above.
        return Some(unsafe { sqr_lazy_asm(a) });
    }
    let _ = a;
    None
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
