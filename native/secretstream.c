// SPDX-License-Identifier: Apache-2.0
/* The secretstream message pieces (see secretstream.h). */
#include "secretstream.h"

#include <string.h>

uint8_t jc_secretstream_tag_block(jc_aead *a, uint8_t tag)
{
    uint8_t block[64] = {0};
    block[0] = tag;
    jc_aead_seal_update(a, block, block, sizeof block); /* pads the AD, then counter 1 */
    uint8_t wire = block[0];
    jc_wipe(block, sizeof block); /* the rest is keystream */
    return wire;
}

void jc_secretstream_mac(jc_aead *a, uint8_t mac[16])
{
    static const uint8_t zeros[16];
    uint8_t lens[16];
    uint64_t mlen = a->ctlen - 64;
    jc_poly1305_update(&a->mac, zeros, (size_t)(mlen & 15));
    jc_aead_lengths(lens, a->aadlen, a->ctlen);
    jc_poly1305_update(&a->mac, lens, sizeof lens);
    jc_poly1305_finish(&a->mac, mac);
    jc_aead_wipe(a);
}
