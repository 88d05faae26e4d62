//! Seed 002's shapes `jacobian`, `jacobian-3`, `3dik` and `hessian`: operation costs
//! against the seed's Tables 1 and 2, measured on `Counted`; every operation on every pair
//! of points (in every pair of cache states) of curves over tiny fields, against affine
//! Weierstrass arithmetic through each shape's map; random points and scalar multiples on
//! 160- and 256-bit curves; the constructors' and `from_affine`'s rejections.

use crate::common::rng;
use crate::common::shapes::{
    check_against_weierstrass, image, in_state, w_add, w_mul, w_neg, w_on_curve, WPoint,
};
use ecsm::cost::{measure, Counted};
use ecsm::curves::prime_params::find_prime_curve;
use ecsm::encoding::scalar_from_hex;
use ecsm::field::{Field, FpP256, FpSecp160r1, PrimeField};
use ecsm::shape::{
    measure_ops, Cache, CurveShape, Dik3, Hessian, Jacobian, Jacobian3, ShapeError, ShapeOp,
};
use rand::RngCore;

// Tiny primes covering the square-root cases and both residues mod 3 (Hessian curves have
// two extra points at infinity when p ≡ 1 mod 3): 43 ≡ 3 (mod 4), 61 ≡ 5 (mod 8),
// 73 ≡ 1 (mod 8); 43, 61, 73 ≡ 1 (mod 3); 47 ≡ 3 (mod 4) and ≡ 2 (mod 3).
ecsm::fp_spec!(Tiny43, FpTiny43, 1, "2b", "tiny43");
ecsm::fp_spec!(Tiny47, FpTiny47, 1, "2f", "tiny47");
ecsm::fp_spec!(Tiny61, FpTiny61, 1, "3d", "tiny61");
ecsm::fp_spec!(Tiny73, FpTiny73, 1, "49", "tiny73");

const STATES: [Cache; 4] = [Cache::Fresh, Cache::Affine, Cache::Doubled, Cache::Added];

/// The cache states (of the first and second operand) that make each addition.
fn operand_states(op: ShapeOp) -> (Cache, Cache) {
    use Cache::*;
    match op {
        ShapeOp::Add => (Fresh, Fresh),
        ShapeOp::ReAdd => (Added, Fresh),
        ShapeOp::MAdd => (Fresh, Affine),
        ShapeOp::DAdd => (Doubled, Fresh),
        ShapeOp::TwoDAdd => (Doubled, Doubled),
        ShapeOp::DReAdd => (Doubled, Added),
        ShapeOp::TwoReAdd => (Added, Added),
        ShapeOp::DmAdd => (Doubled, Affine),
        ShapeOp::MReAdd => (Affine, Added),
        other => panic!("{other:?} is not an addition"),
    }
}

/// One row of a cost table: the operation, the seed's (M, S), and ours (M, S, C).
type CostRow = (ShapeOp, (u64, u64), (u64, u64, u64));

/// Our measured costs that differ from the seed's entries, each explained in its shape's
/// module doc: Jacobian 2dADD (no 10M + 4S formula found: 11M + 3S), 3DIK additions
/// without an affine operand (2S fewer: ZZ is a coordinate), Hessian TPL (extended
/// coordinates: 7M + 8S + 2C against the projective tripling's 8M + 6S).
const KNOWN_GAPS: &[(&str, ShapeOp)] = &[
    ("jacobian", ShapeOp::TwoDAdd),
    ("jacobian-3", ShapeOp::TwoDAdd),
    ("3dik", ShapeOp::Add),
    ("3dik", ShapeOp::ReAdd),
    ("3dik", ShapeOp::DAdd),
    ("3dik", ShapeOp::TwoDAdd),
    ("3dik", ShapeOp::DReAdd),
    ("3dik", ShapeOp::TwoReAdd),
    ("hessian", ShapeOp::Tpl),
];

