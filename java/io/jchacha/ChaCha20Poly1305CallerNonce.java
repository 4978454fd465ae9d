// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import javax.crypto.AEADBadTagException;

/**
 * ChaCha20-Poly1305 (RFC 8439 2.8) with a nonce the caller supplies, for protocols that fix the nonce
 * (TLS 1.3, QUIC, WireGuard, SSH, counters, ...). <strong>The caller must never use a nonce twice with the same
 * key</strong>: a repeat reveals the XOR of the two plaintexts and lets an attacker forge messages. Without such
 * a protocol, use {@link ChaCha20Poly1305} or {@link XChaCha20Poly1305}, which choose nonces themselves.
 *
 * <p>Key 32 bytes, nonce 12 bytes, tag 16 bytes appended to the ciphertext. A message may be up to
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
public final class ChaCha20Poly1305CallerNonce extends CallerNonceAead {
    public static final int KEY_LENGTH = 32;
    public static final int NONCE_LENGTH = 12;
    public static final int TAG_LENGTH = Poly1305.TAG_LENGTH;

    /**
     * @param key 32 bytes, copied
     * @throws NullPointerException if {@code key} is null
     * @throws IllegalArgumentException if {@code key} is not 32 bytes
     * @throws IllegalStateException if the backend forced by {@code jchacha.backend} cannot run here
     */
    public ChaCha20Poly1305CallerNonce(byte[] key) {
        super(key, NONCE_LENGTH);
    }
}
