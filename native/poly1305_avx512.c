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

/*
 * Blocks below which the scalar code runs (it also does the 0..7 blocks left after the vector passes), and groups of
 * eight blocks from which two accumulators run: where each measured faster, the per-message power tables included
 * (they cost little since they are built in vectors, below). docs/bench/tuning.md#poly1305-ifma-thresholds
 */
#ifndef JC_POLY_IFMA_MIN
#define JC_POLY_IFMA_MIN 16
#endif
#ifndef JC_POLY_IFMA2_MIN
#define JC_POLY_IFMA2_MIN 8
#endif
_Static_assert(JC_POLY_IFMA_MIN >= 8 && JC_POLY_IFMA2_MIN >= 2, "the vector passes need a group, the pairs two");

#define M44 0xfffffffffffULL
#define M42 0x3ffffffffffULL

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
    h->h1 = _mm512_add_epi64(
        h->h1, _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(lo, 44), _mm512_slli_epi64(hi, 20)), m44));
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

/*
 * The power tables, in vectors: ifma_pow[0] row j holds limb j of r^(8-i) in lane i (r^8 .. r^1), ifma_pow[1] of
 * r^(16-i), so the last group's multipliers load as they are and r^8 or r^16 broadcast from lane 0. Built with the
 * pass's own product, partly reduced like the accumulator lanes (limbs below 2^44 + 2^15, so the products stay
 * exact); lane i is r times r, r^2 and r^4 where bits 0, 1 and 2 of 7 - i are set: three dependent products.
 */
static inline __attribute__((always_inline)) __m512i row(const uint64_t *p)
{
    return _mm512_loadu_si512((const void *)p);
}

static inline __attribute__((always_inline)) void store_rows(uint64_t (*pw)[8], const lanes *p)
{
    _mm512_storeu_si512((void *)pw[0], p->h0);
    _mm512_storeu_si512((void *)pw[1], p->h1);
    _mm512_storeu_si512((void *)pw[2], p->h2);
}

static inline __attribute__((always_inline)) void blend(lanes *h, __mmask8 k, const lanes *x)
{
    h->h0 = _mm512_mask_blend_epi64(k, h->h0, x->h0);
    h->h1 = _mm512_mask_blend_epi64(k, h->h1, x->h1);
    h->h2 = _mm512_mask_blend_epi64(k, h->h2, x->h2);
}

static void setup(jc_poly1305 *st)
{
    const __m512i r0 = _mm512_set1_epi64((long long)st->r[0]), r1 = _mm512_set1_epi64((long long)st->r[1]),
                  r2 = _mm512_set1_epi64((long long)st->r[2]);
    lanes p = {r0, r1, r2}, sq = p, q, t;
    mul_lanes(&sq, r0, r1, r2); /* r^2 */
    blend(&p, 0x55, &sq);       /* lanes 0, 2, 4, 6: r^2 */
    q = sq;
    mul_lanes(&q, sq.h0, sq.h1, sq.h2); /* r^4 */
    t = p;
    mul_lanes(&t, sq.h0, sq.h1, sq.h2);
    blend(&p, 0x33, &t);        /* lanes 0, 1, 4, 5: times r^2 */
    t = p;
    mul_lanes(&t, q.h0, q.h1, q.h2);
    blend(&p, 0x0f, &t);        /* lanes 0..3: times r^4 */
    store_rows(st->ifma_pow[0], &p);
    st->tables |= JC_POLY_TAB_IFMA;
}

/* Every lane times the top power of a table (r^8 or r^16), broadcast from lane 0. */
static inline __attribute__((always_inline)) void mul_top(lanes *h, const uint64_t (*pw)[8])
{
    mul_lanes(h, _mm512_set1_epi64((long long)pw[0][0]), _mm512_set1_epi64((long long)pw[1][0]),
              _mm512_set1_epi64((long long)pw[2][0]));
}

/* r^9..r^16: the r^1..r^8 rows times r^8. */
static void setup16(jc_poly1305 *st)
{
    const uint64_t(*pw)[8] = st->ifma_pow[0];
    lanes p = {row(pw[0]), row(pw[1]), row(pw[2])};
    mul_top(&p, pw);
    store_rows(st->ifma_pow[1], &p);
    st->tables |= JC_POLY_TAB_IFMA16;
}

/* The last group's powers: lane i times the table's r^(top - i). */
static inline __attribute__((always_inline)) void mul_last(lanes *h, const uint64_t (*pw)[8])
{
    mul_lanes(h, row(pw[0]), row(pw[1]), row(pw[2]));
}

/* The vector passes over nblocks >= 8 blocks (out of line: their frame costs the short calls nothing). */
static __attribute__((noinline)) void vector_blocks(jc_poly1305 *st, const uint8_t *m, size_t nblocks)
{
    if (!(st->tables & JC_POLY_TAB_IFMA))
        setup(st);
    const uint64_t(*pw8)[8] = st->ifma_pow[0], (*pw16)[8] = st->ifma_pow[1];
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
            mul_top(&a, pw8);
            m += 128;
            groups--;
        }
        for (; groups > 2; groups -= 2, m += 256) {
            add_blocks(&a, m);
            add_blocks(&b, m + 128);
            mul_top(&a, pw16);
            mul_top(&b, pw16);
        }
        add_blocks(&a, m);
        add_blocks(&b, m + 128);
        mul_last(&a, pw16);
        mul_last(&b, pw8);
        m += 256;
        a.h0 = _mm512_add_epi64(a.h0, b.h0);
        a.h1 = _mm512_add_epi64(a.h1, b.h1);
        a.h2 = _mm512_add_epi64(a.h2, b.h2);
    } else {
        for (; groups > 1; groups--, m += 128) {
            add_blocks(&a, m);
            mul_top(&a, pw8);
        }
        add_blocks(&a, m);
        mul_last(&a, pw8);
        m += 128;
    }
    uint64_t x0 = (uint64_t)_mm512_reduce_add_epi64(a.h0), x1 = (uint64_t)_mm512_reduce_add_epi64(a.h1),
             x2 = (uint64_t)_mm512_reduce_add_epi64(a.h2), c;
    // clang-format off
    c = x0 >> 44; x0 &= M44; x1 += c;
    c = x1 >> 44; x1 &= M44; x2 += c;
    c = x2 >> 42; x2 &= M42; x0 += c * 5;
    c = x0 >> 44; x0 &= M44; x1 += c;
    // clang-format on
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
