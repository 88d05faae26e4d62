//! Named binary curves through the registry: known-answer vectors from OpenSSL (an
//! independent implementation), the group order, every method against a slow affine
//! reference written here (edge scalars, points of small order, points outside the
//! subgroup), SEC 1 round trips, the hint bits of seed 000 §3.4, the rejection of each kind
//! of bad input, public-key validation against an explicit [n]Q, ECDH, and the measured
//! operation counts of decompression and of every method.

use crate::common;
use crate::common::{add_words, pow2, spec, sub_one};
use ecsm::cost::{measure, Counted, OpCounts};
use ecsm::curve::binary::{
    Affine, AnyShape, BinaryCurve, BinaryCurveParams, Compressed, CurveShape, XOnly, BINARY_CURVES,
};
use ecsm::curves::named::{all_curves, find_curve, CurveOpError, NamedCurve};
use ecsm::encoding::{from_hex, EncodingError};
use ecsm::field::{BinaryField, Field, Gf163, Gf233, Gf571};
use ecsm::mul::binary::{
    double_add, montgomery, montgomery_compressed, mul_compressed, naf, naf_sole, BinaryMethod,
    BinaryMulError,
};
use ecsm::mul::{bit_len, random_below, MethodSpec};
use ecsm::recode::wnaf;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

// ---------------------------------------------------------------------------------------
// The reference: textbook affine chord-and-tangent (HMV, Guide to ECC, §3.1.2), one
// inversion per operation, sharing nothing with the library's formulas.
// ---------------------------------------------------------------------------------------

pub(crate) type Pt<F> = Option<(F, F)>;

#[derive(Clone, Copy)]
pub(crate) struct Ref<F> {
    a2: F,
    a6: F,
    bytes: usize,
}

fn hexf<F: Field>(h: &str) -> F {
    F::from_bytes(&from_hex(h).unwrap()).unwrap()
}

fn lowbit<F: Field>(v: F) -> bool {
    v.to_bytes().last().unwrap() & 1 == 1
}

impl<F: BinaryField> Ref<F> {
    pub(crate) fn of(p: &BinaryCurveParams) -> Self {
        assert_eq!(p.m, F::DEGREE);
        Ref {
            a2: if p.a2 == 1 { F::one() } else { F::zero() },
            a6: hexf(p.b),
            bytes: p.m.div_ceil(8),
        }
    }
    pub(crate) fn on_curve(&self, p: Pt<F>) -> bool {
        match p {
            None => true,
            Some((x, y)) => y * y + x * y == x * x * x + self.a2 * x * x + self.a6,
        }
    }
    pub(crate) fn neg(&self, p: Pt<F>) -> Pt<F> {
        p.map(|(x, y)| (x, x + y))
    }
    pub(crate) fn double(&self, p: Pt<F>) -> Pt<F> {
        let (x, y) = p?;
        if x.is_zero() {
            return None;
        }
        let l = x + y * x.invert_vartime().unwrap();
        let x3 = l * l + l + self.a2;
        Some((x3, x * x + (l + F::one()) * x3))
    }
    pub(crate) fn add(&self, p: Pt<F>, q: Pt<F>) -> Pt<F> {
        let Some((x1, y1)) = p else { return q };
        let Some((x2, y2)) = q else { return p };
        if x1 == x2 {
            return if y1 == y2 { self.double(p) } else { None };
        }
        let l = (y1 + y2) * (x1 + x2).invert_vartime().unwrap();
        let x3 = l * l + l + x1 + x2 + self.a2;
        Some((x3, l * (x1 + x3) + x3 + y1))
    }
    /// Right-to-left double-and-add.
    pub(crate) fn mul(&self, p: Pt<F>, k: &[u64]) -> Pt<F> {
        let (mut acc, mut base) = (None, p);
        for i in 0..bit_len(k) {
            if (k[i / 64] >> (i % 64)) & 1 == 1 {
                acc = self.add(acc, base);
            }
            base = self.double(base);
        }
        acc
    }
    /// ỹ = lowbit(y/x), 0 for x = 0.
    pub(crate) fn ybit(&self, p: Pt<F>) -> bool {
        match p {
            Some((x, y)) if !x.is_zero() => lowbit(y * x.invert_vartime().unwrap()),
            _ => false,
        }
    }
    pub(crate) fn encode(&self, p: Pt<F>) -> Vec<u8> {
        match p {
            None => vec![0],
            Some((x, y)) => [vec![4], x.to_bytes(), y.to_bytes()].concat(),
        }
    }
    pub(crate) fn encode_compressed(&self, p: Pt<F>) -> Vec<u8> {
        match p {
            None => vec![0],
            Some((x, _)) => [vec![2 | self.ybit(p) as u8], x.to_bytes()].concat(),
        }
    }
    pub(crate) fn decode(&self, e: &[u8]) -> Pt<F> {
        if e == [0] {
            return None;
        }
        assert_eq!(e.len(), 1 + 2 * self.bytes);
        assert_eq!(e[0], 4);
        let p = Some((
            F::from_bytes(&e[1..1 + self.bytes]).unwrap(),
            F::from_bytes(&e[1 + self.bytes..]).unwrap(),
        ));
        assert!(self.on_curve(p));
        p
    }
    /// A uniformly drawn point of the full group (x random until y² + xy = … has a root).
    pub(crate) fn random_point(&self, r: &mut dyn RngCore) -> Pt<F> {
        loop {
            let x = F::random(r);
            if x.is_zero() {
                continue;
            }
            let ix = x.invert_vartime().unwrap();
            let c = x + self.a2 + self.a6 * ix * ix;
            if let Some(z) = c.solve_quadratic() {
                let z = if r.next_u32() & 1 == 1 {
                    z + F::one()
                } else {
                    z
                };
                let p = Some((x, x * z));
                assert!(self.on_curve(p));
                return p;
            }
        }
    }
    /// T = (0, √a6), the point of order 2.
    pub(crate) fn two_torsion(&self) -> Pt<F> {
        Some((F::zero(), self.a6.sqrt()))
    }
    /// A point U of order 4 when one is rational: 2U = T forces x(U)⁴ = a6.
    pub(crate) fn order4(&self) -> Option<Pt<F>> {
        let x = self.a6.sqrt().sqrt();
        let ix = x.invert_vartime().unwrap();
        let z = (x + self.a2 + self.a6 * ix * ix).solve_quadratic()?;
        let u = Some((x, x * z));
        assert_eq!(self.double(u), self.two_torsion());
        Some(u)
    }
}

