//! Optimal double-base chains (beyond seed 002): the cheapest way to reach k from a
//! small odd multiple by doublings, triplings and additions of small odd multiples
//! ±1, ±3, …, ±R, for given operation weights, found by dynamic programming in the
//! spirit of Bernstein–Birkner–Lange–Peters ("Optimizing double-base elliptic-curve
//! single-scalar multiplication", INDOCRYPT 2007).
//!
//! Every value an optimal chain passes through is ⌊k / 2^a·3^b⌋ + δ for a small offset δ
//! (|δ| ≤ R + 1): dividing v = q + δ by 2 after removing the digit r leaves
//! ⌊q/2⌋ + (q mod 2 + δ − r)/2, and likewise for 3. So the search runs over (a, b, δ) and
//! needs only q mod 6 and, for small q, q itself. Cost O(log² k · R²).

use super::{bits, RecodeError};

/// Weights of the chain's operations (any unit, e.g. field multiplications).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ChainWeights {
    /// A doubling.
    pub dbl: f64,
    /// A tripling.
    pub tpl: f64,
    /// Adding ±P (P affine: a mixed addition).
    pub add_one: f64,
    /// Adding ±cP for c ∈ {3, …, R} (a table point, re-added).
    pub add_table: f64,
}

/// One step of a chain: multiply by 2 or 3, then add `digit`·P (`digit` = 0: nothing).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ChainStep {
    /// 2 or 3.
    pub factor: u8,
    /// An odd digit in −R..=R, or 0.
    pub digit: i8,
}

/// A chain: k = (…((start·f₁ + d₁)·f₂ + d₂)…)·fₙ + dₙ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DbChain {
    /// The odd multiple the chain starts from (1 ≤ start ≤ R); 0 for k = 0.
    pub start: u8,
    /// The steps, first applied first.
    pub steps: Vec<ChainStep>,
}

/// Largest digit bound R accepted.
pub const OPT_MAX_DIGIT: u32 = 31;
/// Longest scalar [`optimal_db_chain`] takes: its table grows with the square of the
/// length (some 10^7 entries at this bound), and the curves using it stop at 521 bits.
pub const OPT_MAX_BITS: usize = 1024;

/// Floor quotients q(a, b) = ⌊k / 2^a·3^b⌋, kept as q mod 6 and, when it fits, q;
/// padded with [`PAD`] levels of q = 0 beyond the last nonzero one in each direction,
/// where the chain's small values (v = δ) live.
struct Quotients {
    rows: Vec<Vec<(u8, Option<u64>)>>,
}

/// Levels of q = 0 kept past the last nonzero quotient: enough to bring any value
/// v ≤ R + 1 down to an odd start by halvings and thirdings.
const PAD: usize = 7;

fn div_small(v: &mut [u64], d: u64) -> u64 {
    let mut rem = 0u128;
    for w in v.iter_mut().rev() {
        let cur = (rem << 64) | *w as u128;
        *w = (cur / d as u128) as u64;
        rem = cur % d as u128;
    }
    rem as u64
}

impl Quotients {
    fn new(k: &[u64]) -> Quotients {
        let mut rows = Vec::new();
        let mut by2 = k.to_vec();
        while bits(&by2) > 0 {
            let mut row = Vec::new();
            let mut q = by2.clone();
            while bits(&q) > 0 {
                let m6 = q
                    .iter()
                    .rev()
                    .fold(0u64, |r, &w| (((r as u128) << 64 | w as u128) % 6) as u64)
                    as u8;
                let small = if bits(&q) <= 64 { Some(q[0]) } else { None };
                row.push((m6, small));
                div_small(&mut q, 3);
            }
            row.extend([(0, Some(0)); PAD]);
            rows.push(row);
            div_small(&mut by2, 2);
        }
        rows.extend((0..PAD).map(|_| vec![(0, Some(0)); PAD]));
        Quotients { rows }
    }
    fn get(&self, a: usize, b: usize) -> Option<(u8, Option<u64>)> {
        self.rows.get(a).and_then(|r| r.get(b)).copied()
    }
}

