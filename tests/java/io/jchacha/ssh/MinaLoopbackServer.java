// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.common.NamedFactory;
import org.apache.sshd.common.cipher.Cipher;
import org.apache.sshd.core.CoreModuleProperties;
import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.Command;
import org.apache.sshd.server.config.keys.AuthorizedKeysAuthenticator;
import org.apache.sshd.server.keyprovider.SimpleGeneratorHostKeyProvider;

/**
 * An Apache MINA SSHD server on 127.0.0.1 (a free port, an in-memory host key, public-key authentication from an
 * authorized_keys file) with two exec commands: {@code sink N} reads N bytes from stdin and answers
 * {@code "<count> <sha256 hex>"}; {@code source N SEED} writes the first N bytes of {@link PatternBytes}' stream;
 * {@code discard N} reads N bytes and answers their count and how long they took from the first byte (for
 * {@link SshTransferBench}: no hashing in the way).
 * Every sink's outcome, also one cut short by a dropped connection, is kept for the test ({@link #sinks}), and so
 * is every key exchange's negotiated cipher ({@link #keys}).
 */
final class MinaLoopbackServer implements AutoCloseable {
    /** A sink's outcome: the bytes it got (their count and SHA-256), and the exception that ended it, if any. */
    record Sink(long count, String sha256, Throwable failure) {}

    final SshServer server;
    final MinaKeys keys = new MinaKeys();
    final BlockingQueue<Sink> sinks = new LinkedBlockingQueue<>();

    /** ciphers: the server's whole list, in preference order; rekeyBytes: MINA's REKEY_BYTES_LIMIT. */
    MinaLoopbackServer(List<NamedFactory<Cipher>> ciphers, Path authorizedKeys, long rekeyBytes) throws IOException {
        server = SshServer.setUpDefaultServer();
        server.setHost("127.0.0.1");
        server.setPort(0);
        server.setKeyPairProvider(new SimpleGeneratorHostKeyProvider());
        server.setPublickeyAuthenticator(new AuthorizedKeysAuthenticator(authorizedKeys));
        server.setPasswordAuthenticator(null);
        server.setKeyboardInteractiveAuthenticator(null);
        server.setCipherFactories(ciphers);
        CoreModuleProperties.REKEY_BYTES_LIMIT.set(server, rekeyBytes);
        server.setCommandFactory((channel, command) -> new SinkSource(command));
        server.addSessionListener(keys);
        server.start();
    }

    int port() {
        return server.getPort();
    }

    /** The next sink's outcome (sinks end in the server's threads, after the client may have gone). */
    Sink nextSink() throws InterruptedException {
        Sink s = sinks.poll(60, TimeUnit.SECONDS);
        if (s == null) {
            throw new AssertionError("no sink finished within 60 s");
        }
        return s;
    }

    @Override
    public void close() throws IOException {
        server.stop(true);
    }

    /** What a read loop does with each piece it read. */
    private interface Piece {
        void accept(byte[] b, int off, int len);
    }

    private final class SinkSource implements Command {
        private final String[] args;
        private InputStream in;
        private OutputStream out;
        private OutputStream err;
        private ExitCallback exit;

        SinkSource(String command) {
            args = command.trim().split("\\s+");
        }

        @Override
        public void setInputStream(InputStream in) {
            this.in = in;
        }

        @Override
        public void setOutputStream(OutputStream out) {
            this.out = out;
        }

        @Override
        public void setErrorStream(OutputStream err) {
            this.err = err;
        }

        @Override
        public void setExitCallback(ExitCallback exit) {
            this.exit = exit;
        }

        @Override
        public void start(ChannelSession channel, Environment env) {
            Thread t = new Thread(this::run, "mina-" + args[0]);
            t.setDaemon(true);
            t.start();
        }

        private void run() {
            try {
                if (args.length == 2 && args[0].equals("sink")) {
                    Sink s = sink(Long.parseLong(args[1]));
                    out.write((s.count() + " " + s.sha256() + "\n").getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                } else if (args.length == 2 && args[0].equals("discard")) {
                    out.write((discard(Long.parseLong(args[1])) + "\n").getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                } else if (args.length == 3 && args[0].equals("source")) {
                    PatternBytes.write(Long.parseLong(args[2]), Long.parseLong(args[1]), out);
                } else {
                    err.write(("unknown command: " + String.join(" ", args) + "\n").getBytes(StandardCharsets.UTF_8));
                    err.flush();
                    exit.onExit(2);
                    return;
                }
                exit.onExit(0);
            } catch (IOException | RuntimeException e) {
                exit.onExit(1, String.valueOf(e));
            }
        }

        /** Reads until n bytes or the end; the outcome goes to {@link #sinks} however the reading ends. */
        private Sink sink(long n) {
            MessageDigest md = PatternBytes.sha256();
            long[] count = new long[1];
            Throwable failure = null;
            try {
                read(n, count, md::update);
            } catch (IOException | RuntimeException e) {
                failure = e;
            }
            Sink s = new Sink(count[0], HexFormat.of().formatHex(md.digest()), failure);
            sinks.add(s);
            return s;
        }

        /**
         * Reads until n bytes or the end and answers the count and the nanoseconds from the first byte read to the
         * last: a transfer whose receiver costs nothing, timed without the connection's setup and key exchange.
         */
        private String discard(long n) throws IOException {
            long[] count = new long[1];
            long[] first = new long[1];
            read(n, count, (b, off, len) -> {
                if (first[0] == 0) {
                    first[0] = System.nanoTime();
                }
            });
            return count[0] + " " + (System.nanoTime() - first[0]);
        }

        /** Reads until n bytes or the end, each piece to {@code use}; {@code count[0]} says how far it got. */
        private void read(long n, long[] count, Piece use) throws IOException {
            byte[] buf = new byte[PatternBytes.CHUNK];
            for (int r; count[0] < n && (r = in.read(buf, 0, (int) Math.min(buf.length, n - count[0]))) > 0; ) {
                use.accept(buf, 0, r);
                count[0] += r;
            }
        }

        @Override
        public void destroy(ChannelSession channel) {}
    }
}
