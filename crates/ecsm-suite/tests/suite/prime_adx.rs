//! The BMI2/ADX assembly of the P-256, P-384 and secp256k1 fields (`backend::p256_adx`,
//! `backend::p384_adx`, `backend::k256_adx`) against its portable twin (the generic Montgomery or Crandall
//! code, `Fp::mul_portable` and friends) and against a num-bigint oracle, on edge and
//! random operands. The edges are taken in the stored form, where the assembly's carries
//! happen (Montgomery for P-256, plain values for secp256k1): stored words 0, 1, p − 1,
//! p − 2, 2^255, words of all ones below p, and values next to the digit boundaries of p
//! and of c = 2^256 − p (for P-384: of p and of 2^384 − p).

use ecsm::backend::{k256_adx, p256_adx, p384_adx};
use ecsm::curve::weierstrass::{AMinus3, AShape, AZero, Affine, Jacobian, ShortWeierstrass};
use ecsm::field::prime::{Fp, FpP256, FpP384, FpSecp256k1, FpSpec};
use ecsm::field::{Field, PrimeField};
use num_bigint::BigUint;
use num_traits::One;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn p() -> BigUint {
    (BigUint::one() << 256) - (BigUint::one() << 224)
        + (BigUint::one() << 192)
        + (BigUint::one() << 96)
        - 1u8
}

fn big(words: &[u64]) -> BigUint {
    words
        .iter()
        .rev()
        .fold(BigUint::default(), |acc, &w| (acc << 64) + w)
}

fn p_k1() -> BigUint {
    (BigUint::one() << 256) - (BigUint::one() << 32) - 977u16
}

fn p384() -> BigUint {
    (BigUint::one() << 384) - (BigUint::one() << 128) - (BigUint::one() << 96)
        + (BigUint::one() << 32)
        - 1u8
}

fn canonical<const N: usize, S: FpSpec<N>>(x: &Fp<N, S>) -> BigUint {
    big(&x.to_words())
}

fn elem<const N: usize, S: FpSpec<N>>(v: &BigUint) -> Fp<N, S> {
    let mut w = v.to_u64_digits();
    w.resize(N, 0);
    Fp::<N, S>::from_words(&w).expect("below p")
}

/// Edge values every field shares: 0, 1, 2, p − 1, p − 2 and the two around p/2.
fn common_edges(p: &BigUint) -> Vec<BigUint> {
    let one = BigUint::one();
    vec![
        BigUint::default(),
        one.clone(),
        BigUint::from(2u8),
        p - 1u8,
        p - 2u8,
        p >> 1u8,
        (p >> 1u8) + 1u8,
    ]
}

/// The Montgomery-form elements whose stored words are `words` (those below p, taken as
/// r, canonical value r·2^−64N), followed by the same values as canonical ones.
fn stored_and_canonical<const N: usize, S: FpSpec<N>>(
    mut words: Vec<BigUint>,
    p: &BigUint,
) -> Vec<Fp<N, S>> {
    words.retain(|v| v < p);
    let r_inv = (BigUint::one() << (64 * N as u32)).modpow(&(p - 2u8), p);
    let mut v: Vec<Fp<N, S>> = words.iter().map(|r| elem(&(r * &r_inv % p))).collect();
    v.extend(words.iter().map(elem));
    v
}

/// Values next to the carries of the secp256k1 assembly (plain values: stored = canonical).
fn k1_edges() -> Vec<FpSecp256k1> {
    let p = p_k1();
    let one = BigUint::one();
    let c = (&one << 256u32) - &p;
    let mut v = common_edges(&p);
    v.extend([
        &p - &c,
        c.clone(),
        &c - 1u8,
        &c + 1u8,
        &one << 255u32,
        (&one << 192u32) - 1u8,
        (&one << 128u32) - 1u8,
        (&one << 64u32) - 1u8,
        BigUint::from(u64::MAX) << 192u32,
        (&one << 256u32) - (&one << 33u32),
    ]);
    v.retain(|x| x < &p);
    v.iter().map(elem).collect()
}

fn edge_elements() -> Vec<FpP256> {
    let p = p();
    let one = BigUint::one();
    let mut words = common_edges(&p);
    words.extend([
        one.clone() << 255u32,
        (one.clone() << 192u32) - 1u8,
        (one.clone() << 224u32) - 1u8,
        (one.clone() << 224u32),
        &p - (one.clone() << 96u32),
        &p - (one.clone() << 192u32),
        (one.clone() << 64u32) - 1u8,
        (one.clone() << 128u32) - 1u8,
        BigUint::from(u64::MAX) << 192u32,
    ]);
    stored_and_canonical(words, &p)
}

