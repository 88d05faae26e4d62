//! Variable-base scalar multiplication on short Weierstrass curves (Jacobian coordinates).
//!
//! Both methods here branch on the scalar's digits: they are **variable-time** and leak
//! the scalar through timing. Use them on public scalars (verification, benchmarks).

use super::{bit, bit_len};
use crate::curve::weierstrass::{AShape, Affine, Jacobian, ShortWeierstrass};
use crate::field::Field;
use crate::recode::{wnaf, RecodeError};

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
/// (2^(w−1) − 1)P precomputed in affine coordinates (one inversion), then one doubling
/// per digit and one mixed addition per nonzero digit (on average ℓ/(w + 1)). A width
/// outside 2..=8 is an error.
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
    let table = curve.odd_multiples(p, 1 << (w - 2));
    let mut q = Jacobian::infinity();
    for &d in digits.iter().rev() {
        q = curve.double(&q);
        if d > 0 {
            q = curve.add_mixed(&q, &table[(d as usize) / 2]);
        } else if d < 0 {
            q = curve.sub_mixed(&q, &table[(-d as usize) / 2]);
        }
    }
    Ok(q)
}
