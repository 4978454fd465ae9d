// SPDX-License-Identifier: Apache-2.0
package io.jchacha.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jchacha.secretstream.SecretStream;
import io.jchacha.secretstream.SecretStreamInputStream;
import io.jchacha.secretstream.SecretStreamOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** encrypt, decrypt, keygen, and the key options shared with chacha20. */
class SecretStreamCliTest {
    static final String KEY = CliTest.KEY;
    static final byte[] KEY_BYTES = HexFormat.of().parseHex(KEY);
    static final int C = 65536;
    static final Random R = new Random(3);

    record Run(int status, byte[] out, String err) {}

    /** Runs a command in this JVM with the given standard input and environment. */
    static Run run(StreamCommandFactory f, byte[] stdin, Map<String, String> env, String... args) {
        StreamCommand cmd = f.create();
        cmd.stdin = new ByteArrayInputStream(stdin);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        cmd.stdout = out;
        cmd.keys.env = env::get;
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(cmd);
        cl.setErr(new PrintWriter(err, true));
        int status = cl.execute(args);
        return new Run(status, out.toByteArray(), err.toString());
    }

    interface StreamCommandFactory {
        StreamCommand create();
    }

    static byte[] encrypt(byte[] data) throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (OutputStream os = new SecretStreamOutputStream(b, KEY_BYTES)) {
            os.write(data);
        }
        return b.toByteArray();
    }

    @Test
    void chacha20HelpPrintsHelp() {
        CliTest.Result r = CliTest.run("chacha20", "--help");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("--key-file"), r.out());
        assertTrue(r.out().contains("--nonce"), r.out());
        for (String c : new String[] {"encrypt", "decrypt", "keygen"}) {
            CliTest.Result h = CliTest.run(c, "--help");
            assertEquals(0, h.status(), h.err());
            assertTrue(h.out().startsWith("Usage: jchacha " + c), h.out());
        }
        assertTrue(CliTest.run("decrypt", "--help").out().contains("last authenticated chunk"));
    }

    @Test
    void chacha20TakesTheKeyFromAFileOrTheEnvironment(@TempDir Path dir) throws Exception {
        String nonce = "000000000000000000000001";
        byte[] data = new byte[1000];
        R.nextBytes(data);
        byte[] expected = io.jchacha.ChaCha20.ietf(KEY_BYTES, HexFormat.of().parseHex(nonce))
                .update(data);
        Path hexFile = dir.resolve("hex.key");
        Files.writeString(hexFile, "  " + KEY.toUpperCase() + "\n");
        Path rawFile = dir.resolve("raw.key");
        Files.write(rawFile, KEY_BYTES);
        String[][] ways = {
            {"--key-file", hexFile.toString()},
            {"--key-file", rawFile.toString()},
            {"--key-env", "K"},
        };
        for (String[] way : ways) {
            ChaCha20Command cmd = new ChaCha20Command();
            cmd.keys.env = Map.of("K", KEY)::get;
            CommandLine cl = new CommandLine(cmd);
            cl.parseArgs(Stream.concat(Arrays.stream(way), Stream.of("--nonce", nonce))
                    .toArray(String[]::new));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            cmd.in = new ByteArrayInputStream(data);
            cmd.out = out;
            assertEquals(0, cmd.call());
            assertArrayEquals(expected, out.toByteArray(), String.join(" ", way));
        }
        Path bad = dir.resolve("bad.key");
        Files.writeString(bad, KEY.substring(0, 62) + "zz");
        String[][] wrong = {
            {"chacha20", "--nonce", nonce},
            {"chacha20", "--key", KEY, "--key-file", hexFile.toString(), "--nonce", nonce},
            {"chacha20", "--key-env", "K", "--key-file", hexFile.toString(), "--nonce", nonce},
            {"chacha20", "--key-file", bad.toString(), "--nonce", nonce},
            {"chacha20", "--key-file", dir.resolve("missing").toString(), "--nonce", nonce},
            {"chacha20", "--key-env", "JCHACHA_TEST_UNSET_VARIABLE", "--nonce", nonce},
        };
        for (String[] args : wrong) {
            CliTest.Result r = CliTest.run(args);
            assertEquals(2, r.status(), String.join(" ", args) + " -> " + r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertFalse(r.err().contains(KEY.substring(0, 16)), "key echoed: " + r.err());
        }
    }

    @Test
    void keygenCreatesAnOwnerOnlyFileExclusively(@TempDir Path dir) throws Exception {
        Path k = dir.resolve("a.key");
        CliTest.Result r = CliTest.run("keygen", k.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(k)));
        String text = Files.readString(k);
        assertTrue(text.matches("[0-9a-f]{64}\n"), text);
        byte[] before = Files.readAllBytes(k);
        CliTest.Result again = CliTest.run("keygen", k.toString());
        assertEquals(1, again.status());
        assertTrue(again.err().contains("already exists"), again.err());
        assertArrayEquals(before, Files.readAllBytes(k), "never overwritten");
        Path k2 = dir.resolve("b.key");
        assertEquals(0, CliTest.run("keygen", k2.toString()).status());
        assertFalse(Files.readString(k2).equals(text), "fresh keys");
        // the key file works with encrypt and decrypt
        byte[] data = new byte[100];
        Run enc = run(EncryptCommand::new, data, Map.of(), "--key-file", k.toString());
        assertEquals(0, enc.status(), enc.err());
        Run dec = run(DecryptCommand::new, enc.out(), Map.of(), "--key-file", k.toString());
        assertEquals(0, dec.status(), dec.err());
        assertArrayEquals(data, dec.out());
    }

    @Test
    void encryptDecryptThroughPipesAndFiles(@TempDir Path dir) throws Exception {
        Map<String, String> env = Map.of("JK", KEY);
        for (int n : new int[] {0, 1, C, 2 * C + 3}) {
            byte[] data = new byte[n];
            R.nextBytes(data);
            Run enc = run(EncryptCommand::new, data, env, "--key-env", "JK");
            assertEquals(0, enc.status(), enc.err());
            try (InputStream is = new SecretStreamInputStream(new ByteArrayInputStream(enc.out()), KEY_BYTES)) {
                assertArrayEquals(data, is.readAllBytes(), "the library reads what the CLI wrote");
            }
            Run dec = run(DecryptCommand::new, encrypt(data), env, "--key-env", "JK");
            assertEquals(0, dec.status(), dec.err());
            assertArrayEquals(data, dec.out(), "the CLI reads what the library wrote");

            Path plain = dir.resolve("p" + n);
            Path sealed = dir.resolve("c" + n);
            Path opened = dir.resolve("d" + n);
            Files.write(plain, data);
            assertEquals(
                    0,
                    run(
                                    EncryptCommand::new,
                                    new byte[0],
                                    env,
                                    "--key-env",
                                    "JK",
                                    "--in",
                                    plain.toString(),
                                    "--out",
                                    sealed.toString())
                            .status());
            assertEquals(
                    0,
                    run(
                                    DecryptCommand::new,
                                    new byte[0],
                                    env,
                                    "--key-env",
                                    "JK",
                                    "--in",
                                    sealed.toString(),
                                    "--out",
                                    opened.toString())
                            .status());
            assertArrayEquals(data, Files.readAllBytes(opened));
        }
    }

    @Test
    void failedDecryptLeavesNoFileAndReleasesOnlyAuthenticChunks(@TempDir Path dir) throws Exception {
        Map<String, String> env = Map.of("JK", KEY);
        byte[] data = new byte[3 * C + 10];
        R.nextBytes(data);
        byte[] sealed = encrypt(data);
        byte[] tampered = sealed.clone();
        tampered[SecretStream.HEADER_LENGTH + (C + SecretStream.OVERHEAD) + 100] ^= 1;
        byte[] truncated = Arrays.copyOf(sealed, SecretStream.HEADER_LENGTH + 2 * (C + SecretStream.OVERHEAD));
        byte[] trailing = Arrays.copyOf(sealed, sealed.length + 1);
        byte[] wrongKey;
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (OutputStream os = new SecretStreamOutputStream(b, SecretStream.generateKey())) {
            os.write(data);
        }
        wrongKey = b.toByteArray();
        Object[][] cases = {
            {tampered, 1, "chunk 2 is not authentic"},
            {truncated, 2, "truncated"},
            {trailing, 3, "chunk 4 is not authentic"},
            {wrongKey, 0, "chunk 1 is not authentic"},
            {Arrays.copyOf(sealed, 5), 0, "header"},
        };
        for (Object[] c : cases) {
            byte[] in = (byte[]) c[0];
            int goodChunks = (int) c[1];
            Run r = run(DecryptCommand::new, in, env, "--key-env", "JK");
            assertEquals(1, r.status(), (String) c[2]);
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(
                    r.err().startsWith("jchacha: decryption failed: ")
                            && r.err().contains((String) c[2]),
                    r.err());
            assertArrayEquals(Arrays.copyOf(data, goodChunks * C), r.out(), "stdout: authenticated chunks only");

            Path src = dir.resolve("in.bin");
            Files.write(src, in);
            Path target = dir.resolve("out.bin");
            Run f = run(
                    DecryptCommand::new,
                    new byte[0],
                    env,
                    "--key-env",
                    "JK",
                    "--in",
                    src.toString(),
                    "--out",
                    target.toString());
            assertEquals(1, f.status());
            assertFalse(Files.exists(target), "no partial output file");
            Files.writeString(target, "old");
            run(
                    DecryptCommand::new,
                    new byte[0],
                    env,
                    "--key-env",
                    "JK",
                    "--in",
                    src.toString(),
                    "--out",
                    target.toString());
            assertEquals("old", Files.readString(target), "an existing file is replaced only on success");
            Files.delete(target);
            try (Stream<Path> left = Files.list(dir)) {
                assertEquals(List.of(src), left.toList(), "no temporary file left behind");
            }
        }
    }

    /** Surefire's forked JVM writes standard error to a pipe: no progress bar there, even for a regular file. */
    @Test
    void noProgressBarWhenStderrIsNotATerminal(@TempDir Path dir) throws Exception {
        assertFalse(Progress.stderrIsTerminal());
        Path f = dir.resolve("f");
        Files.write(f, new byte[10]);
        InputStream raw = new ByteArrayInputStream(new byte[10]);
        assertTrue(Progress.wrap(raw, f, "encryption") == raw);
    }

    @Test
    void keyOnlyFromFileOrEnvironment() {
        Run r = run(EncryptCommand::new, new byte[0], Map.of(), "--key", KEY);
        assertEquals(2, r.status());
        Run none = run(EncryptCommand::new, new byte[0], Map.of());
        assertEquals(2, none.status());
        assertTrue(none.err().contains("--key-file or --key-env"), none.err());
    }

    /** Only in the default surefire execution: not per forced backend, not under -Xcheck:jni, not on JDK 25. */
    static boolean defaultExecution() {
        return System.getProperty(io.jchacha.Backends.PROPERTY) == null
                && !Arrays.asList(ProcessHandle.current().info().arguments().orElse(new String[0]))
                        .contains("-Xcheck:jni")
                && !System.getProperty("java.home").contains("temurin-25");
    }

    /**
     * 4 GiB of zeros piped through {@code encrypt | decrypt}, two child JVMs with 64 MiB heaps each: memory stays
     * bounded, every byte comes back, and the stream ends cleanly.
     */
    @Test
    void fourGiBThroughEncryptAndDecryptInBoundedMemory() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(defaultExecution(), "runs once, in the default execution");
        long total = 4L << 30;
        List<ProcessBuilder> stages = new java.util.ArrayList<>();
        for (String command : new String[] {"encrypt", "decrypt"}) {
            List<String> cmd = io.jchacha.ChildJvm.command(true);
            cmd.addAll(List.of(
                    "-Xmx64m",
                    "-cp",
                    System.getProperty("java.class.path"),
                    Main.class.getName(),
                    command,
                    "--key-env",
                    "JCHACHA_TEST_KEY"));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT);
            pb.environment().put("JCHACHA_TEST_KEY", KEY);
            stages.add(pb);
        }
        long t0 = System.nanoTime();
        List<Process> ps = ProcessBuilder.startPipeline(stages);
        Thread feeder = CliTest.feedZeros(ps.get(0).getOutputStream(), total);
        long n = 0;
        long nonZero = 0;
        byte[] zeros = new byte[1 << 16];
        try (InputStream is = ps.get(1).getInputStream()) {
            byte[] buf = new byte[1 << 16];
            int k;
            while ((k = is.readNBytes(buf, 0, buf.length)) > 0) {
                if (Arrays.mismatch(buf, 0, k, zeros, 0, k) >= 0) {
                    nonZero++;
                }
                n += k;
            }
        }
        feeder.join();
        assertEquals(0, ps.get(0).waitFor(), "encrypt");
        assertEquals(0, ps.get(1).waitFor(), "decrypt");
        assertEquals(total, n);
        assertEquals(0, nonZero);
        System.out.printf("4 GiB through encrypt | decrypt (-Xmx64m each): %.1f s%n", (System.nanoTime() - t0) / 1e9);
    }
}