/// P-384 elements next to the carries of its assembly, as stored (Montgomery) words and
/// as canonical values.
fn p384_edges() -> Vec<FpP384> {
    let p = p384();
    let one = BigUint::one();
    let q = (&one << 384u32) - &p;
    let mut words = common_edges(&p);
    words.extend([
        &one << 383u32,
        q.clone(),
        &q - 1u8,
        &q + 1u8,
        &p - &q,
        &p - (&one << 32u32),
        &p - (&one << 96u32),
        &p - (&one << 128u32),
        (&one << 32u32) - 1u8,
        &one << 32u32,
        BigUint::from(u64::MAX) << 320u32,
        (&one << 384u32) - (&one << 129u32),
    ]);
    for k in 1..6u32 {
        words.push(&one << (64 * k));
        words.push((&one << (64 * k)) - 1u8);
    }
    stored_and_canonical(words, &p)
}

fn random_elements<const N: usize, S: FpSpec<N>>(n: usize, seed: u64) -> Vec<Fp<N, S>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..n).map(|_| Fp::<N, S>::random(&mut rng)).collect()
}

/// The comparison is only worth something where the assembly runs: say so when it
/// does not (a CPU without BMI2/ADX, or ECSM_BACKEND=portable), and check that it
/// does whenever the CPU has the instructions and nothing forces the portable code.
#[test]
fn p256_assembly_runs_where_the_cpu_has_bmi2_and_adx() {
    let forced_portable = std::env::var("ECSM_BACKEND").is_ok_and(|v| v.trim() == "portable");
    if p256_adx::supported() && !forced_portable {
        assert!(p256_adx::available());
        let (a, b) = ([1, 2, 3, 4], [5, 6, 7, 8]);
        assert!(p256_adx::mul(&a, &b).is_some());
        assert!(p256_adx::sqr(&a).is_some());
        assert!(p256_adx::add(&a, &b).is_some());
        assert!(p256_adx::sub(&a, &b).is_some());
        assert!(k256_adx::mul(&a, &b).is_some());
        assert!(k256_adx::sqr(&a).is_some());
        assert!(k256_adx::add(&a, &b).is_some());
        assert!(k256_adx::sub(&a, &b).is_some());
        let (a, b) = ([1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]);
        assert!(p384_adx::mul(&a, &b).is_some());
        assert!(p384_adx::sqr(&a).is_some());
        assert!(p384_adx::add(&a, &b).is_some());
        assert!(p384_adx::sub(&a, &b).is_some());
    } else {
        eprintln!("P-256 assembly not in use here: the comparisons below test the portable code against itself and the oracle");
        assert!(p256_adx::mul(&[1, 0, 0, 0], &[1, 0, 0, 0]).is_none());
        assert!(p384_adx::mul(&[1, 0, 0, 0, 0, 0], &[1, 0, 0, 0, 0, 0]).is_none());
    }
}

/// Every pair of `xs`: product, square, sum, difference and negation against the portable
/// code and the oracle.
fn check_pairs<const N: usize, S: FpSpec<N>>(xs: &[Fp<N, S>], p: &BigUint) {
    for a in xs {
        let ab = canonical(a);
        assert_eq!(canonical(&a.square()), &ab * &ab % p, "{a:?}²");
        assert_eq!(a.square(), a.mul_portable(*a));
        assert_eq!(a.square(), a.square_portable());
        for b in xs {
            let bb = canonical(b);
            let prod = *a * *b;
            assert_eq!(prod, a.mul_portable(*b), "{a:?}·{b:?}");
            assert_eq!(canonical(&prod), &ab * &bb % p, "{a:?}·{b:?}");
            let sum = *a + *b;
            assert_eq!(sum, a.add_portable(*b), "{a:?}+{b:?}");
            assert_eq!(canonical(&sum), (&ab + &bb) % p, "{a:?}+{b:?}");
            let diff = *a - *b;
            assert_eq!(diff, a.sub_portable(*b), "{a:?}−{b:?}");
            assert_eq!(canonical(&diff), (&ab + p - &bb) % p, "{a:?}−{b:?}");
        }
        assert_eq!(canonical(&-*a), (p - &ab) % p);
    }
}

/// The two forms of the four-word square's doubling (SHLD, or ADCX/ADOX; the field runs
/// the one `backend::adx::shld_doubling` picks by CPU vendor), both on every CPU with
/// BMI2/ADX: the same words as each other, as the oracle (P-256: a²·2^−256 mod p on the
/// stored words; secp256k1: a² mod p) and as the dispatched square, on edges and 3000
/// random operands per field.
#[test]
fn four_word_squares_agree_in_both_doubling_forms() {
    if !p256_adx::available() {
        eprintln!("BMI2/ADX assembly not in use here: nothing to compare");
        assert!(p256_adx::sqr_both_forms(&[1, 0, 0, 0]).is_none());
        return;
    }
    eprintln!(
        "this CPU's form: {}",
        if ecsm::backend::adx::shld_doubling() {
            "SHLD"
        } else {
            "ADCX/ADOX"
        }
    );
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let one = BigUint::one();
    for (p, montgomery) in [(p(), true), (p_k1(), false)] {
        let r_inv = (&one << 256u32).modpow(&(&p - 2u8), &p);
        let mut vals = common_edges(&p);
        vals.extend([
            &one << 255u32,
            (&one << 192u32) - 1u8,
            (&one << 128u32) - 1u8,
            (&one << 64u32) - 1u8,
            BigUint::from(u64::MAX) << 192u32,
        ]);
        for _ in 0..3000 {
            let w: [u64; 4] = rand::Rng::gen(&mut rng);
            vals.push(big(&w));
        }
        vals.retain(|v| v < &p);
        for v in &vals {
            let mut words = v.to_u64_digits();
            words.resize(4, 0);
            let a: [u64; 4] = words.try_into().expect("four words");
            let (both, one_form) = if montgomery {
                (p256_adx::sqr_both_forms(&a), p256_adx::sqr(&a))
            } else {
                (k256_adx::sqr_both_forms(&a), k256_adx::sqr(&a))
            };
            let (shld, adcx) = both.expect("available");
            assert_eq!(shld, adcx, "{a:x?}");
            assert_eq!(one_form, Some(shld), "{a:x?}");
            let square = v * v % &p;
            let expect = if montgomery {
                square * &r_inv % &p
            } else {
                square
            };
            assert_eq!(big(&shld), expect, "{a:x?}");
        }
    }
}

