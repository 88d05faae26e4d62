//! Issue 13, "exhaustive tiny curves", binary half: the library's own `Gf2m` code on the
//! tiny fields GF(2^5) … GF(2^13) against plain polynomial arithmetic written here, then
//! every [`BinaryMethod`] with every parameter value it accepts, on every point of
//! several curves over GF(2^5) and GF(2^7) (O and the points of small order included)
//! and every scalar k < 2·#E, against affine double-and-add by the textbook group law
//! (`common::binary_ref`); see `run_methods` for the entry points each takes. Where a method does not apply (halve-add with Tr(a2) = 0,
//! tnaf off the Koblitz curves) the answer must be `NotApplicable` for every input; an
//! x that is no point's x-coordinate must be an encoding error for every method.
//!
//! Why GF(2^5) and GF(2^7) only, and GF(2^7) for some parameter values only: one
//! multiplication costs about 3 µs here, and 76 method variants × #E × 2·#E scalars is
//! 3·10^6 of them on one curve of GF(2^7), 5·10^7 at GF(2^9) (CI's budget for these tests
//! is a few seconds). The larger tiny fields get the field checks.

use crate::common::binary_ref::{Pt, Reference};
use ecsm::backend::{Backend, Portable};
use ecsm::curve::binary::{Affine, AnyShape, BinaryCurve, Compressed};
use ecsm::encoding::EncodingError;
use ecsm::field::gf2m::{Gf5, Gf7, P11, P13, P5, P7, P9};
use ecsm::field::{BinaryField, Field, Gf2m, Gf2mSpec};
use ecsm::mul::binary::{
    mul_affine_with_order, mul_compressed_with_order, mul_hinted_task_with_order, BinaryMethod,
    BinaryMulError, NAF_MIN_W, NAF_RECODE_MAX_W, XJSF_MAX_T,
};
use ecsm::mul::tnaf::{TNAF_MAX_W, TNAF_MIN_W};
use ecsm::mul::tnaf_ct::{TNAF_CT_MAX_W, TNAF_CT_MIN_W};
use ecsm::mul::xdbl::{HintedPoint, BOS_COSTER_MAX_K, SHARE_MIN_K, YAO_MAX_K};
use std::panic::{catch_unwind, AssertUnwindSafe};

// ---------------------------------------------------------------------------------------
// The fields.

/// The reduction polynomial of `S` as a bit mask (bit i = coefficient of x^i).
fn poly<S: Gf2mSpec<1>>() -> u64 {
    S::TERMS.iter().fold((1 << S::M) | 1, |f, &k| f | (1 << k))
}

/// a·b mod f by shift-and-add, the schoolbook way (deg f = m < 64).
fn mul_mod(mut a: u64, mut b: u64, f: u64, m: usize) -> u64 {
    let mut r = 0;
    while b != 0 {
        if b & 1 == 1 {
            r ^= a;
        }
        b >>= 1;
        a <<= 1;
        if (a >> m) & 1 == 1 {
            a ^= f;
        }
    }
    r
}

/// The remainder of a modulo g over GF(2) (g ≠ 0).
fn rem(mut a: u64, g: u64) -> u64 {
    let dg = 63 - g.leading_zeros();
    while a != 0 && 63 - a.leading_zeros() >= dg {
        a ^= g << (63 - a.leading_zeros() - dg);
    }
    a
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, rem(a, b));
    }
    a
}

/// x^(2^j) mod f.
fn x_pow_2j(f: u64, m: usize, j: usize) -> u64 {
    (0..j).fold(2, |v, _| mul_mod(v, v, f, m))
}

/// Rabin's test: f of degree m is irreducible iff x^(2^m) ≡ x (mod f) and
/// gcd(x^(2^(m/q)) − x, f) = 1 for every prime q dividing m (Rabin 1980; e.g.
/// Shoup, *A Computational Introduction to Number Theory and Algebra*, §20.4).
fn irreducible(f: u64, m: usize) -> bool {
    let mut primes =
        (2..=m).filter(|&q| m.is_multiple_of(q) && (2..q).all(|d| !q.is_multiple_of(d)));
    x_pow_2j(f, m, m) == 2 && primes.all(|q| gcd(x_pow_2j(f, m, m / q) ^ 2, f) == 1)
}

