//! The main loops of `lambda-dbl-add` ([`columns`], also the doubling half of
//! `lambda-parallel`), `lambda-halve-add` ([`halve_columns`], also the halving half of
//! `lambda-parallel`) and `lambda-ct` ([`ct_all_columns`], first column included, or
//! [`ct_columns`] after it), and their tables ([`odd_multiples`], [`psi_table`],
//! [`negate_table`]: the methods go from P to the loop in these words) on GLS254
//! (a2 = u, b = 1 + z^27), with every GF(2^254) element held in one 256-bit register
//! (c₀ in the low lane, c₁ in the high one) for the whole loop. AVX2 and VPCLMULQDQ, the
//! `vpclmul` backend's features (the halving also uses its BMI2 and POPCNT).
//!
//! The generic loops (`gls::methods::lambda_dbl_add_digits`, `gls::methods`'s
//! `halve_loop`, `gls::ct`'s `generic_columns`) are their portable twins: the same
//! formulas in the same order (`lambda_double_alt`, `lambda_double_add_core`,
//! `lambda_mixed_add_core`, `lambda_double_add_add_core` of `curve::binary::lambda`,
//! `lambda_affine_halve` of `curve::binary::halve`), so both give the same
//! projective coordinates, word for word, which the tests check. What changes is how the
//! field is computed:
//! - **No memory round trips or checks per operation**: the generic field keeps two
//!   `[u64; 2]` per element and tests the CPU features before each product.
//! - **Products with a shorter dependency chain.** The generic 256-bit product
//!   ([`super::vpclmul::mul254`]) takes 24.7–24.9 TSC ticks from operand to result here
//!   (dependent chain); this one 14.8–15.0 (measured in a standalone benchmark, AMD EPYC
//!   Zen 4, 2026-11-27). Two changes give that:
//!   1. The extension product (a₀b₀ + a₁b₁, a₀b₀ + (a₀ + a₁)(b₀ + b₁)) is formed with
//!      the lanes [a₀ | a₀]·[b₀ | b₀] + [a₁ | a₀ + a₁]·[b₁ | b₀ + b₁], so the two
//!      lanes of the sum are c₀ and c₁ and nothing crosses lanes after the products (8
//!      carry-less multiplies, schoolbook per lane, instead of 6 with Karatsuba and a
//!      lane shuffle after them).
//!   2. Coefficients are kept modulo x·f = x^128 + x^64 + x instead of f = x^127 +
//!      x^63 + 1 (the redundant 128-bit form of Pornin's GF(2^254) code in `crrl`):
//!      with x^128 ≡ x^64 + x the reduction of a product is a few shifts and XORs that
//!      run beside each other (`gls254_avx2::reduce`), where the reduction mod f is a chain of
//!      about nine. A value is brought to its canonical form mod f only to test it for
//!      zero and at the end (`gls254_avx2::canonical`).
//!
//! The generic loop falls back to a doubling and an addition for the exceptional inputs
//! of the fused formulas (Z = 0, T = 0, 2Q = ±P, P = ±Q). Here those conditions are
//! only recorded; if any occurred, [`columns`] returns `None` and the caller runs the
//! generic loop from the start instead. [`ct_columns`] returns the flag instead, as the
//! generic constant-time loop does, and its caller recomputes as before. [`halve_columns`]
//! declines like [`columns`] when a mixed addition meets Z = 0 or two points equal up to
//! sign. For points of the prime-order subgroup none of these occurs except by chance
//! (probability about 2^−250 per step).
//!
//! The halving ([`halve_columns`]) is one dependent chain per position: half-trace,
//! one product, trace, square root. Its half-trace reads [`HalvingTables`], which make
//! GF(2^254)'s two dependent GF(2^127) half-traces three independent table walks, and
//! its square root is BMI2's PEXT on the words (`gls254_avx2::halve`). About 45 ns per
//! position here, against about 95 ns for the generic loop (`lambda-halve-add`
//! 12.7 → 8.3 µs, gls254, native build, 2026-11-27); the chain, not the additions,
//! sets the pace: w = 3, 4, 5 cost within 5 % of each other. On the Intel Xeon of
//! 2026-11-28 (2.3 GHz) the 64 look-ups per halving ran short of issue slots instead:
//! their offsets as one shift and one mask each (`gls254_avx2::entry_offset`) took
//! `lambda-halve-add` from 10.1–10.2 to 8.0–8.2 µs (pinned, alternated).

