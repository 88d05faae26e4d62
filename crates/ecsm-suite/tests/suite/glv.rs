//! secp256k1's GLV endomorphism and split (issue 12): every published constant checked
//! with big integers, φ(P) = [λ]P against plain scalar multiplication, the split's
//! congruence and bounds on edge and random scalars, and the method against double-and-add
//! at every width.

use crate::common::spec;
use ecsm::curve::weierstrass::{AZero, Affine, ShortWeierstrass};
use ecsm::curves::named::{find_curve, NamedCurve};
use ecsm::field::prime::specs::FpSecp256k1;
use ecsm::field::Field;
use ecsm::mul::glv::{glv_wnaf_mul, Glv, GlvMulError, SECP256K1_GLV};
use ecsm::mul::weierstrass::double_and_add;
use ecsm::mul::{random_below, MethodSpec};
use num_bigint::{BigInt, BigUint, Sign};
use rand::SeedableRng;

const P: &str = "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f";
const N: &str = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141";

fn big(hex: &str) -> BigInt {
    match hex.strip_prefix('-') {
        Some(h) => -BigInt::parse_bytes(h.as_bytes(), 16).unwrap(),
        None => BigInt::parse_bytes(hex.as_bytes(), 16).unwrap(),
    }
}

fn words(x: &BigInt) -> Vec<u64> {
    assert!(x.sign() != Sign::Minus);
    x.to_biguint().unwrap().to_u64_digits()
}

fn from_words(w: &[u64]) -> BigInt {
    BigInt::from(BigUint::from_slice(
        &w.iter()
            .flat_map(|&x| [x as u32, (x >> 32) as u32])
            .collect::<Vec<_>>(),
    ))
}

fn secp256k1() -> &'static dyn NamedCurve {
    find_curve("secp256k1").unwrap()
}

fn curve() -> ShortWeierstrass<FpSecp256k1, AZero> {
    let mut seven = [0u8; 32];
    seven[31] = 7;
    let b = FpSecp256k1::from_bytes(&seven).unwrap();
    ShortWeierstrass::new(FpSecp256k1::zero(), b).unwrap()
}

fn glv() -> Glv<FpSecp256k1> {
    Glv::new(&SECP256K1_GLV, &words(&big(N))).unwrap()
}

fn point(enc: &[u8]) -> Affine<FpSecp256k1> {
    let x = FpSecp256k1::from_bytes(&enc[1..33]).unwrap();
    let y = FpSecp256k1::from_bytes(&enc[33..65]).unwrap();
    Affine::Point { x, y }
}

/// G and three random points of secp256k1 (multiples of G by random scalars from `seed`).
fn generator_and_random_points(seed: u64) -> Vec<Affine<FpSecp256k1>> {
    let c = secp256k1();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let n = c.order().to_vec();
    let mut points = vec![point(&c.generator(false))];
    for _ in 0..3 {
        let k = random_below(&n, &mut rng);
        points.push(point(&c.mul(&k, None, &spec("naf:w=5"), false).unwrap()));
    }
    points
}

#[test]
fn published_constants_hold() {
    let (p, n) = (big(P), big(N));
    let c = &SECP256K1_GLV;
    let beta = big(c.beta);
    let lambda = big(c.lambda);
    assert_ne!(beta, BigInt::from(1));
    assert_eq!(beta.modpow(&BigInt::from(3), &p), BigInt::from(1), "β³ = 1");
    assert_eq!(
        (&lambda * &lambda + &lambda + 1) % &n,
        BigInt::from(0),
        "λ² + λ + 1 ≡ 0 (mod n)"
    );
    for (a, b) in c.basis {
        let (a, b) = (big(a), big(b));
        let r = ((&a + &b * &lambda) % &n + &n) % &n;
        assert_eq!(r, BigInt::from(0), "a + b·λ ≡ 0 (mod n)");
        // Short: below 2^129, about √n.
        assert!(a.bits() <= 129 && b.bits() <= 129);
    }
    let [(a1, b1), (a2, b2)] = c.basis.map(|(a, b)| (big(a), big(b)));
    assert_eq!(a1 * b2 - a2 * b1, n, "the basis has determinant n");
    assert_eq!(from_words(&glv().lambda()), lambda);
}

