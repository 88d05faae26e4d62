//! `lambda-ct`: the constant-time 2-GLV double-and-add of seed 001 ("protected", SCR yes
//! in its results table), in λ-projective coordinates.
//!
//! - k is reduced mod r and split by Barrett arithmetic and fixed-size products
//!   ([`super::scalar`]): no branch or index depends on k.
//! - The halves' signs are applied to the tables with masks (−(x, λ) = (x, λ + 1)).
//! - Each half is made odd by adding 1 when it is even (a mask), and recoded by the
//!   regular signed odd-digit recoding ([`crate::recode::regular_odd`]) with digits
//!   ±1, ±3, …, ±(2^(w−1) − 1): ⌈127/(w − 1)⌉ digits for both halves, every digit nonzero.
//!   The loop runs the same operations for every scalar: per column w − 2 doublings and
//!   one 2Q + P1 + P2 (`BinaryCurve::lambda_double_add_add`, 17M + 8S: the seed's
//!   closing-slide formula, one M below a doubling-and-addition and a mixed addition). At the end the added 1s are
//!   taken back by two additions whose results are kept or dropped by masks.
//! - Table entries are read by a linear pass over the whole table with masked selects
//!   ([`crate::field::Field::ct_select`]); the digit's sign by a mask.
//! - The last conversion to affine uses the field's constant-time inversion.
//!
//! The formulas run without their special-case branches (the `_core` forms of
//! `lambda_double_add_add` and `lambda_mixed_add`). Their exceptional inputs (an
//! accumulator equal to ± the point added) need the partial sums a·P + b·ψ(P) to satisfy
//! a + b·μ ≡ ±d (mod r) for a table digit d, with |a|, |b| below about 2^126.2 (the
//! split's bound): a short vector of the GLV lattice, whose shortest vectors have length
//! √r ≈ 2^126.5. The method detects them with masks (the factors whose zero marks an
//! exceptional input are OR-ed together) and then recomputes with the variable-time
//! method; that final branch is the one secret-dependent branch. It is taken for k ≡ 0
//! (mod r) (which ECDH rejects as a private key), and in the tests for no other scalar:
//! μ, −μ, r − 1, the lattice's short vectors and their neighbours, at every width, run the
//! constant-time path. The operation count is the same for every scalar that does not
//! take it (asserted in the tests).
//!
//! The input point is public (the peer's key): the table is built with the variable-time
//! formulas.

use super::methods::{gls_double, lambda_dbl_add, lambda_table, GlsCurve};
use super::psi::psi_lambda_affine;
use super::scalar::{GlvScalars, WORDS};
use super::GlsField;
use crate::backend::barrier::opaque;
use crate::curve::binary::{Affine, Lambda, LambdaAffine};
use crate::mul::ct_lambda::{lookup, zero_mask};
use crate::recode::regular_odd;
use zeroize::Zeroizing;

/// Bits the regular recoding covers: the halves are below 2^126.2 (the split's bound,
/// [`super::scalar`]), so made odd they stay below 2^127.
const HALF_BITS: usize = 127;

/// λ-affine points of the subgroup as (x, λ) pairs, with λ + 1 (the negative) chosen by
/// `neg`.
fn plain_table<F: GlsField>(t: &[LambdaAffine<F>], neg: u64) -> Option<Vec<(F, F)>> {
    t.iter()
        .map(|p| match *p {
            LambdaAffine::Point { x, l } => Some((x, F::ct_select(&l, &(l + F::one()), neg))),
            _ => None,
        })
        .collect()
}

/// One column's 2Q + P1 + P2, kept out of line: inlined into [`lambda_ct`], whose body
/// then holds the whole loop, it measured slower.
#[inline(never)]
fn column<F: GlsField>(
    curve: &GlsCurve<F>,
    q: &Lambda<F>,
    x1: F,
    l1: F,
    x2: F,
    l2: F,
) -> (Lambda<F>, [F; 3]) {
    curve.lambda_double_add_add_core(q, x1, l1, x2, l2)
}

/// The columns n − 2, …, 0 of [`lambda_ct`] on the generic field: per column w − 2
/// doublings and one 2Q + P1 + P2, the entries read by [`lookup`]. The portable twin of
/// the backend's loop ([`GlsField::lambda_ct_columns`]).
#[allow(clippy::too_many_arguments)]
fn generic_columns<F: GlsField>(
    curve: &GlsCurve<F>,
    mut q: Lambda<F>,
    t1: &[(F, F)],
    t2: &[(F, F)],
    d1: &[i8],
    d2: &[i8],
    w: usize,
    bad: &mut u64,
) -> Lambda<F> {
    for i in (0..d1.len().saturating_sub(1)).rev() {
        for _ in 0..w - 2 {
            q = gls_double(curve, &q);
        }
        let (x1, l1) = lookup(t1, d1[i]);
        let (x2, l2) = lookup(t2, d2[i]);
        let (sum, flags) = column(curve, &q, x1, l1, x2, l2);
        *bad |= flags.iter().fold(0, |m, f| m | zero_mask(f));
        q = sum;
    }
    q
}

