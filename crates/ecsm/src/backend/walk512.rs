//! The constant-time walk over the basis images of a GF(2)-linear map of GF(2^m)
//! (`field::gf2m::tables::BasisImages`, the long runs of squarings of the constant-time
//! inversion) with AVX-512F. The images are stored as word planes: plane w holds word w
//! of every image in order, so one 512-bit register holds word w of eight consecutive
//! images, and one mask register, made from eight input bits by a vector test, selects
//! those eight images in every plane. The bits never pass through a general-purpose
//! register or a branch, and every word of the layout is read whatever the input. The
//! portable walk (`BasisImages::apply_ct`, a word mask per bit) is its twin; the tests
//! compare the two.
//!
//! Per eight images this is one test and N masked XORs (N words per element). The two
//! layouts it replaced (2026-11-28) spent one test per XOR: four images per register for
//! GF(2^127), and images padded to four, eight or sixteen words from three words up (so a
//! five-word image took a whole register).

/// Words per plane in the layout of [`walk`]: `count` rounded up to whole groups of eight
/// images.
pub const fn plane_len(count: usize) -> usize {
    count.next_multiple_of(8)
}

/// The images of N words in the layout [`walk`] reads: N planes of [`plane_len`] words,
/// word w of image i at index w·`plane_len(count)` + i, zeros after the last image.
pub fn to_planes<const N: usize>(images: &[[u64; N]]) -> Box<[u64]> {
    let len = plane_len(images.len());
    let mut out = vec![0u64; N * len];
    for (i, img) in images.iter().enumerate() {
        for (w, &x) in img.iter().enumerate() {
            out[w * len + i] = x;
        }
    }
    out.into_boxed_slice()
}

/// Σ_i a_i·image_i for `count` images of N words (count ≤ 64·N) in the layout of
/// [`to_planes`], or `None` when this CPU lacks AVX-512F or the layout does not fit.
#[inline(always)]
pub fn walk<const N: usize>(planes: &[u64], count: usize, a: &[u64; N]) -> Option<[u64; N]> {
    #[cfg(target_arch = "x86_64")]
    if N >= 1
        && count <= 64 * N
        && planes.len() == N * plane_len(count)
        && std::arch::is_x86_feature_detected!("avx512f")
    {
        // A build for a CPU with AVX-512F (`-C target-cpu=native` here) takes the walk
        // inline, so that its input and output stay in registers: called, the walk
        // received the product before it through a store and a reload, and gave its sum
        // back the same way (see `walk_planes`).
        // SAFETY: AVX-512F is enabled for the whole build, and `planes` holds N planes
        // of `plane_len(count)` words, a whole number of groups of eight.
        #[cfg(target_feature = "avx512f")]
        return Some(unsafe { walk_planes::<N>(planes, plane_len(count), a) });
        // SAFETY: AVX-512F was just detected, and `planes` holds N planes of
        // `plane_len(count)` words, a whole number of groups of eight.
        #[cfg(not(target_feature = "avx512f"))]
        return Some(unsafe { walk_avx512::<N>(planes, plane_len(count), a) });
    }
    let _ = (planes, count, a);
    None
}

/// Running sums per plane. In the inversion the walk's input comes from the product
/// just before it, so the walk's latency counts: the loads can start early, but the
/// masked XORs (a cycle each) of one sum form a chain. Four sums per plane up to four
/// planes (at most 16 registers), two beyond.
const fn sums_per_plane(n: usize) -> usize {
    if n <= 4 {
        4
    } else {
        2
    }
}

