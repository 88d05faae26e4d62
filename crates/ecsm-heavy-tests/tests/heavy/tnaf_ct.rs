//! The constant-time τ-adic method of the Koblitz curves (`tnaf-ct:w=W`,
//! `ecsm::mul::tnaf_ct`): its regular digits evaluated back in Z[τ] (≡ k modulo τ^m − 1,
//! every digit odd and below 2^(w−1), one length per curve and width); an operation count
//! that does not depend on the scalar; ECDH through it; the typed errors. The method
//! against double-and-add, the ladder and the affine reference (all five K-curves, points
//! of order 2 and 4 and their sums, a curve of unknown order) is checked beside `tnaf` in
//! `tnaf.rs`.

use crate::binary_named::params;
use crate::common::spec;
use crate::tnaf::{big, divides, scalars, KOBLITZ};
use ecsm::cost::{measure, Counted};
use ecsm::curve::binary::{AnyShape, BinaryCurve, BINARY_CURVES};
use ecsm::curves::named::find_curve;
use ecsm::field::Gf233;
use ecsm::mul::binary::{double_add, mul_affine, BinaryMethod, BinaryMulError};
use ecsm::mul::tnaf::{alphas, mu_of, tau_pow, ZTau};
use ecsm::mul::tnaf_ct::{tnaf_ct, tnaf_ct_digits, TNAF_CT_DEFAULT_W};
use ecsm::mul::{random_below, SpecError};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Σ α_(d_i)·τ^((w−1)·i), α_(−u) = −α_u, by Horner in Z[τ].
fn evaluate_regular(mu: i8, w: usize, digits: &[i8]) -> ZTau {
    let al = alphas(mu, w).unwrap();
    let step = tau_pow(mu, w - 1);
    let mut acc = ZTau::small(0, 0);
    for &d in digits.iter().rev() {
        acc = acc.mul(&step, mu);
        let a = &al[(d.unsigned_abs() / 2) as usize];
        let s = i64::from(d.signum());
        acc = ZTau {
            a: acc.a + s * &a.a,
            b: acc.b + s * &a.b,
        };
    }
    acc
}

#[test]
fn regular_digits_evaluate_back_to_k_modulo_tau_m_minus_1() {
    let mut r = ChaCha8Rng::seed_from_u64(1250);
    for name in KOBLITZ {
        let p = params(name);
        let (m, a2, mu) = (p.m, p.a2, mu_of(p.a2));
        let mut gamma = tau_pow(mu, m);
        gamma.a -= 1;
        let ks = scalars(p, &mut r);
        for w in 3..=6usize {
            let mut len = None;
            for k in &ks {
                let digits = tnaf_ct_digits(m, a2, w, k).unwrap();
                // One length for every scalar of the curve and width: about m/(w − 1).
                assert_eq!(
                    *len.get_or_insert(digits.len()),
                    digits.len(),
                    "{name} w = {w}"
                );
                assert!(
                    digits.len() * (w - 1) <= m + 4 * (w - 1) + 8,
                    "{name} w = {w}"
                );
                for &d in &digits {
                    assert!(d % 2 != 0 && i32::from(d).abs() < 1 << (w - 1), "{name}");
                }
                let rho = evaluate_regular(mu, w, &digits);
                let diff = ZTau {
                    a: big(k) - &rho.a,
                    b: -&rho.b,
                };
                assert!(divides(mu, &gamma, &diff), "{name} w = {w} {k:x?}");
            }
        }
    }
    // Widths outside 3..=6: no digits.
    for w in [0, 1, 2, 7] {
        assert_eq!(tnaf_ct_digits(233, 0, w, &[5]), None);
    }
}

