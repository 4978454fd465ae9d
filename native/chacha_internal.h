// SPDX-License-Identifier: Apache-2.0
/*
 * Small helpers shared by the kernel translation units (static inline: each TU gets its own copy, compiled
 * with that TU's flags, so nothing built for a wide ISA leaks into code that runs before dispatch).
 */
#ifndef JCHACHA_INTERNAL_H
#define JCHACHA_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* "expand 32-byte k" */
#define JC_SIGMA0 0x61707865u
#define JC_SIGMA1 0x3320646eu
#define JC_SIGMA2 0x79622d32u
#define JC_SIGMA3 0x6b206574u

/* Byte-explicit little-endian access: correct on any endianness; GCC and Clang fold it into one plain load or
 * store on little-endian targets (and a load+bswap on big-endian ones). */
static inline uint32_t jc_load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static inline void jc_store32_le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* out[i] = (in ? in[i] : 0) ^ ks[i] for i < n; in may equal out. Used where a message ends inside a keystream
 * vector or block, whose bytes were copied to the stack. */
static inline void jc_xor_tail(const uint8_t *in, uint8_t *out, const uint8_t *ks, size_t n)
{
    size_t i = 0;
    if (in == NULL) {
        memcpy(out, ks, n);
        return;
    }
    for (; i + 8 <= n; i += 8) {
        uint64_t a, b;
        memcpy(&a, in + i, 8);
        memcpy(&b, ks + i, 8);
        a ^= b;
        memcpy(out + i, &a, 8);
    }
    for (; i < n; i++)
        out[i] = (uint8_t)(in[i] ^ ks[i]);
}

/* Counter words of block `blk` of a call: (lo, hi) = state[12], state[13] advanced by blk, with the carry
 * into word 13 only when counter64. */
static inline void jc_counter_at(const uint32_t state[16], int counter64, size_t blk, uint32_t *lo, uint32_t *hi)
{
    if (counter64) {
        uint64_t c = (((uint64_t)state[13] << 32) | state[12]) + (uint64_t)blk;
        *lo = (uint32_t)c;
        *hi = (uint32_t)(c >> 32);
    } else {
        *lo = state[12] + (uint32_t)blk;
        *hi = state[13];
    }
}

#endif
