// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

import java.util.Random;

/** The message sizes of the suite (bytes), as JMH {@code @Param} constants and as numbers. */
final class Sizes {
    static final String ALL_0 = "16";
    static final String ALL_1 = "64";
    static final String ALL_2 = "128";
    static final String ALL_3 = "192";
    static final String ALL_4 = "256";
    static final String ALL_5 = "320";
    static final String ALL_6 = "1024";
    static final String ALL_7 = "4096";
    static final String ALL_8 = "16384";
    static final String ALL_9 = "1048576";

    /** Every size, ascending (the full preset). */
    static final int[] ALL = {16, 64, 128, 192, 256, 320, 1024, 4096, 16384, 1048576};
    /** The quick preset's sizes: 16 B (small-message targets), 1 KiB, 16 KiB (OpenSSL comparison). */
    static final int[] QUICK = {16, 1024, 16384};

    private Sizes() {}

    static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    static String label(long s) {
        return s >= 1 << 20 ? (s >> 20) + " MiB" : s >= 1024 ? (s >> 10) + " KiB" : s + " B";
    }
}
