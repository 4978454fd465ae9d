// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongPredicate;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Turns JMH JSON from {@link Suite} (one file per JDK, or several) and optionally {@link OpenSslSpeed}'s JSON into
 * a Markdown report (targets, then MB/s tables per JDK) and PNG charts (MB/s against message size, log x axis).
 * A cell found in several files takes the last file's figure, so a re-run of some cells (for example with more
 * forks, where the first run's error was above 10 %) is merged by naming its file after the full run's.
 * OpenSSL's figures that a suite run measured ({@code Suite --openssl}) serve that JDK's ratios, each cipher's from
 * the last file that measured it right after its own 16 KiB cells (else from the last file that has it);
 * {@code --openssl FILE} serves the runs that have none.
 *
 * <pre>
 * report [--md docs/bench/results.md] [--charts DIR (default: the Markdown's folder)] [--openssl FILE]
 *        [--min-openssl R] [--note TEXT] results-17.json [results-25.json ...]
 * </pre>
 */
public final class Report {
    /** Groups (benchmark kinds) in report order, with their titles. */
    static final Map<String, String> GROUPS = new LinkedHashMap<>();

    static {
        GROUPS.put("stream", "ChaCha20 streaming update, byte[]");
        GROUPS.put("direct", "ChaCha20 streaming update, direct ByteBuffer");
        GROUPS.put("single", "ChaCha20 single message (new cipher per message: key + nonce + update)");
        GROUPS.put("seal", "ChaCha20-Poly1305 seal (new nonce per message, no AAD)");
        GROUPS.put("open", "ChaCha20-Poly1305 open (tag check + decrypt, no AAD)");
    }

    static final List<String> IMPL_ORDER = List.of(
            "auto",
            "avx512",
            "avx2",
            "neon",
            "portable",
            "jdk",
            Suite.NO_NATIVE,
            "java",
            "SunJCE",
            "BouncyCastle",
            "Conscrypt");
    static final String SUN = "SunJCE";
    static final String BC = "BouncyCastle";
    static final String CON = "Conscrypt";
    /** The groups the suite measures Conscrypt in ({@link ConscryptPeer}). */
    static final List<String> CONSCRYPT_GROUPS = List.of("stream", "seal", "open");
    /** The issues' bar for a trustworthy cell: JMH's error under this fraction of the score. */
    static final double MAX_ERROR = 0.10;

    static final String NOISY = "⚠";

    /** MB/s and its error (JMH's 99.9% half-width; NaN when JMH gives none). */
    record Val(double mbps, double err) {
        /** No error estimate, or one above {@link #MAX_ERROR} of the score. */
        boolean noisy() {
            return Double.isNaN(err) || err > MAX_ERROR * mbps;
        }

        double lo() {
            return Double.isNaN(err) ? mbps : mbps - err;
        }

        double hi() {
            return Double.isNaN(err) ? mbps : mbps + err;
        }
    }

    /** One JDK's results: group -> threads -> impl -> size -> value. */
    static final class Run {
        final String jdk;
        /** Each cell's JVM ("group threads impl size" -> name and version); a package update between runs adds one. */
        final Map<String, String> vms = new LinkedHashMap<>();

        String active;
        String cpu;
        /** Each cell's JMH settings ("group threads impl size" -> "2 fork(s), ..."): re-runs may differ. */
        final Map<String, String> settings = new LinkedHashMap<>();
        /** Conscrypt on this JDK as the suite's probe saw it (version, offers, lacks, or problem); null if unknown. */
        JsonObject conscrypt;
        /**
         * {@code openssl speed}'s figures measured inside this run ({@code Suite --openssl}), each cipher's from the
         * file chosen by {@link #takeOpenssl}; null if none.
         */
        JsonObject openssl;
        /** Per cipher of {@link OpenSslSpeed#CIPHERS}: the suite file whose figures serve it. */
        final Map<String, OpensslSource> opensslSources = new LinkedHashMap<>();

        final Map<String, Map<Integer, Map<String, NavigableMap<Long, Val>>>> data = new LinkedHashMap<>();

        Run(String jdk) {
            this.jdk = jdk;
        }

        NavigableMap<Long, Val> series(String group, int threads, String impl) {
            return data.getOrDefault(group, Map.of())
                    .getOrDefault(threads, Map.of())
                    .getOrDefault(impl, new TreeMap<>());
        }

        Val get(String group, int threads, String impl, long size) {
            return series(group, threads, impl).get(size);
        }

        Map<String, NavigableMap<Long, Val>> impls(String group, int threads) {
            return data.getOrDefault(group, Map.of()).getOrDefault(threads, Map.of());
        }

        /**
         * Takes OpenSSL's figures of one suite file ({@code o}, its {@code jchachaOpenssl}) for each cipher they have:
         * a later file wins, as for a cell, except over a figure measured right after its own 16 KiB cells by one
         * that was not (a re-run of other sizes measures OpenSSL after its JMH runs, minutes or an hour away from
         * the 16 KiB cells it would be compared with).
         */
        void takeOpenssl(JsonObject o, String file) {
            Set<String> beside = besideCells(o);
            for (String cipher : OpenSslSpeed.CIPHERS) {
                if (!o.getAsJsonObject("mbps").has(cipher)) {
                    continue;
                }
                OpensslSource held = opensslSources.get(cipher);
                boolean b = beside.contains(cipher);
                if (held == null || b || !held.beside()) {
                    opensslSources.put(cipher, new OpensslSource(o, file, b));
                }
            }
            JsonObject merged = new JsonObject();
            JsonObject mbps = new JsonObject();
            List<String> where = new ArrayList<>();
            // figures from different OpenSSL versions (a package update between runs) say which is which
            boolean versions = opensslSources.values().stream()
                            .map(src -> src.figures().get("version"))
                            .distinct()
                            .count()
                    > 1;
            opensslSources.forEach((cipher, src) -> {
                for (String k : List.of("version", "bytes", "seconds", "avx2Mask")) {
                    merged.add(k, src.figures().get(k));
                }
                for (String k : List.of(cipher, cipher + "-avx2")) {
                    if (src.figures().getAsJsonObject("mbps").has(k)) {
                        mbps.add(k, src.figures().getAsJsonObject("mbps").get(k));
                    }
                }
                where.add(cipher + (src.beside() ? " right after its 16 KiB cells" : " after the JMH runs") + " ("
                        + src.file()
                        + (versions ? ", " + src.figures().get("version").getAsString() : "") + ")");
            });
            merged.add("mbps", mbps);
            merged.addProperty("beside", String.join(", ", where));
            openssl = merged;
        }
    }

    /**
     * The distinct values of a per-cell property (a JVM, JMH settings), in first-seen order: the one value alone, or
     * each with how many cells have it.
     */
    static String perCells(Collection<String> cellValues) {
        Map<String, Integer> cells = new LinkedHashMap<>();
        cellValues.forEach(v -> cells.merge(v, 1, Integer::sum));
        if (cells.size() == 1) {
            return cells.keySet().iterator().next();
        }
        List<String> each = new ArrayList<>();
        cells.forEach((v, n) -> each.add(v + " (" + n + " cells)"));
        return String.join(", ", each);
    }

    /** The suite file whose {@code openssl speed} figures serve a cipher; whether it measured them beside its cells. */
    record OpensslSource(JsonObject figures, String file, boolean beside) {}

    /**
     * The ciphers a suite file's OpenSSL figures ({@code jchachaOpenssl}) measured right after their own 16 KiB cells:
     * its {@code besideCells}, or in files older than that field, the ones its {@code beside} words say so of.
     */
    static Set<String> besideCells(JsonObject o) {
        Set<String> s = new TreeSet<>();
        if (o.has("besideCells")) {
            o.getAsJsonArray("besideCells").forEach(c -> s.add(c.getAsString()));
        } else if (o.has("beside")) {
            for (String c : OpenSslSpeed.CIPHERS) {
                if (o.get("beside").getAsString().contains(c + " right after its 16 KiB cells")) {
                    s.add(c);
                }
            }
        }
        return s;
    }

    private Report() {}

    public static void main(String[] args) throws Exception {
        System.setProperty("java.awt.headless", "true");
        Path md = Path.of("docs/bench/results.md");
        Path charts = null;
        Path openssl = null;
        double minOpenssl = Double.NaN;
        String note = null;
        List<Path> inputs = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--md":
                    md = Path.of(args[++i]);
                    break;
                case "--charts":
                    charts = Path.of(args[++i]);
                    break;
                case "--openssl":
                    openssl = Path.of(args[++i]);
                    break;
                case "--min-openssl":
                    minOpenssl = Double.parseDouble(args[++i]);
                    break;
                case "--note":
                    note = args[++i];
                    break;
                default:
                    if (args[i].startsWith("--")) {
                        throw new IllegalArgumentException("unknown option " + args[i] + "; see tests/jmh/README.md");
                    }
                    inputs.add(Path.of(args[i]));
            }
        }
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException(
                    "usage: report [--md FILE] [--charts DIR] [--openssl FILE] " + "[--min-openssl R] results.json...");
        }
        Path mdDir = md.toAbsolutePath().getParent();
        if (charts == null) {
            charts = mdDir;
        }
        Files.createDirectories(mdDir);
        Files.createDirectories(charts);

        Map<String, Run> runs = new TreeMap<>(Comparator.comparingInt(Integer::parseInt));
        for (Path in : inputs) {
            load(in, runs);
        }
        JsonObject ossl = openssl != null
                ? JsonParser.parseString(Files.readString(openssl)).getAsJsonObject()
                : null;

        StringBuilder sb = new StringBuilder();
        sb.append("# jchacha benchmark results\n\n");
        if (note != null) {
            sb.append("> ").append(note).append("\n\n");
        }
        sb.append("Generated by `io.jchacha.bench.Report` from ");
        List<String> names = new ArrayList<>();
        for (Path in : inputs) {
            names.add("`" + in.getFileName() + "`");
        }
        if (openssl != null) {
            names.add("`" + openssl.getFileName() + "`");
        }
        sb.append(String.join(", ", names)).append(" (how to reproduce: `tests/jmh/README.md`). ");
        sb.append("MB/s = 10^6 bytes/s of message, higher is better; ± is JMH's 99.9% error where it has one, and ")
                .append(NOISY)
                .append(" marks a cell whose error exceeds ")
                .append(Math.round(MAX_ERROR * 100))
                .append(" % of its score (or that has no error estimate). ");
        sb.append("Ratios are computed within one JDK's run.\n\n");
        for (Run r : runs.values()) {
            sb.append("- JDK ").append(r.jdk).append(": ").append(perCells(r.vms.values()));
            if (r.active != null) {
                sb.append("; `auto` = `").append(r.active).append('`');
            }
            if (!r.settings.isEmpty()) {
                sb.append("; JMH ").append(perCells(r.settings.values()));
            }
            if (r.cpu != null) {
                sb.append("; CPU: ").append(r.cpu);
            }
            sb.append('\n');
        }
        for (Run r : runs.values()) {
            if (r.openssl != null) {
                opensslLine(sb, r.openssl, "JDK " + r.jdk + " run: ");
            }
        }
        if (ossl != null && runs.values().stream().anyMatch(r -> r.openssl == null)) {
            opensslLine(sb, ossl, "");
        }
        sb.append('\n');

        conscryptNotes(sb, runs);
        errors(sb, runs);
        targets(sb, runs, ossl, minOpenssl);

        for (Run r : runs.values()) {
            sb.append("## JDK ").append(r.jdk).append("\n\n");
            for (Map.Entry<String, String> g : GROUPS.entrySet()) {
                table(sb, r, g.getKey(), g.getValue());
            }
            threads(sb, r);
            for (String[] c : new String[][] {
                {"stream", "chacha20", "chacha20"}, {"seal", "chacha20-poly1305-seal", "chacha20-poly1305"}
            }) {
                if (r.impls(c[0], 1).isEmpty()) {
                    continue;
                }
                String file = c[1] + "-jdk" + r.jdk + ".png";
                chart(r, c[0], ossl, c[2], charts.resolve(file).toFile());
                String rel = mdDir.relativize(charts.toAbsolutePath().resolve(file))
                        .toString()
                        .replace('\\', '/');
                sb.append("![")
                        .append(GROUPS.get(c[0]))
                        .append(", JDK ")
                        .append(r.jdk)
                        .append("](")
                        .append(rel)
                        .append(")\n\n");
            }
        }
        Files.writeString(md, sb.toString());
        System.out.println("wrote " + md + " and charts in " + charts);
    }

    // ---------------------------------------------------------------- input

    /**
     * The machine a suite's CPU line names (model, family and model numbers, CPU count), without the flags jchacha's
     * probe saw on that JVM, which are missing where its native library did not load.
     */
    static String machine(String cpu) {
        return cpu.replaceFirst(" \\[[^\\]]*\\]$", "");
    }

    static void load(Path file, Map<String, Run> runs) throws Exception {
        for (JsonElement e : JsonParser.parseString(Files.readString(file)).getAsJsonArray()) {
            JsonObject o = e.getAsJsonObject();
            String bench = o.get("benchmark").getAsString();
            String cls = bench.substring(0, bench.lastIndexOf('.'));
            cls = cls.substring(cls.lastIndexOf('.') + 1);
            String method = bench.substring(bench.lastIndexOf('.') + 1);
            String group = group(cls, method);
            if (group == null
                    || !o.has("params")
                    || !o.getAsJsonObject("params").has("size")) {
                continue;
            }
            String impl;
            if (method.startsWith("jchacha")) {
                impl = o.has("jchachaBackend") ? o.get("jchachaBackend").getAsString() : backendFromArgs(o);
            } else if (method.startsWith("sunjce")) {
                impl = SUN;
            } else if (method.startsWith("bouncycastle")) {
                impl = BC;
            } else if (method.startsWith("conscrypt")) {
                impl = CON;
            } else {
                continue;
            }
            String jdk = Suite.major(o.get("jdkVersion").getAsString());
            Run run = runs.computeIfAbsent(jdk, Run::new);
            if (o.has("jchachaActive") && "auto".equals(impl)) {
                run.active = o.get("jchachaActive").getAsString();
            }
            long size = Long.parseLong(o.getAsJsonObject("params").get("size").getAsString());
            int threads = o.get("threads").getAsInt();
            run.vms.put(
                    group + " " + threads + " " + impl + " " + size,
                    o.get("vmName").getAsString() + " " + o.get("vmVersion").getAsString());
            if (o.has("forks") && o.has("measurementIterations")) {
                run.settings.put(
                        group + " " + threads + " " + impl + " " + size,
                        o.get("forks").getAsInt()
                                + " fork(s), " + o.get("warmupIterations").getAsInt() + " x "
                                + o.get("warmupTime").getAsString() + " warm-up, "
                                + o.get("measurementIterations").getAsInt()
                                + " x " + o.get("measurementTime").getAsString() + " measured");
            }
            if (o.has("jchachaCpu")) {
                String cpu = o.get("jchachaCpu").getAsString();
                for (Run other : runs.values()) { // every JDK's run, this one's included
                    if (other.cpu != null && !machine(other.cpu).equals(machine(cpu))) {
                        throw new IllegalArgumentException(file + " was measured on " + cpu + ", JDK " + other.jdk
                                + " results on " + other.cpu + ": a report compares one machine's figures");
                    }
                }
                run.cpu = cpu;
            }
            if (o.has("jchachaOpenssl")) {
                run.takeOpenssl(
                        o.getAsJsonObject("jchachaOpenssl"), file.getFileName().toString());
            }
            // a file where Conscrypt loaded wins over one where it did not (its cells come from that file)
            if (o.has("jchachaConscrypt") && (run.conscrypt == null || !run.conscrypt.has("version"))) {
                run.conscrypt = o.getAsJsonObject("jchachaConscrypt");
            }
            JsonObject pm = o.getAsJsonObject("primaryMetric");
            if (!pm.get("scoreUnit").getAsString().equals("ops/s")) {
                throw new IllegalStateException(bench + ": expected ops/s, got " + pm.get("scoreUnit"));
            }
            double score = number(pm.get("score"));
            double err = number(pm.get("scoreError"));
            run.data
                    .computeIfAbsent(group, k -> new TreeMap<>())
                    .computeIfAbsent(threads, k -> new TreeMap<>(Comparator.comparingInt(Report::rank)))
                    .computeIfAbsent(impl, k -> new TreeMap<>())
                    .put(size, new Val(score * size / 1e6, err * size / 1e6));
        }
    }

    static String group(String cls, String method) {
        switch (cls) {
            case "StreamBench":
                return method.endsWith("Direct") ? "direct" : "stream";
            case "SingleBench":
                return "single";
            case "AeadBench":
                return method.endsWith("Seal") ? "seal" : method.endsWith("Open") ? "open" : null;
            default:
                return null;
        }
    }

    static String backendFromArgs(JsonObject o) {
        String b = "auto";
        if (o.has("jvmArgs")) {
            for (JsonElement a : o.getAsJsonArray("jvmArgs")) {
                String s = a.getAsString();
                if (s.startsWith("-Djchacha.backend=")) {
                    b = s.substring("-Djchacha.backend=".length());
                }
            }
        }
        return b;
    }

    static double number(JsonElement e) {
        if (e == null || e.isJsonNull()) {
            return Double.NaN;
        }
        String s = e.getAsString();
        return s.equals("NaN") ? Double.NaN : Double.parseDouble(s);
    }

    static int rank(String impl) {
        int i = IMPL_ORDER.indexOf(impl);
        return i < 0 ? IMPL_ORDER.size() : i;
    }

    static String display(Run r, String impl) {
        if (impl.equals(CON)) {
            return r.conscrypt != null && r.conscrypt.has("version")
                    ? CON + " " + r.conscrypt.get("version").getAsString()
                    : CON;
        }
        if (impl.equals(SUN) || impl.equals(BC)) {
            return impl;
        }
        if (impl.equals(Suite.NO_NATIVE)) {
            return "jchacha auto, no native library";
        }
        return "jchacha " + impl + (impl.equals("auto") && r.active != null ? " (" + r.active + ")" : "");
    }

    // ---------------------------------------------------------------- tables

    static void table(StringBuilder sb, Run r, String group, String title) {
        Map<String, NavigableMap<Long, Val>> impls = r.impls(group, 1);
        if (impls.isEmpty()) {
            return;
        }
        TreeSet<Long> sizes = new TreeSet<>();
        impls.values().forEach(m -> sizes.addAll(m.keySet()));
        sb.append("### ").append(title).append(", MB/s\n\n| |");
        sizes.forEach(s -> sb.append(' ').append(Sizes.label(s)).append(" |"));
        sb.append("\n|---|");
        sizes.forEach(s -> sb.append("---:|"));
        sb.append('\n');
        boolean conscryptExpected = r.conscrypt != null && CONSCRYPT_GROUPS.contains(group);
        Map<String, NavigableMap<Long, Val>> rows = new TreeMap<>(Comparator.comparingInt(Report::rank));
        rows.putAll(impls);
        if (conscryptExpected) {
            rows.putIfAbsent(CON, new TreeMap<>());
        }
        boolean conscryptMissing = false;
        for (Map.Entry<String, NavigableMap<Long, Val>> e : rows.entrySet()) {
            sb.append("| ").append(display(r, e.getKey())).append(" |");
            for (long s : sizes) {
                Val v = e.getValue().get(s);
                boolean na = v == null && e.getKey().equals(CON);
                conscryptMissing |= na;
                sb.append(' ').append(v != null ? mbps(v) : na ? "n/a" : "-").append(" |");
            }
            sb.append('\n');
        }
        List<String[]> ratios = new ArrayList<>();
        ratios.add(new String[] {"auto", SUN});
        ratios.add(new String[] {"auto", BC});
        ratios.add(new String[] {"auto", CON});
        ratios.add(new String[] {"auto", "java"});
        if (group.equals("stream")) {
            ratios.add(new String[] {"java", SUN});
        }
        ratios.add(new String[] {"jdk", SUN});
        ratios.add(new String[] {Suite.NO_NATIVE, SUN});
        for (String[] q : ratios) {
            if (!impls.containsKey(q[0]) || !impls.containsKey(q[1])) {
                continue;
            }
            sb.append("| *").append(q[0]).append(" / ").append(q[1]).append("* |");
            for (long s : sizes) {
                Val a = impls.get(q[0]).get(s);
                Val b = impls.get(q[1]).get(s);
                sb.append(' ')
                        .append(a == null || b == null ? "-" : ratio(a.mbps() / b.mbps()))
                        .append(" |");
            }
            sb.append('\n');
        }
        sb.append('\n');
        if (conscryptMissing) {
            sb.append("Conscrypt n/a: ").append(conscryptProblem(r)).append("\n\n");
        }
    }

    /** Why a run has no Conscrypt figures: it did not load on that JDK, or its benchmark failed in the fork. */
    static String conscryptProblem(Run r) {
        return r.conscrypt.has("problem")
                ? "its native library did not load on JDK " + r.jdk + " ("
                        + r.conscrypt.get("problem").getAsString() + ")"
                : "no result (its benchmark failed in the JMH fork; the suite's output has the error)";
    }

    /** What Conscrypt offers and lacks on each JDK, or why it is n/a there. */
    static void conscryptNotes(StringBuilder sb, Map<String, Run> runs) {
        if (runs.values().stream().noneMatch(r -> r.conscrypt != null)) {
            return;
        }
        sb.append("Conscrypt (`org.conscrypt:conscrypt-openjdk-uber`: Google's JCA provider over BoringSSL, through ")
                .append("JNI; a peer in the benchmarks only, never a jchacha dependency) is measured in the ChaCha20 ")
                .append("streaming (byte[]) and ChaCha20-Poly1305 seal and open tables, through its Cipher ")
                .append("`")
                .append(ConscryptPeer.STREAM)
                .append("` and `")
                .append(ConscryptPeer.AEAD)
                .append("` used by instance (not installed as a provider); not in the direct-buffer, ")
                .append("single-message and 2-thread tables.\n\n");
        // one line per distinct finding, naming the JDKs it holds on
        Map<String, List<String>> jdks = new LinkedHashMap<>();
        for (Run r : runs.values()) {
            if (r.conscrypt == null) {
                continue;
            }
            String what = !r.conscrypt.has("version")
                    ? "n/a: " + conscryptProblem(r)
                    : "Conscrypt " + r.conscrypt.get("version").getAsString() + " offers Cipher "
                            + list(r.conscrypt, "offers", "none with ChaCha in its name")
                            + "; compared with jchacha it lacks " + list(r.conscrypt, "lacks", "nothing");
            jdks.computeIfAbsent(what, k -> new ArrayList<>()).add(r.jdk);
        }
        jdks.forEach((what, j) -> sb.append("- JDK ")
                .append(String.join(", ", j))
                .append(": ")
                .append(what)
                .append('\n'));
        sb.append('\n');
    }

    static String list(JsonObject o, String key, String none) {
        List<String> l = new ArrayList<>();
        if (o.has(key)) {
            o.getAsJsonArray(key).forEach(x -> l.add(x.getAsString()));
        }
        return l.isEmpty() ? none : String.join("; ", l);
    }

    /** Every cell whose JMH error exceeds {@link #MAX_ERROR} of its score, per JDK (the issues want none). */
    static void errors(StringBuilder sb, Map<String, Run> runs) {
        sb.append("## Error bars\n\n");
        for (Run r : runs.values()) {
            int cells = 0;
            List<String> noisy = new ArrayList<>();
            for (Map.Entry<String, Map<Integer, Map<String, NavigableMap<Long, Val>>>> g : r.data.entrySet()) {
                for (Map.Entry<Integer, Map<String, NavigableMap<Long, Val>>> t :
                        g.getValue().entrySet()) {
                    for (Map.Entry<String, NavigableMap<Long, Val>> i :
                            t.getValue().entrySet()) {
                        for (Map.Entry<Long, Val> c : i.getValue().entrySet()) {
                            cells++;
                            Val v = c.getValue();
                            if (v.noisy()) {
                                noisy.add(g.getKey() + (t.getKey() > 1 ? " (" + t.getKey() + " threads)" : "") + " "
                                        + display(r, i.getKey()) + " " + Sizes.label(c.getKey()) + " "
                                        + (Double.isNaN(v.err())
                                                ? "(no error estimate)"
                                                : String.format(Locale.ROOT, "± %.0f %%", 100 * v.err() / v.mbps())));
                            }
                        }
                    }
                }
            }
            String line = "JDK " + r.jdk + ": "
                    + (noisy.isEmpty()
                            ? "every cell's error is under " + Math.round(MAX_ERROR * 100) + " % of its score (" + cells
                                    + " cells)"
                            : noisy.size() + " of " + cells + " cells have an error above "
                                    + Math.round(MAX_ERROR * 100) + " % of the score (" + NOISY + ")");
            System.out.println(line);
            sb.append("- ").append(line);
            int shown = Math.min(noisy.size(), 20);
            if (shown > 0) {
                sb.append(": ").append(String.join(", ", noisy.subList(0, shown)));
                if (noisy.size() > shown) {
                    sb.append(", and ").append(noisy.size() - shown).append(" more");
                }
            }
            sb.append('\n');
        }
        sb.append("\nMore measurement iterations or forks narrow the error (tests/jmh/README.md).\n\n");
    }

    static void threads(StringBuilder sb, Run r) {
        Map<String, NavigableMap<Long, Val>> two = r.impls("stream", 2);
        if (two.isEmpty()) {
            return;
        }
        sb.append("### Per-core scaling: streaming byte[] on 2 threads (sum of both threads), MB/s\n\n");
        sb.append("| | size | 1 thread | 2 threads | 2 threads / 1 thread |\n|---|---:|---:|---:|---:|\n");
        for (Map.Entry<String, NavigableMap<Long, Val>> e : two.entrySet()) {
            for (Map.Entry<Long, Val> s : e.getValue().entrySet()) {
                Val one = r.get("stream", 1, e.getKey(), s.getKey());
                sb.append("| ")
                        .append(display(r, e.getKey()))
                        .append(" | ")
                        .append(Sizes.label(s.getKey()))
                        .append(" | ")
                        .append(one == null ? "-" : mbps(one))
                        .append(" | ")
                        .append(mbps(s.getValue()))
                        .append(" | ")
                        .append(one == null ? "-" : ratio(s.getValue().mbps() / one.mbps()))
                        .append(" |\n");
            }
        }
        sb.append('\n');
    }

    static String mbps(Val v) {
        String s = String.format(Locale.ROOT, v.mbps() >= 100 ? "%.0f" : "%.1f", v.mbps());
        if (!Double.isNaN(v.err())) {
            s += String.format(Locale.ROOT, v.err() >= 10 ? " ± %.0f" : " ± %.1f", v.err());
        }
        return v.noisy() ? s + " " + NOISY : s;
    }

    static String ratio(double x) {
        return String.format(Locale.ROOT, "%.2fx", x);
    }

    // ---------------------------------------------------------------- targets

    static final String MET = "**met**";
    static final String NOT_MET = "**not met**";
    static final String NOISE = "not met (within error)";
    static final String NO_DATA = "no data";

    /** met / not met / not met but within the error bars of {@code a} and {@code b}. */
    static String verdict(Val a, Val b, double min) {
        if (a.mbps() / b.mbps() >= min) {
            return MET;
        }
        return b.lo() > 0 && a.hi() / b.lo() >= min ? NOISE : NOT_MET;
    }

    static String worst(String x, String y) {
        List<String> order = List.of(MET, NOISE, NOT_MET);
        return order.indexOf(x) >= order.indexOf(y) ? x : y;
    }

    /** Where OpenSSL's figures came from; {@code prefix} names the run that measured them, if one did. */
    static void opensslLine(StringBuilder sb, JsonObject o, String prefix) {
        sb.append("- ")
                .append(prefix)
                .append(o.get("version").getAsString())
                .append(", `openssl speed -evp ... -bytes ")
                .append(o.get("bytes").getAsInt())
                .append(" -seconds ")
                .append(o.get("seconds").getAsInt())
                .append("`; AVX2 path with `")
                .append(o.get("avx2Mask").getAsString())
                .append('`');
        if (o.has("beside")) {
            sb.append("; measured ").append(o.get("beside").getAsString());
        }
        sb.append('\n');
    }

    /** The OpenSSL figures a run's ratios use: its own, else the {@code --openssl} file's. */
    static JsonObject openssl(Run r, JsonObject ossl) {
        return r.openssl != null ? r.openssl : ossl;
    }

    static void targets(StringBuilder sb, Map<String, Run> runs, JsonObject ossl, double minOpenssl) {
        sb.append("## Targets\n\n");
        sb.append("| Target | JDK | Measured | Needed | Result |\n|---|---|---|---|---|\n");
        // the bars are the targets the issues set; --min-openssl, if given, overrides the OpenSSL ones
        double vsOpenssl = Double.isNaN(minOpenssl) ? 1.1 : minOpenssl;
        double vsOpensslAvx2 = Double.isNaN(minOpenssl) ? 1.0 : minOpenssl;
        double aeadVsOpenssl = Double.isNaN(minOpenssl) ? 1.3 : minOpenssl;
        for (Run r : runs.values()) {
            opensslRow(
                    sb,
                    r,
                    "stream",
                    "auto",
                    ossl,
                    "chacha20",
                    "`auto` streaming 16 KiB vs `openssl speed -evp chacha20`",
                    bar(vsOpenssl),
                    vsOpenssl);
            opensslRow(
                    sb,
                    r,
                    "stream",
                    "avx2",
                    ossl,
                    "chacha20-avx2",
                    "forced `avx2` streaming 16 KiB vs OpenSSL's AVX2 path",
                    bar(vsOpensslAvx2),
                    vsOpensslAvx2);
        }
        Run r25 = runs.get("25");
        sweep(
                sb,
                r25,
                "25",
                "stream",
                "auto",
                SUN,
                s -> s <= 4096,
                1.3,
                "`auto` vs JDK 25 SunJCE, streaming, 16 B - 4 KiB",
                true);
        sweep(
                sb,
                r25,
                "25",
                "stream",
                "auto",
                SUN,
                s -> s >= 16384,
                1.8,
                "`auto` vs JDK 25 SunJCE, streaming, from 16 KiB",
                false);
        for (Run r : runs.values()) {
            for (String g : new String[] {"stream", "seal", "open"}) {
                sweep(
                        sb,
                        r,
                        r.jdk,
                        g,
                        "auto",
                        "java",
                        s -> true,
                        1.0,
                        "`auto` never slower than forced `java` (" + g + ", every size)",
                        false);
            }
        }
        // what auto runs without natives: measured as such where the run has it, else the forced jdk backend
        boolean noNative = r25 != null && r25.impls("stream", 1).containsKey(Suite.NO_NATIVE);
        for (String g : new String[] {"stream", "seal", "open"}) {
            sweep(
                    sb,
                    r25,
                    "25",
                    g,
                    noNative ? Suite.NO_NATIVE : "jdk",
                    SUN,
                    s -> true,
                    0.95,
                    "no native library (" + (noNative ? "`auto`" : "`jdk` backend") + ") vs JDK 25 SunJCE (" + g
                            + ", every size)",
                    false);
        }
        sweep(
                sb,
                runs.get("17"),
                "17",
                "stream",
                "java",
                SUN,
                s -> s >= 1024,
                2.0,
                "`java` vs SunJCE on JDK 17, streaming, from 1 KiB",
                false);
        for (Run r : runs.values()) {
            opensslRow(
                    sb,
                    r,
                    "seal",
                    "auto",
                    ossl,
                    "chacha20-poly1305",
                    "AEAD seal (`auto`) 16 KiB vs `openssl speed -evp chacha20-poly1305`",
                    bar(aeadVsOpenssl),
                    aeadVsOpenssl);
        }
        sweep(
                sb,
                r25,
                "25",
                "seal",
                "auto",
                SUN,
                s -> s == 16 || s == 64,
                3.0,
                "AEAD seal (`auto`) vs JDK 25 SunJCE, 16 and 64 B",
                true);
        sweep(
                sb,
                r25,
                "25",
                "seal",
                "auto",
                SUN,
                s -> s == 256 || s == 1024,
                2.0,
                "AEAD seal (`auto`) vs JDK 25 SunJCE, 256 B and 1 KiB",
                false);
        sweep(
                sb,
                r25,
                "25",
                "seal",
                "auto",
                SUN,
                s -> s >= 16384,
                1.5,
                "AEAD seal (`auto`) vs JDK 25 SunJCE, from 16 KiB",
                false);
        sb.append("\n*not met (within error)*: below the bar, but the error bars reach it. ")
                .append(NOISY)
                .append(" after a result: a cell it rests on has an error above ")
                .append(Math.round(MAX_ERROR * 100))
                .append(" % of its score.\n\n");
    }

    static String bar(double min) {
        return String.format(Locale.ROOT, "≥ %.2fx", min);
    }

    static void opensslRow(
            StringBuilder sb,
            Run r,
            String group,
            String impl,
            JsonObject ossl,
            String key,
            String what,
            String needed,
            double min) {
        sb.append("| ").append(what).append(" | ").append(r.jdk).append(" | ");
        Val v = r.get(group, 1, impl, 16384);
        ossl = openssl(r, ossl);
        if (ossl == null || !ossl.getAsJsonObject("mbps").has(key) || v == null) {
            sb.append(v == null ? "no 16 KiB result" : "no OpenSSL numbers (`--openssl`)")
                    .append(" | ")
                    .append(needed)
                    .append(" | ")
                    .append(NO_DATA)
                    .append(" |\n");
            return;
        }
        double o = ossl.getAsJsonObject("mbps").get(key).getAsDouble();
        Val ov = new Val(o, Double.NaN);
        sb.append(mbps(v))
                .append(" vs ")
                .append(String.format(Locale.ROOT, "%.0f", o))
                .append(" MB/s = ")
                .append(ratio(v.mbps() / o))
                .append(" | ")
                .append(needed)
                .append(" | ")
                .append(verdict(v, ov, min))
                .append(v.noisy() ? " " + NOISY : "")
                .append(" |\n");
    }

    /** a / b at every size both have; the target holds where {@code applies}. */
    static void sweep(
            StringBuilder sb,
            Run r,
            String jdk,
            String group,
            String a,
            String b,
            LongPredicate applies,
            double min,
            String what,
            boolean showAll) {
        sb.append("| ").append(what).append(" | ").append(jdk).append(" | ");
        NavigableMap<Long, Val> sa = r == null ? new TreeMap<>() : r.series(group, 1, a);
        NavigableMap<Long, Val> sbv = r == null ? new TreeMap<>() : r.series(group, 1, b);
        List<String> parts = new ArrayList<>();
        String result = null;
        double worstRatio = Double.MAX_VALUE;
        long worstSize = -1;
        boolean noisy = false;
        for (Map.Entry<Long, Val> e : sa.entrySet()) {
            Val vb = sbv.get(e.getKey());
            if (vb == null) {
                continue;
            }
            double q = e.getValue().mbps() / vb.mbps();
            boolean in = applies.test(e.getKey());
            if (showAll || in) {
                parts.add(Sizes.label(e.getKey()) + " " + (in ? ratio(q) : "(" + ratio(q) + ")"));
            }
            if (in) {
                String v = verdict(e.getValue(), vb, min);
                result = result == null ? v : worst(result, v);
                noisy |= e.getValue().noisy() || vb.noisy();
                if (q < worstRatio) {
                    worstRatio = q;
                    worstSize = e.getKey();
                }
            }
        }
        if (result == null) {
            sb.append(r == null ? "no JDK " + jdk + " run" : "no results for the sizes it applies to")
                    .append(" | ≥ ")
                    .append(ratio(min))
                    .append(" | ")
                    .append(NO_DATA)
                    .append(" |\n");
            return;
        }
        sb.append("min ")
                .append(ratio(worstRatio))
                .append(" at ")
                .append(Sizes.label(worstSize))
                .append(": ")
                .append(String.join(", ", parts))
                .append(" | ≥ ")
                .append(ratio(min))
                .append(" | ")
                .append(result)
                .append(noisy ? " " + NOISY : "")
                .append(" |\n");
    }

    // ---------------------------------------------------------------- charts

    static void chart(Run r, String group, JsonObject ossl, String opensslKey, File png) throws Exception {
        XYSeriesCollection ds = new XYSeriesCollection();
        List<Boolean> isReference = new ArrayList<>();
        for (Map.Entry<String, NavigableMap<Long, Val>> e : r.impls(group, 1).entrySet()) {
            XYSeries s = new XYSeries(display(r, e.getKey()));
            e.getValue().forEach((size, v) -> s.add(size.doubleValue(), v.mbps()));
            ds.addSeries(s);
            isReference.add(e.getKey().equals(SUN)
                    || e.getKey().equals(BC)
                    || e.getKey().equals(CON));
        }
        int points = ds.getSeriesCount();
        ossl = openssl(r, ossl);
        if (ossl != null) {
            JsonObject m = ossl.getAsJsonObject("mbps");
            for (String k : new String[] {opensslKey, opensslKey + "-avx2"}) {
                if (m.has(k)) {
                    XYSeries s = new XYSeries("OpenSSL " + k + " (16 KiB)");
                    s.add(16384, m.get(k).getAsDouble());
                    ds.addSeries(s);
                }
            }
        }
        JFreeChart chart = ChartFactory.createXYLineChart(
                GROUPS.get(group) + " — JDK " + r.jdk,
                "message size",
                "MB/s (10^6 bytes/s)",
                ds,
                PlotOrientation.VERTICAL,
                true,
                false,
                false);
        XYPlot plot = chart.getXYPlot();
        LogAxis x = new LogAxis("message size (log scale)");
        x.setBase(2);
        x.setTickUnit(new NumberTickUnit(2));
        x.setNumberFormatOverride(new SizeFormat());
        x.setRange(12, 1.5 * (1 << 20));
        plot.setDomainAxis(x);
        ((NumberAxis) plot.getRangeAxis()).setAutoRangeIncludesZero(true);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        XYLineAndShapeRenderer rr = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < ds.getSeriesCount(); i++) {
            String key = i < points ? new ArrayList<>(r.impls(group, 1).keySet()).get(i) : null;
            rr.setSeriesPaint(
                    i,
                    key != null
                            ? COLORS.getOrDefault(key, Color.GRAY)
                            : i == points ? new Color(0x555555) : new Color(0xAAAAAA));
            if (i >= points) {
                rr.setSeriesLinesVisible(i, false);
                rr.setSeriesShape(i, new Ellipse2D.Double(-6, -6, 12, 12));
            } else if (isReference.get(i)) {
                rr.setSeriesStroke(
                        i,
                        new BasicStroke(
                                2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 1f, new float[] {8f, 5f}, 0f));
            } else {
                rr.setSeriesStroke(i, new BasicStroke(2f));
            }
        }
        plot.setRenderer(rr);
        ChartUtils.saveChartAsPNG(png, chart, 1000, 620);
    }

    /** One colour per implementation, the same in every chart. */
    static final Map<String, Color> COLORS = Map.ofEntries(
            Map.entry("auto", new Color(0xD62728)),
            Map.entry("avx512", new Color(0xFF7F0E)),
            Map.entry("avx2", new Color(0x9467BD)),
            Map.entry("neon", new Color(0x8C564B)),
            Map.entry("portable", new Color(0x17BECF)),
            Map.entry("java", new Color(0x1F77B4)),
            Map.entry("jdk", new Color(0xBCBD22)),
            Map.entry(Suite.NO_NATIVE, new Color(0x8C6D31)),
            Map.entry(SUN, new Color(0x2CA02C)),
            Map.entry(BC, new Color(0x7F7F7F).darker()),
            Map.entry(CON, new Color(0xE377C2)));

    /** Axis labels "16 B", "1 KiB", "1 MiB". */
    static final class SizeFormat extends NumberFormat {
        @Override
        public StringBuffer format(double number, StringBuffer to, FieldPosition pos) {
            return to.append(Sizes.label(Math.round(number)));
        }

        @Override
        public StringBuffer format(long number, StringBuffer to, FieldPosition pos) {
            return to.append(Sizes.label(number));
        }

        @Override
        public Number parse(String source, ParsePosition pos) {
            throw new UnsupportedOperationException();
        }
    }
}
