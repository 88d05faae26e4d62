//! The leakage test of `ecsm ct-check` (`experiments::ct_check`): its statistic against a
//! hand computation, its classes, and its power on an operation that leaks by design.
//! Whether the library's constant-time methods pass is measured by the command (see the
//! README's constant-time section), not asserted here: timed assertions would fail on a
//! loaded machine.

use ecsm::experiments::ct_check::{analyse, fixed_scalar, fixed_vs_random, welch_t, FixedClass};
use ecsm::mul::bit_len;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn welch_t_matches_a_hand_computation() {
    // (2.5 − 4) / √(1.6667/4 + 2.5/5), computed independently in Python's statistics.
    let t = welch_t(&[1.0, 2.0, 3.0, 4.0], &[2.0, 3.0, 4.0, 5.0, 6.0]);
    assert!((t + 1.566_698_903_601_280_6).abs() < 1e-12, "{t}");
    assert_eq!(welch_t(&[1.0], &[2.0, 3.0]), 0.0);
    assert_eq!(welch_t(&[3.0, 3.0], &[3.0, 3.0]), 0.0);
    assert_eq!(welch_t(&[4.0, 4.0], &[3.0, 3.0]), f64::INFINITY);
}

#[test]
fn fixed_scalar_is_short_odd_and_as_long_as_n() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for n in [
        vec![0xffff_fff1u64],
        vec![u64::MAX, u64::MAX, 0x1ff],
        vec![5, 0, 0, 1 << 63],
    ] {
        for _ in 0..20 {
            let k = fixed_scalar(&n, &mut rng);
            assert_eq!(k.len(), n.len());
            assert_eq!(k[0] & 1, 1);
            assert!(bit_len(&k) <= bit_len(&n) / 2, "{k:x?} for {n:x?}");
        }
    }
}

/// The statistics alone, on synthetic times: equal distributions give a small |t| (for
/// this seed), a shift of 6 % of their range over 20,000 samples (t ≈ 15) a large one.
#[test]
fn analyse_separates_shifted_classes() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut draw = |shift: f64, n: usize| -> Vec<f64> {
        (0..n)
            .map(|_| 1000.0 + shift + rng.gen_range(0.0..100.0))
            .collect()
    };
    let same = analyse(&draw(0.0, 10_000), &draw(0.0, 10_000));
    assert!(same.max_t < 4.5, "{same:?}");
    let shifted = analyse(&draw(6.0, 10_000), &draw(0.0, 10_000));
    assert!(shifted.max_t > 10.0, "{shifted:?}");
    assert!(shifted.t_uncropped > 0.0);
    let counted = analyse(&draw(0.0, 10_000), &draw(0.0, 10_000));
    assert_eq!(counted.samples, 20_000);
    assert_eq!(counted.fixed_samples, 10_000);
}

/// Power on a real measurement: an operation whose work grows with the scalar's weight
/// (the fixed class has about half the random class's set bits) is flagged far above
/// dudect's threshold of 10 even with 2,000 samples.
#[test]
fn fixed_vs_random_flags_weight_dependent_work() {
    let n = [u64::MAX, u64::MAX, u64::MAX, u64::MAX >> 1];
    let mut op = |k: &[u64]| -> Result<(), ()> {
        let ones: u32 = k.iter().map(|w| w.count_ones()).sum();
        let mut x = 1u64;
        for _ in 0..ones * 200 {
            x = std::hint::black_box(x.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(7));
        }
        std::hint::black_box(x);
        Ok(())
    };
    let r = fixed_vs_random(&n, 2_000, 5, &mut op).expect("op never fails");
    assert_eq!(r.samples, 2_000);
    assert!(r.fixed_samples > 800 && r.fixed_samples < 1200, "{r:?}");
    assert!(r.max_t > 10.0, "{r:?}");
    assert!(r.fixed_median < r.random_median, "{r:?}");
}

#[test]
fn errors_of_the_operation_stop_the_run() {
    let mut calls = 0;
    let mut op = |_: &[u64]| -> Result<(), &'static str> {
        calls += 1;
        if calls > 3 {
            Err("stop")
        } else {
            Ok(())
        }
    };
    assert_eq!(fixed_vs_random(&[1000], 500, 1, &mut op), Err("stop"));
}

/// The fixed classes' scalars: `Short` has the top half of n's bits clear, `Typical` is a
/// draw below n like the random class's (here always longer than half of n, which a draw
/// misses with probability 2^−40 per seed), both of n's length and nonzero; the names
/// `--fixed` takes round-trip.
#[test]
fn the_fixed_classes_draw_what_they_say() {
    let n = [0x1234_5678_9abc_def1u64, 0x0fed_cba9_8765_4321, 0, 1 << 40];
    let ell = bit_len(&n);
    let below_n = |k: &[u64]| k.iter().rev().cmp(n.iter().rev()) == core::cmp::Ordering::Less;
    for seed in 0..20 {
        let mut r = ChaCha8Rng::seed_from_u64(seed);
        let short = FixedClass::Short.scalar(&n, &mut r);
        let typical = FixedClass::Typical.scalar(&n, &mut r);
        assert_eq!((short.len(), typical.len()), (4, 4), "seed {seed}");
        let (ls, lt) = (bit_len(&short), bit_len(&typical));
        assert!(ls >= 1 && ls <= ell / 2, "seed {seed}: short has {ls} bits");
        assert!(
            lt > ell / 2 && below_n(&typical),
            "seed {seed}: typical {typical:x?}"
        );
    }
    for c in [FixedClass::Short, FixedClass::Typical] {
        assert_eq!(FixedClass::from_name(c.name()), Some(c));
    }
    assert_eq!(FixedClass::from_name("full"), None);
    assert_eq!(FixedClass::default(), FixedClass::Short);
}
