//! crrl's P-256 and secp256k1 (crates.io `crrl`, features `p256` and `secp256k1`) as peers:
//! their constant-time variable-base point multiplication timed on the same machine, and a
//! multiplication in ecsm's encoding for cross-checks.
//!
//! # Encodings
//!
//! Both sides speak SEC 1: crrl's `Point::decode` (src/p256.rs and src/secp256k1.rs, "Tries
//! to decode a point") accepts `00` for the point at infinity, `02`/`03` ‖ x and `04` ‖ x ‖ y
//! with big-endian 32-byte coordinates, checks that they are below p and that the point is
//! on the curve, and rejects the hybrid `06`/`07` form. So our encoded points go to crrl
//! unchanged. Back, `encode_uncompressed` writes `04` ‖ x ‖ y as ours does, except for the
//! neutral, which it writes as 65 zero bytes ("NOT the standard encoding of the neutral"):
//! that one becomes our `00`.
//!
//! Scalars are big-endian here (as for the other peers) while crrl's `Scalar::decode_reduce`
//! reads little-endian bytes of any length and reduces them mod n. Both curves have
//! cofactor 1, so \[k mod n\]P = \[k\]P for every point P: no subgroup question arises.
//!
//! # What is timed
//!
//! crrl's `Point * Scalar` (`set_mul`): on P-256 signed 5-bit windows, on secp256k1 the
//! GLV split by its endomorphism and two signed 5-bit windows; both constant-time, with
//! complete formulas (Renes–Costello–Batina) in projective coordinates.
//!
//! The two curves share every function below through [`CrrlWeierstrass`], a trait over the
//! few crrl items used: crrl gives the two modules the same API but no common trait.

use ecsm::experiments::timing::{time_chain, BenchConfig, Timing};
use rand::{RngCore, SeedableRng};
use std::ops::MulAssign;

/// The part of a crrl short Weierstrass module (`crrl::p256`, `crrl::secp256k1`) used here.
pub trait CrrlWeierstrass {
    /// crrl's `Point`.
    type Point: Copy + MulAssign<Self::Scalar>;
    /// crrl's `Scalar`, the integers mod n.
    type Scalar: Copy;
    /// Our canonical name of the curve.
    const NAME: &'static str;
    /// crrl's `Point::BASE`, the standard generator (also ours).
    fn base() -> Self::Point;
    /// crrl's `Point::decode` (SEC 1, see the module docs).
    fn decode(bytes: &[u8]) -> Option<Self::Point>;
    /// crrl's `Point::encode_uncompressed` (65 zero bytes for the neutral).
    fn encode_uncompressed(p: Self::Point) -> [u8; 65];
    /// crrl's `Point::isneutral`, as a bool.
    fn is_neutral(p: Self::Point) -> bool;
    /// crrl's `Scalar::decode_reduce`: little-endian bytes of any length, reduced mod n.
    fn scalar_decode_reduce(le: &[u8]) -> Self::Scalar;
    /// crrl's `Scalar::iszero`, as a bool.
    fn scalar_is_zero(k: Self::Scalar) -> bool;
}

/// NIST P-256 (our `secp256r1`), `crrl::p256`.
pub struct P256;

/// secp256k1, `crrl::secp256k1`.
pub struct Secp256k1;

impl CrrlWeierstrass for P256 {
    type Point = crrl::p256::Point;
    type Scalar = crrl::p256::Scalar;
    const NAME: &'static str = "secp256r1";
    fn base() -> Self::Point {
        crrl::p256::Point::BASE
    }
    fn decode(bytes: &[u8]) -> Option<Self::Point> {
        crrl::p256::Point::decode(bytes)
    }
    fn encode_uncompressed(p: Self::Point) -> [u8; 65] {
        p.encode_uncompressed()
    }
    fn is_neutral(p: Self::Point) -> bool {
        p.isneutral() != 0
    }
    fn scalar_decode_reduce(le: &[u8]) -> Self::Scalar {
        crrl::p256::Scalar::decode_reduce(le)
    }
    fn scalar_is_zero(k: Self::Scalar) -> bool {
        k.iszero() != 0
    }
}

