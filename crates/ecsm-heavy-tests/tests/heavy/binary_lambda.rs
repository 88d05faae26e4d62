//! The λ-coordinate methods of the NIST binary curves, `lambda-naf` and `halve-add`
//! (`ecsm::mul::binary_lambda`): agreement with the affine reference of `binary_named`
//! and with the ladder on every curve, for edge and random scalars up to 4096 bits and
//! for points in the subgroup, outside it (P + T, points of order 2n and 4n on the
//! Koblitz curves), T, the points of order 4, and O; the typed errors where halve-add
//! does not apply; and the measured operation counts.

use crate::binary_named::{
    binary_curves, edge_scalars, params, to_affine, Pt, Ref, HALVING_CURVES,
};
use crate::common::{add_words, spec};
use ecsm::cost::{measure, Counted, OpCounts};
use ecsm::curve::binary::{Affine, AnyShape, BinaryCurve, CurveShape, GenericA1};
use ecsm::curves::named::{find_curve, CurveOpError, NamedCurve};
use ecsm::experiments::timing::BenchConfig;
use ecsm::field::{BinaryField, Gf163, Gf233, Gf571};
use ecsm::mul::binary::{
    montgomery, mul_affine, mul_affine_with_order, BinaryMethod, BinaryMulError,
};
use ecsm::mul::binary_lambda::{halve_add, lambda_naf, lambda_odd_multiples};
use ecsm::mul::{bit_len, random_below, SpecError};
use ecsm::recode::{wnaf, RecodeError};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

/// The scalars of every check: `binary_named`'s edge scalars (0..=8, n − 1, n, n + 1,
/// 2n, n + r, 2^j ± 1 around the word and field boundaries, 2^m + 2^(m/2)) and 2n + 1,
/// all ones over n's words and over 4096 bits, a random 4096-bit scalar, random ones
/// below n.
fn scalars(n: &[u64], m: usize, r: &mut ChaCha8Rng) -> Vec<Vec<u64>> {
    let mut ks = edge_scalars(n, m, r);
    ks.extend([
        add_words(&add_words(n, n), &[1]),
        vec![u64::MAX; n.len()],
        vec![u64::MAX; 64],
        (0..64).map(|_| r.next_u64()).collect(),
        random_below(n, r),
        random_below(n, r),
    ]);
    ks
}

/// Points of every kind: G, a random point of the subgroup, a random point of the whole
/// group, points outside the subgroup (P + T; on the Koblitz curves P + U with U of
/// order 4, of order 4n), T, the points ±U of order 4, O.
fn points<F: BinaryField>(rf: &Ref<F>, g: Pt<F>, n: &[u64], r: &mut ChaCha8Rng) -> Vec<Pt<F>> {
    let inside = rf.mul(g, &random_below(n, r));
    let t = rf.two_torsion();
    let mut pts = vec![g, inside, rf.random_point(r), rf.add(inside, t), t, None];
    if let Some(u) = rf.order4() {
        pts.extend([u, rf.neg(u), rf.add(inside, u), rf.add(g, rf.neg(u))]);
    }
    pts
}

