// SPDX-License-Identifier: Apache-2.0
package io.jchacha.stress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jchacha.ChildJvm;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * No leaks: a child JVM ({@link SoakMain}: fixed, pre-touched heap, Native Memory Tracking on) seals and opens
 * about two million messages while creating and destroying ciphers; after the warm-up, its resident set and the
 * JVM's committed native memory may grow by less than {@link #RSS_GROWTH_KB} and {@link #NMT_GROWTH_KB} by the
 * last two of the rounds that follow (measured here: at most 2.7 MiB and 0.5 MiB; a JIT arena peak of 6.7 MiB came
 * and went in one round). A direct buffer of 1 KiB kept every 256 messages (4 bytes a message, 6 MiB in all) made
 * NMT grow by 8 MiB and stay there; native mallocs that the C library leaked would show in
 * the resident set (NMT sees only the JVM's own). Runs in the unforced suite run only
 * ({@code jchacha.test.soak}, set in pom.xml), about 30 seconds.
 */
@EnabledOnOs(OS.LINUX)
@EnabledIfSystemProperty(named = "jchacha.test.soak", matches = "true")
class NativeMemorySoakTest {
    static final long WARMUP = 400_000;
    static final int ROUNDS = 4;
    static final long PER_ROUND = 400_000;
    static final long RSS_GROWTH_KB = 10 * 1024;
    static final long NMT_GROWTH_KB = 4 * 1024;

    @Test
    void steadyNativeMemoryOverMillionsOfMessages() throws Exception {
        List<String> cmd = ChildJvm.command(true);
        cmd.addAll(List.of(
                "-Xms64m",
                "-Xmx64m",
                "-XX:+AlwaysPreTouch",
                "-XX:NativeMemoryTracking=summary",
                "-cp",
                System.getProperty("java.class.path"),
                SoakMain.class.getName(),
                Long.toString(WARMUP),
                Integer.toString(ROUNDS),
                Long.toString(PER_ROUND)));
        Path log = Files.createTempFile("jchacha-soak", ".log");
        try {
            Process p = new ProcessBuilder(cmd)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            if (!p.waitFor(300, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("soak child still running after 300 s");
            }
            String out = Files.readString(log, StandardCharsets.UTF_8);
            System.out.print(out);
            assertEquals(0, p.exitValue(), out);
            List<long[]> rounds = new ArrayList<>(); // messages, rss, nmt
            for (String line : out.split("\n")) {
                String[] f = line.trim().split(" ");
                if (f.length == 8 && f[0].equals("round")) {
                    rounds.add(new long[] {Long.parseLong(f[3]), Long.parseLong(f[5]), Long.parseLong(f[7])});
                }
            }
            assertEquals(ROUNDS + 1, rounds.size(), out);
            long[] base = rounds.get(0);
            long[] last = rounds.get(ROUNDS);
            // a leak keeps what it took: growth that lasts through the last two rounds (the JIT's arenas come and go)
            long[] before = rounds.get(ROUNDS - 1);
            long rssGrowth = Math.min(before[1], last[1]) - base[1];
            long nmtGrowth = Math.min(before[2], last[2]) - base[2];
            System.out.printf(
                    "soak: %d messages; after warm-up (%d), RSS grew by %d KiB, NMT committed by %d KiB%n",
                    last[0], base[0], rssGrowth, nmtGrowth);
            assertTrue(rssGrowth < RSS_GROWTH_KB, "RSS grew by " + rssGrowth + " KiB after warm-up:\n" + out);
            assertTrue(nmtGrowth < NMT_GROWTH_KB, "NMT committed grew by " + nmtGrowth + " KiB after warm-up:\n" + out);
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
