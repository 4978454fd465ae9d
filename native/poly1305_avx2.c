// SPDX-License-Identifier: Apache-2.0
/*
 * AVX2 Poly1305 (compiled with JCHACHA_FLAGS_POLY_AVX2, default -mavx2; run only after dispatch.c saw AVX2 and
 * YMM state). Lane i of four 64-bit lanes carries every fourth block in 26-bit limbs (vpmuludq: 25 products per
 * four blocks per multiplier). Long inputs go eight blocks per pass, h = (h + m[0..3]) * r^8 + m[4..7] * r^4:
 * two products summed before one reduction, whose latency the message product (independent of h) hides; shorter
 * ones four per pass, h = (h + m) * r^4. The last pass multiplies the lanes by r^4, r^2, r^3, r^1 (the lane order
 * the 64-bit unpack of two 32-byte loads gives; r^8, r^6, r^7, r^5 for the first half of a last eight) before
 * they are summed. Entry and exit convert between the shared radix-2^44 state and 26-bit limbs. Eights against
 * fours only: docs/bench/tuning.md#poly1305-avx2-kernel.
 */
#include "poly1305.h"

#include <immintrin.h>

typedef unsigned __int128 u128;

/*
 * Blocks below which the scalar code runs (it also does the 0..3 blocks left after the vector passes; below it the
 * radix-2^64 core is as fast or faster), and from which the passes take eight blocks (the per-message setup then
 * also computes r^5..r^8: one vector product, which shorter inputs do not repay).
 * docs/bench/tuning.md#poly1305-avx2-thresholds
 */
#ifndef JC_POLY_AVX2_MIN
#define JC_POLY_AVX2_MIN 24
#endif
#ifndef JC_POLY_AVX2_MIN8
#define JC_POLY_AVX2_MIN8 32
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
    // clang-format off
    c = h2 >> 42; h2 &= M42; h0 += c * 5;
    c = h0 >> 44; h0 &= M44; h1 += c;
    // clang-format on
    h[0] = h0;
    h[1] = h1;
    h[2] = h2;
}

/* A multiplier per lane: limbs r0..r4, then s1..s4 = 5 * r1..r4 (2^130 = 5 mod p; s[0] unused). */
typedef struct {
    __m256i r[5], s[5];
} pow5;

#define MUL(a, b) _mm256_mul_epu32(a, b)
#define ADD(a, b) _mm256_add_epi64(a, b)

/* Power table t as it stands, a multiplier per lane: r^4, r^2, r^3, r^1 (t = 0) or r^8, r^6, r^7, r^5 (t = 1). */
static inline pow5 lanes(const jc_poly1305 *st, int t)
{
    pow5 p;
    p.s[0] = _mm256_setzero_si256();
    for (int i = 0; i < 5; i++)
        p.r[i] = _mm256_cvtepu32_epi64(_mm_loadu_si128((const __m128i *)st->avx2_pow[t][i]));
    for (int i = 1; i < 5; i++)
        p.s[i] = _mm256_cvtepu32_epi64(_mm_loadu_si128((const __m128i *)st->avx2_pow[t][4 + i]));
    return p;
}

/* Lane 0 of power table t in every lane: r^4 (t = 0) or r^8 (t = 1). */
static inline pow5 broadcast(const jc_poly1305 *st, int t)
{
    pow5 p;
    p.s[0] = _mm256_setzero_si256();
    for (int i = 0; i < 5; i++)
        p.r[i] = _mm256_set1_epi64x(st->avx2_pow[t][i][0]);
    for (int i = 1; i < 5; i++)
        p.s[i] = _mm256_set1_epi64x(st->avx2_pow[t][4 + i][0]);
    return p;
}

/*
 * d += x * p, limb-wise (25 products), one input limb at a time; the empty asm after each limb keeps the compiler
 * from hoisting all products ahead of their sums (GCC 12 did, and spilled them:
 * docs/bench/tuning.md#poly1305-avx2-kernel).
 */
static inline void mul_add(__m256i d[5], const __m256i x[5], const pow5 *p)
{
    const __m256i *r = p->r, *s = p->s;
// clang-format off
#define COLUMN(j, p0, p1, p2, p3, p4)                                                                           \
    d[0] = ADD(d[0], MUL(x[j], p0)); d[1] = ADD(d[1], MUL(x[j], p1)); d[2] = ADD(d[2], MUL(x[j], p2));          \
    d[3] = ADD(d[3], MUL(x[j], p3)); d[4] = ADD(d[4], MUL(x[j], p4));                                           \
    __asm__("" : "+x"(d[0]), "+x"(d[1]), "+x"(d[2]), "+x"(d[3]), "+x"(d[4]))
// clang-format on
    COLUMN(0, r[0], r[1], r[2], r[3], r[4]);
    COLUMN(1, s[4], r[0], r[1], r[2], r[3]);
    COLUMN(2, s[3], s[4], r[0], r[1], r[2]);
    COLUMN(3, s[2], s[3], s[4], r[0], r[1]);
    COLUMN(4, s[1], s[2], s[3], s[4], r[0]);
#undef COLUMN
}