#[test]
fn p256_products_sums_and_differences_match_the_portable_code_and_the_oracle() {
    let mut xs = edge_elements();
    xs.extend(random_elements(40, 1));
    check_pairs(&xs, &p());
}

#[test]
fn secp256k1_products_sums_and_differences_match_the_portable_code_and_the_oracle() {
    let mut xs = k1_edges();
    xs.extend(random_elements(40, 3));
    check_pairs(&xs, &p_k1());
}

/// What the secp256k1 fold leaves before its last step, from the integers (the module
/// documentation of `backend::k256_adx`): T = a·b = H·2^256 + L, L + c·H = L' + t·2^256,
/// S = L' + t·c. The assembly returns S or S − p.
fn k1_fold_s(a: &BigUint, b: &BigUint) -> BigUint {
    let c = (BigUint::one() << 256u32) - p_k1();
    let mask = (BigUint::one() << 256u32) - 1u8;
    let t = a * b;
    let x = (&t & &mask) + (t >> 256u32) * &c;
    (&x & &mask) + (x >> 256u32) * &c
}

/// The products where the fold's last step matters, which random operands reach with
/// probability about 2^−222: (p − 1)·(2^256 − δ) for c < δ < c·(c + 1) leaves
/// S = 2^256 + δ − 2c, so δ < 2c gives p ≤ S < 2^256 and δ > 2c gives S ≥ 2^256 (a
/// carry out of the fourth word); (p − 1)·s for a small s leaves S = p − s. The test
/// checks from the integers that all three cases occur among its operands, then compares
/// the assembly, the portable code and the oracle on each, both ways round and squared.
#[test]
fn secp256k1_products_whose_fold_reaches_p_are_reduced() {
    let p = p_k1();
    let one = BigUint::one();
    let two256 = &one << 256u32;
    let c = &two256 - &p;
    let deltas = [
        &c + 1u8,
        &c + 2u8,
        &c + (&c >> 1u8),
        (&c << 1u8) - 1u8,
        &c << 1u8,
        (&c << 1u8) + 1u8,
        &one << 40u32,
        &one << 62u32,
        &one << 65u32,
        &c * (&c + 1u8) - 1u8,
        &c * (&c + 1u8),
        &c * (&c + 1u8) + 1u8,
    ];
    let a = &p - 1u8;
    let (mut below_p, mut at_or_above_p, mut carried) = (0, 0, 0);
    let small = [1u64, 2, 1 << 40].map(BigUint::from);
    for b in deltas.iter().map(|d| &two256 - d).chain(small) {
        assert!(b < p);
        for (x, y) in [(&a, &b), (&b, &a), (&b, &b)] {
            let s = k1_fold_s(x, y);
            if s >= two256 {
                carried += 1;
            } else if s >= p {
                at_or_above_p += 1;
            } else if &p - &s < &one << 96u32 {
                below_p += 1;
            }
            let (fx, fy): (FpSecp256k1, FpSecp256k1) = (elem(x), elem(y));
            let prod = fx * fy;
            assert_eq!(canonical(&prod), x * y % &p, "{x:x}·{y:x}");
            assert_eq!(prod, fx.mul_portable(fy), "{x:x}·{y:x}");
            if x == y {
                assert_eq!(fx.square(), prod, "{x:x}²");
            }
        }
    }
    assert!(
        below_p > 0 && at_or_above_p > 0 && carried > 0,
        "cases: S just below p {below_p}, p ≤ S < 2^256 {at_or_above_p}, S ≥ 2^256 {carried}"
    );
}

