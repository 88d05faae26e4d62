//! GF(p) for odd primes 3 < p < 2^(64N), N = 1 … 9 (p up to 576 bits, so P-521 fits):
//! the [`PrimeField`] trait and the generic [`Fp`] type.
//!
//! An element is N little-endian 64-bit words holding a value in [0, p), in the form its
//! spec's [`Reduction`] works in: Montgomery form x·2^(64N) mod p by default, the plain
//! value x for Crandall primes 2^k − c and for the Goldilocks prime. Either way the
//! stored words are canonical, so equality compares words. Every constant (R² mod p, −p⁻¹ mod 2^64, c, p − 2, the
//! inversion window) is derived from `S::P` by `const fn` at compile time: a spec states
//! p and nothing else (see [`fp_spec!`](crate::fp_spec)).
//!
//! Multiplication, squaring, addition and Fermat inversion are constant-time: loops
//! run a number of times fixed by N, and every correction is a masked selection.
//!
//! # Performance (dependent-chain latency, `ecsm field-bench`, fastest round, ns)
//!
//! Montgomery multiplication is CIOS (product and reduction interleaved); squaring is
//! CIOS(a, a) up to four words and a symmetric square with a separate reduction above,
//! as measured (see `sqr_repr`). Crandall primes use their own reduction where it won
//! (table in [`specs`]). On the AMD EPYC here (about 2.7 GHz, shared):
//!
//! | field     | mul  | sqr  | inv (divsteps) | inv_ct (Fermat) |
//! |-----------|------|------|----------------|-----------------|
//! | p256      | 20.5 | 18.7 | 1 100          | 5 800           |
//! | secp256k1 | 17.6 | 15.6 | 1 060          | 5 400           |
//! | p384      | 54   | 50   | 1 810          | 23 300          |
//! | p521      | 67   | 49   | 3 130          | 37 000          |
//!
//! These miss the 10 ns (square) / 12 ns (product) aim for four words. The chain is
//! bound by latency, not by the number of word products: a 256-bit Montgomery square is
//! about 50 cycles of dependent carries here; compiling the same code for BMI2/ADX
//! (`-C target-cpu=native`, `mulx`) measured only 20.0 → 17.6 ns for the P-256 square
//! and nothing on the product, so no intrinsics backend was added. A NIST-style
//! Solinas reduction for P-256 would shorten only the reduction half of the chain;
//! it was not attempted. The P-256 prime now has its own assembly for the product, the
//! square, the sum and the difference ([`crate::backend::p256_adx`], MULX/ADCX/ADOX, taken
//! at run time where the CPU has BMI2 and ADX; the generic code here is its portable
//! twin): product 20.6–22.0 ns, square 15.5–16.8 ns, sum 3.5–3.7 ns in the same quick
//! runs that gave the portable code 26.6–26.9, 23.0–24.9 and 6.5–6.7 ns (the table above
//! predates the optimisation barrier on the masks, which made the portable sum slower).
//! The P-384 prime likewise ([`crate::backend::p384_adx`]: product, square, sum and
//! difference on six words, the generic code its portable twin).

mod gcd;
pub(crate) mod limbs;
mod p448;
mod reduce;
pub mod specs;
pub mod sqrt;

pub use limbs::hex_words;
pub use p448::Fp448;
pub use specs::*;

use super::bytes::{be_to_words, words_to_be};
use super::{Field, FieldError};
use crate::backend::barrier::opaque;
use crate::backend::{k256_adx, p256_adx, p384_adx, point4};
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};
use limbs::{add_n, bit_length, mul_wide, sqr_wide, sub_n, Wide};
use rand_core::RngCore;

/// How products are reduced modulo p, chosen per prime by its spec.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reduction {
    /// Montgomery multiplication: elements are kept as x·2^(64N) mod p. Works for
    /// every odd p.
    Montgomery,
    /// Crandall's reduction for p = 2^k − c with c < 2^34 and k ≥ 80: elements are
    /// kept as their plain value and 2^k is folded as c. A spec that names it for
    /// another p fails to compile.
    Crandall,
    /// Solinas' reduction for the "golden" trinomial p = 2^(64N) − 2^(32N) − 1
    /// (Hamburg's Ed448-Goldilocks prime for N = 7): elements are kept as their plain
    /// value and 2^(64N) is folded as 2^(32N) + 1, with additions only. A spec that names
    /// it for another p fails to compile.
    Goldilocks,
}

