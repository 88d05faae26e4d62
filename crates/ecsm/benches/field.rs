//! Criterion micro-benchmarks of the field operations on the run-time selected backend.
//! `ecsm field-bench` measures dependent-chain latency (what the papers' peers quote);
//! these measure single calls as criterion does, for regression tracking. The group
//! `reduction` times, as dependent chains, each Crandall prime beside a Montgomery
//! twin of the same p: the measurement behind each spec's choice of reduction. The
//! group `p256-points` times P-256's doubling and mixed addition as dependent chains:
//! the assembly's own formulas (`backend::point4`) beside the generic `dbl-2001-b`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use ecsm::field::prime::{Fp, FpSpec};
use ecsm::field::*;
use rand::SeedableRng;
use std::time::Instant;

fn bench<F: BinaryField>(c: &mut Criterion) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let a = F::random(&mut rng);
    let b = F::random(&mut rng);
    let mut g = c.benchmark_group(F::NAME);
    g.bench_function("mul", |bn| bn.iter(|| black_box(a) * black_box(b)));
    g.bench_function("sqr", |bn| bn.iter(|| black_box(a).square()));
    g.bench_function("inv", |bn| bn.iter(|| black_box(a).invert_vartime()));
    g.bench_function("inv_ct", |bn| bn.iter(|| black_box(a).invert()));
    g.bench_function("half_trace", |bn| bn.iter(|| black_box(a).half_trace()));
    g.bench_function("sqrt", |bn| bn.iter(|| black_box(a).sqrt()));
    g.bench_function("trace", |bn| bn.iter(|| black_box(a).trace()));
    // The walk `tnaf` applies to its table's coordinates at the cut (τ^h).
    let h = F::FROBENIUS_CUT;
    g.bench_function("multi_square_cut", |bn| {
        bn.iter(|| black_box(a).multi_square(h))
    });
    g.finish();
}

fn bench_prime<F: PrimeField>(c: &mut Criterion) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let a = F::random(&mut rng);
    let b = F::random(&mut rng);
    let mut g = c.benchmark_group(F::NAME);
    g.bench_function("mul", |bn| bn.iter(|| black_box(a) * black_box(b)));
    g.bench_function("sqr", |bn| bn.iter(|| black_box(a).square()));
    g.bench_function("inv", |bn| bn.iter(|| black_box(a).invert()));
    g.bench_function("inv_vartime", |bn| {
        bn.iter(|| black_box(a).invert_vartime())
    });
    g.finish();
}

fn fields(c: &mut Criterion) {
    bench::<Gf127>(c);
    bench::<Gf163>(c);
    bench::<Gf233>(c);
    bench::<Gf283>(c);
    bench::<Gf409>(c);
    bench::<Gf571>(c);
    bench::<Gf254>(c);
    bench_prime::<FpP192>(c);
    bench_prime::<FpP224>(c);
    bench_prime::<FpP256>(c);
    bench_prime::<FpP384>(c);
    bench_prime::<FpP521>(c);
    bench_prime::<FpSecp128r1>(c);
    bench_prime::<FpSecp160k1>(c);
    bench_prime::<FpSecp160r1>(c);
    bench_prime::<FpSecp192k1>(c);
    bench_prime::<FpSecp224k1>(c);
    bench_prime::<FpSecp256k1>(c);
    bench_prime::<FpWtls8>(c);
    bench_prime::<FpWtls9>(c);
    bench_prime::<FpPrime239>(c);
    bench_prime::<FpBrainpoolP160>(c);
    bench_prime::<FpBrainpoolP192>(c);
    bench_prime::<FpBrainpoolP224>(c);
    bench_prime::<FpBrainpoolP256>(c);
    bench_prime::<FpBrainpoolP320>(c);
    bench_prime::<FpBrainpoolP384>(c);
    bench_prime::<FpBrainpoolP512>(c);
}

/// A Montgomery spec with the modulus of a Crandall spec.
macro_rules! montgomery_twin {
    ($($twin:ident of $orig:ident, $n:literal;)*) => {$(
        #[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
        struct $twin;
        impl FpSpec<$n> for $twin {
            const P: [u64; $n] = <$orig as FpSpec<$n>>::P;
            const NAME: &'static str = concat!(stringify!($orig), "-montgomery");
        }
    )*};
}

