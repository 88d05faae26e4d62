//! Variable-base scalar multiplication on binary curves y² + xy = x³ + a2·x² + a6
//! (seed 000 §2.3 and §2.5): double-and-add and NAF_w in López–Dahab coordinates, and the
//! Montgomery–López–Dahab ladder on (X : Z).
//!
//! Every method runs on an affine point ([`mul_affine`]) and on a point given as
//! (x, ỹ) ([`mul_compressed`]; [`Compressed`] is the form in which seed 000 assumes points
//! are transmitted), where the decompression is part of the work and of the measured cost.
//! The ladder needs y(P) only at the very end, so [`montgomery_compressed`] folds the
//! decompression into the y-recovery and shares its inversion.
//!
//! **Every method here but [`montgomery_ct`] is variable-time**: they branch on the
//! scalar's bits or digits (the ladder swaps its two registers by a branch) and on
//! special points. Use them on public scalars, or where timing does not matter.
//! [`montgomery_ct`] runs a fixed number of ladder steps with masked selections and a
//! constant-time inversion; its documentation lists exactly what it still branches on.
//!
//! The λ-coordinate methods of seed 001, `lambda-naf` and `halve-add`, are in
//! [`crate::mul::binary_lambda`]; every method is selected by [`BinaryMethod`].
//!
//! Costs (measured on [`crate::cost::Counted`] by `tests/heavy/binary_named.rs` and
//! `tests/heavy/binary_lambda.rs`; ℓ = bit length of k, wt = number of nonzero digits of
//! the recoding, C = a multiplication by a6 or √a6, 0C on Koblitz curves; with
//! a2 ∈ {0, 1}):
//!
//! | method | cost |
//! |---|---|
//! | [`double_add`] | (ℓ − 1)·(3M + 5S + 1C) + (wt − 1)·(8M + 5S) + I + 2M + 1S |
//! | [`naf`] | (len − 1)·(3M + 5S + 1C) + (wt − 1)·(8M + 5S) + I + 2M + 1S + table |
//! | [`naf_sole`] | the same, with the single-inversion table |
//! | [`lambda_naf`] | (len − wt)·D + (wt − 1)·(10M + 6S) + I + 3M + λ table |
//! | [`halve_add`] (P in the subgroup) | I + 1M + 2Tr + (t − i0)·(1H + 1M + 1√ + 1Tr) + (wt − a)·(8M + 2S) + Σ + I + 3M |
//! | [`crate::mul::tnaf::tnaf`] (Koblitz curves) | (len − 1)·3S + (wt − 1)·(8M + 5S) + I + 2M + 1S + α_u table |
//! | [`montgomery`] | L·(5M + 4S + 1C) + I + 10M + 1S, L = max(m, ℓ) |
//! | [`montgomery_compressed`] | L·(5M + 4S + 1C) + I + H + 12M + 2S + 1C + 1Tr |
//! | [`montgomery_ct`] | (m + 1)·(5M + 4S + 1C) + I + 10M + 1S (for k < 2^(m+1)) |
//! | decompression (the other methods from (x, ỹ) add it) | I + H + 1M + 1S + 1C + 1Tr |
//!
//! len is the number of NAF_w digits (at most ℓ + 1) and the top digit's table look-up is
//! free. The table of t = 2^(w−2) odd multiples costs nothing for t = 1 (w = 2: just P),
//! t·(I + 2M + 1S) by affine additions ([`naf`]) and I + (9t − 9)M + 2tS with one
//! inversion ([`naf_sole`]) for t ≥ 2. lambda-naf: D is the λ-projective doubling,
//! 4M + 4S (3M + 4S on the Koblitz curves), each nonzero digit below the top one a fused
//! 2Q ± P; its λ-affine table ([`lambda_odd_multiples`]) costs I + 1M for t = 1 and
//! 2I + (13t − 12)M + 2tS for t ≥ 2. halve-add: t = bit length of n, i0 the position of
//! the lowest nonzero digit of NAF_w(2^t·k mod n), a ≤ 2^(w−2) the accumulators in use (their
//! first addition is free) and Σ = Σ (2j + 1)·Q_j, 2(a − 1)·(11M + 2S) + D when every
//! accumulator is in use (one of those additions is 8M + 4S when the slot below the top
//! one in use is empty); a point outside the subgroup adds an affine addition of T,
//! and one more for odd k.
//!
//! Measured (`ecsm bench --curve … --method … --quick`, from (x, ỹ), one AMD EPYC core,
//! VPCLMULQDQ selected (the clmul code below 8 words), medians of three runs on a loaded
//! machine, a build running beside it), each multiplication run as one task on the
//! concrete backend (see [`crate::field::BinaryField::run_task`]); in parentheses the
//! same runs of the previous build, with a dispatched call per field operation. B-233:
//! montgomery 20.7 µs (28.0), montgomery-ct 23.0 µs, naf-sole:w=5 24.4 µs (35.5),
//! naf:w=4 27.2 µs (38.2), double-add 32.3 µs (47.2). K-233: montgomery 18.0 µs (23.9),
//! montgomery-ct 20.2 µs, naf-sole:w=5 21.5 µs (30.7). B-571 (whose products stay calls
//! to the 256-bit code; noisy): montgomery 214 µs (224), montgomery-ct 222 µs (best run).
//! The λ methods, measured the same way on a loaded machine (medians of five runs; the
//! ladder and naf:w=4 in the same runs): B-233 lambda-naf:w=4 25.9 µs, halve-add:w=4
//! 50.1 µs, naf:w=4 30.7 µs, montgomery 22.3 µs; K-233 (fastest runs) lambda-naf:w=4
//! 21.7 µs, montgomery 19.0 µs. Halve-and-add loses to the doublings here because a halving
//! (1H + 1M + 1√) costs more than a λ doubling (4M + 4S) on this machine.

