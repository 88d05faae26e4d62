//! Inversion: Itoh–Tsujii (constant-time and table-driven), the binary Euclidean
//! algorithm, GF(2^254)'s norm-based inversion, zero handling, and batch inversion.

use crate::common;

use common::{backend_available, check, edge_elems, nonzero_elem, nonzero_randoms, FromWords};
use ecsm::backend::{Backend, Clmul, Portable};
use ecsm::field::{batch_invert, Field, FieldError, Gf254, Gf254With, Gf2Ext, Gf2m, Gf2mSpec};
use proptest::prelude::*;

/// a·a⁻¹ = 1, (a⁻¹)⁻¹ = a, (ab)⁻¹ = a⁻¹b⁻¹, invert = invert_vartime, and zero errors.
fn inverse_laws<F: FromWords>() {
    let mut elems: Vec<F> = edge_elems::<F>()
        .into_iter()
        .filter(|a| !a.is_zero())
        .collect();
    elems.extend(nonzero_randoms::<F>(F::DEGREE as u64 + 10, 40));
    for a in elems {
        let i = a.invert().expect("nonzero is invertible");
        assert_eq!(a * i, F::one(), "a · a⁻¹ for {a:?}");
        assert_eq!(a.invert_vartime(), Ok(i), "invert_vartime of {a:?}");
        assert_eq!(i.invert(), Ok(a));
    }
    check(
        "(ab)⁻¹ = a⁻¹b⁻¹",
        (nonzero_elem::<F>(), nonzero_elem::<F>()),
        |(a, b)| {
            let (ia, ib) = (a.invert().unwrap(), b.invert().unwrap());
            prop_assert_eq!((a * b).invert(), Ok(ia * ib));
            prop_assert_eq!(a.invert_vartime(), Ok(ia));
            Ok(())
        },
    );
    assert_eq!(F::one().invert(), Ok(F::one()));
    assert_eq!(F::zero().invert(), Err(FieldError::NotInvertible));
    assert_eq!(F::zero().invert_vartime(), Err(FieldError::NotInvertible));
}

/// The three GF(2^m) inversions agree, and all reject zero.
fn gf2m_inversion<const N: usize, S: Gf2mSpec<N>, B: Backend>() {
    inverse_laws::<Gf2m<N, S, B>>();
    let x = Gf2m::<N, S, B>::x();
    let mut elems = vec![x, Gf2m::one()];
    elems.extend(nonzero_randoms::<Gf2m<N, S, B>>(S::M as u64 + 11, 40));
    for a in elems {
        let i = a.invert().unwrap();
        assert_eq!(
            a.invert_euclid_vartime(),
            Ok(i),
            "Euclid vs Itoh–Tsujii for {a:?}"
        );
        assert_eq!(a.invert_vartime(), Ok(i));
    }
    // x⁻¹ = (x^(m−1) + Σ x^(k−1)) over the reduction terms k, since x·that = x^m + Σ x^k = 1.
    let mut limbs = [0u64; N];
    for e in std::iter::once(S::M).chain(S::TERMS.iter().copied()) {
        limbs[(e - 1) / 64] |= 1 << ((e - 1) % 64);
    }
    assert_eq!(x.invert(), Ok(Gf2m::from_limbs(limbs).unwrap()));
    let zero = Gf2m::<N, S, B>::zero();
    assert_eq!(zero.invert_euclid_vartime(), Err(FieldError::NotInvertible));
}

/// batch_invert gives the individual inverses, and on a zero anywhere errors and
/// leaves the slice untouched.
fn batch<F: FromWords>() {
    for n in [0, 1, 2, 3, 17] {
        let orig = nonzero_randoms::<F>(F::DEGREE as u64 + n as u64, n);
        let mut xs = orig.clone();
        assert_eq!(batch_invert(&mut xs), Ok(()));
        for (x, a) in xs.iter().zip(&orig) {
            assert_eq!(Ok(*x), a.invert(), "batch of {n}");
        }
    }
    let orig = nonzero_randoms::<F>(F::DEGREE as u64 + 99, 9);
    for pos in [0, 4, 8] {
        let mut xs = orig.clone();
        xs[pos] = F::zero();
        let before = xs.clone();
        assert_eq!(
            batch_invert(&mut xs),
            Err(FieldError::NotInvertible),
            "zero at {pos}"
        );
        assert_eq!(
            xs, before,
            "slice unchanged after the error (zero at {pos})"
        );
    }
    let mut only_zero = vec![F::zero()];
    assert_eq!(batch_invert(&mut only_zero), Err(FieldError::NotInvertible));
    assert_eq!(only_zero, vec![F::zero()]);
    // Repeated elements are fine.
    let a = orig[0];
    let mut same = vec![a; 4];
    batch_invert(&mut same).unwrap();
    assert_eq!(same, vec![a.invert().unwrap(); 4]);
}

fn gf2m_batch<const N: usize, S: Gf2mSpec<N>, B: Backend>() {
    batch::<Gf2m<N, S, B>>();
}

gf2m_tests! {
    invert_portable: gf2m_inversion<Portable>;
    invert_clmul: gf2m_inversion<Clmul>;
    invert_auto: gf2m_inversion<Auto>;
    batch: gf2m_batch<Auto>;
}

#[test]
fn gf254_inversion() {
    inverse_laws::<Gf254>();
    inverse_laws::<Gf254With<Portable>>();
    if backend_available::<Clmul>("gf254_inversion") {
        inverse_laws::<Gf254With<Clmul>>();
    }
    // Elements of the subfield and pure multiples of u.
    for a in nonzero_randoms::<ecsm::field::Gf127>(127, 10) {
        let z = ecsm::field::Gf127::zero();
        for e in [Gf2Ext::new(a, z), Gf2Ext::new(z, a), Gf2Ext::new(a, a)] {
            assert_eq!(e * e.invert().unwrap(), Gf254::one(), "{e:?}");
        }
        assert_eq!(
            Gf2Ext::new(a, z).invert(),
            Ok(Gf2Ext::new(a.invert().unwrap(), z))
        );
    }
    // u⁻¹ = u + 1, since u(u + 1) = u² + u = 1.
    assert_eq!(Gf254::u().invert(), Ok(Gf254::u() + Gf254::one()));
}

#[test]
fn gf254_batch() {
    batch::<Gf254>();
}
