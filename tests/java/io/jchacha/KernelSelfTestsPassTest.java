// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A native kernel that fails its load-time known-answer self-test is taken out of service, and users get the next
 * backend: right for them, but in this suite it would only turn that backend's forced run into skipped tests
 * (ForcedBackendCondition skips backends that cannot run here). Here it is a failure: no backend may be
 * unavailable because its self-test failed.
 */
class KernelSelfTestsPassTest {
    @Test
    void noBackendIsUnavailableBecauseItsSelfTestFailed() {
        for (Backend b : Backend.values()) {
            String why = Backends.unavailableReason(b).orElse("");
            assertTrue(!why.contains("self-test"), b + " is unavailable: " + why);
        }
    }
}
