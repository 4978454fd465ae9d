// SPDX-License-Identifier: Apache-2.0
/*
 * libFuzzer target: every kernel this CPU runs against the portable one, on fuzzer-chosen lengths, offsets,
 * counters and rounds. Built with clang -fsanitize=fuzzer,address,undefined (cmake/instrumented-tests.cmake), so
 * every buffer is a heap block of exactly the size the call may touch: a read or write outside it is an ASan
 * report, not a silent pass.
 *
 *   ChaCha: xor_fn of every row vs portable: rounds 8/12/20, 32- and 64-bit counters near every carry, raw
 *           keystream, out of place at any offsets, in place.
 *   HChaCha: hchacha_fn of every row vs portable.
 *   Poly1305: every row's poly_blocks (portable, avx2, avx512ifma or its fallback) vs portable, one-shot and in
 *           fuzzer-chosen pieces.
 *   AEAD: jc_aead_seal/open on every row vs the portable row, input and output disjoint, identical or
 *           overlapping at any distance; open of a tampered message returns 0 and leaves the output untouched.
 *   Secret stream (with each AEAD input): a libsodium secretstream message (secretstream.h) on every row vs the
 *           portable row, into a separate buffer and with the ciphertext landing on the input; where libsodium's
 *           padding equals the AEAD's (message length 0 or 8 mod 16) also against jc_aead_seal of tag block || m.
 *   SSH: jc_ssh_seal/open (one chacha20-poly1305@openssh.com packet) on every row vs the packet composed here from
 *           the portable row's ChaCha20 and Poly1305, apart and in place, any sequence number, bodies across the
 *           stack path's end; the key arrays' words 12..15 hold junk (only 0..11 may be read); open of a tampered
 *           packet returns 0 and writes nothing.
 *
 * Any mismatch aborts (libFuzzer saves the input). Replay: ./fuzz_kernels CORPUS_DIR; fuzz: -max_total_time=N.
 */
#include "aead.h"
#include "secretstream.h"
#include "ssh.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- reading the fuzzer's bytes (zeros once they run out) ------------------------------------------------- */

typedef struct {
    const uint8_t *p;
    size_t n;
} reader;

static uint64_t take(reader *r, int bytes)
{
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++) {
        v |= (uint64_t)(r->n ? (r->n--, *r->p++) : 0) << (8 * i);
    }
    return v;
}

static size_t take_len(reader *r, size_t max)
{
    /* short lengths most of the time, every length up to max some of the time */
    uint64_t sel = take(r, 1);
    uint64_t v = take(r, 2);
    return (size_t)(sel < 128 ? v % 300 : sel < 224 ? v % 1100 : v % (max + 1));
}

static void take_bytes(reader *r, uint8_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = (uint8_t)(r->n ? take(r, 1) : (i * 131 + 7));
}

#define REQUIRE(cond, ...)                                                                                             \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            fprintf(stderr, "MISMATCH %s:%d: ", __FILE__, __LINE__);                                                   \
            fprintf(stderr, __VA_ARGS__);                                                                              \
            fprintf(stderr, "\n");                                                                                     \
            abort();                                                                                                   \
        }                                                                                                              \
    } while (0)

/* The rows this CPU runs, portable first. */
static const jc_backend *rows[8];
static int nrows;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    for (int i = 0; i < jc_backend_count() && nrows < 8; i++) {
        const jc_backend *b = jc_backend_at(i);
        if (jc_backend_available(b->name, NULL))
            rows[nrows++] = b;
    }
    fprintf(stderr, "fuzz_kernels: cpu [%s], rows:", jc_cpu_features());
    for (int i = 0; i < nrows; i++)
        fprintf(stderr, " %s (poly1305 %s)", rows[i]->name, jc_backend_poly_kernel(rows[i]));
    fprintf(stderr, "\n");
    return 0;
}

static uint8_t *alloc(size_t n)
{
    uint8_t *p = malloc(n ? n : 1);
    if (p == NULL)
        abort();
    return p;
}

/* ---- ChaCha --------------------------------------------------------------------------------------------- */

