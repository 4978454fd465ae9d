// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.NamedFactory;
import org.apache.sshd.common.cipher.BuiltinCiphers;
import org.apache.sshd.common.cipher.Cipher;

/**
 * A loopback SSH transfer, MB/s, best of {@code reps}: {@code size} MiB from a client to a MINA server's
 * {@code discard} command (reads and counts, no hashing; timed by the server from its first byte to its last), per
 * cipher on one transport, the same cipher on both
 * sides: jchacha's chacha20-poly1305@openssh.com (the MINA adapter; OpenSSH's own on the ssh side), MINA's built-in
 * one, and aes128-gcm@openssh.com (MINA: SunJCE's AES-GCM). Transports: a MINA client (its exec channel fed a
 * 64 KiB buffer), and OpenSSH's {@code ssh} (stdin from a temp file of random bytes). Not part of the suite; exec:java
 * runs in Maven's JVM, where the library is found through {@code jchacha.native.path} (docs/SSH.md):
 *
 * <pre>
 *   mvn -B -q -Djchacha.cross=OFF -DskipTests test-compile
 *   mvn -B -q exec:java -Dexec.classpathScope=test -Djchacha.native.path=$PWD/target/native-build/libjchacha.so \
 *     -Dexec.mainClass=io.jchacha.ssh.SshTransferBench -Dexec.args="256 5 target/ssh-transfer.tsv"
 * </pre>
 *
 * Two commands: in one, {@code exec.args} would also reach the build's CMake executions.
 *
 * The optional third argument writes the rows to a file, which {@code sshchart} in the benchmarks jar draws
 * (tests/jmh/README.md).
 */
public final class SshTransferBench {
    private SshTransferBench() {}

    record Candidate(String label, NamedFactory<Cipher> server, String sshCipher) {}

    /** One transport and cipher: the best MB/s and every measured one. */
    public record Row(String transport, String cipher, double best, List<Double> all) {}

    public static void main(String[] args) throws Exception {
        long size = (args.length > 0 ? Long.parseLong(args[0]) : 256) << 20;
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        List<Row> rows = run(size, reps);
        if (args.length > 2) { // for the chart: java -jar target/jchacha-benchmarks.jar sshchart FILE PNG
            List<String> lines = new ArrayList<>();
            lines.add("# " + (size >> 20) + " MiB, best of " + reps + ", java " + System.getProperty("java.version"));
            for (Row r : rows) {
                lines.add(r.transport() + "\t" + r.cipher() + "\t" + Math.round(r.best()) + "\t" + format(r.all()));
            }
            Files.write(Path.of(args[2]), lines);
        }
        System.exit(0);
    }

