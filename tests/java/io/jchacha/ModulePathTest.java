// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * jchacha as a named module: {@code io.jchacha} on the module path loads its native library from the class path
 * and, with {@code --enable-native-access=io.jchacha}, runs without the JDK's restricted-method warning (JDK 24+;
 * the build's JDK 25 where it has one, else this JVM). SLF4J without a binding stays silent too. The module exports
 * its API packages and nothing else.
 */
class ModulePathTest {
    @Test
    void namedModuleLoadsNativesSilently() throws Exception {
        Assumptions.assumeFalse(Boolean.getBoolean("jchacha.test.skipNative"), "native build skipped");
        Assumptions.assumeTrue(System.getProperty(Backends.PROPERTY, "auto").equals("auto"), "unforced run only");
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> all = Arrays.asList(cp.split(File.pathSeparator));
        String modules = all.stream()
                .filter(e -> e.endsWith("classes") && !e.endsWith("test-classes")
                        || e.contains("native-lib-loader")
                        || e.contains("slf4j-api")
                        || e.contains("picocli"))
                .collect(Collectors.joining(File.pathSeparator));
        String natives = all.stream()
                .filter(e -> e.replace('\\', '/').contains("/natives/"))
                .collect(Collectors.joining(File.pathSeparator));
        String jdk25 = System.getProperty("jchacha.test.jdk25Java", ""); // pom.xml's jdk25 profile
        String java = !jdk25.isEmpty()
                ? jdk25
                : ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>(List.of(
                java,
                "--enable-native-access=io.jchacha",
                "--add-modules",
                "info.picocli",
                "--module-path",
                modules,
                "-cp",
                natives,
                "-m",
                "io.jchacha/io.jchacha.cli.Main",
                "info"));
        Process p = new ProcessBuilder(cmd).start();
        String out = new String(p.getInputStream().readAllBytes());
        String err = new String(p.getErrorStream().readAllBytes());
        assertEquals(0, p.waitFor(), out + err);
        assertEquals("", err, "no warnings, no SLF4J noise");
        assertTrue(out.contains("\nactive: ") && !out.contains("\nactive: java\n"), out);
    }

    @Test
    void exportsTheApiPackagesOnly() throws Exception {
        Path classes = Path.of(ChaCha20.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        Assumptions.assumeTrue(Files.isDirectory(classes), "classes from a jar: " + classes);
        ModuleDescriptor d =
                ModuleFinder.of(classes).find("io.jchacha").orElseThrow().descriptor();
        Set<String> exported =
                d.exports().stream().map(ModuleDescriptor.Exports::source).collect(Collectors.toSet());
        assertEquals(
                Set.of(
                        "io.jchacha",
                        "io.jchacha.secretstream",
                        "io.jchacha.ssh",
                        "io.jchacha.ssh.jsch", // JSch makes ciphers by name: the class must be public and exported
                        "io.jchacha.ssh.mina",
                        "io.jchacha.ssh.sshj"),
                exported,
                "exported packages");
    }
}
