//! GF(p) against a big-integer oracle (num-bigint), for every declared prime field:
//! arithmetic on random and edge operands, both inversions, powers, Legendre symbols
//! (against Euler's criterion), encodings and their rejections; Crandall reduction
//! against Montgomery on the same primes; the cost model on GF(p).

use ecsm::cost::{measure, Counted};
use ecsm::field::prime::{Fp, FpSpec, Reduction};
use ecsm::field::*;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use proptest::prelude::*;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

// A one-word prime small enough to test exhaustively (1009), and the largest one-word
// prime 2^64 − 59, to exercise N = 1.
ecsm::fp_spec!(Tiny1009, FpTiny1009, 1, "3f1", "tiny1009");
ecsm::fp_spec!(Word64, FpWord64, 1, "ffffffffffffffc5", "2^64-59");

fn big_of_words(w: &[u64]) -> BigUint {
    let digits: Vec<u32> = w
        .iter()
        .flat_map(|&x| [x as u32, (x >> 32) as u32])
        .collect();
    BigUint::new(digits)
}

fn words_of_big(b: &BigUint, n: usize) -> Vec<u64> {
    let mut w = b.to_u64_digits();
    assert!(w.len() <= n, "value too wide");
    w.resize(n, 0);
    w
}

fn modulus<F: PrimeField>() -> BigUint {
    big_of_words(F::modulus())
}

fn big<F: PrimeField>(x: &F) -> BigUint {
    big_of_words(&x.to_words())
}

fn elem<F: PrimeField>(b: &BigUint) -> F {
    F::from_words(&words_of_big(b, F::modulus().len())).expect("value below p")
}

/// Edge operands: 0, 1, 2, 3, p − 1, p − 2, (p − 1)/2, (p + 1)/2, 2^64 − 1, 2^64,
/// 2^(bits−1), all-ones low words under p's top word − 1, p − 2^64, 2^(64(N−1)), R mod p
/// and R⁻¹ mod p (R = 2^(64N)), and values near 2^k for p = 2^k − c (c, c ± 1,
/// 2^(k−1) + c) — every one reduced mod p.
fn edges<F: PrimeField>() -> Vec<BigUint> {
    let p = modulus::<F>();
    let n = F::modulus().len();
    let bits = F::BITS;
    let one = BigUint::one();
    let two_k = BigUint::one() << bits;
    let c = &two_k - &p;
    let r = BigUint::one() << (64 * n);
    let mut v = vec![
        BigUint::zero(),
        one.clone(),
        BigUint::from(2u8),
        BigUint::from(3u8),
        &p - 1u8,
        &p - 2u8,
        (&p - 1u8) >> 1,
        (&p + 1u8) >> 1,
        BigUint::from(u64::MAX),
        BigUint::one() << 64,
        BigUint::one() << (bits - 1),
        (BigUint::one() << (64 * (n - 1))) - 1u8,
        BigUint::one() << (64 * (n - 1)),
        &r % &p,
        r.modinv(&p).expect("R invertible"),
        c.clone(),
        &c + 1u8,
        &c - 1u8,
        (BigUint::one() << (bits - 1)) + &c,
    ];
    if n > 1 {
        let top = F::modulus()[n - 1];
        let mut w = vec![u64::MAX; n];
        w[n - 1] = top - 1;
        v.push(big_of_words(&w));
        v.push(&p - (BigUint::one() << 64));
    }
    v.into_iter().map(|x| x % &p).collect()
}

fn randoms<F: PrimeField>(seed: u64, count: usize) -> Vec<BigUint> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count).map(|_| big(&F::random(&mut rng))).collect()
}

