//! Binary curves (`ecsm::curve::binary`) against a slow, obvious reference.
//!
//! The reference group law below is the textbook chord-and-tangent law with a field
//! inversion per operation (Hankerson–Menezes–Vanstone, *Guide to ECC*, §3.1.2), written
//! here and sharing nothing with the library's formulas. Every formula, in every coordinate
//! system, is compared with it on random points of random curves over GF(2^163) and
//! GF(2^233), on NIST curves of each shape, on a curve with a2 = 0 and a6 ≠ 1 and on a
//! curve over GF(2^254) with an arbitrary a2 — including O, the 2-torsion point T, P = ±Q,
//! sums equal to T, and a point of order 4 where the curve has one. The ten NIST curves are
//! checked against published facts: G on the curve, \[n\]G = O, h·n within the Hasse bound,
//! \[h·n\]P = O for a random point. Costs are measured by running the formulas on
//! `Counted` and compared with the counts their doc comments state.

use crate::common;

use common::rng;
use ecsm::cost::{measure, Counted, OpCounts};
use ecsm::curve::binary::{
    find_binary_curve, random_curve, random_point, A2Kind, Affine, AnyShape, ArbitraryA2,
    BinaryCurve, BinaryCurveParams, CurveError, CurveShape, GenericA0, GenericA1, KoblitzA0,
    KoblitzA1, Lambda, LambdaAffine, LopezDahab, XOnly, BINARY_CURVES,
};
use ecsm::field::gf2m::{Gf2mSpec, P163, P233, P283, P409, P571};
use ecsm::field::{BinaryField, Field, Gf163, Gf233, Gf254, Gf283, Gf409, Gf571};
use ecsm::mul::binary;
use ecsm::mul::binary_lambda::lambda_naf;
use num_bigint::BigUint;
use rand_core::RngCore;

// ---------------------------------------------------------------------------------------
// The reference: affine chord-and-tangent with one inversion per operation.
// ---------------------------------------------------------------------------------------

use common::binary_ref::{Pt, Reference};

fn to_pt<F: Field>(p: &Affine<F>) -> Pt<F> {
    match *p {
        Affine::Infinity => None,
        Affine::Point { x, y } => Some((x, y)),
    }
}

fn from_pt<F: Field>(p: Pt<F>) -> Affine<F> {
    match p {
        None => Affine::Infinity,
        Some((x, y)) => Affine::new(x, y),
    }
}

fn nonzero<F: Field>(r: &mut dyn RngCore) -> F {
    loop {
        let v = F::random(r);
        if !v.is_zero() {
            return v;
        }
    }
}

// ---------------------------------------------------------------------------------------
// Random representatives in the projective systems, so that Z ≠ 1 is exercised.
// ---------------------------------------------------------------------------------------

fn rand_ld<F: BinaryField>(p: &Affine<F>, r: &mut dyn RngCore) -> LopezDahab<F> {
    let z: F = nonzero(r);
    match *p {
        Affine::Infinity => LopezDahab {
            x: nonzero(r),
            y: F::random(r),
            z: F::zero(),
        },
        Affine::Point { x, y } => LopezDahab {
            x: x * z,
            y: y * z * z,
            z,
        },
    }
}

fn rand_x<F: BinaryField>(p: &Affine<F>, r: &mut dyn RngCore) -> XOnly<F> {
    let z: F = nonzero(r);
    match *p {
        Affine::Infinity => XOnly {
            x: nonzero(r),
            z: F::zero(),
        },
        Affine::Point { x, .. } => XOnly { x: x * z, z },
    }
}

fn rand_lambda<F: BinaryField, S: CurveShape>(
    c: &BinaryCurve<F, S>,
    p: &Affine<F>,
    r: &mut dyn RngCore,
) -> Lambda<F> {
    let s: F = nonzero(r);
    let l = c.affine_to_lambda(p);
    Lambda {
        x: l.x * s,
        l: l.l * s,
        z: l.z * s,
    }
}

/// A point of order 4 (2U = T: x(2U) = x² + a6/x² = 0, so x = a6^(1/4)), when one is
/// rational: exactly when λ² + λ = x + a2 + a6/x² is solvable.
fn order4_point<F: BinaryField, S: CurveShape>(c: &BinaryCurve<F, S>) -> Option<Affine<F>> {
    let x = c.sqrt_a6().sqrt();
    let ix = x.invert().unwrap();
    let l = (x + c.a2() + c.a6() * ix * ix).solve_quadratic()?;
    Some(Affine::new(x, l * x))
}

// ---------------------------------------------------------------------------------------
// Every formula against the reference.
// ---------------------------------------------------------------------------------------

