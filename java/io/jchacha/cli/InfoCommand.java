// SPDX-License-Identifier: Apache-2.0
package io.jchacha.cli;

import io.jchacha.Backend;
import io.jchacha.Backends;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** What runs here and why. */
@Command(
        name = "info",
        mixinStandardHelpOptions = true,
        description = "Show the JDK, CPU features, every backend's availability and the active one.")
final class InfoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.printf(
                "jdk: %s %s (%s)%n",
                System.getProperty("java.vm.name"),
                System.getProperty("java.version"),
                System.getProperty("java.home"));
        out.printf("os: %s %s%n", System.getProperty("os.name"), System.getProperty("os.arch"));
        String features = Backends.cpuFeatures();
        out.printf("cpu features: %s%n", features.isEmpty() ? "(not probed: native library not loaded)" : features);
        out.printf("requested: %s%n", Backends.requested());
        out.printf("bridge: %s (%s)%n", Backends.bridge(), Backends.bridgeReason());
        out.println("backends:");
        for (Backend b : Backend.values()) {
            out.printf(
                    "  %-9s %s%n",
                    b.id(),
                    Backends.unavailableReason(b).map(r -> "unavailable: " + r).orElse("available"));
        }
        try {
            Backend active = Backends.active();
            out.printf("active: %s%n", active.id());
            out.printf("reason: %s%n", Backends.activeReason());
            return 0;
        } catch (RuntimeException e) {
            out.printf("active: none%n");
            out.printf("reason: %s%n", e.getMessage());
            return 1;
        }
    }
}
