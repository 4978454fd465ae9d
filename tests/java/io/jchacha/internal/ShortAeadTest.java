// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jchacha.Backend;
import io.jchacha.ChaCha20Poly1305CallerNonce;
import io.jchacha.HChaCha20;
import io.jchacha.TestSupport;
import io.jchacha.XChaCha20Poly1305CallerNonce;
import io.jchacha.fuzz.Reference;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Short messages against BouncyCastle, every length 0..330 and every length around 512, 1024, 1472, 1536 and 2048
 * bytes: the one-pass stack path (messages up to the backend's short-path length, 256 to 2047 bytes (native/aead.h),
 * with AAD up to 256 bytes: one kernel call makes the MAC key block and the keystream; from 320 or 512 bytes its MAC
 * runs on the backend's vector Poly1305) and the chunked path past it with its 512-byte groups, on every native
 * backend that runs here, on the Java AEAD, and on the active engine (which under {@code auto} hands short messages
 * to the Java engine). Separate arrays at odd offsets, in place, and the output one byte before or after the input in
 * the same array; a forged message opens to false with the output range zeroed and every byte around it untouched.
 * Then the public ChaCha20-Poly1305 and XChaCha20-Poly1305 classes, which reach the active engine.
 */
class ShortAeadTest {
    private static final byte FILL = 0x5a;
    /**
     * 0..330, then 500..530, 630..660, 750..780, 1010..1040, 1465..1495, 1525..1555 and 2030..2060: each side of
     * every short-path limit and of where its MAC moves to the vector kernel, of where its kernel call changes pass
     * (avx512: 24 blocks with the key block end at 1472 bytes, 25 at 1536), of the chunked path's groups and of
     * {@code Engines.JDK_AEAD_JAVA_BELOW}.
     */
    private static final int[] LENGTHS = IntStream.of(0, 500, 630, 750, 1010, 1465, 1525, 2030)
            .flatMap(from -> IntStream.rangeClosed(from, from == 0 ? 330 : from + 30))
            .toArray();

    /** Every AEAD path that runs here, by name. */
    private static Map<String, AeadEngine> paths() {
        Map<String, AeadEngine> m = new LinkedHashMap<>();
        m.put("active (" + Engines.activeReason() + ")", AeadEngine.forEngine(Engines.active()));
        m.put("java", new JavaAead(JavaEngine.INSTANCE));
        for (Backend b : TestSupport.nativeBackends()) {
            m.put(b.id(), (AeadEngine) Engines.forBackend(b));
        }
        if (Engines.unavailableReason(Backend.JDK) == null) {
            m.put("jdk", AeadEngine.forEngine(Engines.forBackend(Backend.JDK)));
            m.put(
                    "jdk as auto runs it",
                    AeadEngine.forEngine(((JdkEngine) Engines.forBackend(Backend.JDK))
                            .withJavaBelow(
                                    Backend.JDK.autoJavaBelow(),
                                    Engines.JDK_REKEY_JAVA_BELOW,
                                    Engines.JDK_AEAD_JAVA_BELOW)));
        }
        return m;
    }

    private static byte[] random(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    /** {@code a[off .. off + n)} equals {@code expected}; every other byte of {@code a} is still {@link #FILL}. */
    private static void assertAt(byte[] expected, byte[] a, int off, String what) {
        assertArrayEquals(expected, Arrays.copyOfRange(a, off, off + expected.length), what);
        for (int i = 0; i < a.length; i++) {
            if ((i < off || i >= off + expected.length) && a[i] != FILL) {
                throw new AssertionError(what + ": wrote byte " + i + " outside its range");
            }
        }
    }

    private static byte[] filled(int n) {
        byte[] b = new byte[n];
        Arrays.fill(b, FILL);
        return b;
    }

    private static void check(String path, AeadEngine a, int[] st, byte[] aad, int aadLen, byte[] pt, byte[] sealed) {
        int len = pt.length;
        String what = path + ", message " + len + ", aad " + aadLen;
        // separate arrays at odd offsets
        byte[] in = filled(len + 8);
        System.arraycopy(pt, 0, in, 5, len);
        byte[] out = filled(len + 16 + 10);
        a.seal(st, st[13], st[14], st[15], aad, 3, aadLen, in, 5, len, out, 3);
        assertAt(sealed, out, 3, "seal " + what);
        byte[] back = filled(len + 8);
        assertTrue(a.open(st, st[13], st[14], st[15], aad, 3, aadLen, out, 3, len, back, 7), "open " + what);
        assertAt(pt, back, 7, "open " + what);
        // in place, and the output one byte before or after the input in the same array
        for (int shift : new int[] {0, 1, -1}) {
            byte[] buf = filled(len + 16 + 9);
            System.arraycopy(pt, 0, buf, 4, len);
            a.seal(st, st[13], st[14], st[15], aad, 3, aadLen, buf, 4, len, buf, 4 + shift);
            assertArrayEquals(
                    sealed,
                    Arrays.copyOfRange(buf, 4 + shift, 4 + shift + len + 16),
                    "seal " + what + ", shift " + shift);
            assertTrue(
                    a.open(st, st[13], st[14], st[15], aad, 3, aadLen, buf, 4 + shift, len, buf, 4),
                    "open " + what + ", shift " + shift);
            assertArrayEquals(pt, Arrays.copyOfRange(buf, 4, 4 + len), "open " + what + ", shift " + shift);
        }
        // forged (a ciphertext byte, or the tag when there is none): false, output zeroed, nothing else written
        byte[] forged = sealed.clone();
        forged[len > 0 ? len / 2 : len + 15] ^= 0x10;
        byte[] sink = filled(len + 6);
        assertFalse(a.open(st, st[13], st[14], st[15], aad, 3, aadLen, forged, 0, len, sink, 3), "forged " + what);
        assertAt(new byte[len], sink, 3, "forged " + what);
    }

    @Test
    void everyLengthNearEachPathLimitOnEveryPathMatchesBouncyCastle() throws Exception {
        SplittableRandom r = new SplittableRandom(256);
        byte[] key = random(r, 32), nonce = random(r, 12);
        int[] st = AeadEngineTest.state(key, nonce);
        Map<String, AeadEngine> paths = paths();
        for (int aadLen : new int[] {0, 13, 256, 257}) {
            byte[] aad = random(r, aadLen + 5);
            byte[] aadRange = Arrays.copyOfRange(aad, 3, 3 + aadLen);
            for (int len : LENGTHS) {
                byte[] pt = random(r, len);
                byte[] sealed = Reference.seal(key, nonce, pt, aadRange);
                for (Map.Entry<String, AeadEngine> p : paths.entrySet()) {
                    check(p.getKey(), p.getValue(), st, aad, aadLen, pt, sealed);
                }
            }
        }
        assertArrayEquals(AeadEngineTest.state(key, nonce), st, "state left alone");
    }

    /** The glue's short path leaves the output range check to the copy that writes it: still an exception, no write. */
    @Test
    void shortPathRefusesAnOutputRangeThatDoesNotFitAndWritesNothing() {
        int[] st = AeadEngineTest.state(new byte[32], new byte[12]);
        byte[] none = new byte[0];
        for (Backend b : TestSupport.nativeBackends()) {
            int h = NativeChaCha.backendHandle(b.id());
            for (int len : new int[] {0, 1, 100, 256, 511, 1023, 1024, 2047}) {
                byte[] in = new byte[len + 16];
                // {output array length, output offset}: one byte short, one byte late, negative
                for (int[] r : new int[][] {{len + 15, 0}, {len + 16, 1}, {len + 16, -1}}) {
                    byte[] out = filled(r[0]);
                    assertThrows(
                            ArrayIndexOutOfBoundsException.class,
                            () -> NativeChaCha.sealArray(
                                    h, st, st[13], st[14], st[15], none, 0, 0, in, 0, len, out, r[1]),
                            b + " seal " + len);
                    assertAt(new byte[0], out, 0, b + " seal " + len);
                    if (r[0] - 16 < 0) {
                        continue;
                    }
                    byte[] pt = filled(r[0] - 16);
                    assertThrows(
                            ArrayIndexOutOfBoundsException.class,
                            () -> NativeChaCha.openArray(
                                    h, st, st[13], st[14], st[15], none, 0, 0, in, 0, len, pt, r[1]),
                            b + " open " + len);
                    assertAt(new byte[0], pt, 0, b + " open " + len);
                }
            }
        }
    }

    @Test
    void publicClassesEveryLengthNearEachPathLimit() throws Exception {
        SplittableRandom r = new SplittableRandom(257);
        byte[] key = random(r, 32), aad = random(r, 9);
        ChaCha20Poly1305CallerNonce ietf = new ChaCha20Poly1305CallerNonce(key);
        XChaCha20Poly1305CallerNonce x = new XChaCha20Poly1305CallerNonce(key);
        for (int len : LENGTHS) {
            byte[] pt = random(r, len), nonce = random(r, 12), xnonce = random(r, 24);
            byte[] xsub = HChaCha20.subkey(key, Arrays.copyOf(xnonce, 16));
            byte[] xietf = new byte[12];
            System.arraycopy(xnonce, 16, xietf, 4, 8);
            byte[][] expected = {Reference.seal(key, nonce, pt, aad), Reference.seal(xsub, xietf, pt, aad)};
            for (int k = 0; k < 2; k++) {
                byte[] n = k == 0 ? nonce : xnonce;
                String what = (k == 0 ? "ChaCha20-Poly1305 " : "XChaCha20-Poly1305 ") + len;
                byte[] buf = filled(len + 16 + 7);
                System.arraycopy(pt, 0, buf, 3, len);
                int sealedLen = k == 0 ? ietf.seal(n, buf, 3, len, aad, buf, 3) : x.seal(n, buf, 3, len, aad, buf, 3);
                assertEquals(len + 16, sealedLen);
                assertAt(expected[k], buf, 3, "in-place seal " + what);
                byte[] out = filled(len + 5);
                int opened =
                        k == 0 ? ietf.open(n, buf, 3, len + 16, aad, out, 1) : x.open(n, buf, 3, len + 16, aad, out, 1);
                assertEquals(len, opened);
                assertAt(pt, out, 1, "open " + what);
                byte[] whole = k == 0 ? ietf.open(n, expected[k], aad) : x.open(n, expected[k], aad);
                assertArrayEquals(pt, whole, "one-shot open " + what);
                assertArrayEquals(pt, Reference.open(k == 0 ? key : xsub, k == 0 ? nonce : xietf, expected[k], aad));
            }
        }
    }

    /**
     * Negative lengths reach no native buffer: open with a length of -16..-1 used to pass the input check (it covers
     * length + 16 bytes) and copy SIZE_MAX bytes on the C stack: the JVM crashed (found by review).
     */
    @Test
    void negativeLengthsAreRefusedBeforeAnyCopy() {
        int[] st = AeadEngineTest.state(new byte[32], new byte[12]);
        byte[] none = new byte[0];
        for (Backend b : TestSupport.nativeBackends()) {
            int h = NativeChaCha.backendHandle(b.id());
            for (int len : new int[] {-1, -15, -16, -17, Integer.MIN_VALUE}) {
                byte[] in = new byte[32];
                byte[] out = filled(32);
                assertThrows(
                        ArrayIndexOutOfBoundsException.class,
                        () -> NativeChaCha.openArray(h, st, st[13], st[14], st[15], none, 0, 0, in, 0, len, out, 0),
                        b + " open " + len);
                assertAt(new byte[0], out, 0, b + " open " + len);
                assertThrows(
                        ArrayIndexOutOfBoundsException.class,
                        () -> NativeChaCha.sealArray(h, st, st[13], st[14], st[15], none, 0, 0, in, 0, len, out, 0),
                        b + " seal " + len);
                assertAt(new byte[0], out, 0, b + " seal " + len);
                assertThrows(
                        ArrayIndexOutOfBoundsException.class,
                        () -> NativeChaCha.openArray(h, st, st[13], st[14], st[15], none, 0, -1, in, 0, 0, out, 0),
                        b + " open aad -1");
            }
        }
    }
}
