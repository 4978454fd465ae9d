// SPDX-License-Identifier: Apache-2.0
package io.jchacha.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jchacha.Backends;
import io.jchacha.ChaCha20;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CliTest {
    static final String KEY = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

    record Result(int status, String out, String err) {}

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(status, out.toString(), err.toString());
    }

    @Test
    void infoNamesTheActiveBackendAndEveryOther() {
        Result r = run("info");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("active: " + Backends.active().id() + "\n"), r.out());
        for (io.jchacha.Backend b : io.jchacha.Backend.values()) {
            assertTrue(r.out().contains("  " + b.id() + " "), r.out());
        }
        assertTrue(r.out().contains("requested: "), r.out());
    }

    @Test
    void badArgumentsGiveOneLineAndStatus2() {
        String[][] bad = {
            {},
            {"nonsense"},
            {"chacha20"},
            {"chacha20", "--key", KEY},
            {"chacha20", "--key", "zz", "--nonce", "000000000000000000000000"},
            {"chacha20", "--key", "00", "--nonce", "000000000000000000000000"},
            {"chacha20", "--key", KEY, "--nonce", "0000"},
            {"chacha20", "--key", KEY, "--nonce", "000000000000000000000000", "--rounds", "10"},
            {"chacha20", "--key", KEY, "--nonce", "000000000000000000000000", "--rounds", "x"},
            {"chacha20", "--key", KEY, "--nonce", "000000000000000000000000", "--counter", "4294967296"},
            {"chacha20", "--key", KEY, "--nonce", "000000000000000000000000", "--counter", "-1"},
        };
        for (String[] args : bad) {
            Result r = run(args);
            assertEquals(2, r.status(), String.join(" ", args) + " -> " + r.err());
            assertEquals(1, r.err().lines().count(), "one line: " + r.err());
            assertTrue(r.err().startsWith("jchacha: "), r.err());
            assertTrue(!r.err().contains(KEY.substring(0, 16)), "key echoed: " + r.err());
            assertEquals("", r.out());
        }
    }

    /** {@code <cmd> --help}, {@code <cmd> -h} and {@code help <cmd>} print the same usage, for every command. */
    @Test
    void everyCommandAnswersHelp() {
        Set<String> commands =
                new picocli.CommandLine(new Main()).getSubcommands().keySet();
        assertTrue(
                commands.containsAll(
                        List.of("info", "bench", "chacha20", "encrypt", "decrypt", "keygen", "random", "help")),
                "" + commands);
        for (String c : commands) {
            String usage = run(c, "--help").out();
            for (String[] args : new String[][] {{c, "--help"}, {c, "-h"}, {"help", c}}) {
                Result r = run(args);
                String what = String.join(" ", args);
                assertEquals(0, r.status(), what + " -> " + r.err());
                assertEquals("", r.err(), what);
                assertTrue(r.out().contains("Usage: jchacha " + c + " "), what + " -> " + r.out());
                assertEquals(usage, r.out(), what);
            }
        }
        Result help = run("help");
        assertEquals(0, help.status(), help.err());
        assertEquals(run("--help").out(), help.out());
        for (String c : commands) {
            assertTrue(help.out().contains("\n  " + c + " "), c + " missing from: " + help.out());
        }
        Result unknown = run("help", "nonsense");
        assertEquals(2, unknown.status());
        assertEquals(1, unknown.err().lines().count(), unknown.err());
    }

    private static byte[] crypt(byte[] input, String... args) throws Exception {
        ChaCha20Command cmd = new ChaCha20Command();
        picocli.CommandLine cl = new picocli.CommandLine(cmd);
        cl.parseArgs(args);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        cmd.in = new ByteArrayInputStream(input);
        cmd.out = out;
        assertEquals(0, cmd.call());
        return out.toByteArray();
    }

    @Test
    void filterMatchesTheLibraryForEveryVariant() throws Exception {
        Random r = new Random(1);
        byte[] data = new byte[3 * ChaCha20Command.CHUNK + 1234];
        r.nextBytes(data);
        byte[] key = HexFormat.of().parseHex(KEY);
        for (int nl : new int[] {8, 12, 24}) {
            byte[] nonce = new byte[nl];
            r.nextBytes(nonce);
            for (int rounds : new int[] {20, 12, 8}) {
                byte[] expected = ChaCha20.newInstance(ChaCha20.Variant.forNonceLength(nl), key, nonce, 7, rounds)
                        .update(data);
                byte[] got = crypt(
                        data,
                        "--key",
                        KEY,
                        "--nonce",
                        HexFormat.of().formatHex(nonce),
                        "--counter",
                        "7",
                        "--rounds",
                        Integer.toString(rounds));
                assertArrayEquals(expected, got, nl + "-byte nonce, " + rounds + " rounds");
            }
        }
    }

    /** openssl enc -chacha20 takes a 16-byte IV: the 32-bit counter (little-endian), then the 12-byte nonce. */
    @Test
    void matchesOpensslEncChacha20(@TempDir Path dir) throws Exception {
        byte[] data = new byte[200_003];
        new Random(2).nextBytes(data);
        Path in = dir.resolve("in.bin");
        Files.write(in, data);
        String nonce = "000000090000004a00000000";
        byte[] ours = crypt(data, "--key", KEY, "--nonce", nonce, "--counter", "1");
        Process p = new ProcessBuilder(
                        "openssl", "enc", "-chacha20", "-K", KEY, "-iv", "01000000" + nonce, "-in", in.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        byte[] theirs = p.getInputStream().readAllBytes();
        assertEquals(0, p.waitFor(), "openssl must be installed (.ci/run installs it)");
        assertArrayEquals(theirs, ours);
    }

    /** Starts a thread that writes {@code total} zero bytes (whole MiB) to {@code stdin}, then closes it. */
    static Thread feedZeros(OutputStream stdin, long total) {
        Thread feeder = new Thread(() -> {
            try (OutputStream os = stdin) {
                byte[] zeros = new byte[1 << 20];
                for (long sent = 0; sent < total; sent += zeros.length) {
                    os.write(zeros);
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        feeder.start();
        return feeder;
    }

    /** A 512 MiB stream through a child JVM with a 32 MiB heap: bounded memory, same digest as the library. */
    @Test
    void largeStreamInBoundedMemory() throws Exception {
        long total = 512L << 20;
        String nonce = "0102030405060708090a0b0c";
        List<String> cmd = io.jchacha.ChildJvm.command(true);
        cmd.addAll(List.of("-Xmx32m", "-cp", System.getProperty("java.class.path")));
        cmd.addAll(List.of(Main.class.getName(), "chacha20", "--key", KEY, "--nonce", nonce));
        Process p = new ProcessBuilder(cmd)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        Thread feeder = feedZeros(p.getOutputStream(), total);
        MessageDigest got = MessageDigest.getInstance("SHA-256");
        long n = 0;
        try (InputStream is = p.getInputStream()) {
            byte[] buf = new byte[1 << 16];
            int k;
            while ((k = is.read(buf)) > 0) {
                got.update(buf, 0, k);
                n += k;
            }
        }
        feeder.join();
        assertEquals(0, p.waitFor());
        assertEquals(total, n);
        MessageDigest want = MessageDigest.getInstance("SHA-256");
        ChaCha20 c = ChaCha20.ietf(HexFormat.of().parseHex(KEY), HexFormat.of().parseHex(nonce));
        byte[] ks = new byte[1 << 20];
        for (long done = 0; done < total; done += ks.length) {
            c.keystream(ks, 0, ks.length);
            want.update(ks);
        }
        assertArrayEquals(want.digest(), got.digest());
    }
}
