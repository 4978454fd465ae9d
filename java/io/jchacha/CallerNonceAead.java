// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import io.jchacha.internal.NonceSource;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.AEADBadTagException;
import javax.crypto.ShortBufferException;

/**
 * What {@link ChaCha20Poly1305CallerNonce} and {@link XChaCha20Poly1305CallerNonce} share: the seal and open forms
 * over {@link AeadCore}, and the nonce-prefixed format of the random-nonce classes. A subclass only names its key
 * and nonce length.
 */
abstract class CallerNonceAead {
    static final int TAG_LENGTH = Poly1305.TAG_LENGTH;

    private final AeadCore core;
    private final int nonceLength;

    /** See {@link AeadCore#AeadCore(byte[], int)} for what it throws. */
    CallerNonceAead(byte[] key, int nonceLength) {
        this.core = new AeadCore(key, nonceLength);
        this.nonceLength = nonceLength;
    }

    /** seal under a fresh random nonce ({@link NonceSource}): nonce || ciphertext || tag. */
    final byte[] sealWithRandomNonce(byte[] plaintext, byte[] aad) {
        Objects.requireNonNull(plaintext, "plaintext");
        byte[] nonce = new byte[nonceLength];
        NonceSource.next(nonce);
        return core.sealPrefixed(nonce, plaintext, aad);
    }

    /** open of nonce || ciphertext || tag. */
    final byte[] openWithPrefixedNonce(byte[] ciphertextWithNonce, byte[] aad) throws AEADBadTagException {
        Objects.requireNonNull(ciphertextWithNonce, "ciphertextWithNonce");
        if (ciphertextWithNonce.length < nonceLength + TAG_LENGTH) {
            throw new AEADBadTagException(
                    "input shorter than nonce and tag (" + (nonceLength + TAG_LENGTH) + " bytes)");
        }
        byte[] nonce = Arrays.copyOf(ciphertextWithNonce, nonceLength);
        return core.openPrefixed(nonce, ciphertextWithNonce, aad);
    }

    /**
     * seal of {@code in[inOff .. inOff + len)} under a fresh random nonce into {@code out[outOff ..]}: nonce ||
     * ciphertext || tag. All of the message is read before the nonce is written, so the ranges may overlap.
     */
    final int sealWithRandomNonce(byte[] in, int inOff, int len, byte[] aad, byte[] out, int outOff)
            throws ShortBufferException {
        AeadCore.checkRanges(in, inOff, len, out, outOff);
        long need = (long) nonceLength + len + TAG_LENGTH;
        AeadCore.checkRoom(out, outOff, need);
        byte[] nonce = new byte[nonceLength];
        NonceSource.next(nonce);
        core.seal(nonce, in, inOff, len, aad, out, outOff + nonceLength);
        System.arraycopy(nonce, 0, out, outOff, nonceLength);
        return (int) need;
    }

    /** open of nonce || ciphertext || tag at {@code in[inOff .. inOff + len)} into {@code out[outOff ..]}. */
    final int openWithPrefixedNonce(byte[] in, int inOff, int len, byte[] aad, byte[] out, int outOff)
            throws ShortBufferException, AEADBadTagException {
        AeadCore.checkRanges(in, inOff, len, out, outOff);
        if (len < nonceLength + TAG_LENGTH) {
            throw new AEADBadTagException(
                    "input shorter than nonce and tag (" + (nonceLength + TAG_LENGTH) + " bytes)");
        }
        // read once, before the output (which may overlap it) is written
        byte[] nonce = Arrays.copyOfRange(in, inOff, inOff + nonceLength);
        return core.open(nonce, in, inOff + nonceLength, len - nonceLength, aad, out, outOff);
    }

    /**
     * Encrypts and authenticates.
     *
     * @return ciphertext || tag ({@code plaintext.length + 16} bytes)
     */
    public final byte[] seal(byte[] nonce, byte[] plaintext, byte[] aad) {
        return core.seal(nonce, plaintext, aad);
    }

    /**
     * Verifies and decrypts.
     *
     * @param ciphertextAndTag ciphertext || 16-byte tag
     * @return the plaintext
     * @throws AEADBadTagException if the tag does not match (or the input is shorter than a tag)
     */
    public final byte[] open(byte[] nonce, byte[] ciphertextAndTag, byte[] aad) throws AEADBadTagException {
        return core.open(nonce, ciphertextAndTag, aad);
    }

    /**
     * Seals {@code in[inOff .. inOff + len)} into {@code out[outOff ..]} (ciphertext || tag).
     *
     * @return bytes written, {@code len + 16}
     * @throws IndexOutOfBoundsException if the input range or {@code outOff} is outside its array
     * @throws ShortBufferException if {@code out} has fewer than {@code len + 16} bytes from {@code outOff}
     */
    public final int seal(byte[] nonce, byte[] in, int inOff, int len, byte[] aad, byte[] out, int outOff)
            throws ShortBufferException {
        return core.seal(nonce, in, inOff, len, aad, out, outOff);
    }

    /**
     * Opens {@code in[inOff .. inOff + len)} (ciphertext || tag) into {@code out[outOff ..]}.
     *
     * @return plaintext bytes written, {@code len - 16}
     * @throws IndexOutOfBoundsException if the input range or {@code outOff} is outside its array
     * @throws ShortBufferException if {@code out} has fewer than {@code len - 16} bytes from {@code outOff}
     * @throws AEADBadTagException if the tag does not match; the output range is then zeroed
     */
    public final int open(byte[] nonce, byte[] in, int inOff, int len, byte[] aad, byte[] out, int outOff)
            throws ShortBufferException, AEADBadTagException {
        return core.open(nonce, in, inOff, len, aad, out, outOff);
    }

    /**
     * Seals {@code in}'s remaining bytes into {@code out}, like {@code Cipher.doFinal(ByteBuffer, ByteBuffer)}:
     * on success {@code in}'s position reaches its limit and {@code out}'s advances by the bytes written; on an
     * exception neither position moves. Heap and direct buffers both work; for in-place use pass a
     * {@code duplicate()} of the same buffer.
     *
     * @return bytes written, {@code in.remaining() + 16}
     * @throws IllegalArgumentException if {@code in} and {@code out} are the same object
     * @throws java.nio.ReadOnlyBufferException if {@code out} is read-only
     * @throws ShortBufferException if {@code out.remaining()} is too small
     */
    public final int seal(byte[] nonce, ByteBuffer in, byte[] aad, ByteBuffer out) throws ShortBufferException {
        return core.seal(nonce, in, aad, out);
    }

    /**
     * Opens {@code in}'s remaining bytes (ciphertext || tag) into {@code out}; positions as for
     * {@link #seal(byte[], ByteBuffer, byte[], ByteBuffer)}. On {@link AEADBadTagException} the
     * {@code in.remaining() - 16} bytes at {@code out}'s position are zeroed and no position moves.
     *
     * @return plaintext bytes written
     */
    public final int open(byte[] nonce, ByteBuffer in, byte[] aad, ByteBuffer out)
            throws ShortBufferException, AEADBadTagException {
        return core.open(nonce, in, aad, out);
    }
}
