//! libsecp256k1, Bitcoin Core's C library, as a peer of secp256k1 (feature `libsecp256k1`):
//! its variable-base multiplication timed on the same machine, and the same multiplication
//! in ecsm's encoding for cross-checks.
//!
//! The C comes from crates.io: the `secp256k1` crate 0.33.1 (pinned in Cargo.toml) wraps
//! `secp256k1-sys` 0.14.1, whose build script compiles the libsecp256k1 0.8.0 sources it
//! vendors (`depend/secp256k1`, configure.ac) with `cc`, under symbols prefixed
//! `rustsecp256k1_v0_14_` so that they clash with no other copy. File names below are in
//! that vendored tree.
//!
//! # What is timed
//!
//! `PublicKey::mul_tweak`, the crate's safe face of `secp256k1_ec_pubkey_tweak_mul`
//! (src/secp256k1.c): it decodes the key, rejects a tweak that is 0 or not below n, and calls
//! `secp256k1_eckey_pubkey_tweak_mul` (src/eckey_impl.h), which is
//! `secp256k1_ecmult(&pt, &pt, tweak, NULL)` (src/ecmult_impl.h): the GLV split of the tweak
//! into two halves of about 128 bits, each recoded to wNAF with window 5 (`WINDOW_A`), then
//! Strauss's joint double-and-add with the `_var` formulas, an addition only at non-zero
//! digits. So it is **not constant time** in the scalar, like our `glv:w=5` (the same
//! algorithm family), which makes it the like-for-like peer of our default method.
//!
//! libsecp256k1's constant-time variable-base multiplication is `secp256k1_ecmult_const`
//! (src/ecmult_const.h: "R = q*A (in constant-time for q)"), which it reaches through ECDH
//! only: `secp256k1_ecdh` (src/modules/ecdh/main_impl.h) calls it, and src/ctime_tests.c
//! checks that call under valgrind/MSan. The crate's `ecdh::shared_secret_point` runs it
//! with a hash callback that copies x ‖ y out, so \[k\]Q comes back whole; that is the second
//! multiplication here, timed and checked the same way.
//!
//! Both calls end on an affine point (one field inversion each, in the time: the API has no
//! projective result). The chain of the ECDH timing parses its 64-byte output back into a
//! public key, an on-curve check of a few field products, under 1 % of a multiplication.
//!
//! # Encodings
//!
//! Both sides speak SEC 1: libsecp256k1's `secp256k1_ec_pubkey_parse` (src/eckey_impl.h)
//! takes 33-byte `02`/`03` ‖ x and 65-byte `04` ‖ x ‖ y, checking the range and the curve
//! equation, and `PublicKey::serialize_uncompressed` writes `04` ‖ x ‖ y as ours does. It
//! also takes the hybrid `06`/`07`, which ours rejects, so the wrapper rejects them first. A
//! public key cannot be the point at infinity: our `00` is refused with
//! [`LibsecpError::BadPoint`], and no product of a valid key by a scalar in \[1, n − 1\]
//! is O (the group has prime order).
//!
//! Scalars are big-endian integers of any length here, as for the other peers. libsecp256k1
//! takes 32 big-endian bytes below n and refuses 0 (its product, O, is no public key), so
//! k = 0 and k ≥ n are typed errors, not reductions mod n.

use ecsm::curves::named::find_curve;
use ecsm::encoding::{to_hex, words_from_be};
use ecsm::experiments::timing::{time_chain, BenchConfig, Timing};
use rand::SeedableRng;
use secp256k1::{ecdh, PublicKey, Scalar, SecretKey};
use std::fmt;

/// The `secp256k1` crate release linked (pinned exactly in Cargo.toml; a test checks).
pub const CRATE_VERSION: &str = "0.33.1";

/// Our canonical name of the one curve libsecp256k1 has.
pub const CURVE: &str = "secp256k1";

