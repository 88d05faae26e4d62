//! Integers modulo the prime order r of a GLS254 subgroup (r < 2^256, four words), and
//! the 2-GLV split k ≡ k1 + k2·μ (mod r) with |k1|, |k2| < 2^127.
//!
//! Reduction is Barrett's (Menezes–van Oorschot–Vanstone, *Handbook of Applied
//! Cryptography*, Alg. 14.42, base 2^64, k = 4 words): every operation here runs the same
//! instructions for every value (no branch or index depends on it), so the constant-time
//! method can use them on secret scalars. The constants are derived from r and t at
//! construction, by long division, not typed in.
//!
//! The split is Babai's rounding (Gallant–Lambert–Vanstone, CRYPTO 2001, §4) in the
//! lattice L = {(a, b) : a + b·μ ≡ 0 (mod r)}, which has determinant r. With q = 2^127,
//! #E = (q − 1)² + t² = 2r, and the notes to seed 001 (after dfaranha/gls254,
//! `sage/ec.sage`, `decomp`) take the basis (q − 1, −t), (t, q − 1) of determinant 2r:
//! a sublattice of index 2, whose rounding leaves halves up to about 2^127 and splits μ
//! into two halves of about 2^126 instead of (0, 1). Here that basis is halved: q − 1 and
//! t are odd, so with A = (q − 1 + t)/2 and B = (q − 1 − t)/2 the vectors
//! u₁ = (A, B) and u₂ = (B, −A) lie in L (they are the half sum and half difference of
//! the two above, and r is odd), are orthogonal, have length √r and determinant −r: a
//! reduced basis of L itself (derived here; checked by the tests on every constant).
//! b1 = round(A·k / r), b2 = round(B·k / r),
//! k1 = k − b1·A − b2·B, k2 = b2·A − b1·B.
//! The roundings are computed as ⌊(k·g + 2^255) / 2^256⌋ with g = round(2^256·c / r),
//! whose error is below k/2^257, just over 1/16 for k < r < 2^253 + 2^127: the exact
//! coefficients are off by at most 1/2 + 1/16 (and a hair), so |k1|, |k2| ≤ (9/16)·(A + B) = (9/16)·(q − 1) < 2^126.2 (the
//! tests check that bound on random and edge scalars, and that μ splits into (0, 1)).

use crate::field::prime::limbs::{adc, sbb};

/// Words of r.
pub const WORDS: usize = 4;
/// Largest shift 2^s of [`GlvScalars::shift`].
pub const MAX_SHIFT: usize = 128;

/// The two halves of a split scalar, as magnitudes and sign masks (all ones for a
/// negative half), so that constant-time code can select on them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GlvSplit {
    /// |k1|.
    pub k1: u128,
    /// All ones when k1 < 0, else 0.
    pub neg1: u64,
    /// |k2|.
    pub k2: u128,
    /// All ones when k2 < 0, else 0.
    pub neg2: u64,
}

impl GlvSplit {
    /// k1 as little-endian words.
    pub fn k1_words(&self) -> [u64; 2] {
        [self.k1 as u64, (self.k1 >> 64) as u64]
    }
    /// k2 as little-endian words.
    pub fn k2_words(&self) -> [u64; 2] {
        [self.k2 as u64, (self.k2 >> 64) as u64]
    }
    /// k1 as a signed integer.
    pub fn k1_signed(&self) -> i128 {
        signed(self.k1, self.neg1)
    }
    /// k2 as a signed integer.
    pub fn k2_signed(&self) -> i128 {
        signed(self.k2, self.neg2)
    }
}

/// Overwrites both halves and both sign masks, for callers that hold the split of a
/// secret scalar (`lambda-ct` keeps it in a [`zeroize::Zeroizing`]).
impl zeroize::Zeroize for GlvSplit {
    fn zeroize(&mut self) {
        self.k1.zeroize();
        self.neg1.zeroize();
        self.k2.zeroize();
        self.neg2.zeroize();
    }
}

fn signed(mag: u128, neg: u64) -> i128 {
    let m = neg as i64 as i128;
    ((mag as i128) ^ m).wrapping_sub(m)
}

