// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import static io.jchacha.ssh.SshAdaptersTest.packet;
import static io.jchacha.ssh.SshAdaptersTest.random;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.hierynomus.sshj.transport.cipher.BlockCiphers;
import com.hierynomus.sshj.transport.cipher.ChachaPolyCipher;
import com.hierynomus.sshj.transport.cipher.ChachaPolyCiphers;
import io.jchacha.ssh.sshj.ChaCha20Poly1305Factory;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import net.schmizz.sshj.DefaultConfig;
import net.schmizz.sshj.common.Factory;
import net.schmizz.sshj.common.SSHRuntimeException;
import net.schmizz.sshj.transport.cipher.Cipher;
import org.junit.jupiter.api.Test;

/**
 * The sshj adapter packet by packet against sshj's own chacha20-poly1305@openssh.com (ChachaPolyCipher, on
 * BouncyCastle through JCA), called the way sshj's Encoder and Decoder call them: setSequenceNumber before each
 * packet, runs of packets through 2^32 - 1 and the wrap to 0, bodies around block edges up to 32 KiB, tampering.
 */
class SshjAdapterTest {
    static final long[] SEQS = {0, 1, 7, 0x7fffffffL, 0x80000000L, 0xfffffff0L, 0xffffffffL};
    static final int[] BODIES = {0, 1, 15, 16, 48, 63, 64, 65, 127, 128, 1024, 1040, 4096 + 16, 32768, 32768 + 16};

    static Cipher sshj(Factory.Named<Cipher> f, Cipher.Mode mode, byte[] key) {
        Cipher c = f.create();
        c.init(mode, key, new byte[64]); // sshj passes its derived IV; neither class uses it
        return c;
    }

    /** sshj's Encoder: the packet at off, sealed with its length field, the tag after it. */
    static void seal(Cipher c, long seq, byte[] p, int off, int body) {
        c.setSequenceNumber(seq);
        c.updateWithAAD(p, off, 4, body);
    }

    /** sshj's Decoder: the length first (decrypted in place), then the body with the tag after it. */
    static void open(Cipher c, long seq, byte[] p, int off, int body) {
        c.setSequenceNumber(seq);
        c.updateAAD(p, off, 4);
        int len = (p[off] & 0xff) << 24 | (p[off + 1] & 0xff) << 16 | (p[off + 2] & 0xff) << 8 | (p[off + 3] & 0xff);
        assertEquals(body, len, "decrypted length");
        c.update(p, off + 4, body);
    }

    @Test
    void againstBuiltinBothWays() {
        SplittableRandom r = new SplittableRandom(54);
        Factory.Named<Cipher> ours = ChaCha20Poly1305Factory.INSTANCE;
        Factory.Named<Cipher> theirs = ChachaPolyCiphers.CHACHA_POLY_OPENSSH();
        for (long first : SEQS) {
            byte[] key = random(r, 64);
            for (List<Factory.Named<Cipher>> pair : List.of(List.of(ours, theirs), List.of(theirs, ours))) {
                Cipher sender = sshj(pair.get(0), Cipher.Mode.Encrypt, key);
                Cipher receiver = sshj(pair.get(1), Cipher.Mode.Decrypt, key);
                long seq = first;
                for (int body : BODIES) { // one run of packets: the sequence numbers wrap from 2^32 - 1 to 0
                    byte[] p = packet(r, 0, body); // sshj's own class takes packets at offset 0 only
                    byte[] plain = p.clone();
                    seal(sender, seq, p, 0, body);
                    assertFalse(body > 0 && Arrays.equals(plain, 4, 4 + body, p, 4, 4 + body), "body encrypted");
                    open(receiver, seq, p, 0, body);
                    assertArrayEquals(
                            Arrays.copyOf(plain, 4 + body),
                            Arrays.copyOf(p, 4 + body),
                            pair.get(0) + " -> " + pair.get(1) + " seq " + seq + " body " + body);
                    seq = (seq + 1) & 0xffffffffL;
                }
            }
        }
    }

