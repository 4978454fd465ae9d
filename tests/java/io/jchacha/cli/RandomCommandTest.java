// SPDX-License-Identifier: Apache-2.0
package io.jchacha.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jchacha.ChaChaRandom;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jchacha random}: the library's bytes for the seed, bad arguments, a reader that goes away. */
class RandomCommandTest {
    private static byte[] seed() {
        byte[] s = new byte[32];
        for (int i = 0; i < 32; i++) {
            s[i] = (byte) (i * 7 + 1);
        }
        return s;
    }

    private static Process child(String... args) throws Exception {
        List<String> cmd = io.jchacha.ChildJvm.command(true);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "random"));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).start();
    }

    @Test
    void writesTheLibrarysBytesForTheSeed(@TempDir Path dir) throws Exception {
        Path f = Files.write(dir.resolve("seed"), seed());
        for (int rounds : new int[] {8, 12, 20}) {
            RandomCommand cmd = new RandomCommand();
            new picocli.CommandLine(cmd)
                    .parseArgs(
                            "--rounds",
                            "" + rounds,
                            "--seed-file",
                            f.toString(),
                            "--bytes",
                            "" + (2 * RandomCommand.CHUNK + 1003));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            cmd.out = out;
            assertEquals(0, cmd.call());
            byte[] expected = new byte[2 * RandomCommand.CHUNK + 1003];
            ChaChaRandom.newInstance(rounds, seed()).nextBytes(expected);
            assertArrayEquals(expected, out.toByteArray(), "rounds " + rounds);
        }
    }

    /** A child JVM writing to a pipe: exact bytes when bounded; quiet exit 0 when the reader closes early. */
    @Test
    void childJvmBoundedAndClosedPipe(@TempDir Path dir) throws Exception {
        Path f = Files.write(dir.resolve("seed"), seed());
        Process p = child("--rounds", "8", "--seed-file", f.toString(), "--bytes", "100001");
        byte[] got;
        try (InputStream in = p.getInputStream()) {
            got = in.readAllBytes();
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), new String(p.getErrorStream().readAllBytes()));
        byte[] expected = new byte[100001];
        ChaChaRandom.chacha8(seed()).nextBytes(expected);
        assertArrayEquals(expected, got);

        Process u = child("--rounds", "8");
        try (InputStream in = u.getInputStream()) {
            assertEquals(1 << 20, in.readNBytes(1 << 20).length);
        }
        assertTrue(u.waitFor(60, TimeUnit.SECONDS), "unbounded output did not stop after the reader closed");
        assertEquals(0, u.exitValue());
        assertEquals("", new String(u.getErrorStream().readAllBytes()));
    }

    @Test
    void secureWritesFreshBytes() throws Exception {
        RandomCommand cmd = new RandomCommand();
        new picocli.CommandLine(cmd).parseArgs("--secure", "--bytes", "" + (RandomCommand.CHUNK + 5));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        cmd.out = out;
        assertEquals(0, cmd.call());
        assertEquals(RandomCommand.CHUNK + 5, out.size());
        assertEquals(List.of(), io.jchacha.RandomnessBattery.failures(out.toByteArray()));
    }

    @Test
    void badArgumentsGiveOneLineAndStatus2(@TempDir Path dir) throws Exception {
        Path shortSeed = Files.write(dir.resolve("short"), new byte[31]);
        Path longSeed = Files.write(dir.resolve("long"), new byte[33]);
        String[][] bad = {
            {"random", "--rounds", "10"},
            {"random", "--bytes", "-1"},
            {"random", "--bytes", "x"},
            {"random", "--seed-file", shortSeed.toString()},
            {"random", "--seed-file", longSeed.toString()},
            {"random", "--seed-file", dir.resolve("missing").toString()},
            {"random", "--secure", "--rounds", "8"},
            {"random", "--secure", "--seed-file", shortSeed.toString()},
        };
        for (String[] args : bad) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int status = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
            assertEquals(2, status, String.join(" ", args) + " -> " + err);
            assertEquals(1, err.toString().lines().count(), err.toString());
            assertTrue(err.toString().startsWith("jchacha: "), err.toString());
        }
    }
}
