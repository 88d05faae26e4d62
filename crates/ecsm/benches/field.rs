//! Criterion micro-benchmarks of the field operations on the run-time selected backend.
//! `ecsm field-bench` measures dependent-chain latency (what the papers' peers quote);
//! these measure single calls as criterion does, for regression tracking.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use ecsm::field::{BinaryField, Gf127, Gf163, Gf233, Gf254, Gf283, Gf409, Gf571};
use rand::SeedableRng;

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
}

criterion_group!(benches, fields);
criterion_main!(benches);
