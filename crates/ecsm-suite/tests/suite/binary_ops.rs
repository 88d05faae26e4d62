//! The characteristic-2 operations: Frobenius powers and multi-squaring, traces,
//! half-traces and the quadratic solver, square roots, and `pow_vartime`, for every
//! GF(2^m) (generic bodies instantiated per field) and GF(2^254).

use crate::common;

use common::{check, edge_elems, elem, randoms, square_times, top_mask, FromWords};
use ecsm::backend::{Backend, Clmul, Portable};
use ecsm::field::{BinaryField, Field, Gf254, Gf254With, Gf2m, Gf2mSpec};
use proptest::prelude::*;

/// a^(2^m) = a three ways: table multi-squaring, constant-time multi-squaring, and
/// squarings written out here; and squaring fixes only 0 and 1.
fn frobenius_order<F: FromWords>() {
    let m = F::DEGREE;
    let mut elems = edge_elems::<F>();
    elems.extend(randoms::<F>(m as u64, 8));
    for a in elems {
        assert_eq!(a.multi_square(m), a, "multi_square(m) of {a:?}");
        assert_eq!(a.multi_square_ct(m), a, "multi_square_ct(m) of {a:?}");
        assert_eq!(square_times(a, m), a, "m squarings of {a:?}");
        assert_eq!(a.multi_square(0), a);
        assert_eq!(a.multi_square_ct(0), a);
        assert_eq!(a.multi_square(1), a.square());
        assert_eq!(
            a.square() == a,
            a.is_zero() || a == F::one(),
            "a² = a only for 0 and 1: {a:?}"
        );
    }
}

fn gf2m_frobenius<const N: usize, S: Gf2mSpec<N>, B: Backend>() {
    frobenius_order::<Gf2m<N, S, B>>();
}

/// multi_square(k) = multi_square_ct(k) = k squarings for every run length of the
/// inversion chains (the table chain's long runs get tables), the run of `tnaf`'s cut,
/// and a few others around the table threshold.
fn multi_square_runs<const N: usize, S: Gf2mSpec<N>, B: Backend>() {
    let mut runs: Vec<usize> = S::CHAIN.square_runs().collect();
    runs.extend(S::TABLE_CHAIN.square_runs());
    assert!(!runs.is_empty());
    // The run that ends the written-out GF(2^127) inversions (their final squaring folded
    // in); other fields keep no table for it, and the loops below skip what is not kept.
    runs.push(15);
    let m = S::M;
    let mut ks = vec![0, 1, 2, 3, 9, 10, 11, 16, 63, 64, 65];
    ks.extend([m / 2, m - 1, m, m + 1, 2 * m + 5]);
    // The run of `tnaf`'s cut, which every field keeps a table for.
    let cut = <Gf2m<N, S, B> as BinaryField>::FROBENIUS_CUT;
    assert!(
        S::tables().multi_square_table(cut).is_some(),
        "no table for {cut}"
    );
    runs.push(cut);
    ks.extend(&runs);
    ks.sort_unstable();
    ks.dedup();
    let mut elems = edge_elems::<Gf2m<N, S, B>>();
    elems.extend(randoms::<Gf2m<N, S, B>>(m as u64 + 1, 6));
    for &k in &ks {
        for a in &elems {
            let ct = a.multi_square_ct(k);
            assert_eq!(a.multi_square(k), ct, "multi_square({k}) of {a:?}");
            assert_eq!(ct, square_times(*a, k), "multi_square_ct({k}) of {a:?}");
        }
    }
    // The constant-time walks over basis images, for the runs the field keeps them.
    for &k in &runs {
        if let Some(basis) = S::tables().multi_square_basis(k) {
            for a in &elems {
                let want = square_times(*a, k);
                assert_eq!(
                    &basis.apply_ct(a.limbs()),
                    want.limbs(),
                    "apply_ct({k}) of {a:?}"
                );
                // The backend's vector walk, where it has one, against the portable one.
                if let Some(v) = B::basis_walk_ct(basis, a.limbs()) {
                    assert_eq!(&v, want.limbs(), "{}: basis_walk_ct({k}) of {a:?}", B::NAME);
                }
            }
        }
    }
    // Composition on the chain's runs: a^(2^(j+k)) = (a^(2^j))^(2^k).
    for a in &elems {
        for w in runs.windows(2) {
            assert_eq!(
                a.multi_square(w[0]).multi_square(w[1]),
                a.multi_square_ct(w[0] + w[1])
            );
        }
    }
}

