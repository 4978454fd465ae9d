// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.bouncycastle.crypto.StreamCipher;
import org.bouncycastle.crypto.engines.ChaCha7539Engine;
import org.bouncycastle.crypto.engines.ChaChaEngine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

/**
 * Shared helpers: hex, random bytes, BouncyCastle as the independent implementation of every variant, and the native
 * backends to iterate over.
 */
public final class TestSupport {
    private TestSupport() {}

    static byte[] hex(String s) {
        return HexFormat.of().parseHex(s.replaceAll("\\s+", ""));
    }

    static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    /**
     * The native backends that run here, for tests that iterate over them. Fails when one that this machine should
     * run ({@link CpuBackends}) is missing, so such a test cannot pass by iterating over nothing.
     */
    public static List<Backend> nativeBackends() {
        List<Backend> l =
                Backends.available().stream().filter(Backend::isNative).collect(Collectors.toList());
        Set<Backend> expected = CpuBackends.expectedNative();
        assertTrue(
                l.containsAll(expected),
                "native backends that must run here: " + expected + ", running: " + l
                        + (l.isEmpty()
                                ? " (library: "
                                        + Backends.unavailableReason(Backend.PORTABLE)
                                                .orElse("") + ")"
                                : ""));
        return l;
    }

    public static byte[] random(Random r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    /**
     * BouncyCastle's keystream XOR for any variant: ChaCha7539Engine (IETF, 20 rounds only), ChaChaEngine
     * (original, any rounds); XChaCha20 through BouncyCastle's original engine on the subkey of
     * {@link ReferenceHChaCha} (the tests' own HChaCha, independent of the library's at every round count).
     * Returns null where BouncyCastle has no such cipher (IETF, 8/12 rounds).
     */
    static byte[] bouncy(ChaCha20.Variant v, byte[] key, byte[] nonce, long counter, int rounds, byte[] in) {
        StreamCipher c;
        switch (v) {
            case IETF:
                if (rounds != 20) {
                    return null;
                }
                c = new ChaCha7539Engine();
                c.init(true, new ParametersWithIV(new KeyParameter(key), nonce));
                break;
            case ORIGINAL:
                c = new ChaChaEngine(rounds);
                c.init(true, new ParametersWithIV(new KeyParameter(key), nonce));
                break;
            default:
                c = new ChaChaEngine(rounds);
                byte[] sub = ReferenceHChaCha.subkey(key, java.util.Arrays.copyOf(nonce, 16), rounds);
                c.init(true, new ParametersWithIV(new KeyParameter(sub), java.util.Arrays.copyOfRange(nonce, 16, 24)));
                break;
        }
        if (counter != 0) {
            // BouncyCastle seeks in bytes; counters beyond its reach are tested against vectors instead
            ((org.bouncycastle.crypto.SkippingCipher) c).seekTo(counter * 64);
        }
        byte[] out = new byte[in.length];
        c.processBytes(in, 0, in.length, out, 0);
        return out;
    }
}
