// SPDX-License-Identifier: Apache-2.0
/*
 * ChaCha20 kernel body shared by the SIMD translation units (chacha_avx2.c, chacha_avx512.c, chacha_neon.c),
 * written with GCC/Clang vector extensions. Each TU includes this once, after defining:
 *
 *   JC_ISA                 name suffix: jc_chacha_xor_<JC_ISA>, jc_hchacha_<JC_ISA>
 *   JC_HAVE_X8             1: 8-block pass on 256-bit vectors (u32x8)
 *   JC_HAVE_X8_AS_2X4      1: 8-block pass as two interleaved 4-block passes on 128-bit vectors (NEON)
 *   JC_HAVE_X16            1: 16-block pass on 512-bit vectors (u32x16)
 *   JC_HAVE_X16_AS_2X8     1: 16-block pass as two interleaved 8-block states on 256-bit vectors (AVX2)
 *   JC_HAVE_X24_AS_16_8    1: 24-block pass as a 16-block state on 512-bit vectors beside an 8-block one on 256-bit
 *                          vectors (AVX-512: a call's last 18..25 blocks)
 *   JC_HAVE_X32_AS_2X16    1: 32-block pass as two interleaved 16-block states on 512-bit vectors
 *   JC_ROT16/8/12/7(x)     rotate-left of every 32-bit lane (see JC_ROTL and the helpers below)
 *   JC_POLY_STEP(h0, h1, h2, r0, r1, s1, m)
 *                          optional: one radix-2^64 Poly1305 block; with JC_MAC_PASS (8 or 32 blocks, and for 32
 *                          JC_MAC_STEPS_Y and JC_MAC_STEPS_END) defines jc_chacha_xor_mac_<JC_ISA> (ChaCha20 and
 *                          Poly1305 interleaved, for the AEAD)
 *   JC_HAVE_LONE           1: a call whose last pass would leave one block (5, 9, 17, 25 or 32k+1 blocks) runs
 *                          that block on scalar registers inside the 4-, 8-, 16-, 24- or 32-block pass before it
 *                          (jc_pass_x<W>_lone), where measured faster than the pass plus a scalar call
 *   JC_MIN_32/24/16/8/4/2  size-adaptive thresholds: the tail loop runs a G-block pass when at least
 *                          JC_MIN_G blocks (partial ones included) remain; below every threshold (a single
 *                          last block) it runs the scalar kernel. A threshold below G means a partly used
 *                          pass (jc_pass_x<G>_part, which stores only the call's bytes) beats the narrower passes
 *                          it replaces. Values come from bench_kernels --blocks. JC_MIN_2 must be <= 2.
 *
 * Everything here is static, so each TU's copy is compiled with that TU's instruction-set flags only.
 *
 * Lane layout. Wide passes are "vertical": vector j holds state word j of W consecutive blocks (lane i =
 * block i), so a quarter round is 12 plain lane-wise ops and needs no shuffles; the W x 16 words are then
 * transposed to W contiguous 64-byte blocks before the XOR. The 2-block pass is "horizontal": one 128-bit
 * vector per state row, with lane rotations between column and diagonal rounds; it needs no transpose and
 * builds no wide state, which is what short inputs want. Where 256-bit vectors exist the 4-block pass is
 * horizontal too (two blocks per vector, one per 128-bit lane: jc_pass_x4). A single block runs the scalar
 * kernel (see jc_pass_scalar1). HChaCha uses the horizontal layout.
 */
#ifndef JC_ISA
#error "define JC_ISA before including chacha_simd.h"
#endif

#include "jchacha.h"
#include "chacha_internal.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the SIMD kernels assume a little-endian target; big-endian builds use the portable kernel only"
#endif

#ifndef JC_HAVE_X8
#define JC_HAVE_X8 0
#endif
#ifndef JC_HAVE_X8_AS_2X4
#define JC_HAVE_X8_AS_2X4 0
#endif
#ifndef JC_HAVE_X16
#define JC_HAVE_X16 0
#endif
#ifndef JC_HAVE_X16_AS_2X8
#define JC_HAVE_X16_AS_2X8 0
#endif
#ifndef JC_HAVE_X24_AS_16_8
#define JC_HAVE_X24_AS_16_8 0
#endif
#ifndef JC_HAVE_X32_AS_2X16
#define JC_HAVE_X32_AS_2X16 0
#endif

#define JC_CAT_(a, b) a##b
#define JC_CAT(a, b) JC_CAT_(a, b)
#define JC_XOR_NAME JC_CAT(jc_chacha_xor_, JC_ISA)
#define JC_HCHACHA_NAME JC_CAT(jc_hchacha_, JC_ISA)
#define JC_XOR_MAC_NAME JC_CAT(jc_chacha_xor_mac_, JC_ISA)
#define JC_XOR_BYTES_NAME JC_CAT(jc_xor_bytes_, JC_ISA)
#define JC_XOR_PAIR_NAME JC_CAT(jc_chacha_xor_pair_, JC_ISA)

#define JC_AI static inline __attribute__((always_inline))

typedef uint32_t u32x4 __attribute__((vector_size(16)));
typedef uint8_t u8x16 __attribute__((vector_size(16)));
#if JC_HAVE_X8 || JC_HAVE_X16
typedef uint32_t u32x8 __attribute__((vector_size(32)));
typedef uint8_t u8x32 __attribute__((vector_size(32)));
#endif
#if JC_HAVE_X16
typedef uint32_t u32x16 __attribute__((vector_size(64)));
#endif

/* Broadcast a scalar to every lane (GNU vector + scalar promotes the scalar). */
#define JC_SPLAT(V, v) ((V){0} + (uint32_t)(v))

/* Generic rotate: shift-or. With AVX-512VL, GCC and Clang compile it to vprold for every width. */
#define JC_ROTL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

/* Rotates by 16 and 8 as byte shuffles within each 32-bit lane (one vpshufb / rev32 / tbl instead of two
 * shifts and an or). */
#define JC_B16(o) (o) + 2, (o) + 3, (o) + 0, (o) + 1
#define JC_B8(o) (o) + 3, (o) + 0, (o) + 1, (o) + 2
JC_AI u32x4 jc_rot16_x4(u32x4 x)
{
    return (u32x4)__builtin_shufflevector((u8x16)x, (u8x16)x, JC_B16(0), JC_B16(4), JC_B16(8), JC_B16(12));
}
JC_AI u32x4 jc_rot8_x4(u32x4 x)
{
    return (u32x4)__builtin_shufflevector((u8x16)x, (u8x16)x, JC_B8(0), JC_B8(4), JC_B8(8), JC_B8(12));
}
#if JC_HAVE_X8
JC_AI u32x8 jc_rot16_x8(u32x8 x)
{
    return (u32x8)__builtin_shufflevector((u8x32)x, (u8x32)x, JC_B16(0), JC_B16(4), JC_B16(8), JC_B16(12), JC_B16(16),
                                          JC_B16(20), JC_B16(24), JC_B16(28));
}
JC_AI u32x8 jc_rot8_x8(u32x8 x)
{
    return (u32x8)__builtin_shufflevector((u8x32)x, (u8x32)x, JC_B8(0), JC_B8(4), JC_B8(8), JC_B8(12), JC_B8(16),
                                          JC_B8(20), JC_B8(24), JC_B8(28));
}
#endif