static void fuzz_chacha(reader *r)
{
    static const int rounds_of[3] = {8, 12, 20};
    uint32_t st[16];
    int rounds = rounds_of[take(r, 1) % 3];
    int counter64 = (int)(take(r, 1) & 1);
    for (int i = 0; i < 16; i++)
        st[i] = (uint32_t)take(r, 4);
    size_t len = take_len(r, 9000);
    /* counters next to the carries: word 12 near 2^32, word 13 near 2^32 too (64-bit counter near 2^64) */
    uint64_t near = take(r, 1);
    if (near & 1)
        st[12] = 0xffffffffu - (uint32_t)(near >> 1);
    if ((near & 2) && counter64)
        st[13] = 0xffffffffu - (uint32_t)(take(r, 1) & 3);
    if (!counter64) {
        /* the caller guarantees word 12 does not wrap during a 32-bit-counter call */
        uint64_t blocks = (len + 63) / 64;
        if ((uint64_t)st[12] + blocks > 0x100000000ull)
            st[12] = (uint32_t)(0x100000000ull - blocks);
    }
    int mode = (int)(take(r, 1) % 3); /* 0 out of place, 1 in place, 2 raw keystream */
    size_t in_off = take(r, 1) % 64, out_off = take(r, 1) % 64;

    uint8_t *src = alloc(in_off + len);
    take_bytes(r, src + in_off, len);
    uint8_t *want = alloc(len);
    rows[0]->xor_fn(st, rounds, counter64, mode == 2 ? NULL : src + in_off, want, len);

    for (int i = 0; i < nrows; i++) {
        uint8_t *out = alloc(out_off + len);
        const uint8_t *in = mode == 2 ? NULL : src + in_off;
        if (mode == 1) {
            memcpy(out + out_off, src + in_off, len);
            in = out + out_off;
        }
        rows[i]->xor_fn(st, rounds, counter64, in, out + out_off, len);
        REQUIRE(memcmp(out + out_off, want, len) == 0, "chacha %s: rounds %d counter64 %d len %zu mode %d",
                rows[i]->name, rounds, counter64, len, mode);
        free(out);
    }
    free(src);
    free(want);
}

/* ---- HChaCha -------------------------------------------------------------------------------------------- */

static void fuzz_hchacha(reader *r)
{
    static const int rounds_of[3] = {8, 12, 20};
    uint32_t key[8], nonce[4], want[8], got[8];
    int rounds = rounds_of[take(r, 1) % 3];
    for (int i = 0; i < 8; i++)
        key[i] = (uint32_t)take(r, 4);
    for (int i = 0; i < 4; i++)
        nonce[i] = (uint32_t)take(r, 4);
    rows[0]->hchacha_fn(key, nonce, rounds, want);
    for (int i = 0; i < nrows; i++) {
        rows[i]->hchacha_fn(key, nonce, rounds, got);
        REQUIRE(memcmp(got, want, sizeof want) == 0, "hchacha %s: rounds %d", rows[i]->name, rounds);
    }
}

/* ---- Poly1305 ------------------------------------------------------------------------------------------- */

static void fuzz_poly1305(reader *r)
{
    uint8_t key[32], want[16], got[16];
    take_bytes(r, key, 32);
    if (take(r, 1) & 1)
        memset(key, 0xff, 16); /* r clamped to its maximum: every carry */
    size_t len = take_len(r, 5000);
    uint8_t *m = alloc(len);
    if (take(r, 1) & 1)
        memset(m, 0xff, len);
    else
        take_bytes(r, m, len);
    jc_poly1305_auth(jc_poly1305_blocks_portable, want, m, len, key);
    for (int i = 0; i < nrows; i++) {
        jc_poly1305_auth(rows[i]->poly_blocks, got, m, len, key);
        REQUIRE(memcmp(got, want, 16) == 0, "poly1305 %s one-shot: len %zu", jc_backend_poly_kernel(rows[i]), len);
        jc_poly1305 st;
        jc_poly1305_init(&st, key, rows[i]->poly_blocks);
        for (size_t off = 0; off < len;) {
            size_t n = take(r, 2) % (len - off + 1);
            if (r->n == 0)
                n = len - off;
            jc_poly1305_update(&st, m + off, n);
            off += n;
        }
        jc_poly1305_finish(&st, got);
        REQUIRE(memcmp(got, want, 16) == 0, "poly1305 %s in pieces: len %zu", jc_backend_poly_kernel(rows[i]), len);
    }
    free(m);
}

/* ---- AEAD ----------------------------------------------------------------------------------------------- */

static void check_secretstream(const uint32_t st[16], const uint8_t *ad, size_t adlen, const uint8_t *pt, size_t len,
                               uint8_t tag);

