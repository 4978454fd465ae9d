// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jchacha.AllocationMeter;
import io.jchacha.Backend;
import io.jchacha.Backends;
import io.jchacha.internal.ServedCounter;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * On a native backend a packet whose sealed form fits one critical region (64 KiB) is one native call, on the bridge
 * the run uses (JNI on JDK 17, FFM on JDK 25), and reaches no other engine: seal and open, apart, in place and
 * overlapping (copied first, then one call), and through direct buffers. Longer packets take the engine's calls one
 * by one. Counted with {@link ServedCounter} (pom.xml turns it on); the bytes are checked by
 * {@link OpenSshDifferentialTest} in the same runs.
 */
class OpenSshOneCallTest {
    private static final int LONGEST = 65536 - 4 - 16;

    private static long[] counts() {
        long[] c = new long[Backend.values().length];
        for (Backend b : Backend.values()) {
            c[b.ordinal()] = ServedCounter.count(b);
        }
        return c;
    }

    /** Runs op and says how many calls each backend served meanwhile. */
    private static long[] served(AllocationMeter.Op op) throws Exception {
        long[] before = counts();
        op.run();
        long[] after = counts();
        for (int i = 0; i < after.length; i++) {
            after[i] -= before[i];
        }
        return after;
    }

    private static void oneCall(Backend active, String what, AllocationMeter.Op op) throws Exception {
        long[] d = served(op);
        String where = what + " on " + active + " over " + Backends.bridge();
        for (Backend b : Backend.values()) {
            assertEquals(b == active ? 1 : 0, d[b.ordinal()], where + ": calls served by " + b);
        }
    }

    @Test
    void aPacketIsOneNativeCall() throws Exception {
        assumeTrue(ServedCounter.ENABLED, "calls are not counted in this JVM");
        Backend active = Backends.active();
        assumeTrue(active.isNative(), active + " has no native packet call");
        OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(new byte[64]);
        for (int body : new int[] {0, 1, 60, 1020, 2048, 2049, 32764, LONGEST}) {
            byte[] plain = new byte[4 + body];
            byte[] wire = new byte[4 + body + 16];
            byte[] back = new byte[4 + body];
            byte[] one = new byte[4 + body + 16 + 3];
            String what = body + "-byte body";
            oneCall(active, what + " seal", () -> c.seal(3, plain, 0, body, wire, 0));
            oneCall(active, what + " open", () -> c.open(3, wire, 0, body, back, 0));
            oneCall(active, what + " seal in place", () -> c.seal(4, one, 0, body, one, 0));
            oneCall(active, what + " open in place", () -> c.open(4, one, 0, body, one, 0));
            oneCall(active, what + " seal overlapping", () -> c.seal(5, one, 3, body, one, 0));
            oneCall(active, what + " open overlapping", () -> c.open(5, one, 0, body, one, 3));
            ByteBuffer d = ByteBuffer.allocateDirect(wire.length);
            oneCall(
                    active,
                    what + " seal direct",
                    () -> c.seal(
                            6,
                            d.duplicate().clear().limit(plain.length),
                            d.duplicate().clear()));
        }
        for (int body : new int[] {LONGEST + 1, 70000}) {
            byte[] plain = new byte[4 + body];
            byte[] wire = new byte[4 + body + 16];
            long calls = 0;
            for (long n : served(() -> c.seal(7, plain, 0, body, wire, 0))) {
                calls += n;
            }
            assertTrue(calls >= 3, body + "-byte body: " + calls + " engine calls, want the four-call path");
        }
    }
}
