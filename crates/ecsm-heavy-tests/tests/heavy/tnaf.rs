//! The τNAF method of the Koblitz curves (`tnaf:w=W`, `ecsm::mul::tnaf`): every derived
//! constant against its defining relation (and HMV Table 3.9), the rounding and the two
//! reductions against their bounds, the recoding's digits evaluated back in Z[τ], and
//! the method against double-and-add, the ladder and the affine reference of
//! `binary_named` on all five K-curves, on points of the subgroup and outside it; the
//! typed errors where it does not apply.

use crate::binary_named::{edge_scalars, params, to_affine, Pt, Ref};
use crate::common::{add_words, spec};
use ecsm::cost::{measure, Counted};
use ecsm::curve::binary::{
    AnyShape, BinaryCurve, BinaryCurveParams, Compressed, CurveShape, BINARY_CURVES,
};
use ecsm::curves::named::{find_curve, CurveOpError};
use ecsm::field::{BinaryField, Field, Gf233};
use ecsm::mul::binary::{double_add, montgomery, mul_affine, naf, BinaryMethod, BinaryMulError};
use ecsm::mul::tnaf::{
    alphas, delta, delta_s, frobenius_split, lucas_u, mu_of, partmod_delta, reduce_mod,
    reduce_scalar, round_ztau, t_w, tau_pow, tnaf, tnaf_digits, tnaf_scalar_digits, ZTau,
    TNAF_DEFAULT_W,
};
use ecsm::mul::tnaf_ct::tnaf_ct;
use ecsm::mul::tnaf_rl::{tnaf_rl, tnaf_rl_compressed, TNAF_RL_DEFAULT_W};
use ecsm::mul::{bit_len, random_below, SpecError};
use num_bigint::{BigInt, BigUint, Sign};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

pub(crate) const KOBLITZ: [&str; 5] = [
    "sect163k1",
    "sect233k1",
    "sect283k1",
    "sect409k1",
    "sect571k1",
];

pub(crate) fn big(k: &[u64]) -> BigInt {
    let digits: Vec<u32> = k
        .iter()
        .flat_map(|&w| [w as u32, (w >> 32) as u32])
        .collect();
    BigInt::from_biguint(Sign::Plus, BigUint::new(digits))
}

fn zero() -> BigInt {
    BigInt::from(0)
}

/// x/y in Z[τ] if y divides x (x·ȳ/N(y)), by the test's own formulas.
pub(crate) fn divides(mu: i8, y: &ZTau, x: &ZTau) -> bool {
    let yc = ZTau {
        a: &y.a + i64::from(mu) * &y.b,
        b: -&y.b,
    };
    let p = x.mul(&yc, mu);
    let n = y.norm(mu);
    &p.a % &n == zero() && &p.b % &n == zero()
}

/// τ^k by k multiplications by τ.
fn tau_pow_slow(mu: i8, k: usize) -> ZTau {
    let mut r = ZTau::small(1, 0);
    for _ in 0..k {
        r = r.mul(&ZTau::small(0, 1), mu);
    }
    r
}

fn order(p: &BinaryCurveParams) -> BigInt {
    big(&p.order_words().unwrap())
}

/// Σ u_i·τ^i with u ≠ 0 standing for sign(u)·α_|u|, by Horner in Z[τ].
fn evaluate(mu: i8, w: usize, digits: &[i8]) -> ZTau {
    let al = alphas(mu, w).unwrap();
    let tau = ZTau::small(0, 1);
    let mut acc = ZTau::small(0, 0);
    for &d in digits.iter().rev() {
        acc = acc.mul(&tau, mu);
        if d != 0 {
            let a = &al[(d.unsigned_abs() / 2) as usize];
            let s = i64::from(d.signum());
            acc = ZTau {
                a: acc.a + s * &a.a,
                b: acc.b + s * &a.b,
            };
        }
    }
    acc
}