/// A GF(2^254) element as words: c₀ (low word first), then c₁, each coefficient below
/// 2^127 (the canonical form of the generic field).
pub type Fe254 = [u64; 4];

/// The double-and-add columns `from..to` (high to low) of the interleaved 2-GLV w-NAF,
/// from the λ-projective point (x, l, z), with λ-affine tables `t1` (digit i of `d1`)
/// and `t2` (of `d2`); entry j holds the multiple 2j + 1.
#[derive(Clone, Copy, Debug)]
pub struct Columns<'a> {
    /// X of the starting point.
    pub x: Fe254,
    /// L of the starting point.
    pub l: Fe254,
    /// Z of the starting point.
    pub z: Fe254,
    /// (x, λ) of P, \[3\]P, …
    pub t1: &'a [(Fe254, Fe254)],
    /// (x, λ) of the second half's table.
    pub t2: &'a [(Fe254, Fe254)],
    /// Digits of the first half, least significant first; missing ones are 0.
    pub d1: &'a [i8],
    /// Digits of the second half.
    pub d2: &'a [i8],
    /// Lowest column processed.
    pub from: usize,
    /// One above the highest column processed.
    pub to: usize,
}

/// (X, L, Z) after the columns of `job`, in canonical form, or `None` when this CPU
/// lacks AVX2 or VPCLMULQDQ, when a digit has no table entry, or when the generic loop
/// would have taken one of its exceptional paths (see the module documentation).
pub fn columns(job: &Columns<'_>) -> Option<[Fe254; 3]> {
    if !super::BackendKind::Vpclmul.supported() {
        return None;
    }
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `supported()` checked PCLMULQDQ, AVX2 and VPCLMULQDQ. The loop reads the
    // tables with `get` and gives up (`None`) at a digit without an entry; checking
    // every digit beforehand cost 2–3 % of a `lambda-dbl-add` multiplication (perf).
    return unsafe { super::gls254_avx2::columns_avx2(job) };
    #[cfg(not(target_arch = "x86_64"))]
    None
}

/// λ-affine (x, λ) of P, \[3\]P, …, \[2t − 1\]P for the affine point P = (x, y) of
/// GLS254, as `gls::methods::lambda_table` computes them (its portable twin): P as the
/// λ-projective (x², x² + y, x), \[2\]P by `lambda_double_alt`, each next odd multiple
/// by a full addition (`lambda_add`) of \[2\]P, and all t made affine with one
/// inversion of the product of their Z, by `invert`. Canonical words. `None` without
/// AVX2 or VPCLMULQDQ, for t = 0 or x = 0, where an addition meets one of the generic
/// formula's special cases (a point of small order in the table), or when `invert`
/// fails.
pub fn odd_multiples(
    x: &Fe254,
    y: &Fe254,
    t: usize,
    invert: &dyn Fn(Fe254) -> Option<Fe254>,
) -> Option<Vec<(Fe254, Fe254)>> {
    if !super::BackendKind::Vpclmul.supported() || t == 0 {
        return None;
    }
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `supported()` checked PCLMULQDQ, AVX2 and VPCLMULQDQ; t ≥ 1.
    return unsafe { super::gls254_avx2::odd_multiples_avx2(x, y, t, invert) };
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (x, y, invert);
        None
    }
}

