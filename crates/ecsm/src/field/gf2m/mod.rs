//! GF(2^m) in polynomial basis, one generic implementation for every reduction
//! polynomial x^m + x^{k_r} + … + x^{k_1} + 1 with 2·k_r < m and either m − k_r ≥ 64 (all
//! the NIST trinomials and pentanomials and x^127 + x^63 + 1 qualify) or m < 64 (one
//! word: the tiny fields of degree 5 to 13 in `specs.rs`, which exist so that tests can
//! enumerate whole curves with this very code).
//!
//! An element is N little-endian 64-bit words holding a polynomial of degree < m; the
//! bits above m − 1 are always zero. The backend `B` computes products and squares with
//! their reduction ([`crate::backend::Auto`] by default: the portable backend reduces
//! by word shifts in `reduce.rs`, the accelerated ones in SIMD registers); square
//! roots, traces, half-traces and tables are shared by all backends.

mod reduce;
mod specs;
mod tables;

pub use specs::*;
pub use tables::{BasisImages, Gf2mTables};

use super::bytes::{be_to_words, words_to_be};
use super::chain::{itoh_tsujii, itoh_tsujii_with, AdditionChain};
use super::{BinaryField, BinaryFieldTask, Field, FieldError, FieldMap};
use crate::backend::barrier::opaque;
use crate::backend::{Auto, Backend, BackendTask};
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};
use rand_core::RngCore;

/// The chain [`invert_tables`](Gf2m::invert_tables) writes out for GF(2^127).
const TABLE_CHAIN127: &[u16] = &[1, 2, 3, 6, 7, 14, 28, 56, 112, 126];

/// The run of squarings that ends the GF(2^127) inversions written out: Itoh–Tsujii's
/// last step and final squaring, a⁻¹ = (β_112^(2^14)·β_14)², taken as
/// β_112^(2^15)·β_14², so that the squaring leaves the critical path for one more
/// squaring off it (β_14², beside the walk). Its table is kept with the chain's
/// ([`tables::Gf2mTables::multi_square_basis`]).
pub(crate) const LAST_RUN127: usize = 15;

/// The defining data of one binary field.
pub trait Gf2mSpec<const N: usize>:
    Copy + fmt::Debug + Default + PartialEq + Eq + Send + Sync + 'static
{
    /// Degree m of the reduction polynomial; N = ⌈m/64⌉.
    const M: usize;
    /// The exponents strictly between 0 and m with a nonzero coefficient, ascending.
    const TERMS: &'static [usize];
    /// Report name, e.g. `2^233`.
    const NAME: &'static str;
    /// Addition chain for m − 1 driving Itoh–Tsujii inversion.
    const CHAIN: AdditionChain;
    /// The chain of the table-driven inversion, whose runs of at least
    /// `MIN_TABLE_RUN` squarings get a multi-squaring table (by default [`Self::CHAIN`]).
    const TABLE_CHAIN: AdditionChain = Self::CHAIN;
    /// Where `tnaf` cuts its expansion ([`BinaryField::FROBENIUS_CUT`]): the last run of
    /// [`Self::TABLE_CHAIN`] when that run is (m − 1)/2, so that the cut's walks read the
    /// inversion's last table, and ⌈(m + 1)/2⌉ otherwise. One table fewer to keep in
    /// cache; on GF(2^233) (116, with a table chain built for it) see the README, stop 57.
    const FROBENIUS_CUT: usize = match Self::TABLE_CHAIN.last_run() {
        r if 2 * r + 1 == Self::M => r,
        _ => crate::mul::tnaf::frobenius_split(Self::M),
    };
    /// Lazily built tables (trace mask, √x, half-trace and multi-squaring tables).
    fn tables() -> &'static Gf2mTables<N>;
}

/// An element of GF(2^m) defined by `S`, computed with backend `B`.
pub struct Gf2m<const N: usize, S: Gf2mSpec<N>, B: Backend = Auto> {
    limbs: [u64; N],
    _spec: PhantomData<(S, B)>,
}