fn against_reference<F: BinaryField, S: CurveShape>(c: &dyn NamedCurve, seed: u64) {
    let name = c.name();
    let p = params(name);
    let rf = Ref::<F>::of(p);
    let (curve, g) = BinaryCurve::<F, S>::from_params(p).unwrap();
    let n = c.order().to_vec();
    let halves = HALVING_CURVES.contains(&name);
    assert_eq!(curve.halving_applies() && p.h == 2, halves, "{name}");
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    let pts = points(&rf, Some((g.x().unwrap(), g.y().unwrap())), &n, &mut r);
    let ks = scalars(&n, F::DEGREE, &mut r);
    let named_ks = [0, 1, 2, 3, 9, 10, 11, 12, 13];
    for (i, &pt) in pts.iter().enumerate() {
        assert!(rf.on_curve(pt));
        let pa = to_affine(pt);
        for (j, k) in ks.iter().enumerate() {
            let want = to_affine(rf.mul(pt, k));
            let what = format!("{name} point {i} scalar {j} ({} bits)", bit_len(k));
            assert_eq!(montgomery(&curve, k, &pa), want, "montgomery {what}");
            for w in 2..=6 {
                assert_eq!(lambda_naf(&curve, k, &pa, w), Ok(want), "w = {w} {what}");
                let h = halve_add(&curve, &n, k, &pa, w);
                if halves {
                    assert_eq!(h, Ok(want), "halve-add:w={w} {what}");
                } else {
                    assert!(
                        matches!(h, Err(BinaryMulError::NotApplicable { .. })),
                        "{what}"
                    );
                }
            }
            // Through the registry (the order comes from the curve), uncompressed and
            // compressed, against the ladder: on the scalars 0..=3, n − 1, n, n + 1, 2n, n + r.
            if named_ks.contains(&j) {
                let mont = c.mul(k, Some(&rf.encode(pt)), &spec("montgomery"), false);
                assert_eq!(mont, Ok(rf.encode(rf.mul(pt, k))), "{what}");
                let mut specs = vec!["lambda-naf", "lambda-naf:w=2", "lambda-naf:w=6"];
                if halves {
                    specs.extend(["halve-add", "halve-add:w=2", "halve-add:w=6"]);
                }
                for m in specs {
                    for enc in [rf.encode(pt), rf.encode_compressed(pt)] {
                        let got = c.mul(k, Some(&enc), &spec(m), false);
                        assert_eq!(got, mont, "{m} {what}");
                    }
                }
            }
        }
    }
}

#[test]
fn lambda_naf_and_halve_add_match_the_reference_and_the_ladder() {
    for (i, c) in binary_curves().into_iter().enumerate() {
        typed!(c.name(), against_reference::<F, S>(c, 200 + i as u64));
    }
}

/// Random points of the whole group (in the subgroup or not) and random scalars below
/// 2^(m + 64), through the registry, against the ladder.
#[test]
fn random_points_and_scalars_agree_with_the_ladder() {
    let mut r = ChaCha8Rng::seed_from_u64(7);
    for c in binary_curves() {
        let name = c.name();
        let n = c.order();
        let halves = HALVING_CURVES.contains(&name);
        for _ in 0..6 {
            // [a]G + [b]T-ish: a random multiple of G, or a random point of the group by
            // decompressing random x until one has a point.
            let pt = loop {
                let mut x = vec![0u8; c.field_bytes() + 1];
                x[0] = 2 | (r.next_u32() & 1) as u8;
                r.fill_bytes(&mut x[2..]);
                if let Ok(p) = c.decompress(&x) {
                    break p;
                }
            };
            let k: Vec<u64> = (0..n.len() + 1).map(|_| r.next_u64()).collect();
            let want = c.mul(&k, Some(&pt), &spec("montgomery"), false).unwrap();
            for w in 2..=6 {
                let m = format!("lambda-naf:w={w}");
                assert_eq!(c.mul(&k, Some(&pt), &spec(&m), false), Ok(want.clone()));
                if halves {
                    let m = format!("halve-add:w={w}");
                    assert_eq!(c.mul(&k, Some(&pt), &spec(&m), false), Ok(want.clone()));
                }
            }
        }
    }
}

#[test]
fn methods_lists_lambda_naf_everywhere_and_halve_add_where_halving_applies() {
    for c in binary_curves() {
        let listed: Vec<String> = c.methods().iter().map(|m| m.to_string()).collect();
        assert!(listed.contains(&"lambda-naf:w=4".to_string()), "{listed:?}");
        let halves = HALVING_CURVES.contains(&c.name());
        assert_eq!(listed.contains(&"halve-add:w=4".to_string()), halves);
        assert_eq!(c.cofactor() == 2, halves, "{}", c.name());
        for m in &listed {
            assert_eq!(c.check_method(&spec(m)), Ok(()), "{m}");
        }
    }
    assert_eq!(
        BinaryMethod::from_spec(&spec("lambda-naf"), "").unwrap(),
        BinaryMethod::LambdaNaf(4)
    );
    assert_eq!(
        BinaryMethod::from_spec(&spec("halve-add"), "").unwrap(),
        BinaryMethod::HalveAdd(4)
    );
    for w in 2..=6 {
        for m in [BinaryMethod::LambdaNaf(w), BinaryMethod::HalveAdd(w)] {
            assert_eq!(BinaryMethod::from_spec(&m.spec(), ""), Ok(m));
            assert_eq!(m.stored_points(233), 1 << (w - 2));
            assert!(!m.uses_hints());
        }
    }
}

