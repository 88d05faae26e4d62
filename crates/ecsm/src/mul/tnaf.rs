//! τ-adic scalar multiplication on the Koblitz curves y² + xy = x³ + a2·x² + 1 over
//! GF(2^m), a2 ∈ {0, 1} (Solinas, "Efficient arithmetic on Koblitz curves", Designs, Codes
//! and Cryptography 19, 2000; Hankerson–Menezes–Vanstone, *Guide to Elliptic Curve
//! Cryptography* (HMV), §3.4).
//!
//! On these curves the Frobenius map τ(x, y) = (x², y²) is an endomorphism satisfying
//! τ² − μτ + 2 = 0 with μ = (−1)^(1−a2), so Z\[τ\] acts on the points and an integer k
//! can be rewritten as Σ u_i·τ^i with small digits u_i. \[k\]P is then evaluated with a
//! Frobenius (3S in López–Dahab coordinates) where double-and-add has a doubling
//! (3M + 5S on a Koblitz curve):
//!
//! 1. k is reduced modulo τ^m − 1 in Z\[τ\]: ρ = k − q·(τ^m − 1) with q the rounded
//!    quotient k/(τ^m − 1), so that ρ has norm below 1.13·N(τ^m − 1) = 1.13·#E and its
//!    expansion has about m digits whatever the size of k. The method rounds each
//!    coordinate by Barrett arithmetic on fixed-width words (`tnaf_int::reduce`,
//!    shared with `tnaf-ct`); [`reduce_scalar`] is HMV Alg. 3.61/3.62's exact rounding
//!    (norm at most 4/7·#E, one digit shorter at most), kept as the reference the tests
//!    compare with. Why τ^m − 1 and not δ = (τ^m − 1)/(τ − 1), see [`reduce_scalar`].
//! 2. ρ is recoded into its width-w τNAF (HMV Alg. 3.69): digits u_i ∈ {0, ±1, ±3, …,
//!    ±(2^(w−1) − 1)}, a nonzero u standing for ±α_u with α_u = u mods τ^w, and at most
//!    one nonzero digit in any w consecutive ones.
//! 3. The points α_u·P for the 2^(w−2) odd u are precomputed in λ-affine coordinates
//!    and \[ρ\]P is evaluated left to right, a Frobenius per digit and a mixed addition
//!    per nonzero digit (HMV Alg. 3.70), in λ-projective coordinates (seed 001: the
//!    mixed addition is 8M + 2S there, against 8M + 5S in López–Dahab coordinates, with
//!    a shorter dependency chain). The expansion is cut in two halves that share the
//!    Frobenius maps, the high half's table moved by τ^(m/2) ([`tnaf`]).
//!
//! Every constant (the Lucas sequence U_k, τ^m − 1, δ and the s0, s1 of HMV Alg. 3.62,
//! t_w and the α_u) is derived here from m and a2; `tests/heavy/tnaf.rs` checks them
//! against their defining relations and HMV Table 3.9.
//!
//! **Variable-time**: the recoding, the loop and the additions branch on the digits.
//!
//! The constants are derived once per curve with `num-bigint`; a multiplication runs on
//! fixed-width two's-complement words (`tnaf_int`): with `num-bigint`, the
//! reduction took 1.4 µs on K-233, against 12.9 µs for the whole method.

use super::binary::{check_param, BinaryMulError};
use super::tnaf_int::{reduce, with_width, words_for, Wide};
use crate::curve::binary::{Affine, BinaryCurve, CurveShape, Lambda, LambdaAffine};
use crate::field::batch::batch_invert_vartime;
use crate::field::{BinaryField, BinaryFieldTask, FieldMap};
use num_bigint::{BigInt, BigUint, Sign};
use std::sync::Mutex;

/// Smallest width of `tnaf:w=W`.
pub const TNAF_MIN_W: usize = 2;
/// Largest width of `tnaf:w=W`.
pub const TNAF_MAX_W: usize = 6;
/// The width of `tnaf` when a spec names none: the fastest measured on K-163 … K-409
/// since the expansion is cut in two (K-571 is 3 % faster at w = 5; see the README's
/// binary-curve section).
pub const TNAF_DEFAULT_W: usize = 4;

/// Why the method does not apply: it needs the Frobenius endomorphism.
pub const TNAF_NEEDS: &str = "needs a Koblitz curve (a6 = 1, a2 ∈ {0, 1})";

/// An element a + b·τ of Z\[τ\], τ² = μτ − 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZTau {
    /// The rational part a.
    pub a: BigInt,
    /// The coefficient b of τ.
    pub b: BigInt,
}

impl ZTau {
    /// a + b·τ from small integers.
    pub fn small(a: i64, b: i64) -> Self {
        ZTau {
            a: BigInt::from(a),
            b: BigInt::from(b),
        }
    }
    /// The product in Z\[τ\]: (a + bτ)(c + dτ) = (ac − 2bd) + (ad + bc + μbd)τ.
    pub fn mul(&self, o: &ZTau, mu: i8) -> ZTau {
        let bd = &self.b * &o.b;
        ZTau {
            a: &self.a * &o.a - 2 * &bd,
            b: &self.a * &o.b + &self.b * &o.a + i64::from(mu) * bd,
        }
    }
    /// The conjugate a + b·τ̄ = (a + μb) − bτ, with τ̄ = μ − τ the other root.
    pub fn conj(&self, mu: i8) -> ZTau {
        ZTau {
            a: &self.a + i64::from(mu) * &self.b,
            b: -&self.b,
        }
    }
    /// The norm N(a + bτ) = (a + bτ)(a + bτ̄) = a² + μab + 2b² (HMV eq. (3.25)).
    pub fn norm(&self, mu: i8) -> BigInt {
        &self.a * &self.a + i64::from(mu) * &self.a * &self.b + 2 * &self.b * &self.b
    }
}

/// μ = (−1)^(1−a2): 1 for a2 = 1, −1 for a2 = 0 (HMV §3.4).
pub fn mu_of(a2: u8) -> i8 {
    if a2 == 1 {
        1
    } else {
        -1
    }
}