/// The points every formula is tried on, pairwise for the additions.
fn special_points<F: BinaryField, S: CurveShape>(
    c: &BinaryCurve<F, S>,
    r: &mut dyn RngCore,
) -> Vec<Affine<F>> {
    let rf = Reference::of(c);
    let p = to_pt(&random_point(c, r));
    let q = to_pt(&random_point(c, r));
    let t = to_pt(&c.two_torsion());
    let p2 = rf.double(p);
    let mut pts = vec![
        None,
        t,
        p,
        rf.neg(p),
        p2,
        rf.neg(p2),
        rf.add(p2, p),
        q,
        rf.add(p, q),
        rf.add(t, p),
        rf.add(t, rf.neg(p)),  // P + (T − P) = T
        rf.add(t, rf.neg(p2)), // 2P + (T − 2P) = T
    ];
    if let Some(u) = order4_point(c) {
        let u = to_pt(&u);
        assert_eq!(rf.double(u), t, "order-4 point");
        pts.push(u);
        pts.push(rf.neg(u));
        pts.push(rf.add(u, p));
    }
    for pt in &pts {
        assert!(rf.on_curve(*pt), "test point off the curve");
    }
    pts.iter().map(|p| from_pt(*p)).collect()
}

fn exercise<F: BinaryField, S: CurveShape>(c: &BinaryCurve<F, S>, seed: u64) {
    let mut r = rng(seed);
    let rf = Reference::of(c);
    let pts = special_points(c, &mut r);
    for a in &pts {
        let pa = to_pt(a);
        let want2 = from_pt(rf.double(pa));
        let want3 = from_pt(rf.add(rf.double(pa), pa));
        assert!(c.is_on_curve(a));
        assert_eq!(c.affine_double(a), want2, "affine_double");
        assert_eq!(c.affine_triple(a), want3, "affine_triple");

        let la = rand_ld(a, &mut r);
        assert!(c.ld_is_on_curve(&la));
        assert_eq!(c.ld_to_affine(&la), *a, "ld_to_affine");
        assert_eq!(c.ld_to_affine(&c.affine_to_ld(a)), *a);
        let d = c.ld_double(&la);
        assert!(c.ld_is_on_curve(&d));
        assert_eq!(c.ld_to_affine(&d), want2, "ld_double");
        assert_eq!(c.ld_to_affine(&la.neg()), a.neg(), "LD negation");

        let xa = rand_x(a, &mut r);
        assert_eq!(c.x_to_affine_x(&xa), a.x());
        assert_eq!(c.x_to_affine_x(&c.affine_to_x(a)), a.x());
        assert_eq!(c.x_to_affine_x(&c.ld_to_x(&la)), a.x());
        assert_eq!(c.x_to_affine_x(&c.x_double(&xa)), want2.x(), "x_double");
        let want8 = rf.double(rf.double(rf.double(pa)));
        assert_eq!(
            c.x_to_affine_x(&c.x_double_repeated(&xa, 3)),
            from_pt(want8).x(),
            "x_double_repeated"
        );

        let lam_a = c.affine_to_lambda_affine(a);
        assert!(c.lambda_affine_is_on_curve(&lam_a));
        assert_eq!(c.lambda_affine_to_affine(&lam_a), *a, "λ-affine round trip");
        assert_eq!(
            c.lambda_affine_to_affine(&lam_a.neg()),
            a.neg(),
            "λ-affine negation"
        );
        assert_eq!(
            c.lambda_affine_to_affine(&c.lambda_affine_double(&lam_a)),
            want2,
            "lambda_affine_double"
        );
        let lp = rand_lambda(c, a, &mut r);
        assert!(c.lambda_is_on_curve(&lp));
        assert_eq!(c.lambda_to_affine(&lp), *a, "λ-projective round trip");
        assert_eq!(c.lambda_to_lambda_affine(&lp), lam_a);
        assert_eq!(c.lambda_to_affine(&c.lambda_affine_to_lambda(&lam_a)), *a);
        assert_eq!(c.lambda_to_affine(&lp.neg()), a.neg(), "λ negation");
        assert_eq!(c.ld_to_affine(&c.lambda_to_ld(&lp)), *a, "lambda_to_ld");
        let from_ld = c.ld_to_lambda(&la);
        assert!(c.lambda_is_on_curve(&from_ld));
        assert_eq!(c.lambda_to_affine(&from_ld), *a, "ld_to_lambda");
        for (name, d) in [
            ("lambda_double", c.lambda_double(&lp)),
            ("lambda_double_alt", c.lambda_double_alt(&lp)),
        ] {
            assert!(c.lambda_is_on_curve(&d), "{name} off the curve");
            assert_eq!(c.lambda_to_affine(&d), want2, "{name}");
        }

        for b in &pts {
            let pb = to_pt(b);
            let sum = from_pt(rf.add(pa, pb));
            let diff = from_pt(rf.add(pa, rf.neg(pb)));
            let dbl_add = from_pt(rf.add(rf.double(pa), pb));
            assert_eq!(c.affine_add(a, b), sum, "affine_add");
            assert_eq!(c.affine_add_sub(a, b), (sum, diff), "affine_add_sub");

            let lb = rand_ld(b, &mut r);
            let m = c.ld_mixed_add(&la, b);
            assert!(c.ld_is_on_curve(&m));
            assert_eq!(c.ld_to_affine(&m), sum, "ld_mixed_add");
            let f = c.ld_add(&la, &lb);
            assert!(c.ld_is_on_curve(&f));
            assert_eq!(c.ld_to_affine(&f), sum, "ld_add");

            let lam_b = c.affine_to_lambda_affine(b);
            assert_eq!(
                c.lambda_affine_to_affine(&c.lambda_affine_add(&lam_a, &lam_b)),
                sum,
                "lambda_affine_add"
            );
            let lq = rand_lambda(c, b, &mut r);
            for (name, v, want) in [
                ("lambda_add", c.lambda_add(&lp, &lq), sum),
                ("lambda_mixed_add", c.lambda_mixed_add(&lp, &lam_b), sum),
                ("affine_add_to_lambda", c.affine_add_to_lambda(a, b), sum),
                (
                    "lambda_double_add",
                    c.lambda_double_add(&lp, &lam_b),
                    dbl_add,
                ),
            ] {
                assert!(c.lambda_is_on_curve(&v), "{name} off the curve");
                assert_eq!(c.lambda_to_affine(&v), want, "{name}");
            }

            // Differential addition: x(A + B) from x(A), x(B) and x(B − A).
            if let Some(xd) = from_pt(rf.add(pb, rf.neg(pa))).x() {
                let s = c.x_diff_add(xd, &rand_x(a, &mut r), &rand_x(b, &mut r));
                assert_eq!(c.x_to_affine_x(&s), sum.x(), "x_diff_add");
            }
        }
    }

    // Ladder and y-recovery on random and edge scalars.
    let p = random_point(c, &mut r);
    let t = c.two_torsion();
    for base in [p, p.neg(), t, c.affine_add(&p, &t), Affine::Infinity] {
        let mut scalars: Vec<Vec<u64>> = (0..6u64).map(|k| vec![k]).collect();
        for _ in 0..4 {
            scalars.push(vec![r.next_u64(), r.next_u64(), r.next_u64() >> 20]);
        }
        for k in &scalars {
            let want = from_pt(rf.mul(to_pt(&base), k));
            assert_eq!(ladder(c, &base, k), want, "ladder k = {k:?}");
            assert_eq!(c.ld_mul_vartime(&base, k), want, "ld_mul_vartime k = {k:?}");
        }
    }

    // Odd multiples, both methods.
    for base in [p, t, Affine::Infinity] {
        for tt in 0..=8usize {
            let pb = to_pt(&base);
            let want_double = from_pt(rf.double(pb));
            let mut want = Vec::new();
            let mut acc = pb;
            for _ in 0..tt {
                want.push(from_pt(acc));
                acc = rf.add(acc, rf.double(pb));
            }
            for m in [c.odd_multiples(&base, tt), c.odd_multiples_naive(&base, tt)] {
                assert_eq!(m.double, want_double, "odd multiples: 2P, t = {tt}");
                assert_eq!(m.odd, want, "odd multiples, t = {tt}");
            }
        }
    }
}