/// Long dependent chains mixing the operations, on random starting values, so that
/// every intermediate result (not only the chosen edges) is fed back in.
fn check_chains<const N: usize, S: FpSpec<N>>(seed: u64) {
    for (i, pair) in random_elements::<N, S>(64, seed).chunks(2).enumerate() {
        let (mut x, mut y) = (pair[0], pair[1]);
        let (mut xp, mut yp) = (x, y);
        for step in 0..500 {
            match (step + i) % 4 {
                0 => (x, xp) = (x * y, xp.mul_portable(yp)),
                1 => (y, yp) = (x + y, xp.add_portable(yp)),
                2 => (x, xp) = (x - y, xp.sub_portable(yp)),
                _ => (y, yp) = (y.square(), yp.square_portable()),
            }
            assert_eq!((x, y), (xp, yp), "chain {i}, step {step}");
        }
    }
}

#[test]
fn p256_and_secp256k1_chains_match_the_portable_code() {
    check_chains::<4, ecsm::field::prime::P256>(2);
    check_chains::<4, ecsm::field::prime::Secp256k1>(4);
}

#[test]
fn p384_products_sums_and_differences_match_the_portable_code_and_the_oracle() {
    let mut xs = p384_edges();
    xs.extend(random_elements(40, 5));
    check_pairs(&xs, &p384());
}

#[test]
fn p384_chains_match_the_portable_code() {
    check_chains::<6, ecsm::field::prime::P384>(6);
}

/// One reduction round of the P-384 assembly on w < 2^384 (`backend::p384_adx`, module
/// documentation), modelled on integers: the new w = (w + m·p)/2^64, whether the sum
/// u2 = h + m − c carried out (u3 = 1), whether the low word u1 = s − h − b borrowed
/// (c = 1), and whether the subtraction of (m·c' − w_0)/2^64 borrowed out of word 5
/// (the new top word is then m − 1).
fn p384_round(w: &BigUint, p: &BigUint) -> (BigUint, bool, bool, bool) {
    let mask64 = (BigUint::one() << 64u32) - 1u8;
    let w0 = (w & &mask64).to_u64_digits().first().copied().unwrap_or(0);
    let m = w0.wrapping_mul((1 << 32) + 1);
    let s = w0 << 32;
    let h = ((w0 & 0xffff_ffff) + (w0 >> 32)) & 0xffff_ffff;
    assert_eq!((s, h), (m << 32, m >> 32), "s and h from w_0 alone");
    let (sum, b) = w0.overflowing_add(s);
    assert_eq!(sum, m, "m = w_0 + s");
    let (t, c_a) = s.overflowing_sub(h);
    let (u1, c_b) = t.overflowing_sub(u64::from(b));
    let c = c_a || c_b;
    assert!(m >= u64::from(c), "h + m − c never borrows");
    let u2 = u128::from(m - u64::from(c)) + u128::from(h);
    let carried = u2 >> 64 != 0;
    let v = BigUint::from(u1) + (BigUint::from(u2) << 64u32);
    let c_prime = (BigUint::one() << 384u32) - p;
    assert_eq!(
        BigUint::from(m) * &c_prime - w0,
        &v << 64u32,
        "(m·c' − w_0)/2^64"
    );
    let borrowed = (w >> 64u32) < v;
    let next = (w + BigUint::from(m) * p) >> 64u32;
    assert_eq!(
        next,
        (w >> 64u32) + (BigUint::from(m) << 320u32) - v,
        "round model"
    );
    (next, carried, c, borrowed)
}

/// The rarest paths of the P-384 reduction rounds: a round whose sum h + m − c carries
/// out (m within 2^32 of 2^64, one round in 2^32 at random), a round whose low word
/// s − h − b borrows (w_0 a nonzero multiple of 2^32, as rare), and a round whose borrow
/// reaches the top word. The operands are chosen so that round 0 sees m = 2^64 − j for
/// small j and for multiples j of 2^32 (b = 1 makes the low half of the product a
/// itself), and the model above confirms that each path ran; the assembly must agree
/// with the oracle on all of them.
#[test]
fn p384_reduction_rounds_that_carry_out_or_borrow_into_the_top_word_match_the_oracle() {
    if !p384_adx::available() {
        eprintln!("BMI2/ADX assembly not in use here: nothing to compare");
        return;
    }
    let p = p384();
    let r_inv = (BigUint::one() << 384u32).modpow(&(&p - 2u8), &p);
    // (2^32 + 1)⁻¹ mod 2^64 by Newton's iteration x ← x(2 − kx).
    let k = (1u64 << 32) + 1;
    let mut k_inv = 1u64;
    for _ in 0..6 {
        k_inv = k_inv.wrapping_mul(2u64.wrapping_sub(k.wrapping_mul(k_inv)));
    }
    assert_eq!(k.wrapping_mul(k_inv), 1);
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let (mut carried, mut wrapped, mut borrowed, mut both) = (0, 0, 0, 0);
    let mut cases = 0;
    let multiples_of_2_32 = (1..=16u64).map(|t| t << 32).chain([u64::MAX << 32]);
    for j in (1..=64u64)
        .chain([1 << 31, (1 << 32) - 1, (1 << 32) + 1])
        .chain(multiples_of_2_32)
    {
        let w0 = 0u64.wrapping_sub(j).wrapping_mul(k_inv);
        for upper in 0..8 {
            let mut a = [0u64; 6];
            a[0] = w0;
            for (i, word) in a.iter_mut().enumerate().skip(1) {
                *word = match upper {
                    0 => 0,
                    1 => u64::from(i == 1),
                    2 => u64::MAX >> 1,
                    3 if i == 5 => u64::MAX - 1,
                    3 => 0,
                    _ => rand::Rng::gen(&mut rng),
                };
            }
            if big(&a) >= p {
                continue;
            }
            for b in [[1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 1 << 40], a] {
                let t = big(&a) * big(&b);
                let mut w = &t % (BigUint::one() << 384u32);
                let (mut c, mut wr, mut bo) = (false, false, false);
                for _ in 0..6 {
                    let (next, c_r, w_r, b_r) = p384_round(&w, &p);
                    (w, c, wr, bo) = (next, c || c_r, wr || w_r, bo || b_r);
                }
                let expect = &t * &r_inv % &p;
                assert_eq!(&(w + (&t >> 384u32)) % &p, expect, "model");
                let got = p384_adx::mul(&a, &b).expect("available");
                assert_eq!(big(&got), expect, "{a:x?}·{b:x?}");
                if b == a {
                    assert_eq!(big(&p384_adx::sqr(&a).expect("available")), expect);
                }
                carried += usize::from(c);
                wrapped += usize::from(wr);
                borrowed += usize::from(bo);
                both += usize::from(c && bo);
                cases += 1;
            }
        }
    }
    eprintln!("{cases} products: {carried} with a carried sum, {wrapped} with a borrowed low word, {borrowed} with a borrowed top word, {both} with a carried sum and a borrowed top word");
    assert!(carried >= 100 && wrapped >= 100 && borrowed >= 100 && both >= 10);
}

