//! GF(p) for Hamburg's Goldilocks prime p = 2^448 − 2^224 − 1 (the field of `ed448`),
//! dedicated: [`Fp448`].
//!
//! # Representation
//!
//! Eight unsaturated limbs of radix 2^56, x = Σ l_k·2^(56k), each limb below 2^57
//! ("loose"); M. Hamburg, "Ed448-Goldilocks, a new elliptic curve" (ePrint 2015/625),
//! chose p so that this radix and the Karatsuba identity of [`mul_limbs`] fit it. The
//! form is redundant: a value has many limb vectors and x may exceed p, so equality, the
//! zero test and every encoding first carry or canonicalise (limbs below 2^56, value in
//! [0, p)). With φ = 2^224 = limb 4, p = φ² − φ − 1, so φ² ≡ φ + 1 and limb 8 folds onto
//! limbs 0 and 4.
//!
//! Why not the generic [`Fp`](super::Fp) with its Goldilocks fold: there every operation
//! ends canonical, by a carry chain through seven words and a masked subtraction of p,
//! and the product is 49 word products followed by several dependent 7-word addition
//! chains. Here a sum carries in one round of independent limb operations, a product is
//! 48 limb products by Karatsuba's identity ([`mul_limbs`]), a square 30, and the zero
//! test needs one carry pass, not a canonical value.
//!
//! Measured against the generic type (`ecsm field-bench --field p448`, `-C
//! target-cpu=native`, pinned, alternated, 3 runs each, AMD EPYC): product 55 → 33 ns,
//! square 43 → 23 ns, sum 5.1 → 3.6 ns, Fermat inversion 26 → 11 µs; `ed448`'s
//! variable-base multiplication 241 → 153 µs (`farm-bench`, medians of 5 alternated runs).
//!
//! # Bounds
//!
//! Every operation takes loose limbs (< 2^57) and returns loose limbs; the proofs are
//! at each function. Products of limbs below 2^58 (the half sums of Karatsuba) are
//! below 2^116, and every column of a product stays below 2^119, far from 2^128.

use super::{gcd, FieldError, FpSpec, PrimeField, P448};
use crate::backend::barrier::opaque;
use crate::field::bytes::{be_to_words, words_to_be};
use crate::field::Field;
use core::fmt;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};
use rand_core::RngCore;

/// 2^56 − 1: one limb.
const M56: u64 = (1 << 56) - 1;
/// p as seven little-endian 64-bit words (from the `P448` spec).
const P_WORDS: [u64; 7] = <P448 as FpSpec<7>>::P;
const P_REF: &[u64; 7] = &P_WORDS;
/// p in radix 2^56: every limb 2^56 − 1 except limb 4, 2^56 − 2 (−2^224 − 1).
const P_LIMBS: [u64; 8] = [M56, M56, M56, M56, M56 - 1, M56, M56, M56];
/// 4p limb by limb: each limb ≥ 2^58 − 8, above any loose limb, so a − b as
/// a + 4p − b has no negative limb.
const P4_LIMBS: [u64; 8] = [
    4 * M56,
    4 * M56,
    4 * M56,
    4 * M56,
    4 * (M56 - 1),
    4 * M56,
    4 * M56,
    4 * M56,
];
/// Exclusive bound of a loose limb.
const LOOSE: u64 = 1 << 57;

/// An element of GF(2^448 − 2^224 − 1) in eight loose 56-bit limbs.
#[derive(Copy, Clone)]
pub struct Fp448 {
    /// Limbs, each < 2^57; the value is Σ l_k·2^(56k), not necessarily below p.
    l: [u64; 8],
}

/// One carry round on all limbs at once, with 2^448 ≡ 2^224 + 1 for the carry out of
/// limb 7: r_k = (x_k mod 2^56) + ⌊x_(k−1)/2^56⌋, and limbs 0 and 4 also take ⌊x_7/2^56⌋.
/// The rounds' operations are independent, so it costs two steps of latency, not eight.
/// For x_k < 2^59 the carries are below 8 and every output limb below 2^56 + 16.
#[inline(always)]
fn carry_round(x: &[u64; 8]) -> [u64; 8] {
    let top = x[7] >> 56;
    [
        (x[0] & M56) + top,
        (x[1] & M56) + (x[0] >> 56),
        (x[2] & M56) + (x[1] >> 56),
        (x[3] & M56) + (x[2] >> 56),
        (x[4] & M56) + (x[3] >> 56) + top,
        (x[5] & M56) + (x[4] >> 56),
        (x[6] & M56) + (x[5] >> 56),
        (x[7] & M56) + (x[6] >> 56),
    ]
}

