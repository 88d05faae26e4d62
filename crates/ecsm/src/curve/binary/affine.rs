//! Affine formulas: doubling, addition, P + Q and P − Q together, and a direct tripling.
//!
//! The chord-and-tangent law on y² + xy = x³ + a2·x² + a6 (EFD `g12o/shortw/affine`):
//! with slope λ = (y1 + y2)/(x1 + x2) for P ≠ ±Q, or λ = x1 + y1/x1 for doubling,
//! x3 = λ² + λ + x1 + x2 + a2 and y3 = λ(x1 + x3) + x3 + y1 (the doubling is the case
//! x2 = x1). Writing y3 through λ and x1 + x3 also for doubling avoids the squaring x1² of
//! the textbook y3 = x1² + (λ + 1)x3. All formulas are variable-time.

use super::{Affine, BinaryCurve, CurveShape};
use crate::field::batch::batch_invert_vartime;
use crate::field::BinaryField;

impl<F: BinaryField, S: CurveShape> BinaryCurve<F, S> {
    /// \[2\]P. Cost **I + 2M + S** (seed 000 §2.1). O and T = (0, √a6) double to O.
    pub fn affine_double(&self, p: &Affine<F>) -> Affine<F> {
        let Affine::Point { x, y } = *p else {
            return Affine::Infinity;
        };
        let Ok(ix) = x.invert_vartime() else {
            return Affine::Infinity; // T has order 2.
        };
        let l = x + y * ix;
        let x3 = self.add_a2(l.square() + l);
        Affine::new(x3, l * (x + x3) + x3 + y)
    }

    /// P + Q. Cost **I + 2M + S** (seed 000 §2.1). Handles O, P = Q (doubling) and P = −Q.
    pub fn affine_add(&self, p: &Affine<F>, q: &Affine<F>) -> Affine<F> {
        let (x1, y1, x2, y2) = match (*p, *q) {
            (Affine::Infinity, _) => return *q,
            (_, Affine::Infinity) => return *p,
            (Affine::Point { x: x1, y: y1 }, Affine::Point { x: x2, y: y2 }) => (x1, y1, x2, y2),
        };
        let Ok(inv) = (x1 + x2).invert_vartime() else {
            return if y1 == y2 {
                self.affine_double(p)
            } else {
                Affine::Infinity
            };
        };
        let l = (y1 + y2) * inv;
        let x3 = self.add_a2(l.square() + l + x1 + x2);
        Affine::new(x3, l * (x1 + x3) + x3 + y1)
    }

    /// (P + Q, P − Q) with one shared inversion. Cost **I + 4M + 2S** (seed 000 §3.1, used
    /// for the JSF precomputations Q1 ± Q0): with i = 1/(x1 + x2), λ₊ = (y1 + y2)·i and,
    /// since −Q = (x2, x2 + y2), λ₋ = λ₊ + x2·i. When P or Q is O or x1 = x2 the two
    /// results are computed separately.
    pub fn affine_add_sub(&self, p: &Affine<F>, q: &Affine<F>) -> (Affine<F>, Affine<F>) {
        let fallback = || (self.affine_add(p, q), self.affine_add(p, &q.neg()));
        let (Affine::Point { x: x1, y: y1 }, Affine::Point { x: x2, y: y2 }) = (*p, *q) else {
            return fallback();
        };
        let Ok(inv) = (x1 + x2).invert_vartime() else {
            return fallback();
        };
        self.add_sub_with_inverse((x1, y1), (x2, y2), inv)
    }

    /// (P + Q, P − Q) for finite P = (x1, y1), Q = (x2, y2) given inv = 1/(x1 + x2):
    /// λ₊ = (y1 + y2)·inv, λ₋ = λ₊ + x2·inv (since −Q = (x2, x2 + y2)). Cost 4M + 2S.
    fn add_sub_with_inverse(
        &self,
        (x1, y1): (F, F),
        (x2, y2): (F, F),
        inv: F,
    ) -> (Affine<F>, Affine<F>) {
        let lp = (y1 + y2) * inv;
        let lm = lp + x2 * inv;
        let xp = self.add_a2(lp.square() + lp + x1 + x2);
        let xm = self.add_a2(lm.square() + lm + x1 + x2);
        (
            Affine::new(xp, lp * (x1 + xp) + xp + y1),
            Affine::new(xm, lm * (x1 + xm) + xm + y1),
        )
    }

