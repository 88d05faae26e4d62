//! Jacobian point formulas on the four-word assembly fields ([`super::p256_adx`] and
//! [`super::k256_adx`]): the doubling of the P-256 curves (a = −3), the doubling of
//! secp256k1 (a = 0) and the mixed addition of both, the CPU checked once per point
//! operation instead of once per field operation.
//!
//! # The formulas
//! Each returns the generic formula's point scaled by λ = 1/2, (λ²X3 : λ³Y3 : λZ3) =
//! (X3/4 : Y3/8 : Z3/2), the same point, which needs fewer small operations (sums,
//! differences, doublings of field elements):
//! - **a = −3**, against `dbl-2001-b` (EFD; 3M + 5S and 16): with δ = Z², γ = Y²,
//!   β = X·γ and α' = α/2 = (3/2)(X − δ)(X + δ): X3' = α'² − 2β, Y3' = α'(β − X3') − γ²,
//!   Z3' = Y·Z, since X3/4 = (α/2)² − 2β, Y3/8 = (α/2)(4β − X3)/4 − γ² and Z3/2 =
//!   ((Y + Z)² − γ − δ)/2 = YZ. 4M + 4S and 8 (one halving: α' = t/2 + t).
//! - **a = 0**, against the library's `dbl-2009-l` with D = 4XB as one product (3M + 4S
//!   and 12): with A = X², B = Y², C = B², β = X·B and E' = E/2 = 3A/2:
//!   X3' = E'² − 2β, Y3' = E'(β − X3') − C, Z3' = Y·Z. 3M + 4S and 6.
//! - **The mixed addition** is `madd-2004-hmv` (8M + 3S and 7), which is `madd-2007-bl`
//!   (7M + 4S and 14) scaled the same way (see [`madd_p256`]).
//!
//! The doublings are bound by the core's throughput rather than their dependency chains
//! (two interleaved take 1.8 times one), so the instructions saved count more than a
//! square turned into a product. Stand-alone on the Zen 4 of stop 54 (P-256, pinned,
//! best of 9 runs of 2·10^5 dependent doublings): 132 ns a doubling through the field's
//! checked operations, 125 with the checks hoisted, 119 with the scaled formula and
//! 115–117 in the order below, where the products that do not wait for α' come first.
//!
//! The cost model ([`crate::cost::Counted`]) counts the generic formulas, which every
//! other field and the portable backend run; the tests hold these to them, value for
//! value after the scaling (`tests/suite/prime_adx.rs`).

use super::{k256_adx, p256_adx};

/// Four words of a field element as the field stores it.
type W = [u64; 4];

/// The unchecked `asm!` blocks of one four-word field.
#[cfg(target_arch = "x86_64")]
trait Asm {
    /// # Safety
    /// Only where `adx::available()` returned true, as for all of these.
    unsafe fn mul(a: &W, b: &W) -> W;
    /// The square in the doubling form `SHLD`.
    unsafe fn sqr<const SHLD: bool>(a: &W) -> W;
    unsafe fn add(a: &W, b: &W) -> W;
    unsafe fn sub(a: &W, b: &W) -> W;
    unsafe fn half(a: &W) -> W;
}

/// Implements [`Asm`] for a marker type with a module's `*_asm` functions.
macro_rules! asm_ops {
    ($name:ident, $m:ident) => {
        #[cfg(target_arch = "x86_64")]
        struct $name;
        #[cfg(target_arch = "x86_64")]
        impl Asm for $name {
            #[inline(always)]
            unsafe fn mul(a: &W, b: &W) -> W {
                // SAFETY: the caller checked `available()`.
                unsafe { $m::mul_asm(a, b) }
            }
            #[inline(always)]
            unsafe fn sqr<const SHLD: bool>(a: &W) -> W {
                // SAFETY: the caller checked `available()`.
                unsafe { $m::sqr_asm_form::<SHLD>(a) }
            }
            #[inline(always)]
            unsafe fn add(a: &W, b: &W) -> W {
                // SAFETY: the caller checked `available()`.
                unsafe { $m::add_asm(a, b) }
            }
            #[inline(always)]
            unsafe fn sub(a: &W, b: &W) -> W {
                // SAFETY: the caller checked `available()`.
                unsafe { $m::sub_asm(a, b) }
            }
            #[inline(always)]
            unsafe fn half(a: &W) -> W {
                // SAFETY: the caller checked `available()`.
                unsafe { $m::half_asm(a) }
            }
        }
    };
}
asm_ops!(P256, p256_adx);
asm_ops!(K256, k256_adx);

/// `$f::<ops, SHLD>(args)` with the square's doubling form of this CPU, or None when
/// the assembly is off.
macro_rules! dispatch {
    ($f:ident, $ops:ident, $($arg:expr),*) => {{
        #[cfg(target_arch = "x86_64")]
        if p256_adx::available() {
            // SAFETY: `available()` was just checked.
            return Some(unsafe {
                if super::adx::shld_doubling() {
                    $f::<$ops, true>($($arg),*)
                } else {
                    $f::<$ops, false>($($arg),*)
                }
            });
        }
        let _ = ($($arg),*);
        None
    }};
}

/// 2P for P = (X : Y : Z) (canonical Montgomery words, any curve y² = x³ − 3x + b over
/// the P-256 field), as (X3/4 : Y3/8 : Z3/2) of `dbl-2001-b` (module documentation), or
/// None when [`p256_adx::available`] is false. Z = 0 or Y = 0 gives Z3' = 0: O.
///
/// Inlined: called out of line, its result went back through memory, and the caller's
/// wide (AVX) loads of the 8-byte stores just made could not be forwarded (`perf
/// annotate` put 28 % of the caller's samples on one such load).
#[inline(always)]
pub fn double_a3_p256(p: &[W; 3]) -> Option<[W; 3]> {
    dispatch!(double_a3, P256, p)
}

