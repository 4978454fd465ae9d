// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import io.jchacha.internal.AeadEngine;
import io.jchacha.internal.Bytes;
import io.jchacha.internal.ChaChaBlock;
import io.jchacha.internal.Engines;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.AEADBadTagException;
import javax.crypto.ShortBufferException;

/**
 * One key's ChaCha20-Poly1305 or XChaCha20-Poly1305 in front of an {@link AeadEngine}: argument checks, the nonce
 * words, the XChaCha20 subkey, and buffer bookkeeping for the AEAD classes. Every check runs before any output byte
 * is written. Immutable and thread-safe. A message runs on this instance's key words as they are, with the nonce
 * words passed beside them, so it allocates no state; for XChaCha20 the engine derives the subkey from the key words
 * and the nonce's first 16 bytes (a native engine in the same call; {@link AeadEngine}'s default into an array of its
 * own, wiped after the message).
 */
final class AeadCore {
    /** The IETF construction's limit: 2^32 - 1 blocks of 64 bytes, counting from block 1. */
    static final long MAX_MESSAGE_LENGTH = ((1L << 32) - 1) * 64;

    private static final byte[] EMPTY = new byte[0];

    private final AeadEngine aead;
    /** The IETF state's constants and key words, words 12..15 zero (the engine reads words 0..11 only). */
    private final int[] key;
    /** 12 (ChaCha20-Poly1305) or 24 (XChaCha20-Poly1305: the first 16 bytes derive the subkey). */
    private final int nonceLength;

    /**
     * @throws IllegalStateException if the backend forced by {@code jchacha.backend} cannot run here
     * @throws NullPointerException if {@code key} is null
     * @throws IllegalArgumentException if {@code key} is not 32 bytes
     */
    AeadCore(byte[] key, int nonceLength) {
        this.aead = AeadEngine.forEngine(Engines.active());
        int[] words = keyWords(key);
        this.key = ChaChaBlock.state(words, 0, 0, 0);
        Arrays.fill(words, 0);
        this.nonceLength = nonceLength;
    }

    /** Seals under this instance's key and {@code nonce} (XChaCha20: the subkey derived in the same engine call). */
    private void sealMessage(byte[] nonce, byte[] a, byte[] in, int inOff, int len, byte[] out, int outOff) {
        if (nonceLength == 12) {
            aead.seal(key, n0(nonce), n1(nonce), n2(nonce), a, 0, a.length, in, inOff, len, out, outOff);
        } else {
            aead.xseal(
                    key,
                    x(nonce, 0),
                    x(nonce, 1),
                    x(nonce, 2),
                    x(nonce, 3),
                    n1(nonce),
                    n2(nonce),
                    a,
                    0,
                    a.length,
                    in,
                    inOff,
                    len,
                    out,
                    outOff);
        }
    }

    private boolean openMessage(byte[] nonce, byte[] a, byte[] in, int inOff, int len, byte[] out, int outOff) {
        return nonceLength == 12
                ? aead.open(key, n0(nonce), n1(nonce), n2(nonce), a, 0, a.length, in, inOff, len, out, outOff)
                : aead.xopen(
                        key,
                        x(nonce, 0),
                        x(nonce, 1),
                        x(nonce, 2),
                        x(nonce, 3),
                        n1(nonce),
                        n2(nonce),
                        a,
                        0,
                        a.length,
                        in,
                        inOff,
                        len,
                        out,
                        outOff);
    }

    private void sealMessage(byte[] nonce, byte[] a, ByteBuffer in, int inPos, int len, ByteBuffer out, int outPos) {
        if (nonceLength == 12) {
            aead.seal(key, n0(nonce), n1(nonce), n2(nonce), a, 0, a.length, in, inPos, len, out, outPos);
        } else {
            aead.xseal(
                    key,
                    x(nonce, 0),
                    x(nonce, 1),
                    x(nonce, 2),
                    x(nonce, 3),
                    n1(nonce),
                    n2(nonce),
                    a,
                    0,
                    a.length,
                    in,
                    inPos,
                    len,
                    out,
                    outPos);
        }
    }

    private boolean openMessage(byte[] nonce, byte[] a, ByteBuffer in, int inPos, int len, ByteBuffer out, int outPos) {
        return nonceLength == 12
                ? aead.open(key, n0(nonce), n1(nonce), n2(nonce), a, 0, a.length, in, inPos, len, out, outPos)
                : aead.xopen(
                        key,
                        x(nonce, 0),
                        x(nonce, 1),
                        x(nonce, 2),
                        x(nonce, 3),
                        n1(nonce),
                        n2(nonce),
                        a,
                        0,
                        a.length,
                        in,
                        inPos,
                        len,
                        out,
                        outPos);
    }