/// Why libsecp256k1 did not multiply, or why its answer was not accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LibsecpError {
    /// k = 0: libsecp256k1 refuses a zero tweak or secret key.
    ZeroScalar,
    /// k ≥ n: libsecp256k1 takes scalars below n only and does not reduce them.
    ScalarOutOfRange,
    /// The point is not a public key libsecp256k1 takes (why, in words).
    BadPoint(&'static str),
    /// The C function returned 0 on inputs the wrapper had checked.
    Refused(&'static str),
    /// ecsm's own multiplication failed on the inputs of a cross-check.
    Ours(String),
    /// libsecp256k1 and ecsm give different points for the same \[k\]Q.
    Disagrees {
        /// The libsecp256k1 call.
        call: &'static str,
        /// k, big-endian hex.
        k: String,
        /// Q, SEC 1 hex.
        q: String,
        /// ecsm's \[k\]Q, SEC 1 hex.
        ours: String,
        /// libsecp256k1's \[k\]Q, SEC 1 hex.
        theirs: String,
    },
}

impl fmt::Display for LibsecpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ZeroScalar => write!(f, "libsecp256k1 does not multiply by k = 0"),
            Self::ScalarOutOfRange => {
                write!(f, "libsecp256k1 takes scalars below n only (k ≥ n given)")
            }
            Self::BadPoint(why) => write!(f, "libsecp256k1 does not take this point: {why}"),
            Self::Refused(call) => write!(f, "libsecp256k1's {call} returned 0"),
            Self::Ours(e) => write!(f, "ecsm's multiplication failed in the cross-check: {e}"),
            Self::Disagrees {
                call,
                k,
                q,
                ours,
                theirs,
            } => write!(
                f,
                "libsecp256k1's {call} disagrees with ecsm on [k]Q, k = {k}, Q = {q}: ecsm {ours}, libsecp256k1 {theirs}"
            ),
        }
    }
}

impl std::error::Error for LibsecpError {}

/// The name of `PublicKey::mul_tweak`'s C function, for errors and labels.
pub const TWEAK_MUL: &str = "ec_pubkey_tweak_mul";

/// The name of `ecdh::shared_secret_point`'s C function, for errors and labels.
pub const ECDH: &str = "ecdh";

/// `k_be` (big-endian, any length) as the 32 bytes libsecp256k1 reads, checked to lie in
/// \[1, n − 1\].
pub fn scalar_bytes(k_be: &[u8]) -> Result<[u8; 32], LibsecpError> {
    let start = k_be.iter().position(|&b| b != 0).unwrap_or(k_be.len());
    let digits = &k_be[start..];
    if digits.is_empty() {
        return Err(LibsecpError::ZeroScalar);
    }
    if digits.len() > 32 {
        return Err(LibsecpError::ScalarOutOfRange);
    }
    let mut out = [0u8; 32];
    out[32 - digits.len()..].copy_from_slice(digits);
    // `Scalar` is the crate's own "below n" check, the same one the C repeats.
    Scalar::from_be_bytes(out).map_err(|_| LibsecpError::ScalarOutOfRange)?;
    Ok(out)
}

/// libsecp256k1's generator, from the crate's constants (not from ecsm: a test compares the
/// two).
pub fn generator() -> PublicKey {
    let mut bytes = [4u8; 65];
    bytes[1..33].copy_from_slice(&secp256k1::constants::GENERATOR_X);
    bytes[33..].copy_from_slice(&secp256k1::constants::GENERATOR_Y);
    PublicKey::from_byte_array_uncompressed(bytes).expect("the crate's generator is on the curve")
}

/// A point in our SEC 1 encoding as a libsecp256k1 public key (`None`: the generator).
pub fn point_from_ours(point: Option<&[u8]>) -> Result<PublicKey, LibsecpError> {
    let Some(bytes) = point else {
        return Ok(generator());
    };
    match bytes.first() {
        None => Err(LibsecpError::BadPoint("empty encoding")),
        Some(0) => Err(LibsecpError::BadPoint(
            "the point at infinity is no public key",
        )),
        Some(2..=4) => PublicKey::from_slice(bytes).map_err(|_| {
            LibsecpError::BadPoint("wrong length, coordinate not below p, or not on the curve")
        }),
        Some(_) => Err(LibsecpError::BadPoint(
            "unknown SEC 1 prefix (hybrid 06/07 is not ours either)",
        )),
    }
}

/// A libsecp256k1 public key in our encoding (SEC 1 uncompressed; it is never O).
pub fn point_to_ours(p: &PublicKey) -> Vec<u8> {
    p.serialize_uncompressed().to_vec()
}

