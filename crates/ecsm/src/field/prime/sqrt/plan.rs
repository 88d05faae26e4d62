//! Repunit windows of an exponent and the plan that evaluates x^e from them (seed 003).

use super::search::{shortest_repunit_sequence, RepunitChain};
use super::SqrtPlanError;
use core::fmt;

/// A maximal run of 1 bits in an exponent: bits `shift .. shift + len` are ones, and the
/// bits just above and below the run (if any) are zeros. Its value is w_len·2^shift.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Window {
    /// Number of 1 bits, ≥ 1.
    pub len: u16,
    /// Index of the run's lowest bit.
    pub shift: u32,
}

/// Number of significant bits of a little-endian word string (0 for zero).
pub(crate) fn bit_len(e: &[u64]) -> usize {
    for (i, &w) in e.iter().enumerate().rev() {
        if w != 0 {
            return 64 * i + 64 - w.leading_zeros() as usize;
        }
    }
    0
}

/// Bit i of a little-endian word string.
#[inline(always)]
pub(crate) fn bit(e: &[u64], i: usize) -> bool {
    (e[i / 64] >> (i % 64)) & 1 == 1
}

/// The exponent's maximal runs of ones ("repunit windows", split on zeros), most significant
/// first. Exponents of more than 65535 bits are refused (lengths are `u16`).
pub fn repunit_windows(e: &[u64]) -> Result<Vec<Window>, SqrtPlanError> {
    let n = bit_len(e);
    if n > usize::from(u16::MAX) {
        return Err(SqrtPlanError::ExponentTooLong { bits: n });
    }
    let mut out = Vec::new();
    let mut i = n;
    while i > 0 {
        if bit(e, i - 1) {
            let top = i;
            while i > 0 && bit(e, i - 1) {
                i -= 1;
            }
            out.push(Window {
                len: (top - i) as u16,
                shift: i as u32,
            });
        } else {
            i -= 1;
        }
    }
    Ok(out)
}

/// How to compute x^e by seed 003's method: the exponent's repunit windows, an addition
/// sequence on repunit lengths containing every window length, and the resulting counts.
///
/// Evaluation ([`super::pow_repunit`]) first runs the chain, computing x^(w_ℓ) for every
/// length ℓ in it; then it starts from x^(w_ℓ₁) for the most significant window and, for
/// each following window, squares across the zeros and the window's bits and multiplies by
/// x^(w_ℓ). Exactly [`RepunitPlan::squarings`] squarings and
/// [`RepunitPlan::multiplications`] multiplications: the chain's, plus the lowest bit index
/// of the top window in squarings and k − 1 multiplications for k windows (the seed's
/// ⌊log2 e⌋ − n_s + n_b squarings and k − 1 + l multiplications).
///
/// Two plans are equal when they agree on everything but the search statistics.
#[derive(Clone, Debug)]
pub struct RepunitPlan {
    exponent: Vec<u64>,
    windows: Vec<Window>,
    chain: RepunitChain,
    /// For each window, the index of its length in `chain.values()`.
    window_index: Vec<usize>,
    /// For each chain step (a, b), the indices of a and b in `chain.values()`.
    step_index: Vec<(usize, usize)>,
    optimal: bool,
    nodes: u64,
}

impl PartialEq for RepunitPlan {
    fn eq(&self, o: &Self) -> bool {
        // window_index and step_index are functions of the rest.
        (&self.exponent, &self.windows, &self.chain, self.optimal)
            == (&o.exponent, &o.windows, &o.chain, o.optimal)
    }
}
impl Eq for RepunitPlan {}

impl RepunitPlan {
    /// Plan x^e: windows of `e`, then a shortest addition sequence containing their
    /// lengths ([`shortest_repunit_sequence`]).
    pub fn new(e: &[u64]) -> Result<Self, SqrtPlanError> {
        let windows = repunit_windows(e)?;
        let lengths: Vec<u16> = windows.iter().map(|w| w.len).collect();
        let found = shortest_repunit_sequence(&lengths)?;
        let mut plan = Self::with_chain(e, found.chain)?;
        plan.optimal = found.optimal;
        plan.nodes = found.nodes;
        Ok(plan)
    }

