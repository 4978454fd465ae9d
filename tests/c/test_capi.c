// SPDX-License-Identifier: Apache-2.0
/*
 * The plain-C entry points of jchacha_capi.h (what the FFM bridge calls): for every backend this CPU runs, its
 * handle gives the bytes its kernels give when called directly, with the arrays passed whole and offsets into
 * them (the SSH packet calls against the portable kernels composed by the draft's recipe); and what C can check it
 * refuses with an error code, writing nothing (handles, rounds, negative lengths
 * and offsets, missing pointers). Java checks every range before a downcall, so these refusals are the last line,
 * not the first.
 */
#include "jchacha_capi.h"

#include "aead.h"
#include "ssh.h"

#include <string.h>

#define TEST_RNG_SEED 0x13198a2e03707344ull
#include "test_support.h"

#define FILL 0xa5

static int all_fill(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != FILL)
            return 0;
    return 1;
}

static int64_t rnd64(void)
{
    return (int64_t)(((uint64_t)rnd() << 32) | rnd());
}

static void test_xor(int32_t h, const jc_backend *b)
{
    static const int64_t lens[] = {0, 1, 63, 64, 65, 200, 511};
    uint8_t in[600], out[600], want[600];
    int64_t k[6];
    for (int i = 0; i < 6; i++)
        k[i] = rnd64();
    k[4] &= 0xffffffffll; /* counter: room for the blocks below, in either counter mode */
    uint32_t s[16];
    jc_state_from_pairs(s, k);
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        for (int64_t inoff = 0; inoff < 3; inoff++) {
            for (int64_t outoff = 0; outoff < 9; outoff += 4) {
                for (int keystream = 0; keystream < 2; keystream++) {
                    int64_t len = lens[li];
                    fill(in, sizeof in);
                    memset(out, FILL, sizeof out);
                    memset(want, FILL, sizeof want);
                    b->xor_fn(s, 20, keystream, keystream ? NULL : in + inoff, want + outoff, (size_t)len);
                    int32_t r = jc_capi_xor(h, k[0], k[1], k[2], k[3], k[4], k[5], 20, keystream, keystream ? NULL : in,
                                            inoff, out, outoff, len);
                    CHECK(r == JC_CAPI_OK && memcmp(out, want, sizeof out) == 0,
                          "%s xor len %lld in+%lld out+%lld keystream %d: %d", b->name, (long long)len,
                          (long long)inoff, (long long)outoff, keystream, r);
                }
            }
        }
    }
    struct {
        int32_t handle, rounds;
        int64_t inoff, outoff, len;
        int null_out, want;
    } bad[] = {
        {-1, 20, 0, 0, 16, 0, JC_CAPI_BAD_HANDLE},   {1000, 20, 0, 0, 16, 0, JC_CAPI_BAD_HANDLE},
        {h, 7, 0, 0, 16, 0, JC_CAPI_BAD_ARGUMENT},   {h, 20, -1, 0, 16, 0, JC_CAPI_BAD_ARGUMENT},
        {h, 20, 0, -1, 16, 0, JC_CAPI_BAD_ARGUMENT}, {h, 20, 0, 0, -1, 0, JC_CAPI_BAD_ARGUMENT},
        {h, 20, 0, 0, 16, 1, JC_CAPI_BAD_ARGUMENT},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(out, FILL, sizeof out);
        int32_t r = jc_capi_xor(bad[i].handle, k[0], k[1], k[2], k[3], k[4], k[5], bad[i].rounds, 0, in, bad[i].inoff,
                                bad[i].null_out ? NULL : out + 8, bad[i].outoff, bad[i].len);
        CHECK(r == bad[i].want && all_fill(out, sizeof out), "%s xor refusal %zu: %d, want %d", b->name, i, r,
              bad[i].want);
    }
}

/* jc_capi_xor_bytes against a byte loop at every length to 300 (each vector width's steps, words and bytes), at
 * offsets, in place; refusals write nothing. */
