//! The constant-time method `ct-window`: the regular recoding's invariants (value, digit
//! set, fixed length) against big integers; the complete projective formulas of Renes,
//! Costello and Batina against the affine group law (`add_affine`), exceptional inputs
//! included; their measured costs against the paper's; the whole method against
//! double-and-add on every named prime curve, with a cost that does not depend on the
//! scalar; and the even-order limits on the curves with cofactor 4.

use crate::common::spec;
use ecsm::cost::{measure, Counted, OpCounts};
use ecsm::curve::weierstrass::{
    AGeneric, AMinus3, AShape, AZero, Affine, Projective, ShortWeierstrass,
};
use ecsm::curves::named::{all_curves, find_curve, CurveOpError, NamedCurve};
use ecsm::curves::prime::PrimeCurve;
use ecsm::curves::prime_params::PRIME_CURVES;
use ecsm::field::prime::specs::*;
use ecsm::field::{Field, PrimeField};
use ecsm::mul::random_below;
use ecsm::mul::weierstrass::{ct_window_mul, double_and_add, CtMulError};
use ecsm::recode::{regular_len, regular_odd, RecodeError};
use num_bigint::{BigInt, BigUint};
use proptest::prelude::*;
use rand::{RngCore, SeedableRng};

// ---------------------------------------------------------------- regular recoding

fn big(k: &[u64]) -> BigUint {
    BigUint::from_slice(
        &k.iter()
            .flat_map(|w| [*w as u32, (*w >> 32) as u32])
            .collect::<Vec<_>>(),
    )
}

/// Every invariant of the regular recoding of an odd k < 2^bits.
fn check_regular(k: &[u64], w: u32, bits: usize) {
    let d = regular_odd(k, w, bits).unwrap();
    let ctx = format!("k = {:x}, w = {w}, bits = {bits}", big(k));
    assert_eq!(d.len(), bits.div_ceil(w as usize).max(1), "length, {ctx}");
    assert_eq!(d.len(), regular_len(bits, w));
    let lim = (1i32 << w) - 1;
    for &x in &d {
        let x = i32::from(x);
        assert!(x % 2 != 0 && (-lim..=lim).contains(&x), "digit {x}, {ctx}");
    }
    assert!(*d.last().unwrap() > 0, "top digit positive, {ctx}");
    let value = d.iter().rev().fold(BigInt::from(0), |acc, &x| {
        (acc << w as usize) + BigInt::from(x)
    });
    assert_eq!(value, BigInt::from(big(k)), "value, {ctx}");
}

fn low_mask(bits: usize) -> Vec<u64> {
    let mut v = vec![u64::MAX; bits.div_ceil(64)];
    if !bits.is_multiple_of(64) {
        *v.last_mut().unwrap() = (1u64 << (bits % 64)) - 1;
    }
    v
}

#[test]
fn regular_recoding_edge_scalars() {
    for w in 1..=7u32 {
        for bits in [1usize, 2, 3, 7, 8, 63, 64, 65, 112, 255, 256, 521] {
            let all_ones = low_mask(bits);
            check_regular(&[1], w, bits);
            check_regular(&all_ones, w, bits);
            if bits >= 2 {
                // 2^(bits−1) + 1 and 2^(bits−1) − 1.
                let mut top = vec![0u64; bits.div_ceil(64)];
                top[(bits - 1) / 64] |= 1 << ((bits - 1) % 64);
                top[0] |= 1;
                check_regular(&top, w, bits);
                let mut below = low_mask(bits - 1);
                below.resize(bits.div_ceil(64), 0);
                check_regular(&below, w, bits);
            }
            // Leading zero words are accepted.
            check_regular(&[3, 0, 0, 0, 0, 0, 0, 0, 0, 0], w, bits.max(2));
        }
    }
    // k = 1: the lower digits are all 1 − 2^w, the top one 1 (the sum telescopes).
    assert_eq!(regular_odd(&[1], 4, 12).unwrap(), vec![-15, -15, 1]);
}

