//! Products, sums of two products and squares of every GF(2^m), on every backend,
//! against a slow bit-by-bit reference written here: multiply polynomials over GF(2) one
//! coefficient pair at a time, then clear the bits ≥ m from the top down with the field
//! polynomial.

use crate::common;

use common::{edge_words, monomial_words, randoms, rng, FromWords};
use ecsm::backend::Backend;
use ecsm::field::{Field, Gf2m, Gf2mSpec};
use rand::RngCore;

/// The reduction polynomials, as their exponents (FIPS 186-4 §D.1.3, and seed 001's
/// x^127 + x^63 + 1), written independently of the library's specs.
fn polynomial(m: usize) -> &'static [usize] {
    match m {
        127 => &[127, 63, 0],
        163 => &[163, 7, 6, 3, 0],
        233 => &[233, 74, 0],
        283 => &[283, 12, 7, 5, 0],
        409 => &[409, 87, 0],
        571 => &[571, 10, 5, 2, 0],
        _ => panic!("no reference polynomial for degree {m}"),
    }
}

/// Coefficients (0 or 1) of the polynomial held in little-endian words, `len` of them.
fn bits(words: &[u64], len: usize) -> Vec<u8> {
    (0..len)
        .map(|i| words.get(i / 64).map_or(0, |w| ((w >> (i % 64)) & 1) as u8))
        .collect()
}

/// a·b mod f, one bit at a time. `f` lists the exponents of the field polynomial,
/// highest (the degree m) first.
fn reference_mul(a: &[u8], b: &[u8], f: &[usize]) -> Vec<u8> {
    let m = f[0];
    let mut p = vec![0u8; a.len() + b.len()];
    for (i, &ai) in a.iter().enumerate() {
        for (j, &bj) in b.iter().enumerate() {
            p[i + j] ^= ai & bj;
        }
    }
    // x^d = x^(d−m)·x^m ≡ x^(d−m)·(f − x^m): clear bit d and add the lower terms.
    for d in (m..p.len()).rev() {
        if p[d] == 1 {
            for &e in f {
                p[d - m + e] ^= 1;
            }
            assert_eq!(p[d], 0, "the leading term cancels");
        }
    }
    assert!(p[m..].iter().all(|&c| c == 0));
    p.truncate(m);
    p
}

/// The element's coefficients, all 64·N of them (the bits ≥ m must be zero).
fn coeffs<const N: usize, S: Gf2mSpec<N>, B: Backend>(a: &Gf2m<N, S, B>) -> Vec<u8> {
    bits(a.limbs(), 64 * N)
}

/// The reference result padded to 64·N coefficients.
fn expected<const N: usize>(r: Vec<u8>) -> Vec<u8> {
    let mut r = r;
    r.resize(64 * N, 0);
    r
}

