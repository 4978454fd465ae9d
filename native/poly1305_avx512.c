// SPDX-License-Identifier: Apache-2.0
/*
 * AVX-512 IFMA Poly1305 (compiled with JCHACHA_FLAGS_POLY_AVX512, default -mavx512f -mavx512vl -mavx512ifma;
 * run only when dispatch.c saw AVX-512F/VL, ZMM state in XCR0 and AVX512_IFMA, CPUID.7.0:EBX bit 21).
 *
 * Eight blocks per pass in the shared radix 2^44 (limbs of 44, 44, 42 bits): lane i of eight 64-bit lanes
 * carries blocks i, i+8, ...; h = (h + m) * r^8 per pass with vpmadd52luq/vpmadd52huq (9 products, low and
 * high 52-bit halves, per 8 blocks), the last pass multiplies lane i by r^(8-i) and the lanes are summed.
 * From JC_POLY_IFMA2_MIN groups two such accumulators take alternate groups, each times r^16 per pass: one pass's
 * products and carry are a dependency chain, and two chains keep the multipliers busy.
 * High halves sit 2^52 = 2^44 * 2^8 above their limb: they are shifted left by 8 into the next limb, and the
 * top limb's, at 2^140 = 2^130 * 2^10, come back to limb 0 times 5 * 2^10. The carry after each pass is the
 * short parallel one (every limb hands its excess to the next at once), which keeps limbs below 2^44 + 2^15.
 */
#include "poly1305.h"

#include <immintrin.h>
#include <string.h>

/*
 * Blocks below which the scalar code runs (it also does the 0..7 blocks left after the vector passes), and groups of
 * eight blocks from which two accumulators run. ns per jc_poly1305_auth call (per-message power tables included),
 * gcc 12 -O3, Zen 5, best of 41 rounds alternating the thresholds in one process (set at run time for the
 * measurement only), two runs agreeing within 2 % but for single cells:
 *
 *   JC_POLY_IFMA_MIN (blocks)     8     10     12     14     16   never
 *   128 B (8 blocks)             94     69     69     69     69     69
 *   192 B (12)                  121    120    120     89     89     89
 *   224 B (14)                  130    130    130    130     99     99
 *   256 B (16)                  101    101    101    101    102    109
 *   512 B (32)                  118    118    118    118    117    188
 *
 *   JC_POLY_IFMA2_MIN (groups)    2      4      8     12     16   never
 *   512 B (4 groups)            168    167    126    126    126    126
 *   1 KiB (8)                   189    189    189    161    161    161
 *   1536 B (12)                 208    207    208    208    195    195
 *   2 KiB (16)                  226    226    228    225    227    230
 *   3 KiB (24)                  266    266    267    266    266    301
 *   4 KiB (32)                  304    306    305    303    304    370
 *
 * The second accumulator's eight extra powers (setup16) cost about 40 ns, which the halved dependency chain wins
 * back from 2 KiB. At 16 KiB: 758 ns against 1179 with one accumulator (bench_aead --best: 12.4 -> 18-19.7 GB/s).
 */
#ifndef JC_POLY_IFMA_MIN
#define JC_POLY_IFMA_MIN 16
#endif
#ifndef JC_POLY_IFMA2_MIN
#define JC_POLY_IFMA2_MIN 16
#endif
_Static_assert(JC_POLY_IFMA_MIN >= 8 && JC_POLY_IFMA2_MIN >= 2, "the vector passes need a group, the pairs two");

#define M44 0xfffffffffffULL
#define M42 0x3ffffffffffULL

/* r^1..r^8 into ifma_pow[0..8): r^2, then r^3 and r^4, then r^5..r^8 (three dependent products, not seven). */
static void setup(jc_poly1305 *st)
{
    uint64_t(*pw)[3] = st->ifma_pow;
    memcpy(pw[0], st->r, sizeof pw[0]);
    jc_poly1305_mul(pw[1], pw[0], pw[0]);
    jc_poly1305_mul(pw[2], pw[1], pw[0]);
    jc_poly1305_mul(pw[3], pw[1], pw[1]);
    for (int k = 0; k < 4; k++)
        jc_poly1305_mul(pw[4 + k], pw[3], pw[k]);
    st->tables |= JC_POLY_TAB_IFMA;
}