/// Every operation of F against the oracle on random and edge operands.
fn check_against_oracle<F: PrimeField>(seed: u64) {
    let p = modulus::<F>();
    let name = F::NAME;
    let mut vals = edges::<F>();
    vals.extend(randoms::<F>(seed, 24));
    for a in &vals {
        let x: F = elem(a);
        assert_eq!(big(&x), *a, "{name}: words round trip");
        assert_eq!(big(&-x), (&p - a) % &p, "{name}: -{a:x}");
        assert_eq!(big(&x.square()), a * a % &p, "{name}: {a:x}^2");
        assert_eq!(x.is_zero(), a.is_zero(), "{name}: is_zero");
        assert_eq!(x.is_odd(), a.bit(0), "{name}: is_odd");
        // Encodings: big-endian, exactly BYTES long.
        let bytes = x.to_bytes();
        let mut expect = a.to_bytes_be();
        while expect.len() < F::BYTES {
            expect.insert(0, 0);
        }
        if a.is_zero() {
            expect = vec![0; F::BYTES];
        }
        assert_eq!(bytes, expect, "{name}: to_bytes");
        assert_eq!(F::from_bytes(&bytes), Ok(x), "{name}: from_bytes");
        if a.is_zero() {
            assert_eq!(x.invert(), Err(FieldError::NotInvertible));
            assert_eq!(x.invert_vartime(), Err(FieldError::NotInvertible));
        } else {
            let inv = a.modinv(&p).expect("p prime");
            assert_eq!(big(&x.invert().unwrap()), inv, "{name}: 1/{a:x} (Fermat)");
            assert_eq!(
                big(&x.invert_vartime().unwrap()),
                inv,
                "{name}: 1/{a:x} (divsteps)"
            );
        }
        let euler = a.modpow(&((&p - 1u8) >> 1), &p);
        let expect = if a.is_zero() {
            0
        } else if euler.is_one() {
            1
        } else {
            assert_eq!(euler, &p - 1u8);
            -1
        };
        assert_eq!(x.legendre(), expect, "{name}: ({a:x} / p)");
        for b in &vals {
            let y: F = elem(b);
            assert_eq!(big(&(x + y)), (a + b) % &p, "{name}: {a:x} + {b:x}");
            assert_eq!(big(&(x - y)), (a + &p - b) % &p, "{name}: {a:x} - {b:x}");
            assert_eq!(big(&(x * y)), a * b % &p, "{name}: {a:x} * {b:x}");
        }
    }
    // Assignment operators agree with the binary ones.
    let (x, y): (F, F) = (elem(&vals[5]), elem(&vals[vals.len() - 1]));
    let mut z = x;
    z += y;
    z *= y;
    z -= x;
    assert_eq!(z, (x + y) * y - x);
    // Powers, by exponents of one word, of N words and of p − 1 (Fermat: a^(p−1) = 1).
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37);
    let n = F::modulus().len();
    let pm1 = words_of_big(&(&p - 1u8), n);
    for a in vals.iter().take(8).chain(vals.iter().rev().take(4)) {
        let x: F = elem(a);
        let e: Vec<u64> = (0..n).map(|_| rng.next_u64()).collect();
        let eb = big_of_words(&e);
        assert_eq!(big(&x.pow_vartime(&e)), a.modpow(&eb, &p), "{name}: pow");
        assert_eq!(
            big(&x.pow_vartime(&e[..1])),
            a.modpow(&BigUint::from(e[0]), &p)
        );
        if !a.is_zero() {
            assert_eq!(x.pow_vartime(&pm1), F::one(), "{name}: a^(p-1)");
        }
    }
}

/// Published sizes and the constants' consistency.
fn check_constants<F: PrimeField>(bits: usize) {
    assert_eq!(F::BITS, bits, "{}: bit length", F::NAME);
    assert_eq!(F::BYTES, bits.div_ceil(8), "{}: byte length", F::NAME);
    let p = modulus::<F>();
    assert_eq!(p.bits() as usize, bits);
    assert!(p.bit(0));
    assert_eq!(big(&F::one()), BigUint::one());
    assert_eq!(big(&F::zero()), BigUint::zero());
    assert!(F::zero().is_zero() && !F::one().is_zero());
    for v in [0u64, 1, 2, 977, u64::MAX] {
        assert_eq!(big(&F::from_u64(v)), BigUint::from(v) % &p, "from_u64({v})");
    }
}

