//! Seed 002's double-base expansions: evaluated back to k with num-bigint, bounds and
//! chain order checked, and each greedy step compared with a brute-force search on small k.

use crate::common::rng;
use ecsm::recode::{
    bound_bits, bzns_beam, bzns_greedy, chain_value, db_chain, dbns_beam, dbns_greedy,
    optimal_db_chain, ChainWeights, DbTerm, RecodeError, SecondBase, DB_MAX_BEAM,
};
use num_bigint::{BigInt, BigUint};
use rand::RngCore;

fn fib(j: u32) -> BigUint {
    let (mut a, mut b) = (BigUint::from(0u8), BigUint::from(1u8));
    for _ in 0..j {
        let c = &a + &b;
        a = b;
        b = c;
    }
    a
}

fn second(base: SecondBase, j: u32) -> BigUint {
    match base {
        SecondBase::Three => BigUint::from(3u8).pow(j),
        SecondBase::Fibonacci => fib(j),
    }
}

fn value(terms: &[DbTerm], base: SecondBase) -> BigInt {
    terms
        .iter()
        .map(|t| {
            BigInt::from(t.sign) * BigInt::from((BigUint::from(1u8) << t.b) * second(base, t.j))
        })
        .sum()
}

fn words(k: &BigUint) -> Vec<u64> {
    k.to_u64_digits()
}

/// Value, bounds, signs and (for chains) order of an expansion of k.
fn check(k: &[u64], terms: &[DbTerm], base: SecondBase, b_max: u32, j_max: u32, chain: bool) {
    let kb = k
        .iter()
        .rev()
        .fold(BigUint::default(), |a, &w| (a << 64u32) + w);
    assert_eq!(value(terms, base), BigInt::from(kb), "the terms sum to k");
    for t in terms {
        assert!(t.sign == 1 || t.sign == -1);
        assert!(
            t.b <= b_max && t.j <= j_max && t.j >= base.first(),
            "{t:?} within bounds"
        );
    }
    if chain {
        for w in terms.windows(2) {
            assert!(
                w[1].b <= w[0].b && w[1].j <= w[0].j,
                "chain exponents never increase"
            );
        }
    }
}

#[test]
fn expansions_sum_to_k_within_bounds() {
    let mut r = rng(0xdb);
    // Seed 002's best parameters (Tables 3, 4): (bits, b_max, t_max) for DBNS and chains,
    // (b_max, Z_max) for BZNS.
    for (bits_n, b_max, t_max, bz_max, z_max) in [
        (160u32, 80u32, 51u32, 142u32, 28u32),
        (160, 131, 19, 142, 28),
        (256, 185, 45, 227, 44),
        (256, 63, 122, 227, 44),
    ] {
        for _ in 0..60 {
            let mut k = vec![0u64; bits_n.div_ceil(64) as usize];
            for w in k.iter_mut() {
                *w = r.next_u64();
            }
            if !bits_n.is_multiple_of(64) {
                let last = k.len() - 1;
                k[last] &= (1u64 << (bits_n % 64)) - 1;
            }
            {
                let d = dbns_greedy(&k, b_max, t_max).unwrap();
                check(&k, &d, SecondBase::Three, b_max, t_max, false);
                let c = db_chain(&k, b_max, t_max).unwrap();
                check(&k, &c, SecondBase::Three, b_max, t_max, true);
                assert!(
                    d.len() <= c.len() + 2,
                    "the chain condition only costs terms"
                );
            }
            {
                let z = bzns_greedy(&k, bz_max, z_max).unwrap();
                check(&k, &z, SecondBase::Fibonacci, bz_max, z_max, false);
            }
        }
    }
}

/// The beam search (beyond the seed): width 1 is the greedy expansion term for term;
/// wider beams give valid expansions within the bounds, with fewer terms on average.
#[test]
fn beam_expansions_are_greedy_at_width_one_and_shorter_wider() {
    let mut r = rng(0xbea);
    let (mut greedy_terms, mut beam_terms) = ([0usize; 2], [0usize; 2]);
    for _ in 0..40 {
        let k: Vec<u64> = (0..4).map(|_| r.next_u64()).collect();
        for (i, base, b_max, j_max) in [
            (0, SecondBase::Three, 185u32, 45u32),
            (1, SecondBase::Fibonacci, 227, 44),
        ] {
            type Greedy = fn(&[u64], u32, u32) -> Result<Vec<DbTerm>, RecodeError>;
            type Beam = fn(&[u64], u32, u32, u32) -> Result<Vec<DbTerm>, RecodeError>;
            let (greedy, beam): (Greedy, Beam) = match base {
                SecondBase::Three => (dbns_greedy, dbns_beam),
                SecondBase::Fibonacci => (bzns_greedy, bzns_beam),
            };
            let g: Vec<DbTerm> = greedy(&k, b_max, j_max).unwrap();
            assert_eq!(beam(&k, b_max, j_max, 1).unwrap(), g, "width 1 is greedy");
            let w = beam(&k, b_max, j_max, 8).unwrap();
            check(&k, &w, base, b_max, j_max, false);
            greedy_terms[i] += g.len();
            beam_terms[i] += w.len();
        }
    }
    for i in 0..2 {
        assert!(
            beam_terms[i] < greedy_terms[i],
            "beam 8: {} terms in all, greedy {}",
            beam_terms[i],
            greedy_terms[i]
        );
    }
    let k = [12345u64, 0, 0, 0];
    for width in [0, DB_MAX_BEAM + 1] {
        assert!(matches!(
            dbns_beam(&k, 185, 45, width),
            Err(RecodeError::BeamOutOfRange { .. })
        ));
    }
    assert!(matches!(
        bzns_beam(&[0, 0, 0, 1 << 63], 100, 10, 4),
        Err(RecodeError::BoundsTooSmall { .. })
    ));
}

