// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.crypto.AEADBadTagException;
import javax.crypto.ShortBufferException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The AEAD classes' contracts: tamper detection, aliasing, offsets, buffers and bad input. */
class AeadApiTest {

    static final byte[] KEY = new byte[32];

    static {
        new SplittableRandom(11).nextBytes(KEY);
    }

    /** The caller-nonce API of either class. */
    static List<CallerNonceForms> impls() {
        return List.of(new CallerNonceForms(false, KEY), new CallerNonceForms(true, KEY));
    }

    static byte[] random(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    static byte[] flip(byte[] b, int bit) {
        byte[] c = b.clone();
        c[bit >>> 3] ^= (byte) (1 << (bit & 7));
        return c;
    }

    // ---- tampering ---------------------------------------------------------------------------------------

    @ParameterizedTest
    @MethodSource("impls")
    void everySingleBitFlipFailsOpen(CallerNonceForms a) throws Exception {
        SplittableRandom r = new SplittableRandom(1);
        for (int len : new int[] {0, 1, 15, 16, 17, 64, 65}) {
            byte[] nonce = random(r, a.nonceLength()), aad = random(r, 5), pt = random(r, len);
            byte[] sealed = a.seal(nonce, pt, aad);
            assertArrayEquals(pt, a.open(nonce, sealed, aad));
            for (int bit = 0; bit < sealed.length * 8; bit++) { // ciphertext and tag
                byte[] bad = flip(sealed, bit);
                assertThrows(AEADBadTagException.class, () -> a.open(nonce, bad, aad), "len " + len + " bit " + bit);
            }
            for (int bit = 0; bit < nonce.length * 8; bit++) {
                byte[] badNonce = flip(nonce, bit);
                assertThrows(AEADBadTagException.class, () -> a.open(badNonce, sealed, aad));
            }
            for (int bit = 0; bit < aad.length * 8; bit++) {
                byte[] badAad = flip(aad, bit);
                assertThrows(AEADBadTagException.class, () -> a.open(nonce, sealed, badAad));
            }
            // truncated, extended, or aad moved into the message
            assertThrows(AEADBadTagException.class, () -> a.open(nonce, Arrays.copyOf(sealed, sealed.length - 1), aad));
            assertThrows(AEADBadTagException.class, () -> a.open(nonce, Arrays.copyOf(sealed, sealed.length + 1), aad));
            assertThrows(AEADBadTagException.class, () -> a.open(nonce, sealed, null));
            assertThrows(AEADBadTagException.class, () -> a.open(nonce, sealed, Arrays.copyOf(aad, 6)));
        }
    }

    @Test
    void randomNonceClassesDetectEveryBitFlip() throws Exception {
        SplittableRandom r = new SplittableRandom(2);
        ChaCha20Poly1305 c = new ChaCha20Poly1305(KEY);
        XChaCha20Poly1305 x = new XChaCha20Poly1305(KEY);
        for (int len : new int[] {0, 3, 33}) {
            byte[] pt = random(r, len), aad = random(r, 3);
            byte[] sc = c.seal(pt, aad), sx = x.seal(pt, aad);
            assertEquals(len + ChaCha20Poly1305.OVERHEAD, sc.length);
            assertEquals(len + XChaCha20Poly1305.OVERHEAD, sx.length);
            assertArrayEquals(pt, c.open(sc, aad));
            assertArrayEquals(pt, x.open(sx, aad));
            for (int bit = 0; bit < sc.length * 8; bit++) {
                byte[] bad = flip(sc, bit);
                assertThrows(AEADBadTagException.class, () -> c.open(bad, aad));
            }
            for (int bit = 0; bit < sx.length * 8; bit++) {
                byte[] bad = flip(sx, bit);
                assertThrows(AEADBadTagException.class, () -> x.open(bad, aad));
            }
            for (int bit = 0; bit < aad.length * 8; bit++) {
                byte[] bad = flip(aad, bit);
                assertThrows(AEADBadTagException.class, () -> c.open(sc, bad));
                assertThrows(AEADBadTagException.class, () -> x.open(sx, bad));
            }
        }
    }

    // ---- random-nonce classes ------------------------------------------------------------------------------

    @Test
    void randomNonceClassesUseFreshNoncesAndTheCallerNonceFormat() throws Exception {
        ChaCha20Poly1305 c = new ChaCha20Poly1305(KEY);
        XChaCha20Poly1305 x = new XChaCha20Poly1305(KEY);
        Set<String> seen = new HashSet<>();
        byte[] pt = {1, 2, 3, 4};
        for (int i = 0; i < 500; i++) {
            byte[] sc = c.seal(pt, null);
            byte[] sx = x.seal(pt, null);
            assertTrue(seen.add(Hex.s(Arrays.copyOf(sc, 12))));
            assertTrue(seen.add(Hex.s(Arrays.copyOf(sx, 24))));
            // same bytes as the caller-nonce class with that nonce
            assertArrayEquals(
                    Arrays.copyOfRange(sc, 12, sc.length),
                    new ChaCha20Poly1305CallerNonce(KEY).seal(Arrays.copyOf(sc, 12), pt, new byte[0]));
            assertArrayEquals(
                    Arrays.copyOfRange(sx, 24, sx.length),
                    new XChaCha20Poly1305CallerNonce(KEY).seal(Arrays.copyOf(sx, 24), pt, null));
        }
        assertThrows(AEADBadTagException.class, () -> c.open(new byte[27], null));
        assertThrows(AEADBadTagException.class, () -> x.open(new byte[39], null));
        assertThrows(AEADBadTagException.class, () -> c.open(new byte[28], null));
        assertThrows(AEADBadTagException.class, () -> x.open(new byte[40], null));
        assertThrows(NullPointerException.class, () -> c.open(null, null));
        assertThrows(NullPointerException.class, () -> x.seal(null, null));
        assertThrows(IllegalArgumentException.class, () -> new XChaCha20Poly1305(new byte[16]));
        assertThrows(NullPointerException.class, () -> new ChaCha20Poly1305(null));
        assertEquals(32, ChaCha20Poly1305.generateKey().length);
        assertNotEquals(Hex.s(XChaCha20Poly1305.generateKey()), Hex.s(XChaCha20Poly1305.generateKey()));
    }

    static List<RandomNonceForms> randomNonceImpls() {
        return List.of(new RandomNonceForms(false, KEY), new RandomNonceForms(true, KEY));
    }

    /**
     * The random-nonce classes' range forms write what the array forms return, at odd offsets, apart, in place and
     * overlapping either way, and touch nothing outside their range.
     */
    @ParameterizedTest
    @MethodSource("randomNonceImpls")
    void randomNonceRangeFormsMatchTheArrayForms(RandomNonceForms a) throws Exception {
        SplittableRandom r = new SplittableRandom(23);
        CallerNonceForms caller = a.callerNonce(KEY);
        int n = a.nonceLength();
        for (int len : new int[] {0, 1, 15, 63, 64, 65, 255, 300, 4096 + 17}) {
            byte[] pt = random(r, len), aad = random(r, 5);
            int total = len + a.overhead();
            // apart, odd offsets: the nonce written first, then exactly the caller-nonce seal under it
            byte[] in = random(r, len + 9);
            System.arraycopy(pt, 0, in, 5, len);
            byte[] out = sentinel(total + 10);
            assertEquals(total, a.seal(in, 5, len, aad, out, 3));
            assertUntouched(out, 0, 3);
            assertUntouched(out, 3 + total, out.length);
            byte[] sealed = Arrays.copyOfRange(out, 3, 3 + total);
            byte[] nonce = Arrays.copyOf(sealed, n);
            assertArrayEquals(caller.seal(nonce, pt, aad), Arrays.copyOfRange(sealed, n, total));
            assertArrayEquals(pt, a.open(sealed, aad));
            // open of the array form's output, apart at odd offsets
            byte[] other = a.seal(pt, aad);
            byte[] src = random(r, total + 7);
            System.arraycopy(other, 0, src, 7, total);
            byte[] dst = sentinel(len + 6);
            assertEquals(len, a.open(src, 7, total, aad, dst, 1));
            assertArrayEquals(pt, Arrays.copyOfRange(dst, 1, 1 + len));
            assertUntouched(dst, 0, 1);
            assertUntouched(dst, 1 + len, dst.length);
            // one array, output at every shift against the input, both ways
            for (int shift : new int[] {-n - 9, -n, -1, 0, 1, 7, n, n + 16, total + 3}) {
                int inAt = 40 + n, outAt = inAt + shift;
                byte[] mem = random(r, inAt + 2 * total + 60);
                System.arraycopy(pt, 0, mem, inAt, len);
                byte[] before = mem.clone();
                assertEquals(total, a.seal(mem, inAt, len, aad, mem, outAt), "seal shift " + shift);
                byte[] got = Arrays.copyOfRange(mem, outAt, outAt + total);
                assertArrayEquals(
                        caller.seal(Arrays.copyOf(got, n), pt, aad),
                        Arrays.copyOfRange(got, n, total),
                        "seal shift " + shift);
                byte[] expect = before.clone(); // all but the output range as it was
                System.arraycopy(mem, outAt, expect, outAt, total);
                assertArrayEquals(expect, mem, "seal shift " + shift + " wrote outside its range");
                // and back to where the plaintext was: the opposite overlap
                byte[] sealedMem = mem.clone();
                assertEquals(len, a.open(mem, outAt, total, aad, mem, inAt), "open shift " + shift);
                assertArrayEquals(pt, Arrays.copyOfRange(mem, inAt, inAt + len), "open shift " + shift);
                System.arraycopy(pt, 0, sealedMem, inAt, len);
                assertArrayEquals(sealedMem, mem, "open shift " + shift + " wrote outside its range");
            }
        }
    }

    @ParameterizedTest
    @MethodSource("randomNonceImpls")
    void randomNonceRangeFormsRejectBadInputBeforeWriting(RandomNonceForms a) throws Exception {
        int oh = a.overhead();
        byte[] pt = new byte[20];
        byte[] sealed = a.seal(pt, null);
        byte[] out = sentinel(20 + oh);
        rejects(ShortBufferException.class, out, () -> a.seal(pt, 0, 20, null, out, 1));
        byte[] small = sentinel(20 + oh - 1);
        rejects(ShortBufferException.class, small, () -> a.seal(pt, 0, 20, null, small, 0));
        rejects(IndexOutOfBoundsException.class, out, () -> a.seal(pt, 1, 20, null, out, 0));
        rejects(IndexOutOfBoundsException.class, out, () -> a.seal(pt, -1, 2, null, out, 0));
        rejects(IndexOutOfBoundsException.class, out, () -> a.seal(pt, 0, 2, null, out, -1));
        rejects(IndexOutOfBoundsException.class, out, () -> a.seal(pt, 0, 2, null, out, out.length + 1));
        rejects(NullPointerException.class, out, () -> a.seal(null, 0, 0, null, out, 0));
        rejects(NullPointerException.class, out, () -> a.seal(pt, 0, 0, null, null, 0));
        rejects(ShortBufferException.class, out, () -> a.open(sealed, 0, sealed.length, null, out, out.length - 19));
        rejects(IndexOutOfBoundsException.class, out, () -> a.open(sealed, 1, sealed.length, null, out, 0));
        rejects(IndexOutOfBoundsException.class, out, () -> a.open(sealed, 0, sealed.length, null, out, -1));
        rejects(AEADBadTagException.class, out, () -> a.open(sealed, 0, oh - 1, null, out, 0));
        rejects(NullPointerException.class, out, () -> a.open(null, 0, 0, null, out, 0));
        rejects(NullPointerException.class, out, () -> a.open(sealed, 0, sealed.length, null, null, 0));
        // a bad message: its output range zeroed, the rest untouched; apart and in place
        for (int at : new int[] {0, a.nonceLength(), sealed.length - 1}) {
            byte[] bad = sealed.clone();
            bad[at] ^= 4;
            byte[] o = sentinel(20 + 6);
            assertThrows(AEADBadTagException.class, () -> a.open(bad, 0, bad.length, null, o, 3));
            assertUntouched(o, 0, 3);
            assertArrayEquals(new byte[20], Arrays.copyOfRange(o, 3, 23));
            assertUntouched(o, 23, o.length);
            for (int outAt : new int[] {2, 2 + a.nonceLength(), 9}) {
                byte[] mem = new byte[bad.length + 12];
                System.arraycopy(bad, 0, mem, 2, bad.length);
                byte[] want = mem.clone();
                Arrays.fill(want, outAt, outAt + 20, (byte) 0);
                assertThrows(AEADBadTagException.class, () -> a.open(mem, 2, bad.length, null, mem, outAt));
                assertArrayEquals(want, mem, "in one array, output at " + outAt);
            }
        }
    }

    @Test
    void keyIsCopiedAndNullAadIsEmptyAad() throws Exception {
        byte[] key = KEY.clone();
        ChaCha20Poly1305CallerNonce a = new ChaCha20Poly1305CallerNonce(key);
        byte[] nonce = new byte[12];
        byte[] before = a.seal(nonce, new byte[5], null);
        Arrays.fill(key, (byte) 0);
        assertArrayEquals(before, a.seal(nonce, new byte[5], new byte[0]));
        assertArrayEquals(new byte[5], a.open(nonce, before, null));
    }

    @Test
    void sharedInstancesAreThreadSafe() throws Exception {
        XChaCha20Poly1305 x = new XChaCha20Poly1305(KEY);
        ChaCha20Poly1305CallerNonce c = new ChaCha20Poly1305CallerNonce(KEY);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Boolean>> fs = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                final int seed = t;
                Callable<Boolean> job = () -> {
                    SplittableRandom r = new SplittableRandom(seed);
                    for (int i = 0; i < 300; i++) {
                        byte[] pt = random(r, r.nextInt(3000)), aad = random(r, r.nextInt(20));
                        if (!Arrays.equals(pt, x.open(x.seal(pt, aad), aad))) {
                            return false;
                        }
                        byte[] n = random(r, 12);
                        byte[] s = c.seal(n, pt, aad);
                        if (!Arrays.equals(s, DifferentialTest.bouncy(true, KEY, n, aad, pt))) {
                            return false;
                        }
                    }
                    return true;
                };
                fs.add(pool.submit(job));
            }
            for (Future<Boolean> f : fs) {
                assertTrue(f.get());
            }
        } finally {
            pool.shutdown();
        }
    }

    // ---- offsets and aliasing -------------------------------------------------------------------------------

    @ParameterizedTest
    @MethodSource("impls")
    void rangeFormsAtOddOffsetsMatchOneShot(CallerNonceForms a) throws Exception {
        SplittableRandom r = new SplittableRandom(3);
        for (int len : new int[] {0, 1, 63, 64, 65, 1000, 8191, 8192, 8193, 20000}) {
            byte[] nonce = random(r, a.nonceLength()), aad = random(r, 7), pt = random(r, len);
            byte[] expected = a.seal(nonce, pt, aad);
            int inOff = 1 + r.nextInt(7), outOff = 3 + r.nextInt(9);
            byte[] in = new byte[inOff + len + 5];
            System.arraycopy(pt, 0, in, inOff, len);
            byte[] out = new byte[outOff + len + 16 + 4];
            Arrays.fill(out, (byte) 0x5a);
            assertEquals(len + 16, a.seal(nonce, in, inOff, len, aad, out, outOff));
            assertArrayEquals(expected, Arrays.copyOfRange(out, outOff, outOff + len + 16));
            assertUntouched(out, 0, outOff);
            assertUntouched(out, outOff + len + 16, out.length);
            byte[] back = new byte[len + 9];
            Arrays.fill(back, (byte) 0x5a);
            assertEquals(len, a.open(nonce, out, outOff, len + 16, aad, back, 5));
            assertArrayEquals(pt, Arrays.copyOfRange(back, 5, 5 + len));
            assertUntouched(back, 0, 5);
            assertUntouched(back, 5 + len, back.length);
        }
    }

    @ParameterizedTest
    @MethodSource("impls")
    void inPlaceAndOverlappingRanges(CallerNonceForms a) throws Exception {
        SplittableRandom r = new SplittableRandom(4);
        for (int len : new int[] {0, 1, 50, 64, 129, 8192 + 77, 30000}) {
            byte[] nonce = random(r, a.nonceLength()), aad = random(r, 9), pt = random(r, len);
            byte[] expected = a.seal(nonce, pt, aad);
            for (int shift : new int[] {0, 1, -1, 16, -16, 63, -64, 8192, -8192}) {
                if (Math.abs(shift) > len + 16 && shift != 0) {
                    continue;
                }
                int base = 8192 + 20;
                byte[] buf = new byte[base * 2 + len + 32];
                System.arraycopy(pt, 0, buf, base, len);
                int n = a.seal(nonce, buf, base, len, aad, buf, base + shift);
                assertEquals(len + 16, n);
                assertArrayEquals(
                        expected,
                        Arrays.copyOfRange(buf, base + shift, base + shift + n),
                        "seal len " + len + " shift " + shift);
                // open it back, shifted the other way
                int m = a.open(nonce, buf, base + shift, len + 16, aad, buf, base - shift);
                assertEquals(len, m);
                assertArrayEquals(
                        pt,
                        Arrays.copyOfRange(buf, base - shift, base - shift + len),
                        "open len " + len + " shift " + shift);
            }
        }
    }

    // ---- buffers --------------------------------------------------------------------------------------------

    enum Kind {
        HEAP,
        HEAP_SLICE,
        DIRECT,
        READ_ONLY_HEAP,
        READ_ONLY_DIRECT
    }

    static ByteBuffer make(Kind k, byte[] content, int pad) {
        ByteBuffer b;
        switch (k) {
            case HEAP:
                b = ByteBuffer.allocate(content.length + 2 * pad);
                break;
            case HEAP_SLICE:
                b = ByteBuffer.allocate(content.length + 2 * pad + 11)
                        .position(11)
                        .slice();
                break;
            default:
                b = ByteBuffer.allocateDirect(content.length + 2 * pad);
                break;
        }
        b.position(pad);
        b.put(content);
        b.position(pad).limit(pad + content.length);
        if (k == Kind.READ_ONLY_HEAP || k == Kind.READ_ONLY_DIRECT) {
            b = b.asReadOnlyBuffer();
        }
        return b;
    }

    static byte[] remaining(ByteBuffer b) {
        byte[] r = new byte[b.remaining()];
        b.duplicate().get(r);
        return r;
    }

    @ParameterizedTest
    @MethodSource("impls")
    void byteBuffersOfEveryKind(CallerNonceForms a) throws Exception {
        SplittableRandom r = new SplittableRandom(5);
        Kind[] outs = {Kind.HEAP, Kind.HEAP_SLICE, Kind.DIRECT};
        for (int len : new int[] {0, 1, 100, 8192, 8193, 25000}) {
            byte[] nonce = random(r, a.nonceLength()), aad = random(r, 4), pt = random(r, len);
            byte[] expected = a.seal(nonce, pt, aad);
            for (Kind ik : Kind.values()) {
                for (Kind ok : outs) {
                    ByteBuffer in = make(ik, pt, 3);
                    ByteBuffer out = make(ok, new byte[len + 16 + 10], 2);
                    out.limit(out.capacity() - 1);
                    int outStart = out.position();
                    assertEquals(len + 16, a.seal(nonce, in, aad, out));
                    assertEquals(in.limit(), in.position());
                    assertEquals(outStart + len + 16, out.position());
                    out.flip().position(outStart);
                    assertArrayEquals(expected, remaining(out), ik + " -> " + ok);

                    ByteBuffer cin = make(ik, expected, 5);
                    ByteBuffer pout = make(ok, new byte[len + 3], 1);
                    pout.limit(pout.capacity());
                    int pStart = pout.position();
                    assertEquals(len, a.open(nonce, cin, aad, pout));
                    assertEquals(cin.limit(), cin.position());
                    assertEquals(pStart + len, pout.position());
                    pout.flip().position(pStart);
                    assertArrayEquals(pt, remaining(pout), "open " + ik + " -> " + ok);
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("impls")
    void byteBuffersInPlaceAndOverlapping(CallerNonceForms a) throws Exception {
        SplittableRandom r = new SplittableRandom(6);
        for (boolean direct : new boolean[] {false, true}) {
            for (int len : new int[] {0, 5, 64, 8200, 20000}) {
                byte[] nonce = random(r, a.nonceLength()), aad = random(r, 4), pt = random(r, len);
                byte[] expected = a.seal(nonce, pt, aad);
                for (int shift : new int[] {0, 1, -1, 17, -17, 8192, -8192}) {
                    if (Math.abs(shift) > len + 16 && shift != 0) {
                        continue;
                    }
                    int base = 8300;
                    ByteBuffer mem = direct
                            ? ByteBuffer.allocateDirect(2 * base + len + 32)
                            : ByteBuffer.allocate(2 * base + len + 32);
                    mem.put(base, pt);
                    ByteBuffer in = mem.duplicate().position(base).limit(base + len);
                    ByteBuffer out = mem.duplicate().position(base + shift);
                    assertEquals(len + 16, a.seal(nonce, in, aad, out));
                    byte[] got = new byte[len + 16];
                    mem.get(base + shift, got);
                    assertArrayEquals(expected, got, (direct ? "direct" : "heap") + " seal " + len + " shift " + shift);
                    // read-only view of the same memory as input
                    ByteBuffer cin =
                            mem.asReadOnlyBuffer().position(base + shift).limit(base + shift + len + 16);
                    ByteBuffer pout = mem.duplicate().position(base - shift);
                    assertEquals(len, a.open(nonce, cin, aad, pout));
                    byte[] back = new byte[len];
                    mem.get(base - shift, back);
                    assertArrayEquals(pt, back, (direct ? "direct" : "heap") + " open " + len + " shift " + shift);
                }
            }
        }
    }

    // ---- bad input: exception type, output untouched ------------------------------------------------------

    static void assertUntouched(byte[] out, int from, int to) {
        for (int i = from; i < to; i++) {
            assertEquals((byte) 0x5a, out[i], "output byte " + i + " was written");
        }
    }

    static byte[] sentinel(int n) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) 0x5a);
        return b;
    }

    static <T extends Throwable> void rejects(Class<T> type, byte[] out, Executable call) {
        assertThrows(type, call);
        assertUntouched(out, 0, out.length);
    }

    @Test
    void badKeys() {
        for (int n : new int[] {0, 16, 31, 33, 64}) {
            assertThrows(IllegalArgumentException.class, () -> new ChaCha20Poly1305CallerNonce(new byte[n]));
            assertThrows(IllegalArgumentException.class, () -> new XChaCha20Poly1305CallerNonce(new byte[n]));
            assertThrows(IllegalArgumentException.class, () -> new ChaCha20Poly1305(new byte[n]));
            assertThrows(IllegalArgumentException.class, () -> new XChaCha20Poly1305(new byte[n]));
        }
        assertThrows(NullPointerException.class, () -> new ChaCha20Poly1305CallerNonce(null));
        assertThrows(NullPointerException.class, () -> new XChaCha20Poly1305CallerNonce(null));
        assertThrows(NullPointerException.class, () -> new XChaCha20Poly1305(null));
    }

    @ParameterizedTest
    @MethodSource("impls")
    void badArrayArgumentsThrowBeforeWriting(CallerNonceForms a) throws Exception {
        byte[] nonce = new byte[a.nonceLength()];
        byte[] in = new byte[40];
        byte[] sealed = a.seal(nonce, new byte[24], null); // 40 bytes
        byte[] shortNonce = new byte[a.nonceLength() - 1], longNonce = new byte[a.nonceLength() + 1];

        // one-shot
        assertThrows(NullPointerException.class, () -> a.seal(null, in, null));
        assertThrows(NullPointerException.class, () -> a.seal(nonce, null, null));
        assertThrows(NullPointerException.class, () -> a.open(nonce, null, null));
        assertThrows(NullPointerException.class, () -> a.open(null, sealed, null));
        assertThrows(IllegalArgumentException.class, () -> a.seal(shortNonce, in, null));
        assertThrows(IllegalArgumentException.class, () -> a.open(longNonce, sealed, null));
        assertThrows(IllegalArgumentException.class, () -> a.seal(new byte[0], in, null));
        assertThrows(AEADBadTagException.class, () -> a.open(nonce, new byte[15], null));

        // seal ranges: out has exactly room for 40 + 16 at offset 4
        byte[] out = sentinel(60);
        rejects(NullPointerException.class, out, () -> a.seal(null, in, 0, 40, null, out, 4));
        rejects(IllegalArgumentException.class, out, () -> a.seal(shortNonce, in, 0, 40, null, out, 4));
        rejects(NullPointerException.class, out, () -> a.seal(nonce, null, 0, 40, null, out, 4));
        assertThrows(NullPointerException.class, () -> a.seal(nonce, in, 0, 40, null, null, 0));
        rejects(IndexOutOfBoundsException.class, out, () -> a.seal(nonce, in, -1, 40, null, out, 4));
        rejects(IndexOutOfBoundsException.class, out, () -> a.seal(nonce, in, 0, -1, null, out, 4));
        rejects(IndexOutOfBoundsException.class, out, () -> a.seal(nonce, in, 1, 40, null, out, 4));
        rejects(IndexOutOfBoundsException.class, out, () -> a.seal(nonce, in, 41, 0, null, out, 4));
        rejects(IndexOutOfBoundsException.class, out, () -> a.seal(nonce, in, 1, Integer.MAX_VALUE, null, out, 4));
        rejects(IndexOutOfBoundsException.class, out, () -> a.seal(nonce, in, Integer.MAX_VALUE, 2, null, out, 4));
        rejects(IndexOutOfBoundsException.class, out, () -> a.seal(nonce, in, 0, 40, null, out, -1));
        rejects(IndexOutOfBoundsException.class, out, () -> a.seal(nonce, in, 0, 40, null, out, 61));
        rejects(ShortBufferException.class, out, () -> a.seal(nonce, in, 0, 40, null, out, 5));
        rejects(ShortBufferException.class, out, () -> a.seal(nonce, in, 0, 40, null, out, 60));
        assertEquals(56, a.seal(nonce, in, 0, 40, null, out, 4)); // the boundary fits

        // open ranges: plaintext 24 bytes
        byte[] pout = sentinel(30);
        rejects(NullPointerException.class, pout, () -> a.open(null, sealed, 0, 40, null, pout, 6));
        rejects(IllegalArgumentException.class, pout, () -> a.open(longNonce, sealed, 0, 40, null, pout, 6));
        rejects(NullPointerException.class, pout, () -> a.open(nonce, null, 0, 40, null, pout, 6));
        assertThrows(NullPointerException.class, () -> a.open(nonce, sealed, 0, 40, null, null, 0));
        rejects(IndexOutOfBoundsException.class, pout, () -> a.open(nonce, sealed, -1, 40, null, pout, 6));
        rejects(IndexOutOfBoundsException.class, pout, () -> a.open(nonce, sealed, 1, 40, null, pout, 6));
        rejects(IndexOutOfBoundsException.class, pout, () -> a.open(nonce, sealed, 0, -3, null, pout, 6));
        rejects(IndexOutOfBoundsException.class, pout, () -> a.open(nonce, sealed, 0, 40, null, pout, -1));
        rejects(IndexOutOfBoundsException.class, pout, () -> a.open(nonce, sealed, 0, 40, null, pout, 31));
        rejects(ShortBufferException.class, pout, () -> a.open(nonce, sealed, 0, 40, null, pout, 7));
        rejects(AEADBadTagException.class, pout, () -> a.open(nonce, sealed, 0, 15, null, pout, 0));
        rejects(AEADBadTagException.class, pout, () -> a.open(nonce, sealed, 0, 0, null, pout, 0));

        // a bad tag zeroes exactly the plaintext range, nothing else
        byte[] forged = sealed.clone();
        forged[39] ^= 1;
        assertThrows(AEADBadTagException.class, () -> a.open(nonce, forged, 0, 40, null, pout, 6));
        assertUntouched(pout, 0, 6);
        for (int i = 6; i < 30; i++) {
            assertEquals(0, pout[i]);
        }
        // in place: no plaintext appears either
        byte[] inPlace = forged.clone();
        assertThrows(AEADBadTagException.class, () -> a.open(nonce, inPlace, 0, 40, null, inPlace, 0));
        assertArrayEquals(new byte[24], Arrays.copyOf(inPlace, 24));
        assertEquals(24, a.open(nonce, sealed, 0, 40, null, pout, 6));
    }

    @ParameterizedTest
    @MethodSource("impls")
    void badBufferArgumentsThrowBeforeWriting(CallerNonceForms a) throws Exception {
        byte[] nonce = new byte[a.nonceLength()];
        byte[] pt = new byte[24];
        byte[] sealed = a.seal(nonce, pt, null);
        for (Kind ok : new Kind[] {Kind.HEAP, Kind.DIRECT}) {
            ByteBuffer in = make(Kind.HEAP, pt, 0);
            ByteBuffer out = make(ok, sentinel(40), 0);
            out.clear();
            assertThrows(NullPointerException.class, () -> a.seal(nonce, null, null, out));
            assertThrows(NullPointerException.class, () -> a.seal(nonce, in, null, null));
            assertThrows(NullPointerException.class, () -> a.seal(null, in, null, out));
            assertThrows(IllegalArgumentException.class, () -> a.seal(new byte[3], in, null, out));
            assertThrows(IllegalArgumentException.class, () -> a.seal(nonce, out, null, out));
            assertThrows(ReadOnlyBufferException.class, () -> a.seal(nonce, in, null, out.asReadOnlyBuffer()));
            ByteBuffer small = out.duplicate().limit(39);
            assertThrows(ShortBufferException.class, () -> a.seal(nonce, in, null, small));
            assertEquals(0, in.position());
            assertEquals(0, out.position());
            assertEquals(0, small.position());
            assertUntouched(bytes(out), 0, 40);

            ByteBuffer cin = make(Kind.DIRECT, sealed, 0);
            ByteBuffer pout = make(ok, sentinel(24), 0);
            pout.clear();
            assertThrows(NullPointerException.class, () -> a.open(nonce, null, null, pout));
            assertThrows(NullPointerException.class, () -> a.open(nonce, cin, null, null));
            assertThrows(IllegalArgumentException.class, () -> a.open(new byte[40], cin, null, pout));
            assertThrows(IllegalArgumentException.class, () -> a.open(nonce, pout, null, pout));
            assertThrows(ReadOnlyBufferException.class, () -> a.open(nonce, cin, null, pout.asReadOnlyBuffer()));
            assertThrows(
                    ShortBufferException.class,
                    () -> a.open(nonce, cin, null, pout.duplicate().limit(23)));
            assertThrows(
                    AEADBadTagException.class,
                    () -> a.open(nonce, cin.duplicate().limit(15), null, pout));
            assertEquals(0, cin.position());
            assertEquals(0, pout.position());
            assertUntouched(bytes(pout), 0, 24);

            // forged: positions stay, plaintext range zeroed
            ByteBuffer forged = make(Kind.DIRECT, flip(sealed, 5), 0);
            ByteBuffer pout2 = make(ok, sentinel(30), 0);
            pout2.clear().position(3);
            assertThrows(AEADBadTagException.class, () -> a.open(nonce, forged, null, pout2));
            assertEquals(0, forged.position());
            assertEquals(3, pout2.position());
            byte[] after = bytes(pout2);
            assertUntouched(after, 0, 3);
            assertArrayEquals(new byte[24], Arrays.copyOfRange(after, 3, 27));
            assertUntouched(after, 27, 30);
        }
    }

    static byte[] bytes(ByteBuffer b) {
        byte[] r = new byte[b.capacity()];
        b.duplicate().clear().get(r);
        return r;
    }

    @Test
    void messageLengthLimitIsTheIetfCounterLimit() {
        assertEquals(274877906880L, AeadCore.MAX_MESSAGE_LENGTH);
        AeadCore.checkMessageLength(AeadCore.MAX_MESSAGE_LENGTH);
        assertThrows(
                IllegalArgumentException.class, () -> AeadCore.checkMessageLength(AeadCore.MAX_MESSAGE_LENGTH + 1));
        assertThrows(IllegalArgumentException.class, () -> AeadCore.checkArrayLength(Integer.MAX_VALUE));
        AeadCore.checkArrayLength(1 << 20);
    }

    @Test
    void exceptionMessagesCarryNoKeyMaterial() {
        byte[] key = new byte[32];
        Arrays.fill(key, (byte) 0xab);
        String hex = Hex.s(key).substring(0, 8);
        List<Executable> calls = List.of(
                () -> new ChaCha20Poly1305CallerNonce(Arrays.copyOf(key, 31)),
                () -> new XChaCha20Poly1305CallerNonce(key).seal(new byte[3], new byte[1], null),
                () -> new ChaCha20Poly1305CallerNonce(key).open(new byte[12], new byte[20], null),
                () -> new ChaCha20Poly1305(key).open(new byte[3], null),
                () -> new Poly1305(Arrays.copyOf(key, 31)));
        for (Executable c : calls) {
            Throwable t = assertThrows(Exception.class, c);
            assertFalse(String.valueOf(t.getMessage()).toLowerCase().contains(hex), t.toString());
            assertFalse(String.valueOf(t.getMessage()).isEmpty());
        }
    }
}