/// Every element of the field, in the order of their integer encodings.
fn elements<F: BinaryField>(m: usize) -> Vec<F> {
    (0u64..1 << m)
        .map(|v| {
            let bytes = &v.to_be_bytes()[8 - F::BYTES..];
            F::from_bytes(bytes).expect("below 2^m")
        })
        .collect()
}

/// The integer encoding of an element.
fn int<F: Field>(a: &F) -> u64 {
    a.to_bytes().iter().fold(0, |v, &b| (v << 8) | u64::from(b))
}

/// `Gf2m<1, S, B>` against [`mul_mod`] and the defining identities of every operation the
/// curves use: products (all pairs up to m = 9, every element against 61 others above),
/// squares, both inversions and Euclid's, square roots, traces (by their definition),
/// half-traces (H(c)² + H(c) = c + Tr(c), m odd), the quadratic solver, multi-squaring
/// and the byte encoding with its range check.
fn check_field<S: Gf2mSpec<1>, B: Backend>() {
    let m = S::M;
    let f = poly::<S>();
    assert!(irreducible(f, m), "x^{m} + … is irreducible");
    assert!(2 * S::TERMS.last().unwrap() < m, "2·k_max < m");
    let all: Vec<Gf2m<1, S, B>> = elements(m);
    let step = if m <= 9 { 1 } else { (1 << m) / 61 };
    for (u, a) in all.iter().enumerate() {
        let u = u as u64;
        assert_eq!(int(a), u);
        for (v, b) in all.iter().enumerate().step_by(step) {
            assert_eq!(int(&(*a * *b)), mul_mod(u, v as u64, f, m), "{u} · {v}");
        }
        assert_eq!(a.square(), *a * *a);
        let sq = a.sqrt();
        assert_eq!(sq.square(), *a, "√{u}");
        let tr = (1..m).fold(*a, |t, i| t + a.multi_square_ct(i));
        assert!(
            tr.is_zero() || tr == Gf2m::<1, S, B>::one(),
            "Tr({u}) ∈ GF(2)"
        );
        assert_eq!(a.trace(), u8::from(!tr.is_zero()), "Tr({u})");
        let h = a.half_trace();
        let c_tr = if a.trace() == 1 {
            *a + Gf2m::<1, S, B>::one()
        } else {
            *a
        };
        assert_eq!(h.square() + h, c_tr, "H({u})");
        match a.solve_quadratic() {
            Some(z) => {
                assert_eq!(a.trace(), 0);
                assert_eq!(z.square() + z, *a, "z² + z = {u}");
            }
            None => assert_eq!(a.trace(), 1, "z² + z = {u} has a root"),
        }
        for k in 0..2 * m + 2 {
            let by_squares = (0..k).fold(*a, |t, _| t.square());
            assert_eq!(a.multi_square(k), by_squares);
            assert_eq!(a.multi_square_ct(k), by_squares);
        }
        if u == 0 {
            assert!(a.invert().is_err() && a.invert_vartime().is_err());
            assert!(a.invert_euclid_vartime().is_err());
        } else {
            let i = a.invert().unwrap();
            assert_eq!(int(&(*a * i)), 1, "{u}⁻¹");
            assert_eq!(a.invert_vartime().unwrap(), i);
            assert_eq!(a.invert_euclid_vartime().unwrap(), i);
        }
        assert_eq!(Gf2m::<1, S, B>::from_bytes(&a.to_bytes()).unwrap(), *a);
    }
    // A bit at or above m is out of range, in either byte.
    for bit in m..8 * Gf2m::<1, S, B>::BYTES {
        let v = 1u64 << bit;
        let bytes = v.to_be_bytes()[8 - Gf2m::<1, S, B>::BYTES..].to_vec();
        assert!(
            Gf2m::<1, S, B>::from_bytes(&bytes).is_err(),
            "2^{bit} rejected"
        );
    }
    assert_eq!(all.len(), 1 << m);
}

