// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import io.jchacha.Backend;
import io.jchacha.ChaCha20;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.*;

/**
 * Where a streaming update's time goes on the {@code jdk} backend (what {@code auto} runs with no native library),
 * layer by layer against SunJCE's own {@code Cipher.update} of the same size on a Cipher of its own (and what a call
 * pays that re-keys a kept Cipher, or makes one: {@code Engines.JDK_REKEY_JAVA_BELOW}): the jdk engine's
 * {@code xor} going on where its last call stopped (the Cipher kept in a scratch), a streaming
 * {@code ChaCha20.update} (the stream layer on top), and {@code minimal}: the least any wrapper that keeps jchacha's
 * rules could do around SunJCE (argument checks, overlap, the keystream's limit, a continuation check). Block-aligned
 * sizes from {@code JdkEngine.streamDirectBytes()} go to SunJCE in one call each, so the differences are the layers'
 * own cost. Run (JDK 20+):
 * <pre>
 * java -jar target/jchacha-benchmarks.jar JdkStreamCostBench -f 1 -wi 3 -w 500ms -i 10 -r 500ms
 * </pre>
 * JMH's {@code -jvmArgsAppend} (for example to add {@code -XX:CompileCommand=...}) replaces this class's fork
 * arguments: repeat {@code -Djchacha.native.path=/nonexistent} in it, or {@code update} runs on the native backend.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Djchacha.backend=auto", "-Djchacha.native.path=/nonexistent"})
public class JdkStreamCostBench {
    @Param({"64", "256", "1024"})
    int size;

    byte[] in;
    byte[] out;
    final byte[] key = new byte[32];
    final byte[] nonce = new byte[12];
    Cipher sun;
    Engine engine;
    int[] state;
    EngineScratch scratch;
    ChaCha20 cipher;
    MinimalStream minimal;

    @Setup
    public void setup() throws Exception {
        in = new byte[size];
        out = new byte[size];
        new java.util.Random(1).nextBytes(in);
        key[0] = 1;
        sun = Cipher.getInstance("ChaCha20", "SunJCE");
        sun.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "ChaCha20"), new ChaCha20ParameterSpec(nonce, 0));
        engine = Engines.forBackend(Backend.JDK);
        state = new int[16];
        ChaChaBlock.setConstants(state);
        state[4] = 1;
        scratch = new EngineScratch();
        cipher = ChaCha20.ietf(key, nonce);
        Cipher m = Cipher.getInstance("ChaCha20", "SunJCE");
        m.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "ChaCha20"), new ChaCha20ParameterSpec(nonce, 0));
        minimal = new MinimalStream(m);
    }

    /** SunJCE alone: the floor. */
    @Benchmark
    public byte[] sunjce() throws Exception {
        sun.update(in, 0, size, out, 0);
        return out;
    }

    /** What a call that cannot continue a kept Cipher pays: an init (new key, nonce and counter), then the update. */
    @Benchmark
    public byte[] sunjceInit() throws Exception {
        key[1]++;
        sun.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "ChaCha20"), new ChaCha20ParameterSpec(nonce, 0));
        sun.update(in, 0, size, out, 0);
        return out;
    }

    /** The same with no Cipher kept: getInstance, init, update. */
    @Benchmark
    public byte[] sunjceGetInstanceInit() throws Exception {
        key[1]++;
        Cipher c = Cipher.getInstance("ChaCha20", "SunJCE");
        c.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "ChaCha20"), new ChaCha20ParameterSpec(nonce, 0));
        c.update(in, 0, size, out, 0);
        return out;
    }

    /** JdkEngine.xor continuing its Cipher: the continuation check and the call into SunJCE. */
    @Benchmark
    public byte[] engine() {
        engine.xor(state, 20, false, in, 0, out, 0, size, scratch);
        state[12] += size >>> 6;
        if (state[12] < 0) {
            state[12] = 0;
        }
        return out;
    }

    /**
     * The floor of any wrapper that keeps jchacha's rules: argument checks, the overlap test, the keystream limit and
     * a continuation check, then SunJCE's update, with nothing else (no cache, no engine interface).
     */
    @Benchmark
    public byte[] minimal() throws Exception {
        minimal.update(in, 0, size, out, 0);
        return out;
    }

    /** A SunJCE Cipher behind the checks a jchacha stream makes, and nothing more; whole-block updates only. */
    static final class MinimalStream {
        final Cipher c;
        long block;
        int offset;
        long next;
        boolean destroyed;

        MinimalStream(Cipher c) {
            this.c = c;
        }

        int update(byte[] in, int inOff, int len, byte[] out, int outOff) throws Exception {
            Objects.requireNonNull(in, "input");
            Objects.requireNonNull(out, "output");
            Objects.checkFromIndexSize(inOff, len, in.length);
            Objects.checkFromIndexSize(outOff, len, out.length);
            if (destroyed) {
                throw new IllegalStateException("destroyed");
            }
            if (in == out && inOff != outOff && Math.abs((long) outOff - inOff) < len) {
                throw new UnsupportedOperationException("overlap");
            }
            long left = ((0xFFFFFFFFL - block) << 6) + 64 - offset;
            if (len > left) {
                throw new IllegalStateException("exhausted");
            }
            if (offset != 0 || block != next || (len & 63) != 0) {
                throw new UnsupportedOperationException("not continuing");
            }
            c.update(in, inOff, len, out, outOff);
            block += len >>> 6;
            if (block > (1L << 30)) {
                block = 0;
                c.init(
                        Cipher.DECRYPT_MODE,
                        new SecretKeySpec(new byte[32], "ChaCha20"),
                        new ChaCha20ParameterSpec(new byte[12], 0)); // rewinds: the same keystream again
            }
            next = block;
            return len;
        }
    }

    /** A streaming update: argument checks, the stream layer's bookkeeping, then the engine. */
    @Benchmark
    public byte[] update() {
        cipher.update(in, 0, size, out, 0);
        if (cipher.position() > (1L << 36)) {
            cipher.seek(0);
        }
        return out;
    }
}
