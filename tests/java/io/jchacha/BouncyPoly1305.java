// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import org.bouncycastle.crypto.params.KeyParameter;

/** BouncyCastle's Poly1305, the independent implementation the tests compare jchacha's with. */
public final class BouncyPoly1305 {
    private BouncyPoly1305() {}

    /** The 16-byte tag of {@code msg[off, off + len)} under the 32-byte one-time {@code key}. */
    public static byte[] mac(byte[] key, byte[] msg, int off, int len) {
        org.bouncycastle.crypto.macs.Poly1305 p = new org.bouncycastle.crypto.macs.Poly1305();
        p.init(new KeyParameter(key));
        p.update(msg, off, len);
        byte[] t = new byte[16];
        p.doFinal(t, 0);
        return t;
    }
}
