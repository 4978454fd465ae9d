// SPDX-License-Identifier: Apache-2.0
package io.jchacha.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Reads its source on a daemon thread, a few 1 MiB blocks ahead of the consumer, so that the system calls and
 * the kernel's copies of reading overlap the encryption or decryption on another core (the secret stream itself
 * is sequential). Memory: {@link #DEPTH} + 1 blocks. A read error reaches the consumer in order, after the bytes
 * read before it.
 */
final class ReadAhead extends InputStream {
    static final int BLOCK = 1 << 20;
    static final int DEPTH = 2;

    /** A filled block; {@code n < 0} marks the end, with {@code error} set if reading failed. */
    private record Block(byte[] buf, int n, IOException error) {}

    private final InputStream src;
    private final BlockingQueue<byte[]> free = new ArrayBlockingQueue<>(DEPTH + 1);
    private final BlockingQueue<Block> full = new ArrayBlockingQueue<>(DEPTH + 1);
    private final Thread reader;
    private Block current;
    private int pos;
    private boolean ended;

    ReadAhead(InputStream src) {
        this.src = src;
        for (int i = 0; i < DEPTH + 1; i++) {
            free.add(new byte[BLOCK]);
        }
        reader = new Thread(this::fill, "jchacha-read-ahead");
        reader.setDaemon(true);
        reader.start();
    }

    private void fill() {
        try {
            while (true) {
                byte[] buf = free.take();
                int n;
                try {
                    n = src.readNBytes(buf, 0, buf.length);
                } catch (IOException e) {
                    full.put(new Block(null, -1, e));
                    return;
                }
                if (n > 0) {
                    full.put(new Block(buf, n, null));
                }
                if (n < buf.length) {
                    full.put(new Block(null, -1, null));
                    return;
                }
            }
        } catch (InterruptedException e) {
            // closed
        }
    }

    /** The block with unread bytes, or null at the end. */
    private Block block() throws IOException {
        if (ended) {
            return null;
        }
        if (current != null && pos < current.n()) {
            return current;
        }
        if (current != null) {
            free.add(current.buf());
            current = null;
        }
        Block b;
        try {
            b = full.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading");
        }
        if (b.n() < 0) {
            ended = true;
            if (b.error() != null) {
                throw new IOException(b.error().getMessage(), b.error());
            }
            return null;
        }
        current = b;
        pos = 0;
        return b;
    }

    @Override
    public int read() throws IOException {
        Block b = block();
        return b == null ? -1 : b.buf()[pos++] & 0xff;
    }

    @Override
    public int read(byte[] dst, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, dst.length);
        if (len == 0) {
            return 0;
        }
        Block b = block();
        if (b == null) {
            return -1;
        }
        int n = Math.min(len, b.n() - pos);
        System.arraycopy(b.buf(), pos, dst, off, n);
        pos += n;
        return n;
    }

    /** Stops the reader thread, wipes the blocks and closes the source. */
    @Override
    public void close() throws IOException {
        reader.interrupt();
        ended = true;
        if (current != null) {
            Arrays.fill(current.buf(), (byte) 0);
        }
        for (byte[] b : free) {
            Arrays.fill(b, (byte) 0);
        }
        src.close();
    }
}
