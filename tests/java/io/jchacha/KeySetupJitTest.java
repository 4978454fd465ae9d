// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static io.jchacha.KeySetupInputs.INPUTS;
import static io.jchacha.KeySetupInputs.KEYS;
import static io.jchacha.KeySetupInputs.MESSAGE;
import static io.jchacha.KeySetupInputs.N;
import static io.jchacha.KeySetupInputs.NONCES24;
import static io.jchacha.KeySetupInputs.nonce;
import static io.jchacha.KeySetupInputs.where;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jchacha.internal.FastKeyErasure;
import java.security.Provider;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;

/**
 * Every path that turns key, seed or nonce bytes into state words, run hot in one loop per path so that C2
 * compiles it (OSR of the loop and whole methods, tiered as users run it), each result checked against a known
 * answer from an independent implementation (BouncyCastle, the tests' own HChaCha and rand_chacha models) or,
 * where none exists, the path's own first, cold result. OpenJDK 17 updates have compiled such paths into wrong
 * keys (docs/DEVELOPING.md, "Java rules"). Objects stay inside the loop, so escape analysis may remove them.
 *
 * <p>The inputs and the iteration count are {@link KeySetupInputs}; the secret stream's paths are in
 * {@code io.jchacha.secretstream.KeySetupJitTest}, named as this class so that the {@code jit-default} executions
 * ({@code <test>KeySetupJitTest</test>}) run both.
 */
class KeySetupJitTest {
    private static final Provider OURS = new JChachaProvider();

    @Test
    void chaChaRandomSeedsStayWhole() {
        int[] rounds = {20, 8, 12};
        long[][] first = new long[INPUTS][rounds.length];
        for (int k = 0; k < INPUTS; k++) {
            for (int j = 0; j < rounds.length; j++) {
                first[k][j] = new RandChachaModel(rounds[j], KEYS[k]).nextU64();
            }
        }
        for (int i = 0; i < N; i++) {
            int k = i % INPUTS;
            int j = i % rounds.length;
            ChaChaRandom r;
            switch (j) { // the constructors' three entry points, as users call them
                case 0:
                    r = ChaChaRandom.newInstance(20, KEYS[k]);
                    break;
                case 1:
                    r = ChaChaRandom.chacha8(KEYS[k]);
                    break;
                default:
                    r = ChaChaRandom.chacha12(KEYS[k]);
                    break;
            }
            if (!Arrays.equals(r.getSeed(), KEYS[k])) {
                assertArrayEquals(KEYS[k], r.getSeed(), where("ChaChaRandom seed", i));
            }
            // the first output makes 16 KiB of keystream: check it on a share of the iterations
            if (i % 64 < 3) {
                assertEquals(first[k][j], r.nextLong(), where("ChaChaRandom output", i));
            }
        }
    }

    @Test
    void streamCipherKeysAndNonces() {
        ChaCha20.Variant[] variants = ChaCha20.Variant.values();
        byte[][][] expect = new byte[INPUTS][variants.length][];
        for (int k = 0; k < INPUTS; k++) {
            for (ChaCha20.Variant v : variants) {
                expect[k][v.ordinal()] = TestSupport.bouncy(v, KEYS[k], nonce(k, v.nonceLength()), 0, 20, MESSAGE);
            }
        }
        byte[] out = new byte[MESSAGE.length];
        for (int i = 0; i < N; i++) {
            int k = i % INPUTS;
            ChaCha20.Variant v = variants[i % variants.length];
            ChaCha20.newInstance(v, KEYS[k], nonce(k, v.nonceLength()), 0, 20)
                    .update(MESSAGE, 0, MESSAGE.length, out, 0);
            if (!Arrays.equals(out, expect[k][v.ordinal()])) {
                assertArrayEquals(expect[k][v.ordinal()], out, where("ChaCha20 " + v, i));
            }
        }
    }

    @Test
    void hchachaAndPoly1305Keys() {
        byte[][] sub = new byte[INPUTS][];
        byte[][] tag = new byte[INPUTS][];
        for (int k = 0; k < INPUTS; k++) {
            sub[k] = ReferenceHChaCha.subkey(KEYS[k], nonce(k, 16), 20);
            tag[k] = BouncyPoly1305.mac(KEYS[k], MESSAGE, 0, MESSAGE.length);
        }
        for (int i = 0; i < N; i++) {
            int k = i % INPUTS;
            byte[] s = HChaCha20.subkey(KEYS[k], nonce(k, 16));
            if (!Arrays.equals(s, sub[k])) {
                assertArrayEquals(sub[k], s, where("HChaCha20", i));
            }
            byte[] t = Poly1305.mac(KEYS[k], MESSAGE);
            if (!Arrays.equals(t, tag[k])) {
                assertArrayEquals(tag[k], t, where("Poly1305", i));
            }
        }
    }

