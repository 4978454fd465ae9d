// SPDX-License-Identifier: Apache-2.0
/*
 * jchacha JNI glue: the only file that includes jni.h. It implements io.jchacha.internal.NativeChaCha, whose
 * header javac -h generates during the Maven build (JCHACHA_JNI_HEADER_DIR), so a Java/C signature mismatch is
 * a compile error here rather than an UnsatisfiedLinkError at run time.
 *
 * Every argument is validated again on this side (backend handle, rounds, state length, offsets, lengths,
 * buffer capacities): whatever Java passes, the JVM gets an exception, never a crash.
 */
#include <jni.h>
#include <stdint.h>
#include <string.h>

#include "io_jchacha_internal_NativeChaCha.h"
#include <stdlib.h>

#include "aead.h"
#include "jchacha.h"
#include "jchacha_capi.h"
#include "secretstream.h"
#include "ssh.h"

_Static_assert(JC_ABI_VERSION == io_jchacha_internal_NativeChaCha_ABI_VERSION,
               "the C API's ABI version (jchacha_capi.h) must be NativeChaCha.ABI_VERSION");

/* Byte arrays are pinned with GetPrimitiveArrayCritical at most this many bytes at a time (NativeChaCha's
 * CRITICAL_CHUNK, through javac -h, shared with the FFM bridge): a region stays far below a GC pause. */
#define JC_CRITICAL_CHUNK io_jchacha_internal_NativeChaCha_CRITICAL_CHUNK
_Static_assert(JC_CRITICAL_CHUNK % 64 == 0, "AEAD pieces other than the last must be whole blocks");
_Static_assert(JC_SSH_MAX_SEALED == JC_CRITICAL_CHUNK, "one critical region covers an SSH packet (ssh.h)");

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved)
{
    (void)vm;
    (void)reserved;
    jc_runnable_init(); /* the handle table of both bridges (jchacha_capi.c) */
    return JNI_VERSION_1_8;
}

static void throw_new(JNIEnv *env, const char *cls, const char *msg)
{
    jclass c = (*env)->FindClass(env, cls);
    if (c != NULL) {
        (*env)->ThrowNew(env, c, msg);
    }
}

static const jc_backend *backend_for(JNIEnv *env, jint handle)
{
    const jc_backend *b = jc_runnable(handle);
    if (b == NULL) {
        throw_new(env, "java/lang/IllegalStateException", "no runnable native backend with this handle");
    }
    return b;
}

/* Reads and checks the 16 state words; returns 0 (with a pending exception) on bad input. */
static int load_state(JNIEnv *env, jintArray state, jint rounds, uint32_t s[16])
{
    if (state == NULL) {
        throw_new(env, "java/lang/NullPointerException", "state");
        return 0;
    }
    if ((*env)->GetArrayLength(env, state) < 16) {
        throw_new(env, "java/lang/IllegalArgumentException", "state must have 16 words");
        return 0;
    }
    if (rounds != 8 && rounds != 12 && rounds != 20) {
        throw_new(env, "java/lang/IllegalArgumentException", "rounds must be 8, 12 or 20");
        return 0;
    }
    (*env)->GetIntArrayRegion(env, state, 0, 16, (jint *)s); /* length checked above: cannot throw */
    return 1;
}

/* 1 if [off, off+len) lies inside [0, size). */
static int range_ok(jlong off, jlong len, jlong size)
{
    return off >= 0 && len >= 0 && off <= size && len <= size - off;
}

static void add_counter(uint32_t s[16], jboolean counter64, uint64_t blocks)
{
    uint64_t c = (uint64_t)s[12] + blocks;
    s[12] = (uint32_t)c;
    if (counter64) {
        s[13] += (uint32_t)(c >> 32);
    }
}

JNIEXPORT jint JNICALL Java_io_jchacha_internal_NativeChaCha_abiVersion(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    return io_jchacha_internal_NativeChaCha_ABI_VERSION; /* from javac -h: NativeChaCha.ABI_VERSION */
}

JNIEXPORT jstring JNICALL Java_io_jchacha_internal_NativeChaCha_cpuFeatures(JNIEnv *env, jclass cls)
{
    (void)cls;
    return (*env)->NewStringUTF(env, jc_cpu_features());
}

JNIEXPORT jstring JNICALL Java_io_jchacha_internal_NativeChaCha_unavailableReason(JNIEnv *env, jclass cls, jstring name)
{
    (void)cls;
    if (name == NULL) {
        throw_new(env, "java/lang/NullPointerException", "backend");
        return NULL;
    }
    const char *n = (*env)->GetStringUTFChars(env, name, NULL);
    if (n == NULL) {
        return NULL;
    }
    const char *why = "";
    int ok = jc_backend_available(n, &why);
    (*env)->ReleaseStringUTFChars(env, name, n);
    return ok ? NULL : (*env)->NewStringUTF(env, why != NULL && why[0] ? why : "not available");
}

JNIEXPORT jint JNICALL Java_io_jchacha_internal_NativeChaCha_backendHandle(JNIEnv *env, jclass cls, jstring name)
{
    (void)cls;
    if (name == NULL) {
        throw_new(env, "java/lang/NullPointerException", "backend");
        return -1;
    }
    const char *n = (*env)->GetStringUTFChars(env, name, NULL);
    if (n == NULL) {
        return -1;
    }
    jint handle = -1;
    for (int i = 0; i < jc_backend_count(); i++) {
        if (jc_runnable(i) != NULL && strcmp(jc_runnable(i)->name, n) == 0) {
            handle = i;
            break;
        }
    }
    (*env)->ReleaseStringUTFChars(env, name, n);
    return handle;
}