/// The Montgomery–López–Dahab ladder built from `ladder_step` and `ladder_recover_y`
/// (the library's `ecsm::mul::binary::montgomery`).
fn ladder<F: BinaryField, S: CurveShape>(
    c: &BinaryCurve<F, S>,
    p: &Affine<F>,
    k: &[u64],
) -> Affine<F> {
    ecsm::mul::binary::montgomery(c, k, p)
}

#[test]
fn random_curves_gf163_and_gf233() {
    let mut r = rng(0xb1);
    for seed in 0..3 {
        let c163 = random_curve::<Gf163>(&mut r);
        exercise(&c163, 100 + seed);
        let c233 = random_curve::<Gf233>(&mut r);
        exercise(&c233, 200 + seed);
    }
}

#[test]
fn nist_curves_of_each_shape() {
    let (k163, _) =
        BinaryCurve::<Gf163, KoblitzA1>::from_params(find_binary_curve("K-163").unwrap()).unwrap();
    exercise(&k163, 1);
    let (b163, _) =
        BinaryCurve::<Gf163, GenericA1>::from_params(find_binary_curve("B-163").unwrap()).unwrap();
    exercise(&b163, 2);
    let (k233, _) =
        BinaryCurve::<Gf233, KoblitzA0>::from_params(find_binary_curve("K-233").unwrap()).unwrap();
    assert!(order4_point(&k233).is_some(), "K-233 has h = 4");
    exercise(&k233, 3);
    let (b233, _) =
        BinaryCurve::<Gf233, GenericA1>::from_params(find_binary_curve("B-233").unwrap()).unwrap();
    exercise(&b233, 4);
}

