//! k mod n for scalars of any length, in time that depends on the lengths of k and n
//! only: the reduction that the prime curves' `glv`, seed-002 and constant-time methods
//! (and so `ecdh`) and every Edwards multiplication apply to the scalar first.
//!
//! Barrett's reduction (Menezes–van Oorschot–Vanstone, *Handbook of Applied
//! Cryptography*, Alg. 14.42) with base b = 2^64 and L = the word count of n: for
//! x < b^(2L), q = ⌊⌊x / b^(L−1)⌋·μ / b^(L+1)⌋ with μ = ⌊b^(2L) / n⌋ is at most 2 below
//! ⌊x / n⌋, so x − q·n lies in [0, 3n) and two masked subtractions of n finish it. A
//! scalar longer than L words is taken L words at a time from the top, each step reducing
//! acc·b^L + chunk < n·b^L ≤ b^(2L). Every loop runs a number of times fixed by the two
//! lengths, and the subtractions are selected by masks that pass through
//! [`crate::backend::barrier::opaque`].
//!
//! It replaced a bit-serial reduction (one trial subtraction per bit of k): secp256k1
//! `glv:w=5` went 34.3 → 30.7 µs (`farm-bench`, 2026-11-28). A 256-bit scalar now costs
//! one Barrett step, a 5 × 6-word product and a 5 × 4-word one cut to 5 words.

use crate::backend::barrier::opaque;
use crate::field::prime::limbs::sbb;
use zeroize::Zeroizing;

/// A modulus n ≥ 1 with its Barrett constant, built once per curve.
#[derive(Debug, Clone)]
pub struct ScalarModulus {
    /// n without its zero top words (L words, the top one nonzero).
    n: Vec<u64>,
    /// μ = ⌊b^(2L) / n⌋, L + 2 words (it needs the second extra word only when n is a
    /// power of b).
    mu: Vec<u64>,
    /// The word count of the results: n's as given, zero top words included, so that a
    /// caller gets the length it passed.
    out_len: usize,
}

impl ScalarModulus {
    /// The modulus n (little-endian words, zero top words allowed), or `None` when n = 0.
    pub fn new(n: &[u64]) -> Option<Self> {
        let len = n.iter().rposition(|&w| w != 0)? + 1;
        let trimmed = n[..len].to_vec();
        let mu = barrett_mu(&trimmed);
        Some(ScalarModulus {
            n: trimmed,
            mu,
            out_len: n.len(),
        })
    }

    /// n, without zero top words.
    pub fn modulus(&self) -> &[u64] {
        &self.n
    }

    /// k mod n, as many words as the n given to [`ScalarModulus::new`]. The time depends
    /// on k.len() and n only; the scratch holding values derived from k is wiped before
    /// return, and the result is wiped when the caller drops it.
    pub fn reduce(&self, k: &[u64]) -> Zeroizing<Vec<u64>> {
        let l = self.n.len();
        // Scratch: x (2L), q1·μ (2L + 3), q3·n truncated (L + 1), and the remainder (L + 1).
        let mut scratch = Zeroizing::new(vec![0u64; 6 * l + 5]);
        let (x, rest) = scratch.split_at_mut(2 * l);
        let (q2, rest) = rest.split_at_mut(2 * l + 3);
        let (r2, rem) = rest.split_at_mut(l + 1);
        let chunks = k.len().div_ceil(l);
        for c in (0..chunks).rev() {
            // x = acc·b^L + chunk c of k; acc (the previous remainder) is already in
            // x's low half and moves up.
            x.copy_within(0..l, l);
            for (i, xi) in x[..l].iter_mut().enumerate() {
                *xi = k.get(c * l + i).copied().unwrap_or(0);
            }
            self.reduce_wide(x, q2, r2, rem);
            x[..l].copy_from_slice(&rem[..l]);
        }
        let mut out = Zeroizing::new(vec![0u64; self.out_len]);
        out[..l].copy_from_slice(&x[..l]);
        out
    }

