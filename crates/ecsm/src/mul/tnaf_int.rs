//! Fixed-width arithmetic of the τ-adic methods ([`super::tnaf`],
//! [`super::tnaf_ct`]). The coefficients r0, r1 of ρ = r0 + r1·τ stay below about
//! 2^(m/2 + 4) in magnitude while ρ is recoded, so N = ⌈(m/2 + 12)/64⌉ words hold them
//! (2 for K-163 and K-233, 5 for K-571). The width is a const parameter so that a step
//! of the recoding is a few carry chains on registers: with the width read at run time
//! from a wider array, K-233's 234 steps took 9.8 µs, 42 ns a step.
//!
//! Every operation here runs the same instructions whatever the values, so the
//! constant-time recoding of `tnaf-ct` can use them on secret data.

use super::tnaf::{floor_div, mu_of, Constants};
use num_bigint::{BigInt, Sign};
use std::sync::Mutex;
use zeroize::Zeroizing;

/// Widest integer the recodings use: 8 words, m up to about 1000.
pub(crate) const MAX_WORDS: usize = 8;

/// Words enough for the coefficients of a ρ on a curve of degree m (with 8 bits to
/// spare), `None` past [`MAX_WORDS`].
pub(crate) fn words_for(m: usize) -> Option<usize> {
    let n = (m.div_ceil(2) + 2 + 1 + 8).div_ceil(64);
    (n <= MAX_WORDS).then_some(n)
}

/// A signed integer modulo 2^(64·N), least significant word first.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Wide<const N: usize>(pub(crate) [u64; N]);

impl<const N: usize> Wide<N> {
    /// x, or `None` when it does not fit in N words as a signed integer.
    pub(crate) fn from_big(x: &BigInt) -> Option<Self> {
        let (sign, mag) = x.to_u64_digits();
        if mag.len() > N || (mag.len() == N && mag[N - 1] >> 63 == 1) {
            return None;
        }
        let mut w = [0u64; N];
        w[..mag.len()].copy_from_slice(&mag);
        let w = Wide(w);
        Some(if sign == Sign::Minus { w.neg() } else { w })
    }

    /// v sign-extended, without a branch on its sign.
    #[inline(always)]
    pub(crate) fn from_i64(v: i64) -> Self {
        let mut w = [(v >> 63) as u64; N];
        w[0] = v as u64;
        Wide(w)
    }

    #[inline(always)]
    pub(crate) fn is_zero(&self) -> bool {
        self.0.iter().fold(0, |acc, &l| acc | l) == 0
    }

    /// −2^bits ≤ self < 2^bits, i.e. the value is its low word's, below 2^bits in
    /// magnitude (up to −2^bits).
    #[inline(always)]
    pub(crate) fn fits_i64_below(&self, bits: u32) -> bool {
        let s = (self.0[0] as i64) >> bits;
        (s == 0 || s == -1) && self.0[1..].iter().all(|&w| w == s as u64)
    }

    #[inline(always)]
    pub(crate) fn low(&self) -> u64 {
        self.0[0]
    }

    /// self + o modulo 2^(64·N).
    #[inline(always)]
    pub(crate) fn add(&self, o: &Self) -> Self {
        let mut r = [0u64; N];
        let mut carry = 0u64;
        for (i, ri) in r.iter_mut().enumerate() {
            let s = u128::from(self.0[i]) + u128::from(o.0[i]) + u128::from(carry);
            *ri = s as u64;
            carry = (s >> 64) as u64;
        }
        Wide(r)
    }

    /// self − o modulo 2^(64·N).
    #[inline(always)]
    pub(crate) fn sub(&self, o: &Self) -> Self {
        let mut r = [0u64; N];
        let mut borrow = 0u64;
        for (i, ri) in r.iter_mut().enumerate() {
            let d = u128::from(self.0[i])
                .wrapping_sub(u128::from(o.0[i]))
                .wrapping_sub(u128::from(borrow));
            *ri = d as u64;
            borrow = ((d >> 64) as u64) & 1;
        }
        Wide(r)
    }

    #[inline(always)]
    pub(crate) fn neg(&self) -> Self {
        Wide([0; N]).sub(self)
    }

    /// self·o modulo 2^(64·N): the low half of the schoolbook product, which is the
    /// product of the signed values too (two's complement).
    #[inline(always)]
    pub(crate) fn mul_low(&self, o: &Self) -> Self {
        let mut r = [0u64; N];
        for i in 0..N {
            let mut carry = 0u128;
            for j in 0..N - i {
                let t = u128::from(self.0[i]) * u128::from(o.0[j]) + u128::from(r[i + j]) + carry;
                r[i + j] = t as u64;
                carry = t >> 64;
            }
        }
        Wide(r)
    }

    /// ⌊self / 2⌋ (arithmetic shift right by one).
    #[inline(always)]
    pub(crate) fn half(&self) -> Self {
        self.shr(1)
    }

    /// ⌊self / 2^s⌋ for 0 < s < 64 (arithmetic shift right).
    #[inline(always)]
    pub(crate) fn shr(&self, s: usize) -> Self {
        let mut r = [0u64; N];
        for (i, ri) in r.iter_mut().enumerate() {
            let next = if i + 1 < N {
                self.0[i + 1]
            } else {
                ((self.0[N - 1] as i64) >> 63) as u64
            };
            *ri = (self.0[i] >> s) | (next << (64 - s));
        }
        Wide(r)
    }

    /// `b` where `mask` is all ones, `a` where it is zero, word by word.
    #[inline(always)]
    pub(crate) fn select(a: &Self, b: &Self, mask: u64) -> Self {
        let mut r = a.0;
        for (ri, bi) in r.iter_mut().zip(b.0) {
            *ri ^= (*ri ^ bi) & mask;
        }
        Wide(r)
    }
}