/*
 * h = d mod p, partially, two ways; both leave h1 < 2^26 + 2^13, h4 < 2^26 + 2^7 and the other limbs below 2^26,
 * and accept d_i below 2^59 (at most ten products of a limb below 2^27.1 and a multiplier limb below 2^28.4).
 * reduce4: two interleaved carry chains, d0 -> d1 -> d2 -> h3 -> h4 and d3 -> d4 -> (times 5) h0 -> h1 (seven
 * carries, short latency: the four-block loop waits on it). reduce8: one chain d0 -> d1 -> d2 -> d3 -> d4 ->
 * (times 5) h0 -> h1 (six carries, fewer instructions: the eight-block loop has work to hide its latency).
 */
static inline void reduce4(__m256i h[5], __m256i d[5])
{
    const __m256i mask = _mm256_set1_epi64x(M26);
    __m256i c;
    // clang-format off
    c = _mm256_srli_epi64(d[0], 26); h[0] = _mm256_and_si256(d[0], mask); d[1] = ADD(d[1], c);
    c = _mm256_srli_epi64(d[3], 26); h[3] = _mm256_and_si256(d[3], mask); d[4] = ADD(d[4], c);
    c = _mm256_srli_epi64(d[1], 26); h[1] = _mm256_and_si256(d[1], mask); d[2] = ADD(d[2], c);
    c = _mm256_srli_epi64(d[4], 26); h[4] = _mm256_and_si256(d[4], mask);
    h[0] = ADD(h[0], ADD(c, _mm256_slli_epi64(c, 2)));
    c = _mm256_srli_epi64(d[2], 26); h[2] = _mm256_and_si256(d[2], mask); h[3] = ADD(h[3], c);
    c = _mm256_srli_epi64(h[0], 26); h[0] = _mm256_and_si256(h[0], mask); h[1] = ADD(h[1], c);
    c = _mm256_srli_epi64(h[3], 26); h[3] = _mm256_and_si256(h[3], mask); h[4] = ADD(h[4], c);
}

static inline void reduce8(__m256i h[5], __m256i d[5])
{
    const __m256i mask = _mm256_set1_epi64x(M26);
    __m256i c;
    c = _mm256_srli_epi64(d[0], 26); h[0] = _mm256_and_si256(d[0], mask); d[1] = ADD(d[1], c);
    c = _mm256_srli_epi64(d[1], 26); h[1] = _mm256_and_si256(d[1], mask); d[2] = ADD(d[2], c);
    c = _mm256_srli_epi64(d[2], 26); h[2] = _mm256_and_si256(d[2], mask); d[3] = ADD(d[3], c);
    c = _mm256_srli_epi64(d[3], 26); h[3] = _mm256_and_si256(d[3], mask); d[4] = ADD(d[4], c);
    c = _mm256_srli_epi64(d[4], 26); h[4] = _mm256_and_si256(d[4], mask);
    h[0] = ADD(h[0], ADD(c, _mm256_slli_epi64(c, 2)));
    c = _mm256_srli_epi64(h[0], 26); h[0] = _mm256_and_si256(h[0], mask); h[1] = ADD(h[1], c);
    // clang-format on
}

/* Four blocks (64 bytes) as 26-bit limbs with the 2^128 bit; lanes hold blocks 0, 2, 1, 3. */
static inline void split(__m256i x[5], const uint8_t *m)
{
    const __m256i mask = _mm256_set1_epi64x(M26), hibit = _mm256_set1_epi64x(1 << 24);
    __m256i a = _mm256_loadu_si256((const __m256i *)m), b = _mm256_loadu_si256((const __m256i *)(m + 32));
    __m256i lo = _mm256_unpacklo_epi64(a, b), hi = _mm256_unpackhi_epi64(a, b);
    x[0] = _mm256_and_si256(lo, mask);
    x[1] = _mm256_and_si256(_mm256_srli_epi64(lo, 26), mask);
    x[2] = _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi64(lo, 52), _mm256_slli_epi64(hi, 12)), mask);
    x[3] = _mm256_and_si256(_mm256_srli_epi64(hi, 14), mask);
    x[4] = _mm256_or_si256(_mm256_srli_epi64(hi, 40), hibit);
}

/* h = (h + m) * p over four blocks. */
static inline void pass4(__m256i h[5], const uint8_t *m, const pow5 *p)
{
    __m256i x[5], d[5];
    split(x, m);
    for (int i = 0; i < 5; i++) {
        x[i] = ADD(h[i], x[i]);
        d[i] = _mm256_setzero_si256();
    }
    mul_add(d, x, p);
    reduce4(h, d);
}

/* h = (h + m[0..63]) * ph + m[64..127] * pm over eight blocks: two products, one reduction. */
static inline void pass8(__m256i h[5], const uint8_t *m, const pow5 *ph, const pow5 *pm)
{
    __m256i x[5], y[5], d[5];
    split(y, m + 64);
    for (int i = 0; i < 5; i++)
        d[i] = _mm256_setzero_si256();
    mul_add(d, y, pm); /* first: it does not wait for h */
    split(x, m);
    for (int i = 0; i < 5; i++)
        x[i] = ADD(h[i], x[i]);
    mul_add(d, x, ph);
    reduce8(h, d);
}

