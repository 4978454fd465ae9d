// SPDX-License-Identifier: Apache-2.0
package io.jchacha.cli;

import io.jchacha.ChaChaRandom;
import io.jchacha.JChachaProvider;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Random bytes from ChaChaRandom to standard output: the same bytes as rand_chacha's fill_bytes for the seed. */
@Command(
        name = "random",
        mixinStandardHelpOptions = true,
        description = {
            "Write ChaCha random bytes to standard output (rand_chacha's ChaCha{8,12,20}Rng stream 0, fill_bytes).",
            "With --secure: jchacha's SecureRandom \"ChaCha20\" instead.",
            "Unbounded unless --bytes is given; stops quietly when the reader closes the pipe."
        })
final class RandomCommand implements Callable<Integer> {
    static final int CHUNK = 256 * 1024;

    @Spec
    CommandSpec spec;

    @Option(names = "--rounds", paramLabel = "R", defaultValue = "20", description = "8, 12 or 20 (default 20)")
    int rounds;

    @Option(
            names = "--seed-file",
            paramLabel = "PATH",
            description = "file holding exactly the 32-byte seed (default: a fresh seed from the OS)")
    Path seedFile;

    @Option(names = "--bytes", paramLabel = "N", description = "how many bytes (default: until the reader stops)")
    Long bytes;

    @Option(
            names = "--secure",
            description = "draw from jchacha's SecureRandom \"ChaCha20\" instead (OS-seeded,"
                    + " fast key erasure; not reproducible, so no --seed-file or --rounds)")
    boolean secure;

    /** Fills the first {@code n} bytes of {@code buf}. */
    private interface Source {
        void fill(byte[] buf, int n);
    }

    OutputStream out = new FileOutputStream(FileDescriptor.out);

    @Override
    public Integer call() throws IOException {
        if (rounds != 8 && rounds != 12 && rounds != 20) {
            throw new ParameterException(spec.commandLine(), "--rounds must be 8, 12 or 20, got " + rounds);
        }
        if (bytes != null && bytes < 0) {
            throw new ParameterException(spec.commandLine(), "--bytes must not be negative");
        }
        Source source = secure ? secureSource() : chachaSource();
        byte[] buf = new byte[CHUNK];
        long left = bytes == null ? Long.MAX_VALUE : bytes;
        try {
            while (left > 0) {
                int n = (int) Math.min(left, CHUNK);
                source.fill(buf, n);
                out.write(buf, 0, n);
                if (bytes != null) {
                    left -= n;
                }
            }
            out.flush();
        } catch (IOException e) {
            if (!readerWentAway(e)) {
                throw e;
            }
        }
        return 0;
    }

    private Source chachaSource() {
        byte[] seed = seedFile == null ? null : readSeed(seedFile);
        try {
            ChaChaRandom r = ChaChaRandom.newInstance(rounds, seed);
            return (buf, n) -> r.nextBytes(buf, 0, n);
        } finally {
            if (seed != null) {
                Arrays.fill(seed, (byte) 0);
            }
        }
    }

    private Source secureSource() {
        if (seedFile != null || spec.commandLine().getParseResult().hasMatchedOption("--rounds")) {
            throw new ParameterException(spec.commandLine(), "--secure takes neither --seed-file nor --rounds");
        }
        SecureRandom r;
        try {
            r = SecureRandom.getInstance("ChaCha20", new JChachaProvider());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return (buf, n) -> {
            if (n == buf.length) {
                r.nextBytes(buf);
            } else {
                byte[] last = new byte[n];
                r.nextBytes(last);
                System.arraycopy(last, 0, buf, 0, n);
            }
        };
    }

    /** EPIPE (the reader exited, as {@code | head} or dieharder do) ends the output quietly. */
    private static boolean readerWentAway(IOException e) {
        String m = String.valueOf(e.getMessage());
        return m.contains("Broken pipe") || m.contains("pipe is being closed") || m.contains("Stream closed");
    }

    private byte[] readSeed(Path p) {
        byte[] seed;
        try (InputStream in = Files.newInputStream(p)) {
            seed = in.readNBytes(33);
        } catch (IOException e) {
            throw new ParameterException(spec.commandLine(), "--seed-file cannot be read: " + e.getMessage());
        }
        if (seed.length != ChaChaRandom.SEED_LENGTH) {
            Arrays.fill(seed, (byte) 0);
            throw new ParameterException(spec.commandLine(), "--seed-file must hold exactly 32 bytes");
        }
        return seed;
    }
}
