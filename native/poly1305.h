// SPDX-License-Identifier: Apache-2.0
/*
 * Poly1305 (RFC 8439 2.5): the state every kernel shares and the incremental API over a kernel.
 *
 * The accumulator h and the key r are kept in radix 2^44 (limbs of 44, 44 and 42 bits), the representation of
 * the AVX-512 IFMA kernel; the scalar core converts to radix 2^64 on entry and back on exit, the AVX2 kernel to
 * 26-bit limbs. Between calls every limb of h is below 2^45 (not necessarily fully reduced).
 *
 * A kernel (jc_poly_blocks_fn, see jchacha.h) absorbs whole blocks with the 2^128 bit set; the SIMD kernels
 * precompute powers of r into the state the first time they see a long enough input and fall back to the
 * scalar code below their threshold. Nothing branches on or indexes memory by secret data.
 */
#ifndef JCHACHA_POLY1305_H
#define JCHACHA_POLY1305_H

#include "jchacha.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { JC_POLY_TAB_AVX2 = 1, JC_POLY_TAB_IFMA = 2, JC_POLY_TAB_AVX2_8 = 4, JC_POLY_TAB_IFMA16 = 8 };

struct jc_poly1305 {
    uint64_t h[3];              /* accumulator, radix 2^44 */
    uint64_t r[3];              /* clamped r, radix 2^44 */
    uint64_t pad[2];            /* s, as two little-endian 64-bit words */
    jc_poly_blocks_fn blocks;   /* the kernel update() uses */
    uint32_t buflen;            /* bytes pending in buf */
    uint32_t tables;            /* JC_POLY_TAB_* whose power tables below are filled */
    uint8_t buf[16];
    union {                     /* a state's kernel never changes: one table is in use */
        uint32_t avx2_pow[2][9][4]; /* lanes r^4, r^2, r^3, r^1, then r^8, r^6, r^7, r^5: 26-bit limbs 0..4,
                                     * then 5 * limbs 1..4 (rows 5..8) */
        uint64_t ifma_pow[2][3][8]; /* [0]: limb j of r^(8-i) at [j][i]; [1]: of r^(16-i); radix 2^44 */
    };
};

/* Poly1305 kernels (full blocks, 2^128 bit set). avx2 and avx512ifma exist only where compiled in. */
void jc_poly1305_blocks_portable(jc_poly1305 *st, const uint8_t *m, size_t nblocks);
void jc_poly1305_blocks_avx2(jc_poly1305 *st, const uint8_t *m, size_t nblocks);
void jc_poly1305_blocks_avx512ifma(jc_poly1305 *st, const uint8_t *m, size_t nblocks);

/* Incremental API. init: 32-byte one-time key (r || s), kernel blocks (NULL: portable). */
void jc_poly1305_init(jc_poly1305 *st, const uint8_t key[32], jc_poly_blocks_fn blocks);
void jc_poly1305_update(jc_poly1305 *st, const uint8_t *m, size_t len);
/* Zero-pads a pending partial block to 16 bytes and absorbs it (the AEAD's pad16); no-op when none. */
void jc_poly1305_pad16(jc_poly1305 *st);
/* Absorbs a pending partial block the RFC way (0x01 then zeros, no 2^128 bit), writes the tag, wipes st. */
void jc_poly1305_finish(jc_poly1305 *st, uint8_t tag[16]);
/* The state's pieces: the clamped r (radix 2^44) and s of a one-time key, and the tag from an accumulator whose
 * blocks are all absorbed (h and pad are not wiped). */
void jc_poly1305_key(const uint8_t key[32], uint64_t r[3], uint64_t pad[2]);
void jc_poly1305_final(const uint64_t h[3], const uint64_t pad[2], uint8_t tag[16]);
/* One shot. */
void jc_poly1305_auth(jc_poly_blocks_fn blocks, uint8_t tag[16], const uint8_t *m, size_t len, const uint8_t key[32]);

/* The scalar core over the radix-2^44 state, shared by the portable kernel and the SIMD kernels' short paths: it
 * converts to radix 2^64, runs jc_poly1305_blocks64 and converts back. hibit is 1 << 40 (the 2^128 bit in limb 2)
 * for full message blocks, 0 for the final padded block. */