/// The digit rules of HMV Alg. 3.69: nonzero digits odd with |u| < 2^(w−1), at most one
/// nonzero digit in any w consecutive ones, the top digit nonzero.
fn check_digit_rules(digits: &[i8], w: usize, what: &str) {
    for &d in digits {
        assert!(
            d == 0 || (d % 2 != 0 && i32::from(d).abs() < 1 << (w - 1)),
            "{what}"
        );
    }
    for win in digits.windows(w) {
        assert!(win.iter().filter(|&&d| d != 0).count() <= 1, "{what}");
    }
    if let Some(&top) = digits.last() {
        assert_ne!(top, 0, "{what}");
    }
}

#[test]
fn lucas_sequence_tau_powers_and_the_moduli() {
    for p in BINARY_CURVES.iter().filter(|p| p.is_koblitz()) {
        let mu = mu_of(p.a2);
        assert_eq!(mu, if p.a2 == 1 { 1 } else { -1 });
        // τ² = μτ − 2, and the Lucas form of τ^k.
        assert_eq!(tau_pow(mu, 2), ZTau::small(-2, i64::from(mu)));
        for k in [0, 1, 2, 3, 7, 20, 64] {
            assert_eq!(tau_pow(mu, k), tau_pow_slow(mu, k), "{} τ^{k}", p.name);
        }
        let m = p.m;
        let tm = tau_pow(mu, m);
        assert_eq!(tm, tau_pow_slow(mu, m), "{}", p.name);
        let u = lucas_u(mu, m + 3);
        assert_eq!(u.len(), m + 4);
        assert_eq!((&u[0], &u[1]), (&zero(), &BigInt::from(1)));
        // #E = N(τ^m − 1) = h·n, N(τ − 1) = h, and N(δ) = n (HMV §3.4.1).
        let gamma = ZTau {
            a: &tm.a - 1,
            b: tm.b.clone(),
        };
        let n = order(p);
        assert_eq!(gamma.norm(mu), &n * p.h, "{}", p.name);
        assert_eq!(ZTau::small(-1, 1).norm(mu), BigInt::from(p.h));
        let d = delta(m, mu);
        assert_eq!(d.norm(mu), n, "{}", p.name);
        assert_eq!(d.mul(&ZTau::small(-1, 1), mu), gamma);
        // s0 = d0 + μd1, s1 = −d1, and HMV's closed form
        // s_i = (−1)^i·(1 − μ·U_(m+3−a−i))/h (h = 2 for a = 1, 4 for a = 0).
        let (s0, s1) = delta_s(m, p.a2);
        assert_eq!(s0, &d.a + i64::from(mu) * &d.b);
        assert_eq!(s1, -&d.b);
        let a = usize::from(p.a2);
        let h = i64::from(p.h);
        let one = BigInt::from(1);
        assert_eq!(&s0 * h, &one - i64::from(mu) * &u[m + 3 - a], "{}", p.name);
        assert_eq!(&s1 * h, i64::from(mu) * &u[m + 2 - a] - &one, "{}", p.name);
    }
}

