//! The field axioms and the characteristic-2 identities, as proptest properties, for
//! every GF(2^m) on the portable and PCLMULQDQ backends and for GF(2^254).

use crate::common;

use common::{backend_available, check, elem, FromWords};
use ecsm::backend::{Backend, Clmul, Portable};
use ecsm::field::{Gf254With, Gf2m, Gf2mSpec};
use proptest::prelude::*;

/// Every law below, checked on elements generated for field `F`.
fn laws<F: FromWords>() {
    let one = F::one();
    let zero = F::zero();
    check(
        "a + b = b + a, ab = ba",
        (elem::<F>(), elem::<F>()),
        |(a, b)| {
            prop_assert_eq!(a + b, b + a);
            prop_assert_eq!(a * b, b * a);
            Ok(())
        },
    );
    check(
        "associativity",
        (elem::<F>(), elem::<F>(), elem::<F>()),
        |(a, b, c)| {
            prop_assert_eq!((a + b) + c, a + (b + c));
            prop_assert_eq!((a * b) * c, a * (b * c));
            Ok(())
        },
    );
    check(
        "distributivity",
        (elem::<F>(), elem::<F>(), elem::<F>()),
        |(a, b, c)| {
            prop_assert_eq!(a * (b + c), a * b + a * c);
            prop_assert_eq!((a + b) * c, a * c + b * c);
            Ok(())
        },
    );
    check("identities", elem::<F>(), |a| {
        prop_assert_eq!(a + zero, a);
        prop_assert_eq!(a * one, a);
        prop_assert_eq!(one * a, a);
        prop_assert_eq!(a * zero, zero);
        prop_assert!((a * zero).is_zero());
        prop_assert_eq!(a.is_zero(), a == zero);
        Ok(())
    });
    check("a·a = a²", elem::<F>(), |a| {
        prop_assert_eq!(a * a, a.square());
        Ok(())
    });
    check(
        "(a + b)² = a² + b²",
        (elem::<F>(), elem::<F>()),
        |(a, b)| {
            prop_assert_eq!((a + b).square(), a.square() + b.square());
            Ok(())
        },
    );
    check(
        "a + a = 0, −a = a, a − b = a + b",
        (elem::<F>(), elem::<F>()),
        |(a, b)| {
            prop_assert_eq!(a + a, zero);
            prop_assert!((a + a).is_zero());
            prop_assert_eq!(-a, a);
            prop_assert_eq!(a - b, a + b);
            Ok(())
        },
    );
    check(
        "assigning operators",
        (elem::<F>(), elem::<F>()),
        |(a, b)| {
            let (mut s, mut d, mut p) = (a, a, a);
            s += b;
            d -= b;
            p *= b;
            prop_assert_eq!(s, a + b);
            prop_assert_eq!(d, a - b);
            prop_assert_eq!(p, a * b);
            prop_assert_eq!(a.mul_const(&b), a * b);
            Ok(())
        },
    );
    check("no zero divisors", (elem::<F>(), elem::<F>()), |(a, b)| {
        prop_assert_eq!((a * b).is_zero(), a.is_zero() || b.is_zero());
        Ok(())
    });
}

fn gf2m_laws<const N: usize, S: Gf2mSpec<N>, B: Backend>() {
    laws::<Gf2m<N, S, B>>();
}

gf2m_tests! {
    portable: gf2m_laws<Portable>;
    clmul: gf2m_laws<Clmul>;
}
gf571_tests! {
    vpclmul: gf2m_laws<Vpclmul>;
}

#[test]
fn gf254_portable() {
    laws::<Gf254With<Portable>>();
}

#[test]
fn gf254_clmul() {
    if backend_available::<Clmul>("gf254_clmul") {
        laws::<Gf254With<Clmul>>();
    }
}