#[inline(always)]
fn wide(x: u64, y: u64) -> u128 {
    (x as u128) * (y as u128)
}

/// Karatsuba over φ = 2^224 with φ² ≡ φ + 1 (Hamburg, ePrint 2015/625): for
/// a = a0 + a1·φ, b = b0 + b1·φ (halves of four limbs),
///
///   a·b ≡ (a0b0 + a1b1) + ((a0 + a1)(b0 + b1) − a0b0)·φ = L + M·φ.
///
/// With P, Q, R the columns of the half products a0b0, a1b1, (a0 + a1)(b0 + b1), so that
/// L = P + Q and M = R − P, and M·φ's columns 4…6 folded once more as φ + 1, the eight
/// result columns are, for k = 0…3 (P_7 = Q_7 = R_7 = 0):
///
///   c_k = P_k + Q_k + (R_(k+4) − P_(k+4)),   c_(k+4) = Q_(k+4) + R_(k+4) + (R_k − P_k),
///
/// 48 limb products, written out column by column and carried as each pair of columns
/// completes. Computing the three half products as arrays first and combining them
/// afterwards kept 21 double words live and spilled most of them (measured, `-C
/// target-cpu=native`: 420 against 390 instructions, and a dependent chain of Edwards
/// doublings, 3M + 4S, 270 against 215 ns each).
///
/// Bounds for loose inputs (< 2^57, half sums < 2^58): P_k, Q_k ≤ 4·2^114 = 2^116 and
/// R_k ≤ 2^118; R_k ≥ P_k column by column, so neither difference wraps; and
/// c_k = L_k + M_(k+4) ≤ 2^117 + 3·2^116, c_(k+4) = L_(k+4) + M_k + M_(k+4) ≤ 2^119 (M is
/// a0b1 + a1b0 + a1b1, ≤ 3·2^116 a column).
///
/// The carries run as two chains in step, c_0 → c_1 → c_2 → c_3 and c_4 → … → c_7, each
/// carry below 2^64. Out of c_3 (= L_3 ≤ 2^117) comes less than 2^61 + 1 and out of c_7
/// (= M_3 ≤ 3·2^116) less than 3·2^60 + 1; as 2^448 ≡ 2^224 + 1 they join limbs 4 and 0,
/// which stay below 2^63, and one more carry each into limbs 5 and 1 leaves every limb
/// below 2^56 + 2^8 < 2^57.
#[inline(always)]
fn mul_limbs(a: &[u64; 8], b: &[u64; 8]) -> [u64; 8] {
    let sa = [a[0] + a[4], a[1] + a[5], a[2] + a[6], a[3] + a[7]];
    let sb = [b[0] + b[4], b[1] + b[5], b[2] + b[6], b[3] + b[7]];
    let mut out = [0u64; 8];
    let (mut lo, mut hi) = (0u128, 0u128);
    // columns 0 and 4
    let p = wide(a[0], b[0]);
    let r4 = wide(sa[1], sb[3]) + wide(sa[2], sb[2]) + wide(sa[3], sb[1]);
    lo += p + wide(a[4], b[4]) + (r4 - (wide(a[1], b[3]) + wide(a[2], b[2]) + wide(a[3], b[1])));
    hi += wide(a[5], b[7]) + wide(a[6], b[6]) + wide(a[7], b[5]) + r4 + ((wide(sa[0], sb[0])) - p);
    out[0] = (lo as u64) & M56;
    out[4] = (hi as u64) & M56;
    lo >>= 56;
    hi >>= 56;
    // columns 1 and 5
    let p = wide(a[0], b[1]) + wide(a[1], b[0]);
    let r4 = wide(sa[2], sb[3]) + wide(sa[3], sb[2]);
    lo += p + wide(a[4], b[5]) + wide(a[5], b[4]) + (r4 - (wide(a[2], b[3]) + wide(a[3], b[2])));
    hi +=
        wide(a[6], b[7]) + wide(a[7], b[6]) + r4 + ((wide(sa[0], sb[1]) + wide(sa[1], sb[0])) - p);
    out[1] = (lo as u64) & M56;
    out[5] = (hi as u64) & M56;
    lo >>= 56;
    hi >>= 56;
    // columns 2 and 6
    let p = wide(a[0], b[2]) + wide(a[1], b[1]) + wide(a[2], b[0]);
    let r4 = wide(sa[3], sb[3]);
    lo += p + wide(a[4], b[6]) + wide(a[5], b[5]) + wide(a[6], b[4]) + (r4 - (wide(a[3], b[3])));
    hi += wide(a[7], b[7])
        + r4
        + ((wide(sa[0], sb[2]) + wide(sa[1], sb[1]) + wide(sa[2], sb[0])) - p);
    out[2] = (lo as u64) & M56;
    out[6] = (hi as u64) & M56;
    lo >>= 56;
    hi >>= 56;
    // columns 3 and 7
    let p = wide(a[0], b[3]) + wide(a[1], b[2]) + wide(a[2], b[1]) + wide(a[3], b[0]);
    lo += p + wide(a[4], b[7]) + wide(a[5], b[6]) + wide(a[6], b[5]) + wide(a[7], b[4]);
    hi += (wide(sa[0], sb[3]) + wide(sa[1], sb[2]) + wide(sa[2], sb[1]) + wide(sa[3], sb[0])) - p;
    out[3] = (lo as u64) & M56;
    out[7] = (hi as u64) & M56;
    lo >>= 56;
    hi >>= 56;
    let (lo, hi) = (lo as u64, hi as u64);
    out[4] += lo + hi;
    out[0] += hi;
    out[1] += out[0] >> 56;
    out[0] &= M56;
    out[5] += out[4] >> 56;
    out[4] &= M56;
    out
}

