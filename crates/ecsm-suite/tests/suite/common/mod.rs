//! Helpers shared by the integration tests: seeded randomness, elements built from raw
//! words, proptest plumbing, edge-case operands and a macro that instantiates one generic
//! test body for each of the six GF(2^m) fields.
#![allow(dead_code, unused_macros)]

pub mod binary_ref;
pub mod shapes;

use ecsm::backend::{Backend, BackendKind};
use ecsm::field::ext2::QuadraticBase;
use ecsm::field::{BinaryField, Gf2Ext, Gf2m, Gf2mSpec};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRng, TestRunner};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Cases per proptest property.
pub const CASES: u32 = 64;

/// A reproducible random generator.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// `n` random elements from a seeded generator.
pub fn randoms<F: BinaryField>(seed: u64, n: usize) -> Vec<F> {
    let mut r = rng(seed);
    (0..n).map(|_| F::random(&mut r)).collect()
}

/// `n` random nonzero elements.
pub fn nonzero_randoms<F: BinaryField>(seed: u64, n: usize) -> Vec<F> {
    let mut r = rng(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let a = F::random(&mut r);
        if !a.is_zero() {
            out.push(a);
        }
    }
    out
}

/// True when backend `B` can run here. Forcing an accelerated backend without CPU support
/// panics, so every test that forces one goes through this and prints a note when it skips.
pub fn backend_available<B: Backend>(what: &str) -> bool {
    let kind = match B::NAME {
        "clmul" => BackendKind::Clmul,
        "vpclmul" => BackendKind::Vpclmul,
        _ => return true,
    };
    if !kind.supported() {
        eprintln!(
            "note: skipping {what} on the {} backend: this CPU lacks its instructions",
            B::NAME
        );
        return false;
    }
    true
}

/// Mask of the valid bits (< m) of the top word of an m-bit element.
pub fn top_mask(m: usize) -> u64 {
    // m ≡ r (mod 64) keeps the low r bits, or all 64 when r = 0.
    u64::MAX >> ((64 - m % 64) % 64)
}

/// Elements built from raw 64-bit words, bits at or above the degree dropped.
pub trait FromWords: BinaryField {
    /// Words consumed by [`FromWords::from_words`].
    const WORDS: usize;
    /// The element whose coefficients are the low bits of `w` (little-endian words).
    fn from_words(w: &[u64]) -> Self;
}

impl<const N: usize, S: Gf2mSpec<N>, B: Backend> FromWords for Gf2m<N, S, B> {
    const WORDS: usize = N;
    fn from_words(w: &[u64]) -> Self {
        let mut l = [0u64; N];
        l.copy_from_slice(&w[..N]);
        l[N - 1] &= top_mask(S::M);
        Gf2m::from_limbs(l).expect("masked below the degree")
    }
}

impl<F: FromWords + QuadraticBase> FromWords for Gf2Ext<F> {
    const WORDS: usize = 2 * F::WORDS;
    fn from_words(w: &[u64]) -> Self {
        Gf2Ext {
            c0: F::from_words(&w[..F::WORDS]),
            c1: F::from_words(&w[F::WORDS..]),
        }
    }
}

/// One word: mostly uniform, sometimes 0, all ones or a single bit, so that sparse and
/// dense operands (the edge cases of carries and reduction) turn up.
pub fn word() -> impl Strategy<Value = u64> {
    prop_oneof![
        6 => any::<u64>(),
        1 => Just(0u64),
        1 => Just(u64::MAX),
        1 => (0u32..64).prop_map(|b| 1u64 << b),
    ]
}

/// Field elements from proptest-chosen words masked below the degree.
pub fn elem<F: FromWords>() -> impl Strategy<Value = F> {
    proptest::collection::vec(word(), F::WORDS).prop_map(|w| F::from_words(&w))
}

/// Nonzero field elements (zero is replaced by one).
pub fn nonzero_elem<F: FromWords>() -> impl Strategy<Value = F> {
    elem::<F>().prop_map(|a| if a.is_zero() { F::one() } else { a })
}

/// Run a property for [`CASES`] cases with a deterministic seed and no persistence files.
/// The strategy is boxed and the test passed as `dyn`, so that proptest's runner (with its
/// shrinking and fork support) is compiled once per value type, not once per property:
/// per property it was 45 % of this test binary's IR (`cargo llvm-lines --test suite`).
pub fn check<S: Strategy + 'static>(
    name: &str,
    strategy: S,
    test: impl Fn(S::Value) -> Result<(), TestCaseError>,
) {
    run_property(name, strategy.boxed(), &test);
}

