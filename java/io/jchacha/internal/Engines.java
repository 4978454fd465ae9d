// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import io.jchacha.Backend;
import io.jchacha.Backends;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * Picks the engine once per JVM from {@code jchacha.backend}. Everything that needs keystream asks
 * {@link #active()}; a forced backend that cannot run throws here, at first use, with what is available.
 */
public final class Engines {
    private Engines() {}

    /** The parsed selection, computed once; an unknown property value is kept as its exception. */
    private static final class Selection {
        static final String REQUESTED;
        static final Backend BACKEND;
        static final Engine ENGINE;
        static final String REASON;
        static final RuntimeException FAILURE;
        static final Map<Backend, String> UNAVAILABLE = new EnumMap<>(Backend.class);
        static final Map<Backend, Engine> ENGINES = new EnumMap<>(Backend.class);

        static {
            ENGINES.put(Backend.JAVA, JavaEngine.INSTANCE);
            for (Backend b : Backend.values()) {
                if (b.isNative()) {
                    Object e = NativeEngine.open(b.id());
                    if (e instanceof Engine) {
                        ENGINES.put(b, (Engine) e);
                    } else {
                        UNAVAILABLE.put(b, (String) e);
                    }
                }
            }
            String raw = System.getProperty(Backends.PROPERTY, "auto");
            REQUESTED = raw.trim().toLowerCase(Locale.ROOT);
            Backend backend = null;
            Engine engine = null;
            String reason = null;
            RuntimeException failure = null;
            try {
                if (REQUESTED.equals("auto") || REQUESTED.isEmpty()) {
                    backend = bestAvailable();
                    reason = "auto: " + autoReason(backend);
                    engine = autoEngine(backend);
                } else {
                    backend = Backend.fromId(raw);
                    String why = unavailableReason(backend);
                    if (why != null) {
                        throw new IllegalStateException(Backends.PROPERTY + "=" + raw + " cannot run here: " + why
                                + "; available: " + availableList(), nativeLoadFailure());
                    }
                    reason = "forced by -D" + Backends.PROPERTY + "=" + raw;
                }
                if (engine == null) {
                    engine = engineFor(backend);
                }
            } catch (RuntimeException e) {
                failure = e;
                backend = null;
            }
            BACKEND = backend;
            ENGINE = engine;
            REASON = failure != null ? failure.getMessage() : reason;
            FAILURE = failure;
        }
    }

    /**
     * The jdk backend, probed on first need ({@code auto} without a native backend, a forced {@code jdk}, a question
     * about it): reading HotSpot's flags and loading SunJCE cost about 0.1 s each, which a JVM that runs a native
     * backend does not pay.
     */
    private static final class Jdk {
        static final Object OPENED = JdkEngine.open();
    }

    private static Engine engineFor(Backend b) {
        if (b == Backend.JDK) {
            return Jdk.OPENED instanceof Engine ? (Engine) Jdk.OPENED : null;
        }
        return Selection.ENGINES.get(b);
    }

    /** The engine of a backend that runs here, for benchmarks and tests that compare backends in one JVM. */
    public static Engine forBackend(Backend b) {
        Engine e = engineFor(b);
        if (e == null) {
            throw new IllegalStateException(b.id() + " cannot run here: " + unavailableReason(b));
        }
        return e;
    }

    /**
     * What {@code auto} tries, fastest first, and below how many bytes each native family hands an array call to
     * the Java engine because one JNI call costs more than Java spends on the whole input. Measured per call
     * (ns, JDK 17, AMD EPYC Zen 4/5 at 2.1 GHz, engine.xor on byte[], ABI-3 glue; /tmp harness, 3 rounds, best):
     * <pre>
     *   bytes      16   64  128  192  256  320  512  1024  2048
     *   java      100   98  200  313  379  527  697*  730  1670   (* at 768)
     *   avx512    187  202  236  249  223  240  258   228   294   -> java below 192
     *   avx2      188  208  278  325  302  325  323   404   727   -> java below 256
     *   portable  180  198  306  408  479  575  838  1594  3110   -> slower than java at every size: not tried
     * </pre>
     * NEON could not be measured here (only under qemu); it takes AVX2's threshold. Portable C stays available
     * when forced, but {@code auto} prefers the JIT-vectorized Java engine over it.
     *
     * <p>These thresholds control the stream layer ({@link Engine#xor}) only. AEAD messages ({@link AeadEngine}
     * seal and open, whole messages) always go to the native backend: since one kernel call makes the Poly1305 key
     * block and the message's keystream together (native/aead.c, up to 256-2047 bytes by backend: aead.h), the
     * native call is faster than the Java AEAD at every size, so there is no threshold below which {@code auto}
     * would hand AEAD work to Java. Measured through the public API, ns of thread CPU time per message, no AAD
     * (AMD EPYC Zen 3, AVX2, 2 shared cores under load; {@code java -Djchacha.backend=auto|java -jar
     * target/jchacha-benchmarks.jar cputime 11 16 64 256 1024}, auto and java alternated twice per JDK, medians),
     * {@code java / auto}, above 1 where auto is faster; before the one-call path in brackets (AVX-512 and NEON
     * run the same one-call path but were not measured here):
     * <pre>
     *                             16 B         64 B         256 B        1 KiB
     *   JDK 17  seal             2.33 (1.06)  1.86 (1.52)  2.06 (1.51)  2.41 (2.21)
     *           open             1.30 (0.95)  1.19 (1.17)  1.98 (1.54)  1.97 (2.41)
     *           XChaCha seal     1.35 (1.11)  1.33 (1.13)  1.72 (1.41)  2.16 (2.11)
     *           XChaCha open     1.33 (1.12)  1.35 (1.00)  1.71 (1.18)  2.42 (2.13)
     *   JDK 25  seal             1.40 (1.04)  1.45 (1.13)  1.91 (1.45)  3.45 (2.62)
     *           open             2.04 (1.67)  1.33 (1.09)  1.78 (1.28)  3.23 (2.54)
     *           XChaCha seal     1.34 (1.07)  1.26 (1.13)  1.62 (1.39)  2.46 (2.45)
     *           XChaCha open     1.25 (1.04)  1.23 (1.08)  1.62 (1.37)  2.49 (2.41)
     * </pre>
     */
    private static final Backend[] AUTO_ORDER = {Backend.AVX512, Backend.AVX2, Backend.NEON};
    private static final int[] AUTO_JAVA_BELOW = {192, 256, 256};

    /**
     * Below how many bytes {@code auto} on the jdk backend hands an array call to the Java engine: a SunJCE call
     * creates and initializes a Cipher (which makes 1 KiB of keystream up front) before it XORs a byte. Per call,
     * ns of thread CPU time, best of 9, JDK 25, Zen 3 (AVX2), loaded machine (tests' internal.EngineTimes):
     * <pre>
     *   bytes   128  256  384  512  768  1024  16384
     *   java    308  602  871 1511 1562  1637  10978
     *   jdk     438  437  591  603  758   939  10542
     * </pre>
     */
    static final int JDK_JAVA_BELOW = 256;

    /**
     * The same where the call's owner holds a SunJCE Cipher of the jdk engine already (a stream instance, an AEAD
     * owner's spare scratch): re-keying it is an init, without {@code Cipher.getInstance}. ns per call, JDK 25, Zen 3
     * (AVX2), JMH {@code JdkStreamCostBench} ({@code -f 1 -wi 3 -w 500ms -i 10 -r 500ms}), SunJCE alone:
     * <pre>
     *   bytes                     64   256  1024
     *   getInstance+init+update  431   444   942   (sunjceGetInstanceInit)
     *   init+update              207   223   690   (sunjceInit)
     * </pre>
     * against the Java engine (table above) at 98 ns for 64 bytes and 200 for 128: the crossover is about 128.
     */
    static final int JDK_REKEY_JAVA_BELOW = 128;

    /**
     * AEAD messages shorter than this skip SunJCE's ChaCha20-Poly1305 (where it is used, that is where its Poly1305
     * is an intrinsic too): its set-up makes two 1 KiB keystream batches and a Poly1305 instance, which the Java AEAD
     * over SunJCE's ChaCha20 outruns on short messages. K messages/s, JMH {@code AeadBench.jchacha(Seal|Open)},
     * JDK 25, Zen 5 (AVX-512 IFMA), {@code -Djchacha.native.path=/nonexistent}, {@code -f 1 -wi 5 -w 1s -i 8
     * -r 300ms}, {@code auto} while this was 1024 (so the Java AEAD) against {@code -Djchacha.backend=jdk} (SunJCE's
     * AEAD at every size), one or two runs each:
     * <pre>
     *   bytes          256         512          640    768
     *   seal  java    1176   1185, 1094   1078, 1044    691
     *         SunJCE  1169   1103,  935   1063, 1131    975
     *   open  java           930, 1143    918, 1081    758
     *         SunJCE        1149, 1187    898, 1146   1027
     * </pre>
     * Even from 512 to 640 bytes, SunJCE's ahead from 768.
     */
    static final int JDK_AEAD_JAVA_BELOW = 640;

    /** A SIMD kernel if one runs, else the JDK's intrinsified ChaCha20 if that runs, else the Java engine. */
    private static Backend bestAvailable() {
        for (Backend b : AUTO_ORDER) {
            if (!Selection.UNAVAILABLE.containsKey(b)) {
                return b;
            }
        }
        return unavailableReason(Backend.JDK) == null ? Backend.JDK : Backend.JAVA;
    }

    /** The engine auto runs for {@code b}: short calls go to Java where that measured faster. */
    private static Engine autoEngine(Backend b) {
        Engine e = engineFor(b);
        for (int i = 0; i < AUTO_ORDER.length; i++) {
            if (AUTO_ORDER[i] == b) {
                return ((NativeEngine) e).withJavaBelow(AUTO_JAVA_BELOW[i]);
            }
        }
        return b == Backend.JDK ? ((JdkEngine) e).withJavaBelow(JDK_JAVA_BELOW, JDK_REKEY_JAVA_BELOW, JDK_AEAD_JAVA_BELOW) : e;
    }

    private static String autoReason(Backend picked) {
        for (int i = 0; i < AUTO_ORDER.length; i++) {
            if (AUTO_ORDER[i] == picked) {
                return picked.id() + " (fastest backend this CPU runs; calls under " + AUTO_JAVA_BELOW[i]
                        + " bytes run on the java engine, which is faster there)";
            }
        }
        String noSimd = Selection.UNAVAILABLE.containsKey(Backend.PORTABLE)
                ? "no native backend can run here"
                : "no SIMD kernel runs here, and the java engine outruns portable C";
        if (picked == Backend.JDK) {
            return "jdk (" + noSimd + "; the JDK's intrinsified ChaCha20 outruns the java engine from "
                    + JDK_JAVA_BELOW + " bytes: shorter calls, and 8 or 12 rounds, run on the java engine; AEAD "
                    + (((JdkEngine) engineFor(Backend.JDK)).sunJceAead()
                    ? "from " + JDK_AEAD_JAVA_BELOW + " bytes through SunJCE ChaCha20-Poly1305"
                    : "with jchacha's Poly1305 (SunJCE's is not intrinsified here)") + ")";
        }
        return "java (" + noSimd + "; jdk: " + unavailableReason(Backend.JDK) + ")";
    }

    private static String availableList() {
        StringBuilder sb = new StringBuilder();
        for (Backend b : Backend.values()) {
            if (unavailableReason(b) == null) {
                sb.append(sb.length() == 0 ? "" : ", ").append(b.id());
            }
        }
        return sb.toString();
    }

    /** The engine every new cipher uses. */
    public static Engine active() {
        if (Selection.FAILURE != null) {
            throw copy(Selection.FAILURE);
        }
        return Selection.ENGINE;
    }

    public static Backend activeBackend() {
        active();
        return Selection.BACKEND;
    }

    public static String activeReason() {
        return Selection.REASON;
    }

    public static String requested() {
        return Selection.REQUESTED;
    }

    /** Null when {@code b} runs here. */
    public static String unavailableReason(Backend b) {
        if (b == Backend.JDK) {
            return Jdk.OPENED instanceof String ? (String) Jdk.OPENED : null;
        }
        return Selection.UNAVAILABLE.get(b);
    }

    /** The exception that kept the native library from loading; null when it loaded or none was thrown. */
    public static Throwable nativeLoadFailure() {
        return NativeLibrary.failure() == null ? null : NativeLibrary.failureCause();
    }

    public static String cpuFeatures() {
        return NativeEngine.cpuFeatures();
    }

    /** A fresh exception of the same kind, so every caller gets its own stack trace. */
    private static RuntimeException copy(RuntimeException e) {
        if (e instanceof IllegalArgumentException) {
            return new IllegalArgumentException(e.getMessage(), e);
        }
        return new IllegalStateException(e.getMessage(), e);
    }
}
