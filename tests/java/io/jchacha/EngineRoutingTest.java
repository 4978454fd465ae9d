// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jchacha.internal.Engines;
import io.jchacha.internal.JavaEngine;
import io.jchacha.internal.ServedCounter;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Which engine actually computes each call, read from {@link ServedCounter} (pom.xml turns the counters on): auto
 * sends short inputs to Java and long ones to its native backend, per the thresholds in Engines; a forced native
 * backend serves every size from 1 byte; and every native kernel this machine runs is reached at 1..64 bytes.
 */
class EngineRoutingTest {
    static final byte[] KEY = new byte[32];
    static final byte[] NONCE = new byte[12];
    /**
     * auto's backends other than Java and the size below which each sends a call to Java (Backend.autoJavaBelow(),
     * written out again here so that a changed threshold shows; jdk is what auto runs where no native backend loads).
     */
    static final Map<Backend, Integer> AUTO_JAVA_BELOW =
            Map.of(Backend.AVX512, 192, Backend.AVX2, 256, Backend.NEON, 256, Backend.JDK, 256);

    @BeforeAll
    static void countersOn() {
        assertTrue(ServedCounter.ENABLED, "run with -D" + ServedCounter.PROPERTY + "=true (pom.xml sets it)");
    }

    /** Which backends served the calls {@code r} makes. */
    static Set<Backend> servedBy(Runnable r) {
        long[] before = new long[Backend.values().length];
        for (Backend b : Backend.values()) {
            before[b.ordinal()] = ServedCounter.count(b);
        }
        r.run();
        Set<Backend> s = java.util.EnumSet.noneOf(Backend.class);
        for (Backend b : Backend.values()) {
            if (ServedCounter.count(b) != before[b.ordinal()]) {
                s.add(b);
            }
        }
        return s;
    }

    /** Auto: short calls to Java, long ones to its native (or jdk) backend; forced: every size from 1 byte to it. */
    @Test
    void eachSizeIsServedByTheEngineTheSelectionPromises() {
        if (Backends.requested().equals("auto")) {
            autoSendsShortCallsToJavaAndLongOnesToItsNativeBackend();
        } else {
            forcedBackendServesEverySizeFromOneByte();
        }
    }

    static void autoSendsShortCallsToJavaAndLongOnesToItsNativeBackend() {
        Backend active = Backends.active();
        Integer below = AUTO_JAVA_BELOW.get(active);
        Backend longCalls = below == null ? Backend.JAVA : active;
        assertEquals(
                Set.of(Backend.JAVA),
                servedBy(() -> ChaCha20.ietf(KEY, NONCE).update(new byte[16])),
                "16 bytes, auto on " + active);
        assertEquals(
                Set.of(longCalls),
                servedBy(() -> ChaCha20.ietf(KEY, NONCE).update(new byte[4096])),
                "4 KiB, auto on " + active);
        if (below != null) {
            assertEquals(
                    Set.of(Backend.JAVA),
                    servedBy(() -> ChaCha20.ietf(KEY, NONCE).update(new byte[below - 64])),
                    (below - 64) + " bytes");
            assertEquals(
                    Set.of(active),
                    servedBy(() -> ChaCha20.ietf(KEY, NONCE).update(new byte[below])),
                    below + " bytes");
        }
    }

    static void forcedBackendServesEverySizeFromOneByte() {
        Backend forced = Backends.active();
        for (int len = 1; len <= 64; len++) {
            byte[] in = new byte[len];
            int n = len;
            assertEquals(
                    Set.of(forced), servedBy(() -> ChaCha20.ietf(KEY, NONCE).update(in)), n + " bytes");
            ByteBuffer din = ByteBuffer.allocateDirect(len);
            ByteBuffer dout = ByteBuffer.allocateDirect(len);
            assertEquals(
                    Set.of(forced),
                    servedBy(() -> ChaCha20.ietf(KEY, NONCE).update(din, dout)),
                    n + " bytes, direct buffers");
        }
    }

    /** Each native engine directly, 1..64 bytes, against the Java engine: in every run, the arm64 one included. */
    @Test
    void everyNativeKernelIsReachedAtSmallSizes() {
        int[] state = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
        for (Backend b : TestSupport.nativeBackends()) {
            for (int len = 1; len <= 64; len++) {
                byte[] in = new byte[len];
                new java.util.Random(len).nextBytes(in);
                byte[] want = new byte[len];
                byte[] got = new byte[len];
                int n = len;
                JavaEngine.INSTANCE.xor(state, 20, false, in, 0, want, 0, len);
                assertEquals(
                        Set.of(b),
                        servedBy(() -> Engines.forBackend(b).xor(state, 20, false, in, 0, got, 0, n)),
                        b + ", " + len + " bytes");
                assertArrayEquals(want, got, b + ", " + len + " bytes");
            }
        }
    }
}
