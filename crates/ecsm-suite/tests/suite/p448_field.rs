//! The dedicated GF(2^448 − 2^224 − 1) ([`Fp448`], eight loose 56-bit limbs) against a
//! big-integer oracle (num-bigint) on its internal, non-canonical forms: every limb
//! vector with limbs below 2^57 is a valid element, so the operands here include the
//! extreme ones (all limbs 2^57 − 1, limb vectors of p and 2p, 2^56 boundaries), and
//! every result must be right mod p and loose again. `prime_field.rs` runs the
//! canonical-value oracle suite (`check_all`) on the same type as `FpP448`.

use ecsm::field::prime::{Fp448, FpP448Generic};
use ecsm::field::{Field, PrimeField};
use num_bigint::BigUint;
use num_traits::{One, Zero};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

const LOOSE: u64 = 1 << 57;
const M56: u64 = (1 << 56) - 1;

fn p() -> BigUint {
    (BigUint::one() << 448) - (BigUint::one() << 224) - 1u8
}

/// Σ l_k·2^(56k), not reduced.
fn value(l: &[u64; 8]) -> BigUint {
    l.iter()
        .rev()
        .fold(BigUint::zero(), |acc, &x| (acc << 56) + x)
}

fn words(b: &BigUint) -> Vec<u64> {
    let mut w = b.to_u64_digits();
    w.resize(7, 0);
    w
}

/// The element's value mod p read through its canonical words, after checking the
/// internal limbs are loose and agree with them.
fn checked(x: &Fp448) -> BigUint {
    let l = x.loose_limbs();
    assert!(l.iter().all(|&v| v < LOOSE), "limbs not loose: {l:x?}");
    let canon = x
        .to_words()
        .iter()
        .rev()
        .fold(BigUint::zero(), |acc, &w| (acc << 64) + w);
    assert!(canon < p(), "to_words not canonical");
    assert_eq!(value(&l) % p(), canon, "limbs and words disagree");
    canon
}

/// Loose limb vectors at the edges: zero, the limbs of 1, p, 2p, p − 1, p + 1, all
/// 2^57 − 1, all 2^56 − 1, all 2^56, one limb at its bound, 2^224 ± 1 in limbs, and the
/// non-canonical 2^448 − 1.
fn edge_limbs() -> Vec<[u64; 8]> {
    let pl = [M56, M56, M56, M56, M56 - 1, M56, M56, M56];
    let p2 = pl.map(|x| 2 * x);
    let mut p_minus_1 = pl;
    p_minus_1[0] -= 1;
    let mut p_plus_1 = pl;
    p_plus_1[0] += 1;
    let mut v = vec![
        [0; 8],
        [1, 0, 0, 0, 0, 0, 0, 0],
        pl,
        p2,
        p_minus_1,
        p_plus_1,
        [LOOSE - 1; 8],
        [M56; 8],
        [1 << 56; 8],
        [0, 0, 0, 0, 1, 0, 0, 0],
        [1, 0, 0, 0, 1, 0, 0, 0],
        [M56, M56, M56, M56, 0, 0, 0, 0],
        [M56, M56, M56, M56, LOOSE - 1, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, LOOSE - 1],
        [LOOSE - 1, 0, 0, 0, LOOSE - 1, 0, 0, 0],
    ];
    for k in 0..8 {
        let mut one_max = [0; 8];
        one_max[k] = LOOSE - 1;
        v.push(one_max);
    }
    v
}

fn random_limbs(rng: &mut ChaCha8Rng) -> [u64; 8] {
    let mut l = [0u64; 8];
    for x in l.iter_mut() {
        // Half the limbs near the top of the loose range, half anywhere in it.
        *x = if rng.gen::<bool>() {
            LOOSE - 1 - rng.gen_range(0..1u64 << 20)
        } else {
            rng.gen_range(0..LOOSE)
        };
    }
    l
}

fn check_pair(a: &[u64; 8], b: &[u64; 8]) {
    let p = p();
    let (x, y) = (
        Fp448::from_loose_limbs(*a).unwrap(),
        Fp448::from_loose_limbs(*b).unwrap(),
    );
    let (va, vb) = (value(a) % &p, value(b) % &p);
    assert_eq!(checked(&(x * y)), &va * &vb % &p, "{a:x?} * {b:x?}");
    assert_eq!(checked(&x.square()), &va * &va % &p, "{a:x?}^2");
    assert_eq!(checked(&(x + y)), (&va + &vb) % &p, "{a:x?} + {b:x?}");
    assert_eq!(checked(&(x - y)), (&va + &p - &vb) % &p, "{a:x?} - {b:x?}");
    assert_eq!(checked(&-x), (&p - &va) % &p, "-{a:x?}");
    assert_eq!(x == y, va == vb);
    assert_eq!(x.is_zero(), va.is_zero());
    assert_eq!(x.is_odd(), va.bit(0));
    let canon = Fp448::from_words(&words(&va)).unwrap();
    assert_eq!(canon, x);
    assert_eq!(canon.to_bytes(), x.to_bytes());
    assert_eq!(Fp448::ct_select(&x, &y, 0), x);
    assert_eq!(Fp448::ct_select(&x, &y, u64::MAX), y);
}

