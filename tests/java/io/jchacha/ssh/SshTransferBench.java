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
 * {@code discard} command (reads and counts, no hashing), per cipher on one transport, the same cipher on both
 * sides: jchacha's chacha20-poly1305@openssh.com (the MINA adapter; OpenSSH's own on the ssh side), MINA's built-in
 * one, and aes128-gcm@openssh.com (MINA: SunJCE's AES-GCM). Transports: a MINA client (its exec channel fed a
 * 64 KiB buffer), and OpenSSH's {@code ssh} (stdin from a temp file of random bytes). Not part of the suite; exec:java
 * runs in Maven's JVM, where the library is found through {@code jchacha.native.path} (docs/SSH.md):
 *
 * <pre>
 *   mvn -B -q -Djchacha.cross=OFF -DskipTests test-compile exec:java -Dexec.classpathScope=test \
 *     -Djchacha.native.path=$PWD/target/native-build/libjchacha.so \
 *     -Dexec.mainClass=io.jchacha.ssh.SshTransferBench -Dexec.args="256 5"
 * </pre>
 */
public final class SshTransferBench {
    private SshTransferBench() {}

    record Candidate(String label, NamedFactory<Cipher> server, String sshCipher) {}

    public static void main(String[] args) throws Exception {
        long size = (args.length > 0 ? Long.parseLong(args[0]) : 256) << 20;
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 5;
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
                System.out.printf(
                        "%s | %s | %.0f | %s%n",
                        transport,
                        c.label(),
                        mbs.stream().mapToDouble(d -> d).max().orElse(0),
                        format(mbs));
            }
        }
        System.exit(0);
    }

    private static double minaClient(MinaLoopbackServer server, NamedFactory<Cipher> cipher, Path key, long size)
            throws Exception {
        SshClient client = SshClients.mina(cipher, 1L << 30, new MinaKeys());
        try (ClientSession session = SshClients.minaSession(client, server.port(), key);
                ChannelExec ch = session.createExecChannel("discard " + size)) {
            ch.open().verify(SshClients.TIMEOUT);
            byte[] buf = new byte[64 * 1024];
            new Random(1).nextBytes(buf);
            long t0 = System.nanoTime();
            try (OutputStream out = ch.getInvertedIn()) {
                for (long done = 0; done < size; done += buf.length) {
                    out.write(buf, 0, (int) Math.min(buf.length, size - done));
                }
            }
            String reply = new String(ch.getInvertedOut().readAllBytes(), StandardCharsets.US_ASCII).trim();
            long t1 = System.nanoTime();
            ch.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), SshClients.TIMEOUT);
            check(reply, size);
            return size / 1e6 / ((t1 - t0) / 1e9);
        } finally {
            client.stop();
        }
    }

    private static double sshClient(MinaLoopbackServer server, String cipher, Path key, Path data, long size)
            throws Exception {
        List<String> cmd = OpenSsh.sshCommand(server.port(), key, "1G", "discard " + size);
        cmd.replaceAll(a -> a.startsWith("Ciphers=") ? "Ciphers=" + cipher : a);
        cmd.remove("-v");
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd)
                .redirectInput(data.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String reply = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("ssh failed: " + reply);
        }
        long t1 = System.nanoTime();
        check(reply, size);
        // includes ssh's start and key exchange (tens of ms): the same for every cipher
        return size / 1e6 / ((t1 - t0) / 1e9);
    }

    private static void check(String reply, long size) {
        if (!reply.equals(Long.toString(size))) {
            throw new IllegalStateException("the server counted " + reply + " bytes, not " + size);
        }
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
