//! Scalar recodings (`ecsm::recode`) checked by their defining invariants, against a
//! num-bigint oracle for the value and against brute-force minima computed here.

use ecsm::recode::{
    bit, bits, joint_weight, jsf, naf, weight, wnaf, wnaf_pair, RecodeError, WNAF_MAX_WIDTH,
    WNAF_MIN_WIDTH,
};
use num_bigint::{BigInt, BigUint};
use proptest::prelude::*;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

// ---------------------------------------------------------------------------------------------
// Oracles and invariant checkers.

fn big(k: &[u64]) -> BigUint {
    k.iter().rev().fold(BigUint::default(), |acc, &w| {
        (acc << 64u32) + BigUint::from(w)
    })
}

fn words(k: &BigUint) -> Vec<u64> {
    k.to_u64_digits()
}

/// 2^e.
fn pow2(e: u32) -> BigUint {
    BigUint::from(1u8) << e
}

/// Σ dᵢ 2ⁱ.
fn value(digits: impl DoubleEndedIterator<Item = i8>) -> BigInt {
    digits
        .rev()
        .fold(BigInt::default(), |acc, d| (acc << 1u32) + BigInt::from(d))
}

/// Everything NAF_w promises for `k`; `w = 2` is the NAF.
fn check_wnaf(k: &[u64], digits: &[i8], w: u32) {
    let kb = big(k);
    assert_eq!(
        value(digits.iter().copied()),
        BigInt::from(kb.clone()),
        "value, w={w}, k={kb}"
    );
    assert_ne!(
        digits.last(),
        Some(&0),
        "trailing zero digit, w={w}, k={kb}"
    );
    assert!(digits.len() <= bits(k) + 1, "too long, w={w}, k={kb}");
    let bound = 1i32 << (w - 1);
    for (i, &d) in digits.iter().enumerate() {
        if d != 0 {
            assert!(
                d % 2 != 0 && (d as i32).abs() < bound,
                "digit {d} at {i}, w={w}, k={kb}"
            );
            // Any w consecutive digits hold at most one nonzero.
            for (j, &e) in digits.iter().enumerate().skip(i + 1).take(w as usize - 1) {
                assert_eq!(e, 0, "nonzeros at {i} and {j}, w={w}, k={kb}");
            }
        }
    }
}

/// Everything the JSF promises for (k0, k1) (HMV Def. 3.48, Solinas 2001).
fn check_jsf(k0: &[u64], k1: &[u64], cols: &[(i8, i8)]) {
    let (b0, b1) = (big(k0), big(k1));
    assert_eq!(
        value(cols.iter().map(|c| c.0)),
        BigInt::from(b0.clone()),
        "row 0, k0={b0}, k1={b1}"
    );
    assert_eq!(
        value(cols.iter().map(|c| c.1)),
        BigInt::from(b1.clone()),
        "row 1, k0={b0}, k1={b1}"
    );
    assert_ne!(
        cols.last(),
        Some(&(0, 0)),
        "trailing zero column, k0={b0}, k1={b1}"
    );
    assert!(
        cols.len() <= bits(k0).max(bits(k1)) + 1,
        "too long, k0={b0}, k1={b1}"
    );
    for &(u, v) in cols {
        assert!(
            (-1..=1).contains(&u) && (-1..=1).contains(&v),
            "digit, k0={b0}, k1={b1}"
        );
    }
    assert!(
        jsf_properties(cols),
        "JSF-1..3 fail, k0={b0}, k1={b1}: {cols:?}"
    );
}

/// (JSF-1) of any three consecutive columns one is (0, 0); (JSF-2) adjacent digits in a row
/// never have opposite signs; (JSF-3) if u_{j+1} u_j ≠ 0 then v_{j+1} ≠ 0 and v_j = 0, and
/// symmetrically. Columns past the end count as (0, 0).
fn jsf_properties(cols: &[(i8, i8)]) -> bool {
    let col = |j: usize| cols.get(j).copied().unwrap_or((0, 0));
    (0..cols.len()).all(|j| {
        let (a, b, c) = (col(j), col(j + 1), col(j + 2));
        let jsf1 = a == (0, 0) || b == (0, 0) || c == (0, 0);
        let jsf2 = a.0 * b.0 != -1 && a.1 * b.1 != -1;
        let jsf3 = (a.0 * b.0 == 0 || (b.1 != 0 && a.1 == 0))
            && (a.1 * b.1 == 0 || (b.0 != 0 && a.0 == 0));
        jsf1 && jsf2 && jsf3
    })
}

