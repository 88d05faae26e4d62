//! Double-base expansions k = Σ sᵢ·2^bᵢ·Bⱼᵢ (seed 002), the second base being the powers
//! of 3 (DBNS, §2.2) or the Fibonacci numbers (binary/Zeckendorf, BZNS, §4.2):
//!
//! - [`dbns_greedy`]: the greedy expansion with bounds b ≤ b_max, t ≤ t_max that
//!   Yao-DBNS evaluates (§3.2): take the 2^b·3^t closest to k, continue with |k − 2^b·3^t|;
//! - [`db_chain`]: the double-base chain of the seed's Algorithm 1, the same greedy step
//!   with the bounds lowered to each chosen (b, t), so that both exponents never increase
//!   and a Horner scheme evaluates it;
//! - [`bzns_greedy`]: the greedy binary/Zeckendorf expansion with b ≤ b_max, 2 ≤ Z ≤ Z_max.
//!
//! Variable time, like every recoding here that is not `regular_odd`: the greedy step
//! compares the scalar against every candidate.

use super::{bits, RecodeError};

/// One term sign·2^b·B_j of a double-base expansion: B_j = 3^j (DBNS, chains) or the
/// Fibonacci number F_j (BZNS, j ≥ 2).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DbTerm {
    /// +1 or −1.
    pub sign: i8,
    /// Exponent of 2.
    pub b: u32,
    /// Exponent of 3 (DBNS) or Fibonacci index (BZNS).
    pub j: u32,
}

/// The second base of an expansion.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SecondBase {
    /// B_j = 3^j, j ≥ 0.
    Three,
    /// B_j = F_j (F_1 = F_2 = 1, F_3 = 2, …), j ≥ 2.
    Fibonacci,
}

impl SecondBase {
    /// The smallest index used.
    pub fn first(self) -> u32 {
        match self {
            SecondBase::Three => 0,
            SecondBase::Fibonacci => 2,
        }
    }
}

/// Largest exponent of 2 accepted.
pub const DB_MAX_B: u32 = 4096;
/// Largest exponent of 3 accepted.
pub const DB_MAX_T: u32 = 2600;
/// Largest Fibonacci index accepted.
pub const DB_MAX_Z: u32 = 5900;

/// The bounds in use, checked against the scalar.
fn check(
    k: &[u64],
    base: SecondBase,
    b_max: u32,
    j_max: u32,
) -> Result<Vec<Vec<u64>>, RecodeError> {
    let j_limit = match base {
        SecondBase::Three => DB_MAX_T,
        SecondBase::Fibonacci => DB_MAX_Z,
    };
    if b_max > DB_MAX_B || j_max > j_limit || j_max < base.first() {
        return Err(RecodeError::BoundOutOfRange {
            b_max,
            j_max,
            max_b: DB_MAX_B,
            min_j: base.first(),
            max_j: j_limit,
        });
    }
    let words = k.len().max(1) + (b_max as usize + 2 * j_max as usize) / 64 + 2;
    let table = second_base_table(base, j_max, words);
    // 2^b_max · B_j_max must reach the scalar's length, or the greedy steps would need
    // about k / (2^b_max · B_j_max) terms.
    if bits(&table[j_max as usize]) + (b_max as usize) < bits(k) {
        return Err(RecodeError::BoundsTooSmall {
            b_max,
            j_max,
            bits: bits(k),
        });
    }
    Ok(table)
}

/// B_0, …, B_j_max as `words`-word integers: 3^j, or F_j (F_0 = 0, F_1 = 1).
fn second_base_table(base: SecondBase, j_max: u32, words: usize) -> Vec<Vec<u64>> {
    let mut table: Vec<Vec<u64>> = Vec::with_capacity(j_max as usize + 1);
    let mut first = vec![0u64; words];
    first[0] = (base == SecondBase::Three) as u64;
    table.push(first);
    for j in 1..=j_max as usize {
        let next = match base {
            SecondBase::Three => add(&add(&table[j - 1], &table[j - 1]), &table[j - 1]),
            SecondBase::Fibonacci if j == 1 => {
                let mut one = vec![0u64; words];
                one[0] = 1;
                one
            }
            SecondBase::Fibonacci => add(&table[j - 1], &table[j - 2]),
        };
        table.push(next);
    }
    table
}