/// The Lucas sequence U_0 = 0, U_1 = 1, U_(k+1) = μ·U_k − 2·U_(k−1) (HMV p. 117), up to
/// U_upto; with it τ^k = U_k·τ − 2·U_(k−1) for k ≥ 1.
pub fn lucas_u(mu: i8, upto: usize) -> Vec<BigInt> {
    let mut u = vec![BigInt::from(0), BigInt::from(1)];
    for k in 1..upto {
        let next = i64::from(mu) * &u[k] - 2 * &u[k - 1];
        u.push(next);
    }
    u.truncate(upto + 1);
    u
}

/// τ^k = U_k·τ − 2·U_(k−1) (τ^0 = 1).
pub fn tau_pow(mu: i8, k: usize) -> ZTau {
    if k == 0 {
        return ZTau::small(1, 0);
    }
    let u = lucas_u(mu, k);
    ZTau {
        a: -2 * &u[k - 1],
        b: u[k].clone(),
    }
}

/// ⌊x / d⌋ for d > 0.
pub(super) fn floor_div(x: &BigInt, d: &BigInt) -> BigInt {
    let (q, r) = (x / d, x % d);
    if r.sign() == Sign::Minus {
        q - 1
    } else {
        q
    }
}

/// HMV Alg. 3.61, rounding off in Z\[τ\]: for λ = λ0 + λ1·τ with λ_i = x_i/d (d > 0),
/// integers (q0, q1) with N(λ − q) ≤ 4/7 (HMV Thm. 3.60). With f_i = ⌊λ_i + 1/2⌋ and
/// η_i = λ_i − f_i = e_i/d, every comparison of the algorithm is made on the integers
/// e_i and d (e.g. η = 2η0 + μη1 ≥ 1 ⇔ 2e0 + μe1 ≥ d).
///
/// d = 0 gives (0, 0) rather than a division by zero, so that [`reduce_mod`] by γ = 0
/// (and [`reduce_scalar`] for m = 0, where τ^0 − 1 = 0) leaves k as it is, which is
/// k modulo the zero ideal.
pub fn round_ztau(mu: i8, x0: &BigInt, x1: &BigInt, d: &BigInt) -> (BigInt, BigInt) {
    if d.sign() == Sign::NoSign {
        return (BigInt::from(0), BigInt::from(0));
    }
    let two_d = 2 * d;
    let f0 = floor_div(&(2 * x0 + d), &two_d);
    let f1 = floor_div(&(2 * x1 + d), &two_d);
    let e0 = x0 - &f0 * d;
    let e1 = x1 - &f1 * d;
    let mu_e1 = i64::from(mu) * &e1;
    let eta = 2 * &e0 + &mu_e1;
    let minus_3 = &e0 - 3 * &mu_e1;
    let plus_4 = &e0 + 4 * &mu_e1;
    let neg_d = -d;
    let (mut h0, mut h1) = (0i64, 0i64);
    let mu = i64::from(mu);
    if eta >= *d {
        if minus_3 < neg_d {
            h1 = mu;
        } else {
            h0 = 1;
        }
    } else if plus_4 >= two_d {
        h1 = mu;
    }
    if eta < neg_d {
        if minus_3 >= *d {
            h1 = -mu;
        } else {
            h0 = -1;
        }
    } else if plus_4 < -&two_d {
        h1 = -mu;
    }
    (f0 + h0, f1 + h1)
}

/// k − ⌊k/γ⌉·γ for an integer k and γ ≠ 0 in Z\[τ\]: k/γ = k·γ̄/N(γ) rounded by
/// [`round_ztau`], so N(result) ≤ 4/7·N(γ). For γ = δ this is HMV Alg. 3.62 with
/// (s0, s1) = γ̄ (see [`partmod_delta`]).
pub fn reduce_mod(mu: i8, k: &BigInt, gamma: &ZTau) -> ZTau {
    let s = gamma.conj(mu);
    let n = gamma.norm(mu);
    let (q0, q1) = round_ztau(mu, &(k * &s.a), &(k * &s.b), &n);
    let qg = ZTau { a: q0, b: q1 }.mul(gamma, mu);
    ZTau {
        a: k - qg.a,
        b: -qg.b,
    }
}

/// x/y in Z\[τ\] when y divides x: x·ȳ/N(y).
fn exact_div(mu: i8, x: &ZTau, y: &ZTau) -> Option<ZTau> {
    let num = x.mul(&y.conj(mu), mu);
    let n = y.norm(mu);
    let zero = BigInt::from(0);
    if &num.a % &n != zero || &num.b % &n != zero {
        return None;
    }
    Some(ZTau {
        a: num.a / &n,
        b: num.b / n,
    })
}

/// δ = (τ^m − 1)/(τ − 1) (HMV §3.4.1), whose norm is #E/h = n, the order of the
/// prime-order subgroup of a Koblitz curve with prime n.
pub fn delta(m: usize, mu: i8) -> ZTau {
    let mut t = tau_pow(mu, m);
    t.a -= 1;
    exact_div(mu, &t, &ZTau::small(-1, 1)).expect("τ − 1 divides τ^m − 1")
}

/// The constants s0 = d0 + μ·d1, s1 = −d1 of HMV Alg. 3.62 for δ = d0 + d1·τ, i.e. δ̄.
pub fn delta_s(m: usize, a2: u8) -> (BigInt, BigInt) {
    let s = delta(m, mu_of(a2)).conj(mu_of(a2));
    (s.a, s.b)
}

/// k partmod δ (HMV Alg. 3.62): ρ ≡ k (mod δ) with N(ρ) ≤ 4/7·n. Correct for points of
/// the prime-order subgroup only (δ·P = O there); the method uses [`reduce_scalar`].
pub fn partmod_delta(m: usize, a2: u8, k: &BigInt) -> ZTau {
    let mu = mu_of(a2);
    reduce_mod(mu, k, &delta(m, mu))
}

