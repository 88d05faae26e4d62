//! Carry-less multiplication backends for GF(2^m).
//!
//! Every backend computes the same two primitives, the full polynomial product of two
//! N-word operands and the polynomial square, and hands the 2N-word result to a
//! reduction closure so that reduction is inlined into the backend's own code (for the
//! `clmul` backend that means it is compiled with the same target features).
//!
//! `Portable` is always compiled and is constant-time (masked integer multiplies, no
//! tables). `Clmul` uses PCLMULQDQ and exists on x86-64 only. `Auto` picks one once per
//! process, from CPU detection or the `ECSM_BACKEND` environment variable.

pub mod portable;

#[cfg(target_arch = "x86_64")]
pub mod clmul;

use std::fmt::Debug;
use std::sync::atomic::{AtomicU8, Ordering};

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

/// The two primitives a backend provides.
pub trait Backend: Copy + Clone + Debug + Default + PartialEq + Eq + Send + Sync + 'static {
    /// Short name as printed by `ecsm info` and accepted by `ECSM_BACKEND`.
    const NAME: &'static str;
    /// `R::reduce(a · b)` where `·` is the carry-less product of two N-word polynomials.
    fn mul<const N: usize, R: Reduction<N>>(a: &[u64; N], b: &[u64; N]) -> [u64; N];
    /// `R::reduce(a²)`.
    fn square<const N: usize, R: Reduction<N>>(a: &[u64; N]) -> [u64; N];
    /// Run `f` in code compiled for this backend's CPU features, so that field
    /// operations inside `f` inline instead of each being a call. Composite operations
    /// (inversion, square root, whole scalar multiplications, benchmark loops) enter
    /// through here once.
    fn run<T>(f: impl FnOnce() -> T) -> T;
}

/// Which implementation a run uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BackendKind {
    /// Portable u64 code, always available.
    Portable,
    /// PCLMULQDQ carry-less multiplication.
    Clmul,
}

impl BackendKind {
    /// Name as accepted by `ECSM_BACKEND`.
    pub fn name(self) -> &'static str {
        match self {
            BackendKind::Portable => Portable::NAME,
            BackendKind::Clmul => "clmul",
        }
    }
}

/// Error for an `ECSM_BACKEND` value that names no backend or one this CPU lacks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BackendError {
    /// The variable names no backend.
    #[error("ECSM_BACKEND={0:?} names no backend (expected 'portable' or 'clmul')")]
    Unknown(String),
    /// The variable names a backend this CPU cannot run.
    #[error("ECSM_BACKEND=clmul but this CPU has no PCLMULQDQ")]
    Unsupported,
}

/// True when this CPU can run the `clmul` backend.
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
            ("avx512f", d!("avx512f")),
            ("bmi2", d!("bmi2")),
        ]
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        Vec::new()
    }
}

/// Decide the backend from an `ECSM_BACKEND` value (None: detect).
pub fn choose(requested: Option<&str>) -> Result<BackendKind, BackendError> {
    match requested.map(str::trim) {
        None | Some("") | Some("auto") => Ok(if clmul_supported() {
            BackendKind::Clmul
        } else {
            BackendKind::Portable
        }),
        Some("portable") => Ok(BackendKind::Portable),
        Some("clmul") if clmul_supported() => Ok(BackendKind::Clmul),
        Some("clmul") => Err(BackendError::Unsupported),
        Some(other) => Err(BackendError::Unknown(other.to_string())),
    }
}

const UNSET: u8 = 0;
const PORTABLE: u8 = 1;
const CLMUL: u8 = 2;
static SELECTED: AtomicU8 = AtomicU8::new(UNSET);

