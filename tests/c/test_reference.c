// SPDX-License-Identifier: Apache-2.0
/*
 * Reference tests: anchors the portable kernels themselves (the other C tests compare the SIMD kernels with
 * portable). Everything the library is compared with here is written in this file from the specifications and
 * shares no code with native/:
 *  - ChaCha (RFC 8439 2.1-2.4): one round at a time on an array state, any round count, IETF or 64-bit counter;
 *  - HChaCha (draft-irtf-cfrg-xchacha-03 2.2) on that core, any round count;
 *  - Poly1305 (RFC 8439 2.5.1) as the RFC's pseudocode on plain big numbers (32-bit limbs, a full reduction mod
 *    2^130 - 5 after every block), unlike the library's lazily reduced radix 2^64 core and radix 2^44 state, whose
 *    conversion is checked on those numbers too;
 *  - ChaCha20-Poly1305 (RFC 8439 2.8) building the MAC input (aad, pad, ciphertext, pad, two little-endian
 *    64-bit lengths) as one byte string.
 * The references are first pinned to published vectors (RFC 8439 2.3.2, 2.4.2, A.1, A.2, 2.5.2, A.3 #1-#11, 2.6.2,
 * A.4, 2.8.2, A.5; the XChaCha draft's 2.2.1 and A.3.1; draft-strombergson-chacha-test-vectors for 8 and 12
 * rounds), then the library (portable ChaCha, HChaCha at 8/12/20 rounds, portable Poly1305, the AEAD in aead.c,
 * and the same on every other backend row that runs here) is compared with them over many lengths, counters,
 * keys (Poly1305 edge keys: r with every clamp bit, s = 2^128 - 1, r = 0 and 1) and all-0xff messages.
 * Prints "N passed, N failed" last; exit status 0 only when nothing failed.
 */
#include "aead.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEST_RNG_SEED 0x6a09e667f3bcc908ull
#include "test_support.h"

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* ---- reference ChaCha and HChaCha ------------------------------------------------------------------------- */

static void quarter_round(uint32_t *x, int a, int b, int c, int d)
{
#define ROL(v, n) (((v) << (n)) | ((v) >> (32 - (n))))
    // clang-format off
    x[a] += x[b]; x[d] ^= x[a]; x[d] = ROL(x[d], 16);
    x[c] += x[d]; x[b] ^= x[c]; x[b] = ROL(x[b], 12);
    x[a] += x[b]; x[d] ^= x[a]; x[d] = ROL(x[d], 8);
    x[c] += x[d]; x[b] ^= x[c]; x[b] = ROL(x[b], 7);
    // clang-format on
#undef ROL
}

/* rounds single rounds: column rounds at even counts, diagonal rounds at odd ones. */
static void ref_rounds(uint32_t x[16], int rounds)
{
    for (int i = 0; i < rounds; i++) {
        if (i % 2 == 0) {
            quarter_round(x, 0, 4, 8, 12);
            quarter_round(x, 1, 5, 9, 13);
            quarter_round(x, 2, 6, 10, 14);
            quarter_round(x, 3, 7, 11, 15);
        } else {
            quarter_round(x, 0, 5, 10, 15);
            quarter_round(x, 1, 6, 11, 12);
            quarter_round(x, 2, 7, 8, 13);
            quarter_round(x, 3, 4, 9, 14);
        }
    }
}

/* The state of RFC 8439 2.3 from bytes: constants, key, then counter and nonce words.
 * nonce_len 12: 32-bit counter (IETF); nonce_len 8: 64-bit counter (original). */
static void ref_state(uint32_t st[16], const uint8_t key[32], uint64_t counter, const uint8_t *nonce, int nonce_len)
{
    static const char sigma[] = "expand 32-byte k";
    for (int i = 0; i < 4; i++)
        st[i] = get32((const uint8_t *)sigma + 4 * i);
    for (int i = 0; i < 8; i++)
        st[4 + i] = get32(key + 4 * i);
    st[12] = (uint32_t)counter;
    if (nonce_len == 12) {
        for (int i = 0; i < 3; i++)
            st[13 + i] = get32(nonce + 4 * i);
    } else {
        st[13] = (uint32_t)(counter >> 32);
        st[14] = get32(nonce);
        st[15] = get32(nonce + 4);
    }
}

/* out = in XOR keystream (in NULL: keystream) from state st; counter words advance per block, 64-bit if c64. */
static void ref_xor(const uint32_t st[16], int rounds, int c64, const uint8_t *in, uint8_t *out, size_t len)
{
    uint32_t s[16], x[16];
    uint8_t block[64];
    memcpy(s, st, sizeof s);
    for (size_t pos = 0; pos < len; pos += 64) {
        memcpy(x, s, sizeof x);
        ref_rounds(x, rounds);
        for (int i = 0; i < 16; i++)
            put32(block + 4 * i, x[i] + s[i]);
        for (size_t i = pos; i < len && i < pos + 64; i++)
            out[i] = (uint8_t)((in ? in[i] : 0) ^ block[i - pos]);
        if (++s[12] == 0 && c64)
            s[13]++;
    }
}