/// t_w = 2·U_(w−1)·U_w^(−1) mod 2^w (HMV p. 123; U_w is odd): the image of τ under the
/// ring map φ_w: Z\[τ\] → Z/2^w whose kernel is τ^w·Z\[τ\], so that
/// t_w² − μ·t_w + 2 ≡ 0 (mod 2^w).
///
/// # Errors
/// [`BinaryMulError::BadParameter`] for w outside the τNAF widths
/// `TNAF_MIN_W..=TNAF_MAX_W`.
pub fn t_w(mu: i8, w: usize) -> Result<u64, BinaryMulError> {
    check_param("tnaf", "w", w, TNAF_MIN_W, TNAF_MAX_W)?;
    Ok(t_w_unchecked(mu, w))
}

/// [`t_w`] for a w already in range.
fn t_w_unchecked(mu: i8, w: usize) -> u64 {
    let u = lucas_u(mu, w);
    let modulus = BigInt::from(1u64 << w);
    let low = |x: &BigInt| -> u64 {
        let r = x % &modulus;
        let r = if r.sign() == Sign::Minus {
            r + &modulus
        } else {
            r
        };
        r.to_u64_digits().1.first().copied().unwrap_or(0)
    };
    let (uw, uw1) = (low(&u[w]), low(&u[w - 1]));
    // U_w^(−1) mod 2^w by Newton's iteration x ← x(2 − U_w·x), exact for odd U_w.
    let mut inv = 1u64;
    for _ in 0..6 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(uw.wrapping_mul(inv)));
    }
    (2 * uw1).wrapping_mul(inv) & ((1u64 << w) - 1)
}

/// α_u = u mods τ^w for u = 1, 3, …, 2^(w−1) − 1 (HMV Table 3.9): u reduced modulo τ^w
/// by [`reduce_mod`], the representative of smallest norm up to the rounding's 4/7.
///
/// # Errors
/// [`BinaryMulError::BadParameter`] for w outside `TNAF_MIN_W..=TNAF_MAX_W`.
pub fn alphas(mu: i8, w: usize) -> Result<Vec<ZTau>, BinaryMulError> {
    check_param("tnaf", "w", w, TNAF_MIN_W, TNAF_MAX_W)?;
    Ok(alphas_unchecked(mu, w))
}

/// [`alphas`] for a w already in range.
fn alphas_unchecked(mu: i8, w: usize) -> Vec<ZTau> {
    let tw = tau_pow(mu, w);
    (1..1i64 << (w - 1))
        .step_by(2)
        .map(|u| reduce_mod(mu, &BigInt::from(u), &tw))
        .collect()
}

/// The recoding constants of one width: t_w, α_u = β_u + γ_u·τ and τ̄^w as small
/// integers.
#[derive(Clone, Debug)]
pub(super) struct Window {
    pub(super) tw: u64,
    pub(super) alpha: Vec<(i64, i64)>,
    /// The τNAF (w = 2, digits ±1) of each α_u, for the table.
    expansion: Vec<Vec<i8>>,
    /// The next K digits of every residue modulo τ^j, j ≤ `LOOKAHEAD_BITS` ([`recode`]).
    look: Lookahead,
}

impl Window {
    /// The τNAF of each α_u (digits ±1), u = 1, 3, … in order.
    pub(super) fn expansion(&self) -> &[Vec<i8>] {
        &self.expansion
    }
}

/// How many low bits of ρ's image in Z/2^j one look-up of [`recode`] reads: j = 11, so
/// a window's table has 2^11 steps (48 KiB).
const LOOKAHEAD_BITS: usize = 11;

/// The width-w τNAF read K digits at a time ([`recode`]). K + w − 1 ≤ j bits of ρ's
/// image under φ_j: Z\[τ\] → Z/2^j (kernel τ^j·Z\[τ\], τ ↦ t_j, as [`t_w`] for w = j)
/// decide the next K digits, since each digit reads ρ modulo τ^w and a step divides
/// by τ once. Each entry of `steps` is the K digits of that residue and
/// δ = Σ_{i<K} u_i·τ^i, so that ρ becomes (ρ − δ)/τ^K.
#[derive(Clone, Debug)]
struct Lookahead {
    /// Digits per look-up, at most 8 (the bound of [`recode`]'s words needs τ̄^K's
    /// coefficients small).
    k: usize,
    /// j = K + w − 1.
    bits: usize,
    t: u64,
    /// τ̄^K = c + d·τ (τ̄ = μ − τ): ρ/τ^K = ρ·τ̄^K/2^K, since τ·τ̄ = 2.
    conj: (i64, i64),
    steps: Vec<Step>,
}

#[derive(Clone, Copy, Debug)]
struct Step {
    digits: [i8; 8],
    delta: (i64, i64),
}

impl Lookahead {
    fn new(mu: i8, w: usize, tw: u64, alpha: &[(i64, i64)]) -> Lookahead {
        let k = (LOOKAHEAD_BITS + 1 - w).min(8);
        let bits = k + w - 1;
        let conj = tau_pow(mu, k).conj(mu);
        let steps = (0..1i64 << bits)
            .map(|c| {
                let (mut rho, mut digits) = ((c, 0), [0i8; 8]);
                let (mut delta, mut pow) = ((0i64, 0i64), (1i64, 0i64));
                for d in digits.iter_mut().take(k) {
                    let (u, next) = tnaf_step(mu, w, tw, alpha, rho);
                    (*d, rho) = (u, next);
                    let (e0, e1) = signed_alpha(alpha, u);
                    // δ += u_i·τ^i, with u_i standing for ±α_|u_i|; τ^(i+1) = τ^i·τ.
                    delta = (
                        delta.0 + e0 * pow.0 - 2 * e1 * pow.1,
                        delta.1 + e0 * pow.1 + e1 * pow.0 + i64::from(mu) * e1 * pow.1,
                    );
                    pow = (-2 * pow.1, pow.0 + i64::from(mu) * pow.1);
                }
                Step { digits, delta }
            })
            .collect();
        Lookahead {
            k,
            bits,
            t: t_w_unchecked(mu, bits),
            conj: (small(&conj.a), small(&conj.b)),
            steps,
        }
    }
}

