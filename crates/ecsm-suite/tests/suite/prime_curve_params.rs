//! Independent checks of the named prime-field curve table (`ecsm::curves::prime_params`).
//!
//! Nothing here trusts the table: primality is tested with Miller–Rabin, the group law is
//! a slow, obvious affine reference over `BigUint` written below, and the structural facts
//! (special primes, a = −3, a = 0, Brainpool twists) come from the standards' text.

use ecsm::curves::prime_params::{find_prime_curve, PrimeCurveParams, PRIME_CURVES};
use num_bigint::BigUint;

fn big(v: u64) -> BigUint {
    BigUint::from(v)
}

fn hex(s: &str) -> BigUint {
    BigUint::parse_bytes(s.as_bytes(), 16).unwrap_or_else(|| panic!("bad hex {s:?}"))
}

/// 2^k as a big integer, for the special-form primes.
fn pow2(k: u32) -> BigUint {
    BigUint::from(1u32) << k
}

// ---------------------------------------------------------------------------------------
// Miller–Rabin with fixed bases.
// ---------------------------------------------------------------------------------------

/// The first twelve primes: as Miller–Rabin bases they make the test deterministic below
/// 3.18·10^23 (Sorenson–Webster 2015); above that a composite passing all twelve would
/// have to be a strong pseudoprime to each of them, which no published curve value is.
const MR_BASES: [u32; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];

