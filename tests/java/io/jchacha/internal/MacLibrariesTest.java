// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jchacha.Backends;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The macOS libraries are cross-built here (clang, ld64.lld, cmake/macos) and cannot be run here, so what macOS
 * checks when it loads them is checked statically: a 64-bit dylib for the right CPU, linking libSystem alone, the
 * minimum macOS the JDKs support, exactly the JNI functions and the FFM bridge's C API exported, a valid ad-hoc
 * signature on arm64, and the loader's own header check (NativeFileCheck) accepting it on that machine. On a Mac,
 * the loader's ABI check and known-answer self-test still stand between a broken library and any use of it.
 */
class MacLibrariesTest {
    @BeforeEach
    void unforcedOnly() {
        Assumptions.assumeTrue(System.getProperty(Backends.PROPERTY, "auto").equals("auto"), "unforced run only");
    }

    @ParameterizedTest
    @CsvSource({"osx-x86_64, osx_64, x86-64, 10.13", "osx-aarch_64, osx_arm64, AArch64, 11.0"})
    void dylibAsMacOsLoadsIt(String classifier, String dir, String machine, String minOs) throws Exception {
        Path lib = ShippedNatives.library(classifier, dir, "libjchacha.dylib");
        MachOFile m = new MachOFile(Files.readAllBytes(lib));
        assertEquals(MachOFile.MH_DYLIB, m.fileType, "Mach-O type");
        assertEquals(machine.equals("x86-64") ? MachOFile.CPU_X86_64 : MachOFile.CPU_ARM64, m.cpu, "CPU type");
        assertEquals(List.of("/usr/lib/libSystem.B.dylib"), m.dylibs, "linked dylibs");
        assertEquals(minOs, m.minOs, "minimum macOS");

        Set<String> expected =
                ShippedNatives.jniFunctions().stream().map(n -> "_" + n).collect(Collectors.toCollection(TreeSet::new));
        assertTrue(expected.size() > 5, "javac -h headers found: " + expected);
        Set<String> capi = ShippedNatives.capiFunctions();
        assertTrue(capi.contains("jc_capi_xor"), "C API declarations found: " + capi);
        capi.forEach(n -> expected.add("_" + n));
        Set<String> jniHooks =
                m.exported.stream().filter(s -> s.startsWith("_JNI_On")).collect(Collectors.toSet());
        Set<String> rest = new TreeSet<>(m.exported);
        rest.removeAll(jniHooks);
        assertEquals(
                expected,
                rest,
                "exported symbols: exactly the JNI functions (and JNI_OnLoad/OnUnload) and the FFM bridge's C API");

        if (machine.equals("AArch64")) {
            assertNull(m.signatureProblem(), "arm64 macOS runs only signed code: ad-hoc signature");
        }
        assertNull(NativeFileCheck.check(lib, machine), "the loader's header check on " + machine);
        String other = machine.equals("x86-64") ? "AArch64" : "x86-64";
        assertTrue(String.valueOf(NativeFileCheck.check(lib, other)).contains("this JVM runs on " + other));
    }

    @ParameterizedTest
    @CsvSource({"osx-x86_64, osx_64, x86-64", "osx-aarch_64, osx_arm64, AArch64"})
    void truncatedDylibIsRefused(
            String classifier, String dir, String machine, @org.junit.jupiter.api.io.TempDir Path tmp)
            throws Exception {
        byte[] whole = Files.readAllBytes(ShippedNatives.library(classifier, dir, "libjchacha.dylib"));
        Path cut = tmp.resolve("libjchacha.dylib");
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length / 2));
        assertTrue(
                String.valueOf(NativeFileCheck.check(cut, machine)).contains("truncated"),
                NativeFileCheck.check(cut, machine));
    }
}
