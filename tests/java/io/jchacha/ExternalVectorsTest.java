// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static io.jchacha.Hex.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Provider;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The known answers of {@code ../shared/vectors/external} (directory from the system property
 * {@code jchacha.externalVectors.dir}, which surefire sets; its README.md gives the format): 2,478 vectors from
 * seven other implementations' suites and an older Wycheproof release, run through the public API on the backend
 * this run forces. Each kind asserts how many vectors it ran, so an empty or short run fails. A missing directory
 * fails under CI and skips with the reason elsewhere. The two kinds without a class of their own (libsodium's
 * secretbox_xchacha20poly1305 and the original 64-bit-nonce ChaCha20-Poly1305) run as compositions of the public
 * {@link ChaCha20} and {@link Poly1305}.
 */
class ExternalVectorsTest {
    /** Vectors per kind in the directory's files (their {@code count} fields add up to 2,478). */
    static final Map<String, Integer> EXPECTED = Map.of(
            "stream", 652,
            "aead_ietf", 811,
            "aead_x", 717,
            "poly1305", 274,
            "hchacha20", 11,
            "xsecretbox", 10,
            "legacy_aead", 3);

    private static final Provider PROVIDER = new JChachaProvider();
    private static List<JsonObject> vectors;

    interface Check {
        void run(JsonObject v) throws Exception;
    }

