// SPDX-License-Identifier: Apache-2.0
package io.jchacha.secretstream;

import io.jchacha.internal.NonceSource;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Objects;
import javax.crypto.ShortBufferException;

/**
 * The sending end of a secret stream ({@code crypto_secretstream_xchacha20poly1305_init_push} and
 * {@code _push}): send {@link #header()} first, then each message {@link #push} returns, in order. Every message
 * is {@link SecretStream#OVERHEAD} bytes longer than its plaintext.
 *
 * <pre>{@code
 * try (SecretStreamPush s = new SecretStreamPush(key)) {
 *     out.write(s.header());
 *     out.write(s.push(part1, null, SecretStream.TAG_MESSAGE));
 *     out.write(s.push(part2, null, SecretStream.TAG_FINAL));
 * }
 * }</pre>
 *
 * <p>{@code ad} (associated data, authenticated but not sent) may be {@code null}, meaning none; the receiver
 * must pass the same bytes. Input and output may overlap in any way. Not thread-safe. {@link #close()} wipes the
 * key material.
 */
public final class SecretStreamPush extends SecretStreamEndpoint {
    private final byte[] header;

    /**
     * Starts a stream under {@code key} with a fresh random header.
     *
     * @param key {@value SecretStream#KEY_LENGTH} bytes; not kept (only the derived subkey is)
     * @throws NullPointerException if {@code key} is null
     * @throws IllegalArgumentException if {@code key} is not 32 bytes
     * @throws IllegalStateException if the backend forced by {@code jchacha.backend} cannot run here
     */
    public SecretStreamPush(byte[] key) {
        this(key, randomHeader());
    }

    /** A stream with a given header: for tests against known answers only (a header must never repeat). */
    SecretStreamPush(byte[] key, byte[] header) {
        super(key, header);
        this.header = header.clone();
    }

    /** The header is the stream's nonce: drawn like the AEAD classes' random nonces. */
    private static byte[] randomHeader() {
        byte[] h = new byte[SecretStream.HEADER_LENGTH];
        NonceSource.next(h);
        return h;
    }

    /**
     * The stream's header, which the receiver needs first.
     *
     * @return a copy of the {@value SecretStream#HEADER_LENGTH}-byte header
     */
    public byte[] header() {
        return header.clone();
    }

    /**
     * Encrypts one message.
     *
     * @param message the plaintext
     * @param ad associated data, or null for none
     * @param tag the message's tag, 0..255 (usually one of {@code SecretStream.TAG_*})
     * @return tag byte || ciphertext || MAC, {@code message.length + 17} bytes
     * @throws NullPointerException if {@code message} is null
     * @throws IllegalArgumentException if {@code tag} is out of range or the output would not fit in an array
     * @throws IllegalStateException if the stream is closed
     */
    public byte[] push(byte[] message, byte[] ad, int tag) {
        Objects.requireNonNull(message, "message");
        byte[] out = new byte[checkedOutLength(message.length)];
        try {
            push(message, 0, message.length, ad, tag, out, 0);
        } catch (ShortBufferException e) {
            throw new AssertionError(e);
        }
        return out;
    }

    private static int checkedOutLength(int len) {
        long n = (long) len + SecretStream.OVERHEAD;
        if (n > Integer.MAX_VALUE - 8 - SecretStreamCore.FRAME_EXTRA) {
            throw new IllegalArgumentException("message of " + len + " bytes is too long for one array");
        }
        return (int) n;
    }

    /**
     * Encrypts {@code in[inOff .. inOff + len)} into {@code out[outOff ..]}.
     *
     * @param in the plaintext array
     * @param inOff where the plaintext starts
     * @param len plaintext length
     * @param ad associated data, or null for none
     * @param tag the message's tag, 0..255
     * @param out where the message goes
     * @param outOff where in {@code out} it starts
     * @return the bytes written, {@code len + 17}
     * @throws NullPointerException if {@code in} or {@code out} is null
     * @throws IndexOutOfBoundsException if a range lies outside its array
     * @throws IllegalArgumentException if {@code tag} is out of range or the message too long for an array
     * @throws ShortBufferException if {@code out} has fewer than {@code len + 17} bytes from {@code outOff}
     *         (nothing is written and the stream is unchanged)
     * @throws IllegalStateException if the stream is closed
     */
    public int push(byte[] in, int inOff, int len, byte[] ad, int tag, byte[] out, int outOff)
            throws ShortBufferException {
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(out, "out");
        Objects.checkFromIndexSize(inOff, len, in.length);
        Objects.checkIndex(outOff, out.length + 1);
        checkTag(tag);
        int n = checkedOutLength(len);
        if (out.length - outOff < n) {
            throw new ShortBufferException("output needs " + n + " bytes, has " + (out.length - outOff));
        }
        SecretStreamCore c = live();
        if (c.sealsDirect(len)) {
            c.sealDirect(in, inOff, len, ad(ad), tag, out, outOff);
            return n;
        }
        byte[] f = frame(len);
        System.arraycopy(in, inOff, f, SecretStreamCore.BLOCK, len);
        c.seal(f, len, ad(ad), tag);
        System.arraycopy(f, SecretStreamCore.WIRE, out, outOff, n);
        release(f, len);
        return n;
    }

    /**
     * Encrypts the remaining bytes of {@code in} into {@code out}; both positions advance.
     *
     * @param in the plaintext, heap or direct
     * @param ad associated data, or null for none
     * @param tag the message's tag, 0..255
     * @param out where the message goes, heap or direct
     * @return the bytes written, {@code in.remaining() + 17}
     * @throws NullPointerException if {@code in} or {@code out} is null
     * @throws IllegalArgumentException if {@code tag} is out of range
     * @throws IllegalArgumentException if {@code in} and {@code out} are the same object (use a
     *         {@code duplicate()} to work in place)
     * @throws ReadOnlyBufferException if {@code out} is read-only
     * @throws ShortBufferException if {@code out} has too little room (nothing is written, nothing moves)
     * @throws IllegalStateException if the stream is closed
     */
    public int push(ByteBuffer in, byte[] ad, int tag, ByteBuffer out) throws ShortBufferException {
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(out, "out");
        checkBuffers(in, out);
        checkTag(tag);
        int len = in.remaining();
        int n = checkedOutLength(len);
        if (out.remaining() < n) {
            throw new ShortBufferException("output needs " + n + " bytes, has " + out.remaining());
        }
        SecretStreamCore c = live();
        int inPos = in.position();
        int outPos = out.position();
        if (c.sealsDirect(len) && in.hasArray() && out.hasArray()) { // writable heap buffers: straight through
            c.sealDirect(
                    in.array(), in.arrayOffset() + inPos, len, ad(ad), tag, out.array(), out.arrayOffset() + outPos);
            in.position(inPos + len);
            out.position(outPos + n);
            return n;
        }
        byte[] f = frame(len);
        in.get(inPos, f, SecretStreamCore.BLOCK, len);
        c.seal(f, len, ad(ad), tag);
        out.put(outPos, f, SecretStreamCore.WIRE, n);
        release(f, len);
        in.position(inPos + len);
        out.position(outPos + n);
        return n;
    }

    /** Seals a frame the caller filled ({@link SecretStreamCore#seal}); for the stream adapters. */
    void sealFrame(byte[] frame, int mlen, int tag) {
        live().seal(frame, mlen, EMPTY, tag);
    }
}
