// SPDX-License-Identifier: Apache-2.0
/*
 * jchacha's plain-C entry points: what the Foreign Function & Memory bridge (JDK 22+, FfmCalls) calls. They take
 * pointers and lengths, include no jni.h and reach the same kernels through the same handle table as the JNI glue
 * (jchacha_jni.c), so both bridges run the same dispatch and the same loader checks (the JNI side loads the library,
 * checks its ABI version and hands out the handles; FFM then looks these symbols up in that loaded library).
 *
 * C cannot check a pointer: the Java caller has checked every range before the call. What C can check it does
 * (handle, rounds, offsets and lengths not negative), and answers JC_CAPI_OK or an error code instead of throwing.
 */
#ifndef JCHACHA_CAPI_H
#define JCHACHA_CAPI_H

#include <stdint.h>

#include "jchacha.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI version of both bridges; jchacha_jni.c asserts at compile time that it equals NativeChaCha.ABI_VERSION. */
#define JC_ABI_VERSION 11

#if defined(_WIN32)
#define JC_CAPI __declspec(dllexport)
#else
#define JC_CAPI __attribute__((visibility("default")))
#endif

enum { JC_CAPI_OK = 0, JC_CAPI_BAD_HANDLE = -1, JC_CAPI_BAD_ARGUMENT = -2 };

/* The backends this CPU runs, by handle (index in the dispatch table): filled once when the library loads
 * (JNI_OnLoad); jc_runnable answers NULL for a handle out of range or a backend that cannot run here. */
void jc_runnable_init(void);
const jc_backend *jc_runnable(int32_t handle);

/* The 16 state words from the six words the stream calls pass (key 4..11 in pairs, counter 12..13, nonce 14..15;
 * the low word of each pair first); words 0..3 are the constants. */
void jc_state_from_pairs(uint32_t s[16], const int64_t pairs[6]);

/* XChaCha20-Poly1305's state (draft-irtf-cfrg-xchacha): jc_aead_state with words 4..11 replaced by the HChaCha20
 * subkey of key's words 4..11 and x0..x3 (the 24-byte nonce's first 16 bytes, little-endian words), nonce 0, n1, n2
 * (its last 8 bytes). b's kernel derives the subkey, so a message needs no call of its own for it. key may be s
 * itself. */
void jc_xaead_state(const jc_backend *b, uint32_t s[16], const uint32_t *key, uint32_t x0, uint32_t x1, uint32_t x2,
                    uint32_t x3, uint32_t n1, uint32_t n2);

/* JC_ABI_VERSION. */
JC_CAPI int32_t jc_capi_abi_version(void);

/* jc_xor_fn of backend `handle` over len bytes at in + inoff and out + outoff (in may be NULL: raw keystream;
 * the same range: in place). */
JC_CAPI int32_t jc_capi_xor(int32_t handle, int64_t k0, int64_t k1, int64_t k2, int64_t k3, int64_t ctr, int64_t nonce,
                            int32_t rounds, int32_t counter64, const uint8_t *in, int64_t inoff, uint8_t *out,
                            int64_t outoff, int64_t len);

/* jc_xor_bytes_fn of backend `handle`: out + outoff gets len bytes of a + aoff XOR b + boff (the stream layer's XOR
 * of its keystream buffer, where a downcall beats Java's: FfmCalls.xorBytesMin). a's range may be out's; no other
 * overlap. */
JC_CAPI int32_t jc_capi_xor_bytes(int32_t handle, const uint8_t *a, int64_t aoff, const uint8_t *b, int64_t boff,
                                  uint8_t *out, int64_t outoff, int64_t len);

/* jc_hchacha_fn of backend `handle`: 8 key words, 4 nonce words, 8 output words. */
JC_CAPI int32_t jc_capi_hchacha(int32_t handle, const uint32_t *key, const uint32_t *nonce, int32_t rounds,
                                uint32_t *out);

