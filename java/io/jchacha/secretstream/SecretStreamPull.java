// SPDX-License-Identifier: Apache-2.0
package io.jchacha.secretstream;

import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Objects;
import javax.crypto.AEADBadTagException;
import javax.crypto.ShortBufferException;

/**
 * The receiving end of a secret stream ({@code crypto_secretstream_xchacha20poly1305_init_pull} and
 * {@code _pull}): construct it with the sender's header, then pass each message to {@link #pull} in the order
 * they were pushed; {@link #tag()} then tells the message's tag.
 *
 * <pre>{@code
 * try (SecretStreamPull s = new SecretStreamPull(key, header)) {
 *     byte[] part = s.pull(message, null);
 *     if (s.tag() == SecretStream.TAG_FINAL) { ... }
 * }
 * }</pre>
 *
 * <p>A message that is forged, truncated, out of order, repeated or from another stream fails with
 * {@link AEADBadTagException}; no byte of its plaintext is released (an output range is left as it was), and
 * the stream refuses every later call with {@link IllegalStateException}: a receiver cannot skip a bad message
 * and carry on. Input and output may overlap in any way. Not thread-safe. {@link #close()} wipes the key
 * material.
 */
public final class SecretStreamPull extends SecretStreamEndpoint {
    private int tag = -1;
    private boolean failed;

    /**
     * Starts receiving the stream whose header is {@code header}.
     *
     * @param key {@value SecretStream#KEY_LENGTH} bytes; not kept (only the derived subkey is)
     * @param header the sender's {@value SecretStream#HEADER_LENGTH}-byte header
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code key} is not 32 bytes or {@code header} not 24
     * @throws IllegalStateException if the backend forced by {@code jchacha.backend} cannot run here
     */
    public SecretStreamPull(byte[] key, byte[] header) {
        super(key, checkHeader(header));
    }

    private static byte[] checkHeader(byte[] header) {
        Objects.requireNonNull(header, "header");
        if (header.length != SecretStream.HEADER_LENGTH) {
            throw new IllegalArgumentException("header must be 24 bytes, got " + header.length);
        }
        return header;
    }

    /**
     * The tag of the last message pulled.
     *
     * @return 0..255, or -1 before the first message
     */
    public int tag() {
        return tag;
    }

    @Override
    SecretStreamCore live() {
        if (failed) {
            throw new IllegalStateException("secret stream failed authentication earlier; it accepts nothing more");
        }
        return super.live();
    }

    /**
     * Verifies and decrypts one message.
     *
     * @param message tag byte || ciphertext || MAC, as {@link SecretStreamPush#push} made it
     * @param ad the associated data the sender used, or null for none
     * @return the plaintext, {@code message.length - 17} bytes; {@link #tag()} has its tag
     * @throws NullPointerException if {@code message} is null
     * @throws AEADBadTagException if the message is not the next authentic one of this stream (or shorter
     *         than 17 bytes); the stream then refuses every later call
     * @throws IllegalStateException if the stream is closed or failed earlier
     */
    public byte[] pull(byte[] message, byte[] ad) throws AEADBadTagException {
        Objects.requireNonNull(message, "message");
        byte[] out = new byte[Math.max(0, message.length - SecretStream.OVERHEAD)];
        try {
            pull(message, 0, message.length, ad, out, 0);
        } catch (ShortBufferException e) {
            throw new AssertionError(e);
        }
        return out;
    }