/// Quadratic solving, half-trace and trace laws, for a field of odd degree.
fn quadratic_and_trace<F: FromWords>(odd: bool) {
    let mut solved = 0;
    let mut unsolvable = 0;
    for c in randoms::<F>(F::DEGREE as u64 + 2, 200)
        .into_iter()
        .chain(edge_elems::<F>())
    {
        let t = c.trace();
        assert!(t <= 1);
        match c.solve_quadratic() {
            Some(z) => {
                assert_eq!(t, 0, "solved z² + z = {c:?} although Tr = 1");
                assert_eq!(z.square() + z, c, "z² + z = c for c = {c:?}");
                // The other solution is z + 1.
                assert_eq!((z + F::one()).square() + (z + F::one()), c);
                solved += 1;
            }
            None => {
                assert_eq!(t, 1, "no solution for {c:?} although Tr = 0");
                unsolvable += 1;
            }
        }
        if odd {
            // H(c)² + H(c) = c + Tr(c).
            let h = c.half_trace();
            let tr = if t == 1 { F::one() } else { F::zero() };
            assert_eq!(h.square() + h, c + tr, "half-trace of {c:?}");
        }
    }
    assert!(
        solved > 0 && unsolvable > 0,
        "both outcomes occur: {solved} solved, {unsolvable} without solution"
    );

    check(
        "trace is additive and Frobenius-invariant",
        (elem::<F>(), elem::<F>()),
        |(a, b)| {
            prop_assert_eq!((a + b).trace(), a.trace() ^ b.trace());
            prop_assert_eq!(a.square().trace(), a.trace());
            prop_assert_eq!(a.sqrt().trace(), a.trace());
            // Tr(z² + z) = 0 for every z.
            prop_assert_eq!((a.square() + a).trace(), 0);
            Ok(())
        },
    );
    check(
        "solve_quadratic(z² + z) has a solution",
        elem::<F>(),
        |z| {
            let c = z.square() + z;
            let s = c.solve_quadratic();
            prop_assert!(
                s == Some(z) || s == Some(z + F::one()),
                "{:?} for z = {:?}",
                s,
                z
            );
            Ok(())
        },
    );
    assert_eq!(F::zero().trace(), 0);
    assert_eq!(F::zero().half_trace(), F::zero());
    assert_eq!(
        F::one().trace(),
        u8::from(F::DEGREE % 2 == 1),
        "Tr(1) = m mod 2"
    );
    // Tr by its definition Σ c^(2^i), on a few elements.
    for c in randoms::<F>(F::DEGREE as u64 + 3, 4) {
        let mut s = c;
        let mut t = c;
        for _ in 1..F::DEGREE {
            t = t.square();
            s += t;
        }
        let want = if s == F::one() {
            1
        } else {
            assert_eq!(s, F::zero(), "Σ c^(2^i) is 0 or 1");
            0
        };
        assert_eq!(c.trace(), want, "trace of {c:?} by definition");
    }
}

fn gf2m_quadratic<const N: usize, S: Gf2mSpec<N>, B: Backend>() {
    assert_eq!(S::M % 2, 1);
    quadratic_and_trace::<Gf2m<N, S, B>>(true);
}