static void test_xor_bytes(int32_t h, const jc_backend *be)
{
    uint8_t a[320], b[320], out[320], want[320];
    for (int64_t len = 0; len <= 300; len++) {
        for (int64_t aoff = 0; aoff < 3; aoff++) {
            for (int64_t boff = 0; boff < 5; boff += 2) {
                for (int inplace = 0; inplace < 2; inplace++) {
                    int64_t outoff = inplace ? aoff : 7;
                    fill(a, sizeof a);
                    fill(b, sizeof b);
                    memset(out, FILL, sizeof out);
                    memcpy(want, inplace ? a : out, sizeof want);
                    for (int64_t i = 0; i < len; i++)
                        want[outoff + i] = (uint8_t)(a[aoff + i] ^ b[boff + i]);
                    uint8_t *dst = inplace ? a : out;
                    int32_t r = jc_capi_xor_bytes(h, a, aoff, b, boff, dst, outoff, len);
                    CHECK(r == JC_CAPI_OK && memcmp(dst, want, sizeof want) == 0,
                          "%s xor_bytes len %lld a+%lld b+%lld out+%lld in place %d: %d", be->name, (long long)len,
                          (long long)aoff, (long long)boff, (long long)outoff, inplace, r);
                }
            }
        }
    }
    struct {
        int32_t handle;
        int64_t aoff, boff, outoff, len;
        int null_arg, want;
    } bad[] = {
        {-1, 0, 0, 0, 16, 0, JC_CAPI_BAD_HANDLE},   {1000, 0, 0, 0, 16, 0, JC_CAPI_BAD_HANDLE},
        {h, -1, 0, 0, 16, 0, JC_CAPI_BAD_ARGUMENT}, {h, 0, -1, 0, 16, 0, JC_CAPI_BAD_ARGUMENT},
        {h, 0, 0, -1, 16, 0, JC_CAPI_BAD_ARGUMENT}, {h, 0, 0, 0, -1, 0, JC_CAPI_BAD_ARGUMENT},
        {h, 0, 0, 0, 16, 1, JC_CAPI_BAD_ARGUMENT},  {h, 0, 0, 0, 16, 2, JC_CAPI_BAD_ARGUMENT},
        {h, 0, 0, 0, 16, 3, JC_CAPI_BAD_ARGUMENT},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(out, FILL, sizeof out);
        int32_t r = jc_capi_xor_bytes(bad[i].handle, bad[i].null_arg == 1 ? NULL : a, bad[i].aoff,
                                      bad[i].null_arg == 2 ? NULL : b, bad[i].boff,
                                      bad[i].null_arg == 3 ? NULL : out + 8, bad[i].outoff, bad[i].len);
        CHECK(r == bad[i].want && all_fill(out, sizeof out), "%s xor_bytes refusal %zu: %d, want %d", be->name, i, r,
              bad[i].want);
    }
}

