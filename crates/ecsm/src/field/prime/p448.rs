//! GF(p) for Hamburg's Goldilocks prime p = 2^448 − 2^224 − 1 (the field of `ed448`),
//! dedicated: [`Fp448`].
//!
//! # Representation
//!
//! Eight unsaturated limbs of radix 2^56, x = Σ l_k·2^(56k), each limb below 2^57
//! ("loose"); M. Hamburg, "Ed448-Goldilocks, a new elliptic curve" (ePrint 2015/625)
//! chose p so that this radix and the Karatsuba identity of [`combine`] fit it. The form
//! is redundant: a value has many limb
//! vectors and x may exceed p, so equality, the zero test and every encoding first
//! compute the canonical limbs (below 2^56, value in [0, p)). With φ = 2^224 = limb 4,
//! p = φ² − φ − 1, so φ² ≡ φ + 1 and limb 8 folds onto limbs 0 and 4.
//!
//! Why not the generic [`Fp`](super::Fp) with its Goldilocks fold: there every operation
//! ends canonical, by a carry chain through seven words and a masked subtraction of p,
//! and the product is 49 word products followed by six dependent 7-word addition chains.
//! Here the sums have no carries between limbs, a product is 48 limb products by
//! Karatsuba's identity below, a square 30, and every carry pass is two rounds of
//! independent limb operations. Measured by `ecsm field-bench --field p448` and
//! `ecsm bench --curve ed448 --peers` (figures in the README).
//!
//! # Bounds
//!
//! Every operation takes loose limbs (< 2^57) and returns loose limbs; the proofs are
//! at each function. Products of limbs below 2^58 (the half sums of Karatsuba) are
//! below 2^116, and every column of a product stays below 2^119, far from 2^128.

use super::{gcd, FieldError, FpSpec, PrimeField, P448};
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

/// The seven columns of the product of two 4-limb numbers, 16 limb products.
#[inline(always)]
fn mul4(x: &[u64; 4], y: &[u64; 4]) -> [u128; 7] {
    [
        wide(x[0], y[0]),
        wide(x[0], y[1]) + wide(x[1], y[0]),
        wide(x[0], y[2]) + wide(x[1], y[1]) + wide(x[2], y[0]),
        wide(x[0], y[3]) + wide(x[1], y[2]) + wide(x[2], y[1]) + wide(x[3], y[0]),
        wide(x[1], y[3]) + wide(x[2], y[2]) + wide(x[3], y[1]),
        wide(x[2], y[3]) + wide(x[3], y[2]),
        wide(x[3], y[3]),
    ]
}

/// The seven columns of the square of a 4-limb number: 4 squares and 6 doubled cross
/// products, 10 limb products. For limbs < 2^58 the doubled limbs stay below 2^59.
#[inline(always)]
fn sqr4(x: &[u64; 4]) -> [u128; 7] {
    let d = [2 * x[0], 2 * x[1], 2 * x[2]];
    [
        wide(x[0], x[0]),
        wide(d[0], x[1]),
        wide(d[0], x[2]) + wide(x[1], x[1]),
        wide(d[0], x[3]) + wide(d[1], x[2]),
        wide(d[1], x[3]) + wide(x[2], x[2]),
        wide(d[2], x[3]),
        wide(x[3], x[3]),
    ]
}

/// Karatsuba over φ = 2^224 with φ² ≡ φ + 1 (Hamburg, ePrint 2015/625): for
/// a = a0 + a1·φ, b = b0 + b1·φ,
///
///   a·b ≡ (a0b0 + a1b1) + ((a0 + a1)(b0 + b1) − a0b0)·φ = L + M·φ,
///
/// from the three half products `lo` = a0b0, `hi` = a1b1, `mid` = (a0 + a1)(b0 + b1), each
/// seven columns. M·φ's columns 4…6 land on φ², folded once more as φ + 1; the eight
/// result columns are then L_k + M_(k+4) (k < 4), L_k + M_(k−4) + M_k (k = 4…6) and
/// M_3 (k = 7).
///
/// Bounds for loose inputs (< 2^57, half sums < 2^58): a column of `lo` or `hi` is
/// ≤ 4·2^114 = 2^116, of `mid` ≤ 2^118; L ≤ 2^117 and M = a0b1 + a1b0 + a1b1 ≤ 3·2^116
/// column by column (so `mid − lo` never wraps); every result column < 2^119.
#[inline(always)]
fn combine(lo: [u128; 7], hi: [u128; 7], mid: [u128; 7]) -> [u64; 8] {
    let l = |k: usize| lo[k] + hi[k];
    let m = |k: usize| mid[k] - lo[k];
    reduce_columns([
        l(0) + m(4),
        l(1) + m(5),
        l(2) + m(6),
        l(3),
        l(4) + m(0) + m(4),
        l(5) + m(1) + m(5),
        l(6) + m(2) + m(6),
        m(3),
    ])
}

