//! The constant-time ladder `montgomery-ct` of the binary curves: the same answers as the
//! variable-time `montgomery` on edge and random scalars (subgroup points, points of the
//! full group, points of order 2), through the generic functions and through the
//! registry (affine and compressed inputs); ECDH (which uses it) on OpenSSL's vectors;
//! and an operation count that does not depend on the scalar.

use crate::common;
use crate::common::{pow2, spec, sub_one};
use ecsm::cost::{measure, Counted};
use ecsm::curve::binary::{
    find_binary_curve, random_point, Affine, AnyShape, BinaryCurve, Compressed, CurveShape,
};
use ecsm::curves::named::{find_curve, NamedCurve};
use ecsm::field::{BinaryField, Gf163, Gf233, Gf283, Gf409, Gf571};
use ecsm::mul::binary::{
    montgomery, montgomery_compressed, montgomery_ct, montgomery_ct_compressed, mul_affine,
    BinaryMethod,
};
use ecsm::mul::{bit_len, random_below};
use num_bigint::BigUint;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn add_small(a: &[u64], b: u64) -> Vec<u64> {
    let mut r = a.to_vec();
    r.push(0);
    let mut carry = b;
    for w in r.iter_mut() {
        let (v, c) = w.overflowing_add(carry);
        *w = v;
        carry = u64::from(c);
    }
    r
}

fn double(k: &[u64]) -> Vec<u64> {
    let mut r = vec![0u64; k.len() + 1];
    for (i, &w) in k.iter().enumerate() {
        r[i] |= w << 1;
        r[i + 1] |= w >> 63;
    }
    r
}

/// 0, 1, 2, 3, n − 1, n, n + 1, 2n, 2n + 1, powers of two around m (2^(m+1) and above
/// take the longer, variable-length path), and random scalars below n and below 2^(m+1).
fn scalars(n: &[u64], m: usize, r: &mut ChaCha8Rng) -> Vec<Vec<u64>> {
    let mut ks: Vec<Vec<u64>> = (0..4u64).map(|k| vec![k]).collect();
    ks.extend([
        sub_one(n),
        n.to_vec(),
        add_small(n, 1),
        double(n),
        add_small(&double(n), 1),
    ]);
    for j in [m - 1, m, m + 1, m + 2] {
        let p = pow2(j);
        ks.push(sub_one(&p));
        ks.push(add_small(&p, 1));
        ks.push(p);
    }
    let top = pow2(m + 1);
    for _ in 0..4 {
        ks.push(random_below(n, r));
        ks.push(random_below(&top, r));
    }
    ks
}

/// montgomery_ct against montgomery on G, random points of the full group (most are
/// outside the subgroup), T and T + G.
fn generic_agrees<F: BinaryField, S: CurveShape>(name: &str, seed: u64) {
    let p = find_binary_curve(name).unwrap();
    let (curve, g) = BinaryCurve::<F, S>::from_params(p).unwrap();
    let n = p.order_words().unwrap();
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    let t = curve.two_torsion();
    let mut points = vec![g, t, Affine::Infinity];
    points.push(mul_affine(&curve, BinaryMethod::DoubleAdd, &[1], &g).unwrap());
    for _ in 0..3 {
        points.push(random_point(&curve, &mut r));
    }
    let tg = curve.affine_add(&t, &g);
    points.push(tg);
    for pt in &points {
        for k in scalars(&n, F::DEGREE, &mut r) {
            let want = montgomery(&curve, &k, pt);
            assert_eq!(montgomery_ct(&curve, &k, pt), want, "{name} {k:x?}");
            // From (x, ỹ), the decompression folded into the constant-time recovery.
            let comp = compress(&curve, pt);
            assert_eq!(
                montgomery_ct_compressed(&curve, &k, &comp),
                Ok(want),
                "{name} (x, ỹ) {k:x?}"
            );
            assert_eq!(
                mul_affine(&curve, BinaryMethod::MontgomeryCt, &k, pt).unwrap(),
                want,
                "{name} {k:x?}"
            );
        }
    }
}

