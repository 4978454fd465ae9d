// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * OpenSSH's ssh client against a MINA server whose only cipher is the one under test: 64 MiB each way (exec
 * {@code sink}, exec {@code source}), the bytes compared, chacha20-poly1305@openssh.com confirmed in ssh's debug log
 * and in MINA's sessions, and a 4 MiB RekeyLimit on both sides so the keys change many times. Runs where
 * {@code jchacha.test.ssh} is set (pom.xml: the unforced and the java runs).
 */
@EnabledIfSystemProperty(named = "jchacha.test.ssh", matches = "true")
class OpenSshClientTest {
    static final long SIZE = 64L << 20;
    static final long REKEY = 4L << 20;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.jchacha.ssh.SshCiphers#mina")
    void sshClientToMinaServer(SshCiphers.Mina cipher) throws Exception {
        Path key = OpenSsh.userKey(dir);
        try (MinaLoopbackServer server =
                new MinaLoopbackServer(List.of(cipher.factory()), key.resolveSibling("id_ecdsa.pub"), REKEY)) {
            Path upLog = dir.resolve("ssh-up.log");
            Process up = start(server.port(), key, "sink " + SIZE, upLog);
            CompletableFuture<Void> feed = CompletableFuture.runAsync(() -> feed(up, 1, SIZE));
            String reply = new String(up.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            feed.get(120, TimeUnit.SECONDS);
            finish(up, upLog);
            assertEquals(SIZE + " " + PatternBytes.sha256(1, SIZE), reply, "sink's count and SHA-256");

            Path downLog = dir.resolve("ssh-down.log");
            Process down = start(server.port(), key, "source " + SIZE + " 2", downLog);
            down.getOutputStream().close();
            PatternBytes.check(2, down.getInputStream()).assertExactly(SIZE, "ssh's stdout");
            finish(down, downLog);

            for (Path log : List.of(upLog, downLog)) {
                // 64 MiB one way at a 4 MiB limit: a key exchange at least every 4 MiB
                OpenSsh.assertCipherEveryKex(Files.readString(log), 8, log.toString());
            }
            server.keys.assertEvery(cipher.cipherClass(), 16);
        }
    }

    private static Process start(int port, Path key, String command, Path log) throws IOException {
        return new ProcessBuilder(OpenSsh.sshCommand(port, key, "4M", command))
                .redirectError(log.toFile())
                .start();
    }

    private static void feed(Process p, long seed, long n) {
        try (OutputStream out = p.getOutputStream()) {
            PatternBytes.write(seed, n, out);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void finish(Process p, Path log) throws Exception {
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "ssh did not finish");
        assertEquals(0, p.exitValue(), "ssh's exit status; its log: " + Files.readString(log));
    }
}
