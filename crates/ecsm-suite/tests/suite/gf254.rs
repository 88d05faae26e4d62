//! GF(2^254) = GF(2^127)[u]/(u² + u + 1): the defining relation, multiplication against
//! a schoolbook formula in GF(2^127), squaring, backends, the Frobenius (conjugation),
//! the norm, and the 32-byte encoding.

use crate::common;

use common::{backend_available, check, elem, randoms, FromWords};
use ecsm::backend::{Backend, Clmul, Portable, Vpclmul};
use ecsm::field::ext2::QuadraticBase;
use ecsm::field::{BinaryField, Field, FieldError, Gf127, Gf254, Gf254With, Gf2Ext};
use proptest::prelude::*;

fn u<F: QuadraticBase>() -> Gf2Ext<F> {
    Gf2Ext {
        c0: F::zero(),
        c1: F::one(),
    }
}

/// (a₀ + a₁u)(b₀ + b₁u) = a₀b₀ + a₁b₁ + (a₀b₁ + a₁b₀ + a₁b₁)u, four products in the base.
fn schoolbook<F: QuadraticBase>(a: Gf2Ext<F>, b: Gf2Ext<F>) -> Gf2Ext<F> {
    let (a0b0, a1b1) = (a.c0 * b.c0, a.c1 * b.c1);
    Gf2Ext {
        c0: a0b0 + a1b1,
        c1: a.c0 * b.c1 + a.c1 * b.c0 + a1b1,
    }
}

fn extension_arithmetic<F: QuadraticBase + FromWords>() {
    let one = Gf2Ext::<F>::one();
    let u = u::<F>();
    assert_eq!(Gf2Ext::<F>::u(), u);
    assert_eq!(u * u + u + one, Gf2Ext::zero(), "u² + u + 1 = 0");
    assert_eq!(u.square(), u + one);
    assert_eq!(u.multi_square(2), u, "u⁴ = u (u ∈ GF(4))");
    check(
        "product = schoolbook",
        (elem::<Gf2Ext<F>>(), elem::<Gf2Ext<F>>()),
        |(a, b)| {
            prop_assert_eq!(a * b, schoolbook(a, b));
            prop_assert_eq!(a.square(), schoolbook(a, a));
            Ok(())
        },
    );
    check(
        "subfield embedding",
        (elem::<F>(), elem::<F>()),
        |(x, y)| {
            let (z, emb) = (F::zero(), |v: F| Gf2Ext {
                c0: v,
                c1: F::zero(),
            });
            prop_assert_eq!(emb(x) * emb(y), emb(x * y));
            prop_assert_eq!(emb(x) + emb(y), emb(x + y));
            prop_assert_eq!(emb(x).square(), emb(x.square()));
            prop_assert_eq!(Gf2Ext::new(x, z) * u, Gf2Ext::new(z, x));
            Ok(())
        },
    );
    // Multiplication by a curve constant takes shortcuts (c₁ ∈ {0, 1}, c₀ ∈ {0, 1}, and
    // in the base field 1 and the monomials z^k, k ≤ 63, by shifts): each must equal the
    // product. Every monomial z^0 … z^126 and a dense constant, as c₀ with c₁ = 0 and 1.
    let monomial = |k: usize| {
        let mut w = [0u64; 2];
        w[k / 64] = 1 << (k % 64);
        F::from_words(&w)
    };
    let mut consts: Vec<F> = (0..127).map(monomial).collect();
    consts.extend([
        F::zero(),
        F::from_words(&[0x2E6D_944F_A54D_E7E5, 0x59C8_202C_B9E6_E0AE]),
    ]);
    check("mul_const = product", elem::<Gf2Ext<F>>(), |a| {
        for c0 in &consts {
            prop_assert_eq!(a.c0.mul_const(c0), a.c0 * *c0);
            for c1 in [F::zero(), F::one()] {
                let c = Gf2Ext::new(*c0, c1);
                prop_assert_eq!(a.mul_const(&c), a * c, "c = {:?}", c);
            }
        }
        Ok(())
    });
    check(
        "Frobenius is conjugation, the norm lies in GF(2^127)",
        elem::<Gf2Ext<F>>(),
        |a| {
            let conj = Gf2Ext {
                c0: a.c0 + a.c1,
                c1: a.c1,
            };
            prop_assert_eq!(a.multi_square(127), conj);
            prop_assert_eq!(a.multi_square_ct(127), conj);
            prop_assert_eq!(a.multi_square_ct(254), a);
            let norm = a * conj;
            prop_assert!(norm.c1.is_zero(), "norm {:?}", norm);
            prop_assert_eq!(norm.c0, a.c0 * a.c1 + a.c0.square() + a.c1.square());
            Ok(())
        },
    );
}

#[test]
fn arithmetic_auto() {
    extension_arithmetic::<Gf127>();
}

#[test]
fn arithmetic_portable() {
    extension_arithmetic::<ecsm::field::Gf2m<2, ecsm::field::gf2m::P127, Portable>>();
}

#[test]
fn arithmetic_clmul() {
    if backend_available::<Clmul>("gf254 arithmetic_clmul") {
        extension_arithmetic::<ecsm::field::Gf2m<2, ecsm::field::gf2m::P127, Clmul>>();
    }
}

#[test]
fn arithmetic_vpclmul() {
    // The 256-bit extension product and square (`vpclmul::mul254`, `square254`).
    if backend_available::<Vpclmul>("gf254 arithmetic_vpclmul") {
        extension_arithmetic::<ecsm::field::Gf2m<2, ecsm::field::gf2m::P127, Vpclmul>>();
    }
}

