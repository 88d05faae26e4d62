//! Per-field tables, built once on first use.
//!
//! - the trace mask {i : Tr(x^i) = 1}, so Tr(c) is the parity of c AND mask;
//! - √x = x^(2^(m−1)) for square roots;
//! - half-trace tables of 2^8·⌈m/8⌉ elements: H is linear, so H(c) = Σ_j T_j[byte_j(c)]
//!   with T_j[v] = H(v·x^{8j}) (seed 001, "Half-trace");
//! - multi-squaring tables of 2^8·⌈m/8⌉ elements (2^4·⌈m/4⌉ past 8 words, see
//!   [`WalkTable`]) for each long run k of the inversion
//!   chain: c ↦ c^(2^k) is linear, so c^(2^k) = Σ_j T_j[chunk_j(c)] (seed 001,
//!   "Multisquaring"), and the same maps as basis images for the constant-time inversion;
//!   and one for `tnaf`'s cut k ([`Gf2mSpec::FROBENIUS_CUT`]), with which it moves its
//!   table by τ^k (on GF(2^233) that run is the inversion's last, so the table is shared).
//!
//! Table lookups are indexed by the value, so whatever uses them is not constant-time
//! with respect to that value; [`BasisImages::apply_ct`] reads every image.

use super::{Gf2m, Gf2mSpec};
use crate::backend::barrier::opaque;
use crate::backend::{walk512, Portable};
use crate::field::{BinaryField, Field};
use std::sync::OnceLock;

/// Runs shorter than this are done by plain squaring. Measured on this project's
/// machine (clmul backend, dependent chains, nibble tables, before [`WalkTable`]): a
/// table walk costs about 40 ns in
/// GF(2^127), 78 ns in GF(2^233) and 246 ns in GF(2^571), as much as 8, 10 and 16
/// squarings. With 10, every run of the stored chains takes the faster way (the run of
/// 16 in GF(2^571) is a tie).
const MIN_TABLE_RUN: usize = 10;

/// Input bits per half-trace table look-up. Bytes: nibble tables (8 KiB for GF(2^127),
/// inside the 32 KiB L1 cache, against 64 KiB) measured slower as a dependent chain
/// (GF(2^127) 16.5 → 18.5 ns, GF(2^233) 37 → 58 ns) and no faster inside the halving
/// loops (gls254 within noise, B-409 `halve-add` 12 % slower), 2026-11-26.
const HALF_TRACE_BITS: usize = 8;

/// Widest field whose multi-squaring tables take bytes ([`WalkTable`]).
const BYTE_WALK_MAX_WORDS: usize = 8;

/// A multi-squaring table: input bytes up to [`BYTE_WALK_MAX_WORDS`] words (GF(2^409)),
/// nibbles beyond. Measured 2026-11-29 (native build, pinned; stop 43): with bytes the
/// variable-time inversion went 332–382 → 252 ns in GF(2^163), 441 → 311–314 in
/// GF(2^233), 638 → 491 in GF(2^283), 918–923 → 685–712 in GF(2^409) and 1750 → 1214
/// in GF(2^571) (`field-bench`, two runs), and K-233 `tnaf:w=4` took 0.932 of the time
/// (`farm-bench`, 5 pairs; K-163 0.928, K-283 0.952, K-409 0.977, B-233 `montgomery`
/// 0.987). But K-571 `tnaf:w=5` took 1.111 of the time (B-571 `montgomery` 0.998). A
/// likely cause, not measured (no counters here): GF(2^571)'s five byte tables take
/// 1.27 MiB each, 6.3 MiB in all, against the 2 MiB of L2 this machine reports per core,
/// and `tnaf`'s 16 walks of the cut read a table that its inversions do not keep warm.
pub enum WalkTable<const N: usize> {
    /// 2^4·⌈m/4⌉ elements.
    Nibbles(LinearTable<N, 4>),
    /// 2^8·⌈m/8⌉ elements.
    Bytes(LinearTable<N, 8>),
}

impl<const N: usize> WalkTable<N> {
    fn build(basis_images: &[[u64; N]]) -> Self {
        if N <= BYTE_WALK_MAX_WORDS {
            WalkTable::Bytes(LinearTable::build(basis_images))
        } else {
            WalkTable::Nibbles(LinearTable::build(basis_images))
        }
    }

    /// Evaluate the map on `a`.
    #[inline(always)]
    pub fn apply(&self, a: &[u64; N]) -> [u64; N] {
        match self {
            WalkTable::Nibbles(t) => t.apply(a),
            WalkTable::Bytes(t) => t.apply(a),
        }
    }
}

