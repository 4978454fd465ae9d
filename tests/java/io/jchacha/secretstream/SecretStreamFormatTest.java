// SPDX-License-Identifier: Apache-2.0
package io.jchacha.secretstream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jchacha.TestSupport;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Arrays;
import java.util.Random;
import javax.crypto.AEADBadTagException;
import org.junit.jupiter.api.Test;

/**
 * The file format (header, 65,536-byte MESSAGE chunks, a FINAL last chunk) through the stream and channel
 * adapters: sizes around multiples of 65,536, libsodium's own 65,536-byte loop both ways, and every way the
 * input can be cut, extended, altered or re-tagged.
 */
class SecretStreamFormatTest {
    static final int C = 65536;
    static final int[] SIZES = {0, 1, C - 1, C, C + 1, 2 * C - 1, 2 * C, 2 * C + 1, 3 * C, 3 * C + 17};
    static final Random R = new Random(7);

    static byte[] encrypt(byte[] key, byte[] data, int writeSize) throws IOException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (OutputStream os = new SecretStreamOutputStream(bos, key)) {
            for (int off = 0; off < data.length; off += writeSize) {
                os.write(data, off, Math.min(writeSize, data.length - off));
            }
        }
        return bos.toByteArray();
    }

    static byte[] decrypt(byte[] key, byte[] enc) throws IOException {
        try (InputStream is = new SecretStreamInputStream(new ByteArrayInputStream(enc), key)) {
            return is.readAllBytes();
        }
    }

    static long expectedLength(int n) {
        int chunks = n == 0 ? 1 : (n + C - 1) / C;
        return SecretStream.HEADER_LENGTH + (long) n + (long) chunks * SecretStream.OVERHEAD;
    }

    @Test
    void streamsRoundTripAtEverySizeAndChunking() throws IOException {
        byte[] key = SecretStream.generateKey();
        int[] writes = {1 << 20, 1000, C, 7919};
        int i = 0;
        for (int n : SIZES) {
            byte[] data = TestSupport.random(R, n);
            byte[] enc = encrypt(key, data, writes[i++ % writes.length]);
            assertEquals(expectedLength(n), enc.length, n + " bytes");
            assertArrayEquals(data, decrypt(key, enc), n + " bytes");
        }
        byte[] one = TestSupport.random(R, 3);
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (OutputStream os = new SecretStreamOutputStream(bos, key)) {
            for (byte b : one) {
                os.write(b);
            }
        }
        try (InputStream is = new SecretStreamInputStream(new ByteArrayInputStream(bos.toByteArray()), key)) {
            assertEquals(one[0] & 0xff, is.read());
            assertEquals(one[1] & 0xff, is.read());
            assertEquals(one[2] & 0xff, is.read());
            assertEquals(-1, is.read());
        }
    }

    @Test
    void channelsRoundTripWithHeapAndDirectBuffers() throws IOException {
        byte[] key = SecretStream.generateKey();
        for (int n : new int[] {0, C - 1, C, 2 * C + 5}) {
            byte[] data = TestSupport.random(R, n);
            ByteArrayOutputStream bos = new ByteArrayOutputStream();
            try (WritableByteChannel ch = SecretStreamChannels.newWritableChannel(Channels.newChannel(bos), key)) {
                ByteBuffer src = ByteBuffer.allocateDirect(n);
                src.put(data).flip();
                while (src.hasRemaining()) {
                    ByteBuffer part = src.slice();
                    part.limit(Math.min(part.remaining(), 30000));
                    src.position(src.position() + ch.write(part));
                }
            }
            assertArrayEquals(data, decrypt(key, bos.toByteArray()));
            byte[] enc = encrypt(key, data, 4096);
            for (boolean direct : new boolean[] {false, true}) {
                ByteArrayOutputStream got = new ByteArrayOutputStream();
                try (ReadableByteChannel ch = SecretStreamChannels.newReadableChannel(
                        Channels.newChannel(new ByteArrayInputStream(enc)), key)) {
                    ByteBuffer buf = direct ? ByteBuffer.allocateDirect(5000) : ByteBuffer.allocate(5000);
                    while (ch.read(buf.clear()) >= 0) {
                        buf.flip();
                        byte[] b = new byte[buf.remaining()];
                        buf.get(b);
                        got.write(b);
                    }
                }
                assertArrayEquals(data, got.toByteArray());
            }
        }
    }

    @Test
    void libsodiumLoopReadsAndWritesTheFormat() throws IOException {
        byte[] key = SecretStream.generateKey();
        for (int n : SIZES) {
            byte[] data = TestSupport.random(R, n);
            String what = n + " bytes";
            Libsodium.Decrypted res = Libsodium.decryptFile(key, encrypt(key, data, 10000));
            assertNull(res.failure(), what + ": " + res.failure());
            assertArrayEquals(data, res.plain(), what);
            byte[] theirs = Libsodium.encryptFile(key, data);
            assertEquals(expectedLength(n), theirs.length, what);
            assertArrayEquals(data, decrypt(key, theirs), what);
        }
    }

    /** Reads as much as the stream releases; returns it and the exception that ended the read. */
    record Partial(byte[] released, IOException failure) {}

    static Partial readUntilFailure(byte[] key, byte[] enc) {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        try (InputStream is = new SecretStreamInputStream(new ByteArrayInputStream(enc), key)) {
            byte[] buf = new byte[10000];
            int n;
            while ((n = is.read(buf)) >= 0) {
                got.write(buf, 0, n);
            }
        } catch (IOException e) {
            return new Partial(got.toByteArray(), e);
        }
        throw new AssertionError("read to the end without an error");
    }

    /** Exactly the authentic chunks before {@code badChunk} were released, and later reads keep failing. */
    static IOException expectFailure(byte[] key, byte[] enc, byte[] data, int badChunk) {
        Partial p = readUntilFailure(key, enc);
        assertArrayEquals(
                Arrays.copyOf(data, Math.min(data.length, badChunk * C)),
                p.released(),
                "released only authentic chunks before chunk " + badChunk);
        return p.failure();
    }

    static int chunkStart(int i) {
        return SecretStream.HEADER_LENGTH + i * (C + SecretStream.OVERHEAD);
    }

    static byte[] cat(byte[]... parts) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            b.writeBytes(p);
        }
        return b.toByteArray();
    }

    @Test
    void alteredDroppedDuplicatedSwappedAndSplicedChunksFail() throws IOException {
        byte[] key = SecretStream.generateKey();
        byte[] data = TestSupport.random(R, 3 * C + 100);
        byte[] enc = encrypt(key, data, C);
        byte[] h = Arrays.copyOf(enc, chunkStart(0));
        byte[][] ch = new byte[4][];
        for (int i = 0; i < 4; i++) {
            ch[i] = Arrays.copyOfRange(enc, chunkStart(i), Math.min(enc.length, chunkStart(i + 1)));
        }
        for (int i = 0; i < 4; i++) {
            byte[] bad = enc.clone();
            bad[chunkStart(i) + 1 + (i * 4999) % (ch[i].length - 1)] ^= 4;
            IOException e = expectFailure(key, bad, data, i);
            assertInstanceOf(AEADBadTagException.class, e.getCause(), e.toString());
        }
        expectFailure(key, cat(h, ch[0], ch[2], ch[3]), data, 1);
        expectFailure(key, cat(h, ch[0], ch[0], ch[1], ch[2], ch[3]), data, 1);
        expectFailure(key, cat(h, ch[1], ch[0], ch[2], ch[3]), data, 0);
        byte[] other = encrypt(key, data, C);
        byte[] spliced = enc.clone();
        System.arraycopy(other, chunkStart(2), spliced, chunkStart(2), C + SecretStream.OVERHEAD);
        expectFailure(key, spliced, data, 2);
        expectFailure(SecretStream.generateKey(), enc, data, 0);
    }

    @Test
    void truncationAndTrailingDataFail() throws IOException {
        byte[] key = SecretStream.generateKey();
        byte[] data = TestSupport.random(R, 2 * C);
        byte[] enc = encrypt(key, data, C);
        // cut at a chunk boundary: the reader sees the end before a FINAL chunk
        assertInstanceOf(EOFException.class, expectFailure(key, Arrays.copyOf(enc, chunkStart(1)), data, 1));
        for (int cut : new int[] {1, 16, 17, 18, C}) {
            expectFailure(key, Arrays.copyOf(enc, enc.length - cut), data, 1);
        }
        assertThrows(EOFException.class, () -> decrypt(key, Arrays.copyOf(enc, 10)));
        assertThrows(EOFException.class, () -> decrypt(key, new byte[0]));
        // a full FINAL chunk followed by more data: that chunk is withheld too
        expectFailure(key, cat(enc, new byte[1]), data, 1);
        byte[] empty = encrypt(key, new byte[0], 1);
        assertEquals(SecretStream.HEADER_LENGTH + SecretStream.OVERHEAD, empty.length);
        Partial p = readUntilFailure(key, cat(empty, new byte[] {0}));
        assertEquals(0, p.released().length);
    }

    /** Streams built by hand with push: a short MESSAGE chunk, a PUSH or REKEY tag, a FINAL then more. */
    @Test
    void chunksTheFormatDoesNotAllowFail() throws Exception {
        byte[] key = SecretStream.generateKey();
        int[][] streams = {
            {100, SecretStream.TAG_MESSAGE, 5, SecretStream.TAG_FINAL},
            {C, SecretStream.TAG_PUSH, 5, SecretStream.TAG_FINAL},
            {C, SecretStream.TAG_REKEY, 5, SecretStream.TAG_FINAL},
            {5, SecretStream.TAG_FINAL, 5, SecretStream.TAG_FINAL},
            {C, SecretStream.TAG_MESSAGE, C, SecretStream.TAG_MESSAGE},
        };
        for (int[] s : streams) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            byte[] data = TestSupport.random(R, s[0] + s[2]);
            try (SecretStreamPush p = new SecretStreamPush(key)) {
                b.writeBytes(p.header());
                b.writeBytes(p.push(Arrays.copyOf(data, s[0]), null, s[1]));
                b.writeBytes(p.push(Arrays.copyOfRange(data, s[0], data.length), null, s[3]));
            }
            Partial got = readUntilFailure(key, b.toByteArray());
            boolean firstOk = s[1] == SecretStream.TAG_MESSAGE && s[0] == C;
            int okChunks = !firstOk ? 0 : s[3] == SecretStream.TAG_MESSAGE && s[2] == C ? 2 : 1;
            assertArrayEquals(Arrays.copyOf(data, okChunks * C), got.released(), Arrays.toString(s));
        }
    }

    /** An input that hands out at most {@code step} bytes per read, as pipes do. */
    static InputStream trickle(byte[] data, int step) {
        return new ByteArrayInputStream(data) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, step));
            }
        };
    }

    @Test
    void transferFromAndTransferToAtEverySize() throws IOException {
        byte[] key = SecretStream.generateKey();
        int[] steps = {C, 1000, 1, 40000};
        int i = 0;
        for (int n : SIZES) {
            byte[] data = TestSupport.random(R, n);
            ByteArrayOutputStream bos = new ByteArrayOutputStream();
            try (SecretStreamOutputStream os = new SecretStreamOutputStream(bos, key)) {
                int split = Math.min(n, 3);
                os.write(data, 0, split);
                assertEquals(n - split, os.transferFrom(trickle(Arrays.copyOfRange(data, split, n), steps[i++ % 4])));
            }
            byte[] enc = bos.toByteArray();
            assertEquals(expectedLength(n), enc.length, n + " bytes");
            assertArrayEquals(data, decrypt(key, enc), n + " bytes");
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            try (InputStream is = new SecretStreamInputStream(trickle(enc, 7777), key)) {
                assertEquals(n, is.transferTo(got));
            }
            assertArrayEquals(data, got.toByteArray(), n + " bytes");
        }
        byte[] data = TestSupport.random(R, 2 * C + 9);
        byte[] bad = encrypt(key, data, C);
        bad[chunkStart(1) + 5] ^= 1;
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        try (InputStream is = new SecretStreamInputStream(new ByteArrayInputStream(bad), key)) {
            assertThrows(IOException.class, () -> is.transferTo(got));
        }
        assertArrayEquals(Arrays.copyOf(data, C), got.toByteArray(), "only the authentic first chunk");
    }
}
