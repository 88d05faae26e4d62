//! The cost model: `Counted<F>` computes the same values as `F` and tallies exactly the
//! operations performed; Itoh–Tsujii spends (m − 1)S + L·M; GF(2^254) inversion spends
//! 1I + 3M + 2S in the base field; `measure` nests and is per thread.

use crate::common;

use common::{nonzero_randoms, randoms, FromWords};
use ecsm::backend::Backend;
use ecsm::cost::{measure, Counted, OpCounts};
use ecsm::field::chain::itoh_tsujii;
use ecsm::field::{
    batch_invert, BinaryField, Field, FieldError, Gf127, Gf163, Gf233, Gf254, Gf2Ext, Gf2m,
    Gf2mSpec,
};

fn counts(f: impl FnOnce(&mut OpCounts)) -> OpCounts {
    let mut c = OpCounts::default();
    f(&mut c);
    c
}

/// Itoh–Tsujii on counted values, with and without tables: m − 1 squarings and one
/// multiplication per chain step, nothing else, and the same inverse as the field.
fn itoh_tsujii_cost<const N: usize, S: Gf2mSpec<N>, B: Backend>() {
    for a in nonzero_randoms::<Gf2m<N, S, B>>(S::M as u64 + 30, 4) {
        for tables in [false, true] {
            let (r, c) = measure(|| itoh_tsujii(&Counted(a), &S::CHAIN, tables));
            let want = counts(|c| {
                c.sqr = S::M as u64 - 1;
                c.mul = S::CHAIN.len() as u64;
            });
            assert_eq!(c, want, "{} with tables = {tables}: {c}", S::NAME);
            assert_eq!(Ok(r.inner()), a.invert(), "value with tables = {tables}");
        }
        // The field's own inversion counts as one I on Counted.
        let (r, c) = measure(|| Counted(a).invert());
        assert_eq!(c, counts(|c| c.inv = 1));
        assert_eq!(r.map(Counted::inner), a.invert());
    }
}

/// (a·b + c)²⁻¹ tallies 1M + 1A + 1S + 1I, and each primitive tallies in its own slot.
fn formula_and_primitives<F: FromWords>() {
    let v = nonzero_randoms::<F>(F::DEGREE as u64 + 31, 3);
    let (a, b, c) = (v[0], v[1], v[2]);
    let (ca, cb, cc) = (Counted(a), Counted(b), Counted(c));
    let (r, n) = measure(|| (ca * cb + cc).square().invert());
    assert_eq!(r.map(Counted::inner), (a * b + c).square().invert());
    assert_eq!(
        n,
        counts(|n| (n.mul, n.add, n.sqr, n.inv) = (1, 1, 1, 1)),
        "{n}"
    );

    let one = |f: fn(&mut OpCounts)| counts(f);
    let (r, n) = measure(|| ca.mul_const(&cb));
    assert_eq!(
        (r.inner(), n),
        (a * b, one(|n| n.mul_const = 1)),
        "mul_const is not a multiplication"
    );
    let (r, n) = measure(|| ca - cb);
    assert_eq!(
        (r.inner(), n),
        (a - b, one(|n| n.add = 1)),
        "subtraction counts as an addition"
    );
    let (r, n) = measure(|| {
        let mut x = ca;
        x += cb;
        x *= cc;
        x -= ca;
        x
    });
    assert_eq!(
        (r.inner(), n),
        ((a + b) * c - a, one(|n| (n.add, n.mul) = (2, 1)))
    );
    let (r, n) = measure(|| -ca);
    assert_eq!((r.inner(), n), (a, OpCounts::default()), "negation is free");
    let (r, n) = measure(|| ca.sqrt());
    assert_eq!((r.inner(), n), (a.sqrt(), one(|n| n.sqrt = 1)));
    let (r, n) = measure(|| ca.trace());
    assert_eq!((r, n), (a.trace(), one(|n| n.trace = 1)));
    let (r, n) = measure(|| ca.half_trace());
    assert_eq!((r.inner(), n), (a.half_trace(), one(|n| n.half_trace = 1)));
    let (r, n) = measure(|| ca.invert_vartime());
    assert_eq!(
        (r.map(Counted::inner), n),
        (a.invert_vartime(), one(|n| n.inv = 1))
    );
    for k in [1, 5, 12, 24, 48, 64] {
        let (r, n) = measure(|| ca.multi_square(k));
        assert_eq!(
            (r.inner(), n),
            (a.multi_square(k), counts(|n| n.sqr = k as u64)),
            "multi_square({k})"
        );
        let (r, n) = measure(|| ca.multi_square_ct(k));
        assert_eq!(
            (r.inner(), n),
            (a.multi_square_ct(k), counts(|n| n.sqr = k as u64)),
            "multi_square_ct({k})"
        );
    }
    // Quadratic solving is a trace plus, when there is a solution, a half-trace.
    for x in randoms::<F>(F::DEGREE as u64 + 32, 8) {
        let (r, n) = measure(|| Counted(x).solve_quadratic());
        assert_eq!(r.map(Counted::inner), x.solve_quadratic());
        let h = u64::from(x.trace() == 0);
        assert_eq!(n, counts(|n| (n.trace, n.half_trace) = (1, h)));
    }
    // Constants, tests and encodings are free.
    let (_, n) = measure(|| {
        let z = Counted::<F>::zero() + Counted::one();
        (
            z.is_zero(),
            ca.to_bytes(),
            Counted::<F>::from_bytes(&a.to_bytes()),
        )
    });
    assert_eq!(n, one(|n| n.add = 1));
    let (r, _) = measure(|| Counted::<F>::from_bytes(&a.to_bytes()));
    assert_eq!(r.map(Counted::inner), Ok(a));
    assert_eq!(Counted(F::zero()).invert(), Err(FieldError::NotInvertible));
}

