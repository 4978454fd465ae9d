// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;

/**
 * ChaCha20-Poly1305 (RFC 8439 2.8) over any {@link Engine}: the default {@link AeadEngine}.
 *
 * <p>Seal and open make one pass in chunks of {@value #CHUNK} bytes through a private array that both the cipher
 * and the MAC work on, so each input byte is read once: what open authenticates is what it decrypts, what seal
 * tags is what it computed, even if another thread writes the caller's memory meanwhile. Open zeroes its output
 * range when the tag does not match.
 */
public final class JavaAead implements AeadEngine {
    /** Bytes per cipher/MAC step; a multiple of 64 so every chunk but the last is whole blocks. */
    static final int CHUNK = 8192;

    private static final int ROUNDS = 20;

    private final Engine engine;
    private final AtomicReference<Working> spare = new AtomicReference<>();

    public JavaAead(Engine engine) {
        this.engine = engine;
    }

    /**
     * What one message works in, kept by the owner between messages: the engine's scratch (which also holds the
     * chunk), the cipher state, the Poly1305 key and MAC, the tags, and the views of the caller's arrays. So a message
     * allocates nothing, whatever escape analysis makes of its caller.
     */
    private static final class Working {
        final EngineScratch work = new EngineScratch();
        final int[] state = new int[16];
        final byte[] polyKey = new byte[Poly1305.KEY_LENGTH];
        final Poly1305 mac = new Poly1305(new byte[Poly1305.KEY_LENGTH], 0);
        final byte[] tag = new byte[Poly1305.TAG_LENGTH];
        final byte[] received = new byte[Poly1305.TAG_LENGTH];
        final ArrayInput in = new ArrayInput();
        final ArrayOutput out = new ArrayOutput();

        /** Zeroes what the message left and drops the caller's arrays; keeps the engine's held state. */
        void clear() {
            work.clear();
            Arrays.fill(state, 0);
            Arrays.fill(polyKey, (byte) 0);
            mac.wipe();
            Arrays.fill(tag, (byte) 0);
            Arrays.fill(received, (byte) 0);
            in.point(null, 0);
            out.point(null, 0);
        }
    }

    /** The spare working set, or a new one if another thread has it. */
    private Working take() {
        Working w = spare.getAndSet(null);
        return w != null ? w : new Working();
    }

    /** Zeroes the message's working memory and keeps it as the spare, or wipes it if there is one. */
    private void putBack(Working w) {
        w.clear();
        if (!spare.compareAndSet(null, w)) {
            w.work.wipe();
        }
    }

    /** For tests: the spare's scratch, or null. */
    EngineScratch spareForTest() {
        Working w = spare.get();
        return w == null ? null : w.work;
    }

    /** For tests: the spare's key-derived arrays (state, Poly1305 key, tag, received tag), or null. */
    Object[] spareArraysForTest() {
        Working w = spare.get();
        return w == null ? null : new Object[] {w.state, w.polyKey, w.tag, w.received};
    }

    @Override
    public void forget() {
        Working w = spare.getAndSet(null);
        if (w != null) {
            w.clear();
            w.work.wipe();
        }
    }

    /** The Poly1305 one-time key (RFC 8439 2.6): the first 32 bytes of the block {@code state} names. */
    public static byte[] polyKey(Engine engine, int[] state) {
        byte[] k = new byte[32];
        engine.xor(state, ROUNDS, false, (byte[]) null, 0, k, 0, 32);
        return k;
    }

    private static void finishMac(Poly1305 mac, long aadLen, long ctLen, byte[] tag, int tagOff) {
        mac.pad16();
        mac.updateLengths(aadLen, ctLen);
        mac.finish(tag, tagOff);
    }

    /** Constant-time equality of two 16-byte tags. */
    public static boolean tagsEqual(byte[] a, int aOff, byte[] b, int bOff) {
        int d = 0;
        for (int i = 0; i < Poly1305.TAG_LENGTH; i++) {
            d |= a[aOff + i] ^ b[bOff + i];
        }
        return d == 0;
    }

    /** Where a message comes from; every byte is read from it once, a chunk at a time, into a private array. */
    private interface Input {
        /** Copies the message bytes {@code [off, off + n)} to {@code dst[0 .. n)}. */
        void copy(int off, byte[] dst, int n);

        /** Encrypts the message bytes {@code [off, off + n)} into {@code dst[0 .. n)}. */
        void encrypt(Engine e, int[] s, int off, byte[] dst, int n, EngineScratch work);
    }

    /** Where a result goes. */
    private interface Output {
        /** Writes {@code src[0 .. n)} at {@code off}. */
        void put(int off, byte[] src, int n);

