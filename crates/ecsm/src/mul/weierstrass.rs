//! Variable-base scalar multiplication on short Weierstrass curves.
//!
//! [`double_and_add`] and [`wnaf_mul`] (Jacobian coordinates) branch on the scalar's
//! digits: they are **variable-time** and leak the scalar through timing. Use them on
//! public scalars (verification, benchmarks).
//!
//! [`ct_window_mul`] (projective coordinates, complete formulas) is the method for secret
//! scalars: see its documentation for what is and is not constant-time.

use super::{bit, bit_len};
use crate::curve::weierstrass::{
    lift_from_isomorphic, AShape, Affine, Jacobian, Projective, ShortWeierstrass,
};
use crate::field::Field;
use crate::recode::{fits, regular_odd, wnaf, RecodeError};
use zeroize::Zeroizing;

/// \[k\]P by left-to-right double-and-add with mixed additions: ℓ − 1 doublings and one
/// mixed addition per further 1 bit, where ℓ is k's bit length. The obvious reference.
pub fn double_and_add<F: Field, A: AShape>(
    curve: &ShortWeierstrass<F, A>,
    k: &[u64],
    p: &Affine<F>,
) -> Jacobian<F> {
    let mut q = Jacobian::infinity();
    for i in (0..bit_len(k)).rev() {
        q = curve.double(&q);
        if bit(k, i) {
            q = curve.add_mixed(&q, p);
        }
    }
    q
}

/// \[k\]P with the width-w NAF of k (2 ≤ w ≤ 8): 2^(w−2) odd multiples P, 3P, …,
/// (2^(w−1) − 1)P precomputed in affine coordinates (one inversion; none on a = 0, where
/// they are affine on an isomorphic curve, see [`ShortWeierstrass::odd_multiples_iso`]),
/// then one doubling per digit and one mixed addition per nonzero digit (on average
/// ℓ/(w + 1)). A width outside 2..=8 is an error.
pub fn wnaf_mul<F: Field, A: AShape>(
    curve: &ShortWeierstrass<F, A>,
    k: &[u64],
    p: &Affine<F>,
    w: usize,
) -> Result<Jacobian<F>, RecodeError> {
    let digits = wnaf(k, w as u32)?;
    if p.is_infinity() {
        return Ok(Jacobian::infinity());
    }
    // On a = 0 the table is affine on an isomorphic curve and costs no inversion.
    let (table, u) = curve.odd_multiples_table(p, 1 << (w - 2));
    let mut q = Jacobian::infinity();
    for &d in digits.iter().rev() {
        curve.double_assign(&mut q);
        if d > 0 {
            curve.add_mixed_assign(&mut q, &table[(d as usize) / 2]);
        } else if d < 0 {
            curve.add_mixed_assign(&mut q, &table[(-d as usize) / 2].neg());
        }
    }
    lift_from_isomorphic(&mut q, u);
    Ok(q)
}

/// Why [`ct_window_mul`] refused or failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CtMulError {
    /// A width outside the regular recoding's range, or a scalar of `scalar_bits` or more
    /// bits.
    #[error(transparent)]
    Recode(#[from] RecodeError),
    /// The complete formulas met an exceptional pair (two points differing by a point of
    /// order 2), which happens only when P has even order; no point was computed.
    #[error("exceptional case of the complete formulas: the point has even order")]
    Exceptional,
}

/// Largest `scalar_bits` [`ct_window_mul`] accepts: far above any curve order here
/// (521 bits), and small enough that the copy of k it sizes is a few hundred bytes.
pub const CT_MAX_SCALAR_BITS: usize = 4096;

/// All ones when `a == b`, zero otherwise, without a branch: (x | −x) has its top bit set
/// exactly when x = a ⊕ b ≠ 0. `black_box` keeps the optimiser from turning the masks it
/// feeds into a conditional jump.
#[inline(always)]
fn ct_eq_mask(a: u64, b: u64) -> u64 {
    let x = a ^ b;
    let differ = (x | x.wrapping_neg()) >> 63;
    core::hint::black_box(differ).wrapping_sub(1)
}

/// The table entry \[|d|\]P for an odd digit d, negated when d < 0: every entry is read and
/// combined by [`Projective::ct_select`], so the memory accesses do not depend on d.
#[inline(always)]
fn ct_lookup<F: Field>(table: &[Projective<F>], d: i8) -> Projective<F> {
    let d = i64::from(d);
    let sign = (d >> 63) as u64; // all ones when d < 0
    let abs = ((d ^ sign as i64) - sign as i64) as u64;
    let index = abs >> 1; // |d| = 2·index + 1
    let mut r = table[0];
    for (j, entry) in table.iter().enumerate().skip(1) {
        r = Projective::ct_select(&r, entry, ct_eq_mask(j as u64, index));
    }
    r.ct_neg(core::hint::black_box(sign))
}

