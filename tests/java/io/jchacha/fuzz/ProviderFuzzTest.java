// SPDX-License-Identifier: Apache-2.0
package io.jchacha.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.jchacha.JChachaProvider;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.security.Provider;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The JCA ciphers of {@link JChachaProvider} ("ChaCha20", "ChaCha20-Poly1305", "XChaCha20-Poly1305") against
 * {@link Reference}: a fuzzer-chosen message encrypted and decrypted in fuzzer-chosen pieces through every update
 * and doFinal form (arrays, arrays at offsets, heap and direct buffers), AAD in pieces; ChaCha20 from initial
 * counters next to the 32-bit wrap. A tampered AEAD message fails in doFinal with AEADBadTagException and no
 * update released any plaintext before it.
 */
class ProviderFuzzTest {
    private static final Provider PROVIDER = new JChachaProvider();
    private static final String[] ALGORITHMS = {"ChaCha20", "ChaCha20-Poly1305", "XChaCha20-Poly1305"};

    @FuzzTest
    void cipherPieces(FuzzedDataProvider d) throws Exception {
        String alg = d.pickValue(ALGORITHMS);
        boolean aead = !alg.equals("ChaCha20");
        byte[] key = Inputs.exactly(d, 32);
        byte[] nonce = Inputs.exactly(d, alg.startsWith("X") ? 24 : 12);
        int counter = 0;
        if (!aead) {
            int k = d.consumeInt(0, 70);
            counter = d.pickValue(new int[] {k, -1 - k, d.consumeInt()}); // near 0, near the 2^32 wrap, anywhere
        }
        byte[] aad = aead ? AeadFuzzTest.aad(d) : null;
        byte[] pt = Inputs.data(d, AeadFuzzTest.length(d));
        AlgorithmParameterSpec spec = aead ? new IvParameterSpec(nonce) : new ChaCha20ParameterSpec(nonce, counter);
        byte[] expected = aead
                ? Reference.seal(key, nonce, pt, aad)
                : ChaCha20FuzzTest.xor(pt, Reference.keystream(key, nonce, 20, counter, 0, pt.length));

        Cipher enc = Cipher.getInstance(alg, PROVIDER);
        enc.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "ChaCha20"), spec);
        assertArrayEquals(expected, pieces(d, enc, aad, pt, null), alg + " encryption of " + pt.length + " bytes");

        Cipher dec = Cipher.getInstance(alg, PROVIDER);
        dec.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "ChaCha20"), spec);
        assertArrayEquals(pt, pieces(d, dec, aad, expected, null), alg + " decryption");

        if (aead) {
            byte[] bad = expected.clone();
            bad[d.consumeInt(0, bad.length - 1)] ^= (byte) (1 << d.consumeInt(0, 7));
            Cipher dec2 = Cipher.getInstance(alg, PROVIDER);
            dec2.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "ChaCha20"), spec);
            ByteArrayOutputStream released = new ByteArrayOutputStream();
            assertThrows(AEADBadTagException.class, () -> pieces(d, dec2, aad, bad, released), alg + " tampered");
            assertEquals(0, released.size(), alg + ": plaintext released before the tag was checked");
        }
    }

    /**
     * Runs {@code in} through {@code c} in fuzzer-chosen pieces and forms, AAD first; returns everything it output.
     * {@code released}, when given, collects what the updates output before doFinal.
     */
    private static byte[] pieces(FuzzedDataProvider d, Cipher c, byte[] aad, byte[] in, ByteArrayOutputStream released)
            throws Exception {
        if (aad != null) {
            for (int off = 0; off < aad.length; ) {
                int n = d.consumeInt(0, aad.length - off);
                if (d.consumeBoolean()) {
                    c.updateAAD(aad, off, n);
                } else {
                    c.updateAAD(ByteBuffer.wrap(aad, off, n));
                }
                off += n;
                if (d.remainingBytes() == 0 && off < aad.length) {
                    c.updateAAD(aad, off, aad.length - off);
                    break;
                }
            }
        }
        ByteArrayOutputStream out = released != null ? released : new ByteArrayOutputStream();
        int off = 0;
        while (off < in.length && d.remainingBytes() > 0 && d.consumeInt(0, 7) != 0) {
            int n = d.consumeInt(0, Math.min(in.length - off, d.consumeBoolean() ? 100 : 5000));
            step(d, c, false, in, off, n, out);
            off += n;
        }
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        out.writeTo(all);
        step(d, c, true, in, off, in.length - off, all);
        return all.toByteArray();
    }

    /** One update (or the doFinal) of {@code in[off .. off + n)} through a fuzzer-chosen form. */
    private static void step(
            FuzzedDataProvider d, Cipher c, boolean last, byte[] in, int off, int n, ByteArrayOutputStream out)
            throws Exception {
        switch (d.consumeInt(0, 3)) {
            case 0: {
                byte[] r = last ? c.doFinal(in, off, n) : c.update(in, off, n);
                if (r != null) {
                    out.write(r);
                }
                break;
            }
            case 1: {
                int at = d.consumeInt(0, 20);
                byte[] o = new byte[at + c.getOutputSize(n)];
                int w = last ? c.doFinal(in, off, n, o, at) : c.update(in, off, n, o, at);
                out.write(o, at, w);
                break;
            }
            case 2: {
                // one array, the output shifted against the input either way: Cipher's calls are copy-safe
                int inAt = 20;
                int outAt = inAt + d.consumeInt(-20, 20);
                byte[] mem = new byte[Math.max(inAt + n, outAt + c.getOutputSize(n)) + 1];
                System.arraycopy(in, off, mem, inAt, n);
                int w = last ? c.doFinal(mem, inAt, n, mem, outAt) : c.update(mem, inAt, n, mem, outAt);
                out.write(mem, outAt, w);
                break;
            }
            default: {
                byte[] piece = java.util.Arrays.copyOfRange(in, off, off + n);
                ByteBuffer src = Buffers.of(Buffers.kind(d), piece, d.consumeInt(0, 20), d.consumeInt(0, 4));
                ByteBuffer dst =
                        Buffers.of(Buffers.writableKind(d), new byte[c.getOutputSize(n)], d.consumeInt(0, 20), 0);
                int at = dst.position();
                int w = last ? c.doFinal(src, dst) : c.update(src, dst);
                assertEquals(at + w, dst.position());
                assertEquals(src.limit(), src.position());
                byte[] r = new byte[w];
                dst.get(at, r);
                out.write(r);
                break;
            }
        }
    }
}