/// The Barrett reciprocals of one scalar length: R_i = round(2^L·s_i/N(γ)) as a sign and
/// magnitude words, with L = `shift`.
struct Reciprocals {
    m: usize,
    a2: u8,
    scalar_words: usize,
    shift: usize,
    r: [(bool, Vec<u64>); 2],
}

/// round(x/d) for d > 0, as (negative, magnitude words).
fn rounded_quotient(x: &BigInt, d: &BigInt) -> (bool, Vec<u64>) {
    let q = floor_div(&(2 * x + d), &(2 * d));
    let (sign, mag) = q.to_u64_digits();
    (sign == Sign::Minus, mag)
}

/// The reciprocals for (m, a2) and scalars of `scalar_words` words, derived once (from
/// public data) and kept.
fn reciprocals(c: &Constants, scalar_words: usize) -> &'static Reciprocals {
    static CACHE: Mutex<Vec<&'static Reciprocals>> = Mutex::new(Vec::new());
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(r) = cache
        .iter()
        .find(|r| r.m == c.m && r.a2 == c.a2 && r.scalar_words == scalar_words)
    {
        return r;
    }
    let shift = 64 * scalar_words + 5;
    let scale = BigInt::from(1) << shift;
    let r =
        [&c.gamma_conj.a, &c.gamma_conj.b].map(|s| rounded_quotient(&(&scale * s), &c.gamma_norm));
    let rec: &'static Reciprocals = Box::leak(Box::new(Reciprocals {
        m: c.m,
        a2: c.a2,
        scalar_words,
        shift,
        r,
    }));
    cache.push(rec);
    rec
}

/// ⌊(k·r + 2^(shift−1))/2^shift⌋ modulo 2^(64·N) for unsigned k and r: a schoolbook
/// product over the full lengths (no branch or address depends on k's value).
fn rounded_shift<const N: usize>(k: &[u64], r: &[u64], shift: usize) -> Wide<N> {
    let mut p = Zeroizing::new(vec![0u64; k.len() + r.len() + 1]);
    for (i, &ki) in k.iter().enumerate() {
        let mut carry = 0u128;
        for (j, &rj) in r.iter().enumerate() {
            let t = u128::from(ki) * u128::from(rj) + u128::from(p[i + j]) + carry;
            p[i + j] = t as u64;
            carry = t >> 64;
        }
        p[i + r.len()] = carry as u64;
    }
    let mut carry = 1u128 << ((shift - 1) % 64);
    for limb in &mut p[(shift - 1) / 64..] {
        let t = u128::from(*limb) + carry;
        *limb = t as u64;
        carry = t >> 64;
    }
    let (word, bit) = (shift / 64, shift % 64);
    let at = |i: usize| p.get(i).copied().unwrap_or(0);
    let mut out = [0u64; N];
    for (i, o) in out.iter_mut().enumerate() {
        *o = if bit == 0 {
            at(word + i)
        } else {
            (at(word + i) >> bit) | (at(word + i + 1) << (64 - bit))
        };
    }
    Wide(out)
}

/// γ = τ^m − 1 as (a, b) in N words.
pub(crate) fn gamma_words<const N: usize>(c: &Constants) -> (Wide<N>, Wide<N>) {
    let fit = |x: &BigInt| Wide::<N>::from_big(x).expect("τ^m − 1 fits the recoding width");
    (fit(&c.gamma.a), fit(&c.gamma.b))
}

/// ρ ≡ k (mod τ^m − 1) with N(ρ) < 1.13·#E (step 1 of `tnaf_ct`'s documentation), as
/// (r0, r1) modulo 2^(64·N), in time independent of k's value.
pub(crate) fn reduce<const N: usize>(c: &Constants, k: &[u64]) -> (Wide<N>, Wide<N>) {
    let rec = reciprocals(c, k.len());
    let q = rec.r.each_ref().map(|(neg, mag)| {
        let q = rounded_shift::<N>(k, mag, rec.shift);
        if *neg {
            q.neg()
        } else {
            q
        }
    });
    let (ga, gb) = gamma_words::<N>(c);
    let mut kk = [0u64; N];
    for (d, s) in kk.iter_mut().zip(k) {
        *d = *s;
    }
    let kk = Wide(kk);
    // ρ = k − (q0 + q1τ)(ga + gbτ), τ² = μτ − 2:
    // r0 = k − q0·ga + 2·q1·gb, r1 = −(q0·gb + q1·(ga + μ·gb)).
    let g_mu = if mu_of(c.a2) == 1 {
        ga.add(&gb)
    } else {
        ga.sub(&gb)
    };
    let two_q1_gb = q[1].mul_low(&gb).add(&q[1].mul_low(&gb));
    let r0 = kk.sub(&q[0].mul_low(&ga)).add(&two_q1_gb);
    let r1 = q[0].mul_low(&gb).add(&q[1].mul_low(&g_mu)).neg();
    (r0, r1)
}

/// Runs `$body` with the const `$n` bound to the width `$words` when it is 1..=8, else
/// evaluates `$none`.
macro_rules! with_width {
    ($words:expr, |$n:ident| $body:expr, $none:expr) => {
        match $words {
            1 => {
                const $n: usize = 1;
                $body
            }
            2 => {
                const $n: usize = 2;
                $body
            }
            3 => {
                const $n: usize = 3;
                $body
            }
            4 => {
                const $n: usize = 4;
                $body
            }
            5 => {
                const $n: usize = 5;
                $body
            }
            6 => {
                const $n: usize = 6;
                $body
            }
            7 => {
                const $n: usize = 7;
                $body
            }
            8 => {
                const $n: usize = 8;
                $body
            }
            _ => $none,
        }
    };
}
pub(crate) use with_width;