/// Eight columns < 2^119 to loose limbs, in two carry rounds. Round one: carries
/// < 2^63, so each limb < 2^56 + 2^63 fits a word; limb 4 takes the carries of columns
/// 3 (= L_3 ≤ 2^117, carry < 2^61) and 7 (= M_3 < 3·2^116, carry < 3·2^60), < 2^63 in
/// all. Round two ([`carry_round`], carries ≤ 2^8): limbs < 2^56 + 2^9 < 2^57.
#[inline(always)]
fn reduce_columns(c: [u128; 8]) -> [u64; 8] {
    let lo = |k: usize| (c[k] as u64) & M56;
    let hi = |k: usize| (c[k] >> 56) as u64;
    let top = hi(7);
    let t = [
        lo(0) + top,
        lo(1) + hi(0),
        lo(2) + hi(1),
        lo(3) + hi(2),
        lo(4) + hi(3) + top,
        lo(5) + hi(4),
        lo(6) + hi(5),
        lo(7) + hi(6),
    ];
    carry_round(&t)
}

#[inline(always)]
fn halves(x: &[u64; 8]) -> ([u64; 4], [u64; 4], [u64; 4]) {
    let lo = [x[0], x[1], x[2], x[3]];
    let hi = [x[4], x[5], x[6], x[7]];
    let sum = [x[0] + x[4], x[1] + x[5], x[2] + x[6], x[3] + x[7]];
    (lo, hi, sum)
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

    /// The canonical limbs: below 2^56 each, value in [0, p).
    ///
    /// A sequential carry with the top carry (≤ 1) folded first leaves limbs 0…6 below
    /// 2^56 and limb 7 below 2^56 + 2, so x < 2^448 + 2^393 < 2p. Then x − p by a signed
    /// carry chain: its final carry is −1 exactly when x < p, and p is added back under
    /// that mask. Constant-time.
    #[inline(always)]
    fn canonical_limbs(&self) -> [u64; 8] {
        let mut l = self.l;
        let top = l[7] >> 56;
        l[7] &= M56;
        l[0] += top;
        l[4] += top;
        for k in 0..7 {
            l[k + 1] += l[k] >> 56;
            l[k] &= M56;
        }
        let mut acc = 0i64;
        for k in 0..8 {
            acc += l[k] as i64 - P_LIMBS[k] as i64;
            l[k] = (acc as u64) & M56;
            acc >>= 56;
        }
        let mask = acc as u64;
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
    /// Constant-time on the canonical limbs.
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        let (a, b) = (self.canonical_limbs(), other.canonical_limbs());
        a.iter().zip(&b).fold(0u64, |acc, (x, y)| acc | (x ^ y)) == 0
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
    /// 48 limb products (see [`combine`]).
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        let (a0, a1, sa) = halves(&self.l);
        let (b0, b1, sb) = halves(&rhs.l);
        Self::from_limbs_unchecked(combine(mul4(&a0, &b0), mul4(&a1, &b1), mul4(&sa, &sb)))
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
    #[inline]
    fn is_zero(&self) -> bool {
        self.canonical_limbs().iter().fold(0, |acc, w| acc | w) == 0
    }
    /// a² = (a0² + a1²) + ((a0 + a1)² − a0²)·φ: 30 limb products (see [`combine`]).
    #[inline(always)]
    fn square(&self) -> Self {
        let (a0, a1, s) = halves(&self.l);
        Self::from_limbs_unchecked(combine(sqr4(&a0), sqr4(&a1), sqr4(&s)))
    }
    #[inline(always)]
    fn ct_select(a: &Self, b: &Self, choice: u64) -> Self {
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
        let w = self.to_canonical();
        let mut out = vec![0u8; Self::BYTES];
        for (k, byte) in out.iter_mut().rev().enumerate() {
            *byte = (w[k / 8] >> (8 * (k % 8))) as u8;
        }
        out
    }
    fn from_bytes(bytes: &[u8]) -> Result<Self, FieldError> {
        if bytes.len() != Self::BYTES {
            return Err(FieldError::BadLength {
                field: Self::NAME,
                expected: Self::BYTES,
                got: bytes.len(),
            });
        }
        let mut w = [0u64; 7];
        for (k, &byte) in bytes.iter().rev().enumerate() {
            w[k / 8] |= u64::from(byte) << (8 * (k % 8));
        }
        Self::from_canonical(w)
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
