//! ψ(x, y) = (x^q, y^q + u·x^q) (see [`super`]) in the coordinates the methods use. Each
//! costs additions only: the Frobenius and the multiplication by u are one base-field
//! addition each ([`super::GlsField`]).

use super::GlsField;
use crate::curve::binary::{Affine, Lambda, LambdaAffine};

/// ψ on an affine point: (x^q, y^q + u·x^q). O ↦ O.
#[inline]
pub fn psi_affine<F: GlsField>(p: &Affine<F>) -> Affine<F> {
    match *p {
        Affine::Infinity => Affine::Infinity,
        Affine::Point { x, y } => {
            let xq = x.frobenius();
            Affine::Point {
                x: xq,
                y: y.frobenius() + xq.mul_u(),
            }
        }
    }
}

/// ψ on a λ-affine point: (x^q, λ^q + u). O and T are fixed (T = (0, √b) and √b lies in
/// GF(q)).
#[inline]
pub fn psi_lambda_affine<F: GlsField>(p: &LambdaAffine<F>) -> LambdaAffine<F> {
    match *p {
        LambdaAffine::Point { x, l } => LambdaAffine::Point {
            x: x.frobenius(),
            l: l.frobenius().add_u(),
        },
        other => other,
    }
}

/// ψ on a λ-projective point: (X^q, L^q + u·Z^q, Z^q), since (L/Z)^q + u = (L^q + u·Z^q)/Z^q.
#[inline]
pub fn psi_lambda<F: GlsField>(p: &Lambda<F>) -> Lambda<F> {
    let zq = p.z.frobenius();
    Lambda {
        x: p.x.frobenius(),
        l: p.l.frobenius() + zq.mul_u(),
        z: zq,
    }
}