/// The element digit u stands for: sign(u)·α_|u| for u ≠ 0, 0 for u = 0.
fn signed_alpha(alpha: &[(i64, i64)], u: i8) -> (i64, i64) {
    if u == 0 {
        return (0, 0);
    }
    let (b, c) = alpha[(u.unsigned_abs() / 2) as usize];
    if u > 0 {
        (b, c)
    } else {
        (-b, -c)
    }
}

/// One step of HMV Alg. 3.69 on small ρ = r0 + r1·τ: the digit u (0 for even r0, else
/// (r0 + r1·t_w) mods 2^w, odd since t_w is even) and (ρ − u)/τ, where
/// ρ/τ = (r1 + μ·r0/2) − (r0/2)·τ (ττ̄ = 2).
fn tnaf_step(
    mu: i8,
    w: usize,
    tw: u64,
    alpha: &[(i64, i64)],
    (r0, r1): (i64, i64),
) -> (i8, (i64, i64)) {
    let u = if r0 & 1 == 0 {
        0
    } else {
        let v = (r0 as u64).wrapping_add((r1 as u64).wrapping_mul(tw)) & ((1u64 << w) - 1);
        if v >= 1 << (w - 1) {
            v as i64 - (1i64 << w)
        } else {
            v as i64
        }
    };
    let (e0, e1) = signed_alpha(alpha, u as i8);
    let (r0, r1) = (r0 - e0, r1 - e1);
    let h = r0 / 2;
    (u as i8, (r1 + i64::from(mu) * h, -h))
}

/// The constants of one Koblitz curve: τ^m − 1, its conjugate and norm, and the windows.
#[derive(Debug)]
pub(super) struct Constants {
    pub(super) m: usize,
    pub(super) a2: u8,
    pub(super) gamma: ZTau,
    pub(super) gamma_conj: ZTau,
    pub(super) gamma_norm: BigInt,
    /// N(τ^m − 1) = #E as little-endian words: \[#E\]P = O for every point of the curve.
    pub(super) order_words: Vec<u64>,
    windows: Vec<Window>,
}

fn small(x: &BigInt) -> i64 {
    Wide::<1>::from_big(x).expect("α_u is small").low() as i64
}

impl Constants {
    fn new(m: usize, a2: u8) -> Constants {
        let mu = mu_of(a2);
        let mut gamma = tau_pow(mu, m);
        gamma.a -= 1;
        let mut windows: Vec<Window> = Vec::new();
        for w in TNAF_MIN_W..=TNAF_MAX_W {
            let alpha: Vec<(i64, i64)> = alphas_unchecked(mu, w)
                .iter()
                .map(|z| (small(&z.a), small(&z.b)))
                .collect();
            let tw = t_w_unchecked(mu, w);
            windows.push(Window {
                tw,
                look: Lookahead::new(mu, w, tw, &alpha),
                alpha,
                expansion: Vec::new(),
            });
        }
        // The α_u's own expansions use the w = 2 window (α_1 = 1 only).
        let w2 = windows[0].clone();
        for win in &mut windows {
            win.expansion = win
                .alpha
                .iter()
                .map(|&rho| {
                    let (mut rho, mut e) = (rho, Vec::new());
                    while rho != (0, 0) {
                        let (u, next) = tnaf_step(mu, 2, w2.tw, &w2.alpha, rho);
                        e.push(u);
                        rho = next;
                    }
                    e
                })
                .collect();
        }
        let gamma_norm = gamma.norm(mu);
        Constants {
            m,
            a2,
            gamma_conj: gamma.conj(mu),
            order_words: gamma_norm.magnitude().to_u64_digits(),
            gamma_norm,
            gamma,
            windows,
        }
    }
    pub(super) fn window(&self, w: usize) -> &Window {
        &self.windows[w - TNAF_MIN_W]
    }
}

/// The constants of (m, a2), derived once (U_m takes m big-integer steps) and kept.
pub(super) fn constants(m: usize, a2: u8) -> &'static Constants {
    static CACHE: Mutex<Vec<&'static Constants>> = Mutex::new(Vec::new());
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(c) = cache.iter().find(|c| c.m == m && c.a2 == a2) {
        return c;
    }
    let c: &'static Constants = Box::leak(Box::new(Constants::new(m, a2)));
    cache.push(c);
    c
}

/// The scalar words as a big integer.
fn big_of_words(k: &[u64]) -> BigInt {
    let digits: Vec<u32> = k
        .iter()
        .flat_map(|&w| [w as u32, (w >> 32) as u32])
        .collect();
    BigInt::from_biguint(Sign::Plus, BigUint::new(digits))
}

/// ρ = k mod (τ^m − 1): HMV Alg. 3.62's rounded division with τ^m − 1 in place of δ,
/// N(ρ) ≤ 4/7·#E. Since τ^m fixes every point of E(GF(2^m)), (τ^m − 1)·P = O for
/// **every** point, so \[ρ\]P = \[k\]P on the whole curve, including the points of
/// order 2 and 4 and their sums with the subgroup. Reducing modulo δ instead (HMV's
/// choice, one or two digits shorter) is only right on the subgroup: τ fixes the point T
/// of order 2, so δ·T = \[m\]T = T for odd m, and k partmod δ would give the wrong
/// multiple of T. The scalar may have any length (the quotient grows, ρ does not).
pub fn reduce_scalar(m: usize, a2: u8, k: &[u64]) -> ZTau {
    let c = constants(m, a2);
    let mu = mu_of(c.a2);
    let k = big_of_words(k);
    let (q0, q1) = round_ztau(
        mu,
        &(&k * &c.gamma_conj.a),
        &(&k * &c.gamma_conj.b),
        &c.gamma_norm,
    );
    let qg = ZTau { a: q0, b: q1 }.mul(&c.gamma, mu);
    ZTau {
        a: k - qg.a,
        b: -qg.b,
    }
}

