//! An optimisation barrier for secret masks.
//!
//! Branch-free selection is written `(a & m) | (b & !m)` with m = 0 or m = !0 derived from
//! a secret bit (a carry, a borrow, a scalar bit). LLVM sees through that: it proves m is
//! −(bit), rewrites the expression as a select on the bit, and its x86 cmov-conversion
//! pass may then lower the select to a conditional jump. `ecsm ct-check` caught exactly
//! that: 400 chained P-256 multiplications took 30,184 TSC ticks on a fixed operand and
//! 32,438 on random ones (|t| = 109 over 20,000 samples), the final subtraction of the
//! Montgomery product having become a branch the predictor learns for the fixed input.
//!
//! [`opaque`] hands a mask back unchanged through an empty assembly block, so the
//! compiler no longer knows its value is 0 or !0 and has to keep the masking as written.
//! Every select on a secret condition takes its mask through it.

/// `x`, unchanged, in a way the optimiser cannot look through: no instruction is emitted.
#[inline(always)]
pub fn opaque(x: u64) -> u64 {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    {
        let mut x = x;
        // SAFETY: the block is empty (a comment); it reads and writes only the register
        // holding x, touches no memory, no stack and no flags.
        unsafe {
            core::arch::asm!(
                "/* {0} */",
                inout(reg) x,
                options(pure, nomem, nostack, preserves_flags)
            );
        }
        x
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        // Elsewhere the standard library's barrier, which costs a round trip to memory.
        core::hint::black_box(x)
    }
}
