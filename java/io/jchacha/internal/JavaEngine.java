package io.jchacha.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** The pure-Java engine. */
public final class JavaEngine implements Engine {
    public static final JavaEngine INSTANCE = new JavaEngine();

    static final VarHandle LE_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long M = 0xFFFFFFFFL;

    /** Lanes (blocks) of the word-major wide kernel. */
    static final int N = Integer.getInteger("jchacha.lanes", 16);
    static final int WIDE_MIN_BLOCKS = Integer.getInteger("jchacha.wideMin", 4);

    private JavaEngine() {}

    @Override
    public String name() {
        return "java";
    }

    @Override
    public void xor(int[] state, int rounds, boolean counter64,
                    byte[] in, int inOff, byte[] out, int outOff, int len) {
        int blocks = (len + 63) >>> 6;
        int done = 0;
        if (blocks >= WIDE_MIN_BLOCKS) {
            int[] x = new int[16 * N];
            int full = len >>> 6;
            while (full - done >= WIDE_MIN_BLOCKS) {
                int n = Math.min(N, full - done);
                wide(state, rounds, counter64, done, n, x, in, inOff + 64 * done, out, outOff + 64 * done);
                done += n;
            }
        }
        if (done * 64 < len) {
            scalar(state, rounds, counter64, done, in, inOff + 64 * done, out, outOff + 64 * done, len - 64 * done);
        }
    }

    /** Full blocks {@code first .. first+n-1} through the word-major kernel. */
    private static void wide(int[] s, int rounds, boolean c64, int first, int n, int[] x,
                             byte[] in, int inOff, byte[] out, int outOff) {
        final int s0 = s[0], s1 = s[1], s2 = s[2], s3 = s[3], s4 = s[4], s5 = s[5], s6 = s[6], s7 = s[7];
        final int s8 = s[8], s9 = s[9], s10 = s[10], s11 = s[11], s14 = s[14], s15 = s[15];
        final long c0 = (s[12] & M) + first;
        final int s13 = s[13];
        for (int l = 0; l < n; l++) {
            x[l] = s0; x[N + l] = s1; x[2 * N + l] = s2; x[3 * N + l] = s3;
            x[4 * N + l] = s4; x[5 * N + l] = s5; x[6 * N + l] = s6; x[7 * N + l] = s7;
            x[8 * N + l] = s8; x[9 * N + l] = s9; x[10 * N + l] = s10; x[11 * N + l] = s11;
            long c = c0 + l;
            x[12 * N + l] = (int) c;
            x[13 * N + l] = c64 ? s13 + (int) (c >>> 32) : s13;
            x[14 * N + l] = s14; x[15 * N + l] = s15;
        }
        for (int r = 0; r < rounds; r += 2) {
            qr(x, 0, 4, 8, 12, n);
            qr(x, 1, 5, 9, 13, n);
            qr(x, 2, 6, 10, 14, n);
            qr(x, 3, 7, 11, 15, n);
            qr(x, 0, 5, 10, 15, n);
            qr(x, 1, 6, 11, 12, n);
            qr(x, 2, 7, 8, 13, n);
            qr(x, 3, 4, 9, 14, n);
        }
        for (int l = 0; l < n; l++) {
            long c = c0 + l;
            int s12 = (int) c;
            int s13l = c64 ? s13 + (int) (c >>> 32) : s13;
            long k0 = ((x[l] + s0) & M) | ((long) (x[N + l] + s1) << 32);
            long k1 = ((x[2 * N + l] + s2) & M) | ((long) (x[3 * N + l] + s3) << 32);
            long k2 = ((x[4 * N + l] + s4) & M) | ((long) (x[5 * N + l] + s5) << 32);
            long k3 = ((x[6 * N + l] + s6) & M) | ((long) (x[7 * N + l] + s7) << 32);
            long k4 = ((x[8 * N + l] + s8) & M) | ((long) (x[9 * N + l] + s9) << 32);
            long k5 = ((x[10 * N + l] + s10) & M) | ((long) (x[11 * N + l] + s11) << 32);
            long k6 = ((x[12 * N + l] + s12) & M) | ((long) (x[13 * N + l] + s13l) << 32);
            long k7 = ((x[14 * N + l] + s14) & M) | ((long) (x[15 * N + l] + s15) << 32);
            int o = outOff + 64 * l;
            if (in == null) {
                LE_LONG.set(out, o, k0); LE_LONG.set(out, o + 8, k1);
                LE_LONG.set(out, o + 16, k2); LE_LONG.set(out, o + 24, k3);
                LE_LONG.set(out, o + 32, k4); LE_LONG.set(out, o + 40, k5);
                LE_LONG.set(out, o + 48, k6); LE_LONG.set(out, o + 56, k7);
            } else {
                int i = inOff + 64 * l;
                LE_LONG.set(out, o, k0 ^ (long) LE_LONG.get(in, i));
                LE_LONG.set(out, o + 8, k1 ^ (long) LE_LONG.get(in, i + 8));
                LE_LONG.set(out, o + 16, k2 ^ (long) LE_LONG.get(in, i + 16));
                LE_LONG.set(out, o + 24, k3 ^ (long) LE_LONG.get(in, i + 24));
                LE_LONG.set(out, o + 32, k4 ^ (long) LE_LONG.get(in, i + 32));
                LE_LONG.set(out, o + 40, k5 ^ (long) LE_LONG.get(in, i + 40));
                LE_LONG.set(out, o + 48, k6 ^ (long) LE_LONG.get(in, i + 48));
                LE_LONG.set(out, o + 56, k7 ^ (long) LE_LONG.get(in, i + 56));
            }
        }
    }

