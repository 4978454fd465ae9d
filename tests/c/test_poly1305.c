// SPDX-License-Identifier: Apache-2.0
/*
 * Poly1305 and ChaCha20-Poly1305 tests:
 *  - RFC 8439 2.5.2 and A.3 #1-#11 on every Poly1305 kernel compiled in and runnable here (portable, avx2,
 *    avx512ifma), one-shot and fed in odd pieces;
 *  - every kernel against portable for every length 0..2048, random keys plus edge keys (r clamped to its
 *    maximum, s all ones, r = 0/1), random messages and all-0xff messages (carry stress), whole and split;
 *  - every kernel against portable for every block count 0..300 (the vector kernels' groups, tails and last
 *    passes on either side of their thresholds), whole and in two calls;
 *  - the AEAD's interleaved ChaCha20 + Poly1305 pass, where a row has one, against ChaCha20 and Poly1305 apart, with
 *    carry-stressing inputs and keys;
 *  - AEAD: RFC 8439 2.8.2 seal and open on every backend row, every row against the portable row for many
 *    lengths and aad lengths, the incremental API against the one-shot, tampering (tag, ciphertext, aad: open
 *    returns 0 and zeroes its output, nothing outside it written), and input/output overlapping at many distances
 *    in both directions, across the AEAD's internal chunks, tampered or not; each with the rows' interleaved passes
 *    and without them, whichever this CPU picks (jc_backend_xor_mac_force).
 * Prints "N passed, N failed" last; exit status 0 only when nothing failed.
 */
#include "aead.h"

#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#define TEST_RNG_SEED 0x243f6a8885a308d3ull
#include "test_support.h"

/* ---- Poly1305 kernels ------------------------------------------------------------------------------------ */

struct kernel {
    const char *name;
    jc_poly_blocks_fn fn;
};
static struct kernel kernels[4];
static int nkernels;

static void find_kernels(void)
{
    kernels[nkernels++] = (struct kernel){"portable", jc_poly1305_blocks_portable};
    const char *features = jc_cpu_features();
    if (jc_backend_get("avx2", NULL) != NULL)
        kernels[nkernels++] = (struct kernel){"avx2", jc_backend_find("avx2")->poly_blocks};
    const jc_backend *b = jc_backend_get("avx512", NULL);
    if (b != NULL && strstr(features, "avx512ifma") != NULL)
        kernels[nkernels++] = (struct kernel){"avx512ifma", b->poly_blocks};
    else
        printf("note: avx512ifma kernel not tested (%s)\n", b == NULL ? "no avx512 row here" : "CPU lacks IFMA");
    for (int i = 0; i < jc_backend_count(); i++) {
        const jc_backend *r = jc_backend_at(i);
        printf("row %-9s poly1305: %s%s\n", r->name, jc_backend_poly_kernel(r),
               jc_backend_available(r->name, NULL) ? "" : " (not runnable here)");
    }
}

static const char IETF[] =
    "Any submission to the IETF intended by the Contributor for publication as all or part of an IETF "
    "Internet-Draft or RFC and any statement made within the context of an IETF activity is considered an "
    "\"IETF Contribution\". Such statements include oral statements in IETF sessions, as well as written and "
    "electronic communications made at any time or place, which are addressed to";
static const char JABBER[] = "'Twas brillig, and the slithy toves\nDid gyre and gimble in the wabe:\nAll mimsy were "
                             "the borogoves,\nAnd the mome raths outgrabe.";
static const char LADIES[] = "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the "
                             "future, sunscreen would be it.";

