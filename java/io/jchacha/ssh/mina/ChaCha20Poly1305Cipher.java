// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh.mina;

import io.jchacha.ssh.OpenSshChaCha20Poly1305;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.AEADBadTagException;
import org.apache.sshd.common.cipher.Cipher;

/**
 * Apache MINA SSHD's {@link Cipher} for {@code chacha20-poly1305@openssh.com} on jchacha's
 * {@link OpenSshChaCha20Poly1305}: one native call per packet. Install it with {@link ChaCha20Poly1305Factory}.
 *
 * <p>MINA's contract, as its sessions call it: {@link #init} gets 64 or more bytes of key material (the first 64
 * are used) and an IV whose first 8 bytes are the big-endian sequence number of the first packet (MINA writes it
 * there for a cipher whose {@link #getAlgorithm()} starts with "ChaCha"); the cipher then steps the number itself,
 * once per packet. Sending, {@link #updateWithAAD} seals {@code [length][body]} in place and writes the tag after
 * it. Receiving, {@link #updateAAD} decrypts the 4 length bytes in place (their encrypted form is kept for the tag),
 * then {@link #update} verifies the tag after the body and only then decrypts the body in place; a bad tag throws
 * {@link AEADBadTagException} and leaves the body as it was. Not thread-safe: MINA uses one instance per direction,
 * and makes a new one at every key exchange.
 */
public final class ChaCha20Poly1305Cipher implements Cipher {
    private static final int KEY = OpenSshChaCha20Poly1305.KEY_LENGTH;
    private static final int LENGTH = OpenSshChaCha20Poly1305.LENGTH_FIELD;
    private static final int TAG = OpenSshChaCha20Poly1305.TAG_LENGTH;
    private static final int SEQ_BYTES = 8;

    private OpenSshChaCha20Poly1305 core;
    private boolean encrypt;
    private long seq;
    /** Packets since init: the 2^32nd would repeat the first one's sequence number, so nonce and keystream. */
    private long packets;
    /** Where the current packet's length field is (set by updateAAD, cleared by update), and its bytes as given. */
    private byte[] lengthArray;

    private int lengthOff;
    private final byte[] lengthGiven = new byte[LENGTH];
    private final byte[] lengthPlain = new byte[LENGTH];
    /** The packet, when MINA passes the length and the body in different places (it does not today). */
    private byte[] staging = new byte[0];

    /** Cheap and holds nothing: MINA makes throwaway instances to ask whether the cipher is an AEAD. */
    public ChaCha20Poly1305Cipher() {}

    /**
     * @param key at least 64 bytes of key material; the first 64 are used (bytes 0..31: Poly1305 key and body,
     *     32..63: length)
     * @param iv at least 8 bytes: the first packet's sequence number, big-endian, in [0, 2^32 - 1]
     */
    @Override
    public void init(Mode mode, byte[] key, byte[] iv) {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(iv, "iv");
        if (key.length < KEY) {
            throw new IllegalArgumentException("key material must be at least 64 bytes, got " + key.length);
        }
        if (iv.length < SEQ_BYTES) {
            throw new IllegalArgumentException("the IV must hold an 8-byte sequence number, got " + iv.length);
        }
        long s = 0;
        for (int i = 0; i < SEQ_BYTES; i++) {
            s = s << 8 | (iv[i] & 0xff);
        }
        if (s < 0 || s > OpenSshChaCha20Poly1305.MAX_SEQUENCE_NUMBER) {
            throw new IllegalArgumentException("the sequence number in the IV is not a uint32");
        }
        OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(key, 0);
        if (core != null) {
            core.destroy();
        }
        core = c;
        encrypt = mode == Mode.Encrypt;
        seq = s;
        packets = 0;
        lengthArray = null;
    }

    /** The 4-byte packet length: decrypted in place when receiving; when sending, sealed with the body by update. */
    @Override
    public void updateAAD(byte[] data, int off, int len) {
        checkInit();
        Objects.requireNonNull(data, "data");
        if (len != LENGTH) {
            throw new IllegalArgumentException("the AAD is the 4-byte packet length, got " + len + " bytes");
        }
        Objects.checkFromIndexSize(off, LENGTH, data.length);
        System.arraycopy(data, off, lengthGiven, 0, LENGTH);
        if (!encrypt) {
            core.cryptLength(seq, data, off, lengthPlain, 0);
            System.arraycopy(lengthPlain, 0, data, off, LENGTH);
        }
        lengthArray = data;
        lengthOff = off;
    }

