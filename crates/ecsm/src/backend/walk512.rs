//! The constant-time walks over the basis images of a GF(2)-linear map of GF(2^m)
//! (`field::gf2m::tables::BasisImages`, the long runs of squarings of the constant-time
//! inversion) with AVX-512F: [`walk2`] for GF(2^127) and [`walk_wide`] from three words
//! up. In [`walk2`], four images per 512-bit register, each added under a mask
//! register made from its input bit by a vector test, so that the bits never pass through
//! a general-purpose register or a branch. The portable walk (`BasisImages::apply_ct`,
//! a word mask per bit) is its twin; the tests compare the two.

/// Σ_i a_i·images\[i\] for 127 or 128 images of two words each (GF(2^127)), or `None`
/// when this CPU lacks AVX-512F or for another number of images. Every image is read
/// whatever `a` is.
pub fn walk2(images: &[[u64; 2]], a: &[u64; 2]) -> Option<[u64; 2]> {
    #[cfg(target_arch = "x86_64")]
    if (127..=128).contains(&images.len()) && std::arch::is_x86_feature_detected!("avx512f") {
        // SAFETY: AVX-512F was just detected; 127 or 128 images, as `walk2_avx512` needs.
        return Some(unsafe { walk2_avx512(images, a) });
    }
    let _ = (images, a);
    None
}

/// Fully unrolled, with eight running sums: 49–51 TSC ticks per walk here against
/// 109–111 for the same steps as a loop over groups with four sums (a dependent chain
/// of walks in a stand-alone benchmark, AMD EPYC Zen 4, 2026-11-27).
///
/// # Safety
/// The CPU must support AVX-512F; `images.len()` is 127 or 128.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn walk2_avx512(images: &[[u64; 2]], a: &[u64; 2]) -> [u64; 2] {
    use core::arch::x86_64::*;
    let flat = images.as_flattened();
    // The last group's lanes: all eight for 128 images, six for 127.
    let last: __mmask8 = if images.len() == 128 { 0xff } else { 0x3f };
    let mut acc = [_mm512_setzero_si512(); 8];
    for (w, &word) in a.iter().enumerate() {
        let bits = _mm512_set1_epi64(word as i64);
        for j in 0..16 {
            // Lane pair i of group g = 16w + j (image 4g + i) tests bit 4j + i of the
            // word: the mask register holds both lanes of every image whose bit is set.
            let s = 4 * j;
            let pick = _mm512_set_epi64(
                8 << s,
                8 << s,
                4 << s,
                4 << s,
                2 << s,
                2 << s,
                1 << s,
                1 << s,
            );
            let k = _mm512_test_epi64_mask(bits, pick);
            let g = 16 * w + j;
            let lanes = if g == 31 { last } else { 0xff };
            // SAFETY: lanes 0..8 of the words from 8g lie within `flat` (254 or 256
            // words) except, in the last group of 127 images, the two the constant mask
            // leaves out, which a masked load neither reads nor faults on.
            let v =
                unsafe { _mm512_maskz_loadu_epi64(lanes, flat.as_ptr().add(8 * g) as *const i64) };
            // In a register first: folded into the masked XOR as a memory operand, the
            // load would be masked by the secret bits, and which cache lines it touches
            // could depend on them.
            // SAFETY: AVX-512F, this function's context.
            let v = unsafe { in_register(v) };
            acc[g % 8] = _mm512_mask_xor_epi64(acc[g % 8], k, acc[g % 8], v);
        }
    }
    let x4 = |a: __m512i, b: __m512i, c: __m512i, d: __m512i| {
        _mm512_xor_si512(_mm512_xor_si512(a, b), _mm512_xor_si512(c, d))
    };
    let s = _mm512_xor_si512(
        x4(acc[0], acc[1], acc[2], acc[3]),
        x4(acc[4], acc[5], acc[6], acc[7]),
    );
    let y = _mm256_xor_si256(_mm512_castsi512_si256(s), _mm512_extracti64x4_epi64::<1>(s));
    let x = _mm_xor_si128(_mm256_castsi256_si128(y), _mm256_extracti128_si256::<1>(y));
    [
        _mm_cvtsi128_si64(x) as u64,
        _mm_extract_epi64::<1>(x) as u64,
    ]
}

/// `v`, which the compiler must now hold in a register: it cannot fold the load that
/// produced it into a later instruction.
///
/// # Safety
/// The CPU must support AVX-512F (the register class).
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "avx512f")]
unsafe fn in_register(mut v: core::arch::x86_64::__m512i) -> core::arch::x86_64::__m512i {
    // SAFETY: the block is empty (a comment); it reads and writes only the register
    // holding v, touches no memory, no stack and no flags.
    unsafe {
        core::arch::asm!(
            "/* {0} */",
            inout(zmm_reg) v,
            options(pure, nomem, nostack, preserves_flags)
        );
    }
    v
}

/// Words per image in the layout of [`walk_wide`]: N rounded up to 4, 8 or 16, so that an
/// image fills half a 512-bit register, one register or two.
pub const fn padded_words(n: usize) -> usize {
    if n <= 4 {
        4
    } else if n <= 8 {
        8
    } else {
        16
    }
}

