// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

/**
 * XOR of two byte ranges into a third in Java, in the loop shape the running JDK's C2 compiles best. The ranges are
 * disjoint or identical (each 8-byte step reads before it writes, so identical ranges stay exact); callers check them.
 *
 * <p>JMH {@code StreamBench.jchacha} (the stream layer's keystream cache, XOR-ed here below
 * {@link Engine#xorBytesMin()}), avx512, Zen 4, {@code -f 1 -wi 3 -w 1s -i 5 -r 500ms}, jars alternated, two runs
 * each, M ops/s, the 64-byte unrolled loop (before) against 8-byte steps:
 * <ul>
 *   <li>JDK 25, this class, FFM bridge: 16 B 92.2, 91.6 vs 101.2, 101.0; 64 B 44.6, 44.8 vs 44.9, 46.2; 200 B 16.6,
 *       16.4 vs 18.3, 18.8; 1 KiB even (it goes to the bridge's XOR from 256 B). No native library: 16 B 75.8, 78.2 vs
 *       84.4, 84.6; 64 B 32.0, 32.8 vs 33.9, 34.0.</li>
 *   <li>8-byte steps first tried inline in the stream layer on every JDK: JDK 25, JNI bridge, 64 B 44.1, 45.0 vs 46.0,
 *       46.2; 256 B 14.0, 14.2 vs 14.8, 14.6; 1 KiB 3.80, 3.75 vs 3.99, 3.97. JDK 17 (JNI): 64 B 42.6, 42.5 vs 32.5,
 *       32.4; 256 B 13.0, 13.7 vs 11.4, 11.2; 1 KiB 3.49, 3.73 vs 3.19, 3.18. So JDK 17 keeps the unrolled loop, moved
 *       here unchanged (before vs this class: 64 B 42.6, 41.0 vs 42.2, 43.1; 1 KiB 3.46, 3.58 vs 3.74, 3.82).</li>
 * </ul>
 * JDK 22-24 were not measured and keep the unrolled loop that JDK 17 runs best.
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
     * 64 bytes a step, then 32, then 8, all loads of a step before its stores; then single bytes. On JDK 17 (avx2,
     * streaming updates) 32-byte steps beat 8-byte ones (256 B 129 vs 145 ns, 64 B 35-38 vs 41-44), and on JDK 25
     * 64-byte steps beat 32-byte ones (256 B 8.23-8.45 vs 7.73-7.85 M ops/s, 64 B 27.6-28.4 vs 26.5-26.7 M).
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
