//! Square roots in GF(p), and the exponentiations behind them.
//!
//! - p ≡ 3 (mod 4): √x = ±x^((p+1)/4) (Euler's criterion; seed 003).
//! - p ≡ 5 (mod 8): Atkin's method: v = (2x)^((p−5)/8), i = 2x·v², √x = ±x·v·(i − 1)
//!   (A. O. L. Atkin, 1992, as presented in S. Müller, *On the computation of square roots
//!   in finite fields*, Designs, Codes and Cryptography 31, 2004).
//! - p ≡ 1 (mod 8): Tonelli–Shanks with p − 1 = 2^s·q, q odd, from t = x^((q−1)/2), with
//!   the discrete logarithm of x^q to base z^q (z a fixed non-residue) read w bits at a
//!   time from precomputed tables of powers of z^q (Bernstein's table-driven variant; the
//!   classical loop is Cohen, *A Course in Computational Algebraic Number Theory*,
//!   Algorithm 1.5.1).
//!
//! The [`SqrtMethod`] chooses how the one large exponentiation is done: square-and-multiply
//! ([`pow_binary`]), OpenSSL's sliding window ([`pow_sliding`]) or seed 003's repunit
//! windows with an offline-searched addition sequence ([`pow_repunit`], [`RepunitPlan`],
//! [`shortest_repunit_sequence`]). Every root is checked by squaring it, so a non-residue
//! gives [`FieldError::NoSolution`], never a wrong answer.
//!
//! Per-field data (exponent, plan, Tonelli–Shanks table) is computed on first use and
//! cached for the life of the process, one entry per field type. Plans for the named primes
//! come precomputed from [`generated`]; for other primes the search runs on first use of
//! [`SqrtMethod::Chain`].

pub mod generate;
// Compared byte for byte with the generator's output by a test: keep rustfmt off it.
#[rustfmt::skip]
pub mod generated;
mod plan;
mod pow;
mod search;
mod tonelli;

pub use generate::{generate_source, GeneratedPlan};
pub use plan::{repunit_windows, RepunitPlan, Window};
pub use pow::{
    binary_cost, pow_binary, pow_repunit, pow_sliding, pow_sliding_window, sliding_cost,
    sliding_window_bits, MAX_SLIDING_WINDOW,
};
pub use search::{
    search_repunit_sequence, shortest_repunit_sequence, RepunitChain, SearchOutcome,
    DEFAULT_NODE_LIMIT,
};
pub use tonelli::ts_window;

use super::PrimeField;
use crate::field::{Field, FieldError};
use core::any::{Any, TypeId};
use core::cell::Cell;
use core::fmt;
use std::collections::HashMap;
use std::sync::{OnceLock, RwLock};

/// Why a plan, chain or exponentiation request was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SqrtPlanError {
    /// Window lengths are at least 1.
    #[error("addition-sequence target 0: repunit lengths start at 1")]
    ZeroTarget,
    /// The exponent is too long for `u16` window lengths.
    #[error("exponent of {bits} bits: repunit windows support at most 65535-bit exponents")]
    ExponentTooLong {
        /// Bit length of the exponent.
        bits: usize,
    },
    /// A chain step uses a length not yet produced, or overflows.
    #[error("chain step {index} ({a} + {b}) uses a length not produced before it")]
    BadStep {
        /// Step index.
        index: usize,
        /// Squared addend.
        a: u16,
        /// Other addend (the number of squarings).
        b: u16,
    },
    /// Chain values must start with 1.
    #[error("an addition chain starts at 1")]
    ChainStart,
    /// A chain value is not the sum of two earlier ones.
    #[error("chain value {value} (position {index}) is not the sum of two earlier values")]
    NotASum {
        /// Position in the value list.
        index: usize,
        /// The value.
        value: u16,
    },
    /// The chain lacks a window length of the exponent.
    #[error("the chain does not produce window length {len}")]
    MissingWindow {
        /// The missing length.
        len: u16,
    },
    /// A sliding window width outside 1..=16.
    #[error("sliding window of {bits} bits: must be 1 to 16")]
    BadWindow {
        /// The width asked for.
        bits: usize,
    },
    /// The modulus is even, or at most 3.
    #[error("modulus must be an odd prime greater than 3")]
    BadModulus,
}

