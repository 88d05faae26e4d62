//! The named prime-field curves as [`NamedCurve`]s: each entry of
//! [`super::prime_params::PRIME_CURVES`] bound to its field type and its shape of `a`.

use super::named::{check_scalar_len, CurveOpError, NamedCurve};
use super::prime_params::PrimeCurveParams;
use crate::cost::{measure, Counted, OpCounts};
use crate::curve::weierstrass::{AShape, Affine, Jacobian, ShortWeierstrass};
use crate::encoding::{encode_compressed, encode_uncompressed, parse_sec1, EncodingError, Sec1};
use crate::experiments::timing::{time_chain, BenchConfig, Timing};
use crate::field::prime::sqrt::SqrtMethod;
use crate::field::{FieldError, PrimeField};
use crate::mul::glv::{glv_wnaf_mul, Glv, GLV_CURVES};
use crate::mul::modn::ScalarModulus;
use crate::mul::weierstrass::{ct_window_mul, double_and_add, wnaf_mul};
use crate::mul::{bit_len, random_below, MethodSpec, SpecError};
use crate::shape::jacobian::{ACoefficient, AMinusThree, AnyA, JacobianShape};
use crate::shape::{CurveShape, ShapeMethod};
use rand_core::SeedableRng;
use std::hint::black_box;
use std::sync::OnceLock;

/// Operations only prime curves have: point decompression by a chosen square-root method.
pub trait PrimeCurveOps {
    /// p, little-endian words.
    fn modulus(&self) -> &'static [u64];
    /// Bit length of p.
    fn field_bits(&self) -> usize;
    /// Decode any SEC 1 encoding, lifting compressed points with `method`, and return
    /// the point uncompressed.
    fn decompress_with(&self, encoded: &[u8], method: SqrtMethod) -> Result<Vec<u8>, CurveOpError>;
    /// `n` random points of the curve, compressed (\[r\]G for random r).
    fn random_compressed(&self, n: usize, seed: u64) -> Vec<Vec<u8>>;
    /// Decompress `points` (compressed encodings) with `method`, returning the summed
    /// operation counts measured with [`Counted`].
    fn decompress_counts(
        &self,
        points: &[Vec<u8>],
        method: SqrtMethod,
    ) -> Result<OpCounts, CurveOpError>;
    /// Median and minimum time of decompressing one of `points` with `method`.
    fn bench_decompress(
        &self,
        points: &[Vec<u8>],
        method: SqrtMethod,
        cfg: BenchConfig,
    ) -> Result<Timing, CurveOpError>;
}

/// A named prime curve over the field `F` with `a` of shape `A`.
pub struct PrimeCurve<F: PrimeField, A: AShape> {
    params: &'static PrimeCurveParams,
    /// Seed 002's methods on this curve's Jacobian shape, where the registry offers them.
    shape_mul: Option<ShapeMul<F>>,
    curve: ShortWeierstrass<F, A>,
    counted: ShortWeierstrass<Counted<F>, A>,
    g: Affine<F>,
    n: Vec<u64>,
    /// n with its Barrett constant: every scalar is reduced by it before a multiplication.
    n_mod: ScalarModulus,
    /// The GLV endomorphism, on the curves that have one (cofactor 1 only).
    glv: Option<Glv<F>>,
}

/// \[k\]P by one of seed 002's methods on the `jacobian` or `jacobian-3` shape of the
/// curve y² = x³ + ax + b (k already reduced mod n).
type ShapeMul<F> = fn(F, F, &[u64], &Affine<F>, &ShapeMethod) -> Result<Affine<F>, CurveOpError>;

/// [`ShapeMul`] on the Jacobian shape with coefficient kind `J`.
fn shape_mul<F: PrimeField, J: ACoefficient>(
    a: F,
    b: F,
    k: &[u64],
    p: &Affine<F>,
    m: &ShapeMethod,
) -> Result<Affine<F>, CurveOpError> {
    let shape =
        JacobianShape::<F, J>::new(a, b).map_err(|e| CurveOpError::Unsupported(e.to_string()))?;
    let Affine::Point { x, y } = p else {
        return Ok(Affine::Infinity);
    };
    let pt = shape
        .from_affine(x, y)
        .map_err(|_| EncodingError::NotOnCurve)?;
    let r = m
        .mul(&shape, &pt, k)
        .map_err(|e| CurveOpError::Unsupported(e.to_string()))?;
    Ok(match shape.to_affine(&r) {
        None => Affine::Infinity,
        Some((x, y)) => Affine::Point { x, y },
    })
}

