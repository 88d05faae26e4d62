//! Scalar multiplication from x(P) and hint bits, trading López–Dahab doublings for
//! x-doublings (seed 000 §3, Doche–Sutantyo).
//!
//! The point arrives as x(P) and the public bits b_j = lowbit(y/x) of \[2^j\]P
//! ([`HintedPoint`], seed 000 §3.4). Writing k in t shares of s bits,
//! k = Σ n_i·2^(is), the shares' points Q_i = \[2^(is)\]P need only x-doublings
//! (1M + 3S + 1C each instead of 3M + 5S + 1C) and one batched decompression with the
//! bits b_(is) ([`BinaryCurve::decompress_x_only_batch`]); then
//! \[k\]P = Σ \[n_i\]Q_i is a multi-scalar multiplication whose doublings run over s bits
//! only. The methods differ in how they do that multi-scalar multiplication:
//!
//! | method | shares | multi-scalar part | stored points |
//! |---|---|---|---|
//! | [`x_jsf`] with T = 1 (`x-jsf`) | 2 | JSF of (n1, n0), Q1 ± Q0 by [`BinaryCurve::affine_add_sub`] | 4 |
//! | [`x_jsf`] with T = 2 (`x-jsf2`) | 4 | two JSFs side by side (seed 000 §3.2) | 8 |
//! | [`x_jsf`], general T (`x-jsf:t=T`) | 2^T | 2^(T−1) JSFs side by side (§3.3) | 2^(T+1) |
//! | [`www`] (`www:w=W`, `www-sole:w=W`) | 3 | interleaved NAF_w (§3.2) | 3·2^(W−2) |
//! | [`bos_coster`] (`bos-coster:k=K`) | ⌈ℓ/K⌉ | Bos–Coster (§3.3) | ⌈ℓ/K⌉ |
//! | [`yao`] (`yao:k=K`) | ⌈ℓ/K⌉ | Yao's bucket method (§3.3) | ⌈ℓ/K⌉ + 2 |
//!
//! with ℓ the bit length of k and s = ⌊ℓ/t⌋ (at least 1; the top share takes the bits
//! above (t − 1)s), or the fixed width K of Bos–Coster and Yao. The shares' boundaries
//! follow the scalar's length, so the hint bits consumed are b_(is) for i < t, all below ℓ
//! and so within the m + 2 bits the seed publishes for scalars of up to m + 1 bits.
//!
//! The hint bits are trusted: a wrong b_j silently turns Q_i into −Q_i. Build them with
//! [`HintedPoint::from_point`] (the owner's one-off precomputation) or take them from the
//! point's owner. x itself is checked: a value that is no point's x-coordinate is
//! rejected by the decompression of Q_0 = P, which comes first.
//!
//! **Every method here is variable-time** (it branches on the digits of k and on special
//! points): for public scalars.

use super::binary::{check_param, BinaryMulError, NAF_MIN_W, NAF_RECODE_MAX_W, XJSF_MAX_T};
use super::bit_len;
use crate::curve::binary::{Affine, BinaryCurve, CurveShape, LopezDahab, XOnly};
use crate::field::BinaryField;
use crate::recode::{jsf, wnaf};
use std::collections::BinaryHeap;

/// x(P) with the hint bits b_j = lowbit(y/x) of \[2^j\]P for j < `hints.len()` (seed 000
/// §3.4); `hints[0]` is SEC 1's ỹ of P. P = O has no such form (it is SEC 1 `00`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintedPoint<F> {
    /// x(P).
    pub x: F,
    /// b_j for j = 0, 1, …
    pub hints: Vec<bool>,
}

impl<F: BinaryField> HintedPoint<F> {
    /// The form the owner of P publishes: x(P) and `count` hint bits
    /// ([`BinaryCurve::hint_bits`]; the seed's choice is `count` = m + 2,
    /// [`BinaryCurve::hint_count`]). `None` for P = O.
    pub fn from_point<S: CurveShape>(
        curve: &BinaryCurve<F, S>,
        p: &Affine<F>,
        count: usize,
    ) -> Option<Self> {
        let x = p.x()?;
        Some(HintedPoint {
            x,
            hints: curve.hint_bits(p, count),
        })
    }