/// The defining data of one prime field: p as N little-endian 64-bit words.
pub trait FpSpec<const N: usize>:
    Copy + fmt::Debug + Default + PartialEq + Eq + Send + Sync + 'static
{
    /// The modulus, little-endian words; odd, > 3, and its top word nonzero.
    const P: [u64; N];
    /// Report name, e.g. `p256` or `2^255-19`.
    const NAME: &'static str;
    /// The reduction used for products; Montgomery's unless the spec picks another.
    const REDUCTION: Reduction = Reduction::Montgomery;
}

/// A prime field GF(p).
pub trait PrimeField: Field {
    /// Bit length of p.
    const BITS: usize;
    /// p, little-endian 64-bit words.
    fn modulus() -> &'static [u64];
    /// The element congruent to `v`.
    fn from_u64(v: u64) -> Self;
    /// The canonical representative in [0, p), little-endian words (as many as p has).
    fn to_words(&self) -> Vec<u64>;
    /// The element with canonical representative `w` (little-endian words); values ≥ p
    /// are an error.
    fn from_words(w: &[u64]) -> Result<Self, FieldError>;
    /// True when the canonical representative is odd (the SEC 1 compression bit).
    fn is_odd(&self) -> bool;
    /// The Legendre symbol (self / p): 0, 1 or −1. Variable-time.
    fn legendre(&self) -> i8;
}

/// An element of GF(p) for the prime p of `S` (N words).
pub struct Fp<const N: usize, S: FpSpec<N>> {
    /// The value in the form of `S::REDUCTION`, always in [0, p).
    repr: [u64; N],
    _spec: PhantomData<S>,
}

impl<const N: usize, S: FpSpec<N>> Clone for Fp<N, S> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<const N: usize, S: FpSpec<N>> Copy for Fp<N, S> {}

impl<const N: usize, S: FpSpec<N>> PartialEq for Fp<N, S> {
    /// Constant-time: OR of the words' XORs, no early exit. Both sides are canonical.
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.repr
            .iter()
            .zip(&other.repr)
            .fold(0u64, |acc, (a, b)| acc | (a ^ b))
            == 0
    }
}
impl<const N: usize, S: FpSpec<N>> Eq for Fp<N, S> {}

impl<const N: usize, S: FpSpec<N>> fmt::Debug for Fp<N, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GF({})(0x", S::NAME)?;
        for b in self.to_bytes() {
            write!(f, "{b:02x}")?;
        }
        write!(f, ")")
    }
}

/// Window width w ≤ 5 minimising the multiplications of a fixed-window exponentiation
/// by a `bits`-bit exponent: 2^w − 2 for the table, one per window after the first.
const fn best_window(bits: usize) -> usize {
    let mut best = 1;
    let mut best_cost = usize::MAX;
    let mut w = 1;
    while w <= 5 {
        let cost = (1 << w) - 2 + bits.div_ceil(w) - 1;
        if cost < best_cost {
            best = w;
            best_cost = cost;
        }
        w += 1;
    }
    best
}

