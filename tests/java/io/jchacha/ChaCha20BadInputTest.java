// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Every bad input: the usual JDK exception, thrown before any output byte is written or the position moves. */
class ChaCha20BadInputTest {
    private static final byte[] KEY = new byte[32];
    private static final byte[] NONCE = new byte[12];

    /** A cipher that has already produced 10 bytes, so "did not move" is visible. */
    private static ChaCha20 started() {
        ChaCha20 c = ChaCha20.ietf(KEY, NONCE);
        c.update(new byte[10]);
        return c;
    }

    private static void rejects(Class<? extends Throwable> type, ChaCha20 c, byte[] out, Executable call) {
        byte[] before = out == null ? null : out.clone();
        long pos = c.position();
        assertThrows(type, call);
        assertEquals(pos, c.position(), "position moved");
        if (out != null) {
            assertArrayEquals(before, out, "output written");
        }
        // and the cipher still works, continuing where it was
        byte[] next = new byte[5];
        c.keystream(next, 0, 5);
        byte[] expected = new byte[(int) pos + 5];
        ChaCha20.ietf(KEY, NONCE).keystream(expected, 0, expected.length);
        assertArrayEquals(Arrays.copyOfRange(expected, (int) pos, (int) pos + 5), next);
        c.seek(pos);
    }

    @Test
    void construction() {
        assertThrows(NullPointerException.class, () -> ChaCha20.ietf(null, NONCE));
        assertThrows(NullPointerException.class, () -> ChaCha20.ietf(KEY, null));
        assertThrows(NullPointerException.class, () -> ChaCha20.newInstance(null, KEY, NONCE, 0, 20));
        assertThrows(IllegalArgumentException.class, () -> ChaCha20.ietf(new byte[16], NONCE));
        assertThrows(IllegalArgumentException.class, () -> ChaCha20.ietf(new byte[33], NONCE));
        assertThrows(IllegalArgumentException.class, () -> ChaCha20.ietf(KEY, new byte[8]));
        assertThrows(IllegalArgumentException.class, () -> ChaCha20.original(KEY, new byte[12]));
        assertThrows(IllegalArgumentException.class, () -> ChaCha20.xchacha20(KEY, new byte[12]));
        for (int rounds : new int[] {0, 1, 7, 10, 16, 21, -20}) {
            assertThrows(
                    IllegalArgumentException.class,
                    () -> ChaCha20.newInstance(ChaCha20.Variant.IETF, KEY, NONCE, 0, rounds));
        }
        assertThrows(
                IllegalArgumentException.class, () -> ChaCha20.newInstance(ChaCha20.Variant.IETF, KEY, NONCE, -1, 20));
        assertThrows(
                IllegalArgumentException.class,
                () -> ChaCha20.newInstance(ChaCha20.Variant.IETF, KEY, NONCE, 1L << 32, 20));
        assertThrows(IllegalArgumentException.class, () -> ChaCha20.Variant.forNonceLength(16));
        assertThrows(IllegalArgumentException.class, () -> HChaCha20.subkey(KEY, new byte[15]));
        assertThrows(IllegalArgumentException.class, () -> HChaCha20.subkey(new byte[31], new byte[16]));
        assertThrows(IllegalArgumentException.class, () -> HChaCha20.subkey(KEY, new byte[16], 10));
        assertThrows(NullPointerException.class, () -> HChaCha20.subkey(null, new byte[16]));
    }

    @Test
    void messagesNameNoKeyMaterial() {
        byte[] key = new byte[31];
        Arrays.fill(key, (byte) 0xAB);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ChaCha20.ietf(key, NONCE));
        assertFalse(e.getMessage().toLowerCase().contains("abab"), e.getMessage());
        assertFalse(ChaCha20.ietf(KEY, NONCE).toString().contains("0000000000"));
    }

    @Test
    void arrays() {
        ChaCha20 c = started();
        byte[] out = new byte[16];
        byte[] in = new byte[16];
        rejects(NullPointerException.class, c, out, () -> c.update(null, 0, 1, out, 0));
        rejects(NullPointerException.class, c, null, () -> c.update(in, 0, 1, null, 0));
        rejects(NullPointerException.class, c, null, () -> c.update((byte[]) null));
        rejects(IndexOutOfBoundsException.class, c, out, () -> c.update(in, -1, 4, out, 0));
        rejects(IndexOutOfBoundsException.class, c, out, () -> c.update(in, 0, -1, out, 0));
        rejects(IndexOutOfBoundsException.class, c, out, () -> c.update(in, 0, 4, out, -1));
        rejects(IndexOutOfBoundsException.class, c, out, () -> c.update(in, 13, 4, out, 0));
        rejects(IndexOutOfBoundsException.class, c, out, () -> c.update(in, 0, 17, out, 0));
        rejects(IndexOutOfBoundsException.class, c, out, () -> c.update(in, 0, 8, out, 9)); // output too short
        rejects(
                IndexOutOfBoundsException.class,
                c,
                out,
                () -> c.update(in, Integer.MAX_VALUE, Integer.MAX_VALUE, out, 0)); // overflowing
        rejects(IndexOutOfBoundsException.class, c, out, () -> c.update(in, 1, Integer.MAX_VALUE, out, 1));
        rejects(IndexOutOfBoundsException.class, c, out, () -> c.keystream(out, 10, 7));
        rejects(NullPointerException.class, c, null, () -> c.keystream((byte[]) null, 0, 1));
        rejects(IllegalArgumentException.class, c, null, () -> c.seek(-1));
        rejects(IllegalArgumentException.class, c, null, () -> c.skip(-1));
    }

    @Test
    void buffers() {
        ChaCha20 c = started();
        ByteBuffer in = ByteBuffer.allocate(32);
        ByteBuffer small = ByteBuffer.allocateDirect(31);
        rejects(BufferOverflowException.class, c, null, () -> c.update(in, small));
        assertEquals(0, in.position());
        assertEquals(0, small.position());
        for (int i = 0; i < 31; i++) {
            assertEquals(0, small.get(i));
        }
        ByteBuffer ro = ByteBuffer.allocate(32).asReadOnlyBuffer();
        rejects(ReadOnlyBufferException.class, c, null, () -> c.update(in, ro));
        rejects(ReadOnlyBufferException.class, c, null, () -> c.keystream(ro));
        rejects(NullPointerException.class, c, null, () -> c.update(null, small));
        rejects(NullPointerException.class, c, null, () -> c.update(in, null));
        rejects(NullPointerException.class, c, null, () -> c.keystream((ByteBuffer) null));
        assertEquals(0, in.position());
    }

    @Test
    void destroyWipesAndRefuses() {
        ChaCha20 c = started();
        assertFalse(c.isDestroyed());
        c.destroy();
        assertTrue(c.isDestroyed());
        assertThrows(IllegalStateException.class, () -> c.update(new byte[1]));
        assertThrows(IllegalStateException.class, () -> c.seek(0));
    }
}