/// Group g of eight images (word g / 8 of `a`, bits 8(g mod 8) … 8(g mod 8) + 7): one
/// vector test against the eight bit positions gives the mask, then one masked XOR per
/// plane into one of that plane's running sums. Every group index and sum index is a
/// constant after the unrolling (a variable index put the sums on the stack: 272 against
/// 120–131 ticks a walk for GF(2^233) with constant indices, in a stand-alone dependent
/// chain of walks).
///
/// This function has no feature context of its own, so that it can be forced inline:
/// into [`walk_avx512`], or into any caller when the whole build has AVX-512F. Left to
/// the inliner, the walk stayed a call even there, and its input and output went through
/// memory. Inlined (native build, `field-bench`, pinned, five alternated runs, Intel Xeon,
/// 2026-11-28): GF(2^254) `inv_ct` 227.3–227.6 → 213.9–215.5 ns, GF(2^127) 205–206 →
/// 190–191 ns; the larger fields did not move.
///
/// # Safety
/// The caller's context must have AVX-512F; `planes.len()` is N·`len`, `len` a multiple
/// of 8 and at most 64·N.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn walk_planes<const N: usize>(planes: &[u64], len: usize, a: &[u64; N]) -> [u64; N] {
    use core::arch::x86_64::*;
    // SAFETY: AVX-512F in the caller's context (this function's contract); every load
    // is within `planes`, as noted where it is made.
    unsafe {
        const K: usize = 4;
        let sums = const { sums_per_plane(N) };
        let groups = len / 8;
        let mut acc = [[_mm512_setzero_si512(); K]; N];
        for (w, &word) in a.iter().enumerate() {
            let bits = _mm512_set1_epi64(word as i64);
            macro_rules! group {
                ($($j:literal)*) => {$(
                    let g = 8 * w + $j;
                    if g < groups {
                        let bit = |i: u32| (1u64 << (8 * $j + i)) as i64;
                        let pick = _mm512_set_epi64(
                            bit(7), bit(6), bit(5), bit(4), bit(3), bit(2), bit(1), bit(0),
                        );
                        let k = _mm512_test_epi64_mask(bits, pick);
                        for (p, s) in acc.iter_mut().enumerate() {
                            let s = &mut s[$j % sums];
                            // Words p·len + 8g … p·len + 8g + 7 lie within plane p, since
                            // g < len / 8.
                            let v =
                                _mm512_loadu_si512(planes.as_ptr().add(p * len + 8 * g).cast());
                            masked_xor(s, k, v);
                        }
                    }
                )*};
            }
            group!(0 1 2 3 4 5 6 7);
        }
        // Two planes at a time: the unpacks leave (plane p, plane p + 1) partial sums in each
        // 128-bit lane, which two halvings add up.
        let pair = |x: __m512i, y: __m512i| {
            let t = _mm512_xor_si512(_mm512_unpacklo_epi64(x, y), _mm512_unpackhi_epi64(x, y));
            let h = _mm256_xor_si256(_mm512_castsi512_si256(t), _mm512_extracti64x4_epi64::<1>(t));
            let q = _mm_xor_si128(_mm256_castsi256_si128(h), _mm256_extracti128_si256::<1>(h));
            [
                _mm_cvtsi128_si64(q) as u64,
                _mm_extract_epi64::<1>(q) as u64,
            ]
        };
        let fold = |s: &[__m512i; K]| {
            let x = _mm512_xor_si512(s[0], s[1]);
            if sums == 4 {
                _mm512_xor_si512(x, _mm512_xor_si512(s[2], s[3]))
            } else {
                x
            }
        };
        let mut out = [0u64; N];
        for p in (0..N).step_by(2) {
            let y = acc.get(p + 1).map_or(_mm512_setzero_si512(), fold);
            let [s, t] = pair(fold(&acc[p]), y);
            out[p] = s;
            if let Some(o) = out.get_mut(p + 1) {
                *o = t;
            }
        }
        out
    }
}

/// [`walk_planes`] in an AVX-512F context, for a build without that feature.
///
/// # Safety
/// The CPU must support AVX-512F; the layout as [`walk_planes`] requires.
#[cfg(all(target_arch = "x86_64", not(target_feature = "avx512f")))]
#[inline]
#[target_feature(enable = "avx512f")]
unsafe fn walk_avx512<const N: usize>(planes: &[u64], len: usize, a: &[u64; N]) -> [u64; N] {
    // SAFETY: AVX-512F, this function's context; the layout as the caller guarantees.
    unsafe { walk_planes::<N>(planes, len, a) }
}

/// acc ← acc ⊕ v in the lanes set in `k`, as one masked VPXORQ of registers. Written
/// out because, from the intrinsic, LLVM may fold the load of v into the XOR (a memory
/// operand masked by the secret bits: which bytes it reads could depend on them), or
/// emit an XOR and a masked move (two instructions where one does).
///
/// # Safety
/// The CPU must support AVX-512F.
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "avx512f")]
unsafe fn masked_xor(
    acc: &mut core::arch::x86_64::__m512i,
    k: core::arch::x86_64::__mmask8,
    v: core::arch::x86_64::__m512i,
) {
    // SAFETY: one register-to-register instruction of AVX-512F (this function's
    // context); no memory, stack or flags.
    unsafe {
        core::arch::asm!(
            "vpxorq {a}{{{k}}}, {a}, {v}",
            a = inout(zmm_reg) *acc,
            k = in(kreg) k,
            v = in(zmm_reg) v,
            options(pure, nomem, nostack, preserves_flags)
        );
    }
}