fn check_field_all_backends<S: Gf2mSpec<1>>() {
    check_field::<S, Portable>();
    check_field::<S, ecsm::backend::Auto>();
    #[cfg(target_arch = "x86_64")]
    if crate::common::backend_available::<ecsm::backend::Clmul>("tiny fields") {
        check_field::<S, ecsm::backend::Clmul>();
    }
}

#[test]
fn tiny_fields() {
    check_field_all_backends::<P5>();
    check_field_all_backends::<P7>();
    check_field_all_backends::<P9>();
    check_field_all_backends::<P11>();
    check_field_all_backends::<P13>();
}

// ---------------------------------------------------------------------------------------
// The curves.

/// A curve y² + xy = x³ + a2·x² + b over a tiny field with all its points and the
/// reference's table of every multiple \[k\]P, k < 2·#E.
struct Tiny<F> {
    curve: BinaryCurve<F, AnyShape>,
    name: String,
    /// #E.
    order: u64,
    /// The odd order #E/2 of the subgroup 2E when Tr(a2) = 1, else 0 (passed all the
    /// same: halve-add must then refuse).
    half: u64,
    koblitz: bool,
    /// O first, then every affine point.
    points: Vec<Affine<F>>,
    /// multiples\[i\]\[k\] = \[k\]points\[i\].
    multiples: Vec<Vec<Affine<F>>>,
    /// The x that are no point's x-coordinate.
    bad_x: Vec<F>,
}

fn to_affine<F: BinaryField>(p: Pt<F>) -> Affine<F> {
    match p {
        None => Affine::Infinity,
        Some((x, y)) => Affine::new(x, y),
    }
}

fn to_pt<F: BinaryField>(p: &Affine<F>) -> Pt<F> {
    p.x().zip(p.y())
}

/// The order of P by repeated addition (at most #E steps).
fn point_order<F: BinaryField>(r: &Reference<F>, p: Pt<F>) -> u64 {
    let (mut q, mut n) = (p, 1);
    while q.is_some() {
        q = r.add(q, p);
        n += 1;
    }
    n
}

impl<F: BinaryField> Tiny<F> {
    /// Enumerate the curve; `expect` is #E as computed independently (a short script
    /// counting the solutions of the equation), checked here against the enumeration.
    fn new(m: usize, a2: u64, b: u64, expect: u64) -> Self {
        let elems: Vec<F> = elements(m);
        let (a2f, bf) = (elems[a2 as usize], elems[b as usize]);
        let curve = BinaryCurve::<F, AnyShape>::new(a2f, bf).expect("b ≠ 0");
        let r = Reference { a2: a2f, a6: bf };
        let mut points = vec![Affine::Infinity];
        let mut bad_x = vec![];
        for &x in &elems {
            let before = points.len();
            for &y in &elems {
                let on = r.on_curve(Some((x, y)));
                assert_eq!(curve.is_on_curve(&Affine::new(x, y)), on);
                if on {
                    points.push(Affine::new(x, y));
                }
            }
            match points.len() - before {
                0 => bad_x.push(x),
                // x = 0 has the one point T = (0, √b); every other x has ±P or nothing.
                1 => assert!(x.is_zero()),
                2 => assert!(!x.is_zero()),
                n => panic!("{n} points with one x"),
            }
        }
        let order = points.len() as u64;
        assert_eq!(order, expect, "#E of a2 = {a2}, b = {b} over GF(2^{m})");
        // Hasse: |#E − (q + 1)| ≤ 2√q, i.e. (#E − q − 1)² ≤ 4q.
        let t = order as i64 - (1i64 << m) - 1;
        assert!(t * t <= 4 << m, "Hasse bound");
        // Tr(a2) = 1 exactly when #E ≡ 2 (mod 4) (HMV §3.6: #E is even, and 4 | #E iff
        // Tr(a2) = 0).
        let tr_one = a2f.trace() == 1;
        assert_eq!(order % 4 == 2, tr_one);
        let mut multiples = Vec::with_capacity(points.len());
        for p in &points {
            let pt = to_pt(p);
            let row: Vec<Affine<F>> = (0..2 * order).map(|k| to_affine(r.mul(pt, &[k]))).collect();
            // The reference's double-and-add agrees with repeated addition, and every
            // order divides #E (Lagrange), so the enumeration misses no point.
            let mut acc = None;
            for (k, q) in row.iter().enumerate() {
                assert_eq!(to_pt(q), acc, "[{k}]P by double-and-add and by additions");
                assert!(r.on_curve(acc));
                acc = r.add(acc, pt);
            }
            assert!(row[order as usize].is_infinity(), "[#E]P = O");
            assert!(order.is_multiple_of(point_order(&r, pt)));
            multiples.push(row);
        }
        Tiny {
            curve,
            name: format!("GF(2^{m}) a2 = {a2}, b = {b}"),
            order,
            half: if tr_one { order / 2 } else { 0 },
            koblitz: b == 1,
            points,
            multiples,
            bad_x,
        }
    }

