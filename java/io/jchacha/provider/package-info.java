// SPDX-License-Identifier: Apache-2.0
/**
 * The JCA service implementations behind {@link io.jchacha.JChachaProvider}: {@code CipherSpi},
 * {@code KeyGeneratorSpi} and {@code AlgorithmParametersSpi} subclasses. Not API: obtain them through
 * {@code Cipher.getInstance(..., provider)} and friends. They live apart from {@code io.jchacha.internal}
 * because they are a binding layer over the library (the public classes plus the AEAD seam), not engine code;
 * the provider constructs them directly, without reflection, so they need no particular visibility to
 * {@code java.base}.
 */
package io.jchacha.provider;