#[test]
fn t_w_and_the_alphas() {
    for a2 in [0u8, 1] {
        let mu = mu_of(a2);
        let u = lucas_u(mu, 8);
        for w in 2..=6usize {
            let tw = t_w(mu, w).unwrap();
            let m = 1i128 << w;
            let t = i128::from(tw);
            assert!(t < m && t % 2 == 0, "t_{w}");
            // t_w² − μ·t_w + 2 ≡ 0 and U_w·t_w ≡ 2·U_(w−1) (mod 2^w).
            assert_eq!((t * t - i128::from(mu) * t + 2).rem_euclid(m), 0, "t_{w}");
            let uw = i128::try_from(u[w].clone()).unwrap();
            let uw1 = i128::try_from(u[w - 1].clone()).unwrap();
            assert_eq!((uw * t - 2 * uw1).rem_euclid(m), 0, "t_{w}");
            let al = alphas(mu, w).unwrap();
            assert_eq!(al.len(), 1 << (w - 2));
            assert_eq!(al[0], ZTau::small(1, 0));
            let tw_pow = tau_pow(mu, w);
            for (i, a) in al.iter().enumerate() {
                let uu = 2 * i as i64 + 1;
                // α_u ≡ u (mod τ^w), as an element and through φ_w, with N(α_u) ≤ 4/7·2^w.
                let diff = ZTau {
                    a: BigInt::from(uu) - &a.a,
                    b: -&a.b,
                };
                assert!(divides(mu, &tw_pow, &diff), "w = {w}, u = {uu}");
                let phi = i128::try_from(&a.a + &a.b * BigInt::from(tw)).unwrap();
                assert_eq!((phi - i128::from(uu)).rem_euclid(m), 0, "w = {w}, u = {uu}");
                assert!(
                    a.norm(mu) * 7 <= BigInt::from(4i64 << w),
                    "w = {w}, u = {uu}"
                );
            }
        }
        // HMV Table 3.9, w = 4: a = 0: 1, −3 − τ, −1 − τ, 1 − τ; a = 1 the same with τ
        // replaced by −τ (its τ is the other curve's −τ).
        let s = if a2 == 0 { 1 } else { -1 };
        assert_eq!(
            alphas(mu, 4).unwrap(),
            [
                ZTau::small(1, 0),
                ZTau::small(-3, -s),
                ZTau::small(-1, -s),
                ZTau::small(1, -s)
            ],
            "a = {a2}"
        );
    }
}

#[test]
fn rounding_in_z_tau_is_within_four_sevenths() {
    let mut r = ChaCha8Rng::seed_from_u64(1201);
    for mu in [1i8, -1] {
        for i in 0..4000 {
            let d = BigInt::from(1 + r.next_u64() % if i % 2 == 0 { 1000 } else { u64::MAX });
            let x0 = BigInt::from(r.next_u64() as i64) * if i % 3 == 0 { 7 } else { 1 };
            let x1 = BigInt::from(r.next_u64() as i64 >> (i % 40));
            let (q0, q1) = round_ztau(mu, &x0, &x1, &d);
            // N(λ − q)·d² = N((x0 − q0·d) + (x1 − q1·d)τ) ≤ 4/7·d² (HMV Thm. 3.60).
            let e = ZTau {
                a: &x0 - &q0 * &d,
                b: &x1 - &q1 * &d,
            };
            assert!(e.norm(mu) * 7 <= &d * &d * 4, "{x0} {x1} {d}");
        }
    }
}

pub(crate) fn scalars(p: &BinaryCurveParams, r: &mut ChaCha8Rng) -> Vec<Vec<u64>> {
    let n = p.order_words().unwrap();
    let mut ks = edge_scalars(&n, p.m, r);
    // Scalars longer than n, up to the 4096 bits the methods accept.
    for words in [5, 12, 40, 64] {
        ks.push((0..words).map(|_| r.next_u64()).collect());
    }
    ks.push(vec![u64::MAX; 64]);
    let h_n: Vec<u64> = (0..p.h).fold(vec![0], |acc, _| add_words(&acc, &n));
    ks.push(h_n.clone());
    ks.push(add_words(&h_n, &[1]));
    for _ in 0..20 {
        ks.push(random_below(&n, r));
    }
    ks
}

