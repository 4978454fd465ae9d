// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.awt.Color;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * The random-generator report from one {@link RandomBench} JMH JSON file: nextLong and nextBytes tables, the
 * issue's targets (ratios within that one run), and a bar chart.
 *
 * <pre>java -cp target/jchacha-benchmarks.jar io.jchacha.bench.RandomReport RESULTS.json OUT_DIR [NOTE]</pre>
 * writes {@code OUT_DIR/random.md} and {@code OUT_DIR/random-jdk<N>.png}.
 */
public final class RandomReport {
    private RandomReport() {}

    private static final List<String> ORDER = List.of(
            "ChaChaRandom-8",
            "ChaChaRandom-12",
            "ChaChaRandom-20",
            "jchacha-SecureRandom",
            "SecureRandom-default",
            "SecureRandom-DRBG",
            "SecureRandom-NativePRNG",
            "SplittableRandom",
            "L64X128MixRandom",
            "ThreadLocalRandom");
    private static final int[] SIZES = {32, 65536, 1048576};

    /** Score and error in the result's unit (ops/s). */
    record Val(double score, double error) {}

    public static void main(String[] args) throws Exception {
        Path json = Path.of(args[0]);
        Path dir = Path.of(args[1]);
        String note = args.length > 2 ? args[2] : null;
        Map<String, Val> longs = new LinkedHashMap<>();
        Map<String, Map<Integer, Val>> bytes = new LinkedHashMap<>();
        String jdk = "?";
        String vm = "?";
        String settings = "?";
        String command = "?";
        for (JsonElement e : JsonParser.parseString(Files.readString(json)).getAsJsonArray()) {
            JsonObject o = e.getAsJsonObject();
            String bench = o.get("benchmark").getAsString();
            if (!bench.contains("RandomBench.")) {
                continue;
            }
            jdk = Suite.major(o.get("jdkVersion").getAsString());
            vm = o.get("vmName").getAsString() + " " + o.get("vmVersion").getAsString();
            settings = o.get("forks").getAsInt() + " fork, "
                    + o.get("warmupIterations").getAsInt() + " x "
                    + o.get("warmupTime").getAsString() + " warm-up, "
                    + o.get("measurementIterations").getAsInt()
                    + " x " + o.get("measurementTime").getAsString() + " measured";
            command = "java -jar target/jchacha-benchmarks.jar RandomBench -f "
                    + o.get("forks").getAsInt() + " -wi "
                    + o.get("warmupIterations").getAsInt() + " -w "
                    + o.get("warmupTime").getAsString().replace(" ", "")
                    + " -i " + o.get("measurementIterations").getAsInt() + " -r "
                    + o.get("measurementTime").getAsString().replace(" ", "") + " -rf json";
            JsonObject p = o.getAsJsonObject("params");
            JsonObject pm = o.getAsJsonObject("primaryMetric");
            Val v = new Val(pm.get("score").getAsDouble(), Report.number(pm.get("scoreError")));
            String gen = p.get("gen").getAsString();
            if (bench.endsWith(".nextLong")) {
                longs.put(gen, v);
            } else {
                bytes.computeIfAbsent(gen, k -> new TreeMap<>())
                        .put(Integer.parseInt(p.get("size").getAsString()), v);
            }
        }
        StringBuilder sb = new StringBuilder();
        sb.append("# Random generators: JMH, JDK ").append(jdk).append("\n\n");
        sb.append("- ").append(vm).append("; JMH ").append(settings).append("\n");
        sb.append("- `").append(command).append("`\n");
        if (note != null) {
            sb.append("- ").append(note).append("\n");
        }
        sb.append("\n## Targets\n\n| Target | Measured | Needed | Result |\n|---|---|---|---|\n");
        target(
                sb,
                "ChaChaRandom-8 `nextLong()` time vs L64X128MixRandom",
                ns(longs.get("ChaChaRandom-8")),
                ns(longs.get("L64X128MixRandom")),
                "ns",
                1.5,
                false);
        for (int size : new int[] {65536, 1048576}) {
            target(
                    sb,
                    "ChaChaRandom-8 vs ChaChaRandom-20 `nextBytes(" + label(size) + ")`",
                    mbps(bytes, "ChaChaRandom-8", size),
                    mbps(bytes, "ChaChaRandom-20", size),
                    "MB/s",
                    2.0,
                    true);
        }
        for (String ref : new String[] {"SecureRandom-default", "SecureRandom-DRBG"}) {
            target(
                    sb,
                    "SecureRandom ChaCha20 vs " + ref + " `nextBytes(32)`",
                    mbps(bytes, "jchacha-SecureRandom", 32),
                    mbps(bytes, ref, 32),
                    "MB/s",
                    10.0,
                    true);
            target(
                    sb,
                    "SecureRandom ChaCha20 vs " + ref + " `nextBytes(1 MiB)`",
                    mbps(bytes, "jchacha-SecureRandom", 1048576),
                    mbps(bytes, ref, 1048576),
                    "MB/s",
                    20.0,
                    true);
        }
        sb.append("\n## `nextLong()`\n\n| generator | ns/op | vs L64X128MixRandom |\n|---|---:|---:|\n");
        double l64 = ns(longs.get("L64X128MixRandom"));
        for (String g : ORDER) {
            Val v = longs.get(g);
            if (v != null) {
                sb.append("| ")
                        .append(g)
                        .append(" | ")
                        .append(fmt(ns(v)))
                        .append(" | ")
                        .append(String.format("%.2fx", ns(v) / l64))
                        .append(" |\n");
            }
        }
        sb.append("\n## `nextBytes`, MB/s (10^6 bytes/s)\n\n| generator |");
        for (int s : SIZES) {
            sb.append(" ").append(label(s)).append(" |");
        }
        sb.append("\n|---|");
        for (int s : SIZES) {
            sb.append("---:|");
        }
        sb.append("\n");
        DefaultCategoryDataset ds = new DefaultCategoryDataset();
        for (String g : ORDER) {
            if (!bytes.containsKey(g)) {
                continue;
            }
            sb.append("| ").append(g).append(" |");
            for (int s : SIZES) {
                double m = mbps(bytes, g, s);
                Val v = bytes.get(g).get(s);
                sb.append(" ")
                        .append(fmt(m))
                        .append(" ± ")
                        .append(fmt(v.error() * s / 1e6))
                        .append(" |");
                ds.addValue(m, label(s), g);
            }
            sb.append("\n");
        }
        String png = "random-jdk" + jdk + ".png";
        sb.append("\n![nextBytes MB/s per generator, JDK ")
                .append(jdk)
                .append("](")
                .append(png)
                .append(")\n");
        JFreeChart chart = ChartFactory.createBarChart(
                "nextBytes throughput, JDK " + jdk,
                "generator",
                "MB/s (log scale)",
                ds,
                PlotOrientation.HORIZONTAL,
                true,
                false,
                false);
        CategoryPlot plot = chart.getCategoryPlot();
        LogAxis y = new LogAxis("MB/s (10^6 bytes/s, log scale)");
        y.setBase(10);
        y.setTickUnit(new org.jfree.chart.axis.NumberTickUnit(1));
        y.setNumberFormatOverride(new java.text.DecimalFormat("#,##0.#"));
        y.setRange(1, 20_000);
        plot.setRangeAxis(y);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        ChartUtils.saveChartAsPNG(new File(dir.toFile(), png), chart, 1000, 700);
        Files.writeString(dir.resolve("random.md"), sb.toString());
    }