/// \[k\]P in constant time: a fixed window of width w over the regular signed odd-digit
/// recoding ([`regular_odd`]), with the complete projective formulas of `A`
/// ([`ShortWeierstrass::add_complete`], [`ShortWeierstrass::double_complete`]).
///
/// The scalar must satisfy k < 2^`scalar_bits` (pass the bit length of the group order n,
/// and reduce k modulo n first if it may be larger); 1 ≤ w ≤ 7, 2..=6 being the useful
/// range.
///
/// Algorithm: k' = k with its low bit set (odd, still < 2^max(scalar_bits, 1)), recoded
/// into m = max(1, ⌈scalar_bits / w⌉) odd digits; a table of \[1\]P, \[3\]P, …, \[2^w − 1\]P
/// (2^(w−1) entries: one doubling and 2^(w−1) − 1 additions); Q = \[d_(m−1)\]P, then for
/// each further digit w doublings and one addition of ±\[|d|\]P, the entry read by a full
/// scan with [`Field::ct_select`] and negated by a masked selection; finally
/// Q + (−P or O), −P selected when k is even, so that the result is \[k\]P. Cost, the same
/// for every k of the allowed length: (1 + (m − 1)w) doublings and 2^(w−1) + m − 1
/// additions.
///
/// **Constant-time:** the recoding, the table scans, the negations, the parity
/// correction and the formulas themselves run the same operations and touch the same
/// memory for every k < 2^scalar_bits (the field operations being constant-time, as
/// [`crate::field::Fp`]'s are). The loop counts depend on `scalar_bits` and `w` only.
///
/// **Not constant-time:** the input checks (w in range, k < 2^scalar_bits), which branch
/// on their verdict only; the point P is treated as public (only the conversion of P to
/// projective coordinates branches on it); and the caller's conversion of the result to
/// affine coordinates, where [`Projective::to_affine`] uses the constant-time
/// [`Field::invert`] but branches on whether \[k\]P = O.
///
/// **Completeness:** the formulas are exception-free when P has odd order (any point of
/// a curve of odd order, or of the subgroup of odd order n of any curve), which covers
/// every multiple of P met here. For a point of even order the chain may meet an
/// exceptional pair; that makes the result (0 : 0 : 0), which is reported as
/// [`CtMulError::Exceptional`] rather than returned: a point returned is always \[k\]P.
///
/// **Wiped:** the heap copy of k made odd and its regular recoding are
/// [`Zeroizing`] buffers, overwritten with zeros when they drop (on every return path);
/// the caller's own `k` is left as it is.
///
/// A `scalar_bits` above [`CT_MAX_SCALAR_BITS`] is refused with
/// [`RecodeError::BoundTooLarge`] before anything is allocated.
pub fn ct_window_mul<F: Field, A: AShape>(
    curve: &ShortWeierstrass<F, A>,
    k: &[u64],
    p: &Affine<F>,
    w: usize,
    scalar_bits: usize,
) -> Result<Projective<F>, CtMulError> {
    if scalar_bits > CT_MAX_SCALAR_BITS {
        return Err(RecodeError::BoundTooLarge {
            bits: scalar_bits,
            max: CT_MAX_SCALAR_BITS,
        }
        .into());
    }
    let bits = scalar_bits.max(1);
    let w32 = u32::try_from(w).unwrap_or(u32::MAX);
    if !fits(k, scalar_bits) {
        return Err(RecodeError::ScalarTooLong {
            max_bits: scalar_bits,
        }
        .into());
    }
    // A copy of fixed length ⌈bits / 64⌉ (public), with the low bit forced to 1.
    let mut odd = Zeroizing::new(vec![0u64; bits.div_ceil(64)]);
    for (o, &x) in odd.iter_mut().zip(k) {
        *o = x;
    }
    let even_mask = ((odd[0] & 1) ^ 1).wrapping_neg();
    odd[0] |= 1;
    let digits = Zeroizing::new(regular_odd(&odd, w32, bits)?);

    let p = Projective::from_affine(p);
    let p2 = curve.double_complete(&p);
    let mut table = Vec::with_capacity(1 << (w - 1));
    table.push(p);
    for j in 1..1usize << (w - 1) {
        table.push(curve.add_complete(&table[j - 1], &p2));
    }

    let (&top, rest) = digits.split_last().expect("at least one digit");
    let mut q = ct_lookup(&table, top);
    for &d in rest.iter().rev() {
        for _ in 0..w {
            q = curve.double_complete(&q);
        }
        q = curve.add_complete(&q, &ct_lookup(&table, d));
    }
    // [k']P = [k]P + P when k is even: add −P then, O otherwise.
    let fix = Projective::ct_select(&Projective::identity(), &p.neg(), even_mask);
    let q = curve.add_complete(&q, &fix);
    if q.is_exceptional() {
        return Err(CtMulError::Exceptional);
    }
    Ok(q)
}
