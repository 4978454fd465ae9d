// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jchacha.Backend;
import io.jchacha.Backends;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The two bridges to the native library (JNI, and FFM on JDK 22+): the one in use is the one the run asked for, both
 * produce the same bytes over the same kernels (including calls longer than one 64 KiB critical chunk, where the
 * counter moves on between downcalls), and bad arguments get the same exceptions from both, never a crash.
 */
class NativeBridgeTest {
    private static final int[] SIZES = {0, 1, 63, 64, 65, 1000, 4096, 64 * 1024 + 100, 2 * 64 * 1024 + 64 + 7};

    /** The FFM bridge, or the test is skipped with why it cannot run here. */
    private static NativeCalls ffm() {
        assumeTrue(NativeLibrary.failure() == null, "no native library: " + NativeLibrary.failure());
        Opened<NativeCalls> f = Bridge.ffm();
        assumeTrue(f.failure() == null, "FFM bridge: " + f.failure());
        return f.value();
    }

    private static List<Integer> handles() {
        List<Integer> h = new ArrayList<>();
        for (Backend b : Backend.values()) {
            if (b.isNative() && Engines.unavailableReason(b) == null) {
                h.add(NativeChaCha.backendHandle(b.id()));
            }
        }
        assumeTrue(!h.isEmpty(), "no native backend runs here");
        return h;
    }

    @Test
    void theRunUsesTheBridgeItAskedFor() {
        String requested = System.getProperty(Bridge.PROPERTY, "auto");
        boolean ffmBuilt = !System.getProperty("jchacha.test.jdk25Java", "").isEmpty();
        int jdk = Runtime.version().feature();
        assumeTrue(NativeLibrary.failure() == null, "no native library: " + NativeLibrary.failure());
        if (requested.equals("jni")) {
            assertEquals("jni", Backends.bridge(), Backends.bridgeReason());
        } else if (jdk < 22) {
            assertEquals("auto", requested, "this suite forces ffm only on JDK 22+");
            assertEquals("jni", Backends.bridge(), Backends.bridgeReason());
            assertTrue(Backends.bridgeReason().contains("needs JDK 22"), Backends.bridgeReason());
        } else if (ffmBuilt) {
            assertEquals(
                    requested.equals("ffm") || Bridge.AUTO_FFM ? "ffm" : "jni",
                    Backends.bridge(),
                    Backends.bridgeReason());
        }
        Engine e = Engines.active();
        if (e instanceof NativeEngine) {
            assertEquals(Backends.bridge(), ((NativeEngine) e).bridge());
        }
    }