fn add(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut carry = 0u64;
    a.iter()
        .zip(b)
        .map(|(&x, &y)| {
            let (s1, c1) = x.overflowing_add(y);
            let (s2, c2) = s1.overflowing_add(carry);
            carry = (c1 | c2) as u64;
            s2
        })
        .collect()
}

/// a − b for a ≥ b (same length).
fn sub_into(a: &[u64], b: &[u64], out: &mut [u64]) {
    let mut borrow = 0u64;
    for i in 0..a.len() {
        let (d1, b1) = a[i].overflowing_sub(b[i]);
        let (d2, b2) = d1.overflowing_sub(borrow);
        out[i] = d2;
        borrow = (b1 | b2) as u64;
    }
}

fn cmp(a: &[u64], b: &[u64]) -> core::cmp::Ordering {
    for i in (0..a.len()).rev() {
        match a[i].cmp(&b[i]) {
            core::cmp::Ordering::Equal => {}
            o => return o,
        }
    }
    core::cmp::Ordering::Equal
}

/// out = c · 2^s (the caller sized `out` so nothing is lost).
fn shl_into(c: &[u64], s: usize, out: &mut [u64]) {
    let (ws, bs) = (s / 64, s % 64);
    out.fill(0);
    for i in (0..c.len()).rev() {
        if c[i] == 0 || i + ws >= out.len() {
            continue;
        }
        out[i + ws] |= c[i] << bs;
        if bs != 0 && i + ws + 1 < out.len() {
            out[i + ws + 1] |= c[i] >> (64 - bs);
        }
    }
}

/// Every candidate term for the remainder `rem`: for each first ≤ j ≤ j_max, the
/// multiples B_j·2^b just below and just above `rem` within b ≤ b_max, as (b, j, over)
/// in `out` (`over` when the term exceeds `rem`) and |rem − B_j·2^b| in `dists`, one
/// `rem.len()`-word slot each. In order of j, then b.
fn candidates(
    rem: &[u64],
    table: &[Vec<u64>],
    (first, b_max, j_max): (u32, u32, u32),
    z: &mut [u64],
    out: &mut Vec<(u32, u32, bool)>,
    dists: &mut Vec<u64>,
) {
    out.clear();
    dists.clear();
    let w = rem.len();
    for j in first..=j_max {
        let c = &table[j as usize];
        let (lo, hi) = if cmp(c, rem).is_gt() {
            (None, Some(0))
        } else {
            let mut lb = (bits(rem) - bits(c)) as u32;
            shl_into(c, lb as usize, z);
            if cmp(z, rem).is_gt() {
                lb -= 1;
            }
            if lb >= b_max {
                (Some(b_max), None)
            } else {
                (Some(lb), Some(lb + 1))
            }
        };
        for b in lo.into_iter().chain(hi) {
            shl_into(c, b as usize, z);
            let over = cmp(z, rem).is_gt();
            dists.resize(dists.len() + w, 0);
            let dist = &mut dists[out.len() * w..];
            if over {
                sub_into(z, rem, dist);
            } else {
                sub_into(rem, z, dist);
            }
            out.push((b, j, over));
        }
    }
}

