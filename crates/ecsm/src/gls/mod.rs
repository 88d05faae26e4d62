//! GLS254 (seed 001): the binary GLS curves E/GF(2^254): y² + xy = x³ + u·x² + b with
//! b ∈ GF(2^127), their endomorphism ψ, the 2-GLV split of scalars, and the methods of
//! the seed: 2-GLV double-and-add and halve-and-add in López–Dahab and λ-coordinates,
//! the two-core parallel method, and a constant-time double-and-add.
//!
//! | module | contents |
//! |---|---|
//! | [`params`] | the two curves (`gls254`, `gls254-ches2013`) as published data |
//! | [`scalar`] | arithmetic mod r and the GLV split |
//! | [`psi`] | ψ in affine, λ-affine and λ-projective coordinates |
//! | [`methods`] | the variable-time methods |
//! | [`parallel`] | Algorithm 3 of the seed on two OS threads |
//! | [`ct`] | the constant-time method |
//!
//! ψ comes from the GLS construction (Galbraith–Lin–Scott 2009, as stated on the seed's
//! slides): with E′: y² + xy = x³ + b over GF(q), q = 2^127, the isomorphism
//! φ(x, y) = (x, y + s·x) with s² + s = u, and ψ = φ⁻¹ ∘ Frobenius_q ∘ φ. s lies in GF(16),
//! s^q = s^8 = s + u + 1, so the slides' ψ is (x^q, y^q + (u + 1)·x^q). Here ψ is its
//! negative, ψ(x, y) = (x^q, y^q + u·x^q), which in λ-coordinates is
//! ψ(x, λ) = (x^q, λ^q + u) (the notes to seed 001: dfaranha/gls254 `psi_aff`), where
//! (a₀ + a₁u)^q = (a₀ + a₁) + a₁u: additions only. ψ² = −1 on E, and ψ acts on the
//! subgroup of order r as \[μ\] with μ = (q − 1)·t⁻¹ mod r ([`scalar::GlvScalars`]); the
//! tests check ψ(G) = \[μ\]G on both curves.

pub mod ct;
pub mod methods;
pub mod parallel;
pub mod params;
pub mod psi;
pub mod scalar;

use crate::backend::gls254;
use crate::backend::{
    Fe254, Gls254Columns, Gls254CtColumns, Gls254CtTables, Gls254HalveColumns, Gls254HalvingTables,
};
use crate::curve::binary::{Affine, Lambda, LambdaAffine};
use crate::field::ext2::{Gf2Ext, QuadraticBase};
use crate::field::{BinaryField, Field};
use methods::GlsCurve;

pub use params::{find_gls_curve, GlsParams, GLS_CURVES};
pub use scalar::{GlvScalars, GlvSplit};

/// What [`GlsField::lambda_ct_words`] returns: Q, the exceptional flag, and (x, λ) of
/// the first entries of the two signed tables.
pub type CtWords<F> = (Lambda<F>, bool, (F, F), (F, F));