static void test_aead(int32_t h, const jc_backend *b)
{
    static const int64_t lens[] = {0, 15, 64, 200, 300};
    uint8_t aad[40], in[320], out[340], want[340], back[320];
    uint32_t state[16], key[16];
    for (int i = 0; i < 16; i++)
        state[i] = rnd();
    /* the C API reads words 0..11 and takes the nonce words apart: the rest of its array differs from the state */
    for (int i = 0; i < 16; i++)
        key[i] = i < 12 ? state[i] : ~state[i];
    const int32_t n0 = (int32_t)state[13], n1 = (int32_t)state[14], n2 = (int32_t)state[15];
    fill(aad, sizeof aad);
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        for (int64_t aadlen = 0; aadlen <= 13; aadlen += 13) {
            for (int64_t off = 0; off < 8; off += 3) { /* the AAD's, the input's and (times 2) the output's */
                int64_t len = lens[li];
                const uint8_t *a = aadlen > 0 ? aad : NULL;
                fill(in, sizeof in);
                memset(out, FILL, sizeof out);
                memset(want, FILL, sizeof want);
                jc_aead_seal(b, state, a == NULL ? NULL : a + off, (size_t)aadlen, in + off, (size_t)len,
                             want + 2 * off);
                int32_t r = jc_capi_aead_seal(h, key, n0, n1, n2, a, off, aadlen, in, off, len, out, 2 * off);
                CHECK(r == JC_CAPI_OK && memcmp(out, want, sizeof out) == 0, "%s seal len %lld aad %lld off %lld: %d",
                      b->name, (long long)len, (long long)aadlen, (long long)off, r);
                memset(back, FILL, sizeof back);
                r = jc_capi_aead_open(h, key, n0, n1, n2, a, off, aadlen, out, 2 * off, len, back, 1);
                CHECK(r == 1 && memcmp(back + 1, in + off, (size_t)len) == 0 && back[0] == FILL &&
                          all_fill(back + 1 + len, sizeof back - 1 - (size_t)len),
                      "%s open len %lld aad %lld off %lld: %d", b->name, (long long)len, (long long)aadlen,
                      (long long)off, r);
                out[2 * off + len] ^= 1; /* the tag's first byte */
                memset(back, FILL, sizeof back);
                r = jc_capi_aead_open(h, key, n0, n1, n2, a, off, aadlen, out, 2 * off, len, back, 1);
                int zeroed = 1;
                for (int64_t i = 0; i < len; i++)
                    zeroed &= back[1 + i] == 0;
                CHECK(r == 0 && zeroed, "%s forged open len %lld off %lld: %d", b->name, (long long)len, (long long)off,
                      r);
            }
        }
    }
    struct {
        int32_t handle;
        int null_state, null_aad, null_in, null_out;
        int64_t aadoff, aadlen, inoff, len, outoff;
        int want;
    } bad[] = {
        {-1, 0, 0, 0, 0, 0, 5, 0, 16, 0, JC_CAPI_BAD_HANDLE},   {1000, 0, 0, 0, 0, 0, 5, 0, 16, 0, JC_CAPI_BAD_HANDLE},
        {h, 1, 0, 0, 0, 0, 5, 0, 16, 0, JC_CAPI_BAD_ARGUMENT},  {h, 0, 1, 0, 0, 0, 5, 0, 16, 0, JC_CAPI_BAD_ARGUMENT},
        {h, 0, 0, 1, 0, 0, 5, 0, 16, 0, JC_CAPI_BAD_ARGUMENT},  {h, 0, 0, 0, 1, 0, 5, 0, 16, 0, JC_CAPI_BAD_ARGUMENT},
        {h, 0, 0, 0, 0, -1, 5, 0, 16, 0, JC_CAPI_BAD_ARGUMENT}, {h, 0, 0, 0, 0, 0, -1, 0, 16, 0, JC_CAPI_BAD_ARGUMENT},
        {h, 0, 0, 0, 0, 0, 5, -1, 16, 0, JC_CAPI_BAD_ARGUMENT}, {h, 0, 0, 0, 0, 0, 5, 0, -1, 0, JC_CAPI_BAD_ARGUMENT},
        {h, 0, 0, 0, 0, 0, 5, 0, 16, -1, JC_CAPI_BAD_ARGUMENT},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        for (int open = 0; open < 2; open++) {
            memset(out, FILL, sizeof out);
            const uint32_t *st = bad[i].null_state ? NULL : key;
            const uint8_t *a = bad[i].null_aad ? NULL : aad;
            const uint8_t *src = bad[i].null_in ? NULL : in;
            uint8_t *dst = bad[i].null_out ? NULL : out + 8;
            int32_t r = open ? jc_capi_aead_open(bad[i].handle, st, n0, n1, n2, a, bad[i].aadoff, bad[i].aadlen, src,
                                                 bad[i].inoff, bad[i].len, dst, bad[i].outoff)
                             : jc_capi_aead_seal(bad[i].handle, st, n0, n1, n2, a, bad[i].aadoff, bad[i].aadlen, src,
                                                 bad[i].inoff, bad[i].len, dst, bad[i].outoff);
            CHECK(r == bad[i].want && all_fill(out, sizeof out), "%s %s refusal %zu: %d, want %d", b->name,
                  open ? "open" : "seal", i, r, bad[i].want);
        }
    }
}

/* XChaCha20-Poly1305 through the C API: as jc_aead_seal/open under a state whose subkey the portable HChaCha20
 * derived here, for lengths on both sides of the short path; the key array's words 12..15 are not the nonce. */