/// halve-add on a Koblitz curve with a2 = 0 (cofactor 4): a typed error from the spec,
/// from `mul` and from the typed API, whatever the point and the scalar; never a panic.
fn not_applicable<F: BinaryField, S: CurveShape>(c: &dyn NamedCurve) {
    let name = c.name();
    let bad = |e: &SpecError| matches!(e, SpecError::NotApplicable { curve, .. } if curve == name);
    for m in ["halve-add", "halve-add:w=2", "halve-add:w=6"] {
        assert!(
            c.check_method(&spec(m)).is_err_and(|e| bad(&e)),
            "{name} {m}"
        );
        for point in [None, Some(c.generator(true)), Some(vec![0])] {
            let got = c.mul(&[5], point.as_deref(), &spec(m), false);
            assert!(
                matches!(&got, Err(CurveOpError::Method(e)) if bad(e)),
                "{name} {m}: {got:?}"
            );
        }
        assert!(c.bench_mul(&spec(m), BenchConfig::QUICK, 1).is_err());
    }
    let p = params(name);
    let (curve, g) = BinaryCurve::<F, S>::from_params(p).unwrap();
    let n = c.order();
    for pt in [g, Affine::Infinity, curve.two_torsion()] {
        for k in [vec![], vec![1], n.to_vec()] {
            let got = halve_add(&curve, n, &k, &pt, 4);
            assert!(
                matches!(
                    got,
                    Err(BinaryMulError::NotApplicable {
                        method: "halve-add",
                        ..
                    })
                ),
                "{name}"
            );
            let got = mul_affine_with_order(&curve, Some(n), BinaryMethod::HalveAdd(4), &k, &pt);
            assert!(matches!(got, Err(BinaryMulError::NotApplicable { .. })));
        }
    }
}

#[test]
fn halve_add_is_a_typed_error_where_it_does_not_apply() {
    for name in ["sect233k1", "sect283k1", "sect409k1", "sect571k1"] {
        let c = find_curve(name).unwrap();
        assert_eq!(c.cofactor(), 4);
        assert!(!c.methods().contains(&spec("halve-add:w=4")));
        typed!(name, not_applicable::<F, S>(c));
    }
    // Where it applies: without the order, with an order that is not odd, and with widths
    // outside the recoding's range, a typed error too.
    let p = params("sect233r1");
    let (curve, g) = BinaryCurve::<Gf233, GenericA1>::from_params(p).unwrap();
    let n = p.order_words().unwrap();
    let na = |r: Result<Affine<Gf233>, BinaryMulError>| {
        matches!(r, Err(BinaryMulError::NotApplicable { .. }))
    };
    assert!(na(mul_affine(&curve, BinaryMethod::HalveAdd(4), &[3], &g)));
    let even = add_words(&n, &[1]);
    for bad_n in [&[][..], &[0, 0][..], &[1][..], &even[..]] {
        assert!(na(halve_add(&curve, bad_n, &[3], &g, 4)), "{bad_n:x?}");
    }
    for w in [0, 1, 9, usize::MAX] {
        let bad = |r: Result<Affine<Gf233>, BinaryMulError>| matches!(r, Err(BinaryMulError::BadParameter { value, .. }) if value == w);
        assert!(bad(halve_add(&curve, &n, &[3], &g, w)), "w = {w}");
        for m in [BinaryMethod::HalveAdd(w), BinaryMethod::LambdaNaf(w)] {
            assert!(bad(mul_affine_with_order(&curve, Some(&n), m, &[3], &g)));
        }
    }
    assert!(matches!(
        lambda_naf(&curve, &[3], &g, 9),
        Err(RecodeError::WidthOutOfRange { w: 9, .. })
    ));
}

// ---------------------------------------------------------------------------------------
// Measured costs.
// ---------------------------------------------------------------------------------------

