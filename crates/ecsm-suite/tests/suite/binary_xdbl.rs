//! The x-doubling methods of seed 000 §3 from x(P) and hint bits, on the random curves of
//! the seed's experiment (y² + xy = x³ + x² + a6, a6 random): every method against a slow
//! affine reference written here, on random and boundary scalars up to 2^d + 2^(d/2);
//! missing hints and x-coordinates without a point rejected; and the inversions and
//! half-traces each method performs, measured with `Counted`, equal to seed 000's Table 1
//! columns I and H.

use crate::common;
use crate::common::{pow2, sub_one};

use common::binary_ref::{Pt, Reference};
use ecsm::cost::{measure, Counted};
use ecsm::curve::binary::{random_curve, random_point, Affine, BinaryCurve, GenericA1};
use ecsm::encoding::EncodingError;
use ecsm::field::{BinaryField, Field, Gf163, Gf233};
use ecsm::mul::binary::{mul_affine, mul_hinted, BinaryMethod, BinaryMulError};
use ecsm::mul::xdbl::{self, hints_needed, share_bits, HintedPoint};
use ecsm::mul::{bit_len, MethodSpec};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

fn pt<F: Field>(a: &Affine<F>) -> Pt<F> {
    match *a {
        Affine::Infinity => None,
        Affine::Point { x, y } => Some((x, y)),
    }
}

fn methods() -> Vec<BinaryMethod> {
    let mut m = vec![BinaryMethod::Montgomery, BinaryMethod::NafSole(5)];
    for t in 1..=4 {
        m.push(BinaryMethod::XJsf(t));
    }
    for w in 2..=6 {
        for sole in [false, true] {
            m.push(BinaryMethod::Www { w, sole });
        }
    }
    for k in [1, 2, 5, 16, 32] {
        m.push(BinaryMethod::BosCoster(k));
    }
    for k in [1, 3, 4, 6] {
        m.push(BinaryMethod::Yao(k));
    }
    m
}

fn random_scalar(bits: usize, r: &mut dyn RngCore) -> Vec<u64> {
    let mut k: Vec<u64> = (0..bits.div_ceil(64)).map(|_| r.next_u64()).collect();
    if !bits.is_multiple_of(64) {
        *k.last_mut().unwrap() &= (1 << (bits % 64)) - 1;
    }
    k
}

/// 0…8, 2^j − 1, 2^j, 2^j + 1 around share boundaries and the top, 2^d + 2^(d/2) − 1, and
/// random scalars of d + 1 bits.
fn scalars(d: usize, r: &mut dyn RngCore) -> Vec<Vec<u64>> {
    let mut ks: Vec<Vec<u64>> = (0..9u64).map(|k| vec![k]).collect();
    for j in [
        1,
        2,
        63,
        64,
        65,
        d / 4,
        d / 3,
        d / 2,
        d / 2 + 1,
        d - 1,
        d,
        d + 1,
    ] {
        let p = pow2(j);
        let below = sub_one(&p);
        let mut above = p.clone();
        above[0] += 1;
        ks.extend([below, p, above]);
    }
    let mut top = pow2(d);
    top[(d / 2) / 64] |= 1 << ((d / 2) % 64);
    ks.push(sub_one(&top));
    for _ in 0..6 {
        ks.push(random_scalar(d + 1, r));
    }
    ks
}

fn every_method_matches_the_reference<F: BinaryField>(seed: u64, curves: usize) {
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    let d = F::DEGREE;
    for _ in 0..curves {
        let curve: BinaryCurve<F, GenericA1> = random_curve(&mut r);
        let rf = Reference::of(&curve);
        let mut points = vec![random_point(&curve, &mut r)];
        // A point with a component of order 2: the x-doublings meet T's multiples too.
        points.push(curve.affine_add(&points[0], &curve.two_torsion()));
        points.push(curve.two_torsion());
        let ks = scalars(d, &mut r);
        for p in &points {
            let hinted = HintedPoint::from_point(&curve, p, curve.hint_count()).unwrap();
            for k in &ks {
                let want = rf.mul(pt(p), k);
                for m in methods() {
                    let got = mul_hinted(&curve, m, k, &hinted).unwrap();
                    assert_eq!(pt(&got), want, "{} k = {k:x?}", m.spec());
                }
            }
        }
    }
}

#[test]
fn every_method_matches_the_reference_on_random_curves_233() {
    every_method_matches_the_reference::<Gf233>(233, 2);
}

