//! The properties the fuzz targets of `fuzz/` check, one function per target, each taking
//! the fuzzer's raw bytes. Kept in the library so that the stable replay test
//! (`tests/suite/fuzz_replay.rs`) runs exactly the checks the nightly fuzzer runs.
//!
//! Each function returns `Err` with a message when a property is violated. A decoder or
//! parser rejecting bad input with its typed error is not a violation: it is the expected
//! outcome, and the checks confirm that it happens exactly when it should. Where they can,
//! the checks compare against a slow, independent reference (big integers for GF(p),
//! bit-by-bit polynomial products for GF(2^m)) rather than against the code under test.
//!
//! Not a stable API: it exists for the fuzzing harness only.

use crate::curves::named::{all_curves, find_curve, CurveOpError, NamedCurve, MAX_SCALAR_BITS};
use crate::encoding::{from_hex, parse_sec1, scalar_from_hex, to_hex, EncodingError, Sec1};
use crate::field::{Field, PrimeField};
use crate::mul::{bit_len, MethodSpec};
use num_bigint::BigUint;

/// A property's outcome: `Err` names the violation.
pub type Check = Result<(), String>;

macro_rules! ensure {
    ($cond:expr, $($fmt:tt)*) => {
        if !$cond {
            return Err(format!($($fmt)*));
        }
    };
}

fn big(bytes: &[u8]) -> BigUint {
    BigUint::from_bytes_be(bytes)
}

/// `v` as exactly `len` big-endian bytes (v < 2^(8·len)).
fn be(v: &BigUint, len: usize) -> Vec<u8> {
    let b = v.to_bytes_be();
    let mut out = vec![0u8; len.saturating_sub(b.len())];
    out.extend_from_slice(&b);
    out
}

fn hex_big(h: &str) -> BigUint {
    BigUint::parse_bytes(h.as_bytes(), 16).unwrap_or_else(|| unreachable!("table constants"))
}

/// The first byte picks an entry of `list` (modulo its length); the rest is the input.
fn pick<'a, T: Copy>(data: &'a [u8], list: &[T]) -> Option<(T, &'a [u8])> {
    let (&sel, rest) = data.split_first()?;
    Some((list[sel as usize % list.len()], rest))
}

// ---------------------------------------------------------------------------------------
// Independent references.

/// GF(2^m) as polynomials in BigUint bits, multiplied bit by bit: slow and obviously right.
struct Poly {
    m: u64,
    f: BigUint,
}

impl Poly {
    /// The reduction polynomial z^m + Σ z^t + 1, with the terms as FIPS 186-4 §D.1.3 and
    /// (for m = 127) the GLS254 papers publish them, not taken from the field code.
    fn new(m: u64) -> Poly {
        let terms: &[u64] = match m {
            127 => &[63],
            163 => &[7, 6, 3],
            233 => &[74],
            283 => &[12, 7, 5],
            409 => &[87],
            571 => &[10, 5, 2],
            _ => unreachable!("no reference polynomial for m = {m}"),
        };
        let mut f = BigUint::from(1u8) << m;
        f |= BigUint::from(1u8);
        for &t in terms {
            f.set_bit(t, true);
        }
        Poly { m, f }
    }
    fn canonical(&self, v: &BigUint) -> bool {
        v.bits() <= self.m
    }
    fn mul(&self, a: &BigUint, b: &BigUint) -> BigUint {
        let mut r = BigUint::default();
        for i in 0..a.bits() {
            if a.bit(i) {
                r ^= b << i;
            }
        }
        while r.bits() > self.m {
            let shift = r.bits() - 1 - self.m;
            r ^= &self.f << shift;
        }
        r
    }
}

/// What a reference knows about one curve's affine points, on encoded coordinates.
trait Reference {
    /// The coordinate is the canonical encoding of a field element.
    fn canonical(&self, c: &[u8]) -> bool;
    /// (x, y), both canonical, satisfies the curve equation.
    fn on_curve(&self, x: &[u8], y: &[u8]) -> bool;
    // The defaults below are the answers on y² + xy = x³ + a₂x² + b in characteristic 2
    // (binary curves and GLS254); the prime reference overrides them.

