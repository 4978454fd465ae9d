// SPDX-License-Identifier: Apache-2.0
package io.jchacha.secretstream;

import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * Decrypts the secret stream file format (see docs/CLI.md and {@link SecretStreamOutputStream}) as it is read,
 * in bounded memory (one chunk). Each chunk's plaintext is released only after that chunk was authenticated.
 * A chunk that is not authentic (wrong key, altered, reordered, duplicated, spliced from another stream), input
 * that ends before the final chunk, and data after the final chunk all throw {@link IOException} (for an
 * authentication failure its cause is a {@link javax.crypto.AEADBadTagException}), never a silent short read;
 * so {@code -1} (end of stream) is returned only after the final chunk was authenticated. After a failure every
 * later read fails. Bytes read before a failure came from authentic chunks, but the stream as a whole is
 * only known to be complete at its end. Not thread-safe.
 */
public final class SecretStreamInputStream extends InputStream {
    private final InputStream in;
    private final SecretStreamReader reader;
    private boolean closed;

    /**
     * Reads the header from {@code in} at once.
     *
     * @param in the encrypted stream
     * @param key {@value SecretStream#KEY_LENGTH} bytes; not kept (only the derived subkey is)
     * @throws IOException if reading the header fails or the input ends inside it
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code key} is not 32 bytes
     */
    public SecretStreamInputStream(InputStream in, byte[] key) throws IOException {
        this.in = Objects.requireNonNull(in, "in");
        Objects.requireNonNull(key, "key");
        this.reader = new SecretStreamReader(in::read, key);
    }

    /**
     * Reads one byte.
     *
     * @return the byte, 0..255, or -1 after the authenticated final chunk
     * @throws IOException if the input is not authentic, truncated or continues after its end, or reading fails
     */
    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    /**
     * Reads up to {@code len} bytes into {@code b} from {@code off}.
     *
     * @param b where the plaintext goes
     * @param off where in {@code b}
     * @param len at most this many bytes
     * @return the count read, or -1 after the authenticated final chunk
     * @throws IOException if the input is not authentic, truncated or continues after its end, or reading fails
     * @throws IndexOutOfBoundsException if the range lies outside {@code b}
     */
    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (closed) {
            throw new IOException("secret stream input is closed");
        }
        return reader.read(b, off, len);
    }

    /**
     * Writes the rest of the plaintext to {@code out}, each chunk as soon as it is authenticated (straight from the
     * chunk buffer, without an intermediate copy).
     *
     * @param out where the plaintext goes
     * @return the bytes written
     * @throws IOException if the input is not authentic, truncated or continues after its end, or reading or
     *         writing fails; what was written before came from authentic chunks
     * @throws NullPointerException if {@code out} is null
     */
    @Override
    public long transferTo(java.io.OutputStream out) throws IOException {
        Objects.requireNonNull(out, "out");
        if (closed) {
            throw new IOException("secret stream input is closed");
        }
        return reader.transferTo(out);
    }

    /**
     * Plaintext bytes readable without blocking; this stream reads and authenticates a chunk only in
     * {@code read}, so it reports none.
     *
     * @return 0
     * @throws IOException if the stream is closed
     */
    @Override
    public int available() throws IOException {
        if (closed) {
            throw new IOException("secret stream input is closed");
        }
        return 0;
    }

    /**
     * Wipes the key material and buffered plaintext and closes the underlying stream. Idempotent.
     *
     * @throws IOException if closing the underlying stream fails
     */
    @Override
    public void close() throws IOException {
        if (!closed) {
            closed = true;
            reader.close();
            in.close();
        }
    }
}
