// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jchacha.Backend;
import io.jchacha.fuzz.Reference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The working memory a {@link JavaAead} keeps for its owner between messages: zeroed after every message, taken by
 * one thread at a time, and wiped (the jdk engine's keyed Cipher with it) by {@link AeadEngine#forget()}.
 */
class AeadScratchTest {

    private static void assertZero(byte[] a, String what) {
        for (int i = 0; i < a.length; i++) {
            assertEquals(0, a[i], what + " byte " + i);
        }
    }

    private static void assertZero(int[] a, String what) {
        for (int i = 0; i < a.length; i++) {
            assertEquals(0, a[i], what + " word " + i);
        }
    }

    /** Every array of {@code s} all zero; {@code arrays} is how many it must have made. */
    private static void assertZero(EngineScratch s, int arrays, String what) {
        Object[] a = s.arraysForTest();
        int made = 0;
        for (Object x : a) {
            if (x instanceof byte[]) {
                assertZero((byte[]) x, what);
                made++;
            } else if (x instanceof int[]) {
                assertZero((int[]) x, what);
                made++;
            }
        }
        assertTrue(made >= arrays, what + ": " + made + " arrays made");
    }

    @Test
    void clearZeroesWhateverWasHandedOutSinceTheLastClear() {
        EngineScratch s = new EngineScratch();
        Arrays.fill(s.bytes(5000), (byte) 7);
        Arrays.fill(s.words(3000), 7);
        s.bytes(16)[0] = 1; // a short use after a long one: the long one's bytes must still be zeroed
        s.clear();
        assertZero(s.bytes(5000), "bytes");
        assertZero(s.words(3000), "words");
        Arrays.fill(s.bytes(40), 0, 40, (byte) 9);
        s.clear();
        assertZero(s.bytes(5000), "bytes after a short use");
    }

    @Test
    void aMessageLeavesTheSpareZeroed() throws Exception {
        JavaAead a = new JavaAead(JavaEngine.INSTANCE);
        SplittableRandom r = new SplittableRandom(3);
        byte[] key = new byte[32], nonce = new byte[12], pt = new byte[5000];
        r.nextBytes(key);
        r.nextBytes(pt);
        int[] st = AeadEngineTest.state(key, nonce);
        byte[] sealed = new byte[pt.length + 16], back = new byte[pt.length];
        a.seal(st, st[13], st[14], st[15], new byte[0], 0, 0, pt, 0, pt.length, sealed, 0);
        assertArrayEquals(Reference.seal(key, nonce, pt, new byte[0]), sealed);
        EngineScratch spare = a.spareForTest();
        assertNotNull(spare, "no spare kept");
        assertZero(spare, 2, "after seal");
        assertTrue(a.open(st, st[13], st[14], st[15], new byte[0], 0, 0, sealed, 0, pt.length, back, 0));
        assertArrayEquals(pt, back);
        assertZero(a.spareForTest(), 2, "after open");
        for (Object o : a.spareArraysForTest()) {
            if (o instanceof int[]) {
                assertArrayEquals(new int[((int[]) o).length], (int[]) o, "a state left behind");
            } else {
                assertArrayEquals(new byte[((byte[]) o).length], (byte[]) o, "a key or tag left behind");
            }
        }
    }

    @Test
    void forgetWipesTheJdkEnginesKeptCipher() {
        assumeTrue(Engines.unavailableReason(Backend.JDK) == null, "no jdk backend here");
        JdkEngine jdk = ((JdkEngine) Engines.forBackend(Backend.JDK)).withJavaBelow(256, 128, 1024);
        JavaAead a = new JavaAead(jdk);
        int[] st = AeadEngineTest.state(new byte[32], new byte[12]);
        a.seal(st, st[13], st[14], st[15], new byte[0], 0, 0, new byte[512], 0, 512, new byte[528], 0);
        EngineScratch spare = a.spareForTest();
        assertNotNull(spare.held(), "the message's SunJCE Cipher is not kept");
        a.forget();
        assertNull(a.spareForTest(), "spare still kept");
        assertNull(spare.held(), "Cipher not wiped");
    }

    /** Threads sealing and opening at once through one owner's AEAD: each message is its own, whoever has the spare. */
    @Test
    void concurrentMessagesThroughOneOwnerMatchTheReference() throws Exception {
        List<AeadEngine> owners = new ArrayList<>();
        owners.add(AeadEngine.forEngine(JavaEngine.INSTANCE));
        if (Engines.unavailableReason(Backend.JDK) == null) {
            owners.add(
                    AeadEngine.forEngine(((JdkEngine) Engines.forBackend(Backend.JDK)).withJavaBelow(256, 128, 1024)));
        }
        owners.add(AeadEngine.forEngine(Engines.active()));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            for (AeadEngine a : owners) {
                List<Future<?>> done = new ArrayList<>();
                for (int t = 0; t < 4; t++) {
                    long seed = t;
                    done.add(pool.submit(() -> {
                        SplittableRandom r = new SplittableRandom(seed);
                        for (int m = 0; m < 150; m++) {
                            byte[] key = new byte[32], nonce = new byte[12], pt = new byte[r.nextInt(1100)];
                            r.nextBytes(key);
                            r.nextBytes(nonce);
                            r.nextBytes(pt);
                            int[] st = AeadEngineTest.state(key, nonce);
                            byte[] sealed = new byte[pt.length + 16], back = new byte[pt.length];
                            a.seal(st, st[13], st[14], st[15], new byte[0], 0, 0, pt, 0, pt.length, sealed, 0);
                            assertArrayEquals(Reference.seal(key, nonce, pt, new byte[0]), sealed, a + " seal " + m);
                            assertTrue(
                                    a.open(
                                            st,
                                            st[13],
                                            st[14],
                                            st[15],
                                            new byte[0],
                                            0,
                                            0,
                                            sealed,
                                            0,
                                            pt.length,
                                            back,
                                            0),
                                    a + " open " + m);
                            assertArrayEquals(pt, back, a + " open " + m);
                        }
                        return null;
                    }));
                }
                for (Future<?> f : done) {
                    f.get();
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