    /**
     * sshj's decoder reads the length, then may grow its buffer (a new array, the bytes copied) before the body
     * arrives: the body is opened in the new array, the length taken from the 4 bytes before it.
     */
    @Test
    void bufferGrownBetweenLengthAndBody() {
        SplittableRandom r = new SplittableRandom(57);
        byte[] key = random(r, 64);
        for (List<Factory.Named<Cipher>> pair : List.of(
                List.of(ChaCha20Poly1305Factory.INSTANCE, ChachaPolyCiphers.CHACHA_POLY_OPENSSH()),
                List.of(ChachaPolyCiphers.CHACHA_POLY_OPENSSH(), ChaCha20Poly1305Factory.INSTANCE))) {
            Cipher sender = sshj(pair.get(0), Cipher.Mode.Encrypt, key);
            Cipher receiver = sshj(pair.get(1), Cipher.Mode.Decrypt, key);
            for (int body : new int[] {16, 1040, 32768}) {
                byte[] p = packet(r, 0, body);
                byte[] plain = Arrays.copyOf(p, 4 + body);
                seal(sender, body, p, 0, body);
                byte[] small = Arrays.copyOf(p, 16); // what the decoder has when it reads the length
                receiver.setSequenceNumber(body);
                receiver.updateAAD(small, 0, 4);
                byte[] grown = Arrays.copyOf(small, p.length); // Buffer.ensureCapacity, then the rest arrives
                System.arraycopy(p, 16, grown, 16, p.length - 16);
                receiver.update(grown, 4, body);
                assertArrayEquals(plain, Arrays.copyOf(grown, 4 + body), pair.get(0) + " -> " + pair.get(1));
                sender.init(Cipher.Mode.Encrypt, key, new byte[64]);
                receiver.init(Cipher.Mode.Decrypt, key, new byte[64]);
            }
        }
    }

    /** Not at offset 0 (sshj's own class refuses that): the same bytes as the built-in class at 0. */
    @Test
    void packetsAtAnOffset() {
        SplittableRandom r = new SplittableRandom(55);
        byte[] key = random(r, 64);
        Cipher ours = sshj(ChaCha20Poly1305Factory.INSTANCE, Cipher.Mode.Encrypt, key);
        Cipher theirs = sshj(ChachaPolyCiphers.CHACHA_POLY_OPENSSH(), Cipher.Mode.Encrypt, key);
        Cipher back = sshj(ChaCha20Poly1305Factory.INSTANCE, Cipher.Mode.Decrypt, key);
        long seq = 0xfffffffaL;
        for (int body : BODIES) {
            int off = 1 + body % 7;
            byte[] p = packet(r, off, body);
            byte[] plain = Arrays.copyOfRange(p, off, off + 4 + body);
            byte[] q = Arrays.copyOfRange(p, off, p.length);
            seal(ours, seq, p, off, body);
            seal(theirs, seq, q, 0, body);
            assertArrayEquals(Arrays.copyOf(q, 4 + body + 16), Arrays.copyOfRange(p, off, off + 4 + body + 16));
            open(back, seq, p, off, body);
            assertArrayEquals(plain, Arrays.copyOfRange(p, off, off + 4 + body), "body " + body);
            seq = (seq + 1) & 0xffffffffL;
        }
    }

    /** A flipped bit in the length, body or tag: sshj's own exception, nothing decrypted; the built-in agrees. */
    @Test
    void refusesATamperedPacketAndLeavesIt() {
        SplittableRandom r = new SplittableRandom(56);
        byte[] key = random(r, 64);
        for (int at : new int[] {0, 3, 4, 100, 4 + 1040 - 1, 4 + 1040, 4 + 1040 + 15}) {
            byte[] p = packet(r, 0, 1040);
            seal(sshj(ChachaPolyCiphers.CHACHA_POLY_OPENSSH(), Cipher.Mode.Encrypt, key), 0xffffffffL, p, 0, 1040);
            p[at] ^= 0x08;
            byte[] q = p.clone();
            for (Factory.Named<Cipher> f :
                    List.of(ChaCha20Poly1305Factory.INSTANCE, ChachaPolyCiphers.CHACHA_POLY_OPENSSH())) {
                byte[] wire = q.clone();
                Cipher receiver = sshj(f, Cipher.Mode.Decrypt, key);
                receiver.setSequenceNumber(0xffffffffL);
                receiver.updateAAD(wire, 0, 4);
                byte[] before = wire.clone();
                SSHRuntimeException e = assertThrows(SSHRuntimeException.class, () -> receiver.update(wire, 4, 1040));
                assertEquals("MAC Error", e.getMessage(), f + ", bit flipped at " + at);
                assertArrayEquals(before, wire, f + ": nothing decrypted, bit flipped at " + at);
            }
        }
    }