static void ref_hchacha(const uint8_t key[32], const uint8_t in[16], int rounds, uint8_t out[32])
{
    uint32_t x[16];
    uint8_t zero8[8] = {0};
    ref_state(x, key, 0, zero8, 8);
    for (int i = 0; i < 4; i++)
        x[12 + i] = get32(in + 4 * i);
    ref_rounds(x, rounds);
    for (int i = 0; i < 4; i++) {
        put32(out + 4 * i, x[i]);
        put32(out + 16 + 4 * i, x[12 + i]);
    }
}

/* ---- reference Poly1305: numbers of N 32-bit limbs, least significant first ------------------------------- */

enum { N = 10 }; /* 320 bits: room for a 130-bit accumulator times a 124-bit r */

static void num_add(uint32_t a[N], const uint32_t b[N])
{
    uint64_t c = 0;
    for (int i = 0; i < N; i++) {
        c += (uint64_t)a[i] + b[i];
        a[i] = (uint32_t)c;
        c >>= 32;
    }
}

static void num_mul(uint32_t out[N], const uint32_t a[N], const uint32_t b[N])
{
    uint32_t t[2 * N] = {0};
    for (int i = 0; i < N; i++) {
        uint64_t c = 0;
        for (int j = 0; j < N; j++) {
            c += (uint64_t)a[i] * b[j] + t[i + j];
            t[i + j] = (uint32_t)c;
            c >>= 32;
        }
        t[i + N] = (uint32_t)c;
    }
    memcpy(out, t, N * sizeof(uint32_t)); /* inputs below 2^160 each: the product fits */
}

/* a >= b */
static int num_ge(const uint32_t a[N], const uint32_t b[N])
{
    for (int i = N - 1; i >= 0; i--)
        if (a[i] != b[i])
            return a[i] > b[i];
    return 1;
}

static void num_sub(uint32_t a[N], const uint32_t b[N])
{
    int64_t c = 0;
    for (int i = 0; i < N; i++) {
        c += (int64_t)a[i] - b[i];
        a[i] = (uint32_t)c;
        c >>= 32; /* arithmetic: -1 on borrow */
    }
}

/* a mod p, p = 2^130 - 5: while a >= 2^130, a = (a mod 2^130) + 5 * (a >> 130); then subtract p once if needed. */
static void num_mod_p(uint32_t a[N])
{
    static const uint32_t p[N] = {0xfffffffb, 0xffffffff, 0xffffffff, 0xffffffff, 3};
    for (;;) {
        uint32_t hi[N] = {0};
        int nonzero = 0;
        for (int i = 0; i + 4 < N; i++) {
            hi[i] = a[i + 4] >> 2 | (i + 5 < N ? a[i + 5] << 30 : 0);
            nonzero |= hi[i] != 0;
        }
        if (!nonzero)
            break;
        for (int i = 5; i < N; i++)
            a[i] = 0;
        a[4] &= 3;
        uint32_t five[N] = {5};
        num_mul(hi, hi, five);
        num_add(a, hi);
    }
    if (num_ge(a, p))
        num_sub(a, p);
}

static void num_from_bytes(uint32_t a[N], const uint8_t *b, size_t n)
{
    memset(a, 0, N * sizeof(uint32_t));
    for (size_t i = 0; i < n; i++)
        a[i / 4] |= (uint32_t)b[i] << (8 * (i % 4));
}

/* RFC 8439 2.5.1, as written. */
static void ref_poly1305(const uint8_t key[32], const uint8_t *msg, size_t len, uint8_t tag[16])
{
    uint8_t rb[16];
    uint32_t r[N], s[N], acc[N] = {0}, n[N];
    memcpy(rb, key, 16);
    // clang-format off
    rb[3] &= 15; rb[7] &= 15; rb[11] &= 15; rb[15] &= 15;
    rb[4] &= 252; rb[8] &= 252; rb[12] &= 252;
    // clang-format on
    num_from_bytes(r, rb, 16);
    num_from_bytes(s, key + 16, 16);
    for (size_t i = 0; i < len; i += 16) {
        uint8_t blk[17];
        size_t k = len - i < 16 ? len - i : 16;
        memcpy(blk, msg + i, k);
        blk[k] = 1; /* the block plus one byte 0x01 */
        num_from_bytes(n, blk, k + 1);
        num_add(acc, n);
        num_mul(acc, acc, r);
        num_mod_p(acc);
    }
    num_add(acc, s);
    for (int i = 0; i < 4; i++)
        put32(tag + 4 * i, acc[i]); /* the low 128 bits */
}

/* a += v * 2^bit, bit by bit */
static void num_add_word(uint32_t a[N], uint64_t v, int bit)
{
    uint32_t t[N] = {0};
    for (int i = 0; i < 64; i++)
        t[(bit + i) / 32] |= (uint32_t)((v >> i) & 1) << ((bit + i) % 32);
    num_add(a, t);
}

/* ---- reference ChaCha20-Poly1305 (RFC 8439 2.8) ----------------------------------------------------------- */

