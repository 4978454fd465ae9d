// SPDX-License-Identifier: Apache-2.0
package io.jchacha.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.jchacha.ssh.OpenSshChaCha20Poly1305;
import java.nio.ByteBuffer;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.ShortBufferException;

/**
 * {@link OpenSshChaCha20Poly1305} against {@link ReferenceOpenSsh} (BouncyCastle): a few fuzzer-chosen packets at
 * any sequence numbers through one instance, each sealed and opened through a fuzzer-chosen form (arrays at offsets,
 * one array at any distance, every buffer kind, aliased views), its length read first as a receiver does; then the
 * packet with one bit flipped, or under another sequence number, which the form must refuse with
 * {@link AEADBadTagException}, writing nothing and moving no position.
 */
class OpenSshFuzzTest {
    private static final long[] SEQS = {0, 1, 2, 1L << 31, (1L << 31) - 1, 0xFFFFFFFEL, 0xFFFFFFFFL};

    @FuzzTest
    void packets(FuzzedDataProvider d) throws Exception {
        byte[] key = Inputs.exactly(d, 64);
        OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(key);
        for (int count = d.consumeInt(1, 3); count > 0; count--) {
            long seq = d.consumeBoolean() ? d.pickValue(SEQS) : d.consumeLong(0, 0xFFFFFFFFL);
            int bodyLen = AeadFuzzTest.length(d);
            byte[] plain = Inputs.data(d, 4 + bodyLen);
            byte[] sealed = ReferenceOpenSsh.seal(key, seq, plain);
            String what = "seq " + seq + ", body " + bodyLen;

            assertEquals(ByteBuffer.wrap(plain).getInt(), c.decryptLength(seq, sealed, 0), what + ": length");
            assertArrayEquals(sealed, run(d, c, true, seq, plain, bodyLen, sealed), what + ": seal");
            assertArrayEquals(plain, run(d, c, false, seq, sealed, bodyLen, plain), what + ": open");

            byte[] bad = sealed.clone();
            long badSeq = seq;
            if (d.consumeInt(0, 4) == 0) {
                badSeq = (seq + d.consumeLong(1, 0xFFFFFFFFL)) & 0xFFFFFFFFL;
            } else {
                bad[d.consumeInt(0, bad.length - 1)] ^= (byte) (1 << d.consumeInt(0, 7));
            }
            assertNull(ReferenceOpenSsh.open(key, badSeq, bad), what + ": the reference accepts the tampered packet");
            run(d, c, false, badSeq, bad, bodyLen, null);
        }
    }

    /**
     * Seals or opens {@code in} through a fuzzer-chosen form and returns what it wrote ({@code expected} where the
     * output buffer was too small and the call refused); with {@code expected} null the input is not authentic, and
     * the form must throw AEADBadTagException and leave every byte and position as it was.
     */
    private static byte[] run(
            FuzzedDataProvider d,
            OpenSshChaCha20Poly1305 c,
            boolean seal,
            long seq,
            byte[] in,
            int bodyLen,
            byte[] expected)
            throws Exception {
        boolean authentic = expected != null;
        int outLen = seal ? in.length + 16 : in.length - 16;
        switch (d.consumeInt(0, 2)) {
            case 0: { // two arrays at offsets, or one with input and output at any distance
                boolean one = d.consumeBoolean();
                int inOff = d.consumeInt(0, 80);
                int outOff = one ? d.pickValue(new int[] {inOff, d.consumeInt(0, 80)}) : d.consumeInt(0, 80);
                int srcLen = (one ? Math.max(inOff + in.length, outOff + outLen) : inOff + in.length);
                byte[] src = new byte[srcLen + d.consumeInt(0, 5)];
                byte[] dst = one ? src : new byte[outOff + outLen + d.consumeInt(0, 5)];
                Arrays.fill(dst, (byte) 0x31);
                System.arraycopy(in, 0, src, inOff, in.length);
                byte[] before = dst.clone();
                String where = (one ? "one array" : "two arrays") + ", in " + inOff + ", out " + outOff;
                if (!authentic) {
                    assertThrows(AEADBadTagException.class, () -> c.open(seq, src, inOff, bodyLen, dst, outOff));
                    assertArrayEquals(before, dst, where + ": written on a bad tag");
                    return null;
                }
                if (seal) {
                    c.seal(seq, src, inOff, bodyLen, dst, outOff);
                } else {
                    c.open(seq, src, inOff, bodyLen, dst, outOff);
                }
                byte[] got = Arrays.copyOfRange(dst, outOff, outOff + outLen);
                System.arraycopy(got, 0, before, outOff, outLen);
                assertArrayEquals(before, dst, where + ": output range only");
                return got;
            }
            case 1: { // buffers of any kind, sometimes too small
                Buffers.Kind inKind = Buffers.kind(d);
                Buffers.Kind outKind = Buffers.writableKind(d);
                ByteBuffer src = Buffers.of(inKind, in, d.consumeInt(0, 40), d.consumeInt(0, 5));
                int room = Math.max(0, outLen + (d.consumeInt(0, 15) == 0 ? -1 : d.consumeInt(0, 5)));
                ByteBuffer dst = Buffers.of(outKind, new byte[room], d.consumeInt(0, 40), d.consumeInt(0, 5));
                return buffers(c, seal, seq, src, dst, outLen, expected, inKind + " -> " + outKind);
            }
            default: { // views of one piece of memory (in place through duplicate(), or overlapping)
                int inAt = d.consumeInt(0, 80);
                int outAt = d.pickValue(new int[] {inAt, d.consumeInt(0, 80)});
                byte[] initial = new byte[Math.max(inAt + in.length, outAt + outLen) + d.consumeInt(0, 5)];
                System.arraycopy(in, 0, initial, inAt, in.length);
                Buffers.Alias a = new Buffers.Alias(d, initial, inAt, in.length, outAt, outLen);
                return buffers(
                        c, seal, seq, a.in, a.out, outLen, expected, "aliased views, in " + inAt + ", out " + outAt);
            }
        }
    }

    private static byte[] buffers(
            OpenSshChaCha20Poly1305 c,
            boolean seal,
            long seq,
            ByteBuffer src,
            ByteBuffer dst,
            int outLen,
            byte[] expected,
            String what)
            throws Exception {
        int srcPos = src.position();
        int dstPos = dst.position();
        byte[] before = Buffers.all(dst);
        if (dst.remaining() < outLen) {
            assertThrows(ShortBufferException.class, () -> call(c, seal, seq, src, dst), what);
        } else if (expected == null) {
            assertThrows(AEADBadTagException.class, () -> call(c, seal, seq, src, dst), what);
        } else {
            assertEquals(outLen, call(c, seal, seq, src, dst), what);
            assertEquals(src.limit(), src.position(), what + ": input position");
            assertEquals(dstPos + outLen, dst.position(), what + ": output position");
            byte[] got = new byte[outLen];
            dst.get(dstPos, got);
            System.arraycopy(got, 0, before, dstPos, outLen);
            assertArrayEquals(before, Buffers.all(dst), what + ": output range only");
            return got;
        }
        assertArrayEquals(before, Buffers.all(dst), what + ": written by a refused call");
        assertEquals(srcPos, src.position(), what + ": input position moved by a refused call");
        assertEquals(dstPos, dst.position(), what + ": output position moved by a refused call");
        return expected;
    }

    private static int call(OpenSshChaCha20Poly1305 c, boolean seal, long seq, ByteBuffer src, ByteBuffer dst)
            throws Exception {
        return seal ? c.seal(seq, src, dst) : c.open(seq, src, dst);
    }
}
