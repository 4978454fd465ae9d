package io.jchacha;

import io.jchacha.internal.ChaChaBlock;
import io.jchacha.internal.Engine;
import io.jchacha.internal.Engines;
import io.jchacha.internal.Bytes;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Arrays;
import java.util.Objects;
import javax.security.auth.Destroyable;

/**
 * The ChaCha20 stream cipher as a streaming XOR: every call continues the keystream where the last one stopped.
 * Encryption and decryption are the same operation.
 *
 * <pre>{@code
 * ChaCha20 c = ChaCha20.ietf(key, nonce);          // RFC 8439: 32-byte key, 12-byte nonce, counter 0
 * byte[] ct = c.update(plaintext);
 * }</pre>
 *
 * <p>Three variants: {@link Variant#IETF} (RFC 8439, 96-bit nonce, 32-bit block counter: at most 2^32 blocks,
 * 256 GiB), {@link Variant#ORIGINAL} (Bernstein's, 64-bit nonce and 64-bit counter) and {@link Variant#XCHACHA20}
 * (draft-irtf-cfrg-xchacha: 192-bit nonce; the subkey comes from {@link HChaCha20}, the last 8 nonce bytes and a
 * 64-bit counter follow as in the original variant, so its first 2^32 blocks equal the draft's IETF-based
 * definition). Rounds: 20 (ChaCha20), 12 or 8. A cipher whose counter would run past its limit throws
 * {@link IllegalStateException} before it writes any byte that would repeat keystream.
 *
 * <p>Every method validates all of its arguments before it writes anything or moves the position. Instances are
 * not thread-safe. {@link #destroy()} wipes the key.
 */
public final class ChaCha20 implements Destroyable {

    /** The nonce and counter layout. */
    public enum Variant {
        /** RFC 8439: 12-byte nonce, 32-bit block counter. */
        IETF(12),
        /** Original ChaCha: 8-byte nonce, 64-bit block counter. */
        ORIGINAL(8),
        /** XChaCha20: 24-byte nonce (HChaCha20 subkey, then the original layout). */
        XCHACHA20(24);

        private final int nonceLength;

        Variant(int nonceLength) {
            this.nonceLength = nonceLength;
        }

        /** The nonce length in bytes. */
        public int nonceLength() {
            return nonceLength;
        }

        /**
         * The variant a nonce of {@code length} bytes selects: 8 original, 12 IETF, 24 XChaCha20.
         *
         * @throws IllegalArgumentException for any other length
         */
        public static Variant forNonceLength(int length) {
            for (Variant v : values()) {
                if (v.nonceLength == length) {
                    return v;
                }
            }
            throw new IllegalArgumentException("nonce must be 8 (original), 12 (IETF) or 24 (XChaCha20) bytes, got "
                    + length);
        }
    }

    /** Key length in bytes. */
    public static final int KEY_LENGTH = 32;
    /** Keystream block length in bytes. */
    public static final int BLOCK_LENGTH = 64;

    private static final long IETF_BLOCKS = 1L << 32;

    private final Variant variant;
    private final int rounds;
    private final boolean counter64;
    private final long initialCounter;
    private final Engine engine;
    private final int[] state = new int[16];

    /** Absolute block counter of the next keystream byte (unsigned 64-bit). */
    private long block;
    /** Offset of the next keystream byte inside {@link #block}. */
    private int offset;
    /** Bytes produced since the initial counter. */
    private long position;

    /** Cached keystream for short updates: blocks [ksBlock, ksBlock + ksBlocks). */
    private byte[] ks;
    private long ksBlock;
    private int ksBlocks;

    private boolean destroyed;

