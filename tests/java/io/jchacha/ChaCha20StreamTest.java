// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static io.jchacha.TestSupport.bouncy;
import static io.jchacha.TestSupport.random;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jchacha.internal.Bytes;
import io.jchacha.internal.ChaChaBlock;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The stream API against independent implementations (BouncyCastle, SunJCE) and the scalar reference block
 * function, on whatever backend {@code -Djchacha.backend} selects for this run.
 */
class ChaCha20StreamTest {
    static final int MAX_LEN = 4160;

    static java.util.stream.Stream<Arguments> configs() {
        java.util.stream.Stream.Builder<Arguments> b = java.util.stream.Stream.builder();
        for (ChaCha20.Variant v : ChaCha20.Variant.values()) {
            for (int rounds : new int[] {20, 12, 8}) {
                b.add(Arguments.of(v, rounds));
            }
        }
        return b.build();
    }

    /** Keystream from the scalar reference block function, block by block. */
    static byte[] reference(ChaCha20.Variant v, byte[] key, byte[] nonce, long counter, int rounds, int len) {
        int[] s = new int[16];
        s[0] = ChaChaBlock.C0;
        s[1] = ChaChaBlock.C1;
        s[2] = ChaChaBlock.C2;
        s[3] = ChaChaBlock.C3;
        int[] k = Bytes.toWords(key, 0, 8);
        if (v == ChaCha20.Variant.XCHACHA20) {
            k = ChaChaBlock.hchacha(k, Bytes.toWords(nonce, 0, 4), rounds);
        }
        System.arraycopy(k, 0, s, 4, 8);
        if (v == ChaCha20.Variant.IETF) {
            System.arraycopy(Bytes.toWords(nonce, 0, 3), 0, s, 13, 3);
        } else {
            System.arraycopy(Bytes.toWords(nonce, nonce.length - 8, 2), 0, s, 14, 2);
        }
        byte[] out = new byte[len];
        int[] w = new int[16];
        for (int off = 0; off < len; off += 64, counter++) {
            s[12] = (int) counter;
            if (v != ChaCha20.Variant.IETF) {
                s[13] = (int) (counter >>> 32);
            }
            ChaChaBlock.keystreamBlock(s, rounds, w);
            byte[] blk = Bytes.toBytes(w);
            System.arraycopy(blk, 0, out, off, Math.min(64, len - off));
        }
        return out;
    }

    @ParameterizedTest(name = "{0} {1} rounds")
    @MethodSource("configs")
    void everyLengthMatchesIndependentImplementations(ChaCha20.Variant v, int rounds) {
        Random r = new Random(v.ordinal() * 31 + rounds);
        byte[] key = random(r, 32);
        byte[] nonce = random(r, v.nonceLength());
        byte[] msg = random(r, MAX_LEN);
        byte[] ref = reference(v, key, nonce, 0, rounds, MAX_LEN);
        byte[] bc = bouncy(v, key, nonce, 0, rounds, msg);
        for (int len = 0; len <= MAX_LEN; len++) {
            byte[] in = Arrays.copyOf(msg, len);
            byte[] out = ChaCha20.newInstance(v, key, nonce, 0, rounds).update(in);
            for (int i = 0; i < len; i++) {
                if (out[i] != (byte) (msg[i] ^ ref[i])) {
                    throw new AssertionError(
                            v + "/" + rounds + " len " + len + ": byte " + i + " differs from reference");
                }
                if (bc != null && out[i] != bc[i]) {
                    throw new AssertionError(
                            v + "/" + rounds + " len " + len + ": byte " + i + " differs from BouncyCastle");
                }
            }
        }
    }

