// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.scijava.nativelib.NativeLibraryUtil;

/**
 * The one class that loads {@code libjchacha}, once per JVM. It never throws: any failure (library missing, corrupt
 * or for another architecture, unloadable, ABI mismatch) becomes {@link #failure()}, which {@code auto} reports
 * while it falls back to Java and a forced native backend reports as its error; {@link #failureCause()} keeps the
 * exception behind it.
 *
 * <p>Where the library comes from, first match wins:
 * <ol>
 * <li>{@value #PATH_PROPERTY}: an explicit file path;
 * <li>the class path, at scijava native-lib-loader's {@code natives/<platform>/} (the classifier jars put it there),
 * copied by {@link NativeExtractor} into a fresh owner-only folder under {@value #TMPDIR_PROPERTY} (default
 * {@code java.io.tmpdir}; point it at an executable file system where /tmp is mounted noexec), which is deleted
 * again once the library is loaded.
 * </ol>
 */
public final class NativeLibrary {
    public static final String PATH_PROPERTY = "jchacha.native.path";
    public static final String TMPDIR_PROPERTY = "jchacha.native.tmpdir";
    static final String LIBRARY = "jchacha";

    /** Why the library is not usable (null when it is), and the exception behind that, if one was thrown. */
    private static final class Outcome {
        final String failure;
        final Throwable cause;

        Outcome(String failure, Throwable cause) {
            this.failure = failure;
            this.cause = cause;
        }
    }

    private static final Outcome OUTCOME = load();

    private NativeLibrary() {}

    /** Null when the library is loaded and its ABI matches; else why not. */
    public static String failure() {
        return OUTCOME.failure;
    }

    /**
     * The exception that made loading fail (extraction, {@code System.load}, a missing native method), or null: when
     * the library loaded, or when the failure was found without one (no library, a bad header, an ABI mismatch).
     */
    public static Throwable failureCause() {
        return OUTCOME.cause;
    }

    private static Outcome failed(String why, Throwable cause) {
        return new Outcome(why, cause);
    }

    private static Outcome load() {
        String explicit = System.getProperty(PATH_PROPERTY);
        if (explicit != null) {
            Path where;
            try {
                where = Path.of(explicit).toAbsolutePath();
            } catch (RuntimeException e) {
                return failed(PATH_PROPERTY + " is not a path: " + oneLine(e), e);
            }
            if (!Files.isRegularFile(where)) {
                return failed(PATH_PROPERTY + " names no file: " + where, null);
            }
            return loadFile(where);
        }
        quietSlf4j();
        String name = System.mapLibraryName(LIBRARY);
        String path;
        try {
            path = platformPath() + name;
        } catch (LinkageError e) {
            return failed("native-lib-loader cannot run (it needs slf4j-api on the class path): " + oneLine(e), e);
        }
        URL url = resource(path);
        if (url == null) {
            return failed(
                    "no native library for this platform (" + path
                            + ") on the class path; add the jchacha classifier jar for " + classifierHint(),
                    null);
        }
        Path base;
        Path file;
        try {
            base = Path.of(System.getProperty(TMPDIR_PROPERTY, System.getProperty("java.io.tmpdir")));
            file = NativeExtractor.extract(url, base, name);
        } catch (IOException | RuntimeException e) {
            return failed("could not extract the native library: " + oneLine(e), e);
        }
        try {
            return loadFile(file);
        } finally {
            if (!NativeExtractor.remove(file)) {
                NativeExtractor.removeLeftovers(base, file.getParent());
            }
        }
    }

    private static Outcome loadFile(Path where) {
        String bad = NativeFileCheck.check(where);
        if (bad != null) {
            return failed("could not load the native library: " + bad, null);
        }
        try {
            System.load(where.toString());
        } catch (RuntimeException | LinkageError e) {
            return failed("could not load the native library: " + oneLine(e), e);
        }
        try {
            int abi = NativeChaCha.abiVersion();
            if (abi != NativeChaCha.ABI_VERSION) {
                return failed(
                        "native library " + where + " has ABI version " + abi + ", this jar needs "
                                + NativeChaCha.ABI_VERSION + " (mixed jchacha versions on the class path?)",
                        null);
            }
        } catch (LinkageError e) {
            return failed("native library " + where + " is not jchacha's: " + oneLine(e), e);
        }
        return new Outcome(null, null);
    }

    private static URL resource(String path) {
        ClassLoader cl = NativeLibrary.class.getClassLoader();
        return cl == null ? ClassLoader.getSystemResource(path) : cl.getResource(path);
    }

    private static String oneLine(Throwable e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName()
                + (m == null ? "" : ": " + m.lines().findFirst().orElse(""));
    }

    private static String platformPath() {
        return NativeLibraryUtil.getPlatformLibraryPath(NativeLibraryUtil.DEFAULT_SEARCH_PATH);
    }

    private static String classifierHint() {
        String os = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(java.util.Locale.ROOT);
        String o = os.contains("win") ? "windows" : os.contains("mac") ? "osx" : os.contains("linux") ? "linux" : os;
        String a = arch.equals("amd64") || arch.equals("x86_64")
                ? "x86_64"
                : arch.equals("aarch64") || arch.equals("arm64") ? "aarch_64" : arch;
        return o + "-" + a;
    }

    /**
     * native-lib-loader's NativeLibraryUtil (the platform path) gets an SLF4J logger when its class initializes, so
     * slf4j-api is a run-time dependency; and SLF4J without a binding prints a warning to stderr when it first
     * starts. When the application has no binding, start SLF4J here with its warning lines filtered out, so loading
     * a crypto library makes no noise; with a binding, SLF4J starts as usual.
     */
    private static void quietSlf4j() {
        ClassLoader cl = NativeLibrary.class.getClassLoader();
        try {
            boolean binding = cl.getResource("org/slf4j/impl/StaticLoggerBinder.class") != null
                    || cl.getResources("META-INF/services/org.slf4j.spi.SLF4JServiceProvider")
                            .hasMoreElements();
            if (binding) {
                return;
            }
            Class<?> factory = Class.forName("org.slf4j.LoggerFactory", false, cl);
            PrintStream err = System.err;
            synchronized (System.class) {
                DropSlf4jLines filter = new DropSlf4jLines(err);
                System.setErr(new PrintStream(filter, true, StandardCharsets.UTF_8));
                try {
                    factory.getMethod("getILoggerFactory").invoke(null);
                } finally {
                    System.setErr(err);
                    filter.close();
                }
            }
        } catch (ReflectiveOperationException | IOException | LinkageError | RuntimeException e) {
            // SLF4J absent or unusable: native-lib-loader will say so when it is used
        }
    }

    /** Passes everything through but lines that start with "SLF4J". */
    private static final class DropSlf4jLines extends OutputStream {
        private final PrintStream target;
        private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();

        DropSlf4jLines(PrintStream target) {
            this.target = target;
        }

        @Override
        public void write(int b) {
            line.write(b);
            if (b == '\n') {
                flushLine();
            }
        }

        private void flushLine() {
            byte[] l = line.toByteArray();
            line.reset();
            if (!new String(l, StandardCharsets.UTF_8).startsWith("SLF4J")) {
                target.write(l, 0, l.length);
            }
        }

        @Override
        public void flush() {
            target.flush();
        }

        @Override
        public void close() {
            if (line.size() > 0) {
                flushLine();
            }
            target.flush();
        }
    }
}