/// Compile-time constants of the field, all derived from `S::P`.
impl<const N: usize, S: FpSpec<N>> Fp<N, S> {
    /// p, little-endian words.
    pub const MODULUS: [u64; N] = S::P;
    const P_REF: &'static [u64; N] = &S::P;
    /// Bit length of p.
    const NBITS: usize = bit_length(&S::P);
    /// −p⁻¹ mod 2^64, the Montgomery multiplier.
    const PINV: u64 = limbs::inv_mod_2_64(S::P[0]).wrapping_neg();
    /// R mod p and R² mod p, R = 2^(64N).
    const R1: [u64; N] = limbs::pow2_mod(64 * N, &S::P);
    const R2: [u64; N] = limbs::pow2_mod(128 * N, &S::P);
    const IS_MONT: bool = matches!(S::REDUCTION, Reduction::Montgomery);
    /// The P-256 prime in Montgomery form: products, squares, sums and differences go to
    /// the BMI2/ADX assembly of [`backend::p256_adx`] when it is available, which keeps the
    /// same representation, and to the generic code here otherwise.
    const IS_P256: bool = Self::IS_MONT && N == 4 && limbs::words_eq(&S::P, &specs::P256_P);
    /// The secp256k1 prime with Crandall's reduction: products, squares, sums and
    /// differences go to [`backend::k256_adx`] when it is available (plain values, as
    /// here).
    const IS_K256: bool = matches!(S::REDUCTION, Reduction::Crandall)
        && N == 4
        && limbs::words_eq(&S::P, &specs::SECP256K1_P);
    /// The P-384 prime in Montgomery form: products, squares, sums and differences go to
    /// [`backend::p384_adx`] when it is available (the same representation).
    const IS_P384: bool = Self::IS_MONT && N == 6 && limbs::words_eq(&S::P, &specs::P384_P);
    const IS_GOLDILOCKS: bool = matches!(S::REDUCTION, Reduction::Goldilocks);
    /// c = 2^k − p for Crandall primes (k the bit length of p); 0 otherwise.
    const C: u64 = if !matches!(S::REDUCTION, Reduction::Crandall) {
        0
    } else {
        let k = Self::NBITS;
        let mut two_k = [0u64; N];
        if k < 64 * N {
            two_k[k / 64] = 1 << (k % 64);
        }
        let c = limbs::sub_const(&two_k, &S::P);
        let mut i = 1;
        while i < N {
            assert!(c[i] == 0, "Crandall reduction needs p = 2^k - c, c < 2^34");
            i += 1;
        }
        assert!(
            c[0] < 1 << 34,
            "Crandall reduction needs p = 2^k - c, c < 2^34"
        );
        assert!(k >= 80, "Crandall reduction needs p of 80 bits or more");
        c[0]
    };
    /// The stored form of 1.
    const ONE: [u64; N] = if Self::IS_MONT {
        Self::R1
    } else {
        let mut one = [0u64; N];
        one[0] = 1;
        one
    };
    /// The factor that makes an integer inverse of the stored words the stored form of
    /// the inverse: (xR)⁻¹·R² = x⁻¹R in Montgomery form, 1 for plain values.
    const INV_SCALE: [u64; N] = if Self::IS_MONT { Self::R2 } else { Self::ONE };
    /// p − 2, the Fermat inversion exponent.
    const P_MINUS_2: [u64; N] = limbs::sub_small(&S::P, 2);
    /// Window width of the Fermat inversion.
    const WINDOW: usize = best_window(Self::NBITS);

    /// Compile-time checks of the spec; evaluated by [`fp_spec!`](crate::fp_spec) for
    /// each declared field (and by the arithmetic on first use).
    #[doc(hidden)]
    pub const VALID: () = {
        assert!(N >= 1 && N <= 9, "1 to 9 words");
        assert!(S::P[0] & 1 == 1, "p must be odd");
        assert!(S::P[N - 1] != 0, "the top word of p must be nonzero");
        assert!(N > 1 || S::P[0] > 3, "p must exceed 3");
        let _ = Self::C;
        // A Goldilocks spec needs p = 2^(64N) − 2^(32N) − 1: its 32-bit digits are all
        // ones except digit N, which is 2^32 − 2.
        if Self::IS_GOLDILOCKS {
            assert!(N >= 2, "Goldilocks reduction needs two words or more");
            let mut d = 0;
            while d < 2 * N {
                let digit = (S::P[d / 2] >> (32 * (d % 2))) & 0xffff_ffff;
                let want = if d == N { 0xffff_fffe } else { 0xffff_ffff };
                assert!(
                    digit == want,
                    "Goldilocks reduction needs p = 2^(64N) - 2^(32N) - 1"
                );
                d += 1;
            }
        }
    };

    #[inline(always)]
    const fn from_repr(repr: [u64; N]) -> Self {
        Fp {
            repr,
            _spec: PhantomData,
        }
    }

