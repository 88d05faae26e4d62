//! Multi-word integer helpers on little-endian u64 limbs: carry primitives, the
//! schoolbook product and square, and the `const fn` arithmetic that derives every
//! constant of a field from p at compile time.

/// `for $i in 0..$n { $body }`, written out nine times (the most words a field has)
/// from five words up, each copy under `if k < $n`, which is constant per field. LLVM
/// fully unrolls the short inner loops but not the outer ones from six words up, and a
/// rolled loop keeps its words in memory: written out, every index is a constant
/// (measured: P-384 multiplication 58 → 54 ns, P-521 75 → 66 ns). Up to four words
/// LLVM's own unrolling schedules better (P-224 multiplication 20.3 against 24.0 ns
/// written out), so the loop stays.
macro_rules! unroll9 {
    ($i:ident in 0..$n:expr => $body:block) => {{
        if $n <= 4 {
            for $i in 0..$n $body
        } else {
            unroll9!(@ $i, $n, $body, 0, 1, 2, 3, 4, 5, 6, 7, 8);
        }
    }};
    (@ $i:ident, $n:expr, $body:block, $($k:literal),*) => {
        $(
            if $k < $n {
                let $i: usize = $k;
                $body
            }
        )*
    };
}
pub(crate) use unroll9;

use crate::backend::barrier::opaque;

/// `a + b + carry` (carry 0 or 1, or any word for `mac`-style chains): (sum, carry out).
#[inline(always)]
pub(crate) const fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
    let t = a as u128 + b as u128 + carry as u128;
    (t as u64, (t >> 64) as u64)
}

/// `a − b − borrow` (borrow 0 or 1): (difference, borrow out 0 or 1).
#[inline(always)]
pub(crate) const fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    let t = (a as u128).wrapping_sub(b as u128 + borrow as u128);
    (t as u64, (t >> 127) as u64)
}

/// `a + b·c + carry`: (low word, high word). Cannot overflow: (2^64−1)² + 2(2^64−1) < 2^128.
#[inline(always)]
pub(crate) const fn mac(a: u64, b: u64, c: u64, carry: u64) -> (u64, u64) {
    let t = a as u128 + (b as u128) * (c as u128) + carry as u128;
    (t as u64, (t >> 64) as u64)
}

/// a = b word by word, at compile time.
pub(crate) const fn words_eq<const N: usize, const M: usize>(a: &[u64; N], b: &[u64; M]) -> bool {
    if N != M {
        return false;
    }
    let mut i = 0;
    while i < N {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// `a` as N words, truncated or zero-padded: the view the four- and six-word assembly
/// takes of an M-word value and back (after monomorphisation a copy, or nothing, where
/// the sizes match; the other sizes are never used).
#[inline(always)]
pub(crate) fn resized<const N: usize, const M: usize>(a: &[u64; M]) -> [u64; N] {
    let mut r = [0u64; N];
    for (r, a) in r.iter_mut().zip(a) {
        *r = *a;
    }
    r
}

/// `a − b` over N words: (difference mod 2^(64N), borrow 0 or 1).
#[inline(always)]
pub(crate) fn sub_n<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], u64) {
    let mut r = [0u64; N];
    let mut borrow = 0;
    for i in 0..N {
        (r[i], borrow) = sbb(a[i], b[i], borrow);
    }
    (r, borrow)
}

/// `a + b` over N words: (sum mod 2^(64N), carry 0 or 1).
#[inline(always)]
pub(crate) fn add_n<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], u64) {
    let mut r = [0u64; N];
    let mut carry = 0;
    for i in 0..N {
        (r[i], carry) = adc(a[i], b[i], carry);
    }
    (r, carry)
}

/// `mask ? a : b` word by word, for a mask of all ones or all zeros: no branch (the mask
/// goes through [`opaque`], without which LLVM may emit one).
#[inline(always)]
pub(crate) fn select<const N: usize>(mask: u64, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    let mask = opaque(mask);
    let mut r = [0u64; N];
    for i in 0..N {
        r[i] = (a[i] & mask) | (b[i] & !mask);
    }
    r
}

/// A 2N-word value, low half first (const generics cannot yet spell `[u64; 2 * N]`).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Wide<const N: usize> {
    pub lo: [u64; N],
    pub hi: [u64; N],
}

impl<const N: usize> Wide<N> {
    #[inline(always)]
    pub const fn zero() -> Self {
        Wide {
            lo: [0; N],
            hi: [0; N],
        }
    }
    /// Word k of the 2N words. With the loops unrolled, k is a constant and the branch
    /// disappears.
    #[inline(always)]
    pub fn get(&self, k: usize) -> u64 {
        if k < N {
            self.lo[k]
        } else {
            self.hi[k - N]
        }
    }
    #[inline(always)]
    pub fn set(&mut self, k: usize, v: u64) {
        if k < N {
            self.lo[k] = v
        } else {
            self.hi[k - N] = v
        }
    }
}

/// The full 2N-word product a·b, row by row (operand scanning).
#[inline(always)]
pub(crate) fn mul_wide<const N: usize>(a: &[u64; N], b: &[u64; N]) -> Wide<N> {
    let mut t = Wide::zero();
    unroll9!(i in 0..N => {
        let mut carry = 0;
        for j in 0..N {
            let (w, c) = mac(t.get(i + j), a[i], b[j], carry);
            t.set(i + j, w);
            carry = c;
        }
        t.set(i + N, carry);
    });
    t
}

