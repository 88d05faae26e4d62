//! Seed 001's operation counts, measured: a GLS method run on counting fields, once on
//! `Counted<GF(2^254)>` (the seed's m̃, s̃, … of the quadratic extension) and once on
//! GF(2^254) over `Counted<GF(2^127)>` (the base-field operations the extension's
//! arithmetic performs), averaged over random points of the subgroup and random scalars.

use crate::cost::{measure, Counted, OpCounts};
use crate::curve::binary::Affine;
use crate::curves::gls254::GlsNamedCurve;
use crate::field::Gf2Ext;
use crate::gls::methods::{gls_mul, GlsMethod, GlsMulError};
use crate::mul::random_below;
use rand_core::SeedableRng;

/// Average operations per scalar multiplication.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct AvgCounts {
    /// Inversions.
    pub inv: f64,
    /// Half-traces.
    pub half_trace: f64,
    /// Multiplications, by curve constants included.
    pub mul: f64,
    /// Squarings.
    pub sqr: f64,
    /// Square roots.
    pub sqrt: f64,
    /// Traces.
    pub trace: f64,
    /// Of the multiplications, those by a curve constant (C).
    pub mul_const: f64,
    /// Additions.
    pub add: f64,
}

impl AvgCounts {
    fn from_total(c: OpCounts, n: usize) -> Self {
        let n = n.max(1) as f64;
        AvgCounts {
            inv: c.inv as f64 / n,
            half_trace: c.half_trace as f64 / n,
            mul: (c.mul + c.mul_const) as f64 / n,
            sqr: c.sqr as f64 / n,
            sqrt: c.sqrt as f64 / n,
            trace: c.trace as f64 / n,
            mul_const: c.mul_const as f64 / n,
            add: c.add as f64 / n,
        }
    }
}

/// One method's counts.
#[derive(Clone, Debug, PartialEq)]
pub struct GlsCounts {
    /// The method's spec.
    pub method: String,
    /// Multiplications averaged.
    pub samples: usize,
    /// In GF(2^254) operations.
    pub ext: AvgCounts,
    /// In GF(2^127) operations.
    pub base: AvgCounts,
}

/// Count `method` on `samples` random points \[s\]G and scalars below r, drawn from `seed`.
/// `lambda-parallel` counts both threads (the worker's tallies are added to the caller's).
pub fn gls_counts(
    curve: &GlsNamedCurve,
    method: GlsMethod,
    samples: usize,
    seed: u64,
) -> Result<GlsCounts, GlsMulError> {
    method.validate()?;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let n = curve.glv().order().to_vec();
    let (mut ext, mut base) = (OpCounts::default(), OpCounts::default());
    for _ in 0..samples {
        let s = random_below(&n, &mut rng);
        let p = curve.mul_point(&s, &curve.generator_point(), GlsMethod::LambdaHalveAdd(4))?;
        let k = random_below(&n, &mut rng);
        let c = curve.curve().map_field(Counted);
        let (r, counts) = measure(|| gls_mul(&c, curve.glv(), method, &k, &p.map(Counted)));
        r?;
        ext = ext.plus(counts);
        let to_base = |f: crate::field::Gf254| Gf2Ext::new(Counted(f.c0), Counted(f.c1));
        let c = curve.curve().map_field(to_base);
        let pb: Affine<_> = p.map(to_base);
        let (r, counts) = measure(|| gls_mul(&c, curve.glv(), method, &k, &pb));
        r?;
        base = base.plus(counts);
    }
    Ok(GlsCounts {
        method: method.spec().to_string(),
        samples,
        ext: AvgCounts::from_total(ext, samples),
        base: AvgCounts::from_total(base, samples),
    })
}