/// Edge operands and random ones; every pair of edge operands, each edge operand with
/// random ones, and random pairs, multiplied and squared on backend `B`.
fn matches_reference<const N: usize, S: Gf2mSpec<N>, B: Backend>() {
    let f = polynomial(S::M);
    assert_eq!(f[0], S::M);
    let edges: Vec<Gf2m<N, S, B>> = edge_words(S::M, N)
        .iter()
        .map(|w| Gf2m::from_words(w))
        .collect();
    let random: Vec<Gf2m<N, S, B>> = randoms(S::M as u64, 24);
    let mut pairs = Vec::new();
    for a in edges.iter().chain(&random) {
        for b in &edges {
            pairs.push((*a, *b));
            pairs.push((*b, *a));
        }
    }
    let more: Vec<Gf2m<N, S, B>> = randoms(1000 + S::M as u64, 80);
    pairs.extend(more.chunks(2).map(|c| (c[0], c[1])));

    let mut products = Vec::with_capacity(pairs.len());
    for &(a, b) in &pairs {
        let (ab, bb) = (bits(a.limbs(), S::M), bits(b.limbs(), S::M));
        let want = expected::<N>(reference_mul(&ab, &bb, f));
        assert_eq!(coeffs(&(a * b)), want, "{} product {a:?} · {b:?}", B::NAME);
        products.push(want);
    }
    // a·b + c·d (one reduction of the summed products on the carry-less backends) for
    // each pair and the next: the sum of the two reference products.
    for i in 0..pairs.len() {
        let j = (i + 1) % pairs.len();
        let ((a, b), (c, d)) = (pairs[i], pairs[j]);
        let want: Vec<u8> = products[i]
            .iter()
            .zip(&products[j])
            .map(|(x, y)| x ^ y)
            .collect();
        assert_eq!(
            coeffs(&Field::mul_add(&a, &b, &c, &d)),
            want,
            "{} {a:?} · {b:?} + {c:?} · {d:?}",
            B::NAME
        );
        // The same two products as a pair (both lanes of one 256-bit product on
        // `vpclmul` for GF(2^233)), and as a product by a constant beside a product.
        for (ab, cd) in [
            Field::mul_pair(&a, &b, &c, &d),
            Field::mul_const_pair(&a, &b, &c, &d),
        ] {
            assert_eq!(
                (coeffs(&ab), coeffs(&cd)),
                (products[i].clone(), products[j].clone()),
                "{} pair {a:?} · {b:?}, {c:?} · {d:?}",
                B::NAME
            );
        }
    }
    // Squares in pairs: each operand with the next.
    let all: Vec<Gf2m<N, S, B>> = edges.iter().chain(&random).chain(&more).copied().collect();
    for (i, a) in all.iter().enumerate() {
        let c = all[(i + 1) % all.len()];
        let (aa, cc) = Field::square_pair(a, &c);
        let (ab, cb) = (bits(a.limbs(), S::M), bits(c.limbs(), S::M));
        assert_eq!(
            (coeffs(&aa), coeffs(&cc)),
            (
                expected::<N>(reference_mul(&ab, &ab, f)),
                expected::<N>(reference_mul(&cb, &cb, f))
            ),
            "{} squares of {a:?}, {c:?}",
            B::NAME
        );
    }
    for a in edges.iter().chain(&random).chain(&more) {
        let ab = bits(a.limbs(), S::M);
        assert_eq!(
            coeffs(&a.square()),
            expected::<N>(reference_mul(&ab, &ab, f)),
            "{} square of {a:?}",
            B::NAME
        );
    }
}

/// The reference itself: x^(m−1)·x = x^m ≡ the polynomial's lower terms, and the
/// library's spec describes the same polynomial.
fn reference_is_sound<const N: usize, S: Gf2mSpec<N>, B: Backend>() {
    let f = polynomial(S::M);
    let mut terms: Vec<usize> = f[1..f.len() - 1].to_vec();
    terms.sort_unstable();
    assert_eq!(S::TERMS, &terms[..], "reduction terms of {}", S::NAME);

    let top = bits(&monomial_words(N, S::M - 1), S::M);
    let x = bits(&[2], S::M);
    let r = reference_mul(&top, &x, f);
    let want: Vec<u8> = (0..S::M).map(|i| u8::from(f[1..].contains(&i))).collect();
    assert_eq!(r, want);

    // And the field agrees: x^(m−1)·x has exactly the bits of the lower terms.
    let xm = Gf2m::<N, S, B>::from_words(&monomial_words(N, S::M - 1)) * Gf2m::<N, S, B>::x();
    let mut limbs = [0u64; N];
    for &e in &f[1..] {
        limbs[e / 64] |= 1 << (e % 64);
    }
    assert_eq!(xm.limbs(), &limbs);
}

/// The three backends give bit-identical products on the same operands.
fn backends_agree<const N: usize, S: Gf2mSpec<N>, B: Backend>() {
    let mut r = rng(7 * S::M as u64);
    for _ in 0..200 {
        let mut w = [0u64; N];
        w.iter_mut().for_each(|x| *x = r.next_u64());
        let a = Gf2m::<N, S, ecsm::backend::Portable>::from_words(&w);
        w.iter_mut().for_each(|x| *x = r.next_u64());
        let b = Gf2m::<N, S, ecsm::backend::Portable>::from_words(&w);
        let (ab, aa, sum) = (a * b, a.square(), Field::mul_add(&a, &b, &b, &b));
        let (x, y) = (a.with_backend::<B>(), b.with_backend::<B>());
        assert_eq!((x * y).limbs(), ab.limbs());
        assert_eq!(x.square().limbs(), aa.limbs());
        assert_eq!(Field::mul_add(&x, &y, &y, &y).limbs(), sum.limbs());
        let (p, q) = Field::mul_pair(&x, &y, &y, &y);
        assert_eq!((p.limbs(), q.limbs()), (ab.limbs(), (b * b).limbs()));
        let (p, q) = Field::square_pair(&x, &y);
        assert_eq!((p.limbs(), q.limbs()), (aa.limbs(), b.square().limbs()));
    }
}

