// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static io.jchacha.Hex.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jchacha.internal.Bytes;
import io.jchacha.internal.ChaChaBlock;
import io.jchacha.internal.Engines;
import io.jchacha.internal.JavaAead;
import java.nio.charset.StandardCharsets;
import javax.crypto.AEADBadTagException;
import org.junit.jupiter.api.Test;

/** Known-answer tests from RFC 8439 and draft-irtf-cfrg-xchacha. */
class RfcVectorsTest {

    @Test
    void poly1305Section252() {
        String[] v = RfcVectors.POLY_2_5_2;
        assertEquals("Cryptographic Forum Research Group", new String(b(v[1]), StandardCharsets.US_ASCII));
        assertArrayEquals(b(v[2]), Poly1305.mac(b(v[0]), b(v[1])));
        assertArrayEquals(b(v[2]), new Poly1305(b(v[0])).update(b(v[1])).finish());
    }

    @Test
    void poly1305AppendixA3AllElevenVectors() {
        assertEquals(11, RfcVectors.POLY_A3.length);
        for (int i = 0; i < RfcVectors.POLY_A3.length; i++) {
            String[] v = RfcVectors.POLY_A3[i];
            byte[] key = b(v[0]);
            byte[] msg = b(v[1]);
            byte[] tag = b(v[2]);
            assertArrayEquals(tag, Poly1305.mac(key, msg), "A.3 #" + (i + 1));
            // byte by byte
            Poly1305 p = new Poly1305(key);
            for (byte x : msg) {
                p.update(new byte[] {x});
            }
            assertArrayEquals(tag, p.finish(), "A.3 #" + (i + 1) + " byte-wise");
        }
    }

    private static int[] ietfState(byte[] key, byte[] nonce, int counter) {
        int[] k = Bytes.toWords(key, 0, 8);
        int[] n = Bytes.toWords(nonce, 0, 3);
        int[] s = {
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
            counter,
            n[0],
            n[1],
            n[2]
        };
        return s;
    }

    @Test
    void polyKeyGenerationSection262() {
        String[] v = RfcVectors.KEYGEN_2_6_2;
        assertArrayEquals(b(v[2]), JavaAead.polyKey(Engines.active(), ietfState(b(v[0]), b(v[1]), 0)));
    }

    @Test
    void polyKeyGenerationAppendixA4() {
        assertEquals(3, RfcVectors.KEYGEN_A4.length);
        for (String[] v : RfcVectors.KEYGEN_A4) {
            assertArrayEquals(b(v[2]), JavaAead.polyKey(Engines.active(), ietfState(b(v[0]), b(v[1]), 0)));
        }
    }

    @Test
    void aeadSection282() throws Exception {
        String[] v = RfcVectors.AEAD_2_8_2;
        byte[] key = b(v[0]), nonce = b(v[1]), aad = b(v[2]), pt = b(v[3]), ct = b(v[4]), tag = b(v[5]);
        assertArrayEquals(b(v[6]), JavaAead.polyKey(Engines.active(), ietfState(key, nonce, 0)));
        ChaCha20Poly1305CallerNonce a = new ChaCha20Poly1305CallerNonce(key);
        byte[] sealed = a.seal(nonce, pt, aad);
        assertArrayEquals(concat(ct, tag), sealed);
        assertArrayEquals(pt, a.open(nonce, sealed, aad));
    }

    @Test
    void aeadDecryptionAppendixA5() throws Exception {
        String[] v = RfcVectors.AEAD_A5;
        byte[] key = b(v[0]), nonce = b(v[1]), aad = b(v[2]), ct = b(v[3]), tag = b(v[4]), pt = b(v[5]);
        ChaCha20Poly1305CallerNonce a = new ChaCha20Poly1305CallerNonce(key);
        assertArrayEquals(pt, a.open(nonce, concat(ct, tag), aad));
        assertArrayEquals(concat(ct, tag), a.seal(nonce, pt, aad));
        byte[] bad = concat(ct, tag);
        bad[bad.length - 1] ^= 1;
        assertThrows(AEADBadTagException.class, () -> a.open(nonce, bad, aad));
    }

    @Test
    void xchachaDraftA31() throws Exception {
        String[] v = RfcVectors.XAEAD_A_3_1;
        byte[] key = b(v[0]), nonce = b(v[1]), aad = b(v[2]), pt = b(v[3]), ct = b(v[4]), tag = b(v[5]);
        XChaCha20Poly1305CallerNonce a = new XChaCha20Poly1305CallerNonce(key);
        assertArrayEquals(concat(ct, tag), a.seal(nonce, pt, aad));
        assertArrayEquals(pt, a.open(nonce, concat(ct, tag), aad));
        // the random-nonce class reads the same format with the nonce in front
        assertArrayEquals(pt, new XChaCha20Poly1305(key).open(concat(nonce, concat(ct, tag)), aad));
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] r = new byte[a.length + b.length];
        System.arraycopy(a, 0, r, 0, a.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
