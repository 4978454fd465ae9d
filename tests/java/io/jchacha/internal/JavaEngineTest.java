// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.engines.ChaCha7539Engine;
import org.bouncycastle.crypto.engines.ChaChaEngine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.junit.jupiter.api.Test;

/** The pure-Java engine against the scalar reference block function and against BouncyCastle. */
class JavaEngineTest {
    private static final Engine E = JavaEngine.INSTANCE;
    private static final int MAX = 4160;
    private static final byte GUARD = (byte) 0xA5;

    private static int[] state(SplittableRandom r, int ctrLo) {
        int[] s = new int[16];
        s[0] = ChaChaBlock.C0;
        s[1] = ChaChaBlock.C1;
        s[2] = ChaChaBlock.C2;
        s[3] = ChaChaBlock.C3;
        for (int i = 4; i < 16; i++) {
            s[i] = r.nextInt();
        }
        s[12] = ctrLo;
        return s;
    }

    /** The reference keystream, block by block from ChaChaBlock. */
    private static byte[] reference(int[] state, int rounds, boolean counter64, int len) {
        byte[] ks = new byte[(len + 63) & ~63];
        int[] s = state.clone();
        int[] w = new int[16];
        for (int off = 0; off < len; off += 64) {
            ChaChaBlock.keystreamBlock(s, rounds, w);
            System.arraycopy(Bytes.toBytes(w), 0, ks, off, 64);
            if (++s[12] == 0 && counter64) {
                s[13]++;
            }
        }
        return Arrays.copyOf(ks, len);
    }

    private static byte[] xor(byte[] a, byte[] b) {
        byte[] r = new byte[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (byte) (a[i] ^ b[i]);
        }
        return r;
    }

    private static void assertGuards(byte[] buf, int off, int len, String what) {
        for (int i = 0; i < off; i++) {
            assertEquals(GUARD, buf[i], what + ": byte before range changed at " + i);
        }
        for (int i = off + len; i < buf.length; i++) {
            assertEquals(GUARD, buf[i], what + ": byte after range changed at " + i);
        }
    }

    /** Every length 0..MAX for every variant, from an array with guard bytes at odd offsets. */
    @Test
    void everyLengthAgainstReference() {
        SplittableRandom r = new SplittableRandom(42);
        byte[] msgAll = new byte[MAX];
        for (int i = 0; i < MAX; i++) {
            msgAll[i] = (byte) r.nextInt();
        }
        for (int rounds : new int[] {8, 12, 20}) {
            for (boolean c64 : new boolean[] {false, true}) {
                // counter64 near the 2^32 carry; IETF with an arbitrary counter
                int[] st = state(r, c64 ? 0xFFFFFFF0 : r.nextInt(1 << 20));
                int[] saved = st.clone();
                byte[] ref = reference(st, rounds, c64, MAX);
                for (int len = 0; len <= MAX; len++) {
                    String what = "rounds=" + rounds + " c64=" + c64 + " len=" + len;
                    byte[] msg = Arrays.copyOf(msgAll, len);
                    byte[] expect = xor(msg, Arrays.copyOf(ref, len));
                    int inOff = 1 + (len % 7), outOff = 3 + (len % 5);
                    byte[] in = new byte[inOff + len + 9];
                    Arrays.fill(in, GUARD);
                    System.arraycopy(msg, 0, in, inOff, len);
                    byte[] inCopy = in.clone();
                    byte[] out = new byte[outOff + len + 11];
                    Arrays.fill(out, GUARD);
                    E.xor(st, rounds, c64, in, inOff, out, outOff, len);
                    assertArrayEquals(expect, Arrays.copyOfRange(out, outOff, outOff + len), what);
                    assertGuards(out, outOff, len, what);
                    assertArrayEquals(inCopy, in, what + ": input modified");
                    assertArrayEquals(saved, st, what + ": state modified");

                    // raw keystream
                    Arrays.fill(out, GUARD);
                    E.xor(st, rounds, c64, null, 0, out, outOff, len);
                    assertArrayEquals(
                            Arrays.copyOf(ref, len),
                            Arrays.copyOfRange(out, outOff, outOff + len),
                            what + " keystream");
                    assertGuards(out, outOff, len, what + " keystream");

                    // in place
                    E.xor(st, rounds, c64, in, inOff, in, inOff, len);
                    assertArrayEquals(expect, Arrays.copyOfRange(in, inOff, inOff + len), what + " in place");
                    assertGuards(in, inOff, len, what + " in place");
                    assertArrayEquals(saved, st, what + ": state modified");
                }
            }
        }
    }