pub(crate) fn to_affine<F: Field>(p: Pt<F>) -> Affine<F> {
    match p {
        None => Affine::Infinity,
        Some((x, y)) => Affine::new(x, y),
    }
}

pub(crate) fn params(name: &str) -> &'static BinaryCurveParams {
    BINARY_CURVES.iter().find(|p| p.name == name).unwrap()
}

pub(crate) fn binary_curves() -> Vec<&'static dyn NamedCurve> {
    all_curves()
        .iter()
        .copied()
        .filter(|c| c.name().starts_with("sect"))
        .collect()
}

/// The curves where halve-add applies: Tr(a2) = 1 and cofactor 2 (a2 = 1 on every B-curve
/// and on K-163, FIPS 186-4 D.1.3; the other Koblitz curves have a2 = 0 and cofactor 4).
pub(crate) const HALVING_CURVES: [&str; 6] = [
    "sect163k1",
    "sect163r2",
    "sect233r1",
    "sect283r1",
    "sect409r1",
    "sect571r1",
];

/// Every method of the curve `c` with every width.
fn all_methods(c: &dyn NamedCurve) -> Vec<MethodSpec> {
    let mut m = vec![spec("double-add"), spec("montgomery")];
    for w in 2..=6 {
        m.push(spec(&format!("naf:w={w}")));
        m.push(spec(&format!("naf-sole:w={w}")));
        m.push(spec(&format!("www:w={w}")));
        m.push(spec(&format!("www-sole:w={w}")));
        m.push(spec(&format!("lambda-naf:w={w}")));
        if HALVING_CURVES.contains(&c.name()) {
            m.push(spec(&format!("halve-add:w={w}")));
        }
        if params(c.name()).is_koblitz() {
            m.push(spec(&format!("tnaf:w={w}")));
            if w >= 3 {
                m.push(spec(&format!("tnaf-ct:w={w}")));
            }
        }
    }
    for s in ["x-jsf", "x-jsf2", "x-jsf:t=3", "x-jsf:t=4"] {
        m.push(spec(s));
    }
    for k in [1, 3, 16, 32] {
        m.push(spec(&format!("bos-coster:k={k}")));
    }
    for k in [1, 2, 4, 7] {
        m.push(spec(&format!("yao:k={k}")));
    }
    m
}

// ---------------------------------------------------------------------------------------
// Registry.
// ---------------------------------------------------------------------------------------

#[test]
fn registry_lists_the_ten_curves_after_the_prime_ones() {
    let all = all_curves();
    let first = all.iter().position(|c| c.as_prime().is_none()).unwrap();
    assert!(first >= 37);
    assert!(all[..first].iter().all(|c| c.as_prime().is_some()));
    let names: Vec<&str> = all[first..first + BINARY_CURVES.len()]
        .iter()
        .map(|c| c.name())
        .collect();
    let want: Vec<&str> = BINARY_CURVES.iter().map(|p| p.name).collect();
    assert_eq!(names, want);
    // The GLS254 curves come last.
    let rest: Vec<&str> = all[first + BINARY_CURVES.len()..]
        .iter()
        .map(|c| c.name())
        .collect();
    assert_eq!(rest, ["gls254", "gls254-ches2013", "ed448", "e-521"]);
    for p in BINARY_CURVES {
        let c = find_curve(p.name).unwrap();
        assert_eq!(c.name(), p.name);
        assert!(c.as_prime().is_none());
        assert_eq!(find_curve(&p.name.to_uppercase()).unwrap().name(), p.name);
        for a in p.aliases {
            assert_eq!(find_curve(a).unwrap().name(), p.name, "{a}");
        }
        assert_eq!(c.aliases(), p.aliases);
        assert_eq!(c.source(), p.source);
        assert_eq!(c.field(), format!("GF(2^{})", p.m));
        assert!(!c.field().contains(' '));
        assert_eq!(c.field_bytes(), p.m.div_ceil(8));
        assert_eq!(c.cofactor(), p.h);
        assert_eq!(c.order(), &p.order_words().unwrap()[..]);
        assert_eq!(c.order_bits(), bit_len(&p.order_words().unwrap()));
        let g = [from_hex(p.gx).unwrap(), from_hex(p.gy).unwrap()].concat();
        assert_eq!(c.generator(false), [vec![4], g].concat());
        assert_eq!(&c.generator(true)[1..], &from_hex(p.gx).unwrap()[..]);
    }
    for alias in [
        "K-163", "b-163", "K-233", "B-233", "wtls10", "B-571", "k-409",
    ] {
        assert!(find_curve(alias).is_some(), "{alias}");
    }
}