/* r^9..r^16 into ifma_pow[8..16), for the two-accumulator passes. */
static void setup16(jc_poly1305 *st)
{
    uint64_t(*pw)[3] = st->ifma_pow;
    for (int k = 0; k < 8; k++)
        jc_poly1305_mul(pw[8 + k], pw[7], pw[k]);
    st->tables |= JC_POLY_TAB_IFMA16;
}

#define LO(acc, a, b) _mm512_madd52lo_epu64(acc, a, b)
#define HI(acc, a, b) _mm512_madd52hi_epu64(acc, a, b)

/* Eight radix-2^44 accumulator lanes, one per block of a group. */
typedef struct {
    __m512i h0, h1, h2;
} lanes;

/* h += the eight blocks at m (lane i: block i), with the 2^128 bit. */
static inline __attribute__((always_inline)) void add_blocks(lanes *h, const uint8_t *m)
{
    const __m512i m44 = _mm512_set1_epi64(M44), hibit = _mm512_set1_epi64(1ULL << 40);
    const __m512i ilo = _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0), ihi = _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1);
    __m512i a = _mm512_loadu_si512((const void *)m), b = _mm512_loadu_si512((const void *)(m + 64));
    __m512i lo = _mm512_permutex2var_epi64(a, ilo, b), hi = _mm512_permutex2var_epi64(a, ihi, b);
    h->h0 = _mm512_add_epi64(h->h0, _mm512_and_si512(lo, m44));
    h->h1 = _mm512_add_epi64(h->h1, _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(lo, 44),
                                                                     _mm512_slli_epi64(hi, 20)), m44));
    h->h2 = _mm512_add_epi64(h->h2, _mm512_or_si512(_mm512_srli_epi64(hi, 24), hibit));
}

/* h *= r lane by lane, then the short parallel carry. */
static inline __attribute__((always_inline)) void mul_lanes(lanes *h, __m512i r0, __m512i r1, __m512i r2)
{
    const __m512i m44 = _mm512_set1_epi64(M44), m42 = _mm512_set1_epi64(M42), zero = _mm512_setzero_si512();
    __m512i h0 = h->h0, h1 = h->h1, h2 = h->h2;
    /* s = 20 r: 2^132 = 4 * 2^130 = 20 mod p */
    __m512i s1 = _mm512_add_epi64(_mm512_slli_epi64(r1, 4), _mm512_slli_epi64(r1, 2));
    __m512i s2 = _mm512_add_epi64(_mm512_slli_epi64(r2, 4), _mm512_slli_epi64(r2, 2));
    __m512i l0 = LO(LO(LO(zero, h0, r0), h1, s2), h2, s1);
    __m512i l1 = LO(LO(LO(zero, h0, r1), h1, r0), h2, s2);
    __m512i l2 = LO(LO(LO(zero, h0, r2), h1, r1), h2, r0);
    __m512i u0 = HI(HI(HI(zero, h0, r0), h1, s2), h2, s1);
    __m512i u1 = HI(HI(HI(zero, h0, r1), h1, r0), h2, s2);
    __m512i u2 = HI(HI(HI(zero, h0, r2), h1, r1), h2, r0);
    /* t0 = l0 + u2 * 5 * 2^10, t1 = l1 + u0 * 2^8, t2 = l2 + u1 * 2^8 */
    __m512i t0 = _mm512_add_epi64(l0, _mm512_add_epi64(_mm512_slli_epi64(u2, 12), _mm512_slli_epi64(u2, 10)));
    __m512i t1 = _mm512_add_epi64(l1, _mm512_slli_epi64(u0, 8));
    __m512i t2 = _mm512_add_epi64(l2, _mm512_slli_epi64(u1, 8));
    __m512i c0 = _mm512_srli_epi64(t0, 44), c1 = _mm512_srli_epi64(t1, 44), c2 = _mm512_srli_epi64(t2, 42);
    h->h0 = _mm512_add_epi64(_mm512_and_si512(t0, m44), _mm512_add_epi64(c2, _mm512_slli_epi64(c2, 2)));
    h->h1 = _mm512_add_epi64(_mm512_and_si512(t1, m44), c0);
    h->h2 = _mm512_add_epi64(_mm512_and_si512(t2, m42), c1);
}

