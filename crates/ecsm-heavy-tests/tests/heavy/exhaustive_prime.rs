//! Issue 13, "exhaustive tiny curves", prime half: every prime method with every width it
//! accepts (double-and-add, NAF_w, the constant-time window, and GLV on the subgroups
//! where the endomorphism acts) on every point of several curves over
//! GF(103), and every method of seed 002 on every point of every shape over GF(19), each
//! for every scalar k < 2·#E, against affine double-and-add by the chord-and-tangent law
//! (`common::shapes`).
//!
//! The curves over GF(103) have prime order (a = −3 and a = 0), cofactor 4 with
//! points of order 2 and 4 (a = −3), order 84 = 4·3·7 with the points (−1, 0) of order 2
//! and (0, ±1) of order 3 (a = 0, GLV over the subgroup of order 7), and 120 = 8·3·5
//! (a = 1). Their multiples run through every exceptional case of the Jacobian formulas:
//! P + P, P + (−P), P + O, O + P and the points with y = 0.
//!
//! The shapes' operations are already checked on every pair of points in every pair of
//! cache states (`shape_weierstrass_family.rs`, `shape_edwards_family.rs`); the methods
//! were checked on random 256-bit points only (`shape_methods.rs`). Here each method runs
//! on every point of each shape (its neutral element and the points without an affine
//! form included), in the affine and in a fresh projective state.

use crate::common::shapes::{in_state, w_add, w_mul, w_on_curve, WPoint};
use ecsm::curve::weierstrass::{AGeneric, AMinus3, AShape, AZero, Affine, ShortWeierstrass};
use ecsm::field::{Field, PrimeField};
use ecsm::mul::glv::{glv_wnaf_mul, Glv, GlvConstants, GlvMulError};
use ecsm::mul::weierstrass::{ct_window_mul, double_and_add, wnaf_mul, CtMulError};
use ecsm::mul::MethodSpec;
use ecsm::recode::{RecodeError, WNAF_MAX_WIDTH, WNAF_MIN_WIDTH};
use ecsm::shape::{
    Cache, CurveShape, Dik3, Edwards, ExtJQuartic, Hessian, InvEdwards, JacIntersect,
    Jacobian as JacobianShape, Jacobian3, ShapeMethod,
};

ecsm::fp_spec!(Tiny103, Fp103, 1, "67", "tiny103");
ecsm::fp_spec!(Tiny19, Fp19, 1, "13", "tiny19");

fn f<F: PrimeField>(v: i64) -> F {
    let p = F::modulus()[0] as i64;
    F::from_u64(v.rem_euclid(p) as u64)
}

fn bit_len(v: u64) -> usize {
    64 - v.leading_zeros() as usize
}

/// Every point of y² = x³ + ax + b, O first, by trying every (x, y).
fn weierstrass_points<F: PrimeField>(a: F, b: F) -> Vec<WPoint<F>> {
    let p = F::modulus()[0];
    let mut out = vec![None];
    for x in 0..p {
        for y in 0..p {
            let w = Some((F::from_u64(x), F::from_u64(y)));
            if w_on_curve(a, b, w) {
                out.push(w);
            }
        }
    }
    out
}

/// The order of P by repeated addition.
fn order_of<F: PrimeField>(a: F, p: WPoint<F>) -> u64 {
    let (mut q, mut n) = (p, 1);
    while q.is_some() {
        q = w_add(a, q, p);
        n += 1;
    }
    n
}

/// multiples\[k\] = \[k\]P for k < 2·#E by the reference's double-and-add, checked
/// against repeated addition, with \[#E\]P = O (Lagrange: the enumeration is whole).
fn multiples<F: PrimeField>(a: F, p: WPoint<F>, order: u64) -> Vec<WPoint<F>> {
    let row: Vec<WPoint<F>> = (0..2 * order).map(|k| w_mul(a, p, &[k])).collect();
    let mut acc = None;
    for (k, q) in row.iter().enumerate() {
        assert_eq!(*q, acc, "[{k}]P by double-and-add and by additions");
        acc = w_add(a, acc, p);
    }
    assert_eq!(row[order as usize], None, "[#E]P = O");
    assert!(order.is_multiple_of(order_of(a, p)));
    row
}

/// Hasse: (#E − p − 1)² ≤ 4p.
fn hasse(p: u64, order: u64) {
    let t = order as i64 - p as i64 - 1;
    assert!(t * t <= 4 * p as i64, "Hasse bound: #E = {order}, p = {p}");
}

