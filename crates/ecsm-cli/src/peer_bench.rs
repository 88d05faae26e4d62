//! Side-by-side timings of OpenSSL on the same inputs (feature `openssl`); without the
//! feature every function says so by returning `None`.

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
/// feature or when OpenSSL does not know the curve under any of its names.
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
