//! A regular signed-digit recoding for constant-time scalar multiplication: every digit is
//! odd and nonzero, so a fixed-window method runs exactly w doublings and one addition per
//! digit whatever the scalar, and the number of digits depends only on a public bound on
//! the scalar's length.
//!
//! Source: the signed odd-digit fixed window of Okeya–Takagi ("The width-w NAF method
//! provides small memory and fast elliptic scalar multiplications secure against side
//! channel attacks", CT-RSA 2003), as restated by Joye–Tunstall ("Exponent recoding and
//! regular exponentiation algorithms", AFRICACRYPT 2009) for odd exponents: for odd k, take
//! d = (k mod 2^(w+1)) − 2^w, an odd digit with |d| < 2^w, and k ← (k − d)/2^w, which is
//! odd again; the last k is the top digit.
//!
//! Here that loop is unrolled into a closed form read straight off the bits of k (so the
//! recoding neither copies nor shifts the scalar, and does the same work for every k):
//! since (k − d)/2^w = 2⌊k / 2^(w+1)⌋ + 1, the remaining value after i steps has bit 0 set
//! and bits j ≥ 1 equal to bits j + wi of k, hence
//!
//! - dᵢ = 2·⌊k / 2^(wi+1)⌋ mod 2^w + 1 − 2^w for i < m − 1 (odd, in [1 − 2^w, 2^w − 1]);
//! - d_(m−1) = 2·⌊k / 2^(w(m−1)+1)⌋ + 1 (odd, in [1, 2^w − 1] when k < 2^(wm)),
//!
//! with m = max(1, ⌈bits / w⌉) digits for k < 2^bits. Σ dᵢ2^(wi) = k: the windows give
//! back k − 1 and the constants telescope, Σ_(i<m−1) (1 − 2^w)2^(wi) + 2^(w(m−1)) = 1.
//!
//! **Constant time.** The digits come from fixed bit positions by shifts, masks and
//! arithmetic only; the loop count depends on `bits` and `w` alone. The input checks
//! (k odd, k < 2^bits) branch on their outcome, which is all they reveal; callers such as
//! [`crate::mul::weierstrass::ct_window_mul`] make k odd beforehand, so they never fail
//! there.

use super::{window, RecodeError};

/// Smallest width accepted by [`regular_odd`] (w = 1 gives digits ±1).
pub const REGULAR_MIN_WIDTH: u32 = 1;
/// Largest width accepted by [`regular_odd`]: digits then fit in `i8` (|d| ≤ 127).
pub const REGULAR_MAX_WIDTH: u32 = 7;

/// Largest `bits` [`regular_odd`] accepts: the bound sizes its output, and no scalar
/// here comes near it (curve orders stop at 571 bits).
pub const REGULAR_MAX_BITS: usize = 1 << 16;

/// The number of digits [`regular_odd`] produces for scalars below 2^`bits`:
/// max(1, ⌈bits / w⌉). Depends on the public bound only. A width of 0, which
/// [`regular_odd`] refuses, is counted as 1 rather than divided by.
pub fn regular_len(bits: usize, w: u32) -> usize {
    bits.div_ceil((w as usize).max(1)).max(1)
}

/// The regular signed odd-digit recoding of an odd `k < 2^bits` (little-endian words, any
/// length), least-significant digit first.
///
/// Exactly [`regular_len`]`(bits, w)` digits, each odd (so nonzero) with |d| ≤ 2^w − 1,
/// the most significant one positive, and Σ dᵢ2^(wi) = k. Constant-time in the value of
/// `k` (see the module doc).
///
/// # Errors
/// [`RecodeError::WidthOutOfRange`] unless `REGULAR_MIN_WIDTH <= w <= REGULAR_MAX_WIDTH`;
/// [`RecodeError::EvenScalar`] for an even k (0 included);
/// [`RecodeError::ScalarTooLong`] when k ≥ 2^bits;
/// [`RecodeError::BoundTooLarge`] when `bits` exceeds [`REGULAR_MAX_BITS`].
pub fn regular_odd(k: &[u64], w: u32, bits: usize) -> Result<Vec<i8>, RecodeError> {
    if !(REGULAR_MIN_WIDTH..=REGULAR_MAX_WIDTH).contains(&w) {
        return Err(RecodeError::WidthOutOfRange {
            w,
            min: REGULAR_MIN_WIDTH,
            max: REGULAR_MAX_WIDTH,
        });
    }
    if bits > REGULAR_MAX_BITS {
        return Err(RecodeError::BoundTooLarge {
            bits,
            max: REGULAR_MAX_BITS,
        });
    }
    if !fits(k, bits) {
        return Err(RecodeError::ScalarTooLong { max_bits: bits });
    }
    if k.first().map_or(0, |&w0| w0 & 1) == 0 {
        return Err(RecodeError::EvenScalar);
    }
    let m = regular_len(bits, w);
    let wu = w as usize;
    let full = 1i32 << w;
    let mut digits = Vec::with_capacity(m);
    for i in 0..m - 1 {
        let win = window(k, wu * i + 1, w) as i32;
        digits.push((2 * win + 1 - full) as i8);
    }
    // The top window reads past bit `bits`, where k is zero, so it holds < 2^(w−1).
    let top = window(k, wu * (m - 1) + 1, w) as i32;
    digits.push((2 * top + 1) as i8);
    Ok(digits)
}

/// True when k < 2^bits: the OR of every bit at or above `bits` is zero. Visits every
/// word (a fold, no early exit), so only the verdict depends on the value.
pub(crate) fn fits(k: &[u64], bits: usize) -> bool {
    let (q, r) = (bits / 64, bits % 64);
    let high = k.iter().enumerate().fold(0u64, |acc, (i, &w)| {
        let keep = if i < q {
            0
        } else if i == q {
            !((1u64 << r) - 1)
        } else {
            u64::MAX
        };
        acc | (w & keep)
    });
    high == 0
}
