// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The backends this machine should run, worked out without the native library: from the kernel's record of the
 * CPU's features on Linux ({@code /proc/cpuinfo} flags on x86-64: AVX2 needs {@code avx2}, AVX-512 needs
 * {@code avx512f} and {@code avx512vl}, as native/dispatch.c requires; on AArch64 {@code asimd}, read from the
 * auxiliary vector's AT_HWCAP because under qemu-user /proc/cpuinfo describes the host). Empty where that record
 * is not available (other OSes), so callers can tell "unknown" from "none".
 */
public final class CpuBackends {
    private CpuBackends() {}

    /** Whether this run was built without the native library (-Djchacha.skipNative). */
    public static boolean nativeSkipped() {
        return Boolean.getBoolean("jchacha.test.skipNative");
    }

    /**
     * The backends that must be available here, or empty when this platform's CPU features cannot be read. The jdk
     * backend needs JDK 20+ and the CPU features of the native avx2 or neon one (HotSpot's ChaCha20 stubs; the suite
     * runs with the JVM's default flags).
     */
    public static Optional<Set<Backend>> expected() {
        Optional<Set<Backend>> cpu = fromCpu();
        if (!nativeSkipped()) {
            return cpu;
        }
        if (Runtime.version().feature() < 20) {
            return Optional.of(EnumSet.of(Backend.JAVA));
        }
        cpu.ifPresent(s -> s.retainAll(EnumSet.of(Backend.JAVA, Backend.JDK)));
        return cpu;
    }

    private static Optional<Set<Backend>> fromCpu() {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            return Optional.empty();
        }
        String arch = System.getProperty("os.arch", "");
        EnumSet<Backend> s = EnumSet.of(Backend.JAVA, Backend.PORTABLE);
        try {
            if (arch.equals("amd64") || arch.equals("x86_64")) {
                Set<String> flags = x86Flags();
                if (flags.contains("avx2")) {
                    s.add(Backend.AVX2);
                }
                if (flags.contains("avx512f") && flags.contains("avx512vl")) {
                    s.add(Backend.AVX512);
                }
            } else if (arch.equals("aarch64")) {
                if ((hwcap() & 2) != 0) { // HWCAP_ASIMD
                    s.add(Backend.NEON);
                }
            } else {
                return Optional.empty();
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot read this CPU's features", e);
        }
        if (Runtime.version().feature() >= 20 && (s.contains(Backend.AVX2) || s.contains(Backend.NEON))) {
            s.add(Backend.JDK);
        }
        return Optional.of(s);
    }

    /** The native backends that must be available here (empty when unknown or none). */
    public static Set<Backend> expectedNative() {
        Set<Backend> s = EnumSet.noneOf(Backend.class);
        expected().ifPresent(s::addAll);
        s.removeIf(b -> !b.isNative());
        return s;
    }

    static Set<String> x86Flags() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
            if (line.startsWith("flags")) {
                return new HashSet<>(Arrays.asList(
                        line.substring(line.indexOf(':') + 1).trim().split("\\s+")));
            }
        }
        throw new IOException("/proc/cpuinfo has no flags line");
    }

    /** AT_HWCAP (16) from /proc/self/auxv: pairs of native-endian 64-bit words. */
    static long hwcap() throws IOException {
        ByteBuffer b =
                ByteBuffer.wrap(Files.readAllBytes(Path.of("/proc/self/auxv"))).order(ByteOrder.nativeOrder());
        while (b.remaining() >= 16) {
            long type = b.getLong();
            long value = b.getLong();
            if (type == 16) {
                return value;
            }
        }
        throw new IOException("/proc/self/auxv has no AT_HWCAP");
    }
}
