// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The suite runs once per backend (pom.xml forces each through {@code jchacha.backend}). Where the CPU or OS
 * genuinely lacks the forced backend (NEON on x86, AVX-512 on an older CPU: see {@link CpuBackends}), every test is
 * reported as skipped with the reason. Where this CPU has it but it is unavailable anyway (the library failed to
 * load, or the kernel failed its self-test), the tests run and fail on that error, and
 * {@link ExpectedBackendTest} names it. Unforced runs are never skipped.
 */
public final class ForcedBackendCondition implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        String forced = System.getProperty(Backends.PROPERTY, "auto");
        if (forced.equals("auto")) {
            return ConditionEvaluationResult.enabled("auto");
        }
        Backend b = Backend.fromId(forced);
        String why = Backends.unavailableReason(b).orElse(null);
        if (why == null) {
            return ConditionEvaluationResult.enabled("backend " + b + " runs here");
        }
        boolean cpuHasIt = CpuBackends.expected().map(s -> s.contains(b)).orElse(false);
        if (cpuHasIt) {
            return ConditionEvaluationResult.enabled("backend " + b + " should run on this CPU but: " + why);
        }
        return ConditionEvaluationResult.disabled("backend " + b + " cannot run here: " + why);
    }
}
