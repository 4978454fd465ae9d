// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh.sshj;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import net.schmizz.sshj.Config;
import net.schmizz.sshj.common.Factory;
import net.schmizz.sshj.transport.cipher.Cipher;

/**
 * sshj's factory for jchacha's {@code chacha20-poly1305@openssh.com} ({@link ChaCha20Poly1305Cipher}). sshj takes
 * the first factory in its configuration whose name matches the negotiated cipher, so this one replaces sshj's own
 * under the same name:
 *
 * <pre>{@code
 * DefaultConfig config = new DefaultConfig();
 * ChaCha20Poly1305Factory.install(config);
 * SSHClient ssh = new SSHClient(config);
 * }</pre>
 */
public final class ChaCha20Poly1305Factory implements Factory.Named<Cipher> {
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

    /** The name, as sshj's own factories answer: sshj logs its factory lists. */
    @Override
    public String toString() {
        return NAME;
    }

    /**
     * Puts this factory first in {@code config}'s ciphers, replacing sshj's own {@value #NAME}: first in the list is
     * first in the client's proposal. Call it before the {@code SSHClient} connects.
     */
    public static void install(Config config) {
        Objects.requireNonNull(config, "config");
        config.setCipherFactories(preferred(config.getCipherFactories()));
    }

    /**
     * The given cipher factories with this one first and any other named {@value #NAME} left out; the others keep
     * their order.
     */
    public static List<Factory.Named<Cipher>> preferred(List<? extends Factory.Named<Cipher>> factories) {
        Objects.requireNonNull(factories, "factories");
        List<Factory.Named<Cipher>> l = new ArrayList<>(factories.size() + 1);
        l.add(INSTANCE);
        for (Factory.Named<Cipher> f : factories) {
            if (!NAME.equals(f.getName())) {
                l.add(f);
            }
        }
        return l;
    }
}
