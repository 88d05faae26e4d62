//! Variable-time modular inversion by Bernstein–Yang divsteps, and the Jacobi symbol by
//! the binary algorithm. Both work on the canonical integer, not on a field
//! representation, and both take time that depends on the value: public data only.

/// Limbs of 62 bits in the signed representation: enough for 64N bits, a sign, and the
/// growth of d and e (below 2^5·p, see [`invert_vartime`]), for N ≤ 9.
const MAX_LIMBS: usize = 10;
const M62: i64 = (1 << 62) - 1;

/// Number of 62-bit limbs used for an N-word modulus: 62L ≥ 64N + 6.
const fn limbs62(n: usize) -> usize {
    (64 * n + 6).div_ceil(62)
}

/// A signed integer Σ x_i·2^(62i): limbs 0..L−1 in [0, 2^62), the top limb signed.
#[derive(Copy, Clone)]
struct S62([i64; MAX_LIMBS]);

impl S62 {
    fn from_words<const N: usize>(w: &[u64; N]) -> Self {
        let mut r = [0i64; MAX_LIMBS];
        for (i, limb) in r.iter_mut().enumerate().take(limbs62(N)) {
            let bit = 62 * i;
            let (q, s) = (bit / 64, bit % 64);
            let mut v = if q < N { w[q] >> s } else { 0 };
            if s > 2 && q + 1 < N {
                v |= w[q + 1] << (64 - s);
            }
            *limb = (v & M62 as u64) as i64;
        }
        S62(r)
    }

    /// The value as N words; it must lie in [0, 2^(64N)).
    fn to_words<const N: usize>(self) -> [u64; N] {
        let mut w = [0u64; N];
        for i in 0..limbs62(N) {
            let v = self.0[i] as u64;
            let bit = 62 * i;
            let (q, s) = (bit / 64, bit % 64);
            if q < N {
                w[q] |= v << s;
            }
            if s > 2 && q + 1 < N {
                w[q + 1] |= v >> (64 - s);
            }
        }
        w
    }

    fn is_negative(&self, l: usize) -> bool {
        self.0[l - 1] < 0
    }

    fn is_zero(&self, l: usize) -> bool {
        self.0[..l].iter().all(|&x| x == 0)
    }

    /// Compare with ±1.
    fn is_one(&self, l: usize) -> bool {
        self.0[0] == 1 && self.0[1..l].iter().all(|&x| x == 0)
    }
    fn is_minus_one(&self, l: usize) -> bool {
        self.0[..l - 1].iter().all(|&x| x == M62) && self.0[l - 1] == -1
    }

    /// self + k·m, for k in {−1, 1}, with limbs renormalised.
    fn add_mul(&mut self, m: &S62, k: i64, l: usize) {
        let mut carry = 0i64;
        for i in 0..l {
            let v = self.0[i] + k * m.0[i] + carry;
            if i + 1 < l {
                self.0[i] = v & M62;
                carry = v >> 62;
            } else {
                self.0[i] = v;
            }
        }
    }

    fn neg(&mut self, l: usize) {
        let zero = S62([0; MAX_LIMBS]);
        let v = *self;
        *self = zero;
        self.add_mul(&v, -1, l);
    }

    /// self ≥ m, for self ≥ 0.
    fn geq(&self, m: &S62, l: usize) -> bool {
        for i in (0..l).rev() {
            if self.0[i] != m.0[i] {
                return self.0[i] > m.0[i];
            }
        }
        true
    }
}

/// 62 divsteps on the low bits of f (odd) and g, starting from δ (Bernstein–Yang,
/// "Fast constant-time gcd computation and modular inversion", TCHES 2019, §8):
/// divstep(δ, f, g) = (1 − δ, g, (g − f)/2) if δ > 0 and g is odd, else
/// (1 + δ, f, (g + (g mod 2)·f)/2). Returns the new δ and the transition matrix
/// [u v; q r] with 2^62·(f', g') = (u·f + v·g, q·f + r·g); |u| + |v| ≤ 2^62, and the same
/// for q, r. Runs of even g are skipped at once by counting trailing zeros.
fn divsteps_62_var(mut delta: i64, f0: u64, g0: u64) -> (i64, [i64; 4]) {
    let (mut u, mut v, mut q, mut r) = (1i64, 0i64, 0i64, 1i64);
    let (mut f, mut g) = (f0, g0);
    let mut left = 62u32;
    loop {
        // g/2 for each trailing zero: the f row doubles to keep the 2^i scaling.
        let zeros = (g | (u64::MAX << left)).trailing_zeros();
        g >>= zeros;
        u <<= zeros;
        v <<= zeros;
        delta += zeros as i64;
        left -= zeros;
        if left == 0 {
            break;
        }
        // g odd. Only the low 62 − i bits of f and g stay exact after i steps, which
        // is all the remaining decisions read.
        if delta > 0 {
            (f, g) = (g, g.wrapping_sub(f) >> 1);
            (u, v, q, r) = (q << 1, r << 1, q - u, r - v);
            delta = 1 - delta;
        } else {
            g = g.wrapping_add(f) >> 1;
            (u, v, q, r) = (u << 1, v << 1, q + u, r + v);
            delta += 1;
        }
        left -= 1;
    }
    (delta, [u, v, q, r])
}

