// SPDX-License-Identifier: Apache-2.0
/*
 * Kernel tests: known answers (RFC 8439 2.3.2, 2.4.2, A.1, A.2; draft-irtf-cfrg-xchacha 2.2.1 HChaCha20),
 * the portable kernel against an independent one-block reference written here, then every compiled-in and
 * available kernel against portable: every length n*64+t (n = 0..100, t = 0..63), rounds 8/12/20, 32- and
 * 64-bit counters (with carries across 2^32), raw keystream, out-of-place with odd offsets, in-place, guard
 * bytes around the output, and inputs/outputs that touch an inaccessible page on either side; the rows' xor_pair
 * (two states in one pass) against xor_fn of each.
 *
 * Prints "N passed, N failed" last; exit status 0 only when nothing failed.
 */
#include "jchacha.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(_WIN32)
#include <windows.h>
#else
#include <sys/mman.h>
#include <unistd.h>
#endif

#define TEST_RNG_SEED 0x9e3779b97f4a7c15ull
#include "test_support.h"

/* ---- helpers ---------------------------------------------------------------------------------------------- */

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* IETF state: 32-byte key, 32-bit counter, 12-byte nonce. */
static void ietf_state(uint32_t st[16], const uint8_t key[32], uint32_t counter, const uint8_t nonce[12])
{
    st[0] = 0x61707865;
    st[1] = 0x3320646e;
    st[2] = 0x79622d32;
    st[3] = 0x6b206574;
    for (int i = 0; i < 8; i++)
        st[4 + i] = le32(key + 4 * i);
    st[12] = counter;
    for (int i = 0; i < 3; i++)
        st[13 + i] = le32(nonce + 4 * i);
}

/* Independent reference: one block, straight from the RFC's description (array-indexed quarter rounds). */
static uint32_t rotl(uint32_t x, int n)
{
    return (x << n) | (x >> (32 - n));
}
static void ref_qr(uint32_t *x, int a, int b, int c, int d)
{
    x[a] += x[b];
    x[d] = rotl(x[d] ^ x[a], 16);
    x[c] += x[d];
    x[b] = rotl(x[b] ^ x[c], 12);
    x[a] += x[b];
    x[d] = rotl(x[d] ^ x[a], 8);
    x[c] += x[d];
    x[b] = rotl(x[b] ^ x[c], 7);
}
static void ref_permute(uint32_t x[16], int rounds)
{
    for (int r = 0; r < rounds; r += 2) {
        ref_qr(x, 0, 4, 8, 12);
        ref_qr(x, 1, 5, 9, 13);
        ref_qr(x, 2, 6, 10, 14);
        ref_qr(x, 3, 7, 11, 15);
        ref_qr(x, 0, 5, 10, 15);
        ref_qr(x, 1, 6, 11, 12);
        ref_qr(x, 2, 7, 8, 13);
        ref_qr(x, 3, 4, 9, 14);
    }
}
/* Block `blk` of a call with this state (64-bit counter when counter64). */
static void ref_block(const uint32_t st[16], int rounds, int counter64, uint64_t blk, uint8_t out[64])
{
    uint32_t x[16], in[16];
    memcpy(in, st, sizeof in);
    if (counter64) {
        uint64_t c = ((uint64_t)st[13] << 32 | st[12]) + blk;
        in[12] = (uint32_t)c;
        in[13] = (uint32_t)(c >> 32);
    } else {
        in[12] = st[12] + (uint32_t)blk;
    }
    memcpy(x, in, sizeof x);
    ref_permute(x, rounds);
    for (int i = 0; i < 16; i++) {
        uint32_t v = x[i] + in[i];
        out[4 * i] = (uint8_t)v;
        out[4 * i + 1] = (uint8_t)(v >> 8);
        out[4 * i + 2] = (uint8_t)(v >> 16);
        out[4 * i + 3] = (uint8_t)(v >> 24);
    }
}

/* ---- known answers ---------------------------------------------------------------------------------------- */

static const char LADIES[] = "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the "
                             "future, sunscreen would be it.";
