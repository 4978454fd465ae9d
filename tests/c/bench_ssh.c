// SPDX-License-Identifier: Apache-2.0
/*
 * bench_ssh [--best] [rows]: ns per chacha20-poly1305@openssh.com packet (native/ssh.c), seal and open, per body
 * length, on each runnable row: the library's jc_ssh_seal / jc_ssh_open (bodies up to JC_SSH_SHORT on the stack
 * copy, block 0 and the body's keystream in one kernel call, with the length's block in it on rows with xor_pair),
 * the same on a copy of the row without xor_pair ("two": the length's block a call of its own), and the same code
 * built with JC_SSH_SHORT 0 ("three": every body on the three-call path: block 0, length, body on the caller's
 * memory). All run in alternating slices of RUN_SECONDS, RUNS each; the median (or --best the fastest) per cell.
 * What chose JC_SSH_SHORT: docs/bench/ssh.md#one-call-packets; xor_pair: docs/bench/ssh.md#one-pass-for-both-keys.
 */
#include <stdlib.h>

#include "bench_support.h"
#include "jchacha.h"

/* the three-call build of ssh.c, under other names */
#define JC_SSH_SHORT 0
#define jc_ssh_seal jc_ssh_seal_long
#define jc_ssh_open jc_ssh_open_long
#include "../../native/ssh.c"
#undef jc_ssh_seal
#undef jc_ssh_open
#undef JC_SSH_SHORT
void jc_ssh_seal(const jc_backend *b, const uint32_t main_key[16], const uint32_t header_key[16], uint32_t seq,
                 const uint8_t *in, size_t body_len, uint8_t *out);
int jc_ssh_open(const jc_backend *b, const uint32_t main_key[16], const uint32_t header_key[16], uint32_t seq,
                const uint8_t *in, size_t body_len, uint8_t *out);

static const size_t BODIES[] = {0, 16, 64, 256, 448, 512, 1024, 1536, 2048, 3072, 4096};

static uint8_t in[4 + 4096 + 16], sealed[4 + 4096 + 16], out[4 + 4096 + 16];
static uint32_t mk[16], hk[16];
static volatile int sink;

/* ns per packet for one slice of variant v (0: library, 1: the row without xor_pair, 2: three-call), op 0 seal, 1
 * open */
static double slice(const jc_backend *row, int v, int op, size_t n)
{
    jc_backend unpaired = *row;
    unpaired.xor_pair = NULL;
    const jc_backend *b = v == 1 ? &unpaired : row;
    long iters = 0;
    double t0 = now_sec(), t;
    do {
        for (int i = 0; i < 64; i++) {
            if (op == 0)
                (v == 2 ? jc_ssh_seal_long : jc_ssh_seal)(b, mk, hk, (uint32_t)i, in, n, out);
            else
                sink += (v == 2 ? jc_ssh_open_long : jc_ssh_open)(b, mk, hk, 7, sealed, n, out);
        }
        iters += 64;
    } while ((t = now_sec()) - t0 < RUN_SECONDS);
    return (t - t0) * 1e9 / (double)iters;
}

int main(int argc, char **argv)
{
    int first = 1;
    if (argc > 1 && strcmp(argv[1], "--best") == 0) {
        use_best = 1;
        first = 2;
    }
    for (size_t i = 0; i < sizeof in; i++)
        in[i] = (uint8_t)(i * 7);
    for (int i = 0; i < 16; i++)
        mk[i] = hk[i] = 0x9e3779b9u * (uint32_t)(i + 1);
    printf("ns per packet (%s of %d slices), CPU%s; short: the library (bodies up to ssh.h's JC_SSH_SHORT on the stack "
           "path), two: the same without xor_pair, three: every body on the three-call path\n",
           use_best ? "best" : "median", RUNS, cpu_id());
    for (int r = 0; r < jc_backend_count(); r++) {
        const jc_backend *b = jc_backend_at(r);
        if (!jc_backend_available(b->name, NULL))
            continue;
        int wanted = argc <= first;
        for (int a = first; a < argc; a++)
            wanted |= strcmp(argv[a], b->name) == 0;
        if (!wanted)
            continue;
        printf("%-9s %6s %10s %10s %10s %10s %10s %10s\n", b->name, "body", "seal short", "seal two", "seal three",
               "open short", "open two", "open three");
        for (size_t k = 0; k < sizeof BODIES / sizeof BODIES[0]; k++) {
            size_t n = BODIES[k];
            jc_ssh_seal(b, mk, hk, 7, in, n, sealed);
            double runs[6][RUNS], cell[6];
            for (int i = 0; i < RUNS; i++)
                for (int c = 0; c < 6; c++)
                    runs[c][i] = slice(b, c % 3, c / 3, n);
            for (int c = 0; c < 6; c++) {
                qsort(runs[c], RUNS, sizeof runs[c][0], cmp_double);
                cell[c] = use_best ? runs[c][0] : runs[c][RUNS / 2];
            }
            printf("%-9s %6zu %10.1f %10.1f %10.1f %10.1f %10.1f %10.1f\n", "", n, cell[0], cell[1], cell[2], cell[3],
                   cell[4], cell[5]);
        }
    }
    return sink == -1;
}
