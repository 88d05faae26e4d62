//! Square roots in GF(p) and the exponentiations behind them (seed 003).
//!
//! Oracles: `Field::pow_vartime` (plain square-and-multiply over every word) for the
//! exponentiations; brute force (squaring every element of tiny fields, BFS over all
//! addition sequences of small targets) for the roots and the search; the seed's published
//! counts for P-192 and P-384.

use crate::common;

use common::rng;
use ecsm::cost::{measure, Counted, OpCounts};
use ecsm::field::prime::sqrt::{
    binary_cost, generate_source, generated::GENERATED_PLANS, pow_binary, pow_repunit, pow_sliding,
    pow_sliding_window, repunit_windows, search_repunit_sequence, search_sqrt_plan,
    shortest_repunit_sequence, sliding_cost, sliding_window_bits, sqrt, sqrt_plan, sqrt_plan_for,
    sqrt_prepare, ts_window, RepunitChain, RepunitPlan, SqrtCase, SqrtMethod, SqrtPlanError,
};
use ecsm::field::prime::*;
use ecsm::field::{Field, FieldError, Gf233, PrimeField};
use rand::RngCore;
use std::collections::HashSet;

// ---------------------------------------------------------------------------------------
// A test-only prime field GF(P) for P < 2^64, by u128 arithmetic: small enough to be
// obviously right, and lets the root algorithms run exhaustively on tiny primes.

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Small<const P: u64>(u64);

impl<const P: u64> Small<P> {
    const WORDS: [u64; 1] = [P];
}

impl<const P: u64> core::ops::Add for Small<P> {
    type Output = Self;
    fn add(self, r: Self) -> Self {
        Small(((u128::from(self.0) + u128::from(r.0)) % u128::from(P)) as u64)
    }
}
impl<const P: u64> core::ops::AddAssign for Small<P> {
    fn add_assign(&mut self, r: Self) {
        *self = *self + r;
    }
}
impl<const P: u64> core::ops::Sub for Small<P> {
    type Output = Self;
    fn sub(self, r: Self) -> Self {
        Small(((u128::from(self.0) + u128::from(P) - u128::from(r.0)) % u128::from(P)) as u64)
    }
}
impl<const P: u64> core::ops::SubAssign for Small<P> {
    fn sub_assign(&mut self, r: Self) {
        *self = *self - r;
    }
}
impl<const P: u64> core::ops::Mul for Small<P> {
    type Output = Self;
    fn mul(self, r: Self) -> Self {
        Small((u128::from(self.0) * u128::from(r.0) % u128::from(P)) as u64)
    }
}
impl<const P: u64> core::ops::MulAssign for Small<P> {
    fn mul_assign(&mut self, r: Self) {
        *self = *self * r;
    }
}
impl<const P: u64> core::ops::Neg for Small<P> {
    type Output = Self;
    fn neg(self) -> Self {
        Small::zero() - self
    }
}

impl<const P: u64> Field for Small<P> {
    const NAME: &'static str = "small-test-prime";
    const BYTES: usize = 8;
    fn zero() -> Self {
        Small(0)
    }
    fn one() -> Self {
        Small(1)
    }
    fn is_zero(&self) -> bool {
        self.0 == 0
    }
    fn square(&self) -> Self {
        *self * *self
    }
    fn ct_select(a: &Self, b: &Self, choice: u64) -> Self {
        Small(a.0 ^ ((a.0 ^ b.0) & choice))
    }
    fn invert(&self) -> Result<Self, FieldError> {
        if self.0 == 0 {
            return Err(FieldError::NotInvertible);
        }
        Ok(self.pow_vartime(&[P - 2]))
    }
    fn to_bytes(&self) -> Vec<u8> {
        self.0.to_be_bytes().to_vec()
    }
    fn from_bytes(bytes: &[u8]) -> Result<Self, FieldError> {
        let b: [u8; 8] = bytes.try_into().map_err(|_| FieldError::BadLength {
            field: Self::NAME,
            expected: 8,
            got: bytes.len(),
        })?;
        Self::from_words(&[u64::from_be_bytes(b)])
    }
    fn random(rng: &mut dyn rand_core::RngCore) -> Self {
        Small(rng.next_u64() % P)
    }
}

impl<const P: u64> PrimeField for Small<P> {
    const BITS: usize = 64 - P.leading_zeros() as usize;
    fn modulus() -> &'static [u64] {
        &Self::WORDS
    }
    fn from_u64(v: u64) -> Self {
        Small(v % P)
    }
    fn to_words(&self) -> Vec<u64> {
        vec![self.0]
    }
    fn from_words(w: &[u64]) -> Result<Self, FieldError> {
        match w {
            [v] if *v < P => Ok(Small(*v)),
            _ => Err(FieldError::OutOfRange { field: Self::NAME }),
        }
    }
    fn is_odd(&self) -> bool {
        self.0 & 1 == 1
    }
    fn legendre(&self) -> i8 {
        // Euler's criterion.
        let e = self.pow_vartime(&[(P - 1) / 2]);
        if e.is_zero() {
            0
        } else if e == Self::one() {
            1
        } else {
            -1
        }
    }
}

// ---------------------------------------------------------------------------------------
// Big constants written as the standards write them: sums of ±2^k and small integers.

const WORDS: usize = 9;

