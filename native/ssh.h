// SPDX-License-Identifier: Apache-2.0
/*
 * OpenSSH's chacha20-poly1305@openssh.com packet (draft-ietf-sshm-chacha20-poly1305) over one backend's kernels
 * (ISA-neutral, like aead.c): one call seals or opens a whole packet, so a Java caller makes one native call per
 * packet (io.jchacha.ssh.OpenSshChaCha20Poly1305).
 *
 * Keys: main_key and header_key are their owner's 16-word ChaCha states of which only words 0..11 (constants, key)
 * are read, as the AEAD entry points take theirs: key material bytes 0..31 and 32..63. Each packet's states are
 * built here with the nonce 00000000 || BE64(seq). The length (4 bytes) is encrypted with the header key's block 0;
 * the Poly1305 key is the first 32 bytes of the main key's block 0, and the body is encrypted from its block 1; the
 * tag is Poly1305 over encrypted length || encrypted body, with no padding or lengths block.
 *
 * in and out are the same range (in place) or disjoint; the entry points of both bridges refuse other overlaps
 * (the Java class copies the input first there).
 *
 * Reading the input: packets up to JC_SSH_SHORT bytes of body (as below) are read once, into a stack copy that is MACed
 * and decrypted (open) or encrypted and MACed (seal). Longer ones are read twice by open: the tag over the caller's
 * input, then, if it matched, the decryption of that input (OpenSSH's order and contract: the input must not change
 * during a call). That is what lets a failed open write nothing, in place too, with no copy of the packet; the SSH
 * libraries need that.
 */
#ifndef JCHACHA_SSH_H
#define JCHACHA_SSH_H

#include "jchacha.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes of the length field and of the tag around a body. */
#define JC_SSH_LENGTH 4
#define JC_SSH_TAG 16
/* Bodies sealed and opened on a stack copy, whose kernel call makes the Poly1305 key block and the body's keystream
 * together: up to the backend row's aead_short_seal / aead_short_open bytes (the AEAD's short path makes the same
 * trade, one kernel call fewer against a copy through the stack; bench_ssh measured the SSH packet's alike:
 * docs/bench/ssh.md#one-call-packets), and at most JC_SSH_SHORT, the stack copies' size (bench_ssh rebuilds the
 * file with 0 for the three-call path). */
#ifndef JC_SSH_SHORT
#define JC_SSH_SHORT 2047
#endif

/* The largest sealed packet (4 + body + 16 bytes) the bridges' entry points take: one critical region or critical
 * downcall covers a packet, and none covers more than this (NativeChaCha.CRITICAL_CHUNK; jchacha_jni.c asserts it).
 * Longer packets stay on the Java side's path. */
#define JC_SSH_MAX_SEALED 65536

/* out[0 .. 4 + body_len + 16) = encrypted length || encrypted body || tag, from in[0 .. 4 + body_len) = length ||
 * body. */
void jc_ssh_seal(const jc_backend *b, const uint32_t main_key[16], const uint32_t header_key[16], uint32_t seq,
                 const uint8_t *in, size_t body_len, uint8_t *out);
/* in[0 .. 4 + body_len + 16) = a sealed packet. Returns 1 and writes out[0 .. 4 + body_len) = length || body when
 * the tag matches (compared in constant time before anything is decrypted); else returns 0 and writes nothing. */
int jc_ssh_open(const jc_backend *b, const uint32_t main_key[16], const uint32_t header_key[16], uint32_t seq,
                const uint8_t *in, size_t body_len, uint8_t *out);

#ifdef __cplusplus
}
#endif

#endif
