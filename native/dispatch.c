// SPDX-License-Identifier: Apache-2.0
/*
 * Backend table and CPU feature detection (compiled with the baseline flags only: nothing here may use an
 * instruction the detector has not confirmed).
 *
 * x86: CPUID leaves 1 and 7 plus XGETBV(0): AVX2 needs OSXSAVE, the AVX2 bit and XCR0 bits 1-2 (XMM, YMM
 * state); AVX-512 additionally needs F and VL and XCR0 bits 5-7 (opmask, upper ZMM0-15, ZMM16-31).
 * aarch64: HWCAP_ASIMD from getauxval on Linux; NEON is architectural elsewhere.
 *
 * Detection runs once; concurrent first calls may both run it, which is harmless (same result, published
 * with one atomic store).
 */
#include "aead.h"
#include "jchacha.h"
#include "poly1305.h"

#include <stdatomic.h>
#include <string.h>

#if defined(__x86_64__) || defined(_M_X64)
#define JC_ARCH_X86 1
#include <cpuid.h>
#elif defined(__aarch64__) || defined(_M_ARM64)
#define JC_ARCH_ARM64 1
#if defined(__linux__)
#include <sys/auxv.h>
#ifndef HWCAP_ASIMD
#define HWCAP_ASIMD (1UL << 1)
#endif
#endif
#endif

/* Feature bits the detector records. */
enum {
    F_DETECTED = 1u << 0,
    F_SSE2 = 1u << 1,
    F_AVX = 1u << 2,
    F_AVX2 = 1u << 3,
    F_AVX512F = 1u << 4,
    F_AVX512VL = 1u << 5,
    F_AVX512BW = 1u << 6,
    F_AVX512IFMA = 1u << 7,
    F_AVX512VBMI = 1u << 8,
    F_OS_YMM = 1u << 9,   /* XCR0 saves XMM+YMM */
    F_OS_ZMM = 1u << 10,  /* XCR0 saves opmask+ZMM */
    F_ASIMD = 1u << 11,
    F_AMD_19H = 1u << 12, /* an AMD CPU of family 19h (Zen 3, Zen 4): a tuning choice, not a feature */
};

static const struct {
    unsigned bit;
    const char *name;
} feature_names[] = {
    {F_SSE2, "sse2"},
    {F_AVX, "avx"},
    {F_AVX2, "avx2"},
    {F_AVX512F, "avx512f"},
    {F_AVX512VL, "avx512vl"},
    {F_AVX512BW, "avx512bw"},
    {F_AVX512IFMA, "avx512ifma"},
    {F_AVX512VBMI, "avx512vbmi"},
    {F_ASIMD, "asimd"},
};