/// Minimal weight over all representations of each k in [0, n) with digits in `set`
/// (which contains 0 and only odd nonzero digits): shortest paths to 0 in the graph
/// k → (k − d)/2, computed by Bellman–Ford over a range closed under the moves.
fn min_weights(n: i64, set: &[i64]) -> Vec<u32> {
    let dmax = set.iter().map(|d| d.abs()).max().unwrap();
    let m = n.max(dmax) + 1; // |(k − d)/2| ≤ (m + dmax)/2 ≤ m
    let idx = |k: i64| (k + m) as usize;
    let mut f = vec![u32::MAX; (2 * m + 1) as usize];
    f[idx(0)] = 0;
    loop {
        let mut changed = false;
        for k in -m..=m {
            if k == 0 {
                continue;
            }
            for &d in set {
                if (k - d) % 2 != 0 {
                    continue;
                }
                let next = f[idx((k - d) / 2)];
                if next != u32::MAX && next + u32::from(d != 0) < f[idx(k)] {
                    f[idx(k)] = next + u32::from(d != 0);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    (0..n).map(|k| f[idx(k)]).collect()
}

/// Minimal joint weight of every pair (a, b) with a, b < n over all joint representations with
/// digits in {−1, 0, 1}. From non-negative (a, b) the moves ((a − u)/2, (b − v)/2) stay
/// non-negative and never increase either coordinate; the only cycles are self-loops (a, b ≤ 1,
/// digit −1), which cost 1 and are skipped, so filling the table in order is exact.
fn min_joint_weights(n: usize) -> Vec<u8> {
    let mut f = vec![0u8; n * n];
    for a in 0..n {
        for b in 0..n {
            if a == 0 && b == 0 {
                continue;
            }
            let mut best = u8::MAX;
            for &u in digits_for(a) {
                for &v in digits_for(b) {
                    let (a2, b2) = ((a as i64 - u) / 2, (b as i64 - v) / 2);
                    if (a2, b2) == (a as i64, b as i64) {
                        continue;
                    }
                    let cost = f[a2 as usize * n + b2 as usize] + u8::from(u != 0 || v != 0);
                    best = best.min(cost);
                }
            }
            f[a * n + b] = best;
        }
    }
    f
}

fn digits_for(a: usize) -> &'static [i64] {
    if a.is_multiple_of(2) {
        &[0]
    } else {
        &[-1, 1]
    }
}

/// Every recoding of `k` checked, and of the pair (k, l).
fn check_all(k: &[u64], l: &[u64]) {
    let n = naf(k);
    check_wnaf(k, &n, 2);
    for w in WNAF_MIN_WIDTH..=WNAF_MAX_WIDTH {
        let d = wnaf(k, w).unwrap();
        check_wnaf(k, &d, w);
        if w == 2 {
            assert_eq!(d, n, "wnaf(k, 2) != naf(k)");
        }
    }
    check_jsf(k, l, &jsf(k, l));
}

// ---------------------------------------------------------------------------------------------
// Utilities.

#[test]
fn bits_and_bit_agree_with_bigint() {
    let cases: Vec<Vec<u64>> = vec![
        vec![],
        vec![0],
        vec![0, 0, 0],
        vec![1],
        vec![u64::MAX],
        vec![0, 1],
        vec![5, 0, 0],
        vec![0, 0, 1 << 63, 0],
        vec![u64::MAX; 9],
    ];
    for k in &cases {
        let b = big(k);
        assert_eq!(bits(k) as u64, b.bits(), "{k:?}");
        for i in 0..(64 * k.len() + 70) {
            assert_eq!(bit(k, i), b.bit(i as u64), "{k:?} bit {i}");
        }
    }
}

#[test]
fn weights_count_nonzeros() {
    assert_eq!(weight(&[]), 0);
    assert_eq!(weight(&[0, 1, 0, -3, 0, 0, 7]), 3);
    assert_eq!(joint_weight(&[]), 0);
    assert_eq!(joint_weight(&[(0, 0), (1, 0), (0, -1), (1, 1), (0, 0)]), 3);
}

#[test]
fn wnaf_rejects_widths_out_of_range() {
    for w in [0, 1, 9, 64, u32::MAX] {
        assert_eq!(
            wnaf(&[12345], w),
            Err(RecodeError::WidthOutOfRange { w, min: 2, max: 8 })
        );
    }
}

/// `wnaf_pair` is `wnaf` on each half, whichever half runs out of digits first, and
/// including halves of 127 and 128 bits (the second takes the general loop).
fn check_pair(k1: u128, k2: u128) {
    let words = |k: u128| [k as u64, (k >> 64) as u64];
    for w in WNAF_MIN_WIDTH..=WNAF_MAX_WIDTH {
        let (d1, d2) = wnaf_pair(k1, k2, w).unwrap();
        assert_eq!(d1, wnaf(&words(k1), w).unwrap(), "k1 = {k1:#x}, w = {w}");
        assert_eq!(d2, wnaf(&words(k2), w).unwrap(), "k2 = {k2:#x}, w = {w}");
        check_wnaf(&words(k1), &d1, w);
        check_wnaf(&words(k2), &d2, w);
    }
}

#[test]
fn wnaf_pair_is_wnaf_on_each_half() {
    let edges = [
        0u128,
        1,
        2,
        3,
        7,
        u128::from(u64::MAX),
        1 << 64,
        (1 << 126) - 1,
        1 << 126,
        (1 << 127) - 1,
        1 << 127,
        u128::MAX,
        0x5555_5555_5555_5555_5555_5555_5555_5555,
        0x2aaa_aaaa_aaaa_aaaa_aaaa_aaaa_aaaa_aaab,
    ];
    for &a in &edges {
        for &b in &edges {
            check_pair(a, b);
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(0x9a1f);
    for _ in 0..200 {
        let r =
            |rng: &mut ChaCha8Rng| u128::from(rng.next_u64()) | u128::from(rng.next_u64()) << 64;
        let (a, b) = (r(&mut rng), r(&mut rng));
        check_pair(a >> 1, b >> 1);
        check_pair(a >> 1, b >> 70);
        check_pair(a, b >> 1);
    }
    for w in [0, 1, 9, u32::MAX] {
        assert_eq!(
            wnaf_pair(5, 7, w),
            Err(RecodeError::WidthOutOfRange { w, min: 2, max: 8 })
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Known answers (worked by hand from the definitions).

#[test]
fn known_answers() {
    assert!(naf(&[]).is_empty());
    assert!(naf(&[0, 0]).is_empty());
    assert!(jsf(&[0], &[]).is_empty());
    assert_eq!(naf(&[1]), vec![1]);
    assert_eq!(naf(&[3]), vec![-1, 0, 1]); // 3 = 4 − 1
    assert_eq!(naf(&[7]), vec![-1, 0, 0, 1]); // 7 = 8 − 1
    assert_eq!(naf(&[11]), vec![-1, 0, -1, 0, 1]); // 11 = 16 − 4 − 1
    assert_eq!(wnaf(&[7], 3).unwrap(), vec![-1, 0, 0, 1]);
    assert_eq!(wnaf(&[7], 4).unwrap(), vec![7]);
    assert_eq!(wnaf(&[255], 8).unwrap(), vec![-1, 0, 0, 0, 0, 0, 0, 0, 1]);
    assert_eq!(wnaf(&[127], 8).unwrap(), vec![127]);
    // 2^64 − 1 = 2^64 − 1: the carry crosses into a word the input does not have.
    let mut top = vec![0i8; 65];
    top[0] = -1;
    top[64] = 1;
    assert_eq!(naf(&[u64::MAX]), top);
    // (1, 1): both rows odd, neither ≡ 2 (mod 4) → one column (1, 1).
    assert_eq!(jsf(&[1], &[1]), vec![(1, 1)]);
    // (3, 1): 3 ≡ 3 (mod 8) and 1 ≡ 1 (mod 4): u0 = 3 mods 4 = −1; then (2, 0) → (0,0), (1,0).
    assert_eq!(jsf(&[3], &[1]), vec![(-1, 1), (0, 0), (1, 0)]);
}

// ---------------------------------------------------------------------------------------------
// Edge scalars and the large values of the binary-curve methods.

fn edge_scalars() -> Vec<BigUint> {
    let mut v: Vec<BigUint> = (0u32..=3).map(BigUint::from).collect();
    for k in [
        1u32, 2, 31, 32, 63, 64, 65, 127, 128, 129, 163, 233, 283, 409, 571, 600,
    ] {
        let p = pow2(k);
        v.push(&p - 1u8);
        v.push(p.clone());
        v.push(&p + 1u8);
        v.push(&p + pow2(k / 2)); // 2^d + 2^(d/2), as in the seed's binary-curve scalars
        v.push(&p * 3u8); // 11·2^k: a carry through a zero run
    }
    v.push(pow2(571) + pow2(285));
    v.push((pow2(571) - 1u8) / 3u8); // 0101…01: NAF weight maximal
    v.push((pow2(572) - 1u8) / 3u8 * 2u8); // 1010…10
    v
}

#[test]
fn edge_scalars_all_recodings() {
    let edges = edge_scalars();
    for k in &edges {
        let kw = words(k);
        // The same value with leading zero words must recode identically.
        let mut padded = kw.clone();
        padded.extend([0, 0]);
        assert_eq!(naf(&padded), naf(&kw));
        assert_eq!(wnaf(&padded, 5).unwrap(), wnaf(&kw, 5).unwrap());
        for l in &edges {
            check_all(&kw, &words(l));
        }
    }
}

#[test]
fn naf_of_two_to_the_k_minus_one() {
    // 2^k − 1 = 2^k − 2^0: NAF weight 2 for k ≥ 2.
    for k in 2u32..=600 {
        let d = naf(&words(&(pow2(k) - 1u8)));
        assert_eq!(d.len(), k as usize + 1, "k={k}");
        assert_eq!((d[0], d[k as usize], weight(&d)), (-1, 1, 2), "k={k}");
    }
}

// ---------------------------------------------------------------------------------------------
// Exhaustive small values: invariants, minimality, uniqueness.

#[test]
fn naf_and_wnaf_exhaustive_and_minimal_on_small_values() {
    const N: u64 = 1 << 12;
    for w in WNAF_MIN_WIDTH..=WNAF_MAX_WIDTH {
        // Digit set {0, ±1, ±3, …, ±(2^(w−1) − 1)}; NAF_w has minimal weight among its
        // representations (Muir–Stinson 2005; w = 2: Reitwiesner's NAF).
        let set: Vec<i64> = std::iter::once(0)
            .chain((1..(1i64 << (w - 1))).step_by(2).flat_map(|d| [d, -d]))
            .collect();
        let min = min_weights(N as i64, &set);
        for k in 0..N {
            let d = wnaf(&[k], w).unwrap();
            check_wnaf(&[k], &d, w);
            assert_eq!(weight(&d) as u32, min[k as usize], "w={w}, k={k}");
        }
    }
}

#[test]
fn jsf_exhaustive_and_minimal_joint_weight() {
    const N: usize = 1 << 10;
    let min = min_joint_weights(N);
    for a in 0..N {
        for b in 0..N {
            let (k0, k1) = ([a as u64], [b as u64]);
            let cols = jsf(&k0, &k1);
            check_jsf(&k0, &k1, &cols);
            assert_eq!(joint_weight(&cols) as u8, min[a * N + b], "({a}, {b})");
        }
    }
}

/// All joint representations of (a, b) with digits in {−1, 0, 1}, at most `len` columns and
/// satisfying JSF-1..3, by depth-first search with the properties checked as columns are added.
fn all_jsf_like(
    a: i64,
    b: i64,
    len: usize,
    prefix: &mut Vec<(i8, i8)>,
    out: &mut Vec<Vec<(i8, i8)>>,
) {
    if (a, b) == (0, 0) {
        if jsf_properties(prefix) {
            out.push(prefix.clone());
        }
        return;
    }
    if prefix.len() == len {
        return;
    }
    let choices = |x: i64| if x % 2 == 0 { vec![0i64] } else { vec![-1, 1] };
    for u in choices(a) {
        for v in choices(b) {
            prefix.push((u as i8, v as i8));
            // Properties on the columns fixed so far (the last two are not final for JSF-1).
            let n = prefix.len();
            let ok = n < 2 || {
                let (x, y) = (prefix[n - 2], prefix[n - 1]);
                let three = n < 3 || prefix[n - 3] == (0, 0) || x == (0, 0) || y == (0, 0);
                three
                    && x.0 * y.0 != -1
                    && x.1 * y.1 != -1
                    && (x.0 * y.0 == 0 || (y.1 != 0 && x.1 == 0))
                    && (x.1 * y.1 == 0 || (y.0 != 0 && x.0 == 0))
            };
            if ok {
                all_jsf_like((a - u) / 2, (b - v) / 2, len, prefix, out);
            }
            prefix.pop();
        }
    }
}

#[test]
fn jsf_is_the_unique_representation_with_its_properties() {
    // The search runs two columns past the JSF's longest possible length (bit length + 1),
    // so an impostor slightly longer than the JSF would be found too.
    for a in 0..64i64 {
        for b in 0..64i64 {
            let len = (64 - (a | b).leading_zeros()) as usize + 3;
            let mut found = Vec::new();
            all_jsf_like(a, b, len, &mut Vec::new(), &mut found);
            assert_eq!(found, vec![jsf(&[a as u64], &[b as u64])], "({a}, {b})");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Random scalars.

fn scalar() -> impl Strategy<Value = Vec<u64>> {
    let word = prop_oneof![
        any::<u64>(),
        Just(0u64),
        Just(u64::MAX),
        Just(1u64 << 63),
        0u64..16
    ];
    prop::collection::vec(word, 0..=10)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_scalars_all_recodings(k in scalar(), l in scalar()) {
        check_all(&k, &l);
        // Swapping the pair swaps the JSF rows: the algorithm treats the rows symmetrically.
        let swapped: Vec<(i8, i8)> = jsf(&l, &k).into_iter().map(|(u, v)| (v, u)).collect();
        prop_assert_eq!(swapped, jsf(&k, &l));
    }
}

// ---------------------------------------------------------------------------------------------
// Average densities (statistical; seeded, so reproducible).

#[test]
fn average_densities_match_the_known_values() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_2ec0de);
    let scalars: Vec<[u64; 4]> = (0..1000)
        .map(|_| core::array::from_fn(|_| rng.next_u64()))
        .collect();
    // NAF_w: density 1/(w + 1) (HMV §3.3, Thm. 3.29 and the remark after Alg. 3.35).
    for w in WNAF_MIN_WIDTH..=WNAF_MAX_WIDTH {
        let (mut nz, mut len) = (0usize, 0usize);
        for k in &scalars {
            let d = wnaf(k, w).unwrap();
            nz += weight(&d);
            len += d.len();
        }
        let density = nz as f64 / len as f64;
        let expected = 1.0 / f64::from(w + 1);
        assert!(
            (density - expected).abs() < 0.02,
            "w={w}: {density} vs {expected}"
        );
    }
    // JSF: joint density 1/2 (Solinas 2001).
    let (mut nz, mut len) = (0usize, 0usize);
    for pair in scalars.chunks(2) {
        let cols = jsf(&pair[0], &pair[1]);
        nz += joint_weight(&cols);
        len += cols.len();
    }
    let density = nz as f64 / len as f64;
    assert!((density - 0.5).abs() < 0.02, "JSF: {density}");
}

/// Scalars on both sides of the 127-bit boundary where NAF_w switches from its
/// branch-free `u128` form to the general one: the properties, which determine NAF_w
/// uniquely, hold for both.
#[test]
fn wnaf_holds_across_the_short_scalar_boundary() {
    let ones = |n: u32| -> Vec<u64> {
        let v = if n == 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        };
        vec![v as u64, (v >> 64) as u64]
    };
    let mut cases = vec![ones(125), ones(126), ones(127), ones(128)];
    for n in [63u32, 64, 65, 125, 126, 127] {
        let v = 1u128 << n;
        cases.push(vec![v as u64, (v >> 64) as u64]);
        let v = (1u128 << n) | 0x5555_5555_5555_5555;
        cases.push(vec![v as u64, (v >> 64) as u64]);
    }
    cases.push(vec![0xaaaa_aaaa_aaaa_aaab, 0x2aaa_aaaa_aaaa_aaaa]);
    for k in &cases {
        check_all(k, &[1]);
    }
}