    /// The stored form of a canonical value w < p (Montgomery: w·R² ·R⁻¹ = wR; also
    /// correct for w < 2^(64N) when N = 1, as w·R² < pR).
    #[inline(always)]
    fn encode(w: &[u64; N]) -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Self::VALID;
        if Self::IS_MONT {
            // w·R²·R⁻¹ = w·R by the field's own product (the assembly where it runs);
            // both factors are below p.
            Self::from_repr(Self::mul_repr(w, &Self::R2))
        } else {
            Self::from_repr(*w)
        }
    }

    /// The canonical value in [0, p), little-endian words.
    #[inline(always)]
    pub fn to_canonical(&self) -> [u64; N] {
        if Self::IS_MONT {
            reduce::montgomery(
                Wide {
                    lo: self.repr,
                    hi: [0; N],
                },
                &S::P,
                Self::PINV,
            )
        } else {
            self.repr
        }
    }

    /// The element with canonical value `w`, or `OutOfRange` when w ≥ p.
    pub fn from_canonical(w: [u64; N]) -> Result<Self, FieldError> {
        // Borrow out of w − p means w < p; a branch only on the accept/reject outcome.
        let (_, below) = sub_n(&w, &S::P);
        if below == 0 {
            return Err(FieldError::OutOfRange { field: S::NAME });
        }
        Ok(Self::encode(&w))
    }

    /// The element with canonical value `w`, for constants: a `const fn` that panics
    /// (a compile error in a `const`) when w ≥ p. Run-time input goes through
    /// [`Fp::from_canonical`] or [`Field::from_bytes`] instead.
    pub const fn const_from_words(w: [u64; N]) -> Self {
        assert!(!limbs::geq(&w, &S::P), "constant not below p");
        if Self::IS_MONT {
            Self::from_repr(limbs::shl_mod(&w, 64 * N, &S::P))
        } else {
            Self::from_repr(w)
        }
    }

    /// The element written in big-endian hexadecimal, for constants (see
    /// [`Fp::const_from_words`]): panics on a bad digit or a value ≥ p.
    pub const fn const_from_hex(s: &str) -> Self {
        Self::const_from_words(hex_words::<N>(s))
    }

    #[inline(always)]
    fn mul_repr(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        Self::accel(a, b, p256_adx::mul, k256_adx::mul)
            .or_else(|| Self::accel6(a, b, p384_adx::mul))
            .unwrap_or_else(|| Self::mul_repr_portable(a, b))
    }

    /// `op` of the six-word assembly for the P-384 prime ([`Self::IS_P384`]), or None for
    /// another prime or where the assembly is not available.
    #[inline(always)]
    fn accel6(
        a: &[u64; N],
        b: &[u64; N],
        p384: impl FnOnce(&[u64; 6], &[u64; 6]) -> Option<[u64; 6]>,
    ) -> Option<[u64; N]> {
        if !Self::IS_P384 {
            return None;
        }
        p384(&limbs::resized::<6, N>(a), &limbs::resized::<6, N>(b)).map(|r| limbs::resized(&r))
    }

    /// `op` of the assembly for this prime (`p256` or `k256`, see [`Self::IS_P256`] and
    /// [`Self::IS_K256`]), or None for another prime or where the assembly is not
    /// available. Both are constants after monomorphisation, so other fields keep only
    /// their generic code.
    #[inline(always)]
    fn accel(
        a: &[u64; N],
        b: &[u64; N],
        p256: impl FnOnce(&[u64; 4], &[u64; 4]) -> Option<[u64; 4]>,
        k256: impl FnOnce(&[u64; 4], &[u64; 4]) -> Option<[u64; 4]>,
    ) -> Option<[u64; N]> {
        let (a, b) = (limbs::resized::<4, N>(a), limbs::resized::<4, N>(b));
        let r = if Self::IS_P256 {
            p256(&a, &b)
        } else if Self::IS_K256 {
            k256(&a, &b)
        } else {
            None
        };
        r.map(|r| limbs::resized(&r))
    }

    /// The generic product, whatever backend is available.
    #[inline(always)]
    fn mul_repr_portable(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        if Self::IS_MONT {
            reduce::montgomery_mul_cios(a, b, &S::P, Self::PINV)
        } else if Self::IS_GOLDILOCKS {
            reduce::goldilocks(&mul_wide(a, b))
        } else {
            reduce::crandall(&mul_wide(a, b), Self::NBITS, Self::C)
        }
    }

    #[inline(always)]
    fn sqr_repr(a: &[u64; N]) -> [u64; N] {
        // Up to four words the symmetric square (N(N+1)/2 word products) loses to the
        // full product in a dependent chain: latency, not the number of products,
        // bounds it, and the doubling and diagonal passes lengthen the path. Measured
        // (ns, `ecsm field-bench`): P-256 18.4 by CIOS(a, a) against 20.0 symmetric;
        // P-224 19.0 against 23.3; secp256k1 15.6 by the full product against 18.0.
        // The assembly of P-256 and secp256k1 has its own square, which wins there.
        // From five words on the saved products win: P-384 53 against 72 by the full
        // product, P-521 49 against 77.
        let p256_sqr = |a: &[u64; 4], _: &[u64; 4]| p256_adx::sqr(a);
        let k256_sqr = |a: &[u64; 4], _: &[u64; 4]| k256_adx::sqr(a);
        if let Some(r) = Self::accel(a, a, p256_sqr, k256_sqr) {
            return r;
        }
        let p384_sqr = |a: &[u64; 6], _: &[u64; 6]| p384_adx::sqr(a);
        if let Some(r) = Self::accel6(a, a, p384_sqr) {
            return r;
        }
        Self::sqr_repr_portable(a)
    }

    /// a^(2^k) in the stored form: the assembly's run of squares ([`p256_adx::sqr_n`],
    /// [`k256_adx::sqr_n`], [`p384_adx::sqr_n`]: the CPU checked once, not per square)
    /// where it applies, else k calls of [`Self::sqr_repr`].
    #[inline(always)]
    fn sqr_n_repr(a: &[u64; N], k: usize) -> [u64; N] {
        let p256 = |a: &[u64; 4], _: &[u64; 4]| p256_adx::sqr_n(a, k);
        let k256 = |a: &[u64; 4], _: &[u64; 4]| k256_adx::sqr_n(a, k);
        if let Some(r) = Self::accel(a, a, p256, k256) {
            return r;
        }
        let p384 = |a: &[u64; 6], _: &[u64; 6]| p384_adx::sqr_n(a, k);
        if let Some(r) = Self::accel6(a, a, p384) {
            return r;
        }
        let mut r = *a;
        for _ in 0..k {
            r = Self::sqr_repr(&r);
        }
        r
    }

    /// The generic square, whatever backend is available.
    #[inline(always)]
    fn sqr_repr_portable(a: &[u64; N]) -> [u64; N] {
        if Self::IS_MONT && N <= 4 {
            return Self::mul_repr_portable(a, a);
        }
        let t = if N <= 4 { mul_wide(a, a) } else { sqr_wide(a) };
        if Self::IS_MONT {
            reduce::montgomery(t, &S::P, Self::PINV)
        } else if Self::IS_GOLDILOCKS {
            reduce::goldilocks(&t)
        } else {
            reduce::crandall(&t, Self::NBITS, Self::C)
        }
    }

    /// The stored words of a four-word element, for [`point4`].
    #[inline(always)]
    fn words4(f: &Self) -> [u64; 4] {
        limbs::resized::<4, N>(&f.repr)
    }

    /// A point of [`point4`] back as elements, one by one: `[T; 3]::map` here was once left
    /// out of line (`try_map`), and its wide loads of the words just stored stalled (14 %
    /// of P-256 `naf:w=5` in `perf`). Always Some; an Option for the hooks' `?`.
    #[inline(always)]
    fn point_op3(p: [[u64; 4]; 3]) -> Option<[Self; 3]> {
        let f = |c: &[u64; 4]| Self::from_repr(limbs::resized(c));
        Some([f(&p[0]), f(&p[1]), f(&p[2])])
    }

    /// `2·self`.
    #[inline(always)]
    pub fn double(&self) -> Self {
        *self + *self
    }

    /// `self^(p−2)` = `self⁻¹` for nonzero self (Fermat), by a fixed-window
    /// exponentiation: the exponent p − 2 is public, so reading the table at its digits
    /// leaks nothing; the operations run are the same for every value. Zero gives zero.
    fn fermat_inverse(&self) -> Self {
        const MAX_TABLE: usize = 32;
        let w = Self::WINDOW;
        let mut table = [Self::one(); MAX_TABLE];
        for i in 1..(1 << w) {
            table[i] = table[i - 1] * *self;
        }
        let e = &Self::P_MINUS_2;
        let digit = |i: usize| -> usize {
            // Bits [w·i, w·i + w) of e, which may straddle two words.
            let bit = w * i;
            let mut d = e[bit / 64] >> (bit % 64);
            if bit % 64 + w > 64 && bit / 64 + 1 < N {
                d |= e[bit / 64 + 1] << (64 - bit % 64);
            }
            (d & ((1 << w) - 1)) as usize
        };
        let windows = Self::NBITS.div_ceil(w);
        let mut r = table[digit(windows - 1)];
        for i in (0..windows - 1).rev() {
            // One square at a time: `square_n(w)` here measured slower (P-256 inv_ct
            // 3.76 → 4.37 µs in `field-bench`, stop 52); its runs pay where they are long.
            for _ in 0..w {
                r = r.square();
            }
            let d = digit(i);
            if d != 0 {
                r *= table[d];
            }
        }
        r
    }
}

