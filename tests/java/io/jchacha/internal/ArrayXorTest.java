// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Both of {@link ArrayXor}'s loops, whichever this JDK runs, against a byte-at-a-time XOR: every length to 200 and
 * longer ones, odd offsets, identical ranges (in place), and nothing written outside the output range.
 */
class ArrayXorTest {
    interface Loop {
        void xor(byte[] a, int aOff, byte[] b, int bOff, byte[] out, int outOff, int n);
    }

    private static final int[] LONG = {255, 256, 257, 511, 1024, 1031, 4096 + 63};

    @Test
    void stepped() {
        check(ArrayXor::stepped);
    }

    @Test
    void unrolled() {
        check(ArrayXor::unrolled);
    }

    @Test
    void chosen() {
        check(ArrayXor::xor);
        assertEquals(Runtime.version().feature() >= 25, ArrayXor.STEPPED, "the loop this JDK runs");
    }

    private static void check(Loop loop) {
        Random r = new Random(7);
        for (int n = 0; n <= 200 + LONG.length; n++) {
            int len = n <= 200 ? n : LONG[n - 201];
            for (int off = 0; off < 10; off += 3) {
                byte[] a = bytes(r, len + 20);
                byte[] b = bytes(r, len + 20);
                byte[] out = bytes(r, len + 20);
                byte[] want = out.clone();
                for (int i = 0; i < len; i++) {
                    want[off + 5 + i] = (byte) (a[off + i] ^ b[off + 1 + i]);
                }
                loop.xor(a, off, b, off + 1, out, off + 5, len);
                assertArrayEquals(want, out, "disjoint, length " + len + ", offset " + off);

                byte[] same = a.clone();
                for (int i = 0; i < len; i++) {
                    same[off + 2 + i] ^= b[off + i];
                }
                byte[] inPlace = a.clone();
                loop.xor(inPlace, off + 2, b, off, inPlace, off + 2, len);
                assertArrayEquals(same, inPlace, "in place, length " + len + ", offset " + off);
            }
        }
    }

    private static byte[] bytes(Random r, int n) {
        byte[] x = new byte[n];
        r.nextBytes(x);
        return x;
    }
}
