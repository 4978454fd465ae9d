// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loader faults, each in a child JVM: the library missing, corrupt, built for another architecture, or of another
 * ABI version. {@code auto} must fall back to {@code java} (or {@code jdk}, JDK 20+) and report the reason; a forced
 * native backend must fail with that reason; the JVM must never crash.
 */
class NativeLoaderFaultTest {
    static final String HOST_LIB = System.mapLibraryName("jchacha");

    /** Child main: the outcome of creating a cipher, why portable is unavailable, and the exception behind it. */
    public static final class Probe {
        public static void main(String[] args) {
            String outcome;
            Throwable cause = null;
            try {
                outcome = "ok "
                        + ChaCha20.ietf(new byte[32], new byte[12]).backend().id();
            } catch (RuntimeException e) {
                outcome = e.getClass().getName() + ": " + e.getMessage();
                cause = e.getCause() == null ? null : e.getCause().getCause();
            }
            System.out.println(outcome);
            System.out.println(
                    "portable: " + Backends.unavailableReason(Backend.PORTABLE).orElse("available"));
            System.out.println("cause: "
                    + Backends.nativeLoadFailure()
                            .map(t -> t.getClass().getName())
                            .orElse("none")
                    + (cause == null
                            ? ""
                            : " | forced error caused by " + cause.getClass().getName()));
        }
    }

    @BeforeAll
    static void nativeBuildPresent() {
        Assumptions.assumeFalse(Boolean.getBoolean("jchacha.test.skipNative"), "native build skipped");
    }

    static File builtLibrary(String name) {
        File f = new File(System.getProperty("jchacha.test.nativeBuild"), System.mapLibraryName(name));
        assertTrue(f.isFile(), "missing " + f + " (the Maven build makes it)");
        return f;
    }

    /** The test class path without the staged natives (surefire reports the real one). */
    static String classPathWithoutNatives() {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return Arrays.stream(cp.split(File.pathSeparator))
                .filter(e -> !e.replace('\\', '/').contains("/natives/"))
                .collect(Collectors.joining(File.pathSeparator));
    }

    static List<String> run(String classPath, String... props) throws Exception {
        List<String> cmd = new ArrayList<>(
                List.of(ProcessHandle.current().info().command().orElse("java"), "--enable-native-access=ALL-UNNAMED"));
        for (String p : props) {
            cmd.add("-D" + p);
        }
        cmd.addAll(List.of("-cp", classPath, Probe.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), "the child JVM must exit normally:\n" + out);
        return out.lines().collect(Collectors.toList());
    }

    /**
     * The backends that run without the native library: java, and jdk where this JVM runs it (the children run on
     * this JVM's java; ExpectedBackendTest checks jdk's availability independently). Auto picks the last.
     */
    static List<String> withoutNatives() {
        return Backends.unavailableReason(Backend.JDK).isPresent() ? List.of("java") : List.of("java", "jdk");
    }

    /** auto falls back to java (or jdk) naming the reason; forcing avx2 and portable fails with the same reason. */
    static void assertFallsBackWith(String classPath, String expectedReason, String... props) throws Exception {
        List<String> auto = run(classPath, props);
        List<String> fallbacks = withoutNatives();
        assertEquals("ok " + fallbacks.get(fallbacks.size() - 1), auto.get(0), String.join("\n", auto));
        assertTrue(auto.get(1).contains(expectedReason), String.join("\n", auto));
        for (String forced : new String[] {"portable", "avx2"}) {
            String[] withForce = Arrays.copyOf(props, props.length + 1);
            withForce[props.length] = "jchacha.backend=" + forced;
            List<String> f = run(classPath, withForce);
            assertTrue(
                    f.get(0)
                            .startsWith("java.lang.IllegalStateException: jchacha.backend=" + forced
                                    + " cannot run here: "),
                    String.join("\n", f));
            assertTrue(f.get(0).contains(expectedReason), String.join("\n", f));
            assertTrue(f.get(0).endsWith("available: " + String.join(", ", fallbacks)), String.join("\n", f));
        }
    }

    @Test
    void missingFromTheClassPath() throws Exception {
        assertFallsBackWith(classPathWithoutNatives(), "no native library for this platform");
    }

