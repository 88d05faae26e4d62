//! `tnaf-ct:w=W`: constant-time τ-adic multiplication on the Koblitz curves, for ECDH.
//!
//! The same ring as [`super::tnaf`] (τ² − μτ + 2 = 0, τ^m − 1 kills every point), with
//! every step made independent of the scalar's value:
//!
//! 1. **Reduction** (`tnaf_int::reduce`, shared with `tnaf`): ρ = k − q·γ for
//!    γ = τ^m − 1 and q = (q0, q1) the coordinates of k·γ̄/N(γ) rounded by Barrett
//!    arithmetic: q_i = ⌊(k·R_i + 2^(L−1))/2^L⌋
//!    with R_i = round(2^L·s_i/N(γ)) and γ̄ = s0 + s1·τ, L = 64·(words of k) + 5, so that
//!    |q_i − k·s_i/N(γ)| ≤ 1/2 + 1/32. The products are schoolbook over the scalar's
//!    word count (public), and ρ is computed modulo 2^(64·N) for the recoding's width N,
//!    where it fits. N(ρ) = N(γ)·N(k/γ − q) ≤ 4·(17/32)²·#E < 1.13·#E (HMV Alg. 3.61's
//!    case analysis, which branches, would give 4/7).
//! 2. **An odd ρ**: the regular recoding needs r0 odd; when it is even, γ (whose r0 is
//!    −2U_(m−1) − 1, odd) is added under a mask. \[ρ + γ\]P = \[ρ\]P for every point, so
//!    nothing needs taking back, and N(ρ) < (√1.13 + 1)²·#E < 4.26·#E.
//! 3. **Regular recoding** (`regular_digits`), the τ-adic form of Joye–Tunstall's
//!    odd-digit recoding (Joye–Tunstall, "Exponent recoding and regular exponentiation
//!    algorithms", AFRICACRYPT 2009; for τ: Oliveira, Aranha, López, Rodríguez-Henríquez,
//!    "Fast point multiplication algorithms for binary elliptic curves with and without
//!    precomputation", SAC 2014, §4): for odd ρ, v = (r0 + r1·t_w) mod 2^w and
//!    u = v − 2^(w−1), odd with |u| < 2^(w−1); then ρ − α_u ≡ 2^(w−1) = τ^(w−1)·τ̄^(w−1)
//!    (mod τ^w), so ρ ← (ρ − α_u)/τ^(w−1) is exact and again odd (τ̄ ≡ μ mod τ). Every
//!    digit is nonzero. The norm shrinks by 2^(w−1) per step up to the α_u added, so after
//!    a fixed number of steps ρ lies in a small set that the recoding maps into the table
//!    {±α_u}: that element is the top digit. The length is derived per curve and width
//!    (`regular_length`) from the norm bound and an enumeration of that small set; the
//!    tests evaluate the digits back.
//! 4. **Evaluation** in λ-projective coordinates (seed 001): from the top digit, per digit
//!    w − 1 Frobenius maps (X², L², Z², 3S each) and one mixed addition (8M + 2S,
//!    `BinaryCurve::lambda_mixed_add_core`) of the entry read by a linear pass over the
//!    whole table (`ct_lambda::lookup`), then one constant-time inversion (I + 3M back to affine).
//!
//! **Exceptional inputs.** The addition formula is run without its special cases; an
//! accumulator equal to ± the entry added (f = 0) or equal to O or T (Z = 0) is detected
//! with masks, OR-ed over the loop, and then the variable-time [`tnaf`] recomputes the
//! result: the one branch on secret data, as in `lambda-ct`. For a point of the subgroup
//! of prime order n it needs a partial sum Σ α_(u_i)·τ^((w−1)·i) over the top digits to
//! be ≡ ±α_u (mod δ), which for the short top sums means equality in Z\[τ\] (not
//! possible: τ^(w−1) divides one side only) and for the long ones a coincidence of
//! probability about 2^(−m/2) per step. It is taken for k ≡ 0 modulo the order of P
//! (ECDH rejects such keys) and for points of order 2 or 4 and their sums with the
//! subgroup, whose small multiples collide (the tests cover both). A table holding O or
//! T (P of small order; P is public) goes to the variable-time method before any secret
//! is read.
//!
//! **What is constant-time:** the reduction, the recoding and the loop run the same
//! instructions and memory accesses for every scalar of a given word count; the word
//! count itself (a slice length) and the input point are public. The digits are wiped
//! ([`Zeroizing`]) on return; the fixed-width integers on the stack are not.

