//! Carry-less multiplication backends for GF(2^m), and the BMI2/ADX assembly of the P-256,
//! P-384 and secp256k1 prime fields ([`p256_adx`], [`p384_adx`], [`k256_adx`]).
//!
//! Every backend computes the same two primitives, the product and the square of N-word
//! polynomials followed by reduction modulo the field polynomial (a [`Reduction`] known
//! at compile time), so that reduction is compiled into the backend's own code with the
//! same target features.
//!
//! `Portable` is always compiled and is constant-time (masked integer multiplies, no
//! tables). `Clmul` uses PCLMULQDQ and `Vpclmul` adds 256-bit VPCLMULQDQ products for the
//! larger fields (x86-64 only). `Auto` picks one once per process, from CPU detection or
//! the `ECSM_BACKEND` environment variable.

pub mod adx;
pub mod barrier;
pub mod k256_adx;
pub mod p256_adx;
pub mod p384_adx;
pub mod point4;
pub mod portable;
pub mod tsc;
pub mod walk512;

use crate::field::gf2m::BasisImages;

#[cfg(target_arch = "x86_64")]
pub mod clmul;
#[cfg(target_arch = "x86_64")]
mod clmul233;
#[cfg(target_arch = "x86_64")]
mod clmul_odd;
#[cfg(target_arch = "x86_64")]
mod four233;
pub mod gls254;
#[cfg(target_arch = "x86_64")]
mod gls254_avx2;
#[cfg(target_arch = "x86_64")]
mod ladder4;
#[cfg(target_arch = "x86_64")]
mod lambda4;
#[cfg(target_arch = "x86_64")]
pub mod vpclmul;

use std::fmt::Debug;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

/// The widest field handled: GF(2^571) needs 9 words of 64 bits.
pub const MAX_LIMBS: usize = 9;

/// A double-width product, low word first. Only the first 2N words are meaningful.
pub type Wide = [u64; 2 * MAX_LIMBS];

/// Reduction of a double-width polynomial modulo a field polynomial, known at compile time.
pub trait Reduction<const N: usize> {
    /// True for x^127 + x^63 + 1 (N = 2), which the clmul backend reduces with a formula
    /// of its own.
    const IS_X127_X63_1: bool;
    /// Degree m of the field polynomial.
    const M: usize;
    /// Its exponents strictly between 0 and m.
    const TERMS: &'static [usize];
    /// Reduce the first 2N words of `w` to N words.
    fn reduce(w: &Wide) -> [u64; N];
}

/// a XOR b word by word: field addition. On x86-64 with SSE2 (part of the baseline, so on
/// every backend), so that values the carry-less code keeps in vector registers are not
/// moved to general-purpose registers and back for an addition (measured: that round
/// trip sat on the critical path of GF(2^254) multiplication).
#[inline(always)]
pub fn xor_words<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::*;
        let mut out = [0u64; N];
        let mut i = 0;
        while i + 1 < N {
            // SAFETY: words i and i+1 are in bounds of all three arrays; unaligned 16-byte
            // loads and stores are allowed; SSE2 is part of the x86-64 baseline.
            unsafe {
                let x = _mm_loadu_si128(a.as_ptr().add(i) as *const __m128i);
                let y = _mm_loadu_si128(b.as_ptr().add(i) as *const __m128i);
                _mm_storeu_si128(out.as_mut_ptr().add(i) as *mut __m128i, _mm_xor_si128(x, y));
            }
            i += 2;
        }
        if i < N {
            out[i] = a[i] ^ b[i];
        }
        out
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        core::array::from_fn(|i| a[i] ^ b[i])
    }
}

/// `a` where `mask` is 0, `b` where it is all ones, word by word: a ⊕ ((a ⊕ b) ∧ mask),
/// the constant-time selection of GF(2^m) elements. The caller passes the mask through
/// [`barrier::opaque`] first. On x86-64 in SSE2 registers, as [`xor_words`] and for the
/// same reason: done word by word, the selection moved every word of values the
/// carry-less code keeps in vector registers to a general-purpose register and back.
/// Measured (native build, `farm-bench -n 3 --pin 1`, Intel Xeon, 2026-11-28): K-233
/// `tnaf-ct:w=5`, whose table scans select every entry, 13.23–13.30 → 12.73–12.81 µs;
/// the ladder of `montgomery-ct` (then one selection of a point per step) did not move.
#[inline(always)]
pub fn select_words<const N: usize>(a: &[u64; N], b: &[u64; N], mask: u64) -> [u64; N] {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::*;
        let mut out = [0u64; N];
        let mut i = 0;
        // SAFETY: SSE2 is part of the x86-64 baseline.
        let m = unsafe { _mm_set1_epi64x(mask as i64) };
        while i + 1 < N {
            // SAFETY: words i and i+1 are in bounds of all three arrays; unaligned 16-byte
            // loads and stores are allowed; SSE2 is part of the x86-64 baseline.
            unsafe {
                let x = _mm_loadu_si128(a.as_ptr().add(i) as *const __m128i);
                let y = _mm_loadu_si128(b.as_ptr().add(i) as *const __m128i);
                let v = _mm_xor_si128(x, _mm_and_si128(_mm_xor_si128(x, y), m));
                _mm_storeu_si128(out.as_mut_ptr().add(i) as *mut __m128i, v);
            }
            i += 2;
        }
        if i < N {
            out[i] = a[i] ^ ((a[i] ^ b[i]) & mask);
        }
        out
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        core::array::from_fn(|i| a[i] ^ ((a[i] ^ b[i]) & mask))
    }
}

/// a·b + c·d from two reduced products of `B` and their sum.
#[inline(always)]
fn sum_of_products<B: Backend, const N: usize, R: Reduction<N>>(
    a: &[u64; N],
    b: &[u64; N],
    c: &[u64; N],
    d: &[u64; N],
) -> [u64; N] {
    xor_words(&B::mul::<N, R>(a, b), &B::mul::<N, R>(c, d))
}

/// Seed 001's extension product from three reduced products.
#[inline(always)]
fn ext2_by_three_products<B: Backend, const N: usize, R: Reduction<N>>(
    a0: &[u64; N],
    a1: &[u64; N],
    b0: &[u64; N],
    b1: &[u64; N],
) -> ([u64; N], [u64; N]) {
    let a0b0 = B::mul::<N, R>(a0, b0);
    let a1b1 = B::mul::<N, R>(a1, b1);
    let cross = B::mul::<N, R>(&xor_words(a0, a1), &xor_words(b0, b1));
    (xor_words(&a0b0, &a1b1), xor_words(&cross, &a0b0))
}

/// Seed 001's extension square from two base squares: (a₀² + a₁², a₁²).
#[inline(always)]
fn ext2_by_two_squares<B: Backend, const N: usize, R: Reduction<N>>(
    a0: &[u64; N],
    a1: &[u64; N],
) -> ([u64; N], [u64; N]) {
    let s1 = B::square::<N, R>(a1);
    (xor_words(&B::square::<N, R>(a0), &s1), s1)
}