#[test]
fn every_method_matches_the_reference_on_random_curves_163() {
    every_method_matches_the_reference::<Gf163>(163, 2);
}

#[test]
fn methods_read_only_the_hints_they_name() {
    let mut r = ChaCha8Rng::seed_from_u64(7);
    let curve: BinaryCurve<Gf163, GenericA1> = random_curve(&mut r);
    let p = random_point(&curve, &mut r);
    let full = HintedPoint::from_point(&curve, &p, curve.hint_count()).unwrap();
    let rf = Reference::of(&curve);
    for m in methods() {
        let k = random_scalar(164, &mut r);
        let idx = m.hint_indices(bit_len(&k));
        assert_eq!(idx[0], 0);
        // Only the named bits kept, the others flipped: still right.
        let mut scrambled = full.clone();
        for (j, b) in scrambled.hints.iter_mut().enumerate() {
            if !idx.contains(&j) {
                *b = !*b;
            }
        }
        let want = rf.mul(pt(&p), &k);
        assert_eq!(
            pt(&mul_hinted(&curve, m, &k, &scrambled).unwrap()),
            want,
            "{}",
            m.spec()
        );
        // Cut below the largest index: a typed error, not a panic.
        let last = *idx.iter().max().unwrap();
        let mut short = full.clone();
        short.hints.truncate(last);
        assert_eq!(
            mul_hinted(&curve, m, &k, &short),
            Err(BinaryMulError::MissingHint {
                index: last,
                available: last
            }),
            "{}",
            m.spec()
        );
    }
}

#[test]
fn an_x_without_a_point_is_rejected_whatever_the_scalar() {
    let mut r = ChaCha8Rng::seed_from_u64(8);
    let curve: BinaryCurve<Gf163, GenericA1> = random_curve(&mut r);
    // x with Tr(x + a2 + a6/x²) = 1 names no point.
    let x = loop {
        let x = Gf163::random(&mut r);
        if !x.is_zero() && curve.decompress_xy(x, false).is_err() {
            break x;
        }
    };
    let hinted = HintedPoint {
        x,
        hints: vec![false; curve.hint_count()],
    };
    for m in methods() {
        for k in [vec![0u64], vec![1], random_scalar(163, &mut r)] {
            assert_eq!(
                mul_hinted(&curve, m, &k, &hinted),
                Err(BinaryMulError::Encoding(EncodingError::NoPointWithX)),
                "{}",
                m.spec()
            );
        }
    }
}

#[test]
fn shares_follow_the_scalar_length() {
    assert_eq!(share_bits(234, 2), 117);
    assert_eq!(share_bits(234, 4), 58);
    assert_eq!(share_bits(233, 16), 14);
    assert_eq!(share_bits(0, 4), 1);
    assert_eq!(hints_needed(234, 4), vec![0, 58, 116, 174]);
    // Every index stays within the m + 2 bits the seed publishes for (m + 1)-bit scalars.
    for m in methods() {
        for d in [163usize, 233, 409, 571] {
            assert!(
                m.hint_indices(d + 1).iter().all(|&j| j < d + 2),
                "{}",
                m.spec()
            );
        }
    }
}

#[test]
fn spec_names_round_trip() {
    for m in methods() {
        let s = m.spec();
        assert_eq!(BinaryMethod::from_spec(&s, "").unwrap(), m, "{s}");
    }
    let parse = |s: &str| BinaryMethod::from_spec(&s.parse::<MethodSpec>().unwrap(), "");
    assert_eq!(parse("x-jsf"), Ok(BinaryMethod::XJsf(1)));
    assert_eq!(parse("x-jsf:t=2"), Ok(BinaryMethod::XJsf(2)));
    assert_eq!(parse("x-jsf2"), Ok(BinaryMethod::XJsf(2)));
    assert_eq!(BinaryMethod::XJsf(2).spec().to_string(), "x-jsf2");
    assert_eq!(BinaryMethod::XJsf(3).spec().to_string(), "x-jsf:t=3");
}

/// A random curve over GF(2^233) and a random point with all its hint bits, on `Counted`.
fn counted_setup(
    r: &mut ChaCha8Rng,
) -> (
    BinaryCurve<Counted<Gf233>, GenericA1>,
    HintedPoint<Counted<Gf233>>,
) {
    let curve: BinaryCurve<Gf233, GenericA1> = random_curve(r);
    let p = random_point(&curve, r);
    let hinted = HintedPoint::from_point(&curve, &p, curve.hint_count()).unwrap();
    let h = HintedPoint {
        x: Counted(hinted.x),
        hints: hinted.hints,
    };
    (curve.map_field(Counted), h)
}