/// The table of the second GLV half from the first's entries (x, λ): ψ(x, λ) = (x^q,
/// λ^q + u) with (c₀ + c₁u)^q = (c₀ + c₁) + c₁u (`gls::psi::psi_lambda_affine` on
/// words), negated, (x, λ + 1), where `neg` is all ones. Canonical entries stay
/// canonical. No branch on `neg`.
pub fn psi_table(t: &[(Fe254, Fe254)], neg: u64) -> Vec<(Fe254, Fe254)> {
    let frob = |v: &Fe254| [v[0] ^ v[2], v[1] ^ v[3], v[2], v[3]];
    t.iter()
        .map(|(x, l)| {
            let mut l = frob(l);
            l[2] ^= 1;
            l[0] ^= neg & 1;
            (frob(x), l)
        })
        .collect()
}

/// Every entry (x, λ) negated, (x, λ + 1), where `neg` is all ones; no branch on it.
pub fn negate_table(t: &mut [(Fe254, Fe254)], neg: u64) {
    for (_, l) in t.iter_mut() {
        l[0] ^= neg & 1;
    }
}

/// The loop of `lambda-ct` (`gls::ct`) after its first column: for each of the columns
/// n − 2, …, 0 of the regular recodings `d1`, `d2` (every digit odd), w − 2 doublings and
/// one 2Q + P1 + P2 (`lambda_double_add_add_core`), the entries read by a linear pass
/// over the tables with masks. The tables hold the halves' signs already (as the
/// generic code's do).
#[derive(Clone, Copy, Debug)]
pub struct CtColumns<'a> {
    /// X of the starting point.
    pub x: Fe254,
    /// L of the starting point.
    pub l: Fe254,
    /// Z of the starting point.
    pub z: Fe254,
    /// (x, λ) of P, \[3\]P, …, signs applied.
    pub t1: &'a [(Fe254, Fe254)],
    /// The second half's table.
    pub t2: &'a [(Fe254, Fe254)],
    /// Digits of the first half, least significant first (the last one is not used).
    pub d1: &'a [i8],
    /// Digits of the second half, as many.
    pub d2: &'a [i8],
    /// The recoding's width: w − 2 doublings per column.
    pub w: usize,
}

/// True when this CPU has the loops' features and the tables and digit strings of a
/// constant-time job are well formed: tables nonempty and of one length, digit strings
/// nonempty and of one length, w ≥ 2.
fn ct_job_ok(t1: &[(Fe254, Fe254)], t2: &[(Fe254, Fe254)], d1: &[i8], d2: &[i8], w: usize) -> bool {
    super::BackendKind::Vpclmul.supported()
        && !t1.is_empty()
        && t1.len() == t2.len()
        && !d1.is_empty()
        && d1.len() == d2.len()
        && w >= 2
}

/// (X, L, Z) after the columns of `job`, canonical, and whether a factor that marks an
/// exceptional input (T, F + T or H + K of some column) was zero; `None` when this CPU
/// lacks AVX2 or VPCLMULQDQ or the job is malformed (tables empty or of different
/// lengths, digit strings of different lengths). The same operations run for every
/// digit string of a given length: no branch or memory index depends on the digits.
pub fn ct_columns(job: &CtColumns<'_>) -> Option<([Fe254; 3], bool)> {
    if !ct_job_ok(job.t1, job.t2, job.d1, job.d2, job.w) {
        return None;
    }
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `supported()` checked PCLMULQDQ, AVX2 and VPCLMULQDQ; lookups are linear
    // passes over the tables, digits are read with `get` below their checked length.
    return Some(unsafe { super::gls254_avx2::ct_columns_avx2(job) });
    #[cfg(not(target_arch = "x86_64"))]
    None
}