struct pkat {
    const char *name, *key, *msg_hex, *msg_text, *tag;
};
static const struct pkat pkats[] = {
    {"RFC 8439 2.5.2", "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b", NULL,
     "Cryptographic Forum Research Group", "a8061dc1305136c6c22b8baf0c0127a9"},
    {"A.3 #1", "0000000000000000000000000000000000000000000000000000000000000000",
     "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
     "000000000000000000",
     NULL, "00000000000000000000000000000000"},
    {"A.3 #2", "0000000000000000000000000000000036e5f6b5c5e06070f0efca96227a863e", NULL, IETF,
     "36e5f6b5c5e06070f0efca96227a863e"},
    {"A.3 #3", "36e5f6b5c5e06070f0efca96227a863e00000000000000000000000000000000", NULL, IETF,
     "f3477e7cd95417af89a6b8794c310cf0"},
    {"A.3 #4", "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0", NULL, JABBER,
     "4541669a7eaaee61e708dc7cbcc5eb62"},
    {"A.3 #5", "0200000000000000000000000000000000000000000000000000000000000000", "ffffffffffffffffffffffffffffffff",
     NULL, "03000000000000000000000000000000"},
    {"A.3 #6", "02000000000000000000000000000000ffffffffffffffffffffffffffffffff", "02000000000000000000000000000000",
     NULL, "03000000000000000000000000000000"},
    {"A.3 #7", "0100000000000000000000000000000000000000000000000000000000000000",
     "fffffffffffffffffffffffffffffffff0ffffffffffffffffffffffffffffff11000000000000000000000000000000", NULL,
     "05000000000000000000000000000000"},
    {"A.3 #8", "0100000000000000000000000000000000000000000000000000000000000000",
     "fffffffffffffffffffffffffffffffffbfefefefefefefefefefefefefefefe01010101010101010101010101010101", NULL,
     "00000000000000000000000000000000"},
    {"A.3 #9", "0200000000000000000000000000000000000000000000000000000000000000", "fdffffffffffffffffffffffffffffff",
     NULL, "faffffffffffffffffffffffffffffff"},
    {"A.3 #10", "0100000000000000040000000000000000000000000000000000000000000000",
     "e33594d7505e43b900000000000000003394d7505e4379cd010000000000000000000000000000000000000000000000"
     "01000000000000000000000000000000",
     NULL, "14000000000000005500000000000000"},
    {"A.3 #11", "0100000000000000040000000000000000000000000000000000000000000000",
     "e33594d7505e43b900000000000000003394d7505e4379cd010000000000000000000000000000000000000000000000", NULL,
     "13000000000000000000000000000000"},
};

/* Tag over m fed in pieces of the given sizes (cycled; 0 = everything at once). */
static void mac_pieces(jc_poly_blocks_fn fn, const uint8_t key[32], const uint8_t *m, size_t len, const size_t *pieces,
                       int npieces, uint8_t tag[16])
{
    jc_poly1305 st;
    jc_poly1305_init(&st, key, fn);
    size_t o = 0;
    for (int i = 0; o < len; i = (i + 1) % npieces) {
        size_t k = pieces[i] == 0 || pieces[i] > len - o ? len - o : pieces[i];
        jc_poly1305_update(&st, m + o, k);
        o += k;
    }
    jc_poly1305_finish(&st, tag);
}

static void test_poly_kats(void)
{
    static const size_t split[] = {1, 15, 16, 17, 3, 64, 200};
    for (int k = 0; k < nkernels; k++) {
        for (size_t i = 0; i < sizeof pkats / sizeof pkats[0]; i++) {
            uint8_t key[32], msg[512], expect[16], tag[16];
            unhex(pkats[i].key, key);
            size_t n = pkats[i].msg_hex ? unhex(pkats[i].msg_hex, msg) : strlen(pkats[i].msg_text);
            if (!pkats[i].msg_hex)
                memcpy(msg, pkats[i].msg_text, n);
            unhex(pkats[i].tag, expect);
            jc_poly1305_auth(kernels[k].fn, tag, msg, n, key);
            CHECK(memcmp(tag, expect, 16) == 0, "%s: %s one-shot", kernels[k].name, pkats[i].name);
            mac_pieces(kernels[k].fn, key, msg, n, split, 7, tag);
            CHECK(memcmp(tag, expect, 16) == 0, "%s: %s in pieces", kernels[k].name, pkats[i].name);
        }
    }
}

