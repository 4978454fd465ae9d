// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh.mina;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.sshd.common.NamedFactory;
import org.apache.sshd.common.cipher.Cipher;

/**
 * MINA's factory for jchacha's {@code chacha20-poly1305@openssh.com} ({@link ChaCha20Poly1305Cipher}). MINA picks
 * the first factory in a session's list whose name matches the negotiated cipher, so this one replaces MINA's own
 * under the same name ({@code BuiltinCiphers.registerExtension} refuses built-in names):
 *
 * <pre>{@code
 * // an SshServer, an SshClient or one session (KexFactoryManager is in sshd-core, which jchacha does not compile
 * // against: sshd-common has all the adapter needs)
 * server.setCipherFactories(ChaCha20Poly1305Factory.preferred(server.getCipherFactories()));
 * }</pre>
 */
public final class ChaCha20Poly1305Factory implements NamedFactory<Cipher> {
    /** The SSH name of the cipher. */
    public static final String NAME = "chacha20-poly1305@openssh.com";

    /** The factory; it keeps no state. */
    public static final ChaCha20Poly1305Factory INSTANCE = new ChaCha20Poly1305Factory();

    private ChaCha20Poly1305Factory() {}

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public Cipher create() {
        return new ChaCha20Poly1305Cipher();
    }

    /**
     * The given cipher factories with this one first and any other named {@value #NAME} left out; the others keep
     * their order. First in the list means first in this side's proposal.
     */
    public static List<NamedFactory<Cipher>> preferred(List<? extends NamedFactory<Cipher>> factories) {
        Objects.requireNonNull(factories, "factories");
        List<NamedFactory<Cipher>> l = new ArrayList<>(factories.size() + 1);
        l.add(INSTANCE);
        for (NamedFactory<Cipher> f : factories) {
            if (!NAME.equalsIgnoreCase(f.getName())) {
                l.add(f);
            }
        }
        return l;
    }
}