impl<const N: usize, S: Gf2mSpec<N>, B: Backend> Clone for Gf2m<N, S, B> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<const N: usize, S: Gf2mSpec<N>, B: Backend> Copy for Gf2m<N, S, B> {}
impl<const N: usize, S: Gf2mSpec<N>, B: Backend> PartialEq for Gf2m<N, S, B> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        // Constant-time comparison: OR of XORs, no early exit.
        self.limbs
            .iter()
            .zip(&other.limbs)
            .fold(0u64, |acc, (a, b)| acc | (a ^ b))
            == 0
    }
}
impl<const N: usize, S: Gf2mSpec<N>, B: Backend> Eq for Gf2m<N, S, B> {}

impl<const N: usize, S: Gf2mSpec<N>, B: Backend> fmt::Debug for Gf2m<N, S, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GF({})(0x", S::NAME)?;
        for b in self.to_bytes() {
            write!(f, "{b:02x}")?;
        }
        write!(f, ")")
    }
}

/// Mask of the valid bits of the top word.
#[inline(always)]
const fn top_mask(m: usize) -> u64 {
    if m.is_multiple_of(64) {
        u64::MAX
    } else {
        (1u64 << (m % 64)) - 1
    }
}

impl<const N: usize, S: Gf2mSpec<N>, B: Backend> Gf2m<N, S, B> {
    /// Degree m of the field.
    pub const DEGREE: usize = S::M;

    /// Build from little-endian words, rejecting a polynomial of degree ≥ m.
    pub fn from_limbs(limbs: [u64; N]) -> Result<Self, FieldError> {
        if limbs[N - 1] & !top_mask(S::M) != 0 {
            return Err(FieldError::OutOfRange { field: S::NAME });
        }
        Ok(Self::from_limbs_unchecked(limbs))
    }

    #[inline(always)]
    pub(crate) const fn from_limbs_unchecked(limbs: [u64; N]) -> Self {
        Gf2m {
            limbs,
            _spec: PhantomData,
        }
    }

    /// The little-endian words; bit i is the coefficient of x^i.
    #[inline(always)]
    pub fn limbs(&self) -> &[u64; N] {
        &self.limbs
    }

    /// The same element computed with another backend.
    #[inline(always)]
    pub fn with_backend<C: Backend>(self) -> Gf2m<N, S, C> {
        Gf2m::from_limbs_unchecked(self.limbs)
    }

    /// The element x (the polynomial variable).
    pub fn x() -> Self {
        let mut l = [0u64; N];
        l[0] = 2;
        Self::from_limbs_unchecked(l)
    }

    /// Itoh–Tsujii on `S::TABLE_CHAIN`, with table-driven multi-squaring for its long
    /// runs. In GF(2^127) that chain, 1, 2, 3, 6, 7, 14, 28, 56, 112, 126, is written
    /// out, so that every β stays in registers and the three tables (runs 14, 28, 56)
    /// are looked up once per inversion rather than once per step; its last run and the
    /// final squaring are one run of [`LAST_RUN127`]. Measured (GF(2^254) inversion,
    /// native build, pinned): 279 ns by the generic loop on the seed's chain, 236 ns with
    /// that chain written out, 210 ns (median of 5) on this chain with the fixed-size
    /// walks; on the Intel Xeon of 2026-11-28, 190 ns, and 187 with the last run folded
    /// (GF(2^127) alone: 169 → 165 ns).
    #[inline(always)]
    fn invert_tables(&self) -> Self {
        if !Self::has_chain127() {
            return itoh_tsujii(self, &S::TABLE_CHAIN, true);
        }
        let tables = S::tables();
        let (Some(t14), Some(t15), Some(t28), Some(t56)) = (
            tables.multi_square_table(14),
            tables.multi_square_table(LAST_RUN127),
            tables.multi_square_table(28),
            tables.multi_square_table(56),
        ) else {
            return itoh_tsujii(self, &S::TABLE_CHAIN, true);
        };
        let walk =
            |t: &tables::WalkTable<N>, x: Self| Self::from_limbs_unchecked(t.apply(&x.limbs));
        // β_k = a^(2^k − 1); β_(i+j) = β_i^(2^j)·β_j.
        let b1 = *self;
        let b2 = b1.square() * b1;
        let b3 = b2.square() * b1;
        let b6 = b3.multi_square_ct(3) * b3;
        let b7 = b6.square() * b1;
        let b14 = b7.multi_square_ct(7) * b7;
        let b28 = walk(t14, b14) * b14;
        let b56 = walk(t28, b28) * b28;
        let b112 = walk(t56, b56) * b56;
        walk(t15, b112) * b14.square()
    }

