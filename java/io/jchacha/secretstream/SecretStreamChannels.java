// SPDX-License-Identifier: Apache-2.0
package io.jchacha.secretstream;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Objects;

/**
 * Channel adapters for the secret stream file format, with the same behaviour as
 * {@link SecretStreamOutputStream} and {@link SecretStreamInputStream}: bounded memory, chunks released only once
 * authenticated, truncation and trailing data as {@link IOException}s. The underlying channels must be blocking
 * (a non-blocking channel that reads or writes nothing is refused with an {@link IOException}).
 */
public final class SecretStreamChannels {
    private SecretStreamChannels() {}

    /**
     * A channel that encrypts what is written to it into {@code out}; the header is written at once.
     * {@code close()} writes the final chunk, wipes the key material and closes {@code out}.
     *
     * @param out where the encrypted stream goes
     * @param key {@value SecretStream#KEY_LENGTH} bytes; not kept (only the derived subkey is)
     * @return the encrypting channel; not thread-safe
     * @throws IOException if writing the header fails
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code key} is not 32 bytes
     */
    public static WritableByteChannel newWritableChannel(WritableByteChannel out, byte[] key) throws IOException {
        Objects.requireNonNull(out, "out");
        return new Writable(out, key);
    }

    /**
     * A channel that decrypts {@code in}; the header is read at once. It returns -1 only after the final chunk
     * was authenticated.
     *
     * @param in the encrypted stream
     * @param key {@value SecretStream#KEY_LENGTH} bytes; not kept (only the derived subkey is)
     * @return the decrypting channel; not thread-safe
     * @throws IOException if reading the header fails or the input ends inside it
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code key} is not 32 bytes
     */
    public static ReadableByteChannel newReadableChannel(ReadableByteChannel in, byte[] key) throws IOException {
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(key, "key");
        return new Readable(in, key);
    }

    private static void writeFully(WritableByteChannel ch, byte[] b, int off, int len) throws IOException {
        ByteBuffer buf = ByteBuffer.wrap(b, off, len);
        while (buf.hasRemaining()) {
            if (ch.write(buf) == 0) {
                throw new IOException("the underlying channel wrote nothing (non-blocking channels are not supported)");
            }
        }
    }

    private static final class Writable implements WritableByteChannel {
        private final WritableByteChannel out;
        private final SecretStreamWriter writer;
        private final byte[] copy = new byte[8192];
        private boolean open = true;

        Writable(WritableByteChannel out, byte[] key) throws IOException {
            this.out = out;
            this.writer = new SecretStreamWriter((b, off, len) -> writeFully(out, b, off, len), key);
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            if (!open) {
                throw new ClosedChannelException();
            }
            int n = src.remaining();
            if (src.hasArray()) {
                writer.write(src.array(), src.arrayOffset() + src.position(), n);
                src.position(src.limit());
                return n;
            }
            while (src.hasRemaining()) {
                int k = Math.min(copy.length, src.remaining());
                src.get(copy, 0, k);
                writer.write(copy, 0, k);
            }
            java.util.Arrays.fill(copy, (byte) 0);
            return n;
        }

        @Override
        public boolean isOpen() {
            return open;
        }

        @Override
        public void close() throws IOException {
            if (!open) {
                return;
            }
            open = false;
            try (WritableByteChannel o = out) {
                writer.finish();
            } finally {
                writer.abandon();
            }
        }
    }

    private static final class Readable implements ReadableByteChannel {
        private final ReadableByteChannel in;
        private final SecretStreamReader reader;
        private final byte[] copy = new byte[8192];
        private boolean open = true;

        Readable(ReadableByteChannel in, byte[] key) throws IOException {
            this.in = in;
            this.reader = new SecretStreamReader(
                    (b, off, len) -> {
                        int n = in.read(ByteBuffer.wrap(b, off, len));
                        if (n == 0) {
                            throw new IOException("the underlying channel read nothing (non-blocking channels are not"
                                    + " supported)");
                        }
                        return n;
                    },
                    key);
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            if (!open) {
                throw new ClosedChannelException();
            }
            if (!dst.hasRemaining()) {
                return 0;
            }
            if (dst.hasArray()) {
                int n = reader.read(dst.array(), dst.arrayOffset() + dst.position(), dst.remaining());
                if (n > 0) {
                    dst.position(dst.position() + n);
                }
                return n;
            }
            int n = reader.read(copy, 0, Math.min(copy.length, dst.remaining()));
            if (n > 0) {
                dst.put(copy, 0, n);
                java.util.Arrays.fill(copy, 0, n, (byte) 0);
            }
            return n;
        }

        @Override
        public boolean isOpen() {
            return open;
        }

        @Override
        public void close() throws IOException {
            if (open) {
                open = false;
                reader.close();
                in.close();
            }
        }
    }
}
