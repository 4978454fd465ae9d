// SPDX-License-Identifier: Apache-2.0
package io.jchacha.provider;

import io.jchacha.internal.AeadEngine;
import io.jchacha.internal.ChaChaBlock;
import io.jchacha.internal.Engines;
import io.jchacha.internal.ServedCounter;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;

/**
 * JCA {@code Cipher} "ChaCha20-Poly1305" (RFC 8439, 12-byte nonce) and "XChaCha20-Poly1305"
 * (draft-irtf-cfrg-xchacha, 24-byte nonce), both with the nonce in an {@link IvParameterSpec} and a 16-byte tag
 * after the ciphertext, behaving like SunJCE's ChaCha20-Poly1305 except on a bad tag (below).
 *
 * <p>Encryption streams: {@code update} returns ciphertext at once. A message given whole to {@code doFinal}
 * (what JSSE does) goes through the library's one-call AEAD seam instead. Decryption buffers all ciphertext
 * until {@code doFinal}, which opens it straight into the caller's output, reading each ciphertext byte once. On
 * {@code AEADBadTagException} the output range that would have held the plaintext is all zero and nothing else is
 * written: in place, the ciphertext is gone (a caller that retries another key in place must keep a copy). During
 * {@code doFinal} that range holds plaintext not yet verified, visible to another thread or process that shares
 * the memory (a mapped file). This is the library's own AEAD contract. SunJCE instead leaves the output as it was;
 * here that would take a private copy of the plaintext, which cost the open more than 10 % at 16 KiB on JDK 25
 * (docs/bench/jca-open.md).
 * AAD goes in through {@code updateAAD} before any data. After {@code doFinal}, successful or not, the cipher
 * must be initialized again, and never with the key and nonce of the previous initialization; except, from
 * JDK 21 on as in SunJCE there, for decryption, which may repeat the key and nonce and which {@code doFinal}
 * leaves ready for the next message, AAD first ({@link Support#DECRYPT_REUSE_ALLOWED}).
 */
public final class ChaCha20Poly1305CipherSpi extends CipherSpi {
    private static final int TAG_LENGTH = io.jchacha.Poly1305.TAG_LENGTH;

    // Test hook, package-private: how many initializations, seals and opens instances of this class completed;
    // counted only with ServedCounter.ENABLED (the test suite's switch), so a message pays no shared-counter update.
    static final LongAdder INITS = new LongAdder();
    static final LongAdder SEALS = new LongAdder();
    static final LongAdder OPENS = new LongAdder();

    private final boolean xchacha;
    private final String algorithm;
    private final int nonceLength;
    private final AeadEngine aead;

    private boolean initialized;
    private boolean encrypt;
    private boolean aadDone;
    private byte[] keyBytes;
    /**
     * The key object {@link #keyBytes} were last read from: initialized again with that same object, when it is a
     * {@code SecretKeySpec}, the SPI skips {@code getEncoded()} and the comparison ({@link Support#sameKeyObject}).
     */
    private Key keyObject;

    private byte[] nonce;
    /**
     * IETF state (counter 0) for the key and nonce the AEAD runs with. One array for the instance's life, set by
     * every initialization; it holds key words only while {@link #keyBytes} holds that key, so it is not wiped
     * after each message, and an initialization with the same key sets only the counter and nonce words
     * (docs/bench/tuning.md#provider-state-reuse).
     * For XChaCha20 its key words are the key itself and its nonce words 0, 0 and the nonce's last 8 bytes: the
     * AEAD derives the subkey from them and {@link #hnonce} in the message's own call.
     */
    private final int[] state = new int[16];
    /** XChaCha20: the nonce's first 16 bytes as four little-endian words, HChaCha20's input with the key. */
    private final int[] hnonce = new int[4];

    private byte[] aad = new byte[64];
    private int aadLen;
    /**
     * Decryption: the ciphertext and tag that {@code update} received (never plaintext: {@code doFinal} opens from
     * it into the caller's output). {@link #reset()} zeroes what was used of it; it keeps its size for the next
     * message.
     */
    private byte[] buf = new byte[0];

    private int bufLen;

    /** Streaming encryption, started by the first {@code update} with data. */
    private final SealStream sealing = new SealStream();

