//! The AVX2/VPCLMULQDQ code of [`super::gls254`]'s loops (x86-64 only): GF(2^254) in
//! 256-bit registers, the λ-projective formulas on it, and the two loops. See that
//! module for the representation and what is measured.

#![allow(clippy::many_single_char_names)]

use super::gls254::{Columns, CtColumns, CtTables, Fe254, HalveColumns};
use core::arch::x86_64::*;

/// Lane 1 (c₁) all ones.
#[inline(always)]
fn high_lane() -> __m256i {
    // SAFETY: AVX, enabled in the context of both loops, the only callers.
    unsafe { _mm256_set_epi64x(-1, -1, 0, 0) }
}

/// The high word of each lane all ones.
#[inline(always)]
fn high_words() -> __m256i {
    // SAFETY: as `high_lane`.
    unsafe { _mm256_set_epi64x(-1, 0, -1, 0) }
}

#[inline(always)]
unsafe fn xor(a: __m256i, b: __m256i) -> __m256i {
    // SAFETY: register-only AVX2/VPCLMULQDQ intrinsics; every caller runs in the
    // feature context of `columns_avx2` or `ct_columns_avx2`.
    unsafe { _mm256_xor_si256(a, b) }
}

/// Per lane, P = ll + mid·x^64 + hh·x^128 (mid and hh of degree ≤ 126, as products of
/// 64-bit words are) reduced modulo x^128 + x^64 + x. With x^128 ≡ x^64 + x and
/// m = mid + hh (words m₀, m₁; hh = h₀ + h₁x^64):
/// P ≡ ll + m₀x^64 + m₁(x^64 + x) + hh·x, where m₁·x and hh·x fit in 128 bits because
/// deg m₁, deg h₁ ≤ 62. Depth three after the products.
#[inline(always)]
unsafe fn reduce(ll: __m256i, mid: __m256i, hh: __m256i) -> __m256i {
    // SAFETY: register-only AVX2/VPCLMULQDQ intrinsics; every caller runs in the
    // feature context of `columns_avx2` or `ct_columns_avx2`.
    unsafe {
        let m = xor(mid, hh);
        let m0_hi = _mm256_slli_si256::<8>(m);
        let m1_hi = _mm256_and_si256(m, high_words());
        let m1_x = _mm256_srli_si256::<8>(_mm256_slli_epi64::<1>(m));
        let hh_x = xor(
            _mm256_slli_epi64::<1>(hh),
            _mm256_slli_si256::<8>(_mm256_srli_epi64::<63>(hh)),
        );
        xor(xor(ll, xor(m0_hi, m1_hi)), xor(m1_x, hh_x))
    }
}

/// (a₀ + a₁u)(b₀ + b₁u) = (a₀b₀ + a₁b₁) + (a₀b₀ + (a₀ + a₁)(b₀ + b₁))u, seed 001's three
/// products, as [a₀ | a₀]·[b₀ | b₀] + [a₁ | a₀ + a₁]·[b₁ | b₀ + b₁] (schoolbook per
/// lane: 8 VPCLMULQDQ), reduced once.
#[inline(always)]
unsafe fn mul(a: __m256i, b: __m256i) -> __m256i {
    // SAFETY: register-only AVX2/VPCLMULQDQ intrinsics; every caller runs in the
    // feature context of `columns_avx2` or `ct_columns_avx2`.
    unsafe {
        let a1 = _mm256_permute4x64_epi64::<0x44>(a);
        let b1 = _mm256_permute4x64_epi64::<0x44>(b);
        let a2 = xor(
            _mm256_permute4x64_epi64::<0x4e>(a),
            _mm256_and_si256(a, high_lane()),
        );
        let b2 = xor(
            _mm256_permute4x64_epi64::<0x4e>(b),
            _mm256_and_si256(b, high_lane()),
        );
        let ll = xor(
            _mm256_clmulepi64_epi128::<0x00>(a1, b1),
            _mm256_clmulepi64_epi128::<0x00>(a2, b2),
        );
        let hh = xor(
            _mm256_clmulepi64_epi128::<0x11>(a1, b1),
            _mm256_clmulepi64_epi128::<0x11>(a2, b2),
        );
        let mid = xor(
            xor(
                _mm256_clmulepi64_epi128::<0x01>(a1, b1),
                _mm256_clmulepi64_epi128::<0x10>(a1, b1),
            ),
            xor(
                _mm256_clmulepi64_epi128::<0x01>(a2, b2),
                _mm256_clmulepi64_epi128::<0x10>(a2, b2),
            ),
        );
        reduce(ll, mid, hh)
    }
}