/// The element `a` recomputed with backend `B`.
fn on<B: Backend>(a: Gf254) -> Gf254With<B> {
    Gf2Ext {
        c0: a.c0.with_backend::<B>(),
        c1: a.c1.with_backend::<B>(),
    }
}

fn limbs<B: Backend>(a: Gf254With<B>) -> ([u64; 2], [u64; 2]) {
    (*a.c0.limbs(), *a.c1.limbs())
}

/// Every operation on backend `B` gives the portable result.
fn agrees_with_portable<B: Backend>() {
    if !backend_available::<B>("gf254 backends_agree") {
        return;
    }
    // Edge elements first: every coefficient set (the reductions' largest inputs), the
    // top coefficient z^126 alone in either half, 0, 1 and u.
    let all = Gf127::from_limbs([u64::MAX, u64::MAX >> 1]).unwrap();
    let top = Gf127::from_limbs([0, 1 << 62]).unwrap();
    let (z, o) = (Gf127::zero(), Gf127::one());
    let mut xs = vec![
        Gf2Ext::new(all, all),
        Gf2Ext::new(all, z),
        Gf2Ext::new(z, all),
        Gf2Ext::new(top, top),
        Gf2Ext::new(top, z),
        Gf2Ext::new(z, top),
        Gf2Ext::new(all, all),
        Gf2Ext::new(z, z),
        Gf2Ext::new(o, z),
        Gf2Ext::new(z, o),
        Gf2Ext::new(top, all),
    ];
    xs.extend(randoms::<Gf254>(254, 60));
    for w in xs.windows(2) {
        let (a, b) = (w[0], w[1]);
        let want = limbs(on::<Portable>(a) * on::<Portable>(b));
        assert_eq!(limbs(on::<B>(a) * on::<B>(b)), want);
        assert_eq!(limbs(a * b), want);
        assert_eq!(
            limbs(on::<B>(a).square()),
            limbs(on::<Portable>(a).square())
        );
        assert_eq!(limbs(on::<B>(a).sqrt()), limbs(on::<Portable>(a).sqrt()));
        assert_eq!(
            limbs(on::<B>(a).half_trace()),
            limbs(on::<Portable>(a).half_trace())
        );
        if !a.is_zero() {
            let inv = on::<Portable>(a).invert().unwrap();
            assert_eq!(limbs(on::<B>(a).invert().unwrap()), limbs(inv));
            assert_eq!(limbs(on::<B>(a).invert_vartime().unwrap()), limbs(inv));
        }
    }
}

#[test]
fn backends_agree() {
    agrees_with_portable::<Clmul>();
    agrees_with_portable::<Vpclmul>();
}

#[test]
fn trace_of_subfield_and_u() {
    assert_eq!(Gf254::one().trace(), 0, "Tr(1) = 254 mod 2");
    assert_eq!(Gf254::u().trace(), 1, "Tr(u) = Tr_127(1)");
    for a in randoms::<Gf127>(5, 20) {
        // Elements of GF(2^127) have trace 0 in GF(2^254) (each conjugate appears twice).
        assert_eq!(Gf2Ext::new(a, Gf127::zero()).trace(), 0);
        assert_eq!(Gf2Ext::new(Gf127::zero(), a).trace(), a.trace());
    }
}

#[test]
fn encoding() {
    assert_eq!(Gf254::BYTES, 32);
    assert_eq!(Gf254::NAME, "2^254");
    assert_eq!(Gf254::DEGREE, 254);
    let one = Gf254::one().to_bytes();
    assert_eq!(one.len(), 32);
    assert!(
        one[..31].iter().all(|&b| b == 0) && one[31] == 1,
        "1 = c0 in the low half: {one:02x?}"
    );
    let u = Gf254::u().to_bytes();
    assert!(
        u[15] == 1 && u.iter().enumerate().all(|(i, &b)| i == 15 || b == 0),
        "u = c1 in the high half: {u:02x?}"
    );

    for a in randoms::<Gf254>(32, 40) {
        let b = a.to_bytes();
        assert_eq!(&b[..16], &a.c1.to_bytes()[..], "c1 first");
        assert_eq!(&b[16..], &a.c0.to_bytes()[..], "then c0");
        assert_eq!(Gf254::from_bytes(&b), Ok(a));
    }
    for len in [0, 16, 31, 33] {
        assert_eq!(
            Gf254::from_bytes(&vec![0; len]),
            Err(FieldError::BadLength {
                field: "2^254",
                expected: 32,
                got: len
            })
        );
    }
    // Bit 127 of either half is out of range.
    let out_of_range = Err(FieldError::OutOfRange { field: "2^254" });
    for byte in [0, 16] {
        let mut b = vec![0u8; 32];
        b[byte] = 0x80;
        assert_eq!(
            Gf254::from_bytes(&b),
            out_of_range,
            "top bit of byte {byte}"
        );
        b[byte] = 0x40;
        assert!(
            Gf254::from_bytes(&b).is_ok(),
            "bit 126 of byte {byte} is fine"
        );
    }
    assert_eq!(Gf254::from_bytes(&[0xFF; 32]), out_of_range);
}

#[test]
fn zero_handling() {
    let z = Gf254::zero();
    assert!(z.is_zero());
    assert!(!Gf254::u().is_zero());
    assert!(!Gf254::one().is_zero());
    assert_eq!(z.invert(), Err(FieldError::NotInvertible));
    assert_eq!(z.invert_vartime(), Err(FieldError::NotInvertible));
    assert_eq!(z.sqrt(), z);
    assert_eq!(z.solve_quadratic(), Some(z));
}
