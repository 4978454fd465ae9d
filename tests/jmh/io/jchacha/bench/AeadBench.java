// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

import io.jchacha.ChaCha20Poly1305CallerNonce;
import io.jchacha.XChaCha20Poly1305CallerNonce;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.modes.ChaCha20Poly1305;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.openjdk.jmh.annotations.*;

/**
 * ChaCha20-Poly1305 (RFC 8439) seal and open of one {@code size}-byte message with no AAD (as
 * {@code openssl speed -evp chacha20-poly1305}), one op per message. Seal uses a new nonce every message (SunJCE and
 * BouncyCastle refuse to encrypt twice under one key and nonce); open authenticates and decrypts two prepared
 * ciphertexts in turn (SunJCE refuses even to decrypt twice in a row under one key and nonce). MB/s counts
 * plaintext bytes. Peers: SunJCE, BouncyCastle and Conscrypt's {@code ChaCha20/Poly1305/NoPadding}
 * ({@link ConscryptPeer}; only where its native library loads). {@code jchachaX*}: the same with XChaCha20-Poly1305
 * (24-byte nonce; not part of the suite).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class AeadBench {
    @Param({
        Sizes.ALL_0,
        Sizes.ALL_1,
        Sizes.ALL_2,
        Sizes.ALL_3,
        Sizes.ALL_4,
        Sizes.ALL_5,
        Sizes.ALL_6,
        Sizes.ALL_7,
        Sizes.ALL_8,
        Sizes.ALL_9
    })
    int size;

    static final byte[] NO_AAD = new byte[0];

    byte[] in, out;
    final byte[][] sealed = new byte[2][];
    final byte[][] openNonce = {new byte[12], new byte[12]};
    final byte[] key = new byte[32];
    /** The nonces seal uses (their first byte stays 0, so never an {@link #openNonce}). */
    final MessageNonces nonces = new MessageNonces();

    final byte[] xnonce = new byte[24];
    final byte[][] xsealed = new byte[2][];
    final byte[][] xopenNonce = {new byte[24], new byte[24]};
    int which;
    ChaCha20Poly1305CallerNonce jc;
    XChaCha20Poly1305CallerNonce jx;
    SecretKeySpec sunKey;
    Cipher sun;
    KeyParameter bcKey;
    ChaCha20Poly1305 bc;
    Cipher con;

    @Setup
    public void setup() throws Exception {
        in = Sizes.random(size, 1);
        out = new byte[size + 16];
        new java.util.Random(2).nextBytes(key);
        openNonce[0][0] = 1;
        openNonce[1][0] = 2;
        jc = new ChaCha20Poly1305CallerNonce(key);
        sealed[0] = jc.seal(openNonce[0], in, NO_AAD);
        sealed[1] = jc.seal(openNonce[1], in, NO_AAD);
        jx = new XChaCha20Poly1305CallerNonce(key);
        xopenNonce[0][0] = 1;
        xopenNonce[1][0] = 2;
        xsealed[0] = jx.seal(xopenNonce[0], in, NO_AAD);
        xsealed[1] = jx.seal(xopenNonce[1], in, NO_AAD);
        sunKey = new SecretKeySpec(key, "ChaCha20");
        sun = Cipher.getInstance("ChaCha20-Poly1305");
        bcKey = new KeyParameter(key);
        bc = new ChaCha20Poly1305();
        con = ConscryptPeer.cipherOrNull(ConscryptPeer.AEAD);
        if (con != null) {
            // it measures the same AEAD: its seal of a prepared message is jchacha's
            con.init(Cipher.ENCRYPT_MODE, sunKey, new IvParameterSpec(openNonce[0]));
            if (!java.util.Arrays.equals(con.doFinal(in), sealed[0])) {
                throw new IllegalStateException("Conscrypt's ChaCha20-Poly1305 differs from jchacha's at size " + size);
            }
        }
    }

    @Benchmark
    public byte[] jchachaSeal() throws Exception {
        jc.seal(nonces.next(), in, 0, size, NO_AAD, out, 0);
        return out;
    }

    /** Which of the two prepared messages to open next (SunJCE refuses the same key and nonce twice in a row). */
    int next() {
        return which ^= 1;
    }

    @Benchmark
    public byte[] jchachaOpen() throws Exception {
        int i = next();
        jc.open(openNonce[i], sealed[i], 0, sealed[i].length, NO_AAD, out, 0);
        return out;
    }

    @Benchmark
    public byte[] jchachaXSeal() throws Exception {
        nonces.nextX(xnonce);
        jx.seal(xnonce, in, 0, size, NO_AAD, out, 0);
        return out;
    }

    @Benchmark
    public byte[] jchachaXOpen() throws Exception {
        int i = next();
        jx.open(xopenNonce[i], xsealed[i], 0, xsealed[i].length, NO_AAD, out, 0);
        return out;
    }

    @Benchmark
    public byte[] sunjceSeal() throws Exception {
        sun.init(Cipher.ENCRYPT_MODE, sunKey, new IvParameterSpec(nonces.next()));
        sun.doFinal(in, 0, size, out, 0);
        return out;
    }

    @Benchmark
    public byte[] sunjceOpen() throws Exception {
        int i = next();
        sun.init(Cipher.DECRYPT_MODE, sunKey, new IvParameterSpec(openNonce[i]));
        sun.doFinal(sealed[i], 0, sealed[i].length, out, 0);
        return out;
    }

    @Benchmark
    public byte[] bouncycastleSeal() throws Exception {
        bc.init(true, new AEADParameters(bcKey, 128, nonces.next()));
        int k = bc.processBytes(in, 0, size, out, 0);
        bc.doFinal(out, k);
        return out;
    }

    @Benchmark
    public byte[] bouncycastleOpen() throws Exception {
        int i = next();
        bc.init(false, new AEADParameters(bcKey, 128, openNonce[i]));
        int k = bc.processBytes(sealed[i], 0, sealed[i].length, out, 0);
        bc.doFinal(out, k);
        return out;
    }

    @Benchmark
    public byte[] conscryptSeal() throws Exception {
        Cipher c = ConscryptPeer.require(con);
        c.init(Cipher.ENCRYPT_MODE, sunKey, new IvParameterSpec(nonces.next()));
        c.doFinal(in, 0, size, out, 0);
        return out;
    }

    @Benchmark
    public byte[] conscryptOpen() throws Exception {
        Cipher c = ConscryptPeer.require(con);
        int i = next();
        c.init(Cipher.DECRYPT_MODE, sunKey, new IvParameterSpec(openNonce[i]));
        c.doFinal(sealed[i], 0, sealed[i].length, out, 0);
        return out;
    }
}
