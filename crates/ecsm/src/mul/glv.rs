//! The GLV method (Gallant–Lambert–Vanstone, CRYPTO 2001) on prime curves y² = x³ + b
//! with p ≡ 1 (mod 3), such as secp256k1: φ(x, y) = (β·x, y), with β a cube root of
//! unity mod p, acts on the subgroup of order n as \[λ\] for a cube root of unity λ mod n.
//! A scalar k < n splits into k ≡ k1 + k2·λ (mod n) with |k1|, |k2| about √n, and
//! \[k\]P = \[k1\]P + \[k2\]φ(P) takes half the doublings of a plain multiplication.
//!
//! **Split** (GLV §4; Hankerson–Menezes–Vanstone, *Guide to ECC*, Alg. 3.74): with a
//! short basis v1 = (a1, b1), v2 = (a2, b2) of the lattice {(x, y) : x + y·λ ≡ 0 (mod n)},
//! of determinant a1·b2 − a2·b1 = n, Babai rounding gives c1 = round(k·b2/n),
//! c2 = round(−k·b1/n), k1 = k − c1·a1 − c2·a2 and k2 = −c1·b1 − c2·b2. The quotients
//! are computed as ⌊(k·g + 2^(s−1)) / 2^s⌋ with g = round(2^s·|b|/n), derived here by
//! long division (the technique of libsecp256k1's split, which takes s = 384), where
//! s = bit_len(n) + 128: for k < n the error of k·g/2^s against k·|b|/n is below
//! n·2^−(s+1) < 2^−129, and g ≤ 2^129·|b| (as n ≥ 2^(s−129)); a basis whose g does not
//! fit four words is refused. For secp256k1 s = 384; the same code serves the tiny
//! curves of the exhaustive tests.
//! For secp256k1, |k1|, |k2| < 2^128 (the tests check it on random and edge scalars).
//!
//! The method here is variable-time (w-NAF digits pick the additions); it is for public
//! scalars and benchmarks.

use super::{bit_len, cmp_words};
use crate::curve::weierstrass::{lift_from_isomorphic, AShape, Affine, Jacobian, ShortWeierstrass};
use crate::encoding::scalar_from_hex;
use crate::field::bytes::words_to_be;
use crate::field::Field;
use crate::recode::{wnaf_pair, RecodeError};

/// The published constants of one curve's endomorphism, as hex integers (a leading `-`
/// marks a negative basis entry).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GlvConstants {
    /// The curve's canonical name.
    pub curve: &'static str,
    /// β, a cube root of unity mod p.
    pub beta: &'static str,
    /// λ, the cube root of unity mod n with φ(P) = \[λ\]P for the β above.
    pub lambda: &'static str,
    /// The short lattice basis (a1, b1), (a2, b2).
    pub basis: [(&'static str, &'static str); 2],
    /// Where the constants were published.
    pub source: &'static str,
}

/// secp256k1's endomorphism: λ, β and the reduced basis as published by H. Finney
/// (bitcointalk.org, topic 3238, 2011) and used by libsecp256k1; each one is checked by
/// the tests (β³ = 1, λ² + λ + 1 ≡ 0, a + b·λ ≡ 0, determinant n, φ(G) = \[λ\]G).
pub const SECP256K1_GLV: GlvConstants = GlvConstants {
    curve: "secp256k1",
    beta: "7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee",
    lambda: "5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72",
    basis: [
        (
            "3086d221a7d46bcde86c90e49284eb15",
            "-e4437ed6010e88286f547fa90abfe4c3",
        ),
        (
            "114ca50f7a8e2f3f657c1108d9d44cfd8",
            "3086d221a7d46bcde86c90e49284eb15",
        ),
    ],
    source: "H. Finney, bitcointalk.org topic 3238 (2011); GLV, CRYPTO 2001, §4",
};

/// The curves with a GLV endomorphism here.
pub const GLV_CURVES: &[GlvConstants] = &[SECP256K1_GLV];

/// Words of n (n < 2^256).
const W: usize = 4;

/// An integer modulo 2^192, two's complement: wide enough for every intermediate of the
/// split, whose results lie in (−2^128, 2^128).
type I192 = [u64; 3];

