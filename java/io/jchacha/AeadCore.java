// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import io.jchacha.internal.AeadEngine;
import io.jchacha.internal.Engines;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.AEADBadTagException;
import javax.crypto.ShortBufferException;

/**
 * Argument checks and buffer bookkeeping shared by the AEAD classes, in front of an {@link AeadEngine}. Every
 * check runs before any output byte is written. Immutable and thread-safe: the per-message state (the IETF
 * ChaCha20 state with the key and nonce) comes from the caller and is wiped here after use.
 */
final class AeadCore {
    static final int TAG_LENGTH = 16;
    /** The IETF construction's limit: 2^32 - 1 blocks of 64 bytes, counting from block 1. */
    static final long MAX_MESSAGE_LENGTH = ((1L << 32) - 1) * 64;

    private static final byte[] EMPTY = new byte[0];

    private final AeadEngine aead;

    AeadCore() {
        this.aead = AeadEngine.forEngine(Engines.active());
    }

    /** Little-endian words of a 32-byte key, after the null and length checks. */
    static int[] keyWords(byte[] key) {
        Objects.requireNonNull(key, "key");
        if (key.length != 32) {
            throw new IllegalArgumentException("key must be 32 bytes, got " + key.length);
        }
        int[] k = new int[8];
        for (int i = 0; i < 8; i++) {
            k[i] = (int) io.jchacha.internal.Bytes.LE_INT.get(key, 4 * i);
        }
        return k;
    }

    static void checkNonce(byte[] nonce, int length) {
        Objects.requireNonNull(nonce, "nonce");
        if (nonce.length != length) {
            throw new IllegalArgumentException("nonce must be " + length + " bytes, got " + nonce.length);
        }
    }

    /** The IETF state: constants, key words, counter 0, the three nonce words. */
    static int[] ietfState(int[] key, int n0, int n1, int n2) {
        int[] s = new int[16];
        io.jchacha.internal.ChaChaBlock.setConstants(s);
        System.arraycopy(key, 0, s, 4, 8);
        s[13] = n0;
        s[14] = n1;
        s[15] = n2;
        return s;
    }

    static byte[] aad(byte[] aad) {
        return aad == null ? EMPTY : aad;
    }

    /** Rejects messages longer than the IETF block counter can cover. */
    static void checkMessageLength(long len) {
        if (len > MAX_MESSAGE_LENGTH) {
            throw new IllegalArgumentException("message longer than the IETF ChaCha20 limit of "
                    + MAX_MESSAGE_LENGTH + " bytes: " + len);
        }
    }

    /** Rejects a one-shot output that would not fit in an array. */
    static void checkArrayLength(long total) {
        if (total > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("output of " + total + " bytes does not fit in a byte array");
        }
    }

    private static void checkOutOffset(byte[] out, int outOff) {
        if (outOff < 0 || outOff > out.length) {
            throw new IndexOutOfBoundsException("output offset " + outOff + " out of bounds for length "
                    + out.length);
        }
    }

    // ---- one-shot, caller nonce -------------------------------------------------------------------------

    byte[] seal(int[] state, byte[] plaintext, byte[] aad) {
        try {
            Objects.requireNonNull(plaintext, "plaintext");
            checkMessageLength(plaintext.length);
            checkArrayLength(plaintext.length + (long) TAG_LENGTH);
            byte[] a = aad(aad);
            byte[] out = new byte[plaintext.length + TAG_LENGTH];
            aead.seal(state, a, 0, a.length, plaintext, 0, plaintext.length, out, 0);
            return out;
        } finally {
            Arrays.fill(state, 0);
        }
    }

    byte[] open(int[] state, byte[] ciphertext, byte[] aad) throws AEADBadTagException {
        try {
            Objects.requireNonNull(ciphertext, "ciphertext");
            if (ciphertext.length < TAG_LENGTH) {
                throw new AEADBadTagException("ciphertext shorter than the 16-byte tag");
            }
            byte[] a = aad(aad);
            int ptLen = ciphertext.length - TAG_LENGTH;
            byte[] out = new byte[ptLen];
            if (!aead.open(state, a, 0, a.length, ciphertext, 0, ptLen, out, 0)) {
                throw new AEADBadTagException("tag mismatch");
            }
            return out;
        } finally {
            Arrays.fill(state, 0);
        }
    }

    // ---- one-shot with the nonce in front (random-nonce classes) ------------------------------------------

    /** nonce || seal(plaintext); {@code state} belongs to {@code nonce}. */
    byte[] sealPrefixed(int[] state, byte[] nonce, byte[] plaintext, byte[] aad) {
        try {
            Objects.requireNonNull(plaintext, "plaintext");
            checkMessageLength(plaintext.length);
            checkArrayLength((long) nonce.length + plaintext.length + TAG_LENGTH);
            byte[] a = aad(aad);
            byte[] out = new byte[nonce.length + plaintext.length + TAG_LENGTH];
            System.arraycopy(nonce, 0, out, 0, nonce.length);
            aead.seal(state, a, 0, a.length, plaintext, 0, plaintext.length, out, nonce.length);
            return out;
        } finally {
            Arrays.fill(state, 0);
        }
    }

