//! The non-adjacent form and its width-w generalisation NAF_w.
//!
//! Source: Hankerson, Menezes, Vanstone, *Guide to Elliptic Curve Cryptography* (2004),
//! Alg. 3.30 (NAF) and Alg. 3.35 (NAF_w): while k > 0, if k is odd take d = k mods 2^w
//! (the residue in (−2^(w−1), 2^(w−1))) and k ← k − d, else d = 0; then k ← k/2.
//! NAF_w is unique, has minimal weight among representations with digits in
//! {0, ±1, ±3, …, ±(2^(w−1) − 1)} (Muir–Stinson 2005), and average density 1/(w + 1).

use super::{bits, window, RecodeError};

/// Smallest NAF_w width accepted by [`wnaf`] (w = 2 is the plain NAF).
pub const WNAF_MIN_WIDTH: u32 = 2;
/// Largest NAF_w width accepted by [`wnaf`]: digits then fit in `i8` (|d| ≤ 127).
pub const WNAF_MAX_WIDTH: u32 = 8;

/// The non-adjacent form of `k` (little-endian words), least-significant digit first.
///
/// Digits are in {−1, 0, 1}, no two adjacent digits are nonzero, Σ dᵢ2ⁱ = k, and there is no
/// trailing zero digit (0 gives the empty vector). At most `bits(k) + 1` digits.
/// Variable-time: for public scalars only.
pub fn naf(k: &[u64]) -> Vec<i8> {
    wnaf_unchecked(k, 2)
}

/// The width-`w` NAF of `k` (little-endian words), least-significant digit first.
///
/// Nonzero digits are odd with |d| < 2^(w−1), any `w` consecutive digits hold at most one
/// nonzero, Σ dᵢ2ⁱ = k, and there is no trailing zero digit. `wnaf(k, 2) == Ok(naf(k))`.
/// Variable-time: for public scalars only.
///
/// # Errors
/// [`RecodeError::WidthOutOfRange`] unless `WNAF_MIN_WIDTH <= w <= WNAF_MAX_WIDTH`.
pub fn wnaf(k: &[u64], w: u32) -> Result<Vec<i8>, RecodeError> {
    check_width(w)?;
    Ok(wnaf_unchecked(k, w))
}

fn check_width(w: u32) -> Result<(), RecodeError> {
    if !(WNAF_MIN_WIDTH..=WNAF_MAX_WIDTH).contains(&w) {
        return Err(RecodeError::WidthOutOfRange {
            w,
            min: WNAF_MIN_WIDTH,
            max: WNAF_MAX_WIDTH,
        });
    }
    Ok(())
}

/// NAF_w for a width already checked to be in 2..=8.
///
/// Instead of subtracting each digit from a copy of k, track the remaining value as
/// ⌊k / 2^i⌋ + c with a carry bit c. At an odd position, v = (⌊k / 2^i⌋ + c) mod 2^w is odd and
/// the digit is v or v − 2^w; subtracting it clears the w low bits of the remaining value and,
/// for a negative digit, adds 2^w — a carry into position i + w. The w − 1 digits after a
/// nonzero one are therefore zero and are skipped.
fn wnaf_unchecked(k: &[u64], w: u32) -> Vec<i8> {
    let n = bits(k);
    if n <= SHORT_BITS {
        let lo = k.first().copied().unwrap_or(0);
        let hi = k.get(1).copied().unwrap_or(0);
        return wnaf_short(u128::from(lo) | u128::from(hi) << 64, n, w);
    }
    // A negative digit can carry one position past the top bit; a nonzero digit is followed
    // by w − 1 zeros pushed before they are known to be needed.
    let mut out = Vec::with_capacity(n + w as usize);
    let full = 1u32 << w;
    let half = 1u32 << (w - 1);
    let mut c = 0u32;
    let mut i = 0usize;
    while i < n || c != 0 {
        let v = (window(k, i, w) + c) & (full - 1);
        if v & 1 == 0 {
            // Remaining value is even: digit 0. When c = 1 the low bit was 1 and the carry
            // moves up one position; when c = 0 the bit was 0 and there is no carry.
            out.push(0);
            i += 1;
        } else {
            let (d, carry) = if v < half {
                (v as i8, 0)
            } else {
                ((v as i32 - full as i32) as i8, 1)
            };
            out.push(d);
            out.extend(core::iter::repeat_n(0, w as usize - 1));
            c = carry;
            i += w as usize;
        }
    }
    while out.last() == Some(&0) {
        out.pop();
    }
    out
}

