//! crrl's edwards448 (crates.io `crrl`, feature `ed448`) as the peer of our `ed448`: its
//! constant-time variable-base point multiplication timed on the same machine, and a
//! multiplication in ecsm's encoding for cross-checks.
//!
//! # Encodings
//!
//! Ours (crates/ecsm/src/curves/edwards.rs): `04 ‖ x ‖ y`, affine, big-endian, 56 bytes
//! each, the neutral (0, 1) included. crrl's (`Point::encode` / `set_decode` in
//! src/ed448.rs, RFC 8032 §5.2.2): 57 bytes, y little-endian in the first 56, and in the
//! last byte only its top bit, the low bit of x ("sign-of-x is the top bit of byte 56").
//! crrl's decoder recovers x from y and that bit and rejects a y ≥ p or a y with no point;
//! it cannot see our x, so a point goes to crrl through that encoding and is accepted only
//! if it comes back to the same bytes (which rejects an x ≥ p or off the curve).
//! crrl's `Point` keeps its coordinates private, so the way back recomputes x from y:
//! x² = (y² − 1)/(d·y² − 1), d = −39081 (never 0 below: d is not a square), and `GF448::sqrt`
//! returns the root with low bit 0 (src/backend/w64/gf448.rs), negated when the sign bit
//! says so.
//!
//! # Scalars and the cofactor
//!
//! crrl's `Scalar` is an integer mod ℓ, the prime order of the base point, and
//! `Point * Scalar` on a point outside that subgroup computes "the product of the point by
//! an integer in the 0 to L-1 range" (src/ed448.rs, `set_mul`). Ours takes any point of
//! the curve and reduces k mod 4ℓ. The group is ℓ × the cyclic 4-torsion {(0, 1), (1, 0),
//! (0, −1), (−1, 0)}, so [`ed448_mul`] splits P = P_ℓ + T with P_ℓ = \[1/4 mod ℓ\]\[4\]P and
//! T = P − P_ℓ, and returns \[k mod ℓ\]P_ℓ + \[k mod 4\]T: \[k\]P for every point. The
//! benchmark multiplies points of the subgroup only, with crrl's `Point * Scalar` alone.
//!
//! # What is timed
//!
//! `Point * Scalar` (`set_mul`): projective coordinates (RFC 8032's formulas), the scalar
//! recoded into 90 signed 5-bit digits, a constant-time table of 16 points; constant-time.

use crrl::ed448::{Point, Scalar};
use crrl::field::GF448;
use ecsm::experiments::timing::{time_chain, BenchConfig, Timing};
use rand::{RngCore, SeedableRng};

/// Bytes of one coordinate in either encoding.
const COORD: usize = 56;

/// −d for edwards448 (RFC 8032 §5.2: d = −39081).
const MINUS_D: u32 = 39081;

/// Our encoding `04 ‖ x ‖ y` to a crrl point; `None` unless it is exactly a point of the
/// curve with both coordinates below p.
pub fn point_from_ours(bytes: &[u8]) -> Option<Point> {
    let (x_be, y_be) = match bytes {
        [4, rest @ ..] if rest.len() == 2 * COORD => rest.split_at(COORD),
        _ => return None,
    };
    let mut enc = [0u8; COORD + 1];
    for (e, b) in enc[..COORD].iter_mut().zip(y_be.iter().rev()) {
        *e = *b;
    }
    enc[COORD] = (x_be[COORD - 1] & 1) << 7;
    let p = Point::decode(&enc)?;
    // crrl chose x from y and x's low bit: accept only if that is our x.
    (point_to_ours(&p)? == bytes).then_some(p)
}

/// A crrl point in our encoding `04 ‖ x ‖ y`; `None` only if crrl's own encoding did not
/// decode to a curve point, which would be a bug in crrl or here.
pub fn point_to_ours(p: &Point) -> Option<Vec<u8>> {
    let enc = p.encode();
    let y = GF448::decode(&enc[..COORD])?;
    let y2 = y.square();
    // x² = (y² − 1)/(d·y² − 1) = (1 − y²)/(−d·y² + 1).
    let (mut x, ok) = ((GF448::ONE - y2) / (y2.mul_small(MINUS_D) + GF448::ONE)).sqrt();
    if ok == 0 {
        return None;
    }
    let sign = enc[COORD] >> 7;
    if sign != 0 {
        // A set sign bit with x = 0 is not a canonical encoding; crrl never writes one.
        if x.iszero() != 0 {
            return None;
        }
        x = -x;
    }
    let mut out = Vec::with_capacity(1 + 2 * COORD);
    out.push(4);
    out.extend(x.encode().iter().rev());
    out.extend(enc[..COORD].iter().rev());
    Some(out)
}

