//! Offline search for short addition sequences over repunit lengths (seed 003, "Do Offline").
//!
//! Writing w_j = 2^j − 1 for the repunit of length j, Brauer's identity
//! w_{a+b} = w_a·2^b + w_b = w_b·2^a + w_a turns an addition sequence on the *lengths*
//! into an evaluation of x^(w_ℓ) for every length ℓ in it: a step a + b costs one
//! multiplication and min(a, b) squarings (square the power of the longer repunit by the
//! shorter length).
//!
//! # Cost model and objective
//!
//! A sequence 1 = v₀ < v₁ < … < v_L costs L multiplications and Σ_i cost(v_i) squarings,
//! where cost(v) is the smallest addend b over all splits v = a + b with a ≥ b in the
//! sequence. The search minimises **first L** (the multiplications: the seed's "shortest
//! addition sequence"), **then the squarings** among the shortest sequences. Lexicographic
//! rather than weighted because a multiplication never costs less than a squaring, and
//! because every sequence reaching its largest target t needs at least t − 1 squarings
//! anyway (each step raises the running maximum by at most its cost), so a shorter
//! sequence cannot lose much on squarings.
//!
//! # Search
//!
//! Iterative deepening over strictly increasing sequences whose values do not exceed the
//! largest target (sorting and dropping values above every target never lengthens a
//! sequence nor raises its cost, so this loses nothing), with three prunings:
//! - no value may jump over a target that is not yet in the sequence (values increase, so
//!   it could never be added later);
//! - from value v the next target t needs at least ⌈log2(t/v)⌉ more steps (a step at most
//!   doubles the maximum), and so on from target to target; the sum bounds the steps left;
//! - at the final depth, branch and bound on squarings: the maximum still has to grow to the
//!   largest target, which costs at least that difference.
//!
//! The first depth with any sequence is the shortest length, and the whole of that depth is
//! searched for the fewest squarings, so the result is optimal under the objective above
//! (unless a node budget runs out, which the outcome reports).

use super::SqrtPlanError;
use core::fmt;

/// Node budget of [`shortest_repunit_sequence`]: far above what the named primes need (the
/// largest measured search visits under a million nodes), low enough to end in seconds.
pub const DEFAULT_NODE_LIMIT: u64 = 200_000_000;

/// An addition sequence on repunit lengths, as the steps that evaluate it.
///
/// Step `(a, b)` produces length a + b by w_{a+b} = w_a·2^b + w_b: the power x^(w_a) is
/// squared b times and multiplied by x^(w_b). Both a and b must be 1 or lengths produced
/// by earlier steps.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RepunitChain {
    /// The steps in evaluation order.
    pub steps: Vec<(u16, u16)>,
}

impl RepunitChain {
    /// The sequence 1, a₁ + b₁, a₂ + b₂, … of lengths the steps produce. Assumes the
    /// steps are valid (see [`RepunitChain::validate`]).
    pub fn values(&self) -> Vec<u16> {
        let mut v = Vec::with_capacity(self.steps.len() + 1);
        v.push(1);
        v.extend(self.steps.iter().map(|&(a, b)| a + b));
        v
    }

    /// Number of steps, one multiplication each.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// True for the empty chain (only w₁ = 1, i.e. x itself).
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Multiplications spent evaluating the chain: one per step.
    pub fn multiplications(&self) -> usize {
        self.steps.len()
    }

    /// Squarings spent evaluating the chain: b for each step (a, b).
    pub fn squarings(&self) -> usize {
        self.steps.iter().map(|&(_, b)| usize::from(b)).sum()
    }

    /// Check that every step uses lengths available at that point and that no sum
    /// overflows `u16`.
    pub fn validate(&self) -> Result<(), SqrtPlanError> {
        let mut have: Vec<u16> = vec![1];
        for (index, &(a, b)) in self.steps.iter().enumerate() {
            if !have.contains(&a) || !have.contains(&b) {
                return Err(SqrtPlanError::BadStep { index, a, b });
            }
            let c = a
                .checked_add(b)
                .ok_or(SqrtPlanError::BadStep { index, a, b })?;
            have.push(c);
        }
        Ok(())
    }