static void ref_aead_seal(const uint8_t key[32], const uint8_t nonce[12], const uint8_t *aad, size_t aadlen,
                          const uint8_t *pt, size_t len, uint8_t *out)
{
    uint32_t st[16];
    uint8_t otk[32];
    ref_state(st, key, 0, nonce, 12);
    ref_xor(st, 20, 0, NULL, otk, 32); /* poly1305_key_gen: the first 32 bytes of block 0 */
    ref_state(st, key, 1, nonce, 12);
    ref_xor(st, 20, 0, pt, out, len);
    size_t apad = (16 - aadlen % 16) % 16, cpad = (16 - len % 16) % 16;
    size_t n = aadlen + apad + len + cpad + 16;
    uint8_t *mac_data = calloc(n, 1);
    memcpy(mac_data, aad, aadlen);
    memcpy(mac_data + aadlen + apad, out, len);
    for (int i = 0; i < 8; i++) {
        mac_data[n - 16 + i] = (uint8_t)((uint64_t)aadlen >> (8 * i));
        mac_data[n - 8 + i] = (uint8_t)((uint64_t)len >> (8 * i));
    }
    ref_poly1305(otk, mac_data, n, out + len);
    free(mac_data);
}

/* ---- what is tested: the portable row first, then every other row that runs here ------------------------- */

static const jc_backend *rows[8];
static int nrows;

static void find_rows(void)
{
    rows[nrows++] = jc_backend_find("portable");
    for (int i = 0; i < jc_backend_count(); i++) {
        const jc_backend *b = jc_backend_at(i);
        if (strcmp(b->name, "portable") != 0 && jc_backend_available(b->name, NULL))
            rows[nrows++] = b;
    }
    for (int i = 0; i < nrows; i++)
        printf("row %s: poly1305 %s\n", rows[i]->name, jc_backend_poly_kernel(rows[i]));
}

static void hchacha_of(const jc_backend *b, const uint8_t key[32], const uint8_t in[16], int rounds, uint8_t out[32])
{
    uint32_t k[8], n[4], o[8];
    for (int i = 0; i < 8; i++)
        k[i] = get32(key + 4 * i);
    for (int i = 0; i < 4; i++)
        n[i] = get32(in + 4 * i);
    b->hchacha_fn(k, n, rounds, o);
    for (int i = 0; i < 8; i++)
        put32(out + 4 * i, o[i]);
}

/* ---- known answers: the references first, the library's portable code and every row with them ------------ */

static const char LADIES[] = "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the "
                             "future, sunscreen would be it.";

struct stream_kat {
    const char *name, *key, *nonce; /* 12-byte nonce: IETF, 8-byte: original */
    uint64_t counter;
    int rounds;
    const char *plain; /* NULL: keystream */
    const char *expect;
};