    /** BouncyCastle's ChaCha20-Poly1305 seal; XChaCha20's on the tests' own HChaCha20 subkey. */
    private static byte[] bouncySeal(byte[] key, byte[] nonce) throws Exception {
        byte[] k = key;
        byte[] n = nonce;
        if (nonce.length == 24) {
            k = ReferenceHChaCha.subkey(key, Arrays.copyOf(nonce, 16), 20);
            n = new byte[12];
            System.arraycopy(nonce, 16, n, 4, 8);
        }
        org.bouncycastle.crypto.modes.ChaCha20Poly1305 c = new org.bouncycastle.crypto.modes.ChaCha20Poly1305();
        c.init(true, new AEADParameters(new KeyParameter(k), 128, n, MESSAGE));
        byte[] out = new byte[c.getOutputSize(MESSAGE.length)];
        int w = c.processBytes(MESSAGE, 0, MESSAGE.length, out, 0);
        c.doFinal(out, w);
        return out;
    }

    @Test
    void aeadKeysAndNonces() throws Exception {
        byte[][] ietf = new byte[INPUTS][];
        byte[][] x = new byte[INPUTS][];
        for (int k = 0; k < INPUTS; k++) {
            ietf[k] = bouncySeal(KEYS[k], nonce(k, 12));
            x[k] = bouncySeal(KEYS[k], NONCES24[k]);
        }
        byte[] out = new byte[MESSAGE.length + 16];
        byte[] back = new byte[MESSAGE.length];
        for (int i = 0; i < N; i++) {
            int k = i % INPUTS;
            boolean xchacha = (i & 4) != 0;
            byte[] expect = xchacha ? x[k] : ietf[k];
            CallerNonceAead aead =
                    xchacha ? new XChaCha20Poly1305CallerNonce(KEYS[k]) : new ChaCha20Poly1305CallerNonce(KEYS[k]);
            byte[] nonce = xchacha ? NONCES24[k] : nonce(k, 12);
            aead.seal(nonce, MESSAGE, 0, MESSAGE.length, MESSAGE, out, 0);
            if (!Arrays.equals(out, expect)) {
                assertArrayEquals(expect, out, where(xchacha ? "XChaCha20-Poly1305" : "ChaCha20-Poly1305", i));
            }
            // the random-nonce classes' open: nonce || ciphertext || tag
            byte[] wire = new byte[nonce.length + expect.length];
            System.arraycopy(nonce, 0, wire, 0, nonce.length);
            System.arraycopy(expect, 0, wire, nonce.length, expect.length);
            byte[] opened = xchacha
                    ? new XChaCha20Poly1305(KEYS[k]).open(wire, MESSAGE)
                    : new ChaCha20Poly1305(KEYS[k]).open(wire, MESSAGE);
            if (!Arrays.equals(opened, MESSAGE)) {
                assertArrayEquals(MESSAGE, opened, where("random-nonce open", i));
            }
            aead.open(nonce, expect, 0, expect.length, MESSAGE, back, 0);
            if (!Arrays.equals(back, MESSAGE)) {
                assertArrayEquals(MESSAGE, back, where("caller-nonce open", i));
            }
        }
    }

    @Test
    void providerInit() throws Exception {
        byte[][] aead = new byte[INPUTS][];
        byte[][] stream = new byte[INPUTS][];
        for (int k = 0; k < INPUTS; k++) {
            aead[k] = bouncySeal(KEYS[k], nonce(k, 12));
            stream[k] = TestSupport.bouncy(ChaCha20.Variant.IETF, KEYS[k], nonce(k, 12), 1, 20, MESSAGE);
        }
        Cipher c = Cipher.getInstance("ChaCha20-Poly1305", OURS);
        Cipher s = Cipher.getInstance("ChaCha20", OURS);
        for (int i = 0; i < N; i++) {
            int k = i % INPUTS;
            SecretKeySpec key = new SecretKeySpec(KEYS[k], "ChaCha20");
            c.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(nonce(k, 12)));
            c.updateAAD(MESSAGE);
            byte[] out = c.doFinal(MESSAGE);
            if (!Arrays.equals(out, aead[k])) {
                assertArrayEquals(aead[k], out, where("JCA ChaCha20-Poly1305", i));
            }
            s.init(Cipher.ENCRYPT_MODE, key, new javax.crypto.spec.ChaCha20ParameterSpec(nonce(k, 12), 1));
            out = s.doFinal(MESSAGE);
            if (!Arrays.equals(out, stream[k])) {
                assertArrayEquals(stream[k], out, where("JCA ChaCha20", i));
            }
        }
    }

    @Test
    void generatorKeys() {
        byte[][] random = new byte[INPUTS][];
        for (int k = 0; k < INPUTS; k++) {
            // cold first results: the suite checks this path against the generator's definition
            random[k] = new byte[64];
            new FastKeyErasure(KEYS[k]).nextBytes(random[k], 0, 64);
        }
        byte[] r = new byte[64];
        for (int i = 0; i < N; i++) {
            int k = i % INPUTS;
            new FastKeyErasure(KEYS[k]).nextBytes(r, 0, 64);
            if (!Arrays.equals(r, random[k])) {
                assertArrayEquals(random[k], r, where("fast-key-erasure generator", i));
            }
        }
    }
}
