//! Simultaneous inversion (Montgomery's trick).

use super::{Field, FieldError};

/// Replace every element of `xs` by its inverse with one inversion and 3(n − 1)
/// multiplications (Montgomery's trick, as used in seed 000 §3.1 and §4). If any element
/// is zero nothing is changed and the error is returned. Uses the constant-time
/// inversion of the field.
pub fn batch_invert<F: Field>(xs: &mut [F]) -> Result<(), FieldError> {
    batch_with(xs, F::invert)
}

/// [`batch_invert`] with the field's variable-time inversion, for public values.
pub fn batch_invert_vartime<F: Field>(xs: &mut [F]) -> Result<(), FieldError> {
    batch_with(xs, F::invert_vartime)
}

fn batch_with<F: Field>(
    xs: &mut [F],
    invert: impl Fn(&F) -> Result<F, FieldError>,
) -> Result<(), FieldError> {
    if xs.is_empty() {
        return Ok(());
    }
    if xs.iter().any(|x| x.is_zero()) {
        return Err(FieldError::NotInvertible);
    }
    // prefix[i] = x0·x1·…·xi
    let mut prefix = Vec::with_capacity(xs.len());
    let mut acc = xs[0];
    prefix.push(acc);
    for x in &xs[1..] {
        acc *= *x;
        prefix.push(acc);
    }
    let mut inv = invert(&acc)?;
    for i in (1..xs.len()).rev() {
        let xi_inv = inv * prefix[i - 1];
        inv *= xs[i];
        xs[i] = xi_inv;
    }
    xs[0] = inv;
    Ok(())
}