/// \[k\]Q with `PublicKey::mul_tweak` (`secp256k1_ec_pubkey_tweak_mul`, variable time), Q
/// in our SEC 1 encoding (`None`: the generator), `k_be` big-endian; the result in our
/// encoding.
pub fn mul(k_be: &[u8], point: Option<&[u8]>) -> Result<Vec<u8>, LibsecpError> {
    let k =
        Scalar::from_be_bytes(scalar_bytes(k_be)?).map_err(|_| LibsecpError::ScalarOutOfRange)?;
    let q = point_from_ours(point)?;
    let r = q
        .mul_tweak(&k)
        .map_err(|_| LibsecpError::Refused(TWEAK_MUL))?;
    Ok(point_to_ours(&r))
}

/// \[k\]Q with `ecdh::shared_secret_point` (`secp256k1_ecdh` → `secp256k1_ecmult_const`,
/// constant time in k), arguments and result as for [`mul`].
pub fn mul_ct(k_be: &[u8], point: Option<&[u8]>) -> Result<Vec<u8>, LibsecpError> {
    let k = SecretKey::from_secret_bytes(scalar_bytes(k_be)?)
        .map_err(|_| LibsecpError::ScalarOutOfRange)?;
    let q = point_from_ours(point)?;
    Ok(xy_to_ours(&ecdh::shared_secret_point(&q, &k)))
}

/// The x ‖ y of `shared_secret_point` as SEC 1 uncompressed.
fn xy_to_ours(xy: &[u8; 64]) -> Vec<u8> {
    let mut out = Vec::with_capacity(65);
    out.push(4);
    out.extend_from_slice(xy);
    out
}

/// Number of random scalars the multiplication chains cycle through.
const SCALARS: usize = 16;

/// The random start point (as 32 bytes of its discrete log r, Q₀ = \[r\]G) and the random
/// scalars in \[1, n − 1\] of the chains, drawn from `seed`: what the cross-check multiplies
/// before the timings run the same chain.
fn chain_inputs(seed: u64) -> ([u8; 32], [[u8; 32]; SCALARS]) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let n = find_curve(CURVE).expect("built-in curve").order();
    let mut draw = || {
        let k = ecsm::mul::random_below(n, &mut rng);
        let mut be = [0u8; 32];
        for (chunk, w) in be.rchunks_mut(8).zip(&k) {
            chunk.copy_from_slice(&w.to_be_bytes());
        }
        be
    };
    let r = draw();
    (r, std::array::from_fn(|_| draw()))
}

/// The curve in ecsm, and \[k\]Q by its default method, SEC 1 uncompressed.
fn ecsm_mul(k_be: &[u8], q: Option<&[u8]>) -> Result<Vec<u8>, LibsecpError> {
    let c = find_curve(CURVE).expect("built-in curve");
    c.mul(&words_from_be(k_be), q, &c.default_method(), false)
        .map_err(|e| LibsecpError::Ours(e.to_string()))
}

/// n − 1, big-endian.
fn n_minus_1() -> [u8; 32] {
    Scalar::MAX.to_be_bytes()
}

/// Both libsecp256k1 multiplications against ecsm's default method on \[k\]Q for `k_be`:
/// `Err` names the first disagreement.
fn check_one(k_be: &[u8], q: &[u8]) -> Result<(), LibsecpError> {
    let ours = ecsm_mul(k_be, Some(q))?;
    for (call, theirs) in [
        (TWEAK_MUL, mul(k_be, Some(q))?),
        (ECDH, mul_ct(k_be, Some(q))?),
    ] {
        if theirs != ours {
            return Err(LibsecpError::Disagrees {
                call,
                k: to_hex(k_be),
                q: to_hex(q),
                ours: to_hex(&ours),
                theirs: to_hex(&theirs),
            });
        }
    }
    Ok(())
}

/// Before a timing: both libsecp256k1 multiplications agree with ecsm's on the first step of
/// the chains drawn from `seed` (the same Q₀ and k₀ the timing starts from) and on Q₀ with
/// the edge scalars 1, 2 and n − 1.
pub fn check_against_ecsm(seed: u64) -> Result<(), LibsecpError> {
    let (r, ks) = chain_inputs(seed);
    let g = find_curve(CURVE).expect("built-in curve").generator(false);
    // Q₀ itself: the timings compute it with libsecp256k1 from its own generator.
    check_one(&r, &g)?;
    let q0 = ecsm_mul(&r, None)?;
    let mut two = [0u8; 32];
    two[31] = 2;
    let mut one = [0u8; 32];
    one[31] = 1;
    for k in [ks[0], one, two, n_minus_1()] {
        check_one(&k, &q0)?;
    }
    Ok(())
}