/// Runs of k squares (`Field::square_n`, which the square roots and the inversions
/// take; on these three fields one call of the assembly's `sqr_n`, the CPU checked once
/// per run) against k calls of the portable square and against the oracle
/// x^(2^k) mod p on canonical values, for run lengths around the square-root chains'
/// (31, 32, 94, 96), on edges and random elements.
fn check_square_runs<const N: usize, S: FpSpec<N>>(xs: &[Fp<N, S>], p: &BigUint) {
    for x in xs {
        for k in [0usize, 1, 2, 3, 5, 31, 32, 94, 96] {
            let fast = x.square_n(k);
            let mut slow = *x;
            for _ in 0..k {
                slow = slow.square_portable();
            }
            assert_eq!(fast, slow, "{x:?}, k = {k}");
            let e = BigUint::one() << k;
            assert_eq!(
                canonical(&fast),
                canonical(x).modpow(&e, p),
                "{x:?}, k = {k}"
            );
        }
    }
}

#[test]
fn runs_of_squares_match_the_portable_code_and_the_oracle() {
    let mut xs = edge_elements();
    xs.extend(random_elements(12, 7));
    check_square_runs(&xs, &p());
    let mut xs = k1_edges();
    xs.extend(random_elements(12, 8));
    check_square_runs(&xs, &p_k1());
    let mut xs = p384_edges();
    xs.extend(random_elements(12, 9));
    check_square_runs(&xs, &p384());
}

/// The backend's runs of squares exist exactly where its single square does, and a run
/// of length 0 returns its input.
#[test]
fn backend_runs_of_squares_are_offered_where_the_square_is() {
    let a4 = [5, 6, 7, 8];
    let a6 = [5, 6, 7, 8, 9, 10];
    assert_eq!(p256_adx::sqr_n(&a4, 1), p256_adx::sqr(&a4));
    assert_eq!(k256_adx::sqr_n(&a4, 1), k256_adx::sqr(&a4));
    assert_eq!(p384_adx::sqr_n(&a6, 1), p384_adx::sqr(&a6));
    if p256_adx::available() {
        assert_eq!(p256_adx::sqr_n(&a4, 0), Some(a4));
        assert_eq!(p384_adx::sqr_n(&a6, 0), Some(a6));
        let twice = p256_adx::sqr(&p256_adx::sqr(&a4).expect("available")).expect("available");
        assert_eq!(p256_adx::sqr_n(&a4, 2), Some(twice));
    } else {
        assert!(p256_adx::sqr_n(&a4, 3).is_none());
        assert!(p384_adx::sqr_n(&a6, 3).is_none());
    }
}

/// `Counted` keeps counting a run of squares as that many squares.
#[test]
fn a_counted_run_of_squares_counts_each_square() {
    let x = ecsm::cost::Counted(random_elements::<4, ecsm::field::prime::P256>(1, 10)[0]);
    let (r, c) = ecsm::cost::measure(|| x.square_n(40));
    assert_eq!((c.sqr, c.mul), (40, 0));
    assert_eq!(r.0, x.0.square_n(40));
}