    private ChaCha20(Variant variant, byte[] key, byte[] nonce, long initialCounter, int rounds) {
        Objects.requireNonNull(variant, "variant");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(nonce, "nonce");
        if (key.length != KEY_LENGTH) {
            throw new IllegalArgumentException("key must be 32 bytes, got " + key.length);
        }
        if (nonce.length != variant.nonceLength) {
            throw new IllegalArgumentException(variant + " nonce must be " + variant.nonceLength + " bytes, got "
                    + nonce.length);
        }
        if (rounds != 20 && rounds != 12 && rounds != 8) {
            throw new IllegalArgumentException("rounds must be 20, 12 or 8, got " + rounds);
        }
        if (variant == Variant.IETF && (initialCounter < 0 || initialCounter >= IETF_BLOCKS)) {
            throw new IllegalArgumentException("IETF initial counter must be in [0, 2^32), got " + initialCounter);
        }
        this.engine = Engines.active();
        this.variant = variant;
        this.rounds = rounds;
        this.counter64 = variant != Variant.IETF;
        this.initialCounter = initialCounter;

        state[0] = ChaChaBlock.C0;
        state[1] = ChaChaBlock.C1;
        state[2] = ChaChaBlock.C2;
        state[3] = ChaChaBlock.C3;
        switch (variant) {
            case IETF:
                setKey(key);
                state[13] = (int) Bytes.LE_INT.get(nonce, 0);
                state[14] = (int) Bytes.LE_INT.get(nonce, 4);
                state[15] = (int) Bytes.LE_INT.get(nonce, 8);
                break;
            case ORIGINAL:
                setKey(key);
                state[14] = (int) Bytes.LE_INT.get(nonce, 0);
                state[15] = (int) Bytes.LE_INT.get(nonce, 4);
                break;
            default: {
                int[] k = Bytes.toWords(key, 0, 8);
                int[] sub = ChaChaBlock.hchacha(k, Bytes.toWords(nonce, 0, 4), rounds);
                System.arraycopy(sub, 0, state, 4, 8);
                Arrays.fill(k, 0);
                Arrays.fill(sub, 0);
                state[14] = (int) Bytes.LE_INT.get(nonce, 16);
                state[15] = (int) Bytes.LE_INT.get(nonce, 20);
                break;
            }
        }
        setPosition(0);
    }

    private void setKey(byte[] key) {
        for (int i = 0; i < 8; i++) {
            state[4 + i] = (int) Bytes.LE_INT.get(key, 4 * i);
        }
    }

    /** RFC 8439 ChaCha20: 32-byte key, 12-byte nonce, counter 0, 20 rounds. */
    public static ChaCha20 ietf(byte[] key, byte[] nonce) {
        return new ChaCha20(Variant.IETF, key, nonce, 0, 20);
    }

    /** Original ChaCha20: 32-byte key, 8-byte nonce, counter 0, 20 rounds. */
    public static ChaCha20 original(byte[] key, byte[] nonce) {
        return new ChaCha20(Variant.ORIGINAL, key, nonce, 0, 20);
    }

    /** XChaCha20: 32-byte key, 24-byte nonce, counter 0, 20 rounds. */
    public static ChaCha20 xchacha20(byte[] key, byte[] nonce) {
        return new ChaCha20(Variant.XCHACHA20, key, nonce, 0, 20);
    }

    /**
     * Any variant, initial block counter and round count.
     *
     * @param initialCounter the block counter of the first keystream byte: in [0, 2^32) for IETF; any value
     *                       (read as unsigned 64-bit) otherwise
     * @param rounds         20, 12 or 8
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if a length, the counter or the rounds are out of range
     * @throws IllegalStateException    if {@code -Djchacha.backend} forces a backend that cannot run here
     */
    public static ChaCha20 newInstance(Variant variant, byte[] key, byte[] nonce, long initialCounter, int rounds) {
        return new ChaCha20(variant, key, nonce, initialCounter, rounds);
    }

    public Variant variant() {
        return variant;
    }

    public int rounds() {
        return rounds;
    }

    /** The backend that produces this cipher's keystream. */
    public Backend backend() {
        return Backend.fromId(engine.name());
    }

