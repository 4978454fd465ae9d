// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The backends that run are exactly those this CPU allows ({@link CpuBackends}, read from the kernel, not from the
 * native library): a broken feature detector, a library that failed to load or a kernel that failed its self-test
 * all fail here. Runs that know which backend auto must pick (the arm64 run expects neon) say so with
 * -Djchacha.test.expectBackend.
 */
class ExpectedBackendTest {
    /** Also: a forced backend that this CPU has runs (ForcedBackendCondition lets such a run go ahead and fail). */
    @Test
    void availableBackendsAreExactlyWhatTheCpuAllows() {
        Set<Backend> expected = CpuBackends.expected().orElse(null);
        Assumptions.assumeTrue(expected != null, "this OS does not tell its CPU features to the test");
        StringBuilder why = new StringBuilder("CPU features seen by the library: " + Backends.cpuFeatures());
        for (Backend b : Backend.values()) {
            why.append("\n  ")
                    .append(b)
                    .append(": ")
                    .append(Backends.unavailableReason(b).orElse("available"));
        }
        assertEquals(expected, Backends.available(), why.toString());
        String forced = Backends.requested();
        if (!forced.equals("auto")) {
            assertEquals(Backend.fromId(forced), Backends.active(), Backends.activeReason());
        }
    }

    @Test
    void autoPicksTheExpectedBackend() {
        String expected = System.getProperty("jchacha.test.expectBackend");
        Assumptions.assumeTrue(expected != null, "no expectation set for this run");
        assertEquals(expected, Backends.active().id(), Backends.activeReason());
        assertEquals(
                expected, ChaCha20.ietf(new byte[32], new byte[12]).backend().id());
        assertEquals("", Backends.unavailableReason(Backend.fromId(expected)).orElse(""));
    }
}
