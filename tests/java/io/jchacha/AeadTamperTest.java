// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Tampering with messages longer than the short stack paths (256 B) and than the JNI glue's 64 KiB critical chunks,
 * on the backend this run forces: a flipped bit in ciphertext, tag or AAD gives AEADBadTagException, for arrays, in
 * place and direct buffers; the AEAD classes and the provider leave the output range all zero and nothing else
 * written.
 */
class AeadTamperTest {
    private static final int[] LENGTHS = {300, 4096 + 17, 65536 + 300};
    private static final byte[] KEY = new byte[32];

    static {
        new SplittableRandom(41).nextBytes(KEY);
    }

    /** A message and one way to spoil it. */
    record Case(int len, String where, int index) {
        byte[][] spoil(byte[] sealed, byte[] aad) {
            byte[] s = sealed.clone();
            byte[] a = aad.clone();
            switch (where) {
                case "ciphertext":
                    s[index] ^= 0x10;
                    break;
                case "tag":
                    s[len + index] ^= 0x01;
                    break;
                default:
                    a[index] ^= (byte) 0x80;
                    break;
            }
            return new byte[][] {s, a};
        }

        @Override
        public String toString() {
            return len + " B, " + where + " byte " + index;
        }
    }

    static List<Case> cases() {
        List<Case> all = new ArrayList<>();
        for (int len : LENGTHS) {
            for (int i : new int[] {0, 1, 255, 256, 4095, 4096, 65535, 65536, 65536 + 64, len - 1}) {
                if (i < len) {
                    all.add(new Case(len, "ciphertext", i));
                }
            }
            for (int i : new int[] {0, 7, 15}) {
                all.add(new Case(len, "tag", i));
            }
            for (int i : new int[] {0, 12}) {
                all.add(new Case(len, "aad", i));
            }
        }
        return all;
    }

    private static byte[] aad() {
        byte[] a = new byte[13];
        new SplittableRandom(3).nextBytes(a);
        return a;
    }

    private static byte[] plaintext(int len) {
        byte[] p = new byte[len];
        new SplittableRandom(len).nextBytes(p);
        return p;
    }

    private static void assertZero(byte[] b, int from, int to, String what) {
        for (int i = from; i < to; i++) {
            if (b[i] != 0) {
                throw new AssertionError(what + ": output byte " + (i - from) + " not zero after a failed open");
            }
        }
    }

    private static void assertZero(ByteBuffer b, int from, int to, String what) {
        byte[] got = new byte[to - from];
        b.get(from, got);
        assertZero(got, 0, got.length, what);
    }

    private static byte[] sentinel(int n) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) 0x5a);
        return b;
    }

    @ParameterizedTest
    @MethodSource("cases")
    void aeadClassesRejectAndZeroTheOutput(Case c) throws Exception {
        byte[] aad = aad(), pt = plaintext(c.len);
        for (CallerNonceForms a : AeadApiTest.impls()) {
            byte[] nonce = new byte[a.nonceLength()];
            byte[] sealed = a.seal(nonce, pt, aad);
            assertArrayEquals(pt, a.open(nonce, sealed, aad));
            byte[][] bad = c.spoil(sealed, aad);
            String what = a + ", " + c;
            assertThrows(AEADBadTagException.class, () -> a.open(nonce, bad[0], bad[1]), what);
            // array to array, at offsets, with sentinels around the output range
            byte[] in = new byte[bad[0].length + 7];
            System.arraycopy(bad[0], 0, in, 7, bad[0].length);
            byte[] out = sentinel(c.len + 10);
            assertThrows(AEADBadTagException.class, () -> a.open(nonce, in, 7, c.len + 16, bad[1], out, 5), what);
            assertZero(out, 5, 5 + c.len, what + " array");
            assertEquals(0x5a, out[4]);
            assertEquals(0x5a, out[5 + c.len]);
            // in place
            byte[] buf = in.clone();
            assertThrows(AEADBadTagException.class, () -> a.open(nonce, buf, 7, c.len + 16, bad[1], buf, 7), what);
            assertZero(buf, 7, 7 + c.len, what + " in place");
            // direct buffers, separate and in place
            ByteBuffer din = ByteBuffer.allocateDirect(c.len + 16).put(bad[0]).flip();
            ByteBuffer dout = ByteBuffer.allocateDirect(c.len + 2)
                    .put(sentinel(c.len + 2))
                    .position(1);
            assertThrows(AEADBadTagException.class, () -> a.open(nonce, din, bad[1], dout), what);
            assertZero(dout, 1, 1 + c.len, what + " direct");
            ByteBuffer mem = ByteBuffer.allocateDirect(c.len + 16).put(bad[0]).flip();
            assertThrows(
                    AEADBadTagException.class, () -> a.open(nonce, mem.duplicate(), bad[1], mem.duplicate()), what);
            assertZero(mem, 0, c.len, what + " direct in place");
        }
    }

    private static Cipher decryptor(byte[] nonce, byte[] aad) throws Exception {
        Cipher c = Cipher.getInstance("ChaCha20-Poly1305", new JChachaProvider());
        c.init(Cipher.DECRYPT_MODE, new SecretKeySpec(KEY, "ChaCha20"), new IvParameterSpec(nonce));
        c.updateAAD(aad);
        return c;
    }

    @ParameterizedTest
    @MethodSource("cases")
    void providerRejectsAndZeroesTheOutputRange(Case c) throws Exception {
        byte[] aad = aad(), pt = plaintext(c.len), nonce = new byte[12];
        Cipher enc = Cipher.getInstance("ChaCha20-Poly1305", new JChachaProvider());
        enc.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(KEY, "ChaCha20"), new IvParameterSpec(nonce));
        enc.updateAAD(aad);
        byte[] sealed = enc.doFinal(pt);
        assertArrayEquals(pt, decryptor(nonce, aad).doFinal(sealed));
        byte[][] bad = c.spoil(sealed, aad);
        String what = "provider, " + c;
        assertThrows(AEADBadTagException.class, () -> decryptor(nonce, bad[1]).doFinal(bad[0]), what);
        // the output range zeroed, nothing else written (DecryptFailureTest covers every form beside SunJCE)
        byte[] out = sentinel(c.len + 3);
        assertThrows(
                AEADBadTagException.class, () -> decryptor(nonce, bad[1]).doFinal(bad[0], 0, c.len + 16, out, 3), what);
        byte[] want = sentinel(c.len + 3);
        Arrays.fill(want, 3, 3 + c.len, (byte) 0);
        assertArrayEquals(want, out, what + " array");
        byte[] buf = bad[0].clone();
        assertThrows(
                AEADBadTagException.class, () -> decryptor(nonce, bad[1]).doFinal(buf, 0, c.len + 16, buf, 0), what);
        want = bad[0].clone();
        Arrays.fill(want, 0, c.len, (byte) 0);
        assertArrayEquals(want, buf, what + " in place");
        ByteBuffer din = ByteBuffer.allocateDirect(c.len + 16).put(bad[0]).flip();
        ByteBuffer dout = ByteBuffer.allocateDirect(c.len).put(sentinel(c.len)).clear();
        assertThrows(AEADBadTagException.class, () -> decryptor(nonce, bad[1]).doFinal(din, dout), what);
        byte[] got = new byte[c.len];
        dout.get(0, got);
        assertArrayEquals(new byte[c.len], got, what + " direct");
    }
}
