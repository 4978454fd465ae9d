// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Field;
import java.util.Arrays;
import org.apache.sshd.common.cipher.Cipher;
import org.junit.jupiter.api.Test;

/**
 * No adapter protects more than 2^32 packets with one key: the next packet would reuse the first one's sequence
 * number, so its nonce, keystream and Poly1305 key (MINA's own cipher refuses it too). The count is set just below
 * the limit through the adapters' private field; 2^32 real packets would take hours.
 */
class SshAdapterKeyLimitTest {
    private static final byte[] KEY = new byte[64];

    private static void setPackets(Object adapter, long packets) throws Exception {
        Field f = adapter.getClass().getDeclaredField("packets");
        f.setAccessible(true);
        f.setLong(adapter, packets);
    }

    private static byte[] packet(int body) {
        byte[] p = new byte[4 + body + 16];
        p[3] = (byte) body;
        Arrays.fill(p, 4, 4 + body, (byte) 0x5a);
        return p;
    }

    @Test
    void minaRefusesThePacketAfterTheLastUnderOneKey() throws Exception {
        Cipher c = io.jchacha.ssh.mina.ChaCha20Poly1305Factory.INSTANCE.create();
        c.init(Cipher.Mode.Encrypt, KEY, new byte[8]);
        setPackets(c, OpenSshChaCha20Poly1305.PACKETS_PER_KEY - 1);
        byte[] last = packet(16);
        c.updateWithAAD(last, 0, 4, 16); // packet 2^32 - 1 (counting from 0): the last one this key may protect
        byte[] next = packet(16);
        byte[] before = next.clone();
        assertThrows(IllegalStateException.class, () -> c.updateWithAAD(next, 0, 4, 16));
        assertThrows(IllegalStateException.class, () -> c.updateAAD(next, 0, 4));
        assertArrayEquals(before, next, "nothing written");
        c.init(Cipher.Mode.Encrypt, KEY, new byte[8]); // a new key (rekey) starts a new count
        c.updateWithAAD(next, 0, 4, 16);
    }

    @Test
    void minaReceiverRefusesToo() throws Exception {
        Cipher c = io.jchacha.ssh.mina.ChaCha20Poly1305Factory.INSTANCE.create();
        c.init(Cipher.Mode.Decrypt, KEY, new byte[8]);
        setPackets(c, OpenSshChaCha20Poly1305.PACKETS_PER_KEY);
        byte[] p = packet(16);
        byte[] before = p.clone();
        assertThrows(IllegalStateException.class, () -> c.updateAAD(p, 0, 4));
        assertArrayEquals(before, p, "nothing written");
    }

    @Test
    void jschRefusesThePacketAfterTheLastUnderOneKey() throws Exception {
        for (int mode : new int[] {com.jcraft.jsch.Cipher.ENCRYPT_MODE, com.jcraft.jsch.Cipher.DECRYPT_MODE}) {
            io.jchacha.ssh.jsch.ChaCha20Poly1305Cipher c = new io.jchacha.ssh.jsch.ChaCha20Poly1305Cipher();
            c.init(mode, KEY, new byte[8]);
            setPackets(c, OpenSshChaCha20Poly1305.PACKETS_PER_KEY);
            byte[] p = packet(16);
            byte[] before = p.clone();
            c.update(0); // JSch's int sequence number has wrapped back to the first packet's
            assertThrows(IllegalStateException.class, () -> c.doFinal(p, 0, 4 + 16, p, 0));
            if (mode == com.jcraft.jsch.Cipher.DECRYPT_MODE) {
                assertArrayEquals(before, p, "nothing written");
            }
        }
        io.jchacha.ssh.jsch.ChaCha20Poly1305Cipher c = new io.jchacha.ssh.jsch.ChaCha20Poly1305Cipher();
        c.init(com.jcraft.jsch.Cipher.ENCRYPT_MODE, KEY, new byte[8]);
        setPackets(c, OpenSshChaCha20Poly1305.PACKETS_PER_KEY - 1);
        byte[] p = packet(16);
        c.update(-1);
        c.update(p, 0, 4, p, 0);
        c.doFinal(p, 0, 4 + 16, p, 0); // the last packet this key may protect
    }

    /** sshj pushes the sequence number per packet: the count, not the number, ends the key. */
    @Test
    void sshjRefusesThePacketAfterTheLastUnderOneKey() throws Exception {
        net.schmizz.sshj.transport.cipher.Cipher c = io.jchacha.ssh.sshj.ChaCha20Poly1305Factory.INSTANCE.create();
        c.init(net.schmizz.sshj.transport.cipher.Cipher.Mode.Encrypt, KEY, null);
        setPackets(c, OpenSshChaCha20Poly1305.PACKETS_PER_KEY - 1);
        byte[] last = packet(16);
        c.setSequenceNumber(0xffffffffL);
        c.updateWithAAD(last, 0, 4, 16); // the last packet this key may protect
        byte[] next = packet(16);
        byte[] before = next.clone();
        c.setSequenceNumber(0); // SSH's uint32 wraps: the first packet's number again
        assertThrows(IllegalStateException.class, () -> c.updateWithAAD(next, 0, 4, 16));
        assertThrows(IllegalStateException.class, () -> c.updateAAD(next, 0, 4));
        assertArrayEquals(before, next, "nothing written");
        c.init(net.schmizz.sshj.transport.cipher.Cipher.Mode.Encrypt, KEY, null); // a rekey starts a new count
        c.setSequenceNumber(0);
        c.updateWithAAD(next, 0, 4, 16);

        net.schmizz.sshj.transport.cipher.Cipher d = io.jchacha.ssh.sshj.ChaCha20Poly1305Factory.INSTANCE.create();
        d.init(net.schmizz.sshj.transport.cipher.Cipher.Mode.Decrypt, KEY, null);
        setPackets(d, OpenSshChaCha20Poly1305.PACKETS_PER_KEY);
        byte[] p = packet(16);
        byte[] was = p.clone();
        d.setSequenceNumber(0);
        assertThrows(IllegalStateException.class, () -> d.updateAAD(p, 0, 4));
        assertArrayEquals(was, p, "nothing written");
    }
}