    @Test
    void ffmGivesTheSameBytesAsJni() {
        NativeCalls ffm = ffm();
        SplittableRandom r = new SplittableRandom(9);
        for (int h : handles()) {
            for (int len : SIZES) {
                for (int mode = 0; mode < 4; mode++) { // 0: separate arrays, 1: in place, 2: keystream, 3: direct
                    boolean counter64 = r.nextBoolean();
                    long[] w = new long[6];
                    for (int i = 0; i < 6; i++) {
                        w[i] = r.nextLong();
                    }
                    // counter64 carries from word 12 into 13 inside the call; IETF's word 12 never wraps
                    w[4] = counter64 ? (w[4] | 0xFFFF_FFFFL) - 1500 : w[4] & 0xFFFF_FFFF_0000_FFFFL;
                    int rounds = new int[] {8, 12, 20}[r.nextInt(3)];
                    int inOff = r.nextInt(100);
                    int outOff = mode == 1 ? inOff : r.nextInt(100);
                    byte[] in = new byte[inOff + len + r.nextInt(50)];
                    r.nextBytes(in);
                    byte[][] outs = new byte[2][];
                    NativeCalls[] both = {JniCalls.INSTANCE, ffm};
                    for (int k = 0; k < 2; k++) {
                        NativeCalls c = both[k];
                        if (mode == 3) {
                            ByteBuffer din =
                                    ByteBuffer.allocateDirect(in.length).put(in).position(7);
                            ByteBuffer dout =
                                    ByteBuffer.allocateDirect(outOff + len + 3).limit(1);
                            c.xorDirect(
                                    h, w[0], w[1], w[2], w[3], w[4], w[5], rounds, counter64, din, inOff, dout, outOff,
                                    len);
                            outs[k] = new byte[dout.capacity()];
                            dout.duplicate().clear().get(0, outs[k]);
                            assertEquals(1, dout.limit(), "position and limit are left alone");
                        } else {
                            byte[] out = mode == 1 ? in.clone() : new byte[outOff + len + 3];
                            // a keystream call's input offset is not looked at, even a negative one
                            c.xorArray(
                                    h,
                                    w[0],
                                    w[1],
                                    w[2],
                                    w[3],
                                    w[4],
                                    w[5],
                                    rounds,
                                    counter64,
                                    mode == 2 ? null : mode == 1 ? out : in,
                                    mode == 2 ? -1 - inOff : inOff,
                                    out,
                                    outOff,
                                    len);
                            outs[k] = out;
                        }
                    }
                    assertArrayEquals(outs[0], outs[1], "handle " + h + ", " + len + " bytes, mode " + mode);
                }
            }
            int[] key = r.ints(8).toArray();
            int[] nonce = r.ints(4).toArray();
            for (int rounds : new int[] {8, 12, 20}) {
                int[] a = new int[8];
                int[] b = new int[9];
                JniCalls.INSTANCE.hchacha(h, key, nonce, rounds, a);
                ffm.hchacha(h, key, nonce, rounds, b);
                assertArrayEquals(a, java.util.Arrays.copyOf(b, 8), "hchacha" + rounds);
                assertEquals(0, b[8], "nothing past 8 words written");
            }
        }
    }

    @Test
    void ffmSealsAndOpensAsJni() {
        NativeCalls ffm = ffm();
        SplittableRandom r = new SplittableRandom(10);
        NativeCalls[] both = {JniCalls.INSTANCE, ffm};
        for (int h : handles()) {
            for (int len : new int[] {0, 1, 15, 16, 17, 255, 256, 257, 4096, 64 * 1024, 64 * 1024 + 1, 200_000}) {
                for (int mode = 0; mode < 3; mode++) { // 0: separate arrays, 1: in place, 2: output 5 bytes after
                    int[] state = r.ints(16).toArray(); // words 12..15: not the nonce, which comes apart
                    int n0 = r.nextInt(), n1 = r.nextInt(), n2 = r.nextInt();
                    byte[] aad = new byte[r.nextInt(3) == 0 ? 0 : 40];
                    r.nextBytes(aad);
                    int aadOff = aad.length == 0 ? 0 : r.nextInt(10);
                    int aadLen = aad.length == 0 ? 0 : r.nextInt(30);
                    byte[] msg = new byte[len];
                    r.nextBytes(msg);
                    byte[][] sealed = new byte[2][];
                    byte[][] opened = new byte[2][];
                    boolean[] forged = new boolean[2];
                    for (int k = 0; k < 2; k++) {
                        NativeCalls c = both[k];
                        byte[] buf = new byte[len + 40];
                        System.arraycopy(msg, 0, buf, 3, len);
                        byte[] out = mode == 0 ? new byte[len + 40] : buf;
                        int outOff = mode == 0 ? 1 : mode == 1 ? 3 : 8;
                        c.sealArray(h, state, n0, n1, n2, aad, aadOff, aadLen, buf, 3, len, out, outOff);
                        sealed[k] = java.util.Arrays.copyOfRange(out, outOff, outOff + len + 16);
                        byte[] back = mode == 0 ? new byte[len + 3] : out;
                        int backOff = mode == 0 ? 2 : mode == 1 ? outOff : outOff - 5;
                        assertTrue(
                                c.openArray(h, state, n0, n1, n2, aad, aadOff, aadLen, out, outOff, len, back, backOff),
                                c.name() + ": open of its own seal");
                        opened[k] = java.util.Arrays.copyOfRange(back, backOff, backOff + len);
                        byte[] bad = sealed[k].clone();
                        bad[r.nextInt(bad.length)] ^= 1;
                        byte[] zeros = new byte[len];
                        java.util.Arrays.fill(zeros, (byte) 7);
                        forged[k] = c.openArray(h, state, n0, n1, n2, aad, aadOff, aadLen, bad, 0, len, zeros, 0);
                        assertArrayEquals(new byte[len], zeros, c.name() + ": a forged message leaves zeros");
                    }
                    String what = "handle " + h + ", " + len + " bytes, mode " + mode;
                    byte[] ref = new byte[len + 16];
                    new JavaAead(JavaEngine.INSTANCE).seal(state, n0, n1, n2, aad, aadOff, aadLen, msg, 0, len, ref, 0);
                    assertArrayEquals(ref, sealed[0], what);
                    assertArrayEquals(sealed[0], sealed[1], what);
                    assertArrayEquals(msg, opened[0], what);
                    assertArrayEquals(msg, opened[1], what);
                    assertEquals(false, forged[0] || forged[1], what);
                }
            }
        }
    }