pub use super::binary_dispatch::{
    mul_affine, mul_affine_with_order, mul_compressed, mul_compressed_with_order, mul_hinted,
    mul_hinted_task, mul_hinted_task_with_order, mul_hinted_with_order,
};
#[cfg(doc)]
use super::binary_lambda::{halve_add, lambda_naf, lambda_odd_multiples};
use super::binary_lambda::{HALVE_ADD_DEFAULT_W, LAMBDA_NAF_DEFAULT_W};
use super::tnaf::{TNAF_DEFAULT_W, TNAF_MAX_W, TNAF_MIN_W};
use super::tnaf_ct::{TNAF_CT_DEFAULT_W, TNAF_CT_MAX_W, TNAF_CT_MIN_W};
use super::tnaf_rl::TNAF_RL_DEFAULT_W;
use super::xdbl;
use super::{bit, bit_len, MethodSpec, SpecError};
use crate::curve::binary::{Affine, BinaryCurve, Compressed, CurveShape, LopezDahab, XOnly};
use crate::encoding::EncodingError;
use crate::field::{BinaryField, BinaryFieldTask, FieldMap};
use crate::recode::{wnaf, RecodeError};

/// Smallest NAF_w width offered by the `naf` and `naf-sole` methods.
pub const NAF_MIN_W: usize = 2;
/// Largest NAF_w width offered by the `naf` and `naf-sole` methods.
pub const NAF_MAX_W: usize = 6;
/// The width of `naf` when a spec names none: the fastest measured on B-233, K-233 and
/// B-571 (`ecsm bench --method naf:w=…`), where each further table point costs an inversion.
pub const NAF_DEFAULT_W: usize = 4;
/// The width of `naf-sole` when a spec names none: the fastest measured on the same
/// curves, where the table is cheaper and pays off one width further.
pub const NAF_SOLE_DEFAULT_W: usize = 5;

/// The scalar-multiplication methods of binary curves, as selected by a [`MethodSpec`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BinaryMethod {
    /// `double-add`: left-to-right double-and-add in LD coordinates, mixed additions.
    DoubleAdd,
    /// `naf:w=W`: NAF_w in LD with the odd multiples computed by affine additions, one
    /// inversion each.
    Naf(usize),
    /// `naf-sole:w=W`: the same with the single-inversion precomputation.
    NafSole(usize),
    /// `lambda-naf:w=W`: NAF_w with a λ-projective accumulator, the fused 2Q + P and a
    /// λ-affine table ([`crate::mul::binary_lambda::lambda_naf`]).
    LambdaNaf(usize),
    /// `halve-add:w=W`: right-to-left NAF_w halve-and-add with halving in λ-affine
    /// coordinates ([`crate::mul::binary_lambda::halve_add`]); needs Tr(a2) = 1 and the
    /// order n of the subgroup.
    HalveAdd(usize),
    /// `tnaf:w=W`: width-w τNAF with the Frobenius in place of doublings, on the Koblitz
    /// curves only ([`crate::mul::tnaf::tnaf`]).
    Tnaf(usize),
    /// `tnaf-ct:w=W`: the regular τ-adic recoding in constant time, for secret scalars, on
    /// the Koblitz curves only ([`crate::mul::tnaf_ct::tnaf_ct`]).
    TnafCt(usize),
    /// `tnaf-rl:w=W`: the width-w τNAF evaluated from the bottom digit into one
    /// accumulator per digit value, on the Koblitz curves only
    /// ([`crate::mul::tnaf_rl::tnaf_rl`]).
    TnafRl(usize),
    /// `montgomery`: the Montgomery–López–Dahab ladder on (X : Z) with y-recovery.
    Montgomery,
    /// `montgomery-ct`: the same ladder with a fixed step count and masked selections
    /// ([`montgomery_ct`]), for secret scalars.
    MontgomeryCt,
    /// `x-jsf:t=T` (`x-jsf` for T = 1, `x-jsf2` for T = 2): [`xdbl::x_jsf`] on 2^T shares.
    XJsf(u32),
    /// `www:w=W` / `www-sole:w=W`: [`xdbl::www`], interleaved NAF_w on 3 shares, the
    /// tables by affine additions or with one inversion per share.
    Www {
        /// NAF width.
        w: usize,
        /// Single-inversion tables.
        sole: bool,
    },
    /// `bos-coster:k=K`: [`xdbl::bos_coster`] on K-bit shares.
    BosCoster(usize),
    /// `yao:k=K`: [`xdbl::yao`] on K-bit digits.
    Yao(usize),
}

/// Largest T of `x-jsf:t=T` (2^T shares).
pub const XJSF_MAX_T: u64 = 6;
/// The width of `www` and `www-sole` when a spec names none (seed 000's Table 1 uses
/// 4-4-4 for degrees 233 and 409, 5-5-5 for 571).
pub const WWW_DEFAULT_W: usize = 4;
/// The share width of `bos-coster` when a spec names none.
pub const BOS_COSTER_DEFAULT_K: usize = 16;
/// The digit width of `yao` when a spec names none.
pub const YAO_DEFAULT_K: usize = 4;