/// Measure every operation of `rows` on a fresh pair of random points, both orders of
/// the operands, and check the recorded operation.
fn check_costs<F: PrimeField, S: CurveShape<Counted<F>>>(s: &S, rows: &[CostRow]) {
    let mut r = rng(2002);
    for &(op, seed, ours) in rows {
        let (x, y) = s.random_point(&mut r);
        let p = s.from_affine(&x, &y).unwrap();
        let (x, y) = s.random_point(&mut r);
        let q = s.from_affine(&x, &y).unwrap();
        let mut runs = vec![];
        match op {
            ShapeOp::Dbl | ShapeOp::Tpl => {
                let mut a = in_state(s, &p, Cache::Fresh);
                runs.push(measure_ops(|| {
                    measure(|| {
                        if op == ShapeOp::Dbl {
                            s.dbl(&mut a)
                        } else {
                            s.tpl(&mut a)
                        }
                    })
                }));
            }
            _ => {
                let (st1, st2) = operand_states(op);
                for swap in [false, true] {
                    let mut a = in_state(s, &p, st1);
                    let mut b = in_state(s, &q, st2);
                    if swap {
                        core::mem::swap(&mut a, &mut b);
                    }
                    runs.push(measure_ops(|| measure(|| s.add(&mut a, &mut b))));
                }
            }
        }
        for ((_, c), ops) in runs {
            let name = format!("{} {}", S::NAME, op.name());
            assert_eq!(ops.get(op), 1, "{name}: records {op:?}");
            assert_eq!(
                ops.0.iter().sum::<u64>(),
                1,
                "{name}: records one operation"
            );
            assert_eq!(
                (c.mul, c.sqr, c.mul_const),
                ours,
                "{name}: measured M, S, C"
            );
            assert_eq!(c.inv, 0, "{name}: no inversion");
            if (ours.0, ours.1) != seed {
                assert!(
                    KNOWN_GAPS.contains(&(S::NAME, op)),
                    "{name}: {}M + {}S, seed {}M + {}S",
                    ours.0,
                    ours.1,
                    seed.0,
                    seed.1
                );
            }
        }
    }
}

fn cost_shape_p256<S: CurveShape<Counted<FpP256>>>(s: &S, rows: &[CostRow]) {
    check_costs::<FpP256, S>(s, rows);
}

/// Seed Tables 1–2 for the Jacobian additions (both shapes).
const JACOBIAN_ADDS: [CostRow; 9] = [
    (ShapeOp::Add, (11, 5), (11, 5, 0)),
    (ShapeOp::ReAdd, (10, 4), (10, 4, 0)),
    (ShapeOp::MAdd, (7, 4), (7, 4, 0)),
    (ShapeOp::DAdd, (11, 4), (11, 4, 0)),
    (ShapeOp::TwoDAdd, (10, 4), (11, 3, 0)),
    (ShapeOp::DReAdd, (10, 3), (10, 3, 0)),
    (ShapeOp::TwoReAdd, (9, 3), (9, 3, 0)),
    (ShapeOp::DmAdd, (7, 3), (7, 3, 0)),
    (ShapeOp::MReAdd, (6, 3), (6, 3, 0)),
];

fn random_elem<F: PrimeField>(r: &mut dyn rand_core::RngCore) -> F {
    F::random(r)
}

fn p256_jacobian<F: PrimeField>(r: &mut dyn rand_core::RngCore) -> Jacobian<F> {
    loop {
        if let Ok(s) = Jacobian::new(random_elem(r), random_elem(r)) {
            return s;
        }
    }
}

fn elem<F: PrimeField>(hex: &str) -> F {
    let w = scalar_from_hex(hex).unwrap();
    let mut padded = vec![0u64; F::modulus().len()];
    padded[..w.len()].copy_from_slice(&w);
    F::from_words(&padded).unwrap()
}

