//! Side-by-side timings of OpenSSL (feature `openssl`), crrl (feature `crrl`) and
//! libsecp256k1 (feature `libsecp256k1`) on the same machine; without the feature every
//! function says so by returning `None`.

use ecsm::curves::named::NamedCurve;
use ecsm::experiments::timing::{BenchConfig, Timing};

/// The OpenSSL version linked, if any.
pub fn peer_version() -> Option<String> {
    #[cfg(feature = "openssl")]
    {
        Some(crate::peers::openssl::openssl_version())
    }
    #[cfg(not(feature = "openssl"))]
    {
        None
    }
}

/// OpenSSL's `EC_POINT_oct2point` on the same compressed points, or `None` without the
/// feature, when OpenSSL does not know the curve under any of its names, or when it
/// refuses one of the points (each is decoded once before the timing).
pub fn openssl_decompress(
    curve: &dyn NamedCurve,
    points: &[Vec<u8>],
    cfg: BenchConfig,
) -> Option<Timing> {
    #[cfg(feature = "openssl")]
    {
        use crate::peers::openssl::OsslGroup;
        use std::hint::black_box;
        let group = std::iter::once(curve.name())
            .chain(curve.aliases().iter().copied())
            .find_map(|n| OsslGroup::by_name(n).ok())?;
        let mut out = group.new_point().ok()?;
        for p in points {
            group.oct2point(p, &mut out).ok()?;
        }
        let len = points.len().max(1);
        let out = std::cell::RefCell::new(out);
        Some(ecsm::experiments::timing::time_chain(
            cfg,
            0usize,
            |iters, mut i| {
                let mut out = out.borrow_mut();
                for _ in 0..iters {
                    let r = group.oct2point(black_box(&points[i % len]), &mut out);
                    i += 1 + black_box(r.is_err()) as usize;
                }
                i
            },
        ))
    }
    #[cfg(not(feature = "openssl"))]
    {
        let _ = (curve, points, cfg);
        None
    }
}

/// OpenSSL's variable-base `EC_POINT_mul` on `curve`, timed now: the chain P ← \[kᵢ\]P from
/// \[k₀\]G, cycling through 16 random non-zero scalars below n drawn from `seed` (as crrl's
/// timing does), with OpenSSL's version as the label. `None` without the feature `openssl`
/// or when OpenSSL does not know the curve under any of its names.
pub fn openssl_mul_timing(
    curve: &dyn NamedCurve,
    cfg: BenchConfig,
    seed: u64,
) -> Option<(String, Timing)> {
    #[cfg(feature = "openssl")]
    {
        use crate::peers::openssl::{OsslGroup, OsslScalar};
        use rand::SeedableRng;
        use std::hint::black_box;
        const SCALARS: usize = 16;
        let group = std::iter::once(curve.name())
            .chain(curve.aliases().iter().copied())
            .find_map(|n| OsslGroup::by_name(n).ok())?;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let n = curve.order();
        let bytes = n.len() * 8;
        let ks: Vec<OsslScalar> = (0..SCALARS)
            .map(|_| {
                let k = ecsm::mul::random_below(n, &mut rng);
                let be: Vec<u8> = (0..bytes)
                    .rev()
                    .map(|i| (k.get(i / 8).copied().unwrap_or(0) >> (8 * (i % 8))) as u8)
                    .collect();
                OsslScalar::from_be(&be).ok()
            })
            .collect::<Option<_>>()?;
        let mut p = group.new_point().ok()?;
        group
            .mul_with(&ks[0], &group.generator().ok()?, &mut p)
            .ok()?;
        let points = std::cell::RefCell::new((p, group.new_point().ok()?));
        let t = ecsm::experiments::timing::time_chain(cfg, 0usize, |iters, mut i| {
            let mut points = points.borrow_mut();
            let (p, out) = &mut *points;
            for _ in 0..iters {
                let r = group.mul_with(&ks[i % SCALARS], p, out);
                std::mem::swap(p, out);
                i += 1 + black_box(r.is_err()) as usize;
            }
            i
        });
        Some((crate::peers::openssl::openssl_version(), t))
    }
    #[cfg(not(feature = "openssl"))]
    {
        let _ = (curve, cfg, seed);
        None
    }
}

/// Our canonical names of the curves crrl is the peer of (see [`crrl_peer_timing`]). Known
/// without the feature too, so that a caller can tell "no peer" from "not built in".
pub const CRRL_PEER_CURVES: [&str; 4] = ["gls254", "ed448", "secp256r1", "secp256k1"];

