//! Point halving (Knudsen 1999, Schroeppel 2000), in the form of Hankerson–Menezes–
//! Vanstone, *Guide to Elliptic Curve Cryptography*, Alg. 3.81, with λ-affine input and
//! output as seed 001 uses it (the notes to the seed: RELIC `eb_hlv`).
//!
//! On a curve with Tr(a2) = 1 and #E = 2n, n odd, doubling is a bijection of the
//! subgroup G of order n, and halving is its inverse there: for P = (x, λ_P) ∈ G, solve
//! λ̂² + λ̂ = x + a2 (one half-trace), put t = x·(x + λ_P + λ̂); if Tr(t) = 0 the half is
//! (√(t + x), λ̂), otherwise (√t, λ̂ + 1). The half Q = (u, λ_Q) doubles to
//! x = λ_Q² + λ_Q + a2, so λ_Q is λ̂ or λ̂ + 1, and u² = x·(λ_Q + 1) + y with
//! y = x·(x + λ_P): u² = t + x for λ_Q = λ̂ and u² = t for λ̂ + 1. Which of the two
//! candidates lies in G is decided by Tr(t) (HMV Theorem 3.80 and Alg. 3.81); the tests
//! check \[2\](P/2) = P.
//!
//! Cost **1H + 1M + 1√ + 1Tr** (and additions), measured in `tests/suite/gls254.rs`.
//! Variable-time: the half-trace reads tables at value-dependent indices and the trace
//! picks a branch.

use super::{Affine, BinaryCurve, CurveShape, LambdaAffine};
use crate::field::BinaryField;

impl<F: BinaryField, S: CurveShape> BinaryCurve<F, S> {
    /// True when halving applies to the odd-order subgroup: Tr(a2) = 1 (with #E = 2n,
    /// n odd; the B-curves and the GLS curves, not the Koblitz curves).
    pub fn halving_applies(&self) -> bool {
        self.a2.trace() == 1
    }

    /// The half of P in the subgroup of odd order: the unique Q in it with \[2\]Q = P.
    /// P must lie in that subgroup (the methods check their points first) and the curve
    /// must have Tr(a2) = 1 ([`Self::halving_applies`]); otherwise the result is some
    /// point or garbage, never a panic. O halves to O. Cost **1H + 1M + 1√ + 1Tr**.
    #[inline]
    pub fn lambda_affine_halve(&self, p: &LambdaAffine<F>) -> LambdaAffine<F> {
        let LambdaAffine::Point { x, l } = *p else {
            return LambdaAffine::Infinity;
        };
        let lh = (x + self.a2).half_trace();
        self.halve_tail(x, lh, x * (x + l + lh))
    }

    /// The half of an affine P = (x, y), in λ-affine coordinates, under the same
    /// conditions as [`Self::lambda_affine_halve`]: as y = x·(x + λ_P),
    /// t = x·(x + λ_P + λ̂) = y + x·λ̂, so P needs no conversion to λ-affine (whose
    /// λ_P = x + y/x costs an inversion). Cost **1H + 1M + 1√ + 1Tr**.
    #[inline]
    pub fn affine_halve(&self, p: &Affine<F>) -> LambdaAffine<F> {
        let Affine::Point { x, y } = *p else {
            return LambdaAffine::Infinity;
        };
        let lh = (x + self.a2).half_trace();
        self.halve_tail(x, lh, y + x * lh)
    }

    /// The half from x, λ̂ = H(x + a2) and t: the candidate in the subgroup by Tr(t).
    #[inline(always)]
    fn halve_tail(&self, x: F, lh: F, t: F) -> LambdaAffine<F> {
        if t.trace() == 0 {
            LambdaAffine::Point {
                x: (t + x).sqrt(),
                l: lh,
            }
        } else {
            LambdaAffine::Point {
                x: t.sqrt(),
                l: lh + F::one(),
            }
        }
    }
}
