// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.jchacha.ChaCha20;
import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The fast-key-erasure generator against a model built on the public original-variant ChaCha20 (key K, nonce 0,
 * counter 0): each batch's first 32 bytes are the next key and are never output; handed-out bytes are zero in
 * the buffer afterwards.
 */
class FastKeyErasureTest {
    private static Object field(Object o, String name) throws ReflectiveOperationException {
        Field f = FastKeyErasure.class.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(o);
    }

    private static byte[] key(FastKeyErasure g) throws ReflectiveOperationException {
        int[] st = (int[]) field(g, "state");
        byte[] k = new byte[32];
        for (int i = 0; i < 8; i++) {
            Bytes.LE_INT.set(k, 4 * i, st[4 + i]);
        }
        return k;
    }

    /** Bernstein's construction, written from the description. */
    private static final class Model {
        byte[] key;
        byte[] buffered = new byte[0];
        int pos;

        byte[] batch(int len) {
            byte[] ks = new byte[len];
            ChaCha20.original(key, new byte[8]).keystream(ks, 0, len);
            key = Arrays.copyOf(ks, 32);
            return Arrays.copyOfRange(ks, 32, len);
        }

        byte[] next(int len) {
            byte[] out = new byte[len];
            int off = 0;
            while (off < len) {
                if (pos == buffered.length) {
                    if (len - off >= FastKeyErasure.BATCH) {
                        byte[] b = batch(len - off + 32);
                        System.arraycopy(b, 0, out, off, b.length);
                        return out;
                    }
                    buffered = batch(FastKeyErasure.BATCH);
                    pos = 0;
                }
                int n = Math.min(len - off, buffered.length - pos);
                System.arraycopy(buffered, pos, out, off, n);
                pos += n;
                off += n;
            }
            return out;
        }
    }

    @Test
    void matchesTheConstructionAndWipesWhatItHandsOut() throws ReflectiveOperationException {
        Random r = new Random(9);
        FastKeyErasure g = new FastKeyErasure(new byte[] {1, 2, 3});
        Model m = new Model();
        m.key = key(g);
        byte[] firstKey = m.key.clone();
        for (int i = 0; i < 300; i++) {
            int len = r.nextInt(8) == 0 ? r.nextInt(20_000) : r.nextInt(100);
            byte[] got = new byte[len + 2];
            g.nextBytes(got, 1, len);
            assertArrayEquals(m.next(len), Arrays.copyOfRange(got, 1, len + 1), "call " + i);
            assertEquals(0, got[0]);
            assertEquals(0, got[len + 1]);
            byte[] buf = (byte[]) field(g, "buf");
            int pos = (int) field(g, "pos");
            assertEquals(FastKeyErasure.BATCH - pos, g.buffered());
            for (int k = 0; k < pos; k++) {
                assertEquals(0, buf[k], "byte " + k + " was handed out or is the key, yet not wiped");
            }
            assertArrayEquals(new byte[64], (byte[]) field(g, "block"));
            assertArrayEquals(m.key, key(g));
        }
        assertFalse(Arrays.equals(firstKey, key(g)));
    }

    @Test
    void reseedMixesInAndDropsTheBuffer() throws ReflectiveOperationException {
        FastKeyErasure a = new FastKeyErasure(new byte[] {7});
        FastKeyErasure b = new FastKeyErasure(new byte[] {7});
        a.nextBytes(new byte[10], 0, 10);
        b.nextBytes(new byte[10], 0, 10);
        byte[] before = key(a);
        a.reseed(new byte[0]);
        assertFalse(Arrays.equals(before, key(a)));
        assertEquals(FastKeyErasure.BATCH, (int) field(a, "pos"));
        assertArrayEquals(new byte[FastKeyErasure.BATCH], (byte[]) field(a, "buf"));
        byte[] x = new byte[32];
        byte[] y = new byte[32];
        a.nextBytes(x, 0, 32);
        b.nextBytes(y, 0, 32);
        assertFalse(Arrays.equals(x, y));
    }
}