/// (a₀ + a₁u)² = (a₀ + a₁)² + a₁²u: squaring is linear, so the lanes [a₀ + a₁ | a₁]
/// are squared (2 VPCLMULQDQ) and reduced.
#[inline(always)]
unsafe fn sqr(a: __m256i) -> __m256i {
    // SAFETY: register-only AVX2/VPCLMULQDQ intrinsics; every caller runs in the
    // feature context of `columns_avx2` or `ct_columns_avx2`.
    unsafe {
        let s = xor(a, _mm256_permute2x128_si256::<0x81>(a, a));
        reduce(
            _mm256_clmulepi64_epi128::<0x00>(s, s),
            _mm256_setzero_si256(),
            _mm256_clmulepi64_epi128::<0x11>(s, s),
        )
    }
}

/// u·v = v₁ + (v₀ + v₁)u.
#[inline(always)]
unsafe fn mul_u(v: __m256i) -> __m256i {
    // SAFETY: register-only AVX2/VPCLMULQDQ intrinsics; every caller runs in the
    // feature context of `columns_avx2` or `ct_columns_avx2`.
    unsafe {
        xor(
            _mm256_permute4x64_epi64::<0x4e>(v),
            _mm256_and_si256(v, high_lane()),
        )
    }
}

/// (1 + u)·v = (v₀ + v₁) + v₀u.
#[inline(always)]
unsafe fn mul_1u(v: __m256i) -> __m256i {
    // SAFETY: register-only AVX2/VPCLMULQDQ intrinsics; every caller runs in the
    // feature context of `columns_avx2` or `ct_columns_avx2`.
    unsafe {
        xor(
            _mm256_permute4x64_epi64::<0x4e>(v),
            _mm256_andnot_si256(high_lane(), v),
        )
    }
}

/// (a2² + a6)·v = (u + z^27)·v on GLS254 (u² = u + 1 and 1 + b = z^27): u·v plus each
/// lane times z^27, a shift by 27 with the 27 bits above x^128 (H = v₁ >> 37) folded
/// back as H·(x^64 + x).
#[inline(always)]
unsafe fn mul_a2sq_a6(v: __m256i) -> __m256i {
    // SAFETY: register-only AVX2/VPCLMULQDQ intrinsics; every caller runs in the
    // feature context of `columns_avx2` or `ct_columns_avx2`.
    unsafe {
        let lo = _mm256_slli_epi64::<27>(v);
        let hi = _mm256_srli_epi64::<37>(v);
        let shifted = xor(lo, _mm256_slli_si256::<8>(hi));
        let h = _mm256_and_si256(hi, high_words());
        let h_x = _mm256_srli_si256::<8>(_mm256_slli_epi64::<1>(hi));
        xor(xor(shifted, h), xor(h_x, mul_u(v)))
    }
}

/// Per lane, the canonical representative modulo f = x^127 + x^63 + 1 of a value below
/// x^128: f is added when bit 127 is set.
#[inline(always)]
unsafe fn canonical(v: __m256i) -> __m256i {
    // SAFETY: register-only AVX2/VPCLMULQDQ intrinsics; every caller runs in the
    // feature context of `columns_avx2` or `ct_columns_avx2`.
    unsafe {
        let top = _mm256_srli_epi64::<63>(v);
        let mask = _mm256_sub_epi64(_mm256_setzero_si256(), _mm256_shuffle_epi32::<0xee>(top));
        let f = _mm256_set_epi64x(1 << 63, (1 << 63) | 1, 1 << 63, (1 << 63) | 1);
        xor(v, _mm256_and_si256(mask, f))
    }
}

/// 1 when v ≡ 0 (mod f) in both lanes.
#[inline(always)]
unsafe fn is_zero(v: __m256i) -> u32 {
    // SAFETY: register-only AVX2/VPCLMULQDQ intrinsics; every caller runs in the
    // feature context of `columns_avx2` or `ct_columns_avx2`.
    unsafe {
        let c = canonical(v);
        _mm256_testz_si256(c, c) as u32
    }
}

#[inline(always)]
unsafe fn load(v: &Fe254) -> __m256i {
    // SAFETY: a 32-byte unaligned load of four words.
    unsafe { _mm256_loadu_si256(v.as_ptr() as *const __m256i) }
}

/// The words of v as they are (not brought to canonical form).
#[inline(always)]
unsafe fn raw(v: __m256i) -> Fe254 {
    let mut out = [0u64; 4];
    // SAFETY: a 32-byte unaligned store into four words.
    unsafe { _mm256_storeu_si256(out.as_mut_ptr() as *mut __m256i, v) };
    out
}

