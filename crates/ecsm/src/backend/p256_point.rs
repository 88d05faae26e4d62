//! The Jacobian doubling (a = −3) and mixed addition of the P-256 curves on the assembly
//! field operations of [`super::p256_adx`], the CPU checked once per point operation
//! instead of once per field operation.
//!
//! # The formula
//! For (X3 : Y3 : Z3) given by `dbl-2001-b` (Explicit-Formulas Database; 3M + 5S and 16
//! additions, subtractions and doublings of field elements), this returns
//! (X3/4 : Y3/8 : Z3/2), the same point (λ²X3 : λ³Y3 : λZ3) for λ = 1/2. With δ = Z²,
//! γ = Y², β = X·γ and α' = α/2 = (3/2)(X − δ)(X + δ):
//!
//! X3' = α'² − 2β, Y3' = α'(β − X3') − γ², Z3' = Y·Z,
//!
//! since X3/4 = (α/2)² − 2β, Y3/8 = (α/2)(4β − X3)/4 − γ² and Z3/2 = ((Y + Z)² − γ − δ)/2
//! = YZ. Cost: 4M + 4S and 8 small operations (one halving, α' = t/2 + t), against
//! 3M + 5S and 16. The doubling is bound by the core's throughput rather than by its
//! dependency chain (two doublings interleaved take 1.8 times one), so the fewer
//! instructions are what counts: stand-alone on the Zen 4 of stop 54 (pinned, best of 9
//! runs of 2·10^5 dependent doublings), 132 ns a doubling through the field's checked
//! operations, 125 with the checks hoisted, 119 with this formula and 115–117 in the order
//! below, where the products that do not wait for α' (β, γ², YZ) come before it.
//!
//! The cost model ([`crate::cost::Counted`]) counts the generic `dbl-2001-b`, which every
//! other field and the portable backend run; the tests hold this doubling to it, value for
//! value after the scaling (`tests/suite/prime_adx.rs`).

use super::p256_adx;

/// Four words in the Montgomery form of the P-256 field.
type W = [u64; 4];

/// 2P for P = (X : Y : Z) (canonical Montgomery words, on any curve y² = x³ − 3x + b over
/// the P-256 field), as (X3/4 : Y3/8 : Z3/2) of `dbl-2001-b` (module documentation), or
/// None when [`p256_adx::available`] is false. Z = 0 or Y = 0 gives Z3' = 0: O.
///
/// Inlined: called out of line, its result went back through memory, and the caller's
/// wide (AVX) loads of the 8-byte stores just made could not be forwarded (`perf
/// annotate` put 28 % of the caller's samples on one such load).
#[inline(always)]
pub fn double_a3(p: &[W; 3]) -> Option<[W; 3]> {
    #[cfg(target_arch = "x86_64")]
    if p256_adx::available() {
        // SAFETY: `available()` was just checked.
        return Some(unsafe {
            if super::adx::shld_doubling() {
                double_unchecked::<true>(p)
            } else {
                double_unchecked::<false>(p)
            }
        });
    }
    let _ = p;
    None
}

/// [`double_a3`] without the check, with the square's doubling form `SHLD`.
///
/// # Safety
/// Only where [`p256_adx::available`] returned true (BMI2 and ADX).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn double_unchecked<const SHLD: bool>(p: &[W; 3]) -> [W; 3] {
    use p256_adx::{add_asm as add, half_asm as half, mul_asm as mul, sub_asm as sub};
    let [x, y, z] = p;
    // SAFETY: the caller checked `available()`; every operation below is one of the
    // module's `asm!` blocks on canonical inputs, whose outputs are canonical again.
    unsafe {
        let sqr = |a: &W| p256_adx::sqr_asm_form::<SHLD>(a);
        let delta = sqr(z);
        let gamma = sqr(y);
        let x_minus = sub(x, &delta);
        let x_plus = add(x, &delta);
        let beta = mul(x, &gamma);
        let t = mul(&x_minus, &x_plus);
        let gamma2 = sqr(&gamma);
        let z3 = mul(y, z);
        let alpha = add(&half(&t), &t);
        let beta2 = add(&beta, &beta);
        let x3 = sub(&sqr(&alpha), &beta2);
        let y3 = sub(&mul(&alpha, &sub(&beta, &x3)), &gamma2);
        [x3, y3, z3]
    }
}

/// P + Q for P = (X1 : Y1 : Z1) in Jacobian coordinates and Q = (x2, y2) affine
/// (canonical Montgomery words, any curve over the P-256 field): `madd-2004-hmv` (EFD;
/// 8M + 3S and 7 small operations), which is `madd-2007-bl` (7M + 4S and 14) scaled as
/// the doubling above: (X3/4 : Y3/8 : Z3/2). With H = x2·Z1² − X1 and R = y2·Z1³ − Y1:
/// X3' = R² − H³ − 2·X1·H², Y3' = R(X1·H² − X3') − Y1·H³, Z3' = Z1·H.
/// Returns the point, H and R; the point is P + Q only when H ≠ 0 (H = 0 is P = ±Q,
/// which the caller tells apart by R). None when [`p256_adx::available`] is false.
#[inline(always)]
pub fn madd(p: &[W; 3], q: &[W; 2]) -> Option<([W; 3], W, W)> {
    #[cfg(target_arch = "x86_64")]
    if p256_adx::available() {
        // SAFETY: `available()` was just checked.
        return Some(unsafe {
            if super::adx::shld_doubling() {
                madd_unchecked::<true>(p, q)
            } else {
                madd_unchecked::<false>(p, q)
            }
        });
    }
    let _ = (p, q);
    None
}

/// [`madd`] without the check, with the square's doubling form `SHLD`.
///
/// # Safety
/// Only where [`p256_adx::available`] returned true (BMI2 and ADX).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn madd_unchecked<const SHLD: bool>(p: &[W; 3], q: &[W; 2]) -> ([W; 3], W, W) {
    use p256_adx::{add_asm as add, mul_asm as mul, sub_asm as sub};
    let ([x1, y1, z1], [x2, y2]) = (p, q);
    // SAFETY: the caller checked `available()`; every operation below is one of the
    // module's `asm!` blocks on canonical inputs, whose outputs are canonical again.
    unsafe {
        let sqr = |a: &W| p256_adx::sqr_asm_form::<SHLD>(a);
        let z1z1 = sqr(z1);
        let z1z1z1 = mul(z1, &z1z1);
        let u2 = mul(x2, &z1z1);
        let s2 = mul(y2, &z1z1z1);
        let h = sub(&u2, x1);
        let r = sub(&s2, y1);
        let z3 = mul(z1, &h);
        let hh = sqr(&h);
        let hhh = mul(&h, &hh);
        let v = mul(x1, &hh);
        let rr = sqr(&r);
        let y1hhh = mul(y1, &hhh);
        let x3 = sub(&sub(&rr, &hhh), &add(&v, &v));
        let y3 = sub(&mul(&r, &sub(&v, &x3)), &y1hhh);
        ([x3, y3, z3], h, r)
    }
}
