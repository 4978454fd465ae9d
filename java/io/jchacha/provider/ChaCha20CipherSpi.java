// SPDX-License-Identifier: Apache-2.0
package io.jchacha.provider;

import io.jchacha.ChaCha20;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Objects;
import javax.crypto.CipherSpi;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.ChaCha20ParameterSpec;

/**
 * JCA {@code Cipher} "ChaCha20": RFC 8439 ChaCha20 with a 12-byte nonce and a 32-bit initial block counter,
 * taken from a {@link ChaCha20ParameterSpec}, behaving like SunJCE's: without parameters (encryption only) a
 * random nonce and counter 1; a key and nonce equal to the previous initialization's are refused; after
 * {@code doFinal} the cipher needs a new initialization. From JDK 21 on, as SunJCE there, decryption is exempt
 * from both rules: it may repeat the key and nonce, and {@code doFinal} restarts it at its initial counter
 * ({@link Support#DECRYPT_REUSE_ALLOWED}). Like SunJCE, a stream may run 2^32 blocks from its initial counter,
 * the 32-bit block counter wrapping to 0 on the way.
 */
public final class ChaCha20CipherSpi extends CipherSpi {
    private static final int NONCE_LENGTH = 12;
    private static final long STREAM_LIMIT = (1L << 32) * ChaCha20.BLOCK_LENGTH;

    private boolean initialized;
    private boolean encrypt;
    private boolean dataSeen;
    private byte[] keyBytes;
    private byte[] nonce;
    private long initialCounter;
    /** The stream from the initial counter up to the 32-bit counter's wrap. */
    private ChaCha20 head;
    /** The stream after the wrap (counter 0 on), created when needed. */
    private ChaCha20 tail;

    private long used;
    /** Bytes the head can still serve within the budget; {@link #xor} takes them without recomputing either. */
    private long headLeft;