/// `jacobian`: DBL 1M + 8S + 1C (the C is a·ZZ², dbl-2007-bl), TPL 5M + 10S + 1C
/// (a·ZZ², tpl-2007-bl); the additions use no constant. All as Table 1–2 except 2dADD.
#[test]
fn cost_jacobian() {
    let s: Jacobian<Counted<FpP256>> = p256_jacobian(&mut rng(1));
    let mut rows = vec![
        (ShapeOp::Dbl, (1, 8), (1, 8, 1)),
        (ShapeOp::Tpl, (5, 10), (5, 10, 1)),
    ];
    rows.extend(JACOBIAN_ADDS);
    cost_shape_p256(&s, &rows);
}

/// `jacobian-3` on P-256: DBL 3M + 5S, TPL 7M + 7S, no constant anywhere; the additions
/// as `jacobian`.
#[test]
fn cost_jacobian3() {
    let c = find_prime_curve("P-256").unwrap();
    let s = Jacobian3::new(Counted(elem::<FpP256>(c.a)), Counted(elem(c.b))).unwrap();
    let mut rows = vec![
        (ShapeOp::Dbl, (3, 5), (3, 5, 0)),
        (ShapeOp::Tpl, (7, 7), (7, 7, 0)),
    ];
    rows.extend(JACOBIAN_ADDS);
    cost_shape_p256(&s, &rows);
}

/// `3dik`: DBL 2M + 7S + 2C (a₂ = 2a, a₃ = 3a), TPL 6M + 6S + 2C (two by a), every
/// addition 1C (a₃·ZZ3). The additions without an affine operand are 2S under the seed's.
#[test]
fn cost_dik3() {
    let s = loop {
        if let Ok(s) = Dik3::new(Counted(FpP256::random(&mut rng(3)))) {
            break s;
        }
    };
    let rows = [
        (ShapeOp::Dbl, (2, 7), (2, 7, 2)),
        (ShapeOp::Tpl, (6, 6), (6, 6, 2)),
        (ShapeOp::Add, (11, 6), (11, 4, 1)),
        (ShapeOp::ReAdd, (10, 6), (10, 4, 1)),
        (ShapeOp::MAdd, (7, 4), (7, 4, 1)),
        (ShapeOp::DAdd, (11, 6), (11, 4, 1)),
        (ShapeOp::TwoDAdd, (11, 6), (11, 4, 1)),
        (ShapeOp::DReAdd, (10, 6), (10, 4, 1)),
        (ShapeOp::TwoReAdd, (9, 6), (9, 4, 1)),
        (ShapeOp::DmAdd, (7, 4), (7, 4, 1)),
        (ShapeOp::MReAdd, (6, 4), (6, 4, 1)),
    ];
    cost_shape_p256(&s, &rows);
}

/// `hessian`: DBL 3M + 6S, additions 6M + 6S (5M + 6S with an affine operand), no
/// constant; TPL 7M + 8S + 2C (2(1/d³ − 1) and 2/d) against the seed's 8M + 6S. The
/// seed's dreADD "6M+6M" is read as 6M + 6S.
#[test]
fn cost_hessian() {
    let s = Hessian::new(Counted(FpP256::random(&mut rng(4)))).unwrap();
    let rows = [
        (ShapeOp::Dbl, (3, 6), (3, 6, 0)),
        (ShapeOp::Tpl, (8, 6), (7, 8, 2)),
        (ShapeOp::Add, (6, 6), (6, 6, 0)),
        (ShapeOp::ReAdd, (6, 6), (6, 6, 0)),
        (ShapeOp::MAdd, (5, 6), (5, 6, 0)),
        (ShapeOp::DAdd, (6, 6), (6, 6, 0)),
        (ShapeOp::TwoDAdd, (6, 6), (6, 6, 0)),
        (ShapeOp::DReAdd, (6, 6), (6, 6, 0)),
        (ShapeOp::TwoReAdd, (6, 6), (6, 6, 0)),
        (ShapeOp::DmAdd, (5, 6), (5, 6, 0)),
        (ShapeOp::MReAdd, (5, 6), (5, 6, 0)),
    ];
    cost_shape_p256(&s, &rows);
}