/// A table for a linear map GF(2^m) → GF(2^m), evaluated `BITS` input bits at a time.
pub struct LinearTable<const N: usize, const BITS: usize> {
    /// The entries' words, entry i at `words[start + N·i ..]`.
    words: Box<[u64]>,
    /// The first entry's word: the allocation is padded so that the entries start on a
    /// cache line ([`CACHE_LINE`]).
    start: usize,
    /// How many entries.
    len: usize,
}

/// Bytes per cache line. Large allocations come from `mmap` 16 bytes past a page
/// boundary, so without the padding half of GF(2^233)'s 32-byte entries would straddle
/// two lines.
const CACHE_LINE: usize = 64;

impl<const N: usize, const BITS: usize> LinearTable<N, BITS> {
    /// Tabulate the map given its images of the basis x^0 … x^(m−1).
    fn build(basis_images: &[[u64; N]]) -> Self {
        let per = 1usize << BITS;
        let chunks = basis_images.len().div_ceil(BITS);
        let len = per * chunks;
        let pad = CACHE_LINE / 8;
        let mut words = vec![0u64; len * N + pad].into_boxed_slice();
        // The address is only read, to pick the padding.
        let misalign = (words.as_ptr() as usize / 8) % pad;
        let start = (pad - misalign) % pad;
        for j in 0..chunks {
            for v in 1..per {
                let low = v & (v - 1);
                let bit = (v ^ low).trailing_zeros() as usize;
                let from = start + (j * per + low) * N;
                let mut e = [0u64; N];
                e.copy_from_slice(&words[from..from + N]);
                if let Some(img) = basis_images.get(j * BITS + bit) {
                    for w in 0..N {
                        e[w] ^= img[w];
                    }
                }
                let to = start + (j * per + v) * N;
                words[to..to + N].copy_from_slice(&e);
            }
        }
        LinearTable { words, start, len }
    }

    /// Evaluate the map on `a`.
    #[inline(always)]
    pub fn apply(&self, a: &[u64; N]) -> [u64; N] {
        // GF(2^127)'s tables (the inversion's and the half-trace's) walk a chunk count
        // known at compile time: the loop unrolls with constant shifts and no bounds
        // checks (measured 23 → 20.5 ns per 4-bit walk).
        let chunks = self.len >> BITS;
        if N == 2 && chunks * BITS == 128 {
            return self.sum_chunks(a, 128 / BITS);
        }
        self.sum_chunks(a, chunks)
    }

    /// Σ_j T_j[chunk_j(a)] over the first `chunks` chunks (all of them, from `apply`).
    #[inline(always)]
    fn sum_chunks(&self, a: &[u64; N], chunks: usize) -> [u64; N] {
        let per = 1usize << BITS;
        let mask = (per - 1) as u64;
        let entries = &self.words[self.start..].as_chunks::<N>().0[..chunks * per];
        let entry = |j: usize| {
            let bit = j * BITS;
            let v = ((a[bit / 64] >> (bit % 64)) & mask) as usize;
            &entries[j * per + v]
        };
        let xor = |r: &mut [u64; N], e: &[u64; N]| {
            for w in 0..N {
                r[w] ^= e[w];
            }
        };
        // Four running sums, combined at the end: the loads are independent, and a
        // single sum would put all the XORs on one dependency chain. Four named
        // accumulators rather than an indexed array, which stayed in memory (measured
        // slower than one sum).
        let (mut r0, mut r1, mut r2, mut r3) = ([0u64; N], [0u64; N], [0u64; N], [0u64; N]);
        let mut j = 0;
        while j + 4 <= chunks {
            xor(&mut r0, entry(j));
            xor(&mut r1, entry(j + 1));
            xor(&mut r2, entry(j + 2));
            xor(&mut r3, entry(j + 3));
            j += 4;
        }
        while j < chunks {
            xor(&mut r0, entry(j));
            j += 1;
        }
        xor(&mut r0, &r1);
        xor(&mut r2, &r3);
        xor(&mut r0, &r2);
        r0
    }

    /// Memory held, in bytes.
    pub fn bytes(&self) -> usize {
        self.len * N * 8
    }
}

/// A linear map GF(2^m) → GF(2^m) as its images of the basis x^0 … x^(m−1), evaluated in
/// constant time: every image is read whatever the input, and each is added or not under
/// a mask made from its input bit (the way `crrl` evaluates the Frobenius powers of its
/// constant-time GF(2^127) inversion). m masked additions against m/4 lookups for a
/// `LinearTable` of nibbles, whose addresses depend on the input.
pub struct BasisImages<const N: usize> {
    images: Box<[[u64; N]]>,
    /// The same images as word planes, the layout of [`walk512::walk`].
    planes: Box<[u64]>,
}

