// SPDX-License-Identifier: Apache-2.0
package io.jchacha.secretstream;

import static io.jchacha.KeySetupInputs.INPUTS;
import static io.jchacha.KeySetupInputs.KEYS;
import static io.jchacha.KeySetupInputs.MESSAGE;
import static io.jchacha.KeySetupInputs.N;
import static io.jchacha.KeySetupInputs.NONCES24;
import static io.jchacha.KeySetupInputs.where;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import org.junit.jupiter.api.Test;

/**
 * The secret stream's key setup (the HChaCha20 subkey and the state from key and header) run hot, as
 * {@code io.jchacha.KeySetupJitTest} runs the other paths, on its inputs: the same name, so that the
 * {@code jit-default} executions ({@code <test>KeySetupJitTest</test>}) run both; here for the push constructor
 * with a given header, which is this package's.
 */
class KeySetupJitTest {
    @Test
    void secretStreamKeys() throws AEADBadTagException {
        byte[][] msg = new byte[INPUTS][];
        for (int k = 0; k < INPUTS; k++) {
            // cold first results: the suite checks this path against libsodium
            msg[k] = new SecretStreamPush(KEYS[k], NONCES24[k]).push(MESSAGE, null, SecretStream.TAG_MESSAGE);
        }
        for (int i = 0; i < N; i++) {
            int k = i % INPUTS;
            byte[] m = new SecretStreamPush(KEYS[k], NONCES24[k]).push(MESSAGE, null, SecretStream.TAG_MESSAGE);
            if (!Arrays.equals(m, msg[k])) {
                assertArrayEquals(msg[k], m, where("secret stream push", i));
            }
            byte[] p = new SecretStreamPull(KEYS[k], NONCES24[k]).pull(msg[k], null);
            if (!Arrays.equals(p, MESSAGE)) {
                assertArrayEquals(MESSAGE, p, where("secret stream pull", i));
            }
        }
    }
}