/// The full 2N-word square a² in three passes: the N(N−1)/2 cross products a_i·a_j (i < j) once,
/// doubled by a one-bit shift, plus the N diagonal squares a_i² — N(N+1)/2 word
/// products instead of N².
#[inline(always)]
pub(crate) fn sqr_wide<const N: usize>(a: &[u64; N]) -> Wide<N> {
    let mut t = Wide::zero();
    unroll9!(i in 0..N => {
        let mut carry = 0;
        for j in (i + 1)..N {
            let (w, c) = mac(t.get(i + j), a[i], a[j], carry);
            t.set(i + j, w);
            carry = c;
        }
        if i + 1 < N {
            t.set(i + N, carry);
        }
    });
    // Double: the cross sum is < 2^(128N−1), so the shift loses nothing.
    let mut top = 0;
    for k in 0..2 * N {
        let w = t.get(k);
        t.set(k, (w << 1) | top);
        top = w >> 63;
    }
    let mut carry = 0;
    for i in 0..N {
        let sq = (a[i] as u128) * (a[i] as u128);
        let (w0, c0) = adc(t.get(2 * i), sq as u64, carry);
        let (w1, c1) = adc(t.get(2 * i + 1), (sq >> 64) as u64, c0);
        t.set(2 * i, w0);
        t.set(2 * i + 1, w1);
        carry = c1;
    }
    t
}

// ---------------------------------------------------------------------------------
// Compile-time arithmetic (const fn, loops as `while`): slow and simple, run once per
// field by the compiler.
// ---------------------------------------------------------------------------------

/// Value of one hexadecimal digit.
const fn hex_digit(c: u8) -> u64 {
    match c {
        b'0'..=b'9' => (c - b'0') as u64,
        b'a'..=b'f' => (c - b'a' + 10) as u64,
        b'A'..=b'F' => (c - b'A' + 10) as u64,
        _ => panic!("invalid hexadecimal digit"),
    }
}

/// Parse a big-endian hexadecimal string (an optional `0x`, and `_` or spaces as
/// separators) into N little-endian words. Panics (a compile error in a constant) on a
/// bad digit or a value of more than 64N bits.
pub const fn hex_words<const N: usize>(s: &str) -> [u64; N] {
    let b = s.as_bytes();
    let mut start = 0;
    if b.len() >= 2 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X') {
        start = 2;
    }
    let mut w = [0u64; N];
    let mut nibble = 0; // digits consumed so far, from the right
    let mut i = b.len();
    while i > start {
        i -= 1;
        let c = b[i];
        if c == b'_' || c == b' ' {
            continue;
        }
        let d = hex_digit(c);
        if nibble / 16 >= N {
            if d != 0 {
                panic!("hexadecimal value too large for the word count");
            }
        } else {
            w[nibble / 16] |= d << (4 * (nibble % 16));
        }
        nibble += 1;
    }
    if nibble == 0 {
        panic!("empty hexadecimal string");
    }
    w
}

/// Bit length of a multi-word value.
pub(crate) const fn bit_length(a: &[u64]) -> usize {
    let mut i = a.len();
    while i > 0 {
        i -= 1;
        if a[i] != 0 {
            return 64 * i + 64 - a[i].leading_zeros() as usize;
        }
    }
    0
}

/// a ≥ b, variable-time.
pub(crate) const fn geq<const N: usize>(a: &[u64; N], b: &[u64; N]) -> bool {
    let mut i = N;
    while i > 0 {
        i -= 1;
        if a[i] != b[i] {
            return a[i] > b[i];
        }
    }
    true
}

/// a − b mod 2^(64N).
pub(crate) const fn sub_const<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    let mut r = [0u64; N];
    let mut borrow = 0;
    let mut i = 0;
    while i < N {
        (r[i], borrow) = sbb(a[i], b[i], borrow);
        i += 1;
    }
    r
}

/// 2a mod p for a < p.
pub(crate) const fn double_mod<const N: usize>(a: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let mut r = [0u64; N];
    let mut top = 0;
    let mut i = 0;
    while i < N {
        r[i] = (a[i] << 1) | top;
        top = a[i] >> 63;
        i += 1;
    }
    if top == 1 || geq(&r, p) {
        sub_const(&r, p)
    } else {
        r
    }
}

/// a·2^k mod p for a < p, by k modular doublings.
pub(crate) const fn shl_mod<const N: usize>(a: &[u64; N], k: usize, p: &[u64; N]) -> [u64; N] {
    let mut r = *a;
    let mut i = 0;
    while i < k {
        r = double_mod(&r, p);
        i += 1;
    }
    r
}

/// 2^k mod p.
pub(crate) const fn pow2_mod<const N: usize>(k: usize, p: &[u64; N]) -> [u64; N] {
    let mut one = [0u64; N];
    one[0] = 1;
    // 1 < p since p > 3.
    shl_mod(&one, k, p)
}

/// p⁻¹ mod 2^64 for odd p, by Newton's iteration x ← x(2 − px), which doubles the
/// number of correct low bits each step (x = p is right to 3 bits: p² ≡ 1 mod 8).
pub(crate) const fn inv_mod_2_64(p0: u64) -> u64 {
    let mut x = p0;
    let mut i = 0;
    while i < 5 {
        x = x.wrapping_mul(2u64.wrapping_sub(p0.wrapping_mul(x)));
        i += 1;
    }
    x
}

/// a − 1 for a ≥ 1, or a − 2 for a ≥ 2 (the exponents p − 1, p − 2 and (p − 1)/2).
pub(crate) const fn sub_small<const N: usize>(a: &[u64; N], s: u64) -> [u64; N] {
    let mut b = [0u64; N];
    b[0] = s;
    sub_const(a, &b)
}
