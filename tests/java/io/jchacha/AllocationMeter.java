// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Bytes the current thread allocates per run of an operation: HotSpot's per-thread allocation counter
 * ({@code com.sun.management.ThreadMXBean.getCurrentThreadAllocatedBytes}), which counts every allocation of this
 * thread and nothing of the JIT's or GC's threads. Reached reflectively: the tests compile inside module io.jchacha,
 * which does not read java.management.
 */
public final class AllocationMeter {
    /** Something to measure; may throw (a Cipher call). */
    public interface Op {
        void run() throws Exception;
    }

    private AllocationMeter() {}

    /**
     * Bytes one stream call may allocate on the bridge in use: the FFM bridge wraps arrays and buffers in segments
     * ({@code MemorySegment.ofArray}, or {@code ofBuffer} of a duplicate). Once C2 has compiled the caller they are
     * scalar-replaced (a warmed-up {@code ChaCha20.update} of 1 KiB allocates nothing: JMH {@code CallCostBench.update
     * -prof gc}), but not yet in the thousand calls counted here: 144 bytes a call for arrays and 272 for direct
     * buffers, measured on JDK 25. JNI, the Java engine and the jdk engine (its SunJCE Cipher stays with the stream)
     * allocate nothing. Garbage of that size dies young: it does not grow a stream's memory the way a 16 KiB array
     * per call did.
     */
    public static long bridgeAllowance() {
        return "ffm".equals(Backends.bridge()) && Backends.active().isNative() ? 272 : 0;
    }

    /** The counter of the current thread, or null (the test is then skipped) where the JVM cannot count. */
    private static MethodHandle counter() throws Exception {
        Object bean = Class.forName("java.lang.management.ManagementFactory")
                .getMethod("getThreadMXBean")
                .invoke(null);
        Class<?> ext = Class.forName("com.sun.management.ThreadMXBean");
        if (!ext.isInstance(bean)
                || !(boolean) ext.getMethod("isThreadAllocatedMemorySupported").invoke(bean)) {
            return null;
        }
        ext.getMethod("setThreadAllocatedMemoryEnabled", boolean.class).invoke(bean, true);
        return MethodHandles.publicLookup()
                .findVirtual(ext, "getCurrentThreadAllocatedBytes", MethodType.methodType(long.class))
                .bindTo(bean);
    }

    /**
     * Runs {@code op} {@code warmup} times, then {@code calls} times while counting, and returns the bytes allocated
     * per counted call (rounded down). Skips the test where the JVM cannot count.
     */
    public static long perCall(int warmup, int calls, Op op) throws Throwable {
        MethodHandle allocated = counter();
        assumeTrue(allocated != null, "this JVM cannot count a thread's allocated bytes");
        for (int i = 0; i < warmup; i++) {
            op.run();
        }
        long before = (long) allocated.invokeExact();
        for (int i = 0; i < calls; i++) {
            op.run();
        }
        long after = (long) allocated.invokeExact();
        return (after - before) / calls;
    }
}