/*
 * The stream calls take the cipher state as six longs (key words 4..11 in pairs, counter words 12..13, nonce words
 * 14..15; words 0..3 are always the constants) rather than as an int[]: reading an array costs JNI calls, each a
 * VM transition, and at one or two blocks those calls cost as much as the kernel
 * (docs/bench/tuning.md#jni-state-as-longs).
 */
static int unpack_state(JNIEnv *env, uint32_t s[16], jlong k0, jlong k1, jlong k2, jlong k3, jlong ctr, jlong nonce,
                        jint rounds)
{
    if (rounds != 8 && rounds != 12 && rounds != 20) {
        throw_new(env, "java/lang/IllegalArgumentException", "rounds must be 8, 12 or 20");
        return 0;
    }
    int64_t w[6] = {k0, k1, k2, k3, ctr, nonce};
    jc_state_from_pairs(s, w);
    jc_wipe(w, sizeof w);
    return 1;
}

/* What both stream calls check first: a runnable backend, the state, an output. NULL with an exception pending. */
static const jc_backend *stream_args(JNIEnv *env, jint handle, uint32_t s[16], jlong k0, jlong k1, jlong k2, jlong k3,
                                     jlong ctr, jlong nonce, jint rounds, jobject out)
{
    const jc_backend *b = backend_for(env, handle);
    if (b == NULL || !unpack_state(env, s, k0, k1, k2, k3, ctr, nonce, rounds)) {
        return NULL;
    }
    if (out == NULL) {
        throw_new(env, "java/lang/NullPointerException", "output");
        return NULL;
    }
    return b;
}

static void xor_array(JNIEnv *env, const jc_backend *b, uint32_t s[16], jint rounds, jboolean counter64, jbyteArray in,
                      jint inOff, jbyteArray out, jint outOff, jint len, jboolean inPlace)
{
    /* inPlace: the caller says in is out; then in is never touched and inOff is checked against out instead,
     * so a wrong flag can give wrong bytes but never a read outside an array. */
    jsize outLen = (*env)->GetArrayLength(env, out);
    if (!range_ok(outOff, len, outLen) || (inPlace && !range_ok(inOff, len, outLen)) ||
        (!inPlace && in != NULL && !range_ok(inOff, len, (*env)->GetArrayLength(env, in)))) {
        throw_new(env, "java/lang/ArrayIndexOutOfBoundsException", "range outside the array");
        return;
    }
    int keystream = !inPlace && in == NULL;
    jint done = 0;
    while (done < len) {
        jint n = len - done < JC_CRITICAL_CHUNK ? len - done : JC_CRITICAL_CHUNK;
        uint8_t *o = (*env)->GetPrimitiveArrayCritical(env, out, NULL);
        if (o == NULL) {
            return; /* OutOfMemoryError pending */
        }
        uint8_t *i = NULL;
        if (!keystream) {
            i = inPlace ? o : (*env)->GetPrimitiveArrayCritical(env, in, NULL);
            if (i == NULL) {
                (*env)->ReleasePrimitiveArrayCritical(env, out, o, JNI_ABORT);
                return;
            }
        }
        b->xor_fn(s, rounds, counter64, i == NULL ? NULL : i + inOff + done, o + outOff + done, (size_t)n);
        if (i != NULL && !inPlace) {
            (*env)->ReleasePrimitiveArrayCritical(env, in, i, JNI_ABORT);
        }
        (*env)->ReleasePrimitiveArrayCritical(env, out, o, 0);
        done += n;
        add_counter(s, counter64, (uint64_t)n / 64);
    }
}

JNIEXPORT void JNICALL Java_io_jchacha_internal_NativeChaCha_xorArray(JNIEnv *env, jclass cls, jint handle, jlong k0,
                                                                      jlong k1, jlong k2, jlong k3, jlong ctr,
                                                                      jlong nonce, jint rounds, jboolean counter64,
                                                                      jbyteArray in, jint inOff, jbyteArray out,
                                                                      jint outOff, jint len, jboolean inPlace)
{
    (void)cls;
    uint32_t s[16];
    const jc_backend *b = stream_args(env, handle, s, k0, k1, k2, k3, ctr, nonce, rounds, out);
    if (b != NULL) {
        xor_array(env, b, s, rounds, counter64, in, inOff, out, outOff, len, inPlace);
    }
    jc_wipe(s, sizeof s);
}

/* The address of a direct buffer's range, or NULL with an exception pending. */
static uint8_t *direct_range(JNIEnv *env, jobject buf, jint pos, jlong len)
{
    uint8_t *p = (*env)->GetDirectBufferAddress(env, buf);
    jlong cap = (*env)->GetDirectBufferCapacity(env, buf);
    if (p == NULL || cap < 0) {
        throw_new(env, "java/lang/IllegalArgumentException", "not a direct buffer");
        return NULL;
    }
    if (!range_ok(pos, len, cap)) {
        throw_new(env, "java/lang/IndexOutOfBoundsException", "range outside the buffer");
        return NULL;
    }
    return p + pos;
}