    /// The y of −(x, y): x + y in characteristic 2.
    fn other_y(&self, x: &[u8], y: &[u8]) -> Vec<u8> {
        xor(x, y)
    }
    /// For a canonical x, when the reference can tell: (some point has this x, that point
    /// is its own negative). In characteristic 2, x = 0 always has the single point
    /// (0, √b); other x need a trace, left to the consistency checks.
    fn lift(&self, x: &[u8]) -> Option<(bool, bool)> {
        x.iter().all(|&b| b == 0).then_some((true, true))
    }
    /// The compression bit ỹ of (x, y), when the reference can compute it: in
    /// characteristic 2 only for x = 0, where it is 0.
    fn y_bit(&self, x: &[u8], _y: &[u8]) -> Option<bool> {
        x.iter().all(|&b| b == 0).then_some(false)
    }
}

fn xor(a: &[u8], b: &[u8]) -> Vec<u8> {
    a.iter().zip(b).map(|(x, y)| x ^ y).collect()
}

/// y² = x³ + ax + b over GF(p), from the published parameter table.
struct PrimeRef {
    p: BigUint,
    a: BigUint,
    b: BigUint,
    len: usize,
}

impl PrimeRef {
    fn new(name: &str, len: usize) -> Result<PrimeRef, String> {
        let c = crate::curves::prime_params::find_prime_curve(name)
            .ok_or_else(|| format!("{name}: no parameter-table entry"))?;
        Ok(PrimeRef {
            p: hex_big(c.p),
            a: hex_big(c.a),
            b: hex_big(c.b),
            len,
        })
    }
    fn rhs(&self, x: &BigUint) -> BigUint {
        (x * x * x + &self.a * x + &self.b) % &self.p
    }
}

impl Reference for PrimeRef {
    fn canonical(&self, c: &[u8]) -> bool {
        big(c) < self.p
    }
    fn on_curve(&self, x: &[u8], y: &[u8]) -> bool {
        let y = big(y);
        (&y * &y) % &self.p == self.rhs(&big(x))
    }
    fn other_y(&self, _x: &[u8], y: &[u8]) -> Vec<u8> {
        be(&((&self.p - big(y)) % &self.p), self.len)
    }
    fn lift(&self, x: &[u8]) -> Option<(bool, bool)> {
        let r = self.rhs(&big(x));
        if r == BigUint::default() {
            return Some((true, true));
        }
        // Euler's criterion: r is a square exactly when r^((p−1)/2) = 1.
        let e = (&self.p - 1u8) >> 1;
        Some((r.modpow(&e, &self.p) == BigUint::from(1u8), false))
    }
    fn y_bit(&self, _x: &[u8], y: &[u8]) -> Option<bool> {
        Some(y.last().is_some_and(|b| b & 1 == 1))
    }
}

/// y² + xy = x³ + a2·x² + b over GF(2^m), from the published parameter table.
struct BinaryRef {
    poly: Poly,
    a2: bool,
    b: BigUint,
}

impl BinaryRef {
    fn new(name: &str) -> Result<BinaryRef, String> {
        let c = crate::curve::binary::find_binary_curve(name)
            .ok_or_else(|| format!("{name}: no parameter-table entry"))?;
        Ok(BinaryRef {
            poly: Poly::new(c.m as u64),
            a2: c.a2 == 1,
            b: hex_big(c.b),
        })
    }
}

impl Reference for BinaryRef {
    fn canonical(&self, c: &[u8]) -> bool {
        self.poly.canonical(&big(c))
    }
    fn on_curve(&self, x: &[u8], y: &[u8]) -> bool {
        let (x, y) = (big(x), big(y));
        let f = &self.poly;
        let x2 = f.mul(&x, &x);
        let lhs = f.mul(&y, &y) ^ f.mul(&x, &y);
        let mut rhs = f.mul(&x2, &x) ^ &self.b;
        if self.a2 {
            rhs ^= x2;
        }
        lhs == rhs
    }
}

/// GLS254: y² + xy = x³ + u·x² + b over GF(2^127)\[u\]/(u² + u + 1), elements c₁ ‖ c₀.
struct GlsRef {
    poly: Poly,
    b: BigUint,
}

type Gf254Ref = (BigUint, BigUint);