/// The scalar arithmetic of one GLS254 curve: r, |t| and the constants derived from them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlvScalars {
    r: [u64; WORDS],
    /// ⌊2^512 / r⌋ (Barrett's μ).
    barrett: [u64; 5],
    /// |t|, where #E(GF(q²)) = (q − 1)² + t².
    t: u128,
    /// μ with ψ(P) = \[μ\]P.
    mu: [u64; WORDS],
    /// The reduced basis (A, B), (B, −A) of the split's lattice (module doc).
    a: u128,
    b: u128,
    /// round(2^256·A/r) and round(2^256·B/r).
    g1: [u64; 3],
    g2: [u64; 3],
    /// 2^i mod r for i ≤ 128, the shifts of the halving methods.
    pow2: Vec<[u64; WORDS]>,
}

/// Why the constants of a curve were rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GlvError {
    /// (q − 1)² + t² ≠ 2r.
    #[error("(q − 1)² + t² is not 2r: the trace does not match the order")]
    OrderMismatch,
    /// r outside what the arithmetic assumes: odd, 2^192 < r < 2^255.
    #[error("r must be odd with 2^192 < r < 2^255")]
    ShortOrder,
}

impl GlvScalars {
    /// The constants for r and |t| (q = 2^127), checking (q − 1)² + t² = 2r. μ is
    /// (q − 1)·|t|⁻¹ mod r, the eigenvalue of ψ(x, λ) = (x^q, λ^q + u) (checked on the
    /// generators by the tests).
    pub fn new(r: [u64; WORDS], t: u128) -> Result<Self, GlvError> {
        if r[3] == 0 || r[3] >> 63 == 1 || r[0] & 1 == 0 {
            return Err(GlvError::ShortOrder);
        }
        let q1 = u128::MAX >> 1; // q − 1 = 2^127 − 1
        let t_words = [t as u64, (t >> 64) as u64];
        let q1_words = [q1 as u64, (q1 >> 64) as u64];
        let sum = add_big(&mul_big(&q1_words, &q1_words), &mul_big(&t_words, &t_words));
        let two_r = shl1_big(&r);
        if cmp_big(&sum, &two_r) != core::cmp::Ordering::Equal {
            return Err(GlvError::OrderMismatch);
        }
        // (q − 1)² + t² = 2r with r odd makes t odd, like q − 1, so A and B are integers;
        // B > 0 needs t < q − 1 (a trace is at most 2√q, far less).
        if t >= q1 {
            return Err(GlvError::OrderMismatch);
        }
        let (two_a, two_b) = (q1 + t, q1 - t);
        let (a, b) = (two_a / 2, two_b / 2);
        let two_a = [two_a as u64, (two_a >> 64) as u64];
        let two_b = [two_b as u64, (two_b >> 64) as u64];
        let mut pow512 = vec![0u64; 9];
        pow512[8] = 1;
        let barrett = fixed::<5>(&divrem_big(&pow512, &r).0);
        // round(2^256·c / 2r) = ⌊(2^256·c + r) / 2r⌋, and 2^256·A / r = 2^256·2A / 2r.
        let round = |c: &[u64]| {
            let mut num = vec![0u64; 4];
            num.extend_from_slice(c);
            fixed::<3>(&divrem_big(&add_big(&num, &r), &two_r).0)
        };
        let mut pow2 = vec![[1u64, 0, 0, 0]];
        for _ in 0..MAX_SHIFT {
            let last = pow2[pow2.len() - 1];
            // 2·a < 2r < 2^256 for a < r < 2^255.
            let doubled = fixed::<WORDS>(&shl1_big(&last));
            pow2.push(sub_if_ge(&doubled, &r));
        }
        // μ = (q − 1)·t⁻¹ mod r, t⁻¹ = t^(r − 2) (r is prime); public, so variable-time.
        let mut s = GlvScalars {
            r,
            barrett,
            t,
            mu: [0; WORDS],
            a,
            b,
            g1: round(&two_a),
            g2: round(&two_b),
            pow2,
        };
        let t_mod = s.reduce(&t_words);
        let mut e = r;
        e[0] -= 2; // r is odd and > 2
        let t_inv = s.pow_vartime(&t_mod, &e);
        s.mu = s.mul(&s.reduce(&q1_words), &t_inv);
        Ok(s)
    }

    /// r.
    pub fn order(&self) -> &[u64; WORDS] {
        &self.r
    }
    /// μ, with ψ(P) = \[μ\]P on the subgroup.
    pub fn mu(&self) -> &[u64; WORDS] {
        &self.mu
    }
    /// |t|.
    pub fn trace(&self) -> u128 {
        self.t
    }