#[test]
fn other_shapes() {
    let mut r = rng(0xa0);
    // a2 = 0 with a random a6: has points of order 4 (Tr(a2) = 0 makes 4 | #E).
    let c = BinaryCurve::<Gf163, GenericA0>::new(Gf163::zero(), nonzero(&mut r)).unwrap();
    assert!(order4_point(&c).is_some());
    exercise(&c, 5);
    // An arbitrary a2 over GF(2^254), the field of the GLS curves.
    let c = BinaryCurve::<Gf254, ArbitraryA2>::new(nonzero(&mut r), nonzero(&mut r)).unwrap();
    assert_eq!(ArbitraryA2::A2, A2Kind::Arbitrary);
    exercise(&c, 6);
}

#[test]
fn random_curves_and_points_are_on_the_curve() {
    let mut r = rng(7);
    for _ in 0..20 {
        let c = random_curve::<Gf233>(&mut r);
        assert_eq!(c.a2(), Gf233::one());
        assert!(!c.a6().is_zero());
        assert_eq!(c.sqrt_a6().square(), c.a6());
        for _ in 0..5 {
            let p = random_point(&c, &mut r);
            assert!(c.is_on_curve(&p));
            assert!(!p.x().unwrap().is_zero());
            assert_eq!(c.point(p.x().unwrap(), p.y().unwrap()), Ok(p));
        }
    }
    // Seeded: the same generator state gives the same curve and point.
    let (c1, c2) = (
        random_curve::<Gf163>(&mut rng(9)),
        random_curve::<Gf163>(&mut rng(9)),
    );
    assert_eq!(c1, c2);
    assert_eq!(
        random_point(&c1, &mut rng(10)),
        random_point(&c2, &mut rng(10))
    );
}

#[test]
fn constructor_errors() {
    let one = Gf163::one();
    assert_eq!(
        BinaryCurve::<Gf163, GenericA1>::new(one, Gf163::zero()),
        Err(CurveError::Singular)
    );
    assert!(matches!(
        BinaryCurve::<Gf163, GenericA0>::new(one, one),
        Err(CurveError::ShapeMismatch { .. })
    ));
    assert!(matches!(
        BinaryCurve::<Gf163, KoblitzA1>::new(one, Gf163::x()),
        Err(CurveError::ShapeMismatch { .. })
    ));
    let c = BinaryCurve::<Gf163, GenericA1>::new(one, Gf163::x()).unwrap();
    assert_eq!(c.point(one, one), Err(CurveError::NotOnCurve));
    // Published curves: wrong field, wrong shape, corrupted data.
    let k233 = find_binary_curve("K-233").unwrap();
    assert!(matches!(
        BinaryCurve::<Gf163, KoblitzA0>::from_params(k233),
        Err(CurveError::DegreeMismatch { .. })
    ));
    assert!(matches!(
        BinaryCurve::<Gf233, GenericA1>::from_params(k233),
        Err(CurveError::ShapeMismatch { .. })
    ));
    let mut bad = *k233;
    bad.gx = "zz";
    assert!(matches!(
        BinaryCurve::<Gf233, KoblitzA0>::from_params(&bad),
        Err(CurveError::BadHex { .. })
    ));
    let mut bad = *k233;
    bad.gy = bad.gx;
    assert_eq!(
        BinaryCurve::<Gf233, KoblitzA0>::from_params(&bad),
        Err(CurveError::NotOnCurve)
    );
    let mut bad = *k233;
    bad.gx = "01";
    assert!(matches!(
        BinaryCurve::<Gf233, KoblitzA0>::from_params(&bad),
        Err(CurveError::Field(_))
    ));
    // λ-affine has no O or T: they are variants, not coordinates.
    assert_eq!(
        c.affine_to_lambda_affine(&c.two_torsion()),
        LambdaAffine::TwoTorsion
    );
    assert_eq!(
        c.affine_to_lambda_affine(&Affine::Infinity),
        LambdaAffine::Infinity
    );
}

// ---------------------------------------------------------------------------------------
// The NIST curves against published facts.
// ---------------------------------------------------------------------------------------

fn hex(s: &str) -> BigUint {
    BigUint::parse_bytes(s.as_bytes(), 16).unwrap()
}

