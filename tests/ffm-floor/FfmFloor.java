// SPDX-License-Identifier: Apache-2.0
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;

/**
 * The floor under jchacha's FFM bridge: what a critical downcall costs on this JVM and machine with nothing to do
 * in C, empty, with jc_capi_xor's fourteen arguments and NULL addresses, and with two heap arrays (as the bridge
 * passes them: whole, with offsets). ns of thread CPU time per call, best of 20 rounds of 2 million calls. Not part of the build (JDK 22+):
 * <pre>
 * gcc -O2 -shared -fPIC -o /tmp/libffmfloor.so tests/ffm-floor/empty.c
 * java --enable-native-access=ALL-UNNAMED tests/ffm-floor/FfmFloor.java /tmp/libffmfloor.so
 * </pre>
 */
public final class FfmFloor {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) throws Throwable {
        Linker linker = Linker.nativeLinker();
        SymbolLookup lib = SymbolLookup.libraryLookup(Path.of(args[0]), Arena.global());
        Linker.Option critical = Linker.Option.critical(true);
        MethodHandle empty = linker.downcallHandle(
                lib.find("ffm_floor_empty").orElseThrow(), FunctionDescriptor.of(JAVA_INT), critical);
        MethodHandle xor = linker.downcallHandle(
                lib.find("ffm_floor_xor_shape").orElseThrow(),
                FunctionDescriptor.of(
                        JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT,
                        JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG),
                critical);
        byte[] in = new byte[1024];
        byte[] out = new byte[1024];
        String[] what = {"empty", "14 arguments, NULL addresses", "14 arguments, two heap arrays"};
        double[] best = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        int sink = 0;
        for (int round = 0; round < 25; round++) {
            for (int w = 0; w < what.length; w++) {
                int n = 2_000_000;
                long t0 = CPU.getCurrentThreadCpuTime();
                for (int i = 0; i < n; i++) {
                    if (w == 0) {
                        sink += (int) empty.invokeExact();
                    } else if (w == 1) {
                        sink += (int) xor.invokeExact(
                                1,
                                2L,
                                3L,
                                4L,
                                5L,
                                6L,
                                7L,
                                20,
                                0,
                                MemorySegment.NULL,
                                0L,
                                MemorySegment.NULL,
                                0L,
                                1024L);
                    } else {
                        sink += (int) xor.invokeExact(
                                1,
                                2L,
                                3L,
                                4L,
                                5L,
                                6L,
                                7L,
                                20,
                                0,
                                MemorySegment.ofArray(in),
                                0L,
                                MemorySegment.ofArray(out),
                                0L,
                                1024L);
                    }
                }
                double ns = (CPU.getCurrentThreadCpuTime() - t0) / (double) n;
                if (round >= 5) {
                    best[w] = Math.min(best[w], ns);
                }
            }
        }
        for (int w = 0; w < what.length; w++) {
            System.out.printf("critical downcall, %-30s %6.1f ns%n", what[w] + ":", best[w]);
        }
        System.out.println(sink == 42 ? "" : "(checksum " + (sink & 0xff) + ")");
    }
}
