//! The ten NIST binary curves as [`NamedCurve`]s: each entry of
//! [`crate::curve::binary::BINARY_CURVES`] bound to its field type and its
//! [`CurveShape`].
//!
//! Points are SEC 1 octet strings (SEC 1 v2 §2.3.3–2.3.4): `00` for O,
//! `04 ‖ x ‖ y`, or `02`/`03 ‖ x` with ỹ = lowbit(y/x) (0 when x = 0), coordinates as
//! ⌈m/8⌉ big-endian bytes. Decoding is strict: a coordinate with a bit at or above m set is
//! `CoordinateOutOfRange`, an uncompressed point must satisfy the curve equation, a
//! compressed x must have a point (`NoPointWithX`), and x = 0 with ỹ = 1 is
//! `BadCompressionBit`. Decompression is [`BinaryCurve::decompress_xy`]
//! (I + H + 1M + 1S + 1C).
//!
//! The scalar multiplications are those of [`crate::mul::binary`] — all variable-time.
//! A compressed input point goes to them as (x, ỹ), so that the decompression is part of
//! the multiplication (the ladder folds it into its y-recovery).

use super::named::{check_scalar_len, CurveOpError, NamedCurve};
use crate::curve::binary::{
    params::BinaryCurveParams, Affine, AnyShape, BinaryCurve, Compressed, CurveShape, BINARY_CURVES,
};
use crate::encoding::{encode_compressed, encode_uncompressed, parse_sec1, EncodingError, Sec1};
use crate::experiments::timing::{time_chain, BenchConfig, Timing};
use crate::field::{BinaryField, BinaryFieldTask, FieldMap, Gf163, Gf233, Gf283, Gf409, Gf571};
use crate::mul::binary::{
    montgomery_compressed, montgomery_ct_compressed, mul_affine_with_order,
    mul_hinted_task_with_order, BinaryMethod, BinaryMulError, BOS_COSTER_DEFAULT_K, NAF_DEFAULT_W,
    NAF_SOLE_DEFAULT_W, WWW_DEFAULT_W, YAO_DEFAULT_K,
};
use crate::mul::binary_lambda::{HALVE_ADD_DEFAULT_W, HALVING_NEEDS, LAMBDA_NAF_DEFAULT_W};
use crate::mul::tnaf::{TNAF_DEFAULT_W, TNAF_NEEDS};
use crate::mul::tnaf_ct::TNAF_CT_DEFAULT_W;
use crate::mul::tnaf_rl::TNAF_RL_DEFAULT_W;
use crate::mul::xdbl::HintedPoint;
use crate::mul::{random_below, MethodSpec, SpecError};
use rand_core::SeedableRng;
use std::hint::black_box;
use std::sync::OnceLock;

/// The method used when none is named, and for public-key validation, on the B-curves
/// and random curves (the Koblitz curves use τNAF,
/// [`BinaryNamedCurve::default_binary_method`]; ECDH uses
/// [`BinaryNamedCurve::ecdh_method`]): the fastest measured (`ecsm bench --curve … --method …
/// --quick`, from (x, ỹ), on one AMD EPYC core with the VPCLMULQDQ backend, medians on a
/// loaded machine): on B-233 montgomery 20.7 µs, naf-sole:w=5 24.4 µs, naf:w=4 27.2 µs,
/// double-add 32.3 µs, montgomery-ct 23.0 µs; the ladder also leads on B-571 (and led on
/// B-163 and B-409 when last measured).
pub const DEFAULT_METHOD: BinaryMethod = BinaryMethod::Montgomery;

/// A SEC 1 point as it arrived: compressed points stay (x, ỹ) until a method
/// decompresses them; uncompressed ones are checked on the curve.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Parsed<F> {
    /// `00`, `02 ‖ x` or `03 ‖ x`, with x checked to be a field element.
    Compressed(Compressed<F>),
    /// `04 ‖ x ‖ y` on the curve.
    Affine(Affine<F>),
}

