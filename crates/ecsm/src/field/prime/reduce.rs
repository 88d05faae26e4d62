//! Reduction of a 2N-word product modulo p: Montgomery's for any odd p, and Crandall's
//! for p = 2^k − c with a small c. Both are constant-time: the final correction is a
//! masked selection, never a branch on the value.

use super::limbs::{adc, add_n, mac, sbb, select, sub_n, unroll9, Wide};

/// Montgomery reduction T·R⁻¹ mod p, R = 2^(64N), for T < p·R (P. L. Montgomery,
/// "Modular multiplication without trial division", Math. Comp. 44, 1985), word by
/// word: N times, add m·p with m = t_i·(−p⁻¹) mod 2^64, which clears word i. The sum
/// (T + M·p)/R < 2p may carry out of N words, so the last subtraction of p is decided by
/// that carry and the borrow together.
///
/// With p a compile-time constant, LLVM folds the products by limbs equal to 0 or
/// 2^64 − 1 and by m when −p⁻¹ ≡ 1 (P-192, P-256, secp128r1).
#[inline(always)]
pub(crate) fn montgomery<const N: usize>(mut t: Wide<N>, p: &[u64; N], pinv: u64) -> [u64; N] {
    let mut top = 0u64;
    unroll9!(i in 0..N => {
        let m = t.lo[i].wrapping_mul(pinv);
        let (_, mut carry) = mac(t.lo[i], m, p[0], 0);
        for j in 1..N {
            let (w, c) = mac(t.get(i + j), m, p[j], carry);
            t.set(i + j, w);
            carry = c;
        }
        let (w, c) = adc(t.hi[i], carry, top);
        t.hi[i] = w;
        top = c;
    });
    final_sub(&t.hi, top, p)
}

/// r − p when (top·2^(64N) + r) ≥ p, else r; for r + top·2^(64N) < 2p.
#[inline(always)]
pub(crate) fn final_sub<const N: usize>(r: &[u64; N], top: u64, p: &[u64; N]) -> [u64; N] {
    let (d, borrow) = sub_n(r, p);
    // The whole value is below p exactly when the borrow runs past the top word.
    let (_, below) = sbb(top, 0, borrow);
    select(below.wrapping_neg(), r, &d)
}

/// Reduction modulo p = 2^k − c, 64(N−1) < k ≤ 64N, c < 2^34, k ≥ 80 (R. E. Crandall,
/// US patent 5,159,632, 1992; Hankerson–Menezes–Vanstone, *Guide to ECC*, §2.2.6):
/// as 2^k ≡ c, T = H·2^k + L ≡ L + c·H. Two folds bring T < p² below 2^k + 2^70 < 2p,
/// then one masked subtraction of p, done as "add c and look at bit k" since
/// x − p = x + c − 2^k.
#[inline(always)]
pub(crate) fn crandall<const N: usize>(t: &Wide<N>, k: usize, c: u64) -> [u64; N] {
    // r = k − 64(N−1) ∈ [1, 64]: the bits of p's top word.
    let r = k - 64 * (N - 1);
    let top_mask = if r == 64 { u64::MAX } else { (1u64 << r) - 1 };

    // Fold 1: S = L + c·H with H = T >> k (< 2^k: T < 2^(2k)), L = T mod 2^k.
    // S < 2^k + c·2^k fits in N + 1 words.
    let mut s = [0u64; N];
    let mut carry = 0;
    for j in 0..N {
        let h = if r == 64 {
            t.hi[j]
        } else {
            // H_j = bits [k + 64j, k + 64j + 64) of T: words N − 1 + j and N + j.
            (t.get(N - 1 + j) >> r) | (t.hi[j] << (64 - r))
        };
        let l = if j + 1 < N {
            t.lo[j]
        } else {
            t.lo[j] & top_mask
        };
        (s[j], carry) = mac(l, h, c, carry);
    }
    // Fold 2: H2 = S >> k ≤ c < 2^34; S2 = (S mod 2^k) + c·H2 < 2^k + 2^68.
    let h2 = if r == 64 {
        carry
    } else {
        let h = (s[N - 1] >> r) | (carry << (64 - r));
        s[N - 1] &= top_mask;
        h
    };
    let (w, mut cy) = mac(s[0], c, h2, 0);
    s[0] = w;
    for j in 1..N {
        (s[j], cy) = adc(s[j], cy, 0);
    }
    // For k = 64N a carry out of the top word means S2 ≥ 2^k > p; otherwise the value
    // still fits its words. x ≥ p ⟺ x + c ≥ 2^k.
    let mut s3 = [0u64; N];
    let (w, mut cy3) = adc(s[0], c, 0);
    s3[0] = w;
    for j in 1..N {
        (s3[j], cy3) = adc(s[j], 0, cy3);
    }
    let ge = if r == 64 {
        cy | cy3
    } else {
        let bit = s3[N - 1] >> r;
        s3[N - 1] &= top_mask;
        bit
    };
    select(ge.wrapping_neg(), &s3, &s)
}

