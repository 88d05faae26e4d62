//! Three ways to compute x^e for a public exponent e (little-endian 64-bit words), generic
//! over [`Field`] so that [`crate::cost::Counted`] measures them. All are variable-time in
//! e, which is fine here: the exponents are fixed by the field ((p+1)/4 and the like).

use super::plan::{bit, bit_len, RepunitPlan};
use super::SqrtPlanError;
use crate::field::Field;

/// x^e by left-to-right square-and-multiply from the top set bit:
/// (⌊log2 e⌋)S + (popcount(e) − 1)M; x^0 = 1.
pub fn pow_binary<F: Field>(x: &F, e: &[u64]) -> F {
    let n = bit_len(e);
    if n == 0 {
        return F::one();
    }
    let mut r = *x;
    for i in (0..n - 1).rev() {
        r = r.square();
        if bit(e, i) {
            r *= *x;
        }
    }
    r
}

/// (squarings, multiplications) of [`pow_binary`] for exponent `e`, without running it.
pub fn binary_cost(e: &[u64]) -> (usize, usize) {
    let n = bit_len(e);
    let ones: usize = e.iter().map(|w| w.count_ones() as usize).sum();
    (n.saturating_sub(1), ones.saturating_sub(1))
}

/// (squarings, multiplications) of the sliding window of width `w` (see
/// [`pow_sliding_window`]) for exponent `e`, without running it: the same scan with
/// counters in place of field operations.
pub fn sliding_cost(e: &[u64], w: usize) -> (usize, usize) {
    let n = bit_len(e);
    if n == 0 || w == 0 {
        return (0, 0);
    }
    let (mut s, mut m) = if w > 1 {
        (1, (1 << (w - 1)) - 1)
    } else {
        (0, 0)
    };
    let mut first = true;
    let mut i = n;
    while i > 0 {
        let top = i - 1;
        if !bit(e, top) {
            s += 1;
            i -= 1;
            continue;
        }
        let mut low = (top + 1).saturating_sub(w);
        while !bit(e, low) {
            low += 1;
        }
        if !first {
            s += top + 1 - low;
            m += 1;
        }
        first = false;
        i = low;
    }
    (s, m)
}

/// Window width for an exponent of `bits` bits, by OpenSSL's heuristic (the macro
/// `BN_window_bits_for_exponent_size` in crypto/bn/bn_local.h, bn_lcl.h before 1.1.1):
/// more than 671 bits → 6, 239 → 5, 79 → 4, 23 → 3, otherwise 1.
pub fn sliding_window_bits(bits: usize) -> usize {
    if bits > 671 {
        6
    } else if bits > 239 {
        5
    } else if bits > 79 {
        4
    } else if bits > 23 {
        3
    } else {
        1
    }
}

/// x^e by the sliding-window method of OpenSSL's `BN_mod_exp_mont`, window width from
/// [`sliding_window_bits`].
pub fn pow_sliding<F: Field>(x: &F, e: &[u64]) -> F {
    sliding(x, e, sliding_window_bits(bit_len(e)))
}

/// Largest sliding window accepted by [`pow_sliding_window`] (a table of 2^15 powers).
pub const MAX_SLIDING_WINDOW: usize = 16;

/// x^e by a sliding window of `w` bits (1 ≤ w ≤ [`MAX_SLIDING_WINDOW`]).
///
/// The odd powers x, x³, …, x^(2^w − 1) are tabulated first (1S + (2^(w−1) − 1)M when
/// w > 1, as OpenSSL does whatever the exponent); then, from the top bit, each 0 bit costs
/// a squaring and each window — at most w bits, starting and ending with a 1 — costs as
/// many squarings as it has bits and one multiplication by its table entry. The first
/// window takes its entry without multiplying.
pub fn pow_sliding_window<F: Field>(x: &F, e: &[u64], w: usize) -> Result<F, SqrtPlanError> {
    if !(1..=MAX_SLIDING_WINDOW).contains(&w) {
        return Err(SqrtPlanError::BadWindow { bits: w });
    }
    Ok(sliding(x, e, w))
}

fn sliding<F: Field>(x: &F, e: &[u64], w: usize) -> F {
    let n = bit_len(e);
    if n == 0 {
        return F::one();
    }
    // table[j] = x^(2j + 1).
    let mut table = Vec::with_capacity(1 << (w - 1));
    table.push(*x);
    if w > 1 {
        let x2 = x.square();
        for j in 1..(1usize << (w - 1)) {
            let prev: F = table[j - 1];
            table.push(prev * x2);
        }
    }
    let mut acc: Option<F> = None;
    let mut i = n; // bits ≥ i are done
    while i > 0 {
        let top = i - 1;
        if !bit(e, top) {
            // The top bit of e is set, so acc is present by the time a 0 bit comes.
            acc = acc.map(|r| r.square());
            i -= 1;
            continue;
        }
        // The longest window top..=low of at most w bits that ends in a 1.
        let mut low = (top + 1).saturating_sub(w);
        while !bit(e, low) {
            low += 1;
        }
        let mut val = 0usize;
        for b in (low..=top).rev() {
            val = (val << 1) | usize::from(bit(e, b));
        }
        let entry = table[val >> 1];
        acc = Some(match acc {
            None => entry,
            Some(mut r) => {
                for _ in low..=top {
                    r = r.square();
                }
                r * entry
            }
        });
        i = low;
    }
    acc.expect("a nonzero exponent has a window")
}

/// x^e by seed 003's repunit-window method, following `plan` (built for e by
/// [`RepunitPlan::new`]): exactly `plan.squarings()` squarings and
/// `plan.multiplications()` multiplications.
pub fn pow_repunit<F: Field>(x: &F, plan: &RepunitPlan) -> F {
    let windows = plan.windows();
    let Some(first) = windows.first() else {
        return F::one();
    };
    // pows[i] = x^(w_v) for the i-th chain value v; w_{a+b} = w_a·2^b + w_b (Brauer).
    // On the stack for the chains of the named curves (a heap allocation was about 1 %
    // of a P-256 decompression); a longer searched chain takes a vector.
    const ON_STACK: usize = 24;
    let chain = plan.chain();
    let len = chain.steps.len() + 1;
    let mut stack = [F::zero(); ON_STACK];
    let mut heap = Vec::new();
    let pows: &mut [F] = if len <= ON_STACK {
        &mut stack[..len]
    } else {
        heap.resize(len, F::zero());
        &mut heap
    };
    pows[0] = *x;
    for (i, (&(_, b), &(ia, ib))) in chain.steps.iter().zip(plan.step_index()).enumerate() {
        pows[i + 1] = pows[ia].square_n(usize::from(b)) * pows[ib];
    }
    let idx = plan.window_index();
    let mut r = pows[idx[0]];
    let mut shift = first.shift;
    for (win, &k) in windows.iter().zip(idx).skip(1) {
        // Square across the zeros between the windows and the window's own bits.
        r = r.square_n(shift.saturating_sub(win.shift) as usize);
        r *= pows[k];
        shift = win.shift;
    }
    r.square_n(shift as usize)
}
