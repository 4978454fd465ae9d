// SPDX-License-Identifier: Apache-2.0
package io.jchacha.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link SealStream} on its own: a message fed in pieces of every kind (arrays, heap and direct buffers, in place)
 * gives SunJCE's ciphertext and tag (XChaCha20 through the test's own HChaCha20), and {@link SealStream#reset()}
 * leaves no key byte, Poly1305 key or plaintext copy in any array it holds.
 */
class SealStreamTest {
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void piecesGiveTheOneShotMessageAndResetWipesEverything(boolean xchacha) throws Exception {
        Random r = new Random(xchacha ? 11 : 10);
        byte[] key = new byte[32];
        byte[] nonce = new byte[xchacha ? 24 : 12];
        byte[] aad = new byte[37];
        byte[] pt = new byte[20000]; // past one 8 KiB chunk
        r.nextBytes(key);
        r.nextBytes(nonce);
        r.nextBytes(aad);
        r.nextBytes(pt);
        byte[] want = xchacha ? DifferentialTest.xchachaConstruction(key, nonce, aad, pt) : sunjce(key, nonce, aad, pt);

        SealStream s = new SealStream();
        s.start(xchacha, key, nonce, aad, aad.length);
        assertTrue(s.started());
        byte[] got = Arrays.copyOf(pt, pt.length + 16);
        s.update(got, 0, 1, got, 0); // in place
        byte[] out = new byte[9000];
        s.update(pt, 1, 9000, out, 0); // disjoint arrays, more than a chunk
        System.arraycopy(out, 0, got, 1, 9000);
        ByteBuffer heapOut = ByteBuffer.wrap(got, 9001, 5000);
        s.update(ByteBuffer.wrap(pt, 9001, 5000), heapOut); // heap buffers
        ByteBuffer directIn = ByteBuffer.allocateDirect(pt.length - 14001)
                .put(pt, 14001, pt.length - 14001)
                .flip();
        ByteBuffer directOut = ByteBuffer.allocateDirect(directIn.remaining());
        s.update(directIn, directOut); // direct buffers
        directOut.flip().get(got, 14001, directOut.remaining());
        System.arraycopy(s.tag(), 0, got, pt.length, 16);
        assertArrayEquals(want, got, xchacha ? "XChaCha20-Poly1305" : "ChaCha20-Poly1305");

        List<Object> arrays = new ArrayList<>();
        for (Field f : SealStream.class.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers()) && f.getType() == byte[].class) {
                f.setAccessible(true);
                if (f.get(s) != null) {
                    arrays.add(f.get(s));
                }
            }
        }
        assertTrue(arrays.size() >= (xchacha ? 3 : 2), "chunk, Poly1305 key (and subkey) in use: " + arrays.size());
        s.reset();
        assertFalse(s.started());
        for (Object a : arrays) {
            byte[] b = (byte[]) a;
            assertArrayEquals(new byte[b.length], b, "an array SealStream held is not wiped");
        }
        Field stream = SealStream.class.getDeclaredField("stream");
        stream.setAccessible(true);
        assertTrue(stream.get(s) == null, "the stream is dropped");
    }

    private static byte[] sunjce(byte[] key, byte[] nonce, byte[] aad, byte[] pt) throws Exception {
        Cipher c = Cipher.getInstance("ChaCha20-Poly1305", "SunJCE");
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "ChaCha20"), new IvParameterSpec(nonce));
        c.updateAAD(aad);
        return c.doFinal(pt);
    }
}