/// The backend `Auto` uses in this process, decided on first use from `ECSM_BACKEND`
/// and CPU detection. An invalid `ECSM_BACKEND` falls back to detection here; front
/// ends that want to reject it call [`choose`] themselves first (the CLI does).
pub fn selected() -> BackendKind {
    match SELECTED.load(Ordering::Relaxed) {
        PORTABLE => BackendKind::Portable,
        CLMUL => BackendKind::Clmul,
        _ => {
            let env = std::env::var("ECSM_BACKEND").ok();
            let kind = choose(env.as_deref())
                .unwrap_or_else(|_| choose(None).expect("detection cannot fail"));
            SELECTED.store(
                if kind == BackendKind::Clmul {
                    CLMUL
                } else {
                    PORTABLE
                },
                Ordering::Relaxed,
            );
            kind
        }
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

/// The PCLMULQDQ backend. Calling it on a CPU without PCLMULQDQ and SSE4.1 panics
/// with a message; it is meant for tests and benchmarks that force a backend after
/// checking [`clmul_supported`]. Library users want [`Auto`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Clmul;

impl Backend for Clmul {
    const NAME: &'static str = "clmul";
    #[inline(always)]
    fn mul<const N: usize, R: Reduction<N>>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        assert!(
            clmul_supported(),
            "the clmul backend was forced on a CPU without PCLMULQDQ/SSE4.1"
        );
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the assertion above checked that the CPU has PCLMULQDQ and SSE4.1.
        return unsafe { clmul_mul::<N, R>(a, b) };
        #[cfg(not(target_arch = "x86_64"))]
        unreachable!("clmul_supported() is false off x86-64")
    }
    #[inline(always)]
    fn square<const N: usize, R: Reduction<N>>(a: &[u64; N]) -> [u64; N] {
        assert!(
            clmul_supported(),
            "the clmul backend was forced on a CPU without PCLMULQDQ/SSE4.1"
        );
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the assertion above checked that the CPU has PCLMULQDQ and SSE4.1.
        return unsafe { clmul_square::<N, R>(a) };
        #[cfg(not(target_arch = "x86_64"))]
        unreachable!("clmul_supported() is false off x86-64")
    }
    #[inline(always)]
    fn run<T>(f: impl FnOnce() -> T) -> T {
        assert!(
            clmul_supported(),
            "the clmul backend was forced on a CPU without PCLMULQDQ/SSE4.1"
        );
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the assertion above checked that the CPU has PCLMULQDQ and SSE4.1.
        return unsafe { clmul::run(f) };
        #[cfg(not(target_arch = "x86_64"))]
        unreachable!("clmul_supported() is false off x86-64")
    }
}

/// The clmul product, taking the all-SSE path for x^127 + x^63 + 1.
///
/// # Safety
/// The CPU must support PCLMULQDQ and SSE4.1.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn clmul_mul<const N: usize, R: Reduction<N>>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
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

/// The clmul square, taking the all-SSE path for x^127 + x^63 + 1.
///
/// # Safety
/// The CPU must support PCLMULQDQ and SSE4.1.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn clmul_square<const N: usize, R: Reduction<N>>(a: &[u64; N]) -> [u64; N] {
    if R::IS_X127_X63_1 && N == 2 {
        // SAFETY: N == 2, so [u64; N] and [u64; 2] are the same type; the caller
        // guarantees the CPU features.
        return unsafe { core::mem::transmute_copy(&clmul::square127(&*a.as_ptr().cast())) };
    }
    // SAFETY: the caller guarantees the CPU features.
    unsafe { clmul::square::<N, R>(a) }
}

/// True when `Auto` runs on the clmul backend; decides on first call.
#[inline(always)]
fn auto_uses_clmul() -> bool {
    match SELECTED.load(Ordering::Relaxed) {
        CLMUL => true,
        PORTABLE => false,
        _ => selected() == BackendKind::Clmul,
    }
}

/// Run-time choice between [`Clmul`] and [`Portable`], made once per process (see [`selected`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Auto;

impl Backend for Auto {
    const NAME: &'static str = "auto";
    #[inline(always)]
    fn mul<const N: usize, R: Reduction<N>>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        #[cfg(target_arch = "x86_64")]
        if auto_uses_clmul() {
            // SAFETY: `selected()` only records CLMUL after `clmul_supported()` returned true.
            return unsafe { clmul_mul::<N, R>(a, b) };
        }
        Portable::mul::<N, R>(a, b)
    }
    #[inline(always)]
    fn square<const N: usize, R: Reduction<N>>(a: &[u64; N]) -> [u64; N] {
        #[cfg(target_arch = "x86_64")]
        if auto_uses_clmul() {
            // SAFETY: `selected()` only records CLMUL after `clmul_supported()` returned true.
            return unsafe { clmul_square::<N, R>(a) };
        }
        Portable::square::<N, R>(a)
    }
    #[inline(always)]
    fn run<T>(f: impl FnOnce() -> T) -> T {
        #[cfg(target_arch = "x86_64")]
        if auto_uses_clmul() {
            // SAFETY: `selected()` only records CLMUL after `clmul_supported()` returned true.
            return unsafe { clmul::run(f) };
        }
        f()
    }
}
