//! GF(p) arithmetic for the NIST P-384 prime p = 2^384 − 2^128 − 2^96 + 2^32 − 1 with
//! BMI2 (MULX) and ADX (ADCX/ADOX), in inline assembly: the Montgomery product and square (R = 2^384,
//! the representation of the portable [`Fp`](crate::field::prime::Fp), so the two agree
//! value for value), the sum and the difference.
//!
//! The portable twin is the generic Montgomery code of `field::prime`, which runs whenever
//! [`available`] is false (no BMI2 and ADX, another architecture, `ECSM_BACKEND=portable`);
//! `tests/suite/prime_adx.rs` compares the two on edge and random operands.
//!
//! # The product
//! Separated operand scanning: first the whole 768-bit product T = a·b, then a
//! Montgomery reduction of its low half alone.
//!
//! The product is six rows, one word b_i of b each: a·b_i goes into words i…i+6 on two
//! carry chains (ADCX for the low halves of the word products, ADOX for the high halves),
//! 36 MULX. Seven registers hold the words a row touches; word i is final after row i
//! and goes to a scratch array on the caller's stack, which frees its register for word
//! i + 7. The high half H ends in the scratch array too.
//!
//! The reduction works on the low half L in six registers. A round takes w < 2^384 to
//! (w + m·p)/2^64 with m = w_0·(−p⁻¹ mod 2^64) = w_0·(2^32 + 1), so after six rounds
//! w = (L + M·p)/2^384 ≤ p. It uses p = 2^384 − c' with c' = 2^128 + 2^96 − 2^32 + 1 =
//! C0 + C1·2^64 + 2^128, C0 = 2^64 − 2^32 + 1 and C1 = 2^32 − 1:
//! - m·p = m·2^384 − m·c', and m·c' = m·C0 + m·C1·2^64 + m·2^128: two MULX;
//! - the low word of m·C0 equals w_0 (m·C0 ≡ w_0(1 + 2^32)(1 − 2^32) ≡ w_0 mod 2^64), so
//!   word 0 cancels with no borrow;
//! - words 1–3 of w lose the three words of (m·c' − w_0)/2^64, the borrow runs through
//!   words 4 and 5, and m minus that borrow is the new top word (it is never negative:
//!   a borrow needs m·c' > 0, so m ≥ 1).
//!
//! A round is one SBB chain of six and a three-instruction sum, against two ADCX/ADOX
//! chains of seven and three closing additions when m·p is added word by word (the
//! form this module had before, which also needed 4 MULX a round). Then H is added
//! (w + H < 2p, since H < p as a·b < p²) and p subtracted once, kept or undone by
//! adding p back under the borrow mask: the result is in [0, p). 48 MULX in all.
//!
//! On Intel cores ADC, ADCX, ADOX, SBB and the shifts issue on ports 0 and 6 only, and
//! a P-384 doubling is mostly such instructions, so their count bounds it: the product
//! went from about 190 of them to about 140.
//!
//! x86-64 has exactly 13 general registers free for inline assembly (not rsp, rbp,
//! rbx): seven for the words, two for the word products, RDX for MULX's implicit
//! operand and the three pointers (`a` and `b` hold C0 and C1 during the reduction).
//!
//! # The square
//! The 15 cross products a_i·a_j (i < j) row by row into the scratch array, each word
//! stored as soon as no later row adds to it; then the doubling and the six squares
//! a_i² on two chains (ADCX doubles, ADOX adds the square), the low six words kept in
//! registers and the high six stored back; then the reduction of the product. 33 MULX.
//!
//! Measured in dependent chains and in four interleaved independent chains
//! (stand-alone copy of this code, native build, pinned, best of 7 runs of 2·10^6,
//! this Intel Xeon at about 4 GHz), the form before → this one: product latency 34.1 →
//! 34.3 ns, product throughput 29.2 → 25.9 ns, square latency 30.7 → 27.6 ns, square
//! throughput 26.9 → 20.4 ns. On the Zen 4 machine of stop 40 the form before took
//! 35.7 ns (product) and 31.7 ns (square) in a chain, and a form with six MULX per
//! reduction round 40.1 ns; the generic Montgomery code of `field::prime` takes 48.5 and
//! 43.1 ns there. The rows and rounds are written out by `tools/p384_adx_gen.py` (loops
//! emitting these lines); reading one row of the product and one reduction round covers
//! them all.
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
        let mut scratch = [0u64; 12];
        // SAFETY: `available()` checked BMI2 and ADX; the block reads the twelve words
        // behind `a` and `b` (two live `[u64; 6]` references), writes only the twelve
        // words of `scratch`, the registers declared here and the flags, and touches no
        // stack.
        unsafe {
            core::arch::asm!(
                "mov rdx, qword ptr [{b}]",
                "mulx {t1}, {t0}, qword ptr [{a}]",
                "mulx {t2}, {lo}, qword ptr [{a} + 8]",
                "add {t1}, {lo}",
                "mulx {t3}, {lo}, qword ptr [{a} + 16]",
                "adc {t2}, {lo}",
                "mulx {t4}, {lo}, qword ptr [{a} + 24]",
                "adc {t3}, {lo}",
                "mulx {t5}, {lo}, qword ptr [{a} + 32]",
                "adc {t4}, {lo}",
                "mulx {t6}, {lo}, qword ptr [{a} + 40]",
                "adc {t5}, {lo}",
                "adc {t6}, 0",
                "mov qword ptr [{s}], {t0}",
                "mov rdx, qword ptr [{b} + 8]",
                "xor {t0:e}, {t0:e}",
                "mulx {hi}, {lo}, qword ptr [{a}]",
                "adcx {t1}, {lo}",
                "adox {t2}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 8]",
                "adcx {t2}, {lo}",
                "adox {t3}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 16]",
                "adcx {t3}, {lo}",
                "adox {t4}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 24]",
                "adcx {t4}, {lo}",
                "adox {t5}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 32]",
                "adcx {t5}, {lo}",
                "adox {t6}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 40]",
                "adcx {t6}, {lo}",
                "adox {t0}, {hi}",
                "mov {lo}, 0",
                "adcx {t0}, {lo}",
                "mov qword ptr [{s} + 8], {t1}",
                "mov rdx, qword ptr [{b} + 16]",
                "xor {t1:e}, {t1:e}",
                "mulx {hi}, {lo}, qword ptr [{a}]",
                "adcx {t2}, {lo}",
                "adox {t3}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 8]",
                "adcx {t3}, {lo}",
                "adox {t4}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 16]",
                "adcx {t4}, {lo}",
                "adox {t5}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 24]",
                "adcx {t5}, {lo}",
                "adox {t6}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 32]",
                "adcx {t6}, {lo}",
                "adox {t0}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 40]",
                "adcx {t0}, {lo}",
                "adox {t1}, {hi}",
                "mov {lo}, 0",
                "adcx {t1}, {lo}",
                "mov qword ptr [{s} + 16], {t2}",
                "mov rdx, qword ptr [{b} + 24]",
                "xor {t2:e}, {t2:e}",
                "mulx {hi}, {lo}, qword ptr [{a}]",
                "adcx {t3}, {lo}",
                "adox {t4}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 8]",
                "adcx {t4}, {lo}",
                "adox {t5}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 16]",
                "adcx {t5}, {lo}",
                "adox {t6}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 24]",
                "adcx {t6}, {lo}",
                "adox {t0}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 32]",
                "adcx {t0}, {lo}",
                "adox {t1}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 40]",
                "adcx {t1}, {lo}",
                "adox {t2}, {hi}",
                "mov {lo}, 0",
                "adcx {t2}, {lo}",
                "mov qword ptr [{s} + 24], {t3}",
                "mov rdx, qword ptr [{b} + 32]",
                "xor {t3:e}, {t3:e}",
                "mulx {hi}, {lo}, qword ptr [{a}]",
                "adcx {t4}, {lo}",
                "adox {t5}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 8]",
                "adcx {t5}, {lo}",
                "adox {t6}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 16]",
                "adcx {t6}, {lo}",
                "adox {t0}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 24]",
                "adcx {t0}, {lo}",
                "adox {t1}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 32]",
                "adcx {t1}, {lo}",
                "adox {t2}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 40]",
                "adcx {t2}, {lo}",
                "adox {t3}, {hi}",
                "mov {lo}, 0",
                "adcx {t3}, {lo}",
                "mov qword ptr [{s} + 32], {t4}",
                "mov rdx, qword ptr [{b} + 40]",
                "xor {t4:e}, {t4:e}",
                "mulx {hi}, {lo}, qword ptr [{a}]",
                "adcx {t5}, {lo}",
                "adox {t6}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 8]",
                "adcx {t6}, {lo}",
                "adox {t0}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 16]",
                "adcx {t0}, {lo}",
                "adox {t1}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 24]",
                "adcx {t1}, {lo}",
                "adox {t2}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 32]",
                "adcx {t2}, {lo}",
                "adox {t3}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 40]",
                "adcx {t3}, {lo}",
                "adox {t4}, {hi}",
                "mov {lo}, 0",
                "adcx {t4}, {lo}",
                "mov qword ptr [{s} + 48], {t6}",
                "mov qword ptr [{s} + 56], {t0}",
                "mov qword ptr [{s} + 64], {t1}",
                "mov qword ptr [{s} + 72], {t2}",
                "mov qword ptr [{s} + 80], {t3}",
                "mov qword ptr [{s} + 88], {t4}",
                "mov {t0}, qword ptr [{s} + 0]",
                "mov {t1}, qword ptr [{s} + 8]",
                "mov {t2}, qword ptr [{s} + 16]",
                "mov {t3}, qword ptr [{s} + 24]",
                "mov {t4}, qword ptr [{s} + 32]",
                "mov {a}, 0xffffffff00000001",
                "mov {b}, 0xffffffff",
                "mov rdx, {t0}",
                "shl rdx, 32",
                "add rdx, {t0}",
                "mulx {hi}, {lo}, {a}",
                "mulx {t6}, {lo}, {b}",
                "add {hi}, {lo}",
                "mov {t0}, rdx",
                "adc {t6}, rdx",
                "mov {lo}, 0",
                "adc {lo}, 0",
                "sub {t1}, {hi}",
                "sbb {t2}, {t6}",
                "sbb {t3}, {lo}",
                "sbb {t4}, 0",
                "sbb {t5}, 0",
                "sbb {t0}, 0",
                "mov rdx, {t1}",
                "shl rdx, 32",
                "add rdx, {t1}",
                "mulx {hi}, {lo}, {a}",
                "mulx {t6}, {lo}, {b}",
                "add {hi}, {lo}",
                "mov {t1}, rdx",
                "adc {t6}, rdx",
                "mov {lo}, 0",
                "adc {lo}, 0",
                "sub {t2}, {hi}",
                "sbb {t3}, {t6}",
                "sbb {t4}, {lo}",
                "sbb {t5}, 0",
                "sbb {t0}, 0",
                "sbb {t1}, 0",
                "mov rdx, {t2}",
                "shl rdx, 32",
                "add rdx, {t2}",
                "mulx {hi}, {lo}, {a}",
                "mulx {t6}, {lo}, {b}",
                "add {hi}, {lo}",
                "mov {t2}, rdx",
                "adc {t6}, rdx",
                "mov {lo}, 0",
                "adc {lo}, 0",
                "sub {t3}, {hi}",
                "sbb {t4}, {t6}",
                "sbb {t5}, {lo}",
                "sbb {t0}, 0",
                "sbb {t1}, 0",
                "sbb {t2}, 0",
                "mov rdx, {t3}",
                "shl rdx, 32",
                "add rdx, {t3}",
                "mulx {hi}, {lo}, {a}",
                "mulx {t6}, {lo}, {b}",
                "add {hi}, {lo}",
                "mov {t3}, rdx",
                "adc {t6}, rdx",
                "mov {lo}, 0",
                "adc {lo}, 0",
                "sub {t4}, {hi}",
                "sbb {t5}, {t6}",
                "sbb {t0}, {lo}",
                "sbb {t1}, 0",
                "sbb {t2}, 0",
                "sbb {t3}, 0",
                "mov rdx, {t4}",
                "shl rdx, 32",
                "add rdx, {t4}",
                "mulx {hi}, {lo}, {a}",
                "mulx {t6}, {lo}, {b}",
                "add {hi}, {lo}",
                "mov {t4}, rdx",
                "adc {t6}, rdx",
                "mov {lo}, 0",
                "adc {lo}, 0",
                "sub {t5}, {hi}",
                "sbb {t0}, {t6}",
                "sbb {t1}, {lo}",
                "sbb {t2}, 0",
                "sbb {t3}, 0",
                "sbb {t4}, 0",
                "mov rdx, {t5}",
                "shl rdx, 32",
                "add rdx, {t5}",
                "mulx {hi}, {lo}, {a}",
                "mulx {t6}, {lo}, {b}",
                "add {hi}, {lo}",
                "mov {t5}, rdx",
                "adc {t6}, rdx",
                "mov {lo}, 0",
                "adc {lo}, 0",
                "sub {t0}, {hi}",
                "sbb {t1}, {t6}",
                "sbb {t2}, {lo}",
                "sbb {t3}, 0",
                "sbb {t4}, 0",
                "sbb {t5}, 0",
                "xor {t6:e}, {t6:e}",
                "add {t0}, qword ptr [{s} + 48]",
                "adc {t1}, qword ptr [{s} + 56]",
                "adc {t2}, qword ptr [{s} + 64]",
                "adc {t3}, qword ptr [{s} + 72]",
                "adc {t4}, qword ptr [{s} + 80]",
                "adc {t5}, qword ptr [{s} + 88]",
                "adc {t6}, 0",
                "mov {lo}, 0xffffffff",
                "mov {hi}, 0xffffffff00000000",
                "sub {t0}, {lo}",
                "sbb {t1}, {hi}",
                "sbb {t2}, -2",
                "sbb {t3}, -1",
                "sbb {t4}, -1",
                "sbb {t5}, -1",
                "sbb {t6}, 0",
                "mov {lo}, {t6}",
                "shr {lo}, 32",
                "mov {hi}, {t6}",
                "shl {hi}, 32",
                "mov rdx, {t6}",
                "add rdx, rdx",
                "add {t0}, {lo}",
                "adc {t1}, {hi}",
                "adc {t2}, rdx",
                "adc {t3}, {t6}",
                "adc {t4}, {t6}",
                "adc {t5}, {t6}",
                a = inout(reg) a.as_ptr() => _,
                b = inout(reg) b.as_ptr() => _,
                s = in(reg) scratch.as_mut_ptr(),
                lo = out(reg) _,
                hi = out(reg) _,
                t0 = out(reg) r0,
                t1 = out(reg) r1,
                t2 = out(reg) r2,
                t3 = out(reg) r3,
                t4 = out(reg) r4,
                t5 = out(reg) r5,
                t6 = out(reg) _,
                out("rdx") _,
                options(nostack)
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
        let (r0, r1, r2, r3, r4, r5): (u64, u64, u64, u64, u64, u64);
        let mut scratch = [0u64; 12];
        // SAFETY: `available()` checked BMI2 and ADX; the block reads the six words behind
        // `a` (a live `[u64; 6]` reference), writes only the twelve words of `scratch`,
        // the registers declared here and the flags, and touches no stack.
        unsafe {
            core::arch::asm!(
                "mov rdx, qword ptr [{a}]",
                "mulx {x2}, {x1}, qword ptr [{a} + 8]",
                "mulx {x3}, {lo}, qword ptr [{a} + 16]",
                "add {x2}, {lo}",
                "mulx {x4}, {lo}, qword ptr [{a} + 24]",
                "adc {x3}, {lo}",
                "mulx {x5}, {lo}, qword ptr [{a} + 32]",
                "adc {x4}, {lo}",
                "mulx {x6}, {lo}, qword ptr [{a} + 40]",
                "adc {x5}, {lo}",
                "adc {x6}, 0",
                "mov rdx, qword ptr [{a} + 8]",
                "xor {x0:e}, {x0:e}",
                "mulx {hi}, {lo}, qword ptr [{a} + 16]",
                "adcx {x3}, {lo}",
                "adox {x4}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 24]",
                "adcx {x4}, {lo}",
                "adox {x5}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 32]",
                "adcx {x5}, {lo}",
                "adox {x6}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 40]",
                "adcx {x6}, {lo}",
                "adox {x0}, {hi}",
                "mov {lo}, 0",
                "adcx {x0}, {lo}",
                "mov qword ptr [{s} + 8], {x1}",
                "mov qword ptr [{s} + 16], {x2}",
                "mov rdx, qword ptr [{a} + 16]",
                "xor {x1:e}, {x1:e}",
                "mulx {hi}, {lo}, qword ptr [{a} + 24]",
                "adcx {x5}, {lo}",
                "adox {x6}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 32]",
                "adcx {x6}, {lo}",
                "adox {x0}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 40]",
                "adcx {x0}, {lo}",
                "adox {x1}, {hi}",
                "mov {lo}, 0",
                "adcx {x1}, {lo}",
                "mov qword ptr [{s} + 24], {x3}",
                "mov qword ptr [{s} + 32], {x4}",
                "mov rdx, qword ptr [{a} + 24]",
                "xor {x2:e}, {x2:e}",
                "mulx {hi}, {lo}, qword ptr [{a} + 32]",
                "adcx {x0}, {lo}",
                "adox {x1}, {hi}",
                "mulx {hi}, {lo}, qword ptr [{a} + 40]",
                "adcx {x1}, {lo}",
                "adox {x2}, {hi}",
                "mov {lo}, 0",
                "adcx {x2}, {lo}",
                "mov qword ptr [{s} + 40], {x5}",
                "mov qword ptr [{s} + 48], {x6}",
                "mov rdx, qword ptr [{a} + 32]",
                "xor {x3:e}, {x3:e}",
                "mulx {hi}, {lo}, qword ptr [{a} + 40]",
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
                "mov {a}, 0xffffffff00000001",
                "mov {c1}, 0xffffffff",
                "mov rdx, {x0}",
                "shl rdx, 32",
                "add rdx, {x0}",
                "mulx {hi}, {lo}, {a}",
                "mulx {x6}, {lo}, {c1}",
                "add {hi}, {lo}",
                "mov {x0}, rdx",
                "adc {x6}, rdx",
                "mov {lo}, 0",
                "adc {lo}, 0",
                "sub {x1}, {hi}",
                "sbb {x2}, {x6}",
                "sbb {x3}, {lo}",
                "sbb {x4}, 0",
                "sbb {x5}, 0",
                "sbb {x0}, 0",
                "mov rdx, {x1}",
                "shl rdx, 32",
                "add rdx, {x1}",
                "mulx {hi}, {lo}, {a}",
                "mulx {x6}, {lo}, {c1}",
                "add {hi}, {lo}",
                "mov {x1}, rdx",
                "adc {x6}, rdx",
                "mov {lo}, 0",
                "adc {lo}, 0",
                "sub {x2}, {hi}",
                "sbb {x3}, {x6}",
                "sbb {x4}, {lo}",
                "sbb {x5}, 0",
                "sbb {x0}, 0",
                "sbb {x1}, 0",
                "mov rdx, {x2}",
                "shl rdx, 32",
                "add rdx, {x2}",
                "mulx {hi}, {lo}, {a}",
                "mulx {x6}, {lo}, {c1}",
                "add {hi}, {lo}",
                "mov {x2}, rdx",
                "adc {x6}, rdx",
                "mov {lo}, 0",
                "adc {lo}, 0",
                "sub {x3}, {hi}",
                "sbb {x4}, {x6}",
                "sbb {x5}, {lo}",
                "sbb {x0}, 0",
                "sbb {x1}, 0",
                "sbb {x2}, 0",
                "mov rdx, {x3}",
                "shl rdx, 32",
                "add rdx, {x3}",
                "mulx {hi}, {lo}, {a}",
                "mulx {x6}, {lo}, {c1}",
                "add {hi}, {lo}",
                "mov {x3}, rdx",
                "adc {x6}, rdx",
                "mov {lo}, 0",
                "adc {lo}, 0",
                "sub {x4}, {hi}",
                "sbb {x5}, {x6}",
                "sbb {x0}, {lo}",
                "sbb {x1}, 0",
                "sbb {x2}, 0",
                "sbb {x3}, 0",
                "mov rdx, {x4}",
                "shl rdx, 32",
                "add rdx, {x4}",
                "mulx {hi}, {lo}, {a}",
                "mulx {x6}, {lo}, {c1}",
                "add {hi}, {lo}",
                "mov {x4}, rdx",
                "adc {x6}, rdx",
                "mov {lo}, 0",
                "adc {lo}, 0",
                "sub {x5}, {hi}",
                "sbb {x0}, {x6}",
                "sbb {x1}, {lo}",
                "sbb {x2}, 0",
                "sbb {x3}, 0",
                "sbb {x4}, 0",
                "mov rdx, {x5}",
                "shl rdx, 32",
                "add rdx, {x5}",
                "mulx {hi}, {lo}, {a}",
                "mulx {x6}, {lo}, {c1}",
                "add {hi}, {lo}",
                "mov {x5}, rdx",
                "adc {x6}, rdx",
                "mov {lo}, 0",
                "adc {lo}, 0",
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
                c1 = out(reg) _,
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
        return Some([r0, r1, r2, r3, r4, r5]);
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