    /// The chain through `values` (1 first, then each value the sum of two earlier ones),
    /// each step taking the split whose smaller addend is smallest: the cheapest way to
    /// produce that value from the values before it.
    pub fn from_values(values: &[u16]) -> Result<Self, SqrtPlanError> {
        if values.first() != Some(&1) {
            return Err(SqrtPlanError::ChainStart);
        }
        let mut steps = Vec::with_capacity(values.len() - 1);
        for (i, &c) in values.iter().enumerate().skip(1) {
            let before = &values[..i];
            let split = before
                .iter()
                .copied()
                .filter(|&b| 2 * u32::from(b) <= u32::from(c) && before.contains(&(c - b)))
                .min();
            match split {
                Some(b) => steps.push((c - b, b)),
                None => return Err(SqrtPlanError::NotASum { index: i, value: c }),
            }
        }
        Ok(RepunitChain { steps })
    }
}

impl fmt::Display for RepunitChain {
    /// The seed's notation: `w1 →·2 w2 →·2^2 w4 …`, where `w_a →·2^b w_c` means
    /// w_c = w_a·2^b + w_b. A step that does not start from the value just produced opens
    /// a new run after a comma, e.g. `…, w64 →·2^16 w80`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "w1")?;
        let mut last = 1u16;
        for &(a, b) in &self.steps {
            if a != last {
                write!(f, ", w{a}")?;
            }
            if b == 1 {
                write!(f, " →·2 w{}", a + b)?;
            } else {
                write!(f, " →·2^{b} w{}", a + b)?;
            }
            last = a + b;
        }
        Ok(())
    }
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOutcome {
    /// The sequence found.
    pub chain: RepunitChain,
    /// True when the search completed, so that no sequence has fewer steps, nor as few
    /// steps and fewer squarings. False when the node budget ran out and `chain` is a
    /// fallback (powers of two plus each target's binary prefixes).
    pub optimal: bool,
    /// Search nodes visited.
    pub nodes: u64,
}

/// A shortest addition sequence (then fewest squarings) containing every length in
/// `targets`, within [`DEFAULT_NODE_LIMIT`] nodes. Target 0 is an error.
pub fn shortest_repunit_sequence(targets: &[u16]) -> Result<SearchOutcome, SqrtPlanError> {
    search_repunit_sequence(targets, DEFAULT_NODE_LIMIT)
}

/// [`shortest_repunit_sequence`] with an explicit node budget.
pub fn search_repunit_sequence(
    targets: &[u16],
    node_limit: u64,
) -> Result<SearchOutcome, SqrtPlanError> {
    if targets.contains(&0) {
        return Err(SqrtPlanError::ZeroTarget);
    }
    let mut t: Vec<u16> = targets.iter().copied().filter(|&x| x > 1).collect();
    t.sort_unstable();
    t.dedup();
    if t.is_empty() {
        return Ok(SearchOutcome {
            chain: RepunitChain::default(),
            optimal: true,
            nodes: 0,
        });
    }
    let fallback = binary_sequence(&t);
    // suffix[k] = steps needed from target k to the last one.
    let mut suffix = vec![0usize; t.len()];
    for k in (0..t.len() - 1).rev() {
        suffix[k] = suffix[k + 1] + ceil_log2_ratio(t[k + 1], t[k]);
    }
    let mut dfs = Dfs {
        t: &t,
        suffix,
        tmax: *t.last().expect("non-empty"),
        depth: 0,
        chain: vec![1],
        best: None,
        best_s: u32::MAX,
        nodes: 0,
        limit: node_limit,
        aborted: false,
    };
    let first = dfs.bound(1, 0);
    for depth in first..=fallback.len() {
        dfs.depth = depth;
        dfs.rec(0, 0);
        if dfs.aborted {
            break;
        }
        if let Some(values) = dfs.best.take() {
            return Ok(SearchOutcome {
                chain: RepunitChain::from_values(&values)?,
                optimal: true,
                nodes: dfs.nodes,
            });
        }
    }
    Ok(SearchOutcome {
        chain: fallback,
        optimal: false,
        nodes: dfs.nodes,
    })
}

