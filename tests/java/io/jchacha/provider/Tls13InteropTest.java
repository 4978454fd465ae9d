// SPDX-License-Identifier: Apache-2.0
package io.jchacha.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jchacha.ChildJvm;
import io.jchacha.JChachaProvider;
import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Security;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS 1.3 with TLS_CHACHA20_POLY1305_SHA256 between JChacha and a peer that is not JChacha: the peer is a child JVM
 * with the JDK's default providers, where JSSE takes "ChaCha20-Poly1305" from SunJCE (JSSE asks
 * {@code Cipher.getInstance} and gets the most preferred provider, and providers are per JVM). This JVM runs JSSE
 * with JChacha inserted first, as {@link Tls13Test} does, so every record this side protects or opens goes through
 * JChacha's CipherSpi (its counters must move). Both roles, data both ways, a KeyUpdate in the middle of the bulk
 * data: a byte of disagreement between the two implementations fails the handshake or the record MACs.
 */
@ExtendWith(JChachaFirst.class)
class Tls13InteropTest {
    private static final String SUITE = "TLS_CHACHA20_POLY1305_SHA256";
    private static final char[] STORE_PASSWORD = "interop".toCharArray();
    private static final int SMALL = 20;
    private static final int BIG = 256 * 1024;

    // ---- the conversation, the same code on both sides ----------------------------------------------------------

    private static byte[] data(long seed) {
        byte[] b = new byte[BIG];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** The client's half: small numbers answered one by one, then BIG bytes up (with a KeyUpdate) and BIG down. */
    static void client(SSLSocket s) throws IOException {
        DataInputStream in = new DataInputStream(s.getInputStream());
        DataOutputStream out = new DataOutputStream(s.getOutputStream());
        for (int i = 0; i < SMALL; i++) {
            out.writeInt(i * 7);
            out.flush();
            check(in.readInt() == i * 7 + 1, "answer " + i);
        }
        byte[] up = data(1);
        out.write(up, 0, BIG / 2);
        s.startHandshake(); // TLS 1.3 KeyUpdate (update_requested): new traffic keys both ways
        out.write(up, BIG / 2, BIG / 2);
        out.flush();
        byte[] got = new byte[BIG];
        in.readFully(got);
        check(Arrays.equals(data(2), got), "data from the server");
        check(
                SUITE.equals(s.getSession().getCipherSuite()),
                "suite " + s.getSession().getCipherSuite());
    }

    /** The server's half. */
    static void server(SSLSocket s) throws IOException {
        DataInputStream in = new DataInputStream(s.getInputStream());
        DataOutputStream out = new DataOutputStream(s.getOutputStream());
        for (int i = 0; i < SMALL; i++) {
            out.writeInt(in.readInt() + 1);
            out.flush();
        }
        byte[] got = new byte[BIG];
        in.readFully(got);
        check(Arrays.equals(data(1), got), "data from the client");
        out.write(data(2));
        out.flush();
        check(
                SUITE.equals(s.getSession().getCipherSuite()),
                "suite " + s.getSession().getCipherSuite());
        check(in.read() == -1, "client's close");
    }

    private static void check(boolean ok, String what) throws IOException {
        if (!ok) {
            throw new IOException("conversation failed: " + what);
        }
    }

    private static SSLServerSocket listen(KeyStore ks) throws Exception {
        SSLServerSocket server = (SSLServerSocket) Tls13Test.context(ks, true)
                .getServerSocketFactory()
                .createServerSocket(0, 1, InetAddress.getByName("127.0.0.1"));
        server.setEnabledProtocols(new String[] {"TLSv1.3"});
        server.setEnabledCipherSuites(new String[] {SUITE});
        server.setSoTimeout(30_000);
        return server;
    }

    private static SSLSocket connect(KeyStore ks, int port) throws Exception {
        SSLSocket c =
                (SSLSocket) Tls13Test.context(ks, false).getSocketFactory().createSocket();
        c.setSoTimeout(30_000);
        c.connect(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port), 10_000);
        c.setEnabledProtocols(new String[] {"TLSv1.3"});
        c.setEnabledCipherSuites(new String[] {SUITE});
        c.startHandshake();
        return c;
    }

    private static SSLSocket accept(SSLServerSocket server) throws IOException {
        SSLSocket s = (SSLSocket) server.accept();
        s.setSoTimeout(30_000);
        return s;
    }

