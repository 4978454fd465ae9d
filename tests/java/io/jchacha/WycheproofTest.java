// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static io.jchacha.Hex.b;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.crypto.AEADBadTagException;
import org.junit.jupiter.api.Test;

/**
 * Every test of Wycheproof's chacha20_poly1305_test.json and xchacha20_poly1305_test.json (directory from the
 * system property {@code jchacha.wycheproof.dir}, which surefire sets). valid: seal gives exactly ct || tag and
 * open gives msg back (array and direct-buffer forms); invalid: rejected (wrong nonce size: IllegalArgumentException
 * from seal and open; otherwise open throws AEADBadTagException); acceptable: either outcome, but a successful
 * open must give msg. The number of tests run must equal the file's numberOfTests.
 */
class WycheproofTest {

    interface Aead {
        byte[] seal(byte[] nonce, byte[] pt, byte[] aad);

        byte[] open(byte[] nonce, byte[] ct, byte[] aad) throws AEADBadTagException;

        int openBuffer(byte[] nonce, ByteBuffer in, byte[] aad, ByteBuffer out) throws Exception;
    }

    static Aead ietf(byte[] key) {
        ChaCha20Poly1305CallerNonce a = new ChaCha20Poly1305CallerNonce(key);
        return new Aead() {
            public byte[] seal(byte[] n, byte[] p, byte[] d) {
                return a.seal(n, p, d);
            }

            public byte[] open(byte[] n, byte[] c, byte[] d) throws AEADBadTagException {
                return a.open(n, c, d);
            }

            public int openBuffer(byte[] n, ByteBuffer i, byte[] d, ByteBuffer o) throws Exception {
                return a.open(n, i, d, o);
            }
        };
    }

    static Aead xchacha(byte[] key) {
        XChaCha20Poly1305CallerNonce a = new XChaCha20Poly1305CallerNonce(key);
        return new Aead() {
            public byte[] seal(byte[] n, byte[] p, byte[] d) {
                return a.seal(n, p, d);
            }

            public byte[] open(byte[] n, byte[] c, byte[] d) throws AEADBadTagException {
                return a.open(n, c, d);
            }

            public int openBuffer(byte[] n, ByteBuffer i, byte[] d, ByteBuffer o) throws Exception {
                return a.open(n, i, d, o);
            }
        };
    }

    static Path dir() {
        String d = System.getProperty("jchacha.wycheproof.dir");
        if (d == null || d.isBlank()) {
            fail("system property jchacha.wycheproof.dir is not set: run through Maven (surefire sets it to "
                    + "../shared/vectors/wycheproof) or pass -Djchacha.wycheproof.dir=<dir with the JSON files>");
        }
        return Path.of(d);
    }

    @Test
    void chacha20Poly1305AllVectors() throws Exception {
        run("chacha20_poly1305_test.json", "CHACHA20-POLY1305", 12, true);
    }

    @Test
    void xchacha20Poly1305AllVectors() throws Exception {
        run("xchacha20_poly1305_test.json", "XCHACHA20-POLY1305", 24, false);
    }

    private static void run(String file, String algorithm, int nonceLength, boolean ietf) throws Exception {
        Path p = dir().resolve(file);
        assertTrue(Files.isRegularFile(p), "missing Wycheproof file " + p.toAbsolutePath());
        JsonObject root;
        try (Reader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
            root = JsonParser.parseReader(r).getAsJsonObject();
        }
        assertEquals(algorithm, root.get("algorithm").getAsString());
        int expected = root.get("numberOfTests").getAsInt();
        int run = 0, valid = 0, invalid = 0, acceptable = 0, badNonce = 0;
        List<String> failures = new ArrayList<>();
        for (JsonElement ge : root.getAsJsonArray("testGroups")) {
            JsonObject g = ge.getAsJsonObject();
            assertEquals(128, g.get("tagSize").getAsInt(), "tag size");
            for (JsonElement te : g.getAsJsonArray("tests")) {
                JsonObject t = te.getAsJsonObject();
                int id = t.get("tcId").getAsInt();
                byte[] key = b(t.get("key").getAsString());
                byte[] iv = b(t.get("iv").getAsString());
                byte[] aad = b(t.get("aad").getAsString());
                byte[] msg = b(t.get("msg").getAsString());
                byte[] ct = b(t.get("ct").getAsString());
                byte[] tag = b(t.get("tag").getAsString());
                String result = t.get("result").getAsString();
                byte[] sealed = RfcVectorsTest.concat(ct, tag);
                Aead a = ietf ? ietf(key) : xchacha(key);
                run++;
                try {
                    switch (result) {
                        case "valid":
                            valid++;
                            checkValid(a, iv, aad, msg, sealed);
                            break;
                        case "invalid":
                            invalid++;
                            if (iv.length != nonceLength) {
                                badNonce++;
                                expectIae(() -> a.seal(iv, msg, aad));
                                expectIae(() -> a.open(iv, sealed, aad));
                            } else {
                                try {
                                    a.open(iv, sealed, aad);
                                    throw new AssertionError("invalid vector opened");
                                } catch (AEADBadTagException expectedFailure) {
                                    // rejected, as it must be
                                }
                            }
                            break;
                        case "acceptable":
                            acceptable++;
                            try {
                                byte[] opened = a.open(iv, sealed, aad);
                                if (!Arrays.equals(msg, opened)) {
                                    throw new AssertionError("acceptable vector opened to a different plaintext");
                                }
                            } catch (AEADBadTagException | IllegalArgumentException rejected) {
                                // either outcome is allowed
                            }
                            break;
                        default:
                            throw new AssertionError("unknown result " + result);
                    }
                } catch (Throwable e) {
                    failures.add("tcId " + id + " (" + result + ", "
                            + t.get("comment").getAsString() + "): " + e);
                }
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " failures in " + file + ":\n" + String.join("\n", failures));
        assertEquals(expected, run, "vectors run vs numberOfTests in " + file);
        assertEquals(run, valid + invalid + acceptable);
        assertTrue(
                valid > 200 && invalid > 50 && badNonce == 9,
                "unexpected mix: valid " + valid + ", invalid " + invalid + ", wrong nonce size " + badNonce);
    }

    static void checkValid(Aead a, byte[] iv, byte[] aad, byte[] msg, byte[] sealed) throws Exception {
        byte[] got = a.seal(iv, msg, aad);
        if (!Arrays.equals(sealed, got)) {
            throw new AssertionError("seal: expected " + Hex.s(sealed) + " got " + Hex.s(got));
        }
        if (!Arrays.equals(msg, a.open(iv, sealed, aad))) {
            throw new AssertionError("open: wrong plaintext");
        }
        ByteBuffer in = ByteBuffer.allocateDirect(sealed.length).put(sealed).flip();
        ByteBuffer out = ByteBuffer.allocateDirect(msg.length);
        a.openBuffer(iv, in, aad, out);
        byte[] back = new byte[msg.length];
        out.flip().get(back);
        if (!Arrays.equals(msg, back)) {
            throw new AssertionError("open (direct buffers): wrong plaintext");
        }
    }

    interface Call {
        void run() throws Exception;
    }

    private static void expectIae(Call c) throws Exception {
        try {
            c.run();
        } catch (IllegalArgumentException e) {
            return;
        }
        throw new AssertionError("wrong nonce size accepted");
    }
}