/// A field element from the compact hex of the parameter tables.
fn element<F: PrimeField>(hex: &str) -> F {
    let words = crate::encoding::scalar_from_hex(hex).expect("parameter tables hold hex");
    let mut padded = vec![0u64; F::modulus().len()];
    padded[..words.len()].copy_from_slice(&words);
    F::from_words(&padded).expect("parameter tables hold canonical elements")
}

fn map_field(e: FieldError, coord: char) -> EncodingError {
    match e {
        FieldError::NoSolution { .. } => EncodingError::NoPointWithX,
        _ => EncodingError::CoordinateOutOfRange(coord),
    }
}

/// Decode a SEC 1 point strictly; compressed points are lifted with `method`.
pub fn decode_point<F: PrimeField, A: AShape>(
    curve: &ShortWeierstrass<F, A>,
    encoded: &[u8],
    method: SqrtMethod,
) -> Result<Affine<F>, EncodingError> {
    match parse_sec1(encoded, F::BYTES)? {
        Sec1::Infinity => Ok(Affine::Infinity),
        Sec1::Compressed { y_bit, x } => {
            let x = F::from_bytes(x).map_err(|e| map_field(e, 'x'))?;
            let y = curve
                .lift_x(&x, y_bit, method)
                .map_err(|e| map_field(e, 'x'))?;
            // `lift_x` gave y the parity ỹ asks for, unless y = 0, its own negative:
            // then ỹ = 1 names no point. (A test of is_zero, not of the parity again,
            // which would cost one more conversion out of the Montgomery form.)
            if y_bit && y.is_zero() {
                return Err(EncodingError::BadCompressionBit);
            }
            Ok(Affine::Point { x, y })
        }
        Sec1::Uncompressed { x, y } => {
            let x = F::from_bytes(x).map_err(|e| map_field(e, 'x'))?;
            let y = F::from_bytes(y).map_err(|e| map_field(e, 'y'))?;
            let p = Affine::Point { x, y };
            if !curve.is_on_curve(&p) {
                return Err(EncodingError::NotOnCurve);
            }
            Ok(p)
        }
    }
}

/// SEC 1 encoding of an affine point.
pub fn encode_point<F: PrimeField>(p: &Affine<F>, compressed: bool) -> Vec<u8> {
    match p {
        Affine::Infinity => vec![0],
        Affine::Point { x, y } if compressed => encode_compressed(&x.to_bytes(), y.is_odd()),
        Affine::Point { x, y } => encode_uncompressed(&x.to_bytes(), &y.to_bytes()),
    }
}

/// The scalar-multiplication methods of prime curves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Method {
    DoubleAdd,
    Naf(usize),
    /// [`ct_window_mul`]: constant-time in the scalar, for secret keys.
    CtWindow(usize),
    /// Seed 002's double-base methods on the Jacobian shape.
    Shape(ShapeMethod),
    /// [`glv_wnaf_mul`] with this width, on curves with an endomorphism.
    Glv(usize),
}

const DEFAULT_NAF_W: u64 = 5;
/// The width of `ct-window` used by default and by [`NamedCurve::ecdh`]: the fastest
/// measured on P-256 (see `ct_mul`'s report); 3, 4 and 5 are within a few percent.
const DEFAULT_CT_W: u64 = 4;

fn parse_method(spec: &MethodSpec, curve: &str) -> Result<Method, SpecError> {
    match spec.name.as_str() {
        "double-add" => {
            spec.only_params(&[])?;
            Ok(Method::DoubleAdd)
        }
        "naf" => {
            spec.only_params(&["w"])?;
            Ok(Method::Naf(spec.param("w", DEFAULT_NAF_W, 2, 8)? as usize))
        }
        "ct-window" => {
            spec.only_params(&["w"])?;
            Ok(Method::CtWindow(
                spec.param("w", DEFAULT_CT_W, 2, 6)? as usize
            ))
        }
        _ => Err(SpecError::Unknown {
            name: spec.name.clone(),
            curve: curve.to_string(),
        }),
    }
}

