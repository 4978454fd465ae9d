// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.jchacha.Backends;
import java.nio.file.Files;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Both Linux libraries load on glibc 2.17 (RHEL/CentOS 7) and later: no symbol version they need is newer. */
class LinuxLibrariesTest {
    @ParameterizedTest
    @CsvSource({"linux-x86_64, linux_64", "linux-aarch_64, linux_arm64"})
    void noSymbolNewerThanGlibc217(String classifier, String dir) throws Exception {
        Assumptions.assumeTrue(System.getProperty(Backends.PROPERTY, "auto").equals("auto"), "unforced run only");
        Set<String> needed =
                ElfFile.neededVersions(Files.readAllBytes(ShippedNatives.library(classifier, dir, "libjchacha.so")));
        assertFalse(needed.isEmpty(), "no symbol versions found");
        Set<String> tooNew = needed.stream()
                .filter(v -> newerThan217(v.substring(v.indexOf(' ') + 1)))
                .collect(Collectors.toSet());
        assertEquals(Set.of(), tooNew, "symbol versions newer than GLIBC_2.17 (all needed: " + needed + ")");
    }

    private static boolean newerThan217(String version) {
        if (!version.startsWith("GLIBC_2.")) {
            return !version.startsWith("GLIBC_");
        }
        String[] parts = version.substring("GLIBC_2.".length()).split("\\.");
        return Integer.parseInt(parts[0]) > 17;
    }
}