/// A coordinate's bytes (length already checked by `parse_sec1`) as a field element; the
/// only failure left is a bit at or above m.
fn coordinate<F: BinaryField>(bytes: &[u8], coord: char) -> Result<F, EncodingError> {
    F::from_bytes(bytes).map_err(|_| EncodingError::CoordinateOutOfRange(coord))
}

/// Parse a SEC 1 point strictly without decompressing it: container, ranges, and the
/// curve equation for uncompressed points.
pub fn parse_point<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    encoded: &[u8],
) -> Result<Parsed<F>, EncodingError> {
    match parse_sec1(encoded, F::BYTES)? {
        Sec1::Infinity => Ok(Parsed::Compressed(Compressed::Infinity)),
        Sec1::Compressed { y_bit, x } => {
            let x = coordinate(x, 'x')?;
            Ok(Parsed::Compressed(Compressed::Point { x, y_bit }))
        }
        Sec1::Uncompressed { x, y } => {
            let x = coordinate(x, 'x')?;
            let y = coordinate(y, 'y')?;
            let p = Affine::Point { x, y };
            if !curve.is_on_curve(&p) {
                return Err(EncodingError::NotOnCurve);
            }
            Ok(Parsed::Affine(p))
        }
    }
}

/// Decode a SEC 1 point strictly, decompressing compressed points.
pub fn decode_point<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    encoded: &[u8],
) -> Result<Affine<F>, EncodingError> {
    match parse_point(curve, encoded)? {
        Parsed::Compressed(c) => curve.decompress(&c),
        Parsed::Affine(p) => Ok(p),
    }
}

/// SEC 1 encoding of an affine point; compressing costs I + 1M (ỹ = lowbit(y/x)).
pub fn encode_point<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    p: &Affine<F>,
    compressed: bool,
) -> Vec<u8> {
    match p {
        Affine::Infinity => vec![0],
        Affine::Point { x, .. } if compressed => {
            encode_compressed(&x.to_bytes(), curve.compression_bit(p))
        }
        Affine::Point { x, y } => encode_uncompressed(&x.to_bytes(), &y.to_bytes()),
    }
}

/// One scalar multiplication as a [`BinaryFieldTask`]: the curve and the point are mapped
/// into the field type the task runs on, the method runs there, and the result is mapped
/// back. On the named curves' fields (`Gf2m` over `Auto`) that is the concrete backend
/// picked once per multiplication, so that every field operation of the method inlines
/// into its loop instead of being a dispatched call (the costs are those of the generic
/// code: the maps copy words).
struct MulTask<'a, F, S> {
    curve: &'a BinaryCurve<F, S>,
    /// n, for halve-and-add.
    order: &'a [u64],
    method: BinaryMethod,
    k: &'a [u64],
    p: &'a Parsed<F>,
}

impl<F: BinaryField, S: CurveShape> BinaryFieldTask<F> for MulTask<'_, F, S> {
    type Output = Result<Affine<F>, BinaryMulError>;
    /// See [`BinaryMethod::pairs_products`].
    #[inline(always)]
    fn pairs(&self) -> bool {
        self.method.pairs_products()
    }
    #[inline(always)]
    fn run<G: BinaryField, M: FieldMap<F, G>>(self, map: M) -> Self::Output {
        let to = |f: F| map.to(f);
        let curve = self.curve.map_field(to);
        // As `mul_compressed`, with a single call of `mul_affine`.
        let q = match self.p {
            Parsed::Compressed(c) if self.method == BinaryMethod::Montgomery => {
                montgomery_compressed(&curve, self.k, &c.map(to))?
            }
            Parsed::Compressed(c) if self.method == BinaryMethod::MontgomeryCt => {
                montgomery_ct_compressed(&curve, self.k, &c.map(to))?
            }
            _ => {
                let p = match self.p {
                    Parsed::Affine(p) => p.map(to),
                    Parsed::Compressed(c) => curve.decompress(&c.map(to))?,
                };
                mul_affine_with_order(&curve, Some(self.order), self.method, self.k, &p)?
            }
        };
        Ok(q.map(|g| map.back(g)))
    }
}