/// HMV Alg. 3.69: the width-w τNAF of r0 + r1·τ, least significant digit first. Digit
/// u ≠ 0 stands for sign(u)·α_|u|. Alg. 3.69 takes a digit per step ([`tnaf_step`]):
/// for odd r0, u = (r0 + r1·t_w) mods 2^w and ρ ← ρ − sign(u)·α_|u|, then ρ ← ρ/τ.
///
/// Here K digits come from one look-up ([`Lookahead`], K = 8 for w ≤ 4, 7 and 6 for
/// w = 5, 6): the next K digits depend only on ρ modulo τ^(K+w−1), whose image in
/// Z/2^(K+w−1) indexes a table made by running Alg. 3.69 on every residue; then
/// ρ ← (ρ − δ)/τ^K, four small products. There is no branch on the digits, where a
/// step per digit (or per zero digit, the w − 1 zeros after a nonzero one taken as one
/// division by τ^w) mispredicted about half its branches on the parity of r0: that
/// recoding took 9.5 % of K-233 `tnaf:w=4`'s `perf` samples, 4.4–6.1 % since (stop 55). The
/// digits are those of the step-by-step algorithm (`tests/heavy/tnaf.rs` runs it in big
/// integers and compares); the look-ups past its last nonzero digit add zeros, dropped
/// at the end.
///
/// The caller bounds |r0|, |r1| below 2^(64N − 8): the norm r0² + μr0r1 + 2r1² only
/// shrinks (up to the small α_u) as the loop runs, and it bounds the coefficients of ρ
/// by √(8/7) times its square root and those of ρ·τ̄^K by 2^(K/2) ≤ 16 times that, so no
/// result leaves the signed range of N words (the products inside [`div_tau_w`] may
/// wrap: the arithmetic is modulo 2^(64N)). The same bound lets the look-ups go on in
/// one word once both coefficients are below 2^[`NARROW_BITS`] (on K-233, about half
/// of them).
fn recode<const N: usize>(mu: i8, win: &Window, rho: (Wide<N>, Wide<N>)) -> Vec<i8> {
    let mut digits = Vec::with_capacity(64 * N + 16);
    let narrow = |r: &Wide<N>| Wide([r.low()]);
    if let Some((r0, r1)) = lookups::<N, true>(mu, &win.look, rho, &mut digits) {
        lookups::<1, false>(mu, &win.look, (narrow(&r0), narrow(&r1)), &mut digits);
    }
    while digits.last() == Some(&0) {
        digits.pop();
    }
    digits
}

/// A coefficient in [−2^55, 2^55) meets [`recode`]'s bound for one word (below
/// 2^(64 − 8)).
const NARROW_BITS: u32 = 55;

/// [`recode`]'s look-ups on M words, appending K digits each, until ρ = 0 (`None`) or,
/// with `STOP_NARROW`, until both coefficients fit one word (returned).
///
/// The next index is computed from the low words alone: the index reads bits K to
/// K + j − 1 of (ρ − δ)·τ̄^K's coefficients, and K + j ≤ 19 < 64, so the low word of each
/// product, taken modulo 2^64, holds them. The chain from one look-up to the next is
/// then a few one-word operations, and the full-width update runs beside it (with the
/// index read from the shifted full-width values, the chain went through the high
/// words' products).
#[inline(always)]
fn lookups<const M: usize, const STOP_NARROW: bool>(
    mu: i8,
    look: &Lookahead,
    (mut r0, mut r1): (Wide<M>, Wide<M>),
    digits: &mut Vec<i8>,
) -> Option<(Wide<M>, Wide<M>)> {
    let mask = (1u64 << look.bits) - 1;
    let (c, d) = (look.conj.0 as u64, look.conj.1 as u64);
    let mut index = r0.low().wrapping_add(r1.low().wrapping_mul(look.t)) & mask;
    loop {
        if r0.is_zero() && r1.is_zero() {
            return None;
        }
        if STOP_NARROW && r0.fits_i64_below(NARROW_BITS) && r1.fits_i64_below(NARROW_BITS) {
            return Some((r0, r1));
        }
        let step = &look.steps[index as usize];
        // All eight then cut back to K: a copy of a length known at compile time, where
        // `[..K]` went through `memcpy` (4 % of K-233 `tnaf:w=4`'s `perf` samples).
        let len = digits.len();
        digits.extend_from_slice(&step.digits);
        digits.truncate(len + look.k);
        let (l0, l1) = (
            r0.low().wrapping_sub(step.delta.0 as u64),
            r1.low().wrapping_sub(step.delta.1 as u64),
        );
        // [`div_tau_w`]'s two coefficients, low words only.
        let l1d = l1.wrapping_mul(d);
        let a = l0.wrapping_mul(c).wrapping_sub(l1d.wrapping_add(l1d));
        let b = l0.wrapping_mul(d).wrapping_add(l1.wrapping_mul(c));
        let b = if mu == 1 {
            b.wrapping_add(l1d)
        } else {
            b.wrapping_sub(l1d)
        };
        index = ((a >> look.k).wrapping_add((b >> look.k).wrapping_mul(look.t))) & mask;
        r0 = r0.sub(&Wide::from_i64(step.delta.0));
        r1 = r1.sub(&Wide::from_i64(step.delta.1));
        (r0, r1) = div_tau_w(mu, look.k, look.conj, &r0, &r1);
    }
}

/// ρ/τ^w for ρ = r0 + r1·τ ≡ 0 mod τ^w: ρ·τ̄^w = (r0 + r1τ)(c + dτ) =
/// (r0c − 2r1d) + (r0d + r1c + μr1d)τ (τ² = μτ − 2), whose coefficients are multiples
/// of 2^w = (ττ̄)^w, shifted right by w.
#[inline(always)]
fn div_tau_w<const N: usize>(
    mu: i8,
    w: usize,
    (c, d): (i64, i64),
    r0: &Wide<N>,
    r1: &Wide<N>,
) -> (Wide<N>, Wide<N>) {
    let (c, d) = (Wide::from_i64(c), Wide::from_i64(d));
    let r1d = r1.mul_low(&d);
    let a = r0.mul_low(&c).sub(&r1d.add(&r1d));
    let b = r0.mul_low(&d).add(&r1.mul_low(&c));
    let b = if mu == 1 { b.add(&r1d) } else { b.sub(&r1d) };
    (a.shr(w), b.shr(w))
}