static void fuzz_aead(reader *r)
{
    uint32_t st[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};
    for (int i = 4; i < 16; i++)
        st[i] = (uint32_t)take(r, 4);
    st[12] = 0;
    size_t aadlen = take_len(r, 600);
    size_t len = take_len(r, 9000);
    uint8_t *aad = alloc(aadlen);
    take_bytes(r, aad, aadlen);
    uint8_t *pt = alloc(len);
    take_bytes(r, pt, len);
    uint8_t *sealed = alloc(len + 16);
    jc_aead_seal(rows[0], st, aad, aadlen, pt, len, sealed);

    /* one piece of memory: input at a, output at b (identical, disjoint or overlapping either way) */
    size_t a = take(r, 2) % 300, b = take(r, 2) % 300;
    size_t mem_len = (a > b ? a : b) + len + 16;
    int tamper_at = (int)(take(r, 2) % (len + 16 + 1)) - 1; /* -1: none; else this byte of ciphertext || tag */
    uint8_t bit = (uint8_t)(1u << (take(r, 1) & 7));

    for (int i = 0; i < nrows; i++) {
        uint8_t *mem = alloc(mem_len);
        memset(mem, 0x5c, mem_len);
        memcpy(mem + a, pt, len);
        jc_aead_seal(rows[i], st, aad, aadlen, mem + a, len, mem + b);
        REQUIRE(memcmp(mem + b, sealed, len + 16) == 0, "aead seal %s: aad %zu len %zu in %zu out %zu", rows[i]->name,
                aadlen, len, a, b);

        memset(mem, 0x3a, mem_len);
        memcpy(mem + a, sealed, len + 16);
        if (tamper_at >= 0)
            mem[a + (size_t)tamper_at] ^= bit;
        uint8_t *before = alloc(mem_len);
        memcpy(before, mem, mem_len);
        int ok = jc_aead_open(rows[i], st, aad, aadlen, mem + a, len, mem + b);
        if (tamper_at < 0) {
            REQUIRE(ok == 1, "aead open %s: authentic message refused (aad %zu len %zu)", rows[i]->name, aadlen, len);
            REQUIRE(memcmp(mem + b, pt, len) == 0, "aead open %s: aad %zu len %zu in %zu out %zu", rows[i]->name,
                    aadlen, len, a, b);
        } else {
            REQUIRE(ok == 0, "aead open %s: tampered byte %d accepted", rows[i]->name, tamper_at);
            memset(before + b, 0, len); /* the plaintext open wrote is zeroed; nothing else changes */
            REQUIRE(memcmp(mem, before, mem_len) == 0, "aead open %s: a tampered message left more than zeros behind",
                    rows[i]->name);
        }
        free(before);
        free(mem);
    }
    check_secretstream(st, aad, aadlen, pt, len, (uint8_t)take(r, 1));
    free(aad);
    free(pt);
    free(sealed);
}

/* ---- SSH packets --------------------------------------------------------------------------------------- */

/* The packet composed from the portable row: length under hk's block 0, Poly1305 key from mk's block 0, body from
 * mk's block 1, tag over encrypted length || encrypted body; the nonce 00000000 || BE64(seq) in RFC 8439's words. */
static void ssh_reference(const uint32_t mk[16], const uint32_t hk[16], uint32_t seq, const uint8_t *in, size_t n,
                          uint8_t *out)
{
    uint32_t be = (seq >> 24) | ((seq >> 8) & 0xff00u) | ((seq << 8) & 0xff0000u) | (seq << 24);
    uint32_t m[16], h[16];
    memcpy(m, mk, sizeof m);
    memcpy(h, hk, sizeof h);
    m[12] = h[12] = 0;
    m[13] = h[13] = 0;
    m[14] = h[14] = 0;
    m[15] = h[15] = be;
    uint8_t key[32];
    rows[0]->xor_fn(h, 20, 0, in, out, JC_SSH_LENGTH);
    rows[0]->xor_fn(m, 20, 0, NULL, key, sizeof key);
    m[12] = 1;
    rows[0]->xor_fn(m, 20, 0, in + JC_SSH_LENGTH, out + JC_SSH_LENGTH, n);
    jc_poly1305_auth(rows[0]->poly_blocks, out + JC_SSH_LENGTH + n, out, JC_SSH_LENGTH + n, key);
}

