// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.jchacha.internal.Bytes;
import io.jchacha.internal.ChaChaBlock;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.modes.ChaCha20Poly1305;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;

/** ChaCha20-Poly1305 against SunJCE and BouncyCastle; XChaCha20-Poly1305 against HChaCha20 + SunJCE. */
class DifferentialTest {

    static byte[] sunjce(int mode, byte[] key, byte[] nonce, byte[] aad, byte[] in) throws Exception {
        Cipher c = Cipher.getInstance("ChaCha20-Poly1305", "SunJCE");
        c.init(mode, new SecretKeySpec(key, "ChaCha20"), new IvParameterSpec(nonce));
        c.updateAAD(aad);
        return c.doFinal(in);
    }

    static byte[] bouncy(boolean encrypt, byte[] key, byte[] nonce, byte[] aad, byte[] in) throws Exception {
        ChaCha20Poly1305 c = new ChaCha20Poly1305();
        c.init(encrypt, new AEADParameters(new KeyParameter(key), 128, nonce, aad));
        byte[] out = new byte[c.getOutputSize(in.length)];
        int n = c.processBytes(in, 0, in.length, out, 0);
        c.doFinal(out, n);
        return out;
    }

    static byte[] random(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    private static void check(SplittableRandom r, int msgLen, int aadLen) throws Exception {
        byte[] key = random(r, 32), nonce = random(r, 12), aad = random(r, aadLen), pt = random(r, msgLen);
        ChaCha20Poly1305CallerNonce ours = new ChaCha20Poly1305CallerNonce(key);
        byte[] sealed = ours.seal(nonce, pt, aad);
        String what = "message " + msgLen + ", aad " + aadLen;
        assertArrayEquals(sunjce(Cipher.ENCRYPT_MODE, key, nonce, aad, pt), sealed, "SunJCE " + what);
        assertArrayEquals(bouncy(true, key, nonce, aad, pt), sealed, "BouncyCastle " + what);
        assertArrayEquals(pt, ours.open(nonce, sealed, aad), "open " + what);
    }

    @Test
    void everyMessageLength0To4160() throws Exception {
        SplittableRandom r = new SplittableRandom(8439);
        for (int len = 0; len <= 4160; len++) {
            check(r, len, len % 37);
        }
    }

    @Test
    void everyAadLength0To300WithAFixedMessage() throws Exception {
        SplittableRandom r = new SplittableRandom(300);
        for (int aadLen = 0; aadLen <= 300; aadLen++) {
            check(r, 129, aadLen);
        }
    }

    @Test
    void randomLengthCombinationsAcrossChunkBoundaries() throws Exception {
        SplittableRandom r = new SplittableRandom(42);
        for (int i = 0; i < 150; i++) {
            int msgLen = r.nextInt(4) == 0 ? 8192 * (1 + r.nextInt(3)) + r.nextInt(-70, 70) : r.nextInt(20000);
            check(r, msgLen, r.nextInt(600));
        }
        check(r, 1 << 20, 13); // 1 MiB: 128 cipher/MAC chunks
    }

    @Test
    void bouncyCastleAndSunJceOpenOurCiphertexts() throws Exception {
        SplittableRandom r = new SplittableRandom(5);
        for (int i = 0; i < 100; i++) {
            byte[] key = random(r, 32), nonce = random(r, 12), aad = random(r, r.nextInt(40));
            byte[] pt = random(r, r.nextInt(3000));
            byte[] sealed = new ChaCha20Poly1305CallerNonce(key).seal(nonce, pt, aad);
            assertArrayEquals(pt, sunjce(Cipher.DECRYPT_MODE, key, nonce, aad, sealed));
            assertArrayEquals(pt, bouncy(false, key, nonce, aad, sealed));
        }
    }

    @Test
    void xchachaIsHChaChaSubkeyThenIetfAead() throws Exception {
        SplittableRandom r = new SplittableRandom(24);
        for (int len = 0; len <= 1100; len += 1 + (len % 5)) {
            byte[] key = random(r, 32), nonce = random(r, 24), aad = random(r, len % 50), pt = random(r, len);
            int[] sub = ChaChaBlock.hchacha(Bytes.toWords(key, 0, 8), Bytes.toWords(nonce, 0, 4), 20);
            byte[] subkey = Bytes.toBytes(sub);
            byte[] ietfNonce = new byte[12];
            System.arraycopy(nonce, 16, ietfNonce, 4, 8);
            byte[] expected = sunjce(Cipher.ENCRYPT_MODE, subkey, ietfNonce, aad, pt);
            XChaCha20Poly1305CallerNonce ours = new XChaCha20Poly1305CallerNonce(key);
            assertArrayEquals(expected, ours.seal(nonce, pt, aad), "length " + len);
            assertArrayEquals(pt, ours.open(nonce, expected, aad));
        }
    }
}