/// A field GF(q²) = GF(q)\[u\]/(u² + u + 1) as the GLS methods use it: the Frobenius
/// a ↦ a^q and the multiplication by u, both additions only.
pub trait GlsField: BinaryField {
    /// a^q: (a₀ + a₁u)^q = (a₀ + a₁) + a₁u (u^q = u + 1 for odd m). One base addition.
    fn frobenius(&self) -> Self;
    /// u·a = a₁ + (a₀ + a₁)u (u² = u + 1). One base addition.
    fn mul_u(&self) -> Self;
    /// a + u.
    fn add_u(&self) -> Self;
    /// The double-and-add columns `from..to` of `methods::lambda_dbl_add_digits` from
    /// `q`, computed by the backend's own loop where it has one (GLS254 on `vpclmul`:
    /// [`crate::backend::gls254`]); `None` sends the caller to the generic loop, which
    /// is also what runs when the backend declines (another curve, an exceptional
    /// input) and what `Counted` fields count.
    #[allow(clippy::too_many_arguments)]
    fn lambda_columns(
        curve: &GlsCurve<Self>,
        q: &Lambda<Self>,
        t1: &[LambdaAffine<Self>],
        t2: &[LambdaAffine<Self>],
        d1: &[i8],
        d2: &[i8],
        from: usize,
        to: usize,
    ) -> Option<Lambda<Self>> {
        let _ = (curve, q, t1, t2, d1, d2, from, to);
        None
    }
    /// `methods::lambda_dbl_add_from` (the double-and-add over the columns `from..` of
    /// the digits `d1`, `d2`, with the table of t odd multiples of P, signed by `neg`) by
    /// the backend's own code where it has one (GLS254 on `vpclmul`: the table, its
    /// image under ψ and the signs in [`crate::backend::gls254`]'s words, and its loop),
    /// without building the generic tables; `None` sends the caller to the generic code.
    fn lambda_dbl_add_words(
        curve: &GlsCurve<Self>,
        p: &Affine<Self>,
        neg: (bool, bool),
        digits: (&[i8], &[i8]),
        t: usize,
        from: usize,
    ) -> Option<Lambda<Self>> {
        let _ = (curve, p, neg, digits, t, from);
        None
    }
    /// P, \[3\]P, …, \[2t − 1\]P in λ-affine coordinates as `methods::lambda_table`
    /// computes them, by the backend's own code where it has one (GLS254 on `vpclmul`:
    /// [`crate::backend::gls254::odd_multiples`]); `None` sends the caller to the generic
    /// code.
    fn lambda_odd_multiples(
        curve: &GlsCurve<Self>,
        p: &Affine<Self>,
        t: usize,
    ) -> Option<Vec<LambdaAffine<Self>>> {
        let _ = (curve, p, t);
        None
    }
    /// The columns of `lambda-ct` after its first ([`ct`]'s loop) from `q`, with the
    /// tables as (x, λ) pairs, signs applied, computed by the backend's constant-time loop
    /// where it has one (GLS254 on `vpclmul`: [`crate::backend::gls254::ct_columns`]),
    /// with whether an exceptional factor was zero; `None` sends the caller to the
    /// generic loop.
    #[allow(clippy::too_many_arguments)]
    fn lambda_ct_columns(
        curve: &GlsCurve<Self>,
        q: &Lambda<Self>,
        t1: &[(Self, Self)],
        t2: &[(Self, Self)],
        d1: &[i8],
        d2: &[i8],
        w: usize,
    ) -> Option<(Lambda<Self>, bool)> {
        let _ = (curve, q, t1, t2, d1, d2, w);
        None
    }
    /// `lambda-ct`'s table and all its columns by the backend's own code where it has
    /// one (GLS254 on `vpclmul`: the table, its image under ψ and the signs, by the masks
    /// `neg`, in [`crate::backend::gls254`]'s words, then
    /// [`crate::backend::gls254::ct_all_columns`]): Q after the regular digits `d1`, `d2`
    /// of width `w`, whether an exceptional factor was zero, and the first entries of both
    /// signed tables (P1 and P2, for the final corrections). `None` sends the caller to the
    /// generic code.
    fn lambda_ct_words(
        curve: &GlsCurve<Self>,
        p: &Affine<Self>,
        neg: (u64, u64),
        digits: (&[i8], &[i8]),
        w: usize,
    ) -> Option<CtWords<Self>> {
        let _ = (curve, p, neg, digits, w);
        None
    }
    /// The weighted sum Σ_j (2j + 1)·Q_j of the accumulators Q_j of
    /// `methods::lambda_halve_add_digits` after positions `to − 1`, …, 0 from the
    /// λ-affine point `r` at position `to − 1`, computed by the backend's own loop where
    /// it has one (GLS254 on `vpclmul`: [`crate::backend::gls254::halve_columns`], then
    /// [`crate::backend::gls254::weighted_sum`] or, where that declines, the generic
    /// sum); `None` sends the caller to the generic loop.
    #[allow(clippy::too_many_arguments)]
    fn lambda_halve_columns(
        curve: &GlsCurve<Self>,
        r: &LambdaAffine<Self>,
        d1: &[i8],
        d2: &[i8],
        neg: (bool, bool),
        slots: usize,
        to: usize,
    ) -> Option<Lambda<Self>> {
        let _ = (curve, r, d1, d2, neg, slots, to);
        None
    }
}