#[test]
fn methods_are_listed_checked_and_rejected() {
    for c in binary_curves() {
        let listed = c.methods();
        let halves = HALVING_CURVES.contains(&c.name());
        let koblitz = params(c.name()).is_koblitz();
        assert_eq!(
            listed.len(),
            13 + usize::from(halves) + 3 * usize::from(koblitz),
            "{}",
            c.name()
        );
        assert_eq!(listed.contains(&spec("tnaf:w=4")), koblitz);
        assert_eq!(listed.contains(&spec("tnaf-ct:w=5")), koblitz);
        assert!(listed.contains(&spec("lambda-naf:w=4")));
        assert_eq!(listed.contains(&spec("halve-add:w=4")), halves);
        assert!(listed.contains(&c.default_method()));
        for m in listed.iter().chain(all_methods(c).iter()) {
            assert_eq!(c.check_method(m), Ok(()), "{m}");
            assert_eq!(BinaryMethod::from_spec(m, "").unwrap().spec(), *m);
        }
        for bad in [
            "naf:w=1",
            "naf:w=7",
            "naf-sole:w=1",
            "naf-sole:w=7",
            "lambda-naf:w=1",
            "lambda-naf:w=7",
            "lambda-naf:t=3",
            "halve-add:w=1",
            "halve-add:w=7",
            "halve-add:k=2",
            "tnaf:w=1",
            "tnaf:w=7",
            "tnaf:w=9",
            "tnaf:t=3",
            "naf:t=3",
            "double-add:w=2",
            "montgomery:w=4",
            "x-jsf:t=0",
            "x-jsf:t=7",
            "x-jsf2:t=2",
            "www:w=1",
            "www-sole:w=7",
            "bos-coster:k=0",
            "bos-coster:k=33",
            "yao:k=0",
            "yao:k=11",
            "yao:w=2",
            "jsf",
        ] {
            assert!(c.check_method(&spec(bad)).is_err(), "{bad}");
            assert!(c.mul(&[1], None, &spec(bad), false).is_err(), "{bad}");
        }
        assert_eq!(
            BinaryMethod::from_spec(&spec("naf"), "").unwrap(),
            BinaryMethod::Naf(4)
        );
        assert_eq!(
            BinaryMethod::from_spec(&spec("naf-sole"), "").unwrap(),
            BinaryMethod::NafSole(5)
        );
        let long = vec![1u64; 65];
        assert!(matches!(
            c.mul(&long, None, &c.default_method(), false),
            Err(CurveOpError::ScalarTooLong { .. })
        ));
    }
}

// ---------------------------------------------------------------------------------------
// OpenSSL vectors.
// ---------------------------------------------------------------------------------------

#[test]
fn openssl_known_answers() {
    let text = include_str!("../../../ecsm-suite/tests/data/openssl_binary_vectors.txt");
    let mut checked = 0;
    for (name, keys, secret) in common::openssl_vectors(text) {
        let c = find_curve(name).unwrap();
        let gc = c.generator(true);
        for (d, q, qc) in &keys {
            for m in all_methods(c) {
                // From G affine, and from G as (x, ỹ) (the decompressing path).
                assert_eq!(&c.mul(d, None, &m, false).unwrap(), q, "{name} {m}");
                assert_eq!(&c.mul(d, Some(&gc), &m, false).unwrap(), q, "{name} {m}");
                assert_eq!(&c.mul(&[1], Some(qc), &m, false).unwrap(), q, "{name} {m}");
            }
            assert_eq!(&c.mul(d, None, &c.default_method(), true).unwrap(), qc);
            assert_eq!(&c.decompress(qc).unwrap(), q, "{name}");
            assert_eq!(&c.decompress(q).unwrap(), q, "{name}");
            assert_eq!(c.validate(q), Ok(()), "{name}");
            assert_eq!(c.validate(qc), Ok(()), "{name}");
        }
        let s = secret.unwrap();
        assert_eq!(c.ecdh(&keys[0].0, &keys[1].1), Ok(s.clone()), "{name}");
        assert_eq!(c.ecdh(&keys[1].0, &keys[0].2), Ok(s), "{name}");
        checked += 1;
    }
    assert_eq!(checked, 10);
}