impl<F: PrimeField, A: AShape> PrimeCurve<F, A> {
    /// Bind a parameter-table entry to the field `F` and shape `A`. Panics if the entry
    /// does not fit them: the registry below is checked by the tests.
    pub fn new(params: &'static PrimeCurveParams) -> Self {
        let p = crate::encoding::scalar_from_hex(params.p).expect("hex");
        assert_eq!(&p[..], F::modulus(), "{}: field type mismatch", params.name);
        let (a, b) = (element::<F>(params.a), element::<F>(params.b));
        let curve =
            ShortWeierstrass::new(a, b).expect("named curves are smooth and of their shape");
        let counted = ShortWeierstrass::new(Counted(a), Counted(b)).expect("as above");
        let g = Affine::Point {
            x: element(params.gx),
            y: element(params.gy),
        };
        assert!(curve.is_on_curve(&g), "{}: G off the curve", params.name);
        let n = crate::encoding::scalar_from_hex(params.n).expect("hex");
        let glv = GLV_CURVES
            .iter()
            .find(|c| c.curve == params.name && params.h == 1)
            .map(|c| Glv::new(c, &n).expect("the GLV constants are checked by the tests"));
        PrimeCurve {
            params,
            shape_mul: None,
            curve,
            counted,
            g,
            n_mod: ScalarModulus::new(&n).expect("curve orders are not zero"),
            n,
            glv,
        }
    }

    /// The method a spec names on this curve: the prime-curve methods, and seed 002's
    /// double-base methods where the curve offers them.
    fn parse_method(&self, spec: &MethodSpec) -> Result<Method, SpecError> {
        let seed002 = ["db-chain", "yao-dbns", "yao-bzns", "db-opt"].contains(&spec.name.as_str());
        if seed002 && self.shape_mul.is_some() {
            return ShapeMethod::from_spec(spec, bit_len(&self.n)).map(Method::Shape);
        }
        if spec.name == "glv" && self.glv.is_some() {
            spec.only_params(&["w"])?;
            return Ok(Method::Glv(spec.param("w", DEFAULT_NAF_W, 2, 8)? as usize));
        }
        parse_method(spec, self.params.name)
    }

    /// The curve.
    pub fn curve(&self) -> &ShortWeierstrass<F, A> {
        &self.curve
    }

    /// The generator G.
    pub fn generator_point(&self) -> Affine<F> {
        self.g
    }

    /// \[k\]P by `method`. A `ct-window` multiplication computes \[k mod n\]P, which is \[k\]P
    /// for P in the subgroup of order n: the caller checks that on curves with h > 1.
    fn mul_point(
        &self,
        k: &[u64],
        p: &Affine<F>,
        method: Method,
    ) -> Result<Affine<F>, CurveOpError> {
        let q: Jacobian<F> = match method {
            Method::DoubleAdd => double_and_add(&self.curve, k, p),
            Method::Naf(w) => return Ok(self.naf_mul(k, p, w)),
            Method::CtWindow(w) => return self.ct_mul(k, p, w),
            Method::Shape(m) => {
                let f = self
                    .shape_mul
                    .expect("parse_method offers Shape only with shape_mul");
                // h = 1 on the curves that offer these methods, so every point's order
                // divides n.
                let k = self.n_mod.reduce(k);
                return f(self.curve.a(), self.curve.b(), &k, p, &m);
            }
            Method::Glv(w) => {
                let glv = self
                    .glv
                    .as_ref()
                    .expect("parse_method offers Glv only with glv");
                // h = 1 (checked on construction): every point's order divides n.
                let k = self.n_mod.reduce(k);
                glv_wnaf_mul(&self.curve, glv, &k, p, w)
                    .map_err(|e| CurveOpError::Unsupported(e.to_string()))?
            }
        };
        Ok(q.to_affine())
    }

    /// \[k\]P by NAF_w (variable-time; w in 2..=8).
    fn naf_mul(&self, k: &[u64], p: &Affine<F>, w: usize) -> Affine<F> {
        wnaf_mul(&self.curve, k, p, w)
            .expect("callers keep w in 2..=8")
            .to_affine()
    }

