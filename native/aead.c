// SPDX-License-Identifier: Apache-2.0
/*
 * ChaCha20-Poly1305 over a backend's kernels, in one pass that reads each input byte once: JC_AEAD_CHUNK bytes at
 * a time go through a stack copy that both the cipher and the MAC work on while it is in L1 (see fused()). Open
 * therefore writes plaintext before it knows the tag is good; on a bad tag it zeroes all it wrote. Where the backend
 * has an interleaved pass that pays on this CPU (jc_backend_xor_mac: avx2; avx512 on Zen 4), ChaCha20 runs on the
 * vector units while Poly1305 runs (all or part of it) on the scalar ones; measured in interleaved().
 *
 * Overlap: a forward pass is safe when the output starts at or before the input (each chunk is read before the
 * bytes it lands on are needed again); an output starting inside the input, after it, gets the input moved there
 * first and is then worked on in place.
 */
#include "aead.h"

#include <stddef.h>
#include <string.h>

#include "chacha_internal.h"

/* Bytes per encrypt-then-MAC step (multiple of 64). To retune: rebuild with -DJC_AEAD_CHUNK=n, bench_aead --best. */
#ifndef JC_AEAD_CHUNK
#define JC_AEAD_CHUNK 4096
#endif
_Static_assert(JC_AEAD_CHUNK > 0 && JC_AEAD_CHUNK % 64 == 0, "a chunk must be whole ChaCha blocks");
static int overlaps(const uint8_t *x, const uint8_t *y, size_t n)
{
    uintptr_t a = (uintptr_t)x, b = (uintptr_t)y;
    return a != b && n > 0 && a < b + n && b < a + n;
}

void jc_aead_state(uint32_t s[16], const uint32_t *key, uint32_t n0, uint32_t n1, uint32_t n2)
{
    for (int i = 0; i < 12; i++) {
        s[i] = key[i];
    }
    s[12] = 0;
    s[13] = n0;
    s[14] = n1;
    s[15] = n2;
}

/* Sets up a with the MAC key from ks[0..32) and the cipher counter at 1. */
static void init_with_key(jc_aead *a, const jc_backend *b, const uint32_t state[16], const uint8_t key[32])
{
    a->b = b;
    memcpy(a->s, state, sizeof a->s);
    a->s[12] = 1;
    jc_poly1305_init(&a->mac, key, b->poly_blocks);
    a->aadlen = a->ctlen = 0;
    a->aad_done = 0;
    a->ks_len = 0;
}

