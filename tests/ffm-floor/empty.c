// SPDX-License-Identifier: Apache-2.0
/* Empty C functions for FfmFloor.java: what a downcall costs before any work on the C side. */
#include <stdint.h>

int32_t ffm_floor_empty(void)
{
    return 0;
}

/* The shape of jc_capi_xor: a handle, six state longs, rounds, counter64, two addresses with their offsets and a
 * length. */
int32_t ffm_floor_xor_shape(int32_t handle, int64_t k0, int64_t k1, int64_t k2, int64_t k3, int64_t ctr, int64_t nonce,
                            int32_t rounds, int32_t counter64, const uint8_t *in, int64_t inoff, uint8_t *out,
                            int64_t outoff, int64_t len)
{
    (void)handle;
    (void)k0;
    (void)k1;
    (void)k2;
    (void)k3;
    (void)ctr;
    (void)nonce;
    (void)rounds;
    (void)counter64;
    return (int32_t)(len + inoff + outoff) + (in != 0) + (out != 0);
}
