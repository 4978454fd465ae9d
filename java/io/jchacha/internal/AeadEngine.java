// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The seam for the IETF ChaCha20-Poly1305 AEAD (RFC 8439 2.8): one call seals or opens a whole message, so a
 * native backend can do the cipher pass and the MAC pass in one JNI call. {@link JavaAead} is the default
 * implementation over any {@link Engine}; an engine that can do better implements this interface too and
 * {@link #forEngine} returns it. XChaCha20-Poly1305 comes in through {@code xseal} / {@code xopen}, which derive
 * the subkey (HChaCha20) first.
 *
 * <p>{@code key} is a 16-word IETF ChaCha20 state (Engine layout) of which only words 0..11, the constants and the
 * key, are read; the message's state is those words, block counter 0 and the nonce words {@code n0, n1, n2}. So a
 * key owner keeps one array for all its messages and builds nothing per message. Implementations never modify
 * {@code key}. The caller has validated every argument: ranges lie inside
 * their arrays or buffers, output buffers are writable, {@code len} is at most the IETF limit. {@code aad} may
 * not be null (the caller passes an empty array instead).
 *
 * <p>Aliasing: input and output may overlap in any way (same array at other offsets, buffers that are views of
 * the same memory). The result must be as if the whole input were read before any output is written.
 * Implementations are thread-safe; an instance from {@link #forEngine} serves one key owner and may keep working
 * memory for it between messages (see {@link #forget()}).
 *
 * <p>Each input byte is read once: open decrypts exactly the ciphertext it authenticated and seal tags exactly
 * the ciphertext it computed, even if another thread writes the input or output memory during the call (the
 * result may then fail to open, but is never a valid tag over other bytes, nor plaintext of unauthenticated
 * ones). Open may write plaintext before the tag is checked; on a bad tag it zeroes the output range.
 */
public interface AeadEngine {

    /**
     * Encrypts {@code len} bytes of {@code in} and writes ciphertext || tag ({@code len + 16} bytes) to
     * {@code out[outOff ..]}.
     */
    void seal(
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

    /**
     * Decrypts the {@code len} ciphertext bytes at {@code in[inOff ..]} to {@code out[outOff ..]} and verifies the
     * tag {@code in[inOff + len .. inOff + len + 16)} over them in constant time: true if it matches; if not, false
     * with {@code out[outOff .. outOff + len)} all zero.
     */
    boolean open(
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

    /** {@link #seal(int[], int, int, int, byte[], int, int, byte[], int, int, byte[], int)} at absolute buffer indices. */
    void seal(
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

    /** {@link #open(int[], int, int, int, byte[], int, int, byte[], int, int, byte[], int)} at absolute buffer indices. */
    boolean open(
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
     * XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha): {@link #seal(int[], int, int, int, byte[], int, int, byte[], int,
     * int, byte[], int) seal} under the HChaCha20 subkey of {@code key}'s words 4..11 and {@code x0..x3} (the 24-byte
     * nonce's first 16 bytes as little-endian words), with IETF nonce words 0, {@code n1}, {@code n2} (its last 8
     * bytes). This default derives the subkey in Java; a native engine derives it in the same call as the message.
     */
    default void xseal(
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
            int outOff) {
        int[] sub = xchachaKey(key, x0, x1, x2, x3);
        try {
            seal(sub, 0, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
        } finally {
            Arrays.fill(sub, 0);
        }
    }

    /**
     * The open of {@link #xseal(int[], int, int, int, int, int, int, byte[], int, int, byte[], int, int, byte[], int)
     * xseal}.
     */
    default boolean xopen(
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
            int outOff) {
        int[] sub = xchachaKey(key, x0, x1, x2, x3);
        try {
            return open(sub, 0, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
        } finally {
            Arrays.fill(sub, 0);
        }
    }

    /**
     * {@link #xseal(int[], int, int, int, int, int, int, byte[], int, int, byte[], int, int, byte[], int) xseal} on
     * buffers.
     */
    default void xseal(
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
            ByteBuffer in,
            int inPos,
            int len,
            ByteBuffer out,
            int outPos) {
        int[] sub = xchachaKey(key, x0, x1, x2, x3);
        try {
            seal(sub, 0, n1, n2, aad, aadOff, aadLen, in, inPos, len, out, outPos);
        } finally {
            Arrays.fill(sub, 0);
        }
    }

    /**
     * {@link #xopen(int[], int, int, int, int, int, int, byte[], int, int, byte[], int, int, byte[], int) xopen} on
     * buffers.
     */
    default boolean xopen(
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
            ByteBuffer in,
            int inPos,
            int len,
            ByteBuffer out,
            int outPos) {
        int[] sub = xchachaKey(key, x0, x1, x2, x3);
        try {
            return open(sub, 0, n1, n2, aad, aadOff, aadLen, in, inPos, len, out, outPos);
        } finally {
            Arrays.fill(sub, 0);
        }
    }

    /** A new array: {@code key}'s constants with the HChaCha20 subkey of its key words and {@code x0..x3}. */
    static int[] xchachaKey(int[] key, int x0, int x1, int x2, int x3) {
        int[] s = key.clone();
        s[12] = x0;
        s[13] = x1;
        s[14] = x2;
        s[15] = x3;
        ChaChaBlock.hchachaInPlace(s, 20);
        return s;
    }

    /**
     * Wipes what this AEAD keeps for its owner between messages (keyed working memory); the owner calls it when it
     * drops its key. The AEAD stays usable.
     */
    default void forget() {}

    /**
     * The AEAD for one key owner over {@code engine}: the engine itself when it implements this interface (it keeps
     * nothing between messages), else a new one of its own (the jdk engine's, or the Java one).
     */
    static AeadEngine forEngine(Engine engine) {
        if (engine instanceof AeadEngine) {
            return (AeadEngine) engine;
        }
        if (engine instanceof JdkEngine) {
            return new JdkAead((JdkEngine) engine);
        }
        return new JavaAead(engine);
    }
}
