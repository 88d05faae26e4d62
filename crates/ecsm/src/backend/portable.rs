//! Portable carry-less arithmetic on u64 words, constant-time: no tables and no
//! data-dependent branches.
//!
//! The 64×64 carry-less product uses integer multiplication on operands with holes
//! (the idea of T. Pornin's BearSSL `bmul`): split each operand into five classes of
//! bits by position mod 5. An integer product of two classes has at most 13 partial
//! products per column, a count below 16 that fits in the four-bit holes, so the
//! carries never reach the next bit of the same class. XORing the products whose class
//! indices sum to r (mod 5) and masking positions ≡ r (mod 5) gives the carry-less bits.

use super::{Wide, MAX_LIMBS};

const CLASS: [u64; 5] = [
    0x1084_2108_4210_8421,
    0x2108_4210_8421_0842,
    0x4210_8421_0842_1084,
    0x8421_0842_1084_2108,
    0x0842_1084_2108_4210,
];

/// Mask of bit positions ≡ r (mod 5) in a 128-bit value.
const fn class128(r: u32) -> u128 {
    let mut m = 0u128;
    let mut i = r;
    while i < 128 {
        m |= 1u128 << i;
        i += 5;
    }
    m
}

const CLASS128: [u128; 5] = [
    class128(0),
    class128(1),
    class128(2),
    class128(3),
    class128(4),
];

/// Carry-less product of two 64-bit polynomials.
#[inline(always)]
pub fn clmul64(x: u64, y: u64) -> u128 {
    let xs = CLASS.map(|m| (x & m) as u128);
    let ys = CLASS.map(|m| (y & m) as u128);
    let mut out = 0u128;
    for r in 0..5 {
        let mut acc = 0u128;
        for i in 0..5 {
            acc ^= xs[i].wrapping_mul(ys[(r + 5 - i) % 5]);
        }
        out |= acc & CLASS128[r];
    }
    out
}

/// Spread the 32 bits of `x` to the even positions of a u64.
#[inline(always)]
fn spread32(x: u32) -> u64 {
    let mut v = x as u64;
    v = (v | (v << 16)) & 0x0000_FFFF_0000_FFFF;
    v = (v | (v << 8)) & 0x00FF_00FF_00FF_00FF;
    v = (v | (v << 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    v = (v | (v << 2)) & 0x3333_3333_3333_3333;
    v = (v | (v << 1)) & 0x5555_5555_5555_5555;
    v
}

/// Gather the even-position bits of a u64 into a u32 (inverse of `spread32`).
#[inline(always)]
pub fn gather_even(v: u64) -> u32 {
    let mut v = v & 0x5555_5555_5555_5555;
    v = (v | (v >> 1)) & 0x3333_3333_3333_3333;
    v = (v | (v >> 2)) & 0x0F0F_0F0F_0F0F_0F0F;
    v = (v | (v >> 4)) & 0x00FF_00FF_00FF_00FF;
    v = (v | (v >> 8)) & 0x0000_FFFF_0000_FFFF;
    v = (v | (v >> 16)) & 0x0000_0000_FFFF_FFFF;
    v as u32
}

/// The even- and odd-indexed bits of `w`, each packed into the low 32 bits of a word.
#[inline(always)]
pub fn split_even_odd(w: u64) -> (u64, u64) {
    (u64::from(gather_even(w)), u64::from(gather_even(w >> 1)))
}

/// Full carry-less product of two N-word polynomials, schoolbook over 64-bit words.
#[inline(always)]
pub fn mul_wide<const N: usize>(a: &[u64; N], b: &[u64; N]) -> Wide {
    debug_assert!(N <= MAX_LIMBS);
    let mut t = [0u64; 2 * MAX_LIMBS];
    for i in 0..N {
        for j in 0..N {
            let p = clmul64(a[i], b[j]);
            t[i + j] ^= p as u64;
            t[i + j + 1] ^= (p >> 64) as u64;
        }
    }
    t
}

/// Polynomial square of an N-word polynomial: bit i moves to bit 2i.
#[inline(always)]
pub fn square_wide<const N: usize>(a: &[u64; N]) -> Wide {
    let mut t = [0u64; 2 * MAX_LIMBS];
    for i in 0..N {
        t[2 * i] = spread32(a[i] as u32);
        t[2 * i + 1] = spread32((a[i] >> 32) as u32);
    }
    t
}