static void test_poly_vs_portable(void)
{
    enum { MAX = 2048 };
    static uint8_t msg[MAX + 16];
    static const size_t split_a[] = {0}, split_b[] = {1024, 7, 250, 16, 4096}, split_c[] = {63, 129, 1};
    for (int k = 1; k < nkernels; k++) {
        long bad = 0;
        for (int mode = 0; mode < 6; mode++) {
            for (size_t len = 0; len <= MAX; len++) {
                uint8_t key[32], t0[16], t1[16];
                fill(key, 32);
                switch (mode) {
                case 0: fill(msg, len); break;                        /* random */
                case 1: memset(msg, 0xff, len); break;                /* carries */
                case 2:
                    memset(key, 0xff, 32);
                    fill(msg, len);
                    break; /* r clamped max, s all ones */
                case 3:
                    memset(key, 0xff, 32);
                    memset(msg, 0xff, len);
                    break;
                case 4:
                    memset(key, 0, 16);
                    key[0] = (uint8_t)(len & 1);
                    memset(msg, 0xff, len);
                    break; /* r = 0/1 */
                default:
                    fill(msg, len);
                    for (size_t i = 0; i < len; i += 2)
                        msg[i] = 0xff;
                    break;
                }
                jc_poly1305_auth(jc_poly1305_blocks_portable, t0, msg, len, key);
                jc_poly1305_auth(kernels[k].fn, t1, msg, len, key);
                if (memcmp(t0, t1, 16) != 0 && bad++ < 5)
                    CHECK(0, "%s vs portable: mode %d, length %zu", kernels[k].name, mode, len);
                const size_t *sp = len % 3 == 0 ? split_a : len % 3 == 1 ? split_b : split_c;
                int ns = len % 3 == 0 ? 1 : len % 3 == 1 ? 5 : 3;
                mac_pieces(kernels[k].fn, key, msg, len, sp, ns, t1);
                if (memcmp(t0, t1, 16) != 0 && bad++ < 5)
                    CHECK(0, "%s vs portable (pieces): mode %d, length %zu", kernels[k].name, mode, len);
            }
        }
        CHECK(bad == 0, "%s vs portable: %ld mismatches", kernels[k].name, bad);
        /* long message (1 MiB), several pieces */
        size_t big = 1 << 20;
        uint8_t *m = malloc(big), key[32], t0[16], t1[16];
        fill(m, big);
        fill(key, 32);
        jc_poly1305_auth(jc_poly1305_blocks_portable, t0, m, big, key);
        jc_poly1305_auth(kernels[k].fn, t1, m, big, key);
        CHECK(memcmp(t0, t1, 16) == 0, "%s vs portable: 1 MiB", kernels[k].name);
        memset(m, 0xff, big);
        memset(key, 0xff, 32);
        jc_poly1305_auth(jc_poly1305_blocks_portable, t0, m, big, key);
        jc_poly1305_auth(kernels[k].fn, t1, m, big, key);
        CHECK(memcmp(t0, t1, 16) == 0, "%s vs portable: 1 MiB of 0xff, key all ones", kernels[k].name);
        free(m);
    }
}

/*
 * Every block count 0..300 (byte lengths 16n and 16n + 9): the vector kernels' groups of four and eight blocks
 * above and below their thresholds, tails of 0..7 blocks after them, and the last pass's per-lane powers; whole,
 * and as two calls on one state whose first is short or long (power tables built by the first or the second).
 */