    private static void target(
            StringBuilder sb, String what, double a, double b, String unit, double bar, boolean higherIsBetter) {
        double ratio = a / b;
        boolean met = higherIsBetter ? ratio >= bar : ratio <= bar;
        sb.append("| ")
                .append(what)
                .append(" | ")
                .append(fmt(a))
                .append(" vs ")
                .append(fmt(b))
                .append(" ")
                .append(unit)
                .append(" = ")
                .append(String.format("%.2fx", ratio))
                .append(" | ")
                .append(higherIsBetter ? "≥ " : "≤ ")
                .append(String.format("%.1fx", bar))
                .append(" | ")
                .append(met ? "**met**" : "**not met**")
                .append(" |\n");
    }

    private static double ns(Val v) {
        return 1e9 / v.score();
    }

    private static double mbps(Map<String, Map<Integer, Val>> bytes, String gen, int size) {
        return bytes.get(gen).get(size).score() * size / 1e6;
    }

    private static String label(int size) {
        return size >= 1048576 ? size / 1048576 + " MiB" : size >= 1024 ? size / 1024 + " KiB" : size + " B";
    }

    private static String fmt(double x) {
        return x >= 100 ? String.format("%.0f", x) : x >= 10 ? String.format("%.1f", x) : String.format("%.2f", x);
    }
}
