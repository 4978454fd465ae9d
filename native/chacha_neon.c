// SPDX-License-Identifier: Apache-2.0
/*
 * NEON (AdvSIMD) ChaCha20 kernel for aarch64 (compiled with JCHACHA_FLAGS_NEON; NEON is architectural on
 * aarch64, dispatch.c still checks HWCAP_ASIMD on Linux).
 *
 * 128-bit vector types only: GCC 12 lowers 256-bit vector-extension shuffles on AArch64 to scalar spills.
 * Passes: 8 blocks as two interleaved 4-block vertical states, 4 blocks vertical, 2 and 1 horizontal.
 * Rotate by 16 is a 16-bit lane swap (rev32), by 8 a byte shuffle (tbl), by 12 and 7 shift-or.
 */
#define JC_ISA neon
#define JC_HAVE_X8_AS_2X4 1

#define JC_ROT16(x) jc_rot16_x4(x)
#define JC_ROT8(x) jc_rot8_x4(x)
#define JC_ROT12(x) JC_ROTL(x, 12)
#define JC_ROT7(x) JC_ROTL(x, 7)

/* Thresholds (blocks remaining, partial last block included; see chacha_simd.h). Not measured on hardware
 * (only qemu-user was available, whose timings say nothing about a core): chosen for a throughput-bound
 * core (two 128-bit pipes, e.g. Neoverse N1/Cortex-A76), where an 8-block pass costs about two 4-block
 * passes, so it only runs whole; 3 blocks take the 4-block pass. Re-measure with bench_kernels --blocks. */
#ifndef JC_MIN_8
#define JC_MIN_8 8
#endif
#ifndef JC_MIN_4
#define JC_MIN_4 3
#endif
#ifndef JC_MIN_2
#define JC_MIN_2 2
#endif

#include "chacha_simd.h"