    /**
     * Verifies and decrypts {@code in[inOff .. inOff + len)} into {@code out[outOff ..]}.
     *
     * @param in the array holding the message
     * @param inOff where the message starts
     * @param len the message length, plaintext length + 17
     * @param ad the associated data the sender used, or null for none
     * @param out where the plaintext goes
     * @param outOff where in {@code out} it starts
     * @return the plaintext length, {@code len - 17}
     * @throws NullPointerException if {@code in} or {@code out} is null
     * @throws IndexOutOfBoundsException if a range lies outside its array
     * @throws ShortBufferException if {@code out} has fewer than {@code len - 17} bytes from {@code outOff}
     *         (nothing is read or written and the stream is unchanged)
     * @throws AEADBadTagException if the message is not the next authentic one of this stream; nothing is
     *         written and the stream refuses every later call
     * @throws IllegalStateException if the stream is closed or failed earlier
     */
    public int pull(byte[] in, int inOff, int len, byte[] ad, byte[] out, int outOff)
            throws ShortBufferException, AEADBadTagException {
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(out, "out");
        Objects.checkFromIndexSize(inOff, len, in.length);
        Objects.checkIndex(outOff, out.length + 1);
        SecretStreamCore c = live();
        int mlen = messageLength(len);
        if (out.length - outOff < mlen) {
            throw new ShortBufferException("output needs " + mlen + " bytes, has " + (out.length - outOff));
        }
        byte[] f = frame(mlen);
        System.arraycopy(in, inOff, f, SecretStreamCore.WIRE, len);
        open(c, f, mlen, ad(ad));
        System.arraycopy(f, SecretStreamCore.BLOCK, out, outOff, mlen);
        release(f, mlen);
        return mlen;
    }

    /**
     * Verifies and decrypts the remaining bytes of {@code in} (one whole message) into {@code out}; both
     * positions advance on success, neither on failure.
     *
     * @param in the message, heap or direct
     * @param ad the associated data the sender used, or null for none
     * @param out where the plaintext goes, heap or direct
     * @return the plaintext length, {@code in.remaining() - 17}
     * @throws NullPointerException if {@code in} or {@code out} is null
     * @throws IllegalArgumentException if {@code in} and {@code out} are the same object (use a
     *         {@code duplicate()} to work in place)
     * @throws ReadOnlyBufferException if {@code out} is read-only
     * @throws ShortBufferException if {@code out} has too little room (nothing is read or written)
     * @throws AEADBadTagException if the message is not the next authentic one of this stream; nothing is
     *         written and the stream refuses every later call
     * @throws IllegalStateException if the stream is closed or failed earlier
     */
    public int pull(ByteBuffer in, byte[] ad, ByteBuffer out) throws ShortBufferException, AEADBadTagException {
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(out, "out");
        checkBuffers(in, out);
        SecretStreamCore c = live();
        int len = in.remaining();
        int mlen = messageLength(len);
        if (out.remaining() < mlen) {
            throw new ShortBufferException("output needs " + mlen + " bytes, has " + out.remaining());
        }
        byte[] f = frame(mlen);
        int inPos = in.position();
        in.get(inPos, f, SecretStreamCore.WIRE, len);
        open(c, f, mlen, ad(ad));
        int outPos = out.position();
        out.put(outPos, f, SecretStreamCore.BLOCK, mlen);
        release(f, mlen);
        in.position(inPos + len);
        out.position(outPos + mlen);
        return mlen;
    }

    /** The plaintext length of a {@code len}-byte message; too short a message fails the stream. */
    private int messageLength(int len) throws AEADBadTagException {
        if (len < SecretStream.OVERHEAD) {
            fail();
            throw new AEADBadTagException("message shorter than the " + SecretStream.OVERHEAD + "-byte overhead");
        }
        return len - SecretStream.OVERHEAD;
    }

    private void open(SecretStreamCore c, byte[] f, int mlen, byte[] ad) throws AEADBadTagException {
        int t = c.open(f, mlen, ad);
        if (t < 0) {
            release(f, mlen);
            fail();
            throw new AEADBadTagException("message is not authentic (forged, altered, out of order, repeated,"
                    + " or from another stream or key)");
        }
        tag = t;
    }

    private void fail() {
        failed = true;
        close();
    }

    /**
     * Opens a frame the caller filled (wire form at {@code frame[63 ..]}); for the stream adapters.
     *
     * @return the tag
     */
    int openFrame(byte[] frame, int mlen) throws AEADBadTagException {
        SecretStreamCore c = live();
        open(c, frame, mlen, EMPTY);
        return tag;
    }
}
