//! Seed 002's scalar multiplications on any [`CurveShape`]: the 4-NAF baseline, the
//! double-base chain (Algorithm 1 evaluated by Horner's rule), and the generalized Yao
//! algorithm (§4.1) over the DBNS (Yao-DBNS, §3.2) and the binary/Zeckendorf system
//! (Yao-BZNS, §4.2).
//!
//! All are variable time (the recodings and the additions' cache states follow the
//! scalar). Every addition goes through [`CurveShape::add`], so the cached values
//! that Yao's algorithm lets a point carry (§5.1) are used wherever they exist and the
//! operations counted are the ones that ran.

use super::CurveShape;
use crate::experiments::paper::seed002_op_costs;
use crate::field::PrimeField;
use crate::mul::{MethodSpec, SpecError};
use crate::recode::{
    bound_bits, bzns_beam, bzns_greedy, db_chain, dbns_beam, dbns_greedy, optimal_db_chain, wnaf,
    ChainWeights, DbChain, DbTerm, RecodeError, SecondBase, DB_MAX_B, DB_MAX_BEAM, DB_MAX_T,
    DB_MAX_Z, OPT_MAX_DIGIT, WNAF_MAX_WIDTH, WNAF_MIN_WIDTH,
};
use core::fmt;

/// A method of seed 002, with its parameters.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ShapeMethod {
    /// Left-to-right width-w NAF with the odd multiples P, 3P, …, (2^(w−1) − 1)P
    /// computed (and counted) on the curve; the seed's baseline is w = 4.
    Naf {
        /// The width.
        w: u32,
    },
    /// The double-base chain of Algorithm 1, evaluated by Horner's rule.
    DbChain {
        /// Bound on the exponents of 2.
        b_max: u32,
        /// Bound on the exponents of 3.
        t_max: u32,
    },
    /// Yao's algorithm over the greedy DBNS expansion (§3.2); beyond the seed, with
    /// `beam` > 1 over a beam-searched one ([`crate::recode::dbns_beam`]).
    YaoDbns {
        /// Bound on the exponents of 2.
        b_max: u32,
        /// Bound on the exponents of 3.
        t_max: u32,
        /// Beam width of the expansion's search (1: the seed's greedy expansion).
        beam: u32,
    },
    /// Beyond the seed: the cheapest double-base chain with digits ±1, ±3, …, ±r for
    /// the shape's operation costs (seed 002's Table 1 at S = 0.8M), found by dynamic
    /// programming ([`crate::recode::optimal_db_chain`]), evaluated by Horner's rule
    /// from a table of the odd multiples up to r·P.
    DbOpt {
        /// The largest digit (odd).
        r: u32,
    },
    /// Yao's algorithm over the greedy binary/Zeckendorf expansion (§4.2); with
    /// `beam` > 1 over a beam-searched one ([`crate::recode::bzns_beam`]).
    YaoBzns {
        /// Bound on the exponents of 2.
        b_max: u32,
        /// Bound on the Fibonacci indices.
        z_max: u32,
        /// Beam width of the expansion's search (1: the seed's greedy expansion).
        beam: u32,
    },
}

impl fmt::Display for ShapeMethod {
    /// The spec a user types: `naf:w=4`, `db-chain:b=160,t=61`, `yao-dbns:b=185,t=45`,
    /// `yao-bzns:b=227,z=44`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ShapeMethod::Naf { w } => write!(f, "naf:w={w}"),
            ShapeMethod::DbChain { b_max, t_max } => write!(f, "db-chain:b={b_max},t={t_max}"),
            ShapeMethod::YaoDbns { b_max, t_max, beam } => {
                write!(f, "yao-dbns:b={b_max},t={t_max}")?;
                beam_suffix(f, beam)
            }
            ShapeMethod::YaoBzns { b_max, z_max, beam } => {
                write!(f, "yao-bzns:b={b_max},z={z_max}")?;
                beam_suffix(f, beam)
            }
            ShapeMethod::DbOpt { r } => write!(f, "db-opt:r={r}"),
        }
    }
}

