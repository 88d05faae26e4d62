//! Tonelli–Shanks for p ≡ 1 (mod 8), with the discrete logarithm in the 2^s-torsion taken
//! w bits at a time from precomputed tables (the table-driven variant of Bernstein,
//! *Faster square roots in annoying finite fields*, 2001).
//!
//! With p − 1 = 2^s·q (q odd), a fixed non-residue z and g = z^q of order 2^s: for x ≠ 0,
//! t = x^((q−1)/2), r = x·t = x^((q+1)/2) and u = r·t = x^q, so r² = x·u and u = g^e for
//! some e < 2^s. x is a square exactly when e is even, and then (r·g^(−e/2))² = x.
//!
//! e is found in digits d_i of n_i bits (w bits each, the top one possibly shorter), from
//! the least significant up: with o_i the offset of digit i,
//! v_i = u^(2^(s − o_i − n_i)) = g^(e·2^(s − o_i − n_i)) involves only the digits up to i;
//! multiplying out the known ones leaves g^(d_i·2^(s − n_i)), a 2^w-th root of unity found
//! in a table of 2^w entries. Cost, fixed whatever x: s − n₀ squarings for the v_i,
//! k(k − 1)/2 multiplications for the corrections and k for g^(−e/2) (k digits), against
//! about s²/4 squarings for the classical loop (2409S + 107M on average for P-224, s = 96,
//! measured, against 91S + 212M here, both beside the same x^((q−1)/2)).

use crate::field::Field;

/// Digit width w for 2-adicity s: 5 bits (or s, if smaller). Tables hold about
/// 2·⌈s/w⌉·2^w elements (1.8·10³ for P-224); w = 5 balances their size against the
/// k(k − 1)/2 correction multiplications (190 for s = 96, against 276 with w = 4).
pub const fn ts_window(s: usize) -> usize {
    if s < 5 {
        s
    } else {
        5
    }
}

/// (squarings, multiplications) of [`TsTables::sqrt`] beside the exponentiation: the
/// fixed cost stated in the module documentation, plus the 2M for r and u.
pub(crate) fn ts_cost(s: usize) -> (usize, usize) {
    let w = ts_window(s);
    let k = s.div_ceil(w);
    (s - w, 2 + k * (k - 1) / 2 + k)
}

/// The tables of one field (see the module documentation).
pub(crate) struct TsTables<F> {
    s: usize,
    w: usize,
    /// Digit widths n_i, least significant first, and offsets o_i.
    widths: Vec<usize>,
    offsets: Vec<usize>,
    /// lookup[j] = ω^j, ω = g^(2^(s − w)) a primitive 2^w-th root of unity.
    lookup: Vec<F>,
    /// neg[σ][d] = g^(−d·2^σ) for d < 2^w, filled only for the σ the algorithm uses.
    neg: Vec<Vec<F>>,
}

impl<F: Field> TsTables<F> {
    /// Tables for g = z^q of order 2^s (s ≥ 1).
    pub(crate) fn new(g: F, s: usize) -> Self {
        let w = ts_window(s);
        let k = s.div_ceil(w);
        let widths: Vec<usize> = (0..k).map(|i| w.min(s - i * w)).collect();
        let offsets: Vec<usize> = (0..k).map(|i| i * w).collect();
        let mut needed = vec![false; s];
        for i in 0..k {
            for l in 0..i {
                needed[s - offsets[i] - widths[i] + offsets[l]] = true;
            }
        }
        needed[0] = true;
        for &o in &offsets[1..] {
            needed[o - 1] = true;
        }
        // g⁻¹ = g^(2^s − 1): the product of g^(2^j), j < s.
        let mut g_pow = g;
        let mut g_inv = F::one();
        for _ in 0..s {
            g_inv *= g_pow;
            g_pow = g_pow.square();
        }
        let mut neg = Vec::with_capacity(s);
        let mut base = g_inv; // g^(−2^σ)
        for &want in &needed {
            neg.push(if want {
                powers(base, 1 << w)
            } else {
                Vec::new()
            });
            base = base.square();
        }
        let mut omega = g;
        for _ in 0..s - w {
            omega = omega.square();
        }
        TsTables {
            s,
            w,
            widths,
            offsets,
            lookup: powers(omega, 1 << w),
            neg,
        }
    }

    /// A square root of x ≠ 0, or `None` when x is not a square. `pow` raises to
    /// (q − 1)/2. The caller checks the root by squaring it.
    pub(crate) fn sqrt(&self, x: &F, pow: impl Fn(&F) -> F) -> Option<F> {
        let (s, w) = (self.s, self.w);
        let k = self.widths.len();
        let t = pow(x);
        let r = *x * t;
        let u = r * t;
        // v[i] = u^(2^(s − o_i − n_i)); the exponents fall with i, down to 0 for the last.
        let mut v = vec![u; k];
        let mut cur = u;
        let mut exp = 0;
        for i in (0..k).rev() {
            while exp < s - self.offsets[i] - self.widths[i] {
                cur = cur.square();
                exp += 1;
            }
            v[i] = cur;
        }
        let mut d = vec![0usize; k];
        for i in 0..k {
            let top = s - self.offsets[i] - self.widths[i];
            let mut c = v[i];
            for l in 0..i {
                c *= self.neg[top + self.offsets[l]][d[l]];
            }
            // c = ω^(d_i·2^(w − n_i)).
            let j = self.lookup.iter().position(|e| *e == c)?;
            let shift = w - self.widths[i];
            if j & ((1 << shift) - 1) != 0 {
                return None;
            }
            d[i] = j >> shift;
        }
        if d[0] & 1 == 1 {
            return None;
        }
        // r·g^(−e/2), e/2 = d_0/2 + Σ_{l ≥ 1} d_l·2^(o_l − 1).
        let mut y = r * self.neg[0][d[0] >> 1];
        for l in 1..k {
            y *= self.neg[self.offsets[l] - 1][d[l]];
        }
        Some(y)
    }
}

/// b^0, b^1, …, b^(n−1).
fn powers<F: Field>(b: F, n: usize) -> Vec<F> {
    let mut out = Vec::with_capacity(n);
    out.push(F::one());
    for i in 1..n {
        let prev: F = out[i - 1];
        out.push(prev * b);
    }
    out
}
