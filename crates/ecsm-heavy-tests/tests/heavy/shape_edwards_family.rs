//! Seed 002's shapes `edwards`, `inv-edwards`, `ext-jquartic` and `jac-intersect`:
//! operation costs against Tables 1 and 2 (measured on `Counted`), every operation on
//! every pair of points of curves over small fields (the points without an affine form,
//! the neutral element and the small-order points included), random points and scalar
//! multiples on curves over 160- and 256-bit primes, and the constructors' rejections.

use crate::common;
use crate::common::shapes::{check_against_weierstrass, in_state, w_add, w_mul, w_neg, WPoint};
use ecsm::cost::{measure, Counted};
use ecsm::field::{Field, FpP256, FpSecp160r1, PrimeField};
use ecsm::shape::{
    measure_ops, Cache, CurveShape, Edwards, EdwardsPoint, ExtJQuartic, InvEdwards,
    JIntersectPoint, JQuarticPoint, JacIntersect, ShapeError, ShapeOp,
};
use rand::RngCore;

ecsm::fp_spec!(Tiny101, FpTiny101, 1, "65", "tiny101");
// The same type as exhaustive_prime's, so that its instances are compiled once.
use crate::exhaustive_prime::Fp103 as FpTiny103;
ecsm::fp_spec!(Tiny113, FpTiny113, 1, "71", "tiny113");

/// The whole-group maps each of these shapes has besides the trait's affine ones.
trait WholeGroup<F: PrimeField>: CurveShape<F> {
    fn image_of(&self, p: &Self::Point) -> WPoint<F>;
    fn point_of(&self, w: WPoint<F>) -> Self::Point;
}

macro_rules! whole_group {
    ($shape:ident, $point:ident) => {
        impl<F: PrimeField> WholeGroup<F> for $shape<F> {
            fn image_of(&self, p: &$point<F>) -> WPoint<F> {
                self.point_to_weierstrass(p)
            }
            fn point_of(&self, w: WPoint<F>) -> $point<F> {
                self.point_from_weierstrass(w)
            }
        }
    };
}
whole_group!(Edwards, EdwardsPoint);
whole_group!(InvEdwards, EdwardsPoint);
whole_group!(ExtJQuartic, JQuarticPoint);
whole_group!(JacIntersect, JIntersectPoint);

fn f<F: PrimeField>(v: u64) -> F {
    F::from_u64(v)
}

/// The smallest v ≥ 2 with Legendre symbol `chi` of `sign`·v.
fn first_with<F: PrimeField>(sign: F, chi: i8, skip: impl Fn(u64) -> bool) -> u64 {
    (2..)
        .find(|&v| !skip(v) && (sign * f::<F>(v)).legendre() == chi)
        .expect("both residues and non-residues exist")
}

// ---------------------------------------------------------------- costs

/// The states that make each addition of Tables 1 and 2.
const ADDITIONS: [(ShapeOp, Cache, Cache); 9] = [
    (ShapeOp::Add, Cache::Fresh, Cache::Fresh),
    (ShapeOp::ReAdd, Cache::Fresh, Cache::Added),
    (ShapeOp::MAdd, Cache::Fresh, Cache::Affine),
    (ShapeOp::DAdd, Cache::Fresh, Cache::Doubled),
    (ShapeOp::TwoDAdd, Cache::Doubled, Cache::Doubled),
    (ShapeOp::DReAdd, Cache::Doubled, Cache::Added),
    (ShapeOp::TwoReAdd, Cache::Added, Cache::Added),
    (ShapeOp::DmAdd, Cache::Doubled, Cache::Affine),
    (ShapeOp::MReAdd, Cache::Affine, Cache::Added),
];