/// The ladders and the τ-adic methods (Koblitz curves) over GF(2^233) and GF(2^409) on
/// the `vpclmul` backend, whose steps take their products and squares in pairs
/// (`vpclmul::mul_pair`, `square_pair`, `mul_add_pair`: one in each 128-bit lane of
/// 256-bit registers), against the `montgomery` ladder on the portable backend: both
/// curves, G and random points of the full group, the scalars of `generic_agrees`.
/// The backend is named in the type here, so this runs whatever `ECSM_BACKEND` selects,
/// and it runs twice: in `vpclmul`'s AVX-512VL compilation of the loops (where the CPU
/// has it) and in its AVX2 one (`backend::set_avx512_context`).
#[test]
fn ladders_with_paired_products_match_the_portable_backend() {
    use ecsm::field::gf2m::{P163, P233, P283, P409};
    paired_ladders_agree::<3, P163>([("K-163", 37), ("B-163", 38)]);
    paired_ladders_agree::<4, P233>([("K-233", 31), ("B-233", 32)]);
    paired_ladders_agree::<5, P283>([("K-283", 35), ("B-283", 36)]);
    paired_ladders_agree::<7, P409>([("K-409", 33), ("B-409", 34)]);
}

/// Both ladders over `Gf2m<N, S>` typed on `vpclmul` (so its paired products run in
/// every build) against the portable backend, on G and random points.
fn paired_ladders_agree<const N: usize, S: ecsm::field::Gf2mSpec<N>>(curves: [(&str, u64); 2]) {
    use ecsm::backend::{Portable, Vpclmul};
    use ecsm::field::Gf2m;
    use ecsm::mul::tnaf::tnaf;
    use ecsm::mul::tnaf_ct::tnaf_ct;
    use ecsm::mul::tnaf_rl::{tnaf_rl, tnaf_rl_compressed};
    if !common::backend_available::<Vpclmul>("the paired ladders") {
        return;
    }
    let _switch = AVX512_SWITCH.lock().unwrap_or_else(|e| e.into_inner());
    for (name, seed) in curves {
        let p = find_binary_curve(name).unwrap();
        let (curve, g) = BinaryCurve::<Gf2m<N, S>, AnyShape>::from_params(p).unwrap();
        let n = p.order_words().unwrap();
        let mut r = ChaCha8Rng::seed_from_u64(seed);
        let fast = curve.map_field(|f| f.with_backend::<Vpclmul>());
        let slow = curve.map_field(|f| f.with_backend::<Portable>());
        let points = [
            g,
            random_point(&curve, &mut r),
            random_point(&curve, &mut r),
        ];
        // Both compilations of `vpclmul`'s paired-product tasks (the same one twice on
        // a CPU without AVX-512VL). The switch is process-wide; the results are the
        // same either way, so other tests running meanwhile are not affected.
        for (avx512, pt) in [true, false]
            .into_iter()
            .flat_map(|a| points.iter().map(move |p| (a, p)))
        {
            ecsm::backend::set_avx512_context(avx512);
            let pf = pt.map(|f| f.with_backend::<Vpclmul>());
            let ps = pt.map(|f| f.with_backend::<Portable>());
            for k in scalars(&n, S::M, &mut r) {
                let want = montgomery(&slow, &k, &ps);
                let back = |q: Affine<Gf2m<N, S, Vpclmul>>| q.map(|f| f.with_backend::<Portable>());
                assert_eq!(
                    back(montgomery(&fast, &k, &pf)),
                    want,
                    "{name} {k:x?} avx512 {avx512}"
                );
                assert_eq!(
                    back(montgomery_ct(&fast, &k, &pf)),
                    want,
                    "{name} ct {k:x?} avx512 {avx512}"
                );
                // The τ-adic methods' λ mixed additions and Frobenius maps take their
                // products and squares in pairs too.
                if name.starts_with('K') {
                    let t = tnaf(&fast, &k, &pf, 4).unwrap();
                    assert_eq!(back(t), want, "{name} tnaf {k:x?} avx512 {avx512}");
                    let t = tnaf_ct(&fast, &k, &pf, 4).unwrap();
                    assert_eq!(back(t), want, "{name} tnaf-ct {k:x?} avx512 {avx512}");
                    // w = 4 takes the four-lane rounds over GF(2^233) with AVX-512.
                    let cf = compress(&fast, &pf);
                    for w in [3, 4] {
                        let t = tnaf_rl(&fast, &k, &pf, w).unwrap();
                        assert_eq!(back(t), want, "{name} tnaf-rl:w={w} {k:x?} avx512 {avx512}");
                        let t = tnaf_rl_compressed(&fast, &k, &cf, w).unwrap();
                        assert_eq!(back(t), want, "{name} (x, ỹ) w={w} {k:x?} avx512 {avx512}");
                    }
                }
            }
        }
    }
    ecsm::backend::set_avx512_context(true);
}

