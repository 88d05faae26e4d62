//! The cost model: [`Counted<F>`] wraps any field and tallies each operation while the
//! real code runs, so operation counts are measured, never derived from a formula.
//!
//! Tallies live in thread-local counters, so a `Counted<F>` is exactly as large as `F`
//! and the plain field pays nothing: only code instantiated with `Counted` counts.

use crate::field::ext2::QuadraticBase;
use crate::field::{BinaryField, Field, FieldError, PrimeField};
use core::cell::Cell;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};
use rand_core::RngCore;

/// Operation tallies, in the papers' letters.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct OpCounts {
    /// Inversions (I).
    pub inv: u64,
    /// Half-traces (H), including those inside quadratic solving.
    pub half_trace: u64,
    /// General multiplications (M).
    pub mul: u64,
    /// Squarings (S); a^(2^k) counts k.
    pub sqr: u64,
    /// Square roots.
    pub sqrt: u64,
    /// Traces.
    pub trace: u64,
    /// Multiplications by a curve constant, kept apart from M.
    pub mul_const: u64,
    /// Additions (and subtractions).
    pub add: u64,
}

impl OpCounts {
    /// The sum of two tallies.
    pub fn plus(self, o: OpCounts) -> OpCounts {
        OpCounts {
            inv: self.inv + o.inv,
            half_trace: self.half_trace + o.half_trace,
            mul: self.mul + o.mul,
            sqr: self.sqr + o.sqr,
            sqrt: self.sqrt + o.sqrt,
            trace: self.trace + o.trace,
            mul_const: self.mul_const + o.mul_const,
            add: self.add + o.add,
        }
    }
}

impl core::fmt::Display for OpCounts {
    /// `I + H + M + S` style, e.g. `1I + 2H + 12M + 4S (+ 1C, 3sqrt, 2Tr, 10A)`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{}I + {}H + {}M + {}S",
            self.inv, self.half_trace, self.mul, self.sqr
        )?;
        write!(
            f,
            " (+ {}C, {}sqrt, {}Tr, {}A)",
            self.mul_const, self.sqrt, self.trace, self.add
        )
    }
}

thread_local! {
    static COUNTS: Cell<OpCounts> = const { Cell::new(OpCounts { inv: 0, half_trace: 0, mul: 0, sqr: 0, sqrt: 0, trace: 0, mul_const: 0, add: 0 }) };
}

/// Which tally an operation adds to.
#[derive(Copy, Clone)]
enum Op {
    Inv,
    HalfTrace,
    Mul,
    Sqr,
    Sqrt,
    Trace,
    MulConst,
    Add,
}

// The thread-local counters are touched only by the non-generic functions below. A
// closure passed from code generic over the field (`Counted<F>`'s operations, `measure`)
// made an instance of the thread-local access per field, operation and caller: 717 of
// them, 2.4 % of the library's LLVM IR (`cargo llvm-lines`, 2026-12-02).

/// Adds `n` to the tally `op`.
fn tally(op: Op, n: u64) {
    COUNTS.with(|c| {
        let mut v = c.get();
        let slot = match op {
            Op::Inv => &mut v.inv,
            Op::HalfTrace => &mut v.half_trace,
            Op::Mul => &mut v.mul,
            Op::Sqr => &mut v.sqr,
            Op::Sqrt => &mut v.sqrt,
            Op::Trace => &mut v.trace,
            Op::MulConst => &mut v.mul_const,
            Op::Add => &mut v.add,
        };
        *slot += n;
        c.set(v);
    });
}

/// The tallies saved when a [`measure`] began; dropping it (also when `f` unwinds) adds
/// them back to the running ones, so an outer measurement includes the inner.
struct Saved(OpCounts);

impl Saved {
    /// Saves the running tallies and starts them from zero.
    fn enter() -> Saved {
        Saved(COUNTS.with(|c| c.replace(OpCounts::default())))
    }

    /// The tallies since [`Saved::enter`]; the saved ones are added back.
    fn leave(self) -> OpCounts {
        let inner = COUNTS.with(|c| c.get());
        drop(self);
        inner
    }
}

impl Drop for Saved {
    fn drop(&mut self) {
        credit(self.0);
    }
}

/// Run `f` and return its result with the operations that `Counted` fields performed
/// on this thread meanwhile. Nested calls work: an outer measurement includes the inner,
/// and the outer tallies are restored even if `f` unwinds.
pub fn measure<R>(f: impl FnOnce() -> R) -> (R, OpCounts) {
    let saved = Saved::enter();
    let r = f();
    (r, saved.leave())
}

/// Add tallies measured elsewhere (on another thread, by [`measure`]) to this thread's.
pub(crate) fn credit(counts: OpCounts) {
    COUNTS.with(|c| c.set(counts.plus(c.get())));
}

/// A field element whose operations are tallied (see [`measure`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Counted<F>(pub F);

impl<F: Field> Counted<F> {
    /// The plain element.
    #[inline(always)]
    pub fn inner(self) -> F {
        self.0
    }
}