impl BinaryMethod {
    /// Whether this method's work is mostly independent pairs of products: the ladders'
    /// steps and the τ-adic methods' λ additions and Frobenius maps, which `vpclmul`
    /// computes two at a time (`BinaryFieldTask::pairs`).
    pub fn pairs_products(&self) -> bool {
        matches!(
            self,
            BinaryMethod::Montgomery
                | BinaryMethod::MontgomeryCt
                | BinaryMethod::Tnaf(_)
                | BinaryMethod::TnafCt(_)
                | BinaryMethod::TnafRl(_)
        )
    }

    /// The method a spec names: `double-add`, `naf[:w=W]`, `naf-sole[:w=W]`,
    /// `lambda-naf[:w=W]`, `halve-add[:w=W]`, `tnaf[:w=W]`, `tnaf-rl[:w=W]` with W ∈ 2..=6
    /// (default [`NAF_DEFAULT_W`], [`NAF_SOLE_DEFAULT_W`], [`LAMBDA_NAF_DEFAULT_W`],
    /// [`HALVE_ADD_DEFAULT_W`], [`TNAF_DEFAULT_W`], [`TNAF_RL_DEFAULT_W`]), `tnaf-ct[:w=W]` with W ∈ 3..=6
    /// (default [`TNAF_CT_DEFAULT_W`]), `montgomery`, `montgomery-ct`, or an
    /// x-doubling method; `curve` only labels the error (whether halve-add or tnaf applies
    /// to a curve is the named curve's check).
    pub fn from_spec(spec: &MethodSpec, curve: &str) -> Result<Self, SpecError> {
        let width = |spec: &MethodSpec, default: usize| -> Result<usize, SpecError> {
            spec.only_params(&["w"])?;
            Ok(spec.param("w", default as u64, NAF_MIN_W as u64, NAF_MAX_W as u64)? as usize)
        };
        match spec.name.as_str() {
            "double-add" => {
                spec.only_params(&[])?;
                Ok(BinaryMethod::DoubleAdd)
            }
            "naf" => Ok(BinaryMethod::Naf(width(spec, NAF_DEFAULT_W)?)),
            "naf-sole" => Ok(BinaryMethod::NafSole(width(spec, NAF_SOLE_DEFAULT_W)?)),
            "lambda-naf" => Ok(BinaryMethod::LambdaNaf(width(spec, LAMBDA_NAF_DEFAULT_W)?)),
            "halve-add" => Ok(BinaryMethod::HalveAdd(width(spec, HALVE_ADD_DEFAULT_W)?)),
            "tnaf" => Ok(BinaryMethod::Tnaf(width(spec, TNAF_DEFAULT_W)?)),
            "tnaf-rl" => Ok(BinaryMethod::TnafRl(width(spec, TNAF_RL_DEFAULT_W)?)),
            "tnaf-ct" => {
                spec.only_params(&["w"])?;
                let w = spec.param(
                    "w",
                    TNAF_CT_DEFAULT_W as u64,
                    TNAF_CT_MIN_W as u64,
                    TNAF_CT_MAX_W as u64,
                )?;
                Ok(BinaryMethod::TnafCt(w as usize))
            }
            "montgomery" => {
                spec.only_params(&[])?;
                Ok(BinaryMethod::Montgomery)
            }
            "montgomery-ct" => {
                spec.only_params(&[])?;
                Ok(BinaryMethod::MontgomeryCt)
            }
            "x-jsf" => {
                spec.only_params(&["t"])?;
                Ok(BinaryMethod::XJsf(spec.param("t", 1, 1, XJSF_MAX_T)? as u32))
            }
            "x-jsf2" => {
                spec.only_params(&[])?;
                Ok(BinaryMethod::XJsf(2))
            }
            "www" | "www-sole" => Ok(BinaryMethod::Www {
                w: width(spec, WWW_DEFAULT_W)?,
                sole: spec.name == "www-sole",
            }),
            "bos-coster" => {
                spec.only_params(&["k"])?;
                let k = spec.param(
                    "k",
                    BOS_COSTER_DEFAULT_K as u64,
                    xdbl::SHARE_MIN_K as u64,
                    xdbl::BOS_COSTER_MAX_K as u64,
                )?;
                Ok(BinaryMethod::BosCoster(k as usize))
            }
            "yao" => {
                spec.only_params(&["k"])?;
                let k = spec.param(
                    "k",
                    YAO_DEFAULT_K as u64,
                    xdbl::SHARE_MIN_K as u64,
                    xdbl::YAO_MAX_K as u64,
                )?;
                Ok(BinaryMethod::Yao(k as usize))
            }
            _ => Err(SpecError::Unknown {
                name: spec.name.clone(),
                curve: curve.to_string(),
            }),
        }
    }

    /// The spec of this method, with its parameters spelled out.
    pub fn spec(&self) -> MethodSpec {
        let (name, params) = match *self {
            BinaryMethod::DoubleAdd => ("double-add", vec![]),
            BinaryMethod::Naf(w) => ("naf", vec![("w".to_string(), w as u64)]),
            BinaryMethod::NafSole(w) => ("naf-sole", vec![("w".to_string(), w as u64)]),
            BinaryMethod::LambdaNaf(w) => ("lambda-naf", vec![("w".to_string(), w as u64)]),
            BinaryMethod::HalveAdd(w) => ("halve-add", vec![("w".to_string(), w as u64)]),
            BinaryMethod::Tnaf(w) => ("tnaf", vec![("w".to_string(), w as u64)]),
            BinaryMethod::TnafCt(w) => ("tnaf-ct", vec![("w".to_string(), w as u64)]),
            BinaryMethod::TnafRl(w) => ("tnaf-rl", vec![("w".to_string(), w as u64)]),
            BinaryMethod::Montgomery => ("montgomery", vec![]),
            BinaryMethod::MontgomeryCt => ("montgomery-ct", vec![]),
            BinaryMethod::XJsf(1) => ("x-jsf", vec![]),
            BinaryMethod::XJsf(2) => ("x-jsf2", vec![]),
            BinaryMethod::XJsf(t) => ("x-jsf", vec![("t".to_string(), u64::from(t))]),
            BinaryMethod::Www { w, sole } => (
                if sole { "www-sole" } else { "www" },
                vec![("w".to_string(), w as u64)],
            ),
            BinaryMethod::BosCoster(k) => ("bos-coster", vec![("k".to_string(), k as u64)]),
            BinaryMethod::Yao(k) => ("yao", vec![("k".to_string(), k as u64)]),
        };
        MethodSpec {
            name: name.to_string(),
            params,
        }
    }
}

