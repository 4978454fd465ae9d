// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh.sshj;

import io.jchacha.ssh.OpenSshChaCha20Poly1305;
import java.util.Objects;
import javax.crypto.AEADBadTagException;
import net.schmizz.sshj.common.SSHRuntimeException;
import net.schmizz.sshj.transport.cipher.Cipher;

/**
 * sshj's {@link Cipher} for {@code chacha20-poly1305@openssh.com} on jchacha's {@link OpenSshChaCha20Poly1305}: one
 * call into the core per packet. Install it with {@link ChaCha20Poly1305Factory#install}.
 *
 * <p>sshj's contract, as its transport calls it: {@link #init} gets 64 bytes of key material ({@link #getBlockSize()};
 * the IV is not used), and before every packet {@link #setSequenceNumber} gets that packet's sequence number. Sending,
 * {@link #updateWithAAD} seals {@code [length][body]} in place and writes the tag after it. Receiving,
 * {@link #updateAAD} decrypts the 4 length bytes in place (their encrypted form is kept for the tag), then
 * {@link #update} verifies the tag after the body and only then decrypts the body in place (the decoder may have
 * copied the packet to a larger array in between, so the length field is the 4 bytes before the body); a bad tag throws
 * {@link SSHRuntimeException} "MAC Error", as sshj's own cipher does, and leaves the packet as updateAAD left it.
 *
 * <p>Stricter than sshj's own cipher: a packet needs a {@link #setSequenceNumber} call before it, and after the first
 * packet each number must follow the previous packet's (mod 2^32), so no nonce repeats under one key; at most 2^32
 * packets per key. Not thread-safe: sshj uses one instance per direction and makes new ones at every key exchange.
 * OpenSSH private-key files keep using sshj's own class (sshj's key-file reader has a fixed cipher table).
 */
public final class ChaCha20Poly1305Cipher implements Cipher {
    private static final int KEY = OpenSshChaCha20Poly1305.KEY_LENGTH;
    private static final int LENGTH = OpenSshChaCha20Poly1305.LENGTH_FIELD;
    private static final int TAG = OpenSshChaCha20Poly1305.TAG_LENGTH;
    private static final long MAX_SEQ = OpenSshChaCha20Poly1305.MAX_SEQUENCE_NUMBER;

    private OpenSshChaCha20Poly1305 core;
    private boolean encrypt;
    /** The next packet's sequence number, or -1 until setSequenceNumber gives it. */
    private long seq = -1;
    /** The last packet's sequence number, or -1 before the first packet under this key. */
    private long last = -1;
    /** Packets since init: the 2^32nd would repeat the first one's sequence number, so nonce and keystream. */
    private long packets;
    /** Whether updateAAD gave the current packet's length field; its plaintext and its encrypted form. */
    private boolean lengthSet;

    private final byte[] lengthPlain = new byte[LENGTH];
    private final byte[] lengthSealed = new byte[LENGTH];

    /** Cheap and holds nothing until init: sshj's DefaultConfig makes one to try the cipher. */
    public ChaCha20Poly1305Cipher() {}

    /** 64: the bytes of key material sshj derives for this cipher. */
    @Override
    public int getBlockSize() {
        return KEY;
    }

    /** 0, as sshj's own class: the sequence number comes through {@link #setSequenceNumber}. */
    @Override
    public int getIVSize() {
        return 0;
    }

    /** 16: sshj then treats the cipher as an AEAD (no separate MAC; packets padded to 16 bytes). */
    @Override
    public int getAuthenticationTagSize() {
        return TAG;
    }

    /**
     * @param key at least 64 bytes; the first 64 are used (bytes 0..31: Poly1305 key and body, 32..63: length)
     * @param iv not used (may be null)
     */
    @Override
    public void init(Mode mode, byte[] key, byte[] iv) {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(key, "key");
        if (key.length < KEY) {
            throw new IllegalArgumentException("key material must be at least 64 bytes, got " + key.length);
        }
        OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(key, 0);
        if (core != null) {
            core.destroy();
        }
        core = c;
        encrypt = mode == Mode.Encrypt;
        seq = -1;
        last = -1;
        packets = 0;
        lengthSet = false;
    }

