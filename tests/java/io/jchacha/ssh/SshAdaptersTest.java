// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jcraft.jsch.JSch;
import com.jcraft.jsch.KeyPair;
import io.jchacha.ssh.jsch.ChaCha20Poly1305Cipher;
import io.jchacha.ssh.mina.ChaCha20Poly1305Factory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import javax.crypto.AEADBadTagException;
import org.apache.sshd.common.NamedFactory;
import org.apache.sshd.common.cipher.BuiltinCiphers;
import org.apache.sshd.common.cipher.ChaCha20Cipher;
import org.apache.sshd.common.cipher.Cipher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MINA and JSch adapters packet by packet against each library's own chacha20-poly1305@openssh.com (MINA's
 * ChaCha20Cipher, JSch's BouncyCastle class), called the way each library's session calls them: sequence numbers up
 * to 2^32 - 1 and the wrap to 0, bodies of one block to 32 KiB, tampering, the odd call layouts, and OpenSSH's
 * private-key files (ssh-keygen -Z chacha20-poly1305@openssh.com) through JSch.
 */
class SshAdaptersTest {
    static final long[] SEQS = {0, 1, 7, 0x7fffffffL, 0x80000000L, 0xfffffffeL};
    static final int[] BODIES = {8, 16, 56, 64, 1032, 32768 + 8};

    @TempDir
    Path dir;