static void test_poly_block_counts(void)
{
    enum { MAXB = 300 };
    static uint8_t msg[MAXB * 16 + 16];
    for (int k = 1; k < nkernels; k++) {
        long bad = 0;
        for (int mode = 0; mode < 2; mode++) {
            for (size_t nb = 0; nb <= MAXB; nb++) {
                for (size_t extra = 0; extra <= 9; extra += 9) {
                    size_t len = nb * 16 + extra;
                    uint8_t key[32], t0[16], t1[16];
                    fill(key, 32);
                    if (mode == 0) {
                        fill(msg, len);
                    } else { /* carries: all-ones message, r clamped to its maximum */
                        memset(msg, 0xff, len);
                        memset(key, 0xff, 32);
                    }
                    jc_poly1305_auth(jc_poly1305_blocks_portable, t0, msg, len, key);
                    jc_poly1305_auth(kernels[k].fn, t1, msg, len, key);
                    if (memcmp(t0, t1, 16) != 0 && bad++ < 5)
                        CHECK(0, "%s vs portable: mode %d, %zu blocks + %zu bytes", kernels[k].name, mode, nb, extra);
                    /* 16..31 blocks first: a vector call that needs only r^1..r^4, then the rest */
                    const size_t short_first[] = {16 * (16 + nb % 16), 0}, long_first[] = {16 * (nb - nb % 13), 0};
                    mac_pieces(kernels[k].fn, key, msg, len, short_first, 2, t1);
                    if (memcmp(t0, t1, 16) != 0 && bad++ < 5)
                        CHECK(0, "%s vs portable (short call first): mode %d, %zu blocks", kernels[k].name, mode, nb);
                    mac_pieces(kernels[k].fn, key, msg, len, long_first, 2, t1);
                    if (memcmp(t0, t1, 16) != 0 && bad++ < 5)
                        CHECK(0, "%s vs portable (long call first): mode %d, %zu blocks", kernels[k].name, mode, nb);
                }
            }
        }
        CHECK(bad == 0, "%s vs portable over block counts 0..%d: %ld mismatches", kernels[k].name, MAXB, bad);
    }
}

/* ---- AEAD ------------------------------------------------------------------------------------------------ */

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static void ietf_state(uint32_t st[16], const uint8_t key[32], const uint8_t nonce[12])
{
    st[0] = 0x61707865;
    st[1] = 0x3320646e;
    st[2] = 0x79622d32;
    st[3] = 0x6b206574;
    for (int i = 0; i < 8; i++)
        st[4 + i] = le32(key + 4 * i);
    st[12] = 0;
    for (int i = 0; i < 3; i++)
        st[13 + i] = le32(nonce + 4 * i);
}

static const char *rows[8];
static int nrows;

/*
 * The AEAD's interleaved ChaCha20 + Poly1305 pass (jc_xor_mac_fn, where a row has one) against its two halves:
 * the output against xor_fn, the accumulator against jc_poly1305_blocks64 over the ciphertext it must absorb (open:
 * the input; sealing: first, then every pass's output but the last), compared as tags (the state's kernel may leave
 * h partly reduced). Random and all-0xff input (carry stress), random and maximal clamped keys, random accumulators
 * and ones at the core's bound (h2 = 4), and r = 1 with h2 = 3 over 0xff blocks (the reduction's carry runs through
 * both words into h2); one to four passes, in place and not.
 */