/// The chains' start point Q₀ = \[r\]G and scalars, as libsecp256k1 values.
fn chain_start(seed: u64) -> (PublicKey, [Scalar; SCALARS]) {
    let (r, ks) = chain_inputs(seed);
    let r = Scalar::from_be_bytes(r).expect("drawn below n");
    let q0 = generator()
        .mul_tweak(&r)
        .expect("r is in [1, n − 1] and G is valid");
    let ks = ks.map(|k| Scalar::from_be_bytes(k).expect("drawn below n"));
    (q0, ks)
}

/// Latency of `PublicKey::mul_tweak` (variable time, see the module docs): the chain
/// Q ← \[kᵢ\]Q from a random point, cycling through random scalars kᵢ in \[1, n − 1\].
pub fn mul_bench(cfg: BenchConfig, seed: u64) -> Timing {
    let (q0, ks) = chain_start(seed);
    // Each step multiplies the previous result, so no call can be skipped. The kᵢ are
    // valid tweaks and the group has prime order, so no step fails; were one to fail, the
    // chain would go on from the previous point rather than stop the run.
    time_chain(cfg, (q0, 0usize), |iters, (mut q, mut i)| {
        for _ in 0..iters {
            q = q.mul_tweak(&ks[i % SCALARS]).unwrap_or(q);
            i += 1;
        }
        (q, i)
    })
}