JNIEXPORT void JNICALL Java_io_jchacha_internal_NativeChaCha_xorDirect(JNIEnv *env, jclass cls, jint handle, jlong k0,
                                                                       jlong k1, jlong k2, jlong k3, jlong ctr,
                                                                       jlong nonce, jint rounds, jboolean counter64,
                                                                       jobject in, jint inPos, jobject out, jint outPos,
                                                                       jint len)
{
    (void)cls;
    uint32_t s[16];
    const jc_backend *b = stream_args(env, handle, s, k0, k1, k2, k3, ctr, nonce, rounds, out);
    uint8_t *o = b == NULL ? NULL : direct_range(env, out, outPos, len);
    const uint8_t *i = NULL;
    if (o != NULL && (in == NULL || (i = direct_range(env, in, inPos, len)) != NULL)) {
        b->xor_fn(s, rounds, counter64, i, o, (size_t)len);
    }
    jc_wipe(s, sizeof s);
}

JNIEXPORT void JNICALL Java_io_jchacha_internal_NativeChaCha_hchacha(JNIEnv *env, jclass cls, jint handle,
                                                                     jintArray key, jintArray nonce, jint rounds,
                                                                     jintArray out)
{
    (void)cls;
    const jc_backend *b = backend_for(env, handle);
    if (b == NULL) {
        return;
    }
    if (key == NULL || nonce == NULL || out == NULL) {
        throw_new(env, "java/lang/NullPointerException", "hchacha argument");
        return;
    }
    if ((*env)->GetArrayLength(env, key) < 8 || (*env)->GetArrayLength(env, nonce) < 4 ||
        (*env)->GetArrayLength(env, out) < 8 || (rounds != 8 && rounds != 12 && rounds != 20)) {
        throw_new(env, "java/lang/IllegalArgumentException", "hchacha: 8 key words, 4 nonce words, 8 out words");
        return;
    }
    uint32_t k[8], n[4], r[8];
    (*env)->GetIntArrayRegion(env, key, 0, 8, (jint *)k);
    (*env)->GetIntArrayRegion(env, nonce, 0, 4, (jint *)n);
    b->hchacha_fn(k, n, rounds, r);
    (*env)->SetIntArrayRegion(env, out, 0, 8, (const jint *)r);
    jc_wipe(k, sizeof k);
    jc_wipe(r, sizeof r);
}

/* ---- Poly1305 and ChaCha20-Poly1305 (ABI 2) ----------------------------------------------------------------
 *
 * A whole AEAD message is one call. Arrays are still pinned only JC_CRITICAL_CHUNK bytes at a time: the AEAD
 * context (cipher counter, Poly1305 state) is carried across chunks and the critical regions are released
 * between them, so no single region stays open longer than for the ChaCha20 calls above. Each input byte is read
 * from the caller's memory once (the C AEAD MACs and ciphers the same private copy of each piece), so bytes that
 * change during the call can make the tag fail but never yield plaintext that was not authenticated. Open writes
 * plaintext as it goes and zeroes the output range when the tag is bad. Input and output in the same array with
 * the output starting inside the input, after it: the input is first copied out (malloc), as a forward pass would
 * overwrite input it has not read yet. Direct buffers go to the C AEAD in one piece (it handles any overlap).
 */

enum { OP_AAD, OP_SEAL, OP_OPEN, OP_POLY };

/* Runs op over len bytes of source (the C copy `copy` when non-NULL, else array `in` from inOff) into array
 * `out` from outOff (ops that write), JC_CRITICAL_CHUNK bytes per critical region. 0 with an exception
 * pending when the JVM could not pin an array. */
static int run_chunks_counted(JNIEnv *env, int op, jc_aead *a, jc_poly1305 *p, const uint8_t *copy, jbyteArray in,
                              jint inOff, jbyteArray out, jint outOff, jint len, jint *written)
{
    int same = copy == NULL && out != NULL && (*env)->IsSameObject(env, in, out);
    jint done = 0;
    while ((*written = done) < len) {
        jint n = len - done < JC_CRITICAL_CHUNK ? len - done : JC_CRITICAL_CHUNK;
        uint8_t *o = NULL, *i = NULL;
        if (out != NULL && (o = (*env)->GetPrimitiveArrayCritical(env, out, NULL)) == NULL) {
            return 0;
        }
        if (copy == NULL) {
            i = same ? o : (*env)->GetPrimitiveArrayCritical(env, in, NULL);
            if (i == NULL) {
                if (o != NULL) {
                    (*env)->ReleasePrimitiveArrayCritical(env, out, o, JNI_ABORT);
                }
                return 0;
            }
        }
        const uint8_t *src = copy != NULL ? copy + done : i + inOff + done;
        uint8_t *dst = o != NULL ? o + outOff + done : NULL;
        switch (op) {
        case OP_AAD: jc_aead_aad(a, src, (size_t)n); break;
        case OP_SEAL: jc_aead_seal_update(a, src, dst, (size_t)n); break;
        case OP_OPEN: jc_aead_open_update(a, src, dst, (size_t)n); break;
        default: jc_poly1305_update(p, src, (size_t)n); break;
        }
        if (i != NULL && !same) {
            (*env)->ReleasePrimitiveArrayCritical(env, in, i, JNI_ABORT);
        }
        if (o != NULL) {
            (*env)->ReleasePrimitiveArrayCritical(env, out, o, 0);
        }
        done += n;
    }
    *written = done;
    return 1;
}

static int run_chunks(JNIEnv *env, int op, jc_aead *a, jc_poly1305 *p, const uint8_t *copy, jbyteArray in, jint inOff,
                      jbyteArray out, jint outOff, jint len)
{
    jint written;
    return run_chunks_counted(env, op, a, p, copy, in, inOff, out, outOff, len, &written);
}

/*
 * Messages up to the backend's short-path length (aead.h) with AAD up to this many are sealed and opened on stack
 * copies in one kernel pass (jc_aead_seal_short): two or three JNI copies replace the critical-region and overlap
 * bookkeeping (about ten JNI calls, each a VM transition), which dominated short messages. An empty AAD is not
 * copied.
 */
