// SPDX-License-Identifier: Apache-2.0
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Two builds of the benchmarks jar side by side in one JVM: each jar in its own class loader (its own copy of the
 * library and of its native library), one JMH benchmark method of each called in alternating slices timed in thread
 * CPU time, so host drift and other processes' load fall on both sides alike. For "did this change move the speed":
 *
 *   java tools/BeforeAfter.java before.jar after.jar StreamBench.jchacha,AeadBench.jchachaSeal 64 1024 16384
 *
 * {@code -Drounds=40} rounds of {@code -DsliceMs=10} per side (the side that goes first alternates) after
 * {@code -DwarmupMs=3000} per benchmark and size. Each line: benchmark, size, median MB/s of each jar, and the median,
 * minimum and maximum of the per-round ratio after / before. The benchmark classes need a public no-argument
 * constructor, an int field {@code size}, {@code setup()}, and the method returning an array or buffer.
 */
public class BeforeAfter {
    static final int ROUNDS = Integer.getInteger("rounds", 40);
    static final long SLICE_NS = Long.getLong("sliceMs", 10) * 1_000_000L;
    static final long WARMUP_NS = Long.getLong("warmupMs", 3000) * 1_000_000L;
    static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    static volatile Object sink;

    /** One side: a benchmark instance of one jar and its method. */
    record Side(Object bench, Method op) {
        void run(long ops) throws Exception {
            Object last = null;
            for (long i = 0; i < ops; i++) {
                last = op.invoke(bench);
            }
            sink = last;
        }

        /** ns per op over {@code ops} ops, in thread CPU time. */
        double time(long ops) throws Exception {
            long t0 = CPU.getCurrentThreadCpuTime();
            run(ops);
            return (CPU.getCurrentThreadCpuTime() - t0) / (double) ops;
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            throw new IllegalArgumentException("usage: BeforeAfter before.jar after.jar Class.method[,...] SIZE...");
        }
        ClassLoader before = loader(args[0]), after = loader(args[1]);
        System.out.printf(
                "# %s -> %s, java %s; %d rounds of %d ms slices of thread CPU time%n",
                args[0], args[1], System.getProperty("java.version"), ROUNDS, SLICE_NS / 1_000_000);
        System.out.println("# benchmark size before-MB/s after-MB/s ratio-median ratio-min ratio-max");
        for (String bench : args[2].split(",")) {
            for (int i = 3; i < args.length; i++) {
                int size = Integer.parseInt(args[i]);
                measure(bench, size, side(before, bench, size), side(after, bench, size));
            }
        }
    }

    static ClassLoader loader(String jar) throws Exception {
        return new URLClassLoader(new URL[] {Path.of(jar).toUri().toURL()}, ClassLoader.getPlatformClassLoader());
    }

    static Side side(ClassLoader loader, String bench, int size) throws Exception {
        int dot = bench.lastIndexOf('.');
        Class<?> c = Class.forName("io.jchacha.bench." + bench.substring(0, dot), true, loader);
        Object b = c.getDeclaredConstructor().newInstance();
        var f = c.getDeclaredField("size");
        f.setAccessible(true);
        f.setInt(b, size);
        c.getMethod("setup").invoke(b);
        return new Side(b, c.getMethod(bench.substring(dot + 1)));
    }

    static void measure(String bench, int size, Side before, Side after) throws Exception {
        long ops = 1;
        for (long end = System.nanoTime() + WARMUP_NS; System.nanoTime() < end; ) {
            double ns = Math.max(before.time(ops), after.time(ops));
            ops = Math.max(1, (long) (SLICE_NS / Math.max(ns, 1)));
        }
        List<Double> mbBefore = new ArrayList<>(), mbAfter = new ArrayList<>(), ratio = new ArrayList<>();
        for (int r = 0; r < ROUNDS; r++) {
            double b, a;
            if (r % 2 == 0) {
                b = before.time(ops);
                a = after.time(ops);
            } else {
                a = after.time(ops);
                b = before.time(ops);
            }
            mbBefore.add(size * 1e3 / b);
            mbAfter.add(size * 1e3 / a);
            ratio.add(b / a);
        }
        System.out.printf(
                "%s %d %.0f %.0f %.3f %.3f %.3f%n",
                bench,
                size,
                median(mbBefore),
                median(mbAfter),
                median(ratio),
                Collections.min(ratio),
                Collections.max(ratio));
    }

    static double median(List<Double> v) {
        List<Double> s = new ArrayList<>(v);
        Collections.sort(s);
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }
}
