// SPDX-License-Identifier: Apache-2.0
/*
 * chacha20-poly1305@openssh.com packets (ssh.h). A short packet costs one ChaCha20 kernel call where the row has
 * xor_pair (the header key's block for the length beside the main key's block 0 and the body's keystream), else two,
 * and its Poly1305; longer bodies (ssh.h) take three (the main key's block 0 alone, the length, then the body on the
 * caller's memory).
 */
#include "ssh.h"

#include <string.h>

#include "aead.h"
#include "poly1305.h"

/* The packet's state under key words 0..11: counter 0, nonce 00000000 || BE64(seq) in RFC 8439's word layout (a
 * uint32 seq leaves the high half zero; the low half's big-endian bytes are the last nonce word). */
static void packet_state(uint32_t s[16], const uint32_t key[16], uint32_t seq)
{
    uint32_t be = (seq >> 24) | ((seq >> 8) & 0xff00u) | ((seq << 8) & 0xff0000u) | (seq << 24);
    jc_aead_state(s, key, 0, 0, be);
}

/* Poly1305 of m[0 .. len) under key, one shot: on the row's kernel from the length where its power tables pay (the
 * AEAD short path's, aead.h), else on the radix-2^64 scalar core with no state to set up. */
static void packet_mac(const jc_backend *b, const uint8_t key[32], const uint8_t *m, size_t len, uint8_t tag[16])
{
    if (b->aead_short_kernel_mac != 0 && len >= b->aead_short_kernel_mac) {
        jc_poly1305_auth(b->poly_blocks, tag, m, len, key); /* wipes its state */
        return;
    }
    uint64_t h[3] = {0, 0, 0}, r[2], pad[2];
    size_t full = len / 16, rest = len % 16;
    jc_poly1305_key64(key, r, pad);
    if (full > 0)
        jc_poly1305_blocks64(h, r, m, full, 1);
    if (rest > 0) {
        uint8_t last[16] = {0}; /* ciphertext: public */
        memcpy(last, m + 16 * full, rest);
        last[rest] = 1;
        jc_poly1305_blocks64(h, r, last, 1, 0);
    }
    jc_poly1305_final64(h, pad, tag);
    jc_wipe(h, sizeof h);
    jc_wipe(r, sizeof r);
    jc_wipe(pad, sizeof pad);
}

/* The length's 4 bytes: from[0 .. 4) XOR the header key's block 0 of packet seq, into to. */
static void length_xor(const jc_backend *b, const uint32_t header_key[16], uint32_t seq, const uint8_t *from,
                       uint8_t *to)
{
    uint32_t s[16];
    packet_state(s, header_key, seq);
    b->xor_fn(s, 20, 0, from, to, JC_SSH_LENGTH);
    jc_wipe(s, sizeof s);
}

/* Short bodies: buf[0 .. 64) becomes the main key's block 0 (buf[0 .. 32) the Poly1305 key) and buf[64 ..
 * 64 + n) is XORed with blocks 1.. in the same kernel call (in == NULL: buf[64 ..) gets raw keystream); the
 * length's 4 bytes, from[0 .. 4) XOR the header key's block 0, go to to (written after buf; from == NULL: the raw
 * keystream). Where the row has xor_pair and the call fits it, the header key's block rides along the same pass
 * (docs/bench/ssh.md#one-pass-for-both-keys); else it is a call of its own. */
static void short_pass(const jc_backend *b, const uint32_t main_key[16], const uint32_t header_key[16], uint32_t seq,
                       const uint8_t *in, uint8_t *buf, size_t n, const uint8_t *from, uint8_t *to)
{
    uint32_t s[16];
    packet_state(s, main_key, seq);
    if (in != NULL)
        memset(buf, 0, 64);
    if (b->xor_pair != NULL && 64 + n <= JC_XOR_PAIR_MAX) {
        uint32_t h[16];
        packet_state(h, header_key, seq);
        b->xor_pair(s, in, buf, 64 + n, h, from, to, JC_SSH_LENGTH);
        jc_wipe(h, sizeof h);
    } else {
        b->xor_fn(s, 20, 0, in, buf, 64 + n);
        length_xor(b, header_key, seq, from, to);
    }
    jc_wipe(s, sizeof s);
}

