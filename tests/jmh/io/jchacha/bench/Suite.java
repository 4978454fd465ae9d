// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The comparison suite: size by size and kind by kind (streaming, seal, open...), one JMH run per jchacha backend
 * (forced in the forks with {@code -Djchacha.backend}, since JMH cannot vary JVM arguments by {@code @Param}), then
 * one for SunJCE and BouncyCastle, then Conscrypt's; at the end a 2-thread run of the streaming benchmarks; all
 * results merged into one JMH JSON array. With {@code --openssl FILE}, {@code openssl speed} runs beside the 16 KiB
 * cells of its kind, and every result carries its figures as {@code jchachaOpenssl}. Every jchacha result carries
 * {@code jchachaBackend} (what the fork requested) and {@code jchachaActive} (what {@code auto} resolved to on the
 * forks' JDK). Backends the forks' JDK cannot run are skipped (asked in a child JVM on that JDK). Conscrypt
 * (streaming byte[], seal, open) runs on its own where that child JVM loads its native library, and a failing
 * Conscrypt benchmark leaves its cells empty rather than stopping the suite; every result carries
 * {@code jchachaConscrypt} (its version, ciphers and gaps, or why it did not load) for the report. The pseudo-backend
 * {@value #NO_NATIVE} is {@code auto} in forks that cannot load the native library
 * ({@code -Djchacha.native.path=/nonexistent}): what a platform without a classifier jar runs.
 *
 * <pre>
 * suite [--preset quick|full] [--jdk PATH/bin/java] [--out FILE] [--openssl FILE]
 *       [--sizes 16,1024,...] [--parts stream,direct,single,aead,threads] [--backends auto,java,avx2,...]
 *       [--forks N] [--warmup N] [--measure N] [--time MS] [--warmup-time MS]
 * </pre>
 */
public final class Suite {
    static final String PKG = "^io\\.jchacha\\.bench\\.";
    /** {@code --backends} name for {@code auto} with no native library (see the class comment). */
    static final String NO_NATIVE = "nonative";

    static final List<String> PARTS = List.of("stream", "direct", "single", "aead", "threads");

    private Suite() {}

    public static void main(String[] args) throws Exception {
        String preset = "quick";
        String jdk = null;
        Path out = null;
        Path openssl = null;
        int[] sizes = null;
        List<String> parts = PARTS;
        List<String> backends = null;
        Integer forks = null, warmup = null, measure = null, time = null, warmupTime = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--preset":
                    preset = args[++i];
                    break;
                case "--jdk":
                    jdk = args[++i];
                    break;
                case "--out":
                    out = Path.of(args[++i]);
                    break;
                case "--openssl":
                    openssl = Path.of(args[++i]);
                    break;
                case "--sizes":
                    sizes = Arrays.stream(args[++i].split(","))
                            .mapToInt(Integer::parseInt)
                            .toArray();
                    break;
                case "--parts":
                    parts = List.of(args[++i].split(","));
                    break;
                case "--backends":
                    backends = List.of(args[++i].split(","));
                    break;
                case "--forks":
                    forks = Integer.valueOf(args[++i]);
                    break;
                case "--warmup":
                    warmup = Integer.valueOf(args[++i]);
                    break;
                case "--measure":
                    measure = Integer.valueOf(args[++i]);
                    break;
                case "--time":
                    time = Integer.valueOf(args[++i]);
                    break;
                case "--warmup-time":
                    warmupTime = Integer.valueOf(args[++i]);
                    break;
                default:
                    throw new IllegalArgumentException("unknown option " + a + "; see tests/jmh/README.md");
            }
        }
        for (String p : parts) {
            if (!PARTS.contains(p)) {
                throw new IllegalArgumentException("unknown part " + p + "; parts: " + PARTS);
            }
        }
        boolean quick;
        switch (preset) {
            case "quick":
                quick = true;
                break;
            case "full":
                quick = false;
                break;
            default:
                throw new IllegalArgumentException("--preset quick|full");
        }
        if (sizes == null) {
            sizes = quick ? Sizes.QUICK : Sizes.ALL;
        }
        // quick: 1 fork, 2 x 200 ms warm-up, 3 x 200 ms measured; full: 1 fork, 3 x 1 s warm-up, 5 x 1 s measured
        int f = forks != null ? forks : 1;
        int w = warmup != null ? warmup : quick ? 2 : 3;
        int m = measure != null ? measure : quick ? 3 : 5;
        int ms = time != null ? time : quick ? 200 : 1000;
        int wms = warmupTime != null ? warmupTime : ms;
        String java = jdk != null
                ? jdk
                : Path.of(System.getProperty("java.home"), "bin", "java").toString();

        Map<String, String> probe = probe(java);
        System.out.println("# forks on " + java + ": java " + probe.get("java") + ", jchacha " + probe.get("reason"));
        Set<String> available =
                new LinkedHashSet<>(List.of(probe.getOrDefault("available", "").split(",")));
        List<String> configs = new ArrayList<>();
        for (String b : backends != null ? backends : withAuto(available)) {
            if (b.equals("auto") || b.equals(NO_NATIVE) || available.contains(b)) {
                configs.add(b);
            } else {
                System.out.println("# skipping backend " + b + ": not available on this machine/JDK");
            }
        }
        String active = probe.get("active");
        cpu = cpuModel() + (probe.getOrDefault("cpu", "").isEmpty() ? "" : " [" + probe.get("cpu") + "]");
        conscrypt = conscrypt(probe);
        System.out.println(
                conscrypt.has("version")
                        ? "# Conscrypt " + conscrypt.get("version").getAsString()
                        : "# Conscrypt does not load on " + java + " (its cells will be n/a): "
                                + conscrypt.get("problem").getAsString());
        if (out == null) {
            out = Path.of("target/jmh/results-" + major(probe.get("java")) + ".json");
        }
        Path tmp = Files.createTempDirectory("jchacha-jmh");
        String[] sizeParams = Arrays.stream(sizes).mapToObj(Integer::toString).toArray(String[]::new);

        List<Slot> slots = new ArrayList<>();
        if (parts.contains("stream")) {
            slots.add(new Slot(
                    "StreamBench\\.jchacha$",
                    "StreamBench\\.(sunjce|bouncycastle)$",
                    "StreamBench\\.conscrypt$",
                    "chacha20"));
        }
        if (parts.contains("direct")) {
            slots.add(new Slot("StreamBench\\.jchachaDirect$", "StreamBench\\.sunjceDirect$", null, null));
        }
        if (parts.contains("single")) {
            slots.add(new Slot("SingleBench\\.jchacha$", "SingleBench\\.(sunjce|bouncycastle)$", null, null));
        }
        if (parts.contains("aead")) {
            slots.add(new Slot(
                    "AeadBench\\.jchachaSeal$",
                    "AeadBench\\.(sunjce|bouncycastle)Seal$",
                    "AeadBench\\.conscryptSeal$",
                    "chacha20-poly1305"));
            slots.add(new Slot(
                    "AeadBench\\.jchachaOpen$",
                    "AeadBench\\.(sunjce|bouncycastle)Open$",
                    "AeadBench\\.conscryptOpen$",
                    null));
        }

        // Size by size, and within a size kind by kind, every jchacha backend and then its peers: the two sides of
        // a ratio are measured minutes apart at most, so a host whose speed drifts over the run moves both alike.
        // OpenSSL (--openssl) runs beside its jchacha cells at its own size.
        JsonArray all = new JsonArray();
        JsonObject ossl = openssl != null ? OpenSslSpeed.start("openssl", OPENSSL_SECONDS) : null;
        Set<String> opensslDone = new LinkedHashSet<>();
        int run = 0;
        for (String size : sizeParams) {
            for (Slot slot : slots) {
                for (String b : configs) {
                    all.addAll(run(
                            base(java, b, f, w, m, ms, wms),
                            List.of(slot.mine()),
                            new String[] {size},
                            1,
                            tmp.resolve("r" + run++ + ".json"),
                            b,
                            active));
                }
                all.addAll(run(
                        base(java, "auto", f, w, m, ms, wms),
                        List.of(slot.theirs()),
                        new String[] {size},
                        1,
                        tmp.resolve("r" + run++ + ".json"),
                        null,
                        null));
                if (slot.conscrypt() != null && conscrypt.has("version")) {
                    // a Conscrypt failure costs only its own cells (the report marks them n/a), not the suite
                    all.addAll(run(
                            base(java, "auto", f, w, m, ms, wms).shouldFailOnError(false),
                            List.of(slot.conscrypt()),
                            new String[] {size},
                            1,
                            tmp.resolve("r" + run++ + ".json"),
                            null,
                            null));
                }
                if (ossl != null && slot.openssl() != null && Integer.parseInt(size) == OpenSslSpeed.BYTES) {
                    OpenSslSpeed.measure("openssl", slot.openssl(), ossl);
                    opensslDone.add(slot.openssl());
                }
            }
        }
        if (ossl != null) {
            // ciphers whose slot or size this run did not measure: after the JMH runs
            List<String> when = new ArrayList<>();
            for (String cipher : OpenSslSpeed.CIPHERS) {
                if (!opensslDone.contains(cipher)) {
                    OpenSslSpeed.measure("openssl", cipher, ossl);
                }
                when.add(cipher
                        + (opensslDone.contains(cipher) ? " right after its 16 KiB cells" : " after the JMH " + "runs")
                        + " in the JDK " + major(probe.get("java")) + " run");
            }
            ossl.addProperty("beside", String.join(", ", when));
            // the same for the report, which takes each cipher's figure from a file that measured it beside its cells
            JsonArray besideCells = new JsonArray();
            opensslDone.forEach(besideCells::add);
            ossl.add("besideCells", besideCells);
        }
        if (parts.contains("threads")) {
            // per-core scaling: the same streaming benchmarks on 2 threads (JMH adds up the threads' ops/s)
            String[] tSizes = Arrays.stream(sizes)
                    .filter(s -> s == 1024 || s == 16384)
                    .mapToObj(Integer::toString)
                    .toArray(String[]::new);
            if (tSizes.length == 0) {
                tSizes = new String[] {Integer.toString(sizes[sizes.length - 1])};
            }
            all.addAll(run(
                    base(java, "auto", f, w, m, ms, wms),
                    List.of("StreamBench\\.(jchacha|sunjce|bouncycastle)$"),
                    tSizes,
                    2,
                    tmp.resolve("r" + run++ + ".json"),
                    "auto",
                    active));
            if (configs.contains("java")) {
                all.addAll(run(
                        base(java, "java", f, w, m, ms, wms),
                        List.of("StreamBench\\.jchacha$"),
                        tSizes,
                        2,
                        tmp.resolve("r" + run++ + ".json"),
                        "java",
                        active));
            }
        }
        Files.createDirectories(out.toAbsolutePath().getParent());
        Gson gson = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();
        if (ossl != null) {
            OpenSslSpeed.write(ossl, openssl);
            for (JsonElement e : all) {
                e.getAsJsonObject().add("jchachaOpenssl", ossl);
            }
        }
        Files.writeString(out, gson.toJson(all) + "\n");
        System.out.println("# wrote " + all.size() + " results to " + out);
    }

    /** {@code openssl speed}'s seconds per figure when the suite measures OpenSSL. */
    static final int OPENSSL_SECONDS = 3;

    /**
     * One kind of benchmark, measured at one size after another: jchacha's method (run once per backend), the
     * SunJCE and BouncyCastle methods, Conscrypt's (null: none), and the {@code openssl speed} cipher measured
     * right after it at {@link OpenSslSpeed#BYTES} (null: none).
     */
    record Slot(String mine, String theirs, String conscrypt, String openssl) {}

    private static List<String> withAuto(Set<String> available) {
        List<String> l = new ArrayList<>();
        l.add("auto");
        l.addAll(available);
        return l;
    }

    static String major(String version) {
        String v = version.startsWith("1.") ? version.substring(2) : version;
        int dot = v.indexOf('.');
        return dot < 0 ? v.replaceAll("[^0-9].*", "") : v.substring(0, dot);
    }

    static ChainedOptionsBuilder base(
            String java, String backend, int forks, int warmup, int measure, int ms, int warmupMs) {
        return new OptionsBuilder()
                .jvm(java)
                // JDK 17 accepts the flag too; on 22+ it keeps System.load's restricted-method warning away
                .jvmArgs("-Xms512m", "-Xmx512m", "--enable-native-access=ALL-UNNAMED")
                .jvmArgsAppend(
                        backend.equals(NO_NATIVE)
                                ? new String[] {"-Djchacha.backend=auto", "-Djchacha.native.path=/nonexistent"}
                                : new String[] {"-Djchacha.backend=" + backend})
                .forks(forks)
                .warmupIterations(warmup)
                .warmupTime(TimeValue.milliseconds(warmupMs))
                .measurementIterations(measure)
                .measurementTime(TimeValue.milliseconds(ms))
                .shouldFailOnError(true);
    }

    private static JsonArray run(
            ChainedOptionsBuilder opts,
            List<String> includes,
            String[] sizes,
            int threads,
            Path json,
            String backend,
            String active)
            throws Exception {
        for (String inc : includes) {
            opts.include(PKG + inc);
        }
        opts.param("size", sizes)
                .threads(threads)
                .resultFormat(ResultFormatType.JSON)
                .result(json.toString());
        System.out.println("# run: " + includes + " threads=" + threads
                + (backend != null ? " -Djchacha.backend=" + backend : ""));
        // a shared machine: wait for another JMH run (JMH's /tmp/jmh.lock) instead of measuring alongside it
        for (long deadline = System.nanoTime() + 60L * 60 * 1_000_000_000L; ; ) {
            try {
                new Runner(opts.build()).run();
                break;
            } catch (org.openjdk.jmh.runner.RunnerException e) {
                if (!String.valueOf(e.getMessage()).contains("JMH lock") || System.nanoTime() > deadline) {
                    throw e;
                }
                System.out.println("# another JMH run holds the lock; waiting 15 s");
                Thread.sleep(15_000);
            }
        }
        // a run whose every benchmark failed (only allowed for Conscrypt) may leave no results file
        JsonArray results = Files.exists(json) && !Files.readString(json).isBlank()
                ? JsonParser.parseString(Files.readString(json)).getAsJsonArray()
                : new JsonArray();
        for (JsonElement e : results) {
            JsonObject o = e.getAsJsonObject();
            o.addProperty("jchachaCpu", cpu);
            o.add("jchachaConscrypt", conscrypt);
            String method = o.get("benchmark").getAsString();
            if (backend != null && method.substring(method.lastIndexOf('.') + 1).startsWith("jchacha")) {
                o.addProperty("jchachaBackend", backend);
                o.addProperty("jchachaActive", backend.equals("auto") ? active : backend);
            }
        }
        return results;
    }

    private static String cpu = "";
    private static JsonObject conscrypt = new JsonObject();

    /**
     * Conscrypt on the forks' JDK, from {@link Main#probe()}: {@code version}, {@code offers} and {@code lacks}
     * (lists), or {@code problem} (why it did not load).
     */
    static JsonObject conscrypt(Map<String, String> probe) {
        JsonObject c = new JsonObject();
        if (!probe.containsKey("conscrypt")) {
            c.addProperty("problem", probe.getOrDefault("conscryptproblem", "the probe did not report it"));
            return c;
        }
        c.addProperty("version", probe.get("conscrypt"));
        for (String k : new String[] {"offers", "lacks"}) {
            JsonArray a = new JsonArray();
            for (String item : probe.getOrDefault("conscrypt" + k, "").split("; ")) {
                if (!item.isEmpty()) {
                    a.add(item);
                }
            }
            c.add(k, a);
        }
        return c;
    }

    /**
     * The CPU (Linux: /proc/cpuinfo's model name with its family and model numbers, which tell apart CPUs that a VM
     * names alike: "AMD EPYC" was both a Zen 4 and a Zen 5 here), else os.arch.
     */
    static String cpuModel() {
        String cpus = Runtime.getRuntime().availableProcessors() + " CPUs";
        try {
            Map<String, String> first = new LinkedHashMap<>(); // the first processor's entries
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                int colon = line.indexOf(':');
                if (colon < 0) {
                    if (line.isBlank() && !first.isEmpty()) {
                        break;
                    }
                    continue;
                }
                first.putIfAbsent(
                        line.substring(0, colon).trim(),
                        line.substring(colon + 1).trim());
            }
            String name = first.get("model name");
            if (name != null) {
                String id = first.containsKey("cpu family")
                        ? " (family " + first.get("cpu family") + ", model " + first.get("model") + ")"
                        : "";
                return name + id + ", " + cpus;
            }
        } catch (Exception e) {
            // not Linux
        }
        return System.getProperty("os.arch") + ", " + cpus;
    }

    /** Runs {@link Main#probe()} on {@code java} with this jar's class path. */
    static Map<String, String> probe(String java) throws Exception {
        List<String> cmd = List.of(
                java,
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "probe");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        Map<String, String> kv = new LinkedHashMap<>();
        List<String> other = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                int eq = line.indexOf('=');
                if (eq > 0 && line.substring(0, eq).matches("[a-z]+")) {
                    kv.put(line.substring(0, eq), line.substring(eq + 1));
                } else {
                    other.add(line);
                }
            }
        }
        if (p.waitFor() != 0 || !kv.containsKey("active")) {
            throw new IllegalStateException("probe on " + java + " failed: " + String.join("\n", other));
        }
        return kv;
    }

    static String joinInts(int[] a) {
        return Arrays.stream(a).mapToObj(Integer::toString).collect(Collectors.joining(","));
    }
}