    /// b_j, or [`BinaryMulError::MissingHint`].
    pub fn hint(&self, j: usize) -> Result<bool, BinaryMulError> {
        self.hints
            .get(j)
            .copied()
            .ok_or(BinaryMulError::MissingHint {
                index: j,
                available: self.hints.len(),
            })
    }
}

/// The share width s = ⌊ℓ/t⌋ (at least 1) for a scalar of bit length ℓ split in t
/// shares, the top share taking the bits above (t − 1)s (seed 000 §3.1: k = ⌊ℓ/2⌋). The
/// highest hint read, b_((t−1)s), is then at most ℓ − 1 (for ℓ ≥ t).
pub fn share_bits(scalar_bits: usize, t: usize) -> usize {
    (scalar_bits / t.max(1)).max(1)
}

/// The indices of the hint bits a t-share method reads for a scalar of `scalar_bits`
/// bits: b_(is) for i < t. The list has t entries (its size is the caller's choice);
/// positions past `usize::MAX` saturate rather than overflow.
pub fn hints_needed(scalar_bits: usize, t: usize) -> Vec<usize> {
    let s = share_bits(scalar_bits, t);
    (0..t).map(|i| i.saturating_mul(s)).collect()
}

/// Bits \[lo, lo + len) of k as little-endian words (⌈len/64⌉ of them, at least one,
/// allocated up front: `len` is the caller's size request): bits past the end of k, or
/// past `usize::MAX`, read as zeros.
pub fn bit_range(k: &[u64], lo: usize, len: usize) -> Vec<u64> {
    let mut out = vec![0u64; len.div_ceil(64).max(1)];
    for (w, o) in out.iter_mut().enumerate() {
        let start = lo.saturating_add(64 * w);
        let (q, r) = (start / 64, start % 64);
        let a = k.get(q).copied().unwrap_or(0) >> r;
        let b = if r == 0 {
            0
        } else {
            k.get(q + 1).copied().unwrap_or(0) << (64 - r)
        };
        *o = a | b;
    }
    let rem = len % 64;
    if rem != 0 {
        let last = out.len() - 1;
        out[last] &= (1u64 << rem) - 1;
    }
    out
}

/// k split into t shares of s bits, least significant first: n_i = ⌊k/2^(is)⌋ mod 2^s.
/// The last share takes every bit above (t − 1)s; share offsets past `usize::MAX`
/// saturate (those shares are zero).
pub fn split(k: &[u64], t: usize, s: usize) -> Vec<Vec<u64>> {
    (0..t)
        .map(|i| {
            let lo = i.saturating_mul(s);
            // k has no bits past its last word, so no share needs more than 64·len(k)
            // bits: a share width beyond that (a caller's) sizes nothing.
            let len = if i + 1 == t {
                (64 * k.len()).saturating_sub(lo).max(1)
            } else {
                s.min(64 * k.len())
            };
            bit_range(k, lo, len)
        })
        .collect()
}

/// Q_i = \[2^(is)\]P for i < t in affine coordinates: (t − 1)·s x-doublings from (x : 1),
/// then one batched decompression with b_(is) (seed 000 §3.1):
/// (t − 1)s·(1M + 3S + 1C) + I + tH + (7t − 3)M + 3tS + tC.
pub fn share_points<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    p: &HintedPoint<F>,
    t: usize,
    s: usize,
) -> Result<Vec<Affine<F>>, BinaryMulError> {
    let mut xs = Vec::with_capacity(t);
    let mut q = XOnly {
        x: p.x,
        z: F::one(),
    };
    for i in 0..t {
        if i > 0 {
            q = curve.x_double_repeated(&q, s);
        }
        xs.push((q, p.hint(i * s)?));
    }
    Ok(curve.decompress_x_only_batch(&xs)?)
}

