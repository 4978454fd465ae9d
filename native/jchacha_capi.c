// SPDX-License-Identifier: Apache-2.0
/*
 * The plain-C entry points of jchacha_capi.h (the FFM bridge's) and the handle table both bridges share.
 */
#include "jchacha_capi.h"

#include "aead.h"
#include "chacha_internal.h"
#include "ssh.h"

#define JC_MAX_BACKENDS 8

/* Backends this CPU runs, by handle (= index in the dispatch table); NULL where it cannot run. */
static const jc_backend *g_runnable[JC_MAX_BACKENDS];

void jc_runnable_init(void)
{
    int n = jc_backend_count();
    for (int i = 0; i < n && i < JC_MAX_BACKENDS; i++) {
        const jc_backend *b = jc_backend_at(i);
        g_runnable[i] = (b != NULL && jc_backend_available(b->name, NULL)) ? b : NULL;
    }
}

const jc_backend *jc_runnable(int32_t handle)
{
    return handle >= 0 && handle < JC_MAX_BACKENDS ? g_runnable[handle] : NULL;
}

void jc_state_from_pairs(uint32_t s[16], const int64_t pairs[6])
{
    s[0] = JC_SIGMA0;
    s[1] = JC_SIGMA1;
    s[2] = JC_SIGMA2;
    s[3] = JC_SIGMA3;
    for (int i = 0; i < 6; i++) {
        s[4 + 2 * i] = (uint32_t)(uint64_t)pairs[i];
        s[5 + 2 * i] = (uint32_t)((uint64_t)pairs[i] >> 32);
    }
}

void jc_xaead_state(const jc_backend *b, uint32_t s[16], const uint32_t *key, uint32_t x0, uint32_t x1, uint32_t x2,
                    uint32_t x3, uint32_t n1, uint32_t n2)
{
    const uint32_t x[4] = {x0, x1, x2, x3};
    uint32_t sub[8];
    b->hchacha_fn(key + 4, x, 20, sub); /* before s, which may be key, changes */
    jc_aead_state(s, key, 0, n1, n2);
    for (int i = 0; i < 8; i++) {
        s[4 + i] = sub[i];
    }
    jc_wipe(sub, sizeof sub);
}

static int rounds_ok(int32_t rounds)
{
    return rounds == 8 || rounds == 12 || rounds == 20;
}

JC_CAPI int32_t jc_capi_abi_version(void)
{
    return JC_ABI_VERSION;
}

JC_CAPI int32_t jc_capi_xor(int32_t handle, int64_t k0, int64_t k1, int64_t k2, int64_t k3, int64_t ctr, int64_t nonce,
                            int32_t rounds, int32_t counter64, const uint8_t *in, int64_t inoff, uint8_t *out,
                            int64_t outoff, int64_t len)
{
    const jc_backend *b = jc_runnable(handle);
    if (b == NULL) {
        return JC_CAPI_BAD_HANDLE;
    }
    if (!rounds_ok(rounds) || out == NULL || len < 0 || inoff < 0 || outoff < 0) {
        return JC_CAPI_BAD_ARGUMENT;
    }
    int64_t pairs[6] = {k0, k1, k2, k3, ctr, nonce};
    uint32_t s[16];
    jc_state_from_pairs(s, pairs);
    jc_wipe(pairs, sizeof pairs); /* key words */
    b->xor_fn(s, rounds, counter64 != 0, in == NULL ? NULL : in + inoff, out + outoff, (size_t)len);
    jc_wipe(s, sizeof s);
    return JC_CAPI_OK;
}

JC_CAPI int32_t jc_capi_xor_bytes(int32_t handle, const uint8_t *a, int64_t aoff, const uint8_t *b, int64_t boff,
                                  uint8_t *out, int64_t outoff, int64_t len)
{
    const jc_backend *be = jc_runnable(handle);
    if (be == NULL) {
        return JC_CAPI_BAD_HANDLE;
    }
    if (a == NULL || b == NULL || out == NULL || aoff < 0 || boff < 0 || outoff < 0 || len < 0) {
        return JC_CAPI_BAD_ARGUMENT;
    }
    be->xor_bytes(a + aoff, b + boff, out + outoff, (size_t)len);
    return JC_CAPI_OK;
}