    /// The constant-time inversion: the same chain, its long runs (14, 28, 56 and the
    /// final [`LAST_RUN127`]) walked over their basis images by the backend's vector walk
    /// ([`Backend::basis_walk_ct`], AVX-512F), every image read whatever the input. A
    /// backend without it walks the runs of 28 and 56 with
    /// [`tables::BasisImages::apply_ct`] (a word mask per bit) and squares the rest.
    /// Measured (GF(2^254) `inv_ct`, `ecsm field-bench`, native build, pinned,
    /// 2026-11-27): 535 ns with squarings only, 353 ns with the portable walks, 388 ns
    /// with the runs of 14 walked portably too. Elsewhere (other fields, or no tables)
    /// [`Self::invert_ct_walks`]. The chain is written out as in [`Self::invert_tables`]:
    /// one helper for both, taking the walk as a closure, made the variable-time inversion
    /// 8 % slower (189 → 205 ns).
    #[inline(always)]
    fn invert_ct(&self) -> Self {
        if !Self::has_chain127() {
            return self.invert_ct_walks();
        }
        let tables = S::tables();
        let (Some(t14), Some(t15), Some(t28), Some(t56)) = (
            tables.multi_square_basis(14),
            tables.multi_square_basis(LAST_RUN127),
            tables.multi_square_basis(28),
            tables.multi_square_basis(56),
        ) else {
            return itoh_tsujii(self, &S::CHAIN, false);
        };
        // β_k = a^(2^k − 1); β_(i+j) = β_i^(2^j)·β_j.
        let b1 = *self;
        let b2 = b1.square() * b1;
        let b3 = b2.square() * b1;
        let b6 = b3.multi_square_ct(3) * b3;
        let b7 = b6.square() * b1;
        let b14 = b7.multi_square_ct(7) * b7;
        // The backend's vector walk where it has one ([`Backend::basis_walk_ct`]), on all
        // the long runs; otherwise the portable walk on the runs of 28 and 56 only.
        if let Some(w) = B::basis_walk_ct(t14, &b14.limbs) {
            let walk = |t: &tables::BasisImages<N>, x: Self| {
                let w = B::basis_walk_ct(t, &x.limbs);
                Self::from_limbs_unchecked(w.unwrap_or_else(|| t.apply_ct(&x.limbs)))
            };
            let b28 = Self::from_limbs_unchecked(w) * b14;
            let b56 = walk(t28, b28) * b28;
            let b112 = walk(t56, b56) * b56;
            return walk(t15, b112) * b14.square();
        }
        let walk =
            |t: &tables::BasisImages<N>, x: Self| Self::from_limbs_unchecked(t.apply_ct(&x.limbs));
        let b28 = b14.multi_square_ct(14) * b14;
        let b56 = walk(t28, b28) * b28;
        let b112 = walk(t56, b56) * b56;
        let b126 = b112.multi_square_ct(14) * b14;
        b126.square()
    }