    /** XChaCha20's HChaCha20 nonce word {@code i}: the 24-byte nonce's bytes {@code 4i .. 4i+4}. */
    private static int x(byte[] nonce, int i) {
        return Bytes.le32(nonce, 4 * i);
    }

    /** ChaCha20-Poly1305's nonce word 0: the nonce's first four bytes (XChaCha20's is 0, passed by the engine). */
    private static int n0(byte[] nonce) {
        return Bytes.le32(nonce, 0);
    }

    /** IETF nonce words 1 and 2: the nonce's last eight bytes, for both constructions. */
    private int n1(byte[] nonce) {
        return Bytes.le32(nonce, nonceLength - 8);
    }

    private int n2(byte[] nonce) {
        return Bytes.le32(nonce, nonceLength - 4);
    }

    /** Little-endian words of a 32-byte key, after the null and length checks. */
    static int[] keyWords(byte[] key) {
        Objects.requireNonNull(key, "key");
        if (key.length != 32) {
            throw new IllegalArgumentException("key must be 32 bytes, got " + key.length);
        }
        return Bytes.toWords(key, 0, 8);
    }

    static void checkNonce(byte[] nonce, int length) {
        Objects.requireNonNull(nonce, "nonce");
        if (nonce.length != length) {
            throw new IllegalArgumentException("nonce must be " + length + " bytes, got " + nonce.length);
        }
    }

    static byte[] aad(byte[] aad) {
        return aad == null ? EMPTY : aad;
    }

    /** Rejects messages longer than the IETF block counter can cover. */
    static void checkMessageLength(long len) {
        if (len > MAX_MESSAGE_LENGTH) {
            throw new IllegalArgumentException(
                    "message longer than the IETF ChaCha20 limit of " + MAX_MESSAGE_LENGTH + " bytes: " + len);
        }
    }

    /** Rejects a one-shot output that would not fit in an array. */
    static void checkArrayLength(long total) {
        if (total > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("output of " + total + " bytes does not fit in a byte array");
        }
    }

    /** The array-range forms' argument checks: both arrays given, the input range and the output offset in bounds. */
    static void checkRanges(byte[] in, int inOff, int len, byte[] out, int outOff) {
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(out, "out");
        Objects.checkFromIndexSize(inOff, len, in.length);
        if (outOff < 0 || outOff > out.length) {
            throw new IndexOutOfBoundsException("output offset " + outOff + " out of bounds for length " + out.length);
        }
    }

    /** ShortBufferException, naming both counts, unless {@code out[outOff ..]} holds {@code need} bytes. */
    static void checkRoom(byte[] out, int outOff, long need) throws ShortBufferException {
        if (out.length - outOff < need) {
            throw new ShortBufferException("output needs " + need + " bytes, has " + (out.length - outOff));
        }
    }

    // ---- one-shot, caller nonce -------------------------------------------------------------------------

    byte[] seal(byte[] nonce, byte[] plaintext, byte[] aad) {
        checkNonce(nonce, nonceLength);
        Objects.requireNonNull(plaintext, "plaintext");
        checkMessageLength(plaintext.length);
        checkArrayLength(plaintext.length + (long) Poly1305.TAG_LENGTH);
        byte[] a = aad(aad);
        byte[] out = new byte[plaintext.length + Poly1305.TAG_LENGTH];
        sealMessage(nonce, a, plaintext, 0, plaintext.length, out, 0);
        return out;
    }

    byte[] open(byte[] nonce, byte[] ciphertext, byte[] aad) throws AEADBadTagException {
        checkNonce(nonce, nonceLength);
        Objects.requireNonNull(ciphertext, "ciphertext");
        if (ciphertext.length < Poly1305.TAG_LENGTH) {
            throw new AEADBadTagException("ciphertext shorter than the 16-byte tag");
        }
        byte[] a = aad(aad);
        int ptLen = ciphertext.length - Poly1305.TAG_LENGTH;
        byte[] out = new byte[ptLen];
        if (!openMessage(nonce, a, ciphertext, 0, ptLen, out, 0)) {
            throw new AEADBadTagException("tag mismatch");
        }
        return out;
    }

    // ---- one-shot with the nonce in front (random-nonce classes) ------------------------------------------