/// How the exponentiation inside a square root is computed.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum SqrtMethod {
    /// Left-to-right square-and-multiply ([`pow_binary`]).
    Binary,
    /// OpenSSL's sliding window ([`pow_sliding`]).
    Sliding,
    /// Seed 003's repunit windows and addition sequence ([`pow_repunit`]): by far the
    /// fewest multiplications on the special-form primes (NIST, SEC k-curves, WTLS), whose
    /// exponents have a few long runs of ones; on random-looking primes (Brainpool) the
    /// runs are short and the sliding window wins (see [`SqrtMethod::fastest_for`]).
    #[default]
    Chain,
}

impl SqrtMethod {
    /// Every method.
    pub const ALL: [SqrtMethod; 3] = [SqrtMethod::Binary, SqrtMethod::Sliding, SqrtMethod::Chain];

    /// The method meant for special-form primes, [`SqrtMethod::Chain`] (the default).
    pub fn fastest() -> Self {
        SqrtMethod::Chain
    }

    /// The method with the fewest field operations for `F`'s exponent, counting a squaring
    /// as much as a multiplication (the prime fields' measured ratio is 0.7 to 1.05, see
    /// [`crate::field::prime::specs`]); ties go to the chain. Cached per field.
    pub fn fastest_for<F: PrimeField>() -> Self {
        let c = ctx::<F>();
        *c.fastest.get_or_init(|| {
            let e = &c.exponent;
            let plan = c.plan();
            let chain = plan.squarings() + plan.multiplications();
            let (ss, sm) = sliding_cost(e, c.window);
            let (bs, bm) = binary_cost(e);
            if chain <= ss + sm && chain <= bs + bm {
                SqrtMethod::Chain
            } else if ss + sm <= bs + bm {
                SqrtMethod::Sliding
            } else {
                SqrtMethod::Binary
            }
        })
    }

    /// Report name: `binary`, `sliding` or `chain`.
    pub fn name(self) -> &'static str {
        match self {
            SqrtMethod::Binary => "binary",
            SqrtMethod::Sliding => "sliding",
            SqrtMethod::Chain => "chain",
        }
    }

    /// The method called `name` (as printed by [`SqrtMethod::name`]).
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.name() == name)
    }
}

impl fmt::Display for SqrtMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which square-root algorithm a prime calls for, and so which exponent it raises to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SqrtCase {
    /// p ≡ 3 (mod 4): x^((p+1)/4).
    ThreeMod4,
    /// p ≡ 5 (mod 8): Atkin, (2x)^((p−5)/8).
    FiveMod8,
    /// p ≡ 1 (mod 8): Tonelli–Shanks, x^((q−1)/2) with p − 1 = 2^s·q.
    OneMod8 {
        /// s, the 2-adic valuation of p − 1 (≥ 3).
        two_adicity: u32,
    },
}

impl SqrtCase {
    /// The case for an odd modulus > 3 (not checked for primality).
    pub fn of(p: &[u64]) -> Result<Self, SqrtPlanError> {
        let lo = p.first().copied().unwrap_or(0);
        if lo & 1 == 0 || plan::bit_len(p) < 3 {
            return Err(SqrtPlanError::BadModulus);
        }
        Ok(match lo & 7 {
            3 | 7 => SqrtCase::ThreeMod4,
            5 => SqrtCase::FiveMod8,
            _ => SqrtCase::OneMod8 {
                two_adicity: two_adicity(p),
            },
        })
    }

