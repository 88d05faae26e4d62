//! OpenSSL 3 libcrypto as a benchmark peer: point decompression and variable-base scalar
//! multiplication on its named curves.
//!
//! This is the only place in ecsm-cli with `unsafe`. Every OpenSSL object is owned by exactly
//! one Rust value that frees it in `Drop`. The raw pointers inside make these types neither
//! `Send` nor `Sync`; that is what lets the `&self` methods of [`OsslGroup`] share its one
//! `BN_CTX` (a `BN_CTX` is scratch memory that two calls must never use at the same time).
//!
//! Declarations follow the prototypes in `<openssl/ec.h>`, `<openssl/bn.h>`, `<openssl/err.h>`,
//! `<openssl/objects.h>` and `<openssl/crypto.h>` of OpenSSL 3.0.

use std::ffi::{c_char, c_int, c_ulong, CStr, CString};
use std::marker::{PhantomData, PhantomPinned};
use std::ptr;
use thiserror::Error;

/// Opaque C structs, only ever handled through pointers (the Rustonomicon's FFI pattern: no
/// size, not constructible, not `Send`/`Sync`/`Unpin`).
macro_rules! opaque {
    ($($name:ident),*) => {
        $(
            #[repr(C)]
            struct $name {
                _data: [u8; 0],
                _marker: PhantomData<(*mut u8, PhantomPinned)>,
            }
        )*
    };
}
opaque!(EcGroup, EcPoint, Bignum, BnCtx);

/// `point_conversion_form_t` values, `<openssl/ec.h>`.
const POINT_CONVERSION_COMPRESSED: c_int = 2;
const POINT_CONVERSION_UNCOMPRESSED: c_int = 4;
/// `OPENSSL_VERSION`, `<openssl/crypto.h>`: the selector for the full version text.
const OPENSSL_VERSION: c_int = 0;
/// `NID_undef`, `<openssl/obj_mac.h>`: what `OBJ_sn2nid` returns for an unknown name.
const NID_UNDEF: c_int = 0;

#[link(name = "crypto")]
unsafe extern "C" {
    fn OBJ_sn2nid(sn: *const c_char) -> c_int;

    fn EC_GROUP_new_by_curve_name(nid: c_int) -> *mut EcGroup;
    fn EC_GROUP_free(group: *mut EcGroup);
    fn EC_GROUP_get0_generator(group: *const EcGroup) -> *const EcPoint;
    fn EC_GROUP_get0_order(group: *const EcGroup) -> *const Bignum;

    fn EC_POINT_new(group: *const EcGroup) -> *mut EcPoint;
    fn EC_POINT_free(point: *mut EcPoint);
    fn EC_POINT_is_at_infinity(group: *const EcGroup, p: *const EcPoint) -> c_int;
    fn EC_POINT_point2oct(
        group: *const EcGroup,
        p: *const EcPoint,
        form: c_int,
        buf: *mut u8,
        len: usize,
        ctx: *mut BnCtx,
    ) -> usize;
    fn EC_POINT_oct2point(
        group: *const EcGroup,
        p: *mut EcPoint,
        buf: *const u8,
        len: usize,
        ctx: *mut BnCtx,
    ) -> c_int;
    fn EC_POINT_mul(
        group: *const EcGroup,
        r: *mut EcPoint,
        n: *const Bignum,
        q: *const EcPoint,
        m: *const Bignum,
        ctx: *mut BnCtx,
    ) -> c_int;
    #[cfg(test)]
    fn EC_POINT_add(
        group: *const EcGroup,
        r: *mut EcPoint,
        a: *const EcPoint,
        b: *const EcPoint,
        ctx: *mut BnCtx,
    ) -> c_int;

    fn BN_CTX_new() -> *mut BnCtx;
    fn BN_CTX_free(ctx: *mut BnCtx);
    fn BN_new() -> *mut Bignum;
    fn BN_clear_free(a: *mut Bignum);
    fn BN_bin2bn(s: *const u8, len: c_int, ret: *mut Bignum) -> *mut Bignum;
    fn BN_num_bits(a: *const Bignum) -> c_int;
    fn BN_bn2binpad(a: *const Bignum, to: *mut u8, tolen: c_int) -> c_int;

    fn ERR_get_error() -> c_ulong;
    fn ERR_error_string_n(e: c_ulong, buf: *mut c_char, len: usize);
    fn ERR_clear_error();

    fn OpenSSL_version(t: c_int) -> *const c_char;
}