impl BinaryMethod {
    /// Whether the parameters are in the ranges the methods support: NAF and w-w-w widths
    /// in 2..=8, x-JSF_T's T in 1..=6, Bos–Coster's share width in 1..=32 and Yao's in
    /// 1..=10 ([`BinaryMethod::from_spec`] enforces the CLI's narrower ranges). Every
    /// multiplication checks it first, so a method built by hand gets a typed error.
    pub fn validate(&self) -> Result<(), BinaryMulError> {
        match *self {
            BinaryMethod::DoubleAdd | BinaryMethod::Montgomery | BinaryMethod::MontgomeryCt => {
                Ok(())
            }
            BinaryMethod::Naf(w) => check_param("naf", "w", w, NAF_MIN_W, NAF_RECODE_MAX_W),
            BinaryMethod::NafSole(w) => {
                check_param("naf-sole", "w", w, NAF_MIN_W, NAF_RECODE_MAX_W)
            }
            BinaryMethod::LambdaNaf(w) => {
                check_param("lambda-naf", "w", w, NAF_MIN_W, NAF_RECODE_MAX_W)
            }
            BinaryMethod::HalveAdd(w) => {
                check_param("halve-add", "w", w, NAF_MIN_W, NAF_RECODE_MAX_W)
            }
            BinaryMethod::Tnaf(w) => check_param("tnaf", "w", w, TNAF_MIN_W, TNAF_MAX_W),
            BinaryMethod::TnafCt(w) => check_param("tnaf-ct", "w", w, TNAF_CT_MIN_W, TNAF_CT_MAX_W),
            BinaryMethod::TnafRl(w) => check_param("tnaf-rl", "w", w, TNAF_MIN_W, TNAF_MAX_W),
            BinaryMethod::Www { w, sole } => check_param(
                if sole { "www-sole" } else { "www" },
                "w",
                w,
                NAF_MIN_W,
                NAF_RECODE_MAX_W,
            ),
            BinaryMethod::XJsf(t) => check_param("x-jsf", "t", t as usize, 1, XJSF_MAX_T as usize),
            BinaryMethod::BosCoster(k) => check_param(
                "bos-coster",
                "k",
                k,
                xdbl::SHARE_MIN_K,
                xdbl::BOS_COSTER_MAX_K,
            ),
            BinaryMethod::Yao(k) => check_param("yao", "k", k, xdbl::SHARE_MIN_K, xdbl::YAO_MAX_K),
        }
    }

    /// True for the x-doubling methods of [`xdbl`], which read hint bits beyond ỹ.
    pub fn uses_hints(&self) -> bool {
        matches!(
            self,
            BinaryMethod::XJsf(_)
                | BinaryMethod::Www { .. }
                | BinaryMethod::BosCoster(_)
                | BinaryMethod::Yao(_)
        )
    }

    /// Number of shares t the method splits a scalar of `scalar_bits` bits into (1 for
    /// the methods without x-doublings).
    pub fn shares(&self, scalar_bits: usize) -> usize {
        match *self {
            BinaryMethod::XJsf(t) => 1usize.checked_shl(t).unwrap_or(usize::MAX),
            BinaryMethod::Www { .. } => 3,
            BinaryMethod::BosCoster(k) | BinaryMethod::Yao(k) => {
                scalar_bits.div_ceil(k.max(1)).max(1)
            }
            _ => 1,
        }
    }

    /// The hint bits b_j the method reads for a scalar of `scalar_bits` bits (b_0 = ỹ for
    /// all of them); none for a method that [`BinaryMethod::validate`] rejects.
    pub fn hint_indices(&self, scalar_bits: usize) -> Vec<usize> {
        if self.validate().is_err() {
            return Vec::new();
        }
        match *self {
            BinaryMethod::BosCoster(k) | BinaryMethod::Yao(k) => {
                (0..self.shares(scalar_bits)).map(|i| i * k).collect()
            }
            _ => xdbl::hints_needed(scalar_bits, self.shares(scalar_bits)),
        }
    }

    /// The number of points the method stores (seed 000 Table 1's #P): 1 for double-add
    /// and the ladder, the 2^(w−2) table points of NAF_w (λ-affine for lambda-naf), the
    /// 2^(w−2) accumulators of halve-add, Q_i and Q_(2j+1) ± Q_(2j) for
    /// x-JSF_T, 3·2^(w−2) for w-w-w, the t shares of Bos–Coster and Yao.
    pub fn stored_points(&self, scalar_bits: usize) -> usize {
        match *self {
            BinaryMethod::DoubleAdd | BinaryMethod::Montgomery | BinaryMethod::MontgomeryCt => 1,
            BinaryMethod::Naf(w)
            | BinaryMethod::NafSole(w)
            | BinaryMethod::LambdaNaf(w)
            | BinaryMethod::HalveAdd(w)
            | BinaryMethod::Tnaf(w)
            | BinaryMethod::TnafCt(w)
            | BinaryMethod::TnafRl(w) => pow2(w.saturating_sub(2)),
            BinaryMethod::XJsf(t) => pow2(t as usize + 1),
            BinaryMethod::Www { w, .. } => pow2(w.saturating_sub(2)).saturating_mul(3),
            BinaryMethod::BosCoster(_) | BinaryMethod::Yao(_) => self.shares(scalar_bits),
        }
    }
}

