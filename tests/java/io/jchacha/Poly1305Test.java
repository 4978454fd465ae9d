// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Poly1305 against BouncyCastle, chunking independence, edge keys and the public API's contract. */
class Poly1305Test {

    static byte[] random(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    @Test
    void matchesBouncyCastleForEveryLength0To1100() {
        SplittableRandom r = new SplittableRandom(1305);
        byte[] msg = random(r, 1100 + 7);
        for (int len = 0; len <= 1100; len++) {
            byte[] key = random(r, 32);
            int off = len % 7;
            assertArrayEquals(
                    BouncyPoly1305.mac(key, msg, off, len), Poly1305.mac(key, msg, off, len), "length " + len);
        }
    }

    @Test
    void randomChunkingsGiveTheSameTag() {
        SplittableRandom r = new SplittableRandom(7);
        for (int iter = 0; iter < 400; iter++) {
            int len = r.nextInt(1101);
            byte[] key = random(r, 32);
            byte[] msg = random(r, len);
            byte[] expected = BouncyPoly1305.mac(key, msg, 0, len);
            Poly1305 p = new Poly1305(key);
            int done = 0;
            while (done < len) {
                int n = r.nextInt(4) == 0 ? r.nextInt(70) : r.nextInt(1 + Math.min(40, len - done));
                n = Math.min(n, len - done);
                if (r.nextBoolean()) {
                    p.update(msg, done, n);
                } else {
                    ByteBuffer bb = r.nextBoolean()
                            ? ByteBuffer.allocateDirect(n)
                            : ByteBuffer.allocate(n + 3).position(3).slice();
                    bb.put(msg, done, n).flip();
                    p.update(bb);
                    assertEquals(0, bb.remaining());
                }
                done += n;
            }
            assertArrayEquals(expected, p.finish(), "iteration " + iter + " length " + len);
        }
    }

    @Test
    void edgeKeysAndMessagesMatchBouncyCastle() {
        // all-ones / all-zero r and s, and messages of 0xff (largest limbs), over lengths around block edges
        byte[][] keys = new byte[4][32];
        Arrays.fill(keys[1], (byte) 0xff);
        Arrays.fill(keys[2], 0, 16, (byte) 0xff);
        Arrays.fill(keys[3], 16, 32, (byte) 0xff);
        for (byte[] key : keys) {
            for (int len = 0; len <= 260; len++) {
                for (byte fill : new byte[] {0, (byte) 0xff, (byte) 0xfe}) {
                    byte[] msg = new byte[len];
                    Arrays.fill(msg, fill);
                    assertArrayEquals(BouncyPoly1305.mac(key, msg, 0, len), Poly1305.mac(key, msg), "len " + len);
                }
            }
        }
    }

    @Test
    void verifyIsTrueOnlyForTheRightTag() {
        SplittableRandom r = new SplittableRandom(3);
        byte[] key = random(r, 32);
        byte[] msg = random(r, 100);
        byte[] tag = Poly1305.mac(key, msg);
        assertTrue(Poly1305.verify(key, msg, tag));
        for (int bit = 0; bit < 128; bit++) {
            byte[] t = tag.clone();
            t[bit / 8] ^= (byte) (1 << (bit % 8));
            assertFalse(Poly1305.verify(key, msg, t));
        }
        assertFalse(Poly1305.verify(key, msg, Arrays.copyOf(tag, 15)));
        assertFalse(Poly1305.verify(key, msg, Arrays.copyOf(tag, 17)));
    }

    @Test
    void badArguments() {
        assertThrows(NullPointerException.class, () -> new Poly1305(null));
        assertThrows(IllegalArgumentException.class, () -> new Poly1305(new byte[31]));
        assertThrows(IllegalArgumentException.class, () -> new Poly1305(new byte[33]));
        assertThrows(NullPointerException.class, () -> Poly1305.mac(new byte[32], null));
        assertThrows(IllegalArgumentException.class, () -> Poly1305.mac(new byte[16], new byte[1]));
        assertThrows(IndexOutOfBoundsException.class, () -> Poly1305.mac(new byte[32], new byte[4], 3, 2));
        assertThrows(IndexOutOfBoundsException.class, () -> Poly1305.mac(new byte[32], new byte[4], -1, 2));
        assertThrows(IndexOutOfBoundsException.class, () -> new Poly1305(new byte[32]).update(new byte[4], 1, -1));
        assertThrows(NullPointerException.class, () -> new Poly1305(new byte[32]).update((ByteBuffer) null));
    }

    @Test
    void finishEndsTheInstanceAndKeyIsCopied() {
        byte[] key = new byte[32];
        Arrays.fill(key, (byte) 9);
        Poly1305 p = new Poly1305(key);
        Arrays.fill(key, (byte) 0); // the instance holds its own copy
        p.update(new byte[] {1, 2, 3});
        byte[] k9 = new byte[32];
        Arrays.fill(k9, (byte) 9);
        assertArrayEquals(Poly1305.mac(k9, new byte[] {1, 2, 3}), p.finish());
        assertThrows(IllegalStateException.class, p::finish);
        assertThrows(IllegalStateException.class, () -> p.update(new byte[1]));
    }
}
