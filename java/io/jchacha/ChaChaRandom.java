// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import io.jchacha.internal.Bytes;
import io.jchacha.internal.ChaChaBlock;
import io.jchacha.internal.Engine;
import io.jchacha.internal.EngineScratch;
import io.jchacha.internal.Engines;
import io.jchacha.internal.OsSeed;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * A reproducible, seekable random generator on the ChaCha stream: bit for bit the sequences of Rust's
 * {@code rand_chacha} 0.3 {@code ChaCha8Rng}, {@code ChaCha12Rng} and {@code ChaCha20Rng} for the same seed.
 *
 * <pre>{@code
 * ChaChaRandom r = ChaChaRandom.chacha8(seed32);   // or chacha12, chacha20; no argument: seeded by the OS
 * int a = r.nextInt();                              // rand_chacha next_u32
 * long b = r.nextLong();                            // next_u64
 * r.nextBytes(buf);                                 // fill_bytes
 * double d = r.nextDouble();                        // any RandomGenerator method
 * }</pre>
 *
 * <p>The generator is the original ChaCha keystream (64-bit block counter, 64-bit nonce) with the 32-byte seed
 * as key and the <em>stream</em> number as nonce, read as a sequence of little-endian 32-bit words. Exactly as
 * {@code rand_core}'s {@code BlockRng} reads it: {@link #nextInt()} takes one word; {@link #nextLong()} takes
 * two, the first as the low half (also across a block or buffer boundary); {@link #nextBytes(byte[])} takes
 * {@code ceil(n / 4)} words, writes their bytes in order and discards the rest of a last, partly used word.
 * The other {@link RandomGenerator} methods ({@code nextInt(bound)}, {@code nextDouble()}, {@code ints()},
 * {@code nextGaussian()} ...) are Java's own algorithms over {@code nextInt()} and {@code nextLong()}; they do
 * not reproduce {@code rand}'s distributions (its {@code gen_range}, {@code gen::<f64>} differ).
 *
 * <p>Position: the stream has 2^64 blocks of 16 words, so a word position is a 68-bit number
 * ({@link #getWordPos()}, {@link #setWordPos(BigInteger)}); past the last word the stream wraps to word 0, as
 * {@code rand_chacha} does. {@link #setStream(long)} changes the stream and keeps the word position. A
 * {@link #jump()} moves to the next stream ({@code setStream(getStream() + 1)}). As the JDK's
 * {@link #copyAndJump()} contract says, {@link #jumps()} hands out generators on streams s, s+1, s+2, ... (the
 * first continues this one's stream at its word position) and leaves this generator on the stream after the last
 * one handed out; no two of them share keystream.
 *
 * <p>Keystream comes from the active backend ({@link Backends#active()}) in batches of {@value #BUFFER_BLOCKS}
 * blocks; {@code nextBytes} of at least a batch writes whole blocks straight into the array at the kernel's
 * speed.
 *
 * <p>Instances are not thread-safe (like {@link java.util.SplittableRandom}): give each thread its own, from
 * {@link #copy()} with a different stream, from {@link #jumps()}, or from a fresh seed. This is a
 * reproducible generator for simulations and tests; for keys and nonces use {@code SecureRandom} (jchacha's
 * provider offers a fast ChaCha20 one, {@code SecureRandom.getInstance("ChaCha20", new JChachaProvider())}).
 */
public final class ChaChaRandom implements RandomGenerator.JumpableGenerator {
    /** Blocks generated per engine call when serving short requests (16 KiB: measured, see docs/RANDOM.md). */
    static final int BUFFER_BLOCKS = 256;

    /** The seed length in bytes. */
    public static final int SEED_LENGTH = 32;

    private static final int BUFFER_WORDS = BUFFER_BLOCKS * 16;
    private static final BigInteger MASK64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private final int rounds;
    private final Engine engine;
    /** Constants, key, block counter (set per call), stream. */
    private final int[] state;

    private final byte[] buf;
    /** The engine's working memory, so that refills allocate nothing (each instance its own: not thread-safe). */
    private final EngineScratch work = new EngineScratch();
    /** Block number of {@code buf[0]}. */
    private long bufBlock;
    /** The next word of {@code buf} to hand out; {@link #BUFFER_WORDS} when the buffer is used up. */
    private int index;

    private ChaChaRandom(int rounds, byte[] seed) {
        Objects.requireNonNull(seed, "seed");
        if (seed.length != SEED_LENGTH) {
            throw new IllegalArgumentException("seed must be 32 bytes, got " + seed.length);
        }
        this.engine = Engines.active();
        this.rounds = rounds;
        this.state = new int[16];
        ChaChaBlock.setConstants(state);
        ChaChaBlock.setKey(state, seed, 0);
        this.buf = new byte[BUFFER_BLOCKS * 64];
        this.bufBlock = -BUFFER_BLOCKS;
        this.index = BUFFER_WORDS;
    }

    private ChaChaRandom(ChaChaRandom from) {
        this.rounds = from.rounds;
        this.engine = from.engine;
        this.state = from.state.clone();
        this.buf = from.buf.clone();
        this.bufBlock = from.bufBlock;
        this.index = from.index;
    }

    /**
     * A generator with 8 rounds: {@code rand_chacha::ChaCha8Rng::from_seed(seed)}.
     *
     * @param seed the 32-byte seed (copied)
     * @return a generator at word 0 of stream 0
     * @throws NullPointerException     if {@code seed} is null
     * @throws IllegalArgumentException if {@code seed} is not 32 bytes
     * @throws IllegalStateException    if {@code -Djchacha.backend} forces a backend that cannot run here
     */
    public static ChaChaRandom chacha8(byte[] seed) {
        return new ChaChaRandom(8, seed);
    }

    /**
     * A generator with 12 rounds: {@code rand_chacha::ChaCha12Rng::from_seed(seed)}.
     *
     * @param seed the 32-byte seed (copied)
     * @return a generator at word 0 of stream 0
     * @throws NullPointerException     if {@code seed} is null
     * @throws IllegalArgumentException if {@code seed} is not 32 bytes
     * @throws IllegalStateException    if {@code -Djchacha.backend} forces a backend that cannot run here
     */
    public static ChaChaRandom chacha12(byte[] seed) {
        return new ChaChaRandom(12, seed);
    }

    /**
     * A generator with 20 rounds: {@code rand_chacha::ChaCha20Rng::from_seed(seed)}.
     *
     * @param seed the 32-byte seed (copied)
     * @return a generator at word 0 of stream 0
     * @throws NullPointerException     if {@code seed} is null
     * @throws IllegalArgumentException if {@code seed} is not 32 bytes
     * @throws IllegalStateException    if {@code -Djchacha.backend} forces a backend that cannot run here
     */
    public static ChaChaRandom chacha20(byte[] seed) {
        return new ChaChaRandom(20, seed);
    }

    /**
     * A ChaCha8 generator seeded with 32 bytes from the operating system.
     *
     * @return a generator at word 0 of stream 0 of a fresh seed
     * @throws IllegalStateException if {@code -Djchacha.backend} forces a backend that cannot run here
     */
    public static ChaChaRandom chacha8() {
        return osSeeded(8);
    }

    /**
     * A ChaCha12 generator seeded with 32 bytes from the operating system.
     *
     * @return a generator at word 0 of stream 0 of a fresh seed
     * @throws IllegalStateException if {@code -Djchacha.backend} forces a backend that cannot run here
     */
    public static ChaChaRandom chacha12() {
        return osSeeded(12);
    }

    /**
     * A ChaCha20 generator seeded with 32 bytes from the operating system.
     *
     * @return a generator at word 0 of stream 0 of a fresh seed
     * @throws IllegalStateException if {@code -Djchacha.backend} forces a backend that cannot run here
     */
    public static ChaChaRandom chacha20() {
        return osSeeded(20);
    }

    /**
     * A generator with a round count chosen at run time.
     *
     * @param rounds 8, 12 or 20
     * @param seed   the 32-byte seed (copied), or {@code null} for 32 bytes from the operating system
     * @return a generator at word 0 of stream 0
     * @throws IllegalArgumentException if {@code rounds} is not 8, 12 or 20, or {@code seed} is not 32 bytes
     * @throws IllegalStateException    if {@code -Djchacha.backend} forces a backend that cannot run here
     */
    public static ChaChaRandom newInstance(int rounds, byte[] seed) {
        if (rounds != 8 && rounds != 12 && rounds != 20) {
            throw new IllegalArgumentException("rounds must be 8, 12 or 20, got " + rounds);
        }
        return seed == null ? osSeeded(rounds) : new ChaChaRandom(rounds, seed);
    }

    private static ChaChaRandom osSeeded(int rounds) {
        byte[] seed = OsSeed.bytes(SEED_LENGTH);
        try {
            return new ChaChaRandom(rounds, seed);
        } finally {
            Arrays.fill(seed, (byte) 0);
        }
    }

    /**
     * The number of rounds.
     *
     * @return 8, 12 or 20
     */
    public int rounds() {
        return rounds;
    }

    /**
     * The seed ({@code rand_chacha}'s {@code get_seed}).
     *
     * @return a copy of the 32-byte seed
     */
    public byte[] getSeed() {
        byte[] seed = new byte[SEED_LENGTH];
        Bytes.putWords(state, 4, 8, seed, 0);
        return seed;
    }

    /**
     * The next 32-bit word of the stream ({@code next_u32}).
     *
     * @return the word, as a signed int
     */
    @Override
    public int nextInt() {
        int i = index;
        if (i >= BUFFER_WORDS) {
            refill();
            i = 0;
        }
        index = i + 1;
        return (int) Bytes.LE_INT.get(buf, i << 2);
    }

    /**
     * The next two words of the stream, the first as the low half ({@code next_u64}).
     *
     * @return the 64-bit value, as a signed long
     */
    @Override
    public long nextLong() {
        int i = index;
        if (i <= BUFFER_WORDS - 2) {
            index = i + 2;
            return (long) Bytes.LE_LONG.get(buf, i << 2);
        }
        long lo = nextInt() & 0xFFFFFFFFL;
        return ((long) nextInt() << 32) | lo;
    }

    /**
     * Fills {@code bytes} from the stream ({@code fill_bytes}): takes {@code ceil(bytes.length / 4)} words and
     * discards the unused bytes of a last, partly used word.
     *
     * @param bytes the array to fill
     * @throws NullPointerException if {@code bytes} is null
     */
    @Override
    public void nextBytes(byte[] bytes) {
        nextBytes(bytes, 0, bytes.length);
    }

    /**
     * Fills {@code len} bytes of {@code bytes} from {@code off} as {@link #nextBytes(byte[])} fills an array of
     * that length; nothing outside the range is written.
     *
     * @param bytes the array
     * @param off   where to start
     * @param len   how many bytes
     * @throws NullPointerException      if {@code bytes} is null
     * @throws IndexOutOfBoundsException if the range is not inside {@code bytes}
     */
    public void nextBytes(byte[] bytes, int off, int len) {
        Objects.checkFromIndexSize(off, len, bytes.length);
        while (len > 0) {
            if (index >= BUFFER_WORDS) {
                if (len >= buf.length) {
                    int blocks = len >>> 6;
                    generate(bufBlock + BUFFER_BLOCKS, bytes, off, blocks);
                    bufBlock += blocks;
                    off += blocks << 6;
                    len -= blocks << 6;
                    continue;
                }
                refill();
            }
            int n = Math.min(len, (BUFFER_WORDS - index) << 2);
            System.arraycopy(buf, index << 2, bytes, off, n);
            index += (n + 3) >>> 2;
            off += n;
            len -= n;
        }
    }

    /**
     * The stream number (the ChaCha nonce), {@code get_stream}.
     *
     * @return the stream, as a signed long holding the unsigned 64-bit value
     */
    public long getStream() {
        return (state[14] & 0xFFFFFFFFL) | ((long) state[15] << 32);
    }

    /**
     * Switches to another stream at the same word position ({@code set_stream}); the 2^64 streams of one seed
     * never share keystream.
     *
     * @param stream the stream number, read as unsigned 64-bit
     */
    public void setStream(long stream) {
        state[14] = (int) stream;
        state[15] = (int) (stream >>> 32);
        if (index < BUFFER_WORDS) {
            seek(bufBlock + (index >>> 4), index & 15);
        }
    }

    /**
     * The position of the next word in the stream ({@code get_word_pos}): a 68-bit number of 32-bit words.
     *
     * @return the word position, in [0, 2^68)
     */
    public BigInteger getWordPos() {
        long block = bufBlock + (index >>> 4);
        return BigInteger.valueOf(block).and(MASK64).shiftLeft(4).or(BigInteger.valueOf(index & 15));
    }

    /**
     * Moves to a word position ({@code set_word_pos}); like {@code rand_chacha}, only the low 68 bits count
     * (the stream wraps after 2^68 words).
     *
     * @param wordPos the word position, not negative
     * @throws NullPointerException     if {@code wordPos} is null
     * @throws IllegalArgumentException if {@code wordPos} is negative
     */
    public void setWordPos(BigInteger wordPos) {
        Objects.requireNonNull(wordPos, "wordPos");
        if (wordPos.signum() < 0) {
            throw new IllegalArgumentException("word position must not be negative");
        }
        seek(wordPos.shiftRight(4).longValue(), wordPos.intValue() & 15);
    }

    private void seek(long block, int word) {
        bufBlock = block - BUFFER_BLOCKS;
        refill();
        index = word;
    }

    private void refill() {
        bufBlock += BUFFER_BLOCKS;
        generate(bufBlock, buf, 0, BUFFER_BLOCKS);
        index = 0;
    }

    /** Writes {@code blocks} keystream blocks from block {@code block} on, wrapping after block 2^64 - 1. */
    private void generate(long block, byte[] out, int off, int blocks) {
        long beforeWrap = -block; // blocks left before the counter wraps (unsigned; 0 means 2^64)
        if (block != 0 && Long.compareUnsigned(blocks, beforeWrap) > 0) {
            generate(block, out, off, (int) beforeWrap);
            generate(0, out, off + ((int) beforeWrap << 6), blocks - (int) beforeWrap);
            return;
        }
        state[12] = (int) block;
        state[13] = (int) (block >>> 32);
        engine.xor(state, rounds, true, (byte[]) null, 0, out, off, blocks << 6, work);
    }

    /**
     * An independent copy in the same state: both produce the same values from here on.
     *
     * @return the copy
     */
    @Override
    public ChaChaRandom copy() {
        return new ChaChaRandom(this);
    }

    /** Moves to the next stream ({@code setStream(getStream() + 1)}), keeping the word position. */
    @Override
    public void jump() {
        setStream(getStream() + 1);
    }

    /**
     * The distance of a {@link #jump()}: one whole stream, 2^68 words.
     *
     * @return 2^68
     */
    @Override
    public double jumpDistance() {
        return 0x1p68;
    }

    /**
     * A copy of this generator, after which this one jumps to the next stream.
     *
     * @return a generator on the current stream
     */
    @Override
    public ChaChaRandom copyAndJump() {
        ChaChaRandom c = copy();
        jump();
        return c;
    }

    /**
     * Names the rounds, stream and backend; never the seed.
     *
     * @return a description
     */
    @Override
    public String toString() {
        return "ChaChaRandom[ChaCha" + rounds + ", stream " + Long.toUnsignedString(getStream()) + ", backend "
                + engine.name() + "]";
    }
}