fn check_nist<F: BinaryField, S: CurveShape>(p: &BinaryCurveParams, seed: u64) {
    let (c, g) = BinaryCurve::<F, S>::from_params(p).unwrap();
    let rf = Reference::of(&c);
    let gp = to_pt(&g);
    assert!(rf.on_curve(gp), "{}: G on the curve", p.name);
    let n = p.order_words().unwrap();
    assert_eq!(rf.mul(gp, &n), None, "{}: [n]G = O", p.name);
    let mut n1 = n.clone();
    n1[0] -= 1; // n is odd
    assert_eq!(rf.mul(gp, &n1), rf.neg(gp), "{}: [n−1]G = −G", p.name);
    assert!(c.ld_mul_vartime(&g, &n).is_infinity());
    // Hasse: |h·n − (2^m + 1)| ≤ 2·2^(m/2).
    let order = hex(p.n) * BigUint::from(p.h);
    let q1 = (BigUint::from(1u8) << p.m) + BigUint::from(1u8);
    let dev = if order > q1 {
        &order - &q1
    } else {
        &q1 - &order
    };
    assert!(
        &dev * &dev <= BigUint::from(4u8) << p.m,
        "{}: Hasse",
        p.name
    );
    // h·n is the group order: it kills a random point.
    let hn = (hex(p.n) * BigUint::from(p.h)).to_u64_digits();
    let mut r = rng(seed);
    let q = random_point(&c, &mut r);
    assert!(
        c.ld_mul_vartime(&q, &hn).is_infinity(),
        "{}: [h·n]P",
        p.name
    );
    // Data format.
    let len = 2 * p.m.div_ceil(8);
    assert_eq!((p.b.len(), p.gx.len(), p.gy.len()), (len, len, len));
    assert_eq!(p.is_koblitz(), c.a6_is_one());
    assert_eq!(p.a2 == 1, c.a2_kind() == A2Kind::One);
    assert_eq!(p.a2 == 0, c.a2_kind() == A2Kind::Zero);
}

#[test]
fn nist_curves_published_facts() {
    for (i, p) in BINARY_CURVES.iter().enumerate() {
        let seed = i as u64;
        match (p.m, p.a2, p.is_koblitz()) {
            (163, 1, true) => check_nist::<Gf163, KoblitzA1>(p, seed),
            (163, 1, false) => check_nist::<Gf163, GenericA1>(p, seed),
            (233, 0, true) => check_nist::<Gf233, KoblitzA0>(p, seed),
            (233, 1, false) => check_nist::<Gf233, GenericA1>(p, seed),
            // The larger degrees with the registry's shape only (build time).
            (283, 0, true) | (283, 1, false) => check_nist::<Gf283, AnyShape>(p, seed),
            (409, 0, true) | (409, 1, false) => check_nist::<Gf409, AnyShape>(p, seed),
            (571, 0, true) | (571, 1, false) => check_nist::<Gf571, AnyShape>(p, seed),
            other => panic!("unexpected curve shape {other:?} for {}", p.name),
        }
    }
}

#[test]
fn nist_names_and_fields() {
    let names: Vec<&str> = BINARY_CURVES.iter().map(|c| c.name).collect();
    assert_eq!(
        names,
        [
            "sect163k1",
            "sect163r2",
            "sect233k1",
            "sect233r1",
            "sect283k1",
            "sect283r1",
            "sect409k1",
            "sect409r1",
            "sect571k1",
            "sect571r1"
        ]
    );
    // FIPS 186-4 names: K-m for the Koblitz curves, B-m for the others.
    for c in BINARY_CURVES {
        let nist = format!("{}-{}", if c.is_koblitz() { "K" } else { "B" }, c.m);
        assert_eq!(find_binary_curve(&nist).map(|f| f.name), Some(c.name));
        assert_eq!(find_binary_curve(&c.name.to_uppercase()), Some(c));
        for a in c.aliases {
            assert_eq!(find_binary_curve(a).map(|f| f.name), Some(c.name));
        }
    }
    let all: Vec<&str> = BINARY_CURVES
        .iter()
        .flat_map(|c| core::iter::once(c.name).chain(c.aliases.iter().copied()))
        .collect();
    for (i, a) in all.iter().enumerate() {
        assert!(
            !all[i + 1..].iter().any(|b| b.eq_ignore_ascii_case(a)),
            "{a} twice"
        );
    }
    assert_eq!(find_binary_curve("wtls3").unwrap().name, "sect163k1");
    assert_eq!(find_binary_curve("wtls5"), None); // c2pnb163v1, not a NIST curve
                                                  // The reduction polynomials of FIPS 186-4 D.1.3 / SEC 2 §3 are the field types'.
    assert_eq!(<P163 as Gf2mSpec<3>>::TERMS, [3, 6, 7]);
    assert_eq!(<P233 as Gf2mSpec<4>>::TERMS, [74]);
    assert_eq!(<P283 as Gf2mSpec<5>>::TERMS, [5, 7, 12]);
    assert_eq!(<P409 as Gf2mSpec<7>>::TERMS, [87]);
    assert_eq!(<P571 as Gf2mSpec<9>>::TERMS, [2, 5, 10]);
}

/// B-163 has h = 2 and prime n: P = G + T has order 2n and \[n\]P = T, the case of the
/// y-recovery where kP = T with x(P) ≠ 0.
#[test]
fn ladder_reaches_two_torsion() {
    let p = find_binary_curve("B-163").unwrap();
    let (c, g) = BinaryCurve::<Gf163, GenericA1>::from_params(p).unwrap();
    let base = c.affine_add(&g, &c.two_torsion());
    let n = p.order_words().unwrap();
    assert_eq!(ladder(&c, &base, &n), c.two_torsion());
    assert_eq!(c.ld_mul_vartime(&base, &n), c.two_torsion());
}

