/*
 * ChaCha20-Poly1305 over a backend's kernels. Seal encrypts JC_AEAD_CHUNK bytes, then MACs them while they are
 * still in L1; open MACs everything first and decrypts only after a constant-time tag comparison.
 *
 * Overlap (input and output ranges that share bytes but do not start at the same address): forward through a
 * stack bounce buffer when out < in; backward through it when out > in (ChaCha20 is seekable), with the MAC in
 * a second forward pass over the output. Identical or disjoint ranges run straight through the kernels.
 */
#include "aead.h"

#include <string.h>

/* Bytes per encrypt-then-MAC step (multiple of 64). See bench_kernels --aead-chunk. */
#ifndef JC_AEAD_CHUNK
#define JC_AEAD_CHUNK 4096
#endif
#define JC_BOUNCE 1024

static int overlaps(const uint8_t *x, const uint8_t *y, size_t n)
{
    uintptr_t a = (uintptr_t)x, b = (uintptr_t)y;
    return a != b && n > 0 && a < b + n && b < a + n;
}

/* Short messages: one keystream call covers the key block and the message (a kernel call costs about as much
 * as a block), the message is worked on in a stack copy, so overlap needs no care. */
#ifndef JC_AEAD_SMALL
#define JC_AEAD_SMALL 192
#endif

/* Sets up a with the MAC key from ks[0..32) and the cipher counter at 1. */
static void init_with_key(jc_aead *a, const jc_backend *b, const uint32_t state[16], const uint8_t key[32])
{
    a->b = b;
    memcpy(a->s, state, sizeof a->s);
    a->s[12] = 1;
    jc_poly1305_init(&a->mac, key, b->poly_blocks);
    a->aadlen = a->ctlen = 0;
    a->aad_done = 0;
}

void jc_aead_init(jc_aead *a, const jc_backend *b, const uint32_t state[16])
{
    uint8_t key[32];
    uint32_t s0[16];
    memcpy(s0, state, sizeof s0);
    s0[12] = 0;
    b->xor_fn(s0, 20, 0, NULL, key, 32);
    init_with_key(a, b, s0, key);
    jc_wipe(key, sizeof key);
    jc_wipe(s0, sizeof s0);
}

void jc_aead_aad(jc_aead *a, const uint8_t *aad, size_t n)
{
    jc_poly1305_update(&a->mac, aad, n);
    a->aadlen += n;
}

static void end_aad(jc_aead *a)
{
    if (!a->aad_done) {
        jc_poly1305_pad16(&a->mac);
        a->aad_done = 1;
    }
}

/* ChaCha20 from a->s over n bytes at in -> out with any overlap; MACs the output if mac. Advances a->s. */
static void crypt(jc_aead *a, const uint8_t *in, uint8_t *out, size_t n, int mac)
{
    const jc_backend *b = a->b;
    uint32_t *s = a->s;
    uint32_t base = s[12];
    if (!overlaps(in, out, n)) {
        if (!mac) {
            b->xor_fn(s, 20, 0, in, out, n);
        } else {
            for (size_t o = 0; o < n; o += JC_AEAD_CHUNK) {
                size_t k = n - o < JC_AEAD_CHUNK ? n - o : JC_AEAD_CHUNK;
                s[12] = base + (uint32_t)(o / 64);
                b->xor_fn(s, 20, 0, in + o, out + o, k);
                jc_poly1305_update(&a->mac, out + o, k);
            }
        }
    } else {
        uint8_t tmp[JC_BOUNCE];
        if ((uintptr_t)out < (uintptr_t)in) {
            for (size_t o = 0; o < n; o += JC_BOUNCE) {
                size_t k = n - o < JC_BOUNCE ? n - o : JC_BOUNCE;
                s[12] = base + (uint32_t)(o / 64);
                memcpy(tmp, in + o, k);
                b->xor_fn(s, 20, 0, tmp, tmp, k);
                if (mac)
                    jc_poly1305_update(&a->mac, tmp, k);
                memcpy(out + o, tmp, k);
            }
        } else {
            size_t o = (n - 1) / JC_BOUNCE * JC_BOUNCE; /* last chunk first */
            for (;;) {
                size_t k = n - o < JC_BOUNCE ? n - o : JC_BOUNCE;
                s[12] = base + (uint32_t)(o / 64);
                memcpy(tmp, in + o, k);
                b->xor_fn(s, 20, 0, tmp, tmp, k);
                memcpy(out + o, tmp, k);
                if (o == 0)
                    break;
                o -= JC_BOUNCE;
            }
            if (mac)
                jc_poly1305_update(&a->mac, out, n);
        }
        jc_wipe(tmp, sizeof tmp);
    }
    s[12] = base + (uint32_t)((n + 63) / 64);
}

void jc_aead_seal_update(jc_aead *a, const uint8_t *in, uint8_t *out, size_t n)
{
    end_aad(a);
    crypt(a, in, out, n, 1);
    a->ctlen += n;
}

void jc_aead_mac_ciphertext(jc_aead *a, const uint8_t *ct, size_t n)
{
    end_aad(a);
    jc_poly1305_update(&a->mac, ct, n);
    a->ctlen += n;
}

