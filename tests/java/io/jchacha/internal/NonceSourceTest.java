// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The random-nonce classes' nonce source: fresh per call, per thread, distinct across threads. */
class NonceSourceTest {
    /**
     * Eight platform threads released together draw 20,000 24-byte nonces each: none repeats, and none holds a zero
     * 8-byte word. One generator shared without a lock hands two threads the same buffered bytes, or bytes another
     * thread already wiped; generators seeded alike repeat each other's sequence.
     */
    @Test
    void platformThreadsDrawDistinctNonces() throws Exception {
        int threads = 8, draws = 20_000;
        CyclicBarrier start = new CyclicBarrier(threads);
        List<List<byte[]>> drawn = new ArrayList<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            List<byte[]> mine = new ArrayList<>(draws);
            drawn.add(mine);
            ts.add(new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < draws; i++) {
                        byte[] n = new byte[24];
                        NonceSource.next(n);
                        mine.add(n);
                    }
                } catch (Throwable e) {
                    failure.set(e);
                }
            }));
        }
        ts.forEach(Thread::start);
        for (Thread t : ts) {
            t.join();
        }
        assertEquals(null, failure.get());
        Set<ByteBuffer> seen = new HashSet<>();
        for (List<byte[]> mine : drawn) {
            for (byte[] n : mine) {
                assertTrue(seen.add(ByteBuffer.wrap(n)), "a nonce repeated across threads");
                for (int k = 0; k < 24; k += 8) {
                    assertNotEquals(0L, (long) Bytes.LE_LONG.get(n, k), "a zero word: bytes already handed out");
                }
            }
        }
    }

    /** One thread, one array reused: each call overwrites it with bytes not seen before. */
    @Test
    void eachCallDrawsAFreshNonce() {
        byte[] n = new byte[12];
        Set<ByteBuffer> seen = new HashSet<>();
        for (int i = 0; i < 100_000; i++) {
            NonceSource.next(n);
            assertTrue(seen.add(ByteBuffer.wrap(n.clone())), "nonce repeated after " + i + " draws");
        }
    }

    /** Platform threads take the library's ChaCha20 generator (per thread inside), this one and any other. */
    @Test
    void platformThreadsUseTheChaCha20Generator() throws Exception {
        assertFalse(NonceSource.onVirtualThread());
        SecureRandom mine = NonceSource.source();
        assertEquals("ChaCha20", mine.getAlgorithm());
        AtomicReference<SecureRandom> other = new AtomicReference<>();
        Thread t = new Thread(() -> other.set(NonceSource.source()));
        t.start();
        t.join();
        assertSame(mine, other.get());
    }

    /**
     * JDK 21+: a virtual thread takes the JDK's shared SecureRandom instead (no generator seeded per virtual
     * thread); 200 virtual threads still draw distinct nonces.
     */
    @Test
    void virtualThreadsUseTheSharedJdkSource() throws Exception {
        assumeTrue(Runtime.version().feature() >= 21, "virtual threads need JDK 21");
        List<byte[]> drawn = new ArrayList<>();
        AtomicReference<Object> seenSource = new AtomicReference<>();
        AtomicReference<Boolean> seenVirtual = new AtomicReference<>();
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < 200; t++) {
            byte[] n = new byte[24];
            drawn.add(n);
            ts.add((Thread) Thread.class
                    .getMethod("startVirtualThread", Runnable.class)
                    .invoke(null, (Runnable) () -> {
                        seenVirtual.set(NonceSource.onVirtualThread());
                        seenSource.set(NonceSource.source());
                        NonceSource.next(n);
                    }));
        }
        for (Thread t : ts) {
            t.join();
        }
        assertEquals(Boolean.TRUE, seenVirtual.get());
        assertNotSame(NonceSource.source(), seenSource.get());
        Set<ByteBuffer> seen = new HashSet<>();
        for (byte[] n : drawn) {
            assertFalse(Arrays.equals(new byte[24], n));
            assertTrue(seen.add(ByteBuffer.wrap(n)), "a nonce repeated across virtual threads");
        }
    }
}