#[test]
fn regular_recoding_rejections() {
    assert_eq!(regular_odd(&[2], 4, 8), Err(RecodeError::EvenScalar));
    assert_eq!(regular_odd(&[], 4, 8), Err(RecodeError::EvenScalar));
    assert_eq!(
        regular_odd(&[257], 4, 8),
        Err(RecodeError::ScalarTooLong { max_bits: 8 })
    );
    assert_eq!(
        regular_odd(&[1, 1], 4, 64),
        Err(RecodeError::ScalarTooLong { max_bits: 64 })
    );
    assert_eq!(
        regular_odd(&[1], 1, 0),
        Err(RecodeError::ScalarTooLong { max_bits: 0 })
    );
    for w in [0u32, 8, 64] {
        assert_eq!(
            regular_odd(&[1], w, 8),
            Err(RecodeError::WidthOutOfRange { w, min: 1, max: 7 })
        );
    }
}

proptest! {
    #[test]
    fn regular_recoding_random(words in prop::collection::vec(any::<u64>(), 1..10),
                               w in 1u32..=7, extra in 0usize..70) {
        let mut k = words;
        k[0] |= 1;
        let bits = 64 * k.len() - k.last().unwrap().leading_zeros() as usize + extra;
        check_regular(&k, w, bits);
    }
}

// ---------------------------------------------------------------- typed curves

fn params(name: &str) -> &'static ecsm::curves::prime_params::PrimeCurveParams {
    PRIME_CURVES.iter().find(|c| c.name == name).unwrap()
}

fn scale<F: Field>(p: &Projective<F>, l: F) -> Projective<F> {
    Projective {
        x: p.x * l,
        y: p.y * l,
        z: p.z * l,
    }
}

fn nonzero<F: Field>(rng: &mut dyn RngCore) -> F {
    loop {
        let x = F::random(rng);
        if !x.is_zero() {
            return x;
        }
    }
}

/// The complete formulas against the affine group law, on random points of the subgroup
/// of order n given in random projective scalings, and on every special input.
fn complete_vs_affine<F: PrimeField, A: AShape>(name: &str) {
    let c = PrimeCurve::<F, A>::new(params(name));
    let e = c.curve();
    let n = NamedCurve::order(&c).to_vec();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
    let g = c.generator_point();
    let o = Affine::Infinity;
    let mut pts = vec![g, g.neg()];
    for _ in 0..4 {
        pts.push(double_and_add(e, &random_below(&n, &mut rng), &g).to_affine());
    }
    let proj = |p: &Affine<F>, rng: &mut rand_chacha::ChaCha8Rng| {
        scale(&Projective::from_affine(p), nonzero(rng))
    };
    let check = |p: &Affine<F>, q: &Affine<F>, rng: &mut rand_chacha::ChaCha8Rng| {
        let (pp, qq) = (proj(p, rng), proj(q, rng));
        let sum = e.add_complete(&pp, &qq);
        assert!(!sum.is_exceptional(), "{name}");
        assert_eq!(sum.to_affine(), e.add_affine(p, q), "{name}: P + Q");
    };
    for i in 0..pts.len() {
        let p = pts[i];
        let q = pts[(i + 1) % pts.len()];
        check(&p, &q, &mut rng); // P + Q, distinct
        check(&p, &p, &mut rng); // P + P
        check(&p, &p.neg(), &mut rng); // P + (−P) = O
        check(&p, &o, &mut rng); // P + O
        check(&o, &p, &mut rng); // O + P
        let d = e.double_complete(&proj(&p, &mut rng));
        assert_eq!(d.to_affine(), e.add_affine(&p, &p), "{name}: [2]P");
    }
    check(&o, &o, &mut rng); // O + O
    let d = e.double_complete(&proj(&o, &mut rng));
    assert_eq!(d.to_affine(), Affine::Infinity, "{name}: [2]O");
    assert!(!d.is_exceptional());
    // The affine results are on the curve (the oracle is not checked against itself).
    for p in &pts {
        let s = e.add_complete(&proj(p, &mut rng), &proj(&g, &mut rng));
        assert!(e.is_on_curve(&s.to_affine()), "{name}");
    }
}

