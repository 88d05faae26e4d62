//! Inputs built by hand through the public API get typed errors, not panics (issue 13,
//! item 4): method parameters out of range, empty, oversized and malformed scalars and
//! byte strings, points off the curve. The last test keeps `PANICS.md`, the list of the
//! panic sites left in the library, in step with the sources.

use ecsm::curve::binary::{Affine as BAffine, AnyShape, BinaryCurve, Compressed, BINARY_CURVES};
use ecsm::curve::weierstrass::{AMinus3, Affine as WAffine, ShortWeierstrass};
use ecsm::curves::gls254::find_gls_named;
use ecsm::curves::named::{all_curves, CurveOpError, NamedCurve};
use ecsm::curves::prime::PrimeCurve;
use ecsm::curves::prime_params::PRIME_CURVES;
use ecsm::encoding::{from_hex, parse_sec1, scalar_from_hex};
use ecsm::field::prime::specs::FpP256;
use ecsm::field::{Field, Gf233};
use ecsm::gls::methods::{gls_mul, GlsMethod, GlsMulError};
use ecsm::mul::binary::{
    montgomery_ct, mul_affine, mul_compressed, naf, naf_sole, BinaryMethod, BinaryMulError,
};
use ecsm::mul::binary_lambda::{halve_add, lambda_naf};
use ecsm::mul::glv::{glv_wnaf_mul, Glv, GlvMulError, SECP256K1_GLV};
use ecsm::mul::tnaf::{alphas, mu_of, reduce_scalar, t_w, tnaf, tnaf_digits, ZTau};
use ecsm::mul::weierstrass::{ct_window_mul, wnaf_mul, CtMulError, CT_MAX_SCALAR_BITS};
use ecsm::mul::xdbl::{bit_range, hints_needed, split};
use ecsm::recode::{
    optimal_db_chain, regular_len, regular_odd, wnaf, ChainWeights, RecodeError, OPT_MAX_BITS,
    REGULAR_MAX_BITS,
};
use num_bigint::BigInt;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::panic::{catch_unwind, AssertUnwindSafe};

fn b233() -> (BinaryCurve<Gf233, AnyShape>, BAffine<Gf233>, Vec<u64>) {
    let p = BINARY_CURVES
        .iter()
        .find(|c| c.name == "sect233r1")
        .unwrap();
    let (c, g) = BinaryCurve::<Gf233, AnyShape>::from_params(p).unwrap();
    (c, g, p.order_words().unwrap())
}

fn k233() -> (BinaryCurve<Gf233, AnyShape>, BAffine<Gf233>) {
    let p = BINARY_CURVES
        .iter()
        .find(|c| c.name == "sect233k1")
        .unwrap();
    BinaryCurve::<Gf233, AnyShape>::from_params(p).unwrap()
}

fn p256() -> PrimeCurve<FpP256, AMinus3> {
    PrimeCurve::new(PRIME_CURVES.iter().find(|c| c.name == "secp256r1").unwrap())
}

fn is_bad_parameter<T: std::fmt::Debug>(r: Result<T, BinaryMulError>) -> bool {
    matches!(r, Err(BinaryMulError::BadParameter { .. }))
}