/// All the columns of `lambda-ct` from its tables: the first (the top digits' entries,
/// P1 + P2 by `lambda_mixed_add_core`) and then [`ct_columns`]'s.
#[derive(Clone, Copy, Debug)]
pub struct CtTables<'a> {
    /// (x, λ) of P, \[3\]P, …, signs applied.
    pub t1: &'a [(Fe254, Fe254)],
    /// The second half's table.
    pub t2: &'a [(Fe254, Fe254)],
    /// Digits of the first half, least significant first.
    pub d1: &'a [i8],
    /// Digits of the second half, as many.
    pub d2: &'a [i8],
    /// The recoding's width: w − 2 doublings per column.
    pub w: usize,
}

/// (X, L, Z) after all the columns of `job` and whether a flagged factor was zero (the
/// first column's F = X + x₂, then as [`ct_columns`]), canonical; `None` as for
/// [`ct_columns`]. No branch or memory index depends on the digits.
pub fn ct_all_columns(job: &CtTables<'_>) -> Option<([Fe254; 3], bool)> {
    if !ct_job_ok(job.t1, job.t2, job.d1, job.d2, job.w) {
        return None;
    }
    #[cfg(target_arch = "x86_64")]
    // SAFETY: as in `ct_columns`.
    return Some(unsafe { super::gls254_avx2::ct_all_columns_avx2(job) });
    #[cfg(not(target_arch = "x86_64"))]
    None
}

/// Input bits per half-trace table look-up in [`HalvingTables`]: nibbles, so that both
/// tables (8 + 16 KiB) stay in the 32 KiB L1 data cache beside the loop's other data,
/// where byte tables (64 + 128 KiB) are read from L2. Measured together with taking √x
/// off the chain (`gls254_avx2::halve`): `lambda-halve-add` 8.71/8.66 µs with bytes,
/// 8.32/8.36 µs with nibbles (alternated pairs, pinned, native build, 2026-11-27). On
/// the Intel Xeon of 2026-11-28, with the look-up offsets of `gls254_avx2::entry_offset`,
/// the minima of three pinned runs each: 8.0–8.2 µs with nibbles, 8.4–8.7 µs with bytes.
pub(super) const HT_BITS: usize = 4;
/// Look-ups per GF(2^127) element.
const HT_CHUNKS: usize = 128 / HT_BITS;

/// The linear maps the halving needs, as nibble tables over GF(2^127) = GF(2)\[z\]/(z^127 +
/// z^63 + 1): the half-trace H, and G(c) = H(H(c)²).
///
/// Why G: GF(2^254)'s half-trace (`Gf2Ext::half_trace`) solves λ² + λ = c₀ + c₁u as
/// λ₁ = H(c₁) + ε, λ₀ = H(c₀ + λ₁²), where ε ∈ {0, 1} makes Tr(c₀ + λ₁²) = 0. H is
/// linear and H(1) = 0 (a sum of 64 ones for m = 127), so λ₀ = H(c₀) + H(H(c₁)²) =
/// H(c₀) + G(c₁) whatever ε is, and ε = Tr(c₀) + Tr(H(c₁)) (Tr(a²) = Tr(a)), a parity
/// under a mask. The three walks H(c₀), H(c₁) and G(c₁) are then independent, instead of
/// two half-traces one after the other; H(c₁) and G(c₁) share one table of 32-byte
/// entries, laid out as the two lanes of a register (\[G | H\]).
pub struct HalvingTables {
    /// H(v·z^(4j)) at index 16·j + v.
    h: Box<[[u64; 2]]>,
    /// \[G(v·z^(4j)) | H(v·z^(4j))\] at index 16·j + v.
    gh: Box<[[u64; 4]]>,
    /// {i : Tr(z^i) = 1}.
    trace: [u64; 2],
    /// {i : Tr(H(z^i)) = 1}.
    trace_h: [u64; 2],
}

impl core::fmt::Debug for HalvingTables {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("HalvingTables")
            .field("h_entries", &self.h.len())
            .field("gh_entries", &self.gh.len())
            .finish_non_exhaustive()
    }
}