/// A named binary curve over the field `F` with constants of shape `S`.
pub struct BinaryNamedCurve<F: BinaryField, S: CurveShape> {
    params: &'static BinaryCurveParams,
    curve: BinaryCurve<F, S>,
    g: Affine<F>,
    n: Vec<u64>,
}

impl<F: BinaryField, S: CurveShape> BinaryNamedCurve<F, S> {
    /// Bind a parameter-table entry to the field `F` and shape `S`. Panics if the entry
    /// does not fit them (degree, shape, G on the curve): the registry below is checked by
    /// the tests.
    pub fn new(params: &'static BinaryCurveParams) -> Self {
        let (curve, g) =
            BinaryCurve::from_params(params).unwrap_or_else(|e| panic!("{}: {e}", params.name));
        let n = params.order_words().expect("parameter tables hold hex");
        BinaryNamedCurve {
            params,
            curve,
            g,
            n,
        }
    }

    /// The curve.
    pub fn curve(&self) -> &BinaryCurve<F, S> {
        &self.curve
    }

    /// The generator G.
    pub fn generator_point(&self) -> Affine<F> {
        self.g
    }

    /// The published parameters.
    pub fn params(&self) -> &'static BinaryCurveParams {
        self.params
    }

    /// \[k\]P with the default method or the ladder, which take any point and k.
    fn mul_point(&self, k: &[u64], p: &Affine<F>, method: BinaryMethod) -> Affine<F> {
        self.mul_parsed(k, &Parsed::Affine(*p), method)
            .expect("an affine point needs no decompression")
    }

    /// The method used when none is named, and for the check \[n\]Q = O of public keys:
    /// [`DEFAULT_METHOD`] (the ladder), except on the Koblitz curves, where the τ-adic
    /// methods are faster than the ladder at every degree (README, τ-adic methods; medians
    /// on 2026-11-27, before `tnaf` cut its expansion in two: K-163 8.8–8.9 against
    /// 10.7–10.8 µs, K-233 10.0 against 12.2 µs, up to K-571 62–69 against 130 µs):
    /// `tnaf-rl:w=4` up to degree 409 and `tnaf:w=4` on K-571, the faster of the two on
    /// each curve (the AMD Zen 5 of stop 59, native build, from the decoded point, the
    /// two alternated in one build, medians of 4–6 pairs' ratios: `tnaf-rl` over `tnaf`
    /// 0.938 on K-163, 0.766 on K-233, 0.878 on K-283, 0.922 on K-409 and 1.043 on K-571).
    pub fn default_binary_method(&self) -> BinaryMethod {
        match (self.params.is_koblitz(), self.params.m) {
            (true, ..=409) => BinaryMethod::TnafRl(TNAF_RL_DEFAULT_W),
            (true, _) => BinaryMethod::Tnaf(TNAF_DEFAULT_W),
            _ => DEFAULT_METHOD,
        }
    }

    /// The constant-time method of `ecdh`: `tnaf-ct` on the Koblitz curves (faster than the
    /// ladder there, see the README), `montgomery-ct` on the others.
    pub fn ecdh_method(&self) -> BinaryMethod {
        if self.params.is_koblitz() {
            BinaryMethod::TnafCt(TNAF_CT_DEFAULT_W)
        } else {
            BinaryMethod::MontgomeryCt
        }
    }

    /// True when halve-and-add applies: Tr(a2) = 1 (so #E = 2·odd) and cofactor 2, the
    /// five B-curves and K-163.
    pub fn halving_applies(&self) -> bool {
        self.params.h == 2 && self.curve.halving_applies()
    }

    /// The method a spec names, if this curve offers it: halve-add only where
    /// [`Self::halving_applies`], tnaf only on the Koblitz curves.
    pub fn method(&self, spec: &MethodSpec) -> Result<BinaryMethod, SpecError> {
        let m = BinaryMethod::from_spec(spec, self.params.name)?;
        let not_applicable = |reason: &str| SpecError::NotApplicable {
            name: spec.name.clone(),
            curve: self.params.name.to_string(),
            reason: reason.to_string(),
        };
        if matches!(m, BinaryMethod::HalveAdd(_)) && !self.halving_applies() {
            return Err(not_applicable(HALVING_NEEDS));
        }
        if matches!(
            m,
            BinaryMethod::Tnaf(_) | BinaryMethod::TnafCt(_) | BinaryMethod::TnafRl(_)
        ) && !self.params.is_koblitz()
        {
            return Err(not_applicable(TNAF_NEEDS));
        }
        Ok(m)
    }

    /// \[k\]P with `method`, run as one [`BinaryField::run_task`] (see [`MulTask`]).
    fn mul_parsed(
        &self,
        k: &[u64],
        p: &Parsed<F>,
        method: BinaryMethod,
    ) -> Result<Affine<F>, CurveOpError> {
        F::run_task(MulTask {
            curve: &self.curve,
            order: &self.n,
            method,
            k,
            p,
        })
        .map_err(|e| match e {
            BinaryMulError::Encoding(e) => e.into(),
            e @ BinaryMulError::NotApplicable { .. } => CurveOpError::Unsupported(e.to_string()),
            e @ (BinaryMulError::Recode(_)
            | BinaryMulError::MissingHint { .. }
            | BinaryMulError::BadParameter { .. }) => {
                unreachable!("widths checked by from_spec, hints derived: {e}")
            }
        })
    }

    fn decode(&self, encoded: &[u8]) -> Result<Affine<F>, EncodingError> {
        decode_point(&self.curve, encoded)
    }

    /// \[n\]Q = O. Needed on every binary curve: their cofactors are 2 and 4, so the full
    /// group has points of order 2n, 4n, 2, 4 outside the subgroup.
    fn in_subgroup(&self, q: &Affine<F>) -> bool {
        self.mul_point(&self.n, q, self.default_binary_method())
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

impl<F: BinaryField, S: CurveShape> NamedCurve for BinaryNamedCurve<F, S> {
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
        format!("GF(2^{})", F::DEGREE)
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
        let halve = self
            .halving_applies()
            .then_some(BinaryMethod::HalveAdd(HALVE_ADD_DEFAULT_W));
        let tnaf = self.params.is_koblitz().then_some([
            BinaryMethod::Tnaf(TNAF_DEFAULT_W),
            BinaryMethod::TnafRl(TNAF_RL_DEFAULT_W),
            BinaryMethod::TnafCt(TNAF_CT_DEFAULT_W),
        ]);
        [
            BinaryMethod::DoubleAdd,
            BinaryMethod::Naf(NAF_DEFAULT_W),
            BinaryMethod::NafSole(NAF_SOLE_DEFAULT_W),
            BinaryMethod::LambdaNaf(LAMBDA_NAF_DEFAULT_W),
        ]
        .into_iter()
        .chain(halve)
        .chain(tnaf.into_iter().flatten())
        .chain([
            BinaryMethod::Montgomery,
            BinaryMethod::XJsf(1),
            BinaryMethod::XJsf(2),
            BinaryMethod::XJsf(3),
            BinaryMethod::Www {
                w: WWW_DEFAULT_W,
                sole: false,
            },
            BinaryMethod::Www {
                w: WWW_DEFAULT_W,
                sole: true,
            },
            BinaryMethod::BosCoster(BOS_COSTER_DEFAULT_K),
            BinaryMethod::Yao(YAO_DEFAULT_K),
            BinaryMethod::MontgomeryCt,
        ])
        .map(|m| m.spec())
        .collect()
    }
    fn default_method(&self) -> MethodSpec {
        self.default_binary_method().spec()
    }
    fn check_method(&self, method: &MethodSpec) -> Result<(), SpecError> {
        self.method(method).map(|_| ())
    }
    fn generator(&self, compressed: bool) -> Vec<u8> {
        encode_point(&self.curve, &self.g, compressed)
    }
    fn mul(
        &self,
        k: &[u64],
        point: Option<&[u8]>,
        method: &MethodSpec,
        compressed: bool,
    ) -> Result<Vec<u8>, CurveOpError> {
        let method = self.method(method)?;
        check_scalar_len(k)?;
        let p = match point {
            None => Parsed::Affine(self.g),
            Some(enc) => parse_point(&self.curve, enc)?,
        };
        let q = self.mul_parsed(k, &p, method)?;
        Ok(encode_point(&self.curve, &q, compressed))
    }
    fn decompress(&self, encoded: &[u8]) -> Result<Vec<u8>, CurveOpError> {
        Ok(encode_point(&self.curve, &self.decode(encoded)?, false))
    }
    fn validate(&self, encoded: &[u8]) -> Result<(), CurveOpError> {
        self.validated(encoded).map(|_| ())
    }
    /// The shared secret x(\[d\]Q) by [`Self::ecdh_method`]: the range check of d and the
    /// method do not branch on d (see [`crate::mul::binary::montgomery_ct`] and
    /// [`crate::mul::tnaf_ct`] for exactly what is constant-time); the peer's point is
    /// public and is validated by the variable-time default method.
    fn ecdh(&self, private: &[u64], peer: &[u8]) -> Result<Vec<u8>, CurveOpError> {
        if !ct_in_range(private, &self.n) {
            return Err(CurveOpError::PrivateKeyOutOfRange);
        }
        let q = self.validated(peer)?;
        // Both methods read the key in place (`tnaf-ct` wipes its digits).
        match self.mul_point(private, &q, self.ecdh_method()) {
            Affine::Infinity => Err(CurveOpError::SharedInfinity),
            Affine::Point { x, .. } => Ok(x.to_bytes()),
        }
    }
    /// Times \[k\]P from P given as x(P) and its hint bits (seed 000 §3.4; the methods
    /// without x-doublings read b_0 = ỹ only, i.e. SEC 1's compressed form), the
    /// decompression included (it is part of every method here), for random P = \[r\]G and
    /// k below n. The hint bits are the owner's one-off precomputation, made before timing.
    fn bench_mul(
        &self,
        method: &MethodSpec,
        cfg: BenchConfig,
        seed: u64,
    ) -> Result<Timing, CurveOpError> {
        let method = self.method(method)?;
        let inputs: Vec<(Vec<u64>, HintedPoint<F>)> = self
            .bench_inputs(seed)
            .into_iter()
            .map(|(k, p)| {
                let hinted = HintedPoint::from_point(&self.curve, &p, self.curve.hint_count())
                    .expect("r < n, so [r]G ≠ O");
                (k, hinted)
            })
            .collect();
        time_inputs(cfg, &inputs, |k, p| {
            mul_hinted_task_with_order(&self.curve, Some(&self.n), method, k, p).map_err(
                |e| match e {
                    BinaryMulError::Encoding(e) => CurveOpError::from(e),
                    e => CurveOpError::Unsupported(e.to_string()),
                },
            )
        })
    }
    fn bench_input_hinted(&self) -> bool {
        true
    }
    /// [`Self::bench_mul`]'s points and scalars, P given affine: no decompression. Refused
    /// for the x-doubling methods of seed 000, which read hint bits of P beyond ỹ: from an
    /// affine point they would derive them inside the timing (about doubling it on
    /// B-163), where that is the point owner's one-off work.
    fn bench_mul_affine(
        &self,
        spec: &MethodSpec,
        cfg: BenchConfig,
        seed: u64,
    ) -> Result<Timing, CurveOpError> {
        let method = self.method(spec)?;
        if method
            .hint_indices(crate::mul::bit_len(&self.n))
            .iter()
            .any(|&i| i > 0)
        {
            return Err(CurveOpError::Unsupported(format!(
                "{spec} starts from x(P) and hint bits (seed 000 §3.4): time it with \
                 --input hinted"
            )));
        }
        let inputs: Vec<(Vec<u64>, Parsed<F>)> = self
            .bench_inputs(seed)
            .into_iter()
            .map(|(k, p)| (k, Parsed::Affine(p)))
            .collect();
        time_inputs(cfg, &inputs, |k, p| self.mul_parsed(k, p, method))
    }
}