/// A `BinaryMethod` with its parameter out of range, built by hand: every entry point
/// that takes one refuses it with `BadParameter`.
#[test]
fn hand_built_binary_methods_are_refused() {
    let (c, g, _) = b233();
    let comp = Compressed::Point {
        x: g.x().unwrap(),
        y_bit: false,
    };
    let bad = [
        BinaryMethod::Naf(0),
        BinaryMethod::Naf(1),
        BinaryMethod::Naf(100),
        BinaryMethod::NafSole(usize::MAX),
        BinaryMethod::LambdaNaf(1),
        BinaryMethod::LambdaNaf(64),
        BinaryMethod::HalveAdd(0),
        BinaryMethod::Tnaf(1),
        BinaryMethod::Tnaf(7),
        BinaryMethod::TnafRl(1),
        BinaryMethod::TnafRl(7),
        BinaryMethod::TnafCt(2),
        BinaryMethod::TnafCt(7),
        BinaryMethod::Www { w: 0, sole: true },
        BinaryMethod::Www { w: 64, sole: false },
        BinaryMethod::XJsf(0),
        BinaryMethod::XJsf(64),
        BinaryMethod::XJsf(u32::MAX),
        BinaryMethod::BosCoster(0),
        BinaryMethod::BosCoster(1 << 40),
        BinaryMethod::Yao(0),
        BinaryMethod::Yao(100),
    ];
    for m in bad {
        assert!(m.validate().is_err(), "{m:?}");
        assert!(is_bad_parameter(mul_affine(&c, m, &[5], &g)), "{m:?}");
        assert!(
            is_bad_parameter(mul_compressed(&c, m, &[5], &comp)),
            "{m:?}"
        );
        // The counts that size buffers saturate instead of overflowing.
        let _ = (m.shares(233), m.hint_indices(233), m.stored_points(233));
    }
}

/// The binary methods called directly, with widths out of range.
#[test]
fn binary_method_functions_refuse_bad_widths() {
    let (c, g, n) = b233();
    for w in [0, 1, 9, 64, usize::MAX] {
        assert!(
            matches!(
                naf(&c, &[5], &g, w),
                Err(RecodeError::WidthOutOfRange { .. })
            ),
            "naf w = {w}"
        );
        assert!(naf_sole(&c, &[5], &g, w).is_err(), "naf_sole w = {w}");
        assert!(lambda_naf(&c, &[5], &g, w).is_err(), "lambda_naf w = {w}");
        assert!(
            is_bad_parameter(halve_add(&c, &n, &[5], &g, w)),
            "halve_add w = {w}"
        );
    }
    let (k, kg) = k233();
    for w in [0, 1, 7, 64] {
        assert!(is_bad_parameter(tnaf(&k, &[5], &kg, w)), "tnaf w = {w}");
    }
    // tnaf on a curve that is not a Koblitz curve is refused, not miscomputed.
    assert!(matches!(
        tnaf(&c, &[5], &g, 4),
        Err(BinaryMulError::NotApplicable { .. })
    ));
}

/// The τ-adic helpers: widths out of range are errors, and m = 0 (τ^0 − 1 = 0) reduces
/// nothing instead of dividing by zero.
#[test]
fn tnaf_helpers_refuse_bad_widths() {
    for a2 in [0u8, 1] {
        let mu = mu_of(a2);
        for w in [0, 1, 7, 63, 64, usize::MAX] {
            assert!(is_bad_parameter(t_w(mu, w)), "t_w({w})");
            assert!(is_bad_parameter(alphas(mu, w)), "alphas({w})");
        }
        let rho = reduce_scalar(0, a2, &[12345]);
        assert_eq!(rho, ZTau::small(12345, 0), "k mod 0 is k");
        assert_eq!(tnaf_digits(233, a2, 100, &rho), None);
        assert_eq!(
            tnaf_digits(
                233,
                a2,
                4,
                &ZTau {
                    a: BigInt::from(1) << 4000,
                    b: BigInt::from(0)
                }
            ),
            None
        );
    }
}