#if JC_ARCH_X86
static uint64_t read_xcr0(void)
{
    uint32_t lo, hi;
    /* xgetbv with ecx = 0, spelled as bytes so no -mxsave is needed. */
    __asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

static unsigned detect(void)
{
    unsigned f = F_DETECTED;
    unsigned a, b, c, d;
    if (!__get_cpuid(0, &a, &b, &c, &d))
        return f;
    const unsigned max_leaf = a;
    int amd = b == 0x68747541 && d == 0x69746e65 && c == 0x444d4163; /* "AuthenticAMD" */
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return f;
    if (amd && ((a >> 8) & 0xf) + ((a >> 20) & 0xff) == 0x19) /* base family 0xf plus the extended family */
        f |= F_AMD_19H;
    if (d & (1u << 26))
        f |= F_SSE2;
    int osxsave = (c & (1u << 27)) != 0;
    if (c & (1u << 28))
        f |= F_AVX;
    if (osxsave) {
        uint64_t xcr0 = read_xcr0();
        if ((xcr0 & 0x6) == 0x6)
            f |= F_OS_YMM;
        if ((xcr0 & 0xe6) == 0xe6)
            f |= F_OS_ZMM;
    }
    if (max_leaf >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        if (b & (1u << 5))
            f |= F_AVX2;
        if (b & (1u << 16))
            f |= F_AVX512F;
        if (b & (1u << 21))
            f |= F_AVX512IFMA;
        if (b & (1u << 30))
            f |= F_AVX512BW;
        if (b & (1u << 31))
            f |= F_AVX512VL;
        if (c & (1u << 1))
            f |= F_AVX512VBMI;
    }
    return f;
}
#elif JC_ARCH_ARM64
static unsigned detect(void)
{
#if defined(__linux__)
    return F_DETECTED | ((getauxval(AT_HWCAP) & HWCAP_ASIMD) ? F_ASIMD : 0);
#else
    return F_DETECTED | F_ASIMD; /* AdvSIMD is mandatory in AArch64 */
#endif
}
#else
static unsigned detect(void)
{
    return F_DETECTED;
}
#endif

static atomic_uint cpu_features; /* 0 until detected */

static unsigned features(void)
{
    unsigned f = atomic_load_explicit(&cpu_features, memory_order_acquire);
    if (f == 0) {
        f = detect();
        atomic_store_explicit(&cpu_features, f, memory_order_release);
    }
    return f;
}

typedef struct {
    jc_backend backend;
    const char *(*why_not)(unsigned features); /* why the backend cannot run here; NULL when it can */
} entry;

/*
 * One row per ISA: JC_ROW_<isa>, defined (empty where CMake did not compile the ISA: JCHACHA_HAVE_<ISA>, an
 * undefined one reading as 0) beside the ISA's why_not function. ROW fills in what every row has, named after the
 * ISA: its name, ChaCha20, HChaCha20 and XOR kernels, and why_not_<isa>; the rest of jc_backend follows by name
 * (a field left out is 0 / NULL).
 */
#define ROW(isa, ...)                                                                                                  \
    {.backend = {.name = #isa,                                                                                         \
                 .xor_fn = jc_chacha_xor_##isa,                                                                        \
                 .hchacha_fn = jc_hchacha_##isa,                                                                       \
                 .xor_bytes = jc_xor_bytes_##isa,                                                                      \
                 __VA_ARGS__},                                                                                         \
     .why_not = why_not_##isa},

static const char *why_not_portable(unsigned f)
{
    (void)f;
    return NULL;
}
#define JC_ROW_portable                                                                                                \
    ROW(portable, .poly_blocks = jc_poly1305_blocks_portable, .aead_short_seal = JC_AEAD_SHORT_PORTABLE,               \
        .aead_short_open = JC_AEAD_SHORT_PORTABLE)

#if JCHACHA_HAVE_AVX2
static const char *why_not_avx2(unsigned f)
{
    if (!(f & F_AVX2))
        return "CPU lacks AVX2";
    if (!(f & F_OS_YMM))
        return "OS does not save YMM state (XCR0)";
    return NULL;
}
#define JC_ROW_avx2                                                                                                    \
    ROW(avx2, .poly_blocks = jc_poly1305_blocks_avx2, .xor_mac = jc_chacha_xor_mac_avx2,                               \
        .xor_mac_group = JC_XOR_MAC_GROUP_AVX2, .aead_short_seal = JC_AEAD_SHORT_SEAL_AVX2,                            \
        .aead_short_open = JC_AEAD_SHORT_OPEN_AVX2, .aead_short_kernel_mac = JC_AEAD_SHORT_KERNEL_MAC_AVX2,            \
        .xor_pair = jc_chacha_xor_pair_avx2)
#else
#define JC_ROW_avx2
#endif

#if JCHACHA_HAVE_AVX512
static const char *why_not_avx512(unsigned f)
{
    if (!(f & F_AVX512F) || !(f & F_AVX512VL))
        return "CPU lacks AVX-512F/VL";
    if (!(f & F_OS_YMM) || !(f & F_OS_ZMM))
        return "OS does not save ZMM state (XCR0)";
    return NULL;
}

/* AVX-512 row's Poly1305: IFMA (52-bit multiply-add) when the CPU has it, else the AVX2 kernel. The row
 * itself requires AVX-512F/VL and ZMM state, so only the IFMA bit is left to check. */
#if JCHACHA_HAVE_AVX2
#define JC_POLY_NO_IFMA jc_poly1305_blocks_avx2
#define JC_POLY_NO_IFMA_NAME "avx2 (CPU lacks AVX512_IFMA)"
#else
#define JC_POLY_NO_IFMA jc_poly1305_blocks_portable
#define JC_POLY_NO_IFMA_NAME "portable (CPU lacks AVX512_IFMA)"
#endif
static void poly_blocks_avx512(jc_poly1305 *st, const uint8_t *m, size_t nblocks)
{
    if (features() & F_AVX512IFMA)
        jc_poly1305_blocks_avx512ifma(st, m, nblocks);
    else
        JC_POLY_NO_IFMA(st, m, nblocks);
}
#define JC_ROW_avx512                                                                                                  \
    ROW(avx512, .poly_blocks = poly_blocks_avx512, .xor_mac = jc_chacha_xor_mac_avx512,                                \
        .xor_mac_group = JC_XOR_MAC_GROUP_AVX512, .aead_short_seal = JC_AEAD_SHORT_AVX512,                             \
        .aead_short_open = JC_AEAD_SHORT_AVX512, .aead_short_kernel_mac = JC_AEAD_SHORT_KERNEL_MAC_AVX512,             \
        .aead_key_pass = 1, .xor_pair = jc_chacha_xor_pair_avx512)
#else
#define JC_ROW_avx512
#endif

#if JCHACHA_HAVE_NEON
static const char *why_not_neon(unsigned f)
{
    return (f & F_ASIMD) ? NULL : "CPU lacks ASIMD (HWCAP)";
}
#define JC_ROW_neon                                                                                                    \
    ROW(neon, .poly_blocks = jc_poly1305_blocks_portable, .aead_short_seal = JC_AEAD_SHORT_UNMEASURED,                 \
        .aead_short_open = JC_AEAD_SHORT_UNMEASURED)
#else
#define JC_ROW_neon
#endif

_Static_assert(JC_AEAD_SHORT_SEAL_AVX2 <= JC_AEAD_SHORT && JC_AEAD_SHORT_OPEN_AVX2 <= JC_AEAD_SHORT &&
                   JC_AEAD_SHORT_PORTABLE <= JC_AEAD_SHORT && JC_AEAD_SHORT_AVX512 <= JC_AEAD_SHORT &&
                   JC_AEAD_SHORT_UNMEASURED <= JC_AEAD_SHORT,
               "the AEAD's short path works in stack copies of JC_AEAD_SHORT bytes");

/* The compiled rows in JC_FOR_EACH_ISA's order, portable first: jc_backend_best() takes the last one that runs. A
 * listed ISA without a JC_ROW_<isa> fails to compile here. */
#define JC_ROW(isa) JC_ROW_##isa
static const entry table[] = {JC_FOR_EACH_ISA(JC_ROW)};

#define TABLE_SIZE ((int)(sizeof table / sizeof table[0]))

/* Names the project knows, to tell "not compiled for this architecture" from "unknown backend". */
static const char *const known_names[] = {JC_FOR_EACH_ISA(JC_ISA_NAME)};

static const entry *find_entry(const char *name)
{
    if (name == NULL)
        return NULL;
    for (int i = 0; i < TABLE_SIZE; i++)
        if (strcmp(table[i].backend.name, name) == 0)
            return &table[i];
    return NULL;
}

const jc_backend *jc_backend_find(const char *name)
{
    const entry *e = find_entry(name);
    return e ? &e->backend : NULL;
}

int jc_backend_available(const char *name, const char **why)
{
    const char *reason;
    const entry *e = find_entry(name);
    if (e == NULL) {
        reason = "unknown backend";
        for (size_t i = 0; name != NULL && i < sizeof known_names / sizeof known_names[0]; i++)
            if (strcmp(known_names[i], name) == 0)
                reason = "not compiled for this architecture";
    } else {
        reason = e->why_not(features());
    }
    if (why != NULL)
        *why = reason ? reason : "";
    return reason == NULL;
}

const jc_backend *jc_backend_get(const char *name, const char **why)
{
    return jc_backend_available(name, why) ? jc_backend_find(name) : NULL;
}

const jc_backend *jc_backend_best(void)
{
    unsigned f = features();
    for (int i = TABLE_SIZE - 1; i > 0; i--)
        if (table[i].why_not(f) == NULL)
            return &table[i].backend;
    return &table[0].backend;
}

int jc_backend_count(void)
{
    return TABLE_SIZE;
}

const jc_backend *jc_backend_at(int index)
{
    return (index >= 0 && index < TABLE_SIZE) ? &table[index].backend : NULL;
}

const char *jc_backend_poly_kernel(const jc_backend *b)
{
    if (b == NULL || b->poly_blocks == NULL)
        return "";
#if JCHACHA_HAVE_AVX512
    if (b->poly_blocks == poly_blocks_avx512)
        return (features() & F_AVX512IFMA) ? "avx512ifma" : JC_POLY_NO_IFMA_NAME;
#endif
#if JCHACHA_HAVE_AVX2
    if (b->poly_blocks == jc_poly1305_blocks_avx2)
        return "avx2";
#endif
    return "portable";
}

/* -1: jc_backend_xor_mac follows the CPU; 0 / 1: never / always (tests: jc_backend_xor_mac_force). */
static atomic_int xor_mac_forced = -1;

/*
 * The avx512 row's interleaved pass (chacha_avx512.c) runs its Poly1305 partly on the scalar units beside the 32-block
 * ChaCha20 pass, which pays where that pass is slow enough for the scalar chain to keep pace: on Zen 4 (family 19h),
 * whose AVX-512 runs on 256-bit units, where it was measured. On Zen 5 (family 1Ah, full-width units) it made the
 * AEAD slower than the two kernels one after the other, whatever the MAC share. So the avx512 pass runs on family 19h
 * only; other AVX-512 CPUs run the two kernels apart. avx2's pass still wins on Zen 5: it runs everywhere.
 * docs/bench/tuning.md#avx512-mac-pass-cpus
 */
jc_xor_mac_fn jc_backend_xor_mac(const jc_backend *b)
{
    int forced = atomic_load_explicit(&xor_mac_forced, memory_order_relaxed);
    if (b == NULL || forced == 0)
        return NULL;
#if JCHACHA_HAVE_AVX512
    if (forced < 0 && b->xor_mac == jc_chacha_xor_mac_avx512 && !(features() & F_AMD_19H))
        return NULL;
#endif
    return b->xor_mac;
}

void jc_backend_xor_mac_force(int mode)
{
    atomic_store_explicit(&xor_mac_forced, mode < 0 ? -1 : mode > 0, memory_order_relaxed);
}

const char *jc_cpu_features(void)
{
    /* Built once: the first caller moves state 0 -> 1, writes the text, then publishes 2; others wait. */
    static char text[128];
    static atomic_int state;
    int expected = 0;
    if (atomic_load_explicit(&state, memory_order_acquire) == 2)
        return text;
    if (atomic_compare_exchange_strong(&state, &expected, 1)) {
        size_t n = 0;
        unsigned f = features();
        text[0] = '\0';
        for (size_t i = 0; i < sizeof feature_names / sizeof feature_names[0]; i++) {
            if (!(f & feature_names[i].bit))
                continue;
            size_t l = strlen(feature_names[i].name);
            if (n + l + 2 > sizeof text)
                break;
            if (n > 0)
                text[n++] = ' ';
            memcpy(text + n, feature_names[i].name, l + 1);
            n += l;
        }
        atomic_store_explicit(&state, 2, memory_order_release);
        return text;
    }
    while (atomic_load_explicit(&state, memory_order_acquire) != 2)
        ; /* a few hundred nanoseconds at most, once per process */
    return text;
}

const char *jc_build_arch(void)
{
#if JC_ARCH_X86
    return "x86_64";
#elif JC_ARCH_ARM64
    return "aarch64";
#else
    return "generic";
#endif
}
