// SPDX-License-Identifier: Apache-2.0
/*
 * AVX2 Poly1305 (compiled with JCHACHA_FLAGS_POLY_AVX2, default -mavx2; run only after dispatch.c saw AVX2 and
 * YMM state). Four blocks per pass: lane i of four 64-bit lanes carries every fourth block in 26-bit limbs
 * (vpmuludq: 25 products per 4 blocks), h = (h + m) * r^4 per pass, and the last pass multiplies the lanes by
 * r^4, r^2, r^3, r^1 (the lane order the 64-bit unpack of two 32-byte loads gives) before they are summed.
 * Entry and exit convert between the shared radix-2^44 state and 26-bit limbs.
 */
#include "poly1305.h"

#include <immintrin.h>

typedef unsigned __int128 u128;

/*
 * Blocks below which the scalar code runs (it also does the 0..3 blocks left after the vector passes).
 * Measured on Zen 4 (2 shared cores, noisy; best of 7; ns per call including the per-message power table
 * setup; bench_aead --poly-blocks with the thresholds lowered at build time):
 *   blocks      4    8   12   16   24   32   40
 *   portable   29   56   84  112  163  215  267
 *   avx2       64   75   85   95  115  218  160
 *   avx512ifma 32   81  119   93  101  110  113
 * Both vector kernels win from about 16 blocks (256 bytes).
 */
#ifndef JC_POLY_AVX2_MIN
#define JC_POLY_AVX2_MIN 16
#endif

#define M26 0x3ffffffULL
#define M44 0xfffffffffffULL
#define M42 0x3ffffffffffULL

static void to26(const uint64_t h[3], uint64_t l[5])
{
    u128 a = (u128)h[0] + ((u128)h[1] << 44);          /* < 2^110 */
    uint64_t lo = (uint64_t)a;
    u128 m = (a >> 64) + ((u128)h[2] << 24);             /* < 2^70 */
    uint64_t hi = (uint64_t)m, top = (uint64_t)(m >> 64);
    l[0] = lo & M26;
    l[1] = (lo >> 26) & M26;
    l[2] = ((lo >> 52) | (hi << 12)) & M26;
    l[3] = (hi >> 14) & M26;
    l[4] = (hi >> 40) | (top << 24);
}

static void from26(const uint64_t l[5], uint64_t h[3])
{
    u128 acc = (u128)l[0] + ((u128)l[1] << 26) + ((u128)l[2] << 52);
    uint64_t h0 = (uint64_t)acc & M44;
    acc >>= 44;
    acc += ((u128)l[3] << 34) + ((u128)l[4] << 60);
    uint64_t h1 = (uint64_t)acc & M44;
    acc >>= 44;
    uint64_t h2 = (uint64_t)acc, c;
    c = h2 >> 42; h2 &= M42; h0 += c * 5;
    c = h0 >> 44; h0 &= M44; h1 += c;
    h[0] = h0;
    h[1] = h1;
    h[2] = h2;
}

static void setup(jc_poly1305 *st)
{
    uint64_t p[3] = {st->r[0], st->r[1], st->r[2]}, l[5];
    for (int k = 0; k < 4; k++) {
        if (k > 0)
            jc_poly1305_mul(p, p, st->r);
        to26(p, l);
        for (int i = 0; i < 5; i++)
            st->avx2_pow[k][i] = (uint32_t)l[i];
        for (int i = 1; i < 5; i++)
            st->avx2_pow[k][4 + i] = (uint32_t)(l[i] * 5);
        st->avx2_pow[k][9] = 0;
    }
    st->tables |= JC_POLY_TAB_AVX2;
}

#define MUL(a, b) _mm256_mul_epu32(a, b)
#define ADD(a, b) _mm256_add_epi64(a, b)

