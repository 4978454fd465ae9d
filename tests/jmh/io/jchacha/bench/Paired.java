// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * jchacha against SunJCE in paired JMH forks: for each part and size, {@code --rounds} rounds of one jchacha fork and
 * one SunJCE fork with the same JVM arguments, back to back, the side that goes first alternating round by round.
 * A ratio is taken within each round, so a slow phase of a shared host or one fork's luck with C2 moves one round,
 * not a whole side (the suite measures a backend's cells minutes apart from its peers', in one fork each). Prints one
 * line per round, then a Markdown table: per size the median MB/s of each side and the median, lowest and highest of
 * the rounds' ratios. Where {@link SideBySide} measures jchacha's layers around SunJCE's machine code inside one JVM,
 * this is the report's own measure (JMH, one JVM per fork) made robust to the spread between forks.
 *
 * <pre>
 * paired [--jdk PATH/bin/java] [--backend nonative|auto|java|...] [--parts stream,seal,open] [--sizes 256,1024,...]
 *        [--rounds N] [--warmup N] [--warmup-time MS] [--measure N] [--time MS]
 * </pre>
 */
public final class Paired {
    private Paired() {}

    /** One comparison: jchacha's benchmark and SunJCE's (regular expressions under {@link Suite#PKG}). */
    private record Part(String name, String mine, String theirs) {}

    private static final List<Part> PARTS = List.of(
            new Part("stream", "StreamBench\\.jchacha$", "StreamBench\\.sunjce$"),
            new Part("seal", "AeadBench\\.jchachaSeal$", "AeadBench\\.sunjceSeal$"),
            new Part("open", "AeadBench\\.jchachaOpen$", "AeadBench\\.sunjceOpen$"));

    public static void main(String[] args) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String backend = Suite.NO_NATIVE;
        List<String> parts = List.of("stream", "seal", "open");
        int[] sizes = {16, 64, 256, 1024, 4096, 16384, 1048576};
        int rounds = 5, warmup = 2, warmupMs = 1000, measure = 10, ms = 250;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--jdk":
                    java = args[++i];
                    break;
                case "--backend":
                    backend = args[++i];
                    break;
                case "--parts":
                    parts = List.of(args[++i].split(","));
                    break;
                case "--sizes":
                    sizes = Arrays.stream(args[++i].split(","))
                            .mapToInt(Integer::parseInt)
                            .toArray();
                    break;
                case "--rounds":
                    rounds = Integer.parseInt(args[++i]);
                    break;
                case "--warmup":
                    warmup = Integer.parseInt(args[++i]);
                    break;
                case "--warmup-time":
                    warmupMs = Integer.parseInt(args[++i]);
                    break;
                case "--measure":
                    measure = Integer.parseInt(args[++i]);
                    break;
                case "--time":
                    ms = Integer.parseInt(args[++i]);
                    break;
                default:
                    throw new IllegalArgumentException("unknown option " + args[i] + "; see tests/jmh/README.md");
            }
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("--rounds must be at least 1");
        }
        System.out.printf(
                "# paired forks: jchacha %s against SunJCE on %s; %d rounds, each fork %d x %d ms warm-up, "
                        + "%d x %d ms measured%n",
                backend, java, rounds, warmup, warmupMs, measure, ms);
        System.out.println("# part size round jchacha-MB/s sunjce-MB/s ratio");
        StringBuilder table =
                new StringBuilder("| part | size | jchacha MB/s | SunJCE MB/s | ratio, median | lowest | highest |\n"
                        + "|---|---:|---:|---:|---:|---:|---:|\n");
        for (String name : parts) {
            Part part = PARTS.stream()
                    .filter(p -> p.name().equals(name))
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown part " + name + " (stream, seal, open)"));
            for (int size : sizes) {
                List<Double> mine = new ArrayList<>(), theirs = new ArrayList<>(), ratio = new ArrayList<>();
                for (int r = 0; r < rounds; r++) {
                    double a, b;
                    if (r % 2 == 0) {
                        a = mbPerSecond(java, backend, part.mine(), size, warmup, warmupMs, measure, ms);
                        b = mbPerSecond(java, backend, part.theirs(), size, warmup, warmupMs, measure, ms);
                    } else {
                        b = mbPerSecond(java, backend, part.theirs(), size, warmup, warmupMs, measure, ms);
                        a = mbPerSecond(java, backend, part.mine(), size, warmup, warmupMs, measure, ms);
                    }
                    mine.add(a);
                    theirs.add(b);
                    ratio.add(a / b);
                    System.out.printf("%s %d %d %.0f %.0f %.3f%n", name, size, r + 1, a, b, a / b);
                }
                table.append(String.format(
                        "| %s | %s | %.0f | %.0f | %.3f | %.3f | %.3f |%n",
                        name,
                        Sizes.label(size),
                        SideBySide.median(mine),
                        SideBySide.median(theirs),
                        SideBySide.median(ratio),
                        Collections.min(ratio),
                        Collections.max(ratio)));
            }
        }
        System.out.print(table);
    }

    /** One fork of {@code benchmark} at {@code size}: its score in MB/s. */
    private static double mbPerSecond(
            String java, String backend, String benchmark, int size, int warmup, int warmupMs, int measure, int ms)
            throws Exception {
        Collection<RunResult> results = new Runner(Suite.base(java, backend, 1, warmup, measure, ms, warmupMs)
                        .include(Suite.PKG + benchmark)
                        .param("size", Integer.toString(size))
                        .verbosity(VerboseMode.SILENT)
                        .build())
                .run();
        List<RunResult> one = new ArrayList<>(results);
        if (one.size() != 1) {
            throw new IllegalStateException(benchmark + " at " + size + " bytes gave " + one.size() + " results");
        }
        return one.get(0).getPrimaryResult().getScore() * size / 1e6;
    }
}
