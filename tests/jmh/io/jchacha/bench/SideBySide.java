// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

import io.jchacha.Backends;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;

/**
 * jchacha beside SunJCE in one JVM, in alternating slices: {@link StreamBench}'s {@code jchacha} / {@code sunjce}
 * (streaming update), {@link AeadBench}'s {@code jchachaSeal} / {@code sunjceSeal} and {@code jchachaOpen} /
 * {@code sunjceOpen}, the very methods JMH runs, on whatever backend this JVM picks ({@code -Djchacha.backend},
 * {@code -Djchacha.native.path=/nonexistent} for no native library). JMH measures the two sides in separate forks,
 * minutes apart on a host whose speed drifts, and each fork compiles SunJCE's code for its own caller; here both
 * sides take turns in the same JVM and share SunJCE's compiled code, so a ratio is the cost of jchacha's layers
 * around the same machine code (what {@code bench_openssl} does for the C kernels against OpenSSL). Part
 * {@code thin} puts {@link ThinLayer} on the left instead of jchacha: SunJCE's streaming update through the thinnest
 * layer a library could have, the floor for any engine that hands its work to SunJCE's Cipher. Part {@code jcaopen}
 * sets jchacha against itself: {@link ProviderBench}'s {@code providerOpen} (JCA {@code Cipher.init} and
 * {@code doFinal} into the caller's array) on the left, its {@code directOpen} (the direct API) on the right. Parts
 * {@code nonce} and {@code xnonce}: {@link RandomNonceBench}'s {@code seal} / {@code xSeal} (random nonce, new array)
 * on the left, {@code sealInto} / {@code xSealInto} (caller's nonce, prepared array) on the right; {@code noncerange}
 * and {@code xnoncerange} put the random-nonce range forms ({@code sealRandomInto} / {@code xSealRandomInto}) on the
 * left, {@code noncealloc} the caller-nonce seal into a new array ({@code sealAlloc}); {@code nonceprefix} sets
 * {@code seal} beside {@code sealAlloc} (both return a new array).
 *
 * <pre>
 *   java -Djchacha.native.path=/nonexistent -jar target/jchacha-benchmarks.jar sidebyside stream,seal,open 256 1024 16384
 * </pre>
 * Arguments: parts (comma-separated), then sizes. {@code -Drounds=40} rounds of one slice per side (the side that goes
 * first alternates), {@code -DsliceMs=10}, {@code -DwarmupMs=1500} per part and size. {@code -Dcpu=true} times the
 * slices in this thread's CPU time instead of wall time, for a busy host: time the scheduler gave other processes
 * then counts on neither side. {@code -Dthreads=2} measures in two threads at once, each with its own pair, both
 * running the same side with the same op count in each slice; the figures then cover every thread's rounds (MB/s per
 * thread). Each line: part, size, the median MB/s of each side over the rounds, and the median, minimum and maximum
 * of the per-round ratio.
 */
public final class SideBySide {
    private static final int ROUNDS = Integer.getInteger("rounds", 40);
    private static final long SLICE_NS = Long.getLong("sliceMs", 10) * 1_000_000L;
    private static final long WARMUP_NS = Long.getLong("warmupMs", 1500) * 1_000_000L;
    private static final int THREADS = Integer.getInteger("threads", 1);
    private static final String PARTS =
            "stream, thin, seal, open, jcaopen, nonce, xnonce, noncerange, xnoncerange, noncealloc, nonceprefix";
    private static final ThreadMXBean CPU = Boolean.getBoolean("cpu") ? ManagementFactory.getThreadMXBean() : null;
    static volatile int blackhole;

    private SideBySide() {}