/// (I, H, M, S, C, √, Tr).
fn counts(o: OpCounts) -> [u64; 7] {
    [
        o.inv,
        o.half_trace,
        o.mul,
        o.sqr,
        o.mul_const,
        o.sqrt,
        o.trace,
    ]
}

fn sum(a: [u64; 7], b: [u64; 7]) -> [u64; 7] {
    core::array::from_fn(|i| a[i] + b[i])
}

fn times(k: u64, a: [u64; 7]) -> [u64; 7] {
    a.map(|v| k * v)
}

/// I, H, M, S, C, √, Tr.
const fn ops(i: u64, h: u64, m: u64, s: u64, c: u64, sqrt: u64, tr: u64) -> [u64; 7] {
    [i, h, m, s, c, sqrt, tr]
}

/// The costs of the λ formulas the two methods run, of the table, and of both methods
/// (their loops reconstructed from the NAF_w digits), on a random point of the subgroup.
/// `dbl` is the loop's doubling: lambda_double_alt (3M + 4S) where a6 = 1, lambda_double
/// (4M + 4S) elsewhere.
fn costs<F: BinaryField, S: CurveShape>(name: &str, dbl: [u64; 7], seed: u64) {
    let p = params(name);
    let rf = Ref::<F>::of(p);
    let (plain, g) = BinaryCurve::<F, S>::from_params(p).unwrap();
    let c = plain.map_field(Counted);
    let n = p.order_words().unwrap();
    let t = bit_len(&n) as u64;
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    let gp = Some((g.x().unwrap(), g.y().unwrap()));
    let pt = rf.mul(gp, &random_below(&n, &mut r));
    let a = to_affine(pt).map(Counted);
    let report = |what: &str, o: OpCounts| eprintln!("{name} {what}: {o}");

    // The formulas, on the generic path.
    let la = c.affine_to_lambda_affine(&a);
    let q = c.lambda_double(&c.lambda_affine_to_lambda(&la));
    let q = c.lambda_mixed_add(&q, &la); // [3]P, Z ≠ 1
    let (_, o) = measure(|| c.lambda_double(&q));
    assert_eq!(counts(o), ops(0, 0, 4, 4, 0, 0, 0), "lambda_double: {o}");
    let (_, o) = measure(|| c.lambda_double_alt(&q));
    if c.a6_is_one() {
        assert_eq!(
            counts(o),
            ops(0, 0, 3, 4, 0, 0, 0),
            "lambda_double_alt: {o}"
        );
    }
    let (_, o) = measure(|| c.lambda_double_add(&q, &la));
    assert_eq!(
        counts(o),
        ops(0, 0, 10, 6, 0, 0, 0),
        "lambda_double_add: {o}"
    );
    let (_, o) = measure(|| c.lambda_mixed_add(&q, &la));
    assert_eq!(counts(o), ops(0, 0, 8, 2, 0, 0, 0), "lambda_mixed_add: {o}");
    let q2 = c.lambda_double(&q);
    let (_, o) = measure(|| c.lambda_add(&q, &q2));
    assert_eq!(counts(o), ops(0, 0, 11, 2, 0, 0, 0), "lambda_add: {o}");
    let (_, o) = measure(|| c.lambda_to_affine(&q));
    assert_eq!(counts(o), ops(1, 0, 3, 0, 0, 0, 0), "lambda_to_affine: {o}");
    if plain.halving_applies() {
        let (h, o) = measure(|| c.lambda_affine_halve(&la));
        assert_eq!(
            counts(o),
            ops(0, 1, 1, 0, 0, 1, 1),
            "lambda_affine_halve: {o}"
        );
        assert_eq!(c.lambda_affine_to_affine(&c.lambda_affine_double(&h)), a);
    }

    // The λ-affine table: I + 1M for t = 1, 2I + (13t − 12)M + 2tS beyond.
    for tt in 1..=16u64 {
        let (v, o) = measure(|| lambda_odd_multiples(&c, &a, tt as usize));
        assert_eq!(v.len(), tt as usize);
        let want = match tt {
            1 => ops(1, 0, 1, 0, 0, 0, 0),
            _ => ops(2, 0, 13 * tt - 12, 2 * tt, 0, 0, 0),
        };
        assert_eq!(counts(o), want, "lambda_odd_multiples t = {tt}: {o}");
        for (j, e) in v.iter().enumerate() {
            let want = to_affine(rf.mul(pt, &[2 * j as u64 + 1])).map(Counted);
            assert_eq!(c.lambda_affine_to_affine(e), want);
        }
    }
    let table = |tt: u64| match tt {
        1 => ops(1, 0, 1, 0, 0, 0, 0),
        _ => ops(2, 0, 13 * tt - 12, 2 * tt, 0, 0, 0),
    };

    let to_affine_cost = ops(1, 0, 3, 0, 0, 0, 0);
    for _ in 0..3 {
        let k = random_below(&n, &mut r);
        let want = to_affine(rf.mul(pt, &k)).map(Counted);
        for w in 2..=6usize {
            let tt = 1u64 << (w - 2);
            // lambda-naf: (len − wt) doublings, (wt − 1) fused 2Q ± P, back to affine.
            let d = wnaf(&k, w as u32).unwrap();
            let (len, wt) = (d.len() as u64, d.iter().filter(|&&x| x != 0).count() as u64);
            let (v, o) = measure(|| lambda_naf(&c, &k, &a, w).unwrap());
            assert_eq!(v, want);
            report(&format!("lambda-naf:w={w}"), o);
            let loop_cost = sum(
                times(len - wt, dbl),
                times(wt - 1, ops(0, 0, 10, 6, 0, 0, 0)),
            );
            let expect = sum(sum(loop_cost, table(tt)), to_affine_cost);
            assert_eq!(counts(o), expect, "lambda-naf:w={w}: {o}");

            if !plain.halving_applies() {
                continue;
            }
            // halve-add: k′ = 2^t·k mod n (computed here with num-bigint), recoded.
            let kp = shifted(&k, t as usize, &n);
            let d = wnaf(&kp, w as u32).unwrap();
            let lowest = d.iter().position(|&x| x != 0).unwrap() as u64;
            let wt = d.iter().filter(|&&x| x != 0).count() as u64;
            let mut used = vec![false; tt as usize];
            for &x in d.iter().filter(|&&x| x != 0) {
                used[(x.unsigned_abs() / 2) as usize] = true;
            }
            let a_used = used.iter().filter(|&&u| u).count() as u64;
            let (v, o) = measure(|| halve_add(&c, &n, &k, &a, w).unwrap());
            assert_eq!(v, want);
            report(&format!("halve-add:w={w}"), o);
            // The halvings: one per position from t down to the lowest nonzero digit.
            assert_eq!(o.half_trace, t - lowest, "halvings, w = {w}");
            assert_eq!(o.sqrt, t - lowest);
            let halvings = times(t - lowest, ops(0, 1, 1, 0, 0, 1, 1));
            let start = ops(1, 0, 1, 0, 0, 0, 2); // λ-affine P, Tr(x), Tr(a2)
            let adds = times(wt - a_used, ops(0, 0, 8, 2, 0, 0, 0));
            let expect = sum(
                sum(start, halvings),
                sum(adds, sum(combine(&used, dbl), to_affine_cost)),
            );
            assert_eq!(counts(o), expect, "halve-add:w={w}: {o}");
        }
    }
    // Outside the subgroup (P + T) the halvings are the same; two affine additions of T
    // (I + 2M + 1S each) for odd k, one for even k.
    if plain.halving_applies() {
        let outside = to_affine(rf.add(pt, rf.two_torsion())).map(Counted);
        for k in [random_below(&n, &mut r), vec![2]] {
            let want = to_affine(rf.mul(rf.add(pt, rf.two_torsion()), &k)).map(Counted);
            let (v, o) = measure(|| halve_add(&c, &n, &k, &outside, 4).unwrap());
            assert_eq!(v, want);
            let kp = shifted(&k, t as usize, &n);
            let lowest = wnaf(&kp, 4).unwrap().iter().position(|&x| x != 0).unwrap();
            assert_eq!(o.half_trace, t - lowest as u64);
            assert_eq!(o.inv, 3 + (k[0] & 1), "outside, k = {k:x?}: {o}");
        }
    }
}

