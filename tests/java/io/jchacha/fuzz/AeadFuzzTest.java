// SPDX-License-Identifier: Apache-2.0
package io.jchacha.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.jchacha.CallerNonceForms;
import io.jchacha.RandomNonceForms;
import java.nio.ByteBuffer;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.ShortBufferException;

/**
 * The AEAD classes against BouncyCastle's ChaCha20-Poly1305 (XChaCha20-Poly1305 through {@link Reference#hchacha}):
 * seal and open of fuzzer-chosen messages and AAD through every form (one-shot, array ranges at any offsets, one
 * array in place or overlapping, every buffer kind, aliased buffer views), then the same message tampered (a bit
 * of ciphertext, tag, AAD or nonce flipped, or cut short), which must fail with {@link AEADBadTagException}, leave
 * the output range zeroed and move no buffer position. The random-nonce classes: their output is nonce || the
 * reference's seal under that nonce.
 */
class AeadFuzzTest {

    @FuzzTest
    void callerNonce(FuzzedDataProvider d) throws Exception {
        boolean x = d.consumeBoolean();
        byte[] key = Inputs.exactly(d, 32);
        byte[] nonce = Inputs.exactly(d, x ? 24 : 12);
        CallerNonceForms aead = new CallerNonceForms(x, key);
        byte[] aad = aad(d);
        byte[] pt = Inputs.data(d, length(d));
        byte[] sealed = Reference.seal(key, nonce, pt, aad);
        String what = (x ? "XChaCha20" : "ChaCha20") + "-Poly1305, " + pt.length + " bytes, aad "
                + (aad == null ? "null" : aad.length);

        assertArrayEquals(sealed, run(d, aead, true, nonce, pt, aad, sealed), what + ": seal");
        assertArrayEquals(pt, run(d, aead, false, nonce, sealed, aad, pt), what + ": open");

        // tampered: exactly one thing differs from what was sealed
        byte[] ct = sealed.clone();
        byte[] aad2 = aad;
        byte[] nonce2 = nonce.clone();
        switch (d.consumeInt(0, 3)) {
            case 0:
                ct[d.consumeInt(0, ct.length - 1)] ^= (byte) (1 << d.consumeInt(0, 7));
                break;
            case 1:
                aad2 = aad == null || aad.length == 0 ? new byte[] {0} : aad.clone();
                if (aad != null && aad.length > 0) {
                    aad2[d.consumeInt(0, aad2.length - 1)] ^= (byte) (1 << d.consumeInt(0, 7));
                }
                break;
            case 2:
                nonce2[d.consumeInt(0, nonce2.length - 1)] ^= (byte) (1 << d.consumeInt(0, 7));
                break;
            default:
                ct = Arrays.copyOf(ct, d.consumeInt(0, ct.length - 1));
                break;
        }
        assertNull(Reference.open(key, nonce2, ct, aad2), what + ": the reference accepts the tampered message");
        run(d, aead, false, nonce2, ct, aad2, null);
    }

    @FuzzTest
    void randomNonce(FuzzedDataProvider d) throws Exception {
        boolean x = d.consumeBoolean();
        int n = x ? 24 : 12;
        byte[] key = Inputs.exactly(d, 32);
        byte[] aad = aad(d);
        byte[] pt = Inputs.data(d, length(d));
        RandomNonceForms a = new RandomNonceForms(x, key);
        byte[] sealed;
        byte[] opened;
        if (d.consumeBoolean()) {
            sealed = a.seal(pt, aad);
            opened = a.open(sealed, aad);
        } else {
            // the range forms, in one array at fuzzer-chosen places (overlapping or not)
            int total = pt.length + a.overhead();
            int inAt = d.consumeInt(0, total);
            int outAt = d.consumeInt(0, total);
            byte[] mem = Inputs.data(d, Math.max(inAt + pt.length, outAt + total) + d.consumeInt(0, 3));
            System.arraycopy(pt, 0, mem, inAt, pt.length);
            byte[] before = mem.clone();
            assertEquals(total, a.seal(mem, inAt, pt.length, aad, mem, outAt));
            sealed = Arrays.copyOfRange(mem, outAt, outAt + total);
            System.arraycopy(sealed, 0, before, outAt, total);
            assertArrayEquals(before, mem, "range seal wrote outside nonce || ciphertext || tag");
            int backAt = d.consumeInt(0, total);
            byte[] back = Arrays.copyOf(mem, Math.max(mem.length, backAt + pt.length));
            assertEquals(pt.length, a.open(back, outAt, total, aad, back, backAt));
            opened = Arrays.copyOfRange(back, backAt, backAt + pt.length);
        }
        byte[] nonce = Arrays.copyOf(sealed, n);
        assertArrayEquals(
                Reference.seal(key, nonce, pt, aad),
                Arrays.copyOfRange(sealed, n, sealed.length),
                "seal = nonce || reference seal");
        assertArrayEquals(pt, opened);
        byte[] bad = d.consumeBoolean() ? Arrays.copyOf(sealed, d.consumeInt(0, sealed.length - 1)) : sealed.clone();
        if (bad.length == sealed.length) {
            bad[d.consumeInt(0, bad.length - 1)] ^= (byte) (1 << d.consumeInt(0, 7));
        }
        if (d.consumeBoolean()) {
            assertThrows(AEADBadTagException.class, () -> a.open(bad, aad));
        } else {
            // the range form: on a bad tag exactly its output range zeroed (nothing written if shorter than overhead)
            int at = d.consumeInt(0, 5);
            byte[] dst = Inputs.data(d, at + Math.max(0, bad.length - a.overhead()) + d.consumeInt(0, 3));
            byte[] want = dst.clone();
            if (bad.length >= a.overhead()) {
                Arrays.fill(want, at, at + bad.length - a.overhead(), (byte) 0);
            }
            assertThrows(AEADBadTagException.class, () -> a.open(bad, 0, bad.length, aad, dst, at));
            assertArrayEquals(want, dst, "range open of a bad message: its range zeroed, nothing else written");
        }
    }