impl GlsRef {
    fn split(&self, e: &[u8]) -> Gf254Ref {
        let (c1, c0) = e.split_at(16);
        (big(c0), big(c1))
    }
    fn mul(&self, a: &Gf254Ref, b: &Gf254Ref) -> Gf254Ref {
        // (a0 + a1u)(b0 + b1u) = a0b0 + a1b1 + (a0b1 + a1b0 + a1b1)u, as u² = u + 1.
        let f = &self.poly;
        let (p00, p11) = (f.mul(&a.0, &b.0), f.mul(&a.1, &b.1));
        let cross = f.mul(&a.0, &b.1) ^ f.mul(&a.1, &b.0);
        (&p00 ^ &p11, cross ^ p11)
    }
}

impl Reference for GlsRef {
    fn canonical(&self, c: &[u8]) -> bool {
        c.len() == 32 && {
            let (c0, c1) = self.split(c);
            self.poly.canonical(&c0) && self.poly.canonical(&c1)
        }
    }
    fn on_curve(&self, x: &[u8], y: &[u8]) -> bool {
        let (x, y) = (self.split(x), self.split(y));
        let x2 = self.mul(&x, &x);
        let y2 = self.mul(&y, &y);
        let xy = self.mul(&x, &y);
        let x3 = self.mul(&x2, &x);
        let lhs = (&y2.0 ^ &xy.0, &y2.1 ^ &xy.1);
        // u·x² = (x2.1, x2.0 + x2.1).
        let rhs = (&x3.0 ^ &x2.1 ^ &self.b, &x3.1 ^ &x2.0 ^ &x2.1);
        lhs == rhs
    }
}

// ---------------------------------------------------------------------------------------
// SEC 1 decoding.

/// The checks common to every SEC 1 curve. `in_subgroup` decides \[n\]P = O for an
/// uncompressed point of the curve by a method other than the one `validate` uses.
fn check_sec1(
    curve: &dyn NamedCurve,
    r: &dyn Reference,
    enc: &[u8],
    in_subgroup: &dyn Fn(&[u8]) -> Result<bool, String>,
) -> Check {
    let name = curve.name();
    let fb = curve.field_bytes();
    let got = curve.decompress(enc);
    let tag = || format!("{name} {}", to_hex(enc));
    match parse_sec1(enc, fb) {
        Err(e) => ensure!(
            got == Err(CurveOpError::Encoding(e.clone())),
            "{}: container error {e:?}, decompress gave {got:?}",
            tag()
        ),
        Ok(Sec1::Infinity) => ensure!(got == Ok(vec![0]), "{}: 00 gave {got:?}", tag()),
        Ok(Sec1::Uncompressed { x, y }) => {
            let want = r.canonical(x) && r.canonical(y) && r.on_curve(x, y);
            match &got {
                Ok(out) => ensure!(
                    want && out == enc,
                    "{}: accepted (reference says {want}) as {}",
                    tag(),
                    to_hex(out)
                ),
                Err(e) => {
                    let typed = matches!(
                        e,
                        CurveOpError::Encoding(
                            EncodingError::CoordinateOutOfRange(_) | EncodingError::NotOnCurve
                        )
                    );
                    ensure!(!want && typed, "{}: rejected with {e:?}", tag());
                    if !r.canonical(x) {
                        ensure!(
                            *e == EncodingError::CoordinateOutOfRange('x').into(),
                            "{}: x out of range but {e:?}",
                            tag()
                        );
                    }
                }
            }
        }
        Ok(Sec1::Compressed { y_bit, x }) => {
            check_compressed(curve, r, enc, y_bit, x, &got)?;
        }
    }
    let v = curve.validate(enc);
    match &got {
        Err(e) => ensure!(
            v.as_ref() == Err(e),
            "{}: decompress {e:?}, validate {v:?}",
            tag()
        ),
        Ok(out) => {
            let again = curve.decompress(out);
            ensure!(
                again.as_ref() == Ok(out),
                "{}: its decoding {} re-decodes as {again:?}",
                tag(),
                to_hex(out)
            );
            let want = if out == &[0] {
                Err(CurveOpError::InfinityKey)
            } else if in_subgroup(out)? {
                Ok(())
            } else {
                Err(CurveOpError::NotInSubgroup)
            };
            ensure!(v == want, "{}: validate {v:?}, expected {want:?}", tag());
        }
    }
    Ok(())
}