void jc_poly1305_scalar(uint64_t h[3], const uint64_t r[3], const uint8_t *m, size_t nblocks, uint64_t hibit);
/* The same core in its own radix 2^64 (h: two 64-bit words and the bits from 2^128 up, at most 4 between calls;
 * r: two clamped words), for callers that keep h, r and s themselves (the short AEAD path): the clamped r and s of
 * a one-time key; nblocks 16-byte blocks, hibit 1 (full blocks) or 0; the tag (h and pad are not wiped). */
void jc_poly1305_key64(const uint8_t key[32], uint64_t r[2], uint64_t pad[2]);
void jc_poly1305_blocks64(uint64_t h[3], const uint64_t r[2], const uint8_t *m, size_t nblocks, uint64_t hibit);
void jc_poly1305_final64(const uint64_t h[3], const uint64_t pad[2], uint8_t tag[16]);
/* A radix-2^44 accumulator (limbs below 2^45) as the radix-2^64 one above, and back (h[2] at most 4 gives limbs of
 * 44, 44 and at most 43 bits; a clamped r with h[2] = 0 comes out as the state's r). */
void jc_poly1305_from44(const uint64_t h[3], uint64_t out[3]);
void jc_poly1305_to44(const uint64_t h[3], uint64_t out[3]);
/* A state's accumulator and key in radix 2^64, and the accumulator back, for callers that run radix-2^64 code on
 * it (the AEAD's interleaved pass, jc_xor_mac_fn); buflen must be 0. */
void jc_poly1305_get64(const jc_poly1305 *st, uint64_t h[3], uint64_t r[2]);
void jc_poly1305_set64(jc_poly1305 *st, const uint64_t h[3]);
/* 1 if the two 16-byte tags are equal; no branch or index depends on their bytes. The difference is gathered in a
 * register the compiler cannot see into, so it cannot stop early. (A volatile byte accumulator would do the same
 * with a 16-link store-to-load chain, slower: docs/bench/tuning.md#aead-tag-compare.) Shared by the AEAD and the
 * SSH packet open. */
static inline int jc_poly1305_tags_equal(const uint8_t a[16], const uint8_t b[16])
{
    uint64_t a0, a1, b0, b1;
    memcpy(&a0, a, 8);
    memcpy(&a1, a + 8, 8);
    memcpy(&b0, b, 8);
    memcpy(&b1, b + 8, 8);
    uint64_t d = (a0 ^ b0) | (a1 ^ b1);
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(d));
#else
    volatile uint64_t hide = d;
    d = hide;
#endif
    /* d | -d has its top bit set exactly when d != 0 */
    return (int)(((d | (0 - d)) >> 63) ^ 1);
}

/* out = a * b mod p (partially reduced, limbs < 2^45); out may alias a or b. Inline: the AVX2 kernel's power
 * table runs a few back to back. */
static inline void jc_poly1305_mul(uint64_t out[3], const uint64_t a[3], const uint64_t b[3])
{
    typedef unsigned __int128 wide;
    const uint64_t m44 = 0xfffffffffffULL, m42 = 0x3ffffffffffULL, s1 = b[1] * 20, s2 = b[2] * 20;
    wide d0 = (wide)a[0] * b[0] + (wide)a[1] * s2 + (wide)a[2] * s1;
    wide d1 = (wide)a[0] * b[1] + (wide)a[1] * b[0] + (wide)a[2] * s2;
    wide d2 = (wide)a[0] * b[2] + (wide)a[1] * b[1] + (wide)a[2] * b[0];
    uint64_t c = (uint64_t)(d0 >> 44), h0 = (uint64_t)d0 & m44;
    d1 += c;
    c = (uint64_t)(d1 >> 44);
    uint64_t h1 = (uint64_t)d1 & m44;
    d2 += c;
    c = (uint64_t)(d2 >> 42);
    uint64_t h2 = (uint64_t)d2 & m42;
    h0 += c * 5;
    c = h0 >> 44;
    h0 &= m44;
    h1 += c;
    out[0] = h0;
    out[1] = h1;
    out[2] = h2;
}

#ifdef __cplusplus
}
#endif

#endif