/// A López–Dahab accumulator that skips the doublings of O (they would cost 1M + 2S
/// each before the first addition).
struct Acc<F> {
    q: LopezDahab<F>,
}

impl<F: BinaryField> Acc<F> {
    fn new() -> Self {
        Acc {
            q: LopezDahab::identity(),
        }
    }
    fn double<S: CurveShape>(&mut self, curve: &BinaryCurve<F, S>) {
        if !self.q.is_identity() {
            self.q = curve.ld_double(&self.q);
        }
    }
    fn add<S: CurveShape>(&mut self, curve: &BinaryCurve<F, S>, p: &Affine<F>) {
        self.q = curve.ld_mixed_add(&self.q, p);
    }
    fn finish<S: CurveShape>(self, curve: &BinaryCurve<F, S>) -> Affine<F> {
        curve.ld_to_affine(&self.q)
    }
}

/// The point ±A for a digit sign.
fn signed<F: BinaryField>(p: &Affine<F>, d: i8) -> Affine<F> {
    if d > 0 {
        *p
    } else {
        p.neg()
    }
}

/// \[k\]P by x-JSF_T (seed 000 §3.1–3.3): 2^T shares, paired (Q_(2j+1), Q_(2j)) with
/// the JSF of (n_(2j+1), n_(2j)) and the affine Q_(2j+1) ± Q_(2j), all the pairs sharing
/// one inversion ([`BinaryCurve::affine_add_sub_batch`]; the seed inverts once per pair,
/// so for T ≥ 2 this takes 2^(T−1) − 1 inversions fewer than its count); then left to right one LD doubling per column and one mixed addition per
/// nonzero column of each pair. T = 1 is the seed's x-JSF, T = 2 its x-JSF_2.
/// `t_log` must be in 1..=6 (64 shares); otherwise [`BinaryMulError::BadParameter`].
pub fn x_jsf<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    k: &[u64],
    p: &HintedPoint<F>,
    t_log: u32,
) -> Result<Affine<F>, BinaryMulError> {
    check_param("x-jsf", "t", t_log as usize, 1, XJSF_MAX_T as usize)?;
    let t = 1usize << t_log;
    let len = bit_len(k);
    let s = share_bits(len, t);
    let q = share_points(curve, p, t, s)?;
    if len == 0 {
        return Ok(Affine::Infinity);
    }
    let n = split(k, t, s);
    let operands: Vec<_> = (0..t / 2).map(|j| (q[2 * j + 1], q[2 * j])).collect();
    let sums = curve.affine_add_sub_batch(&operands);
    let pairs: Vec<_> = (0..t / 2)
        .map(|j| {
            let (hi, lo) = operands[j];
            let (sum, diff) = sums[j];
            (jsf(&n[2 * j + 1], &n[2 * j]), hi, lo, sum, diff)
        })
        .collect();
    let cols = pairs.iter().map(|p| p.0.len()).max().unwrap_or(0);
    let mut acc = Acc::new();
    for c in (0..cols).rev() {
        acc.double(curve);
        for (digits, hi, lo, sum, diff) in &pairs {
            let Some(&(u, v)) = digits.get(c) else {
                continue;
            };
            let pt = match (u, v) {
                (0, 0) => continue,
                (u, 0) => signed(hi, u),
                (0, v) => signed(lo, v),
                (u, v) if u == v => signed(sum, u),
                (u, _) => signed(diff, u),
            };
            acc.add(curve, &pt);
        }
    }
    Ok(acc.finish(curve))
}