    /**
     * The body of {@code len} bytes at {@code in[off ..]}, the tag in the 16 bytes after it: sealed, or verified and
     * then opened, in place. The packet's length field came through {@link #updateAAD} just before.
     *
     * @throws AEADBadTagException receiving, if the tag does not match (the body is left as it was)
     */
    @Override
    public void update(byte[] in, int off, int len) throws AEADBadTagException {
        checkInit();
        Objects.requireNonNull(in, "in");
        if (lengthArray == null) {
            throw new IllegalStateException("updateAAD with the packet's 4 length bytes must come before update");
        }
        if (len < 0) {
            throw new IllegalArgumentException("negative length " + len);
        }
        Objects.checkFromIndexSize(off, len, in.length - TAG);
        byte[] la = lengthArray;
        lengthArray = null;
        if (la == in && lengthOff + LENGTH == off) {
            onPacket(in, lengthOff, len);
        } else {
            apart(la, in, off, len);
        }
        step();
    }

    /** Sending, one call per packet: {@code [length][body]} at {@code in[off ..]} sealed in place, tag after it. */
    @Override
    public void updateWithAAD(byte[] in, int off, int aadLen, int len) throws AEADBadTagException {
        if (!encrypt || aadLen != LENGTH) {
            updateAAD(in, off, aadLen);
            update(in, off + aadLen, len);
            return;
        }
        checkInit();
        core.seal(seq, in, off, len, in, off);
        step();
    }

    /** The packet is whole at in[start ..]: its length field holds the plaintext when sending, else the plaintext. */
    private void onPacket(byte[] in, int start, int len) throws AEADBadTagException {
        if (encrypt) {
            core.seal(seq, in, start, len, in, start);
            return;
        }
        // the tag covers the encrypted length: put it back for open, which writes the plaintext over it
        System.arraycopy(lengthGiven, 0, in, start, LENGTH);
        try {
            core.open(seq, in, start, len, in, start);
        } catch (AEADBadTagException e) {
            System.arraycopy(lengthPlain, 0, in, start, LENGTH);
            throw e;
        }
    }

    /** Length field and body in different places: the packet goes through a private copy. */
    private void apart(byte[] la, byte[] in, int off, int len) throws AEADBadTagException {
        if ((long) LENGTH + len + TAG > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("a packet of " + len + " body bytes does not fit in an array");
        }
        int whole = LENGTH + len + TAG;
        if (staging.length < whole) {
            staging = new byte[whole];
        }
        try {
            System.arraycopy(lengthGiven, 0, staging, 0, LENGTH);
            if (encrypt) {
                System.arraycopy(in, off, staging, LENGTH, len);
                core.seal(seq, staging, 0, len, staging, 0);
                System.arraycopy(staging, 0, la, lengthOff, LENGTH);
                System.arraycopy(staging, LENGTH, in, off, len + TAG);
            } else {
                System.arraycopy(in, off, staging, LENGTH, len + TAG);
                core.open(seq, staging, 0, len, staging, 0);
                System.arraycopy(staging, LENGTH, in, off, len);
            }
        } finally {
            Arrays.fill(staging, 0, whole, (byte) 0);
        }
    }

    private void checkInit() {
        if (core == null) {
            throw new IllegalStateException("init must come first");
        }
        if (packets == OpenSshChaCha20Poly1305.PACKETS_PER_KEY) {
            // as MINA's own cipher: never a second packet under one key and sequence number
            throw new IllegalStateException("2^32 packets under one key: the next would repeat a nonce; rekey first");
        }
    }

    /** After a packet: the next sequence number (SSH's uint32 wraps) and one more packet under this key. */
    private void step() {
        seq = (seq + 1) & OpenSshChaCha20Poly1305.MAX_SEQUENCE_NUMBER;
        packets++;
    }

    /** "ChaCha20": MINA puts the sequence number in the IV only for algorithms whose name starts with "ChaCha". */
    @Override
    public String getAlgorithm() {
        return "ChaCha20";
    }

    @Override
    public String getTransformation() {
        return "ChaCha20";
    }

    /** Key size in bits, as MINA's built-in cipher answers (64 bytes of key material). */
    @Override
    public int getKeySize() {
        return KEY * 8;
    }

    /** The 8 bytes of IV that carry the first sequence number. */
    @Override
    public int getIVSize() {
        return SEQ_BYTES;
    }

    @Override
    public int getAuthenticationTagSize() {
        return TAG;
    }

    /** Packets are padded to 8 bytes, as OpenSSH's cipher table gives for this cipher. */
    @Override
    public int getCipherBlockSize() {
        return 8;
    }

    @Override
    public int getKdfSize() {
        return KEY;
    }

    @Override
    public String toString() {
        return ChaCha20Poly1305Factory.NAME + " (jchacha)";
    }
}
