// SPDX-License-Identifier: Apache-2.0
package io.jchacha.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jchacha.JChachaProvider;
import io.jchacha.RandomnessBattery;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** SecureRandom "ChaCha20" through the provider: service attributes, threads, seeding rules, reseed triggers. */
class ChaCha20SecureRandomTest {
    private static final JChachaProvider P = new JChachaProvider();

    private static SecureRandom sr() throws Exception {
        return SecureRandom.getInstance("ChaCha20", P);
    }

    @Test
    void serviceIsThreadSafeAndWorks() throws Exception {
        assertEquals("true", P.getProperty("SecureRandom.ChaCha20 ThreadSafe"));
        assertEquals("true", P.getService("SecureRandom", "ChaCha20").getAttribute("ThreadSafe"));
        SecureRandom r = sr();
        assertEquals("ChaCha20", r.getAlgorithm());
        assertEquals(P, r.getProvider());
        r.nextBytes(new byte[0]);
        byte[] b = new byte[1 << 20];
        r.nextBytes(b);
        assertEquals(List.of(), RandomnessBattery.failures(b));
        assertEquals(24, r.generateSeed(24).length);
        assertThrows(NullPointerException.class, () -> r.nextBytes(null));
        assertThrows(IllegalArgumentException.class, () -> r.generateSeed(-1));
        r.reseed();
        assertThrows(
                UnsupportedOperationException.class, () -> r.reseed(java.security.DrbgParameters.reseed(false, null)));
    }

    /** Several threads on one instance: no exception, no 32-byte chunk handed out twice. */
    @Test
    void threadsNeverShareOutput() throws Exception {
        SecureRandom r = sr();
        Set<ByteBuffer> seen = ConcurrentHashMap.newKeySet();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            Future<?>[] fs = new Future<?>[4];
            for (int t = 0; t < fs.length; t++) {
                final int size = 32 + 32 * t * 50;
                fs[t] = pool.submit(() -> {
                    for (int i = 0; i < 500; i++) {
                        byte[] b = new byte[size];
                        r.nextBytes(b);
                        for (int k = 0; k < size; k += 32) {
                            assertTrue(seen.add(ByteBuffer.wrap(b, k, 32).slice()), "output repeated");
                        }
                    }
                    return null;
                });
            }
            for (Future<?> f : fs) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
    }

