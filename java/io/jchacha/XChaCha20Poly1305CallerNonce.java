// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import javax.crypto.AEADBadTagException;

/**
 * XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha 2.3) with a nonce the caller supplies: the subkey is
 * HChaCha20(key, nonce[0..16]), then ChaCha20-Poly1305 runs with nonce 00000000 || nonce[16..24].
 * <strong>The caller must never use a nonce twice with the same key</strong>. A 24-byte nonce drawn at random
 * for every message is safe for any number of messages; that is what {@link XChaCha20Poly1305} does, and it is
 * the class to use unless a protocol dictates the nonce.
 *
 * <p>Key 32 bytes, nonce 24 bytes, tag 16 bytes appended to the ciphertext. A message may be up to
 * (2^32 - 1) * 64 bytes by the RFC; the array and buffer forms here are limited by Java's array and buffer
 * sizes, which are below that. {@code aad} may be {@code null}, meaning none (the same as an empty array).
 *
 * <p>Input and output may be the same array or buffer memory, at the same or at overlapping offsets. Every
 * argument is checked before any output byte is written. {@code open} checks the tag in constant time and
 * writes plaintext only after the tag matched; on {@link AEADBadTagException} the output range the plaintext
 * would have occupied is filled with zeros. A ciphertext shorter than the tag is reported as
 * {@link AEADBadTagException} too, since it is a message that cannot authenticate.
 *
 * <p>Instances are immutable and safe to share between threads. The key is copied on construction.
 */
public final class XChaCha20Poly1305CallerNonce extends CallerNonceAead {
    public static final int KEY_LENGTH = 32;
    public static final int NONCE_LENGTH = 24;
    public static final int TAG_LENGTH = Poly1305.TAG_LENGTH;

    /**
     * @param key 32 bytes, copied
     * @throws NullPointerException if {@code key} is null
     * @throws IllegalArgumentException if {@code key} is not 32 bytes
     * @throws IllegalStateException if the backend forced by {@code jchacha.backend} cannot run here
     */
    public XChaCha20Poly1305CallerNonce(byte[] key) {
        super(key, NONCE_LENGTH);
    }
}