static const char IETF[] =
    "Any submission to the IETF intended by the Contributor for publication as all or part of an IETF "
    "Internet-Draft or RFC and any statement made within the context of an IETF activity is considered an "
    "\"IETF Contribution\". Such statements include oral statements in IETF sessions, as well as written and "
    "electronic communications made at any time or place, which are addressed to";
static const char JABBER[] = "'Twas brillig, and the slithy toves\nDid gyre and gimble in the wabe:\nAll mimsy were "
                             "the borogoves,\nAnd the mome raths outgrabe.";

struct kat {
    const char *name, *key, *nonce;
    uint32_t counter;
    const char *plain; /* NULL: keystream (zero plaintext of the expected length) */
    const char *expect;
};

static const struct kat kats[] = {
    {"RFC 8439 2.3.2", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "000000090000004a00000000",
     1, NULL,
     "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4ed2826446079faa0914c2d705d98b02a2"
     "b5129cd1de164eb9cbd083e8a2503c4e"},
    {"RFC 8439 2.4.2", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "000000000000004a00000000",
     1, LADIES,
     "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c5524733ab8f593dabcd62b357"
     "1639d624e65152ab8f530c359f0861d807ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
     "5af90bbf74a35be6b40b8eedf2785e42874d"},
    {"RFC 8439 A.1 #1", "0000000000000000000000000000000000000000000000000000000000000000", "000000000000000000000000",
     0, NULL,
     "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7da41597c5157488d7724e03fb8d84a37"
     "6a43b8f41518a11cc387b669b2ee6586"},
    {"RFC 8439 A.1 #2", "0000000000000000000000000000000000000000000000000000000000000000", "000000000000000000000000",
     1, NULL,
     "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed29b721769ce64e43d57133b074d839d5"
     "31ed1f28510afb45ace10a1f4b794d6f"},
    {"RFC 8439 A.1 #3", "0000000000000000000000000000000000000000000000000000000000000001", "000000000000000000000000",
     1, NULL,
     "3aeb5224ecf849929b9d828db1ced4dd832025e8018b8160b82284f3c949aa5a8eca00bbb4a73bdad192b5c42f73f2fd"
     "4e273644c8b36125a64addeb006c13a0"},
    {"RFC 8439 A.1 #4", "00ff000000000000000000000000000000000000000000000000000000000000", "000000000000000000000000",
     2, NULL,
     "72d54dfbf12ec44b362692df94137f328fea8da73990265ec1bbbea1ae9af0ca13b25aa26cb4a648cb9b9d1be65b2c09"
     "24a66c54d545ec1b7374f4872e99f096"},
    {"RFC 8439 A.1 #5", "0000000000000000000000000000000000000000000000000000000000000000", "000000000000000000000002",
     0, NULL,
     "c2c64d378cd536374ae204b9ef933fcd1a8b2288b3dfa49672ab765b54ee27c78a970e0e955c14f3a88e741b97c286f7"
     "5f8fc299e8148362fa198a39531bed6d"},
    {"RFC 8439 A.2 #1", "0000000000000000000000000000000000000000000000000000000000000000", "000000000000000000000000",
     0, NULL,
     "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7da41597c5157488d7724e03fb8d84a37"
     "6a43b8f41518a11cc387b669b2ee6586"},
    {"RFC 8439 A.2 #2", "0000000000000000000000000000000000000000000000000000000000000001", "000000000000000000000002",
     1, IETF,
     "a3fbf07df3fa2fde4f376ca23e82737041605d9f4f4f57bd8cff2c1d4b7955ec2a97948bd3722915c8f3d337f7d37005"
     "0e9e96d647b7c39f56e031ca5eb6250d4042e02785ececfa4b4bb5e8ead0440e20b6e8db09d881a7c6132f420e527950"
     "42bdfa7773d8a9051447b3291ce1411c680465552aa6c405b7764d5e87bea85ad00f8449ed8f72d0d662ab052691ca66"
     "424bc86d2df80ea41f43abf937d3259dc4b2d0dfb48a6c9139ddd7f76966e928e635553ba76c5c879d7b35d49eb2e62b"
     "0871cdac638939e25e8a1e0ef9d5280fa8ca328b351c3c765989cbcf3daa8b6ccc3aaf9f3979c92b3720fc88dc95ed84"
     "a1be059c6499b9fda236e7e818b04b0bc39c1e876b193bfe5569753f88128cc08aaa9b63d1a16f80ef2554d7189c411f"
     "5869ca52c5b83fa36ff216b9c1d30062bebcfd2dc5bce0911934fda79a86f6e698ced759c3ff9b6477338f3da4f9cd85"
     "14ea9982ccafb341b2384dd902f3d1ab7ac61dd29c6f21ba5b862f3730e37cfdc4fd806c22f221"},
    {"RFC 8439 A.2 #3", "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0", "000000000000000000000002",
     42, JABBER,
     "62e6347f95ed87a45ffae7426f27a1df5fb69110044c0d73118effa95b01e5cf166d3df2d721caf9b21e5fb14c616871"
     "fd84c54f9d65b283196c7fe4f60553ebf39c6402c42234e32a356b3e764312a61a5532055716ead6962568f87d3f3f77"
     "04c6a8d1bcd1bf4d50d6154b6da731b187b58dfd728afa36757a797ac188d1"},
};

