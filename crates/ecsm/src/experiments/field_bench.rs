//! Latency of the field operations, and the ratios I/M, S/M, H/M that head seed 000's
//! Table 1; for the prime fields, of multiplication, squaring, both inversions and
//! addition.

use super::timing::{run_chain, time_chain, BenchConfig, ChainOp, Timing};
use crate::backend::{adx, Backend, Clmul, Portable, Vpclmul};
use crate::field::gf2m::{Gf2m, Gf2mSpec, P127, P163, P233, P283, P409, P571};
use crate::field::prime::specs::*;
use crate::field::prime::{Fp, FpSpec, PrimeField, Reduction};
use crate::field::{BinaryField, Field, Gf254With};
use rand_core::{RngCore, SeedableRng};

/// The field names `field-bench` knows, in report order, with their words per element
/// (GF(2^254) is two GF(2^127) elements of two words each).
pub const FIELDS: [(&str, usize); 7] = [
    ("2^127", 2),
    ("2^163", 3),
    ("2^233", 4),
    ("2^283", 5),
    ("2^409", 7),
    ("2^571", 9),
    ("2^254", 2),
];

/// The field names alone, taken from [`FIELDS`].
pub const FIELD_NAMES: [&str; 7] = {
    let mut names = [""; 7];
    let mut i = 0;
    while i < names.len() {
        names[i] = FIELDS[i].0;
        i += 1;
    }
    names
};

/// The prime fields `field-bench` knows (their `Field::NAME`), in report order. They
/// have a single, portable implementation, except `p256`, `p384` and `secp256k1`, whose
/// products, squares, sums and differences run on BMI2/ADX assembly
/// ([`crate::backend::p256_adx`], [`crate::backend::p384_adx`],
/// [`crate::backend::k256_adx`], backend name `adx`) where the CPU has it.
pub const PRIME_FIELD_NAMES: [&str; 22] = [
    "p192",
    "p224",
    "p256",
    "p384",
    "p521",
    "p448",
    "secp128r1",
    "secp160k1",
    "secp160r1",
    "secp192k1",
    "secp224k1",
    "secp256k1",
    "wtls8",
    "wtls9",
    "prime239",
    "brainpoolp160",
    "brainpoolp192",
    "brainpoolp224",
    "brainpoolp256",
    "brainpoolp320",
    "brainpoolp384",
    "brainpoolp512",
];

/// One timed operation.
#[derive(Clone, Debug, PartialEq)]
pub struct OpTiming {
    /// Field name, e.g. `2^233`.
    pub field: &'static str,
    /// Operation: `mul`, `sqr`, `inv`, `inv_ct`, `inv_euclid`, `half_trace`, `sqrt`,
    /// `trace`; `add` for prime fields.
    pub op: &'static str,
    /// Backend that ran it.
    pub backend: &'static str,
    /// Per-call latency.
    pub timing: Timing,
}

/// Deterministic generator for benchmark operands.
struct SplitMix(u64);
impl RngCore for SplitMix {
    fn next_u32(&mut self) -> u32 {
        self.next_u64() as u32
    }
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        rand_core::impls::fill_bytes_via_next(self, dest)
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}
impl SeedableRng for SplitMix {
    type Seed = [u8; 8];
    fn from_seed(seed: [u8; 8]) -> Self {
        SplitMix(u64::from_le_bytes(seed))
    }
}

fn nonzero<F: Field>(rng: &mut SplitMix) -> F {
    loop {
        let x = F::random(rng);
        if !x.is_zero() {
            return x;
        }
    }
}

/// Time a chain inside the backend's feature context, where composite code runs: the
/// context is entered once per timed loop, and the loop holds a single call site of
/// the operation, so the carry-less primitives inline into it.
fn chain<B: Backend, F: Copy, O: ChainOp<F>>(cfg: BenchConfig, x0: F, op: O) -> Timing {
    time_chain(cfg, x0, |iters, x| B::run(|| run_chain(&op, iters, x)))
}