/// \[k\]P by w-w-w interleaving with NAFs (seed 000 §3.2): 3 shares, the odd multiples
/// Q_i, \[3\]Q_i, …, \[2^(w−1) − 1\]Q_i of each share (by
/// [`BinaryCurve::odd_multiples`] with one inversion per share when `sole`, else by
/// [`BinaryCurve::odd_multiples_naive`]), then one LD doubling per digit position and a
/// mixed addition per nonzero NAF_w digit of any share. `w` in 2..=8.
pub fn www<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    k: &[u64],
    p: &HintedPoint<F>,
    w: usize,
    sole: bool,
) -> Result<Affine<F>, BinaryMulError> {
    const T: usize = 3;
    let name = if sole { "www-sole" } else { "www" };
    check_param(name, "w", w, NAF_MIN_W, NAF_RECODE_MAX_W)?;
    let len = bit_len(k);
    let s = share_bits(len, T);
    let q = share_points(curve, p, T, s)?;
    if len == 0 {
        return Ok(Affine::Infinity);
    }
    let n = split(k, T, s);
    let per = 1usize << (w.saturating_sub(2));
    let mut shares = Vec::with_capacity(T);
    for (ni, qi) in n.iter().zip(&q) {
        let digits = wnaf(ni, w as u32)?;
        if digits.is_empty() {
            continue;
        }
        let table = match per {
            1 => vec![*qi],
            _ if sole => curve.odd_multiples(qi, per).odd,
            _ => curve.odd_multiples_naive(qi, per).odd,
        };
        shares.push((digits, table));
    }
    let cols = shares.iter().map(|s| s.0.len()).max().unwrap_or(0);
    let mut acc = Acc::new();
    for c in (0..cols).rev() {
        acc.double(curve);
        for (digits, table) in &shares {
            match digits.get(c) {
                Some(&d) if d != 0 => {
                    acc.add(curve, &signed(&table[(d.unsigned_abs() / 2) as usize], d))
                }
                _ => {}
            }
        }
    }
    Ok(acc.finish(curve))
}

/// A share's point in the Bos–Coster and Yao methods: affine while it is one of the Q_i,
/// López–Dahab once something was added to it.
#[derive(Copy, Clone)]
enum SharePoint<F> {
    Affine(Affine<F>),
    Ld(LopezDahab<F>),
}

impl<F: BinaryField> SharePoint<F> {
    fn to_ld<S: CurveShape>(self, curve: &BinaryCurve<F, S>) -> LopezDahab<F> {
        match self {
            SharePoint::Affine(a) => curve.affine_to_ld(&a),
            SharePoint::Ld(p) => p,
        }
    }
}

/// a + b: a mixed addition when either is affine, a full one (13M + 4S) otherwise.
fn add_shares<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    a: SharePoint<F>,
    b: SharePoint<F>,
) -> LopezDahab<F> {
    match (a, b) {
        (SharePoint::Ld(p), SharePoint::Affine(q)) | (SharePoint::Affine(q), SharePoint::Ld(p)) => {
            curve.ld_mixed_add(&p, &q)
        }
        (SharePoint::Affine(p), SharePoint::Affine(q)) => {
            curve.ld_mixed_add(&curve.affine_to_ld(&p), &q)
        }
        (SharePoint::Ld(p), SharePoint::Ld(q)) => curve.ld_add(&p, &q),
    }
}

/// \[q\]A for a small q ≥ 1 by double-and-add in LD coordinates.
fn small_mul<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    a: SharePoint<F>,
    q: u64,
) -> SharePoint<F> {
    if q == 1 {
        return a;
    }
    let top = 63 - q.leading_zeros();
    let mut r = a.to_ld(curve);
    for i in (0..top).rev() {
        r = curve.ld_double(&r);
        if (q >> i) & 1 == 1 {
            r = add_shares(curve, SharePoint::Ld(r), a);
        }
    }
    SharePoint::Ld(r)
}

