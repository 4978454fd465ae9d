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
 * Why 16: one 8-block pass is latency-bound (four dependency chains of add/xor/rotate), so it costs the same
 * as a 4-block pass (229 vs 227 ns); two interleaved 8-block states double the independent chains and,
 * despite spilling (32 live vectors, 16 registers), raised 16 KiB from 2300 to 2930 MB/s (gcc 12, Zen 5).
 */
#define JC_ISA avx2
#define JC_HAVE_X8 1
#define JC_HAVE_X16_AS_2X8 1

#define JC_ROT16(x) _Generic((x), u32x4: jc_rot16_x4, u32x8: jc_rot16_x8)(x)
#define JC_ROT8(x) _Generic((x), u32x4: jc_rot8_x4, u32x8: jc_rot8_x8)(x)
#define JC_ROT12(x) JC_ROTL(x, 12)
#define JC_ROT7(x) JC_ROTL(x, 7)
#define JC_HAVE_LONE 1

/* Thresholds (blocks remaining, partial last block included; see chacha_simd.h). Measured with
 * bench_kernels --blocks --best (gcc 12 -O3, 20 rounds, AMD EPYC Zen 5 VM at 2.1 GHz TSC), ns per call:
 *
 *   blocks      1     2     3     4     5     6     7     8     9    16
 *   portable  121   236   344   470   584   693   803   918  1005  1777
 *   avx2 *    148   171   332   227   389   399   549   229   387   456    (* with JC_MIN_8 8, JC_MIN_4 4)
 *
 * A 4-block pass (227) costs about a 2-block pass plus a scalar block (171 + 121), so 3 blocks take the
 * 4-block pass; an 8-block pass costs the same as a 4-block one (229 vs 227: both latency-bound), so 5..7
 * blocks take one partly used 8-block pass instead of 4+1, 4+2 or 4+2+1. With the 16-block pass:
 *
 *   blocks      9    10    11    12    13    14    15    16
 *   avx2 *    351   397   453   447   453   461   456   353    (* with JC_MIN_16 16)
 *
 * so 10..15 blocks take one partly used 16-block pass (9: 8+1 costs the same and does less work).
 *
 * The 4-block pass has since become horizontal (jc_pass_x4 in chacha_simd.h: 115-118 ns for 4 blocks against the
 * vertical pass's 174-179 on a Zen 4 at 3.6 GHz). The thresholds still hold there (same harness, three runs):
 *
 *   blocks              3         4         5         6         7         8
 *   avx2 vertical 4 185-186   174-179   196-214   197-205   198-208   187-192
 *   horizontal 4    124-131   115-118   173-184   173-187   178-188   168-169
 *   JC_MIN_8 8      121-139   118-121   246-290   220-231   239-255   164-173   (5..7: 4 + 1 or 4 + 2 + 1)
 *
 * JC_HAVE_LONE: 9, 17 and 16k+1 blocks run their last block on scalar registers inside the 8- or 16-block pass
 * before it (the integer ALUs are idle during a vector pass). bench_kernels --blocks --best, two runs, ns per call:
 *
 *   blocks        9        17        25        33
 *   before    353-353   398-419   635-658   706-721
 *   lone      208-219   327-335   506-542   628-642
 *
 * and 5 blocks likewise inside the horizontal 4-block pass (Zen 4, three runs): 172-180 ns as one partly used
 * 8-block pass, 133-137 with the lone block; a 256 B AEAD seal (5 blocks with the key block, bench_aead --best)
 * 799-807 -> 859-894 MB/s. */
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
