// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The library runs on Java 17: every base-version class is Java 17 bytecode (major 61), and the multi-release part
 * (the FFM bridge) is Java 22 bytecode (major 66) under META-INF/versions/22 only, when it was built.
 */
class ClassVersionsTest {
    private static int major(Path classFile) {
        try (InputStream in = Files.newInputStream(classFile);
                DataInputStream d = new DataInputStream(in)) {
            assertEquals(0xCAFEBABE, d.readInt(), classFile + " magic");
            d.readUnsignedShort();
            return d.readUnsignedShort();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void baseClassesAreJava17AndVersionedOnesJava22() throws Exception {
        Path classes = Path.of(ChaCha20.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        Assumptions.assumeTrue(Files.isDirectory(classes), "classes from a jar: " + classes);
        Map<String, Integer> wrong = new TreeMap<>();
        int versioned;
        try (Stream<Path> all = Files.walk(classes)) {
            Map<Boolean, java.util.List<Path>> parts = all.filter(
                            p -> p.toString().endsWith(".class"))
                    .collect(
                            Collectors.partitioningBy(p -> classes.relativize(p).startsWith("META-INF")));
            parts.get(false).stream().filter(p -> major(p) != 61).forEach(p -> wrong.put(p.toString(), major(p)));
            for (Path p : parts.get(true)) {
                boolean in22 = classes.relativize(p).startsWith(Path.of("META-INF", "versions", "22"));
                if (!in22 || major(p) != 66) {
                    wrong.put(p.toString(), major(p));
                }
            }
            versioned = parts.get(true).size();
        }
        assertTrue(Files.isRegularFile(classes.resolve("io/jchacha/ChaCha20.class")), "base classes at " + classes);
        assertEquals(Map.of(), wrong, "class files with the wrong version (61 = Java 17, 66 = Java 22)");
        if (!System.getProperty("jchacha.test.jdk25Java", "").isEmpty()) {
            assertTrue(
                    versioned > 0, "a JDK 25 is configured, so the FFM bridge must be built into META-INF/versions/22");
        }
    }
}