/// The scalar with big-endian bytes `k_be` (any length), reduced mod ℓ.
fn scalar_from_be(k_be: &[u8]) -> Scalar {
    let le: Vec<u8> = k_be.iter().rev().copied().collect();
    // decode_reduce: "unsigned little-endian representation of an integer, which is then
    // reduced modulo the field modulus. This function cannot fail." (crrl's gfgen.rs)
    Scalar::decode_reduce(&le)
}

/// \[k\]P with crrl, P = `point` in our encoding (`None` means the base point of RFC 8032,
/// which is also ours) and any point of the curve, `k_be` a big-endian integer of any
/// length; crrl's `Point * Scalar` does the work on the subgroup part of P (see the module
/// docs for the 4-torsion part). The result is in our encoding; `None` if `point` is not a
/// point of the curve in our encoding.
pub fn ed448_mul(k_be: &[u8], point: Option<&[u8]>) -> Option<Vec<u8>> {
    let p = match point {
        None => Point::BASE,
        Some(bytes) => point_from_ours(bytes)?,
    };
    let p_l = (p * 4u64) * (Scalar::ONE / Scalar::from_u64(4));
    let t = p - p_l;
    let k_mod_4 = k_be.last().map_or(0, |b| u64::from(b & 3));
    point_to_ours(&(p_l * scalar_from_be(k_be) + t * k_mod_4))
}

/// Number of random scalars the multiplication chain cycles through.
const SCALARS: usize = 16;

/// Random non-zero scalars mod ℓ from the seeded generator.
fn random_scalars(rng: &mut rand_chacha::ChaCha8Rng) -> [Scalar; SCALARS] {
    std::array::from_fn(|_| loop {
        // 114 bytes (RFC 8032's hash length for Ed448) reduced mod ℓ: uniform to within
        // 2^-466.
        let mut bytes = [0u8; 114];
        rng.fill_bytes(&mut bytes);
        let k = Scalar::decode_reduce(&bytes);
        if k.iszero() == 0 {
            break k;
        }
    })
}