montgomery_twin! {
    P521Mont of P521, 9;
    Secp256k1Mont of Secp256k1, 4;
    Secp224k1Mont of Secp224k1, 4;
    Secp192k1Mont of Secp192k1, 3;
    Secp160k1Mont of Secp160k1, 3;
    Secp160r1Mont of Secp160r1, 3;
    Wtls8Mont of Wtls8, 2;
    Wtls9Mont of Wtls9, 3;
}

/// Dependent-chain latency of mul and sqr: each call waits for the previous result.
fn chains<F: Field>(c: &mut Criterion, name: &str) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let a = F::random(&mut rng);
    let b = F::random(&mut rng);
    let mut g = c.benchmark_group("reduction");
    g.bench_function(format!("{name}/mul-chain"), |bn| {
        bn.iter_custom(|iters| {
            let mut x = black_box(a);
            let t = Instant::now();
            for _ in 0..iters {
                x *= b;
            }
            black_box(x);
            t.elapsed()
        })
    });
    g.bench_function(format!("{name}/sqr-chain"), |bn| {
        bn.iter_custom(|iters| {
            let mut x = black_box(a);
            let t = Instant::now();
            for _ in 0..iters {
                x = x.square();
            }
            black_box(x);
            t.elapsed()
        })
    });
    g.finish();
}

fn reductions(c: &mut Criterion) {
    chains::<FpP521>(c, "p521/crandall");
    chains::<Fp<9, P521Mont>>(c, "p521/montgomery");
    chains::<FpSecp256k1>(c, "secp256k1/crandall");
    chains::<Fp<4, Secp256k1Mont>>(c, "secp256k1/montgomery");
    chains::<FpSecp224k1>(c, "secp224k1/crandall");
    chains::<Fp<4, Secp224k1Mont>>(c, "secp224k1/montgomery");
    chains::<FpSecp192k1>(c, "secp192k1/crandall");
    chains::<Fp<3, Secp192k1Mont>>(c, "secp192k1/montgomery");
    chains::<FpSecp160k1>(c, "secp160k1/crandall");
    chains::<Fp<3, Secp160k1Mont>>(c, "secp160k1/montgomery");
    chains::<FpSecp160r1>(c, "secp160r1/crandall");
    chains::<Fp<3, Secp160r1Mont>>(c, "secp160r1/montgomery");
    chains::<FpWtls8>(c, "wtls8/crandall");
    chains::<Fp<2, Wtls8Mont>>(c, "wtls8/montgomery");
    chains::<FpWtls9>(c, "wtls9/crandall");
    chains::<Fp<3, Wtls9Mont>>(c, "wtls9/montgomery");
    chains::<FpP256>(c, "p256/montgomery");
}

/// P-256's point operations as dependent chains: `ShortWeierstrass::double` and
/// `add_mixed` (the assembly's formulas where it runs) and the generic `dbl-2001-b`.
fn p256_points(c: &mut Criterion) {
    use ecsm::curve::weierstrass::{AMinus3, Affine, Jacobian, ShortWeierstrass};
    let a = -(FpP256::one() + FpP256::one() + FpP256::one());
    let b =
        FpP256::const_from_hex("5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b");
    let curve = ShortWeierstrass::<FpP256, AMinus3>::new(a, b).expect("P-256 has a = -3");
    let g = Affine::Point {
        x: FpP256::const_from_hex(
            "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
        ),
        y: FpP256::const_from_hex(
            "4fe342e2fe1a7f9b8e7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5",
        ),
    };
    let start = curve.double(&Jacobian::from_affine(&g));
    let mut grp = c.benchmark_group("p256-points");
    grp.bench_function("double", |bn| {
        let mut q = start;
        bn.iter(|| curve.double_assign(black_box(&mut q)))
    });
    grp.bench_function("dbl-2001-b", |bn| {
        let mut q = start;
        bn.iter(|| q = AMinus3::dbl_2001_b(black_box(&q)))
    });
    grp.bench_function("add_mixed", |bn| {
        let mut q = start;
        bn.iter(|| curve.add_mixed_assign(black_box(&mut q), &g))
    });
    grp.finish();
}

criterion_group!(benches, fields, reductions, p256_points);
criterion_main!(benches);