#[test]
fn phi_is_multiplication_by_lambda() {
    let e = curve();
    let g = glv();
    let points = generator_and_random_points(21);
    for p in points {
        let phi = g.phi(&p);
        assert!(e.is_on_curve(&phi));
        let lp = double_and_add(&e, &g.lambda(), &p).to_affine();
        assert_eq!(phi, lp, "φ(P) = [λ]P");
    }
    assert_eq!(g.phi(&Affine::Infinity), Affine::Infinity);
}

/// Edge scalars: 0, 1, 2, λ, n − λ, n − 1, (n ± 1)/2, powers of two near 2^128 and
/// 2^255, and scalars whose exact split sits on a rounding boundary (multiples of the
/// basis vectors' rational coordinates).
fn edge_scalars() -> Vec<BigInt> {
    let n = big(N);
    let lambda = big(SECP256K1_GLV.lambda);
    let one = BigInt::from(1);
    let mut v = vec![
        BigInt::from(0),
        one.clone(),
        BigInt::from(2),
        lambda.clone(),
        &n - &lambda,
        &n - &one,
        (&n - &one) / 2,
        (&n + &one) / 2,
        &lambda * &lambda % &n,
    ];
    for e in [64u32, 127, 128, 129, 192, 255] {
        let pow = BigInt::from(1) << e;
        for d in [-1i32, 0, 1] {
            v.push((&pow + d) % &n);
        }
    }
    // k = ⌊j·n / (2·b2)⌋ puts k·b2/n near j/2, where the rounding of c1 flips.
    let b2 = big(SECP256K1_GLV.basis[1].1);
    let b1 = -big(SECP256K1_GLV.basis[0].1);
    for j in 1..8 {
        for b in [&b2, &b1] {
            let k = BigInt::from(j) * &n / (BigInt::from(2) * b);
            v.push(&k % &n);
            v.push((&k + 1) % &n);
        }
    }
    v
}

#[test]
fn split_is_congruent_and_short() {
    let g = glv();
    let n = big(N);
    let lambda = big(SECP256K1_GLV.lambda);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(22);
    let nw = words(&n);
    let mut scalars = edge_scalars();
    scalars.extend((0..2000).map(|_| from_words(&random_below(&nw, &mut rng))));
    let mut largest = 0u64;
    for k in scalars {
        let s = g.split(&words(&k)).expect("k < n splits");
        let k1 = if s.neg1 {
            -BigInt::from(s.k1)
        } else {
            BigInt::from(s.k1)
        };
        let k2 = if s.neg2 {
            -BigInt::from(s.k2)
        } else {
            BigInt::from(s.k2)
        };
        let back = ((&k1 + &k2 * &lambda) % &n + &n) % &n;
        assert_eq!(back, k, "k1 + k2·λ ≡ k");
        largest = largest.max(k1.bits()).max(k2.bits());
    }
    assert!(largest <= 128, "halves of {largest} bits");
    // Out of range: k ≥ n is refused, not split wrongly.
    assert!(g.split(&nw).is_none());
    assert!(g.split(&words(&(&n + 5))).is_none());
}

#[test]
fn glv_method_matches_double_and_add_at_every_width() {
    let e = curve();
    let g = glv();
    let c = secp256k1();
    let n = big(N);
    let nw = words(&n);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
    let p = point(
        &c.mul(&random_below(&nw, &mut rng), None, &spec("naf:w=5"), false)
            .unwrap(),
    );
    let mut scalars = edge_scalars();
    scalars.extend((0..6).map(|_| from_words(&random_below(&nw, &mut rng))));
    for w in 2..=8 {
        for k in &scalars {
            let kw = words(k);
            let expected = double_and_add(&e, &kw, &p).to_affine();
            let got = glv_wnaf_mul(&e, &g, &kw, &p, w).unwrap().to_affine();
            assert_eq!(got, expected, "w={w} k={k:x}");
        }
    }
    assert_eq!(
        glv_wnaf_mul(&e, &g, &[5], &Affine::Infinity, 4)
            .unwrap()
            .to_affine(),
        Affine::Infinity
    );
    // Typed refusals: an unreduced scalar, a width out of range.
    assert_eq!(
        glv_wnaf_mul(&e, &g, &nw, &p, 4).unwrap_err(),
        GlvMulError::ScalarNotReduced
    );
    assert!(matches!(
        glv_wnaf_mul(&e, &g, &[5], &p, 9),
        Err(GlvMulError::Recode(_))
    ));
}