    /** One side of a pair: an op of {@code size} bytes that returns its output array. */
    private interface Op {
        byte[] run() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            throw new IllegalArgumentException("usage: sidebyside PART[,PART...] SIZE... (parts: " + PARTS + ")");
        }
        if (THREADS < 1) {
            throw new IllegalArgumentException("-Dthreads must be at least 1, not " + THREADS);
        }
        System.out.printf(
                "# jchacha %s (%s) beside SunJCE, java %s; %d rounds of %d ms slices of %s time, %d thread(s)%n",
                Backends.active().id(),
                Backends.activeReason(),
                System.getProperty("java.version"),
                ROUNDS,
                SLICE_NS / 1_000_000,
                CPU != null ? "thread CPU" : "wall",
                THREADS);
        System.out.println("# part size jchacha-MB/s sunjce-MB/s ratio-median ratio-min ratio-max");
        for (String part : args[0].split(",")) {
            for (int i = 1; i < args.length; i++) {
                int size = Integer.parseInt(args[i]);
                Op[][] pairs = new Op[THREADS][];
                for (int t = 0; t < THREADS; t++) {
                    pairs[t] = pair(part, size);
                }
                measure(part, size, pairs);
            }
        }
    }

    /** jchacha's op and SunJCE's for {@code part}, after checking that they agree. */
    private static Op[] pair(String part, int size) throws Exception {
        if (part.equals("stream")) {
            StreamBench s = new StreamBench();
            s.size = size;
            s.setup();
            byte[] mine = s.jchacha().clone();
            if (!Arrays.equals(mine, s.sunjce())) {
                throw new IllegalStateException("SunJCE's ChaCha20 differs from jchacha's at size " + size);
            }
            return new Op[] {s::jchacha, s::sunjce};
        }
        if (part.equals("thin")) {
            StreamBench s = new StreamBench();
            s.size = size;
            s.setup();
            ThinLayer thin = new ThinLayer(s.sun);
            return new Op[] {
                () -> {
                    s.rewind();
                    thin.update(s.in, 0, size, s.out, 0);
                    return s.out;
                },
                s::sunjce
            };
        }
        if (part.startsWith("nonce") || part.startsWith("xnonce")) {
            // RandomNonceBench's ops beside the caller-nonce seal into an array; nonceprefix sets seal beside sealAlloc
            RandomNonceBench r = new RandomNonceBench();
            r.size = size;
            r.setup();
            switch (part) {
                case "nonce":
                    return new Op[] {r::seal, r::sealInto};
                case "xnonce":
                    return new Op[] {r::xSeal, r::xSealInto};
                case "noncerange":
                    return new Op[] {r::sealRandomInto, r::sealInto};
                case "xnoncerange":
                    return new Op[] {r::xSealRandomInto, r::xSealInto};
                case "noncealloc":
                    return new Op[] {r::sealAlloc, r::sealInto};
                case "nonceprefix":
                    return new Op[] {r::seal, r::sealAlloc};
                default:
                    throw new IllegalArgumentException("unknown part " + part + " (parts: " + PARTS + ")");
            }
        }
        if (part.equals("jcaopen")) {
            // one state per side, as below: the JCA cipher on JDK 17 refuses the key and nonce of its last decryption
            ProviderBench jca = new ProviderBench(), direct = new ProviderBench();
            jca.size = size;
            jca.setup();
            direct.size = size;
            direct.setup();
            if (!Arrays.equals(jca.providerOpen(), 0, size, jca.in, 0, size)
                    || !Arrays.equals(direct.directOpen(), 0, size, direct.in, 0, size)) {
                throw new IllegalStateException("the JCA cipher or the direct API does not open at size " + size);
            }
            return new Op[] {jca::providerOpen, direct::directOpen};
        }
        // one state per side: each alternates between its two prepared messages (SunJCE on JDK 17 refuses to decrypt
        // under the key and nonce of its last decryption)
        AeadBench a = new AeadBench(), b = new AeadBench();
        a.size = size;
        a.setup();
        b.size = size;
        b.setup();
        Cipher check = Cipher.getInstance("ChaCha20-Poly1305", "SunJCE");
        check.init(Cipher.DECRYPT_MODE, a.sunKey, new IvParameterSpec(a.openNonce[0]));
        if (!Arrays.equals(check.doFinal(a.sealed[0]), a.in)) {
            throw new IllegalStateException("SunJCE does not open jchacha's ChaCha20-Poly1305 at size " + size);
        }
        switch (part) {
            case "seal":
                return new Op[] {a::jchachaSeal, b::sunjceSeal};
            case "open":
                return new Op[] {a::jchachaOpen, b::sunjceOpen};
            default:
                throw new IllegalArgumentException("unknown part " + part + " (parts: " + PARTS + ")");
        }
    }

    /** The thinnest layer around SunJCE's ChaCha20 Cipher: it holds the Cipher and counts the bytes it streamed. */
    private static final class ThinLayer {
        private final Cipher cipher;
        private long position;

        ThinLayer(Cipher cipher) {
            this.cipher = cipher;
        }

        int update(byte[] in, int inOff, int len, byte[] out, int outOff) throws Exception {
            int n = cipher.update(in, inOff, len, out, outOff);
            position += n;
            return n;
        }
    }

    /**
     * The rounds of {@code pairs.length} threads, one pair each; after the warm-up all threads take the largest op
     * count any of them chose, and a barrier before every slice starts the same side in all of them at once (as JMH's
     * {@code -t} runs one benchmark in every thread).
     */
    private static void measure(String part, int size, Op[][] pairs) throws Exception {
        CyclicBarrier barrier = new CyclicBarrier(pairs.length);
        AtomicLong ops = new AtomicLong(1);
        List<double[]> rounds = Collections.synchronizedList(new ArrayList<>());
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        for (Op[] pair : pairs) {
            threads.add(new Thread(() -> {
                try {
                    rounds.addAll(rounds(pair[0], pair[1], barrier, ops));
                } catch (Throwable e) {
                    failures.add(e);
                    // the others may wait at the barrier or reach it later: an interrupt ends either
                    threads.forEach(Thread::interrupt);
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
        if (!failures.isEmpty()) {
            IllegalStateException e = new IllegalStateException("a measuring thread failed", failures.get(0));
            failures.subList(1, failures.size()).forEach(e::addSuppressed);
            throw e;
        }
        List<Double> mbMine = new ArrayList<>(), mbTheirs = new ArrayList<>(), ratio = new ArrayList<>();
        for (double[] r : rounds) {
            mbMine.add(size * 1e3 / r[0]);
            mbTheirs.add(size * 1e3 / r[1]);
            ratio.add(r[1] / r[0]);
        }
        System.out.printf(
                "%s %d %.0f %.0f %.3f %.3f %.3f%n",
                part,
                size,
                median(mbMine),
                median(mbTheirs),
                median(ratio),
                ratio.stream().min(Double::compare).get(),
                ratio.stream().max(Double::compare).get());
    }

    /** One thread's warm-up and rounds: ns per op of each side, per round. */
    private static List<double[]> rounds(Op mine, Op theirs, CyclicBarrier barrier, AtomicLong shared)
            throws Exception {
        long mineOps = 1;
        for (long end = System.nanoTime() + WARMUP_NS; System.nanoTime() < end; ) {
            mineOps = opsPerSlice(mine, theirs, mineOps);
        }
        shared.accumulateAndGet(mineOps, Math::max);
        barrier.await();
        long ops = shared.get();
        List<double[]> out = new ArrayList<>();
        for (int r = 0; r < ROUNDS; r++) {
            // the side that goes first alternates
            Op first = r % 2 == 0 ? mine : theirs, second = r % 2 == 0 ? theirs : mine;
            barrier.await();
            double x = slice(first, ops);
            barrier.await();
            double y = slice(second, ops);
            out.add(r % 2 == 0 ? new double[] {x, y} : new double[] {y, x});
        }
        return out;
    }

    /** Runs both sides for {@code ops} ops each and returns the op count that makes the slower one last a slice. */
    private static long opsPerSlice(Op mine, Op theirs, long ops) throws Exception {
        double ns = Math.max(slice(mine, ops), slice(theirs, ops));
        return Math.max(1, (long) (SLICE_NS / ns));
    }

    /** ns per op over {@code ops} ops. */
    private static double slice(Op op, long ops) throws Exception {
        int sink = 0;
        long t0 = now();
        for (long i = 0; i < ops; i++) {
            sink += op.run()[0];
        }
        long t = now() - t0;
        blackhole = sink;
        return (double) t / ops;
    }

    private static long now() {
        return CPU != null ? CPU.getCurrentThreadCpuTime() : System.nanoTime();
    }

    /** The median of {@code v} (the mean of the middle two for an even count); {@link Paired} uses it too. */
    static double median(List<Double> v) {
        double[] a = v.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }
}