/// A failed OpenSSL call, or input rejected before reaching one.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OsslError {
    /// The name is not an OpenSSL short name of a built-in curve.
    #[error("OpenSSL has no curve named {0:?}")]
    UnknownCurve(String),
    /// An OpenSSL function reported failure; `detail` is the first queued error, as text.
    #[error("{func} failed: {detail}")]
    Call {
        /// The OpenSSL function that failed.
        func: &'static str,
        /// `ERR_error_string_n` of the first queued error code.
        detail: String,
    },
    /// A point made for one curve was handed to another curve's group.
    #[error("point belongs to curve NID {point}, group is NID {group}")]
    WrongGroup {
        /// NID of the point's curve.
        point: i32,
        /// NID of the group's curve.
        group: i32,
    },
    /// An input longer than OpenSSL's `int` length parameter can describe.
    #[error("{len}-byte input is too long for {func}")]
    TooLong {
        /// The OpenSSL function that would have received it.
        func: &'static str,
        /// The input length in bytes.
        len: usize,
    },
}

/// Drains this thread's OpenSSL error queue into an [`OsslError::Call`] for `func`. Draining
/// matters: the queue otherwise grows with every rejected input of a long run.
fn call_error(func: &'static str) -> OsslError {
    // SAFETY: ERR_get_error only reads and pops this thread's error queue.
    let code = unsafe { ERR_get_error() };
    let detail = if code == 0 {
        String::from("no OpenSSL error queued")
    } else {
        let mut buf = [0 as c_char; 256];
        // SAFETY: buf is writable for buf.len() bytes; ERR_error_string_n writes at most that
        // many and always NUL-terminates within them, so CStr::from_ptr stays inside buf.
        unsafe {
            ERR_error_string_n(code, buf.as_mut_ptr(), buf.len());
            CStr::from_ptr(buf.as_ptr()).to_string_lossy().into_owned()
        }
    };
    // SAFETY: ERR_clear_error only empties this thread's error queue.
    unsafe { ERR_clear_error() };
    OsslError::Call { func, detail }
}

/// `OpenSSL_version(OPENSSL_VERSION)`, e.g. "OpenSSL 3.0.13 30 Jan 2024".
pub fn openssl_version() -> String {
    // SAFETY: OpenSSL_version returns a pointer to a static NUL-terminated string (never NULL
    // for a known selector); it is only read here.
    let text = unsafe { OpenSSL_version(OPENSSL_VERSION) };
    if text.is_null() {
        return String::from("OpenSSL (unknown version)");
    }
    // SAFETY: text is non-null, NUL-terminated and static (see above).
    unsafe { CStr::from_ptr(text) }
        .to_string_lossy()
        .into_owned()
}

/// A point on one [`OsslGroup`]'s curve (`EC_POINT*`), reused as the output of the timed calls.
pub struct OsslPoint {
    point: *mut EcPoint,
    /// The curve it was made for, checked by every [`OsslGroup`] method it is passed to.
    nid: c_int,
}

impl Drop for OsslPoint {
    fn drop(&mut self) {
        // SAFETY: self.point came from EC_POINT_new, is owned only by self, and is freed once.
        // An EC_POINT refers to its group's static method table, not to the EC_GROUP itself,
        // so freeing it after its group is fine.
        unsafe { EC_POINT_free(self.point) };
    }
}

/// A non-negative scalar (`BIGNUM*`), reusable so that timing loops don't allocate.
pub struct OsslScalar {
    bn: *mut Bignum,
}

impl OsslScalar {
    /// The scalar with big-endian bytes `k_be` (empty means zero).
    pub fn from_be(k_be: &[u8]) -> Result<Self, OsslError> {
        // SAFETY: BN_new has no preconditions; NULL (allocation failure) is checked below.
        let bn = unsafe { BN_new() };
        if bn.is_null() {
            return Err(call_error("BN_new"));
        }
        let mut k = OsslScalar { bn };
        k.set_be(k_be)?;
        Ok(k)
    }