/// Declares one benchmarked operation as its own type, so each timed loop is
/// monomorphised for exactly one operation.
macro_rules! chain_ops {
    ($bound:path; $($(#[$doc:meta])* $name:ident => |$x:ident| $body:expr;)*) => {$(
        $(#[$doc])*
        struct $name;
        impl<F: $bound> ChainOp<F> for $name {
            #[inline(always)]
            fn step(&self, $x: F) -> F {
                $body
            }
        }
    )*};
}

chain_ops! {
    Field;
    Sqr => |x| x.square();
    Inv => |x| x.invert_vartime().unwrap_or(F::one());
    InvCt => |x| x.invert().unwrap_or(F::one());
}

chain_ops! {
    BinaryField;
    HalfTrace => |x| x.half_trace();
    Sqrt => |x| x.sqrt();
    /// The trace bit is added back into the operand so that calls depend on each other.
    Trace => |x| if x.trace() == 1 { x + F::one() } else { x };
}

struct MulBy<F>(F);
impl<F: Field> ChainOp<F> for MulBy<F> {
    #[inline(always)]
    fn step(&self, x: F) -> F {
        x * self.0
    }
}

struct AddTo<F>(F);
impl<F: Field> ChainOp<F> for AddTo<F> {
    #[inline(always)]
    fn step(&self, x: F) -> F {
        x + self.0
    }
}

/// Time a chain of a field with a single implementation (no backend context).
fn plain_chain<F: Copy, O: ChainOp<F>>(cfg: BenchConfig, x0: F, op: O) -> Timing {
    time_chain(cfg, x0, |iters, x| run_chain(&op, iters, x))
}

/// Time the operations of a prime field as dependent chains: `inv` is the
/// variable-time divsteps inversion, `inv_ct` Fermat's.
fn bench_prime<F: Field>(cfg: BenchConfig) -> Vec<OpTiming> {
    let mut rng = SplitMix(0x5eed_f1e1d);
    let a: F = nonzero(&mut rng);
    let b: F = nonzero(&mut rng);
    let backend = prime_backend(F::NAME);
    let row = |op, timing| OpTiming {
        field: F::NAME,
        op,
        backend,
        timing,
    };
    vec![
        row("mul", plain_chain(cfg, a, MulBy(b))),
        row("sqr", plain_chain(cfg, a, Sqr)),
        row("inv", plain_chain(cfg, a, Inv)),
        row("inv_ct", plain_chain(cfg, a, InvCt)),
        row("add", plain_chain(cfg, a, AddTo(b))),
    ]
}

/// The prime fields with BMI2/ADX assembly ([`crate::backend::p256_adx`],
/// [`crate::backend::p384_adx`], [`crate::backend::k256_adx`]).
const ADX_FIELDS: [&str; 3] = ["p256", "p384", "secp256k1"];

/// The backend a prime field's arithmetic runs on in this process: `adx` for P-256,
/// P-384 and secp256k1 where [`adx::available`], `portable` otherwise.
pub fn prime_backend(field: &str) -> &'static str {
    if ADX_FIELDS.contains(&field) && adx::available() {
        "adx"
    } else {
        "portable"
    }
}

/// The portable twin of a field's assembly, timed on the same chains
/// (`--both-backends`): the product, square and sum by the generic code.
fn bench_portable_twin<const N: usize, S: FpSpec<N>>(cfg: BenchConfig) -> Vec<OpTiming> {
    type F<const N: usize, S> = Fp<N, S>;
    struct MulP<const N: usize, S: FpSpec<N>>(F<N, S>);
    impl<const N: usize, S: FpSpec<N>> ChainOp<F<N, S>> for MulP<N, S> {
        #[inline(always)]
        fn step(&self, x: F<N, S>) -> F<N, S> {
            x.mul_portable(self.0)
        }
    }
    struct SqrP;
    impl<const N: usize, S: FpSpec<N>> ChainOp<F<N, S>> for SqrP {
        #[inline(always)]
        fn step(&self, x: F<N, S>) -> F<N, S> {
            x.square_portable()
        }
    }
    struct AddP<const N: usize, S: FpSpec<N>>(F<N, S>);
    impl<const N: usize, S: FpSpec<N>> ChainOp<F<N, S>> for AddP<N, S> {
        #[inline(always)]
        fn step(&self, x: F<N, S>) -> F<N, S> {
            x.add_portable(self.0)
        }
    }
    let mut rng = SplitMix(0x5eed_f1e1d);
    let a: F<N, S> = nonzero(&mut rng);
    let b: F<N, S> = nonzero(&mut rng);
    let row = |op, timing| OpTiming {
        field: S::NAME,
        op,
        backend: "portable",
        timing,
    };
    vec![
        row("mul", plain_chain(cfg, a, MulP(b))),
        row("sqr", plain_chain(cfg, a, SqrP)),
        row("add", plain_chain(cfg, a, AddP(b))),
    ]
}

struct InvEuclid;
impl<const N: usize, S: Gf2mSpec<N>, B: Backend> ChainOp<Gf2m<N, S, B>> for InvEuclid {
    #[inline(always)]
    fn step(&self, x: Gf2m<N, S, B>) -> Gf2m<N, S, B> {
        x.invert_euclid_vartime().unwrap_or(Gf2m::<N, S, B>::one())
    }
}

/// Time every operation of `F` as a dependent chain. `inv_euclid` is passed in because
/// only the polynomial-basis fields have it.
fn bench_ops<F: BinaryField, B: Backend>(cfg: BenchConfig, backend: &'static str) -> Vec<OpTiming> {
    let mut rng = SplitMix(0x5eed_f1e1d);
    let a: F = nonzero(&mut rng);
    let b: F = nonzero(&mut rng);
    let mut out = Vec::new();
    let mut push = |op, timing| {
        out.push(OpTiming {
            field: F::NAME,
            op,
            backend,
            timing,
        })
    };
    push("mul", chain::<B, F, _>(cfg, a, MulBy(b)));
    push("sqr", chain::<B, F, _>(cfg, a, Sqr));
    push("inv", chain::<B, F, _>(cfg, a, Inv));
    push("inv_ct", chain::<B, F, _>(cfg, a, InvCt));
    push("half_trace", chain::<B, F, _>(cfg, a, HalfTrace));
    push("sqrt", chain::<B, F, _>(cfg, a, Sqrt));
    push("trace", chain::<B, F, _>(cfg, a, Trace));
    out
}

fn bench_gf2m<const N: usize, S: Gf2mSpec<N>, B: Backend>(cfg: BenchConfig) -> Vec<OpTiming> {
    let mut out = bench_ops::<Gf2m<N, S, B>, B>(cfg, B::NAME);
    let a: Gf2m<N, S, B> = nonzero(&mut SplitMix(0x5eed_f1e1d));
    let timing = chain::<B, _, _>(cfg, a, InvEuclid);
    out.insert(
        4,
        OpTiming {
            field: S::NAME,
            op: "inv_euclid",
            backend: B::NAME,
            timing,
        },
    );
    out
}

fn bench_field_with<B: Backend>(cfg: BenchConfig, field: &str) -> Option<Vec<OpTiming>> {
    Some(match field {
        "2^127" => bench_gf2m::<2, P127, B>(cfg),
        "2^163" => bench_gf2m::<3, P163, B>(cfg),
        "2^233" => bench_gf2m::<4, P233, B>(cfg),
        "2^283" => bench_gf2m::<5, P283, B>(cfg),
        "2^409" => bench_gf2m::<7, P409, B>(cfg),
        "2^571" => bench_gf2m::<9, P571, B>(cfg),
        "2^254" => bench_ops::<Gf254With<B>, B>(cfg, B::NAME),
        _ => return None,
    })
}

/// Something done with one prime field's type, picked by name at run time
/// (see [`visit_prime_field`]).
pub trait PrimeFieldVisitor {
    /// What the visit returns.
    type Output;
    /// Run on the field GF(p) of spec `S`.
    fn visit<const N: usize, S: FpSpec<N>>(self) -> Self::Output;
}

/// Run `v` on the prime field named `field` (one of [`PRIME_FIELD_NAMES`]); `None` for
/// another name. The single place mapping these names to types.
pub fn visit_prime_field<V: PrimeFieldVisitor>(field: &str, v: V) -> Option<V::Output> {
    Some(match field {
        "p192" => v.visit::<3, P192>(),
        "p224" => v.visit::<4, P224>(),
        "p256" => v.visit::<4, P256>(),
        "p384" => v.visit::<6, P384>(),
        "p521" => v.visit::<9, P521>(),
        "p448" => v.visit::<7, P448>(),
        "secp128r1" => v.visit::<2, Secp128r1>(),
        "secp160k1" => v.visit::<3, Secp160k1>(),
        "secp160r1" => v.visit::<3, Secp160r1>(),
        "secp192k1" => v.visit::<3, Secp192k1>(),
        "secp224k1" => v.visit::<4, Secp224k1>(),
        "secp256k1" => v.visit::<4, Secp256k1>(),
        "wtls8" => v.visit::<2, Wtls8>(),
        "wtls9" => v.visit::<3, Wtls9>(),
        "prime239" => v.visit::<4, Prime239>(),
        "brainpoolp160" => v.visit::<3, BrainpoolP160>(),
        "brainpoolp192" => v.visit::<3, BrainpoolP192>(),
        "brainpoolp224" => v.visit::<4, BrainpoolP224>(),
        "brainpoolp256" => v.visit::<4, BrainpoolP256>(),
        "brainpoolp320" => v.visit::<5, BrainpoolP320>(),
        "brainpoolp384" => v.visit::<6, BrainpoolP384>(),
        "brainpoolp512" => v.visit::<8, BrainpoolP512>(),
        _ => return None,
    })
}

struct BenchPrime(BenchConfig);
impl PrimeFieldVisitor for BenchPrime {
    type Output = Vec<OpTiming>;
    fn visit<const N: usize, S: FpSpec<N>>(self) -> Vec<OpTiming> {
        bench_prime::<Fp<N, S>>(self.0)
    }
}

/// What `ecsm fields` prints about a prime field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrimeFieldInfo {
    /// `Field::NAME`.
    pub name: &'static str,
    /// Bit length of p.
    pub bits: usize,
    /// 64-bit words per element.
    pub words: usize,
    /// p in big-endian hexadecimal.
    pub modulus_hex: String,
    /// The reduction its spec uses.
    pub reduction: Reduction,
}