/// √a² = a and (√a)² = a.
fn square_roots<F: FromWords>() {
    for a in edge_elems::<F>() {
        assert_eq!(a.sqrt().square(), a, "√{a:?}²");
        assert_eq!(a.square().sqrt(), a, "√({a:?}²)");
    }
    check("sqrt", elem::<F>(), |a| {
        prop_assert_eq!(a.sqrt().square(), a);
        prop_assert_eq!(a.square().sqrt(), a);
        // √ is the Frobenius power a^(2^(m−1)).
        prop_assert_eq!(a.sqrt(), a.multi_square_ct(F::DEGREE - 1));
        Ok(())
    });
    assert_eq!(F::zero().sqrt(), F::zero());
    assert_eq!(F::one().sqrt(), F::one());
}

fn gf2m_sqrt<const N: usize, S: Gf2mSpec<N>, B: Backend>() {
    square_roots::<Gf2m<N, S, B>>();
    // √x = x^(2^(m−1)) (the constant the library stores) squares back to x.
    let x = Gf2m::<N, S, B>::x();
    assert_eq!(x.sqrt().square(), x);
}

/// pow_vartime against products and Fermat: a^0 = 1, a^1 = a, a^2 = a², a^5, and
/// a^(2^m − 1) = 1, a^(2^m − 2) = a⁻¹ for nonzero a.
fn powers<F: FromWords>() {
    let m = F::DEGREE;
    let words = m.div_ceil(64);
    // 2^m − 1 and 2^m − 2 as little-endian words.
    let mut all_ones = vec![u64::MAX; words];
    all_ones[words - 1] = top_mask(m);
    let mut minus_two = all_ones.clone();
    minus_two[0] ^= 1;
    for a in randoms::<F>(m as u64 + 4, 6) {
        assert_eq!(a.pow_vartime(&[]), F::one());
        assert_eq!(a.pow_vartime(&[0]), F::one());
        assert_eq!(a.pow_vartime(&[1]), a);
        assert_eq!(a.pow_vartime(&[2]), a.square());
        assert_eq!(a.pow_vartime(&[5]), a.square().square() * a);
        assert_eq!(a.pow_vartime(&[0, 1]), a.multi_square_ct(64), "a^(2^64)");
        if !a.is_zero() {
            assert_eq!(a.pow_vartime(&all_ones), F::one(), "a^(2^m − 1)");
            assert_eq!(
                a.pow_vartime(&minus_two),
                a.invert().unwrap(),
                "a^(2^m − 2)"
            );
        }
    }
}

/// The three inversions (constant-time Itoh–Tsujii, table-driven Itoh–Tsujii, binary
/// Euclid) agree, and a·a⁻¹ = 1, on edge and random elements; zero has no inverse.
fn inversions_agree<const N: usize, S: Gf2mSpec<N>, B: Backend>() {
    let mut elems = edge_elems::<Gf2m<N, S, B>>();
    elems.extend(randoms::<Gf2m<N, S, B>>(S::M as u64 + 7, 12));
    for a in elems {
        if a.is_zero() {
            assert!(a.invert().is_err() && a.invert_vartime().is_err());
            continue;
        }
        let ct = a.invert().unwrap();
        assert_eq!(ct * a, Gf2m::one(), "a·a⁻¹ for {a:?}");
        assert_eq!(a.invert_vartime(), Ok(ct), "vartime inverse of {a:?}");
        assert_eq!(
            a.invert_euclid_vartime(),
            Ok(ct),
            "Euclid's inverse of {a:?}"
        );
    }
}

fn gf2m_powers<const N: usize, S: Gf2mSpec<N>, B: Backend>() {
    powers::<Gf2m<N, S, B>>();
}

