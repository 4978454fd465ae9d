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
                    Opened<NativeEngine> e = NativeEngine.open(b.id());
                    if (e.failure() == null) {
                        ENGINES.put(b, e.value());
                    } else {
                        UNAVAILABLE.put(b, e.failure());
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
                        throw new IllegalStateException(
                                Backends.PROPERTY + "=" + raw + " cannot run here: " + why + "; available: "
                                        + availableList(),
                                nativeLoadFailure());
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
        static final Opened<JdkEngine> OPENED = JdkEngine.open();
    }

    private static Engine engineFor(Backend b) {
        if (b == Backend.JDK) {
            return Jdk.OPENED.value();
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

    /*
     * auto runs the last Backend constant with an autoJavaBelow that can run here (a SIMD family, else jdk), else the
     * Java engine, and hands array calls shorter than that backend's autoJavaBelow to the Java engine
     * (docs/bench/tuning.md#auto-java-below, #jdk-java-below). This is the stream layer (Engine.xor) only: AEAD
     * messages always go to a native backend, whose one kernel call makes the Poly1305 key block and the message's
     * keystream together (native/aead.c), faster than the Java AEAD at every size
     * (docs/bench/tuning.md#auto-aead-native); the jdk backend's AEAD has its threshold below.
     */

    /**
     * Below how many bytes {@code auto} on the jdk backend hands an array call to the Java engine where the call's
     * owner holds a SunJCE Cipher of the jdk engine already (a stream instance, an AEAD owner's spare scratch):
     * re-keying it is an init, without {@code Cipher.getInstance} (docs/bench/tuning.md#jdk-rekey-java-below).
     */
    static final int JDK_REKEY_JAVA_BELOW = 128;

    /**
     * AEAD messages shorter than this skip SunJCE's ChaCha20-Poly1305 (where it is used, that is where its Poly1305
     * is an intrinsic too): its set-up makes two 1 KiB keystream batches and a Poly1305 instance, which the Java AEAD
     * over SunJCE's ChaCha20 outruns on short messages (docs/bench/tuning.md#jdk-aead-java-below).
     */
    static final int JDK_AEAD_JAVA_BELOW = 640;

    /** A SIMD kernel if one runs, else the JDK's intrinsified ChaCha20 if that runs, else the Java engine. */
    private static Backend bestAvailable() {
        Backend[] all = Backend.values();
        for (int i = all.length - 1; i >= 0; i--) {
            if (all[i].autoJavaBelow() > 0 && unavailableReason(all[i]) == null) {
                return all[i];
            }
        }
        return Backend.JAVA;
    }

    /** The engine auto runs for {@code b}: short calls go to Java where that measured faster. */
    private static Engine autoEngine(Backend b) {
        Engine e = engineFor(b);
        if (b == Backend.JDK) {
            return ((JdkEngine) e).withJavaBelow(b.autoJavaBelow(), JDK_REKEY_JAVA_BELOW, JDK_AEAD_JAVA_BELOW);
        }
        return b.isNative() ? ((NativeEngine) e).withJavaBelow(b.autoJavaBelow()) : e;
    }

    private static String autoReason(Backend picked) {
        if (picked.isNative()) {
            return picked.id() + " (fastest backend this CPU runs; calls under " + picked.autoJavaBelow()
                    + " bytes run on the java engine, which is faster there)";
        }
        String noSimd = Selection.UNAVAILABLE.containsKey(Backend.PORTABLE)
                ? "no native backend can run here"
                : "no SIMD kernel runs here, and the java engine outruns portable C";
        if (picked == Backend.JDK) {
            return "jdk (" + noSimd + "; the JDK's intrinsified ChaCha20 outruns the java engine from "
                    + picked.autoJavaBelow()
                    + " bytes: shorter calls, and 8 or 12 rounds, run on the java engine; AEAD "
                    + (((JdkEngine) engineFor(Backend.JDK)).sunJceAead()
                            ? "from " + JDK_AEAD_JAVA_BELOW + " bytes through SunJCE ChaCha20-Poly1305"
                            : "with jchacha's Poly1305 (SunJCE's is not intrinsified here)")
                    + ")";
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
            return Jdk.OPENED.failure();
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
