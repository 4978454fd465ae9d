// SPDX-License-Identifier: Apache-2.0
/*
 * AVX2 ChaCha20 kernel (compiled with JCHACHA_FLAGS_AVX2, default -mavx2, with GCC also -fschedule-insns
 * -fsched-pressure, see CMakeLists.txt; x86 only; called only after dispatch.c saw AVX2 in CPUID and YMM state
 * enabled in XCR0).
 *
 * Passes: 16 blocks as two interleaved 8-block states, 8 blocks on 256-bit vectors (vertical layout + 8x8
 * transpose), 4 blocks horizontal on 256-bit vectors, 2 blocks horizontal on 128-bit vectors, 1 block scalar.
 * Rotates by 16 and 8 are vpshufb, by 12 and 7 shift-shift-or (AVX2 has no vector rotate).
 *
 * Why 16: one 8-block pass is latency-bound (four dependency chains of add/xor/rotate); two interleaved 8-block
 * states double the independent chains, which pays despite spilling (32 live vectors, 16 registers)
 * (docs/bench/tuning.md#avx2-16-block-pass).
 */
#define JC_ISA avx2
#define JC_HAVE_X8 1
#define JC_HAVE_X16_AS_2X8 1

#define JC_ROT16(x) _Generic((x), u32x4: jc_rot16_x4, u32x8: jc_rot16_x8)(x)
#define JC_ROT8(x) _Generic((x), u32x4: jc_rot8_x4, u32x8: jc_rot8_x8)(x)
#define JC_ROT12(x) JC_ROTL(x, 12)
#define JC_ROT7(x) JC_ROTL(x, 7)
/* A call's last lone block runs on the idle scalar units inside the pass before it
 * (docs/bench/tuning.md#avx2-lone-block). */
#define JC_HAVE_LONE 1

/* Blocks left (partial last block included; see chacha_simd.h) from which each pass runs: a partly used wider pass
 * costs less than the narrower passes it replaces (docs/bench/tuning.md#avx2-pass-blocks). */
#ifndef JC_MIN_16
#define JC_MIN_16 10
#endif
#ifndef JC_MIN_8
#define JC_MIN_8 5
#endif
#ifndef JC_MIN_4
#define JC_MIN_4 3
#endif
#ifndef JC_MIN_2
#define JC_MIN_2 2
#endif

/* The AEAD's interleaved pass (chacha_simd.h): ChaCha20 on the vector units, Poly1305 on the scalar ones. */
#include "poly1305_step_x86_64.h"
#define JC_MAC_PASS 8

#include "chacha_simd.h"
_Static_assert(64 * JC_MAC_PASS == JC_XOR_MAC_GROUP_AVX2, "the dispatch table's group is this pass's bytes");
