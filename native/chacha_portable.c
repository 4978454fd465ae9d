// SPDX-License-Identifier: Apache-2.0
/*
 * Portable ChaCha20 kernel: scalar C99 for any architecture and endianness. Always compiled in; the reference
 * for the SIMD kernels in tests/c/test_kernels.c and the fallback on CPUs without a vector backend.
 *
 * One block per pass.
 */
#include "jchacha.h"
#include "chacha_internal.h"

#define ROTL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

// clang-format off
#define QR(a, b, c, d)                                                                                    \
    do {                                                                                                  \
        a += b; d ^= a; d = ROTL32(d, 16);                                                                \
        c += d; b ^= c; b = ROTL32(b, 12);                                                                \
        a += b; d ^= a; d = ROTL32(d, 8);                                                                 \
        c += d; b ^= c; b = ROTL32(b, 7);                                                                 \
    } while (0)
// clang-format on

/* x = permutation(x) after rounds/2 double rounds (no final add). */
static inline void permute(uint32_t x[16], int rounds)
{
    uint32_t x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3], x4 = x[4], x5 = x[5], x6 = x[6], x7 = x[7];
    uint32_t x8 = x[8], x9 = x[9], x10 = x[10], x11 = x[11], x12 = x[12], x13 = x[13], x14 = x[14], x15 = x[15];
    for (int r = 0; r < rounds; r += 2) {
        QR(x0, x4, x8, x12);
        QR(x1, x5, x9, x13);
        QR(x2, x6, x10, x14);
        QR(x3, x7, x11, x15);
        QR(x0, x5, x10, x15);
        QR(x1, x6, x11, x12);
        QR(x2, x7, x8, x13);
        QR(x3, x4, x9, x14);
    }
    // clang-format off
    x[0] = x0; x[1] = x1; x[2] = x2; x[3] = x3; x[4] = x4; x[5] = x5; x[6] = x6; x[7] = x7;
    x[8] = x8; x[9] = x9; x[10] = x10; x[11] = x11; x[12] = x12; x[13] = x13; x[14] = x14; x[15] = x15;
    // clang-format on
}

void jc_chacha_xor_portable(const uint32_t state[16], int rounds, int counter64, const uint8_t *in, uint8_t *out,
                            size_t len)
{
    uint32_t x[16], s[16];
    memcpy(s, state, sizeof s);
    for (size_t blk = 0; len > 0; blk++) {
        jc_counter_at(state, counter64, blk, &s[12], &s[13]);
        memcpy(x, s, sizeof x);
        permute(x, rounds);
        for (int i = 0; i < 16; i++)
            x[i] += s[i];
        if (len >= 64) {
            if (in != NULL) {
                for (int i = 0; i < 16; i++)
                    jc_store32_le(out + 4 * i, jc_load32_le(in + 4 * i) ^ x[i]);
                in += 64;
            } else {
                for (int i = 0; i < 16; i++)
                    jc_store32_le(out + 4 * i, x[i]);
            }
            out += 64;
            len -= 64;
        } else {
            uint8_t ks[64];
            for (int i = 0; i < 16; i++)
                jc_store32_le(ks + 4 * i, x[i]);
            jc_xor_tail(in, out, ks, len);
            jc_wipe(ks, sizeof ks);
            len = 0;
        }
    }
    jc_wipe(x, sizeof x); /* the last block's keystream */
    jc_wipe(s, sizeof s); /* the key */
}

void jc_xor_bytes_portable(const uint8_t *a, const uint8_t *b, uint8_t *out, size_t len)
{
    jc_xor_tail(a, out, b, len);
}

void jc_hchacha_portable(const uint32_t key[8], const uint32_t nonce[4], int rounds, uint32_t out[8])
{
    uint32_t x[16] = {JC_SIGMA0, JC_SIGMA1, JC_SIGMA2, JC_SIGMA3};
    memcpy(x + 4, key, 8 * sizeof(uint32_t));
    memcpy(x + 12, nonce, 4 * sizeof(uint32_t));
    permute(x, rounds);
    memcpy(out, x, 4 * sizeof(uint32_t));
    memcpy(out + 4, x + 12, 4 * sizeof(uint32_t));
    jc_wipe(x, sizeof x);
}