/// Scalars of at most this many bits (the 2-GLV halves, up to 127 bits) go through
/// [`wnaf_short`]. With 126 here, the halves that reach 127 bits took the per-bit
/// loop.
const SHORT_BITS: usize = 127;

/// NAF_w of an n-bit k < 2^127 by Alg. 3.35 on a `u128`, jumping over each run of zero
/// digits with one trailing-zero count: at an odd k the digit is d = k mods 2^w, and
/// k − d is divisible by 2^w, so the next w − 1 digits are zero too. One iteration per
/// nonzero digit, against one (often mispredicted) branch per bit for the word loop above
/// (the two NAF_4 recodings took 4 % of a GLS254 multiplication with it). For k < 2^127
/// and |d| < 2^7, k − d lies in [0, 2^127 + 2^7), so it fits in a `u128`.
fn wnaf_short(k: u128, n: usize, w: u32) -> Vec<i8> {
    let mut r = ShortNaf::new(k, n);
    while r.k != 0 {
        r.step(w);
    }
    r.finish()
}

/// The state of [`wnaf_short`]: what is left of k, the position of its bit 0, and the
/// digits so far.
struct ShortNaf {
    k: u128,
    i: usize,
    out: Vec<i8>,
}

impl ShortNaf {
    fn new(k: u128, n: usize) -> Self {
        // At most n + 1 digits: a negative digit carries one position past the top bit.
        ShortNaf {
            k,
            i: 0,
            out: vec![0i8; n + 1],
        }
    }

    /// The next nonzero digit; k ≠ 0.
    #[inline(always)]
    fn step(&mut self, w: u32) {
        let full = 1i64 << w;
        let half = full >> 1;
        let z = self.k.trailing_zeros();
        self.k >>= z;
        self.i += z as usize;
        let low = (self.k as i64) & (full - 1);
        let d = if low >= half { low - full } else { low };
        if let Some(slot) = self.out.get_mut(self.i) {
            *slot = d as i8;
        }
        self.k = self.k.wrapping_sub(i128::from(d) as u128) >> w;
        self.i += w as usize;
    }

    fn finish(mut self) -> Vec<i8> {
        while self.out.last() == Some(&0) {
            self.out.pop();
        }
        self.out
    }
}

/// The NAF_w of the two halves of a GLV split, `(wnaf(k1, w), wnaf(k2, w))`. For
/// halves below 2^127 the two recodings run in one loop, a digit of each per iteration:
/// each is one dependent chain (a trailing-zero count, a shift and a subtraction per
/// nonzero digit), and side by side they overlap.
///
/// # Errors
/// [`RecodeError::WidthOutOfRange`] unless `WNAF_MIN_WIDTH <= w <= WNAF_MAX_WIDTH`.
pub fn wnaf_pair(k1: u128, k2: u128, w: u32) -> Result<(Vec<i8>, Vec<i8>), RecodeError> {
    check_width(w)?;
    let words = |k: u128| [k as u64, (k >> 64) as u64];
    let (n1, n2) = (bits(&words(k1)), bits(&words(k2)));
    if n1 > SHORT_BITS || n2 > SHORT_BITS {
        return Ok((wnaf_unchecked(&words(k1), w), wnaf_unchecked(&words(k2), w)));
    }
    let (mut a, mut b) = (ShortNaf::new(k1, n1), ShortNaf::new(k2, n2));
    while a.k != 0 && b.k != 0 {
        a.step(w);
        b.step(w);
    }
    for r in [&mut a, &mut b] {
        while r.k != 0 {
            r.step(w);
        }
    }
    Ok((a.finish(), b.finish()))
}