/// The cost of Σ (2j + 1)·Q_j as `halve_add` forms it (2·Σ_j R_j − R_0 with
/// R_j = Σ_(i ≥ j) Q_i, from the top), for the accumulators in use: one λ-projective
/// addition (11M + 2S) whenever both operands are points, and the doubling when more than
/// one accumulator exists. One addition meets equal operands: below the top accumulator
/// in use, S = R until R changes, so an empty slot right below it gives S + R = 2R, which
/// `lambda_add` computes as A, X1·Z2, X2·Z1 (4M) and a doubling (4M + 4S).
fn combine(used: &[bool], dbl: [u64; 7]) -> [u64; 7] {
    let add = ops(0, 0, 11, 2, 0, 0, 0);
    let add_equal = ops(0, 0, 8, 4, 0, 0, 0);
    if used.len() == 1 {
        return [0; 7];
    }
    let mut total = [0; 7];
    // Whether R and S are points, and whether S = R.
    let (mut r, mut s, mut equal) = (false, false, false);
    for &q in used.iter().rev() {
        if r && q {
            total = sum(total, add);
            equal = false;
        }
        r |= q;
        if s && r {
            total = sum(total, if equal { add_equal } else { add });
            equal = false;
        } else if r {
            equal = true;
        }
        s |= r;
    }
    if s {
        total = sum(total, dbl);
    }
    if s && r {
        total = sum(total, add);
    }
    total
}