/// Tr(x^i) = Σ_{j<m} (x^i)^(2^j) for every basis element, by the definition (m² squarings),
/// against the library's trace (a mask built by Newton's identities).
fn trace_is_the_definition<const N: usize, S: Gf2mSpec<N>, B: Backend>() {
    for i in 0..S::M {
        let b = Gf2m::<N, S, B>::from_words(&common::monomial_words(N, i));
        let (mut t, mut sum) = (b, b);
        for _ in 1..S::M {
            t = t.square();
            sum += t;
        }
        let want = u8::from(sum == Gf2m::one());
        assert!(sum.is_zero() || sum == Gf2m::one(), "Tr(x^{i}) in GF(2)");
        assert_eq!(b.trace(), want, "Tr(x^{i}) in GF({})", S::NAME);
    }
}

gf2m_tests! {
    trace: trace_is_the_definition<Portable>;
    frobenius_portable: gf2m_frobenius<Portable>;
    frobenius_clmul: gf2m_frobenius<Clmul>;
    multi_square: multi_square_runs<Auto>;
    multi_square_portable: multi_square_runs<Portable>;
    multi_square_clmul: multi_square_runs<Clmul>;
    quadratic_portable: gf2m_quadratic<Portable>;
    quadratic_clmul: gf2m_quadratic<Clmul>;
    sqrt_portable: gf2m_sqrt<Portable>;
    sqrt_clmul: gf2m_sqrt<Clmul>;
    powers: gf2m_powers<Auto>;
    inversions: inversions_agree<Auto>;
    inversions_portable: inversions_agree<Portable>;
    inversions_clmul: inversions_agree<Clmul>;
}
gf571_tests! {
    frobenius_vpclmul: gf2m_frobenius<Vpclmul>;
    quadratic_vpclmul: gf2m_quadratic<Vpclmul>;
    sqrt_vpclmul: gf2m_sqrt<Vpclmul>;
    multi_square_vpclmul: multi_square_runs<Vpclmul>;
}

#[test]
fn gf254_frobenius_and_multi_square() {
    frobenius_order::<Gf254>();
    let ks = [0, 1, 2, 5, 10, 12, 24, 48, 126, 127, 128, 253, 254, 300];
    for a in randoms::<Gf254>(41, 6) {
        for k in ks {
            assert_eq!(a.multi_square(k), a.multi_square_ct(k), "multi_square({k})");
            assert_eq!(
                a.multi_square_ct(k),
                square_times(a, k),
                "multi_square_ct({k})"
            );
        }
    }
}

/// GF(2^254)'s inversions (through the norm, on the base field's constant-time and
/// table-driven inversions) agree with each other and give a·a⁻¹ = 1.
#[test]
fn gf254_inversions_agree() {
    for a in randoms::<Gf254>(43, 12) {
        let ct = a.invert().unwrap();
        assert_eq!(ct * a, Gf254::one());
        assert_eq!(a.invert_vartime(), Ok(ct));
    }
    assert!(Gf254::zero().invert().is_err());
}

#[test]
fn gf254_quadratic_and_trace() {
    quadratic_and_trace::<Gf254>(false);
    quadratic_and_trace::<Gf254With<Portable>>(false);
    assert_eq!(Gf254::one().trace(), 0);
    for c in randoms::<Gf254>(43, 100) {
        assert_eq!(c.trace(), c.c1.trace(), "Tr(c) = Tr_127(c1)");
    }
}

#[test]
fn gf254_sqrt() {
    square_roots::<Gf254>();
    square_roots::<Gf254With<Portable>>();
}

#[test]
fn gf254_powers() {
    powers::<Gf254>();
}

#[test]
fn gf254_clmul_ops() {
    if common::backend_available::<Clmul>("gf254_clmul_ops") {
        quadratic_and_trace::<Gf254With<Clmul>>(false);
        square_roots::<Gf254With<Clmul>>();
    }
}

