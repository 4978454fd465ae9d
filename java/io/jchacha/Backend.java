// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import java.util.Locale;

/** A ChaCha20 engine: the pure-Java one, the JDK's own (SunJCE, intrinsified) or a native kernel family. */
public enum Backend {
    /** Pure Java; runs everywhere. Also selected by the alias {@code scalar}. */
    JAVA("java"),
    /**
     * The running JDK's SunJCE ChaCha20 and ChaCha20-Poly1305 where HotSpot intrinsifies them (JDK 20+ on x86-64
     * with AVX2, or AArch64); 8 and 12 rounds, which SunJCE lacks, run on the Java engine.
     */
    JDK("jdk"),
    /** Portable scalar C, any architecture. */
    PORTABLE("portable"),
    /** x86-64 AVX2 kernels. */
    AVX2("avx2"),
    /** x86-64 AVX-512 (F + VL) kernels. */
    AVX512("avx512"),
    /** AArch64 NEON kernels. */
    NEON("neon");

    private final String id;

    Backend(String id) {
        this.id = id;
    }

    /** The name used by {@code -Djchacha.backend} and the native library. */
    public String id() {
        return id;
    }

    /** Whether this backend runs through the native library. */
    public boolean isNative() {
        return this != JAVA && this != JDK;
    }

    /**
     * Parses a backend name as {@code -Djchacha.backend} takes it (case-insensitive, {@code scalar} = {@code java}).
     *
     * @throws IllegalArgumentException for an unknown name; the message lists the valid ones
     */
    public static Backend fromId(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        if (n.equals("scalar")) {
            return JAVA;
        }
        for (Backend b : values()) {
            if (b.id.equals(n)) {
                return b;
            }
        }
        throw new IllegalArgumentException("unknown jchacha backend '" + name + "'; valid: "
                + Backends.PROPERTY_VALUES);
    }

    @Override
    public String toString() {
        return id;
    }
}
