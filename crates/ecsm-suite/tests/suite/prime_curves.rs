//! Named prime curves through the registry: known-answer vectors from OpenSSL (an
//! independent implementation), the group order, cross-checks of every method, SEC 1
//! round trips with every square-root method, and the rejection of each kind of bad input.

use crate::common;
use crate::common::{spec, sub_one};
use ecsm::curves::named::{all_curves, find_curve, CurveOpError, NamedCurve};
use ecsm::encoding::{words_from_be, EncodingError};
use ecsm::field::prime::sqrt::SqrtMethod;
use ecsm::mul::{random_below, MethodSpec};
use rand::SeedableRng;

const SQRT_METHODS: [SqrtMethod; 3] = [SqrtMethod::Binary, SqrtMethod::Sliding, SqrtMethod::Chain];

fn prime_curves() -> Vec<&'static dyn NamedCurve> {
    all_curves()
        .iter()
        .copied()
        .filter(|c| c.as_prime().is_some())
        .collect()
}

/// Every method spec worth checking: the listed ones and every NAF width.
fn all_methods(c: &dyn NamedCurve) -> Vec<MethodSpec> {
    let mut m = c.methods();
    for w in 2..=8 {
        m.push(spec(&format!("naf:w={w}")));
    }
    m
}

fn mul(c: &dyn NamedCurve, k: &[u64], p: Option<&[u8]>, m: &MethodSpec) -> Vec<u8> {
    c.mul(k, p, m, false).unwrap()
}

fn add_small(k: &[u64], s: u64) -> Vec<u64> {
    let mut r = k.to_vec();
    r.push(0);
    let mut carry = s;
    for w in r.iter_mut() {
        let (v, c) = w.overflowing_add(carry);
        *w = v;
        carry = c as u64;
    }
    r
}

/// −P for an uncompressed encoding, computed with big integers: (x, p − y).
fn negate(c: &dyn NamedCurve, enc: &[u8]) -> Vec<u8> {
    use num_bigint::BigUint;
    let fb = c.field_bytes();
    let p = BigUint::from_slice(
        &c.as_prime()
            .unwrap()
            .modulus()
            .iter()
            .flat_map(|w| [*w as u32, (*w >> 32) as u32])
            .collect::<Vec<_>>(),
    );
    let y = BigUint::from_bytes_be(&enc[1 + fb..]);
    let ny = (&p - y) % &p;
    let mut out = enc[..1 + fb].to_vec();
    let b = ny.to_bytes_be();
    out.extend(std::iter::repeat_n(0, fb - b.len()));
    out.extend(b);
    out
}

#[test]
fn registry_covers_openssl_prime_curves_and_names_resolve() {
    let text = include_str!("../data/openssl_prime_vectors.txt");
    for line in text.lines().filter(|l| l.starts_with("curve ")) {
        let name = &line[6..];
        assert!(find_curve(name).is_some(), "OpenSSL's {name} is missing");
        assert!(find_curve(&name.to_uppercase()).is_some());
    }
    for alias in [
        "P-256",
        "p-384",
        "prime256v1",
        "secp256r1",
        "wtls8",
        "P-521",
        "P-224",
        "P-192",
    ] {
        assert!(find_curve(alias).is_some(), "{alias}");
    }
    assert!(find_curve("secp256r2").is_none());
}

#[test]
fn openssl_known_answers() {
    let text = include_str!("../data/openssl_prime_vectors.txt");
    let mut checked = 0;
    for (name, keys, secret) in common::openssl_vectors(text) {
        let c = find_curve(name).unwrap();
        for (d, q, qc) in &keys {
            for m in all_methods(c) {
                assert_eq!(&mul(c, d, None, &m), q, "{name} {m}");
            }
            assert_eq!(
                &c.mul(d, None, &c.default_method(), true).unwrap(),
                qc,
                "{name}"
            );
            for sm in SQRT_METHODS {
                let pc = c.as_prime().unwrap();
                assert_eq!(&pc.decompress_with(qc, sm).unwrap(), q, "{name} {sm:?}");
            }
            assert_eq!(c.validate(q), Ok(()), "{name}");
            assert_eq!(c.validate(qc), Ok(()), "{name}");
        }
        if let Some(s) = secret {
            assert_eq!(c.ecdh(&keys[0].0, &keys[1].1), Ok(s.clone()), "{name}");
            assert_eq!(c.ecdh(&keys[1].0, &keys[0].2), Ok(s), "{name}");
        }
        checked += 1;
    }
    assert!(checked >= 39, "only {checked} curves checked");
}

