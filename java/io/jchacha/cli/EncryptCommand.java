// SPDX-License-Identifier: Apache-2.0
package io.jchacha.cli;

import io.jchacha.secretstream.SecretStreamOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import picocli.CommandLine.Command;

/** Standard input (or a file) to the secret stream file format. */
@Command(
        name = "encrypt",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Encrypt standard input (or --in) to standard output (or --out) in the secret stream format: libsodium's",
            "crypto_secretstream_xchacha20poly1305, a 24-byte header, then 65,536-byte chunks (17 bytes added to each),",
            "the last one tagged FINAL. Memory stays bounded whatever the size. The key comes from --key-file or",
            "--key-env, never the command line (see keygen)."
        })
final class EncryptCommand extends StreamCommand {
    @Override
    void transform(InputStream in, OutputStream out, byte[] key) throws IOException {
        try (SecretStreamOutputStream enc = new SecretStreamOutputStream(new Unclosed(out), key)) {
            enc.transferFrom(in);
        }
    }

    @Override
    String what() {
        return "encryption";
    }
}