static const struct stream_kat stream_kats[] = {
    {"RFC 8439 2.3.2", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "000000090000004a00000000",
     1, 20, NULL,
     "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4ed2826446079faa0914c2d705d98b02a2"
     "b5129cd1de164eb9cbd083e8a2503c4e"},
    {"RFC 8439 2.4.2", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "000000000000004a00000000",
     1, 20, LADIES,
     "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c5524733ab8f593dabcd62b357"
     "1639d624e65152ab8f530c359f0861d807ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
     "5af90bbf74a35be6b40b8eedf2785e42874d"},
    {"RFC 8439 A.1 #1 and #2", "0000000000000000000000000000000000000000000000000000000000000000",
     "000000000000000000000000", 0, 20, NULL,
     "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7da41597c5157488d7724e03fb8d84a37"
     "6a43b8f41518a11cc387b669b2ee6586"
     "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed29b721769ce64e43d57133b074d839d5"
     "31ed1f28510afb45ace10a1f4b794d6f"},
    {"RFC 8439 A.1 #4", "00ff000000000000000000000000000000000000000000000000000000000000", "000000000000000000000000",
     2, 20, NULL,
     "72d54dfbf12ec44b362692df94137f328fea8da73990265ec1bbbea1ae9af0ca13b25aa26cb4a648cb9b9d1be65b2c09"
     "24a66c54d545ec1b7374f4872e99f096"},
    {"RFC 8439 A.1 #5", "0000000000000000000000000000000000000000000000000000000000000000", "000000000000000000000002",
     0, 20, NULL,
     "c2c64d378cd536374ae204b9ef933fcd1a8b2288b3dfa49672ab765b54ee27c78a970e0e955c14f3a88e741b97c286f7"
     "5f8fc299e8148362fa198a39531bed6d"},
    /* draft-strombergson-chacha-test-vectors, 256-bit keys: TC1, TC4, TC7, TC8 at 8 and 12 rounds */
    {"strombergson TC1/8", "0000000000000000000000000000000000000000000000000000000000000000", "0000000000000000", 0, 8,
     NULL,
     "3e00ef2f895f40d67f5bb8e81f09a5a12c840ec3ce9a7f3b181be188ef711a1e984ce172b9216f419f445367456d5619"
     "314a42a3da86b001387bfdb80e0cfe42"},
    {"strombergson TC1/12", "0000000000000000000000000000000000000000000000000000000000000000", "0000000000000000", 0,
     12, NULL,
     "9bf49a6a0755f953811fce125f2683d50429c3bb49e074147e0089a52eae155f0564f879d27ae3c02ce82834acfa8c79"
     "3a629f2ca0de6919610be82f411326be"},
    {"strombergson TC4/8", "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", "ffffffffffffffff", 0, 8,
     NULL,
     "e163bbf8c9a739d18925ee8362dad2cdc973df05225afb2aa26396f2a9849a4a445e0547d31c1623c537df4ba85c70a9"
     "884a35bcbf3dfab077e98b0f68135f54"},
    {"strombergson TC4/12", "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", "ffffffffffffffff", 0,
     12, NULL,
     "04bf88dae8e47a228fa47b7e6379434ba664a7d28f4dab84e5f8b464add20c3acaa69c5ab221a23a57eb5f345c96f4d1"
     "322d0a2ff7a9cd43401cd536639a615a"},
    {"strombergson TC7/8", "00112233445566778899aabbccddeeffffeeddccbbaa99887766554433221100", "0f1e2d3c4b5a6978", 0, 8,
     NULL,
     "db43ad9d1e842d1272e4530e276b3f568f8859b3f7cf6d9d2c74fa53808cb5157a8ebf46ad3dcc4b6c7dadde131784b0"
     "120e0e22f6d5f9ffa7407d4a21b695d9"},
    {"strombergson TC7/12", "00112233445566778899aabbccddeeffffeeddccbbaa99887766554433221100", "0f1e2d3c4b5a6978", 0,
     12, NULL,
     "7ed12a3a63912ae941ba6d4c0d5e862e568b0e5589346935505f064b8c2698dbf7d850667d8e67be639f3b4f6a16f92e"
     "65ea80f6c7429445da1fc2c1b9365040"},
    {"strombergson TC8/8", "c46ec1b18ce8a878725a37e780dfb7351f68ed2e194c79fbc6aebee1a667975d", "1ada31d5cf688221", 0, 8,
     NULL,
     "838751b42d8ddd8a3d77f48825a2ba752cf4047cb308a5978ef274973be374c96ad848065871417b08f034e681fe46a9"
     "3f7d5c61d1306614d4aaf257a7cff08b"},
    {"strombergson TC8/12", "c46ec1b18ce8a878725a37e780dfb7351f68ed2e194c79fbc6aebee1a667975d", "1ada31d5cf688221", 0,
     12, NULL,
     "1482072784bc6d06b4e73bdc118bc0103c7976786ca918e06986aa251f7e9cc1b2749a0a16ee83b4242d2e99b08d7c20"
     "092b80bc466c87283b61b1b39d0ffbab"},
    {"strombergson TC8/20", "c46ec1b18ce8a878725a37e780dfb7351f68ed2e194c79fbc6aebee1a667975d", "1ada31d5cf688221", 0,
     20, NULL,
     "f63a89b75c2271f9368816542ba52f06ed49241792302b00b5e8f80ae9a473afc25b218f519af0fdd406362e8d69de7f"
     "54c604a6e00f353f110f771bdca8ab92e5fbc34e60a1d9a9db17345b0a402736853bf910b060bdf1f897b6290f01d138"
     "ae2c4c90225ba9ea14d518f55929dea098ca7a6ccfe61227053c84e49a4a3332"},
};

static void test_stream_kats(void)
{
    for (size_t k = 0; k < sizeof stream_kats / sizeof stream_kats[0]; k++) {
        const struct stream_kat *v = &stream_kats[k];
        uint8_t key[32], nonce[12], expect[256], got[256];
        uint32_t st[16];
        unhex(v->key, key);
        int nlen = (int)unhex(v->nonce, nonce);
        size_t n = unhex(v->expect, expect);
        ref_state(st, key, v->counter, nonce, nlen);
        ref_xor(st, v->rounds, nlen == 8, (const uint8_t *)v->plain, got, n);
        CHECK(memcmp(got, expect, n) == 0, "reference: %s", v->name);
        for (int r = 0; r < nrows; r++) {
            memset(got, 0, sizeof got);
            rows[r]->xor_fn(st, v->rounds, nlen == 8, (const uint8_t *)v->plain, got, n);
            CHECK(memcmp(got, expect, n) == 0, "%s: %s", rows[r]->name, v->name);
        }
    }
}

static void test_hchacha_kat(void)
{
    uint8_t key[32], in[16], expect[32], got[32];
    unhex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", key);
    unhex("000000090000004a0000000031415927", in);
    unhex("82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc", expect);
    ref_hchacha(key, in, 20, got);
    CHECK(memcmp(got, expect, 32) == 0, "reference: HChaCha20 (XChaCha draft 2.2.1)");
    for (int r = 0; r < nrows; r++) {
        hchacha_of(rows[r], key, in, 20, got);
        CHECK(memcmp(got, expect, 32) == 0, "%s: HChaCha20 (XChaCha draft 2.2.1)", rows[r]->name);
    }
}

