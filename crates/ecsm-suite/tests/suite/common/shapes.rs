//! Seed 002's shapes against a slow, obvious reference: affine short Weierstrass
//! arithmetic with inversions, reached through each shape's birational map.

use ecsm::field::PrimeField;
use ecsm::shape::{Cache, CurveShape};
use rand_core::RngCore;

/// An affine Weierstrass point; `None` is the point at infinity.
pub type WPoint<F> = Option<(F, F)>;

/// y² = x³ + ax + b.
pub fn w_on_curve<F: PrimeField>(a: F, b: F, p: WPoint<F>) -> bool {
    match p {
        None => true,
        Some((x, y)) => y.square() == x.square() * x + a * x + b,
    }
}

/// P + Q by the chord-and-tangent law, every case spelled out.
pub fn w_add<F: PrimeField>(a: F, p: WPoint<F>, q: WPoint<F>) -> WPoint<F> {
    let (Some((x1, y1)), Some((x2, y2))) = (p, q) else {
        return p.or(q);
    };
    let slope = if x1 == x2 {
        if (y1 + y2).is_zero() {
            return None;
        }
        let three = F::from_u64(3);
        (three * x1.square() + a) * (y1 + y1).invert_vartime().unwrap()
    } else {
        (y2 - y1) * (x2 - x1).invert_vartime().unwrap()
    };
    let x3 = slope.square() - x1 - x2;
    Some((x3, slope * (x1 - x3) - y1))
}

/// −P.
pub fn w_neg<F: PrimeField>(p: WPoint<F>) -> WPoint<F> {
    p.map(|(x, y)| (x, -y))
}

/// [k]P by plain double-and-add (k little-endian words).
pub fn w_mul<F: PrimeField>(a: F, p: WPoint<F>, k: &[u64]) -> WPoint<F> {
    let mut acc = None;
    for i in (0..64 * k.len()).rev() {
        acc = w_add(a, acc, acc);
        if (k[i / 64] >> (i % 64)) & 1 == 1 {
            acc = w_add(a, acc, p);
        }
    }
    acc
}

/// The Weierstrass image of a shape point (through its affine form).
pub fn image<F: PrimeField, S: CurveShape<F>>(s: &S, p: &S::Point) -> WPoint<F> {
    match s.to_affine(p) {
        Some((x, y)) => s.to_weierstrass(&x, &y),
        None => None,
    }
}

/// A random point of `s` as a shape point (affine state) and its Weierstrass image.
pub fn random_pair<F: PrimeField, S: CurveShape<F>>(
    s: &S,
    rng: &mut dyn RngCore,
) -> (S::Point, WPoint<F>) {
    let (x, y) = s.random_point(rng);
    let p = s.from_affine(&x, &y).expect("random_point is on the curve");
    (p, s.to_weierstrass(&x, &y))
}

/// The four cache states a point can be brought into: fresh (a doubling's result),
/// affine, doubled (it was doubled) and added (it was added to something).
/// Returns the point in `state` with the same value as `p` (an affine-state input).
pub fn in_state<F: PrimeField, S: CurveShape<F>>(s: &S, p: &S::Point, state: Cache) -> S::Point {
    match state {
        Cache::Affine => *p,
        Cache::Fresh => {
            // 3P − 2P: a general projective point equal to P, with no cache.
            let mut q = *p;
            let mut t = s.tpl(&mut q);
            let mut d = s.neg(&s.dbl(&mut q));
            let r = s.add(&mut t, &mut d);
            assert_eq!(s.cache(&r), Cache::Fresh, "an addition's result is fresh");
            r
        }
        Cache::Doubled => {
            let mut r = in_state(s, p, Cache::Fresh);
            let _ = s.dbl(&mut r);
            assert_eq!(
                s.cache(&r),
                Cache::Doubled,
                "a doubled fresh point is Doubled"
            );
            r
        }
        Cache::Added => {
            let mut r = in_state(s, p, Cache::Fresh);
            let mut o = s.neutral();
            let _ = s.add(&mut r, &mut o);
            assert_eq!(s.cache(&r), Cache::Added, "an added fresh point is Added");
            r
        }
    }
}

/// Every operation of `s`, on `rounds` random points, in every pair of cache states,
/// agrees with the reference through the map; the map round-trips; −P, P + P, P + (−P)
/// and P + O are right.
pub fn check_against_weierstrass<F: PrimeField, S: CurveShape<F>>(
    s: &S,
    rng: &mut dyn RngCore,
    rounds: usize,
) {
    let (a, b) = s.weierstrass();
    let states = [Cache::Fresh, Cache::Affine, Cache::Doubled, Cache::Added];
    for _ in 0..rounds {
        let (p, wp) = random_pair(s, rng);
        let (q, wq) = random_pair(s, rng);
        assert!(w_on_curve(a, b, wp) && w_on_curve(a, b, wq));
        let (x, y) = s.to_affine(&p).expect("affine");
        assert_eq!(s.from_weierstrass(wp), Some((x, y)), "map round trip");
        assert_eq!(image(s, &s.neg(&p)), w_neg(wp), "−P");
        for st in states {
            let mut p1 = in_state(s, &p, st);
            assert_eq!(image(s, &p1), wp, "state {st:?} keeps the value");
            let mut p2 = p1;
            assert_eq!(
                image(s, &s.dbl(&mut p1)),
                w_add(a, wp, wp),
                "DBL from {st:?}"
            );
            let w3 = w_add(a, w_add(a, wp, wp), wp);
            assert_eq!(image(s, &s.tpl(&mut p2)), w3, "TPL from {st:?}");
            for st2 in states {
                let mut pa = in_state(s, &p, st);
                let mut qa = in_state(s, &q, st2);
                let sum = s.add(&mut pa, &mut qa);
                assert_eq!(image(s, &sum), w_add(a, wp, wq), "ADD {st:?} + {st2:?}");
                // The operands' caches stay right for a second addition.
                let again = s.add(&mut pa, &mut qa);
                assert_eq!(
                    image(s, &again),
                    w_add(a, wp, wq),
                    "re-addition {st:?} + {st2:?}"
                );
                let mut pb = in_state(s, &p, st);
                let mut pc = in_state(s, &p, st2);
                assert_eq!(
                    image(s, &s.add(&mut pb, &mut pc)),
                    w_add(a, wp, wp),
                    "P + P"
                );
                let mut pn = s.neg(&in_state(s, &p, st2));
                let mut pd = in_state(s, &p, st);
                assert_eq!(image(s, &s.add(&mut pd, &mut pn)), None, "P + (−P)");
                let mut o = s.neutral();
                let mut pe = in_state(s, &p, st);
                assert_eq!(image(s, &s.add(&mut pe, &mut o)), wp, "P + O");
            }
        }
        let fib = s.fibonacci_multiples(&p, 12);
        let (mut f0, mut f1) = (wp, wp); // F_1·P, F_2·P
        for (i, fp) in fib.iter().enumerate() {
            assert_eq!(image(s, fp), f1, "F_{} P", i + 2);
            let next = w_add(a, f0, f1);
            f0 = f1;
            f1 = next;
        }
    }
}