/// [`recode`] at the width of `words` words; `None` when ρ does not fit.
fn recode_in(mu: i8, win: &Window, rho: &ZTau, words: usize) -> Option<Vec<i8>> {
    with_width!(
        words,
        |N| {
            // `recode`'s bound on the coefficients.
            if rho.a.bits().max(rho.b.bits()) > (64 * N - 8) as u64 {
                return None;
            }
            let r0 = Wide::<N>::from_big(&rho.a)?;
            let r1 = Wide::<N>::from_big(&rho.b)?;
            Some(recode(mu, win, (r0, r1)))
        },
        None
    )
}

/// The width-w τNAF of ρ (HMV Alg. 3.69) on the curve of degree m with this a2, least
/// significant digit first; a digit u ≠ 0 stands for sign(u)·α_|u| ([`alphas`]). `None`
/// for a width outside 2..=6 or a ρ too large for the loop's fixed width (a coefficient
/// of 64·N − 8 bits or more, N = ⌈(m/2 + 11)/64⌉ words; every ρ that [`reduce_scalar`]
/// returns fits).
pub fn tnaf_digits(m: usize, a2: u8, w: usize, rho: &ZTau) -> Option<Vec<i8>> {
    if !(TNAF_MIN_W..=TNAF_MAX_W).contains(&w) {
        return None;
    }
    let c = constants(m, a2);
    recode_in(mu_of(a2), c.window(w), rho, words_for(m)?)
}

/// The digits `tnaf:w=W` evaluates for k on the curve of degree m with this a2: k
/// reduced by the method's fixed-width rounding, then recoded (HMV Alg. 3.69), least
/// significant first. `None` for a width outside 2..=6 or a degree past the fixed width.
pub fn tnaf_scalar_digits(m: usize, a2: u8, w: usize, k: &[u64]) -> Option<Vec<i8>> {
    if !(TNAF_MIN_W..=TNAF_MAX_W).contains(&w) {
        return None;
    }
    scalar_digits(constants(m, a2), w, k)
}

/// [`tnaf_scalar_digits`] with the curve's constants at hand; w must be in range.
pub(super) fn scalar_digits(c: &Constants, w: usize, k: &[u64]) -> Option<Vec<i8>> {
    let mu = mu_of(c.a2);
    with_width!(
        words_for(c.m)?,
        |N| Some(recode::<N>(mu, c.window(w), reduce::<N>(c, k))),
        None
    )
}

/// a2 ∈ {0, 1} when the curve is a Koblitz curve (a6 = 1 and a2 ∈ {0, 1}, read from the
/// constants themselves, whatever the shape type says), else `None`.
pub fn koblitz_a2<F: BinaryField, S: CurveShape>(curve: &BinaryCurve<F, S>) -> Option<u8> {
    if curve.a6() != F::one() {
        return None;
    }
    if curve.a2().is_zero() {
        Some(0)
    } else if curve.a2() == F::one() {
        Some(1)
    } else {
        None
    }
}

/// a2 and the width in words of the recodings ([`words_for`]) on a Koblitz curve of a
/// degree that width covers, else `method`'s [`BinaryMulError::NotApplicable`].
pub(super) fn koblitz_setup<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    method: &'static str,
) -> Result<(u8, usize), BinaryMulError> {
    match (koblitz_a2(curve), words_for(F::DEGREE)) {
        (Some(a2), Some(words)) => Ok((a2, words)),
        _ => Err(BinaryMulError::NotApplicable {
            method,
            reason: TNAF_NEEDS,
        }),
    }
}

/// τ on affine points: (x, y) ↦ (x², y²). Cost 2S.
#[inline]
fn frob_affine<F: BinaryField>(p: &Affine<F>) -> Affine<F> {
    match *p {
        Affine::Infinity => Affine::Infinity,
        Affine::Point { x, y } => Affine::new(x.square(), y.square()),
    }
}

/// α_u·P for the window's odd u, as λ-affine points (seed 001's (x, λ = x + y/x)). Each
/// α_u is Σ ±τ^j over its τNAF (one or two nonzero digits for w ≤ 6, HMV Table 3.9): the
/// τ^j·P are affine squarings (2S each). A single term (x, y) is (x², x² + y, x) in
/// λ-projective coordinates (1S), two terms are added straight into them
/// ([`BinaryCurve::affine_add_to_lambda`], 7M + 3S), and three or more by mixed
/// additions in LD (8M + 5S each) from the top term, then taken to λ-projective
/// (1M + 1S). Every entry goes to λ-affine with one inversion
/// ([`batch_invert_vartime`], 3M per point) and 2M per point. O and T (P of small order)
/// stay what they are. Variable-time: P is public.
pub(super) fn alpha_table<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    p: &Affine<F>,
    win: &Window,
) -> Vec<LambdaAffine<F>> {
    let longest = win.expansion.iter().map(Vec::len).max().unwrap_or(1);
    let mut pows = Vec::with_capacity(longest);
    pows.push(*p);
    for j in 1..longest {
        let next = frob_affine(&pows[j - 1]);
        pows.push(next);
    }
    let projective: Vec<Lambda<F>> = win
        .expansion
        .iter()
        .map(|e| {
            let mut terms = e
                .iter()
                .enumerate()
                .rev()
                .filter(|&(_, &d)| d != 0)
                .map(|(j, &d)| if d > 0 { pows[j] } else { pows[j].neg() });
            let first = terms.next().unwrap_or(Affine::Infinity);
            let Some(second) = terms.next() else {
                return curve.affine_to_lambda(&first);
            };
            let Some(third) = terms.next() else {
                return curve.affine_add_to_lambda(&first, &second);
            };
            let mut acc = curve.ld_mixed_add(&curve.affine_to_ld(&first), &second);
            for t in std::iter::once(third).chain(terms) {
                acc = curve.ld_mixed_add(&acc, &t);
            }
            curve.ld_to_lambda(&acc)
        })
        .collect();
    let mut zs: Vec<F> = projective
        .iter()
        .filter(|q| !q.z.is_zero())
        .map(|q| q.z)
        .collect();
    if batch_invert_vartime(&mut zs).is_err() {
        unreachable!("the zero Z were left out");
    }
    let mut inv = zs.into_iter();
    projective
        .iter()
        .map(|q| match q.z.is_zero() {
            true if q.x.is_zero() => LambdaAffine::TwoTorsion,
            true => LambdaAffine::Infinity,
            false => {
                let iz = inv.next().unwrap_or_else(F::zero);
                LambdaAffine::Point {
                    x: q.x * iz,
                    l: q.l * iz,
                }
            }
        })
        .collect()
}

