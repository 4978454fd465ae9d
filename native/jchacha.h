// SPDX-License-Identifier: Apache-2.0
/*
 * jchacha native kernels: shared declarations.
 *
 * Every ChaCha20 kernel has the same shape, one per instruction set (one translation unit each, compiled with
 * its own flags and only on its own architecture). dispatch.c picks the fastest one that runs on this CPU and
 * lets callers force one by name.
 *
 * This header is plain C99 and includes no JNI header: the JNI glue (jchacha_jni.c) includes it.
 */
#ifndef JCHACHA_H
#define JCHACHA_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * state: 16 words, RFC 8439 layout: [0..3] constants, [4..11] key, [12] block counter (low), [13] counter
 * high when counter64 != 0 (original ChaCha20 / XChaCha20) else first nonce word, [14..15] nonce. Not
 * modified. Block i of the call uses counter state[12]+i (carried into state[13] when counter64; with
 * counter64 == 0 the caller guarantees word 12 does not wrap during the call). in == NULL writes raw
 * keystream; in == out is allowed (in-place). len is any size; a final partial block writes only its bytes,
 * and nothing outside [out, out+len) is written and nothing outside [in, in+len) is read. rounds is 8, 12 or
 * 20. The keystream is the little-endian serialization of the output words.
 */
typedef void (*jc_xor_fn)(const uint32_t state[16], int rounds, int counter64, const uint8_t *in, uint8_t *out,
                          size_t len);

/* HChaCha20 (draft-irtf-cfrg-xchacha 2.2): words 0..3 and 12..15 of the permuted state, no final add.
 * The state is built from the "expand 32-byte k" constants, key[0..7] and nonce[0..3] (words, already
 * decoded little-endian). rounds is 8, 12 or 20 (HChaCha8/12/20). */
typedef void (*jc_hchacha_fn)(const uint32_t key[8], const uint32_t nonce[4], int rounds, uint32_t out[8]);

/* out[i] = a[i] ^ b[i] for i < len: the stream layer XOR-ing input with keystream it keeps (a may equal out; no other
 * overlap). Each step loads before it stores. */
typedef void (*jc_xor_bytes_fn)(const uint8_t *a, const uint8_t *b, uint8_t *out, size_t len);

#define JC_DECLARE_KERNELS(isa)                                                                                        \
    void jc_chacha_xor_##isa(const uint32_t state[16], int rounds, int counter64, const uint8_t *in, uint8_t *out,     \
                             size_t len);                                                                              \
    void jc_hchacha_##isa(const uint32_t key[8], const uint32_t nonce[4], int rounds, uint32_t out[8]);                \
    void jc_xor_bytes_##isa(const uint8_t *a, const uint8_t *b, uint8_t *out, size_t len);

/*
 * Every native ISA the project knows, the one list in C: X(isa) stands for native/chacha_<isa>.c and its kernels
 * above. The kernel table (dispatch.c) has the compiled ones in this order, slower before faster on each
 * architecture: jc_backend_best() takes the last that runs. An ISA other than portable is compiled only on the
 * architectures whose JCHACHA_ISAS (CMakeLists.txt) name it; CMake then defines JCHACHA_HAVE_<ISA>=1 for dispatch.c.
 */
#define JC_FOR_EACH_ISA(X) X(portable) X(avx2) X(avx512) X(neon)

/* X for JC_FOR_EACH_ISA: the ISA's name as a string, for an array initializer. */
#define JC_ISA_NAME(isa) #isa,

/* Declared everywhere; defined only where the kernel is compiled in (see jc_backend_find). */
JC_FOR_EACH_ISA(JC_DECLARE_KERNELS)

typedef struct jc_poly1305 jc_poly1305;

/* Poly1305 block kernel: absorbs nblocks full 16-byte blocks (each with the 2^128 bit set) into st->h. See
 * poly1305.h for the state and the incremental API built on it. */
typedef void (*jc_poly_blocks_fn)(jc_poly1305 *st, const uint8_t *m, size_t nblocks);

/* ChaCha20 and Poly1305 in one pass, for the AEAD: XORs len bytes (a multiple of the backend's xor_mac_group G)
 * from in to out like xor_fn(state, 20, 0, ...) and absorbs ciphertext into mac (buflen 0; full blocks, 2^128 bit
 * set). Open: in's bytes (in is the ciphertext); first is unused. Sealing: G bytes at first (NULL: none), then what
 * each G-byte pass wrote, one pass behind; the last pass's output (out + len - G) is left for the caller to absorb
 * (or to pass as the next call's first, where it must not lie in out + 0 .. G). A pass absorbs all it absorbs
 * before it stores, so in and out may be the same; otherwise they do not overlap. */
#define JC_XOR_MAC_GROUP_AVX2 512
#define JC_XOR_MAC_GROUP_AVX512 2048
typedef void (*jc_xor_mac_fn)(const uint32_t state[16], const uint8_t *in, uint8_t *out, size_t len, jc_poly1305 *mac,
                              int open, const uint8_t *first);
void jc_chacha_xor_mac_avx2(const uint32_t state[16], const uint8_t *in, uint8_t *out, size_t len, jc_poly1305 *mac,
                            int open, const uint8_t *first);
void jc_chacha_xor_mac_avx512(const uint32_t state[16], const uint8_t *in, uint8_t *out, size_t len, jc_poly1305 *mac,
                              int open, const uint8_t *first);

/* ChaCha20 from block 0 of two states in one pass, 20 rounds, 32-bit counters: len <= JC_XOR_PAIR_MAX bytes (a longer
 * len is two calls) of state's keystream XORed from in into out as xor_fn does, and olen <= 64 bytes of other's block 0
 * XORed from oin into oout (oin == NULL: raw keystream), written after out's bytes, so oout may lie in out. The second
 * state's block runs on the scalar units beside the vector pass: for chacha20-poly1305@openssh.com, whose packet length
 * is under one key and its Poly1305 key and body under another (ssh.c). */