    /**
     * The peer in the child JVM: {@code client <keystore> <port>} or {@code server <keystore>} (prints
     * {@code PORT n}, serves one connection). JChacha is not installed there; it prints which provider JSSE gets
     * ChaCha20-Poly1305 from and exits with 0 only if its half of the conversation succeeded.
     */
    public static final class Peer {
        public static void main(String[] args) throws Exception {
            KeyStore ks = load(Path.of(args[1]));
            System.out.println("CIPHER-PROVIDER "
                    + Cipher.getInstance("ChaCha20-Poly1305").getProvider().getName() + " JCHACHA-INSTALLED "
                    + (Security.getProvider(JChachaProvider.NAME) != null));
            if (args[0].equals("client")) {
                try (SSLSocket c = connect(ks, Integer.parseInt(args[2]))) {
                    client(c);
                }
            } else {
                try (SSLServerSocket server = listen(ks)) {
                    System.out.println("PORT " + server.getLocalPort());
                    try (SSLSocket s = accept(server)) {
                        server(s);
                    }
                }
            }
            System.out.println("PEER OK");
        }
    }

    /** The running peer; its output (stdout and stderr) is read line by line and kept for messages. */
    private static final class PeerProcess {
        private final Process p;
        private final BufferedReader out;
        private final List<String> lines = new ArrayList<>();

        PeerProcess(String role, Path store, String... more) throws IOException {
            List<String> cmd = ChildJvm.command(false);
            cmd.addAll(List.of(
                    "-XX:TieredStopAtLevel=1",
                    "-XX:+UseSerialGC", // a short-lived peer: start fast
                    "-cp",
                    System.getProperty("java.class.path"),
                    Peer.class.getName(),
                    role,
                    store.toString()));
            cmd.addAll(List.of(more));
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        }

        /** The port from the peer's {@code PORT n} line, read up to it. */
        int port() throws IOException {
            for (String line; (line = out.readLine()) != null; ) {
                lines.add(line);
                if (line.startsWith("PORT ")) {
                    return Integer.parseInt(line.substring(5).trim());
                }
            }
            throw new AssertionError("peer printed no port: " + lines);
        }

        /** Reads the rest of the output once it has exited, checking that it ran on SunJCE and succeeded. */
        void finish() throws Exception {
            for (String line; (line = out.readLine()) != null; ) {
                lines.add(line);
            }
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "peer did not exit");
            String all = String.join("\n", lines);
            assertEquals(0, p.exitValue(), all);
            assertTrue(all.contains("CIPHER-PROVIDER SunJCE JCHACHA-INSTALLED false"), all);
            assertTrue(all.contains("PEER OK"), all);
        }
    }

    private static Path store(Path dir) throws Exception {
        KeyStore ks = Tls13Test.selfSigned();
        Path file = dir.resolve("interop.p12");
        try (OutputStream out = Files.newOutputStream(file)) {
            ks.store(out, STORE_PASSWORD);
        }
        return file;
    }

    private static KeyStore load(Path file) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            ks.load(in, STORE_PASSWORD);
        }
        return ks;
    }

    /** Records sealed and opened by JChacha while {@code r} runs; both must cover at least the conversation. */
    private static void assertJchachaCarried(ThrowingRunnable r) throws Exception {
        assertEquals(
                JChachaProvider.NAME,
                Cipher.getInstance("ChaCha20-Poly1305").getProvider().getName());
        long seals = ChaCha20Poly1305CipherSpi.SEALS.sum();
        long opens = ChaCha20Poly1305CipherSpi.OPENS.sum();
        r.run();
        long sealed = ChaCha20Poly1305CipherSpi.SEALS.sum() - seals;
        long opened = ChaCha20Poly1305CipherSpi.OPENS.sum() - opens;
        int bulkRecords = BIG / (16 * 1024);
        System.out.printf("TLS 1.3 JChacha <-> SunJCE: %d records sealed, %d opened by JChacha%n", sealed, opened);
        assertTrue(sealed >= SMALL + bulkRecords, "records sealed by JChacha: " + sealed);
        assertTrue(opened >= SMALL + bulkRecords, "records opened by JChacha: " + opened);
    }

    interface ThrowingRunnable {
        void run() throws Exception;
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void sunJceClientTalksToJchachaServer(@TempDir Path dir) throws Exception {
        Path file = store(dir);
        KeyStore ks = load(file);
        assertJchachaCarried(() -> {
            ExecutorService pool = Executors.newSingleThreadExecutor();
            try (SSLServerSocket server = listen(ks)) {
                Future<?> served = pool.submit(() -> {
                    try (SSLSocket s = accept(server)) {
                        server(s);
                    }
                    return null;
                });
                new PeerProcess("client", file, Integer.toString(server.getLocalPort())).finish();
                served.get(30, TimeUnit.SECONDS);
            } finally {
                pool.shutdownNow();
            }
        });
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void jchachaClientTalksToSunJceServer(@TempDir Path dir) throws Exception {
        Path file = store(dir);
        KeyStore ks = load(file);
        assertJchachaCarried(() -> {
            PeerProcess p = new PeerProcess("server", file);
            try (SSLSocket c = connect(ks, p.port())) {
                client(c);
            }
            p.finish();
        });
    }
}
