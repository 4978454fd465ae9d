// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@link JdkIntrinsics#poly1305()}, which this JVM works out without its diagnostic flags, against HotSpot's own
 * {@code UsePoly1305Intrinsics}, printed by a child JVM of the same installation with this JVM's {@code -XX}
 * options that unlocks them: the {@code jdk} backend hands whole AEAD messages to SunJCE exactly where its Poly1305
 * is an intrinsic.
 */
class JdkIntrinsicsTest {
    @Test
    void poly1305AgreesWithTheJvmsOwnFlag() throws Exception {
        assumeTrue(JdkIntrinsics.chachaUnavailableReason() == null, "SunJCE's ChaCha20 is not an intrinsic here");
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElseThrow());
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("-XX:")) {
                cmd.add(arg);
            }
        }
        cmd.addAll(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+PrintFlagsFinal", "-version"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), UTF_8);
        assertEquals(0, p.waitFor(), out);
        Matcher m = Pattern.compile("bool\\s+UsePoly1305Intrinsics\\s+=\\s+(true|false)")
                .matcher(out);
        assertTrue(m.find(), "the child JVM lists UsePoly1305Intrinsics");
        assertEquals(Boolean.parseBoolean(m.group(1)), JdkIntrinsics.poly1305(), "UsePoly1305Intrinsics");
    }
}
