// SPDX-License-Identifier: Apache-2.0
package io.jchacha.secretstream;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The file format's writing side, over any byte sink: header, then chunks of exactly {@link #CHUNK} plaintext
 * bytes sealed with TAG_MESSAGE, then one last chunk of 0..{@link #CHUNK} bytes sealed with TAG_FINAL. A full
 * chunk is sealed only once the next byte arrives (only then is it known not to be the last). Memory: one frame.
 */
final class SecretStreamWriter {
    static final int CHUNK = 65536;

    /** Where sealed bytes go. */
    interface Sink {
        void write(byte[] b, int off, int len) throws IOException;
    }

    private final Sink sink;
    private final SecretStreamPush push;
    private final byte[] frame = new byte[CHUNK + SecretStreamCore.FRAME_EXTRA];
    private int fill;
    private boolean finished;
    private IOException failure;

    SecretStreamWriter(Sink sink, byte[] key) throws IOException {
        this.sink = sink;
        this.push = new SecretStreamPush(key);
        write(push.header());
    }

    private void write(byte[] b) throws IOException {
        try {
            sink.write(b, 0, b.length);
        } catch (IOException e) {
            fail(e);
            throw e;
        }
    }

    private void check() throws IOException {
        if (failure != null) {
            throw new IOException("secret stream output failed earlier: " + failure.getMessage(), failure);
        }
        if (finished) {
            throw new IOException("secret stream output is closed");
        }
    }

    private void fail(IOException e) {
        failure = e;
        push.close();
        Arrays.fill(frame, (byte) 0);
    }

    /** Takes {@code len} plaintext bytes, sealing and writing each chunk once it is known not to be the last. */
    void write(byte[] b, int off, int len) throws IOException {
        check();
        while (len > 0) {
            if (fill == CHUNK) {
                emit(SecretStream.TAG_MESSAGE);
            }
            int n = Math.min(len, CHUNK - fill);
            System.arraycopy(b, off, frame, SecretStreamCore.BLOCK + fill, n);
            fill += n;
            off += n;
            len -= n;
        }
    }

    /**
     * Reads {@code in} to its end straight into the chunk frame (no intermediate copy), sealing each chunk once a
     * byte beyond it has arrived; returns the bytes read.
     */
    long writeFrom(InputStream in) throws IOException {
        check();
        long total = 0;
        while (true) {
            if (fill == CHUNK) {
                int next = in.read();
                if (next < 0) {
                    return total;
                }
                emit(SecretStream.TAG_MESSAGE);
                frame[SecretStreamCore.BLOCK] = (byte) next;
                fill = 1;
                total++;
            }
            int n = in.read(frame, SecretStreamCore.BLOCK + fill, CHUNK - fill);
            if (n < 0) {
                return total;
            }
            fill += n;
            total += n;
        }
    }

    private void emit(int tag) throws IOException {
        push.sealFrame(frame, fill, tag);
        try {
            sink.write(frame, SecretStreamCore.WIRE, fill + SecretStream.OVERHEAD);
        } catch (IOException e) {
            fail(e);
            throw e;
        }
        fill = 0;
    }

    /** Seals the last chunk with TAG_FINAL and wipes the key; idempotent. */
    void finish() throws IOException {
        if (finished) {
            return;
        }
        check();
        emit(SecretStream.TAG_FINAL);
        finished = true;
        push.close();
        Arrays.fill(frame, (byte) 0);
    }

    /** Drops the stream without a FINAL chunk (the reader will see it as truncated) and wipes the key. */
    void abandon() {
        finished = true;
        push.close();
        Arrays.fill(frame, (byte) 0);
    }
}