/// Decoders reject wrong lengths and values ≥ p: exactly p, p + 1, all-0xff.
fn check_rejections<F: PrimeField>() {
    let p = modulus::<F>();
    let n = F::modulus().len();
    let name = F::NAME;
    let be = |v: &BigUint| {
        let mut b = v.to_bytes_be();
        while b.len() < F::BYTES {
            b.insert(0, 0);
        }
        b
    };
    for bad in [
        p.clone(),
        &p + 1u8,
        (BigUint::one() << (8 * F::BYTES)) - 1u8,
    ] {
        let bytes = be(&bad);
        assert_eq!(bytes.len(), F::BYTES);
        assert_eq!(
            F::from_bytes(&bytes),
            Err(FieldError::OutOfRange { field: name }),
            "{name}: {bad:x} as bytes"
        );
    }
    for bad in [p.clone(), &p + 1u8, (BigUint::one() << (64 * n)) - 1u8] {
        assert_eq!(
            F::from_words(&words_of_big(&bad, n)),
            Err(FieldError::OutOfRange { field: name }),
            "{name}: {bad:x} as words"
        );
    }
    for len in [0, F::BYTES - 1, F::BYTES + 1] {
        assert_eq!(
            F::from_bytes(&vec![0u8; len]),
            Err(FieldError::BadLength {
                field: name,
                expected: F::BYTES,
                got: len
            })
        );
    }
    for len in [0, n - 1, n + 1] {
        assert_eq!(
            F::from_words(&vec![0u64; len]),
            Err(FieldError::BadLength {
                field: name,
                expected: n,
                got: len
            })
        );
    }
    // p − 1 is the largest accepted value, in both encodings.
    let top = &p - 1u8;
    assert_eq!(big(&F::from_bytes(&be(&top)).unwrap()), top);
    assert_eq!(big(&F::from_words(&words_of_big(&top, n)).unwrap()), top);
}

/// Random sampling stays below p and hits both halves of [0, p).
fn check_random<F: PrimeField>() {
    let p = modulus::<F>();
    let half = &p >> 1;
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let (mut low, mut high) = (0, 0);
    for _ in 0..200 {
        let x = big(&F::random(&mut rng));
        assert!(x < p);
        if x < half {
            low += 1;
        } else {
            high += 1;
        }
    }
    assert!(low > 50 && high > 50, "{}: {low} / {high}", F::NAME);
}

fn check_all<F: PrimeField>(bits: usize, seed: u64) {
    check_constants::<F>(bits);
    check_against_oracle::<F>(seed);
    check_rejections::<F>();
    check_random::<F>();
}

macro_rules! field_tests {
    ($($test:ident: $f:ty, $bits:expr;)*) => {$(
        #[test]
        fn $test() {
            check_all::<$f>($bits, stringify!($test).len() as u64 * 7919);
        }
    )*};
}

field_tests! {
    p192: FpP192, 192;
    p224: FpP224, 224;
    p256: FpP256, 256;
    p384: FpP384, 384;
    p521: FpP521, 521;
    p448: FpP448, 448;
    p448_generic: FpP448Generic, 448;
    secp256k1: FpSecp256k1, 256;
    secp224k1: FpSecp224k1, 224;
    secp192k1: FpSecp192k1, 192;
    secp160k1: FpSecp160k1, 160;
    secp160r1: FpSecp160r1, 160;
    secp128r1: FpSecp128r1, 128;
    wtls8: FpWtls8, 112;
    wtls9: FpWtls9, 160;
    prime239: FpPrime239, 239;
    brainpool_p160: FpBrainpoolP160, 160;
    brainpool_p192: FpBrainpoolP192, 192;
    brainpool_p224: FpBrainpoolP224, 224;
    brainpool_p256: FpBrainpoolP256, 256;
    brainpool_p320: FpBrainpoolP320, 320;
    brainpool_p384: FpBrainpoolP384, 384;
    brainpool_p512: FpBrainpoolP512, 512;
    word64: FpWord64, 64;
}