#define JC_SMALL_AAD 256
/*
 * SHORT_OUTPUT_CHECK: on the short path the output array's range is checked by the JVM, in the one call that writes
 * it (SetByteArrayRegion throws ArrayIndexOutOfBoundsException and writes nothing when the range does not fit), not
 * by a GetArrayLength beforehand: one VM transition fewer per short message, out of six. The input's range is
 * still checked first, since the copy that reads it must not leave an exception pending.
 */

/* Validates what seal and open share; 1 if all is well, else 0 with an exception pending. */
static int aead_args(JNIEnv *env, jint handle, const jc_backend **b, jintArray state, uint32_t s[16], jbyteArray aad,
                     jint aadOff, jint aadLen, jobject in, jobject out)
{
    if ((*b = backend_for(env, handle)) == NULL || !load_state(env, state, 20, s)) {
        return 0;
    }
    if (aad == NULL) {
        throw_new(env, "java/lang/NullPointerException", "aad");
        return 0;
    }
    /* an empty AAD is never read, so its offset needs no JNI call to check (one VM transition saved per message) */
    if (aadLen != 0 && !range_ok(aadOff, aadLen, (*env)->GetArrayLength(env, aad))) {
        throw_new(env, "java/lang/ArrayIndexOutOfBoundsException", "aad range outside the array");
        return 0;
    }
    if (in == NULL || out == NULL) {
        throw_new(env, "java/lang/NullPointerException", in == NULL ? "input" : "output");
        return 0;
    }
    return 1;
}

/* aead_args for the AEAD entry points: key holds words 0..11 of the state, and the nonce words come apart (n), so s
 * becomes the message's state (jc_aead_state). */
static int aead_key_args(JNIEnv *env, jint handle, const jc_backend **b, jintArray key, const jint n[3], uint32_t s[16],
                         jbyteArray aad, jint aadOff, jint aadLen, jobject in, jobject out)
{
    if (!aead_args(env, handle, b, key, s, aad, aadOff, aadLen, in, out)) {
        return 0;
    }
    jc_aead_state(s, s, (uint32_t)n[0], (uint32_t)n[1], (uint32_t)n[2]);
    return 1;
}

/* Input and output ranges in the same array where the output starts inside the input, after its start. */
static int output_inside_input(JNIEnv *env, jbyteArray in, jint inOff, jbyteArray out, jint outOff, jint len)
{
    return len > 0 && outOff > inOff && outOff < inOff + len && (*env)->IsSameObject(env, in, out);
}

/* A C copy of in[inOff .. inOff+len), or NULL with an exception pending. */
static uint8_t *copy_out(JNIEnv *env, jbyteArray in, jint inOff, jint len)
{
    uint8_t *c = malloc((size_t)len);
    if (c == NULL) {
        throw_new(env, "java/lang/OutOfMemoryError", "jchacha: no memory for an overlapping AEAD input copy");
        return NULL;
    }
    (*env)->GetByteArrayRegion(env, in, inOff, len, (jbyte *)c);
    return c;
}

static void free_copy(uint8_t *c, jint len)
{
    if (c != NULL) {
        jc_wipe(c, (size_t)len);
        free(c);
    }
}

/* Zeroes out[off .. off+len) (a failed open), also with an exception pending (which stays pending). */
static void zero_array(JNIEnv *env, jbyteArray out, jint off, jint len)
{
    static const jbyte zeros[4096];
    jthrowable pending = (*env)->ExceptionOccurred(env);
    if (pending != NULL) {
        (*env)->ExceptionClear(env);
    }
    for (jint done = 0; done < len;) {
        jint n = len - done < (jint)sizeof zeros ? len - done : (jint)sizeof zeros;
        (*env)->SetByteArrayRegion(env, out, off + done, n, zeros);
        done += n;
    }
    if (pending != NULL) {
        (*env)->Throw(env, pending);
    }
}

static void seal_array(JNIEnv *env, const jc_backend *b, const uint32_t s[16], jbyteArray aad, jint aadOff, jint aadLen,
                       jbyteArray in, jint inOff, jint len, jbyteArray out, jint outOff)
{
    int small = len <= b->aead_short_seal && aadLen <= JC_SMALL_AAD; /* a negative len fails the input check below */
    if (!range_ok(inOff, len, (*env)->GetArrayLength(env, in)) ||
        (!small && !range_ok(outOff, (jlong)len + 16, (*env)->GetArrayLength(env, out)))) {
        throw_new(env, "java/lang/ArrayIndexOutOfBoundsException", "range outside the array");
        return;
    }
    if (small) { /* see SHORT_OUTPUT_CHECK */
        /* short message: copy in, seal in place on the stack, copy out (any overlap is then harmless); the
         * plaintext is overwritten by the ciphertext in buf, block 0 is wiped by seal_short */
        uint8_t buf[64 + JC_AEAD_SHORT + 16], ad[JC_SMALL_AAD];
        (*env)->GetByteArrayRegion(env, in, inOff, len, (jbyte *)buf + 64);
        if (aadLen > 0) {
            (*env)->GetByteArrayRegion(env, aad, aadOff, aadLen, (jbyte *)ad);
        }
        jc_aead_seal_short(b, s, ad, (size_t)aadLen, buf, (size_t)len);
        (*env)->SetByteArrayRegion(env, out, outOff, len + 16, (const jbyte *)buf + 64);
        return;
    }
    uint8_t *copy = NULL;
    if (output_inside_input(env, in, inOff, out, outOff, len) && (copy = copy_out(env, in, inOff, len)) == NULL) {
        return;
    }
    jc_aead a;
    uint8_t tag[16];
    jc_aead_init_message(&a, b, s, (size_t)len);
    if (run_chunks(env, OP_AAD, &a, NULL, NULL, aad, aadOff, NULL, 0, aadLen) &&
        run_chunks(env, OP_SEAL, &a, NULL, copy, in, inOff, out, outOff, len)) {
        jc_aead_tag(&a, tag);
        (*env)->SetByteArrayRegion(env, out, outOff + len, 16, (const jbyte *)tag);
    }
    jc_aead_wipe(&a);
    free_copy(copy, len);
}

