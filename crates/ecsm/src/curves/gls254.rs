//! The GLS254 curves ([`crate::gls`]) as [`NamedCurve`]s: `gls254` and `gls254-ches2013`.
//!
//! **Encoding.** An element c₀ + c₁·u of GF(2^254) is 32 bytes: c₁ then c₀, each 16 bytes
//! big-endian (bit i of the integer is the coefficient of z^i). A point is SEC 1-like:
//! `00` for O, `04 ‖ x ‖ y` (65 bytes), or `02`/`03 ‖ x` where the bit is bit 0 of c₀ of
//! y/x. Decoding is strict ([`crate::curves::binary::parse_point`]): lengths, coordinates
//! in range, the curve equation, a solvable compressed x.
//!
//! **Subgroup.** #E = 2r. Every GLS method relies on ψ = \[μ\], which holds on the
//! subgroup of order r only, so `mul`, `validate` and `ecdh` reject any other point
//! (T = (0, √b), and P + T for P in the subgroup) with [`CurveOpError::NotInSubgroup`].
//! The test is one trace: with Tr(a2) = Tr(u) = 1 and r odd, a finite P lies in the
//! subgroup 2E exactly when Tr(x(P)) = Tr(a2) (Seroussi 1998; HMV §3.6.1); the tests check
//! it against \[r\]P = O.

use super::binary::{ct_in_range, decode_point, encode_point, parse_point, Parsed};
use super::named::{check_scalar_len, CurveOpError, NamedCurve};
use crate::backend::{Auto, Backend, BackendTask};
use crate::curve::binary::{Affine, BinaryCurve};
use crate::experiments::timing::{time_chain, BenchConfig, Timing};
use crate::field::{BinaryField, Field, Gf127, Gf254, Gf2Ext};
use crate::gls::methods::{gls_mul, GlsCurve, GlsMethod, GlsMulError};
use crate::gls::{GlsParams, GlvScalars, GLS_CURVES};
use crate::mul::{random_below, MethodSpec, SpecError};
use rand_core::SeedableRng;
use std::hint::black_box;
use std::sync::OnceLock;

/// The method used when none is named and for the subgroup-free operations: the fastest
/// single-thread method measured here (`ecsm bench --curve gls254`, native build, one core,
/// the `vpclmul` GF(2^254) product: lambda-dbl-add:w=4 17.1–17.4 µs against
/// lambda-halve-add:w=4 20.2–20.3 µs in a slow phase of the machine, 2026-11-26; the seed's
/// Haswell figures have halve-and-add ahead, by 10 %).
pub const GLS_DEFAULT_METHOD: GlsMethod =
    GlsMethod::LambdaDblAdd(crate::gls::methods::GLS_DEFAULT_W);
/// The method of `ecdh`.
pub const GLS_ECDH_METHOD: GlsMethod = GlsMethod::LambdaCt(crate::gls::methods::GLS_CT_DEFAULT_W);

/// GF(2^127) from its integer form (bit i = coefficient of z^i).
fn gf127(v: u128) -> Gf127 {
    Gf127::from_limbs([v as u64, (v >> 64) as u64]).unwrap_or_else(|_| {
        unreachable!("the parameter table holds 127-bit values (checked by the tests)")
    })
}

/// GF(2^254) from (c₀, c₁).
pub fn gf254(c: (u128, u128)) -> Gf254 {
    Gf2Ext::new(gf127(c.0), gf127(c.1))
}

/// One scalar multiplication run on the backend picked at run time, so that the
/// GF(2^127) products inline into the method ([`crate::backend::dispatch`]).
struct MulTask<'a> {
    curve: &'a GlsCurve<Gf254>,
    glv: &'a GlvScalars,
    method: GlsMethod,
    k: &'a [u64],
    p: &'a Affine<Gf254>,
}

impl BackendTask for MulTask<'_> {
    type Output = Result<Affine<Gf254>, GlsMulError>;
    const WORDS: usize = 2;
    const EXT2: bool = true;
    #[inline(always)]
    fn run<C: Backend>(self) -> Self::Output {
        let to = |f: Gf254| Gf2Ext::new(f.c0.with_backend::<C>(), f.c1.with_backend::<C>());
        let curve = self.curve.map_field(to);
        let q = gls_mul(&curve, self.glv, self.method, self.k, &self.p.map(to))?;
        Ok(q.map(|g| Gf2Ext::new(g.c0.with_backend::<Auto>(), g.c1.with_backend::<Auto>())))
    }
}

/// A named GLS254 curve.
pub struct GlsNamedCurve {
    params: &'static GlsParams,
    curve: GlsCurve<Gf254>,
    g: Affine<Gf254>,
    glv: GlvScalars,
    n: Vec<u64>,
    /// The measured split of `lambda-parallel`, per width w (index w; widths are at most 8).
    parallel_t: [OnceLock<usize>; 9],
}

