/*
 * AVX2 ChaCha20 kernel (compiled with JCHACHA_FLAGS_AVX2, default -mavx2; x86 only; called only after
 * dispatch.c saw AVX2 in CPUID and YMM state enabled in XCR0).
 *
 * Passes: 8 blocks on 256-bit vectors (vertical layout + 8x8 transpose), 4 blocks vertical on 128-bit
 * vectors, 2 and 1 blocks horizontal on 128-bit vectors. Rotates by 16 and 8 are vpshufb, by 12 and 7
 * shift-shift-or (AVX2 has no vector rotate).
 */
#define JC_ISA avx2
#define JC_HAVE_X8 1

#define JC_ROT16(x) _Generic((x), u32x4: jc_rot16_x4, u32x8: jc_rot16_x8)(x)
#define JC_ROT8(x) _Generic((x), u32x4: jc_rot8_x4, u32x8: jc_rot8_x8)(x)
#define JC_ROT12(x) JC_ROTL(x, 12)
#define JC_ROT7(x) JC_ROTL(x, 7)

/* Thresholds (blocks remaining, partial included): provisional, see bench table below. */
#ifndef JC_MIN_8
#define JC_MIN_8 8
#endif
#ifndef JC_MIN_4
#define JC_MIN_4 4
#endif
#ifndef JC_MIN_2
#define JC_MIN_2 2
#endif

#include "chacha_simd.h"
