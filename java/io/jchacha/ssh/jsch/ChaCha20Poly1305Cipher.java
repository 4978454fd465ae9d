// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh.jsch;

import com.jcraft.jsch.Cipher;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.Session;
import io.jchacha.ChaCha20;
import io.jchacha.Poly1305;
import io.jchacha.ssh.OpenSshChaCha20Poly1305;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.AEADBadTagException;

/**
 * JSch's {@link Cipher} for {@code chacha20-poly1305@openssh.com} on jchacha's {@link OpenSshChaCha20Poly1305}: one
 * native call per packet, and no BouncyCastle (JSch's own class needs it). {@link #install()} registers it with JSch
 * and adds the cipher to JSch's lists, which leave it out by default.
 *
 * <p>JSch's contract, as its sessions call it: {@link #update(int)} sets the packet's sequence number (JSch's
 * {@code int}, read as unsigned), {@link #update(byte[], int, int, byte[], int)} the 4-byte length, and
 * {@link #doFinal} the whole packet (length and body; the tag after them): receiving, the tag is verified before
 * anything is decrypted, and a mismatch throws {@link AEADBadTagException} with nothing written. {@code doFinal}
 * with an input offset of -4 is OpenSSH's private-key-file form (no length field; the tag covers the ciphertext
 * alone), which JSch uses to read keys written by {@code ssh-keygen -Z chacha20-poly1305@openssh.com}. Not
 * thread-safe: JSch uses one instance per direction and makes new ones at every key exchange.
 */
public final class ChaCha20Poly1305Cipher implements Cipher {
    /** The SSH name of the cipher. */
    public static final String NAME = "chacha20-poly1305@openssh.com";

    private static final int KEY = OpenSshChaCha20Poly1305.KEY_LENGTH;
    private static final int LENGTH = OpenSshChaCha20Poly1305.LENGTH_FIELD;
    private static final int TAG = OpenSshChaCha20Poly1305.TAG_LENGTH;
    private static final String[] LISTS = {"cipher.c2s", "cipher.s2c"};

    private OpenSshChaCha20Poly1305 core;
    /** Bytes 0..31 of the key material: only the key-file form (doFinal at -4) uses them directly. */
    private final byte[] bodyKey = new byte[32];

    private boolean encrypt;
    private long seq;
    /** Packets since init: JSch's int sequence numbers wrap, and the 2^32nd packet would repeat a nonce. */
    private long packets;
    /** Sending: the plaintext length update() saw and the encrypted one it wrote, for doFinal to seal the packet. */
    private final byte[] lengthPlain = new byte[LENGTH];

    private final byte[] lengthSealed = new byte[LENGTH];
    private boolean lengthSet;

    /** JSch makes its ciphers by class name with this constructor. Cheap and holds nothing until init. */
    public ChaCha20Poly1305Cipher() {}

    /**
     * Registers this class with JSch for {@value #NAME} and puts the name first in JSch's {@code cipher.c2s} and
     * {@code cipher.s2c} lists (global configuration: every session made afterwards).
     */
    public static void install() {
        JSch.setConfig(NAME, ChaCha20Poly1305Cipher.class.getName());
        for (String list : LISTS) {
            JSch.setConfig(list, preferred(JSch.getConfig(list)));
        }
    }

    /** As {@link #install()}, for one session (before it connects). */
    public static void install(Session session) {
        Objects.requireNonNull(session, "session");
        session.setConfig(NAME, ChaCha20Poly1305Cipher.class.getName());
        for (String list : LISTS) {
            session.setConfig(list, preferred(session.getConfig(list)));
        }
    }

    private static String preferred(String list) {
        StringBuilder sb = new StringBuilder(NAME);
        if (list != null) {
            for (String name : list.split(",")) {
                if (!name.isBlank() && !name.trim().equalsIgnoreCase(NAME)) {
                    sb.append(',').append(name.trim());
                }
            }
        }
        return sb.toString();
    }

    /** JSch's name for the padding block (8: packets are padded to 8 bytes). */
    @Override
    public int getIVSize() {
        return 8;
    }

    /** JSch's name for the key length: 64 bytes of key material. */
    @Override
    public int getBlockSize() {
        return KEY;
    }

    @Override
    public int getTagSize() {
        return TAG;
    }

    /**
     * @param key at least 64 bytes; the first 64 are used (bytes 0..31: Poly1305 key and body, 32..63: length). An
     *     all-zero key is accepted: JSch tries one to see whether the cipher works here.
     * @param iv not used (the sequence number comes through {@link #update(int)})
     */
    @Override
    public void init(int mode, byte[] key, byte[] iv) {
        Objects.requireNonNull(key, "key");
        if (mode != ENCRYPT_MODE && mode != DECRYPT_MODE) {
            throw new IllegalArgumentException("mode must be ENCRYPT_MODE or DECRYPT_MODE, got " + mode);
        }
        if (key.length < KEY) {
            throw new IllegalArgumentException("key material must be at least 64 bytes, got " + key.length);
        }
        OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(key, 0);
        if (core != null) {
            core.destroy();
        }
        core = c;
        System.arraycopy(key, 0, bodyKey, 0, bodyKey.length);
        encrypt = mode == ENCRYPT_MODE;
        seq = 0;
        packets = 0;
        lengthSet = false;
    }

    /** The sequence number of the next packet: JSch's int, as SSH's uint32. */
    @Override
    public void update(int seq) {
        this.seq = seq & OpenSshChaCha20Poly1305.MAX_SEQUENCE_NUMBER;
        lengthSet = false;
    }