/// Q after every column of the regular digits, on the generic field's tables: the first
/// column's P1 + P2, then the backend's loop ([`GlsField::lambda_ct_columns`]) or the
/// generic one; exceptional factors are OR-ed into `bad`.
fn all_columns<F: GlsField>(
    curve: &GlsCurve<F>,
    t1: &[(F, F)],
    t2: &[(F, F)],
    (d1, d2): (&[i8], &[i8]),
    w: usize,
    bad: &mut u64,
) -> Lambda<F> {
    let n = d1.len();
    let (x1, l1) = lookup(t1, d1[n - 1]);
    let (x2, l2) = lookup(t2, d2[n - 1]);
    let start = Lambda {
        x: x1,
        l: l1,
        z: F::one(),
    };
    let (q, f, _) = curve.lambda_mixed_add_core(&start, x2, l2);
    *bad |= zero_mask(&f);
    match F::lambda_ct_columns(curve, &q, t1, t2, d1, d2, w) {
        Some((sum, flag)) => {
            *bad |= opaque(u64::from(flag)).wrapping_neg();
            sum
        }
        None => generic_columns(curve, q, t1, t2, d1, d2, w, bad),
    }
}

/// \[k\]P for a reduced k and P ≠ O in the subgroup of order r (module documentation).
///
/// **Wiped:** the GLV split (the halves and their signs), the halves made odd as words,
/// and both regular recodings are [`Zeroizing`], so they are overwritten on every return,
/// the fallback to the variable-time method included. The caller's reduced k is the
/// caller's to wipe ([`gls_mul`](crate::gls::methods::gls_mul) does).
///
/// Internal: `w` must lie in [`GLS_W_RANGE`](crate::gls::methods::GLS_W_RANGE), which
/// [`gls_mul`](crate::gls::methods::gls_mul) checks (`GlsMethod::validate`) before calling.
pub(crate) fn lambda_ct<F: GlsField>(
    curve: &GlsCurve<F>,
    glv: &GlvScalars,
    k: &[u64; WORDS],
    p: &Affine<F>,
    w: usize,
) -> Affine<F> {
    let s = Zeroizing::new(glv.split(k));
    // Odd halves: k_i + 1 when k_i is even; `even` masks remember it.
    let odd = |k: u128| -> (u128, u64) {
        let even = (k as u64 & 1) ^ 1;
        (k + u128::from(even), even.wrapping_neg())
    };
    let ((k1, even1), (k2, even2)) = (odd(s.k1), odd(s.k2));
    let words = |k: u128| Zeroizing::new([k as u64, (k >> 64) as u64]);
    let recode = |k: u128| regular_odd(&*words(k), (w - 1) as u32, HALF_BITS).map(Zeroizing::new);
    let (Ok(d1), Ok(d2)) = (recode(k1), recode(k2)) else {
        unreachable!("odd halves below 2^128 and w − 1 in 1..=7");
    };
    let mut bad = 0u64;
    let (mut q, p1, p2) = match F::lambda_ct_words(curve, p, (s.neg1, s.neg2), (&d1, &d2), w) {
        Some((q, flag, p1, p2)) => {
            bad |= opaque(u64::from(flag)).wrapping_neg();
            (q, p1, p2)
        }
        None => {
            let base = lambda_table(curve, p, 1 << (w - 2));
            let psi: Vec<_> = base.iter().map(psi_lambda_affine).collect();
            let (Some(t1), Some(t2)) = (plain_table(&base, s.neg1), plain_table(&psi, s.neg2))
            else {
                // O or T in the table: P is outside the subgroup of odd order.
                return lambda_dbl_add(curve, &s, p, w);
            };
            (
                all_columns(curve, &t1, &t2, (&d1, &d2), w, &mut bad),
                t1[0],
                t2[0],
            )
        }
    };
    // Take back the 1s added to even halves: Q − P1 and Q − P2, kept by masks.
    for ((x, l), even) in [(p1, even1), (p2, even2)] {
        let (sum, f, _) = curve.lambda_mixed_add_core(&q, x, l + F::one());
        bad |= zero_mask(&f) & even;
        q = Lambda {
            x: F::ct_select(&q.x, &sum.x, even),
            l: F::ct_select(&q.l, &sum.l, even),
            z: F::ct_select(&q.z, &sum.z, even),
        };
    }
    bad |= zero_mask(&q.z);
    if bad != 0 {
        return lambda_dbl_add(curve, &s, p, w);
    }
    // (X/Z, X·(L + X)/Z²) with the constant-time inversion; Z ≠ 0 was checked above.
    let iz = q.z.invert().unwrap_or_else(|_| F::zero());
    let x = q.x * iz;
    Affine::new(x, x * ((q.l + q.x) * iz))
}