/// ZADD: each step of the co-Z Fibonacci sequence is 5M + 2S, recorded as ZADD; the
/// co-Z start is one DBL: mdbl-2007-bl's 1M + 5S for an affine P, the shape's DBL
/// (here jacobian-3's 3M + 5S) otherwise.
#[test]
fn cost_zadd() {
    fn fib_cost<S: CurveShape<Counted<FpP256>>>(
        s: &S,
        p: &S::Point,
        z: usize,
    ) -> (u64, u64, u64, u64, u64) {
        let ((out, c), ops) = measure_ops(|| measure(|| s.fibonacci_multiples(p, z)));
        assert_eq!(out.len(), z - 1);
        (
            c.mul,
            c.sqr,
            c.mul_const,
            ops.get(ShapeOp::Dbl),
            ops.get(ShapeOp::ZAdd),
        )
    }
    fn check<S: CurveShape<Counted<FpP256>>>(s: &S, dbl_fresh: (u64, u64, u64)) {
        let (x, y) = s.random_point(&mut rng(5));
        let p = s.from_affine(&x, &y).unwrap();
        for z in [3, 4, 12, 25] {
            let n = (z - 3) as u64;
            assert_eq!(
                fib_cost(s, &p, z),
                (1 + 5 * n, 5 + 2 * n, 0, 1, n),
                "{} z={z}",
                S::NAME
            );
            let f = in_state(s, &p, Cache::Fresh);
            let (m, sq, c) = dbl_fresh;
            assert_eq!(
                fib_cost(s, &f, z),
                (m + 5 * n, sq + 2 * n, c, 1, n),
                "{} fresh z={z}",
                S::NAME
            );
        }
    }
    check(&p256_jacobian::<Counted<FpP256>>(&mut rng(6)), (1, 8, 1));
    let c = find_prime_curve("P-256").unwrap();
    let s3 = Jacobian3::new(Counted(elem::<FpP256>(c.a)), Counted(elem(c.b))).unwrap();
    check(&s3, (3, 5, 0));
}

/// Every affine point of `s`, found by trying every (x, y) of the tiny field.
fn affine_points<F: PrimeField, S: CurveShape<F>>(s: &S) -> Vec<S::Point> {
    let p = F::modulus()[0];
    let mut out = vec![];
    for x in 0..p {
        for y in 0..p {
            if let Ok(pt) = s.from_affine(&F::from_u64(x), &F::from_u64(y)) {
                out.push(pt);
            }
        }
    }
    out
}

/// The number of points of y² = x³ + ax + b over the tiny field, infinity included.
fn weierstrass_order<F: PrimeField>(a: F, b: F) -> usize {
    let p = F::modulus()[0];
    let mut n = 1;
    for u in 0..p {
        for v in 0..p {
            if w_on_curve(a, b, Some((F::from_u64(u), F::from_u64(v)))) {
                n += 1;
            }
        }
    }
    n
}