/// The square by the same columns as [`mul_limbs`],
/// a² ≡ (a0² + a1²) + ((a0 + a1)² − a0²)·φ, each cross product once with a doubled
/// limb: 30 limb products. Doubled loose limbs and half sums stay below 2^59, and every
/// column equals the product's, so the same bounds hold.
#[inline(always)]
fn sqr_limbs(a: &[u64; 8]) -> [u64; 8] {
    let d = a.map(|v| 2 * v);
    let s = [a[0] + a[4], a[1] + a[5], a[2] + a[6], a[3] + a[7]];
    let ds = s.map(|v| 2 * v);
    let mut out = [0u64; 8];
    let (mut lo, mut hi) = (0u128, 0u128);
    // columns 0 and 4
    let p = wide(a[0], a[0]);
    let r4 = wide(ds[1], s[3]) + wide(s[2], s[2]);
    lo += p + wide(a[4], a[4]) + (r4 - (wide(d[1], a[3]) + wide(a[2], a[2])));
    hi += wide(d[5], a[7]) + wide(a[6], a[6]) + r4 + ((wide(s[0], s[0])) - p);
    out[0] = (lo as u64) & M56;
    out[4] = (hi as u64) & M56;
    lo >>= 56;
    hi >>= 56;
    // columns 1 and 5
    let p = wide(d[0], a[1]);
    let r4 = wide(ds[2], s[3]);
    lo += p + wide(d[4], a[5]) + (r4 - (wide(d[2], a[3])));
    hi += wide(d[6], a[7]) + r4 + ((wide(ds[0], s[1])) - p);
    out[1] = (lo as u64) & M56;
    out[5] = (hi as u64) & M56;
    lo >>= 56;
    hi >>= 56;
    // columns 2 and 6
    let p = wide(d[0], a[2]) + wide(a[1], a[1]);
    let r4 = wide(s[3], s[3]);
    lo += p + wide(d[4], a[6]) + wide(a[5], a[5]) + (r4 - (wide(a[3], a[3])));
    hi += wide(a[7], a[7]) + r4 + ((wide(ds[0], s[2]) + wide(s[1], s[1])) - p);
    out[2] = (lo as u64) & M56;
    out[6] = (hi as u64) & M56;
    lo >>= 56;
    hi >>= 56;
    // columns 3 and 7
    let p = wide(d[0], a[3]) + wide(d[1], a[2]);
    lo += p + wide(d[4], a[7]) + wide(d[5], a[6]);
    hi += (wide(ds[0], s[3]) + wide(ds[1], s[2])) - p;
    out[3] = (lo as u64) & M56;
    out[7] = (hi as u64) & M56;
    lo >>= 56;
    hi >>= 56;
    let (lo, hi) = (lo as u64, hi as u64);
    out[4] += lo + hi;
    out[0] += hi;
    out[1] += out[0] >> 56;
    out[0] &= M56;
    out[5] += out[4] >> 56;
    out[4] &= M56;
    out
}

