// SPDX-License-Identifier: Apache-2.0
/*
 * ChaCha20-Poly1305 (RFC 8439 2.8) over one backend's kernels (ISA-neutral; the backend row supplies the
 * ChaCha20 and Poly1305 kernels).
 *
 * One-shot: jc_aead_seal / jc_aead_open. Incremental (for callers that must split a message, e.g. the JNI glue
 * releasing pinned arrays between chunks): init, aad (any pieces), then seal_update or open_update over the
 * message in pieces whose length is a multiple of 64 except the last, then tag (seal) or verify (open; on 0 the
 * caller zeroes the plaintext it got). Or, for a whole message after the AAD, seal_message / open_message.
 *
 * Every input byte is read once: the MAC covers exactly the ciphertext the cipher wrote (seal) or decrypted (open),
 * even if another thread writes the caller's memory meanwhile. Open writes plaintext before the tag is checked
 * and zeroes it when the tag is bad.
 */
#ifndef JCHACHA_AEAD_H
#define JCHACHA_AEAD_H

#include "poly1305.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Keystream blocks, at most, that jc_aead_init_message makes in the key block's kernel call. */
#define JC_AEAD_PREFETCH 32

typedef struct jc_aead {
    const jc_backend *b;
    uint32_t s[16];     /* cipher state; s[12] = next block counter */
    jc_poly1305 mac;
    uint64_t aadlen, ctlen;
    int aad_done;       /* aad padded, ciphertext phase */
    uint32_t ks_len;    /* bytes of ks: keystream from block 1, for the first update only */
    uint8_t kb[64];     /* block 0, then */
    uint8_t ks[64 * JC_AEAD_PREFETCH]; /* blocks 1.., made in one kernel call (jc_aead_init_message) */
} jc_aead;

/* state: the IETF ChaCha20 state with counter 0 (read only). Derives the one-time key from block 0. */
void jc_aead_init(jc_aead *a, const jc_backend *b, const uint32_t state[16]);
/* jc_aead_init for a message of len bytes. Where the backend has aead_key_pass and the message is 8 to 32 blocks
 * long, the key block's kernel call also makes the message's whole keystream (9, 17 or 33 blocks in all: the
 * kernel's lone-block passes, about the cost of the vector pass alone), which the first seal_update / open_update
 * XORs (and wipes); on its own the key block costs a scalar call. ns per jc_aead_init(_message) + 13-byte AAD +
 * seal_message, avx512, gcc 12, Zen 5, best of 61 rounds alternating the two in one process, two runs:
 *
 *   bytes              768   1000   1024   1500   2048   2100   4096   16384
 *   jc_aead_init       468    542    472    641    598    681    911    2742
 *   init_message       394    474    423    565    555    683    913    2798   (16 KiB: with 32 blocks made)
 *   2nd run: init      565    676    547    739    718    713   1054    3119
 *            message   449    558    501    696    698    665   1052    3172   (16 KiB: with 32 blocks made)
 *
 * Longer messages keep the separate key block: XORing and wiping the made keystream cost what the call saved
 * (16 KiB above), and making only the first 16 blocks left the rest of a 1500 B - 4 KiB message on narrower
 * passes (8-17 % slower). */
void jc_aead_init_message(jc_aead *a, const jc_backend *b, const uint32_t state[16], size_t len);
void jc_aead_aad(jc_aead *a, const uint8_t *aad, size_t n);
/* 1 if the update calls below may take in and out: disjoint, identical, or out starting before in. Across calls
 * the caller keeps each piece's output away from input still to come (true for the same distance throughout). */
int jc_aead_forward_ok(const uint8_t *in, const uint8_t *out, size_t n);
/* Encrypts n bytes and MACs the ciphertext it produced, one private chunk at a time. */
void jc_aead_seal_update(jc_aead *a, const uint8_t *in, uint8_t *out, size_t n);
/* Copies n ciphertext bytes one private chunk at a time, MACs the chunk and decrypts it into out. */
void jc_aead_open_update(jc_aead *a, const uint8_t *in, uint8_t *out, size_t n);
/* Finishes the MAC into tag (seal). */
void jc_aead_tag(jc_aead *a, uint8_t tag[16]);
/* The RFC 8439 lengths block: aadlen and ctlen as little-endian 64-bit words. */
void jc_aead_lengths(uint8_t lens[16], uint64_t aadlen, uint64_t ctlen);
/* Finishes the MAC and compares it with expected in constant time: 1 if equal. */
int jc_aead_verify(jc_aead *a, const uint8_t expected[16]);
/* Wipes the context (keys, state), also one whose init never ran. */
void jc_aead_wipe(jc_aead *a);

/* After the AAD: a whole message with in/out overlapping in any way. seal_message writes ciphertext || tag
 * (len + 16 bytes); open_message reads the tag at in + len first, returns 1 if it matched, else 0 with
 * out[0 .. len) zeroed. */
void jc_aead_seal_message(jc_aead *a, const uint8_t *in, size_t len, uint8_t *out);
int jc_aead_open_message(jc_aead *a, const uint8_t *in, size_t len, uint8_t *out);