static void test_xaead(int32_t h, const jc_backend *b)
{
    static const int64_t lens[] = {0, 17, 300, 1023, 1100};
    static uint8_t in[1100], out[1100 + 16], want[1100 + 16], back[1100];
    uint8_t aad[13];
    uint32_t key[16], state[16], x[4], sub[8];
    for (int i = 0; i < 16; i++)
        key[i] = rnd();
    for (int i = 0; i < 4; i++)
        x[i] = rnd();
    const int32_t n1 = (int32_t)rnd(), n2 = (int32_t)rnd();
    jc_hchacha_portable(key + 4, x, 20, sub);
    for (int i = 0; i < 16; i++)
        state[i] = i < 4 ? key[i] : i < 12 ? sub[i - 4] : 0;
    state[14] = (uint32_t)n1;
    state[15] = (uint32_t)n2;
    fill(aad, sizeof aad);
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        int64_t len = lens[li];
        fill(in, sizeof in);
        jc_aead_seal(jc_backend_at(0), state, aad, sizeof aad, in, (size_t)len, want);
        memset(out, FILL, sizeof out);
        int32_t r = jc_capi_xaead_seal(h, key, (int32_t)x[0], (int32_t)x[1], (int32_t)x[2], (int32_t)x[3], n1, n2, aad,
                                       0, sizeof aad, in, 0, len, out, 0);
        CHECK(r == JC_CAPI_OK && memcmp(out, want, (size_t)len + 16) == 0 &&
                  all_fill(out + len + 16, sizeof out - (size_t)len - 16),
              "%s xseal len %lld: %d", b->name, (long long)len, r);
        memset(back, FILL, sizeof back);
        r = jc_capi_xaead_open(h, key, (int32_t)x[0], (int32_t)x[1], (int32_t)x[2], (int32_t)x[3], n1, n2, aad, 0,
                               sizeof aad, want, 0, len, back, 0);
        CHECK(r == 1 && memcmp(back, in, (size_t)len) == 0, "%s xopen len %lld: %d", b->name, (long long)len, r);
        r = jc_capi_xaead_open(h, key, (int32_t)(x[0] ^ 1), (int32_t)x[1], (int32_t)x[2], (int32_t)x[3], n1, n2, aad, 0,
                               sizeof aad, want, 0, len, back, 0);
        int zeroed = 1;
        for (int64_t i = 0; i < len; i++)
            zeroed &= back[i] == 0;
        CHECK(r == 0 && zeroed, "%s xopen under another subkey len %lld: %d", b->name, (long long)len, r);
    }
    CHECK(jc_capi_xaead_seal(-1, key, 0, 0, 0, 0, 0, 0, NULL, 0, 0, in, 0, 16, out, 0) == JC_CAPI_BAD_HANDLE &&
              jc_capi_xaead_open(h, NULL, 0, 0, 0, 0, 0, 0, NULL, 0, 0, in, 0, 16, out, 0) == JC_CAPI_BAD_ARGUMENT,
          "%s xaead refusals", b->name);
}

/* An SSH packet sealed by the draft's recipe with the portable kernels, from a state built here: nonce bytes
 * 00000000 || BE64(seq), the length under the header key's block 0, the Poly1305 key from the main key's block 0,
 * the body from its block 1, the tag over encrypted length || encrypted body. */
static void ssh_reference(const uint32_t mk[16], const uint32_t hk[16], uint32_t seq, const uint8_t *in, size_t n,
                          uint8_t *out)
{
    const jc_backend *p = jc_backend_at(0);
    uint8_t nonce[12] = {
        0, 0, 0, 0, 0, 0, 0, 0, (uint8_t)(seq >> 24), (uint8_t)(seq >> 16), (uint8_t)(seq >> 8), (uint8_t)seq};
    uint32_t ms[16], hs[16];
    for (int i = 0; i < 12; i++) {
        ms[i] = mk[i];
        hs[i] = hk[i];
    }
    ms[12] = hs[12] = 0;
    for (int i = 0; i < 3; i++) {
        uint32_t w = (uint32_t)nonce[4 * i] | (uint32_t)nonce[4 * i + 1] << 8 | (uint32_t)nonce[4 * i + 2] << 16 |
                     (uint32_t)nonce[4 * i + 3] << 24;
        ms[13 + i] = hs[13 + i] = w;
    }
    uint8_t key[32];
    p->xor_fn(ms, 20, 0, NULL, key, 32);
    p->xor_fn(hs, 20, 0, in, out, 4);
    ms[12] = 1;
    p->xor_fn(ms, 20, 0, in + 4, out + 4, n);
    jc_poly1305_auth(NULL, out + 4 + n, out, 4 + n, key);
}