#[test]
fn edge_limbs_match_oracle() {
    let e = edge_limbs();
    for a in &e {
        for b in &e {
            check_pair(a, b);
        }
    }
}

#[test]
fn random_loose_limbs_match_oracle() {
    let mut rng = ChaCha8Rng::seed_from_u64(448);
    for _ in 0..3000 {
        let (a, b) = (random_limbs(&mut rng), random_limbs(&mut rng));
        check_pair(&a, &b);
    }
}

/// The forms the operations themselves leave behind, fed back in: a random walk of
/// products, squares, sums, differences and negations, each step against the oracle.
#[test]
fn operation_chains_match_oracle() {
    let p = p();
    let mut rng = ChaCha8Rng::seed_from_u64(625);
    let e = edge_limbs();
    let mut vals: Vec<(Fp448, BigUint)> = e
        .iter()
        .map(|l| (Fp448::from_loose_limbs(*l).unwrap(), value(l) % &p))
        .collect();
    for _ in 0..20_000 {
        let i = rng.gen_range(0..vals.len());
        let j = rng.gen_range(0..vals.len());
        let ((x, vx), (y, vy)) = (vals[i].clone(), vals[j].clone());
        let r = match rng.gen_range(0..5) {
            0 => (x * y, &vx * &vy % &p),
            1 => (x.square(), &vx * &vx % &p),
            2 => (x + y, (&vx + &vy) % &p),
            3 => (x - y, (&vx + &p - &vy) % &p),
            _ => (-x, (&p - &vx) % &p),
        };
        assert_eq!(checked(&r.0), r.1);
        let k = rng.gen_range(0..vals.len());
        vals[k] = r;
    }
}

/// Long runs of additions and subtractions only (no product to tidy up), then a product.
#[test]
fn long_sum_chains_stay_loose() {
    let p = p();
    let top = Fp448::from_loose_limbs([LOOSE - 1; 8]).unwrap();
    let vt = value(&[LOOSE - 1; 8]) % &p;
    let (mut x, mut vx) = (top, vt.clone());
    for i in 0..1000 {
        if i % 3 == 2 {
            x -= top;
            vx = (&vx + &p - &vt) % &p;
        } else {
            x = x + x;
            vx = (&vx + &vx) % &p;
        }
        assert_eq!(checked(&x), vx);
    }
    assert_eq!(checked(&(x * top)), &vx * &vt % &p);
}

/// Canonical values at the edges named by the field's shape, against the generic
/// seven-word Goldilocks type on the same prime.
#[test]
fn matches_the_generic_goldilocks_type() {
    let p = p();
    let one = BigUint::one();
    let two = |k: u32| BigUint::one() << k;
    let mut v = vec![
        BigUint::zero(),
        one.clone(),
        &p - 1u8,
        &p - 2u8,
        two(224) - 1u8,
        two(224),
        two(224) + 1u8,
        &p - two(224),
        two(448) - 1u8 - &p,
        two(447),
    ];
    for k in 1..8 {
        v.push(two(56 * k) - 1u8);
        v.push(two(56 * k));
        v.push(two(64 * k) - 1u8);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(7748);
    for _ in 0..64 {
        let mut bytes = [0u8; 56];
        rng.fill_bytes(&mut bytes);
        v.push(BigUint::from_bytes_le(&bytes) % &p);
    }
    let v: Vec<BigUint> = v.into_iter().map(|b| b % &p).collect();
    let ours = |b: &BigUint| Fp448::from_words(&words(b)).unwrap();
    let generic = |b: &BigUint| FpP448Generic::from_words(&words(b)).unwrap();
    for a in &v {
        for b in &v {
            assert_eq!(
                (ours(a) * ours(b)).to_words(),
                (generic(a) * generic(b)).to_words()
            );
            assert_eq!(
                (ours(a) - ours(b)).to_words(),
                (generic(a) - generic(b)).to_words()
            );
        }
        assert_eq!(ours(a).square().to_words(), generic(a).square().to_words());
        if !a.is_zero() {
            let inv = ours(a).invert().unwrap();
            assert_eq!(inv, ours(a).invert_vartime().unwrap());
            assert_eq!(inv.to_words(), generic(a).invert().unwrap().to_words());
            assert_eq!(inv * ours(a), Fp448::one());
        }
    }
    assert!(ours(&BigUint::zero()).invert().is_err());
}

/// Bad input is an error, never a panic: limbs ≥ 2^57, words ≥ p, wrong lengths.
#[test]
fn rejections() {
    assert!(Fp448::from_loose_limbs([0, 0, 0, 0, 0, 0, 0, LOOSE]).is_err());
    assert!(Fp448::from_loose_limbs([u64::MAX; 8]).is_err());
    assert!(Fp448::from_words(&words(&p())).is_err());
    assert!(Fp448::from_words(&[u64::MAX; 7]).is_err());
    assert!(Fp448::from_words(&[0; 6]).is_err());
    assert!(Fp448::from_bytes(&[0xff; 56]).is_err());
    assert!(Fp448::from_bytes(&[0; 55]).is_err());
    assert!(Fp448::from_words(&words(&(p() - 1u8))).is_ok());
}