/// The prime-curve methods: widths, scalar lengths and bounds out of range.
#[test]
fn prime_methods_refuse_bad_parameters() {
    let pc = p256();
    let (e, g) = (pc.curve(), pc.generator_point());
    for w in [0usize, 1, 9, 64, usize::MAX] {
        assert!(
            matches!(
                wnaf_mul(e, &[5], &g, w),
                Err(RecodeError::WidthOutOfRange { .. })
            ),
            "wnaf_mul w = {w}"
        );
    }
    for w in [0usize, 8, 64, usize::MAX] {
        assert!(
            matches!(
                ct_window_mul(e, &[5], &g, w, 256),
                Err(CtMulError::Recode(RecodeError::WidthOutOfRange { .. }))
            ),
            "ct_window_mul w = {w}"
        );
    }
    for bits in [CT_MAX_SCALAR_BITS + 1, usize::MAX] {
        assert!(matches!(
            ct_window_mul(e, &[5], &g, 4, bits),
            Err(CtMulError::Recode(RecodeError::BoundTooLarge { .. }))
        ));
    }
    assert!(matches!(
        ct_window_mul(e, &[0, 0, 0, 0, 1], &g, 4, 256),
        Err(CtMulError::Recode(RecodeError::ScalarTooLong { .. }))
    ));
    // An empty scalar is zero.
    assert!(ct_window_mul(e, &[], &g, 4, 256)
        .unwrap()
        .to_affine()
        .is_infinity());
    assert!(ct_window_mul(e, &[], &g, 4, 0)
        .unwrap()
        .to_affine()
        .is_infinity());

    let k1 =
        PrimeCurve::<ecsm::field::prime::specs::FpSecp256k1, ecsm::curve::weierstrass::AZero>::new(
            PRIME_CURVES.iter().find(|c| c.name == "secp256k1").unwrap(),
        );
    let glv = Glv::new(&SECP256K1_GLV, NamedCurve::order(&k1)).unwrap();
    let g1 = k1.generator_point();
    for w in [0usize, 1, 9, 64] {
        assert!(
            matches!(
                glv_wnaf_mul(k1.curve(), &glv, &[5], &g1, w),
                Err(GlvMulError::Recode(_))
            ),
            "glv w = {w}"
        );
    }
    assert_eq!(
        glv_wnaf_mul(k1.curve(), &glv, &[u64::MAX; 5], &g1, 4).unwrap_err(),
        GlvMulError::ScalarNotReduced
    );
}

/// The recodings: widths and bounds out of range.
#[test]
fn recodings_refuse_bad_parameters() {
    for w in [0u32, 1, 9, 64, u32::MAX] {
        assert!(wnaf(&[5], w).is_err(), "wnaf w = {w}");
    }
    for w in [0u32, 8, u32::MAX] {
        assert!(regular_odd(&[5], w, 64).is_err(), "regular_odd w = {w}");
    }
    assert_eq!(
        regular_odd(&[5], 4, usize::MAX),
        Err(RecodeError::BoundTooLarge {
            bits: usize::MAX,
            max: REGULAR_MAX_BITS
        })
    );
    assert_eq!(regular_odd(&[], 4, 64), Err(RecodeError::EvenScalar));
    // A width of 0 is not a divisor.
    assert_eq!(regular_len(10, 0), 10);
    assert_eq!(wnaf(&[], 4), Ok(vec![]));
    let weights = ChainWeights {
        dbl: 1.0,
        tpl: 1.6,
        add_one: 1.2,
        add_table: 1.4,
    };
    let long = vec![u64::MAX; OPT_MAX_BITS / 64 + 1];
    assert_eq!(
        optimal_db_chain(&long, 3, &weights),
        Err(RecodeError::ScalarTooLong {
            max_bits: OPT_MAX_BITS
        })
    );
    assert!(optimal_db_chain(&[5], 4, &weights).is_err());
    assert!(ecsm::mul::try_random_below(&[1], &mut ChaCha8Rng::seed_from_u64(1)).is_none());
    assert!(ecsm::mul::try_random_below(&[], &mut ChaCha8Rng::seed_from_u64(1)).is_none());
    // Bit ranges and share splits past the end of the address space read zeros.
    assert_eq!(bit_range(&[u64::MAX], usize::MAX, 8), vec![0]);
    let shares = split(&[u64::MAX, 1], 3, usize::MAX / 2);
    assert_eq!(shares[0], vec![u64::MAX, 1]);
    assert_eq!(shares[2], vec![0]);
    assert_eq!(hints_needed(usize::MAX, 2), vec![0, usize::MAX / 2]);
}

