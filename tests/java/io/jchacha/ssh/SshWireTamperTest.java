// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jcraft.jsch.ChannelExec;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.crypto.AEADBadTagException;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.connection.channel.direct.Session;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One bit flipped on the wire ({@link TamperProxy}) in the encrypted length, the body or the tag of the 20th
 * channel data packet of a transfer: the receiver must end the connection with a MAC error (OpenSSH: "message
 * authentication code incorrect", MINA: AEADBadTagException, JSch: "Packet corrupt", sshj: "MAC Error") and deliver none of that packet's data: what the
 * receiving side got is a prefix of the sent bytes no longer than the data before the altered packet. Each pairing
 * of the interop tests, both directions. Runs where {@code jchacha.test.ssh} is set (pom.xml).
 */
@EnabledIfSystemProperty(named = "jchacha.test.ssh", matches = "true")
class SshWireTamperTest {
    static final long SIZE = 4L << 20;
    static final int TARGET = 20;
    /** No rekey during these transfers: the proxy follows the first keys only. */
    static final long NO_REKEY = 1L << 30;

    @TempDir
    Path dir;

    static Stream<Arguments> mina() {
        return combine(SshCiphers.mina());
    }

    static Stream<Arguments> jsch() {
        return combine(SshCiphers.jsch());
    }

    static Stream<Arguments> sshj() {
        return combine(SshCiphers.sshj());
    }

    private static Stream<Arguments> combine(List<?> ciphers) {
        List<Arguments> l = new ArrayList<>();
        for (Object c : ciphers) {
            for (TamperProxy.Where w : TamperProxy.Where.values()) {
                l.add(Arguments.of(c, w));
            }
        }
        return l.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("mina")
    void sshClientToMinaServer(SshCiphers.Mina cipher, TamperProxy.Where where) throws Exception {
        Path key = OpenSsh.userKey(dir);
        KeyTap tap = new KeyTap();
        try (MinaLoopbackServer server = new MinaLoopbackServer(
                        List.of(tap.mina(cipher.factory())), key.resolveSibling("id_ecdsa.pub"), NO_REKEY);
                TamperProxy proxy = new TamperProxy(server.port(), true, where, TARGET, () -> tap.await(false))) {
            Path log = dir.resolve("ssh.log");
            Process ssh = ssh(proxy.port(), key, "sink " + SIZE, log);
            CompletableFuture.runAsync(() -> feed(ssh, 7));
            ssh.getInputStream().readAllBytes();
            assertTrue(ssh.waitFor(60, TimeUnit.SECONDS), "ssh did not end");
            long before = proxy.dataBefore();
            MinaLoopbackServer.Sink sink = server.nextSink();
            assertPrefix(sink.count(), before, proxy);
            assertEquals(PatternBytes.sha256(7, sink.count()), sink.sha256(), "the sink got other bytes");
            assertBadTag(server.keys);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("mina")
    void minaServerToSshClient(SshCiphers.Mina cipher, TamperProxy.Where where) throws Exception {
        Path key = OpenSsh.userKey(dir);
        KeyTap tap = new KeyTap();
        try (MinaLoopbackServer server = new MinaLoopbackServer(
                        List.of(tap.mina(cipher.factory())), key.resolveSibling("id_ecdsa.pub"), NO_REKEY);
                TamperProxy proxy = new TamperProxy(server.port(), false, where, TARGET, () -> tap.await(true))) {
            Path log = dir.resolve("ssh.log");
            Process ssh = ssh(proxy.port(), key, "source " + SIZE + " 8", log);
            ssh.getOutputStream().close();
            PatternBytes.Result got = PatternBytes.check(8, ssh.getInputStream());
            assertTrue(ssh.waitFor(60, TimeUnit.SECONDS), "ssh did not end");
            assertNotEquals(0, ssh.exitValue(), "ssh's exit status");
            assertPrefix(got, proxy);
            assertMacError(log);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("mina")
    void minaClientToSshd(SshCiphers.Mina cipher, TamperProxy.Where where) throws Exception {
        Path key = OpenSsh.userKey(dir);
        KeyTap tap = new KeyTap();
        Path received = dir.resolve("received");
        try (OpenSsh.Server sshd = new OpenSsh.Server(dir, key.resolveSibling("id_ecdsa.pub"), "1G");
                TamperProxy proxy = new TamperProxy(sshd.port, true, where, TARGET, () -> tap.await(true));
                SshClient client = SshClients.mina(tap.mina(cipher.factory()), NO_REKEY, new MinaKeys());
                ClientSession session = SshClients.minaSession(client, proxy.port(), key);
                org.apache.sshd.client.channel.ChannelExec up = session.createExecChannel("cat > " + received)) {
            up.open().verify(SshClients.TIMEOUT);
            awaitFile(received);
            try (OutputStream out = up.getInvertedIn()) {
                PatternBytes.write(9, SIZE, out);
            } catch (IOException expected) {
                // the connection ends under the writer
            }
            up.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), SshClients.TIMEOUT);
            assertReceivedFile(sshd, received, 9, proxy);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("mina")
    void sshdToMinaClient(SshCiphers.Mina cipher, TamperProxy.Where where) throws Exception {
        Path key = OpenSsh.userKey(dir);
        KeyTap tap = new KeyTap();
        Path data = source(10);
        MinaKeys keys = new MinaKeys();
        try (OpenSsh.Server sshd = new OpenSsh.Server(dir, key.resolveSibling("id_ecdsa.pub"), "1G");
                TamperProxy proxy = new TamperProxy(sshd.port, false, where, TARGET, () -> tap.await(false));
                SshClient client = SshClients.mina(tap.mina(cipher.factory()), NO_REKEY, keys);
                ClientSession session = SshClients.minaSession(client, proxy.port(), key);
                org.apache.sshd.client.channel.ChannelExec down = session.createExecChannel("cat " + data)) {
            down.open().verify(SshClients.TIMEOUT);
            assertPrefix(PatternBytes.check(10, down.getInvertedOut()), proxy);
            assertBadTag(keys);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("jsch")
    void jschClientToSshd(SshCiphers.Jsch cipher, TamperProxy.Where where) throws Exception {
        Path key = OpenSsh.userKey(dir);
        KeyTap tap = jschTap(cipher);
        Path received = dir.resolve("received");
        try (OpenSsh.Server sshd = new OpenSsh.Server(dir, key.resolveSibling("id_ecdsa.pub"), "1G");
                TamperProxy proxy = new TamperProxy(sshd.port, true, where, TARGET, () -> tap.await(true))) {
            com.jcraft.jsch.Session session =
                    SshClients.jsch(proxy.port(), key, KeyTap.JschCipher.class.getName(), new ArrayList<>());
            try {
                ChannelExec up = (ChannelExec) session.openChannel("exec");
                up.setCommand("cat > " + received);
                OutputStream out = up.getOutputStream();
                up.connect((int) SshClients.TIMEOUT.toMillis());
                awaitFile(received);
                try {
                    PatternBytes.write(11, SIZE, out);
                    out.close();
                } catch (IOException expected) {
                    // the connection ends under the writer
                }
                assertReceivedFile(sshd, received, 11, proxy);
            } finally {
                session.disconnect();
            }
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("jsch")
    void sshdToJschClient(SshCiphers.Jsch cipher, TamperProxy.Where where) throws Exception {
        Path key = OpenSsh.userKey(dir);
        KeyTap tap = jschTap(cipher);
        Path data = source(12);
        List<String> log = new CopyOnWriteArrayList<>();
        try (OpenSsh.Server sshd = new OpenSsh.Server(dir, key.resolveSibling("id_ecdsa.pub"), "1G");
                TamperProxy proxy = new TamperProxy(sshd.port, false, where, TARGET, () -> tap.await(false))) {
            com.jcraft.jsch.Session session =
                    SshClients.jsch(proxy.port(), key, KeyTap.JschCipher.class.getName(), log);
            try {
                ChannelExec down = (ChannelExec) session.openChannel("exec");
                down.setCommand("cat " + data);
                InputStream in = down.getInputStream();
                down.connect((int) SshClients.TIMEOUT.toMillis());
                assertPrefix(PatternBytes.check(12, in), proxy);
            } finally {
                session.disconnect();
            }
            assertTrue(log.stream().anyMatch(l -> l.contains("Packet corrupt")), "JSch's log: " + log);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("sshj")
    void sshjClientToSshd(SshCiphers.Sshj cipher, TamperProxy.Where where) throws Exception {
        Path key = OpenSsh.userKey(dir);
        KeyTap tap = new KeyTap();
        Path received = dir.resolve("received");
        try (OpenSsh.Server sshd = new OpenSsh.Server(dir, key.resolveSibling("id_ecdsa.pub"), "1G");
                TamperProxy proxy = new TamperProxy(sshd.port, true, where, TARGET, () -> tap.await(true));
                SSHClient ssh = SshClients.sshj(proxy.port(), key, tap.sshj(cipher.factory()), new ArrayList<>())) {
            // sshj 0.41.2's writer holds its stream's lock while it waits for window space, and the reader, dying of
            // the MAC error, waits for that lock (so does close): the window wait's timeout ends it, 30 s by default.
            // The altered packet goes long before the window fills, so a short timeout changes nothing else.
            ssh.getConnection().setTimeoutMs(3000);
            Session.Command up = ssh.startSession().exec("cat > " + received);
            awaitFile(received);
            try (OutputStream out = up.getOutputStream()) {
                PatternBytes.write(13, SIZE, out);
            } catch (IOException expected) {
                // the connection ends under the writer
            }
            assertReceivedFile(sshd, received, 13, proxy);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("sshj")
    void sshdToSshjClient(SshCiphers.Sshj cipher, TamperProxy.Where where) throws Exception {
        Path key = OpenSsh.userKey(dir);
        KeyTap tap = new KeyTap();
        Path data = source(14);
        List<String> ended = new CopyOnWriteArrayList<>();
        try (OpenSsh.Server sshd = new OpenSsh.Server(dir, key.resolveSibling("id_ecdsa.pub"), "1G");
                TamperProxy proxy = new TamperProxy(sshd.port, false, where, TARGET, () -> tap.await(false));
                SSHClient ssh = SshClients.sshj(proxy.port(), key, tap.sshj(cipher.factory()), new ArrayList<>())) {
            ssh.getTransport().setDisconnectListener((reason, message) -> ended.add(reason + ": " + message));
            Session.Command down = ssh.startSession().exec("cat " + data);
            assertPrefix(PatternBytes.check(14, down.getInputStream()), proxy);
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (ended.stream().noneMatch(m -> m.contains("MAC Error"))) { // sshj's transport died of it
                assertTrue(System.nanoTime() < end, "sshj's disconnect: " + ended);
                Thread.sleep(10);
            }
        }
    }

    private static KeyTap jschTap(SshCiphers.Jsch cipher) {
        KeyTap tap = new KeyTap();
        KeyTap.jschDelegate = cipher.className();
        KeyTap.jschTap = tap;
        return tap;
    }

    private Path source(long seed) throws IOException {
        Path p = dir.resolve("data");
        try (OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(p), 1 << 16)) {
            PatternBytes.write(seed, SIZE, out);
        }
        return p;
    }

    private static Process ssh(int port, Path key, String command, Path log) throws IOException {
        return new ProcessBuilder(OpenSsh.sshCommand(port, key, "default", command))
                .redirectError(log.toFile())
                .start();
    }

    private static void feed(Process p, long seed) {
        try (OutputStream out = p.getOutputStream()) {
            PatternBytes.write(seed, SIZE, out);
        } catch (IOException expected) {
            // ssh exits when the connection ends
        }
    }

    /** What the receiver delivered was the pattern and ended before the altered packet's data. */
    private static void assertPrefix(PatternBytes.Result got, TamperProxy proxy) throws InterruptedException {
        assertEquals(-1, got.firstMismatch(), "a delivered byte differs from the sent one");
        assertPrefix(got.count(), proxy.dataBefore(), proxy);
    }

    private static void assertPrefix(long count, long before, TamperProxy proxy) {
        System.out.printf("tamper: delivered %d of the %d bytes before the altered packet%n", count, before);
        assertTrue(
                count <= before,
                "the receiver delivered " + count + " bytes, but only " + before
                        + " came before the altered packet (packet_length " + proxy.targetLength() + ")");
    }

    private static void assertBadTag(MinaKeys keys) {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (keys.exceptions.stream().noneMatch(SshWireTamperTest::badTag)) {
            assertTrue(System.nanoTime() < end, "MINA's session exceptions: " + keys.exceptions);
            Thread.onSpinWait();
        }
    }

    private static boolean badTag(Throwable t) {
        for (; t != null; t = t.getCause()) {
            if (t instanceof AEADBadTagException) {
                return true;
            }
        }
        return false;
    }

    /**
     * OpenSSH's MAC failure: "message authentication code incorrect" (ssh_err(SSH_ERR_MAC_INVALID), what 9.2 logs
     * for chacha20-poly1305) or "Corrupted MAC on input" (other versions and paths).
     */
    static boolean macError(String log) {
        return log.contains("message authentication code incorrect") || log.contains("Corrupted MAC on input");
    }

    private static void assertMacError(Path log) throws IOException {
        String text = Files.readString(log);
        assertTrue(macError(text), log + ": " + text);
    }

    /** The shell sshd started made cat's output file: the receiving end is in place before the data goes. */
    private static void awaitFile(Path p) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.exists(p)) {
            assertTrue(System.nanoTime() < end, p + " did not appear");
            Thread.sleep(10);
        }
    }

    /** sshd logged the MAC error, and its cat wrote a prefix of the pattern, no longer than the data before. */
    private static void assertReceivedFile(OpenSsh.Server sshd, Path received, long seed, TamperProxy proxy)
            throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!macError(sshd.log())) {
            assertTrue(System.nanoTime() < end, "sshd's log: " + sshd.log());
            Thread.sleep(20);
        }
        // cat ends when sshd's session process closes its pipe: wait until the file stops growing
        for (long size = -1; size != Files.size(received); ) {
            size = Files.size(received);
            Thread.sleep(300);
        }
        try (InputStream in = Files.newInputStream(received)) {
            assertPrefix(PatternBytes.check(seed, in), proxy);
        }
    }
}