/// Miller–Rabin: write m − 1 = 2^s·d with d odd; m is a probable prime to base b when
/// b^d ≡ 1 or b^(2^r·d) ≡ −1 (mod m) for some 0 ≤ r < s.
fn is_probable_prime(m: &BigUint) -> bool {
    let one = big(1);
    let two = big(2);
    if *m < two {
        return false;
    }
    for &b in &MR_BASES {
        if *m == big(b.into()) {
            return true;
        }
        if (m % b) == BigUint::ZERO {
            return false;
        }
    }
    let m_minus_1 = m - &one;
    let s = m_minus_1.trailing_zeros().expect("m > 1 so m - 1 > 0");
    let d = &m_minus_1 >> s;
    'bases: for &b in &MR_BASES {
        let mut x = big(b.into()).modpow(&d, m);
        if x == one || x == m_minus_1 {
            continue;
        }
        for _ in 1..s {
            x = (&x * &x) % m;
            if x == m_minus_1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

fn is_prime_by_trial_division(m: u64) -> bool {
    m >= 2
        && (2..)
            .take_while(|d| d * d <= m)
            .all(|d| !m.is_multiple_of(d))
}

#[test]
fn miller_rabin_agrees_with_trial_division_and_rejects_known_pseudoprimes() {
    for m in 0..5000u64 {
        assert_eq!(
            is_probable_prime(&big(m)),
            is_prime_by_trial_division(m),
            "m = {m}"
        );
    }
    // Carmichael numbers fool the Fermat test, not Miller–Rabin.
    for c in [561u64, 1105, 1729, 2465, 2821, 6601, 8911, 41041, 825265] {
        assert!(!is_probable_prime(&big(c)), "{c}");
    }
    // 3215031751 = 151·751·28351 is a strong pseudoprime to bases 2, 3, 5 and 7.
    assert!(!is_probable_prime(&big(3_215_031_751)));
    // Mersenne numbers: 2^61 − 1 and 2^127 − 1 are prime, 2^67 − 1 = 193707721·761838257287
    // is not (Cole, 1903).
    assert!(is_probable_prime(&(pow2(61) - 1u32)));
    assert!(is_probable_prime(&(pow2(127) - 1u32)));
    assert!(!is_probable_prime(&(pow2(67) - 1u32)));
    // A product of two large primes.
    let p = pow2(127) - 1u32;
    let q = pow2(61) - 1u32;
    assert!(!is_probable_prime(&(&p * &q)));
}

// ---------------------------------------------------------------------------------------
// The slow reference: affine short-Weierstrass arithmetic over BigUint.
// ---------------------------------------------------------------------------------------

/// A point of y² = x³ + ax + b: the point at infinity O or an affine (x, y), 0 ≤ x, y < p.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Point {
    Infinity,
    Affine(BigUint, BigUint),
}

/// The curve y² = x³ + ax + b over GF(p), p an odd prime > 3; a, b reduced mod p.
struct Curve {
    p: BigUint,
    a: BigUint,
    b: BigUint,
}

impl Curve {
    fn new(p: BigUint, a: BigUint, b: BigUint) -> Self {
        assert!(a < p && b < p);
        Curve { p, a, b }
    }

    fn from_params(c: &PrimeCurveParams) -> Self {
        Curve::new(hex(c.p), hex(c.a), hex(c.b))
    }

    fn add_mod(&self, x: &BigUint, y: &BigUint) -> BigUint {
        (x + y) % &self.p
    }

    /// x − y mod p for x, y in [0, p): adding p first keeps the BigUint non-negative.
    fn sub_mod(&self, x: &BigUint, y: &BigUint) -> BigUint {
        (x + &self.p - y) % &self.p
    }

    fn mul_mod(&self, x: &BigUint, y: &BigUint) -> BigUint {
        (x * y) % &self.p
    }

    /// 1/x by the extended Euclidean algorithm on (p, x), keeping only the coefficient of
    /// x, reduced mod p: the invariant r_i ≡ s_i·x (mod p) holds for both rows, and the
    /// last nonzero remainder gcd(p, x) = 1 gives 1 ≡ s·x. Fermat's x^(p−2) gives the
    /// same value (`euclid_inverse_agrees_with_fermat`); the two cost about the same on the
    /// named curves, and Euclid is far cheaper on the tiny test curves.
    fn inv_mod(&self, x: &BigUint) -> BigUint {
        assert!(*x != BigUint::ZERO, "the reference never inverts 0");
        let (mut r0, mut r1) = (self.p.clone(), x.clone());
        let (mut s0, mut s1) = (BigUint::ZERO, big(1));
        while r1 != BigUint::ZERO {
            let q = &r0 / &r1;
            let r2 = &r0 - &q * &r1;
            let s2 = self.sub_mod(&s0, &((&q * &s1) % &self.p));
            (r0, r1) = (r1, r2);
            (s0, s1) = (s1, s2);
        }
        assert_eq!(r0, big(1), "p is prime, so every nonzero x is invertible");
        s0
    }

    /// x³ + ax + b mod p.
    fn rhs(&self, x: &BigUint) -> BigUint {
        let x3 = self.mul_mod(&self.mul_mod(x, x), x);
        self.add_mod(&self.add_mod(&x3, &self.mul_mod(&self.a, x)), &self.b)
    }

    fn is_on_curve(&self, pt: &Point) -> bool {
        match pt {
            Point::Infinity => true,
            Point::Affine(x, y) => *x < self.p && *y < self.p && self.mul_mod(y, y) == self.rhs(x),
        }
    }

    /// −(x, y) = (x, −y).
    fn neg(&self, pt: &Point) -> Point {
        match pt {
            Point::Infinity => Point::Infinity,
            Point::Affine(x, y) => Point::Affine(x.clone(), self.sub_mod(&BigUint::ZERO, y)),
        }
    }

    /// The chord-and-tangent law (e.g. Hankerson–Menezes–Vanstone, Guide to ECC, §3.1.2):
    /// the line through P and Q (the tangent when P = Q) meets the curve in a third point,
    /// whose reflection is P + Q. With slope λ,
    ///   x₃ = λ² − x₁ − x₂,   y₃ = λ(x₁ − x₃) − y₁,
    /// where λ = (y₂ − y₁)/(x₂ − x₁) for x₁ ≠ x₂ and λ = (3x₁² + a)/(2y₁) for P = Q.
    fn add(&self, p1: &Point, p2: &Point) -> Point {
        let (x1, y1, x2, y2) = match (p1, p2) {
            (Point::Infinity, q) | (q, Point::Infinity) => return q.clone(),
            (Point::Affine(x1, y1), Point::Affine(x2, y2)) => (x1, y1, x2, y2),
        };
        if x1 == x2 {
            // Same x: Q = P or Q = −P. The vertical line (P + (−P), including the tangent
            // at a 2-torsion point where y = 0) meets the curve only at infinity.
            if self.add_mod(y1, y2) == BigUint::ZERO {
                return Point::Infinity;
            }
            return self.double(p1);
        }
        let lambda = self.mul_mod(&self.sub_mod(y2, y1), &self.inv_mod(&self.sub_mod(x2, x1)));
        self.third_point(&lambda, x1, y1, x2)
    }

    /// [2]P with the tangent slope λ = (3x² + a)/(2y); O when y = 0 (P has order 2).
    fn double(&self, pt: &Point) -> Point {
        let (x, y) = match pt {
            Point::Infinity => return Point::Infinity,
            Point::Affine(x, y) => (x, y),
        };
        if *y == BigUint::ZERO {
            return Point::Infinity;
        }
        let num = self.add_mod(&self.mul_mod(&big(3), &self.mul_mod(x, x)), &self.a);
        let den = self.add_mod(y, y);
        let lambda = self.mul_mod(&num, &self.inv_mod(&den));
        self.third_point(&lambda, x, y, x)
    }

    fn third_point(&self, lambda: &BigUint, x1: &BigUint, y1: &BigUint, x2: &BigUint) -> Point {
        let x3 = self.sub_mod(&self.sub_mod(&self.mul_mod(lambda, lambda), x1), x2);
        let y3 = self.sub_mod(&self.mul_mod(lambda, &self.sub_mod(x1, &x3)), y1);
        Point::Affine(x3, y3)
    }

    /// [k]P by left-to-right double-and-add over the bits of k. For odd k the last step
    /// is [k−1]P + P, so [n]G = O is reached through the P + (−P) branch of `add`.
    fn mul(&self, k: &BigUint, pt: &Point) -> Point {
        let mut acc = Point::Infinity;
        for i in (0..k.bits()).rev() {
            acc = self.double(&acc);
            if k.bit(i) {
                acc = self.add(&acc, pt);
            }
        }
        acc
    }
}

/// Every point of a tiny curve, by trying every (x, y).
fn all_points(c: &Curve) -> Vec<Point> {
    let p = u64::try_from(&c.p).unwrap();
    let mut pts = vec![Point::Infinity];
    for x in 0..p {
        for y in 0..p {
            let pt = Point::Affine(big(x), big(y));
            if c.is_on_curve(&pt) {
                pts.push(pt);
            }
        }
    }
    pts
}

/// The reference must itself be a group law: checked exhaustively on tiny curves, one of
/// them with a point of order 2 so the y = 0 branches are taken.
#[test]
fn reference_group_law_on_tiny_curves() {
    // y² = x³ + x over GF(103): supersingular since 103 ≡ 3 (mod 4), so it has exactly
    // p + 1 = 104 points; (0, 0) has order 2.
    // y² = x³ + 2x + 3 over GF(97): its order is taken from the brute-force count.
    for (p, a, b, known_order) in [(103u64, 1u64, 0u64, Some(104usize)), (97, 2, 3, None)] {
        let c = Curve::new(big(p), big(a), big(b));
        let pts = all_points(&c);
        if let Some(order) = known_order {
            assert_eq!(pts.len(), order, "p = {p}");
        }
        let order = big(pts.len() as u64);
        for (i, p1) in pts.iter().enumerate() {
            assert_eq!(c.add(p1, &c.neg(p1)), Point::Infinity);
            assert_eq!(c.add(p1, &Point::Infinity), *p1);
            assert_eq!(c.double(p1), c.add(p1, p1));
            // Lagrange: the order of every point divides #E.
            assert_eq!(c.mul(&order, p1), Point::Infinity, "p = {p}, {p1:?}");
            // [k]P by the ladder equals k repeated additions.
            let mut sum = Point::Infinity;
            for k in 0..12u64 {
                assert_eq!(c.mul(&big(k), p1), sum, "p = {p}, k = {k}");
                sum = c.add(&sum, p1);
            }
            for (j, p2) in pts.iter().enumerate() {
                let s = c.add(p1, p2);
                assert!(c.is_on_curve(&s));
                assert_eq!(s, c.add(p2, p1));
                // Associativity on a thinned set of triples (all triples would be ~10⁶).
                if (i + j) % 7 == 0 {
                    for p3 in pts.iter().step_by(5) {
                        assert_eq!(c.add(&s, p3), c.add(p1, &c.add(p2, p3)));
                    }
                }
            }
        }
        if a == 1 && b == 0 {
            let t = Point::Affine(big(0), big(0));
            assert_eq!(c.double(&t), Point::Infinity);
        }
    }
}

// ---------------------------------------------------------------------------------------
// The table.
// ---------------------------------------------------------------------------------------

#[test]
fn fields_are_lowercase_hex_of_the_documented_length() {
    for c in PRIME_CURVES {
        let field_len = hex(c.p).bits().div_ceil(8) as usize * 2;
        let order_len = hex(c.n).bits().div_ceil(8) as usize * 2;
        for (what, s, len) in [
            ("p", c.p, field_len),
            ("a", c.a, field_len),
            ("b", c.b, field_len),
            ("gx", c.gx, field_len),
            ("gy", c.gy, field_len),
            ("n", c.n, order_len),
        ] {
            assert!(
                s.bytes().all(|ch| matches!(ch, b'0'..=b'9' | b'a'..=b'f')),
                "{}: {what} is not lowercase hex",
                c.name
            );
            assert_eq!(s.len(), len, "{}: {what}", c.name);
        }
        assert!(!c.source.is_empty(), "{}", c.name);
    }
}

#[test]
fn p_and_n_are_prime_and_the_cofactor_matches_hasse() {
    for c in PRIME_CURVES {
        let (p, n) = (hex(c.p), hex(c.n));
        assert!(p > big(3) && p.bit(0), "{}: p must be odd and > 3", c.name);
        assert!(is_probable_prime(&p), "{}: p is not prime", c.name);
        assert!(is_probable_prime(&n), "{}: n is not prime", c.name);
        assert!(c.h >= 1, "{}", c.name);
        // Hasse: #E = p + 1 − t with t² ≤ 4p. Squaring avoids a square root.
        let order = &n * c.h;
        let p1 = &p + 1u32;
        let t = if order > p1 {
            &order - &p1
        } else {
            &p1 - &order
        };
        assert!(
            &t * &t <= &p * 4u32,
            "{}: h·n outside the Hasse interval",
            c.name
        );
        // n > 4√p: the Hasse interval (width 4√p) holds at most one multiple of n, and
        // [n]G = O (checked below) makes n divide #E, so #E = h·n: h is the cofactor.
        assert!(&n * &n > &p * 16u32, "{}: n too small to pin h", c.name);
    }
}

#[test]
fn curves_are_nonsingular_and_g_is_on_them() {
    for c in PRIME_CURVES {
        let e = Curve::from_params(c);
        let (gx, gy) = (hex(c.gx), hex(c.gy));
        assert!(gx < e.p && gy < e.p, "{}", c.name);
        // The discriminant −16(4a³ + 27b²) vanishes exactly for singular curves.
        let a3 = e.mul_mod(&e.mul_mod(&e.a, &e.a), &e.a);
        let b2 = e.mul_mod(&e.b, &e.b);
        let disc = e.add_mod(&e.mul_mod(&big(4), &a3), &e.mul_mod(&big(27), &b2));
        assert_ne!(disc, BigUint::ZERO, "{}: singular", c.name);
        assert!(
            e.is_on_curve(&Point::Affine(gx, gy)),
            "{}: G not on the curve",
            c.name
        );
    }
}

#[test]
fn g_has_order_n() {
    for c in PRIME_CURVES {
        let e = Curve::from_params(c);
        let g = Point::Affine(hex(c.gx), hex(c.gy));
        let n = hex(c.n);
        let minus_g = e.neg(&g);
        assert_ne!(g, minus_g, "{}: G of order 2", c.name);
        // n is an odd prime, so the binary ladder for n runs exactly the steps of the
        // ladder for n − 1 and then adds G: [n]G = [n−1]G + G. Running the ladder for
        // n − 1 once and taking the last step here checks both facts at the cost of one.
        assert!(n.bit(0), "{}", c.name);
        let q = e.mul(&(&n - 1u32), &g);
        assert_eq!(q, minus_g, "{}: [n−1]G ≠ −G", c.name);
        // The last step is (−G) + G: the P + (−P) branch must give O exactly.
        assert_eq!(e.add(&q, &g), Point::Infinity, "{}: [n]G ≠ O", c.name);
    }
}

#[test]
fn ladder_last_step_is_an_addition_of_p() {
    // The shortcut above relies on mul(k) = add(mul(k − 1), P) for odd k; check it on a
    // real curve with scalars of every size up to n.
    let c = curve("P-256");
    let e = Curve::from_params(c);
    let g = Point::Affine(hex(c.gx), hex(c.gy));
    let n = hex(c.n);
    for k in [
        big(1),
        big(3),
        big(0xffff_ffff),
        &n >> 128,
        &n >> 1,
        n.clone(),
    ] {
        let k = if k.bit(0) { k } else { k + 1u32 };
        assert_eq!(
            e.mul(&k, &g),
            e.add(&e.mul(&(&k - 1u32), &g), &g),
            "k = {k:x}"
        );
    }
    assert_eq!(e.mul(&n, &g), Point::Infinity);
}

#[test]
fn euclid_inverse_agrees_with_fermat() {
    for c in PRIME_CURVES {
        let e = Curve::from_params(c);
        let p = &e.p;
        for x in [big(1), big(2), hex(c.gx), hex(c.gy), p - 1u32, p >> 1] {
            let inv = e.inv_mod(&x);
            assert_eq!(e.mul_mod(&inv, &x), big(1), "{}", c.name);
            assert_eq!(inv, x.modpow(&(p - 2u32), p), "{}", c.name);
        }
    }
}

fn curve(name: &str) -> &'static PrimeCurveParams {
    find_prime_curve(name).unwrap_or_else(|| panic!("{name} missing"))
}

