//! GLS254 (seed 001): the two curves' published constants checked from first principles
//! (BigUint arithmetic and the slow affine reference of `common::binary_ref`, never the
//! library's own scalar multiplication); crrl's known answers through every method, width
//! and split point; every method against the reference on random subgroup points and edge
//! scalars; the GLV split against BigUint arithmetic; point halving on the GLS curves and
//! the NIST B-curves; the measured costs of the λ and López–Dahab formulas, of ψ and of
//! halving; the constant operation count of `lambda-ct`; subgroup membership and the
//! rejection of every kind of bad input; the SEC 1 encoding; and the agreement of the
//! field backends.

use crate::common;

use common::binary_ref::{Pt, Reference};
use common::{backend_available, rng, spec};
use ecsm::backend::{Auto, Backend, Clmul, Portable};
use ecsm::cost::{measure, Counted, OpCounts};
use ecsm::curve::binary::{
    find_binary_curve, Affine, AnyShape, BinaryCurve, CurveShape, Lambda, LambdaAffine, LopezDahab,
};
use ecsm::curves::gls254::{find_gls_named, gf254, gls_curves, GlsNamedCurve};
use ecsm::curves::named::{find_curve, CurveOpError, NamedCurve, MAX_SCALAR_BITS};
use ecsm::encoding::{from_hex, EncodingError};
use ecsm::field::{
    BinaryField, Field, Gf127, Gf163, Gf233, Gf254, Gf254With, Gf283, Gf2Ext, Gf409, Gf571,
};
use ecsm::gls::methods::{gls_mul, GlsCurve, GlsMethod, GlsMulError};
use ecsm::gls::psi::{psi_affine, psi_lambda, psi_lambda_affine};
use ecsm::gls::scalar::GlvError;
use ecsm::gls::{GlvScalars, GlvSplit, GLS_CURVES};
use ecsm::mul::{random_below, MethodSpec};
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

// ---------------------------------------------------------------------------------------
// Helpers: integers, points, encodings.
// ---------------------------------------------------------------------------------------

/// Little-endian words as an integer.
fn big(w: &[u64]) -> BigUint {
    let bytes: Vec<u8> = w.iter().flat_map(|x| x.to_le_bytes()).collect();
    BigUint::from_bytes_le(&bytes)
}

/// An integer as little-endian words (none for 0).
fn words(b: &BigUint) -> Vec<u64> {
    b.to_u64_digits()
}

/// An integer below 2^256 as four words.
fn words4(b: &BigUint) -> [u64; 4] {
    let d = b.to_u64_digits();
    assert!(d.len() <= 4, "{b} does not fit four words");
    core::array::from_fn(|i| d.get(i).copied().unwrap_or(0))
}

fn order(nc: &GlsNamedCurve) -> BigUint {
    big(nc.glv().order())
}

fn two_pow(j: u32) -> BigUint {
    BigUint::one() << j
}

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

fn reference(nc: &GlsNamedCurve) -> Reference<Gf254> {
    Reference::of(nc.curve())
}

fn generator(nc: &GlsNamedCurve) -> Pt<Gf254> {
    to_pt(&nc.generator_point())
}

fn random_scalar(n: &BigUint, r: &mut ChaCha8Rng) -> BigUint {
    big(&random_below(&words(n), r))
}

/// \[s\]G for a random s, by the reference.
fn subgroup_point(nc: &GlsNamedCurve, r: &mut ChaCha8Rng) -> Pt<Gf254> {
    let s = random_scalar(&order(nc), r);
    reference(nc).mul(generator(nc), &words(&s))
}

/// A uniformly drawn point of the whole group E (order 2r): x random until
/// z² + z = x + a2 + a6/x² has a root, y = x·z (either root).
fn full_group_point<F: BinaryField>(rf: &Reference<F>, r: &mut ChaCha8Rng) -> Pt<F> {
    loop {
        let x = F::random(r);
        if x.is_zero() {
            continue;
        }
        let ix = x.invert().unwrap();
        let c = x + rf.a2 + rf.a6 * ix * ix;
        if let Some(z) = c.solve_quadratic() {
            let z = if r.next_u32() & 1 == 1 {
                z + F::one()
            } else {
                z
            };
            let p = Some((x, x * z));
            assert!(rf.on_curve(p));
            return p;
        }
    }
}

/// The 2-torsion point T = (0, √b), √b computed here as b^(2^253).
fn two_torsion(nc: &GlsNamedCurve) -> Pt<Gf254> {
    let b = nc.curve().a6();
    let s = (0..253).fold(b, |acc, _| acc.square());
    assert_eq!(s.square(), b);
    Some((Gf254::zero(), s))
}

/// A GF(2^127) element as the integer whose bit i is the coefficient of z^i.
fn int127(e: Gf127) -> u128 {
    let l = e.limbs();
    u128::from(l[0]) | (u128::from(l[1]) << 64)
}

/// The encoding contract, written out: c₁ as 16 bytes big-endian, then c₀.
fn elem_bytes(v: Gf254) -> Vec<u8> {
    [int127(v.c1).to_be_bytes(), int127(v.c0).to_be_bytes()].concat()
}

/// `04 ‖ x ‖ y`, `00` for O.
fn enc(p: Pt<Gf254>) -> Vec<u8> {
    match p {
        None => vec![0],
        Some((x, y)) => [vec![4], elem_bytes(x), elem_bytes(y)].concat(),
    }
}

/// Bit 0 of c₀ of y/x (0 for x = 0), computed with the field operations.
fn ybit(p: Pt<Gf254>) -> u8 {
    match p {
        Some((x, y)) if !x.is_zero() => (int127((y * x.invert().unwrap()).c0) & 1) as u8,
        _ => 0,
    }
}

/// `02`/`03 ‖ x`, `00` for O.
fn enc_c(p: Pt<Gf254>) -> Vec<u8> {
    match p {
        None => vec![0],
        Some((x, _)) => [vec![2 | ybit(p)], elem_bytes(x)].concat(),
    }
}

/// Decode `04 ‖ x ‖ y` with the field's own decoder (used on the crrl vectors only).
fn dec(e: &[u8]) -> Pt<Gf254> {
    if e == [0] {
        return None;
    }
    assert_eq!((e.len(), e[0]), (65, 4));
    Some((
        Gf254::from_bytes(&e[1..33]).unwrap(),
        Gf254::from_bytes(&e[33..]).unwrap(),
    ))
}

/// The error of a rejected encoding, for any operation's result type.
fn bad<T>(e: EncodingError) -> Result<T, CurveOpError> {
    Err(CurveOpError::Encoding(e))
}

fn gls(name: &str) -> &'static GlsNamedCurve {
    find_gls_named(name).unwrap()
}

// ---------------------------------------------------------------------------------------
// 1. The published constants.
// ---------------------------------------------------------------------------------------

