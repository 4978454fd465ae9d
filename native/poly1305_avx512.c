// SPDX-License-Identifier: Apache-2.0
/*
 * AVX-512 IFMA Poly1305 (compiled with JCHACHA_FLAGS_POLY_AVX512, default -mavx512f -mavx512vl -mavx512ifma;
 * run only when dispatch.c saw AVX-512F/VL, ZMM state in XCR0 and AVX512_IFMA, CPUID.7.0:EBX bit 21).
 *
 * Eight blocks per pass in the shared radix 2^44 (limbs of 44, 44, 42 bits): lane i of eight 64-bit lanes
 * carries blocks i, i+8, ...; h = (h + m) * r^8 per pass with vpmadd52luq/vpmadd52huq (9 products, low and
 * high 52-bit halves, per 8 blocks), the last pass multiplies lane i by r^(8-i) and the lanes are summed.
 * High halves sit 2^52 = 2^44 * 2^8 above their limb: they are shifted left by 8 into the next limb, and the
 * top limb's, at 2^140 = 2^130 * 2^10, come back to limb 0 times 5 * 2^10. The carry after each pass is the
 * short parallel one (every limb hands its excess to the next at once), which keeps limbs below 2^44 + 2^15.
 */
#include "poly1305.h"

#include <immintrin.h>

/*
 * Blocks below which the scalar code runs (it also does the 0..7 blocks left after the vector passes).
 * Measured on Zen 4 (2 shared cores, noisy; best of 7; ns per call including the per-message power table
 * setup; bench_aead --poly-blocks with the thresholds lowered at build time):
 *   blocks      4    8   12   16   24   32   40
 *   portable   29   56   84  112  163  215  267
 *   avx2       64   75   85   95  115  218  160
 *   avx512ifma 32   81  119   93  101  110  113
 * Both vector kernels won from about 16 blocks (256 bytes). That portable row is the radix-2^44 scalar core; the
 * radix-2^64 one that replaced it is about twice as fast per block on Zen 3 (poly1305_avx2.c), which moved the
 * AVX2 threshold to 24. This one has not been measured again (no AVX-512 machine since).
 */
#ifndef JC_POLY_IFMA_MIN
#define JC_POLY_IFMA_MIN 16
#endif

#define M44 0xfffffffffffULL
#define M42 0x3ffffffffffULL

static void setup(jc_poly1305 *st)
{
    uint64_t p[3] = {st->r[0], st->r[1], st->r[2]};
    for (int k = 0; k < 8; k++) {
        if (k > 0)
            jc_poly1305_mul(p, p, st->r);
        st->ifma_pow[k][0] = p[0];
        st->ifma_pow[k][1] = p[1];
        st->ifma_pow[k][2] = p[2];
    }
    st->tables |= JC_POLY_TAB_IFMA;
}

#define LO(acc, a, b) _mm512_madd52lo_epu64(acc, a, b)
#define HI(acc, a, b) _mm512_madd52hi_epu64(acc, a, b)

void jc_poly1305_blocks_avx512ifma(jc_poly1305 *st, const uint8_t *m, size_t nblocks)
{
    if (nblocks < JC_POLY_IFMA_MIN) {
        jc_poly1305_scalar(st->h, st->r, m, nblocks, (uint64_t)1 << 40);
        return;
    }
    if (!(st->tables & JC_POLY_TAB_IFMA))
        setup(st);
    const uint64_t(*pw)[3] = (const uint64_t(*)[3])st->ifma_pow;
    size_t groups = nblocks / 8;
    const __m512i m44 = _mm512_set1_epi64(M44), m42 = _mm512_set1_epi64(M42), hibit = _mm512_set1_epi64(1ULL << 40);
    const __m512i zero = _mm512_setzero_si512();
    const __m512i ilo = _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0), ihi = _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1);
    __m512i r0 = _mm512_set1_epi64((long long)pw[7][0]), r1 = _mm512_set1_epi64((long long)pw[7][1]),
            r2 = _mm512_set1_epi64((long long)pw[7][2]);
    __m512i h0 = _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)st->h[0]);
    __m512i h1 = _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)st->h[1]);
    __m512i h2 = _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)st->h[2]);
    for (size_t g = 0; g < groups; g++, m += 128) {
        __m512i a = _mm512_loadu_si512((const void *)m), b = _mm512_loadu_si512((const void *)(m + 64));
        __m512i lo = _mm512_permutex2var_epi64(a, ilo, b), hi = _mm512_permutex2var_epi64(a, ihi, b);
        h0 = _mm512_add_epi64(h0, _mm512_and_si512(lo, m44));
        h1 = _mm512_add_epi64(h1, _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(lo, 44),
                                                                   _mm512_slli_epi64(hi, 20)), m44));
        h2 = _mm512_add_epi64(h2, _mm512_or_si512(_mm512_srli_epi64(hi, 24), hibit));
        if (g + 1 == groups) { /* lane i: r^(8-i) */
#define LANES(j) _mm512_set_epi64((long long)pw[0][j], (long long)pw[1][j], (long long)pw[2][j],              \
                                  (long long)pw[3][j], (long long)pw[4][j], (long long)pw[5][j],              \
                                  (long long)pw[6][j], (long long)pw[7][j])
            r0 = LANES(0);
            r1 = LANES(1);
            r2 = LANES(2);
#undef LANES
        }
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
        h0 = _mm512_add_epi64(_mm512_and_si512(t0, m44), _mm512_add_epi64(c2, _mm512_slli_epi64(c2, 2)));
        h1 = _mm512_add_epi64(_mm512_and_si512(t1, m44), c0);
        h2 = _mm512_add_epi64(_mm512_and_si512(t2, m42), c1);
    }
    uint64_t x0 = (uint64_t)_mm512_reduce_add_epi64(h0), x1 = (uint64_t)_mm512_reduce_add_epi64(h1),
             x2 = (uint64_t)_mm512_reduce_add_epi64(h2), c;
    c = x0 >> 44; x0 &= M44; x1 += c;
    c = x1 >> 44; x1 &= M44; x2 += c;
    c = x2 >> 42; x2 &= M42; x0 += c * 5;
    c = x0 >> 44; x0 &= M44; x1 += c;
    st->h[0] = x0;
    st->h[1] = x1;
    st->h[2] = x2;
    size_t rest = nblocks - groups * 8;
    if (rest > 0)
        jc_poly1305_scalar(st->h, st->r, m, rest, (uint64_t)1 << 40);
}