/// Words per group of [`walk_wide`]: what one mask covers, one register (two images of
/// four words, or one of eight) or two (one image of sixteen).
const fn group_words(n: usize) -> usize {
    if padded_words(n) == 16 {
        16
    } else {
        8
    }
}

/// Images per group of [`walk_wide`].
const fn group_images(n: usize) -> usize {
    if padded_words(n) == 4 {
        2
    } else {
        1
    }
}

/// Length in words of the layout of `count` images of N words for [`walk_wide`]: whole
/// blocks of eight groups.
pub const fn padded_len(n: usize, count: usize) -> usize {
    count.div_ceil(group_images(n)).next_multiple_of(8) * group_words(n)
}

/// The images of N words (3 ≤ N ≤ 16) in the layout [`walk_wide`] reads: image i at word
/// i·`padded_words(N)`, zeros after its N words, and zero images up to a whole block of
/// eight groups, so that the walk reads whole registers with no tail.
pub fn pad_images<const N: usize>(images: &[[u64; N]]) -> Box<[u64]> {
    let p = padded_words(N);
    let mut out = vec![0u64; padded_len(N, images.len())];
    for (i, img) in images.iter().enumerate() {
        out[i * p..i * p + N].copy_from_slice(img);
    }
    out.into_boxed_slice()
}

/// Σ_i a_i·image_i for `count` images of N words (3 ≤ N ≤ 16, count ≤ 64N) in the layout
/// of [`pad_images`], or `None` when this CPU lacks AVX-512F or the layout does not fit.
/// Every word of the layout is read whatever `a` is; the bits of `a` select lanes through
/// mask registers only, as in [`walk2`].
pub fn walk_wide<const N: usize>(padded: &[u64], count: usize, a: &[u64; N]) -> Option<[u64; N]> {
    #[cfg(target_arch = "x86_64")]
    if (3..=16).contains(&N)
        && count <= 64 * N
        && padded.len() == padded_len(N, count)
        && std::arch::is_x86_feature_detected!("avx512f")
    {
        // SAFETY: AVX-512F was just detected, and the layout has the length the walk reads.
        return Some(unsafe { walk_wide_avx512(padded, a) });
    }
    let _ = (padded, count, a);
    None
}

/// Blocks of eight groups, eight running sums (two sets for sixteen-word images), one
/// mask per group from a vector test of the broadcast word of `a` against the group's bit
/// positions. A block never straddles two words of `a`: a word covers 32 groups of two
/// images or 64 of one.
///
/// # Safety
/// The CPU must support AVX-512F; `padded.len()` is a multiple of eight groups and at
/// most what the 64·N bits of `a` select (as [`walk_wide`] checks).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn walk_wide_avx512<const N: usize>(padded: &[u64], a: &[u64; N]) -> [u64; N] {
    use core::arch::x86_64::*;
    let (gw, gi) = (group_words(N), group_images(N));
    let blocks = padded.len() / (8 * gw);
    let mut lo = [_mm512_setzero_si512(); 8];
    let mut hi = [_mm512_setzero_si512(); 8];
    // Lane l of a group tests bit l / 4 of the group's position for two images of four
    // words, the group's bit itself otherwise; each group moves the test gi bits up.
    let first = if gi == 2 {
        _mm512_set_epi64(2, 2, 2, 2, 1, 1, 1, 1)
    } else {
        _mm512_set1_epi64(1)
    };
    let mut b = 0;
    for &word in a.iter() {
        let bits = _mm512_set1_epi64(word as i64);
        let mut pick = first;
        for _ in 0..64 / (8 * gi) {
            if b == blocks {
                break;
            }
            // SAFETY: block b < blocks lies within `padded` (8·gw words from 8·gw·b).
            let base = unsafe { padded.as_ptr().add(8 * gw * b) };
            for j in 0..8 {
                let k = _mm512_test_epi64_mask(bits, pick);
                // SAFETY: group j of block b, words gw·j … gw·j + gw − 1 from `base`; a
                // plain (unmasked) load, kept in a register as in `walk2`.
                let v = unsafe { in_register(_mm512_loadu_si512(base.add(gw * j).cast())) };
                lo[j] = _mm512_mask_xor_epi64(lo[j], k, lo[j], v);
                if gw == 16 {
                    // SAFETY: the group's second register, within the same block.
                    let v = unsafe { in_register(_mm512_loadu_si512(base.add(gw * j + 8).cast())) };
                    hi[j] = _mm512_mask_xor_epi64(hi[j], k, hi[j], v);
                }
                pick = if gi == 2 {
                    _mm512_slli_epi64::<2>(pick)
                } else {
                    _mm512_slli_epi64::<1>(pick)
                };
            }
            b += 1;
        }
    }
    let fold = |s: &[__m512i; 8]| {
        let x = s
            .iter()
            .fold(_mm512_setzero_si512(), |x, &v| _mm512_xor_si512(x, v));
        let mut w = [0u64; 8];
        // SAFETY: 64 bytes into the 64-byte array `w`.
        unsafe { _mm512_storeu_si512(w.as_mut_ptr().cast(), x) };
        w
    };
    let (l, h) = (fold(&lo), fold(&hi));
    core::array::from_fn(|w| match padded_words(N) {
        4 => l[w] ^ l[w + 4],
        8 => l[w],
        _ if w < 8 => l[w],
        _ => h[w - 8],
    })
}