void jc_aead_xor(jc_aead *a, const uint8_t *in, uint8_t *out, size_t n)
{
    crypt(a, in, out, n, 0);
}

void jc_aead_tag(jc_aead *a, uint8_t tag[16])
{
    uint8_t lens[16];
    end_aad(a);
    jc_poly1305_pad16(&a->mac);
    for (int i = 0; i < 8; i++) {
        lens[i] = (uint8_t)(a->aadlen >> (8 * i));
        lens[8 + i] = (uint8_t)(a->ctlen >> (8 * i));
    }
    jc_poly1305_update(&a->mac, lens, 16);
    jc_poly1305_finish(&a->mac, tag);
}

int jc_aead_verify(jc_aead *a, const uint8_t expected[16])
{
    uint8_t tag[16];
    jc_aead_tag(a, tag);
    volatile uint8_t d = 0;
    for (int i = 0; i < 16; i++)
        d |= (uint8_t)(tag[i] ^ expected[i]);
    jc_wipe(tag, sizeof tag);
    /* (d - 1) >> 8 is all ones only for d == 0: no data-dependent branch before the result. */
    return (int)((((unsigned)d) - 1u) >> 8) & 1;
}

void jc_aead_wipe(jc_aead *a)
{
    jc_wipe(a, sizeof *a);
}

/* Keystream for blocks 0 .. (64 + len) / 64 in one call; message bytes i use ks[64 + i]. */
static void small_keystream(const jc_backend *b, const uint32_t state[16], size_t len, uint8_t *ks)
{
    uint32_t s0[16];
    memcpy(s0, state, sizeof s0);
    s0[12] = 0;
    b->xor_fn(s0, 20, 0, NULL, ks, 64 + len);
    jc_wipe(s0, sizeof s0);
}

static void seal_small(const jc_backend *b, const uint32_t state[16], const uint8_t *aad, size_t aadlen,
                       const uint8_t *in, size_t len, uint8_t *out)
{
    uint8_t ks[64 + JC_AEAD_SMALL], ct[JC_AEAD_SMALL + 16];
    jc_aead a;
    small_keystream(b, state, len, ks);
    for (size_t i = 0; i < len; i++)
        ct[i] = in[i] ^ ks[64 + i];
    init_with_key(&a, b, state, ks);
    jc_aead_aad(&a, aad, aadlen);
    jc_aead_mac_ciphertext(&a, ct, len);
    jc_aead_tag(&a, ct + len);
    memmove(out, ct, len + 16); /* after all input was read */
    jc_wipe(ks, sizeof ks);
    jc_wipe(ct, sizeof ct);
    jc_wipe(&a, sizeof a);
}

static int open_small(const jc_backend *b, const uint32_t state[16], const uint8_t *aad, size_t aadlen,
                      const uint8_t *in, size_t len, uint8_t *out)
{
    uint8_t ks[64 + JC_AEAD_SMALL], ct[JC_AEAD_SMALL + 16];
    jc_aead a;
    memcpy(ct, in, len + 16);
    small_keystream(b, state, len, ks);
    init_with_key(&a, b, state, ks);
    jc_aead_aad(&a, aad, aadlen);
    jc_aead_mac_ciphertext(&a, ct, len);
    int ok = jc_aead_verify(&a, ct + len);
    if (ok) {
        for (size_t i = 0; i < len; i++)
            ct[i] ^= ks[64 + i];
        memmove(out, ct, len);
    }
    jc_wipe(ks, sizeof ks);
    jc_wipe(ct, sizeof ct);
    jc_wipe(&a, sizeof a);
    return ok;
}

void jc_aead_seal(const jc_backend *b, const uint32_t state[16], const uint8_t *aad, size_t aadlen,
                  const uint8_t *in, size_t len, uint8_t *out)
{
    if (len <= JC_AEAD_SMALL) {
        seal_small(b, state, aad, aadlen, in, len, out);
        return;
    }
    jc_aead a;
    uint8_t tag[16];
    jc_aead_init(&a, b, state);
    jc_aead_aad(&a, aad, aadlen);
    jc_aead_seal_update(&a, in, out, len);
    jc_aead_tag(&a, tag);
    memcpy(out + len, tag, 16); /* after all input was read: may overlap it */
    jc_aead_wipe(&a);
}

int jc_aead_open(const jc_backend *b, const uint32_t state[16], const uint8_t *aad, size_t aadlen,
                 const uint8_t *in, size_t len, uint8_t *out)
{
    if (len <= JC_AEAD_SMALL)
        return open_small(b, state, aad, aadlen, in, len, out);
    jc_aead a;
    uint8_t expected[16];
    memcpy(expected, in + len, 16);
    jc_aead_init(&a, b, state);
    jc_aead_aad(&a, aad, aadlen);
    jc_aead_mac_ciphertext(&a, in, len);
    int ok = jc_aead_verify(&a, expected);
    if (ok)
        jc_aead_xor(&a, in, out, len);
    jc_aead_wipe(&a);
    return ok;
}