/// 2^e, saturating: the counts above for a method outside its ranges (see
/// [`BinaryMethod::validate`]) are meaningless but must not overflow.
fn pow2(e: usize) -> usize {
    u32::try_from(e)
        .ok()
        .and_then(|e| 1usize.checked_shl(e))
        .unwrap_or(usize::MAX)
}

/// Why a scalar multiplication from a compressed point failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BinaryMulError {
    /// (x, ỹ) names no point of the curve.
    #[error(transparent)]
    Encoding(#[from] EncodingError),
    /// A NAF width the recoding does not support.
    #[error(transparent)]
    Recode(#[from] RecodeError),
    /// An x-doubling method needs a hint bit b_j the point did not come with.
    #[error("hint bit b_{index} needed, only {available} given")]
    MissingHint {
        /// j.
        index: usize,
        /// How many bits were given.
        available: usize,
    },
    /// A method parameter outside the range the method supports (a [`BinaryMethod`] built
    /// by hand; [`BinaryMethod::from_spec`] never makes one).
    #[error("{method}: {param} = {value} is outside {min}..={max}")]
    BadParameter {
        /// The method's spec name.
        method: &'static str,
        /// The parameter's name in the spec.
        param: &'static str,
        /// The value given.
        value: usize,
        /// Smallest value supported.
        min: usize,
        /// Largest value supported.
        max: usize,
    },
    /// The method does not apply to this curve, or needs data the call did not supply
    /// (halve-add: Tr(a2) = 1 and the order of the subgroup).
    #[error("{method} does not apply here: {reason}")]
    NotApplicable {
        /// The method's spec name.
        method: &'static str,
        /// What it needs.
        reason: &'static str,
    },
}

/// `Ok` when `min ≤ value ≤ max`, else [`BinaryMulError::BadParameter`].
pub(crate) fn check_param(
    method: &'static str,
    param: &'static str,
    value: usize,
    min: usize,
    max: usize,
) -> Result<(), BinaryMulError> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(BinaryMulError::BadParameter {
            method,
            param,
            value,
            min,
            max,
        })
    }
}

/// Largest NAF width the recoding supports (the named curves offer up to [`NAF_MAX_W`]).
pub const NAF_RECODE_MAX_W: usize = 8;

/// \[k\]P by left-to-right double-and-add in LD coordinates with mixed additions: the top
/// bit loads P, then a doubling per further bit and a mixed addition per further 1 bit,
/// and one conversion to affine. Variable-time.
pub fn double_add<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    k: &[u64],
    p: &Affine<F>,
) -> Affine<F> {
    let len = bit_len(k);
    if len == 0 || p.is_infinity() {
        return Affine::Infinity;
    }
    let mut q = curve.affine_to_ld(p);
    for i in (0..len - 1).rev() {
        q = curve.ld_double(&q);
        if bit(k, i) {
            q = curve.ld_mixed_add(&q, p);
        }
    }
    curve.ld_to_affine(&q)
}

/// ±table\[|d|/2\] for an odd digit d.
#[inline]
pub(crate) fn signed<F: BinaryField>(table: &[Affine<F>], d: i8) -> Affine<F> {
    let p = table[(d.unsigned_abs() / 2) as usize];
    if d > 0 {
        p
    } else {
        p.neg()
    }
}

/// The NAF_w evaluation shared by [`naf`] and [`naf_sole`]: digits most significant
/// first, the top (nonzero) digit loads its table entry, then a doubling per further
/// digit and a mixed addition per nonzero one.
fn eval_wnaf<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    digits: &[i8],
    table: &[Affine<F>],
) -> Affine<F> {
    let mut it = digits.iter().rev();
    let Some(&top) = it.next() else {
        return Affine::Infinity;
    };
    let mut q: LopezDahab<F> = curve.affine_to_ld(&signed(table, top));
    for &d in it {
        q = curve.ld_double(&q);
        if d != 0 {
            q = curve.ld_mixed_add(&q, &signed(table, d));
        }
    }
    curve.ld_to_affine(&q)
}

/// P, \[3\]P, …, \[2t − 1\]P by the given precomputation; t = 1 needs no doubling.
pub(crate) fn odd_table<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    p: &Affine<F>,
    t: usize,
    sole: bool,
) -> Vec<Affine<F>> {
    match t {
        1 => vec![*p],
        _ if sole => curve.odd_multiples(p, t).odd,
        _ => curve.odd_multiples_naive(p, t).odd,
    }
}

fn naf_with<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    k: &[u64],
    p: &Affine<F>,
    w: usize,
    sole: bool,
) -> Result<Affine<F>, RecodeError> {
    let digits = wnaf(k, w as u32)?;
    if digits.is_empty() || p.is_infinity() {
        return Ok(Affine::Infinity);
    }
    let table = odd_table(curve, p, 1 << (w - 2), sole);
    Ok(eval_wnaf(curve, &digits, &table))
}