impl CrrlWeierstrass for Secp256k1 {
    type Point = crrl::secp256k1::Point;
    type Scalar = crrl::secp256k1::Scalar;
    const NAME: &'static str = "secp256k1";
    fn base() -> Self::Point {
        crrl::secp256k1::Point::BASE
    }
    fn decode(bytes: &[u8]) -> Option<Self::Point> {
        crrl::secp256k1::Point::decode(bytes)
    }
    fn encode_uncompressed(p: Self::Point) -> [u8; 65] {
        p.encode_uncompressed()
    }
    fn is_neutral(p: Self::Point) -> bool {
        p.isneutral() != 0
    }
    fn scalar_decode_reduce(le: &[u8]) -> Self::Scalar {
        crrl::secp256k1::Scalar::decode_reduce(le)
    }
    fn scalar_is_zero(k: Self::Scalar) -> bool {
        k.iszero() != 0
    }
}

/// A crrl point in our encoding: SEC 1 uncompressed, `00` for the point at infinity.
pub fn point_to_ours<C: CrrlWeierstrass>(p: C::Point) -> Vec<u8> {
    if C::is_neutral(p) {
        vec![0]
    } else {
        C::encode_uncompressed(p).to_vec()
    }
}

/// The scalar with big-endian bytes `k_be` (any length), reduced mod n.
fn scalar_from_be<C: CrrlWeierstrass>(k_be: &[u8]) -> C::Scalar {
    let le: Vec<u8> = k_be.iter().rev().copied().collect();
    C::scalar_decode_reduce(&le)
}

/// \[k\]P with crrl's constant-time `Point * Scalar`, P = `point` in SEC 1 (any of `00`,
/// compressed, uncompressed; `None` means the generator), `k_be` a big-endian integer of
/// any length. The result is SEC 1 uncompressed (`00` for O); `None` if crrl rejects the
/// point.
pub fn mul<C: CrrlWeierstrass>(k_be: &[u8], point: Option<&[u8]>) -> Option<Vec<u8>> {
    let mut p = match point {
        None => C::base(),
        Some(bytes) => C::decode(bytes)?,
    };
    p *= scalar_from_be::<C>(k_be);
    Some(point_to_ours::<C>(p))
}

/// Number of random scalars the multiplication chain cycles through.
const SCALARS: usize = 16;

/// Random non-zero scalars mod n from the seeded generator.
fn random_scalars<C: CrrlWeierstrass>(rng: &mut rand_chacha::ChaCha8Rng) -> [C::Scalar; SCALARS] {
    std::array::from_fn(|_| loop {
        // 64 bytes reduced mod n: uniform to within 2^-256.
        let mut bytes = [0u8; 64];
        rng.fill_bytes(&mut bytes);
        let k = C::scalar_decode_reduce(&bytes);
        if !C::scalar_is_zero(k) {
            break k;
        }
    })
}

/// Latency of crrl's variable-base multiplication `Point * Scalar` (see the module docs):
/// the chain P ← \[kᵢ\]P from a random point, cycling through random full-size scalars kᵢ.
pub fn mul_bench<C: CrrlWeierstrass>(cfg: BenchConfig, seed: u64) -> Timing {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let ks = random_scalars::<C>(&mut rng);
    let mut p0 = C::base();
    p0 *= ks[SCALARS - 1];
    // Each step multiplies the previous result, so no call can be skipped; the group has
    // prime order and the k's are non-zero mod n, so the chain never reaches O (which a
    // variable-time code might multiply faster; crrl's is constant-time anyway).
    time_chain(cfg, (p0, 0usize), |iters, (mut p, mut i)| {
        for _ in 0..iters {
            p *= ks[i % SCALARS];
            i += 1;
        }
        (p, i)
    })
}

/// \[k\]P on P-256 with crrl, in our encoding (see [`mul`]).
pub fn p256_mul(k_be: &[u8], point: Option<&[u8]>) -> Option<Vec<u8>> {
    mul::<P256>(k_be, point)
}

/// crrl's P-256 multiplication latency (see [`mul_bench`]).
pub fn p256_mul_bench(cfg: BenchConfig, seed: u64) -> Timing {
    mul_bench::<P256>(cfg, seed)
}

/// \[k\]P on secp256k1 with crrl, in our encoding (see [`mul`]).
pub fn secp256k1_mul(k_be: &[u8], point: Option<&[u8]>) -> Option<Vec<u8>> {
    mul::<Secp256k1>(k_be, point)
}