#[test]
fn complete_formulas_agree_with_the_affine_law() {
    complete_vs_affine::<FpP256, AMinus3>("secp256r1");
    complete_vs_affine::<FpP521, AMinus3>("secp521r1");
    complete_vs_affine::<FpBrainpoolP256, AMinus3>("brainpoolP256t1");
    complete_vs_affine::<FpSecp256k1, AZero>("secp256k1");
    complete_vs_affine::<FpSecp160k1, AZero>("secp160k1");
    complete_vs_affine::<FpBrainpoolP256, AGeneric>("brainpoolP256r1");
    complete_vs_affine::<FpBrainpoolP512, AGeneric>("brainpoolP512r1");
    // Cofactor 4: complete on the subgroup of order n, which these points lie in.
    complete_vs_affine::<FpSecp112, AGeneric>("secp112r2");
    complete_vs_affine::<FpSecp128r1, AGeneric>("secp128r2");
}

fn ops(mul: u64, sqr: u64, c: u64, add: u64) -> OpCounts {
    OpCounts {
        mul,
        sqr,
        mul_const: c,
        add,
        ..OpCounts::default()
    }
}

/// Measured costs of one complete addition and one doubling, with `Counted`.
fn formula_costs<F: PrimeField, A: AShape>(name: &str) -> (OpCounts, OpCounts) {
    let c = PrimeCurve::<F, A>::new(params(name));
    let e = ShortWeierstrass::<Counted<F>, A>::new(Counted(c.curve().a()), Counted(c.curve().b()))
        .unwrap();
    let g = match c.generator_point() {
        Affine::Point { x, y } => Projective {
            x: Counted(x),
            y: Counted(y),
            z: Counted(F::one()),
        },
        Affine::Infinity => unreachable!(),
    };
    let (q, add) = measure(|| e.add_complete(&g, &g.neg()));
    assert!(q.z.is_zero(), "{name}: G − G = O");
    let (d, dbl) = measure(|| e.double_complete(&g));
    let plain = c
        .curve()
        .add_affine(&c.generator_point(), &c.generator_point());
    let d = Projective {
        x: d.x.inner(),
        y: d.y.inner(),
        z: d.z.inner(),
    };
    assert_eq!(d.to_affine(), plain, "{name}: counted [2]G");
    (add, dbl)
}

#[test]
fn complete_formula_costs_are_the_papers() {
    // RCB 2016, Table 1: M, S, multiplications by a / b / 3b (one C counter), additions.
    // a = −3: Alg. 4 12M + 2m_b + 29a, Alg. 6 8M + 3S + 2m_b + 21a.
    assert_eq!(
        formula_costs::<FpP256, AMinus3>("secp256r1"),
        (ops(12, 0, 2, 29), ops(8, 3, 2, 21))
    );
    // a = 0: Alg. 7 12M + 2m_3b + 19a, Alg. 9 6M + 2S + 1m_3b + 9a.
    assert_eq!(
        formula_costs::<FpSecp256k1, AZero>("secp256k1"),
        (ops(12, 0, 2, 19), ops(6, 2, 1, 9))
    );
    // any a: Alg. 1 12M + 3m_a + 2m_3b + 23a, Alg. 3 8M + 3S + 3m_a + 2m_3b + 15a.
    assert_eq!(
        formula_costs::<FpBrainpoolP256, AGeneric>("brainpoolP256r1"),
        (ops(12, 0, 5, 23), ops(8, 3, 5, 15))
    );
}

