// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.security.NoSuchAlgorithmException;
import java.security.NoSuchProviderException;
import java.security.SecureRandom;

/**
 * The operating system's entropy, through the JDK's own seed source: the SUN provider's {@code NativePRNG}
 * ({@code generateSeed} reads {@code /dev/random}) where it exists, else its {@code DRBG} (whose seed generator is
 * the OS source named by {@code securerandom.source}). The provider is named explicitly so that installing
 * jchacha's provider first, which makes its SecureRandom the JVM default, cannot make seeding call itself.
 */
public final class OsSeed {
    private OsSeed() {}

    private static final class Holder {
        static final SecureRandom SOURCE = open();

        private static SecureRandom open() {
            for (String algorithm : new String[] {"NativePRNG", "DRBG"}) {
                try {
                    return SecureRandom.getInstance(algorithm, "SUN");
                } catch (NoSuchAlgorithmException | NoSuchProviderException e) {
                    // try the next one
                }
            }
            throw new IllegalStateException("no OS seed source: the SUN provider offers neither NativePRNG nor DRBG");
        }
    }

    /**
     * Fresh bytes from the OS seed source.
     *
     * @param n how many bytes
     * @return {@code n} bytes
     */
    public static byte[] bytes(int n) {
        return Holder.SOURCE.generateSeed(n);
    }

    /**
     * The source's description.
     *
     * @return e.g. {@code NativePRNG (SUN)}
     */
    public static String describe() {
        return Holder.SOURCE.getAlgorithm() + " (" + Holder.SOURCE.getProvider().getName() + ")";
    }
}
