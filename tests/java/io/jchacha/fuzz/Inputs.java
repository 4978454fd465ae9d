// SPDX-License-Identifier: Apache-2.0
package io.jchacha.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.util.Arrays;

/** Byte arrays made from fuzzer input without spending much of it. */
final class Inputs {
    private Inputs() {}

    /** Exactly {@code n} bytes from the fuzzer (zeros once it runs dry): keys and nonces. */
    static byte[] exactly(FuzzedDataProvider d, int n) {
        return Arrays.copyOf(d.consumeBytes(n), n);
    }

    /** {@code len} bytes: up to 64 from the fuzzer, the rest a fixed pattern (lengths matter more than contents). */
    static byte[] data(FuzzedDataProvider d, int len) {
        byte[] b = d.consumeBytes(Math.min(len, 64));
        byte[] out = Arrays.copyOf(b, len);
        for (int i = b.length; i < len; i++) {
            out[i] = (byte) (i * 31 + 7);
        }
        return out;
    }
}
