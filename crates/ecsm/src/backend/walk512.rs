//! The constant-time walk over the basis images of a GF(2)-linear map of GF(2^127)
//! (`field::gf2m::tables::BasisImages`, the long runs of squarings of the constant-time
//! inversion) with AVX-512F: four images per 512-bit register, each added under a mask
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