// ---------------------------------------------------------------------------------------
// Every method against the reference.
// ---------------------------------------------------------------------------------------

/// Scalars around the edges: small, around n, around powers of two up to 2^m + 2^(m/2).
pub(crate) fn edge_scalars(n: &[u64], m: usize, r: &mut dyn RngCore) -> Vec<Vec<u64>> {
    let mut ks: Vec<Vec<u64>> = (0..9u64).map(|k| vec![k]).collect();
    ks.extend([
        sub_one(n),
        n.to_vec(),
        add_words(n, &[1]),
        add_words(n, n),
        add_words(n, &random_below(n, r)),
    ]);
    let bits = bit_len(n);
    for j in [63, 64, 65, m / 2, bits - 1, bits, m] {
        let p = pow2(j);
        ks.push(sub_one(&p));
        ks.push(add_words(&p, &[1]));
        ks.push(p);
    }
    ks.push(add_words(&pow2(m), &pow2(m / 2)));
    ks.push(random_below(n, r));
    ks
}

// `typed!` passes every function a field and a shape; this one needs only the field.
#[allow(clippy::extra_unused_type_parameters)]
fn methods_against_reference<F: BinaryField, S: CurveShape>(c: &dyn NamedCurve, seed: u64) {
    let rf = Ref::<F>::of(params(c.name()));
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    let n = c.order().to_vec();
    let g = rf.decode(&c.generator(false));
    // G, a point of the full group (most lie outside the subgroup), and points with a
    // component of order 2 or 4.
    let mut bases = vec![g, rf.random_point(&mut r)];
    let t = rf.two_torsion();
    bases.push(rf.add(t, g));
    if let Some(u) = rf.order4() {
        bases.push(rf.add(u, g));
    }
    let large = c.field_bytes() > 40;
    let methods = all_methods(c);
    for (i, &p) in bases.iter().enumerate() {
        let mut ks = edge_scalars(&n, F::DEGREE, &mut r);
        if large && i >= 2 {
            ks.truncate(9);
        }
        for k in &ks {
            let want = rf.encode(rf.mul(p, k));
            for (j, m) in methods.iter().enumerate() {
                let (pu, pc) = (rf.encode(p), rf.encode_compressed(p));
                // Alternate the input form on the big fields to bound the test's time.
                if !large || j % 2 == 0 {
                    assert_eq!(c.mul(k, Some(&pu), m, false).unwrap(), want, "{m} {k:x?}");
                }
                if !large || j % 2 == 1 {
                    assert_eq!(c.mul(k, Some(&pc), m, false).unwrap(), want, "{m} {k:x?}");
                }
            }
        }
    }
    // Points of order 2 and 4 themselves, small and boundary scalars.
    let mut small: Vec<Pt<F>> = vec![t];
    if let Some(u) = rf.order4() {
        small.extend([u, rf.neg(u)]);
    }
    for p in small {
        let mut ks: Vec<Vec<u64>> = (0..9u64).map(|k| vec![k]).collect();
        ks.extend([sub_one(&n), n.clone(), add_words(&n, &[1])]);
        for k in &ks {
            let want = rf.encode(rf.mul(p, k));
            for m in &methods {
                for enc in [rf.encode(p), rf.encode_compressed(p)] {
                    assert_eq!(c.mul(k, Some(&enc), m, false).unwrap(), want, "{m} {k:x?}");
                }
            }
        }
    }
}

#[test]
fn every_method_matches_the_reference_on_edge_scalars_and_points() {
    for (i, c) in binary_curves().into_iter().enumerate() {
        typed!(
            c.name(),
            methods_against_reference::<F, S>(c, 40 + i as u64)
        );
    }
}

#[test]
fn group_order() {
    for c in binary_curves() {
        let n = c.order().to_vec();
        let g = c.generator(false);
        let fb = c.field_bytes();
        let mut neg_g = g.clone();
        for i in 0..fb {
            neg_g[1 + fb + i] ^= g[1 + i];
        }
        for m in all_methods(c) {
            let name = c.name();
            assert_eq!(c.mul(&n, None, &m, false).unwrap(), vec![0], "{name} {m}");
            assert_eq!(c.mul(&[], None, &m, false).unwrap(), vec![0], "{name} {m}");
            assert_eq!(c.mul(&[1], None, &m, false).unwrap(), g, "{name} {m}");
            assert_eq!(c.mul(&sub_one(&n), None, &m, false).unwrap(), neg_g);
            assert_eq!(c.mul(&[5], Some(&[0]), &m, false).unwrap(), vec![0]);
        }
    }
}

// ---------------------------------------------------------------------------------------
// SEC 1 and the hint bits.
// ---------------------------------------------------------------------------------------

