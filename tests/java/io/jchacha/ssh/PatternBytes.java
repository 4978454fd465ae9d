// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.SplittableRandom;

/**
 * The transfers' data: the bytes a seed gives, made and checked a chunk at a time (64 MiB is never held whole).
 * Independent of the library, so a keystream bug cannot hide in both the data and the cipher.
 */
final class PatternBytes {
    static final int CHUNK = 64 * 1024;

    private final SplittableRandom random;
    private long word;
    private int left;

    PatternBytes(long seed) {
        random = new SplittableRandom(seed);
    }

    void fill(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            if (left == 0) {
                word = random.nextLong();
                left = 8;
            }
            b[i] = (byte) word;
            word >>>= 8;
            left--;
        }
    }

    /** Writes the first n bytes of seed's stream to out. */
    static void write(long seed, long n, OutputStream out) throws IOException {
        PatternBytes p = new PatternBytes(seed);
        byte[] buf = new byte[CHUNK];
        for (long done = 0; done < n; ) {
            int len = (int) Math.min(buf.length, n - done);
            p.fill(buf, 0, len);
            out.write(buf, 0, len);
            done += len;
        }
        out.flush();
    }

    /**
     * Reads in to its end (or to an IOException, which the result keeps: a connection cut under a reader) and compares
     * what came with seed's stream.
     */
    static Result check(long seed, InputStream in) {
        PatternBytes p = new PatternBytes(seed);
        byte[] got = new byte[CHUNK];
        byte[] want = new byte[CHUNK];
        long count = 0;
        long firstMismatch = -1;
        try {
            for (int n; (n = in.read(got)) > 0; ) {
                if (firstMismatch < 0) {
                    p.fill(want, 0, n);
                    int m = java.util.Arrays.mismatch(got, 0, n, want, 0, n);
                    if (m >= 0) {
                        firstMismatch = count + m;
                    }
                }
                count += n;
            }
        } catch (IOException e) {
            return new Result(count, firstMismatch, e);
        }
        return new Result(count, firstMismatch, null);
    }

    /** Bytes read, the offset of the first that differs from the pattern (-1: none), and how reading failed. */
    record Result(long count, long firstMismatch, IOException failure) {
        void assertExactly(long n, String what) {
            if (firstMismatch >= 0 || count != n || failure != null) {
                throw new AssertionError(
                        what + ": expected the pattern's " + n + " bytes, got " + count
                                + (firstMismatch >= 0
                                        ? ", first wrong byte at " + firstMismatch
                                        : " (all of them right)"),
                        failure);
            }
        }
    }

    /** The SHA-256 of seed's first n bytes, in hex (what the sink command answers). */
    static String sha256(long seed, long n) {
        MessageDigest md = sha256();
        try {
            write(seed, n, new DigestOutputStream(OutputStream.nullOutputStream(), md));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return HexFormat.of().formatHex(md.digest());
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