impl<F: Field> Add for Counted<F> {
    type Output = Self;
    #[inline]
    fn add(self, r: Self) -> Self {
        tally(Op::Add, 1);
        Counted(self.0 + r.0)
    }
}
impl<F: Field> AddAssign for Counted<F> {
    #[inline]
    fn add_assign(&mut self, r: Self) {
        *self = *self + r;
    }
}
impl<F: Field> Sub for Counted<F> {
    type Output = Self;
    #[inline]
    fn sub(self, r: Self) -> Self {
        tally(Op::Add, 1);
        Counted(self.0 - r.0)
    }
}
impl<F: Field> SubAssign for Counted<F> {
    #[inline]
    fn sub_assign(&mut self, r: Self) {
        *self = *self - r;
    }
}
impl<F: Field> Neg for Counted<F> {
    type Output = Self;
    #[inline]
    fn neg(self) -> Self {
        Counted(-self.0)
    }
}
impl<F: Field> Mul for Counted<F> {
    type Output = Self;
    #[inline]
    fn mul(self, r: Self) -> Self {
        tally(Op::Mul, 1);
        Counted(self.0 * r.0)
    }
}
impl<F: Field> MulAssign for Counted<F> {
    #[inline]
    fn mul_assign(&mut self, r: Self) {
        *self = *self * r;
    }
}

impl<F: Field> Field for Counted<F> {
    const NAME: &'static str = F::NAME;
    const BYTES: usize = F::BYTES;
    fn zero() -> Self {
        Counted(F::zero())
    }
    fn one() -> Self {
        Counted(F::one())
    }
    fn is_zero(&self) -> bool {
        self.0.is_zero()
    }
    fn square(&self) -> Self {
        tally(Op::Sqr, 1);
        Counted(self.0.square())
    }
    fn ct_select(a: &Self, b: &Self, choice: u64) -> Self {
        Counted(F::ct_select(&a.0, &b.0, choice))
    }
    fn mul_const(&self, k: &Self) -> Self {
        tally(Op::MulConst, 1);
        Counted(self.0.mul_const(&k.0))
    }
    fn invert(&self) -> Result<Self, FieldError> {
        tally(Op::Inv, 1);
        self.0.invert().map(Counted)
    }
    fn invert_vartime(&self) -> Result<Self, FieldError> {
        tally(Op::Inv, 1);
        self.0.invert_vartime().map(Counted)
    }
    fn to_bytes(&self) -> Vec<u8> {
        self.0.to_bytes()
    }
    fn from_bytes(bytes: &[u8]) -> Result<Self, FieldError> {
        F::from_bytes(bytes).map(Counted)
    }
    fn random(rng: &mut dyn RngCore) -> Self {
        Counted(F::random(rng))
    }
}

/// Lets GF(2^254) be built over a counted GF(2^127), so that its operations are measured
/// in base-field operations (e.g. an inversion as 1I + 3M + 2S).
impl<F: QuadraticBase> QuadraticBase for Counted<F> {
    const EXT_NAME: &'static str = F::EXT_NAME;
}

/// Frobenius and u·a are one addition each at this level.
impl<F: crate::gls::GlsField> crate::gls::GlsField for Counted<F> {
    fn frobenius(&self) -> Self {
        tally(Op::Add, 1);
        Counted(self.0.frobenius())
    }
    fn mul_u(&self) -> Self {
        tally(Op::Add, 1);
        Counted(self.0.mul_u())
    }
    fn add_u(&self) -> Self {
        tally(Op::Add, 1);
        Counted(self.0.add_u())
    }
}

impl<F: BinaryField> BinaryField for Counted<F> {
    const DEGREE: usize = F::DEGREE;
    const FROBENIUS_CUT: usize = F::FROBENIUS_CUT;
    fn multi_square(&self, k: usize) -> Self {
        tally(Op::Sqr, k as u64);
        Counted(self.0.multi_square(k))
    }
    fn trace(&self) -> u8 {
        tally(Op::Trace, 1);
        self.0.trace()
    }
    fn half_trace(&self) -> Self {
        tally(Op::HalfTrace, 1);
        Counted(self.0.half_trace())
    }
    fn sqrt(&self) -> Self {
        tally(Op::Sqrt, 1);
        Counted(self.0.sqrt())
    }
}

/// Forwards to the plain field: the tallies come from the generic code's field
/// operations, not from these conversions and queries.
impl<F: PrimeField> PrimeField for Counted<F> {
    const BITS: usize = F::BITS;
    fn modulus() -> &'static [u64] {
        F::modulus()
    }
    fn from_u64(v: u64) -> Self {
        Counted(F::from_u64(v))
    }
    fn to_words(&self) -> Vec<u64> {
        self.0.to_words()
    }
    fn from_words(w: &[u64]) -> Result<Self, FieldError> {
        F::from_words(w).map(Counted)
    }
    fn is_odd(&self) -> bool {
        self.0.is_odd()
    }
    fn legendre(&self) -> i8 {
        self.0.legendre()
    }
}