/// The base-2^`width` digits of k (width ≤ 32) and their points Q_i = \[2^(i·width)\]P,
/// t = ⌈ℓ/width⌉ of them (at least 1).
fn fixed_width_shares<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    k: &[u64],
    p: &HintedPoint<F>,
    width: usize,
) -> Result<(Vec<Affine<F>>, Vec<u64>), BinaryMulError> {
    let t = bit_len(k).div_ceil(width).max(1);
    let q = share_points(curve, p, t, width)?;
    let digits = split(k, t, width).iter().map(|n| n[0]).collect();
    Ok((q, digits))
}

/// Smallest share width accepted by [`bos_coster`] and [`yao`].
pub const SHARE_MIN_K: usize = 1;
/// Largest share width accepted by [`bos_coster`] (shares fit in a word).
pub const BOS_COSTER_MAX_K: usize = 32;
/// Largest share width accepted by [`yao`] (2^k − 1 full additions).
pub const YAO_MAX_K: usize = 10;

/// \[k\]P by Bos–Coster with x-doublings (seed 000 §3.3, de Rooij 1994): shares of `width`
/// bits, Q_i = \[2^(i·width)\]P, then while two scalars are nonzero, the largest n_a and
/// the next n_b become n_b·(Q_b + \[q\]Q_a) + (n_a − q·n_b)·Q_a with q = ⌊n_a/n_b⌋; the
/// last one is finished by double-and-add. `width` in 1..=32 ([`BinaryMulError::BadParameter`]
/// otherwise).
pub fn bos_coster<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    k: &[u64],
    p: &HintedPoint<F>,
    width: usize,
) -> Result<Affine<F>, BinaryMulError> {
    check_param("bos-coster", "k", width, SHARE_MIN_K, BOS_COSTER_MAX_K)?;
    let (q, digits) = fixed_width_shares(curve, k, p, width)?;
    let mut pts: Vec<SharePoint<F>> = q.into_iter().map(SharePoint::Affine).collect();
    let mut heap: BinaryHeap<(u64, usize)> = digits
        .iter()
        .enumerate()
        .filter_map(|(i, &n)| (n != 0).then_some((n, i)))
        .collect();
    let Some(mut top) = heap.pop() else {
        return Ok(Affine::Infinity);
    };
    while let Some((nb, b)) = heap.pop() {
        let (na, a) = top;
        let (quot, rem) = (na / nb, na % nb);
        let qa = small_mul(curve, pts[a], quot);
        pts[b] = SharePoint::Ld(add_shares(curve, pts[b], qa));
        if rem != 0 {
            heap.push((rem, a));
        }
        heap.push((nb, b));
        top = heap.pop().expect("just pushed");
    }
    let (n, i) = top;
    let r = small_mul(curve, pts[i], n).to_ld(curve);
    Ok(curve.ld_to_affine(&r))
}

/// \[k\]P by Yao's method with x-doublings (seed 000 §3.3): k in base 2^`width` with
/// digits n_i, Q_i = \[2^(i·width)\]P; from j = 2^width − 1 down to 1, R ← R + Q_i for
/// each i with n_i = j (mixed additions), then T ← T + R (a full addition); T = \[k\]P.
/// `width` in 1..=10 ([`BinaryMulError::BadParameter`] otherwise).
pub fn yao<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    k: &[u64],
    p: &HintedPoint<F>,
    width: usize,
) -> Result<Affine<F>, BinaryMulError> {
    check_param("yao", "k", width, SHARE_MIN_K, YAO_MAX_K)?;
    let (q, digits) = fixed_width_shares(curve, k, p, width)?;
    let mut buckets: Vec<Vec<usize>> = vec![Vec::new(); 1 << width];
    for (i, &n) in digits.iter().enumerate() {
        buckets[n as usize].push(i);
    }
    let mut r = LopezDahab::identity();
    let mut total = LopezDahab::identity();
    for bucket in buckets.iter().skip(1).rev() {
        for &i in bucket {
            r = curve.ld_mixed_add(&r, &q[i]);
        }
        total = curve.ld_add(&total, &r);
    }
    Ok(curve.ld_to_affine(&total))
}