    /// The constant-time inversion of the other fields: Itoh–Tsujii on `S::TABLE_CHAIN`
    /// (the NIST fields' `S::CHAIN`), each run the table threshold reaches done by the
    /// backend's vector walk over basis images ([`Backend::basis_walk_ct`]: AVX-512F,
    /// every image read whatever the input) when it has one, by squarings otherwise; on
    /// a backend without the walk this is plain squarings throughout. Which runs walk
    /// depends on the CPU and the field only. Measured (`ecsm field-bench`, `inv_ct`,
    /// native build, pinned, Intel Xeon with AVX-512, 2026-11-28): see the README,
    /// "Operations".
    #[inline(always)]
    fn invert_ct_walks(&self) -> Self {
        let tables = S::tables();
        itoh_tsujii_with(self, &S::TABLE_CHAIN, |x, k| {
            let walked = tables
                .multi_square_basis(k)
                .filter(|_| k * WALK_RUN_FACTOR >= S::M)
                .and_then(|t| B::basis_walk_ct(t, &x.limbs));
            match walked {
                Some(w) => Self::from_limbs_unchecked(w),
                None => x.multi_square_ct(k),
            }
        })
    }

    /// GF(2^127) with its stored chain 1, 2, 3, 6, 7, 14, 28, 56, 112, 126, which
    /// [`Self::invert_tables`] and [`Self::invert_ct`] write out.
    #[inline(always)]
    fn has_chain127() -> bool {
        <S as crate::backend::Reduction<N>>::IS_X127_X63_1
            && S::TABLE_CHAIN.values() == TABLE_CHAIN127
    }

    /// Inverse by the binary extended Euclidean algorithm (Hankerson–Menezes–Vanstone,
    /// *Guide to ECC*, Alg. 2.48). Variable-time; kept to compare against Itoh–Tsujii.
    pub fn invert_euclid_vartime(&self) -> Result<Self, FieldError> {
        if self.is_zero() {
            return Err(FieldError::NotInvertible);
        }
        let mut f = [0u64; N];
        f[0] = 1;
        for &k in S::TERMS {
            f[k / 64] |= 1 << (k % 64);
        }
        f[S::M / 64] |= 1 << (S::M % 64);
        Ok(Self::from_limbs_unchecked(euclid::invert::<N>(
            self.limbs, f,
        )))
    }
}

impl<const N: usize, S: Gf2mSpec<N>> crate::backend::Reduction<N> for S {
    const IS_X127_X63_1: bool = S::M == 127 && S::TERMS.len() == 1 && S::TERMS[0] == 63;
    const M: usize = S::M;
    const TERMS: &'static [usize] = S::TERMS;
    #[inline(always)]
    fn reduce(w: &crate::backend::Wide) -> [u64; N] {
        reduce::reduce::<N, S>(w)
    }
}

mod euclid {
    /// Degree of a nonzero polynomial; −1 for zero.
    fn degree<const N: usize>(a: &[u64; N]) -> isize {
        for i in (0..N).rev() {
            if a[i] != 0 {
                return (64 * i + 63 - a[i].leading_zeros() as usize) as isize;
            }
        }
        -1
    }
    fn shr1<const N: usize>(a: &mut [u64; N]) {
        for i in 0..N {
            a[i] = (a[i] >> 1) | if i + 1 < N { a[i + 1] << 63 } else { 0 };
        }
    }
    fn xor<const N: usize>(a: &mut [u64; N], b: &[u64; N]) {
        for i in 0..N {
            a[i] ^= b[i];
        }
    }
    fn is_one<const N: usize>(a: &[u64; N]) -> bool {
        a[0] == 1 && a[1..].iter().all(|&w| w == 0)
    }
    /// a⁻¹ mod f for nonzero a of degree < deg f, f irreducible (f fits in N words).
    pub(super) fn invert<const N: usize>(a: [u64; N], f: [u64; N]) -> [u64; N] {
        let (mut u, mut v) = (a, f);
        let mut g1 = [0u64; N];
        g1[0] = 1;
        let mut g2 = [0u64; N];
        while !is_one(&u) && !is_one(&v) {
            while u[0] & 1 == 0 {
                shr1(&mut u);
                if g1[0] & 1 == 1 {
                    xor(&mut g1, &f);
                }
                shr1(&mut g1);
            }
            while v[0] & 1 == 0 {
                shr1(&mut v);
                if g2[0] & 1 == 1 {
                    xor(&mut g2, &f);
                }
                shr1(&mut g2);
            }
            if degree(&u) > degree(&v) {
                xor(&mut u, &v);
                xor(&mut g1, &g2);
            } else {
                xor(&mut v, &u);
                xor(&mut g2, &g1);
            }
        }
        if is_one(&u) {
            g1
        } else {
            g2
        }
    }
}

