// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jchacha.internal.ServedCounter;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * linux-aarch_64 end to end: Debian's arm64 OpenJDK 17 under qemu-aarch64 loads the aarch64 library from the
 * classifier jar's layout, picks {@code neon}, and passes a focused part of this suite. Prepared by
 * {@code tests/arm64/fetch-jre.sh} and the Maven build's cross compile (both run by {@code .ci/run}). It runs
 * whenever they are here. A missing part fails the test under CI (environment variable {@code CI} set) and wherever
 * the aarch64 cross compiler is installed (the build then makes the library, and the JRE is one script away); only
 * on a machine without that toolchain, or with the cross build turned off, is it skipped with the reason.
 */
public class Arm64EndToEndTest {
    static final String[] FOCUSED = {
        "io.jchacha.ExpectedBackendTest", "io.jchacha.EngineRoutingTest", "io.jchacha.ChaCha20VectorsTest",
        "io.jchacha.RfcVectorsTest", "io.jchacha.ChaCha20BadInputTest", "io.jchacha.WycheproofTest",
        "io.jchacha.Poly1305Test", "io.jchacha.ChaCha20StreamTest",
    };

    /** CI=true (or any value but false): a missing tool fails instead of skipping (also io.jchacha.ssh's tests). */
    public static boolean ci() {
        String ci = System.getenv("CI");
        return ci != null && !ci.isEmpty() && !ci.equalsIgnoreCase("false");
    }

    public static boolean onPath(String program) {
        return Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .anyMatch(d -> !d.isEmpty() && Files.isExecutable(Path.of(d, program)));
    }

    /** The aarch64 cross compiler the build uses, unless the cross build is turned off (-Djchacha.cross=OFF). */
    static boolean toolchain() {
        return !"OFF".equalsIgnoreCase(System.getProperty("jchacha.test.cross", "ON"))
                && onPath("aarch64-linux-gnu-gcc");
    }

    /** A missing part: a failure under CI or where the toolchain is installed, else a skip with the reason. */
    static void require(boolean ok, String what) {
        if (!ok && ci()) {
            throw new AssertionError(what + " (CI must provide it: see .ci/run)");
        }
        if (!ok && toolchain()) {
            throw new AssertionError(what + " (aarch64-linux-gnu-gcc is installed, so this run is required)");
        }
        Assumptions.assumeTrue(ok, what);
    }

    @Test
    void suiteOnArm64Jvm() throws Exception {
        Assumptions.assumeTrue(System.getProperty(Backends.PROPERTY, "auto").equals("auto"), "unforced run only");
        Path root = Path.of(System.getProperty("jchacha.test.arm64Root"));
        Path java = root.resolve("usr/lib/jvm/java-17-openjdk-arm64/bin/java");
        require(Files.isExecutable(java), "no arm64 JRE at " + root + ": run tests/arm64/fetch-jre.sh");
        Path natives = Path.of(System.getProperty("jchacha.test.natives"), "linux-aarch_64");
        require(
                Files.isRegularFile(natives.resolve("natives/linux_arm64/libjchacha.so")),
                "no aarch64 library staged in " + natives + ": install gcc-aarch64-linux-gnu and rebuild");
        String qemu = System.getenv().getOrDefault("QEMU_AARCH64", "qemu-aarch64");
        require(
                qemu.contains(File.separator) ? Files.isExecutable(Path.of(qemu)) : onPath(qemu),
                qemu + " not found: install qemu-user");

        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> entries = Arrays.stream(cp.split(File.pathSeparator))
                .filter(e -> !e.replace('\\', '/').contains("/natives/"))
                .filter(e -> !e.contains("junit") && !e.contains("opentest4j") && !e.contains("apiguardian"))
                .collect(Collectors.toCollection(ArrayList::new));
        entries.add(natives.toString());
        entries.add(System.getProperty("jchacha.test.consoleJar"));

        List<String> cmd = new ArrayList<>(List.of(
                qemu,
                "-L",
                root.toString(),
                java.toString(),
                "-XX:TieredStopAtLevel=1",
                "-Djchacha.test.expectBackend=neon",
                "-D" + ServedCounter.PROPERTY + "=true",
                "-Djchacha.wycheproof.dir=" + System.getProperty("jchacha.wycheproof.dir"),
                "-cp",
                String.join(File.pathSeparator, entries),
                "org.junit.platform.console.ConsoleLauncher",
                "execute",
                "--disable-banner",
                "--details=summary",
                "--fail-if-no-tests"));
        for (String c : FOCUSED) {
            cmd.add("--select-class=" + c);
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(15, TimeUnit.MINUTES), "arm64 run timed out");
        String text = new String(out);
        System.out.println(text);
        assertEquals(0, p.exitValue(), text);
        assertTrue(text.contains("tests failed") && text.matches("(?s).*\\b0 tests failed.*"), text);
        assertTrue(text.matches("(?s).*\\[\\s*0 tests skipped\\s*\\].*"), "nothing may be skipped on arm64:\n" + text);
    }
}