/// One round of [`Backend::lambda_orbit_rounds4`]: for each of the eight lanes (group
/// 0's lanes 0–3, then group 1's) the orbit point it takes, 4s + o for τ^s of base o,
/// and the lanes that take one (`lanes`, bit j for lane j) and take it negated
/// (`negate`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OrbitRound {
    /// Lane j's point, 4s + o (read only where bit j of `lanes` is set).
    pub point: [u16; 8],
    /// The lanes that take a point.
    pub lanes: u8,
    /// The lanes whose point is negated, (x, λ) ↦ (x, λ + 1).
    pub negate: u8,
}

impl OrbitRound {
    /// How many steps of the walk the round reads: one past its last marked point's
    /// step, and at least 1.
    pub fn steps_needed(&self) -> usize {
        self.point
            .iter()
            .enumerate()
            .filter(|&(j, _)| (self.lanes >> j) & 1 == 1)
            .map(|(_, &p)| usize::from(p >> 2) + 1)
            .max()
            .unwrap_or(1)
    }
}

/// Work generic over the backend, run by [`dispatch`] on the backend selected at run
/// time. Each backend gets its own instance, entered once through [`Backend::run`], so
/// the field operations inside inline (a closure shared by several backends would not).
pub trait BackendTask {
    /// What the task returns.
    type Output;
    /// Words per field element, so that small fields stay on the PCLMULQDQ code, which
    /// measured faster for them than the AVX2 context.
    const WORDS: usize;
    /// A task of a few operations (the square root, one product), run in place by the
    /// accelerated backends instead of through their feature context (see
    /// [`clmul::run_task`] for why larger tasks need that context).
    const SMALL: bool = false;
    /// A task whose work is mostly GF(2^254) arithmetic (the GLS methods): it runs on
    /// `vpclmul` when that is selected, whatever `WORDS` says, for the 256-bit extension
    /// product of [`vpclmul::mul254`].
    const EXT2: bool = false;
    /// A task that may want [`Backend::mul_pair`]'s 256-bit products (binary fields of
    /// [`paired_words`]); whether this one does is [`BackendTask::pairs`], decided at run
    /// time.
    const PAIRS: bool = false;
    /// True when this task's work is mostly independent pairs of products (the binary
    /// ladders): with `vpclmul` selected it then runs there, for [`vpclmul::mul_pair`].
    #[inline(always)]
    fn pairs(&self) -> bool {
        false
    }
    /// Do the work with backend `B`.
    fn run<B: Backend>(self) -> Self::Output;
}

/// Fields of at least this many 64-bit words use the 256-bit VPCLMULQDQ products: of
/// the NIST fields only GF(2^571) gains (see the measurements in [`vpclmul`]'s
/// documentation).
pub const VPCLMUL_MIN_WORDS: usize = 8;

/// Whether binary fields of `words` words have `vpclmul`'s paired products (given a
/// trinomial or a pentanomial with low middle terms; see `vpclmul::pairs_apply`): two
/// 128-bit blocks (GF(2^163) with a zero top word, GF(2^233)), three (GF(2^283)) or
/// four with a zero top word (GF(2^409)). GF(2^163) and GF(2^283) since stop 48.
pub const fn paired_words(words: usize) -> bool {
    matches!(words, 3 | 4 | 5 | 7)
}

/// The backend [`dispatch`] runs a field of `words` words on: the selected one, except
/// that `vpclmul` only differs from `clmul` from [`VPCLMUL_MIN_WORDS`] words up and
/// smaller fields run on `clmul`. Two kinds of task run on `vpclmul` whatever their
/// size: GF(2^254) work ([`BackendTask::EXT2`]) and the binary ladders and τ-adic
/// methods over fields of [`paired_words`] ([`BackendTask::pairs`]: their paired
/// products).
pub fn effective(words: usize) -> BackendKind {
    match selected() {
        BackendKind::Vpclmul if words < VPCLMUL_MIN_WORDS => BackendKind::Clmul,
        kind => kind,
    }
}

/// The backend GF(2^254) work runs on: the selected one, `vpclmul` included (its 256-bit
/// extension product pays from two words up; see [`BackendTask::EXT2`]).
pub fn effective_ext2() -> BackendKind {
    selected()
}

/// Run `task` on the backend selected for this process (see [`effective`]).
#[inline(always)]
pub fn dispatch<T: BackendTask>(task: T) -> T::Output {
    match selected_code() {
        #[cfg(target_arch = "x86_64")]
        // `const { … }`: the guard is a constant after monomorphization, so a task too
        // narrow for the 256-bit products is not instantiated for `Vpclmul` at all.
        VPCLMUL if const { T::WORDS >= VPCLMUL_MIN_WORDS || T::EXT2 } => Vpclmul::run_task(task),
        #[cfg(target_arch = "x86_64")]
        VPCLMUL if const { T::PAIRS } && task.pairs() => Vpclmul::run_task(task),
        #[cfg(target_arch = "x86_64")]
        VPCLMUL | CLMUL => Clmul::run_task(task),
        _ => task.run::<Portable>(),
    }
}

