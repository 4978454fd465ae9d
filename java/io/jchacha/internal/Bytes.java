// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Little-endian word access to byte arrays. */
public final class Bytes {
    public static final VarHandle LE_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    public static final VarHandle LE_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private Bytes() {}

    public static int[] toWords(byte[] b, int off, int words) {
        int[] w = new int[words];
        getWords(b, off, w, 0, words);
        return w;
    }

    /** Reads {@code count} little-endian words of {@code b} from {@code off} into {@code w} at {@code from}. */
    public static void getWords(byte[] b, int off, int[] w, int from, int count) {
        for (int i = 0; i < count; i++) {
            w[from + i] = (int) LE_INT.get(b, off + 4 * i);
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
            LE_INT.set(b, off + 4 * i, w[from + i]);
        }
    }

    /** Writes the three words of a 96-bit nonce into {@code b[0..11]}, little-endian. */
    public static void putNonce(byte[] b, int n0, int n1, int n2) {
        LE_INT.set(b, 0, n0);
        LE_INT.set(b, 4, n1);
        LE_INT.set(b, 8, n2);
    }
}
