// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * libsodium's secretstream as an oracle: runs {@code tests/libsodium/secretstream.py} (Debian's python3-nacl,
 * installed by {@code .ci/run}) with one JSON request and returns its JSON answer.
 */
public final class Libsodium {
    private Libsodium() {}

    static final Path SCRIPT = Path.of("tests/libsodium/secretstream.py");
    static final String PYTHON = "/usr/bin/python3";

    /** Runs one request; fails the test with the script's standard error when it fails. */
    public static JsonObject call(JsonObject request) throws Exception {
        if (!Files.isRegularFile(SCRIPT)) {
            throw new IllegalStateException("missing " + SCRIPT.toAbsolutePath());
        }
        Process p = new ProcessBuilder(PYTHON, SCRIPT.toString()).start();
        Thread writer = new Thread(() -> {
            try (OutputStream os = p.getOutputStream()) {
                os.write(new Gson().toJson(request).getBytes(StandardCharsets.UTF_8));
            } catch (Exception e) {
                // the process died; its standard error says why
            }
        });
        writer.start();
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        writer.join();
        if (p.waitFor() != 0) {
            throw new IllegalStateException("libsodium oracle failed (python3-nacl must be installed; .ci/run does): "
                    + new String(err, StandardCharsets.UTF_8));
        }
        return JsonParser.parseString(new String(out, StandardCharsets.UTF_8)).getAsJsonObject();
    }
}
