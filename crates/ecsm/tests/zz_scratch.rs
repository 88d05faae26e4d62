use ecsm::field::prime::sqrt::*;
use ecsm::field::prime::*;
use ecsm::field::Field;
use rand::SeedableRng;
fn t<F: PrimeField>() {
    let mut r = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let y = F::random(&mut r).square();
    for m in SqrtMethod::ALL {
        sqrt_prepare::<F>(m);
    }
    let mut best = [f64::MAX; 3];
    for _ in 0..30 {
        for (k, m) in SqrtMethod::ALL.iter().enumerate() {
            let reps = 200;
            let t = std::time::Instant::now();
            for _ in 0..reps {
                std::hint::black_box(sqrt(&std::hint::black_box(y), *m).unwrap());
            }
            best[k] = best[k].min(t.elapsed().as_secs_f64() * 1e6 / reps as f64);
        }
    }
    // also raw mul and sqr
    let mut a = y;
    let n = 100000;
    let t0 = std::time::Instant::now();
    for _ in 0..n {
        a = a.square();
    }
    let sq = t0.elapsed().as_secs_f64() * 1e9 / n as f64;
    let t0 = std::time::Instant::now();
    for _ in 0..n {
        a = a * y;
    }
    let mu = t0.elapsed().as_secs_f64() * 1e9 / n as f64;
    std::hint::black_box(a);
    println!(
        "{}: binary {:.2} sliding {:.2} chain {:.2} µs; S {:.1} ns M {:.1} ns",
        F::NAME,
        best[0],
        best[1],
        best[2],
        sq,
        mu
    );
}
#[test]
fn bench() {
    t::<FpP256>();
    t::<FpP192>();
    t::<FpP384>();
    t::<FpSecp256k1>();
    t::<FpWtls8>();
    t::<FpSecp128r1>();
    t::<FpBrainpoolP256>();
    t::<FpP224>();
}
