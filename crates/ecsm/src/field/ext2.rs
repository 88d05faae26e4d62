//! Quadratic extensions GF(2^2m) = GF(2^m)\[u\]/(u² + u + 1) for odd m (u² + u + 1 is
//! irreducible over GF(2^m) exactly when m is odd), with the formulas of seed 001:
//! multiplication in 3 base multiplications, squaring in 2 base squarings, inversion
//! through the norm, square root in 2 base roots, and quadratic solving through the
//! subfield. GF(2^254) over GF(2^127) is the field of the GLS254 curve.

use super::gf2m::{Gf2m, P127};
use super::{BinaryField, Field, FieldError};
use crate::backend::{Auto, Backend};
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};
use rand_core::RngCore;

/// A binary field of odd degree that can carry the quadratic extension by u² + u + 1.
pub trait QuadraticBase: BinaryField {
    /// Report name of the extension, e.g. `2^254`.
    const EXT_NAME: &'static str;
    /// (a₀ + a₁u)(b₀ + b₁u) = (a₀b₀ + a₁b₁) + ((a₀ + a₁)(b₀ + b₁) + a₀b₀)u: three base
    /// multiplications (seed 001). Fields may combine the products before reducing; the
    /// value, and the count of 3M, are the same.
    #[inline(always)]
    fn ext_mul(a0: Self, a1: Self, b0: Self, b1: Self) -> (Self, Self) {
        let a0b0 = a0 * b0;
        let a1b1 = a1 * b1;
        let cross = (a0 + a1) * (b0 + b1);
        (a0b0 + a1b1, cross + a0b0)
    }
    /// (a₀ + a₁u)² = (a₀² + a₁²) + a₁²u: two base squarings (seed 001). Fields may
    /// compute both at once; the value, and the count of 2S, are the same.
    #[inline(always)]
    fn ext_square(a0: Self, a1: Self) -> (Self, Self) {
        let s1 = a1.square();
        (a0.square() + s1, s1)
    }
    /// The base field's two words, for GF(2^127) (the backend's GLS254 loop,
    /// [`Backend::gls254_loops`]); `None` for other fields and for the counting wrapper,
    /// which must run the generic code.
    #[inline(always)]
    fn words127(&self) -> Option<[u64; 2]> {
        None
    }
    /// The element with these words (the inverse of [`Self::words127`], for values the
    /// backend's loop returns in canonical form).
    #[inline(always)]
    fn from_words127(w: [u64; 2]) -> Option<Self> {
        let _ = w;
        None
    }
    /// [`Backend::gls254_loops`] of the backend this field computes with.
    #[inline(always)]
    fn gls254_loops() -> bool {
        false
    }
}

impl<B: Backend> QuadraticBase for Gf2m<2, P127, B> {
    const EXT_NAME: &'static str = "2^254";
    #[inline(always)]
    fn words127(&self) -> Option<[u64; 2]> {
        Some(*self.limbs())
    }
    #[inline(always)]
    fn from_words127(w: [u64; 2]) -> Option<Self> {
        Some(Self::from_limbs_unchecked(w))
    }
    #[inline(always)]
    fn gls254_loops() -> bool {
        B::gls254_loops()
    }
    #[inline(always)]
    fn ext_mul(a0: Self, a1: Self, b0: Self, b1: Self) -> (Self, Self) {
        let (c0, c1) = B::mul_ext2::<2, P127>(a0.limbs(), a1.limbs(), b0.limbs(), b1.limbs());
        (
            Self::from_limbs_unchecked(c0),
            Self::from_limbs_unchecked(c1),
        )
    }
    #[inline(always)]
    fn ext_square(a0: Self, a1: Self) -> (Self, Self) {
        let (c0, c1) = B::square_ext2::<2, P127>(a0.limbs(), a1.limbs());
        (
            Self::from_limbs_unchecked(c0),
            Self::from_limbs_unchecked(c1),
        )
    }
}

/// a₀ + a₁·u with u² = u + 1.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Gf2Ext<F> {
    /// Coefficient of 1.
    pub c0: F,
    /// Coefficient of u.
    pub c1: F,
}

/// GF(2^254) = GF(2^127)\[u\]/(u² + u + 1) (seed 001).
pub type Gf254 = Gf2Ext<Gf2m<2, P127, Auto>>;

/// GF(2^254) computed with a chosen backend.
pub type Gf254With<B> = Gf2Ext<Gf2m<2, P127, B>>;

