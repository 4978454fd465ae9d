// SPDX-License-Identifier: Apache-2.0
/*
 * Poly1305 and ChaCha20-Poly1305 benchmark: MB/s (10^6 bytes per second) per message size and backend row,
 * median of several short timed runs (minimum with --best).
 *
 *   bench_aead                    Poly1305 (one-shot tag), AEAD seal and open (12-byte nonce, 13-byte AAD, tag
 *                                 included; open of a valid message), 16 B .. 1 MiB, every runnable row
 *   bench_aead avx2 portable      only these rows
 *   bench_aead --sizes 2048,3072  these message sizes (bytes, at most 1 MiB, up to 12) instead of the six above
 *   bench_aead --poly-blocks      ns per Poly1305 kernel call for 1..40 blocks, per kernel (threshold table:
 *                                 build with -DJCHACHA_FLAGS_POLY_AVX2="-mavx2 -DJC_POLY_AVX2_MIN=4" etc. to
 *                                 time the vector path below its default threshold)
 *   bench_aead --paths            ns per message on the one-call short path and on the chunked path, seal and open,
 *                                 256 B .. JC_AEAD_SHORT, every runnable row (or the rows named), the two paths
 *                                 alternated: the table behind each row's short-path lengths in native/aead.h
 */
#include "aead.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_support.h"

static uint8_t *in, *out, *sealed, key[32], aad[13];
static uint32_t st[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574, 1, 2, 3, 4, 5, 6, 7, 8, 0, 9, 10, 11};
static volatile uint8_t sink;

enum { OP_POLY, OP_SEAL, OP_OPEN, OP_BLOCKS, OP_SEAL_CHUNKED, OP_SEAL_SHORT, OP_OPEN_CHUNKED, OP_OPEN_SHORT };

/* The two AEAD paths of --paths, whatever the row's short-path lengths say: the chunked one as jc_aead_seal/open
 * run it past those lengths, the short one as they run it below (stack copy in, one call, copy out). */
static void seal_path(const jc_backend *b, int chunked, size_t len)
{
    if (chunked) {
        jc_aead a;
        jc_aead_init(&a, b, st);
        jc_aead_aad(&a, aad, sizeof aad);
        jc_aead_seal_message(&a, in, len, out);
        jc_aead_wipe(&a);
        return;
    }
    uint8_t buf[64 + JC_AEAD_SHORT + 16];
    memcpy(buf + 64, in, len);
    jc_aead_seal_short(b, st, aad, sizeof aad, buf, len);
    memcpy(out, buf + 64, len + 16);
}

static int open_path(const jc_backend *b, int chunked, size_t len)
{
    if (chunked) {
        jc_aead a;
        jc_aead_init(&a, b, st);
        jc_aead_aad(&a, aad, sizeof aad);
        int ok = jc_aead_open_message(&a, sealed, len, out);
        jc_aead_wipe(&a);
        return ok;
    }
    uint8_t buf[64 + JC_AEAD_SHORT + 16];
    memcpy(buf + 64, sealed, len + 16);
    int ok = jc_aead_open_short(b, st, aad, sizeof aad, buf, len);
    memcpy(out, buf + 64, len);
    return ok;
}

static void call(int op, const jc_backend *b, jc_poly_blocks_fn fn, size_t len)
{
    uint8_t tag[16];
    switch (op) {
    case OP_POLY:
        jc_poly1305_auth(b->poly_blocks, tag, in, len, key);
        sink ^= tag[0];
        break;
    case OP_SEAL:
        jc_aead_seal(b, st, aad, sizeof aad, in, len, out);
        sink ^= out[len];
        break;
    case OP_OPEN: sink ^= (uint8_t)jc_aead_open(b, st, aad, sizeof aad, sealed, len, out); break;
    case OP_SEAL_CHUNKED:
    case OP_SEAL_SHORT:
        seal_path(b, op == OP_SEAL_CHUNKED, len);
        sink ^= out[len];
        break;
    case OP_OPEN_CHUNKED:
    case OP_OPEN_SHORT: sink ^= (uint8_t)open_path(b, op == OP_OPEN_CHUNKED, len); break;
    default: {
        jc_poly1305 p;
        jc_poly1305_init(&p, key, fn);
        fn(&p, in, len / 16);
        sink ^= (uint8_t)p.h[0];
    }
    }
}

