// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** One instance of each random-nonce class sealing on several threads at once: fresh nonces, round trips. */
class RandomNonceThreadsTest {
    @Test
    void sharedInstancesSealUnderDistinctNoncesAndOpen() throws Exception {
        byte[] key = new byte[32];
        new SplittableRandom(5).nextBytes(key);
        ChaCha20Poly1305 c = new ChaCha20Poly1305(key);
        XChaCha20Poly1305 x = new XChaCha20Poly1305(key);
        int threads = 4, messages = 3000;
        Set<ByteBuffer> nonces = ConcurrentHashMap.newKeySet();
        CyclicBarrier start = new CyclicBarrier(threads);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                final int seed = t;
                fs.add(pool.submit(() -> {
                    SplittableRandom r = new SplittableRandom(seed);
                    start.await();
                    for (int i = 0; i < messages; i++) {
                        byte[] pt = new byte[r.nextInt(200)], aad = new byte[r.nextInt(8)];
                        r.nextBytes(pt);
                        r.nextBytes(aad);
                        byte[] sc = c.seal(pt, aad), sx = x.seal(pt, aad);
                        assertTrue(nonces.add(ByteBuffer.wrap(Arrays.copyOf(sc, 12))), "12-byte nonce repeated");
                        assertTrue(nonces.add(ByteBuffer.wrap(Arrays.copyOf(sx, 24))), "24-byte nonce repeated");
                        assertArrayEquals(pt, c.open(sc, aad));
                        assertArrayEquals(pt, x.open(sx, aad));
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
        assertEquals(2 * threads * messages, nonces.size());
    }
}