    static byte[] random(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) r.nextInt();
        }
        return b;
    }

    /** A plaintext packet [length][body] with room for the tag, at offset off of a larger array. */
    static byte[] packet(SplittableRandom r, int off, int body) {
        byte[] p = random(r, off + 4 + body + 16 + 3);
        for (int i = 0; i < 4; i++) {
            p[off + i] = (byte) (body >>> (24 - 8 * i));
        }
        return p;
    }

    private static byte[] iv(long seq, int len) {
        byte[] iv = new byte[len];
        for (int i = 0; i < 8; i++) {
            iv[i] = (byte) (seq >>> (56 - 8 * i));
        }
        return iv;
    }

    private static Cipher mina(NamedFactory<Cipher> f, Cipher.Mode mode, byte[] key, long seq) throws Exception {
        Cipher c = f.create();
        c.init(mode, key, iv(seq, 32)); // MINA passes the whole exchange hash, BE64(seq) in front
        return c;
    }

    /** MINA's decoder: updateAAD on the length, then update on the body with the tag after it. */
    private static void minaOpen(Cipher c, byte[] p, int off, int body) throws Exception {
        c.updateAAD(p, off, 4);
        int len = (p[off] & 0xff) << 24 | (p[off + 1] & 0xff) << 16 | (p[off + 2] & 0xff) << 8 | (p[off + 3] & 0xff);
        assertEquals(body, len, "decrypted length");
        c.update(p, off + 4, body);
    }

    @Test
    void minaAgainstBuiltinBothWays() throws Exception {
        SplittableRandom r = new SplittableRandom(48);
        NamedFactory<Cipher> ours = ChaCha20Poly1305Factory.INSTANCE;
        NamedFactory<Cipher> theirs = BuiltinCiphers.cc20p1305_openssh;
        for (long seq : SEQS) {
            byte[] key = random(r, 64 + 32); // MINA's key derivation may give more than 64 bytes
            for (List<NamedFactory<Cipher>> pair : List.of(List.of(ours, theirs), List.of(theirs, ours))) {
                Cipher sender = mina(pair.get(0), Cipher.Mode.Encrypt, key, seq);
                Cipher receiver = mina(pair.get(1), Cipher.Mode.Decrypt, key, seq);
                // three packets in a row: each side steps its own sequence number (and wraps at 2^32)
                for (int body : BODIES) {
                    int off = body % 5;
                    byte[] p = packet(r, off, body);
                    byte[] plain = p.clone();
                    sender.updateWithAAD(p, off, 4, body);
                    assertFalse(Arrays.equals(plain, off, off + 4 + body, p, off, off + 4 + body));
                    minaOpen(receiver, p, off, body);
                    assertArrayEquals(
                            Arrays.copyOfRange(plain, off, off + 4 + body),
                            Arrays.copyOfRange(p, off, off + 4 + body),
                            pair.get(0) + " -> " + pair.get(1) + " seq " + seq + " body " + body);
                }
            }
        }
    }

    @Test
    void minaRefusesATamperedPacketAndLeavesIt() throws Exception {
        SplittableRandom r = new SplittableRandom(49);
        byte[] key = random(r, 64);
        for (int at : new int[] {0, 3, 4, 100, 4 + 1032 + 15}) {
            Cipher sender = mina(BuiltinCiphers.cc20p1305_openssh, Cipher.Mode.Encrypt, key, 5);
            Cipher receiver = mina(ChaCha20Poly1305Factory.INSTANCE, Cipher.Mode.Decrypt, key, 5);
            byte[] p = packet(r, 0, 1032);
            sender.updateWithAAD(p, 0, 4, 1032);
            p[at] ^= 0x08; // bit 3: the length stays a multiple of 8
            receiver.updateAAD(p, 0, 4);
            byte[] before = p.clone();
            assertThrows(AEADBadTagException.class, () -> receiver.update(p, 4, 1032));
            assertArrayEquals(before, p, "a refused packet is left as updateAAD left it");
        }
    }

    @Test
    void minaLengthAndBodyApart() throws Exception {
        SplittableRandom r = new SplittableRandom(50);
        byte[] key = random(r, 64);
        Cipher sender = mina(ChaCha20Poly1305Factory.INSTANCE, Cipher.Mode.Encrypt, key, 9);
        Cipher check = mina(BuiltinCiphers.cc20p1305_openssh, Cipher.Mode.Encrypt, key, 9);
        byte[] p = packet(r, 0, 64);
        byte[] q = p.clone();
        byte[] length = Arrays.copyOf(p, 4);
        sender.updateAAD(length, 0, 4);
        sender.update(p, 4, 64);
        check.updateWithAAD(q, 0, 4, 64);
        assertArrayEquals(Arrays.copyOf(q, 4), length, "encrypted length");
        assertArrayEquals(Arrays.copyOfRange(q, 4, 84), Arrays.copyOfRange(p, 4, 84), "body and tag");

        Cipher receiver = mina(ChaCha20Poly1305Factory.INSTANCE, Cipher.Mode.Decrypt, key, 9);
        receiver.updateAAD(length, 0, 4);
        receiver.update(q, 4, 64);
        assertEquals(64, length[3]);
    }

    @Test
    void minaContract() {
        Cipher c = ChaCha20Poly1305Factory.INSTANCE.create();
        Cipher b = BuiltinCiphers.cc20p1305_openssh.create();
        assertTrue(c.getAlgorithm().startsWith("ChaCha"), "MINA passes the sequence number only to ChaCha*");
        assertEquals(
                List.of(b.getIVSize(), b.getAuthenticationTagSize(), b.getCipherBlockSize(), b.getKdfSize(), 512),
                List.of(c.getIVSize(), c.getAuthenticationTagSize(), c.getCipherBlockSize(), c.getKdfSize(), 512));
        assertEquals(b.getKeySize(), c.getKeySize());
        assertEquals(OpenSsh.CIPHER, ChaCha20Poly1305Factory.INSTANCE.getName());
        List<NamedFactory<Cipher>> l = ChaCha20Poly1305Factory.preferred(
                List.of(BuiltinCiphers.aes128gcm, BuiltinCiphers.cc20p1305_openssh, BuiltinCiphers.aes256ctr));
        assertEquals(List.of(ChaCha20Poly1305Factory.INSTANCE, BuiltinCiphers.aes128gcm, BuiltinCiphers.aes256ctr), l);
        assertTrue(b instanceof ChaCha20Cipher);
    }

    /** JSch's Session.encode: update(seq), update(length in place), doFinal(whole packet in place). */
    private static void jschSeal(com.jcraft.jsch.Cipher c, long seq, byte[] p, int body) throws Exception {
        c.update((int) seq);
        c.update(p, 0, 4, p, 0);
        c.doFinal(p, 0, 4 + body, p, 0);
    }

    /** JSch's Session.read: the plaintext length to a side buffer, the packet opened in place, the length copied. */
    private static void jschOpen(com.jcraft.jsch.Cipher c, long seq, byte[] p, int body) throws Exception {
        byte[] tmp = new byte[4];
        c.update((int) seq);
        c.update(p, 0, 4, tmp, 0);
        assertEquals(body, (tmp[0] & 0xff) << 24 | (tmp[1] & 0xff) << 16 | (tmp[2] & 0xff) << 8 | (tmp[3] & 0xff));
        c.doFinal(p, 0, 4 + body, p, 0);
        System.arraycopy(tmp, 0, p, 0, 4);
    }

    private static com.jcraft.jsch.Cipher jsch(boolean ours, int mode, byte[] key) throws Exception {
        com.jcraft.jsch.Cipher c = ours ? new ChaCha20Poly1305Cipher() : new com.jcraft.jsch.bc.ChaCha20Poly1305();
        c.init(mode, key, new byte[8]);
        return c;
    }

    @Test
    void jschAgainstBuiltinBothWays() throws Exception {
        SplittableRandom r = new SplittableRandom(51);
        for (long seq : new long[] {0, 1, 7, 0x7fffffffL}) {
            byte[] key = random(r, 64);
            for (boolean oursSends : new boolean[] {true, false}) {
                com.jcraft.jsch.Cipher sender = jsch(oursSends, com.jcraft.jsch.Cipher.ENCRYPT_MODE, key);
                com.jcraft.jsch.Cipher receiver = jsch(!oursSends, com.jcraft.jsch.Cipher.DECRYPT_MODE, key);
                for (int body : BODIES) {
                    byte[] p = packet(r, 0, body);
                    byte[] plain = p.clone();
                    jschSeal(sender, seq, p, body);
                    jschOpen(receiver, seq, p, body);
                    assertArrayEquals(
                            Arrays.copyOf(plain, 4 + body),
                            Arrays.copyOf(p, 4 + body),
                            "ours sends: " + oursSends + ", seq " + seq + ", body " + body);
                }
            }
        }
    }

    /**
     * From 2^31 JSch's int sequence numbers are negative: the adapter reads them as SSH's uint32 (MINA's built-in
     * cipher is the reference here); JSch's own class sign-extends them and seals something OpenSSH would refuse.
     */
    @Test
    void jschSequenceNumbersAreUnsigned() throws Exception {
        SplittableRandom r = new SplittableRandom(52);
        byte[] key = random(r, 64);
        for (long seq : new long[] {0x80000000L, 0xfffffffeL, 0xffffffffL}) {
            byte[] p = packet(r, 0, 64);
            byte[] reference = p.clone();
            byte[] bc = p.clone();
            jschSeal(jsch(true, com.jcraft.jsch.Cipher.ENCRYPT_MODE, key), seq, p, 64);
            mina(BuiltinCiphers.cc20p1305_openssh, Cipher.Mode.Encrypt, key, seq)
                    .updateWithAAD(reference, 0, 4, 64);
            jschSeal(jsch(false, com.jcraft.jsch.Cipher.ENCRYPT_MODE, key), seq, bc, 64);
            assertArrayEquals(Arrays.copyOf(reference, 84), Arrays.copyOf(p, 84), "seq " + seq);
            assertNotEquals(Arrays.toString(Arrays.copyOf(reference, 84)), Arrays.toString(Arrays.copyOf(bc, 84)));
        }
    }

    @Test
    void jschRefusesATamperedPacket() throws Exception {
        SplittableRandom r = new SplittableRandom(53);
        byte[] key = random(r, 64);
        for (int at : new int[] {0, 3, 4, 100, 4 + 1032 + 15}) {
            byte[] p = packet(r, 0, 1032);
            jschSeal(jsch(false, com.jcraft.jsch.Cipher.ENCRYPT_MODE, key), 3, p, 1032);
            p[at] ^= 0x08;
            byte[] before = p.clone();
            com.jcraft.jsch.Cipher receiver = jsch(true, com.jcraft.jsch.Cipher.DECRYPT_MODE, key);
            receiver.update(3);
            receiver.update(p, 0, 4, new byte[4], 0);
            assertThrows(AEADBadTagException.class, () -> receiver.doFinal(p, 0, 4 + 1032, p, 0));
            assertArrayEquals(before, p, "nothing written");
        }
    }

    /** JSch's Session.checkCipher tries an all-zero key before it offers a cipher; a refusal would drop it. */
    @Test
    void jschTrialWithAnAllZeroKey() throws Exception {
        ChaCha20Poly1305Cipher c = new ChaCha20Poly1305Cipher();
        c.init(com.jcraft.jsch.Cipher.ENCRYPT_MODE, new byte[c.getBlockSize()], new byte[c.getIVSize()]);
        assertEquals(
                List.of(8, 64, 16, true, true, false),
                List.of(c.getIVSize(), c.getBlockSize(), c.getTagSize(), c.isAEAD(), c.isChaCha20(), c.isCBC()));
    }

    /** A private key that ssh-keygen encrypted with chacha20-poly1305@openssh.com, read by JSch with the adapter. */
    @Test
    void jschReadsOpenSshKeyFiles() throws Exception {
        OpenSsh.require(io.jchacha.Arm64EndToEndTest.onPath("ssh-keygen"), "ssh-keygen not found");
        Path key = dir.resolve("id_ecdsa");
        OpenSsh.run(List.of(
                "ssh-keygen", "-q", "-t", "ecdsa", "-N", "secret123", "-Z", OpenSsh.CIPHER, "-f", key.toString()));
        String saved = JSch.getConfig(OpenSsh.CIPHER);
        JSch.setConfig(OpenSsh.CIPHER, ChaCha20Poly1305Cipher.class.getName()); // key files read the global config
        try {
            String pub = Files.readString(key.resolveSibling("id_ecdsa.pub")).split(" ")[1];
            KeyPair kp = KeyPair.load(new JSch(), key.toString());
            assertTrue(kp.isEncrypted());
            assertFalse(kp.decrypt("wrong"), "a wrong passphrase fails the tag");
            assertTrue(kp.decrypt("secret123"));
            assertEquals(pub, java.util.Base64.getEncoder().encodeToString(kp.getPublicKeyBlob()));

            byte[] file = Files.readAllBytes(key);
            String text = new String(file, StandardCharsets.US_ASCII);
            String[] lines = text.split("\n");
            byte[] blob = java.util.Base64.getMimeDecoder()
                    .decode(String.join("", Arrays.copyOfRange(lines, 1, lines.length - 1)));
            blob[blob.length - 20] ^= 1; // inside the encrypted private section
            Path bad = dir.resolve("bad");
            Files.writeString(
                    bad,
                    lines[0] + "\n"
                            + java.util.Base64.getMimeEncoder(70, new byte[] {'\n'})
                                    .encodeToString(blob) + "\n" + lines[lines.length - 1] + "\n");
            KeyPair tampered = KeyPair.load(new JSch(), bad.toString());
            assertFalse(tampered.decrypt("secret123"), "a changed ciphertext fails the tag");
        } finally {
            JSch.setConfig(OpenSsh.CIPHER, saved);
        }
    }
}