/// The two primitives a backend provides.
pub trait Backend: Copy + Clone + Debug + Default + PartialEq + Eq + Send + Sync + 'static {
    /// Short name as printed by `ecsm info` and accepted by `ECSM_BACKEND`.
    const NAME: &'static str;
    /// `R::reduce(a · b)` where `·` is the carry-less product of two N-word polynomials.
    fn mul<const N: usize, R: Reduction<N>>(a: &[u64; N], b: &[u64; N]) -> [u64; N];
    /// `R::reduce(a²)`.
    fn square<const N: usize, R: Reduction<N>>(a: &[u64; N]) -> [u64; N];
    /// `R::reduce(a·b + c·d)`. By default two reduced products and their sum; the
    /// carry-less backends sum the unreduced products and reduce once.
    #[inline(always)]
    fn mul_add<const N: usize, R: Reduction<N>>(
        a: &[u64; N],
        b: &[u64; N],
        c: &[u64; N],
        d: &[u64; N],
    ) -> [u64; N] {
        sum_of_products::<Self, N, R>(a, b, c, d)
    }
    /// (`R::reduce(a·b)`, `R::reduce(c·d)`): two independent products. By default two
    /// calls of [`Backend::mul`]; `vpclmul` computes those of the fields of
    /// [`paired_words`] side by side in the two 128-bit lanes of its 256-bit registers
    /// ([`vpclmul::mul_pair`]).
    #[inline(always)]
    fn mul_pair<const N: usize, R: Reduction<N>>(
        a: &[u64; N],
        b: &[u64; N],
        c: &[u64; N],
        d: &[u64; N],
    ) -> ([u64; N], [u64; N]) {
        (Self::mul::<N, R>(a, b), Self::mul::<N, R>(c, d))
    }
    /// (`R::reduce(a²)`, `R::reduce(c²)`): two independent squares, by default two calls
    /// of [`Backend::square`]; `vpclmul` pairs those of the fields of [`paired_words`] as
    /// [`Backend::mul_pair`] does.
    #[inline(always)]
    fn square_pair<const N: usize, R: Reduction<N>>(
        a: &[u64; N],
        c: &[u64; N],
    ) -> ([u64; N], [u64; N]) {
        (Self::square::<N, R>(a), Self::square::<N, R>(c))
    }
    /// Whether [`Backend::lambda_orbit_rounds4`] has code for this field on this CPU.
    #[inline(always)]
    fn has_lambda_rounds4<const N: usize, R: Reduction<N>>() -> bool {
        false
    }
    /// The four accumulators of `tnaf-rl:w=4`: four Frobenius orbits walked `steps`
    /// points from the λ-affine `bases` (x₀…x₃, λ₀…λ₃), and `plan`'s rounds of
    /// λ-projective mixed additions of their points in two groups of four lanes (the
    /// contract of `lambda4::orbit_rounds`): (X₀…X₃, L₀…L₃, Z₀…Z₃), lane j of both groups
    /// summed, and whether an addition met a case the bare formulas do not cover.
    /// `None`, the default, where the backend has no four-lane code for this field; the
    /// caller then runs its own loop. `vpclmul` has it for GF(2^233) on a CPU with
    /// AVX-512 (`avx512_context`), GFNI and AVX-512BW (`gfni_supported`).
    #[inline(always)]
    fn lambda_orbit_rounds4<const N: usize, R: Reduction<N>>(
        bases: &[[u64; N]; 8],
        steps: usize,
        plan: &[OrbitRound],
    ) -> Option<([[u64; N]; 12], bool)> {
        let _ = (bases, steps, plan);
        None
    }
    /// Whether [`Backend::ladder4`] has code for this field on this CPU.
    #[inline(always)]
    fn has_ladder4<const N: usize, R: Reduction<N>>() -> bool {
        false
    }
    /// The Montgomery–López–Dahab ladder from (O, P), x(P) = `x` ≠ 0, over bits
    /// `steps` − 1 … 0 of k, `c` = a6^(1/4): (X0, Z0, X1, Z1) = (x(\[k\]P), x(\[k + 1\]P))
    /// as the one-lane ladder computes them (`ladder4::ladder`, constant-time in k).
    /// `None`, the default, where the backend has no four-lane code for this field; the
    /// caller then runs its own loop. `vpclmul` has it for GF(2^233) on a CPU with
    /// AVX-512 (`avx512_context`), GFNI and AVX-512BW (`gfni_supported`).
    #[inline(always)]
    fn ladder4<const N: usize, R: Reduction<N>>(
        x: &[u64; N],
        c: &[u64; N],
        k: &[u64],
        steps: usize,
    ) -> Option<[[u64; N]; 4]> {
        let _ = (x, c, k, steps);
        None
    }
    /// Run `f` in code compiled for this backend's CPU features, so that field
    /// operations inside `f` inline instead of each being a call. Composite operations
    /// (inversion, square root, whole scalar multiplications, benchmark loops) enter
    /// through here once.
    fn run<T>(f: impl FnOnce() -> T) -> T;
    /// The product (a₀ + a₁u)(b₀ + b₁u) in the quadratic extension by u² + u + 1, as
    /// (c₀, c₁) = (a₀b₀ + a₁b₁, (a₀ + a₁)(b₀ + b₁) + a₀b₀) (seed 001): three products.
    /// Backends may combine the products before reducing.
    #[inline(always)]
    fn mul_ext2<const N: usize, R: Reduction<N>>(
        a0: &[u64; N],
        a1: &[u64; N],
        b0: &[u64; N],
        b1: &[u64; N],
    ) -> ([u64; N], [u64; N]) {
        ext2_by_three_products::<Self, N, R>(a0, a1, b0, b1)
    }
    /// The square (a₀ + a₁u)² = (a₀² + a₁²) + a₁²u in the same extension: two squares.
    /// Backends may compute both at once.
    #[inline(always)]
    fn square_ext2<const N: usize, R: Reduction<N>>(
        a0: &[u64; N],
        a1: &[u64; N],
    ) -> ([u64; N], [u64; N]) {
        ext2_by_two_squares::<Self, N, R>(a0, a1)
    }
    /// The even- and odd-indexed bits of `w`, each packed into the low 32 bits of a
    /// word (the two halves of a square root, [`crate::field::BinaryField::sqrt`]).
    #[inline(always)]
    fn split_even_odd(w: u64) -> (u64, u64) {
        portable::split_even_odd(w)
    }
    /// Run `task` with this backend (for [`Auto`]: the one selected at run time).
    #[inline(always)]
    fn run_task<T: BackendTask>(task: T) -> T::Output {
        Self::run(|| task.run::<Self>())
    }
    /// Σ_i a_i·images\[i\] (a GF(2)-linear map of GF(2^m) given by its basis images)
    /// with no branch or address depending on `a`, by this backend's vector code where
    /// it has one (the accelerated backends on a CPU with AVX-512F: [`walk512`]);
    /// `None` sends the caller to its portable walk or to squarings.
    #[inline(always)]
    fn basis_walk_ct<const N: usize>(images: &BasisImages<N>, a: &[u64; N]) -> Option<[u64; N]> {
        let _ = (images, a);
        None
    }
    /// True when GLS254's main loops run in this backend's own vector code
    /// ([`gls254`]: `lambda-dbl-add`, `lambda-halve-add`, `lambda-ct`; `vpclmul`, and
    /// `auto` when it selects `vpclmul`). Otherwise the generic loops, their portable
    /// twins, run.
    #[inline(always)]
    fn gls254_loops() -> bool {
        false
    }
}

/// The inputs of [`gls254`]'s loops (see [`Backend::gls254_loops`]).
pub use gls254::{
    Columns as Gls254Columns, CtColumns as Gls254CtColumns, CtTables as Gls254CtTables, Fe254,
    HalveColumns as Gls254HalveColumns, HalvingTables as Gls254HalvingTables,
};

/// The vector walk of [`walk512`] over the images' word planes.
#[inline(always)]
fn walk_images<const N: usize>(images: &BasisImages<N>, a: &[u64; N]) -> Option<[u64; N]> {
    walk512::walk(images.planes(), images.images().len(), a)
}

/// Which implementation a run uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BackendKind {
    /// Portable u64 code, always available.
    Portable,
    /// PCLMULQDQ carry-less multiplication.
    Clmul,
    /// PCLMULQDQ, with 256-bit VPCLMULQDQ products for the largest fields.
    Vpclmul,
}

impl BackendKind {
    /// Name as accepted by `ECSM_BACKEND`.
    pub fn name(self) -> &'static str {
        match self {
            BackendKind::Portable => Portable::NAME,
            BackendKind::Clmul => Clmul::NAME,
            BackendKind::Vpclmul => Vpclmul::NAME,
        }
    }

    /// True when this CPU can run it (one load of a cached byte after the first call).
    #[inline(always)]
    pub fn supported(self) -> bool {
        let bits = cpu_bits();
        match self {
            BackendKind::Portable => true,
            BackendKind::Clmul => bits & HAS_CLMUL != 0,
            BackendKind::Vpclmul => bits & HAS_VPCLMUL != 0,
        }
    }
}

/// Error for an `ECSM_BACKEND` value that names no backend or one this CPU lacks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BackendError {
    /// The variable names no backend.
    #[error(
        "ECSM_BACKEND={0:?} names no backend (expected 'portable', 'clmul', 'vpclmul' or 'auto')"
    )]
    Unknown(String),
    /// The variable names a backend this CPU cannot run.
    #[error("ECSM_BACKEND={0} but this CPU lacks the instructions it needs")]
    Unsupported(&'static str),
}

