package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** For runs that know which backend auto must pick (the arm64 run expects neon): -Djchacha.test.expectBackend. */
class ExpectedBackendTest {
    @Test
    void autoPicksTheExpectedBackend() {
        String expected = System.getProperty("jchacha.test.expectBackend");
        Assumptions.assumeTrue(expected != null, "no expectation set for this run");
        assertEquals(expected, Backends.active().id(), Backends.activeReason());
        assertEquals(expected, ChaCha20.ietf(new byte[32], new byte[12]).backend().id());
        assertEquals("", Backends.unavailableReason(Backend.fromId(expected)).orElse(""));
    }
}
