// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.bouncycastle.crypto.engines.ChaChaEngine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

/**
 * A TCP proxy on 127.0.0.1 for one SSH connection that flips one bit of one chosen packet in one direction, after
 * the first key exchange: in the encrypted length, in the encrypted body, or in the tag. To find packets in the
 * encrypted stream it follows the plaintext key exchange (KEXINITs, with strict KEX's sequence number reset, then
 * NEWKEYS) and decrypts each packet with the key an in-process endpoint reported ({@link KeyTap}) and BouncyCastle's
 * ChaCha20 (the length with key bytes 32..63, the body with 0..31 from block 1). The target is the n-th
 * SSH_MSG_CHANNEL_DATA packet of that direction; the proxy records how many channel data bytes came before it, so
 * the test can check that the receiver delivered none of the altered packet.
 */
final class TamperProxy implements AutoCloseable {
    enum Where {
        LENGTH,
        BODY,
        TAG
    }

    private static final int MSG_KEXINIT = 20;
    private static final int MSG_NEWKEYS = 21;
    private static final int MSG_CHANNEL_DATA = 94;
    private static final int MAX_PACKET = 256 * 1024;

    private final ServerSocket listener;
    private final int targetPort;
    private final boolean clientToServer;
    private final Where where;
    private final int targetData;
    private final Supplier<byte[]> key;
    private final CountDownLatch kexinits = new CountDownLatch(2);
    private final boolean[] strict = new boolean[2];
    private final CountDownLatch done = new CountDownLatch(1);
    private volatile long dataBefore = -1;
    private volatile int targetLength;
    private volatile Throwable failure;
    private Socket client;
    private Socket server;

    /**
     * clientToServer: which direction to alter; targetData: which channel data packet (1: the first); key: the
     * direction's 64-byte key material once it is in use (waits for it).
     */
    TamperProxy(int targetPort, boolean clientToServer, Where where, int targetData, Supplier<byte[]> key)
            throws IOException {
        this.targetPort = targetPort;
        this.clientToServer = clientToServer;
        this.where = where;
        this.targetData = targetData;
        this.key = key;
        listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        Thread t = new Thread(this::accept, "tamper-proxy");
        t.setDaemon(true);
        t.start();
    }

    int port() {
        return listener.getLocalPort();
    }

    /** Channel data bytes of the altered direction before the altered packet (waits until it was altered). */
    long dataBefore() throws InterruptedException {
        if (!done.await(60, TimeUnit.SECONDS)) {
            throw new AssertionError("the proxy altered no packet within 60 s");
        }
        if (failure != null) {
            throw new AssertionError("the proxy failed", failure);
        }
        return dataBefore;
    }

    /** The altered packet's packet_length (its channel data is most of it). */
    int targetLength() {
        return targetLength;
    }

    private void accept() {
        try {
            client = listener.accept();
            server = new Socket(InetAddress.getLoopbackAddress(), targetPort);
            Thread up = pump(client.getInputStream(), server.getOutputStream(), true);
            Thread down = pump(server.getInputStream(), client.getOutputStream(), false);
            up.start();
            down.start();
        } catch (IOException e) {
            fail(e);
        }
    }

    private Thread pump(InputStream in, OutputStream out, boolean fromClient) {
        Thread t = new Thread(
                () -> {
                    try {
                        follow(new DataInputStream(in), out, fromClient);
                        in.transferTo(out);
                    } catch (IOException e) {
                        // the connection ended: the test looks at the endpoints
                    } catch (RuntimeException | Error e) {
                        fail(e);
                    } finally {
                        closeQuietly();
                    }
                },
                "tamper-proxy-" + (fromClient ? "c2s" : "s2c"));
        t.setDaemon(true);
        return t;
    }

