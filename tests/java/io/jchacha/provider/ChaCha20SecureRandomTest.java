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
        assertThrows(UnsupportedOperationException.class,
                () -> r.reseed(java.security.DrbgParameters.reseed(false, null)));
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

    /** A clock stepping back, a jump forward (a restored checkpoint), time and volume all reseed. */
    @Test
    void reseedTriggers() {
        AtomicLong clock = new AtomicLong(5_000_000);
        ChaCha20SecureRandomSpi spi = new ChaCha20SecureRandomSpi(clock::get, 1 << 20);
        byte[] b = new byte[64];
        spi.engineNextBytes(b);
        long n = spi.reseeds();
        clock.addAndGet(500);
        spi.engineNextBytes(b);
        assertEquals(n, spi.reseeds(), "a normal gap does not reseed");
        clock.addAndGet(-1);
        spi.engineNextBytes(b);
        assertEquals(n + 1, spi.reseeds(), "clock stepped back");
        clock.addAndGet(ChaCha20SecureRandomSpi.CLOCK_STEP_MILLIS + 1);
        spi.engineNextBytes(b);
        assertEquals(n + 2, spi.reseeds(), "clock jumped forward, as after a restore");
        for (int i = 0; i < 70; i++) {
            clock.addAndGet(999);
            spi.engineNextBytes(b);
        }
        assertEquals(n + 3, spi.reseeds(), "after RESEED_MILLIS");
        spi.engineNextBytes(new byte[(1 << 20) - 64]);
        assertEquals(n + 3, spi.reseeds());
        spi.engineNextBytes(b);
        assertEquals(n + 4, spi.reseeds(), "after the output bound");
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