/// Montgomery's trick: one inversion and 3(n − 1) multiplications.
fn batch_cost<F: FromWords>() {
    for n in [1usize, 2, 5, 16] {
        let xs = nonzero_randoms::<F>(F::DEGREE as u64 + n as u64, n);
        let mut cs: Vec<Counted<F>> = xs.iter().map(|&x| Counted(x)).collect();
        let (r, c) = measure(|| batch_invert(&mut cs));
        assert_eq!(r, Ok(()));
        assert_eq!(
            c,
            counts(|c| (c.inv, c.mul) = (1, 3 * (n as u64 - 1))),
            "batch of {n}: {c}"
        );
        for (c, x) in cs.iter().zip(&xs) {
            assert_eq!(Ok(c.inner()), x.invert());
        }
    }
}

/// A longer computation touching every operation, for value comparisons.
fn workout<F: BinaryField>(a: F, b: F, c: F) -> (F, Option<F>, u8) {
    let t = (a * b + c).square();
    let u = t.mul_const(&b) - a;
    let v = u.multi_square(12) * u.multi_square_ct(3) + (-a).sqrt() + u.multi_square(48);
    let w = match (v.invert(), v.invert_vartime()) {
        (Ok(x), Ok(y)) => x * y + x,
        _ => v,
    };
    let p = w.pow_vartime(&[0x1234_5678_9abc_def1, 3]);
    (
        p + t.half_trace(),
        (p + u).solve_quadratic(),
        v.trace() ^ a.trace(),
    )
}

fn counted_equals_plain<F: FromWords>() {
    let xs = randoms::<F>(F::DEGREE as u64 + 33, 30);
    for w in xs.chunks(3) {
        let plain = workout(w[0], w[1], w[2]);
        let (counted, n) = measure(|| workout(Counted(w[0]), Counted(w[1]), Counted(w[2])));
        assert_eq!(
            (counted.0.inner(), counted.1.map(Counted::inner), counted.2),
            plain
        );
        assert!(
            n.mul > 0 && n.sqr >= 12 + 3 + 48 && n.inv == 2 && n.trace >= 3,
            "{n}"
        );
    }
}

fn gf2m_cost<const N: usize, S: Gf2mSpec<N>, B: Backend>() {
    formula_and_primitives::<Gf2m<N, S, B>>();
    batch_cost::<Gf2m<N, S, B>>();
    counted_equals_plain::<Gf2m<N, S, B>>();
}

gf2m_tests! {
    itoh_tsujii_counts: itoh_tsujii_cost<Auto>;
    itoh_tsujii_counts_portable: itoh_tsujii_cost<Portable>;
    counted_ops: gf2m_cost<Auto>;
}

#[test]
fn gf254_counted_as_a_whole() {
    formula_and_primitives::<Gf254>();
    batch_cost::<Gf254>();
    counted_equals_plain::<Gf254>();
}

#[test]
fn measure_nests() {
    let a = Counted(Gf233::from_words(&[3, 5, 7, 9]));
    let b = a.square();
    let ((inner_r, inner), outer) = measure(|| {
        let x = a * b;
        let r = measure(|| {
            let y = x.square() + a;
            let (z, deepest) = measure(|| y.invert().unwrap());
            assert_eq!(deepest, counts(|c| c.inv = 1));
            z
        });
        let _ = x + r.0;
        r
    });
    assert_eq!(inner_r, ((a * b).square() + a).invert().unwrap());
    assert_eq!(
        inner,
        counts(|c| (c.sqr, c.add, c.inv) = (1, 1, 1)),
        "inner: {inner}"
    );
    assert_eq!(
        outer,
        counts(|c| (c.mul, c.sqr, c.add, c.inv) = (1, 1, 2, 1)),
        "outer includes inner: {outer}"
    );
    // Work done outside any measurement is not charged to a later one.
    let _ = a * b * a;
    let (_, after) = measure(|| a + b);
    assert_eq!(after, counts(|c| c.add = 1));
    // An empty measurement is empty.
    assert_eq!(measure(|| ()).1, OpCounts::default());
}