    /// x mod r for x < 2^512 (Barrett). Constant-time.
    pub fn reduce_wide(&self, x: &[u64; 8]) -> [u64; WORDS] {
        // q3 = ⌊⌊x / b^3⌋·μ / b^5⌋ underestimates ⌊x / r⌋ by at most 2.
        let q1: [u64; 5] = core::array::from_fn(|i| x[i + 3]);
        let q2: [u64; 10] = mul_fixed(&q1, &self.barrett);
        let q3: [u64; 5] = core::array::from_fn(|i| q2[i + 5]);
        let r2: [u64; 10] = mul_fixed(&q3, &self.r);
        let mut rem = [0u64; 5];
        let mut borrow = 0u64;
        for i in 0..5 {
            (rem[i], borrow) = sbb(x[i], r2[i], borrow);
        }
        // rem = x − q3·r mod 2^320, and the true value is below 3r < 2^320.
        let r5 = [self.r[0], self.r[1], self.r[2], self.r[3], 0];
        for _ in 0..2 {
            rem = sub_if_ge(&rem, &r5);
        }
        core::array::from_fn(|i| rem[i])
    }

    /// k mod r for a scalar of any length (little-endian words). Constant-time in the
    /// value; the time depends on the number of words only.
    pub fn reduce(&self, k: &[u64]) -> [u64; WORDS] {
        let top = k.len().saturating_sub(8);
        let mut wide = [0u64; 8];
        wide[..k.len() - top].copy_from_slice(&k[top..]);
        let mut acc = self.reduce_wide(&wide);
        for &w in k[..top].iter().rev() {
            let x = [w, acc[0], acc[1], acc[2], acc[3], 0, 0, 0];
            acc = self.reduce_wide(&x);
        }
        acc
    }

    /// a·b mod r for reduced a, b. Constant-time.
    pub fn mul(&self, a: &[u64; WORDS], b: &[u64; WORDS]) -> [u64; WORDS] {
        self.reduce_wide(&mul_fixed(a, b))
    }

    /// 2^s·k mod r for s ≤ [`MAX_SHIFT`] (k reduced), the scalar of the halving
    /// methods; a larger s is taken as [`MAX_SHIFT`]. Constant-time in k.
    pub fn shift(&self, k: &[u64; WORDS], s: usize) -> [u64; WORDS] {
        self.mul(k, &self.pow2[s.min(MAX_SHIFT)])
    }

    fn pow_vartime(&self, a: &[u64; WORDS], e: &[u64; WORDS]) -> [u64; WORDS] {
        let mut acc = [1u64, 0, 0, 0];
        for i in (0..256).rev() {
            acc = self.mul(&acc, &acc);
            if (e[i / 64] >> (i % 64)) & 1 == 1 {
                acc = self.mul(&acc, a);
            }
        }
        acc
    }

    /// The 2-GLV split of a reduced k (module doc). Constant-time: fixed-size products
    /// and wrapping arithmetic; the signs come out as masks.
    ///
    /// **Wiped:** the products k·g_i on the stack, from which k could be read back, are
    /// zeroized before this returns; the split returned is the caller's (it implements
    /// [`zeroize::Zeroize`]).
    pub fn split(&self, k: &[u64; WORDS]) -> GlvSplit {
        let round = |g: &[u64; 3]| -> u128 {
            use zeroize::Zeroize;
            let mut p: [u64; 7] = mul_fixed(k, g);
            // + 2^255, then ⌊· / 2^256⌋; the quotient is below 2^128.
            let (w, c) = p[3].overflowing_add(1 << 63);
            p[3] = w;
            let mut carry = u64::from(c);
            for w in &mut p[4..] {
                (*w, carry) = adc(*w, 0, carry);
            }
            let b = u128::from(p[4]) | (u128::from(p[5]) << 64);
            p.zeroize();
            b
        };
        let (b1, b2) = (round(&self.g1), round(&self.g2));
        let k_lo = u128::from(k[0]) | (u128::from(k[1]) << 64);
        // The true values lie in (−2^127, 2^127), so arithmetic mod 2^128 gives them exactly.
        let k1 = k_lo
            .wrapping_sub(b1.wrapping_mul(self.a))
            .wrapping_sub(b2.wrapping_mul(self.b));
        let k2 = b2
            .wrapping_mul(self.a)
            .wrapping_sub(b1.wrapping_mul(self.b));
        let (m1, m2) = (sign_mask(k1), sign_mask(k2));
        GlvSplit {
            k1: abs_masked(k1, m1),
            neg1: m1,
            k2: abs_masked(k2, m2),
            neg2: m2,
        }
    }
}