impl Fp448 {
    /// p, little-endian 64-bit words.
    pub const MODULUS: [u64; 7] = P_WORDS;

    #[inline(always)]
    const fn from_limbs_unchecked(l: [u64; 8]) -> Self {
        Fp448 { l }
    }

    /// The limbs of a canonical value w < 2^448: bits [56k, 56k + 56) of w.
    #[inline(always)]
    fn unpack(w: &[u64; 7]) -> [u64; 8] {
        let mut l = [0u64; 8];
        l[0] = w[0] & M56;
        for k in 1..8 {
            let hi = if k < 7 { w[k] } else { 0 };
            let pair = ((hi as u128) << 64) | w[k - 1] as u128;
            l[k] = ((pair >> (64 - 8 * k)) as u64) & M56;
        }
        l
    }

    /// The same value after one sequential carry pass, the top carry (≤ 1) folded first:
    /// limbs 0…6 below 2^56 and limb 7 below 2^56 + 2, so x < 2^448 + 2^393 < 2p, and
    /// the limbs are x's digits in radix 2^56 (unique, the top one unbounded).
    #[inline(always)]
    fn carried(&self) -> [u64; 8] {
        let mut l = self.l;
        let top = l[7] >> 56;
        l[7] &= M56;
        l[0] += top;
        l[4] += top;
        for k in 0..7 {
            l[k + 1] += l[k] >> 56;
            l[k] &= M56;
        }
        l
    }

    /// The canonical limbs: below 2^56 each, value in [0, p).
    ///
    /// From [`Fp448::carried`] (x < 2p), x − p by a signed carry chain: its final carry
    /// is −1 exactly when x < p, and p is added back under that mask. Constant-time.
    #[inline(always)]
    fn canonical_limbs(&self) -> [u64; 8] {
        let mut l = self.carried();
        let mut acc = 0i64;
        for k in 0..8 {
            acc += l[k] as i64 - P_LIMBS[k] as i64;
            l[k] = (acc as u64) & M56;
            acc >>= 56;
        }
        let mask = opaque(acc as u64);
        let mut c = 0u64;
        for k in 0..8 {
            c += l[k] + (P_LIMBS[k] & mask);
            l[k] = c & M56;
            c >>= 56;
        }
        l
    }

    /// The canonical value in [0, p), seven little-endian words.
    pub fn to_canonical(&self) -> [u64; 7] {
        let l = self.canonical_limbs();
        let mut w = [0u64; 7];
        for (i, word) in w.iter_mut().enumerate() {
            *word = (l[i] >> (8 * i)) | (l[i + 1] << (56 - 8 * i));
        }
        w
    }

    /// The element with canonical value `w`, or `OutOfRange` when w ≥ p.
    pub fn from_canonical(w: [u64; 7]) -> Result<Self, FieldError> {
        // w < p ⟺ w − p borrows out of the top word.
        let mut borrow = 0u64;
        for (x, p) in w.iter().zip(&P_WORDS) {
            let (d, b1) = x.overflowing_sub(*p);
            let (_, b2) = d.overflowing_sub(borrow);
            borrow = (b1 | b2) as u64;
        }
        if borrow == 0 {
            return Err(FieldError::OutOfRange { field: "p448" });
        }
        Ok(Self::from_limbs_unchecked(Self::unpack(&w)))
    }

