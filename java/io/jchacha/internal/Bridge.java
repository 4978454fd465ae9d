// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.util.Locale;

/**
 * Which bridge carries native stream calls, chosen once per JVM from {@value #PROPERTY}: {@code jni}, {@code ffm}
 * (Foreign Function &amp; Memory downcalls, JDK 22 and later, from the jar's {@code META-INF/versions/22}) or
 * {@code auto} (the default). AEAD and Poly1305 calls go through JNI on either bridge.
 *
 * <p>Where a short call's time goes, and why {@code auto} picks what it picks: see {@link #AUTO_FFM}.
 */
public final class Bridge {
    /** The system property that selects the bridge. */
    public static final String PROPERTY = "jchacha.bridge";

    /**
     * Whether {@code auto} takes FFM where it runs: yes, it measured cheaper per call (no pinning, no JNI handles;
     * docs/bench/tuning.md#bridge-auto-ffm).
     */
    static final boolean AUTO_FFM = true;

    private Bridge() {}

    private static final class Selection {
        static final String REQUESTED =
                System.getProperty(PROPERTY, "auto").trim().toLowerCase(Locale.ROOT);
        static final NativeCalls CALLS;
        static final String FAILURE;
        static final String REASON;

        static {
            NativeCalls calls = null;
            String failure = null;
            String reason;
            switch (REQUESTED) {
                case "jni":
                    calls = JniCalls.INSTANCE;
                    reason = "forced by -D" + PROPERTY + "=jni";
                    break;
                case "ffm": {
                    Opened<NativeCalls> f = ffm();
                    if (f.failure() == null) {
                        calls = f.value();
                    } else {
                        failure = "-D" + PROPERTY + "=ffm cannot run here: " + f.failure();
                    }
                    reason = "forced by -D" + PROPERTY + "=ffm";
                    break;
                }
                case "auto":
                case "": {
                    Opened<NativeCalls> f = AUTO_FFM ? ffm() : Opened.failed("auto prefers jni (measured cheaper)");
                    if (f.failure() == null) {
                        calls = f.value();
                        reason = "auto: ffm (JDK " + Runtime.version().feature() + ", measured cheaper than jni)";
                    } else {
                        calls = JniCalls.INSTANCE;
                        reason = "auto: jni (ffm: " + f.failure() + ")";
                    }
                    break;
                }
                default:
                    failure = "unknown " + PROPERTY + " value '" + REQUESTED + "'; use auto, jni or ffm";
                    reason = failure;
            }
            CALLS = calls;
            FAILURE = failure;
            REASON = reason;
        }
    }

    /** The FFM bridge, or why it cannot run here. */
    @SuppressWarnings("unchecked") // FfmCalls.open's declared type, reached by reflection
    static Opened<NativeCalls> ffm() {
        int feature = Runtime.version().feature();
        if (feature < 22) {
            return Opened.failed("needs JDK 22 or later (this is JDK " + feature + ")");
        }
        Class<?> c;
        try {
            c = Class.forName("io.jchacha.internal.FfmCalls", true, Bridge.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            return Opened.failed(
                    "this jar has no FFM bridge (it was built without a JDK 22+, or is not used as a multi-release jar)");
        } catch (LinkageError e) {
            return Opened.failed("the FFM bridge does not load: " + e);
        }
        try {
            java.lang.reflect.Method open = c.getDeclaredMethod("open");
            open.setAccessible(true);
            return (Opened<NativeCalls>) open.invoke(null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return Opened.failed("the FFM bridge does not start: " + e);
        }
    }

    /** The bridge native engines use, or null with {@link #failure()} saying why. */
    static NativeCalls calls() {
        return Selection.CALLS;
    }

    /** Null when {@link #calls()} is usable, else why the requested bridge cannot run. */
    static String failure() {
        return Selection.FAILURE;
    }

    /** {@code jni} or {@code ffm}; {@code none} when the requested bridge cannot run. */
    public static String active() {
        return Selection.CALLS == null ? "none" : Selection.CALLS.name();
    }

    /** Why {@link #active()} is what it is. */
    public static String reason() {
        return Selection.FAILURE != null ? Selection.FAILURE : Selection.REASON;
    }
}
