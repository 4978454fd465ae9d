// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

import io.jchacha.ChaCha20;
import io.jchacha.ChaCha20Poly1305CallerNonce;
import io.jchacha.JChachaProvider;
import io.jchacha.XChaCha20Poly1305CallerNonce;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.*;

/**
 * jchacha through its JCA provider against the same work on the direct API, in one fork (not part of the suite):
 * the provider's SPI overhead. {@code *Seal}: one ChaCha20-Poly1305 message per op with a new nonce, no AAD
 * ({@code Cipher.init} + {@code doFinal} into a caller's array vs {@code ChaCha20Poly1305CallerNonce.seal} into
 * one). {@code *Open}: one of two prepared messages per op. {@code *XSeal}: the seal with XChaCha20-Poly1305
 * ({@code XChaCha20Poly1305CallerNonce}). {@code *Stream}: one {@code update} of {@code size} bytes on a
 * long-lived ChaCha20 cipher. Whichever backend {@code -Djchacha.backend} selects in the fork.
 *
 * <pre>java -jar target/jchacha-benchmarks.jar ProviderBench -f 1 -wi 8 -w 1s -i 8 -r 500ms -p size=16,64,256,1024,16384</pre>
 *
 * The provider's paths need the longer warm-up: with 3 x 500 ms its cells still ran at a half to a third of their
 * speed in some iterations (errors above 100 % of the score, JDK 25).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ProviderBench {
    @Param({"16", "64", "256", "1024", "16384"})
    int size;

    static final byte[] NO_AAD = new byte[0];
    /** Streams re-keyed after this many bytes, long before a 32-bit counter runs out. */
    static final long REWIND = 64L << 30;

    byte[] in, out;
    final byte[] key = new byte[32];
    final MessageNonces nonces = new MessageNonces();
    final byte[] streamNonce = new byte[12];
    final byte[][] sealed = new byte[2][];
    final byte[][] openNonce = {new byte[12], new byte[12]};
    int which;
    long streamed;
    SecretKeySpec secretKey;
    ChaCha20Poly1305CallerNonce direct;
    Cipher aead;
    final byte[] xnonce = new byte[24];
    XChaCha20Poly1305CallerNonce directX;
    Cipher xaead;
    ChaCha20 directStream;
    Cipher stream;

    @Setup
    public void setup() throws Exception {
        in = Sizes.random(size, 1);
        out = new byte[size + 16];
        new java.util.Random(2).nextBytes(key);
        secretKey = new SecretKeySpec(key, "ChaCha20");
        JChachaProvider p = new JChachaProvider();
        direct = new ChaCha20Poly1305CallerNonce(key);
        aead = Cipher.getInstance("ChaCha20-Poly1305", p);
        directX = new XChaCha20Poly1305CallerNonce(key);
        xaead = Cipher.getInstance("XChaCha20-Poly1305", p);
        xnonce[0] = 3; // the HChaCha20 half fixed, the message number in the last 8 bytes
        openNonce[0][0] = 1;
        openNonce[1][0] = 2;
        sealed[0] = direct.seal(openNonce[0], in, NO_AAD);
        sealed[1] = direct.seal(openNonce[1], in, NO_AAD);
        stream = Cipher.getInstance("ChaCha20", p);
        rekeyStreams();
    }

    void rekeyStreams() throws Exception {
        streamNonce[11]++;
        directStream = ChaCha20.ietf(key, streamNonce);
        stream.init(Cipher.ENCRYPT_MODE, secretKey, new ChaCha20ParameterSpec(streamNonce, 0));
    }

    @Benchmark
    public byte[] directSeal() throws Exception {
        direct.seal(nonces.next(), in, 0, size, NO_AAD, out, 0);
        return out;
    }

    @Benchmark
    public byte[] providerSeal() throws Exception {
        aead.init(Cipher.ENCRYPT_MODE, secretKey, new IvParameterSpec(nonces.next()));
        aead.doFinal(in, 0, size, out, 0);
        return out;
    }

    @Benchmark
    public byte[] directXSeal() throws Exception {
        nonces.nextX(xnonce);
        directX.seal(xnonce, in, 0, size, NO_AAD, out, 0);
        return out;
    }

    @Benchmark
    public byte[] providerXSeal() throws Exception {
        nonces.nextX(xnonce);
        xaead.init(Cipher.ENCRYPT_MODE, secretKey, new IvParameterSpec(xnonce));
        xaead.doFinal(in, 0, size, out, 0);
        return out;
    }

    @Benchmark
    public byte[] directOpen() throws Exception {
        int i = which ^= 1;
        direct.open(openNonce[i], sealed[i], 0, sealed[i].length, NO_AAD, out, 0);
        return out;
    }

    @Benchmark
    public byte[] providerOpen() throws Exception {
        int i = which ^= 1;
        aead.init(Cipher.DECRYPT_MODE, secretKey, new IvParameterSpec(openNonce[i]));
        aead.doFinal(sealed[i], 0, sealed[i].length, out, 0);
        return out;
    }

    void rewind() throws Exception {
        if ((streamed += size) >= REWIND) {
            streamed = 0;
            rekeyStreams();
        }
    }

    @Benchmark
    public byte[] directStream() throws Exception {
        rewind();
        directStream.update(in, 0, size, out, 0);
        return out;
    }

    @Benchmark
    public byte[] providerStream() throws Exception {
        rewind();
        stream.update(in, 0, size, out, 0);
        return out;
    }
}