    /// How many points have each order, as (order, count) sorted by order.
    fn order_profile(&self) -> Vec<(u64, usize)> {
        let r = Reference::of(&self.curve);
        let mut out: Vec<(u64, usize)> = vec![];
        for p in &self.points {
            let n = point_order(&r, to_pt(p));
            match out.iter_mut().find(|(o, _)| *o == n) {
                Some((_, c)) => *c += 1,
                None => out.push((n, 1)),
            }
        }
        out.sort_unstable();
        out
    }
}

/// Every method with every parameter value `BinaryMethod::validate` accepts (Bos–Coster:
/// see below).
fn all_methods() -> Vec<BinaryMethod> {
    let mut v = vec![
        BinaryMethod::DoubleAdd,
        BinaryMethod::Montgomery,
        BinaryMethod::MontgomeryCt,
    ];
    for w in NAF_MIN_W..=NAF_RECODE_MAX_W {
        v.push(BinaryMethod::Naf(w));
        v.push(BinaryMethod::NafSole(w));
        v.push(BinaryMethod::LambdaNaf(w));
        v.push(BinaryMethod::HalveAdd(w));
        v.push(BinaryMethod::Www { w, sole: false });
        v.push(BinaryMethod::Www { w, sole: true });
    }
    for w in TNAF_MIN_W..=TNAF_MAX_W {
        v.push(BinaryMethod::Tnaf(w));
        v.push(BinaryMethod::TnafRl(w));
    }
    for w in TNAF_CT_MIN_W..=TNAF_CT_MAX_W {
        v.push(BinaryMethod::TnafCt(w));
    }
    for t in 1..=XJSF_MAX_T as u32 {
        v.push(BinaryMethod::XJsf(t));
    }
    // Bos–Coster widths past the scalars' length (at most 9 bits here) all make one
    // share: 1..=10 and the largest stand for the rest.
    for k in (SHARE_MIN_K..=10).chain([BOS_COSTER_MAX_K]) {
        v.push(BinaryMethod::BosCoster(k));
    }
    for k in SHARE_MIN_K..=YAO_MAX_K {
        v.push(BinaryMethod::Yao(k));
    }
    for m in &v {
        assert!(m.validate().is_ok());
    }
    v
}

/// The defaults and the smallest parameter values of every method, and the largest of
/// the NAF widths, for the larger curve (the largest x-JSF, Yao and Bos–Coster widths
/// cost several times more there and run on GF(2^5)).
fn core_methods() -> Vec<BinaryMethod> {
    use BinaryMethod::*;
    vec![
        DoubleAdd,
        Naf(2),
        Naf(4),
        Naf(8),
        NafSole(5),
        NafSole(8),
        LambdaNaf(2),
        LambdaNaf(4),
        HalveAdd(2),
        HalveAdd(4),
        Tnaf(2),
        Tnaf(5),
        Tnaf(6),
        TnafRl(4),
        TnafCt(3),
        TnafCt(5),
        Montgomery,
        MontgomeryCt,
        XJsf(1),
        XJsf(2),
        Www { w: 4, sole: false },
        BosCoster(3),
        Yao(1),
        Yao(4),
    ]
}