/* ---------------------------------------------------------------------------------------------------------
 * Quarter rounds. JC_QR4 runs four independent quarter rounds step by step (source order = a schedule with
 * four-way ILP, which also keeps the register allocator's live ranges short).
 */
// clang-format off
#define JC_QR4_ROT(R16, R12, R8, R7, a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3)      \
    do {                                                                                                  \
        a0 += b0; a1 += b1; a2 += b2; a3 += b3;                                                           \
        d0 ^= a0; d1 ^= a1; d2 ^= a2; d3 ^= a3;                                                           \
        d0 = R16(d0); d1 = R16(d1); d2 = R16(d2); d3 = R16(d3);                                           \
        c0 += d0; c1 += d1; c2 += d2; c3 += d3;                                                           \
        b0 ^= c0; b1 ^= c1; b2 ^= c2; b3 ^= c3;                                                           \
        b0 = R12(b0); b1 = R12(b1); b2 = R12(b2); b3 = R12(b3);                                           \
        a0 += b0; a1 += b1; a2 += b2; a3 += b3;                                                           \
        d0 ^= a0; d1 ^= a1; d2 ^= a2; d3 ^= a3;                                                           \
        d0 = R8(d0); d1 = R8(d1); d2 = R8(d2); d3 = R8(d3);                                               \
        c0 += d0; c1 += d1; c2 += d2; c3 += d3;                                                           \
        b0 ^= c0; b1 ^= c1; b2 ^= c2; b3 ^= c3;                                                           \
        b0 = R7(b0); b1 = R7(b1); b2 = R7(b2); b3 = R7(b3);                                               \
    } while (0)
// clang-format on

#define JC_QR4(...) JC_QR4_ROT(JC_ROT16, JC_ROT12, JC_ROT8, JC_ROT7, __VA_ARGS__)
/* The same on 32-bit scalars (a lone block riding along a vector pass: see JC_SINIT). */
#define JC_SROT16(x) JC_ROTL(x, 16)
#define JC_SROT12(x) JC_ROTL(x, 12)
#define JC_SROT8(x) JC_ROTL(x, 8)
#define JC_SROT7(x) JC_ROTL(x, 7)
#define JC_SQR4(...) JC_QR4_ROT(JC_SROT16, JC_SROT12, JC_SROT8, JC_SROT7, __VA_ARGS__)

