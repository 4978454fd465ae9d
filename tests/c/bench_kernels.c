// SPDX-License-Identifier: Apache-2.0
/*
 * Kernel benchmark: MB/s (10^6 bytes per second) of jc_chacha_xor_<backend> per message size, 20 rounds,
 * XOR from one buffer into another, median of several short timed runs.
 *
 *   bench_kernels                 sizes 16 B .. 1 MiB, every available backend
 *   bench_kernels avx2 portable   only these backends
 *   bench_kernels --blocks        ns per call for 1..33 whole blocks (the threshold table)
 *   bench_kernels --rounds 8      another round count
 *   bench_kernels --best          minimum instead of median (steadier on a shared, busy machine)
 */
#include "jchacha.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_support.h"

/* Median seconds per call. */
static double time_call(const jc_backend *b, int rounds, const uint8_t *in, uint8_t *out, size_t len)
{
    uint32_t st[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 9, 10};
    /* calibrate: iterations for about RUN_SECONDS */
    size_t iters = 1;
    for (;;) {
        double t0 = now_sec();
        for (size_t i = 0; i < iters; i++) {
            st[12] = (uint32_t)i;
            b->xor_fn(st, rounds, 0, in, out, len);
        }
        double dt = now_sec() - t0;
        if (dt >= RUN_SECONDS / 4) {
            iters = (size_t)((double)iters * RUN_SECONDS / dt) + 1;
            break;
        }
        iters *= 2;
    }
    double per[RUNS];
    for (int r = 0; r < RUNS; r++) {
        double t0 = now_sec();
        for (size_t i = 0; i < iters; i++) {
            st[12] = (uint32_t)i;
            b->xor_fn(st, rounds, 0, in, out, len);
        }
        per[r] = (now_sec() - t0) / (double)iters;
    }
    qsort(per, RUNS, sizeof per[0], cmp_double);
    return use_best ? per[0] : per[RUNS / 2];
}

int main(int argc, char **argv)
{
    int rounds = 20, blocks_mode = 0;
    const char *only[8];
    int n_only = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--blocks") == 0)
            blocks_mode = 1;
        else if (strcmp(argv[i], "--best") == 0)
            use_best = 1;
        else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else if (n_only < 8)
            only[n_only++] = argv[i];
    }
    static const size_t sizes[] = {16, 64, 256, 1024, 16384, 1048576};
    size_t maxlen = 1048576;
    uint8_t *in = malloc(maxlen + 64), *out = malloc(maxlen + 64);
    if (in == NULL || out == NULL)
        return 1;
    for (size_t i = 0; i < maxlen; i++)
        in[i] = (uint8_t)(i * 131u);
    memset(out, 0, maxlen);

    printf("cpu: %s%s; rounds %d; %s of %d runs\n", jc_cpu_features(), cpu_id(), rounds, use_best ? "best" : "median",
           RUNS);
    if (blocks_mode)
        printf("%-9s", "ns/call");
    else
        printf("%-9s %9s %9s %9s %9s %9s %9s   (MB/s)\n", "backend", "16B", "64B", "256B", "1KiB", "16KiB", "1MiB");
    if (blocks_mode) {
        for (int nb = 1; nb <= 33; nb++)
            printf(" %6d", nb);
        printf("  (blocks)\n");
    }
    for (int i = 0; i < jc_backend_count(); i++) {
        const jc_backend *b = jc_backend_at(i);
        const char *why;
        int wanted = n_only == 0;
        for (int j = 0; j < n_only; j++)
            wanted |= strcmp(only[j], b->name) == 0;
        if (!wanted)
            continue;
        if (!jc_backend_available(b->name, &why)) {
            printf("%-9s skipped: %s\n", b->name, why);
            continue;
        }
        printf("%-9s", b->name);
        fflush(stdout);
        if (blocks_mode) {
            for (int nb = 1; nb <= 33; nb++) {
                printf(" %6.1f", time_call(b, rounds, in, out, 64 * (size_t)nb) * 1e9);
                fflush(stdout);
            }
        } else {
            for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
                printf(" %9.0f", (double)sizes[s] / time_call(b, rounds, in, out, sizes[s]) / 1e6);
                fflush(stdout);
            }
        }
        printf("\n");
    }
    free(in);
    free(out);
    return 0;
}