/// Reduction modulo the "golden" trinomial p = 2^(2h) − 2^h − 1, h = 32N: Hamburg's
/// Ed448-Goldilocks prime for N = 7 (M. Hamburg, "Ed448-Goldilocks, a new elliptic
/// curve", ePrint 2015/625, §2, which picks this shape for its additions-only fold). With
/// 2^(2h) ≡ 2^h + 1, T = L + H·2^(2h) and H = Hl + Hh·2^h (halves of h bits):
///
///   T ≡ L + H + H·2^h = L + H + Hl·2^h + Hh·2^(2h) ≡ (L + H + Hh) + (Hl + Hh)·2^h,
///
/// below 5·2^(2h). The carry c out of 2h bits is folded as c·(2^h + 1), twice (the
/// second carry is 0 or 1, and the value it leaves is below 2^(h+3), so no third), then
/// one masked subtraction of p, as "add 2^h + 1 and look at the carry" since
/// x − p = x + 2^h + 1 − 2^(2h). About 6N word additions and no products, against the
/// N² products of Montgomery's reduction.
#[inline(always)]
pub(crate) fn goldilocks<const N: usize>(t: &Wide<N>) -> [u64; N] {
    // h = 64q + 32·odd bits.
    let (q, odd) = (N / 2, N % 2 == 1);
    let h_word = |j: usize| if j < N { t.hi[j] } else { 0 };
    // Hh = H >> h and Hl = H mod 2^h.
    let mut hh = [0u64; N];
    let mut hl = [0u64; N];
    for j in 0..N {
        hh[j] = if odd {
            (h_word(j + q) >> 32) | (h_word(j + q + 1) << 32)
        } else {
            h_word(j + q)
        };
        hl[j] = if j < q {
            t.hi[j]
        } else if j == q && odd {
            t.hi[j] & 0xffff_ffff
        } else {
            0
        };
    }
    // A = L + H + Hh, B = Hl + Hh < 2^(h+1).
    let (a, c1) = add_n(&t.lo, &t.hi);
    let (a, c2) = add_n(&a, &hh);
    let (b, _) = add_n(&hl, &hh);
    // B·2^h mod 2^(2h), and the bit of it above 2h (B >> h).
    let b_word = |j: usize| if j < N { b[j] } else { 0 };
    let mut bs = [0u64; N];
    for (j, w) in bs.iter_mut().enumerate() {
        *w = if j < q {
            0
        } else if odd {
            (b_word(j - q) << 32) | if j > q { b_word(j - q - 1) >> 32 } else { 0 }
        } else {
            b_word(j - q)
        };
    }
    let b_top = if odd {
        b_word(N - q - 1) >> 32
    } else {
        b_word(N - q)
    };
    let (s, c3) = add_n(&a, &bs);
    // c < 5: fold c·2^(2h) as c·(2^h + 1), twice.
    let fold = |s: &[u64; N], c: u64| {
        let mut add = [0u64; N];
        add[0] = c;
        add[q] += if odd { c << 32 } else { c };
        add_n(s, &add)
    };
    let (s, c4) = fold(&s, c1 + c2 + c3 + b_top);
    let (s, _) = fold(&s, c4);
    // x ≥ p ⟺ x + 2^h + 1 carries out of 2h bits.
    let (y, ge) = fold(&s, 1);
    select(ge.wrapping_neg(), &y, &s)
}

/// Montgomery multiplication a·b·R⁻¹ mod p with the product and the reduction
/// interleaved word by word (coarsely integrated operand scanning, Koç–Acar–Kaliski,
/// "Analyzing and comparing Montgomery multiplication algorithms", IEEE Micro 1996):
/// only N + 2 words are live at a time, against 2N for a full product first.
#[inline(always)]
pub(crate) fn montgomery_mul_cios<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    p: &[u64; N],
    pinv: u64,
) -> [u64; N] {
    let mut t = [0u64; N];
    let mut t_hi = 0u64;
    unroll9!(i in 0..N => {
        let mut c = 0;
        for j in 0..N {
            (t[j], c) = mac(t[j], a[j], b[i], c);
        }
        let (s, c2) = adc(t_hi, c, 0);
        let m = t[0].wrapping_mul(pinv);
        let (_, mut c) = mac(t[0], m, p[0], 0);
        for j in 1..N {
            (t[j - 1], c) = mac(t[j], m, p[j], c);
        }
        let (w, c3) = adc(s, c, 0);
        t[N - 1] = w;
        t_hi = c2 + c3;
    });
    final_sub(&t, t_hi, p)
}
