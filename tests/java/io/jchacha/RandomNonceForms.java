// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import javax.crypto.AEADBadTagException;
import javax.crypto.ShortBufferException;

/** Every seal and open form of {@link ChaCha20Poly1305} or {@link XChaCha20Poly1305} behind one type, for tests. */
public final class RandomNonceForms {
    private final ChaCha20Poly1305 ietf;
    private final XChaCha20Poly1305 x;

    /** XChaCha20-Poly1305 when {@code xchacha}, else ChaCha20-Poly1305. */
    public RandomNonceForms(boolean xchacha, byte[] key) {
        this.ietf = xchacha ? null : new ChaCha20Poly1305(key);
        this.x = xchacha ? new XChaCha20Poly1305(key) : null;
    }

    public int nonceLength() {
        return x != null ? XChaCha20Poly1305.NONCE_LENGTH : ChaCha20Poly1305.NONCE_LENGTH;
    }

    public int overhead() {
        return x != null ? XChaCha20Poly1305.OVERHEAD : ChaCha20Poly1305.OVERHEAD;
    }

    /** The caller-nonce forms of the same key. */
    public CallerNonceForms callerNonce(byte[] key) {
        return new CallerNonceForms(x != null, key);
    }

    public byte[] seal(byte[] plaintext, byte[] aad) {
        return x != null ? x.seal(plaintext, aad) : ietf.seal(plaintext, aad);
    }

    public byte[] open(byte[] sealed, byte[] aad) throws AEADBadTagException {
        return x != null ? x.open(sealed, aad) : ietf.open(sealed, aad);
    }

    public int seal(byte[] in, int inOff, int len, byte[] aad, byte[] out, int outOff) throws ShortBufferException {
        return x != null ? x.seal(in, inOff, len, aad, out, outOff) : ietf.seal(in, inOff, len, aad, out, outOff);
    }

    public int open(byte[] in, int inOff, int len, byte[] aad, byte[] out, int outOff)
            throws ShortBufferException, AEADBadTagException {
        return x != null ? x.open(in, inOff, len, aad, out, outOff) : ietf.open(in, inOff, len, aad, out, outOff);
    }

    @Override
    public String toString() {
        return x != null ? "XChaCha20Poly1305" : "ChaCha20Poly1305";
    }
}