/// The whole method on `Counted`: the same counts for every scalar, equal to
/// (1 + (m − 1)w) doublings + (2^(w−1) + m − 1) additions (before any conversion).
fn ct_cost_is_fixed<F: PrimeField, A: AShape>(name: &str, dbl: OpCounts, add: OpCounts) {
    let c = PrimeCurve::<F, A>::new(params(name));
    let n = NamedCurve::order(&c).to_vec();
    let bits = NamedCurve::order_bits(&c);
    let e = ShortWeierstrass::<Counted<F>, A>::new(Counted(c.curve().a()), Counted(c.curve().b()))
        .unwrap();
    let g = match c.generator_point() {
        Affine::Point { x, y } => Affine::Point {
            x: Counted(x),
            y: Counted(y),
        },
        Affine::Infinity => unreachable!(),
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut nm1 = n.clone();
    nm1[0] -= 1; // n is odd
    let scalars = [
        vec![0u64],
        vec![1],
        vec![2],
        nm1,
        random_below(&n, &mut rng),
        random_below(&n, &mut rng),
    ];
    for w in 2..=6usize {
        let m = bits.div_ceil(w) as u64;
        let doublings = 1 + (m - 1) * w as u64;
        let additions = (1u64 << (w - 1)) + m - 1;
        let want = OpCounts {
            mul: doublings * dbl.mul + additions * add.mul,
            sqr: doublings * dbl.sqr + additions * add.sqr,
            mul_const: doublings * dbl.mul_const + additions * add.mul_const,
            add: doublings * dbl.add + additions * add.add,
            ..OpCounts::default()
        };
        for k in &scalars {
            let (q, got) = measure(|| ct_window_mul(&e, k, &g, w, bits).unwrap());
            assert_eq!(got, want, "{name} w={w}");
            let plain = double_and_add(c.curve(), k, &c.generator_point()).to_affine();
            let q = Projective {
                x: q.x.inner(),
                y: q.y.inner(),
                z: q.z.inner(),
            };
            assert_eq!(q.to_affine(), plain, "{name} w={w}");
        }
    }
}

#[test]
fn ct_window_cost_does_not_depend_on_the_scalar() {
    ct_cost_is_fixed::<FpP256, AMinus3>("secp256r1", ops(8, 3, 2, 21), ops(12, 0, 2, 29));
    ct_cost_is_fixed::<FpSecp256k1, AZero>("secp256k1", ops(6, 2, 1, 9), ops(12, 0, 2, 19));
    ct_cost_is_fixed::<FpBrainpoolP256, AGeneric>(
        "brainpoolP256r1",
        ops(8, 3, 5, 15),
        ops(12, 0, 5, 23),
    );
}

#[test]
fn ct_window_rejects_bad_widths_and_long_scalars() {
    let c = PrimeCurve::<FpP256, AMinus3>::new(params("secp256r1"));
    let g = c.generator_point();
    for w in [0usize, 8, 100] {
        assert!(matches!(
            ct_window_mul(c.curve(), &[1], &g, w, 256),
            Err(CtMulError::Recode(RecodeError::WidthOutOfRange { .. }))
        ));
    }
    assert_eq!(
        ct_window_mul(c.curve(), &[0, 0, 0, 0, 1], &g, 4, 256).map(|_| ()),
        Err(CtMulError::Recode(RecodeError::ScalarTooLong {
            max_bits: 256
        }))
    );
    assert_eq!(
        ct_window_mul(c.curve(), &[8], &g, 4, 3).map(|_| ()),
        Err(CtMulError::Recode(RecodeError::ScalarTooLong {
            max_bits: 3
        }))
    );
    // Leading zero words and short bounds are fine; [0]P and [k]O are O.
    let q = ct_window_mul(c.curve(), &[7, 0, 0, 0, 0, 0], &g, 4, 3).unwrap();
    assert_eq!(
        q.to_affine(),
        double_and_add(c.curve(), &[7], &g).to_affine()
    );
    let q = ct_window_mul(c.curve(), &[], &g, 4, 0).unwrap();
    assert_eq!(q.to_affine(), Affine::Infinity);
    let q = ct_window_mul(c.curve(), &[12345], &Affine::Infinity, 3, 256).unwrap();
    assert_eq!(q.to_affine(), Affine::Infinity);
}

// ---------------------------------------------------------------- cofactor 4

/// On secp112r2 and secp128r2 (h = 4) E(F_p) has a point T of order 2: a pair differing
/// by T is exceptional for the complete formulas ((0 : 0 : 0), which then propagates),
/// `ct_window_mul` reports it instead of returning a wrong point, and the named curve's
/// `ct-window` refuses points outside the subgroup of order n.
fn even_order<F: PrimeField, A: AShape>(name: &str) {
    let c = PrimeCurve::<F, A>::new(params(name));
    let e = c.curve();
    let n = NamedCurve::order(&c).to_vec();
    // A point outside the subgroup: [n]Q ≠ O has order 2 or 4.
    let mut x = F::from_u64(1);
    let (q, t) = loop {
        x += F::one();
        let Ok(y) = e.lift_x(&x, false, Default::default()) else {
            continue;
        };
        let q = Affine::Point { x, y };
        let t = double_and_add(e, &n, &q).to_affine();
        if !t.is_infinity() {
            break (q, t);
        }
    };
    let t2 = match e.add_affine(&t, &t) {
        Affine::Infinity => t,
        t2 => t2,
    };
    assert!(
        e.add_affine(&t2, &t2).is_infinity(),
        "{name}: T has order 2"
    );
    // (Q + T) and Q differ by T: exceptional.
    let qt = e.add_affine(&q, &t2);
    let r = e.add_complete(&Projective::from_affine(&qt), &Projective::from_affine(&q));
    assert!(r.is_exceptional(), "{name}: (Q + T) + Q is exceptional");
    // Propagation: adding or doubling (0 : 0 : 0) gives (0 : 0 : 0).
    assert!(e.double_complete(&r).is_exceptional());
    assert!(e
        .add_complete(&r, &Projective::from_affine(&c.generator_point()))
        .is_exceptional());
    // The generic method never returns a wrong point for Q (order 2n or 4n) or T.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let mut exceptional = 0;
    for p in [q, t, t2] {
        for k in [vec![1u64], vec![2], vec![3], random_below(&n, &mut rng)] {
            match ct_window_mul(e, &k, &p, 4, NamedCurve::order_bits(&c)) {
                Ok(r) => assert_eq!(
                    r.to_affine(),
                    double_and_add(e, &k, &p).to_affine(),
                    "{name}"
                ),
                Err(CtMulError::Exceptional) => exceptional += 1,
                Err(other) => panic!("{name}: {other}"),
            }
        }
    }
    assert!(exceptional > 0, "{name}: T itself meets P − O = T");
    // The named curve refuses Q, and accepts the subgroup.
    let enc = ecsm::curves::prime::encode_point(&q, false);
    let ct = spec("ct-window:w=4");
    assert_eq!(
        NamedCurve::mul(&c, &[5], Some(&enc), &ct, false),
        Err(CurveOpError::NotInSubgroup)
    );
    assert!(NamedCurve::mul(&c, &[5], None, &ct, false).is_ok());
}

#[test]
fn cofactor_four_curves_are_handled_on_the_subgroup_only() {
    even_order::<FpSecp112, AGeneric>("secp112r2");
    even_order::<FpSecp128r1, AGeneric>("secp128r2");
}

// ---------------------------------------------------------------- named curves

fn add_words(a: &[u64], b: &[u64]) -> Vec<u64> {
    let v = big(a) + big(b);
    let mut w = v.to_u64_digits();
    if w.is_empty() {
        w.push(0);
    }
    w
}

#[test]
fn ct_window_agrees_with_double_and_add_on_every_named_curve() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
    let reference = spec("double-add");
    let mut curves = 0;
    for c in all_curves()
        .iter()
        .copied()
        .filter(|c| c.as_prime().is_some())
    {
        let name = c.name();
        assert!(
            c.methods().contains(&spec("ct-window:w=4")),
            "{name} lists ct-window"
        );
        let n = c.order().to_vec();
        let bits = c.order_bits();
        let p = c
            .mul(&random_below(&n, &mut rng), None, &reference, false)
            .unwrap();
        let pow = |k: usize| {
            let mut v = vec![0u64; k / 64 + 1];
            v[k / 64] = 1 << (k % 64);
            v
        };
        let one = [1u64];
        let mut scalars: Vec<Vec<u64>> = vec![
            vec![],
            vec![0],
            vec![1],
            vec![2],
            vec![3],
            add_words(&n, &[]),               // n
            add_words(&n, &one),              // n + 1
            (big(&n) - 1u32).to_u64_digits(), // n − 1
            (big(&n) - 2u32).to_u64_digits(), // n − 2
            add_words(&n, &n),                // 2n
            random_below(&n, &mut rng),
            random_below(&n, &mut rng),
            // 2n² + r: far above n.
            add_words(
                &(big(&n) * big(&n) * 2u32).to_u64_digits(),
                &random_below(&n, &mut rng),
            ),
        ];
        for k in [4usize, bits - 1, bits] {
            scalars.push(pow(k));
            scalars.push(add_words(&pow(k), &one));
            scalars.push((big(&pow(k)) - 1u32).to_u64_digits());
        }
        for k in &scalars {
            let want = c.mul(k, Some(&p), &reference, false).unwrap();
            for w in 2..=6 {
                let m = spec(&format!("ct-window:w={w}"));
                assert_eq!(
                    c.mul(k, Some(&p), &m, false).unwrap(),
                    want,
                    "{name} w={w} k={:x}",
                    big(k)
                );
            }
        }
        // The generator by default, and O in, O out.
        let ct = spec("ct-window");
        assert_eq!(c.mul(&[1], None, &ct, false).unwrap(), c.generator(false));
        assert_eq!(c.mul(&[5], Some(&[0]), &ct, false).unwrap(), vec![0]);
        curves += 1;
    }
    assert!(curves >= 37, "{curves} prime curves");
}