static void test_xor_mac(void)
{
    enum { MAXGROUP = 2048, MAXLEN = 4 * MAXGROUP };
    static uint8_t in[MAXLEN], out[MAXLEN], expect[MAXLEN], first[MAXGROUP];
    for (int r = 0; r < nrows; r++) {
        const jc_backend *b = jc_backend_get(rows[r], NULL);
        if (b->xor_mac == NULL)
            continue;
        const size_t group = b->xor_mac_group;
        CHECK(group > 0 && group <= MAXGROUP && group % 64 == 0, "%s xor_mac_group %zu", rows[r], group);
        long bad = 0, runs = 0;
        for (int mode = 0; mode < 9; mode++) {
            for (size_t len = group; len <= 4 * group; len += group) {
                for (int open = 0; open < 2; open++) {
                    for (int variant = 0; variant < 3; variant++) { /* sealing: first or not; in place */
                        uint8_t key[32], tag[16], tagx[16];
                        uint32_t st[16];
                        uint64_t r64[2], pad[2], h[3], hx[3], r2[2];
                        fill(key, 32);
                        if (mode & 1)
                            memset(key, 0xff, 16); /* r clamped to its maximum */
                        for (int i = 0; i < 16; i++)
                            st[i] = rnd();
                        st[12] = rnd() % 1000;
                        if (mode & 2)
                            memset(in, 0xff, len);
                        else
                            fill(in, len);
                        fill(first, group);
                        if (mode == 8) { /* r = 1, h2 = 3, 0xff blocks: every carry of the reduction */
                            memset(key, 0, 16);
                            key[0] = 1;
                            memset(in, 0xff, len);
                            h[0] = h[1] = 0;
                            h[2] = 3;
                        } else if (mode & 4) { /* the bound the core keeps between blocks */
                            h[0] = h[1] = ~(uint64_t)0;
                            h[2] = 4;
                        } else {
                            h[0] = (uint64_t)rnd() << 32 | rnd();
                            h[1] = (uint64_t)rnd() << 32 | rnd();
                            h[2] = rnd() % 4;
                        }
                        jc_poly1305_key64(key, r64, pad);
                        jc_poly1305 mac;
                        jc_poly1305_init(&mac, key, b->poly_blocks);
                        jc_poly1305_set64(&mac, h);
                        memcpy(hx, h, sizeof h);
                        const uint8_t *f = !open && variant == 1 ? first : NULL;
                        b->xor_fn(st, 20, 0, in, expect, len);
                        if (open) {
                            jc_poly1305_blocks64(hx, r64, in, len / 16, 1);
                        } else {
                            if (f != NULL)
                                jc_poly1305_blocks64(hx, r64, f, group / 16, 1);
                            jc_poly1305_blocks64(hx, r64, expect, (len - group) / 16, 1);
                        }
                        uint8_t *dst = variant == 2 ? in : out;
                        b->xor_mac(st, in, dst, len, &mac, open, f);
                        jc_poly1305_get64(&mac, h, r2);
                        jc_poly1305_final64(h, pad, tag);
                        jc_poly1305_final64(hx, pad, tagx);
                        runs++;
                        if ((memcmp(dst, expect, len) != 0 || memcmp(tag, tagx, 16) != 0 || mac.buflen != 0) &&
                            bad++ < 5)
                            CHECK(0, "%s xor_mac: mode %d, length %zu, %s, variant %d", rows[r], mode, len,
                                  open ? "open" : "seal", variant);
                    }
                }
            }
        }
        CHECK(bad == 0, "%s xor_mac against xor_fn and jc_poly1305_blocks64: %ld of %ld wrong", rows[r], bad, runs);
    }
}

/* jc_backend_xor_mac: a row's own pass or none, as forced; left to the CPU, one of the two, and avx2's always (it
 * measured faster on every CPU tried, dispatch.c). */
static void test_xor_mac_choice(void)
{
    for (int r = 0; r < nrows; r++) {
        const jc_backend *b = jc_backend_get(rows[r], NULL);
        jc_backend_xor_mac_force(1);
        CHECK(jc_backend_xor_mac(b) == b->xor_mac, "%s: forced on, not its pass", rows[r]);
        jc_backend_xor_mac_force(0);
        CHECK(jc_backend_xor_mac(b) == NULL, "%s: forced off, a pass", rows[r]);
        jc_backend_xor_mac_force(-1);
        jc_xor_mac_fn f = jc_backend_xor_mac(b);
        CHECK(f == NULL || f == b->xor_mac, "%s: a pass not its own", rows[r]);
        CHECK(strcmp(rows[r], "avx2") != 0 || f == b->xor_mac, "avx2: its pass left out");
    }
    CHECK(jc_backend_xor_mac(NULL) == NULL, "a pass for no row");
}