#[test]
fn group_order_and_edge_scalars() {
    for c in prime_curves() {
        let n = c.order().to_vec();
        let g = c.generator(false);
        for m in all_methods(c) {
            let name = c.name();
            assert_eq!(mul(c, &n, None, &m), vec![0], "{name} {m}: [n]G = O");
            assert_eq!(mul(c, &[], None, &m), vec![0], "{name} {m}: [0]G = O");
            assert_eq!(mul(c, &[1], None, &m), g, "{name} {m}");
            assert_eq!(
                mul(c, &add_small(&n, 1), None, &m),
                g,
                "{name} {m}: [n+1]G = G"
            );
            assert_eq!(
                mul(c, &sub_one(&n), None, &m),
                negate(c, &g),
                "{name} {m}: [n−1]G = −G"
            );
            // [2]G, [3]G by every method agree with double-and-add.
            let reference = spec("double-add");
            for k in [2u64, 3, 4, 5, 7, 8, 15, 16, 17] {
                assert_eq!(
                    mul(c, &[k], None, &m),
                    mul(c, &[k], None, &reference),
                    "{name} {m} k={k}"
                );
            }
            // [0]O and [k]O.
            assert_eq!(c.mul(&[5], Some(&[0]), &m, false).unwrap(), vec![0]);
        }
    }
}

#[test]
fn methods_agree_on_random_and_boundary_scalars() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    for c in prime_curves() {
        let n = c.order().to_vec();
        let reference = spec("double-add");
        let p = mul(c, &random_below(&n, &mut rng), None, &reference);
        let bits = c.order_bits();
        let mut scalars: Vec<Vec<u64>> = (0..4).map(|_| random_below(&n, &mut rng)).collect();
        // Around powers of two, and scalars above n (up to 2n).
        for k in [63usize, 64, 65, bits / 2, bits - 1, bits] {
            let mut pow = vec![0u64; k / 64 + 1];
            pow[k / 64] = 1 << (k % 64);
            scalars.push(sub_one(&pow));
            scalars.push(add_small(&pow, 1));
            scalars.push(pow);
        }
        let r = random_below(&n, &mut rng);
        let mut big = n.clone();
        let mut carry = 0u64;
        for (i, w) in big.iter_mut().enumerate() {
            let (s1, c1) = w.overflowing_add(r.get(i).copied().unwrap_or(0));
            let (s2, c2) = s1.overflowing_add(carry);
            *w = s2;
            carry = (c1 || c2) as u64;
        }
        big.push(carry);
        scalars.push(big.clone());
        for k in &scalars {
            let expected = mul(c, k, Some(&p), &reference);
            for m in all_methods(c) {
                assert_eq!(mul(c, k, Some(&p), &m), expected, "{} {m}", c.name());
            }
        }
        // [n + r]P = [r]P.
        assert_eq!(
            mul(c, &big, Some(&p), &reference),
            mul(c, &r, Some(&p), &reference)
        );
    }
}

#[test]
fn decompression_round_trips_with_every_sqrt_method() {
    for c in prime_curves() {
        let pc = c.as_prime().unwrap();
        for (i, comp) in pc.random_compressed(6, 5).iter().enumerate() {
            let full = c.decompress(comp).unwrap();
            assert_eq!(full.len(), 1 + 2 * c.field_bytes());
            assert_eq!(&full[1..1 + c.field_bytes()], &comp[1..]);
            for sm in SQRT_METHODS {
                assert_eq!(
                    pc.decompress_with(comp, sm).unwrap(),
                    full,
                    "{} {i} {sm:?}",
                    c.name()
                );
            }
            // Flipping the bit gives −P.
            let mut flipped = comp.clone();
            flipped[0] ^= 1;
            assert_eq!(c.decompress(&flipped).unwrap(), negate(c, &full));
            // The uncompressed form decodes to itself.
            assert_eq!(c.decompress(&full).unwrap(), full);
        }
        assert_eq!(c.decompress(&[0]).unwrap(), vec![0]);
    }
}