    /// Overwrites the value with big-endian bytes `k_be`, keeping the allocation.
    pub fn set_be(&mut self, k_be: &[u8]) -> Result<(), OsslError> {
        let len = c_int::try_from(k_be.len()).map_err(|_| OsslError::TooLong {
            func: "BN_bin2bn",
            len: k_be.len(),
        })?;
        // SAFETY: k_be is readable for len bytes (BN_bin2bn reads none when len is 0), and
        // self.bn is a live BIGNUM we own exclusively (&mut self), which BN_bin2bn overwrites.
        let r = unsafe { BN_bin2bn(k_be.as_ptr(), len, self.bn) };
        if r.is_null() {
            return Err(call_error("BN_bin2bn"));
        }
        Ok(())
    }
}

impl Drop for OsslScalar {
    fn drop(&mut self) {
        // SAFETY: self.bn came from BN_new, is owned only by self, and is freed once; the
        // clearing variant because scalars may be secrets.
        unsafe { BN_clear_free(self.bn) };
    }
}

/// An OpenSSL built-in curve (`EC_GROUP*`) with the `BN_CTX` its operations reuse.
pub struct OsslGroup {
    group: *mut EcGroup,
    ctx: *mut BnCtx,
    nid: c_int,
    name: String,
    /// SEC 1 encodings of the generator and the big-endian order, read once at construction so
    /// that the accessors cannot fail.
    gen_compressed: Vec<u8>,
    gen_uncompressed: Vec<u8>,
    order: Vec<u8>,
}

impl Drop for OsslGroup {
    fn drop(&mut self) {
        // SAFETY: both pointers were returned by their constructors, are owned only by self
        // and are freed once; by_name may leave ctx NULL, which BN_CTX_free accepts.
        unsafe {
            BN_CTX_free(self.ctx);
            EC_GROUP_free(self.group);
        }
    }
}

impl OsslGroup {
    /// The curve with OpenSSL short name `name` ("prime256v1", "sect233k1",
    /// "wap-wsg-idm-ecid-wtls8", ...), through `OBJ_sn2nid` and `EC_GROUP_new_by_curve_name`.
    pub fn by_name(name: &str) -> Result<Self, OsslError> {
        let unknown = || OsslError::UnknownCurve(name.to_owned());
        let c_name = CString::new(name).map_err(|_| unknown())?;
        // SAFETY: c_name is a valid NUL-terminated string that outlives the call.
        let nid = unsafe { OBJ_sn2nid(c_name.as_ptr()) };
        if nid == NID_UNDEF {
            return Err(unknown());
        }
        // SAFETY: any int is an acceptable NID; a NID that is not a built-in curve gives NULL.
        let group = unsafe { EC_GROUP_new_by_curve_name(nid) };
        if group.is_null() {
            // Pops the queued "unknown group" error; the caller gets the clearer variant.
            let _ = call_error("EC_GROUP_new_by_curve_name");
            return Err(unknown());
        }
        // From here on Drop frees whatever has been allocated.
        let mut g = OsslGroup {
            group,
            ctx: ptr::null_mut(),
            nid,
            name: name.to_owned(),
            gen_compressed: Vec::new(),
            gen_uncompressed: Vec::new(),
            order: Vec::new(),
        };
        // SAFETY: BN_CTX_new has no preconditions; NULL is checked below.
        g.ctx = unsafe { BN_CTX_new() };
        if g.ctx.is_null() {
            return Err(call_error("BN_CTX_new"));
        }
        // SAFETY: g.group is a live group; the generator it returns is owned by the group and
        // only borrowed for the two encodings below, while g (hence the group) is alive.
        let generator = unsafe { EC_GROUP_get0_generator(g.group) };
        if generator.is_null() {
            return Err(call_error("EC_GROUP_get0_generator"));
        }
        g.gen_compressed = g.encode(generator, true)?;
        g.gen_uncompressed = g.encode(generator, false)?;
        g.order = g.read_order()?;
        Ok(g)
    }