fn affine<F: Field>(w: WPoint<F>) -> Affine<F> {
    match w {
        None => Affine::Infinity,
        Some((x, y)) => Affine::Point { x, y },
    }
}

fn wpoint<F: Field>(p: &Affine<F>) -> WPoint<F> {
    match *p {
        Affine::Infinity => None,
        Affine::Point { x, y } => Some((x, y)),
    }
}

// ---------------------------------------------------------------------------------------
// GLV on a tiny curve y² = x³ + b, p ≡ 1 (mod 3).

/// The constants of φ(x, y) = (βx, y) = \[λ\]P on the subgroup of order n: β a cube root
/// of unity mod p, λ the root of λ² + λ + 1 ≡ 0 (mod n) that matches β on `g`, and the
/// short basis of {(x, y) : x + yλ ≡ 0 (mod n)} by the extended Euclidean algorithm
/// (GLV §4; HMV Alg. 3.74), of determinant n.
fn glv_constants<F: PrimeField>(g: WPoint<F>, n: u64) -> GlvConstants {
    let p = F::modulus()[0];
    let beta = (2..p)
        .map(F::from_u64)
        .find(|b| b.square() * *b == F::one())
        .expect("p ≡ 1 (mod 3)");
    let (gx, gy) = g.expect("a finite generator");
    let phi_g = Some((gx * beta, gy));
    let lambda = (2..n)
        .find(|&l| (l * l + l + 1).is_multiple_of(n) && w_mul(F::zero(), g, &[l]) == phi_g)
        .expect("φ acts on the subgroup as some λ");
    // r_i = s_i·n + t_i·λ, stopped at the last r_l ≥ √n.
    let (n_i, l_i) = (n as i64, lambda as i64);
    let root = (0..).find(|r: &i64| (r + 1) * (r + 1) > n_i).unwrap();
    let (mut r0, mut r1, mut t0, mut t1) = (n_i, l_i, 0i64, 1i64);
    while r1 >= root {
        let q = r0 / r1;
        (r0, r1) = (r1, r0 - q * r1);
        (t0, t1) = (t1, t0 - q * t1);
    }
    let v1 = (r1, -t1);
    let q = r0 / r1;
    let (r2, t2) = (r0 - q * r1, t0 - q * t1);
    let mut v2 = if r0 * r0 + t0 * t0 <= r2 * r2 + t2 * t2 {
        (r0, -t0)
    } else {
        (r2, -t2)
    };
    if v1.0 * v2.1 - v2.0 * v1.1 < 0 {
        v2 = (-v2.0, -v2.1);
    }
    for (a, b) in [v1, v2] {
        assert_eq!((a + b * l_i).rem_euclid(n_i), 0, "a + bλ ≡ 0");
    }
    assert_eq!(v1.0 * v2.1 - v2.0 * v1.1, n_i, "determinant n");
    let hex = |v: i64| -> &'static str {
        let s = if v < 0 {
            format!("-{:x}", -v)
        } else {
            format!("{v:x}")
        };
        Box::leak(s.into_boxed_str())
    };
    GlvConstants {
        curve: "tiny",
        beta: hex(int(&beta) as i64),
        lambda: hex(lambda as i64),
        basis: [(hex(v1.0), hex(v1.1)), (hex(v2.0), hex(v2.1))],
        source: "computed by the test",
    }
}

/// The integer value of a field element.
fn int<F: PrimeField>(x: &F) -> u64 {
    x.to_words()[0]
}

// ---------------------------------------------------------------------------------------
// The prime methods.

