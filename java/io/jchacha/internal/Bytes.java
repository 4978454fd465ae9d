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
        for (int i = 0; i < words; i++) {
            w[i] = (int) LE_INT.get(b, off + 4 * i);
        }
        return w;
    }

    public static byte[] toBytes(int[] w) {
        byte[] b = new byte[4 * w.length];
        for (int i = 0; i < w.length; i++) {
            LE_INT.set(b, 4 * i, w[i]);
        }
        return b;
    }
}
