// SPDX-License-Identifier: Apache-2.0
/*
 * libsodium 1.0.18's crypto_secretstream_xchacha20poly1305 message, sealed over the AEAD context of aead.h
 * (ISA-neutral). The Java layer keeps the stream's state (subkey, counter, inonce, rekeying); C seals one message
 * straight from the caller's input to the caller's output, so a long push costs no copies.
 *
 * A message under state (IETF layout, counter word 0): block 0 keys Poly1305, block 1 encrypts a 64-byte block
 * whose first byte is the tag, blocks 2.. encrypt the message. The MAC covers ad || pad16(ad) || the encrypted
 * block || c || zeros(mlen % 16) || le64(adlen) || le64(64 + mlen): libsodium pads c by mlen % 16 bytes, not to
 * a 16-byte boundary, and that is kept for compatibility. The wire form is the encrypted block's first byte, c,
 * the MAC: mlen + 17 bytes.
 *
 * Use: jc_aead_init, jc_aead_aad (any pieces), jc_secretstream_tag_block, jc_aead_seal_update over the message
 * (pieces as aead.h says), jc_secretstream_mac, jc_aead_wipe.
 */
#ifndef JCHACHA_SECRETSTREAM_H
#define JCHACHA_SECRETSTREAM_H

#include "aead.h"

#ifdef __cplusplus
extern "C" {
#endif

/* After the AD: encrypts and MACs the tag block (block 1); returns the wire form's first byte. */
uint8_t jc_secretstream_tag_block(jc_aead *a, uint8_t tag);
/* After the message: libsodium's padding and lengths, then the MAC into mac. The context is wiped. */
void jc_secretstream_mac(jc_aead *a, uint8_t mac[16]);

#ifdef __cplusplus
}
#endif

#endif
