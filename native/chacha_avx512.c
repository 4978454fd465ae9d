// SPDX-License-Identifier: Apache-2.0
/*
 * AVX-512 ChaCha20 kernel (compiled with JCHACHA_FLAGS_AVX512, default -mavx512f -mavx512vl, with GCC also
 * -fschedule-insns -fsched-pressure, see CMakeLists.txt; x86 only; called only after dispatch.c saw AVX-512F and VL
 * in CPUID and opmask/ZMM state enabled in XCR0).
 *
 * Passes: 32 blocks as two interleaved 16-block states, 24 as a 16-block state beside an 8-block one, 16 blocks on
 * 512-bit vectors (vertical layout + 16x16 transpose), 8 blocks vertical on 256-bit vectors (AVX-512VL), 4 blocks
 * horizontal on 256-bit vectors, 2 blocks horizontal on 128-bit vectors, 1 block scalar.
 *
 * Why 32: one 16-block pass is latency-bound, so two interleaved 16-block states (32 live zmm, a few spills) keep
 * the units busy (docs/bench/tuning.md#avx512-32-block-pass). Every rotate is the plain shift-or, which GCC and Clang
 * compile to vprold at each width (checked with objdump: no vpshufb, vpsrld or vpslld in the rounds).
 */
#define JC_ISA avx512
#define JC_HAVE_X8 1
#define JC_HAVE_X16 1
#define JC_HAVE_X24_AS_16_8 1
#define JC_HAVE_X32_AS_2X16 1

#define JC_ROT16(x) JC_ROTL(x, 16)
#define JC_ROT8(x) JC_ROTL(x, 8)
#define JC_ROT12(x) JC_ROTL(x, 12)
#define JC_ROT7(x) JC_ROTL(x, 7)
/* A call's last lone block runs on the idle scalar units inside the pass before it
 * (docs/bench/tuning.md#avx512-lone-block). */
#define JC_HAVE_LONE 1

/* Blocks left (partial last block included; see chacha_simd.h) from which each pass runs: a partly used wider pass
 * costs less than the narrower passes it replaces (docs/bench/tuning.md#avx512-pass-blocks). */
#ifndef JC_MIN_32
#define JC_MIN_32 26
#endif
#ifndef JC_MIN_24
#define JC_MIN_24 18
#endif
#ifndef JC_MIN_16
#define JC_MIN_16 9
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

/* The AEAD's interleaved pass (chacha_simd.h): each 2048-byte group's MAC starts on the state's own kernel (IFMA,
 * 1024 bytes) and ends on the scalar units beside the 32-block pass (JC_MAC_STEPS_Y = 3 blocks after each of the
 * pass's 20 quarter-round steps, JC_MAC_STEPS_END = 4 before the stores: 64 blocks, 1024 bytes), the share where the
 * scalar chain keeps pace with the pass on Zen 4; dispatch.c runs it there only (docs/bench/tuning.md#avx512-mac-pass).
 * The pass stays out of line: inlined into the driver it ran slower. */
#include "poly1305_step_x86_64.h"
#define JC_MAC_PASS 32
#ifndef JC_MAC_STEPS_Y
#define JC_MAC_STEPS_Y 3
#endif
#ifndef JC_MAC_STEPS_END
#define JC_MAC_STEPS_END 4
#endif

#include "chacha_simd.h"
_Static_assert(64 * JC_MAC_PASS == JC_XOR_MAC_GROUP_AVX512, "the dispatch table's group is this pass's bytes");