/// \[k\]P with the width-w NAF of k (HMV Alg. 3.36) in LD coordinates, the 2^(w−2) odd
/// multiples precomputed in affine coordinates by [`BinaryCurve::odd_multiples_naive`]
/// (one inversion per point). w ∈ 2..=8 ([`RecodeError`] otherwise; the named curves
/// offer 2..=6). Variable-time.
pub fn naf<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    k: &[u64],
    p: &Affine<F>,
    w: usize,
) -> Result<Affine<F>, RecodeError> {
    naf_with(curve, k, p, w, false)
}

/// [`naf`] with the single-inversion precomputation [`BinaryCurve::odd_multiples`]
/// (seed 000 §4). Variable-time.
pub fn naf_sole<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    k: &[u64],
    p: &Affine<F>,
    w: usize,
) -> Result<Affine<F>, RecodeError> {
    naf_with(curve, k, p, w, true)
}

/// The ladder on x(P) = `x` ≠ 0 over L = max(m, ℓ) bits of k, from (R0, R1) = (O, P):
/// leading zero bits keep (O, P), so the step count does not depend on where k's top
/// bit is as long as k < 2^m. Returns (x(\[k\]P), x(\[k + 1\]P)). The register swap is a
/// branch on the bit: variable-time.
///
/// One step in the loop body, the registers swapped around it: with the step written
/// out in both arms of the branch, this loop ran 10× slower than the constant-time one
/// with the same steps (B-233: 211 against 23 µs, native build) since the curve shape
/// became a run-time value (commit b5b875e); before that it took 21 µs.
fn ladder<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    x: F,
    k: &[u64],
) -> (XOnly<F>, XOnly<F>) {
    let steps = bit_len(k).max(F::DEGREE);
    F::run_task(LadderLoop::<false, F, S> { curve, x, k, steps })
}

/// The loop of [`ladder`] (`CT` false) or [`ladder_ct`] (`CT` true) over `steps` bits
/// of k, as one [`BinaryField::run_task`]. The loop is then compiled inside the
/// backend's feature context whatever the compiler inlines around it, so `vpclmul`'s
/// paired products (256-bit intrinsics, `#[inline(always)]`) inline into it in a
/// default build too. Called from the generic method, they stayed calls of each
/// intrinsic there (stop 46: B-409 `montgomery` 2.4 ms), and default builds kept
/// `clmul` for the ladders.
struct LadderLoop<'a, const CT: bool, F, S> {
    curve: &'a BinaryCurve<F, S>,
    x: F,
    k: &'a [u64],
    steps: usize,
}

impl<const CT: bool, F: BinaryField, S: CurveShape> BinaryFieldTask<F>
    for LadderLoop<'_, CT, F, S>
{
    type Output = (XOnly<F>, XOnly<F>);
    #[inline(always)]
    fn pairs(&self) -> bool {
        true
    }
    #[inline(always)]
    fn run<G: BinaryField, M: FieldMap<F, G>>(self, map: M) -> Self::Output {
        let curve = self.curve.map_field(|f| map.to(f));
        let x = map.to(self.x);
        // Four products at a time where the backend has them (GF(2^233) with AVX-512):
        // the same elements, constant-time in k, for both ladders.
        if let Some([x0, z0, x1, z1]) = G::ladder4(x, curve.sqrt_a6(), self.k, self.steps) {
            let back = |x, z| XOnly { x, z }.map(|g| map.back(g));
            return (back(x0, z0), back(x1, z1));
        }
        let (r0, r1) = if CT {
            ladder_ct_steps(&curve, x, self.k, self.steps)
        } else {
            ladder_steps(&curve, x, self.k, self.steps)
        };
        (r0.map(|g| map.back(g)), r1.map(|g| map.back(g)))
    }
}

/// The body of [`ladder`].
#[inline(always)]
fn ladder_steps<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    x: F,
    k: &[u64],
    steps: usize,
) -> (XOnly<F>, XOnly<F>) {
    let (mut r0, mut r1) = (XOnly::identity(), XOnly { x, z: F::one() });
    for i in (0..steps).rev() {
        let b = bit(k, i);
        if b {
            core::mem::swap(&mut r0, &mut r1);
        }
        (r0, r1) = curve.ladder_step(x, &r0, &r1);
        if b {
            core::mem::swap(&mut r0, &mut r1);
        }
    }
    (r0, r1)
}

/// \[k\]T for the point T of order 2: T for odd k, O for even k.
pub(crate) fn two_torsion_mul<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    k: &[u64],
) -> Affine<F> {
    if bit(k, 0) {
        curve.two_torsion()
    } else {
        Affine::Infinity
    }
}

/// \[k\]P by the Montgomery–López–Dahab ladder (seed 000 §2.5; López–Dahab, CHES 1999):
/// max(m, ℓ) ladder steps on (X : Z) ([`BinaryCurve::ladder_step`], 5M + 4S + 1C each),
/// then [`BinaryCurve::ladder_recover_y`]. P = T (x = 0) is answered directly.
/// **Variable-time**: the step count is fixed for k < 2^m (leading zero bits run on
/// (O, P)), but each step picks its operands by a branch on the scalar bit, and the
/// special cases branch too. Making the swaps branch-free would need a constant-time
/// conditional swap of field elements, which the field layer does not offer yet.
pub fn montgomery<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    k: &[u64],
    p: &Affine<F>,
) -> Affine<F> {
    let Affine::Point { x, .. } = *p else {
        return Affine::Infinity;
    };
    if x.is_zero() {
        return two_torsion_mul(curve, k);
    }
    let (r0, r1) = ladder(curve, x, k);
    curve.ladder_recover_y(p, &r0, &r1)
}