/// The four-lane orbit walk refuses what it cannot serve, whatever the CPU: no rounds,
/// a marked point past the walk, or a backend without the code (`None` there, and the
/// caller's generic loop). Its results are checked through `tnaf-rl:w=4` above.
#[test]
fn four_lane_orbit_rounds_refuse_plans_past_the_walk() {
    use ecsm::backend::{Backend, OrbitRound, Portable, Vpclmul};
    use ecsm::field::gf2m::{P233, P283};
    let bases = [[1u64, 2, 3, 4]; 8];
    let at_step_3 = OrbitRound {
        point: [4 * 3 + 1, 0, 0, 0, 0, 0, 0, 0],
        lanes: 1,
        negate: 0,
    };
    assert_eq!(at_step_3.steps_needed(), 4);
    assert_eq!(OrbitRound::default().steps_needed(), 1);
    assert_eq!(
        Portable::lambda_orbit_rounds4::<4, P233>(&bases, 4, &[at_step_3]),
        None
    );
    if !common::backend_available::<Vpclmul>("the four-lane orbit walk") {
        return;
    }
    assert_eq!(
        Vpclmul::lambda_orbit_rounds4::<4, P233>(&bases, 3, &[at_step_3]),
        None
    );
    assert_eq!(
        Vpclmul::lambda_orbit_rounds4::<4, P233>(&bases, 3, &[]),
        None
    );
    let bases5 = [[1u64, 2, 3, 4, 5]; 8];
    assert_eq!(
        Vpclmul::lambda_orbit_rounds4::<5, P283>(&bases5, 4, &[at_step_3]),
        None
    );
}

/// The four-lane ladder of `vpclmul` (GF(2^233) with AVX-512F) against the one-lane
/// ladder written out here from `BinaryCurve::ladder_step` on the portable backend: the
/// same (X0, Z0, X1, Z1), element for element, on B-233 and K-233 (a6 = 1), random
/// x(P) and scalars, k = 0, k past the steps and steps past k's words. Where the code is
/// missing (another backend, another field, AVX-512 turned off) it returns `None`.
#[test]
fn four_lane_ladder_matches_the_one_lane_ladder() {
    use ecsm::backend::{Portable, Vpclmul};
    use ecsm::curve::binary::XOnly;
    use ecsm::field::gf2m::{P233, P283};
    use ecsm::field::{Field, Gf2m};
    use rand::Rng;
    type Fast = Gf2m<4, P233, Vpclmul>;
    type Slow = Gf2m<4, P233, Portable>;
    let mut r = ChaCha8Rng::seed_from_u64(41);
    let one = Gf2m::<4, P233, Portable>::one();
    assert_eq!(Slow::ladder4(one, one, &[1], 3), None);
    if !common::backend_available::<Vpclmul>("the four-lane ladder") {
        return;
    }
    let _switch = AVX512_SWITCH.lock().unwrap_or_else(|e| e.into_inner());
    let four_lanes = ecsm::backend::avx512vl_supported()
        && std::env::var("ECSM_AVX512").map_or(true, |v| v.trim() != "0");
    for name in ["B-233", "K-233"] {
        let p = find_binary_curve(name).unwrap();
        let (curve, _) = BinaryCurve::<Slow, AnyShape>::from_params(p).unwrap();
        let fast = |e: Slow| e.with_backend::<Vpclmul>();
        for case in 0..40 {
            let x = Slow::random(&mut r);
            let mut k: Vec<u64> = (0..4).map(|_| r.gen()).collect();
            let steps = match case {
                0 => {
                    k = vec![0];
                    233
                }
                1 => 0,
                2 => 1,
                3 => 300,
                4 => 64,
                _ => [233, 234, 256][case % 3],
            };
            let (mut r0, mut r1) = (XOnly::<Slow>::identity(), XOnly { x, z: Slow::one() });
            for i in (0..steps).rev() {
                let b = k.get(i / 64).is_some_and(|w| (w >> (i % 64)) & 1 == 1);
                if b {
                    (r1, r0) = curve.ladder_step(x, &r1, &r0);
                } else {
                    (r0, r1) = curve.ladder_step(x, &r0, &r1);
                }
            }
            let want = [r0.x, r0.z, r1.x, r1.z].map(fast);
            assert_eq!(
                Fast::ladder4(fast(x), fast(curve.sqrt_a6()), &k, steps),
                four_lanes.then_some(want),
                "{name} case {case}"
            );
        }
    }
    ecsm::backend::set_avx512_context(false);
    let x = Fast::one();
    let missing = Fast::ladder4(x, x, &[5], 3);
    ecsm::backend::set_avx512_context(true);
    assert_eq!(missing, None);
    let x = Gf2m::<5, P283, Vpclmul>::one();
    assert_eq!(Gf2m::<5, P283, Vpclmul>::ladder4(x, x, &[5], 3), None);
}

