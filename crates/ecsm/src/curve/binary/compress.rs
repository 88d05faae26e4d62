//! Point compression on binary curves: the SEC 1 compressed form (x, ỹ) with ỹ the lowest
//! bit of y/x (SEC 1 v2 §2.3.3–2.3.4), its decompression by a half-trace (seed 000 §2.2),
//! and the "x plus hints" form of seed 000 §3.4, in which the owner of a point P publishes
//! x(P) and the bits b_k = lowbit(y/x) of \[2^k\]P, so that anybody can rebuild \[2^k\]P
//! from x(P) by k x-doublings and one decompression.
//!
//! "Lowest bit" is the coefficient of x⁰ in the polynomial basis of the field, i.e. the
//! lowest bit of the last byte of the canonical big-endian encoding.
//!
//! Why one bit suffices (seed 000 §2.2): dividing y² + xy = x³ + a2·x² + a6 by x² (x ≠ 0)
//! gives z² + z = c with z = y/x and c = x + a2 + a6/x². Its two roots z and z + 1 differ
//! exactly in the lowest bit and give the two points ±P = (x, y), (x, x + y). There is a
//! root exactly when Tr(c) = 0, and then the half-trace H(c) is one of them (m odd). The
//! only point with x = 0 is T = (0, √a6), whose ỹ is 0 by definition.
//!
//! Measured costs (`tests/heavy/binary_named.rs`, on [`crate::cost::Counted`]; C = a
//! multiplication by a6, 0C on Koblitz curves; Tr = a trace, a few word operations):
//!
//! | operation | cost |
//! |---|---|
//! | [`BinaryCurve::compression_bit`] | I + 1M |
//! | [`BinaryCurve::decompress`] (x ≠ 0) | I + H + 1M + 1S + 1C + 1Tr |
//! | [`BinaryCurve::decompress_x_only`] (from (X : Z)) | I + H + 4M + 3S + 1C + 1Tr |
//! | [`BinaryCurve::decompress_x_only_batch`] (t points) | I + tH + (7t − 3)M + 3tS + tC + tTr |
//! | [`BinaryCurve::decode_hinted`] from x(P), k doublings | I + H + (k + 4)M + (3k + 3)S + (k + 1)C |
//!
//! The seed counts I + H + 4M + 1×√a6 + 2S for the decompression from (X : Z) and
//! I + tH + (7t − 2)M + 2tS for t points; the rows above are what this code performs.
//! Everything here branches on the data: **variable-time**, for public points.

use super::{Affine, BinaryCurve, CurveShape, LambdaAffine, LopezDahab, XOnly};
use crate::encoding::EncodingError;
use crate::field::batch::batch_invert_vartime;
use crate::field::{BinaryField, Field};

/// A point given as its x-coordinate and the bit ỹ = lowbit(y/x) (SEC 1's compressed
/// form), or O. Not checked to name a point until decompressed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Compressed<F> {
    /// The point at infinity (SEC 1 `00`).
    Infinity,
    /// x and ỹ (SEC 1 `02 ‖ x` for ỹ = 0, `03 ‖ x` for ỹ = 1).
    Point {
        /// x-coordinate.
        x: F,
        /// ỹ: the lowest bit of y/x; 0 when x = 0.
        y_bit: bool,
    },
}

impl<F: Field> Compressed<F> {
    /// The same value with x mapped, e.g. into [`crate::cost::Counted`].
    #[inline(always)]
    pub fn map<G: Field>(&self, f: impl Fn(F) -> G) -> Compressed<G> {
        match *self {
            Compressed::Infinity => Compressed::Infinity,
            Compressed::Point { x, y_bit } => Compressed::Point { x: f(x), y_bit },
        }
    }
}

/// The lowest bit (coefficient of x⁰) of a field element in polynomial basis.
#[inline]
pub fn low_bit<F: Field>(v: &F) -> bool {
    v.to_bytes().last().is_some_and(|b| b & 1 == 1)
}

impl<F: BinaryField, S: CurveShape> BinaryCurve<F, S> {
    /// ỹ = lowbit(y/x) of a finite point, 0 when x = 0 (the point T) and for O. Cost
    /// **I + 1M** (none for T and O).
    pub fn compression_bit(&self, p: &Affine<F>) -> bool {
        match *p {
            Affine::Infinity => false,
            Affine::Point { x, y } => match x.invert_vartime() {
                Ok(ix) => low_bit(&(y * ix)),
                Err(_) => false,
            },
        }
    }

