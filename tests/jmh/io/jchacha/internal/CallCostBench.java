// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import io.jchacha.Backend;
import io.jchacha.ChaCha20;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.*;

/**
 * Where a short native call's time goes (docs/DEVELOPING.md, "Native bridges"), layer by layer, on the avx2 kernels:
 * an empty JNI call, one that pins two arrays critically, one that reads two array lengths and one that copies
 * {@code size} bytes through the stack (libjchacha_bench_jni, built beside the library), the
 * JNI and FFM stream entry points with 0 and {@code size} bytes, the native engine (state packing, call counting),
 * and a streaming {@code ChaCha20.update}. The kernel alone is {@code target/native-build/bench_kernels --best}.
 * The fork's bridge (for {@code engine} and {@code update}) is {@code -Djchacha.bridge}, auto by default. The
 * {@code ffm*} methods need JDK 22+ ({@code -e ffm} on JDK 17). Run:
 * <pre>
 * java -jar target/jchacha-benchmarks.jar CallCostBench -f 1 -wi 3 -w 500ms -i 5 -r 500ms -tu ns -bm avgt
 * </pre>
 */
@State(Scope.Thread)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Djchacha.backend=avx2", "--enable-native-access=ALL-UNNAMED"})
public class CallCostBench {
    @Param({"1024"})
    int size;

    byte[] in;
    byte[] out;
    int handle;
    int[] state;
    NativeCalls ffm;
    Engine engine;
    ChaCha20 cipher;

    static native void emptyJni();

    static native void criticalJni(byte[] in, byte[] out);

    static native int lengthsJni(byte[] in, byte[] out);

    static native void regionJni(byte[] in, byte[] out, int len);

    @Setup
    public void setup() {
        System.load(java.nio.file.Path.of(System.getProperty(
                        "jchacha.bench.jniLib", "target/native-build/" + System.mapLibraryName("jchacha_bench_jni")))
                .toAbsolutePath()
                .toString());
        in = new byte[size];
        out = new byte[size];
        new java.util.Random(1).nextBytes(in);
        cipher = ChaCha20.ietf(new byte[32], new byte[12]);
        engine = Engines.forBackend(Backend.AVX2);
        handle = NativeChaCha.backendHandle("avx2");
        state = new int[16];
        ChaChaBlock.setConstants(state);
        ffm = Bridge.ffm().value();
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public void emptyJniCall() {
        emptyJni();
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public byte[] criticalJniCall() {
        criticalJni(in, out);
        return out;
    }

    /** Two GetArrayLength calls: what a JNI entry pays to check two ranges before it touches the arrays. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public int lengthsJniCall() {
        return lengthsJni(in, out);
    }

    /** {@code size} bytes (at most 4 KiB) copied to the stack and back: GetByteArrayRegion, ExceptionCheck, Set. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public byte[] regionJniCall() {
        regionJni(in, out, size);
        return out;
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public byte[] jniXorEmpty() {
        JniCalls.INSTANCE.xorArray(handle, 1, 2, 3, 4, 0, 5, 20, false, in, 0, out, 0, 0);
        return out;
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public byte[] jniXor() {
        JniCalls.INSTANCE.xorArray(handle, 1, 2, 3, 4, 0, 5, 20, false, in, 0, out, 0, size);
        return out;
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public byte[] ffmXorEmpty() {
        ffm.xorArray(handle, 1, 2, 3, 4, 0, 5, 20, false, in, 0, out, 0, 0);
        return out;
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public byte[] ffmXor() {
        ffm.xorArray(handle, 1, 2, 3, 4, 0, 5, 20, false, in, 0, out, 0, size);
        return out;
    }

    /** NativeEngine.xor over the fork's bridge: state words packed into longs, the call counted. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public byte[] engine() {
        engine.xor(state, 20, false, in, 0, out, 0, size);
        return out;
    }

    /** A streaming update (the stream layer's bookkeeping on top of the engine call). */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public byte[] update() {
        cipher.update(in, 0, size, out, 0);
        if (cipher.position() > (1L << 36)) {
            cipher.seek(0);
        }
        return out;
    }
}