/// One curve y² = x³ + ax + b over the tiny field, its points, their multiples, and every
/// method with every width against them. `glv` names the order n of a subgroup whose
/// endomorphism constants are derived and checked (a = 0 only). Returns the number of
/// checks.
fn prime_curve<F: PrimeField, A: AShape>(a: i64, b: i64, expect: u64, glv: Option<u64>) -> usize {
    let (af, bf) = (f::<F>(a), f::<F>(b));
    let curve = ShortWeierstrass::<F, A>::new(af, bf).expect("smooth, of shape A");
    let points = weierstrass_points(af, bf);
    let order = points.len() as u64;
    assert_eq!(order, expect, "#E of y² = x³ + {a}x + {b}");
    hasse(F::modulus()[0], order);
    for w in &points {
        assert!(curve.is_on_curve(&affine(*w)));
    }
    let table: Vec<Vec<WPoint<F>>> = points.iter().map(|&w| multiples(af, w, order)).collect();
    let bits = bit_len(2 * order - 1);
    let mut checks = 0;
    let mut check = |ok: bool, what: &dyn Fn() -> String| {
        checks += 1;
        assert!(ok, "y² = x³ + {a}x + {b}: {}", what());
    };
    for (i, w) in points.iter().enumerate() {
        let p = affine(*w);
        let odd = order_of(af, *w) % 2 == 1;
        for k in 0..2 * order {
            let want = table[i][k as usize];
            let got = wpoint(&double_and_add(&curve, &[k], &p).to_affine());
            check(got == want, &|| {
                format!("double-add P = {w:?}, k = {k}: {got:?}")
            });
            for wd in WNAF_MIN_WIDTH as usize..=WNAF_MAX_WIDTH as usize {
                let got = wpoint(&wnaf_mul(&curve, &[k], &p, wd).unwrap().to_affine());
                check(got == want, &|| {
                    format!("naf:w={wd} P = {w:?}, k = {k}: {got:?}")
                });
            }
            // The constant-time window over `bits` bits, every width it accepts: the
            // right point, or (only for a point of even order) `Exceptional`.
            for wd in 1..=7 {
                let r = ct_window_mul(&curve, &[k], &p, wd, bits);
                let ok = match &r {
                    Ok(q) => wpoint(&q.to_affine()) == want,
                    Err(CtMulError::Exceptional) => !odd,
                    Err(_) => false,
                };
                check(ok, &|| {
                    format!("ct-window:w={wd} P = {w:?}, k = {k}: {r:?}")
                });
            }
        }
        // Out of range: widths and a scalar of `bits` + 1 bits are typed errors.
        for wd in [0, 1, 9] {
            let r = wnaf_mul(&curve, &[3], &p, wd);
            check(r.is_err(), &|| format!("naf:w={wd}: {r:?}"));
        }
        for wd in [0, 8] {
            let r = ct_window_mul(&curve, &[3], &p, wd, bits);
            check(matches!(r, Err(CtMulError::Recode(_))), &|| {
                format!("ct:w={wd}: {r:?}")
            });
        }
        let r = ct_window_mul(&curve, &[1 << bits], &p, 4, bits);
        check(
            matches!(
                r,
                Err(CtMulError::Recode(RecodeError::ScalarTooLong { .. }))
            ),
            &|| format!("ct, k = 2^{bits}: {r:?}"),
        );
    }
    if let Some(n) = glv {
        assert_eq!(a, 0, "GLV needs j = 0");
        assert!(order.is_multiple_of(n));
        // A generator of the subgroup of order n: [#E/n]Q for some Q, of order n.
        let g = points
            .iter()
            .map(|&q| w_mul(af, q, &[order / n]))
            .find(|&q| q.is_some() && order_of(af, q) == n)
            .expect("a point of order n");
        let consts = glv_constants(g, n);
        let beta = f::<F>(i64::from_str_radix(consts.beta, 16).unwrap());
        let lambda = u64::from_str_radix(consts.lambda, 16).unwrap();
        for w in &points {
            if w_mul(af, *w, &[n]).is_none() {
                let phi = w.map(|(x, y)| (x * beta, y));
                check(phi == w_mul(af, *w, &[lambda]), &|| {
                    format!("φ({w:?}) = [λ]P")
                });
            }
        }
        // The method on every point of the subgroup of order n and every scalar below
        // 2·#E, reduced mod n as the curve API does (k ≥ n is refused with a typed error),
        // with every width whose table P, 3P, …, (2^(w−1) − 1)P stays clear of O (a
        // larger odd multiple than n − 1 never occurs on a real curve).
        let glv = Glv::<F>::new(&consts, &[n]).expect("the constants check out");
        for (i, w) in points.iter().enumerate() {
            if w_mul(af, *w, &[n]).is_some() {
                continue;
            }
            let p = affine(*w);
            for k in 0..2 * order {
                let want = table[i][k as usize];
                for wd in (2..=8).filter(|&wd| (1u64 << (wd - 1)) < n) {
                    let r = glv_wnaf_mul(&curve, &glv, &[k % n], &p, wd);
                    let got = r.as_ref().map(|q| wpoint(&q.to_affine()));
                    check(got.as_ref() == Ok(&want), &|| {
                        format!("glv:w={wd} P = {w:?}, k = {k}: {got:?}")
                    });
                }
                if k >= n {
                    let r = glv_wnaf_mul(&curve, &glv, &[k], &p, 4);
                    check(matches!(r, Err(GlvMulError::ScalarNotReduced)), &|| {
                        format!("glv, unreduced k = {k}: {r:?}")
                    });
                }
            }
        }
    }
    checks
}