#[test]
fn reductions_and_digits() {
    let mut r = ChaCha8Rng::seed_from_u64(1202);
    for name in KOBLITZ {
        let p = params(name);
        let (m, a2, mu) = (p.m, p.a2, mu_of(p.a2));
        let mut gamma = tau_pow(mu, m);
        gamma.a -= 1;
        let d = delta(m, mu);
        let bound = m + usize::from(a2) + 3;
        let mut longest = 0;
        for k in scalars(p, &mut r) {
            let kb = big(&k);
            let rho = reduce_scalar(m, a2, &k);
            assert_eq!(rho, reduce_mod(mu, &kb, &gamma));
            // ρ ≡ k (mod τ^m − 1), N(ρ) ≤ 4/7·N(τ^m − 1).
            let diff = ZTau {
                a: &kb - &rho.a,
                b: -&rho.b,
            };
            assert!(divides(mu, &gamma, &diff), "{name} {k:x?}");
            assert!(rho.norm(mu) * 7 <= gamma.norm(mu) * 4, "{name}");
            // k partmod δ (HMV Alg. 3.62): ρ ≡ k (mod δ), N(ρ) ≤ 4/7·n.
            let rd = partmod_delta(m, a2, &kb);
            let diff = ZTau {
                a: &kb - &rd.a,
                b: -&rd.b,
            };
            assert!(divides(mu, &d, &diff), "{name} {k:x?}");
            assert!(rd.norm(mu) * 7 <= order(p) * 4, "{name}");
            for w in 2..=6 {
                // The method's own digits (fixed-width rounding): ≡ k (mod τ^m − 1), the
                // same rules, and at most one digit longer than the exact rounding's.
                let own = tnaf_scalar_digits(m, a2, w, &k).unwrap();
                let diff = evaluate(mu, w, &own);
                let diff = ZTau {
                    a: &kb - diff.a,
                    b: -diff.b,
                };
                assert!(divides(mu, &gamma, &diff), "{name} w = {w} {k:x?}");
                check_digit_rules(&own, w, name);
                assert!(own.len() <= bound + 1, "{name} w = {w}: {}", own.len());
                for (what, rho) in [("τ^m − 1", &rho), ("δ", &rd)] {
                    let digits = tnaf_digits(m, a2, w, rho).unwrap();
                    assert_eq!(&evaluate(mu, w, &digits), rho, "{name} w = {w} {what}");
                    check_digit_rules(&digits, w, name);
                    // HMV §3.4: length at most m + a + 3.
                    assert!(
                        digits.len() <= bound,
                        "{name} w = {w} {what}: {}",
                        digits.len()
                    );
                    longest = longest.max(digits.len());
                }
            }
        }
        assert!(longest >= m, "{name}: {longest}");
    }
    // Outside 2..=6 there are no digits.
    let rho = ZTau::small(5, 3);
    assert_eq!(tnaf_digits(233, 0, 1, &rho), None);
    assert_eq!(tnaf_digits(233, 0, 7, &rho), None);
    assert_eq!(tnaf_digits(233, 0, 2, &ZTau::small(0, 0)), Some(vec![]));
}

/// HMV Alg. 3.69 one digit per step, in big integers: the reference the library's
/// recoding (which divides by τ^w at once after a nonzero digit, on fixed-width words) is
/// compared with digit for digit.
fn tnaf_digits_slow(mu: i8, w: usize, rho: &ZTau) -> Vec<i8> {
    let al = alphas(mu, w).unwrap();
    let tw = BigInt::from(t_w(mu, w).unwrap());
    let modulus = BigInt::from(1) << w;
    let (mut r0, mut r1) = (rho.a.clone(), rho.b.clone());
    let mut out = Vec::new();
    while !(r0 == zero() && r1 == zero()) {
        if &r0 % 2 != zero() {
            let mut u = ((&r0 + &r1 * &tw) % &modulus + &modulus) % &modulus;
            if u >= &modulus / 2 {
                u -= &modulus;
            }
            let u = i8::try_from(u).unwrap();
            let a = &al[usize::from(u.unsigned_abs() / 2)];
            let s = i64::from(u.signum());
            r0 -= s * &a.a;
            r1 -= s * &a.b;
            out.push(u);
        } else {
            out.push(0);
        }
        let h: BigInt = &r0 / 2;
        r0 = &r1 + i64::from(mu) * &h;
        r1 = -h;
    }
    out
}