/// Measures every operation of Tables 1 and 2 on random points of `s` and asserts
/// (M, S, C) equals `want` (in the order DBL, TPL, then [`ADDITIONS`]) and that the
/// operation recorded is the right one.
fn assert_costs<C: PrimeField, S: CurveShape<C>>(s: &S, seed: u64, want: [(u64, u64, u64); 11]) {
    let mut rng = common::rng(seed);
    let p = s.random_affine(&mut rng);
    let q = s.random_affine(&mut rng);
    let run = |op: ShapeOp, f: &mut dyn FnMut() -> S::Point| {
        let ((_, tally), c) = measure(|| measure_ops(f));
        assert_eq!(tally.get(op), 1, "{}: {op:?} recorded", S::NAME);
        assert_eq!(tally.0.iter().sum::<u64>(), 1, "{}: one operation", S::NAME);
        (c.mul, c.sqr, c.mul_const)
    };
    let mut got = Vec::new();
    let mut fresh = in_state(s, &p, Cache::Fresh);
    got.push((ShapeOp::Dbl, run(ShapeOp::Dbl, &mut || s.dbl(&mut fresh))));
    let mut fresh = in_state(s, &p, Cache::Fresh);
    got.push((ShapeOp::Tpl, run(ShapeOp::Tpl, &mut || s.tpl(&mut fresh))));
    for (op, sp, sq) in ADDITIONS {
        let mut a = in_state(s, &p, sp);
        let mut b = in_state(s, &q, sq);
        assert_eq!(ShapeOp::addition(sp, sq), op);
        got.push((op, run(op, &mut || s.add(&mut a, &mut b))));
    }
    for ((op, g), w) in got.iter().zip(want) {
        eprintln!("{} {}: {}M + {}S + {}C", S::NAME, op.name(), g.0, g.1, g.2);
        assert_eq!(*g, w, "{} {}: (M, S, C)", S::NAME, op.name());
    }
}

/// A random point of a shape in the affine state.
trait RandomPoint<F: PrimeField>: CurveShape<F> {
    fn random_affine(&self, rng: &mut dyn RngCore) -> Self::Point {
        let (x, y) = self.random_point(rng);
        self.from_affine(&x, &y)
            .expect("random_point is on the curve")
    }
}
impl<F: PrimeField, S: CurveShape<F>> RandomPoint<F> for S {}

type C256 = Counted<FpP256>;

/// Seed 002: DBL 3M + 4S, TPL 9M + 4S, every addition 10M + 1S, the mixed ones 9M + 1S;
/// one multiplication by d in each addition.
#[test]
fn edwards_costs() {
    let d = first_with::<FpP256>(FpP256::one(), -1, |_| false);
    let s = Edwards::new(Counted(f::<FpP256>(d))).unwrap();
    let add = (10, 1, 1);
    let madd = (9, 1, 1);
    let want = [
        (3, 4, 0),
        (9, 4, 0),
        add,
        add,
        madd,
        add,
        add,
        add,
        add,
        madd,
        madd,
    ];
    assert_costs::<C256, _>(&s, 1, want);
}

/// Seed 002: DBL 3M + 4S, TPL 9M + 4S, every addition 9M + 1S, the mixed ones 8M + 1S;
/// one multiplication by 2d (DBL) or d (TPL, additions).
#[test]
fn inv_edwards_costs() {
    let d = first_with::<FpP256>(FpP256::one(), -1, |_| false);
    let s = InvEdwards::new(Counted(f::<FpP256>(d))).unwrap();
    let add = (9, 1, 1);
    let madd = (8, 1, 1);
    let want = [
        (3, 4, 1),
        (9, 4, 1),
        add,
        add,
        madd,
        add,
        add,
        add,
        add,
        madd,
        madd,
    ];
    assert_costs::<C256, _>(&s, 2, want);
}

