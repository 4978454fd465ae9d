// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

import io.jchacha.ChaCha20;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.engines.ChaCha7539Engine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.openjdk.jmh.annotations.*;

/**
 * Single-message ChaCha20: every op keys a cipher for a new message and XORs {@code size} bytes. jchacha constructs
 * a new {@link ChaCha20}; SunJCE re-initialises one {@link Cipher} (a new {@code Cipher.getInstance} per message
 * would mostly measure the provider look-up, which no careful caller pays per message); BouncyCastle re-initialises
 * one engine. The nonce changes every message.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SingleBench {
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

    byte[] in, out;
    final byte[] key = new byte[32];
    final MessageNonces nonces = new MessageNonces();
    SecretKeySpec sunKey;
    KeyParameter bcKey;
    Cipher sun;
    ChaCha7539Engine bc;

    @Setup
    public void setup() throws Exception {
        in = Sizes.random(size, 1);
        out = new byte[size];
        new java.util.Random(2).nextBytes(key);
        sunKey = new SecretKeySpec(key, "ChaCha20");
        bcKey = new KeyParameter(key);
        sun = Cipher.getInstance("ChaCha20");
        bc = new ChaCha7539Engine();
    }

    @Benchmark
    public byte[] jchacha() {
        ChaCha20.ietf(key, nonces.next()).update(in, 0, size, out, 0);
        return out;
    }

    @Benchmark
    public byte[] sunjce() throws Exception {
        sun.init(Cipher.DECRYPT_MODE, sunKey, new ChaCha20ParameterSpec(nonces.next(), 0));
        sun.update(in, 0, size, out, 0);
        return out;
    }

    @Benchmark
    public byte[] bouncycastle() {
        bc.init(true, new ParametersWithIV(bcKey, nonces.next()));
        bc.processBytes(in, 0, size, out, 0);
        return out;
    }
}