    /// The element Σ l_k·2^(56k) mod p from any limbs below 2^57, the internal form
    /// itself (for tests of non-canonical inputs); a larger limb is `OutOfRange`.
    #[doc(hidden)]
    pub fn from_loose_limbs(l: [u64; 8]) -> Result<Self, FieldError> {
        if l.iter().any(|&x| x >= LOOSE) {
            return Err(FieldError::OutOfRange { field: "p448" });
        }
        Ok(Self::from_limbs_unchecked(l))
    }

    /// The internal limbs, each below 2^57 (for tests of the bounds).
    #[doc(hidden)]
    pub fn loose_limbs(&self) -> [u64; 8] {
        self.l
    }

    /// `self^(2^n)`.
    #[inline]
    fn sqr_n(&self, n: usize) -> Self {
        let mut r = *self;
        for _ in 0..n {
            r = r.square();
        }
        r
    }

    /// `self^(p−2)` by an addition chain on t_k = x^(2^k − 1):
    /// p − 2 = (2^223 − 1)·2^225 + (2^222 − 1)·2^2 + 1, 447 squarings and 13 products.
    /// The operations run are the same for every value.
    fn fermat_inverse(&self) -> Self {
        let x = *self;
        let t2 = x.square() * x;
        let t3 = t2.square() * x;
        let t6 = t3.sqr_n(3) * t3;
        let t12 = t6.sqr_n(6) * t6;
        let t24 = t12.sqr_n(12) * t12;
        let t30 = t24.sqr_n(6) * t6;
        let t48 = t24.sqr_n(24) * t24;
        let t96 = t48.sqr_n(48) * t48;
        let t192 = t96.sqr_n(96) * t96;
        let t222 = t192.sqr_n(30) * t30;
        let t223 = t222.square() * x;
        (t223.sqr_n(223) * t222).sqr_n(2) * x
    }
}

impl PartialEq for Fp448 {
    /// a − b ≡ 0, constant-time.
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        (*self - *other).is_zero()
    }
}
impl Eq for Fp448 {}

impl fmt::Debug for Fp448 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GF(p448)(0x")?;
        for b in self.to_bytes() {
            write!(f, "{b:02x}")?;
        }
        write!(f, ")")
    }
}

impl Add for Fp448 {
    type Output = Self;
    /// Limb sums < 2^58, one carry round.
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        let mut s = [0u64; 8];
        for (k, x) in s.iter_mut().enumerate() {
            *x = self.l[k] + rhs.l[k];
        }
        Self::from_limbs_unchecked(carry_round(&s))
    }
}
impl AddAssign for Fp448 {
    #[inline(always)]
    fn add_assign(&mut self, rhs: Self) {
        *self = *self + rhs;
    }
}
impl Sub for Fp448 {
    type Output = Self;
    /// a + 4p − b limb by limb, in (0, 2^59), then one carry round.
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        let mut s = [0u64; 8];
        for (k, x) in s.iter_mut().enumerate() {
            *x = self.l[k] + P4_LIMBS[k] - rhs.l[k];
        }
        Self::from_limbs_unchecked(carry_round(&s))
    }
}
impl SubAssign for Fp448 {
    #[inline(always)]
    fn sub_assign(&mut self, rhs: Self) {
        *self = *self - rhs;
    }
}
impl Neg for Fp448 {
    type Output = Self;
    /// 4p − a limb by limb, then one carry round.
    #[inline(always)]
    fn neg(self) -> Self {
        let mut s = [0u64; 8];
        for (k, x) in s.iter_mut().enumerate() {
            *x = P4_LIMBS[k] - self.l[k];
        }
        Self::from_limbs_unchecked(carry_round(&s))
    }
}
impl Mul for Fp448 {
    type Output = Self;
    /// Karatsuba over 2^224 with 2^448 ≡ 2^224 + 1: 48 limb products.
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        Self::from_limbs_unchecked(mul_limbs(&self.l, &rhs.l))
    }
}
impl MulAssign for Fp448 {
    #[inline(always)]
    fn mul_assign(&mut self, rhs: Self) {
        *self = *self * rhs;
    }
}