/// The lazy square inside P-256's runs (`p256_adx::sqr_lazy_both_forms`): any input
/// below 2^256, p and above included, gives in both doubling forms the same words, and
/// they are a²·2^−256 mod p up to a multiple of p. The oracle also computes the sum S of
/// the high half and the reduced low half, to show that the carried case (S ≥ 2^256,
/// where 2^256 − p is added back) is exercised.
#[test]
fn p256_lazy_squares_stay_below_2_256_and_congruent() {
    let p = p();
    let r: BigUint = BigUint::one() << 256;
    let r_inv = r.modpow(&(&p - 2u32), &p);
    let m_neg_p_inv = {
        // −p⁻¹ mod 2^256 (p is odd): p⁻¹ by Newton's iteration, x ← x(2 − px).
        let mut x = BigUint::one();
        for _ in 0..9 {
            x = (&x * ((BigUint::from(2u32) * &r - (&p * &x) % &r) % &r)) % &r;
        }
        (&r - x) % &r
    };
    let pw = [u64::MAX, 0xffff_ffff, 0, 0xffff_ffff_0000_0001];
    let mut inputs: Vec<[u64; 4]> = vec![
        [0; 4],
        [1, 0, 0, 0],
        [pw[0] - 1, pw[1], pw[2], pw[3]],
        pw,
        [0, pw[1] + 1, 0, pw[3]],
        [u64::MAX; 4],
        [u64::MAX - 1, u64::MAX, u64::MAX, u64::MAX],
        [0, 0, 0, 1 << 63],
        [0, 0, 0, 0xffff_ffff_0000_0000],
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    for i in 0..4000 {
        let mut w: [u64; 4] = rand::Rng::gen(&mut rng);
        if i % 4 == 0 {
            // Near the top: the range [p, 2^256) and squares whose sum S carries.
            w[3] = u64::MAX - (w[3] >> 40);
        }
        inputs.push(w);
    }
    let Some(_) = p256_adx::sqr_lazy_both_forms(&[1, 0, 0, 0]) else {
        assert!(!p256_adx::available());
        return;
    };
    let (mut carried, mut above_p_in, mut above_p_out) = (0, 0, 0);
    for a in inputs {
        let (f1, f2) = p256_adx::sqr_lazy_both_forms(&a).expect("available");
        assert_eq!(f1, f2, "{a:x?}");
        let av = big(&a);
        let out = big(&f1);
        assert_eq!(out.clone() % &p, (&av * &av * &r_inv) % &p, "{a:x?}");
        let t = &av * &av;
        let t_lo = &t % &r;
        let m = (&t_lo * &m_neg_p_inv) % &r;
        let s = (&t >> 256) + (&t_lo + &m * &p) / &r;
        carried += usize::from(s >= r);
        above_p_in += usize::from(av >= p);
        above_p_out += usize::from(out >= p);
    }
    eprintln!("lazy squares: {carried} carried, {above_p_in} inputs and {above_p_out} outputs in [p, 2^256)");
    assert!(
        carried >= 500 && above_p_in >= 100,
        "{carried} {above_p_in}"
    );
}

/// The lazy square inside P-384's runs (`p384_adx::sqr_lazy`): any input below 2^384,
/// p and above included, gives a²·2^−384 mod p up to a multiple of p, below 2^384. The
/// oracle computes the sum S of the high half and the reduced low half, to show that the
/// carried case (S ≥ 2^384, where 2^384 − p is added back) is exercised.
#[test]
fn p384_lazy_squares_stay_below_2_384_and_congruent() {
    let p = p384();
    let r: BigUint = BigUint::one() << 384;
    let r_inv = r.modpow(&(&p - 2u32), &p);
    let m_neg_p_inv = {
        // −p⁻¹ mod 2^384 (p is odd): p⁻¹ by Newton's iteration, x ← x(2 − px).
        let mut x = BigUint::one();
        for _ in 0..10 {
            x = (&x * ((BigUint::from(2u32) * &r - (&p * &x) % &r) % &r)) % &r;
        }
        (&r - x) % &r
    };
    let pw: [u64; 6] = [
        0xffff_ffff,
        0xffff_ffff_0000_0000,
        u64::MAX - 1,
        u64::MAX,
        u64::MAX,
        u64::MAX,
    ];
    let mut inputs: Vec<[u64; 6]> = vec![
        [0; 6],
        [1, 0, 0, 0, 0, 0],
        [pw[0] - 1, pw[1], pw[2], pw[3], pw[4], pw[5]],
        pw,
        [pw[0] + 1, pw[1], pw[2], pw[3], pw[4], pw[5]],
        [u64::MAX; 6],
        [0, 0, 0, 0, 0, 1 << 63],
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(43);
    for i in 0..3000 {
        let mut w: [u64; 6] = rand::Rng::gen(&mut rng);
        if i % 3 == 0 {
            // [p, 2^384): the top three words all ones, the third from the top at least
            // p's.
            w[5] = u64::MAX;
            w[4] = u64::MAX;
            w[3] = u64::MAX;
            w[2] = u64::MAX;
        }
        inputs.push(w);
    }
    let Some(_) = p384_adx::sqr_lazy(&[1, 0, 0, 0, 0, 0]) else {
        assert!(!p384_adx::available());
        return;
    };
    let (mut carried, mut above_p_in) = (0, 0);
    for a in inputs {
        let out = big(&p384_adx::sqr_lazy(&a).expect("available"));
        let av = big(&a);
        assert_eq!(out.clone() % &p, (&av * &av * &r_inv) % &p, "{a:x?}");
        let t = &av * &av;
        let t_lo = &t % &r;
        let m = (&t_lo * &m_neg_p_inv) % &r;
        let s = (&t >> 384) + (&t_lo + &m * &p) / &r;
        carried += usize::from(s >= r);
        above_p_in += usize::from(av >= p);
    }
    eprintln!("P-384 lazy squares: {carried} carried, {above_p_in} inputs in [p, 2^384)");
    assert!(
        carried >= 300 && above_p_in >= 500,
        "{carried} {above_p_in}"
    );
}

/// `half` of a four-word assembly field against `num-bigint`: below p, and twice it ≡ a.
fn check_halving(p: &BigUint, half: fn(&[u64; 4]) -> Option<[u64; 4]>, inputs: &[BigUint]) {
    let (mut odd, mut even) = (0, 0);
    for a in inputs {
        let mut w = a.to_u64_digits();
        w.resize(4, 0);
        let h = big(&half(&w.try_into().unwrap()).unwrap());
        assert!(&h < p, "half({a:x}) = {h:x} not below p");
        assert_eq!((&h << 1u8) % p, a % p, "2·half({a:x}) ≠ a");
        if a.bit(0) {
            odd += 1;
        } else {
            even += 1;
        }
    }
    assert!(odd > 500 && even > 500, "{odd} odd, {even} even inputs");
}

#[test]
fn halvings_match_the_oracle() {
    if p256_adx::half(&[0; 4]).is_none() {
        assert!(!p256_adx::available() && k256_adx::half(&[0; 4]).is_none());
        return;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(53);
    let (p, pk) = (p(), p_k1());
    let mut inputs = common_edges(&p);
    inputs.extend((0..2000).map(|_| canonical(&FpP256::random(&mut rng))));
    check_halving(&p, p256_adx::half, &inputs);
    let mut inputs = common_edges(&pk);
    inputs.extend(k1_edges().iter().map(canonical));
    inputs.extend((0..2000).map(|_| canonical(&FpSecp256k1::random(&mut rng))));
    check_halving(&pk, k256_adx::half, &inputs);
}

/// (4X, 8Y, 2Z): the generic formulas' coordinates from the scaled ones of `point4`.
fn unscaled<F: Field>([x, y, z]: [F; 3]) -> [F; 3] {
    let x2 = x + x;
    let y2 = y + y;
    let y4 = y2 + y2;
    [x2 + x2, y4 + y4, z + z]
}

/// `madd-2007-bl` written out with the field's operations: the reference for the
/// assembly's mixed additions.
fn madd_2007_bl<F: Field>(x1: F, y1: F, z1: F, x2: F, y2: F) -> [F; 3] {
    let z1z1 = z1.square();
    let u2 = x2 * z1z1;
    let s2 = y2 * z1 * z1z1;
    let h = u2 - x1;
    let hh = h.square();
    let i = (hh + hh) + (hh + hh);
    let j = h * i;
    let r = (s2 - y1) + (s2 - y1);
    let v = x1 * i;
    let x3 = r.square() - j - (v + v);
    let y3 = r * (v - x3) - (y1 * j + y1 * j);
    let z3 = (z1 + h).square() - z1z1 - hh;
    [x3, y3, z3]
}

/// The assembly's point formulas against the generic ones on arbitrary elements (the
/// identities are algebraic, so the points need not be on a curve): the doubling
/// `dbl` against `generic`, and the mixed addition (with its H and R) against
/// `madd-2007-bl`, each after the scaling (4X', 8Y', 2Z').
fn check_scaled_formulas<F: Field>(
    elems: &[F],
    dbl: fn(&F, &F, &F) -> Option<[F; 3]>,
    generic: fn(&Jacobian<F>) -> Jacobian<F>,
) {
    let n = elems.len();
    let mut checked = 0;
    for i in 0..n {
        for j in 0..n {
            let (x1, y1, z1) = (elems[i], elems[j], elems[(i * 5 + j) % n]);
            let d = dbl(&x1, &y1, &z1).expect("assembly runs");
            let g = generic(&Jacobian {
                x: x1,
                y: y1,
                z: z1,
            });
            assert_eq!(
                unscaled(d),
                [g.x, g.y, g.z],
                "doubling of ({x1:?}, {y1:?}, {z1:?})"
            );
            let (x2, y2) = (elems[(i + 3 * j) % n], elems[(7 * i + j + 1) % n]);
            let (pt, h, r) = F::jacobian_madd(&x1, &y1, &z1, &x2, &y2).expect("assembly runs");
            let z1z1 = z1.square();
            assert_eq!(h, x2 * z1z1 - x1);
            assert_eq!(r, y2 * z1 * z1z1 - y1);
            assert_eq!(unscaled(pt), madd_2007_bl(x1, y1, z1, x2, y2));
            checked += 1;
        }
    }
    assert!(checked > 1500, "{checked}");
}

/// On 200 multiples of the generator g with random Z: the curve's doubling and mixed
/// addition (the assembly's where it runs) against the affine group law, P = Q and
/// P = −Q included.
fn check_on_curve<F: Field, A: AShape>(curve: &ShortWeierstrass<F, A>, g: Affine<F>, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut pt, mut q) = (g, curve.add_affine(&g, &g));
    for _ in 0..200 {
        let Affine::Point { x, y } = pt else {
            panic!("a multiple of G reached O");
        };
        let lambda = F::random(&mut rng);
        let l2 = lambda.square();
        let jac = Jacobian {
            x: x * l2,
            y: y * l2 * lambda,
            z: lambda,
        };
        let twice = curve.add_affine(&pt, &pt);
        assert_eq!(curve.double(&jac).to_affine(), twice);
        let mut in_place = jac;
        curve.double_assign(&mut in_place);
        assert_eq!(in_place.to_affine(), twice);
        assert_eq!(
            curve.add_mixed(&jac, &q).to_affine(),
            curve.add_affine(&pt, &q)
        );
        assert_eq!(curve.add_mixed(&jac, &pt).to_affine(), twice);
        assert!(curve.add_mixed(&jac, &pt.neg()).is_infinity());
        let mut in_place = jac;
        curve.add_mixed_assign(&mut in_place, &q);
        assert_eq!(in_place.to_affine(), curve.add_affine(&pt, &q));
        (pt, q) = (curve.add_affine(&pt, &q), curve.add_affine(&q, &g));
    }
}

/// P-256's doubling and mixed addition (`backend::point4`) return (X3/4 : Y3/8 : Z3/2)
/// of `dbl-2001-b` and `madd-2007-bl`.
#[test]
fn p256_point_formulas_are_the_generic_ones_scaled() {
    let one = FpP256::one();
    if FpP256::jacobian_double_a3(&one, &one, &one).is_none() {
        assert!(!p256_adx::available());
        assert!(FpP256::jacobian_madd(&one, &one, &one, &one, &one).is_none());
        return;
    }
    let mut elems = edge_elements();
    elems.extend(random_elements::<4, _>(30, 54));
    check_scaled_formulas(&elems, FpP256::jacobian_double_a3, AMinus3::dbl_2001_b);
    let a = -(one + one + one);
    let b =
        FpP256::const_from_hex("5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b");
    let g = Affine::Point {
        x: FpP256::const_from_hex(
            "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
        ),
        y: FpP256::const_from_hex(
            "4fe342e2fe1a7f9b8e7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5",
        ),
    };
    check_on_curve(&ShortWeierstrass::<_, AMinus3>::new(a, b).unwrap(), g, 55);
}

/// secp256k1's doubling and mixed addition (`backend::point4`) return (X3/4 : Y3/8 :
/// Z3/2) of the generic a = 0 doubling and `madd-2007-bl`.
#[test]
fn secp256k1_point_formulas_are_the_generic_ones_scaled() {
    let one = FpSecp256k1::one();
    if FpSecp256k1::jacobian_double_a0(&one, &one, &one).is_none() {
        assert!(!k256_adx::available());
        assert!(FpSecp256k1::jacobian_madd(&one, &one, &one, &one, &one).is_none());
        return;
    }
    let mut elems = k1_edges();
    elems.extend(random_elements::<4, _>(30, 56));
    check_scaled_formulas(&elems, FpSecp256k1::jacobian_double_a0, AZero::dbl_2009_l);
    let b = one + one + one + one + one + one + one;
    let g = Affine::Point {
        x: FpSecp256k1::const_from_hex(
            "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
        ),
        y: FpSecp256k1::const_from_hex(
            "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8",
        ),
    };
    check_on_curve(
        &ShortWeierstrass::<_, AZero>::new(FpSecp256k1::zero(), b).unwrap(),
        g,
        57,
    );
}

/// The hooks are the P-256 and secp256k1 fields' own: another field, and the counted
/// P-256 field (whose counts must be the generic formulas'), keep the defaults.
#[test]
fn only_the_assembly_fields_have_point_formulas() {
    use ecsm::cost::Counted;
    let one = FpP384::one();
    assert!(FpP384::jacobian_double_a3(&one, &one, &one).is_none());
    assert!(FpP384::jacobian_madd(&one, &one, &one, &one, &one).is_none());
    let one = Counted(FpP256::one());
    assert!(Counted::<FpP256>::jacobian_double_a3(&one, &one, &one).is_none());
    assert!(Counted::<FpP256>::jacobian_madd(&one, &one, &one, &one, &one).is_none());
    let one = FpP256::one();
    assert!(FpP256::jacobian_double_a0(&one, &one, &one).is_none());
}
