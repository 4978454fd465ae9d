// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

/**
 * HChaCha written from its definition (draft-irtf-cfrg-xchacha-03 section 2.2, over RFC 8439 section 2.1/2.3), with
 * the round count as a parameter and nothing taken from the library: the independent reference the tests compare
 * {@link HChaCha20}, XChaCha20 and the native HChaCha kernels with. Deliberately plain: the state is an array, the
 * quarter round works on its indices, one round at a time (column rounds on even, diagonal rounds on odd counts).
 */
public final class ReferenceHChaCha {
    private ReferenceHChaCha() {}

    /** HChaCha with {@code rounds} rounds of the 32-byte key and the 16-byte input: the 32-byte subkey. */
    public static byte[] subkey(byte[] key, byte[] input, int rounds) {
        if (key.length != 32 || input.length != 16 || rounds <= 0 || rounds % 2 != 0) {
            throw new IllegalArgumentException("key 32 bytes, input 16 bytes, an even positive round count");
        }
        int[] x = new int[16];
        x[0] = 0x61707865; // "expa"
        x[1] = 0x3320646e; // "nd 3"
        x[2] = 0x79622d32; // "2-by"
        x[3] = 0x6b206574; // "te k"
        for (int i = 0; i < 8; i++) {
            x[4 + i] = littleEndian(key, 4 * i);
        }
        for (int i = 0; i < 4; i++) {
            x[12 + i] = littleEndian(input, 4 * i);
        }
        for (int round = 0; round < rounds; round++) {
            if (round % 2 == 0) {
                quarterRound(x, 0, 4, 8, 12);
                quarterRound(x, 1, 5, 9, 13);
                quarterRound(x, 2, 6, 10, 14);
                quarterRound(x, 3, 7, 11, 15);
            } else {
                quarterRound(x, 0, 5, 10, 15);
                quarterRound(x, 1, 6, 11, 12);
                quarterRound(x, 2, 7, 8, 13);
                quarterRound(x, 3, 4, 9, 14);
            }
        }
        // no feed-forward: the first and last rows of the permuted state
        byte[] out = new byte[32];
        for (int i = 0; i < 4; i++) {
            putLittleEndian(out, 4 * i, x[i]);
            putLittleEndian(out, 16 + 4 * i, x[12 + i]);
        }
        return out;
    }

    /** RFC 8439 2.1. */
    private static void quarterRound(int[] x, int a, int b, int c, int d) {
        // spotless:off
        x[a] += x[b]; x[d] ^= x[a]; x[d] = Integer.rotateLeft(x[d], 16);
        x[c] += x[d]; x[b] ^= x[c]; x[b] = Integer.rotateLeft(x[b], 12);
        x[a] += x[b]; x[d] ^= x[a]; x[d] = Integer.rotateLeft(x[d], 8);
        x[c] += x[d]; x[b] ^= x[c]; x[b] = Integer.rotateLeft(x[b], 7);
        // spotless:on
    }

    private static int littleEndian(byte[] b, int off) {
        return (b[off] & 0xff) | (b[off + 1] & 0xff) << 8 | (b[off + 2] & 0xff) << 16 | (b[off + 3] & 0xff) << 24;
    }

    private static void putLittleEndian(byte[] b, int off, int v) {
        for (int i = 0; i < 4; i++) {
            b[off + i] = (byte) (v >>> (8 * i));
        }
    }
}