void jc_poly1305_blocks_avx2(jc_poly1305 *st, const uint8_t *m, size_t nblocks)
{
    if (nblocks < JC_POLY_AVX2_MIN) {
        jc_poly1305_scalar(st->h, st->r, m, nblocks, (uint64_t)1 << 40);
        return;
    }
    if (!(st->tables & JC_POLY_TAB_AVX2))
        setup(st);
    size_t groups = nblocks / 4;
    const __m256i mask = _mm256_set1_epi64x(M26), hibit = _mm256_set1_epi64x(1 << 24);
    const uint32_t(*pw)[10] = (const uint32_t(*)[10])st->avx2_pow;
    /* r^4 broadcast */
    const __m256i r0 = _mm256_set1_epi64x(pw[3][0]), r1 = _mm256_set1_epi64x(pw[3][1]),
                  r2 = _mm256_set1_epi64x(pw[3][2]), r3 = _mm256_set1_epi64x(pw[3][3]),
                  r4 = _mm256_set1_epi64x(pw[3][4]), s1 = _mm256_set1_epi64x(pw[3][5]),
                  s2 = _mm256_set1_epi64x(pw[3][6]), s3 = _mm256_set1_epi64x(pw[3][7]),
                  s4 = _mm256_set1_epi64x(pw[3][8]);
    uint64_t l[5];
    to26(st->h, l);
    __m256i h0 = _mm256_set_epi64x(0, 0, 0, (long long)l[0]), h1 = _mm256_set_epi64x(0, 0, 0, (long long)l[1]),
            h2 = _mm256_set_epi64x(0, 0, 0, (long long)l[2]), h3 = _mm256_set_epi64x(0, 0, 0, (long long)l[3]),
            h4 = _mm256_set_epi64x(0, 0, 0, (long long)l[4]);
    __m256i d0, d1, d2, d3, d4;
    for (size_t g = 0; g < groups; g++, m += 64) {
        __m256i a = _mm256_loadu_si256((const __m256i *)m), b = _mm256_loadu_si256((const __m256i *)(m + 32));
        __m256i lo = _mm256_unpacklo_epi64(a, b), hi = _mm256_unpackhi_epi64(a, b);
        h0 = ADD(h0, _mm256_and_si256(lo, mask));
        h1 = ADD(h1, _mm256_and_si256(_mm256_srli_epi64(lo, 26), mask));
        h2 = ADD(h2, _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi64(lo, 52), _mm256_slli_epi64(hi, 12)), mask));
        h3 = ADD(h3, _mm256_and_si256(_mm256_srli_epi64(hi, 14), mask));
        h4 = ADD(h4, _mm256_or_si256(_mm256_srli_epi64(hi, 40), hibit));
        __m256i R0 = r0, R1 = r1, R2 = r2, R3 = r3, R4 = r4, S1 = s1, S2 = s2, S3 = s3, S4 = s4;
        if (g + 1 == groups) { /* lanes hold blocks 0, 2, 1, 3 of the pass: r^4, r^2, r^3, r^1 */
#define LANES(i) _mm256_set_epi64x(pw[0][i], pw[2][i], pw[1][i], pw[3][i])
            R0 = LANES(0); R1 = LANES(1); R2 = LANES(2); R3 = LANES(3); R4 = LANES(4);
            S1 = LANES(5); S2 = LANES(6); S3 = LANES(7); S4 = LANES(8);
#undef LANES
        }
        d0 = ADD(ADD(ADD(MUL(h0, R0), MUL(h1, S4)), ADD(MUL(h2, S3), MUL(h3, S2))), MUL(h4, S1));
        d1 = ADD(ADD(ADD(MUL(h0, R1), MUL(h1, R0)), ADD(MUL(h2, S4), MUL(h3, S3))), MUL(h4, S2));
        d2 = ADD(ADD(ADD(MUL(h0, R2), MUL(h1, R1)), ADD(MUL(h2, R0), MUL(h3, S4))), MUL(h4, S3));
        d3 = ADD(ADD(ADD(MUL(h0, R3), MUL(h1, R2)), ADD(MUL(h2, R1), MUL(h3, R0))), MUL(h4, S4));
        d4 = ADD(ADD(ADD(MUL(h0, R4), MUL(h1, R3)), ADD(MUL(h2, R2), MUL(h3, R1))), MUL(h4, R0));
        __m256i c;
        c = _mm256_srli_epi64(d0, 26); h0 = _mm256_and_si256(d0, mask); d1 = ADD(d1, c);
        c = _mm256_srli_epi64(d3, 26); h3 = _mm256_and_si256(d3, mask); d4 = ADD(d4, c);
        c = _mm256_srli_epi64(d1, 26); h1 = _mm256_and_si256(d1, mask); d2 = ADD(d2, c);
        c = _mm256_srli_epi64(d4, 26); h4 = _mm256_and_si256(d4, mask);
        h0 = ADD(h0, ADD(c, _mm256_slli_epi64(c, 2)));
        c = _mm256_srli_epi64(d2, 26); h2 = _mm256_and_si256(d2, mask); h3 = ADD(h3, c);
        c = _mm256_srli_epi64(h0, 26); h0 = _mm256_and_si256(h0, mask); h1 = ADD(h1, c);
        c = _mm256_srli_epi64(h3, 26); h3 = _mm256_and_si256(h3, mask); h4 = ADD(h4, c);
    }
    /* sum the lanes */
    __m256i hv[5] = {h0, h1, h2, h3, h4};
    for (int i = 0; i < 5; i++) {
        __m128i x = _mm_add_epi64(_mm256_castsi256_si128(hv[i]), _mm256_extracti128_si256(hv[i], 1));
        x = _mm_add_epi64(x, _mm_unpackhi_epi64(x, x));
        l[i] = (uint64_t)_mm_cvtsi128_si64(x);
    }
    from26(l, st->h);
    size_t rest = nblocks - groups * 4;
    if (rest > 0)
        jc_poly1305_scalar(st->h, st->r, m, rest, (uint64_t)1 << 40);
}