    /** Runs every transport and cipher, printing a line for each as it ends; the rows in that order. */
    public static List<Row> run(long size, int reps) throws Exception {
        List<Candidate> candidates = List.of(
                new Candidate(
                        "jchacha chacha20-poly1305",
                        io.jchacha.ssh.mina.ChaCha20Poly1305Factory.INSTANCE,
                        "chacha20-poly1305@openssh.com"),
                new Candidate(
                        "MINA chacha20-poly1305", BuiltinCiphers.cc20p1305_openssh, "chacha20-poly1305@openssh.com"),
                new Candidate("MINA aes128-gcm", BuiltinCiphers.aes128gcm, "aes128-gcm@openssh.com"));
        Path dir = Files.createTempDirectory("jchacha-ssh-bench");
        Path key = OpenSsh.userKey(dir);
        Path data = dir.resolve("data");
        writeRandom(data, size);
        System.out.printf(
                "# %d MiB per transfer, best of %d; java %s; backend %s%n",
                size >> 20,
                reps,
                System.getProperty("java.version"),
                io.jchacha.Backends.active().id());
        System.out.println("# transport | cipher | best MB/s | all MB/s");
        List<Row> rows = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            String transport = round == 0 ? "MINA client -> MINA server" : "OpenSSH ssh -> MINA server";
            for (Candidate c : candidates) {
                // the client side's cipher: jchacha's adapter for the jchacha row, MINA's built-in otherwise
                List<Double> mbs = new ArrayList<>();
                try (MinaLoopbackServer server =
                        new MinaLoopbackServer(List.of(c.server()), key.resolveSibling("id_ecdsa.pub"), 1L << 30)) {
                    for (int r = 0; r < reps + 1; r++) {
                        double mb = round == 0
                                ? minaClient(server, c.server(), key, size)
                                : sshClient(server, c.sshCipher(), key, data, size);
                        if (r > 0) { // the first run warms up both JVM sides
                            mbs.add(mb);
                        }
                    }
                }
                Row row = new Row(
                        transport,
                        c.label(),
                        mbs.stream().mapToDouble(d -> d).max().orElse(0),
                        List.copyOf(mbs));
                rows.add(row);
                System.out.printf("%s | %s | %.0f | %s%n", transport, c.label(), row.best(), format(mbs));
            }
        }
        for (Path f : List.of(data, key, key.resolveSibling("id_ecdsa.pub"))) {
            Files.deleteIfExists(f);
        }
        Files.deleteIfExists(dir);
        return rows;
    }

    private static double minaClient(MinaLoopbackServer server, NamedFactory<Cipher> cipher, Path key, long size)
            throws Exception {
        SshClient client = SshClients.mina(cipher, 1L << 30, new MinaKeys());
        try (ClientSession session = SshClients.minaSession(client, server.port(), key);
                ChannelExec ch = session.createExecChannel("discard " + size)) {
            ch.open().verify(SshClients.TIMEOUT);
            byte[] buf = new byte[64 * 1024];
            new Random(1).nextBytes(buf);
            try (OutputStream out = ch.getInvertedIn()) {
                for (long done = 0; done < size; done += buf.length) {
                    out.write(buf, 0, (int) Math.min(buf.length, size - done));
                }
            }
            String reply = new String(ch.getInvertedOut().readAllBytes(), StandardCharsets.US_ASCII).trim();
            ch.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), SshClients.TIMEOUT);
            return rate(reply, size);
        } finally {
            client.stop();
        }
    }

    private static double sshClient(MinaLoopbackServer server, String cipher, Path key, Path data, long size)
            throws Exception {
        List<String> cmd = OpenSsh.sshCommand(server.port(), key, "1G", "discard " + size);
        cmd.replaceAll(a -> a.startsWith("Ciphers=") ? "Ciphers=" + cipher : a);
        cmd.remove("-v");
        Process p = new ProcessBuilder(cmd)
                .redirectInput(data.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String reply = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("ssh failed: " + reply);
        }
        return rate(reply, size);
    }

    /**
     * MB/s from the server's reply to {@code discard}: its byte count and the nanoseconds from the first byte it read
     * to the last, so that neither ssh's start nor the key exchange (tens of ms, the same for every cipher) counts.
     */
    private static double rate(String reply, long size) {
        String[] f = reply.split(" ");
        if (f.length != 2 || !f[0].equals(Long.toString(size))) {
            throw new IllegalStateException("the server answered '" + reply + "', not " + size + " bytes and a time");
        }
        return size / 1e6 / (Long.parseLong(f[1]) / 1e9);
    }

    private static void writeRandom(Path file, long size) throws Exception {
        byte[] buf = new byte[1 << 20];
        Random r = new Random(2);
        try (OutputStream out = Files.newOutputStream(file)) {
            for (long done = 0; done < size; done += buf.length) {
                r.nextBytes(buf);
                out.write(buf, 0, (int) Math.min(buf.length, size - done));
            }
        }
    }

    private static String format(List<Double> v) {
        StringBuilder b = new StringBuilder();
        for (double d : v) {
            b.append(b.length() == 0 ? "" : " ").append(Math.round(d));
        }
        return b.toString();
    }
}