    /// Plan x^e with a given chain, which must be valid and contain every window length.
    /// The plan is marked not known to be optimal.
    pub fn with_chain(e: &[u64], chain: RepunitChain) -> Result<Self, SqrtPlanError> {
        chain.validate()?;
        let windows = repunit_windows(e)?;
        let values = chain.values();
        let window_index = windows
            .iter()
            .map(|w| {
                values
                    .iter()
                    .position(|&v| v == w.len)
                    .ok_or(SqrtPlanError::MissingWindow { len: w.len })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let position = |v: u16| values.iter().position(|&x| x == v).expect("validated");
        let step_index = chain
            .steps
            .iter()
            .map(|&(a, b)| (position(a), position(b)))
            .collect();
        let mut exponent = e.to_vec();
        while exponent.last() == Some(&0) {
            exponent.pop();
        }
        Ok(RepunitPlan {
            exponent,
            windows,
            chain,
            window_index,
            step_index,
            optimal: false,
            nodes: 0,
        })
    }

    /// The exponent, little-endian words without leading zero words.
    pub fn exponent(&self) -> &[u64] {
        &self.exponent
    }

    /// The repunit windows, most significant first.
    pub fn windows(&self) -> &[Window] {
        &self.windows
    }

    /// The distinct window lengths, increasing: the targets of the search.
    pub fn window_lengths(&self) -> Vec<u16> {
        let mut l: Vec<u16> = self.windows.iter().map(|w| w.len).collect();
        l.sort_unstable();
        l.dedup();
        l
    }

    /// The addition sequence on repunit lengths.
    pub fn chain(&self) -> &RepunitChain {
        &self.chain
    }

    /// For each window, the index of its length in the chain's values.
    pub(crate) fn window_index(&self) -> &[usize] {
        &self.window_index
    }

    /// For each chain step, the indices of its addends in the chain's values.
    pub(crate) fn step_index(&self) -> &[(usize, usize)] {
        &self.step_index
    }

    /// Record whether the chain is known to be optimal (for chains read back from the
    /// generated table, whose search completed when it was generated).
    pub(crate) fn set_optimal(&mut self, optimal: bool) {
        self.optimal = optimal;
    }

    /// True when the chain came from a completed search (shortest, then fewest squarings).
    pub fn optimal(&self) -> bool {
        self.optimal
    }

    /// Search nodes visited to find the chain (0 when the chain was given).
    pub fn search_nodes(&self) -> u64 {
        self.nodes
    }

    /// Squarings of the chain plus those walking down to bit 0 from the top window.
    pub fn squarings(&self) -> usize {
        match self.windows.first() {
            None => 0,
            Some(top) => self.chain.squarings() + top.shift as usize,
        }
    }

    /// Multiplications: one per chain step, plus one per window after the first.
    pub fn multiplications(&self) -> usize {
        self.chain.multiplications() + self.windows.len().saturating_sub(1)
    }

    /// Squarings spent walking the windows (after the chain).
    pub fn walk_squarings(&self) -> usize {
        self.windows.first().map_or(0, |w| w.shift as usize)
    }
}

impl fmt::Display for RepunitPlan {
    /// E.g. `windows 128@62; chain w1 →·2 w2 … w128 (7M + 127S); total 7M + 189S`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "windows ")?;
        if self.windows.is_empty() {
            write!(f, "(none)")?;
        }
        for (i, w) in self.windows.iter().enumerate() {
            if i > 0 {
                write!(f, ", ")?;
            }
            write!(f, "{}@{}", w.len, w.shift)?;
        }
        write!(
            f,
            "; chain {} ({}M + {}S); total {}M + {}S",
            self.chain,
            self.chain.multiplications(),
            self.chain.squarings(),
            self.multiplications(),
            self.squarings()
        )
    }
}