use super::binary::{check_param, BinaryMulError};
use super::ct_lambda::{eq_mask, lookup, zero_mask};
use super::tnaf::{
    alpha_table, constants, frob_lambda, koblitz_setup, mu_of, tnaf, Constants, Window, TNAF_NEEDS,
};
use super::tnaf_int::{gamma_words, reduce, with_width, words_for, Wide};
use crate::backend::barrier::opaque;
use crate::curve::binary::{Affine, BinaryCurve, CurveShape, Lambda, LambdaAffine};
use crate::field::{BinaryField, BinaryFieldTask, FieldMap};
use std::sync::Mutex;
use zeroize::Zeroizing;

/// Smallest width of `tnaf-ct:w=W`: at w = 2 the recoding's small set is not inside the
/// table {±1} (it cycles through ±(1 − μτ)).
pub const TNAF_CT_MIN_W: usize = 3;
/// Largest width of `tnaf-ct:w=W`.
pub const TNAF_CT_MAX_W: usize = 6;
/// The width of `tnaf-ct` when a spec names none (measured on K-233, README).
pub const TNAF_CT_DEFAULT_W: usize = 5;

/// N(a + bτ) = a² + μab + 2b² on small integers.
fn norm_small(mu: i64, a: i64, b: i64) -> i64 {
    a * a + mu * a * b + 2 * b * b
}

/// One step of the regular recoding on small integers (for `regular_length`'s
/// enumeration; `regular_digits` is the same step on fixed-width words).
fn step_small(mu: i64, w: usize, win: &Window, (r0, r1): (i64, i64)) -> (i64, i64) {
    let v = (r0.wrapping_add(r1.wrapping_mul(win.tw as i64))) & ((1 << w) - 1);
    let u = v - (1 << (w - 1));
    let (b, g) = win.alpha[(u.unsigned_abs() / 2) as usize];
    let (b, g) = if u < 0 { (-b, -g) } else { (b, g) };
    let (mut a0, mut a1) = (r0 - b, r1 - g);
    for _ in 0..w - 1 {
        let h = a0 >> 1;
        (a0, a1) = (a1 + mu * h, -h);
    }
    (a0, a1)
}

/// Whether a + bτ is ±α_u for an entry of the window.
fn in_table(win: &Window, (a, b): (i64, i64)) -> bool {
    win.alpha
        .iter()
        .any(|&(x, y)| (x, y) == (a, b) || (-x, -y) == (a, b))
}