/// A run of k squarings in GF(2^m) is walked over the m basis images only when
/// k·`WALK_RUN_FACTOR` ≥ m. The rule is an estimate: a walk reads about m/2 (four-word
/// images) or m registers at about a cycle each, against about 20 cycles a squaring.
/// It was checked on the whole inversion only (`ecsm field-bench`, Intel Xeon,
/// 2026-11-28). With every run of 10 or more walked, GF(2^571) `inv_ct` took 7809 ns
/// against 6284 without walks, in one run with a build on the other core. With this rule
/// it took 5150–5164 ns against 6205–6266. The runs of 16 in GF(2^283) and GF(2^409)
/// were not timed on their own.
const WALK_RUN_FACTOR: usize = 16;

/// Operations made of many multiplications and squarings, each run as one task in the
/// backend's feature context (one type per operation, so each task inlines on its own).
macro_rules! composite_task {
    ($($(#[$doc:meta])* $task:ident($small:literal) => |$a:ident| $body:expr;)*) => {$(
        $(#[$doc])*
        struct $task<const N: usize, S>([u64; N], PhantomData<S>);
        impl<const N: usize, S: Gf2mSpec<N>> BackendTask for $task<N, S> {
            type Output = [u64; N];
            const WORDS: usize = N;
            const SMALL: bool = $small;
            #[inline(always)]
            fn run<C: Backend>(self) -> [u64; N] {
                let $a = Gf2m::<N, S, C>::from_limbs_unchecked(self.0);
                let r: Gf2m<N, S, C> = $body;
                r.limbs
            }
        }
    )*};
}

composite_task! {
    InvertCt(false) => |a| a.invert_ct();
    InvertTables(false) => |a| a.invert_tables();
    Sqrt(true) => |a| a.sqrt_inner();
}

impl<const N: usize, S: Gf2mSpec<N>, B: Backend> Add for Gf2m<N, S, B> {
    type Output = Self;
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        Self::from_limbs_unchecked(crate::backend::xor_words(&self.limbs, &rhs.limbs))
    }
}
impl<const N: usize, S: Gf2mSpec<N>, B: Backend> AddAssign for Gf2m<N, S, B> {
    #[inline(always)]
    fn add_assign(&mut self, rhs: Self) {
        *self = *self + rhs;
    }
}
impl<const N: usize, S: Gf2mSpec<N>, B: Backend> Sub for Gf2m<N, S, B> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        self + rhs
    }
}
impl<const N: usize, S: Gf2mSpec<N>, B: Backend> SubAssign for Gf2m<N, S, B> {
    #[inline(always)]
    fn sub_assign(&mut self, rhs: Self) {
        *self += rhs;
    }
}
impl<const N: usize, S: Gf2mSpec<N>, B: Backend> Neg for Gf2m<N, S, B> {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        self
    }
}
impl<const N: usize, S: Gf2mSpec<N>, B: Backend> Mul for Gf2m<N, S, B> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        Self::from_limbs_unchecked(B::mul::<N, S>(&self.limbs, &rhs.limbs))
    }
}
impl<const N: usize, S: Gf2mSpec<N>, B: Backend> MulAssign for Gf2m<N, S, B> {
    #[inline(always)]
    fn mul_assign(&mut self, rhs: Self) {
        *self = *self * rhs;
    }
}