#[test]
fn recoding_matches_the_one_digit_per_step_algorithm() {
    let mut r = ChaCha8Rng::seed_from_u64(1203);
    let mut rand_big = |bits: u64| {
        let words: Vec<u64> = (0..bits.div_ceil(64)).map(|_| r.next_u64()).collect();
        let x = big(&words) >> (64 * words.len() as u64 - bits);
        if r.next_u64() & 1 == 1 {
            -x
        } else {
            x
        }
    };
    for name in KOBLITZ {
        let p = params(name);
        let (m, a2, mu) = (p.m, p.a2, mu_of(p.a2));
        // The fixed width's bound: coefficients below 2^(64N − 8), N = ⌈(⌈m/2⌉ + 11)/64⌉.
        let limit = 64 * (m.div_ceil(2) + 11).div_ceil(64) as u64 - 8;
        let mut r2 = ChaCha8Rng::seed_from_u64(m as u64);
        for w in 2..=6 {
            let mut rhos: Vec<ZTau> = scalars(p, &mut r2)
                .iter()
                .map(|k| reduce_scalar(m, a2, k))
                .collect();
            for bits in [1, 7, 64, m as u64 / 2, limit - 1, limit] {
                rhos.push(ZTau {
                    a: rand_big(bits),
                    b: rand_big(bits),
                });
            }
            rhos.push(ZTau {
                a: (BigInt::from(1) << (limit - 1)) - 1,
                b: -(BigInt::from(1) << (limit - 1)) + 1,
            });
            for rho in &rhos {
                let fast = tnaf_digits(m, a2, w, rho).unwrap();
                assert_eq!(fast, tnaf_digits_slow(mu, w, rho), "{name} w = {w} {rho:?}");
            }
            // One bit more and the fixed width refuses rather than wrap.
            let over = ZTau {
                a: BigInt::from(1) << limit,
                b: BigInt::from(3),
            };
            assert_eq!(tnaf_digits(m, a2, w, &over), None, "{name} w = {w}");
        }
    }
}

/// Why the method reduces modulo τ^m − 1: on T (order 2) τ acts as 1, so (a + bτ)·T =
/// [a + b]T, and k = n (odd) partmod δ is 0 while [n]T = T.
#[test]
fn reduction_modulo_delta_would_be_wrong_outside_the_subgroup() {
    for name in KOBLITZ {
        let p = params(name);
        let n = p.order_words().unwrap();
        let rd = partmod_delta(p.m, p.a2, &big(&n));
        assert_eq!(rd, ZTau::small(0, 0), "{name}");
        let rho = reduce_scalar(p.m, p.a2, &n);
        assert_ne!((rho.a + rho.b) % 2, zero(), "{name}");
    }
}

fn against_references<F: BinaryField, S: CurveShape>(name: &str, seed: u64) {
    let p = params(name);
    let rf = Ref::<F>::of(p);
    let (curve, g) = BinaryCurve::<F, S>::from_params(p).unwrap();
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    let gp: Pt<F> = g.x().map(|x| (x, g.y().unwrap()));
    let t = rf.two_torsion();
    let mut bases: Vec<Pt<F>> = vec![gp, rf.random_point(&mut r), rf.add(t, gp), t];
    if let Some(u) = rf.order4() {
        bases.extend([
            rf.add(u, gp),
            u,
            rf.neg(u),
            rf.add(u, rf.random_point(&mut r)),
        ]);
    }
    bases.push(None);
    let ks = scalars(p, &mut r);
    for (i, &b) in bases.iter().enumerate() {
        let pt = to_affine(b);
        for (j, k) in ks.iter().enumerate() {
            let want = double_add(&curve, k, &pt);
            assert_eq!(montgomery(&curve, k, &pt), want, "{name}");
            if j % 4 == 0 {
                assert_eq!(to_affine(rf.mul(b, k)), want, "{name} base {i} {k:x?}");
            }
            for w in 2..=6 {
                assert_eq!(
                    tnaf(&curve, k, &pt, w),
                    Ok(want),
                    "{name} base {i} w = {w} {k:x?}"
                );
            }
            for w in 3..=6 {
                assert_eq!(
                    tnaf_ct(&curve, k, &pt, w),
                    Ok(want),
                    "{name} base {i} tnaf-ct w = {w} {k:x?}"
                );
            }
            let c = curve.compress(&pt);
            for w in 2..=6 {
                assert_eq!(
                    tnaf_rl(&curve, k, &pt, w),
                    Ok(want),
                    "{name} base {i} tnaf-rl w = {w} {k:x?}"
                );
                assert_eq!(
                    tnaf_rl_compressed(&curve, k, &c, w),
                    Ok(want),
                    "{name} base {i} tnaf-rl from (x, ỹ) w = {w} {k:x?}"
                );
            }
        }
    }
}