        /** Decrypts {@code src[0 .. n)} (which it may overwrite) to {@code off}. */
        void decrypt(Engine e, int[] s, byte[] src, int off, int n, EngineScratch work);

        /** Zeroes {@code [0, len)}. */
        void zero(int len);
    }

    /** A caller's array from an offset: the working set points one at each message's input and output. */
    private abstract static class ArrayView {
        byte[] a;
        int base;

        final void point(byte[] a, int base) {
            this.a = a;
            this.base = base;
        }
    }

    /** A message in an array. */
    private static final class ArrayInput extends ArrayView implements Input {
        @Override
        public void copy(int off, byte[] dst, int n) {
            System.arraycopy(a, base + off, dst, 0, n);
        }

        @Override
        public void encrypt(Engine e, int[] s, int off, byte[] dst, int n, EngineScratch work) {
            e.xor(s, ROUNDS, false, a, base + off, dst, 0, n, work);
        }
    }

    private static Input bufferInput(ByteBuffer b, int base) {
        return new Input() {
            public void copy(int off, byte[] dst, int n) {
                b.get(base + off, dst, 0, n);
            }

            public void encrypt(Engine e, int[] s, int off, byte[] dst, int n, EngineScratch work) {
                copy(off, dst, n);
                e.xor(s, ROUNDS, false, dst, 0, dst, 0, n, work);
            }
        };
    }

    /** A result going to an array. */
    private static final class ArrayOutput extends ArrayView implements Output {
        @Override
        public void put(int off, byte[] src, int n) {
            System.arraycopy(src, 0, a, base + off, n);
        }

        @Override
        public void decrypt(Engine e, int[] s, byte[] src, int off, int n, EngineScratch work) {
            e.xor(s, ROUNDS, false, src, 0, a, base + off, n, work);
        }

        @Override
        public void zero(int len) {
            Arrays.fill(a, base, base + len, (byte) 0);
        }
    }

    private static Output bufferOutput(ByteBuffer b, int base) {
        return new Output() {
            public void put(int off, byte[] src, int n) {
                b.put(base + off, src, 0, n);
            }

            public void decrypt(Engine e, int[] s, byte[] src, int off, int n, EngineScratch work) {
                e.xor(s, ROUNDS, false, src, 0, src, 0, n, work);
                put(off, src, n);
            }

            public void zero(int len) {
                byte[] z = new byte[Math.min(len, CHUNK)];
                for (int done = 0; done < len; done += z.length) {
                    b.put(base + done, z, 0, Math.min(z.length, len - done));
                }
            }
        };
    }

    /**
     * One message in one pass, {@value #CHUNK} bytes at a time through a private array that both the cipher and the
     * MAC work on. Sealing, the cipher writes the chunk there, the MAC reads it there and it is copied out: the tag
     * covers exactly the ciphertext computed, whatever else writes the output; the tag follows the ciphertext.
     * Opening, each chunk of ciphertext is copied there once, MACed and decrypted from there: the plaintext released
     * is the decryption of exactly the bytes authenticated; it is written before the tag is known, and zeroed when
     * the tag does not match {@code w.received}. {@code w}'s {@link EngineScratch} serves every chunk (and holds the
     * chunk); the caller puts {@code w} back, which zeroes it. Returns whether the tag matched (true when sealing).
     */
    private boolean message(
            Working w,
            boolean sealing,
            int[] key,
            int n0,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            Input in,
            int len,
            Output out) {
        int[] s = ChaChaBlock.aeadState(w.state, key, n0, n1, n2);
        EngineScratch work = w.work;
        Poly1305 mac = w.mac;
        engine.xor(s, ROUNDS, false, (byte[]) null, 0, w.polyKey, 0, Poly1305.KEY_LENGTH, work);
        mac.init(w.polyKey, 0);
        Arrays.fill(w.polyKey, (byte) 0);
        mac.update(aad, aadOff, aadLen);
        mac.pad16();
        s[12] = 1;
        byte[] chunk = work.bytes(Math.min(CHUNK, len));
        for (int done = 0; done < len; ) {
            int n = Math.min(CHUNK, len - done);
            if (sealing) {
                in.encrypt(engine, s, done, chunk, n, work);
                mac.update(chunk, 0, n);
                out.put(done, chunk, n);
            } else {
                in.copy(done, chunk, n);
                mac.update(chunk, 0, n);
                out.decrypt(engine, s, chunk, done, n, work);
            }
            s[12] += n >>> 6;
            done += n;
        }
        finishMac(mac, aadLen, len, w.tag, 0);
        if (sealing) {
            out.put(len, w.tag, Poly1305.TAG_LENGTH);
            return true;
        }
        boolean ok = tagsEqual(w.tag, 0, w.received, 0);
        if (!ok) {
            out.zero(len);
        }
        return ok;
    }