/// 2^s·k mod n with num-bigint, independently of the library.
fn shifted(k: &[u64], s: usize, n: &[u64]) -> Vec<u64> {
    use num_bigint::BigUint;
    let big = |w: &[u64]| {
        BigUint::from_slice(
            &w.iter()
                .flat_map(|&x| [x as u32, (x >> 32) as u32])
                .collect::<Vec<_>>(),
        )
    };
    let v = (big(k) << s) % big(n);
    v.to_u64_digits()
}

#[test]
fn measured_costs_of_lambda_naf_and_halve_add() {
    let d4 = ops(0, 0, 4, 4, 0, 0, 0);
    let d3 = ops(0, 0, 3, 4, 0, 0, 0);
    costs::<Gf233, AnyShape>("sect233r1", d4, 1);
    costs::<Gf233, AnyShape>("sect233k1", d3, 2);
    costs::<Gf163, AnyShape>("sect163k1", d3, 3);
    costs::<Gf571, AnyShape>("sect571r1", d4, 4);
}

/// `decompress_lambda` (λ = x + z from the root z = y/x) against the affine
/// decompression followed by the conversion that inverts x, on random x of B-163,
/// K-233 and B-571 (both bits, with and without a point), x = 0 with both bits and O.
#[test]
fn decompress_lambda_matches_decompress_then_convert() {
    fn check<F: BinaryField, S: CurveShape>(name: &str, seed: u64) {
        use ecsm::curve::binary::Compressed;
        let (curve, _) = BinaryCurve::<F, S>::from_params(params(name)).unwrap();
        let mut r = ChaCha8Rng::seed_from_u64(seed);
        let mut inputs = vec![
            Compressed::Infinity,
            Compressed::Point {
                x: F::zero(),
                y_bit: false,
            },
            Compressed::Point {
                x: F::zero(),
                y_bit: true,
            },
        ];
        inputs.extend((0..40).map(|i| Compressed::Point {
            x: F::random(&mut r),
            y_bit: i % 2 == 1,
        }));
        let (mut points, mut errors) = (0, 0);
        for c in inputs {
            let want = curve
                .decompress(&c)
                .map(|p| curve.affine_to_lambda_affine(&p));
            assert_eq!(curve.decompress_lambda(&c), want, "{name} {c:?}");
            if want.is_ok() {
                points += 1;
            } else {
                errors += 1;
            }
        }
        assert!(
            points > 10 && errors > 10,
            "{name}: {points} points, {errors} errors"
        );
    }
    check::<Gf163, GenericA1>("sect163r2", 1301);
    check::<Gf233, AnyShape>("sect233k1", 1302);
    check::<Gf571, GenericA1>("sect571r1", 1303);
}