const HAS_CLMUL: u8 = 1;
const HAS_VPCLMUL: u8 = 2;
const HAS_AVX512VL: u8 = 4;
const BITS_KNOWN: u8 = 0x80;
static CPU_BITS: AtomicU8 = AtomicU8::new(0);

/// Which accelerated backends this CPU supports, detected once and cached: the forced
/// backends check it on every operation, so it must cost one load.
#[inline(always)]
fn cpu_bits() -> u8 {
    let bits = CPU_BITS.load(Ordering::Relaxed);
    if bits & BITS_KNOWN != 0 {
        bits
    } else {
        detect_cpu_bits()
    }
}

#[cold]
#[inline(never)]
fn detect_cpu_bits() -> u8 {
    let mut bits = BITS_KNOWN;
    if clmul_supported() {
        bits |= HAS_CLMUL;
    }
    if vpclmul_supported() {
        bits |= HAS_VPCLMUL;
    }
    // `ECSM_AVX512=0` keeps the paired-product tasks on their AVX2 compilation, so that
    // one binary can time both (`farm-bench` with the variable on one side).
    if avx512vl_supported() && std::env::var("ECSM_AVX512").map_or(true, |v| v.trim() != "0") {
        bits |= HAS_AVX512VL;
    }
    CPU_BITS.store(bits, Ordering::Relaxed);
    bits
}

/// True when this CPU can run the `clmul` backend (PCLMULQDQ and SSE4.1).
pub fn clmul_supported() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("pclmulqdq")
            && std::arch::is_x86_feature_detected!("sse4.1")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// True when this CPU can run the `vpclmul` backend (also AVX2, VPCLMULQDQ and BMI2; every
/// CPU with VPCLMULQDQ has BMI2, and a fast PEXT: Ice Lake and Zen 3 on).
pub fn vpclmul_supported() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        clmul_supported()
            && std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("vpclmulqdq")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// True when this CPU can run `vpclmul` with AVX-512F, AVX-512VL and AVX-512 VBMI2 as
/// well, the second compilation of its paired-product tasks ([`vpclmul::run_task`]).
pub fn avx512vl_supported() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        vpclmul_supported()
            && std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512vl")
            && std::arch::is_x86_feature_detected!("avx512vbmi2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Whether the CPU has GFNI and AVX-512BW (the bit spreading of `four233::sqr_spread`).
#[inline(always)]
pub(crate) fn gfni_supported() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("gfni")
            && std::arch::is_x86_feature_detected!("avx512bw")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

static AVX512_CONTEXT_OFF: AtomicBool = AtomicBool::new(false);

/// Whether `vpclmul`'s paired-product tasks run in their AVX-512VL compilation: on a
/// CPU that has it ([`avx512vl_supported`]), unless the environment variable
/// `ECSM_AVX512` is `0` (read once) or [`set_avx512_context`] turned it off.
#[inline(always)]
pub(crate) fn avx512_context() -> bool {
    cpu_bits() & HAS_AVX512VL != 0 && !AVX512_CONTEXT_OFF.load(Ordering::Relaxed)
}

/// Let `vpclmul`'s paired-product tasks use their AVX-512VL compilation where the CPU
/// has it (`true`, the default) or keep them on the AVX2 one (`false`), for the whole
/// process. The results are the same; the tests use it to run both compilations
/// against each other and against the portable backend.
pub fn set_avx512_context(on: bool) {
    AVX512_CONTEXT_OFF.store(!on, Ordering::Relaxed);
}

/// CPU features relevant to field arithmetic, for `ecsm info`.
pub fn cpu_features() -> Vec<(&'static str, bool)> {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as d;
        vec![
            ("pclmulqdq", d!("pclmulqdq")),
            ("sse4.1", d!("sse4.1")),
            ("avx2", d!("avx2")),
            ("vpclmulqdq", d!("vpclmulqdq")),
            ("bmi2", d!("bmi2")),
            ("adx", d!("adx")),
            ("avx512f", d!("avx512f")),
            ("avx512vl", d!("avx512vl")),
            ("avx512vbmi2", d!("avx512vbmi2")),
        ]
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        Vec::new()
    }
}

/// The best backend this CPU supports.
pub fn detect() -> BackendKind {
    if vpclmul_supported() {
        BackendKind::Vpclmul
    } else if clmul_supported() {
        BackendKind::Clmul
    } else {
        BackendKind::Portable
    }
}

/// Decide the backend from an `ECSM_BACKEND` value (None, empty or `auto`: detect).
pub fn choose(requested: Option<&str>) -> Result<BackendKind, BackendError> {
    let kind = match requested.map(str::trim) {
        None | Some("") | Some("auto") => return Ok(detect()),
        Some("portable") => BackendKind::Portable,
        Some("clmul") => BackendKind::Clmul,
        Some("vpclmul") => BackendKind::Vpclmul,
        Some(other) => return Err(BackendError::Unknown(other.to_string())),
    };
    if kind.supported() {
        Ok(kind)
    } else {
        Err(BackendError::Unsupported(kind.name()))
    }
}

const UNSET: u8 = 0;
const PORTABLE: u8 = 1;
const CLMUL: u8 = 2;
const VPCLMUL: u8 = 3;
static SELECTED: AtomicU8 = AtomicU8::new(UNSET);

/// The backend `Auto` uses in this process, decided on first use from `ECSM_BACKEND`
/// and CPU detection. An invalid `ECSM_BACKEND` falls back to detection here; front
/// ends that want to reject it call [`choose`] themselves first (the CLI does).
pub fn selected() -> BackendKind {
    match SELECTED.load(Ordering::Relaxed) {
        PORTABLE => BackendKind::Portable,
        CLMUL => BackendKind::Clmul,
        VPCLMUL => BackendKind::Vpclmul,
        _ => {
            let env = std::env::var("ECSM_BACKEND").ok();
            let kind = choose(env.as_deref()).unwrap_or_else(|_| detect());
            let code = match kind {
                BackendKind::Portable => PORTABLE,
                BackendKind::Clmul => CLMUL,
                BackendKind::Vpclmul => VPCLMUL,
            };
            SELECTED.store(code, Ordering::Relaxed);
            kind
        }
    }
}

/// The selected backend's code, deciding on first call.
#[inline(always)]
fn selected_code() -> u8 {
    match SELECTED.load(Ordering::Relaxed) {
        UNSET => {
            selected();
            SELECTED.load(Ordering::Relaxed)
        }
        code => code,
    }
}

/// The portable backend, always available.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Portable;

impl Backend for Portable {
    const NAME: &'static str = "portable";
    #[inline(always)]
    fn mul<const N: usize, R: Reduction<N>>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        R::reduce(&portable::mul_wide(a, b))
    }
    #[inline(always)]
    fn square<const N: usize, R: Reduction<N>>(a: &[u64; N]) -> [u64; N] {
        R::reduce(&portable::square_wide(a))
    }
    #[inline(always)]
    fn run<T>(f: impl FnOnce() -> T) -> T {
        f()
    }
}

/// Whether a backend of `kind` may enter the four-lane GF(2^233) code (`lambda4`,
/// `ladder4`) for a field that code takes (`field_ok`). This is the whole of those entry
/// points' `unsafe` contract: `vpclmul` only, its features checked by `require`, the
/// AVX-512 context on (AVX-512F and VL), and GFNI with AVX-512BW.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn four_lane_233(kind: BackendKind, field_ok: bool) -> bool {
    require(kind);
    matches!(kind, BackendKind::Vpclmul) && field_ok && avx512_context() && gfni_supported()
}