/// The greedy expansion: repeatedly the 2^b·B_j (b ≤ b_max, first ≤ j ≤ j_max) closest
/// to the remainder (ties: the first candidate); with `chain`, the bounds drop to each
/// chosen (b, j).
fn greedy(
    k: &[u64],
    base: SecondBase,
    mut b_max: u32,
    mut j_max: u32,
    chain: bool,
) -> Result<Vec<DbTerm>, RecodeError> {
    let table = check(k, base, b_max, j_max)?;
    let words = table[0].len();
    let mut rem = vec![0u64; words];
    rem[..k.len()].copy_from_slice(k);
    let (mut z, mut cands, mut dists) = (vec![0u64; words], Vec::new(), Vec::new());
    let mut sign = 1i8;
    let mut terms = Vec::new();
    while bits(&rem) != 0 {
        let bounds = (base.first(), b_max, j_max);
        candidates(&rem, &table, bounds, &mut z, &mut cands, &mut dists);
        let dist = |i: usize| &dists[i * words..(i + 1) * words];
        let best = (1..cands.len()).fold(0, |best, i| {
            if cmp(dist(i), dist(best)).is_lt() {
                i
            } else {
                best
            }
        });
        let (b, j, over) = cands[best];
        terms.push(DbTerm { sign, b, j });
        if over {
            sign = -sign;
        }
        rem.copy_from_slice(dist(best));
        if chain {
            b_max = b;
            j_max = j;
        }
    }
    Ok(terms)
}

/// Largest beam width accepted by [`dbns_beam`] and [`bzns_beam`].
pub const DB_MAX_BEAM: u32 = 64;

/// A beam search for a shorter expansion than the greedy one (beyond the seed): each
/// step extends every kept partial expansion by each candidate term (the nearest
/// 2^b·B_j below and above the remainder, for every j) and keeps the `width` distinct
/// remainders that are smallest; the first expansion to reach 0 is returned. Width 1 is
/// [`greedy`] exactly (same candidates, same ties); a wider beam never returns more
/// terms than the greedy path it contains, unless that path was displaced by paths
/// with smaller remainders.
fn beam(
    k: &[u64],
    base: SecondBase,
    b_max: u32,
    j_max: u32,
    width: u32,
) -> Result<Vec<DbTerm>, RecodeError> {
    if width == 0 || width > DB_MAX_BEAM {
        return Err(RecodeError::BeamOutOfRange {
            width,
            max: DB_MAX_BEAM,
        });
    }
    let table = check(k, base, b_max, j_max)?;
    let words = table[0].len();
    let mut start = vec![0u64; words];
    start[..k.len()].copy_from_slice(k);
    // (remainder, sign of the next term, terms so far)
    let mut states: Vec<(Vec<u64>, i8, Vec<DbTerm>)> = vec![(start, 1, Vec::new())];
    let (mut z, mut cands, mut dists) = (vec![0u64; words], Vec::new(), Vec::new());
    loop {
        if let Some(done) = states.iter().find(|s| bits(&s.0) == 0) {
            return Ok(done.2.clone());
        }
        // Every extension of every state: its remainder in `rems` (a flat buffer, one
        // `words` slot each) and (state, b, j, over) in `meta`.
        let (mut rems, mut meta) = (Vec::new(), Vec::new());
        for (i, (rem, _, _)) in states.iter().enumerate() {
            let bounds = (base.first(), b_max, j_max);
            candidates(rem, &table, bounds, &mut z, &mut cands, &mut dists);
            rems.extend_from_slice(&dists);
            meta.extend(cands.iter().map(|&(b, j, over)| (i, b, j, over)));
        }
        let rem = |x: usize| &rems[x * words..(x + 1) * words];
        // Ordered by remainder, ties by position (earlier state and candidate first), and
        // one extension per distinct remainder: the `width` first are kept. A partial
        // selection of 4·width first avoids sorting thousands of extensions (most of
        // the cost at width 32); it falls back to the full sort when duplicates leave
        // fewer than `width` in it, so the result is the full sort's either way.
        let by = |a: &usize, b: &usize| cmp(rem(*a), rem(*b)).then(a.cmp(b));
        let keep = 4 * width as usize;
        let mut best: Vec<usize> = (0..meta.len()).collect();
        if keep < meta.len() {
            best.select_nth_unstable_by(keep - 1, by);
            best.truncate(keep);
        }
        best.sort_unstable_by(by);
        best.dedup_by(|a, b| cmp(rem(*a), rem(*b)).is_eq());
        if best.len() < width as usize && keep < meta.len() {
            let mut order: Vec<usize> = (0..meta.len()).collect();
            order.sort_unstable_by(by);
            order.dedup_by(|a, b| cmp(rem(*a), rem(*b)).is_eq());
            best = order;
        }
        best.truncate(width as usize);
        states = best
            .into_iter()
            .map(|x| {
                let (i, b, j, over) = meta[x];
                let (_, sign, terms) = &states[i];
                let mut terms = terms.clone();
                terms.push(DbTerm { sign: *sign, b, j });
                (rem(x).to_vec(), if over { -sign } else { *sign }, terms)
            })
            .collect();
    }
}