    @Test
    void contractAndInstall() {
        Cipher ours = ChaCha20Poly1305Factory.INSTANCE.create();
        Cipher theirs = ChachaPolyCiphers.CHACHA_POLY_OPENSSH().create();
        assertEquals(
                List.of(theirs.getBlockSize(), theirs.getIVSize(), theirs.getAuthenticationTagSize()),
                List.of(ours.getBlockSize(), ours.getIVSize(), ours.getAuthenticationTagSize()));
        assertEquals(OpenSsh.CIPHER, ChaCha20Poly1305Factory.INSTANCE.getName());
        assertSame(ChachaPolyCipher.class, theirs.getClass());

        DefaultConfig config = new DefaultConfig(); // tries every cipher and drops those that fail
        List<Factory.Named<Cipher>> before = config.getCipherFactories();
        assertEquals(
                1,
                before.stream().filter(f -> f.getName().equals(OpenSsh.CIPHER)).count(),
                "sshj has one");
        ChaCha20Poly1305Factory.install(config);
        List<Factory.Named<Cipher>> after = config.getCipherFactories();
        assertSame(ChaCha20Poly1305Factory.INSTANCE, after.get(0));
        assertEquals(before.size(), after.size());
        assertEquals(
                1,
                after.stream().filter(f -> f.getName().equals(OpenSsh.CIPHER)).count(),
                "one, jchacha's");
        Factory.Named<Cipher> ctr = BlockCiphers.AES128CTR();
        List<Factory.Named<Cipher>> l =
                ChaCha20Poly1305Factory.preferred(List.of(ctr, ChachaPolyCiphers.CHACHA_POLY_OPENSSH()));
        assertEquals(List.of(ChaCha20Poly1305Factory.INSTANCE, ctr), l);
        // DefaultConfig's trial: a zero key of getBlockSize() bytes, an IV of getIVSize()
        ours.init(Cipher.Mode.Encrypt, new byte[ours.getBlockSize()], new byte[ours.getIVSize()]);
    }

    @Test
    void clearExceptions() {
        byte[] key = new byte[64];
        Cipher c = ChaCha20Poly1305Factory.INSTANCE.create();
        byte[] p = new byte[4 + 16 + 16];
        assertThrows(IllegalStateException.class, () -> c.updateWithAAD(p, 0, 4, 16), "before init");
        assertThrows(IllegalArgumentException.class, () -> c.init(Cipher.Mode.Encrypt, new byte[63], null));
        c.init(Cipher.Mode.Encrypt, key, null);
        assertThrows(IllegalStateException.class, () -> c.updateWithAAD(p, 0, 4, 16), "no sequence number");
        assertThrows(IllegalArgumentException.class, () -> c.setSequenceNumber(-1));
        assertThrows(IllegalArgumentException.class, () -> c.setSequenceNumber(1L << 32));
        c.setSequenceNumber(5);
        assertThrows(IllegalArgumentException.class, () -> c.updateAAD(p, 0, 5));
        assertThrows(IndexOutOfBoundsException.class, () -> c.updateWithAAD(p, 0, 4, 17));
        c.updateAAD(p, 0, 4);
        assertThrows(IllegalArgumentException.class, () -> c.update(p, 3, 16), "no room for the length field");
        c.update(p, 4, 16);
        assertThrows(IllegalStateException.class, () -> c.updateWithAAD(p, 0, 4, 16), "sequence number spent");
        assertThrows(IllegalStateException.class, () -> c.setSequenceNumber(5), "a repeat");
        assertThrows(IllegalStateException.class, () -> c.setSequenceNumber(7), "a gap");
        c.setSequenceNumber(6);
        c.updateWithAAD(p, 0, 4, 16);
        Cipher d = ChaCha20Poly1305Factory.INSTANCE.create();
        d.init(Cipher.Mode.Decrypt, key, null);
        d.setSequenceNumber(0);
        assertThrows(IllegalStateException.class, () -> d.update(p, 4, 16), "updateAAD first (no key-file form)");
    }
}
