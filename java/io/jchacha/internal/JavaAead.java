package io.jchacha.internal;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * ChaCha20-Poly1305 (RFC 8439 2.8) over any {@link Engine}: the default {@link AeadEngine}.
 *
 * <p>Seal works in chunks of {@value #CHUNK} bytes: encrypt a chunk, then MAC it while it is still in cache.
 * Open MACs the whole ciphertext first and decrypts only once the tag matched, so no plaintext is ever
 * written for a forged message.
 */
public final class JavaAead implements AeadEngine {
    /** Bytes per cipher/MAC step; a multiple of 64 so every chunk but the last is whole blocks. */
    static final int CHUNK = 8192;

    private static final int ROUNDS = 20;
    private static final int TAG = 16;

    private final Engine engine;

    public JavaAead(Engine engine) {
        this.engine = engine;
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

    private static int[] counterOne(int[] state) {
        int[] s = state.clone();
        s[12] = 1;
        return s;
    }

    private static boolean overlapsDifferently(byte[] in, int inOff, byte[] out, int outOff, int len) {
        return in == out && inOff != outOff && inOff < outOff + len && outOff < inOff + len;
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

    @Override
    public void seal(int[] state, byte[] aad, int aadOff, int aadLen,
                     byte[] in, int inOff, int len, byte[] out, int outOff) {
        byte[] copy = null;
        if (overlapsDifferently(in, inOff, out, outOff, len)) {
            in = copy = Arrays.copyOfRange(in, inOff, inOff + len);
            inOff = 0;
        }
        Poly1305 mac = macFor(state, aad, aadOff, aadLen);
        int[] s = counterOne(state);
        for (int done = 0; done < len; ) {
            int n = Math.min(CHUNK, len - done);
            engine.xor(s, ROUNDS, false, in, inOff + done, out, outOff + done, n);
            mac.update(out, outOff + done, n);
            s[12] += n >>> 6;
            done += n;
        }
        finishMac(mac, aadLen, len, out, outOff + len);
        Arrays.fill(s, 0);
        if (copy != null) {
            Arrays.fill(copy, (byte) 0);
        }
    }

    @Override
    public boolean open(int[] state, byte[] aad, int aadOff, int aadLen,
                        byte[] in, int inOff, int len, byte[] out, int outOff) {
        Poly1305 mac = macFor(state, aad, aadOff, aadLen);
        mac.update(in, inOff, len);
        byte[] tag = new byte[TAG];
        finishMac(mac, aadLen, len, tag, 0);
        if (!tagsEqual(tag, 0, in, inOff + len)) {
            return false;
        }
        if (overlapsDifferently(in, inOff, out, outOff, len)) {
            in = Arrays.copyOfRange(in, inOff, inOff + len);
            inOff = 0;
        }
        int[] s = counterOne(state);
        engine.xor(s, ROUNDS, false, in, inOff, out, outOff, len);
        Arrays.fill(s, 0);
        return true;
    }

    @Override
    public void seal(int[] state, byte[] aad, int aadOff, int aadLen,
                     ByteBuffer in, int inPos, int len, ByteBuffer out, int outPos) {
        if (in.hasArray() && out.hasArray()) {
            seal(state, aad, aadOff, aadLen, in.array(), in.arrayOffset() + inPos, len,
                    out.array(), out.arrayOffset() + outPos);
            return;
        }
        byte[] src = null;
        int srcOff = 0;
        boolean ownCopy = false;
        if (in.hasArray()) {
            src = in.array();
            srcOff = in.arrayOffset() + inPos;
        } else if (mayAlias(in, out)) {
            src = new byte[len];
            in.get(inPos, src, 0, len);
            ownCopy = true;
        }
        Poly1305 mac = macFor(state, aad, aadOff, aadLen);
        int[] s = counterOne(state);
        byte[] chunk = new byte[Math.min(CHUNK, len)];
        for (int done = 0; done < len; ) {
            int n = Math.min(CHUNK, len - done);
            if (src != null) {
                System.arraycopy(src, srcOff + done, chunk, 0, n);
            } else {
                in.get(inPos + done, chunk, 0, n);
            }
            engine.xor(s, ROUNDS, false, chunk, 0, chunk, 0, n);
            mac.update(chunk, 0, n);
            out.put(outPos + done, chunk, 0, n);
            s[12] += n >>> 6;
            done += n;
        }
        byte[] tag = new byte[TAG];
        finishMac(mac, aadLen, len, tag, 0);
        out.put(outPos + len, tag);
        Arrays.fill(s, 0);
        Arrays.fill(chunk, (byte) 0);
        if (ownCopy) {
            Arrays.fill(src, (byte) 0);
        }
    }

    @Override
    public boolean open(int[] state, byte[] aad, int aadOff, int aadLen,
                        ByteBuffer in, int inPos, int len, ByteBuffer out, int outPos) {
        if (in.hasArray() && out.hasArray()) {
            return open(state, aad, aadOff, aadLen, in.array(), in.arrayOffset() + inPos, len,
                    out.array(), out.arrayOffset() + outPos);
        }
        byte[] src = null;
        int srcOff = 0;
        if (in.hasArray()) {
            src = in.array();
            srcOff = in.arrayOffset() + inPos;
        } else if (mayAlias(in, out)) {
            src = new byte[len + TAG];
            in.get(inPos, src, 0, len + TAG);
        }
        Poly1305 mac = macFor(state, aad, aadOff, aadLen);
        byte[] chunk = new byte[Math.min(CHUNK, len)];
        byte[] received = new byte[TAG];
        if (src != null) {
            mac.update(src, srcOff, len);
            System.arraycopy(src, srcOff + len, received, 0, TAG);
        } else {
            for (int done = 0; done < len; ) {
                int n = Math.min(CHUNK, len - done);
                in.get(inPos + done, chunk, 0, n);
                mac.update(chunk, 0, n);
                done += n;
            }
            in.get(inPos + len, received, 0, TAG);
        }
        byte[] tag = new byte[TAG];
        finishMac(mac, aadLen, len, tag, 0);
        if (!tagsEqual(tag, 0, received, 0)) {
            return false;
        }
        int[] s = counterOne(state);
        for (int done = 0; done < len; ) {
            int n = Math.min(CHUNK, len - done);
            if (src != null) {
                System.arraycopy(src, srcOff + done, chunk, 0, n);
            } else {
                in.get(inPos + done, chunk, 0, n);
            }
            engine.xor(s, ROUNDS, false, chunk, 0, chunk, 0, n);
            out.put(outPos + done, chunk, 0, n);
            s[12] += n >>> 6;
            done += n;
        }
        Arrays.fill(s, 0);
        Arrays.fill(chunk, (byte) 0);
        return true;
    }
}