    @Test
    void ietfMatchesSunJce() throws Exception {
        Random r = new Random(7);
        for (int len = 0; len <= MAX_LEN; len += (len < 300 ? 1 : 37)) {
            byte[] key = random(r, 32);
            byte[] nonce = random(r, 12);
            int counter = r.nextInt(1000);
            byte[] msg = random(r, len);
            Cipher sun = Cipher.getInstance("ChaCha20");
            sun.init(
                    Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "ChaCha20"), new ChaCha20ParameterSpec(nonce, counter));
            byte[] expected = sun.doFinal(msg);
            assertArrayEquals(
                    expected,
                    ChaCha20.newInstance(ChaCha20.Variant.IETF, key, nonce, counter, 20)
                            .update(msg),
                    "len " + len);
        }
    }

    @ParameterizedTest(name = "{0} {1} rounds")
    @MethodSource("configs")
    void randomChunkingsEqualOneShot(ChaCha20.Variant v, int rounds) {
        Random r = new Random(100 + v.ordinal() * 3 + rounds);
        byte[] key = random(r, 32);
        byte[] nonce = random(r, v.nonceLength());
        for (int trial = 0; trial < 40; trial++) {
            int len = r.nextInt(20000);
            byte[] msg = random(r, len);
            byte[] whole = ChaCha20.newInstance(v, key, nonce, 0, rounds).update(msg);
            ChaCha20 c = ChaCha20.newInstance(v, key, nonce, 0, rounds);
            byte[] out = new byte[len];
            int pos = 0;
            while (pos < len) {
                int n = Math.min(len - pos, r.nextInt(4) == 0 ? r.nextInt(5000) : r.nextInt(130));
                c.update(msg, pos, n, out, pos);
                pos += n;
                assertEquals(pos, c.position());
            }
            assertArrayEquals(whole, out, "trial " + trial);
        }
    }

    @Test
    void inPlaceAndOddOffsets() {
        Random r = new Random(3);
        byte[] key = random(r, 32);
        byte[] nonce = random(r, 12);
        for (int len : new int[] {0, 1, 15, 63, 64, 65, 127, 255, 256, 257, 511, 1000, 4096, 4161, 70000}) {
            byte[] msg = random(r, len);
            byte[] expected = ChaCha20.ietf(key, nonce).update(msg);
            for (int off : new int[] {1, 3, 7, 13}) {
                // in place, odd offset, guard bytes around
                byte[] buf = new byte[len + 2 * off];
                Arrays.fill(buf, (byte) 0x5a);
                System.arraycopy(msg, 0, buf, off, len);
                ChaCha20.ietf(key, nonce).update(buf, off, len, buf, off);
                assertArrayEquals(expected, Arrays.copyOfRange(buf, off, off + len));
                for (int i = 0; i < off; i++) {
                    assertEquals(0x5a, buf[i]);
                    assertEquals(0x5a, buf[off + len + i]);
                }
                // separate arrays at different odd offsets
                byte[] in = new byte[len + off];
                System.arraycopy(msg, 0, in, off, len);
                byte[] out = new byte[len + off + 5];
                ChaCha20.ietf(key, nonce).update(in, off, len, out, 5);
                assertArrayEquals(expected, Arrays.copyOfRange(out, 5, 5 + len));
                // overlapping ranges in one array (output shifted by off in both directions)
                byte[] ov = new byte[len + off];
                System.arraycopy(msg, 0, ov, 0, len);
                ChaCha20.ietf(key, nonce).update(ov, 0, len, ov, off);
                assertArrayEquals(expected, Arrays.copyOfRange(ov, off, off + len));
                byte[] ov2 = new byte[len + off];
                System.arraycopy(msg, 0, ov2, off, len);
                ChaCha20.ietf(key, nonce).update(ov2, off, len, ov2, 0);
                assertArrayEquals(expected, Arrays.copyOf(ov2, len));
            }
        }
    }

    @Test
    void heapAndDirectBuffers() {
        Random r = new Random(4);
        byte[] key = random(r, 32);
        byte[] nonce = random(r, 24);
        for (int len : new int[] {0, 1, 31, 64, 100, 640, 1023, 4097, 65537}) {
            byte[] msg = random(r, len);
            byte[] expected = ChaCha20.xchacha20(key, nonce).update(msg);
            for (boolean inDirect : new boolean[] {false, true}) {
                for (boolean outDirect : new boolean[] {false, true}) {
                    ByteBuffer in = (inDirect ? ByteBuffer.allocateDirect(len + 3) : ByteBuffer.allocate(len + 3));
                    in.position(3);
                    in.put(msg);
                    in.position(3);
                    ByteBuffer out = outDirect ? ByteBuffer.allocateDirect(len + 9) : ByteBuffer.allocate(len + 9);
                    out.position(5);
                    ChaCha20 c = ChaCha20.xchacha20(key, nonce);
                    // two pieces, so the keystream continues across calls
                    int half = len / 3;
                    ByteBuffer first = in.duplicate();
                    first.limit(3 + half);
                    c.update(first, out);
                    in.position(3 + half);
                    assertEquals(len - half, c.update(in, out));
                    assertEquals(len + 3, in.position());
                    assertEquals(5 + len, out.position());
                    byte[] got = new byte[len];
                    out.get(5, got);
                    assertArrayEquals(expected, got, "in direct " + inDirect + ", out direct " + outDirect);
                    assertEquals(0, out.get(4));
                    assertEquals(0, out.get(5 + len));
                }
            }
            // in place on one buffer object
            ByteBuffer one = ByteBuffer.allocateDirect(len);
            one.put(msg).flip();
            ChaCha20.xchacha20(key, nonce).update(one, one);
            byte[] got = new byte[len];
            one.get(0, got);
            assertArrayEquals(expected, got);
            assertEquals(len, one.position());
            // read-only input is fine
            ByteBuffer ro = ByteBuffer.wrap(msg).asReadOnlyBuffer();
            ByteBuffer o = ByteBuffer.allocate(len);
            ChaCha20.xchacha20(key, nonce).update(ro, o);
            assertArrayEquals(expected, o.array());
        }
    }

    @Test
    void keystreamIsXorOfZeros() {
        Random r = new Random(5);
        byte[] key = random(r, 32);
        byte[] nonce = random(r, 8);
        byte[] zeros = new byte[3000];
        byte[] expected = ChaCha20.original(key, nonce).update(zeros);
        ChaCha20 c = ChaCha20.original(key, nonce);
        byte[] ks = new byte[3000];
        c.keystream(ks, 0, 1000);
        ByteBuffer bb = ByteBuffer.allocateDirect(2000);
        c.keystream(bb);
        bb.flip().get(ks, 1000, 2000);
        assertArrayEquals(expected, ks);
    }

    /**
     * Whole-block updates of a streaming cipher, which an engine may take directly where its last call (a full
     * keystream cache or a direct call) stopped (the jdk engine's SunJCE Cipher goes on there), mixed with short and
     * odd-sized updates, in place and not, and seeks: each against the reference keystream.
     */
    @ParameterizedTest(name = "{0} {1} rounds")
    @MethodSource("configs")
    void blockRunsOfAStreamMatchTheReference(ChaCha20.Variant v, int rounds) {
        Random r = new Random(500 + v.ordinal() * 3 + rounds);
        byte[] key = random(r, 32);
        byte[] nonce = random(r, v.nonceLength());
        int total = 48 * 1024;
        byte[] msg = random(r, total);
        byte[] ref = reference(v, key, nonce, 0, rounds, total);
        int[] sizes = {16, 16, 48, 64, 256, 320, 512, 100, 256, 1024, 64, 4096, 28, 256, 192, 2048};
        ChaCha20 c = ChaCha20.newInstance(v, key, nonce, 0, rounds);
        int pos = 0;
        for (int step = 0; step < 400; step++) {
            if (step % 37 == 36 || pos == total) {
                pos = r.nextBoolean() ? r.nextInt(total / 64) * 64 : r.nextInt(total);
                c.seek(pos);
            }
            int n = Math.min(total - pos, sizes[step % sizes.length]);
            pos = updateAndCheck(c, msg, ref, pos, n, step % 3 == 0, 0, v + "/" + rounds + " step " + step);
        }
    }

    /**
     * {@code n} bytes of {@code msg} from {@code pos} through {@code c} (in place, or into another array), at
     * {@code outOff} of the array the output lands in, checked against {@code ref} and {@code c}'s new position.
     *
     * @return the position after the update
     */
    private static int updateAndCheck(
            ChaCha20 c, byte[] msg, byte[] ref, int pos, int n, boolean inPlace, int outOff, String what) {
        byte[] out = new byte[outOff + n];
        if (inPlace) {
            System.arraycopy(msg, pos, out, outOff, n);
            c.update(out, outOff, n, out, outOff);
        } else {
            c.update(msg, pos, n, out, outOff);
        }
        for (int i = 0; i < n; i++) {
            if (out[outOff + i] != (byte) (msg[pos + i] ^ ref[pos + i])) {
                throw new AssertionError(
                        what + " (" + n + " bytes at " + pos + "): byte " + i + " differs from reference");
            }
        }
        assertEquals(pos + n, c.position(), what);
        return pos + n;
    }

    /**
     * A steady stream of whole-block updates (after the keystream cache, an engine may go on from its own last call:
     * the jdk engine's Cipher), in place and not, from counter 0, from where it ends exactly at the keystream's end,
     * and, for 64-bit counters, from where it crosses the carry into the high word: each against the reference.
     */
    @ParameterizedTest(name = "{0} {1} rounds")
    @MethodSource("configs")
    void steadyBlockUpdatesMatchTheReference(ChaCha20.Variant v, int rounds) {
        Random r = new Random(700 + v.ordinal() * 3 + rounds);
        byte[] key = random(r, 32);
        byte[] nonce = random(r, v.nonceLength());
        int total = 48 * 1024;
        byte[] msg = random(r, total);
        int[] sizes = {256, 256, 512, 256, 1024, 768, 4096, 256, 320, 8192};
        long toEnd = v == ChaCha20.Variant.IETF ? (1L << 32) - total / 64 : -(total / 64);
        for (long start : new long[] {0, toEnd, (1L << 32) - total / 128}) {
            if (v == ChaCha20.Variant.IETF && start != 0 && start != toEnd) {
                continue; // no carry to cross
            }
            byte[] ref = reference(v, key, nonce, start, rounds, total);
            ChaCha20 c = ChaCha20.newInstance(v, key, nonce, start, rounds);
            int pos = 0;
            for (int step = 0; pos < total; step++) {
                int n = Math.min(total - pos, sizes[step % sizes.length]);
                pos = updateAndCheck(
                        c,
                        msg,
                        ref,
                        pos,
                        n,
                        step % 3 == 0,
                        1,
                        v + "/" + rounds + " from block " + Long.toUnsignedString(start) + ", step " + step);
            }
            if (start == toEnd) {
                assertEquals(0, c.remaining());
            }
        }
    }

    @Test
    void seekingEqualsSkipping() {
        Random r = new Random(6);
        for (ChaCha20.Variant v : ChaCha20.Variant.values()) {
            byte[] key = random(r, 32);
            byte[] nonce = random(r, v.nonceLength());
            byte[] stream = ChaCha20.newInstance(v, key, nonce, 0, 20).update(new byte[50000]);
            ChaCha20 c = ChaCha20.newInstance(v, key, nonce, 0, 20);
            for (int i = 0; i < 200; i++) {
                int pos = r.nextInt(49000);
                int len = r.nextInt(1000);
                c.seek(pos);
                assertEquals(pos, c.position());
                byte[] ks = new byte[len];
                c.keystream(ks, 0, len);
                assertArrayEquals(Arrays.copyOfRange(stream, pos, pos + len), ks, v + " seek " + pos);
                assertEquals(pos + len, c.position());
            }
            ChaCha20 s = ChaCha20.newInstance(v, key, nonce, 0, 20);
            s.skip(777);
            byte[] ks = new byte[100];
            s.keystream(ks, 0, 100);
            assertArrayEquals(Arrays.copyOfRange(stream, 777, 877), ks);
        }
    }

    @Test
    void ietfCounterLimit() {
        byte[] key = new byte[32];
        byte[] nonce = new byte[12];
        ChaCha20 c = ChaCha20.newInstance(ChaCha20.Variant.IETF, key, nonce, 0xFFFFFFFFL, 20);
        assertEquals(64, c.remaining());
        byte[] last = new byte[64];
        c.keystream(last, 0, 63);
        assertArrayEquals(
                Arrays.copyOf(reference(ChaCha20.Variant.IETF, key, nonce, 0xFFFFFFFFL, 20, 64), 63),
                Arrays.copyOf(last, 63));
        c.keystream(last, 63, 1);
        assertArrayEquals(reference(ChaCha20.Variant.IETF, key, nonce, 0xFFFFFFFFL, 20, 64), last);
        byte[] out = new byte[1];
        assertThrows(IllegalStateException.class, () -> c.update(new byte[1], 0, 1, out, 0));
        assertEquals(0, out[0]);
        assertEquals(64, c.position());
        // a request that straddles the limit fails whole, writing nothing
        ChaCha20 d = ChaCha20.newInstance(ChaCha20.Variant.IETF, key, nonce, 0xFFFFFFFEL, 20);
        byte[] big = new byte[200];
        assertThrows(IllegalStateException.class, () -> d.update(big, 0, 129, big, 0));
        assertArrayEquals(new byte[200], big);
        assertEquals(0, d.position());
        d.update(big, 0, 128, big, 0);
        assertThrows(IllegalArgumentException.class, () -> d.seek(129));
        d.seek(128);
        assertEquals(0, d.remaining());
        // the largest IETF counter range: a seek to the very end from counter 0
        ChaCha20 e = ChaCha20.ietf(key, nonce);
        e.seek((1L << 32) * 64 - 10);
        e.update(new byte[10]);
        assertThrows(IllegalStateException.class, () -> e.update(new byte[1]));
    }

    @Test
    void originalCounterCarriesAcross2To32() {
        Random r = new Random(8);
        byte[] key = random(r, 32);
        byte[] nonce = random(r, 8);
        long start = 0xFFFFFFFEL;
        byte[] msg = random(r, 64 * 6 + 17);
        byte[] got = ChaCha20.newInstance(ChaCha20.Variant.ORIGINAL, key, nonce, start, 20)
                .update(msg);
        byte[] ref = reference(ChaCha20.Variant.ORIGINAL, key, nonce, start, 20, msg.length);
        for (int i = 0; i < msg.length; i++) {
            assertEquals((byte) (msg[i] ^ ref[i]), got[i], "byte " + i);
        }
        assertArrayEquals(bouncy(ChaCha20.Variant.ORIGINAL, key, nonce, start, 20, msg), got);
        // XChaCha20 carries the same way
        byte[] xn = random(r, 24);
        byte[] xg = ChaCha20.newInstance(ChaCha20.Variant.XCHACHA20, key, xn, start, 20)
                .update(msg);
        byte[] xr = reference(ChaCha20.Variant.XCHACHA20, key, xn, start, 20, msg.length);
        for (int i = 0; i < msg.length; i++) {
            assertEquals((byte) (msg[i] ^ xr[i]), xg[i], "xchacha byte " + i);
        }
    }

    @Test
    void originalCounterEndsAt2To64() {
        byte[] key = new byte[32];
        byte[] nonce = new byte[8];
        ChaCha20 c = ChaCha20.newInstance(ChaCha20.Variant.ORIGINAL, key, nonce, -1L, 20);
        assertEquals(64, c.remaining());
        byte[] ks = new byte[64];
        c.keystream(ks, 0, 64);
        assertArrayEquals(reference(ChaCha20.Variant.ORIGINAL, key, nonce, -1L, 20, 64), ks);
        assertEquals(0, c.remaining());
        assertThrows(IllegalStateException.class, () -> c.keystream(new byte[1], 0, 1));
        ChaCha20 d = ChaCha20.newInstance(ChaCha20.Variant.ORIGINAL, key, nonce, -3L, 20);
        assertThrows(IllegalStateException.class, () -> d.keystream(new byte[193], 0, 193));
        assertEquals(Long.MAX_VALUE, ChaCha20.original(key, nonce).remaining());
    }
}
