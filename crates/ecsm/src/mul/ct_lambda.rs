//! Masks and the table read shared by the constant-time methods in λ-coordinates
//! (`lambda-ct` on GLS254, `tnaf-ct` on the Koblitz curves): no branch and no memory
//! address depends on the secret digit or on the tested value.

use crate::backend::barrier::opaque;
use crate::field::Field;

/// All ones when a = b.
#[inline(always)]
pub(crate) fn eq_mask(a: u64, b: u64) -> u64 {
    let x = a ^ b;
    (((x | x.wrapping_neg()) >> 63) ^ 1).wrapping_neg()
}

/// An all-ones mask when `v` is zero, from the field's branch-free zero test. The bit
/// goes through [`opaque`] so that `bad |= zero_mask(..)` stays an OR and does not become
/// a branch on the test.
#[inline(always)]
pub(crate) fn zero_mask<F: Field>(v: &F) -> u64 {
    opaque(u64::from(v.is_zero())).wrapping_neg()
}

/// The λ-affine entry (x, λ) for odd digit d (|d| = 2j + 1 selects entry j), negated when
/// d < 0 (−(x, λ) = (x, λ + 1)), by a linear pass over the whole table.
#[inline(always)]
pub(crate) fn lookup<F: Field>(table: &[(F, F)], d: i8) -> (F, F) {
    let sign = (d >> 7) as i64 as u64; // all ones for d < 0
    let mag = ((d as i64 as u64 ^ sign).wrapping_sub(sign)) >> 1;
    let (mut x, mut l) = table[0];
    for (j, (ex, el)) in table.iter().enumerate() {
        let m = eq_mask(j as u64, mag);
        x = F::ct_select(&x, ex, m);
        l = F::ct_select(&l, el, m);
    }
    let neg_l = l + F::one();
    (x, F::ct_select(&l, &neg_l, sign))
}