/// Panics unless the CPU can run `kind`: the forced backends are for tests and
/// benchmarks that check support first; library users want [`Auto`].
#[inline(always)]
fn require(kind: BackendKind) {
    if !kind.supported() {
        unsupported(kind);
    }
}

#[cold]
#[inline(never)]
fn unsupported(kind: BackendKind) -> ! {
    panic!(
        "the {} backend was forced on a CPU without its instructions",
        kind.name()
    )
}

/// The PCLMULQDQ backend (x86-64 only; forcing one on a CPU without its instructions panics).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Clmul;

/// PCLMULQDQ with 256-bit VPCLMULQDQ products for the largest fields
/// (x86-64 only; forcing one on a CPU without its instructions panics).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Vpclmul;

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::*;

    /// The clmul product, taking the dedicated path for x^127 + x^63 + 1.
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ and SSE4.1.
    #[inline(always)]
    pub(super) unsafe fn clmul_mul<const N: usize, R: Reduction<N>>(
        a: &[u64; N],
        b: &[u64; N],
    ) -> [u64; N] {
        if R::IS_X127_X63_1 && N == 2 {
            // SAFETY: N == 2, so [u64; N] and [u64; 2] are the same type; the caller
            // guarantees the CPU features.
            return unsafe {
                core::mem::transmute_copy(&clmul::mul127(&*a.as_ptr().cast(), &*b.as_ptr().cast()))
            };
        }
        // SAFETY: the caller guarantees the CPU features.
        unsafe { clmul::mul::<N, R>(a, b) }
    }

    /// The clmul square, taking the dedicated path for x^127 + x^63 + 1.
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ and SSE4.1.
    #[inline(always)]
    pub(super) unsafe fn clmul_square<const N: usize, R: Reduction<N>>(a: &[u64; N]) -> [u64; N] {
        if R::IS_X127_X63_1 && N == 2 {
            // SAFETY: N == 2, so [u64; N] and [u64; 2] are the same type; the caller
            // guarantees the CPU features.
            return unsafe { core::mem::transmute_copy(&clmul::square127(&*a.as_ptr().cast())) };
        }
        // SAFETY: the caller guarantees the CPU features.
        unsafe { clmul::square::<N, R>(a) }
    }

    /// The GF(2^254) product `mul254` on N-word operands when the field is
    /// x^127 + x^63 + 1 (N = 2); `None` for other fields.
    ///
    /// # Safety
    /// `mul254` must be safe to call (the CPU features it needs).
    #[inline(always)]
    pub(super) unsafe fn ext2_127<const N: usize, R: Reduction<N>>(
        a: [&[u64; N]; 4],
        mul254: impl FnOnce(&[u64; 2], &[u64; 2], &[u64; 2], &[u64; 2]) -> ([u64; 2], [u64; 2]),
    ) -> Option<([u64; N], [u64; N])> {
        if !(R::IS_X127_X63_1 && N == 2) {
            return None;
        }
        // SAFETY: N == 2, so [u64; N] and [u64; 2] are the same type.
        unsafe {
            let w = |v: &[u64; N]| -> &[u64; 2] { &*v.as_ptr().cast() };
            let (c0, c1) = mul254(w(a[0]), w(a[1]), w(a[2]), w(a[3]));
            Some((
                core::mem::transmute_copy(&c0),
                core::mem::transmute_copy(&c1),
            ))
        }
    }

    /// The extension product with lazy reduction for x^127 + x^63 + 1 (see
    /// [`clmul::mul254`]), outlined; `None` for other fields.
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ and SSE4.1.
    #[inline(always)]
    pub(super) unsafe fn clmul_mul_ext2<const N: usize, R: Reduction<N>>(
        a0: &[u64; N],
        a1: &[u64; N],
        b0: &[u64; N],
        b1: &[u64; N],
    ) -> Option<([u64; N], [u64; N])> {
        // SAFETY: the caller guarantees the CPU features of `mul254`.
        unsafe {
            ext2_127::<N, R>([a0, a1, b0, b1], |a0, a1, b0, b1| {
                clmul::mul254(a0, a1, b0, b1)
            })
        }
    }

    /// The clmul product with PCLMULQDQ as inline assembly in encoding `C`, inlined into
    /// any caller (see [`clmul::AsmSse`]); x^127 + x^63 + 1 as in [`clmul_mul`].
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ and SSE4.1, and what `C` uses.
    #[inline(always)]
    pub(super) unsafe fn clmul_mul_inline<const N: usize, R: Reduction<N>, C: clmul::ClmulOp>(
        a: &[u64; N],
        b: &[u64; N],
    ) -> [u64; N] {
        if R::IS_X127_X63_1 && N == 2 {
            // SAFETY: N == 2, so [u64; N] and [u64; 2] are the same type; the caller
            // guarantees the CPU features.
            return unsafe {
                core::mem::transmute_copy(&clmul::mul127_with::<C>(
                    &*a.as_ptr().cast(),
                    &*b.as_ptr().cast(),
                ))
            };
        }
        // SAFETY: the caller guarantees the CPU features.
        unsafe { clmul::mul_with::<N, R, C>(a, b) }
    }

    /// The clmul square inlined into any caller, as [`clmul_mul_inline`].
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ and SSE4.1, and what `C` uses.
    #[inline(always)]
    pub(super) unsafe fn clmul_square_inline<const N: usize, R: Reduction<N>, C: clmul::ClmulOp>(
        a: &[u64; N],
    ) -> [u64; N] {
        if R::IS_X127_X63_1 && N == 2 {
            // SAFETY: N == 2, so [u64; N] and [u64; 2] are the same type; the caller
            // guarantees the CPU features.
            return unsafe {
                core::mem::transmute_copy(&clmul::square127_with::<C>(&*a.as_ptr().cast()))
            };
        }
        // SAFETY: the caller guarantees the CPU features.
        unsafe { clmul::square_with::<N, R, C>(a) }
    }

    /// The `clmul` backend's product: PCLMULQDQ in [`clmul::ClmulEncoding`], inlined.
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ and SSE4.1.
    #[inline(always)]
    pub(super) unsafe fn clmul_backend_mul<const N: usize, R: Reduction<N>>(
        a: &[u64; N],
        b: &[u64; N],
    ) -> [u64; N] {
        // SAFETY: the caller guarantees the CPU features.
        unsafe { clmul_mul_inline::<N, R, clmul::ClmulEncoding>(a, b) }
    }

    /// `R::reduce(a·b + c·d)` with PCLMULQDQ in encoding `C` and one reduction
    /// ([`clmul::mul_add_with`]), or `None` where that does not pay: x^127 + x^63 + 1,
    /// which has its own product, and the sizes without Karatsuba block products.
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ and SSE4.1, and what `C` uses.
    #[inline(always)]
    pub(super) unsafe fn clmul_mul_add_inline<
        const N: usize,
        R: Reduction<N>,
        C: clmul::ClmulOp,
    >(
        a: &[u64; N],
        b: &[u64; N],
        c: &[u64; N],
        d: &[u64; N],
    ) -> Option<[u64; N]> {
        if R::IS_X127_X63_1 && N == 2 {
            return None;
        }
        // SAFETY: the caller guarantees the CPU features.
        unsafe { clmul::mul_add_with::<N, R, C>(a, b, c, d) }
    }

    /// The `clmul` backend's a·b + c·d with one reduction, where it has one.
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ and SSE4.1.
    #[inline(always)]
    pub(super) unsafe fn clmul_backend_mul_add<const N: usize, R: Reduction<N>>(
        a: &[u64; N],
        b: &[u64; N],
        c: &[u64; N],
        d: &[u64; N],
    ) -> Option<[u64; N]> {
        // SAFETY: the caller guarantees the CPU features.
        unsafe { clmul_mul_add_inline::<N, R, clmul::ClmulEncoding>(a, b, c, d) }
    }

    /// The `vpclmul` backend's a·b + c·d with one reduction, where it has one: not from
    /// `VPCLMUL_MIN_WORDS` words up, whose 256-bit products reduce on their own; for
    /// the fields of [`paired_words`] both products side by side
    /// ([`vpclmul::mul_add_pair`]).
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ, SSE4.1, AVX2 and VPCLMULQDQ.
    #[inline(always)]
    pub(super) unsafe fn vpclmul_backend_mul_add<const N: usize, R: Reduction<N>>(
        a: &[u64; N],
        b: &[u64; N],
        c: &[u64; N],
        d: &[u64; N],
    ) -> Option<[u64; N]> {
        if const { N >= VPCLMUL_MIN_WORDS } {
            return None;
        }
        if const { vpclmul::pairs_apply::<N, R>() } {
            // SAFETY: the caller guarantees the CPU features; `pairs_apply` holds.
            return Some(unsafe { vpclmul::mul_add_pair::<N, R>(a, b, c, d) });
        }
        // SAFETY: the caller guarantees the CPU features, AVX among them.
        unsafe { clmul_mul_add_inline::<N, R, clmul::AsmVex>(a, b, c, d) }
    }

    /// The `clmul` backend's pair of products: none of its own (two products).
    ///
    /// # Safety
    /// None needed; `unsafe` to match the other backends' helpers.
    #[inline(always)]
    // The backend macro calls every backend's helper with `<N, R>`.
    #[allow(clippy::extra_unused_type_parameters)]
    pub(super) unsafe fn clmul_backend_mul_pair<const N: usize, R: Reduction<N>>(
        a: &[u64; N],
        b: &[u64; N],
        c: &[u64; N],
        d: &[u64; N],
    ) -> Option<([u64; N], [u64; N])> {
        let _ = (a, b, c, d);
        None
    }

    /// The `vpclmul` backend's pair of products: [`vpclmul::mul_pair`] where
    /// [`vpclmul::pairs_apply`] holds (the fields of [`paired_words`]), `None` for other
    /// fields.
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ, SSE4.1, AVX2 and VPCLMULQDQ.
    #[inline(always)]
    pub(super) unsafe fn vpclmul_backend_mul_pair<const N: usize, R: Reduction<N>>(
        a: &[u64; N],
        b: &[u64; N],
        c: &[u64; N],
        d: &[u64; N],
    ) -> Option<([u64; N], [u64; N])> {
        if !const { vpclmul::pairs_apply::<N, R>() } {
            return None;
        }
        // SAFETY: the caller guarantees the CPU features; `pairs_apply` holds.
        Some(unsafe { vpclmul::mul_pair::<N, R>(a, b, c, d) })
    }

    /// The `clmul` backend's pair of squares: none of its own (two squares).
    ///
    /// # Safety
    /// None needed; `unsafe` to match the other backends' helpers.
    #[inline(always)]
    // The backend macro calls every backend's helper with `<N, R>`.
    #[allow(clippy::extra_unused_type_parameters)]
    pub(super) unsafe fn clmul_backend_square_pair<const N: usize, R: Reduction<N>>(
        a: &[u64; N],
        c: &[u64; N],
    ) -> Option<([u64; N], [u64; N])> {
        let _ = (a, c);
        None
    }

    /// The `vpclmul` backend's pair of squares: [`vpclmul::square_pair`] where
    /// [`vpclmul::pairs_apply`] holds (the fields of [`paired_words`]), `None` for other
    /// fields.
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ, SSE4.1, AVX2 and VPCLMULQDQ.
    #[inline(always)]
    pub(super) unsafe fn vpclmul_backend_square_pair<const N: usize, R: Reduction<N>>(
        a: &[u64; N],
        c: &[u64; N],
    ) -> Option<([u64; N], [u64; N])> {
        if !const { vpclmul::pairs_apply::<N, R>() } {
            return None;
        }
        // SAFETY: the caller guarantees the CPU features; `pairs_apply` holds.
        Some(unsafe { vpclmul::square_pair::<N, R>(a, c) })
    }

    /// The `clmul` backend's square: PCLMULQDQ in [`clmul::ClmulEncoding`], inlined.
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ and SSE4.1.
    #[inline(always)]
    pub(super) unsafe fn clmul_backend_square<const N: usize, R: Reduction<N>>(
        a: &[u64; N],
    ) -> [u64; N] {
        // SAFETY: the caller guarantees the CPU features.
        unsafe { clmul_square_inline::<N, R, clmul::ClmulEncoding>(a) }
    }

    /// The `vpclmul` backend's product: the 256-bit products from `VPCLMUL_MIN_WORDS`
    /// words up (a call), below that the clmul product with VEX-encoded VPCLMULQDQ, inlined.
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ, SSE4.1, AVX2 and VPCLMULQDQ.
    #[inline(always)]
    pub(super) unsafe fn vpclmul_backend_mul<const N: usize, R: Reduction<N>>(
        a: &[u64; N],
        b: &[u64; N],
    ) -> [u64; N] {
        if const { N >= VPCLMUL_MIN_WORDS } {
            // SAFETY: the caller guarantees the CPU features.
            return unsafe { vpclmul::mul::<N, R>(a, b) };
        }
        // SAFETY: the caller guarantees the CPU features, AVX among them.
        unsafe { clmul_mul_inline::<N, R, clmul::AsmVex>(a, b) }
    }

    /// The `vpclmul` backend's square: VEX-encoded VPCLMULQDQ, inlined.
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ, SSE4.1, AVX2 and VPCLMULQDQ.
    #[inline(always)]
    pub(super) unsafe fn vpclmul_backend_square<const N: usize, R: Reduction<N>>(
        a: &[u64; N],
    ) -> [u64; N] {
        // SAFETY: the caller guarantees the CPU features, AVX among them.
        unsafe { clmul_square_inline::<N, R, clmul::AsmVex>(a) }
    }

    /// The `clmul` backend's extension square: its own two base squares, inlined (seed
    /// 001's 2S; there is no cheaper form with 128-bit products).
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ and SSE4.1.
    #[inline(always)]
    pub(super) unsafe fn clmul_backend_square_ext2<const N: usize, R: Reduction<N>>(
        a0: &[u64; N],
        a1: &[u64; N],
    ) -> Option<([u64; N], [u64; N])> {
        Some(ext2_by_two_squares::<Clmul, N, R>(a0, a1))
    }

    /// [`Backend::split_even_odd`]'s portable bit gathering (the `clmul` backend's: PEXT
    /// is microcoded and slow on some CPUs with PCLMULQDQ, AMD's before Zen 3).
    ///
    /// # Safety
    /// None needed; `unsafe` to match the other backends' helpers.
    #[inline(always)]
    pub(super) unsafe fn portable_split_even_odd(w: u64) -> (u64, u64) {
        portable::split_even_odd(w)
    }

    /// The `vpclmul` backend's extension square: [`vpclmul::square254`] for
    /// x^127 + x^63 + 1, `None` for other fields.
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ, SSE4.1, AVX2 and VPCLMULQDQ.
    #[inline(always)]
    pub(super) unsafe fn vpclmul_backend_square_ext2<const N: usize, R: Reduction<N>>(
        a0: &[u64; N],
        a1: &[u64; N],
    ) -> Option<([u64; N], [u64; N])> {
        // SAFETY: the caller guarantees the CPU features of `square254`.
        unsafe { ext2_127::<N, R>([a0, a1, a0, a1], |a0, a1, _, _| vpclmul::square254(a0, a1)) }
    }

    /// The vpclmul product: 256-bit products from `VPCLMUL_MIN_WORDS` words up (where they measured faster).
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ, SSE4.1, AVX2 and VPCLMULQDQ.
    #[inline(always)]
    pub(super) unsafe fn vpclmul_mul<const N: usize, R: Reduction<N>>(
        a: &[u64; N],
        b: &[u64; N],
    ) -> [u64; N] {
        if const { N >= VPCLMUL_MIN_WORDS } {
            // SAFETY: the caller guarantees the CPU features.
            return unsafe { vpclmul::mul::<N, R>(a, b) };
        }
        // SAFETY: the caller guarantees a superset of PCLMULQDQ and SSE4.1.
        unsafe { clmul_mul::<N, R>(a, b) }
    }
}

