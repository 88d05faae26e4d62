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
//! rather than weighted S + r·M because every sequence reaching its largest target t needs
//! at least t − 1 squarings (each step raises the running maximum by at most its cost), and
//! on every declared prime the shortest sequence meets that floor: it is then optimal for
//! every ratio r > 0 at once (the generator's test checks this). Where the floor is not met
//! a longer sequence could trade one multiplication for squarings; a multiplication costs
//! about as much as a squaring in these fields (S/M 0.7 to 1.05), so that trade is rare.
//!
//! # Search
//!
//! Iterative deepening over strictly increasing sequences whose values do not exceed the
//! largest target (sorting and dropping values above every target never lengthens a
//! sequence nor raises its cost, so this loses nothing), with these prunings:
//! - no value may jump over a target that is not yet in the sequence (values increase, so
//!   it could never be added later);
//! - from value v the next target t needs at least ⌈log2(t/v)⌉ more steps (a step at most
//!   doubles the maximum), and so on from target to target; the sum bounds the steps left;
//! - in a shortest sequence every value that is not a target is an addend of some later
//!   value's (cheapest) split, else dropping it would give a shorter sequence; each step
//!   uses at most two, which bounds how many unused helpers a node may carry;
//! - branch and bound on squarings: the maximum still has to grow to the largest target,
//!   which costs at least that difference.
//!
//! For each length, a first pass admits only sequences without a wasted squaring (S equal
//! to the largest target − 1, the least possible); the full pass runs only if it finds
//! none. The first length with any sequence is the shortest, and that length is searched
//! whole for the fewest squarings, so the result is optimal under the objective above —
//! unless the node budget runs out, which the outcome reports.

use super::SqrtPlanError;
use core::fmt;