    /**
     * Seals or opens {@code in} through a fuzzer-chosen form and returns what it wrote; with {@code expected} null
     * the input is not authentic, and the form must throw AEADBadTagException, zero its output range and leave the
     * rest untouched.
     */
    private static byte[] run(
            FuzzedDataProvider d,
            CallerNonceForms aead,
            boolean seal,
            byte[] nonce,
            byte[] in,
            byte[] aad,
            byte[] expected)
            throws Exception {
        int outLen = seal ? in.length + 16 : Math.max(0, in.length - 16);
        int form = d.consumeInt(0, 4);
        if (expected == null && form == 0) {
            assertThrows(AEADBadTagException.class, () -> aead.open(nonce, in, aad), "open(byte[]) of a bad message");
            return null;
        }
        switch (form) {
            case 0:
                return seal ? aead.seal(nonce, in, aad) : aead.open(nonce, in, aad);
            case 1: { // separate arrays at offsets
                int inOff = d.consumeInt(0, 40);
                int outOff = d.consumeInt(0, 40);
                byte[] src = new byte[inOff + in.length + d.consumeInt(0, 5)];
                System.arraycopy(in, 0, src, inOff, in.length);
                byte[] dst = new byte[outOff + outLen + d.consumeInt(0, 5)];
                Arrays.fill(dst, (byte) 0x77);
                byte[] want = dst.clone();
                if (expected == null) {
                    assertThrows(
                            AEADBadTagException.class, () -> aead.open(nonce, src, inOff, in.length, aad, dst, outOff));
                    Arrays.fill(want, outOff, outOff + outLen, (byte) 0);
                    assertArrayEquals(want, dst, "open(arrays) of a bad message: output range zeroed, rest untouched");
                    return null;
                }
                int n = seal
                        ? aead.seal(nonce, src, inOff, in.length, aad, dst, outOff)
                        : aead.open(nonce, src, inOff, in.length, aad, dst, outOff);
                assertEquals(outLen, n);
                System.arraycopy(expected, 0, want, outOff, outLen);
                assertArrayEquals(want, dst, "arrays: output range only");
                return expected;
            }
            case 2: { // one array, input and output at any distance
                int inOff = d.consumeInt(0, 80);
                int outOff = d.pickValue(new int[] {inOff, d.consumeInt(0, 80)});
                byte[] arr = new byte[Math.max(inOff + in.length, outOff + outLen) + d.consumeInt(0, 5)];
                Arrays.fill(arr, (byte) 0x31);
                System.arraycopy(in, 0, arr, inOff, in.length);
                byte[] want = arr.clone();
                if (expected == null) {
                    assertThrows(
                            AEADBadTagException.class, () -> aead.open(nonce, arr, inOff, in.length, aad, arr, outOff));
                    Arrays.fill(want, outOff, outOff + outLen, (byte) 0);
                    assertArrayEquals(
                            want,
                            arr,
                            "open in one array (in " + inOff + ", out " + outOff
                                    + ") of a bad message: output range zeroed, rest untouched");
                    return null;
                }
                if (seal) {
                    aead.seal(nonce, arr, inOff, in.length, aad, arr, outOff);
                } else {
                    aead.open(nonce, arr, inOff, in.length, aad, arr, outOff);
                }
                System.arraycopy(expected, 0, want, outOff, outLen);
                assertArrayEquals(want, arr, "one array, in " + inOff + ", out " + outOff);
                return expected;
            }
            case 3: { // buffers of any kind, sometimes too small
                Buffers.Kind inKind = Buffers.kind(d);
                Buffers.Kind outKind = Buffers.writableKind(d);
                ByteBuffer src = Buffers.of(inKind, in, d.consumeInt(0, 40), d.consumeInt(0, 5));
                int room = Math.max(0, outLen + (d.consumeInt(0, 15) == 0 ? -1 : d.consumeInt(0, 5)));
                ByteBuffer dst = Buffers.of(outKind, new byte[room], d.consumeInt(0, 40), d.consumeInt(0, 5));
                return buffers(aead, seal, nonce, src, dst, aad, expected, outLen, inKind + " -> " + outKind);
            }
            default: { // views of one piece of memory (in place through duplicate(), or overlapping)
                int inAt = d.consumeInt(0, 80);
                int outAt = d.pickValue(new int[] {inAt, d.consumeInt(0, 80)});
                byte[] initial = new byte[Math.max(inAt + in.length, outAt + outLen) + d.consumeInt(0, 5)];
                System.arraycopy(in, 0, initial, inAt, in.length);
                Buffers.Alias a = new Buffers.Alias(d, initial, inAt, in.length, outAt, outLen);
                return buffers(
                        aead,
                        seal,
                        nonce,
                        a.in,
                        a.out,
                        aad,
                        expected,
                        outLen,
                        "aliased views, in at " + inAt + " out at " + outAt);
            }
        }
    }