/// (f, g) ← (u·f + v·g, q·f + r·g) / 2^62 (exact).
fn update_fg(f: &mut S62, g: &mut S62, t: [i64; 4], l: usize) {
    let [u, v, q, r] = t.map(i128::from);
    let mut cf = u * f.0[0] as i128 + v * g.0[0] as i128;
    let mut cg = q * f.0[0] as i128 + r * g.0[0] as i128;
    debug_assert!(cf as i64 & M62 == 0 && cg as i64 & M62 == 0);
    cf >>= 62;
    cg >>= 62;
    for i in 1..l {
        cf += u * f.0[i] as i128 + v * g.0[i] as i128;
        cg += q * f.0[i] as i128 + r * g.0[i] as i128;
        f.0[i - 1] = cf as i64 & M62;
        g.0[i - 1] = cg as i64 & M62;
        cf >>= 62;
        cg >>= 62;
    }
    f.0[l - 1] = cf as i64;
    g.0[l - 1] = cg as i64;
}

/// (d, e) ← (u·d + v·e, q·d + r·e) / 2^62 mod p: a multiple of p is added to each sum
/// to clear its low 62 bits (a Montgomery step), the multiplier taken in [−2^61, 2^61)
/// so that |d|, |e| grow by at most p/2 per call.
fn update_de(d: &mut S62, e: &mut S62, t: [i64; 4], p: &S62, pinv62: i64, l: usize) {
    let [u, v, q, r] = t.map(i128::from);
    let mut cd = u * d.0[0] as i128 + v * e.0[0] as i128;
    let mut ce = q * d.0[0] as i128 + r * e.0[0] as i128;
    let centre = |x: i64| ((x << 2) >> 2) as i128; // sign-extend 62 bits
    let md = centre((cd as i64).wrapping_mul(pinv62).wrapping_neg());
    let me = centre((ce as i64).wrapping_mul(pinv62).wrapping_neg());
    cd += md * p.0[0] as i128;
    ce += me * p.0[0] as i128;
    debug_assert!(cd as i64 & M62 == 0 && ce as i64 & M62 == 0);
    cd >>= 62;
    ce >>= 62;
    for i in 1..l {
        cd += u * d.0[i] as i128 + v * e.0[i] as i128 + md * p.0[i] as i128;
        ce += q * d.0[i] as i128 + r * e.0[i] as i128 + me * p.0[i] as i128;
        d.0[i - 1] = cd as i64 & M62;
        e.0[i - 1] = ce as i64 & M62;
        cd >>= 62;
        ce >>= 62;
    }
    d.0[l - 1] = cd as i64;
    e.0[l - 1] = ce as i64;
}

/// s·x⁻¹ mod p for 0 < x < p, p an odd prime, s < p; all canonical words.
///
/// Divsteps from (δ, f, g) = (1, p, x) reach g = 0, f = ±gcd = ±1 in at most
/// ⌊(49b + 80)/17⌋ steps for b-bit inputs (Bernstein–Yang, Theorem 11.2), so at most 25
/// batches of 62 for b ≤ 521. Alongside, d ≡ f·x⁻¹·s and e ≡ g·x⁻¹·s (mod p) start
/// at (0, s) and follow the same matrices; at the end x⁻¹·s = ±d. Each batch lets |d|,
/// |e| grow by at most p/2, so they stay below 2^5·p, within the limbs' range.
pub(super) fn invert_vartime<const N: usize>(x: &[u64; N], s: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let l = limbs62(N);
    debug_assert!(l <= MAX_LIMBS);
    let pinv62 = (super::limbs::inv_mod_2_64(p[0]) as i64) & M62;
    let pm = S62::from_words(p);
    let mut f = pm;
    let mut g = S62::from_words(x);
    let mut d = S62([0; MAX_LIMBS]);
    let mut e = S62::from_words(s);
    let mut delta = 1i64;
    while !g.is_zero(l) {
        // The low 62 bits of f and g are their limb 0 (limbs are 62-bit, two's
        // complement in total), exact for the negative values too.
        let (nd, t) = divsteps_62_var(delta, f.0[0] as u64, g.0[0] as u64);
        delta = nd;
        update_fg(&mut f, &mut g, t, l);
        update_de(&mut d, &mut e, t, &pm, pinv62, l);
    }
    if f.is_minus_one(l) {
        d.neg(l);
    } else {
        debug_assert!(f.is_one(l), "gcd(x, p) must be 1");
    }
    while d.is_negative(l) {
        d.add_mul(&pm, 1, l);
    }
    while d.geq(&pm, l) {
        d.add_mul(&pm, -1, l);
    }
    d.to_words()
}

