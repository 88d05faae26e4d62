//! Named Edwards curves x² + y² = 1 + d·x²y² for seed 002's methods: `ed448` (RFC 8032
//! edwards448) and `e-521` (Aranha–Barreto–Pereira–Ricardini; Bernstein–Lange; Hamburg).
//!
//! **Encoding contract.** A point is `04 ‖ x ‖ y`, big-endian, each coordinate
//! ⌈bits(p)/8⌉ bytes, in the curve's own affine (x, y); the neutral element (0, 1) is
//! written the same way. There is no compressed form. `mul` takes any point of the curve
//! (the group has order 4ℓ, so k is reduced mod 4ℓ, which is right for every point).
//! The methods are seed 002's, all variable time: there is no ECDH here.

use super::named::{check_scalar_len, CurveOpError, NamedCurve};
use crate::encoding::{encode_uncompressed, parse_sec1, EncodingError, Sec1};
use crate::experiments::timing::{time_chain, BenchConfig, Timing};
use crate::field::prime::{hex_words, FpP448, FpP521};
use crate::field::PrimeField;
use crate::mul::modn::ScalarModulus;
use crate::mul::{random_below, MethodSpec, SpecError};
use crate::shape::edwards::Edwards;
use crate::shape::{CurveShape, ShapeMethod};
use core::hint::black_box;
use rand_core::SeedableRng;
use std::sync::OnceLock;

/// The published data of one named Edwards curve.
struct EdwardsParams {
    name: &'static str,
    aliases: &'static [&'static str],
    source: &'static str,
    /// d as a negative integer −d_abs (both curves have d < 0).
    d_abs: u64,
    gx: &'static str,
    gy: &'static str,
    /// The prime order ℓ of the base point, hex.
    order: &'static str,
}

/// RFC 8032 §5.2.5 (edwards448): d = −39081, the base point and ℓ = 2^446 −
/// 13818066809895115352007386748515426880336692474882178609894547503885.
const ED448: EdwardsParams = EdwardsParams {
    name: "ed448",
    aliases: &["edwards448"],
    source: "RFC 8032 §5.2 (edwards448)",
    d_abs: 39081,
    gx: "4f1970c66bed0ded221d15a622bf36da9e146570470f1767ea6de324a3d3a46412ae1af72ab66511433b80e18b00938e2626a82bc70cc05e",
    gy: "693f46716eb6bc248876203756c9c7624bea73736ca3984087789c1e05a0c2d73ad3ff1ce67c39c4fdbd132c4ed7c8ad9808795bf230fa14",
    order: "3fffffffffffffffffffffffffffffffffffffffffffffffffffffff7cca23e9c44edb49aed63690216cc2728dc58f552378c292ab5844f3",
};

/// E-521 (Aranha et al., ePrint 2013/647; SafeCurves): d = −376014, base point (x, 12)
/// and ℓ = 2^519 − 337554763258501705789107630418782636071904961214051226618635150085779108655765.
const E521: EdwardsParams = EdwardsParams {
    name: "e-521",
    aliases: &["e521"],
    source: "Aranha-Barreto-Pereira-Ricardini, ePrint 2013/647 (E-521)",
    d_abs: 376014,
    gx: "752cb45c48648b189df90cb2296b2878a3bfd9f42fc6c818ec8bf3c9c0c6203913f6ecc5ccc72434b1ae949d568fc99c6059d0fb13364838aa302a940a2f19ba6c",
    gy: "c",
    order: "7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffd15b6c64746fc85f736b8af5e7ec53f04fbd8c4569a8f1f4540ea2435f5180d6b",
};

/// One named Edwards curve over GF(p) with p of N words.
pub struct EdwardsNamed<F: PrimeField> {
    params: &'static EdwardsParams,
    curve: Edwards<F>,
    g: (F, F),
    order: Vec<u64>,
    /// 4ℓ = #E: \[k\]P = \[k mod 4ℓ\]P for every point P.
    group_order: Vec<u64>,
    /// 4ℓ with its Barrett constant, which reduces every scalar.
    group_mod: ScalarModulus,
}

fn words_of(hex: &str) -> Vec<u64> {
    let mut w = hex_words::<10>(hex).to_vec();
    while w.len() > 1 && w[w.len() - 1] == 0 {
        w.pop();
    }
    w
}

impl<F: PrimeField> EdwardsNamed<F> {
    fn new(params: &'static EdwardsParams) -> Self {
        let d = -F::from_u64(params.d_abs);
        let curve = Edwards::new(d).expect("published d is valid");
        let coord = |h: &str| {
            let mut w = hex_words::<10>(h).to_vec();
            w.truncate(F::modulus().len());
            F::from_words(&w).expect("published coordinate")
        };
        let g = (coord(params.gx), coord(params.gy));
        let order = words_of(params.order);
        let mut group_order = order.clone();
        group_order.push(0);
        // 4ℓ: two left shifts.
        let mut carry = 0u64;
        for w in group_order.iter_mut() {
            let out = *w >> 62;
            *w = (*w << 2) | carry;
            carry = out;
        }
        EdwardsNamed {
            params,
            curve,
            g,
            order,
            group_mod: ScalarModulus::new(&group_order).expect("4ℓ is not zero"),
            group_order,
        }
    }

    fn encode(&self, (x, y): (F, F)) -> Vec<u8> {
        encode_uncompressed(&x.to_bytes(), &y.to_bytes())
    }

