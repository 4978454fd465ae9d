// SPDX-License-Identifier: Apache-2.0
package io.jchacha.cli;

import io.jchacha.secretstream.SecretStreamInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import picocli.CommandLine.Command;

/** The secret stream file format back to plaintext, refusing anything not authentic or not whole. */
@Command(
        name = "decrypt",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Decrypt the secret stream format (see encrypt) from standard input (or --in) to standard output (or --out).",
            "Every 65,536-byte chunk is authenticated before any of its bytes is written. A chunk that is altered,",
            "reordered, duplicated or from another stream, a wrong key, input that ends before the final chunk, and",
            "data after it all fail: one line on standard error, exit status 1.",
            "With --out, the file appears only when the whole stream was authenticated (nothing is left behind on",
            "failure). On standard output, a failure leaves the output written up to the last authenticated chunk:",
            "truncation is detected only at the end, so use the output only if the exit status is 0."
        })
final class DecryptCommand extends StreamCommand {
    @Override
    void transform(InputStream in, OutputStream out, byte[] key) throws IOException {
        try (SecretStreamInputStream dec = new SecretStreamInputStream(new Unclosed.In(in), key)) {
            dec.transferTo(out);
        }
    }

    @Override
    String what() {
        return "decryption";
    }
}