    /**
     * @param xchacha {@code true} for XChaCha20-Poly1305 (24-byte nonce), {@code false} for ChaCha20-Poly1305
     */
    public ChaCha20Poly1305CipherSpi(boolean xchacha) {
        this.xchacha = xchacha;
        this.algorithm = xchacha ? "XChaCha20-Poly1305" : "ChaCha20-Poly1305";
        this.nonceLength = xchacha ? 24 : 12;
        this.aead = AeadEngine.forEngine(Engines.active());
    }

    @Override
    protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
        Support.checkMode(mode);
    }

    @Override
    protected void engineSetPadding(String padding) throws NoSuchPaddingException {
        Support.checkPadding(padding);
    }

    @Override
    protected int engineGetBlockSize() {
        return 0;
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
        if (encrypt) {
            return Math.addExact(inputLen, TAG_LENGTH);
        }
        return Math.max(Math.addExact(inputLen - TAG_LENGTH, bufLen), 0);
    }

    @Override
    protected byte[] engineGetIV() {
        return nonce == null ? null : nonce.clone();
    }

    /** The nonce as {@code AlgorithmParameters}; before any initialization a fresh random one, not kept. */
    @Override
    protected AlgorithmParameters engineGetParameters() {
        byte[] n = nonce != null ? nonce : Support.randomNonce(null, nonceLength);
        return NonceParameters.create(algorithm, n);
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        Support.wipe(Support.rawKey(key));
        return Support.KEY_LENGTH * 8;
    }

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        if (opmode == Cipher.DECRYPT_MODE) {
            throw new InvalidKeyException("decryption needs the sender's nonce: initialize with parameters");
        }
        init(opmode, key, Support.randomNonce(random, nonceLength));
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (params == null) {
            engineInit(opmode, key, random);
            return;
        }
        if (!(params instanceof IvParameterSpec)) {
            throw new InvalidAlgorithmParameterException(algorithm + " takes an IvParameterSpec, not "
                    + params.getClass().getName());
        }
        init(opmode, key, checkNonce(((IvParameterSpec) params).getIV()));
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (params == null) {
            engineInit(opmode, key, random);
            return;
        }
        if (!algorithm.equalsIgnoreCase(params.getAlgorithm())) {
            throw new InvalidAlgorithmParameterException(
                    "expected " + algorithm + " parameters, got " + params.getAlgorithm());
        }
        byte[] n;
        try {
            n = params.getParameterSpec(IvParameterSpec.class).getIV();
        } catch (InvalidParameterSpecException e) {
            throw new InvalidAlgorithmParameterException(e);
        }
        init(opmode, key, checkNonce(n));
    }

    private byte[] checkNonce(byte[] n) throws InvalidAlgorithmParameterException {
        if (n.length != nonceLength) {
            throw new InvalidAlgorithmParameterException(
                    algorithm + " nonce must be " + nonceLength + " bytes, got " + n.length);
        }
        return n;
    }

    private void init(int opmode, Key key, byte[] newNonce) throws InvalidKeyException {
        Support.checkOpmode(opmode);
        boolean sameObject = Support.sameKeyObject(key, keyObject);
        byte[] newKey = sameObject ? null : Support.rawKey(key);
        boolean sameKey = sameObject || Support.sameKey(keyBytes, newKey);
        try {
            Support.checkFresh(opmode, sameKey, newNonce, nonce);
        } catch (InvalidKeyException e) {
            Support.wipe(newKey);
            throw e;
        }
        reset();
        if (sameKey) {
            Support.wipe(newKey);
        } else {
            if (keyBytes != null) {
                aead.forget(); // what it keeps between messages (a keyed SunJCE Cipher) may hold the old key
            }
            Support.wipe(keyBytes);
            keyBytes = newKey;
            ChaChaBlock.setConstants(state); // with the same key, the key words are this key's already
            ChaChaBlock.setKey(state, keyBytes, 0);
        }
        keyObject = key;
        nonce = newNonce; // every caller passes a private copy (getIV() clones, or a fresh random nonce)
        if (xchacha) {
            ChaChaBlock.setXChaChaNonce(state, hnonce, nonce);
        } else {
            ChaChaBlock.setIetfNonce(state, nonce);
        }
        encrypt = opmode == Cipher.ENCRYPT_MODE;
        initialized = true;
        count(INITS);
    }

    private static void count(LongAdder hook) {
        if (ServedCounter.ENABLED) {
            hook.increment();
        }
    }

    /** Drops the message in progress (AAD, buffered ciphertext, stream state). */
    private void reset() {
        aadDone = false;
        aadLen = 0;
        Arrays.fill(buf, 0, bufLen, (byte) 0);
        bufLen = 0;
        sealing.reset();
    }

    /**
     * Like SunJCE: after {@code doFinal}, whatever its outcome, a new key or nonce is needed; except in
     * decryption from JDK 21 on, which starts again with the same key and nonce.
     */
    private void finished() {
        reset();
        if (initialized && !encrypt && Support.DECRYPT_REUSE_ALLOWED) {
            return;
        }
        initialized = false;
    }

    // ---- AAD ----------------------------------------------------------------------------------------------

    private void checkAad() {
        if (!initialized) {
            throw new IllegalStateException("updateAAD needs an initialized cipher (after doFinal: initialize again)");
        }
        if (aadDone) {
            throw new IllegalStateException("AAD must come before any plaintext or ciphertext");
        }
    }

    private void growAad(int more) {
        long need = (long) aadLen + more;
        if (need > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("AAD overflow");
        }
        if (need > aad.length) {
            aad = Arrays.copyOf(aad, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * aad.length)));
        }
    }

    @Override
    protected void engineUpdateAAD(byte[] src, int offset, int len) {
        checkAad();
        Objects.checkFromIndexSize(offset, len, src.length);
        growAad(len);
        System.arraycopy(src, offset, aad, aadLen, len);
        aadLen += len;
    }

    @Override
    protected void engineUpdateAAD(ByteBuffer src) {
        checkAad();
        int len = src.remaining();
        growAad(len);
        src.get(aad, aadLen, len);
        aadLen += len;
    }

    // ---- data ---------------------------------------------------------------------------------------------

    private void startData() {
        if (!initialized) {
            throw new IllegalStateException(
                    "cipher not initialized, or finished: initialize again with a new key or nonce");
        }
        aadDone = true;
    }

    /** Makes room in {@link #buf} for {@code len} more bytes after the {@link #bufLen} it holds. */
    private void grow(int len) {
        long need = (long) bufLen + len;
        if (need > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("buffered ciphertext would exceed the largest array");
        }
        if (need > buf.length) {
            byte[] bigger = Arrays.copyOf(buf, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * buf.length)));
            Arrays.fill(buf, (byte) 0);
            buf = bigger;
        }
    }

    private void buffer(byte[] in, int off, int len) {
        grow(len);
        System.arraycopy(in, off, buf, bufLen, len);
        bufLen += len;
    }

    /** Buffers all of {@code in}'s remaining bytes, advancing it. */
    private void buffer(ByteBuffer in) {
        int len = in.remaining();
        grow(len);
        in.get(buf, bufLen, len);
        bufLen += len;
    }

    /** Streaming encryption, started with the instance's key, nonce and AAD if this message has not started it. */
    private SealStream sealing() {
        if (!sealing.started()) {
            sealing.start(xchacha, keyBytes, nonce, aad, aadLen);
        }
        return sealing;
    }

    /** {@code len} is a long: ciphertext plus tag can exceed an int. */
    private static void checkOutput(byte[] out, int outOff, long len) throws ShortBufferException {
        if (out == null || outOff < 0 || outOff > out.length || out.length - outOff < len) {
            throw new ShortBufferException("output has too little room");
        }
    }

    @Override
    protected byte[] engineUpdate(byte[] input, int inputOffset, int inputLen) {
        startData();
        if (input != null) {
            Objects.checkFromIndexSize(inputOffset, inputLen, input.length);
        }
        if (!encrypt) {
            if (input != null) {
                buffer(input, inputOffset, inputLen);
            }
            return new byte[0];
        }
        byte[] out = new byte[inputLen];
        if (inputLen > 0) {
            sealing().update(input, inputOffset, inputLen, out, 0);
        }
        return out;
    }

    @Override
    protected int engineUpdate(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        startData();
        if (!encrypt) {
            if (input != null) {
                Objects.checkFromIndexSize(inputOffset, inputLen, input.length);
                buffer(input, inputOffset, inputLen);
            }
            return 0;
        }
        checkOutput(output, outputOffset, inputLen);
        if (input != null && inputLen > 0) {
            Objects.checkFromIndexSize(inputOffset, inputLen, input.length);
            sealing().update(input, inputOffset, inputLen, output, outputOffset);
        }
        return inputLen;
    }

    @Override
    protected int engineUpdate(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
        if (!input.hasRemaining()) {
            return 0; // as SunJCE: an empty update checks nothing, not even that the cipher is still usable
        }
        int need = Support.DECRYPT_REUSE_ALLOWED
                ? (encrypt ? input.remaining() : 0)
                // before JDK 21 SunJCE sizes every ByteBuffer call as if it were the last (tag room included)
                : engineGetOutputSize(input.remaining());
        if (output.remaining() < need) {
            throw new ShortBufferException("output buffer needs " + need + " bytes, has " + output.remaining());
        }
        startData();
        if (!encrypt) {
            buffer(input);
            return 0;
        }
        int len = input.remaining();
        if (len > 0) {
            sealing().update(input, output);
        }
        return len;
    }

    @Override
    protected byte[] engineDoFinal(byte[] input, int inputOffset, int inputLen) throws AEADBadTagException {
        int len = input == null ? 0 : inputLen;
        byte[] out = new byte[engineGetOutputSize(len)];
        try {
            int n = doFinal(input, inputOffset, len, out, 0);
            return n == out.length ? out : Arrays.copyOf(out, n);
        } catch (ShortBufferException e) {
            throw new IllegalStateException(e); // cannot happen: sized above
        }
    }

    @Override
    protected int engineDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, AEADBadTagException {
        return doFinal(input, inputOffset, input == null ? 0 : inputLen, output, outputOffset);
    }

    private int doFinal(byte[] in, int inOff, int len, byte[] out, int outOff)
            throws ShortBufferException, AEADBadTagException {
        try {
            if (in == null) {
                in = new byte[0];
                inOff = 0;
            }
            if (encrypt) {
                checkOutput(out, outOff, (long) len + TAG_LENGTH);
                startData();
                Objects.checkFromIndexSize(inOff, len, in.length);
                if (!sealing.started()) {
                    seal(in, inOff, len, out, outOff);
                } else {
                    sealing.update(in, inOff, len, out, outOff);
                    System.arraycopy(sealing.tag(), 0, out, outOff + len, TAG_LENGTH);
                }
                count(SEALS);
                return len + TAG_LENGTH;
            }
            startData();
            Objects.checkFromIndexSize(inOff, len, in.length);
            if (bufLen > 0) {
                buffer(in, inOff, len);
                in = buf;
                inOff = 0;
                len = bufLen;
            }
            int ptLen = openLength(len);
            checkOutput(out, outOff, ptLen);
            open(in, inOff, ptLen, out, outOff);
            count(OPENS);
            return ptLen;
        } finally {
            finished();
        }
    }

    @Override
    protected int engineDoFinal(ByteBuffer input, ByteBuffer output) throws ShortBufferException, AEADBadTagException {
        int need = engineGetOutputSize(input.remaining());
        if (output.remaining() < need) {
            // checked before doFinal proper, as SunJCE does: the cipher stays usable
            throw new ShortBufferException("output buffer needs " + need + " bytes, has " + output.remaining());
        }
        try {
            startData();
            int len = input.remaining();
            int inPos = input.position();
            int outPos = output.position();
            if (encrypt) {
                if (!sealing.started()) {
                    seal(input, inPos, len, output, outPos);
                    input.position(inPos + len);
                    output.position(outPos + len + TAG_LENGTH);
                } else {
                    if (len > 0) {
                        sealing.update(input, output);
                    }
                    output.put(sealing.tag());
                }
                count(SEALS);
                return len + TAG_LENGTH;
            }
            try {
                int ptLen = openBuffers(input, output, len, inPos, outPos);
                input.position(inPos + len);
                output.position(outPos + ptLen);
                count(OPENS);
                return ptLen;
            } catch (AEADBadTagException e) {
                // as SunJCE leaves them: a heap input unread, a direct one consumed
                input.position(input.hasArray() ? inPos : inPos + len);
                throw e;
            }
        } finally {
            finished();
        }
    }

    /** The plaintext length of a {@code total}-byte ciphertext and tag; AEADBadTagException if it has no tag. */
    private static int openLength(int total) throws AEADBadTagException {
        if (total < TAG_LENGTH) {
            throw new AEADBadTagException("ciphertext shorter than the 16-byte tag");
        }
        return total - TAG_LENGTH;
    }

    /**
     * Opens {@code doFinal}'s message, {@code input}'s {@code len} bytes at {@code inPos} after what {@code update}
     * buffered, into {@code output} at {@code outPos}, whose room the caller checked, and returns the plaintext's
     * length; positions stay as they were.
     */
    private int openBuffers(ByteBuffer input, ByteBuffer output, int len, int inPos, int outPos)
            throws AEADBadTagException {
        ByteBuffer src = input;
        int srcPos = inPos;
        int total = len;
        if (bufLen > 0) {
            buffer(input.duplicate()); // the duplicate leaves input's position to the caller
            src = ByteBuffer.wrap(buf, 0, bufLen);
            srcPos = 0;
            total = bufLen;
        }
        int ptLen = openLength(total);
        open(src, srcPos, ptLen, output, outPos);
        return ptLen;
    }

    // ---- the one-call AEAD, for the variant: XChaCha20 derives its subkey in the same call ---------------------

    private void seal(byte[] in, int inOff, int len, byte[] out, int outOff) {
        if (xchacha) {
            aead.xseal(
                    state, hnonce[0], hnonce[1], hnonce[2], hnonce[3], state[14], state[15], aad, 0, aadLen, in, inOff,
                    len, out, outOff);
        } else {
            aead.seal(state, state[13], state[14], state[15], aad, 0, aadLen, in, inOff, len, out, outOff);
        }
    }

    /** Opens into {@code out}; on a bad tag {@code out}'s range is zeroed and {@code AEADBadTagException} thrown. */
    private void open(byte[] in, int inOff, int len, byte[] out, int outOff) throws AEADBadTagException {
        boolean ok = xchacha
                ? aead.xopen(
                        state, hnonce[0], hnonce[1], hnonce[2], hnonce[3], state[14], state[15], aad, 0, aadLen, in,
                        inOff, len, out, outOff)
                : aead.open(state, state[13], state[14], state[15], aad, 0, aadLen, in, inOff, len, out, outOff);
        if (!ok) {
            throw new AEADBadTagException("tag mismatch");
        }
    }

    /** {@link #open(byte[], int, int, byte[], int)} at absolute buffer indices. */
    private void open(ByteBuffer in, int inPos, int len, ByteBuffer out, int outPos) throws AEADBadTagException {
        boolean ok = xchacha
                ? aead.xopen(
                        state, hnonce[0], hnonce[1], hnonce[2], hnonce[3], state[14], state[15], aad, 0, aadLen, in,
                        inPos, len, out, outPos)
                : aead.open(state, state[13], state[14], state[15], aad, 0, aadLen, in, inPos, len, out, outPos);
        if (!ok) {
            throw new AEADBadTagException("tag mismatch");
        }
    }

    private void seal(ByteBuffer in, int inPos, int len, ByteBuffer out, int outPos) {
        if (xchacha) {
            aead.xseal(
                    state, hnonce[0], hnonce[1], hnonce[2], hnonce[3], state[14], state[15], aad, 0, aadLen, in, inPos,
                    len, out, outPos);
        } else {
            aead.seal(state, state[13], state[14], state[15], aad, 0, aadLen, in, inPos, len, out, outPos);
        }
    }

    @Override
    protected byte[] engineWrap(Key key) {
        throw new UnsupportedOperationException("key wrapping is not supported");
    }

    @Override
    protected Key engineUnwrap(byte[] wrappedKey, String wrappedKeyAlgorithm, int wrappedKeyType) {
        throw new UnsupportedOperationException("key unwrapping is not supported");
    }
}
