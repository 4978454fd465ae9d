// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import java.util.List;
import java.util.Locale;

/**
 * A ChaCha20 engine: the pure-Java one, the JDK's own (SunJCE, intrinsified) or a native kernel family.
 *
 * <p>The constants are the one list of backends: the values {@code -Djchacha.backend} takes
 * ({@link Backends#PROPERTY_VALUES}), the engines the library opens and what {@code auto} may pick all come from
 * them. They are declared slower before faster on each architecture ({@link Backends#available()} lists them in
 * this order): {@code auto} runs the last one with an {@link #autoJavaBelow()} that can run here, else {@link #JAVA}.
 */
public enum Backend {
    // id, runs through the native library, autoJavaBelow, aliases. autoJavaBelow is where the backend starts to beat
    // the Java engine: below it one native call costs more than Java spends on the whole input
    // (docs/bench/tuning.md#auto-java-below), and a SunJCE call (jdk) first creates and initializes a Cipher, which
    // makes 1 KiB of keystream (docs/bench/tuning.md#jdk-java-below).

    /** Pure Java; runs everywhere. Also selected by the alias {@code scalar}. */
    JAVA("java", false, 0, "scalar"),
    /**
     * The running JDK's SunJCE ChaCha20 and ChaCha20-Poly1305 where HotSpot intrinsifies them (JDK 20+ on x86-64
     * with AVX2, or AArch64); 8 and 12 rounds, which SunJCE lacks, run on the Java engine.
     */
    JDK("jdk", false, 256),
    /** Portable scalar C, any architecture ({@code auto} prefers the JIT-vectorized Java engine to it). */
    PORTABLE("portable", true, 0),
    /** x86-64 AVX2 kernels. */
    AVX2("avx2", true, 256),
    /** x86-64 AVX-512 (F + VL) kernels. */
    AVX512("avx512", true, 192),
    /** AArch64 NEON kernels (not measured on hardware: {@code auto} uses AVX2's threshold). */
    NEON("neon", true, 256);

    private final String id;
    private final boolean isNative;
    private final int autoJavaBelow;
    private final List<String> aliases;

    Backend(String id, boolean isNative, int autoJavaBelow, String... aliases) {
        this.id = id;
        this.isNative = isNative;
        this.autoJavaBelow = autoJavaBelow;
        this.aliases = List.of(aliases);
    }

    /** The name used by {@code -Djchacha.backend} and the native library. */
    public String id() {
        return id;
    }

    /** Whether this backend runs through the native library. */
    public boolean isNative() {
        return isNative;
    }

    /**
     * Below how many bytes {@code auto}, having picked this backend, runs a keystream call on byte arrays on the Java
     * engine instead, which is faster there: one call into the backend costs more than Java spends on the whole input
     * (it does not govern AEAD messages). 0 for a backend {@code auto} never picks ({@code java} itself,
     * {@code portable}).
     */
    public int autoJavaBelow() {
        return autoJavaBelow;
    }

    /** Other names {@code -Djchacha.backend} takes for this backend. */
    List<String> aliases() {
        return aliases;
    }

    /**
     * Parses a backend name as {@code -Djchacha.backend} takes it (case-insensitive, {@code scalar} = {@code java}).
     *
     * @throws IllegalArgumentException for an unknown name; the message lists the valid ones
     */
    public static Backend fromId(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        for (Backend b : values()) {
            if (b.id.equals(n) || b.aliases.contains(n)) {
                return b;
            }
        }
        throw new IllegalArgumentException(
                "unknown jchacha backend '" + name + "'; valid: " + Backends.PROPERTY_VALUES);
    }

    @Override
    public String toString() {
        return id;
    }
}