#define JC_XOR_PAIR_MAX 512
typedef void (*jc_xor_pair_fn)(const uint32_t state[16], const uint8_t *in, uint8_t *out, size_t len,
                               const uint32_t other[16], const uint8_t *oin, uint8_t *oout, size_t olen);
void jc_chacha_xor_pair_avx2(const uint32_t state[16], const uint8_t *in, uint8_t *out, size_t len,
                             const uint32_t other[16], const uint8_t *oin, uint8_t *oout, size_t olen);
void jc_chacha_xor_pair_avx512(const uint32_t state[16], const uint8_t *in, uint8_t *out, size_t len,
                               const uint32_t other[16], const uint8_t *oin, uint8_t *oout, size_t olen);

/*
 * A backend: one row of the kernel table, holding every kernel of one instruction set (ChaCha20, HChaCha20, XOR,
 * Poly1305, the AEAD's interleaved pass), so one forced name selects them all at once.
 */
typedef struct jc_backend {
    const char *name;          /* the ISA, as JC_FOR_EACH_ISA names it */
    jc_xor_fn xor_fn;
    jc_hchacha_fn hchacha_fn;
    jc_xor_bytes_fn xor_bytes;
    jc_poly_blocks_fn poly_blocks; /* this ISA's Poly1305 (avx512: IFMA when the CPU has it, else AVX2) */
    jc_xor_mac_fn xor_mac;     /* NULL: the AEAD runs xor_fn and poly_blocks one after the other */
    uint16_t xor_mac_group;    /* bytes per xor_mac pass (0 without one) */
    /* The longest message the AEAD seals / opens on its one-call short path (aead.h, at most JC_AEAD_SHORT): the
     * lengths below which that path measured faster than the chunked one on this backend. */
    uint16_t aead_short_seal, aead_short_open;
    /* The shortest message whose MAC the short path hands to poly_blocks; shorter ones (all of them where 0) run the
     * radix-2^64 scalar core straight over the AAD and the ciphertext (aead.h). */
    uint16_t aead_short_kernel_mac;
    /* 1: the AEAD makes its key block in the same kernel call as the message's first keystream blocks (the kernel
     * runs a lone block beside a vector pass, JC_HAVE_LONE; jc_aead_init_message). */
    uint8_t aead_key_pass;
    jc_xor_pair_fn xor_pair; /* NULL: two xor_fn calls (ssh.c) */
} jc_backend;

/* The interleaved pass the AEAD takes with this backend on this CPU: its xor_mac where that measured faster than
 * xor_fn and poly_blocks one after the other here, else NULL (dispatch.c). */
jc_xor_mac_fn jc_backend_xor_mac(const jc_backend *b);

/* For tests, which must check both AEAD paths on any CPU: mode 1 makes jc_backend_xor_mac return every row's xor_mac,
 * 0 none, -1 (the start) what suits the CPU. Not thread-safe against AEAD calls running meanwhile; not exported. */
void jc_backend_xor_mac_force(int mode);

/* Which Poly1305 kernel this backend's poly_blocks runs on this CPU, e.g. "portable", "avx2",
 * "avx512ifma", "avx2 (CPU lacks AVX512_IFMA)". Static string. */
const char *jc_backend_poly_kernel(const jc_backend *b);

/* The backend compiled in under this name, whether or not this CPU can run it; NULL if not compiled in
 * (or name is NULL). Do not call its functions before jc_backend_available() said 1. */
const jc_backend *jc_backend_find(const char *name);

/* 1 if the backend is compiled in and runs on this CPU and OS. Else 0, and *why (when why != NULL) is set to
 * a static human-readable reason, e.g. "not compiled for this architecture", "CPU lacks AVX-512F/VL",
 * "OS does not save ZMM state (XCR0)". On 1, *why is set to "". */
int jc_backend_available(const char *name, const char **why);

/* The backend under this name if it is compiled in AND runs here, else NULL (with *why as above). This is the
 * only lookup a caller that forces a backend by name should use: it never hands out an unrunnable kernel. */
const jc_backend *jc_backend_get(const char *name, const char **why);

/* The fastest backend that runs here (never NULL: portable is always compiled in). */
const jc_backend *jc_backend_best(void);

/* Compiled-in backends, in table order (portable first, then fastest last... see dispatch.c):
 * index 0 .. jc_backend_count()-1; NULL out of range. Includes backends this CPU cannot run. */
int jc_backend_count(void);
const jc_backend *jc_backend_at(int index);

/* CPU features seen by the detector, space separated, e.g. "sse2 avx avx2 avx512f avx512vl avx512bw
 * avx512ifma avx512vbmi" or "asimd"; "" when nothing relevant was found. Static string. */
const char *jc_cpu_features(void);

/* The architecture the library was compiled for: "x86_64", "aarch64" or "generic". */
const char *jc_build_arch(void);

/* Zeroes n bytes at p in a way the compiler cannot drop as a dead store (key material on stacks). Inline, so a
 * wipe of a known size becomes a few stores instead of two calls (a 16-byte AEAD seal makes five wipes). */
static inline void jc_wipe(void *p, size_t n)
{
    memset(p, 0, n);
#if defined(__GNUC__) || defined(__clang__)
    __asm__ __volatile__("" : : "r"(p) : "memory"); /* the stores are observable: not dropped as dead */
#else
    volatile uint8_t *v = (volatile uint8_t *)p;
    while (n--)
        *v++ = 0;
#endif
}

#ifdef __cplusplus
}
#endif

#endif /* JCHACHA_H */
