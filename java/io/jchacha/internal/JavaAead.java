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
    private static final int TAG = 16;

    private final Engine engine;
    private final AtomicReference<EngineScratch> spare = new AtomicReference<>();

    public JavaAead(Engine engine) {
        this.engine = engine;
    }

    /** The spare scratch, or a new one if another thread has it. */
    private EngineScratch takeScratch() {
        EngineScratch s = spare.getAndSet(null);
        return s != null ? s : new EngineScratch();
    }

    /** Zeroes the message's working memory and keeps the scratch as the spare, or wipes it if there is one. */
    private void putBack(EngineScratch s) {
        s.clear();
        if (!spare.compareAndSet(null, s)) {
            s.wipe();
        }
    }

    /** For tests: the spare scratch, or null. */
    EngineScratch spareForTest() {
        return spare.get();
    }

    @Override
    public void forget() {
        EngineScratch s = spare.getAndSet(null);
        if (s != null) {
            s.wipe();
        }
    }

    /** The Poly1305 one-time key (RFC 8439 2.6): the first 32 bytes of the block {@code state} names. */
    public static byte[] polyKey(Engine engine, int[] state) {
        byte[] k = new byte[32];
        engine.xor(state, ROUNDS, false, (byte[]) null, 0, k, 0, 32);
        return k;
    }

    private Poly1305 macFor(int[] state, byte[] aad, int aadOff, int aadLen) {
        byte[] k = polyKey(engine, state);
        Poly1305 mac = new Poly1305(k, 0);
        Arrays.fill(k, (byte) 0);
        mac.update(aad, aadOff, aadLen);
        mac.pad16();
        return mac;
    }

    private static void finishMac(Poly1305 mac, long aadLen, long ctLen, byte[] tag, int tagOff) {
        mac.pad16();
        mac.updateLengths(aadLen, ctLen);
        mac.finish(tag, tagOff);
    }

    /** Same array, the output starting inside the input after its start: a forward pass would overwrite unread input. */
    private static boolean outputInsideInput(byte[] in, int inOff, byte[] out, int outOff, int len) {
        return in == out && outOff > inOff && outOff < inOff + len;
    }

    /** Whether two buffers, one of which has no accessible array, might be views of the same memory. */
    private static boolean mayAlias(ByteBuffer in, ByteBuffer out) {
        return in.isDirect() == out.isDirect();
    }

    /** Constant-time equality of two 16-byte tags. */
    static boolean tagsEqual(byte[] a, int aOff, byte[] b, int bOff) {
        int d = 0;
        for (int i = 0; i < TAG; i++) {
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

    private static Input input(byte[] a, int base) {
        return new Input() {
            public void copy(int off, byte[] dst, int n) {
                System.arraycopy(a, base + off, dst, 0, n);
            }

            public void encrypt(Engine e, int[] s, int off, byte[] dst, int n, EngineScratch work) {
                e.xor(s, ROUNDS, false, a, base + off, dst, 0, n, work);
            }
        };
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

    private static Output output(byte[] a, int base) {
        return new Output() {
            public void put(int off, byte[] src, int n) {
                System.arraycopy(src, 0, a, base + off, n);
            }

            public void decrypt(Engine e, int[] s, byte[] src, int off, int n, EngineScratch work) {
                e.xor(s, ROUNDS, false, src, 0, a, base + off, n, work);
            }

            public void zero(int len) {
                Arrays.fill(a, base, base + len, (byte) 0);
            }
        };
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
     * One pass, {@value #CHUNK} bytes at a time: the cipher writes the chunk into a private array, the MAC reads it
     * there, then it is copied out. The tag covers exactly the ciphertext computed, whatever else writes the output.
     * One {@link EngineScratch} serves every chunk of the message (and holds the chunk), zeroed at the end.
     */
    private void seal(int[] key, int n0, int n1, int n2, byte[] aad, int aadOff, int aadLen, Input in, int len,
                      Output out) {
        int[] s = ChaChaBlock.aeadState(key, n0, n1, n2);
        EngineScratch work = takeScratch();
        try {
            Poly1305 mac = macFor(s, aad, aadOff, aadLen);
            s[12] = 1;
            byte[] chunk = work.bytes(Math.min(CHUNK, len));
            for (int done = 0; done < len; ) {
                int n = Math.min(CHUNK, len - done);
                in.encrypt(engine, s, done, chunk, n, work);
                mac.update(chunk, 0, n);
                out.put(done, chunk, n);
                s[12] += n >>> 6;
                done += n;
            }
            byte[] tag = new byte[TAG];
            finishMac(mac, aadLen, len, tag, 0);
            out.put(len, tag, TAG);
        } finally {
            Arrays.fill(s, 0);
            putBack(work);
        }
    }

    /**
     * One pass: each chunk of ciphertext is copied once into a private array, MACed there and decrypted from there,
     * so the plaintext released is the decryption of exactly the bytes authenticated. Plaintext is written before
     * the tag is known; on a bad tag the output range is zeroed.
     */
    private boolean open(int[] key, int n0, int n1, int n2, byte[] aad, int aadOff, int aadLen, Input in, int len,
                         byte[] received, Output out) {
        int[] s = ChaChaBlock.aeadState(key, n0, n1, n2);
        EngineScratch work = takeScratch();
        try {
            Poly1305 mac = macFor(s, aad, aadOff, aadLen);
            s[12] = 1;
            byte[] chunk = work.bytes(Math.min(CHUNK, len));
            for (int done = 0; done < len; ) {
                int n = Math.min(CHUNK, len - done);
                in.copy(done, chunk, n);
                mac.update(chunk, 0, n);
                out.decrypt(engine, s, chunk, done, n, work);
                s[12] += n >>> 6;
                done += n;
            }
            byte[] tag = new byte[TAG];
            finishMac(mac, aadLen, len, tag, 0);
            boolean ok = tagsEqual(tag, 0, received, 0);
            if (!ok) {
                out.zero(len);
            }
            return ok;
        } finally {
            Arrays.fill(s, 0);
            putBack(work);
        }
    }

    @Override
    public void seal(int[] key, int n0, int n1, int n2, byte[] aad, int aadOff, int aadLen,
                     byte[] in, int inOff, int len, byte[] out, int outOff) {
        byte[] copy = outputInsideInput(in, inOff, out, outOff, len) ? Arrays.copyOfRange(in, inOff, inOff + len) : null;
        seal(key, n0, n1, n2, aad, aadOff, aadLen, copy != null ? input(copy, 0) : input(in, inOff), len,
                output(out, outOff));
        if (copy != null) {
            Arrays.fill(copy, (byte) 0);
        }
    }

    @Override
    public boolean open(int[] key, int n0, int n1, int n2, byte[] aad, int aadOff, int aadLen,
                        byte[] in, int inOff, int len, byte[] out, int outOff) {
        byte[] received = Arrays.copyOfRange(in, inOff + len, inOff + len + TAG);
        Input src = outputInsideInput(in, inOff, out, outOff, len)
                ? input(Arrays.copyOfRange(in, inOff, inOff + len), 0) : input(in, inOff);
        return open(key, n0, n1, n2, aad, aadOff, aadLen, src, len, received, output(out, outOff));
    }

    /** A private copy of a buffer call's input when it may share memory with the output unseen, else null. */
    private static byte[] copyIfAliased(ByteBuffer in, int inPos, int len, ByteBuffer out) {
        if (in.hasArray() || !mayAlias(in, out)) {
            return null;
        }
        byte[] copy = new byte[len];
        in.get(inPos, copy, 0, len);
        return copy;
    }

    private static Input input(ByteBuffer in, int inPos, byte[] copy) {
        if (copy != null) {
            return input(copy, 0);
        }
        return in.hasArray() ? input(in.array(), in.arrayOffset() + inPos) : bufferInput(in, inPos);
    }

    private static Output output(ByteBuffer out, int outPos) {
        return out.hasArray() ? output(out.array(), out.arrayOffset() + outPos) : bufferOutput(out, outPos);
    }

    @Override
    public void seal(int[] key, int n0, int n1, int n2, byte[] aad, int aadOff, int aadLen,
                     ByteBuffer in, int inPos, int len, ByteBuffer out, int outPos) {
        if (in.hasArray() && out.hasArray()) {
            seal(key, n0, n1, n2, aad, aadOff, aadLen, in.array(), in.arrayOffset() + inPos, len,
                    out.array(), out.arrayOffset() + outPos);
            return;
        }
        byte[] copy = copyIfAliased(in, inPos, len, out);
        seal(key, n0, n1, n2, aad, aadOff, aadLen, input(in, inPos, copy), len, output(out, outPos));
        if (copy != null) {
            Arrays.fill(copy, (byte) 0);
        }
    }

    @Override
    public boolean open(int[] key, int n0, int n1, int n2, byte[] aad, int aadOff, int aadLen,
                        ByteBuffer in, int inPos, int len, ByteBuffer out, int outPos) {
        if (in.hasArray() && out.hasArray()) {
            return open(key, n0, n1, n2, aad, aadOff, aadLen, in.array(), in.arrayOffset() + inPos, len,
                    out.array(), out.arrayOffset() + outPos);
        }
        byte[] received = new byte[TAG];
        in.get(inPos + len, received, 0, TAG);
        Input src = input(in, inPos, copyIfAliased(in, inPos, len, out));
        return open(key, n0, n1, n2, aad, aadOff, aadLen, src, len, received, output(out, outPos));
    }
}
