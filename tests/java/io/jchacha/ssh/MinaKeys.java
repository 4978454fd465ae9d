// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.sshd.common.kex.KexProposalOption;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.session.SessionListener;

/**
 * A MINA session listener (server or client) that records what each key exchange gave: the negotiated cipher names
 * and the Cipher classes MINA then used, and every session exception (a bad tag ends a session with one).
 */
final class MinaKeys implements SessionListener {
    record Keys(String c2s, String s2c, Class<?> inCipher, Class<?> outCipher) {}

    final List<Keys> keys = new CopyOnWriteArrayList<>();
    final List<Throwable> exceptions = new CopyOnWriteArrayList<>();

    @Override
    public void sessionEvent(Session session, Event event) {
        if (event == Event.KeyEstablished) {
            keys.add(new Keys(
                    session.getNegotiatedKexParameter(KexProposalOption.C2SENC),
                    session.getNegotiatedKexParameter(KexProposalOption.S2CENC),
                    session.getCipherInformation(true).getClass(),
                    session.getCipherInformation(false).getClass()));
        }
    }

    @Override
    public void sessionException(Session session, Throwable t) {
        exceptions.add(t);
    }

    /** Every key exchange chose chacha20-poly1305@openssh.com both ways and ran cipherClass; at least min of them. */
    void assertEvery(Class<?> cipherClass, int min) {
        assertTrue(keys.size() >= min, "MINA's key exchanges: " + keys.size() + ", expected at least " + min);
        Keys want = new Keys(OpenSsh.CIPHER, OpenSsh.CIPHER, cipherClass, cipherClass);
        for (Keys k : keys) {
            assertEquals(want, k, "a key exchange in MINA");
        }
    }
}