/// Smallest r ≥ 0 with v·2^r ≥ t.
fn ceil_log2_ratio(t: u16, v: u16) -> usize {
    let mut r = 0;
    let mut x = u32::from(v);
    while x < u32::from(t) {
        x <<= 1;
        r += 1;
    }
    r
}

/// A valid, usually far from optimal, sequence: the powers of two up to the largest target,
/// then for each target the prefixes of its binary expansion (each a prefix plus a power of
/// two), sorted.
fn binary_sequence(t: &[u16]) -> RepunitChain {
    let tmax = *t.last().expect("non-empty");
    let mut v: Vec<u16> = Vec::new();
    let mut p = 1u16;
    loop {
        v.push(p);
        match p.checked_mul(2) {
            Some(q) if q <= tmax => p = q,
            _ => break,
        }
    }
    for &x in t {
        let mut prefix = 0u16;
        for bit in (0..16).rev() {
            if (x >> bit) & 1 == 1 {
                prefix += 1 << bit;
                v.push(prefix);
            }
        }
    }
    v.sort_unstable();
    v.dedup();
    RepunitChain::from_values(&v).expect("prefix sums of powers of two form a chain")
}

struct Dfs<'a> {
    /// Targets > 1, sorted, distinct.
    t: &'a [u16],
    suffix: Vec<usize>,
    tmax: u16,
    /// Steps allowed in this round.
    depth: usize,
    chain: Vec<u16>,
    best: Option<Vec<u16>>,
    best_s: u32,
    nodes: u64,
    limit: u64,
    aborted: bool,
}

impl Dfs<'_> {
    /// Fewest steps that can take a sequence with maximum `v` through targets `next..`.
    fn bound(&self, v: u16, next: usize) -> usize {
        if next == self.t.len() {
            0
        } else {
            ceil_log2_ratio(self.t[next], v) + self.suffix[next]
        }
    }

    /// Extend `self.chain`, whose targets below `next` are all present, with squarings `s`.
    fn rec(&mut self, next: usize, s: u32) {
        self.nodes += 1;
        if self.nodes > self.limit {
            self.aborted = true;
            return;
        }
        if next == self.t.len() {
            if s < self.best_s {
                self.best_s = s;
                self.best = Some(self.chain.clone());
            }
            return;
        }
        let done = self.chain.len() - 1;
        let left = self.depth - done;
        let v = *self.chain.last().expect("non-empty");
        let tn = self.t[next];
        // Candidate sums x + y (x ≤ y) in (v, tn], each with its cheapest split (cost x).
        let mut cands: Vec<(u16, u16)> = Vec::with_capacity(self.chain.len() * 2);
        for yi in (0..self.chain.len()).rev() {
            let y = self.chain[yi];
            for &x in &self.chain[..=yi] {
                let c = x + y;
                if c > tn {
                    break;
                }
                if c > v {
                    cands.push((c, x));
                }
            }
        }
        cands.sort_unstable_by(|p, q| q.0.cmp(&p.0).then(p.1.cmp(&q.1)));
        cands.dedup_by_key(|p| p.0);
        for (c, cost) in cands {
            let new_next = next + usize::from(c == tn);
            let need = self.bound(c, new_next);
            if need + 1 > left {
                continue;
            }
            let s_new = s + u32::from(cost);
            let s_rest = (self.tmax - c).max(need as u16);
            if u64::from(s_new) + u64::from(s_rest) >= u64::from(self.best_s) {
                continue;
            }
            self.chain.push(c);
            self.rec(new_next, s_new);
            self.chain.pop();
            if self.aborted {
                return;
            }
        }
    }
}