// ---------------------------------------------------------------------------------------
// Measured costs equal the doc comments' counts.
// ---------------------------------------------------------------------------------------

/// (I, M, S, C), with H, square roots and traces zero.
fn assert_cost(name: &str, got: OpCounts, want: (u64, u64, u64, u64)) {
    assert_eq!(
        (got.inv, got.mul, got.sqr, got.mul_const),
        want,
        "{name}: measured {got}"
    );
    assert_eq!(
        (got.half_trace, got.sqrt, got.trace),
        (0, 0, 0),
        "{name}: {got}"
    );
}

/// Multiplications by constants each formula makes, per shape.
struct ConstCounts {
    /// a6 in the LD doubling.
    ld_dbl: u64,
    /// a2·C in madd-2005-dl.
    ld_madd: u64,
    /// √a6 in the x-doubling.
    x_dbl: u64,
    /// a2·Z² in the λ doubling and the doubling-and-addition.
    lam_dbl: u64,
    /// a2² + a6 (and a2, a2 + 1 when arbitrary) in the second λ doubling.
    lam_dbl_alt: u64,
    /// a2·x1² in the single-inversion precomputation.
    precomp: u64,
}

/// The C each formula takes, from what the curve says its shape is (the type's constants,
/// or for `AnyShape` the kinds read from a2 and a6).
fn const_counts<F: BinaryField, S: CurveShape>(c: &BinaryCurve<F, S>) -> ConstCounts {
    let arb = u64::from(c.a2_kind() == A2Kind::Arbitrary);
    let a6 = u64::from(!c.a6_is_one());
    ConstCounts {
        ld_dbl: a6 + arb,
        ld_madd: arb,
        x_dbl: a6,
        lam_dbl: arb,
        // a2² + a6 is 0 or 1 on the Koblitz shapes.
        lam_dbl_alt: a6 + 2 * arb,
        precomp: arb,
    }
}

