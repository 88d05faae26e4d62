//! Seed 002's methods (4-NAF, double-base chains, Yao-DBNS, Yao-BZNS, db-opt) on every shape:
//! [k]P against the affine Weierstrass reference through each shape's map, the seed's
//! worked example k = 314159, and the operation counts the seed states for Yao's
//! algorithm (max b doublings, max t triplings, n − 1 additions), measured.

use crate::common::rng;
use crate::common::shapes::{image, random_pair, w_mul};
use ecsm::field::{FpP256, PrimeField};
use ecsm::recode::{dbns_greedy, DbTerm};
use ecsm::shape::methods::{db_chain_mul, yao_bzns, yao_dbns};
use ecsm::shape::{measure_ops, CurveShape, ShapeMethod, ShapeOp};
use rand::RngCore;

fn term(sign: i8, b: u32, j: u32) -> DbTerm {
    DbTerm { sign, b, j }
}

/// Every method, on random N-bit scalars and edge scalars, against the reference.
fn methods_agree<F: PrimeField, S: CurveShape<F>>(s: &S, bits: u32, seed: u64) {
    let mut r = rng(seed);
    let (b, t) = (bits * 7 / 10, (bits * 3 / 10) * 100 / 158 + 1);
    let (bz, z) = (bits * 9 / 10, (bits / 10) * 100 / 69 + 3);
    let methods = [
        ShapeMethod::Naf { w: 4 },
        ShapeMethod::Naf { w: 2 },
        ShapeMethod::DbChain { b_max: b, t_max: t },
        ShapeMethod::YaoDbns {
            b_max: b,
            t_max: t,
            beam: 1,
        },
        ShapeMethod::YaoDbns {
            b_max: b,
            t_max: t,
            beam: 4,
        },
        ShapeMethod::YaoBzns {
            b_max: bz,
            z_max: z,
            beam: 1,
        },
        ShapeMethod::YaoBzns {
            b_max: bz,
            z_max: z,
            beam: 3,
        },
        ShapeMethod::DbOpt { r: 1 },
        ShapeMethod::DbOpt { r: 7 },
    ];
    let (a, _) = s.weierstrass();
    for round in 0..6 {
        let (p, wp) = random_pair(s, &mut r);
        let mut k: Vec<u64> = (0..bits.div_ceil(64)).map(|_| r.next_u64()).collect();
        if !bits.is_multiple_of(64) {
            let last = k.len() - 1;
            k[last] &= (1u64 << (bits % 64)) - 1;
        }
        match round {
            0 => k.iter_mut().for_each(|w| *w = 0),
            1 => k = vec![1],
            2 => k = vec![2],
            3 => k = vec![3],
            _ => {}
        }
        let want = w_mul(a, wp, &k);
        for m in methods {
            let got = m.mul(s, &p, &k).unwrap();
            assert_eq!(image(s, &got), want, "{} with {m}, k = {k:x?}", S::NAME);
        }
    }
}