/* RFC 8439 2.5.2 and A.3 #1-#11: {key, message (hex, or text after '='), tag}. */
static const char *const poly_kats[][3] = {
    {"85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b", "=Cryptographic Forum Research Group",
     "a8061dc1305136c6c22b8baf0c0127a9"},
    {"0000000000000000000000000000000000000000000000000000000000000000",
     "0000000000000000000000000000000000000000000000000000000000000000"
     "0000000000000000000000000000000000000000000000000000000000000000",
     "00000000000000000000000000000000"},
    {"0000000000000000000000000000000036e5f6b5c5e06070f0efca96227a863e",
     "=Any submission to the IETF intended by the Contributor for publication as all or part of an IETF "
     "Internet-Draft or RFC and any statement made within the context of an IETF activity is considered an "
     "\"IETF Contribution\". Such statements include oral statements in IETF sessions, as well as written and "
     "electronic communications made at any time or place, which are addressed to",
     "36e5f6b5c5e06070f0efca96227a863e"},
    {"36e5f6b5c5e06070f0efca96227a863e00000000000000000000000000000000",
     "=Any submission to the IETF intended by the Contributor for publication as all or part of an IETF "
     "Internet-Draft or RFC and any statement made within the context of an IETF activity is considered an "
     "\"IETF Contribution\". Such statements include oral statements in IETF sessions, as well as written and "
     "electronic communications made at any time or place, which are addressed to",
     "f3477e7cd95417af89a6b8794c310cf0"},
    {"1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
     "='Twas brillig, and the slithy toves\nDid gyre and gimble in the wabe:\nAll mimsy were the borogoves,\n"
     "And the mome raths outgrabe.",
     "4541669a7eaaee61e708dc7cbcc5eb62"},
    {"0200000000000000000000000000000000000000000000000000000000000000", "ffffffffffffffffffffffffffffffff",
     "03000000000000000000000000000000"},
    {"02000000000000000000000000000000ffffffffffffffffffffffffffffffff", "02000000000000000000000000000000",
     "03000000000000000000000000000000"},
    {"0100000000000000000000000000000000000000000000000000000000000000",
     "fffffffffffffffffffffffffffffffff0ffffffffffffffffffffffffffffff11000000000000000000000000000000",
     "05000000000000000000000000000000"},
    {"0100000000000000000000000000000000000000000000000000000000000000",
     "fffffffffffffffffffffffffffffffffbfefefefefefefefefefefefefefefe01010101010101010101010101010101",
     "00000000000000000000000000000000"},
    {"0200000000000000000000000000000000000000000000000000000000000000", "fdffffffffffffffffffffffffffffff",
     "faffffffffffffffffffffffffffffff"},
    {"0100000000000000040000000000000000000000000000000000000000000000",
     "e33594d7505e43b900000000000000003394d7505e4379cd010000000000000000000000000000000000000000000000"
     "01000000000000000000000000000000",
     "14000000000000005500000000000000"},
    {"0100000000000000040000000000000000000000000000000000000000000000",
     "e33594d7505e43b900000000000000003394d7505e4379cd010000000000000000000000000000000000000000000000",
     "13000000000000000000000000000000"},
};

/*
 * The library keeps a Poly1305 accumulator in radix 2^44 between calls (limbs below 2^45) and its scalar core works
 * in radix 2^64. The conversion must keep the value mod p and leave at most 4 above 2^128 (the core's bound), for
 * edge limbs, including those whose carries ripple through both 64-bit words, and random ones.
 */
static void test_poly_radix(void)
{
    static const uint64_t v[] = {0,
                                 1,
                                 5,
                                 (1ull << 40) - 1,
                                 (1ull << 42) - 1,
                                 1ull << 42,
                                 (1ull << 42) + (1ull << 40) - 1,
                                 (1ull << 44) - 1,
                                 1ull << 44,
                                 (1ull << 44) + 4,
                                 (1ull << 45) - 1};
    const int nv = (int)(sizeof v / sizeof v[0]);
    long bad = 0;
    for (int n = 0; n < nv * nv * nv + 100000; n++) {
        uint64_t h44[3], h64[3];
        for (int i = 0; i < 3; i++)
            h44[i] = n < nv * nv * nv ? v[n /
                                          (i == 0   ? 1
                                           : i == 1 ? nv
                                                    : nv * nv) %
                                          nv]
                                      : ((uint64_t)rnd() << 32 | rnd()) & ((1ull << 45) - 1);
        jc_poly1305_from44(h44, h64);
        uint32_t x[N] = {0}, y[N] = {0};
        for (int i = 0; i < 3; i++) {
            num_add_word(x, h44[i], 44 * i);
            num_add_word(y, h64[i], 64 * i);
        }
        num_mod_p(x);
        num_mod_p(y);
        if ((memcmp(x, y, sizeof x) != 0 || h64[2] > 4) && bad++ < 5)
            CHECK(0, "radix 2^44 -> 2^64: %llx %llx %llx", (unsigned long long)h44[0], (unsigned long long)h44[1],
                  (unsigned long long)h44[2]);
    }
    CHECK(bad == 0, "radix 2^44 -> 2^64 conversion: %ld wrong", bad);
}