/// Latency of crrl's constant-time variable-base multiplication `Point * Scalar` (see the
/// module docs): the chain P ← \[kᵢ\]P from a random point of the subgroup of order ℓ,
/// cycling through random full-size scalars kᵢ.
pub fn ed448_mul_bench(cfg: BenchConfig, seed: u64) -> Timing {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let ks = random_scalars(&mut rng);
    let p0 = Point::BASE * ks[SCALARS - 1];
    // Each step multiplies the previous result, so no call can be skipped; the k's are
    // non-zero mod ℓ, so the chain stays in the subgroup and never reaches the neutral.
    time_chain(cfg, (p0, 0usize), |iters, (mut p, mut i)| {
        for _ in 0..iters {
            p *= ks[i % SCALARS];
            i += 1;
        }
        (p, i)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ecsm::curves::named::{find_curve, CurveOpError, NamedCurve};
    use ecsm::encoding::words_from_be;

    fn curve() -> &'static dyn NamedCurve {
        find_curve("ed448").unwrap()
    }

    /// ecsm's \[k\]P with the curve's default method.
    fn ecsm_mul(k_be: &[u8], p: Option<&[u8]>) -> Vec<u8> {
        let c = curve();
        c.mul(&words_from_be(k_be), p, &c.default_method(), false)
            .unwrap()
    }

    /// ℓ big-endian.
    fn order_be() -> Vec<u8> {
        curve()
            .order()
            .iter()
            .rev()
            .flat_map(|w| w.to_be_bytes())
            .collect()
    }

    /// 1, 2, ℓ − 1, ℓ, 4ℓ − 1 and random scalars (full-size and longer), big-endian.
    fn scalars(rng: &mut rand_chacha::ChaCha8Rng) -> Vec<Vec<u8>> {
        let l = order_be();
        let mut l_minus_1 = l.clone();
        // ℓ is odd: subtracting one only clears its low bit.
        *l_minus_1.last_mut().unwrap() -= 1;
        // 4ℓ − 1 = (ℓ − 1)·4 + 3: the top bits of ℓ are clear, so no byte overflows out.
        let mut four_l_minus_1 = vec![0u8; l.len()];
        let mut carry = 0u8;
        for (o, b) in four_l_minus_1.iter_mut().zip(&l_minus_1).rev() {
            *o = (b << 2) | carry;
            carry = b >> 6;
        }
        assert_eq!(carry, 0);
        *four_l_minus_1.last_mut().unwrap() |= 3;
        let mut ks = vec![vec![1], vec![2], l_minus_1, l, four_l_minus_1];
        for len in [56, 56, 56, 70] {
            let mut k = vec![0u8; len];
            rng.fill_bytes(&mut k);
            ks.push(k);
        }
        ks
    }

    /// The point (1, 0) of order 4 in our encoding.
    fn order4() -> Vec<u8> {
        let mut t = vec![0u8; 1 + 2 * COORD];
        t[0] = 4;
        t[COORD] = 1;
        t
    }

    #[test]
    fn base_point_is_ours() {
        assert_eq!(
            point_to_ours(&Point::BASE).unwrap(),
            curve().generator(false)
        );
        let g = point_from_ours(&curve().generator(false)).unwrap();
        assert_ne!(g.equals(Point::BASE), 0);
    }

    /// crrl and ecsm agree on \[k\]G, on \[k\]P for a random P of the subgroup, and on
    /// \[k\]P for a random P outside it (P + T, T of order 4), for k = 1, 2, ℓ − 1, ℓ,
    /// 4ℓ − 1 and random k.
    #[test]
    fn ed448_agrees_with_ecsm() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut r = [0u8; 56];
        rng.fill_bytes(&mut r);
        let p = ecsm_mul(&r, None);
        let p_t =
            point_to_ours(&(point_from_ours(&p).unwrap() + point_from_ours(&order4()).unwrap()))
                .unwrap();
        assert_eq!(curve().validate(&p), Ok(()));
        assert_eq!(curve().validate(&p_t), Err(CurveOpError::NotInSubgroup));
        let ks = scalars(&mut rng);
        for k in &ks {
            for point in [None, Some(&p[..]), Some(&p_t[..])] {
                assert_eq!(
                    ed448_mul(k, point).unwrap(),
                    ecsm_mul(k, point),
                    "k = {k:02x?}, P = {point:02x?}"
                );
            }
        }
        // The cases are what they claim: [ℓ − 1]G = −G, [ℓ]G = (0, 1), [4ℓ − 1]T = −T.
        let g = curve().generator(false);
        let minus_g = ed448_mul(&ks[2], None).unwrap();
        assert_eq!(minus_g[1 + COORD..], g[1 + COORD..]);
        assert_ne!(minus_g, g);
        let mut neutral = vec![0u8; 1 + 2 * COORD];
        neutral[0] = 4;
        neutral[2 * COORD] = 1;
        assert_eq!(ed448_mul(&ks[3], None).unwrap(), neutral);
        let minus_t = ed448_mul(&ks[4], Some(&order4())).unwrap();
        assert_eq!(minus_t, ecsm_mul(&[3], Some(&order4())));
        assert_ne!(minus_t, order4());
        assert_eq!(minus_t[1 + COORD..], order4()[1 + COORD..]);
    }

    /// Off-curve points, non-canonical coordinates and other lengths are rejected.
    #[test]
    fn rejects_bad_points() {
        let g = curve().generator(false);
        let mut bad_y = g.clone();
        bad_y[2 * COORD] ^= 1;
        // Same y and low bit of x, another x: crrl would decode it to G.
        let mut bad_x = g.clone();
        bad_x[COORD] ^= 2;
        // x + p for x = 0 (the neutral), not canonical: p = 2^448 − 2^224 − 1.
        let mut big_x = vec![0u8; 1 + 2 * COORD];
        big_x[0] = 4;
        big_x[1..=COORD].fill(0xff);
        big_x[1 + 27] = 0xfe;
        big_x[2 * COORD] = 1;
        for bad in [&bad_y[..], &bad_x, &big_x, &g[..COORD], &[0], &[]] {
            assert!(point_from_ours(bad).is_none(), "{bad:02x?}");
            assert!(ed448_mul(&[1], Some(bad)).is_none());
        }
        assert!(point_from_ours(&g).is_some());
    }
}