/// The number of regular digits below the top one, for every odd ρ with
/// N(ρ) < 4.26·N(τ^m − 1) (step 2 of the module documentation):
///
/// - With |ρ| = √N(ρ) (the complex absolute value), a step gives
///   |ρ'| ≤ (|ρ| + A)/2^((w−1)/2), A = max |α_u|, which contracts towards
///   A/(2^((w−1)/2) − 1); `steps` is the count that brings the bound below that limit
///   plus one.
/// - Every odd element inside that radius is then stepped 64 times; the last step at
///   which one of them is outside {±α_u} bounds how many more steps are needed.
///
/// `None` when some element does not settle into the table (w = 2).
fn regular_length(c: &Constants, w: usize) -> Option<usize> {
    let mu = i64::from(mu_of(c.a2));
    let win = c.window(w);
    let amax = win
        .alpha
        .iter()
        .map(|&(a, b)| (norm_small(mu, a, b) as f64).sqrt())
        .fold(0.0, f64::max);
    let s = 2f64.powf((w - 1) as f64 / 2.0);
    let small = amax / (s - 1.0) + 1.0;
    let mut r = (4.26f64).sqrt() * 2f64.powf(c.gamma_norm.bits() as f64 / 2.0);
    let mut steps = 0;
    while r > small {
        r = (r + amax) / s;
        steps += 1;
    }
    // N(a + bτ) = (a + μb/2)² + 7b²/4 bounds |b| by √(4N/7) and |a| by √N + |b|/2.
    let bound = small * small;
    let bmax = (4.0 * bound / 7.0).sqrt().ceil() as i64;
    let amax_coord = (bound.sqrt() + bmax as f64 / 2.0).ceil() as i64;
    let mut settle = 0;
    for b in -bmax..=bmax {
        for a in (-amax_coord..=amax_coord).filter(|a| a & 1 == 1) {
            if norm_small(mu, a, b) as f64 > bound {
                continue;
            }
            let mut x = (a, b);
            for i in 0..64 {
                if !in_table(win, x) {
                    settle = settle.max(i + 1);
                }
                x = step_small(mu, w, win, x);
            }
        }
    }
    (settle < 48).then_some(steps + settle)
}

/// The regular lengths of one curve, indexed by w − [`TNAF_CT_MIN_W`].
struct Lengths {
    m: usize,
    a2: u8,
    by_w: Vec<Option<usize>>,
}

/// The regular length of each width of (m, a2), derived once and kept.
fn lengths(c: &Constants) -> &'static [Option<usize>] {
    static CACHE: Mutex<Vec<&'static Lengths>> = Mutex::new(Vec::new());
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(l) = cache.iter().find(|l| l.m == c.m && l.a2 == c.a2) {
        return &l.by_w;
    }
    let l: &'static Lengths = Box::leak(Box::new(Lengths {
        m: c.m,
        a2: c.a2,
        by_w: (TNAF_CT_MIN_W..=TNAF_CT_MAX_W)
            .map(|w| regular_length(c, w))
            .collect(),
    }));
    cache.push(l);
    &l.by_w
}

/// ρ + γ when r0 is even, under a mask (step 2 of the module documentation).
fn make_odd<const N: usize>(c: &Constants, (r0, r1): (Wide<N>, Wide<N>)) -> (Wide<N>, Wide<N>) {
    let (ga, gb) = gamma_words::<N>(c);
    let even = opaque((r0.low() & 1 ^ 1).wrapping_neg());
    (
        Wide::select(&r0, &r0.add(&ga), even),
        Wide::select(&r1, &r1.add(&gb), even),
    )
}

/// The regular digits of an odd ρ = r0 + r1·τ (step 3 of the module documentation),
/// least significant first, `len` of them and then the top one, which is the remaining
/// ±α_u; the returned mask is all ones if that remainder is not in the table (the bound
/// of `regular_length` rules it out; the caller then falls back).
fn regular_digits<const N: usize>(
    mu: i8,
    w: usize,
    win: &Window,
    (mut r0, mut r1): (Wide<N>, Wide<N>),
    len: usize,
) -> (Zeroizing<Vec<i8>>, u64) {
    let mut digits = Zeroizing::new(vec![0i8; len + 1]);
    let mask = (1u64 << w) - 1;
    for d in digits.iter_mut().take(len) {
        let v = r0.low().wrapping_add(r1.low().wrapping_mul(win.tw)) & mask;
        let u = v as i64 - (1i64 << (w - 1));
        // Every mask goes through `opaque`, or LLVM may turn the masking into a branch
        // (README, "Constant time").
        let sign = opaque((u >> 63) as u64);
        let mag = ((u as u64 ^ sign).wrapping_sub(sign)) >> 1;
        let (mut b, mut g) = (0u64, 0u64);
        for (j, &(aj, gj)) in win.alpha.iter().enumerate() {
            let m = opaque(eq_mask(j as u64, mag));
            b |= aj as u64 & m;
            g |= gj as u64 & m;
        }
        let (b, g) = ((b ^ sign).wrapping_sub(sign), (g ^ sign).wrapping_sub(sign));
        r0 = r0.sub(&Wide::from_i64(b as i64));
        r1 = r1.sub(&Wide::from_i64(g as i64));
        for _ in 0..w - 1 {
            let h = r0.half();
            let next = if mu == 1 { r1.add(&h) } else { r1.sub(&h) };
            r1 = h.neg();
            r0 = next;
        }
        *d = u as i8;
    }
    let eq = |x: &Wide<N>, v: i64| -> u64 {
        let d = x.sub(&Wide::from_i64(v));
        let z = d.0.iter().fold(0, |acc, &l| acc | l);
        opaque(eq_mask(z, 0))
    };
    let (mut top, mut found) = (0u64, 0u64);
    for (j, &(aj, gj)) in win.alpha.iter().enumerate() {
        let pos = eq(&r0, aj) & eq(&r1, gj);
        let neg = eq(&r0, -aj) & eq(&r1, -gj);
        let u = 2 * j as u64 + 1;
        top |= (u & pos) | (u.wrapping_neg() & neg);
        found |= pos | neg;
    }
    digits[len] = top as i8;
    (digits, !found)
}

