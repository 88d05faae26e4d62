//! `mul::modn`, the Barrett reduction every prime and Edwards curve applies to its
//! scalar: k mod n against num-bigint's remainder, for moduli of 1 to 12 words (the
//! curve orders, powers of 2^64, all-ones words, random ones) and scalars of 0 to 70
//! words around the multiples of n, where Barrett's quotient estimate is off by the
//! most.

use ecsm::curves::named::all_curves;
use ecsm::mul::modn::ScalarModulus;
use num_bigint::BigUint;
use rand::{Rng, SeedableRng};

fn big(w: &[u64]) -> BigUint {
    BigUint::from_slice(
        &w.iter()
            .flat_map(|&x| [x as u32, (x >> 32) as u32])
            .collect::<Vec<_>>(),
    )
}

fn words(x: &BigUint, len: usize) -> Vec<u64> {
    let mut w = x.to_u64_digits();
    assert!(w.len() <= len, "{x:x} wider than {len} words");
    w.resize(len, 0);
    w
}

/// k mod n for one k against num-bigint, with the result as long as the n given.
fn check(m: &ScalarModulus, n: &[u64], k: &[u64]) {
    let got = m.reduce(k);
    assert_eq!(got.len(), n.len(), "result length");
    let want = words(&(big(k) % big(n)), n.len());
    assert_eq!(&got[..], &want[..], "k = {:x}, n = {:x}", big(k), big(n));
}

/// Scalars that stress the quotient estimate: the multiples q·n + r with r ∈ {0, 1,
/// n − 1}, q ∈ {0, 1, 2, 3, b^j − 1, b^j, random}, all-ones and single-bit words.
fn edge_scalars(n: &[u64], rng: &mut impl Rng) -> Vec<Vec<u64>> {
    let nb = big(n);
    let one = BigUint::from(1u8);
    let mut qs: Vec<BigUint> = (0u8..4).map(BigUint::from).collect();
    for j in [1usize, 2, 5, 20] {
        let bj = &one << (64 * j);
        qs.push(&bj - &one);
        qs.push(bj);
        let r: Vec<u64> = (0..j).map(|_| rng.gen()).collect();
        qs.push(big(&r));
    }
    let mut out = Vec::new();
    for q in &qs {
        for r in [BigUint::from(0u8), one.clone(), &nb - &one] {
            let k = q * &nb + r;
            let len = k.to_u64_digits().len();
            out.push(words(&k, len));
            // The same value with zero top words, which must not change the result.
            out.push(words(&k, len + 3));
        }
    }
    for len in [
        0usize,
        1,
        n.len() - 1,
        n.len(),
        n.len() + 1,
        2 * n.len(),
        70,
    ] {
        out.push(vec![u64::MAX; len]);
        let mut single = vec![0u64; len.max(1)];
        *single.last_mut().unwrap() = 1 << 63;
        out.push(single);
    }
    out
}

fn check_modulus(n: &[u64], rng: &mut impl Rng, randoms: usize) {
    let m = ScalarModulus::new(n).expect("n ≠ 0");
    for k in edge_scalars(n, rng) {
        check(&m, n, &k);
    }
    for _ in 0..randoms {
        let len = rng.gen_range(0..=70);
        let k: Vec<u64> = (0..len).map(|_| rng.gen()).collect();
        check(&m, n, &k);
    }
}

#[test]
fn barrett_reduction_matches_big_integers() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x6d6f_646e);
    // Moduli of every shape Barrett's constant treats differently: 1, powers of 2^64
    // (μ needs L + 2 words), all-ones words, a top word of 1, random widths.
    let mut moduli: Vec<Vec<u64>> = vec![vec![1], vec![2], vec![3], vec![u64::MAX]];
    for l in 1..=12usize {
        let mut pow = vec![0u64; l];
        pow[l - 1] = 1;
        moduli.push(pow);
        moduli.push(vec![u64::MAX; l]);
        let mut top1: Vec<u64> = (0..l).map(|_| rng.gen()).collect();
        top1[l - 1] = 1;
        moduli.push(top1);
        let mut r: Vec<u64> = (0..l).map(|_| rng.gen()).collect();
        r[l - 1] |= 1 << rng.gen_range(0..64);
        moduli.push(r);
        // Zero top words given with n: the result keeps that length.
        let mut padded: Vec<u64> = (0..l).map(|_| rng.gen()).collect();
        padded[l - 1] |= 1;
        padded.extend([0, 0]);
        moduli.push(padded);
    }
    for n in &moduli {
        check_modulus(n, &mut rng, 40);
    }
}

#[test]
fn curve_orders_reduce_like_big_integers() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x6e6f_7264);
    let mut tested = 0;
    for curve in all_curves() {
        let n = curve.order();
        check_modulus(n, &mut rng, 100);
        // h·n too, which the Edwards curves reduce by (4ℓ).
        let hn = big(n) * BigUint::from(curve.cofactor());
        check_modulus(&words(&hn, n.len() + 1), &mut rng, 20);
        tested += 1;
    }
    assert!(tested >= 50, "only {tested} curve orders");
}

#[test]
fn zero_modulus_is_refused() {
    assert!(ScalarModulus::new(&[]).is_none());
    assert!(ScalarModulus::new(&[0, 0]).is_none());
    let m = ScalarModulus::new(&[7, 0]).unwrap();
    assert_eq!(m.modulus(), &[7]);
    assert_eq!(&m.reduce(&[50])[..], &[1, 0]);
}
