// SPDX-License-Identifier: Apache-2.0
/*
 * jchacha's kernels beside OpenSSL's libcrypto in one process: ChaCha20 (in place, as `openssl speed -evp chacha20`
 * runs it) and ChaCha20-Poly1305 seal (12-byte nonce, no AAD, ciphertext and tag into another buffer), the two
 * alternated in short slices, so that both sides of a ratio share the machine's slow and fast phases. Built where
 * OpenSSL's headers are installed (libssl-dev).
 *
 *   bench_openssl                 every runnable row, 256 B .. 1 MiB
 *   bench_openssl avx512 avx2     only these rows
 *   OPENSSL_ia32cap=":~0x80010000" bench_openssl avx2
 *                                 OpenSSL on its AVX2 path (the mask hides AVX-512F and AVX-512VL; libcrypto reads it
 *                                 when it loads, so it has to be in the environment)
 *
 * Each cell: the median MB/s (10^6 bytes per second) of ROUNDS slices of about SLICE_SECONDS per side, and the
 * median of the per-slice ratios. Before timing, each size checks that both sides produce the same bytes.
 */
#include "aead.h"
#include "chacha_internal.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_support.h"

enum { ROUNDS = 40 };
#define SLICE_SECONDS 0.01

static const uint8_t key[32] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16,
                                17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};
static const uint8_t nonce[12] = {0, 0, 0, 9, 0, 0, 0, 74, 0, 0, 0, 0};
static uint32_t st[16];
static uint8_t *buf, *in, *out, *ref;
static size_t len;
static const jc_backend *row;
static EVP_CIPHER_CTX *stream_ctx, *seal_ctx;

/* The IETF state at counter 0 for key and nonce. */
static void state_init(void)
{
    st[0] = JC_SIGMA0;
    st[1] = JC_SIGMA1;
    st[2] = JC_SIGMA2;
    st[3] = JC_SIGMA3;
    for (int i = 0; i < 8; i++)
        st[4 + i] = jc_load32_le(key + 4 * i);
    st[12] = 0;
    for (int i = 0; i < 3; i++)
        st[13 + i] = jc_load32_le(nonce + 4 * i);
}

static void fail(const char *what)
{
    fprintf(stderr, "bench_openssl: %s\n", what);
    exit(1);
}

/* OpenSSL's ChaCha20 back at counter 0 (its 16-byte IV: the counter, then the nonce). */
static void openssl_stream_start(void)
{
    uint8_t iv[16] = {0};
    memcpy(iv + 4, nonce, sizeof nonce);
    if (EVP_EncryptInit_ex(stream_ctx, NULL, NULL, NULL, iv) != 1)
        fail("EVP chacha20 init failed");
}

/* OpenSSL's ChaCha20 over buf in place, going on where its last call stopped (as openssl speed streams). */
static void openssl_stream(void)
{
    int n;
    if (EVP_EncryptUpdate(stream_ctx, buf, &n, buf, (int)len) != 1)
        fail("EVP chacha20 failed");
}

/* The kernel over buf in place, at counter 0 every call (the same work; the state stays the caller's). */
static void jchacha_stream(void)
{
    row->xor_fn(st, 20, 0, buf, buf, len);
}

/* OpenSSL's ChaCha20-Poly1305 seal of in into out (ciphertext, then the tag). */
static void openssl_seal(void)
{
    int n, m;
    if (EVP_EncryptInit_ex(seal_ctx, NULL, NULL, NULL, nonce) != 1 ||
        EVP_EncryptUpdate(seal_ctx, out, &n, in, (int)len) != 1 || EVP_EncryptFinal_ex(seal_ctx, out + n, &m) != 1 ||
        EVP_CIPHER_CTX_ctrl(seal_ctx, EVP_CTRL_AEAD_GET_TAG, 16, out + len) != 1)
        fail("EVP chacha20-poly1305 failed");
}

static void jchacha_seal(void)
{
    jc_aead_seal(row, st, NULL, 0, in, len, out);
}

/* Both sides give the same bytes: stream over zeros, and a seal of in. */
static void check(void)
{
    memset(buf, 0, len);
    openssl_stream_start();
    openssl_stream();
    memcpy(ref, buf, len);
    memset(buf, 0, len);
    jchacha_stream();
    if (memcmp(ref, buf, len) != 0)
        fail("ChaCha20 keystreams differ");
    openssl_seal();
    memcpy(ref, out, len + 16);
    memset(out, 0, len + 16);
    jchacha_seal();
    if (memcmp(ref, out, len + 16) != 0)
        fail("ChaCha20-Poly1305 outputs differ");
}