    /// The OpenSSL short name this group was made from.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The generator's SEC 1 encoding (section 2.3.3), compressed or uncompressed.
    pub fn generator_bytes(&self, compressed: bool) -> Vec<u8> {
        if compressed {
            self.gen_compressed.clone()
        } else {
            self.gen_uncompressed.clone()
        }
    }

    /// The order n of the generator, big-endian, without leading zero bytes.
    pub fn order_be(&self) -> Vec<u8> {
        self.order.clone()
    }

    /// A fresh point of this curve, to be filled by [`Self::oct2point`] or [`Self::mul`].
    pub fn new_point(&self) -> Result<OsslPoint, OsslError> {
        // SAFETY: self.group is live for the call; NULL (allocation failure) is checked.
        let point = unsafe { EC_POINT_new(self.group) };
        if point.is_null() {
            return Err(call_error("EC_POINT_new"));
        }
        Ok(OsslPoint {
            point,
            nid: self.nid,
        })
    }

    /// The generator as a point.
    pub fn generator(&self) -> Result<OsslPoint, OsslError> {
        let mut g = self.new_point()?;
        self.oct2point(&self.gen_uncompressed, &mut g)?;
        Ok(g)
    }

    /// Decodes a SEC 1 encoding (compressed, uncompressed, hybrid, or `00` for infinity) into
    /// `out` with `EC_POINT_oct2point`: the timed operation for decompression. `out` and the
    /// group's `BN_CTX` are reused, so a timing loop measures the decoding, not allocation.
    /// Encodings OpenSSL rejects (bad prefix or length, coordinate out of range, no square
    /// root, point off the curve) are an `Err`; `out` is then unspecified.
    pub fn oct2point(&self, bytes: &[u8], out: &mut OsslPoint) -> Result<(), OsslError> {
        self.check(out)?;
        if bytes.is_empty() {
            // OpenSSL rejects it too; this keeps an empty slice's dangling pointer out of C.
            return Err(OsslError::Call {
                func: "EC_POINT_oct2point",
                detail: String::from("empty encoding"),
            });
        }
        // SAFETY: group, ctx and out.point are live objects we own (out exclusively, through
        // &mut); bytes is readable for bytes.len() bytes for the duration of the call.
        let ok = unsafe {
            EC_POINT_oct2point(self.group, out.point, bytes.as_ptr(), bytes.len(), self.ctx)
        };
        if ok != 1 {
            return Err(call_error("EC_POINT_oct2point"));
        }
        Ok(())
    }

    /// The SEC 1 encoding of `p`; the point at infinity encodes as `[0x00]`.
    pub fn point_to_bytes(&self, p: &OsslPoint, compressed: bool) -> Result<Vec<u8>, OsslError> {
        self.check(p)?;
        self.encode(p.point, compressed)
    }

    /// Whether `p` is the point at infinity.
    pub fn is_infinity(&self, p: &OsslPoint) -> Result<bool, OsslError> {
        self.check(p)?;
        // SAFETY: self.group and p.point are live, and p belongs to this curve (checked).
        Ok(unsafe { EC_POINT_is_at_infinity(self.group, p.point) } == 1)
    }

    /// Variable-base scalar multiplication `out = [k]p` for big-endian `k`
    /// (`EC_POINT_mul` with n = NULL, q = p, m = k). Allocates the scalar; timing loops should
    /// use [`Self::mul_with`].
    pub fn mul(&self, k_be: &[u8], p: &OsslPoint, out: &mut OsslPoint) -> Result<(), OsslError> {
        let k = OsslScalar::from_be(k_be)?;
        self.mul_with(&k, p, out)
    }

    /// `out = [k]p` with a prepared scalar: the timed operation for scalar multiplication.
    pub fn mul_with(
        &self,
        k: &OsslScalar,
        p: &OsslPoint,
        out: &mut OsslPoint,
    ) -> Result<(), OsslError> {
        self.check(p)?;
        self.check(out)?;
        // SAFETY: all pointers are live objects we own; p and out are distinct (a shared and
        // an exclusive borrow cannot alias) and belong to this curve (checked); the NULL
        // generator multiplier is documented as optional.
        let ok =
            unsafe { EC_POINT_mul(self.group, out.point, ptr::null(), p.point, k.bn, self.ctx) };
        if ok != 1 {
            return Err(call_error("EC_POINT_mul"));
        }
        Ok(())
    }