/// crrl's secp256k1 multiplication latency (see [`mul_bench`]).
pub fn secp256k1_mul_bench(cfg: BenchConfig, seed: u64) -> Timing {
    mul_bench::<Secp256k1>(cfg, seed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ecsm::curves::named::{find_curve, NamedCurve};
    use ecsm::encoding::words_from_be;

    /// n − 1, n, 1, 2 and random scalars, big-endian, for the curve `c`.
    fn scalars(c: &dyn NamedCurve, rng: &mut rand_chacha::ChaCha8Rng) -> Vec<Vec<u8>> {
        let n_be: Vec<u8> = c
            .order()
            .iter()
            .rev()
            .flat_map(|w| w.to_be_bytes())
            .collect();
        let mut n_minus_1 = n_be.clone();
        // n is odd: subtracting one only clears its low bit.
        *n_minus_1.last_mut().unwrap() -= 1;
        let mut ks = vec![vec![1], vec![2], n_minus_1, n_be];
        for len in [32, 32, 32, 40] {
            let mut k = vec![0u8; len];
            rng.fill_bytes(&mut k);
            ks.push(k);
        }
        ks
    }

    /// ecsm's \[k\]P with the curve's default method, SEC 1 uncompressed.
    fn ecsm_mul(c: &dyn NamedCurve, k_be: &[u8], p: Option<&[u8]>) -> Vec<u8> {
        c.mul(&words_from_be(k_be), p, &c.default_method(), false)
            .unwrap()
    }

    /// crrl and ecsm agree on \[k\]G and \[k\]P for a random P (given uncompressed and
    /// compressed), for k = 1, 2, n − 1, n and random k.
    fn agrees_with_ecsm<C: CrrlWeierstrass>(seed: u64) {
        let c = find_curve(C::NAME).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut r = [0u8; 32];
        rng.fill_bytes(&mut r);
        let p = ecsm_mul(c, &r, None);
        let p_compressed = c
            .mul(&words_from_be(&r), None, &c.default_method(), true)
            .unwrap();
        assert_eq!(p.len(), 65);
        // crrl's generator is the standard one, as ours.
        assert_eq!(point_to_ours::<C>(C::base()), c.generator(false));
        let ks = scalars(c, &mut rng);
        for k in &ks {
            let g = mul::<C>(k, None).unwrap();
            assert_eq!(g, ecsm_mul(c, k, None), "{} [k]G, k = {k:02x?}", C::NAME);
            let q = mul::<C>(k, Some(&p)).unwrap();
            assert_eq!(
                q,
                ecsm_mul(c, k, Some(&p)),
                "{} [k]P, k = {k:02x?}",
                C::NAME
            );
            assert_eq!(mul::<C>(k, Some(&p_compressed)).unwrap(), q);
        }
        // The cases are what they claim: [n − 1]G = −G (same x, other y), [n]G = O.
        let g = c.generator(false);
        let minus_g = mul::<C>(&ks[2], None).unwrap();
        assert_eq!(minus_g[..33], g[..33]);
        assert_ne!(minus_g, g);
        assert_eq!(mul::<C>(&ks[3], None).unwrap(), vec![0]);
    }

    #[test]
    fn p256_agrees_with_ecsm() {
        agrees_with_ecsm::<P256>(1);
    }

    #[test]
    fn secp256k1_agrees_with_ecsm() {
        agrees_with_ecsm::<Secp256k1>(2);
    }

    /// The aliases reach the same curve (so `bench --peers` matches by canonical name).
    #[test]
    fn p256_aliases_are_one_curve() {
        for a in ["P-256", "prime256v1", "secp256r1"] {
            assert_eq!(find_curve(a).unwrap().name(), P256::NAME);
        }
    }

    /// O in, O out; malformed or off-curve points are rejected, not multiplied.
    #[test]
    fn infinity_and_bad_points() {
        assert_eq!(p256_mul(&[5], Some(&[0])).unwrap(), vec![0]);
        assert_eq!(secp256k1_mul(&[], None).unwrap(), vec![0]);
        let mut off = find_curve("secp256k1").unwrap().generator(false);
        off[64] ^= 1;
        assert!(secp256k1_mul(&[1], Some(&off)).is_none());
        assert!(p256_mul(&[1], Some(&[4; 64])).is_none());
        assert!(p256_mul(&[1], Some(&[])).is_none());
    }
}
