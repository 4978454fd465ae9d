// SPDX-License-Identifier: Apache-2.0
package io.jchacha.cli;

import io.jchacha.Backend;
import io.jchacha.Backends;
import io.jchacha.ChaCha20;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import javax.crypto.Cipher;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * A quick streaming-update throughput table. Each implementation runs in its own JVM (the backend is chosen once
 * per JVM, as in the JMH suite, which forks per backend), so JIT profiles do not leak from one to the next.
 */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = "Quick MB/s table: every available backend beside the JDK's own ChaCha20.")
final class BenchCommand implements Callable<Integer> {
    static final int[] SIZES = {16, 64, 256, 1024, 16 * 1024, 1024 * 1024};
    static final String JDK = "jdk";

    @Spec
    CommandSpec spec;

    @Option(names = "--one", hidden = true, description = "measure one implementation in this JVM (internal)")
    String one;

    @Option(names = "--millis", defaultValue = "150", description = "length of one timed run in ms (default 150)")
    int millis;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (one != null) {
            // warm every size first: the JIT compiles the wide paths only once long inputs have run
            for (int size : SIZES) {
                measure(one, size);
            }
            for (int size : SIZES) {
                out.printf("%d %.1f%n", size, measure(one, size));
            }
            out.flush();
            return 0;
        }
        List<String> impls = new ArrayList<>();
        for (Backend b : Backends.available()) {
            impls.add(b.id());
        }
        impls.add(JDK);
        out.printf(
                "ChaCha20 streaming update (IETF, 20 rounds), MB/s (10^6 bytes/s), best of 3 x %d ms after"
                        + " warm-up, %s %s%n",
                millis, System.getProperty("java.vm.name"), System.getProperty("java.version"));
        out.printf("%-10s", "");
        for (int s : SIZES) {
            out.printf("%12s", label(s));
        }
        out.println();
        for (String impl : impls) {
            Map<Integer, String> row = child(impl);
            out.printf("%-10s", impl.equals(JDK) ? "jdk-sunjce" : impl);
            for (int s : SIZES) {
                out.printf("%12s", row.getOrDefault(s, "-"));
            }
            out.println();
            out.flush();
        }
        out.printf("active (auto): %s%n", Backends.active());
        return 0;
    }

    static String label(int s) {
        return s >= 1024 * 1024 ? (s >> 20) + " MiB" : s >= 1024 ? (s >> 10) + " KiB" : s + " B";
    }

    private Map<Integer, String> child(String impl) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.add("--enable-native-access=ALL-UNNAMED");
        for (String name : System.getProperties().stringPropertyNames()) {
            if (name.startsWith("jchacha.") && !name.equals(Backends.PROPERTY)) {
                cmd.add("-D" + name + "=" + System.getProperty(name));
            }
        }
        if (!impl.equals(JDK)) {
            cmd.add("-D" + Backends.PROPERTY + "=" + impl);
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Main.class.getName());
        cmd.add("bench");
        cmd.add("--one=" + impl);
        cmd.add("--millis=" + millis);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        Map<Integer, String> row = new LinkedHashMap<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                String[] f = line.trim().split(" ");
                if (f.length == 2 && f[0].matches("\\d+")) {
                    row.put(Integer.parseInt(f[0]), f[1]);
                } else {
                    spec.commandLine().getErr().println(impl + ": " + line);
                }
            }
        }
        p.waitFor();
        return row;
    }

    /** Best MB/s of three timed runs after one warm-up run, streaming {@code size}-byte updates. */
    private double measure(String impl, int size) throws Exception {
        byte[] in = new byte[size];
        byte[] out = new byte[size];
        new java.util.Random(size).nextBytes(in);
        byte[] key = new byte[32];
        byte[] nonce = new byte[12];
        Runnable op;
        if (impl.equals(JDK)) {
            Cipher c = Cipher.getInstance("ChaCha20");
            c.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "ChaCha20"), new ChaCha20ParameterSpec(nonce, 0));
            op = () -> {
                try {
                    c.update(in, 0, size, out, 0);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            };
        } else {
            ChaCha20 c = ChaCha20.ietf(key, nonce);
            op = () -> c.update(in, 0, size, out, 0);
        }
        double best = 0;
        for (int run = 0; run < 4; run++) {
            long bytes = 0;
            long start = System.nanoTime();
            long end = start + millis * 1_000_000L;
            long now;
            do {
                for (int i = 0; i < 16; i++) {
                    op.run();
                }
                bytes += 16L * size;
            } while ((now = System.nanoTime()) < end);
            double mbps = bytes / ((now - start) / 1e3);
            if (run > 0) {
                best = Math.max(best, mbps);
            }
        }
        return best;
    }
}