/// Inputs per binary-curve benchmark, taken in turn.
const BENCH_SAMPLES: usize = 8;

/// Runs `mul` once on each of the [`BENCH_SAMPLES`] inputs (returning its first error),
/// then times it on them in turn.
fn time_inputs<P, T>(
    cfg: BenchConfig,
    inputs: &[(Vec<u64>, P)],
    mul: impl Fn(&[u64], &P) -> Result<T, CurveOpError>,
) -> Result<Timing, CurveOpError> {
    for (k, p) in inputs {
        mul(k, p)?;
    }
    Ok(time_chain(cfg, 0usize, |iters, mut i| {
        for _ in 0..iters {
            let (k, p) = &inputs[i % BENCH_SAMPLES];
            let q = mul(black_box(k), black_box(p));
            i += 1 + black_box(q.is_err()) as usize;
        }
        i
    }))
}

impl<F: BinaryField, S: CurveShape> BinaryNamedCurve<F, S> {
    /// The benchmarks' scalars k and points P = \[r\]G, k and r random below n, drawn
    /// from `seed` in that order (r, then k).
    fn bench_inputs(&self, seed: u64) -> Vec<(Vec<u64>, Affine<F>)> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        (0..BENCH_SAMPLES)
            .map(|_| {
                let r = random_below(&self.n, &mut rng);
                let p = self.mul_point(&r, &self.g, DEFAULT_METHOD);
                (random_below(&self.n, &mut rng), p)
            })
            .collect()
    }
}