    fn decode(&self, bytes: &[u8]) -> Result<(F, F), CurveOpError> {
        match parse_sec1(bytes, F::BYTES)? {
            Sec1::Uncompressed { x, y } => {
                let x = F::from_bytes(x).map_err(|_| EncodingError::CoordinateOutOfRange('x'))?;
                let y = F::from_bytes(y).map_err(|_| EncodingError::CoordinateOutOfRange('y'))?;
                self.curve
                    .from_affine(&x, &y)
                    .map_err(|_| EncodingError::NotOnCurve)?;
                Ok((x, y))
            }
            _ => Err(CurveOpError::Unsupported(format!(
                "{} points are written 04 ‖ x ‖ y only (no compressed form, no 00)",
                self.params.name
            ))),
        }
    }

    fn method(&self, spec: &MethodSpec) -> Result<ShapeMethod, SpecError> {
        ShapeMethod::from_spec(spec, crate::mul::bit_len(&self.group_order)).map_err(|e| match e {
            SpecError::Unknown { name, .. } => SpecError::Unknown {
                name,
                curve: self.params.name.to_string(),
            },
            other => other,
        })
    }

    fn mul_affine(&self, k: &[u64], p: (F, F), m: &ShapeMethod) -> Result<(F, F), CurveOpError> {
        let k = self.group_mod.reduce(k);
        let pt = self
            .curve
            .from_affine(&p.0, &p.1)
            .map_err(|_| EncodingError::NotOnCurve)?;
        let r = m
            .mul(&self.curve, &pt, &k)
            .map_err(|e| CurveOpError::Unsupported(e.to_string()))?;
        // Edwards curves have no point at infinity: every result has an affine form.
        self.curve
            .to_affine(&r)
            .ok_or_else(|| CurveOpError::Unsupported("no affine form".into()))
    }

    fn is_neutral(&self, p: (F, F)) -> bool {
        p.0.is_zero() && p.1 == F::one()
    }
}

impl<F: PrimeField> NamedCurve for EdwardsNamed<F> {
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
        &self.order
    }
    fn cofactor(&self) -> u32 {
        4
    }
    fn methods(&self) -> Vec<MethodSpec> {
        ShapeMethod::listed(crate::mul::bit_len(&self.group_order))
            .iter()
            .map(|m| m.to_string().parse().expect("printed specs parse"))
            .collect()
    }
    fn default_method(&self) -> MethodSpec {
        "naf:w=4".parse().expect("built-in spec")
    }
    fn check_method(&self, method: &MethodSpec) -> Result<(), SpecError> {
        self.method(method).map(|_| ())
    }
    fn generator(&self, _compressed: bool) -> Vec<u8> {
        self.encode(self.g)
    }
    fn mul(
        &self,
        k: &[u64],
        point: Option<&[u8]>,
        method: &MethodSpec,
        compressed: bool,
    ) -> Result<Vec<u8>, CurveOpError> {
        let m = self.method(method)?;
        check_scalar_len(k)?;
        if compressed {
            return Err(CurveOpError::Unsupported(format!(
                "{} has no compressed encoding",
                self.params.name
            )));
        }
        let p = match point {
            None => self.g,
            Some(enc) => self.decode(enc)?,
        };
        Ok(self.encode(self.mul_affine(k, p, &m)?))
    }
    fn decompress(&self, encoded: &[u8]) -> Result<Vec<u8>, CurveOpError> {
        Ok(self.encode(self.decode(encoded)?))
    }
    fn validate(&self, encoded: &[u8]) -> Result<(), CurveOpError> {
        let q = self.decode(encoded)?;
        if self.is_neutral(q) {
            return Err(CurveOpError::InfinityKey);
        }
        let naf = ShapeMethod::Naf { w: 4 };
        let k = self.order.clone();
        let pt = self
            .curve
            .from_affine(&q.0, &q.1)
            .map_err(|_| EncodingError::NotOnCurve)?;
        let r = naf
            .mul(&self.curve, &pt, &k)
            .map_err(|e| CurveOpError::Unsupported(e.to_string()))?;
        if !self.curve.is_neutral(&r) {
            return Err(CurveOpError::NotInSubgroup);
        }
        Ok(())
    }
    fn ecdh(&self, _private: &[u64], _peer: &[u8]) -> Result<Vec<u8>, CurveOpError> {
        Err(CurveOpError::Unsupported(format!(
            "no ECDH on {}: its methods (seed 002's) are variable time",
            self.params.name
        )))
    }
    fn bench_mul(
        &self,
        method: &MethodSpec,
        cfg: BenchConfig,
        seed: u64,
    ) -> Result<Timing, CurveOpError> {
        let m = self.method(method)?;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        const SAMPLES: usize = 8;
        let naf = ShapeMethod::Naf { w: 4 };
        let mut inputs = Vec::with_capacity(SAMPLES);
        for _ in 0..SAMPLES {
            let r = random_below(&self.order, &mut rng);
            let p = self.mul_affine(&r, self.g, &naf)?;
            let pt = self
                .curve
                .from_affine(&p.0, &p.1)
                .map_err(|_| EncodingError::NotOnCurve)?;
            inputs.push((random_below(&self.order, &mut rng), pt));
        }
        Ok(time_chain(cfg, 0usize, |iters, mut i| {
            for _ in 0..iters {
                let (k, p) = &inputs[i % SAMPLES];
                let q = m.mul(&self.curve, black_box(p), black_box(k));
                i += 1 + black_box(q.map_or(0, |q| self.curve.is_neutral(&q) as usize));
            }
            i
        }))
    }
}

/// `ed448` and `e-521`, built on first use.
pub fn edwards_curves() -> [&'static dyn NamedCurve; 2] {
    static ED: OnceLock<EdwardsNamed<FpP448>> = OnceLock::new();
    static E5: OnceLock<EdwardsNamed<FpP521>> = OnceLock::new();
    [
        ED.get_or_init(|| EdwardsNamed::new(&ED448)),
        E5.get_or_init(|| EdwardsNamed::new(&E521)),
    ]
}