struct Describe;
impl PrimeFieldVisitor for Describe {
    type Output = PrimeFieldInfo;
    fn visit<const N: usize, S: FpSpec<N>>(self) -> PrimeFieldInfo {
        let hex: Vec<String> = S::P.iter().rev().map(|w| format!("{w:016x}")).collect();
        let hex = hex.concat();
        PrimeFieldInfo {
            name: S::NAME,
            bits: Fp::<N, S>::BITS,
            words: N,
            modulus_hex: hex.trim_start_matches('0').to_string(),
            reduction: S::REDUCTION,
        }
    }
}

/// Facts about every prime field of [`PRIME_FIELD_NAMES`], in that order.
pub fn prime_fields() -> Vec<PrimeFieldInfo> {
    PRIME_FIELD_NAMES
        .iter()
        .map(|n| visit_prime_field(n, Describe).expect("names listed are known"))
        .collect()
}

/// Time every operation of `field` (one of [`FIELD_NAMES`] or [`PRIME_FIELD_NAMES`]) on
/// the backend named `backend` (`portable`, `clmul` or `vpclmul`; prime fields
/// `portable`, and `adx` for `p256`, `p384` and `secp256k1`); `None` for an unknown field
/// or backend. The caller checks that the backend is supported before asking for it. The
/// `portable` rows of those three, where the assembly is available, are its generic twin
/// (product, square and sum).
pub fn bench_field(cfg: BenchConfig, field: &str, backend: &str) -> Option<Vec<OpTiming>> {
    if PRIME_FIELD_NAMES.contains(&field) {
        return match backend {
            // p448 times the type `ed448` runs on, not the generic one of its spec.
            "portable" if field == "p448" => Some(bench_prime::<FpP448>(cfg)),
            "portable" if field == "p256" && adx::available() => {
                Some(bench_portable_twin::<4, P256>(cfg))
            }
            "portable" if field == "p384" && adx::available() => {
                Some(bench_portable_twin::<6, P384>(cfg))
            }
            "portable" if field == "secp256k1" && adx::available() => {
                Some(bench_portable_twin::<4, Secp256k1>(cfg))
            }
            "adx" if field == "p256" && adx::available() => Some(bench_prime::<FpP256>(cfg)),
            "adx" if field == "p384" && adx::available() => Some(bench_prime::<FpP384>(cfg)),
            "adx" if field == "secp256k1" && adx::available() => {
                Some(bench_prime::<FpSecp256k1>(cfg))
            }
            "portable" => visit_prime_field(field, BenchPrime(cfg)),
            _ => None,
        };
    }
    match backend {
        "clmul" => bench_field_with::<Clmul>(cfg, field),
        "vpclmul" => bench_field_with::<Vpclmul>(cfg, field),
        "portable" => bench_field_with::<Portable>(cfg, field),
        _ => None,
    }
}

/// The ratio of two operations' median latencies in one field's timings.
pub fn ratio(timings: &[OpTiming], num: &str, den: &str) -> Option<f64> {
    let get = |op: &str| {
        timings
            .iter()
            .find(|t| t.op == op)
            .map(|t| t.timing.median_ns)
    };
    Some(get(num)? / get(den)?)
}