fn check_compressed(
    curve: &dyn NamedCurve,
    r: &dyn Reference,
    enc: &[u8],
    y_bit: bool,
    x: &[u8],
    got: &Result<Vec<u8>, CurveOpError>,
) -> Check {
    let tag = || format!("{} {}", curve.name(), to_hex(enc));
    let fb = curve.field_bytes();
    let mut sibling_enc = enc.to_vec();
    sibling_enc[0] ^= 1;
    let sibling = curve.decompress(&sibling_enc);
    if !r.canonical(x) {
        ensure!(
            *got == Err(EncodingError::CoordinateOutOfRange('x').into()),
            "{}: x out of range, got {got:?}",
            tag()
        );
        return Ok(());
    }
    let lift = r.lift(x);
    match got {
        Ok(out) => {
            ensure!(
                out.len() == 1 + 2 * fb && out[0] == 4 && &out[1..=fb] == x,
                "{}: decompressed to {}",
                tag(),
                to_hex(out)
            );
            let y = &out[1 + fb..];
            ensure!(
                r.canonical(y) && r.on_curve(x, y),
                "{}: decompressed to {}, not on the curve",
                tag(),
                to_hex(out)
            );
            ensure!(
                lift.is_none_or(|(exists, _)| exists),
                "{}: the reference has no point with this x",
                tag()
            );
            if let Some(bit) = r.y_bit(x, y) {
                ensure!(bit == y_bit, "{}: ỹ of {} is {bit}", tag(), to_hex(out));
            }
            let other = r.other_y(x, y);
            if other == y {
                ensure!(
                    !y_bit && sibling == Err(EncodingError::BadCompressionBit.into()),
                    "{}: y = −y, yet bit {y_bit} and the other bit gives {sibling:?}",
                    tag()
                );
            } else {
                let want = crate::encoding::encode_uncompressed(x, &other);
                ensure!(
                    sibling.as_ref() == Ok(&want),
                    "{}: the other bit gives {sibling:?}, not −P",
                    tag()
                );
            }
            // Compressing the result again, through the public `mul` by 1.
            let back = curve.mul(&[1], Some(out), &curve.default_method(), true);
            match back {
                Ok(c) => ensure!(c == enc, "{}: recompressed as {}", tag(), to_hex(&c)),
                // GLS254's `mul` takes subgroup points only.
                Err(CurveOpError::NotInSubgroup) if curve.name().starts_with("gls") => {}
                Err(e) => return Err(format!("{}: [1]P failed: {e}", tag())),
            }
        }
        Err(e) => match lift {
            Some((true, true)) => ensure!(
                y_bit && *e == EncodingError::BadCompressionBit.into(),
                "{}: x of a point of order 2, got {e:?}",
                tag()
            ),
            Some((true, false)) => {
                return Err(format!("{}: x has two points, got {e:?}", tag()));
            }
            _ => {
                let none: Result<Vec<u8>, CurveOpError> = Err(EncodingError::NoPointWithX.into());
                ensure!(
                    *got == none && sibling == none,
                    "{}: got {e:?}, the other bit {sibling:?}",
                    tag()
                );
            }
        },
    }
    Ok(())
}

fn spec(s: &str) -> MethodSpec {
    s.parse()
        .unwrap_or_else(|e| unreachable!("built-in spec {s}: {e}"))
}

/// \[n\]P = O by `double-add`, for curves whose `mul` takes any point.
fn subgroup_by_mul(curve: &dyn NamedCurve, p: &[u8]) -> Result<bool, String> {
    if curve.cofactor() == 1 {
        return Ok(true);
    }
    curve
        .mul(curve.order(), Some(p), &spec("double-add"), false)
        .map(|q| q == [0])
        .map_err(|e| format!("{}: [n]P of {}: {e}", curve.name(), to_hex(p)))
}