/// The cheapest chain for k under `w` with digits ±1, ±3, …, ±r_max (r_max odd).
/// A k of more than [`OPT_MAX_BITS`] bits is [`RecodeError::ScalarTooLong`].
pub fn optimal_db_chain(k: &[u64], r_max: u32, w: &ChainWeights) -> Result<DbChain, RecodeError> {
    if r_max.is_multiple_of(2) || r_max > OPT_MAX_DIGIT {
        return Err(RecodeError::WidthOutOfRange {
            w: r_max,
            min: 1,
            max: OPT_MAX_DIGIT,
        });
    }
    if bits(k) > OPT_MAX_BITS {
        return Err(RecodeError::ScalarTooLong {
            max_bits: OPT_MAX_BITS,
        });
    }
    if bits(k) == 0 {
        return Ok(DbChain {
            start: 0,
            steps: Vec::new(),
        });
    }
    let q = Quotients::new(k);
    let r = r_max as i64;
    let span = r + 1; // δ ∈ [−span, span]
    let width = (2 * span + 1) as usize;
    // The digits d with d ≡ c (mod f), for f = 2 (index 0) and 3 (index 1).
    let classes: [Vec<Vec<i64>>; 2] = [2i64, 3].map(|f| {
        (0..f)
            .map(|c| {
                (-r..=r)
                    .filter(|d| (*d == 0 || d % 2 != 0) && d.rem_euclid(f) == c)
                    .collect()
            })
            .collect()
    });
    let add_cost = |d: i64| match d.unsigned_abs() {
        0 => 0.0,
        1 => w.add_one,
        _ => w.add_table,
    };
    // best[at(a, b) + δ + span] = (cost, factor, digit, child δ); factor 0 marks a start
    // value. One flat table: row a starts at offsets[a].
    let mut offsets = Vec::with_capacity(q.rows.len() + 1);
    let mut total = 0usize;
    for row in &q.rows {
        offsets.push(total);
        total += row.len() * width;
    }
    let at = |a: usize, b: usize| offsets[a] + b * width;
    let mut best = vec![(f64::INFINITY, 0u8, 0i8, 0i8); total];
    for a in (0..q.rows.len()).rev() {
        for b in (0..q.rows[a].len()).rev() {
            let (m6, small) = q.get(a, b).expect("in range");
            for di in 0..width {
                let delta = di as i64 - span;
                if let Some(s) = small {
                    let v = s as i128 + delta as i128;
                    if v <= 0 {
                        continue;
                    }
                    if v % 2 == 1 && v <= r as i128 {
                        best[at(a, b) + di] = (0.0, 0, 0, 0);
                        continue;
                    }
                }
                let mut cell = (f64::INFINITY, 0u8, 0i8, 0i8);
                for (fi, factor, na, nb, op) in
                    [(0, 2i64, a + 1, b, w.dbl), (1, 3, a, b + 1, w.tpl)]
                {
                    if q.get(na, nb).is_none() {
                        continue;
                    }
                    let rem = m6 as i64 % factor;
                    for &d in &classes[fi][(rem + delta).rem_euclid(factor) as usize] {
                        let nd = (rem + delta - d) / factor;
                        if nd.abs() > span {
                            continue;
                        }
                        let c = best[at(na, nb) + (nd + span) as usize].0 + op + add_cost(d);
                        if c < cell.0 {
                            cell = (c, factor as u8, d as i8, nd as i8);
                        }
                    }
                }
                best[at(a, b) + di] = cell;
            }
        }
    }
    let (mut a, mut b, mut di) = (0usize, 0usize, span as usize);
    let mut steps = Vec::new();
    loop {
        let (cost, factor, digit, next) = best[at(a, b) + di];
        if !cost.is_finite() {
            // Unreachable for k > 0: the binary chain (doublings, ±1) always exists.
            return Err(RecodeError::ScalarTooLong { max_bits: bits(k) });
        }
        if factor == 0 {
            let small = q
                .get(a, b)
                .and_then(|(_, s)| s)
                .expect("start values are small");
            steps.reverse();
            return Ok(DbChain {
                start: (small as i64 + di as i64 - span) as u8,
                steps,
            });
        }
        steps.push(ChainStep { factor, digit });
        if factor == 2 {
            a += 1;
        } else {
            b += 1;
        }
        di = (next as i64 + span) as usize;
    }
}

/// The value of a chain (for tests): `start`, then each step, as little-endian words.
pub fn chain_value(c: &DbChain) -> Vec<u64> {
    let mut v = vec![c.start as u64, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    for s in &c.steps {
        let mut carry = 0u128;
        for w in v.iter_mut() {
            let t = *w as u128 * s.factor as u128 + carry;
            *w = t as u64;
            carry = t >> 64;
        }
        let d = s.digit as i128;
        if d >= 0 {
            let mut c = d as u128;
            for w in v.iter_mut() {
                let t = *w as u128 + c;
                *w = t as u64;
                c = t >> 64;
            }
        } else {
            let mut borrow = (-d) as u64;
            for w in v.iter_mut() {
                let (x, b) = w.overflowing_sub(borrow);
                *w = x;
                borrow = b as u64;
            }
        }
    }
    while v.len() > 1 && v[v.len() - 1] == 0 {
        v.pop();
    }
    v
}
