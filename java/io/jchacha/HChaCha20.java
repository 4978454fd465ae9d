// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import io.jchacha.internal.Bytes;
import io.jchacha.internal.ChaChaBlock;
import java.util.Arrays;
import java.util.Objects;

/** HChaCha20 (draft-irtf-cfrg-xchacha, section 2.2): derives a 32-byte subkey from a key and a 16-byte input. */
public final class HChaCha20 {
    /** Input (nonce prefix) length in bytes. */
    public static final int INPUT_LENGTH = 16;

    private HChaCha20() {}

    /** HChaCha20 with 20 rounds. */
    public static byte[] subkey(byte[] key, byte[] input) {
        return subkey(key, input, 20);
    }

    /**
     * HChaCha with the given round count (20, 12 or 8).
     *
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if {@code key} is not 32 bytes, {@code input} not 16, or rounds not 20/12/8
     */
    public static byte[] subkey(byte[] key, byte[] input, int rounds) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(input, "input");
        if (key.length != ChaCha20.KEY_LENGTH) {
            throw new IllegalArgumentException("key must be 32 bytes, got " + key.length);
        }
        if (input.length != INPUT_LENGTH) {
            throw new IllegalArgumentException("input must be 16 bytes, got " + input.length);
        }
        if (rounds != 20 && rounds != 12 && rounds != 8) {
            throw new IllegalArgumentException("rounds must be 20, 12 or 8, got " + rounds);
        }
        int[] k = Bytes.toWords(key, 0, 8);
        int[] sub = ChaChaBlock.hchacha(k, Bytes.toWords(input, 0, 4), rounds);
        byte[] out = Bytes.toBytes(sub);
        Arrays.fill(k, 0);
        Arrays.fill(sub, 0);
        return out;
    }
}