/* Short messages, len <= JC_AEAD_SHORT, worked on in place in buf, which holds 64 + len + 16 bytes laid out as
 * [64 bytes scratch | message | tag]: one kernel call makes the MAC key block and the message's keystream.
 * seal_short: buf[64 ..) = plaintext in, ciphertext || tag out. open_short: buf[64 ..) = ciphertext || tag in;
 * returns 1 with the plaintext at buf[64 ..), else 0 with buf[64 .. 64 + len) zeroed. buf[0 .. 64) is wiped.
 * Where a 16-byte seal's 213 ns go (13-byte AAD; Zen 3, best of 7): the 2-block kernel pass 123 ns for two full
 * blocks (bench_kernels --blocks --best), about 7 more partly used; Poly1305's key, 3 blocks and tag about 30 ns (the
 * radix-2^64 core: bench_aead --poly-blocks --best gives 27.6 for the 3 blocks, the key and tag add little), the
 * rest (copies, wipes, the length block) about 55 ns.
 *
 * Which messages take it: up to the backend row's aead_short_seal / aead_short_open bytes (jc_aead_seal/open and
 * the JNI glue alike). The chunked path costs a kernel call for the key block of its own, and its interleaved pass
 * works on whole groups (512 bytes on avx2, 2048 on avx512), sealing one group behind (jc_xor_mac_fn). From the
 * row's aead_short_kernel_mac bytes the short path's MAC runs on the row's Poly1305 kernel (its power tables pay
 * from there); below, on the radix-2^64 scalar core. ns per message, 13-byte AAD, gcc 12 -O3, Zen 4, bench_aead
 * --paths avx512 avx2 portable (the two paths alternated, best of 10 rounds of 7 runs); of two runs, the second read
 * the chunked opens 4-9 % slower and every other cell within 3 % (7 % for avx512's seal at 1088):
 *
 *   bytes                 256  384  511  512  768 1023 1024 1025 1088 1120 1280 1536 2047
 *   avx512 seal chunked   393  432  510  437  530  623  548  581  605  698  663  672  864
 *              short      254  287  371  312  391  492  435  530  545  559  533  565  728
 *          open chunked   403  437  514  445  536  622  555  596  615  699  683  688  867
 *              short      267  312  385  326  397  507  449  545  563  571  548  579  752
 *   avx2 seal  chunked    434  508  574  522  687  767  707  857  847  842  841  874 1147
 *              short      283  354  425  401  537  653  598  686  672  702  723  809 1112
 *        open  chunked    445  512  579  426  627  756  594  734  769  740  797  762 1092
 *              short      291  384  447  418  552  673  626  697  693  721  741  826 1136
 *   portable seal chunked 796 1080 1372 1353 1906 2471 2454 2591 2592 2719 2999 3550 4666
 *              short      738 1016 1301 1293 1849 2414 2406 2532 2545 2671 2962 3516 4635
 *          open chunked   802 1080 1367 1354 1905 2468 2460 2583 2592 2722 3003 3553 4667
 *              short      762 1052 1322 1316 1875 2436 2436 2553 2579 2701 2994 3549 4672
 *
 * So avx512 seals and opens up to 2047 bytes on the short path (faster at every size). Up to 1024 it did before;
 * from 1025 its kernel call needs 18 blocks and more (the key block, then the message), which took a whole 32-block
 * pass into a stack buffer, and the chunked path won up to about 1100 bytes by 6-10 % (short 615 / 627 ns at 1025,
 * 642 at 1120); the kernel's 24-block pass and partly used passes that store only the call's bytes (chacha_avx512.c)
 * took that away. avx2 seals up to 2047 (faster at every size) and opens up to 1023 (the chunked open's whole groups
 * win by up to 5 % at 1024 and 8 % at 1536); portable does both up to 2047 (1-8 % faster, open at 2047 even). With
 * the MAC on the scalar core throughout, the short path was 10-30 % slower from 768 bytes on avx512 (seal 519 at
 * 768, 613 at 1023) and from 512 on avx2, and where the kernel's MAC starts was measured with builds of each start
 * (seal / open, ns): avx512 from 256 bytes 262 / 268 at 256, from 320 253 / 259 at 256 and 297 / 304 at 384, from
 * 448 326 / 327 at 384; avx2 from 384 371 / 386 at 384, from 448 363 / 365 at 384 and 417 / 429 at 480, with the
 * scalar core 400 / 411 at 480, 423 / 430 at 511 and 421 / 429 at 512 (kernel: 398 / 408). On avx512 without IFMA
 * the kernel is AVX2's (dispatch.c), whose start is 512: there the short path's MAC from 320 to 511 bytes runs
 * slower than it could (2-5 % by the avx2 row's figures). NEON keeps the 256 every row had before (not measured). */
#define JC_AEAD_SHORT 2047 /* the stack copies' size: no row's limit may exceed it */
#define JC_AEAD_SHORT_SEAL_AVX2 2047
#define JC_AEAD_SHORT_OPEN_AVX2 1023
#define JC_AEAD_SHORT_AVX512 2047
#define JC_AEAD_SHORT_PORTABLE 2047
#define JC_AEAD_SHORT_UNMEASURED 256
#define JC_AEAD_SHORT_KERNEL_MAC_AVX2 512
#define JC_AEAD_SHORT_KERNEL_MAC_AVX512 320
void jc_aead_seal_short(const jc_backend *b, const uint32_t state[16], const uint8_t *aad, size_t aadlen,
                        uint8_t *buf, size_t len);
int jc_aead_open_short(const jc_backend *b, const uint32_t state[16], const uint8_t *aad, size_t aadlen,
                       uint8_t *buf, size_t len);

/* out[0 .. len+16) = ciphertext || tag. in/out may overlap in any way. */
void jc_aead_seal(const jc_backend *b, const uint32_t state[16], const uint8_t *aad, size_t aadlen,
                  const uint8_t *in, size_t len, uint8_t *out);
/* in[0 .. len+16) = ciphertext || tag. Returns 1 and writes len plaintext bytes to out if the tag matches;
 * else returns 0 with out[0 .. len) zeroed. in/out may overlap in any way. */
int jc_aead_open(const jc_backend *b, const uint32_t state[16], const uint8_t *aad, size_t aadlen,
                 const uint8_t *in, size_t len, uint8_t *out);

#ifdef __cplusplus
}
#endif

#endif
