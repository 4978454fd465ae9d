// SPDX-License-Identifier: Apache-2.0
package io.jchacha.secretstream;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;

/**
 * Encrypts everything written to it into the secret stream file format (see docs/CLI.md): the header, then
 * chunks of 65,536 plaintext bytes sealed with {@link SecretStream#TAG_MESSAGE}, then a last chunk of 0 to
 * 65,536 bytes sealed with {@link SecretStream#TAG_FINAL}, with no other framing, so that libsodium programs
 * read it with a 65,536-byte loop. Memory stays bounded (one chunk).
 *
 * <p>{@link #close()} writes the final chunk, wipes the key material and closes the underlying stream; a
 * stream that is never closed is, to a reader, truncated. {@link #flush()} flushes the underlying stream but
 * cannot emit a partial chunk. After an {@link IOException} from the underlying stream every later call fails.
 * Not thread-safe.
 */
public final class SecretStreamOutputStream extends OutputStream {
    private final OutputStream out;
    private final SecretStreamWriter writer;
    private boolean closed;

    /**
     * Starts a stream under {@code key} with a fresh random header, which is written to {@code out} at once.
     *
     * @param out where the encrypted stream goes
     * @param key {@value SecretStream#KEY_LENGTH} bytes; not kept (only the derived subkey is)
     * @throws IOException if writing the header fails
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code key} is not 32 bytes
     */
    public SecretStreamOutputStream(OutputStream out, byte[] key) throws IOException {
        this.out = Objects.requireNonNull(out, "out");
        this.writer = new SecretStreamWriter(out::write, key);
    }

    /**
     * Writes one byte.
     *
     * @param b the byte (the low 8 bits)
     * @throws IOException if the underlying stream fails, or this stream is closed or failed earlier
     */
    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    /**
     * Writes {@code len} bytes of {@code b} from {@code off}.
     *
     * @param b the bytes
     * @param off where they start
     * @param len how many
     * @throws IOException if the underlying stream fails, or this stream is closed or failed earlier
     * @throws IndexOutOfBoundsException if the range lies outside {@code b}
     */
    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        writer.write(b, off, len);
    }

    /**
     * Encrypts everything {@code in} holds, reading it to its end straight into the chunk buffer (one copy fewer
     * than {@code in.transferTo(this)}). The stream stays open: {@link #close()} still writes the final chunk.
     *
     * @param in the plaintext source
     * @return the bytes read from {@code in}
     * @throws IOException if reading or writing fails, or this stream is closed or failed earlier
     * @throws NullPointerException if {@code in} is null
     */
    public long transferFrom(InputStream in) throws IOException {
        Objects.requireNonNull(in, "in");
        return writer.writeFrom(in);
    }

    /**
     * Flushes the underlying stream (the current partial chunk stays buffered until it is full or closed).
     *
     * @throws IOException if the underlying stream fails
     */
    @Override
    public void flush() throws IOException {
        out.flush();
    }

    /**
     * Writes the final chunk, wipes the key material and closes the underlying stream. Idempotent.
     *
     * @throws IOException if the underlying stream fails (it is closed all the same)
     */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try (OutputStream o = out) {
            writer.finish();
            o.flush();
        } finally {
            writer.abandon();
        }
    }
}