/// Facts stated in the standards' text, independent of the hex tables.
#[test]
fn published_structure() {
    let p = |name: &str| hex(curve(name).p);
    // FIPS 186-4 D.1.2 and SEC 2 give the NIST and SECG primes in closed form.
    assert_eq!(p("P-192"), pow2(192) - pow2(64) - 1u32);
    assert_eq!(p("P-224"), pow2(224) - pow2(96) + 1u32);
    assert_eq!(
        p("P-256"),
        pow2(256) - pow2(224) + pow2(192) + pow2(96) - 1u32
    );
    assert_eq!(
        p("P-384"),
        pow2(384) - pow2(128) - pow2(96) + pow2(32) - 1u32
    );
    assert_eq!(p("P-521"), pow2(521) - 1u32);
    // SEC 2 v1.0 §2.2.1: p = (2^128 − 3)/76439.
    assert_eq!(p("secp112r1") * 76439u32, pow2(128) - 3u32);
    assert_eq!(p("secp112r2"), p("secp112r1"));
    assert_eq!(p("secp128r1"), pow2(128) - pow2(97) - 1u32);
    assert_eq!(p("secp128r2"), p("secp128r1"));
    assert_eq!(p("secp160r1"), pow2(160) - pow2(31) - 1u32);
    // The Koblitz primes 2^k − 2^32 − c (SEC 2 lists c as a sum of powers of two).
    assert_eq!(p("secp160k1"), pow2(160) - pow2(32) - 21389u32);
    assert_eq!(p("secp160r2"), p("secp160k1"));
    assert_eq!(p("secp192k1"), pow2(192) - pow2(32) - 4553u32);
    assert_eq!(p("secp224k1"), pow2(224) - pow2(32) - 6803u32);
    assert_eq!(p("secp256k1"), pow2(256) - pow2(32) - 977u32);
    // GM/T 0003.5-2012: p = 2^256 − 2^224 − 2^96 + 2^64 − 1.
    assert_eq!(p("SM2"), pow2(256) - pow2(224) - pow2(96) + pow2(64) - 1u32);
    // X9.62 curves share the NIST prime of their size.
    for v in ["prime192v2", "prime192v3"] {
        assert_eq!(p(v), p("P-192"));
    }

    // secp*k1: a = 0, small b (SEC 2 §2.1: Koblitz curves with efficient endomorphism).
    for (name, b) in [
        ("secp160k1", 7u32),
        ("secp192k1", 3),
        ("secp224k1", 5),
        ("secp256k1", 7),
    ] {
        let c = curve(name);
        assert_eq!(hex(c.a), BigUint::ZERO, "{name}");
        assert_eq!(hex(c.b), big(b.into()), "{name}");
    }
    // a = −3 for the NIST/SECG random curves, the X9.62 curves and SM2.
    for name in [
        "secp112r1",
        "secp128r1",
        "secp160r1",
        "secp160r2",
        "P-192",
        "P-224",
        "P-256",
        "P-384",
        "P-521",
        "prime192v2",
        "prime192v3",
        "prime239v1",
        "prime239v2",
        "prime239v3",
        "SM2",
    ] {
        let c = curve(name);
        assert_eq!(hex(c.a), hex(c.p) - 3u32, "{name}");
    }
    // RFC 5639 §3: each brainpoolPxxxt1 is a twist of brainpoolPxxxr1 with a = −3: the
    // same field, the same group order.
    for bits in [160, 192, 224, 256, 320, 384, 512] {
        let r = curve(&format!("brainpoolP{bits}r1"));
        let t = curve(&format!("brainpoolP{bits}t1"));
        assert_eq!((r.p, r.n, r.h), (t.p, t.n, t.h), "{bits}");
        assert_eq!(hex(t.a), hex(t.p) - 3u32, "{bits}");
        assert_ne!(r.a, t.a);
    }
    // The size in a SEC 2, X9.62 or Brainpool name is the bit length of p.
    for c in PRIME_CURVES {
        let digits: String = c
            .name
            .trim_start_matches("secp")
            .trim_start_matches("prime")
            .trim_start_matches("brainpoolP")
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        if !digits.is_empty() {
            assert_eq!(hex(c.p).bits().to_string(), digits, "{}", c.name);
        }
    }
    // The cofactors other than 1 (SEC 2 v1.0 §2.2.2, §2.3.2).
    let non_one: Vec<_> = PRIME_CURVES
        .iter()
        .filter(|c| c.h != 1)
        .map(|c| (c.name, c.h))
        .collect();
    assert_eq!(non_one, [("secp112r2", 4), ("secp128r2", 4)]);
}