#[inline(always)]
unsafe fn store(v: __m256i) -> Fe254 {
    let mut out = [0u64; 4];
    // SAFETY: a 32-byte unaligned store into four words.
    unsafe { _mm256_storeu_si256(out.as_mut_ptr() as *mut __m256i, canonical(v)) };
    out
}

/// A table entry as the formulas use it: x, λ + 1 and λ + 1 + u (the mixed addition
/// takes λ itself, recovered as (λ + 1) + 1).
#[derive(Clone, Copy)]
struct Entry {
    x: __m256i,
    l1: __m256i,
    l1u: __m256i,
}

struct Point {
    x: __m256i,
    l: __m256i,
    z: __m256i,
}

impl Point {
    /// The point (X, L, Z) from words.
    #[inline(always)]
    unsafe fn load(x: &Fe254, l: &Fe254, z: &Fe254) -> Point {
        // SAFETY: 32-byte unaligned loads of four words each, in the AVX context of
        // every loop, the only callers.
        unsafe {
            Point {
                x: load(x),
                l: load(l),
                z: load(z),
            }
        }
    }

    /// (X, L, Z) as canonical words.
    #[inline(always)]
    unsafe fn store(&self) -> [Fe254; 3] {
        // SAFETY: as for `load`.
        unsafe { [store(self.x), store(self.l), store(self.z)] }
    }
}

/// `lambda_double_alt` with a2 = u: T = L·(L + Z) + u·Z², X3 = T², Z3 = T·Z²,
/// L3 = (L + X)²·((L + X)² + T + Z²) + (u + z^27)·Z⁴ + X3 + (1 + u)·Z3.
#[inline(always)]
unsafe fn double(p: &Point) -> Point {
    // SAFETY: register-only AVX2/VPCLMULQDQ intrinsics; every caller runs in the
    // feature context of `columns_avx2` or `ct_columns_avx2`.
    unsafe {
        let zz = sqr(p.z);
        let t = xor(mul(p.l, xor(p.l, p.z)), mul_u(zz));
        let g = sqr(xor(p.l, p.x));
        let x3 = sqr(t);
        let z3 = mul(t, zz);
        let l3 = xor(
            xor(mul(g, xor(xor(g, t), zz)), mul_a2sq_a6(sqr(zz))),
            xor(x3, mul_1u(z3)),
        );
        Point {
            x: x3,
            l: l3,
            z: z3,
        }
    }
}

/// `lambda_double_add_core` with a2 = u: 2Q + P; `bad` gets 1 where the generic code
/// falls back (Z_Q = 0, T = 0, xP·Z_Q² + T = 0).
#[inline(always)]
unsafe fn double_add(q: &Point, e: &Entry, bad: &mut u32) -> Point {
    // SAFETY: register-only AVX2/VPCLMULQDQ intrinsics; every caller runs in the
    // feature context of `columns_avx2` or `ct_columns_avx2`.
    unsafe {
        let zz = sqr(q.z);
        let ll = sqr(q.l);
        let t = xor(xor(ll, mul(q.l, q.z)), mul_u(zz));
        let xpzz = mul(e.x, zz);
        let bb = xor(xpzz, t);
        let a = xor(mul(sqr(q.x), zz), mul(t, xor(ll, mul(e.l1u, zz))));
        let b = sqr(bb);
        let z = mul(mul(a, b), zz);
        *bad |= is_zero(q.z) | is_zero(t) | is_zero(bb);
        Point {
            x: mul(xpzz, sqr(a)),
            l: xor(mul(t, sqr(xor(a, b))), mul(e.l1, z)),
            z,
        }
    }
}

/// `lambda_mixed_add_core`: P + Q with Q λ-affine (x_Q, λ_Q); `bad` gets 1 where the
/// generic code falls back (Z_P = 0, X_P + x_Q·Z_P = 0).
#[inline(always)]
unsafe fn mixed_add(p: &Point, xq: __m256i, lq: __m256i, bad: &mut u32) -> Point {
    // SAFETY: register-only AVX2/VPCLMULQDQ intrinsics; every caller runs in the
    // feature context of one of the loops.
    unsafe {
        let a = xor(p.l, mul(lq, p.z));
        let ex = mul(xq, p.z);
        let f = xor(p.x, ex);
        let b = sqr(f);
        let i = mul(a, ex);
        let k = mul(a, b);
        *bad |= is_zero(p.z) | is_zero(f);
        Point {
            x: mul(i, mul(a, p.x)),
            l: xor(sqr(xor(i, b)), mul(k, xor(p.l, p.z))),
            z: mul(k, p.z),
        }
    }
}

