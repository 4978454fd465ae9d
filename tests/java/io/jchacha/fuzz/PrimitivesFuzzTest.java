// SPDX-License-Identifier: Apache-2.0
package io.jchacha.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.jchacha.BouncyPoly1305;
import io.jchacha.HChaCha20;
import io.jchacha.Poly1305;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@link Poly1305} (one-shot, verify, and incremental in fuzzer-chosen pieces through arrays and every buffer kind)
 * against BouncyCastle's, and {@link HChaCha20} against {@link Reference#hchacha}, which is itself pinned to the
 * draft's vector here.
 */
class PrimitivesFuzzTest {

    @FuzzTest
    void poly1305Pieces(FuzzedDataProvider d) {
        byte[] key = Inputs.exactly(d, 32);
        if (d.consumeInt(0, 7) == 0) {
            Arrays.fill(key, 0, 16, (byte) 0xff); // r clamped to its maximum: every carry
        }
        byte[] m = Inputs.data(d, AeadFuzzTest.length(d));
        if (d.consumeInt(0, 7) == 0) {
            Arrays.fill(m, (byte) 0xff);
        }
        byte[] want = BouncyPoly1305.mac(key, m, 0, m.length);

        assertArrayEquals(want, Poly1305.mac(key, m), "mac(key, message) of " + m.length + " bytes");
        assertTrue(Poly1305.verify(key, m, want));
        byte[] bad = want.clone();
        bad[d.consumeInt(0, 15)] ^= (byte) (1 << d.consumeInt(0, 7));
        assertFalse(Poly1305.verify(key, m, bad));

        Poly1305 p = new Poly1305(key);
        for (int off = 0; off < m.length; ) {
            int n = d.remainingBytes() == 0 ? m.length - off : d.consumeInt(0, Math.min(m.length - off, 300));
            switch (d.consumeInt(0, 2)) {
                case 0:
                    p.update(m, off, n);
                    break;
                case 1:
                    p.update(Arrays.copyOfRange(m, off, off + n));
                    break;
                default: {
                    ByteBuffer b =
                            Buffers.of(Buffers.kind(d), Arrays.copyOfRange(m, off, off + n), d.consumeInt(0, 9), 2);
                    p.update(b);
                    assertEquals(0, b.remaining(), "update(ByteBuffer) consumes it");
                    break;
                }
            }
            off += n;
        }
        assertArrayEquals(want, p.finish(), "Poly1305 in pieces, " + m.length + " bytes");
    }

    @FuzzTest
    void hchacha(FuzzedDataProvider d) {
        int rounds = d.pickValue(new int[] {20, 12, 8});
        byte[] key = Inputs.exactly(d, 32);
        byte[] in = Inputs.exactly(d, 16);
        assertArrayEquals(Reference.hchacha(key, in, rounds), HChaCha20.subkey(key, in, rounds), "HChaCha" + rounds);
    }

    /** draft-irtf-cfrg-xchacha-03, 2.2.1: the reference's HChaCha20 is right before it judges anything. */
    @Test
    void referenceHChaChaMatchesTheDraft() {
        byte[] key =
                java.util.HexFormat.of().parseHex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
        byte[] in = java.util.HexFormat.of().parseHex("000000090000004a0000000031415927");
        assertEquals(
                "82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc",
                java.util.HexFormat.of().formatHex(Reference.hchacha(key, in, 20)));
    }
}
