// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jchacha.AllocationMeter;
import io.jchacha.Backend;
import io.jchacha.Backends;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * A packet sealed or opened allocates nothing once the instance has its working memory: arrays apart and in place,
 * and direct buffers (staged through the instance's array). On a native backend each of these packets is one native
 * call (OpenSshOneCallTest), so the bridge's allowance counts once. The jdk backend is left out: SunJCE re-keys its Cipher
 * for each of a packet's keys, and allocates in its own code.
 */
class OpenSshAllocationTest {
    /** The meter's own noise, as in AeadAllocationTest. */
    private static final long SLACK = 32;
    /** Native calls a packet makes (the Java engine's allocate nothing): one, length to tag. */
    private static final int ENGINE_CALLS = 1;

    @Test
    void packetsAllocateNothing() throws Throwable {
        assumeTrue(Backends.active() != Backend.JDK, "SunJCE re-keys per call");
        OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(new byte[64]);
        long allowed = SLACK + ENGINE_CALLS * AllocationMeter.bridgeAllowance();
        String where = " on " + Backends.active() + " over " + Backends.bridge() + " (at most " + allowed + " allowed)";
        for (int body : new int[] {60, 1020, 32764}) {
            byte[] plain = new byte[4 + body];
            byte[] wire = new byte[4 + body + 16];
            byte[] back = new byte[4 + body];
            long seal = AllocationMeter.perCall(2000, 2000, () -> c.seal(9, plain, 0, body, wire, 0));
            long open = AllocationMeter.perCall(2000, 2000, () -> c.open(9, wire, 0, body, back, 0));
            long inPlace = AllocationMeter.perCall(2000, 2000, () -> {
                c.seal(10, wire, 0, body, wire, 0);
                c.open(10, wire, 0, body, wire, 0);
            });
            ByteBuffer dPlain = ByteBuffer.allocateDirect(plain.length);
            ByteBuffer dWire = ByteBuffer.allocateDirect(wire.length);
            long direct = AllocationMeter.perCall(2000, 2000, () -> {
                c.seal(11, dPlain.clear(), dWire.clear());
                c.open(11, dWire.flip(), dPlain.clear());
            });
            assertTrue(seal <= allowed, "seal of a " + body + "-byte body allocates " + seal + where);
            assertTrue(open <= allowed, "open of a " + body + "-byte body allocates " + open + where);
            assertTrue(inPlace <= 2 * allowed, "seal and open in place allocate " + inPlace + where);
            assertTrue(direct <= 2 * allowed, "seal and open of direct buffers allocate " + direct + where);
        }
    }
}