/// GLS254: hand-built methods with bad parameters, and an empty scalar.
#[test]
fn gls_methods_refuse_bad_parameters() {
    let nc = find_gls_named("gls254").unwrap();
    let g = nc.generator_point();
    for m in [
        GlsMethod::LambdaCt(0),
        GlsMethod::LambdaCt(1),
        GlsMethod::LambdaCt(100),
        GlsMethod::LdDblAdd(usize::MAX),
        GlsMethod::LambdaHalveAdd(1),
        GlsMethod::LambdaParallel {
            w: 4,
            t: Some(100_000),
        },
    ] {
        assert!(
            matches!(
                gls_mul(nc.curve(), nc.glv(), m, &[5], &g),
                Err(GlsMulError::BadParameter { .. })
            ),
            "{m:?}"
        );
    }
    for m in GlsMethod::all() {
        let m = match m {
            GlsMethod::LambdaParallel { w, .. } => GlsMethod::LambdaParallel { w, t: Some(64) },
            m => m,
        };
        let got = gls_mul(nc.curve(), nc.glv(), m, &[], &g).unwrap();
        assert!(got.is_infinity(), "{m:?}: [0]G");
    }
}

/// Points off the curve, passed to every method: an error or some point, never a panic
/// (which point is unspecified: the methods take a point of the curve as given).
#[test]
fn off_curve_points_do_not_panic() {
    let (c, _, n) = b233();
    let pc = p256();
    let one = Gf233::one();
    let off = [
        BAffine::new(one, one),
        BAffine::new(one, Gf233::zero()),
        BAffine::new(Gf233::zero(), one),
    ];
    let methods = [
        BinaryMethod::DoubleAdd,
        BinaryMethod::Naf(4),
        BinaryMethod::NafSole(5),
        BinaryMethod::LambdaNaf(4),
        BinaryMethod::HalveAdd(4),
        BinaryMethod::Tnaf(4),
        BinaryMethod::TnafRl(4),
        BinaryMethod::TnafCt(4),
        BinaryMethod::Montgomery,
        BinaryMethod::MontgomeryCt,
        BinaryMethod::XJsf(1),
        BinaryMethod::Www { w: 4, sole: true },
        BinaryMethod::BosCoster(16),
        BinaryMethod::Yao(4),
    ];
    for p in off {
        for m in methods {
            for k in [vec![], vec![1], vec![2], vec![0xdead_beef, 7], n.clone()] {
                let r = catch_unwind(AssertUnwindSafe(|| {
                    let _ = mul_affine(&c, m, &k, &p);
                    let _ = montgomery_ct(&c, &k, &p);
                }));
                assert!(r.is_ok(), "{m:?} on {p:?}, k = {k:x?}");
            }
        }
    }
    let e = pc.curve();
    let x = <FpP256 as Field>::one();
    for p in [
        WAffine::Point { x, y: x },
        WAffine::Point {
            x,
            y: <FpP256 as Field>::zero(),
        },
    ] {
        for k in [vec![], vec![1], vec![2], vec![3], vec![u64::MAX; 4]] {
            let r = catch_unwind(AssertUnwindSafe(|| {
                let _ = wnaf_mul(e, &k, &p, 5);
                let _ = ct_window_mul(e, &k, &p, 4, 256);
                let _ = ecsm::mul::weierstrass::double_and_add(e, &k, &p).to_affine();
            }));
            assert!(r.is_ok(), "P-256 off-curve {p:?}, k = {k:x?}");
        }
    }
}