JNIEXPORT void JNICALL Java_io_jchacha_internal_NativeChaCha_sealArray(JNIEnv *env, jclass cls, jint handle,
                                                                       jintArray key, jint n0, jint n1, jint n2,
                                                                       jbyteArray aad, jint aadOff, jint aadLen,
                                                                       jbyteArray in, jint inOff, jint len,
                                                                       jbyteArray out, jint outOff)
{
    (void)cls;
    const jc_backend *b;
    uint32_t s[16];
    const jint n[3] = {n0, n1, n2};
    if (aead_key_args(env, handle, &b, key, n, s, aad, aadOff, aadLen, in, out)) {
        seal_array(env, b, s, aad, aadOff, aadLen, in, inOff, len, out, outOff);
    }
    jc_wipe(s, sizeof s);
}

static int open_array(JNIEnv *env, const jc_backend *b, const uint32_t s[16], jbyteArray aad, jint aadOff, jint aadLen,
                      jbyteArray in, jint inOff, jint len, jbyteArray out, jint outOff)
{
    if (len < 0) { /* -16..-1 would pass the input check (len + 16 bytes) and reach the stack buffer as SIZE_MAX */
        throw_new(env, "java/lang/ArrayIndexOutOfBoundsException", "negative length");
        return 0;
    }
    int small = len <= b->aead_short_open && aadLen <= JC_SMALL_AAD;
    if (!range_ok(inOff, (jlong)len + 16, (*env)->GetArrayLength(env, in)) ||
        (!small && !range_ok(outOff, len, (*env)->GetArrayLength(env, out)))) {
        throw_new(env, "java/lang/ArrayIndexOutOfBoundsException", "range outside the array");
        return 0;
    }
    if (small) { /* see SHORT_OUTPUT_CHECK */
        /* short message: copy in (read once), open in place on the stack, copy out the plaintext (zeros if the
         * tag did not match) */
        uint8_t buf[64 + JC_AEAD_SHORT + 16], ad[JC_SMALL_AAD];
        (*env)->GetByteArrayRegion(env, in, inOff, len + 16, (jbyte *)buf + 64);
        if (aadLen > 0) {
            (*env)->GetByteArrayRegion(env, aad, aadOff, aadLen, (jbyte *)ad);
        }
        int good = jc_aead_open_short(b, s, ad, (size_t)aadLen, buf, (size_t)len);
        (*env)->SetByteArrayRegion(env, out, outOff, len, (const jbyte *)buf + 64);
        jc_wipe(buf + 64, (size_t)len);
        return good;
    }
    uint8_t expected[16];
    (*env)->GetByteArrayRegion(env, in, inOff + len, 16, (jbyte *)expected); /* before any output is written */
    uint8_t *copy = NULL;
    if (output_inside_input(env, in, inOff, out, outOff, len) && (copy = copy_out(env, in, inOff, len)) == NULL) {
        return 0;
    }
    jc_aead a;
    int ok = 0;
    jint written = 0; /* plaintext bytes written; a failed pin (out of memory) stops short of len */
    jc_aead_init_message(&a, b, s, (size_t)len);
    if (run_chunks(env, OP_AAD, &a, NULL, NULL, aad, aadOff, NULL, 0, aadLen) &&
        run_chunks_counted(env, OP_OPEN, &a, NULL, copy, in, inOff, out, outOff, len, &written)) {
        ok = jc_aead_verify(&a, expected);
    }
    if (!ok) {
        zero_array(env, out, outOff, written); /* what open wrote, never the caller's unread ciphertext */
    }
    jc_aead_wipe(&a);
    free_copy(copy, len);
    return ok;
}

JNIEXPORT jboolean JNICALL Java_io_jchacha_internal_NativeChaCha_openArray(JNIEnv *env, jclass cls, jint handle,
                                                                           jintArray key, jint n0, jint n1, jint n2,
                                                                           jbyteArray aad, jint aadOff, jint aadLen,
                                                                           jbyteArray in, jint inOff, jint len,
                                                                           jbyteArray out, jint outOff)
{
    (void)cls;
    const jc_backend *b;
    uint32_t s[16];
    const jint n[3] = {n0, n1, n2};
    int ok = aead_key_args(env, handle, &b, key, n, s, aad, aadOff, aadLen, in, out) &&
             open_array(env, b, s, aad, aadOff, aadLen, in, inOff, len, out, outOff);
    jc_wipe(s, sizeof s);
    return ok ? JNI_TRUE : JNI_FALSE;
}

/* aead_args for the XChaCha20-Poly1305 entry points: s becomes jc_xaead_state's (the subkey derived here). */
static int xaead_key_args(JNIEnv *env, jint handle, const jc_backend **b, jintArray key, jint x0, jint x1, jint x2,
                          jint x3, jint n1, jint n2, uint32_t s[16], jbyteArray aad, jint aadOff, jint aadLen,
                          jobject in, jobject out)
{
    if (!aead_args(env, handle, b, key, s, aad, aadOff, aadLen, in, out)) {
        return 0;
    }
    jc_xaead_state(*b, s, s, (uint32_t)x0, (uint32_t)x1, (uint32_t)x2, (uint32_t)x3, (uint32_t)n1, (uint32_t)n2);
    return 1;
}

