// SPDX-License-Identifier: Apache-2.0
package io.jchacha.provider;

import io.jchacha.JChachaProvider;
import java.io.IOException;
import java.security.AlgorithmParameters;
import java.security.AlgorithmParametersSpi;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.HexFormat;
import javax.crypto.spec.IvParameterSpec;

/**
 * {@code AlgorithmParameters} "ChaCha20-Poly1305" (12-byte nonce) and "XChaCha20-Poly1305" (24-byte nonce):
 * the nonce, as an {@link IvParameterSpec} or DER-encoded as an OCTET STRING (the encoding SunJCE uses, RFC 8103).
 */
public final class NonceParameters extends AlgorithmParametersSpi {
    private final String algorithm;
    private final int nonceLength;
    private byte[] nonce;

    /** @param xchacha {@code true} for XChaCha20-Poly1305, {@code false} for ChaCha20-Poly1305 */
    public NonceParameters(boolean xchacha) {
        this.algorithm = xchacha ? "XChaCha20-Poly1305" : "ChaCha20-Poly1305";
        this.nonceLength = xchacha ? 24 : 12;
    }

    /** Initialized parameters holding {@code nonce}, without a provider lookup. */
    static AlgorithmParameters create(String algorithm, byte[] nonce) {
        NonceParameters spi = new NonceParameters(nonce.length == 24);
        AlgorithmParameters p = new AlgorithmParameters(spi, JChachaProvider.instance(), algorithm) {};
        try {
            p.init(new IvParameterSpec(nonce));
        } catch (InvalidParameterSpecException e) {
            throw new IllegalStateException(e);
        }
        return p;
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec paramSpec) throws InvalidParameterSpecException {
        if (!(paramSpec instanceof IvParameterSpec)) {
            throw new InvalidParameterSpecException(algorithm + " parameters require IvParameterSpec");
        }
        byte[] n = ((IvParameterSpec) paramSpec).getIV();
        if (n.length != nonceLength) {
            throw new InvalidParameterSpecException(algorithm + " nonce must be " + nonceLength + " bytes");
        }
        nonce = n;
    }

    @Override
    protected void engineInit(byte[] params) throws IOException {
        // OCTET STRING, short-form length (the nonce is at most 24 bytes), nothing after it
        if (params == null || params.length != nonceLength + 2 || params[0] != 0x04 || params[1] != nonceLength) {
            throw new IOException(algorithm + " parameters must be a DER OCTET STRING of " + nonceLength + " bytes");
        }
        byte[] n = new byte[nonceLength];
        System.arraycopy(params, 2, n, 0, nonceLength);
        nonce = n;
    }

    @Override
    protected void engineInit(byte[] params, String format) throws IOException {
        if (format != null && !format.equalsIgnoreCase("ASN.1")) {
            throw new IOException("Unsupported format: " + format);
        }
        engineInit(params);
    }

    @Override
    protected <T extends AlgorithmParameterSpec> T engineGetParameterSpec(Class<T> paramSpec)
            throws InvalidParameterSpecException {
        if (paramSpec.isAssignableFrom(IvParameterSpec.class)) {
            return paramSpec.cast(new IvParameterSpec(nonce));
        }
        throw new InvalidParameterSpecException("Inappropriate parameter specification: " + paramSpec);
    }

    @Override
    protected byte[] engineGetEncoded() {
        byte[] der = new byte[nonceLength + 2];
        der[0] = 0x04;
        der[1] = (byte) nonceLength;
        System.arraycopy(nonce, 0, der, 2, nonceLength);
        return der;
    }

    @Override
    protected byte[] engineGetEncoded(String format) throws IOException {
        if (format != null && !format.equalsIgnoreCase("ASN.1")) {
            throw new IOException("Unsupported format: " + format);
        }
        return engineGetEncoded();
    }

    @Override
    protected String engineToString() {
        return algorithm + " nonce: "
                + (nonce == null ? "(none)" : HexFormat.of().formatHex(nonce));
    }
}
