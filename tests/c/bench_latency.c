// SPDX-License-Identifier: Apache-2.0
/*
 * The latency floor under short ChaCha20 calls: how long one vector integer instruction takes when the next
 * needs its result, on this CPU. One ChaCha20 block is a chain of 240 such instructions (a quarter round is
 * add, xor, rotate four times over, each needing the last; twenty rounds), however many blocks run beside it,
 * so no kernel finishes a call of a few blocks in less than the sum of those 240 latencies: 80 adds, 80 xors and
 * 80 rotates, where AVX2's rotates by 12 and 7 are a shift then an or. x86-64 only.
 *
 *   bench_latency        core clock (from a chain of scalar adds, 1 cycle each), then per instruction and
 *                        width the latency in ns and core cycles, and the floor it sets for 4 and 16 blocks
 *
 * docs/DEVELOPING.md ("The kernel's floor for a few blocks") quotes its figures.
 */
#include "jchacha.h"

#include <stdio.h>

#include "bench_support.h"

#if defined(__x86_64__)

#define CHAIN 8 /* dependent instructions per loop iteration */
#define ITERS 10000000L
#define REP8(s) s s s s s s s s

/* Seconds per instruction of a dependent chain of CHAIN instructions, which `stmt` runs once, best of RUNS. */
#define TIME_CHAIN(result, stmt)                                                                                       \
    do {                                                                                                               \
        double best_ = 1e9;                                                                                            \
        for (int r_ = 0; r_ < RUNS; r_++) {                                                                            \
            double t0_ = now_sec();                                                                                    \
            for (long i_ = 0; i_ < ITERS; i_++)                                                                        \
                stmt;                                                                                                  \
            double dt_ = (now_sec() - t0_) / (double)ITERS / CHAIN;                                                    \
            if (dt_ < best_)                                                                                           \
                best_ = dt_;                                                                                           \
        }                                                                                                              \
        result = best_;                                                                                                \
    } while (0)

static double scalar_add(void)
{
    double t;
    unsigned long x = 1;
    TIME_CHAIN(t, __asm__ volatile(REP8("add $1, %0\n\t") : "+r"(x)));
    return t;
}

static void row(const char *name, double sec, double cycle)
{
    printf("%-22s %6.3f ns  %4.2f cycles\n", name, sec * 1e9, sec / cycle);
}

int main(void)
{
    double cycle = scalar_add();
    printf("core clock: %.2f GHz (a chain of scalar adds, 1 cycle each)%s\n", 1e-9 / cycle, cpu_id());
    printf("%-22s %9s  %11s   (one instruction whose input is the last one's output)\n", "instruction", "latency", "");
    double t, add = 0, eor = 0, shufb = 0, shift = 0, vor = 0, rol = 0; /* latencies, s */
#define ROW(name, insn)                                                                                                \
    do {                                                                                                               \
        TIME_CHAIN(t, __asm__ volatile(REP8(insn "\n\t"):: : "xmm0", "xmm1"));                                         \
        row(name, t, cycle);                                                                                           \
    } while (0)
    /* the dispatch's own verdict (CPUID and XCR0), as for the kernels */
    if (jc_backend_available("avx2", NULL)) {
        ROW("vpaddd ymm", "vpaddd %%ymm0, %%ymm0, %%ymm0");
        add = t;
        ROW("vpxor ymm", "vpxor %%ymm1, %%ymm0, %%ymm0");
        eor = t;
        ROW("vpshufb ymm (rot 16/8)", "vpshufb %%ymm1, %%ymm0, %%ymm0");
        shufb = t;
        ROW("vpsrld ymm (rot 12/7)", "vpsrld $7, %%ymm0, %%ymm0");
        shift = t;
        ROW("vpor ymm (rot 12/7)", "vpor %%ymm1, %%ymm0, %%ymm0");
        vor = t;
    }
    if (jc_backend_available("avx512", NULL)) {
        ROW("vpaddd zmm", "vpaddd %%zmm0, %%zmm0, %%zmm0");
        add = t;
        ROW("vpxord zmm", "vpxord %%zmm1, %%zmm0, %%zmm0");
        eor = t;
        ROW("vprold zmm", "vprold $7, %%zmm0, %%zmm0");
        rol = t;
        ROW("vprold xmm", "vprold $7, %%xmm0, %%xmm0");
    }
    if (add == 0) {
        printf("no AVX2: nothing vector to time\n");
        return 0;
    }
    /* the widest kernel's chain: vprold for every rotate on AVX-512, vpshufb or shift-then-or on AVX2 */
    double block = rol != 0 ? 80 * (add + eor + rol) : 80 * (add + eor) + 40 * shufb + 40 * (shift + vor);
    printf("one block's chain (%s): 80 adds, 80 xors, 80 rotates = %.0f cycles, %.0f ns; so at most\n",
           rol != 0 ? "avx512" : "avx2", block / cycle, block * 1e9);
    printf("  %.0f MB/s for 256 B (4 blocks) and %.0f MB/s for 1 KiB (16 blocks) on the vector units\n",
           256 / block / 1e6, 1024 / block / 1e6);
    return 0;
}

#else

int main(void)
{
    printf("bench_latency: x86-64 only\n");
    return 0;
}

#endif