impl<const N: usize, S: Gf2mSpec<N>, B: Backend> Field for Gf2m<N, S, B> {
    const NAME: &'static str = S::NAME;
    const BYTES: usize = S::M.div_ceil(8);

    #[inline(always)]
    fn mul_add(a: &Self, b: &Self, c: &Self, d: &Self) -> Self {
        Self::from_limbs_unchecked(B::mul_add::<N, S>(&a.limbs, &b.limbs, &c.limbs, &d.limbs))
    }

    #[inline(always)]
    fn mul_pair(a: &Self, b: &Self, c: &Self, d: &Self) -> (Self, Self) {
        let (ab, cd) = B::mul_pair::<N, S>(&a.limbs, &b.limbs, &c.limbs, &d.limbs);
        (
            Self::from_limbs_unchecked(ab),
            Self::from_limbs_unchecked(cd),
        )
    }

    /// A pair of products, except in GF(2^127), where [`Field::mul_const`] has its own
    /// shifts for small constants.
    #[inline(always)]
    fn mul_const_pair(v: &Self, k: &Self, a: &Self, b: &Self) -> (Self, Self) {
        if <S as crate::backend::Reduction<N>>::IS_X127_X63_1 && N == 2 {
            return (v.mul_const(k), *a * *b);
        }
        Self::mul_pair(v, k, a, b)
    }

    #[inline(always)]
    fn square_pair(a: &Self, c: &Self) -> (Self, Self) {
        let (aa, cc) = B::square_pair::<N, S>(&a.limbs, &c.limbs);
        (
            Self::from_limbs_unchecked(aa),
            Self::from_limbs_unchecked(cc),
        )
    }

    #[inline(always)]
    fn zero() -> Self {
        Self::from_limbs_unchecked([0; N])
    }
    #[inline(always)]
    fn one() -> Self {
        let mut l = [0u64; N];
        l[0] = 1;
        Self::from_limbs_unchecked(l)
    }
    #[inline(always)]
    fn is_zero(&self) -> bool {
        self.limbs.iter().fold(0, |acc, w| acc | w) == 0
    }
    #[inline(always)]
    fn square(&self) -> Self {
        Self::from_limbs_unchecked(B::square::<N, S>(&self.limbs))
    }
    /// In GF(2^127), a curve constant that is 1 or a monomial z^k with 1 ≤ k ≤ 63
    /// (GLS254's b = z^27 + 1 gives a2² + b = u + z^27) costs shifts instead of a
    /// product: with P = a·z^k = H·z^127 + L, z^127 ≡ z^63 + 1 gives L + H + H·z^63,
    /// H < 2^k, every term below z^127. The branches are on the constant, which is public.
    #[inline(always)]
    fn mul_const(&self, c: &Self) -> Self {
        if <S as crate::backend::Reduction<N>>::IS_X127_X63_1 && N == 2 && c.limbs[1] == 0 {
            let w = c.limbs[0];
            if w == 1 {
                return *self;
            }
            if w.is_power_of_two() && w < 1 << 63 {
                let k = w.trailing_zeros();
                let a = u128::from(self.limbs[0]) | u128::from(self.limbs[1]) << 64;
                let h = (a >> (128 - k)) << 1 | (a << k) >> 127;
                let r = ((a << k) & (u128::MAX >> 1)) ^ h ^ (h << 63);
                let mut l = [0u64; N];
                l[0] = r as u64;
                l[1] = (r >> 64) as u64;
                return Self::from_limbs_unchecked(l);
            }
        }
        *self * *c
    }
    #[inline(always)]
    fn ct_select(a: &Self, b: &Self, choice: u64) -> Self {
        let choice = opaque(choice);
        Self::from_limbs_unchecked(crate::backend::select_words(&a.limbs, &b.limbs, choice))
    }
    /// Constant-time Itoh–Tsujii, (m − 1)S + L·M for the chain length L with plain
    /// squarings; the long runs are masked walks over basis images instead where the
    /// backend has them (`invert_ct`, `invert_ct_walks`).
    fn invert(&self) -> Result<Self, FieldError> {
        if self.is_zero() {
            return Err(FieldError::NotInvertible);
        }
        Ok(Self::from_limbs_unchecked(B::run_task(InvertCt::<N, S>(
            self.limbs,
            PhantomData,
        ))))
    }
    /// Itoh–Tsujii with table-driven multi-squaring for the long runs.
    fn invert_vartime(&self) -> Result<Self, FieldError> {
        if self.is_zero() {
            return Err(FieldError::NotInvertible);
        }
        Ok(Self::from_limbs_unchecked(B::run_task(
            InvertTables::<N, S>(self.limbs, PhantomData),
        )))
    }
    fn to_bytes(&self) -> Vec<u8> {
        words_to_be(&self.limbs, Self::BYTES)
    }
    fn from_bytes(bytes: &[u8]) -> Result<Self, FieldError> {
        Self::from_limbs(be_to_words(S::NAME, bytes, Self::BYTES)?)
    }
    fn random(rng: &mut dyn RngCore) -> Self {
        let mut l = [0u64; N];
        for w in l.iter_mut() {
            *w = rng.next_u64();
        }
        l[N - 1] &= top_mask(S::M);
        Self::from_limbs_unchecked(l)
    }
}

