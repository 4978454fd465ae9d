// SPDX-License-Identifier: Apache-2.0
/*
 * Portable Poly1305: the scalar core every kernel shares (always compiled in; the reference for the SIMD kernels).
 *
 * The core works in radix 2^64: h = h0 + h1 2^64 + h2 2^128 with h2 at most 4 between blocks, and r = r0 + r1 2^64
 * as clamped (r0, r1 < 2^60, r1 a multiple of 4). A block takes four 64x64->128-bit products and two small ones:
 * h1 r1 2^128 = h1 (r1 / 4) 2^130 = 5 h1 (r1 / 4) mod p, so r1 enters the low word as s1 = r1 + r1 / 4. Bounds, per
 * block: h2 <= 4 + 1 (carry) + 1 (2^128 bit) < 8, so h2 s1 < 2^64 and h2 r0 < 2^63; d0, d1 < 2^126; d2 < 2^63 + 2^62;
 * folding d2's bits from 2^130 up as 5 (d2 / 4) leaves h2 = (d2 mod 4) + carry <= 4. Unsigned __int128 products
 * (GCC and Clang on every 64-bit target, MinGW-w64 included); carries are flags (add/adc, setc), never branches.
 *
 * Radix 2^64 because four products a block beat radix 2^44's nine (docs/bench/tuning.md#poly1305-radix-2-64). The
 * shared state (poly1305.h) stays in radix 2^44, the AVX-512 IFMA kernel's own representation: jc_poly1305_scalar
 * converts on entry and exit.
 */
#include "poly1305.h"

typedef unsigned __int128 u128;

#define M44 0xfffffffffffULL
#define M42 0x3ffffffffffULL

static inline uint64_t le64(const uint8_t *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 |
           (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

void jc_poly1305_key64(const uint8_t key[32], uint64_t r[2], uint64_t pad[2])
{
    r[0] = le64(key) & 0x0ffffffc0fffffffULL;
    r[1] = le64(key + 8) & 0x0ffffffc0ffffffcULL;
    pad[0] = le64(key + 16);
    pad[1] = le64(key + 24);
}

void jc_poly1305_blocks64(uint64_t h[3], const uint64_t r[2], const uint8_t *m, size_t nblocks, uint64_t hibit)
{
    const uint64_t r0 = r[0], r1 = r[1], s1 = r1 + (r1 >> 2);
    uint64_t h0 = h[0], h1 = h[1], h2 = h[2];
    for (; nblocks > 0; nblocks--, m += 16) {
        uint64_t t0 = le64(m), t1 = le64(m + 8), c, c1;
        h0 += t0;
        c = h0 < t0;
        h1 += c;
        c1 = h1 < c;
        h1 += t1;
        c1 += h1 < t1;
        h2 += c1 + hibit;
        u128 d0 = (u128)h0 * r0 + (u128)h1 * s1;
        u128 d1 = (u128)h0 * r1 + (u128)h1 * r0 + (uint64_t)(d0 >> 64) + h2 * s1;
        uint64_t d2 = h2 * r0 + (uint64_t)(d1 >> 64);
        h0 = (uint64_t)d0;
        h1 = (uint64_t)d1;
        c = (d2 & ~(uint64_t)3) + (d2 >> 2); /* 5 * (d2 / 4): the bits from 2^130 up */
        h2 = d2 & 3;
        h0 += c;
        c = h0 < c;
        h1 += c;
        c = h1 < c;
        h2 += c;
    }
    h[0] = h0;
    h[1] = h1;
    h[2] = h2;
}

void jc_poly1305_final64(const uint64_t h[3], const uint64_t pad[2], uint8_t tag[16])
{
    /* h <= 4 * 2^128 + 2^128 - 1 < 2p, so one conditional subtraction of p reduces it: g = h + 5 - 2^130, taken
     * when it reaches 2^130 (g2 / 4 is then 1, else 0) */
    uint64_t h0 = h[0], h1 = h[1];
    uint64_t g0 = h0 + 5, c = g0 < 5;
    uint64_t g1 = h1 + c;
    c = g1 < c;
    uint64_t use_g = 0 - ((h[2] + c) >> 2);
    h0 = (h0 & ~use_g) | (g0 & use_g);
    h1 = (h1 & ~use_g) | (g1 & use_g);
    /* tag = h + s mod 2^128 */
    h0 += pad[0];
    c = h0 < pad[0];
    h1 += pad[1] + c;
    for (int i = 0; i < 8; i++) {
        tag[i] = (uint8_t)(h0 >> (8 * i));
        tag[8 + i] = (uint8_t)(h1 >> (8 * i));
    }
}

void jc_poly1305_from44(const uint64_t h[3], uint64_t out[3])
{
    /* limbs below 2^45: carry them into 44, 44, 42 bits (the top one's excess back as * 5), then repack */
    uint64_t h0 = h[0], h1 = h[1], h2 = h[2], c;
    // clang-format off
    c = h0 >> 44; h0 &= M44; h1 += c;
    c = h1 >> 44; h1 &= M44; h2 += c;
    c = h2 >> 42; h2 &= M42; h0 += c * 5; /* h0 < 2^44 + 5 * 2^4 */
    // clang-format on
    uint64_t o0 = h0 + (h1 << 44);
    c = o0 < h0;
    uint64_t o1 = ((h1 >> 20) | (h2 << 24)) + c;
    c = o1 < c;
    out[0] = o0;
    out[1] = o1;
    out[2] = (h2 >> 40) + c; /* <= 4 */
}

void jc_poly1305_to44(const uint64_t h[3], uint64_t out[3])
{
    out[0] = h[0] & M44;
    out[1] = ((h[0] >> 44) | (h[1] << 20)) & M44;
    out[2] = (h[1] >> 24) | (h[2] << 40); /* h2 <= 4: below 2^43 */
}

static void r_to64(const uint64_t r[3], uint64_t out[2])
{
    out[0] = r[0] | (r[1] << 44);
    out[1] = (r[1] >> 20) | (r[2] << 24);
}

void jc_poly1305_scalar(uint64_t h[3], const uint64_t r[3], const uint8_t *m, size_t nblocks, uint64_t hibit)
{
    if (nblocks == 0)
        return;
    uint64_t h64[3], r64[2];
    r_to64(r, r64);
    jc_poly1305_from44(h, h64);
    jc_poly1305_blocks64(h64, r64, m, nblocks, hibit != 0);
    jc_poly1305_to44(h64, h);
    jc_wipe(h64, sizeof h64);
    jc_wipe(r64, sizeof r64);
}

void jc_poly1305_get64(const jc_poly1305 *st, uint64_t h[3], uint64_t r[2])
{
    jc_poly1305_from44(st->h, h);
    r_to64(st->r, r);
}

void jc_poly1305_set64(jc_poly1305 *st, const uint64_t h[3])
{
    jc_poly1305_to44(h, st->h);
}

void jc_poly1305_blocks_portable(jc_poly1305 *st, const uint8_t *m, size_t nblocks)
{
    jc_poly1305_scalar(st->h, st->r, m, nblocks, (uint64_t)1 << 40);
}
