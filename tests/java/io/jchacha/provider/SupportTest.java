// SPDX-License-Identifier: Apache-2.0
package io.jchacha.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jchacha.JChachaProvider;
import java.security.Key;
import java.security.Security;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * {@link Support}'s key comparisons: the Cipher SPI wipes its AEAD's kept state when they say the key changed, and
 * reads a key again unless it is the same {@code SecretKeySpec} object.
 */
class SupportTest {

    @Test
    void sameKeyTellsEveryByteAndBitApart() {
        byte[] a = new byte[32];
        new SplittableRandom(5).nextBytes(a);
        assertTrue(Support.sameKey(a, a.clone()));
        assertFalse(Support.sameKey(null, a), "no previous key");
        for (int i = 0; i < 32; i++) {
            for (int bit = 0; bit < 8; bit++) {
                byte[] b = a.clone();
                b[i] ^= (byte) (1 << bit);
                assertFalse(Support.sameKey(a, b), "byte " + i + " bit " + bit);
            }
        }
    }

    /** A {@code SecretKeySpec} whose bytes its owner can change: a subclass, so never taken as unchanged. */
    static final class ChangingKey extends SecretKeySpec {
        byte[] current;

        ChangingKey(byte[] key) {
            super(key, "ChaCha20");
            current = key.clone();
        }

        @Override
        public byte[] getEncoded() {
            return current.clone();
        }
    }

    @Test
    void onlyTheSameSecretKeySpecObjectCountsAsUnread() {
        byte[] a = new byte[32];
        SecretKeySpec spec = new SecretKeySpec(a, "ChaCha20");
        assertTrue(Support.sameKeyObject(spec, spec));
        assertFalse(Support.sameKeyObject(spec, new SecretKeySpec(a, "ChaCha20")), "an equal key, another object");
        assertFalse(Support.sameKeyObject(spec, null), "no previous key object");
        assertFalse(Support.sameKeyObject(null, null), "no key");
        Key sub = new ChangingKey(a);
        assertFalse(Support.sameKeyObject(sub, sub), "a subclass may change its bytes");
        SecretKey other = new SecretKey() {
            public String getAlgorithm() {
                return "ChaCha20";
            }

            public String getFormat() {
                return "RAW";
            }

            public byte[] getEncoded() {
                return a.clone();
            }
        };
        assertFalse(Support.sameKeyObject(other, other), "another Key class");
    }

    /** A key object initialized again after its bytes changed: both AEADs use the new bytes, as SunJCE does. */
    @Test
    void aKeyObjectWhoseBytesChangedIsReadAgain() throws Exception {
        byte[] k1 = new byte[32];
        new SplittableRandom(6).nextBytes(k1);
        byte[] k2 = k1.clone();
        k2[31] ^= 1;
        byte[] pt = new byte[40];
        for (String alg : new String[] {"ChaCha20-Poly1305", "XChaCha20-Poly1305"}) {
            int nonceLength = alg.startsWith("X") ? 24 : 12;
            Cipher c = Cipher.getInstance(alg, new JChachaProvider());
            ChangingKey key = new ChangingKey(k1);
            c.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[nonceLength]));
            c.doFinal(pt);
            key.current = k2;
            byte[] nonce = new byte[nonceLength];
            nonce[0] = 1;
            c.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(nonce));
            byte[] second = c.doFinal(pt);
            Cipher fresh = Cipher.getInstance(alg, new JChachaProvider());
            fresh.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(k2, "ChaCha20"), new IvParameterSpec(nonce));
            assertArrayEquals(fresh.doFinal(pt), second, alg + ": the changed key's bytes");
            if (nonceLength == 12) {
                Cipher sun = Cipher.getInstance(alg, Security.getProvider("SunJCE"));
                sun.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(k2, "ChaCha20"), new IvParameterSpec(nonce));
                assertArrayEquals(sun.doFinal(pt), second, alg + ": SunJCE under the changed key");
            }
        }
    }
}