impl<F: QuadraticBase> Gf2Ext<F> {
    /// a₀ + a₁·u.
    pub fn new(c0: F, c1: F) -> Self {
        Gf2Ext { c0, c1 }
    }

    /// The generator u of GF(4) ⊂ GF(2^2m).
    pub fn u() -> Self {
        Gf2Ext {
            c0: F::zero(),
            c1: F::one(),
        }
    }

    /// Inversion through the norm: with t = a₀a₁ + a₀² + a₁² = a·a^(2^m) ∈ GF(2^m),
    /// a⁻¹ = ((a₀ + a₁) + a₁u)·t⁻¹. Costs one base inversion + 3M + 2S.
    fn invert_with(&self, inv: impl Fn(&F) -> Result<F, FieldError>) -> Result<Self, FieldError> {
        let t = self.c0 * self.c1 + self.c0.square() + self.c1.square();
        let ti = inv(&t)?;
        Ok(Gf2Ext {
            c0: (self.c0 + self.c1) * ti,
            c1: self.c1 * ti,
        })
    }
}

impl<F: QuadraticBase> Add for Gf2Ext<F> {
    type Output = Self;
    #[inline(always)]
    fn add(self, r: Self) -> Self {
        Gf2Ext {
            c0: self.c0 + r.c0,
            c1: self.c1 + r.c1,
        }
    }
}
impl<F: QuadraticBase> AddAssign for Gf2Ext<F> {
    #[inline(always)]
    fn add_assign(&mut self, r: Self) {
        *self = *self + r;
    }
}
impl<F: QuadraticBase> Sub for Gf2Ext<F> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, r: Self) -> Self {
        self + r
    }
}
impl<F: QuadraticBase> SubAssign for Gf2Ext<F> {
    #[inline(always)]
    fn sub_assign(&mut self, r: Self) {
        *self += r;
    }
}
impl<F: QuadraticBase> Neg for Gf2Ext<F> {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        self
    }
}
impl<F: QuadraticBase> Mul for Gf2Ext<F> {
    type Output = Self;
    /// (a₀ + a₁u)(b₀ + b₁u) by [`QuadraticBase::ext_mul`]: 3 base M.
    #[inline(always)]
    fn mul(self, r: Self) -> Self {
        let (c0, c1) = F::ext_mul(self.c0, self.c1, r.c0, r.c1);
        Gf2Ext { c0, c1 }
    }
}
impl<F: QuadraticBase> MulAssign for Gf2Ext<F> {
    #[inline(always)]
    fn mul_assign(&mut self, r: Self) {
        *self = *self * r;
    }
}

impl<F: QuadraticBase> Field for Gf2Ext<F> {
    const NAME: &'static str = F::EXT_NAME;
    const BYTES: usize = 2 * F::BYTES;