static void test_kats(const jc_backend *b)
{
    for (size_t k = 0; k < sizeof kats / sizeof kats[0]; k++) {
        const struct kat *v = &kats[k];
        uint8_t key[32], nonce[12], expect[512], buf[512];
        uint32_t st[16];
        unhex(v->key, key);
        unhex(v->nonce, nonce);
        size_t n = unhex(v->expect, expect);
        ietf_state(st, key, v->counter, nonce);
        if (v->plain != NULL) {
            CHECK(strlen(v->plain) == n, "%s: plaintext length %zu != %zu", v->name, strlen(v->plain), n);
            memcpy(buf, v->plain, n);
            b->xor_fn(st, 20, 0, buf, buf, n); /* in place */
        } else {
            memset(buf, 0xee, sizeof buf);
            b->xor_fn(st, 20, 0, NULL, buf, n);
        }
        CHECK(memcmp(buf, expect, n) == 0, "%s: %s differs", b->name, v->name);
        if (v->plain != NULL) { /* decrypts back, out of place */
            uint8_t back[512];
            b->xor_fn(st, 20, 0, buf, back, n);
            CHECK(memcmp(back, v->plain, n) == 0, "%s: %s does not decrypt back", b->name, v->name);
        }
    }

    /* draft-irtf-cfrg-xchacha 2.2.1 */
    uint8_t kb[32], nb[16], expect[32], got[32];
    uint32_t key[8], nonce[4], out[8];
    unhex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", kb);
    unhex("000000090000004a0000000031415927", nb);
    unhex("82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc", expect);
    for (int i = 0; i < 8; i++)
        key[i] = le32(kb + 4 * i);
    for (int i = 0; i < 4; i++)
        nonce[i] = le32(nb + 4 * i);
    b->hchacha_fn(key, nonce, 20, out);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 4; j++)
            got[4 * i + j] = (uint8_t)(out[i] >> (8 * j));
    CHECK(memcmp(got, expect, 32) == 0, "%s: HChaCha20 draft 2.2.1 differs", b->name);

    /* HChaCha8/12/20 on random inputs against the reference permutation. */
    for (int t = 0; t < 50; t++) {
        uint32_t x[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};
        for (int i = 0; i < 8; i++)
            key[i] = x[4 + i] = rnd();
        for (int i = 0; i < 4; i++)
            nonce[i] = x[12 + i] = rnd();
        int rounds = t % 3 == 0 ? 8 : t % 3 == 1 ? 12 : 20;
        ref_permute(x, rounds);
        b->hchacha_fn(key, nonce, rounds, out);
        CHECK(memcmp(out, x, 16) == 0 && memcmp(out + 4, x + 12, 16) == 0, "%s: HChaCha%d random #%d differs", b->name,
              rounds, t);
    }
}

/* ---- sweeps ----------------------------------------------------------------------------------------------- */

#define MAX_BLOCKS 100
#define MAX_LEN (MAX_BLOCKS * 64 + 63)
#define GUARD 64
#define PAT 0xa5