    private static void qr(int[] x, int a, int b, int c, int d, int n) {
        a *= N; b *= N; c *= N; d *= N;
        for (int l = 0; l < n; l++) {
            int va = x[a + l] + x[b + l];
            int vd = Integer.rotateLeft(x[d + l] ^ va, 16);
            int vc = x[c + l] + vd;
            int vb = Integer.rotateLeft(x[b + l] ^ vc, 12);
            va += vb;
            vd = Integer.rotateLeft(vd ^ va, 8);
            vc += vd;
            vb = Integer.rotateLeft(vb ^ vc, 7);
            x[a + l] = va; x[b + l] = vb; x[c + l] = vc; x[d + l] = vd;
        }
    }

    /** Blocks from {@code first} on, one at a time with locals; the last may be partial. */
    private static void scalar(int[] s, int rounds, boolean c64, int first,
                               byte[] in, int inOff, byte[] out, int outOff, int len) {
        final int s0 = s[0], s1 = s[1], s2 = s[2], s3 = s[3], s4 = s[4], s5 = s[5], s6 = s[6], s7 = s[7];
        final int s8 = s[8], s9 = s[9], s10 = s[10], s11 = s[11], s14 = s[14], s15 = s[15];
        long ctr = (s[12] & M) + first;
        final int s13base = s[13];
        while (len > 0) {
            int s12 = (int) ctr;
            int s13 = c64 ? s13base + (int) (ctr >>> 32) : s13base;
            int x0 = s0, x1 = s1, x2 = s2, x3 = s3, x4 = s4, x5 = s5, x6 = s6, x7 = s7;
            int x8 = s8, x9 = s9, x10 = s10, x11 = s11, x12 = s12, x13 = s13, x14 = s14, x15 = s15;
            for (int i = 0; i < rounds; i += 2) {
                x0 += x4; x12 = Integer.rotateLeft(x12 ^ x0, 16);
                x8 += x12; x4 = Integer.rotateLeft(x4 ^ x8, 12);
                x0 += x4; x12 = Integer.rotateLeft(x12 ^ x0, 8);
                x8 += x12; x4 = Integer.rotateLeft(x4 ^ x8, 7);
                x1 += x5; x13 = Integer.rotateLeft(x13 ^ x1, 16);
                x9 += x13; x5 = Integer.rotateLeft(x5 ^ x9, 12);
                x1 += x5; x13 = Integer.rotateLeft(x13 ^ x1, 8);
                x9 += x13; x5 = Integer.rotateLeft(x5 ^ x9, 7);
                x2 += x6; x14 = Integer.rotateLeft(x14 ^ x2, 16);
                x10 += x14; x6 = Integer.rotateLeft(x6 ^ x10, 12);
                x2 += x6; x14 = Integer.rotateLeft(x14 ^ x2, 8);
                x10 += x14; x6 = Integer.rotateLeft(x6 ^ x10, 7);
                x3 += x7; x15 = Integer.rotateLeft(x15 ^ x3, 16);
                x11 += x15; x7 = Integer.rotateLeft(x7 ^ x11, 12);
                x3 += x7; x15 = Integer.rotateLeft(x15 ^ x3, 8);
                x11 += x15; x7 = Integer.rotateLeft(x7 ^ x11, 7);

                x0 += x5; x15 = Integer.rotateLeft(x15 ^ x0, 16);
                x10 += x15; x5 = Integer.rotateLeft(x5 ^ x10, 12);
                x0 += x5; x15 = Integer.rotateLeft(x15 ^ x0, 8);
                x10 += x15; x5 = Integer.rotateLeft(x5 ^ x10, 7);
                x1 += x6; x12 = Integer.rotateLeft(x12 ^ x1, 16);
                x11 += x12; x6 = Integer.rotateLeft(x6 ^ x11, 12);
                x1 += x6; x12 = Integer.rotateLeft(x12 ^ x1, 8);
                x11 += x12; x6 = Integer.rotateLeft(x6 ^ x11, 7);
                x2 += x7; x13 = Integer.rotateLeft(x13 ^ x2, 16);
                x8 += x13; x7 = Integer.rotateLeft(x7 ^ x8, 12);
                x2 += x7; x13 = Integer.rotateLeft(x13 ^ x2, 8);
                x8 += x13; x7 = Integer.rotateLeft(x7 ^ x8, 7);
                x3 += x4; x14 = Integer.rotateLeft(x14 ^ x3, 16);
                x9 += x14; x4 = Integer.rotateLeft(x4 ^ x9, 12);
                x3 += x4; x14 = Integer.rotateLeft(x14 ^ x3, 8);
                x9 += x14; x4 = Integer.rotateLeft(x4 ^ x9, 7);
            }
            long k0 = ((x0 + s0) & M) | ((long) (x1 + s1) << 32);
            long k1 = ((x2 + s2) & M) | ((long) (x3 + s3) << 32);
            long k2 = ((x4 + s4) & M) | ((long) (x5 + s5) << 32);
            long k3 = ((x6 + s6) & M) | ((long) (x7 + s7) << 32);
            long k4 = ((x8 + s8) & M) | ((long) (x9 + s9) << 32);
            long k5 = ((x10 + s10) & M) | ((long) (x11 + s11) << 32);
            long k6 = ((x12 + s12) & M) | ((long) (x13 + s13) << 32);
            long k7 = ((x14 + s14) & M) | ((long) (x15 + s15) << 32);
            if (len >= 64) {
                if (in == null) {
                    LE_LONG.set(out, outOff, k0); LE_LONG.set(out, outOff + 8, k1);
                    LE_LONG.set(out, outOff + 16, k2); LE_LONG.set(out, outOff + 24, k3);
                    LE_LONG.set(out, outOff + 32, k4); LE_LONG.set(out, outOff + 40, k5);
                    LE_LONG.set(out, outOff + 48, k6); LE_LONG.set(out, outOff + 56, k7);
                } else {
                    LE_LONG.set(out, outOff, k0 ^ (long) LE_LONG.get(in, inOff));
                    LE_LONG.set(out, outOff + 8, k1 ^ (long) LE_LONG.get(in, inOff + 8));
                    LE_LONG.set(out, outOff + 16, k2 ^ (long) LE_LONG.get(in, inOff + 16));
                    LE_LONG.set(out, outOff + 24, k3 ^ (long) LE_LONG.get(in, inOff + 24));
                    LE_LONG.set(out, outOff + 32, k4 ^ (long) LE_LONG.get(in, inOff + 32));
                    LE_LONG.set(out, outOff + 40, k5 ^ (long) LE_LONG.get(in, inOff + 40));
                    LE_LONG.set(out, outOff + 48, k6 ^ (long) LE_LONG.get(in, inOff + 48));
                    LE_LONG.set(out, outOff + 56, k7 ^ (long) LE_LONG.get(in, inOff + 56));
                }
                inOff += 64;
                outOff += 64;
                len -= 64;
                ctr++;
            } else {
                tail(new long[] {k0, k1, k2, k3, k4, k5, k6, k7}, in, inOff, out, outOff, len);
                return;
            }
        }
    }

