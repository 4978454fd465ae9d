// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import java.nio.ByteBuffer;
import javax.crypto.AEADBadTagException;
import javax.crypto.ShortBufferException;

/**
 * Every seal and open form of {@link ChaCha20Poly1305CallerNonce} or {@link XChaCha20Poly1305CallerNonce} behind
 * one public type, for tests outside this package (their shared base, {@link CallerNonceAead}, is package-private).
 */
public final class CallerNonceForms {
    private final CallerNonceAead aead;

    /** XChaCha20-Poly1305 when {@code xchacha}, else ChaCha20-Poly1305. */
    public CallerNonceForms(boolean xchacha, byte[] key) {
        this.aead = xchacha ? new XChaCha20Poly1305CallerNonce(key) : new ChaCha20Poly1305CallerNonce(key);
    }

    /** 24 for XChaCha20-Poly1305, 12 for ChaCha20-Poly1305. */
    public int nonceLength() {
        return aead instanceof XChaCha20Poly1305CallerNonce
                ? XChaCha20Poly1305CallerNonce.NONCE_LENGTH
                : ChaCha20Poly1305CallerNonce.NONCE_LENGTH;
    }

    public byte[] seal(byte[] nonce, byte[] plaintext, byte[] aad) {
        return aead.seal(nonce, plaintext, aad);
    }

    public byte[] open(byte[] nonce, byte[] ciphertextAndTag, byte[] aad) throws AEADBadTagException {
        return aead.open(nonce, ciphertextAndTag, aad);
    }

    public int seal(byte[] nonce, byte[] in, int inOff, int len, byte[] aad, byte[] out, int outOff)
            throws ShortBufferException {
        return aead.seal(nonce, in, inOff, len, aad, out, outOff);
    }

    public int open(byte[] nonce, byte[] in, int inOff, int len, byte[] aad, byte[] out, int outOff)
            throws ShortBufferException, AEADBadTagException {
        return aead.open(nonce, in, inOff, len, aad, out, outOff);
    }

    public int seal(byte[] nonce, ByteBuffer in, byte[] aad, ByteBuffer out) throws ShortBufferException {
        return aead.seal(nonce, in, aad, out);
    }

    public int open(byte[] nonce, ByteBuffer in, byte[] aad, ByteBuffer out)
            throws ShortBufferException, AEADBadTagException {
        return aead.open(nonce, in, aad, out);
    }

    /** The class behind it (names the parameterized test cases). */
    @Override
    public String toString() {
        return aead.getClass().getSimpleName();
    }
}