impl<const N: usize> BasisImages<N> {
    fn new(images: Vec<[u64; N]>) -> Self {
        BasisImages {
            planes: walk512::to_planes(&images),
            images: images.into_boxed_slice(),
        }
    }

    /// The images, of the basis elements in order.
    #[inline(always)]
    pub fn images(&self) -> &[[u64; N]] {
        &self.images
    }

    /// The images as word planes, the layout of [`walk512::walk`].
    #[inline(always)]
    pub fn planes(&self) -> &[u64] {
        &self.planes
    }

    /// Σ_i a_i·image_i, with no branch or address depending on `a`.
    #[inline(always)]
    pub fn apply_ct(&self, a: &[u64; N]) -> [u64; N] {
        let add = |r: &mut [u64; N], img: &[u64; N], i: usize| {
            // All ones or zero from bit i, kept opaque so that LLVM cannot turn the
            // masked addition into a branch on the bit (see `backend::barrier`).
            let m = opaque(0u64.wrapping_sub((a[i / 64] >> (i % 64)) & 1));
            for w in 0..N {
                r[w] ^= img[w] & m;
            }
        };
        // Four running sums, as in `LinearTable::sum_chunks`.
        let (mut r0, mut r1, mut r2, mut r3) = ([0u64; N], [0u64; N], [0u64; N], [0u64; N]);
        let mut quads = self.images.chunks_exact(4);
        let mut i = 0;
        for q in &mut quads {
            add(&mut r0, &q[0], i);
            add(&mut r1, &q[1], i + 1);
            add(&mut r2, &q[2], i + 2);
            add(&mut r3, &q[3], i + 3);
            i += 4;
        }
        for img in quads.remainder() {
            add(&mut r0, img, i);
            i += 1;
        }
        for w in 0..N {
            r0[w] ^= r1[w] ^ r2[w] ^ r3[w];
        }
        r0
    }
}

/// The multi-squaring tables of one field, keyed by run length: walk tables for the
/// variable-time inversion, basis images for the constant-time one.
type MultiSquareTables<const N: usize> = Vec<(usize, WalkTable<N>, BasisImages<N>)>;

/// The lazily built tables of one field.
pub struct Gf2mTables<const N: usize> {
    trace_mask: OnceLock<[u64; N]>,
    sqrt_x: OnceLock<[u64; N]>,
    half_trace: OnceLock<LinearTable<N, HALF_TRACE_BITS>>,
    multi_square: OnceLock<MultiSquareTables<N>>,
    build_half_trace: OnceLock<fn() -> LinearTable<N, HALF_TRACE_BITS>>,
    build_multi_square: OnceLock<fn() -> MultiSquareTables<N>>,
}

type Pf<const N: usize, S> = Gf2m<N, S, Portable>;

fn basis<const N: usize, S: Gf2mSpec<N>>() -> impl Iterator<Item = Pf<N, S>> {
    (0..S::M).map(|i| {
        let mut l = [0u64; N];
        l[i / 64] = 1 << (i % 64);
        Pf::<N, S>::from_limbs_unchecked(l)
    })
}

/// H(c) = Σ_{i=0}^{(m−1)/2} c^(4^i) by definition (odd m).
fn half_trace_by_definition<const N: usize, S: Gf2mSpec<N>>(c: Pf<N, S>) -> Pf<N, S> {
    let mut t = c;
    let mut h = c;
    for _ in 0..(S::M - 1) / 2 {
        t = t.square().square();
        h += t;
    }
    h
}

fn build_half_trace<const N: usize, S: Gf2mSpec<N>>() -> LinearTable<N, HALF_TRACE_BITS> {
    let images: Vec<[u64; N]> = basis::<N, S>()
        .map(|b| *half_trace_by_definition(b).limbs())
        .collect();
    LinearTable::build(&images)
}

fn build_multi_square<const N: usize, S: Gf2mSpec<N>>() -> MultiSquareTables<N> {
    let mut runs: Vec<usize> = S::TABLE_CHAIN
        .square_runs()
        .filter(|&k| k >= MIN_TABLE_RUN)
        .collect();
    if <S as crate::backend::Reduction<N>>::IS_X127_X63_1 {
        runs.push(super::LAST_RUN127);
    }
    runs.push(S::FROBENIUS_CUT);
    runs.sort_unstable();
    runs.dedup();
    runs.into_iter()
        .map(|k| {
            // (x^i)^(2^k) = g^i with g = x^(2^k): one multiplication per basis element.
            let g = Pf::<N, S>::x().multi_square_ct(k);
            let mut images = Vec::with_capacity(S::M);
            let mut acc = Pf::<N, S>::one();
            for _ in 0..S::M {
                images.push(*acc.limbs());
                acc *= g;
            }
            let table = WalkTable::build(&images);
            (k, table, BasisImages::new(images))
        })
        .collect()
}