    /**
     * SSH packets (chacha20-poly1305@openssh.com) in one call, on JNI and FFM: both as BouncyCastle's composition
     * ({@link io.jchacha.fuzz.ReferenceOpenSsh}), apart at offsets and in place, up to the longest body one call takes;
     * key arrays whose words 12..15 are not the packet's; a forged packet writes nothing on either bridge.
     */
    @Test
    void ffmSealsSshPacketsAsJni() throws Exception {
        NativeCalls ffm = ffm();
        SplittableRandom r = new SplittableRandom(48);
        NativeCalls[] both = {JniCalls.INSTANCE, ffm};
        for (int h : handles()) {
            for (int body : new int[] {0, 1, 12, 60, 61, 2048, 2049, 4096, 64 * 1024 - 20}) {
                for (boolean inPlace : new boolean[] {false, true}) {
                    byte[] key = new byte[64];
                    r.nextBytes(key);
                    int[] mainKey = r.ints(16).toArray(); // words 12..15 stay garbage: C must not read them
                    int[] headerKey = r.ints(16).toArray();
                    ChaChaBlock.setConstants(mainKey);
                    ChaChaBlock.setKey(mainKey, key, 0);
                    ChaChaBlock.setConstants(headerKey);
                    ChaChaBlock.setKey(headerKey, key, 32);
                    long seq = new long[] {0, 1, 1L << 31, 0xFFFF_FFFFL}[r.nextInt(4)];
                    byte[] plain = new byte[4 + body];
                    r.nextBytes(plain);
                    byte[] want = io.jchacha.fuzz.ReferenceOpenSsh.seal(key, seq, plain);
                    String what = "handle " + h + ", body " + body + (inPlace ? ", in place" : "") + ", seq " + seq;
                    for (NativeCalls c : both) {
                        byte[] in = new byte[5 + want.length];
                        System.arraycopy(plain, 0, in, 5, plain.length);
                        byte[] out = inPlace ? in : new byte[2 + want.length];
                        int outOff = inPlace ? 5 : 2;
                        c.sshSeal(h, mainKey, headerKey, seq, in, 5, body, out, outOff);
                        assertArrayEquals(
                                want,
                                Arrays.copyOfRange(out, outOff, outOff + want.length),
                                c.name() + " seal, " + what);
                        byte[] back = inPlace ? out : new byte[plain.length + 1];
                        int backOff = inPlace ? outOff : 1;
                        assertTrue(c.sshOpen(h, mainKey, headerKey, seq, out, outOff, body, back, backOff), what);
                        assertArrayEquals(
                                plain,
                                Arrays.copyOfRange(back, backOff, backOff + plain.length),
                                c.name() + " open, " + what);
                        byte[] bad = want.clone();
                        bad[r.nextInt(bad.length)] ^= 1;
                        byte[] kept = bad.clone();
                        byte[] sevens = new byte[plain.length];
                        Arrays.fill(sevens, (byte) 7);
                        assertFalse(c.sshOpen(h, mainKey, headerKey, seq, bad, 0, body, sevens, 0), what);
                        assertFalse(c.sshOpen(h, mainKey, headerKey, seq, bad, 0, body, bad, 0), what);
                        byte[] allSevens = new byte[plain.length];
                        Arrays.fill(allSevens, (byte) 7);
                        assertArrayEquals(allSevens, sevens, c.name() + ": a forged packet wrote, " + what);
                        assertArrayEquals(kept, bad, c.name() + ": a forged packet wrote in place, " + what);
                    }
                }
            }
        }
    }

