// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import java.util.Arrays;
import java.util.Random;

/**
 * What the {@code KeySetupJitTest}s (this package's and {@code io.jchacha.secretstream}'s) share: the iterations per
 * path ({@code -Djchacha.test.jitIterations}: few in the suite's runs, enough for C2 in the {@code jit-default}
 * executions) and inputs that alternate between a few keys and nonces, so no compiled code sees a constant.
 */
public final class KeySetupInputs {
    public static final int N = Integer.getInteger("jchacha.test.jitIterations", 2000);
    public static final int INPUTS = 4;
    public static final byte[][] KEYS = inputs(1, 32);
    public static final byte[][] NONCES24 = inputs(2, 24);
    public static final byte[] MESSAGE = TestSupport.random(new Random(3), 64);

    private KeySetupInputs() {}

    private static byte[][] inputs(long seed, int length) {
        Random r = new Random(seed);
        byte[][] v = new byte[INPUTS][];
        for (int i = 0; i < INPUTS; i++) {
            v[i] = TestSupport.random(r, length);
        }
        return v;
    }

    /** The first {@code length} bytes of input {@code i}'s 24-byte nonce. */
    public static byte[] nonce(int i, int length) {
        return Arrays.copyOf(NONCES24[i], length);
    }

    public static String where(String path, int iteration) {
        return path + ": wrong result at iteration " + iteration + " of " + N;
    }
}
