// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import io.jchacha.internal.Bridge;
import io.jchacha.internal.Engines;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Which engine runs, and why. The choice is made once per JVM from the system property
 * {@value #PROPERTY} ({@code auto} by default): {@code auto} picks the fastest backend that works here; a
 * named backend is used if it can run and is otherwise an error at first use, never a silent fallback.
 */
public final class Backends {
    /** The system property that selects the backend. */
    public static final String PROPERTY = "jchacha.backend";
    /** The values {@value #PROPERTY} accepts: {@code auto}, then each {@link Backend}'s id and aliases. */
    public static final String PROPERTY_VALUES = propertyValues();

    private static String propertyValues() {
        StringJoiner s = new StringJoiner(", ").add("auto");
        for (Backend b : Backend.values()) {
            s.add(b.id());
            b.aliases().forEach(alias -> s.add(alias + " (= " + b.id() + ")"));
        }
        return s.toString();
    }

    private Backends() {}

    /**
     * The backend that ciphers created now use.
     *
     * @throws IllegalArgumentException if {@value #PROPERTY} names no backend
     * @throws IllegalStateException if {@value #PROPERTY} forces a backend that cannot run here
     */
    public static Backend active() {
        return Engines.activeBackend();
    }

    /** Why {@link #active()} is what it is (for {@code auto}: why it beat the others). */
    public static String activeReason() {
        return Engines.activeReason();
    }

    /** {@code auto} or the backend name the property forces (as given, lower-cased). */
    public static String requested() {
        return Engines.requested();
    }

    /** The backends that can run on this machine, fastest last. */
    public static Set<Backend> available() {
        EnumSet<Backend> s = EnumSet.noneOf(Backend.class);
        for (Backend b : Backend.values()) {
            if (Engines.unavailableReason(b) == null) {
                s.add(b);
            }
        }
        return s;
    }

    /** Empty if {@code backend} can run here, else the reason it cannot. */
    public static Optional<String> unavailableReason(Backend backend) {
        return Optional.ofNullable(Engines.unavailableReason(backend));
    }

    /**
     * The exception that kept the native library from loading (an I/O error extracting it, the JVM's
     * {@link UnsatisfiedLinkError}), for logs and bug reports; the reason itself is in {@link #unavailableReason}.
     * Empty when the library loaded, or when its failure threw nothing (no library for this platform on the class
     * path, a file that failed the header or ABI check).
     */
    public static Optional<Throwable> nativeLoadFailure() {
        return Optional.ofNullable(Engines.nativeLoadFailure());
    }

    /** The system property that selects how Java calls the native library: {@code auto}, {@code jni} or {@code ffm}. */
    public static final String BRIDGE_PROPERTY = Bridge.PROPERTY;

    /**
     * How native stream calls leave Java: {@code jni}, or {@code ffm} (Foreign Function &amp; Memory downcalls, JDK 22
     * and later); {@code none} when the bridge {@value #BRIDGE_PROPERTY} forces cannot run here (native backends are
     * then unavailable, with that reason). AEAD and Poly1305 calls go through JNI on either bridge.
     */
    public static String bridge() {
        return Bridge.active();
    }

    /** Why {@link #bridge()} is what it is. */
    public static String bridgeReason() {
        return Bridge.reason();
    }

    /** CPU features the native library saw (empty when it is not loaded). */
    public static String cpuFeatures() {
        return Engines.cpuFeatures();
    }
}