/// Node budget of [`shortest_repunit_sequence`], about ten seconds of search. Window lengths
/// of an exponent below 2^521 sum to at most 520; over random such sets the largest search
/// measured visits about 2·10^5 nodes (0.1 s), and the named primes' under 2·10^4. Sets
/// of several large, close lengths (e.g. 333, 344, 393, 406, 407, 411, which no exponent
/// of that size has) can need 10^8 nodes and more.
pub const DEFAULT_NODE_LIMIT: u64 = 20_000_000;

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
    /// True when no sequence has fewer steps (the search exhausted every shorter length).
    pub shortest: bool,
    /// True when, moreover, no sequence as short has fewer squarings. False when the node
    /// budget ran out first: then `chain` is the best found so far or, if the budget ran
    /// out before any sequence of the shortest length was found, a fallback (powers of
    /// two plus each target's binary prefixes).
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
///
/// For each length L from the lower bound up, a first pass looks only for sequences with
/// no wasted squaring (S = largest target − 1, the least any sequence can have: every step
/// raises the maximum by at most its cost), which is how the named primes' sequences come
/// out; a second pass, run only when the first finds nothing, is the full branch and bound
/// on squarings. The first L with a sequence is the shortest length.
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
    let Some(&tmax) = t.last() else {
        return Ok(SearchOutcome {
            chain: RepunitChain::default(),
            shortest: true,
            optimal: true,
            nodes: 0,
        });
    };
    let fallback = binary_sequence(&t);
    // suffix[k] = steps needed from target k to the last one.
    let mut suffix = vec![0usize; t.len()];
    for k in (0..t.len() - 1).rev() {
        suffix[k] = suffix[k + 1] + ceil_log2_ratio(t[k + 1], t[k]);
    }
    let mut dfs = Dfs {
        t: &t,
        suffix,
        tmax,
        depth: 0,
        chain: Vec::new(),
        helper: Vec::new(),
        uses: Vec::new(),
        unused: 0,
        pending: vec![0; usize::from(tmax) / 64 + 1],
        cost_at: vec![(0, 0, 0); usize::from(tmax) + 1],
        best: None,
        s_limit: 0,
        nodes: 0,
        limit: node_limit,
        aborted: false,
    };
    let first = dfs.bound(1, 0);
    let outcome = |chain, shortest, optimal, nodes| -> Result<SearchOutcome, SqrtPlanError> {
        Ok(SearchOutcome {
            chain,
            shortest,
            optimal,
            nodes,
        })
    };
    for depth in first..=fallback.len() {
        // No sequence of length `depth` can spend fewer squarings than this.
        let floor = u32::from(tmax - 1).max(depth as u32);
        for s_limit in [floor, u32::MAX] {
            dfs.run(depth, s_limit);
            if let Some((values, _)) = dfs.best.take() {
                let chain = RepunitChain::from_values(&values)?;
                return outcome(chain, true, !dfs.aborted, dfs.nodes);
            }
            if dfs.aborted {
                return outcome(fallback, false, false, dfs.nodes);
            }
        }
    }
    unreachable!("the fallback's length is always feasible")
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
    /// Steps allowed in this pass.
    depth: usize,
    chain: Vec<u16>,
    /// Per chain value: true when it is not a target (nor 1).
    helper: Vec<bool>,
    /// Per chain value: how many later values' cheapest splits use it.
    uses: Vec<u32>,
    /// Helpers with no use yet.
    unused: usize,
    /// Candidate values waiting at some level of the recursion, as a bitset over 0..=tmax.
    /// Levels never collide: a level's candidates all exceed its chain's maximum, which is
    /// at least every shallower level's current candidate, while the shallower level's
    /// pending ones are below that.
    pending: Vec<u64>,
    /// For a pending value c: its cheapest split (smaller addend, indices of both addends).
    cost_at: Vec<(u16, u16, u16)>,
    /// Best sequence of this pass and its squarings.
    best: Option<(Vec<u16>, u32)>,
    /// Largest number of squarings still worth finding (inclusive).
    s_limit: u32,
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

    /// One pass: every sequence of at most `depth` steps with at most `s_limit` squarings.
    fn run(&mut self, depth: usize, s_limit: u32) {
        self.depth = depth;
        self.s_limit = s_limit;
        self.chain.clear();
        self.chain.push(1);
        self.helper.clear();
        self.helper.push(false);
        self.uses.clear();
        self.uses.push(0);
        self.unused = 0;
        self.pending.fill(0);
        self.rec(0, 0);
    }

    /// Extend `self.chain`, whose targets below `next` are all present, with squarings `s`.
    fn rec(&mut self, next: usize, s: u32) {
        self.nodes += 1;
        if self.nodes > self.limit {
            self.aborted = true;
            return;
        }
        if next == self.t.len() {
            if s <= self.s_limit {
                self.s_limit = s.saturating_sub(1);
                self.best = Some((self.chain.clone(), s));
            }
            return;
        }
        let done = self.chain.len() - 1;
        let left = self.depth - done;
        let v = *self.chain.last().expect("non-empty");
        let tn = self.t[next];
        // Candidates x + y in (v, tn]. With y falling, x = c − y rises, so the first split
        // met for each c has the smallest x: the cheapest (x squarings).
        let n = self.chain.len();
        let mut hi = v;
        for yi in (0..n).rev() {
            let y = self.chain[yi];
            if 2 * u32::from(y) <= u32::from(v) {
                break;
            }
            for xi in 0..=yi {
                let x = self.chain[xi];
                let c = x + y;
                if c > tn {
                    break;
                }
                if c > v {
                    let (w, b) = (usize::from(c) / 64, c % 64);
                    if self.pending[w] >> b & 1 == 0 {
                        self.pending[w] |= 1 << b;
                        self.cost_at[usize::from(c)] = (x, xi as u16, yi as u16);
                        hi = hi.max(c);
                    }
                }
            }
        }
        // Largest candidate first: doublings and other zero-waste steps come early.
        let mut top = hi;
        while let Some(c) = self.highest_pending(v, top) {
            self.pending[usize::from(c) / 64] &= !(1 << (c % 64));
            let (cost, xi, yi) = self.cost_at[usize::from(c)];
            self.visit(next, s, left, tn, c, cost, usize::from(xi), usize::from(yi));
            if self.aborted {
                return;
            }
            top = c - 1;
        }
    }

    /// The largest pending candidate in (v, top].
    fn highest_pending(&self, v: u16, top: u16) -> Option<u16> {
        if top <= v {
            return None;
        }
        let mut w = usize::from(top) / 64;
        let mut mask = u64::MAX >> (63 - top % 64);
        loop {
            let word = self.pending[w] & mask;
            if word != 0 {
                let c = (64 * w + 63 - word.leading_zeros() as usize) as u16;
                return (c > v).then_some(c);
            }
            if w == usize::from(v) / 64 {
                return None;
            }
            w -= 1;
            mask = u64::MAX;
        }
    }

    /// Try value c (cheapest split x_i + y_i, costing `cost` squarings) as the next step.
    #[allow(clippy::too_many_arguments)]
    fn visit(
        &mut self,
        next: usize,
        s: u32,
        left: usize,
        tn: u16,
        c: u16,
        cost: u16,
        xi: usize,
        yi: usize,
    ) {
        let is_target = c == tn;
        let new_next = next + usize::from(is_target);
        let need = self.bound(c, new_next);
        if need + 1 > left {
            return;
        }
        // In a shortest sequence every helper is used by some later value's split (else
        // dropping it gives a shorter one), whichever split each value is given; take the
        // cheapest. Each of the r steps left uses at most two helpers, and the r − m of
        // them that do not make one of the m missing targets add a helper:
        // 2r ≥ unused + r − m.
        let r = left - 1;
        let freed = usize::from(self.helper[xi] && self.uses[xi] == 0)
            + usize::from(yi != xi && self.helper[yi] && self.uses[yi] == 0);
        let unused = self.unused - freed + usize::from(!is_target);
        let missing = self.t.len() - new_next;
        if r + missing < unused {
            return;
        }
        // The maximum still has to grow to the largest target, and each step costs ≥ 1.
        let s_new = s + u32::from(cost);
        let s_rest = u32::from(self.tmax - c).max(need as u32);
        if u64::from(s_new) + u64::from(s_rest) > u64::from(self.s_limit) {
            return;
        }
        self.chain.push(c);
        self.helper.push(!is_target);
        self.uses.push(0);
        self.uses[xi] += 1;
        self.uses[yi] += 1;
        let saved = self.unused;
        self.unused = unused;
        self.rec(new_next, s_new);
        self.unused = saved;
        self.uses[xi] -= 1;
        self.uses[yi] -= 1;
        self.uses.pop();
        self.helper.pop();
        self.chain.pop();
    }
}
