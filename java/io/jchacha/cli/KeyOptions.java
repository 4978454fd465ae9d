// SPDX-License-Identifier: Apache-2.0
package io.jchacha.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * Where a command gets its 32-byte key without putting it on the command line (visible to every local user in
 * the process list): {@code --key-file PATH} (64 hex digits, surrounding whitespace ignored, or 32 raw bytes)
 * or {@code --key-env NAME} (64 hex digits). Errors name the option, never the key.
 */
final class KeyOptions {
    static final int KEY_LENGTH = 32;

    @Option(
            names = "--key-file",
            paramLabel = "PATH",
            description = "read the 32-byte key from PATH: 64 hex digits (as keygen writes), or 32 raw bytes")
    Path keyFile;

    @Option(
            names = "--key-env",
            paramLabel = "NAME",
            description = "read the key (64 hex digits) from environment variable NAME")
    String keyEnv;

    /** The environment, replaceable in tests. */
    UnaryOperator<String> env = System::getenv;

    /** Whether either option was given. */
    boolean given() {
        return keyFile != null || keyEnv != null;
    }

    /**
     * The key from whichever option was given; {@code otherSources} counts key sources the command has besides
     * these (e.g. {@code --key HEX}), so that exactly one source is used in all.
     */
    byte[] key(CommandSpec spec, int otherSources, String alternatives) {
        int sources = otherSources + (keyFile != null ? 1 : 0) + (keyEnv != null ? 1 : 0);
        if (sources != 1) {
            throw new ParameterException(
                    spec.commandLine(), (sources == 0 ? "missing key: give " : "give only one of ") + alternatives);
        }
        if (keyFile != null) {
            return fromFile(spec);
        }
        String v = env.apply(keyEnv);
        if (v == null) {
            throw new ParameterException(
                    spec.commandLine(), "--key-env: environment variable " + keyEnv + " is not set");
        }
        return hex(spec, "--key-env " + keyEnv, v.strip());
    }

    private byte[] fromFile(CommandSpec spec) {
        byte[] raw;
        try {
            if (Files.size(keyFile) > 1024) {
                throw new ParameterException(
                        spec.commandLine(), "--key-file " + keyFile + ": not a key file (over 1 KiB)");
            }
            raw = Files.readAllBytes(keyFile);
        } catch (IOException e) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--key-file " + keyFile + ": cannot read it ("
                            + e.getClass().getSimpleName() + ")");
        }
        try {
            if (raw.length == KEY_LENGTH) {
                return raw.clone();
            }
            return hex(spec, "--key-file " + keyFile, new String(raw, StandardCharsets.ISO_8859_1).strip());
        } finally {
            Arrays.fill(raw, (byte) 0);
        }
    }

    /** A 32-byte key from 64 hex digits; the message names {@code what}, never the text. */
    static byte[] hex(CommandSpec spec, String what, String text) {
        byte[] k;
        try {
            k = HexFormat.of().parseHex(text);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(
                    spec.commandLine(), what + ": the key must be 64 hex digits (or 32 raw bytes" + " in a key file)");
        }
        if (k.length != KEY_LENGTH) {
            Arrays.fill(k, (byte) 0);
            throw new ParameterException(
                    spec.commandLine(),
                    what + ": the key must be 32 bytes (64 hex digits), got " + k.length + " bytes");
        }
        return k;
    }
}