/// Seed 002: DBL 2M + 5S, ADD 7M + 4S, reADD 7M + 3S, mADD 6M + 3S, dADD 7M + 3S, 2dADD,
/// dreADD and 2reADD 7M + 2S, dmADD and mreADD 6M + 2S, all matched (one multiplication
/// by a in DBL and TPL, by k = a − 1 in the additions). TPL: the seed says 8M + 4S; ours
/// is 8M + 7S, two squarings for the XX3 and ZZ3 every later operation reads and one for
/// the R1 it leaves cached (see `ecsm::shape::jquartic`).
#[test]
fn ext_jquartic_costs() {
    let s = ExtJQuartic::new(Counted(f::<FpP256>(3))).unwrap();
    let want = [
        (2, 5, 1),
        (8, 7, 1),
        (7, 4, 1),
        (7, 3, 1),
        (6, 3, 1),
        (7, 3, 1),
        (7, 2, 1),
        (7, 2, 1),
        (7, 2, 1),
        (6, 2, 1),
        (6, 2, 1),
    ];
    assert_costs::<C256, _>(&s, 3, want);
}

/// Seed 002: DBL 2M + 5S, TPL 6M + 10S, every addition 11M + 1S, the mixed ones
/// 10M + 1S; multiplications by a or a²: 2 (DBL), 5 (TPL), 2 (additions).
#[test]
fn jac_intersect_costs() {
    let s = JacIntersect::new(Counted(f::<FpP256>(3))).unwrap();
    let add = (11, 1, 2);
    let madd = (10, 1, 2);
    let want = [
        (2, 5, 2),
        (6, 10, 5),
        add,
        add,
        madd,
        add,
        add,
        add,
        add,
        madd,
        madd,
    ];
    assert_costs::<C256, _>(&s, 4, want);
}

// ---------------------------------------------------------------- small fields

/// Every point of `s` over a small field, and every operation on every pair of them in
/// every pair of cache states, against the Weierstrass reference through the whole-group
/// maps. `no_affine` is the number of points without an affine form.
fn exhaustive<F: PrimeField, S: WholeGroup<F>>(s: &S, no_affine: usize) {
    let (a, b) = s.weierstrass();
    let p = F::modulus()[0];
    let mut group: Vec<WPoint<F>> = vec![None];
    for x in 0..p {
        let x = f::<F>(x);
        let rhs = x.square() * x + a * x + b;
        for y in 0..p {
            if f::<F>(y).square() == rhs {
                group.push(Some((x, f(y))));
            }
        }
    }
    // Each point in every state it can take, with its Weierstrass image.
    let mut variants: Vec<(S::Point, WPoint<F>)> = Vec::new();
    let mut without_affine = 0;
    for &w in &group {
        let pt = s.point_of(w);
        assert_eq!(
            s.image_of(&pt),
            w,
            "{}: whole-group map round trip",
            S::NAME
        );
        assert_eq!(s.is_neutral(&pt), w.is_none(), "{}: is_neutral", S::NAME);
        assert_eq!(s.image_of(&s.neg(&pt)), w_neg(w), "{}: −P", S::NAME);
        match s.to_affine(&pt) {
            Some((x, y)) => {
                let aff = s
                    .from_affine(&x, &y)
                    .expect("affine points are on the curve");
                assert_eq!(s.image_of(&aff), w, "{}: from_affine", S::NAME);
                assert_eq!(s.to_weierstrass(&x, &y), w, "{}: affine map", S::NAME);
                assert_eq!(s.from_weierstrass(w), Some((x, y)), "{}: inverse", S::NAME);
                // `jac-intersect` points at infinity have (u, v) but no Z = 1 form.
                match s.cache(&aff) {
                    Cache::Affine => variants.push((aff, w)),
                    c => assert_eq!(c, Cache::Fresh, "{}: from_affine state", S::NAME),
                }
            }
            None => {
                without_affine += 1;
                assert_eq!(s.from_weierstrass(w), None, "{}: no affine form", S::NAME);
            }
        }
        for st in [Cache::Fresh, Cache::Doubled, Cache::Added] {
            let v = in_state(s, &pt, st);
            assert_eq!(s.cache(&v), st);
            variants.push((v, w));
        }
    }
    assert_eq!(
        without_affine,
        no_affine,
        "{}: points without affine form",
        S::NAME
    );
    assert_eq!(s.image_of(&s.neutral()), None, "{}: neutral", S::NAME);
    for (v, w) in &variants {
        let w2 = w_add(a, *w, *w);
        let (mut v1, mut v2) = (*v, *v);
        let (d, t) = measure_ops(|| s.dbl(&mut v1));
        assert_eq!((t.get(ShapeOp::Dbl), t.0.iter().sum::<u64>()), (1, 1));
        assert_eq!(s.image_of(&d), w2, "{}: DBL of {w:?}", S::NAME);
        assert_eq!(
            s.image_of(&s.tpl(&mut v2)),
            w_add(a, w2, *w),
            "{}: TPL",
            S::NAME
        );
        // The doubling and tripling leave the operand's value and usable caches.
        assert_eq!(
            s.image_of(&s.add(&mut v1, &mut v2)),
            w2,
            "{}: after DBL/TPL",
            S::NAME
        );
        for (u, z) in &variants {
            let (mut p1, mut q1) = (*v, *u);
            let op = ShapeOp::addition(s.cache(&p1), s.cache(&q1));
            let want = w_add(a, *w, *z);
            let (sum, t) = measure_ops(|| s.add(&mut p1, &mut q1));
            assert_eq!((t.get(op), t.0.iter().sum::<u64>()), (1, 1), "{op:?}");
            assert_eq!(
                s.image_of(&sum),
                want,
                "{}: {w:?} + {z:?} ({op:?})",
                S::NAME
            );
            assert_eq!(
                s.image_of(&s.add(&mut p1, &mut q1)),
                want,
                "{}: re-addition",
                S::NAME
            );
        }
    }
}