/// The two accelerated backends differ in their product, in the encoding of their
/// PCLMULQDQ instructions and in the CPU features of the context `run` enters; the
/// GF(2^254) product and square are the PCLMULQDQ code on `clmul` and the 256-bit code of
/// [`vpclmul::mul254`] and [`vpclmul::square254`] on `vpclmul`. Their products and squares inline
/// into any caller (inline assembly needs no `#[target_feature]` context), so a
/// computation generic over the field runs them without calls; [`Auto`] calls the
/// outlined `#[target_feature]` functions instead, which keeps each of its call sites
/// small.
#[cfg(target_arch = "x86_64")]
macro_rules! accelerated_backend {
    ($t:ty, $name:literal, $kind:expr, mul: $mul:ident, mul_add: $mul_add:ident,
     mul_pair: $mul_pair:ident, square_pair: $square_pair:ident, square: $square:ident,
     ext2: $ext2:expr, square_ext2: $square_ext2:ident, split: $split:path,
     gls254_loops: $gls254_loops:expr, run: $run:path, run_task: $run_task:path) => {
        impl Backend for $t {
            const NAME: &'static str = $name;
            #[inline(always)]
            fn mul_ext2<const N: usize, R: Reduction<N>>(
                a0: &[u64; N],
                a1: &[u64; N],
                b0: &[u64; N],
                b1: &[u64; N],
            ) -> ([u64; N], [u64; N]) {
                require($kind);
                // SAFETY: `require` checked the CPU features of this backend, which its
                // extension product `$ext2` needs.
                match unsafe { x86::ext2_127::<N, R>([a0, a1, b0, b1], $ext2) } {
                    Some(c) => c,
                    None => ext2_by_three_products::<Self, N, R>(a0, a1, b0, b1),
                }
            }
            #[inline(always)]
            fn square_ext2<const N: usize, R: Reduction<N>>(
                a0: &[u64; N],
                a1: &[u64; N],
            ) -> ([u64; N], [u64; N]) {
                require($kind);
                // SAFETY: `require` checked the CPU features this square needs.
                match unsafe { x86::$square_ext2::<N, R>(a0, a1) } {
                    Some(c) => c,
                    None => ext2_by_two_squares::<Self, N, R>(a0, a1),
                }
            }
            #[inline(always)]
            fn mul<const N: usize, R: Reduction<N>>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
                require($kind);
                // SAFETY: `require` checked the CPU features this product needs.
                unsafe { x86::$mul::<N, R>(a, b) }
            }
            #[inline(always)]
            fn square<const N: usize, R: Reduction<N>>(a: &[u64; N]) -> [u64; N] {
                require($kind);
                // SAFETY: `require` checked the CPU features this square needs.
                unsafe { x86::$square::<N, R>(a) }
            }
            #[inline(always)]
            fn mul_add<const N: usize, R: Reduction<N>>(
                a: &[u64; N],
                b: &[u64; N],
                c: &[u64; N],
                d: &[u64; N],
            ) -> [u64; N] {
                require($kind);
                // SAFETY: `require` checked the CPU features these products need.
                match unsafe { x86::$mul_add::<N, R>(a, b, c, d) } {
                    Some(r) => r,
                    // Two calls of this backend's product, each with its own check,
                    // exactly as `a * b + c * d` runs (see `clmul::mul_add_with`).
                    None => sum_of_products::<Self, N, R>(a, b, c, d),
                }
            }
            #[inline(always)]
            fn mul_pair<const N: usize, R: Reduction<N>>(
                a: &[u64; N],
                b: &[u64; N],
                c: &[u64; N],
                d: &[u64; N],
            ) -> ([u64; N], [u64; N]) {
                require($kind);
                // SAFETY: `require` checked the CPU features these products need.
                match unsafe { x86::$mul_pair::<N, R>(a, b, c, d) } {
                    Some(r) => r,
                    None => (Self::mul::<N, R>(a, b), Self::mul::<N, R>(c, d)),
                }
            }
            #[inline(always)]
            fn square_pair<const N: usize, R: Reduction<N>>(
                a: &[u64; N],
                c: &[u64; N],
            ) -> ([u64; N], [u64; N]) {
                require($kind);
                // SAFETY: `require` checked the CPU features these squares need.
                match unsafe { x86::$square_pair::<N, R>(a, c) } {
                    Some(r) => r,
                    None => (Self::square::<N, R>(a), Self::square::<N, R>(c)),
                }
            }
            #[inline(always)]
            fn has_lambda_rounds4<const N: usize, R: Reduction<N>>() -> bool {
                four_lane_233($kind, lambda4::has_rounds::<N, R>())
            }
            #[inline(always)]
            fn lambda_orbit_rounds4<const N: usize, R: Reduction<N>>(
                bases: &[[u64; N]; 8],
                steps: usize,
                plan: &[OrbitRound],
            ) -> Option<([[u64; N]; 12], bool)> {
                if !Self::has_lambda_rounds4::<N, R>() {
                    return None;
                }
                // SAFETY: `four_lane_233` checked the whole contract.
                unsafe { lambda4::orbit_rounds::<N, R>(bases, steps, plan) }
            }
            #[inline(always)]
            fn has_ladder4<const N: usize, R: Reduction<N>>() -> bool {
                four_lane_233($kind, ladder4::has_ladder::<N, R>())
            }
            #[inline(always)]
            fn ladder4<const N: usize, R: Reduction<N>>(
                x: &[u64; N],
                c: &[u64; N],
                k: &[u64],
                steps: usize,
            ) -> Option<[[u64; N]; 4]> {
                if !Self::has_ladder4::<N, R>() {
                    return None;
                }
                // SAFETY: `four_lane_233` checked the whole contract.
                unsafe { ladder4::ladder::<N, R>(x, c, k, steps) }
            }
            #[inline(always)]
            fn split_even_odd(w: u64) -> (u64, u64) {
                require($kind);
                // SAFETY: `require` checked the CPU features this needs.
                unsafe { $split(w) }
            }
            #[inline(always)]
            fn run<T>(f: impl FnOnce() -> T) -> T {
                require($kind);
                // SAFETY: `require` checked the CPU features the context enables.
                unsafe { $run(f) }
            }
            #[inline(always)]
            fn gls254_loops() -> bool {
                $gls254_loops
            }
            #[inline(always)]
            fn basis_walk_ct<const N: usize>(
                images: &BasisImages<N>,
                a: &[u64; N],
            ) -> Option<[u64; N]> {
                walk_images(images, a)
            }
            #[inline(always)]
            fn run_task<T: BackendTask>(task: T) -> T::Output {
                require($kind);
                if const { T::SMALL } {
                    // Run in place: this backend's products and squares are inline
                    // assembly, which needs no feature context (the 256-bit product of
                    // the largest fields is a call into its own), and a small task gains
                    // less from one than the call into it costs (measured: the GF(2^254)
                    // square roots of the GLS halving, two per halving).
                    task.run::<Self>()
                } else {
                    // SAFETY: `require` checked the CPU features the context enables.
                    unsafe { $run_task(task) }
                }
            }
        }
    };
}