/// Curve constructors, field decoders and text decoders on bad input.
#[test]
fn constructors_and_decoders_return_errors() {
    assert!(BinaryCurve::<Gf233, AnyShape>::new(Gf233::one(), Gf233::zero()).is_err());
    let z = <FpP256 as Field>::zero();
    assert!(ShortWeierstrass::<FpP256, AMinus3>::new(z, z).is_err());
    let fb = <FpP256 as Field>::BYTES;
    for bytes in [vec![], vec![0; fb - 1], vec![0; fb + 1], vec![0xff; fb]] {
        assert!(FpP256::from_bytes(&bytes).is_err(), "{} bytes", bytes.len());
    }
    for bytes in [vec![], vec![0; 31], vec![0; 31 + 1], vec![0xff; 30]] {
        assert!(Gf233::from_bytes(&bytes).is_err(), "{} bytes", bytes.len());
    }
    let gb = <ecsm::field::Gf254 as Field>::BYTES;
    for bytes in [vec![], vec![0; gb - 1], vec![0; gb + 1], vec![0xff; gb]] {
        assert!(
            ecsm::field::Gf254::from_bytes(&bytes).is_err(),
            "GF(2^254): {} bytes",
            bytes.len()
        );
    }
    for s in ["", "0x", "zz", "abc", "é", "0xé", "ff ff", "-1"] {
        let _ = from_hex(s);
        let _ = scalar_from_hex(s);
    }
    assert!(from_hex("zz").is_err());
    assert!(scalar_from_hex("").is_err() || scalar_from_hex("").unwrap().iter().all(|&w| w == 0));
    for len in 0..80 {
        let _ = parse_sec1(&vec![4u8; len], 32);
        let _ = parse_sec1(&vec![2u8; len], 0);
    }
}

/// Every named curve's byte-level operations on random, truncated, oversized and
/// off-curve encodings, and on private keys out of range: errors, never a panic.
#[test]
fn named_curves_take_any_bytes() {
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    for c in all_curves() {
        let fb = c.field_bytes();
        let n = c.order().to_vec();
        let g = c.generator(false);
        let mut inputs: Vec<Vec<u8>> = vec![vec![], vec![0], vec![2], vec![3], vec![4], vec![7]];
        for len in [
            1,
            fb,
            fb + 1,
            fb + 2,
            2 * fb,
            2 * fb + 1,
            2 * fb + 2,
            4 * fb,
            5000,
        ] {
            for prefix in [0u8, 2, 3, 4, 6, 7, 0xff] {
                let mut v = vec![0u8; len];
                rng.fill_bytes(&mut v);
                v[0] = prefix;
                inputs.push(v);
            }
        }
        // The generator with its y changed: an uncompressed point off the curve.
        let mut off = g.clone();
        if let Some(last) = off.last_mut() {
            *last ^= 1;
        }
        inputs.push(off);
        let keys: Vec<Vec<u64>> = vec![
            vec![],
            vec![0],
            n.clone(),
            n.iter().map(|w| w.wrapping_add(1)).collect(),
            vec![u64::MAX; n.len() + 3],
            vec![1; 200],
        ];
        let method = c.default_method();
        for input in &inputs {
            let r = catch_unwind(AssertUnwindSafe(|| {
                let _ = c.decompress(input);
                let _ = c.validate(input);
                let _ = c.mul(&[7], Some(input), &method, rng.gen());
                let _ = c.ecdh(&[7], input);
            }));
            assert!(r.is_ok(), "{}: input {input:02x?}", c.name());
        }
        // Every method the curve lists, on G and on bytes that name no point.
        let gc = c.generator(true);
        let mut junk = vec![2u8; fb + 1];
        junk[1..].fill(0xa5);
        for m in c.methods() {
            let r = catch_unwind(AssertUnwindSafe(|| {
                let _ = c.mul(&[7], Some(&gc), &m, false);
                let _ = c.mul(&[7], Some(&junk), &m, true);
                let _ = c.mul(&[], None, &m, true);
            }));
            assert!(r.is_ok(), "{}: method {m}", c.name());
        }
        for k in &keys {
            let r = catch_unwind(AssertUnwindSafe(|| {
                let _ = c.mul(k, None, &method, false);
                let _ = c.ecdh(k, &g);
            }));
            assert!(r.is_ok(), "{}: key {k:x?}", c.name());
            if c.name() != "ed448" && c.name() != "e-521" {
                let e = c.ecdh(k, &g);
                if k.iter().all(|&w| w == 0) || k.len() > n.len() + 1 || k == &n {
                    assert_eq!(e, Err(CurveOpError::PrivateKeyOutOfRange), "{}", c.name());
                }
            }
        }
    }
}

// ------------------------------------------------- the list of panic sites (PANICS.md)