/// The number of steps of [`montgomery_ct`]: m + 1 for every k < 2^(m+1), which covers
/// every scalar below the group order (n < 2^m) and every multiple of it up to 2n, so
/// the count does not depend on a reduced scalar. Only a larger k (whose size is then not
/// secret-sized anyway) runs bit_len(k) steps. Whether k < 2^(m+1) is decided from the
/// OR of all its bits at or above m + 1, without an early exit.
fn ct_steps<F: BinaryField>(k: &[u64]) -> usize {
    let fixed = F::DEGREE + 1;
    let high = k
        .iter()
        .enumerate()
        .fold(0u64, |acc, (i, &w)| acc | (w & high_mask(i, fixed)));
    if high == 0 {
        fixed
    } else {
        bit_len(k)
    }
}

/// The bits of word i at or above bit `from` of a scalar.
#[inline(always)]
fn high_mask(i: usize, from: usize) -> u64 {
    match from.checked_sub(64 * i) {
        Some(below) if below >= 64 => 0,
        Some(below) => u64::MAX << below,
        None => u64::MAX,
    }
}

/// `p` when `mask` is 0, `q` when it is all ones, by masked selection
/// ([`crate::field::Field::ct_select`]): no branch and no memory access depends on it.
#[inline(always)]
fn ct_pick<F: BinaryField>(p: &XOnly<F>, q: &XOnly<F>, mask: u64) -> XOnly<F> {
    XOnly {
        x: F::ct_select(&p.x, &q.x, mask),
        z: F::ct_select(&p.z, &q.z, mask),
    }
}

/// The ladder of [`ladder`] over exactly `steps` bits of k (bits steps − 1 … 0; the
/// caller makes sure no higher bit is set), with the register swaps done by masked
/// selection. The swap after a step with bit b' and the one before the next step with
/// bit b merge into one swap by the mask b ⊕ b' (as in RFC 7748 §5), so each step is a
/// conditional swap of (R0, R1), 4 field elements by mask, and then the same
/// [`BinaryCurve::ladder_step`] as the variable-time ladder; one last swap by b' ends
/// it. The words of k are read in a fixed order, one per step, and the masks go through
/// [`crate::backend::barrier::opaque`] so that the compiler cannot turn a selection back
/// into a branch on a bit (`core::hint::black_box` before 2026-11-28, which did the same
/// through a store and a reload).
///
/// From stop 35 to stop 43 this loop kept the pair as (doubled, sum) and selected only
/// the point to double (2 field elements a step), with the addition and the doubling
/// written separately. The swap with the variable-time ladder's step measured faster on
/// the small fields and even on the large ones (native build, `farm-bench --pin 1`,
/// pairwise new/old, 2026-11-29): K-233 0.958, K-283 1.000, K-409 1.002, B-409 0.997,
/// K-571 0.998.
fn ladder_ct<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    x: F,
    k: &[u64],
    steps: usize,
) -> (XOnly<F>, XOnly<F>) {
    F::run_task(LadderLoop::<true, F, S> { curve, x, k, steps })
}

/// The body of [`ladder_ct`].
#[inline(always)]
fn ladder_ct_steps<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    x: F,
    k: &[u64],
    steps: usize,
) -> (XOnly<F>, XOnly<F>) {
    let (mut r0, mut r1) = (XOnly::identity(), XOnly { x, z: F::one() });
    let mut prev = 0u64;
    for i in (0..steps).rev() {
        let word = k.get(i / 64).copied().unwrap_or(0);
        let b = ((word >> (i % 64)) & 1).wrapping_neg();
        let m = crate::backend::barrier::opaque(b ^ prev);
        (r0, r1) = (ct_pick(&r0, &r1, m), ct_pick(&r1, &r0, m));
        (r0, r1) = curve.ladder_step(x, &r0, &r1);
        prev = b;
    }
    let m = crate::backend::barrier::opaque(prev);
    (ct_pick(&r0, &r1, m), ct_pick(&r1, &r0, m))
}

/// \[k\]P by the Montgomery–López–Dahab ladder made constant-time in k, for secret
/// scalars (ECDH uses it): cost **L·(5M + 4S + 1C) + I + 10M + 1S** with L = m + 1 for
/// every k < 2^(m+1) (see `ct_steps`), the inversion constant-time
/// ([`crate::field::Field::invert`], Itoh–Tsujii, its long runs of squarings masked walks
/// over basis images where the backend has them).
///
/// What is constant-time, for a fixed curve, a fixed length of the slice `k` and a
/// constant-time field (both backends' products and squares are):
/// - the step count (m + 1 for all k < 2^(m+1)), the operations of each step, which
///   words of k are read and when, and the register swaps (masked selections);
/// - the y-recovery's arithmetic, with the constant-time inversion.
///
/// What is not: the branches taken on public data, P = O and P = T (x(P) = 0, where the
/// answer is O or T by the parity of k), and on the end result: \[k\]P = O (k ≡ 0 mod
/// the order of P) and \[k + 1\]P = O (\[k\]P = −P), each answered at once. A scalar
/// of m + 2 bits or more runs bit_len(k) steps. The caller's own handling of k and of
/// the result (range checks, encoding) is outside this function.
///
/// **Wiped:** nothing needs it: k is read in place one word per step, and no copy,
/// reduction or recoding of it is made (the ladder registers, which are points, are not
/// wiped).
pub fn montgomery_ct<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    k: &[u64],
    p: &Affine<F>,
) -> Affine<F> {
    let Affine::Point { x, y } = *p else {
        return Affine::Infinity;
    };
    if x.is_zero() {
        return two_torsion_mul(curve, k);
    }
    let (r0, r1) = ladder_ct(curve, x, k, ct_steps::<F>(k));
    if r0.is_identity() {
        return Affine::Infinity;
    }
    if r1.is_identity() {
        return p.neg();
    }
    // The y-recovery of `BinaryCurve::ladder_recover_y`, with the constant-time inversion.
    let z12 = r0.z * r1.z;
    let xz1 = x * r0.z;
    let xz2 = x * r1.z;
    let u = (r0.x + xz1) * (r1.x + xz2) + (x.square() + y) * z12;
    let Ok(inv) = (x * z12).invert() else {
        unreachable!("x, Z1 and Z2 are nonzero here");
    };
    let xk = r0.x * (inv * xz2);
    let yk = (xk + x) * (u * inv) + y;
    Affine::new(xk, yk)
}

