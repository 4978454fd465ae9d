// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import io.jchacha.Backend;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * Engines side by side in one JVM without JMH, for choosing {@code auto} thresholds on a shared machine: ns of this
 * thread's CPU time per {@code xor} (IETF, byte[]) and per AEAD seal, best of 9 runs, for each size and backend
 * ({@code jdk} as forced, plus {@code jdk-sunjce-aead}: its AEAD through SunJCE whatever its intrinsics). Not a test.
 *
 * <pre>
 * java -cp target/classes:target/test-classes:target/natives/linux-x86_64:&lt;native-lib-loader, slf4j-api jars&gt; \
 *     io.jchacha.internal.EngineTimes 64,1024,16384 java,jdk,avx2
 * </pre>
 */
public final class EngineTimes {
    private static final ThreadMXBean T = ManagementFactory.getThreadMXBean();
    private static volatile int sink;

    private EngineTimes() {}

    private interface Call {
        void run(byte[] in, byte[] out, int len);
    }

    private static double ns(Call call, int len) {
        byte[] in = new byte[len], out = new byte[len + 16];
        int iters = Math.max(500, 4_000_000 / (len + 256));
        double best = Double.MAX_VALUE;
        for (int r = 0; r < 9; r++) {
            long t = T.getCurrentThreadCpuTime();
            for (int i = 0; i < iters; i++) {
                call.run(in, out, len);
            }
            best = Math.min(best, (T.getCurrentThreadCpuTime() - t) / (double) iters);
        }
        sink += out[0];
        return best;
    }

    public static void main(String[] args) {
        int[] sizes =
                Arrays.stream(args[0].split(",")).mapToInt(Integer::parseInt).toArray();
        String[] names = args[1].split(",");
        int[] st = new int[16];
        ChaChaBlock.setConstants(st);
        for (int i = 4; i < 16; i++) {
            st[i] = i * 0x01010101;
        }
        st[12] = 0;
        byte[] aad = new byte[0];
        for (int pass = 0; pass < 2; pass++) {
            System.out.println("pass " + pass + ": ns per call (MB/s), thread CPU time, best of 9");
            for (String what : new String[] {"xor", "seal"}) {
                for (int len : sizes) {
                    StringBuilder line = new StringBuilder(String.format("%-4s %6d B:", what, len));
                    for (String n : names) {
                        boolean sunJce = n.equals("jdk-sunjce-aead");
                        Engine e = Engines.forBackend(Backend.fromId(sunJce ? "jdk" : n));
                        AeadEngine a =
                                sunJce ? new JdkAead(((JdkEngine) e).withSunJceAead(true)) : AeadEngine.forEngine(e);
                        double t = what.equals("xor")
                                ? ns((in, out, l) -> e.xor(st, 20, false, in, 0, out, 0, l), len)
                                : ns(
                                        (in, out, l) -> a.seal(st, st[13], st[14], st[15], aad, 0, 0, in, 0, l, out, 0),
                                        len);
                        line.append(String.format("  %s %7.0f (%5.0f)", n, t, len * 1e3 / t));
                    }
                    System.out.println(line);
                }
            }
        }
    }
}