static uint8_t expect_ks[MAX_LEN];      /* keystream from portable, whole length */
static uint8_t msg[MAX_LEN + 16];       /* random message */
static uint8_t expect_ct[MAX_LEN];      /* msg ^ keystream */
static uint8_t outbuf[GUARD + MAX_LEN + 16 + GUARD];

static int guards_ok(const uint8_t *out, size_t len)
{
    for (int i = 1; i <= GUARD; i++)
        if (out[-i] != PAT)
            return 0;
    for (int i = 0; i < GUARD; i++)
        if (out[len + i] != PAT)
            return 0;
    return 1;
}
static void set_guards(uint8_t *out, size_t len)
{
    memset(out - GUARD, PAT, GUARD);
    memset(out + len, PAT, GUARD);
}

static void sweep(const jc_backend *b, const jc_backend *ref, int rounds, int counter64, uint32_t ctr_lo,
                  uint32_t ctr_hi)
{
    uint32_t st[16];
    for (int i = 0; i < 16; i++)
        st[i] = rnd();
    st[0] = 0x61707865;
    st[1] = 0x3320646e;
    st[2] = 0x79622d32;
    st[3] = 0x6b206574;
    st[12] = ctr_lo;
    st[13] = ctr_hi;
    uint32_t st_copy[16];
    memcpy(st_copy, st, sizeof st);

    ref->xor_fn(st, rounds, counter64, NULL, expect_ks, MAX_LEN);
    if (b == ref) { /* the reference itself: against the independent one-block function */
        uint8_t blk[64];
        int ok = 1;
        for (int n = 0; n * 64 < MAX_LEN; n++) {
            ref_block(st, rounds, counter64, (uint64_t)n, blk);
            size_t l = MAX_LEN - 64 * (size_t)n < 64 ? MAX_LEN - 64 * (size_t)n : 64;
            if (memcmp(blk, expect_ks + 64 * n, l) != 0)
                ok = 0;
        }
        CHECK(ok, "%s: r%d c64=%d ctr=%08x:%08x differs from the reference block function", b->name, rounds, counter64,
              ctr_hi, ctr_lo);
    }
    fill(msg, MAX_LEN + 16);

    for (int n = 0; n <= MAX_BLOCKS; n++) {
        for (int t = 0; t < 64; t++) {
            size_t len = 64 * (size_t)n + (size_t)t;
            size_t inoff = 1 + (size_t)(n + t) % 15, outoff = 3 + (size_t)(n * 7 + t) % 13;
            uint8_t *out = outbuf + GUARD + outoff;
            for (size_t i = 0; i < len; i++)
                expect_ct[i] = msg[inoff + i] ^ expect_ks[i];

            /* raw keystream, aligned output */
            set_guards(outbuf + GUARD, len);
            b->xor_fn(st, rounds, counter64, NULL, outbuf + GUARD, len);
            CHECK(memcmp(outbuf + GUARD, expect_ks, len) == 0 && guards_ok(outbuf + GUARD, len),
                  "%s: keystream r%d c64=%d ctr=%08x:%08x len=%zu", b->name, rounds, counter64, ctr_hi, ctr_lo, len);

            /* out of place, odd offsets */
            set_guards(out, len);
            b->xor_fn(st, rounds, counter64, msg + inoff, out, len);
            CHECK(memcmp(out, expect_ct, len) == 0 && guards_ok(out, len),
                  "%s: xor r%d c64=%d ctr=%08x:%08x len=%zu in+%zu out+%zu", b->name, rounds, counter64, ctr_hi, ctr_lo,
                  len, inoff, outoff);

            /* in place, odd offset */
            memcpy(out, msg + inoff, len);
            set_guards(out, len);
            b->xor_fn(st, rounds, counter64, out, out, len);
            CHECK(memcmp(out, expect_ct, len) == 0 && guards_ok(out, len),
                  "%s: in-place r%d c64=%d ctr=%08x:%08x len=%zu out+%zu", b->name, rounds, counter64, ctr_hi, ctr_lo,
                  len, outoff);
        }
    }
    CHECK(memcmp(st, st_copy, sizeof st) == 0, "%s: state modified", b->name);
}

/* ---- page guards: reading or writing one byte outside [p, p+len) faults ------------------------------------ */