/// `lambda_add`: P + Q, both λ-projective (seed 001, 11M + 2S); `bad` gets 1 where the
/// generic code takes a special path or the sum is O or T (Z = 0, X_P·Z_Q = X_Q·Z_P,
/// A = 0).
#[inline(always)]
unsafe fn add(p: &Point, q: &Point, bad: &mut u32) -> Point {
    // SAFETY: register-only AVX2/VPCLMULQDQ intrinsics; the callers run in the feature
    // context of `weighted_sum_avx2` or `odd_multiples_avx2`.
    unsafe {
        let a = xor(mul(p.l, q.z), mul(q.l, p.z));
        let d = mul(p.x, q.z);
        let e = mul(q.x, p.z);
        let f = xor(d, e);
        let g = sqr(f);
        let i = mul(a, e);
        let k = mul(mul(a, g), q.z);
        *bad |= is_zero(p.z) | is_zero(q.z) | is_zero(f) | is_zero(a);
        Point {
            x: mul(mul(a, d), i),
            l: xor(sqr(xor(i, g)), mul(k, xor(p.l, p.z))),
            z: mul(k, p.z),
        }
    }
}

/// # Safety
/// The CPU must support PCLMULQDQ, AVX2 and VPCLMULQDQ.
#[inline(never)]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1,avx,avx2,vpclmulqdq")]
pub(super) unsafe fn weighted_sum_avx2(acc: &[Option<[Fe254; 3]>]) -> Option<[Fe254; 3]> {
    let mut bad = 0u32;
    let load = |q: &[Fe254; 3]| {
        // SAFETY: the caller guarantees the CPU features.
        unsafe { Point::load(&q[0], &q[1], &q[2]) }
    };
    // SAFETY: as above; register-only arithmetic.
    unsafe {
        // Σ (2j + 1)·Q_j = 2·Σ_j R_j − R_0 with R_j = Σ_(i ≥ j) Q_i, as the generic
        // `weighted_sum`, where a missing Q_j adds nothing. (R, S, same): `same` holds
        // from the highest Q_j present (R = S = Q_j) to the next slot; when that slot is
        // empty, S + R is S + S, which the generic `lambda_add` computes as a doubling,
        // and so does this code (`add` would flag the equal operands).
        let mut rs: Option<(Point, Point, bool)> = None;
        for q in acc.iter().rev() {
            rs = match (rs, q) {
                (None, None) => None,
                (None, Some(q)) => Some((load(q), load(q), true)),
                (Some((r, s, same)), q) => {
                    let r = match q {
                        Some(q) => add(&r, &load(q), &mut bad),
                        None => r,
                    };
                    let s = if same && q.is_none() {
                        double(&s)
                    } else {
                        add(&s, &r, &mut bad)
                    };
                    Some((r, s, false))
                }
            };
        }
        let (r, s, _) = rs?;
        let minus_r = Point {
            x: r.x,
            l: xor(r.l, r.z),
            z: r.z,
        };
        let sum = add(&double(&s), &minus_r, &mut bad);
        if bad != 0 {
            return None;
        }
        Some(sum.store())
    }
}

/// # Safety
/// The CPU must support PCLMULQDQ, AVX2 and VPCLMULQDQ; `t` ≥ 1.
#[inline(never)]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1,avx,avx2,vpclmulqdq")]
pub(super) unsafe fn odd_multiples_avx2(
    x: &Fe254,
    y: &Fe254,
    t: usize,
    invert: &dyn Fn(Fe254) -> Option<Fe254>,
) -> Option<Vec<(Fe254, Fe254)>> {
    let mut bad = 0u32;
    // SAFETY: the caller guarantees the CPU features; loads read four words each.
    unsafe {
        let (xv, yv) = (load(x), load(y));
        if is_zero(xv) != 0 {
            return None;
        }
        // P = (x², x² + y, x): x = X/Z, λ = L/Z = x + y/x.
        // The points and the prefix products are kept as words (unaligned stores, not
        // canonical), so that the buffers are plain allocations, not 32-byte aligned ones.
        let xx = sqr(xv);
        let first = Point {
            x: xx,
            l: xor(xx, yv),
            z: xv,
        };
        let d = double(&first);
        let mut pts = vec![[[0u64; 4]; 4]; t];
        let keep = |q: &Point, prefix: __m256i| [raw(q.x), raw(q.l), raw(q.z), raw(prefix)];
        // Montgomery's trick: prefix_i = Z_0·…·Z_i, one inversion, then backwards.
        let mut acc = first.z;
        pts[0] = keep(&first, acc);
        let mut q = first;
        for slot in pts.iter_mut().skip(1) {
            q = add(&q, &d, &mut bad);
            acc = mul(acc, q.z);
            *slot = keep(&q, acc);
        }
        if bad != 0 || is_zero(acc) != 0 {
            return None;
        }
        let mut inv = load(&invert(store(acc))?);
        let mut out = vec![([0u64; 4], [0u64; 4]); t];
        for i in (0..t).rev() {
            let [x, l, z, _] = &pts[i];
            let zi = match i {
                0 => inv,
                _ => mul(inv, load(&pts[i - 1][3])),
            };
            inv = mul(inv, load(z));
            out[i] = (store(mul(load(x), zi)), store(mul(load(l), zi)));
        }
        Some(out)
    }
}

