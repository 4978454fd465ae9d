// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import io.jchacha.Backend;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The pure-Java engine: no intrinsics, no Unsafe, written so that C2's SuperWord pass turns the rounds into SIMD.
 *
 * <p><b>Wide path.</b> Blocks are held word-major in an {@code int[16 * L]}: word {@code w} of lane (block)
 * {@code l} is {@code x[w * L + l]}. Each quarter-round is then one loop over contiguous ints that C2
 * auto-vectorizes (add, xor, {@code Integer.rotateLeft} become vpaddd/vpxord/vprold); the column round is a single
 * loop over {@code 4 * L} ints (the four columns are adjacent), the diagonal round four loops over {@code L}.
 * Kernels exist for L = 16, 64 and 256 with <em>constant</em> trip counts and offsets: C2 only proves the
 * offsets independent when they are constants, and it only unrolls (hence widens the vectors) in proportion to the
 * trip count (JDK 17: about trip/10 iterations per unrolled body, so 16 lanes get 128-bit vectors, the 4 x 64
 * column loop and the 256-lane loops get 512-bit ones on AVX-512). The keystream words are then added to the input
 * state, paired into longs and XORed eight bytes at a time through a little-endian long view.
 *
 * <p><b>Scalar path.</b> Fewer than {@link #WIDE_MIN_BLOCKS} full blocks (and the final partial block) go through
 * a one-block-at-a-time function with the state in locals.
 *
 * <p>Scratch ({@code 16 * L} ints, at most 16 KiB, only for 8 blocks and more; a 16 KiB staging chunk for buffers
 * without an accessible array) comes from the caller's {@link EngineScratch}: a cipher keeps one beside its key and
 * wipes it with the key, so a long stream allocates nothing per call. Calls without one get a fresh scratch,
 * wiped before they return. Never a static or thread-local buffer: that would keep key-equivalent words alive
 * after their cipher is gone.
 */
public final class JavaEngine implements Engine {
    public static final JavaEngine INSTANCE = new JavaEngine();

    static final VarHandle LE_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long M = 0xFFFFFFFFL;

    /**
     * Fewest full blocks that go through the 16-lane kernel (fewer lanes than 16 are computed and dropped): from 8
     * blocks it is as fast as the scalar path, and faster above (docs/bench/tuning.md#java-wide-min-blocks).
     */
    static final int WIDE_MIN_BLOCKS = 8;

    private JavaEngine() {}

    @Override
    public String name() {
        return "java";
    }

    @Override
    public void xor(int[] state, int rounds, boolean counter64, byte[] in, int inOff, byte[] out, int outOff, int len) {
        // wiped afterwards: the permuted state is invertible, so as secret as the key
        EngineScratch.once(scratch -> xor(state, rounds, counter64, in, inOff, out, outOff, len, scratch));
    }

    @Override
    public void xor(
            int[] state,
            int rounds,
            boolean counter64,
            byte[] in,
            int inOff,
            byte[] out,
            int outOff,
            int len,
            EngineScratch scratch) {
        ServedCounter.served(Backend.JAVA);
        int full = len >>> 6;
        int done = 0;
        if (full >= WIDE_MIN_BLOCKS) {
            int[] x = scratch.words(16 * (full >= 256 ? 256 : full >= 64 ? 64 : 16));
            while (full - done >= WIDE_MIN_BLOCKS) {
                int left = full - done;
                int lanes, n;
                if (left >= 256) {
                    lanes = n = 256;
                    load(state, counter64, done, lanes, x, lanes);
                    rounds256(x, rounds);
                } else if (left >= 64) {
                    lanes = n = 64;
                    load(state, counter64, done, lanes, x, lanes);
                    rounds64(x, rounds);
                } else {
                    lanes = 16;
                    n = Math.min(16, left);
                    load(state, counter64, done, lanes, x, lanes);
                    rounds16(x, rounds);
                }
                emit(state, counter64, done, n, x, lanes, in, inOff + 64 * done, out, outOff + 64 * done);
                done += n;
            }
        }
        if (done * 64 < len) {
            scalar(state, rounds, counter64, done, in, inOff + 64 * done, out, outOff + 64 * done, len - 64 * done);
        }
    }

    /** Writes the initial word-major state of blocks {@code first .. first+n-1} into {@code x} (stride {@code S}). */
    private static void load(int[] s, boolean c64, int first, int n, int[] x, int S) {
        final long c0 = (s[12] & M) + first;
        for (int w = 0; w < 16; w++) {
            if (w != 12 && w != 13) {
                java.util.Arrays.fill(x, w * S, w * S + n, s[w]);
            }
        }
        for (int l = 0; l < n; l++) {
            long c = c0 + l;
            x[12 * S + l] = (int) c;
            x[13 * S + l] = c64 ? s[13] + (int) (c >>> 32) : s[13];
        }
    }

    /** Feed-forward, serialization and XOR of {@code n} full blocks held word-major in {@code x}. */
    private static void emit(
            int[] s, boolean c64, int first, int n, int[] x, int S, byte[] in, int inOff, byte[] out, int outOff) {
        final int s0 = s[0], s1 = s[1], s2 = s[2], s3 = s[3], s4 = s[4], s5 = s[5], s6 = s[6], s7 = s[7];
        final int s8 = s[8], s9 = s[9], s10 = s[10], s11 = s[11], s14 = s[14], s15 = s[15];
        final long c0 = (s[12] & M) + first;
        final int s13 = s[13];
        for (int l = 0; l < n; l++) {
            long c = c0 + l;
            int s12 = (int) c;
            int s13l = c64 ? s13 + (int) (c >>> 32) : s13;
            long k0 = ((x[l] + s0) & M) | ((long) (x[S + l] + s1) << 32);
            long k1 = ((x[2 * S + l] + s2) & M) | ((long) (x[3 * S + l] + s3) << 32);
            long k2 = ((x[4 * S + l] + s4) & M) | ((long) (x[5 * S + l] + s5) << 32);
            long k3 = ((x[6 * S + l] + s6) & M) | ((long) (x[7 * S + l] + s7) << 32);
            long k4 = ((x[8 * S + l] + s8) & M) | ((long) (x[9 * S + l] + s9) << 32);
            long k5 = ((x[10 * S + l] + s10) & M) | ((long) (x[11 * S + l] + s11) << 32);
            long k6 = ((x[12 * S + l] + s12) & M) | ((long) (x[13 * S + l] + s13l) << 32);
            long k7 = ((x[14 * S + l] + s14) & M) | ((long) (x[15 * S + l] + s15) << 32);
            int o = outOff + 64 * l;
            if (in == null) {
                // spotless:off
                LE_LONG.set(out, o, k0); LE_LONG.set(out, o + 8, k1);
                LE_LONG.set(out, o + 16, k2); LE_LONG.set(out, o + 24, k3);
                LE_LONG.set(out, o + 32, k4); LE_LONG.set(out, o + 40, k5);
                LE_LONG.set(out, o + 48, k6); LE_LONG.set(out, o + 56, k7);
                // spotless:on
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

    /** {@code rounds} rounds over 16 lanes (stride 16): the column round as one loop over 4 x 16. */
    private static void rounds16(int[] x, int rounds) {
        for (int r = 0; r < rounds; r += 2) {
            for (int l = 0; l < 64; l++) {
                int va = x[0 + l] + x[64 + l];
                int vd = Integer.rotateLeft(x[192 + l] ^ va, 16);
                int vc = x[128 + l] + vd;
                int vb = Integer.rotateLeft(x[64 + l] ^ vc, 12);
                va += vb;
                vd = Integer.rotateLeft(vd ^ va, 8);
                vc += vd;
                vb = Integer.rotateLeft(vb ^ vc, 7);
                // spotless:off
                x[0 + l] = va; x[64 + l] = vb; x[128 + l] = vc; x[192 + l] = vd;
            }
            for (int l = 0; l < 16; l++) {
                int va = x[0 + l] + x[80 + l];
                int vd = Integer.rotateLeft(x[240 + l] ^ va, 16);
                int vc = x[160 + l] + vd;
                int vb = Integer.rotateLeft(x[80 + l] ^ vc, 12);
                va += vb;
                vd = Integer.rotateLeft(vd ^ va, 8);
                vc += vd;
                vb = Integer.rotateLeft(vb ^ vc, 7);
                x[0 + l] = va; x[80 + l] = vb; x[160 + l] = vc; x[240 + l] = vd;
            }
            for (int l = 0; l < 16; l++) {
                int va = x[16 + l] + x[96 + l];
                int vd = Integer.rotateLeft(x[192 + l] ^ va, 16);
                int vc = x[176 + l] + vd;
                int vb = Integer.rotateLeft(x[96 + l] ^ vc, 12);
                va += vb;
                vd = Integer.rotateLeft(vd ^ va, 8);
                vc += vd;
                vb = Integer.rotateLeft(vb ^ vc, 7);
                x[16 + l] = va; x[96 + l] = vb; x[176 + l] = vc; x[192 + l] = vd;
            }
            for (int l = 0; l < 16; l++) {
                int va = x[32 + l] + x[112 + l];
                int vd = Integer.rotateLeft(x[208 + l] ^ va, 16);
                int vc = x[128 + l] + vd;
                int vb = Integer.rotateLeft(x[112 + l] ^ vc, 12);
                va += vb;
                vd = Integer.rotateLeft(vd ^ va, 8);
                vc += vd;
                vb = Integer.rotateLeft(vb ^ vc, 7);
                x[32 + l] = va; x[112 + l] = vb; x[128 + l] = vc; x[208 + l] = vd;
            }
            for (int l = 0; l < 16; l++) {
                int va = x[48 + l] + x[64 + l];
                int vd = Integer.rotateLeft(x[224 + l] ^ va, 16);
                int vc = x[144 + l] + vd;
                int vb = Integer.rotateLeft(x[64 + l] ^ vc, 12);
                va += vb;
                vd = Integer.rotateLeft(vd ^ va, 8);
                vc += vd;
                vb = Integer.rotateLeft(vb ^ vc, 7);
                x[48 + l] = va; x[64 + l] = vb; x[144 + l] = vc; x[224 + l] = vd;
                // spotless:on
            }
        }
    }

    /** {@code rounds} rounds over 64 lanes (stride 64): the column round as one loop over 4 x 64. */
    private static void rounds64(int[] x, int rounds) {
        for (int r = 0; r < rounds; r += 2) {
            for (int l = 0; l < 256; l++) {
                int va = x[0 + l] + x[256 + l];
                int vd = Integer.rotateLeft(x[768 + l] ^ va, 16);
                int vc = x[512 + l] + vd;
                int vb = Integer.rotateLeft(x[256 + l] ^ vc, 12);
                va += vb;
                vd = Integer.rotateLeft(vd ^ va, 8);
                vc += vd;
                vb = Integer.rotateLeft(vb ^ vc, 7);
                // spotless:off
                x[0 + l] = va; x[256 + l] = vb; x[512 + l] = vc; x[768 + l] = vd;
            }
            for (int l = 0; l < 64; l++) {
                int va = x[0 + l] + x[320 + l];
                int vd = Integer.rotateLeft(x[960 + l] ^ va, 16);
                int vc = x[640 + l] + vd;
                int vb = Integer.rotateLeft(x[320 + l] ^ vc, 12);
                va += vb;
                vd = Integer.rotateLeft(vd ^ va, 8);
                vc += vd;
                vb = Integer.rotateLeft(vb ^ vc, 7);
                x[0 + l] = va; x[320 + l] = vb; x[640 + l] = vc; x[960 + l] = vd;
            }
            for (int l = 0; l < 64; l++) {
                int va = x[64 + l] + x[384 + l];
                int vd = Integer.rotateLeft(x[768 + l] ^ va, 16);
                int vc = x[704 + l] + vd;
                int vb = Integer.rotateLeft(x[384 + l] ^ vc, 12);
                va += vb;
                vd = Integer.rotateLeft(vd ^ va, 8);
                vc += vd;
                vb = Integer.rotateLeft(vb ^ vc, 7);
                x[64 + l] = va; x[384 + l] = vb; x[704 + l] = vc; x[768 + l] = vd;
            }
            for (int l = 0; l < 64; l++) {
                int va = x[128 + l] + x[448 + l];
                int vd = Integer.rotateLeft(x[832 + l] ^ va, 16);
                int vc = x[512 + l] + vd;
                int vb = Integer.rotateLeft(x[448 + l] ^ vc, 12);
                va += vb;
                vd = Integer.rotateLeft(vd ^ va, 8);
                vc += vd;
                vb = Integer.rotateLeft(vb ^ vc, 7);
                x[128 + l] = va; x[448 + l] = vb; x[512 + l] = vc; x[832 + l] = vd;
            }
            for (int l = 0; l < 64; l++) {
                int va = x[192 + l] + x[256 + l];
                int vd = Integer.rotateLeft(x[896 + l] ^ va, 16);
                int vc = x[576 + l] + vd;
                int vb = Integer.rotateLeft(x[256 + l] ^ vc, 12);
                va += vb;
                vd = Integer.rotateLeft(vd ^ va, 8);
                vc += vd;
                vb = Integer.rotateLeft(vb ^ vc, 7);
                x[192 + l] = va; x[256 + l] = vb; x[576 + l] = vc; x[896 + l] = vd;
                // spotless:on
            }
        }
    }

    /** {@code rounds} rounds over 256 lanes (stride 256): the column round as one loop over 4 x 256. */
    private static void rounds256(int[] x, int rounds) {
        for (int r = 0; r < rounds; r += 2) {
            for (int l = 0; l < 1024; l++) {
                int va = x[0 + l] + x[1024 + l];
                int vd = Integer.rotateLeft(x[3072 + l] ^ va, 16);
                int vc = x[2048 + l] + vd;
                int vb = Integer.rotateLeft(x[1024 + l] ^ vc, 12);
                va += vb;
                vd = Integer.rotateLeft(vd ^ va, 8);
                vc += vd;
                vb = Integer.rotateLeft(vb ^ vc, 7);
                // spotless:off
                x[0 + l] = va; x[1024 + l] = vb; x[2048 + l] = vc; x[3072 + l] = vd;
            }
            for (int l = 0; l < 256; l++) {
                int va = x[0 + l] + x[1280 + l];
                int vd = Integer.rotateLeft(x[3840 + l] ^ va, 16);
                int vc = x[2560 + l] + vd;
                int vb = Integer.rotateLeft(x[1280 + l] ^ vc, 12);
                va += vb;
                vd = Integer.rotateLeft(vd ^ va, 8);
                vc += vd;
                vb = Integer.rotateLeft(vb ^ vc, 7);
                x[0 + l] = va; x[1280 + l] = vb; x[2560 + l] = vc; x[3840 + l] = vd;
            }
            for (int l = 0; l < 256; l++) {
                int va = x[256 + l] + x[1536 + l];
                int vd = Integer.rotateLeft(x[3072 + l] ^ va, 16);
                int vc = x[2816 + l] + vd;
                int vb = Integer.rotateLeft(x[1536 + l] ^ vc, 12);
                va += vb;
                vd = Integer.rotateLeft(vd ^ va, 8);
                vc += vd;
                vb = Integer.rotateLeft(vb ^ vc, 7);
                x[256 + l] = va; x[1536 + l] = vb; x[2816 + l] = vc; x[3072 + l] = vd;
            }
            for (int l = 0; l < 256; l++) {
                int va = x[512 + l] + x[1792 + l];
                int vd = Integer.rotateLeft(x[3328 + l] ^ va, 16);
                int vc = x[2048 + l] + vd;
                int vb = Integer.rotateLeft(x[1792 + l] ^ vc, 12);
                va += vb;
                vd = Integer.rotateLeft(vd ^ va, 8);
                vc += vd;
                vb = Integer.rotateLeft(vb ^ vc, 7);
                x[512 + l] = va; x[1792 + l] = vb; x[2048 + l] = vc; x[3328 + l] = vd;
            }
            for (int l = 0; l < 256; l++) {
                int va = x[768 + l] + x[1024 + l];
                int vd = Integer.rotateLeft(x[3584 + l] ^ va, 16);
                int vc = x[2304 + l] + vd;
                int vb = Integer.rotateLeft(x[1024 + l] ^ vc, 12);
                va += vb;
                vd = Integer.rotateLeft(vd ^ va, 8);
                vc += vd;
                vb = Integer.rotateLeft(vb ^ vc, 7);
                x[768 + l] = va; x[1024 + l] = vb; x[2304 + l] = vc; x[3584 + l] = vd;
                // spotless:on
            }
        }
    }

    /** Blocks from {@code first} on, one at a time with locals; the last may be partial. */
    private static void scalar(
            int[] s, int rounds, boolean c64, int first, byte[] in, int inOff, byte[] out, int outOff, int len) {
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
                // spotless:off
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
                // spotless:on
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
                // the first len < 64 bytes of the block, a word at a time (no array: nothing to allocate or wipe)
                int d = tail(k0, in, inOff, out, outOff, 0, len);
                d = tail(k1, in, inOff, out, outOff, d, len);
                d = tail(k2, in, inOff, out, outOff, d, len);
                d = tail(k3, in, inOff, out, outOff, d, len);
                d = tail(k4, in, inOff, out, outOff, d, len);
                d = tail(k5, in, inOff, out, outOff, d, len);
                d = tail(k6, in, inOff, out, outOff, d, len);
                tail(k7, in, inOff, out, outOff, d, len);
                return;
            }
        }
    }

    /**
     * XORs keystream word {@code k} into bytes {@code [done, min(done + 8, len))} of a final partial block;
     * returns the bytes done after it.
     */
    private static int tail(long k, byte[] in, int inOff, byte[] out, int outOff, int done, int len) {
        int n = Math.min(8, len - done);
        if (n == 8) {
            long v = in == null ? k : k ^ (long) LE_LONG.get(in, inOff + done);
            LE_LONG.set(out, outOff + done, v);
        } else {
            for (int i = 0; i < n; i++, k >>>= 8) {
                out[outOff + done + i] = (byte) (in == null ? k : k ^ in[inOff + done + i]);
            }
        }
        return done + Math.max(n, 0);
    }

    /**
     * Bytes per step when the output buffer has no accessible array (direct or read-only): a multiple of the widest
     * kernel (256 blocks), copied through a heap array with the bulk absolute get/put (memcpy speed).
     */
    private static final int CHUNK = 64 * 256;

    @Override
    public void xor(
            int[] state, int rounds, boolean counter64, ByteBuffer in, int inPos, ByteBuffer out, int outPos, int len) {
        EngineScratch.once(scratch -> xor(state, rounds, counter64, in, inPos, out, outPos, len, scratch));
    }

    @Override
    public void xor(
            int[] state,
            int rounds,
            boolean counter64,
            ByteBuffer in,
            int inPos,
            ByteBuffer out,
            int outPos,
            int len,
            EngineScratch scratch) {
        if (out.hasArray()) {
            byte[] o = out.array();
            int oo = out.arrayOffset() + outPos;
            if (in == null) {
                xor(state, rounds, counter64, null, 0, o, oo, len, scratch);
            } else if (in.hasArray()) {
                xor(state, rounds, counter64, in.array(), in.arrayOffset() + inPos, o, oo, len, scratch);
            } else {
                // direct or read-only input: copy it into the output range, then work in place there
                in.get(inPos, o, oo, len);
                xor(state, rounds, counter64, o, oo, o, oo, len, scratch);
            }
            return;
        }
        int size = Math.min(len, CHUNK);
        byte[] chunk = scratch.bytes(size);
        byte[] inArray = in != null && in.hasArray() ? in.array() : null;
        int inBase = inArray != null ? in.arrayOffset() : 0;
        int[] s = scratch.state(state);
        long ctr = state[12] & M;
        while (len > 0) {
            int n = Math.min(len, size);
            if (in == null) {
                xor(s, rounds, counter64, null, 0, chunk, 0, n, scratch);
            } else if (inArray != null) {
                xor(s, rounds, counter64, inArray, inBase + inPos, chunk, 0, n, scratch);
            } else {
                in.get(inPos, chunk, 0, n);
                xor(s, rounds, counter64, chunk, 0, chunk, 0, n, scratch);
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
    }

    /**
     * 16 blocks (1 KiB): the smallest request the vectorized kernel serves at full lane count, about twice the
     * per-byte speed of the scalar path (64 blocks is faster per byte again but wastes up to 4 KiB of keystream per
     * short message).
     */
    @Override
    public int bufferBlocks() {
        return 16;
    }
}