/// Big-endian bytes of p + `delta` (delta ≥ 0), field size, or None if it overflows.
fn p_plus(c: &dyn NamedCurve, delta: u64) -> Option<Vec<u8>> {
    let p = c.as_prime().unwrap().modulus();
    let v = add_small(p, delta);
    let fb = c.field_bytes();
    let mut out = vec![0u8; 8 * v.len()];
    for (i, w) in v.iter().enumerate() {
        out[8 * (v.len() - 1 - i)..8 * (v.len() - i)].copy_from_slice(&w.to_be_bytes());
    }
    let cut = out.len() - fb;
    if out[..cut].iter().any(|&b| b != 0) {
        return None;
    }
    Some(out[cut..].to_vec())
}

#[test]
fn each_kind_of_bad_encoding_has_its_own_error() {
    for c in prime_curves() {
        let fb = c.field_bytes();
        let name = c.name();
        let g = c.generator(false);
        let gc = c.generator(true);
        let enc = |e| Err(CurveOpError::Encoding(e));
        assert_eq!(c.decompress(&[]), enc(EncodingError::Empty));
        for prefix in [1u8, 5, 6, 7, 0xff] {
            let mut bad = g.clone();
            bad[0] = prefix;
            assert_eq!(
                c.decompress(&bad),
                enc(EncodingError::UnknownPrefix(prefix)),
                "{name}"
            );
        }
        assert!(matches!(
            c.decompress(&g[..g.len() - 1]),
            Err(CurveOpError::Encoding(EncodingError::BadLength { .. }))
        ));
        assert!(matches!(
            c.decompress(&gc[..fb]),
            Err(CurveOpError::Encoding(EncodingError::BadLength { .. }))
        ));
        assert!(matches!(
            c.decompress(&[0, 0]),
            Err(CurveOpError::Encoding(EncodingError::BadLength { .. }))
        ));
        let mut long = gc.clone();
        long.push(0);
        assert!(matches!(
            c.decompress(&long),
            Err(CurveOpError::Encoding(EncodingError::BadLength { .. }))
        ));
        // Coordinates ≥ p: exactly p, p + 1, all ones.
        let mut too_big = vec![p_plus(c, 0).unwrap(), vec![0xff; fb]];
        too_big.extend(p_plus(c, 1));
        for x in &too_big {
            let mut bad = vec![2u8];
            bad.extend(x);
            assert_eq!(
                c.decompress(&bad),
                enc(EncodingError::CoordinateOutOfRange('x')),
                "{name}"
            );
            let mut bad = vec![4u8];
            bad.extend(x);
            bad.extend(&g[1 + fb..]);
            assert_eq!(
                c.decompress(&bad),
                enc(EncodingError::CoordinateOutOfRange('x')),
                "{name}"
            );
            let mut bad = g[..1 + fb].to_vec();
            bad.extend(x);
            assert_eq!(
                c.decompress(&bad),
                enc(EncodingError::CoordinateOutOfRange('y')),
                "{name}"
            );
        }
        // Off the curve: G with y + 1 in its last byte (wrapping within the byte changes y).
        let mut off = g.clone();
        *off.last_mut().unwrap() ^= 1;
        assert_eq!(c.decompress(&off), enc(EncodingError::NotOnCurve), "{name}");
        assert_eq!(
            c.validate(&off),
            Err(CurveOpError::Encoding(EncodingError::NotOnCurve)),
            "{name}"
        );
        // Some small x has no point (about half of all x do not).
        let mut seen_missing = false;
        for x in 1u8..64 {
            let mut cx = vec![0u8; fb];
            cx[fb - 1] = x;
            let mut e = vec![2u8];
            e.extend(&cx);
            match c.decompress(&e) {
                Err(CurveOpError::Encoding(EncodingError::NoPointWithX)) => {
                    seen_missing = true;
                    break;
                }
                Ok(_) => {}
                Err(other) => panic!("{name}: x={x}: {other}"),
            }
        }
        assert!(seen_missing, "{name}: every small x had a point");
    }
}

