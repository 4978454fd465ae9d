// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.Logger;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.keyverifier.AcceptAllServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.keyprovider.FileKeyPairProvider;
import org.apache.sshd.core.CoreModuleProperties;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * MINA and JSch clients with the cipher under test against OpenSSH's sshd (its own foreground process, only
 * chacha20-poly1305@openssh.com, RekeyLimit 4M): 64 MiB up ({@code cat > file}) and down ({@code cat file}), the
 * bytes compared, the cipher confirmed in sshd's log and in the client's, and at least 16 key exchanges in both.
 * Runs where {@code jchacha.test.ssh} is set (pom.xml: the unforced and the java runs).
 */
@EnabledIfSystemProperty(named = "jchacha.test.ssh", matches = "true")
class OpenSshServerTest {
    static final long SIZE = 64L << 20;
    static final Duration TIMEOUT = Duration.ofSeconds(120);

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
                SshClient client = SshClient.setUpDefaultClient()) {
            client.setCipherFactories(List.of(cipher.factory()));
            client.setServerKeyVerifier(AcceptAllServerKeyVerifier.INSTANCE);
            CoreModuleProperties.REKEY_BYTES_LIMIT.set(client, 4L << 20);
            client.addSessionListener(keys);
            client.start();
            try (ClientSession session = client.connect(System.getProperty("user.name"), "127.0.0.1", sshd.port)
                    .verify(TIMEOUT)
                    .getSession()) {
                for (KeyPair kp : new FileKeyPairProvider(key).loadKeys(null)) {
                    session.addPublicKeyIdentity(kp);
                }
                session.auth().verify(TIMEOUT);
                try (org.apache.sshd.client.channel.ChannelExec up = session.createExecChannel("cat > " + received)) {
                    up.open().verify(TIMEOUT);
                    try (OutputStream out = up.getInvertedIn()) {
                        PatternBytes.write(4, SIZE, out);
                    }
                    up.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), TIMEOUT);
                    assertEquals(0, up.getExitStatus(), "cat > file's exit status");
                }
                try (org.apache.sshd.client.channel.ChannelExec down = session.createExecChannel("cat " + data)) {
                    down.open().verify(TIMEOUT);
                    PatternBytes.check(3, down.getInvertedOut()).assertExactly(SIZE, "MINA's exec stdout");
                    down.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), TIMEOUT);
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
            JSch jsch = new JSch();
            jsch.addIdentity(key.toString());
            com.jcraft.jsch.Session session = jsch.getSession(System.getProperty("user.name"), "127.0.0.1", sshd.port);
            session.setConfig("StrictHostKeyChecking", "no");
            session.setConfig("PreferredAuthentications", "publickey");
            session.setConfig(OpenSsh.CIPHER, cipher.className());
            session.setConfig("cipher.c2s", OpenSsh.CIPHER);
            session.setConfig("cipher.s2c", OpenSsh.CIPHER);
            session.setLogger(new Logger() {
                @Override
                public boolean isEnabled(int level) {
                    return level >= INFO;
                }

                @Override
                public void log(int level, String message) {
                    log.add(message);
                }
            });
            session.connect((int) TIMEOUT.toMillis());
            try {
                ChannelExec up = (ChannelExec) session.openChannel("exec");
                up.setCommand("cat > " + received);
                OutputStream out = up.getOutputStream();
                up.connect((int) TIMEOUT.toMillis());
                PatternBytes.write(6, SIZE, out);
                out.close();
                assertEquals(0, exitStatus(up), "cat > file's exit status");

                ChannelExec down = (ChannelExec) session.openChannel("exec");
                down.setCommand("cat " + data);
                InputStream in = down.getInputStream();
                down.connect((int) TIMEOUT.toMillis());
                PatternBytes.check(5, in).assertExactly(SIZE, "JSch's exec stdout");
                assertEquals(0, exitStatus(down), "cat file's exit status");
            } finally {
                session.disconnect();
            }
            checkReceived(received, 6);
            OpenSsh.assertCipherEveryKex(sshd.log(), 16, "sshd's log");
            OpenSsh.assertCipherEveryKex(String.join("\n", log), 16, "JSch's log");
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

    private static int exitStatus(ChannelExec channel) throws InterruptedException {
        long end = System.nanoTime() + TIMEOUT.toNanos();
        while (!channel.isClosed()) {
            assertTrue(System.nanoTime() < end, "JSch's channel did not close");
            Thread.sleep(10);
        }
        return channel.getExitStatus();
    }
}