JC_CAPI int32_t jc_capi_hchacha(int32_t handle, const uint32_t *key, const uint32_t *nonce, int32_t rounds,
                                uint32_t *out)
{
    const jc_backend *b = jc_runnable(handle);
    if (b == NULL) {
        return JC_CAPI_BAD_HANDLE;
    }
    if (!rounds_ok(rounds) || key == NULL || nonce == NULL || out == NULL) {
        return JC_CAPI_BAD_ARGUMENT;
    }
    b->hchacha_fn(key, nonce, rounds, out);
    return JC_CAPI_OK;
}

/* What seal and open check: the handle, then the pointers, offsets and lengths C can see. */
static const jc_backend *aead_args(int32_t handle, const uint32_t *key, const uint8_t *aad, int64_t aadoff,
                                   int64_t aadlen, const uint8_t *in, int64_t inoff, int64_t len, const uint8_t *out,
                                   int64_t outoff, int32_t *err)
{
    const jc_backend *b = jc_runnable(handle);
    if (b == NULL) {
        *err = JC_CAPI_BAD_HANDLE;
    } else if (key == NULL || in == NULL || out == NULL || len < 0 || aadlen < 0 || (aad == NULL && aadlen > 0) ||
               aadoff < 0 || inoff < 0 || outoff < 0) {
        *err = JC_CAPI_BAD_ARGUMENT;
        b = NULL;
    }
    return b;
}

/* Seal and open once the message's state s is built (both wipe it). */
static void seal_state(const jc_backend *b, uint32_t s[16], const uint8_t *aad, int64_t aadoff, int64_t aadlen,
                       const uint8_t *in, int64_t inoff, int64_t len, uint8_t *out, int64_t outoff)
{
    jc_aead_seal(b, s, aad == NULL ? NULL : aad + aadoff, (size_t)aadlen, in + inoff, (size_t)len, out + outoff);
    jc_wipe(s, 16 * sizeof s[0]);
}

static int32_t open_state(const jc_backend *b, uint32_t s[16], const uint8_t *aad, int64_t aadoff, int64_t aadlen,
                          const uint8_t *in, int64_t inoff, int64_t len, uint8_t *out, int64_t outoff)
{
    int ok =
        jc_aead_open(b, s, aad == NULL ? NULL : aad + aadoff, (size_t)aadlen, in + inoff, (size_t)len, out + outoff);
    jc_wipe(s, 16 * sizeof s[0]);
    return ok;
}

JC_CAPI int32_t jc_capi_aead_seal(int32_t handle, const uint32_t *key, int32_t n0, int32_t n1, int32_t n2,
                                  const uint8_t *aad, int64_t aadoff, int64_t aadlen, const uint8_t *in, int64_t inoff,
                                  int64_t len, uint8_t *out, int64_t outoff)
{
    int32_t err = JC_CAPI_OK;
    const jc_backend *b = aead_args(handle, key, aad, aadoff, aadlen, in, inoff, len, out, outoff, &err);
    if (b != NULL) {
        uint32_t s[16];
        jc_aead_state(s, key, (uint32_t)n0, (uint32_t)n1, (uint32_t)n2);
        seal_state(b, s, aad, aadoff, aadlen, in, inoff, len, out, outoff);
    }
    return err;
}

JC_CAPI int32_t jc_capi_aead_open(int32_t handle, const uint32_t *key, int32_t n0, int32_t n1, int32_t n2,
                                  const uint8_t *aad, int64_t aadoff, int64_t aadlen, const uint8_t *in, int64_t inoff,
                                  int64_t len, uint8_t *out, int64_t outoff)
{
    int32_t err = JC_CAPI_OK;
    const jc_backend *b = aead_args(handle, key, aad, aadoff, aadlen, in, inoff, len, out, outoff, &err);
    if (b == NULL) {
        return err;
    }
    uint32_t s[16];
    jc_aead_state(s, key, (uint32_t)n0, (uint32_t)n1, (uint32_t)n2);
    return open_state(b, s, aad, aadoff, aadlen, in, inoff, len, out, outoff);
}