/// `,beam=W` for a beam search, nothing for the seed's greedy expansion.
fn beam_suffix(f: &mut fmt::Formatter<'_>, beam: u32) -> fmt::Result {
    match beam {
        1 => Ok(()),
        w => write!(f, ",beam={w}"),
    }
}

impl ShapeMethod {
    /// The specs `ecsm methods` lists for a curve of this scalar size (defaults filled in).
    pub fn listed(bits: usize) -> Vec<ShapeMethod> {
        ["naf:w=4", "db-chain", "yao-dbns", "yao-bzns", "db-opt"]
            .iter()
            .map(|s| {
                let spec: MethodSpec = s.parse().expect("built-in spec");
                ShapeMethod::from_spec(&spec, bits).expect("defaults are in range")
            })
            .collect()
    }

    /// Parse `naf:w=W`, `db-chain:b=B,t=T`, `yao-dbns:b=B,t=T` or `yao-bzns:b=B,z=Z`.
    /// Missing bounds default to the shape of the seed's best 256-bit parameters for
    /// N-bit scalars: b = ⌊0.72·N⌋ for DBNS and chains with the smallest t that makes
    /// 2^b·3^t reach N bits, b = ⌊0.89·N⌋ for BZNS with the smallest such Z. Bounds
    /// that cannot reach N bits are an error, so every N-bit scalar has an expansion.
    pub fn from_spec(spec: &MethodSpec, bits: usize) -> Result<ShapeMethod, SpecError> {
        let unknown = || SpecError::Unknown {
            name: spec.name.clone(),
            curve: "this shape".into(),
        };
        let b_default = |num: usize| (bits * num / 100) as u64;
        let fill = |base: SecondBase, b: u32| {
            (base.first()..)
                .find(|&j| bound_bits(base, b, j) >= bits)
                .unwrap_or(base.first()) as u64
        };
        let reach = |base: SecondBase, b: u64, j: u64, key: &str| {
            if bound_bits(base, b as u32, j as u32) < bits {
                return Err(SpecError::NotApplicable {
                    name: spec.to_string(),
                    curve: format!("{bits}-bit scalars"),
                    reason: format!("2^b·B_{key} must reach {bits} bits"),
                });
            }
            Ok(())
        };
        let beam = |spec: &MethodSpec| {
            spec.param("beam", 1, 1, DB_MAX_BEAM as u64)
                .map(|w| w as u32)
        };
        // b and t of the DBNS methods, t defaulting to the smallest that reaches `bits`.
        let three_bounds = || -> Result<(u32, u32), SpecError> {
            let b = spec.param("b", b_default(72), 0, DB_MAX_B as u64)?;
            let t_def = fill(SecondBase::Three, b as u32).min(DB_MAX_T as u64);
            let t = spec.param("t", t_def, 0, DB_MAX_T as u64)?;
            reach(SecondBase::Three, b, t, "t")?;
            Ok((b as u32, t as u32))
        };
        match spec.name.as_str() {
            "naf" => {
                spec.only_params(&["w"])?;
                let w = spec.param("w", 4, WNAF_MIN_WIDTH as u64, WNAF_MAX_WIDTH as u64)?;
                Ok(ShapeMethod::Naf { w: w as u32 })
            }
            "db-chain" => {
                spec.only_params(&["b", "t"])?;
                let (b_max, t_max) = three_bounds()?;
                Ok(ShapeMethod::DbChain { b_max, t_max })
            }
            "yao-dbns" => {
                spec.only_params(&["b", "t", "beam"])?;
                let (b_max, t_max) = three_bounds()?;
                Ok(ShapeMethod::YaoDbns {
                    b_max,
                    t_max,
                    beam: beam(spec)?,
                })
            }
            "yao-bzns" => {
                spec.only_params(&["b", "z", "beam"])?;
                let b = spec.param("b", b_default(89), 0, DB_MAX_B as u64)?;
                let z_def = fill(SecondBase::Fibonacci, b as u32).min(DB_MAX_Z as u64);
                let z = spec.param("z", z_def, 2, DB_MAX_Z as u64)?;
                reach(SecondBase::Fibonacci, b, z, "z")?;
                Ok(ShapeMethod::YaoBzns {
                    b_max: b as u32,
                    z_max: z as u32,
                    beam: beam(spec)?,
                })
            }
            "db-opt" => {
                spec.only_params(&["r"])?;
                let r = spec.param("r", 7, 1, OPT_MAX_DIGIT as u64)?;
                if r.is_multiple_of(2) {
                    return Err(SpecError::OutOfRange {
                        method: spec.name.clone(),
                        key: "r (odd)".into(),
                        lo: 1,
                        hi: OPT_MAX_DIGIT as u64,
                        value: r,
                    });
                }
                Ok(ShapeMethod::DbOpt { r: r as u32 })
            }
            _ => Err(unknown()),
        }
    }

