// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;

/**
 * A ChaCha20-Poly1305 message sealed or opened into the caller's arrays allocates nothing on a native backend and on
 * the Java engine: the instance keeps its key words, the nonce words travel beside them as arguments, and the Java
 * AEAD keeps its working set (state, MAC, tag, scratch) between messages. The jdk backend is left out: SunJCE's
 * ChaCha20-Poly1305, which serves its longer messages, allocates in its own code.
 */
class AeadAllocationTest {
    /** Allowed bytes per message: the meter's own noise, below the 80-byte state array a message used to cost. */
    private static final long SLACK = 32;

    private static final int WARMUP = 2000;
    private static final int CALLS = 2000;

    @Test
    void shortAndMidSizeMessagesAllocateNothing() throws Throwable {
        assumeTrue(Backends.active() != Backend.JDK, "SunJCE's ChaCha20-Poly1305 allocates per message");
        ChaCha20Poly1305CallerNonce a = new ChaCha20Poly1305CallerNonce(new byte[32]);
        byte[] nonce = new byte[12];
        byte[] aad = new byte[13];
        long allowed = SLACK + AllocationMeter.bridgeAllowance();
        for (int len : new int[] {16, 1024}) {
            byte[] pt = new byte[len];
            byte[] sealed = new byte[len + 16];
            byte[] back = new byte[len];
            long seal = AllocationMeter.perCall(WARMUP, CALLS, () -> a.seal(nonce, pt, 0, len, aad, sealed, 0));
            long open = AllocationMeter.perCall(WARMUP, CALLS, () -> a.open(nonce, sealed, 0, len + 16, aad, back, 0));
            String where =
                    " on " + Backends.active() + " over " + Backends.bridge() + " (at most " + allowed + " allowed)";
            assertTrue(seal <= allowed, "seal of " + len + " bytes allocates " + seal + " bytes" + where);
            assertTrue(open <= allowed, "open of " + len + " bytes allocates " + open + " bytes" + where);
        }
    }
}