    /// (x, ỹ) of a point, or O. Cost **I + 1M**.
    pub fn compress(&self, p: &Affine<F>) -> Compressed<F> {
        match *p {
            Affine::Infinity => Compressed::Infinity,
            Affine::Point { x, .. } => Compressed::Point {
                x,
                y_bit: self.compression_bit(p),
            },
        }
    }

    /// The root z of z² + z = c whose lowest bit is `bit`, or `NoPointWithX` when
    /// Tr(c) = 1. Cost **H + 1Tr**.
    pub(crate) fn root_with_bit(c: F, bit: bool) -> Result<F, EncodingError> {
        let z = c.solve_quadratic().ok_or(EncodingError::NoPointWithX)?;
        Ok(if low_bit(&z) == bit { z } else { z + F::one() })
    }

    /// The affine point with x-coordinate `x` and ỹ = `y_bit` (seed 000 §2.2):
    /// x = 0 gives T = (0, √a6) (ỹ must be 0, else `BadCompressionBit`); otherwise
    /// c = x + a2 + a6·(1/x)², z = the root of z² + z = c with lowbit(z) = ỹ (no root:
    /// `NoPointWithX`), y = x·z. Cost **I + H + 1M + 1S + 1C + 1Tr** (0C on Koblitz
    /// curves). The result is on the curve by construction.
    pub fn decompress_xy(&self, x: F, y_bit: bool) -> Result<Affine<F>, EncodingError> {
        Ok(match self.y_over_x(x, y_bit)? {
            Some(z) => Affine::new(x, x * z),
            None => self.two_torsion(),
        })
    }

    /// The root z = y/x of [`Self::decompress_xy`] (`None` for x = 0, the point T).
    fn y_over_x(&self, x: F, y_bit: bool) -> Result<Option<F>, EncodingError> {
        let Ok(ix) = x.invert_vartime() else {
            return if y_bit {
                Err(EncodingError::BadCompressionBit)
            } else {
                Ok(None)
            };
        };
        let c = self.add_a2(x + self.mul_a6(ix.square()));
        Self::root_with_bit(c, y_bit).map(Some)
    }

    /// (x, ỹ) decoded straight to λ-affine coordinates: the root z of
    /// [`Self::decompress_xy`] is y/x, so λ = x + y/x = x + z, without the inversion and
    /// product that [`Self::affine_to_lambda_affine`] spends on y/x. The same checks and
    /// errors as [`Self::decompress`]; O gives O and T gives [`LambdaAffine::TwoTorsion`].
    /// Cost **I + H + 1S + 1C + 1Tr** (0C on Koblitz curves).
    pub fn decompress_lambda(&self, p: &Compressed<F>) -> Result<LambdaAffine<F>, EncodingError> {
        match *p {
            Compressed::Infinity => Ok(LambdaAffine::Infinity),
            Compressed::Point { x, y_bit } => Ok(match self.y_over_x(x, y_bit)? {
                Some(z) => LambdaAffine::Point { x, l: x + z },
                None => LambdaAffine::TwoTorsion,
            }),
        }
    }

    /// [`Self::decompress_xy`] on a [`Compressed`] value; O decodes to O.
    pub fn decompress(&self, p: &Compressed<F>) -> Result<Affine<F>, EncodingError> {
        match *p {
            Compressed::Infinity => Ok(Affine::Infinity),
            Compressed::Point { x, y_bit } => self.decompress_xy(x, y_bit),
        }
    }

    /// The affine point with x = X/Z and ỹ = `y_bit`, from projective (X : Z) without a
    /// prior inversion (seed 000 §2.2, there from LD coordinates): α = 1/(X·Z), x = α·X²,
    /// 1/x = α·Z², then as [`Self::decompress_xy`]. Z = 0 gives O and X = 0 gives T, both
    /// with ỹ = 0 only (ỹ = 1 is `BadCompressionBit`). Cost **I + H + 4M + 3S + 1C + 1Tr**.
    pub fn decompress_x_only(&self, p: &XOnly<F>, y_bit: bool) -> Result<Affine<F>, EncodingError> {
        Ok(self
            .decompress_x_only_batch(&[(*p, y_bit)])?
            .pop()
            .expect("one point in, one out"))
    }

