// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

/**
 * The ChaCha block function and HChaCha20 in plain scalar Java: the reference every engine is checked against,
 * and the code HChaCha20 uses (one call per XChaCha20 key setup, so speed does not matter here).
 */
public final class ChaChaBlock {
    /** "expand 32-byte k" as four little-endian words. */
    public static final int C0 = 0x61707865, C1 = 0x3320646e, C2 = 0x79622d32, C3 = 0x6b206574;

    private ChaChaBlock() {}

    /** Writes the 16 output words of the block named by {@code state} (input words plus permuted words). */
    public static void block(int[] state, int rounds, int[] out) {
        int x0 = state[0], x1 = state[1], x2 = state[2], x3 = state[3];
        int x4 = state[4], x5 = state[5], x6 = state[6], x7 = state[7];
        int x8 = state[8], x9 = state[9], x10 = state[10], x11 = state[11];
        int x12 = state[12], x13 = state[13], x14 = state[14], x15 = state[15];
        for (int i = 0; i < rounds; i += 2) {
            // spotless:off
            x0 += x4; x12 = Integer.rotateLeft(x12 ^ x0, 16);
            x8 += x12; x4 = Integer.rotateLeft(x4 ^ x8, 12);
            x0 += x4; x12 = Integer.rotateLeft(x12 ^ x0, 8);
            x8 += x12; x4 = Integer.rotateLeft(x4 ^ x8, 7);
            x1 += x5; x13 = Integer.rotateLeft(x13 ^ x1, 16);
            x9 += x13; x5 = Integer.rotateLeft(x5 ^ x9, 12);
            x1 += x5; x13 = Integer.rotateLeft(x13 ^ x1, 8);
            x9 += x13; x5 = Integer.rotateLeft(x5 ^ x9, 7);
            x2 += x6; x14 = Integer.rotateLeft(x14 ^ x2, 16);
            x10 += x14; x6 = Integer.rotateLeft(x6 ^ x10, 12);
            x2 += x6; x14 = Integer.rotateLeft(x14 ^ x2, 8);
            x10 += x14; x6 = Integer.rotateLeft(x6 ^ x10, 7);
            x3 += x7; x15 = Integer.rotateLeft(x15 ^ x3, 16);
            x11 += x15; x7 = Integer.rotateLeft(x7 ^ x11, 12);
            x3 += x7; x15 = Integer.rotateLeft(x15 ^ x3, 8);
            x11 += x15; x7 = Integer.rotateLeft(x7 ^ x11, 7);

            x0 += x5; x15 = Integer.rotateLeft(x15 ^ x0, 16);
            x10 += x15; x5 = Integer.rotateLeft(x5 ^ x10, 12);
            x0 += x5; x15 = Integer.rotateLeft(x15 ^ x0, 8);
            x10 += x15; x5 = Integer.rotateLeft(x5 ^ x10, 7);
            x1 += x6; x12 = Integer.rotateLeft(x12 ^ x1, 16);
            x11 += x12; x6 = Integer.rotateLeft(x6 ^ x11, 12);
            x1 += x6; x12 = Integer.rotateLeft(x12 ^ x1, 8);
            x11 += x12; x6 = Integer.rotateLeft(x6 ^ x11, 7);
            x2 += x7; x13 = Integer.rotateLeft(x13 ^ x2, 16);
            x8 += x13; x7 = Integer.rotateLeft(x7 ^ x8, 12);
            x2 += x7; x13 = Integer.rotateLeft(x13 ^ x2, 8);
            x8 += x13; x7 = Integer.rotateLeft(x7 ^ x8, 7);
            x3 += x4; x14 = Integer.rotateLeft(x14 ^ x3, 16);
            x9 += x14; x4 = Integer.rotateLeft(x4 ^ x9, 12);
            x3 += x4; x14 = Integer.rotateLeft(x14 ^ x3, 8);
            x9 += x14; x4 = Integer.rotateLeft(x4 ^ x9, 7);
        }
        out[0] = x0; out[1] = x1; out[2] = x2; out[3] = x3;
        out[4] = x4; out[5] = x5; out[6] = x6; out[7] = x7;
        out[8] = x8; out[9] = x9; out[10] = x10; out[11] = x11;
        out[12] = x12; out[13] = x13; out[14] = x14; out[15] = x15;
            // spotless:on
    }

    /** The keystream block: permuted words plus input words. */
    public static void keystreamBlock(int[] state, int rounds, int[] out) {
        block(state, rounds, out);
        for (int i = 0; i < 16; i++) {
            out[i] += state[i];
        }
    }