    @Override
    public void seal(
            int[] key,
            int n0,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            byte[] in,
            int inOff,
            int len,
            byte[] out,
            int outOff) {
        onArrays(true, key, n0, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
    }

    @Override
    public boolean open(
            int[] key,
            int n0,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            byte[] in,
            int inOff,
            int len,
            byte[] out,
            int outOff) {
        return onArrays(false, key, n0, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
    }

    /**
     * {@link #message} between arrays, through a private copy of the input where the output starts inside it after
     * its start ({@link Overlap#forwardSafe}). Opening, the received tag (after the ciphertext) is read first.
     */
    private boolean onArrays(
            boolean sealing,
            int[] key,
            int n0,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            byte[] in,
            int inOff,
            int len,
            byte[] out,
            int outOff) {
        byte[] copy = Overlap.of(in, inOff, out, outOff, len).forwardSafe()
                ? null
                : Arrays.copyOfRange(in, inOff, inOff + len);
        Working w = take();
        try {
            if (!sealing) {
                System.arraycopy(in, inOff + len, w.received, 0, Poly1305.TAG_LENGTH);
            }
            w.in.point(copy != null ? copy : in, copy != null ? 0 : inOff);
            w.out.point(out, outOff);
            return message(w, sealing, key, n0, n1, n2, aad, aadOff, aadLen, w.in, len, w.out);
        } finally {
            putBack(w);
            if (copy != null) {
                Arrays.fill(copy, (byte) 0);
            }
        }
    }

    /**
     * A private copy of a buffer call's input where the output may start inside it, after its start (or where that
     * cannot be told), else null: the pass goes forward a chunk at a time, each read whole before its output is
     * written ({@link Overlap#forwardSafe}).
     */
    private static byte[] copyIfAliased(ByteBuffer in, int inPos, int len, ByteBuffer out, int outPos) {
        if (Overlap.of(in, inPos, out, outPos, len).forwardSafe()) {
            return null;
        }
        byte[] copy = new byte[len];
        in.get(inPos, copy, 0, len);
        return copy;
    }

    private static Input input(Working w, ByteBuffer in, int inPos, byte[] copy) {
        if (copy != null || in.hasArray()) {
            w.in.point(copy != null ? copy : in.array(), copy != null ? 0 : in.arrayOffset() + inPos);
            return w.in;
        }
        return bufferInput(in, inPos);
    }

    private static Output output(Working w, ByteBuffer out, int outPos) {
        if (out.hasArray()) {
            w.out.point(out.array(), out.arrayOffset() + outPos);
            return w.out;
        }
        return bufferOutput(out, outPos);
    }

    @Override
    public void seal(
            int[] key,
            int n0,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            ByteBuffer in,
            int inPos,
            int len,
            ByteBuffer out,
            int outPos) {
        onBuffers(true, key, n0, n1, n2, aad, aadOff, aadLen, in, inPos, len, out, outPos);
    }

    @Override
    public boolean open(
            int[] key,
            int n0,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            ByteBuffer in,
            int inPos,
            int len,
            ByteBuffer out,
            int outPos) {
        return onBuffers(false, key, n0, n1, n2, aad, aadOff, aadLen, in, inPos, len, out, outPos);
    }

    /** {@link #message} between buffers: as {@link #onArrays} where both show their arrays. */
    private boolean onBuffers(
            boolean sealing,
            int[] key,
            int n0,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            ByteBuffer in,
            int inPos,
            int len,
            ByteBuffer out,
            int outPos) {
        if (in.hasArray() && out.hasArray()) {
            return onArrays(
                    sealing,
                    key,
                    n0,
                    n1,
                    n2,
                    aad,
                    aadOff,
                    aadLen,
                    in.array(),
                    in.arrayOffset() + inPos,
                    len,
                    out.array(),
                    out.arrayOffset() + outPos);
        }
        byte[] copy = copyIfAliased(in, inPos, len, out, outPos);
        Working w = take();
        try {
            if (!sealing) {
                in.get(inPos + len, w.received, 0, Poly1305.TAG_LENGTH);
            }
            return message(
                    w,
                    sealing,
                    key,
                    n0,
                    n1,
                    n2,
                    aad,
                    aadOff,
                    aadLen,
                    input(w, in, inPos, copy),
                    len,
                    output(w, out, outPos));
        } finally {
            putBack(w);
            if (copy != null) {
                Arrays.fill(copy, (byte) 0);
            }
        }
    }
}