/// The entry for digit d ≠ 0: entry |d|/2 of the (x, λ) table, read from memory here
/// rather than from a copy in registers (an aligned vector of them cost two aligned
/// allocations per call), as (x, λ + 1, λ + 1 + u), negated ((x, λ + 1)) when d < 0.
#[inline(always)]
unsafe fn pick(t: &[(Fe254, Fe254)], d: i8, one: __m256i) -> Option<Entry> {
    let (x, l) = t.get((d.unsigned_abs() / 2) as usize)?;
    // SAFETY: AVX2, enabled in the caller's context; the loads read four words each.
    unsafe {
        let u = _mm256_set_epi64x(0, 1, 0, 0);
        let l1 = match d < 0 {
            true => load(l),
            false => xor(load(l), one),
        };
        Some(Entry {
            x: load(x),
            l1,
            l1u: xor(l1, u),
        })
    }
}

/// # Safety
/// The CPU must support PCLMULQDQ, AVX2 and VPCLMULQDQ.
#[inline(never)]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1,avx,avx2,vpclmulqdq")]
pub(super) unsafe fn columns_avx2(job: &Columns<'_>) -> Option<[Fe254; 3]> {
    let one = _mm256_set_epi64x(0, 0, 0, 1);
    let (t1, t2) = (job.t1, job.t2);
    let digit = |d: &[i8], i: usize| d.get(i).copied().unwrap_or(0);
    // SAFETY: the caller guarantees the CPU features; loads read four words each.
    let mut q = unsafe { Point::load(&job.x, &job.l, &job.z) };
    let mut bad = 0u32;
    for i in (job.from..job.to).rev() {
        let (a, b) = (digit(job.d1, i), digit(job.d2, i));
        // SAFETY: as above; `pick` indexes with `get`.
        unsafe {
            q = match (a != 0, b != 0) {
                (false, false) => double(&q),
                (true, both) => {
                    let q = double_add(&q, &pick(t1, a, one)?, &mut bad);
                    if both {
                        let e = pick(t2, b, one)?;
                        mixed_add(&q, e.x, xor(e.l1, one), &mut bad)
                    } else {
                        q
                    }
                }
                (false, true) => double_add(&q, &pick(t2, b, one)?, &mut bad),
            };
        }
    }
    if bad != 0 {
        return None;
    }
    // SAFETY: as above.
    unsafe { Some(q.store()) }
}

/// The entry for odd digit d (entry |d|/2, λ + 1 when d < 0) by a linear pass over the
/// table with masks: every entry is read whatever d is. Loaded from the words at each
/// look-up (a copy of the table in registers would be an aligned vector: an allocation
/// per call).
#[inline(always)]
unsafe fn ct_lookup(t: &[(Fe254, Fe254)], d: i8, one: __m256i) -> (__m256i, __m256i) {
    let sign = (d >> 7) as i64; // all ones for d < 0
    let mag = ((d as i64 ^ sign).wrapping_sub(sign) as u64) >> 1;
    // SAFETY: AVX2 intrinsics in `ct_columns_avx2`'s feature context; the loads read
    // four words each.
    unsafe {
        let (mut x, mut l) = (_mm256_setzero_si256(), _mm256_setzero_si256());
        for (j, (ex, el)) in t.iter().enumerate() {
            let diff = j as u64 ^ mag;
            // All ones when diff = 0, without a comparison the compiler could branch on.
            let m = (((diff | diff.wrapping_neg()) >> 63) ^ 1).wrapping_neg() as i64;
            let mv = _mm256_set1_epi64x(m);
            x = xor(x, _mm256_and_si256(mv, load(ex)));
            l = xor(l, _mm256_and_si256(mv, load(el)));
        }
        (x, xor(l, _mm256_and_si256(_mm256_set1_epi64x(sign), one)))
    }
}