#[test]
fn prime_a_minus_3_prime_order() {
    let n = prime_curve::<Fp103, AMinus3>(-3, 15, 113, None);
    assert!(n > 113 * 226 * 15);
}

#[test]
fn prime_a_minus_3_cofactor_4() {
    // #E = 92 = 4·23: points of order 2 and 4, where the complete formulas may meet an
    // exceptional pair.
    let n = prime_curve::<Fp103, AMinus3>(-3, 4, 92, None);
    assert!(n > 92 * 184 * 15);
}

#[test]
fn prime_a_zero_glv_prime_order() {
    prime_curve::<Fp103, AZero>(0, 5, 97, Some(97));
}

#[test]
fn prime_a_zero_glv_cofactor_12() {
    // y² = x³ + 1: (−1, 0) of order 2, (0, ±1) of order 3; #E = 84 = 12·7.
    let a = Fp103::zero();
    let pts = weierstrass_points(a, Fp103::one());
    assert_eq!(order_of(a, Some((f(-1), Fp103::zero()))), 2);
    assert_eq!(order_of(a, Some((Fp103::zero(), Fp103::one()))), 3);
    assert!(pts.len() == 84);
    prime_curve::<Fp103, AZero>(0, 1, 84, Some(7));
}

#[test]
fn prime_generic_a_order_120() {
    // #E = 120 = 8·3·5 on y² = x³ + x + 2.
    prime_curve::<Fp103, AGeneric>(1, 2, 120, None);
}

// ---------------------------------------------------------------------------------------
// Seed 002's methods on every shape.

/// Every point of a shape (as a shape point) with its Weierstrass image.
trait Enumerate<F: PrimeField>: CurveShape<F> {
    /// The Weierstrass image of any point of the shape.
    fn img(&self, p: &Self::Point) -> WPoint<F>;
    /// The shape's point for a Weierstrass point.
    fn point_for(&self, w: WPoint<F>) -> Self::Point;
}

/// Shapes whose every point but O has an affine form (the Weierstrass family; the
/// Hessian curves' points at infinity are found by `point_for` below).
macro_rules! affine_enumerate {
    ($($shape:ident),*) => {$(
        impl<F: PrimeField> Enumerate<F> for $shape<F> {
            fn img(&self, p: &Self::Point) -> WPoint<F> {
                self.to_affine(p).and_then(|(x, y)| self.to_weierstrass(&x, &y))
            }
            fn point_for(&self, w: WPoint<F>) -> Self::Point {
                match self.from_weierstrass(w) {
                    Some((x, y)) => self.from_affine(&x, &y).expect("on the curve"),
                    None => self.neutral(),
                }
            }
        }
    )*};
}
affine_enumerate!(JacobianShape, Jacobian3, Dik3);

impl<F: PrimeField> Enumerate<F> for Hessian<F> {
    fn img(&self, p: &Self::Point) -> WPoint<F> {
        self.weierstrass_image(p)
    }
    fn point_for(&self, w: WPoint<F>) -> Self::Point {
        if w.is_none() {
            return self.neutral();
        }
        if let Some((x, y)) = self.from_weierstrass(w) {
            return self.from_affine(&x, &y).expect("on the curve");
        }
        // The points at infinity (1 : −ω : 0), ω³ = 1, ω ≠ 1.
        let p = F::modulus()[0];
        (2..p)
            .map(F::from_u64)
            .filter(|o| o.square() * *o == F::one())
            .map(|o| self.from_projective(&F::one(), &-o, &F::zero()).unwrap())
            .find(|q| self.weierstrass_image(q) == w)
            .expect("every Weierstrass point has a Hessian point")
    }
}

macro_rules! whole_group_enumerate {
    ($($shape:ident),*) => {$(
        impl<F: PrimeField> Enumerate<F> for $shape<F> {
            fn img(&self, p: &Self::Point) -> WPoint<F> {
                self.point_to_weierstrass(p)
            }
            fn point_for(&self, w: WPoint<F>) -> Self::Point {
                self.point_from_weierstrass(w)
            }
        }
    )*};
}
whole_group_enumerate!(Edwards, InvEdwards, ExtJQuartic, JacIntersect);

