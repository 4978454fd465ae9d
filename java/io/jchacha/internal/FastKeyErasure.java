// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * ChaCha20 with fast key erasure (Bernstein, "Fast-key-erasure random-number generators", 2017): each batch of
 * keystream is made with a key used for that batch only, and its first 32 bytes become the next key before any
 * byte of the batch is handed out. Handed-out bytes are zeroed in the buffer at once, so the state held at any
 * moment (key and unreturned bytes) says nothing about output already returned.
 *
 * <p>Requests of at least {@link #BATCH} bytes skip the buffer: block 0 of a fresh batch gives the next key and
 * the first 32 bytes, blocks 1.. are written straight into the caller's array. Not thread-safe: one instance per
 * thread.
 */
public final class FastKeyErasure {
    /** Keystream bytes per batch (one engine call). */
    public static final int BATCH = 4096;

    private static final byte[] DOMAIN =
            "jchacha ChaCha20 fast-key-erasure key".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /** Constants, key (words 4..11), counter and nonce (zero between calls). */
    private final int[] state = new int[16];

    private final byte[] buf = new byte[BATCH];
    private final byte[] block = new byte[64];
    /** Requests up to this many bytes are moved by {@link #take}'s word loop. */
    private static final int SHORT_TAKE = 64;
    /** The next unreturned byte of {@link #buf}; {@link #BATCH} when empty. */
    private int pos = BATCH;

    /**
     * A generator whose first key is {@code SHA-256(domain || material)}.
     *
     * @param material seed material (at least 32 bytes of entropy is the caller's business)
     */
    public FastKeyErasure(byte[] material) {
        ChaChaBlock.setConstants(state);
        reseed(material);
    }

    /**
     * Mixes {@code material} into the key: {@code key = SHA-256(domain || key || material)}, so nothing already
     * in the key is lost; unreturned buffered bytes are wiped and dropped.
     *
     * @param material the bytes to mix in
     */
    public void reseed(byte[] material) {
        byte[] key = new byte[32];
        Bytes.putWords(state, 4, 8, key, 0);
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JDK", e);
        }
        sha.update(DOMAIN);
        sha.update(key);
        sha.update(material);
        byte[] next = sha.digest();
        setKey(next, 0);
        Arrays.fill(key, (byte) 0);
        Arrays.fill(next, (byte) 0);
        Arrays.fill(buf, (byte) 0);
        pos = BATCH;
    }

    private void setKey(byte[] b, int off) {
        ChaChaBlock.setKey(state, b, off);
    }

    /**
     * How many bytes the buffer still holds: a request for more makes new keystream.
     *
     * @return unreturned buffered bytes, at most {@code BATCH - 32}
     */
    public int buffered() {
        return BATCH - pos;
    }

    /**
     * Writes {@code len} fresh bytes to {@code out} from {@code off}; the caller has checked the range.
     *
     * @param out the array
     * @param off where to start
     * @param len how many bytes
     */
    public void nextBytes(byte[] out, int off, int len) {
        if (len <= BATCH - pos) {
            take(out, off, len);
            return;
        }
        while (len > 0) {
            if (pos == BATCH) {
                if (len >= BATCH) {
                    direct(out, off, len);
                    return;
                }
                refill();
            }
            int n = Math.min(len, BATCH - pos);
            take(out, off, n);
            off += n;
            len -= n;
        }
    }

    /**
     * Moves the next {@code n} buffered bytes to {@code out} and zeroes them in the buffer. Short moves go 8 bytes
     * at a time in Java: for the typical request (a key, a nonce) that is cheaper than two array-stub calls.
     */
    private void take(byte[] out, int off, int n) {
        int p = pos;
        if (n > SHORT_TAKE) {
            System.arraycopy(buf, p, out, off, n);
            Arrays.fill(buf, p, p + n, (byte) 0);
        } else {
            int i = 0;
            for (; i <= n - 8; i += 8) {
                Bytes.LE_LONG.set(out, off + i, (long) Bytes.LE_LONG.get(buf, p + i));
                Bytes.LE_LONG.set(buf, p + i, 0L);
            }
            for (; i < n; i++) {
                out[off + i] = buf[p + i];
                buf[p + i] = 0;
            }
        }
        pos = p + n;
    }

    /**
     * The active engine, looked up at each use: when this generator is the JVM's default SecureRandom (its
     * provider installed first), the engine selection itself may draw from it (the native library's extraction
     * creates a temp directory, whose name comes from the default SecureRandom); during that selection there is
     * no active engine yet, and the Java engine serves.
     */
    private static Engine engine() {
        Engine e = Engines.active();
        return e != null ? e : JavaEngine.INSTANCE;
    }

    /** A new batch in the buffer: its first 32 bytes become the key and are wiped. */
    private void refill() {
        engine().xor(state, 20, true, (byte[]) null, 0, buf, 0, BATCH);
        setKey(buf, 0);
        Arrays.fill(buf, 0, 32, (byte) 0);
        pos = 32;
    }

    /**
     * One batch of {@code len + 32} bytes with the current key, written straight to the caller. The next key is
     * taken even if the engine fails part way, so no block of this key is ever produced twice.
     */
    private void direct(byte[] out, int off, int len) {
        Engine engine = engine();
        engine.xor(state, 20, true, (byte[]) null, 0, block, 0, 64);
        try {
            state[12] = 1;
            engine.xor(state, 20, true, (byte[]) null, 0, out, off + 32, len - 32);
            System.arraycopy(block, 32, out, off, 32);
        } finally {
            state[12] = 0;
            setKey(block, 0);
            Arrays.fill(block, (byte) 0);
        }
    }
}