/// `lambda_double_add_add_core` with a2 = u: 2Q + P1 + P2, and 1 in `bad` when T, F + T
/// or H + K is zero.
#[inline(always)]
unsafe fn double_add_add(
    q: &Point,
    (x1, l1): (__m256i, __m256i),
    (x2, l2): (__m256i, __m256i),
    one: __m256i,
    bad: &mut u32,
) -> Point {
    // SAFETY: register-only AVX2/VPCLMULQDQ intrinsics, in `ct_columns_avx2`'s context.
    unsafe {
        let u = _mm256_set_epi64x(0, 1, 0, 0);
        let zz = sqr(q.z);
        let ll = sqr(q.l);
        let t = xor(xor(ll, mul(q.l, q.z)), mul_u(zz));
        let uu = xor(
            mul(sqr(q.x), zz),
            mul(t, xor(ll, mul(xor(xor(l1, one), u), zz))),
        );
        let f = mul(x1, zz);
        let bb = xor(f, t);
        let g = sqr(bb);
        let h = mul(sqr(uu), f);
        let i = mul(mul(uu, g), zz);
        let j = xor(mul(xor(xor(l1, l2), one), i), mul(t, sqr(xor(uu, g))));
        let k = mul(x2, i);
        let hk = xor(h, k);
        let lsq = sqr(hk);
        let m = mul(h, j);
        let z = mul(mul(i, j), lsq);
        *bad |= is_zero(t) | is_zero(bb) | is_zero(hk);
        Point {
            x: mul(mul(j, k), m),
            l: xor(sqr(xor(lsq, m)), mul(xor(l2, one), z)),
            z,
        }
    }
}

/// A table of (x, λ) entries as words.
type Table<'a> = &'a [(Fe254, Fe254)];

/// The columns n − 2, …, 0 of `lambda-ct` from q (`ct_columns`'s loop).
#[inline(always)]
unsafe fn ct_loop(
    mut q: Point,
    (t1, t2): (Table<'_>, Table<'_>),
    (d1, d2): (&[i8], &[i8]),
    w: usize,
    one: __m256i,
    bad: &mut u32,
) -> Point {
    for i in (0..d1.len().saturating_sub(1)).rev() {
        for _ in 0..w - 2 {
            // SAFETY: the caller's feature context.
            q = unsafe { double(&q) };
        }
        let digit = |d: &[i8]| d.get(i).copied().unwrap_or(1);
        // SAFETY: the caller's feature context; lookups read every entry.
        unsafe {
            let p1 = ct_lookup(t1, digit(d1), one);
            let p2 = ct_lookup(t2, digit(d2), one);
            q = double_add_add(&q, p1, p2, one, bad);
        }
    }
    q
}

/// # Safety
/// The CPU must support PCLMULQDQ, AVX2 and VPCLMULQDQ; `job` as [`ct_columns`] checks.
#[inline(never)]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1,avx,avx2,vpclmulqdq")]
pub(super) unsafe fn ct_columns_avx2(job: &CtColumns<'_>) -> ([Fe254; 3], bool) {
    let one = _mm256_set_epi64x(0, 0, 0, 1);
    let mut bad = 0u32;
    // SAFETY: the caller guarantees the CPU features; loads read four words each.
    unsafe {
        let q = Point::load(&job.x, &job.l, &job.z);
        let q = ct_loop(q, (job.t1, job.t2), (job.d1, job.d2), job.w, one, &mut bad);
        (q.store(), bad != 0)
    }
}

/// # Safety
/// As [`ct_columns_avx2`], for [`super::gls254::ct_all_columns`]'s checks.
#[inline(never)]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1,avx,avx2,vpclmulqdq")]
pub(super) unsafe fn ct_all_columns_avx2(job: &CtTables<'_>) -> ([Fe254; 3], bool) {
    let one = _mm256_set_epi64x(0, 0, 0, 1);
    let mut bad = 0u32;
    let top = |d: &[i8]| d.last().copied().unwrap_or(1);
    // SAFETY: the caller guarantees the CPU features; lookups read every entry.
    unsafe {
        let (x1, l1) = ct_lookup(job.t1, top(job.d1), one);
        let (x2, l2) = ct_lookup(job.t2, top(job.d2), one);
        let start = Point {
            x: x1,
            l: l1,
            z: one,
        };
        // Z = 1: only F = X + x₂ flags, as in the generic first column.
        let q = mixed_add(&start, x2, l2, &mut bad);
        let q = ct_loop(q, (job.t1, job.t2), (job.d1, job.d2), job.w, one, &mut bad);
        (q.store(), bad != 0)
    }
}

/// The byte offset of chunk k of w (bits BITS·k and up) in its block of a table with
/// 2^SIZE_LOG-byte entries: the chunk times the entry size, as one shift and one mask.
/// Computed as the chunk, then a product, it took four instructions per look-up, which
/// with 64 look-ups per halving made the halving short of issue slots (Intel Xeon).
#[inline(always)]
fn entry_offset<const SIZE_LOG: usize>(w: u64, k: usize) -> usize {
    const BITS: usize = super::gls254::HT_BITS;
    let shift = BITS * k;
    let v = if shift >= SIZE_LOG {
        w >> (shift - SIZE_LOG)
    } else {
        w << (SIZE_LOG - shift)
    };
    (v & (((1 << BITS) - 1) << SIZE_LOG)) as usize
}