    /// \[k mod n\]P in constant time (see [`ct_window_mul`]): k is reduced modulo n in
    /// time that depends on its length only (Barrett, [`ScalarModulus`]), and the result converted with the
    /// constant-time inversion. P must lie in the subgroup of order n, where the
    /// complete formulas have no exceptional case (n is odd). The reduced scalar is a
    /// [`zeroize::Zeroizing`] buffer, wiped on return (as are `ct_window_mul`'s own copies).
    fn ct_mul(&self, k: &[u64], p: &Affine<F>, w: usize) -> Result<Affine<F>, CurveOpError> {
        let k = self.n_mod.reduce(k);
        ct_window_mul(&self.curve, &k, p, w, bit_len(&self.n))
            .map(|q| q.to_affine())
            .map_err(|e| CurveOpError::Unsupported(e.to_string()))
    }

    /// Decoding for callers that name no method: the square-root exponentiation with the
    /// fewest operations for this prime (the chain, except on the Brainpool primes, whose
    /// short runs of ones favour the sliding window).
    fn decode(&self, encoded: &[u8]) -> Result<Affine<F>, EncodingError> {
        decode_point(&self.curve, encoded, SqrtMethod::fastest_for::<F>())
    }

    /// \[n\]Q = O, needed only when the cofactor is not 1 (otherwise every point of the
    /// curve other than O has order n).
    fn in_subgroup(&self, q: &Affine<F>) -> bool {
        self.params.h == 1
            || self
                .naf_mul(&self.n, q, DEFAULT_NAF_W as usize)
                .is_infinity()
    }

    fn validated(&self, encoded: &[u8]) -> Result<Affine<F>, CurveOpError> {
        let q = self.decode(encoded)?;
        if q.is_infinity() {
            return Err(CurveOpError::InfinityKey);
        }
        if !self.in_subgroup(&q) {
            return Err(CurveOpError::NotInSubgroup);
        }
        Ok(q)
    }
}

