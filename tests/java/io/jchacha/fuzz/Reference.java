// SPDX-License-Identifier: Apache-2.0
package io.jchacha.fuzz;

import java.util.Arrays;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.StreamCipher;
import org.bouncycastle.crypto.engines.ChaCha7539Engine;
import org.bouncycastle.crypto.engines.ChaChaEngine;
import org.bouncycastle.crypto.modes.ChaCha20Poly1305;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

/**
 * The independent implementation the fuzz tests compare jchacha with: BouncyCastle's engines, started at any block
 * counter and any round count (BouncyCastle has the cores, not these entry points), HChaCha written out here from
 * the draft, and BouncyCastle's ChaCha20-Poly1305. Nothing here calls jchacha. The stress tests use it too.
 */
public final class Reference {
    private Reference() {}

    /** The ChaCha variants by nonce length: 12 IETF (32-bit counter), 8 original and 24 XChaCha (64-bit). */
    public static StreamCipher stream(byte[] key, byte[] nonce, int rounds, long blockCounter) {
        switch (nonce.length) {
            case 12:
                return ietf(key, nonce, rounds, (int) blockCounter);
            case 8:
                return original(key, nonce, rounds, blockCounter);
            case 24:
                return original(
                        hchacha(key, Arrays.copyOf(nonce, 16), rounds),
                        Arrays.copyOfRange(nonce, 16, 24),
                        rounds,
                        blockCounter);
            default:
                throw new IllegalArgumentException("nonce length " + nonce.length);
        }
    }

    /** RFC 8439 layout at {@code counter}, any rounds; the counter wraps silently (callers stop before it). */
    private static StreamCipher ietf(byte[] key, byte[] nonce, int nRounds, int start) {
        ChaCha7539Engine e = new ChaCha7539Engine() {
            {
                this.rounds = nRounds;
            }

            @Override
            protected void resetCounter() {
                engineState[12] = start;
            }

            @Override
            protected void advanceCounter() {
                engineState[12]++;
            }
        };
        e.init(true, new ParametersWithIV(new KeyParameter(key), nonce));
        return e;
    }

    /** Bernstein's layout: 64-bit counter in words 12 and 13, starting at {@code counter} (unsigned). */
    private static StreamCipher original(byte[] key, byte[] nonce, int nRounds, long start) {
        ChaChaEngine e = new ChaChaEngine(nRounds) {
            @Override
            protected void resetCounter() {
                engineState[12] = (int) start;
                engineState[13] = (int) (start >>> 32);
            }
        };
        e.init(true, new ParametersWithIV(new KeyParameter(key), nonce));
        return e;
    }

    /** {@code len} keystream bytes from byte {@code offset} of block {@code blockCounter} on. */
    public static byte[] keystream(byte[] key, byte[] nonce, int rounds, long blockCounter, int offset, int len) {
        StreamCipher c = stream(key, nonce, rounds, blockCounter);
        byte[] skip = new byte[offset];
        c.processBytes(skip, 0, skip.length, skip, 0);
        byte[] out = new byte[len];
        c.processBytes(out, 0, len, out, 0);
        return out;
    }

    // ---- HChaCha (draft-irtf-cfrg-xchacha 2.2), scalar, array-indexed quarter rounds ----------------------

    public static byte[] hchacha(byte[] key, byte[] in16, int rounds) {
        int[] x = new int[16];
        x[0] = 0x61707865;
        x[1] = 0x3320646e;
        x[2] = 0x79622d32;
        x[3] = 0x6b206574;
        for (int i = 0; i < 8; i++) {
            x[4 + i] = le32(key, 4 * i);
        }
        for (int i = 0; i < 4; i++) {
            x[12 + i] = le32(in16, 4 * i);
        }
        for (int r = 0; r < rounds; r += 2) {
            qr(x, 0, 4, 8, 12);
            qr(x, 1, 5, 9, 13);
            qr(x, 2, 6, 10, 14);
            qr(x, 3, 7, 11, 15);
            qr(x, 0, 5, 10, 15);
            qr(x, 1, 6, 11, 12);
            qr(x, 2, 7, 8, 13);
            qr(x, 3, 4, 9, 14);
        }
        byte[] out = new byte[32];
        int[] words = {x[0], x[1], x[2], x[3], x[12], x[13], x[14], x[15]};
        for (int i = 0; i < 8; i++) {
            for (int b = 0; b < 4; b++) {
                out[4 * i + b] = (byte) (words[i] >>> (8 * b));
            }
        }
        return out;
    }

    private static void qr(int[] x, int a, int b, int c, int d) {
        x[a] += x[b];
        x[d] = Integer.rotateLeft(x[d] ^ x[a], 16);
        x[c] += x[d];
        x[b] = Integer.rotateLeft(x[b] ^ x[c], 12);
        x[a] += x[b];
        x[d] = Integer.rotateLeft(x[d] ^ x[a], 8);
        x[c] += x[d];
        x[b] = Integer.rotateLeft(x[b] ^ x[c], 7);
    }

    private static int le32(byte[] b, int off) {
        return (b[off] & 0xff) | (b[off + 1] & 0xff) << 8 | (b[off + 2] & 0xff) << 16 | (b[off + 3] & 0xff) << 24;
    }

    // ---- AEADs ------------------------------------------------------------------------------------------

    /** ChaCha20-Poly1305 (12-byte nonce) or XChaCha20-Poly1305 (24-byte nonce): ciphertext || tag. */
    public static byte[] seal(byte[] key, byte[] nonce, byte[] plaintext, byte[] aad) {
        return aead(true, key, nonce, plaintext, aad);
    }

    /** The plaintext, or null if the tag does not verify. */
    public static byte[] open(byte[] key, byte[] nonce, byte[] ciphertextAndTag, byte[] aad) {
        return ciphertextAndTag.length < 16 ? null : aead(false, key, nonce, ciphertextAndTag, aad);
    }

    private static byte[] aead(boolean seal, byte[] key, byte[] nonce, byte[] in, byte[] aad) {
        byte[] k = key;
        byte[] n = nonce;
        if (nonce.length == 24) {
            k = hchacha(key, Arrays.copyOf(nonce, 16), 20);
            n = new byte[12];
            System.arraycopy(nonce, 16, n, 4, 8);
        }
        ChaCha20Poly1305 c = new ChaCha20Poly1305();
        c.init(seal, new AEADParameters(new KeyParameter(k), 128, n, aad == null ? new byte[0] : aad));
        byte[] out = new byte[c.getOutputSize(in.length)];
        try {
            int w = c.processBytes(in, 0, in.length, out, 0);
            c.doFinal(out, w);
        } catch (InvalidCipherTextException e) {
            return null;
        }
        return out;
    }
}
