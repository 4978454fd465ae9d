// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * The native libraries as the classifier jars hold them (the build's staging folder, jchacha.test.natives). A
 * platform whose library was not built is skipped with the reason; under CI (CI=true) its absence is a failure.
 */
final class ShippedNatives {
    private ShippedNatives() {}

    static Path library(String classifier, String loaderDir, String file) {
        Path p = Path.of(
                System.getProperty("jchacha.test.natives", "target/natives"), classifier, "natives", loaderDir, file);
        if (!Files.isRegularFile(p)) {
            String why = p + " was not built (its cross compiler is missing, or -Djchacha.cross=OFF)";
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError(why + " (CI must build it: see .ci/run)");
            }
            Assumptions.assumeTrue(false, why);
        }
        return p;
    }

    /** The JNI functions javac -h declared for the native methods: what every library must export. */
    static java.util.Set<String> jniFunctions() throws java.io.IOException {
        Path headers = Path.of(System.getProperty("jchacha.test.nativeBuild", "target/native-build"))
                .resolveSibling("jni-headers");
        java.util.Set<String> names = new java.util.TreeSet<>();
        java.util.regex.Pattern fn = java.util.regex.Pattern.compile("JNICALL (Java_\\w+)");
        try (var files = Files.list(headers)) {
            for (Path h : (Iterable<Path>) files::iterator) {
                fn.matcher(Files.readString(h)).results().forEach(m -> names.add(m.group(1)));
            }
        }
        return names;
    }

    /** The plain-C entry points of the FFM bridge (JC_CAPI in native/jchacha_capi.h): exported beside the JNI ones. */
    static java.util.Set<String> capiFunctions() throws java.io.IOException {
        Path header = Path.of(System.getProperty("jchacha.test.nativeBuild", "target/native-build"))
                .toAbsolutePath()
                .getParent()
                .getParent()
                .resolve("native/jchacha_capi.h");
        java.util.Set<String> names = new java.util.TreeSet<>();
        java.util.regex.Pattern.compile("JC_CAPI \\w+ (jc_capi_\\w+)\\(")
                .matcher(Files.readString(header))
                .results()
                .forEach(m -> names.add(m.group(1)));
        return names;
    }
}