#[test]
fn tnaf_tnaf_rl_and_tnaf_ct_match_double_add_and_the_ladder_on_every_koblitz_curve() {
    for (i, name) in KOBLITZ.into_iter().enumerate() {
        typed!(name, against_references::<F, S>(name, 1210 + i as u64));
    }
}

/// A Koblitz curve that is not a NIST one (GF(2^233) with a2 = 1), so that nothing
/// depends on the published n: random points of the full group and random scalars.
#[test]
fn tnaf_tnaf_rl_and_tnaf_ct_on_a_koblitz_curve_of_unknown_order() {
    let curve = BinaryCurve::<Gf233, AnyShape>::new(Gf233::one(), Gf233::one()).unwrap();
    let mut r = ChaCha8Rng::seed_from_u64(1220);
    let mut tested = 0;
    while tested < 20 {
        let x = Gf233::random(&mut r);
        let Ok(p) = curve.decompress_xy(x, r.next_u32() & 1 == 1) else {
            continue;
        };
        let k: Vec<u64> = (0..1 + tested % 9).map(|_| r.next_u64()).collect();
        let want = double_add(&curve, &k, &p);
        for w in 2..=6 {
            assert_eq!(tnaf(&curve, &k, &p, w), Ok(want));
        }
        for w in 3..=6 {
            assert_eq!(tnaf_ct(&curve, &k, &p, w), Ok(want));
        }
        let c = curve.compress(&p);
        for w in 2..=6 {
            assert_eq!(tnaf_rl(&curve, &k, &p, w), Ok(want));
            assert_eq!(tnaf_rl_compressed(&curve, &k, &c, w), Ok(want));
        }
        tested += 1;
    }
}