    /// The exponent, as a formula in p.
    pub fn exponent_formula(self) -> &'static str {
        match self {
            SqrtCase::ThreeMod4 => "(p+1)/4",
            SqrtCase::FiveMod8 => "(p-5)/8",
            SqrtCase::OneMod8 { .. } => "(q-1)/2",
        }
    }

    /// The big exponent for modulus `p` in this case (see [`SqrtCase::exponent_formula`]).
    pub fn exponent(self, p: &[u64]) -> Vec<u64> {
        match self {
            SqrtCase::ThreeMod4 => shr(&add_small(p, 1), 2),
            SqrtCase::FiveMod8 => shr(&sub_small(p, 5), 3),
            SqrtCase::OneMod8 { two_adicity } => {
                let q = shr(p, two_adicity as usize);
                shr(&sub_small(&q, 1), 1)
            }
        }
    }
}

impl fmt::Display for SqrtCase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SqrtCase::ThreeMod4 => write!(f, "p ≡ 3 (mod 4): x^((p+1)/4)"),
            SqrtCase::FiveMod8 => write!(f, "p ≡ 5 (mod 8): Atkin, (2x)^((p-5)/8)"),
            SqrtCase::OneMod8 { two_adicity } => write!(
                f,
                "p ≡ 1 (mod 8): Tonelli–Shanks, p-1 = 2^{two_adicity}·q, x^((q-1)/2)"
            ),
        }
    }
}

/// Number of trailing zero bits of p − 1 for odd p.
fn two_adicity(p: &[u64]) -> u32 {
    let pm1 = sub_small(p, 1);
    let mut s = 0;
    for &w in &pm1 {
        if w == 0 {
            s += 64;
        } else {
            return s + w.trailing_zeros();
        }
    }
    s
}

fn add_small(a: &[u64], k: u64) -> Vec<u64> {
    let mut out = a.to_vec();
    let mut carry = k;
    for w in out.iter_mut() {
        let (s, c) = w.overflowing_add(carry);
        *w = s;
        carry = u64::from(c);
        if carry == 0 {
            break;
        }
    }
    if carry != 0 {
        out.push(carry);
    }
    out
}

/// a − k for a ≥ k.
fn sub_small(a: &[u64], k: u64) -> Vec<u64> {
    let mut out = a.to_vec();
    let mut borrow = k;
    for w in out.iter_mut() {
        let (d, b) = w.overflowing_sub(borrow);
        *w = d;
        borrow = u64::from(b);
        if borrow == 0 {
            break;
        }
    }
    out
}

fn shr(a: &[u64], k: usize) -> Vec<u64> {
    let (words, bits) = (k / 64, k % 64);
    let mut out: Vec<u64> = a.iter().skip(words).copied().collect();
    if bits > 0 {
        for i in 0..out.len() {
            let hi = out.get(i + 1).copied().unwrap_or(0);
            out[i] = (out[i] >> bits) | (hi << (64 - bits));
        }
    }
    while out.last() == Some(&0) {
        out.pop();
    }
    out
}

/// The square-root plan for one prime: its case and the plan for its big exponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SqrtPlan {
    /// Which algorithm p calls for.
    pub case: SqrtCase,
    /// p, little-endian words.
    pub modulus: Vec<u64>,
    /// The plan for the exponent of [`SqrtCase::exponent`].
    pub plan: RepunitPlan,
}

impl SqrtPlan {
    /// Squarings of the exponentiation ([`RepunitPlan::squarings`]).
    pub fn squarings(&self) -> usize {
        self.plan.squarings()
    }

    /// Multiplications of the exponentiation ([`RepunitPlan::multiplications`]).
    pub fn multiplications(&self) -> usize {
        self.plan.multiplications()
    }

    /// (squarings, multiplications) of the exponentiation by each method: the plan's for
    /// [`SqrtMethod::Chain`], [`binary_cost`] and [`sliding_cost`] (OpenSSL's width) for
    /// the others.
    pub fn exponentiation_cost(&self, method: SqrtMethod) -> (usize, usize) {
        let e = self.plan.exponent();
        match method {
            SqrtMethod::Binary => binary_cost(e),
            SqrtMethod::Sliding => sliding_cost(e, sliding_window_bits(plan::bit_len(e))),
            SqrtMethod::Chain => (self.squarings(), self.multiplications()),
        }
    }