/// Every operation on every point and pair of points of `s` (its affine points, O and
/// `extra`), in every pair of cache states, against the Weierstrass reference through
/// `img`: the map is a bijection onto the Weierstrass curve's points; −P, 2P, 3P, P + Q,
/// the re-addition with the caches the first addition left, and the Fibonacci multiples.
fn exhaustive<F: PrimeField, S: CurveShape<F>>(
    s: &S,
    extra: &[S::Point],
    img: &dyn Fn(&S::Point) -> WPoint<F>,
) -> usize {
    let (a, b) = s.weierstrass();
    let affine = affine_points(s);
    for p in &affine {
        let (x, y) = s.to_affine(p).expect("affine");
        assert_eq!(
            s.from_affine(&x, &y).map(|q| s.cache(&q)),
            Ok(Cache::Affine)
        );
        let w = s.to_weierstrass(&x, &y);
        assert_eq!(s.from_weierstrass(w), Some((x, y)), "map round trip");
        assert_eq!(img(p), w, "image of an affine point");
    }
    let mut points: Vec<S::Point> = affine.clone();
    points.push(s.neutral());
    points.extend_from_slice(extra);
    assert!(s.is_neutral(&s.neutral()));
    assert_eq!(img(&s.neutral()), None);
    let images: Vec<WPoint<F>> = points.iter().map(img).collect();
    let mut sorted: Vec<String> = images.iter().map(|w| format!("{w:?}")).collect();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), points.len(), "the map is injective");
    assert_eq!(points.len(), weierstrass_order(a, b), "and onto");
    for w in &images {
        assert!(w_on_curve(a, b, *w));
    }
    // Each point in each state it can have.
    let versions: Vec<Vec<S::Point>> = points
        .iter()
        .enumerate()
        .map(|(i, p)| {
            STATES
                .iter()
                .filter(|&&st| st != Cache::Affine || i < affine.len())
                .map(|&st| {
                    let v = in_state(s, p, st);
                    assert_eq!(img(&v), images[i], "{st:?} keeps the value");
                    v
                })
                .collect()
        })
        .collect();
    for (i, vs) in versions.iter().enumerate() {
        let w = images[i];
        let w2 = w_add(a, w, w);
        let w3 = w_add(a, w2, w);
        assert_eq!(img(&s.neg(&vs[0])), w_neg(w), "−P");
        for v in vs {
            let mut v1 = *v;
            assert_eq!(
                img(&s.dbl(&mut v1)),
                w2,
                "2P of {w:?} from {:?}",
                s.cache(v)
            );
            assert_eq!(img(&v1), w, "DBL keeps P");
            let mut v2 = *v;
            assert_eq!(
                img(&s.tpl(&mut v2)),
                w3,
                "3P of {w:?} from {:?}",
                s.cache(v)
            );
            assert_eq!(img(&v2), w, "TPL keeps P");
            // A doubled or tripled operand adds correctly with what it cached.
            for (mut v, mut o) in [(v1, vs[0]), (v2, vs[0])] {
                assert_eq!(img(&s.add(&mut v, &mut o)), w2, "P + P after DBL/TPL");
            }
            let fib = s.fibonacci_multiples(v, 10);
            let (mut f0, mut f1) = (w, w);
            for (k, f) in fib.iter().enumerate() {
                assert_eq!(img(f), f1, "F_{} of {w:?} from {:?}", k + 2, s.cache(v));
                let next = w_add(a, f0, f1);
                f0 = f1;
                f1 = next;
            }
        }
    }
    for (i, vi) in versions.iter().enumerate() {
        for (j, vj) in versions.iter().enumerate() {
            let want = w_add(a, images[i], images[j]);
            for p in vi {
                for q in vj {
                    let (mut p1, mut q1) = (*p, *q);
                    let sum = s.add(&mut p1, &mut q1);
                    assert_eq!(
                        img(&sum),
                        want,
                        "{:?} ({:?}) + {:?} ({:?})",
                        images[i],
                        s.cache(p),
                        images[j],
                        s.cache(q)
                    );
                    assert_eq!(s.cache(&sum), Cache::Fresh);
                    assert_eq!((img(&p1), img(&q1)), (images[i], images[j]));
                    assert_eq!(img(&s.add(&mut p1, &mut q1)), want, "re-addition");
                    assert_eq!(img(&s.add(&mut q1, &mut p1)), want, "re-addition, swapped");
                }
            }
        }
    }
    points.len()
}

fn shape_image<F: PrimeField, S: CurveShape<F>>(s: &S) -> impl Fn(&S::Point) -> WPoint<F> + '_ {
    move |p| image(s, p)
}