#[test]
fn tnaf_refuses_where_it_does_not_apply() {
    let na = |r: Result<_, BinaryMulError>| {
        matches!(r, Err(BinaryMulError::NotApplicable { method: "tnaf", .. }))
    };
    // B-233 and a random curve with a2 = 1: no Frobenius endomorphism.
    let (b233, g) = BinaryCurve::<Gf233, AnyShape>::from_params(params("sect233r1")).unwrap();
    assert!(na(tnaf(&b233, &[3], &g, 5)));
    assert!(na(mul_affine(&b233, BinaryMethod::Tnaf(5), &[3], &g)));
    let mut r = ChaCha8Rng::seed_from_u64(1230);
    let random = BinaryCurve::<Gf233, AnyShape>::new(Gf233::one(), Gf233::random(&mut r)).unwrap();
    assert!(na(tnaf(
        &random,
        &[3],
        &ecsm::curve::binary::Affine::Infinity,
        5
    )));
    assert!(matches!(
        tnaf_rl(&b233, &[3], &g, 4),
        Err(BinaryMulError::NotApplicable {
            method: "tnaf-rl",
            ..
        })
    ));
    // Widths outside 2..=6, built by hand.
    let (k233, g) = BinaryCurve::<Gf233, AnyShape>::from_params(params("sect233k1")).unwrap();
    // From (x, ỹ): a pair naming no point is the decoding error whatever k and w are,
    // then the width is checked.
    let mut r = ChaCha8Rng::seed_from_u64(1231);
    let no_point = loop {
        let x = Gf233::random(&mut r);
        if k233.decompress_xy(x, false).is_err() {
            break x;
        }
    };
    let zero_one = Compressed::Point {
        x: Gf233::zero(),
        y_bit: true,
    };
    for bad in [
        Compressed::Point {
            x: no_point,
            y_bit: false,
        },
        zero_one,
    ] {
        for (k, w) in [(&[0u64][..], 4), (&[3], 4), (&[3], 9)] {
            assert_eq!(
                tnaf_rl_compressed(&k233, k, &bad, w)
                    .map_err(|e| matches!(e, BinaryMulError::Encoding(_))),
                Err(true)
            );
        }
    }
    assert!(matches!(
        tnaf_rl_compressed(&k233, &[3], &k233.compress(&g), 9),
        Err(BinaryMulError::BadParameter {
            method: "tnaf-rl",
            ..
        })
    ));
    let (b233, gb) = BinaryCurve::<Gf233, AnyShape>::from_params(params("sect233r1")).unwrap();
    assert!(matches!(
        tnaf_rl_compressed(&b233, &[3], &b233.compress(&gb), 4),
        Err(BinaryMulError::NotApplicable {
            method: "tnaf-rl",
            ..
        })
    ));
    for w in [0, 1, 7, 9] {
        assert!(matches!(
            mul_affine(&k233, BinaryMethod::TnafRl(w), &[3], &g),
            Err(BinaryMulError::BadParameter {
                method: "tnaf-rl",
                ..
            })
        ));
        assert!(matches!(
            tnaf_rl(&k233, &[3], &g, w),
            Err(BinaryMulError::BadParameter {
                method: "tnaf-rl",
                ..
            })
        ));
    }
    assert_eq!(
        BinaryMethod::from_spec(&spec("tnaf-rl"), ""),
        Ok(BinaryMethod::TnafRl(TNAF_RL_DEFAULT_W))
    );
    for w in 2..=6 {
        let m = BinaryMethod::TnafRl(w);
        assert_eq!(BinaryMethod::from_spec(&m.spec(), ""), Ok(m));
        assert_eq!(m.stored_points(233), 1 << (w - 2));
    }
    for w in [0, 1, 7, 9] {
        assert!(matches!(
            mul_affine(&k233, BinaryMethod::Tnaf(w), &[3], &g),
            Err(BinaryMulError::BadParameter { method: "tnaf", .. })
        ));
        assert!(BinaryMethod::Tnaf(w).validate().is_err());
    }
    // The spec parser.
    assert_eq!(
        BinaryMethod::from_spec(&spec("tnaf"), ""),
        Ok(BinaryMethod::Tnaf(TNAF_DEFAULT_W))
    );
    for w in 2..=6 {
        let m = BinaryMethod::Tnaf(w);
        assert_eq!(BinaryMethod::from_spec(&m.spec(), ""), Ok(m));
        assert_eq!(m.stored_points(233), 1 << (w - 2));
        assert!(!m.uses_hints());
    }
    assert!(matches!(
        BinaryMethod::from_spec(&spec("tnaf:w=9"), "K-233"),
        Err(SpecError::OutOfRange { .. })
    ));
    assert!(matches!(
        BinaryMethod::from_spec(&spec("tnaf:k=2"), "K-233"),
        Err(SpecError::UnknownParam { .. })
    ));
    // The registry: listed and accepted on the K-curves only.
    for p in BINARY_CURVES {
        let c = find_curve(p.name).unwrap();
        let listed = c.methods().contains(&spec("tnaf:w=4"));
        assert_eq!(listed, p.is_koblitz(), "{}", p.name);
        let listed = c.methods().contains(&spec("tnaf-rl:w=4"));
        assert_eq!(listed, p.is_koblitz(), "{}", p.name);
        let rl = c.check_method(&spec("tnaf-rl"));
        assert_eq!(rl.is_ok(), p.is_koblitz(), "{}", p.name);
        let check = c.check_method(&spec("tnaf:w=4"));
        let mul = c.mul(&[5], None, &spec("tnaf"), false);
        if p.is_koblitz() {
            assert_eq!(check, Ok(()));
            assert_eq!(
                mul.unwrap(),
                c.mul(&[5], None, &spec("double-add"), false).unwrap()
            );
        } else {
            assert!(
                matches!(check, Err(SpecError::NotApplicable { .. })),
                "{}",
                p.name
            );
            assert!(matches!(mul, Err(CurveOpError::Method(_))), "{}", p.name);
        }
    }
}