    /** Bytes of keystream produced (or skipped) since the initial counter. */
    public long position() {
        return position;
    }

    /** Bytes of keystream left before the block counter is exhausted (Long.MAX_VALUE if more). */
    public long remaining() {
        if (!counter64) {
            return (IETF_BLOCKS - block) * BLOCK_LENGTH - offset;
        }
        if (block == 0) {
            // either the very start with initial counter 0 (2^64 blocks ahead) or exactly at the end
            return position > 0 && offset == 0 ? 0 : Long.MAX_VALUE;
        }
        long blocksLeft = -block; // 2^64 - block, unsigned
        if (Long.compareUnsigned(blocksLeft, Long.MAX_VALUE / BLOCK_LENGTH) > 0) {
            return Long.MAX_VALUE;
        }
        return blocksLeft * BLOCK_LENGTH - offset;
    }

    /**
     * Moves to byte {@code position} of the keystream (relative to the initial counter), forwards or backwards.
     *
     * @throws IllegalArgumentException if {@code position} is negative or beyond the counter's limit
     */
    public void seek(long position) {
        checkLive();
        if (position < 0) {
            throw new IllegalArgumentException("position must not be negative: " + position);
        }
        long limit = limitBytes();
        if (position > limit) {
            throw new IllegalArgumentException("position " + position + " is beyond the keystream's end (" + limit
                    + " bytes for this variant and initial counter)");
        }
        setPosition(position);
    }

    /** Keystream bytes available from the initial counter, saturated at Long.MAX_VALUE. */
    private long limitBytes() {
        if (!counter64) {
            return (IETF_BLOCKS - initialCounter) * BLOCK_LENGTH;
        }
        long blocks = -initialCounter; // 2^64 - initial, as unsigned; 0 means 2^64
        if (blocks == 0 || Long.compareUnsigned(blocks, Long.MAX_VALUE / BLOCK_LENGTH) > 0) {
            return Long.MAX_VALUE;
        }
        return blocks * BLOCK_LENGTH;
    }

    private void setPosition(long pos) {
        this.position = pos;
        this.block = initialCounter + (pos >>> 6);
        this.offset = (int) (pos & 63);
    }

    private void advance(int n) {
        position += n;
        long o = offset + (long) n;
        block += o >>> 6;
        offset = (int) (o & 63);
    }

    private void checkLive() {
        if (destroyed) {
            throw new IllegalStateException("cipher destroyed");
        }
    }

    private void checkRemaining(long len) {
        checkLive();
        long remaining = remaining();
        if (len > remaining) {
            throw new IllegalStateException("keystream exhausted: " + len + " bytes requested, " + remaining
                    + " left before the " + (counter64 ? "64" : "32") + "-bit block counter wraps");
        }
    }

    /** XORs {@code input} with the keystream into a new array. */
    public byte[] update(byte[] input) {
        Objects.requireNonNull(input, "input");
        byte[] out = new byte[input.length];
        update(input, 0, input.length, out, 0);
        return out;
    }

    /**
     * XORs {@code len} bytes of {@code in} from {@code inOff} with the keystream into {@code out} at
     * {@code outOff}. The ranges may be the same or overlap in any way.
     *
     * @return {@code len}
     * @throws NullPointerException      if an array is null
     * @throws IndexOutOfBoundsException if a range is outside its array
     * @throws IllegalStateException     if the keystream would run past the counter's limit
     */
    public int update(byte[] in, int inOff, int len, byte[] out, int outOff) {
        Objects.requireNonNull(in, "input");
        Objects.requireNonNull(out, "output");
        Objects.checkFromIndexSize(inOff, len, in.length);
        Objects.checkFromIndexSize(outOff, len, out.length);
        checkRemaining(len);
        if (in == out && inOff != outOff && inOff < outOff + len && outOff < inOff + len) {
            in = Arrays.copyOfRange(in, inOff, inOff + len);
            inOff = 0;
        }
        process(in, inOff, out, outOff, len);
        return len;
    }

