//! Thomas Pornin's crrl (crates.io `crrl`, feature `gls254`) as a GLS254 peer: its
//! constant-time variable-base point multiplication and its GF(2^254) inversion, timed on
//! the same machine, and a multiplication in ecsm's encoding for cross-checks.
//!
//! # Backend
//!
//! crrl picks its GF(2^254) code when it is compiled, from cfg target features, with no
//! run-time detection: the carry-less multiplier backend (`gfb254_x86clmul`) only when both
//! `sse4.1` and `pclmulqdq` are enabled, else the portable 64-bit one (`gfb254_m64`). The
//! default `x86_64-unknown-linux-gnu` target enables neither, so a plain `cargo build`
//! measures the portable backend. For PCLMULQDQ build with
//! `RUSTFLAGS="-C target-cpu=native"` (on a CPU that has it) or
//! `RUSTFLAGS="-C target-feature=+sse4.1,+pclmulqdq"`. [`crrl_backend`] says which one this
//! binary holds. (crrl's cargo features `gfb254_x86clmul` / `gfb254_m64` force a choice, but
//! forcing the first without the target features leaves its intrinsics uninlinable.)
//!
//! # crrl's representation, and the conversion to ours
//!
//! Ours: E: y² + xy = x³ + u·x² + B over GF(2^254) = GF(2^127)\[u\]/(u² + u + 1),
//! GF(2^127) = GF(2)\[z\]/(z^127 + z^63 + 1), B = 1 + z^27, points of order r in affine
//! (x, y). crrl uses the same fields in the same polynomial basis, but works on the image
//! of E under the bijective isogeny (x, y) ↦ (x⁴, y⁴ + b), b = B² = 1 + z^54, which is
//! E′: y² + xy = x³ + u·x² + b·x. Its group element for an order-r point P′ of E′ is
//! P′ + N, N = (0, 0) the point of order 2, in (x, s) coordinates, s = y + x² + u·x + b;
//! it is encoded as w = √(s/x) (the neutral as w = 0), the field element serialised as
//! c0 ‖ c1, 16 bytes little-endian each. Ours is c1 ‖ c0, 16 bytes big-endian each: the
//! byte reversal of crrl's.
//!
//! To crrl: (x⁴, y⁴ + b), plus N, to (x, s), to w, then crrl's own decoder (which rejects w
//! unless it encodes a group element). From crrl: its encoding w; the two points of E′
//! with that w have x² + (w² + w + u)·x + b = 0, i.e. Q and Q + N; crrl's element Q = P′ + N
//! is the one with Tr(x) = 0 (the order-r points are the halvable ones, Tr(x) = Tr(u) = 1);
//! then s = x·w², y = s + x² + u·x + b, add N, and take fourth roots. The conversion is
//! checked against known answers in `crates/ecsm-suite/tests/data/gls254_crrl_vectors.txt`
//! (crrl's own generator, converted this way, is the generator of dfaranha/gls254's
//! `sage/ec.sage`; ecsm's G, the one of its C code, is a different point).
//!
//! crrl's `Point::BASE` is therefore not our G: everything here multiplies our G or the
//! given point. Scalars are big-endian, as for the OpenSSL peer, and crrl reduces them mod r.

use crrl::field::{GFb127, GFb254};
use crrl::gls254::{Point, Scalar};
use ecsm::experiments::timing::{time_chain, BenchConfig, Timing};
use rand::{RngCore, SeedableRng};

/// The crrl release this module was written against and links (the dependency is pinned to
/// it: the conversion relies on crrl's documented encoding of group elements).
pub const CRRL_VERSION: &str = "0.9.0";

/// The crrl version linked.
pub fn crrl_version() -> &'static str {
    CRRL_VERSION
}

