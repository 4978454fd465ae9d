// SPDX-License-Identifier: Apache-2.0
/*
 * What the C tests share: pass/fail counters with a CHECK macro (the first 30 failures are printed), hex
 * decoding for known-answer vectors, and a seeded xorshift generator for random inputs (a test that uses it
 * defines TEST_RNG_SEED before including this header, so each test keeps its own reproducible sequence).
 * Header-only: each test is its own executable.
 */
#ifndef JCHACHA_TEST_SUPPORT_H
#define JCHACHA_TEST_SUPPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

static long passed, failed;

#define CHECK(cond, ...)                                                                                               \
    do {                                                                                                               \
        if (cond) {                                                                                                    \
            passed++;                                                                                                  \
        } else {                                                                                                       \
            if (++failed <= 30) {                                                                                      \
                printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                            \
                printf(__VA_ARGS__);                                                                                   \
                printf("\n");                                                                                          \
            }                                                                                                          \
        }                                                                                                              \
    } while (0)

static inline size_t unhex(const char *h, uint8_t *out)
{
    size_t n = 0;
    int hi = -1;
    for (; *h; h++) {
        int v;
        if (*h >= '0' && *h <= '9')
            v = *h - '0';
        else if (*h >= 'a' && *h <= 'f')
            v = *h - 'a' + 10;
        else if (*h >= 'A' && *h <= 'F')
            v = *h - 'A' + 10;
        else
            continue;
        if (hi < 0) {
            hi = v;
        } else {
            out[n++] = (uint8_t)(hi << 4 | v);
            hi = -1;
        }
    }
    return n;
}

#ifdef TEST_RNG_SEED
static uint64_t rng_state = TEST_RNG_SEED;
static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}
static inline void fill(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)rnd();
}
#endif

#endif
