// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

import io.jchacha.JChachaProvider;
import io.jchacha.XChaCha20Poly1305;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.security.SecureRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.*;

/**
 * One short-lived virtual thread per op (JDK 21+), as a virtual thread per task runs: started, one 24-byte nonce
 * drawn, joined. {@code bare}: the thread alone (it fills 24 bytes with a constant); {@code jdkShared}: the draw from
 * one JDK default SecureRandom shared by all threads (what the random-nonce classes do on a virtual thread);
 * {@code chacha20PerThread}: from the provider's ChaCha20 SecureRandom, which seeds a generator for each new thread
 * (what they do on a platform thread); {@code xSeal}: the thread seals 16 bytes with {@link XChaCha20Poly1305}.
 * Commands and figures: docs/bench/random-nonce.md (not part of the suite).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class VirtualThreadNonceBench {
    /** {@code Thread.startVirtualThread(Runnable)}: the benchmarks compile for JDK 17. */
    private static final MethodHandle START = startVirtualThread();

    SecureRandom jdk;
    SecureRandom chacha20;
    XChaCha20Poly1305 x;
    final byte[] message = new byte[16];
    volatile byte sink;

    private static MethodHandle startVirtualThread() {
        try {
            return MethodHandles.publicLookup()
                    .findStatic(
                            Thread.class, "startVirtualThread", MethodType.methodType(Thread.class, Runnable.class));
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    @Setup
    public void setup() throws Exception {
        if (START == null) {
            throw new IllegalStateException("virtual threads need JDK 21");
        }
        jdk = new SecureRandom();
        chacha20 = SecureRandom.getInstance("ChaCha20", JChachaProvider.instance());
        x = new XChaCha20Poly1305(new byte[32]);
    }

    private void onVirtualThread(Runnable r) throws Throwable {
        ((Thread) START.invokeExact(r)).join();
    }

    @Benchmark
    public void bare() throws Throwable {
        onVirtualThread(() -> {
            byte[] n = new byte[24];
            java.util.Arrays.fill(n, (byte) 1);
            sink = n[3];
        });
    }

    @Benchmark
    public void jdkShared() throws Throwable {
        onVirtualThread(() -> {
            byte[] n = new byte[24];
            jdk.nextBytes(n);
            sink = n[3];
        });
    }

    @Benchmark
    public void chacha20PerThread() throws Throwable {
        onVirtualThread(() -> {
            byte[] n = new byte[24];
            chacha20.nextBytes(n);
            sink = n[3];
        });
    }

    @Benchmark
    public void xSeal() throws Throwable {
        onVirtualThread(() -> sink = x.seal(message, null)[3]);
    }
}