static void test_aead_kat(void)
{
    uint8_t key[32], nonce[12], aad[12], expect[200], out[200], back[200];
    uint32_t st[16];
    unhex("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f", key);
    unhex("070000004041424344454647", nonce);
    unhex("50515253c0c1c2c3c4c5c6c7", aad);
    size_t n = strlen(LADIES);
    size_t e = unhex("d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b"
                     "1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
                     "3ff4def08e4b7a9de576d26586cec64b6116"
                     "1ae10b594f09e26a7e902ecbd0600691",
                     expect);
    CHECK(e == n + 16, "2.8.2 vector length");
    ietf_state(st, key, nonce);
    for (int r = 0; r < nrows; r++) {
        const jc_backend *b = jc_backend_get(rows[r], NULL);
        memset(out, 0, sizeof out);
        jc_aead_seal(b, st, aad, 12, (const uint8_t *)LADIES, n, out);
        CHECK(memcmp(out, expect, n + 16) == 0, "%s: RFC 8439 2.8.2 seal", rows[r]);
        memset(back, 0, sizeof back);
        CHECK(jc_aead_open(b, st, aad, 12, expect, n, back) == 1, "%s: 2.8.2 open", rows[r]);
        CHECK(memcmp(back, LADIES, n) == 0, "%s: 2.8.2 plaintext", rows[r]);
        /* tampering: every byte of tag, some of ciphertext and aad */
        int all_rejected = 1, zeroed = 1;
        for (size_t i = 0; i < n + 16 + 12; i++) {
            uint8_t c[200], a2[12];
            memcpy(c, expect, n + 16);
            memcpy(a2, aad, 12);
            if (i < n + 16)
                c[i] ^= (uint8_t)(1u << (i % 8));
            else
                a2[i - n - 16] ^= 0x80;
            memset(back, 0xa5, sizeof back);
            all_rejected &= jc_aead_open(b, st, a2, 12, c, n, back) == 0;
            for (size_t j = 0; j < sizeof back; j++)
                zeroed &= back[j] == (j < n ? 0 : 0xa5);
        }
        CHECK(all_rejected, "%s: tampered messages rejected", rows[r]);
        CHECK(zeroed, "%s: output zeroed on failure, nothing beyond it written", rows[r]);
        /* state untouched */
        uint32_t st2[16];
        ietf_state(st2, key, nonce);
        CHECK(memcmp(st, st2, sizeof st) == 0, "%s: state not modified", rows[r]);
    }
}

