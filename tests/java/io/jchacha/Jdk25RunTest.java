// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Wherever a JDK 25 is installed under /usr/lib/jvm, the suite's JDK 25 run (pom.xml's jdk25 profile, which hands
 * its java to every run as jchacha.test.jdk25Java) must be on: this fails, instead of the run silently not
 * happening, when the profile did not activate (a JDK 25 at another path than jchacha.jdk25.home, or -P!jdk25).
 */
class Jdk25RunTest {
    static List<Path> installedJdk25() throws IOException {
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(jvms)) {
            return s.filter(home -> Files.isExecutable(home.resolve("bin/java")) && !Files.isSymbolicLink(home))
                    .filter(home -> majorVersion(home) == 25)
                    .sorted()
                    .collect(Collectors.toList());
        }
    }

    /** JAVA_VERSION from the JDK's release file, or 0. */
    static int majorVersion(Path home) {
        try {
            for (String line : Files.readAllLines(home.resolve("release"))) {
                if (line.startsWith("JAVA_VERSION=\"")) {
                    return Integer.parseInt(line.substring(14).split("[.\"+-]")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not a JDK we can read
        }
        return 0;
    }

    @Test
    void jdk25RunIsOnWhereJdk25IsInstalled() throws IOException {
        List<Path> jdk25 = installedJdk25();
        String configured = System.getProperty("jchacha.test.jdk25Java", "");
        if (jdk25.isEmpty()) {
            return; // nothing to require; an explicitly configured JDK 25 must still be one (below)
        }
        assertFalse(
                configured.isEmpty(),
                "JDK 25 installed at " + jdk25 + " but the suite's JDK 25 run is off: "
                        + "pom.xml's jdk25 profile activates on ${jchacha.jdk25.home}/bin/javac (.mvn/maven.config); "
                        + "-Djchacha.jdk25.home=<that JDK> points it there");
        Path home = Path.of(configured).getParent().getParent();
        assertEquals(25, majorVersion(home), configured + " is not a JDK 25");
    }
}