#[test]
fn glv_is_listed_on_secp256k1_only() {
    let listed = |c: &dyn NamedCurve| c.methods().iter().any(|m| m.name == "glv");
    assert!(listed(secp256k1()));
    let glv: MethodSpec = spec("glv:w=4");
    for name in ["P-256", "secp224k1", "brainpoolP256r1"] {
        let c = find_curve(name).unwrap();
        assert!(!listed(c), "{name}");
        assert!(c.check_method(&glv).is_err(), "{name}");
    }
    assert!(secp256k1().check_method(&spec("glv:w=9")).is_err());
    assert!(secp256k1().check_method(&spec("glv:t=3")).is_err());
}

/// The inversion-free table of the GLV method (`odd_multiples_iso`): mapped back from the
/// isomorphic curve E_u by (x/u², y/u³), every entry is the multiple the affine group law
/// gives, and lies on E_u: y² = x³ + u⁶·7; a ≠ 0 is refused. The affine table
/// (`odd_multiples`, common Z and one inversion) against the same law, on secp256k1 and
/// P-256.
#[test]
fn isomorphic_table_maps_back_to_the_affine_one() {
    let e = curve();
    let points = generator_and_random_points(29);
    for p in &points {
        for t in [1, 2, 3, 8, 64] {
            let (table, u) = e.odd_multiples_iso(p, t).expect("a = 0 and P of order n");
            let reference = slow_odd_multiples(&e, p, t);
            assert_eq!(e.odd_multiples(p, t), reference, "t={t} affine table");
            assert_eq!(table.len(), t);
            let ui = u.invert().unwrap();
            let (ui2, u2) = (ui.square(), u.square());
            let b_u = e.b() * u2 * u2 * u2;
            for (i, (q, r)) in table.iter().zip(&reference).enumerate() {
                let Affine::Point { x, y } = *q else {
                    panic!("entry {i} is O")
                };
                assert_eq!(y.square(), x.square() * x + b_u, "t={t} entry {i} on E_u");
                let back = Affine::Point {
                    x: x * ui2,
                    y: y * ui2 * ui,
                };
                assert_eq!(back, *r, "t={t} entry {i}");
            }
        }
        assert!(e.odd_multiples_iso(p, 0).is_none());
    }
    assert!(e.odd_multiples_iso(&Affine::Infinity, 4).is_none());
    let p256 = find_curve("P-256").unwrap();
    let (x, y) = {
        let g = p256.generator(false);
        (g[1..33].to_vec(), g[33..65].to_vec())
    };
    type F256 = ecsm::field::prime::specs::FpP256;
    // a = −3 and b of P-256 (FIPS 186-4, D.1.2.3).
    let a = -F256::const_from_words([3, 0, 0, 0]);
    let b =
        F256::const_from_hex("5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b");
    let e256 = ShortWeierstrass::<F256, ecsm::curve::weierstrass::AMinus3>::new(a, b).unwrap();
    let g = Affine::Point {
        x: F256::from_bytes(&x).unwrap(),
        y: F256::from_bytes(&y).unwrap(),
    };
    assert!(e256.is_on_curve(&g));
    assert!(
        e256.odd_multiples_iso(&g, 4).is_none(),
        "a = −3 has no such table"
    );
    let mut q = g;
    for t in [1, 2, 8, 32] {
        assert_eq!(
            e256.odd_multiples(&q, t),
            slow_odd_multiples(&e256, &q, t),
            "P-256 t={t}"
        );
        q = e256.add_affine(&q, &q);
    }
}

/// P, 3P, …, (2t − 1)P by the affine group law, one addition of 2P at a time.
fn slow_odd_multiples<F: Field, A: ecsm::curve::weierstrass::AShape>(
    e: &ShortWeierstrass<F, A>,
    p: &Affine<F>,
    t: usize,
) -> Vec<Affine<F>> {
    let two = e.add_affine(p, p);
    let mut v = vec![*p];
    while v.len() < t {
        let last = v[v.len() - 1];
        v.push(e.add_affine(&last, &two));
    }
    v
}