/// The methods of seed 002 with parameters for scalars of `bits` bits: NAF_w for every
/// width, the chain, Yao over DBNS and BZNS (greedy and beam-searched) from the spec
/// defaults, bounds cut to the least that reach `bits`, and db-opt with digit bounds
/// 1, 3, 5 and 7 (the default), or every odd bound up to 31 when `all_r`: its dynamic
/// programme costs 15 to 250 µs per scalar, too slow for every bound on every shape.
fn shape_methods(bits: usize, all_r: bool) -> Vec<ShapeMethod> {
    let spec = |s: &str| ShapeMethod::from_spec(&s.parse::<MethodSpec>().unwrap(), bits).unwrap();
    let mut v: Vec<ShapeMethod> = (WNAF_MIN_WIDTH..=WNAF_MAX_WIDTH)
        .map(|w| ShapeMethod::Naf { w })
        .collect();
    for s in [
        "db-chain",
        "yao-dbns",
        "yao-dbns:beam=4",
        "yao-bzns",
        "yao-bzns:beam=3",
        "db-chain:b=3",
        "yao-dbns:b=2",
        "yao-bzns:b=1",
    ] {
        v.push(spec(s));
    }
    for r in (1..=if all_r { 31 } else { 7 }).step_by(2) {
        v.push(ShapeMethod::DbOpt { r });
    }
    v
}

/// Every method on every point of `s` (affine state where there is one, and a fresh
/// projective one) and every k < 2·#E. Returns the number of checks.
fn shape_exhaustive<F: PrimeField, S: Enumerate<F>>(s: &S, all_r: bool) -> usize {
    let (a, b) = s.weierstrass();
    let wpoints = weierstrass_points(a, b);
    let order = wpoints.len() as u64;
    hasse(F::modulus()[0], order);
    let bits = bit_len(2 * order - 1);
    let mut checks = 0;
    for w in &wpoints {
        let p = s.point_for(*w);
        assert_eq!(s.img(&p), *w, "{}: the enumeration is a bijection", S::NAME);
        let table = multiples(a, *w, order);
        let mut versions = vec![p];
        if s.cache(&p) == Cache::Affine {
            versions.push(in_state(s, &p, Cache::Fresh));
        }
        for m in shape_methods(bits, all_r) {
            for v in &versions {
                for k in 0..2 * order {
                    let got = m.mul(s, v, &[k]).map(|q| s.img(&q));
                    checks += 1;
                    assert_eq!(
                        got,
                        Ok(table[k as usize]),
                        "{} {m}: P = {w:?} ({:?}), k = {k}",
                        S::NAME,
                        s.cache(v)
                    );
                }
            }
        }
    }
    checks
}

/// The smallest v ≥ 2 with Legendre symbol `chi`.
fn with_legendre<F: PrimeField>(chi: i8) -> F {
    (2..)
        .map(F::from_u64)
        .find(|d| d.legendre() == chi)
        .unwrap()
}

#[test]
fn shape_methods_weierstrass_family() {
    type F = Fp19;
    let mut n = 0;
    // b = 0: (0, 0) of order 2; a = 0: points of order 3 among others.
    for (a, b) in [(2, 3), (1, 0), (0, 5)] {
        let s = JacobianShape::<F>::new(f(a), f(b)).unwrap();
        n += shape_exhaustive(&s, a == 2);
    }
    n += shape_exhaustive(&Jacobian3::<F>::new(f(-3), f(7)).unwrap(), false);
    let mut dik3 = 0;
    for a in [2, 5, 7] {
        if let Ok(s) = Dik3::<F>::new(f(a)) {
            n += shape_exhaustive(&s, false);
            dik3 += 1;
        }
    }
    assert!(dik3 >= 2, "3DIK curves");
    // d = 0 and d = 2 (x³ + y³ + 1 = 3dxyz is smooth unless d³ = 1).
    for d in [0, 2] {
        n += shape_exhaustive(&Hessian::<F>::new(f(d)).unwrap(), false);
    }
    eprintln!("shape methods, Weierstrass family: {n} checks");
}

#[test]
fn shape_methods_edwards_family() {
    type F = Fp19;
    let mut n = 0;
    for chi in [1, -1] {
        let d: F = with_legendre(chi);
        n += shape_exhaustive(&Edwards::new(d).unwrap(), false);
        n += shape_exhaustive(&InvEdwards::new(d).unwrap(), false);
    }
    n += shape_exhaustive(&ExtJQuartic::<F>::new(f(3)).unwrap(), false);
    for chi in [1, -1] {
        let a = (2..)
            .find(|&v| (-F::from_u64(v)).legendre() == chi)
            .unwrap();
        n += shape_exhaustive(&JacIntersect::<F>::new(f(a as i64)).unwrap(), false);
    }
    eprintln!("shape methods, Edwards family: {n} checks");
}