fn round_trips<F: BinaryField, S: CurveShape>(c: &dyn NamedCurve, seed: u64) {
    let p = params(c.name());
    let rf = Ref::<F>::of(p);
    let (curve, _) = BinaryCurve::<F, S>::from_params(p).unwrap();
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    let m = c.default_method();
    let mut pts: Vec<Pt<F>> = (0..4).map(|_| rf.random_point(&mut r)).collect();
    pts.push(rf.two_torsion());
    pts.extend(rf.order4());
    for &pt in &pts {
        let (full, comp) = (rf.encode(pt), rf.encode_compressed(pt));
        // Compression through the registry: ỹ = lowbit(y/x), computed here independently.
        assert_eq!(c.mul(&[1], Some(&full), &m, true).unwrap(), comp);
        assert_eq!(c.decompress(&comp).unwrap(), full);
        assert_eq!(c.decompress(&full).unwrap(), full);
        if pt.unwrap().0.is_zero() {
            // T: ỹ is 0 by definition; 03 ‖ 0 names nothing.
            assert_eq!(comp[0], 2);
            let mut bad = comp.clone();
            bad[0] = 3;
            assert_eq!(
                c.decompress(&bad),
                Err(CurveOpError::Encoding(EncodingError::BadCompressionBit))
            );
        } else {
            let mut flipped = comp.clone();
            flipped[0] ^= 1;
            assert_eq!(c.decompress(&flipped).unwrap(), rf.encode(rf.neg(pt)));
        }
        // The typed API agrees.
        let a = to_affine(pt);
        assert_eq!(curve.compression_bit(&a), rf.ybit(pt));
        assert_eq!(curve.decompress(&curve.compress(&a)), Ok(a));
    }
    assert_eq!(c.decompress(&[0]).unwrap(), vec![0]);
    assert_eq!(
        curve.decompress(&Compressed::Infinity),
        Ok(Affine::Infinity)
    );
}

#[test]
fn sec1_round_trips() {
    for (i, c) in binary_curves().into_iter().enumerate() {
        typed!(c.name(), round_trips::<F, S>(c, 60 + i as u64));
    }
}

fn hints<F: BinaryField, S: CurveShape>(name: &str, seed: u64) {
    let p = params(name);
    let rf = Ref::<F>::of(p);
    let (curve, g) = BinaryCurve::<F, S>::from_params(p).unwrap();
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    let count = curve.hint_count();
    assert_eq!(count, F::DEGREE + 2);
    let mut bases: Vec<Pt<F>> = vec![
        Some((g.x().unwrap(), g.y().unwrap())),
        rf.random_point(&mut r),
        rf.two_torsion(),
        None,
    ];
    bases.extend(rf.order4());
    for (i, &pt) in bases.iter().enumerate() {
        let a = to_affine(pt);
        let bits = curve.hint_bits(&a, count);
        assert_eq!(bits.len(), count);
        // [2^k]P by the reference, and its bit.
        let mut want = Vec::with_capacity(count);
        let mut q = pt;
        for _ in 0..count {
            want.push(q);
            q = rf.double(q);
        }
        for k in 0..count {
            assert_eq!(bits[k], rf.ybit(want[k]), "{name} base {i} k = {k}");
        }
        assert_eq!(bits[0], curve.compression_bit(&a));
        let Some((x, _)) = pt else {
            continue;
        };
        // From x(P) by x-doublings, each [2^k]P decompressed with b_k; then all at once.
        let mut xq = XOnly { x, z: F::one() };
        let mut batch = Vec::with_capacity(count);
        for k in 0..count {
            assert_eq!(
                curve.decompress_x_only(&xq, bits[k]),
                Ok(to_affine(want[k])),
                "{name} base {i} k = {k}"
            );
            batch.push((xq, bits[k]));
            // A random projective representative exercises Z ≠ 1.
            let s = loop {
                let s = F::random(&mut r);
                if !s.is_zero() {
                    break s;
                }
            };
            xq = curve.x_double(&XOnly {
                x: xq.x * s,
                z: xq.z * s,
            });
        }
        let got = curve.decompress_x_only_batch(&batch).unwrap();
        let want_all: Vec<Affine<F>> = want.iter().map(|&q| to_affine(q)).collect();
        assert_eq!(got, want_all, "{name} base {i}");
        for k in [0, 1, 2, F::DEGREE / 2, count - 1] {
            assert_eq!(curve.decode_hinted(x, k, bits[k]), Ok(want_all[k]));
            if let Affine::Point { x: xk, .. } = want_all[k] {
                if !xk.is_zero() {
                    // The wrong bit gives −[2^k]P.
                    assert_eq!(
                        curve.decode_hinted(x, k, !bits[k]),
                        Ok(to_affine(rf.neg(want[k])))
                    );
                } else {
                    assert_eq!(
                        curve.decode_hinted(x, k, true),
                        Err(EncodingError::BadCompressionBit)
                    );
                }
            }
        }
    }
}

#[test]
fn hint_bits_decode_every_power_of_two_multiple() {
    for (i, p) in BINARY_CURVES.iter().enumerate() {
        typed!(p.name, hints::<F, S>(p.name, 80 + i as u64));
    }
}

