// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import java.util.ArrayList;
import java.util.List;

/**
 * The start of a command line for a child JVM like this one: the same java, native access enabled (JDK 24+ warns
 * otherwise; JDK 17 accepts the flag too), and this run's {@code jchacha.*} properties, the backend only if asked.
 */
public final class ChildJvm {
    private ChildJvm() {}

    public static List<String> command(boolean forwardBackend) {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.add("--enable-native-access=ALL-UNNAMED");
        for (String name : System.getProperties().stringPropertyNames()) {
            if (name.startsWith("jchacha.") && (forwardBackend || !name.equals(Backends.PROPERTY))) {
                cmd.add("-D" + name + "=" + System.getProperty(name));
            }
        }
        return cmd;
    }
}
