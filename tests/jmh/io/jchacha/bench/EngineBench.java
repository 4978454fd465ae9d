// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

import io.jchacha.internal.JavaEngine;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.engines.ChaCha7539Engine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.openjdk.jmh.annotations.*;

/** Pure-Java engine against SunJCE and BouncyCastle, streaming XOR of one buffer. */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class EngineBench {
    @Param({"16", "64", "256", "1024", "16384", "1048576"})
    int size;

    byte[] in, out;
    int[] state = new int[16];
    ByteBuffer directIn, directOut;
    // javaBuffered: what the stream layer does for short updates (keystream buffer of bufferBlocks() blocks)
    byte[] ks;
    int ksPos;
    int[] streamState;
    Cipher sun;
    ChaCha7539Engine bc;

    @Setup
    public void setup() throws Exception {
        in = new byte[size];
        out = new byte[size];
        new java.util.Random(1).nextBytes(in);
        state[0] = 0x61707865;
        state[1] = 0x3320646e;
        state[2] = 0x79622d32;
        state[3] = 0x6b206574;
        for (int i = 4; i < 16; i++) state[i] = i * 0x01010101;
        byte[] key = new byte[32], nonce = new byte[12];
        sun = Cipher.getInstance("ChaCha20");
        sun.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "ChaCha20"), new ChaCha20ParameterSpec(nonce, 0));
        directIn = ByteBuffer.allocateDirect(size).put(in).clear();
        directOut = ByteBuffer.allocateDirect(size);
        ks = new byte[64 * JavaEngine.INSTANCE.bufferBlocks()];
        ksPos = ks.length;
        streamState = state.clone();
        bc = new ChaCha7539Engine();
        bc.init(true, new ParametersWithIV(new KeyParameter(key), nonce));
    }

    @Benchmark
    public byte[] java() {
        JavaEngine.INSTANCE.xor(state, 20, false, in, 0, out, 0, size);
        return out;
    }

    /** Direct buffers in and out (the engine's ByteBuffer method). */
    @Benchmark
    public ByteBuffer javaDirect() {
        JavaEngine.INSTANCE.xor(state, 20, false, directIn, 0, directOut, 0, size);
        return directOut;
    }

    /** Stream-layer emulation: short updates served from a keystream buffer of bufferBlocks() blocks. */
    @Benchmark
    public byte[] javaBuffered() {
        int off = 0, len = size;
        while (len > 0) {
            if (ksPos == ks.length) {
                if (len >= ks.length) {
                    int n = len & ~63;
                    JavaEngine.INSTANCE.xor(streamState, 20, false, in, off, out, off, n);
                    streamState[12] += n >>> 6;
                    off += n;
                    len -= n;
                    continue;
                }
                JavaEngine.INSTANCE.xor(streamState, 20, false, null, 0, ks, 0, ks.length);
                streamState[12] += ks.length >>> 6;
                ksPos = 0;
            }
            int n = Math.min(len, ks.length - ksPos);
            for (int i = 0; i < n; i++) {
                out[off + i] = (byte) (in[off + i] ^ ks[ksPos + i]);
            }
            ksPos += n;
            off += n;
            len -= n;
        }
        return out;
    }

    @Benchmark
    public byte[] sunjce() throws Exception {
        sun.update(in, 0, size, out, 0);
        return out;
    }

    @Benchmark
    public byte[] bouncycastle() {
        bc.processBytes(in, 0, size, out, 0);
        return out;
    }
}
