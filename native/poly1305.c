// SPDX-License-Identifier: Apache-2.0
/*
 * Poly1305 incremental API over any kernel (ISA-neutral: compiled with the baseline flags). Buffers partial
 * blocks, pads, and finishes with a constant-time final reduction (masks, no branches on h).
 */
#include "poly1305.h"

#include <string.h>

void jc_poly1305_key(const uint8_t key[32], uint64_t r[3], uint64_t pad[2])
{
    uint64_t r64[3] = {0, 0, 0};
    jc_poly1305_key64(key, r64, pad);
    jc_poly1305_to44(r64, r);
    jc_wipe(r64, sizeof r64);
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
    uint64_t h64[3];
    jc_poly1305_from44(h, h64);
    jc_poly1305_final64(h64, pad, tag);
    jc_wipe(h64, sizeof h64);
}

void jc_poly1305_auth(jc_poly_blocks_fn blocks, uint8_t tag[16], const uint8_t *m, size_t len, const uint8_t key[32])
{
    jc_poly1305 st;
    jc_poly1305_init(&st, key, blocks);
    jc_poly1305_update(&st, m, len);
    jc_poly1305_finish(&st, tag);
}
