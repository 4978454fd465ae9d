// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

import io.jchacha.ChaCha20;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.engines.ChaCha7539Engine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.openjdk.jmh.annotations.*;

/**
 * Streaming ChaCha20 (IETF, 20 rounds): one cipher, repeated {@code size}-byte updates. One op is one update, so
 * MB/s = ops/s * size / 10^6. The {@code jchacha*} methods measure whichever backend {@code -Djchacha.backend}
 * selects in the fork (see {@link Suite}); the others are the JDK's SunJCE, BouncyCastle and Conscrypt
 * ({@link ConscryptPeer}; byte[] only, and only where its native library loads). Each cipher is
 * re-keyed with a new nonce long before its 32-bit block counter would run out (every {@value #REWIND} bytes).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class StreamBench {
    static final long REWIND = 64L << 30;

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
    ByteBuffer dIn, dOut;
    ChaCha20 jc;
    Cipher sun;
    ChaCha7539Engine bc;
    Cipher con;
    long done;
    final byte[] key = new byte[32];
    final byte[] nonce = new byte[12];

    @Setup
    public void setup() throws Exception {
        in = Sizes.random(size, 1);
        out = new byte[size];
        dIn = ByteBuffer.allocateDirect(size).put(in);
        dIn.flip();
        dOut = ByteBuffer.allocateDirect(size);
        new java.util.Random(2).nextBytes(key);
        jc = ChaCha20.ietf(key, nonce);
        sun = Cipher.getInstance("ChaCha20");
        sunInit();
        bc = new ChaCha7539Engine();
        bc.init(true, new ParametersWithIV(new KeyParameter(key), nonce));
        con = ConscryptPeer.cipherOrNull(ConscryptPeer.STREAM);
        if (con != null) {
            // it measures the same stream: its first update is jchacha's (Conscrypt ignores a ChaCha20ParameterSpec)
            conInit();
            if (!java.util.Arrays.equals(
                    con.update(in), ChaCha20.ietf(key, nonce).update(in))) {
                throw new IllegalStateException("Conscrypt's ChaCha20 differs from jchacha's at size " + size);
            }
            conInit();
        }
    }

    void conInit() throws Exception {
        con.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "ChaCha20"), new IvParameterSpec(nonce));
    }

    void sunInit() throws Exception {
        // DECRYPT_MODE: SunJCE allows re-initialising with the same key and nonce only there
        sun.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "ChaCha20"), new ChaCha20ParameterSpec(nonce, 0));
    }

    /**
     * Re-keys every cipher with the next nonce once {@link #REWIND} bytes went through (cheap and rare; keeps the
     * counters in range; SunJCE refuses the same key and nonce twice in a row).
     */
    void rewind() throws Exception {
        if ((done += size) < REWIND) {
            return;
        }
        done = 0;
        nonce[11]++;
        jc = ChaCha20.ietf(key, nonce);
        sunInit();
        bc.init(true, new ParametersWithIV(new KeyParameter(key), nonce));
        if (con != null) {
            conInit();
        }
    }

    @Benchmark
    public byte[] jchacha() throws Exception {
        rewind();
        jc.update(in, 0, size, out, 0);
        return out;
    }

    @Benchmark
    public ByteBuffer jchachaDirect() throws Exception {
        rewind();
        dIn.clear();
        dOut.clear();
        jc.update(dIn, dOut);
        return dOut;
    }

    @Benchmark
    public byte[] sunjce() throws Exception {
        rewind();
        sun.update(in, 0, size, out, 0);
        return out;
    }

    @Benchmark
    public ByteBuffer sunjceDirect() throws Exception {
        rewind();
        dIn.clear();
        dOut.clear();
        sun.update(dIn, dOut);
        return dOut;
    }

    @Benchmark
    public byte[] bouncycastle() throws Exception {
        rewind();
        bc.processBytes(in, 0, size, out, 0);
        return out;
    }

    @Benchmark
    public byte[] conscrypt() throws Exception {
        rewind();
        ConscryptPeer.require(con).update(in, 0, size, out, 0);
        return out;
    }
}
