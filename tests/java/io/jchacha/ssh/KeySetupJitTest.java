// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import static io.jchacha.KeySetupInputs.INPUTS;
import static io.jchacha.KeySetupInputs.KEYS;
import static io.jchacha.KeySetupInputs.MESSAGE;
import static io.jchacha.KeySetupInputs.N;
import static io.jchacha.KeySetupInputs.where;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.jchacha.fuzz.ReferenceOpenSsh;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@link OpenSshChaCha20Poly1305}'s key setup (64 bytes of key material into two states) and per-packet nonce run
 * hot, as {@code io.jchacha.KeySetupJitTest} runs the other paths, on its inputs (two of its keys make one key
 * material), against BouncyCastle: the same name, so that the {@code jit-default} executions run it too.
 */
class KeySetupJitTest {
    @Test
    void openSshKeyMaterialAndSequenceNumbers() throws Exception {
        byte[][] key = new byte[INPUTS][];
        byte[][] sealed = new byte[INPUTS][];
        long[] seq = {0, 7, 1L << 31, 0xFFFFFFFFL};
        for (int k = 0; k < INPUTS; k++) {
            key[k] = Arrays.copyOf(KEYS[k], 64);
            System.arraycopy(KEYS[(k + 1) % INPUTS], 0, key[k], 32, 32);
            sealed[k] = ReferenceOpenSsh.seal(key[k], seq[k], MESSAGE);
        }
        byte[] out = new byte[MESSAGE.length + 16];
        byte[] back = new byte[MESSAGE.length];
        for (int i = 0; i < N; i++) {
            int k = i % INPUTS;
            OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(key[k]);
            c.seal(seq[k], MESSAGE, 0, MESSAGE.length - 4, out, 0);
            if (!Arrays.equals(out, sealed[k])) {
                assertArrayEquals(sealed[k], out, where("OpenSSH chacha20-poly1305 seal", i));
            }
            c.open(seq[k], sealed[k], 0, MESSAGE.length - 4, back, 0);
            if (!Arrays.equals(back, MESSAGE)) {
                assertArrayEquals(MESSAGE, back, where("OpenSSH chacha20-poly1305 open", i));
            }
        }
    }
}