// ---------------------------------------------------------------------------------------
// Bad encodings.
// ---------------------------------------------------------------------------------------

#[test]
fn each_kind_of_bad_encoding_has_its_own_error() {
    for c in binary_curves() {
        let name = c.name();
        let fb = c.field_bytes();
        let deg: usize = c.field()[5..c.field().len() - 1].parse().unwrap();
        let g = c.generator(false);
        let gc = c.generator(true);
        let enc = |e| Err(CurveOpError::Encoding(e));
        assert_eq!(c.decompress(&[]), enc(EncodingError::Empty));
        for prefix in [1u8, 5, 6, 7, 0xff] {
            let mut bad = g.clone();
            bad[0] = prefix;
            assert_eq!(
                c.decompress(&bad),
                enc(EncodingError::UnknownPrefix(prefix))
            );
        }
        for bad in [
            &g[..g.len() - 1],
            &gc[..fb],
            &[0, 0][..],
            &[&gc[..], &[0]].concat(),
        ] {
            assert!(
                matches!(
                    c.decompress(bad),
                    Err(CurveOpError::Encoding(EncodingError::BadLength { .. }))
                ),
                "{name}"
            );
        }
        // Bit m set (the lowest bit beyond the field), and all bits set.
        let mut bit_m = vec![0u8; fb];
        bit_m[fb - 1 - deg / 8] = 1 << (deg % 8);
        for x in [bit_m, vec![0xff; fb]] {
            let comp = [&[2u8][..], &x].concat();
            let full_x = [&[4u8][..], &x, &g[1 + fb..]].concat();
            let full_y = [&g[..1 + fb], &x].concat();
            assert_eq!(
                c.decompress(&comp),
                enc(EncodingError::CoordinateOutOfRange('x'))
            );
            assert_eq!(
                c.decompress(&full_x),
                enc(EncodingError::CoordinateOutOfRange('x'))
            );
            assert_eq!(
                c.decompress(&full_y),
                enc(EncodingError::CoordinateOutOfRange('y'))
            );
            for m in all_methods(c) {
                assert_eq!(
                    c.mul(&[3], Some(&comp), &m, false),
                    enc(EncodingError::CoordinateOutOfRange('x'))
                );
            }
        }
        let mut off = g.clone();
        *off.last_mut().unwrap() ^= 1;
        assert_eq!(c.decompress(&off), enc(EncodingError::NotOnCurve), "{name}");
        assert_eq!(
            c.validate(&off),
            Err(CurveOpError::Encoding(EncodingError::NotOnCurve))
        );
        // x = 0 with ỹ = 1.
        let zero_one = [&[3u8][..], &vec![0u8; fb]].concat();
        assert_eq!(
            c.decompress(&zero_one),
            enc(EncodingError::BadCompressionBit)
        );
        // Some small x has no point (about half of all x do not); every method says so,
        // whatever the scalar.
        let no_point = (1u8..64)
            .map(|x| {
                let mut e = vec![0u8; 1 + fb];
                e[0] = 2;
                e[fb] = x;
                e
            })
            .find(|e| c.decompress(e).is_err())
            .expect("some small x has no point");
        assert_eq!(c.decompress(&no_point), enc(EncodingError::NoPointWithX));
        for m in all_methods(c) {
            for k in [vec![], vec![1], vec![2], c.order().to_vec()] {
                for (bad, e) in [
                    (&no_point, EncodingError::NoPointWithX),
                    (&zero_one, EncodingError::BadCompressionBit),
                ] {
                    assert_eq!(c.mul(&k, Some(bad), &m, false), enc(e), "{name} {m}");
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Validation and ECDH.
// ---------------------------------------------------------------------------------------

// `typed!` passes every function a field and a shape; this one needs only the field.
#[allow(clippy::extra_unused_type_parameters)]
fn validation<F: BinaryField, S: CurveShape>(c: &dyn NamedCurve, seed: u64) {
    let rf = Ref::<F>::of(params(c.name()));
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    let n = c.order().to_vec();
    let h = [u64::from(c.cofactor())];
    let samples = if c.field_bytes() > 40 { 3 } else { 6 };
    let (mut inside, mut outside) = (0, 0);
    for i in 0..2 * samples {
        let mut q = rf.random_point(&mut r);
        if i % 2 == 1 {
            // [h]Q lies in the subgroup (n is prime to h).
            q = rf.mul(q, &h);
        }
        if q.is_none() {
            continue;
        }
        let in_subgroup = rf.mul(q, &n).is_none();
        for e in [rf.encode(q), rf.encode_compressed(q)] {
            let got = c.validate(&e);
            if in_subgroup {
                assert_eq!(got, Ok(()), "{}", c.name());
            } else {
                assert_eq!(got, Err(CurveOpError::NotInSubgroup), "{}", c.name());
            }
        }
        if in_subgroup {
            inside += 1;
        } else {
            outside += 1;
        }
    }
    assert!(
        inside > 0 && outside > 0,
        "{}: {inside} {outside}",
        c.name()
    );
    let mut small = vec![rf.two_torsion()];
    small.extend(rf.order4());
    for q in small {
        assert_eq!(
            c.validate(&rf.encode(q)),
            Err(CurveOpError::NotInSubgroup),
            "{}",
            c.name()
        );
        let d = random_below(&n, &mut r);
        assert_eq!(
            c.ecdh(&d, &rf.encode_compressed(q)),
            Err(CurveOpError::NotInSubgroup)
        );
    }
}

#[test]
fn public_key_validation_agrees_with_an_explicit_n_q() {
    for (i, c) in binary_curves().into_iter().enumerate() {
        assert_eq!(c.validate(&c.generator(true)), Ok(()));
        assert_eq!(c.validate(&[0]), Err(CurveOpError::InfinityKey));
        typed!(c.name(), validation::<F, S>(c, 100 + i as u64));
    }
}

#[test]
fn ecdh_agreement_and_rejections() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for c in binary_curves() {
        let name = c.name();
        let n = c.order().to_vec();
        let m = c.default_method();
        let (a, b) = (random_below(&n, &mut rng), random_below(&n, &mut rng));
        let qa = c.mul(&a, None, &m, false).unwrap();
        let qb = c.mul(&b, None, &m, true).unwrap();
        let s1 = c.ecdh(&a, &qb).unwrap();
        assert_eq!(s1, c.ecdh(&b, &qa).unwrap(), "{name}");
        assert_eq!(s1.len(), c.field_bytes());
        // The secret is x([a]([b]G)), here by double-and-add.
        let ab = c.mul(&a, Some(&qb), &spec("double-add"), false).unwrap();
        assert_eq!(&ab[1..1 + c.field_bytes()], &s1[..]);
        for bad_d in [
            vec![],
            n.clone(),
            add_words(&n, &[1]),
            vec![u64::MAX; n.len() + 1],
        ] {
            assert_eq!(
                c.ecdh(&bad_d, &qb),
                Err(CurveOpError::PrivateKeyOutOfRange),
                "{name}"
            );
        }
        assert_eq!(
            c.ecdh(&sub_one(&n), &qb).map(|s| s.len()),
            Ok(c.field_bytes())
        );
        assert_eq!(c.ecdh(&a, &[0]), Err(CurveOpError::InfinityKey));
        let mut off = qa.clone();
        *off.last_mut().unwrap() ^= 1;
        assert_eq!(
            c.ecdh(&a, &off),
            Err(CurveOpError::Encoding(EncodingError::NotOnCurve))
        );
        let mut prefix = qb.clone();
        prefix[0] = 6;
        assert_eq!(
            c.ecdh(&a, &prefix),
            Err(CurveOpError::Encoding(EncodingError::UnknownPrefix(6)))
        );
    }
}

// ---------------------------------------------------------------------------------------
// Measured costs.
// ---------------------------------------------------------------------------------------

/// (I, H, M, S, C, Tr).
fn counts(o: OpCounts) -> (u64, u64, u64, u64, u64, u64) {
    (o.inv, o.half_trace, o.mul, o.sqr, o.mul_const, o.trace)
}

fn costs<F: BinaryField, S: CurveShape>(name: &str, seed: u64) {
    let p = params(name);
    let rf = Ref::<F>::of(p);
    let (plain, _) = BinaryCurve::<F, S>::from_params(p).unwrap();
    let c = plain.map_field(Counted);
    let cst = u64::from(p.b.trim_start_matches('0') != "1"); // one C where a6 ≠ 1
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    let n = p.order_words().unwrap();
    let pt = rf.mul(rf.random_point(&mut r), &[u64::from(p.h)]);
    let (x, y) = pt.unwrap();
    let a = Affine::new(Counted(x), Counted(y));
    let bit = rf.ybit(pt);
    let comp = Compressed::Point {
        x: Counted(x),
        y_bit: bit,
    };
    let report = |what: &str, o: OpCounts| eprintln!("{name} {what}: {o}");

    let (v, o) = measure(|| c.compression_bit(&a));
    assert_eq!(v, bit);
    assert_eq!(counts(o), (1, 0, 1, 0, 0, 0), "compression bit: {o}");
    let (v, o) = measure(|| c.decompress(&comp));
    assert_eq!(v, Ok(a));
    report("decompress", o);
    assert_eq!(counts(o), (1, 1, 1, 1, cst, 1), "decompress: {o}");
    let s = Counted(F::random(&mut r));
    let xo = XOnly {
        x: Counted(x) * s,
        z: s,
    };
    let (v, o) = measure(|| c.decompress_x_only(&xo, bit));
    assert_eq!(v, Ok(a));
    report("decompress_x_only", o);
    assert_eq!(counts(o), (1, 1, 4, 3, cst, 1), "decompress_x_only: {o}");
    let t = 4u64;
    let batch: Vec<_> = (0..t).map(|_| (xo, bit)).collect();
    let (v, o) = measure(|| c.decompress_x_only_batch(&batch));
    assert_eq!(v.unwrap().len(), t as usize);
    report("decompress_x_only_batch t = 4", o);
    assert_eq!(counts(o), (1, t, 7 * t - 3, 3 * t, t * cst, t));
    let count = 10u64;
    let (_, o) = measure(|| c.hint_bits(&a, count as usize));
    report("hint_bits count = 10", o);
    assert_eq!(
        counts(o),
        (
            1,
            0,
            3 * (count - 1) + 5 * count - 3,
            5 * (count - 1),
            (count - 1) * cst,
            0
        )
    );
    let k = 7u64;
    let (_, o) = measure(|| c.decode_hinted(Counted(x), k as usize, false));
    report("decode_hinted k = 7", o);
    assert_eq!(counts(o), (1, 1, k + 4, 3 * k + 3, (k + 1) * cst, 1));

    for _ in 0..2 {
        let kk = random_below(&n, &mut r);
        let l = bit_len(&kk) as u64;
        let want = to_affine(rf.mul(pt, &kk)).map(Counted);
        let big_l = l.max(F::DEGREE as u64);
        // Montgomery: L ladder steps of 5M + 4S + 1C.
        let (v, o) = measure(|| montgomery(&c, &kk, &a));
        assert_eq!(v, want);
        report("montgomery", o);
        assert_eq!(
            counts(o),
            (1, 0, 5 * big_l + 10, 4 * big_l + 1, big_l * cst, 0)
        );
        let (v, o) = measure(|| montgomery_compressed(&c, &kk, &comp));
        assert_eq!(v, Ok(want));
        report("montgomery from (x, ỹ)", o);
        assert_eq!(
            counts(o),
            (1, 1, 5 * big_l + 12, 4 * big_l + 2, big_l * cst + cst, 1)
        );
        // LD methods: (len − 1) doublings 3M + 5S + 1C, (wt − 1) mixed additions 8M + 5S,
        // one conversion I + 2M + 1S, plus the precomputation.
        let ld = |len: u64, wt: u64| {
            (
                1,
                0,
                3 * (len - 1) + 8 * (wt - 1) + 2,
                5 * (len - 1) + 5 * (wt - 1) + 1,
                (len - 1) * cst,
                0,
            )
        };
        let wt = kk.iter().map(|w| w.count_ones() as u64).sum();
        let (v, o) = measure(|| double_add(&c, &kk, &a));
        assert_eq!(v, want);
        report("double-add", o);
        assert_eq!(counts(o), ld(l, wt));
        let add = |x: (u64, u64, u64, u64, u64, u64), y: (u64, u64, u64, u64, u64, u64)| {
            (
                x.0 + y.0,
                x.1 + y.1,
                x.2 + y.2,
                x.3 + y.3,
                x.4 + y.4,
                x.5 + y.5,
            )
        };
        for w in 2..=6usize {
            let digits = wnaf(&kk, w as u32).unwrap();
            let len = digits.len() as u64;
            let nz = digits.iter().filter(|&&d| d != 0).count() as u64;
            let tt = 1u64 << (w - 2);
            let naive = if tt == 1 {
                (0, 0, 0, 0, 0, 0)
            } else {
                (tt, 0, 2 * tt, tt, 0, 0)
            };
            let sole = if tt == 1 {
                (0, 0, 0, 0, 0, 0)
            } else {
                (1, 0, 9 * tt - 9, 2 * tt, 0, 0)
            };
            let (v, o) = measure(|| naf(&c, &kk, &a, w).unwrap());
            assert_eq!(v, want);
            report(&format!("naf:w={w}"), o);
            assert_eq!(counts(o), add(ld(len, nz), naive), "naf:w={w}");
            let (v, o) = measure(|| naf_sole(&c, &kk, &a, w).unwrap());
            assert_eq!(v, want);
            report(&format!("naf-sole:w={w}"), o);
            assert_eq!(counts(o), add(ld(len, nz), sole), "naf-sole:w={w}");
            // From (x, ỹ): the decompression on top.
            let (v, o) = measure(|| mul_compressed(&c, BinaryMethod::NafSole(w), &kk, &comp));
            assert_eq!(v, Ok(want));
            assert_eq!(
                counts(o),
                add(add(ld(len, nz), sole), (1, 1, 1, 1, cst, 1)),
                "naf-sole:w={w} from (x, ỹ)"
            );
        }
    }
    // A width the recoding rejects is an error, not a panic.
    assert!(matches!(
        mul_compressed(&c, BinaryMethod::Naf(9), &[5], &comp),
        Err(BinaryMulError::BadParameter {
            method: "naf",
            param: "w",
            value: 9,
            min: 2,
            max: 8
        })
    ));
}

#[test]
fn measured_costs_match_the_documented_counts() {
    // The registry's shape (the fixed ones are checked against it in binary_curves).
    costs::<Gf233, AnyShape>("sect233r1", 1);
    costs::<Gf233, AnyShape>("sect233k1", 2);
    costs::<Gf163, AnyShape>("sect163k1", 3);
    costs::<Gf571, AnyShape>("sect571r1", 4);
}
