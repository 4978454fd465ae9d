// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Extracting the native library from the class path touches nothing but the folder jchacha creates for it, and
 * leaves nothing behind where the OS lets a loaded library's file go (Linux, macOS). Each case starts child JVMs
 * with a private {@code java.io.tmpdir} laid with the trap that made native-lib-loader's leftover cleanup delete
 * other people's files: an old {@code nativelib-loader_*} folder holding a symbolic link to someone's folder.
 * Loading does not depend on the forced backend, so this runs in the unforced run only.
 */
class NativeExtractionTest {
    @BeforeAll
    static void nativeBuildPresent() {
        Assumptions.assumeFalse(Boolean.getBoolean("jchacha.test.skipNative"), "native build skipped");
        Assumptions.assumeTrue(System.getProperty(Backends.PROPERTY, "auto").equals("auto"), "unforced run only");
        Assumptions.assumeFalse(System.getProperty("os.name").startsWith("Windows"), "POSIX file system");
    }

    /** Lays the trap in {@code tmp}; returns the victim file outside it. */
    static Path trap(Path tmp, Path victimDir) throws IOException {
        Files.createDirectories(victimDir);
        Path victim = Files.writeString(victimDir.resolve("a.txt"), "precious");
        Path old = Files.createDirectories(tmp.resolve("nativelib-loader_x"));
        Files.createSymbolicLink(old.resolve("l"), victimDir);
        Path plain = Files.createDirectories(tmp.resolve("nativelib-loader_y"));
        Files.writeString(plain.resolve("b.txt"), "someone else's");
        Files.writeString(tmp.resolve("jchacha-notes.txt"), "not ours either");
        FileTime hourAgo = FileTime.from(Instant.now().minus(1, ChronoUnit.HOURS));
        for (Path p : List.of(old.resolve("l"), old, plain.resolve("b.txt"), plain)) {
            Files.getFileAttributeView(
                            p, java.nio.file.attribute.BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                    .setTimes(hourAgo, null, null);
        }
        return victim;
    }

    /** Every entry under {@code dir} (links not followed) with its size, for before/after comparison. */
    static Map<String, Long> tree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.collect(Collectors.toMap(
                    p -> dir.relativize(p).toString(),
                    p -> {
                        try {
                            return Files.isSymbolicLink(p)
                                    ? -1L
                                    : Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? -2L : Files.size(p);
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    },
                    (a, b) -> a,
                    TreeMap::new));
        }
    }

    /** Runs the loader probe in a child JVM with these properties; returns its output (one line per fact). */
    static List<String> load(String... props) throws Exception {
        List<String> cmd = ChildJvm.command(false);
        for (String p : props) {
            cmd.add("-D" + p);
        }
        cmd.addAll(List.of(
                "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                NativeLoaderFaultTest.Probe.class.getName()));
        Process p = new ProcessBuilder(cmd).start();
        String out = new String(p.getInputStream().readAllBytes());
        String err = new String(p.getErrorStream().readAllBytes());
        assertEquals(0, p.waitFor(), out + err);
        assertEquals("", err, "loading prints nothing");
        List<String> lines = out.lines().collect(Collectors.toList());
        assertTrue(
                lines.get(0).startsWith("ok ") && lines.get(1).equals("portable: available"),
                "the library must load from the class path:\n" + out);
        return lines;
    }

    static void assertUntouched(Path victim, Path tmp, Map<String, Long> before) throws IOException {
        assertTrue(Files.exists(victim), "the victim file outside the temporary folder was deleted");
        assertEquals("precious", Files.readString(victim));
        assertEquals(before, tree(tmp), "the temporary folder must hold exactly what it held before");
    }

    @Test
    void leftoverTrapInJavaTmpdir(@TempDir Path dir) throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Path victim = trap(tmp, dir.resolve("victim"));
        Map<String, Long> before = tree(tmp);
        load("java.io.tmpdir=" + tmp);
        assertUntouched(victim, tmp, before);
    }

    @Test
    void leftoverTrapInBothFoldersWithCustomTmpdir(@TempDir Path dir) throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Path custom = Files.createDirectories(dir.resolve("custom"));
        Path victim1 = trap(tmp, dir.resolve("victim1"));
        Path victim2 = trap(custom, dir.resolve("victim2"));
        Map<String, Long> beforeTmp = tree(tmp);
        Map<String, Long> beforeCustom = tree(custom);
        load("java.io.tmpdir=" + tmp, "jchacha.native.tmpdir=" + custom);
        assertUntouched(victim1, tmp, beforeTmp);
        assertUntouched(victim2, custom, beforeCustom);
    }

    /**
     * Child main: loads the library twenty times, each through a fresh class loader (a JVM loads one file once per
     * loader, so each load extracts, loads and checks the ABI anew), then prints what the temporary folder holds
     * while it still runs.
     */
    public static final class RepeatedLoads {
        public static void main(String[] args) throws Exception {
            java.net.URL[] urls = Stream.of(args[0].split(java.io.File.pathSeparator))
                    .map(e -> {
                        try {
                            return Path.of(e).toUri().toURL();
                        } catch (java.net.MalformedURLException x) {
                            throw new IllegalArgumentException(x);
                        }
                    })
                    .toArray(java.net.URL[]::new);
            for (int i = 0; i < 20; i++) {
                try (java.net.URLClassLoader l =
                        new java.net.URLClassLoader(urls, ClassLoader.getPlatformClassLoader())) {
                    Object failure = Class.forName("io.jchacha.internal.NativeLibrary", true, l)
                            .getMethod("failure")
                            .invoke(null);
                    System.out.println("load " + i + ": " + (failure == null ? "loaded" : failure));
                }
            }
            try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
                System.out.println("left: "
                        + s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList()));
            }
        }
    }

    /** Twenty loads in a row, each extracting the real library and loading it: no pile of folders grows. */
    @Test
    void repeatedLoadsLeaveNothingBehind(@TempDir Path dir) throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = ChildJvm.command(false);
        cmd.addAll(List.of("-Djava.io.tmpdir=" + tmp, "-cp", cp, RepeatedLoads.class.getName(), cp));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), out);
        List<String> lines = out.lines().collect(Collectors.toList());
        assertEquals(21, lines.size(), out);
        for (int i = 0; i < 20; i++) {
            assertEquals("load " + i + ": loaded", lines.get(i), out);
        }
        assertEquals("left: []", lines.get(20), out);
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(List.of(), s.collect(Collectors.toList()), "after the JVM exited");
        }
    }
}
