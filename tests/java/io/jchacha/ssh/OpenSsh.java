// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jchacha.Arm64EndToEndTest;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * OpenSSH's programs for the interop tests: ssh-keygen, the {@code ssh} client, and {@code sshd} run in the
 * foreground on 127.0.0.1 with a temporary host key and config. A missing program skips a test with the reason,
 * except under CI, where it fails ({@code .ci/run} installs openssh-client and openssh-server), as the cross tools.
 */
final class OpenSsh {
    static final String CIPHER = "chacha20-poly1305@openssh.com";

    private OpenSsh() {}

    /** A missing tool: a failure under CI, else a skip with the reason. */
    static void require(boolean ok, String what) {
        if (!ok && Arm64EndToEndTest.ci()) {
            throw new AssertionError(what + " (CI must provide it: see .ci/run)");
        }
        Assumptions.assumeTrue(ok, what);
    }

    static String ssh() {
        require(Arm64EndToEndTest.onPath("ssh"), "OpenSSH's ssh not found: install openssh-client");
        return "ssh";
    }

    /** sshd must be run by its absolute path (it re-executes itself). */
    static Path sshd() {
        Path p = Path.of("/usr/sbin/sshd");
        require(Files.isExecutable(p), p + " not found: install openssh-server");
        return p;
    }

    /** A user key pair made by ssh-keygen: dir/id_ecdsa (OpenSSH's key format) and dir/id_ecdsa.pub. */
    static Path userKey(Path dir) throws IOException, InterruptedException {
        return keygen(dir.resolve("id_ecdsa"));
    }

    static Path keygen(Path key) throws IOException, InterruptedException {
        require(Arm64EndToEndTest.onPath("ssh-keygen"), "ssh-keygen not found: install openssh-client");
        run(List.of(
                "ssh-keygen", "-q", "-t", "ecdsa", "-b", "256", "-N", "", "-C", "jchacha-test", "-f", key.toString()));
        return key;
    }

    static String run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), command + " did not finish");
        assertEquals(0, p.exitValue(), command + ": " + out);
        return out;
    }

    /**
     * The ssh client's command line: only chacha20-poly1305@openssh.com, the given key, no configuration files or
     * known hosts, debug1 logging (to stderr: the negotiated cipher and each NEWKEYS).
     */
    static List<String> sshCommand(int port, Path key, String rekeyLimit, String command) {
        List<String> c = new ArrayList<>(List.of(ssh(), "-v", "-F", "/dev/null", "-p", Integer.toString(port)));
        c.addAll(List.of("-i", key.toString(), "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes"));
        c.addAll(List.of("-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"));
        c.addAll(List.of("-o", "Ciphers=" + CIPHER, "-o", "RekeyLimit=" + rekeyLimit));
        c.addAll(List.of(System.getProperty("user.name") + "@127.0.0.1", command));
        return c;
    }

    /**
     * Asserts that every key exchange in an OpenSSH debug1 log chose chacha20-poly1305@openssh.com both ways
     * ({@code kex: client->server cipher: ... MAC: <implicit>}, and server->client), and that there were at least
     * {@code min} of them; returns how many there were. JSch logs the same line.
     */
    static int assertCipherEveryKex(String log, int min, String what) {
        int kex = count(log, "kex: client->server cipher: ");
        assertTrue(kex >= min, what + ": " + kex + " key exchanges, expected at least " + min + "\n" + log);
        for (String direction : List.of("client->server", "server->client")) {
            assertEquals(
                    kex,
                    count(log, "kex: " + direction + " cipher: " + CIPHER + " MAC: <implicit>"),
                    what + ": " + direction + " cipher\n" + log);
        }
        return kex;
    }

    static int count(String log, String what) {
        return (int) Pattern.compile(Pattern.quote(what)).matcher(log).results().count();
    }

    /**
     * sshd in the foreground (-D -e: no daemon, logs to stderr, which goes to dir/sshd.log) on 127.0.0.1, with a new
     * host key, the user's authorized key, only chacha20-poly1305@openssh.com and the given RekeyLimit.
     */
    static final class Server implements AutoCloseable {
        final Path log;
        final int port;
        private final Process process;

        Server(Path dir, Path authorizedKeys, String rekeyLimit) throws IOException, InterruptedException {
            Path sshd = sshd();
            Path hostKey = keygen(dir.resolve("host_ecdsa"));
            // As root, Debian's sshd wants its privilege separation directory (the init script makes it the same way)
            if ("root".equals(System.getProperty("user.name"))) {
                Files.createDirectories(Path.of("/run/sshd"));
            }
            log = dir.resolve("sshd.log");
            Process started = null;
            int bound = 0;
            for (int attempt = 0; attempt < 5 && started == null; attempt++) {
                int port = freePort();
                Path config = dir.resolve("sshd_config");
                Files.writeString(
                        config,
                        String.join(
                                "\n",
                                "ListenAddress 127.0.0.1",
                                "Port " + port,
                                "HostKey " + hostKey,
                                "PidFile none",
                                "AuthorizedKeysFile " + authorizedKeys,
                                "PubkeyAuthentication yes",
                                "PasswordAuthentication no",
                                "KbdInteractiveAuthentication no",
                                "UsePAM no",
                                "StrictModes no",
                                "PrintMotd no",
                                "Ciphers " + CIPHER,
                                "RekeyLimit " + rekeyLimit,
                                "LogLevel DEBUG1",
                                ""));
                Process p = new ProcessBuilder(sshd.toString(), "-D", "-e", "-f", config.toString())
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
                if (waitListening(p, port)) {
                    started = p;
                    bound = port;
                } else {
                    p.destroy();
                    p.waitFor(10, TimeUnit.SECONDS);
                }
            }
            if (started == null) {
                throw new AssertionError("sshd did not start: " + Files.readString(log));
            }
            process = started;
            port = bound;
        }

        /** True once sshd logs that it listens; false if it exited (the port was taken) or 20 s passed. */
        private boolean waitListening(Process p, int port) throws IOException, InterruptedException {
            String ready = "Server listening on 127.0.0.1 port " + port;
            for (int i = 0; i < 400; i++) {
                if (Files.exists(log) && Files.readString(log).contains(ready)) {
                    return true;
                }
                if (!p.isAlive()) {
                    return false;
                }
                Thread.sleep(50);
            }
            return false;
        }

        private static int freePort() throws IOException {
            try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
                return s.getLocalPort();
            }
        }

        String log() throws IOException {
            return Files.readString(log);
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }
}
