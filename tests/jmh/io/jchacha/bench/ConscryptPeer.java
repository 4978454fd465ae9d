// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

import java.security.Provider;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import javax.crypto.Cipher;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Conscrypt (Google's JCA provider over BoringSSL, through JNI) as a benchmark peer: its provider when its native
 * library loads on this JVM, otherwise why not. The provider is used by instance, never installed, so the other
 * benchmarks' {@code Cipher.getInstance} look-ups are unchanged. {@link #offers()} and {@link #lacks()} describe
 * it for the report (what jchacha has that Conscrypt's ChaCha ciphers don't), found by asking it, not assumed.
 */
final class ConscryptPeer {
    static final String STREAM = "ChaCha20";
    static final String AEAD = "ChaCha20/Poly1305/NoPadding";

    private static final Provider PROVIDER;
    private static final String PROBLEM;

    static {
        Provider p = null;
        String problem = null;
        try {
            p = org.conscrypt.Conscrypt.newProvider();
        } catch (Throwable t) { // NoClassDefFoundError, UnsatisfiedLinkError: no native library for this JVM/OS
            Throwable root = t;
            while (root.getCause() != null) {
                root = root.getCause();
            }
            problem = root.toString().replace('\n', ' ');
        }
        PROVIDER = p;
        PROBLEM = problem;
    }

    private ConscryptPeer() {}

    static boolean available() {
        return PROVIDER != null;
    }

    /** Why Conscrypt is not available on this JVM (null when it is). */
    static String problem() {
        return PROBLEM;
    }

    /** "2.9.0" (Conscrypt's version; needs {@link #available()}). */
    static String version() {
        org.conscrypt.Conscrypt.Version v = org.conscrypt.Conscrypt.version();
        return v.major() + "." + v.minor() + "." + v.patch();
    }

    /** A Conscrypt cipher for {@code transformation}, or null when Conscrypt is not available on this JVM. */
    static Cipher cipherOrNull(String transformation) throws Exception {
        return PROVIDER == null ? null : Cipher.getInstance(transformation, PROVIDER);
    }

    /** {@code c}, or the reason Conscrypt is missing (the suite skips Conscrypt where its probe found none). */
    static Cipher require(Cipher c) {
        if (c == null) {
            throw new IllegalStateException("Conscrypt is not available on this JVM: " + PROBLEM);
        }
        return c;
    }

    /** Conscrypt's Cipher algorithms whose name mentions ChaCha, sorted. */
    static List<String> offers() {
        TreeSet<String> names = new TreeSet<>();
        for (Provider.Service s : PROVIDER.getServices()) {
            if (s.getType().equals("Cipher") && s.getAlgorithm().toLowerCase().contains("chacha")) {
                names.add(s.getAlgorithm());
            }
        }
        return new ArrayList<>(names);
    }

    /** What jchacha offers and Conscrypt's ChaCha ciphers lack, each found by trying it. */
    static List<String> lacks() {
        List<String> l = new ArrayList<>();
        byte[] key = new byte[32];
        byte[] nonce = new byte[12];
        nonce[0] = 7;
        SecretKeySpec k = new SecretKeySpec(key, "ChaCha20");
        if (!works(() ->
                Cipher.getInstance(STREAM, PROVIDER).init(Cipher.ENCRYPT_MODE, k, new IvParameterSpec(new byte[8])))) {
            l.add("the original ChaCha20 (8-byte nonce, 64-bit counter)");
        }
        if (!works(() -> Cipher.getInstance("XChaCha20", PROVIDER))) {
            l.add("an XChaCha20 stream cipher");
        }
        if (!works(() -> Cipher.getInstance("ChaCha12", PROVIDER))
                && !works(() -> Cipher.getInstance("ChaCha8", PROVIDER))) {
            l.add("reduced-round ChaCha (8, 12 rounds)");
        }
        if (!works(() -> {
            Cipher c = Cipher.getInstance(STREAM, PROVIDER);
            c.init(Cipher.ENCRYPT_MODE, k, new ChaCha20ParameterSpec(nonce, 1));
            Cipher ref = Cipher.getInstance(STREAM);
            ref.init(Cipher.ENCRYPT_MODE, k, new ChaCha20ParameterSpec(nonce, 1));
            if (!Arrays.equals(c.update(new byte[64]), ref.update(new byte[64]))) {
                throw new IllegalStateException("ChaCha20ParameterSpec not honoured");
            }
        })) {
            l.add("a starting block counter or seek (it takes a ChaCha20ParameterSpec without complaint but does not "
                    + "use its nonce and counter)");
        }
        return l;
    }

    private interface Attempt {
        void run() throws Exception;
    }

    private static boolean works(Attempt a) {
        try {
            a.run();
            return true;
        } catch (Exception e) {
            return false;
        }
    }
}