/// crrl's GF(2^254) backend in this binary (chosen at compile time, see the module docs).
pub fn crrl_backend() -> &'static str {
    if cfg!(all(
        target_arch = "x86_64",
        target_feature = "sse4.1",
        target_feature = "pclmulqdq"
    )) {
        "gfb254_x86clmul (PCLMULQDQ)"
    } else if cfg!(all(target_arch = "aarch64", target_feature = "aes")) {
        "gfb254_arm64pmull (PMULL)"
    } else {
        "gfb254_m64 (portable)"
    }
}

/// Our G (dfaranha/gls254's C code): x and λ = x + y/x as (c0, c1), bit i = z^i.
const G_X: (u128, u128) = (
    0x47E7_0D2D_CA8C_7210_5BE5_F4EB_93D8_712A,
    0x25F2_F29F_CBDE_C78E_9D19_32CB_5FA5_B9BF,
);
const G_LAMBDA: (u128, u128) = (
    0x1A17_64D6_5820_4447_97FB_BBBF_EB3A_8AB4,
    0x0B38_34B0_48C2_17C1_25BE_90C0_1E0E_9B06,
);

/// c0 + c1·u from its two GF(2^127) halves as integers (bit i = z^i).
fn fe(c0: u128, c1: u128) -> GFb254 {
    let half = |c: u128| GFb127::w64le(c as u64, (c >> 64) as u64);
    GFb254::b127(half(c0), half(c1))
}

/// Our 32-byte encoding (c1 ‖ c0, big-endian) to crrl's field element; `None` if a half
/// has bit 127 set.
fn fe_from_ours(bytes: &[u8]) -> Option<GFb254> {
    let mut le: [u8; 32] = bytes.try_into().ok()?;
    le.reverse();
    GFb254::decode(&le)
}

/// crrl's field element to our 32-byte encoding.
fn fe_to_ours(f: GFb254) -> [u8; 32] {
    let mut be = f.encode();
    be.reverse();
    be
}

/// B = 1 + z^27, the constant of our curve E.
fn b_ours() -> GFb254 {
    fe(1 | (1 << 27), 0)
}

/// b = B² = 1 + z^54, the constant of crrl's curve E′.
fn b_iso() -> GFb254 {
    fe(1 | (1 << 54), 0)
}

/// y² + xy = x³ + u·x² + B (our E).
fn on_e(x: GFb254, y: GFb254) -> bool {
    let x2 = x.square();
    (y.square() + x * y).equals(x2 * x + x2.mul_u() + b_ours()) != 0
}

/// y² + xy = x³ + u·x² + b·x (crrl's E′).
fn on_e_iso(x: GFb254, y: GFb254) -> bool {
    let x2 = x.square();
    (y.square() + x * y).equals(x2 * x + x2.mul_u() + x * b_iso()) != 0
}

/// (x, y) + N on E′, N = (0, 0), for x ≠ 0: the chord through (0, 0) has slope y/x.
fn add_n(x: GFb254, y: GFb254) -> (GFb254, GFb254) {
    let m = y / x;
    let x3 = m.square() + m + GFb254::U + x;
    let y3 = m * (x + x3) + x3 + y;
    (x3, y3)
}

/// Our affine point of order r (or O, `None`) as a crrl group element; `None` if (x, y) is
/// not on E or not of order r.
fn affine_to_crrl(p: Option<(GFb254, GFb254)>) -> Option<Point> {
    let Some((x, y)) = p else {
        return Some(Point::NEUTRAL);
    };
    if x.iszero() != 0 || !on_e(x, y) {
        return None;
    }
    let (xq, yq) = add_n(x.xsquare(2), y.xsquare(2) + b_iso());
    let s = yq + xq.square() + xq.mul_u() + b_iso();
    let q = Point::decode(&(s / xq).sqrt().encode())?;
    // A point P of E outside the subgroup (P = R + N, R of order r) would come out as R:
    // accept q only if it converts back to (x, y).
    let back = crrl_to_affine(&q)?;
    (back == (fe_to_ours(x), fe_to_ours(y))).then_some(q)
}

