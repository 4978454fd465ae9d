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
 * Why 32: one 16-block pass is latency-bound (it costs about what an 8-block pass does: 163 vs 156 ns), so
 * two interleaved 16-block states (32 live zmm, a few spills) raised 16 KiB from 6550 to 8900 MB/s
 * (gcc 12, Zen 5). Every rotate is the plain
 * shift-or, which GCC and Clang compile to vprold at each width (checked with objdump: no vpshufb, vpsrld or
 * vpslld in the rounds).
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
#define JC_HAVE_LONE 1

/* Thresholds (blocks remaining, partial last block included; see chacha_simd.h). Measured with
 * bench_kernels --blocks --best (gcc 12 -O3, 20 rounds, AMD EPYC Zen 5 VM at 2.1 GHz TSC), ns per call:
 *
 *   blocks       1     2     3     4     5     6     7     8     9    12    15    16
 *   portable   121   236   344   470   584   693   803   918  1005  1355  1676  1777
 *   avx512 *   124   148   274   154   291   298   433   156   293   313   596   163
 *                                              (* with JC_MIN_16 16, JC_MIN_8 8, JC_MIN_4 4)
 *
 * 4-, 8- and 16-block passes cost about the same (154, 156, 163: latency-bound with vprold at every
 * width), and any of them is cheaper than two narrower passes, so: 3..4 blocks -> 4-block pass, 5..8 ->
 * 8-block pass, 9..15 -> one partly used 16-block pass. Two blocks stay horizontal (148 < 154) and one
 * block is scalar. With the 32-block pass:
 *
 *   blocks      17    18    19    20    24    28    31    32
 *   avx512 *   286   301   314   312   320   327   327   233    (* with JC_MIN_32 32)
 *
 * so 17..31 blocks took one partly used 32-block pass. Two changes since (Zen 4 at 3.6 GHz, same harness, each
 * alternated twice with the code before it): a partly used pass stores only the call's bytes (jc_pass_x<W>_part;
 * it wrote its whole keystream to a stack buffer, XORed the call's bytes from there and wiped it), and a 24-block
 * pass, a 16-block state beside an 8-block one on 256-bit vectors (which take one 256-bit slot where a 512-bit op
 * takes two on this core), serves 18..25 blocks:
 *
 *   blocks              3      6-7     10-15     16     17     18-24      25     26-31     32
 *   stack buffer      107    133      202-210   183   201   374-392   381-411  380-392   336-350
 *   call's bytes only 100    126-127  187-191   184   206   348-353   353-359  354-359   337
 *   with 24 blocks     99    127-129  186-199   184   205   284-288   285-290  354-358   337
 *
 * So 17 blocks stay one 16-block pass with the lone block (205 against 284 as a partly used 24), 18..24 take the
 * 24-block pass, 25 the 24-block pass with the lone block, and 26..31 one partly used 32-block pass (355 against
 * 24 + 2 blocks, 274 + 95). (A 12-block pass, an 8-block state beside a 4-block one on 128-bit vectors, measured
 * slower than the partly used 16-block pass it would replace at 10..12 blocks: 186-198 against 186-191 here, 333-354
 * against 295-305 on avx2.)
 *
 * The 4-block pass has since become horizontal (jc_pass_x4 in chacha_simd.h: 100-105 ns for 4 blocks against the
 * vertical pass's 119-130 on a Zen 4 at 3.6 GHz). The thresholds still hold there (same harness, three runs):
 *
 *   blocks              3         4         5         6         7         8
 *   avx512 vertical 4 135-146   124-130   137-147   131-147   135-162   122-131
 *   horizontal 4    108-121   101-105   135-157   136-159   137-160   122-133
 *   JC_MIN_8 8      108-109   103-106   241-266   197-202   213-214   123-128   (5..7: 4 + 1 or 4 + 2 + 1)
 *
 * (rot(x ^ y) as one vpternlogd of y's two shifts and x's rotate, which shortens the chain on Zen 4's 2-cycle
 * vprold, made the horizontal passes slower there: 2 blocks 112-116 against 96-99 ns.)
 *
 * JC_HAVE_LONE: 9, 17 and 32k+1 blocks run their last block on scalar registers inside the 8-, 16- or 32-block
 * pass before it (the integer ALUs are idle during a vector pass). Same harness, two runs, ns per call:
 *
 *   blocks        9        17        33
 *   before    169-172   232-236   322-342     (9: one partly used 16-block pass; 17: 32-block; 33: 32 + scalar)
 *   lone      160-162   163-172   216-230
 *
 * and 5 blocks likewise inside the horizontal 4-block pass (Zen 4, three runs): 133-153 ns as one partly used
 * 8-block pass, 113-115 with the lone block (once 173); a 256 B AEAD seal (5 blocks with the key block,
 * bench_aead --best) 898-901 -> 963-967 MB/s. */
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
 * pass's 20 quarter-round steps, JC_MAC_STEPS_END = 4 before the stores: 64 blocks, 1024 bytes). The two Poly1305
 * kernels alone: IFMA 12.9-13.1 GB/s, radix-2^64 scalar 3.1 GB/s; the 32-block pass 6 GB/s; so the scalar chain
 * keeps pace with the pass over about half a group. That balance is this Zen 4's: on Zen 5's full-width units the
 * scalar chain sets the pace, and every share measured there (JC_MAC_STEPS_Y / JC_MAC_STEPS_END 3/4, 2/8, 1/12, 1/8,
 * 1/4, 1/0, 0/16, 0/8, 0/4: 64 down to 4 scalar blocks a group) sealed 16 KiB at 5000-5975 MB/s against 6031-6117
 * with the two kernels apart, so dispatch.c runs this pass on Zen 4 only (jc_backend_xor_mac). bench_aead --best
 * --sizes ... avx512 (gcc 12, Zen 4, three runs alternating with the previous code, where IFMA absorbed each chunk
 * after the ChaCha20 pass; MB/s):
 *
 *   bytes              3072       4096       8192      16384      65536      1 MiB
 *   seal  before   2750-2764  3040-3044  3476-3489  3746-3765  3988-4002  3924-4016
 *         now      2732-2761  3067-3130  3609-3667  3992-4015  4327-4336  4254-4309
 *   open  before   2731-2757  3006-3030  3440-3460  3704-3718  3958-3964  3983-4001
 *         now      2992-3003  3399-3410  3825-3844  4083-4092  4295-4323  4308-4334
 *
 * A seal's first group has no ciphertext to absorb yet, so its gain starts at two groups; up to 2 KiB the message
 * rides the key block's call (jc_aead_init_message) and never reaches this pass. Per group, 2 or 4 scalar blocks per
 * quarter-round step (768 or 1280 bytes), 3 with 12 at the end, and 2 with 24 measured 2-13 % slower at 16 KiB; two
 * scalar chains (the group's halves, joined by a multiplication by r^32) 10-25 % slower than one (spills: the pass
 * already holds 32 vectors). Clang 19 compiles it to about the speed of the two kernels apart (16 KiB, two runs,
 * before -> now: seal 3494-3514 -> 3510-3567, open 3277-3346 -> 3521-3615). The pass stays out of line: inlined into
 * the driver, the 16 KiB seal ran at 3642. */
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
