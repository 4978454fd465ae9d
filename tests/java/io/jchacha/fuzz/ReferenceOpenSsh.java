// SPDX-License-Identifier: Apache-2.0
package io.jchacha.fuzz;

import java.util.Arrays;
import org.bouncycastle.crypto.engines.ChaChaEngine;
import org.bouncycastle.crypto.macs.Poly1305;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

/**
 * {@code chacha20-poly1305@openssh.com} composed from BouncyCastle's original ChaCha20 (8-byte nonce: the big-endian
 * sequence number) and Poly1305, as JSch's built-in cipher composes them, written from the draft's description.
 * Packets are [length(4)][body][tag(16)]. Nothing here calls jchacha.
 */
public final class ReferenceOpenSsh {
    private ReferenceOpenSsh() {}

    private static ChaChaEngine engine(byte[] key64, int keyOff, long seq) {
        byte[] iv = new byte[8];
        for (int i = 0; i < 8; i++) {
            iv[i] = (byte) (seq >>> (56 - 8 * i));
        }
        ChaChaEngine e = new ChaChaEngine(20);
        e.init(true, new ParametersWithIV(new KeyParameter(Arrays.copyOfRange(key64, keyOff, keyOff + 32)), iv));
        return e;
    }

    /** The Poly1305 key: the first 32 bytes of {@code main}'s block 0; leaves {@code main} at block 1. */
    private static byte[] polyKey(ChaChaEngine main) {
        byte[] block0 = new byte[64];
        main.processBytes(block0, 0, 64, block0, 0);
        return Arrays.copyOf(block0, 32);
    }

    private static byte[] tag(byte[] polyKey, byte[] sealed, int len) {
        Poly1305 mac = new Poly1305();
        mac.init(new KeyParameter(polyKey));
        mac.update(sealed, 0, len);
        byte[] t = new byte[16];
        mac.doFinal(t, 0);
        return t;
    }

    /** The sealed packet: encrypted length, encrypted body, tag ({@code plain.length + 16} bytes). */
    public static byte[] seal(byte[] key64, long seq, byte[] plain) {
        byte[] out = new byte[plain.length + 16];
        engine(key64, 32, seq).processBytes(plain, 0, 4, out, 0);
        ChaChaEngine main = engine(key64, 0, seq);
        byte[] polyKey = polyKey(main);
        main.processBytes(plain, 4, plain.length - 4, out, 4);
        System.arraycopy(tag(polyKey, out, plain.length), 0, out, plain.length, 16);
        return out;
    }

    /** The plaintext packet (length field and body), or null if the tag does not match. */
    public static byte[] open(byte[] key64, long seq, byte[] sealed) {
        int len = sealed.length - 16;
        ChaChaEngine main = engine(key64, 0, seq);
        byte[] polyKey = polyKey(main);
        if (!Arrays.equals(tag(polyKey, sealed, len), Arrays.copyOfRange(sealed, len, sealed.length))) {
            return null;
        }
        byte[] out = new byte[len];
        engine(key64, 32, seq).processBytes(sealed, 0, 4, out, 0);
        main.processBytes(sealed, 4, len - 4, out, 4);
        return out;
    }
}
