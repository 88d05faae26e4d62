//! The named Edwards curves `ed448` and `e-521`: published base points of order ℓ
//! ([ℓ]B = O, [ℓ − 1]B = −B) with every listed method, [k]B against a slow affine
//! reference written here (the textbook Edwards addition law with inversions), the
//! encoding contract, and rejected input.

use ecsm::curves::named::{find_curve, CurveOpError, NamedCurve};
use ecsm::field::prime::{FpP448, FpP521};
use ecsm::field::PrimeField;
use ecsm::mul::MethodSpec;
use rand::RngCore;

fn spec(s: &str) -> MethodSpec {
    s.parse().unwrap()
}

/// (x, y) from `04 ‖ x ‖ y`.
fn coords<F: PrimeField>(enc: &[u8]) -> (F, F) {
    assert_eq!(enc.len(), 1 + 2 * F::BYTES);
    assert_eq!(enc[0], 4);
    let (x, y) = enc[1..].split_at(F::BYTES);
    (F::from_bytes(x).unwrap(), F::from_bytes(y).unwrap())
}

fn encode<F: PrimeField>((x, y): (F, F)) -> Vec<u8> {
    let mut v = vec![4u8];
    v.extend(x.to_bytes());
    v.extend(y.to_bytes());
    v
}

/// (x1, y1) + (x2, y2) on x² + y² = 1 + d·x²y² (Bernstein–Lange 2007, the affine law).
fn add<F: PrimeField>(d: F, (x1, y1): (F, F), (x2, y2): (F, F)) -> (F, F) {
    let t = d * x1 * x2 * y1 * y2;
    let one = F::one();
    (
        (x1 * y2 + y1 * x2) * (one + t).invert_vartime().unwrap(),
        (y1 * y2 - x1 * x2) * (one - t).invert_vartime().unwrap(),
    )
}

fn mul_ref<F: PrimeField>(d: F, p: (F, F), k: &[u64]) -> (F, F) {
    let mut acc = (F::zero(), F::one());
    for i in (0..64 * k.len()).rev() {
        acc = add(d, acc, acc);
        if (k[i / 64] >> (i % 64)) & 1 == 1 {
            acc = add(d, acc, p);
        }
    }
    acc
}

fn sub_one(n: &[u64]) -> Vec<u64> {
    let mut v = n.to_vec();
    for w in v.iter_mut() {
        let (x, borrow) = w.overflowing_sub(1);
        *w = x;
        if !borrow {
            break;
        }
    }
    v
}

fn check_curve<F: PrimeField>(name: &str, d_abs: u64) {
    let c: &dyn NamedCurve = find_curve(name).unwrap();
    let d = -F::from_u64(d_abs);
    let g = c.generator(false);
    let (gx, gy) = coords::<F>(&g);
    assert_eq!(
        gx.square() + gy.square(),
        F::one() + d * gx.square() * gy.square(),
        "{name}: B on the curve"
    );
    assert_eq!(c.cofactor(), 4);
    let neutral = encode((F::zero(), F::one()));
    let minus_g = encode((-gx, gy));
    let mut r = common_rng(name);
    let ks: Vec<Vec<u64>> = (0..3)
        .map(|_| (0..F::modulus().len()).map(|_| r.next_u64()).collect())
        .collect();
    let refs: Vec<Vec<u8>> = ks.iter().map(|k| encode(mul_ref(d, (gx, gy), k))).collect();
    let methods = c.methods();
    assert!(methods.len() >= 5, "{name}: {methods:?}");
    for m in &methods {
        assert_eq!(
            c.mul(c.order(), None, m, false).unwrap(),
            neutral,
            "{name} {m}: [ℓ]B = O"
        );
        assert_eq!(
            c.mul(&sub_one(c.order()), None, m, false).unwrap(),
            minus_g,
            "{name} {m}"
        );
        assert_eq!(
            c.mul(&[], None, m, false).unwrap(),
            neutral,
            "{name} {m}: [0]B"
        );
        assert_eq!(c.mul(&[1], Some(&g), m, false).unwrap(), g, "{name} {m}");
        for (k, want) in ks.iter().zip(&refs) {
            assert_eq!(
                &c.mul(k, Some(&g), m, false).unwrap(),
                want,
                "{name} {m}: random k"
            );
        }
    }
    // A point of order 4 (x = ±1, y = 0) is accepted by mul, outside the subgroup.
    let t4 = encode((F::one(), F::zero()));
    assert_eq!(
        c.mul(&[4], Some(&t4), &spec("naf:w=4"), false).unwrap(),
        neutral
    );
    assert_eq!(c.validate(&t4), Err(CurveOpError::NotInSubgroup));
    assert_eq!(c.validate(&neutral), Err(CurveOpError::InfinityKey));
    assert_eq!(c.validate(&g), Ok(()));
    // Off the curve, malformed, compressed.
    let off = encode((gx, gy + F::one()));
    assert!(matches!(
        c.mul(&[3], Some(&off), &spec("naf:w=4"), false),
        Err(CurveOpError::Encoding(_))
    ));
    assert!(c
        .mul(&[3], Some(&g[..g.len() - 1]), &spec("naf:w=4"), false)
        .is_err());
    let mut comp = vec![2u8];
    comp.extend(gx.to_bytes());
    assert!(matches!(
        c.decompress(&comp),
        Err(CurveOpError::Unsupported(_))
    ));
    assert!(matches!(
        c.ecdh(&[5], &g),
        Err(CurveOpError::Unsupported(_))
    ));
    assert!(
        c.check_method(&spec("yao-dbns:b=10,t=3")).is_err(),
        "bounds below the size"
    );
    assert!(c.check_method(&spec("montgomery")).is_err());
}

fn common_rng(name: &str) -> rand_chacha::ChaCha8Rng {
    crate::common::rng(name.len() as u64)
}

#[test]
fn ed448() {
    check_curve::<FpP448>("ed448", 39081);
}

#[test]
fn e521() {
    check_curve::<FpP521>("e-521", 376014);
}
