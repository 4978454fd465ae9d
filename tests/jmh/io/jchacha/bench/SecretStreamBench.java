// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

import io.jchacha.XChaCha20Poly1305;
import io.jchacha.XChaCha20Poly1305CallerNonce;
import io.jchacha.secretstream.Libsodium;
import io.jchacha.secretstream.SecretStream;
import io.jchacha.secretstream.SecretStreamPush;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.*;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Secret stream push of one {@code size}-byte message (no AAD, TAG_MESSAGE) against one-shot XChaCha20-Poly1305
 * sealing of the same size: into a prepared output array ({@code pushInto} vs {@code xchachaSealInto}, caller
 * nonce) and returning a new array ({@code push} vs {@code xchachaSeal}, random nonce), and libsodium's own push into
 * a prepared array ({@code libsodiumPush}). {@link #main} runs these and prints MB/s and the ratios.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SecretStreamBench {
    @Param({"65536"})
    int size;

    byte[] in;
    byte[] out;
    final byte[] nonce = new byte[24];
    SecretStreamPush push;
    XChaCha20Poly1305CallerNonce callerNonce;
    XChaCha20Poly1305 randomNonce;
    final com.goterl.lazysodium.interfaces.SecretStream.State sodium =
            new com.goterl.lazysodium.interfaces.SecretStream.State();
    long n;

    @Setup
    public void setup() {
        in = Sizes.random(size, 1);
        out = new byte[size + 40];
        byte[] key = Sizes.random(32, 2);
        push = new SecretStreamPush(key);
        callerNonce = new XChaCha20Poly1305CallerNonce(key);
        randomNonce = new XChaCha20Poly1305(key);
        byte[] header = new byte[SecretStream.HEADER_LENGTH];
        if (Libsodium.sodium().crypto_secretstream_xchacha20poly1305_init_push(sodium, header, key) != 0) {
            throw new IllegalStateException("libsodium's init_push failed");
        }
    }

    @TearDown
    public void tearDown() {
        push.close();
    }

    @Benchmark
    public byte[] pushInto() throws Exception {
        push.push(in, 0, size, null, SecretStream.TAG_MESSAGE, out, 0);
        return out;
    }

    @Benchmark
    public byte[] push() {
        return push.push(in, null, SecretStream.TAG_MESSAGE);
    }

    @Benchmark
    public byte[] xchachaSealInto() throws Exception {
        long v = ++n;
        for (int i = 16; i < 24; i++, v >>>= 8) {
            nonce[i] = (byte) v;
        }
        callerNonce.seal(nonce, in, 0, size, null, out, 0);
        return out;
    }

    @Benchmark
    public byte[] xchachaSeal() {
        return randomNonce.seal(in, null);
    }

    /**
     * libsodium 1.0.18's push (the copy lazysodium-java bundles, the tests' oracle) into a prepared array, through
     * lazysodium's JNA binding, which copies each array argument in and out around the call.
     */
    @Benchmark
    public byte[] libsodiumPush() {
        Libsodium.sodium().crypto_secretstream_xchacha20poly1305_push(sodium, out, null, in, size, null, 0, (byte)
                SecretStream.TAG_MESSAGE);
        return out;
    }

    /**
     * {@code java -cp target/jchacha-benchmarks.jar io.jchacha.bench.SecretStreamBench [warmups iterations ms]}
     * (or {@code java -jar target/jchacha-benchmarks.jar secretstream ...}).
     */
    public static void main(String[] args) throws Exception {
        int warmups = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int ms = args.length > 2 ? Integer.parseInt(args[2]) : 1000;
        int size = 65536;
        Collection<RunResult> results = new Runner(new OptionsBuilder()
                        .include(SecretStreamBench.class.getName() + "\\.")
                        .param("size", Integer.toString(size))
                        .forks(1)
                        .jvmArgsAppend("--enable-native-access=ALL-UNNAMED")
                        .warmupIterations(warmups)
                        .warmupTime(TimeValue.milliseconds(ms))
                        .measurementIterations(iterations)
                        .measurementTime(TimeValue.milliseconds(ms))
                        .build())
                .run();
        List<String> lines = new ArrayList<>();
        double pushInto = 0, push = 0, sealInto = 0, seal = 0, sodium = 0;
        for (RunResult r : results) {
            String name = r.getParams().getBenchmark().replaceAll(".*\\.", "");
            double mbs = r.getPrimaryResult().getScore() * size / 1e6;
            double err = r.getPrimaryResult().getScoreError() * size / 1e6;
            lines.add(String.format(Locale.ROOT, "%-16s %8.0f ± %.0f MB/s", name, mbs, err));
            switch (name) {
                case "pushInto":
                    pushInto = mbs;
                    break;
                case "push":
                    push = mbs;
                    break;
                case "xchachaSealInto":
                    sealInto = mbs;
                    break;
                case "xchachaSeal":
                    seal = mbs;
                    break;
                case "libsodiumPush":
                    sodium = mbs;
                    break;
                default:
                    break;
            }
        }
        lines.add(String.format(
                Locale.ROOT, "pushInto / xchachaSealInto = %.2fx (target >= 0.90x)", pushInto / sealInto));
        lines.add(String.format(Locale.ROOT, "push / xchachaSeal         = %.2fx (target >= 0.90x)", push / seal));
        lines.add(
                String.format(Locale.ROOT, "pushInto / libsodiumPush   = %.2fx (target >= 2.00x)", pushInto / sodium));
        System.out.println();
        System.out.println("Secret stream, " + size + "-byte messages, backend "
                + io.jchacha.Backends.active().id() + ", JDK " + System.getProperty("java.version") + ":");
        lines.forEach(System.out::println);
    }
}