    /** XORs the first {@code len < 64} bytes of one keystream block. */
    private static void tail(long[] k, byte[] in, int inOff, byte[] out, int outOff, int len) {
        int w = 0;
        for (; len >= 8; w++, len -= 8, inOff += 8, outOff += 8) {
            long v = in == null ? k[w] : k[w] ^ (long) LE_LONG.get(in, inOff);
            LE_LONG.set(out, outOff, v);
        }
        if (len > 0) {
            long v = k[w];
            for (int i = 0; i < len; i++, v >>>= 8) {
                out[outOff + i] = (byte) (in == null ? v : v ^ in[inOff + i]);
            }
        }
    }

    /** Bytes per step of the buffer path when a buffer has no accessible array. */
    private static final int CHUNK = 4096;

    @Override
    public void xor(int[] state, int rounds, boolean counter64,
                    ByteBuffer in, int inPos, ByteBuffer out, int outPos, int len) {
        if (out.hasArray() && (in == null || in.hasArray())) {
            xor(state, rounds, counter64,
                    in == null ? null : in.array(), in == null ? 0 : in.arrayOffset() + inPos,
                    out.array(), out.arrayOffset() + outPos, len);
            return;
        }
        boolean inArray = in != null && in.hasArray();
        byte[] chunk = new byte[Math.min(len, CHUNK)];
        int[] s = state.clone();
        long ctr = state[12] & M;
        while (len > 0) {
            int n = Math.min(len, chunk.length);
            if (inArray) {
                xor(s, rounds, counter64, in.array(), in.arrayOffset() + inPos, chunk, 0, n);
            } else {
                if (in != null) {
                    in.get(inPos, chunk, 0, n);
                }
                xor(s, rounds, counter64, in == null ? null : chunk, 0, chunk, 0, n);
            }
            out.put(outPos, chunk, 0, n);
            len -= n;
            inPos += n;
            outPos += n;
            ctr += n >>> 6;
            s[12] = (int) ctr;
            if (counter64) {
                s[13] = state[13] + (int) (ctr >>> 32);
            }
        }
        java.util.Arrays.fill(chunk, (byte) 0);
    }

    @Override
    public int bufferBlocks() {
        return N;
    }
}
