// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

import io.jchacha.Backends;
import io.jchacha.ChaCha20Poly1305;
import io.jchacha.ChaCha20Poly1305CallerNonce;
import io.jchacha.XChaCha20Poly1305;
import io.jchacha.XChaCha20Poly1305CallerNonce;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * ns of this thread's CPU time per AEAD seal and open through the public API (what {@link AeadBench} does, no AAD,
 * a new nonce per seal), on whatever backend this JVM runs ({@code -Djchacha.backend}). For a busy shared machine,
 * where JMH's wall-clock scores carry the time other processes held the core: a slice the scheduler gave someone
 * else costs nothing here. Run it once per backend, alternately, and compare medians:
 *
 * <pre>
 *   for b in auto java auto java; do java -Djchacha.backend=$b -jar target/jchacha-benchmarks.jar cputime 15 16 64 256 1024; done
 * </pre>
 * Arguments: rounds, then sizes. {@code -DwarmupMs=1500}: warm-up per size and op; {@code -Dops=seal,rseal}: which
 * ops (default all). {@code rseal} / {@code rxseal}: the random-nonce classes' allocating {@code seal} (beside
 * {@code seal} / {@code xseal} into an array: docs/bench/random-nonce.md). Each line: op, size, median ns/op over
 * the rounds (each round a slice of at least 5 ms of CPU time), min and max.
 */
public final class AeadCpuTime {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    private static final long WARMUP_NS = Long.getLong("warmupMs", 1500) * 1_000_000L;
    private static final byte[] NO_AAD = new byte[0];
    private static final String[] OPS = {"seal", "open", "xseal", "xopen", "sunseal", "sunopen", "rseal", "rxseal"};
    private static final List<String> SELECTED =
            Arrays.asList(System.getProperty("ops", String.join(",", OPS)).split(","));

    private final int size;
    /** sealed and xsealed are under the all-zero nonces zero12 and zero24 (seal never repeats them). */
    private final byte[] in, out, sealed, xsealed;
    /** For SunJCE, which refuses (before JDK 21) to decrypt twice running under one key and nonce: one12, sealed1. */
    private final byte[] one12 = new byte[12], sealed1;

    private int turn;
    private final MessageNonces nonces = new MessageNonces();
    private final byte[] xnonce = new byte[24], zero12 = new byte[12], zero24 = new byte[24];
    private final ChaCha20Poly1305CallerNonce ietf;
    private final XChaCha20Poly1305CallerNonce x;
    private final ChaCha20Poly1305 randomIetf;
    private final XChaCha20Poly1305 randomX;
    private final Cipher sun;
    private final SecretKeySpec sunKey;
    private int sink;
    static volatile int blackhole;

    private AeadCpuTime(int size) throws GeneralSecurityException {
        this.size = size;
        byte[] key = Sizes.random(32, 2);
        in = Sizes.random(size, 1);
        out = new byte[size + 16];
        ietf = new ChaCha20Poly1305CallerNonce(key);
        x = new XChaCha20Poly1305CallerNonce(key);
        randomIetf = new ChaCha20Poly1305(key);
        randomX = new XChaCha20Poly1305(key);
        sealed = ietf.seal(zero12, in, NO_AAD);
        xsealed = x.seal(zero24, in, NO_AAD);
        one12[0] = 1;
        sealed1 = ietf.seal(one12, in, NO_AAD);
        sun = Cipher.getInstance("ChaCha20-Poly1305", "SunJCE");
        sunKey = new SecretKeySpec(key, "ChaCha20");
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        int[] sizes = args.length > 1
                ? Arrays.stream(args, 1, args.length)
                        .mapToInt(Integer::parseInt)
                        .toArray()
                : new int[] {16, 64, 256, 1024};
        System.out.printf(
                "java %s, backend %s (%s); ns/op of thread CPU time: median [min max] of %d rounds%n",
                System.getProperty("java.version"), Backends.active().id(), Backends.activeReason(), rounds);
        for (int size : sizes) {
            AeadCpuTime b = new AeadCpuTime(size);
            for (int op = 0; op < OPS.length; op++) {
                if (!SELECTED.contains(OPS[op])) {
                    continue;
                }
                for (long t0 = System.nanoTime(); System.nanoTime() - t0 < WARMUP_NS; ) {
                    b.time(op, 256);
                }
                int ops = 64;
                while (b.time(op, ops) * ops < 5e6) {
                    ops *= 2;
                }
                double[] ns = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    ns[r] = b.time(op, ops);
                }
                Arrays.sort(ns);
                System.out.printf(
                        "%-7s %6d B %9.1f  [%.1f %.1f]%n", OPS[op], size, ns[rounds / 2], ns[0], ns[rounds - 1]);
            }
        }
    }

    private double time(int op, int ops) throws GeneralSecurityException {
        long t0 = CPU.getCurrentThreadCpuTime();
        for (int i = 0; i < ops; i++) {
            switch (op) {
                case 0:
                    ietf.seal(nonces.next(), in, 0, size, NO_AAD, out, 0);
                    break;
                case 1:
                    ietf.open(zero12, sealed, 0, size + 16, NO_AAD, out, 0);
                    break;
                case 2:
                    nonces.nextX(xnonce);
                    x.seal(xnonce, in, 0, size, NO_AAD, out, 0);
                    break;
                case 3:
                    x.open(zero24, xsealed, 0, size + 16, NO_AAD, out, 0);
                    break;
                case 4:
                    sun.init(Cipher.ENCRYPT_MODE, sunKey, new IvParameterSpec(nonces.next()));
                    sun.doFinal(in, 0, size, out, 0);
                    break;
                case 6:
                    sink += randomIetf.seal(in, NO_AAD)[0];
                    break;
                case 7:
                    sink += randomX.seal(in, NO_AAD)[0];
                    break;
                default:
                    boolean odd = (turn++ & 1) != 0;
                    sun.init(Cipher.DECRYPT_MODE, sunKey, new IvParameterSpec(odd ? one12 : zero12));
                    sun.doFinal(odd ? sealed1 : sealed, 0, size + 16, out, 0);
            }
            sink += out[0];
        }
        blackhole = sink;
        return (CPU.getCurrentThreadCpuTime() - t0) / (double) ops;
    }
}