impl<const N: usize, S: FpSpec<N>> Add for Fp<N, S> {
    type Output = Self;
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        let r = Self::accel(&self.repr, &rhs.repr, p256_adx::add, k256_adx::add)
            .or_else(|| Self::accel6(&self.repr, &rhs.repr, p384_adx::add));
        match r {
            Some(r) => Self::from_repr(r),
            None => self.add_portable(rhs),
        }
    }
}
impl<const N: usize, S: FpSpec<N>> AddAssign for Fp<N, S> {
    #[inline(always)]
    fn add_assign(&mut self, rhs: Self) {
        *self = *self + rhs;
    }
}
impl<const N: usize, S: FpSpec<N>> Sub for Fp<N, S> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        let r = Self::accel(&self.repr, &rhs.repr, p256_adx::sub, k256_adx::sub)
            .or_else(|| Self::accel6(&self.repr, &rhs.repr, p384_adx::sub));
        match r {
            Some(r) => Self::from_repr(r),
            None => self.sub_portable(rhs),
        }
    }
}

/// The generic arithmetic, whatever backend is available: the portable twin that the
/// tests compare the P-256 and secp256k1 assembly with.
impl<const N: usize, S: FpSpec<N>> Fp<N, S> {
    /// `self · rhs` by the generic code.
    #[doc(hidden)]
    #[inline(always)]
    pub fn mul_portable(self, rhs: Self) -> Self {
        Self::from_repr(Self::mul_repr_portable(&self.repr, &rhs.repr))
    }
    /// `self²` by the generic code.
    #[doc(hidden)]
    #[inline(always)]
    pub fn square_portable(self) -> Self {
        Self::from_repr(Self::sqr_repr_portable(&self.repr))
    }
    /// `self + rhs` by the generic code: a + b < 2p, one masked subtraction of p.
    #[doc(hidden)]
    #[inline(always)]
    pub fn add_portable(self, rhs: Self) -> Self {
        let (s, carry) = add_n(&self.repr, &rhs.repr);
        Self::from_repr(reduce::final_sub(&s, carry, &S::P))
    }
    /// `self − rhs` by the generic code: a − b, plus p under the mask of the borrow.
    #[doc(hidden)]
    #[inline(always)]
    pub fn sub_portable(self, rhs: Self) -> Self {
        let (d, borrow) = sub_n(&self.repr, &rhs.repr);
        let mask = opaque(borrow.wrapping_neg());
        let mut pm = [0u64; N];
        for i in 0..N {
            pm[i] = S::P[i] & mask;
        }
        Self::from_repr(add_n(&d, &pm).0)
    }
}
impl<const N: usize, S: FpSpec<N>> SubAssign for Fp<N, S> {
    #[inline(always)]
    fn sub_assign(&mut self, rhs: Self) {
        *self = *self - rhs;
    }
}
impl<const N: usize, S: FpSpec<N>> Neg for Fp<N, S> {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        Self::zero() - self
    }
}
impl<const N: usize, S: FpSpec<N>> Mul for Fp<N, S> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        Self::from_repr(Self::mul_repr(&self.repr, &rhs.repr))
    }
}
impl<const N: usize, S: FpSpec<N>> MulAssign for Fp<N, S> {
    #[inline(always)]
    fn mul_assign(&mut self, rhs: Self) {
        *self = *self * rhs;
    }
}