/// crrl's variable-base scalar multiplication on the curve with our canonical name
/// `curve_name` (a `NamedCurve::name()`, so every alias of P-256 arrives as `secp256r1`),
/// timed now on random points and scalars drawn from `seed`, with its label (crrl's
/// version, and for gls254 its GF(2^254) backend). `None` without the feature `crrl` or
/// when crrl is not the peer of that curve (see [`CRRL_PEER_CURVES`]).
pub fn crrl_peer_timing(curve_name: &str, cfg: BenchConfig, seed: u64) -> Option<(String, Timing)> {
    #[cfg(feature = "crrl")]
    {
        use crate::peers::{crrl, crrl_ed448, crrl_weierstrass};
        let version = crrl::crrl_version();
        let (label, t) = match curve_name {
            "gls254" => (
                format!("crrl {version} ({})", crrl::crrl_backend()),
                crrl::gls254_mul_bench(cfg, seed),
            ),
            "ed448" => (
                format!("crrl {version} ed448"),
                crrl_ed448::ed448_mul_bench(cfg, seed),
            ),
            "secp256r1" => (
                format!("crrl {version} p256"),
                crrl_weierstrass::p256_mul_bench(cfg, seed),
            ),
            "secp256k1" => (
                format!("crrl {version} secp256k1"),
                crrl_weierstrass::secp256k1_mul_bench(cfg, seed),
            ),
            _ => return None,
        };
        Some((label, t))
    }
    #[cfg(not(feature = "crrl"))]
    {
        let _ = (curve_name, cfg, seed);
        None
    }
}

/// Our canonical names of the curves libsecp256k1 is the peer of (see
/// [`libsecp256k1_peer_timing`]); known without the feature, as [`CRRL_PEER_CURVES`].
pub const LIBSECP256K1_PEER_CURVES: [&str; 1] = ["secp256k1"];

/// libsecp256k1's two variable-base multiplications on the curve with our canonical name
/// `curve_name`: `PublicKey::mul_tweak` (variable time) then `ecdh::shared_secret_point`
/// (constant time), each labelled with that and the crate's version. Both are first checked
/// against ecsm on the inputs the timings start from (see
/// `peers::libsecp256k1::check_against_ecsm`), then timed now on random points and scalars
/// drawn from `seed`. `None` without the feature `libsecp256k1` or for another curve than
/// those of [`LIBSECP256K1_PEER_CURVES`]; `Some(Err)` says what disagreed, and nothing is
/// timed then.
pub fn libsecp256k1_peer_timing(
    curve_name: &str,
    cfg: BenchConfig,
    seed: u64,
) -> Option<Result<Vec<(String, Timing)>, String>> {
    #[cfg(feature = "libsecp256k1")]
    {
        use crate::peers::libsecp256k1 as secp;
        if !LIBSECP256K1_PEER_CURVES.contains(&curve_name) {
            return None;
        }
        if let Err(e) = secp::check_against_ecsm(seed) {
            return Some(Err(format!("libsecp256k1 not timed: {e}")));
        }
        let version = secp::CRATE_VERSION;
        Some(Ok(vec![
            (
                format!("libsecp256k1 tweak_mul, variable time (secp256k1 crate {version})"),
                secp::mul_bench(cfg, seed),
            ),
            (
                format!("libsecp256k1 ecdh, constant time (secp256k1 crate {version})"),
                secp::mul_ct_bench(cfg, seed),
            ),
        ]))
    }
    #[cfg(not(feature = "libsecp256k1"))]
    {
        let _ = (curve_name, cfg, seed);
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every listed name is a curve's canonical name (what `bench` passes), and with the
    /// feature each one has a timing, so the list and the match cannot drift apart.
    #[test]
    fn crrl_peer_curves_are_canonical_and_timed() {
        for name in CRRL_PEER_CURVES {
            let c = ecsm::curves::named::find_curve(name).unwrap();
            assert_eq!(c.name(), name);
            let t = crrl_peer_timing(name, BenchConfig::QUICK, 1);
            assert_eq!(t.is_some(), cfg!(feature = "crrl"), "{name}");
            if let Some((label, t)) = t {
                assert!(label.starts_with("crrl 0.9.0"), "{label}");
                assert!(t.median_ns > 0.0, "{name}");
            }
        }
        assert!(crrl_peer_timing("e-521", BenchConfig::QUICK, 1).is_none());
        assert!(crrl_peer_timing("P-256", BenchConfig::QUICK, 1).is_none());
    }

    /// As for crrl: the listed name is canonical, timed exactly when the feature is on, with
    /// the variable-time call first; aliases and other curves get nothing.
    #[test]
    fn libsecp256k1_peer_curves_are_canonical_and_timed() {
        for name in LIBSECP256K1_PEER_CURVES {
            let c = ecsm::curves::named::find_curve(name).unwrap();
            assert_eq!(c.name(), name);
            let t = libsecp256k1_peer_timing(name, BenchConfig::QUICK, 1);
            assert_eq!(t.is_some(), cfg!(feature = "libsecp256k1"), "{name}");
            if let Some(rows) = t {
                let rows = rows.unwrap();
                assert_eq!(rows.len(), 2);
                assert!(
                    rows[0].0.starts_with(
                        "libsecp256k1 tweak_mul, variable time (secp256k1 crate 0.33.1)"
                    ),
                    "{}",
                    rows[0].0
                );
                assert!(
                    rows[1].0.starts_with("libsecp256k1 ecdh, constant time"),
                    "{}",
                    rows[1].0
                );
                assert!(rows.iter().all(|(_, t)| t.median_ns > 0.0));
            }
        }
        assert!(libsecp256k1_peer_timing("secp256r1", BenchConfig::QUICK, 1).is_none());
        assert!(libsecp256k1_peer_timing("SECP256K1", BenchConfig::QUICK, 1).is_none());
    }
}