/// x^i · x^j = x^(i+j) for every degree i + j of a product (0 … 2m − 2), three ways of
/// splitting each, single and paired and in sums: every bit of the double-width
/// product goes once through the reduction on its own, so each of its shifted terms
/// (e.g. the five of `backend::clmul233`) is seen at every offset. x^k comes from the
/// reference, one coefficient at a time.
fn monomial_products<const N: usize, S: Gf2mSpec<N>, B: Backend>() {
    let f = polynomial(S::M);
    let m = S::M;
    let x = bits(&[2], m);
    // powers[k] = x^k mod f, by the reference.
    let mut powers = vec![bits(&[1], m)];
    for k in 1..2 * m - 1 {
        let next = reference_mul(&powers[k - 1], &x, f);
        powers.push(next);
    }
    let elem = |i: usize| Gf2m::<N, S, B>::from_words(&monomial_words(N, i));
    for (k, power) in powers.iter().enumerate() {
        let lo = k.saturating_sub(m - 1);
        let hi = k.min(m - 1);
        let want = expected::<N>(power.clone());
        for i in [lo, (lo + hi) / 2, hi] {
            let (a, b) = (elem(i), elem(k - i));
            assert_eq!(coeffs(&(a * b)), want, "{} x^{i} · x^{}", B::NAME, k - i);
            let (p, q) = Field::mul_pair(&a, &b, &b, &a);
            assert_eq!((coeffs(&p), coeffs(&q)), (want.clone(), want.clone()));
            let zero = Gf2m::<N, S, B>::from_words(&[0; N]);
            assert_eq!(coeffs(&Field::mul_add(&a, &b, &zero, &a)), want);
            assert_eq!(coeffs(&Field::mul_add(&zero, &a, &a, &b)), want);
        }
        if k % 2 == 0 {
            let a = elem(k / 2);
            assert_eq!(coeffs(&a.square()), want, "{} (x^{})²", B::NAME, k / 2);
            let (p, q) = Field::square_pair(&a, &a);
            assert_eq!((coeffs(&p), coeffs(&q)), (want.clone(), want));
        }
    }
}

gf2m_tests! {
    portable_monomial_products: monomial_products<Portable>;
    clmul_monomial_products: monomial_products<Clmul>;
    vpclmul_monomial_products: monomial_products<Vpclmul>;
    portable_matches_reference: matches_reference<Portable>;
    clmul_matches_reference: matches_reference<Clmul>;
    vpclmul_matches_reference: matches_reference<Vpclmul>;
    auto_matches_reference: matches_reference<Auto>;
    reference_sound: reference_is_sound<Portable>;
    clmul_agrees_with_portable: backends_agree<Clmul>;
    vpclmul_agrees_with_portable: backends_agree<Vpclmul>;
    auto_agrees_with_portable: backends_agree<Auto>;
}

/// Bits 0, 2, 4, … of `w` (`from` = 0) or 1, 3, 5, … (`from` = 1), packed low, one at a time.
fn gather_bits(w: u64, from: u32) -> u64 {
    (0..32).fold(0, |acc, i| acc | (((w >> (2 * i + from)) & 1) << i))
}

/// `Backend::split_even_odd` (the square root's bit gathering, PEXT on `vpclmul`) against
/// the bit-by-bit gathering, on edge and random words.
fn split_matches_bits<B: Backend>() {
    if !common::backend_available::<B>("split_even_odd") {
        return;
    }
    let mut r = rng(0x5917);
    let mut words = vec![
        0,
        u64::MAX,
        0x5555_5555_5555_5555,
        0xAAAA_AAAA_AAAA_AAAA,
        1,
        1 << 63,
    ];
    words.extend((0..2000).map(|_| r.next_u64()));
    for w in words {
        assert_eq!(
            B::split_even_odd(w),
            (gather_bits(w, 0), gather_bits(w, 1)),
            "{} on {w:#x}",
            B::NAME
        );
    }
}

#[test]
fn split_even_odd_on_every_backend() {
    split_matches_bits::<ecsm::backend::Portable>();
    split_matches_bits::<ecsm::backend::Clmul>();
    split_matches_bits::<ecsm::backend::Vpclmul>();
    split_matches_bits::<ecsm::backend::Auto>();
}
