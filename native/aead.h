/*
 * ChaCha20-Poly1305 (RFC 8439 2.8) over one backend's kernels (ISA-neutral; the backend row supplies the
 * ChaCha20 and Poly1305 kernels).
 *
 * One-shot: jc_aead_seal / jc_aead_open. Incremental (for callers that must split a message, e.g. the JNI glue
 * releasing pinned arrays between chunks): init, aad (any pieces), then for seal seal_update (pieces whose
 * length is a multiple of 64 except the last) and tag; for open mac_ciphertext over all of it, verify, and only
 * if it returned 1, xor (pieces as for seal_update). Within one call input and output may overlap in any way
 * (memmove semantics); across calls the caller keeps the pieces disjoint from input still to come.
 */
#ifndef JCHACHA_AEAD_H
#define JCHACHA_AEAD_H

#include "poly1305.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct jc_aead {
    const jc_backend *b;
    uint32_t s[16];     /* cipher state; s[12] = next block counter */
    jc_poly1305 mac;
    uint64_t aadlen, ctlen;
    int aad_done;       /* aad padded, ciphertext phase */
} jc_aead;

/* state: the IETF ChaCha20 state with counter 0 (read only). Derives the one-time key from block 0. */
void jc_aead_init(jc_aead *a, const jc_backend *b, const uint32_t state[16]);
void jc_aead_aad(jc_aead *a, const uint8_t *aad, size_t n);
/* Encrypts n bytes and MACs the ciphertext, chunk by chunk while it is in cache. */
void jc_aead_seal_update(jc_aead *a, const uint8_t *in, uint8_t *out, size_t n);
/* MACs n ciphertext bytes (open, first pass). */
void jc_aead_mac_ciphertext(jc_aead *a, const uint8_t *ct, size_t n);
/* ChaCha20 only (open, second pass). */
void jc_aead_xor(jc_aead *a, const uint8_t *in, uint8_t *out, size_t n);
/* Finishes the MAC into tag (seal). */
void jc_aead_tag(jc_aead *a, uint8_t tag[16]);
/* Finishes the MAC and compares it with expected in constant time: 1 if equal. */
int jc_aead_verify(jc_aead *a, const uint8_t expected[16]);
/* Wipes the context (keys, state). */
void jc_aead_wipe(jc_aead *a);

/* out[0 .. len+16) = ciphertext || tag. in/out may overlap in any way. */
void jc_aead_seal(const jc_backend *b, const uint32_t state[16], const uint8_t *aad, size_t aadlen,
                  const uint8_t *in, size_t len, uint8_t *out);
/* in[0 .. len+16) = ciphertext || tag. Returns 1 and writes len plaintext bytes to out if the tag matches;
 * else returns 0 and writes nothing. in/out may overlap in any way. */
int jc_aead_open(const jc_backend *b, const uint32_t state[16], const uint8_t *aad, size_t aadlen,
                 const uint8_t *in, size_t len, uint8_t *out);

void jc_wipe(void *p, size_t n);

#ifdef __cplusplus
}
#endif

#endif
