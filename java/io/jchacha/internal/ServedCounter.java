// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import io.jchacha.Backend;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A test hook that tells which engine computed keystream: per backend, how many keystream calls its kernel served
 * (the Java engine counts calls that {@code auto} sends it for short inputs too). Off unless the JVM starts with
 * {@code -D}{@value #PROPERTY}{@code =true} (the test suite does); off, {@link #served} folds to nothing in compiled
 * code, so the hot path pays nothing.
 */
public final class ServedCounter {
    public static final String PROPERTY = "jchacha.internal.countCalls";
    /** Whether calls are counted in this JVM. */
    public static final boolean ENABLED = Boolean.getBoolean(PROPERTY);

    private static final AtomicLongArray CALLS = new AtomicLongArray(Backend.values().length);

    private ServedCounter() {}

    static void served(Backend b) {
        if (ENABLED) {
            CALLS.incrementAndGet(b.ordinal());
        }
    }

    /** Keystream calls {@code b}'s kernel has served in this JVM so far (always 0 unless {@link #ENABLED}). */
    public static long count(Backend b) {
        return CALLS.get(b.ordinal());
    }
}