/// Held by the tests that turn `vpclmul`'s AVX-512 code off and on
/// (`backend::set_avx512_context`, process-wide), so that one does not find it off
/// while it expects the four-lane code.
static AVX512_SWITCH: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn compress<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    p: &Affine<F>,
) -> Compressed<F> {
    match p.x() {
        None => Compressed::Infinity,
        Some(x) => Compressed::Point {
            x,
            y_bit: curve.compression_bit(p),
        },
    }
}

#[test]
fn montgomery_ct_matches_montgomery_on_the_generic_functions() {
    // The registry's shape (the fixed ones are checked against it in binary_curves).
    generic_agrees::<Gf163, AnyShape>("K-163", 1);
    generic_agrees::<Gf163, AnyShape>("B-163", 2);
    generic_agrees::<Gf233, AnyShape>("K-233", 3);
    generic_agrees::<Gf233, AnyShape>("B-233", 4);
    generic_agrees::<Gf283, AnyShape>("B-283", 5);
    generic_agrees::<Gf409, AnyShape>("K-409", 6);
    generic_agrees::<Gf571, AnyShape>("B-571", 7);
}

fn named(name: &str) -> &'static dyn NamedCurve {
    find_curve(name).unwrap()
}

#[test]
fn montgomery_ct_matches_montgomery_through_the_registry() {
    let (vt, ct) = (spec("montgomery"), spec("montgomery-ct"));
    for (i, name) in [
        "K-163", "B-163", "K-233", "B-233", "K-283", "B-409", "K-571", "B-571",
    ]
    .iter()
    .enumerate()
    {
        let c = named(name);
        assert!(c.methods().contains(&ct), "{name}");
        assert_eq!(c.check_method(&ct), Ok(()));
        assert!(c.check_method(&spec("montgomery-ct:w=2")).is_err());
        let mut r = ChaCha8Rng::seed_from_u64(100 + i as u64);
        let n = c.order().to_vec();
        let m: usize = c.field()["GF(2^".len()..]
            .trim_end_matches(')')
            .parse()
            .unwrap();
        // #E − 1, #E, #E + 1 and 2·#E (#E = h·n; [#E]P = O for every point of the curve,
        // while n − 1, n and 2n above only reach O on the subgroup).
        let e = times_small(&n, c.cofactor());
        let extra = [sub_one(&e), e.clone(), add_small(&e, 1), double(&e)];
        let mut points = vec![c.generator(false), c.generator(true)];
        for _ in 0..2 {
            let k = random_below(&n, &mut r);
            points.push(c.mul(&k, None, &vt, false).unwrap());
            points.push(c.mul(&k, None, &vt, true).unwrap());
        }
        // T = (0, √a6), compressed: 02 ‖ 0.
        let mut t = vec![2u8];
        t.resize(1 + c.field_bytes(), 0);
        points.push(t);
        for p in &points {
            for k in scalars(&n, m, &mut r)
                .into_iter()
                .chain(extra.iter().cloned())
            {
                for compressed in [false, true] {
                    assert_eq!(
                        c.mul(&k, Some(p), &ct, compressed),
                        c.mul(&k, Some(p), &vt, compressed),
                        "{name} {k:x?}"
                    );
                }
            }
        }
    }
}