/// The measured operations are the same for every scalar of a given length, and per
/// digit (w − 1)·3S for the Frobenius maps and 8M + 2S for the addition.
#[test]
fn tnaf_ct_costs_the_same_for_every_scalar() {
    let p = params("sect233k1");
    let (curve, g) = BinaryCurve::<Gf233, AnyShape>::from_params(p).unwrap();
    let curve = curve.map_field(Counted);
    let n = p.order_words().unwrap();
    let mut r = ChaCha8Rng::seed_from_u64(1280);
    let pt = g.map(Counted);
    let mut ks: Vec<Vec<u64>> = (0..6).map(|_| random_below(&n, &mut r)).collect();
    let mut n_minus_1 = n.clone();
    n_minus_1[0] -= 1;
    ks.extend([
        vec![1, 0, 0, 0],
        vec![2, 0, 0, 0],
        n_minus_1,
        vec![0, 0, 0, 1 << 40],
    ]);
    for w in 3..=6usize {
        let len = tnaf_ct_digits(233, 0, w, &ks[0]).unwrap().len() as u64;
        let mut first = None;
        for k in &ks {
            let (q, ops) = measure(|| tnaf_ct(&curve, k, &pt, w));
            let (want, _) = measure(|| double_add(&curve, k, &pt));
            assert_eq!(q.unwrap(), want);
            assert_eq!(*first.get_or_insert(ops), ops, "w = {w} {k:x?}");
            // The loop alone: (len − 1)·((w − 1)·3S + 8M + 2S).
            assert!(ops.sqr >= (len - 1) * (3 * (w as u64 - 1) + 2), "w = {w}");
            assert!(ops.mul >= (len - 1) * 8, "w = {w}");
        }
    }
}

#[test]
fn ecdh_on_the_koblitz_curves_agrees_with_tnaf_ct() {
    let mut r = ChaCha8Rng::seed_from_u64(1290);
    for name in KOBLITZ {
        let c = find_curve(name).unwrap();
        let n = c.order().to_vec();
        let d = random_below(&n, &mut r);
        let e = random_below(&n, &mut r);
        let q = c.mul(&e, None, &spec("double-add"), false).unwrap();
        let secret = c.ecdh(&d, &q).unwrap();
        let dq = c.mul(&d, Some(&q), &spec("tnaf-ct"), false).unwrap();
        // x(dQ) is the first half of the uncompressed encoding after the 04 byte.
        assert_eq!(secret, dq[1..1 + secret.len()].to_vec(), "{name}");
    }
}

#[test]
fn tnaf_ct_refuses_where_it_does_not_apply() {
    let na = |r: Result<_, BinaryMulError>| {
        matches!(
            r,
            Err(BinaryMulError::NotApplicable {
                method: "tnaf-ct",
                ..
            })
        )
    };
    let (b233, g) = BinaryCurve::<Gf233, AnyShape>::from_params(params("sect233r1")).unwrap();
    assert!(na(tnaf_ct(&b233, &[3], &g, 5)));
    assert!(na(mul_affine(&b233, BinaryMethod::TnafCt(5), &[3], &g)));
    let (k233, g) = BinaryCurve::<Gf233, AnyShape>::from_params(params("sect233k1")).unwrap();
    for w in [0, 1, 2, 7, 9] {
        assert!(matches!(
            mul_affine(&k233, BinaryMethod::TnafCt(w), &[3], &g),
            Err(BinaryMulError::BadParameter {
                method: "tnaf-ct",
                ..
            })
        ));
        assert!(BinaryMethod::TnafCt(w).validate().is_err());
    }
    assert_eq!(
        BinaryMethod::from_spec(&spec("tnaf-ct"), ""),
        Ok(BinaryMethod::TnafCt(TNAF_CT_DEFAULT_W))
    );
    for w in 3..=6 {
        let m = BinaryMethod::TnafCt(w);
        assert_eq!(BinaryMethod::from_spec(&m.spec(), ""), Ok(m));
        assert_eq!(m.stored_points(233), 1 << (w - 2));
    }
    assert!(matches!(
        BinaryMethod::from_spec(&spec("tnaf-ct:w=2"), "K-233"),
        Err(SpecError::OutOfRange { .. })
    ));
    for p in BINARY_CURVES {
        let c = find_curve(p.name).unwrap();
        let listed = c.methods().contains(&spec("tnaf-ct:w=5"));
        assert_eq!(listed, p.is_koblitz(), "{}", p.name);
        let check = c.check_method(&spec("tnaf-ct:w=4"));
        assert_eq!(check.is_ok(), p.is_koblitz(), "{}", p.name);
    }
}
