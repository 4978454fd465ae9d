// SPDX-License-Identifier: Apache-2.0
package io.jchacha.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jchacha.JChachaProvider;
import io.jchacha.ReferenceHChaCha;
import io.jchacha.XChaCha20Poly1305CallerNonce;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.security.Provider;
import java.security.Security;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Output of the JChacha ciphers against SunJCE (and XChaCha20-Poly1305 against independent constructions). */
class DifferentialTest {
    private static final Provider SUN = Security.getProvider("SunJCE");
    private static final Provider OURS = new JChachaProvider();
    private static final int[] LENGTHS = {
        0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 255, 256, 257, 1000, 4095, 4096, 4097, 8191, 8192, 8193, 70_007
    };
    private static final int[] AAD_LENGTHS = {0, 1, 13, 16, 17, 100};

    /** How the data goes through the cipher. */
    enum Path {
        ARRAY,
        ARRAY_CHUNKED,
        ARRAY_IN_PLACE,
        ARRAY_SHIFTED,
        HEAP,
        HEAP_CHUNKED,
        DIRECT,
        DIRECT_CHUNKED,
        HEAP_IN_PLACE,
        DIRECT_IN_PLACE,
        DIRECT_TO_HEAP,
        HEAP_TO_DIRECT
    }

    static byte[] random(Random r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    static ByteBuffer direct(byte[] b, int extra) {
        ByteBuffer d = ByteBuffer.allocateDirect(b.length + extra);
        d.put(b).flip();
        return d;
    }

    /** Runs one operation (init done by the caller) along {@code path}; returns the output. */
    static byte[] run(Cipher c, boolean encrypt, byte[] aad, byte[] in, Path path, Random r) throws Exception {
        if (aad != null) {
            if (r.nextBoolean()) {
                c.updateAAD(aad);
            } else {
                int cut = aad.length / 2;
                c.updateAAD(aad, 0, cut);
                c.updateAAD(ByteBuffer.wrap(aad, cut, aad.length - cut));
            }
        }
        int outLen = c.getOutputSize(in.length);
        switch (path) {
            case ARRAY:
                return c.doFinal(in);
            case ARRAY_CHUNKED: {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                int off = 0;
                while (off < in.length) {
                    int n = Math.min(in.length - off, 1 + r.nextInt(300));
                    byte[] part = c.update(in, off, n);
                    if (part != null) {
                        out.write(part);
                    }
                    off += n;
                }
                out.write(c.doFinal());
                return out.toByteArray();
            }
            case ARRAY_IN_PLACE:
            case ARRAY_SHIFTED: {
                int shift = path == Path.ARRAY_SHIFTED ? (r.nextBoolean() ? 5 : -5) : 0;
                int base = 8;
                byte[] buf = new byte[base + Math.max(in.length, outLen) + 16];
                System.arraycopy(in, 0, buf, base, in.length);
                int n = c.doFinal(buf, base, in.length, buf, base + shift);
                return Arrays.copyOfRange(buf, base + shift, base + shift + n);
            }
            case HEAP:
            case DIRECT:
            case DIRECT_TO_HEAP:
            case HEAP_TO_DIRECT: {
                boolean dIn = path == Path.DIRECT || path == Path.DIRECT_TO_HEAP;
                boolean dOut = path == Path.DIRECT || path == Path.HEAP_TO_DIRECT;
                ByteBuffer src = dIn ? direct(in, 0) : ByteBuffer.wrap(in);
                ByteBuffer dst = dOut ? ByteBuffer.allocateDirect(outLen + 3) : ByteBuffer.allocate(outLen + 3);
                dst.position(3);
                int n = c.doFinal(src, dst);
                assertEquals(in.length, src.position());
                assertEquals(3 + n, dst.position());
                byte[] o = new byte[n];
                dst.get(3, o);
                return o;
            }
            case HEAP_CHUNKED:
            case DIRECT_CHUNKED: {
                boolean d = path == Path.DIRECT_CHUNKED;
                ByteBuffer src = d ? direct(in, 0) : ByteBuffer.wrap(in);
                ByteBuffer dst = d ? ByteBuffer.allocateDirect(in.length + 16) : ByteBuffer.allocate(in.length + 16);
                while (src.hasRemaining()) {
                    int n = Math.min(src.remaining(), 1 + r.nextInt(300));
                    ByteBuffer part = src.duplicate();
                    part.limit(src.position() + n);
                    // an update needs room for getOutputSize(n), which counts the tag
                    ByteBuffer room = dst.duplicate();
                    int before = room.position();
                    c.update(part, room);
                    dst.position(room.position());
                    src.position(src.position() + n);
                    assertEquals(room.position() - before, c.getAlgorithm().equals("ChaCha20") || encrypt ? n : 0);
                }
                c.doFinal(src, dst);
                dst.flip();
                byte[] o = new byte[dst.remaining()];
                dst.get(o);
                return o;
            }
            case HEAP_IN_PLACE:
            case DIRECT_IN_PLACE: {
                ByteBuffer b = path == Path.DIRECT_IN_PLACE
                        ? ByteBuffer.allocateDirect(Math.max(in.length, outLen))
                        : ByteBuffer.allocate(Math.max(in.length, outLen));
                b.put(in).flip();
                ByteBuffer out = b.duplicate();
                out.clear();
                int n = c.doFinal(b, out);
                byte[] o = new byte[n];
                out.get(0, o);
                return o;
            }
            default:
                throw new AssertionError(path);
        }
    }

    static Cipher init(Provider p, String alg, int mode, byte[] key, AlgorithmParameterSpec spec) throws Exception {
        Cipher c = Cipher.getInstance(alg, p);
        c.init(mode, new SecretKeySpec(key, "ChaCha20"), spec);
        return c;
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void chacha20MatchesSunJce(Path path) throws Exception {
        Random r = new Random(path.ordinal());
        for (int len : LENGTHS) {
            byte[] key = random(r, 32);
            byte[] nonce = random(r, 12);
            int counter = switch (len % 3) {
                case 0 -> 0;
                case 1 -> 1;
                default -> r.nextInt();
            };
            if (len == 8193) {
                counter = -1; // the 32-bit counter wraps inside the message
            }
            byte[] pt = random(r, len);
            AlgorithmParameterSpec spec = new ChaCha20ParameterSpec(nonce, counter);
            byte[] expected =
                    init(SUN, "ChaCha20", Cipher.ENCRYPT_MODE, key, spec).doFinal(pt);
            byte[] got = run(init(OURS, "ChaCha20", Cipher.ENCRYPT_MODE, key, spec), true, null, pt, path, r);
            assertArrayEquals(expected, got, "ChaCha20 " + path + " length " + len);
            byte[] back = run(init(OURS, "ChaCha20", Cipher.DECRYPT_MODE, key, spec), false, null, got, path, r);
            assertArrayEquals(pt, back);
        }
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void chacha20Poly1305MatchesSunJce(Path path) throws Exception {
        Random r = new Random(100 + path.ordinal());
        for (int len : LENGTHS) {
            int aadLen = AAD_LENGTHS[r.nextInt(AAD_LENGTHS.length)];
            byte[] key = random(r, 32);
            byte[] nonce = random(r, 12);
            byte[] aad = aadLen == 0 && r.nextBoolean() ? null : random(r, aadLen);
            byte[] pt = random(r, len);
            IvParameterSpec spec = new IvParameterSpec(nonce);
            Cipher sun = init(SUN, "ChaCha20-Poly1305", Cipher.ENCRYPT_MODE, key, spec);
            if (aad != null) {
                sun.updateAAD(aad);
            }
            byte[] expected = sun.doFinal(pt);
            byte[] got = run(init(OURS, "ChaCha20-Poly1305", Cipher.ENCRYPT_MODE, key, spec), true, aad, pt, path, r);
            assertArrayEquals(expected, got, "seal " + path + " length " + len + " aad " + aadLen);
            byte[] back =
                    run(init(OURS, "ChaCha20-Poly1305", Cipher.DECRYPT_MODE, key, spec), false, aad, expected, path, r);
            assertArrayEquals(pt, back, "open " + path + " length " + len);
            if (len > 0) {
                byte[] bad = expected.clone();
                bad[r.nextInt(bad.length)] ^= (byte) (1 << r.nextInt(8));
                assertThrows(
                        AEADBadTagException.class,
                        () -> run(
                                init(OURS, "ChaCha20-Poly1305", Cipher.DECRYPT_MODE, key, spec),
                                false,
                                aad,
                                bad,
                                path,
                                r));
            }
        }
    }

    /**
     * XChaCha20-Poly1305 = ChaCha20-Poly1305 under HChaCha20(key, nonce[0..16]) with nonce 0^4 || nonce[16..24]:
     * SunJCE's under the test's own HChaCha20.
     */
    static byte[] xchachaConstruction(byte[] key, byte[] nonce, byte[] aad, byte[] pt) throws Exception {
        byte[] sub = ReferenceHChaCha.subkey(key, Arrays.copyOf(nonce, 16), 20);
        byte[] inner = new byte[12];
        System.arraycopy(nonce, 16, inner, 4, 8);
        Cipher sun = init(SUN, "ChaCha20-Poly1305", Cipher.ENCRYPT_MODE, sub, new IvParameterSpec(inner));
        sun.updateAAD(aad);
        return sun.doFinal(pt);
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void xchacha20Poly1305MatchesConstruction(Path path) throws Exception {
        Random r = new Random(200 + path.ordinal());
        for (int len : LENGTHS) {
            byte[] key = random(r, 32);
            byte[] nonce = random(r, 24);
            byte[] aad = random(r, AAD_LENGTHS[r.nextInt(AAD_LENGTHS.length)]);
            byte[] pt = random(r, len);
            byte[] expected = xchachaConstruction(key, nonce, aad, pt);
            assertArrayEquals(expected, new XChaCha20Poly1305CallerNonce(key).seal(nonce, pt, aad));
            IvParameterSpec spec = new IvParameterSpec(nonce);
            byte[] got = run(init(OURS, "XChaCha20-Poly1305", Cipher.ENCRYPT_MODE, key, spec), true, aad, pt, path, r);
            assertArrayEquals(expected, got, "seal " + path + " length " + len);
            byte[] back = run(
                    init(OURS, "XChaCha20-Poly1305", Cipher.DECRYPT_MODE, key, spec), false, aad, expected, path, r);
            assertArrayEquals(pt, back);
        }
    }

    /**
     * One XChaCha20-Poly1305 cipher for encryption and one for decryption, each initialized again for every message:
     * keys that repeat (the same object, an equal one), change by one bit, and nonces that differ in their HChaCha20
     * half, their last 8 bytes or both; every message on a random path, against the construction.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void xchachaInstancesInitializedAgain(int seed) throws Exception {
        Random r = new Random(300 + seed);
        Cipher enc = Cipher.getInstance("XChaCha20-Poly1305", OURS);
        Cipher dec = Cipher.getInstance("XChaCha20-Poly1305", OURS);
        byte[] key = random(r, 32);
        SecretKeySpec keyObject = new SecretKeySpec(key, "ChaCha20");
        byte[] nonce = random(r, 24);
        Path[] paths = Path.values();
        for (int i = 0; i < 40; i++) {
            int change = r.nextInt(6);
            if (change == 0) {
                key = random(r, 32);
            } else if (change == 1) {
                key[r.nextInt(32)] ^= (byte) (1 << r.nextInt(8));
            }
            if (change < 3) {
                keyObject = new SecretKeySpec(key, "ChaCha20"); // a new key, or an equal one in another object
            } // else the same key object again
            int which = r.nextInt(3);
            if (which != 1) {
                nonce[r.nextInt(16)] ^= (byte) (1 << r.nextInt(8));
            }
            if (which != 0) {
                nonce[16 + r.nextInt(8)] ^= (byte) (1 << r.nextInt(8));
            }
            byte[] aad = random(r, AAD_LENGTHS[r.nextInt(AAD_LENGTHS.length)]);
            byte[] pt = random(r, LENGTHS[r.nextInt(LENGTHS.length - 1)]);
            byte[] expected = xchachaConstruction(key, nonce, aad, pt);
            Path path = paths[r.nextInt(paths.length)];
            IvParameterSpec spec = new IvParameterSpec(nonce);
            enc.init(Cipher.ENCRYPT_MODE, keyObject, spec);
            assertArrayEquals(expected, run(enc, true, aad, pt, path, r), "message " + i + " " + path);
            dec.init(Cipher.DECRYPT_MODE, keyObject, spec);
            assertArrayEquals(pt, run(dec, false, aad, expected, path, r), "message " + i + " " + path);
        }
    }

    @Test
    void xchachaSpecifics() throws Exception {
        Cipher c = Cipher.getInstance("XChaCha20-Poly1305", OURS);
        SecretKey k = new SecretKeySpec(new byte[32], "ChaCha20");
        assertThrows(
                java.security.InvalidAlgorithmParameterException.class,
                () -> c.init(Cipher.ENCRYPT_MODE, k, new IvParameterSpec(new byte[12])));
        c.init(Cipher.ENCRYPT_MODE, k);
        assertEquals(24, c.getIV().length);
        assertEquals("XChaCha20-Poly1305", c.getParameters().getAlgorithm());
        byte[] enc = c.getParameters().getEncoded();
        assertEquals(26, enc.length);
        Cipher d = Cipher.getInstance("XChaCha20-Poly1305", OURS);
        d.init(Cipher.DECRYPT_MODE, k, c.getParameters());
        assertArrayEquals(c.getIV(), d.getIV());
        byte[] ct = c.doFinal(new byte[5]);
        assertArrayEquals(new byte[5], d.doFinal(ct));
        if (Support.DECRYPT_REUSE_ALLOWED) {
            // JDK 21+ rules (JDK-8305091): decryption may repeat the key and nonce, and doFinal restarts it
            assertArrayEquals(new byte[5], d.doFinal(ct));
            d.init(Cipher.DECRYPT_MODE, k, new IvParameterSpec(c.getIV()));
            assertArrayEquals(new byte[5], d.doFinal(ct));
        } else {
            assertThrows(IllegalStateException.class, () -> d.doFinal(ct));
            assertThrows(
                    java.security.InvalidKeyException.class,
                    () -> d.init(Cipher.DECRYPT_MODE, k, new IvParameterSpec(c.getIV())));
        }
        assertThrows(
                java.security.InvalidKeyException.class,
                () -> d.init(Cipher.ENCRYPT_MODE, k, new IvParameterSpec(c.getIV())));
    }

    @Test
    void keyGenerator() throws Exception {
        KeyGenerator kg = KeyGenerator.getInstance("ChaCha20", OURS);
        Set<String> seen = new HashSet<>();
        int ones = 0;
        for (int i = 0; i < 200; i++) {
            SecretKey k = kg.generateKey();
            assertEquals("ChaCha20", k.getAlgorithm());
            assertEquals("RAW", k.getFormat());
            assertEquals(32, k.getEncoded().length);
            seen.add(java.util.HexFormat.of().formatHex(k.getEncoded()));
            for (byte b : k.getEncoded()) {
                ones += Integer.bitCount(b & 0xff);
            }
        }
        assertEquals(200, seen.size());
        // 51200 bits: mean 25600, sd ~113
        assertEquals(25600, ones, 1200);
        // the generator's SecureRandom is the one given
        kg.init(new java.security.SecureRandom() {
            @Override
            public void nextBytes(byte[] b) {
                Arrays.fill(b, (byte) 7);
            }
        });
        byte[] sevens = new byte[32];
        Arrays.fill(sevens, (byte) 7);
        assertArrayEquals(sevens, kg.generateKey().getEncoded());
        Cipher c = Cipher.getInstance("ChaCha20-Poly1305", OURS);
        c.init(Cipher.ENCRYPT_MODE, KeyGenerator.getInstance("ChaCha20", OURS).generateKey());
    }

    @Test
    void registration() throws Exception {
        Cipher direct = Cipher.getInstance("ChaCha20-Poly1305", new JChachaProvider());
        assertEquals("JChacha", direct.getProvider().getName());
        assertNotEquals(null, OURS.getService("Cipher", "1.2.840.113549.1.9.16.3.18"));
        assertEquals("RAW", OURS.getService("Cipher", "ChaCha20").getAttribute("SupportedKeyFormats"));
        assertEquals("JChacha", OURS.getName());
        int pos = Security.insertProviderAt(new JChachaProvider(), 1);
        try {
            assertEquals(1, pos);
            for (String alg : List.of(
                    "ChaCha20",
                    "ChaCha20-Poly1305",
                    "XChaCha20-Poly1305",
                    "ChaCha20/None/NoPadding",
                    "ChaCha20-Poly1305/None/NoPadding",
                    "OID.1.2.840.113549.1.9.16.3.18")) {
                assertEquals("JChacha", Cipher.getInstance(alg).getProvider().getName(), alg);
            }
            assertEquals(
                    "JChacha",
                    Cipher.getInstance("ChaCha20", "JChacha").getProvider().getName());
            assertEquals(
                    "JChacha",
                    KeyGenerator.getInstance("ChaCha20").getProvider().getName());
            assertEquals(
                    "JChacha",
                    java.security.AlgorithmParameters.getInstance("ChaCha20-Poly1305")
                            .getProvider()
                            .getName());
            // a non-RAW key makes delayed provider selection skip us (SupportedKeyFormats), as it does SunJCE
            Cipher any = Cipher.getInstance("ChaCha20-Poly1305");
            any.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[32], "ChaCha20"));
            assertSame(Security.getProvider("JChacha"), any.getProvider());
        } finally {
            Security.removeProvider("JChacha");
        }
        assertEquals(null, Security.getProvider("JChacha"));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 100, 5000})
    void sameArrayOverlapsForStreamingEncrypt(int len) throws Exception {
        // update (streaming) with output ahead of and behind the input in the same array
        Random r = new Random(len);
        byte[] key = random(r, 32);
        IvParameterSpec spec = new IvParameterSpec(random(r, 12));
        byte[] pt = random(r, len);
        Cipher sun = init(SUN, "ChaCha20-Poly1305", Cipher.ENCRYPT_MODE, key, spec);
        byte[] expected = sun.doFinal(pt);
        for (int shift : new int[] {-7, 7, 0}) {
            Cipher c = init(OURS, "ChaCha20-Poly1305", Cipher.ENCRYPT_MODE, key, spec);
            byte[] buf = new byte[len + 40];
            System.arraycopy(pt, 0, buf, 10, len);
            int n = c.update(buf, 10, len, buf, 10 + shift);
            n += c.doFinal(buf, 10 + shift + n);
            assertArrayEquals(expected, Arrays.copyOfRange(buf, 10 + shift, 10 + shift + n), "shift " + shift);
            spec = new IvParameterSpec(spec.getIV()); // same nonce for the next: use a fresh cipher object
        }
    }
}