/* jc_capi_ssh_seal / _open: every body length around the stack path's end, the kernels' passes and the largest
 * packet, at sequence numbers 0, 1, 2^31 and 2^32 - 1, apart at offsets and in place; key arrays whose words 12..15
 * are garbage; a flipped bit anywhere refused with nothing written, in place too; refusals write nothing. */
static void test_ssh(int32_t h, const jc_backend *b)
{
    enum { MAX_BODY = JC_SSH_MAX_SEALED - 20, ROOM = JC_SSH_MAX_SEALED + 16 };
    static const int64_t lens[] = {0,    1,    11,   12,   13,   44,   60,    61,      192,  193,  200,
                                   255,  256,  384,  447,  448,  449,  450,   1000,    1024, 2043, 2044,
                                   2047, 2048, 2049, 2050, 4096, 8191, 32768, MAX_BODY}; /* 192/193, 448/449: xor_pair's
                                                                                            pass switch and end (ssh.c)
                                                                                          */
    static const uint32_t seqs[] = {0, 1, 0x80000000u, 0xffffffffu};
    static uint8_t in[ROOM], out[ROOM], want[ROOM], back[ROOM], one[ROOM];
    uint32_t mk[16], hk[16];
    for (int i = 0; i < 16; i++) {
        mk[i] = rnd();
        hk[i] = rnd();
    }
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        for (size_t si = 0; si < sizeof seqs / sizeof seqs[0]; si++) {
            int64_t n = lens[li], off = (int64_t)(li + si) % 5;
            uint32_t seq = seqs[si];
            fill(in, sizeof in);
            memset(out, FILL, sizeof out);
            memset(want, FILL, sizeof want);
            ssh_reference(mk, hk, seq, in + off, (size_t)n, want + 2 * off);
            int32_t r = jc_capi_ssh_seal(h, mk, hk, seq, in, off, n, out, 2 * off);
            CHECK(r == JC_CAPI_OK && memcmp(out, want, sizeof out) == 0, "%s ssh seal body %lld seq %u off %lld: %d",
                  b->name, (long long)n, seq, (long long)off, r);
            memset(back, FILL, sizeof back);
            r = jc_capi_ssh_open(h, mk, hk, seq, out, 2 * off, n, back, 3);
            CHECK(r == 1 && memcmp(back + 3, in + off, (size_t)n + 4) == 0 && all_fill(back, 3) &&
                      all_fill(back + 7 + n, sizeof back - 7 - (size_t)n),
                  "%s ssh open body %lld seq %u: %d", b->name, (long long)n, seq, r);
            /* in place, both ways */
            memcpy(one, in, sizeof one);
            r = jc_capi_ssh_seal(h, mk, hk, seq, one, off, n, one, off);
            CHECK(r == JC_CAPI_OK && memcmp(one + off, want + 2 * off, (size_t)n + 20) == 0,
                  "%s ssh seal in place body %lld seq %u: %d", b->name, (long long)n, seq, r);
            r = jc_capi_ssh_open(h, mk, hk, seq, one, off, n, one, off);
            CHECK(r == 1 && memcmp(one + off, in + off, (size_t)n + 4) == 0 &&
                      memcmp(one + off + n + 4, want + 2 * off + n + 4, 16) == 0,
                  "%s ssh open in place body %lld seq %u: %d", b->name, (long long)n, seq, r);
            /* one bit flipped in the length, the body's middle or last byte, or the tag: refused, nothing written */
            const int64_t at[] = {0, 3, 4 + n / 2, 3 + n, 4 + n, 19 + n};
            for (size_t ai = 0; ai < sizeof at / sizeof at[0]; ai++) {
                memcpy(one, want + 2 * off, (size_t)n + 20);
                one[at[ai]] ^= (uint8_t)(1u << (ai % 8));
                memcpy(back, one, (size_t)n + 20);
                memset(out, FILL, sizeof out);
                r = jc_capi_ssh_open(h, mk, hk, seq, one, 0, n, out, 1);
                CHECK(r == 0 && all_fill(out, sizeof out), "%s ssh forged open body %lld byte %lld: %d wrote", b->name,
                      (long long)n, (long long)at[ai], r);
                r = jc_capi_ssh_open(h, mk, hk, seq, one, 0, n, one, 0);
                CHECK(r == 0 && memcmp(one, back, (size_t)n + 20) == 0,
                      "%s ssh forged open in place body %lld byte %lld: %d wrote", b->name, (long long)n,
                      (long long)at[ai], r);
            }
            r = jc_capi_ssh_open(h, mk, hk, seq ^ 1, want, 2 * off, n, out, 0);
            CHECK(r == 0, "%s ssh open under another sequence number, body %lld: %d", b->name, (long long)n, r);
        }
    }
    struct {
        int32_t handle;
        int null_arg; /* 1 main key, 2 header key, 3 in, 4 out, 5 out overlapping in by one byte */
        int64_t seq, inoff, len, outoff;
        int want;
    } bad[] = {
        {-1, 0, 0, 0, 16, 0, JC_CAPI_BAD_HANDLE},
        {1000, 0, 0, 0, 16, 0, JC_CAPI_BAD_HANDLE},
        {h, 1, 0, 0, 16, 0, JC_CAPI_BAD_ARGUMENT},
        {h, 2, 0, 0, 16, 0, JC_CAPI_BAD_ARGUMENT},
        {h, 3, 0, 0, 16, 0, JC_CAPI_BAD_ARGUMENT},
        {h, 4, 0, 0, 16, 0, JC_CAPI_BAD_ARGUMENT},
        {h, 5, 0, 0, 16, 0, JC_CAPI_BAD_ARGUMENT},
        {h, 0, -1, 0, 16, 0, JC_CAPI_BAD_ARGUMENT},
        {h, 0, 0x100000000ll, 0, 16, 0, JC_CAPI_BAD_ARGUMENT},
        {h, 0, 0, -1, 16, 0, JC_CAPI_BAD_ARGUMENT},
        {h, 0, 0, 0, -1, 0, JC_CAPI_BAD_ARGUMENT},
        {h, 0, 0, 0, MAX_BODY + 1, 0, JC_CAPI_BAD_ARGUMENT},
        {h, 0, 0, 0, 16, -1, JC_CAPI_BAD_ARGUMENT},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        for (int open = 0; open < 2; open++) {
            memset(out, FILL, sizeof out);
            memcpy(in, want, 40); /* a packet sealed above could open: only the refusal stops it */
            const uint8_t *src = bad[i].null_arg == 3 ? NULL : bad[i].null_arg == 5 ? out + 9 : in;
            uint8_t *dst = bad[i].null_arg == 4 ? NULL : out + 8;
            int32_t r = (open ? jc_capi_ssh_open : jc_capi_ssh_seal)(bad[i].handle, bad[i].null_arg == 1 ? NULL : mk,
                                                                     bad[i].null_arg == 2 ? NULL : hk, bad[i].seq, src,
                                                                     bad[i].inoff, bad[i].len, dst, bad[i].outoff);
            CHECK(r == bad[i].want && all_fill(out, sizeof out), "%s ssh %s refusal %zu: %d, want %d", b->name,
                  open ? "open" : "seal", i, r, bad[i].want);
        }
    }
}

int main(void)
{
    jc_runnable_init();
    CHECK(jc_capi_abi_version() == JC_ABI_VERSION, "ABI version %d", jc_capi_abi_version());
    int ran = 0;
    for (int i = 0; i < jc_backend_count(); i++) {
        const jc_backend *b = jc_backend_at(i);
        int runs = jc_backend_available(b->name, NULL);
        CHECK(jc_runnable(i) == (runs ? b : NULL), "handle %d (%s): runnable %d", i, b->name, runs);
        if (!runs) {
            uint8_t out[16];
            memset(out, FILL, sizeof out);
            CHECK(jc_capi_xor(i, 0, 0, 0, 0, 0, 0, 20, 0, NULL, 0, out, 0, 16) == JC_CAPI_BAD_HANDLE &&
                      all_fill(out, sizeof out),
                  "handle %d (%s) cannot run here but was not refused", i, b->name);
            continue;
        }
        test_xor(i, b);
        test_xor_bytes(i, b);
        test_aead(i, b);
        test_xaead(i, b);
        test_ssh(i, b);
        ran++;
    }
    CHECK(ran >= 1, "no runnable backend");
    printf("%d backends; %ld passed, %ld failed\n", ran, passed, failed);
    return failed != 0;
}