/// The trace mask {i : Tr(x^i) = 1}, by Newton's identities over GF(2): with
/// f = x^m + Σ_j c_j·x^(m−j), the power sums p_k = Tr(x^k) of f's roots satisfy
/// p_k = Σ_{j=1}^{k−1} c_j·p_(k−j) + k·c_k and p_0 = m (mod 2) (e.g. Lidl–Niederreiter,
/// *Finite Fields*, Thm. 1.75). O(m·t) bit operations for t terms, where summing the
/// conjugates of every x^i takes m² squarings (0.26 G instructions over the five NIST
/// fields at start-up, by callgrind; the tests keep that definition and compare).
fn trace_mask<const N: usize, S: Gf2mSpec<N>>() -> [u64; N] {
    let m = S::M;
    // The j with c_j = 1 below m (the constant term, j = m, never enters for k < m).
    let js: Vec<usize> = S::TERMS.iter().map(|&t| m - t).collect();
    let mut p = vec![0u8; m];
    p[0] = (m & 1) as u8;
    for k in 1..m {
        p[k] = js.iter().fold(0u8, |acc, &j| match j.cmp(&k) {
            core::cmp::Ordering::Less => acc ^ p[k - j],
            core::cmp::Ordering::Equal => acc ^ (k & 1) as u8,
            core::cmp::Ordering::Greater => acc,
        });
    }
    let mut mask = [0u64; N];
    for (i, &b) in p.iter().enumerate() {
        mask[i / 64] |= u64::from(b) << (i % 64);
    }
    mask
}

impl<const N: usize> Gf2mTables<N> {
    /// Empty tables; usable in a `static`.
    pub const fn new() -> Self {
        Gf2mTables {
            trace_mask: OnceLock::new(),
            sqrt_x: OnceLock::new(),
            half_trace: OnceLock::new(),
            multi_square: OnceLock::new(),
            build_half_trace: OnceLock::new(),
            build_multi_square: OnceLock::new(),
        }
    }

    /// Record the builders for field `S` and compute the small items (trace mask, √x).
    /// Cheap after the first call: one load and a branch, inlined into the field
    /// operations that read the tables.
    #[inline]
    pub fn init<S: Gf2mSpec<N>>(&self) {
        if self.sqrt_x.get().is_none() {
            self.init_slow::<S>();
        }
    }

    #[cold]
    #[inline(never)]
    fn init_slow<S: Gf2mSpec<N>>(&self) {
        self.build_half_trace
            .get_or_init(|| build_half_trace::<N, S>);
        self.build_multi_square
            .get_or_init(|| build_multi_square::<N, S>);
        self.trace_mask.get_or_init(trace_mask::<N, S>);
        self.sqrt_x
            .get_or_init(|| *Pf::<N, S>::x().multi_square_ct(S::M - 1).limbs());
    }

    /// The trace mask.
    #[inline(always)]
    pub fn trace_mask(&self) -> &[u64; N] {
        self.trace_mask
            .get()
            .expect("initialised by Gf2mSpec::tables")
    }

    /// √x.
    #[inline(always)]
    pub fn sqrt_x(&self) -> &[u64; N] {
        self.sqrt_x.get().expect("initialised by Gf2mSpec::tables")
    }

    /// H(a) through the byte tables (built on first use).
    #[inline]
    pub fn half_trace(&self, a: &[u64; N]) -> [u64; N] {
        self.half_trace_table().apply(a)
    }

    /// The half-trace table (built on first use).
    #[inline]
    pub fn half_trace_table(&self) -> &LinearTable<N, HALF_TRACE_BITS> {
        self.half_trace
            .get_or_init(|| (self.build_half_trace.get().expect("initialised"))())
    }

    /// The multi-squaring table for exactly k squarings, if the field keeps one.
    #[inline]
    pub fn multi_square_table(&self, k: usize) -> Option<&WalkTable<N>> {
        self.multi_square_entry(k).map(|(_, t, _)| t)
    }

    /// The basis images of c ↦ c^(2^k) for the constant-time walk, for the same k as
    /// [`Self::multi_square_table`].
    #[inline]
    pub fn multi_square_basis(&self, k: usize) -> Option<&BasisImages<N>> {
        self.multi_square_entry(k).map(|(_, _, b)| b)
    }

    #[inline]
    fn multi_square_entry(&self, k: usize) -> Option<&(usize, WalkTable<N>, BasisImages<N>)> {
        self.multi_square
            .get_or_init(|| (self.build_multi_square.get().expect("initialised"))())
            .iter()
            .find(|(run, _, _)| *run == k)
    }
}

impl<const N: usize> Default for Gf2mTables<N> {
    fn default() -> Self {
        Self::new()
    }
}