/// The primes as published, independently of the hex strings in the specs.
#[test]
fn moduli_match_their_formulas() {
    let two = |k: u32| BigUint::one() << k;
    let cases: [(BigUint, BigUint); 10] = [
        (modulus::<FpP192>(), two(192) - two(64) - 1u8),
        (modulus::<FpP224>(), two(224) - two(96) + 1u8),
        (
            modulus::<FpP256>(),
            two(256) - two(224) + two(192) + two(96) - 1u8,
        ),
        (
            modulus::<FpP384>(),
            two(384) - two(128) - two(96) + two(32) - 1u8,
        ),
        (modulus::<FpP521>(), two(521) - 1u8),
        (modulus::<FpSecp256k1>(), two(256) - two(32) - 977u16),
        (modulus::<FpSecp160r1>(), two(160) - two(31) - 1u8),
        (modulus::<FpWtls8>(), two(112) - 537u16),
        (modulus::<FpWtls9>(), two(160) - 229233u32),
        (
            modulus::<FpPrime239>(),
            two(239) - two(143) - two(95) + two(47) - 1u8,
        ),
    ];
    for (got, want) in cases {
        assert_eq!(got, want);
    }
    assert_eq!(modulus::<FpSecp224k1>(), two(224) - two(32) - 6803u16);
    assert_eq!(modulus::<FpSecp192k1>(), two(192) - two(32) - 4553u16);
    assert_eq!(modulus::<FpSecp160k1>(), two(160) - two(32) - 21389u16);
    assert_eq!(modulus::<FpSecp128r1>(), two(128) - two(97) - 1u8);
    assert_eq!(modulus::<FpP448>(), two(448) - two(224) - 1u8);
}

/// GF(1009) exhaustively: every inverse both ways, every Legendre symbol against the
/// set of squares, and products against u64 arithmetic.
#[test]
fn tiny_field_exhaustive() {
    let p = 1009u64;
    let squares: std::collections::HashSet<u64> = (1..p).map(|x| x * x % p).collect();
    assert_eq!(squares.len() as u64, (p - 1) / 2);
    for a in 0..p {
        let x = FpTiny1009::from_u64(a);
        assert_eq!(x.to_words(), vec![a]);
        let want = if a == 0 {
            0
        } else if squares.contains(&a) {
            1
        } else {
            -1
        };
        assert_eq!(x.legendre(), want, "({a} / 1009)");
        if a != 0 {
            let i = x.invert().unwrap();
            assert_eq!(i, x.invert_vartime().unwrap());
            assert_eq!(i.to_words()[0] * a % p, 1);
        }
        for b in [0, 1, 2, 500, 1007, 1008, a / 3] {
            let y = FpTiny1009::from_u64(b);
            assert_eq!((x * y).to_words()[0], a * b % p);
            assert_eq!((x - y).to_words()[0], (a + p - b) % p);
        }
    }
    assert_eq!(
        FpTiny1009::from_u64(1009 * 5 + 3),
        FpTiny1009::from_u64(3),
        "from_u64 reduces"
    );
}

// ---------------------------------------------------------------------------------
// Crandall reduction against Montgomery on the same primes.
// ---------------------------------------------------------------------------------

/// A Montgomery spec with the modulus of another spec.
macro_rules! montgomery_twin {
    ($($twin:ident of $orig:ident, $n:literal;)*) => {$(
        #[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
        struct $twin;
        impl FpSpec<$n> for $twin {
            const P: [u64; $n] = <$orig as FpSpec<$n>>::P;
            const NAME: &'static str = "twin";
        }
    )*};
}

montgomery_twin! {
    P521Mont of P521, 9;
    Secp256k1Mont of Secp256k1, 4;
    Secp224k1Mont of Secp224k1, 4;
    Secp192k1Mont of Secp192k1, 3;
    Secp160k1Mont of Secp160k1, 3;
    Secp160r1Mont of Secp160r1, 3;
    Wtls8Mont of Wtls8, 2;
    Wtls9Mont of Wtls9, 3;
}