    /// rem[..L] = x mod n for x < b^(2L) (x has 2L words). q2, r2 and rem are scratch of
    /// 2L + 3, L + 1 and L + 1 words.
    fn reduce_wide(&self, x: &[u64], q2: &mut [u64], r2: &mut [u64], rem: &mut [u64]) {
        let l = self.n.len();
        // q2 = q1·μ with q1 = ⌊x / b^(L−1)⌋ (L + 1 words) and μ (L + 2 words).
        mul_into(q2, &x[l - 1..], &self.mu);
        // q3 = ⌊q2 / b^(L+1)⌋ < b^(L+1); r2 = q3·n mod b^(L+1).
        let q3 = &q2[l + 1..2 * l + 2];
        mul_low_into(r2, q3, &self.n);
        // rem = x − r2 mod b^(L+1): the true difference, below 3n < b^(L+1).
        let mut borrow = 0u64;
        for i in 0..=l {
            (rem[i], borrow) = sbb(x[i], r2[i], borrow);
        }
        for _ in 0..2 {
            self.sub_n_if_ge(rem);
        }
    }

    /// rem ← rem − n when rem ≥ n (rem has L + 1 words), without a branch on rem: a
    /// first pass finds the borrow of the trial difference, a second subtracts n masked
    /// by it (no second buffer holds a value derived from k).
    fn sub_n_if_ge(&self, rem: &mut [u64]) {
        let n_at = |i: usize| self.n.get(i).copied().unwrap_or(0);
        let mut borrow = 0u64;
        for (i, &r) in rem.iter().enumerate() {
            borrow = sbb(r, n_at(i), borrow).1;
        }
        // All ones when rem ≥ n (no borrow out).
        let take = opaque(borrow.wrapping_sub(1));
        let mut borrow = 0u64;
        for (i, r) in rem.iter_mut().enumerate() {
            (*r, borrow) = sbb(*r, n_at(i) & take, borrow);
        }
    }
}

/// out = a·b mod b^(out.len()), schoolbook (out has room for the full product or is
/// truncated by its length).
fn mul_low_into(out: &mut [u64], a: &[u64], b: &[u64]) {
    out.fill(0);
    let m = out.len();
    for (i, &ai) in a.iter().enumerate().take(m) {
        let mut carry = 0u64;
        for (j, &bj) in b.iter().enumerate().take(m - i) {
            let t = u128::from(ai) * u128::from(bj) + u128::from(out[i + j]) + u128::from(carry);
            out[i + j] = t as u64;
            carry = (t >> 64) as u64;
        }
        if i + b.len() < m {
            out[i + b.len()] = carry;
        }
    }
}

/// out = a·b in full (out.len() ≥ a.len() + b.len()).
fn mul_into(out: &mut [u64], a: &[u64], b: &[u64]) {
    debug_assert!(out.len() >= a.len() + b.len());
    mul_low_into(out, a, b);
}

/// ⌊b^(2L) / n⌋ (L + 2 words) by binary long division: public data, once per modulus.
fn barrett_mu(n: &[u64]) -> Vec<u64> {
    let l = n.len();
    // The quotient is below b^(L+1) + 1; the buffer has room for every bit position the
    // loop visits, and is cut to L + 2 words at the end.
    let mut q = vec![0u64; 2 * l + 1];
    // rem < n ≤ b^L between steps, so L + 1 words hold 2·rem + 1.
    let mut rem = vec![0u64; l + 1];
    let ext: Vec<u64> = n.iter().copied().chain([0]).collect();
    for i in (0..=128 * l).rev() {
        let top_bit = u64::from(i == 128 * l);
        let mut carry = top_bit;
        for w in rem.iter_mut() {
            let out = *w >> 63;
            *w = (*w << 1) | carry;
            carry = out;
        }
        if crate::mul::cmp_words(&rem, &ext).is_ge() {
            let mut borrow = 0;
            for (r, &m) in rem.iter_mut().zip(&ext) {
                (*r, borrow) = sbb(*r, m, borrow);
            }
            q[i / 64] |= 1 << (i % 64);
        }
    }
    q.truncate(l + 2);
    q
}
