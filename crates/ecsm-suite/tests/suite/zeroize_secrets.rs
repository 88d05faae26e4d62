//! Secret hygiene (issue 13, item 5): the values derived from a secret scalar that the
//! constant-time paths keep are wiped. What can be checked from outside: the GLV split
//! that `lambda-ct` holds in a `Zeroizing` clears every field when wiped (a field left
//! out of its `Zeroize` impl would keep half of the scalar), and the constant-time
//! methods still compute the right multiples with the wiping in place.

use ecsm::curves::gls254::find_gls_named;
use ecsm::curves::named::find_curve;
use ecsm::gls::methods::{gls_mul, GlsMethod};
use ecsm::gls::GlvSplit;
use zeroize::{Zeroize, Zeroizing};

#[test]
fn glv_split_zeroize_clears_every_field() {
    let nc = find_gls_named("gls254").unwrap();
    let glv = nc.glv();
    let scalars = [
        [0x1234_5678_9abc_def1, 0x0fed_cba9_8765_4321, 7, 1 << 40],
        [0xa5a5_a5a5_a5a5_a5a5, 3, 0x5a5a_5a5a_5a5a_5a5a, 1 << 50],
        [u64::MAX, u64::MAX, u64::MAX, 12345],
        [1, 2, 3, 4],
    ];
    let mut saw_negative = false;
    for k in scalars {
        let mut s: GlvSplit = glv.split(&k);
        assert!(
            s.k1 != 0 && s.k2 != 0,
            "a split with both halves set: {s:?}"
        );
        saw_negative |= s.neg1 != 0 || s.neg2 != 0;
        s.zeroize();
        assert_eq!(
            s,
            GlvSplit {
                k1: 0,
                neg1: 0,
                k2: 0,
                neg2: 0
            }
        );
        // The wrapper lambda-ct keeps it in wipes the same way on drop.
        let mut held = Zeroizing::new(glv.split(&k));
        held.zeroize();
        assert_eq!((held.k1, held.k2, held.neg1, held.neg2), (0, 0, 0, 0));
    }
    assert!(saw_negative, "the sign masks were exercised");
}

/// The wiping changed no answer: lambda-ct, ct-window and ECDH against the
/// variable-time methods on the same inputs.
#[test]
fn constant_time_paths_still_agree() {
    let nc = find_gls_named("gls254").unwrap();
    let g = nc.generator_point();
    for k in [vec![1u64], vec![2], vec![u64::MAX, 5, 9, 1 << 50]] {
        let ct = gls_mul(nc.curve(), nc.glv(), GlsMethod::LambdaCt(5), &k, &g).unwrap();
        let vt = gls_mul(nc.curve(), nc.glv(), GlsMethod::LambdaDblAdd(4), &k, &g).unwrap();
        assert_eq!(ct, vt, "gls254 k = {k:x?}");
    }
    for name in ["P-256", "secp256k1", "B-233", "gls254"] {
        let c = find_curve(name).unwrap();
        let (a, b) = ([0x1234_5678u64], [0x0009_abcd_ef01_u64]);
        let ga = c.mul(&a, None, &c.default_method(), false).unwrap();
        let gb = c.mul(&b, None, &c.default_method(), false).unwrap();
        assert_eq!(c.ecdh(&a, &gb).unwrap(), c.ecdh(&b, &ga).unwrap(), "{name}");
    }
}
