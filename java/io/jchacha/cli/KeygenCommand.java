// SPDX-License-Identifier: Apache-2.0
package io.jchacha.cli;

import io.jchacha.secretstream.SecretStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** A fresh random key in a new file only its owner can read. */
@Command(
        name = "keygen",
        mixinStandardHelpOptions = true,
        description = {
            "Write a fresh random 32-byte key (64 hex digits and a newline) to a new file PATH, created exclusively",
            "(an existing file is never overwritten) with owner-only permissions (0600). Use it with --key-file."
        })
final class KeygenCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PATH", description = "the key file to create")
    Path path;

    @Override
    public Integer call() {
        byte[] key = SecretStream.generateKey();
        byte[] text = (HexFormat.of().formatHex(key) + "\n").getBytes(StandardCharsets.US_ASCII);
        try {
            if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
                // created with 0600 (before the umask, which can only remove bits) in the same call as the
                // exclusive create: no moment where the file exists with wider permissions
                Files.createFile(
                        path, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } else {
                Files.createFile(path);
                java.io.File f = path.toFile();
                f.setReadable(false, false);
                f.setWritable(false, false);
                f.setReadable(true, true);
                f.setWritable(true, true);
            }
            try (OutputStream out = Files.newOutputStream(path, StandardOpenOption.WRITE)) {
                out.write(text);
            }
            return 0;
        } catch (FileAlreadyExistsException e) {
            return fail(path + " already exists (keygen never overwrites a file)");
        } catch (IOException e) {
            return fail("cannot create " + path + " (" + e.getClass().getSimpleName() + ")");
        } finally {
            Arrays.fill(key, (byte) 0);
            Arrays.fill(text, (byte) 0);
        }
    }

    private int fail(String why) {
        spec.commandLine().getErr().println("jchacha: keygen: " + why);
        spec.commandLine().getErr().flush();
        return 1;
    }
}