fn exhaustive_jacobian<F: PrimeField>() {
    let mut n = 0;
    let mut with_two_torsion = 0;
    for (a, b) in [(0u64, 1u64), (1, 0), (2, 3), (5, 7), (3, 11)] {
        let (a, b) = (F::from_u64(a), F::from_u64(b));
        let Ok(s) = Jacobian::new(a, b) else { continue };
        n += exhaustive(&s, &[], &shape_image(&s));
        if affine_points(&s)
            .iter()
            .any(|p| s.to_affine(p).unwrap().1.is_zero())
        {
            with_two_torsion += 1;
        }
        let Ok(s3) = Jacobian3::new(-F::from_u64(3), b) else {
            continue;
        };
        n += exhaustive(&s3, &[], &shape_image(&s3));
    }
    assert!(n > 200 && with_two_torsion > 0);
}

fn exhaustive_dik3<F: PrimeField>() {
    for a in [1u64, 2, 5, 10, 17] {
        let Ok(s) = Dik3::new(F::from_u64(a)) else {
            continue;
        };
        exhaustive(&s, &[], &shape_image(&s));
    }
}

fn exhaustive_hessian<F: PrimeField>() {
    let p = F::modulus()[0];
    let omegas: Vec<F> = (2..p)
        .map(F::from_u64)
        .filter(|w| w.square() * *w == F::one())
        .collect();
    assert_eq!(omegas.len(), if p % 3 == 1 { 2 } else { 0 });
    for d in [0u64, 2, 3, 5, 11] {
        let Ok(s) = Hessian::new(F::from_u64(d)) else {
            continue;
        };
        let extra: Vec<_> = omegas
            .iter()
            .map(|w| s.from_projective(&F::one(), &-*w, &F::zero()).unwrap())
            .collect();
        for e in &extra {
            assert!(!s.is_neutral(e) && s.to_affine(e).is_none());
        }
        exhaustive(&s, &extra, &|q| s.weierstrass_image(q));
    }
}

#[test]
fn exhaustive_tiny_jacobian() {
    exhaustive_jacobian::<FpTiny43>();
    exhaustive_jacobian::<FpTiny47>();
    exhaustive_jacobian::<FpTiny61>();
    exhaustive_jacobian::<FpTiny73>();
}

#[test]
fn exhaustive_tiny_dik3() {
    exhaustive_dik3::<FpTiny43>();
    exhaustive_dik3::<FpTiny47>();
    exhaustive_dik3::<FpTiny61>();
    exhaustive_dik3::<FpTiny73>();
}

#[test]
fn exhaustive_tiny_hessian() {
    exhaustive_hessian::<FpTiny43>();
    exhaustive_hessian::<FpTiny47>();
    exhaustive_hessian::<FpTiny61>();
    exhaustive_hessian::<FpTiny73>();
}

/// [k]P by left-to-right double-and-add with the shape's own DBL and (mixed) ADD.
fn shape_mul<F: PrimeField, S: CurveShape<F>>(s: &S, p: &S::Point, k: &[u64]) -> S::Point {
    let mut acc = s.neutral();
    for i in (0..64 * k.len()).rev() {
        acc = s.dbl(&mut acc);
        if (k[i / 64] >> (i % 64)) & 1 == 1 {
            let mut q = *p;
            acc = s.add(&mut acc, &mut q);
        }
    }
    acc
}

/// The reference check, then [k]P for random k of the field's size against `w_mul`.
fn real_curve<F: PrimeField, S: CurveShape<F>>(s: &S, seed: u64) {
    let mut r = rng(seed);
    check_against_weierstrass(s, &mut r, 3);
    let (a, _) = s.weierstrass();
    for _ in 0..3 {
        let (x, y) = s.random_point(&mut r);
        let p = s.from_affine(&x, &y).unwrap();
        let wp = s.to_weierstrass(&x, &y);
        let k: Vec<u64> = (0..F::modulus().len()).map(|_| r.next_u64()).collect();
        assert_eq!(
            image(s, &shape_mul(s, &p, &k)),
            w_mul(a, wp, &k),
            "{}: [k]P",
            S::NAME
        );
    }
}

