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

/* The AEAD's state: words 0..11 (constants, key) from key, block counter 0, nonce n0 n1 n2. key may be s itself. The
 * AEAD calls of both bridges take the nonce words apart from the array, so a caller keeps one array per key and
 * builds nothing per message. */
void jc_aead_state(uint32_t s[16], const uint32_t *key, uint32_t n0, uint32_t n1, uint32_t n2);

/* state: the IETF ChaCha20 state with counter 0 (read only). Derives the one-time key from block 0. */
void jc_aead_init(jc_aead *a, const jc_backend *b, const uint32_t state[16]);
/* jc_aead_init for a message of len bytes. Where the backend has aead_key_pass and the message is 8 to 32 blocks
 * long, the key block's kernel call also makes the message's whole keystream (9, 17 or 33 blocks in all: the
 * kernel's lone-block passes, about the cost of the vector pass alone), which the first seal_update / open_update
 * XORs (and wipes); on its own the key block costs a scalar call. Longer messages keep the separate key block: there
 * XORing and wiping the made keystream cost what the call saved (docs/bench/tuning.md#aead-key-pass). */
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
 *
 * Which messages take it: up to the backend row's aead_short_seal / aead_short_open bytes (jc_aead_seal/open and
 * the JNI glue alike), the lengths below which bench_aead --paths measured it faster than the chunked path, which
 * costs a kernel call for the key block of its own and works in whole interleaved groups. From the row's
 * aead_short_kernel_mac bytes the short path's MAC runs on the row's Poly1305 kernel (its power tables pay from
 * there); below, on the radix-2^64 scalar core. Figures: docs/bench/tuning.md#aead-short-path (where a 16-byte
 * seal's time goes: docs/bench/tuning.md#aead-16-byte-seal). */
#define JC_AEAD_SHORT 2047 /* the stack copies' size: no row's limit may exceed it */
#define JC_AEAD_SHORT_SEAL_AVX2 2047
#define JC_AEAD_SHORT_OPEN_AVX2 1023
#define JC_AEAD_SHORT_AVX512 2047
#define JC_AEAD_SHORT_PORTABLE 2047
#define JC_AEAD_SHORT_UNMEASURED 256 /* rows not measured yet (NEON) */
#define JC_AEAD_SHORT_KERNEL_MAC_AVX2 512
#define JC_AEAD_SHORT_KERNEL_MAC_AVX512 320
void jc_aead_seal_short(const jc_backend *b, const uint32_t state[16], const uint8_t *aad, size_t aadlen, uint8_t *buf,
                        size_t len);
int jc_aead_open_short(const jc_backend *b, const uint32_t state[16], const uint8_t *aad, size_t aadlen, uint8_t *buf,
                       size_t len);

/* out[0 .. len+16) = ciphertext || tag. in/out may overlap in any way. */
void jc_aead_seal(const jc_backend *b, const uint32_t state[16], const uint8_t *aad, size_t aadlen, const uint8_t *in,
                  size_t len, uint8_t *out);
/* in[0 .. len+16) = ciphertext || tag. Returns 1 and writes len plaintext bytes to out if the tag matches;
 * else returns 0 with out[0 .. len) zeroed. in/out may overlap in any way. */
int jc_aead_open(const jc_backend *b, const uint32_t state[16], const uint8_t *aad, size_t aadlen, const uint8_t *in,
                 size_t len, uint8_t *out);

#ifdef __cplusplus
}
#endif

#endif
