// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import java.util.Arrays;
import javax.crypto.SecretKey;

/**
 * A ChaCha20 key as SunJCE's {@code Cipher.init} takes it (format RAW, 32 bytes), kept by what keys one SunJCE Cipher
 * again and again (an AEAD owner's working set, a stream's Cipher), so that an init under the key of the last one
 * builds no key array and no {@code SecretKeySpec}: {@link #set} only compares the words. SunJCE copies what
 * {@link #getEncoded} returns and keeps that copy in the Cipher, so this key lives no longer than the Cipher holds it
 * anyway; the owner wipes both together. Never handed to a caller, and not serializable.
 */
final class SunJceKey implements SecretKey {
    private static final long serialVersionUID = 1L;

    /** The key as words ({@code state[4..11]}), to compare; valid when {@link #set} is true. */
    private final int[] words = new int[8];
    /** The same as little-endian bytes. */
    private final byte[] raw = new byte[32];

    private boolean set;

    /** Whether this is the key {@code state[4..11]}. */
    boolean holds(int[] state) {
        int[] w = words;
        return set
                && w[0] == state[4]
                && w[1] == state[5]
                && w[2] == state[6]
                && w[3] == state[7]
                && w[4] == state[8]
                && w[5] == state[9]
                && w[6] == state[10]
                && w[7] == state[11];
    }

    /** Holds the key {@code state[4..11]}. */
    void set(int[] state) {
        if (holds(state)) {
            return;
        }
        System.arraycopy(state, 4, words, 0, 8);
        Bytes.putWords(state, 4, 8, raw, 0);
        set = true;
    }

    /** Zeroes the key; the next {@link #set} fills it again. */
    void wipe() {
        set = false;
        Arrays.fill(words, 0);
        Arrays.fill(raw, (byte) 0);
    }

    @Override
    public String getAlgorithm() {
        return "ChaCha20";
    }

    @Override
    public String getFormat() {
        return "RAW";
    }

    @Override
    public byte[] getEncoded() {
        return raw.clone();
    }

    @Override
    public void destroy() {
        wipe();
    }

    @Override
    public boolean isDestroyed() {
        return !set;
    }

    private void writeObject(ObjectOutputStream out) throws NotSerializableException {
        throw new NotSerializableException("a jchacha internal key is not serializable");
    }
}