impl HalvingTables {
    /// The tables from the images of the basis z^0, …, z^126 under H and G, and the
    /// traces of z^i and of H(z^i) (the caller computes them with its field).
    pub fn new(basis: impl Fn(usize) -> ([u64; 2], [u64; 2], bool, bool)) -> Self {
        let images: Vec<_> = (0..127).map(basis).collect();
        let mut trace = [0u64; 2];
        let mut trace_h = [0u64; 2];
        for (i, &(_, _, t, th)) in images.iter().enumerate() {
            trace[i / 64] |= u64::from(t) << (i % 64);
            trace_h[i / 64] |= u64::from(th) << (i % 64);
        }
        let per = 1usize << HT_BITS;
        let mut h = vec![[0u64; 2]; per * HT_CHUNKS].into_boxed_slice();
        let mut gh = vec![[0u64; 4]; per * HT_CHUNKS].into_boxed_slice();
        for j in 0..HT_CHUNKS {
            for v in 1..per {
                // v = low + 2^bit with low < v: one more basis image than entry `low`.
                let low = v & (v - 1);
                let bit = (v ^ low).trailing_zeros() as usize;
                let (mut e, mut f) = (h[j * per + low], gh[j * per + low]);
                if let Some(&(hi, gi, _, _)) = images.get(j * HT_BITS + bit) {
                    e = [e[0] ^ hi[0], e[1] ^ hi[1]];
                    f = [f[0] ^ gi[0], f[1] ^ gi[1], f[2] ^ hi[0], f[3] ^ hi[1]];
                }
                h[j * per + v] = e;
                gh[j * per + v] = f;
            }
        }
        HalvingTables {
            h,
            gh,
            trace,
            trace_h,
        }
    }

    /// H(c) for a canonical c (bit 127 clear).
    pub fn half_trace(&self, c: [u64; 2]) -> [u64; 2] {
        let mut r = [0u64; 2];
        for j in 0..HT_CHUNKS {
            let e = self.h[(j << HT_BITS) | chunk(c, j)];
            r = [r[0] ^ e[0], r[1] ^ e[1]];
        }
        r
    }

    /// G(c) = H(H(c)²) for a canonical c.
    pub fn g(&self, c: [u64; 2]) -> [u64; 2] {
        let mut r = [0u64; 2];
        for j in 0..HT_CHUNKS {
            let e = self.gh[(j << HT_BITS) | chunk(c, j)];
            r = [r[0] ^ e[0], r[1] ^ e[1]];
        }
        r
    }

    pub(super) fn h_table(&self) -> &[[u64; 2]] {
        &self.h
    }

    pub(super) fn gh_table(&self) -> &[[u64; 4]] {
        &self.gh
    }

    pub(super) fn trace_masks(&self) -> ([u64; 2], [u64; 2]) {
        (self.trace, self.trace_h)
    }
}

/// Chunk j (of [`HT_BITS`] bits) of the 128-bit value c.
#[inline(always)]
fn chunk(c: [u64; 2], j: usize) -> usize {
    let per_word = 64 / HT_BITS;
    ((c[j / per_word] >> (HT_BITS * (j % per_word))) & ((1 << HT_BITS) - 1)) as usize
}