impl<F: PrimeField, A: AShape> NamedCurve for PrimeCurve<F, A> {
    fn name(&self) -> &'static str {
        self.params.name
    }
    fn aliases(&self) -> &'static [&'static str] {
        self.params.aliases
    }
    fn source(&self) -> &'static str {
        self.params.source
    }
    fn field(&self) -> String {
        format!("GF(p)[{}]", F::BITS)
    }
    fn field_bytes(&self) -> usize {
        F::BYTES
    }
    fn order(&self) -> &[u64] {
        &self.n
    }
    fn cofactor(&self) -> u32 {
        self.params.h
    }
    fn methods(&self) -> Vec<MethodSpec> {
        let mut specs: Vec<MethodSpec> = ["double-add", "naf:w=5", "ct-window:w=4"]
            .iter()
            .map(|s| s.parse().expect("built-in specs parse"))
            .collect();
        if self.glv.is_some() {
            specs.push("glv:w=5".parse().expect("built-in spec"));
        }
        if self.shape_mul.is_some() {
            // Seed 002's 4-NAF is the curve's own naf:w=4; its double-base methods follow.
            specs.extend(
                ShapeMethod::listed(bit_len(&self.n))
                    .iter()
                    .filter(|m| !matches!(m, ShapeMethod::Naf { .. }))
                    .map(|m| m.to_string().parse().expect("printed specs parse")),
            );
        }
        specs
    }
    /// `glv:w=5` where the curve has the endomorphism (measured fastest on secp256k1:
    /// 44 µs against 45–47 µs for w = 4 and 6, and 70 µs for `naf:w=5`), else `naf:w=5`.
    fn default_method(&self) -> MethodSpec {
        match self.glv {
            Some(_) => "glv:w=5".parse().expect("built-in spec"),
            None => "naf:w=5".parse().expect("built-in spec"),
        }
    }
    fn check_method(&self, method: &MethodSpec) -> Result<(), SpecError> {
        self.parse_method(method).map(|_| ())
    }
    fn generator(&self, compressed: bool) -> Vec<u8> {
        encode_point(&self.g, compressed)
    }
    fn mul(
        &self,
        k: &[u64],
        point: Option<&[u8]>,
        method: &MethodSpec,
        compressed: bool,
    ) -> Result<Vec<u8>, CurveOpError> {
        let method = self.parse_method(method)?;
        check_scalar_len(k)?;
        let p = match point {
            None => self.g,
            Some(enc) => self.decode(enc)?,
        };
        // ct-window reduces k modulo n, which is right only in the subgroup of order n
        // (where its formulas are also complete): on curves with h > 1 it refuses other
        // points. The check is on the public point only.
        if matches!(method, Method::CtWindow(_)) && !self.in_subgroup(&p) {
            return Err(CurveOpError::NotInSubgroup);
        }
        Ok(encode_point(&self.mul_point(k, &p, method)?, compressed))
    }
    fn decompress(&self, encoded: &[u8]) -> Result<Vec<u8>, CurveOpError> {
        Ok(encode_point(&self.decode(encoded)?, false))
    }
    fn validate(&self, encoded: &[u8]) -> Result<(), CurveOpError> {
        self.validated(encoded).map(|_| ())
    }
    fn ecdh(&self, private: &[u64], peer: &[u8]) -> Result<Vec<u8>, CurveOpError> {
        // Masked, as on the binary curves (a plain comparison stops at the first differing word).
        if !crate::curves::binary::ct_in_range(private, &self.n) {
            return Err(CurveOpError::PrivateKeyOutOfRange);
        }
        let q = self.validated(peer)?;
        // Every copy of the key made below (reduced, made odd, recoded) is wiped by
        // `ct_mul` and `ct_window_mul`; the caller's slice is the caller's to wipe.
        // The private key is secret: the constant-time method (the range check above
        // branches on its verdict only; q is public and in the subgroup of order n).
        match self.ct_mul(private, &q, DEFAULT_CT_W as usize)? {
            Affine::Infinity => Err(CurveOpError::SharedInfinity),
            Affine::Point { x, .. } => Ok(x.to_bytes()),
        }
    }
    fn bench_mul(
        &self,
        method: &MethodSpec,
        cfg: BenchConfig,
        seed: u64,
    ) -> Result<Timing, CurveOpError> {
        let method = self.parse_method(method)?;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        const SAMPLES: usize = 8;
        let inputs: Vec<(Vec<u64>, Affine<F>)> = (0..SAMPLES)
            .map(|_| {
                let r = random_below(&self.n, &mut rng);
                let p = self.naf_mul(&r, &self.g, 4);
                (random_below(&self.n, &mut rng), p)
            })
            .collect();
        Ok(time_chain(cfg, 0usize, |iters, mut i| {
            for _ in 0..iters {
                let (k, p) = &inputs[i % SAMPLES];
                let q = self.mul_point(black_box(k), black_box(p), method);
                i += 1 + black_box(q.map_or(true, |q| q.is_infinity())) as usize;
            }
            i
        }))
    }
    fn as_prime(&self) -> Option<&dyn PrimeCurveOps> {
        Some(self)
    }
}

impl<F: PrimeField, A: AShape> PrimeCurveOps for PrimeCurve<F, A> {
    fn modulus(&self) -> &'static [u64] {
        F::modulus()
    }
    fn field_bits(&self) -> usize {
        F::BITS
    }
    fn decompress_with(&self, encoded: &[u8], method: SqrtMethod) -> Result<Vec<u8>, CurveOpError> {
        Ok(encode_point(
            &decode_point(&self.curve, encoded, method)?,
            false,
        ))
    }
    fn random_compressed(&self, n: usize, seed: u64) -> Vec<Vec<u8>> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        (0..n)
            .map(|_| {
                let r = random_below(&self.n, &mut rng);
                encode_point(&self.naf_mul(&r, &self.g, 4), true)
            })
            .collect()
    }
    fn decompress_counts(
        &self,
        points: &[Vec<u8>],
        method: SqrtMethod,
    ) -> Result<OpCounts, CurveOpError> {
        let (res, counts) = measure(|| {
            points
                .iter()
                .try_for_each(|p| decode_point(&self.counted, p, method).map(|_| ()))
        });
        res?;
        Ok(counts)
    }
    fn bench_decompress(
        &self,
        points: &[Vec<u8>],
        method: SqrtMethod,
        cfg: BenchConfig,
    ) -> Result<Timing, CurveOpError> {
        for p in points {
            decode_point(&self.curve, p, method)?;
        }
        let len = points.len().max(1);
        Ok(time_chain(cfg, 0usize, |iters, mut i| {
            for _ in 0..iters {
                let q = decode_point(&self.curve, black_box(&points[i % len]), method);
                i += 1 + black_box(q.is_err()) as usize;
            }
            i
        }))
    }
}