    /** Writes {@code len} bytes of raw keystream into {@code out} at {@code off}. */
    public void keystream(byte[] out, int off, int len) {
        Objects.requireNonNull(out, "output");
        Objects.checkFromIndexSize(off, len, out.length);
        checkRemaining(len);
        process(null, 0, out, off, len);
    }

    /**
     * XORs all remaining bytes of {@code input} into {@code output}, as {@code Cipher.update(ByteBuffer,
     * ByteBuffer)} does: both positions advance by the count. Heap and direct buffers; {@code input} and
     * {@code output} may be the same buffer (in place) or views of the same heap array.
     *
     * @return the number of bytes processed
     * @throws java.nio.BufferOverflowException if {@code output} has less room than {@code input} has bytes
     * @throws ReadOnlyBufferException          if {@code output} is read-only
     * @throws IllegalStateException            if the keystream would run past the counter's limit
     */
    public int update(ByteBuffer input, ByteBuffer output) {
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(output, "output");
        if (output.isReadOnly()) {
            throw new ReadOnlyBufferException();
        }
        int len = input.remaining();
        if (output.remaining() < len) {
            throw new java.nio.BufferOverflowException();
        }
        checkRemaining(len);
        int inPos = input.position();
        int outPos = output.position();
        if (input == output) {
            processBuffer(input, inPos, output, outPos, len);
            input.position(inPos + len);
            return len;
        }
        if (input.hasArray() && output.hasArray()) {
            byte[] a = input.array();
            update(a, input.arrayOffset() + inPos, len, output.array(), output.arrayOffset() + outPos);
        } else {
            processBuffer(input, inPos, output, outPos, len);
        }
        input.position(inPos + len);
        output.position(outPos + len);
        return len;
    }

    /** Writes {@code output.remaining()} bytes of raw keystream into {@code output}, advancing its position. */
    public void keystream(ByteBuffer output) {
        Objects.requireNonNull(output, "output");
        if (output.isReadOnly()) {
            throw new ReadOnlyBufferException();
        }
        int len = output.remaining();
        checkRemaining(len);
        int pos = output.position();
        if (output.hasArray()) {
            process(null, 0, output.array(), output.arrayOffset() + pos, len);
        } else {
            processBuffer(null, 0, output, pos, len);
        }
        output.position(pos + len);
    }

    /** Skips {@code n} bytes of keystream (same as {@code seek(position() + n)}). */
    public void skip(long n) {
        if (n < 0) {
            throw new IllegalArgumentException("n must not be negative: " + n);
        }
        checkRemaining(n);
        setPosition(position + n);
    }

    // ---- the stream layer: serve short pieces from a keystream cache, hand long runs to the engine ----

    private void setCounter(long b) {
        state[12] = (int) b;
        if (counter64) {
            state[13] = (int) (b >>> 32);
        }
    }

    /**
     * Fills the cache starting at {@link #block}. A cipher's first fill covers just the request in hand, so a
     * one-shot short message pays for no keystream it never uses; a second fill means a stream of short updates,
     * and from then on every fill takes as many blocks as the engine likes to produce at once.
     */
    private void fillCache(int len) {
        int max = engine.bufferBlocks();
        int want = ks == null ? (int) Math.min(max, (offset + (long) len + BLOCK_LENGTH - 1) / BLOCK_LENGTH) : max;
        if (ks == null || ks.length < want * BLOCK_LENGTH) {
            ks = new byte[want * BLOCK_LENGTH];
        }
        long remaining = remaining();
        long left = remaining >= (long) want * BLOCK_LENGTH ? want
                : (remaining + offset + BLOCK_LENGTH - 1) / BLOCK_LENGTH; // blocks before the limit
        int n = (int) Math.min(want, left);
        setCounter(block);
        engine.xor(state, rounds, counter64, (byte[]) null, 0, ks, 0, n * BLOCK_LENGTH);
        ksBlock = block;
        ksBlocks = n;
    }