/// Parity of the bits of v (POPCNT in `halve_columns_avx2`'s context).
#[inline(always)]
fn parity(v: u64) -> u64 {
    u64::from(v.count_ones() & 1)
}

/// √c in GF(2^127) for canonical c: E + (z^64 + z^32)·O with E, O the even- and
/// odd-indexed bits (as `Gf2m::sqrt_inner`; O has degree ≤ 62, so no reduction).
#[inline(always)]
unsafe fn sqrt127(c0: u64, c1: u64) -> (u64, u64) {
    const EVEN: u64 = 0x5555_5555_5555_5555;
    // SAFETY: BMI2, enabled in `halve_columns_avx2`'s context, the only caller.
    unsafe {
        let e = _pext_u64(c0, EVEN) | (_pext_u64(c1, EVEN) << 32);
        let o = _pext_u64(c0, !EVEN) | (_pext_u64(c1, !EVEN) << 32);
        (e ^ (o << 32), (o >> 32) ^ o)
    }
}

/// √(s₀ + s₁u) = √(s₀ + s₁) + √s₁·u in GF(2^254), as words (s₀ low word first). A
/// function, not a closure in [`halve`]: a closure is compiled without its caller's
/// target features, and `_pext_u64` would become a call in a default build.
#[inline(always)]
unsafe fn sqrt254(v: [u64; 4]) -> [u64; 4] {
    // SAFETY: BMI2, as `sqrt127`.
    unsafe {
        let (s0, s1) = sqrt127(v[0] ^ v[2], v[1] ^ v[3]);
        let (u0, u1) = sqrt127(v[2], v[3]);
        [s0, s1, u0, u1]
    }
}

/// The GLS254 halving (`BinaryCurve::lambda_affine_halve` with a2 = u) of the canonical
/// λ-affine point with x in words `xw` (c₀ low word first) and λ in `l`: λ̂ solves
/// λ̂² + λ̂ = x + u ([`super::gls254::HalvingTables`]: λ̂₀ = H(c₀) + G(c₁),
/// λ̂₁ = H(c₁) + ε with c = x + u), t = x·(x + λ + λ̂), and the half is (√(t + x), λ̂)
/// when Tr(t) = 0, (√t, λ̂ + 1) otherwise, with Tr(t) = Tr₁₂₇(t₁) and
/// √(s₀ + s₁u) = √(s₀ + s₁) + √s₁·u. Returns the half's x as words and λ.
#[inline(always)]
unsafe fn halve(
    xw: [u64; 4],
    x: __m256i,
    l: __m256i,
    h: &[[u64; 2]],
    gh: &[[u64; 4]],
    (tm, thm): ([u64; 2], [u64; 2]),
) -> ([u64; 4], __m256i) {
    let c = [xw[0], xw[1], xw[2] ^ 1, xw[3]];
    let eps = parity((c[0] & tm[0]) ^ (c[1] & tm[1]) ^ (c[2] & thm[0]) ^ (c[3] & thm[1]));
    const BITS: usize = super::gls254::HT_BITS;
    const PER_WORD: usize = 64 / BITS;
    // SAFETY: AVX2 and VPCLMULQDQ are enabled in `halve_columns_avx2`'s context; the
    // offsets are below 2^BITS·(entry size) within block j < 128 / BITS of each table.
    unsafe {
        let (hb, gb) = (h.as_ptr() as *const u8, gh.as_ptr() as *const u8);
        let hl = |j: usize, w: u64, k: usize| {
            _mm_loadu_si128(hb.add((j << (BITS + 4)) + entry_offset::<4>(w, k)) as *const __m128i)
        };
        let gl = |j: usize, w: u64, k: usize| {
            _mm256_loadu_si256(gb.add((j << (BITS + 5)) + entry_offset::<5>(w, k)) as *const __m256i)
        };
        // Two running sums per walk and word: the loads are independent.
        let (mut a0, mut a1) = (_mm_setzero_si128(), _mm_setzero_si128());
        let (mut b0, mut b1) = (_mm256_setzero_si256(), _mm256_setzero_si256());
        macro_rules! step {
            ($($k:literal)*) => {$(
                if $k < PER_WORD {
                    a0 = _mm_xor_si128(a0, hl($k, c[0], $k));
                    a1 = _mm_xor_si128(a1, hl(PER_WORD + $k, c[1], $k));
                    b0 = xor(b0, gl($k, c[2], $k));
                    b1 = xor(b1, gl(PER_WORD + $k, c[3], $k));
                }
            )*};
        }
        // Unrolled, so that each chunk's offset is a shift and a mask by constants.
        step!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);
        let lh = xor(
            xor(b0, b1),
            xor(
                _mm256_zextsi128_si256(_mm_xor_si128(a0, a1)),
                _mm256_set_epi64x(0, eps as i64, 0, 0),
            ),
        );
        let t = canonical(mul(x, xor(xor(x, l), lh)));
        let (t0, t1) = (_mm256_castsi256_si128(t), _mm256_extracti128_si256::<1>(t));
        let tw = [
            _mm_cvtsi128_si64(t0) as u64,
            _mm_extract_epi64::<1>(t0) as u64,
            _mm_cvtsi128_si64(t1) as u64,
            _mm_extract_epi64::<1>(t1) as u64,
        ];
        let tr = parity((tw[2] & tm[0]) ^ (tw[3] & tm[1]));
        // Tr(t) = 0: √(t + x) = √t + √x (√ is linear); otherwise √t. √x does not wait
        // for t.
        let keep = tr.wrapping_sub(1);
        let (rt, rx) = (sqrt254(tw), sqrt254(xw));
        let next = core::array::from_fn(|i| rt[i] ^ (rx[i] & keep));
        (next, xor(lh, _mm256_set_epi64x(0, 0, 0, tr as i64)))
    }
}

