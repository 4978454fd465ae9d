/*
 * AVX-512 ChaCha20 kernel (compiled with JCHACHA_FLAGS_AVX512, default -mavx512f -mavx512vl; x86 only; called
 * only after dispatch.c saw AVX-512F and VL in CPUID and opmask/ZMM state enabled in XCR0).
 *
 * Passes: 16 blocks on 512-bit vectors (vertical layout + 16x16 transpose), 8 and 4 blocks vertical on 256-
 * and 128-bit vectors (AVX-512VL), 2 and 1 blocks horizontal on 128-bit vectors. Every rotate is the plain
 * shift-or, which GCC and Clang compile to vprold at each width (checked with objdump: no vpshufb, vpsrld or
 * vpslld in the rounds).
 */
#define JC_ISA avx512
#define JC_HAVE_X8 1
#define JC_HAVE_X16 1

#define JC_ROT16(x) JC_ROTL(x, 16)
#define JC_ROT8(x) JC_ROTL(x, 8)
#define JC_ROT12(x) JC_ROTL(x, 12)
#define JC_ROT7(x) JC_ROTL(x, 7)

/* Thresholds (blocks remaining, partial included): provisional, see bench table below. */
#ifndef JC_MIN_16
#define JC_MIN_16 16
#endif
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