    /// \[k\]P for `p` (any cache state) with this method.
    pub fn mul<F: PrimeField, S: CurveShape<F>>(
        &self,
        shape: &S,
        p: &S::Point,
        k: &[u64],
    ) -> Result<S::Point, RecodeError> {
        match *self {
            ShapeMethod::Naf { w } => Ok(naf_mul(shape, p, w, &wnaf(k, w)?)),
            ShapeMethod::DbChain { b_max, t_max } => {
                Ok(chain_mul(shape, p, &db_chain(k, b_max, t_max)?))
            }
            ShapeMethod::YaoDbns {
                b_max,
                t_max,
                beam: 1,
            } => Ok(yao_dbns(shape, p, &dbns_greedy(k, b_max, t_max)?)),
            ShapeMethod::YaoDbns { b_max, t_max, beam } => {
                Ok(yao_dbns(shape, p, &dbns_beam(k, b_max, t_max, beam)?))
            }
            ShapeMethod::YaoBzns {
                b_max,
                z_max,
                beam: 1,
            } => Ok(yao_bzns(shape, p, &bzns_greedy(k, b_max, z_max)?)),
            ShapeMethod::YaoBzns { b_max, z_max, beam } => {
                Ok(yao_bzns(shape, p, &bzns_beam(k, b_max, z_max, beam)?))
            }
            ShapeMethod::DbOpt { r } => {
                let chain = optimal_db_chain(k, r, &chain_weights(S::NAME))?;
                Ok(opt_chain_mul(shape, p, r, &chain))
            }
        }
    }
}

/// a + sign·q. The caches the addition stores in the (possibly negated) copy of q are
/// written back to q: negation keeps them valid.
fn add_signed<F: PrimeField, S: CurveShape<F>>(
    shape: &S,
    a: &mut S::Point,
    q: &mut S::Point,
    sign: i8,
) -> S::Point {
    let mut term = if sign < 0 { shape.neg(q) } else { *q };
    let sum = shape.add(a, &mut term);
    *q = if sign < 0 { shape.neg(&term) } else { term };
    sum
}

/// acc + sign·q, where a missing accumulator is the neutral element (so no addition of
/// O is ever performed or counted).
fn accumulate<F: PrimeField, S: CurveShape<F>>(
    shape: &S,
    acc: &mut Option<S::Point>,
    q: &mut S::Point,
    sign: i8,
) {
    *acc = Some(match acc.as_mut() {
        None if sign < 0 => shape.neg(q),
        None => *q,
        Some(a) => add_signed(shape, a, q, sign),
    });
}

