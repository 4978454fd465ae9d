// SPDX-License-Identifier: Apache-2.0
package io.jchacha.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jchacha.JChachaProvider;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Sizes near 2 GiB: ciphertext plus tag is more than an int holds, so the output check must not wrap around. One
 * input of the largest array length is allocated (2 GiB of heap; the default maximum heap is a quarter of RAM), which
 * takes seconds, and the check does not depend on the backend: so this runs once, in the forced java run.
 */
@EnabledIfSystemProperty(
        named = "jchacha.backend",
        matches = "java",
        disabledReason = "backend-independent and slow (2 GiB): runs in the forced java run only")
class ChaCha20Poly1305SizeTest {

    private static Cipher encryptor() throws Exception {
        Cipher c = Cipher.getInstance("ChaCha20-Poly1305", new JChachaProvider());
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[32], "ChaCha20"), new IvParameterSpec(new byte[12]));
        return c;
    }

    @Test
    void sealOfNearlyTwoGibibytesIntoASmallArrayIsAShortBufferBeforeAnythingIsWritten() throws Exception {
        byte[] huge = new byte[Integer.MAX_VALUE - 8]; // len + 16 wraps to a negative int
        byte[] out = new byte[64];
        Arrays.fill(out, (byte) 0x5a);
        byte[] untouched = out.clone();
        assertThrows(ShortBufferException.class, () -> encryptor().doFinal(huge, 0, huge.length, out, 0));
        assertArrayEquals(untouched, out, "one-shot seal wrote output before failing");
        Cipher streaming = encryptor();
        streaming.update(new byte[64], 0, 64, new byte[64], 0);
        assertThrows(ShortBufferException.class, () -> streaming.doFinal(huge, 0, huge.length, out, 0));
        assertArrayEquals(untouched, out, "streaming seal wrote output before failing");
    }
}