fn run_property<V: core::fmt::Debug>(
    name: &str,
    strategy: BoxedStrategy<V>,
    test: &dyn Fn(V) -> Result<(), TestCaseError>,
) {
    let mut config = Config::with_cases(CASES);
    config.failure_persistence = None;
    let rng = TestRng::deterministic_rng(config.rng_algorithm);
    let mut runner = TestRunner::new_with_rng(config, rng);
    if let Err(e) = runner.run(&strategy, test) {
        panic!("property `{name}` failed: {e}");
    }
}

/// The words of x^i in `n` words.
pub fn monomial_words(n: usize, i: usize) -> Vec<u64> {
    let mut w = vec![0u64; n];
    w[i / 64] |= 1 << (i % 64);
    w
}

/// Limb vectors of the edge-case operands of an m-bit field in `n` words: 0, 1, x,
/// all ones below m, x^(m−1), x^(m−1) + 1, alternating patterns, and the lowest and
/// highest bit of every word (x^(64i) and x^(64i+63), when below m).
pub fn edge_words(m: usize, n: usize) -> Vec<Vec<u64>> {
    let bit = |i: usize| monomial_words(n, i);
    let fill = |pattern: u64| {
        let mut w = vec![pattern; n];
        w[n - 1] &= top_mask(m);
        w
    };
    let mut out = vec![
        vec![0u64; n],
        bit(0),
        bit(1),
        fill(u64::MAX),
        bit(m - 1),
        fill(0xAAAA_AAAA_AAAA_AAAA),
    ];
    out.push(fill(0x5555_5555_5555_5555));
    let mut top_and_one = bit(m - 1);
    top_and_one[0] |= 1;
    out.push(top_and_one);
    for i in 0..n {
        for b in [64 * i, 64 * i + 63] {
            if b < m && b > 1 && b != m - 1 {
                out.push(bit(b));
            }
        }
    }
    out
}

/// The edge-case operands of a field, as elements.
pub fn edge_elems<F: FromWords>() -> Vec<F> {
    edge_words(F::DEGREE, F::WORDS)
        .iter()
        .map(|w| F::from_words(w))
        .collect()
}

/// `a^(2^k)` by k plain squarings, written out here rather than taken from the library.
pub fn square_times<F: BinaryField>(a: F, k: usize) -> F {
    (0..k).fold(a, |acc, _| acc.square())
}

/// Instantiate generic test bodies for each of the six binary fields. Each
/// `test: body<Backend>;` line becomes `#[test] fn test()` in a module named after the
/// field (`gf127`, …, `gf571`), calling `body::<N, Spec, Backend>()`; tests on a backend
/// the CPU lacks print a note and pass.
/// [`gf2m_tests`] for GF(2^571) only, in a module `gf571_wide`: for the `vpclmul`
/// backend, which the library runs only on fields of `VPCLMUL_MIN_WORDS` words or more
/// (`ecsm::backend::effective`; smaller fields run on `clmul`, tested as such). Compiling
/// its tests for the other fields would test code no caller reaches, at build-time cost.
macro_rules! gf571_tests {
    ($($test:ident: $body:ident<$backend:ident>;)*) => {
        mod gf571_wide {
            const _: () = assert!(9 >= ecsm::backend::VPCLMUL_MIN_WORDS);
            $(
                #[test]
                fn $test() {
                    let what = concat!("gf571_wide::", stringify!($test));
                    if crate::common::backend_available::<ecsm::backend::$backend>(what) {
                        super::$body::<9, ecsm::field::gf2m::P571, ecsm::backend::$backend>();
                    }
                }
            )*
        }
    };
}

macro_rules! gf2m_tests {
    ($($test:ident: $body:ident<$backend:ident>;)*) => {
        gf2m_tests!(@field gf127, 2, P127; $($test: $body<$backend>;)*);
        gf2m_tests!(@field gf163, 3, P163; $($test: $body<$backend>;)*);
        gf2m_tests!(@field gf233, 4, P233; $($test: $body<$backend>;)*);
        gf2m_tests!(@field gf283, 5, P283; $($test: $body<$backend>;)*);
        gf2m_tests!(@field gf409, 7, P409; $($test: $body<$backend>;)*);
        gf2m_tests!(@field gf571, 9, P571; $($test: $body<$backend>;)*);
    };
    (@field $field:ident, $n:literal, $spec:ident; $($test:ident: $body:ident<$backend:ident>;)*) => {
        mod $field {
            $(
                #[test]
                fn $test() {
                    let what = concat!(stringify!($field), "::", stringify!($test));
                    if crate::common::backend_available::<ecsm::backend::$backend>(what) {
                        super::$body::<$n, ecsm::field::gf2m::$spec, ecsm::backend::$backend>();
                    }
                }
            )*
        }
    };
}