/// The Jacobi symbol (a / n) for odd n > a ≥ 0, by the binary algorithm
/// (H. Cohen, *A Course in Computational Algebraic Number Theory*, Alg. 1.4.10 with
/// subtraction in place of division): strip factors 2 from a, each flipping the sign
/// when n ≡ ±3 (mod 8); swap when a < n, flipping it when a ≡ n ≡ 3 (mod 4)
/// (quadratic reciprocity); subtract. Works on the words still in use, and in u128
/// once both values fit.
pub(super) fn jacobi<const N: usize>(a: &[u64; N], n: &[u64; N]) -> i8 {
    let mut a = *a;
    let mut n = *n;
    let mut len = N;
    let mut t = 1i8;
    loop {
        while len > 0 && a[len - 1] == 0 && n[len - 1] == 0 {
            len -= 1;
        }
        if len <= 2 {
            let a2 = a[0] as u128 | if len == 2 { (a[1] as u128) << 64 } else { 0 };
            let n2 = n[0] as u128 | if len == 2 { (n[1] as u128) << 64 } else { 0 };
            return jacobi_u128(a2, n2, t);
        }
        if a[..len].iter().all(|&w| w == 0) {
            return 0; // n > 1 here, so gcd(0, n) = n ≠ 1.
        }
        // Strip the factors 2 of a.
        let z = trailing_zeros(&a[..len]);
        if z % 2 == 1 && matches!(n[0] & 7, 3 | 5) {
            t = -t;
        }
        shr(&mut a[..len], z);
        // a and n odd: make a ≥ n, then a ← a − n (even).
        if !geq_slice(&a[..len], &n[..len]) {
            core::mem::swap(&mut a, &mut n);
            if a[0] & 3 == 3 && n[0] & 3 == 3 {
                t = -t;
            }
        }
        sub_slice(&mut a[..len], &n[..len]);
    }
}

fn jacobi_u128(mut a: u128, mut n: u128, mut t: i8) -> i8 {
    loop {
        if a == 0 {
            return if n == 1 { t } else { 0 };
        }
        let z = a.trailing_zeros();
        a >>= z;
        if z % 2 == 1 && matches!(n & 7, 3 | 5) {
            t = -t;
        }
        if a < n {
            core::mem::swap(&mut a, &mut n);
            if a & 3 == 3 && n & 3 == 3 {
                t = -t;
            }
        }
        a -= n;
    }
}

fn trailing_zeros(a: &[u64]) -> u32 {
    let mut z = 0;
    for &w in a {
        if w != 0 {
            return z + w.trailing_zeros();
        }
        z += 64;
    }
    z
}

fn shr(a: &mut [u64], z: u32) {
    let (words, bits) = ((z / 64) as usize, z % 64);
    let len = a.len();
    for i in 0..len {
        let lo = if i + words < len { a[i + words] } else { 0 };
        let hi = if i + words + 1 < len {
            a[i + words + 1]
        } else {
            0
        };
        a[i] = if bits == 0 {
            lo
        } else {
            (lo >> bits) | (hi << (64 - bits))
        };
    }
}

fn geq_slice(a: &[u64], b: &[u64]) -> bool {
    for i in (0..a.len()).rev() {
        if a[i] != b[i] {
            return a[i] > b[i];
        }
    }
    true
}

fn sub_slice(a: &mut [u64], b: &[u64]) {
    let mut borrow = 0;
    for i in 0..a.len() {
        (a[i], borrow) = super::limbs::sbb(a[i], b[i], borrow);
    }
}
