// SPDX-License-Identifier: Apache-2.0
package io.jchacha.provider;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jchacha.AllocationMeter;
import io.jchacha.ChaCha20Poly1305CallerNonce;
import io.jchacha.JChachaProvider;
import io.jchacha.XChaCha20Poly1305CallerNonce;
import javax.crypto.Cipher;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The provider's SPI path allocates no more per message than the direct API does, beyond the nonce's copy the JCA
 * contract forces on it ({@code getIV()}; the key, the same {@code SecretKeySpec} each time, is not read again),
 * and nothing per streaming {@code update}.
 */
class ProviderAllocationTest {
    private static final int WARMUP = 2000;
    private static final int CALLS = 2000;
    /**
     * The meter's noise: a one-off allocation during the counted calls shows as a byte or two per call (JDK 25 over
     * FFM read 297 bytes for the provider against the direct API's 216 + 80).
     */
    private static final long SLACK = 16;

    private final byte[] key = new byte[32];
    private final SecretKeySpec secretKey = new SecretKeySpec(key, "ChaCha20");
    private final byte[] in = new byte[1024];
    private final byte[] out = new byte[1024 + 16];

    @ParameterizedTest
    @ValueSource(strings = {"ChaCha20-Poly1305", "XChaCha20-Poly1305"})
    void sealThroughTheProviderAllocatesWhatTheDirectApiDoesPlusTheNonceCopy(String algorithm) throws Throwable {
        int nonceLength = algorithm.startsWith("X") ? 24 : 12;
        byte[] nonce = new byte[nonceLength];
        AllocationMeter.Op directSeal;
        if (nonceLength == 24) {
            XChaCha20Poly1305CallerNonce direct = new XChaCha20Poly1305CallerNonce(key);
            directSeal = () -> direct.seal(nonce, in, 0, in.length, null, out, 0);
        } else {
            ChaCha20Poly1305CallerNonce direct = new ChaCha20Poly1305CallerNonce(key);
            directSeal = () -> direct.seal(nonce, in, 0, in.length, null, out, 0);
        }
        long directBytes = AllocationMeter.perCall(WARMUP, CALLS, directSeal);

        Cipher c = Cipher.getInstance(algorithm, new JChachaProvider());
        // two nonces in turn: each initialization differs from the one before, as the SPI demands
        byte[] other = new byte[nonceLength];
        other[nonceLength - 1] = 1;
        IvParameterSpec[] nonces = {new IvParameterSpec(nonce), new IvParameterSpec(other)};
        int[] i = {0};
        long providerBytes = AllocationMeter.perCall(WARMUP, CALLS, () -> {
            c.init(Cipher.ENCRYPT_MODE, secretKey, nonces[i[0] ^= 1]);
            c.doFinal(in, 0, in.length, out, 0);
        });
        long ivCopy = 16 + ((nonceLength + 7) & ~7); // getIV()'s array: a 16-byte header, 8-byte alignment
        assertTrue(
                providerBytes <= directBytes + ivCopy + SLACK,
                algorithm + ": provider init + doFinal of 1 KiB "
                        + "allocates " + providerBytes + " bytes per message, the direct API " + directBytes + " (+ "
                        + ivCopy
                        + " for the JCA's nonce copy and " + SLACK + " of noise allowed)");
    }

    @Test
    void streamingUpdatesThroughTheProviderAllocateNothing() throws Throwable {
        Cipher c = Cipher.getInstance("ChaCha20", new JChachaProvider());
        c.init(Cipher.ENCRYPT_MODE, secretKey, new ChaCha20ParameterSpec(new byte[12], 0));
        long perCall = AllocationMeter.perCall(WARMUP, CALLS, () -> c.update(in, 0, in.length, out, 0));
        assertTrue(
                perCall <= 16 + io.jchacha.AllocationMeter.bridgeAllowance(),
                "Cipher.update(1 KiB) allocates " + perCall + " bytes per call");
    }

    @Test
    void streamingAeadUpdatesAllocateNothingPerUpdate() throws Throwable {
        Cipher c = Cipher.getInstance("ChaCha20-Poly1305", new JChachaProvider());
        c.init(Cipher.ENCRYPT_MODE, secretKey, new IvParameterSpec(new byte[12]));
        c.update(in, 0, in.length, out, 0); // sets up the stream (Poly1305 key, cipher) once
        long perCall = AllocationMeter.perCall(WARMUP, CALLS, () -> c.update(in, 0, in.length, out, 0));
        assertTrue(
                perCall <= 64 + io.jchacha.AllocationMeter.bridgeAllowance(),
                "ChaCha20-Poly1305 Cipher.update(1 KiB) allocates " + perCall + " bytes per call");
    }
}
