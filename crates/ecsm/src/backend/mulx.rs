//! Four-word Montgomery multiplication with MULX, ADCX and ADOX (BMI2 and ADX), for
//! the 256-bit prime fields in Montgomery form (P-256, the 256-bit Brainpool primes, SM2).
//!
//! Coarsely integrated operand scanning (Koç–Acar–Kaliski, IEEE Micro 1996), as the
//! portable twin `field::prime::reduce::montgomery_mul_cios`: for each word b_i,
//! T ← T + a·b_i, then m = T_0·(−p⁻¹) mod 2^64 and T ← (T + m·p) / 2^64. ADCX and ADOX
//! carry through CF and OF independently, so the low and high halves of the four MULX
//! products of a row go into two interleaved carry chains (Gueron–Krasnov's use of ADX,
//! Intel white paper 2012), with no flag dependency between them. A final masked
//! subtraction of p (CMOV on the borrow) gives the canonical result.
//!
//! Bounds: for a, b < p < 2^256, T < 2p before each row, so T + a·b_i and T + m·p stay
//! below 2^(256+64+1): six words hold them, the sixth at most 1.

/// −p⁻¹ mod 2^64 after the four words of p, the layout [`mont_mul4`] reads.
pub type Modulus4 = [u64; 5];

/// One row of [`mont_mul4`] for b_i at byte offset `$off`: T += a·b_i (six words), then
/// T = (T + m·p) / 2^64 with m = T₀·(−p⁻¹) (the division is the register shift at the
/// end; T₀ + (m·p)₀ ≡ 0 mod 2^64 by the choice of m).
#[cfg(target_arch = "x86_64")]
macro_rules! row {
    ($off:literal) => {
        concat!(
            "mov rdx, qword ptr [{b} + ",
            stringify!($off),
            "]\n",
            "xor {zero:e}, {zero:e}\n", // zero = 0, CF = OF = 0
            "mov {t5}, 0\n",
            "mulx {hi}, {lo}, qword ptr [{a}]\n",
            "adcx {t0}, {lo}\n",
            "adox {t1}, {hi}\n",
            "mulx {hi}, {lo}, qword ptr [{a} + 8]\n",
            "adcx {t1}, {lo}\n",
            "adox {t2}, {hi}\n",
            "mulx {hi}, {lo}, qword ptr [{a} + 16]\n",
            "adcx {t2}, {lo}\n",
            "adox {t3}, {hi}\n",
            "mulx {hi}, {lo}, qword ptr [{a} + 24]\n",
            "adcx {t3}, {lo}\n",
            "adox {t4}, {hi}\n",
            "adcx {t4}, {zero}\n",
            "adox {t5}, {zero}\n",
            "adcx {t5}, {zero}\n",
            // m = t0·(−p⁻¹) mod 2^64.
            "mov rdx, {t0}\n",
            "imul rdx, qword ptr [{m} + 32]\n",
            "xor {zero:e}, {zero:e}\n",
            "mulx {hi}, {lo}, qword ptr [{m}]\n",
            "adcx {t0}, {lo}\n", // t0 becomes 0
            "adox {t1}, {hi}\n",
            "mulx {hi}, {lo}, qword ptr [{m} + 8]\n",
            "adcx {t1}, {lo}\n",
            "adox {t2}, {hi}\n",
            "mulx {hi}, {lo}, qword ptr [{m} + 16]\n",
            "adcx {t2}, {lo}\n",
            "adox {t3}, {hi}\n",
            "mulx {hi}, {lo}, qword ptr [{m} + 24]\n",
            "adcx {t3}, {lo}\n",
            "adox {t4}, {hi}\n",
            "adcx {t4}, {zero}\n",
            "adox {t5}, {zero}\n",
            "adcx {t5}, {zero}\n",
            // Divide by 2^64.
            "mov {t0}, {t1}\n",
            "mov {t1}, {t2}\n",
            "mov {t2}, {t3}\n",
            "mov {t3}, {t4}\n",
            "mov {t4}, {t5}\n",
        )
    };
}

/// a·b·2^−256 mod p for a, b < p, p odd and < 2^256, `m` = p₀…p₃ then −p⁻¹ mod 2^64.
///
/// Not a `target_feature` function, so that it inlines into the field code: the
/// assembler takes MULX, ADCX and ADOX whatever the compile-time target.
///
/// # Safety
/// The CPU must support BMI2 and ADX ([`super::mulx_supported`]).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub unsafe fn mont_mul4(a: &[u64; 4], b: &[u64; 4], m: &Modulus4) -> [u64; 4] {
    let (mut t0, mut t1, mut t2, mut t3, mut t4): (u64, u64, u64, u64, u64);
    // SAFETY: reads only a[0..4], b[0..4] and m[0..5] through the pointers given, writes
    // only the declared outputs and clobbers; BMI2 and ADX are the caller's contract.
    unsafe {
        core::arch::asm!(
            // T = 0.
            "xor {t0:e}, {t0:e}",
            "xor {t1:e}, {t1:e}",
            "xor {t2:e}, {t2:e}",
            "xor {t3:e}, {t3:e}",
            "xor {t4:e}, {t4:e}",
            // Four rows, one per word of b.
            row!(0),
            row!(8),
            row!(16),
            row!(24),
            // Result T < 2p in t0..t3 and t4 ≤ 1: R = T − p, keep T when that borrows.
            "mov {lo}, {t0}",
            "sub {lo}, qword ptr [{m}]",
            "mov {hi}, {t1}",
            "sbb {hi}, qword ptr [{m} + 8]",
            "mov {t5}, {t2}",
            "sbb {t5}, qword ptr [{m} + 16]",
            "mov rdx, {t3}",
            "sbb rdx, qword ptr [{m} + 24]",
            "sbb {t4}, 0",
            "cmovnc {t0}, {lo}",
            "cmovnc {t1}, {hi}",
            "cmovnc {t2}, {t5}",
            "cmovnc {t3}, rdx",
            a = in(reg) a.as_ptr(),
            b = in(reg) b.as_ptr(),
            m = in(reg) m.as_ptr(),
            t0 = out(reg) t0,
            t1 = out(reg) t1,
            t2 = out(reg) t2,
            t3 = out(reg) t3,
            t4 = out(reg) t4,
            t5 = out(reg) _,
            lo = out(reg) _,
            hi = out(reg) _,
            zero = out(reg) _,
            out("rdx") _,
            options(pure, readonly, nostack),
        );
    }
    let _ = t4;
    [t0, t1, t2, t3]
}
