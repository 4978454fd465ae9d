// SPDX-License-Identifier: Apache-2.0
package io.jchacha.cli;

import io.jchacha.ChaCha20;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.HexFormat;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Standard input XOR keystream to standard output, in bounded memory. */
@Command(
        name = "chacha20",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "XOR standard input with the ChaCha keystream to standard output (encrypts and decrypts).",
            "The nonce length picks the variant: 8 bytes original, 12 IETF (RFC 8439), 24 XChaCha20.",
            "The key comes from exactly one of --key-file, --key-env or --key (--key shows the key to every local user",
            "in the process list; prefer the other two)."
        })
final class ChaCha20Command implements Callable<Integer> {
    static final int CHUNK = 64 * 1024;

    @Spec
    CommandSpec spec;

    @Mixin
    KeyOptions keys = new KeyOptions();

    @Option(
            names = "--key",
            paramLabel = "HEX",
            description = "32-byte key, 64 hex digits (visible in the process list: prefer --key-file or --key-env)")
    String keyHex;

    @Option(names = "--nonce", required = true, paramLabel = "HEX", description = "8, 12 or 24-byte nonce in hex")
    String nonceHex;

    @Option(
            names = "--counter",
            paramLabel = "N",
            defaultValue = "0",
            description = "initial block counter (default 0; IETF: below 2^32)")
    String counter;

    @Option(names = "--rounds", paramLabel = "R", defaultValue = "20", description = "20, 12 or 8 (default 20)")
    int rounds;

    InputStream in = System.in;
    OutputStream out = System.out;

    private byte[] hex(String what, String s) {
        try {
            return HexFormat.of().parseHex(s);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), what + " is not hex (an even number of 0-9a-f digits)");
        }
    }

    @Override
    public Integer call() throws IOException {
        byte[] key = keyHex != null && !keys.given()
                ? hex("--key", keyHex)
                : keys.key(spec, keyHex == null ? 0 : 1, "--key-file, --key-env or --key");
        byte[] nonce;
        try {
            nonce = hex("--nonce", nonceHex);
        } catch (ParameterException e) {
            java.util.Arrays.fill(key, (byte) 0);
            throw e;
        }
        ChaCha20 c;
        try {
            if (key.length != 32) {
                throw new IllegalArgumentException(
                        "--key must be 32 bytes (64 hex digits), got " + key.length + " bytes");
            }
            ChaCha20.Variant v = ChaCha20.Variant.forNonceLength(nonce.length);
            long ctr;
            try {
                ctr = Long.parseUnsignedLong(counter);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--counter must be a non-negative integer below 2^64");
            }
            if (v == ChaCha20.Variant.IETF && Long.compareUnsigned(ctr, 0xFFFFFFFFL) > 0) {
                throw new IllegalArgumentException("--counter must be below 2^32 for a 12-byte (IETF) nonce");
            }
            c = ChaCha20.newInstance(v, key, nonce, ctr, rounds);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(
                    spec.commandLine(),
                    e.getMessage().replace("nonce must", "--nonce must").replace("rounds must", "--rounds must"));
        } finally {
            java.util.Arrays.fill(key, (byte) 0);
        }
        byte[] buf = new byte[CHUNK];
        int n;
        while ((n = in.readNBytes(buf, 0, CHUNK)) > 0) {
            c.update(buf, 0, n, buf, 0);
            out.write(buf, 0, n);
        }
        out.flush();
        c.destroy();
        return 0;
    }
}