    /** Forwards the version line and packets up to the altered one (or to NEWKEYS in the other direction). */
    private void follow(DataInputStream in, OutputStream out, boolean fromClient) throws IOException {
        for (String line = ""; !line.startsWith("SSH-"); ) {
            line = readLine(in, out);
        }
        long seq = 0;
        for (; ; seq++) {
            byte[] packet = readPlain(in);
            out.write(packet);
            int type = packet[5] & 0xff;
            if (type == MSG_KEXINIT) {
                String text = new String(packet, StandardCharsets.ISO_8859_1);
                strict[fromClient ? 0 : 1] = text.contains(fromClient ? "kex-strict-c-v00@" : "kex-strict-s-v00@");
                kexinits.countDown();
            } else if (type == MSG_NEWKEYS) {
                break;
            }
        }
        out.flush();
        if (fromClient != clientToServer) {
            return;
        }
        await(kexinits);
        seq = strict[0] && strict[1] ? 0 : (seq + 1) & 0xffffffffL;
        byte[] k = key.get();
        long data = 0;
        for (int n = 0; ; seq = (seq + 1) & 0xffffffffL) {
            byte[] encLen = in.readNBytes(4);
            if (encLen.length < 4) {
                throw new EOFException();
            }
            byte[] len4 = chacha(k, 32, seq, 0, encLen);
            int len = be32(len4, 0);
            if (len < 5 || len > MAX_PACKET || len % 8 != 0) {
                throw new AssertionError("the proxy lost the packet boundaries: length " + len + " at seq " + seq);
            }
            byte[] packet = new byte[4 + len + 16];
            System.arraycopy(encLen, 0, packet, 0, 4);
            in.readFully(packet, 4, len + 16);
            byte[] body = chacha(k, 0, seq, 64, java.util.Arrays.copyOfRange(packet, 4, 4 + len));
            if ((body[1] & 0xff) == MSG_CHANNEL_DATA) {
                int dataLen = be32(body, 6);
                if (++n == targetData) {
                    dataBefore = data;
                    targetLength = len;
                    int at = switch (where) {
                        case LENGTH -> 3; // bit 3 of the low byte: length +-8, still a valid length
                        case BODY -> 4 + len / 2;
                        case TAG -> 4 + len + 15;
                    };
                    packet[at] ^= where == Where.LENGTH ? 0x08 : 0x01;
                    out.write(packet);
                    out.flush();
                    done.countDown();
                    return;
                }
                data += dataLen;
            }
            out.write(packet);
        }
    }

    /** One packet before the first NEWKEYS (no MAC yet): length, then the rest. */
    private static byte[] readPlain(DataInputStream in) throws IOException {
        int len = in.readInt();
        if (len < 5 || len > MAX_PACKET) {
            throw new AssertionError("plaintext packet length " + len);
        }
        byte[] p = new byte[4 + len];
        p[0] = (byte) (len >>> 24);
        p[1] = (byte) (len >>> 16);
        p[2] = (byte) (len >>> 8);
        p[3] = (byte) len;
        in.readFully(p, 4, len);
        return p;
    }

    private static String readLine(DataInputStream in, OutputStream out) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int b; (b = in.read()) != '\n'; ) {
            if (b < 0) {
                throw new EOFException();
            }
            out.write(b);
            sb.append((char) b);
        }
        out.write('\n');
        return sb.toString();
    }

    /** The original ChaCha20 (64-bit nonce = BE64(seq)) with key bytes keyOff..keyOff+32, from keystream byte skip. */
    private static byte[] chacha(byte[] key, int keyOff, long seq, int skip, byte[] in) {
        byte[] nonce = new byte[8];
        for (int i = 0; i < 8; i++) {
            nonce[i] = (byte) (seq >>> (56 - 8 * i));
        }
        ChaChaEngine e = new ChaChaEngine(20);
        e.init(true, new ParametersWithIV(new KeyParameter(key, keyOff, 32), nonce));
        e.skip(skip);
        byte[] out = new byte[in.length];
        e.processBytes(in, 0, in.length, out, 0);
        return out;
    }

    private static int be32(byte[] b, int off) {
        return (b[off] & 0xff) << 24 | (b[off + 1] & 0xff) << 16 | (b[off + 2] & 0xff) << 8 | (b[off + 3] & 0xff);
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(60, TimeUnit.SECONDS)) {
                throw new AssertionError("the proxy saw no KEXINIT from both sides");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private void fail(Throwable t) {
        failure = t;
        done.countDown();
        closeQuietly();
    }

    private synchronized void closeQuietly() {
        for (java.io.Closeable c : new java.io.Closeable[] {client, server}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (IOException ignored) {
                // closing
            }
        }
    }

    @Override
    public void close() throws IOException {
        closeQuietly();
        listener.close();
    }
}