/// Build the registry entries: `name => FieldType, Shape` and, for the curves that offer
/// seed 002's methods, `, JacobianKind` (they must have h = 1).
macro_rules! prime_registry {
    ($($name:literal => $field:ty, $shape:ty $(, $jac:ty)?;)*) => {
        fn build() -> Vec<&'static dyn NamedCurve> {
            let find = |name: &str| {
                super::prime_params::PRIME_CURVES
                    .iter()
                    .find(|c| c.name == name)
                    .unwrap_or_else(|| panic!("no parameters for {name}"))
            };
            vec![$({
                #[allow(unused_mut)]
                let mut c = PrimeCurve::<$field, $shape>::new(find($name));
                $(
                    assert_eq!(c.params.h, 1, "seed 002's methods reduce k mod n");
                    c.shape_mul = Some(shape_mul::<$field, $jac>);
                )?
                &*Box::leak(Box::new(c)) as &'static dyn NamedCurve
            },)*]
        }
    };
}

use crate::curve::weierstrass::{AGeneric, AMinus3, AZero};
use crate::field::prime::specs::*;

// The field of each curve is its p; the shape is that of its a (checked on construction).
prime_registry! {
    "secp112r1" => FpSecp112, AMinus3;
    "secp112r2" => FpSecp112, AGeneric;
    "secp128r1" => FpSecp128r1, AMinus3;
    "secp128r2" => FpSecp128r1, AGeneric;
    "secp160k1" => FpSecp160k1, AZero;
    "secp160r1" => FpSecp160r1, AMinus3;
    "secp160r2" => FpSecp160k1, AMinus3;
    "secp192k1" => FpSecp192k1, AZero;
    "secp224k1" => FpSecp224k1, AZero;
    "secp224r1" => FpP224, AMinus3;
    "secp256k1" => FpSecp256k1, AZero, AnyA;
    "secp384r1" => FpP384, AMinus3;
    "secp521r1" => FpP521, AMinus3;
    "secp192r1" => FpP192, AMinus3;
    "prime192v2" => FpP192, AMinus3;
    "prime192v3" => FpP192, AMinus3;
    "prime239v1" => FpPrime239, AMinus3;
    "prime239v2" => FpPrime239, AMinus3;
    "prime239v3" => FpPrime239, AMinus3;
    "secp256r1" => FpP256, AMinus3, AMinusThree;
    "wap-wsg-idm-ecid-wtls8" => FpWtls8, AZero;
    "wap-wsg-idm-ecid-wtls9" => FpWtls9, AZero;
    "brainpoolP160r1" => FpBrainpoolP160, AGeneric;
    "brainpoolP160t1" => FpBrainpoolP160, AMinus3;
    "brainpoolP192r1" => FpBrainpoolP192, AGeneric;
    "brainpoolP192t1" => FpBrainpoolP192, AMinus3;
    "brainpoolP224r1" => FpBrainpoolP224, AGeneric;
    "brainpoolP224t1" => FpBrainpoolP224, AMinus3;
    "brainpoolP256r1" => FpBrainpoolP256, AGeneric;
    "brainpoolP256t1" => FpBrainpoolP256, AMinus3;
    "brainpoolP320r1" => FpBrainpoolP320, AGeneric;
    "brainpoolP320t1" => FpBrainpoolP320, AMinus3;
    "brainpoolP384r1" => FpBrainpoolP384, AGeneric;
    "brainpoolP384t1" => FpBrainpoolP384, AMinus3;
    "brainpoolP512r1" => FpBrainpoolP512, AGeneric;
    "brainpoolP512t1" => FpBrainpoolP512, AMinus3;
    "SM2" => FpSm2, AMinus3;
}

/// The named prime curves, built on first use.
pub fn prime_curves() -> &'static [&'static dyn NamedCurve] {
    static CURVES: OnceLock<Vec<&'static dyn NamedCurve>> = OnceLock::new();
    CURVES.get_or_init(build)
}
