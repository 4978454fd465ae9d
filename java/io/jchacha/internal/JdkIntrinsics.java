// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Provider;
import java.security.Security;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Whether the running JVM turns SunJCE's ChaCha20 block function (and its Poly1305) into SIMD stubs, worked out from
 * what can be observed at run time: HotSpot has them from JDK 20 (JDK-8247645) on x86-64 and AArch64. On x86-64
 * the stub needs AVX, the {@code jdk} backend AVX2 (the AVX1 stub does fewer blocks a call than the Java engine);
 * {@code UseAVX}, a product flag, says which the JIT uses. {@code UseChaCha20Intrinsics} and
 * {@code UsePoly1305Intrinsics} are diagnostic flags, readable through {@code HotSpotDiagnosticMXBean} only when
 * {@code -XX:+UnlockDiagnosticVMOptions} is on: then they decide; otherwise HotSpot's defaults are assumed (ChaCha20
 * on wherever the CPU qualifies; Poly1305 as {@link #poly1305()} says).
 *
 * <p>Reading flags needs the {@code jdk.management} module (on the class path it is always there; a named-module
 * application adds it with {@code --add-modules jdk.management}) and starts the management service, about 0.1 s:
 * so the {@code jdk} backend is probed only when something needs it (see {@link Engines}).
 */
final class JdkIntrinsics {
    /** The first JDK whose HotSpot intrinsifies ChaCha20. */
    static final int FIRST_JDK = 20;

    private JdkIntrinsics() {}

    /** Null when SunJCE's ChaCha20 runs as an intrinsic here, else why not. */
    static String chachaUnavailableReason() {
        int feature = Runtime.version().feature();
        if (feature < FIRST_JDK) {
            return "SunJCE ChaCha20 intrinsics need JDK " + FIRST_JDK + "+ (running " + feature + ")";
        }
        String arch = arch();
        if (arch == null) {
            return "HotSpot has no ChaCha20 intrinsic for os.arch " + System.getProperty("os.arch");
        }
        if (System.getProperty("java.vm.info", "").contains("interpreted mode")) {
            return "the JIT is off (-Xint), so SunJCE ChaCha20 is not intrinsified";
        }
        if (sunJce() == null) {
            return "the SunJCE provider is not installed";
        }
        try {
            if (arch.equals("x86_64")) {
                String avx = flag("UseAVX");
                if (avx == null || Integer.parseInt(avx) < 2) {
                    return "the JIT does not use AVX2 here (UseAVX=" + avx + ")";
                }
            }
            if ("false".equals(flag("UseChaCha20Intrinsics"))) {
                return "UseChaCha20Intrinsics is off";
            }
        } catch (LinkageError | RuntimeException e) {
            return "cannot read the JVM's flags (" + e + "; a named-module application adds "
                    + "--add-modules jdk.management)";
        }
        return null;
    }

    /**
     * Whether SunJCE's Poly1305 runs as an intrinsic too (call only when ChaCha20 does). Without the diagnostic flag:
     * on AArch64 from JDK 21; on x86-64 where HotSpot's stub can run, AVX-512 IFMA with VL and BW in the CPU's flags
     * (read from /proc/cpuinfo, so Linux only) and the JIT at {@code UseAVX} 3 with 64-byte vectors. Where it says
     * false and HotSpot has the stub after all (another OS, a later HotSpot with more stubs), the Java AEAD serves:
     * the same bytes, slower. {@code JdkIntrinsicsTest} compares it with the flag a child JVM prints.
     */
    static boolean poly1305() {
        try {
            String f = flag("UsePoly1305Intrinsics");
            if (f != null) {
                return f.equals("true");
            }
            if ("x86_64".equals(arch())) {
                String avx = flag("UseAVX");
                String vector = flag("MaxVectorSize");
                return avx != null
                        && Integer.parseInt(avx) >= 3
                        && (vector == null || Integer.parseInt(vector) >= 64)
                        && linuxCpuFlags().containsAll(List.of("avx512ifma", "avx512vl", "avx512bw"));
            }
        } catch (LinkageError | RuntimeException e) {
            return false;
        }
        return "aarch64".equals(arch()) && Runtime.version().feature() >= 21;
    }

    /** The first {@code flags} line of /proc/cpuinfo as a set; empty where there is none or it cannot be read. */
    private static Set<String> linuxCpuFlags() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            return lines.filter(l -> l.startsWith("flags"))
                    .findFirst()
                    .map(l -> Set.copyOf(
                            List.of(l.substring(l.indexOf(':') + 1).trim().split("\\s+"))))
                    .orElse(Set.of());
        } catch (IOException | RuntimeException e) {
            return Set.of();
        }
    }

    static Provider sunJce() {
        return Security.getProvider("SunJCE");
    }

    /** {@code x86_64}, {@code aarch64}, or null for an architecture HotSpot has no ChaCha20 stub for. */
    private static String arch() {
        String a = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        if (a.equals("amd64") || a.equals("x86_64")) {
            return "x86_64";
        }
        return a.equals("aarch64") || a.equals("arm64") ? "aarch64" : null;
    }

    /** A HotSpot flag's value; null when this JVM does not show it (a locked diagnostic flag). */
    private static String flag(String name) {
        com.sun.management.HotSpotDiagnosticMXBean b =
                ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
        if (b == null) {
            throw new UnsupportedOperationException("this JVM has no HotSpotDiagnosticMXBean");
        }
        try {
            return b.getVMOption(name).getValue();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
