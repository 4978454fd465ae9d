// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

/**
 * A fresh 12-byte nonce per message for the benchmarks that seal or key one message per op: a 64-bit message
 * number in the last 8 bytes (little-endian), the first 4 bytes zero, so no nonce repeats within a run (SunJCE and
 * BouncyCastle refuse to encrypt twice under one key and nonce).
 */
final class MessageNonces {
    private final byte[] nonce = new byte[12];
    private long n;

    /** The next message's nonce; the same array each time, overwritten. */
    byte[] next() {
        long v = ++n;
        for (int i = 4; i < 12; i++, v >>>= 8) {
            nonce[i] = (byte) v;
        }
        return nonce;
    }

    /**
     * The next message's number in the last 8 bytes of a 24-byte XChaCha20 nonce, {@code xnonce} (its first 16
     * bytes, the HChaCha20 part, stay as the caller set them).
     */
    void nextX(byte[] xnonce) {
        System.arraycopy(next(), 4, xnonce, 16, 8);
    }
}
