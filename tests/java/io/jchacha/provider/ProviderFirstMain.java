// SPDX-License-Identifier: Apache-2.0
package io.jchacha.provider;

import io.jchacha.Backends;
import io.jchacha.JChachaProvider;
import java.nio.file.Files;
import java.security.SecureRandom;

/**
 * Run in a child JVM: installs the provider first before anything loaded the native library (whose extraction
 * draws temp-file names from the default SecureRandom, which is then this provider's), then uses both. Prints the
 * active backend and the default SecureRandom's algorithm.
 */
public final class ProviderFirstMain {
    private ProviderFirstMain() {}

    public static void main(String[] args) throws Exception {
        java.security.Security.insertProviderAt(new JChachaProvider(), 1);
        SecureRandom def = new SecureRandom();
        byte[] b = new byte[5000];
        def.nextBytes(b);
        Files.delete(Files.createTempFile("jchacha-test", ".tmp"));
        System.out.println(Backends.active().id() + " " + def.getAlgorithm() + " " + Backends.activeReason());
        def.nextBytes(b);
    }
}
