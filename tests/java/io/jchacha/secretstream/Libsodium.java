// SPDX-License-Identifier: Apache-2.0
package io.jchacha.secretstream;

import com.goterl.lazysodium.SodiumJava;
import com.goterl.lazysodium.utils.LibraryLoader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Assumptions;

/**
 * libsodium's crypto_secretstream_xchacha20poly1305 itself, the oracle of the secret stream tests: the libsodium
 * 1.0.18 that lazysodium-java bundles (test scope, through JNA; never a copy installed on the system, whose version
 * would vary), so the tests need nothing outside Maven.
 */
public final class Libsodium {
    private Libsodium() {}

    /** The plaintext bytes of every chunk but the last in the file format (docs/CLI.md). */
    static final int CHUNK = 65536;

    /** The library, loaded on first use; public for SecretStreamBench (tests/jmh), which times its push. */
    public static SodiumJava sodium() {
        return Loaded.SODIUM;
    }

    /** A holder, so that nothing loads before {@link Endpoint}'s -Xcheck:jni skip. */
    private static final class Loaded {
        static final SodiumJava SODIUM = load();
    }

    /**
     * Loads the bundled library from a file of its own, deleted once loaded (POSIX keeps it mapped): lazysodium's
     * BUNDLED_ONLY mode would leave every platform's copy (5 MB) in a temporary folder per JVM.
     */
    static SodiumJava load() {
        String resource = LibraryLoader.getSodiumPathInResources();
        try {
            Path dir = Files.createTempDirectory("jchacha-libsodium");
            Path lib = dir.resolve(Path.of(resource).getFileName().toString());
            try (InputStream in = SodiumJava.class.getResourceAsStream("/" + resource)) {
                if (in == null) {
                    throw new IllegalStateException("lazysodium-java has no " + resource + " for this platform");
                }
                Files.copy(in, lib);
            }
            SodiumJava sodium = new SodiumJava(lib.toString());
            try {
                Files.delete(lib);
                Files.delete(dir);
            } catch (IOException e) {
                // Windows cannot delete a loaded DLL: that one copy stays in the temporary folder
            }
            return sodium;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One side's state; both sides can rekey and set the counter. */
    abstract static class Endpoint {
        final com.goterl.lazysodium.interfaces.SecretStream.State state;

        /**
         * Skips the test under -Xcheck:jni: JNA (lazysodium's binding) calls Java from native code without checking
         * for exceptions, which that run counts as JNI misuse; it checks jchacha's JNI, every other run the oracle.
         */
        Endpoint() {
            Assumptions.assumeFalse(
                    ManagementFactory.getRuntimeMXBean().getInputArguments().contains("-Xcheck:jni"),
                    "JNA, libsodium's binding, trips -Xcheck:jni");
            state = new com.goterl.lazysodium.interfaces.SecretStream.State();
        }

        void rekey() {
            sodium().crypto_secretstream_xchacha20poly1305_rekey(state);
        }

        /** Sets the 32-bit message counter (the state's nonce starts with it, little-endian): the automatic rekey. */
        void setCounter(int n) {
            for (int i = 0; i < 4; i++) {
                state.nonce[i] = (byte) (n >>> (8 * i));
            }
            state.write();
        }
    }

    static final class Push extends Endpoint {
        final byte[] header = new byte[SecretStream.HEADER_LENGTH];

        Push(byte[] key) {
            lengths(key, null);
            check(sodium().crypto_secretstream_xchacha20poly1305_init_push(state, header, key), "init_push");
        }

        byte[] push(byte[] m, byte[] ad, int tag) {
            byte[] c = new byte[m.length + SecretStream.OVERHEAD];
            long[] clen = new long[1];
            check(
                    sodium().crypto_secretstream_xchacha20poly1305_push(
                                    state, c, clen, m, m.length, ad, ad == null ? 0 : ad.length, (byte) tag),
                    "push");
            if (clen[0] != c.length) {
                throw new IllegalStateException("libsodium's push wrote " + clen[0] + " bytes, not " + c.length);
            }
            return c;
        }
    }

    /** A message libsodium authenticated, with its tag. */
    record Message(byte[] m, int tag) {}

    static final class Pull extends Endpoint {
        Pull(byte[] key, byte[] header) {
            lengths(key, header);
            check(sodium().crypto_secretstream_xchacha20poly1305_init_pull(state, header, key), "init_pull");
        }

        /** The message, or null where libsodium rejects {@code c}. */
        Message pull(byte[] c, byte[] ad) {
            byte[] m = new byte[Math.max(0, c.length - SecretStream.OVERHEAD)];
            long[] mlen = new long[1];
            byte[] tag = new byte[1];
            if (sodium().crypto_secretstream_xchacha20poly1305_pull(
                                    state, m, mlen, tag, c, c.length, ad, ad == null ? 0 : ad.length)
                    != 0) {
                return null;
            }
            return new Message(Arrays.copyOf(m, (int) mlen[0]), tag[0] & 0xff);
        }
    }

    /** libsodium reads a whole key and header from the arrays JNA hands it: a short one would be read past. */
    static void lengths(byte[] key, byte[] header) {
        if (key.length != SecretStream.KEY_LENGTH || (header != null && header.length != SecretStream.HEADER_LENGTH)) {
            throw new IllegalArgumentException("key or header of the wrong length");
        }
    }

    static void check(int rc, String what) {
        if (rc != 0) {
            throw new IllegalStateException("libsodium's " + what + " returned " + rc);
        }
    }

    /** README's format the way a libsodium program writes it: the header, then 65,536-byte pushes, FINAL last. */
    static byte[] encryptFile(byte[] key, byte[] plain) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Push p = new Push(key);
        out.writeBytes(p.header);
        int off = 0;
        while (true) {
            byte[] chunk = Arrays.copyOfRange(plain, off, Math.min(plain.length, off + CHUNK));
            off += chunk.length;
            boolean last = off == plain.length;
            out.writeBytes(p.push(chunk, null, last ? SecretStream.TAG_FINAL : SecretStream.TAG_MESSAGE));
            if (last) {
                return out.toByteArray();
            }
        }
    }

    /** What libsodium's reading loop made of a file: its plaintext, or why the loop rejected it. */
    record Decrypted(byte[] plain, String failure) {}

    /** README's format the way a libsodium program reads it: 65,553-byte pulls until FINAL, then the end. */
    static Decrypted decryptFile(byte[] key, byte[] file) {
        if (file.length < SecretStream.HEADER_LENGTH) {
            return new Decrypted(null, "no header");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Pull p = new Pull(key, Arrays.copyOf(file, SecretStream.HEADER_LENGTH));
        int off = SecretStream.HEADER_LENGTH;
        while (true) {
            byte[] c = Arrays.copyOfRange(file, off, Math.min(file.length, off + CHUNK + SecretStream.OVERHEAD));
            off += c.length;
            Message msg = p.pull(c, null);
            if (msg == null) {
                return new Decrypted(null, "bad chunk");
            }
            out.writeBytes(msg.m());
            if (msg.tag() == SecretStream.TAG_FINAL) {
                return off == file.length
                        ? new Decrypted(out.toByteArray(), null)
                        : new Decrypted(null, "data after FINAL");
            }
            if (msg.m().length != CHUNK) {
                return new Decrypted(null, "short chunk before FINAL");
            }
        }
    }
}