/// The regular digits of k (reduction and recoding), or `None` for a width or degree the
/// method does not cover. Public for the tests, which evaluate the digits back.
pub fn tnaf_ct_digits(m: usize, a2: u8, w: usize, k: &[u64]) -> Option<Vec<i8>> {
    if !(TNAF_CT_MIN_W..=TNAF_CT_MAX_W).contains(&w) {
        return None;
    }
    let c = constants(m, a2);
    let len = lengths(c)[w - TNAF_CT_MIN_W]?;
    let (digits, bad) = digits_of(c, w, len, k, words_for(m)?)?;
    (bad == 0).then(|| digits.to_vec())
}

fn digits_of(
    c: &Constants,
    w: usize,
    len: usize,
    k: &[u64],
    words: usize,
) -> Option<(Zeroizing<Vec<i8>>, u64)> {
    let k = plus_order(c, k);
    with_width!(
        words,
        |N| Some(regular_digits::<N>(
            mu_of(c.a2),
            w,
            c.window(w),
            make_odd(c, reduce::<N>(c, &k)),
            len
        )),
        None
    )
}

/// k + #E, one word longer than the longer of the two, by a fixed run of additions with
/// carry (no branch or address depends on k's value). Same point for every P on the
/// curve, and a scalar below #E/2 (such as ct-check's short fixed one) no longer reduces
/// to ρ = k + 0·τ with a zero quotient, whose zero-rich intermediate values this machine
/// timed apart: K-233, `ct-check`'s test at 100,000 samples through `NamedCurve::mul`
/// with k or with k + #E given as the scalar (a scratch harness), pinned, six runs each in
/// turn, max |t| 2.3–9.6 (four of six above 4.5) on k against 1.1–2.6 on k + #E (README,
/// "The re-run at 100,000 samples", stop 39).
fn plus_order(c: &Constants, k: &[u64]) -> Zeroizing<Vec<u64>> {
    let e = &c.order_words;
    let mut out = Zeroizing::new(vec![0u64; k.len().max(e.len()) + 1]);
    let mut carry = 0u64;
    for (i, o) in out.iter_mut().enumerate() {
        let a = k.get(i).copied().unwrap_or(0);
        let b = e.get(i).copied().unwrap_or(0);
        (*o, carry) = crate::field::prime::limbs::adc(a, b, carry);
    }
    out
}

/// The α_u·P of the window as λ-affine (x, λ) pairs ([`alpha_table`]), or `None` when
/// one of them is O or T (P of small order). P is public.
fn lambda_table<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    p: &Affine<F>,
    win: &Window,
) -> Option<Vec<(F, F)>> {
    alpha_table(curve, p, win)
        .into_iter()
        .map(|e| match e {
            LambdaAffine::Point { x, l } => Some((x, l)),
            _ => None,
        })
        .collect()
}

