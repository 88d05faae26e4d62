//! Big-endian byte encodings of little-endian 64-bit word arrays, shared by every field's
//! `to_bytes`/`from_bytes` (SEC 1 §2.3.5 and §2.3.6 for prime fields, the same order for
//! binary polynomials).

use super::FieldError;

/// The low `len` bytes of `words` (word 0 least significant), most significant byte first.
pub(crate) fn words_to_be(words: &[u64], len: usize) -> Vec<u8> {
    let mut out = vec![0u8; len];
    for (k, byte) in out.iter_mut().rev().enumerate() {
        *byte = (words[k / 8] >> (8 * (k % 8))) as u8;
    }
    out
}

/// The words of a big-endian string of exactly `len` bytes (`len ≤ 8·N`), or
/// [`FieldError::BadLength`] naming `field`. Range checks are the caller's.
pub(crate) fn be_to_words<const N: usize>(
    field: &'static str,
    bytes: &[u8],
    len: usize,
) -> Result<[u64; N], FieldError> {
    if bytes.len() != len {
        return Err(FieldError::BadLength {
            field,
            expected: len,
            got: bytes.len(),
        });
    }
    let mut w = [0u64; N];
    for (k, &byte) in bytes.iter().rev().enumerate() {
        w[k / 8] |= u64::from(byte) << (8 * (k % 8));
    }
    Ok(w)
}