/// 0 < d < n, decided from all the words of both (the borrow of d − n and the OR of d),
/// with no early exit: only the answer is revealed.
pub(crate) fn ct_in_range(d: &[u64], n: &[u64]) -> bool {
    let (mut borrow, mut any) = (false, 0u64);
    for i in 0..d.len().max(n.len()) {
        let (a, b) = (
            d.get(i).copied().unwrap_or(0),
            n.get(i).copied().unwrap_or(0),
        );
        let (t, b1) = a.overflowing_sub(b);
        let (_, b2) = t.overflowing_sub(u64::from(borrow));
        borrow = b1 | b2;
        any |= a;
    }
    borrow & (any != 0)
}

/// Build the registry entries: `name => FieldType, Shape`.
macro_rules! binary_registry {
    ($($name:literal => $field:ty, $shape:ty;)*) => {
        fn build() -> Vec<&'static dyn NamedCurve> {
            let find = |name: &str| {
                BINARY_CURVES
                    .iter()
                    .find(|c| c.name == name)
                    .unwrap_or_else(|| panic!("no parameters for {name}"))
            };
            vec![$(
                &*Box::leak(Box::new(BinaryNamedCurve::<$field, $shape>::new(find($name))))
                    as &'static dyn NamedCurve,
            )*]
        }
    };
}

// K-163 has a2 = 1; the other Koblitz curves a2 = 0; every B-curve a2 = 1 (FIPS 186-4
// D.1.3). One shape type for all ([`AnyShape`], read at run time): a fixed shape per curve
// would compile every method twice per degree and backend.
binary_registry! {
    "sect163k1" => Gf163, AnyShape;
    "sect163r2" => Gf163, AnyShape;
    "sect233k1" => Gf233, AnyShape;
    "sect233r1" => Gf233, AnyShape;
    "sect283k1" => Gf283, AnyShape;
    "sect283r1" => Gf283, AnyShape;
    "sect409k1" => Gf409, AnyShape;
    "sect409r1" => Gf409, AnyShape;
    "sect571k1" => Gf571, AnyShape;
    "sect571r1" => Gf571, AnyShape;
}

/// The named binary curves, built on first use.
pub fn binary_curves() -> &'static [&'static dyn NamedCurve] {
    static CURVES: OnceLock<Vec<&'static dyn NamedCurve>> = OnceLock::new();
    CURVES.get_or_init(build)
}