    /** Counter carry from state[12] into state[13] with counter64, inside every kernel width (up to 600 blocks). */
    @Test
    void counterCarry() {
        SplittableRandom r = new SplittableRandom(7);
        for (int lo : new int[] {0xFFFFFFF0, 0xFFFFFFFF, 0xFFFFFF00, 0xFFFFFEC0}) {
            int[] st = state(r, lo);
            for (int len : new int[] {64 * 9 + 5, 64 * 40 + 13, 64 * 300, 64 * 600 + 63}) {
                byte[] out = new byte[len];
                E.xor(st, 20, true, null, 0, out, 0, len);
                assertArrayEquals(
                        reference(st, 20, true, len), out, "carry lo=" + Integer.toHexString(lo) + " len=" + len);
            }
        }
    }

    private static ByteBuffer buffer(boolean direct, int cap) {
        return direct ? ByteBuffer.allocateDirect(cap) : ByteBuffer.allocate(cap);
    }

    /** Heap, direct, read-only and sliced buffers at odd absolute positions; position and limit unchanged. */
    @Test
    void byteBuffers() {
        SplittableRandom r = new SplittableRandom(9);
        int[] lens = {
            0, 1, 15, 16, 63, 64, 65, 127, 200, 255, 256, 1000, 1023, 1024, 1025, 4095, 4096, 4097, 4160, 9000, 20000
        };
        for (int len : lens) {
            for (int variant = 0; variant < 16; variant++) {
                boolean inDirect = (variant & 1) != 0, outDirect = (variant & 2) != 0;
                boolean readOnly = (variant & 4) != 0, keystream = (variant & 8) != 0;
                boolean c64 = (variant & 1) == 0;
                int rounds = new int[] {8, 12, 20}[variant % 3];
                int[] st = state(r, c64 ? 0xFFFFFFFE : r.nextInt(1000));
                int[] saved = st.clone();
                byte[] msg = new byte[len];
                for (int i = 0; i < len; i++) {
                    msg[i] = (byte) r.nextInt();
                }
                byte[] ks = reference(st, rounds, c64, len);
                byte[] expect = keystream ? ks : xor(msg, ks);
                int inPos = 5 + variant, outPos = 3 + 2 * variant;
                ByteBuffer in = buffer(inDirect, inPos + len + 7);
                in.put(inPos, msg);
                in.position(2).limit(in.capacity() - 1);
                if (readOnly) {
                    in = in.asReadOnlyBuffer();
                }
                ByteBuffer out = buffer(outDirect, outPos + len + 7);
                for (int i = 0; i < out.capacity(); i++) {
                    out.put(i, GUARD);
                }
                out.position(1).limit(out.capacity() - 2);
                String what = "len=" + len + " variant=" + variant;
                E.xor(st, rounds, c64, keystream ? null : in, inPos, out, outPos, len);
                byte[] got = new byte[len];
                out.get(outPos, got);
                assertArrayEquals(expect, got, what);
                ByteBuffer whole = out.duplicate().clear();
                for (int i = 0; i < whole.capacity(); i++) {
                    if (i < outPos || i >= outPos + len) {
                        assertEquals(GUARD, whole.get(i), what + ": guard " + i);
                    }
                }
                assertEquals(2, in.position(), what);
                assertEquals(in.capacity() - 1, in.limit(), what);
                assertEquals(1, out.position(), what);
                assertEquals(out.capacity() - 2, out.limit(), what);
                byte[] inNow = new byte[len];
                in.get(inPos, inNow);
                assertArrayEquals(msg, inNow, what + ": input modified");
                assertArrayEquals(saved, st, what + ": state modified");

                // in place on one buffer (same absolute index)
                if (!readOnly && !keystream) {
                    ByteBuffer b = buffer(outDirect, outPos + len + 4);
                    b.put(outPos, msg);
                    E.xor(st, rounds, c64, b, outPos, b, outPos, len);
                    b.get(outPos, got);
                    assertArrayEquals(expect, got, what + " in place");
                }
            }
        }
    }

