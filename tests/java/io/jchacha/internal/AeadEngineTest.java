// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jchacha.ChaCha20Poly1305CallerNonce;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The internal AEAD seam: dispatch to an engine that implements it, and the Java implementation's contract. */
class AeadEngineTest {

    /** An engine that also claims the AEAD seam (as a native one would). */
    static final class BothEngine implements Engine, AeadEngine {
        public String name() {
            return "fake";
        }

        public void xor(int[] s, int r, boolean c, byte[] i, int io, byte[] o, int oo, int l) {}

        public void xor(int[] s, int r, boolean c, ByteBuffer i, int ip, ByteBuffer o, int op, int l) {}

        public void seal(
                int[] k, int n0, int n1, int n2, byte[] a, int ao, int al, byte[] i, int io, int l, byte[] o, int oo) {}

        public boolean open(
                int[] k, int n0, int n1, int n2, byte[] a, int ao, int al, byte[] i, int io, int l, byte[] o, int oo) {
            return false;
        }

        public void seal(
                int[] k,
                int n0,
                int n1,
                int n2,
                byte[] a,
                int ao,
                int al,
                ByteBuffer i,
                int ip,
                int l,
                ByteBuffer o,
                int op) {}

        public boolean open(
                int[] k,
                int n0,
                int n1,
                int n2,
                byte[] a,
                int ao,
                int al,
                ByteBuffer i,
                int ip,
                int l,
                ByteBuffer o,
                int op) {
            return false;
        }
    }

    @Test
    void anEngineImplementingTheSeamIsUsedDirectly() {
        BothEngine e = new BothEngine();
        assertSame(e, AeadEngine.forEngine(e));
        assertTrue(AeadEngine.forEngine(JavaEngine.INSTANCE) instanceof JavaAead);
    }

    static int[] state(byte[] key, byte[] nonce) {
        int[] k = Bytes.toWords(key, 0, 8), n = Bytes.toWords(nonce, 0, 3);
        return new int[] {
            ChaChaBlock.C0,
            ChaChaBlock.C1,
            ChaChaBlock.C2,
            ChaChaBlock.C3,
            k[0],
            k[1],
            k[2],
            k[3],
            k[4],
            k[5],
            k[6],
            k[7],
            0,
            n[0],
            n[1],
            n[2]
        };
    }

    @Test
    void javaAeadHonoursAadOffsetsReadsOnlyKeyWordsLeavesThemAloneAndZeroesItsOutputOnFailure() throws Exception {
        SplittableRandom r = new SplittableRandom(9);
        byte[] key = new byte[32], nonce = new byte[12], aadBig = new byte[50], pt = new byte[300];
        r.nextBytes(key);
        r.nextBytes(nonce);
        r.nextBytes(aadBig);
        r.nextBytes(pt);
        byte[] aad = Arrays.copyOfRange(aadBig, 7, 7 + 20);
        byte[] expected = new ChaCha20Poly1305CallerNonce(key).seal(nonce, pt, aad);
        JavaAead j = new JavaAead(JavaEngine.INSTANCE);
        int[] n = state(key, nonce);
        int[] s = n.clone(); // the key array: words 12..15 are not the AEAD's to read, the nonce words come apart
        Arrays.fill(s, 12, 16, 0x5eed);
        int[] s0 = s.clone();

        byte[] out = new byte[316];
        j.seal(s, n[13], n[14], n[15], aadBig, 7, 20, pt, 0, 300, out, 0);
        assertArrayEquals(expected, out);
        ByteBuffer dout = ByteBuffer.allocateDirect(316);
        j.seal(s, n[13], n[14], n[15], aadBig, 7, 20, ByteBuffer.wrap(pt), 0, 300, dout, 0);
        byte[] got = new byte[316];
        dout.get(0, got);
        assertArrayEquals(expected, got);
        assertArrayEquals(s0, s, "state must not be modified");

        byte[] forged = expected.clone();
        forged[0] ^= 1;
        byte[] pout = new byte[300];
        Arrays.fill(pout, (byte) 0x5a);
        assertFalse(j.open(s, n[13], n[14], n[15], aadBig, 7, 20, forged, 0, 300, pout, 0));
        ByteBuffer dp = ByteBuffer.allocateDirect(300);
        dp.put(0, pout);
        assertFalse(j.open(
                s,
                n[13],
                n[14],
                n[15],
                aadBig,
                7,
                20,
                ByteBuffer.allocateDirect(316).put(0, forged),
                0,
                300,
                dp,
                0));
        byte[] dpb = new byte[300];
        dp.get(0, dpb);
        for (int i = 0; i < 300; i++) {
            assertTrue(pout[i] == 0 && dpb[i] == 0, "failed open left output behind");
        }
        assertTrue(j.open(s, n[13], n[14], n[15], aadBig, 7, 20, expected, 0, 300, pout, 0));
        assertArrayEquals(pt, pout);
        assertArrayEquals(s0, s, "state must not be modified");
    }
}