void jc_ssh_seal(const jc_backend *b, const uint32_t main_key[16], const uint32_t header_key[16], uint32_t seq,
                 const uint8_t *in, size_t body_len, uint8_t *out)
{
    size_t n = body_len;
    if (JC_SSH_SHORT > 0 && n <= JC_SSH_SHORT && n <= b->aead_short_seal) {
        /* [block 0 (60 bytes) | length (the block's last 4 bytes, once the key is out of them) | body | tag] */
        uint8_t buf[64 + JC_SSH_SHORT + JC_SSH_TAG];
        memcpy(buf + 64, in + JC_SSH_LENGTH, n); /* each input byte read once */
        short_pass(b, main_key, header_key, seq, buf, buf, n, in, buf + 60);
        packet_mac(b, buf, buf + 60, JC_SSH_LENGTH + n, buf + 64 + n);
        jc_wipe(buf, 60);
        memcpy(out, buf + 60, JC_SSH_LENGTH + n + JC_SSH_TAG); /* ciphertext and tag: nothing to wipe */
        return;
    }
    uint8_t key[32], tag[16];
    uint32_t s[16];
    packet_state(s, main_key, seq);
    b->xor_fn(s, 20, 0, NULL, key, sizeof key);
    s[12] = 1;
    length_xor(b, header_key, seq, in, out);
    b->xor_fn(s, 20, 0, in + JC_SSH_LENGTH, out + JC_SSH_LENGTH, n);
    packet_mac(b, key, out, JC_SSH_LENGTH + n, tag);
    memcpy(out + JC_SSH_LENGTH + n, tag, JC_SSH_TAG);
    jc_wipe(key, sizeof key);
    jc_wipe(s, sizeof s);
}

int jc_ssh_open(const jc_backend *b, const uint32_t main_key[16], const uint32_t header_key[16], uint32_t seq,
                const uint8_t *in, size_t body_len, uint8_t *out)
{
    size_t n = body_len, len = JC_SSH_LENGTH + n;
    uint8_t tag[16];
    int ok;
    if (JC_SSH_SHORT > 0 && n <= JC_SSH_SHORT && n <= b->aead_short_open) {
        /* the sealed packet copied once, MACed and decrypted from the copy; ks: block 0, then the body's keystream */
        uint8_t ct[JC_SSH_LENGTH + JC_SSH_SHORT + JC_SSH_TAG], ks[64 + JC_SSH_SHORT], hks[JC_SSH_LENGTH];
        memcpy(ct, in, len + JC_SSH_TAG);
        short_pass(b, main_key, header_key, seq, NULL, ks, n, NULL, hks);
        packet_mac(b, ks, ct, len, tag);
        ok = jc_poly1305_tags_equal(tag, ct + len);
        if (ok) {
            b->xor_bytes(ct, hks, out, JC_SSH_LENGTH);
            b->xor_bytes(ct + JC_SSH_LENGTH, ks + 64, out + JC_SSH_LENGTH, n);
        }
        jc_wipe(hks, sizeof hks);
        jc_wipe(ks, 64 + n);
        jc_wipe(tag, sizeof tag);
        return ok;
    }
    uint8_t key[32];
    uint32_t s[16];
    packet_state(s, main_key, seq);
    b->xor_fn(s, 20, 0, NULL, key, sizeof key);
    packet_mac(b, key, in, len, tag);
    ok = jc_poly1305_tags_equal(tag, in + len);
    if (ok) {
        s[12] = 1;
        length_xor(b, header_key, seq, in, out);
        b->xor_fn(s, 20, 0, in + JC_SSH_LENGTH, out + JC_SSH_LENGTH, n);
    }
    jc_wipe(key, sizeof key);
    jc_wipe(s, sizeof s);
    jc_wipe(tag, sizeof tag);
    return ok;
}
