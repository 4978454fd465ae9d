// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import java.security.SecureRandom;
import javax.crypto.AEADBadTagException;
import javax.crypto.ShortBufferException;

/**
 * ChaCha20-Poly1305 (RFC 8439) with nonces it draws itself: {@link #seal} picks a random 12-byte nonce and
 * returns nonce || ciphertext || tag, {@link #open} takes that back.
 *
 * <p><strong>Limit:</strong> random 12-byte nonces may collide. Encrypt at most 2^32 messages with one key
 * (the collision chance is then about 2^-33); a collision exposes the two plaintexts' XOR and allows
 * forgeries. Rotate the key before that, or use {@link XChaCha20Poly1305}, whose 24-byte random nonces have no
 * practical message limit. Each message may be up to (2^32 - 1) * 64 bytes by the RFC; a {@code byte[]} is
 * shorter than that. Nonces come from a ChaCha20 fast-key-erasure generator per thread, seeded from the OS (the
 * provider's {@code ChaCha20} SecureRandom); on a virtual thread from the JDK's default {@link SecureRandom}. The
 * limit above counts every message under the key, from all threads and processes.
 *
 * <p>{@code aad} (associated data, authenticated but not encrypted) may be {@code null}, meaning none. The
 * format is the common one (libsodium's, Tink's without its key-id prefix): 12-byte nonce, ciphertext, 16-byte
 * tag. Instances are immutable and safe to share between threads; the key is copied on construction.
 */
public final class ChaCha20Poly1305 {
    public static final int KEY_LENGTH = 32;
    public static final int NONCE_LENGTH = 12;
    public static final int TAG_LENGTH = Poly1305.TAG_LENGTH;
    /** Bytes {@link #seal} adds to the plaintext: nonce and tag. */
    public static final int OVERHEAD = NONCE_LENGTH + TAG_LENGTH;

    private final ChaCha20Poly1305CallerNonce aead;

    /**
     * @param key 32 bytes, copied; see {@link #generateKey()}
     * @throws NullPointerException if {@code key} is null
     * @throws IllegalArgumentException if {@code key} is not 32 bytes
     * @throws IllegalStateException if the backend forced by {@code jchacha.backend} cannot run here
     */
    public ChaCha20Poly1305(byte[] key) {
        this.aead = new ChaCha20Poly1305CallerNonce(key);
    }

    /** A fresh random 32-byte key from {@link SecureRandom}. */
    public static byte[] generateKey() {
        byte[] k = new byte[KEY_LENGTH];
        RandomHolder.RANDOM.nextBytes(k);
        return k;
    }

    /** Encrypts and authenticates under a fresh random nonce; returns nonce || ciphertext || tag. */
    public byte[] seal(byte[] plaintext, byte[] aad) {
        return aead.sealWithRandomNonce(plaintext, aad);
    }

    /**
     * Verifies and decrypts nonce || ciphertext || tag as {@link #seal} produced it.
     *
     * @throws AEADBadTagException if the input is not authentic under this key and {@code aad}, or is shorter
     *         than {@link #OVERHEAD}
     */
    public byte[] open(byte[] ciphertextWithNonce, byte[] aad) throws AEADBadTagException {
        return aead.openWithPrefixedNonce(ciphertextWithNonce, aad);
    }

    /**
     * {@link #seal(byte[], byte[])} into an array the caller provides: encrypts {@code in[inOff .. inOff + len)} under
     * a fresh random nonce and writes nonce || ciphertext || tag, {@code len + OVERHEAD} bytes, to
     * {@code out[outOff ..]}, allocating nothing the size of the message. The ranges may overlap (in place: the
     * plaintext at {@code outOff + NONCE_LENGTH}).
     *
     * @return bytes written, {@code len + OVERHEAD}
     * @throws NullPointerException if {@code in} or {@code out} is null
     * @throws IndexOutOfBoundsException if the input range or {@code outOff} is outside its array
     * @throws ShortBufferException if {@code out} has fewer than {@code len + OVERHEAD} bytes from {@code outOff};
     *         nothing is written
     */
    public int seal(byte[] in, int inOff, int len, byte[] aad, byte[] out, int outOff) throws ShortBufferException {
        return aead.sealWithRandomNonce(in, inOff, len, aad, out, outOff);
    }

    /**
     * {@link #open(byte[], byte[])} into an array the caller provides: verifies and decrypts nonce || ciphertext ||
     * tag at {@code in[inOff .. inOff + len)} and writes the {@code len - OVERHEAD} plaintext bytes to
     * {@code out[outOff ..]}. The ranges may overlap.
     *
     * @return plaintext bytes written, {@code len - OVERHEAD}
     * @throws NullPointerException if {@code in} or {@code out} is null
     * @throws IndexOutOfBoundsException if the input range or {@code outOff} is outside its array
     * @throws ShortBufferException if {@code out} has fewer than {@code len - OVERHEAD} bytes from {@code outOff};
     *         nothing is written
     * @throws AEADBadTagException if the input is shorter than {@link #OVERHEAD} (nothing is written), or is not
     *         authentic under this key and {@code aad} (the output range is then zeroed)
     */
    public int open(byte[] in, int inOff, int len, byte[] aad, byte[] out, int outOff)
            throws ShortBufferException, AEADBadTagException {
        return aead.openWithPrefixedNonce(in, inOff, len, aad, out, outOff);
    }

    /** The JDK's default SecureRandom (thread-safe), created on first use: keys and stream headers, not nonces. */
    static final class RandomHolder {
        static final SecureRandom RANDOM = new SecureRandom();

        private RandomHolder() {}
    }
}