/// Seed 000 Table 1, columns I and H (independent of the curve and the scalar's length):
/// the measured inversions and half-traces of a multiplication from (x, hints) with a
/// random scalar of d + 1 bits must be exactly these. Two deliberate departures: our
/// ladder shares its one inversion with the decompression, where the seed counts two, and
/// x-JSF_T shares one inversion among its 2^(T−1) pairs Q_(2j+1) ± Q_(2j) (x-JSF_2: 3, the
/// seed's 4).
#[test]
fn inversions_and_half_traces_are_those_of_table_1() {
    let mut r = ChaCha8Rng::seed_from_u64(9);
    let (c, h) = counted_setup(&mut r);
    let table: &[(BinaryMethod, u64, u64)] = &[
        (BinaryMethod::Montgomery, 1, 1),
        (BinaryMethod::Naf(5), 10, 1),
        (BinaryMethod::NafSole(5), 3, 1),
        (BinaryMethod::XJsf(1), 3, 2),
        (BinaryMethod::XJsf(2), 3, 4),
        (BinaryMethod::XJsf(3), 3, 8),
        (BinaryMethod::Www { w: 4, sole: false }, 14, 3),
        (BinaryMethod::Www { w: 4, sole: true }, 5, 3),
        (BinaryMethod::Www { w: 3, sole: true }, 5, 3),
        (BinaryMethod::Www { w: 5, sole: false }, 26, 3),
        (BinaryMethod::Www { w: 5, sole: true }, 5, 3),
    ];
    for _ in 0..4 {
        let mut k = random_scalar(234, &mut r);
        k[3] |= 1 << 40; // 233 bits at least: every share nonzero with overwhelming odds
        for &(m, inv, ht) in table {
            let (q, o) = measure(|| mul_hinted(&c, m, &k, &h));
            assert!(q.is_ok());
            assert_eq!((o.inv, o.half_trace), (inv, ht), "{}: {o}", m.spec());
        }
    }
}

/// The x-doublings: a t-share method performs (t − 1)·s of them (3S each), s = ⌊ℓ/t⌋, and
/// its LD doublings (5S each) run over one share only — the trade the seed proposes. With
/// a6 random, the squarings of x-JSF are 3(t − 1)s + 3t (decompression) + 2 (Q1 ± Q0) +
/// 5·(doublings) + 5·(mixed additions) + 1 (final conversion), the doublings being one
/// fewer than the JSF's columns.
#[test]
fn x_jsf_squarings_split_into_x_doublings_and_doublings() {
    let mut r = ChaCha8Rng::seed_from_u64(10);
    let (c, h) = counted_setup(&mut r);
    for _ in 0..4 {
        let k = random_scalar(234, &mut r);
        let len = bit_len(&k);
        let s = share_bits(len, 2);
        let (n1, n0) = (shr(&k, s), low(&k, s));
        let cols = ecsm::recode::jsf(&n1, &n0);
        let adds = ecsm::recode::joint_weight(&cols) as u64;
        let dbls = cols.len() as u64 - 1;
        let (_, o) = measure(|| mul_hinted(&c, BinaryMethod::XJsf(1), &k, &h));
        let want = 3 * s as u64 + 3 * 2 + 2 + 5 * dbls + 5 * (adds - 1) + 1;
        assert_eq!(o.sqr, want, "{o}");
    }
}

fn shr(k: &[u64], s: usize) -> Vec<u64> {
    (0..k.len())
        .map(|i| {
            let (q, r) = (i + s / 64, s % 64);
            let a = k.get(q).copied().unwrap_or(0) >> r;
            let b = if r == 0 {
                0
            } else {
                k.get(q + 1).copied().unwrap_or(0) << (64 - r)
            };
            a | b
        })
        .collect()
}

fn low(k: &[u64], s: usize) -> Vec<u64> {
    let mut v = k.to_vec();
    for (i, w) in v.iter_mut().enumerate() {
        let lo = 64 * i;
        if lo >= s {
            *w = 0;
        } else if s - lo < 64 {
            *w &= (1 << (s - lo)) - 1;
        }
    }
    v
}

