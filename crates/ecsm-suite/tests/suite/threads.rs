//! Eight threads at once against one: every family (prime, prime with GLV, binary,
//! Koblitz, GLS254, Edwards) runs `mul` with several methods, `ecdh`, `decompress` and
//! `validate` through `find_curve`, on seeded inputs, and each thread's answers must
//! equal those of a single-threaded run.
//!
//! The interesting case is the first touch of the lazily built state (the curve
//! registries, the run-time backend selection, the GF(2^m) tables, GLS254's measured
//! split) by several threads at once. Tests in this binary share a process, so that
//! state may already be built when this test runs: the test therefore re-runs itself in
//! a fresh child process where the eight threads go first and the single-threaded
//! reference comes after them, and checks that the child passed.

use ecsm::curves::named::find_curve;
use ecsm::mul::{bit_len, MethodSpec};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::process::Command;
use std::sync::{Arc, Barrier};

const THREADS: usize = 8;
/// Set in the child process: run the threads before anything else touches the library.
const CHILD_ENV: &str = "ECSM_THREADS_TEST_CHILD";
/// Printed by the child once its comparison passed, so that a child which ran no test
/// (a filter that matched nothing) is not taken for a pass.
const CHILD_OK: &str = "threads: concurrent first touch agreed";

/// The curves and, for each, the methods its `mul` is run with (none of them measures
/// anything at run time, so each answer is a pure function of the inputs).
const CURVES: &[(&str, &[&str])] = &[
    ("P-256", &["naf:w=5", "ct-window:w=4", "double-add"]),
    ("secp256k1", &["glv:w=5", "ct-window:w=4", "naf:w=4"]),
    (
        "B-233",
        &["montgomery", "montgomery-ct", "naf:w=4", "lambda-naf:w=4"],
    ),
    ("K-233", &["tnaf:w=5", "montgomery-ct", "naf-sole:w=5"]),
    (
        "gls254",
        &["lambda-ct:w=5", "lambda-dbl-add:w=4", "ld-halve-add:w=4"],
    ),
    ("ed448", &["naf:w=4"]),
];
/// Random points and scalars per curve.
const INPUTS: usize = 3;

/// One labelled answer: the operation and its outcome (errors compared by their text).
type Answer = (String, Result<Vec<u8>, String>);

/// A scalar below 2^(bits − 1), so below any order of `bits` bits, and nonzero.
fn scalar(rng: &mut ChaCha8Rng, bits: usize) -> Vec<u64> {
    let words = (bits - 1).div_ceil(64);
    let mut k: Vec<u64> = (0..words).map(|_| rng.next_u64()).collect();
    let top = (bits - 1) % 64;
    if top != 0 {
        *k.last_mut().unwrap() &= (1u64 << top) - 1;
    }
    k[0] |= 1;
    k
}

/// The whole workload on one curve; everything, the curve look-up included, happens
/// here, so that a thread running it is the first to touch whatever it needs.
fn curve_work(name: &str, methods: &[&str], seed: u64) -> Vec<Answer> {
    let c = find_curve(name).unwrap_or_else(|| panic!("{name} is registered"));
    let bits = bit_len(c.order());
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let default = c.default_method();
    let mut out = Vec::new();
    let err = |e: ecsm::curves::named::CurveOpError| e.to_string();
    for i in 0..INPUTS {
        let r = scalar(&mut rng, bits);
        let k = scalar(&mut rng, bits);
        let d = scalar(&mut rng, bits);
        let label = |what: &str| format!("{name} #{i} {what}");
        let compressed = c.mul(&r, None, &default, true).map_err(err);
        out.push((label("[r]G"), compressed.clone()));
        let Ok(p) = compressed else { continue };
        out.push((label("decompress"), c.decompress(&p).map_err(err)));
        out.push((
            label("validate"),
            c.validate(&p).map(|()| Vec::new()).map_err(err),
        ));
        for m in methods {
            let spec: MethodSpec = m.parse().unwrap();
            out.push((label(m), c.mul(&k, Some(&p), &spec, false).map_err(err)));
        }
        out.push((label("ecdh"), c.ecdh(&d, &p).map_err(err)));
    }
    out
}

/// Every curve's workload, starting at curve `start` (so that the threads begin on
/// different families and their first touches overlap), answers in a fixed order.
fn workload(start: usize) -> Vec<Answer> {
    let mut per_curve: Vec<(usize, Vec<Answer>)> = (0..CURVES.len())
        .map(|j| (start + j) % CURVES.len())
        .map(|c| {
            let (name, methods) = CURVES[c];
            (c, curve_work(name, methods, 0x7123_0000 + c as u64))
        })
        .collect();
    per_curve.sort_by_key(|(c, _)| *c);
    per_curve.into_iter().flat_map(|(_, a)| a).collect()
}

/// The eight threads, released together by a barrier.
fn concurrent() -> Vec<Vec<Answer>> {
    let barrier = Arc::new(Barrier::new(THREADS));
    let handles: Vec<_> = (0..THREADS)
        .map(|t| {
            let barrier = Arc::clone(&barrier);
            std::thread::spawn(move || {
                barrier.wait();
                workload(t)
            })
        })
        .collect();
    handles
        .into_iter()
        .map(|h| h.join().expect("a worker thread panicked"))
        .collect()
}

fn check(expected: &[Answer], got: &[Vec<Answer>]) {
    assert!(
        expected.iter().filter(|(_, a)| a.is_ok()).count() >= 40,
        "the workload should mostly succeed: {expected:?}"
    );
    for (t, answers) in got.iter().enumerate() {
        assert_eq!(answers.len(), expected.len(), "thread {t}: answer count");
        for (a, e) in answers.iter().zip(expected) {
            assert_eq!(a, e, "thread {t} disagrees on {}", e.0);
        }
    }
}

#[test]
fn eight_threads_agree_with_one() {
    if std::env::var_os(CHILD_ENV).is_some() {
        // Fresh process: the threads are the first users of the library.
        let got = concurrent();
        let expected = workload(0);
        check(&expected, &got);
        println!("{CHILD_OK}");
        return;
    }
    let exe = std::env::current_exe().unwrap();
    let child = Command::new(exe)
        .args([
            "--exact",
            "threads::eight_threads_agree_with_one",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_ENV, "1")
        .output()
        .expect("the test binary re-runs");
    let stdout = String::from_utf8_lossy(&child.stdout);
    assert!(
        child.status.success() && stdout.contains(CHILD_OK),
        "child process failed ({}):\n{stdout}\n{}",
        child.status,
        String::from_utf8_lossy(&child.stderr)
    );
    // In this process the reference comes first, then the threads.
    let expected = workload(0);
    check(&expected, &concurrent());
}