static void test_poly_kats(void)
{
    for (size_t k = 0; k < sizeof poly_kats / sizeof poly_kats[0]; k++) {
        uint8_t key[32], msg[512], expect[16], tag[16];
        unhex(poly_kats[k][0], key);
        size_t n;
        if (poly_kats[k][1][0] == '=') {
            n = strlen(poly_kats[k][1] + 1);
            memcpy(msg, poly_kats[k][1] + 1, n);
        } else {
            n = unhex(poly_kats[k][1], msg);
        }
        unhex(poly_kats[k][2], expect);
        ref_poly1305(key, msg, n, tag);
        CHECK(memcmp(tag, expect, 16) == 0, "reference: Poly1305 vector %zu", k);
        for (int r = 0; r < nrows; r++) {
            jc_poly1305_auth(rows[r]->poly_blocks, tag, msg, n, key);
            CHECK(memcmp(tag, expect, 16) == 0, "%s: Poly1305 vector %zu", rows[r]->name, k);
        }
    }
    /* RFC 8439 2.6.2 and A.4: the one-time key is the first 32 bytes of block 0 */
    static const char *const keygen[][3] = {
        {"808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f", "000000000001020304050607",
         "8ad5a08b905f81cc815040274ab29471a833b637e3fd0da508dbb8e2fdd1a646"},
        {"0000000000000000000000000000000000000000000000000000000000000001", "000000000000000000000002",
         "ecfa254f845f647473d3cb140da9e87606cb33066c447b87bc2666dde3fbb739"},
        {"1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0", "000000000000000000000002",
         "965e3bc6f9ec7ed9560808f4d229f94b137ff275ca9b3fcbdd59deaad23310ae"},
    };
    for (size_t k = 0; k < 3; k++) {
        uint8_t key[32], nonce[12], expect[32], got[32];
        uint32_t st[16];
        unhex(keygen[k][0], key);
        unhex(keygen[k][1], nonce);
        unhex(keygen[k][2], expect);
        ref_state(st, key, 0, nonce, 12);
        ref_xor(st, 20, 0, NULL, got, 32);
        CHECK(memcmp(got, expect, 32) == 0, "reference: Poly1305 key generation %zu", k);
    }
}

/* RFC 8439 2.8.2 (seal) and A.5 (open), and XChaCha draft A.3.1 (HChaCha20 subkey, then the IETF AEAD). */
static void test_aead_kats(void)
{
    static uint8_t key[32], nonce[24], aad[16], pt[300], ct[300], tag[16], got[320], back[300];
    uint32_t st[16];
    /* 2.8.2 */
    unhex("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f", key);
    unhex("070000004041424344454647", nonce);
    unhex("50515253c0c1c2c3c4c5c6c7", aad);
    size_t n = strlen(LADIES);
    memcpy(pt, LADIES, n);
    unhex("d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b"
          "1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
          "3ff4def08e4b7a9de576d26586cec64b6116",
          ct);
    unhex("1ae10b594f09e26a7e902ecbd0600691", tag);
    ref_aead_seal(key, nonce, aad, 12, pt, n, got);
    CHECK(memcmp(got, ct, n) == 0 && memcmp(got + n, tag, 16) == 0, "reference: RFC 8439 2.8.2");
    ref_state(st, key, 0, nonce, 12);
    for (int r = 0; r < nrows; r++) {
        memset(got, 0, sizeof got);
        jc_aead_seal(rows[r], st, aad, 12, pt, n, got);
        CHECK(memcmp(got, ct, n) == 0 && memcmp(got + n, tag, 16) == 0, "%s: RFC 8439 2.8.2 seal", rows[r]->name);
    }
    /* A.5 */
    unhex("1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0", key);
    unhex("000000000102030405060708", nonce);
    unhex("f33388860000000000004e91", aad);
    n = unhex("64a0861575861af460f062c79be643bd5e805cfd345cf389f108670ac76c8cb24c6cfc18755d43eea09ee94e382d26b0"
              "bdb7b73c321b0100d4f03b7f355894cf332f830e710b97ce98c8a84abd0b948114ad176e008d33bd60f982b1ff37c855"
              "9797a06ef4f0ef61c186324e2b3506383606907b6a7c02b0f9f6157b53c867e4b9166c767b804d46a59b5216cde7a4e9"
              "9040c5a40433225ee282a1b0a06c523eaf4534d7f83fa1155b0047718cbc546a0d072b04b3564eea1b422273f548271a"
              "0bb2316053fa76991955ebd63159434ecebb4e466dae5a1073a6727627097a1049e617d91d361094fa68f0ff77987130"
              "305beaba2eda04df997b714d6c6f2c29a6ad5cb4022b02709beead9d67890cbb22392336fea1851f38",
              ct) -
        16;
    unhex("496e7465726e65742d4472616674732061726520647261667420646f63756d656e74732076616c696420666f72206120"
          "6d6178696d756d206f6620736978206d6f6e74687320616e64206d617920626520757064617465642c207265706c6163"
          "65642c206f72206f62736f6c65746564206279206f7468657220646f63756d656e747320617420616e792074696d652e"
          "20497420697320696e617070726f70726961746520746f2075736520496e7465726e65742d4472616674732061732072"
          "65666572656e6365206d6174657269616c206f7220746f2063697465207468656d206f74686572207468616e20617320"
          "2fe2809c776f726b20696e2070726f67726573732e2fe2809d",
          pt);
    ref_aead_seal(key, nonce, aad, 12, pt, n, got);
    CHECK(memcmp(got, ct, n + 16) == 0, "reference: RFC 8439 A.5");
    ref_state(st, key, 0, nonce, 12);
    for (int r = 0; r < nrows; r++) {
        memset(back, 0, sizeof back);
        CHECK(jc_aead_open(rows[r], st, aad, 12, ct, n, back) == 1 && memcmp(back, pt, n) == 0, "%s: RFC 8439 A.5 open",
              rows[r]->name);
    }
    /* XChaCha draft A.3.1 */
    unhex("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f", key);
    unhex("404142434445464748494a4b4c4d4e4f5051525354555657", nonce);
    unhex("50515253c0c1c2c3c4c5c6c7", aad);
    n = strlen(LADIES);
    memcpy(pt, LADIES, n);
    unhex("bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb731c7f1b0b4aa6440bf3a82f4eda7e39"
          "ae64c6708c54c216cb96b72e1213b4522f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff9"
          "21f9664c97637da9768812f615c68b13b52ec0875924c1c7987947deafd8780acf49",
          ct);
    uint8_t sub[32], subnonce[12] = {0};
    memcpy(subnonce + 4, nonce + 16, 8);
    ref_hchacha(key, nonce, 20, sub);
    ref_aead_seal(sub, subnonce, aad, 12, pt, n, got);
    CHECK(memcmp(got, ct, n + 16) == 0, "reference: XChaCha20-Poly1305 draft A.3.1");
    for (int r = 0; r < nrows; r++) {
        hchacha_of(rows[r], key, nonce, 20, sub);
        ref_state(st, sub, 0, subnonce, 12);
        memset(got, 0, sizeof got);
        jc_aead_seal(rows[r], st, aad, 12, pt, n, got);
        CHECK(memcmp(got, ct, n + 16) == 0, "%s: XChaCha20-Poly1305 draft A.3.1", rows[r]->name);
    }
}