    /** Opens {@code in[nonceLength ..]} with the state for the nonce that the caller read from its start. */
    byte[] openPrefixed(int[] state, int nonceLength, byte[] in, byte[] aad) throws AEADBadTagException {
        try {
            byte[] a = aad(aad);
            int ptLen = in.length - nonceLength - TAG_LENGTH;
            byte[] out = new byte[ptLen];
            if (!aead.open(state, a, 0, a.length, in, nonceLength, ptLen, out, 0)) {
                throw new AEADBadTagException("tag mismatch");
            }
            return out;
        } finally {
            Arrays.fill(state, 0);
        }
    }

    // ---- array ranges -------------------------------------------------------------------------------------

    int seal(int[] state, byte[] in, int inOff, int len, byte[] aad, byte[] out, int outOff)
            throws ShortBufferException {
        try {
            Objects.requireNonNull(in, "in");
            Objects.requireNonNull(out, "out");
            Objects.checkFromIndexSize(inOff, len, in.length);
            checkOutOffset(out, outOff);
            checkMessageLength(len);
            long need = len + (long) TAG_LENGTH;
            if (out.length - outOff < need) {
                throw new ShortBufferException("output needs " + need + " bytes, has " + (out.length - outOff));
            }
            byte[] a = aad(aad);
            aead.seal(state, a, 0, a.length, in, inOff, len, out, outOff);
            return (int) need;
        } finally {
            Arrays.fill(state, 0);
        }
    }

    int open(int[] state, byte[] in, int inOff, int len, byte[] aad, byte[] out, int outOff)
            throws ShortBufferException, AEADBadTagException {
        try {
            Objects.requireNonNull(in, "in");
            Objects.requireNonNull(out, "out");
            Objects.checkFromIndexSize(inOff, len, in.length);
            checkOutOffset(out, outOff);
            if (len < TAG_LENGTH) {
                throw new AEADBadTagException("ciphertext shorter than the 16-byte tag");
            }
            int ptLen = len - TAG_LENGTH;
            if (out.length - outOff < ptLen) {
                throw new ShortBufferException("output needs " + ptLen + " bytes, has " + (out.length - outOff));
            }
            byte[] a = aad(aad);
            if (!aead.open(state, a, 0, a.length, in, inOff, ptLen, out, outOff)) { // output zeroed
                throw new AEADBadTagException("tag mismatch");
            }
            return ptLen;
        } finally {
            Arrays.fill(state, 0);
        }
    }

    // ---- buffers ------------------------------------------------------------------------------------------

    private static void checkBuffers(ByteBuffer in, ByteBuffer out) {
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(out, "out");
        if (in == out) {
            throw new IllegalArgumentException("input and output must not be the same buffer object"
                    + " (use a duplicate() for in-place)");
        }
        if (out.isReadOnly()) {
            throw new ReadOnlyBufferException();
        }
    }

    int seal(int[] state, ByteBuffer in, byte[] aad, ByteBuffer out) throws ShortBufferException {
        try {
            checkBuffers(in, out);
            int len = in.remaining();
            checkMessageLength(len);
            long need = len + (long) TAG_LENGTH;
            if (out.remaining() < need) {
                throw new ShortBufferException("output needs " + need + " bytes, has " + out.remaining());
            }
            byte[] a = aad(aad);
            int inPos = in.position();
            int outPos = out.position();
            aead.seal(state, a, 0, a.length, in, inPos, len, out, outPos);
            in.position(inPos + len);
            out.position(outPos + (int) need);
            return (int) need;
        } finally {
            Arrays.fill(state, 0);
        }
    }

    int open(int[] state, ByteBuffer in, byte[] aad, ByteBuffer out)
            throws ShortBufferException, AEADBadTagException {
        try {
            checkBuffers(in, out);
            int len = in.remaining();
            if (len < TAG_LENGTH) {
                throw new AEADBadTagException("ciphertext shorter than the 16-byte tag");
            }
            int ptLen = len - TAG_LENGTH;
            if (out.remaining() < ptLen) {
                throw new ShortBufferException("output needs " + ptLen + " bytes, has " + out.remaining());
            }
            byte[] a = aad(aad);
            int inPos = in.position();
            int outPos = out.position();
            if (!aead.open(state, a, 0, a.length, in, inPos, ptLen, out, outPos)) { // output zeroed
                throw new AEADBadTagException("tag mismatch");
            }
            in.position(inPos + len);
            out.position(outPos + ptLen);
            return ptLen;
        } finally {
            Arrays.fill(state, 0);
        }
    }
}