fn add192(a: &I192, b: &I192) -> I192 {
    let mut r = [0u64; 3];
    let mut carry = 0u128;
    for i in 0..3 {
        let s = u128::from(a[i]) + u128::from(b[i]) + carry;
        r[i] = s as u64;
        carry = s >> 64;
    }
    r
}

fn neg192(a: &I192) -> I192 {
    add192(&[!a[0], !a[1], !a[2]], &[1, 0, 0])
}

fn mul192(a: &I192, b: &I192) -> I192 {
    let mut r = [0u64; 3];
    for i in 0..3 {
        let mut carry = 0u128;
        for j in 0..3 - i {
            let t = u128::from(a[i]) * u128::from(b[j]) + u128::from(r[i + j]) + carry;
            r[i + j] = t as u64;
            carry = t >> 64;
        }
    }
    r
}

/// A signed basis entry as an [`I192`], or `None` when it is not hex or not short.
fn signed192(hex: &str) -> Option<I192> {
    let (neg, digits) = match hex.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, hex),
    };
    let words = scalar_from_hex(digits).ok()?;
    if bit_len(&words) >= 190 {
        return None;
    }
    let mut v = [0u64; 3];
    for (x, &y) in v.iter_mut().zip(&words) {
        *x = y;
    }
    Some(if neg { neg192(&v) } else { v })
}

fn abs192(a: &I192) -> (bool, I192) {
    let neg = a[2] >> 63 == 1;
    (neg, if neg { neg192(a) } else { *a })
}

/// round(2^shift·b / n) by binary long division (public constants, once), or `None` when
/// it does not fit four words.
fn scaled_quotient(b: &I192, n: &[u64; W], shift: usize) -> Option<[u64; W]> {
    // Dividend bits, most significant first: b's bits, then `shift` zeros.
    let nbits = bit_len(b);
    let mut rem = [0u64; W + 1];
    let mut q = [0u64; W + 2];
    let n5 = [n[0], n[1], n[2], n[3], 0];
    for i in (0..nbits + shift).rev() {
        let bit = i >= shift && (b[(i - shift) / 64] >> ((i - shift) % 64)) & 1 == 1;
        shl1(&mut rem, bit);
        shl1(&mut q, false);
        if cmp_words(&rem, &n5).is_ge() {
            sub_in_place(&mut rem, &n5);
            q[0] |= 1;
        }
    }
    // Round half up: 2·rem ≥ n.
    let mut twice = rem;
    shl1(&mut twice, false);
    if cmp_words(&twice, &n5).is_ge() {
        let one = [1u64, 0, 0, 0, 0, 0];
        q = add_words(&q, &one);
    }
    (q[W] == 0 && q[W + 1] == 0).then_some([q[0], q[1], q[2], q[3]])
}

fn shl1<const L: usize>(a: &mut [u64; L], low: bool) {
    let mut carry = u64::from(low);
    for w in a.iter_mut() {
        let next = *w >> 63;
        *w = (*w << 1) | carry;
        carry = next;
    }
}

fn sub_in_place<const L: usize>(a: &mut [u64; L], b: &[u64; L]) {
    let mut borrow = 0u64;
    for i in 0..L {
        let (d, b1) = a[i].overflowing_sub(b[i]);
        let (d, b2) = d.overflowing_sub(borrow);
        a[i] = d;
        borrow = u64::from(b1 | b2);
    }
}

fn add_words<const L: usize>(a: &[u64; L], b: &[u64; L]) -> [u64; L] {
    let mut r = [0u64; L];
    let mut carry = 0u128;
    for i in 0..L {
        let s = u128::from(a[i]) + u128::from(b[i]) + carry;
        r[i] = s as u64;
        carry = s >> 64;
    }
    r
}

/// ⌊(k·g + 2^(shift−1)) / 2^shift⌋ for k, g < 2^256 and 1 ≤ shift ≤ 384: the rounded
/// quotient, below 2^129 for the g of [`Glv::new`] and k < n.
fn round_quotient(k: &[u64; W], g: &[u64; W], shift: usize) -> I192 {
    let mut p = [0u64; 2 * W];
    for i in 0..W {
        let mut carry = 0u128;
        for j in 0..W {
            let t = u128::from(k[i]) * u128::from(g[j]) + u128::from(p[i + j]) + carry;
            p[i + j] = t as u64;
            carry = t >> 64;
        }
        p[i + W] = carry as u64;
    }
    let mut half = [0u64; 2 * W];
    half[(shift - 1) / 64] = 1 << ((shift - 1) % 64);
    let s = add_words(&p, &half);
    // Bits shift … shift + 191 of the sum.
    let word = |i: usize| s.get(i).copied().unwrap_or(0);
    let (q, r) = (shift / 64, shift % 64);
    core::array::from_fn(|j| {
        if r == 0 {
            word(q + j)
        } else {
            (word(q + j) >> r) | (word(q + j + 1) << (64 - r))
        }
    })
}

