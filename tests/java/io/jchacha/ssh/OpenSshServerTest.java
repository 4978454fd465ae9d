// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.jcraft.jsch.ChannelExec;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.connection.channel.direct.Session;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * MINA, JSch and sshj clients with the cipher under test against OpenSSH's sshd (its own foreground process, only
 * chacha20-poly1305@openssh.com, RekeyLimit 4M): 64 MiB up ({@code cat > file}) and down ({@code cat file}), the
 * bytes compared, the cipher confirmed in sshd's log and in the client's, and at least 16 key exchanges in both.
 * Runs where {@code jchacha.test.ssh} is set (pom.xml: the unforced and the java runs).
 */
@EnabledIfSystemProperty(named = "jchacha.test.ssh", matches = "true")
class OpenSshServerTest {
    static final long SIZE = 64L << 20;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.jchacha.ssh.SshCiphers#mina")
    void minaClientToSshd(SshCiphers.Mina cipher) throws Exception {
        Path key = OpenSsh.userKey(dir);
        Path data = source(3);
        Path received = dir.resolve("received");
        MinaKeys keys = new MinaKeys();
        try (OpenSsh.Server sshd = new OpenSsh.Server(dir, key.resolveSibling("id_ecdsa.pub"), "4M");
                SshClient client = SshClients.mina(cipher.factory(), 4L << 20, keys)) {
            try (ClientSession session = SshClients.minaSession(client, sshd.port, key)) {
                try (org.apache.sshd.client.channel.ChannelExec up = session.createExecChannel("cat > " + received)) {
                    up.open().verify(SshClients.TIMEOUT);
                    try (OutputStream out = up.getInvertedIn()) {
                        PatternBytes.write(4, SIZE, out);
                    }
                    up.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), SshClients.TIMEOUT);
                    assertEquals(0, up.getExitStatus(), "cat > file's exit status");
                }
                try (org.apache.sshd.client.channel.ChannelExec down = session.createExecChannel("cat " + data)) {
                    down.open().verify(SshClients.TIMEOUT);
                    PatternBytes.check(3, down.getInvertedOut()).assertExactly(SIZE, "MINA's exec stdout");
                    down.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), SshClients.TIMEOUT);
                    assertEquals(0, down.getExitStatus(), "cat file's exit status");
                }
            }
            checkReceived(received, 4);
            OpenSsh.assertCipherEveryKex(sshd.log(), 16, "sshd's log");
            keys.assertEvery(cipher.cipherClass(), 16);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.jchacha.ssh.SshCiphers#jsch")
    void jschClientToSshd(SshCiphers.Jsch cipher) throws Exception {
        Path key = OpenSsh.userKey(dir);
        Path data = source(5);
        Path received = dir.resolve("received");
        List<String> log = new CopyOnWriteArrayList<>();
        try (OpenSsh.Server sshd = new OpenSsh.Server(dir, key.resolveSibling("id_ecdsa.pub"), "4M")) {
            com.jcraft.jsch.Session session = SshClients.jsch(sshd.port, key, cipher.className(), log);
            try {
                ChannelExec up = (ChannelExec) session.openChannel("exec");
                up.setCommand("cat > " + received);
                OutputStream out = up.getOutputStream();
                up.connect((int) SshClients.TIMEOUT.toMillis());
                PatternBytes.write(6, SIZE, out);
                out.close();
                assertEquals(0, SshClients.exitStatus(up), "cat > file's exit status");

                ChannelExec down = (ChannelExec) session.openChannel("exec");
                down.setCommand("cat " + data);
                InputStream in = down.getInputStream();
                down.connect((int) SshClients.TIMEOUT.toMillis());
                PatternBytes.check(5, in).assertExactly(SIZE, "JSch's exec stdout");
                assertEquals(0, SshClients.exitStatus(down), "cat file's exit status");
            } finally {
                session.disconnect();
            }
            checkReceived(received, 6);
            OpenSsh.assertCipherEveryKex(sshd.log(), 16, "sshd's log");
            OpenSsh.assertCipherEveryKex(String.join("\n", log), 16, "JSch's log");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.jchacha.ssh.SshCiphers#sshj")
    void sshjClientToSshd(SshCiphers.Sshj cipher) throws Exception {
        Path key = OpenSsh.userKey(dir);
        Path data = source(7);
        Path received = dir.resolve("received");
        List<Class<?>> made = new CopyOnWriteArrayList<>();
        try (OpenSsh.Server sshd = new OpenSsh.Server(dir, key.resolveSibling("id_ecdsa.pub"), "4M");
                SSHClient ssh = SshClients.sshj(sshd.port, key, cipher.factory(), made)) {
            try (Session s = ssh.startSession()) {
                Session.Command up = s.exec("cat > " + received);
                try (OutputStream out = up.getOutputStream()) {
                    PatternBytes.write(8, SIZE, out);
                }
                up.join(SshClients.TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                assertEquals(0, up.getExitStatus(), "cat > file's exit status");
            }
            try (Session s = ssh.startSession()) {
                Session.Command down = s.exec("cat " + data);
                PatternBytes.check(7, down.getInputStream()).assertExactly(SIZE, "sshj's exec stdout");
                down.join(SshClients.TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                assertEquals(0, down.getExitStatus(), "cat file's exit status");
            }
            checkReceived(received, 8);
            int kex = OpenSsh.assertCipherEveryKex(sshd.log(), 16, "sshd's log");
            // sshj's only cipher factory: two ciphers per key exchange, each of the class under test
            assertEquals(2 * kex, made.size(), "ciphers sshj made");
            assertEquals(List.of(cipher.cipherClass()), made.stream().distinct().toList(), "sshj's cipher class");
        }
    }

    /** The file sshd's {@code cat} sends: the pattern's first SIZE bytes for seed. */
    private Path source(long seed) throws Exception {
        Path p = dir.resolve("data");
        try (OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(p), 1 << 16)) {
            PatternBytes.write(seed, SIZE, out);
        }
        return p;
    }

    private static void checkReceived(Path received, long seed) throws Exception {
        try (InputStream in = Files.newInputStream(received)) {
            PatternBytes.check(seed, in).assertExactly(SIZE, "the file sshd's cat wrote");
        }
    }
}