    /**
     * XChaCha20-Poly1305 with the subkey derived in C, on JNI and (where it runs) FFM: as Java's HChaCha20 followed by
     * the Java AEAD, for lengths on both sides of the short path, the FFM chunk (which goes to JNI past it) and
     * in place; the key array's words 12..15 are not the nonce.
     */
    @Test
    void xchachaDerivesTheSubkeyInCAsJavaDoes() {
        List<NativeCalls> bridges = new ArrayList<>(List.of(JniCalls.INSTANCE));
        if (Bridge.ffm().failure() == null) {
            bridges.add(Bridge.ffm().value());
        }
        SplittableRandom r = new SplittableRandom(11);
        for (int h : handles()) {
            for (int len : new int[] {0, 1, 63, 64, 600, 1023, 1024, 5000, 64 * 1024 + 1}) {
                int[] key = r.ints(16).toArray();
                ChaChaBlock.setConstants(key); // words 0..3 are the constants (AeadEngine), 12..15 stay random
                int x0 = r.nextInt(), x1 = r.nextInt(), x2 = r.nextInt(), x3 = r.nextInt();
                int n1 = r.nextInt(), n2 = r.nextInt();
                byte[] aad = new byte[r.nextInt(40)];
                r.nextBytes(aad);
                byte[] msg = new byte[len];
                r.nextBytes(msg);
                byte[] ref = new byte[len + 16];
                new JavaAead(JavaEngine.INSTANCE)
                        .seal(
                                AeadEngine.xchachaKey(key, x0, x1, x2, x3),
                                0,
                                n1,
                                n2,
                                aad,
                                0,
                                aad.length,
                                msg,
                                0,
                                len,
                                ref,
                                0);
                for (NativeCalls c : bridges) {
                    String what = c.name() + ", handle " + h + ", " + len + " bytes";
                    byte[] buf = new byte[len + 20];
                    System.arraycopy(msg, 0, buf, 2, len);
                    c.xsealArray(h, key, x0, x1, x2, x3, n1, n2, aad, 0, aad.length, buf, 2, len, buf, 2);
                    assertArrayEquals(
                            ref, java.util.Arrays.copyOfRange(buf, 2, 2 + len + 16), "in-place seal, " + what);
                    byte[] back = new byte[len + 1];
                    assertTrue(
                            c.xopenArray(h, key, x0, x1, x2, x3, n1, n2, aad, 0, aad.length, ref, 0, len, back, 1),
                            "open, " + what);
                    assertArrayEquals(msg, java.util.Arrays.copyOfRange(back, 1, 1 + len), "open, " + what);
                    java.util.Arrays.fill(back, (byte) 7);
                    assertFalse(
                            c.xopenArray(h, key, x0 ^ 1, x1, x2, x3, n1, n2, aad, 0, aad.length, ref, 0, len, back, 1),
                            "another subkey opens, " + what);
                    assertArrayEquals(new byte[len], java.util.Arrays.copyOfRange(back, 1, 1 + len), what);
                }
            }
        }
    }

