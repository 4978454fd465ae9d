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
                } else {
                    backend = Backend.fromId(raw);
                    String why = UNAVAILABLE.get(backend);
                    if (why != null) {
                        throw new IllegalStateException(Backends.PROPERTY + "=" + raw + " cannot run here: " + why
                                + "; available: " + availableList());
                    }
                    reason = "forced by -D" + Backends.PROPERTY + "=" + raw;
                }
                engine = engineFor(backend);
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

    private static Engine engineFor(Backend b) {
        return Selection.ENGINES.get(b);
    }

    /** The engine of a backend that runs here, for benchmarks and tests that compare backends in one JVM. */
    public static Engine forBackend(Backend b) {
        Engine e = Selection.ENGINES.get(b);
        if (e == null) {
            throw new IllegalStateException(b.id() + " cannot run here: " + Selection.UNAVAILABLE.get(b));
        }
        return e;
    }

    private static Backend bestAvailable() {
        Backend[] order = {Backend.AVX512, Backend.AVX2, Backend.NEON, Backend.PORTABLE};
        for (Backend b : order) {
            if (!Selection.UNAVAILABLE.containsKey(b)) {
                return b;
            }
        }
        return Backend.JAVA;
    }

    private static String autoReason(Backend picked) {
        StringBuilder sb = new StringBuilder(picked.id());
        if (picked == Backend.JAVA) {
            sb.append(" (no native backend can run here)");
        } else {
            sb.append(" (fastest native backend this CPU runs)");
        }
        return sb.toString();
    }

    private static String availableList() {
        StringBuilder sb = new StringBuilder();
        for (Backend b : Backend.values()) {
            if (!Selection.UNAVAILABLE.containsKey(b)) {
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
        return Selection.UNAVAILABLE.get(b);
    }

    public static String cpuFeatures() {
        Selection.UNAVAILABLE.size(); // the library loads with the selection
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