/// A private key d with its public key Q uncompressed and compressed, as SEC 1 bytes.
pub type KeyVector = (Vec<u64>, Vec<u8>, Vec<u8>);

/// One curve's block: its name, its key pairs, and the ECDH secret of the first two.
pub type CurveVectors<'a> = (&'a str, Vec<KeyVector>, Option<Vec<u8>>);

/// The blocks of an OpenSSL vector file (`tools/gen_openssl_vectors.sh`): for each curve its
/// name, its key pairs, and the ECDH secret of the first two when OpenSSL gave one.
pub fn openssl_vectors(text: &str) -> Vec<CurveVectors<'_>> {
    use ecsm::encoding::{from_hex, scalar_from_hex};
    text.split("curve ")
        .skip(1)
        .map(|block| {
            let mut lines = block.lines();
            let name = lines.next().unwrap().trim();
            let mut keys: Vec<KeyVector> = vec![];
            let mut secret = None;
            for l in lines {
                let (tag, val) = l.split_once(' ').unwrap();
                match tag {
                    "d" => keys.push((scalar_from_hex(val).unwrap(), vec![], vec![])),
                    "q" => keys.last_mut().unwrap().1 = from_hex(val).unwrap(),
                    "qc" => keys.last_mut().unwrap().2 = from_hex(val).unwrap(),
                    "secret" => secret = Some(from_hex(val).unwrap()),
                    _ => panic!("unexpected line {l}"),
                }
            }
            (name, keys, secret)
        })
        .collect()
}

/// A method spec from its text (built-in specs in the tests parse).
pub fn spec(s: &str) -> ecsm::mul::MethodSpec {
    s.parse().unwrap()
}

/// k − 1 for k > 0, as little-endian words of k's length.
pub fn sub_one(k: &[u64]) -> Vec<u64> {
    let mut r = k.to_vec();
    for w in r.iter_mut() {
        let (v, borrow) = w.overflowing_sub(1);
        *w = v;
        if !borrow {
            break;
        }
    }
    r
}

/// a + b as little-endian words, one word longer than the longer operand.
pub fn add_words(a: &[u64], b: &[u64]) -> Vec<u64> {
    let n = a.len().max(b.len()) + 1;
    let mut r = vec![0u64; n];
    let mut carry = 0u64;
    for (i, ri) in r.iter_mut().enumerate() {
        let (s1, c1) = a.get(i).copied().unwrap_or(0).overflowing_add(carry);
        let (s2, c2) = s1.overflowing_add(b.get(i).copied().unwrap_or(0));
        *ri = s2;
        carry = (c1 || c2) as u64;
    }
    r
}

/// 2^j as little-endian words.
pub fn pow2(j: usize) -> Vec<u64> {
    let mut p = vec![0u64; j / 64 + 1];
    p[j / 64] = 1 << (j % 64);
    p
}

/// Run a generic function with the field type and shape of the named binary curve:
/// `typed!(name, f::<F, S>(args))` calls `f::<Gf233, AnyShape>(args)` for `sect233r1`,
/// the types the registry uses (the fixed shapes are checked against it in
/// `binary_curves::any_shape_matches_the_fixed_shapes`).
macro_rules! typed {
    ($name:expr, $f:ident :: <F, S> ( $($arg:expr),* )) => {{
        use ecsm::curve::binary::AnyShape;
        use ecsm::field::{Gf163, Gf233, Gf283, Gf409, Gf571};
        match $name {
            "sect163k1" | "sect163r2" => $f::<Gf163, AnyShape>($($arg),*),
            "sect233k1" | "sect233r1" => $f::<Gf233, AnyShape>($($arg),*),
            "sect283k1" | "sect283r1" => $f::<Gf283, AnyShape>($($arg),*),
            "sect409k1" | "sect409r1" => $f::<Gf409, AnyShape>($($arg),*),
            "sect571k1" | "sect571r1" => $f::<Gf571, AnyShape>($($arg),*),
            other => panic!("not a binary curve: {other}"),
        }
    }};
}