/// Brute force over every (b, j) within bounds: the greedy step's choice is a nearest one.
#[test]
fn greedy_steps_are_nearest_on_small_k() {
    for base in [SecondBase::Three, SecondBase::Fibonacci] {
        // 2^7·3^7 and 2^7·F_9 both exceed 3000.
        let (b_max, j_max) = (7u32, if base == SecondBase::Three { 7 } else { 9 });
        for k in 1u64..3000 {
            let terms = match base {
                SecondBase::Three => dbns_greedy(&[k], b_max, j_max).unwrap(),
                SecondBase::Fibonacci => bzns_greedy(&[k], b_max, j_max).unwrap(),
            };
            check(&[k], &terms, base, b_max, j_max, false);
            let mut rem = k as i64;
            for t in &terms {
                let z = |b: u32, j: u32| (1i64 << b) * i64::try_from(second(base, j)).unwrap();
                let best = (0..=b_max)
                    .flat_map(|b| (base.first()..=j_max).map(move |j| (b, j)))
                    .map(|(b, j)| (rem.abs() - z(b, j)).abs())
                    .min()
                    .unwrap();
                assert_eq!(
                    (rem.abs() - z(t.b, t.j)).abs(),
                    best,
                    "k = {k}: step {t:?} is nearest"
                );
                rem -= i64::from(t.sign) * z(t.b, t.j);
            }
            assert_eq!(rem, 0);
        }
    }
}

#[test]
fn chain_on_small_k_and_zero() {
    for k in 1u64..2000 {
        let c = db_chain(&[k], 8, 6).unwrap();
        check(&[k], &c, SecondBase::Three, 8, 6, true);
    }
    assert!(dbns_greedy(&[0], 10, 10).unwrap().is_empty());
    assert!(bzns_greedy(&[], 10, 10).unwrap().is_empty());
}

#[test]
fn bad_bounds_are_typed_errors() {
    let k = words(&(BigUint::from(1u8) << 255u32));
    assert!(matches!(
        dbns_greedy(&k, 100, 50),
        Err(RecodeError::BoundsTooSmall { bits: 256, .. })
    ));
    assert!(matches!(
        bzns_greedy(&k, 100, 1),
        Err(RecodeError::BoundOutOfRange { .. })
    ));
    assert!(matches!(
        db_chain(&k, 5000, 1),
        Err(RecodeError::BoundOutOfRange { .. })
    ));
    assert!(matches!(
        dbns_greedy(&k, 0, 3000),
        Err(RecodeError::BoundOutOfRange { .. })
    ));
    // 2^255 needs 2^b·3^t of 256 bits: b = 255, t = 0 reaches it.
    assert_eq!(bound_bits(SecondBase::Three, 255, 0), 256);
    assert_eq!(
        dbns_greedy(&k, 255, 0).unwrap(),
        vec![DbTerm {
            sign: 1,
            b: 255,
            j: 0
        }]
    );
    assert_eq!(bound_bits(SecondBase::Fibonacci, 0, 12), 8); // F_12 = 144
}

/// The optimal chain's value is k, and its cost equals a brute-force shortest-path
/// search over all integers below 2000 (the same operations and weights).
#[test]
fn optimal_chains_are_optimal_on_small_k() {
    let w = ChainWeights {
        dbl: 7.0,
        tpl: 12.6,
        add_one: 10.2,
        add_table: 13.2,
    };
    let cost = |f: u8, d: i64| {
        (if f == 2 { w.dbl } else { w.tpl })
            + match d.abs() {
                0 => 0.0,
                1 => w.add_one,
                _ => w.add_table,
            }
    };
    for r in [1u32, 3, 7] {
        let n = 2000usize;
        let mut bf = vec![f64::INFINITY; n];
        for v in 1..n {
            if v % 2 == 1 && v as u32 <= r {
                bf[v] = 0.0;
                continue;
            }
            for f in [2u8, 3] {
                for d in -(r as i64)..=r as i64 {
                    let u = v as i64 - d;
                    if (d == 0 || d % 2 != 0)
                        && u > 0
                        && u % f as i64 == 0
                        && ((u / f as i64) as usize) < v
                    {
                        bf[v] = bf[v].min(bf[(u / f as i64) as usize] + cost(f, d));
                    }
                }
            }
        }
        for k in 1..n as u64 {
            let c = optimal_db_chain(&[k], r, &w).unwrap();
            assert_eq!(chain_value(&c), vec![k], "r = {r}, k = {k}");
            let total: f64 = c.steps.iter().map(|s| cost(s.factor, s.digit as i64)).sum();
            assert!(
                (total - bf[k as usize]).abs() < 1e-9,
                "r = {r}, k = {k}: {total} vs {}",
                bf[k as usize]
            );
        }
    }
    let mut rr = rng(0x0b7);
    for _ in 0..20 {
        let k: Vec<u64> = (0..4).map(|_| rr.next_u64()).collect();
        let c = optimal_db_chain(&k, 7, &w).unwrap();
        let mut want = k.clone();
        while want.len() > 1 && want[want.len() - 1] == 0 {
            want.pop();
        }
        assert_eq!(chain_value(&c), want);
    }
    assert!(matches!(
        optimal_db_chain(&[5], 4, &w),
        Err(RecodeError::WidthOutOfRange { .. })
    ));
    assert_eq!(optimal_db_chain(&[0], 7, &w).unwrap().start, 0);
}
