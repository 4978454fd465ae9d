// SPDX-License-Identifier: Apache-2.0
package io.jchacha.provider;

import io.jchacha.internal.Bytes;
import java.nio.ByteBuffer;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.SecureRandom;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/** What the cipher SPIs share: key and mode checks, nonces, aliasing rules for buffers. */
final class Support {
    static final int KEY_LENGTH = 32;

    /**
     * Which of SunJCE's two sets of rules for reusing a ChaCha20 cipher the SPIs follow: those of the JDK they
     * run on. JDK 21 changed them to match AES/GCM (JDK-8305091, CSR JDK-8305822). From JDK 21 on
     * ({@code true}):
     * <ul>
     * <li>DECRYPT_MODE may be initialized with the key and nonce of the previous initialization;</li>
     * <li>{@code doFinal} in DECRYPT_MODE, whether it succeeds or throws (bad tag, short output), leaves the
     *     cipher ready for another message under the same key and nonce: block counter back at its initial
     *     value, AAD and buffered ciphertext dropped, so new AAD may follow;</li>
     * <li>ChaCha20-Poly1305's {@code update(ByteBuffer, ByteBuffer)} needs output room only for what that
     *     update writes (the input's length when encrypting, nothing when decrypting), not for a final tag.</li>
     * </ul>
     * Before JDK 21 ({@code false}) no mode accepts a repeated key and nonce, every {@code doFinal} ends the
     * initialization, and that {@code update} is sized as if it were the last call. On every JDK, ENCRYPT_MODE
     * refuses the previous initialization's key and nonce and needs a new initialization after {@code doFinal}.
     * The last rule above was observed on JDK 25 (JDK 17 differs); it is tied to the same switch.
     */
    static final boolean DECRYPT_REUSE_ALLOWED = Runtime.version().feature() >= 21;

    private Support() {}

    private static final class Random {
        static final SecureRandom DEFAULT = new SecureRandom();
    }

    static byte[] randomNonce(SecureRandom random, int length) {
        byte[] n = new byte[length];
        (random != null ? random : Random.DEFAULT).nextBytes(n);
        return n;
    }

    /** SunJCE's order: wrap/unwrap are unsupported, anything else but encrypt/decrypt is a bad mode. */
    static void checkOpmode(int opmode) throws InvalidKeyException {
        if (opmode == Cipher.WRAP_MODE || opmode == Cipher.UNWRAP_MODE) {
            throw new UnsupportedOperationException("key wrapping is not supported: use ENCRYPT_MODE or DECRYPT_MODE");
        }
        if (opmode != Cipher.ENCRYPT_MODE && opmode != Cipher.DECRYPT_MODE) {
            throw new InvalidKeyException("unknown operation mode " + opmode);
        }
    }

    /** The 32 raw key bytes (a copy the caller owns), or {@link InvalidKeyException}. */
    static byte[] rawKey(Key key) throws InvalidKeyException {
        if (key == null) {
            throw new InvalidKeyException("Key must not be null");
        }
        if (!"RAW".equals(key.getFormat())) {
            throw new InvalidKeyException("key must have RAW encoding, has " + key.getFormat());
        }
        byte[] encoded = key.getEncoded();
        if (encoded == null || encoded.length != KEY_LENGTH) {
            if (encoded != null) {
                Arrays.fill(encoded, (byte) 0);
            }
            throw new InvalidKeyException("key must be 32 bytes (256 bits)");
        }
        return encoded;
    }

    /**
     * Refuses a key and nonce pair equal to the previous (successful) initialization's, whatever that one's
     * mode: in every mode, or with {@link #DECRYPT_REUSE_ALLOWED} in ENCRYPT_MODE only. {@code sameKey}: whether
     * the new key equals the previous initialization's ({@link #sameKey}).
     */
    static void checkFresh(int opmode, boolean sameKey, byte[] newNonce, byte[] oldNonce) throws InvalidKeyException {
        if (DECRYPT_REUSE_ALLOWED && opmode == Cipher.DECRYPT_MODE) {
            return;
        }
        if (sameKey && Arrays.equals(newNonce, oldNonce)) {
            throw new InvalidKeyException("key and nonce repeat the previous initialization's: use a new nonce");
        }
    }

    /**
     * Whether two 32-byte keys are equal, in time independent of their contents: four 8-byte words, one OR of their
     * differences ({@code MessageDigest.isEqual} goes byte by byte, a measurable part of a short seal through the
     * provider: docs/bench/tuning.md#provider-same-key). {@code a} may be null (no previous key): false.
     */
    static boolean sameKey(byte[] a, byte[] b) {
        if (a == null) {
            return false;
        }
        long d = 0;
        for (int i = 0; i < KEY_LENGTH; i += 8) {
            d |= (long) Bytes.LE_LONG.get(a, i) ^ (long) Bytes.LE_LONG.get(b, i);
        }
        return d == 0;
    }

    /**
     * Whether {@code key} is {@code last}, the object an SPI last read its key bytes from, and a
     * {@code SecretKeySpec} (that class exactly): its bytes are then still the ones read, since the class copies
     * them in and out and has no public way to change or destroy them, so the SPI may skip {@code getEncoded()}'s
     * copy and the comparison. (The JDK clears some of its own {@code SecretKeySpec}s when it is done with them,
     * e.g. TLS secrets, through an internal accessor; such a key is not used for a message afterwards.)
     */
    static boolean sameKeyObject(Key key, Key last) {
        return key == last && key != null && key.getClass() == SecretKeySpec.class;
    }

    /**
     * Whether the two buffers could be views of the same memory at different offsets without our being able
     * to see it: two direct buffers, or a heap buffer that hides its array (read-only). Heap buffers with
     * accessible arrays are compared through the arrays; a direct buffer never shares memory with a heap one.
     */
    static boolean mayAliasUnseen(ByteBuffer in, ByteBuffer out) {
        if (in.hasArray() && out.hasArray()) {
            return false;
        }
        if (in.isDirect() != out.isDirect()) {
            return false;
        }
        return true;
    }

    /** Reads {@code len} bytes at absolute index {@code pos} into a new array. */
    static byte[] copyOut(ByteBuffer b, int pos, int len) {
        byte[] a = new byte[len];
        b.get(pos, a, 0, len);
        return a;
    }

    static void wipe(byte[] a) {
        if (a != null) {
            Arrays.fill(a, (byte) 0);
        }
    }

    /** engineSetMode for every cipher here: ChaCha20 has no mode but None. */
    static void checkMode(String mode) throws java.security.NoSuchAlgorithmException {
        if (!"None".equalsIgnoreCase(mode)) {
            throw new java.security.NoSuchAlgorithmException("ChaCha20 ciphers have no mode but None, not " + mode);
        }
    }

    /** engineSetPadding for every cipher here: a stream cipher takes no padding. */
    static void checkPadding(String padding) throws javax.crypto.NoSuchPaddingException {
        if (!"NoPadding".equalsIgnoreCase(padding)) {
            throw new javax.crypto.NoSuchPaddingException(
                    "ChaCha20 ciphers take no padding (NoPadding), not " + padding);
        }
    }
}