/* jc_aead_seal of backend `handle` (ChaCha20-Poly1305) under the state jc_aead_state builds from key (12 words read)
 * and the nonce words (block 0 keys the MAC); the message is len bytes at in + inoff, and out + outoff gets len + 16
 * bytes; they may overlap in any way. The AAD is aadlen bytes at aad + aadoff (aad may be NULL when aadlen is 0).
 * The caller keeps one call short (the FFM bridge sends at most its chunk here, longer messages to JNI).
 *
 * Every pointer comes with an offset instead of pointing at its range: the FFM bridge then passes whole heap arrays
 * (MemorySegment.ofArray), and a downcall whose segments are not slices allocates nothing: with the key array kept by
 * its owner and the nonce words as arguments, a warmed-up 16-byte seal on JDK 25 allocates 0 bytes. */
JC_CAPI int32_t jc_capi_aead_seal(int32_t handle, const uint32_t *key, int32_t n0, int32_t n1, int32_t n2,
                                  const uint8_t *aad, int64_t aadoff, int64_t aadlen, const uint8_t *in, int64_t inoff,
                                  int64_t len, uint8_t *out, int64_t outoff);

/* jc_aead_open of backend `handle`: in + inoff holds len + 16 bytes (ciphertext || tag). Answers 1 when the tag
 * matched, 0 when not (out[outoff .. outoff + len) then zeroed), or an error code. */
JC_CAPI int32_t jc_capi_aead_open(int32_t handle, const uint32_t *key, int32_t n0, int32_t n1, int32_t n2,
                                  const uint8_t *aad, int64_t aadoff, int64_t aadlen, const uint8_t *in, int64_t inoff,
                                  int64_t len, uint8_t *out, int64_t outoff);

/* jc_capi_aead_seal / jc_capi_aead_open for XChaCha20-Poly1305: the state is jc_xaead_state's, from key (words 0..11
 * read), the nonce words x0..x3 that derive the subkey and n1, n2. */
JC_CAPI int32_t jc_capi_xaead_seal(int32_t handle, const uint32_t *key, int32_t x0, int32_t x1, int32_t x2, int32_t x3,
                                   int32_t n1, int32_t n2, const uint8_t *aad, int64_t aadoff, int64_t aadlen,
                                   const uint8_t *in, int64_t inoff, int64_t len, uint8_t *out, int64_t outoff);
JC_CAPI int32_t jc_capi_xaead_open(int32_t handle, const uint32_t *key, int32_t x0, int32_t x1, int32_t x2, int32_t x3,
                                   int32_t n1, int32_t n2, const uint8_t *aad, int64_t aadoff, int64_t aadlen,
                                   const uint8_t *in, int64_t inoff, int64_t len, uint8_t *out, int64_t outoff);

/* jc_ssh_seal of backend `handle` (chacha20-poly1305@openssh.com, ssh.h): main_key and header_key are their owner's
 * 16-word arrays (words 0..11 read), seq the packet's sequence number (0 .. 2^32 - 1); in + inoff holds length ||
 * body (4 + body_len bytes), out + outoff gets 4 + body_len + 16. The two ranges are the same or disjoint (another
 * overlap is refused), and the sealed packet is at most JC_SSH_MAX_SEALED (ssh.h: 64 KiB) bytes long. */
JC_CAPI int32_t jc_capi_ssh_seal(int32_t handle, const uint32_t *main_key, const uint32_t *header_key, int64_t seq,
                                 const uint8_t *in, int64_t inoff, int64_t body_len, uint8_t *out, int64_t outoff);
/* jc_ssh_open: in + inoff holds 4 + body_len + 16 bytes; answers 1 with out + outoff holding 4 + body_len bytes of
 * plaintext when the tag matched, 0 (nothing written) when not, or an error code (nothing written). */
JC_CAPI int32_t jc_capi_ssh_open(int32_t handle, const uint32_t *main_key, const uint32_t *header_key, int64_t seq,
                                 const uint8_t *in, int64_t inoff, int64_t body_len, uint8_t *out, int64_t outoff);

#ifdef __cplusplus
}
#endif

#endif /* JCHACHA_CAPI_H */