/// Miller–Rabin with the first twelve primes as bases.
fn is_probable_prime(n: &BigUint) -> bool {
    const BASES: [u32; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    let one = BigUint::one();
    let two = BigUint::from(2u32);
    if n < &two {
        return false;
    }
    for p in BASES {
        if *n == BigUint::from(p) {
            return true;
        }
        if (n % p).is_zero() {
            return false;
        }
    }
    let nm1 = n - &one;
    let s = nm1.trailing_zeros().unwrap();
    let d = &nm1 >> s;
    'bases: for a in BASES {
        let mut x = BigUint::from(a).modpow(&d, n);
        if x == one || x == nm1 {
            continue;
        }
        for _ in 1..s {
            x = x.modpow(&two, n);
            if x == nm1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

#[test]
fn miller_rabin_oracle_separates_known_primes_and_composites() {
    for p in [2u64, 3, 97, 65537, (1 << 61) - 1] {
        assert!(is_probable_prime(&BigUint::from(p)), "{p}");
    }
    assert!(is_probable_prime(&(two_pow(127) - 1u32)), "2^127 − 1");
    // A Carmichael number, F7 = 2^128 + 1, 2^127 + 1 (divisible by 3), and a product
    // of two 64-bit primes.
    for c in [
        BigUint::from(561u32),
        two_pow(128) + 1u32,
        two_pow(127) + 1u32,
        BigUint::from(18446744073709551557u64) * BigUint::from(18446744073709551533u64),
    ] {
        assert!(!is_probable_prime(&c), "{c}");
    }
}

#[test]
fn published_constants_hold_on_both_curves() {
    assert_eq!(GLS_CURVES.len(), 2);
    assert_eq!(gls_curves().len(), 2);
    let q = two_pow(127);
    let mut rnd = rng(0x9150);
    for p in &GLS_CURVES {
        let nc = gls(p.name);
        let name = p.name;
        assert_eq!(nc.params(), p);
        // Everything of GF(2^127) fits 127 bits.
        for v in [p.b, p.gx.0, p.gx.1, p.gl.0, p.gl.1] {
            assert!(v >> 127 == 0, "{name}: {v:#x} wider than 127 bits");
        }
        assert!(p.t >> 127 == 0 && p.t & 1 == 1, "{name}: |t| odd, below q");
        // The curve: a2 = u, a6 = b ∈ GF(2^127).
        let c = nc.curve();
        assert_eq!(c.a2(), Gf254::u(), "{name}");
        assert_eq!(c.a6(), gf254((p.b, 0)), "{name}");
        assert!(c.halving_applies(), "{name}: Tr(u) = 1");
        // G = (x, x·(x + λ)) on the curve, with the published λ.
        let rf = reference(nc);
        let g = generator(nc);
        let (gx, gy) = g.unwrap();
        assert_eq!(gx, gf254(p.gx));
        assert_eq!(gy, gx * (gx + gf254(p.gl)));
        assert!(rf.on_curve(g), "{name}: G on the curve");
        assert!(c.is_on_curve(&nc.generator_point()));
        // r prime, #E = (q − 1)² + t² = 2r.
        let r = big(&p.r);
        assert_eq!(order(nc), r);
        assert_eq!(nc.glv().trace(), p.t);
        assert!(is_probable_prime(&r), "{name}: r is prime");
        let t = BigUint::from(p.t);
        let qm1 = &q - 1u32;
        assert_eq!(
            &qm1 * &qm1 + &t * &t,
            &r * 2u32,
            "{name}: (q − 1)² + t² = 2r"
        );
        assert!(
            r.bits() == 253 || r.bits() == 254,
            "{name}: {} bits",
            r.bits()
        );
        // [r]G = O and [2]G ≠ O by the reference; so G has order r.
        assert_eq!(rf.mul(g, &p.r), None, "{name}: [r]G = O");
        assert!(rf.double(g).is_some(), "{name}: [2]G ≠ O");
        // A random point of E has order dividing 2r (#E = 2r), and [r]P = O or T.
        for _ in 0..3 {
            let pt = full_group_point(&rf, &mut rnd);
            assert_eq!(rf.mul(pt, &words(&(&r * 2u32))), None, "{name}: [2r]P = O");
            let rp = rf.mul(pt, &p.r);
            assert!(rp.is_none() || rp == two_torsion(nc), "{name}");
        }
        // μ² ≡ −1 (mod r), μ = (q − 1)·t⁻¹ mod r, and ψ(G) = [μ]G, ψ²(G) = −G.
        let mu = big(nc.glv().mu());
        assert!(mu < r);
        assert_eq!((&mu * &mu + 1u32) % &r, BigUint::zero(), "{name}: μ² ≡ −1");
        let t_inv = t.modpow(&(&r - 2u32), &r);
        assert_eq!(mu, (&qm1 * t_inv) % &r, "{name}: μ = (q − 1)/t mod r");
        let psi_g = to_pt(&psi_affine(&nc.generator_point()));
        assert_eq!(psi_g, rf.mul(g, &words(&mu)), "{name}: ψ(G) = [μ]G");
        assert_ne!(psi_g, rf.mul(g, &words(&(&r - &mu))), "{name}: not −μ");
        assert!(rf.on_curve(psi_g));
        let psi2 = psi_affine(&from_pt(psi_g));
        assert_eq!(to_pt(&psi2), rf.neg(g), "{name}: ψ² = −1");
        // The registry.
        let dynamic = find_curve(name).unwrap();
        assert_eq!(dynamic.name(), name);
        assert_eq!(dynamic.order(), &p.r[..]);
        assert_eq!(dynamic.cofactor(), 2);
        assert_eq!(dynamic.field_bytes(), 32);
        assert_eq!(dynamic.order_bits(), r.bits() as usize);
        assert_eq!(dynamic.generator(false), enc(g));
        for a in p.aliases {
            assert_eq!(find_curve(a).unwrap().name(), name);
        }
    }
    assert_eq!(find_curve("GLS254").unwrap().name(), "gls254");
    assert_eq!(
        find_gls_named("Gls254-CHES2013").unwrap().params().name,
        "gls254-ches2013"
    );
    assert!(find_gls_named("gls255").is_none());
}

#[test]
fn glv_constants_are_rejected_when_inconsistent() {
    let p = &GLS_CURVES[0];
    assert!(GlvScalars::new(p.r, p.t).is_ok());
    assert_eq!(
        GlvScalars::new(p.r, p.t + 2).err(),
        Some(GlvError::OrderMismatch)
    );
    let mut even = p.r;
    even[0] ^= 1;
    assert_eq!(GlvScalars::new(even, p.t).err(), Some(GlvError::ShortOrder));
    assert_eq!(
        GlvScalars::new([1, 0, 0, 0], 1).err(),
        Some(GlvError::ShortOrder)
    );
}

/// ψ in affine, λ-affine and λ-projective coordinates is the same map, [μ] on the
/// subgroup.
#[test]
fn psi_agrees_across_coordinate_systems() {
    let mut r = rng(0x951);
    for nc in gls_curves() {
        let c = nc.curve();
        let rf = reference(nc);
        let mu = words(&big(nc.glv().mu()));
        for _ in 0..4 {
            let p = subgroup_point(nc, &mut r);
            let a = from_pt(p);
            let want = rf.mul(p, &mu);
            assert_eq!(to_pt(&psi_affine(&a)), want);
            let la = c.affine_to_lambda_affine(&a);
            assert_eq!(
                to_pt(&c.lambda_affine_to_affine(&psi_lambda_affine(&la))),
                want
            );
            let s = nonzero(&mut r);
            let l = c.affine_to_lambda(&a);
            let l = Lambda {
                x: l.x * s,
                l: l.l * s,
                z: l.z * s,
            };
            assert_eq!(to_pt(&c.lambda_to_affine(&psi_lambda(&l))), want);
        }
        assert_eq!(psi_affine(&Affine::<Gf254>::Infinity), Affine::Infinity);
        // T = (0, √b) is fixed by ψ (√b ∈ GF(q)).
        let t = from_pt(two_torsion(nc));
        assert_eq!(psi_affine(&t), t);
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
// 2. crrl's known answers.
// ---------------------------------------------------------------------------------------

fn crrl_vectors() -> Vec<(BigUint, Vec<u8>)> {
    include_str!("../data/gls254_crrl_vectors.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (k, p) = l.trim().split_once(' ').unwrap();
            (
                BigUint::parse_bytes(k.as_bytes(), 10).unwrap(),
                from_hex(p.trim()).unwrap(),
            )
        })
        .collect()
}

const METHOD_NAMES: [&str; 5] = [
    "ld-dbl-add",
    "lambda-dbl-add",
    "ld-halve-add",
    "lambda-halve-add",
    "lambda-ct",
];

const PARALLEL_TS: [usize; 6] = [0, 1, 37, 64, 127, 128];

/// Every method at several widths (w = 2 and 8 included), `lambda-parallel` at every
/// split point of interest and without one, and the bare names.
fn kat_specs(c: &dyn NamedCurve) -> Vec<MethodSpec> {
    let mut v = vec![c.default_method()];
    for name in METHOD_NAMES.iter().chain(&["lambda-parallel"]) {
        v.push(spec(name));
    }
    for w in [2, 3, 4, 5, 8] {
        for name in METHOD_NAMES {
            v.push(spec(&format!("{name}:w={w}")));
        }
    }
    for w in [2, 4, 8] {
        v.push(spec(&format!("lambda-parallel:w={w}")));
        for t in PARALLEL_TS {
            v.push(spec(&format!("lambda-parallel:w={w},t={t}")));
        }
    }
    v
}

#[test]
fn crrl_known_answers_through_every_method() {
    let c = find_curve("gls254").unwrap();
    let nc = gls("gls254");
    let rf = reference(nc);
    let vectors = crrl_vectors();
    assert_eq!(vectors.len(), 62, "the file's 62 lines");
    let (g, gc) = (c.generator(false), c.generator(true));
    assert_eq!(vectors[0], (BigUint::zero(), vec![0]));
    assert_eq!(
        vectors[1],
        (BigUint::one(), g.clone()),
        "crrl's [1]G is our G"
    );
    let r = order(nc);
    let specs = kat_specs(c);
    for (k, want) in &vectors {
        let kw = words(k);
        // The vectors agree with the reference too (two independent computations).
        let wp = dec(want);
        assert_eq!(
            rf.mul(generator(nc), &words(&(k % &r))),
            wp,
            "reference, k = {k}"
        );
        for m in &specs {
            assert_eq!(&c.mul(&kw, None, m, false).unwrap(), want, "{m} k = {k}");
            assert_eq!(
                &c.mul(&kw, Some(&g), m, false).unwrap(),
                want,
                "{m} k = {k}"
            );
            assert_eq!(
                &c.mul(&kw, Some(&gc), m, false).unwrap(),
                want,
                "{m} k = {k}"
            );
        }
        // Compressed output: the prefix bit is bit 0 of c₀ of y/x.
        let want_c = enc_c(wp);
        for m in [
            c.default_method(),
            spec("lambda-ct"),
            spec("ld-dbl-add:w=3"),
        ] {
            assert_eq!(c.mul(&kw, None, &m, true).unwrap(), want_c, "{m} k = {k}");
        }
        assert_eq!(&c.decompress(&want_c).unwrap(), want);
        // The typed API on the Gf254 curve.
        for m in GlsMethod::all() {
            let q = nc.mul_point(&kw, &nc.generator_point(), m).unwrap();
            assert_eq!(to_pt(&q), wp, "{m:?} k = {k}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// 3. Every method against the reference.
// ---------------------------------------------------------------------------------------

/// Every method at every width 2..=8, and `lambda-parallel` at the split points of
/// interest.
fn method_grid() -> Vec<GlsMethod> {
    let mut v = vec![];
    for w in 2..=8 {
        v.extend([
            GlsMethod::LdDblAdd(w),
            GlsMethod::LambdaDblAdd(w),
            GlsMethod::LdHalveAdd(w),
            GlsMethod::LambdaHalveAdd(w),
            GlsMethod::LambdaCt(w),
        ]);
    }
    for w in [2, 4, 5, 8] {
        v.push(GlsMethod::LambdaParallel { w, t: None });
        for t in PARALLEL_TS {
            v.push(GlsMethod::LambdaParallel { w, t: Some(t) });
        }
    }
    v
}

fn signed(mag: u128, neg: u64) -> BigInt {
    let m = BigInt::from(mag);
    if neg != 0 {
        -m
    } else {
        m
    }
}

fn mod_r(v: &BigInt, r: &BigUint) -> BigUint {
    let r = BigInt::from(r.clone());
    let m = ((v % &r) + &r) % &r;
    m.to_biguint().unwrap()
}

/// Scalars whose GLV halves have each sign combination (one each, found by search),
/// and the largest |k1| and |k2| and the smallest seen among random scalars.
fn sign_scalars(nc: &GlsNamedCurve, r: &mut ChaCha8Rng) -> Vec<BigUint> {
    let glv = nc.glv();
    let n = order(nc);
    let mut found: [Option<BigUint>; 4] = Default::default();
    let (mut max1, mut max2, mut min1, mut min2) = (
        (0u128, BigUint::zero()),
        (0u128, BigUint::zero()),
        (u128::MAX, BigUint::zero()),
        (u128::MAX, BigUint::zero()),
    );
    for i in 0.. {
        let k = random_scalar(&n, r);
        let s = glv.split(&words4(&k));
        let idx = (s.neg1 & 2) as usize | (s.neg2 & 1) as usize;
        if found[idx].is_none() {
            found[idx] = Some(k.clone());
        }
        if s.k1 > max1.0 {
            max1 = (s.k1, k.clone());
        }
        if s.k2 > max2.0 {
            max2 = (s.k2, k.clone());
        }
        if s.k1 < min1.0 {
            min1 = (s.k1, k.clone());
        }
        if s.k2 < min2.0 {
            min2 = (s.k2, k.clone());
        }
        if i >= 2000 && found.iter().all(Option::is_some) {
            break;
        }
    }
    let mut v: Vec<BigUint> = found.into_iter().map(Option::unwrap).collect();
    v.extend([max1.1, max2.1, min1.1, min2.1]);
    v
}

/// [`sign_scalars`], then μ, −μ, 2^126·(1 + μ), and the corners of the rounding domain,
/// k = a + b·μ with (a, b) = (±(q − 1 ± t)/2 (± 1), ±(q − 1 ∓ t)/2) (where Babai's
/// rounding is at ½; some of these are ≡ 0 or ±1).
fn special_scalars(nc: &GlsNamedCurve, r: &mut ChaCha8Rng) -> Vec<BigUint> {
    let glv = nc.glv();
    let n = order(nc);
    let mu = big(glv.mu());
    let mut v = sign_scalars(nc, r);
    v.push(mu.clone());
    v.push(&n - &mu);
    v.push((two_pow(126) * (BigUint::one() + &mu)) % &n);
    let qm1 = BigInt::from(two_pow(127)) - 1;
    let t = BigInt::from(glv.trace());
    let a: BigInt = (&qm1 + &t) / 2;
    let b: BigInt = (&qm1 - &t) / 2;
    let mu_i = BigInt::from(mu);
    for (x, y) in [(&a, &b), (&b, &a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            for d in [-1, 0, 1] {
                let k1 = x * sx + d;
                let k2 = y * sy;
                v.push(mod_r(&(k1 + k2 * &mu_i), &n));
            }
        }
    }
    v
}

/// 0, 1, 2, 3, r − 1, r, r + 1, 2r, 2r + 1, 2^127 − 1, 2^127, 2^127 + 1, 2^253, 2^256 − 1,
/// 4096-bit scalars, then [`special_scalars`].
fn edge_scalars(nc: &GlsNamedCurve, r: &mut ChaCha8Rng) -> Vec<BigUint> {
    let n = order(nc);
    let mut v: Vec<BigUint> = (0u32..4).map(BigUint::from).collect();
    v.extend([
        &n - 1u32,
        n.clone(),
        &n + 1u32,
        &n * 2u32,
        &n * 2u32 + 1u32,
        two_pow(127) - 1u32,
        two_pow(127),
        two_pow(127) + 1u32,
        two_pow(253),
        two_pow(256) - 1u32,
        two_pow(4096) - 1u32,
        big(&(0..64).map(|_| r.next_u64()).collect::<Vec<_>>()),
        &n * two_pow(3840) + 5u32,
    ]);
    assert_eq!((two_pow(4096) - 1u32).bits(), MAX_SCALAR_BITS as u64);
    v.extend(special_scalars(nc, r));
    v
}

#[test]
fn every_method_matches_the_reference_on_edge_scalars_and_random_points() {
    let grid = method_grid();
    let mut r = rng(0x9153);
    for nc in gls_curves() {
        let c: &dyn NamedCurve = nc;
        let rf = reference(nc);
        let n = order(nc);
        let points = [
            generator(nc),
            subgroup_point(nc, &mut r),
            subgroup_point(nc, &mut r),
        ];
        let ks = edge_scalars(nc, &mut r);
        for (i, &p) in points.iter().enumerate() {
            let pa = from_pt(p);
            let (pu, pc) = (enc(p), enc_c(p));
            for k in &ks {
                let kw = words(k);
                let want = rf.mul(p, &words(&(k % &n)));
                for &m in &grid {
                    let got = gls_mul(nc.curve(), nc.glv(), m, &kw, &pa).unwrap();
                    assert_eq!(to_pt(&got), want, "{} {m:?} point {i} k = {k:#x}", c.name());
                    if i == 1 {
                        let e = if k.bits() % 2 == 0 { &pu } else { &pc };
                        assert_eq!(
                            c.mul(&kw, Some(e), &m.spec(), false).unwrap(),
                            enc(want),
                            "{} {} k = {k:#x}",
                            c.name(),
                            m.spec()
                        );
                    }
                }
            }
        }
        // O in, O out, for every scalar.
        for &m in &grid {
            for k in [vec![], vec![1], words(&n)] {
                let got = gls_mul(nc.curve(), nc.glv(), m, &k, &Affine::Infinity).unwrap();
                assert_eq!(got, Affine::Infinity);
                assert_eq!(c.mul(&k, Some(&[0]), &m.spec(), false).unwrap(), vec![0]);
            }
        }
    }
}

/// A random scalar of every size through the registry's default method.
#[test]
fn random_scalars_of_every_length_through_the_registry() {
    let mut r = rng(0x9154);
    for nc in gls_curves() {
        let c: &dyn NamedCurve = nc;
        let rf = reference(nc);
        let n = order(nc);
        let p = subgroup_point(nc, &mut r);
        for len in 0..=64usize {
            let mut k: Vec<u64> = (0..len).map(|_| r.next_u64()).collect();
            if len == 64 {
                k[63] |= 1 << 63; // exactly 4096 bits, the longest accepted
            }
            let want = enc(rf.mul(p, &words(&(big(&k) % &n))));
            let got = c.mul(&k, Some(&enc_c(p)), &c.default_method(), false);
            assert_eq!(got.unwrap(), want, "{len} words");
        }
        // 4097 bits is refused.
        let mut long = vec![0u64; 65];
        long[64] = 1;
        assert_eq!(
            c.mul(&long, None, &c.default_method(), false),
            Err(CurveOpError::ScalarTooLong {
                bits: 4097,
                max: MAX_SCALAR_BITS
            })
        );
    }
}

// ---------------------------------------------------------------------------------------
// 4. The GLV split and the arithmetic mod r.
// ---------------------------------------------------------------------------------------

/// The split's bound: (9/16)·(q − 1) plus a hair (`GlvScalars`' documentation), below
/// 73·2^120 ≈ 2^126.19.
const SPLIT_BOUND: u128 = 73 << 120;

fn check_split(s: &GlvSplit, k: &BigUint, mu: &BigUint, n: &BigUint) {
    assert!(
        s.k1 < SPLIT_BOUND,
        "|k1| = {:#x} ≥ 73·2^120 for k = {k:#x}",
        s.k1
    );
    assert!(
        s.k2 < SPLIT_BOUND,
        "|k2| = {:#x} ≥ 73·2^120 for k = {k:#x}",
        s.k2
    );
    for neg in [s.neg1, s.neg2] {
        assert!(neg == 0 || neg == u64::MAX, "sign mask {neg:#x}");
    }
    let (k1, k2) = (signed(s.k1, s.neg1), signed(s.k2, s.neg2));
    assert_eq!(BigInt::from(s.k1_signed()), k1);
    assert_eq!(BigInt::from(s.k2_signed()), k2);
    assert_eq!(s.k1_words(), [s.k1 as u64, (s.k1 >> 64) as u64], "k1 words");
    assert_eq!(s.k2_words(), [s.k2 as u64, (s.k2 >> 64) as u64]);
    let sum = k1 + k2 * BigInt::from(mu.clone());
    assert_eq!(mod_r(&sum, n), *k, "k1 + k2·μ ≢ k for k = {k:#x}");
}

#[test]
fn glv_split_is_short_and_correct() {
    let mut r = rng(0x9155);
    for nc in gls_curves() {
        let glv = nc.glv();
        let n = order(nc);
        let mu = big(glv.mu());
        let mut ks: Vec<BigUint> = edge_scalars(nc, &mut r)
            .into_iter()
            .map(|k| k % &n)
            .collect();
        ks.extend([
            &n - 2u32,
            (&n - 1u32) / 2u32,
            (&n + 1u32) / 2u32,
            two_pow(126),
            two_pow(253) % &n,
            two_pow(254) % &n,
            two_pow(252),
        ]);
        for _ in 0..20_000 {
            ks.push(random_scalar(&n, &mut r));
        }
        let (mut max1, mut max2) = (0u128, 0u128);
        let mut signs = [0usize; 4];
        for k in &ks {
            let s = glv.split(&words4(k));
            check_split(&s, k, &mu, &n);
            max1 = max1.max(s.k1);
            max2 = max2.max(s.k2);
            signs[(s.neg1 & 2) as usize | (s.neg2 & 1) as usize] += 1;
        }
        // The bound is not vacuous (the halves are about 2^126 at most) and every sign
        // combination occurs.
        assert!(max1 >> 120 != 0 && max2 >> 120 != 0, "{max1:#x} {max2:#x}");
        assert!(signs.iter().all(|&c| c > 1000), "{signs:?}");
        // The bound is nearly reached: (9/16)·(q − 1) is the worst case, (1/2)·(q − 1)
        // the typical maximum.
        assert!(max1.max(max2) > 60 << 120, "{max1:#x} {max2:#x}");
        // The split lattice is all of L (determinant r), not a sublattice: small k,
        // μ, −1 and −μ split into their obvious short representatives.
        let s = glv.split(&[12345, 0, 0, 0]);
        assert_eq!((s.k1_signed(), s.k2_signed()), (12345, 0));
        let neg = |v: &BigUint| words4(&((&n - v) % &n));
        for (k, want) in [
            (words4(&mu), (0, 1)),
            (neg(&mu), (0, -1)),
            (neg(&BigUint::from(1u32)), (-1, 0)),
            (words4(&((&mu * 3u32 + 5u32) % &n)), (5, 3)),
        ] {
            let s = glv.split(&k);
            assert_eq!((s.k1_signed(), s.k2_signed()), want, "{k:x?}");
        }
    }
}

#[test]
fn reduction_and_products_mod_r_match_biguint() {
    let mut r = rng(0x9156);
    for nc in gls_curves() {
        let glv = nc.glv();
        let n = order(nc);
        for len in 0..=70usize {
            let patterns: [Vec<u64>; 4] = [
                (0..len).map(|_| r.next_u64()).collect(),
                vec![u64::MAX; len],
                (0..len).map(|i| if i + 1 == len { 1 } else { 0 }).collect(),
                (0..len).map(|i| glv.order()[i % 4]).collect(),
            ];
            for k in &patterns {
                let got = big(&glv.reduce(k));
                assert_eq!(got, big(k) % &n, "reduce, {len} words: {k:x?}");
            }
        }
        // reduce_wide at the edges of 2^512, and multiples of r.
        let mut wides: Vec<[u64; 8]> = vec![[u64::MAX; 8], [0; 8]];
        for m in [1u32, 2, 3, 1000] {
            let v = &n * m;
            wides.push(core::array::from_fn(|i| {
                v.to_u64_digits().get(i).copied().unwrap_or(0)
            }));
        }
        let sq = (&n - 1u32) * (&n - 1u32);
        wides.push(core::array::from_fn(|i| {
            sq.to_u64_digits().get(i).copied().unwrap_or(0)
        }));
        for _ in 0..200 {
            wides.push(core::array::from_fn(|_| r.next_u64()));
        }
        for w in &wides {
            assert_eq!(big(&glv.reduce_wide(w)), big(w) % &n);
        }
        // Products and the shifts 2^s·k of the halving methods.
        let mut xs = vec![
            BigUint::zero(),
            BigUint::one(),
            &n - 1u32,
            big(glv.mu()),
            two_pow(252),
        ];
        for _ in 0..40 {
            xs.push(random_scalar(&n, &mut r));
        }
        for a in &xs {
            for b in xs.iter().take(8) {
                let got = big(&glv.mul(&words4(a), &words4(b)));
                assert_eq!(got, (a * b) % &n);
            }
            for s in (0..=128).step_by(7).chain([127, 128]) {
                let got = big(&glv.shift(&words4(a), s));
                assert_eq!(got, (a * two_pow(s as u32)) % &n, "shift {s}");
            }
            // Beyond 128 the shift is taken as 128 (documented).
            let got = big(&glv.shift(&words4(a), 300));
            assert_eq!(got, (a * two_pow(128)) % &n);
        }
    }
}

// ---------------------------------------------------------------------------------------
// 5. Point halving.
// ---------------------------------------------------------------------------------------

#[test]
fn halving_inverts_doubling_on_the_gls_curves() {
    let mut r = rng(0x9157);
    for nc in gls_curves() {
        let c = nc.curve();
        let rf = reference(nc);
        let n = order(nc);
        let half = words(&((&n + 1u32) / 2u32));
        assert!(c.halving_applies());
        for i in 0..8 {
            let p = if i == 0 {
                generator(nc)
            } else {
                subgroup_point(nc, &mut r)
            };
            let la = c.affine_to_lambda_affine(&from_pt(p));
            let h = c.lambda_affine_halve(&la);
            assert!(c.lambda_affine_is_on_curve(&h));
            // The same half straight from affine coordinates (no λ_P).
            assert_eq!(c.affine_halve(&from_pt(p)), h);
            let ha = to_pt(&c.lambda_affine_to_affine(&h));
            assert_eq!(rf.double(ha), p, "2·(P/2) = P");
            assert!(nc.in_subgroup(&from_pt(ha)));
            if i < 3 {
                // The half in the subgroup is [(r + 1)/2]P.
                assert_eq!(ha, rf.mul(p, &half));
            }
            // ψ commutes with halving.
            assert_eq!(
                c.lambda_affine_halve(&psi_lambda_affine(&la)),
                psi_lambda_affine(&h)
            );
            if i == 1 {
                // 128 halvings undone by 128 reference doublings (the halve-and-add loop).
                let mut q = la;
                for _ in 0..128 {
                    q = c.lambda_affine_halve(&q);
                }
                let mut back = to_pt(&c.lambda_affine_to_affine(&q));
                for _ in 0..128 {
                    back = rf.double(back);
                }
                assert_eq!(back, p);
            }
        }
        // O halves to O; a point outside the subgroup gives some result, no panic.
        let inf = c.affine_to_lambda_affine(&Affine::Infinity);
        assert_eq!(
            c.lambda_affine_to_affine(&c.lambda_affine_halve(&inf)),
            Affine::Infinity
        );
        let pt = rf.add(subgroup_point(nc, &mut r), two_torsion(nc));
        let _ = c.lambda_affine_halve(&c.affine_to_lambda_affine(&from_pt(pt)));
        let _ = c.affine_halve(&from_pt(pt));
        let _ = c.affine_halve(&from_pt(two_torsion(nc)));
        assert_eq!(c.affine_halve(&Affine::Infinity), LambdaAffine::Infinity);
    }
}

fn halving_on_nist<F: BinaryField, S: CurveShape>(name: &str, seed: u64) {
    let p = find_binary_curve(name).unwrap();
    let (c, g) = BinaryCurve::<F, S>::from_params(p).unwrap();
    assert_eq!(
        c.halving_applies(),
        p.a2 == 1,
        "{name}: Tr(a2) = a2·m mod 2"
    );
    if !c.halving_applies() {
        return;
    }
    let rf = Reference::of(&c);
    let n = big(&p.order_words().unwrap());
    let half = words(&((&n + 1u32) / 2u32));
    let mut r = rng(seed);
    for i in 0..4 {
        let pt = rf.mul(to_pt(&g), &[r.next_u64() | 1]);
        let h = c.lambda_affine_halve(&c.affine_to_lambda_affine(&from_pt(pt)));
        assert_eq!(c.affine_halve(&from_pt(pt)), h, "{name}: from affine");
        let ha = to_pt(&c.lambda_affine_to_affine(&h));
        assert!(rf.on_curve(ha), "{name}");
        assert_eq!(rf.double(ha), pt, "{name}: 2·(P/2) = P");
        if i == 0 {
            assert_eq!(ha, rf.mul(pt, &half), "{name}: P/2 = [(n + 1)/2]P");
        }
    }
}

#[test]
fn halving_inverts_doubling_on_the_b_curves_and_k163_only() {
    // The registry's shape (the fixed ones are checked against it in binary_curves).
    halving_on_nist::<Gf163, AnyShape>("K-163", 1);
    halving_on_nist::<Gf163, AnyShape>("B-163", 2);
    halving_on_nist::<Gf233, AnyShape>("B-233", 3);
    halving_on_nist::<Gf283, AnyShape>("B-283", 4);
    halving_on_nist::<Gf409, AnyShape>("B-409", 5);
    halving_on_nist::<Gf571, AnyShape>("B-571", 6);
    // a2 = 0: Tr(a2) = 0, halving does not apply.
    halving_on_nist::<Gf233, AnyShape>("K-233", 7);
    halving_on_nist::<Gf283, AnyShape>("K-283", 8);
    halving_on_nist::<Gf409, AnyShape>("K-409", 9);
    halving_on_nist::<Gf571, AnyShape>("K-571", 10);
}

// ---------------------------------------------------------------------------------------
// 6. Measured formula costs.
// ---------------------------------------------------------------------------------------

/// (I, M, S, C), after checking that no H, √ or Tr was spent.
fn imsc(name: &str, n: OpCounts) -> (u64, u64, u64, u64) {
    assert_eq!((n.half_trace, n.sqrt, n.trace), (0, 0, 0), "{name}: {n}");
    (n.inv, n.mul, n.sqr, n.mul_const)
}

/// (I, H, M, S, √, Tr, C).
fn all7(n: OpCounts) -> (u64, u64, u64, u64, u64, u64, u64) {
    (
        n.inv,
        n.half_trace,
        n.mul,
        n.sqr,
        n.sqrt,
        n.trace,
        n.mul_const,
    )
}

fn scaled_lambda(c: &GlsCurve<Gf254>, p: &Affine<Gf254>, s: Gf254) -> Lambda<Gf254> {
    let l = c.affine_to_lambda(p);
    Lambda {
        x: l.x * s,
        l: l.l * s,
        z: l.z * s,
    }
}

fn scaled_ld(p: &Affine<Gf254>, z: Gf254) -> LopezDahab<Gf254> {
    let (x, y) = (p.x().unwrap(), p.y().unwrap());
    LopezDahab {
        x: x * z,
        y: y * z * z,
        z,
    }
}

/// GF(2^254) over a counted GF(2^127): counts in base-field operations.
type BaseCounted = Gf2Ext<Counted<Gf127>>;

fn base_counted(f: Gf254) -> BaseCounted {
    Gf2Ext::new(Counted(f.c0), Counted(f.c1))
}

fn from_base_counted(f: BaseCounted) -> Gf254 {
    Gf2Ext::new(f.c0.inner(), f.c1.inner())
}

#[test]
fn measured_formula_costs_on_gls254() {
    let mut r = rng(0x9158);
    for nc in gls_curves() {
        let plain = nc.curve();
        let rf = reference(nc);
        let c = plain.map_field(Counted);
        let cb = plain.map_field(base_counted);
        for _ in 0..3 {
            let (p, q) = (subgroup_point(nc, &mut r), subgroup_point(nc, &mut r));
            let (pa, qa) = (from_pt(p), from_pt(q));
            let (pp, pq) = (
                scaled_lambda(plain, &pa, nonzero(&mut r)),
                scaled_lambda(plain, &qa, nonzero(&mut r)),
            );
            let (lp, lq) = (
                scaled_ld(&pa, nonzero(&mut r)),
                scaled_ld(&qa, nonzero(&mut r)),
            );
            let laq = plain.affine_to_lambda_affine(&qa);
            let (sum, dbl) = (rf.add(p, q), rf.double(p));
            let two_p_plus_q = rf.add(dbl, q);
            let lam =
                |v: Lambda<Counted<Gf254>>| to_pt(&plain.lambda_to_affine(&v.map(Counted::inner)));
            let ld =
                |v: LopezDahab<Counted<Gf254>>| to_pt(&plain.ld_to_affine(&v.map(Counted::inner)));

            // λ-projective, on Counted<Gf254>: the seed's counts, C = a2·(…) (a2 = u).
            let (v, n) = measure(|| c.lambda_add(&pp.map(Counted), &pq.map(Counted)));
            assert_eq!(imsc("lambda_add", n), (0, 11, 2, 0), "{n}");
            assert_eq!(lam(v), sum);
            let (v, n) = measure(|| c.lambda_mixed_add(&pp.map(Counted), &laq.map(Counted)));
            assert_eq!(imsc("lambda_mixed_add", n), (0, 8, 2, 0), "{n}");
            assert_eq!(lam(v), sum);
            let (v, n) = measure(|| c.lambda_double(&pp.map(Counted)));
            assert_eq!(imsc("lambda_double", n), (0, 4, 4, 1), "{n}");
            assert_eq!(lam(v), dbl);
            // The seed's second doubling, 3M + m_a + m_b + 4S, which the GLS loops use:
            // C = a2·(…), (a2² + b)·(…) and (a2 + 1)·(…).
            let (v, n) = measure(|| c.lambda_double_alt(&pp.map(Counted)));
            assert_eq!(imsc("lambda_double_alt", n), (0, 3, 4, 3), "{n}");
            assert_eq!(lam(v), dbl);
            let (v, n) = measure(|| c.lambda_double_add(&pp.map(Counted), &laq.map(Counted)));
            assert_eq!(imsc("lambda_double_add", n), (0, 10, 6, 1), "{n}");
            assert_eq!(lam(v), two_p_plus_q);
            // 2Q + P + P′: the seed's 17m̃ + m̃_a + 8s̃, one M below the two formulas apart.
            let o = subgroup_point(nc, &mut r);
            let lao = plain.affine_to_lambda_affine(&from_pt(o));
            let (v, n) = measure(|| {
                c.lambda_double_add_add(&pp.map(Counted), &laq.map(Counted), &lao.map(Counted))
            });
            assert_eq!(imsc("lambda_double_add_add", n), (0, 17, 8, 1), "{n}");
            assert_eq!(lam(v), rf.add(two_p_plus_q, o));
            // Its exceptional inputs take the variable-time path and stay right:
            // 2P + Q = −O′ (sum O), 2P + Q = O′ (a doubling), 2P = ±Q.
            for (p1, p2, want) in [
                (qa, rf.neg(two_p_plus_q), None),
                (qa, two_p_plus_q, rf.double(two_p_plus_q)),
                (from_pt(dbl), o, rf.add(rf.double(dbl), o)),
                (from_pt(rf.neg(dbl)), o, o),
            ] {
                let (la1, la2) = (
                    plain.affine_to_lambda_affine(&p1).map(Counted),
                    plain.affine_to_lambda_affine(&from_pt(p2)).map(Counted),
                );
                let v = c.lambda_double_add_add(&pp.map(Counted), &la1, &la2);
                assert_eq!(lam(v), want);
            }

            // López–Dahab. Seed 001's comparison table: full addition 13M + 4S, mixed
            // addition 8M + m_a + 5S, doubling 3M + m_a + m_b + 5S. Measured here: the
            // same, m_a and m_b each being one C on Counted<Gf254>.
            let (v, n) = measure(|| c.ld_add(&lp.map(Counted), &lq.map(Counted)));
            assert_eq!(imsc("ld_add", n), (0, 13, 4, 0), "{n}");
            assert_eq!(ld(v), sum);
            let (v, n) = measure(|| c.ld_mixed_add(&lp.map(Counted), &qa.map(Counted)));
            assert_eq!(imsc("ld_mixed_add", n), (0, 8, 5, 1), "{n}");
            assert_eq!(ld(v), sum);
            let (v, n) = measure(|| c.ld_double(&lp.map(Counted)));
            assert_eq!(imsc("ld_double", n), (0, 3, 5, 2), "{n}");
            assert_eq!(ld(v), dbl);

            // The same formulas in GF(2^127) operations: a product is 3M, a square 2S;
            // a2 = u costs additions only (m_a = 0) and b ∈ GF(2^127) costs 2 base
            // multiplications by a constant (m_b = 2C), which is the seed's point.
            let bl = |v: Lambda<Gf254>| v.map(base_counted);
            let (v, n) = measure(|| cb.lambda_add(&bl(pp), &bl(pq)));
            assert_eq!(imsc("base lambda_add", n), (0, 33, 4, 0), "{n}");
            assert_eq!(
                to_pt(&plain.lambda_to_affine(&v.map(from_base_counted))),
                sum
            );
            let (_, n) = measure(|| cb.lambda_mixed_add(&bl(pp), &laq.map(base_counted)));
            assert_eq!(imsc("base lambda_mixed_add", n), (0, 24, 4, 0), "{n}");
            let (v, n) = measure(|| cb.lambda_double(&bl(pp)));
            assert_eq!(imsc("base lambda_double", n), (0, 12, 8, 0), "{n}");
            assert_eq!(
                to_pt(&plain.lambda_to_affine(&v.map(from_base_counted))),
                dbl
            );
            // a2² + b = u + (1 + b): two base multiplications by the constant 1 + b (z^27
            // on gls254, shifts there); a2 and a2 + 1 = u + 1 cost additions only.
            let (v, n) = measure(|| cb.lambda_double_alt(&bl(pp)));
            assert_eq!(imsc("base lambda_double_alt", n), (0, 9, 8, 2), "{n}");
            assert_eq!(
                to_pt(&plain.lambda_to_affine(&v.map(from_base_counted))),
                dbl
            );
            let (_, n) = measure(|| cb.lambda_double_add(&bl(pp), &laq.map(base_counted)));
            assert_eq!(imsc("base lambda_double_add", n), (0, 30, 12, 0), "{n}");
            let (_, n) = measure(|| {
                cb.lambda_double_add_add(&bl(pp), &laq.map(base_counted), &lao.map(base_counted))
            });
            assert_eq!(imsc("base lambda_double_add_add", n), (0, 51, 16, 0), "{n}");
            let (_, n) = measure(|| cb.ld_add(&lp.map(base_counted), &lq.map(base_counted)));
            assert_eq!(imsc("base ld_add", n), (0, 39, 8, 0), "{n}");
            let (_, n) = measure(|| cb.ld_mixed_add(&lp.map(base_counted), &qa.map(base_counted)));
            assert_eq!(imsc("base ld_mixed_add", n), (0, 24, 10, 0), "{n}");
            let (v, n) = measure(|| cb.ld_double(&lp.map(base_counted)));
            assert_eq!(imsc("base ld_double", n), (0, 9, 10, 2), "{n}");
            assert_eq!(to_pt(&plain.ld_to_affine(&v.map(from_base_counted))), dbl);

            // ψ: additions only, in every coordinate system. On Counted<Gf254> the
            // Frobenius, u·a and a + u are one addition each; in GF(2^127), one base
            // addition each, and a GF(2^254) addition is two.
            let lap = plain.affine_to_lambda_affine(&pa);
            let (v, n) = measure(|| psi_lambda_affine(&lap.map(Counted)));
            assert_eq!(imsc("psi λ-affine", n), (0, 0, 0, 0));
            assert_eq!(n.add, 3, "psi λ-affine: {n}");
            assert_eq!(v.map(Counted::inner), psi_lambda_affine(&lap));
            let (v, n) = measure(|| psi_lambda(&pp.map(Counted)));
            assert_eq!(imsc("psi λ-projective", n), (0, 0, 0, 0));
            assert_eq!(n.add, 5, "psi λ-projective: {n}");
            assert_eq!(v.map(Counted::inner), psi_lambda(&pp));
            let (_, n) = measure(|| psi_affine(&pa.map(Counted)));
            assert_eq!((imsc("psi affine", n), n.add), ((0, 0, 0, 0), 4), "{n}");
            let (_, n) = measure(|| psi_lambda_affine(&lap.map(base_counted)));
            assert_eq!(
                (imsc("base psi λ-affine", n), n.add),
                ((0, 0, 0, 0), 3),
                "{n}"
            );
            let (_, n) = measure(|| psi_lambda(&bl(pp)));
            assert_eq!(
                (imsc("base psi λ-proj", n), n.add),
                ((0, 0, 0, 0), 6),
                "{n}"
            );
            let (_, n) = measure(|| psi_affine(&pa.map(base_counted)));
            assert_eq!(
                (imsc("base psi affine", n), n.add),
                ((0, 0, 0, 0), 5),
                "{n}"
            );
        }

        // Halving: 1H + 1M + 1√ + 1Tr in GF(2^254) (and 4 additions), on both branches
        // of the trace test; in GF(2^127): the GF(2^254) half-trace is 2H + 1S + 1Tr
        // (solving through the subfield), the product 3M, the square root 2√, the trace
        // 1Tr, so 2H + 3M + 1S + 2√ + 2Tr.
        let mut branches = [0usize; 2];
        for _ in 0..24 {
            let pa = from_pt(subgroup_point(nc, &mut r));
            let la = plain.affine_to_lambda_affine(&pa);
            let (v, n) = measure(|| c.lambda_affine_halve(&la.map(Counted)));
            assert_eq!(all7(n), (0, 1, 1, 0, 1, 1, 0), "halve: {n}");
            assert_eq!(n.add, 4, "halve: {n}");
            assert_eq!(v.map(Counted::inner), plain.lambda_affine_halve(&la));
            // From affine coordinates: the same cost, one addition fewer (y + x·λ̂).
            let (v, n) = measure(|| c.affine_halve(&pa.map(Counted)));
            assert_eq!(all7(n), (0, 1, 1, 0, 1, 1, 0), "affine halve: {n}");
            assert_eq!(n.add, 3, "affine halve: {n}");
            assert_eq!(v.map(Counted::inner), plain.lambda_affine_halve(&la));
            let (v, n) = measure(|| cb.lambda_affine_halve(&la.map(base_counted)));
            assert_eq!(all7(n), (0, 2, 3, 1, 2, 2, 0), "base halve: {n}");
            assert_eq!(v.map(from_base_counted), plain.lambda_affine_halve(&la));
            // Which branch: Tr(t) for t = x·(x + λ + λ̂).
            if let LambdaAffine::Point { x, l } = la {
                let lh = (x + plain.a2()).half_trace();
                branches[usize::from((x * (x + l + lh)).trace())] += 1;
            }
        }
        assert!(branches[0] > 0 && branches[1] > 0, "{branches:?}");
    }
}

// ---------------------------------------------------------------------------------------
// 7. lambda-ct runs the same operations for every scalar.
// ---------------------------------------------------------------------------------------

/// The brief's scalars: 1, 2, r − 1, 2^127 (and r + 1 ≡ 1, longer than r), halves of
/// every sign combination and extreme magnitudes, and 50 random scalars: the same
/// `OpCounts` for all of them, at every width but w = 2, where r − 1 is left out on
/// gls254-ches2013 (see [`lambda_ct_exceptional_scalars_are_still_right`]).
#[test]
fn lambda_ct_operation_counts_do_not_depend_on_the_scalar() {
    let mut r = rng(0x9159);
    for nc in gls_curves() {
        let name = nc.params().name;
        let n = order(nc);
        let rf = reference(nc);
        let c = nc.curve().map_field(Counted);
        let p = subgroup_point(nc, &mut r);
        let pc = from_pt(p).map(Counted);
        let mut ks: Vec<BigUint> = vec![
            BigUint::one(),
            BigUint::from(2u32),
            &n - 1u32,
            two_pow(127),
            &n + 1u32,
        ];
        ks.extend(sign_scalars(nc, &mut r));
        for _ in 0..50 {
            ks.push(random_scalar(&n, &mut r));
        }
        let widths = [2usize, 3, 4, 5, 6, 8];
        let mut first: Vec<Option<OpCounts>> = vec![None; widths.len()];
        for k in &ks {
            let kw = words(k);
            let want = rf.mul(p, &words(&(k % &n)));
            for (j, &w) in widths.iter().enumerate() {
                if w == 2 && name == "gls254-ches2013" && *k == &n - 1u32 {
                    continue;
                }
                let (q, cnt) =
                    measure(|| gls_mul(&c, nc.glv(), GlsMethod::LambdaCt(w), &kw, &pc).unwrap());
                assert_eq!(to_pt(&q.map(Counted::inner)), want, "w = {w}, k = {k:#x}");
                let base = *first[j].get_or_insert(cnt);
                assert_eq!(
                    cnt, base,
                    "{name}: lambda-ct:w={w} counts for k = {k:#x} differ from the first scalar's"
                );
                // No half-trace, square root or trace anywhere.
                assert_eq!(cnt.half_trace + cnt.sqrt + cnt.trace, 0, "{cnt}");
            }
        }
        // The default width: 2 inversions (one for the table, one at the end).
        assert_eq!(first[3].unwrap().inv, 2, "{name}");
    }
}

/// The scalars near the exceptional inputs of `lambda-ct`'s branch-free formulas: k ≡ 0
/// takes the variable-time fallback (visibly: one more inversion, for its own table) and
/// stays right; every other scalar here, the lattice's short vectors and their
/// neighbours, μ, −μ, r − 1 and the extreme signs, runs the constant-time path with the
/// same count as any scalar. (With
/// the index-2 split of the seed's notes, k = μ and r − 1 took the fallback.)
#[test]
fn lambda_ct_exceptional_scalars_are_still_right() {
    let mut r = rng(0x915f);
    for nc in gls_curves() {
        let n = order(nc);
        let rf = reference(nc);
        let c = nc.curve().map_field(Counted);
        let p = subgroup_point(nc, &mut r);
        let pc = from_pt(p).map(Counted);
        let mut ks = vec![BigUint::zero(), n.clone(), &n - 1u32, &n * 3u32];
        ks.extend(special_scalars(nc, &mut r));
        for w in 2..=8 {
            let (_, normal) =
                measure(|| gls_mul(&c, nc.glv(), GlsMethod::LambdaCt(w), &[12345], &pc).unwrap());
            for k in &ks {
                let kw = words(k);
                let (q, cnt) =
                    measure(|| gls_mul(&c, nc.glv(), GlsMethod::LambdaCt(w), &kw, &pc).unwrap());
                let want = rf.mul(p, &words(&(k % &n)));
                assert_eq!(to_pt(&q.map(Counted::inner)), want, "w = {w}, k = {k:#x}");
                if (k % &n).is_zero() {
                    assert_eq!(want, None);
                    assert_eq!(cnt.inv, normal.inv + 1, "k ≡ 0 takes the fallback");
                } else {
                    assert_eq!(cnt, normal, "w = {w}, k = {k:#x} took the fallback");
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// 8. Subgroup membership and the rejection of bad input.
// ---------------------------------------------------------------------------------------

#[test]
fn subgroup_test_agrees_with_an_explicit_r_p() {
    let mut r = rng(0x915a);
    for nc in gls_curves() {
        let rf = reference(nc);
        let rw = nc.glv().order().to_vec();
        let t = two_torsion(nc);
        assert!(nc.in_subgroup(&Affine::Infinity));
        let mut pts = vec![generator(nc), t];
        for _ in 0..3 {
            let p = subgroup_point(nc, &mut r);
            pts.extend([p, rf.add(p, t), rf.neg(p)]);
        }
        for _ in 0..16 {
            pts.push(full_group_point(&rf, &mut r));
        }
        let (mut inside, mut outside) = (0, 0);
        for p in pts {
            let explicit = rf.mul(p, &rw).is_none();
            assert_eq!(nc.in_subgroup(&from_pt(p)), explicit, "{p:?}");
            if explicit {
                inside += 1;
            } else {
                outside += 1;
            }
        }
        assert!(inside > 4 && outside > 4, "{inside} {outside}");
    }
}

#[test]
fn points_outside_the_subgroup_and_bad_encodings_are_rejected() {
    let mut r = rng(0x915b);
    for nc in gls_curves() {
        let c: &dyn NamedCurve = nc;
        let name = c.name();
        let rf = reference(nc);
        let n = order(nc);
        let t = two_torsion(nc);
        let p = subgroup_point(nc, &mut r);
        let pt = rf.add(p, t);
        let d = words(&random_scalar(&n, &mut r));
        let all_specs: Vec<MethodSpec> = method_grid().iter().map(GlsMethod::spec).collect();
        // T and P + T: on the curve, decodable, outside the subgroup.
        for q in [t, pt] {
            for e in [enc(q), enc_c(q)] {
                assert_eq!(c.decompress(&e), Ok(enc(q)), "{name}");
                assert_eq!(c.validate(&e), Err(CurveOpError::NotInSubgroup), "{name}");
                assert_eq!(c.ecdh(&d, &e), Err(CurveOpError::NotInSubgroup), "{name}");
                for m in &all_specs {
                    for k in [vec![], vec![1], vec![2], d.clone(), words(&n)] {
                        assert_eq!(
                            c.mul(&k, Some(&e), m, false),
                            Err(CurveOpError::NotInSubgroup),
                            "{name} {m}"
                        );
                    }
                }
            }
        }
        let g = c.generator(false);
        let gc = c.generator(true);
        // Off the curve.
        let mut off = g.clone();
        off[64] ^= 1;
        assert_eq!(c.decompress(&off), bad(EncodingError::NotOnCurve));
        assert_eq!(c.validate(&off), bad(EncodingError::NotOnCurve));
        assert_eq!(c.ecdh(&d, &off), bad(EncodingError::NotOnCurve));
        for m in &all_specs {
            assert_eq!(
                c.mul(&d, Some(&off), m, false),
                bad(EncodingError::NotOnCurve)
            );
        }
        // Lengths.
        assert_eq!(c.decompress(&[]), bad(EncodingError::Empty));
        for e in [
            &g[..64],
            &[&g[..], &[0]].concat()[..],
            &gc[..32],
            &[&gc[..], &[0]].concat()[..],
            &[0, 0][..],
            &g[..33],
        ] {
            for got in [
                c.decompress(e),
                c.validate(e).map(|()| vec![]),
                c.ecdh(&d, e),
                c.mul(&d, Some(e), &c.default_method(), false),
            ] {
                assert!(
                    matches!(
                        got,
                        Err(CurveOpError::Encoding(EncodingError::BadLength { .. }))
                    ),
                    "{name}: {} bytes: {got:?}",
                    e.len()
                );
            }
        }
        // Prefixes.
        for prefix in [1u8, 5, 6, 7, 0x84, 0xff] {
            let mut e = g.clone();
            e[0] = prefix;
            assert_eq!(c.decompress(&e), bad(EncodingError::UnknownPrefix(prefix)));
            assert_eq!(c.validate(&e), bad(EncodingError::UnknownPrefix(prefix)));
            assert_eq!(c.ecdh(&d, &e), bad(EncodingError::UnknownPrefix(prefix)));
            assert_eq!(
                c.mul(&d, Some(&e), &c.default_method(), false),
                bad(EncodingError::UnknownPrefix(prefix))
            );
        }
        // Bit 127 of either half of a coordinate: not a GF(2^254) element.
        for (at, coord) in [(1usize, 'x'), (17, 'x'), (33, 'y'), (49, 'y')] {
            let mut e = g.clone();
            e[at] |= 0x80;
            assert_eq!(
                c.decompress(&e),
                bad(EncodingError::CoordinateOutOfRange(coord)),
                "{name} byte {at}"
            );
            assert_eq!(
                c.validate(&e),
                bad(EncodingError::CoordinateOutOfRange(coord))
            );
            assert_eq!(
                c.ecdh(&d, &e),
                bad(EncodingError::CoordinateOutOfRange(coord))
            );
            assert_eq!(
                c.mul(&d, Some(&e), &c.default_method(), false),
                bad(EncodingError::CoordinateOutOfRange(coord))
            );
            if at < 33 {
                let mut ec = gc.clone();
                ec[at] |= 0x80;
                assert_eq!(
                    c.decompress(&ec),
                    bad(EncodingError::CoordinateOutOfRange(coord)),
                    "{name} compressed byte {at}"
                );
                assert_eq!(
                    c.validate(&ec),
                    bad(EncodingError::CoordinateOutOfRange(coord))
                );
            }
        }
        assert!(Gf254::from_bytes(&[0x80; 32]).is_err());
        // x = 0 with the bit set names nothing; some x has no point.
        let zero_one = [&[3u8][..], &[0u8; 32]].concat();
        assert_eq!(
            c.decompress(&zero_one),
            bad(EncodingError::BadCompressionBit)
        );
        let no_point = (1u8..64)
            .map(|x| {
                let mut e = vec![0u8; 33];
                e[0] = 2;
                e[32] = x;
                e
            })
            .find(|e| c.decompress(e).is_err())
            .expect("about half of all x have no point");
        assert_eq!(c.decompress(&no_point), bad(EncodingError::NoPointWithX));
        assert_eq!(c.validate(&no_point), bad(EncodingError::NoPointWithX));
        // O.
        assert_eq!(c.validate(&[0]), Err(CurveOpError::InfinityKey));
        assert_eq!(c.ecdh(&d, &[0]), Err(CurveOpError::InfinityKey));
        assert_eq!(c.decompress(&[0]), Ok(vec![0]));
        assert_eq!(c.validate(&g), Ok(()));
        assert_eq!(c.validate(&gc), Ok(()));
    }
}

#[test]
fn ecdh_agrees_and_rejects_private_keys_out_of_range() {
    let mut r = rng(0x915c);
    for nc in gls_curves() {
        let c: &dyn NamedCurve = nc;
        let name = c.name();
        let rf = reference(nc);
        let n = order(nc);
        for _ in 0..4 {
            let (d1, d2) = (random_scalar(&n, &mut r), random_scalar(&n, &mut r));
            let (w1, w2) = (words(&d1), words(&d2));
            let q1 = c.mul(&w1, None, &c.default_method(), false).unwrap();
            let q2 = c.mul(&w2, None, &spec("ld-dbl-add"), true).unwrap();
            let s12 = c.ecdh(&w1, &q2).unwrap();
            let s21 = c.ecdh(&w2, &q1).unwrap();
            assert_eq!(s12, s21, "{name}");
            assert_eq!(s12.len(), 32);
            let other = c
                .mul(&w1, Some(&q2), &spec("lambda-dbl-add:w=6"), false)
                .unwrap();
            assert_eq!(&other[1..33], &s12[..], "{name}");
            let shared = rf.mul(generator(nc), &words(&((&d1 * &d2) % &n)));
            assert_eq!(elem_bytes(shared.unwrap().0), s12, "{name}: reference");
        }
        let q = c.mul(&[7], None, &c.default_method(), true).unwrap();
        for bad_d in [
            vec![],
            vec![0],
            vec![0, 0, 0, 0, 0],
            words(&n),
            words(&(&n + 1u32)),
            words(&(&n * 2u32)),
            vec![u64::MAX; 4],
            vec![u64::MAX; 5],
        ] {
            assert_eq!(
                c.ecdh(&bad_d, &q),
                Err(CurveOpError::PrivateKeyOutOfRange),
                "{name} {bad_d:x?}"
            );
        }
        // r − 1 is the largest key: x([r − 1][7]G) = x([7]G).
        let q7 = c.mul(&[7], None, &c.default_method(), false).unwrap();
        assert_eq!(c.ecdh(&words(&(&n - 1u32)), &q), Ok(q7[1..33].to_vec()));
        assert_eq!(c.ecdh(&[1], &q), Ok(q7[1..33].to_vec()));
    }
}

#[test]
fn methods_are_listed_parsed_and_validated() {
    let c = find_curve("gls254").unwrap();
    let listed: Vec<String> = c.methods().iter().map(|m| m.to_string()).collect();
    assert_eq!(
        listed,
        [
            "ld-dbl-add:w=4",
            "lambda-dbl-add:w=4",
            "ld-halve-add:w=4",
            "lambda-halve-add:w=4",
            "lambda-parallel:w=4",
            "lambda-ct:w=5",
        ]
    );
    for m in c.methods() {
        assert_eq!(c.check_method(&m), Ok(()));
    }
    assert!(c.methods().contains(&c.default_method()));
    for m in method_grid() {
        assert_eq!(GlsMethod::from_spec(&m.spec(), "gls254"), Ok(m));
        assert_eq!(m.validate(), Ok(()));
        assert_eq!(m.is_constant_time(), matches!(m, GlsMethod::LambdaCt(_)));
    }
    for bad in [
        "ld-dbl-add:w=1",
        "ld-dbl-add:w=9",
        "lambda-ct:w=1",
        "lambda-halve-add:w=0",
        "lambda-parallel:t=129",
        "lambda-parallel:w=9,t=3",
        "ld-dbl-add:t=3",
        "lambda-ct:t=3",
        "naf:w=4",
        "montgomery",
        "double-add",
    ] {
        assert!(c.check_method(&spec(bad)).is_err(), "{bad}");
        assert!(matches!(
            c.mul(&[1], None, &spec(bad), false),
            Err(CurveOpError::Method(_))
        ));
    }
    // Methods built by hand with parameters out of range.
    let nc = gls("gls254");
    let g = nc.generator_point();
    for m in [
        GlsMethod::LdDblAdd(1),
        GlsMethod::LambdaDblAdd(9),
        GlsMethod::LdHalveAdd(0),
        GlsMethod::LambdaHalveAdd(100),
        GlsMethod::LambdaCt(1),
        GlsMethod::LambdaParallel { w: 9, t: None },
        GlsMethod::LambdaParallel { w: 4, t: Some(129) },
    ] {
        assert!(
            matches!(m.validate(), Err(GlsMulError::BadParameter { .. })),
            "{m:?}"
        );
        assert!(matches!(
            gls_mul(nc.curve(), nc.glv(), m, &[5], &g),
            Err(GlsMulError::BadParameter { .. })
        ));
        // (Not `mul_point` with `lambda-parallel` and no t: it would measure the
        // process-wide split point with the bad width.)
        if !matches!(m, GlsMethod::LambdaParallel { t: None, .. }) {
            assert!(nc.mul_point(&[5], &g, m).is_err());
        }
    }
}

// ---------------------------------------------------------------------------------------
// 9. SEC 1 encoding.
// ---------------------------------------------------------------------------------------

#[test]
fn encoding_round_trips_and_the_compression_bit() {
    let mut r = rng(0x915d);
    for nc in gls_curves() {
        let c: &dyn NamedCurve = nc;
        let rf = reference(nc);
        let p = nc.params();
        // The layout: c₁ then c₀, each 16 bytes big-endian; G's compressed bit is bit 0
        // of c₀ of y/x = λ + x, from the published integers alone.
        let gx: Vec<u8> = [p.gx.1.to_be_bytes(), p.gx.0.to_be_bytes()].concat();
        assert_eq!(gf254(p.gx).to_bytes(), gx);
        assert_eq!(Gf254::from_bytes(&gx), Ok(gf254(p.gx)));
        let g = c.generator(false);
        assert_eq!((g.len(), g[0]), (65, 4));
        assert_eq!(&g[1..33], &gx[..]);
        let gc = c.generator(true);
        assert_eq!(gc[0], 2 | ((p.gx.0 ^ p.gl.0) & 1) as u8);
        assert_eq!(&gc[1..], &gx[..]);
        assert_eq!(gc, enc_c(generator(nc)));
        let mut pts: Vec<Pt<Gf254>> = (0..6).map(|_| subgroup_point(nc, &mut r)).collect();
        let outside: Vec<Pt<Gf254>> = (0..6)
            .map(|_| full_group_point(&rf, &mut r))
            .chain([two_torsion(nc)])
            .collect();
        pts.extend(outside.iter().copied());
        for &q in &pts {
            let (full, comp) = (enc(q), enc_c(q));
            assert_eq!(c.decompress(&comp), Ok(full.clone()));
            assert_eq!(c.decompress(&full), Ok(full.clone()));
            let (x, _) = q.unwrap();
            if x.is_zero() {
                assert_eq!(comp[0], 2);
            } else {
                let mut flipped = comp.clone();
                flipped[0] ^= 1;
                assert_eq!(c.decompress(&flipped), Ok(enc(rf.neg(q))));
            }
            // The typed API agrees.
            let a = from_pt(q);
            assert_eq!(nc.curve().compression_bit(&a), ybit(q) == 1);
            if nc.in_subgroup(&a) {
                for m in [c.default_method(), spec("lambda-ct")] {
                    assert_eq!(c.mul(&[1], Some(&full), &m, true), Ok(comp.clone()));
                    assert_eq!(c.mul(&[1], Some(&comp), &m, false), Ok(full.clone()));
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// 10. Backends.
// ---------------------------------------------------------------------------------------

fn on<B: Backend>(a: Gf254) -> Gf254With<B> {
    Gf2Ext::new(a.c0.with_backend::<B>(), a.c1.with_backend::<B>())
}

fn back<B: Backend>(a: Gf254With<B>) -> Gf254 {
    Gf2Ext::new(a.c0.with_backend::<Auto>(), a.c1.with_backend::<Auto>())
}

fn methods_agree_with_portable<B: Backend>() {
    if !backend_available::<B>("gls254 methods_agree_with_portable") {
        return;
    }
    let mut r = rng(0x915e);
    let methods: Vec<GlsMethod> = GlsMethod::all()
        .into_iter()
        .chain([
            GlsMethod::LdDblAdd(2),
            GlsMethod::LambdaHalveAdd(8),
            GlsMethod::LambdaCt(3),
            GlsMethod::LambdaParallel { w: 5, t: Some(64) },
        ])
        .collect();
    for nc in gls_curves() {
        let rf = reference(nc);
        let n = order(nc);
        let cp = nc.curve().map_field(on::<Portable>);
        let cb = nc.curve().map_field(on::<B>);
        let p = subgroup_point(nc, &mut r);
        let pa = from_pt(p);
        let mut ks = vec![BigUint::one(), &n - 1u32, two_pow(127)];
        for _ in 0..4 {
            ks.push(random_scalar(&n, &mut r));
        }
        for k in &ks {
            let kw = words(k);
            let want = rf.mul(p, &words(k));
            for &m in &methods {
                let a = gls_mul(&cp, nc.glv(), m, &kw, &pa.map(on::<Portable>)).unwrap();
                let b = gls_mul(&cb, nc.glv(), m, &kw, &pa.map(on::<B>)).unwrap();
                assert_eq!(to_pt(&a.map(back::<Portable>)), want, "portable {m:?}");
                assert_eq!(to_pt(&b.map(back::<B>)), want, "{} {m:?}", B::NAME);
            }
        }
    }
}

#[test]
fn backends_agree_on_every_method() {
    methods_agree_with_portable::<Portable>();
    methods_agree_with_portable::<Clmul>();
    // The GLS methods run on `vpclmul` when it is selected (`BackendTask::EXT2`), for
    // its 256-bit GF(2^254) product and square.
    methods_agree_with_portable::<ecsm::backend::Vpclmul>();
}
