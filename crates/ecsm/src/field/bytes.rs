//! Big-endian byte encodings of little-endian 64-bit word arrays, shared by every field's
//! `to_bytes`/`from_bytes` (SEC 1 §2.3.5 and §2.3.6 for prime fields, the same order for
//! binary polynomials).

use super::FieldError;

/// The low `len` bytes of `words` (word 0 least significant), most significant byte first.
pub(crate) fn words_to_be(words: &[u64], len: usize) -> Vec<u8> {
    // Whole words into the end, eight bytes at a time, then the low bytes of the next
    // word into the short front (if any).
    let mut out = vec![0u8; len];
    let mut chunks = out.rchunks_exact_mut(8);
    let mut k = 0;
    for chunk in &mut chunks {
        chunk.copy_from_slice(&words[k].to_be_bytes());
        k += 1;
    }
    let front = chunks.into_remainder();
    if !front.is_empty() {
        let n = front.len();
        front.copy_from_slice(&words[k].to_be_bytes()[8 - n..]);
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
    // Whole words from the end, eight bytes at a time, then the short top word (if any)
    // byte by byte.
    let mut w = [0u64; N];
    let chunks = bytes.rchunks_exact(8);
    let top = chunks.remainder();
    let mut k = 0;
    for chunk in chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        w[k] = u64::from_be_bytes(word);
        k += 1;
    }
    for &byte in top {
        w[k] = (w[k] << 8) | u64::from(byte);
    }
    Ok(w)
}
