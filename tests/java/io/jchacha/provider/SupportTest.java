// SPDX-License-Identifier: Apache-2.0
package io.jchacha.provider;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Support}'s key comparison: the Cipher SPI wipes its AEAD's kept state when it says the key changed. */
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
}
