// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.Logger;
import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.time.Duration;
import java.util.List;
import net.schmizz.sshj.DefaultConfig;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.common.Factory;
import net.schmizz.sshj.transport.verification.PromiscuousVerifier;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.keyverifier.AcceptAllServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.NamedFactory;
import org.apache.sshd.common.cipher.Cipher;
import org.apache.sshd.common.keyprovider.FileKeyPairProvider;
import org.apache.sshd.core.CoreModuleProperties;

/** MINA, JSch and sshj clients as the tests connect them: one cipher, the user's key file, any host key. */
final class SshClients {
    static final Duration TIMEOUT = Duration.ofSeconds(120);

    private SshClients() {}

    /** A started MINA client whose only cipher is cipher, with MINA's REKEY_BYTES_LIMIT and a key listener. */
    static SshClient mina(NamedFactory<Cipher> cipher, long rekeyBytes, MinaKeys keys) {
        SshClient client = SshClient.setUpDefaultClient();
        client.setCipherFactories(List.of(cipher));
        client.setServerKeyVerifier(AcceptAllServerKeyVerifier.INSTANCE);
        CoreModuleProperties.REKEY_BYTES_LIMIT.set(client, rekeyBytes);
        client.addSessionListener(keys);
        client.start();
        return client;
    }

    /** An authenticated session of the current user on 127.0.0.1:port with the OpenSSH key file key. */
    static ClientSession minaSession(SshClient client, int port, Path key)
            throws IOException, GeneralSecurityException {
        ClientSession session = client.connect(System.getProperty("user.name"), "127.0.0.1", port)
                .verify(TIMEOUT)
                .getSession();
        for (KeyPair kp : new FileKeyPairProvider(key).loadKeys(null)) {
            session.addPublicKeyIdentity(kp);
        }
        session.auth().verify(TIMEOUT);
        return session;
    }

    /**
     * A connected JSch session of the current user on 127.0.0.1:port: chacha20-poly1305@openssh.com alone, served by
     * cipherClass, key from the OpenSSH key file key; JSch's INFO log lines go to log.
     */
    static com.jcraft.jsch.Session jsch(int port, Path key, String cipherClass, List<String> log) throws JSchException {
        JSch jsch = new JSch();
        jsch.addIdentity(key.toString());
        com.jcraft.jsch.Session session = jsch.getSession(System.getProperty("user.name"), "127.0.0.1", port);
        session.setConfig("StrictHostKeyChecking", "no");
        session.setConfig("PreferredAuthentications", "publickey");
        session.setConfig(OpenSsh.CIPHER, cipherClass);
        // JSch 2.28.8's default cipher lists leave chacha20-poly1305@openssh.com out
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
        return session;
    }

    /**
     * A connected, authenticated sshj client of the current user on 127.0.0.1:port whose only cipher is cipher, key
     * from the OpenSSH key file key; every Cipher sshj makes (two per key exchange) is added to made.
     */
    static SSHClient sshj(
            int port, Path key, Factory.Named<net.schmizz.sshj.transport.cipher.Cipher> cipher, List<Class<?>> made)
            throws IOException {
        DefaultConfig config = new DefaultConfig();
        config.setCipherFactories(List.of(new Factory.Named<>() {
            @Override
            public net.schmizz.sshj.transport.cipher.Cipher create() {
                net.schmizz.sshj.transport.cipher.Cipher c = cipher.create();
                made.add(c.getClass());
                return c;
            }

            @Override
            public String getName() {
                return cipher.getName();
            }
        }));
        SSHClient ssh = new SSHClient(config);
        ssh.setTimeout((int) TIMEOUT.toMillis());
        ssh.addHostKeyVerifier(new PromiscuousVerifier());
        try {
            ssh.connect("127.0.0.1", port);
            ssh.authPublickey(System.getProperty("user.name"), ssh.loadKeys(key.toString()));
        } catch (IOException | RuntimeException e) {
            ssh.close();
            throw e;
        }
        return ssh;
    }

    /** A JSch exec channel's exit status, once it closed. */
    static int exitStatus(ChannelExec channel) throws InterruptedException {
        long end = System.nanoTime() + TIMEOUT.toNanos();
        while (!channel.isClosed()) {
            assertTrue(System.nanoTime() < end, "JSch's channel did not close");
            Thread.sleep(10);
        }
        return channel.getExitStatus();
    }
}
