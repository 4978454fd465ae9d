// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.util.Objects;

/**
 * What opening an engine or a bridge gave: the opened thing, or the reason it cannot run here, never both (the
 * reason names no key material: it is shown to users by {@code Backends} and the CLI's {@code info}).
 *
 * @param <T> what was opened
 */
final class Opened<T> {
    private final T value;
    private final String failure;

    private Opened(T value, String failure) {
        this.value = value;
        this.failure = failure;
    }

    static <T> Opened<T> of(T value) {
        return new Opened<>(Objects.requireNonNull(value, "value"), null);
    }

    static <T> Opened<T> failed(String why) {
        return new Opened<>(null, Objects.requireNonNull(why, "why"));
    }

    /** The opened thing, or null when it cannot run ({@link #failure()} says why). */
    public T value() {
        return value;
    }

    /** Null when opened, else why not. */
    public String failure() {
        return failure;
    }

    @Override
    public String toString() {
        return failure == null ? "opened " + value : failure;
    }
}