/* ---- the library against the references --------------------------------------------------------------- */

static void test_stream(const jc_backend *b, int all_lengths)
{
    enum { MAX = 600 };
    static const size_t long_lengths[] = {1024, 4096 + 1, 9000};
    static uint8_t in[9000 + 8], want[9000], got[9000 + 16];
    long bad = 0, cases = 0;
    static const int rounds_list[] = {20, 12, 8};
    for (int ri = 0; ri < 3; ri++) {
        int rounds = rounds_list[ri];
        for (int c64 = 0; c64 < 2; c64++) {
            /* 32-bit: 0 and near the top (no wrap within a call); 64-bit: 0, a carry into word 13, near 2^64 */
            const uint64_t counters32[] = {0, 0xffffffffu - 160};
            const uint64_t counters64[] = {0, 0xffffffffu - 3, 0xfedcba9876543210ull, ~(uint64_t)0 - 160};
            int ncounters = c64 ? 4 : 2;
            for (int ci = 0; ci < ncounters; ci++) {
                uint64_t counter = c64 ? counters64[ci] : counters32[ci];
                uint8_t key[32], nonce[12];
                uint32_t st[16];
                fill(key, 32);
                fill(nonce, 12);
                ref_state(st, key, counter, nonce, c64 ? 8 : 12);
                for (size_t len = 0; len <= MAX + 3; len++) {
                    size_t n = len <= MAX ? len : long_lengths[len - MAX - 1];
                    if (!all_lengths && n <= MAX && n % 64 > 2 && n % 64 < 62 && n % 7 != 0)
                        continue;
                    if (!c64 && ci == 1 && n > 160 * 64)
                        continue;
                    size_t off = 1 + n % 7;
                    fill(in, n + off);
                    ref_xor(st, rounds, c64, in + off, want, n);
                    /* out of place at an odd offset, with guard bytes */
                    memset(got, 0xa5, sizeof got);
                    b->xor_fn(st, rounds, c64, in + off, got + 3, n);
                    int ok = memcmp(got + 3, want, n) == 0 && got[0] == 0xa5 && got[1] == 0xa5 && got[2] == 0xa5 &&
                             got[n + 3] == 0xa5;
                    /* in place, and raw keystream */
                    b->xor_fn(st, rounds, c64, in + off, in + off, n);
                    ok &= memcmp(in + off, want, n) == 0;
                    b->xor_fn(st, rounds, c64, NULL, got, n);
                    ref_xor(st, rounds, c64, NULL, want, n);
                    ok &= memcmp(got, want, n) == 0;
                    cases++;
                    if (!ok && bad++ < 5)
                        CHECK(0, "%s: ChaCha%d, %s counter %llu, %zu bytes", b->name, rounds, c64 ? "64-bit" : "32-bit",
                              (unsigned long long)counter, n);
                }
            }
        }
    }
    CHECK(bad == 0, "%s: %ld of %ld ChaCha cases differ from the reference", b->name, bad, cases);
}

static void test_hchacha(const jc_backend *b)
{
    long bad = 0;
    for (int i = 0; i < 300; i++) {
        uint8_t key[32], in[16], want[32], got[32];
        fill(key, 32);
        fill(in, 16);
        if (i == 0) {
            memset(key, 0xff, 32);
            memset(in, 0xff, 16);
        }
        static const int rounds_list[] = {20, 12, 8};
        for (int r = 0; r < 3; r++) {
            ref_hchacha(key, in, rounds_list[r], want);
            hchacha_of(b, key, in, rounds_list[r], got);
            if (memcmp(want, got, 32) != 0 && bad++ < 5)
                CHECK(0, "%s: HChaCha%d, case %d", b->name, rounds_list[r], i);
        }
    }
    CHECK(bad == 0, "%s: %ld HChaCha cases differ from the reference", b->name, bad);
}