static size_t page_size(void)
{
#if defined(_WIN32)
    SYSTEM_INFO si;
    GetSystemInfo(&si);
    return si.dwPageSize;
#else
    return (size_t)sysconf(_SC_PAGESIZE);
#endif
}

/* [inaccessible page][data pages][inaccessible page]; returns the first data byte. */
static uint8_t *guarded_alloc(size_t data_pages)
{
    size_t ps = page_size(), total = (data_pages + 2) * ps;
#if defined(_WIN32)
    uint8_t *p = VirtualAlloc(NULL, total, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    DWORD old;
    if (p == NULL || !VirtualProtect(p, ps, PAGE_NOACCESS, &old) ||
        !VirtualProtect(p + (data_pages + 1) * ps, ps, PAGE_NOACCESS, &old))
        return NULL;
#else
    uint8_t *p = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED || mprotect(p, ps, PROT_NONE) != 0 || mprotect(p + (data_pages + 1) * ps, ps, PROT_NONE) != 0)
        return NULL;
#endif
    return p + ps;
}

static void page_edges(const jc_backend *b, const jc_backend *ref, uint8_t *in_area, uint8_t *out_area, size_t area)
{
    uint32_t st[16];
    for (int i = 0; i < 16; i++)
        st[i] = rnd();
    st[12] = 0xfffffff0u;
    ref->xor_fn(st, 20, 1, NULL, expect_ks, MAX_LEN);
    int ok_head = 1, ok_tail = 1;
    for (size_t len = 0; len <= MAX_LEN; len++) {
        /* buffers start right after an inaccessible page */
        memset(in_area, 0, len);
        b->xor_fn(st, 20, 1, in_area, out_area, len);
        if (memcmp(out_area, expect_ks, len) != 0)
            ok_head = 0;
        /* buffers end right before an inaccessible page; in-place too */
        uint8_t *in = in_area + area - len, *out = out_area + area - len;
        memset(in, 0, len);
        b->xor_fn(st, 20, 1, in, out, len);
        if (memcmp(out, expect_ks, len) != 0)
            ok_tail = 0;
        b->xor_fn(st, 20, 1, out, out, len);
        for (size_t i = 0; i < len; i++)
            if (out[i] != 0)
                ok_tail = 0;
        b->xor_fn(st, 20, 1, NULL, out, len);
        if (memcmp(out, expect_ks, len) != 0)
            ok_tail = 0;
    }
    CHECK(ok_head, "%s: page-edge (buffers at page start) output differs", b->name);
    CHECK(ok_tail, "%s: page-edge (buffers at page end) output differs", b->name);
}

/* xor_pair against xor_fn of each state alone: every len 0..JC_XOR_PAIR_MAX (both passes and their partial ends) and
 * past it (two calls),
 * olen 0..64, raw keystream and XOR, apart and in place, the second block's bytes inside the first's output (ssh.c's
 * seal puts the length there), junk past word 11 of either state but the counter and nonce words. */
static void pair_sweep(const jc_backend *b)
{
    enum { TOP = JC_XOR_PAIR_MAX + 100 };
    static uint8_t m[TOP], om[64], want[TOP + 64], owant[64], got[TOP + 64], ogot[64];
    uint32_t s[16], o[16];
    for (int i = 0; i < 16; i++) {
        s[i] = rnd();
        o[i] = rnd();
    }
    s[12] &= 0xffffu; /* a 32-bit counter the call does not wrap */
    fill(m, sizeof m);
    fill(om, sizeof om);
    for (size_t len = 0; len <= TOP; len++) {
        size_t olen = (len * 7) % 65;
        int raw = len % 3 == 0, inside = len >= 64 && len % 2 == 0;
        b->xor_fn(s, 20, 0, raw ? NULL : m, want, len);
        b->xor_fn(o, 20, 0, raw ? NULL : om, owant, olen);
        memset(got, 0xa5, sizeof got);
        memset(ogot, 0x5a, sizeof ogot);
        if (inside) { /* oout over out's bytes 60.., written after them */
            if (!raw)
                memcpy(got, m, len);
            b->xor_pair(s, raw ? NULL : got, got, len, o, raw ? NULL : om, got + 60, olen);
            uint8_t merged[TOP + 64];
            memcpy(merged, want, len);
            memcpy(merged + 60, owant, olen);
            size_t span = len > 60 + olen ? len : 60 + olen;
            CHECK(memcmp(got, merged, span) == 0 && got[span] == 0xa5, "%s pair in place len %zu olen %zu raw %d",
                  b->name, len, olen, raw);
        } else {
            b->xor_pair(s, raw ? NULL : m, got, len, o, raw ? NULL : om, ogot, olen);
            CHECK(memcmp(got, want, len) == 0 && got[len] == 0xa5, "%s pair len %zu raw %d", b->name, len, raw);
            CHECK(memcmp(ogot, owant, olen) == 0 && (olen == 64 || ogot[olen] == 0x5a), "%s pair other olen %zu raw %d",
                  b->name, olen, raw);
        }
    }
}

