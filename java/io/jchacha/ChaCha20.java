// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import io.jchacha.internal.ArrayXor;
import io.jchacha.internal.Bytes;
import io.jchacha.internal.ChaChaBlock;
import io.jchacha.internal.Engine;
import io.jchacha.internal.EngineScratch;
import io.jchacha.internal.Engines;
import io.jchacha.internal.Overlap;
import java.math.BigInteger;
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
 * definition). Rounds: 20 (ChaCha20), 12 or 8.
 *
 * <p>The block counter never wraps. The keystream of a cipher ends with the last block its counter can name
 * (2^32 - 1, or 2^64 - 1 read as unsigned), and a call that would run past that end throws before it writes
 * anything or moves the position. The 64-bit variants reach positions of up to 2^70 bytes: {@link #position()}
 * and {@link #seek(long)} cover the first 2^63 - 1 bytes, {@link #positionExact()}, {@link #remainingExact()} and
 * {@link #seek(BigInteger)} all of them.
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
            throw new IllegalArgumentException(
                    "nonce must be 8 (original), 12 (IETF) or 24 (XChaCha20) bytes, got " + length);
        }
    }

    /** Key length in bytes. */
    public static final int KEY_LENGTH = 32;
    /** Keystream block length in bytes. */
    public static final int BLOCK_LENGTH = 64;

    private static final long IETF_BLOCKS = 1L << 32;
    /** Bytes per piece when input and output overlap (a multiple of the block length). */
    private static final int PIECE = 16 * 1024;

    private final Variant variant;
    private final int rounds;
    private final boolean counter64;
    private final long initialCounter;
    /** The last counter value (unsigned): 2^32 - 1 or 2^64 - 1. */
    private final long lastBlock;

    private final Engine engine;
    /** {@link Engine#xorBytesMin()}: from how many bytes a run from the keystream cache is XOR-ed by the engine. */
    private final int xorBytesMin;
    /** {@link Engine#continuesStreams()}: whether {@link #continued} asks the engine. */
    private final boolean engineContinues;

    private final int[] state;
    /** The engine's working memory, kept with the key so that a long stream allocates nothing per call. */
    private final EngineScratch work = new EngineScratch();

    /** Absolute block counter of the next keystream byte (unsigned 64-bit). */
    private long block;
    /**
     * Offset of the next keystream byte inside {@link #block}: 0 to 63, or 64 once the whole last block is used
     * (the end of the keystream, where {@code block} is {@link #lastBlock}: the counter is never advanced past it).
     */
    private int offset;

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
            throw new IllegalArgumentException(
                    variant + " nonce must be " + variant.nonceLength + " bytes, got " + nonce.length);
        }
        if (rounds != 20 && rounds != 12 && rounds != 8) {
            throw new IllegalArgumentException("rounds must be 20, 12 or 8, got " + rounds);
        }
        if (variant == Variant.IETF && (initialCounter < 0 || initialCounter >= IETF_BLOCKS)) {
            throw new IllegalArgumentException("IETF initial counter must be in [0, 2^32), got " + initialCounter);
        }
        this.engine = Engines.active();
        this.xorBytesMin = engine.xorBytesMin();
        this.engineContinues = engine.continuesStreams();
        this.variant = variant;
        this.rounds = rounds;
        this.counter64 = variant != Variant.IETF;
        this.initialCounter = initialCounter;
        this.lastBlock = counter64 ? -1L : IETF_BLOCKS - 1;

        int[] k = Bytes.toWords(key, 0, 8);
        switch (variant) {
            case IETF:
                state = ChaChaBlock.state(k, Bytes.le32(nonce, 0), Bytes.le32(nonce, 4), Bytes.le32(nonce, 8));
                break;
            case ORIGINAL: // words 12..13 the 64-bit block counter, 14..15 the nonce
                state = ChaChaBlock.state(k, 0, Bytes.le32(nonce, 0), Bytes.le32(nonce, 4));
                break;
            default: {
                int[] sub = ChaChaBlock.hchacha(k, Bytes.toWords(nonce, 0, 4), rounds);
                state = ChaChaBlock.state(sub, 0, Bytes.le32(nonce, 16), Bytes.le32(nonce, 20));
                Arrays.fill(sub, 0);
                break;
            }
        }
        Arrays.fill(k, 0);
        block = initialCounter;
        offset = 0;
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

    /**
     * Bytes of keystream produced (or skipped) since the initial counter.
     *
     * @throws ArithmeticException if the position is 2^63 or more (only the 64-bit counter variants get there; see
     *                             {@link #positionExact()})
     */
    public long position() {
        long blocks = block - initialCounter; // unsigned, exact: the position never passes the end
        long bytes = (blocks << 6) + offset;
        if (Long.compareUnsigned(blocks, 1L << 57) >= 0 || bytes < 0) {
            throw new ArithmeticException("position " + positionExact() + " does not fit a long; use positionExact()");
        }
        return bytes;
    }

    /** Bytes of keystream produced (or skipped) since the initial counter, exact at every position. */
    public BigInteger positionExact() {
        return unsigned(block - initialCounter).shiftLeft(6).add(BigInteger.valueOf(offset));
    }

    /** Bytes of keystream left before the block counter is exhausted, or Long.MAX_VALUE if at least that many. */
    public long remaining() {
        long left = bytesLeft(block, offset);
        return left < 0 ? Long.MAX_VALUE : left;
    }

    /** Bytes of keystream left before the block counter is exhausted, exact (up to 2^70). */
    public BigInteger remainingExact() {
        return bytesLeftExact(block, offset);
    }

    /**
     * Moves to byte {@code position} of the keystream (relative to the initial counter), forwards or backwards.
     *
     * @throws IllegalArgumentException if {@code position} is negative or beyond the keystream's end
     */
    public void seek(long position) {
        checkLive();
        if (position < 0) {
            throw new IllegalArgumentException("position must not be negative: " + position);
        }
        if (Long.compareUnsigned(position, bytesLeft(initialCounter, 0)) > 0) {
            throw beyondEnd(BigInteger.valueOf(position));
        }
        moveTo(initialCounter, 0, position);
    }

    /**
     * Moves to byte {@code position} of the keystream (relative to the initial counter): every position of the
     * 64-bit counter variants, up to 2^70.
     *
     * @throws NullPointerException     if {@code position} is null
     * @throws IllegalArgumentException if {@code position} is negative or beyond the keystream's end
     */
    public void seek(BigInteger position) {
        Objects.requireNonNull(position, "position");
        checkLive();
        if (position.signum() < 0) {
            throw new IllegalArgumentException("position must not be negative: " + position);
        }
        int c = position.compareTo(bytesLeftExact(initialCounter, 0));
        if (c > 0) {
            throw beyondEnd(position);
        }
        if (c == 0) {
            block = lastBlock;
            offset = BLOCK_LENGTH;
        } else {
            block = initialCounter + position.shiftRight(6).longValue(); // below the end: no wrap
            offset = position.intValue() & (BLOCK_LENGTH - 1);
        }
    }

    private IllegalArgumentException beyondEnd(BigInteger position) {
        return new IllegalArgumentException("position " + position + " is beyond the keystream's end ("
                + bytesLeftExact(initialCounter, 0) + " bytes for this variant and initial counter)");
    }

    private static BigInteger unsigned(long v) {
        return new BigInteger(Long.toUnsignedString(v));
    }

    /** Keystream bytes from block {@code b}, offset {@code o} to the end, as unsigned, capped at 2^63. */
    private long bytesLeft(long b, int o) {
        long blocks = lastBlock - b; // whole blocks after b, unsigned
        if (Long.compareUnsigned(blocks, 1L << 57) >= 0) {
            return Long.MIN_VALUE; // 2^63 unsigned: more than any long count
        }
        return (blocks << 6) + (BLOCK_LENGTH - o); // at most 2^63
    }

    private BigInteger bytesLeftExact(long b, int o) {
        return unsigned(lastBlock - b).add(BigInteger.ONE).shiftLeft(6).subtract(BigInteger.valueOf(o));
    }

    /** Sets the position {@code n} bytes after block {@code b}, offset {@code o}; {@code n} must not pass the end. */
    private void moveTo(long b, int o, long n) {
        if (n == bytesLeft(b, o)) {
            block = lastBlock;
            offset = BLOCK_LENGTH;
            return;
        }
        long off = o + (n & (BLOCK_LENGTH - 1));
        block = b + (n >>> 6) + (off >>> 6); // before the end: no wrap
        offset = (int) (off & (BLOCK_LENGTH - 1));
    }

    private void advance(int n) {
        moveTo(block, offset, n);
    }

    private void checkLive() {
        if (destroyed) {
            throw new IllegalStateException("cipher destroyed");
        }
    }

    /** Throws unless {@code len} (at least 0) more bytes of keystream exist. */
    private void checkRemaining(long len) {
        checkLive();
        long left = bytesLeft(block, offset);
        if (Long.compareUnsigned(len, left) > 0) {
            throw new IllegalStateException("keystream exhausted: " + len + " bytes requested, " + left
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
        Overlap overlap = Overlap.of(in, inOff, out, outOff, len);
        if (overlap == Overlap.NONE
                && (fromCache(in, inOff, out, outOff, len) || continued(in, inOff, out, outOff, len))) {
            return len;
        }
        checkRemaining(len);
        if (overlap == Overlap.NONE) {
            process(in, inOff, out, outOff, len);
        } else {
            walk(ByteBuffer.wrap(in), inOff, ByteBuffer.wrap(out), outOff, len, overlap == Overlap.OUTPUT_AFTER_INPUT);
        }
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
     * ByteBuffer)} does: both positions advance by the count. Heap and direct buffers. {@code input} and
     * {@code output} may be the same buffer (in place) or any views of the same memory (slices, duplicates,
     * read-only views, overlapping in either direction): the result is always as if all of the input were read
     * before any output is written. Ranges that overlap are worked through a 16 KiB buffer piece by piece, in the
     * order that reads every piece before it is overwritten; a read-only heap input with a heap output is copied
     * first (it cannot show whether it is a view of the output's array). Disjoint ranges are never copied.
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
        switch (Overlap.of(input, inPos, output, outPos, len)) {
            case NONE:
                processBuffers(input, inPos, output, outPos, len);
                break;
            case OUTPUT_BEFORE_INPUT:
                walk(input, inPos, output, outPos, len, false);
                break;
            case OUTPUT_AFTER_INPUT:
                walk(input, inPos, output, outPos, len, true);
                break;
            default: {
                byte[] copy = new byte[len];
                input.get(inPos, copy, 0, len);
                processBuffers(ByteBuffer.wrap(copy), 0, output, outPos, len);
                Arrays.fill(copy, (byte) 0);
            }
        }
        input.position(inPos + len);
        if (output != input) {
            output.position(outPos + len);
        }
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
        processBuffers(null, 0, output, pos, len);
        output.position(pos + len);
    }

    /**
     * Skips {@code n} bytes of keystream (same as {@code seek(position() + n)}, at every position).
     *
     * @throws IllegalArgumentException if {@code n} is negative
     * @throws IllegalStateException    if fewer than {@code n} bytes of keystream are left (the position does not
     *                                  move)
     */
    public void skip(long n) {
        if (n < 0) {
            throw new IllegalArgumentException("n must not be negative: " + n);
        }
        checkRemaining(n);
        moveTo(block, offset, n);
    }

    // ---- the stream layer: serve short pieces from a keystream cache, hand long runs to the engine ----

    private void setCounter(long b) {
        state[12] = (int) b;
        if (counter64) {
            state[13] = (int) (b >>> 32);
        }
    }

    /**
     * Fills the cache starting at {@link #block}. A fill that continues the last one (a stream of short updates)
     * takes as many blocks as the engine likes to produce at once; any other (a cipher's first, or one after a seek)
     * covers just the request in hand, so a one-shot short message or a random read pays for no keystream it never
     * uses.
     */
    private void fillCache(int len) {
        int max = engine.bufferBlocks();
        boolean continues = ks != null && block == ksBlock + ksBlocks;
        int want = continues ? max : (int) Math.min(max, (offset + (long) len + BLOCK_LENGTH - 1) / BLOCK_LENGTH);
        if (ks == null || ks.length < want * BLOCK_LENGTH) {
            wipe(ks);
            ks = new byte[want * BLOCK_LENGTH];
        }
        long after = lastBlock - block; // blocks after this one before the end, unsigned
        int n = Long.compareUnsigned(after, want - 1) >= 0 ? want : (int) after + 1;
        setCounter(block);
        engine.xor(state, rounds, counter64, (byte[]) null, 0, ks, 0, n * BLOCK_LENGTH, work);
        ksBlock = block;
        ksBlocks = n;
        streamed = want == max;
        engineNext = block + n;
    }

    /**
     * Whether this cipher streams (its last cache fill was a full one) and the engine's last call for it ended on a
     * block boundary at {@link #engineNext}: a call there continues the engine's work (see
     * {@link Engine#streamDirectBytes()}). Hints only: an engine never relies on them for correctness (it checks where
     * it stands itself).
     */
    private boolean streamed;

    private long engineNext;

    /** The index into {@link #ks} of the next keystream byte, or -1 when the cache does not hold it. */
    private int cacheIndex() {
        long d = block - ksBlock; // unsigned
        if (ks == null || Long.compareUnsigned(d, ksBlocks) >= 0) {
            return -1;
        }
        return (int) d * BLOCK_LENGTH + offset;
    }

    /**
     * The whole update from the keystream cache when the cache holds all of it and the byte after it (so the new
     * position is inside the cache, short of the keystream's end): no fill, no limit check, no general position
     * arithmetic. False, with nothing done, otherwise.
     */
    private boolean fromCache(byte[] in, int inOff, byte[] out, int outOff, int len) {
        int ci = cacheIndex();
        if (ci < 0 || len >= ksBlocks * BLOCK_LENGTH - ci) {
            return false;
        }
        int end = ci + len;
        xorFromCache(in, inOff, out, outOff, ci, len);
        block = ksBlock + (end >>> 6);
        offset = end & (BLOCK_LENGTH - 1);
        return true;
    }

    /**
     * The whole update by the engine going on from its own last call for this cipher ({@link Engine#xorContinuing}),
     * when it is block-aligned, starts at {@link #engineNext}, reaches {@link Engine#streamDirectBytes()} and ends
     * short of the keystream's end: no cache, no general position arithmetic, and the engine checks the position alone
     * (this cipher's key, nonce and rounds never change). False, with nothing done, otherwise. It makes short
     * streaming updates on the jdk engine faster up to 1 KiB; native backends leave at the first test
     * (docs/bench/tuning.md#stream-continuation).
     */
    private boolean continued(byte[] in, int inOff, byte[] out, int outOff, int len) {
        if (!engineContinues
                || offset != 0
                || block != engineNext
                || (len & (BLOCK_LENGTH - 1)) != 0
                || len < engine.streamDirectBytes()
                || Long.compareUnsigned(len >>> 6, lastBlock - block) > 0) {
            return false;
        }
        checkLive();
        if (!engine.xorContinuing(block, counter64, in, inOff, out, outOff, len, work)) {
            return false;
        }
        block += len >>> 6;
        engineNext = block;
        return true;
    }

    /** Staging for short buffer updates served from the cache (as long as {@link #ks}). */
    private byte[] scratch;

    /** Where in {@link #ks} the run that {@link #nextCacheRun} chose starts. */
    private int cachePos;

    /** How many bytes the step {@link #nextCacheRun} chose sends to the engine directly. */
    private int directLen;

    /**
     * The next step of an update of {@code len} bytes: the number of bytes to take from the keystream cache
     * (filled first if it does not hold the next byte; the run starts at {@link #cachePos}), or 0 when the next
     * {@link #directLen} bytes are block-aligned, not cached and go to the engine in one call: all of them when
     * they are at least {@link Engine#directBytes()}, their whole blocks when they continue a streaming engine's
     * last call and reach {@link Engine#streamDirectBytes()}.
     */
    private int nextCacheRun(int len) {
        int ci = cacheIndex();
        if (ci < 0) {
            if (offset == 0 && len >= engine.directBytes()) {
                setCounter(block);
                directLen = len;
                return 0;
            }
            if (offset == 0 && streamed && block == engineNext && len >= engine.streamDirectBytes()) {
                setCounter(block);
                directLen = len & -BLOCK_LENGTH;
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
                n = directLen;
                engine.xor(state, rounds, counter64, in, inOff, out, outOff, n, work);
                directDone(n);
            } else {
                xorFromCache(in, inOff, out, outOff, cachePos, n);
            }
            advance(n);
            inOff += n;
            outOff += n;
            len -= n;
        }
    }

    /** Notes where a direct engine call of {@code n} bytes from {@link #block} (offset 0) left the engine. */
    private void directDone(int n) {
        engineNext = block + (n >>> 6);
        streamed &= (n & (BLOCK_LENGTH - 1)) == 0;
    }

    private void xorFromCache(byte[] in, int inOff, byte[] out, int outOff, int ci, int n) {
        byte[] k = ks;
        if (in == null) {
            System.arraycopy(k, ci, out, outOff, n);
            return;
        }
        if (n >= xorBytesMin) {
            engine.xorBytes(in, inOff, k, ci, out, outOff, n, work);
            return;
        }
        ArrayXor.xor(in, inOff, k, ci, out, outOff, n);
    }

    /** An update whose ranges are disjoint or identical: straight through, arrays where both have one. */
    private void processBuffers(ByteBuffer in, int inPos, ByteBuffer out, int outPos, int len) {
        if (out.hasArray() && (in == null || in.hasArray())) {
            process(
                    in == null ? null : in.array(),
                    in == null ? 0 : in.arrayOffset() + inPos,
                    out.array(),
                    out.arrayOffset() + outPos,
                    len);
        } else {
            processBuffer(in, inPos, out, outPos, len);
        }
    }

    /** Buffer for the pieces of an overlapping update, {@link #PIECE} bytes. */
    private byte[] bounce;

    /**
     * An update whose ranges overlap at different starts, in pieces of {@link #PIECE} bytes (all but the first
     * block-aligned) through {@link #bounce}: each piece is read whole before it is written, and the pieces go back
     * to front when the output lies after the input, front to back otherwise (memmove's rule), so no piece reads a
     * byte an earlier one overwrote. The position moves to each piece's start, and to the end afterwards.
     */
    private void walk(ByteBuffer in, int inPos, ByteBuffer out, int outPos, int len, boolean backwards) {
        if (bounce == null) {
            bounce = new byte[PIECE];
        }
        long b0 = block;
        int o0 = offset;
        int first = Math.min(len, PIECE - o0);
        int pieces = 1 + (int) (((long) len - first + PIECE - 1) / PIECE); // long: len + offset can pass 2^31
        try {
            for (int i = 0; i < pieces; i++) {
                int k = backwards ? pieces - 1 - i : i;
                int start = k == 0 ? 0 : first + (k - 1) * PIECE;
                int n = k == 0 ? first : Math.min(PIECE, len - start);
                moveTo(b0, o0, start);
                in.get(inPos + start, bounce, 0, n);
                process(bounce, 0, bounce, 0, n);
                out.put(outPos + start, bounce, 0, n);
            }
        } finally {
            // even if a buffer another thread resized throws half-way: never hand out this keystream again
            moveTo(b0, o0, len);
        }
    }

    private void processBuffer(ByteBuffer in, int inPos, ByteBuffer out, int outPos, int len) {
        while (len > 0) {
            int n = nextCacheRun(len);
            if (n == 0) {
                n = directLen;
                engine.xor(state, rounds, counter64, in, inPos, out, outPos, n, work);
                directDone(n);
            } else if (in == null) {
                out.put(outPos, ks, cachePos, n);
            } else {
                // bulk copies: per-byte get/put on a direct buffer cost more than the keystream itself
                if (scratch == null || scratch.length < n) {
                    wipe(scratch);
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

    private static void wipe(byte[] b) {
        if (b != null) {
            Arrays.fill(b, (byte) 0);
        }
    }

    /**
     * Wipes the key words, the cached keystream, the staging buffers and the engine's working memory; the cipher
     * cannot be used afterwards.
     */
    @Override
    public void destroy() {
        Arrays.fill(state, 0);
        work.wipe();
        wipe(ks);
        wipe(scratch);
        wipe(bounce);
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