    /** Words 0..3 of a ChaCha state: the constants ("expand 32-byte k"). The one place they are written. */
    public static void setConstants(int[] state) {
        state[0] = C0;
        state[1] = C1;
        state[2] = C2;
        state[3] = C3;
    }

    /**
     * A new state from key words, the one place one is built: the constants, the 8 words of {@code key}, block
     * counter (word 12) 0, and words 13..15 {@code w13, w14, w15}: the IETF nonce (or the secret stream's message
     * counter and inonce); with the original 64-bit counter, its high word and the 8-byte nonce.
     */
    public static int[] state(int[] key, int w13, int w14, int w15) {
        int[] s = new int[16];
        setConstants(s);
        System.arraycopy(key, 0, s, 4, 8);
        return setTail(s, w13, w14, w15);
    }

    /**
     * An IETF ChaCha20-Poly1305 message state ({@link AeadEngine}'s) written into {@code s} (16 words), which it
     * returns: words 0..11 of {@code key} (a {@link #state}), block counter 0, nonce words {@code n0, n1, n2}. The
     * caller wipes it after the message.
     */
    public static int[] aeadState(int[] s, int[] key, int n0, int n1, int n2) {
        System.arraycopy(key, 0, s, 0, 12);
        return setTail(s, n0, n1, n2);
    }

    private static int[] setTail(int[] s, int w13, int w14, int w15) {
        s[12] = 0;
        s[13] = w13;
        s[14] = w14;
        s[15] = w15;
        return s;
    }

    /** Words 12..15 of an IETF state, in place: block counter 0 and the 12-byte {@code nonce}'s three words. */
    public static void setIetfNonce(int[] state, byte[] nonce) {
        setTail(state, Bytes.le32(nonce, 0), Bytes.le32(nonce, 4), Bytes.le32(nonce, 8));
    }

    /**
     * XChaCha20 (draft-irtf-cfrg-xchacha 2.3), in place: {@code h} gets the 24-byte {@code nonce}'s first 16 bytes
     * as little-endian words (HChaCha20's input with the key), words 12..15 of {@code state} the inner IETF state's
     * block counter 0, nonce word 0 and the nonce's last 8 bytes.
     */
    public static void setXChaChaNonce(int[] state, int[] h, byte[] nonce) {
        Bytes.getWords(nonce, 0, h, 0, 4);
        setTail(state, 0, Bytes.le32(nonce, 16), Bytes.le32(nonce, 20));
    }

    /** Words 4..11 of a ChaCha state: the 32-byte key at {@code off}, little-endian. */
    public static void setKey(int[] state, byte[] key, int off) {
        Bytes.getWords(key, off, state, 4, 8);
    }

    /**
     * HChaCha in place, allocating nothing: {@code state} holds the constants, the key and the 16-byte nonce
     * prefix in words 12..15; afterwards words 4..11 hold the subkey ({@link #hchacha}'s 8 words), words 0..3 the
     * constants again, and words 12..15 are left for the caller to overwrite.
     */
    public static void hchachaInPlace(int[] state, int rounds) {
        block(state, rounds, state); // block reads every word before it writes any
        System.arraycopy(state, 0, state, 4, 4);
        System.arraycopy(state, 12, state, 8, 4);
        setConstants(state);
    }

    /**
     * HChaCha20 (draft-irtf-cfrg-xchacha 2.2): words 0..3 and 12..15 of the permuted state, without the final
     * addition. {@code key} is 8 words, {@code nonce} 4 words; the result is 8 words.
     */
    public static int[] hchacha(int[] key, int[] nonce, int rounds) {
        int[] s = new int[16];
        setConstants(s);
        System.arraycopy(key, 0, s, 4, 8);
        System.arraycopy(nonce, 0, s, 12, 4);
        int[] x = new int[16];
        block(s, rounds, x);
        int[] sub = {x[0], x[1], x[2], x[3], x[12], x[13], x[14], x[15]};
        java.util.Arrays.fill(s, 0);
        java.util.Arrays.fill(x, 0);
        return sub;
    }

    /** Advances the block counter in {@code state} by {@code blocks} (carrying into word 13 when counter64). */
    public static void addCounter(int[] state, boolean counter64, long blocks) {
        long c = (state[12] & 0xFFFFFFFFL) + blocks;
        state[12] = (int) c;
        if (counter64) {
            state[13] += (int) (c >>> 32);
        }
    }
}