    /** The 4-byte packet length at {@code in[inOff ..]}, encrypted or decrypted into {@code out[outOff ..]}. */
    @Override
    public void update(byte[] in, int inOff, int len, byte[] out, int outOff) {
        checkInit();
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(out, "out");
        if (len != LENGTH) {
            throw new IllegalArgumentException("only the 4-byte packet length goes through update, got " + len);
        }
        Objects.checkFromIndexSize(inOff, LENGTH, in.length);
        Objects.checkFromIndexSize(outOff, LENGTH, out.length);
        // the length's keystream is an XOR, so "decrypting" the plaintext encrypts it
        if (encrypt) {
            System.arraycopy(in, inOff, lengthPlain, 0, LENGTH);
            core.cryptLength(seq, lengthPlain, 0, lengthSealed, 0);
            System.arraycopy(lengthSealed, 0, out, outOff, LENGTH);
            lengthSet = true;
        } else {
            core.cryptLength(seq, in, inOff, out, outOff);
        }
    }

    /**
     * The packet: {@code len} bytes at {@code in[inOff ..]} (4-byte length, then the body), its tag after them.
     * Sending, writes the encrypted length, body and tag to {@code out[outOff ..]}; receiving, verifies the tag and
     * writes the plaintext length and body there. {@code inOff == -4}: OpenSSH's key-file form, {@code len} bytes at
     * {@code in[0 ..]} with no length field, tag after them.
     *
     * @throws AEADBadTagException receiving, if the tag does not match (nothing is written)
     */
    @Override
    public void doFinal(byte[] in, int inOff, int len, byte[] out, int outOff) throws AEADBadTagException {
        checkInit();
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(out, "out");
        if (inOff == -LENGTH) {
            keyFile(in, len, out, outOff);
            return;
        }
        if (inOff < 0 || len < LENGTH) {
            throw new IllegalArgumentException("a packet is at least its 4-byte length, got " + len + " at " + inOff);
        }
        int bodyLen = len - LENGTH;
        if (packets == OpenSshChaCha20Poly1305.PACKETS_PER_KEY) {
            throw new IllegalStateException("2^32 packets under one key: the next would repeat a nonce; rekey first");
        }
        packets++;
        if (!encrypt) {
            core.open(seq, in, inOff, bodyLen, out, outOff);
            return;
        }
        // update() may have encrypted the length in place: seal from the plaintext it saw
        Objects.checkFromIndexSize(inOff, len, in.length);
        boolean restore = lengthSet && Arrays.equals(in, inOff, inOff + LENGTH, lengthSealed, 0, LENGTH);
        if (restore) {
            System.arraycopy(lengthPlain, 0, in, inOff, LENGTH);
        }
        try {
            core.seal(seq, in, inOff, bodyLen, out, outOff);
        } catch (RuntimeException e) {
            if (restore) {
                System.arraycopy(lengthSealed, 0, in, inOff, LENGTH);
            }
            throw e;
        }
    }

    /**
     * OpenSSH's private key files: ChaCha20 with bytes 0..31 and nonce BE64(seq), Poly1305 key from block 0, data
     * from block 1, the tag over the ciphertext alone. Rare and small, so through the public API, not per packet.
     */
    private void keyFile(byte[] in, int len, byte[] out, int outOff) throws AEADBadTagException {
        if (len < 0) {
            throw new IllegalArgumentException("negative length " + len);
        }
        Objects.checkFromIndexSize(0, len, in.length - TAG);
        Objects.checkFromIndexSize(outOff, len + (encrypt ? TAG : 0), out.length);
        byte[] nonce = new byte[8];
        for (int i = 0; i < 8; i++) {
            nonce[i] = (byte) (seq >>> (56 - 8 * i));
        }
        ChaCha20 c = ChaCha20.original(bodyKey, nonce);
        byte[] block0 = new byte[ChaCha20.BLOCK_LENGTH];
        byte[] polyKey = Arrays.copyOf(block0, Poly1305.KEY_LENGTH);
        try {
            c.keystream(block0, 0, block0.length);
            System.arraycopy(block0, 0, polyKey, 0, polyKey.length);
            if (encrypt) {
                byte[] sealed = Arrays.copyOf(in, len); // the key file's plaintext until encrypted in place
                try {
                    c.update(sealed, 0, len, sealed, 0);
                    byte[] tag = Poly1305.mac(polyKey, sealed);
                    System.arraycopy(sealed, 0, out, outOff, len);
                    System.arraycopy(tag, 0, out, outOff + len, TAG);
                } finally {
                    Arrays.fill(sealed, (byte) 0);
                }
            } else {
                byte[] tag = Poly1305.mac(polyKey, in, 0, len);
                if (!MessageDigest.isEqual(tag, Arrays.copyOfRange(in, len, len + TAG))) {
                    throw new AEADBadTagException("tag mismatch");
                }
                c.update(in, 0, len, out, outOff);
            }
        } finally {
            c.destroy();
            Arrays.fill(block0, (byte) 0);
            Arrays.fill(polyKey, (byte) 0);
        }
    }

    private void checkInit() {
        if (core == null) {
            throw new IllegalStateException("init must come first");
        }
    }

    @Override
    public boolean isCBC() {
        return false;
    }

    @Override
    public boolean isAEAD() {
        return true;
    }

    /** JSch's sessions and key files take their ChaCha20-Poly1305 code paths for this cipher. */
    @Override
    public boolean isChaCha20() {
        return true;
    }

    @Override
    public String toString() {
        return NAME + " (jchacha)";
    }
}