impl<const N: usize, S: Gf2mSpec<N>, B: Backend> BinaryField for Gf2m<N, S, B> {
    const DEGREE: usize = S::M;
    const FROBENIUS_CUT: usize = S::FROBENIUS_CUT;

    #[inline(always)]
    fn multi_square(&self, k: usize) -> Self {
        match S::tables().multi_square_table(k) {
            Some(t) => Self::from_limbs_unchecked(t.apply(&self.limbs)),
            None => self.multi_square_ct(k),
        }
    }

    /// Tr is linear: Tr(c) = parity(c & mask), mask = {i : Tr(x^i) = 1}.
    #[inline]
    fn trace(&self) -> u8 {
        let mask = S::tables().trace_mask();
        let mut acc = 0u64;
        for i in 0..N {
            acc ^= self.limbs[i] & mask[i];
        }
        (acc.count_ones() & 1) as u8
    }

    #[inline]
    fn half_trace(&self) -> Self {
        Self::from_limbs_unchecked(S::tables().half_trace(&self.limbs))
    }

    /// √c = E(c) + √x · O(c), where E and O gather the even and odd coefficients:
    /// (E + √x·O)² = Σ c_{2i} x^{2i} + x·Σ c_{2i+1} x^{2i} = c. Costs one multiplication
    /// by the stored √x = x^(2^(m−1)) (shifts only for x^127 + x^63 + 1, see `sqrt_inner`).
    #[inline]
    fn sqrt(&self) -> Self {
        Self::from_limbs_unchecked(B::run_task(Sqrt::<N, S>(self.limbs, PhantomData)))
    }

    #[inline(always)]
    fn has_lambda_rounds4() -> bool {
        B::has_lambda_rounds4::<N, S>()
    }

    #[inline(always)]
    fn lambda_orbit_rounds4(
        bases: [Self; 8],
        steps: usize,
        plan: &[crate::backend::OrbitRound],
    ) -> Option<([Self; 12], bool)> {
        let (out, exceptional) =
            B::lambda_orbit_rounds4::<N, S>(&bases.map(|e| e.limbs), steps, plan)?;
        Some((out.map(Self::from_limbs_unchecked), exceptional))
    }