#[cfg(target_arch = "x86_64")]
accelerated_backend!(
    Clmul,
    "clmul",
    BackendKind::Clmul,
    mul: clmul_backend_mul,
    mul_add: clmul_backend_mul_add,
    mul_pair: clmul_backend_mul_pair,
    square_pair: clmul_backend_square_pair,
    square: clmul_backend_square,
    ext2: |a0, a1, b0, b1| clmul::mul254_with::<clmul::ClmulEncoding>(a0, a1, b0, b1),
    square_ext2: clmul_backend_square_ext2,
    split: x86::portable_split_even_odd,
    gls254_loops: false,
    run: clmul::run,
    run_task: clmul::run_task
);
#[cfg(target_arch = "x86_64")]
accelerated_backend!(
    Vpclmul,
    "vpclmul",
    BackendKind::Vpclmul,
    mul: vpclmul_backend_mul,
    mul_add: vpclmul_backend_mul_add,
    mul_pair: vpclmul_backend_mul_pair,
    square_pair: vpclmul_backend_square_pair,
    square: vpclmul_backend_square,
    ext2: |a0, a1, b0, b1| vpclmul::mul254(a0, a1, b0, b1),
    square_ext2: vpclmul_backend_square_ext2,
    split: vpclmul::split_even_odd,
    gls254_loops: true,
    run: vpclmul::run,
    run_task: vpclmul::run_task
);

