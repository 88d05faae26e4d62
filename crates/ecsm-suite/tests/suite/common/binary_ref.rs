//! A slow, obvious reference for binary curves: textbook affine chord-and-tangent
//! (Hankerson–Menezes–Vanstone, Guide to ECC, §3.1.2), one inversion per operation,
//! sharing nothing with the library's formulas.

use ecsm::curve::binary::{BinaryCurve, CurveShape};
use ecsm::field::BinaryField;

/// y² + xy = x³ + a2·x² + a6, points as `None` (O) or `Some((x, y))`.
#[derive(Clone, Copy)]
pub struct Reference<F> {
    /// a2.
    pub a2: F,
    /// a6.
    pub a6: F,
}

/// A point: `None` for O.
pub type Pt<F> = Option<(F, F)>;

impl<F: BinaryField> Reference<F> {
    pub fn of<S: CurveShape>(c: &BinaryCurve<F, S>) -> Self {
        Reference {
            a2: c.a2(),
            a6: c.a6(),
        }
    }
    pub fn on_curve(&self, p: Pt<F>) -> bool {
        match p {
            None => true,
            Some((x, y)) => y * y + x * y == x * x * x + self.a2 * x * x + self.a6,
        }
    }
    pub fn neg(&self, p: Pt<F>) -> Pt<F> {
        p.map(|(x, y)| (x, x + y))
    }
    /// Tangent: λ = x + y/x, x3 = λ² + λ + a2, y3 = x² + (λ + 1)·x3; x = 0 is of order 2.
    pub fn double(&self, p: Pt<F>) -> Pt<F> {
        let (x, y) = p?;
        if x.is_zero() {
            return None;
        }
        let l = x + y * x.invert().unwrap();
        let x3 = l * l + l + self.a2;
        Some((x3, x * x + (l + F::one()) * x3))
    }
    /// Chord: λ = (y1 + y2)/(x1 + x2), x3 = λ² + λ + x1 + x2 + a2, y3 = λ(x1 + x3) + x3 + y1.
    pub fn add(&self, p: Pt<F>, q: Pt<F>) -> Pt<F> {
        let Some((x1, y1)) = p else { return q };
        let Some((x2, y2)) = q else { return p };
        if x1 == x2 {
            return if y1 == y2 { self.double(p) } else { None };
        }
        let l = (y1 + y2) * (x1 + x2).invert().unwrap();
        let x3 = l * l + l + x1 + x2 + self.a2;
        Some((x3, l * (x1 + x3) + x3 + y1))
    }
    /// Right-to-left double-and-add, k as little-endian words.
    pub fn mul(&self, p: Pt<F>, k: &[u64]) -> Pt<F> {
        let (mut acc, mut base) = (None, p);
        for w in k {
            for i in 0..64 {
                if (w >> i) & 1 == 1 {
                    acc = self.add(acc, base);
                }
                base = self.double(base);
            }
        }
        acc
    }
}
