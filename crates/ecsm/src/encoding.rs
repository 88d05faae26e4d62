//! SEC 1 point encodings (SEC 1 v2 §2.3.3–§2.3.4): the octet-string container shared by
//! prime and binary curves, strict parsing with typed errors, and hexadecimal helpers.
//!
//! - infinity: `00`;
//! - compressed: `02 ‖ x` or `03 ‖ x`, the low bit of the prefix being ỹ (prime curves:
//!   the parity of y; binary curves: the low bit of y/x);
//! - uncompressed: `04 ‖ x ‖ y`.
//!
//! The hybrid forms `06`/`07` are rejected as unsupported. Checks that need the curve
//! (range of the coordinates, the curve equation, existence of y) are made by the curve's
//! decoder, which reports them with the same [`EncodingError`].

/// Why an encoded point (or its hexadecimal text) was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EncodingError {
    /// Zero bytes.
    #[error("empty point encoding")]
    Empty,
    /// A first byte other than 00, 02, 03 or 04.
    #[error("unknown point-encoding prefix 0x{0:02x} (expected 00, 02, 03 or 04)")]
    UnknownPrefix(u8),
    /// The length does not match the prefix and the field size.
    #[error("a {form} point takes {expected} bytes on this curve, got {got}")]
    BadLength {
        /// `infinity`, `compressed` or `uncompressed`.
        form: &'static str,
        /// Expected length in bytes.
        expected: usize,
        /// Received length.
        got: usize,
    },
    /// A coordinate that is not a canonical field element (≥ p, or degree ≥ m).
    #[error("the {0}-coordinate is not a canonical field element")]
    CoordinateOutOfRange(char),
    /// (x, y) does not satisfy the curve equation.
    #[error("the point is not on the curve")]
    NotOnCurve,
    /// A compressed x for which the curve has no point.
    #[error("no point on the curve has this x-coordinate")]
    NoPointWithX,
    /// ỹ = 1 for a point whose ỹ is 0 by definition (SEC 1 §2.3.4: no such encoding
    /// exists): y = 0 on a prime curve, x = 0 on a binary curve.
    #[error("compression bit 1 given for a point whose bit is 0 by definition (y = 0 over GF(p), x = 0 over GF(2^m))")]
    BadCompressionBit,
    /// Text that is not an even number of hexadecimal digits.
    #[error("not hexadecimal: {0}")]
    BadHex(String),
}

/// The parsed container of a SEC 1 point: coordinates still as big-endian bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sec1<'a> {
    /// `00`.
    Infinity,
    /// `02 ‖ x` (ỹ = 0) or `03 ‖ x` (ỹ = 1).
    Compressed {
        /// ỹ, the low bit of the prefix.
        y_bit: bool,
        /// x, big-endian, field size.
        x: &'a [u8],
    },
    /// `04 ‖ x ‖ y`.
    Uncompressed {
        /// x, big-endian, field size.
        x: &'a [u8],
        /// y, big-endian, field size.
        y: &'a [u8],
    },
}

/// Split a SEC 1 encoding for a field whose elements take `field_bytes` bytes.
pub fn parse_sec1(bytes: &[u8], field_bytes: usize) -> Result<Sec1<'_>, EncodingError> {
    let (&prefix, rest) = bytes.split_first().ok_or(EncodingError::Empty)?;
    let check = |form, expected: usize| {
        if bytes.len() == expected {
            Ok(())
        } else {
            Err(EncodingError::BadLength {
                form,
                expected,
                got: bytes.len(),
            })
        }
    };
    match prefix {
        0x00 => {
            check("infinity", 1)?;
            Ok(Sec1::Infinity)
        }
        0x02 | 0x03 => {
            check("compressed", 1 + field_bytes)?;
            Ok(Sec1::Compressed {
                y_bit: prefix == 0x03,
                x: rest,
            })
        }
        0x04 => {
            check("uncompressed", 1 + 2 * field_bytes)?;
            let (x, y) = rest.split_at(field_bytes);
            Ok(Sec1::Uncompressed { x, y })
        }
        p => Err(EncodingError::UnknownPrefix(p)),
    }
}

/// `04 ‖ x ‖ y`.
pub fn encode_uncompressed(x: &[u8], y: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(1 + x.len() + y.len());
    out.push(0x04);
    out.extend_from_slice(x);
    out.extend_from_slice(y);
    out
}

/// `02 ‖ x` or `03 ‖ x`.
pub fn encode_compressed(x: &[u8], y_bit: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(1 + x.len());
    out.push(0x02 | y_bit as u8);
    out.extend_from_slice(x);
    out
}

/// Lowercase hexadecimal.
pub fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(2 * bytes.len());
    for b in bytes {
        s.push(DIGITS[(b >> 4) as usize] as char);
        s.push(DIGITS[(b & 15) as usize] as char);
    }
    s
}

/// Bytes from an even number of hexadecimal digits (either case, an optional `0x`).
pub fn from_hex(s: &str) -> Result<Vec<u8>, EncodingError> {
    let t = s.strip_prefix("0x").unwrap_or(s);
    if t.is_empty() || !t.len().is_multiple_of(2) {
        return Err(EncodingError::BadHex(format!(
            "expected an even, nonzero number of hex digits, got {}",
            t.len()
        )));
    }
    let digit = |c: u8| match c {
        b'0'..=b'9' => Ok(c - b'0'),
        b'a'..=b'f' => Ok(c - b'a' + 10),
        b'A'..=b'F' => Ok(c - b'A' + 10),
        _ => Err(EncodingError::BadHex(format!(
            "unexpected character {:?}",
            c as char
        ))),
    };
    t.as_bytes()
        .chunks(2)
        .map(|p| Ok(digit(p[0])? << 4 | digit(p[1])?))
        .collect()
}

/// A non-negative integer from hexadecimal text of any length (either case, optional
/// `0x`, odd digit counts allowed), as little-endian 64-bit words without high zero words.
pub fn scalar_from_hex(s: &str) -> Result<Vec<u64>, EncodingError> {
    let t = s.strip_prefix("0x").unwrap_or(s);
    if t.is_empty() {
        return Err(EncodingError::BadHex("empty scalar".into()));
    }
    let mut words = Vec::with_capacity(t.len().div_ceil(16));
    for chunk in t.as_bytes().rchunks(16) {
        if !chunk.iter().all(u8::is_ascii_hexdigit) {
            return Err(EncodingError::BadHex(format!("not a hex number: {s:?}")));
        }
        let text = core::str::from_utf8(chunk).expect("hex digits are ASCII");
        words.push(u64::from_str_radix(text, 16).expect("hex digits only"));
    }
    while words.last() == Some(&0) {
        words.pop();
    }
    Ok(words)
}

/// Big-endian bytes → little-endian words (any length), without high zero words.
pub fn words_from_be(bytes: &[u8]) -> Vec<u64> {
    let mut words: Vec<u64> = bytes
        .rchunks(8)
        .map(|c| c.iter().fold(0u64, |acc, &b| acc << 8 | b as u64))
        .collect();
    while words.last() == Some(&0) {
        words.pop();
    }
    words
}