#[test]
fn measure_is_per_thread() {
    let a = Counted(Gf163::from_words(&[11, 13, 17]));
    let ((), here) = measure(|| {
        let there = std::thread::spawn(move || measure(|| a * a * a).1)
            .join()
            .unwrap();
        assert_eq!(
            there,
            counts(|c| c.mul = 2),
            "the other thread measures its own work"
        );
        let _ = a.square();
    });
    assert_eq!(
        here,
        counts(|c| c.sqr = 1),
        "work on another thread is not counted here"
    );
}

#[test]
fn display_uses_the_papers_letters() {
    let c = counts(|c| {
        (
            c.inv,
            c.half_trace,
            c.mul,
            c.sqr,
            c.mul_const,
            c.sqrt,
            c.trace,
            c.add,
        ) = (1, 2, 12, 4, 1, 3, 2, 10)
    });
    assert_eq!(c.to_string(), "1I + 2H + 12M + 4S (+ 1C, 3sqrt, 2Tr, 10A)");
}

// GF(2^254) over a counted GF(2^127): its operations are tallied in base-field operations.
type Ext = Gf2Ext<Counted<Gf127>>;

fn lift(a: Gf254) -> Ext {
    Gf2Ext {
        c0: Counted(a.c0),
        c1: Counted(a.c1),
    }
}

fn lower(a: Ext) -> Gf254 {
    Gf2Ext {
        c0: a.c0.inner(),
        c1: a.c1.inner(),
    }
}

#[test]
fn gf254_costs_in_the_base_field() {
    for w in nonzero_randoms::<Gf254>(254, 20).chunks(2) {
        let (a, b) = (w[0], w[1]);
        let (x, y) = (lift(a), lift(b));

        let (r, n) = measure(|| x.invert());
        assert_eq!(r.map(lower), a.invert());
        assert_eq!(
            (n.inv, n.mul, n.sqr),
            (1, 3, 2),
            "inversion = 1I + 3M + 2S: {n}"
        );
        assert_eq!(
            n,
            counts(|c| (c.inv, c.mul, c.sqr, c.add) = (1, 3, 2, 3)),
            "{n}"
        );
        let (r, n) = measure(|| x.invert_vartime());
        assert_eq!(r.map(lower), a.invert_vartime());
        assert_eq!((n.inv, n.mul, n.sqr), (1, 3, 2), "{n}");

        let (r, n) = measure(|| x * y);
        assert_eq!(lower(r), a * b);
        assert_eq!((n.mul, n.sqr, n.inv), (3, 0, 0), "multiplication = 3M: {n}");
        let (r, n) = measure(|| x.square());
        assert_eq!(lower(r), a.square());
        assert_eq!((n.mul, n.sqr), (0, 2), "squaring = 2S: {n}");
        let (r, n) = measure(|| x.sqrt());
        assert_eq!(lower(r), a.sqrt());
        assert_eq!(
            (n.sqrt, n.mul, n.sqr),
            (2, 0, 0),
            "square root = 2 base roots: {n}"
        );
        let (r, n) = measure(|| x.trace());
        assert_eq!((r, n), (a.trace(), counts(|c| c.trace = 1)));
        let (r, n) = measure(|| x.half_trace());
        assert_eq!(lower(r), a.half_trace());
        assert_eq!(
            (n.half_trace, n.trace, n.sqr, n.mul, n.inv),
            (2, 1, 1, 0, 0),
            "half-trace: {n}"
        );
        for k in [1, 12, 127] {
            let (r, n) = measure(|| x.multi_square(k));
            assert_eq!(lower(r), a.multi_square(k));
            assert_eq!(n.sqr, 2 * k as u64, "multi_square({k}): {n}");
        }
        let (r, _) = measure(|| workout(x, y, x + y));
        let plain = workout(a, b, a + b);
        assert_eq!(
            (lower(r.0), r.1.map(lower), r.2),
            plain,
            "counted GF(2^254) run = plain run"
        );
    }
    assert_eq!(lift(Gf254::zero()).invert(), Err(FieldError::NotInvertible));
}

#[test]
fn measure_keeps_outer_tallies_when_the_inner_closure_unwinds() {
    let a = Counted(Gf233::x());
    let (_, outer) = measure(|| {
        let _ = a * a;
        let caught = std::panic::catch_unwind(|| {
            measure(|| {
                let _ = a.square();
                panic!("inner failure");
            })
        });
        assert!(caught.is_err());
        let _ = a * a;
    });
    assert_eq!((outer.mul, outer.sqr), (2, 1));
}