/// Σ sign·2^k + c, little-endian words (the result must be nonnegative).
fn big(terms: &[(i8, u32)], c: i64) -> Vec<u64> {
    let mut acc = [0i128; WORDS + 1];
    for &(sign, k) in terms {
        acc[(k / 64) as usize] += i128::from(sign) * (1i128 << (k % 64));
    }
    acc[0] += i128::from(c);
    let mut out = vec![0u64; WORDS + 1];
    let mut carry = 0i128;
    for i in 0..=WORDS {
        let v = acc[i] + carry;
        out[i] = v.rem_euclid(1i128 << 64) as u64;
        carry = v.div_euclid(1i128 << 64);
    }
    assert_eq!(carry, 0, "negative constant");
    while out.last() == Some(&0) {
        out.pop();
    }
    out
}

/// k·a + c for small k, c ≥ −(k·a), little-endian (a test-side multiply, independent of the
/// library's shifts).
fn mul_add(a: &[u64], k: u64, c: i64) -> Vec<u64> {
    let mut out = Vec::with_capacity(a.len() + 1);
    let mut carry = i128::from(c);
    for &w in a {
        let v = i128::from(w) * i128::from(k) + carry;
        out.push(v.rem_euclid(1i128 << 64) as u64);
        carry = v.div_euclid(1i128 << 64);
    }
    out.push(carry as u64);
    while out.last() == Some(&0) {
        out.pop();
    }
    out
}

/// The named primes (SEC 2 v2, FIPS 186-4, WAP-WTLS, ANSI X9.62, RFC 7748).
fn named_primes() -> Vec<(&'static str, Vec<u64>)> {
    vec![
        ("wtls8", big(&[(1, 112)], -537)),
        ("secp128r1", big(&[(1, 128), (-1, 97)], -1)),
        ("secp160r1", big(&[(1, 160), (-1, 31)], -1)),
        ("secp160k1", big(&[(1, 160), (-1, 32)], -21389)),
        ("wtls9", big(&[(1, 160)], -229233)),
        ("p192", big(&[(1, 192), (-1, 64)], -1)),
        ("secp192k1", big(&[(1, 192), (-1, 32)], -4553)),
        ("p224", big(&[(1, 224), (-1, 96)], 1)),
        ("secp224k1", big(&[(1, 224), (-1, 32)], -6803)),
        ("p239v1", big(&[(1, 239), (-1, 143), (-1, 95), (1, 47)], -1)),
        ("p256", big(&[(1, 256), (-1, 224), (1, 192), (1, 96)], -1)),
        ("secp256k1", big(&[(1, 256), (-1, 32)], -977)),
        ("2^255-19", big(&[(1, 255)], -19)),
        ("p384", big(&[(1, 384), (-1, 128), (-1, 96), (1, 32)], -1)),
        ("p521", big(&[(1, 521)], -1)),
    ]
}

fn prime(name: &str) -> Vec<u64> {
    named_primes()
        .into_iter()
        .find(|(n, _)| *n == name)
        .expect("named")
        .1
}

/// Run `$body::<F>()` for every declared prime field.
macro_rules! for_each_prime_field {
    ($f:ident) => {
        $f::<FpP192>();
        $f::<FpP224>();
        $f::<FpP256>();
        $f::<FpP384>();
        $f::<FpP521>();
        $f::<FpSecp256k1>();
        $f::<FpSecp224k1>();
        $f::<FpSecp192k1>();
        $f::<FpSecp160k1>();
        $f::<FpSecp160r1>();
        $f::<FpSecp128r1>();
        $f::<FpWtls8>();
        $f::<FpWtls9>();
        $f::<FpPrime239>();
        $f::<FpBrainpoolP160>();
        $f::<FpBrainpoolP192>();
        $f::<FpBrainpoolP224>();
        $f::<FpBrainpoolP256>();
        $f::<FpBrainpoolP320>();
        $f::<FpBrainpoolP384>();
        $f::<FpBrainpoolP512>();
    };
}

/// (name, p) of every declared prime field, in the order of `field::prime::specs`: the
/// generator's input.
fn declared_primes() -> Vec<(&'static str, &'static [u64])> {
    let mut v = Vec::new();
    macro_rules! push {
        ($($t:ty),*) => { $(v.push((<$t as Field>::NAME, <$t as PrimeField>::modulus()));)* };
    }
    push!(
        FpP192,
        FpP224,
        FpP256,
        FpP384,
        FpP521,
        FpSecp256k1,
        FpSecp224k1,
        FpSecp192k1,
        FpSecp160k1,
        FpSecp160r1,
        FpSecp128r1,
        FpWtls8,
        FpWtls9,
        FpPrime239,
        FpBrainpoolP160,
        FpBrainpoolP192,
        FpBrainpoolP224,
        FpBrainpoolP256,
        FpBrainpoolP320,
        FpBrainpoolP384,
        FpBrainpoolP512
    );
    v
}