    /// `out = a + b` (`EC_POINT_add`): the independent path the tests check `mul` against.
    #[cfg(test)]
    fn add(&self, a: &OsslPoint, b: &OsslPoint, out: &mut OsslPoint) -> Result<(), OsslError> {
        self.check(a)?;
        self.check(b)?;
        self.check(out)?;
        // SAFETY: as in mul_with; a and b may be the same point, which EC_POINT_add allows
        // (it only reads them), and out is distinct from both.
        let ok = unsafe { EC_POINT_add(self.group, out.point, a.point, b.point, self.ctx) };
        if ok != 1 {
            return Err(call_error("EC_POINT_add"));
        }
        Ok(())
    }

    fn check(&self, p: &OsslPoint) -> Result<(), OsslError> {
        if p.nid == self.nid {
            Ok(())
        } else {
            Err(OsslError::WrongGroup {
                point: p.nid,
                group: self.nid,
            })
        }
    }

    /// SEC 1 encoding of a point of this group (the caller guarantees `p` is one, alive).
    fn encode(&self, p: *const EcPoint, compressed: bool) -> Result<Vec<u8>, OsslError> {
        // SAFETY: self.group and p are live and p belongs to this group (caller's contract).
        if unsafe { EC_POINT_is_at_infinity(self.group, p) } == 1 {
            return Ok(vec![0x00]);
        }
        let form = if compressed {
            POINT_CONVERSION_COMPRESSED
        } else {
            POINT_CONVERSION_UNCOMPRESSED
        };
        // SAFETY: as above; a NULL buffer asks only for the encoded length.
        let len = unsafe { EC_POINT_point2oct(self.group, p, form, ptr::null_mut(), 0, self.ctx) };
        if len == 0 {
            return Err(call_error("EC_POINT_point2oct"));
        }
        let mut buf = vec![0u8; len];
        // SAFETY: buf is writable for buf.len() == len bytes, the length OpenSSL asked for.
        let written =
            unsafe { EC_POINT_point2oct(self.group, p, form, buf.as_mut_ptr(), len, self.ctx) };
        if written != len {
            return Err(call_error("EC_POINT_point2oct"));
        }
        Ok(buf)
    }

