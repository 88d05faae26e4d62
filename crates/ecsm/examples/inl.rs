use ecsm::backend::{Clmul, Portable};
use ecsm::field::*;
use std::time::Instant;
type C127 = Gf2m<2, ecsm::field::gf2m::P127, Clmul>;
type C233 = Gf2m<4, ecsm::field::gf2m::P233, Clmul>;
fn chain<F: Field>(mut x: F, y: F, n: usize) -> F {
    for _ in 0..n {
        x = x * y;
    }
    x
}
fn chain_sq<F: Field>(mut x: F, n: usize) -> F {
    for _ in 0..n {
        x = x.square();
    }
    x
}
#[target_feature(enable = "pclmulqdq,sse4.1")]
unsafe fn tf_chain<F: Field>(x: F, y: F, n: usize) -> F {
    chain(x, y, n)
}
#[target_feature(enable = "pclmulqdq,sse4.1")]
unsafe fn tf_chain_sq<F: Field>(x: F, n: usize) -> F {
    chain_sq(x, n)
}
fn t<R: std::fmt::Debug>(name: &str, n: usize, f: impl Fn() -> R) {
    let s = Instant::now();
    let r = f();
    let d = s.elapsed();
    println!(
        "{name}: {:.2} ns/op ({:?})",
        d.as_nanos() as f64 / n as f64,
        &format!("{r:?}")[..12]
    );
}
fn main() {
    lib_bench();
    {
        use ecsm::backend::Backend;
        let n = 10_000_000;
        let a = C127::x() + C127::one();
        let b = a.square() + a;
        t("127 mul via Clmul::run", n, || {
            Clmul::run(|| chain(a, b, n))
        });
    }
    let n = 10_000_000;
    let a = C127::x() + C127::one();
    let b = a.square() + a;
    t("127 mul plain", n, || chain(a, b, n));
    t("127 mul tf", n, || unsafe { tf_chain(a, b, n) });
    t("127 sqr plain", n, || chain_sq(a, n));
    t("127 sqr tf", n, || unsafe { tf_chain_sq(a, n) });
    let a = C233::x() + C233::one();
    let b = a.square() + a;
    t("233 mul plain", n, || chain(a, b, n));
    t("233 mul tf", n, || unsafe { tf_chain(a, b, n) });
    t("233 sqr plain", n, || chain_sq(a, n));
    t("233 sqr tf", n, || unsafe { tf_chain_sq(a, n) });
    let a = a.with_backend::<Portable>();
    let b = b.with_backend::<Portable>();
    t("233 mul portable", n / 10, || chain(a, b, n / 10));
    // crude cycle estimate: dependent integer adds
    let s = Instant::now();
    let mut v = 1u64;
    for i in 0..1_000_000_000u64 {
        v = std::hint::black_box(v.wrapping_add(i));
    }
    println!("1e9 dep adds via black_box: {:?} {}", s.elapsed(), v & 1);
}
#[allow(dead_code)]
fn lib_bench() {
    use ecsm::experiments::{field_bench::bench_field, timing::BenchConfig};
    for r in bench_field(BenchConfig::STANDARD, "2^127", "clmul")
        .unwrap()
        .iter()
        .take(2)
    {
        println!("lib {} {}: {:.2}", r.field, r.op, r.timing.median_ns);
    }
    for r in bench_field(BenchConfig::STANDARD, "2^233", "clmul")
        .unwrap()
        .iter()
        .take(2)
    {
        println!("lib {} {}: {:.2}", r.field, r.op, r.timing.median_ns);
    }
}