/// \[k\]P for P = (x, ỹ) by the ladder, the decompression of P folded into the
/// y-recovery so that one inversion serves both. With R0 = (X1 : Z1) = x(\[k\]P),
/// R1 = (X2 : Z2) = x(\[k + 1\]P): ι = 1/(x·Z1·Z2), 1/x = Z1·Z2·ι, then y(P) = x·z with
/// z² + z = x + a2 + a6/x², lowbit(z) = ỹ (seed 000 §2.2), and
/// x_k = X1·(x·Z2·ι), y_k = (x_k + x)·((X1 + x·Z1)(X2 + x·Z2) + (x² + y)·Z1·Z2)·ι + y
/// (López–Dahab 1999; HMV Alg. 3.40). Cost **L·(5M + 4S + 1C) + I + H + 12M + 2S + 1C**,
/// i.e. I − 1M less than decompressing first (2I + H + 11M + 2S + 1C). When \[k\]P or \[k + 1\]P is O, P is
/// decompressed on its own and [`BinaryCurve::ladder_recover_y`] used. Errors: those of
/// [`BinaryCurve::decompress_xy`], whatever k is. Variable-time.
pub fn montgomery_compressed<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    k: &[u64],
    p: &Compressed<F>,
) -> Result<Affine<F>, EncodingError> {
    ladder_compressed::<false, F, S>(curve, k, p)
}

/// [`montgomery_compressed`] (`CT` false) and [`montgomery_ct_compressed`] (`CT` true):
/// the same steps around the variable-time or the constant-time ladder and inversion.
#[inline(always)]
fn ladder_compressed<const CT: bool, F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    k: &[u64],
    p: &Compressed<F>,
) -> Result<Affine<F>, EncodingError> {
    let Compressed::Point { x, y_bit } = *p else {
        return Ok(Affine::Infinity);
    };
    if x.is_zero() {
        curve.decompress_xy(x, y_bit)?;
        return Ok(two_torsion_mul(curve, k));
    }
    let (r0, r1) = if CT {
        ladder_ct(curve, x, k, ct_steps::<F>(k))
    } else {
        ladder(curve, x, k)
    };
    if r0.is_identity() || r1.is_identity() {
        // End-result data: O or −P, after P is decompressed on its own.
        let pt = curve.decompress_xy(x, y_bit)?;
        return Ok(curve.ladder_recover_y(&pt, &r0, &r1));
    }
    let invert = if CT { F::invert } else { F::invert_vartime };
    recover_folded(curve, x, y_bit, &r0, &r1, invert)
}

/// The end of [`montgomery_compressed`] and [`montgomery_ct_compressed`]: P decompressed
/// and \[k\]P recovered from the ladder's R0 = (X1 : Z1), R1 = (X2 : Z2), all nonzero, with
/// one inversion by `invert`, ι = 1/(x·Z1·Z2) (I + H + 12M + 2S + 1C). Its branches and
/// the half-trace read x(P) and the hint bit only, which are public.
fn recover_folded<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    x: F,
    y_bit: bool,
    r0: &XOnly<F>,
    r1: &XOnly<F>,
    invert: impl FnOnce(&F) -> Result<F, crate::field::FieldError>,
) -> Result<Affine<F>, EncodingError> {
    let z12 = r0.z * r1.z;
    let xz1 = x * r0.z;
    let xz2 = x * r1.z;
    let Ok(inv) = invert(&(xz1 * r1.z)) else {
        unreachable!("x, Z1 and Z2 are nonzero here");
    };
    // Decompression of P with 1/x = Z1·Z2·ι.
    let ix = z12 * inv;
    let c = curve.add_a2(x + curve.mul_a6(ix.square()));
    let z = BinaryCurve::<F, S>::root_with_bit(c, y_bit)?;
    let y = x * z;
    // y-recovery.
    let u = (r0.x + xz1) * (r1.x + xz2) + (x.square() + y) * z12;
    let xk = r0.x * (inv * xz2);
    let yk = (xk + x) * (u * inv) + y;
    Ok(Affine::new(xk, yk))
}

/// [`montgomery_ct`] for P given as (x, ỹ), the decompression of P folded into the
/// y-recovery as in [`montgomery_compressed`], so that the constant-time inversion is
/// the only one: **L·(5M + 4S + 1C) + I + H + 12M + 2S + 1C** with L = m + 1. What is
/// constant-time is what [`montgomery_ct`] says; the decompression after the ladder
/// (its half-trace and the check that x(P) is on the curve) reads public data only, and
/// its error comes after the ladder, whatever k is. When \[k\]P or \[k + 1\]P is O
/// (end-result data, as there), P is decompressed on its own first.
pub fn montgomery_ct_compressed<F: BinaryField, S: CurveShape>(
    curve: &BinaryCurve<F, S>,
    k: &[u64],
    p: &Compressed<F>,
) -> Result<Affine<F>, EncodingError> {
    ladder_compressed::<true, F, S>(curve, k, p)
}