#[test]
fn public_key_validation() {
    for c in prime_curves() {
        let name = c.name();
        assert_eq!(c.validate(&c.generator(true)), Ok(()));
        assert_eq!(c.validate(&[0]), Err(CurveOpError::InfinityKey), "{name}");
        if c.cofactor() == 1 {
            continue;
        }
        // With h > 1 most points lie outside the subgroup; validation must agree with an
        // explicit [n]Q computed by the reference method.
        let (mut outside, mut inside) = (0, 0);
        let fb = c.field_bytes();
        for x in 1u16..200 {
            let mut e = vec![2u8; 1 + fb];
            e[1..].fill(0);
            e[fb - 1] = (x >> 8) as u8;
            e[fb] = x as u8;
            let Ok(full) = c.decompress(&e) else { continue };
            let nq = c
                .mul(c.order(), Some(&full), &spec("double-add"), false)
                .unwrap();
            match c.validate(&full) {
                Ok(()) => {
                    assert_eq!(nq, vec![0], "{name}");
                    inside += 1;
                }
                Err(CurveOpError::NotInSubgroup) => {
                    assert_ne!(nq, vec![0], "{name}");
                    outside += 1;
                }
                Err(e) => panic!("{name}: {e}"),
            }
        }
        assert!(outside > 0, "{name}: no point outside the subgroup found");
        let _ = inside;
    }
}

#[test]
fn ecdh_agreement_and_rejections() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    for c in prime_curves() {
        let name = c.name();
        let n = c.order().to_vec();
        let m = c.default_method();
        let (a, b) = (random_below(&n, &mut rng), random_below(&n, &mut rng));
        let qa = c.mul(&a, None, &m, false).unwrap();
        let qb = c.mul(&b, None, &m, true).unwrap();
        let s1 = c.ecdh(&a, &qb).unwrap();
        let s2 = c.ecdh(&b, &qa).unwrap();
        assert_eq!(s1, s2, "{name}");
        assert_eq!(s1.len(), c.field_bytes());
        // The secret is x([ab]G).
        let ab = c.mul(&a, Some(&qb), &spec("double-add"), false).unwrap();
        assert_eq!(&ab[1..1 + c.field_bytes()], &s1[..]);
        for bad_d in [
            vec![],
            n.clone(),
            add_small(&n, 1),
            vec![u64::MAX; n.len() + 1],
        ] {
            assert_eq!(
                c.ecdh(&bad_d, &qb),
                Err(CurveOpError::PrivateKeyOutOfRange),
                "{name}"
            );
        }
        assert_eq!(
            c.ecdh(&sub_one(&n), &qb).map(|s| s.len()),
            Ok(c.field_bytes())
        );
        assert_eq!(c.ecdh(&a, &[0]), Err(CurveOpError::InfinityKey));
        let mut off = qa.clone();
        *off.last_mut().unwrap() ^= 1;
        assert_eq!(
            c.ecdh(&a, &off),
            Err(CurveOpError::Encoding(EncodingError::NotOnCurve))
        );
        assert!(c.ecdh(&a, &qa[..5]).is_err());
        let _ = words_from_be(&s1);
    }
}

#[test]
fn unknown_methods_and_parameters_are_rejected() {
    let c = find_curve("P-256").unwrap();
    for bad in [
        "naf:w=1",
        "naf:w=9",
        "naf:t=3",
        "double-add:w=2",
        "x-jsf",
        "montgomery",
    ] {
        assert!(c.check_method(&spec(bad)).is_err(), "{bad}");
        assert!(c.mul(&[1], None, &spec(bad), false).is_err(), "{bad}");
    }
    for m in c.methods() {
        assert_eq!(c.check_method(&m), Ok(()));
    }
    let long = vec![1u64; 65];
    assert!(matches!(
        c.mul(&long, None, &c.default_method(), false),
        Err(CurveOpError::ScalarTooLong { .. })
    ));
}
