// SPDX-License-Identifier: Apache-2.0
package io.jchacha.provider;

import io.jchacha.internal.FastKeyErasure;
import io.jchacha.internal.OsSeed;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandomParameters;
import java.security.SecureRandomSpi;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * {@code SecureRandom} "ChaCha20": a ChaCha20 fast-key-erasure generator per thread (see
 * {@link FastKeyErasure}), seeded with 32 bytes from the JDK's OS seed source ({@link OsSeed}).
 *
 * <p>Thread-safe without a lock on the hot path: each thread that uses an instance gets its own generator
 * (a {@code ThreadLocal}, with a small table by thread id in front of it); the provider declares
 * {@code ThreadSafe=true}, so {@code SecureRandom} adds no lock either. A thread's generator reseeds (its key
 * becomes {@code SHA-256(domain || key || 32 OS bytes || setSeed digest)}, buffered bytes are dropped) before its
 * next output when
 * <ul>
 *   <li>a checkpoint has begun or a restore finished since its last reseed ({@link CheckpointEpoch}, on JDKs with
 *       {@code jdk.crac}); from the start of a checkpoint to the end of the restore every call reseeds;</li>
 *   <li>{@code setSeed} or {@code reseed()} was called on the instance (by any thread);</li>
 * </ul>
 * and, checked whenever it must make new keystream (its buffer, at most {@value #MAX_UNCHECKED} bytes, does not
 * cover the request), when
 * <ul>
 *   <li>it has produced {@value #RESEED_BYTES} bytes, or {@value #RESEED_MILLIS} ms passed since its last seed;</li>
 *   <li>the wall clock moved backwards, or forward by more than {@value #CLOCK_STEP_MILLIS} ms, since its last
 *       check: how a restore without CRaC's notification (a resumed VM snapshot) shows itself. Such a restore
 *       can return at most the {@value #MAX_UNCHECKED} bytes left in the image's buffer before it is noticed.</li>
 * </ul>
 * {@code setSeed} adds to the entropy and never replaces it: its bytes are chained into a SHA-256 digest that
 * every thread's generator mixes into its key before its next output; output never becomes a function of the
 * seed alone. {@code generateSeed} reads the OS source.
 */
public final class ChaCha20SecureRandomSpi extends SecureRandomSpi {
    private static final long serialVersionUID = 1L;

    /** Output per thread between reseeds (bytes). */
    static final long RESEED_BYTES = 1L << 30;
    /** Time per thread between reseeds (ms). */
    static final long RESEED_MILLIS = 60_000;
    /** A forward step of the wall clock between two checks of a thread larger than this reseeds (ms). */
    static final long CLOCK_STEP_MILLIS = 1_000;
    /** The most a thread returns between two reads of the wall clock: what one batch leaves after the next key. */
    static final int MAX_UNCHECKED = FastKeyErasure.BATCH - 32;

    /** Size of the per-thread cache (a power of two). */
    private static final int SLOTS = 64;

    private static final byte[] MIX_DOMAIN =
            "jchacha SecureRandom setSeed".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /** A thread's generator and when it was last seeded. */
    private static final class PerThread {
        /** The owner's {@link Thread#getId()} (never reused by the JVM). */
        final long ownerId;

        final FastKeyErasure generator;
        byte[] mixSeen;
        /** The (even) checkpoint epoch of the last reseed, or -1 after one during a checkpoint: never matches. */
        int epochSeen;

        long seededMillis;
        long lastMillis;
        long sinceSeed;

        PerThread(FastKeyErasure generator, byte[] mixSeen, int epoch, long now) {
            this.ownerId = Thread.currentThread().getId();
            this.generator = generator;
            this.mixSeen = mixSeen;
            this.epochSeen = seenValue(epoch);
            this.seededMillis = now;
            this.lastMillis = now;
        }
    }

    private final transient LongSupplier clock;
    private final transient long reseedBytes;
    private transient ThreadLocal<PerThread> local;
    /**
     * A cache in front of {@link #local}: slot {@code id % SLOTS} holds the generator of some thread with that id
     * (checked against its final {@code ownerId}, so a racing write can only cost a ThreadLocal lookup, never
     * hand a thread another's generator).
     */
    private transient PerThread[] slots;
    /** SHA-256 chain of every setSeed input; a new array (compared by reference) on every setSeed or reseed. */
    private transient volatile byte[] mix;

    private final transient Object mixLock = new Object();
    private final transient AtomicLong reseeds = new AtomicLong();

    /** A generator on the wall clock, as the provider creates it. */
    public ChaCha20SecureRandomSpi() {
        this(System::currentTimeMillis, RESEED_BYTES);
    }

    /** For tests: a generator on the given wall clock (milliseconds) and output bound. */
    ChaCha20SecureRandomSpi(LongSupplier clock, long reseedBytes) {
        this.clock = clock;
        this.reseedBytes = reseedBytes;
        init();
    }

    private void init() {
        mix = new byte[0];
        slots = new PerThread[SLOTS];
        local = ThreadLocal.withInitial(() -> {
            long now = clock.getAsLong();
            byte[] m = mix;
            int epoch = CheckpointEpoch.current();
            byte[] material = material(m);
            try {
                return new PerThread(new FastKeyErasure(material), m, epoch, now);
            } finally {
                Arrays.fill(material, (byte) 0);
            }
        });
    }

    /**
     * Refuses deserialization: a restored copy would repeat the original's output.
     *
     * @param in the stream
     * @throws IOException always ({@link java.io.InvalidObjectException})
     * @throws ClassNotFoundException never
     */
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        throw new java.io.InvalidObjectException("a ChaCha20 SecureRandom is not restored from a stream: "
                + "create a new one (a copy could repeat output)");
    }

    /** 32 fresh OS bytes followed by the setSeed digest (the caller wipes it). */
    private static byte[] material(byte[] mixDigest) {
        byte[] os = OsSeed.bytes(32);
        byte[] m = Arrays.copyOf(os, 32 + mixDigest.length);
        System.arraycopy(mixDigest, 0, m, 32, mixDigest.length);
        Arrays.fill(os, (byte) 0);
        return m;
    }

    /** The calling thread's generator. */
    private PerThread current() {
        long id = Thread.currentThread().getId();
        PerThread[] s = slots;
        int i = (int) id & (SLOTS - 1);
        PerThread t = s[i];
        if (t == null || t.ownerId != id) {
            t = local.get();
            s[i] = t;
        }
        return t;
    }

    @Override
    protected void engineNextBytes(byte[] bytes) {
        int len = bytes.length;
        PerThread t = current();
        byte[] m = mix;
        int epoch = CheckpointEpoch.current();
        if (len > t.generator.buffered() || epoch != t.epochSeen || m != t.mixSeen) {
            check(t, m, epoch);
        }
        t.sinceSeed += len;
        t.generator.nextBytes(bytes, 0, len);
    }

    /** Before new keystream, a setSeed/reseed or a checkpoint: reads the clock and reseeds if anything says so. */
    private void check(PerThread t, byte[] m, int epoch) {
        long now = clock.getAsLong();
        long step = now - t.lastMillis;
        if (epoch != t.epochSeen
                || m != t.mixSeen
                || step < 0
                || step > CLOCK_STEP_MILLIS
                || now - t.seededMillis > RESEED_MILLIS
                || t.sinceSeed >= reseedBytes) {
            reseed(t, m, now);
            t.epochSeen = seenValue(epoch);
        }
        t.lastMillis = now;
    }

    /** What a thread records of the epoch it reseeded in: during a checkpoint (odd) nothing that will match. */
    private static int seenValue(int epoch) {
        return (epoch & 1) == 0 ? epoch : -1;
    }

    private void reseed(PerThread t, byte[] m, long now) {
        byte[] material = material(m);
        t.generator.reseed(material);
        Arrays.fill(material, (byte) 0);
        t.mixSeen = m;
        t.seededMillis = now;
        t.sinceSeed = 0;
        reseeds.incrementAndGet();
    }

    /** For tests: how many times a thread's generator reseeded. */
    long reseeds() {
        return reseeds.get();
    }

    /**
     * Mixes {@code seed} into every thread's generator before its next output; never replaces entropy.
     *
     * @param seed the bytes to add
     */
    @Override
    protected void engineSetSeed(byte[] seed) {
        Objects.requireNonNull(seed, "seed");
        synchronized (mixLock) {
            MessageDigest sha;
            try {
                sha = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-256 is required of every JDK", e);
            }
            sha.update(MIX_DOMAIN);
            sha.update(mix);
            sha.update(seed);
            mix = sha.digest();
        }
    }

    /**
     * Makes every thread's generator draw fresh OS entropy before its next output.
     *
     * @param params must be null
     */
    @Override
    protected void engineReseed(SecureRandomParameters params) {
        if (params != null) {
            throw new UnsupportedOperationException("ChaCha20 SecureRandom takes no reseed parameters");
        }
        synchronized (mixLock) {
            mix = mix.clone();
        }
    }

    /**
     * Bytes from the OS seed source.
     *
     * @param numBytes how many
     * @return fresh OS entropy
     */
    @Override
    protected byte[] engineGenerateSeed(int numBytes) {
        if (numBytes < 0) {
            throw new IllegalArgumentException("numBytes must not be negative");
        }
        return OsSeed.bytes(numBytes);
    }

    @Override
    public String toString() {
        return "ChaCha20 fast-key-erasure DRBG (per thread, OS seed: " + OsSeed.describe() + ")";
    }
}