    /**
     * The FFM bridge's XOR of two arrays (the stream layer's keystream buffer with the input) is the byte-wise XOR, for
     * every backend, at offsets, in place, and over more than one critical chunk; JNI has none and never asks for one.
     */
    @Test
    void ffmXorBytesIsTheBytewiseXor() {
        NativeCalls ffm = ffm();
        assertEquals(Integer.MAX_VALUE, JniCalls.INSTANCE.xorBytesMin());
        assertTrue(ffm.xorBytesMin() > 0 && ffm.xorBytesMin() < 16 * 1024, "threshold " + ffm.xorBytesMin());
        SplittableRandom r = new SplittableRandom(11);
        EngineScratch scratch = new EngineScratch(); // one owner: its kept segments must follow new arrays
        // the last: more than one critical chunk
        int[] sizes = {0, 1, 7, 8, 63, 64, 65, 191, 192, 193, 1000, 16 * 1024, 64 * 1024 + 100};
        for (int h : handles()) {
            for (int len : sizes) {
                for (boolean inPlace : new boolean[] {false, true}) {
                    int aOff = r.nextInt(9);
                    int bOff = r.nextInt(9);
                    int outOff = inPlace ? aOff : r.nextInt(9);
                    byte[] a = new byte[len + 9];
                    byte[] b = new byte[len + 9];
                    r.nextBytes(a);
                    r.nextBytes(b);
                    byte[] out = inPlace ? a : new byte[len + 9];
                    byte[] want = (inPlace ? a : out).clone();
                    for (int i = 0; i < len; i++) {
                        want[outOff + i] = (byte) (a[aOff + i] ^ b[bOff + i]);
                    }
                    ffm.xorBytes(h, a, aOff, b, bOff, out, outOff, len, scratch);
                    assertArrayEquals(want, out, "handle " + h + " len " + len + " in place " + inPlace);
                }
            }
        }
        int h = handles().get(0);
        // the same arrays again with new contents, then in other roles: the kept segments name the arrays passed
        byte[] p = new byte[500];
        byte[] q = new byte[500];
        byte[] o = new byte[500];
        for (int round = 0; round < 4; round++) {
            r.nextBytes(p);
            r.nextBytes(q);
            byte[] a = round < 2 ? p : q;
            byte[] b = round < 2 ? q : o;
            byte[] out = round == 3 ? a : round < 2 ? o : p;
            byte[] want = new byte[400];
            for (int i = 0; i < 400; i++) {
                want[i] = (byte) (a[i] ^ b[i]);
            }
            ffm.xorBytes(h, a, 0, b, 0, out, 0, 400, scratch);
            assertArrayEquals(want, Arrays.copyOf(out, 400), "round " + round);
        }
        scratch.wipe();
        assertEquals(null, scratch.bridge(), "a wipe drops the kept arrays");
        byte[] x = new byte[100];
        int[][] ranges = {{-1, 10}, {0, 101}, {95, 6}, {0, -1}, {Integer.MAX_VALUE, 2}, {1, Integer.MAX_VALUE}};
        for (int[] g : ranges) {
            assertThrows(
                    ArrayIndexOutOfBoundsException.class,
                    () -> ffm.xorBytes(h, x, g[0], x, 0, new byte[300], 0, g[1], scratch),
                    "a " + g[0] + "+" + g[1]);
            assertThrows(
                    ArrayIndexOutOfBoundsException.class,
                    () -> ffm.xorBytes(h, new byte[300], 0, x, g[0], new byte[300], 0, g[1], scratch),
                    "b " + g[0] + "+" + g[1]);
            assertThrows(
                    ArrayIndexOutOfBoundsException.class,
                    () -> ffm.xorBytes(h, new byte[300], 0, new byte[300], 0, x, g[0], g[1], scratch),
                    "out " + g[0] + "+" + g[1]);
        }
        assertThrows(NullPointerException.class, () -> ffm.xorBytes(h, null, 0, x, 0, x, 0, 1, scratch));
        assertThrows(NullPointerException.class, () -> ffm.xorBytes(h, x, 0, null, 0, x, 0, 1, scratch));
        assertThrows(NullPointerException.class, () -> ffm.xorBytes(h, x, 0, x, 0, null, 0, 1, scratch));
        for (int bad : new int[] {-1, 7, 8, Integer.MIN_VALUE}) {
            assertThrows(
                    IllegalStateException.class,
                    () -> ffm.xorBytes(bad, x, 0, x, 0, x, 0, 10, scratch),
                    "handle " + bad);
        }
        assertThrows(
                UnsupportedOperationException.class, () -> JniCalls.INSTANCE.xorBytes(h, x, 0, x, 0, x, 0, 1, scratch));
    }

