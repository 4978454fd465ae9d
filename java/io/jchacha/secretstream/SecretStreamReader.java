// SPDX-License-Identifier: Apache-2.0
package io.jchacha.secretstream;

import java.io.EOFException;
import java.io.IOException;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;

/**
 * The file format's reading side, over any byte source: reads the header, then one chunk at a time, and releases
 * a chunk's plaintext only after the chunk was authenticated. A short chunk must be the FINAL one; input that
 * ends before a FINAL chunk, continues after it, or carries another tag is an {@link IOException}, never a
 * silent short read. After any failure every later call throws again. Memory: one frame.
 */
final class SecretStreamReader {
    static final int CHUNK = SecretStreamWriter.CHUNK;
    private static final int WIRE_CHUNK = CHUNK + SecretStream.OVERHEAD;

    /** Where sealed bytes come from; -1 at end of input, else at least one byte read. */
    interface Source {
        int read(byte[] b, int off, int len) throws IOException;
    }

    private final Source source;
    private final SecretStreamPull pull;
    private final byte[] frame = new byte[CHUNK + SecretStreamCore.FRAME_EXTRA];
    /** Plaintext of the current chunk lies at frame[BLOCK + pos .. BLOCK + end). */
    private int pos;

    private int end;
    private long chunks;
    private boolean done;
    private IOException failure;

    SecretStreamReader(Source source, byte[] key) throws IOException {
        this.source = source;
        byte[] header = new byte[SecretStream.HEADER_LENGTH];
        if (readFully(header, 0, header.length) != header.length) {
            throw new EOFException("input ends inside the " + SecretStream.HEADER_LENGTH + "-byte header");
        }
        this.pull = new SecretStreamPull(key, header);
    }

    /** Reads until {@code len} bytes or the end of input; returns the count. */
    private int readFully(byte[] b, int off, int len) throws IOException {
        int got = 0;
        while (got < len) {
            int n = source.read(b, off + got, len - got);
            if (n < 0) {
                break;
            }
            got += n;
        }
        return got;
    }

    private IOException fail(IOException e) {
        failure = e;
        pull.close();
        Arrays.fill(frame, (byte) 0);
        return e;
    }

    /**
     * Plaintext bytes available now in the current chunk, reading and authenticating the next chunk when the
     * current one is used up; 0 only at the authenticated end of the stream.
     */
    int available() throws IOException {
        if (failure != null) {
            throw new IOException(failure.getMessage(), failure);
        }
        while (pos == end && !done) {
            nextChunk();
        }
        return end - pos;
    }

    private void nextChunk() throws IOException {
        int n = readFully(frame, SecretStreamCore.WIRE, WIRE_CHUNK);
        chunks++;
        if (n < SecretStream.OVERHEAD) {
            throw fail(new EOFException("encrypted input is truncated: it ends before its final chunk"
                    + (n == 0 ? "" : " (" + n + " stray bytes)")));
        }
        int mlen = n - SecretStream.OVERHEAD;
        int tag;
        try {
            tag = pull.openFrame(frame, mlen);
        } catch (AEADBadTagException e) {
            throw fail(new IOException(
                    "chunk " + chunks + " is not authentic: wrong key, or the data was truncated,"
                            + " altered, reordered or spliced from another stream",
                    e));
        }
        if (tag == SecretStream.TAG_FINAL) {
            done = true;
            byte[] one = new byte[1];
            if (n == WIRE_CHUNK && readFully(one, 0, 1) > 0) {
                throw fail(new IOException("data follows the final chunk"));
            }
            pull.close();
        } else if (tag != SecretStream.TAG_MESSAGE) {
            throw fail(new IOException(
                    "chunk " + chunks + " has tag " + tag + "; this format uses only MESSAGE" + " and FINAL"));
        } else if (n < WIRE_CHUNK) {
            throw fail(new EOFException("encrypted input is truncated: a short chunk is not marked final"));
        }
        pos = 0;
        end = mlen;
    }

    /** Copies up to {@code len} plaintext bytes; -1 at the authenticated end. */
    int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        int avail = available();
        if (avail == 0) {
            return -1;
        }
        int n = Math.min(avail, len);
        System.arraycopy(frame, SecretStreamCore.BLOCK + pos, b, off, n);
        pos += n;
        return n;
    }

    /** Writes every remaining plaintext byte to {@code out}, each chunk straight from the frame once authenticated. */
    long transferTo(java.io.OutputStream out) throws IOException {
        long total = 0;
        int avail;
        while ((avail = available()) > 0) {
            out.write(frame, SecretStreamCore.BLOCK + pos, avail);
            pos += avail;
            total += avail;
        }
        return total;
    }

    void close() {
        done = true;
        pull.close();
        Arrays.fill(frame, (byte) 0);
        pos = end = 0;
    }
}