/// The macros and methods that panic, as they are written at a call site.
const PANIC_SITES: &[&str] = &[
    ".unwrap()",
    ".expect(",
    "assert!(",
    "assert_eq!(",
    "assert_ne!(",
    "panic!(",
    "unreachable!(",
    "unimplemented!(",
    "todo!(",
];

/// Panic sites on one line of code (comments already removed): a macro counts only
/// when it is not the tail of a longer name (`debug_assert!` is not `assert!`).
fn sites_in(code: &str) -> usize {
    PANIC_SITES
        .iter()
        .map(|pat| {
            code.match_indices(pat)
                .filter(|&(i, _)| {
                    pat.starts_with('.')
                        || !code[..i]
                            .chars()
                            .next_back()
                            .is_some_and(|c| c.is_alphanumeric() || c == '_')
                })
                .count()
        })
        .sum()
}

/// Panic sites per file of `src`, keyed by the path from the crate root: comment lines
/// and trailing comments are left out, and so are items under `#[cfg(test)]` (from the
/// attribute to the end of the block it opens).
fn count_sites(dir: &std::path::Path, root: &std::path::Path, out: &mut Vec<(String, usize)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            count_sites(&path, root, out);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let (mut n, mut skip_depth, mut pending_cfg_test) = (0usize, None::<i64>, false);
        let mut depth = 0i64;
        for line in text.lines() {
            let code = match line.find("//") {
                Some(i) => &line[..i],
                None => line,
            };
            if code.trim_start().starts_with("#[cfg(test)]") {
                pending_cfg_test = true;
            }
            let opens = code.matches('{').count() as i64;
            let closes = code.matches('}').count() as i64;
            if pending_cfg_test && opens > 0 {
                skip_depth = Some(depth);
                pending_cfg_test = false;
            }
            if skip_depth.is_none() {
                n += sites_in(code);
            }
            depth += opens - closes;
            if skip_depth.is_some_and(|d| depth <= d) {
                skip_depth = None;
            }
        }
        if n > 0 {
            let rel = path
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            out.push((rel, n));
        }
    }
}

/// Every panic site left in the library is listed in PANICS.md with the reason it
/// cannot fire: the counts recorded there (`<!-- count src/FILE N -->`) must match the
/// sources, so a new `unwrap`, `expect`, `assert!` or `panic!` fails this test until it
/// is listed.
#[test]
fn panics_md_lists_every_panic_site() {
    let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../ecsm"));
    let mut actual = Vec::new();
    count_sites(&root.join("src"), root, &mut actual);
    let listed_text = std::fs::read_to_string(root.join("PANICS.md")).unwrap();
    let mut listed: Vec<(String, usize)> = listed_text
        .lines()
        .filter_map(|l| {
            let rest = l.trim().strip_prefix("<!-- count ")?.strip_suffix("-->")?;
            let mut it = rest.split_whitespace();
            let (file, n) = (it.next()?, it.next()?.parse().ok()?);
            Some((file.to_string(), n))
        })
        .filter(|(_, n)| *n > 0)
        .collect();
    listed.sort();
    actual.sort();
    let mismatches: Vec<String> = actual
        .iter()
        .filter(|a| !listed.contains(a))
        .map(|(f, n)| format!("{f}: {n} in the sources"))
        .chain(
            listed
                .iter()
                .filter(|l| !actual.contains(l))
                .map(|(f, n)| format!("{f}: {n} in PANICS.md")),
        )
        .collect();
    assert!(
        mismatches.is_empty(),
        "PANICS.md is out of step with the sources (list each new site with its reason \
         and update the count):\n{}",
        mismatches.join("\n")
    );
    // The scanner itself: these lines hold one site each, or none.
    assert_eq!(sites_in("x.unwrap()"), 1);
    assert_eq!(sites_in("debug_assert!(a); assert!(b)"), 1);
    assert_eq!(sites_in("x.unwrap_or(0).expect_err(e)"), 0);
    assert_eq!(sites_in("unreachable!(\"no\")"), 1);
}
