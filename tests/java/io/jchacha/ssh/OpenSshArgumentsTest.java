// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jchacha.Hex;
import io.jchacha.fuzz.ReferenceOpenSsh;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.ShortBufferException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Bad arguments get a clear exception before any output byte is written (and before any buffer position moves);
 * messages carry no key bytes; the all-zero key works; a destroyed instance refuses every call.
 */
class OpenSshArgumentsTest {
    static final byte[] KEY = OpenSshVectorTest.KEY;

    @Test
    void keyMaterial() {
        assertThrows(NullPointerException.class, () -> new OpenSshChaCha20Poly1305(null));
        for (int n : new int[] {0, 32, 63, 65, 96}) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class, () -> new OpenSshChaCha20Poly1305(new byte[n]), n + " bytes");
            assertTrue(e.getMessage().contains("64"), e.getMessage());
        }
        byte[] key = KEY.clone();
        OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(key);
        Arrays.fill(key, (byte) 0); // copied: the caller's array may be wiped
        byte[] wire = new byte[OpenSshVectorTest.WIRE.length];
        c.seal(OpenSshVectorTest.SEQ, OpenSshVectorTest.PLAIN, 0, OpenSshVectorTest.BODY, wire, 0);
        assertArrayEquals(OpenSshVectorTest.WIRE, wire);
        assertFalse(c.toString().toLowerCase().contains(Hex.s(KEY).substring(0, 8)), c.toString());
    }

    @Test
    void keyMaterialAtOffset() {
        assertThrows(NullPointerException.class, () -> new OpenSshChaCha20Poly1305(null, 0));
        for (int[] bad : new int[][] {{64, 1}, {63, 0}, {96, 33}, {96, -1}, {96, Integer.MAX_VALUE}}) {
            assertThrows(
                    IndexOutOfBoundsException.class,
                    () -> new OpenSshChaCha20Poly1305(new byte[bad[0]], bad[1]),
                    bad[0] + " bytes at " + bad[1]);
        }
        // 64 bytes inside a longer array, as SSH libraries derive them: the bytes around are not read
        byte[] longer = new byte[7 + 64 + 25];
        Arrays.fill(longer, (byte) 0x5a);
        System.arraycopy(KEY, 0, longer, 7, 64);
        OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(longer, 7);
        Arrays.fill(longer, (byte) 0); // copied
        byte[] wire = new byte[OpenSshVectorTest.WIRE.length];
        c.seal(OpenSshVectorTest.SEQ, OpenSshVectorTest.PLAIN, 0, OpenSshVectorTest.BODY, wire, 0);
        assertArrayEquals(OpenSshVectorTest.WIRE, wire);
    }

    @Test
    void lengthArguments() {
        OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(KEY);
        byte[] in = new byte[8];
        byte[] out = new byte[8];
        assertThrows(NullPointerException.class, () -> c.cryptLength(0, null, 0, out, 0));
        assertThrows(NullPointerException.class, () -> c.cryptLength(0, in, 0, null, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> c.cryptLength(0, in, 5, out, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> c.cryptLength(0, in, 0, out, 5));
        assertThrows(IndexOutOfBoundsException.class, () -> c.cryptLength(0, in, 0, out, -1));
        assertThrows(IllegalArgumentException.class, () -> c.cryptLength(-1, in, 0, out, 0));
        assertThrows(IllegalArgumentException.class, () -> c.cryptLength(1L << 32, in, 0, out, 0));
        assertArrayEquals(new byte[8], out, "a refused call writes nothing");
        c.destroy();
        assertThrows(IllegalStateException.class, () -> c.cryptLength(0, in, 0, out, 0));
    }

    @Test
    void allZeroKey() throws Exception {
        byte[] zero = new byte[64];
        OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(zero);
        byte[] plain = OpenSshDifferentialTest.plainPacket(new java.util.SplittableRandom(1), 28);
        byte[] sealed = new byte[plain.length + 16];
        c.seal(0, plain, 0, 28, sealed, 0);
        assertArrayEquals(ReferenceOpenSsh.seal(zero, 0, plain), sealed);
        byte[] back = new byte[plain.length];
        c.open(0, sealed, 0, 28, back, 0);
        assertArrayEquals(plain, back);
    }

    @Test
    void sequenceNumbers() {
        OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(KEY);
        byte[] in = new byte[40];
        for (long seq : new long[] {-1, 1L << 32, Long.MIN_VALUE, Long.MAX_VALUE}) {
            byte[] out = new byte[40];
            untouched(IllegalArgumentException.class, out, () -> c.seal(seq, in, 0, 4, out, 0));
            untouched(IllegalArgumentException.class, out, () -> c.open(seq, in, 0, 4, out, 0));
            untouched(IllegalArgumentException.class, out, () -> c.decryptLength(seq, in, 0));
            ByteBuffer o = ByteBuffer.wrap(out);
            untouched(IllegalArgumentException.class, out, () -> c.seal(seq, ByteBuffer.wrap(in), o));
            untouched(IllegalArgumentException.class, out, () -> c.open(seq, ByteBuffer.wrap(in), o));
            assertEquals(0, o.position());
        }
    }

    @Test
    void arrayRanges() {
        OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(KEY);
        byte[] in = new byte[100];
        byte[] out = new byte[100];
        untouched(NullPointerException.class, out, () -> c.seal(0, null, 0, 4, out, 0));
        untouched(NullPointerException.class, out, () -> c.seal(0, in, 0, 4, null, 0));
        untouched(NullPointerException.class, out, () -> c.open(0, null, 0, 4, out, 0));
        untouched(NullPointerException.class, out, () -> c.decryptLength(0, null, 0));
        untouched(IllegalArgumentException.class, out, () -> c.seal(0, in, 0, -1, out, 0));
        untouched(IllegalArgumentException.class, out, () -> c.open(0, in, 0, -1, out, 0));
        untouched(IllegalArgumentException.class, out, () -> c.seal(0, in, 0, Integer.MAX_VALUE, out, 0));
        untouched(IllegalArgumentException.class, out, () -> c.open(0, in, 0, Integer.MAX_VALUE - 10, out, 0));
        // seal: 4 + 80 in, 4 + 80 + 16 out
        c.seal(0, in, 16, 80, out, 0);
        Arrays.fill(out, (byte) 0);
        untouched(IndexOutOfBoundsException.class, out, () -> c.seal(0, in, 17, 80, out, 0));
        untouched(IndexOutOfBoundsException.class, out, () -> c.seal(0, in, 0, 80, out, 1));
        untouched(IndexOutOfBoundsException.class, out, () -> c.seal(0, in, -1, 0, out, 0));
        untouched(IndexOutOfBoundsException.class, out, () -> c.seal(0, in, 0, 0, out, -1));
        // open: 4 + 80 + 16 in, 4 + 80 out
        untouched(IndexOutOfBoundsException.class, out, () -> c.open(0, in, 1, 80, out, 0));
        untouched(IndexOutOfBoundsException.class, out, () -> c.open(0, in, 0, 80, out, 17));
        untouched(IndexOutOfBoundsException.class, out, () -> c.decryptLength(0, in, 97));
        untouched(IndexOutOfBoundsException.class, out, () -> c.decryptLength(0, in, -1));
    }

    @Test
    void buffers() {
        OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(KEY);
        byte[] mem = new byte[64];
        ByteBuffer in = ByteBuffer.allocate(40);
        ByteBuffer out = ByteBuffer.wrap(mem);
        untouched(NullPointerException.class, mem, () -> c.seal(0, null, out));
        untouched(NullPointerException.class, mem, () -> c.open(0, in, null));
        untouched(IllegalArgumentException.class, mem, () -> c.seal(0, out, out));
        untouched(IllegalArgumentException.class, mem, () -> c.open(0, out, out));
        untouched(ReadOnlyBufferException.class, mem, () -> c.seal(0, in, out.asReadOnlyBuffer()));
        untouched(ReadOnlyBufferException.class, mem, () -> c.open(0, in, out.asReadOnlyBuffer()));
        untouched(
                IllegalArgumentException.class,
                mem,
                () -> c.seal(0, in.duplicate().limit(3), out));
        untouched(AEADBadTagException.class, mem, () -> c.open(0, in.duplicate().limit(19), out));
        untouched(
                ShortBufferException.class,
                mem,
                () -> c.seal(0, in, out.duplicate().limit(55)));
        untouched(
                ShortBufferException.class,
                mem,
                () -> c.open(0, ByteBuffer.allocate(64), out.duplicate().limit(47)));
        assertEquals(0, in.position());
        assertEquals(0, out.position());
    }

    @Test
    void destroyed() throws Exception {
        OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(KEY);
        assertFalse(c.isDestroyed());
        c.destroy();
        assertTrue(c.isDestroyed());
        byte[] wire = OpenSshVectorTest.WIRE.clone();
        byte[] out = new byte[wire.length];
        untouched(IllegalStateException.class, out, () -> c.decryptLength(7, wire, 0));
        untouched(IllegalStateException.class, out, () -> c.seal(7, wire, 0, 0x48, out, 0));
        untouched(IllegalStateException.class, out, () -> c.open(7, wire, 0, 0x48, out, 0));
        ByteBuffer o = ByteBuffer.wrap(out);
        untouched(IllegalStateException.class, out, () -> c.seal(7, ByteBuffer.wrap(wire, 0, 76), o));
        untouched(IllegalStateException.class, out, () -> c.open(7, ByteBuffer.wrap(wire), o));
        assertArrayEquals(OpenSshVectorTest.WIRE, wire);
        c.destroy(); // twice is fine
    }

    /** {@code call} throws {@code type} and leaves {@code out} as it was. */
    static void untouched(Class<? extends Throwable> type, byte[] out, Executable call) {
        byte[] before = out.clone();
        Throwable t = assertThrows(type, call);
        assertArrayEquals(before, out, "written before " + t);
        String m = String.valueOf(t.getMessage()).toLowerCase();
        assertFalse(m.contains(Hex.s(KEY).substring(0, 8)), "key bytes in the message: " + m);
    }
}