    #[inline(always)]
    fn zero() -> Self {
        Gf2Ext {
            c0: F::zero(),
            c1: F::zero(),
        }
    }
    #[inline(always)]
    fn one() -> Self {
        Gf2Ext {
            c0: F::one(),
            c1: F::zero(),
        }
    }
    #[inline(always)]
    fn is_zero(&self) -> bool {
        self.c0.is_zero() & self.c1.is_zero()
    }
    /// (a₀ + a₁u)² = (a₀² + a₁²) + a₁²u: 2 base S.
    #[inline(always)]
    fn square(&self) -> Self {
        let (c0, c1) = F::ext_square(self.c0, self.c1);
        Gf2Ext { c0, c1 }
    }
    /// By a curve constant: u·a is additions only (a₁ + (a₀ + a₁)u) and a constant of the
    /// subfield GF(2^m) costs 2 base multiplications instead of 3 (the seed's m̃_a and
    /// m̃_b). The branches are on the constant, which is public.
    #[inline(always)]
    fn mul_const(&self, c: &Self) -> Self {
        if c.c1.is_zero() {
            Gf2Ext {
                c0: self.c0.mul_const(&c.c0),
                c1: self.c1.mul_const(&c.c0),
            }
        } else if c.c1 == F::one() {
            // (a₀ + a₁u)(c₀ + u) = (a₀c₀ + a₁) + (a₀ + a₁ + a₁c₀)u, as u² = u + 1: two
            // base multiplications by c₀, none when c₀ ∈ {0, 1} (a2 = u, a2 + 1 and, on a
            // GLS curve, a2² + b = u + 1 + b).
            if c.c0.is_zero() {
                Gf2Ext {
                    c0: self.c1,
                    c1: self.c0 + self.c1,
                }
            } else if c.c0 == F::one() {
                Gf2Ext {
                    c0: self.c0 + self.c1,
                    c1: self.c0,
                }
            } else {
                Gf2Ext {
                    c0: self.c0.mul_const(&c.c0) + self.c1,
                    c1: self.c0 + self.c1 + self.c1.mul_const(&c.c0),
                }
            }
        } else {
            *self * *c
        }
    }
    #[inline(always)]
    fn ct_select(a: &Self, b: &Self, choice: u64) -> Self {
        Gf2Ext {
            c0: F::ct_select(&a.c0, &b.c0, choice),
            c1: F::ct_select(&a.c1, &b.c1, choice),
        }
    }
    fn invert(&self) -> Result<Self, FieldError> {
        self.invert_with(F::invert)
    }
    fn invert_vartime(&self) -> Result<Self, FieldError> {
        self.invert_with(F::invert_vartime)
    }
    /// a₁ ‖ a₀, each the base field's canonical big-endian encoding.
    fn to_bytes(&self) -> Vec<u8> {
        let mut v = self.c1.to_bytes();
        v.extend(self.c0.to_bytes());
        v
    }
    fn from_bytes(bytes: &[u8]) -> Result<Self, FieldError> {
        if bytes.len() != Self::BYTES {
            return Err(FieldError::BadLength {
                field: Self::NAME,
                expected: Self::BYTES,
                got: bytes.len(),
            });
        }
        let (hi, lo) = bytes.split_at(F::BYTES);
        let out_of_range = |_| FieldError::OutOfRange { field: Self::NAME };
        Ok(Gf2Ext {
            c0: F::from_bytes(lo).map_err(out_of_range)?,
            c1: F::from_bytes(hi).map_err(out_of_range)?,
        })
    }
    fn random(rng: &mut dyn RngCore) -> Self {
        Gf2Ext {
            c0: F::random(rng),
            c1: F::random(rng),
        }
    }
}

impl<F: QuadraticBase> BinaryField for Gf2Ext<F> {
    const DEGREE: usize = 2 * F::DEGREE;

    /// (a₀ + a₁u)^(2^k) = a₀^(2^k) + a₁^(2^k)·u^(2^k), and u^(2^k) = u + (k mod 2).
    fn multi_square(&self, k: usize) -> Self {
        let (s0, s1) = (self.c0.multi_square(k), self.c1.multi_square(k));
        Gf2Ext {
            c0: if k % 2 == 1 { s0 + s1 } else { s0 },
            c1: s1,
        }
    }
    fn multi_square_ct(&self, k: usize) -> Self {
        let (s0, s1) = (self.c0.multi_square_ct(k), self.c1.multi_square_ct(k));
        Gf2Ext {
            c0: if k % 2 == 1 { s0 + s1 } else { s0 },
            c1: s1,
        }
    }
    /// Tr(a) = Tr_m(Tr_{2m/m}(a)) and Tr_{2m/m}(a₀ + a₁u) = a + a^(2^m) = a₁ (u^(2^m) = u + 1
    /// for odd m), so Tr(a) = Tr_m(a₁).
    #[inline]
    fn trace(&self) -> u8 {
        self.c1.trace()
    }
    /// Solve z² + z = c through the subfield: with z = z₀ + z₁u,
    /// z² + z = (z₀² + z₀ + z₁²) + (z₁² + z₁)u, so z₁ = H(c₁) (or H(c₁) + 1) and
    /// z₀ = H(c₀ + z₁²). Of the two choices of z₁ exactly one makes Tr_m(c₀ + z₁²) = 0,
    /// since Tr_m(1) = 1. Costs 2 base half-traces, a base trace and a base squaring.
    fn half_trace(&self) -> Self {
        let mut z1 = self.c1.half_trace();
        let mut rhs = self.c0 + z1.square();
        if rhs.trace() == 1 {
            z1 += F::one();
            rhs += F::one();
        }
        Gf2Ext {
            c0: rhs.half_trace(),
            c1: z1,
        }
    }
    /// (s₀ + s₁u)² = (s₀² + s₁²) + s₁²u, so s₁ = √a₁ and s₀ = √(a₀ + a₁): 2 base roots.
    fn sqrt(&self) -> Self {
        Gf2Ext {
            c0: (self.c0 + self.c1).sqrt(),
            c1: self.c1.sqrt(),
        }
    }
}