/* Calls of f that take about SLICE_SECONDS. */
static size_t calibrate(void (*f)(void))
{
    size_t n = 0;
    double t0 = now_sec();
    while (now_sec() - t0 < SLICE_SECONDS) {
        f();
        n++;
    }
    return n;
}

static double slice(void (*f)(void), size_t calls)
{
    double t0 = now_sec();
    for (size_t i = 0; i < calls; i++)
        f();
    return (double)len * (double)calls / (now_sec() - t0) / 1e6;
}

static double median(double *v)
{
    qsort(v, ROUNDS, sizeof v[0], cmp_double);
    return v[ROUNDS / 2];
}

/* jchacha's MB/s, OpenSSL's MB/s and the median per-slice ratio of one (jchacha, OpenSSL) pair at len; each round
 * runs a slice of each, the two taking turns to go first. */
static void pair(void (*jc)(void), void (*ossl)(void), double res[3])
{
    size_t cj = calibrate(jc), co = calibrate(ossl);
    double j[ROUNDS], o[ROUNDS], q[ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
        if (r % 2 == 0) {
            j[r] = slice(jc, cj);
            o[r] = slice(ossl, co);
        } else {
            o[r] = slice(ossl, co);
            j[r] = slice(jc, cj);
        }
        q[r] = j[r] / o[r];
    }
    res[0] = median(j);
    res[1] = median(o);
    res[2] = median(q);
}

int main(int argc, char **argv)
{
    static const size_t sizes[] = {256, 1024, 16384, 1048576};
    const size_t maxlen = 1048576;
    const char *mask = getenv("OPENSSL_ia32cap");
    buf = malloc(maxlen);
    in = malloc(maxlen);
    out = malloc(maxlen + 16);
    ref = malloc(maxlen + 16);
    stream_ctx = EVP_CIPHER_CTX_new();
    seal_ctx = EVP_CIPHER_CTX_new();
    if (buf == NULL || in == NULL || out == NULL || ref == NULL || stream_ctx == NULL || seal_ctx == NULL)
        fail("out of memory");
    if (EVP_EncryptInit_ex(stream_ctx, EVP_chacha20(), NULL, key, NULL) != 1 ||
        EVP_EncryptInit_ex(seal_ctx, EVP_chacha20_poly1305(), NULL, key, NULL) != 1)
        fail("OpenSSL has no ChaCha20 or ChaCha20-Poly1305");
    for (size_t i = 0; i < maxlen; i++)
        in[i] = (uint8_t)(i * 131u);
    state_init();

    printf("cpu: %s%s; %s; OPENSSL_ia32cap %s\n", jc_cpu_features(), cpu_id(), OpenSSL_version(OPENSSL_VERSION),
           mask != NULL ? mask : "unset (OpenSSL's default path)");
    printf("median MB/s of %d alternated slices of %.0f ms per side; ratio: median of the per-slice ratios\n", ROUNDS,
           SLICE_SECONDS * 1e3);
    printf("%-9s %8s | %9s %9s %6s | %9s %9s %6s\n", "backend", "bytes", "stream", "OpenSSL", "ratio", "seal",
           "OpenSSL", "ratio");
    for (int i = 0; i < jc_backend_count(); i++) {
        const jc_backend *b = jc_backend_at(i);
        int wanted = argc == 1;
        for (int a = 1; a < argc; a++)
            wanted |= strcmp(argv[a], b->name) == 0;
        if (!wanted || !jc_backend_available(b->name, NULL))
            continue;
        row = b;
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            len = sizes[s];
            check();
            double c[3], a[3];
            pair(jchacha_stream, openssl_stream, c);
            pair(jchacha_seal, openssl_seal, a);
            printf("%-9s %8zu | %9.0f %9.0f %5.2fx | %9.0f %9.0f %5.2fx\n", b->name, len, c[0], c[1], c[2], a[0], a[1],
                   a[2]);
            fflush(stdout);
        }
    }
    EVP_CIPHER_CTX_free(stream_ctx);
    EVP_CIPHER_CTX_free(seal_ctx);
    free(buf);
    free(in);
    free(out);
    free(ref);
    return 0;
}