/* One double round on the vertical state p0..p15 (a name prefix); JC_SDROUND on a scalar one. */
#define JC_DROUND_WITH(QR4, p)                                                                                         \
    do {                                                                                                               \
        QR4(p##0, p##4, p##8, p##12, p##1, p##5, p##9, p##13, p##2, p##6, p##10, p##14, p##3, p##7, p##11, p##15);     \
        QR4(p##0, p##5, p##10, p##15, p##1, p##6, p##11, p##12, p##2, p##7, p##8, p##13, p##3, p##4, p##9, p##14);     \
    } while (0)
#define JC_DROUND(p) JC_DROUND_WITH(JC_QR4, p)
#define JC_SDROUND(p) JC_DROUND_WITH(JC_SQR4, p)

/* Vertical state for W blocks starting at counter (lo, hi): lane i gets counter lo+i, carried into word 13
 * when counter64. Declares p0..p15 and the counter inputs p##c12, p##c13 for the final add. */
#define JC_VINIT(p, V, IOTA)                                                                                           \
    V p##0 = JC_SPLAT(V, s[0]), p##1 = JC_SPLAT(V, s[1]), p##2 = JC_SPLAT(V, s[2]), p##3 = JC_SPLAT(V, s[3]),          \
      p##4 = JC_SPLAT(V, s[4]), p##5 = JC_SPLAT(V, s[5]), p##6 = JC_SPLAT(V, s[6]), p##7 = JC_SPLAT(V, s[7]),          \
      p##8 = JC_SPLAT(V, s[8]), p##9 = JC_SPLAT(V, s[9]), p##10 = JC_SPLAT(V, s[10]), p##11 = JC_SPLAT(V, s[11]),      \
      p##14 = JC_SPLAT(V, s[14]), p##15 = JC_SPLAT(V, s[15]);                                                          \
    V p##12 = JC_SPLAT(V, lo) + (IOTA);                                                                                \
    V p##13 = JC_SPLAT(V, hi);                                                                                         \
    if (counter64)                                                                                                     \
        p##13 -= (V)(p##12 < JC_SPLAT(V, lo)); /* lanes that wrapped: -(-1) */                                         \
    const V p##c12 = p##12, p##c13 = p##13

// clang-format off
#define JC_VADD(p, V)                                                                                     \
    do {                                                                                                  \
        p##0 += JC_SPLAT(V, s[0]); p##1 += JC_SPLAT(V, s[1]); p##2 += JC_SPLAT(V, s[2]);                  \
        p##3 += JC_SPLAT(V, s[3]); p##4 += JC_SPLAT(V, s[4]); p##5 += JC_SPLAT(V, s[5]);                  \
        p##6 += JC_SPLAT(V, s[6]); p##7 += JC_SPLAT(V, s[7]); p##8 += JC_SPLAT(V, s[8]);                  \
        p##9 += JC_SPLAT(V, s[9]); p##10 += JC_SPLAT(V, s[10]); p##11 += JC_SPLAT(V, s[11]);              \
        p##12 += p##c12; p##13 += p##c13; p##14 += JC_SPLAT(V, s[14]); p##15 += JC_SPLAT(V, s[15]);       \
    } while (0)
// clang-format on

#define JC_VARRAY(p)                                                                                                   \
    {p##0, p##1, p##2, p##3, p##4, p##5, p##6, p##7, p##8, p##9, p##10, p##11, p##12, p##13, p##14, p##15}

/* The bytes of a keystream vector that a partly used pass covers (n < its size), through a stack copy that is
 * wiped after (out of line: only the call's last pass takes it, and once). */
static __attribute__((noinline)) void jc_put_part(uint8_t *k, const uint8_t *in, uint8_t *out, size_t n, size_t size)
{
    jc_xor_tail(in, out, k, n);
    jc_wipe(k, size);
}

/* XOR one keystream vector into the message (or write it raw when in == NULL) at byte offset off, only its bytes
 * below lim: the pass's bytes to emit, 64 W for a full pass (a constant: the comparisons fold away) or the call's
 * length for its last, partly used one, which so reads and writes nothing past the message. */
#define JC_DEFINE_PUT(V)                                                                                               \
    JC_AI void jc_put_##V(V k, const uint8_t *in, uint8_t *out, size_t off, size_t lim)                                \
    {                                                                                                                  \
        if (off + sizeof k <= lim) {                                                                                   \
            if (in != NULL) {                                                                                          \
                V m;                                                                                                   \
                memcpy(&m, in + off, sizeof m);                                                                        \
                k ^= m;                                                                                                \
            }                                                                                                          \
            memcpy(out + off, &k, sizeof k);                                                                           \
        } else if (off < lim) {                                                                                        \
            uint8_t b_[sizeof k];                                                                                      \
            memcpy(b_, &k, sizeof k);                                                                                  \
            jc_put_part(b_, in != NULL ? in + off : NULL, out + off, lim - off, sizeof k);                             \
        }                                                                                                              \
    }
JC_DEFINE_PUT(u32x4)
#if JC_HAVE_X8
JC_DEFINE_PUT(u32x8)
#endif
#if JC_HAVE_X16
JC_DEFINE_PUT(u32x16)
#endif

/* ---------------------------------------------------------------------------------------------------------
 * Transposes + stores. o[j] = word j of every block; block i goes to out + 64*i.
 */
JC_AI void jc_store_x4(const u32x4 o[16], const uint8_t *in, uint8_t *out, size_t lim)
{
    for (int g = 0; g < 4; g++) {
        u32x4 a = o[4 * g], b = o[4 * g + 1], c = o[4 * g + 2], d = o[4 * g + 3];
        u32x4 t0 = __builtin_shufflevector(a, b, 0, 4, 1, 5);
        u32x4 t1 = __builtin_shufflevector(a, b, 2, 6, 3, 7);
        u32x4 t2 = __builtin_shufflevector(c, d, 0, 4, 1, 5);
        u32x4 t3 = __builtin_shufflevector(c, d, 2, 6, 3, 7);
        jc_put_u32x4(__builtin_shufflevector(t0, t2, 0, 1, 4, 5), in, out, 0 * 64 + 16 * g, lim);
        jc_put_u32x4(__builtin_shufflevector(t0, t2, 2, 3, 6, 7), in, out, 1 * 64 + 16 * g, lim);
        jc_put_u32x4(__builtin_shufflevector(t1, t3, 0, 1, 4, 5), in, out, 2 * 64 + 16 * g, lim);
        jc_put_u32x4(__builtin_shufflevector(t1, t3, 2, 3, 6, 7), in, out, 3 * 64 + 16 * g, lim);
    }
}

#if JC_HAVE_X8
JC_AI void jc_store_x8(const u32x8 o[16], const uint8_t *in, uint8_t *out, size_t lim)
{
    /* q[g][j]: words 4g..4g+3 of block j (low 128 bits) and of block j+4 (high 128 bits). */
    u32x8 q[4][4];
    for (int g = 0; g < 4; g++) {
        u32x8 a = o[4 * g], b = o[4 * g + 1], c = o[4 * g + 2], d = o[4 * g + 3];
        u32x8 ablo = __builtin_shufflevector(a, b, 0, 8, 1, 9, 4, 12, 5, 13);
        u32x8 abhi = __builtin_shufflevector(a, b, 2, 10, 3, 11, 6, 14, 7, 15);
        u32x8 cdlo = __builtin_shufflevector(c, d, 0, 8, 1, 9, 4, 12, 5, 13);
        u32x8 cdhi = __builtin_shufflevector(c, d, 2, 10, 3, 11, 6, 14, 7, 15);
        q[g][0] = __builtin_shufflevector(ablo, cdlo, 0, 1, 8, 9, 4, 5, 12, 13);
        q[g][1] = __builtin_shufflevector(ablo, cdlo, 2, 3, 10, 11, 6, 7, 14, 15);
        q[g][2] = __builtin_shufflevector(abhi, cdhi, 0, 1, 8, 9, 4, 5, 12, 13);
        q[g][3] = __builtin_shufflevector(abhi, cdhi, 2, 3, 10, 11, 6, 7, 14, 15);
    }
    for (int j = 0; j < 4; j++) {
        jc_put_u32x8(__builtin_shufflevector(q[0][j], q[1][j], 0, 1, 2, 3, 8, 9, 10, 11), in, out, 64 * j, lim);
        jc_put_u32x8(__builtin_shufflevector(q[2][j], q[3][j], 0, 1, 2, 3, 8, 9, 10, 11), in, out, 64 * j + 32, lim);
        jc_put_u32x8(__builtin_shufflevector(q[0][j], q[1][j], 4, 5, 6, 7, 12, 13, 14, 15), in, out, 64 * (j + 4), lim);
        jc_put_u32x8(__builtin_shufflevector(q[2][j], q[3][j], 4, 5, 6, 7, 12, 13, 14, 15), in, out, 64 * (j + 4) + 32,
                     lim);
    }
}
#endif

#if JC_HAVE_X16
JC_AI void jc_store_x16(const u32x16 o[16], const uint8_t *in, uint8_t *out, size_t lim)
{
    /* q[g][j]: words 4g..4g+3 of blocks j, j+4, j+8, j+12 (one per 128-bit lane). */
    u32x16 q[4][4];
    for (int g = 0; g < 4; g++) {
        u32x16 a = o[4 * g], b = o[4 * g + 1], c = o[4 * g + 2], d = o[4 * g + 3];
#define JC_LO32 0, 16, 1, 17, 4, 20, 5, 21, 8, 24, 9, 25, 12, 28, 13, 29
#define JC_HI32 2, 18, 3, 19, 6, 22, 7, 23, 10, 26, 11, 27, 14, 30, 15, 31
#define JC_LO64 0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29
#define JC_HI64 2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31
        u32x16 ablo = __builtin_shufflevector(a, b, JC_LO32);
        u32x16 abhi = __builtin_shufflevector(a, b, JC_HI32);
        u32x16 cdlo = __builtin_shufflevector(c, d, JC_LO32);
        u32x16 cdhi = __builtin_shufflevector(c, d, JC_HI32);
        q[g][0] = __builtin_shufflevector(ablo, cdlo, JC_LO64);
        q[g][1] = __builtin_shufflevector(ablo, cdlo, JC_HI64);
        q[g][2] = __builtin_shufflevector(abhi, cdhi, JC_LO64);
        q[g][3] = __builtin_shufflevector(abhi, cdhi, JC_HI64);
    }
    for (int j = 0; j < 4; j++) {
        /* 4x4 transpose of 128-bit lanes across q[0..3][j]. */
#define JC_L128LO 0, 1, 2, 3, 16, 17, 18, 19, 4, 5, 6, 7, 20, 21, 22, 23
#define JC_L128HI 8, 9, 10, 11, 24, 25, 26, 27, 12, 13, 14, 15, 28, 29, 30, 31
#define JC_L256LO 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23
#define JC_L256HI 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31
        u32x16 ablo = __builtin_shufflevector(q[0][j], q[1][j], JC_L128LO);
        u32x16 abhi = __builtin_shufflevector(q[0][j], q[1][j], JC_L128HI);
        u32x16 cdlo = __builtin_shufflevector(q[2][j], q[3][j], JC_L128LO);
        u32x16 cdhi = __builtin_shufflevector(q[2][j], q[3][j], JC_L128HI);
        jc_put_u32x16(__builtin_shufflevector(ablo, cdlo, JC_L256LO), in, out, 64 * j, lim);
        jc_put_u32x16(__builtin_shufflevector(ablo, cdlo, JC_L256HI), in, out, 64 * (j + 4), lim);
        jc_put_u32x16(__builtin_shufflevector(abhi, cdhi, JC_L256LO), in, out, 64 * (j + 8), lim);
        jc_put_u32x16(__builtin_shufflevector(abhi, cdhi, JC_L256HI), in, out, 64 * (j + 12), lim);
    }
}
#endif

/* ---------------------------------------------------------------------------------------------------------
 * The lone block: one more block on scalar registers k0..k15, block lblk of state ls (the pass's own state, or
 * another key's for jc_chacha_xor_pair), riding along a vector pass (jc_pass_x<W>_lone): a latency-bound pass
 * leaves the integer ALUs idle, so a last single block (or the AEAD's key block) costs little beside it instead of
 * a scalar call of its own. llen <= 64 bytes of it are XORed from lin into lout (lin == NULL: raw keystream),
 * after the pass stored its own bytes.
 */
#define JC_SINIT(k)                                                                                                    \
    uint32_t k##0 = ls[0], k##1 = ls[1], k##2 = ls[2], k##3 = ls[3], k##4 = ls[4], k##5 = ls[5], k##6 = ls[6],         \
             k##7 = ls[7], k##8 = ls[8], k##9 = ls[9], k##10 = ls[10], k##11 = ls[11], k##12, k##13, k##14 = ls[14],   \
             k##15 = ls[15];                                                                                           \
    jc_counter_at(ls, counter64, lblk, &k##12, &k##13);                                                                \
    const uint32_t k##c12 = k##12, k##c13 = k##13

#define JC_SFINISH(k)                                                                                                  \
    do {                                                                                                               \
        uint32_t w_[16] = {k##0 + ls[0],   k##1 + ls[1],   k##2 + ls[2],   k##3 + ls[3],                               \
                           k##4 + ls[4],   k##5 + ls[5],   k##6 + ls[6],   k##7 + ls[7],                               \
                           k##8 + ls[8],   k##9 + ls[9],   k##10 + ls[10], k##11 + ls[11],                             \
                           k##12 + k##c12, k##13 + k##c13, k##14 + ls[14], k##15 + ls[15]};                            \
        uint8_t b_[64];                                                                                                \
        memcpy(b_, w_, 64); /* little-endian target */                                                                 \
        jc_xor_tail(lin, lout, b_, llen);                                                                              \
        jc_wipe(w_, sizeof w_);                                                                                        \
        jc_wipe(b_, sizeof b_);                                                                                        \
    } while (0)

/* ---------------------------------------------------------------------------------------------------------
 * Vertical passes: W blocks from counter block `blk` of the call, their first lim bytes XORed into the message
 * (all 64 W but in the call's last, partly used pass). in == NULL: raw keystream. The core takes a lone block too
 * when `lone` (a constant in each caller).
 */
#define JC_LONE_PARAMS int lone, const uint32_t *ls, size_t lblk, const uint8_t *lin, uint8_t *lout, size_t llen
#define JC_DEFINE_VPASS(W, V, IOTA)                                                                                    \
    JC_AI void jc_vpass_x##W(const uint32_t s[16], int rounds, int counter64, size_t blk, const uint8_t *in,           \
                             uint8_t *out, size_t lim, JC_LONE_PARAMS)                                                 \
    {                                                                                                                  \
        uint32_t lo, hi;                                                                                               \
        jc_counter_at(s, counter64, blk, &lo, &hi);                                                                    \
        JC_VINIT(x, V, IOTA);                                                                                          \
        JC_SINIT(k);                                                                                                   \
        for (int r = 0; r < rounds; r += 2) {                                                                          \
            JC_DROUND(x);                                                                                              \
            if (lone)                                                                                                  \
                JC_SDROUND(k);                                                                                         \
        }                                                                                                              \
        JC_VADD(x, V);                                                                                                 \
        const V o[16] = JC_VARRAY(x);                                                                                  \
        if (in != NULL)                                                                                                \
            jc_store_x##W(o, in, out, lim);                                                                            \
        else                                                                                                           \
            jc_store_x##W(o, NULL, out, lim);                                                                          \
        if (lone)                                                                                                      \
            JC_SFINISH(k);                                                                                             \
    }                                                                                                                  \
    JC_DEFINE_PASS_ENTRIES(W, jc_vpass_x##W)

/* WX + WY blocks as two independent states, of WX and WY blocks (vectors VX and VY), in one loop: twice the
 * independent dependency chains of one pass, for cores where one pass is latency-bound rather than throughput-bound.
 * WY < WX where the second state only needs to cover a call's last blocks (a 16-block state beside an 8-block one
 * costs three quarters of two 16-block states where 512-bit ops take two 256-bit slots). */
#define JC_DEFINE_VPASS2(W, WX, VX, IOTAX, WY, VY, IOTAY)                                                              \
    JC_AI void jc_vpass_x##W(const uint32_t s[16], int rounds, int counter64, size_t blk, const uint8_t *in,           \
                             uint8_t *out, size_t lim, JC_LONE_PARAMS)                                                 \
    {                                                                                                                  \
        uint32_t lo, hi;                                                                                               \
        jc_counter_at(s, counter64, blk, &lo, &hi);                                                                    \
        JC_VINIT(x, VX, IOTAX);                                                                                        \
        jc_counter_at(s, counter64, blk + WX, &lo, &hi);                                                               \
        JC_VINIT(y, VY, IOTAY);                                                                                        \
        JC_SINIT(k);                                                                                                   \
        for (int r = 0; r < rounds; r += 2) {                                                                          \
            JC_DROUND(x);                                                                                              \
            JC_DROUND(y);                                                                                              \
            if (lone)                                                                                                  \
                JC_SDROUND(k);                                                                                         \
        }                                                                                                              \
        JC_VADD(x, VX);                                                                                                \
        JC_VADD(y, VY);                                                                                                \
        const VX ox[16] = JC_VARRAY(x);                                                                                \
        const VY oy[16] = JC_VARRAY(y);                                                                                \
        const size_t ylim = lim > 64 * WX ? lim - 64 * WX : 0;                                                         \
        if (in != NULL) {                                                                                              \
            jc_store_x##WX(ox, in, out, lim);                                                                          \
            jc_store_x##WY(oy, in + 64 * WX, out + 64 * WX, ylim);                                                     \
        } else {                                                                                                       \
            jc_store_x##WX(ox, NULL, out, lim);                                                                        \
            jc_store_x##WY(oy, NULL, out + 64 * WX, ylim);                                                             \
        }                                                                                                              \
        if (lone)                                                                                                      \
            JC_SFINISH(k);                                                                                             \
    }                                                                                                                  \
    JC_DEFINE_PASS_ENTRIES(W, jc_vpass_x##W)

/* jc_pass_x<W>; jc_pass_x<W>_part, the call's last pass, of which only the first lim bytes (less than 64 W) are
 * the message's; jc_pass_x<W>_lone with the lone block; over the pass core CORE. */
#define JC_DEFINE_PASS_ENTRIES(W, CORE)                                                                                \
    static void jc_pass_x##W(const uint32_t s[16], int rounds, int counter64, size_t blk, const uint8_t *in,           \
                             uint8_t *out)                                                                             \
    {                                                                                                                  \
        CORE(s, rounds, counter64, blk, in, out, 64 * W, 0, s, 0, NULL, NULL, 0);                                      \
    }                                                                                                                  \
    static void jc_pass_x##W##_part(const uint32_t s[16], int rounds, int counter64, size_t blk, const uint8_t *in,    \
                                    uint8_t *out, size_t lim)                                                          \
    {                                                                                                                  \
        CORE(s, rounds, counter64, blk, in, out, lim, 0, s, 0, NULL, NULL, 0);                                         \
    }                                                                                                                  \
    __attribute__((unused)) static void jc_pass_x##W##_lone(const uint32_t s[16], int rounds, int counter64,           \
                                                            size_t blk, const uint8_t *in, uint8_t *out, size_t lblk,  \
                                                            const uint8_t *lin, uint8_t *lout, size_t llen)            \
    {                                                                                                                  \
        CORE(s, rounds, counter64, blk, in, out, 64 * W, 1, s, lblk, lin, lout, llen);                                 \
    }

#define JC_IOTA4 ((u32x4){0, 1, 2, 3})
#define JC_IOTA8 ((u32x8){0, 1, 2, 3, 4, 5, 6, 7})
#define JC_IOTA16 ((u32x16){0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
#if !JC_HAVE_X8 /* else horizontal: see jc_pass_x4 below */
JC_DEFINE_VPASS(4, u32x4, JC_IOTA4)
#endif
#if JC_HAVE_X8
JC_DEFINE_VPASS(8, u32x8, JC_IOTA8)
#endif
#if JC_HAVE_X16
JC_DEFINE_VPASS(16, u32x16, JC_IOTA16)
#endif

#if JC_HAVE_X8_AS_2X4
JC_DEFINE_VPASS2(8, 4, u32x4, JC_IOTA4, 4, u32x4, JC_IOTA4)
#endif
#if JC_HAVE_X16_AS_2X8
JC_DEFINE_VPASS2(16, 8, u32x8, JC_IOTA8, 8, u32x8, JC_IOTA8)
#endif
#if JC_HAVE_X24_AS_16_8
JC_DEFINE_VPASS2(24, 16, u32x16, JC_IOTA16, 8, u32x8, JC_IOTA8)
#endif
#if JC_HAVE_X32_AS_2X16
JC_DEFINE_VPASS2(32, 16, u32x16, JC_IOTA16, 16, u32x16, JC_IOTA16)
#endif

#ifndef JC_HAVE_LONE
#define JC_HAVE_LONE 0
#endif
#define JC_HAS_PASS8 (JC_HAVE_X8 || JC_HAVE_X8_AS_2X4)
#define JC_HAS_PASS16 (JC_HAVE_X16 || JC_HAVE_X16_AS_2X8)
#define JC_HAS_PASS24 JC_HAVE_X24_AS_16_8
#define JC_HAS_PASS32 JC_HAVE_X32_AS_2X16

/* ---------------------------------------------------------------------------------------------------------
 * Horizontal passes: one 128-bit vector per row (a = words 0..3, b = 4..7, c = 8..11, d = 12..15).
 */
// clang-format off
#define JC_HQR(a, b, c, d)                                                                                \
    do {                                                                                                  \
        a += b; d ^= a; d = JC_ROT16(d);                                                                  \
        c += d; b ^= c; b = JC_ROT12(b);                                                                  \
        a += b; d ^= a; d = JC_ROT8(d);                                                                   \
        c += d; b ^= c; b = JC_ROT7(b);                                                                   \
    } while (0)
// clang-format on
/* Lane index lists for a vector of one or two 128-bit lanes (one block per lane): P(o) lists the four words of
 * the lane that starts at word o. */
#define JC_LANES1(P) P(0)
#define JC_LANES2(P) P(0), P(4)
#define JC_ROW(o) 0, 1, 2, 3 /* the same 128-bit row in every lane */
#define JC_LROT1(o) (o) + 1, (o) + 2, (o) + 3, (o) + 0
#define JC_LROT2(o) (o) + 2, (o) + 3, (o) + 0, (o) + 1
#define JC_LROT3(o) (o) + 3, (o) + 0, (o) + 1, (o) + 2
/* Columns -> diagonals and back, in every 128-bit lane. Row b stays and rows a, c, d move (word i of a lane then
 * holds a[i-1], b[i], c[i+1], d[i+2], the diagonal from a[i-1]): a round ends with b's rotate by 7, so moving b
 * would put a shuffle on the critical path twice a double round, while a, c and d are ready earlier and move in
 * the shadow of b's last ops. */
#define JC_HDIAG(LANES, a, c, d)                                                                                       \
    do {                                                                                                               \
        a = __builtin_shufflevector(a, a, LANES(JC_LROT3));                                                            \
        c = __builtin_shufflevector(c, c, LANES(JC_LROT1));                                                            \
        d = __builtin_shufflevector(d, d, LANES(JC_LROT2));                                                            \
    } while (0)
#define JC_HUNDIAG(LANES, a, c, d)                                                                                     \
    do {                                                                                                               \
        a = __builtin_shufflevector(a, a, LANES(JC_LROT1));                                                            \
        c = __builtin_shufflevector(c, c, LANES(JC_LROT3));                                                            \
        d = __builtin_shufflevector(d, d, LANES(JC_LROT2));                                                            \
    } while (0)
#define JC_DIAG(a, c, d) JC_HDIAG(JC_LANES1, a, c, d)
#define JC_UNDIAG(a, c, d) JC_HUNDIAG(JC_LANES1, a, c, d)

/* The rounds of two interleaved horizontal states (a, b, c, d) and (e, f, g, h), of one block per lane; EXTRA runs
 * once a double round beside them. */
#define JC_HROUNDS2(LANES, a, b, c, d, e, f, g, h, EXTRA)                                                              \
    for (int r = 0; r < rounds; r += 2) {                                                                              \
        EXTRA;                                                                                                         \
        JC_HQR(a, b, c, d);                                                                                            \
        JC_HQR(e, f, g, h);                                                                                            \
        JC_HDIAG(LANES, a, c, d);                                                                                      \
        JC_HDIAG(LANES, e, g, h);                                                                                      \
        JC_HQR(a, b, c, d);                                                                                            \
        JC_HQR(e, f, g, h);                                                                                            \
        JC_HUNDIAG(LANES, a, c, d);                                                                                    \
        JC_HUNDIAG(LANES, e, g, h);                                                                                    \
    }

JC_AI u32x4 jc_load_u32x4(const uint32_t *p)
{
    u32x4 v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* One block: the scalar kernel. A horizontal one-block SIMD pass is one serial dependency chain; the scalar
 * code runs four quarter rounds in parallel on the integer ALUs and measured faster
 * (docs/bench/tuning.md#scalar-one-block). len <= 64. */
static void jc_pass_scalar1(const uint32_t s[16], int rounds, int counter64, size_t blk, const uint8_t *in,
                            uint8_t *out, size_t len)
{
    uint32_t st[16];
    memcpy(st, s, sizeof st);
    jc_counter_at(s, counter64, blk, &st[12], &st[13]);
    jc_chacha_xor_portable(st, rounds, counter64, in, out, len);
    jc_wipe(st, sizeof st);
}

/* Two blocks, two interleaved horizontal states (twice the ILP of one; no transpose); lim as in the vertical
 * passes. */
JC_AI void jc_hpass_x2(const uint32_t s[16], int rounds, int counter64, size_t blk, const uint8_t *in, uint8_t *out,
                       size_t lim)
{
    uint32_t lo, hi, lo1, hi1;
    jc_counter_at(s, counter64, blk, &lo, &hi);
    jc_counter_at(s, counter64, blk + 1, &lo1, &hi1);
    const u32x4 a0 = jc_load_u32x4(s), b0 = jc_load_u32x4(s + 4), c0 = jc_load_u32x4(s + 8);
    const u32x4 d0 = {lo, hi, s[14], s[15]}, d1 = {lo1, hi1, s[14], s[15]};
    u32x4 a = a0, b = b0, c = c0, d = d0;
    u32x4 e = a0, f = b0, g = c0, h = d1;
    JC_HROUNDS2(JC_LANES1, a, b, c, d, e, f, g, h, (void)0);
    jc_put_u32x4(a + a0, in, out, 0, lim);
    jc_put_u32x4(b + b0, in, out, 16, lim);
    jc_put_u32x4(c + c0, in, out, 32, lim);
    jc_put_u32x4(d + d0, in, out, 48, lim);
    jc_put_u32x4(e + a0, in, out, 64, lim);
    jc_put_u32x4(f + b0, in, out, 80, lim);
    jc_put_u32x4(g + c0, in, out, 96, lim);
    jc_put_u32x4(h + d1, in, out, 112, lim);
}
static void jc_pass_x2(const uint32_t s[16], int rounds, int counter64, size_t blk, const uint8_t *in, uint8_t *out)
{
    jc_hpass_x2(s, rounds, counter64, blk, in, out, 128);
}
static void jc_pass_x2_part(const uint32_t s[16], int rounds, int counter64, size_t blk, const uint8_t *in,
                            uint8_t *out, size_t lim)
{
    jc_hpass_x2(s, rounds, counter64, blk, in, out, lim);
}

#if JC_HAVE_X8
/* Four blocks, horizontal on 256-bit vectors: two interleaved states of two blocks each, one block per 128-bit
 * lane (the 2-block pass's layout twice over), so no transpose, only a regrouping of lanes at the store. It
 * replaces the vertical 4-block pass on 128-bit vectors where 256-bit vectors exist, being faster there. Row d is
 * built in registers: stored as words and reloaded as vectors it would stall store forwarding at the head of the
 * chain. The same layout for 8 blocks measured no faster than the vertical pass, so 8 blocks stay vertical
 * (docs/bench/tuning.md#horizontal-4-block-pass). */
JC_AI void jc_hstore_x2(u32x8 a, u32x8 b, u32x8 c, u32x8 d, const uint8_t *in, uint8_t *out, size_t lim)
{
    jc_put_u32x8(__builtin_shufflevector(a, b, 0, 1, 2, 3, 8, 9, 10, 11), in, out, 0, lim);
    jc_put_u32x8(__builtin_shufflevector(c, d, 0, 1, 2, 3, 8, 9, 10, 11), in, out, 32, lim);
    jc_put_u32x8(__builtin_shufflevector(a, b, 4, 5, 6, 7, 12, 13, 14, 15), in, out, 64, lim);
    jc_put_u32x8(__builtin_shufflevector(c, d, 4, 5, 6, 7, 12, 13, 14, 15), in, out, 96, lim);
}
JC_AI void jc_hpass_x4(const uint32_t s[16], int rounds, int counter64, size_t blk, const uint8_t *in, uint8_t *out,
                       size_t lim, JC_LONE_PARAMS)
{
    const u32x4 ra = jc_load_u32x4(s), rb = jc_load_u32x4(s + 4), rc = jc_load_u32x4(s + 8);
    const u32x8 a0 = __builtin_shufflevector(ra, ra, JC_LANES2(JC_ROW));
    const u32x8 b0 = __builtin_shufflevector(rb, rb, JC_LANES2(JC_ROW));
    const u32x8 c0 = __builtin_shufflevector(rc, rc, JC_LANES2(JC_ROW));
    uint32_t lo[4], hi[4]; /* row d of the four blocks, built in registers (not stored and reloaded) */
    for (int i = 0; i < 4; i++)
        jc_counter_at(s, counter64, blk + (size_t)i, &lo[i], &hi[i]);
    const u32x8 d0 = {lo[0], hi[0], s[14], s[15], lo[1], hi[1], s[14], s[15]};
    const u32x8 d1 = {lo[2], hi[2], s[14], s[15], lo[3], hi[3], s[14], s[15]};
    u32x8 a = a0, b = b0, c = c0, d = d0;
    u32x8 e = a0, f = b0, g = c0, h = d1;
    JC_SINIT(k);
    JC_HROUNDS2(JC_LANES2, a, b, c, d, e, f, g, h, if (lone) JC_SDROUND(k));
    jc_hstore_x2(a + a0, b + b0, c + c0, d + d0, in, out, lim);
    jc_hstore_x2(e + a0, f + b0, g + c0, h + d1, in == NULL ? NULL : in + 128, out + 128, lim > 128 ? lim - 128 : 0);
    if (lone)
        JC_SFINISH(k);
}
JC_DEFINE_PASS_ENTRIES(4, jc_hpass_x4)

/* See jc_xor_pair_fn (jchacha.h): other's block 0 is the lone block of one pass over state's len bytes, the 4-block
 * horizontal one up to 256 bytes (for one or two blocks too, where the driver would take the scalar or the 2-block
 * pass: one block chain either way), else the 8-block vertical one. A longer len (outside the contract) takes two
 * calls, state's first, so oout may still lie in out. */
void JC_XOR_PAIR_NAME(const uint32_t state[16], const uint8_t *in, uint8_t *out, size_t len, const uint32_t other[16],
                      const uint8_t *oin, uint8_t *oout, size_t olen)
{
    if (len <= 256) {
        jc_hpass_x4(state, 20, 0, 0, in, out, len, 1, other, 0, oin, oout, olen);
    } else if (len <= JC_XOR_PAIR_MAX) {
        jc_vpass_x8(state, 20, 0, 0, in, out, len, 1, other, 0, oin, oout, olen);
    } else {
        JC_XOR_NAME(state, 20, 0, in, out, len);
        jc_pass_scalar1(other, 20, 0, 0, oin, oout, olen);
    }
}
#endif

#ifdef JC_POLY_STEP
/* ---------------------------------------------------------------------------------------------------------
 * ChaCha20 with Poly1305 on the side, for the AEAD (the ISA file defines JC_POLY_STEP, one radix-2^64 Poly1305
 * block on scalar registers, and JC_MAC_PASS, the blocks of one interleaved pass). The multiplier's dependency
 * chain runs on the integer units while the vector units do the rounds. 20 rounds, 32-bit counter. A pass absorbs
 * all its MAC blocks before it stores, so mac may be the pass's own input even when out == in.
 *
 * JC_MAC_PASS 8 (avx2): an 8-block vertical pass absorbs all 32 MAC blocks of its 512 bytes, three per double
 * round and two before the stores.
 *
 * JC_MAC_PASS 32 (avx512): the 32-block pass (two 16-block states, 2048 bytes) absorbs JC_MAC_SCALAR blocks,
 * JC_MAC_STEPS_Y after each quarter-round step of the second state and JC_MAC_STEPS_END before the stores; the
 * driver gives the group's first 2048 - 16 JC_MAC_SCALAR bytes to the state's own kernel (IFMA) first. The scalar
 * chain alone is about half as fast as the pass on Zen 4, so it takes about half the MAC and IFMA the rest, instead
 * of IFMA all of it after the pass (docs/bench/tuning.md#avx512-mac-pass).
 */
#include "poly1305.h"

#if JC_MAC_PASS == 8
#define JC_MAC_SCALAR 32
JC_AI void jc_pass_mac(const uint32_t s[16], size_t blk, const uint8_t *in, uint8_t *out, uint64_t acc[3], uint64_t r0,
                       uint64_t r1, uint64_t s1, const uint8_t *mac)
{
    const int counter64 = 0;
    uint64_t h0 = acc[0], h1 = acc[1], h2 = acc[2];
    uint32_t lo, hi;
    jc_counter_at(s, counter64, blk, &lo, &hi);
    JC_VINIT(x, u32x8, ((u32x8){0, 1, 2, 3, 4, 5, 6, 7}));
    for (int r = 0; r < 20; r += 2) {
        JC_QR4(x0, x4, x8, x12, x1, x5, x9, x13, x2, x6, x10, x14, x3, x7, x11, x15);
        JC_POLY_STEP(h0, h1, h2, r0, r1, s1, mac);
        JC_POLY_STEP(h0, h1, h2, r0, r1, s1, mac + 16);
        JC_QR4(x0, x5, x10, x15, x1, x6, x11, x12, x2, x7, x8, x13, x3, x4, x9, x14);
        JC_POLY_STEP(h0, h1, h2, r0, r1, s1, mac + 32);
        mac += 48;
    }
    JC_POLY_STEP(h0, h1, h2, r0, r1, s1, mac);
    JC_POLY_STEP(h0, h1, h2, r0, r1, s1, mac + 16);
    JC_VADD(x, u32x8);
    const u32x8 o[16] = JC_VARRAY(x);
    jc_store_x8(o, in, out, 512);
    acc[0] = h0;
    acc[1] = h1;
    acc[2] = h2;
}
#elif JC_MAC_PASS == 32 && JC_HAVE_X32_AS_2X16
#define JC_MAC_SCALAR (20 * JC_MAC_STEPS_Y + JC_MAC_STEPS_END)
#define JC_MAC_STEPS(n)                                                                                                \
    for (int i_ = 0; i_ < (n); i_++, mac += 16)                                                                        \
    JC_POLY_STEP(h0, h1, h2, r0, r1, s1, mac)
/* Out of line: inlined into the driver it ran slower (chacha_avx512.c). */
static __attribute__((noinline)) void jc_pass_mac(const uint32_t s[16], size_t blk, const uint8_t *in, uint8_t *out,
                                                  uint64_t acc[3], uint64_t r0, uint64_t r1, uint64_t s1,
                                                  const uint8_t *mac)
{
    const int counter64 = 0;
    uint64_t h0 = acc[0], h1 = acc[1], h2 = acc[2];
    uint32_t lo, hi;
    jc_counter_at(s, counter64, blk, &lo, &hi);
    JC_VINIT(x, u32x16, ((u32x16){0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}));
    jc_counter_at(s, counter64, blk + 16, &lo, &hi);
    JC_VINIT(y, u32x16, ((u32x16){0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}));
    for (int r = 0; r < 20; r += 2) {
        JC_QR4(x0, x4, x8, x12, x1, x5, x9, x13, x2, x6, x10, x14, x3, x7, x11, x15);
        JC_QR4(y0, y4, y8, y12, y1, y5, y9, y13, y2, y6, y10, y14, y3, y7, y11, y15);
        JC_MAC_STEPS(JC_MAC_STEPS_Y);
        JC_QR4(x0, x5, x10, x15, x1, x6, x11, x12, x2, x7, x8, x13, x3, x4, x9, x14);
        JC_QR4(y0, y5, y10, y15, y1, y6, y11, y12, y2, y7, y8, y13, y3, y4, y9, y14);
        JC_MAC_STEPS(JC_MAC_STEPS_Y);
    }
    JC_MAC_STEPS(JC_MAC_STEPS_END);
    JC_VADD(x, u32x16);
    JC_VADD(y, u32x16);
    const u32x16 ox[16] = JC_VARRAY(x), oy[16] = JC_VARRAY(y);
    jc_store_x16(ox, in, out, 1024);
    jc_store_x16(oy, in + 1024, out + 1024, 1024);
    acc[0] = h0;
    acc[1] = h1;
    acc[2] = h2;
}
#else
#error "JC_POLY_STEP needs JC_MAC_PASS 8 (JC_HAVE_X8) or 32 (JC_HAVE_X32_AS_2X16)"
#endif
_Static_assert(JC_MAC_SCALAR > 0 && JC_MAC_SCALAR <= 4 * JC_MAC_PASS, "a pass absorbs at most its own bytes");

/* See jc_xor_mac_fn in jchacha.h (the group is 64 JC_MAC_PASS bytes). */
void JC_XOR_MAC_NAME(const uint32_t state[16], const uint8_t *in, uint8_t *out, size_t len, jc_poly1305 *mac, int open,
                     const uint8_t *first)
{
    enum { GROUP = 64 * JC_MAC_PASS, KERNEL = GROUP - 16 * JC_MAC_SCALAR };
    uint64_t h[3], r[2];
    jc_poly1305_get64(mac, h, r);
    const uint64_t r0 = r[0], r1 = r[1], s1 = r1 + (r1 >> 2);
    const uint8_t *pending = open ? NULL : first; /* sealing: ciphertext not yet absorbed */
    for (size_t blk = 0; 64 * blk < len; blk += JC_MAC_PASS, in += GROUP, out += GROUP) {
        const uint8_t *m = open ? in : pending;
        if (m == NULL) {
            JC_CAT(jc_pass_x, JC_MAC_PASS)(state, 20, 0, blk, in, out);
        } else {
            if (KERNEL > 0) { /* the group's first bytes through the state's kernel, then the rest beside the pass */
                jc_poly1305_set64(mac, h);
                jc_poly1305_update(mac, m, KERNEL);
                jc_poly1305_get64(mac, h, r);
            }
            jc_pass_mac(state, blk, in, out, h, r0, r1, s1, m + KERNEL);
        }
        pending = out;
    }
    jc_poly1305_set64(mac, h);
    jc_wipe(h, sizeof h);
    jc_wipe(r, sizeof r);
}
#endif

/* ---------------------------------------------------------------------------------------------------------
 * Driver.
 */
#if JC_HAS_PASS32
#define JC_MAX_GROUP 32
#elif JC_HAS_PASS16
#define JC_MAX_GROUP 16
#elif JC_HAS_PASS8
#define JC_MAX_GROUP 8
#else
#define JC_MAX_GROUP 4
#endif

JC_AI int jc_pick_group(size_t nb)
{
#if JC_HAS_PASS32
    if (nb >= JC_MIN_32)
        return 32;
#endif
#if JC_HAS_PASS24
    if (nb >= JC_MIN_24)
        return 24;
#endif
#if JC_HAS_PASS16
    if (nb >= JC_MIN_16)
        return 16;
#endif
#if JC_HAS_PASS8
    if (nb >= JC_MIN_8)
        return 8;
#endif
    if (nb >= JC_MIN_4)
        return 4;
    if (nb >= JC_MIN_2)
        return 2;
    return 1;
}

/* A pass of g blocks over the call's next len bytes: a full one when len reaches 64 g, else the call's last, partly
 * used one (jc_pass_x<g>_part), which stores only those len bytes. */
#define JC_PASS_CASE(W)                                                                                                \
    case W:                                                                                                            \
        if (len >= 64 * (size_t)(W))                                                                                   \
            jc_pass_x##W(s, rounds, counter64, blk, in, out);                                                          \
        else                                                                                                           \
            jc_pass_x##W##_part(s, rounds, counter64, blk, in, out, len);                                              \
        break
JC_AI void jc_pass_group(int g, const uint32_t s[16], int rounds, int counter64, size_t blk, const uint8_t *in,
                         uint8_t *out, size_t len)
{
    switch (g) {
#if JC_HAS_PASS32
        JC_PASS_CASE(32);
#endif
#if JC_HAS_PASS24
        JC_PASS_CASE(24);
#endif
#if JC_HAS_PASS16
        JC_PASS_CASE(16);
#endif
#if JC_HAS_PASS8
        JC_PASS_CASE(8);
#endif
        JC_PASS_CASE(4);
    default: /* 2 */ JC_PASS_CASE(2);
    }
}

/* A full pass of g blocks with the call's last block (len - 64 g bytes, 1..64) as its lone block: 1 if g has
 * such a pass, else 0. */
JC_AI int jc_pass_group_lone(int g, const uint32_t s[16], int rounds, int counter64, size_t blk, const uint8_t *in,
                             uint8_t *out, size_t len)
{
    const size_t n = 64 * (size_t)g;
    const uint8_t *lin = in != NULL ? in + n : NULL;
    switch (g) {
#if JC_HAS_PASS32
    // clang-format off
    case 32: jc_pass_x32_lone(s, rounds, counter64, blk, in, out, blk + 32, lin, out + n, len - n); return 1;
#endif
#if JC_HAS_PASS24
    case 24: jc_pass_x24_lone(s, rounds, counter64, blk, in, out, blk + 24, lin, out + n, len - n); return 1;
#endif
#if JC_HAS_PASS16
    case 16: jc_pass_x16_lone(s, rounds, counter64, blk, in, out, blk + 16, lin, out + n, len - n); return 1;
#endif
#if JC_HAS_PASS8
    case 8: jc_pass_x8_lone(s, rounds, counter64, blk, in, out, blk + 8, lin, out + n, len - n); return 1;
#endif
    case 4: jc_pass_x4_lone(s, rounds, counter64, blk, in, out, blk + 4, lin, out + n, len - n); return 1;
    // clang-format on
    default: return 0;
    }
}

void JC_XOR_NAME(const uint32_t state[16], int rounds, int counter64, const uint8_t *in, uint8_t *out, size_t len)
{
    size_t blk = 0;
    while (len >= 64 * (size_t)JC_MAX_GROUP) {
        if (JC_HAVE_LONE && len > 64 * (size_t)JC_MAX_GROUP && len <= 64 * (size_t)JC_MAX_GROUP + 64 &&
            jc_pass_group_lone(JC_MAX_GROUP, state, rounds, counter64, blk, in, out, len))
            return;
        jc_pass_group(JC_MAX_GROUP, state, rounds, counter64, blk, in, out, len);
        blk += JC_MAX_GROUP;
        if (in != NULL)
            in += 64 * JC_MAX_GROUP;
        out += 64 * JC_MAX_GROUP;
        len -= 64 * JC_MAX_GROUP;
    }
    while (len > 0) {
        size_t nb = (len + 63) / 64;
        if (JC_HAVE_LONE && (nb == 5 || nb == 9 || nb == 17 || nb == 25) &&
            jc_pass_group_lone((int)(nb - 1), state, rounds, counter64, blk, in, out, len))
            return;
        int g = jc_pick_group(nb);
        if (g == 1) { /* the last block (JC_MIN_2 <= 2) */
            jc_pass_scalar1(state, rounds, counter64, blk, in, out, len);
            break;
        }
        size_t bytes = 64 * (size_t)g;
        jc_pass_group(g, state, rounds, counter64, blk, in, out, len);
        if (len <= bytes)
            break;
        blk += (size_t)g;
        if (in != NULL)
            in += bytes;
        out += bytes;
        len -= bytes;
    }
}

void JC_HCHACHA_NAME(const uint32_t key[8], const uint32_t nonce[4], int rounds, uint32_t out[8])
{
    u32x4 a = {JC_SIGMA0, JC_SIGMA1, JC_SIGMA2, JC_SIGMA3};
    u32x4 b = jc_load_u32x4(key), c = jc_load_u32x4(key + 4), d = jc_load_u32x4(nonce);
    for (int r = 0; r < rounds; r += 2) {
        JC_HQR(a, b, c, d);
        JC_DIAG(a, c, d);
        JC_HQR(a, b, c, d);
        JC_UNDIAG(a, c, d);
    }
    memcpy(out, &a, 16);
    memcpy(out + 4, &d, 16);
}

/* See jc_xor_bytes_fn: the widest vectors of this TU, then 8-byte words and bytes. */
void JC_XOR_BYTES_NAME(const uint8_t *a, const uint8_t *b, uint8_t *out, size_t len)
{
#if JC_HAVE_X16
    typedef uint8_t vec __attribute__((vector_size(64)));
#elif JC_HAVE_X8
    typedef u8x32 vec;
#else
    typedef u8x16 vec;
#endif
    size_t i = 0;
    for (; i + sizeof(vec) <= len; i += sizeof(vec)) {
        vec x, y;
        memcpy(&x, a + i, sizeof x);
        memcpy(&y, b + i, sizeof y);
        x ^= y;
        memcpy(out + i, &x, sizeof x);
    }
    jc_xor_tail(a + i, out + i, b + i, len - i);
}