    fn read_order(&self) -> Result<Vec<u8>, OsslError> {
        // SAFETY: self.group is live; the order BIGNUM is owned by the group and only read
        // here while self is alive.
        let order = unsafe { EC_GROUP_get0_order(self.group) };
        if order.is_null() {
            return Err(call_error("EC_GROUP_get0_order"));
        }
        // SAFETY: order is a live BIGNUM (above).
        let bits = unsafe { BN_num_bits(order) };
        // BN_num_bytes(a) = (BN_num_bits(a) + 7) / 8, a macro in <openssl/bn.h>.
        let nbytes = (bits + 7) / 8;
        let mut buf = vec![0u8; usize::try_from(nbytes).unwrap_or(0)];
        // SAFETY: buf is writable for nbytes bytes, exactly the size passed as tolen.
        let written = unsafe { BN_bn2binpad(order, buf.as_mut_ptr(), nbytes) };
        if written != nbytes || nbytes <= 0 {
            return Err(call_error("BN_bn2binpad"));
        }
        Ok(buf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CURVES: [&str; 6] = [
        "sect233r1",
        "sect233k1",
        "prime256v1",
        "secp384r1",
        "secp160k1",
        "wap-wsg-idm-ecid-wtls8",
    ];

    fn hex(s: &str) -> Vec<u8> {
        let s: String = s.chars().filter(|c| !c.is_whitespace()).collect();
        (0..s.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
            .collect()
    }

    /// Slow reference for [k]P built from EC_POINT_add alone: left-to-right double-and-add.
    fn mul_by_adds(g: &OsslGroup, k_be: &[u8], p: &OsslPoint) -> OsslPoint {
        let mut acc = g.new_point().unwrap();
        g.oct2point(&[0x00], &mut acc).unwrap();
        let mut tmp = g.new_point().unwrap();
        for byte in k_be {
            for bit in (0..8).rev() {
                g.add(&acc, &acc, &mut tmp).unwrap();
                std::mem::swap(&mut acc, &mut tmp);
                if (byte >> bit) & 1 == 1 {
                    g.add(&acc, p, &mut tmp).unwrap();
                    std::mem::swap(&mut acc, &mut tmp);
                }
            }
        }
        acc
    }

    #[test]
    fn version_is_openssl_3() {
        let v = openssl_version();
        assert!(v.starts_with("OpenSSL 3."), "{v}");
    }

    #[test]
    fn generator_and_order_match_fips_186_4_p256() {
        // FIPS 186-4, appendix D.1.2.3 (curve P-256): Gx, Gy and n. Gy is odd, hence prefix 03.
        let g = OsslGroup::by_name("prime256v1").unwrap();
        let gx = "6B17D1F2 E12C4247 F8BCE6E5 63A440F2 77037D81 2DEB33A0 F4A13945 D898C296";
        let gy = "4FE342E2 FE1A7F9B 8EE7EB4A 7C0F9E16 2BCE3357 6B315ECE CBB64068 37BF51F5";
        let n = "FFFFFFFF 00000000 FFFFFFFF FFFFFFFF BCE6FAAD A7179E84 F3B9CAC2 FC632551";
        assert_eq!(g.generator_bytes(true), hex(&format!("03{gx}")));
        assert_eq!(g.generator_bytes(false), hex(&format!("04{gx}{gy}")));
        assert_eq!(g.order_be(), hex(n));
    }

    #[test]
    fn decompressing_the_generator_recovers_it() {
        for name in CURVES {
            let g = OsslGroup::by_name(name).unwrap();
            let comp = g.generator_bytes(true);
            let unc = g.generator_bytes(false);
            assert!(comp[0] == 0x02 || comp[0] == 0x03, "{name}");
            assert_eq!(unc.len(), 2 * comp.len() - 1, "{name}");
            assert_eq!(unc[1..comp.len()], comp[1..], "{name}: same x");
            let mut p = g.new_point().unwrap();
            g.oct2point(&comp, &mut p).unwrap();
            assert_eq!(g.point_to_bytes(&p, false).unwrap(), unc, "{name}");
            assert_eq!(g.point_to_bytes(&p, true).unwrap(), comp, "{name}");
        }
    }

    #[test]
    fn small_multiples_agree_with_additions() {
        for name in CURVES {
            let g = OsslGroup::by_name(name).unwrap();
            let gen = g.generator().unwrap();
            let gen_unc = g.generator_bytes(false);
            let mut out = g.new_point().unwrap();

            // [n]G = O.
            let n = g.order_be();
            g.mul(&n, &gen, &mut out).unwrap();
            assert!(g.is_infinity(&out).unwrap(), "{name}");
            assert_eq!(g.point_to_bytes(&out, true).unwrap(), [0x00], "{name}");

            // [1]G = G; [0]G = O.
            g.mul(&[1], &gen, &mut out).unwrap();
            assert_eq!(g.point_to_bytes(&out, false).unwrap(), gen_unc, "{name}");
            g.mul(&[], &gen, &mut out).unwrap();
            assert_eq!(g.point_to_bytes(&out, false).unwrap(), [0x00], "{name}");

            // [2]G = G + G.
            let mut sum = g.new_point().unwrap();
            g.add(&gen, &gen, &mut sum).unwrap();
            g.mul(&[2], &gen, &mut out).unwrap();
            assert_eq!(
                g.point_to_bytes(&out, false).unwrap(),
                g.point_to_bytes(&sum, false).unwrap(),
                "{name}"
            );
            assert_ne!(g.point_to_bytes(&out, false).unwrap(), gen_unc, "{name}");

            // [n-1]G + G = O, i.e. [n-1]G = -G (n is odd for all these curves).
            let mut n1 = n.clone();
            *n1.last_mut().unwrap() -= 1;
            g.mul(&n1, &gen, &mut out).unwrap();
            g.add(&out, &gen, &mut sum).unwrap();
            assert!(g.is_infinity(&sum).unwrap(), "{name}");

            // A full-width scalar against double-and-add over EC_POINT_add, on a point other
            // than the generator.
            let k: Vec<u8> = (0..n.len())
                .map(|i| (i as u8).wrapping_mul(37) ^ 0x5a)
                .collect();
            let p = {
                let mut p = g.new_point().unwrap();
                g.mul(&[7], &gen, &mut p).unwrap();
                p
            };
            let mut scalar = OsslScalar::from_be(&[0xff; 3]).unwrap();
            scalar.set_be(&k).unwrap();
            g.mul_with(&scalar, &p, &mut out).unwrap();
            let slow = mul_by_adds(&g, &k, &p);
            assert_eq!(
                g.point_to_bytes(&out, true).unwrap(),
                g.point_to_bytes(&slow, true).unwrap(),
                "{name}"
            );
        }
    }

    #[test]
    fn malformed_encodings_are_errors() {
        for name in CURVES {
            let g = OsslGroup::by_name(name).unwrap();
            let mut p = g.new_point().unwrap();
            let comp = g.generator_bytes(true);
            let unc = g.generator_bytes(false);

            let mut bad_prefix = unc.clone();
            bad_prefix[0] = 0x05;
            assert!(g.oct2point(&bad_prefix, &mut p).is_err(), "{name}");
            let mut bad_prefix = comp.clone();
            bad_prefix[0] = 0x05;
            assert!(g.oct2point(&bad_prefix, &mut p).is_err(), "{name}");

            assert!(
                g.oct2point(&comp[..comp.len() - 1], &mut p).is_err(),
                "{name}"
            );
            assert!(
                g.oct2point(&unc[..unc.len() - 1], &mut p).is_err(),
                "{name}"
            );
            let mut long = comp.clone();
            long.push(0);
            assert!(g.oct2point(&long, &mut p).is_err(), "{name}");
            assert!(g.oct2point(&[], &mut p).is_err(), "{name}");
            assert!(g.oct2point(&[0x02], &mut p).is_err(), "{name}");

            // x = 2^(8·len) − 1: at least p for these prime fields, and of degree ≥ m for
            // these binary fields (the byte length rounds m up to a multiple of 8, m ≢ 0).
            let mut big_x = vec![0xff; comp.len()];
            big_x[0] = 0x02;
            let err = g.oct2point(&big_x, &mut p).unwrap_err();
            assert!(
                matches!(
                    err,
                    OsslError::Call {
                        func: "EC_POINT_oct2point",
                        ..
                    }
                ),
                "{name}: {err}"
            );

            // A y that is off the curve.
            let mut off = unc.clone();
            *off.last_mut().unwrap() ^= 1;
            assert!(g.oct2point(&off, &mut p).is_err(), "{name}");

            // Still usable afterwards, with a clean error queue.
            g.oct2point(&comp, &mut p).unwrap();
            assert_eq!(g.point_to_bytes(&p, false).unwrap(), unc, "{name}");
        }
    }

    #[test]
    fn unknown_curves_and_foreign_points_are_errors() {
        for name in ["no-such-curve", "", "prime256v1\0", "SHA256", "P-256"] {
            assert_eq!(
                OsslGroup::by_name(name).err(),
                Some(OsslError::UnknownCurve(name.to_owned())),
                "{name:?}"
            );
        }
        let a = OsslGroup::by_name("prime256v1").unwrap();
        let b = OsslGroup::by_name("sect233k1").unwrap();
        let pa = a.generator().unwrap();
        let mut pb = b.new_point().unwrap();
        assert!(matches!(
            b.mul(&[3], &pa, &mut pb),
            Err(OsslError::WrongGroup { .. })
        ));
        assert!(matches!(
            a.point_to_bytes(&pb, true),
            Err(OsslError::WrongGroup { .. })
        ));
    }
}
