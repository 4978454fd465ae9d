// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs {@code openssl speed -evp chacha20} and {@code chacha20-poly1305} at 16 KiB, on OpenSSL's default path and
 * with AVX-512 masked out ({@code OPENSSL_ia32cap=":~0x80010000"}, AVX-512F and AVX-512VL cleared: its AVX2 path),
 * and writes the MB/s (10^6 bytes/s) as JSON for {@link Report}:
 * <pre>{"version": "...", "bytes": 16384, "seconds": 3, "mbps": {"chacha20": ..., "chacha20-avx2": ...,
 *   "chacha20-poly1305": ..., "chacha20-poly1305-avx2": ...}}</pre>
 * ({@link Suite} adds {@code "beside"}: when in its run the figures were measured).
 * Options: {@code --out FILE} (default target/jmh/openssl.json), {@code --seconds N} (3), {@code --openssl PATH}.
 */
public final class OpenSslSpeed {
    static final String AVX2_MASK = ":~0x80010000";
    /** The message size of every figure. */
    static final int BYTES = 16384;

    static final List<String> CIPHERS = List.of("chacha20", "chacha20-poly1305");
    private static final Pattern FINAL = Pattern.compile("^\\+F:\\d+:[^:]+:([0-9.]+)");

    private OpenSslSpeed() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of("target/jmh/openssl.json");
        int seconds = 3;
        String openssl = "openssl";
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--out":
                    out = Path.of(args[++i]);
                    break;
                case "--seconds":
                    seconds = Integer.parseInt(args[++i]);
                    break;
                case "--openssl":
                    openssl = args[++i];
                    break;
                default:
                    throw new IllegalArgumentException(
                            "unknown option " + args[i] + " (--out FILE, --seconds N, --openssl PATH)");
            }
        }
        run(openssl, seconds, out);
    }

    static void run(String openssl, int seconds, Path out) throws Exception {
        JsonObject root = start(openssl, seconds);
        for (String cipher : CIPHERS) {
            measure(openssl, cipher, root);
        }
        write(root, out);
    }

    /** The JSON's header (version, bytes, seconds, mask) with no figures yet. */
    static JsonObject start(String openssl, int seconds) throws Exception {
        JsonObject root = new JsonObject();
        root.addProperty("version", exec(openssl, null, List.of("version")).trim());
        root.addProperty("bytes", BYTES);
        root.addProperty("seconds", seconds);
        root.addProperty("avx2Mask", "OPENSSL_ia32cap=" + AVX2_MASK);
        root.add("mbps", new JsonObject());
        return root;
    }

    /** Adds {@code cipher}'s figures, default path and AVX2 path, to {@code root}'s {@code mbps}. */
    static void measure(String openssl, String cipher, JsonObject root) throws Exception {
        JsonObject mbps = root.getAsJsonObject("mbps");
        for (boolean avx2 : new boolean[] {false, true}) {
            double v = speed(openssl, cipher, root.get("seconds").getAsInt(), avx2 ? AVX2_MASK : null);
            String key = cipher + (avx2 ? "-avx2" : "");
            mbps.addProperty(key, v);
            System.out.printf("openssl %-24s %10.1f MB/s%n", key, v);
        }
    }

    static void write(JsonObject root, Path out) throws Exception {
        Files.createDirectories(out.toAbsolutePath().getParent());
        String json = new GsonBuilder()
                .setPrettyPrinting()
                .disableHtmlEscaping()
                .create()
                .toJson(root);
        Files.writeString(out, json + "\n");
        System.out.println("wrote " + out);
    }

    /** MB/s of {@code openssl speed -evp cipher -bytes BYTES -mr} (machine-readable: "+F:n:name:bytes/s"). */
    static double speed(String openssl, String cipher, int seconds, String ia32cap) throws Exception {
        String text = exec(
                openssl,
                ia32cap,
                List.of(
                        "speed",
                        "-evp",
                        cipher,
                        "-bytes",
                        Integer.toString(BYTES),
                        "-seconds",
                        Integer.toString(seconds),
                        "-mr"));
        return parse(text) / 1e6;
    }

    /** Bytes/s from {@code openssl speed -mr} output (its last "+F:" line). */
    static double parse(String text) {
        double v = Double.NaN;
        for (String line : text.split("\n")) {
            Matcher m = FINAL.matcher(line.trim());
            if (m.find()) {
                v = Double.parseDouble(m.group(1));
            }
        }
        if (Double.isNaN(v)) {
            throw new IllegalStateException("no +F: line in openssl output:\n" + text);
        }
        return v;
    }

    private static String exec(String openssl, String ia32cap, List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(openssl);
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        if (ia32cap != null) {
            pb.environment().put("OPENSSL_ia32cap", ia32cap);
        }
        Process p = pb.start();
        StringBuilder sb = new StringBuilder();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                sb.append(line).append('\n');
            }
        }
        if (p.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed:\n" + sb);
        }
        return sb.toString();
    }
}
