// SPDX-License-Identifier: Apache-2.0
/*
 * Portable Poly1305: radix 2^44 (3 limbs) with 64x64->128-bit products (unsigned __int128: GCC and Clang on
 * every 64-bit target, MinGW-w64 included). Always compiled in; the reference for the SIMD kernels.
 */
#include "poly1305.h"

typedef unsigned __int128 u128;

#define M44 0xfffffffffffULL
#define M42 0x3ffffffffffULL

static inline uint64_t le64(const uint8_t *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
           (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

void jc_poly1305_scalar(uint64_t h[3], const uint64_t r[3], const uint8_t *m, size_t nblocks, uint64_t hibit)
{
    const uint64_t r0 = r[0], r1 = r[1], r2 = r[2];
    const uint64_t s1 = r1 * 20, s2 = r2 * 20; /* 2^132 = 4 * 2^130 = 20 mod p */
    uint64_t h0 = h[0], h1 = h[1], h2 = h[2];
    for (; nblocks > 0; nblocks--, m += 16) {
        uint64_t t0 = le64(m), t1 = le64(m + 8);
        h0 += t0 & M44;
        h1 += ((t0 >> 44) | (t1 << 20)) & M44;
        h2 += ((t1 >> 24) & M42) | hibit;
        u128 d0 = (u128)h0 * r0 + (u128)h1 * s2 + (u128)h2 * s1;
        u128 d1 = (u128)h0 * r1 + (u128)h1 * r0 + (u128)h2 * s2;
        u128 d2 = (u128)h0 * r2 + (u128)h1 * r1 + (u128)h2 * r0;
        uint64_t c = (uint64_t)(d0 >> 44);
        h0 = (uint64_t)d0 & M44;
        d1 += c;
        c = (uint64_t)(d1 >> 44);
        h1 = (uint64_t)d1 & M44;
        d2 += c;
        c = (uint64_t)(d2 >> 42);
        h2 = (uint64_t)d2 & M42;
        h0 += c * 5;
        c = h0 >> 44;
        h0 &= M44;
        h1 += c;
    }
    h[0] = h0;
    h[1] = h1;
    h[2] = h2;
}

void jc_poly1305_mul(uint64_t out[3], const uint64_t a[3], const uint64_t b[3])
{
    const uint64_t s1 = b[1] * 20, s2 = b[2] * 20;
    u128 d0 = (u128)a[0] * b[0] + (u128)a[1] * s2 + (u128)a[2] * s1;
    u128 d1 = (u128)a[0] * b[1] + (u128)a[1] * b[0] + (u128)a[2] * s2;
    u128 d2 = (u128)a[0] * b[2] + (u128)a[1] * b[1] + (u128)a[2] * b[0];
    uint64_t c = (uint64_t)(d0 >> 44), h0 = (uint64_t)d0 & M44;
    d1 += c;
    c = (uint64_t)(d1 >> 44);
    uint64_t h1 = (uint64_t)d1 & M44;
    d2 += c;
    c = (uint64_t)(d2 >> 42);
    uint64_t h2 = (uint64_t)d2 & M42;
    h0 += c * 5;
    c = h0 >> 44;
    h0 &= M44;
    h1 += c;
    out[0] = h0;
    out[1] = h1;
    out[2] = h2;
}

void jc_poly1305_blocks_portable(jc_poly1305 *st, const uint8_t *m, size_t nblocks)
{
    jc_poly1305_scalar(st->h, st->r, m, nblocks, (uint64_t)1 << 40);
}