/// # Safety
/// The CPU must support PCLMULQDQ, AVX2, VPCLMULQDQ, BMI2 and POPCNT; `job` as
/// [`super::gls254::halve_columns`] checks (every digit has an accumulator).
#[inline(never)]
#[target_feature(enable = "pclmulqdq,sse2,ssse3,sse4.1,avx,avx2,vpclmulqdq,bmi2,popcnt")]
pub(super) unsafe fn halve_columns_avx2(job: &HalveColumns<'_>) -> Option<Vec<Option<[Fe254; 3]>>> {
    let one = _mm256_set_epi64x(0, 0, 0, 1);
    let u = _mm256_set_epi64x(0, 1, 0, 0);
    let (h, gh) = (job.tables.h_table(), job.tables.gh_table());
    let masks = job.tables.trace_masks();
    let digit = |d: &[i8], i: usize| d.get(i).copied().unwrap_or(0);
    let mut acc: Vec<Option<Point>> = (0..job.slots).map(|_| None).collect();
    let mut bad = 0u32;
    // Each position's additions come right after its point, as in the generic loop.
    // Issuing them a few halvings later instead (from a buffer of the points, so that
    // their inputs are ready when they enter the scheduler) measured slower: 8.9 µs
    // against 8.3 µs per `lambda-halve-add`, three alternated pairs.
    let mut xw = job.x;
    // SAFETY: the caller guarantees the CPU features; the loads read four words each.
    let (mut x, mut l) = unsafe { (load(&job.x), load(&job.l)) };
    for i in (0..job.to).rev() {
        let (a, b) = (digit(job.d1, i), digit(job.d2, i));
        // SAFETY: as above; accumulator indices are below `slots` (checked by the caller).
        unsafe {
            // ψ(x, λ) = (x^q, λ^q + u) with (c₀ + c₁u)^q = (c₀ + c₁) + c₁u.
            let frob = |v: __m256i| xor(v, _mm256_permute2x128_si256::<0x81>(v, v));
            for (d, flip, px, pl) in [(a, job.neg1, x, l), (b, job.neg2, frob(x), xor(frob(l), u))]
            {
                if d == 0 {
                    continue;
                }
                // −(x, λ) = (x, λ + 1).
                let neg = (d < 0) ^ flip;
                let pl = if neg { xor(pl, one) } else { pl };
                let slot = &mut acc[(d.unsigned_abs() / 2) as usize];
                *slot = Some(match slot {
                    None => Point {
                        x: px,
                        l: pl,
                        z: one,
                    },
                    Some(q) => mixed_add(q, px, pl, &mut bad),
                });
            }
            if i > 0 {
                (xw, l) = halve(xw, x, l, h, gh, masks);
                // From registers: a 32-byte load of four 8-byte stores would not be
                // forwarded from the store buffer (measured: 10.0 → 8.7 µs per
                // `lambda-halve-add`).
                x = _mm256_set_epi64x(xw[3] as i64, xw[2] as i64, xw[1] as i64, xw[0] as i64);
            }
        }
    }
    if bad != 0 {
        return None;
    }
    // SAFETY: as above.
    let out = acc
        .iter()
        .map(|q| q.as_ref().map(|q| unsafe { q.store() }))
        .collect();
    Some(out)
}