/// What a method must answer on a curve: the right point, or `NotApplicable` for every
/// input.
fn applies<F: BinaryField>(c: &Tiny<F>, m: BinaryMethod) -> bool {
    match m {
        BinaryMethod::HalveAdd(_) => c.half != 0,
        BinaryMethod::Tnaf(_) | BinaryMethod::TnafCt(_) | BinaryMethod::TnafRl(_) => c.koblitz,
        _ => true,
    }
}

/// One call, a panic turned into a message.
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|e| {
        e.downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default()
    })
}

/// Runs `methods` on every point and scalar of `c`; returns the number of checks.
/// Failures are collected, so that one run shows all of them.
///
/// Every method runs on the affine point. The SEC 1 form (x, ỹ) goes through
/// `decompress` and then the affine code, except for the ladders, which have their own
/// paths (`montgomery_compressed`, `montgomery_ct_compressed`): those run from (x, ỹ),
/// and the decompression is
/// checked on every point. The x-doubling methods also run from x(P) and hint bits
/// through the backend task, the named curves' path (the others read ỹ only there and
/// take the (x, ỹ) path).
fn run_methods<F: BinaryField>(c: &Tiny<F>, methods: &[BinaryMethod]) -> usize {
    let half = [c.half];
    let order = Some(&half[..]);
    let mut failures: Vec<String> = vec![];
    let mut checks = 0;
    // The seed publishes m + 2 hint bits, enough for scalars of m + 1 bits; x-JSF_T with
    // 2^T shares reads b_j up to j = 2^T − 1 on scalars shorter than 2^T bits, which on
    // these tiny curves is more than m + 2: give every bit any method may read.
    let hint_count = (1 << XJSF_MAX_T) + c.curve.hint_count();
    let ks: Vec<u64> = (0..2 * c.order).collect();
    for p in &c.points {
        let bit = c.curve.compression_bit(p);
        let cp = p.x().map_or(Compressed::Infinity, |x| Compressed::Point {
            x,
            y_bit: bit,
        });
        assert_eq!(
            c.curve.decompress(&cp),
            Ok(*p),
            "{}: decompress(compress(P))",
            c.name
        );
    }
    for &method in methods {
        let ok = applies(c, method);
        for (i, p) in c.points.iter().enumerate() {
            let compressed = match p.x() {
                None => Compressed::Infinity,
                Some(x) => Compressed::Point {
                    x,
                    y_bit: c.curve.compression_bit(p),
                },
            };
            let hinted = HintedPoint::from_point(&c.curve, p, hint_count);
            for &k in &ks {
                let want = c.multiples[i][k as usize];
                let mut check =
                    |how: &str, got: Result<Result<Affine<F>, BinaryMulError>, String>| {
                        checks += 1;
                        let right = match (&got, ok) {
                            (Ok(Ok(q)), true) => *q == want,
                            (Ok(Err(BinaryMulError::NotApplicable { .. })), false) => true,
                            _ => false,
                        };
                        if !right && failures.len() < 40 {
                            failures.push(format!(
                                "{}: {} ({how}) P = {p:?}, k = {k}: got {got:?}, want {}",
                                c.name,
                                method.spec(),
                                if ok {
                                    format!("{want:?}")
                                } else {
                                    "NotApplicable".into()
                                }
                            ));
                        }
                    };
                check(
                    "affine",
                    guarded(|| mul_affine_with_order(&c.curve, order, method, &[k], p)),
                );
                if matches!(
                    method,
                    BinaryMethod::Montgomery | BinaryMethod::MontgomeryCt
                ) {
                    check(
                        "(x, ỹ)",
                        guarded(|| {
                            mul_compressed_with_order(&c.curve, order, method, &[k], &compressed)
                        }),
                    );
                }
                if let (Some(h), true) = (&hinted, method.uses_hints()) {
                    check(
                        "x + hints, task",
                        guarded(|| mul_hinted_task_with_order(&c.curve, order, method, &[k], h)),
                    );
                }
            }
        }
        // An x with no point: an encoding error for (x, ỹ) and x + hints, whatever k.
        for x in &c.bad_x {
            for y_bit in [false, true] {
                let cp = Compressed::Point { x: *x, y_bit };
                let hp = HintedPoint {
                    x: *x,
                    hints: vec![y_bit; hint_count],
                };
                for k in [0, 1, 2, 3, c.order - 1, c.order, 2 * c.order - 1] {
                    let a =
                        guarded(|| mul_compressed_with_order(&c.curve, order, method, &[k], &cp));
                    let b =
                        guarded(|| mul_hinted_task_with_order(&c.curve, order, method, &[k], &hp));
                    for got in [a, b] {
                        checks += 1;
                        // The x-doubling methods may meet a bogus \[2^j\]x of 0 first,
                        // whose hint must be 0: `BadCompressionBit`. A method that does
                        // not apply may check that before or after the decompression.
                        let right = match got {
                            Ok(Err(BinaryMulError::Encoding(
                                EncodingError::NoPointWithX | EncodingError::BadCompressionBit,
                            ))) => true,
                            Ok(Err(BinaryMulError::NotApplicable { .. })) => !ok,
                            _ => false,
                        };
                        if !right && failures.len() < 40 {
                            failures.push(format!(
                                "{}: {} on x = {x:?} (no point), ỹ = {y_bit}, k = {k}: {got:?}",
                                c.name,
                                method.spec()
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    checks
}

/// (a2, b, #E) over GF(2^5), with x^5 + x^2 + 1 and b as the integer of its bits:
/// the two Koblitz curves (#E = 44 = 4·11 and 22 = 2·11), a curve with points of order 3,
/// 5 and 15 (30 = 2·3·5, cofactor 2, halving over a composite odd n), one of cofactor 8
/// (24 = 8·3, points of order 4 and 8) and one whose group is a 2-group (32).
const CURVES_5: [(u64, u64, u64); 5] = [(0, 1, 44), (1, 1, 22), (1, 7, 30), (0, 6, 24), (0, 2, 32)];

/// Over GF(2^7), x^7 + x + 1: the Koblitz curve with a2 = 1, #E = 142 = 2·71 (tnaf and
/// halve-add both apply), for the defaults and extreme parameters of every method.
const CURVE_7: (u64, u64, u64) = (1, 1, 142);

fn run_curve<F: BinaryField>(
    m: usize,
    (a2, b, n): (u64, u64, u64),
    methods: &[BinaryMethod],
) -> usize {
    let c = Tiny::<F>::new(m, a2, b, n);
    run_methods(&c, methods)
}

#[test]
fn curve_enumeration_gf2_5() {
    // The orders of the points: checked against the group structure the counts imply.
    let c = Tiny::<Gf5>::new(5, 1, 7, 30);
    assert_eq!(
        c.order_profile(),
        vec![
            (1, 1),
            (2, 1),
            (3, 2),
            (5, 4),
            (6, 2),
            (10, 4),
            (15, 8),
            (30, 8)
        ]
    );
    let c = Tiny::<Gf5>::new(5, 0, 6, 24);
    let profile = c.order_profile();
    assert!(
        profile.iter().any(|&(o, _)| o == 8),
        "a point of order 8: {profile:?}"
    );
    let c = Tiny::<Gf5>::new(5, 0, 1, 44);
    assert!(
        c.order_profile().iter().any(|&(o, _)| o == 4),
        "Koblitz a2 = 0: order 4"
    );
    assert!(c.bad_x.len() > 5);
}

#[test]
fn every_method_gf2_5() {
    let methods = all_methods();
    assert_eq!(methods.len(), 86);
    let checks: usize = CURVES_5
        .iter()
        .map(|&c| run_curve::<Gf5>(5, c, &methods))
        .sum();
    eprintln!("GF(2^5): {checks} checks");
    assert!(checks > 700_000);
}

#[test]
fn core_methods_gf2_7_koblitz_a1() {
    let checks = run_curve::<Gf7>(7, CURVE_7, &core_methods());
    eprintln!("GF(2^7) {CURVE_7:?}: {checks} checks");
    assert!(checks > 21 * 142 * 284);
}
