// SPDX-License-Identifier: Apache-2.0
package io.jchacha.cli;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/** Shields a stream the command does not own (standard output, a file it closes itself) from close(). */
final class Unclosed extends FilterOutputStream {
    Unclosed(OutputStream out) {
        super(out);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
    }

    @Override
    public void close() throws IOException {
        out.flush();
    }

    /** The same for input. */
    static final class In extends FilterInputStream {
        In(InputStream in) {
            super(in);
        }

        @Override
        public void close() {
            // the owner closes it
        }
    }
}