/// A DBNS expansion with the bounds of [`dbns_greedy`], found by a beam search (beyond
/// the seed): each step extends each of the `width` partial expansions with the smallest
/// remainders by every candidate term (the nearest 2^b·3^t below and above the remainder,
/// for every t), and the first expansion to reach 0 is returned. `width` = 1 is
/// [`dbns_greedy`], term for term; `width` above [`DB_MAX_BEAM`] is an error.
pub fn dbns_beam(
    k: &[u64],
    b_max: u32,
    t_max: u32,
    width: u32,
) -> Result<Vec<DbTerm>, RecodeError> {
    beam(k, SecondBase::Three, b_max, t_max, width)
}

/// A binary/Zeckendorf expansion with the bounds of [`bzns_greedy`], found by the beam
/// search of [`dbns_beam`] over the terms 2^b·F_z; `width` = 1 is [`bzns_greedy`].
pub fn bzns_beam(
    k: &[u64],
    b_max: u32,
    z_max: u32,
    width: u32,
) -> Result<Vec<DbTerm>, RecodeError> {
    beam(k, SecondBase::Fibonacci, b_max, z_max, width)
}

/// Greedy DBNS expansion k = Σ ±2^b·3^t with b ≤ b_max and t ≤ t_max (seed 002, §2.2 and
/// §3.2). Each step takes the 2^b·3^t nearest to the remainder (ties to the first
/// found: smallest index, then smaller b), so the remainder strictly falls. Errors when the bounds are out of
/// range or 2^b_max·3^t_max is shorter than k.
pub fn dbns_greedy(k: &[u64], b_max: u32, t_max: u32) -> Result<Vec<DbTerm>, RecodeError> {
    greedy(k, SecondBase::Three, b_max, t_max, false)
}

/// Double-base chain by the seed's Algorithm 1: the greedy step with (b_max, t_max) set
/// to each chosen (b, t), so both sequences of exponents are non-increasing.
pub fn db_chain(k: &[u64], b_max: u32, t_max: u32) -> Result<Vec<DbTerm>, RecodeError> {
    greedy(k, SecondBase::Three, b_max, t_max, true)
}

/// Greedy binary/Zeckendorf expansion k = Σ ±2^b·F_Z with b ≤ b_max and 2 ≤ Z ≤ Z_max
/// (seed 002, §4.2).
pub fn bzns_greedy(k: &[u64], b_max: u32, z_max: u32) -> Result<Vec<DbTerm>, RecodeError> {
    greedy(k, SecondBase::Fibonacci, b_max, z_max, false)
}

/// Bit length of 2^b_max·B_j_max: the scalar size the bounds reach (for bound checks
/// by callers, e.g. the sweep's parameter grid).
pub fn bound_bits(base: SecondBase, b_max: u32, j_max: u32) -> usize {
    let words = (2 * j_max as usize) / 64 + 2;
    let table = second_base_table(base, j_max, words);
    bits(&table[j_max as usize]) + b_max as usize
}
