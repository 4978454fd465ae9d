// SPDX-License-Identifier: Apache-2.0
package io.jchacha.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jchacha.JChachaProvider;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Date;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A real JSSE TLS 1.3 connection over loopback, restricted to TLS_CHACHA20_POLY1305_SHA256, with JChacha
 * installed as the most preferred provider: JSSE takes its "ChaCha20-Poly1305" cipher from us, and the
 * record protection (handshake messages after ServerHello, application data both ways, a key update) runs
 * through our {@code CipherSpi}, as its counters show.
 */
@ExtendWith(JChachaFirst.class)
class Tls13Test {
    private static final String SUITE = "TLS_CHACHA20_POLY1305_SHA256";
    private static final char[] PASSWORD = "changeit".toCharArray();
    private static final int BIG = 1 << 20;

    /** A self-signed EC certificate for 127.0.0.1 in a fresh in-memory PKCS#12 store. */
    static KeyStore selfSigned() throws Exception {
        KeyPairGenerator kpg = KeyPairGenerator.getInstance("EC");
        kpg.initialize(256);
        KeyPair kp = kpg.generateKeyPair();
        X500Name name = new X500Name("CN=jchacha-test");
        long now = System.currentTimeMillis();
        JcaX509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(
                name, BigInteger.valueOf(now), new Date(now - 60_000), new Date(now + 3_600_000), name, kp.getPublic());
        b.addExtension(
                Extension.subjectAlternativeName,
                false,
                new GeneralNames(new GeneralName(GeneralName.iPAddress, "127.0.0.1")));
        X509Certificate cert = new JcaX509CertificateConverter()
                .getCertificate(b.build(new JcaContentSignerBuilder("SHA256withECDSA").build(kp.getPrivate())));
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry("server", kp.getPrivate(), PASSWORD, new Certificate[] {cert});
        return ks;
    }

    static SSLContext context(KeyStore ks, boolean server) throws Exception {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("server", ks.getCertificate("server"));
        tmf.init(trust);
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, PASSWORD);
        SSLContext ctx = SSLContext.getInstance("TLSv1.3");
        ctx.init(server ? kmf.getKeyManagers() : null, tmf.getTrustManagers(), null);
        return ctx;
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void tls13RecordsGoThroughJchacha() throws Exception {
        assertEquals(
                JChachaProvider.NAME,
                Cipher.getInstance("ChaCha20-Poly1305").getProvider().getName());
        KeyStore ks = selfSigned();
        Random r = new Random(42);
        byte[] up = new byte[BIG];
        byte[] down = new byte[BIG];
        r.nextBytes(up);
        r.nextBytes(down);

        long inits = ChaCha20Poly1305CipherSpi.INITS.sum();
        long seals = ChaCha20Poly1305CipherSpi.SEALS.sum();
        long opens = ChaCha20Poly1305CipherSpi.OPENS.sum();

        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (SSLServerSocket server = (SSLServerSocket) context(ks, true)
                .getServerSocketFactory()
                .createServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            server.setEnabledProtocols(new String[] {"TLSv1.3"});
            server.setEnabledCipherSuites(new String[] {SUITE});
            server.setSoTimeout(20_000);
            Future<String> served = pool.submit(() -> {
                try (SSLSocket s = (SSLSocket) server.accept()) {
                    s.setSoTimeout(20_000);
                    DataInputStream in = new DataInputStream(s.getInputStream());
                    DataOutputStream out = new DataOutputStream(s.getOutputStream());
                    for (int i = 0; i < 20; i++) { // small messages, each answered
                        int v = in.readInt();
                        out.writeInt(v + 1);
                        out.flush();
                    }
                    byte[] got = new byte[BIG];
                    in.readFully(got);
                    assertArrayEquals(up, got);
                    out.write(down);
                    out.flush();
                    String suite = s.getSession().getCipherSuite();
                    in.read(); // wait for the client's close
                    return suite;
                }
            });

            try (SSLSocket c = (SSLSocket) context(ks, false).getSocketFactory().createSocket()) {
                c.setSoTimeout(20_000);
                c.connect(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), server.getLocalPort()), 10_000);
                c.setEnabledProtocols(new String[] {"TLSv1.3"});
                c.setEnabledCipherSuites(new String[] {SUITE});
                c.startHandshake();
                assertEquals("TLSv1.3", c.getSession().getProtocol());
                assertEquals(SUITE, c.getSession().getCipherSuite());
                DataInputStream in = new DataInputStream(c.getInputStream());
                DataOutputStream out = new DataOutputStream(c.getOutputStream());
                for (int i = 0; i < 20; i++) {
                    out.writeInt(i * 7);
                    out.flush();
                    assertEquals(i * 7 + 1, in.readInt());
                    if (i == 10) {
                        c.startHandshake(); // TLS 1.3: a KeyUpdate, new traffic keys on both sides
                    }
                }
                out.write(up, 0, BIG / 2);
                c.startHandshake(); // and another in the middle of the bulk data
                out.write(up, BIG / 2, BIG / 2);
                out.flush();
                byte[] got = new byte[BIG];
                in.readFully(got);
                assertArrayEquals(down, got);
            }
            assertEquals(SUITE, served.get(30, TimeUnit.SECONDS));
        } finally {
            pool.shutdownNow();
        }

        long sealed = ChaCha20Poly1305CipherSpi.SEALS.sum() - seals;
        long opened = ChaCha20Poly1305CipherSpi.OPENS.sum() - opens;
        long initialized = ChaCha20Poly1305CipherSpi.INITS.sum() - inits;
        // at most 16 KiB of data per record: 2 MiB need at least 128 records each sealed and opened once
        int minRecords = 2 * BIG / (16 * 1024);
        System.out.printf(
                "TLS 1.3 %s via JChacha: %d inits, %d records sealed, %d opened%n", SUITE, initialized, sealed, opened);
        assertTrue(sealed >= minRecords + 40, "records sealed by JChacha: " + sealed);
        assertTrue(opened >= minRecords + 40, "records opened by JChacha: " + opened);
        assertTrue(initialized >= sealed + opened, "inits " + initialized + " for " + (sealed + opened) + " records");
    }
}