    public ChaCha20CipherSpi() {}

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
        return inputLen;
    }

    @Override
    protected byte[] engineGetIV() {
        return nonce == null ? null : nonce.clone();
    }

    /** ChaCha20 has no {@code AlgorithmParameters} (as in SunJCE). */
    @Override
    protected AlgorithmParameters engineGetParameters() {
        return null;
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        Support.wipe(Support.rawKey(key));
        return Support.KEY_LENGTH * 8;
    }

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        if (opmode == javax.crypto.Cipher.DECRYPT_MODE) {
            throw new InvalidKeyException("decryption needs the sender's nonce: initialize with parameters");
        }
        init(opmode, key, Support.randomNonce(random, NONCE_LENGTH), 1);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (params == null) {
            engineInit(opmode, key, random);
            return;
        }
        if (!(params instanceof ChaCha20ParameterSpec)) {
            throw new InvalidAlgorithmParameterException("ChaCha20 takes a ChaCha20ParameterSpec, not "
                    + params.getClass().getName());
        }
        ChaCha20ParameterSpec spec = (ChaCha20ParameterSpec) params;
        init(opmode, key, spec.getNonce(), Integer.toUnsignedLong(spec.getCounter()));
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (params == null) {
            engineInit(opmode, key, random);
            return;
        }
        throw new InvalidAlgorithmParameterException("ChaCha20 takes no AlgorithmParameters");
    }

    private void init(int opmode, Key key, byte[] newNonce, long counter) throws InvalidKeyException {
        Support.checkOpmode(opmode);
        byte[] newKey = Support.rawKey(key);
        try {
            Support.checkFresh(opmode, Support.sameKey(keyBytes, newKey), newNonce, nonce);
        } catch (InvalidKeyException e) {
            Support.wipe(newKey);
            throw e;
        }
        release();
        keyBytes = newKey;
        nonce = newNonce; // every caller passes a private copy (getNonce() clones, or a fresh random nonce)
        initialCounter = counter;
        encrypt = opmode == javax.crypto.Cipher.ENCRYPT_MODE;
        start();
        initialized = true;
    }

    /** Sets up the stream at the initial counter. */
    private void start() {
        head = ChaCha20.newInstance(ChaCha20.Variant.IETF, keyBytes, nonce, initialCounter, 20);
        used = 0;
        headLeft = Math.min(head.remaining(), STREAM_LIMIT);
        dataSeen = false;
    }

    private void release() {
        Support.wipe(keyBytes);
        keyBytes = null;
        if (head != null) {
            head.destroy();
            head = null;
        }
        if (tail != null) {
            tail.destroy();
            tail = null;
        }
    }

    @Override
    protected void engineUpdateAAD(byte[] src, int offset, int len) {
        checkAad();
    }

    @Override
    protected void engineUpdateAAD(ByteBuffer src) {
        checkAad();
    }

    private void checkAad() {
        if (!initialized) {
            throw new IllegalStateException("updateAAD needs an initialized cipher (after doFinal: initialize again)");
        }
        if (dataSeen) {
            throw new IllegalStateException("AAD must come before any plaintext or ciphertext");
        }
        throw new IllegalStateException("ChaCha20 takes no AAD (ChaCha20-Poly1305 does)");
    }

    private void checkInitialized() {
        if (!initialized) {
            throw new IllegalStateException(
                    "cipher not initialized, or finished: initialize again with a new key or nonce");
        }
        dataSeen = true;
    }

    /** Refuses, before any byte is written, a call that would run past the 2^32 blocks SunJCE allows. */
    private void checkBudget(int len) {
        if (used + len > STREAM_LIMIT) {
            throw new IllegalStateException(
                    "keystream exhausted after 2^32 blocks: initialize with a new key or nonce",
                    new KeyException("2^32 blocks used"));
        }
    }

    /** Bytes the head stream can still serve before the 32-bit counter wraps. */
    private long headRoom() {
        return head.remaining();
    }

    private ChaCha20 tail() {
        if (tail == null) {
            tail = ChaCha20.newInstance(ChaCha20.Variant.IETF, keyBytes, nonce, 0, 20);
        }
        return tail;
    }

    private void xor(byte[] in, int inOff, int len, byte[] out, int outOff) {
        if (len <= headLeft) {
            head.update(in, inOff, len, out, outOff);
            used += len;
            headLeft -= len;
            return;
        }
        headLeft = 0; // from here every call checks the budget and the wrap itself
        checkBudget(len);
        long room = headRoom();
        if (len <= room) {
            head.update(in, inOff, len, out, outOff);
        } else {
            // crossing the counter wrap: take the input first, the two halves could overlap the output
            byte[] src = java.util.Arrays.copyOfRange(in, inOff, inOff + len);
            int n = (int) room;
            head.update(src, 0, n, out, outOff);
            tail().update(src, n, len - n, out, outOff + n);
            Support.wipe(src);
        }
        used += len;
    }

    private void xor(ByteBuffer in, ByteBuffer out) {
        int len = in.remaining();
        checkBudget(len);
        if (in.hasArray() && out.hasArray()) {
            int inPos = in.position();
            int outPos = out.position();
            xor(in.array(), in.arrayOffset() + inPos, len, out.array(), out.arrayOffset() + outPos);
            in.position(inPos + len);
            out.position(outPos + len);
        } else if (len <= headRoom() && !Support.mayAliasUnseen(in, out)) {
            head.update(in, out); // one direct, one heap buffer: no shared memory, no copy
            used += len;
            headLeft = Math.max(0, headLeft - len);
        } else {
            byte[] src = Support.copyOut(in, in.position(), len);
            xor(src, 0, len, src, 0);
            out.put(src);
            in.position(in.position() + len);
            Support.wipe(src);
        }
    }

    private static ShortBufferException shortBuffer() {
        return new ShortBufferException("output has too little room");
    }

    private static void checkOutput(byte[] out, int outOff, int len) throws ShortBufferException {
        if (out == null || outOff < 0 || outOff > out.length || out.length - outOff < len) {
            throw shortBuffer();
        }
    }

    @Override
    protected byte[] engineUpdate(byte[] input, int inputOffset, int inputLen) {
        checkInitialized();
        byte[] out = new byte[inputLen];
        if (inputLen > 0) {
            Objects.checkFromIndexSize(inputOffset, inputLen, input.length);
            xor(input, inputOffset, inputLen, out, 0);
        }
        return out;
    }

    @Override
    protected int engineUpdate(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        checkInitialized();
        checkOutput(output, outputOffset, inputLen);
        if (inputLen > 0) {
            Objects.checkFromIndexSize(inputOffset, inputLen, input.length);
            xor(input, inputOffset, inputLen, output, outputOffset);
        }
        return inputLen;
    }

    @Override
    protected int engineUpdate(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
        int len = input.remaining();
        if (len == 0) {
            return 0; // as SunJCE: an empty update checks nothing, not even that the cipher is still usable
        }
        if (output.remaining() < len) {
            throw new ShortBufferException("output buffer needs " + len + " bytes, has " + output.remaining());
        }
        checkInitialized();
        xor(input, output);
        return len;
    }

    @Override
    protected byte[] engineDoFinal(byte[] input, int inputOffset, int inputLen) {
        try {
            return engineUpdate(input, inputOffset, inputLen);
        } finally {
            finished();
        }
    }

    @Override
    protected int engineDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        try {
            return engineUpdate(input, inputOffset, inputLen, output, outputOffset);
        } finally {
            finished();
        }
    }

    @Override
    protected int engineDoFinal(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
        int len = input.remaining();
        if (output.remaining() < len) {
            // SunJCE checks the room before it reaches doFinal, so this one leaves the cipher usable
            throw new ShortBufferException("output buffer needs " + len + " bytes, has " + output.remaining());
        }
        try {
            checkInitialized();
            xor(input, output);
            return len;
        } finally {
            finished();
        }
    }

    /**
     * Like SunJCE: whatever happened, the cipher needs a new key or nonce before it processes more data; except
     * decryption from JDK 21 on, which starts again at the initial counter.
     */
    private void finished() {
        if (head != null) {
            head.destroy();
            head = null;
        }
        if (tail != null) {
            tail.destroy();
            tail = null;
        }
        if (initialized && !encrypt && Support.DECRYPT_REUSE_ALLOWED) {
            start();
        } else {
            initialized = false;
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
