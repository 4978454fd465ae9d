package io.jchacha;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The suite runs once per backend (pom.xml forces each through {@code jchacha.backend}). On a machine where the
 * forced backend cannot run (NEON on x86, AVX-512 on an older CPU) every test is reported as skipped with the
 * reason, instead of failing on the intended error. Unforced runs are never skipped.
 */
public final class ForcedBackendCondition implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        String forced = System.getProperty(Backends.PROPERTY, "auto");
        if (forced.equals("auto")) {
            return ConditionEvaluationResult.enabled("auto");
        }
        Backend b = Backend.fromId(forced);
        return Backends.unavailableReason(b)
                .map(why -> ConditionEvaluationResult.disabled("backend " + b + " cannot run here: " + why))
                .orElseGet(() -> ConditionEvaluationResult.enabled("backend " + b + " runs here"));
    }
}