    private static byte[] buffers(
            CallerNonceForms aead,
            boolean seal,
            byte[] nonce,
            ByteBuffer src,
            ByteBuffer dst,
            byte[] aad,
            byte[] expected,
            int outLen,
            String what)
            throws Exception {
        int srcPos = src.position();
        int dstPos = dst.position();
        if (dst.remaining() < outLen && (seal || expected != null)) {
            assertThrows(ShortBufferException.class, () -> call(aead, seal, nonce, src, aad, dst), what);
            assertEquals(srcPos, src.position(), what + ": input position moved by a refused call");
            assertEquals(dstPos, dst.position(), what + ": output position moved by a refused call");
            return expected;
        }
        if (expected == null) {
            if (dst.remaining() < outLen) {
                return null; // too small and not authentic: either exception is right
            }
            // the input bytes may overlap the output: compare the memory after with the memory before, output zeroed
            byte[] want = Buffers.all(dst);
            assertThrows(AEADBadTagException.class, () -> call(aead, seal, nonce, src, aad, dst), what);
            Arrays.fill(want, dstPos, dstPos + outLen, (byte) 0);
            assertArrayEquals(want, Buffers.all(dst), what + ": bad message: output range zeroed, rest untouched");
            assertEquals(srcPos, src.position(), what + ": input position moved by a failed open");
            assertEquals(dstPos, dst.position(), what + ": output position moved by a failed open");
            return null;
        }
        assertEquals(outLen, call(aead, seal, nonce, src, aad, dst), what);
        assertEquals(src.limit(), src.position(), what + ": input position");
        assertEquals(dstPos + outLen, dst.position(), what + ": output position");
        byte[] got = new byte[outLen];
        dst.get(dstPos, got);
        assertNotNull(got);
        return got;
    }

    private static int call(
            CallerNonceForms aead, boolean seal, byte[] nonce, ByteBuffer src, byte[] aad, ByteBuffer dst)
            throws Exception {
        return seal ? aead.seal(nonce, src, aad, dst) : aead.open(nonce, src, aad, dst);
    }

    static byte[] aad(FuzzedDataProvider d) {
        switch (d.consumeInt(0, 3)) {
            case 0:
                return null;
            case 1:
                return new byte[0];
            default:
                return Inputs.data(d, d.consumeInt(0, 300));
        }
    }

    static int length(FuzzedDataProvider d) {
        switch (d.consumeInt(0, 3)) {
            case 0:
                return d.consumeInt(0, 64);
            case 1:
                return d.consumeInt(0, 300);
            case 2:
                return d.consumeInt(0, 1100);
            default:
                return d.consumeInt(1000, 20000);
        }
    }
}