    /** The vectors of every file, read once; each test skips (or, under CI, fails) on a missing directory. */
    static synchronized List<JsonObject> vectors() throws IOException {
        if (vectors != null) {
            return vectors;
        }
        String d = System.getProperty("jchacha.externalVectors.dir");
        if (d == null || d.isBlank()) {
            fail("system property jchacha.externalVectors.dir is not set: run through Maven (surefire sets it to "
                    + "../shared/vectors/external) or pass -Djchacha.externalVectors.dir=<dir with the JSON files>");
        }
        Path dir = Path.of(d);
        String missing = "no external vectors at " + dir.toAbsolutePath() + " (../shared/vectors/external)";
        if (!Files.isDirectory(dir) && Arm64EndToEndTest.ci()) {
            fail(missing + " (CI must provide it)");
        }
        Assumptions.assumeTrue(Files.isDirectory(dir), missing);
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().collect(Collectors.toList());
        }
        List<JsonObject> all = new ArrayList<>();
        for (Path p : files) {
            JsonObject root;
            try (Reader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
                root = JsonParser.parseReader(r).getAsJsonObject();
            }
            int before = all.size();
            for (JsonElement e : root.getAsJsonArray("vectors")) {
                all.add(e.getAsJsonObject());
            }
            assertEquals(root.get("count").getAsInt(), all.size() - before, "count in " + p);
        }
        vectors = all;
        return all;
    }

    @Test
    void everyVectorIsOfAKnownKind() throws IOException {
        Map<String, Integer> kinds = new TreeMap<>();
        for (JsonObject v : vectors()) {
            kinds.merge(v.get("kind").getAsString(), 1, Integer::sum);
        }
        assertEquals(new TreeMap<>(EXPECTED), kinds);
        assertEquals(2478, vectors().size());
    }

    @Test
    void stream() throws IOException {
        run("stream", ExternalVectorsTest::stream);
    }

    @Test
    void aeadIetf() throws IOException {
        run("aead_ietf", v -> aead(v, WycheproofTest.ietf(b(str(v, "key")))));
    }

    @Test
    void aeadX() throws IOException {
        run("aead_x", v -> aead(v, WycheproofTest.xchacha(b(str(v, "key")))));
    }

    @Test
    void poly1305() throws IOException {
        run("poly1305", ExternalVectorsTest::poly1305);
    }

    @Test
    void hchacha20() throws IOException {
        run(
                "hchacha20",
                v -> assertArrayEquals(b(str(v, "output")), HChaCha20.subkey(b(str(v, "key")), b(str(v, "input")))));
    }

    @Test
    void xsecretbox() throws IOException {
        run("xsecretbox", ExternalVectorsTest::xsecretbox);
    }

    @Test
    void legacyAead() throws IOException {
        run("legacy_aead", ExternalVectorsTest::legacyAead);
    }

    /** Runs every vector of {@code kind}, collects the failures, and checks how many ran. */
    private static void run(String kind, Check check) throws IOException {
        List<String> failures = new ArrayList<>();
        int run = 0;
        for (JsonObject v : vectors()) {
            if (!str(v, "kind").equals(kind)) {
                continue;
            }
            run++;
            try {
                check.run(v);
            } catch (Throwable e) {
                failures.add(str(v, "id") + ": " + e);
            }
        }
        assertTrue(
                failures.isEmpty(),
                failures.size() + " of " + run + " " + kind + " vectors fail:\n" + String.join("\n", failures));
        assertEquals(EXPECTED.get(kind), run, kind + " vectors run");
    }

    private static String str(JsonObject v, String name) {
        return v.get(name).getAsString();
    }

    private static boolean flag(JsonObject v, String name) {
        return v.has(name) && v.get(name).getAsBoolean();
    }

    private static ByteBuffer direct(byte[] b) {
        return ByteBuffer.allocateDirect(b.length).put(b).flip();
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] r = new byte[b.flip().remaining()];
        b.get(r);
        return r;
    }

    /**
     * update over the whole input (array, in place, direct buffers; the JCA Cipher for IETF at 20 rounds), and for
     * {@code prefixes} every split point and every seek position. A vector whose source wraps the block counter is
     * {@link #wrapping}.
     */
    private static void stream(JsonObject v) throws Exception {
        ChaCha20.Variant variant = ChaCha20.Variant.valueOf(str(v, "variant").toUpperCase(Locale.ROOT));
        int rounds = v.get("rounds").getAsInt();
        byte[] key = b(str(v, "key"));
        byte[] nonce = b(str(v, "nonce"));
        long counter = Long.parseUnsignedLong(str(v, "counter"));
        long offset = v.has("offset") ? v.get("offset").getAsLong() : 0;
        byte[] in = b(str(v, "input"));
        byte[] out = b(str(v, "output"));
        assertEquals(in.length, out.length);
        int n = in.length;
        Supplier<ChaCha20> fresh = () -> {
            ChaCha20 c = ChaCha20.newInstance(variant, key, nonce, counter, rounds);
            c.seek(offset);
            return c;
        };
        boolean jca = variant == ChaCha20.Variant.IETF && rounds == 20 && offset == 0;
        if (flag(v, "ietf_wrap") || flag(v, "counter64_wrap")) {
            wrapping(fresh.get(), ChaCha20.newInstance(variant, key, nonce, 0, rounds), in, out);
            if (jca) { // the JCA Cipher wraps the 32-bit counter to 0, as SunJCE's does
                assertArrayEquals(out, jcaCipher(key, nonce, counter).doFinal(in), "JCA Cipher");
            }
            return;
        }
        assertArrayEquals(out, fresh.get().update(in), "update(byte[])");
        byte[] buf = in.clone();
        fresh.get().update(buf, 0, n, buf, 0);
        assertArrayEquals(out, buf, "in place");
        ByteBuffer dst = ByteBuffer.allocateDirect(n);
        fresh.get().update(direct(in), dst);
        assertArrayEquals(out, bytes(dst), "direct buffers");
        if (jca) {
            assertArrayEquals(out, jcaCipher(key, nonce, counter).doFinal(in), "JCA Cipher");
        }
        if (flag(v, "prefixes")) {
            for (int k = 0; k <= n; k++) {
                byte[] got = new byte[n];
                ChaCha20 c = fresh.get();
                c.update(in, 0, k, got, 0);
                c.update(in, k, n - k, got, k);
                assertArrayEquals(out, got, "split at " + k);
                ChaCha20 s = fresh.get();
                s.seek(offset + k);
                assertArrayEquals(
                        Arrays.copyOfRange(out, k, n), s.update(Arrays.copyOfRange(in, k, n)), "seek to " + k);
            }
        }
    }

    /**
     * The source wrapped the block counter; jchacha's stream refuses to: it serves the bytes before the end, and a
     * call that would pass it throws IllegalStateException before it writes anything or moves. The rest of the
     * vector is the stream from counter 0, where the source wrapped to.
     */
    private static void wrapping(ChaCha20 c, ChaCha20 fromZero, byte[] in, byte[] out) {
        int n = in.length;
        long left = c.remaining();
        assertTrue(left < n, "the vector does not reach the counter's end: " + left + " bytes left, " + n + " long");
        long position = c.position();
        byte[] got = new byte[n];
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> c.update(in, 0, n, got, 0));
        assertTrue(e.getMessage().contains("keystream exhausted"), e.getMessage());
        assertArrayEquals(new byte[n], got, "written before refusing");
        assertEquals(position, c.position(), "moved before refusing");
        int head = (int) left;
        assertArrayEquals(Arrays.copyOf(out, head), c.update(Arrays.copyOf(in, head)), "up to the end");
        assertEquals(0, c.remaining());
        assertThrows(IllegalStateException.class, () -> c.update(new byte[1]));
        assertArrayEquals(
                Arrays.copyOfRange(out, head, n), fromZero.update(Arrays.copyOfRange(in, head, n)), "from counter 0");
    }

    private static Cipher jcaCipher(byte[] key, byte[] nonce, long counter) throws Exception {
        Cipher c = Cipher.getInstance("ChaCha20", PROVIDER);
        ChaCha20ParameterSpec spec = new ChaCha20ParameterSpec(nonce, (int) counter); // the 32-bit counter, unsigned
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "ChaCha20"), spec);
        return c;
    }

    /**
     * valid: seal gives ct || tag and open (array and direct buffers) gives pt back; with {@code tag_prefix} (a
     * truncated tag) the sealed tag starts with it, and ct || prefix is refused, as jchacha takes whole tags only.
     * invalid: open refuses.
     */
    private static void aead(JsonObject v, WycheproofTest.Aead a) throws Exception {
        byte[] nonce = b(str(v, "nonce"));
        byte[] aad = b(str(v, "aad"));
        byte[] pt = b(str(v, "pt"));
        byte[] ct = b(str(v, "ct"));
        byte[] tag = b(str(v, "tag"));
        byte[] sealed = RfcVectorsTest.concat(ct, tag);
        switch (str(v, "result")) {
            case "valid":
                if (flag(v, "tag_prefix")) {
                    byte[] got = a.seal(nonce, pt, aad);
                    assertArrayEquals(ct, Arrays.copyOf(got, ct.length), "ciphertext");
                    assertArrayEquals(tag, Arrays.copyOfRange(got, ct.length, ct.length + tag.length), "tag prefix");
                    assertArrayEquals(pt, a.open(nonce, got, aad), "open");
                    assertThrows(AEADBadTagException.class, () -> a.open(nonce, sealed, aad), "truncated tag");
                } else {
                    assertEquals(16, tag.length);
                    WycheproofTest.checkValid(a, nonce, aad, pt, sealed);
                }
                break;
            case "invalid":
                assertThrows(AEADBadTagException.class, () -> a.open(nonce, sealed, aad));
                break;
            default:
                fail("unknown result " + str(v, "result"));
        }
    }

    /** One shot, verify, streaming (in the source's update lengths where it gives them) and a direct buffer. */
    private static void poly1305(JsonObject v) {
        byte[] key = b(str(v, "key"));
        byte[] msg = b(str(v, "msg"));
        byte[] tag = b(str(v, "tag"));
        boolean valid = !v.has("result") || str(v, "result").equals("valid");
        if (!valid) {
            assertEquals("invalid", str(v, "result"));
            assertFalse(Arrays.equals(tag, Poly1305.mac(key, msg)), "invalid tag computed");
            assertFalse(Poly1305.verify(key, msg, tag), "invalid tag verified");
            return;
        }
        assertArrayEquals(tag, Poly1305.mac(key, msg), "mac");
        assertTrue(Poly1305.verify(key, msg, tag), "verify");
        Poly1305 p = new Poly1305(key);
        int pos = 0;
        if (v.has("splits")) {
            for (JsonElement s : v.getAsJsonArray("splits")) {
                p.update(msg, pos, s.getAsInt());
                pos += s.getAsInt();
            }
            assertEquals(msg.length, pos, "splits cover the message");
        }
        p.update(msg, pos, msg.length - pos);
        assertArrayEquals(tag, p.finish(), "streaming");
        assertArrayEquals(tag, new Poly1305(key).update(direct(msg)).finish(), "direct buffer");
    }

    /**
     * libsodium's crypto_secretbox_xchacha20poly1305 ({@code out} = tag || ciphertext): the Poly1305 key is the
     * first 32 bytes of the XChaCha20 keystream, the message is encrypted from byte 32 on, the tag covers the
     * ciphertext alone.
     */
    private static void xsecretbox(JsonObject v) {
        byte[] key = b(str(v, "key"));
        byte[] nonce = b(str(v, "nonce"));
        byte[] msg = b(str(v, "msg"));
        byte[] out = b(str(v, "out"));
        ChaCha20 c = ChaCha20.xchacha20(key, nonce);
        byte[] polyKey = polyKey(c);
        byte[] ct = c.update(msg);
        assertArrayEquals(out, RfcVectorsTest.concat(Poly1305.mac(polyKey, ct), ct), "seal");
        byte[] boxed = Arrays.copyOfRange(out, Poly1305.TAG_LENGTH, out.length);
        assertTrue(Poly1305.verify(polyKey, boxed, Arrays.copyOf(out, Poly1305.TAG_LENGTH)), "verify");
        ChaCha20 d = ChaCha20.xchacha20(key, nonce);
        d.seek(Poly1305.KEY_LENGTH);
        assertArrayEquals(msg, d.update(boxed), "open");
    }

    /**
     * The original ChaCha20-Poly1305 (libsodium's crypto_aead_chacha20poly1305, 8-byte nonce; {@code out} =
     * ciphertext || tag): Poly1305 key from block 0, ciphertext from block 1, the tag over aad || le64(aad length)
     * || ciphertext || le64(ciphertext length), without padding.
     */
    private static void legacyAead(JsonObject v) {
        byte[] key = b(str(v, "key"));
        byte[] nonce = b(str(v, "nonce"));
        byte[] aad = b(str(v, "aad"));
        byte[] pt = b(str(v, "pt"));
        byte[] out = b(str(v, "out"));
        ChaCha20 c = ChaCha20.original(key, nonce);
        byte[] polyKey = polyKey(c);
        c.seek(64);
        byte[] ct = c.update(pt);
        byte[] tag = new Poly1305(polyKey)
                .update(aad)
                .update(le64(aad.length))
                .update(ct)
                .update(le64(ct.length))
                .finish();
        assertArrayEquals(out, RfcVectorsTest.concat(ct, tag));
    }

    /** The one-time Poly1305 key of libsodium's compositions: the next 32 bytes of {@code c}'s keystream. */
    private static byte[] polyKey(ChaCha20 c) {
        byte[] k = new byte[Poly1305.KEY_LENGTH];
        c.keystream(k, 0, k.length);
        return k;
    }

    private static byte[] le64(long n) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(n).array();
    }
}