impl Field for Fp448 {
    const NAME: &'static str = "p448";
    const BYTES: usize = 56;

    #[inline(always)]
    fn zero() -> Self {
        Self::from_limbs_unchecked([0; 8])
    }
    #[inline(always)]
    fn one() -> Self {
        Self::from_limbs_unchecked([1, 0, 0, 0, 0, 0, 0, 0])
    }
    /// After one carry pass x < 2p in exact radix-2^56 digits, so x ≡ 0 means
    /// the digits of 0 or of p.
    #[inline]
    fn is_zero(&self) -> bool {
        let l = self.carried();
        let zero = l.iter().fold(0, |acc, w| acc | w);
        let p = l.iter().zip(&P_LIMBS).fold(0, |acc, (w, p)| acc | (w ^ p));
        (zero == 0) | (p == 0)
    }
    /// a² = (a0² + a1²) + ((a0 + a1)² − a0²)·φ with φ = 2^224: 30 limb products.
    #[inline(always)]
    fn square(&self) -> Self {
        Self::from_limbs_unchecked(sqr_limbs(&self.l))
    }
    #[inline(always)]
    fn ct_select(a: &Self, b: &Self, choice: u64) -> Self {
        let choice = opaque(choice);
        let mut r = [0u64; 8];
        for (k, x) in r.iter_mut().enumerate() {
            *x = (b.l[k] & choice) | (a.l[k] & !choice);
        }
        Self::from_limbs_unchecked(r)
    }
    /// Fermat: self^(p−2) by an addition chain, 447S + 13M.
    fn invert(&self) -> Result<Self, FieldError> {
        if self.is_zero() {
            return Err(FieldError::NotInvertible);
        }
        Ok(self.fermat_inverse())
    }
    /// Bernstein–Yang divsteps on the canonical words, variable-time.
    fn invert_vartime(&self) -> Result<Self, FieldError> {
        if self.is_zero() {
            return Err(FieldError::NotInvertible);
        }
        let mut one = [0u64; 7];
        one[0] = 1;
        let w = gcd::invert_vartime(&self.to_canonical(), &one, &P_WORDS);
        Ok(Self::from_limbs_unchecked(Self::unpack(&w)))
    }
    fn to_bytes(&self) -> Vec<u8> {
        words_to_be(&self.to_canonical(), Self::BYTES)
    }
    fn from_bytes(bytes: &[u8]) -> Result<Self, FieldError> {
        Self::from_canonical(be_to_words(Self::NAME, bytes, Self::BYTES)?)
    }
    /// Rejection sampling on 448 uniform bits (accepted unless ≥ p, probability
    /// about 2^−224).
    fn random(rng: &mut dyn RngCore) -> Self {
        loop {
            let mut w = [0u64; 7];
            for x in w.iter_mut() {
                *x = rng.next_u64();
            }
            if let Ok(x) = Self::from_canonical(w) {
                return x;
            }
        }
    }
}

impl PrimeField for Fp448 {
    const BITS: usize = 448;

    fn modulus() -> &'static [u64] {
        P_REF
    }
    fn from_u64(v: u64) -> Self {
        Self::from_limbs_unchecked([v & M56, v >> 56, 0, 0, 0, 0, 0, 0])
    }
    fn to_words(&self) -> Vec<u64> {
        self.to_canonical().to_vec()
    }
    /// A slice of the wrong length is `BadLength`, with `expected` and `got` counted in
    /// words here.
    fn from_words(w: &[u64]) -> Result<Self, FieldError> {
        let w: [u64; 7] = w.try_into().map_err(|_| FieldError::BadLength {
            field: Self::NAME,
            expected: 7,
            got: w.len(),
        })?;
        Self::from_canonical(w)
    }
    fn is_odd(&self) -> bool {
        self.canonical_limbs()[0] & 1 == 1
    }
    /// Binary Jacobi symbol on the canonical value.
    fn legendre(&self) -> i8 {
        gcd::jacobi(&self.to_canonical(), &P_WORDS)
    }
}
