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
import org.junit.jupiter.api.io.TempDir;

/**
 * jchacha as a named module: {@code io.jchacha} on the module path loads its native library from the class path
 * and, with {@code --enable-native-access=io.jchacha}, runs without the JDK's restricted-method warning (JDK 24+;
 * the build's JDK 25 where it has one, else this JVM). SLF4J without a binding stays silent too. The module exports
 * its API packages and nothing else; beside sshj (an automatic module) its sshj adapter runs.
 */
class ModulePathTest {
    @Test
    void namedModuleLoadsNativesSilently() throws Exception {
        assumeNativeUnforced();
        String modules = modulePath("picocli");
        String natives = natives();
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

    /**
     * sshj is an automatic module that io.jchacha {@code requires static}: with both on the module path, a program
     * installs the adapter in sshj's configuration and runs a packet through it, io.jchacha reading sshj.
     */
    @Test
    void sshjAdapterOnTheModulePath(@TempDir Path dir) throws Exception {
        assumeNativeUnforced();
        String modules = modulePath("sshj", "asn-one");
        String natives = natives();
        Path probe = dir.resolve("Probe.java");
        Files.writeString(
                probe,
                String.join(
                        "\n",
                        "import io.jchacha.ssh.sshj.ChaCha20Poly1305Factory;",
                        "import net.schmizz.sshj.DefaultConfig;",
                        "import net.schmizz.sshj.transport.cipher.Cipher;",
                        "public class Probe {",
                        "    public static void main(String[] a) {",
                        "        DefaultConfig config = new DefaultConfig();",
                        "        ChaCha20Poly1305Factory.install(config);",
                        "        Cipher c = config.getCipherFactories().get(0).create();",
                        "        Cipher d = config.getCipherFactories().get(0).create();",
                        "        c.init(Cipher.Mode.Encrypt, new byte[64], null);",
                        "        d.init(Cipher.Mode.Decrypt, new byte[64], null);",
                        "        byte[] p = new byte[4 + 32 + 16];",
                        "        p[3] = 32;",
                        "        c.setSequenceNumber(3);",
                        "        c.updateWithAAD(p, 0, 4, 32);",
                        "        d.setSequenceNumber(3);",
                        "        d.updateAAD(p, 0, 4);",
                        "        d.update(p, 4, 32);",
                        "        System.out.println(c.getClass().getModule() + \" reads \"",
                        "                + net.schmizz.sshj.SSHClient.class.getModule() + \", length \" + p[3]);",
                        "    }",
                        "}",
                        ""));
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(
                        java,
                        "--enable-native-access=io.jchacha",
                        "--module-path",
                        modules,
                        "--add-modules",
                        "io.jchacha,com.hierynomus.sshj",
                        "-cp",
                        natives,
                        probe.toString())
                .start();
        String out = new String(p.getInputStream().readAllBytes());
        String err = new String(p.getErrorStream().readAllBytes()); // SLF4J without a binding may speak here
        assertEquals(0, p.waitFor(), out + err);
        assertEquals("module io.jchacha reads module com.hierynomus.sshj, length 32\n", out, err);
    }

    private static void assumeNativeUnforced() {
        Assumptions.assumeFalse(Boolean.getBoolean("jchacha.test.skipNative"), "native build skipped");
        Assumptions.assumeTrue(System.getProperty(Backends.PROPERTY, "auto").equals("auto"), "unforced run only");
    }

    private static List<String> testClassPath() {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return Arrays.asList(cp.split(File.pathSeparator));
    }

    /** The module path: jchacha's classes, native-lib-loader, slf4j-api, and the jars whose paths contain extra. */
    private static String modulePath(String... extra) {
        return testClassPath().stream()
                .filter(e -> e.endsWith("classes") && !e.endsWith("test-classes")
                        || e.contains("native-lib-loader")
                        || e.contains("slf4j-api")
                        || Arrays.stream(extra).anyMatch(e::contains))
                .collect(Collectors.joining(File.pathSeparator));
    }

    /** The staged native libraries, for the class path. */
    private static String natives() {
        return testClassPath().stream()
                .filter(e -> e.replace('\\', '/').contains("/natives/"))
                .collect(Collectors.joining(File.pathSeparator));
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
