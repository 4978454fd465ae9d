// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import io.jchacha.provider.ChaCha20CipherSpi;
import io.jchacha.provider.ChaCha20KeyGeneratorSpi;
import io.jchacha.provider.ChaCha20Poly1305CipherSpi;
import io.jchacha.provider.ChaCha20SecureRandomSpi;
import io.jchacha.provider.NonceParameters;
import java.security.InvalidParameterException;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A JCA provider, "JChacha", with the library's ciphers behind the standard names:
 *
 * <ul>
 *   <li>{@code Cipher} "ChaCha20" ({@link javax.crypto.spec.ChaCha20ParameterSpec}: 12-byte nonce, initial
 *       counter), "ChaCha20-Poly1305" (alias OID 1.2.840.113549.1.9.16.3.18; {@link javax.crypto.spec.IvParameterSpec}
 *       with a 12-byte nonce, AAD through {@code updateAAD}) and "XChaCha20-Poly1305" (24-byte nonce);</li>
 *   <li>{@code AlgorithmParameters} "ChaCha20-Poly1305" (same OID alias) and "XChaCha20-Poly1305": the nonce;</li>
 *   <li>{@code KeyGenerator} "ChaCha20": 256-bit keys;</li>
 *   <li>{@code SecureRandom} "ChaCha20": a thread-safe ChaCha20 fast-key-erasure generator seeded by the OS
 *       ({@link ChaCha20SecureRandomSpi}).</li>
 * </ul>
 *
 * <p>The ciphers behave like SunJCE's ChaCha20 and ChaCha20-Poly1305 (modes "None", padding "NoPadding", RAW
 * 32-byte keys, a key and nonce pair refused when it repeats the previous initialization's, a new
 * initialization needed after {@code doFinal}, decryption output only after the tag verified).
 *
 * <pre>{@code
 * Cipher c = Cipher.getInstance("ChaCha20-Poly1305", new JChachaProvider());
 * // or, for every caller in the JVM, JSSE included:
 * Security.insertProviderAt(new JChachaProvider(), 1);
 * }</pre>
 */
public final class JChachaProvider extends Provider {
    private static final long serialVersionUID = 1L;

    /** The provider name, for {@code Cipher.getInstance(algorithm, "JChacha")} once it is installed. */
    public static final String NAME = "JChacha";

    private static final String CHACHA20_POLY1305_OID = "1.2.840.113549.1.9.16.3.18";
    private static final String FALLBACK_VERSION = "0.1.0-SNAPSHOT";

    private static final class Holder {
        static final JChachaProvider INSTANCE = new JChachaProvider();
    }

    public JChachaProvider() {
        super(
                NAME,
                version(),
                "jchacha: ChaCha20, ChaCha20-Poly1305 and XChaCha20-Poly1305 ciphers, ChaCha20 key"
                        + " generator, ChaCha20 SecureRandom");
        Map<String, String> raw = Map.of("SupportedKeyFormats", "RAW");
        List<String> oidAliases = List.of(CHACHA20_POLY1305_OID, "OID." + CHACHA20_POLY1305_OID);

        add("Cipher", "ChaCha20", ChaCha20CipherSpi.class, List.of(), raw, ChaCha20CipherSpi::new);
        add(
                "Cipher",
                "ChaCha20-Poly1305",
                ChaCha20Poly1305CipherSpi.class,
                oidAliases,
                raw,
                () -> new ChaCha20Poly1305CipherSpi(false));
        add(
                "Cipher",
                "XChaCha20-Poly1305",
                ChaCha20Poly1305CipherSpi.class,
                List.of(),
                raw,
                () -> new ChaCha20Poly1305CipherSpi(true));
        add(
                "AlgorithmParameters",
                "ChaCha20-Poly1305",
                NonceParameters.class,
                oidAliases,
                Map.of(),
                () -> new NonceParameters(false));
        add(
                "AlgorithmParameters",
                "XChaCha20-Poly1305",
                NonceParameters.class,
                List.of(),
                Map.of(),
                () -> new NonceParameters(true));
        add(
                "KeyGenerator",
                "ChaCha20",
                ChaCha20KeyGeneratorSpi.class,
                List.of(),
                Map.of(),
                ChaCha20KeyGeneratorSpi::new);
        add(
                "SecureRandom",
                "ChaCha20",
                ChaCha20SecureRandomSpi.class,
                List.of(),
                Map.of("ThreadSafe", "true"),
                ChaCha20SecureRandomSpi::new);
    }

    /** One shared instance, for objects the ciphers create themselves (their {@code AlgorithmParameters}). */
    public static JChachaProvider instance() {
        return Holder.INSTANCE;
    }

    private static String version() {
        String v = JChachaProvider.class.getPackage().getImplementationVersion();
        return v != null ? v : FALLBACK_VERSION;
    }

    private void add(
            String type,
            String algorithm,
            Class<?> impl,
            List<String> aliases,
            Map<String, String> attrs,
            Supplier<Object> factory) {
        putService(new DirectService(this, type, algorithm, impl.getName(), aliases, attrs, factory));
    }

    /** A service that constructs its SPI directly, without reflection. */
    private static final class DirectService extends Provider.Service {
        private final transient Supplier<Object> factory;

        DirectService(
                Provider provider,
                String type,
                String algorithm,
                String className,
                List<String> aliases,
                Map<String, String> attributes,
                Supplier<Object> factory) {
            super(provider, type, algorithm, className, aliases, attributes);
            this.factory = factory;
        }

        @Override
        public Object newInstance(Object constructorParameter) throws NoSuchAlgorithmException {
            if (constructorParameter != null) {
                throw new InvalidParameterException("constructorParameter not used with " + getType() + " engines");
            }
            return factory.get();
        }
    }
}
