// SPDX-License-Identifier: Apache-2.0
package io.jchacha.consumer;

import io.jchacha.Backend;
import io.jchacha.Backends;
import io.jchacha.ChaCha20Poly1305;
import io.jchacha.JChachaProvider;
import java.nio.charset.StandardCharsets;
import java.security.Provider;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * What a user does first: seal and open with ChaCha20Poly1305, then the same through the JCA provider, checked
 * against the JDK's own SunJCE. Fails (exit 1) unless the native library from the classifier jar is in use.
 */
public final class Main {
    public static void main(String[] args) throws Exception {
        byte[] key = ChaCha20Poly1305.generateKey();
        byte[] aad = "header".getBytes(StandardCharsets.UTF_8);
        byte[] msg = "attack at dawn, consumed as a user would".getBytes(StandardCharsets.UTF_8);

        ChaCha20Poly1305 aead = new ChaCha20Poly1305(key);
        byte[] sealed = aead.seal(msg, aad);
        check(Arrays.equals(aead.open(sealed, aad), msg), "ChaCha20Poly1305 round trip");
        sealed[sealed.length - 1] ^= 1;
        try {
            aead.open(sealed, aad);
            check(false, "a forged message is refused");
        } catch (AEADBadTagException expected) {
            // refused, as it must be
        }

        Provider jchacha = new JChachaProvider();
        byte[] nonce = Arrays.copyOf(key, 12);
        byte[] ours =
                crypt(Cipher.getInstance("ChaCha20-Poly1305", jchacha), Cipher.ENCRYPT_MODE, key, nonce, aad, msg);
        byte[] sun =
                crypt(Cipher.getInstance("ChaCha20-Poly1305", "SunJCE"), Cipher.ENCRYPT_MODE, key, nonce, aad, msg);
        check(Arrays.equals(ours, sun), "JCA provider's ciphertext equals SunJCE's");
        check(
                Arrays.equals(
                        crypt(
                                Cipher.getInstance("ChaCha20-Poly1305", jchacha),
                                Cipher.DECRYPT_MODE,
                                key,
                                nonce,
                                aad,
                                sun),
                        msg),
                "JCA provider opens SunJCE's ciphertext");

        check(Backends.active() != Backend.JAVA, "the native library is in use (" + Backends.activeReason() + ")");
        System.out.println("consumer OK: " + Runtime.version() + ", "
                + (Main.class.getModule().isNamed() ? "module path" : "class path") + ", backend " + Backends.active());
    }

    private static byte[] crypt(Cipher c, int mode, byte[] key, byte[] nonce, byte[] aad, byte[] in) throws Exception {
        c.init(mode, new SecretKeySpec(key, "ChaCha20"), new IvParameterSpec(nonce));
        c.updateAAD(aad);
        return c.doFinal(in);
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            System.err.println("consumer FAILED: " + what);
            System.exit(1);
        }
    }
}