#[test]
fn ct_window_specs_are_checked() {
    let c = find_curve("P-256").unwrap();
    for good in ["ct-window", "ct-window:w=2", "ct-window:w=6"] {
        assert_eq!(c.check_method(&spec(good)), Ok(()), "{good}");
    }
    for bad in ["ct-window:w=1", "ct-window:w=7", "ct-window:t=3"] {
        assert!(c.check_method(&spec(bad)).is_err(), "{bad}");
        assert!(c.mul(&[1], None, &spec(bad), false).is_err(), "{bad}");
    }
    // The variable-time default stays the default.
    assert_eq!(c.default_method(), spec("naf:w=5"));
}

#[test]
fn ecdh_matches_the_reference_multiplication() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
    let reference = spec("double-add");
    for name in [
        "P-256",
        "secp256k1",
        "brainpoolP384r1",
        "secp112r2",
        "P-521",
    ] {
        let c = find_curve(name).unwrap();
        let n = c.order().to_vec();
        let (a, b) = (random_below(&n, &mut rng), random_below(&n, &mut rng));
        let qb = c.mul(&b, None, &reference, true).unwrap();
        let shared = c.mul(&a, Some(&qb), &reference, false).unwrap();
        let s = c.ecdh(&a, &qb).unwrap();
        assert_eq!(&shared[1..1 + c.field_bytes()], &s[..], "{name}");
        let nm1 = (big(&n) - 1u32).to_u64_digits();
        let shared = c.mul(&nm1, Some(&qb), &reference, false).unwrap();
        assert_eq!(
            &shared[1..1 + c.field_bytes()],
            &c.ecdh(&nm1, &qb).unwrap()[..]
        );
    }
}