/// The halve-and-add positions `to − 1`, …, 0 of the 2-GLV w-NAF
/// (`gls::methods::lambda_halve_add_digits`): starting from the λ-affine point (x, l) at
/// position `to − 1` and halving it once per position, each nonzero digit d of `d1` adds
/// ±R (the sign of d, flipped when `neg1`) into accumulator |d|/2, and each nonzero digit
/// of `d2` adds ±ψ(R) (flipped when `neg2`), ψ(x, λ) = (x^q, λ^q + u). Accumulators start
/// as O and take their first point as (x, λ, 1).
#[derive(Clone, Copy, Debug)]
pub struct HalveColumns<'a> {
    /// x of the point at position `to − 1`.
    pub x: Fe254,
    /// λ of that point.
    pub l: Fe254,
    /// Digits of the first half, least significant first; missing ones are 0.
    pub d1: &'a [i8],
    /// Digits of the second half.
    pub d2: &'a [i8],
    /// The first half is negative: its points are negated.
    pub neg1: bool,
    /// The second half is negative.
    pub neg2: bool,
    /// Number of accumulators, 2^(w − 2).
    pub slots: usize,
    /// One above the highest position.
    pub to: usize,
    /// H and G of GF(2^127).
    pub tables: &'a HalvingTables,
}

/// The accumulators (X, L, Z) after the positions of `job`, canonical (`None` for one
/// that received no point), or `None` when this CPU lacks AVX2 or VPCLMULQDQ, when a
/// digit below `to` has no accumulator, when x or l is not canonical (a coefficient
/// with bit 127 set), or when a mixed addition would have taken the generic
/// code's exceptional path (Z = 0, or the two points equal up to sign).
pub fn halve_columns(job: &HalveColumns<'_>) -> Option<Vec<Option<[Fe254; 3]>>> {
    if !super::BackendKind::Vpclmul.supported() {
        return None;
    }
    // Only the digits the loop reads (positions below `to`) must have an accumulator.
    let fits = |d: &[i8]| {
        d.iter()
            .take(job.to)
            .all(|&v| ((v.unsigned_abs() / 2) as usize) < job.slots || v == 0)
    };
    let canonical = |v: &Fe254| v[1] >> 63 == 0 && v[3] >> 63 == 0;
    if !fits(job.d1) || !fits(job.d2) || !canonical(&job.x) || !canonical(&job.l) {
        return None;
    }
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `supported()` checked PCLMULQDQ, AVX2, VPCLMULQDQ, BMI2 and POPCNT; accumulator indices
    // are below `slots` (checked above), and table indices are a chunk number times
    // 2^HT_BITS plus a chunk, below the tables' 128 / HT_BITS · 2^HT_BITS entries.
    return unsafe { super::gls254_avx2::halve_columns_avx2(job) };
    #[cfg(not(target_arch = "x86_64"))]
    None
}

/// Σ_j (2j + 1)·Q_j of halve-and-add accumulators (X, L, Z), canonical, `None` for one
/// that received no point, by the same steps as the generic code
/// (`mul::binary_lambda::weighted_sum`): for n accumulators present, 2(n − 1) full
/// additions, one doubling and one more addition, and where the slot below the highest
/// one present is empty, one of those additions (S + S) is a doubling, as there. `None`
/// when this CPU lacks AVX2 or VPCLMULQDQ, when an accumulator is not canonical, when
/// none is present, for fewer than two slots, and where an addition would have taken the
/// generic code's special path or given O or T.
///
/// Missing accumulators are the rule in `lambda-parallel`, whose halving thread covers
/// t ≈ 48 positions, about 16 digits over 8 slots; they went to the generic code before
/// 2026-11-28 (stop 40), which took 6.8 % of a `lambda-parallel:t=48` run's samples
/// (`perf`, both threads) against 2.8 % for this function.
pub fn weighted_sum(acc: &[Option<[Fe254; 3]>]) -> Option<[Fe254; 3]> {
    if !super::BackendKind::Vpclmul.supported() || acc.len() < 2 {
        return None;
    }
    let canonical = |v: &Fe254| v[1] >> 63 == 0 && v[3] >> 63 == 0;
    if !acc.iter().flatten().all(|q| q.iter().all(canonical)) {
        return None;
    }
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `supported()` checked PCLMULQDQ, AVX2 and VPCLMULQDQ.
    return unsafe { super::gls254_avx2::weighted_sum_avx2(acc) };
    #[cfg(not(target_arch = "x86_64"))]
    None
}