/// Curves with a square d (four points at infinity, the standard formulas incomplete) and
/// a non-square d (complete standard formulas), in both coordinate systems.
fn edwards_small<F: PrimeField>() {
    for chi in [1, -1] {
        let d = f::<F>(first_with::<F>(F::one(), chi, |_| false));
        let no_affine = if chi == 1 { 4 } else { 0 };
        exhaustive(&Edwards::new(d).unwrap(), no_affine);
        exhaustive(&InvEdwards::new(d).unwrap(), no_affine);
    }
}

#[test]
fn edwards_every_pair_p101() {
    edwards_small::<FpTiny101>();
}

#[test]
fn edwards_every_pair_p103() {
    edwards_small::<FpTiny103>();
}

#[test]
fn edwards_every_pair_p113() {
    edwards_small::<FpTiny113>();
}

/// Several a (2, 3, 5 and a square and a non-square); the points at infinity (1 : ±1 : 0)
/// have no affine form.
fn jquartic_small<F: PrimeField>() {
    let mut values = vec![2, 3, 5];
    values.push(first_with::<F>(F::one(), 1, |v| v == F::modulus()[0] - 1));
    values.push(first_with::<F>(F::one(), -1, |v| v == F::modulus()[0] - 1));
    for a in values {
        exhaustive(&ExtJQuartic::new(f::<F>(a)).unwrap(), 2);
    }
}

#[test]
fn jquartic_every_pair_p101() {
    jquartic_small::<FpTiny101>();
}

#[test]
fn jquartic_every_pair_p103() {
    jquartic_small::<FpTiny103>();
}

#[test]
fn jquartic_every_pair_p113() {
    jquartic_small::<FpTiny113>();
}

/// An a with −a a square (with −1 a square too, the intersection has four points at
/// infinity, where the addition degenerates) and one with −a a non-square; (0, −1, ±1)
/// have no affine form.
fn jintersect_small<F: PrimeField>() {
    for chi in [1, -1] {
        let a = first_with::<F>(-F::one(), chi, |v| v == 1);
        exhaustive(&JacIntersect::new(f::<F>(a)).unwrap(), 2);
    }
}

#[test]
fn jintersect_every_pair_p101() {
    jintersect_small::<FpTiny101>();
}

#[test]
fn jintersect_every_pair_p103() {
    jintersect_small::<FpTiny103>();
}