/// Left-to-right w-NAF: the 2^(w−2) odd multiples P, 3P, … by one doubling and
/// 2^(w−2) − 1 additions, then a doubling per digit and an addition per nonzero digit.
fn naf_mul<F: PrimeField, S: CurveShape<F>>(
    shape: &S,
    p: &S::Point,
    w: u32,
    digits: &[i8],
) -> S::Point {
    let Some(top) = digits.iter().rposition(|&d| d != 0) else {
        return shape.neutral();
    };
    let mut table = odd_multiples(shape, p, 1 << (w - 2));
    let mut acc: Option<S::Point> = None;
    for &d in digits[..=top].iter().rev() {
        if let Some(a) = acc.as_mut() {
            *a = shape.dbl(a);
        }
        if d != 0 {
            let i = d.unsigned_abs() as usize / 2;
            accumulate(shape, &mut acc, &mut table[i], d.signum());
        }
    }
    acc.unwrap_or_else(|| shape.neutral())
}

/// P, 3P, 5P, … (`count` points) by one doubling and `count` − 1 additions.
fn odd_multiples<F: PrimeField, S: CurveShape<F>>(
    shape: &S,
    p: &S::Point,
    count: usize,
) -> Vec<S::Point> {
    let mut table = vec![*p];
    if count > 1 {
        let mut twice = shape.dbl(&mut table[0]);
        while table.len() < count {
            let n = table.len();
            let next = shape.add(&mut table[n - 1], &mut twice);
            table.push(next);
        }
    }
    table
}

/// The optimizer's weights for shape `name`: the seed's Table 1 costs at S = 0.8M
/// (DBL, TPL, mADD for ±P, reADD for the table's points).
fn chain_weights(name: &str) -> ChainWeights {
    let t = seed002_op_costs(name).unwrap_or([(1, 8); 11]);
    let m = |i: usize| t[i].0 as f64 + 0.8 * t[i].1 as f64;
    ChainWeights {
        dbl: m(0),
        tpl: m(1),
        add_one: m(4),
        add_table: m(3),
    }
}

/// Horner evaluation of an optimal chain from the odd multiples up to r·P.
fn opt_chain_mul<F: PrimeField, S: CurveShape<F>>(
    shape: &S,
    p: &S::Point,
    r: u32,
    chain: &DbChain,
) -> S::Point {
    if chain.start == 0 {
        return shape.neutral();
    }
    let mut table = odd_multiples(shape, p, r.div_ceil(2) as usize);
    let mut acc = table[chain.start as usize / 2];
    for step in &chain.steps {
        acc = if step.factor == 2 {
            shape.dbl(&mut acc)
        } else {
            shape.tpl(&mut acc)
        };
        if step.digit != 0 {
            let i = step.digit.unsigned_abs() as usize / 2;
            acc = add_signed(shape, &mut acc, &mut table[i], step.digit.signum());
        }
    }
    acc
}

/// `acc` ← 2^b·3^t·acc by b doublings and t triplings (triplings first).
fn scale<F: PrimeField, S: CurveShape<F>>(shape: &S, acc: &mut S::Point, b: u32, t: u32) {
    for _ in 0..t {
        *acc = shape.tpl(acc);
    }
    for _ in 0..b {
        *acc = shape.dbl(acc);
    }
}

/// Horner evaluation of a double-base chain (exponents non-increasing): b₁ doublings,
/// t₁ triplings and n − 1 additions of ±P.
fn chain_mul<F: PrimeField, S: CurveShape<F>>(
    shape: &S,
    p: &S::Point,
    terms: &[DbTerm],
) -> S::Point {
    let mut q = *p;
    let mut acc: Option<S::Point> = None;
    for (i, t) in terms.iter().enumerate() {
        accumulate(shape, &mut acc, &mut q, t.sign);
        let (nb, nt) = terms.get(i + 1).map_or((0, 0), |n| (n.b, n.j));
        let a = acc.as_mut().expect("just accumulated");
        scale(shape, a, t.b - nb, t.j - nt);
    }
    acc.unwrap_or_else(|| shape.neutral())
}