static double time_op(int op, const jc_backend *b, jc_poly_blocks_fn fn, size_t len)
{
    size_t iters = 1;
    for (;;) {
        double t0 = now_sec();
        for (size_t i = 0; i < iters; i++)
            call(op, b, fn, len);
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
        for (size_t i = 0; i < iters; i++)
            call(op, b, fn, len);
        per[r] = (now_sec() - t0) / (double)iters;
    }
    qsort(per, RUNS, sizeof per[0], cmp_double);
    return use_best ? per[0] : per[RUNS / 2];
}

/* Row i if it runs here and is among the rows named (all when none are), else NULL. */
static const jc_backend *wanted_row(int i, const char *const *only, int n_only)
{
    const jc_backend *b = jc_backend_at(i);
    int wanted = n_only == 0;
    for (int j = 0; j < n_only; j++)
        wanted |= strcmp(only[j], b->name) == 0;
    return wanted && jc_backend_available(b->name, NULL) ? b : NULL;
}

/* --paths: per row, best over rounds that alternate the four (path, direction) pairs at each size. */
static int paths_mode(const char *const *only, int n_only)
{
    static const size_t sizes[] = {256, 384, 511, 512, 768, 1023, 1024, 1025, 1088, 1120, 1280, 1536, JC_AEAD_SHORT};
    enum { N = sizeof sizes / sizeof sizes[0], ROUNDS = 10 };
    printf("ns/message, 13-byte AAD, best of %d alternated rounds of %d runs\n%-22s", ROUNDS, RUNS, "bytes");
    for (int s = 0; s < N; s++)
        printf(" %5zu", sizes[s]);
    printf("\n");
    for (int i = 0; i < jc_backend_count(); i++) {
        const jc_backend *b = wanted_row(i, only, n_only);
        if (b == NULL)
            continue;
        double best[4][N];
        for (int s = 0; s < N; s++) {
            seal_path(b, 1, sizes[s]);
            memcpy(sealed, out, sizes[s] + 16);
            if (!open_path(b, 0, sizes[s]) || !open_path(b, 1, sizes[s])) {
                printf("%s: a sealed message does not open\n", b->name);
                return 1;
            }
            for (int k = 0; k < 4; k++)
                best[k][s] = 1e30;
            for (int r = 0; r < ROUNDS; r++) {
                for (int k = 0; k < 4; k++) {
                    double t = time_op(OP_SEAL_CHUNKED + k, b, NULL, sizes[s]) * 1e9;
                    best[k][s] = t < best[k][s] ? t : best[k][s];
                }
            }
        }
        static const char *const what[] = {"seal chunked", "seal short", "open chunked", "open short"};
        for (int k = 0; k < 4; k++) {
            char label[64];
            snprintf(label, sizeof label, "%s %s", b->name, what[k]);
            printf("%-22.22s", label);
            for (int s = 0; s < N; s++)
                printf(" %5.0f", best[k][s]);
            printf("\n");
        }
        printf("%-22s seal up to %u, open up to %u on the short path\n", "", (unsigned)b->aead_short_seal,
               (unsigned)b->aead_short_open);
    }
    return 0;
}

/* "2048,3072" into out (at most 12 sizes of 1 .. 1 MiB); the count, or 0 if the list is not one. */
static size_t parse_sizes(const char *arg, size_t out[12])
{
    size_t n = 0;
    while (*arg != '\0') {
        char *end;
        unsigned long v = strtoul(arg, &end, 10);
        if (end == arg || v == 0 || v > 1048576 || n == 12 || (*end != ',' && *end != '\0'))
            return 0;
        out[n++] = v;
        arg = *end == ',' ? end + 1 : end;
    }
    return n;
}