/// A crrl group element as our affine point of order r (`None` = O), in our field encoding.
fn crrl_to_affine(p: &Point) -> Option<([u8; 32], [u8; 32])> {
    if p.isneutral() != 0 {
        return None;
    }
    let w = GFb254::decode(&p.encode()).expect("crrl encodes canonically");
    let d = w.square() + w + GFb254::U;
    // x(Q) is a root of x² + d·x + b: x = d·f with f² + f = b/d² (d ≠ 0 as Tr(u) = 1).
    let f = (b_iso() / d.square()).qsolve();
    let mut xq = d * f;
    if xq.trace() != 0 {
        xq += d;
    }
    let yq = xq * w.square() + xq.square() + xq.mul_u() + b_iso();
    debug_assert!(on_e_iso(xq, yq));
    let (xp, yp) = add_n(xq, yq);
    let (x, y) = (xp.sqrt().sqrt(), (yp + b_iso()).sqrt().sqrt());
    debug_assert!(on_e(x, y));
    Some((fe_to_ours(x), fe_to_ours(y)))
}

/// Our point encoding (`04 ‖ x ‖ y`, or `00` for O) to a crrl group element; `None` if it is
/// malformed or not a point of order r (or O).
pub fn point_from_ours(bytes: &[u8]) -> Option<Point> {
    match bytes {
        [0] => Some(Point::NEUTRAL),
        [4, rest @ ..] if rest.len() == 64 => affine_to_crrl(Some((
            fe_from_ours(&rest[..32])?,
            fe_from_ours(&rest[32..])?,
        ))),
        _ => None,
    }
}

/// A crrl group element in our point encoding (`04 ‖ x ‖ y`, `00` for O).
pub fn point_to_ours(p: &Point) -> Vec<u8> {
    match crrl_to_affine(p) {
        None => vec![0],
        Some((x, y)) => [&[4u8][..], &x, &y].concat(),
    }
}

/// Our generator G in crrl's representation.
pub fn generator() -> Point {
    let x = fe(G_X.0, G_X.1);
    let y = x * (x + fe(G_LAMBDA.0, G_LAMBDA.1));
    affine_to_crrl(Some((x, y))).expect("G is a point of order r")
}

/// The scalar with big-endian bytes `k_be`, reduced mod r.
fn scalar_from_be(k_be: &[u8; 32]) -> Scalar {
    let mut le = *k_be;
    le.reverse();
    Scalar::decode_reduce(&le)
}

/// \[k\]P with crrl's constant-time `Point * Scalar`, P = `point` in our encoding (`None`
/// means our G), `k_be` any 256-bit big-endian integer. The result is in our encoding;
/// `None` if `point` is not a valid point of order r.
pub fn gls254_mul(k_be: &[u8; 32], point: Option<&[u8]>) -> Option<Vec<u8>> {
    let p = match point {
        None => generator(),
        Some(bytes) => point_from_ours(bytes)?,
    };
    Some(point_to_ours(&(p * scalar_from_be(k_be))))
}

/// Number of random scalars the multiplication chain cycles through.
const SCALARS: usize = 16;

/// Random non-zero scalars mod r from the seeded generator.
fn random_scalars(rng: &mut rand_chacha::ChaCha8Rng) -> [Scalar; SCALARS] {
    std::array::from_fn(|_| loop {
        // 64 bytes reduced mod r: uniform to within 2^-259.
        let mut bytes = [0u8; 64];
        rng.fill_bytes(&mut bytes);
        let k = Scalar::decode_reduce(&bytes);
        if k.iszero() == 0 {
            break k;
        }
    })
}