/* r^1..r^4 into power table 0 (scalar, then split into 26-bit limbs). Each row goes in one 16-byte store: the
 * 16-byte loads that read it could not take their data from four pending 4-byte stores. */
static void setup4(jc_poly1305 *st)
{
    uint64_t p[3] = {st->r[0], st->r[1], st->r[2]}, l[4][5];
    for (int k = 0; k < 4; k++) {
        if (k > 0)
            jc_poly1305_mul(p, p, st->r);
        to26(p, l[k]);
    }
    /* lanes r^4, r^2, r^3, r^1 */
    for (int i = 0; i < 5; i++)
        _mm_storeu_si128((__m128i *)st->avx2_pow[0][i],
                         _mm_setr_epi32((int)l[3][i], (int)l[1][i], (int)l[2][i], (int)l[0][i]));
    for (int i = 1; i < 5; i++)
        _mm_storeu_si128((__m128i *)st->avx2_pow[0][4 + i], _mm_setr_epi32((int)(5 * l[3][i]), (int)(5 * l[1][i]),
                                                                           (int)(5 * l[2][i]), (int)(5 * l[0][i])));
    st->tables |= JC_POLY_TAB_AVX2;
}

/* Power table 1, r^8, r^6, r^7, r^5: table 0 times r^4 in one vector product (limbs as reduce leaves them). */
static void setup8(jc_poly1305 *st)
{
    const __m256i even = _mm256_setr_epi32(0, 2, 4, 6, 0, 0, 0, 0);
    pow5 r4 = broadcast(st, 0), row = lanes(st, 0);
    __m256i d[5], h[5];
    for (int i = 0; i < 5; i++)
        d[i] = _mm256_setzero_si256();
    mul_add(d, row.r, &r4);
    reduce8(h, d);
    for (int i = 0; i < 5; i++) {
        __m256i s = ADD(h[i], _mm256_slli_epi64(h[i], 2));
        _mm_storeu_si128((__m128i *)st->avx2_pow[1][i],
                         _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(h[i], even)));
        if (i > 0)
            _mm_storeu_si128((__m128i *)st->avx2_pow[1][4 + i],
                             _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(s, even)));
    }
    st->tables |= JC_POLY_TAB_AVX2_8;
}

void jc_poly1305_blocks_avx2(jc_poly1305 *st, const uint8_t *m, size_t nblocks)
{
    if (nblocks < JC_POLY_AVX2_MIN) {
        jc_poly1305_scalar(st->h, st->r, m, nblocks, (uint64_t)1 << 40);
        return;
    }
    if (!(st->tables & JC_POLY_TAB_AVX2))
        setup4(st);
    size_t n4 = nblocks / 4, n8 = 0;
    if (nblocks >= JC_POLY_AVX2_MIN8) {
        if (!(st->tables & JC_POLY_TAB_AVX2_8))
            setup8(st);
        n8 = n4 / 2;
        n4 -= 2 * n8;
    }
    uint64_t l[5];
    to26(st->h, l);
    __m256i h[5];
    for (int i = 0; i < 5; i++)
        h[i] = _mm256_set_epi64x(0, 0, 0, (long long)l[i]);
    /* lanes hold blocks 0, 2, 1, 3 of each group of four: the last pass multiplies them by r^4, r^2, r^3, r^1
     * (and the first half of a last eight by r^8, r^6, r^7, r^5) */
    if (n8 > 0) {
        pow5 r8 = broadcast(st, 1), r4 = broadcast(st, 0);
        size_t full = n4 == 0 ? n8 - 1 : n8;
        for (size_t g = 0; g < full; g++, m += 128)
            pass8(h, m, &r8, &r4);
        if (full < n8) {
            pow5 hi = lanes(st, 1), lo = lanes(st, 0);
            pass8(h, m, &hi, &lo);
            m += 128;
        }
    }
    if (n4 > 0) {
        pow5 r4 = broadcast(st, 0);
        for (size_t g = 0; g + 1 < n4; g++, m += 64)
            pass4(h, m, &r4);
        pow5 last = lanes(st, 0);
        pass4(h, m, &last);
        m += 64;
    }
    /* sum the lanes */
    for (int i = 0; i < 5; i++) {
        __m128i x = _mm_add_epi64(_mm256_castsi256_si128(h[i]), _mm256_extracti128_si256(h[i], 1));
        x = _mm_add_epi64(x, _mm_unpackhi_epi64(x, x));
        l[i] = (uint64_t)_mm_cvtsi128_si64(x);
    }
    from26(l, st->h);
    size_t rest = nblocks % 4;
    if (rest > 0)
        jc_poly1305_scalar(st->h, st->r, m, rest, (uint64_t)1 << 40);
}