JC_CAPI int32_t jc_capi_xaead_seal(int32_t handle, const uint32_t *key, int32_t x0, int32_t x1, int32_t x2, int32_t x3,
                                   int32_t n1, int32_t n2, const uint8_t *aad, int64_t aadoff, int64_t aadlen,
                                   const uint8_t *in, int64_t inoff, int64_t len, uint8_t *out, int64_t outoff)
{
    int32_t err = JC_CAPI_OK;
    const jc_backend *b = aead_args(handle, key, aad, aadoff, aadlen, in, inoff, len, out, outoff, &err);
    if (b != NULL) {
        uint32_t s[16];
        jc_xaead_state(b, s, key, (uint32_t)x0, (uint32_t)x1, (uint32_t)x2, (uint32_t)x3, (uint32_t)n1, (uint32_t)n2);
        seal_state(b, s, aad, aadoff, aadlen, in, inoff, len, out, outoff);
    }
    return err;
}

JC_CAPI int32_t jc_capi_xaead_open(int32_t handle, const uint32_t *key, int32_t x0, int32_t x1, int32_t x2, int32_t x3,
                                   int32_t n1, int32_t n2, const uint8_t *aad, int64_t aadoff, int64_t aadlen,
                                   const uint8_t *in, int64_t inoff, int64_t len, uint8_t *out, int64_t outoff)
{
    int32_t err = JC_CAPI_OK;
    const jc_backend *b = aead_args(handle, key, aad, aadoff, aadlen, in, inoff, len, out, outoff, &err);
    if (b == NULL) {
        return err;
    }
    uint32_t s[16];
    jc_xaead_state(b, s, key, (uint32_t)x0, (uint32_t)x1, (uint32_t)x2, (uint32_t)x3, (uint32_t)n1, (uint32_t)n2);
    return open_state(b, s, aad, aadoff, aadlen, in, inoff, len, out, outoff);
}

/* What an SSH packet call checks: the handle, the pointers, the sequence number, offsets, the length (a sealed
 * packet of at most JC_SSH_MAX_SEALED bytes), and that the ranges are the same or disjoint. */
static const jc_backend *ssh_args(int32_t handle, const uint32_t *main_key, const uint32_t *header_key, int64_t seq,
                                  const uint8_t *in, int64_t inoff, int64_t body_len, const uint8_t *out,
                                  int64_t outoff, int sealing, int32_t *err)
{
    const jc_backend *b = jc_runnable(handle);
    if (b == NULL) {
        *err = JC_CAPI_BAD_HANDLE;
        return NULL;
    }
    *err = JC_CAPI_BAD_ARGUMENT;
    if (main_key == NULL || header_key == NULL || in == NULL || out == NULL || seq < 0 || seq > 0xFFFFFFFFll ||
        inoff < 0 || outoff < 0 || body_len < 0 || body_len > JC_SSH_MAX_SEALED - JC_SSH_LENGTH - JC_SSH_TAG) {
        return NULL;
    }
    const uint8_t *i = in + inoff, *o = out + outoff;
    size_t plain = JC_SSH_LENGTH + (size_t)body_len, sealed = plain + JC_SSH_TAG;
    size_t in_len = sealing ? plain : sealed, out_len = sealing ? sealed : plain;
    uintptr_t a = (uintptr_t)i, c = (uintptr_t)o;
    if (a != c && a < c + out_len && c < a + in_len) {
        return NULL; /* overlapping other than in place */
    }
    *err = JC_CAPI_OK;
    return b;
}

JC_CAPI int32_t jc_capi_ssh_seal(int32_t handle, const uint32_t *main_key, const uint32_t *header_key, int64_t seq,
                                 const uint8_t *in, int64_t inoff, int64_t body_len, uint8_t *out, int64_t outoff)
{
    int32_t err;
    const jc_backend *b = ssh_args(handle, main_key, header_key, seq, in, inoff, body_len, out, outoff, 1, &err);
    if (b != NULL) {
        jc_ssh_seal(b, main_key, header_key, (uint32_t)seq, in + inoff, (size_t)body_len, out + outoff);
    }
    return err;
}

JC_CAPI int32_t jc_capi_ssh_open(int32_t handle, const uint32_t *main_key, const uint32_t *header_key, int64_t seq,
                                 const uint8_t *in, int64_t inoff, int64_t body_len, uint8_t *out, int64_t outoff)
{
    int32_t err;
    const jc_backend *b = ssh_args(handle, main_key, header_key, seq, in, inoff, body_len, out, outoff, 0, &err);
    return b == NULL ? err
                     : jc_ssh_open(b, main_key, header_key, (uint32_t)seq, in + inoff, (size_t)body_len, out + outoff);
}