int main(int argc, char **argv)
{
    int blocks_mode = 0, paths = 0;
    size_t sizes[12] = {16, 64, 256, 1024, 16384, 1048576}, nsizes = 6;
    const char *only[8];
    int n_only = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--poly-blocks") == 0)
            blocks_mode = 1;
        else if (strcmp(argv[i], "--best") == 0)
            use_best = 1;
        else if (strcmp(argv[i], "--paths") == 0)
            paths = use_best = 1;
        else if (strcmp(argv[i], "--sizes") == 0 && i + 1 < argc)
            nsizes = parse_sizes(argv[++i], sizes);
        else if (n_only < 8)
            only[n_only++] = argv[i];
    }
    if (nsizes == 0) {
        fprintf(stderr, "--sizes: 1 to 12 sizes of 1 byte to 1 MiB, separated by commas\n");
        return 2;
    }
    size_t maxlen = 1048576;
    in = malloc(maxlen + 64);
    out = malloc(maxlen + 64);
    sealed = malloc(maxlen + 64);
    if (in == NULL || out == NULL || sealed == NULL)
        return 1;
    for (size_t i = 0; i < maxlen; i++)
        in[i] = (uint8_t)(i * 131u);
    for (int i = 0; i < 32; i++)
        key[i] = (uint8_t)(i * 7 + 1);
    memset(out, 0, maxlen);
    printf("cpu: %s%s; %s of %d runs\n", jc_cpu_features(), cpu_id(), use_best ? "best" : "median", RUNS);
    if (paths) {
        int rc = paths_mode(only, n_only);
        free(in);
        free(out);
        free(sealed);
        return rc;
    }

    if (blocks_mode) {
        printf("%-12s", "ns/call");
        for (int nb = 1; nb <= 40; nb++)
            if (nb <= 8 || nb % 4 == 0)
                printf(" %5d", nb);
        printf("  (blocks)\n");
        struct {
            const char *name;
            jc_poly_blocks_fn fn;
            const char *row;
        } ks[] = {
            {"portable", jc_poly1305_blocks_portable, "portable"}, {"avx2", NULL, "avx2"}, {"avx512", NULL, "avx512"}};
        for (int k = 0; k < 3; k++) {
            const jc_backend *b = jc_backend_get(ks[k].row, NULL);
            if (b == NULL)
                continue;
            ks[k].fn = b->poly_blocks;
            printf("%-12.12s", jc_backend_poly_kernel(b));
            for (int nb = 1; nb <= 40; nb++) {
                if (nb <= 8 || nb % 4 == 0) {
                    printf(" %5.1f", time_op(OP_BLOCKS, b, ks[k].fn, 16 * (size_t)nb) * 1e9);
                    fflush(stdout);
                }
            }
            printf("\n");
        }
        return 0;
    }
    static const char *const titles[] = {"poly1305", "chacha20-poly1305 seal", "chacha20-poly1305 open"};
    for (int op = OP_POLY; op <= OP_OPEN; op++) {
        printf("%-22s", titles[op]);
        for (size_t s = 0; s < nsizes; s++) {
            char h[32];
            if (sizes[s] % 1024 == 0)
                snprintf(h, sizeof h, sizes[s] >= 1048576 ? "%zuMiB" : "%zuKiB",
                         sizes[s] >= 1048576 ? sizes[s] / 1048576 : sizes[s] / 1024);
            else
                snprintf(h, sizeof h, "%zuB", sizes[s]);
            printf(" %8s", h);
        }
        printf("   (MB/s)\n");
        for (int i = 0; i < jc_backend_count(); i++) {
            const jc_backend *b = wanted_row(i, only, n_only);
            if (b == NULL)
                continue;
            char label[64];
            snprintf(label, sizeof label, "%s/%s", b->name, jc_backend_poly_kernel(b));
            printf("%-22.22s", label);
            for (size_t s = 0; s < nsizes; s++) {
                if (op == OP_OPEN)
                    jc_aead_seal(b, st, aad, sizeof aad, in, sizes[s], sealed);
                printf(" %8.0f", (double)sizes[s] / time_op(op, b, NULL, sizes[s]) / 1e6);
                fflush(stdout);
            }
            printf("\n");
        }
    }
    free(in);
    free(out);
    free(sealed);
    return 0;
}