    /// Squarings and multiplications of a whole [`sqrt`] by [`SqrtMethod::Chain`] on a
    /// nonzero square, as `(S, M)`: the exponentiation, plus 1S for the check; for Atkin
    /// 2S + 3M more (v², 2x·v², x·v·(i−1)); for Tonelli–Shanks the table-driven
    /// discrete logarithm's fixed s − w squarings and 2 + k(k−1)/2 + k multiplications
    /// (w = [`ts_window`]`(s)`, k = ⌈s/w⌉).
    pub fn sqrt_cost(&self) -> (usize, usize) {
        let (s, m) = (self.squarings(), self.multiplications());
        match self.case {
            SqrtCase::ThreeMod4 => (s + 1, m),
            SqrtCase::FiveMod8 => (s + 2, m + 3),
            SqrtCase::OneMod8 { two_adicity } => {
                let (ts, tm) = tonelli::ts_cost(two_adicity as usize);
                (s + ts + 1, m + tm)
            }
        }
    }
}

/// A [`SqrtPlan`] flattened into plain values, for serialisation by callers (the library
/// has no serde): every field maps directly onto a JSON number, string or array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SqrtPlanSummary {
    /// p in hexadecimal, most significant digit first.
    pub modulus_hex: String,
    /// The case, e.g. `p ≡ 3 (mod 4): x^((p+1)/4)`.
    pub case: String,
    /// The exponent's formula in p, e.g. `(p+1)/4`.
    pub exponent_formula: &'static str,
    /// The exponent in hexadecimal.
    pub exponent_hex: String,
    /// Bit length of the exponent.
    pub exponent_bits: usize,
    /// Repunit windows, most significant first, as (length, lowest bit index).
    pub windows: Vec<(u16, u32)>,
    /// The chain's lengths 1, v₁, …
    pub chain_values: Vec<u16>,
    /// The chain's steps (a, b): w_{a+b} = w_a·2^b + w_b.
    pub chain_steps: Vec<(u16, u16)>,
    /// The chain in the seed's notation.
    pub chain_text: String,
    /// Whether the chain is known optimal (shortest, then fewest squarings).
    pub optimal: bool,
    /// (method name, squarings, multiplications) of the exponentiation, for each method.
    pub exponentiation_costs: Vec<(&'static str, usize, usize)>,
    /// (squarings, multiplications) of a whole root by the chain.
    pub sqrt_cost: (usize, usize),
}

fn hex(words: &[u64]) -> String {
    let mut s = String::new();
    for (i, w) in words.iter().rev().enumerate() {
        if i == 0 {
            s += &format!("{w:x}");
        } else {
            s += &format!("{w:016x}");
        }
    }
    if s.is_empty() {
        s.push('0');
    }
    s
}

impl SqrtPlan {
    /// The plan as plain values ([`SqrtPlanSummary`]).
    pub fn summary(&self) -> SqrtPlanSummary {
        let e = self.plan.exponent();
        SqrtPlanSummary {
            modulus_hex: hex(&self.modulus),
            case: self.case.to_string(),
            exponent_formula: self.case.exponent_formula(),
            exponent_hex: hex(e),
            exponent_bits: plan::bit_len(e),
            windows: self
                .plan
                .windows()
                .iter()
                .map(|w| (w.len, w.shift))
                .collect(),
            chain_values: self.plan.chain().values(),
            chain_steps: self.plan.chain().steps.clone(),
            chain_text: self.plan.chain().to_string(),
            optimal: self.plan.optimal(),
            exponentiation_costs: SqrtMethod::ALL
                .iter()
                .map(|&m| {
                    let (s, mm) = self.exponentiation_cost(m);
                    (m.name(), s, mm)
                })
                .collect(),
            sqrt_cost: self.sqrt_cost(),
        }
    }
}

impl fmt::Display for SqrtPlan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}; {}", self.case, self.plan)
    }
}