impl GlsNamedCurve {
    /// Bind a parameter entry. Panics on a malformed entry (the two in [`GLS_CURVES`] are
    /// checked by the tests).
    pub fn new(params: &'static GlsParams) -> Self {
        let a6 = Gf2Ext::new(gf127(params.b), Gf127::zero());
        let curve =
            BinaryCurve::new(Gf254::u(), a6).unwrap_or_else(|e| panic!("{}: {e}", params.name));
        let x = gf254(params.gx);
        let g = Affine::new(x, x * (x + gf254(params.gl)));
        let glv =
            GlvScalars::new(params.r, params.t).unwrap_or_else(|e| panic!("{}: {e}", params.name));
        GlsNamedCurve {
            params,
            curve,
            g,
            n: params.r.to_vec(),
            glv,
            parallel_t: Default::default(),
        }
    }

    /// The curve.
    pub fn curve(&self) -> &GlsCurve<Gf254> {
        &self.curve
    }
    /// The generator.
    pub fn generator_point(&self) -> Affine<Gf254> {
        self.g
    }
    /// The scalar arithmetic (r, μ, the split).
    pub fn glv(&self) -> &GlvScalars {
        &self.glv
    }
    /// The published parameters.
    pub fn params(&self) -> &'static GlsParams {
        self.params
    }

    /// True for O and for the points of the subgroup of order r: Tr(x) = Tr(a2) (module
    /// documentation). One trace.
    pub fn in_subgroup(&self, p: &Affine<Gf254>) -> bool {
        match p {
            Affine::Infinity => true,
            Affine::Point { x, .. } => x.trace() == self.curve.a2().trace(),
        }
    }

    /// \[k\]P with `method` for P in the subgroup (checked by the callers), `lambda-parallel`
    /// without t taking the split measured once per process and width.
    pub fn mul_point(
        &self,
        k: &[u64],
        p: &Affine<Gf254>,
        method: GlsMethod,
    ) -> Result<Affine<Gf254>, GlsMulError> {
        method.validate()?;
        let method = self.resolve(method);
        crate::backend::dispatch(MulTask {
            curve: &self.curve,
            glv: &self.glv,
            method,
            k,
            p,
        })
    }

    /// `method` with the split of `lambda-parallel` filled in when it was left out: the
    /// one measured once per process and width.
    fn resolve(&self, method: GlsMethod) -> GlsMethod {
        match method {
            GlsMethod::LambdaParallel { w, t: None } => GlsMethod::LambdaParallel {
                w,
                t: Some(match self.parallel_t.get(w) {
                    Some(cell) => *cell.get_or_init(|| self.measure_parallel_t(w)),
                    None => crate::gls::parallel::DEFAULT_T,
                }),
            },
            m => m,
        }
    }

    /// The split t of `lambda-parallel` that ran fastest here: candidates 16..=96 in steps
    /// of 8, each timed as the median of 25 multiplications of G by a fixed scalar, after
    /// 20 ms of warm-up (about 25 ms in all, once per process and width). The
    /// candidates take turns over several rounds, so that a noisy stretch of the machine
    /// does not fall on one candidate's runs only. (The minimum of each candidate's runs,
    /// used before, favoured the smallest t, whose rare fast runs say little about the
    /// typical one.)
    fn measure_parallel_t(&self, w: usize) -> usize {
        const ROUNDS: usize = 5;
        const RUNS: usize = 5;
        const WARM_UP: std::time::Duration = std::time::Duration::from_millis(20);
        let k = [
            0x0123_4567_89ab_cdef_u64,
            0xfedc_ba98_7654_3210,
            0x0f1e_2d3c_4b5a_6978,
            0x1000_0000_0000_0000,
        ];
        let run = |t: usize| {
            let start = std::time::Instant::now();
            let m = GlsMethod::LambdaParallel { w, t: Some(t) };
            let _ = black_box(crate::backend::dispatch(MulTask {
                curve: &self.curve,
                glv: &self.glv,
                method: m,
                k: &k,
                p: &self.g,
            }));
            start.elapsed()
        };
        // Both threads busy for a while first: the worker's first jobs after it starts
        // (and a processor waking from idle) are slower, which favoured small t. With
        // 20 ms, eight processes in a row picked t = 48–56; with 5 ms, six picked 16–72.
        let warm = std::time::Instant::now();
        while warm.elapsed() < WARM_UP {
            run(crate::gls::parallel::DEFAULT_T);
        }
        let candidates: Vec<usize> = (16..=96).step_by(8).collect();
        let mut runs = vec![Vec::with_capacity(ROUNDS * RUNS); candidates.len()];
        for _ in 0..ROUNDS {
            for (&t, runs) in candidates.iter().zip(runs.iter_mut()) {
                for _ in 0..RUNS {
                    runs.push(run(t));
                }
            }
        }
        let median = |runs: &mut Vec<std::time::Duration>| {
            runs.sort_unstable();
            runs.get(runs.len() / 2).copied().unwrap_or_default()
        };
        candidates
            .iter()
            .zip(runs.iter_mut())
            .map(|(&t, runs)| (t, median(runs)))
            .min_by_key(|&(_, d)| d)
            .map_or(crate::gls::parallel::DEFAULT_T, |(t, _)| t)
    }

    fn parse_subgroup(&self, encoded: &[u8]) -> Result<Affine<Gf254>, CurveOpError> {
        let p = match parse_point(&self.curve, encoded)? {
            Parsed::Affine(p) => p,
            Parsed::Compressed(c) => self.curve.decompress(&c)?,
        };
        if !self.in_subgroup(&p) {
            return Err(CurveOpError::NotInSubgroup);
        }
        Ok(p)
    }

    fn method(&self, spec: &MethodSpec) -> Result<GlsMethod, SpecError> {
        GlsMethod::from_spec(spec, self.params.name)
    }
}