static void test_aead_rows(void)
{
    enum { MAX = 13000 };
    uint8_t *in = malloc(MAX), *ref = malloc(MAX + 16), *out = malloc(MAX + 16), *back = malloc(MAX), aad[300];
    uint8_t key[32], nonce[12];
    uint32_t st[16];
    /* around the short path's bounds and where it hands the MAC to the row's kernel, where its one kernel call
     * (the key block and the message) changes pass (avx512: 17, 18, 24, 25, 26 blocks), the interleaved passes'
     * groups (512, 2048 bytes) and the 4 KiB chunks, and one block past a group (a seal's one-group chunks:
     * aead.c, interleaved()) */
    static const size_t lens[] = {0,    1,    15,   16,   17,   63,   64,   65,   100,  127,  128,   129,
                                  255,  256,  257,  319,  320,  321,  383,  384,  511,  512,  513,   767,
                                  768,  1000, 1022, 1023, 1024, 1025, 1408, 1409, 1471, 1472, 1473,  1536,
                                  1537, 1600, 2046, 2047, 2048, 2049, 2112, 2113, 2176, 3072, 4095,  4096,
                                  4097, 4999, 5000, 6144, 6145, 6208, 6209, 8192, 8193, 8704, 10304, 12799};
    static const size_t aadlens[] = {0, 1, 12, 16, 17, 255};
    const jc_backend *portable = jc_backend_get("portable", NULL);
    for (int r = 0; r < nrows; r++) {
        const jc_backend *b = jc_backend_get(rows[r], NULL);
        long bad = 0;
        for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
            for (size_t ai = 0; ai < sizeof aadlens / sizeof aadlens[0]; ai++) {
                size_t n = lens[li], an = aadlens[ai];
                fill(key, 32);
                fill(nonce, 12);
                fill(in, n);
                fill(aad, an);
                ietf_state(st, key, nonce);
                jc_aead_seal(portable, st, aad, an, in, n, ref);
                jc_aead_seal(b, st, aad, an, in, n, out);
                int ok = memcmp(ref, out, n + 16) == 0;
                ok &= jc_aead_open(b, st, aad, an, out, n, back) == 1 && memcmp(back, in, n) == 0;
                /* incremental, odd pieces that keep multiples of 64 */
                jc_aead a;
                jc_aead_init(&a, b, st);
                jc_aead_aad(&a, aad, an / 2);
                jc_aead_aad(&a, aad + an / 2, an - an / 2);
                size_t o = 0;
                while (o < n) {
                    size_t k = 64 * (1 + rnd() % 40);
                    if (k > n - o)
                        k = n - o;
                    jc_aead_seal_update(&a, in + o, out + o, k);
                    o += k;
                }
                jc_aead_tag(&a, out + n);
                ok &= memcmp(ref, out, n + 16) == 0;
                /* incremental open, other pieces */
                jc_aead_init(&a, b, st);
                jc_aead_aad(&a, aad, an);
                for (o = 0; o < n;) {
                    size_t k = 64 * (1 + rnd() % 70);
                    if (k > n - o)
                        k = n - o;
                    jc_aead_open_update(&a, ref + o, back + o, k);
                    o += k;
                }
                ok &= jc_aead_verify(&a, ref + n) == 1 && memcmp(back, in, n) == 0;
                /* init_message (the key block's call makes the first keystream blocks), pieces as the JNI glue's:
                 * the first may stop short of that keystream */
                for (int dir = 0; dir < 2; dir++) {
                    jc_aead_init_message(&a, b, st, n);
                    jc_aead_aad(&a, aad, an);
                    for (o = 0; o < n;) {
                        size_t k = 64 * (1 + rnd() % 20);
                        if (k > n - o)
                            k = n - o;
                        if (dir == 0)
                            jc_aead_seal_update(&a, in + o, out + o, k);
                        else
                            jc_aead_open_update(&a, ref + o, back + o, k);
                        o += k;
                    }
                    if (dir == 0) {
                        jc_aead_tag(&a, out + n);
                        ok &= memcmp(ref, out, n + 16) == 0;
                    } else {
                        ok &= jc_aead_verify(&a, ref + n) == 1 && memcmp(back, in, n) == 0;
                    }
                }
                if (!ok && bad++ < 5)
                    CHECK(0, "%s vs portable: length %zu, aad %zu", rows[r], n, an);
            }
        }
        CHECK(bad == 0, "%s vs portable AEAD: %ld mismatches", rows[r], bad);
    }
    free(in);
    free(ref);
    free(out);
    free(back);
}

/* A context whose init never ran (the JNI glue wipes it after failed argument checks) holds stack garbage: the wipe
 * stays inside it and zeroes it. */
static void test_aead_wipe_uninitialized(void)
{
    static struct {
        jc_aead a;
        uint8_t after[4096];
    } mem;
    memset(&mem, 0xa5, sizeof mem);
    jc_aead_wipe(&mem.a);
    int inside = 1, outside = 1;
    for (size_t i = 0; i < offsetof(jc_aead, ks); i++)
        inside &= ((const uint8_t *)&mem.a)[i] == 0;
    for (size_t i = 0; i < sizeof mem.after; i++)
        outside &= mem.after[i] == 0xa5;
    CHECK(inside, "jc_aead_wipe left state behind");
    CHECK(outside, "jc_aead_wipe wrote past the context (ks_len taken from garbage)");
}