/// The main loop of [`tnaf_ct`] as one [`BinaryField::run_task`], compiled inside the
/// backend's feature context (see `LadderLoop` in [`super::binary`]): from the top digit's
/// entry, w − 1 Frobenius maps and one mixed addition per digit below it, the entries
/// read by masked look-up. Returns Q and the mask of the special cases met (an addition
/// whose F or whose Q has Z = 0), which sends [`tnaf_ct`] to its public fallback.
struct TnafCtLoop<'a, F, S> {
    curve: &'a BinaryCurve<F, S>,
    table: &'a [(F, F)],
    /// The top digit, and the ones below it (lowest first).
    top: i8,
    rest: &'a [i8],
    w: usize,
}

impl<F: BinaryField, S: CurveShape> BinaryFieldTask<F> for TnafCtLoop<'_, F, S> {
    type Output = (Lambda<F>, u64);
    #[inline(always)]
    fn pairs(&self) -> bool {
        true
    }
    #[inline(always)]
    fn run<G: BinaryField, M: FieldMap<F, G>>(self, map: M) -> Self::Output {
        let to = |f: F| map.to(f);
        let curve = self.curve.map_field(to);
        let table: Vec<(G, G)> = self.table.iter().map(|&(x, l)| (to(x), to(l))).collect();
        let (x, l) = lookup(&table, self.top);
        let mut q = Lambda { x, l, z: G::one() };
        let mut bad = 0u64;
        for &d in self.rest.iter().rev() {
            for _ in 0..self.w - 1 {
                q = frob_lambda(&q);
            }
            let (x, l) = lookup(&table, d);
            let (sum, f, _) = curve.lambda_mixed_add_core(&q, x, l);
            bad |= zero_mask(&f) | zero_mask(&q.z);
            q = sum;
        }
        (q.map(|g| map.back(g)), bad)
    }
}

/// \[k\]P by the regular τ-adic recoding in constant time (module documentation). Cost
/// per digit (w − 1)·3S + 8M + 2S, len ≈ (m + 3)/(w − 1) digits, plus the table (public
/// point) and I + 3M. Errors: [`BinaryMulError::BadParameter`] for w outside 3..=6,
/// [`BinaryMulError::NotApplicable`] on a curve that is not a Koblitz curve.
pub fn tnaf_ct<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    k: &[u64],
    p: &Affine<F>,
    w: usize,
) -> Result<Affine<F>, BinaryMulError> {
    check_param("tnaf-ct", "w", w, TNAF_CT_MIN_W, TNAF_CT_MAX_W)?;
    let (a2, words) = koblitz_setup(curve, "tnaf-ct")?;
    let c = constants(F::DEGREE, a2);
    let Some(len) = lengths(c)[w - TNAF_CT_MIN_W] else {
        return Err(BinaryMulError::NotApplicable {
            method: "tnaf-ct",
            reason: "the regular τ-adic recoding does not settle at this width",
        });
    };
    if p.is_infinity() {
        return Ok(Affine::Infinity);
    }
    let Some(table) = lambda_table(curve, p, c.window(w)) else {
        return tnaf(curve, k, p, w);
    };
    let Some((digits, mut bad)) = digits_of(c, w, len, k, words) else {
        return Err(BinaryMulError::NotApplicable {
            method: "tnaf-ct",
            reason: TNAF_NEEDS,
        });
    };
    let (q, loop_bad) = F::run_task(TnafCtLoop {
        curve,
        table: &table,
        top: digits[len],
        rest: &digits[..len],
        w,
    });
    bad |= loop_bad;
    bad |= zero_mask(&q.z);
    if bad != 0 {
        return tnaf(curve, k, p, w);
    }
    // (X/Z, X·(L + X)/Z²) with the constant-time inversion; Z ≠ 0 was checked above.
    let iz = q.z.invert().unwrap_or_else(|_| F::zero());
    let x = q.x * iz;
    Ok(Affine::new(x, x * ((q.l + q.x) * iz)))
}