/// The generalized Yao algorithm (§4.1): with table[i] = [A_i]P and terms
/// sign·A_i·c^g, kP = d(0) + c·(d(1) + c·(d(2) + …)) with d(g) = Σ sign·table[i] over
/// the terms of group g, by Horner's rule with `step` = multiply by c. Each d(g) is added
/// into the running sum term by term rather than summed apart first: the same number of
/// additions, but each one adds a table point with its cached values (dADD, dreADD, …)
/// instead of adding two fresh sums (ADD), as the seed's Tables 5–8 count them.
fn yao<F: PrimeField, S: CurveShape<F>>(
    shape: &S,
    table: &mut [S::Point],
    terms: impl Iterator<Item = (i8, usize, usize)>,
    groups: usize,
    step: impl Fn(&mut S::Point) -> S::Point,
) -> S::Point {
    let mut by_group: Vec<Vec<(i8, usize)>> = vec![Vec::new(); groups];
    for (sign, i, g) in terms {
        by_group[g].push((sign, i));
    }
    let mut acc: Option<S::Point> = None;
    for g in (0..groups).rev() {
        if let Some(a) = acc.as_mut() {
            *a = step(a);
        }
        for &(sign, i) in &by_group[g] {
            accumulate(shape, &mut acc, &mut table[i], sign);
        }
    }
    acc.unwrap_or_else(|| shape.neutral())
}

/// Yao-DBNS (§3.2): P, 2P, …, 2^(max b)P by doublings (each doubled point keeps what
/// a later addition re-uses), d(t) = Σ ±2^b·P over the terms with exponent t, then
/// kP = d(0) + 3(d(1) + 3(…)) by triplings.
pub fn yao_dbns<F: PrimeField, S: CurveShape<F>>(
    shape: &S,
    p: &S::Point,
    terms: &[DbTerm],
) -> S::Point {
    let (Some(b_top), Some(t_top)) = (
        terms.iter().map(|t| t.b).max(),
        terms.iter().map(|t| t.j).max(),
    ) else {
        return shape.neutral();
    };
    let mut powers = Vec::with_capacity(b_top as usize + 1);
    let mut cur = *p;
    for _ in 0..b_top {
        let next = shape.dbl(&mut cur);
        powers.push(cur);
        cur = next;
    }
    powers.push(cur);
    let items = terms.iter().map(|t| (t.sign, t.b as usize, t.j as usize));
    yao(shape, &mut powers, items, t_top as usize + 1, |a| {
        shape.tpl(a)
    })
}

/// Yao-BZNS (§4.2): F_2·P, …, F_(max Z)·P by [`CurveShape::fibonacci_multiples`] (co-Z
/// additions on the Jacobian shapes), d(b) = Σ ±F_Z·P over the terms with exponent b,
/// then kP = d(0) + 2(d(1) + 2(…)) by doublings.
pub fn yao_bzns<F: PrimeField, S: CurveShape<F>>(
    shape: &S,
    p: &S::Point,
    terms: &[DbTerm],
) -> S::Point {
    let (Some(b_top), Some(z_top)) = (
        terms.iter().map(|t| t.b).max(),
        terms.iter().map(|t| t.j).max(),
    ) else {
        return shape.neutral();
    };
    let mut fib = shape.fibonacci_multiples(p, z_top as usize);
    let items = terms
        .iter()
        .map(|t| (t.sign, t.j as usize - 2, t.b as usize));
    yao(shape, &mut fib, items, b_top as usize + 1, |a| shape.dbl(a))
}

/// Evaluate a double-base chain given as terms (for the seed's worked examples and
/// tests): see [`ShapeMethod::DbChain`].
pub fn db_chain_mul<F: PrimeField, S: CurveShape<F>>(
    shape: &S,
    p: &S::Point,
    terms: &[DbTerm],
) -> S::Point {
    chain_mul(shape, p, terms)
}