/// The prime-field curves of `openssl ecparam -list_curves` (OpenSSL 3.0), in its order.
const OPENSSL_PRIME_CURVES: [&str; 40] = [
    "secp112r1",
    "secp112r2",
    "secp128r1",
    "secp128r2",
    "secp160k1",
    "secp160r1",
    "secp160r2",
    "secp192k1",
    "secp224k1",
    "secp224r1",
    "secp256k1",
    "secp384r1",
    "secp521r1",
    "prime192v1",
    "prime192v2",
    "prime192v3",
    "prime239v1",
    "prime239v2",
    "prime239v3",
    "prime256v1",
    "wap-wsg-idm-ecid-wtls6",
    "wap-wsg-idm-ecid-wtls7",
    "wap-wsg-idm-ecid-wtls8",
    "wap-wsg-idm-ecid-wtls9",
    "wap-wsg-idm-ecid-wtls12",
    "brainpoolP160r1",
    "brainpoolP160t1",
    "brainpoolP192r1",
    "brainpoolP192t1",
    "brainpoolP224r1",
    "brainpoolP224t1",
    "brainpoolP256r1",
    "brainpoolP256t1",
    "brainpoolP320r1",
    "brainpoolP320t1",
    "brainpoolP384r1",
    "brainpoolP384t1",
    "brainpoolP512r1",
    "brainpoolP512t1",
    "SM2",
];

