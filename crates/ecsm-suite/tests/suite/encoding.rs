//! Canonical byte encodings of GF(2^m) elements: length, big-endian layout, round trips,
//! and rejection of wrong lengths and of values with a bit at or above m.

use crate::common;

use common::{edge_elems, monomial_words, randoms, top_mask, FromWords};
use ecsm::backend::Backend;
use ecsm::field::{Field, FieldError, Gf2m, Gf2mSpec};

fn bad_length(name: &'static str, expected: usize, got: usize) -> FieldError {
    FieldError::BadLength {
        field: name,
        expected,
        got,
    }
}

fn encoding<const N: usize, S: Gf2mSpec<N>, B: Backend>() {
    type E<const N: usize, S, B> = Gf2m<N, S, B>;
    let m = S::M;
    let bytes = E::<N, S, B>::BYTES;
    assert_eq!(bytes, m.div_ceil(8), "BYTES of {}", S::NAME);
    assert_eq!(<E<N, S, B> as Field>::NAME, S::NAME);

    // Fixed layouts: 1, x, x^(m−1) and a known word pattern.
    let enc = |a: E<N, S, B>| a.to_bytes();
    let mut want = vec![0u8; bytes];
    want[bytes - 1] = 1;
    assert_eq!(enc(E::one()), want);
    want[bytes - 1] = 2;
    assert_eq!(enc(E::x()), want, "x encodes as …02");
    assert_eq!(enc(E::zero()), vec![0u8; bytes]);
    let top = E::<N, S, B>::from_words(&monomial_words(N, m - 1));
    let mut want = vec![0u8; bytes];
    want[0] = 1 << ((m - 1) % 8);
    assert_eq!(
        enc(top),
        want,
        "x^(m−1) sets bit {} of the first byte",
        (m - 1) % 8
    );
    let mut w = vec![0u64; N];
    w[0] = 0x0102_0304_0506_0708;
    w[1] = 0x1112_1314_1516_1718;
    let e = enc(E::from_words(&w));
    assert_eq!(
        &e[bytes - 16..],
        &[0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 1, 2, 3, 4, 5, 6, 7, 8]
    );
    assert!(e[..bytes - 16].iter().all(|&b| b == 0));

    // Round trips, and from_bytes agrees with from_limbs.
    let mut elems = edge_elems::<E<N, S, B>>();
    elems.extend(randoms::<E<N, S, B>>(m as u64 + 20, 30));
    for a in elems {
        let b = a.to_bytes();
        assert_eq!(b.len(), bytes);
        assert_eq!(E::<N, S, B>::from_bytes(&b), Ok(a), "round trip of {a:?}");
        assert_eq!(E::<N, S, B>::from_limbs(*a.limbs()), Ok(a));
    }

    // Wrong lengths.
    for len in [0, 1, bytes - 1, bytes + 1, 2 * bytes] {
        assert_eq!(
            E::<N, S, B>::from_bytes(&vec![0u8; len]),
            Err(bad_length(S::NAME, bytes, len)),
            "length {len}"
        );
    }

    // A bit at or above m: the lowest such bit (m), the top bit of the first byte, all ones.
    let out_of_range = Err(FieldError::OutOfRange { field: S::NAME });
    for bit in [m, 8 * bytes - 1] {
        let mut b = vec![0u8; bytes];
        b[bytes - 1 - bit / 8] |= 1 << (bit % 8);
        assert_eq!(E::<N, S, B>::from_bytes(&b), out_of_range, "bit {bit} set");
        b[bytes - 1] |= 1; // plus valid bits
        assert_eq!(
            E::<N, S, B>::from_bytes(&b),
            out_of_range,
            "bit {bit} and bit 0 set"
        );
    }
    assert_eq!(E::<N, S, B>::from_bytes(&vec![0xFF; bytes]), out_of_range);
    // The highest valid bit alone is accepted.
    let mut b = vec![0u8; bytes];
    b[bytes - 1 - (m - 1) / 8] |= 1 << ((m - 1) % 8);
    assert_eq!(E::<N, S, B>::from_bytes(&b), Ok(top));

    // from_limbs: bits m and 64N − 1 rejected, all bits below m accepted.
    for bit in [m, 64 * N - 1] {
        let w = monomial_words(N, bit);
        let mut limbs = [0u64; N];
        limbs.copy_from_slice(&w);
        assert_eq!(
            E::<N, S, B>::from_limbs(limbs),
            out_of_range,
            "from_limbs with bit {bit}"
        );
    }
    let mut limbs = [u64::MAX; N];
    limbs[N - 1] = top_mask(m);
    let all = E::<N, S, B>::from_limbs(limbs).expect("all bits below m");
    assert_eq!(all.to_bytes()[0], ((1u16 << ((m - 1) % 8 + 1)) - 1) as u8);
    assert!(all.to_bytes()[1..].iter().all(|&b| b == 0xFF));
}

gf2m_tests! {
    bytes: encoding<Auto>;
}

#[test]
fn error_messages_name_the_field() {
    let e = ecsm::field::Gf233::from_bytes(&[0u8; 3]).unwrap_err();
    assert_eq!(e, bad_length("2^233", 30, 3));
    assert_eq!(
        e.to_string(),
        "a field element of 2^233 takes 30 bytes, got 3"
    );
    let e = ecsm::field::Gf163::from_bytes(&[0xFF; 21]).unwrap_err();
    assert!(e.to_string().contains("2^163"), "{e}");
}