JNIEXPORT void JNICALL Java_io_jchacha_internal_NativeChaCha_xsealArray(
    JNIEnv *env, jclass cls, jint handle, jintArray key, jint x0, jint x1, jint x2, jint x3, jint n1, jint n2,
    jbyteArray aad, jint aadOff, jint aadLen, jbyteArray in, jint inOff, jint len, jbyteArray out, jint outOff)
{
    (void)cls;
    const jc_backend *b;
    uint32_t s[16];
    if (xaead_key_args(env, handle, &b, key, x0, x1, x2, x3, n1, n2, s, aad, aadOff, aadLen, in, out)) {
        seal_array(env, b, s, aad, aadOff, aadLen, in, inOff, len, out, outOff);
    }
    jc_wipe(s, sizeof s);
}

JNIEXPORT jboolean JNICALL Java_io_jchacha_internal_NativeChaCha_xopenArray(
    JNIEnv *env, jclass cls, jint handle, jintArray key, jint x0, jint x1, jint x2, jint x3, jint n1, jint n2,
    jbyteArray aad, jint aadOff, jint aadLen, jbyteArray in, jint inOff, jint len, jbyteArray out, jint outOff)
{
    (void)cls;
    const jc_backend *b;
    uint32_t s[16];
    int ok = xaead_key_args(env, handle, &b, key, x0, x1, x2, x3, n1, n2, s, aad, aadOff, aadLen, in, out) &&
             open_array(env, b, s, aad, aadOff, aadLen, in, inOff, len, out, outOff);
    jc_wipe(s, sizeof s);
    return ok ? JNI_TRUE : JNI_FALSE;
}

/* For a direct-buffer call: the two ranges (checked before anything is computed) and the context with the AAD
 * absorbed from its array. 0 with an exception pending on bad input. */
static int direct_prologue(JNIEnv *env, jint handle, jintArray key, const jint n[3], jbyteArray aad, jint aadOff,
                           jint aadLen, jobject in, jint inPos, jlong inLen, jobject out, jint outPos, jlong outLen,
                           jint len, const uint8_t **i, uint8_t **o, jc_aead *a)
{
    if (in != NULL && out != NULL &&
        ((*i = direct_range(env, in, inPos, inLen)) == NULL || (*o = direct_range(env, out, outPos, outLen)) == NULL)) {
        return 0;
    }
    const jc_backend *b;
    uint32_t s[16];
    int ok = aead_key_args(env, handle, &b, key, n, s, aad, aadOff, aadLen, in, out);
    if (ok) {
        jc_aead_init_message(a, b, s, (size_t)len);
        ok = run_chunks(env, OP_AAD, a, NULL, NULL, aad, aadOff, NULL, 0, aadLen);
    }
    jc_wipe(s, sizeof s);
    return ok;
}

JNIEXPORT void JNICALL Java_io_jchacha_internal_NativeChaCha_sealDirect(JNIEnv *env, jclass cls, jint handle,
                                                                        jintArray key, jint n0, jint n1, jint n2,
                                                                        jbyteArray aad, jint aadOff, jint aadLen,
                                                                        jobject in, jint inPos, jint len, jobject out,
                                                                        jint outPos)
{
    (void)cls;
    jc_aead a;
    const uint8_t *i = NULL;
    uint8_t *o = NULL;
    const jint n[3] = {n0, n1, n2};
    if (direct_prologue(env, handle, key, n, aad, aadOff, aadLen, in, inPos, len, out, outPos, (jlong)len + 16, len, &i,
                        &o, &a)) {
        jc_aead_seal_message(&a, i, (size_t)len, o);
    }
    jc_aead_wipe(&a);
}

JNIEXPORT jboolean JNICALL Java_io_jchacha_internal_NativeChaCha_openDirect(JNIEnv *env, jclass cls, jint handle,
                                                                            jintArray key, jint n0, jint n1, jint n2,
                                                                            jbyteArray aad, jint aadOff, jint aadLen,
                                                                            jobject in, jint inPos, jint len,
                                                                            jobject out, jint outPos)
{
    (void)cls;
    jc_aead a;
    const uint8_t *i = NULL;
    uint8_t *o = NULL;
    const jint n[3] = {n0, n1, n2};
    int ok = direct_prologue(env, handle, key, n, aad, aadOff, aadLen, in, inPos, (jlong)len + 16, out, outPos, len,
                             len, &i, &o, &a) &&
             jc_aead_open_message(&a, i, (size_t)len, o);
    jc_aead_wipe(&a);
    return ok ? JNI_TRUE : JNI_FALSE;
}

/*
 * One secretstream message (secretstream.h) from in[inOff .. inOff+len) to out[outOff .. outOff+len+17): the wire
 * byte, then the ciphertext (pinned in chunks like seal_array), then the MAC. The wire byte and the MAC are
 * written after the whole input is read; a ciphertext range that starts inside the input, after it, gets the
 * input copied out first, so any overlap reads every input byte before it is overwritten.
 */