/// The measured operations: no doubling, so far fewer multiplications than NAF_w of the
/// same width; one inversion for the table and one at the end; the squarings are 3 per
/// digit of the longer half of the cut expansion, plus the additions', the table's and
/// the walks that move the table by τ^h.
#[test]
fn tnaf_costs_squarings_where_naf_doubles() {
    let p = params("sect233k1");
    let (curve, g) = BinaryCurve::<Gf233, AnyShape>::from_params(p).unwrap();
    let curve = curve.map_field(Counted);
    let mut r = ChaCha8Rng::seed_from_u64(1240);
    let n = p.order_words().unwrap();
    let pt = g.map(Counted);
    for w in 2..=6usize {
        let k = random_below(&n, &mut r);
        let (q, ops) = measure(|| tnaf(&curve, &k, &pt, w));
        let (q2, naf_ops) = measure(|| naf(&curve, &k, &pt, w));
        assert_eq!(q.unwrap(), q2.unwrap());
        assert_eq!(ops.inv, 2, "w = {w}");
        let digits = tnaf_scalar_digits(233, 0, w, &k).unwrap();
        let wt = digits.iter().filter(|&&d| d != 0).count() as u64;
        let len = digits.len() as u64;
        // The expansion cut at h = 116 into a low half and a high half of len − h
        // digits, run in one loop in λ-projective coordinates from the top nonzero digit
        // of either, at position `top` of its half: top·3S + (wt − 1)·(8M + 2S), the
        // final 3M, and τ^h of the t = 2^(w−2) table entries, 2t walks counted as h
        // squarings each. The table's own squarings are at most 2 per power of τ (20
        // at most) and 16 per entry (up to four terms, three LD sums of 5S).
        // GF(2^233) cuts at its inversion's last run, one below the natural cut.
        let h = <Gf233 as BinaryField>::FROBENIUS_CUT;
        assert_eq!((h, frobenius_split(233)), (116, 117));
        assert!(digits.len() > h, "w = {w}");
        let top_low = digits[..h].iter().rposition(|&d| d != 0).unwrap_or(0);
        let top = (digits.len() - h - 1).max(top_low) as u64;
        let t = 1u64 << (w - 2);
        let walks = 2 * t * h as u64;
        // About half the len − 1 Frobenius maps of the uncut expansion.
        assert!(top <= len / 2 + 1, "w = {w}: {top} of {len}");
        let lower = 3 * top + 2 * (wt - 1) + walks;
        assert!(
            (lower..=lower + 20 + 16 * t).contains(&ops.sqr),
            "w = {w}: {} against {lower}",
            ops.sqr
        );
        assert!(ops.mul >= 8 * (wt - 1) + 3, "w = {w}");
        // NAF_w's doublings cost 3M each, the Frobenius none (the α_u table costs more
        // additions than NAF_w's odd multiples at w = 6, but far less than that).
        assert!(
            ops.mul + 233 < naf_ops.mul,
            "w = {w}: {} {}",
            ops.mul,
            naf_ops.mul
        );
        assert!(bit_len(&k) <= 233);
    }
}