fn measure_costs<F: BinaryField, S: CurveShape>(plain: &BinaryCurve<F, S>, seed: u64) {
    let mut r = rng(seed);
    let k = const_counts(plain);
    let c = plain.map_field(Counted);
    let p0 = random_point(plain, &mut r);
    let q0 = random_point(plain, &mut r);
    let (p, q) = (p0.map(Counted), q0.map(Counted));
    let lp = rand_ld(&p0, &mut r).map(Counted);
    let lq = rand_ld(&q0, &mut r).map(Counted);
    let xp = rand_x(&p0, &mut r).map(Counted);
    let xq = rand_x(&q0, &mut r).map(Counted);
    let lap = plain.affine_to_lambda_affine(&p0).map(Counted);
    let laq = plain.affine_to_lambda_affine(&q0).map(Counted);
    let pp = rand_lambda(plain, &p0, &mut r).map(Counted);
    let pq = rand_lambda(plain, &q0, &mut r).map(Counted);
    let x1 = p.x().unwrap();

    let (v, n) = measure(|| c.affine_double(&p));
    assert_cost("affine_double", n, (1, 2, 1, 0));
    assert_eq!(v.map(Counted::inner), plain.affine_double(&p0));
    let (v, n) = measure(|| c.affine_add(&p, &q));
    assert_cost("affine_add", n, (1, 2, 1, 0));
    assert_eq!(v.map(Counted::inner), plain.affine_add(&p0, &q0));
    let (_, n) = measure(|| c.affine_add_sub(&p, &q));
    assert_cost("affine_add_sub", n, (1, 4, 2, 0));
    let (v, n) = measure(|| c.affine_triple(&p));
    assert_cost("affine_triple", n, (1, 6, 4, 0));
    assert_eq!(v.map(Counted::inner), plain.affine_triple(&p0));

    let (_, n) = measure(|| c.ld_double(&lp));
    assert_cost("ld_double", n, (0, 3, 5, k.ld_dbl));
    let (_, n) = measure(|| c.ld_mixed_add(&lp, &q));
    assert_cost("ld_mixed_add", n, (0, 8, 5, k.ld_madd));
    let (_, n) = measure(|| c.ld_add(&lp, &lq));
    assert_cost("ld_add", n, (0, 13, 4, 0));
    let (_, n) = measure(|| lp.neg());
    assert_cost("LD negation", n, (0, 1, 0, 0));

    let (_, n) = measure(|| c.x_double(&xp));
    assert_cost("x_double", n, (0, 1, 3, k.x_dbl));
    let (_, n) = measure(|| c.x_double_repeated(&xp, 10));
    assert_cost("x_double_repeated(10)", n, (0, 10, 30, 10 * k.x_dbl));
    let (_, n) = measure(|| c.x_diff_add(x1, &xp, &xq));
    assert_cost("x_diff_add", n, (0, 4, 1, 0));
    let (_, n) = measure(|| c.ladder_step(x1, &xp, &xq));
    assert_cost("ladder_step", n, (0, 5, 4, k.x_dbl));
    // R0 = x(P'), R1 = x(P' + P) for P' = Q: the recovery's generic path.
    let r1 = rand_x(&plain.affine_add(&q0, &p0), &mut r).map(Counted);
    let (v, n) = measure(|| c.ladder_recover_y(&p, &xq, &r1));
    assert_cost("ladder_recover_y", n, (1, 10, 1, 0));
    assert_eq!(v.map(Counted::inner), q0);

    let (_, n) = measure(|| c.lambda_affine_double(&lap));
    assert_cost("lambda_affine_double", n, (1, 1, 2, 0));
    let (_, n) = measure(|| c.lambda_affine_add(&lap, &laq));
    assert_cost("lambda_affine_add", n, (1, 6, 1, 0));
    let (_, n) = measure(|| c.lambda_double(&pp));
    assert_cost("lambda_double", n, (0, 4, 4, k.lam_dbl));
    let (_, n) = measure(|| c.lambda_double_alt(&pp));
    assert_cost("lambda_double_alt", n, (0, 3, 4, k.lam_dbl_alt));
    let (_, n) = measure(|| c.lambda_add(&pp, &pq));
    assert_cost("lambda_add", n, (0, 11, 2, 0));
    let (_, n) = measure(|| c.lambda_mixed_add(&pp, &laq));
    assert_cost("lambda_mixed_add", n, (0, 8, 2, 0));
    let (v, n) = measure(|| c.affine_add_to_lambda(&p, &q));
    assert_cost("affine_add_to_lambda", n, (0, 7, 3, k.ld_madd));
    assert_eq!(
        plain.lambda_to_affine(&v.map(Counted::inner)),
        plain.affine_add(&p0, &q0)
    );
    let (_, n) = measure(|| c.lambda_double_add(&pp, &laq));
    assert_cost("lambda_double_add", n, (0, 10, 6, k.lam_dbl));

    let (_, n) = measure(|| c.affine_to_ld(&p));
    assert_cost("affine_to_ld", n, (0, 0, 0, 0));
    let (_, n) = measure(|| c.ld_to_affine(&lp));
    assert_cost("ld_to_affine", n, (1, 2, 1, 0));
    let (_, n) = measure(|| (c.affine_to_x(&p), c.ld_to_x(&lp)));
    assert_cost("affine_to_x, ld_to_x", n, (0, 0, 0, 0));
    let (_, n) = measure(|| c.x_to_affine_x(&xp));
    assert_cost("x_to_affine_x", n, (1, 1, 0, 0));
    let (_, n) = measure(|| c.affine_to_lambda_affine(&p));
    assert_cost("affine_to_lambda_affine", n, (1, 1, 0, 0));
    let (_, n) = measure(|| c.lambda_affine_to_affine(&lap));
    assert_cost("lambda_affine_to_affine", n, (0, 1, 0, 0));
    let (_, n) = measure(|| c.lambda_affine_to_lambda(&lap));
    assert_cost("lambda_affine_to_lambda", n, (0, 0, 0, 0));
    let (_, n) = measure(|| c.lambda_to_lambda_affine(&pp));
    assert_cost("lambda_to_lambda_affine", n, (1, 2, 0, 0));
    let (_, n) = measure(|| c.affine_to_lambda(&p));
    assert_cost("affine_to_lambda", n, (0, 0, 1, 0));
    let (_, n) = measure(|| c.lambda_to_affine(&pp));
    assert_cost("lambda_to_affine", n, (1, 3, 0, 0));
    let (_, n) = measure(|| c.ld_to_lambda(&lp));
    assert_cost("ld_to_lambda", n, (0, 1, 1, 0));
    let (_, n) = measure(|| c.lambda_to_ld(&pp));
    assert_cost("lambda_to_ld", n, (0, 1, 0, 0));

    for t in 1..=8u64 {
        let (v, n) = measure(|| c.odd_multiples(&p, t as usize));
        let want = if t == 1 {
            (1, 2, 1, 0)
        } else {
            (1, 9 * t - 9, 2 * t, k.precomp)
        };
        assert_cost(&format!("odd_multiples t = {t}"), n, want);
        if t >= 2 {
            // Seed 000 §4: I + (11t − 13)M + 2tS. Ours is that at t = 2 and fewer after.
            assert!(n.mul <= 11 * t - 13 && n.sqr == 2 * t);
            assert_eq!(n.mul == 11 * t - 13, t == 2);
        }
        let (w, n) = measure(|| c.odd_multiples_naive(&p, t as usize));
        assert_cost(&format!("odd_multiples_naive t = {t}"), n, (t, 2 * t, t, 0));
        assert_eq!(v, w);
    }
}

