// SPDX-License-Identifier: Apache-2.0
package io.jchacha.stress;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jchacha.CallerNonceForms;
import io.jchacha.ChaCha20;
import io.jchacha.ChaCha20Poly1305;
import io.jchacha.XChaCha20Poly1305;
import io.jchacha.fuzz.Reference;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Eight threads share one instance of each AEAD class (documented as immutable and safe to share) and each runs
 * its own {@link ChaCha20}s, while another thread churns garbage and calls {@link System#gc()}: arrays pinned by
 * the JNI calls, direct buffers, and the collector all at once. Every result is checked against
 * {@link Reference} (BouncyCastle). The suite runs this once per forced backend and once under -Xcheck:jni.
 * Bounded by {@code jchacha.test.stressMillis} (default 2500 ms).
 */
class ConcurrencyStressTest {
    private static final int THREADS = 8;
    private static final long MILLIS = Long.getLong("jchacha.test.stressMillis", 2500);

    @Test
    void sharedAeadsAndOwnStreamsUnderGc() throws Exception {
        byte[] key = new byte[32];
        new Random(1).nextBytes(key);
        Shared shared = new Shared(key);
        Random warm = new Random(-1);
        callerNonce(shared, warm); // loads the library and the reference before the clock starts
        randomNonce(shared, warm);
        stream(warm);
        AtomicBoolean stop = new AtomicBoolean();
        Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS + 1);
        try {
            Future<?> churn = pool.submit(() -> churnGarbage(stop));
            List<Future<long[]>> workers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int seed = t;
                workers.add(pool.submit(() -> work(shared, new Random(seed), stop, failures)));
            }
            Thread.sleep(MILLIS);
            stop.set(true);
            long[] total = new long[3];
            for (Future<long[]> f : workers) {
                long[] n = f.get(60, TimeUnit.SECONDS);
                for (int i = 0; i < 3; i++) {
                    total[i] += n[i];
                }
            }
            churn.get(60, TimeUnit.SECONDS);
            System.out.printf(
                    "stress: %d threads, %d ms: %d caller-nonce AEAD, %d random-nonce AEAD, %d ChaCha20 runs%n",
                    THREADS, MILLIS, total[0], total[1], total[2]);
            if (!failures.isEmpty()) {
                AssertionError e = new AssertionError(failures.size() + " failures, first: " + failures.peek());
                failures.forEach(e::addSuppressed);
                throw e;
            }
            assertTrue(total[0] > 0 && total[1] > 0 && total[2] > 0, "every kind of work ran");
        } finally {
            stop.set(true);
            pool.shutdownNow();
        }
    }

    /** The instances every thread shares. */
    private static final class Shared {
        final byte[] key;
        final CallerNonceForms chacha;
        final CallerNonceForms xchacha;
        final ChaCha20Poly1305 randomChacha;
        final XChaCha20Poly1305 randomXchacha;

        Shared(byte[] key) {
            this.key = key.clone();
            chacha = new CallerNonceForms(false, key);
            xchacha = new CallerNonceForms(true, key);
            randomChacha = new ChaCha20Poly1305(key);
            randomXchacha = new XChaCha20Poly1305(key);
        }
    }

    /** Counts of caller-nonce AEAD messages, random-nonce AEAD messages and ChaCha20 runs. */
    private static long[] work(Shared s, Random rnd, AtomicBoolean stop, Queue<Throwable> failures) {
        long[] done = new long[3];
        while (!stop.get()) {
            int kind = rnd.nextInt(3);
            try {
                switch (kind) {
                    case 0:
                        callerNonce(s, rnd);
                        break;
                    case 1:
                        randomNonce(s, rnd);
                        break;
                    default:
                        stream(rnd);
                        break;
                }
                done[kind]++;
            } catch (Throwable t) {
                failures.add(t);
                if (failures.size() > 20) {
                    break;
                }
            }
        }
        return done;
    }

    /** Mostly short messages, sometimes long ones (past the 64 KiB JNI chunk). */
    private static byte[] message(Random rnd) {
        int len = rnd.nextInt(20) == 0 ? rnd.nextInt(150_000) : rnd.nextInt(rnd.nextBoolean() ? 300 : 5000);
        byte[] m = new byte[len];
        rnd.nextBytes(m);
        return m;
    }

    private static void callerNonce(Shared s, Random rnd) throws Exception {
        boolean x = rnd.nextBoolean();
        byte[] nonce = new byte[x ? 24 : 12];
        rnd.nextBytes(nonce);
        byte[] pt = message(rnd);
        byte[] aad = rnd.nextBoolean() ? null : Arrays.copyOf(pt, Math.min(pt.length, 40));
        byte[] expected = Reference.seal(s.key, nonce, pt, aad);
        CallerNonceForms aead = x ? s.xchacha : s.chacha;
        if (rnd.nextBoolean()) {
            assertArrayEquals(expected, aead.seal(nonce, pt, aad), "seal(byte[])");
            assertArrayEquals(pt, aead.open(nonce, expected, aad), "open(byte[])");
        } else {
            ByteBuffer in = ByteBuffer.allocateDirect(pt.length).put(pt).flip();
            ByteBuffer out = ByteBuffer.allocateDirect(pt.length + 16);
            aead.seal(nonce, in, aad, out);
            assertEquals(ByteBuffer.wrap(expected), out.flip(), "seal(direct)");
            ByteBuffer back = ByteBuffer.allocate(pt.length);
            aead.open(nonce, out, aad, back);
            assertArrayEquals(pt, back.array(), "open(direct -> heap)");
        }
    }

    private static void randomNonce(Shared s, Random rnd) throws Exception {
        boolean x = rnd.nextBoolean();
        int n = x ? 24 : 12;
        byte[] pt = message(rnd);
        byte[] sealed = x ? s.randomXchacha.seal(pt, null) : s.randomChacha.seal(pt, null);
        assertArrayEquals(
                Reference.seal(s.key, Arrays.copyOf(sealed, n), pt, null),
                Arrays.copyOfRange(sealed, n, sealed.length),
                "random-nonce seal");
        assertArrayEquals(pt, x ? s.randomXchacha.open(sealed, null) : s.randomChacha.open(sealed, null));
    }

    private static void stream(Random rnd) {
        ChaCha20.Variant v = ChaCha20.Variant.values()[rnd.nextInt(3)];
        int rounds = new int[] {20, 12, 8}[rnd.nextInt(3)];
        byte[] key = new byte[32];
        byte[] nonce = new byte[v.nonceLength()];
        rnd.nextBytes(key);
        rnd.nextBytes(nonce);
        long counter = rnd.nextInt(1000);
        ChaCha20 c = ChaCha20.newInstance(v, key, nonce, counter, rounds);
        byte[] pt = message(rnd);
        byte[] got = new byte[pt.length];
        for (int off = 0; off < pt.length; ) {
            int n = Math.min(pt.length - off, rnd.nextInt(rnd.nextBoolean() ? 100 : 20_000) + 1);
            if (rnd.nextBoolean()) {
                c.update(pt, off, n, got, off);
            } else {
                ByteBuffer out = ByteBuffer.allocateDirect(n);
                c.update(ByteBuffer.wrap(pt, off, n), out);
                out.flip().get(got, off, n);
            }
            off += n;
        }
        byte[] ks = Reference.keystream(key, nonce, rounds, counter, 0, pt.length);
        for (int i = 0; i < pt.length; i++) {
            ks[i] ^= pt[i];
        }
        assertArrayEquals(ks, got, c + " from counter " + counter + ", " + pt.length + " bytes");
        c.destroy();
    }

    /**
     * Allocates and drops arrays of up to 256 KiB (keeping the last 16 alive, so young collections promote some)
     * and asks for a full collection every 100 ms.
     */
    private static void churnGarbage(AtomicBoolean stop) {
        Random rnd = new Random(42);
        byte[][] keep = new byte[16][];
        long lastGc = System.nanoTime();
        int i = 0;
        while (!stop.get()) {
            keep[i++ & 15] = new byte[rnd.nextInt(1 << 18)];
            if (System.nanoTime() - lastGc > 100_000_000L) {
                System.gc();
                lastGc = System.nanoTime();
            }
        }
    }
}