/// The square-root plan for prime `p` (little-endian words): exponent → repunit windows →
/// addition sequence. Taken from the generated table when p is a named prime, searched
/// otherwise ([`search_sqrt_plan`]). p must be odd and > 3; primality is not checked.
pub fn sqrt_plan_for(p: &[u64]) -> Result<SqrtPlan, SqrtPlanError> {
    let case = SqrtCase::of(p)?;
    let exponent = case.exponent(p);
    let plan = match generated_chain(p) {
        Some((chain, optimal)) => {
            let mut plan = RepunitPlan::with_chain(&exponent, chain)?;
            plan.set_optimal(optimal);
            plan
        }
        None => RepunitPlan::new(&exponent)?,
    };
    Ok(SqrtPlan {
        case,
        modulus: trimmed(p),
        plan,
    })
}

/// [`sqrt_plan_for`] always running the search (what the generator and its test use).
pub fn search_sqrt_plan(p: &[u64]) -> Result<SqrtPlan, SqrtPlanError> {
    let case = SqrtCase::of(p)?;
    let plan = RepunitPlan::new(&case.exponent(p))?;
    Ok(SqrtPlan {
        case,
        modulus: trimmed(p),
        plan,
    })
}

fn trimmed(p: &[u64]) -> Vec<u64> {
    let mut v = p.to_vec();
    while v.last() == Some(&0) {
        v.pop();
    }
    v
}

/// The generated chain for modulus `p`, if the table has one.
fn generated_chain(p: &[u64]) -> Option<(RepunitChain, bool)> {
    let p = trimmed(p);
    generated::GENERATED_PLANS
        .iter()
        .find(|g| g.modulus == p.as_slice())
        .map(|g| {
            (
                RepunitChain {
                    steps: g.steps.to_vec(),
                },
                g.optimal,
            )
        })
}

/// Per-field data, computed once per field type.
struct Ctx<F> {
    case: SqrtCase,
    exponent: Vec<u64>,
    window: usize,
    plan: OnceLock<RepunitPlan>,
    fastest: OnceLock<SqrtMethod>,
    /// Tonelli–Shanks tables (p ≡ 1 mod 8 only).
    ts: Option<tonelli::TsTables<F>>,
}

impl<F: PrimeField> Ctx<F> {
    fn build() -> Self {
        let p = F::modulus();
        let case = SqrtCase::of(p).expect("a PrimeField modulus is an odd prime > 3");
        let exponent = case.exponent(p);
        let ts = match case {
            SqrtCase::OneMod8 { two_adicity } => {
                let z = (2..)
                    .map(F::from_u64)
                    .find(|z| z.legendre() == -1)
                    .expect("half the elements of GF(p) are non-residues");
                let q = shr(p, two_adicity as usize);
                Some(tonelli::TsTables::new(
                    z.pow_vartime(&q),
                    two_adicity as usize,
                ))
            }
            _ => None,
        };
        Ctx {
            case,
            window: sliding_window_bits(plan::bit_len(&exponent)),
            exponent,
            plan: OnceLock::new(),
            fastest: OnceLock::new(),
            ts,
        }
    }

    fn plan(&self) -> &RepunitPlan {
        self.plan.get_or_init(|| {
            sqrt_plan_for(F::modulus())
                .expect("a PrimeField modulus has a plan")
                .plan
        })
    }

    fn pow(&self, x: &F, method: SqrtMethod) -> F {
        match method {
            SqrtMethod::Binary => pow_binary(x, &self.exponent),
            SqrtMethod::Sliding => pow_sliding_window(x, &self.exponent, self.window)
                .expect("the heuristic's widths are in range"),
            SqrtMethod::Chain => pow_repunit(x, self.plan()),
        }
    }
}

type CtxMap = HashMap<TypeId, &'static (dyn Any + Send + Sync)>;

