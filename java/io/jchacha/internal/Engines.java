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

        static {
            for (Backend b : Backend.values()) {
                String why = probe(b);
                if (why != null) {
                    UNAVAILABLE.put(b, why);
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

    private static String probe(Backend b) {
        if (b == Backend.JAVA) {
            return null;
        }
        return "native library not built into this jchacha (pure-Java build)";
    }

    private static Engine engineFor(Backend b) {
        if (b == Backend.JAVA) {
            return JavaEngine.INSTANCE;
        }
        throw new IllegalStateException("no engine for " + b);
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
        return "";
    }

    /** A fresh exception of the same kind, so every caller gets its own stack trace. */
    private static RuntimeException copy(RuntimeException e) {
        if (e instanceof IllegalArgumentException) {
            return new IllegalArgumentException(e.getMessage(), e);
        }
        return new IllegalStateException(e.getMessage(), e);
    }
}