    /** nonce || seal(plaintext). */
    byte[] sealPrefixed(byte[] nonce, byte[] plaintext, byte[] aad) {
        checkNonce(nonce, nonceLength);
        Objects.requireNonNull(plaintext, "plaintext");
        checkMessageLength(plaintext.length);
        checkArrayLength((long) nonce.length + plaintext.length + Poly1305.TAG_LENGTH);
        byte[] a = aad(aad);
        byte[] out = new byte[nonce.length + plaintext.length + Poly1305.TAG_LENGTH];
        sealMessage(nonce, a, plaintext, 0, plaintext.length, out, nonce.length);
        // the nonce last: copied straight after the allocation it made the whole seal measure 1-5 % slower at 16 KiB
        // (docs/bench/random-nonce.md#the-nonce-copy-after-the-allocation)
        System.arraycopy(nonce, 0, out, 0, nonce.length);
        return out;
    }

    /** Opens {@code in[nonceLength ..]} under {@code nonce}, which the caller copied from its start. */
    byte[] openPrefixed(byte[] nonce, byte[] in, byte[] aad) throws AEADBadTagException {
        checkNonce(nonce, nonceLength);
        byte[] a = aad(aad);
        int ptLen = in.length - nonceLength - Poly1305.TAG_LENGTH;
        byte[] out = new byte[ptLen];
        if (!openMessage(nonce, a, in, nonceLength, ptLen, out, 0)) {
            throw new AEADBadTagException("tag mismatch");
        }
        return out;
    }

    // ---- array ranges -------------------------------------------------------------------------------------

    int seal(byte[] nonce, byte[] in, int inOff, int len, byte[] aad, byte[] out, int outOff)
            throws ShortBufferException {
        checkNonce(nonce, nonceLength);
        checkRanges(in, inOff, len, out, outOff);
        checkMessageLength(len);
        long need = len + (long) Poly1305.TAG_LENGTH;
        checkRoom(out, outOff, need);
        byte[] a = aad(aad);
        sealMessage(nonce, a, in, inOff, len, out, outOff);
        return (int) need;
    }

    int open(byte[] nonce, byte[] in, int inOff, int len, byte[] aad, byte[] out, int outOff)
            throws ShortBufferException, AEADBadTagException {
        checkNonce(nonce, nonceLength);
        checkRanges(in, inOff, len, out, outOff);
        if (len < Poly1305.TAG_LENGTH) {
            throw new AEADBadTagException("ciphertext shorter than the 16-byte tag");
        }
        int ptLen = len - Poly1305.TAG_LENGTH;
        checkRoom(out, outOff, ptLen);
        byte[] a = aad(aad);
        if (!openMessage(nonce, a, in, inOff, ptLen, out, outOff)) { // output zeroed
            throw new AEADBadTagException("tag mismatch");
        }
        return ptLen;
    }

    // ---- buffers ------------------------------------------------------------------------------------------

    private static void checkBuffers(ByteBuffer in, ByteBuffer out) {
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(out, "out");
        if (in == out) {
            throw new IllegalArgumentException(
                    "input and output must not be the same buffer object" + " (use a duplicate() for in-place)");
        }
        if (out.isReadOnly()) {
            throw new ReadOnlyBufferException();
        }
    }

    int seal(byte[] nonce, ByteBuffer in, byte[] aad, ByteBuffer out) throws ShortBufferException {
        checkNonce(nonce, nonceLength);
        checkBuffers(in, out);
        int len = in.remaining();
        checkMessageLength(len);
        long need = len + (long) Poly1305.TAG_LENGTH;
        if (out.remaining() < need) {
            throw new ShortBufferException("output needs " + need + " bytes, has " + out.remaining());
        }
        byte[] a = aad(aad);
        int inPos = in.position();
        int outPos = out.position();
        sealMessage(nonce, a, in, inPos, len, out, outPos);
        in.position(inPos + len);
        out.position(outPos + (int) need);
        return (int) need;
    }

    int open(byte[] nonce, ByteBuffer in, byte[] aad, ByteBuffer out) throws ShortBufferException, AEADBadTagException {
        checkNonce(nonce, nonceLength);
        checkBuffers(in, out);
        int len = in.remaining();
        if (len < Poly1305.TAG_LENGTH) {
            throw new AEADBadTagException("ciphertext shorter than the 16-byte tag");
        }
        int ptLen = len - Poly1305.TAG_LENGTH;
        if (out.remaining() < ptLen) {
            throw new ShortBufferException("output needs " + ptLen + " bytes, has " + out.remaining());
        }
        byte[] a = aad(aad);
        int inPos = in.position();
        int outPos = out.position();
        if (!openMessage(nonce, a, in, inPos, ptLen, out, outPos)) { // output zeroed
            throw new AEADBadTagException("tag mismatch");
        }
        in.position(inPos + len);
        out.position(outPos + ptLen);
        return ptLen;
    }
}