/// The cached data for field `F`, built on first use. Each entry is leaked on purpose: one
/// per field type, alive for the whole process.
fn ctx<F: PrimeField>() -> &'static Ctx<F> {
    type Entry = (TypeId, &'static (dyn Any + Send + Sync));
    static CTXS: OnceLock<RwLock<CtxMap>> = OnceLock::new();
    // The entry this thread used last: a run of square roots in one field then skips the
    // lock and the hashing (together about 1 % of a P-256 decompression).
    thread_local! {
        static LAST: Cell<Option<Entry>> = const { Cell::new(None) };
    }
    let key = TypeId::of::<F>();
    if let Some((k, e)) = LAST.with(Cell::get) {
        if k == key {
            if let Some(c) = e.downcast_ref::<Ctx<F>>() {
                return c;
            }
        }
    }
    let map = CTXS.get_or_init(Default::default);
    let found = map
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .get(&key)
        .copied();
    let entry = match found {
        Some(e) => e,
        None => {
            // Built outside the lock (it may search); if another thread won the race its
            // entry is kept and ours is dropped.
            let built = Ctx::<F>::build();
            let mut w = map.write().unwrap_or_else(|e| e.into_inner());
            *w.entry(key)
                .or_insert_with(|| Box::leak(Box::new(built)) as &'static (dyn Any + Send + Sync))
        }
    };
    LAST.with(|last| last.set(Some((key, entry))));
    entry
        .downcast_ref::<Ctx<F>>()
        .expect("entries are keyed by their own type")
}

/// Make sure field `F`'s square-root data — exponent, Tonelli–Shanks table and (for
/// [`SqrtMethod::Chain`]) the plan, searched if the prime is not in the generated table —
/// is computed, so that later calls do only the root itself.
pub fn sqrt_prepare<F: PrimeField>(method: SqrtMethod) {
    let c = ctx::<F>();
    if method == SqrtMethod::Chain {
        c.plan();
    }
}

/// The plan [`sqrt`] uses for field `F` with [`SqrtMethod::Chain`] (cached).
pub fn sqrt_plan<F: PrimeField>() -> &'static RepunitPlan {
    ctx::<F>().plan()
}

/// A square root of `x`: whichever of ±√x the method yields (callers pick the parity).
/// `Err(NoSolution)` when x is not a square. See the module documentation for the
/// algorithms; the first call for a field type builds its cached data.
///
/// Run on [`crate::cost::Counted`] it spends, for a nonzero square x, exactly
/// [`SqrtPlan::sqrt_cost`] with [`SqrtMethod::Chain`] (and the other methods' own
/// exponentiation counts in place of the plan's) — once the field's data is built: the
/// first call also spends the table set-up, so call [`sqrt_prepare`] before measuring.
pub fn sqrt<F: PrimeField>(x: &F, method: SqrtMethod) -> Result<F, FieldError> {
    let c = ctx::<F>();
    sqrt_with(x, c.case, c.ts.as_ref(), |b| c.pow(b, method))
        .ok_or(FieldError::NoSolution { field: F::NAME })
}

/// The algorithms of [`sqrt`], given the case, the Tonelli–Shanks tables (p ≡ 1 mod 8) and
/// the exponentiation to [`SqrtCase::exponent`]; `None` when x is not a square.
fn sqrt_with<F: Field>(
    x: &F,
    case: SqrtCase,
    ts: Option<&tonelli::TsTables<F>>,
    pow: impl Fn(&F) -> F,
) -> Option<F> {
    if x.is_zero() {
        return Some(*x);
    }
    let root = match case {
        SqrtCase::ThreeMod4 => pow(x),
        SqrtCase::FiveMod8 => {
            // Atkin: with b = 2x, v = b^((p−5)/8), i = b·v² is a square root of −1 when
            // x is a square, and (x·v·(i − 1))² = x.
            let b = *x + *x;
            let v = pow(&b);
            let i = b * v.square();
            *x * v * (i - F::one())
        }
        SqrtCase::OneMod8 { .. } => ts
            .expect("tables are built for p ≡ 1 (mod 8)")
            .sqrt(x, pow)?,
    };
    (root.square() == *x).then_some(root)
}