/// A split scalar: k ≡ ±k1 ± k2·λ (mod n), magnitudes and signs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GlvSplit {
    /// |k1|.
    pub k1: u128,
    /// k1 < 0.
    pub neg1: bool,
    /// |k2|.
    pub k2: u128,
    /// k2 < 0.
    pub neg2: bool,
}

/// One curve's endomorphism and split, over the field `F`.
#[derive(Debug, Clone, Copy)]
pub struct Glv<F> {
    beta: F,
    n: [u64; W],
    lambda: [u64; W],
    a: [I192; 2],
    b: [I192; 2],
    /// round(2^shift·|b2|/n) and round(2^shift·|b1|/n).
    g: [[u64; W]; 2],
    /// bit_len(n) + 128 (module doc).
    shift: usize,
}

/// Why a [`Glv`] could not be built from its constants.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GlvError {
    /// A constant is not hex or is out of its range.
    #[error("GLV constant {0} is malformed or out of range")]
    BadConstant(&'static str),
    /// The order n does not fit four words.
    #[error("the GLV split here needs n < 2^256")]
    OrderTooLarge,
}

impl<F: Field> Glv<F> {
    /// Bind `c` to the field `F` and the group order `n` (little-endian words).
    pub fn new(c: &GlvConstants, n: &[u64]) -> Result<Self, GlvError> {
        if bit_len(n) > 64 * W {
            return Err(GlvError::OrderTooLarge);
        }
        let mut n4 = [0u64; W];
        n4[..n.len().min(W)].copy_from_slice(&n[..n.len().min(W)]);
        let mut beta_words = scalar_from_hex(c.beta).map_err(|_| GlvError::BadConstant("β"))?;
        if beta_words.len() > F::BYTES.div_ceil(8) {
            return Err(GlvError::BadConstant("β"));
        }
        beta_words.resize(F::BYTES.div_ceil(8), 0);
        let beta = F::from_bytes(&words_to_be(&beta_words, F::BYTES))
            .map_err(|_| GlvError::BadConstant("β"))?;
        let lambda_words = scalar_from_hex(c.lambda).map_err(|_| GlvError::BadConstant("λ"))?;
        if bit_len(&lambda_words) > 64 * W || cmp_words(&lambda_words, &n4).is_ge() {
            return Err(GlvError::BadConstant("λ"));
        }
        let mut lambda = [0u64; W];
        lambda[..lambda_words.len()].copy_from_slice(&lambda_words);
        let entry = |hex| signed192(hex).ok_or(GlvError::BadConstant("basis"));
        let a = [entry(c.basis[0].0)?, entry(c.basis[1].0)?];
        let b = [entry(c.basis[0].1)?, entry(c.basis[1].1)?];
        let shift = bit_len(&n4) + 128;
        let quotient = |b: &I192| {
            scaled_quotient(&abs192(b).1, &n4, shift).ok_or(GlvError::BadConstant("basis"))
        };
        let g = [quotient(&b[1])?, quotient(&b[0])?];
        Ok(Glv {
            beta,
            n: n4,
            lambda,
            a,
            b,
            g,
            shift,
        })
    }

    /// β.
    pub fn beta(&self) -> F {
        self.beta
    }

    /// λ, little-endian words.
    pub fn lambda(&self) -> [u64; 4] {
        self.lambda
    }

    /// φ(P) = (β·x, y) = \[λ\]P on the subgroup of order n: one multiplication.
    pub fn phi(&self, p: &Affine<F>) -> Affine<F> {
        match *p {
            Affine::Infinity => Affine::Infinity,
            Affine::Point { x, y } => Affine::Point {
                x: x * self.beta,
                y,
            },
        }
    }

