//! Addition chains and Itoh–Tsujii inversion.
//!
//! Itoh–Tsujii computes a⁻¹ = a^(2^m − 2) = (a^(2^(m−1) − 1))². Writing
//! β_k = a^(2^k − 1), an addition chain for m − 1 drives the exponent up with
//! β_{i+j} = β_i^(2^j) · β_j: each chain step costs one multiplication and j squarings,
//! so the whole inversion costs (m − 1) squarings and as many multiplications as the
//! chain has steps (seed 001, "Inversion").

use super::BinaryField;

/// Longest chain stored (the chains for the NIST degrees need at most 12 steps).
pub const MAX_CHAIN: usize = 16;

/// An addition chain 1 = v₀ < v₁ < … < v_L, each step the sum of two earlier values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AdditionChain {
    values: [u16; MAX_CHAIN + 1],
    /// For step s (giving values[s+1]): indices (i, j) with values[s+1] = values[i] + values[j].
    steps: [(u8, u8); MAX_CHAIN],
    len: usize,
}

impl AdditionChain {
    /// Build a chain from its values, starting with 1 and strictly increasing. Fails to
    /// compile (when used in a `const`) or panics if the values do not increase or some
    /// value is not the sum of two earlier ones.
    pub const fn from_values(values: &[u16]) -> Self {
        assert!(!values.is_empty() && values[0] == 1, "a chain starts at 1");
        assert!(values.len() <= MAX_CHAIN + 1, "chain too long");
        let mut out = AdditionChain {
            values: [0; MAX_CHAIN + 1],
            steps: [(0, 0); MAX_CHAIN],
            len: values.len() - 1,
        };
        out.values[0] = 1;
        let mut s = 1;
        while s < values.len() {
            let v = values[s];
            assert!(v > values[s - 1], "chain values must strictly increase");
            out.values[s] = v;
            // Take the split v = values[i] + values[j] with the largest i: the squaring run
            // values[j] is then the smaller addend.
            let mut found = false;
            let mut i = s;
            while i > 0 && !found {
                i -= 1;
                let mut j = 0;
                while j <= i && !found {
                    if values[i] + values[j] == v {
                        out.steps[s - 1] = (i as u8, j as u8);
                        found = true;
                    }
                    j += 1;
                }
            }
            assert!(found, "chain value is not the sum of two earlier values");
            s += 1;
        }
        out
    }

    /// The values 1, v₁, …, v_L.
    pub fn values(&self) -> &[u16] {
        &self.values[..=self.len]
    }

    /// The last value.
    pub fn target(&self) -> u16 {
        self.values[self.len]
    }

    /// Number of steps L (one multiplication each in Itoh–Tsujii).
    pub fn len(&self) -> usize {
        self.len
    }

    /// True for the trivial chain (1).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Steps as index pairs into [`AdditionChain::values`].
    pub fn steps(&self) -> &[(u8, u8)] {
        &self.steps[..self.len]
    }

    /// The run lengths j squared in each step: β_{i+j} = β_i^(2^j)·β_j.
    pub fn square_runs(&self) -> impl Iterator<Item = usize> + '_ {
        self.steps()
            .iter()
            .map(|&(_, j)| self.values[j as usize] as usize)
    }

    /// The run of the last step (its smaller addend), 0 for the trivial chain.
    pub const fn last_run(&self) -> usize {
        if self.len == 0 {
            return 0;
        }
        self.values[self.steps[self.len - 1].1 as usize] as usize
    }
}

/// A shortest addition chain for `n` (1 ≤ n ≤ 4096), by iterative-deepening search over
/// chains whose values increase. Used to check that the stored Itoh–Tsujii chains are
/// optimal, and by `ecsm` to show how they were found. Seconds at most for n < 4096.
pub fn shortest_addition_chain(n: u16) -> Vec<u16> {
    assert!(
        (1..=4096).contains(&n),
        "search is meant for small exponents"
    );
    fn dfs(chain: &mut Vec<u16>, n: u16, limit: usize) -> bool {
        let last = *chain.last().expect("non-empty");
        if last == n {
            return true;
        }
        let steps = chain.len() - 1;
        if steps == limit {
            return false;
        }
        // Even doubling every remaining step cannot reach n.
        if (u32::from(last) << (limit - steps)) < u32::from(n) {
            return false;
        }
        let mut cands: Vec<u16> = Vec::new();
        for i in (0..chain.len()).rev() {
            for j in (0..=i).rev() {
                let s = chain[i] + chain[j];
                if s > last && s <= n && !cands.contains(&s) {
                    cands.push(s);
                }
            }
        }
        cands.sort_unstable_by(|a, b| b.cmp(a));
        for s in cands {
            chain.push(s);
            if dfs(chain, n, limit) {
                return true;
            }
            chain.pop();
        }
        false
    }
    let mut limit = 0;
    loop {
        let mut chain = vec![1u16];
        if dfs(&mut chain, n, limit) {
            return chain;
        }
        limit += 1;
    }
}

/// a⁻¹ by Itoh–Tsujii over `chain` (which must end at m − 1). Runs of squarings use
/// [`BinaryField::multi_square`] when `tables` is true (fast, memory access depends on
/// the value) and plain squarings otherwise (constant-time). Either way it spends
/// exactly m − 1 squarings and `chain.len()` multiplications. Zero maps to zero; callers
/// check for it.
#[inline(always)]
pub fn itoh_tsujii<F: BinaryField>(a: &F, chain: &AdditionChain, tables: bool) -> F {
    itoh_tsujii_with(a, chain, |x, run| {
        if tables {
            x.multi_square(run)
        } else {
            x.multi_square_ct(run)
        }
    })
}

/// a⁻¹ by Itoh–Tsujii over `chain` (ending at m − 1), with `run(x, k)` = x^(2^k) for
/// each run of squarings: β_(i+j) = run(β_i, j)·β_j, a⁻¹ = β_(m−1)². `chain.len()`
/// multiplications and one squaring besides the runs.
#[inline(always)]
pub fn itoh_tsujii_with<F: BinaryField>(
    a: &F,
    chain: &AdditionChain,
    run: impl Fn(&F, usize) -> F,
) -> F {
    debug_assert_eq!(chain.target() as usize, F::DEGREE - 1);
    let mut beta = [*a; MAX_CHAIN + 1];
    for (s, &(i, j)) in chain.steps().iter().enumerate() {
        let k = chain.values()[j as usize] as usize;
        beta[s + 1] = run(&beta[i as usize], k) * beta[j as usize];
    }
    beta[chain.len()].square()
}