impl<F: QuadraticBase> GlsField for Gf2Ext<F> {
    #[inline(always)]
    fn frobenius(&self) -> Self {
        Gf2Ext {
            c0: self.c0 + self.c1,
            c1: self.c1,
        }
    }
    #[inline(always)]
    fn mul_u(&self) -> Self {
        Gf2Ext {
            c0: self.c1,
            c1: self.c0 + self.c1,
        }
    }
    #[inline(always)]
    fn add_u(&self) -> Self {
        Gf2Ext {
            c0: self.c0,
            c1: self.c1 + F::one(),
        }
    }
    fn lambda_columns(
        curve: &GlsCurve<Self>,
        q: &Lambda<Self>,
        t1: &[LambdaAffine<Self>],
        t2: &[LambdaAffine<Self>],
        d1: &[i8],
        d2: &[i8],
        from: usize,
        to: usize,
    ) -> Option<Lambda<Self>> {
        if !F::gls254_loops() || !is_gls254(curve) {
            return None;
        }
        let table = |t: &[LambdaAffine<Self>]| {
            t.iter()
                .map(|p| match p {
                    LambdaAffine::Point { x, l } => Some((fe(x)?, fe(l)?)),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()
        };
        word_columns(q, (&table(t1)?, &table(t2)?), (d1, d2), from, to)
    }
    fn lambda_dbl_add_words(
        curve: &GlsCurve<Self>,
        p: &Affine<Self>,
        (neg1, neg2): (bool, bool),
        (d1, d2): (&[i8], &[i8]),
        t: usize,
        from: usize,
    ) -> Option<Lambda<Self>> {
        let (t1, t2) = signed_tables(curve, p, t, (u64::from(neg1), u64::from(neg2)))?;
        let Some(top) = methods::top_column(d1, d2, from) else {
            return Some(Lambda::identity());
        };
        // The first column's entries on the generic field, as the generic loop adds them.
        let entry = |t: &[(Fe254, Fe254)], d: i8| -> Option<Option<LambdaAffine<Self>>> {
            if d == 0 {
                return Some(None);
            }
            let (x, l) = t.get((d.unsigned_abs() / 2) as usize)?;
            let p = LambdaAffine::Point {
                x: elem(*x)?,
                l: elem(*l)?,
            };
            Some(Some(if d < 0 { p.neg() } else { p }))
        };
        let (e1, e2) = (
            entry(&t1, methods::digit(d1, top))?,
            entry(&t2, methods::digit(d2, top))?,
        );
        let q = methods::column_start(curve, e1, e2);
        if top == from {
            return Some(q);
        }
        word_columns(&q, (&t1, &t2), (d1, d2), from, top)
    }
    fn lambda_odd_multiples(
        curve: &GlsCurve<Self>,
        p: &Affine<Self>,
        t: usize,
    ) -> Option<Vec<LambdaAffine<Self>>> {
        if !F::gls254_loops() || !is_gls254(curve) {
            return None;
        }
        let Affine::Point { x, y } = p else {
            return None;
        };
        let invert = |w: Fe254| fe(&elem::<F>(w)?.invert_vartime().ok()?);
        gls254::odd_multiples(&fe(x)?, &fe(y)?, t, &invert)?
            .into_iter()
            .map(|(x, l)| {
                Some(LambdaAffine::Point {
                    x: elem(x)?,
                    l: elem(l)?,
                })
            })
            .collect()
    }
    fn lambda_ct_columns(
        curve: &GlsCurve<Self>,
        q: &Lambda<Self>,
        t1: &[(Self, Self)],
        t2: &[(Self, Self)],
        d1: &[i8],
        d2: &[i8],
        w: usize,
    ) -> Option<(Lambda<Self>, bool)> {
        if !F::gls254_loops() || !is_gls254(curve) {
            return None;
        }
        let table = |t: &[(Self, Self)]| {
            t.iter()
                .map(|(x, l)| Some((fe(x)?, fe(l)?)))
                .collect::<Option<Vec<_>>>()
        };
        let (t1, t2) = (table(t1)?, table(t2)?);
        let (out, bad) = gls254::ct_columns(&Gls254CtColumns {
            x: fe(&q.x)?,
            l: fe(&q.l)?,
            z: fe(&q.z)?,
            t1: &t1,
            t2: &t2,
            d1,
            d2,
            w,
        })?;
        Some((point(out)?, bad))
    }
    fn lambda_ct_words(
        curve: &GlsCurve<Self>,
        p: &Affine<Self>,
        (neg1, neg2): (u64, u64),
        (d1, d2): (&[i8], &[i8]),
        w: usize,
    ) -> Option<CtWords<Self>> {
        // P is public (the peer's key): the table is built by the variable-time code.
        let (t1, t2) = signed_tables(curve, p, 1 << (w - 2), (neg1 & 1, neg2 & 1))?;
        let (out, bad) = gls254::ct_all_columns(&Gls254CtTables {
            t1: &t1,
            t2: &t2,
            d1,
            d2,
            w,
        })?;
        let first = |t: &[(Fe254, Fe254)]| Some((elem(t.first()?.0)?, elem(t.first()?.1)?));
        Some((point(out)?, bad, first(&t1)?, first(&t2)?))
    }
    fn lambda_halve_columns(
        curve: &GlsCurve<Self>,
        r: &LambdaAffine<Self>,
        d1: &[i8],
        d2: &[i8],
        (neg1, neg2): (bool, bool),
        slots: usize,
        to: usize,
    ) -> Option<Lambda<Self>> {
        if !F::gls254_loops() || !is_gls254(curve) {
            return None;
        }
        let LambdaAffine::Point { x, l } = r else {
            return None;
        };
        let out = gls254::halve_columns(&Gls254HalveColumns {
            x: fe(x)?,
            l: fe(l)?,
            d1,
            d2,
            neg1,
            neg2,
            slots,
            to,
            tables: gls254_halving_tables(),
        })?;
        // In registers as a rule: 0.7–1.4 µs on the generic field, timed inside
        // `lambda-parallel` runs at t = 40.
        if let Some(sum) = gls254::weighted_sum(&out) {
            return point(sum);
        }
        let acc = out
            .into_iter()
            .map(|q| match q {
                Some(q) => point(q).map(Some),
                None => Some(None),
            })
            .collect::<Option<Vec<_>>>()?;
        Some(methods::halve_sum(curve, &acc))
    }
}

/// The double-and-add columns `from..to` from q by the backend's loop
/// ([`gls254::columns`]), on tables in its words.
fn word_columns<F: QuadraticBase>(
    q: &Lambda<Gf2Ext<F>>,
    (t1, t2): (WordSlice<'_>, WordSlice<'_>),
    (d1, d2): (&[i8], &[i8]),
    from: usize,
    to: usize,
) -> Option<Lambda<Gf2Ext<F>>> {
    point(gls254::columns(&Gls254Columns {
        x: fe(&q.x)?,
        l: fe(&q.l)?,
        z: fe(&q.z)?,
        t1,
        t2,
        d1,
        d2,
        from,
        to,
    })?)
}

/// A table of λ-affine (x, λ) in the backend's words.
type WordTable = Vec<(Fe254, Fe254)>;
/// The same, borrowed.
type WordSlice<'a> = &'a [(Fe254, Fe254)];

/// The tables of both GLV halves in the backend's words, where it has its own loops for
/// this curve: P, \[3\]P, …, \[2t − 1\]P (`gls254::odd_multiples`, with the field's
/// variable-time inversion) and their images under ψ, negated where the sign bit of
/// their half is 1 (by masks, no branch on the bits).
fn signed_tables<F: QuadraticBase>(
    curve: &GlsCurve<Gf2Ext<F>>,
    p: &Affine<Gf2Ext<F>>,
    t: usize,
    (neg1, neg2): (u64, u64),
) -> Option<(WordTable, WordTable)> {
    if !F::gls254_loops() || !is_gls254(curve) {
        return None;
    }
    let Affine::Point { x, y } = p else {
        return None;
    };
    let invert = |w: Fe254| fe(&elem::<F>(w)?.invert_vartime().ok()?);
    let mut t1 = gls254::odd_multiples(&fe(x)?, &fe(y)?, t, &invert)?;
    let t2 = gls254::psi_table(&t1, neg2.wrapping_neg());
    gls254::negate_table(&mut t1, neg1.wrapping_neg());
    Some((t1, t2))
}

/// The words of a GF(2^254) element over GF(2^127), for the backend's loops.
fn fe<F: QuadraticBase>(v: &Gf2Ext<F>) -> Option<Fe254> {
    let (a, b) = (v.c0.words127()?, v.c1.words127()?);
    Some([a[0], a[1], b[0], b[1]])
}

/// The GF(2^254) element of the backend's words.
fn elem<F: QuadraticBase>(w: Fe254) -> Option<Gf2Ext<F>> {
    Some(Gf2Ext {
        c0: F::from_words127([w[0], w[1]])?,
        c1: F::from_words127([w[2], w[3]])?,
    })
}

/// The λ-projective point (X, L, Z) from the backend's words.
fn point<F: QuadraticBase>([x, l, z]: [Fe254; 3]) -> Option<Lambda<Gf2Ext<F>>> {
    Some(Lambda {
        x: elem(x)?,
        l: elem(l)?,
        z: elem(z)?,
    })
}

/// True for GLS254's constants, a2 = u and a6 = b = 1 + z^27, for which the backend's
/// loops are written.
fn is_gls254<F: QuadraticBase>(curve: &GlsCurve<Gf2Ext<F>>) -> bool {
    curve.a2() == Gf2Ext::<F>::u() && fe(&curve.a6()) == Some(GLS254_B)
}

/// b = 1 + z^27 of GLS254 as the words of a GF(2^254) element ([`params`]).
const GLS254_B: Fe254 = [1 | 1 << 27, 0, 0, 0];

/// GF(2^127)'s half-trace tables as GLS254's vector halving reads them
/// ([`crate::backend::gls254::HalvingTables`]), built on first use (192 KiB).
pub fn gls254_halving_tables() -> &'static Gls254HalvingTables {
    static TABLES: std::sync::OnceLock<Gls254HalvingTables> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        Gls254HalvingTables::new(|i| {
            let mut w = [0u64; 2];
            w[i / 64] = 1 << (i % 64);
            // z^i for i < 127 is canonical.
            let e = crate::field::Gf127::from_limbs_unchecked(w);
            let h = e.half_trace();
            let g = h.square().half_trace();
            (*h.limbs(), *g.limbs(), e.trace() == 1, h.trace() == 1)
        })
    })
}