/* One power for every lane: r^(k+1), broadcast. */
static inline __attribute__((always_inline)) void mul_power(lanes *h, const uint64_t(*pw)[3], int k)
{
    mul_lanes(h, _mm512_set1_epi64((long long)pw[k][0]), _mm512_set1_epi64((long long)pw[k][1]),
              _mm512_set1_epi64((long long)pw[k][2]));
}

/* The last group's powers: lane i times r^(top-i). */
static inline __attribute__((always_inline)) void mul_last(lanes *h, const uint64_t(*pw)[3], int top)
{
#define LANES(j) _mm512_set_epi64((long long)pw[top - 8][j], (long long)pw[top - 7][j], (long long)pw[top - 6][j], \
                                  (long long)pw[top - 5][j], (long long)pw[top - 4][j], (long long)pw[top - 3][j], \
                                  (long long)pw[top - 2][j], (long long)pw[top - 1][j])
    mul_lanes(h, LANES(0), LANES(1), LANES(2));
#undef LANES
}

/* The vector passes over nblocks >= 8 blocks (out of line: their frame costs the short calls nothing). */
static __attribute__((noinline)) void vector_blocks(jc_poly1305 *st, const uint8_t *m, size_t nblocks)
{
    if (!(st->tables & JC_POLY_TAB_IFMA))
        setup(st);
    const uint64_t(*pw)[3] = (const uint64_t(*)[3])st->ifma_pow;
    size_t groups = nblocks / 8;
    lanes a = {_mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)st->h[0]),
               _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)st->h[1]),
               _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)st->h[2])};
    lanes b = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
    if (groups >= JC_POLY_IFMA2_MIN) {
        /* Two accumulators, a on the even groups and b on the odd ones, each times r^16 per pair; an odd group
         * count puts the first group alone in a, times r^8. Group g's block i ends up times r^(8 (groups-1-g) + 8 -
         * i) either way. */
        if (!(st->tables & JC_POLY_TAB_IFMA16))
            setup16(st);
        if (groups % 2 == 1) {
            add_blocks(&a, m);
            mul_power(&a, pw, 7);
            m += 128;
            groups--;
        }
        for (; groups > 2; groups -= 2, m += 256) {
            add_blocks(&a, m);
            add_blocks(&b, m + 128);
            mul_power(&a, pw, 15);
            mul_power(&b, pw, 15);
        }
        add_blocks(&a, m);
        add_blocks(&b, m + 128);
        mul_last(&a, pw, 16);
        mul_last(&b, pw, 8);
        m += 256;
        a.h0 = _mm512_add_epi64(a.h0, b.h0);
        a.h1 = _mm512_add_epi64(a.h1, b.h1);
        a.h2 = _mm512_add_epi64(a.h2, b.h2);
    } else {
        for (; groups > 1; groups--, m += 128) {
            add_blocks(&a, m);
            mul_power(&a, pw, 7);
        }
        add_blocks(&a, m);
        mul_last(&a, pw, 8);
        m += 128;
    }
    uint64_t x0 = (uint64_t)_mm512_reduce_add_epi64(a.h0), x1 = (uint64_t)_mm512_reduce_add_epi64(a.h1),
             x2 = (uint64_t)_mm512_reduce_add_epi64(a.h2), c;
    c = x0 >> 44; x0 &= M44; x1 += c;
    c = x1 >> 44; x1 &= M44; x2 += c;
    c = x2 >> 42; x2 &= M42; x0 += c * 5;
    c = x0 >> 44; x0 &= M44; x1 += c;
    st->h[0] = x0;
    st->h[1] = x1;
    st->h[2] = x2;
    size_t rest = nblocks % 8;
    if (rest > 0)
        jc_poly1305_scalar(st->h, st->r, m, rest, (uint64_t)1 << 40);
}

void jc_poly1305_blocks_avx512ifma(jc_poly1305 *st, const uint8_t *m, size_t nblocks)
{
    if (nblocks < JC_POLY_IFMA_MIN)
        jc_poly1305_scalar(st->h, st->r, m, nblocks, (uint64_t)1 << 40);
    else
        vector_blocks(st, m, nblocks);
}