    private static byte[] randomBytes(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) r.nextInt();
        }
        return b;
    }

    private static int le(byte[] b, int off) {
        return (b[off] & 0xFF) | (b[off + 1] & 0xFF) << 8 | (b[off + 2] & 0xFF) << 16 | (b[off + 3] & 0xFF) << 24;
    }

    /** IETF ChaCha20 (96-bit nonce, 32-bit counter) against BouncyCastle's ChaCha7539Engine. */
    @Test
    void againstBouncyCastle7539() {
        SplittableRandom r = new SplittableRandom(3);
        for (int t = 0; t < 300; t++) {
            byte[] key = randomBytes(r, 32), nonce = randomBytes(r, 12);
            int len = t < 150 ? r.nextInt(300) : r.nextInt(20000);
            byte[] msg = randomBytes(r, len);
            ChaCha7539Engine bc = new ChaCha7539Engine();
            bc.init(true, new ParametersWithIV(new KeyParameter(key), nonce));
            byte[] expect = new byte[len];
            bc.processBytes(msg, 0, len, expect, 0);
            int[] s = new int[16];
            s[0] = ChaChaBlock.C0;
            s[1] = ChaChaBlock.C1;
            s[2] = ChaChaBlock.C2;
            s[3] = ChaChaBlock.C3;
            for (int i = 0; i < 8; i++) {
                s[4 + i] = le(key, 4 * i);
            }
            s[12] = 0;
            for (int i = 0; i < 3; i++) {
                s[13 + i] = le(nonce, 4 * i);
            }
            byte[] out = new byte[len];
            E.xor(s, 20, false, msg, 0, out, 0, len);
            assertArrayEquals(expect, out, "len=" + len);
        }
    }

    /** Original ChaCha (64-bit nonce, 64-bit counter), 8/12/20 rounds, against BouncyCastle's ChaChaEngine. */
    @Test
    void againstBouncyCastleOriginal() {
        SplittableRandom r = new SplittableRandom(4);
        for (int t = 0; t < 300; t++) {
            int rounds = new int[] {8, 12, 20}[t % 3];
            byte[] key = randomBytes(r, 32), nonce = randomBytes(r, 8);
            int len = t < 150 ? r.nextInt(300) : r.nextInt(20000);
            byte[] msg = randomBytes(r, len);
            ChaChaEngine bc = new ChaChaEngine(rounds);
            bc.init(true, new ParametersWithIV(new KeyParameter(key), nonce));
            byte[] expect = new byte[len];
            bc.processBytes(msg, 0, len, expect, 0);
            int[] s = new int[16];
            s[0] = ChaChaBlock.C0;
            s[1] = ChaChaBlock.C1;
            s[2] = ChaChaBlock.C2;
            s[3] = ChaChaBlock.C3;
            for (int i = 0; i < 8; i++) {
                s[4 + i] = le(key, 4 * i);
            }
            s[14] = le(nonce, 0);
            s[15] = le(nonce, 4);
            byte[] out = new byte[len];
            E.xor(s, rounds, true, msg, 0, out, 0, len);
            assertArrayEquals(expect, out, "rounds=" + rounds + " len=" + len);
        }
    }
}
