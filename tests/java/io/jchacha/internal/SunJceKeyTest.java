// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The SunJCE key kept between inits: its bytes follow every word of the state it is set from, and it wipes. */
class SunJceKeyTest {
    private static byte[] bytes(int[] state) {
        byte[] b = new byte[32];
        for (int i = 0; i < 8; i++) {
            Bytes.LE_INT.set(b, 4 * i, state[4 + i]);
        }
        return b;
    }

    @Test
    void followsEachWordAndWipes() {
        SplittableRandom r = new SplittableRandom(11);
        int[] s = new int[16];
        for (int i = 0; i < 16; i++) {
            s[i] = r.nextInt();
        }
        SunJceKey k = new SunJceKey();
        assertTrue(k.isDestroyed(), "holds no key before set");
        k.set(s);
        assertEquals("RAW", k.getFormat());
        assertEquals("ChaCha20", k.getAlgorithm());
        assertArrayEquals(bytes(s), k.getEncoded());
        assertNotSame(k.getEncoded(), k.getEncoded(), "SunJCE gets a copy");
        for (int word = 0; word < 8; word++) {
            s[4 + word] += 1 + word;
            k.set(s);
            assertArrayEquals(bytes(s), k.getEncoded(), "after word " + word + " changed");
        }
        s[0] ^= -1; // words outside the key are not the key
        s[12] ^= -1;
        k.set(s);
        assertArrayEquals(bytes(s), k.getEncoded());

        k.wipe();
        assertTrue(k.isDestroyed());
        assertArrayEquals(new byte[32], k.getEncoded(), "wiped");
        k.set(s); // the same words as before the wipe fill it again
        assertFalse(k.isDestroyed());
        assertArrayEquals(bytes(s), k.getEncoded(), "set again after wipe");
        k.destroy();
        assertArrayEquals(new byte[32], k.getEncoded(), "destroyed");
    }

    @Test
    void isNotSerializable() {
        SunJceKey k = new SunJceKey();
        assertThrows(
                NotSerializableException.class,
                () -> new ObjectOutputStream(new ByteArrayOutputStream()).writeObject(k));
    }
}
