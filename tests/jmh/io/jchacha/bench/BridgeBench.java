// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

import io.jchacha.Backend;
import io.jchacha.Backends;
import io.jchacha.ChaCha20;
import io.jchacha.internal.Engine;
import io.jchacha.internal.Engines;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.*;

/**
 * JNI against FFM (JDK 22+) side by side in one run: each {@code bridge} value runs in its own fork, which sets
 * {@code jchacha.bridge} before jchacha loads. {@code update}: a streaming {@code ChaCha20.update} of {@code size}
 * bytes on avx2 (short updates are served from the keystream buffer, one native call per 4 KiB); {@code engine}: one
 * native call per op ({@code Engine.xor} of {@code size} bytes). Run on JDK 25:
 * <pre>
 * java -jar target/jchacha-benchmarks.jar BridgeBench -f 1 -wi 3 -w 500ms -i 5 -r 500ms
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Djchacha.backend=avx2", "--enable-native-access=ALL-UNNAMED"})
public class BridgeBench {
    @Param({"jni", "ffm"})
    String bridge;

    @Param({"16", "64", "256", "1024", "16384"})
    int size;

    byte[] in;
    byte[] out;
    int[] state;
    ChaCha20 cipher;
    Engine engine;

    @Setup
    public void setup() {
        System.setProperty(Backends.BRIDGE_PROPERTY, bridge); // before jchacha picks its bridge in this fork
        if (!Backends.bridge().equals(bridge)) {
            throw new IllegalStateException("bridge " + Backends.bridge() + ": " + Backends.bridgeReason());
        }
        in = Sizes.random(size, 1);
        out = new byte[size];
        cipher = ChaCha20.ietf(new byte[32], new byte[12]);
        engine = Engines.forBackend(Backend.AVX2);
        state = new int[16];
        io.jchacha.internal.ChaChaBlock.setConstants(state);
    }

    @Benchmark
    public byte[] update() {
        cipher.update(in, 0, size, out, 0);
        if (cipher.position() > (1L << 36)) {
            cipher.seek(0);
        }
        return out;
    }

    @Benchmark
    public byte[] engine() {
        engine.xor(state, 20, false, in, 0, out, 0, size);
        return out;
    }
}
