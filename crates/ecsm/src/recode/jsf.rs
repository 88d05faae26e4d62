//! Solinas' joint sparse form of a pair of non-negative integers.
//!
//! Source: J. Solinas, "Low-weight binary representations for pairs of integers",
//! CACR Technical Report 2001-41, and Hankerson–Menezes–Vanstone, *Guide to ECC*, Alg. 3.50
//! and Def. 3.48. The JSF (u, v), digits in {−1, 0, 1}, is the unique joint representation with
//! - (JSF-1) of any three consecutive columns at least one is (0, 0);
//! - (JSF-2) adjacent digits in a row do not have opposite signs: u_{j+1}·u_j ≠ −1;
//! - (JSF-3) if u_{j+1}·u_j ≠ 0 then v_{j+1} ≠ 0 and v_j = 0 (and symmetrically);
//!
//! and its joint weight is minimal among all joint signed binary representations, with
//! average joint density 1/2.

use super::{bits, window};

/// The joint sparse form of (`k0`, `k1`) (little-endian words), least-significant column first.
///
/// Column j is (u_j, v_j) with Σ u_j 2^j = k0 and Σ v_j 2^j = k1, digits in {−1, 0, 1},
/// satisfying (JSF-1)–(JSF-3) (see the module docs); no trailing (0, 0) column, so (0, 0)
/// gives the empty vector. At most `max(bits(k0), bits(k1)) + 1` columns.
/// Variable-time: for public scalars only.
pub fn jsf(k0: &[u64], k1: &[u64]) -> Vec<(i8, i8)> {
    let n = bits(k0).max(bits(k1));
    let mut out = Vec::with_capacity(n + 1);
    // HMV Alg. 3.50: the remaining values are l_i = ⌊k_i / 2^j⌋ + d_i with carries d_i ∈ {0, 1}.
    let mut d = [0u32; 2];
    let k = [k0, k1];
    let mut j = 0usize;
    while j < n || d != [0, 0] {
        let l8 = [
            (window(k[0], j, 3) + d[0]) & 7,
            (window(k[1], j, 3) + d[1]) & 7,
        ];
        let mut u = [0i8; 2];
        for i in 0..2 {
            if l8[i] & 1 == 1 {
                // l mods 4 ∈ {1, −1}; flip it when l ≡ ±3 (mod 8) and the other row's
                // l ≡ 2 (mod 4), which is what keeps the next column empty (JSF-1, JSF-3).
                let m = if l8[i] & 3 == 1 { 1 } else { -1 };
                let flip = (l8[i] == 3 || l8[i] == 5) && l8[1 - i] & 3 == 2;
                u[i] = if flip { -m } else { m };
            }
        }
        for i in 0..2 {
            // l_i − u_i = 2·(⌊k_i / 2^(j+1)⌋ + d_i'), hence d_i' = (d_i + bit_j(k_i) − u_i) / 2.
            let b = (window(k[i], j, 1)) as i32;
            d[i] = ((d[i] as i32 + b - u[i] as i32) / 2) as u32;
        }
        out.push((u[0], u[1]));
        j += 1;
    }
    out
}
