//! Small library helpers, tested through their public functions: SEC 1 containers and
//! hex parsing, method specs, the bit ranges and shares of the x-doubling methods, and
//! the scalar bound of seed 000's protocol. (They were the library's unit tests; as
//! integration tests they spare the build a second, test-mode compile of the library.)

use ecsm::encoding::*;
use ecsm::experiments::table1::seed_bound;
use ecsm::mul::spec::MethodSpec;
use ecsm::mul::xdbl::{bit_range, share_bits, split};
use ecsm::mul::{bit_len, cmp_words, try_random_below, try_uniform_below};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[test]
fn containers() {
    assert_eq!(parse_sec1(&[0], 2), Ok(Sec1::Infinity));
    assert_eq!(
        parse_sec1(&[3, 1, 2], 2),
        Ok(Sec1::Compressed {
            y_bit: true,
            x: &[1, 2]
        })
    );
    assert_eq!(
        parse_sec1(&[4, 1, 2, 3, 4], 2),
        Ok(Sec1::Uncompressed {
            x: &[1, 2],
            y: &[3, 4]
        })
    );
    assert_eq!(parse_sec1(&[], 2), Err(EncodingError::Empty));
    assert_eq!(
        parse_sec1(&[6, 1, 2, 3, 4], 2),
        Err(EncodingError::UnknownPrefix(6))
    );
    assert!(matches!(
        parse_sec1(&[0, 0], 2),
        Err(EncodingError::BadLength {
            form: "infinity",
            ..
        })
    ));
    assert!(matches!(
        parse_sec1(&[2, 1], 2),
        Err(EncodingError::BadLength {
            expected: 3,
            got: 2,
            ..
        })
    ));
    assert!(matches!(
        parse_sec1(&[4, 1, 2, 3], 2),
        Err(EncodingError::BadLength { expected: 5, .. })
    ));
}

#[test]
fn hex() {
    assert_eq!(from_hex("00ff10"), Ok(vec![0, 255, 16]));
    assert_eq!(from_hex("0xAbCd"), Ok(vec![0xab, 0xcd]));
    assert!(from_hex("abc").is_err());
    assert!(from_hex("zz").is_err());
    assert!(from_hex("").is_err());
    assert_eq!(to_hex(&[0, 255, 16]), "00ff10");
    assert_eq!(scalar_from_hex("1"), Ok(vec![1]));
    assert_eq!(scalar_from_hex("0"), Ok(vec![]));
    assert_eq!(scalar_from_hex("10000000000000000"), Ok(vec![0, 1]));
    assert_eq!(scalar_from_hex("0x00000000000000000000ff"), Ok(vec![255]));
    assert!(scalar_from_hex("12g").is_err());
    assert!(scalar_from_hex("+1").is_err());
    assert!(scalar_from_hex("ééééééééé").is_err());
    assert_eq!(words_from_be(&[1, 0, 0, 0, 0, 0, 0, 0, 2]), vec![2, 1]);
}

#[test]
fn parse_and_print() {
    for s in ["double-add", "naf:w=5", "x-jsf:t=3", "yao:k=2,w=4"] {
        let m: MethodSpec = s.parse().unwrap();
        assert_eq!(m.to_string(), s);
    }
    let m: MethodSpec = "naf:w=5".parse().unwrap();
    assert_eq!(m.param("w", 4, 2, 8), Ok(5));
    assert!(m.param("w", 4, 2, 4).is_err());
    assert!(m.only_params(&["t"]).is_err());
    for bad in [
        "",
        ":w=1",
        "naf:",
        "naf:w",
        "naf:w=",
        "naf:w=x",
        "Naf",
        "naf:w=1,w=2",
        "naf:w=-1",
    ] {
        assert!(bad.parse::<MethodSpec>().is_err(), "{bad}");
    }
}

#[test]
fn bit_ranges_cross_words() {
    let k = [0xfedc_ba98_7654_3210u64, 0x0123_4567_89ab_cdef];
    assert_eq!(bit_range(&k, 0, 8), vec![0x10]);
    assert_eq!(bit_range(&k, 60, 8), vec![0xff]);
    assert_eq!(bit_range(&k, 64, 64), vec![0x0123_4567_89ab_cdef]);
    assert_eq!(
        bit_range(&k, 4, 128),
        vec![0xffed_cba9_8765_4321, 0x0012_3456_789a_bcde]
    );
    assert_eq!(bit_range(&k, 200, 10), vec![0]);
}

#[test]
fn shares_add_back_up() {
    let k = [0xfedc_ba98_7654_3210u64, 0x0123_4567_89ab_cdef, 5];
    for t in 1..9 {
        let s = share_bits(bit_len(&k), t);
        let n = split(&k, t, s);
        // Σ n_i 2^(is) = k, checked with u128 limbs on the low 128 bits and the rest.
        let mut acc = [0u64; 4];
        for (i, ni) in n.iter().enumerate() {
            for (j, &w) in ni.iter().enumerate() {
                for b in 0..64 {
                    if (w >> b) & 1 == 1 {
                        let pos = i * s + 64 * j + b;
                        assert!(pos < 256);
                        acc[pos / 64] ^= 1 << (pos % 64);
                    }
                }
            }
        }
        assert_eq!(&acc[..3], &k, "t = {t}");
        assert!(n.iter().take(t - 1).all(|ni| bit_len(ni) <= s));
    }
}

#[test]
fn scalars_stay_below_the_seed_bound() {
    let mut r = ChaCha8Rng::seed_from_u64(3);
    let b = seed_bound(233);
    assert_eq!(bit_len(&b), 234);
    for _ in 0..200 {
        let k = try_uniform_below(&b, &mut r).expect("a positive bound");
        assert!(cmp_words(&k, &b).is_lt());
    }
}

#[test]
fn sampling_below_empty_ranges_is_refused_and_small_ranges_are_covered() {
    let mut r = ChaCha8Rng::seed_from_u64(4);
    // [0, −1] and [1, 0] are empty: refused, where a plain rejection loop would spin forever.
    assert_eq!(try_uniform_below(&[], &mut r), None);
    assert_eq!(try_uniform_below(&[0, 0], &mut r), None);
    assert_eq!(try_random_below(&[1], &mut r), None);
    // [0, 2] and [1, 2]: every value turns up in 300 draws (a miss has probability
    // below 3·(2/3)^300), and nothing outside.
    let mut seen = [0usize; 3];
    for _ in 0..300 {
        let k = try_uniform_below(&[3], &mut r).expect("nonempty");
        seen[k[0] as usize] += 1;
    }
    assert!(seen.iter().all(|&c| c > 0), "{seen:?}");
    let mut seen = [0usize; 3];
    for _ in 0..300 {
        let k = try_random_below(&[3], &mut r).expect("nonempty");
        seen[k[0] as usize] += 1;
    }
    assert_eq!(seen[0], 0);
    assert!(seen[1] > 0 && seen[2] > 0, "{seen:?}");
}