/// n·h as little-endian words, by big integers.
fn times_small(n: &[u64], h: u32) -> Vec<u64> {
    let words: Vec<u32> = n
        .iter()
        .flat_map(|&w| [w as u32, (w >> 32) as u32])
        .collect();
    (BigUint::from_slice(&words) * h).to_u64_digits()
}

#[test]
fn ecdh_with_the_constant_time_ladder_matches_openssl() {
    let text = include_str!("../../../ecsm-suite/tests/data/openssl_binary_vectors.txt");
    let ct = spec("montgomery-ct");
    let mut checked = 0;
    for (name, keys, secret) in common::openssl_vectors(text) {
        let c = named(name);
        // On the Koblitz curves ECDH runs `tnaf-ct`: OpenSSL's public keys from it too.
        let koblitz = name.starts_with("sect") && name.ends_with("k1");
        for (d, q, qc) in &keys {
            assert_eq!(&c.mul(d, None, &ct, false).unwrap(), q, "{name}");
            assert_eq!(&c.mul(&[1], Some(qc), &ct, false).unwrap(), q, "{name}");
            if koblitz {
                let t = spec("tnaf-ct");
                assert_eq!(&c.mul(d, None, &t, false).unwrap(), q, "{name}");
            }
        }
        let s = secret.unwrap();
        for (a, b) in [(0, 1), (1, 0)] {
            assert_eq!(c.ecdh(&keys[a].0, &keys[b].1), Ok(s.clone()), "{name}");
            assert_eq!(c.ecdh(&keys[a].0, &keys[b].2), Ok(s.clone()), "{name}");
        }
        // The shared secret is x([d_a]Q_b) by montgomery-ct as a method too.
        let shared = c.mul(&keys[0].0, Some(&keys[1].1), &ct, false).unwrap();
        assert_eq!(&shared[1..1 + c.field_bytes()], &s[..], "{name}");
        checked += 1;
    }
    assert_eq!(checked, 10);
}

/// The count of montgomery_ct: L·(5M + 4S + 1C) + I + 10M + 1S with L = m + 1, the same
/// for every scalar below 2^(m+1) whose ladder meets neither O nor −P (those end early).
fn ct_cost<F: BinaryField, S: CurveShape>(name: &str, seed: u64) {
    let p = find_binary_curve(name).unwrap();
    let (plain, g) = BinaryCurve::<F, S>::from_params(p).unwrap();
    let c = plain.map_field(Counted);
    let n = p.order_words().unwrap();
    let cst = u64::from(p.b.trim_start_matches('0') != "1");
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    let pt = g.map(Counted);
    let comp = compress(&c, &pt);
    let l = F::DEGREE as u64 + 1;
    let mut ks = vec![vec![1u64], vec![2], add_small(&n, 1), sub_one(&sub_one(&n))];
    ks.extend((0..4).map(|_| random_below(&n, &mut r)));
    for k in &ks {
        assert!(bit_len(k) <= F::DEGREE + 1);
        let (v, o) = measure(|| montgomery_ct(&c, k, &pt));
        assert_eq!(v, montgomery(&plain, k, &g).map(Counted), "{name} {k:x?}");
        assert_eq!(
            (o.inv, o.half_trace, o.mul, o.sqr, o.mul_const, o.trace),
            (1, 0, 5 * l + 10, 4 * l + 1, l * cst, 0),
            "{name} {k:x?}: {o}"
        );
        // From (x, ỹ): the decompression's half-trace and trace join the one inversion,
        // as in `montgomery_compressed` (I + H + 12M + 2S + 1C after the ladder).
        let (v, o) = measure(|| montgomery_ct_compressed(&c, k, &comp));
        assert_eq!(v, montgomery_compressed(&c, k, &comp), "{name} {k:x?}");
        assert_eq!(
            (o.inv, o.half_trace, o.mul, o.sqr, o.mul_const, o.trace),
            (1, 1, 5 * l + 12, 4 * l + 2, l * cst + cst, 1),
            "{name} (x, ỹ) {k:x?}: {o}"
        );
    }
}

#[test]
fn montgomery_ct_costs_the_same_for_every_scalar() {
    ct_cost::<Gf163, AnyShape>("K-163", 11);
    ct_cost::<Gf233, AnyShape>("B-233", 12);
    ct_cost::<Gf233, AnyShape>("K-233", 13);
    ct_cost::<Gf571, AnyShape>("B-571", 14);
}