/// The AVX-512 walk over word planes (`backend::walk512::walk`) against a plain masked
/// sum, for image counts that do and do not fill the last group of eight, element widths
/// of one to nine words, and inputs with no bit, every bit, one bit and random bits set.
/// On a CPU without AVX-512F the walk declines (`None`), which is checked too.
fn walk_planes_agrees<const N: usize>() {
    use ecsm::backend::walk512::{plane_len, to_planes, walk};
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x3a1c_0000 + N as u64);
    #[cfg(target_arch = "x86_64")]
    let avx512 = std::arch::is_x86_feature_detected!("avx512f");
    #[cfg(not(target_arch = "x86_64"))]
    let avx512 = false;
    let counts = [1, 7, 8, 9, 63, 64, 65, 64 * N - 1, 64 * N];
    for count in counts.into_iter().filter(|&c| c <= 64 * N) {
        let images: Vec<[u64; N]> = (0..count)
            .map(|_| core::array::from_fn(|_| rng.gen()))
            .collect();
        let planes = to_planes(&images);
        assert_eq!(planes.len(), N * plane_len(count));
        let mut inputs: Vec<[u64; N]> = vec![[0; N], [u64::MAX; N]];
        inputs.extend((0..count.min(70)).map(|i| {
            let mut a = [0u64; N];
            a[i / 64] = 1 << (i % 64);
            a
        }));
        inputs.extend((0..8).map(|_| core::array::from_fn(|_| rng.gen())));
        for a in &inputs {
            let mut want = [0u64; N];
            for (i, img) in images.iter().enumerate() {
                if a[i / 64] >> (i % 64) & 1 == 1 {
                    for w in 0..N {
                        want[w] ^= img[w];
                    }
                }
            }
            match walk(&planes, count, a) {
                Some(got) => assert_eq!(got, want, "N = {N}, {count} images, a = {a:x?}"),
                None => assert!(!avx512, "the walk declined on an AVX-512F CPU"),
            }
        }
        // A layout of the wrong length, or more images than the input has bits, is declined.
        assert_eq!(walk(&planes[1..], count, &[0u64; N]), None);
        assert_eq!(walk(&planes, 64 * N + 1, &[0u64; N]), None);
    }
}

#[test]
fn walk_planes_agree_with_a_plain_sum() {
    walk_planes_agrees::<1>();
    walk_planes_agrees::<2>();
    walk_planes_agrees::<3>();
    walk_planes_agrees::<4>();
    walk_planes_agrees::<5>();
    walk_planes_agrees::<7>();
    walk_planes_agrees::<9>();
}

/// `backend::select_words` (SSE2 on x86-64) against the selection written word by word,
/// with masks 0, all ones and random (the formula is bitwise), and `ct_select` of GF(2^233)
/// picking each operand whole.
fn select_words_agrees<const N: usize>() {
    use ecsm::backend::select_words;
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x5e1e_c700 + N as u64);
    for _ in 0..200 {
        let a: [u64; N] = core::array::from_fn(|_| rng.gen::<u64>());
        let b: [u64; N] = core::array::from_fn(|_| rng.gen::<u64>());
        for mask in [0, u64::MAX, rng.gen::<u64>(), 1 << 63, 1] {
            let want: [u64; N] = core::array::from_fn(|i| (a[i] & !mask) | (b[i] & mask));
            assert_eq!(select_words(&a, &b, mask), want, "N = {N}, mask {mask:#x}");
        }
    }
}

#[test]
fn select_words_agree_with_a_plain_selection() {
    select_words_agrees::<1>();
    select_words_agrees::<2>();
    select_words_agrees::<3>();
    select_words_agrees::<4>();
    select_words_agrees::<5>();
    select_words_agrees::<7>();
    select_words_agrees::<9>();
    type F = Gf2m<4, ecsm::field::gf2m::P233, Portable>;
    let (u, v) = (
        F::from_words(&[1, 2, 3, 1 << 40]),
        F::from_words(&[u64::MAX, 5, 0, 7]),
    );
    for (x, y) in [(u, v), (v, u), (F::zero(), F::one())] {
        assert_eq!(F::ct_select(&x, &y, 0), x);
        assert_eq!(F::ct_select(&x, &y, u64::MAX), y);
    }
}
