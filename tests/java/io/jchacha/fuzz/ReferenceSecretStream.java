// SPDX-License-Identifier: Apache-2.0
package io.jchacha.fuzz;

import java.util.Arrays;
import org.bouncycastle.crypto.engines.ChaCha7539Engine;
import org.bouncycastle.crypto.macs.Poly1305;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

/**
 * The push side of libsodium 1.0.18's crypto_secretstream_xchacha20poly1305, written from its source's
 * description over BouncyCastle's IETF ChaCha20 and Poly1305 (HChaCha20 from {@link Reference}). Nothing here calls
 * jchacha.
 */
final class ReferenceSecretStream {
    private static final int TAG_REKEY = 2;

    private byte[] key;
    /** counter (little-endian 32 bits, starts at 1) || inonce (8 bytes): the IETF nonce of every message. */
    private final byte[] nonce = new byte[12];

    ReferenceSecretStream(byte[] key, byte[] header) {
        this.key = Reference.hchacha(key, Arrays.copyOf(header, 16), 20);
        nonce[0] = 1;
        System.arraycopy(header, 16, nonce, 4, 8);
    }

    private ChaCha7539Engine cipher() {
        ChaCha7539Engine c = new ChaCha7539Engine();
        c.init(true, new ParametersWithIV(new KeyParameter(key), nonce));
        return c;
    }

    /** tag byte || ciphertext || MAC. */
    byte[] push(byte[] m, byte[] ad, int tag) {
        byte[] a = ad == null ? new byte[0] : ad;
        ChaCha7539Engine c = cipher();
        byte[] block0 = new byte[64];
        c.processBytes(block0, 0, 64, block0, 0);
        byte[] block = new byte[64];
        block[0] = (byte) tag;
        c.processBytes(block, 0, 64, block, 0);
        byte[] ct = new byte[m.length];
        c.processBytes(m, 0, m.length, ct, 0);
        Poly1305 mac = new Poly1305();
        mac.init(new KeyParameter(block0, 0, 32));
        mac.update(a, 0, a.length);
        mac.update(new byte[16], 0, (16 - a.length % 16) % 16);
        mac.update(block, 0, 64);
        mac.update(ct, 0, ct.length);
        mac.update(new byte[16], 0, (0x10 - 64 + m.length) & 0xf);
        mac.update(le64(a.length), 0, 8);
        mac.update(le64(64L + m.length), 0, 8);
        byte[] t = new byte[16];
        mac.doFinal(t, 0);
        byte[] out = new byte[m.length + 17];
        out[0] = block[0];
        System.arraycopy(ct, 0, out, 1, ct.length);
        System.arraycopy(t, 0, out, 1 + ct.length, 16);
        for (int i = 0; i < 8; i++) {
            nonce[4 + i] ^= t[i];
        }
        int counter = (nonce[0] & 0xff) | (nonce[1] & 0xff) << 8 | (nonce[2] & 0xff) << 16 | (nonce[3] & 0xff) << 24;
        counter++;
        for (int i = 0; i < 4; i++) {
            nonce[i] = (byte) (counter >>> (8 * i));
        }
        if ((tag & TAG_REKEY) != 0 || counter == 0) {
            rekey();
        }
        return out;
    }

    /** key || inonce := (key || inonce) XOR the keystream under the current nonce (counter || inonce); counter := 1. */
    void rekey() {
        byte[] buf = new byte[40];
        System.arraycopy(key, 0, buf, 0, 32);
        System.arraycopy(nonce, 4, buf, 32, 8);
        cipher().processBytes(buf, 0, 40, buf, 0);
        key = Arrays.copyOf(buf, 32);
        System.arraycopy(buf, 32, nonce, 4, 8);
        nonce[0] = 1;
        nonce[1] = 0;
        nonce[2] = 0;
        nonce[3] = 0;
    }

    private static byte[] le64(long v) {
        byte[] b = new byte[8];
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (v >>> (8 * i));
        }
        return b;
    }
}