/* Input and output in one buffer at distance d (either sign), for seal and open. */
static void test_aead_overlap(void)
{
    enum { N = 9000, PAD = 9200 };
    static uint8_t buf[N + 2 * PAD + 32], plain[N], ref[N + 16], key[32], nonce[12], aad[20];
    static const long dists[] = {-9100, -8192, -4097, -4096, -4095, -3000, -1025, -1024, -1000, -64,  -17,
                                 -16,   -1,    1,     15,    16,    17,    63,    64,    100,   1023, 1024,
                                 1025,  2999,  3000,  3016,  4095,  4096,  4097,  8192,  9100};
    static const size_t lens[] = {0, 1, 64, 100, 193, 1024, 1025, 2500, 3000, 4096, 4097, 8193, 9000};
    uint32_t st[16];
    fill(key, 32);
    fill(nonce, 12);
    fill(aad, 20);
    ietf_state(st, key, nonce);
    for (int r = 0; r < nrows; r++) {
        const jc_backend *b = jc_backend_get(rows[r], NULL);
        long bad = 0;
        for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
            size_t n = lens[li];
            fill(plain, n);
            jc_aead_seal(jc_backend_get("portable", NULL), st, aad, 20, plain, n, ref);
            for (size_t di = 0; di < sizeof dists / sizeof dists[0]; di++) {
                long d = dists[di];
                uint8_t *in = buf + PAD, *out = buf + PAD + d;
                /* seal: plaintext at in, ciphertext||tag to out */
                memcpy(in, plain, n);
                jc_aead_seal(b, st, aad, 20, in, n, out);
                int ok = memcmp(out, ref, n + 16) == 0;
                /* open: ciphertext||tag at in, plaintext to out */
                memcpy(in, ref, n + 16);
                ok &= jc_aead_open(b, st, aad, 20, in, n, out) == 1 && memcmp(out, plain, n) == 0;
                /* tampered (last ciphertext byte, else the tag): 0 and the output range zeroed */
                memcpy(in, ref, n + 16);
                in[n > 0 ? n - 1 : n] ^= 4;
                int rejected = jc_aead_open(b, st, aad, 20, in, n, out) == 0;
                for (size_t j = 0; j < n; j++)
                    rejected &= out[j] == 0;
                ok &= rejected;
                /* in place */
                memcpy(in, plain, n);
                jc_aead_seal(b, st, aad, 20, in, n, in);
                ok &= memcmp(in, ref, n + 16) == 0;
                ok &= jc_aead_open(b, st, aad, 20, in, n, in) == 1 && memcmp(in, plain, n) == 0;
                if (!ok && bad++ < 5)
                    CHECK(0, "%s overlap: length %zu, distance %ld", rows[r], n, d);
            }
        }
        CHECK(bad == 0, "%s overlap: %ld failures", rows[r], bad);
    }
}

int main(void)
{
    find_kernels();
    for (int i = 0; i < jc_backend_count(); i++) {
        const jc_backend *b = jc_backend_at(i);
        if (jc_backend_available(b->name, NULL))
            rows[nrows++] = b->name;
    }
    test_poly_kats();
    test_poly_vs_portable();
    test_poly_block_counts();
    test_xor_mac();
    test_xor_mac_choice();
    for (int forced = 1; forced >= 0; forced--) { /* the AEAD with every row's interleaved pass, then with none */
        jc_backend_xor_mac_force(forced);
        test_aead_kat();
        test_aead_rows();
        test_aead_overlap();
    }
    jc_backend_xor_mac_force(-1);
    test_aead_wipe_uninitialized();
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed != 0;
}
