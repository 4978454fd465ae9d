// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jchacha.fuzz.ReferenceOpenSsh;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link OpenSshChaCha20Poly1305} against BouncyCastle's ChaCha20 and Poly1305 composed as JSch composes them
 * ({@link ReferenceOpenSsh}): every body length 0..600 and the lengths around 4, 16 and 32 KiB and 35,000 (MINA's
 * largest packet), at sequence numbers 0, 1, 2^31 and 2^32 - 1, apart at odd offsets, in place, overlapping in both
 * directions, and through heap, direct and read-only buffers; bytes outside the output range stay untouched.
 */
class OpenSshDifferentialTest {
    static final long[] SEQS = {0, 1, 1L << 31, 0xFFFFFFFFL};

    static List<Integer> bodyLengths() {
        List<Integer> l = new ArrayList<>();
        for (int n = 0; n <= 600; n++) {
            l.add(n);
        }
        for (int edge : new int[] {4096, 16384, 32768, 35000, 65516}) {
            for (int d : new int[] {-65, -64, -63, -20, -17, -16, -4, -1, 0, 1, 3, 15, 16, 60, 63, 64, 65}) {
                l.add(edge + d);
            }
        }
        return l;
    }

    static byte[] plainPacket(SplittableRandom r, int bodyLen) {
        byte[] p = new byte[4 + bodyLen];
        r.nextBytes(p);
        ByteBuffer.wrap(p).putInt(0, bodyLen);
        return p;
    }

    private final SplittableRandom random = new SplittableRandom(48);
    private final byte[] key = key(random);

    static byte[] key(SplittableRandom r) {
        byte[] k = new byte[64];
        r.nextBytes(k);
        return k;
    }

    @Test
    void everyLengthAndSequenceNumber() throws Exception {
        OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(key);
        for (long seq : SEQS) {
            for (int bodyLen : bodyLengths()) {
                byte[] plain = plainPacket(random, bodyLen);
                byte[] sealed = ReferenceOpenSsh.seal(key, seq, plain);
                String what = "seq " + seq + ", body " + bodyLen;
                assertEquals(bodyLen, c.decryptLength(seq, sealed, 0), what + ": length");
                apart(c, seq, bodyLen, plain, sealed, what);
                inPlace(c, seq, bodyLen, plain, sealed, what);
                overlapping(c, seq, bodyLen, plain, sealed, bodyLen % 2 == 0 ? 1 : -1, what);
                overlapping(c, seq, bodyLen, plain, sealed, bodyLen % 3 == 0 ? -17 : 20, what);
                buffers(c, seq, plain, sealed, bodyLen % 2 == 0, bodyLen % 3 == 0, what);
            }
        }
    }

    /** Separate arrays at odd offsets; the bytes around the output range stay as they were. */
    static void apart(OpenSshChaCha20Poly1305 c, long seq, int bodyLen, byte[] plain, byte[] sealed, String what)
            throws Exception {
        byte[] in = frame(plain, 3, 5);
        byte[] out = new byte[7 + sealed.length + 2];
        Arrays.fill(out, (byte) 0x5a);
        c.seal(seq, in, 3, bodyLen, out, 7);
        assertArrayEquals(frame(sealed, 7, 2, (byte) 0x5a), out, what + ": seal apart");
        in = frame(sealed, 1, 4);
        out = new byte[9 + plain.length + 3];
        Arrays.fill(out, (byte) 0x5a);
        c.open(seq, in, 1, bodyLen, out, 9);
        assertArrayEquals(frame(plain, 9, 3, (byte) 0x5a), out, what + ": open apart");
    }

    static void inPlace(OpenSshChaCha20Poly1305 c, long seq, int bodyLen, byte[] plain, byte[] sealed, String what)
            throws Exception {
        byte[] a = frame(plain, 11, 16 + 1);
        c.seal(seq, a, 11, bodyLen, a, 11);
        assertArrayEquals(frame(sealed, 11, 1), a, what + ": seal in place");
        c.open(seq, a, 11, bodyLen, a, 11);
        byte[] want = frame(sealed, 11, 1);
        System.arraycopy(plain, 0, want, 11, plain.length);
        assertArrayEquals(want, a, what + ": open in place");
    }

