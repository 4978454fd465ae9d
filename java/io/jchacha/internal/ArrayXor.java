// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

/**
 * XOR of two byte ranges into a third in Java, in the loop shape the running JDK's C2 compiles best. The ranges are
 * disjoint or identical (each 8-byte step reads before it writes, so identical ranges stay exact); callers check them.
 *
 * <p>JDK 25 runs 8-byte steps, which C2 compiles best there; JDK 17 keeps the 64-byte unrolled loop, which it runs
 * faster (docs/bench/tuning.md#array-xor). JDK 22-24 were not measured and keep the unrolled loop that JDK 17 runs
 * best.
 */
public final class ArrayXor {
    /** Whether this JDK runs {@link #stepped} (measured on JDK 25) rather than {@link #unrolled} (JDK 17). */
    static final boolean STEPPED = Runtime.version().feature() >= 25;

    private ArrayXor() {}

    /** {@code out[outOff, outOff + n) = a[aOff, aOff + n) ^ b[bOff, bOff + n)}. */
    public static void xor(byte[] a, int aOff, byte[] b, int bOff, byte[] out, int outOff, int n) {
        if (STEPPED) {
            stepped(a, aOff, b, bOff, out, outOff, n);
        } else {
            unrolled(a, aOff, b, bOff, out, outOff, n);
        }
    }

    /** One 8-byte step an iteration, the loop counting steps; then single bytes. */
    static void stepped(byte[] a, int aOff, byte[] b, int bOff, byte[] out, int outOff, int n) {
        int steps = n >>> 3;
        for (int j = 0; j < steps; j++) {
            long v = (long) Bytes.LE_LONG.get(a, aOff + 8 * j) ^ (long) Bytes.LE_LONG.get(b, bOff + 8 * j);
            Bytes.LE_LONG.set(out, outOff + 8 * j, v);
        }
        for (int i = steps << 3; i < n; i++) {
            out[outOff + i] = (byte) (a[aOff + i] ^ b[bOff + i]);
        }
    }

    /**
     * 64 bytes a step, then 32, then 8, all loads of a step before its stores; then single bytes: wider steps
     * measured faster (docs/bench/tuning.md#array-xor).
     */
    static void unrolled(byte[] a, int aOff, byte[] b, int bOff, byte[] out, int outOff, int n) {
        int i = 0;
        for (; i + 64 <= n; i += 64) {
            long v0 = (long) Bytes.LE_LONG.get(a, aOff + i) ^ (long) Bytes.LE_LONG.get(b, bOff + i);
            long v1 = (long) Bytes.LE_LONG.get(a, aOff + i + 8) ^ (long) Bytes.LE_LONG.get(b, bOff + i + 8);
            long v2 = (long) Bytes.LE_LONG.get(a, aOff + i + 16) ^ (long) Bytes.LE_LONG.get(b, bOff + i + 16);
            long v3 = (long) Bytes.LE_LONG.get(a, aOff + i + 24) ^ (long) Bytes.LE_LONG.get(b, bOff + i + 24);
            long v4 = (long) Bytes.LE_LONG.get(a, aOff + i + 32) ^ (long) Bytes.LE_LONG.get(b, bOff + i + 32);
            long v5 = (long) Bytes.LE_LONG.get(a, aOff + i + 40) ^ (long) Bytes.LE_LONG.get(b, bOff + i + 40);
            long v6 = (long) Bytes.LE_LONG.get(a, aOff + i + 48) ^ (long) Bytes.LE_LONG.get(b, bOff + i + 48);
            long v7 = (long) Bytes.LE_LONG.get(a, aOff + i + 56) ^ (long) Bytes.LE_LONG.get(b, bOff + i + 56);
            Bytes.LE_LONG.set(out, outOff + i, v0);
            Bytes.LE_LONG.set(out, outOff + i + 8, v1);
            Bytes.LE_LONG.set(out, outOff + i + 16, v2);
            Bytes.LE_LONG.set(out, outOff + i + 24, v3);
            Bytes.LE_LONG.set(out, outOff + i + 32, v4);
            Bytes.LE_LONG.set(out, outOff + i + 40, v5);
            Bytes.LE_LONG.set(out, outOff + i + 48, v6);
            Bytes.LE_LONG.set(out, outOff + i + 56, v7);
        }
        for (; i + 32 <= n; i += 32) {
            long v0 = (long) Bytes.LE_LONG.get(a, aOff + i) ^ (long) Bytes.LE_LONG.get(b, bOff + i);
            long v1 = (long) Bytes.LE_LONG.get(a, aOff + i + 8) ^ (long) Bytes.LE_LONG.get(b, bOff + i + 8);
            long v2 = (long) Bytes.LE_LONG.get(a, aOff + i + 16) ^ (long) Bytes.LE_LONG.get(b, bOff + i + 16);
            long v3 = (long) Bytes.LE_LONG.get(a, aOff + i + 24) ^ (long) Bytes.LE_LONG.get(b, bOff + i + 24);
            Bytes.LE_LONG.set(out, outOff + i, v0);
            Bytes.LE_LONG.set(out, outOff + i + 8, v1);
            Bytes.LE_LONG.set(out, outOff + i + 16, v2);
            Bytes.LE_LONG.set(out, outOff + i + 24, v3);
        }
        for (; i + 8 <= n; i += 8) {
            long v = (long) Bytes.LE_LONG.get(a, aOff + i) ^ (long) Bytes.LE_LONG.get(b, bOff + i);
            Bytes.LE_LONG.set(out, outOff + i, v);
        }
        for (; i < n; i++) {
            out[outOff + i] = (byte) (a[aOff + i] ^ b[bOff + i]);
        }
    }
}
