// SPDX-License-Identifier: Apache-2.0
/*
 * One Poly1305 block in x86-64 inline assembly (GCC and Clang): the radix-2^64 step of jc_poly1305_blocks64 in
 * poly1305_portable.c, which states the bounds, for kernels that interleave it with vector code (the AVX2
 * ChaCha20-Poly1305 pass in chacha_simd.h). In C, with the ChaCha state taking every vector register, GCC 12
 * spilled the step's 128-bit sums to the stack and the pass lost to the two kernels apart
 * (docs/bench/tuning.md#poly1305-step-asm). As assembly the step needs eight general registers besides rax and rdx
 * (the key may stay in memory, so that sanitizer builds, which keep registers for themselves, still fit), and the
 * vector code never touches them.
 *
 * h0, h1, h2: the accumulator (lvalues, updated); r0, r1: the clamped key words; s1 = r1 + r1 / 4; m: the 16-byte
 * block, absorbed with the 2^128 bit set. No branches; flags carry the carries.
 */
#ifndef JCHACHA_POLY1305_STEP_X86_64_H
#define JCHACHA_POLY1305_STEP_X86_64_H

#include <stdint.h>

#if !defined(__x86_64__) || !(defined(__GNUC__) || defined(__clang__))
#error "poly1305_step_x86_64.h is for x86-64 GCC or Clang"
#endif

typedef struct {
    uint8_t b[16];
} jc_poly_block16;

#define JC_POLY_STEP(h0, h1, h2, r0, r1, s1, m)                                                                        \
    do {                                                                                                               \
        uint64_t jc_t0, jc_t1, jc_t2, jc_t3;                                                                           \
        __asm__("addq 0(%[mp]), %[a0]\n\t"   /* h += m, + 2^128 */                                                       \
                "adcq 8(%[mp]), %[a1]\n\t"                                                                             \
                "adcq $1, %[a2]\n\t"                                                                                   \
                "movq %[k0], %%rax\n\t"      /* t1:t0 = h0 r0 + h1 s1 */                                                    \
                "mulq %[a0]\n\t"                                                                                       \
                "movq %%rax, %[t0]\n\t"                                                                                \
                "movq %%rdx, %[t1]\n\t"                                                                                \
                "movq %[ks], %%rax\n\t"                                                                                \
                "mulq %[a1]\n\t"                                                                                       \
                "addq %%rax, %[t0]\n\t"                                                                                \
                "adcq %%rdx, %[t1]\n\t"                                                                                \
                "movq %[k1], %%rax\n\t"      /* t3:t2 = h0 r1 + h1 r0 + h2 s1 */                                            \
                "mulq %[a0]\n\t"                                                                                       \
                "movq %%rax, %[t2]\n\t"                                                                                \
                "movq %%rdx, %[t3]\n\t"                                                                                \
                "movq %[k0], %%rax\n\t"                                                                                \
                "mulq %[a1]\n\t"                                                                                       \
                "addq %%rax, %[t2]\n\t"                                                                                \
                "adcq %%rdx, %[t3]\n\t"                                                                                \
                "movq %[ks], %%rax\n\t"                                                                                \
                "imulq %[a2], %%rax\n\t"                                                                               \
                "addq %%rax, %[t2]\n\t"                                                                                \
                "adcq $0, %[t3]\n\t"                                                                                   \
                "addq %[t1], %[t2]\n\t"      /* d1 += d0 >> 64 */                                                           \
                "adcq $0, %[t3]\n\t"                                                                                   \
                "imulq %[k0], %[a2]\n\t"     /* d2 = h2 r0 + (d1 >> 64) */                                                 \
                "addq %[t3], %[a2]\n\t"                                                                                \
                "movq %[a2], %[t1]\n\t"      /* c = 5 (d2 / 4), h2 = d2 mod 4 */                                            \
                "andq $-4, %[t1]\n\t"                                                                                  \
                "movq %[a2], %[t3]\n\t"                                                                                \
                "shrq $2, %[t3]\n\t"                                                                                   \
                "addq %[t3], %[t1]\n\t"                                                                                \
                "andq $3, %[a2]\n\t"                                                                                   \
                "addq %[t1], %[t0]\n\t"      /* h = d0 + 2^64 d1 + 2^128 h2 + c */                                          \
                "adcq $0, %[t2]\n\t"                                                                                   \
                "adcq $0, %[a2]\n\t"                                                                                   \
                "movq %[t0], %[a0]\n\t"                                                                                \
                "movq %[t2], %[a1]"                                                                                    \
                : [a0] "+&r"(h0), [a1] "+&r"(h1), [a2] "+&r"(h2), [t0] "=&r"(jc_t0), [t1] "=&r"(jc_t1),                \
                  [t2] "=&r"(jc_t2), [t3] "=&r"(jc_t3)                                                                 \
                : [k0] "rm"(r0), [k1] "rm"(r1), [ks] "rm"(s1), [mp] "r"(m),                                            \
                  "m"(*(const jc_poly_block16 *)(const void *)(m))                                                     \
                : "rax", "rdx", "cc");                                                                                 \
    } while (0)

#endif