#[test]
fn add_sub_batch_matches_pair_by_pair_with_one_inversion() {
    let mut r = ChaCha8Rng::seed_from_u64(11);
    let curve: BinaryCurve<Gf233, GenericA1> = random_curve(&mut r);
    let p = random_point(&curve, &mut r);
    let q = random_point(&curve, &mut r);
    let pairs = vec![
        (p, q),
        (q, curve.affine_double(&p)),
        (p, p),
        (p, p.neg()),
        (Affine::Infinity, q),
        (curve.two_torsion(), p),
    ];
    let batch = curve.affine_add_sub_batch(&pairs);
    for ((a, b), got) in pairs.iter().zip(&batch) {
        assert_eq!(*got, curve.affine_add_sub(a, b));
        assert_eq!(got.0, curve.affine_add(a, b));
        assert_eq!(got.1, curve.affine_add(a, &b.neg()));
    }
    let c = curve.map_field(Counted);
    let regular: Vec<_> = (0..4)
        .map(|_| {
            let a = random_point(&curve, &mut r).map(Counted);
            let b = random_point(&curve, &mut r).map(Counted);
            (a, b)
        })
        .collect();
    let (_, o) = measure(|| c.affine_add_sub_batch(&regular));
    let t = regular.len() as u64;
    assert_eq!((o.inv, o.mul, o.sqr), (1, 7 * t - 3, 2 * t), "{o}");
}

/// Methods built by hand with parameters outside their ranges (which `from_spec` never
/// makes) get `BadParameter` from every entry point, never a panic, and the descriptive
/// counts do not overflow for them.
#[test]
fn hand_built_methods_out_of_range_are_typed_errors() {
    let mut r = ChaCha8Rng::seed_from_u64(11);
    let curve: BinaryCurve<Gf163, GenericA1> = random_curve(&mut r);
    let p = random_point(&curve, &mut r);
    let hinted = HintedPoint::from_point(&curve, &p, curve.hint_count()).unwrap();
    let k = random_scalar(160, &mut r);
    let bad = [
        BinaryMethod::Naf(0),
        BinaryMethod::Naf(1),
        BinaryMethod::Naf(9),
        BinaryMethod::NafSole(usize::MAX),
        BinaryMethod::Www { w: 1, sole: false },
        BinaryMethod::Www { w: 100, sole: true },
        BinaryMethod::XJsf(0),
        BinaryMethod::XJsf(7),
        BinaryMethod::XJsf(u32::MAX),
        BinaryMethod::BosCoster(0),
        BinaryMethod::BosCoster(33),
        BinaryMethod::Yao(0),
        BinaryMethod::Yao(11),
        BinaryMethod::Yao(usize::MAX),
    ];
    for m in bad {
        let is_bad = |e: BinaryMulError| matches!(e, BinaryMulError::BadParameter { .. });
        assert!(m.validate().is_err_and(is_bad), "{m:?}");
        assert!(
            mul_hinted(&curve, m, &k, &hinted).is_err_and(is_bad),
            "{m:?}"
        );
        assert!(mul_affine(&curve, m, &k, &p).is_err_and(is_bad), "{m:?}");
        // Descriptive only, but must not panic.
        let _ = (
            m.shares(160),
            m.stored_points(160),
            m.hint_indices(160).len(),
        );
    }
    let msg = BinaryMethod::XJsf(7).validate().unwrap_err().to_string();
    assert_eq!(msg, "x-jsf: t = 7 is outside 1..=6");
    // The x-doubling functions check their own parameters too.
    let is_bad = |e: BinaryMulError| matches!(e, BinaryMulError::BadParameter { .. });
    assert!(xdbl::x_jsf(&curve, &k, &hinted, 9).is_err_and(is_bad));
    assert!(xdbl::www(&curve, &k, &hinted, 40, false).is_err_and(is_bad));
    assert!(xdbl::bos_coster(&curve, &k, &hinted, 0).is_err_and(is_bad));
    assert!(xdbl::yao(&curve, &k, &hinted, 64).is_err_and(is_bad));
    // Every method the registry lists passes the check, at the edges of its ranges too.
    for m in methods() {
        assert_eq!(m.validate(), Ok(()), "{m:?}");
    }
    for m in [
        BinaryMethod::Naf(8),
        BinaryMethod::XJsf(6),
        BinaryMethod::BosCoster(32),
        BinaryMethod::Yao(10),
    ] {
        assert_eq!(m.validate(), Ok(()), "{m:?}");
        assert!(mul_hinted(&curve, m, &k, &hinted).is_ok(), "{m:?}");
    }
}