int main(void)
{
    setvbuf(stdout, NULL, _IONBF, 0); /* keep what was printed if a kernel faults */
    const jc_backend *ref = jc_backend_find("portable");
    if (ref == NULL) {
        printf("FAIL: portable backend missing\n0 passed, 1 failed\n");
        return 1;
    }
    printf("build arch %s, cpu features: %s, best backend: %s\n", jc_build_arch(), jc_cpu_features(),
           jc_backend_best()->name);

    /* dispatch API sanity */
    const char *why = NULL;
    CHECK(jc_backend_available("portable", &why) == 1 && why != NULL && why[0] == '\0', "portable unavailable");
    CHECK(jc_backend_find("nonsense") == NULL && jc_backend_get("nonsense", &why) == NULL, "unknown name found");
    CHECK(jc_backend_available("nonsense", &why) == 0 && strcmp(why, "unknown backend") == 0, "unknown reason");
    CHECK(jc_backend_at(jc_backend_count()) == NULL && jc_backend_at(-1) == NULL, "jc_backend_at out of range");
    static const char *const all[] = {JC_FOR_EACH_ISA(JC_ISA_NAME)}; /* compiled here or not */
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        int avail = jc_backend_available(all[i], &why);
        const jc_backend *g = jc_backend_get(all[i], NULL);
        CHECK(avail ? g == jc_backend_find(all[i]) && g != NULL : g == NULL, "%s: get/available disagree", all[i]);
        if (jc_backend_find(all[i]) == NULL)
            CHECK(!avail && strcmp(why, "not compiled for this architecture") == 0, "%s: reason '%s'", all[i], why);
    }

    size_t ps = page_size();
    size_t pages = (MAX_LEN + ps - 1) / ps;
    uint8_t *in_area = guarded_alloc(pages), *out_area = guarded_alloc(pages);
    CHECK(in_area != NULL && out_area != NULL, "guarded page allocation");

    for (int i = 0; i < jc_backend_count(); i++) {
        const jc_backend *b = jc_backend_at(i);
        if (!jc_backend_available(b->name, &why)) {
            printf("SKIP %s: %s\n", b->name, why);
            continue;
        }
        long f0 = failed, p0 = passed;
        test_kats(b);
        static const int rounds_list[] = {8, 12, 20};
        for (int r = 0; r < 3; r++) {
            /* 32-bit counter (IETF): the caller keeps word 12 from wrapping during a call */
            sweep(b, ref, rounds_list[r], 0, 1, rnd());
            sweep(b, ref, rounds_list[r], 0, 0xffffff00u, rnd());
            /* 64-bit counter: carries into word 13 at block 0, mid-pass (10) and late (61) */
            sweep(b, ref, rounds_list[r], 1, 0xffffffffu, 0x01234567u);
            sweep(b, ref, rounds_list[r], 1, 0xfffffff6u, 0xfffffffeu);
            sweep(b, ref, rounds_list[r], 1, 0xffffffc3u, 0);
        }
        if (in_area != NULL && out_area != NULL)
            page_edges(b, ref, in_area, out_area, pages * ps);
        if (b->xor_pair != NULL)
            pair_sweep(b);
        printf("%-8s %ld checks, %ld failed\n", b->name, passed - p0 + failed - f0, failed - f0);
    }

    printf("%ld passed, %ld failed\n", passed, failed);
    return failed != 0;
}