/* Edge keys: r with every clamp bit (key bytes 0xff) with s = 2^128 - 1 or 0; r = 1 (h is the plain sum of the
 * blocks: two blocks of 0xff bring it to 2^130 - 2, which only the final subtraction of p reduces); r = 0. */
static void edge_key(int which, uint8_t key[32])
{
    memset(key, 0, 32);
    switch (which) {
        // clang-format off
    case 0: memset(key, 0xff, 32); break;
    case 1: memset(key, 0xff, 16); break;
    case 2: key[0] = 1; memset(key + 16, 0xff, 16); break;
    case 3: key[0] = 1; break;
    case 4: memset(key + 16, 0xff, 16); break;
    default: fill(key, 32); break;
        // clang-format on
    }
}

static void test_poly1305(const jc_backend *b)
{
    enum { MAX = 1100 };
    static uint8_t msg[MAX + 16];
    long bad = 0, cases = 0;
    for (int k = 0; k < 7; k++) {
        for (int mode = 0; mode < 2; mode++) {
            for (size_t len = 0; len <= MAX; len++) {
                uint8_t key[32], want[16], got[16];
                edge_key(k, key);
                if (mode == 0)
                    memset(msg, 0xff, len);
                else
                    fill(msg, len);
                ref_poly1305(key, msg, len, want);
                jc_poly1305_auth(b->poly_blocks, got, msg, len, key);
                int ok = memcmp(want, got, 16) == 0;
                /* the same in pieces: 1 byte, then 15, then the rest */
                jc_poly1305 st;
                jc_poly1305_init(&st, key, b->poly_blocks);
                size_t a = len < 1 ? len : 1, c = len - a < 15 ? len - a : 15;
                jc_poly1305_update(&st, msg, a);
                jc_poly1305_update(&st, msg + a, c);
                jc_poly1305_update(&st, msg + a + c, len - a - c);
                jc_poly1305_finish(&st, got);
                ok &= memcmp(want, got, 16) == 0;
                cases++;
                if (!ok && bad++ < 5)
                    CHECK(0, "%s: Poly1305 key %d, %s, %zu bytes", b->name, k, mode ? "random" : "all 0xff", len);
            }
        }
    }
    CHECK(bad == 0, "%s: %ld of %ld Poly1305 cases differ from the reference", b->name, bad, cases);
}

static void test_aead(const jc_backend *b)
{
    enum { MAX = 1100 }; /* past every row's short-path limits (aead.h) and the chunked path's 512-byte groups */
    static const size_t long_lengths[] = {4096 + 1, 8192 + 63, 20000};
    static uint8_t pt[20000 + 1], want[20000 + 16], got[20000 + 17], back[20000 + 1];
    long bad = 0, cases = 0;
    for (size_t i = 0; i <= MAX + 3; i++) {
        size_t len = i <= MAX ? i : long_lengths[i - MAX - 1];
        uint8_t key[32], nonce[12], aad[40];
        uint32_t st[16];
        size_t aadlen = i % 41;
        fill(key, 32);
        fill(nonce, 12);
        fill(aad, aadlen);
        fill(pt, len);
        ref_aead_seal(key, nonce, aad, aadlen, pt, len, want);
        ref_state(st, key, 0, nonce, 12);
        memset(got, 0xa5, len + 17);
        jc_aead_seal(b, st, aad, aadlen, pt, len, got);
        int ok = memcmp(got, want, len + 16) == 0 && got[len + 16] == 0xa5;
        memset(back, 0xa5, len + 1);
        ok &= jc_aead_open(b, st, aad, aadlen, want, len, back) == 1 && memcmp(back, pt, len) == 0 && back[len] == 0xa5;
        want[len + (i % 16)] ^= 1; /* a forged tag: refused, the plaintext it wrote zeroed, nothing past it touched */
        memset(back, 0xa5, len + 1);
        ok &= jc_aead_open(b, st, aad, aadlen, want, len, back) == 0 && back[len] == 0xa5;
        for (size_t j = 0; j < len; j++)
            ok &= back[j] == 0;
        cases++;
        if (!ok && bad++ < 5)
            CHECK(0, "%s: ChaCha20-Poly1305, %zu bytes, aad %zu", b->name, len, aadlen);
    }
    CHECK(bad == 0, "%s: %ld of %ld AEAD cases differ from the reference", b->name, bad, cases);
}

int main(void)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    find_rows();
    test_stream_kats();
    test_hchacha_kat();
    test_poly_kats();
    test_poly_radix();
    test_aead_kats();
    for (int r = 0; r < nrows; r++) {
        long f0 = failed;
        test_stream(rows[r], r == 0);
        test_hchacha(rows[r]);
        test_poly1305(rows[r]);
        test_aead(rows[r]);
        printf("%-8s %s\n", rows[r]->name, failed == f0 ? "agrees with the references" : "DIFFERS");
    }
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed != 0;
}