void jc_aead_init_message(jc_aead *a, const jc_backend *b, const uint32_t state[16], size_t len)
{
    size_t blocks = len / 64 + (len % 64 != 0);
    size_t p = !b->aead_key_pass || blocks < 8 || blocks > 32 ? 0 : blocks > 16 ? 32 : blocks > 8 ? 16 : 8;
    if (p == 0) {
        jc_aead_init(a, b, state);
        return;
    }
    _Static_assert(offsetof(jc_aead, ks) == offsetof(jc_aead, kb) + 64, "block 0 and the keystream side by side");
    uint32_t s0[16];
    memcpy(s0, state, sizeof s0);
    s0[12] = 0;
    b->xor_fn(s0, 20, 0, NULL, a->kb, 64 * (1 + p));
    init_with_key(a, b, s0, a->kb);
    a->ks_len = (uint32_t)(64 * p);
    jc_wipe(a->kb, sizeof a->kb);
    jc_wipe(s0, sizeof s0);
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

/*
 * The whole groups of a chunk (xor_mac_group bytes: 512 on avx2, 2048 on avx512) through the backend's interleaved
 * ChaCha20 and Poly1305 pass (jc_xor_mac_fn), from and to the same memory fused() would use. Returns the bytes
 * done: 0 without such a pass on this CPU (jc_backend_xor_mac) or below one group. Sealing, the pass leaves its
 * last group of ciphertext to absorb: *lag points at it in the chunk, and the next chunk's first pass absorbs it (it
 * writes the chunk's first group only after), or fused() does.
 *
 * On avx2 the pass is as fast as the two kernels apart or faster at every size from 512 B
 * (docs/bench/tuning.md#aead-interleaved-avx2). avx512: see chacha_avx512.c and, for the CPUs it runs on, dispatch.c.
 */
_Static_assert(JC_AEAD_CHUNK >= 2 * JC_XOR_MAC_GROUP_AVX512 && JC_AEAD_CHUNK >= 2 * JC_XOR_MAC_GROUP_AVX2,
               "a chunk's last group must not be its first");
static size_t interleaved(jc_aead *a, const uint8_t *in, uint8_t *out, size_t k, int open, const uint8_t **lag)
{
    const size_t group = a->b->xor_mac_group;
    const jc_xor_mac_fn pass = jc_backend_xor_mac(a->b);
    if (pass == NULL || k < group || a->mac.buflen != 0)
        return 0;
    size_t g = k / group * group;
    /* Sealing a chunk of one group, the pass pays only with ciphertext to absorb beside it, and not when the chunk
     * ends in one more block, which the plain kernel runs beside its last pass (JC_HAVE_LONE) and the split would
     * run as a call of its own: those chunks go to the plain kernel whole
     * (docs/bench/tuning.md#aead-one-group-seal). */
    if (!open && g == group && (*lag == NULL || k - g - 1 < 64))
        return 0;
    pass(a->s, in, out, g, &a->mac, open, *lag);
    a->s[12] += (uint32_t)(g / 64);
    *lag = open ? NULL : out + g - group;
    return g;
}

static void absorb_lag(jc_aead *a, const uint8_t **lag)
{
    if (*lag != NULL) {
        jc_poly1305_update(&a->mac, *lag, a->b->xor_mac_group);
        *lag = NULL;
    }
}

/* The first k = min(n, ks_len) bytes of the message on the keystream jc_aead_init_message made, each input byte read
 * once as in fused(): open MACs and decrypts a copy in the chunk, seal XORs into the keystream's own array and MACs
 * and copies out that. No keystream is left behind. Returns k. */
_Static_assert(64 * JC_AEAD_PREFETCH <= JC_AEAD_CHUNK, "an open copies the made keystream's share into the chunk");
static size_t prefetched(jc_aead *a, uint8_t *chunk, const uint8_t *in, uint8_t *out, size_t n, int open)
{
    size_t k = n < a->ks_len ? n : a->ks_len;
    if (open) {
        memcpy(chunk, in, k);
        jc_poly1305_update(&a->mac, chunk, k);
        jc_xor_tail(chunk, out, a->ks, k);
        jc_wipe(a->ks, a->ks_len);
    } else { /* the keystream becomes the ciphertext: only what is left of it needs a wipe */
        jc_xor_tail(in, a->ks, a->ks, k);
        jc_poly1305_update(&a->mac, a->ks, k);
        memcpy(out, a->ks, k);
        jc_wipe(a->ks + k, a->ks_len - k);
    }
    a->ks_len = 0;
    a->s[12] += (uint32_t)((k + 63) / 64);
    a->ctlen += k;
    return k;
}

/*
 * One pass over n bytes, JC_AEAD_CHUNK at a time through a private stack copy, so that each input byte is read
 * once and the MAC covers exactly the ciphertext the cipher produced or consumed, whatever else writes the
 * caller's memory meanwhile. Seal: plaintext -> chunk (the kernel reads the input once), MAC the chunk, copy it
 * out. Open: copy the ciphertext into the chunk, MAC it, decrypt from the chunk into the output. The chunk holds
 * ciphertext only, so it needs no wipe. Needs out <= in or disjoint ranges (see jc_aead_forward_ok). Where the
 * backend has an interleaved pass, the chunk's whole groups take it and the rest the two kernels. Keystream
 * made with the key block (jc_aead_init_message) serves the first bytes (prefetched()).
 */
static void fused(jc_aead *a, const uint8_t *in, uint8_t *out, size_t n, int open)
{
    uint8_t chunk[JC_AEAD_CHUNK];
    const uint8_t *lag = NULL;
    const jc_backend *b = a->b;
    end_aad(a);
    if (a->ks_len > 0) {
        size_t k = prefetched(a, chunk, in, out, n, open);
        in += k;
        out += k;
        n -= k;
    }
    for (size_t o = 0; o < n; o += JC_AEAD_CHUNK) {
        size_t k = n - o < JC_AEAD_CHUNK ? n - o : JC_AEAD_CHUNK, g;
        if (open) {
            memcpy(chunk, in + o, k);
            g = interleaved(a, chunk, out + o, k, 1, &lag);
            jc_poly1305_update(&a->mac, chunk + g, k - g);
            b->xor_fn(a->s, 20, 0, chunk + g, out + o + g, k - g);
        } else {
            g = interleaved(a, in + o, chunk, k, 0, &lag);
            if (g < k) {
                if (g == 0)
                    absorb_lag(a, &lag); /* the previous chunk's, before this chunk's ciphertext */
                b->xor_fn(a->s, 20, 0, in + o + g, chunk + g, k - g);
            }
            if (g < k || o + k == n) { /* this chunk's lag and the rest of it lie side by side: one update */
                const uint8_t *from = lag != NULL ? lag : chunk + g;
                jc_poly1305_update(&a->mac, from, (size_t)(chunk + k - from));
                lag = NULL;
            }
            memcpy(out + o, chunk, k);
        }
        a->s[12] += (uint32_t)((k - g + 63) / 64); /* the blocks interleaved() did not count */
    }
    a->ctlen += n;
}

int jc_aead_forward_ok(const uint8_t *in, const uint8_t *out, size_t n)
{
    return (uintptr_t)out <= (uintptr_t)in || !overlaps(in, out, n);
}

void jc_aead_seal_update(jc_aead *a, const uint8_t *in, uint8_t *out, size_t n)
{
    fused(a, in, out, n, 0);
}

void jc_aead_open_update(jc_aead *a, const uint8_t *in, uint8_t *out, size_t n)
{
    fused(a, in, out, n, 1);
}

void jc_aead_lengths(uint8_t lens[16], uint64_t aadlen, uint64_t ctlen)
{
    for (int i = 0; i < 8; i++) {
        lens[i] = (uint8_t)(aadlen >> (8 * i));
        lens[8 + i] = (uint8_t)(ctlen >> (8 * i));
    }
}

/* The MAC's end once AAD and ciphertext are absorbed: pad the ciphertext, the lengths block, the tag (wipes mac). */
static void mac_tail(jc_poly1305 *mac, uint64_t aadlen, uint64_t ctlen, uint8_t tag[16])
{
    uint8_t lens[16];
    jc_poly1305_pad16(mac);
    jc_aead_lengths(lens, aadlen, ctlen);
    jc_poly1305_update(mac, lens, 16);
    jc_poly1305_finish(mac, tag);
}

void jc_aead_tag(jc_aead *a, uint8_t tag[16])
{
    end_aad(a);
    mac_tail(&a->mac, a->aadlen, a->ctlen, tag);
}

int jc_aead_verify(jc_aead *a, const uint8_t expected[16])
{
    uint8_t tag[16];
    jc_aead_tag(a, tag);
    int ok = jc_poly1305_tags_equal(tag, expected);
    jc_wipe(tag, sizeof tag);
    return ok;
}

void jc_aead_wipe(jc_aead *a)
{
    /* past ks_len, ks holds nothing (prefetched() wipes what it used); bounded, since callers also wipe a context
     * whose init never ran (a JNI call that failed its argument checks), whose ks_len is whatever the stack held */
    jc_wipe(a->ks, a->ks_len <= sizeof a->ks ? a->ks_len : sizeof a->ks);
    jc_wipe(a, offsetof(jc_aead, ks));
}

/*
 * Short messages (up to JC_AEAD_SHORT bytes; which ones take this path: aead.h) in one buffer laid out as
 * [block 0 | message | tag]. One kernel call XORs blocks 0, 1, ... onto it: block 0 lands on zeros, so its first
 * 32 bytes are the Poly1305 key, and the message meets blocks 1.. as RFC 8439 wants (a kernel call costs about as
 * much as a block, so the key block must not take a call of its own). Poly1305 then runs the scalar core in its
 * own radix 2^64 straight over the AAD and the ciphertext (no incremental state, no conversions, no power tables,
 * nothing buffered) or, from the row's aead_short_kernel_mac bytes, where the vector kernel's power tables pay for
 * themselves, the incremental state on the row's kernel (aead.h's table). What is wiped is what held secrets: block
 * 0, the MAC state, and on a failed open the plaintext.
 */
static void absorb_padded(uint64_t h[3], const uint64_t r[2], const uint8_t *m, size_t n)
{
    size_t full = n / 16, rest = n % 16;
    if (full > 0)
        jc_poly1305_blocks64(h, r, m, full, 1);
    if (rest > 0) {
        uint8_t last[16] = {0}; /* AAD or ciphertext: public */
        memcpy(last, m + 16 * full, rest);
        jc_poly1305_blocks64(h, r, last, 1, 1);
    }
}

static void short_tag(const jc_backend *b, const uint8_t key[32], const uint8_t *aad, size_t aadlen, const uint8_t *ct,
                      size_t len, uint8_t tag[16])
{
    if (b->aead_short_kernel_mac != 0 && len >= b->aead_short_kernel_mac) {
        jc_poly1305 st;
        jc_poly1305_init(&st, key, b->poly_blocks);
        jc_poly1305_update(&st, aad, aadlen);
        jc_poly1305_pad16(&st);
        jc_poly1305_update(&st, ct, len);
        mac_tail(&st, aadlen, len, tag);
        return;
    }
    uint64_t h[3] = {0, 0, 0}, r[2], pad[2];
    uint8_t lens[16];
    jc_aead_lengths(lens, aadlen, len);
    jc_poly1305_key64(key, r, pad);
    absorb_padded(h, r, aad, aadlen);
    absorb_padded(h, r, ct, len);
    jc_poly1305_blocks64(h, r, lens, 1, 1);
    jc_poly1305_final64(h, pad, tag);
    jc_wipe(h, sizeof h);
    jc_wipe(r, sizeof r);
    jc_wipe(pad, sizeof pad);
}

/* buf[0 .. 64) becomes keystream block 0, buf[64 .. 64 + len) is XORed with blocks 1 .. in the same call. */
static void short_pass(const jc_backend *b, const uint32_t state[16], uint8_t *buf, size_t len)
{
    uint32_t s0[16];
    memcpy(s0, state, sizeof s0);
    s0[12] = 0;
    memset(buf, 0, 64);
    b->xor_fn(s0, 20, 0, buf, buf, 64 + len);
    jc_wipe(s0, sizeof s0);
}

void jc_aead_seal_short(const jc_backend *b, const uint32_t state[16], const uint8_t *aad, size_t aadlen, uint8_t *buf,
                        size_t len)
{
    short_pass(b, state, buf, len);
    short_tag(b, buf, aad, aadlen, buf + 64, len, buf + 64 + len);
    jc_wipe(buf, 64);
}

int jc_aead_open_short(const jc_backend *b, const uint32_t state[16], const uint8_t *aad, size_t aadlen, uint8_t *buf,
                       size_t len)
{
    uint8_t ct[JC_AEAD_SHORT], tag[16];
    memcpy(ct, buf + 64, len); /* the ciphertext the MAC covers is the one decrypted: both come from buf */
    short_pass(b, state, buf, len);
    short_tag(b, buf, aad, aadlen, ct, len, tag);
    int ok = jc_poly1305_tags_equal(tag, buf + 64 + len);
    if (!ok)
        jc_wipe(buf + 64, len);
    jc_wipe(buf, 64);
    jc_wipe(tag, sizeof tag);
    return ok;
}

/* An output that starts inside the input, after its start: move the input there first (one read of it), then
 * work in place on the output, which then is the only copy read. */
static const uint8_t *forward_source(const uint8_t *in, uint8_t *out, size_t len)
{
    if (jc_aead_forward_ok(in, out, len))
        return in;
    memmove(out, in, len);
    return out;
}

void jc_aead_seal_message(jc_aead *a, const uint8_t *in, size_t len, uint8_t *out)
{
    uint8_t tag[16];
    in = forward_source(in, out, len);
    jc_aead_seal_update(a, in, out, len);
    jc_aead_tag(a, tag);
    memcpy(out + len, tag, 16);
}

int jc_aead_open_message(jc_aead *a, const uint8_t *in, size_t len, uint8_t *out)
{
    uint8_t expected[16];
    memcpy(expected, in + len, 16); /* before the output may overwrite it */
    in = forward_source(in, out, len);
    jc_aead_open_update(a, in, out, len);
    int ok = jc_aead_verify(a, expected);
    if (!ok)
        jc_wipe(out, len);
    return ok;
}

void jc_aead_seal(const jc_backend *b, const uint32_t state[16], const uint8_t *aad, size_t aadlen, const uint8_t *in,
                  size_t len, uint8_t *out)
{
    if (len <= b->aead_short_seal) {
        uint8_t buf[64 + JC_AEAD_SHORT + 16];
        memcpy(buf + 64, in, len);
        jc_aead_seal_short(b, state, aad, aadlen, buf, len);
        memcpy(out, buf + 64, len + 16); /* ciphertext and tag: nothing to wipe */
        return;
    }
    jc_aead a;
    jc_aead_init_message(&a, b, state, len);
    jc_aead_aad(&a, aad, aadlen);
    jc_aead_seal_message(&a, in, len, out);
    jc_aead_wipe(&a);
}

int jc_aead_open(const jc_backend *b, const uint32_t state[16], const uint8_t *aad, size_t aadlen, const uint8_t *in,
                 size_t len, uint8_t *out)
{
    if (len <= b->aead_short_open) {
        uint8_t buf[64 + JC_AEAD_SHORT + 16];
        memcpy(buf + 64, in, len + 16);
        int ok = jc_aead_open_short(b, state, aad, aadlen, buf, len);
        memcpy(out, buf + 64, len); /* zeros when the tag did not match */
        jc_wipe(buf + 64, len);
        return ok;
    }
    jc_aead a;
    jc_aead_init_message(&a, b, state, len);
    jc_aead_aad(&a, aad, aadlen);
    int ok = jc_aead_open_message(&a, in, len, out);
    jc_aead_wipe(&a);
    return ok;
}