/// 2P for P = (X : Y : Z) (plain words, any curve y² = x³ + b over the secp256k1 field),
/// as (X3/4 : Y3/8 : Z3/2) of the generic a = 0 doubling (module documentation), or None
/// when [`k256_adx::available`] is false.
#[inline(always)]
pub fn double_a0_k256(p: &[W; 3]) -> Option<[W; 3]> {
    dispatch!(double_a0, K256, p)
}

/// P + Q for P = (X1 : Y1 : Z1) in Jacobian coordinates and Q = (x2, y2) affine
/// (canonical Montgomery words, any curve over the P-256 field): `madd-2004-hmv` (EFD;
/// 8M + 3S and 7 small operations), which is `madd-2007-bl` (7M + 4S and 14) scaled as
/// the doublings: (X3/4 : Y3/8 : Z3/2). With H = x2·Z1² − X1 and R = y2·Z1³ − Y1:
/// X3' = R² − H³ − 2·X1·H², Y3' = R(X1·H² − X3') − Y1·H³, Z3' = Z1·H.
/// Returns the point, H and R; the point is P + Q only when H ≠ 0 (H = 0 is P = ±Q,
/// which the caller tells apart by R). None when [`p256_adx::available`] is false.
#[inline(always)]
pub fn madd_p256(p: &[W; 3], q: &[W; 2]) -> Option<([W; 3], W, W)> {
    dispatch!(madd, P256, p, q)
}

/// [`madd_p256`] on the secp256k1 field (plain words).
#[inline(always)]
pub fn madd_k256(p: &[W; 3], q: &[W; 2]) -> Option<([W; 3], W, W)> {
    dispatch!(madd, K256, p, q)
}

/// [`double_a3_p256`] without the check.
///
/// # Safety
/// Only where `adx::available()` returned true (BMI2 and ADX).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn double_a3<O: Asm, const SHLD: bool>(p: &[W; 3]) -> [W; 3] {
    let [x, y, z] = p;
    // SAFETY: the caller checked `available()`; every operation below is one of the
    // field's `asm!` blocks on canonical inputs, whose outputs are canonical again.
    unsafe {
        let delta = O::sqr::<SHLD>(z);
        let gamma = O::sqr::<SHLD>(y);
        let x_minus = O::sub(x, &delta);
        let x_plus = O::add(x, &delta);
        let beta = O::mul(x, &gamma);
        let t = O::mul(&x_minus, &x_plus);
        let gamma2 = O::sqr::<SHLD>(&gamma);
        let z3 = O::mul(y, z);
        let alpha = O::add(&O::half(&t), &t);
        let beta2 = O::add(&beta, &beta);
        let x3 = O::sub(&O::sqr::<SHLD>(&alpha), &beta2);
        let y3 = O::sub(&O::mul(&alpha, &O::sub(&beta, &x3)), &gamma2);
        [x3, y3, z3]
    }
}

/// [`double_a0_k256`] without the check.
///
/// # Safety
/// Only where `adx::available()` returned true (BMI2 and ADX).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn double_a0<O: Asm, const SHLD: bool>(p: &[W; 3]) -> [W; 3] {
    let [x, y, z] = p;
    // SAFETY: the caller checked `available()`; every operation below is one of the
    // field's `asm!` blocks on canonical inputs, whose outputs are canonical again.
    unsafe {
        let a = O::sqr::<SHLD>(x);
        let b = O::sqr::<SHLD>(y);
        let beta = O::mul(x, &b);
        let c = O::sqr::<SHLD>(&b);
        let z3 = O::mul(y, z);
        let e = O::add(&O::half(&a), &a);
        let beta2 = O::add(&beta, &beta);
        let x3 = O::sub(&O::sqr::<SHLD>(&e), &beta2);
        let y3 = O::sub(&O::mul(&e, &O::sub(&beta, &x3)), &c);
        [x3, y3, z3]
    }
}

/// [`madd_p256`] and [`madd_k256`] without the check.
///
/// # Safety
/// Only where `adx::available()` returned true (BMI2 and ADX).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn madd<O: Asm, const SHLD: bool>(p: &[W; 3], q: &[W; 2]) -> ([W; 3], W, W) {
    let ([x1, y1, z1], [x2, y2]) = (p, q);
    // SAFETY: the caller checked `available()`; every operation below is one of the
    // field's `asm!` blocks on canonical inputs, whose outputs are canonical again.
    unsafe {
        let z1z1 = O::sqr::<SHLD>(z1);
        let z1z1z1 = O::mul(z1, &z1z1);
        let u2 = O::mul(x2, &z1z1);
        let s2 = O::mul(y2, &z1z1z1);
        let h = O::sub(&u2, x1);
        let r = O::sub(&s2, y1);
        let z3 = O::mul(z1, &h);
        let hh = O::sqr::<SHLD>(&h);
        let hhh = O::mul(&h, &hh);
        let v = O::mul(x1, &hh);
        let rr = O::sqr::<SHLD>(&r);
        let y1hhh = O::mul(y1, &hhh);
        let x3 = O::sub(&O::sub(&rr, &hhh), &O::add(&v, &v));
        let y3 = O::sub(&O::mul(&r, &O::sub(&v, &x3)), &y1hhh);
        ([x3, y3, z3], h, r)
    }
}