/// Frobenius in λ-projective coordinates: (x, λ) ↦ (x², λ²), so (X, L, Z) ↦ (X², L², Z²).
/// Cost 3S; O = (1, 1, 0) and T = (0, 1, 0) stay where they are.
#[inline(always)]
pub(super) fn frob_lambda<F: BinaryField>(q: &Lambda<F>) -> Lambda<F> {
    let (x, l) = F::square_pair(&q.x, &q.l);
    Lambda {
        x,
        l,
        z: q.z.square(),
    }
}

/// The entry of digit d ≠ 0: α_|d|·P, negated for d < 0.
fn signed_entry<F: BinaryField>(table: &[LambdaAffine<F>], d: i8) -> LambdaAffine<F> {
    let e = table[(d.unsigned_abs() / 2) as usize];
    if d < 0 {
        e.neg()
    } else {
        e
    }
}

/// \[k\]P by the width-w τNAF (HMV Alg. 3.70) on a Koblitz curve: k reduced modulo
/// τ^m − 1 (right for every point of the curve), recoded ([`tnaf_scalar_digits`]), the
/// 2^(w−2) points α_u·P precomputed in λ-affine coordinates (`alpha_table`), then
/// evaluated from the top in λ-projective coordinates and converted to affine once.
///
/// The expansion is cut at digit h = [`BinaryField::FROBENIUS_CUT`] (⌈(m + 1)/2⌉, or
/// (m − 1)/2 where the inversion keeps a table for that run, as on GF(2^233)):
/// Σ u_i·τ^i(P_i) = Σ_{i<h} u_i·τ^i(P_i) + Σ_{i<h} u_(i+h)·τ^i(τ^h(P_(i+h))), and
/// τ^h of the table is 2 table walks per entry (c ↦ c^(2^h) is linear; seed 001,
/// "Multisquaring"). The two halves then share one loop of about m/2 Frobenius maps
/// (3S each) with a mixed addition per nonzero digit of either, where evaluating the
/// whole expansion takes m Frobenius maps: 3m/2 squarings fewer for 2t walks
/// (measured on K-233, `tnaf:w=4`: 7.35 → 6.75 µs; see the README).
///
/// Cost **(n − 1)·3S + (wt − 1)·(8M + 2S) + I + 3M + table + 2t·W_h**, with len ≈ m + 1
/// digits, n = max(h, len − h), wt ≈ len/(w + 1) of them nonzero (HMV §3.4.2), t =
/// 2^(w−2) entries and W_h a walk (counted as h squarings by `ecsm count`). The table
/// costs I + 5tM to reach λ-affine, 2S per power of τ, and per entry 1S (one term),
/// 7M + 3S (two terms) or (j − 1)·(8M + 5S) + 1M + 1S (j ≥ 3 terms).
/// Variable-time. Errors: [`BinaryMulError::BadParameter`] for w outside 2..=6,
/// [`BinaryMulError::NotApplicable`] on a curve that is not a Koblitz curve (or of a
/// degree past the recoding's fixed width, about 900).
pub fn tnaf<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    k: &[u64],
    p: &Affine<F>,
    w: usize,
) -> Result<Affine<F>, BinaryMulError> {
    let Some((c, digits)) = checked_digits(curve, k, p.is_infinity(), w, "tnaf")? else {
        return Ok(Affine::Infinity);
    };
    let win = c.window(w);
    let h = F::FROBENIUS_CUT;
    let (lo, hi) = digits.split_at(h.min(digits.len()));
    let table = alpha_table(curve, p, win);
    let table_hi: Vec<LambdaAffine<F>> = if hi.is_empty() {
        Vec::new()
    } else {
        table.iter().map(|e| frob_lambda_affine_pow(e, h)).collect()
    };
    let q = F::run_task(TnafLoop {
        curve,
        table: &table,
        table_hi: &table_hi,
        lo,
        hi,
    });
    Ok(q.map_or(Affine::Infinity, |v| curve.lambda_to_affine(&v)))
}

/// What `tnaf` and `tnaf-rl` check and recode first: w in 2..=6 and a Koblitz curve
/// (else `method`'s typed error), then the constants of the curve and the width-w τNAF
/// of k reduced modulo τ^m − 1; `None` where \[k\]P = O whatever the rest (P = O, as
/// `at_infinity` says, k = 0, or k ≡ 0 modulo τ^m − 1, which kills every point).
pub(super) fn checked_digits<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    k: &[u64],
    at_infinity: bool,
    w: usize,
    method: &'static str,
) -> Result<Option<(&'static Constants, Vec<i8>)>, BinaryMulError> {
    check_param(method, "w", w, TNAF_MIN_W, TNAF_MAX_W)?;
    let (a2, _) = koblitz_setup(curve, method)?;
    if at_infinity || k.iter().all(|&x| x == 0) {
        return Ok(None);
    }
    let c = constants(F::DEGREE, a2);
    let Some(digits) = scalar_digits(c, w, k) else {
        unreachable!("w and the degree were checked above");
    };
    Ok((!digits.is_empty()).then_some((c, digits)))
}

