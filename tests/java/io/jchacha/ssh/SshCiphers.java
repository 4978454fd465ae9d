// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import com.hierynomus.sshj.transport.cipher.ChachaPolyCiphers;
import java.util.List;
import net.schmizz.sshj.common.Factory;
import org.apache.sshd.common.NamedFactory;
import org.apache.sshd.common.cipher.BuiltinCiphers;
import org.apache.sshd.common.cipher.ChaCha20Cipher;
import org.apache.sshd.common.cipher.Cipher;

/**
 * The chacha20-poly1305@openssh.com implementations the interop tests run: each SSH library's built-in one (which
 * proves the harness) and jchacha's adapter for it.
 */
final class SshCiphers {
    private SshCiphers() {}

    /** A MINA cipher factory and the Cipher class a session must then report. */
    record Mina(String label, NamedFactory<Cipher> factory, Class<?> cipherClass) {
        @Override
        public String toString() {
            return label;
        }
    }

    /** A JSch cipher class, installed with setConfig("chacha20-poly1305@openssh.com", className). */
    record Jsch(String label, String className) {
        @Override
        public String toString() {
            return label;
        }
    }

    /** An sshj cipher factory and the Cipher class it makes. */
    record Sshj(String label, Factory.Named<net.schmizz.sshj.transport.cipher.Cipher> factory, Class<?> cipherClass) {
        @Override
        public String toString() {
            return label;
        }
    }

    static List<Mina> mina() {
        return List.of(
                new Mina("mina-builtin", BuiltinCiphers.cc20p1305_openssh, ChaCha20Cipher.class),
                new Mina(
                        "jchacha",
                        io.jchacha.ssh.mina.ChaCha20Poly1305Factory.INSTANCE,
                        io.jchacha.ssh.mina.ChaCha20Poly1305Cipher.class));
    }

    static List<Jsch> jsch() {
        return List.of(
                new Jsch("jsch-builtin", "com.jcraft.jsch.bc.ChaCha20Poly1305"),
                new Jsch("jchacha", io.jchacha.ssh.jsch.ChaCha20Poly1305Cipher.class.getName()));
    }

    static List<Sshj> sshj() {
        return List.of(
                new Sshj(
                        "sshj-builtin",
                        ChachaPolyCiphers.CHACHA_POLY_OPENSSH(),
                        com.hierynomus.sshj.transport.cipher.ChachaPolyCipher.class),
                new Sshj(
                        "jchacha",
                        io.jchacha.ssh.sshj.ChaCha20Poly1305Factory.INSTANCE,
                        io.jchacha.ssh.sshj.ChaCha20Poly1305Cipher.class));
    }
}