    #[inline(always)]
    fn ladder4(x: Self, sqrt_a6: Self, k: &[u64], steps: usize) -> Option<[Self; 4]> {
        if !B::has_ladder4::<N, S>() {
            return None;
        }
        let c = sqrt_a6.sqrt();
        let out = B::ladder4::<N, S>(&x.limbs, &c.limbs, k, steps)?;
        Some(out.map(Self::from_limbs_unchecked))
    }

    /// Runs `task` on `Gf2m<N, S, C>` inside backend `C`'s feature context, C chosen by
    /// `B` ([`Backend::run_task`]: once per task for [`Auto`]).
    #[inline(always)]
    fn run_task<T: BinaryFieldTask<Self>>(task: T) -> T::Output {
        B::run_task(OnBackend::<N, S, B, T>(task, PhantomData))
    }
}

/// A [`BinaryFieldTask`] over `Gf2m<N, S, B>` as a [`BackendTask`]: each backend `C`
/// runs it on `Gf2m<N, S, C>`.
struct OnBackend<const N: usize, S, B, T>(T, PhantomData<(S, B)>);

impl<const N: usize, S: Gf2mSpec<N>, B: Backend, T: BinaryFieldTask<Gf2m<N, S, B>>> BackendTask
    for OnBackend<N, S, B, T>
{
    type Output = T::Output;
    const WORDS: usize = N;
    const PAIRS: bool = crate::backend::paired_words(N);
    #[inline(always)]
    fn pairs(&self) -> bool {
        self.0.pairs()
    }
    #[inline(always)]
    fn run<C: Backend>(self) -> T::Output {
        self.0
            .run::<Gf2m<N, S, C>, SwapBackend<B, C>>(SwapBackend(PhantomData))
    }
}

/// The identity on limbs between `Gf2m<N, S, B>` and `Gf2m<N, S, C>`.
struct SwapBackend<B, C>(PhantomData<(B, C)>);

impl<B, C> Clone for SwapBackend<B, C> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<B, C> Copy for SwapBackend<B, C> {}

impl<const N: usize, S: Gf2mSpec<N>, B: Backend, C: Backend> FieldMap<Gf2m<N, S, B>, Gf2m<N, S, C>>
    for SwapBackend<B, C>
{
    #[inline(always)]
    fn to(&self, f: Gf2m<N, S, B>) -> Gf2m<N, S, C> {
        f.with_backend()
    }
    #[inline(always)]
    fn back(&self, g: Gf2m<N, S, C>) -> Gf2m<N, S, B> {
        g.with_backend()
    }
}

impl<const N: usize, S: Gf2mSpec<N>, B: Backend> Gf2m<N, S, B> {
    #[inline(always)]
    fn sqrt_inner(&self) -> Self {
        let mut even = [0u64; N];
        let mut odd = [0u64; N];
        for i in 0..N {
            let w = self.limbs[i];
            let (e, o) = B::split_even_odd(w);
            even[i / 2] |= e << (32 * (i % 2));
            odd[i / 2] |= o << (32 * (i % 2));
        }
        if <S as crate::backend::Reduction<N>>::IS_X127_X63_1 && N == 2 {
            // √z = z^64 + z^32 modulo z^127 + z^63 + 1 ((z^64 + z^32)² = z·z^127 + z^64 = z),
            // and the odd part has degree ≤ 62, so odd·√z = odd·z^64 + odd·z^32 needs no
            // reduction: shifts instead of a product (measured: GF(2^127) √ from 26 to
            // a few ns; the halving of seed 001 takes two of these per GF(2^254) root).
            let (e, o) = (even[0], odd[0]);
            let mut l = [0u64; N];
            l[0] = e ^ (o << 32);
            l[1] = (o >> 32) ^ o;
            return Self::from_limbs_unchecked(l);
        }
        let root_x = Self::from_limbs_unchecked(*S::tables().sqrt_x());
        Self::from_limbs_unchecked(even) + Self::from_limbs_unchecked(odd) * root_x
    }
}