#[test]
fn declared_moduli_match_the_standards() {
    for (name, p) in named_primes() {
        if let Some((_, q)) = declared_primes().into_iter().find(|(n, _)| *n == name) {
            assert_eq!(q, p.as_slice(), "{name}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Exponentiation

/// Exponents covering the edge cases: 0, 1, 2, all-ones, single windows, many short
/// windows, and random ones of 1 to 4 words.
fn exponents() -> Vec<Vec<u64>> {
    let mut es: Vec<Vec<u64>> = vec![
        vec![],
        vec![0],
        vec![1],
        vec![2],
        vec![3],
        vec![0, 0, 0],
        vec![u64::MAX],
        vec![u64::MAX, u64::MAX, u64::MAX, u64::MAX],
        vec![0x5555_5555_5555_5555; 3],
        vec![0x3333_3333_3333_3333, 0x7777_7777_7777_7777],
        vec![0xdb6d_b6db_6db6_db6d, 0x0f0f_0f0f_0f0f_0f0f],
        vec![0, 1 << 63],
        vec![0x8000_0000_0000_0001],
    ];
    for len in [1u32, 2, 5, 31, 63, 64, 65, 127, 128, 129, 200] {
        for shift in [0u32, 1, 17, 64] {
            es.push(big(&[(1, len + shift), (-1, shift)], 0));
        }
    }
    let mut r = rng(3);
    for words in 1..=4 {
        for _ in 0..6 {
            es.push((0..words).map(|_| r.next_u64()).collect());
        }
    }
    es
}

fn check_pows<F: Field>(seed: u64) {
    let mut r = rng(seed);
    for e in exponents() {
        let plan = RepunitPlan::new(&e).expect("plan");
        assert!(plan.optimal(), "search did not finish for {e:x?}");
        for _ in 0..3 {
            let x = F::random(&mut r);
            let want = x.pow_vartime(&e);
            assert_eq!(pow_binary(&x, &e), want, "binary, e = {e:x?}");
            assert_eq!(pow_sliding(&x, &e), want, "sliding, e = {e:x?}");
            for w in 1..=7 {
                assert_eq!(
                    pow_sliding_window(&x, &e, w).unwrap(),
                    want,
                    "sliding w = {w}, e = {e:x?}"
                );
            }
            assert_eq!(pow_repunit(&x, &plan), want, "repunit, e = {e:x?}");
        }
    }
}

#[test]
fn exponentiations_agree_with_pow_vartime() {
    check_pows::<Small<{ (1 << 61) - 1 }>>(1);
    check_pows::<Small<18_446_744_069_414_584_321>>(2);
    check_pows::<Gf233>(3);
}

#[test]
fn exponentiation_of_zero_and_one() {
    type F = Small<1019>;
    for e in exponents() {
        let plan = RepunitPlan::new(&e).unwrap();
        let zero_pow = if plan.windows().is_empty() {
            F::one()
        } else {
            F::zero()
        };
        assert_eq!(pow_repunit(&F::zero(), &plan), zero_pow);
        assert_eq!(pow_binary(&F::zero(), &e), zero_pow);
        assert_eq!(pow_sliding(&F::zero(), &e), zero_pow);
        assert_eq!(pow_repunit(&F::one(), &plan), F::one());
    }
}

/// Bits of e, most significant first, without leading zeros.
fn bit_string(e: &[u64]) -> String {
    let s: String = e.iter().rev().map(|w| format!("{w:064b}")).collect();
    s.trim_start_matches('0').to_string()
}

/// Independent count of the sliding-window method on the bit string: (S, M).
fn sliding_reference_counts(e: &[u64], w: usize) -> (u64, u64) {
    let bits = bit_string(e);
    if bits.is_empty() {
        return (0, 0);
    }
    let (mut s, mut m) = if w > 1 {
        (1, (1u64 << (w - 1)) - 1)
    } else {
        (0, 0)
    };
    let mut rest = bits.as_str();
    let mut first = true;
    while !rest.is_empty() {
        if let Some(tail) = rest.strip_prefix('0') {
            s += 1;
            rest = tail;
            continue;
        }
        let take = rest.len().min(w);
        let window = rest[..take].trim_end_matches('0');
        if !first {
            s += window.len() as u64;
            m += 1;
        }
        first = false;
        rest = &rest[window.len()..];
    }
    (s, m)
}

fn counts_of(f: impl FnOnce() -> Counted<Gf233>) -> OpCounts {
    measure(f).1
}

#[test]
fn measured_counts_match_the_stated_ones() {
    let x = Counted(Gf233::random(&mut rng(9)));
    let mut cases = exponents();
    cases.extend(named_primes().iter().map(|(_, p)| {
        let case = SqrtCase::of(p).unwrap();
        case.exponent(p)
    }));
    for e in cases {
        let bits = bit_string(&e);
        let n = bits.len() as u64;
        let ones = bits.bytes().filter(|&b| b == b'1').count() as u64;
        let c = counts_of(|| pow_binary(&x, &e));
        assert_eq!(
            (c.sqr, c.mul),
            (n.saturating_sub(1), ones.saturating_sub(1)),
            "binary, e = {e:x?}"
        );
        let (bs, bm) = binary_cost(&e);
        assert_eq!((c.sqr, c.mul), (bs as u64, bm as u64));
        for w in 1..=6 {
            let c = counts_of(|| pow_sliding_window(&x, &e, w).unwrap());
            assert_eq!(
                (c.sqr, c.mul),
                sliding_reference_counts(&e, w),
                "sliding w = {w}, e = {e:x?}"
            );
            let (ss, sm) = sliding_cost(&e, w);
            assert_eq!(
                (c.sqr, c.mul),
                (ss as u64, sm as u64),
                "w = {w}, e = {e:x?}"
            );
        }
        let plan = RepunitPlan::new(&e).unwrap();
        let c = counts_of(|| pow_repunit(&x, &plan));
        assert_eq!(
            (c.sqr, c.mul),
            (plan.squarings() as u64, plan.multiplications() as u64),
            "repunit, e = {e:x?}"
        );
        // Nothing else is spent.
        assert_eq!((c.inv, c.add, c.mul_const), (0, 0, 0));
    }
}

#[test]
fn sliding_window_widths_follow_openssl() {
    let widths: Vec<usize> = [1, 23, 24, 79, 80, 239, 240, 671, 672, 2000]
        .iter()
        .map(|&b| sliding_window_bits(b))
        .collect();
    assert_eq!(widths, [1, 1, 3, 3, 4, 4, 5, 5, 6, 6]);
    assert_eq!(
        pow_sliding_window(&Gf233::one(), &[5], 0),
        Err(SqrtPlanError::BadWindow { bits: 0 })
    );
    assert_eq!(
        pow_sliding_window(&Gf233::one(), &[5], 17),
        Err(SqrtPlanError::BadWindow { bits: 17 })
    );
}

// ---------------------------------------------------------------------------------------
// Windows, plans and the seed's figures

#[test]
fn windows_are_maximal_runs_of_ones() {
    for e in exponents() {
        let ws = repunit_windows(&e).unwrap();
        // Rebuild e from the windows: Σ (2^len − 1)·2^shift.
        let mut back = vec![0u64; e.len().max(1) + 1];
        for w in &ws {
            for i in w.shift..w.shift + u32::from(w.len) {
                back[(i / 64) as usize] |= 1 << (i % 64);
            }
        }
        let mut want = e.clone();
        want.resize(back.len(), 0);
        assert_eq!(back, want);
        // Most significant first, separated by at least one zero.
        for pair in ws.windows(2) {
            assert!(pair[1].shift + u32::from(pair[1].len) < pair[0].shift);
        }
    }
}

#[test]
fn exponents_are_the_ones_the_algorithms_need() {
    for (name, p) in named_primes() {
        let case = SqrtCase::of(&p).unwrap();
        let e = case.exponent(&p);
        match case {
            SqrtCase::ThreeMod4 => assert_eq!(mul_add(&e, 4, -1), p, "{name}: 4e − 1 = p"),
            SqrtCase::FiveMod8 => assert_eq!(mul_add(&e, 8, 5), p, "{name}: 8e + 5 = p"),
            SqrtCase::OneMod8 { two_adicity } => {
                // p = 2^s·(2e + 1) + 1 with 2e + 1 odd.
                let q = mul_add(&e, 2, 1);
                let mut pm1 = mul_add(&p, 1, -1);
                for _ in 0..two_adicity {
                    assert_eq!(pm1[0] & 1, 0);
                    pm1 = shr1(&pm1);
                }
                assert_eq!(pm1, q, "{name}");
            }
        }
    }
    assert_eq!(
        SqrtCase::of(&prime("p224")),
        Ok(SqrtCase::OneMod8 { two_adicity: 96 })
    );
    assert_eq!(SqrtCase::of(&prime("2^255-19")), Ok(SqrtCase::FiveMod8));
    assert_eq!(SqrtCase::of(&prime("secp224k1")), Ok(SqrtCase::FiveMod8));
    assert_eq!(SqrtCase::of(&[8]), Err(SqrtPlanError::BadModulus));
    assert_eq!(SqrtCase::of(&[3]), Err(SqrtPlanError::BadModulus));
    assert_eq!(SqrtCase::of(&[]), Err(SqrtPlanError::BadModulus));
    assert_eq!(sqrt_plan_for(&[0, 2]), Err(SqrtPlanError::BadModulus));
}

fn shr1(a: &[u64]) -> Vec<u64> {
    let mut out: Vec<u64> = (0..a.len())
        .map(|i| (a[i] >> 1) | (a.get(i + 1).copied().unwrap_or(0) << 63))
        .collect();
    while out.last() == Some(&0) {
        out.pop();
    }
    out
}

/// (S, M) of x^e measured on a counted field.
fn measured_repunit(plan: &RepunitPlan) -> (u64, u64) {
    let x = Counted(Gf233::random(&mut rng(4)));
    let c = counts_of(|| pow_repunit(&x, plan));
    (c.sqr, c.mul)
}

#[test]
fn p192_matches_the_seed() {
    let plan = sqrt_plan_for(&prime("p192")).unwrap();
    assert_eq!(plan.case, SqrtCase::ThreeMod4);
    // Seed 003: e = (2^128 − 1)·2^62.
    assert_eq!(plan.plan.exponent(), big(&[(1, 190), (-1, 62)], 0));
    assert_eq!(
        plan.plan.chain().to_string(),
        "w1 →·2 w2 →·2^2 w4 →·2^4 w8 →·2^8 w16 →·2^16 w32 →·2^32 w64 →·2^64 w128"
    );
    let (s, m) = measured_repunit(&plan.plan);
    assert_eq!(
        (s, m),
        (plan.squarings() as u64, plan.multiplications() as u64)
    );
    // Seed: 7M + 127S and 62S.
    assert!(m <= 7 && s <= 189, "{m}M + {s}S");
}

#[test]
fn plan_summary_is_plain_data() {
    let plan = sqrt_plan_for(&prime("p192")).unwrap();
    let s = plan.summary();
    assert_eq!(
        s.modulus_hex,
        "fffffffffffffffffffffffffffffffeffffffffffffffff"
    );
    assert_eq!(s.exponent_formula, "(p+1)/4");
    // (2^128 − 1)·2^62 = 0x3fff…ffc000…0 (32 f's after the 3, then 15 zero hex digits + c).
    assert_eq!(
        s.exponent_hex,
        format!("3{}c{}", "f".repeat(31), "0".repeat(15))
    );
    assert_eq!(s.exponent_bits, 190);
    assert_eq!(s.windows, [(128, 62)]);
    assert_eq!(s.chain_values, [1, 2, 4, 8, 16, 32, 64, 128]);
    assert_eq!(s.chain_steps.len(), 7);
    assert_eq!(s.chain_text, plan.plan.chain().to_string());
    assert!(s.optimal);
    assert_eq!(s.exponentiation_costs[2], ("chain", 189, 7));
    assert_eq!(s.exponentiation_costs[0], ("binary", 189, 127));
    assert_eq!(s.sqrt_cost, (190, 7));
}

#[test]
fn p384_matches_the_seed() {
    let plan = sqrt_plan_for(&prime("p384")).unwrap();
    // Seed 003: e = Σ_{127..381} 2^i + Σ_{94..125} 2^i + 2^30.
    let e = big(&[(1, 382), (-1, 127), (1, 126), (-1, 94), (1, 30)], 0);
    assert_eq!(plan.plan.exponent(), e);
    assert_eq!(plan.plan.window_lengths(), [1, 32, 255]);
    let (s, m) = measured_repunit(&plan.plan);
    assert_eq!(
        (s, m),
        (plan.squarings() as u64, plan.multiplications() as u64)
    );
    // Seed: 254S + 11M for the chain, k − 1 = 2M, 127S.
    assert!(m <= 13 && s <= 381, "{m}M + {s}S");
    assert!(plan.plan.chain().len() <= 11);
}

#[test]
fn named_primes_plans_evaluate_and_beat_binary() {
    let x = Counted(Gf233::random(&mut rng(5)));
    for (name, p) in named_primes() {
        let plan = sqrt_plan_for(&p).unwrap();
        let e = plan.plan.exponent().to_vec();
        assert!(plan.plan.optimal(), "{name}");
        assert_eq!(pow_repunit(&x.0, &plan.plan), x.0.pow_vartime(&e), "{name}");
        let chain = counts_of(|| pow_repunit(&x, &plan.plan));
        let binary = counts_of(|| pow_binary(&x, &e));
        let sliding = counts_of(|| pow_sliding(&x, &e));
        assert!(chain.mul <= binary.mul, "{name}");
        assert!(chain.mul <= sliding.mul, "{name}");
        assert!(chain.sqr <= binary.sqr + 3, "{name}");
    }
}

// ---------------------------------------------------------------------------------------
// The search

/// Cost of an addition-chain set: Σ over its values > 1 of the cheapest split's smaller
/// addend.
fn set_cost(set: u128) -> u32 {
    let vals: Vec<u32> = (1..128).filter(|&i| set >> i & 1 == 1).collect();
    vals.iter()
        .skip(1)
        .map(|&c| {
            vals.iter()
                .filter(|&&b| 2 * b <= c && set >> (c - b) & 1 == 1)
                .min()
                .copied()
                .expect("a chain value is a sum")
        })
        .sum()
}

/// Shortest length and, among the shortest, least squarings, by breadth-first search over
/// every set reachable by addition steps with values up to twice the largest target (the
/// library never goes above the largest target; this oracle does not assume that is safe).
fn brute_force(targets: &[u16]) -> (usize, u32) {
    let want: u128 = targets.iter().fold(0, |m, &t| m | 1 << t);
    let cap = 2 * u32::from(*targets.iter().max().unwrap());
    let mut level: HashSet<u128> = HashSet::from([2u128]);
    let mut seen = level.clone();
    for len in 0.. {
        let hits: Vec<u128> = level.iter().copied().filter(|s| s & want == want).collect();
        if !hits.is_empty() {
            return (len, hits.into_iter().map(set_cost).min().unwrap());
        }
        let mut next = HashSet::new();
        for &s in &level {
            let vals: Vec<u32> = (1..128).filter(|&i| s >> i & 1 == 1).collect();
            for (i, &a) in vals.iter().enumerate() {
                for &b in &vals[i..] {
                    let c = a + b;
                    if c <= cap && s >> c & 1 == 0 {
                        let n = s | 1 << c;
                        if seen.insert(n) {
                            next.insert(n);
                        }
                    }
                }
            }
        }
        level = next;
    }
    unreachable!()
}

#[test]
fn search_is_optimal_on_small_targets() {
    let mut r = rng(7);
    for case in 0..60 {
        let k = 1 + case % 4;
        let targets: Vec<u16> = (0..k).map(|_| 1 + (r.next_u32() % 40) as u16).collect();
        let found = shortest_repunit_sequence(&targets).unwrap();
        assert!(found.optimal && found.shortest);
        let chain = &found.chain;
        chain.validate().unwrap();
        let values = chain.values();
        for t in &targets {
            assert!(values.contains(t), "{targets:?}: {chain}");
        }
        let (len, s) = brute_force(&targets);
        assert_eq!(
            (chain.len(), chain.squarings() as u32),
            (len, s),
            "{targets:?}: {chain}"
        );
    }
}

#[test]
fn search_edge_cases() {
    assert_eq!(
        shortest_repunit_sequence(&[3, 0]),
        Err(SqrtPlanError::ZeroTarget)
    );
    let empty = shortest_repunit_sequence(&[]).unwrap();
    assert!(empty.chain.is_empty() && empty.optimal);
    let one = shortest_repunit_sequence(&[1, 1]).unwrap();
    assert!(one.chain.is_empty());
    // The seed's optimal chain for 15 has 5 steps.
    assert_eq!(shortest_repunit_sequence(&[15]).unwrap().chain.len(), 5);
    // An exhausted budget still gives a valid sequence, marked as not optimal.
    let targets = [2, 22, 223];
    let cut = search_repunit_sequence(&targets, 10).unwrap();
    assert!(!cut.optimal && !cut.shortest);
    cut.chain.validate().unwrap();
    assert!(targets.iter().all(|t| cut.chain.values().contains(t)));
    let full = shortest_repunit_sequence(&targets).unwrap();
    assert!(full.chain.len() <= cut.chain.len());
}

#[test]
fn search_budgets_never_give_wrong_claims() {
    // Every budget from nothing up to enough: the sequence is always valid, and whatever
    // the outcome claims (shortest, optimal) agrees with the complete search.
    // {2, 9, 16} and {2, 13, 24} need a wasted squaring (S > largest − 1), so the full
    // branch and bound runs and some budgets stop it after its first sequence.
    let mut seen_partial = false;
    for targets in [
        vec![2u16, 9, 16],
        vec![2, 13, 24],
        vec![3, 11, 37],
        vec![2, 22, 223],
    ] {
        let full = shortest_repunit_sequence(&targets).unwrap();
        for limit in 0..=full.nodes {
            let o = search_repunit_sequence(&targets, limit).unwrap();
            o.chain.validate().unwrap();
            assert!(targets.iter().all(|t| o.chain.values().contains(t)));
            if o.shortest {
                assert_eq!(o.chain.len(), full.chain.len());
            } else {
                assert!(o.chain.len() >= full.chain.len());
            }
            if o.optimal {
                assert_eq!(o.chain, full.chain);
            }
            seen_partial |= o.shortest && !o.optimal;
        }
        let last = search_repunit_sequence(&targets, full.nodes).unwrap();
        assert!(last.optimal);
    }
    assert!(
        seen_partial,
        "no budget stopped a search between its first and best sequence"
    );
}

#[test]
fn chains_are_validated() {
    let bad = RepunitChain {
        steps: vec![(1, 1), (3, 1)],
    };
    assert_eq!(
        bad.validate(),
        Err(SqrtPlanError::BadStep {
            index: 1,
            a: 3,
            b: 1
        })
    );
    let ok = RepunitChain {
        steps: vec![(1, 1), (2, 1)],
    };
    assert_eq!(ok.values(), [1, 2, 3]);
    assert_eq!((ok.multiplications(), ok.squarings()), (2, 2));
    // e = 0b1110_0111_0011 needs lengths 3, 3 and 2: present. 0b1111 needs 4: missing.
    assert!(RepunitPlan::with_chain(&[0b1110_0111_0011], ok.clone()).is_ok());
    assert_eq!(
        RepunitPlan::with_chain(&[0b1111], ok),
        Err(SqrtPlanError::MissingWindow { len: 4 })
    );
    assert_eq!(
        RepunitChain::from_values(&[2, 4]),
        Err(SqrtPlanError::ChainStart)
    );
    assert_eq!(
        RepunitChain::from_values(&[1, 2, 5]),
        Err(SqrtPlanError::NotASum { index: 2, value: 5 })
    );
    // From values, each step takes its cheapest split: 6 = 5 + 1 (one squaring), not
    // 4 + 2 (two).
    let c = RepunitChain::from_values(&[1, 2, 4, 5, 6]).unwrap();
    assert_eq!(c.steps, [(1, 1), (2, 2), (4, 1), (5, 1)]);
    assert_eq!(c.to_string(), "w1 →·2 w2 →·2^2 w4 →·2 w5 →·2 w6");
    // 8 = 4 + 4 does not start from the 5 just produced: a new run after a comma.
    let d = RepunitChain::from_values(&[1, 2, 4, 5, 8]).unwrap();
    assert_eq!(d.to_string(), "w1 →·2 w2 →·2^2 w4 →·2 w5, w4 →·2^4 w8");
}

// ---------------------------------------------------------------------------------------
// Square roots

/// Every element of GF(P): squares get a root (checked by squaring, all methods agree up
/// to sign), non-squares give NoSolution and have Legendre symbol −1.
fn exhaustive<const P: u64>() {
    let squares: HashSet<u64> = (0..P).map(|a| (Small::<P>(a).square()).0).collect();
    for a in 0..P {
        let x = Small::<P>(a);
        let roots: Vec<Result<Small<P>, FieldError>> =
            SqrtMethod::ALL.iter().map(|&m| sqrt(&x, m)).collect();
        if squares.contains(&a) {
            let r0 = roots[0]
                .clone()
                .unwrap_or_else(|e| panic!("p = {P}, x = {a}: {e}"));
            assert_eq!(r0.square(), x, "p = {P}, x = {a}");
            for r in &roots[1..] {
                let r = r.clone().unwrap();
                assert!(r == r0 || r == -r0, "p = {P}, x = {a}");
            }
        } else {
            assert_eq!(x.legendre(), -1, "p = {P}, x = {a}");
            for r in roots {
                assert_eq!(
                    r,
                    Err(FieldError::NoSolution {
                        field: "small-test-prime"
                    }),
                    "p = {P}, x = {a}"
                );
            }
        }
    }
}

#[test]
fn square_roots_exhaustively_on_tiny_primes() {
    // p ≡ 3 (mod 4)
    exhaustive::<7>();
    exhaustive::<11>();
    exhaustive::<19>();
    exhaustive::<23>();
    exhaustive::<43>();
    exhaustive::<1019>();
    // p ≡ 5 (mod 8), including p = 5 where (p − 5)/8 = 0
    exhaustive::<5>();
    exhaustive::<13>();
    exhaustive::<29>();
    exhaustive::<37>();
    exhaustive::<509>();
    // p ≡ 1 (mod 8), 2-adicity 3 to 16
    exhaustive::<17>();
    exhaustive::<41>();
    exhaustive::<73>();
    exhaustive::<97>();
    exhaustive::<113>();
    exhaustive::<193>();
    exhaustive::<257>();
    exhaustive::<7681>();
    exhaustive::<12289>();
    exhaustive::<65537>();
}

/// Random squares and non-squares of a large field; sqrt(0) = 0, sqrt(1) = ±1.
fn random_roots<F: PrimeField>(seed: u64, n: usize) {
    let mut r = rng(seed);
    for m in SqrtMethod::ALL {
        assert_eq!(sqrt(&F::zero(), m), Ok(F::zero()));
        let one = sqrt(&F::one(), m).unwrap();
        assert!(one == F::one() || one == -F::one());
    }
    let mut non_squares = 0;
    for _ in 0..n {
        let a = F::random(&mut r);
        let x = a.square();
        let roots: Vec<F> = SqrtMethod::ALL
            .iter()
            .map(|&m| sqrt(&x, m).unwrap())
            .collect();
        for root in &roots {
            assert!(*root == a || *root == -a);
        }
        let y = F::random(&mut r);
        assert_eq!(sqrt(&y, SqrtMethod::Chain).is_ok(), y.legendre() != -1);
        if y.legendre() == -1 {
            non_squares += 1;
            for m in SqrtMethod::ALL {
                assert_eq!(sqrt(&y, m), Err(FieldError::NoSolution { field: F::NAME }));
            }
        }
    }
    assert!(non_squares > 0);
}

#[test]
fn square_roots_on_64_bit_primes() {
    random_roots::<Small<{ (1 << 61) - 1 }>>(11, 200); // ≡ 3 (mod 4)
    random_roots::<Small<18_446_744_073_709_551_427>>(12, 200); // 2^64 − 189, ≡ 3 (mod 4)
    random_roots::<Small<18_446_744_073_709_551_557>>(13, 200); // 2^64 − 59, ≡ 5 (mod 8)
    random_roots::<Small<18_446_744_069_414_584_321>>(14, 200); // 2^64 − 2^32 + 1, s = 32
    random_roots::<Small<18_446_742_974_197_923_841>>(15, 200); // 2^64 − 2^40 + 1, s = 40
}

/// The whole root on a counted field costs exactly the plan's stated `sqrt_cost`, for
/// every case; roots of non-squares stop early and are refused.
fn counted_root_cost<F: PrimeField>(seed: u64) {
    let plan = sqrt_plan_for(F::modulus()).unwrap();
    sqrt_prepare::<Counted<F>>(SqrtMethod::Chain);
    let mut r = rng(seed);
    for _ in 0..8 {
        let x = F::random(&mut r);
        let sq = x.square();
        if sq.is_zero() {
            continue;
        }
        let (root, c) = measure(|| sqrt(&Counted(sq), SqrtMethod::Chain));
        assert_eq!(root.unwrap().0.square(), sq);
        assert_eq!(
            (c.sqr as usize, c.mul as usize),
            plan.sqrt_cost(),
            "{:?}",
            plan.case
        );
        let y = F::random(&mut r);
        if y.legendre() == -1 {
            assert!(sqrt(&Counted(y), SqrtMethod::Chain).is_err());
        }
    }
}

#[test]
fn sqrt_costs_on_counted_fields() {
    counted_root_cost::<Small<{ (1 << 61) - 1 }>>(21);
    counted_root_cost::<Small<18_446_744_073_709_551_557>>(22);
    counted_root_cost::<Small<18_446_744_069_414_584_321>>(23);
    counted_root_cost::<Small<18_446_742_974_197_923_841>>(24);
    counted_root_cost::<Small<65537>>(25);
    counted_root_cost::<Small<17>>(26);
}

#[test]
fn methods_parse_and_print() {
    for m in SqrtMethod::ALL {
        assert_eq!(SqrtMethod::from_name(m.name()), Some(m));
        assert_eq!(m.to_string(), m.name());
    }
    assert_eq!(SqrtMethod::from_name("fast"), None);
    assert_eq!(SqrtMethod::default(), SqrtMethod::fastest());
}

// ---------------------------------------------------------------------------------------
// The declared prime fields and the generated plans

const GENERATED_PATH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../ecsm/src/field/prime/sqrt/generated.rs"
);

#[test]
fn generated_plans_are_current() {
    let src = generate_source(&declared_primes()).unwrap();
    if std::env::var("ECSM_REGENERATE").as_deref() == Ok("1") {
        std::fs::write(GENERATED_PATH, &src).unwrap();
    }
    let file = std::fs::read_to_string(GENERATED_PATH).unwrap();
    assert!(
        file == src,
        "generated.rs differs from the generator's output: rerun this test with ECSM_REGENERATE=1"
    );
    // One optimal plan per declared prime, equal to a fresh search.
    assert_eq!(GENERATED_PLANS.len(), declared_primes().len());
    for (g, (name, p)) in GENERATED_PLANS.iter().zip(declared_primes()) {
        assert_eq!((g.field, g.modulus), (name, p));
        assert!(g.optimal, "{name}");
        let fresh = search_sqrt_plan(p).unwrap();
        assert!(fresh.plan.optimal(), "{name}");
        // The shortest chain also has the fewest squarings any chain reaching the longest
        // window can have: optimal for every weighting of S against M.
        let longest = *fresh.plan.window_lengths().last().unwrap();
        assert_eq!(
            fresh.plan.chain().squarings(),
            usize::from(longest) - 1,
            "{name}"
        );
        assert_eq!(g.steps, fresh.plan.chain().steps.as_slice(), "{name}");
        assert_eq!(
            (g.squarings, g.multiplications),
            (fresh.squarings(), fresh.multiplications()),
            "{name}"
        );
        let table = sqrt_plan_for(p).unwrap();
        assert_eq!(table, fresh, "{name}");
    }
}

/// Roots, plan and measured counts on one declared field.
fn field_checks<F: PrimeField>() {
    random_roots::<F>(31, 24);
    let p = F::modulus();
    let plan = sqrt_plan_for(p).unwrap();
    assert_eq!(sqrt_plan::<F>(), &plan.plan, "{}", F::NAME);
    let e = plan.plan.exponent();
    let mut r = rng(32);
    let x = F::random(&mut r);
    let want = x.pow_vartime(e);
    assert_eq!(pow_repunit(&x, &plan.plan), want, "{}", F::NAME);
    assert_eq!(pow_sliding(&x, e), want, "{}", F::NAME);
    assert_eq!(pow_binary(&x, e), want, "{}", F::NAME);

    // The whole root on the counted field: the exponentiation's measured counts plus the
    // fixed extras of the case (and, for the chain, exactly the plan's stated cost).
    let y = Counted(F::random(&mut r).square());
    for m in SqrtMethod::ALL {
        sqrt_prepare::<Counted<F>>(m);
    }
    for m in SqrtMethod::ALL {
        let (root, c) = measure(|| sqrt(&y, m));
        assert_eq!(root.unwrap().0.square(), y.0, "{} {m}", F::NAME);
        let (_, pc) = measure(|| match m {
            SqrtMethod::Binary => pow_binary(&y, e),
            SqrtMethod::Sliding => pow_sliding(&y, e),
            SqrtMethod::Chain => pow_repunit(&y, &plan.plan),
        });
        match plan.case {
            SqrtCase::ThreeMod4 => assert_eq!((c.sqr, c.mul), (pc.sqr + 1, pc.mul), "{}", F::NAME),
            SqrtCase::FiveMod8 => {
                assert_eq!((c.sqr, c.mul), (pc.sqr + 2, pc.mul + 3), "{}", F::NAME)
            }
            SqrtCase::OneMod8 { two_adicity } => {
                // The table-driven discrete logarithm: s − w squarings and
                // 2 + k(k − 1)/2 + k multiplications, k = ⌈s/w⌉ digits.
                let s = two_adicity as u64;
                let w = ts_window(two_adicity as usize) as u64;
                let k = s.div_ceil(w);
                assert_eq!(
                    (c.sqr, c.mul),
                    (pc.sqr + s - w + 1, pc.mul + 2 + k * (k - 1) / 2 + k),
                    "{}",
                    F::NAME
                )
            }
        }
        if m == SqrtMethod::Chain {
            assert_eq!(
                (c.sqr as usize, c.mul as usize),
                plan.sqrt_cost(),
                "{}",
                F::NAME
            );
        }
        assert_eq!(c.inv, 0);
        // The plan's stated exponentiation cost is the measured one.
        let (es, em) = plan.exponentiation_cost(m);
        assert_eq!((pc.sqr, pc.mul), (es as u64, em as u64), "{} {m}", F::NAME);
    }
    // The fastest method has the fewest measured S + M of the three.
    let fastest = SqrtMethod::fastest_for::<F>();
    let total = |m: SqrtMethod| {
        let (_, c) = measure(|| sqrt(&y, m));
        c.sqr + c.mul
    };
    for m in SqrtMethod::ALL {
        assert!(total(fastest) <= total(m), "{} {fastest} vs {m}", F::NAME);
    }
}

#[test]
fn square_roots_on_every_declared_field() {
    for_each_prime_field!(field_checks);
}

// ---------------------------------------------------------------------------------------
// Figures for the report (run with --ignored --nocapture).

fn report_field<F: PrimeField>() {
    let p = F::modulus();
    let t = std::time::Instant::now();
    let plan = search_sqrt_plan(p).unwrap();
    let dt = t.elapsed();
    let e = plan.plan.exponent();
    let x = Counted(F::random(&mut rng(6)));
    let b = counts_of_any(|| pow_binary(&x, e));
    let s = counts_of_any(|| pow_sliding(&x, e));
    let c = counts_of_any(|| pow_repunit(&x, &plan.plan));
    let bits = bit_string(e).len();
    println!(
        "{}: {}\n  {}\n  search {:.3} ms, {} nodes, optimal {}\n  \
         measured x^e: chain {}M + {}S | binary {}M + {}S | sliding(w={}) {}M + {}S",
        F::NAME,
        plan.case,
        plan.plan,
        dt.as_secs_f64() * 1e3,
        plan.plan.search_nodes(),
        plan.plan.optimal(),
        c.mul,
        c.sqr,
        b.mul,
        b.sqr,
        sliding_window_bits(bits),
        s.mul,
        s.sqr
    );
    // Wall-clock per root, for orientation only.
    let y = F::random(&mut rng(7)).square();
    let mut line = String::from("  sqrt time:");
    for m in SqrtMethod::ALL {
        sqrt_prepare::<F>(m);
        let reps = 2000;
        let t = std::time::Instant::now();
        let mut acc = y;
        for _ in 0..reps {
            acc = sqrt(&std::hint::black_box(y), m).unwrap();
        }
        std::hint::black_box(acc);
        line += &format!(
            " {m} {:.2} µs",
            t.elapsed().as_secs_f64() * 1e6 / reps as f64
        );
    }
    println!("{line}");
}

fn counts_of_any<F: Field>(f: impl FnOnce() -> Counted<F>) -> OpCounts {
    measure(f).1
}

#[test]
#[ignore = "prints the report's figures; timing, not a check"]
fn report_figures() {
    for_each_prime_field!(report_field);
}
