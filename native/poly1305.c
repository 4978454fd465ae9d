// SPDX-License-Identifier: Apache-2.0
/*
 * Poly1305 incremental API over any kernel (ISA-neutral: compiled with the baseline flags). Buffers partial
 * blocks, pads, and finishes with a constant-time final reduction (masks, no branches on h).
 */
#include "poly1305.h"

#include <string.h>

#define M44 0xfffffffffffULL
#define M42 0x3ffffffffffULL

static inline uint64_t le64(const uint8_t *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
           (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

void jc_poly1305_key(const uint8_t key[32], uint64_t r[3], uint64_t pad[2])
{
    uint64_t t0 = le64(key), t1 = le64(key + 8);
    /* r &= 0x0ffffffc0ffffffc0ffffffc0fffffff */
    r[0] = t0 & 0xffc0fffffffULL;
    r[1] = ((t0 >> 44) | (t1 << 20)) & 0xfffffc0ffffULL;
    r[2] = (t1 >> 24) & 0x00ffffffc0fULL;
    pad[0] = le64(key + 16);
    pad[1] = le64(key + 24);
}

void jc_poly1305_init(jc_poly1305 *st, const uint8_t key[32], jc_poly_blocks_fn blocks)
{
    jc_poly1305_key(key, st->r, st->pad);
    st->h[0] = st->h[1] = st->h[2] = 0;
    st->blocks = blocks != NULL ? blocks : jc_poly1305_blocks_portable;
    st->buflen = 0;
    st->tables = 0;
}

void jc_poly1305_update(jc_poly1305 *st, const uint8_t *m, size_t len)
{
    if (st->buflen > 0) {
        size_t want = 16 - st->buflen;
        if (want > len)
            want = len;
        memcpy(st->buf + st->buflen, m, want);
        st->buflen += (uint32_t)want;
        m += want;
        len -= want;
        if (st->buflen < 16)
            return;
        st->blocks(st, st->buf, 1);
        st->buflen = 0;
    }
    size_t full = len / 16;
    if (full > 0) {
        st->blocks(st, m, full);
        m += full * 16;
        len -= full * 16;
    }
    if (len > 0) {
        memcpy(st->buf, m, len);
        st->buflen = (uint32_t)len;
    }
}

void jc_poly1305_pad16(jc_poly1305 *st)
{
    if (st->buflen > 0) {
        memset(st->buf + st->buflen, 0, 16 - st->buflen);
        st->blocks(st, st->buf, 1);
        st->buflen = 0;
    }
}

void jc_poly1305_finish(jc_poly1305 *st, uint8_t tag[16])
{
    if (st->buflen > 0) {
        st->buf[st->buflen] = 1;
        memset(st->buf + st->buflen + 1, 0, 15 - st->buflen);
        jc_poly1305_scalar(st->h, st->r, st->buf, 1, 0);
    }
    jc_poly1305_final(st->h, st->pad, tag);
    jc_wipe(st, sizeof *st);
}

void jc_poly1305_final(const uint64_t h[3], const uint64_t pad[2], uint8_t tag[16])
{
    uint64_t h0 = h[0], h1 = h[1], h2 = h[2], c;
    /* full carry, twice (limbs may start above their width) */
    for (int i = 0; i < 2; i++) {
        c = h0 >> 44; h0 &= M44; h1 += c;
        c = h1 >> 44; h1 &= M44; h2 += c;
        c = h2 >> 42; h2 &= M42; h0 += c * 5;
    }
    c = h0 >> 44; h0 &= M44; h1 += c;
    c = h1 >> 44; h1 &= M44; h2 += c; /* h < 2^130 + small, h2 may be 2^42 + tiny only if h >= p */
    /* g = h + 5 - 2^130; take g when it did not borrow (h >= p) */
    uint64_t g0 = h0 + 5;
    c = g0 >> 44; g0 &= M44;
    uint64_t g1 = h1 + c;
    c = g1 >> 44; g1 &= M44;
    uint64_t g2 = h2 + c - ((uint64_t)1 << 42);
    uint64_t use_g = (g2 >> 63) - 1; /* all ones when g2 did not go negative */
    h0 = (h0 & ~use_g) | (g0 & use_g);
    h1 = (h1 & ~use_g) | (g1 & use_g);
    h2 = (h2 & ~use_g) | (g2 & use_g);
    /* h += s mod 2^128 */
    uint64_t t0 = pad[0], t1 = pad[1];
    h0 += t0 & M44;
    c = h0 >> 44; h0 &= M44;
    h1 += (((t0 >> 44) | (t1 << 20)) & M44) + c;
    c = h1 >> 44; h1 &= M44;
    h2 += (t1 >> 24) + c;
    h2 &= M42;
    uint64_t lo = h0 | (h1 << 44), hi = (h1 >> 20) | (h2 << 24);
    for (int i = 0; i < 8; i++) {
        tag[i] = (uint8_t)(lo >> (8 * i));
        tag[8 + i] = (uint8_t)(hi >> (8 * i));
    }
}

void jc_poly1305_auth(jc_poly_blocks_fn blocks, uint8_t tag[16], const uint8_t *m, size_t len,
                      const uint8_t key[32])
{
    jc_poly1305 st;
    jc_poly1305_init(&st, key, blocks);
    jc_poly1305_update(&st, m, len);
    jc_poly1305_finish(&st, tag);
}
