package io.jchacha.internal;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.scijava.nativelib.BaseJniExtractor;
import org.scijava.nativelib.NativeLibraryUtil;

/**
 * The one class that loads {@code libjchacha}, once per JVM. It never throws: any failure (library missing, corrupt
 * or for another architecture, unloadable, ABI mismatch) becomes {@link #failure()}, which {@code auto} reports
 * while it falls back to Java and a forced native backend reports as its error.
 *
 * <p>Where the library comes from, first match wins:
 * <ol>
 * <li>{@value #PATH_PROPERTY}: an explicit file path;
 * <li>the class path, at scijava native-lib-loader's {@code natives/<platform>/} (the classifier jars put it there),
 * extracted into a fresh folder under {@value #TMPDIR_PROPERTY} (default {@code java.io.tmpdir}; point it at an
 * executable file system where /tmp is mounted noexec).
 * </ol>
 */
public final class NativeLibrary {
    /** Bumped whenever a native method's meaning changes; the C glue reports its own. */
    public static final int ABI_VERSION = 3;
    public static final String PATH_PROPERTY = "jchacha.native.path";
    public static final String TMPDIR_PROPERTY = "jchacha.native.tmpdir";
    static final String LIBRARY = "jchacha";

    private static final String FAILURE = load();

    private NativeLibrary() {}

    /** Null when the library is loaded and its ABI matches; else why not. */
    public static String failure() {
        return FAILURE;
    }

    private static String load() {
        String explicit = System.getProperty(PATH_PROPERTY);
        String where;
        try {
            if (explicit != null) {
                where = new File(explicit).getAbsolutePath();
                if (!new File(where).isFile()) {
                    return PATH_PROPERTY + " names no file: " + where;
                }
            } else {
                File f = extract();
                if (f == null) {
                    return "no native library for this platform (" + platformPath() + System.mapLibraryName(LIBRARY)
                            + ") on the class path; add the jchacha classifier jar for " + classifierHint();
                }
                where = f.getAbsolutePath();
            }
            String bad = NativeFileCheck.check(Path.of(where));
            if (bad != null) {
                return "could not load the native library: " + bad;
            }
            System.load(where);
        } catch (IOException | RuntimeException | LinkageError e) {
            return "could not load the native library: " + oneLine(e);
        }
        try {
            int abi = NativeChaCha.abiVersion();
            if (abi != ABI_VERSION) {
                return "native library " + where + " has ABI version " + abi + ", this jar needs " + ABI_VERSION
                        + " (mixed jchacha versions on the class path?)";
            }
        } catch (LinkageError e) {
            return "native library " + where + " is not jchacha's: " + oneLine(e);
        }
        return null;
    }

    private static String oneLine(Throwable e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m == null ? "" : ": " + m.lines().findFirst().orElse(""));
    }

    private static String platformPath() {
        return NativeLibraryUtil.getPlatformLibraryPath(NativeLibraryUtil.DEFAULT_SEARCH_PATH);
    }

    private static String classifierHint() {
        String os = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(java.util.Locale.ROOT);
        String o = os.contains("win") ? "windows" : os.contains("mac") ? "osx" : os.contains("linux") ? "linux" : os;
        String a = arch.equals("amd64") || arch.equals("x86_64") ? "x86_64"
                : arch.equals("aarch64") || arch.equals("arm64") ? "aarch_64" : arch;
        return o + "-" + a;
    }

    /** Extracts the platform's library from the class path into a fresh folder; null if there is none. */
    private static File extract() throws IOException {
        quietSlf4j();
        String base = System.getProperty(TMPDIR_PROPERTY, System.getProperty("java.io.tmpdir"));
        Path dir = Files.createTempDirectory(Path.of(base), "jchacha-");
        dir.toFile().deleteOnExit();
        File f = new Extractor(dir.toFile()).extractJni(platformPath(), LIBRARY);
        if (f != null) {
            f.deleteOnExit();
        }
        return f;
    }

    /** native-lib-loader's extraction into a folder of our choosing. */
    private static final class Extractor extends BaseJniExtractor {
        private static File target;

        Extractor(File dir) throws IOException {
            super(NativeLibrary.class);
            target = dir;
        }

        @Override
        public File getNativeDir() {
            return target;
        }

        @Override
        public File getJniDir() {
            return target;
        }
    }

    /**
     * native-lib-loader logs through SLF4J, and SLF4J without a binding prints a warning to stderr when it first
     * starts. When the application has no binding, start SLF4J here with its warning lines filtered out, so loading
     * a crypto library makes no noise; with a binding, SLF4J starts as usual.
     */
    private static void quietSlf4j() {
        ClassLoader cl = NativeLibrary.class.getClassLoader();
        try {
            boolean binding = cl.getResource("org/slf4j/impl/StaticLoggerBinder.class") != null
                    || cl.getResources("META-INF/services/org.slf4j.spi.SLF4JServiceProvider").hasMoreElements();
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