// Off x86-64 the accelerated types exist so code naming them compiles, and behave as
// documented for a CPU without the instructions.
#[cfg(not(target_arch = "x86_64"))]
macro_rules! unsupported_backend {
    ($t:ty, $name:literal, $kind:expr) => {
        impl Backend for $t {
            const NAME: &'static str = $name;
            fn mul<const N: usize, R: Reduction<N>>(_: &[u64; N], _: &[u64; N]) -> [u64; N] {
                require($kind);
                unreachable!()
            }
            fn square<const N: usize, R: Reduction<N>>(_: &[u64; N]) -> [u64; N] {
                require($kind);
                unreachable!()
            }
            fn run<T>(_: impl FnOnce() -> T) -> T {
                require($kind);
                unreachable!()
            }
        }
    };
}
#[cfg(not(target_arch = "x86_64"))]
unsupported_backend!(Clmul, "clmul", BackendKind::Clmul);
#[cfg(not(target_arch = "x86_64"))]
unsupported_backend!(Vpclmul, "vpclmul", BackendKind::Vpclmul);

/// Run-time choice among the backends, made once per process (see [`selected`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Auto;

impl Backend for Auto {
    const NAME: &'static str = "auto";
    #[inline(always)]
    fn mul_ext2<const N: usize, R: Reduction<N>>(
        a0: &[u64; N],
        a1: &[u64; N],
        b0: &[u64; N],
        b1: &[u64; N],
    ) -> ([u64; N], [u64; N]) {
        #[cfg(target_arch = "x86_64")]
        if selected_code() != PORTABLE {
            // SAFETY: both accelerated backends have PCLMULQDQ and SSE4.1, checked by `selected()`.
            if let Some(c) = unsafe { x86::clmul_mul_ext2::<N, R>(a0, a1, b0, b1) } {
                return c;
            }
        }
        ext2_by_three_products::<Self, N, R>(a0, a1, b0, b1)
    }
    #[inline(always)]
    fn run_task<T: BackendTask>(task: T) -> T::Output {
        dispatch(task)
    }
    #[inline(always)]
    fn gls254_loops() -> bool {
        #[cfg(target_arch = "x86_64")]
        return selected_code() == VPCLMUL;
        #[cfg(not(target_arch = "x86_64"))]
        false
    }
    #[inline(always)]
    fn basis_walk_ct<const N: usize>(images: &BasisImages<N>, a: &[u64; N]) -> Option<[u64; N]> {
        if selected_code() == PORTABLE {
            return None;
        }
        walk_images(images, a)
    }
    #[inline(always)]
    fn mul<const N: usize, R: Reduction<N>>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        let code = selected_code();
        #[cfg(target_arch = "x86_64")]
        {
            // The 256-bit products are only used from VPCLMUL_MIN_WORDS up, so for smaller
            // fields both accelerated backends are the one PCLMULQDQ arm.
            if const { N >= VPCLMUL_MIN_WORDS } && code == VPCLMUL {
                // SAFETY: `selected()` records VPCLMUL only after checking its CPU support.
                return unsafe { x86::vpclmul_mul::<N, R>(a, b) };
            }
            if code != PORTABLE {
                // SAFETY: both accelerated backends have PCLMULQDQ and SSE4.1, checked by `selected()`.
                return unsafe { x86::clmul_mul::<N, R>(a, b) };
            }
        }
        let _ = code;
        Portable::mul::<N, R>(a, b)
    }
    #[inline(always)]
    fn square<const N: usize, R: Reduction<N>>(a: &[u64; N]) -> [u64; N] {
        #[cfg(target_arch = "x86_64")]
        if selected_code() != PORTABLE {
            // SAFETY: both accelerated backends have PCLMULQDQ and SSE4.1, checked by `selected()`.
            return unsafe { x86::clmul_square::<N, R>(a) };
        }
        Portable::square::<N, R>(a)
    }
    #[inline(always)]
    fn run<T>(f: impl FnOnce() -> T) -> T {
        match selected_code() {
            // SAFETY (both arms): `selected()` records a code only for a backend whose
            // CPU support it checked.
            #[cfg(target_arch = "x86_64")]
            VPCLMUL => unsafe { vpclmul::run(f) },
            #[cfg(target_arch = "x86_64")]
            CLMUL => unsafe { clmul::run(f) },
            _ => f(),
        }
    }
}