/// Operands that maximise carries in the products: words of all ones, p − 1 and its
/// neighbours, the top bit alone, and alternating patterns, plus random ones.
fn carry_heavy<const N: usize>(p: &[u64; N], seed: u64) -> Vec<[u64; N]> {
    let pb = big_of_words(p);
    let bits = pb.bits() as u32;
    let mut out: Vec<BigUint> = vec![
        &pb - 1u8,
        &pb - 2u8,
        (BigUint::one() << bits) - 1u8,
        (BigUint::one() << (bits - 1)) - 1u8,
        BigUint::one() << (bits - 1),
        big_of_words(&[0xaaaa_aaaa_aaaa_aaaa; N]),
        big_of_words(&[0x5555_5555_5555_5555; N]),
        big_of_words(&[u64::MAX; N]),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..40 {
        // High words all ones, low words random: long carry runs.
        let mut w = [u64::MAX; N];
        let k = (rng.next_u64() as usize) % N;
        for x in w.iter_mut().take(k) {
            *x = rng.next_u64();
        }
        out.push(big_of_words(&w));
        let w: Vec<u64> = (0..N).map(|_| rng.next_u64()).collect();
        out.push(big_of_words(&w));
    }
    out.iter()
        .map(|v| {
            let w = words_of_big(&(v % &pb), N);
            w.try_into().unwrap()
        })
        .collect()
}

fn special_matches_montgomery<const N: usize, C: FpSpec<N>, M: FpSpec<N>>(kind: Reduction) {
    assert_eq!(C::REDUCTION, kind);
    assert_eq!(M::REDUCTION, Reduction::Montgomery);
    let vals = carry_heavy(&C::P, N as u64);
    for a in &vals {
        let (xc, xm) = (
            Fp::<N, C>::from_canonical(*a).unwrap(),
            Fp::<N, M>::from_canonical(*a).unwrap(),
        );
        assert_eq!(xc.square().to_canonical(), xm.square().to_canonical());
        assert_eq!(
            xc.invert_vartime().map(|v| v.to_canonical()),
            xm.invert_vartime().map(|v| v.to_canonical())
        );
        for b in &vals {
            let (yc, ym) = (
                Fp::<N, C>::from_canonical(*b).unwrap(),
                Fp::<N, M>::from_canonical(*b).unwrap(),
            );
            assert_eq!((xc * yc).to_canonical(), (xm * ym).to_canonical());
        }
    }
}

#[test]
fn crandall_against_montgomery() {
    let c = Reduction::Crandall;
    special_matches_montgomery::<9, P521, P521Mont>(c);
    special_matches_montgomery::<4, Secp256k1, Secp256k1Mont>(c);
    special_matches_montgomery::<4, Secp224k1, Secp224k1Mont>(c);
    special_matches_montgomery::<3, Secp192k1, Secp192k1Mont>(c);
    special_matches_montgomery::<3, Secp160k1, Secp160k1Mont>(c);
    special_matches_montgomery::<3, Secp160r1, Secp160r1Mont>(c);
    special_matches_montgomery::<2, Wtls8, Wtls8Mont>(c);
    special_matches_montgomery::<3, Wtls9, Wtls9Mont>(c);
}

// The generic type's Goldilocks fold on p448 is checked against the big-integer oracle by
// `check_all` (the `p448_generic` test) and here; the dedicated `Fp448` that `ed448` runs
// on, by `check_all` (`p448`) and `p448_field.rs`. A Montgomery twin, as for the Crandall
// primes, would compile a second 7-word field into the suite for no extra evidence.
// 2^(64N) − 2^(32N) − 1 is prime only for N = 7 among N ≤ 9, but the Goldilocks fold
// needs no primality: these composite moduli exercise its even-N and other odd-N word
// layouts (h = 32N word-aligned or not) on products and squares, against the oracle.
ecsm::fp_spec!(
    Golden2,
    FpGolden2,
    2,
    "fffffffffffffffeffffffffffffffff",
    "golden2",
    Goldilocks
);
ecsm::fp_spec!(
    Golden4,
    FpGolden4,
    4,
    "fffffffffffffffffffffffffffffffeffffffffffffffffffffffffffffffff",
    "golden4",
    Goldilocks
);
ecsm::fp_spec!(
    Golden5,
    FpGolden5,
    5,
    "fffffffffffffffffffffffffffffffffffffffeffffffffffffffffffffffffffffffffffffffff",
    "golden5",
    Goldilocks
);

fn golden_products_match_oracle<const N: usize, S: FpSpec<N>>() {
    let p = big_of_words(&S::P);
    assert_eq!(
        p,
        (BigUint::one() << (64 * N)) - (BigUint::one() << (32 * N)) - 1u8
    );
    let vals = carry_heavy(&S::P, 11 * N as u64);
    for a in &vals {
        let x = Fp::<N, S>::from_canonical(*a).unwrap();
        let xb = big_of_words(a);
        assert_eq!(big_of_words(&x.square().to_canonical()), &xb * &xb % &p);
        for b in &vals {
            let y = Fp::<N, S>::from_canonical(*b).unwrap();
            let want = &xb * big_of_words(b) % &p;
            assert_eq!(
                big_of_words(&(x * y).to_canonical()),
                want,
                "{a:x?} * {b:x?}"
            );
        }
    }
}

#[test]
fn goldilocks_fold_on_every_word_layout() {
    golden_products_match_oracle::<2, Golden2>();
    golden_products_match_oracle::<4, Golden4>();
    golden_products_match_oracle::<5, Golden5>();
    golden_products_match_oracle::<7, P448>();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Products from arbitrary words (reduced mod p by the oracle), for the two
    /// 256-bit primes with the most special shapes.
    #[test]
    fn products_match_oracle(a in any::<[u64; 4]>(), b in any::<[u64; 4]>()) {
        fn one<F: PrimeField>(a: &[u64; 4], b: &[u64; 4]) -> Result<(), TestCaseError> {
            let p = modulus::<F>();
            let (ab, bb) = (big_of_words(a) % &p, big_of_words(b) % &p);
            let (x, y): (F, F) = (elem(&ab), elem(&bb));
            prop_assert_eq!(big(&(x * y)), &ab * &bb % &p);
            prop_assert_eq!(big(&x.square()), &ab * &ab % &p);
            prop_assert_eq!(big(&(x + y)), (&ab + &bb) % &p);
            Ok(())
        }
        one::<FpP256>(&a, &b)?;
        one::<FpSecp256k1>(&a, &b)?;
        one::<FpBrainpoolP256>(&a, &b)?;
    }
}

// ---------------------------------------------------------------------------------
// Constants, the cost model.
// ---------------------------------------------------------------------------------

#[test]
fn const_constructors() {
    const B: FpP256 =
        FpP256::const_from_hex("5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b");
    let bytes: Vec<u8> = (0..32)
        .map(|i| {
            u8::from_str_radix(
                &"5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b"
                    [2 * i..2 * i + 2],
                16,
            )
            .unwrap()
        })
        .collect();
    assert_eq!(B, FpP256::from_bytes(&bytes).unwrap());
    const G: FpSecp256k1 = FpSecp256k1::const_from_words([7, 0, 0, 0]);
    assert_eq!(G, FpSecp256k1::from_u64(7));
    assert_eq!(FpP256::MODULUS, P256::P);
}

#[test]
fn counted_prime_field_matches_plain() {
    type C = Counted<FpP256>;
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let (a, b) = (FpP256::random(&mut rng), FpP256::random(&mut rng));
    let (r, counts) = measure(|| {
        let x = Counted(a) * Counted(b);
        let y = x.square() + Counted(a);
        (y - Counted(b)).invert().unwrap()
    });
    assert_eq!(r.inner(), ((a * b).square() + a - b).invert().unwrap());
    assert_eq!(
        (counts.mul, counts.sqr, counts.add, counts.inv),
        (1, 1, 2, 1)
    );
    let (_, one_mul) = measure(|| Counted(a) * Counted(b));
    assert_eq!(one_mul.mul, 1);
    // The PrimeField queries forward and count nothing.
    let (_, none) = measure(|| {
        let c = C::from_u64(5);
        assert_eq!(c.to_words(), FpP256::from_u64(5).to_words());
        assert_eq!(C::from_words(&c.to_words()).unwrap(), c);
        assert!(c.is_odd());
        assert_eq!(c.legendre(), FpP256::from_u64(5).legendre());
        assert_eq!(C::modulus(), FpP256::modulus());
        assert_eq!(C::BITS, 256);
    });
    assert_eq!(none, Default::default());
    // Generic code run on Counted gives the plain result.
    let e = [0x1234_5678_9abc_def0u64, 3];
    let (p, counts) = measure(|| Counted(a).pow_vartime(&e));
    assert_eq!(p.inner(), a.pow_vartime(&e));
    assert_eq!(counts.sqr, 128);
    assert_eq!(
        counts.mul as u32,
        e.iter().map(|w| w.count_ones()).sum::<u32>()
    );
}