#[inline(always)]
fn sign_mask(v: u128) -> u64 {
    ((v >> 127) as u64).wrapping_neg()
}

#[inline(always)]
fn abs_masked(v: u128, mask: u64) -> u128 {
    let m = u128::from(mask) | (u128::from(mask) << 64);
    (v ^ m).wrapping_sub(m)
}

/// a − m if a ≥ m, else a, without a branch on the values.
#[inline(always)]
fn sub_if_ge<const N: usize>(a: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let mut d = [0u64; N];
    let mut borrow = 0u64;
    for i in 0..N {
        (d[i], borrow) = sbb(a[i], m[i], borrow);
    }
    let keep_a = crate::backend::barrier::opaque(borrow.wrapping_neg()); // all ones when a < m
    core::array::from_fn(|i| (a[i] & keep_a) | (d[i] & !keep_a))
}

/// The schoolbook product of an A-word and a B-word integer into C ≥ A + B words.
#[inline(always)]
fn mul_fixed<const A: usize, const B: usize, const C: usize>(
    a: &[u64; A],
    b: &[u64; B],
) -> [u64; C] {
    debug_assert!(C >= A + B);
    let mut out = [0u64; C];
    for i in 0..A {
        let mut carry = 0u64;
        for j in 0..B {
            let t =
                u128::from(a[i]) * u128::from(b[j]) + u128::from(out[i + j]) + u128::from(carry);
            out[i + j] = t as u64;
            carry = (t >> 64) as u64;
        }
        out[i + B] = carry;
    }
    out
}

// Variable-length helpers for the one-off derivation of the constants (public data).

fn trim(mut v: Vec<u64>) -> Vec<u64> {
    while v.last() == Some(&0) {
        v.pop();
    }
    v
}

fn fixed<const N: usize>(v: &[u64]) -> [u64; N] {
    assert!(trim(v.to_vec()).len() <= N, "constant wider than {N} words");
    core::array::from_fn(|i| v.get(i).copied().unwrap_or(0))
}

fn cmp_big(a: &[u64], b: &[u64]) -> core::cmp::Ordering {
    crate::mul::cmp_words(a, b)
}

fn add_big(a: &[u64], b: &[u64]) -> Vec<u64> {
    let n = a.len().max(b.len()) + 1;
    let mut out = vec![0u64; n];
    let mut carry = 0;
    for i in 0..n {
        let (x, y) = (
            a.get(i).copied().unwrap_or(0),
            b.get(i).copied().unwrap_or(0),
        );
        (out[i], carry) = adc(x, y, carry);
    }
    trim(out)
}

fn mul_big(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut out = vec![0u64; a.len() + b.len()];
    for (i, &x) in a.iter().enumerate() {
        let mut carry = 0u64;
        for (j, &y) in b.iter().enumerate() {
            let t = u128::from(x) * u128::from(y) + u128::from(out[i + j]) + u128::from(carry);
            out[i + j] = t as u64;
            carry = (t >> 64) as u64;
        }
        out[i + b.len()] = carry;
    }
    trim(out)
}

fn shl1_big(a: &[u64]) -> Vec<u64> {
    add_big(a, a)
}

/// ⌊a / d⌋ and a mod d by binary long division.
fn divrem_big(a: &[u64], d: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let bits = crate::mul::bit_len(a);
    let mut quo = vec![0u64; a.len()];
    let mut rem: Vec<u64> = Vec::new();
    for i in (0..bits).rev() {
        rem = shl1_big(&rem);
        if crate::mul::bit(a, i) {
            rem = add_big(&rem, &[1]);
        }
        if cmp_big(&rem, d).is_ge() {
            let mut borrow = 0;
            let mut out = vec![0u64; rem.len()];
            for j in 0..rem.len() {
                (out[j], borrow) = sbb(rem[j], d.get(j).copied().unwrap_or(0), borrow);
            }
            rem = trim(out);
            quo[i / 64] |= 1 << (i % 64);
        }
    }
    (trim(quo), rem)
}