#[test]
fn jintersect_every_pair_p113() {
    jintersect_small::<FpTiny113>();
}

// ---------------------------------------------------------------- real curves

/// [k]P by double-and-add with the shape's own DBL and ADD, against `w_mul`, for random
/// k of the field's size.
fn scalar_multiples<F: PrimeField, S: CurveShape<F>>(s: &S, seed: u64) {
    let mut rng = common::rng(seed);
    let (a, _) = s.weierstrass();
    for _ in 0..3 {
        let (x, y) = s.random_point(&mut rng);
        let mut base = s.from_affine(&x, &y).unwrap();
        let words = F::BITS.div_ceil(64);
        let k: Vec<u64> = (0..words).map(|_| rng.next_u64()).collect();
        let mut acc = s.neutral();
        for i in (0..64 * words).rev() {
            acc = s.dbl(&mut acc);
            if (k[i / 64] >> (i % 64)) & 1 == 1 {
                acc = s.add(&mut acc, &mut base);
            }
        }
        let want = w_mul(a, s.to_weierstrass(&x, &y), &k);
        let got = s
            .to_affine(&acc)
            .and_then(|(x, y)| s.to_weierstrass(&x, &y));
        assert_eq!(got, want, "{}: [k]P", S::NAME);
    }
}

fn real_curves<F: PrimeField>(seed: u64) {
    let d = f::<F>(first_with::<F>(F::one(), -1, |_| false));
    let shapes_seed = |i: u64| seed * 16 + i;
    let ed = Edwards::new(d).unwrap();
    check_against_weierstrass(&ed, &mut common::rng(shapes_seed(0)), 3);
    scalar_multiples(&ed, shapes_seed(1));
    let inv = InvEdwards::new(d).unwrap();
    check_against_weierstrass(&inv, &mut common::rng(shapes_seed(2)), 3);
    scalar_multiples(&inv, shapes_seed(3));
    let jq = ExtJQuartic::new(f::<F>(3)).unwrap();
    check_against_weierstrass(&jq, &mut common::rng(shapes_seed(4)), 3);
    scalar_multiples(&jq, shapes_seed(5));
    let ji = JacIntersect::new(f::<F>(3)).unwrap();
    check_against_weierstrass(&ji, &mut common::rng(shapes_seed(6)), 3);
    scalar_multiples(&ji, shapes_seed(7));
}

#[test]
fn real_curves_160() {
    real_curves::<FpSecp160r1>(160);
}

#[test]
fn real_curves_256() {
    real_curves::<FpP256>(256);
}

// ---------------------------------------------------------------- rejections

fn singular<T: core::fmt::Debug>(r: Result<T, ShapeError>) -> bool {
    matches!(r, Err(ShapeError::Singular { .. }))
}

fn not_on_curve<T: core::fmt::Debug>(r: Result<T, ShapeError>) -> bool {
    matches!(r, Err(ShapeError::NotOnCurve { .. }))
}

#[test]
fn singular_parameters_and_off_curve_points() {
    type F = FpP256;
    let (zero, one) = (F::zero(), F::one());
    assert!(singular(Edwards::new(zero)) && singular(Edwards::new(one)));
    assert!(singular(InvEdwards::new(zero)) && singular(InvEdwards::new(one)));
    assert!(singular(ExtJQuartic::new(one)) && singular(ExtJQuartic::new(-one)));
    assert!(singular(JacIntersect::new(zero)) && singular(JacIntersect::new(one)));
    let (x, y) = (f::<F>(2), f::<F>(3));
    assert!(not_on_curve(Edwards::new(x).unwrap().from_affine(&x, &y)));
    assert!(not_on_curve(
        InvEdwards::new(x).unwrap().from_affine(&x, &y)
    ));
    assert!(not_on_curve(
        ExtJQuartic::new(x).unwrap().from_affine(&x, &y)
    ));
    assert!(not_on_curve(
        JacIntersect::new(x).unwrap().from_affine(&x, &y)
    ));
}