static void fuzz_ssh(reader *r)
{
    uint32_t mk[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};
    uint32_t hk[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};
    for (int i = 4; i < 12; i++) {
        mk[i] = (uint32_t)take(r, 4);
        hk[i] = (uint32_t)take(r, 4);
    }
    for (int i = 12; i < 16; i++) /* junk: the entry points read words 0..11 only */
        mk[i] = hk[i] = 0xdeadbeefu ^ (uint32_t)i;
    uint32_t seq = (uint32_t)take(r, 4);
    size_t n = take_len(r, 9000);
    size_t plain = JC_SSH_LENGTH + n, sealed = plain + JC_SSH_TAG;
    uint8_t *pt = alloc(plain);
    take_bytes(r, pt, plain);
    uint8_t *want = alloc(sealed);
    ssh_reference(mk, hk, seq, pt, n, want);
    int tamper_at = (int)(take(r, 2) % (sealed + 1)) - 1; /* -1: none; else this byte of the sealed packet */
    uint8_t bit = (uint8_t)(1u << (take(r, 1) & 7));

    for (int i = 0; i < nrows; i++) {
        for (int in_place = 0; in_place < 2; in_place++) {
            uint8_t *in = alloc(sealed), *out = in_place ? in : alloc(sealed);
            memcpy(in, pt, plain);
            jc_ssh_seal(rows[i], mk, hk, seq, in, n, out);
            REQUIRE(memcmp(out, want, sealed) == 0, "ssh seal %s: body %zu seq %u in place %d", rows[i]->name, n, seq,
                    in_place);
            if (!in_place) {
                memcpy(in, want, sealed);
                memset(out, 0x3a, sealed);
            }
            if (tamper_at >= 0)
                in[tamper_at] ^= bit;
            uint8_t *before_in = alloc(sealed), *before_out = alloc(sealed);
            memcpy(before_in, in, sealed);
            memcpy(before_out, out, sealed);
            int ok = jc_ssh_open(rows[i], mk, hk, seq, in, n, out);
            if (tamper_at < 0) {
                REQUIRE(ok == 1, "ssh open %s: authentic packet refused (body %zu)", rows[i]->name, n);
                REQUIRE(memcmp(out, pt, plain) == 0, "ssh open %s: body %zu seq %u in place %d", rows[i]->name, n, seq,
                        in_place);
            } else {
                REQUIRE(ok == 0, "ssh open %s: tampered byte %d accepted", rows[i]->name, tamper_at);
                REQUIRE(memcmp(in, before_in, sealed) == 0 && memcmp(out, before_out, sealed) == 0,
                        "ssh open %s: a refused packet changed memory (in place %d)", rows[i]->name, in_place);
            }
            free(before_in);
            free(before_out);
            if (!in_place)
                free(out);
            free(in);
        }
    }
    free(pt);
    free(want);
}

/* ---- secret stream ------------------------------------------------------------------------------------- */

/* One message as the JNI glue seals it: the wire byte, the ciphertext at out + 1, the MAC; out + 1 <= in or apart. */
static void ss_seal(const jc_backend *b, const uint32_t st[16], const uint8_t *ad, size_t adlen, uint8_t tag,
                    const uint8_t *in, size_t len, uint8_t *out)
{
    jc_aead a;
    jc_aead_init(&a, b, st);
    jc_aead_aad(&a, ad, adlen);
    uint8_t wire = jc_secretstream_tag_block(&a, tag);
    jc_aead_seal_update(&a, in, out + 1, len);
    jc_secretstream_mac(&a, out + 1 + len);
    out[0] = wire;
}

static void check_secretstream(const uint32_t st[16], const uint8_t *ad, size_t adlen, const uint8_t *pt, size_t len,
                               uint8_t tag)
{
    uint8_t *want = alloc(len + 17);
    ss_seal(rows[0], st, ad, adlen, tag, pt, len, want);
    if (len % 16 == 0 || len % 16 == 8) { /* libsodium's padding is the AEAD's: one AEAD over tag block || m */
        uint8_t *buf = alloc(64 + len), *sealed = alloc(64 + len + 16);
        memset(buf, 0, 64);
        buf[0] = tag;
        memcpy(buf + 64, pt, len);
        jc_aead_seal(rows[0], st, ad, adlen, buf, 64 + len, sealed);
        REQUIRE(want[0] == sealed[0] && memcmp(want + 1, sealed + 64, len + 16) == 0,
                "secretstream vs aead: aad %zu len %zu tag %u", adlen, len, tag);
        free(buf);
        free(sealed);
    }
    for (int i = 0; i < nrows; i++) {
        uint8_t *out = alloc(len + 17);
        ss_seal(rows[i], st, ad, adlen, tag, pt, len, out);
        REQUIRE(memcmp(out, want, len + 17) == 0, "secretstream %s: aad %zu len %zu", rows[i]->name, adlen, len);
        uint8_t *mem = alloc(len + 17); /* the ciphertext lands on the input: in = mem + 1 */
        memcpy(mem + 1, pt, len);
        ss_seal(rows[i], st, ad, adlen, tag, mem + 1, len, mem);
        REQUIRE(memcmp(mem, want, len + 17) == 0, "secretstream %s in place: aad %zu len %zu", rows[i]->name, adlen,
                len);
        free(mem);
        free(out);
    }
    free(want);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size};
    if (nrows == 0)
        LLVMFuzzerInitialize(NULL, NULL);
    uint64_t sel = take(&r, 1);
    switch (sel % 4) {
    case 0: fuzz_chacha(&r); break;
    case 1: fuzz_hchacha(&r); break;
    case 2: fuzz_poly1305(&r); break;
    default: /* half of this selector's inputs for each: the corpus's AEAD entries keep most of their meaning */
        if (sel & 0x40)
            fuzz_ssh(&r);
        else
            fuzz_aead(&r);
        break;
    }
    return 0;
}