impl<const N: usize, S: FpSpec<N>> Field for Fp<N, S> {
    const NAME: &'static str = S::NAME;
    const BYTES: usize = bit_length(&S::P).div_ceil(8);

    #[inline(always)]
    fn zero() -> Self {
        Self::from_repr([0; N])
    }
    #[inline(always)]
    fn one() -> Self {
        Self::from_repr(Self::ONE)
    }
    #[inline(always)]
    fn is_zero(&self) -> bool {
        self.repr.iter().fold(0, |acc, w| acc | w) == 0
    }
    #[inline(always)]
    fn square(&self) -> Self {
        Self::from_repr(Self::sqr_repr(&self.repr))
    }
    #[inline(always)]
    fn square_n(&self, k: usize) -> Self {
        Self::from_repr(Self::sqr_n_repr(&self.repr, k))
    }
    /// The P-256 assembly's doubling ([`point4::double_a3_p256`]) on P-256's field where
    /// it runs; None otherwise.
    #[inline(always)]
    fn jacobian_double_a3(x: &Self, y: &Self, z: &Self) -> Option<[Self; 3]> {
        if !Self::IS_P256 {
            return None;
        }
        Self::point_op3(point4::double_a3_p256(&[
            Self::words4(x),
            Self::words4(y),
            Self::words4(z),
        ])?)
    }
    /// The secp256k1 assembly's doubling ([`point4::double_a0_k256`]) on its field where it
    /// runs; None otherwise.
    #[inline(always)]
    fn jacobian_double_a0(x: &Self, y: &Self, z: &Self) -> Option<[Self; 3]> {
        if !Self::IS_K256 {
            return None;
        }
        Self::point_op3(point4::double_a0_k256(&[
            Self::words4(x),
            Self::words4(y),
            Self::words4(z),
        ])?)
    }
    /// The P-256 or secp256k1 assembly's mixed addition ([`point4::madd_p256`],
    /// [`point4::madd_k256`]) on its field where it runs; None otherwise.
    #[inline(always)]
    fn jacobian_madd(
        x1: &Self,
        y1: &Self,
        z1: &Self,
        x2: &Self,
        y2: &Self,
    ) -> Option<([Self; 3], Self, Self)> {
        let w = Self::words4;
        let (p, q) = ([w(x1), w(y1), w(z1)], [w(x2), w(y2)]);
        let (pt, h, r) = if Self::IS_P256 {
            point4::madd_p256(&p, &q)?
        } else if Self::IS_K256 {
            point4::madd_k256(&p, &q)?
        } else {
            return None;
        };
        let f = |c: &[u64; 4]| Self::from_repr(limbs::resized(c));
        Some((Self::point_op3(pt)?, f(&h), f(&r)))
    }
    #[inline(always)]
    fn ct_select(a: &Self, b: &Self, choice: u64) -> Self {
        Self::from_repr(limbs::select(choice, &b.repr, &a.repr))
    }
    /// Fermat: self^(p−2) by a fixed window (about bits·S + bits/w·M).
    fn invert(&self) -> Result<Self, FieldError> {
        if self.is_zero() {
            return Err(FieldError::NotInvertible);
        }
        Ok(self.fermat_inverse())
    }
    /// Bernstein–Yang divsteps in batches of 62, variable-time.
    fn invert_vartime(&self) -> Result<Self, FieldError> {
        if self.is_zero() {
            return Err(FieldError::NotInvertible);
        }
        Ok(Self::from_repr(gcd::invert_vartime(
            &self.repr,
            &Self::INV_SCALE,
            &S::P,
        )))
    }
    fn to_bytes(&self) -> Vec<u8> {
        words_to_be(&self.to_canonical(), Self::BYTES)
    }
    fn from_bytes(bytes: &[u8]) -> Result<Self, FieldError> {
        Self::from_canonical(be_to_words(S::NAME, bytes, Self::BYTES)?)
    }
    /// Rejection sampling: uniform words cut to the bit length of p until one is
    /// below p (accepted with probability > 1/2).
    fn random(rng: &mut dyn RngCore) -> Self {
        let top = Self::NBITS - 64 * (N - 1);
        let mask = if top == 64 {
            u64::MAX
        } else {
            (1u64 << top) - 1
        };
        loop {
            let mut w = [0u64; N];
            for x in w.iter_mut() {
                *x = rng.next_u64();
            }
            w[N - 1] &= mask;
            if let Ok(x) = Self::from_canonical(w) {
                return x;
            }
        }
    }
}