/// SEC 1 decoding on the prime curves: the first byte picks the curve, the rest is the
/// encoding. Checked against y² = x³ + ax + b in big integers (both directions, and for
/// compressed points the existence of y by Euler's criterion), the other compression
/// bit, recompression, re-decoding, and `validate`.
pub fn sec1_prime(data: &[u8]) -> Check {
    let Some((curve, enc)) = pick(data, crate::curves::prime::prime_curves()) else {
        return Ok(());
    };
    let r = PrimeRef::new(curve.name(), curve.field_bytes())?;
    check_sec1(curve, &r, enc, &|p| subgroup_by_mul(curve, p))
}

/// SEC 1 decoding on the ten binary curves, as [`sec1_prime`], with the curve equation
/// checked in bit-by-bit polynomial arithmetic.
pub fn sec1_binary(data: &[u8]) -> Check {
    let Some((curve, enc)) = pick(data, crate::curves::binary::binary_curves()) else {
        return Ok(());
    };
    let r = BinaryRef::new(curve.name())?;
    check_sec1(curve, &r, enc, &|p| subgroup_by_mul(curve, p))
}

/// The GLS254 encodings (`00`, `02`/`03 ‖ x`, `04 ‖ x ‖ y`, elements c₁ ‖ c₀) on both GLS
/// curves, as [`sec1_binary`]; subgroup membership by \[r\]P = O with double-and-add.
pub fn gls254(data: &[u8]) -> Check {
    let curves = crate::curves::gls254::gls_curves();
    let Some((sel, enc)) = data.split_first() else {
        return Ok(());
    };
    let gls = &curves[*sel as usize % curves.len()];
    let r = GlsRef {
        poly: Poly::new(127),
        b: BigUint::from(gls.params().b),
    };
    let in_subgroup = |p: &[u8]| -> Result<bool, String> {
        let q = crate::curves::binary::decode_point(gls.curve(), p)
            .map_err(|e| format!("{}: {e}", gls.name()))?;
        let m = crate::mul::binary::BinaryMethod::DoubleAdd;
        crate::mul::binary::mul_affine_with_order(gls.curve(), None, m, gls.order(), &q)
            .map(|o| o.is_infinity())
            .map_err(|e| format!("{}: [r]P: {e}", gls.name()))
    };
    check_sec1(gls, &r, enc, &in_subgroup)
}