    /**
     * More threads than the per-thread table has slots, interleaved, so thread ids collide in it: still no thread
     * is handed another's generator (no 32-byte chunk repeats).
     */
    @Test
    void threadsCollidingInTheTableNeverShareOutput() throws Exception {
        SecureRandom r = sr();
        Set<ByteBuffer> seen = ConcurrentHashMap.newKeySet();
        int threads = 160;
        java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(threads);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> fs = new java.util.ArrayList<>();
            for (int t = 0; t < threads; t++) {
                fs.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < 200; i++) {
                        byte[] b = new byte[32];
                        r.nextBytes(b);
                        assertTrue(seen.add(ByteBuffer.wrap(b)), "output repeated");
                        Thread.yield();
                    }
                    return null;
                }));
            }
            for (Future<?> f : fs) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
    }

    /** setSeed adds entropy: two generators given the same seed still differ, and both reseed. */
    @Test
    void setSeedMixesInAndNeverReplaces() throws Exception {
        AtomicLong clock = new AtomicLong(1_000_000);
        ChaCha20SecureRandomSpi spiA = new ChaCha20SecureRandomSpi(clock::get, 1 << 20);
        ChaCha20SecureRandomSpi spiB = new ChaCha20SecureRandomSpi(clock::get, 1 << 20);
        byte[] a = new byte[32];
        byte[] b = new byte[32];
        spiA.engineSetSeed(new byte[32]);
        spiB.engineSetSeed(new byte[32]);
        spiA.engineNextBytes(a);
        spiB.engineNextBytes(b);
        assertFalse(Arrays.equals(a, b));
        long before = spiA.reseeds();
        spiA.engineSetSeed(new byte[] {1});
        spiA.engineNextBytes(a);
        assertEquals(before + 1, spiA.reseeds());
        spiA.engineNextBytes(a);
        assertEquals(before + 1, spiA.reseeds());
        spiA.engineReseed(null);
        spiA.engineNextBytes(a);
        assertEquals(before + 2, spiA.reseeds());
    }

    /** Asks for more than the thread's buffer can hold, so new keystream is made (and the clock read) at once. */
    private static void drawNewKeystream(ChaCha20SecureRandomSpi spi) {
        spi.engineNextBytes(new byte[ChaCha20SecureRandomSpi.MAX_UNCHECKED + 1]);
    }

    /**
     * A clock stepping back, a jump forward (a restore without CRaC), time and volume all reseed, each noticed when
     * the thread next makes keystream; bytes still in the buffer are served until then.
     */
    @Test
    void reseedTriggers() {
        AtomicLong clock = new AtomicLong(5_000_000);
        ChaCha20SecureRandomSpi spi = new ChaCha20SecureRandomSpi(clock::get, 1 << 20);
        byte[] b = new byte[64];
        spi.engineNextBytes(b);
        long n = spi.reseeds();
        clock.addAndGet(500);
        drawNewKeystream(spi);
        assertEquals(n, spi.reseeds(), "a normal gap does not reseed");
        clock.addAndGet(-1);
        spi.engineNextBytes(b);
        assertEquals(n, spi.reseeds(), "served from the buffer, the clock is not read");
        drawNewKeystream(spi);
        assertEquals(n + 1, spi.reseeds(), "clock stepped back");
        clock.addAndGet(ChaCha20SecureRandomSpi.CLOCK_STEP_MILLIS + 1);
        drawNewKeystream(spi);
        assertEquals(n + 2, spi.reseeds(), "clock jumped forward, as after a restore");
        for (int i = 0; i < 70; i++) {
            clock.addAndGet(999);
            drawNewKeystream(spi);
        }
        assertEquals(n + 3, spi.reseeds(), "after RESEED_MILLIS");
        spi.engineNextBytes(new byte[1 << 20]);
        assertEquals(n + 3, spi.reseeds(), "under the output bound when it started");
        drawNewKeystream(spi);
        assertEquals(n + 4, spi.reseeds(), "after the output bound");
    }

    /**
     * The wall clock is read once per batch of keystream, not per call; so after a clock step a thread returns at
     * most {@code MAX_UNCHECKED} bytes (what its buffer held) before it reseeds.
     */
    @Test
    void clockReadOncePerBatchAndAStepIsNoticedWithinOne() {
        AtomicLong clock = new AtomicLong(5_000_000);
        AtomicLong reads = new AtomicLong();
        ChaCha20SecureRandomSpi spi = new ChaCha20SecureRandomSpi(
                () -> {
                    reads.incrementAndGet();
                    return clock.get();
                },
                1L << 40);
        byte[] b = new byte[32];
        int calls = 10_000;
        for (int i = 0; i < calls; i++) {
            spi.engineNextBytes(b);
        }
        long batches = (long) calls * 32 / ChaCha20SecureRandomSpi.MAX_UNCHECKED + 1;
        assertTrue(reads.get() <= batches + 1, reads.get() + " clock reads for " + batches + " batches");
        for (int skip = 0; skip < 200; skip += 7) {
            for (int i = 0; i < skip; i++) {
                spi.engineNextBytes(b);
            }
            long n = spi.reseeds();
            clock.addAndGet(ChaCha20SecureRandomSpi.CLOCK_STEP_MILLIS + 1);
            int served = 0;
            while (spi.reseeds() == n) {
                spi.engineNextBytes(b);
                served += b.length;
            }
            assertTrue(served - b.length <= ChaCha20SecureRandomSpi.MAX_UNCHECKED, served + " bytes before the reseed");
        }
    }

    /**
     * CRaC's notifications: from the start of a checkpoint to the end of the restore every call reseeds, even one
     * the buffer could serve; after the restore the next call reseeds once more.
     */
    @Test
    void checkpointEpochReseedsThroughCheckpointAndAfterRestore() {
        AtomicLong clock = new AtomicLong(5_000_000);
        ChaCha20SecureRandomSpi spi = new ChaCha20SecureRandomSpi(clock::get, 1 << 20);
        byte[] b = new byte[32];
        spi.engineNextBytes(b);
        long n = spi.reseeds();
        spi.engineNextBytes(b);
        assertEquals(n, spi.reseeds());
        try {
            CheckpointEpoch.beforeCheckpoint();
            assertEquals(1, CheckpointEpoch.current() & 1);
            for (int i = 1; i <= 3; i++) {
                spi.engineNextBytes(b);
                assertEquals(n + i, spi.reseeds(), "every call between checkpoint and restore reseeds");
            }
        } finally {
            CheckpointEpoch.afterRestore();
        }
        assertEquals(0, CheckpointEpoch.current() & 1);
        spi.engineNextBytes(b);
        assertEquals(n + 4, spi.reseeds(), "the first call after the restore reseeds");
        spi.engineNextBytes(b);
        assertEquals(n + 4, spi.reseeds(), "then the buffer serves again");
        CheckpointEpoch.afterRestore();
        spi.engineNextBytes(b);
        assertEquals(n + 5, spi.reseeds(), "a failed checkpoint's afterRestore alone moves the epoch too");
    }

    /** The resource is registered by reflection with a context of the CRaC API's shape, and its callbacks work. */
    @Test
    void registersACheckpointResourceByReflection() throws Exception {
        assertFalse(CheckpointEpoch.register("no.such.api."));
        int before = FakeCrac.Core.GLOBAL.registered.size();
        assertTrue(CheckpointEpoch.register(FakeCrac.class.getName() + "$"));
        assertEquals(before + 1, FakeCrac.Core.GLOBAL.registered.size());
        FakeCrac.Resource hook = FakeCrac.Core.GLOBAL.registered.get(before);
        int e = CheckpointEpoch.current();
        try {
            hook.beforeCheckpoint(FakeCrac.Core.GLOBAL);
            assertEquals(1, CheckpointEpoch.current() & 1);
            assertTrue(CheckpointEpoch.current() != e);
        } finally {
            hook.afterRestore(FakeCrac.Core.GLOBAL);
        }
        assertEquals(0, CheckpointEpoch.current() & 1);
        assertTrue(CheckpointEpoch.current() != e);
        assertEquals(hook, hook);
        assertTrue(hook.toString().contains("checkpoint"));
    }

    /**
     * Installed first, the provider's SecureRandom is the JVM default, and the native library's extraction (a temp
     * directory, whose name comes from the default SecureRandom) runs inside the engine selection: the SecureRandom
     * must work there and the library must still load.
     */
    @Test
    void worksAsTheDefaultWhileTheEngineIsBeingSelected() throws Exception {
        java.util.List<String> cmd = io.jchacha.ChildJvm.command(true);
        cmd.addAll(java.util.List.of("-cp", System.getProperty("java.class.path"), ProviderFirstMain.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.startsWith(io.jchacha.Backends.active().id() + " ChaCha20 "), out);
    }

    @Test
    void isNotRestoredFromAStream() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(sr());
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertThrows(InvalidObjectException.class, in::readObject);
        }
    }
}
