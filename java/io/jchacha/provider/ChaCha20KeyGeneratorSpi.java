// SPDX-License-Identifier: Apache-2.0
package io.jchacha.provider;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.KeyGeneratorSpi;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/** JCA {@code KeyGenerator} "ChaCha20": 256-bit keys from a {@link SecureRandom}, RAW-encoded, as SunJCE's. */
public final class ChaCha20KeyGeneratorSpi extends KeyGeneratorSpi {
    private SecureRandom random;

    public ChaCha20KeyGeneratorSpi() {}

    @Override
    protected void engineInit(SecureRandom random) {
        this.random = random;
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidAlgorithmParameterException {
        throw new InvalidAlgorithmParameterException("ChaCha20 key generation takes no parameters");
    }

    @Override
    protected void engineInit(int keysize, SecureRandom random) {
        if (keysize != 256) {
            throw new InvalidParameterException("ChaCha20 keys are 256 bits, not " + keysize);
        }
        this.random = random;
    }

    @Override
    protected SecretKey engineGenerateKey() {
        if (random == null) {
            random = new SecureRandom();
        }
        byte[] k = new byte[Support.KEY_LENGTH];
        try {
            random.nextBytes(k);
            return new SecretKeySpec(k, "ChaCha20");
        } finally {
            Arrays.fill(k, (byte) 0);
        }
    }
}