fn mul_error(e: GlsMulError) -> CurveOpError {
    CurveOpError::Unsupported(e.to_string())
}

impl NamedCurve for GlsNamedCurve {
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
        "GF(2^254)".to_string()
    }
    fn field_bytes(&self) -> usize {
        Gf254::BYTES
    }
    fn order(&self) -> &[u64] {
        &self.n
    }
    fn cofactor(&self) -> u32 {
        2
    }
    fn methods(&self) -> Vec<MethodSpec> {
        GlsMethod::all().iter().map(GlsMethod::spec).collect()
    }
    fn default_method(&self) -> MethodSpec {
        GLS_DEFAULT_METHOD.spec()
    }
    fn check_method(&self, method: &MethodSpec) -> Result<(), SpecError> {
        self.method(method).map(|_| ())
    }
    fn generator(&self, compressed: bool) -> Vec<u8> {
        encode_point(&self.curve, &self.g, compressed)
    }
    fn resolved_method(&self, method: &MethodSpec) -> Option<MethodSpec> {
        let m = self.method(method).ok()?;
        let r = self.resolve(m);
        (r != m).then(|| r.spec())
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
            None => self.g,
            Some(enc) => self.parse_subgroup(enc)?,
        };
        let q = self.mul_point(k, &p, method).map_err(mul_error)?;
        Ok(encode_point(&self.curve, &q, compressed))
    }
    fn decompress(&self, encoded: &[u8]) -> Result<Vec<u8>, CurveOpError> {
        let p: Affine<Gf254> = decode_point(&self.curve, encoded)?;
        Ok(encode_point(&self.curve, &p, false))
    }
    fn validate(&self, encoded: &[u8]) -> Result<(), CurveOpError> {
        let p = self.parse_subgroup(encoded)?;
        if p.is_infinity() {
            return Err(CurveOpError::InfinityKey);
        }
        Ok(())
    }
    /// x(\[d\]Q) by `lambda-ct` ([`crate::gls::ct`] says what is constant-time); the range
    /// check of d does not branch on d; the peer's point is public.
    fn ecdh(&self, private: &[u64], peer: &[u8]) -> Result<Vec<u8>, CurveOpError> {
        if !ct_in_range(private, &self.n) {
            return Err(CurveOpError::PrivateKeyOutOfRange);
        }
        let q = self.parse_subgroup(peer)?;
        if q.is_infinity() {
            return Err(CurveOpError::InfinityKey);
        }
        match self
            .mul_point(private, &q, GLS_ECDH_METHOD)
            .map_err(mul_error)?
        {
            Affine::Infinity => Err(CurveOpError::SharedInfinity),
            Affine::Point { x, .. } => Ok(x.to_bytes()),
        }
    }
    /// Times \[k\]P for random P = \[s\]G and k below r, P given in affine coordinates.
    fn bench_mul(
        &self,
        method: &MethodSpec,
        cfg: BenchConfig,
        seed: u64,
    ) -> Result<Timing, CurveOpError> {
        let method = self.method(method)?;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        const SAMPLES: usize = 8;
        let mut inputs = Vec::with_capacity(SAMPLES);
        for _ in 0..SAMPLES {
            let s = random_below(&self.n, &mut rng);
            let p = self
                .mul_point(&s, &self.g, GLS_DEFAULT_METHOD)
                .map_err(mul_error)?;
            inputs.push((random_below(&self.n, &mut rng), p));
        }
        self.mul_point(&inputs[0].0, &inputs[0].1, method)
            .map_err(mul_error)?;
        Ok(time_chain(cfg, 0usize, |iters, mut i| {
            for _ in 0..iters {
                let (k, p) = &inputs[i % SAMPLES];
                let q = self.mul_point(black_box(k), black_box(p), method);
                i += 1 + black_box(q.is_err()) as usize;
            }
            i
        }))
    }
}

/// The GLS curves, built on first use.
pub fn gls_curves() -> &'static [GlsNamedCurve] {
    static CURVES: OnceLock<Vec<GlsNamedCurve>> = OnceLock::new();
    CURVES.get_or_init(|| GLS_CURVES.iter().map(GlsNamedCurve::new).collect())
}

/// A GLS curve by name or alias.
pub fn find_gls_named(name: &str) -> Option<&'static GlsNamedCurve> {
    gls_curves().iter().find(|c| {
        c.params.name.eq_ignore_ascii_case(name)
            || c.params
                .aliases
                .iter()
                .any(|a| a.eq_ignore_ascii_case(name))
    })
}
