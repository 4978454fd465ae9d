package io.jchacha.cli;

import io.jchacha.ChaChaRandom;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Random bytes from ChaChaRandom to standard output: the same bytes as rand_chacha's fill_bytes for the seed. */
@Command(name = "random", description = {
        "Write ChaCha random bytes to standard output (rand_chacha's ChaCha{8,12,20}Rng stream 0, fill_bytes).",
        "Unbounded unless --bytes is given; stops quietly when the reader closes the pipe."})
final class RandomCommand implements Callable<Integer> {
    static final int CHUNK = 256 * 1024;

    @Spec
    CommandSpec spec;

    @Option(names = "--rounds", paramLabel = "R", defaultValue = "20", description = "8, 12 or 20 (default 20)")
    int rounds;

    @Option(names = "--seed-file", paramLabel = "PATH",
            description = "file holding exactly the 32-byte seed (default: a fresh seed from the OS)")
    Path seedFile;

    @Option(names = "--bytes", paramLabel = "N", description = "how many bytes (default: until the reader stops)")
    Long bytes;

    OutputStream out = new FileOutputStream(FileDescriptor.out);

    @Override
    public Integer call() throws IOException {
        if (rounds != 8 && rounds != 12 && rounds != 20) {
            throw new ParameterException(spec.commandLine(), "--rounds must be 8, 12 or 20, got " + rounds);
        }
        if (bytes != null && bytes < 0) {
            throw new ParameterException(spec.commandLine(), "--bytes must not be negative");
        }
        byte[] seed = seedFile == null ? null : readSeed(seedFile);
        ChaChaRandom r;
        try {
            r = ChaChaRandom.newInstance(rounds, seed);
        } finally {
            if (seed != null) {
                Arrays.fill(seed, (byte) 0);
            }
        }
        byte[] buf = new byte[CHUNK];
        long left = bytes == null ? Long.MAX_VALUE : bytes;
        try {
            while (left > 0) {
                int n = (int) Math.min(left, CHUNK);
                r.nextBytes(buf, 0, n);
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