    /**
     * The sequence number of the next packet, SSH's uint32.
     *
     * @throws IllegalArgumentException outside [0, 2^32 - 1]
     * @throws IllegalStateException if it does not follow the previous packet's number under this key
     */
    @Override
    public void setSequenceNumber(long seq) {
        if (seq < 0 || seq > MAX_SEQ) {
            throw new IllegalArgumentException("the sequence number is not a uint32: " + seq);
        }
        if (last >= 0 && seq != ((last + 1) & MAX_SEQ)) {
            throw new IllegalStateException(
                    "sequence number " + seq + " after " + last + " under one key: a nonce could repeat");
        }
        this.seq = seq;
        lengthSet = false;
    }

    /**
     * The 4-byte packet length, encrypted or decrypted in place (the keystream is an XOR); update then seals or
     * opens the packet with it.
     */
    @Override
    public void updateAAD(byte[] data, int offset, int length) {
        checkPacket();
        Objects.requireNonNull(data, "data");
        if (length != LENGTH) {
            throw new IllegalArgumentException("the AAD is the 4-byte packet length, got " + length + " bytes");
        }
        Objects.checkFromIndexSize(offset, LENGTH, data.length);
        System.arraycopy(data, offset, encrypt ? lengthPlain : lengthSealed, 0, LENGTH);
        byte[] other = encrypt ? lengthSealed : lengthPlain;
        core.cryptLength(seq, data, offset, other, 0);
        System.arraycopy(other, 0, data, offset, LENGTH);
        lengthSet = true;
    }

    /** The 4 bytes at {@code data[0 ..]}: see {@link #updateAAD(byte[], int, int)}. */
    @Override
    public void updateAAD(byte[] data) {
        updateAAD(data, 0, LENGTH);
    }

    /**
     * The body of {@code inputLen} bytes at {@code input[inputOffset ..]}, the tag in the 16 bytes after it: sealed,
     * or verified and then opened, in place, with the length field {@link #updateAAD} just got. That field is
     * rewritten in the 4 bytes before the body: sshj's decoder may have moved the packet to a larger array since.
     *
     * @throws SSHRuntimeException "MAC Error" receiving, if the tag does not match (nothing is decrypted; the length
     *     field holds its plaintext, as updateAAD left it)
     */
    @Override
    public void update(byte[] input, int inputOffset, int inputLen) {
        checkPacket();
        Objects.requireNonNull(input, "input");
        if (!lengthSet) {
            throw new IllegalStateException("updateAAD with the packet's 4 length bytes must come before update");
        }
        if (inputOffset < LENGTH || inputLen < 0) {
            throw new IllegalArgumentException(
                    "the body follows its 4-byte length field: offset " + inputOffset + ", length " + inputLen);
        }
        Objects.checkFromIndexSize(inputOffset, inputLen, input.length - TAG);
        int start = inputOffset - LENGTH;
        lengthSet = false;
        if (encrypt) {
            System.arraycopy(lengthPlain, 0, input, start, LENGTH);
            core.seal(seq, input, start, inputLen, input, start);
        } else {
            // the tag covers the encrypted length: put it back for open, which writes the plaintext over it
            System.arraycopy(lengthSealed, 0, input, start, LENGTH);
            try {
                core.open(seq, input, start, inputLen, input, start);
            } catch (AEADBadTagException e) {
                System.arraycopy(lengthPlain, 0, input, start, LENGTH);
                throw new SSHRuntimeException("MAC Error", e); // sshj's own cipher's exception and message
            }
        }
        done();
    }

    /** Sending, one call per packet: {@code [length][body]} at {@code input[offset ..]} sealed in place, tag after. */
    @Override
    public void updateWithAAD(byte[] input, int offset, int aadLen, int inputLen) {
        if (!encrypt || aadLen != LENGTH) {
            updateAAD(input, offset, aadLen);
            update(input, offset + aadLen, inputLen);
            return;
        }
        checkPacket();
        core.seal(seq, input, offset, inputLen, input, offset);
        done();
    }

    private void checkPacket() {
        if (core == null) {
            throw new IllegalStateException("init must come first");
        }
        if (packets == OpenSshChaCha20Poly1305.PACKETS_PER_KEY) {
            throw new IllegalStateException("2^32 packets under one key: the next would repeat a nonce; rekey first");
        }
        if (seq < 0) {
            throw new IllegalStateException("setSequenceNumber must come before each packet");
        }
    }

    /** After a packet: its number is spent, and one more packet under this key. */
    private void done() {
        last = seq;
        seq = -1;
        packets++;
    }

    @Override
    public String toString() {
        return ChaCha20Poly1305Factory.NAME + " (jchacha)";
    }
}