    /// (P_j + Q_j, P_j − Q_j) for every pair with one inversion shared by all the pairs
    /// (Montgomery's trick on the x_P + x_Q, [`batch_invert_vartime`]), then
    /// [`Self::affine_add_sub`]'s formulas: cost **I + (7t − 3)M + 2tS** for t pairs of
    /// finite points with distinct x, against t·(I + 4M + 2S) pair by pair. Pairs with O or
    /// equal x are computed separately by [`Self::affine_add_sub`].
    pub fn affine_add_sub_batch(
        &self,
        pairs: &[(Affine<F>, Affine<F>)],
    ) -> Vec<(Affine<F>, Affine<F>)> {
        let regular = |p: &Affine<F>, q: &Affine<F>| match (*p, *q) {
            (Affine::Point { x: x1, .. }, Affine::Point { x: x2, .. }) => x1 != x2,
            _ => false,
        };
        let mut dens: Vec<F> = pairs
            .iter()
            .filter(|(p, q)| regular(p, q))
            .map(|(p, q)| p.x().expect("finite") + q.x().expect("finite"))
            .collect();
        batch_invert_vartime(&mut dens).expect("x1 + x2 ≠ 0 for the pairs kept");
        let mut invs = dens.into_iter();
        pairs
            .iter()
            .map(|(p, q)| {
                let (Affine::Point { x: x1, y: y1 }, Affine::Point { x: x2, y: y2 }) = (*p, *q)
                else {
                    return self.affine_add_sub(p, q);
                };
                if x1 == x2 {
                    return self.affine_add_sub(p, q);
                }
                let inv = invs.next().expect("one inverse per regular pair");
                self.add_sub_with_inverse((x1, y1), (x2, y2), inv)
            })
            .collect()
    }

    /// \[3\]P = 2P + P with one inversion. Cost **I + 6M + 4S** (no multiplication by a
    /// curve constant), the count seed 000 §4 states is enough ("saving one multiplication"
    /// over the I + 7M + 4S of Ciet–Joye–Lauter–Montgomery, *Trading inversions for
    /// multiplications*, 2006).
    ///
    /// Derivation (ours): with λ1 = x1 + y1/x1 the tangent slope and x(2P) = x1² + a6/x1²,
    /// x1 + x(2P) = N/x1² where N = x1⁴ + x1³ + a6, and y1 + y(2P) = λ1(x1 + x(2P)) + x(2P),
    /// so the chord slope is λ2 = λ1 + 1 + x1³/N. Both y1/x1 = y1·N/(x1·N) and
    /// x1³/N = x1⁴/(x1·N) share the denominator x1·N: one inversion. N = 0 exactly when
    /// 2P = −P, i.e. \[3\]P = O; T = (0, √a6) triples to itself.
    pub fn affine_triple(&self, p: &Affine<F>) -> Affine<F> {
        let Affine::Point { x: x1, y: y1 } = *p else {
            return Affine::Infinity;
        };
        if x1.is_zero() {
            return *p;
        }
        let s = x1.square();
        let s2 = s.square();
        let n = s2 + s * x1 + self.a6;
        let Ok(inv) = (x1 * n).invert_vartime() else {
            return Affine::Infinity;
        };
        let l1 = x1 + y1 * n * inv;
        let l2 = l1 + F::one() + s2 * inv;
        let x2 = self.add_a2(l1.square() + l1);
        let x3 = self.add_a2(l2.square() + l2 + x1 + x2);
        Affine::new(x3, l2 * (x1 + x3) + x3 + y1)
    }
}
