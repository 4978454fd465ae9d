// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Working memory an {@link Engine} reuses across the calls of one owner (a cipher instance, or one AEAD message),
 * so that a long stream of calls allocates nothing per call: the Java engine's word-major lanes (up to 16 KiB) and
 * the byte chunk through which a buffer without an accessible array is staged (up to 16 KiB), and a copy of the
 * state for calls that step the counter. Arrays are made on first need and only ever grow.
 *
 * <p>What it holds after a call is as secret as the key (permuted state, keystream, plaintext), so the owner keeps
 * it no longer than it keeps the key, and calls {@link #wipe()} when it is done; {@link #clear()} zeroes the arrays
 * between uses and leaves the engine's {@link Held} state (a keyed Cipher) for the owner's next call. Both zero only
 * what was handed out since the last zeroing, so a short call after a long one does not pay for the long one's
 * arrays. Not thread-safe: one owner, one thread at a time, like the ciphers that own one.
 */
public final class EngineScratch {
    /** An engine's own state kept with one owner's calls (the jdk engine's running SunJCE Cipher). */
    interface Held {
        /** Forgets everything secret it holds. */
        void wipe();
    }

    private Held held;
    /** What the native bridge keeps for this owner's calls (FFM: the segments of the arrays it last passed). */
    private Object bridge;

    private int[] words;
    private byte[] bytes;
    private int[] state;
    /** How much of each array was handed out since it was last zeroed. */
    private int wordsUsed, bytesUsed;

    /** Runs {@code call} with a scratch made for it and wiped afterwards: the path of callers that keep none. */
    static void once(Consumer<EngineScratch> call) {
        EngineScratch scratch = new EngineScratch();
        try {
            call.accept(scratch);
        } finally {
            scratch.wipe();
        }
    }

    /** An int array of at least {@code n} words (contents undefined). */
    int[] words(int n) {
        if (words == null || words.length < n) {
            wipe(words);
            words = new int[n];
        }
        wordsUsed = Math.max(wordsUsed, n);
        return words;
    }

    /** A byte array of at least {@code n} bytes (contents undefined). */
    byte[] bytes(int n) {
        if (bytes == null || bytes.length < n) {
            wipe(bytes);
            bytes = new byte[n];
        }
        bytesUsed = Math.max(bytesUsed, n);
        return bytes;
    }

    /** A copy of a 16-word cipher state, for a call that advances the counter as it goes. */
    int[] state(int[] src) {
        if (state == null) {
            state = new int[16];
        }
        System.arraycopy(src, 0, state, 0, 16);
        return state;
    }

    /** For tests: the byte and word arrays as they are (null where none was made yet). */
    Object[] arraysForTest() {
        return new Object[] {bytes, words, state};
    }

    /** What an engine left here on an earlier call of this owner, or null. */
    Held held() {
        return held;
    }

    /** What the native bridge left here on an earlier call of this owner, or null. */
    Object bridge() {
        return bridge;
    }

    /** Keeps {@code b} for the bridge until the next {@link #wipe()}, which drops it. */
    void bridge(Object b) {
        bridge = b;
    }

    /** Keeps {@code h} with this owner's calls until the next {@link #wipe()}, which wipes it. */
    void hold(Held h) {
        held = h;
    }

    /** Zeroes everything held; the scratch stays usable (and keeps its arrays). */
    public void wipe() {
        if (held != null) {
            held.wipe();
            held = null;
        }
        bridge = null;
        clear();
    }

    /** Zeroes what the arrays were used for and keeps the engine's {@link Held} state for the owner's next call. */
    void clear() {
        if (wordsUsed > 0) {
            Arrays.fill(words, 0, wordsUsed, 0);
            wordsUsed = 0;
        }
        if (bytesUsed > 0) {
            Arrays.fill(bytes, 0, bytesUsed, (byte) 0);
            bytesUsed = 0;
        }
        if (state != null) {
            Arrays.fill(state, 0);
        }
    }

    private static void wipe(int[] a) {
        if (a != null) {
            Arrays.fill(a, 0);
        }
    }

    private static void wipe(byte[] a) {
        if (a != null) {
            Arrays.fill(a, (byte) 0);
        }
    }
}