/// Latency of `ecdh::shared_secret_point` (constant time in k, see the module docs), with
/// the parse of its output back into a key: the same chain as [`mul_bench`].
pub fn mul_ct_bench(cfg: BenchConfig, seed: u64) -> Timing {
    let (q0, ks) = chain_start(seed);
    let ks = ks.map(|k| SecretKey::from_secret_bytes(k.to_be_bytes()).expect("k in [1, n − 1]"));
    time_chain(cfg, (q0, 0usize), |iters, (mut q, mut i)| {
        for _ in 0..iters {
            let xy = ecdh::shared_secret_point(&q, &ks[i % SCALARS]);
            let mut bytes = [4u8; 65];
            bytes[1..].copy_from_slice(&xy);
            q = PublicKey::from_byte_array_uncompressed(bytes).unwrap_or(q);
            i += 1;
        }
        (q, i)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ecsm::curves::named::NamedCurve;
    use rand::RngCore;

    fn curve() -> &'static dyn NamedCurve {
        find_curve(CURVE).unwrap()
    }

    /// n, big-endian.
    fn n_be() -> [u8; 32] {
        secp256k1::constants::CURVE_ORDER
    }

    /// The crate's generator and order are ecsm's.
    #[test]
    fn generator_and_order_are_ours() {
        assert_eq!(point_to_ours(&generator()), curve().generator(false));
        assert_eq!(words_from_be(&n_be()), curve().order());
    }

    /// Both multiplications agree with ecsm's default method on 50 seeded random (Q, k),
    /// Q given uncompressed and compressed, and on k = 1, 2, n − 1 (also with leading
    /// zero bytes, as k's of other lengths arrive).
    #[test]
    fn agrees_with_ecsm_on_random_and_edge_scalars() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x5ec9);
        let n = curve().order();
        let be =
            |w: Vec<u64>| -> Vec<u8> { w.iter().rev().flat_map(|x| x.to_be_bytes()).collect() };
        for _ in 0..50 {
            let r = be(ecsm::mul::random_below(n, &mut rng));
            let k = be(ecsm::mul::random_below(n, &mut rng));
            let q = ecsm_mul(&r, None).unwrap();
            let qc = curve()
                .mul(&words_from_be(&r), None, &curve().default_method(), true)
                .unwrap();
            check_one(&k, &q).unwrap();
            let ours = ecsm_mul(&k, Some(&q)).unwrap();
            assert_eq!(mul(&k, Some(&qc)).unwrap(), ours);
            assert_eq!(mul_ct(&k, Some(&qc)).unwrap(), ours);
        }
        let mut r = [0u8; 32];
        rng.fill_bytes(&mut r);
        let q = ecsm_mul(&r, None).unwrap();
        for k in [vec![1], vec![2], vec![0, 0, 2], n_minus_1().to_vec()] {
            check_one(&k, &q).unwrap();
            // None is libsecp256k1's own generator.
            let g = ecsm_mul(&k, None).unwrap();
            assert_eq!(mul(&k, None).unwrap(), g);
            assert_eq!(mul_ct(&k, None).unwrap(), g);
        }
        // [n − 1]Q = −Q: the edge case is what it claims.
        let minus_q = mul(&n_minus_1(), Some(&q)).unwrap();
        assert_eq!(minus_q[..33], q[..33]);
        assert_ne!(minus_q, q);
    }

    /// What a timing checks first passes for several seeds.
    #[test]
    fn check_against_ecsm_passes() {
        for seed in [1, 5, 42] {
            check_against_ecsm(seed).unwrap();
        }
    }

    /// k = 0 and k ≥ n are typed errors for both calls, whatever their length, not panics
    /// and not reductions mod n.
    #[test]
    fn zero_and_out_of_range_scalars_are_typed_errors() {
        let g = curve().generator(false);
        let mut n_plus_1 = n_be();
        n_plus_1[31] += 1;
        let mut too_long = vec![1u8];
        too_long.extend_from_slice(&[0; 32]);
        for f in [mul, mul_ct] {
            for zero in [&[][..], &[0], &[0; 32], &[0; 40]] {
                assert_eq!(f(zero, Some(&g)), Err(LibsecpError::ZeroScalar));
            }
            for big in [&n_be()[..], &n_plus_1, &[0xff; 32], &too_long[..]] {
                assert_eq!(f(big, Some(&g)), Err(LibsecpError::ScalarOutOfRange));
                assert_eq!(f(big, None), Err(LibsecpError::ScalarOutOfRange));
            }
        }
        assert!(LibsecpError::ZeroScalar.to_string().contains("k = 0"));
        assert!(LibsecpError::ScalarOutOfRange
            .to_string()
            .contains("below n"));
    }

    /// O, hybrid, truncated, empty and off-curve points are refused with `BadPoint`.
    #[test]
    fn bad_points_are_typed_errors() {
        let g = curve().generator(false);
        let mut hybrid = g.clone();
        // G's y is even, so 06 would be its valid hybrid form for libsecp256k1.
        hybrid[0] = 6;
        let mut off = g.clone();
        off[64] ^= 1;
        for bad in [&[0u8][..], &[], &hybrid[..], &off[..], &g[..33], &[4; 65]] {
            for f in [mul, mul_ct] {
                assert!(
                    matches!(f(&[3], Some(bad)), Err(LibsecpError::BadPoint(_))),
                    "{bad:02x?}"
                );
            }
        }
    }

    /// A disagreement names the call, k, Q and both answers.
    #[test]
    fn disagreement_message_names_the_inputs() {
        let e = LibsecpError::Disagrees {
            call: TWEAK_MUL,
            k: "02".into(),
            q: "04aa".into(),
            ours: "04bb".into(),
            theirs: "04cc".into(),
        };
        let s = e.to_string();
        for part in [
            "ec_pubkey_tweak_mul",
            "k = 02",
            "04aa",
            "ecsm 04bb",
            "libsecp256k1 04cc",
        ] {
            assert!(s.contains(part), "{s}");
        }
    }

    /// Both timings run and report a positive time.
    #[test]
    fn timings_run() {
        for t in [
            mul_bench(BenchConfig::QUICK, 3),
            mul_ct_bench(BenchConfig::QUICK, 3),
        ] {
            assert!(t.median_ns > 0.0 && t.min_ns > 0.0 && t.min_ns <= t.median_ns);
        }
    }

    /// The version in the peer's name is the one Cargo.toml pins, and the lock file has the
    /// `secp256k1-sys` whose vendored C the module docs describe (libsecp256k1 0.8.0).
    #[test]
    fn versions_match_the_manifest_and_lock_file() {
        let manifest = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"));
        assert!(
            manifest.contains(&format!("secp256k1 = {{ version = \"={CRATE_VERSION}\"")),
            "Cargo.toml pins another secp256k1"
        );
        let lock = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.lock"));
        assert!(lock.contains("name = \"secp256k1-sys\"\nversion = \"0.14.1\"\n"));
    }
}
