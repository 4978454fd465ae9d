// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The property is read once per JVM, so each case runs in a child JVM (see {@link Probe}). */
class BackendSelectionTest {

    /** Child main: prints the outcome of creating a cipher, or the exception it threw. */
    public static final class Probe {
        public static void main(String[] args) {
            try {
                ChaCha20 c = ChaCha20.ietf(new byte[32], new byte[12]);
                System.out.println("ok " + c.backend().id() + " | " + Backends.activeReason());
            } catch (RuntimeException e) {
                System.out.println(e.getClass().getName() + " | " + e.getMessage());
            }
        }
    }

    static String probe(String value) throws Exception {
        List<String> cmd = ChildJvm.command(false);
        if (value != null) {
            cmd.add("-D" + Backends.PROPERTY + "=" + value);
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Probe.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).trim();
        assertEquals(0, p.waitFor(), out);
        return out;
    }

    @Test
    void unknownValueListsTheValidOnes() throws Exception {
        String out = probe("fastest");
        assertTrue(out.startsWith("java.lang.IllegalArgumentException | unknown jchacha backend 'fastest'"), out);
        assertTrue(out.contains(Backends.PROPERTY_VALUES), out);
    }

    @Test
    void javaAndItsAliasAlwaysWork() throws Exception {
        assertTrue(probe("java").startsWith("ok java | forced"), "java");
        assertTrue(probe("scalar").startsWith("ok java | forced"), "scalar");
        assertTrue(probe("JAVA").startsWith("ok java | forced"), "case-insensitive");
    }

    @Test
    void autoPicksTheFastestAvailableAndSaysWhy() throws Exception {
        String out = probe(null);
        assertTrue(out.startsWith("ok "), out);
        assertTrue(out.contains("| auto: "), out);
        assertEquals(out, probe("auto"));
    }

    @Test
    void aForcedBackendThatCannotRunIsAClearErrorNotAFallback() throws Exception {
        int unavailable = 0;
        for (Backend b : Backend.values()) {
            String why = Backends.unavailableReason(b).orElse(null);
            String out = probe(b.id());
            if (why == null) {
                assertTrue(out.startsWith("ok " + b.id() + " |"), out);
            } else {
                unavailable++;
                assertTrue(
                        out.startsWith(
                                "java.lang.IllegalStateException | jchacha.backend=" + b.id() + " cannot run here: "),
                        out);
                assertTrue(out.contains(why), out);
                assertTrue(out.contains("available: java"), out);
                assertFalse(out.startsWith("ok"), out);
            }
        }
        // on every machine at least NEON or the x86 kernels cannot run, so this test always checks the error path
        assertTrue(unavailable > 0);
    }
}