/// Latency of crrl's constant-time variable-base multiplication `Point * Scalar` (GLS
/// endomorphism, signed 4-bit windows): the chain P ← \[kᵢ\]P from a random point of the
/// subgroup, cycling through random scalars kᵢ. Which GF(2^254) backend is timed depends
/// on the build (see the module docs and [`crrl_backend`]).
pub fn gls254_mul_bench(cfg: BenchConfig, seed: u64) -> Timing {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let ks = random_scalars(&mut rng);
    let p0 = generator() * ks[SCALARS - 1];
    // Each step multiplies the previous result; the k's are non-zero mod r, so the chain
    // never reaches the neutral (whose multiplication could be cheaper in a variable-time
    // implementation; crrl's is constant-time anyway).
    time_chain(cfg, (p0, 0usize), |iters, (mut p, mut i)| {
        for _ in 0..iters {
            p *= ks[i % SCALARS];
            i += 1;
        }
        (p, i)
    })
}

/// Latency of crrl's GF(2^254) inversion (`GFb254::invert`, constant-time): the chain
/// x ← 1/x from a random element, as ecsm's `inv_ct` row.
pub fn gf254_inv_bench(cfg: BenchConfig, seed: u64) -> Timing {
    let x0 = random_fe(seed);
    time_chain(cfg, x0, |iters, mut x| {
        for _ in 0..iters {
            x = x.invert();
        }
        x
    })
}

/// Latency of crrl's GF(2^254) multiplication: the chain x ← x·a, for comparing its
/// backends with ecsm's field rows.
pub fn gf254_mul_bench(cfg: BenchConfig, seed: u64) -> Timing {
    let x0 = random_fe(seed);
    let a = random_fe(seed ^ 0x9E37_79B9_7F4A_7C15);
    time_chain(cfg, x0, |iters, mut x| {
        for _ in 0..iters {
            x *= a;
        }
        x
    })
}

/// A random non-zero element of GF(2^254).
fn random_fe(seed: u64) -> GFb254 {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    loop {
        let mut c = [0u128; 2];
        for h in &mut c {
            *h = ((u128::from(rng.next_u64()) << 64) | u128::from(rng.next_u64())) >> 1;
        }
        let f = fe(c[0], c[1]);
        if f.iszero() == 0 {
            break f;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unhex(s: &str) -> Vec<u8> {
        (0..s.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
            .collect()
    }

    /// Decimal to 32 bytes big-endian.
    fn dec_to_be(s: &str) -> [u8; 32] {
        let mut be = [0u8; 32];
        for c in s.bytes() {
            let mut carry = u32::from(c - b'0');
            for byte in be.iter_mut().rev() {
                let v = u32::from(*byte) * 10 + carry;
                *byte = v as u8;
                carry = v >> 8;
            }
            assert_eq!(carry, 0);
        }
        be
    }

    #[test]
    fn known_answers_round_trip() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../ecsm-suite/tests/data/gls254_crrl_vectors.txt"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let mut n = 0;
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let (k, point) = line.split_once(' ').unwrap();
            let expected = unhex(point);
            assert_eq!(
                gls254_mul(&dec_to_be(k), None).unwrap(),
                expected,
                "k = {k}"
            );
            let p = point_from_ours(&expected).unwrap();
            assert_eq!(point_to_ours(&p), expected);
            n += 1;
        }
        assert!(n >= 60);
    }

    #[test]
    fn rejects_points_outside_the_subgroup() {
        // G + N on E, N = (0, √B) the point of order 2 of E: on the curve, not of order r.
        let x = fe(G_X.0, G_X.1);
        let y = x * (x + fe(G_LAMBDA.0, G_LAMBDA.1));
        assert!(affine_to_crrl(Some((x, y))).is_some());
        let n = (GFb254::ZERO, b_ours().sqrt());
        assert!(on_e(n.0, n.1));
        let m = (y + n.1) / x;
        let x3 = m.square() + m + GFb254::U + x;
        let y3 = m * (x + x3) + x3 + y;
        assert!(on_e(x3, y3));
        assert!(affine_to_crrl(Some((x3, y3))).is_none());
        assert!(point_from_ours(&[0]).is_some());
        assert!(point_from_ours(&[4; 65]).is_none());
    }
}
