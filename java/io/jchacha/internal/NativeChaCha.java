// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.nio.ByteBuffer;

/**
 * The JNI surface of {@code libjchacha}: nothing but native methods. {@code javac -h} turns this class into the
 * header the C glue includes, so a signature change here breaks the native build instead of failing at run time.
 * The C side validates every index, length and backend again: no call from Java can crash the JVM.
 */
final class NativeChaCha {
    private NativeChaCha() {}

    /**
     * Bumped whenever a native method's meaning changes. {@code javac -h} writes it into the glue's header
     * ({@code io_jchacha_internal_NativeChaCha_ABI_VERSION}), so C and Java cannot disagree on it; the loader refuses
     * a library whose {@link #abiVersion()} differs (a library from another jchacha release).
     */
    static final int ABI_VERSION = 11;

    /**
     * Bytes of a byte array pinned per critical region at most (the JNI glue's {@code JC_CRITICAL_CHUNK}, from
     * {@code javac -h}) and per FFM critical downcall: a region stays far below a GC pause
     * (docs/bench/tuning.md#jni-critical-chunk). A multiple of 64, so AEAD pieces other than the last are whole blocks.
     */
    static final int CRITICAL_CHUNK = 64 * 1024;

    /** The ABI version the library was compiled with; {@link NativeLibrary} compares it with {@link #ABI_VERSION}. */
    static native int abiVersion();

    /** CPU features the dispatcher detected, space separated. */
    static native String cpuFeatures();

    /** Null if the named backend is compiled in and runs on this CPU, else the reason it does not. */
    static native String unavailableReason(String backend);

    /** A handle for the calls below, or -1 if the backend cannot run here. */
    static native int backendHandle(String backend);

    /** {@link Engine#xor} on arrays ({@code in} may be null). The glue splits long runs into bounded chunks. */
    static native void xorArray(
            int backend,
            long key0,
            long key1,
            long key2,
            long key3,
            long counter,
            long nonce,
            int rounds,
            boolean counter64,
            byte[] in,
            int inOff,
            byte[] out,
            int outOff,
            int len,
            boolean inPlace);

    /** {@link Engine#xor} on direct buffers at absolute indices ({@code in} may be null). */
    static native void xorDirect(
            int backend,
            long key0,
            long key1,
            long key2,
            long key3,
            long counter,
            long nonce,
            int rounds,
            boolean counter64,
            ByteBuffer in,
            int inPos,
            ByteBuffer out,
            int outPos,
            int len);

    /** HChaCha with the backend's kernel: 8 key words, 4 nonce words, 8 output words. */
    static native void hchacha(int backend, int[] key, int[] nonce, int rounds, int[] out);

    /**
     * {@link AeadEngine#seal} on arrays (ChaCha20-Poly1305: words 0..11 of {@code key}, then counter 0 and the nonce
     * words; block 0 keys the MAC): one call per message; the glue pins the arrays in bounded chunks and carries the
     * cipher and MAC state across them.
     */
    static native void sealArray(
            int backend,
            int[] key,
            int n0,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            byte[] in,
            int inOff,
            int len,
            byte[] out,
            int outOff);

    /** {@link AeadEngine#open} on arrays: false (output range zeroed) when the tag does not match. */
    static native boolean openArray(
            int backend,
            int[] key,
            int n0,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            byte[] in,
            int inOff,
            int len,
            byte[] out,
            int outOff);

    /** {@link AeadEngine#xseal}: {@link #sealArray} under the subkey C derives from the key and x0..x3. */
    static native void xsealArray(
            int backend,
            int[] key,
            int x0,
            int x1,
            int x2,
            int x3,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            byte[] in,
            int inOff,
            int len,
            byte[] out,
            int outOff);

    /** {@link AeadEngine#xopen}: {@link #openArray} under the subkey C derives from the key and x0..x3. */
    static native boolean xopenArray(
            int backend,
            int[] key,
            int x0,
            int x1,
            int x2,
            int x3,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            byte[] in,
            int inOff,
            int len,
            byte[] out,
            int outOff);

    /** {@link AeadEngine#seal} on direct buffers at absolute indices; the AAD is an array. */
    static native void sealDirect(
            int backend,
            int[] key,
            int n0,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            ByteBuffer in,
            int inPos,
            int len,
            ByteBuffer out,
            int outPos);

    /** {@link AeadEngine#open} on direct buffers at absolute indices; the AAD is an array. */
    static native boolean openDirect(
            int backend,
            int[] key,
            int n0,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            ByteBuffer in,
            int inPos,
            int len,
            ByteBuffer out,
            int outPos);

    /**
     * One libsodium secretstream message ({@code native/secretstream.h}): {@code state} is the stream's IETF state
     * (counter ignored), {@code tag} 0..255; writes the wire byte, the ciphertext and the MAC, {@code len + 17}
     * bytes, to {@code out[outOff ..]}. Ranges may overlap in any way. Returns the MAC's first 8 bytes as a
     * little-endian long (what the stream's next inonce is XORed with), so the caller never reads them back
     * from an output array another thread may write.
     */
    static native long secretStreamSealArray(
            int backend,
            int[] state,
            byte[] ad,
            int adOff,
            int adLen,
            int tag,
            byte[] in,
            int inOff,
            int len,
            byte[] out,
            int outOff);

    /**
     * One chacha20-poly1305@openssh.com packet sealed ({@code native/ssh.h}): {@code m0..m5} and {@code h0..h5} are
     * words 0..11 of the owner's main and header key states (key bytes 0..31 and 32..63), word {@code 2i} the low half
     * of long {@code i} ({@link JniCalls#sshSeal} packs them: no array to read, ABI 11); {@code seq} in [0, 2^32 - 1];
     * reads {@code 4 + bodyLen} bytes at {@code in[inOff ..]}, writes {@code 4 + bodyLen + 16} to {@code out[outOff
     * ..]}. One critical region: the sealed packet is at most {@link #CRITICAL_CHUNK} bytes, and the ranges are the
     * same or disjoint.
     */
    static native void sshSeal(
            int backend,
            long m0,
            long m1,
            long m2,
            long m3,
            long m4,
            long m5,
            long h0,
            long h1,
            long h2,
            long h3,
            long h4,
            long h5,
            long seq,
            byte[] in,
            int inOff,
            int bodyLen,
            byte[] out,
            int outOff);

    /** {@link #sshSeal}'s open: false, with nothing written, when the tag does not match. */
    static native boolean sshOpen(
            int backend,
            long m0,
            long m1,
            long m2,
            long m3,
            long m4,
            long m5,
            long h0,
            long h1,
            long h2,
            long h3,
            long h4,
            long h5,
            long seq,
            byte[] in,
            int inOff,
            int bodyLen,
            byte[] out,
            int outOff);

    /** Poly1305 with the backend's kernel: 32-byte key, tag into {@code tag[0..16)}. */
    static native void poly1305(int backend, byte[] key, byte[] msg, int off, int len, byte[] tag);

    /** The Poly1305 kernel the backend runs here, e.g. "avx512ifma" or "avx2 (CPU lacks AVX512_IFMA)". */
    static native String polyKernel(int backend);
}