    /// k ≡ k1 + k2·λ (mod n) for k < n (module doc). `None` when k ≥ n or a half does
    /// not fit 128 bits (which the basis bounds rule out for secp256k1).
    pub fn split(&self, k: &[u64]) -> Option<GlvSplit> {
        if cmp_words(k, &self.n).is_ge() {
            return None;
        }
        let mut k4 = [0u64; W];
        k4[..k.len().min(W)].copy_from_slice(&k[..k.len().min(W)]);
        // c1 = round(k·b2/n), c2 = round(−k·b1/n), with the signs of b2 and −b1.
        let (neg_b2, _) = abs192(&self.b[1]);
        let (neg_b1, _) = abs192(&self.b[0]);
        let mut c1 = round_quotient(&k4, &self.g[0], self.shift);
        if neg_b2 {
            c1 = neg192(&c1);
        }
        let mut c2 = round_quotient(&k4, &self.g[1], self.shift);
        if !neg_b1 {
            c2 = neg192(&c2);
        }
        let k_low = [k4[0], k4[1], k4[2]];
        let k1 = add192(
            &k_low,
            &neg192(&add192(&mul192(&c1, &self.a[0]), &mul192(&c2, &self.a[1]))),
        );
        let k2 = neg192(&add192(&mul192(&c1, &self.b[0]), &mul192(&c2, &self.b[1])));
        let (neg1, m1) = abs192(&k1);
        let (neg2, m2) = abs192(&k2);
        if m1[2] != 0 || m2[2] != 0 {
            return None;
        }
        Some(GlvSplit {
            k1: u128::from(m1[0]) | u128::from(m1[1]) << 64,
            neg1,
            k2: u128::from(m2[0]) | u128::from(m2[1]) << 64,
            neg2,
        })
    }
}

/// \[k\]P for k < n and P in the subgroup of order n, by interleaved w-NAF on the two
/// halves (2 ≤ w ≤ 8): tables of P, 3P, …, (2^(w−1) − 1)P and their images under φ
/// (2^(w−2) multiplications by β; on a = 0 the table is affine on an isomorphic curve
/// and costs no inversion, see [`ShortWeierstrass::odd_multiples_iso`]), then about 128
/// doublings and 2·128/(w + 1) mixed additions on average. Variable-time.
pub fn glv_wnaf_mul<F: Field, A: AShape>(
    curve: &ShortWeierstrass<F, A>,
    glv: &Glv<F>,
    k: &[u64],
    p: &Affine<F>,
    w: usize,
) -> Result<Jacobian<F>, GlvMulError> {
    let s = glv.split(k).ok_or(GlvMulError::ScalarNotReduced)?;
    let w32 = u32::try_from(w).unwrap_or(u32::MAX);
    let (d1, d2) = wnaf_pair(s.k1, s.k2, w32)?;
    if p.is_infinity() {
        return Ok(Jacobian::infinity());
    }
    // On a = 0 the table comes without inversion, on an isomorphic curve (see
    // `odd_multiples_iso`), and the result is lifted back by Z·u at the end.
    let (base, u) = curve.odd_multiples_table(p, 1 << (w - 2));
    let signed = |neg: bool, q: Affine<F>| if neg { q.neg() } else { q };
    let t1: Vec<Affine<F>> = base.iter().map(|q| signed(s.neg1, *q)).collect();
    let t2: Vec<Affine<F>> = base.iter().map(|q| signed(s.neg2, glv.phi(q))).collect();
    let mut q = Jacobian::infinity();
    for i in (0..d1.len().max(d2.len())).rev() {
        curve.double_assign(&mut q);
        for (digits, table) in [(&d1, &t1), (&d2, &t2)] {
            match digits.get(i).copied().unwrap_or(0) {
                0 => {}
                d if d > 0 => curve.add_mixed_assign(&mut q, &table[(d as usize) / 2]),
                d => curve.add_mixed_assign(&mut q, &table[(-d as usize) / 2].neg()),
            }
        }
    }
    lift_from_isomorphic(&mut q, u);
    Ok(q)
}

/// Why [`glv_wnaf_mul`] refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GlvMulError {
    /// A width outside the w-NAF range.
    #[error(transparent)]
    Recode(#[from] RecodeError),
    /// k ≥ n: the caller reduces the scalar first.
    #[error("the GLV split needs a scalar reduced modulo n")]
    ScalarNotReduced,
}