/// k = 314159 through the seed's own representations (notes_001_002.md): the DBNS
/// example (Example 2, as corrected), the BZNS example (Example 3) and, as a chain, the
/// greedy chain; plus the seed's claim for Yao-DBNS: max b DBL, max t TPL, n − 1 additions.
fn worked_examples<F: PrimeField, S: CurveShape<F>>(s: &S, seed: u64) {
    let mut r = rng(seed);
    let (p, wp) = random_pair(s, &mut r);
    let (a, _) = s.weierstrass();
    let want = w_mul(a, wp, &[314159]);
    // 2^10·3^5 + 2^8·3^5 + 2^10·3 + 2^2·3^2 + 3^2 + 2.
    let dbns = [
        term(1, 10, 5),
        term(1, 8, 5),
        term(1, 10, 1),
        term(1, 2, 2),
        term(1, 0, 2),
        term(1, 1, 0),
    ];
    let (got, ops) = measure_ops(|| yao_dbns(s, &p, &dbns));
    assert_eq!(image(s, &got), want, "{}: Example 2", S::NAME);
    assert_eq!(ops.get(ShapeOp::Dbl), 10, "max b doublings");
    assert_eq!(ops.get(ShapeOp::Tpl), 5, "max t triplings");
    let adds: u64 = ShapeOp::ALL[2..11].iter().map(|&o| ops.get(o)).sum();
    assert_eq!(adds, 5, "n − 1 additions");
    // 2^8·F16 + 2^8·F13 + 2^5·F10 + 2·F9 + 2·F5 + F2.
    let bzns = [
        term(1, 8, 16),
        term(1, 8, 13),
        term(1, 5, 10),
        term(1, 1, 9),
        term(1, 1, 5),
        term(1, 0, 2),
    ];
    let (got, ops) = measure_ops(|| yao_bzns(s, &p, &bzns));
    assert_eq!(image(s, &got), want, "{}: Example 3", S::NAME);
    // max b = 8 doublings in Horner's rule, plus F_3·P = P + P where the Fibonacci
    // multiples come from additions (a doubling in disguise).
    assert!(matches!(ops.get(ShapeOp::Dbl), 8 | 9), "max b doublings");
    assert_eq!(ops.get(ShapeOp::Tpl), 0);
    let chain = ecsm::recode::db_chain(&[314159], 12, 8).unwrap();
    assert_eq!(
        image(s, &db_chain_mul(s, &p, &chain)),
        want,
        "{}: chain",
        S::NAME
    );
    // A greedy expansion with signs, evaluated by Yao.
    let greedy = dbns_greedy(&[314159], 12, 8).unwrap();
    assert!(
        greedy.iter().any(|t| t.sign < 0),
        "the greedy expansion has a negative term"
    );
    assert_eq!(
        image(s, &yao_dbns(s, &p, &greedy)),
        want,
        "{}: greedy DBNS",
        S::NAME
    );
}

/// Instantiate the checks for one shape over the 160- and 256-bit fields.
macro_rules! shape_method_tests {
    ($name:ident, |$f:ident| $build:expr) => {
        mod $name {
            use super::*;
            #[test]
            fn methods_on_256_bits() {
                // One field: each field type instantiates every method again (build time).
                type $f = FpP256;
                methods_agree(&$build, 256, 256);
            }
            #[test]
            fn seed_worked_examples() {
                type $f = FpP256;
                worked_examples(&$build, 314159);
            }
        }
    };
}

/// The smallest non-square n ≥ 2 (a complete Edwards d).
fn nonsquare<F: PrimeField>() -> F {
    (2u64..)
        .map(F::from_u64)
        .find(|d| d.legendre() == -1)
        .unwrap()
}

use ecsm::shape::{
    Dik3, Edwards, ExtJQuartic, Hessian, InvEdwards, JacIntersect, Jacobian, Jacobian3,
};

shape_method_tests!(dik3, |F| Dik3::<F>::new(F::from_u64(2)).unwrap());
shape_method_tests!(edwards, |F| Edwards::<F>::new(nonsquare::<F>()).unwrap());
shape_method_tests!(ext_jquartic, |F| ExtJQuartic::<F>::new(F::from_u64(3))
    .unwrap());
shape_method_tests!(hessian, |F| Hessian::<F>::new(F::from_u64(2)).unwrap());
shape_method_tests!(inv_edwards, |F| InvEdwards::<F>::new(nonsquare::<F>())
    .unwrap());
shape_method_tests!(jac_intersect, |F| JacIntersect::<F>::new(F::from_u64(3))
    .unwrap());
shape_method_tests!(jacobian, |F| Jacobian::<F>::new(
    F::from_u64(2),
    F::from_u64(3)
)
.unwrap());
shape_method_tests!(jacobian_3, |F| Jacobian3::<F>::new(
    -F::from_u64(3),
    F::from_u64(7)
)
.unwrap());