/// The main loop of [`tnaf`] as one [`BinaryField::run_task`], compiled inside the
/// backend's feature context (as `LadderLoop` in [`super::binary`] and `TnafCtLoop`): on
/// `vpclmul` the mixed additions' paired products are AVX2 code, which stays a call of
/// each intrinsic outside that context (K-233 `tnaf:w=4` took 114 µs in a default build
/// with the loop left in `tnaf`). The two halves of the expansion share the loop; the
/// result is `None` for O.
struct TnafLoop<'a, F, S> {
    curve: &'a BinaryCurve<F, S>,
    table: &'a [LambdaAffine<F>],
    table_hi: &'a [LambdaAffine<F>],
    lo: &'a [i8],
    hi: &'a [i8],
}

impl<F: BinaryField, S: CurveShape> BinaryFieldTask<F> for TnafLoop<'_, F, S> {
    type Output = Option<Lambda<F>>;
    #[inline(always)]
    fn pairs(&self) -> bool {
        true
    }
    #[inline(always)]
    fn run<G: BinaryField, M: FieldMap<F, G>>(self, map: M) -> Self::Output {
        let to = |f: F| map.to(f);
        let curve = self.curve.map_field(to);
        let table: Vec<LambdaAffine<G>> = self.table.iter().map(|e| e.map(to)).collect();
        let table_hi: Vec<LambdaAffine<G>> = self.table_hi.iter().map(|e| e.map(to)).collect();
        let (lo, hi) = (self.lo, self.hi);
        let tables = [&table_hi[..], &table[..]];
        let q = match evaluate::<G, S, false>(&curve, tables, [hi, lo]) {
            Ok(q) => q,
            Err(Exceptional) => match evaluate::<G, S, true>(&curve, tables, [hi, lo]) {
                Ok(q) => q,
                Err(Exceptional) => unreachable!("the general additions handle every case"),
            },
        };
        q.map(|v| v.map(|g| map.back(g)))
    }
}

/// An addition of [`evaluate`]'s fast pass met a case its formula does not cover.
pub(super) struct Exceptional;

/// Σ_{i} τ^i(u_(hi,i)·P_hi + u_(lo,i)·P_lo) from the top position down, `None` for O:
/// the loop of [`TnafLoop`].
///
/// The fast pass (`GENERAL` false) adds by the bare formula
/// ([`BinaryCurve::lambda_mixed_add_core`]) and gives up on an accumulator at O or T, an
/// entry that is not a finite point or a sum of ±Q (f = 0), which only P of small order
/// or a multiple of P equal to ± an entry can bring. The general pass
/// (`GENERAL` true, run then) takes [`BinaryCurve::lambda_mixed_add`]'s special cases.
/// The fast pass has no call in its loop, where the special cases had been called out
/// of line from it; K-233 `tnaf:w=4` took 0.94 of the time with it (`farm-bench`, 6
/// pairs, one pair of builds, whose placement alone can move such a figure by a few per
/// cent; stop 55). The stores and loads between the additions and the Frobenius maps
/// that `perf annotate` shows come from the pair code's lane conversions, and stayed.
#[inline(always)]
fn evaluate<G: BinaryField, S: CurveShape, const GENERAL: bool>(
    curve: &BinaryCurve<G, S>,
    tables: [&[LambdaAffine<G>]; 2],
    halves: [&[i8]; 2],
) -> Result<Option<Lambda<G>>, Exceptional> {
    let digit = |s: &[i8], i: usize| s.get(i).copied().unwrap_or(0);
    let len = halves[0].len().max(halves[1].len());
    // The top position with a nonzero digit in either half starts the accumulator.
    let Some(top) = (0..len)
        .rev()
        .find(|&i| halves.iter().any(|h| digit(h, i) != 0))
    else {
        return Ok(None);
    };
    let mut first: Option<Lambda<G>> = None;
    for (half, table) in halves.iter().zip(tables) {
        let d = digit(half, top);
        if d != 0 {
            let e = signed_entry(table, d);
            first = Some(match first {
                None => curve.lambda_affine_to_lambda(&e),
                Some(v) => mixed_add::<G, S, GENERAL>(curve, &v, &e)?,
            });
        }
    }
    let Some(mut q) = first else {
        return Ok(None);
    };
    for i in (0..top).rev() {
        q = frob_lambda(&q);
        for (half, table) in halves.iter().zip(tables) {
            let d = digit(half, i);
            if d != 0 {
                q = mixed_add::<G, S, GENERAL>(curve, &q, &signed_entry(table, d))?;
            }
        }
    }
    Ok(Some(q))
}

/// One addition of [`evaluate`].
#[inline(always)]
pub(super) fn mixed_add<G: BinaryField, S: CurveShape, const GENERAL: bool>(
    curve: &BinaryCurve<G, S>,
    q: &Lambda<G>,
    e: &LambdaAffine<G>,
) -> Result<Lambda<G>, Exceptional> {
    if GENERAL {
        return Ok(curve.lambda_mixed_add(q, e));
    }
    let LambdaAffine::Point { x, l } = *e else {
        return Err(Exceptional);
    };
    if q.z.is_zero() {
        return Err(Exceptional);
    }
    let (sum, f, _) = curve.lambda_mixed_add_core(q, x, l);
    if f.is_zero() {
        return Err(Exceptional);
    }
    Ok(sum)
}

/// The natural digit position h = ⌈(m + 1)/2⌉ where [`tnaf`] cuts the expansion of a
/// curve of degree m in two, the default of [`BinaryField::FROBENIUS_CUT`]. Every field
/// GF(2^m) keeps a multi-squaring table for its own cut c ↦ c^(2^h)
/// ([`crate::field::gf2m`]), which takes the table of the high half to τ^h.
pub const fn frobenius_split(m: usize) -> usize {
    (m + 1).div_ceil(2)
}

/// τ^h on a λ-affine point: (x, λ) ↦ (x^(2^h), λ^(2^h)), by the field's table walks
/// ([`BinaryField::multi_square`]). O and T stay where they are.
pub(super) fn frob_lambda_affine_pow<F: BinaryField>(
    e: &LambdaAffine<F>,
    h: usize,
) -> LambdaAffine<F> {
    match *e {
        LambdaAffine::Point { x, l } => LambdaAffine::Point {
            x: x.multi_square(h),
            l: l.multi_square(h),
        },
        other => other,
    }
}
