//! The Itoh–Tsujii addition chains: each field's stored chain is a valid chain for
//! m − 1 and as short as possible, and the shortest-chain search itself is right.

use ecsm::backend::Backend;
use ecsm::field::chain::{itoh_tsujii, shortest_addition_chain, AdditionChain};
use ecsm::field::gf2m::P127;
use ecsm::field::{Field, Gf2m, Gf2mSpec};

/// A chain's values start at 1, increase strictly, and each is the sum of two earlier
/// ones — the pair recorded in `steps`.
fn assert_valid(c: &AdditionChain, target: usize) {
    let v = c.values();
    assert_eq!(v[0], 1);
    assert_eq!(usize::from(c.target()), target);
    assert_eq!(v.len(), c.len() + 1);
    assert_eq!(c.steps().len(), c.len());
    assert!(
        v.windows(2).all(|w| w[0] < w[1]),
        "strictly increasing: {v:?}"
    );
    for (s, &(i, j)) in c.steps().iter().enumerate() {
        let (i, j) = (usize::from(i), usize::from(j));
        assert!(i <= s && j <= s, "step {s} uses only earlier values");
        assert_eq!(v[i] + v[j], v[s + 1], "step {s} of {v:?}");
    }
    let runs: Vec<usize> = c.square_runs().collect();
    assert_eq!(runs.len(), c.len());
    for (run, &(_, j)) in runs.iter().zip(c.steps()) {
        assert_eq!(*run, usize::from(v[usize::from(j)]));
    }
}

/// A plain list of values is an addition chain for `n`.
fn assert_valid_values(v: &[u16], n: u16) {
    assert_eq!(v[0], 1);
    assert_eq!(*v.last().unwrap(), n);
    for s in 1..v.len() {
        assert!(
            (0..s).any(|i| (0..s).any(|j| v[i] + v[j] == v[s])),
            "{} in {v:?}",
            v[s]
        );
    }
}

fn stored_chain_is_optimal<const N: usize, S: Gf2mSpec<N>, B: Backend>() {
    // The table-driven inversion's chain is as short as the stored one.
    let t = S::TABLE_CHAIN;
    assert_valid(&t, S::M - 1);
    assert_eq!(t.len(), S::CHAIN.len(), "table chain of {}", S::NAME);
    let c = S::CHAIN;
    assert_valid(&c, S::M - 1);
    // Itoh–Tsujii squares Σ runs times inside the chain and once at the end: m − 1 in all.
    assert_eq!(
        c.square_runs().sum::<usize>() + 1,
        S::M - 1,
        "squarings of {}",
        S::NAME
    );
    let n = u16::try_from(S::M - 1).unwrap();
    let best = shortest_addition_chain(n);
    assert_valid_values(&best, n);
    assert_eq!(
        c.len(),
        best.len() - 1,
        "stored chain {:?} vs shortest {best:?}",
        c.values()
    );
    // Rebuilding from the values gives the same chain.
    assert_eq!(AdditionChain::from_values(c.values()), c);
    // And it drives a correct inversion on this backend: x · IT(x) = 1.
    let x = Gf2m::<N, S, B>::x();
    for tables in [false, true] {
        assert_eq!(
            x * itoh_tsujii(&x, &c, tables),
            Gf2m::one(),
            "tables = {tables}"
        );
    }
}

gf2m_tests! {
    chain_is_valid_and_shortest: stored_chain_is_optimal<Auto>;
}

#[test]
fn chain_127_is_seed_001s() {
    assert_eq!(
        P127::CHAIN.values(),
        &[1, 2, 3, 6, 12, 24, 48, 96, 120, 126]
    );
    assert_eq!(P127::CHAIN.len(), 9);
    assert!(!P127::CHAIN.is_empty());
}

/// l(n) for n = 1…32 (OEIS A003313).
const L: [usize; 32] = [
    0, 1, 2, 2, 3, 3, 4, 3, 4, 4, 5, 4, 5, 5, 5, 4, 5, 5, 6, 5, 6, 6, 6, 5, 6, 6, 6, 6, 7, 6, 7, 5,
];

#[test]
fn shortest_chain_lengths_known_values() {
    for (i, &l) in L.iter().enumerate() {
        let n = i as u16 + 1;
        let c = shortest_addition_chain(n);
        assert_valid_values(&c, n);
        assert_eq!(c.len() - 1, l, "l({n}): {c:?}");
    }
    // The smallest n needing r steps (OEIS A003064): l(n) = r and l(n − 1) = r − 1.
    for (n, r) in [(47u16, 8usize), (71, 9), (127, 10), (191, 11), (379, 12)] {
        assert_eq!(shortest_addition_chain(n).len() - 1, r, "l({n})");
        assert_eq!(
            shortest_addition_chain(n - 1).len() - 1,
            r - 1,
            "l({})",
            n - 1
        );
    }
    // Powers of two need exactly their doublings.
    for k in 0..12 {
        assert_eq!(shortest_addition_chain(1 << k).len() - 1, k);
    }
}

#[test]
fn trivial_chain() {
    let c = AdditionChain::from_values(&[1]);
    assert!(c.is_empty());
    assert_eq!(c.len(), 0);
    assert_eq!(c.target(), 1);
    assert_eq!(c.square_runs().count(), 0);
}

#[test]
#[should_panic(expected = "not the sum of two earlier values")]
fn invalid_chain_rejected() {
    let _ = AdditionChain::from_values(&[1, 2, 5]);
}

#[test]
#[should_panic(expected = "a chain starts at 1")]
fn chain_must_start_at_one() {
    let _ = AdditionChain::from_values(&[2, 4]);
}

#[test]
#[should_panic(expected = "strictly increase")]
fn repeated_value_is_rejected() {
    let _ = AdditionChain::from_values(&[1, 2, 2]);
}

#[test]
#[should_panic(expected = "strictly increase")]
fn decreasing_value_is_rejected() {
    let _ = AdditionChain::from_values(&[1, 2, 4, 3]);
}