static jlong secretstream_seal_array(JNIEnv *env, const jc_backend *b, const uint32_t s[16], jbyteArray ad, jint adOff,
                                     jint adLen, jint tag, jbyteArray in, jint inOff, jint len, jbyteArray out,
                                     jint outOff)
{
    if (!range_ok(inOff, len, (*env)->GetArrayLength(env, in)) ||
        !range_ok(outOff, (jlong)len + 17, (*env)->GetArrayLength(env, out))) {
        throw_new(env, "java/lang/ArrayIndexOutOfBoundsException", "range outside the array");
        return 0;
    }
    if (tag < 0 || tag > 255) {
        throw_new(env, "java/lang/IllegalArgumentException", "secretstream tag outside 0..255");
        return 0;
    }
    uint8_t *copy = NULL;
    if (output_inside_input(env, in, inOff, out, outOff + 1, len) && (copy = copy_out(env, in, inOff, len)) == NULL) {
        return 0;
    }
    jc_aead a;
    uint8_t mac[16] = {0};
    jc_aead_init(&a, b, s);
    if (run_chunks(env, OP_AAD, &a, NULL, NULL, ad, adOff, NULL, 0, adLen)) {
        jbyte wire = (jbyte)jc_secretstream_tag_block(&a, (uint8_t)tag);
        if (run_chunks(env, OP_SEAL, &a, NULL, copy, in, inOff, out, outOff + 1, len)) {
            jc_secretstream_mac(&a, mac);
            (*env)->SetByteArrayRegion(env, out, outOff, 1, &wire);
            (*env)->SetByteArrayRegion(env, out, outOff + 1 + len, 16, (const jbyte *)mac);
        }
    }
    jc_aead_wipe(&a);
    free_copy(copy, len);
    jlong first = 0; /* the MAC's first 8 bytes, little-endian: the caller's next inonce comes from these */
    for (int i = 7; i >= 0; i--) {
        first = (jlong)(((uint64_t)first << 8) | mac[i]);
    }
    return first;
}

JNIEXPORT jlong JNICALL Java_io_jchacha_internal_NativeChaCha_secretStreamSealArray(
    JNIEnv *env, jclass cls, jint handle, jintArray state, jbyteArray ad, jint adOff, jint adLen, jint tag,
    jbyteArray in, jint inOff, jint len, jbyteArray out, jint outOff)
{
    (void)cls;
    const jc_backend *b;
    uint32_t s[16];
    jlong first = 0;
    if (aead_args(env, handle, &b, state, s, ad, adOff, adLen, in, out)) {
        first = secretstream_seal_array(env, b, s, ad, adOff, adLen, tag, in, inOff, len, out, outOff);
    }
    jc_wipe(s, sizeof s);
    return first;
}

JNIEXPORT void JNICALL Java_io_jchacha_internal_NativeChaCha_poly1305(JNIEnv *env, jclass cls, jint handle,
                                                                      jbyteArray key, jbyteArray msg, jint off,
                                                                      jint len, jbyteArray tag)
{
    (void)cls;
    const jc_backend *b = backend_for(env, handle);
    if (b == NULL) {
        return;
    }
    if (key == NULL || msg == NULL || tag == NULL) {
        throw_new(env, "java/lang/NullPointerException", "poly1305 argument");
        return;
    }
    if ((*env)->GetArrayLength(env, key) < 32 || (*env)->GetArrayLength(env, tag) < 16) {
        throw_new(env, "java/lang/IllegalArgumentException", "poly1305: 32-byte key, 16-byte tag");
        return;
    }
    if (!range_ok(off, len, (*env)->GetArrayLength(env, msg))) {
        throw_new(env, "java/lang/ArrayIndexOutOfBoundsException", "range outside the array");
        return;
    }
    uint8_t k[32], t[16];
    jc_poly1305 p;
    (*env)->GetByteArrayRegion(env, key, 0, 32, (jbyte *)k);
    jc_poly1305_init(&p, k, b->poly_blocks);
    jc_wipe(k, sizeof k);
    if (run_chunks(env, OP_POLY, NULL, &p, NULL, msg, off, NULL, 0, len)) {
        jc_poly1305_finish(&p, t);
        (*env)->SetByteArrayRegion(env, tag, 0, 16, (const jbyte *)t);
    }
    jc_wipe(&p, sizeof p);
}

/*
 * One chacha20-poly1305@openssh.com packet (ssh.h) per call, under one critical region: packets of at most
 * JC_SSH_MAX_SEALED bytes sealed (the Java class keeps longer ones on its own path), input and output in place or
 * disjoint. Checked in FfmCalls' order, with its exceptions, the handle last (JniCalls checks the key arrays before
 * it packs them). A failed open writes nothing, so its output array is released without a copy back. The two keys'
 * words 0..11 come as six longs each (word 2i the low half of long i), not as arrays: reading two int[] took four
 * more JNI calls per packet (docs/bench/ssh.md#jni-keys-as-longs).
 */
#define JC_SSH_KEY_PARAMS                                                                                              \
    jlong m0, jlong m1, jlong m2, jlong m3, jlong m4, jlong m5, jlong h0, jlong h1, jlong h2, jlong h3, jlong h4,      \
        jlong h5

/* The two key states from the call's twelve longs (words 12..15 zero: ssh.c sets the counter and nonce). */
static void ssh_keys(uint32_t mk[16], uint32_t hk[16], JC_SSH_KEY_PARAMS)
{
    jlong w[12] = {m0, m1, m2, m3, m4, m5, h0, h1, h2, h3, h4, h5};
    uint32_t *k[2] = {mk, hk};
    for (int i = 0; i < 12; i++) {
        k[i / 6][2 * (i % 6)] = (uint32_t)(uint64_t)w[i];
        k[i / 6][2 * (i % 6) + 1] = (uint32_t)((uint64_t)w[i] >> 32);
    }
    mk[12] = mk[13] = mk[14] = mk[15] = hk[12] = hk[13] = hk[14] = hk[15] = 0;
    jc_wipe(w, sizeof w);
}