fn real_curves<F: PrimeField>(named: &str, seed: u64) {
    let mut r = rng(seed);
    let c = find_prime_curve(named).unwrap();
    let s3 = Jacobian3::new(elem::<F>(c.a), elem(c.b)).unwrap();
    real_curve(&s3, seed);
    // The generator has order n.
    let g = s3.from_affine(&elem(c.gx), &elem(c.gy)).unwrap();
    let n = scalar_from_hex(c.n).unwrap();
    assert!(s3.is_neutral(&shape_mul(&s3, &g, &n)), "{named}: [n]G = O");
    real_curve(&p256_jacobian::<F>(&mut r), seed + 1);
    let dik = loop {
        if let Ok(s) = Dik3::new(F::random(&mut r)) {
            break s;
        }
    };
    real_curve(&dik, seed + 2);
    real_curve(&Hessian::new(F::random(&mut r)).unwrap(), seed + 3);
}

#[test]
fn real_curves_160() {
    real_curves::<FpSecp160r1>("secp160r1", 160);
}

#[test]
fn real_curves_256() {
    real_curves::<FpP256>("P-256", 256);
}

#[test]
fn rejections() {
    type F = FpTiny43;
    let f = F::from_u64;
    let singular = |e: Result<(), ShapeError>| matches!(e, Err(ShapeError::Singular { .. }));
    // 4a³ + 27b² = 0 at (a, b) = (−3, 2).
    assert!(singular(Jacobian::new(-f(3), f(2)).map(|_| ())));
    assert!(singular(Jacobian3::new(-f(3), f(2)).map(|_| ())));
    assert!(
        singular(Jacobian3::new(f(1), f(2)).map(|_| ())),
        "jacobian-3 needs a = −3"
    );
    assert!(Jacobian3::new(-f(3), f(1)).is_ok());
    assert!(singular(Dik3::new(f(0)).map(|_| ())));
    // 9/4 = 9·4⁻¹.
    assert!(singular(
        Dik3::new(f(9) * f(4).invert().unwrap()).map(|_| ())
    ));
    for w in 1..43 {
        let d = f(w);
        assert_eq!(
            singular(Hessian::new(d).map(|_| ())),
            d.square() * d == F::one()
        );
    }
    // Off the curve: (x, y + 1) for a random point of a 256-bit curve.
    type G = FpP256;
    let mut r = rng(43);
    fn moved<G: PrimeField, S: CurveShape<G>>(s: &S, r: &mut dyn rand_core::RngCore) -> ShapeError {
        let (x, y) = s.random_point(r);
        s.from_affine(&x, &(y + G::one())).map(|_| ()).unwrap_err()
    }
    let g = |v: u64| G::from_u64(v);
    let not_on = |shape| ShapeError::NotOnCurve { shape };
    assert_eq!(
        moved(&Jacobian::new(g(2), g(3)).unwrap(), &mut r),
        not_on("jacobian")
    );
    assert_eq!(
        moved(&Jacobian3::new(-g(3), g(3)).unwrap(), &mut r),
        not_on("jacobian-3")
    );
    assert_eq!(moved(&Dik3::new(g(5)).unwrap(), &mut r), not_on("3dik"));
    assert_eq!(
        moved(&Hessian::new(g(5)).unwrap(), &mut r),
        not_on("hessian")
    );
    let s = Hessian::new(f(5)).unwrap();
    assert!(s
        .from_projective(&F::zero(), &F::zero(), &F::zero())
        .is_err());
    assert!(s.from_projective(&F::one(), &F::one(), &F::zero()).is_err());
}
