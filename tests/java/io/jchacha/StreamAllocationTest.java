// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * A long stream allocates nothing per call: the engine's working memory (the Java engine's up to 16 KiB of lanes,
 * the staging chunk for buffers without an array) lives with the cipher instance, not with the call. Runs on every
 * backend the suite forces; the pure-Java engine is the one that used to allocate 16 KiB per wide call.
 */
class StreamAllocationTest {
    /** Allowed bytes per call: the meter's own noise, far below one scratch array. */
    private static final long SLACK = 64;

    private static final int WARMUP = 300;
    private static final int CALLS = 1000;

    private static ChaCha20 cipher() {
        return ChaCha20.newInstance(ChaCha20.Variant.ORIGINAL, new byte[32], new byte[8], 0, 20);
    }

    private static void assertNoAllocation(String what, AllocationMeter.Op op) throws Throwable {
        long perCall = AllocationMeter.perCall(WARMUP, CALLS, op);
        long allowed = SLACK + AllocationMeter.bridgeAllowance();
        assertTrue(
                perCall <= allowed,
                what + " allocates " + perCall + " bytes per call on " + Backends.active() + " over "
                        + Backends.bridge() + " (at most " + allowed + " allowed)");
    }

    @Test
    void wideArrayUpdatesAllocateNothing() throws Throwable {
        ChaCha20 c = cipher();
        byte[] buf = new byte[16 * 1024];
        assertNoAllocation("update(byte[16 KiB]) in place", () -> c.update(buf, 0, buf.length, buf, 0));
        byte[] out = new byte[buf.length];
        assertNoAllocation("update(byte[1 KiB + 17]) to another array", () -> c.update(buf, 0, 1041, out, 0));
        assertNoAllocation("keystream(byte[4 KiB])", () -> c.keystream(buf, 0, 4096));
    }

    @Test
    void shortUpdatesFromTheKeystreamCacheAllocateNothing() throws Throwable {
        ChaCha20 c = cipher();
        byte[] buf = new byte[100];
        assertNoAllocation("update(byte[37])", () -> c.update(buf, 0, 37, buf, 0));
    }

    @Test
    void bufferUpdatesAllocateNothing() throws Throwable {
        ChaCha20 c = cipher();
        ByteBuffer heap = ByteBuffer.allocate(16 * 1024);
        ByteBuffer direct = ByteBuffer.allocateDirect(16 * 1024);
        assertNoAllocation("update(heap -> direct, 16 KiB)", () -> c.update(heap.clear(), direct.clear()));
        assertNoAllocation("update(direct -> heap, 16 KiB)", () -> c.update(direct.clear(), heap.clear()));
        ByteBuffer direct2 = ByteBuffer.allocateDirect(16 * 1024);
        assertNoAllocation("update(direct -> direct, 16 KiB)", () -> c.update(direct.clear(), direct2.clear()));
    }

    @Test
    void randomRefillsAllocateNothing() throws Throwable {
        ChaChaRandom r = ChaChaRandom.chacha20(new byte[32]);
        byte[] buf = new byte[16 * 1024];
        assertNoAllocation("ChaChaRandom.nextBytes(16 KiB)", () -> r.nextBytes(buf));
        assertNoAllocation("ChaChaRandom.nextLong()", r::nextLong);
    }
}