static const jc_backend *ssh_args(JNIEnv *env, jint handle, jlong seq, jbyteArray in, jint inOff, jint bodyLen,
                                  jbyteArray out, jint outOff, int sealing)
{
    if (seq < 0 || seq > 0xFFFFFFFFll) {
        throw_new(env, "java/lang/IllegalArgumentException", "sequence number outside 0 .. 2^32 - 1");
        return NULL;
    }
    if (in == NULL || out == NULL) {
        throw_new(env, "java/lang/NullPointerException", in == NULL ? "input" : "output");
        return NULL;
    }
    if (bodyLen < 0 || bodyLen > JC_SSH_MAX_SEALED - JC_SSH_LENGTH - JC_SSH_TAG) {
        throw_new(env, "java/lang/IllegalArgumentException", "SSH packet body length outside 0 .. 64 KiB - 20");
        return NULL;
    }
    jlong plain = JC_SSH_LENGTH + (jlong)bodyLen, sealed = plain + JC_SSH_TAG;
    jlong inLen = sealing ? plain : sealed, outLen = sealing ? sealed : plain;
    if (!range_ok(inOff, inLen, (*env)->GetArrayLength(env, in)) ||
        !range_ok(outOff, outLen, (*env)->GetArrayLength(env, out))) {
        throw_new(env, "java/lang/ArrayIndexOutOfBoundsException", "range outside the array");
        return NULL;
    }
    if (inOff != outOff && outOff < inOff + inLen && inOff < outOff + outLen && (*env)->IsSameObject(env, in, out)) {
        throw_new(env, "java/lang/IllegalArgumentException", "input and output overlap other than in place");
        return NULL;
    }
    return backend_for(env, handle); /* last, as FfmCalls checks it */
}

/* Pins out and in (one region for both: no JNI call between) and runs the packet; -1 if the JVM could not pin. */
static int ssh_pinned(JNIEnv *env, const jc_backend *b, const uint32_t mk[16], const uint32_t hk[16], jlong seq,
                      jbyteArray in, jint inOff, jint bodyLen, jbyteArray out, jint outOff, int sealing)
{
    int same = (*env)->IsSameObject(env, in, out);
    uint8_t *o = (*env)->GetPrimitiveArrayCritical(env, out, NULL);
    if (o == NULL) {
        return -1;
    }
    uint8_t *i = same ? o : (*env)->GetPrimitiveArrayCritical(env, in, NULL);
    if (i == NULL) {
        (*env)->ReleasePrimitiveArrayCritical(env, out, o, JNI_ABORT);
        return -1;
    }
    int ok = 1;
    if (sealing) {
        jc_ssh_seal(b, mk, hk, (uint32_t)seq, i + inOff, (size_t)bodyLen, o + outOff);
    } else {
        ok = jc_ssh_open(b, mk, hk, (uint32_t)seq, i + inOff, (size_t)bodyLen, o + outOff);
    }
    if (!same) {
        (*env)->ReleasePrimitiveArrayCritical(env, in, i, JNI_ABORT);
    }
    (*env)->ReleasePrimitiveArrayCritical(env, out, o, ok ? 0 : JNI_ABORT);
    return ok;
}

JNIEXPORT void JNICALL Java_io_jchacha_internal_NativeChaCha_sshSeal(JNIEnv *env, jclass cls, jint handle,
                                                                     JC_SSH_KEY_PARAMS, jlong seq, jbyteArray in,
                                                                     jint inOff, jint bodyLen, jbyteArray out,
                                                                     jint outOff)
{
    (void)cls;
    const jc_backend *b = ssh_args(env, handle, seq, in, inOff, bodyLen, out, outOff, 1);
    if (b != NULL) {
        uint32_t mk[16], hk[16];
        ssh_keys(mk, hk, m0, m1, m2, m3, m4, m5, h0, h1, h2, h3, h4, h5);
        ssh_pinned(env, b, mk, hk, seq, in, inOff, bodyLen, out, outOff, 1);
        jc_wipe(mk, sizeof mk);
        jc_wipe(hk, sizeof hk);
    }
}

JNIEXPORT jboolean JNICALL Java_io_jchacha_internal_NativeChaCha_sshOpen(JNIEnv *env, jclass cls, jint handle,
                                                                         JC_SSH_KEY_PARAMS, jlong seq, jbyteArray in,
                                                                         jint inOff, jint bodyLen, jbyteArray out,
                                                                         jint outOff)
{
    (void)cls;
    const jc_backend *b = ssh_args(env, handle, seq, in, inOff, bodyLen, out, outOff, 0);
    int ok = 0;
    if (b != NULL) {
        uint32_t mk[16], hk[16];
        ssh_keys(mk, hk, m0, m1, m2, m3, m4, m5, h0, h1, h2, h3, h4, h5);
        ok = ssh_pinned(env, b, mk, hk, seq, in, inOff, bodyLen, out, outOff, 0) == 1;
        jc_wipe(mk, sizeof mk);
        jc_wipe(hk, sizeof hk);
    }
    return ok ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT jstring JNICALL Java_io_jchacha_internal_NativeChaCha_polyKernel(JNIEnv *env, jclass cls, jint handle)
{
    (void)cls;
    const jc_backend *b = backend_for(env, handle);
    return b == NULL ? NULL : (*env)->NewStringUTF(env, jc_backend_poly_kernel(b));
}
