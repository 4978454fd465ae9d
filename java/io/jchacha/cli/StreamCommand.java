// SPDX-License-Identifier: Apache-2.0
package io.jchacha.cli;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What encrypt and decrypt share: standard input to standard output or {@code --in}/{@code --out} files, the key
 * options, reading ahead on a second thread ({@link ReadAhead}), a progress bar on a terminal, and a file output that appears only whole: written to a temporary file
 * in the target folder and renamed over {@code --out} on success, deleted on failure. A failure prints one line
 * and exits 1.
 */
abstract class StreamCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    KeyOptions keys = new KeyOptions();

    @Option(names = "--in", paramLabel = "PATH", description = "read PATH instead of standard input")
    Path inPath;

    @Option(
            names = "--out",
            paramLabel = "PATH",
            description = "write PATH (replaced only on success) instead of standard output")
    Path outPath;

    /** Standard streams, replaceable in tests. */
    InputStream stdin = System.in;

    OutputStream stdout = new FileOutputStream(FileDescriptor.out);

    /** Reads {@code in} to the end and writes the transformed bytes to {@code out}. */
    abstract void transform(InputStream in, OutputStream out, byte[] key) throws IOException;

    /** "encryption" or "decryption", for messages. */
    abstract String what();

    @Override
    public Integer call() throws IOException {
        byte[] key = keys.key(spec, 0, "--key-file or --key-env");
        PrintWriter err = spec.commandLine().getErr();
        Path tmp = null;
        try (InputStream in = new ReadAhead(
                Progress.wrap(inPath == null ? stdin : new FileInputStream(inPath.toFile()), inPath, what()))) {
            if (outPath == null) {
                transform(in, stdout, key);
                stdout.flush();
            } else {
                Path dir = outPath.toAbsolutePath().getParent();
                tmp = Files.createTempFile(dir, "." + outPath.getFileName() + ".", ".partial");
                try (OutputStream out = Files.newOutputStream(tmp)) {
                    transform(in, out, key);
                }
                Files.move(tmp, outPath, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                tmp = null;
            }
            return 0;
        } catch (IOException e) {
            err.println("jchacha: " + what() + " failed: " + message(e));
            err.flush();
            return 1;
        } finally {
            Arrays.fill(key, (byte) 0);
            if (tmp != null) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    private static String message(IOException e) {
        String m = e.getMessage();
        if (e instanceof java.nio.file.NoSuchFileException || e instanceof java.io.FileNotFoundException) {
            return "cannot open " + m;
        }
        return m == null ? e.getClass().getSimpleName() : m.lines().findFirst().orElse("");
    }
}
