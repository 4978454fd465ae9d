// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Little-endian word access to byte arrays.
 *
 * <p>{@link #LE_INT} and {@link #LE_LONG} (byte-array views) serve the data paths. Key, seed and nonce bytes
 * become words through {@link #le32} and its loops instead: plain byte loads and word stores, never a view's
 * mismatched access, whose compiled forms C2 has got wrong next to escape analysis and array fills
 * (docs/DEVELOPING.md, "Java rules").
 */
public final class Bytes {
    public static final VarHandle LE_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    public static final VarHandle LE_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private Bytes() {}

    /** The little-endian word at {@code b[off .. off + 4)}, from four byte loads. */
    public static int le32(byte[] b, int off) {
        return (b[off] & 0xff) | (b[off + 1] & 0xff) << 8 | (b[off + 2] & 0xff) << 16 | b[off + 3] << 24;
    }

    /** The little-endian 64-bit word at {@code b[off .. off + 8)}, from two {@link #le32}. */
    public static long le64(byte[] b, int off) {
        return (le32(b, off) & 0xffffffffL) | (long) le32(b, off + 4) << 32;
    }

    /** Writes {@code v} into {@code b[off .. off + 4)}, little-endian, as four byte stores. */
    public static void putLe32(byte[] b, int off, int v) {
        b[off] = (byte) v;
        b[off + 1] = (byte) (v >>> 8);
        b[off + 2] = (byte) (v >>> 16);
        b[off + 3] = (byte) (v >>> 24);
    }

    public static int[] toWords(byte[] b, int off, int words) {
        int[] w = new int[words];
        getWords(b, off, w, 0, words);
        return w;
    }

    /** Reads {@code count} little-endian words of {@code b} from {@code off} into {@code w} at {@code from}. */
    public static void getWords(byte[] b, int off, int[] w, int from, int count) {
        for (int i = 0; i < count; i++) {
            w[from + i] = le32(b, off + 4 * i);
        }
    }

    public static byte[] toBytes(int[] w) {
        byte[] b = new byte[4 * w.length];
        putWords(w, 0, w.length, b, 0);
        return b;
    }

    /** Writes {@code count} words of {@code w} from {@code from} into {@code b} at {@code off}, little-endian. */
    public static void putWords(int[] w, int from, int count, byte[] b, int off) {
        for (int i = 0; i < count; i++) {
            putLe32(b, off + 4 * i, w[from + i]);
        }
    }

    /** Writes the three words of a 96-bit nonce into {@code b[0..11]}, little-endian. */
    public static void putNonce(byte[] b, int n0, int n1, int n2) {
        putLe32(b, 0, n0);
        putLe32(b, 4, n1);
        putLe32(b, 8, n2);
    }
}