#[test]
fn measured_costs() {
    let mut r = rng(0xc0);
    measure_costs(&random_curve::<Gf163>(&mut r), 1);
    measure_costs(&random_curve::<Gf233>(&mut r), 2);
    measure_costs(
        &BinaryCurve::<Gf233, GenericA0>::new(Gf233::zero(), nonzero(&mut r)).unwrap(),
        3,
    );
    let (k163, _) =
        BinaryCurve::<Gf163, KoblitzA1>::from_params(find_binary_curve("K-163").unwrap()).unwrap();
    measure_costs(&k163, 4);
    let (k233, _) =
        BinaryCurve::<Gf233, KoblitzA0>::from_params(find_binary_curve("K-233").unwrap()).unwrap();
    measure_costs(&k233, 5);
    let (b233, _) =
        BinaryCurve::<Gf233, GenericA1>::from_params(find_binary_curve("B-233").unwrap()).unwrap();
    measure_costs(&b233, 6);
    measure_costs(
        &BinaryCurve::<Gf254, ArbitraryA2>::new(nonzero(&mut r), nonzero(&mut r)).unwrap(),
        7,
    );
    // The registry's shape, read at run time, on a Koblitz and a B-curve.
    for (name, seed) in [("K-233", 8), ("B-233", 9)] {
        let (c, _) =
            BinaryCurve::<Gf233, AnyShape>::from_params(find_binary_curve(name).unwrap()).unwrap();
        measure_costs(&c, seed);
    }
}

/// `AnyShape` (the registry's) against the fixed shape of each NIST curve of degree 163
/// and 233: the same kinds, the same points from every formula, and the same counts
/// (the C included) from a whole multiplication.
#[test]
fn any_shape_matches_the_fixed_shapes() {
    fn check<F: BinaryField, S: CurveShape>(name: &str, seed: u64) {
        let p = find_binary_curve(name).unwrap();
        let (fixed, g) = BinaryCurve::<F, S>::from_params(p).unwrap();
        let (any, _) = BinaryCurve::<F, AnyShape>::from_params(p).unwrap();
        assert_eq!(any.a2_kind(), S::A2, "{name}");
        assert_eq!(any.a6_is_one(), S::A6_IS_ONE, "{name}");
        let mut r = rng(seed);
        let q = fixed.ld_mul_vartime(&g, &[r.next_u64(), r.next_u64()]);
        let (lq, lg) = (fixed.affine_to_lambda(&q), fixed.affine_to_lambda(&g));
        assert_eq!(any.lambda_double(&lq), fixed.lambda_double(&lq), "{name}");
        assert_eq!(
            any.lambda_double_alt(&lq),
            fixed.lambda_double_alt(&lq),
            "{name}"
        );
        assert_eq!(
            any.lambda_double_add(&lq, &any.affine_to_lambda_affine(&g)),
            fixed.lambda_double_add(&lq, &fixed.affine_to_lambda_affine(&g)),
            "{name}"
        );
        assert_eq!(
            any.lambda_add(&lq, &lg),
            fixed.lambda_add(&lq, &lg),
            "{name}"
        );
        let k: Vec<u64> = (0..p.m.div_ceil(64)).map(|_| r.next_u64()).collect();
        let (cany, cfixed) = (any.map_field(Counted), fixed.map_field(Counted));
        let gc = g.map(Counted);
        let runs: [(&str, Run<F, S>); 4] = [
            ("montgomery", |c, k, p| binary::montgomery(c, k, p)),
            ("montgomery-ct", |c, k, p| binary::montgomery_ct(c, k, p)),
            ("naf:w=4", |c, k, p| binary::naf(c, k, p, 4).unwrap()),
            ("lambda-naf:w=4", |c, k, p| lambda_naf(c, k, p, 4).unwrap()),
        ];
        let runs_any: [Run<F, AnyShape>; 4] = [
            |c, k, p| binary::montgomery(c, k, p),
            |c, k, p| binary::montgomery_ct(c, k, p),
            |c, k, p| binary::naf(c, k, p, 4).unwrap(),
            |c, k, p| lambda_naf(c, k, p, 4).unwrap(),
        ];
        for ((method, run), run_any) in runs.into_iter().zip(runs_any) {
            let (a, na) = measure(|| run_any(&cany, &k, &gc));
            let (b, nb) = measure(|| run(&cfixed, &k, &gc));
            assert_eq!(a, b, "{name} {method}");
            assert_eq!(na, nb, "{name} {method}: counts");
        }
    }
    type Run<F, S> =
        fn(&BinaryCurve<Counted<F>, S>, &[u64], &Affine<Counted<F>>) -> Affine<Counted<F>>;
    check::<Gf163, KoblitzA1>("K-163", 1);
    check::<Gf163, GenericA1>("B-163", 2);
    check::<Gf233, KoblitzA0>("K-233", 3);
    check::<Gf233, GenericA1>("B-233", 4);
}