    /** One array, the output {@code shift} bytes after (or before) the input. */
    static void overlapping(
            OpenSshChaCha20Poly1305 c, long seq, int bodyLen, byte[] plain, byte[] sealed, int shift, String what)
            throws Exception {
        int inOff = 40;
        int outOff = inOff + shift;
        byte[] a = new byte[100 + sealed.length];
        Arrays.fill(a, (byte) 0x33);
        System.arraycopy(plain, 0, a, inOff, plain.length);
        byte[] want = a.clone();
        System.arraycopy(sealed, 0, want, outOff, sealed.length);
        c.seal(seq, a, inOff, bodyLen, a, outOff);
        assertArrayEquals(want, a, what + ": seal, output " + shift + " from input");

        Arrays.fill(a, (byte) 0x33);
        System.arraycopy(sealed, 0, a, inOff, sealed.length);
        want = a.clone();
        System.arraycopy(plain, 0, want, outOff, plain.length);
        c.open(seq, a, inOff, bodyLen, a, outOff);
        assertArrayEquals(want, a, what + ": open, output " + shift + " from input");
    }

    /** Heap or direct buffers (the input read-only or a slice), then in place through a duplicate. */
    static void buffers(
            OpenSshChaCha20Poly1305 c,
            long seq,
            byte[] plain,
            byte[] sealed,
            boolean direct,
            boolean readOnly,
            String what)
            throws Exception {
        String kind = (direct ? "direct" : "heap") + (readOnly ? " read-only input" : "");
        ByteBuffer in = buffer(direct, plain, 3, readOnly);
        ByteBuffer out = buffer(!direct, new byte[sealed.length + 2], 1, false);
        out.limit(out.limit() - 1);
        assertEquals(sealed.length, c.seal(seq, in, out), what);
        assertEquals(in.limit(), in.position(), what + ": " + kind + " seal, input position");
        assertEquals(out.limit(), out.position() + 1, what + ": " + kind + " seal, output position");
        assertArrayEquals(sealed, bytes(out, out.position() - sealed.length, sealed.length), what + ": " + kind);

        in = buffer(direct, sealed, 5, readOnly);
        out = buffer(direct, new byte[plain.length], 2, false);
        assertEquals(plain.length, c.open(seq, in, out), what);
        assertEquals(in.limit(), in.position(), what + ": " + kind + " open, input position");
        assertEquals(out.limit(), out.position(), what + ": " + kind + " open, output position");
        assertArrayEquals(plain, bytes(out, out.position() - plain.length, plain.length), what + ": " + kind);

        ByteBuffer mem = buffer(direct, Arrays.copyOf(plain, sealed.length), 0, false);
        ByteBuffer src = mem.duplicate().limit(mem.position() + plain.length);
        c.seal(seq, src, mem.duplicate());
        assertArrayEquals(sealed, bytes(mem, mem.position(), sealed.length), what + ": " + kind + " seal in place");
        c.open(seq, mem.duplicate(), mem.duplicate());
        assertArrayEquals(plain, bytes(mem, mem.position(), plain.length), what + ": " + kind + " open in place");
    }

    /** {@code content} at {@code lead} in a new buffer, position there and limit after it. */
    static ByteBuffer buffer(boolean direct, byte[] content, int lead, boolean readOnly) {
        ByteBuffer b = direct
                ? ByteBuffer.allocateDirect(lead + content.length + 4)
                : ByteBuffer.allocate(lead + content.length + 4);
        b.put(lead, content).position(lead).limit(lead + content.length);
        return readOnly ? b.asReadOnlyBuffer() : b;
    }

    static byte[] bytes(ByteBuffer b, int at, int n) {
        byte[] out = new byte[n];
        b.get(at, out);
        return out;
    }

    /** {@code content} with {@code lead} bytes before and {@code trail} after, all {@code fill}. */
    static byte[] frame(byte[] content, int lead, int trail, byte fill) {
        byte[] a = new byte[lead + content.length + trail];
        Arrays.fill(a, fill);
        System.arraycopy(content, 0, a, lead, content.length);
        return a;
    }

    static byte[] frame(byte[] content, int lead, int trail) {
        return frame(content, lead, trail, (byte) 0x7e);
    }
}