    /** The index into {@link #ks} of the next keystream byte, or -1 when the cache does not hold it. */
    private int cacheIndex() {
        long d = block - ksBlock;
        if (ks == null || d < 0 || d >= ksBlocks) {
            return -1;
        }
        return (int) d * BLOCK_LENGTH + offset;
    }

    /** Staging for short buffer updates served from the cache (as long as {@link #ks}). */
    private byte[] scratch;

    /** Where in {@link #ks} the run that {@link #nextCacheRun} chose starts. */
    private int cachePos;

    /**
     * The next step of an update of {@code len} bytes: the number of bytes to take from the keystream cache
     * (filled first if it does not hold the next byte; the run starts at {@link #cachePos}), or 0 when the rest is
     * block-aligned, not cached and long enough to go to the engine in one call.
     */
    private int nextCacheRun(int len) {
        int ci = cacheIndex();
        if (ci < 0) {
            if (offset == 0 && len >= engine.directBytes()) {
                setCounter(block);
                return 0;
            }
            fillCache(len);
            ci = offset;
        }
        cachePos = ci;
        return Math.min(len, ksBlocks * BLOCK_LENGTH - ci);
    }

    private void process(byte[] in, int inOff, byte[] out, int outOff, int len) {
        while (len > 0) {
            int n = nextCacheRun(len);
            if (n == 0) {
                engine.xor(state, rounds, counter64, in, inOff, out, outOff, len);
                advance(len);
                return;
            }
            xorFromCache(in, inOff, out, outOff, cachePos, n);
            advance(n);
            inOff += n;
            outOff += n;
            len -= n;
        }
    }

    private void xorFromCache(byte[] in, int inOff, byte[] out, int outOff, int ci, int n) {
        byte[] k = ks;
        if (in == null) {
            System.arraycopy(k, ci, out, outOff, n);
            return;
        }
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            long v = (long) Bytes.LE_LONG.get(in, inOff + i) ^ (long) Bytes.LE_LONG.get(k, ci + i);
            Bytes.LE_LONG.set(out, outOff + i, v);
        }
        for (; i < n; i++) {
            out[outOff + i] = (byte) (in[inOff + i] ^ k[ci + i]);
        }
    }

    private void processBuffer(ByteBuffer in, int inPos, ByteBuffer out, int outPos, int len) {
        while (len > 0) {
            int n = nextCacheRun(len);
            if (n == 0) {
                engine.xor(state, rounds, counter64, in, inPos, out, outPos, len);
                advance(len);
                return;
            }
            if (in == null) {
                out.put(outPos, ks, cachePos, n);
            } else {
                // bulk copies: per-byte get/put on a direct buffer cost more than the keystream itself
                if (scratch == null || scratch.length < n) {
                    scratch = new byte[ks.length];
                }
                in.get(inPos, scratch, 0, n);
                xorFromCache(scratch, 0, scratch, 0, cachePos, n);
                out.put(outPos, scratch, 0, n);
            }
            advance(n);
            inPos += n;
            outPos += n;
            len -= n;
        }
    }

    /** Wipes the key and cached keystream; the cipher cannot be used afterwards. */
    @Override
    public void destroy() {
        Arrays.fill(state, 0);
        if (ks != null) {
            Arrays.fill(ks, (byte) 0);
        }
        if (scratch != null) {
            Arrays.fill(scratch, (byte) 0);
        }
        ksBlocks = 0;
        destroyed = true;
    }

    @Override
    public boolean isDestroyed() {
        return destroyed;
    }

    @Override
    public String toString() {
        return "ChaCha20[" + variant + ", " + rounds + " rounds, backend " + engine.name() + "]";
    }
}