    /** Both bridges throw the same exception class for the same bad argument. */
    private static void same(NativeCalls ffm, String what, java.util.function.Function<NativeCalls, Executable> call) {
        Class<? extends Throwable> jni = assertThrows(RuntimeException.class, call.apply(JniCalls.INSTANCE), what)
                .getClass();
        assertEquals(
                jni, assertThrows(RuntimeException.class, call.apply(ffm), what).getClass(), what);
    }

    @Test
    void badArgumentsGetTheSameExceptionsFromBothBridges() {
        NativeCalls ffm = ffm();
        int h = handles().get(0);
        byte[] a = new byte[100];
        ByteBuffer d = ByteBuffer.allocateDirect(100);
        int[][] ranges = {{-1, 10}, {0, 101}, {95, 6}, {0, -1}, {Integer.MAX_VALUE, 2}, {1, Integer.MAX_VALUE}};
        for (int[] g : ranges) {
            String what = "range " + g[0] + "+" + g[1];
            same(ffm, "out " + what, c -> () -> c.xorArray(h, 0, 0, 0, 0, 0, 0, 20, false, a, 0, a, g[0], g[1]));
            same(
                    ffm,
                    "in " + what,
                    c -> () -> c.xorArray(h, 0, 0, 0, 0, 0, 0, 20, false, a, g[0], new byte[200], 0, g[1]));
            same(
                    ffm,
                    "direct out " + what,
                    c -> () -> c.xorDirect(h, 0, 0, 0, 0, 0, 0, 20, false, null, 0, d, g[0], g[1]));
            same(
                    ffm,
                    "direct in " + what,
                    c -> () -> c.xorDirect(
                            h, 0, 0, 0, 0, 0, 0, 20, false, d, g[0], ByteBuffer.allocateDirect(200), 0, g[1]));
        }
        same(ffm, "null out", c -> () -> c.xorArray(h, 0, 0, 0, 0, 0, 0, 20, false, a, 0, null, 0, 1));
        same(
                ffm,
                "heap buffer",
                c -> () -> c.xorDirect(h, 0, 0, 0, 0, 0, 0, 20, false, null, 0, ByteBuffer.allocate(10), 0, 1));
        for (int bad : new int[] {-1, 7, 8, Integer.MIN_VALUE}) {
            same(ffm, "handle " + bad, c -> () -> c.xorArray(bad, 0, 0, 0, 0, 0, 0, 20, false, a, 0, a, 0, 10));
            same(ffm, "hchacha handle " + bad, c -> () -> c.hchacha(bad, new int[8], new int[4], 20, new int[8]));
        }
        for (int rounds : new int[] {0, 10, 21}) {
            same(ffm, "rounds " + rounds, c -> () -> c.xorArray(h, 0, 0, 0, 0, 0, 0, rounds, false, a, 0, a, 0, 0));
            same(ffm, "hchacha rounds " + rounds, c -> () -> c.hchacha(h, new int[8], new int[4], rounds, new int[8]));
        }
        int[] st = new int[16];
        byte[] aad = new byte[20];
        for (int[] g : ranges) {
            String what = "range " + g[0] + "+" + g[1];
            same(
                    ffm,
                    "seal in " + what,
                    c -> () -> c.sealArray(h, st, 0, 0, 0, aad, 0, 0, a, g[0], g[1], new byte[300], 0));
            same(
                    ffm,
                    "seal aad " + what,
                    c -> () -> c.sealArray(h, st, 0, 0, 0, aad, g[0], g[1], a, 0, 10, new byte[30], 0));
            same(
                    ffm,
                    "open in " + what,
                    c -> () -> c.openArray(h, st, 0, 0, 0, aad, 0, 0, a, g[0], g[1], new byte[300], 0));
        }
        for (int outOff : new int[] {-1, 90, 101, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            same(
                    ffm,
                    "seal out at " + outOff,
                    c -> () -> c.sealArray(h, st, 0, 0, 0, aad, 0, 0, new byte[30], 0, 10, a, outOff));
            same(
                    ffm,
                    "open out at " + outOff,
                    c -> () ->
                            c.openArray(h, st, 0, 0, 0, aad, 0, 0, new byte[30], 0, 14, a, outOff == 90 ? 87 : outOff));
        }
        same(ffm, "seal short output", c -> () -> c.sealArray(h, st, 0, 0, 0, aad, 0, 0, a, 0, 10, new byte[25], 0));
        same(ffm, "open short input", c -> () -> c.openArray(h, st, 0, 0, 0, aad, 0, 0, new byte[25], 0, 10, a, 0));
        same(ffm, "seal null aad", c -> () -> c.sealArray(h, st, 0, 0, 0, null, 0, 0, a, 0, 10, new byte[30], 0));
        same(ffm, "seal null state", c -> () -> c.sealArray(h, null, 0, 0, 0, aad, 0, 0, a, 0, 10, new byte[30], 0));
        same(
                ffm,
                "open short state",
                c -> () -> c.openArray(h, new int[15], 0, 0, 0, aad, 0, 0, new byte[30], 0, 10, a, 0));
        same(ffm, "seal null input", c -> () -> c.sealArray(h, st, 0, 0, 0, aad, 0, 0, null, 0, 10, new byte[30], 0));
        same(ffm, "open null output", c -> () -> c.openArray(h, st, 0, 0, 0, aad, 0, 0, new byte[30], 0, 10, null, 0));
        for (int bad : new int[] {-1, 7, 8, Integer.MIN_VALUE}) {
            same(
                    ffm,
                    "seal handle " + bad,
                    c -> () -> c.sealArray(bad, st, 0, 0, 0, aad, 0, 0, a, 0, 10, new byte[30], 0));
            same(
                    ffm,
                    "open handle " + bad,
                    c -> () -> c.openArray(bad, st, 0, 0, 0, aad, 0, 0, new byte[30], 0, 10, a, 0));
        }
        same(
                ffm,
                "xseal null aad",
                c -> () -> c.xsealArray(h, st, 1, 2, 3, 4, 5, 6, null, 0, 0, a, 0, 10, new byte[30], 0));
        same(
                ffm,
                "xopen short state",
                c -> () -> c.xopenArray(h, new int[15], 1, 2, 3, 4, 5, 6, aad, 0, 0, new byte[30], 0, 10, a, 0));
        same(
                ffm,
                "xseal short output",
                c -> () -> c.xsealArray(h, st, 1, 2, 3, 4, 5, 6, aad, 0, 0, a, 0, 10, new byte[25], 0));
        same(
                ffm,
                "xopen handle -1",
                c -> () -> c.xopenArray(-1, st, 1, 2, 3, 4, 5, 6, aad, 0, 0, new byte[30], 0, 10, a, 0));
        int[] k = new int[16];
        for (int[] g : ranges) {
            String what = "range " + g[0] + "+" + g[1];
            same(ffm, "ssh seal in " + what, c -> () -> c.sshSeal(h, k, k, 0, a, g[0], g[1], new byte[300], 0));
            same(ffm, "ssh open in " + what, c -> () -> c.sshOpen(h, k, k, 0, a, g[0], g[1], new byte[300], 0));
            same(ffm, "ssh seal out " + what, c -> () -> c.sshSeal(h, k, k, 0, new byte[300], 0, g[1], a, g[0]));
            same(ffm, "ssh open out " + what, c -> () -> c.sshOpen(h, k, k, 0, new byte[300], 0, g[1], a, g[0]));
        }
        for (long seq : new long[] {-1, 1L << 32, Long.MIN_VALUE, Long.MAX_VALUE}) {
            same(ffm, "ssh seal seq " + seq, c -> () -> c.sshSeal(h, k, k, seq, a, 0, 10, new byte[30], 0));
            same(ffm, "ssh open seq " + seq, c -> () -> c.sshOpen(h, k, k, seq, new byte[30], 0, 10, a, 0));
        }
        byte[] big = new byte[70_000];
        for (int body : new int[] {-1, 64 * 1024 - 19, 100_000, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            same(ffm, "ssh seal body " + body, c -> () -> c.sshSeal(h, k, k, 0, big, 0, body, big, 0));
            same(ffm, "ssh open body " + body, c -> () -> c.sshOpen(h, k, k, 0, big, 0, body, big, 0));
        }
        for (int shift : new int[] {-1, 1, 13, -13}) {
            same(ffm, "ssh seal overlap " + shift, c -> () -> c.sshSeal(h, k, k, 0, a, 20, 10, a, 20 + shift));
            same(ffm, "ssh open overlap " + shift, c -> () -> c.sshOpen(h, k, k, 0, a, 20, 10, a, 20 + shift));
        }
        same(ffm, "ssh null main key", c -> () -> c.sshSeal(h, null, k, 0, a, 0, 10, new byte[30], 0));
        same(ffm, "ssh null header key", c -> () -> c.sshOpen(h, k, null, 0, new byte[30], 0, 10, a, 0));
        same(ffm, "ssh short main key", c -> () -> c.sshSeal(h, new int[15], k, 0, a, 0, 10, new byte[30], 0));
        same(ffm, "ssh short header key", c -> () -> c.sshOpen(h, k, new int[12], 0, new byte[30], 0, 10, a, 0));
        same(ffm, "ssh null input", c -> () -> c.sshSeal(h, k, k, 0, null, 0, 10, new byte[30], 0));
        same(ffm, "ssh null output", c -> () -> c.sshOpen(h, k, k, 0, new byte[30], 0, 10, null, 0));
        for (int bad : new int[] {-1, 7, 8, Integer.MIN_VALUE}) {
            same(ffm, "ssh seal handle " + bad, c -> () -> c.sshSeal(bad, k, k, 0, a, 0, 10, new byte[30], 0));
            same(ffm, "ssh open handle " + bad, c -> () -> c.sshOpen(bad, k, k, 0, new byte[30], 0, 10, a, 0));
        }
        // two faults at once: both bridges report the same one (the handle is checked last on both)
        same(ffm, "ssh bad handle and seq", c -> () -> c.sshSeal(-1, k, k, -1, a, 0, 10, new byte[30], 0));
        same(ffm, "ssh bad handle and range", c -> () -> c.sshOpen(7, k, k, 0, new byte[3], 0, 10, a, 0));
        same(ffm, "ssh bad handle and key", c -> () -> c.sshOpen(-1, k, null, 0, new byte[30], 0, 10, a, 0));
        same(ffm, "short key", c -> () -> c.hchacha(h, new int[7], new int[4], 20, new int[8]));
        same(ffm, "short out", c -> () -> c.hchacha(h, new int[8], new int[4], 20, new int[7]));
        same(ffm, "null nonce", c -> () -> c.hchacha(h, new int[8], null, 20, new int[8]));
    }
}