/// The Edwards encodings of `ed448` and `e-521` (`04 ‖ x ‖ y` only): accepted exactly
/// when the reference finds (x, y) canonical and on x² + y² = 1 + d·x²y², and then
/// returned unchanged; `validate` agrees with "not (0, 1) and \[ℓ\]P = (0, 1)".
pub fn edwards(data: &[u8]) -> Check {
    let curves = crate::curves::edwards::edwards_curves();
    let Some((curve, enc)) = pick(data, &curves) else {
        return Ok(());
    };
    let name = curve.name();
    let fb = curve.field_bytes();
    // p and d as RFC 8032 §5.2 and ePrint 2013/647 publish them.
    let one = BigUint::from(1u8);
    let (p, d_abs) = match name {
        "ed448" => (((&one << 448u32) - (&one << 224u32)) - 1u8, 39081u32),
        "e-521" => ((&one << 521u32) - 1u8, 376014u32),
        _ => return Err(format!("no reference for {name}")),
    };
    let d = &p - BigUint::from(d_abs);
    let got = curve.decompress(enc);
    let tag = || format!("{name} {}", to_hex(enc));
    let want = enc.len() == 1 + 2 * fb && enc[0] == 4 && {
        let (x, y) = (big(&enc[1..=fb]), big(&enc[1 + fb..]));
        x < p && y < p && {
            let (x2, y2) = (&x * &x % &p, &y * &y % &p);
            (&x2 + &y2) % &p == (&one + &d * &x2 % &p * &y2) % &p
        }
    };
    let v = curve.validate(enc);
    match &got {
        Ok(out) => {
            ensure!(want && out == enc, "{}: accepted as {}", tag(), to_hex(out));
            let mut neutral = vec![0u8; 1 + 2 * fb];
            neutral[0] = 4;
            neutral[2 * fb] = 1;
            let expected = if *out == neutral {
                Err(CurveOpError::InfinityKey)
            } else {
                let q = curve
                    .mul(curve.order(), Some(out), &spec("db-chain"), false)
                    .map_err(|e| format!("{}: [ℓ]P: {e}", tag()))?;
                if q == neutral {
                    Ok(())
                } else {
                    Err(CurveOpError::NotInSubgroup)
                }
            };
            ensure!(
                v == expected,
                "{}: validate {v:?}, expected {expected:?}",
                tag()
            );
        }
        Err(e) => {
            ensure!(!want, "{}: on the curve, rejected with {e:?}", tag());
            ensure!(
                v.as_ref() == Err(e),
                "{}: decompress {e:?}, validate {v:?}",
                tag()
            );
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Text parsers.

/// Hex text: [`scalar_from_hex`] and [`from_hex`] on the input as (lossy) UTF-8, against
/// a hand-written grammar and big-integer parsing; printing back gives the same value;
/// a scalar over [`MAX_SCALAR_BITS`] gets [`CurveOpError::ScalarTooLong`] from `mul`.
pub fn hex_text(data: &[u8]) -> Check {
    let s = String::from_utf8_lossy(data);
    let t = s.strip_prefix("0x").unwrap_or(&s);
    let digits = !t.is_empty() && t.bytes().all(|c| c.is_ascii_hexdigit());

    let scalar = scalar_from_hex(&s);
    match &scalar {
        Ok(words) => {
            ensure!(digits, "{s:?}: scalar accepted");
            let reference = BigUint::parse_bytes(t.as_bytes(), 16)
                .ok_or_else(|| format!("{s:?}: BigUint rejects it"))?;
            ensure!(
                *words == reference.to_u64_digits(),
                "{s:?}: words {words:x?}, reference {reference:x}"
            );
            let printed = words
                .iter()
                .rev()
                .fold(String::new(), |acc, w| match acc.is_empty() {
                    true => format!("{w:x}"),
                    false => format!("{acc}{w:016x}"),
                });
            let trimmed = t.trim_start_matches('0').to_ascii_lowercase();
            ensure!(printed == trimmed, "{s:?}: printed back as {printed:?}");
            let bits = bit_len(words);
            if bits > MAX_SCALAR_BITS {
                let curve = all_curves()[0];
                let r = curve.mul(words, None, &curve.default_method(), false);
                ensure!(
                    r == Err(CurveOpError::ScalarTooLong {
                        bits,
                        max: MAX_SCALAR_BITS
                    }),
                    "{s:?}: a {bits}-bit scalar gave {r:?}"
                );
            }
        }
        Err(e) => ensure!(
            !digits && matches!(e, EncodingError::BadHex(_)),
            "{s:?}: scalar rejected with {e:?}"
        ),
    }

    let bytes = from_hex(&s);
    let even = digits && t.len().is_multiple_of(2);
    match &bytes {
        Ok(b) => {
            ensure!(even, "{s:?}: bytes accepted");
            ensure!(
                to_hex(b) == t.to_ascii_lowercase(),
                "{s:?}: printed back as {}",
                to_hex(b)
            );
        }
        Err(e) => ensure!(
            !even && matches!(e, EncodingError::BadHex(_)),
            "{s:?}: bytes rejected with {e:?}"
        ),
    }
    Ok(())
}

/// The grammar of method specs, written out again: `name[:k=v(,k=v)*]`, name of
/// `[a-z0-9-]`, keys of `[a-z_]`, values decimal u64, no key twice.
fn reference_spec(s: &str) -> Option<(String, Vec<(String, u64)>)> {
    let mut parts = s.splitn(2, ':');
    let name = parts.next()?;
    let ok_name = |c: char| matches!(c, 'a'..='z' | '0'..='9' | '-');
    if name.is_empty() || !name.chars().all(ok_name) {
        return None;
    }
    let mut params: Vec<(String, u64)> = Vec::new();
    if let Some(rest) = parts.next() {
        for kv in rest.split(',') {
            let (k, v) = kv.split_once('=')?;
            if k.is_empty() || !k.chars().all(|c| matches!(c, 'a'..='z' | '_')) {
                return None;
            }
            if v.is_empty() || !v.chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            let v = v.parse::<u64>().ok()?;
            if params.iter().any(|(pk, _)| pk == k) {
                return None;
            }
            params.push((k.to_string(), v));
        }
    }
    Some((name.to_string(), params))
}

/// The curves on which an accepted spec's `mul` is compared with the default method: one
/// of each family, and the prime curves with GLV and with seed 002's shapes.
const SPEC_CURVES: &[&str] = &[
    "secp112r1",
    "secp256k1",
    "secp256r1",
    "sect163k1",
    "sect163r2",
    "gls254",
    "ed448",
];

/// Method specs: parsing agrees with the grammar, Display re-parses to the same spec;
/// `check_method` on every curve returns (never panics); for a short spec accepted by one
/// of a few curves, \[k\]G with it equals \[k\]G with the default method, G given both
/// implicitly and as a compressed encoding.
pub fn method_spec(data: &[u8]) -> Check {
    let s = String::from_utf8_lossy(data);
    let parsed = s.parse::<MethodSpec>();
    let reference = reference_spec(&s);
    let spec = match (parsed, reference) {
        (Err(_), None) => return Ok(()),
        (Ok(m), Some((name, params))) => {
            ensure!(
                m.name == name && m.params == params,
                "{s:?}: parsed as {m:?}"
            );
            m
        }
        (p, r) => return Err(format!("{s:?}: parsed {p:?}, the grammar says {r:?}")),
    };
    let printed = spec.to_string();
    let again = printed.parse::<MethodSpec>();
    ensure!(
        again.as_ref() == Ok(&spec) && again.as_ref().map(|m| m.to_string()) == Ok(printed),
        "{s:?}: printed {spec}, re-parsed as {again:?}"
    );
    let accepted: Vec<&dyn NamedCurve> = all_curves()
        .iter()
        .copied()
        .filter(|c| c.check_method(&spec).is_ok())
        .collect();
    if s.len() > 32 {
        return Ok(());
    }
    let k = [0x9e37_79b9_7f4a_7c15u64];
    for name in SPEC_CURVES {
        let curve = find_curve(name).ok_or_else(|| format!("no curve {name}"))?;
        if !accepted.iter().any(|c| c.name() == curve.name()) {
            continue;
        }
        let want = curve
            .mul(&k, None, &curve.default_method(), false)
            .map_err(|e| format!("{name}: default method: {e}"))?;
        let g = curve.generator(curve.name() != "ed448");
        for point in [None, Some(g.as_slice())] {
            let got = curve.mul(&k, point, &spec, false);
            ensure!(
                got.as_ref() == Ok(&want),
                "{name} {spec}: [k]G gave {got:?}, the default {}",
                to_hex(&want)
            );
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Field elements.

/// `from_bytes` against the reference range check, `to_bytes` round trip, and typed
/// errors: `BadLength` for a wrong length, `OutOfRange` for a non-canonical value.
fn field_round_trip<F: Field>(bytes: &[u8], canonical: &dyn Fn(&[u8]) -> bool) -> Check {
    let got = F::from_bytes(bytes);
    let name = F::NAME;
    match got {
        Ok(x) => {
            ensure!(
                bytes.len() == F::BYTES && canonical(bytes),
                "{name} {}: accepted",
                to_hex(bytes)
            );
            ensure!(
                x.to_bytes() == bytes,
                "{name} {}: re-encoded as {}",
                to_hex(bytes),
                to_hex(&x.to_bytes())
            );
        }
        Err(e) => {
            let want = if bytes.len() != F::BYTES {
                crate::field::FieldError::BadLength {
                    field: name,
                    expected: F::BYTES,
                    got: bytes.len(),
                }
            } else {
                ensure!(!canonical(bytes), "{name} {}: rejected", to_hex(bytes));
                crate::field::FieldError::OutOfRange { field: name }
            };
            ensure!(
                e == want,
                "{name} {}: {e:?}, expected {want:?}",
                to_hex(bytes)
            );
        }
    }
    Ok(())
}

/// Two elements from one input of twice the length, when both are canonical.
fn pair<F: Field>(bytes: &[u8]) -> Option<(F, F, &[u8], &[u8])> {
    if bytes.len() != 2 * F::BYTES {
        return None;
    }
    let (a, b) = bytes.split_at(F::BYTES);
    Some((F::from_bytes(a).ok()?, F::from_bytes(b).ok()?, a, b))
}

fn prime_field<F: PrimeField>(bytes: &[u8]) -> Check {
    let p = F::modulus()
        .iter()
        .rev()
        .fold(BigUint::default(), |acc, &w| (acc << 64u32) + w);
    field_round_trip::<F>(bytes, &|b| big(b) < p)?;
    if let Some((a, b, ra, rb)) = pair::<F>(bytes) {
        let (ra, rb) = (big(ra), big(rb));
        let n = F::BYTES;
        let checks = [
            ("a·b", a * b, &ra * &rb % &p),
            ("a+b", a + b, (&ra + &rb) % &p),
            ("a−b", a - b, (&ra + &p - &rb) % &p),
        ];
        for (op, got, want) in checks {
            ensure!(
                got.to_bytes() == be(&want, n),
                "{} {}: {op} = {}, reference {}",
                F::NAME,
                to_hex(bytes),
                to_hex(&got.to_bytes()),
                to_hex(&be(&want, n))
            );
        }
    }
    Ok(())
}

fn binary_field<F: Field>(bytes: &[u8], m: u64) -> Check {
    let poly = Poly::new(m);
    field_round_trip::<F>(bytes, &|b| poly.canonical(&big(b)))?;
    if let Some((a, b, ra, rb)) = pair::<F>(bytes) {
        let want = be(&poly.mul(&big(ra), &big(rb)), F::BYTES);
        ensure!(
            (a * b).to_bytes() == want,
            "{} {}: a·b = {}, reference {}",
            F::NAME,
            to_hex(bytes),
            to_hex(&(a * b).to_bytes()),
            to_hex(&want)
        );
        ensure!(
            (a + b).to_bytes() == xor(ra, rb),
            "{} {}: a+b",
            F::NAME,
            to_hex(bytes)
        );
    }
    Ok(())
}

/// Field-element bytes: the first byte picks one of the prime fields, the binary fields
/// GF(2^m) or GF(2^254); `from_bytes` accepts exactly the canonical encodings of the
/// right length (value < p, degree < m) and `to_bytes` gives them back; other input gets
/// the typed error. An input of two elements' length also checks a·b and a ± b against
/// the references.
pub fn field_bytes(data: &[u8]) -> Check {
    use crate::field::*;
    let Some((&sel, b)) = data.split_first() else {
        return Ok(());
    };
    match sel % 32 {
        0 => prime_field::<FpP192>(b),
        1 => prime_field::<FpP224>(b),
        2 => prime_field::<FpP256>(b),
        3 => prime_field::<FpP384>(b),
        4 => prime_field::<FpP521>(b),
        5 => prime_field::<FpP448>(b),
        6 => prime_field::<FpP448Generic>(b),
        7 => prime_field::<FpSecp256k1>(b),
        8 => prime_field::<FpSecp224k1>(b),
        9 => prime_field::<FpSecp192k1>(b),
        10 => prime_field::<FpSecp160k1>(b),
        11 => prime_field::<FpSecp160r1>(b),
        12 => prime_field::<FpSecp128r1>(b),
        13 => prime_field::<FpSecp112>(b),
        14 => prime_field::<FpWtls8>(b),
        15 => prime_field::<FpWtls9>(b),
        16 => prime_field::<FpPrime239>(b),
        17 => prime_field::<FpBrainpoolP160>(b),
        18 => prime_field::<FpBrainpoolP192>(b),
        19 => prime_field::<FpBrainpoolP224>(b),
        20 => prime_field::<FpBrainpoolP256>(b),
        21 => prime_field::<FpBrainpoolP320>(b),
        22 => prime_field::<FpBrainpoolP384>(b),
        23 => prime_field::<FpBrainpoolP512>(b),
        24 => prime_field::<FpSm2>(b),
        25 => binary_field::<Gf127>(b, 127),
        26 => binary_field::<Gf163>(b, 163),
        27 => binary_field::<Gf233>(b, 233),
        28 => binary_field::<Gf283>(b, 283),
        29 => binary_field::<Gf409>(b, 409),
        30 => binary_field::<Gf571>(b, 571),
        _ => {
            let poly = Poly::new(127);
            field_round_trip::<Gf254>(b, &|e| {
                let (hi, lo) = e.split_at(16);
                poly.canonical(&big(hi)) && poly.canonical(&big(lo))
            })
        }
    }
}