    /// [`Self::decompress_x_only`] on t values sharing one inversion (seed 000 §3.1:
    /// Montgomery's trick on the α_i = 1/(X_i·Z_i)). Cost
    /// **I + tH + (7t − 3)M + 3tS + tC + tTr** when no point is O or T (those cost nothing
    /// and take no part in the inversion). Fails on the first value that names no point.
    pub fn decompress_x_only_batch(
        &self,
        pts: &[(XOnly<F>, bool)],
    ) -> Result<Vec<Affine<F>>, EncodingError> {
        // O and T are decided by Z = 0 and X = 0; the others get α = 1/(X·Z).
        let mut xz = Vec::with_capacity(pts.len());
        for (p, bit) in pts {
            if p.z.is_zero() || p.x.is_zero() {
                if *bit {
                    return Err(EncodingError::BadCompressionBit);
                }
            } else {
                xz.push(p.x * p.z);
            }
        }
        batch_invert_vartime(&mut xz).expect("X·Z ≠ 0 for the points kept");
        let mut alphas = xz.into_iter();
        pts.iter()
            .map(|(p, bit)| {
                if p.z.is_zero() {
                    return Ok(Affine::Infinity);
                }
                if p.x.is_zero() {
                    return Ok(self.two_torsion());
                }
                let alpha = alphas.next().expect("one α per finite point with x ≠ 0");
                let x = alpha * p.x.square();
                let ix = alpha * p.z.square();
                let c = self.add_a2(x + self.mul_a6(ix.square()));
                let z = Self::root_with_bit(c, *bit)?;
                Ok(Affine::new(x, x * z))
            })
            .collect()
    }

    /// The hint bits of seed 000 §3.4: for k = 0, 1, …, `count` − 1 the bit
    /// b_k = lowbit(y/x) of \[2^k\]P, i.e. the SEC 1 ỹ of \[2^k\]P. The seed publishes
    /// k ∈ \[0, m + 1\], i.e. `count` = m + 2 ([`Self::hint_count`]). Where \[2^k\]P is O
    /// or T (x = 0) there is nothing to choose and b_k = 0, the value
    /// [`Self::decode_hinted`] requires there. Computed by LD doublings and one batched
    /// inversion of the X·Z: cost I + (count − 1)·(3M + 5S + 1C) + (5·count − 3)M for a point
    /// of order above 2^count.
    pub fn hint_bits(&self, p: &Affine<F>, count: usize) -> Vec<bool> {
        let mut pts: Vec<LopezDahab<F>> = Vec::with_capacity(count);
        let mut q = self.affine_to_ld(p);
        for k in 0..count {
            if k > 0 {
                q = self.ld_double(&q);
            }
            pts.push(q);
        }
        // y/x = (Y/Z²)/(X/Z) = Y/(X·Z); O (Z = 0) and T (X = 0) get bit 0.
        let finite: Vec<usize> = (0..count)
            .filter(|&k| !pts[k].z.is_zero() && !pts[k].x.is_zero())
            .collect();
        let mut inv: Vec<F> = finite.iter().map(|&k| pts[k].x * pts[k].z).collect();
        batch_invert_vartime(&mut inv).expect("X·Z ≠ 0 for the points kept");
        let mut bits = vec![false; count];
        for (&k, i) in finite.iter().zip(inv) {
            bits[k] = low_bit(&(pts[k].y * i));
        }
        bits
    }

    /// How many hint bits seed 000 §3.4 publishes: k ∈ \[0, m + 1\], m + 2 bits.
    pub fn hint_count(&self) -> usize {
        F::DEGREE + 2
    }

    /// \[2^k\]P from x(P) = `x` and its hint bit b_k: k x-doublings of (x : 1), then
    /// [`Self::decompress_x_only`] with ỹ = b_k. Cost
    /// **I + H + (k + 4)M + (3k + 3)S + (k + 1)C + 1Tr**. `x` is not checked to be the
    /// x-coordinate of a point: if it is not, the x-doublings run on the quadratic twist and
    /// the result is an error or an unrelated point, so decode P itself (with b_0) first
    /// when x comes from outside. Use [`Self::decompress_x_only`] directly when
    /// x(\[2^k\]P) is already known projectively.
    pub fn decode_hinted(&self, x: F, k: usize, b_k: bool) -> Result<Affine<F>, EncodingError> {
        let q = self.x_double_repeated(&XOnly { x, z: F::one() }, k);
        self.decompress_x_only(&q, b_k)
    }
}
