// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

import java.awt.Color;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * {@code sshchart RESULTS PNG}: draws the best MB/s of an {@code io.jchacha.ssh.SshTransferBench} run (its results
 * file: a {@code #} line saying size, repetitions and JDK, then transport, cipher, best MB/s and every MB/s,
 * tab-separated) as grouped bars, one group per transport (README, docs/bench/ssh.md).
 */
public final class SshTransferChart {
    private SshTransferChart() {}

    /** Bar colours: jchacha as in the throughput charts (Report's "auto"), MINA's ChaCha20 grey, AES-GCM green. */
    private static final Map<String, Color> COLOURS = Map.of(
            "jchacha chacha20-poly1305", new Color(0xD62728),
            "MINA chacha20-poly1305", new Color(0x7F7F7F),
            "MINA aes128-gcm", new Color(0x2CA02C));

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: sshchart RESULTS PNG");
        }
        List<String> lines = Files.readAllLines(Path.of(args[0]));
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        String about = "";
        for (String line : lines) {
            if (line.startsWith("#")) {
                about = line.substring(1).trim();
                continue;
            }
            String[] f = line.split("\t");
            if (f.length < 3) {
                throw new IllegalArgumentException("not a results line: " + line);
            }
            data.addValue(Long.parseLong(f[2]), f[1], f[0]);
        }
        JFreeChart c = ChartFactory.createBarChart(
                "SSH loopback transfer to a MINA SSHD server, MB/s (" + about + ")",
                null,
                "MB/s",
                data,
                PlotOrientation.VERTICAL,
                true,
                false,
                false);
        CategoryPlot plot = c.getCategoryPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        BarRenderer bars = (BarRenderer) plot.getRenderer();
        bars.setBarPainter(new StandardBarPainter());
        bars.setShadowVisible(false);
        bars.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator());
        bars.setDefaultItemLabelsVisible(true);
        for (int s = 0; s < data.getRowCount(); s++) {
            Color colour = COLOURS.get((String) data.getRowKey(s));
            if (colour != null) {
                bars.setSeriesPaint(s, colour);
            }
        }
        ChartUtils.saveChartAsPNG(new File(args[1]), c, 1000, 480);
    }
}