impl<const N: usize, S: FpSpec<N>> PrimeField for Fp<N, S> {
    const BITS: usize = bit_length(&S::P);

    fn modulus() -> &'static [u64] {
        Self::P_REF
    }
    fn from_u64(v: u64) -> Self {
        // v < p when N > 1; for N = 1 (Montgomery only) encode reduces any v.
        let mut w = [0u64; N];
        w[0] = v;
        Self::encode(&w)
    }
    fn to_words(&self) -> Vec<u64> {
        self.to_canonical().to_vec()
    }
    /// A slice of the wrong length is `BadLength`, with `expected` and `got` counted in
    /// words here.
    fn from_words(w: &[u64]) -> Result<Self, FieldError> {
        let w: [u64; N] = w.try_into().map_err(|_| FieldError::BadLength {
            field: S::NAME,
            expected: N,
            got: w.len(),
        })?;
        Self::from_canonical(w)
    }
    fn is_odd(&self) -> bool {
        self.to_canonical()[0] & 1 == 1
    }
    /// Binary Jacobi symbol on the canonical value.
    fn legendre(&self) -> i8 {
        gcd::jacobi(&self.to_canonical(), &S::P)
    }
}

/// Declares a prime field from its modulus in hexadecimal: a spec type, its
/// [`FpSpec`] impl with p parsed at compile time, and an alias for the field.
///
/// ```
/// ecsm::fp_spec!(
///     /// GF(2^127 − 1).
///     M127, FpM127, 2, "7fffffffffffffffffffffffffffffff", "2^127-1"
/// );
/// use ecsm::field::{Field, PrimeField};
/// assert_eq!(FpM127::BITS, 127);
/// assert_eq!(-FpM127::one(), FpM127::from_u64(0) - FpM127::one());
/// ```
///
/// An optional last argument names the [`Reduction`] (`Crandall` or `Goldilocks`),
/// Montgomery's by default. The macro also evaluates the spec's compile-time checks, so a
/// bad p (even, too wide, not of the shape its reduction needs) fails the build.
#[macro_export]
macro_rules! fp_spec {
    ($(#[$doc:meta])* $spec:ident, $alias:ident, $n:literal, $hex:literal, $name:literal $(, $red:ident)?) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
        pub struct $spec;
        impl $crate::field::prime::FpSpec<$n> for $spec {
            const P: [u64; $n] = $crate::field::prime::hex_words::<$n>($hex);
            const NAME: &'static str = $name;
            $(const REDUCTION: $crate::field::prime::Reduction =
                $crate::field::prime::Reduction::$red;)?
        }
        $(#[$doc])*
        pub type $alias = $crate::field::prime::Fp<$n, $spec>;
        const _: () = $crate::field::prime::Fp::<$n, $spec>::VALID;
    };
}