fn index_of(c: &PrimeCurveParams) -> usize {
    PRIME_CURVES.iter().position(|d| d.name == c.name).unwrap()
}

#[test]
fn every_openssl_name_resolves_in_openssl_order() {
    // Each OpenSSL name finds an entry; the entries, taken at their first mention, appear
    // in OpenSSL's order and cover the whole table.
    let mut first_mentions = Vec::new();
    for name in OPENSSL_PRIME_CURVES {
        let i = index_of(curve(name));
        if !first_mentions.contains(&i) {
            first_mentions.push(i);
        }
    }
    assert_eq!(first_mentions, (0..PRIME_CURVES.len()).collect::<Vec<_>>());
    assert_eq!(PRIME_CURVES.len(), 37);

    // The merged names: the same entry, under its SEC 2 name.
    for (alias, canonical) in [
        ("prime192v1", "secp192r1"),
        ("prime256v1", "secp256r1"),
        ("wap-wsg-idm-ecid-wtls6", "secp112r1"),
        ("wap-wsg-idm-ecid-wtls7", "secp160r2"),
        ("wap-wsg-idm-ecid-wtls12", "secp224r1"),
        ("P-192", "secp192r1"),
        ("P-224", "secp224r1"),
        ("P-256", "secp256r1"),
        ("P-384", "secp384r1"),
        ("P-521", "secp521r1"),
        ("wtls6", "secp112r1"),
        ("wtls7", "secp160r2"),
        ("wtls8", "wap-wsg-idm-ecid-wtls8"),
        ("wtls9", "wap-wsg-idm-ecid-wtls9"),
        ("wtls12", "secp224r1"),
        ("sm2", "SM2"),
    ] {
        assert_eq!(curve(alias).name, canonical, "{alias}");
    }
}

#[test]
fn names_are_unique_and_found_case_insensitively() {
    let mut seen: Vec<String> = Vec::new();
    for c in PRIME_CURVES {
        for name in core::iter::once(&c.name).chain(c.aliases) {
            let lower = name.to_ascii_lowercase();
            assert!(!seen.contains(&lower), "{name} appears twice");
            seen.push(lower.clone());
            for variant in [name.to_string(), lower, name.to_ascii_uppercase()] {
                let found = find_prime_curve(&variant);
                assert!(found.is_some_and(|f| f.name == c.name), "{variant}");
            }
        }
    }
    for unknown in [
        "",
        "P-257",
        "P256",
        " P-256",
        "secp256r2",
        "brainpoolP256",
        "wtls1",
        "sect163k1",
        "Curve25519",
    ] {
        assert_eq!(find_prime_curve(unknown), None, "{unknown:?}");
    }
}