    /**
     * native-lib-loader's NativeLibraryUtil needs slf4j-api when its class initializes, so slf4j-api stays a run-time
     * dependency; an application that leaves it out gets java and the reason, not a broken class.
     */
    @Test
    void withoutSlf4jApi() throws Exception {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        String withoutSlf4j = Arrays.stream(cp.split(File.pathSeparator))
                .filter(e -> !e.contains("slf4j-api"))
                .collect(Collectors.joining(File.pathSeparator));
        assertFallsBackWith(withoutSlf4j, "needs slf4j-api on the class path): NoClassDefFoundError: org/slf4j/");
        List<String> out = run(withoutSlf4j);
        assertEquals("cause: java.lang.NoClassDefFoundError", out.get(2));
    }

    @Test
    void explicitPathToNothing(@TempDir Path dir) throws Exception {
        assertFallsBackWith(classPathWithoutNatives(), "names no file", "jchacha.native.path=" + dir.resolve(HOST_LIB));
    }

    @Test
    void corruptFile(@TempDir Path dir) throws Exception {
        Path lib = dir.resolve(HOST_LIB);
        byte[] junk = new byte[4096];
        new Random(1).nextBytes(junk);
        Files.write(lib, junk);
        assertFallsBackWith(classPathWithoutNatives(), "is not a native library", "jchacha.native.path=" + lib);
    }

    /** A truncated library made glibc's loader fault (SIGBUS) inside System.load: it must never reach it. */
    @Test
    void truncatedLibrary(@TempDir Path dir) throws Exception {
        byte[] real = Files.readAllBytes(builtLibrary("jchacha").toPath());
        for (int cut : new int[] {10, 63, 200, real.length / 3, real.length - 1}) {
            Path lib = Files.createDirectories(dir.resolve("cut" + cut)).resolve(HOST_LIB);
            Files.write(lib, Arrays.copyOf(real, cut));
            assertFallsBackWith(classPathWithoutNatives(), "is truncated", "jchacha.native.path=" + lib);
        }
    }

    /** Our own library with its ELF header saying AArch64 (or, on AArch64, x86-64): what a wrong jar delivers. */
    @Test
    void wrongArchitecture(@TempDir Path dir) throws Exception {
        Path lib = dir.resolve(HOST_LIB);
        Files.copy(builtLibrary("jchacha").toPath(), lib);
        try (RandomAccessFile f = new RandomAccessFile(lib.toFile(), "rw")) {
            byte[] magic = new byte[4];
            f.readFully(magic);
            Assumptions.assumeTrue(magic[0] == 0x7f && magic[1] == 'E', "ELF platforms only");
            f.seek(18); // e_machine, little-endian
            int machine = f.read() | (f.read() << 8);
            f.seek(18);
            int other = machine == 62 ? 183 : 62; // EM_X86_64 <-> EM_AARCH64
            f.write(other & 0xff);
            f.write(other >> 8);
        }
        assertFallsBackWith(
                classPathWithoutNatives(),
                "is an ELF library for " + (System.getProperty("os.arch").equals("aarch64") ? "x86-64" : "AArch64"),
                "jchacha.native.path=" + lib);
    }

    @Test
    void abiMismatch() throws Exception {
        assertFallsBackWith(
                classPathWithoutNatives(),
                "has ABI version 999, this jar needs",
                "jchacha.native.path=" + builtLibrary("jchacha_abi_mismatch"));
    }

    /** The working case through the same path: the explicit file loads and auto picks a native backend. */
    @Test
    void explicitPathToTheRealLibrary() throws Exception {
        List<String> out = run(classPathWithoutNatives(), "jchacha.native.path=" + builtLibrary("jchacha"));
        assertTrue(out.get(0).startsWith("ok ") && !out.get(0).equals("ok java"), String.join("\n", out));
        assertEquals("portable: available", out.get(1));
        assertEquals("cause: none", out.get(2));
    }

    /** The extraction folder is honoured: a usable one works, a missing one is the stated reason. */
    @Test
    void extractionFolderIsHonoured(@TempDir Path dir) throws Exception {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> out = run(cp, "jchacha.native.tmpdir=" + dir);
        assertTrue(out.get(0).startsWith("ok ") && !out.get(0).equals("ok java"), String.join("\n", out));
        Path missing = dir.resolve("no-such-folder");
        assertFallsBackWith(cp, missing.toString(), "jchacha.native.tmpdir=" + missing);
        // the exception behind the failure is kept, for Backends and as the forced backend's error's cause
        String noFile = java.nio.file.NoSuchFileException.class.getName();
        assertEquals(
                "cause: " + noFile, run(cp, "jchacha.native.tmpdir=" + missing).get(2));
        assertEquals(
                "cause: " + noFile + " | forced error caused by " + noFile,
                run(cp, "jchacha.native.tmpdir=" + missing, "jchacha.backend=portable")
                        .get(2));
    }
}
