// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

import io.jchacha.ChaChaRandom;
import io.jchacha.JChachaProvider;
import java.security.SecureRandom;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;
import org.openjdk.jmh.annotations.*;

/**
 * Random generators side by side: jchacha's ChaChaRandom (8, 12, 20 rounds) and its SecureRandom "ChaCha20"
 * against the JDK's SecureRandom (default, DRBG, NativePRNG), SplittableRandom, L64X128MixRandom and
 * ThreadLocalRandom. One op: one {@code nextLong()}, or one {@code nextBytes} of {@code size} bytes.
 *
 * <pre>
 * java -jar target/jchacha-benchmarks.jar RandomBench -f 1 -wi 2 -w 300ms -i 3 -r 300ms -rf json -rff random.json
 * java -cp target/jchacha-benchmarks.jar io.jchacha.bench.RandomReport random.json docs/bench
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 3, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(1)
public class RandomBench {
    /** The generator, one per benchmark thread. */
    @State(Scope.Thread)
    public static class Gen {
        /** Generator names as they appear in the report. */
        @Param({
            "ChaChaRandom-8",
            "ChaChaRandom-12",
            "ChaChaRandom-20",
            "jchacha-SecureRandom",
            "SecureRandom-default",
            "SecureRandom-DRBG",
            "SecureRandom-NativePRNG",
            "SplittableRandom",
            "L64X128MixRandom",
            "ThreadLocalRandom"
        })
        public String gen;

        RandomGenerator r;

        @Setup
        public void setup() throws Exception {
            r = create(gen);
        }
    }

    /** The output array. */
    @State(Scope.Thread)
    public static class Buf {
        /** Bytes per nextBytes call. */
        @Param({"32", "65536", "1048576"})
        public int size;

        byte[] out;

        @Setup
        public void setup() {
            out = new byte[size];
        }
    }

    static RandomGenerator create(String gen) throws Exception {
        switch (gen) {
            case "ChaChaRandom-8":
                return ChaChaRandom.chacha8();
            case "ChaChaRandom-12":
                return ChaChaRandom.chacha12();
            case "ChaChaRandom-20":
                return ChaChaRandom.chacha20();
            case "jchacha-SecureRandom":
                return SecureRandom.getInstance("ChaCha20", new JChachaProvider());
            case "SecureRandom-default":
                return new SecureRandom();
            case "SecureRandom-DRBG":
                return SecureRandom.getInstance("DRBG");
            case "SecureRandom-NativePRNG":
                return SecureRandom.getInstance("NativePRNG");
            case "SplittableRandom":
                return new SplittableRandom();
            case "L64X128MixRandom":
                return RandomGenerator.of("L64X128MixRandom");
            case "ThreadLocalRandom":
                return ThreadLocalRandom.current();
            default:
                throw new IllegalArgumentException(gen);
        }
    }

    /** One 64-bit value. */
    @Benchmark
    public long nextLong(Gen g) {
        return g.r.nextLong();
    }

    /** {@code size} random bytes into one reused array. */
    @Benchmark
    public byte[] nextBytes(Gen g, Buf b) {
        g.r.nextBytes(b.out);
        return b.out;
    }
}
