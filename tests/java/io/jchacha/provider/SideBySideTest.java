// SPDX-License-Identifier: Apache-2.0
package io.jchacha.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jchacha.JChachaProvider;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.Key;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.Security;
import java.security.spec.AlgorithmParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every behaviour scenario runs twice, once on SunJCE and once on JChacha, logging each step's outcome (a
 * value, or the exception class); the two logs must be equal. Exception messages are not compared.
 */
class SideBySideTest {
    private static final Provider SUN = Security.getProvider("SunJCE");
    private static final Provider OURS = new JChachaProvider();
    private static final SecretKey KEY = new SecretKeySpec(seq(32, 1), "ChaCha20");
    private static final byte[] N1 = seq(12, 7);
    private static final byte[] N2 = seq(12, 9);

    static byte[] seq(int n, int start) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (start + 31 * i);
        }
        return b;
    }

    /** Outcomes of the steps of one scenario. */
    static final class Log {
        final List<String> lines = new ArrayList<>();

        void step(String name, Callable<?> c) {
            String r;
            try {
                r = describe(c.call());
            } catch (Throwable t) {
                r = "throws " + t.getClass().getName();
            }
            lines.add(name + " -> " + r);
        }

        static String describe(Object o) {
            if (o instanceof byte[]) {
                return "bytes " + HexFormat.of().formatHex((byte[]) o);
            }
            if (o instanceof AlgorithmParameters) {
                AlgorithmParameters p = (AlgorithmParameters) o;
                try {
                    return "params " + p.getAlgorithm() + " encoded " + p.getEncoded().length;
                } catch (Exception e) {
                    return "params broken " + e;
                }
            }
            return String.valueOf(o);
        }
    }

    interface Scenario {
        void run(Provider p, String alg, Log log) throws Exception;
    }

    static AlgorithmParameterSpec spec(String alg, byte[] nonce, int counter) {
        return alg.equals("ChaCha20") ? new ChaCha20ParameterSpec(nonce, counter) : new IvParameterSpec(nonce);
    }

    static AlgorithmParameterSpec spec(String alg, byte[] nonce) {
        return spec(alg, nonce, 1);
    }

    static boolean aead(String alg) {
        return !alg.equals("ChaCha20");
    }

    static Stream<Arguments> scenarios() {
        List<Arguments> all = new ArrayList<>();
        for (String alg : List.of("ChaCha20", "ChaCha20-Poly1305")) {
            add(all, alg, "before init", (p, a, log) -> {
                Cipher c = Cipher.getInstance(a, p);
                log.step("blockSize", c::getBlockSize);
                log.step("getIV", c::getIV);
                log.step("getParameters", () -> describeRandomParams(c.getParameters()));
                log.step("getOutputSize", () -> c.getOutputSize(10));
                log.step("update", () -> c.update(new byte[3]));
                log.step("updateAAD", () -> {
                    c.updateAAD(new byte[3]);
                    return "ok";
                });
            });
            add(all, alg, "transformations", (p, a, log) -> {
                log.step(
                        "None/NoPadding",
                        () -> Cipher.getInstance(a + "/None/NoPadding", p).getAlgorithm());
                log.step(
                        "NONE/nopadding",
                        () -> Cipher.getInstance(a + "/NONE/nopadding", p).getAlgorithm());
                log.step("ECB/NoPadding", () -> Cipher.getInstance(a + "/ECB/NoPadding", p));
                log.step("None/PKCS5Padding", () -> Cipher.getInstance(a + "/None/PKCS5Padding", p));
            });
            add(all, alg, "init without parameters", (p, a, log) -> {
                Cipher c = Cipher.getInstance(a, p);
                log.step("init ENC", () -> {
                    c.init(Cipher.ENCRYPT_MODE, KEY);
                    return c.getIV().length;
                });
                byte[] iv = c.getIV();
                log.step("getParameters", () -> describeRandomParams(c.getParameters()));
                log.step("getOutputSize", () -> c.getOutputSize(10));
                log.step("doFinal", () -> c.doFinal(new byte[64]).length);
                log.step("update after doFinal", () -> c.update(new byte[3]));
                log.step("doFinal after doFinal", () -> c.doFinal(new byte[3]));
                log.step("updateAAD after doFinal", () -> {
                    c.updateAAD(new byte[3]);
                    return "ok";
                });
                log.step("getIV after doFinal", () -> Arrays.equals(iv, c.getIV()));
                if (!aead(a)) {
                    // the random-nonce stream starts at block counter 1
                    Cipher e = Cipher.getInstance(a, p);
                    e.init(Cipher.ENCRYPT_MODE, KEY);
                    byte[] ct = e.doFinal(new byte[64]);
                    Cipher d = Cipher.getInstance(a, p);
                    d.init(Cipher.DECRYPT_MODE, KEY, new ChaCha20ParameterSpec(e.getIV(), 1));
                    log.step("counter is 1", () -> Arrays.equals(new byte[64], d.doFinal(ct)));
                }
                for (String how : List.of("spec", "params")) {
                    Cipher d = Cipher.getInstance(a, p);
                    log.step("init ENC null " + how, () -> {
                        if (how.equals("spec")) {
                            d.init(Cipher.ENCRYPT_MODE, KEY, (AlgorithmParameterSpec) null);
                        } else {
                            d.init(Cipher.ENCRYPT_MODE, KEY, (AlgorithmParameters) null);
                        }
                        return d.getIV().length;
                    });
                    log.step("init DEC null " + how, () -> {
                        if (how.equals("spec")) {
                            d.init(Cipher.DECRYPT_MODE, KEY, (AlgorithmParameterSpec) null);
                        } else {
                            d.init(Cipher.DECRYPT_MODE, KEY, (AlgorithmParameters) null);
                        }
                        return "ok";
                    });
                }
                Cipher d = Cipher.getInstance(a, p);
                log.step("init DEC", () -> {
                    d.init(Cipher.DECRYPT_MODE, KEY);
                    return "ok";
                });
                log.step("init WRAP", () -> {
                    d.init(Cipher.WRAP_MODE, KEY);
                    return "ok";
                });
                log.step("init UNWRAP", () -> {
                    d.init(Cipher.UNWRAP_MODE, KEY);
                    return "ok";
                });
                log.step("init WRAP spec", () -> {
                    d.init(Cipher.WRAP_MODE, KEY, spec(a, N1));
                    return "ok";
                });
                log.step("init UNWRAP spec", () -> {
                    d.init(Cipher.UNWRAP_MODE, KEY, spec(a, N1));
                    return "ok";
                });
            });
            add(all, alg, "same key and nonce refused", (p, a, log) -> {
                Cipher c = Cipher.getInstance(a, p);
                log.step("init ENC", () -> {
                    c.init(Cipher.ENCRYPT_MODE, KEY, spec(a, N1));
                    return "ok";
                });
                log.step("getParameters", c::getParameters);
                log.step("re-init ENC same", () -> {
                    c.init(Cipher.ENCRYPT_MODE, KEY, spec(a, N1));
                    return "ok";
                });
                log.step("update after refused init", () -> c.update(new byte[3]));
                log.step("re-init DEC same", () -> {
                    c.init(Cipher.DECRYPT_MODE, KEY, spec(a, N1));
                    return "ok";
                });
                log.step("re-init ENC new nonce", () -> {
                    c.init(Cipher.ENCRYPT_MODE, KEY, spec(a, N2));
                    return "ok";
                });
                log.step("encrypt", () -> c.doFinal(seq(20, 3)));
                log.step("re-init ENC first nonce", () -> {
                    c.init(Cipher.ENCRYPT_MODE, KEY, spec(a, N1));
                    return "ok";
                });
                log.step("re-init DEC other key", () -> {
                    c.init(Cipher.DECRYPT_MODE, new SecretKeySpec(seq(32, 2), "ChaCha20"), spec(a, N1));
                    return "ok";
                });
                if (!aead(a)) {
                    Cipher d = Cipher.getInstance(a, p);
                    d.init(Cipher.ENCRYPT_MODE, KEY, new ChaCha20ParameterSpec(N1, 5));
                    log.step("same nonce other counter", () -> {
                        d.init(Cipher.ENCRYPT_MODE, KEY, new ChaCha20ParameterSpec(N1, 6));
                        return "ok";
                    });
                }
            });
            // ChaCha20-Poly1305 sets only the nonce words when initialized again with the same key: keys that
            // come back, change, follow a refused or failed initialization, and decryption after each
            add(all, alg, "keys that repeat and change", (p, a, log) -> {
                Cipher c = Cipher.getInstance(a, p);
                Cipher d = Cipher.getInstance(a, p);
                SecretKey other = new SecretKeySpec(seq(32, 2), "ChaCha20");
                byte[] flipped = seq(32, 1);
                flipped[31] ^= (byte) 0x80;
                SecretKey oneBit = new SecretKeySpec(flipped, "ChaCha20");
                Object[][] inits = {
                    {KEY, N1},
                    {KEY, N2},
                    {KEY, N2},
                    {other, N2},
                    {other, seq(12, 30)},
                    {KEY, seq(12, 31)},
                    {oneBit, seq(12, 31)},
                    {new SecretKeySpec(new byte[16], "ChaCha20"), seq(12, 32)},
                    {oneBit, seq(12, 33)},
                    {KEY, seq(12, 34)},
                    {KEY, seq(12, 35)},
                };
                int n = 0;
                for (Object[] in : inits) {
                    SecretKey k = (SecretKey) in[0];
                    byte[] nonce = (byte[]) in[1];
                    int i = n++;
                    byte[][] ct = {new byte[0]};
                    log.step("init " + i, () -> {
                        c.init(Cipher.ENCRYPT_MODE, k, spec(a, nonce));
                        return "ok";
                    });
                    log.step("encrypt " + i, () -> ct[0] = c.doFinal(seq(70 + i, i)));
                    log.step("init DEC " + i, () -> {
                        d.init(Cipher.DECRYPT_MODE, k, spec(a, nonce));
                        return "ok";
                    });
                    log.step("decrypt " + i, () -> d.doFinal(ct[0]));
                }
            });
            add(all, alg, "keys and parameter types", (p, a, log) -> {
                Cipher c = Cipher.getInstance(a, p);
                Key nonRaw = new SecretKey() {
                    public String getAlgorithm() {
                        return "ChaCha20";
                    }

                    public String getFormat() {
                        return "X.509";
                    }

                    public byte[] getEncoded() {
                        return new byte[32];
                    }
                };
                Key nullEncoded = new SecretKey() {
                    public String getAlgorithm() {
                        return "ChaCha20";
                    }

                    public String getFormat() {
                        return "RAW";
                    }

                    public byte[] getEncoded() {
                        return null;
                    }
                };
                Key pub = KeyPairGenerator.getInstance("EC").generateKeyPair().getPublic();
                int n = 0;
                for (Key k : List.of(
                        new SecretKeySpec(new byte[16], "ChaCha20"),
                        new SecretKeySpec(new byte[33], "ChaCha20"),
                        new SecretKeySpec(seq(32, 5), "AES"),
                        nonRaw,
                        nullEncoded,
                        pub)) {
                    log.step("key " + n++, () -> {
                        c.init(Cipher.ENCRYPT_MODE, k, spec(a, seq(12, 40 + 0)));
                        return "ok";
                    });
                    log.step("key no params " + n, () -> {
                        c.init(Cipher.ENCRYPT_MODE, k);
                        return "ok";
                    });
                }
                n = 0;
                for (AlgorithmParameterSpec s : List.of(
                        new IvParameterSpec(seq(12, 50)),
                        new ChaCha20ParameterSpec(seq(12, 51), 0),
                        new GCMParameterSpec(128, seq(12, 52)),
                        new IvParameterSpec(new byte[8]),
                        new IvParameterSpec(new byte[24]),
                        new IvParameterSpec(new byte[0]))) {
                    log.step("spec " + n++, () -> {
                        c.init(Cipher.ENCRYPT_MODE, KEY, s);
                        return "ok";
                    });
                }
                log.step("ChaCha20-Poly1305 params", () -> {
                    AlgorithmParameters ap = AlgorithmParameters.getInstance("ChaCha20-Poly1305", p);
                    ap.init(new IvParameterSpec(seq(12, 60)));
                    c.init(Cipher.DECRYPT_MODE, KEY, ap);
                    return c.getIV();
                });
                log.step("GCM params", () -> {
                    AlgorithmParameters ap = AlgorithmParameters.getInstance("GCM");
                    ap.init(new GCMParameterSpec(128, seq(12, 61)));
                    c.init(Cipher.DECRYPT_MODE, KEY, ap);
                    return "ok";
                });
            });
            add(all, alg, "AAD", (p, a, log) -> {
                Cipher c = Cipher.getInstance(a, p);
                c.init(Cipher.ENCRYPT_MODE, KEY, spec(a, N1));
                log.step("updateAAD", () -> {
                    c.updateAAD(seq(5, 1));
                    return "ok";
                });
                log.step("updateAAD buffer", () -> {
                    c.updateAAD(ByteBuffer.wrap(seq(7, 2)));
                    return "ok";
                });
                log.step("update", () -> c.update(seq(10, 3)));
                log.step("updateAAD after update", () -> {
                    c.updateAAD(seq(5, 1));
                    return "ok";
                });
                log.step("doFinal", () -> c.doFinal(seq(5, 4)));
                Cipher d = Cipher.getInstance(a, p);
                d.init(Cipher.DECRYPT_MODE, KEY, spec(a, N1));
                log.step("DEC updateAAD", () -> {
                    d.updateAAD(seq(5, 1));
                    d.updateAAD(seq(7, 2));
                    return "ok";
                });
                log.step("DEC update", () -> d.update(seq(3, 3)));
                log.step("DEC updateAAD after update", () -> {
                    d.updateAAD(seq(5, 1));
                    return "ok";
                });
            });
            add(all, alg, "short buffers", (p, a, log) -> {
                Cipher c = Cipher.getInstance(a, p);
                c.init(Cipher.ENCRYPT_MODE, KEY, spec(a, N1));
                log.step("update short array", () -> c.update(seq(10, 1), 0, 10, new byte[9], 0));
                log.step("update fits", () -> {
                    byte[] o = new byte[10];
                    c.update(seq(10, 1), 0, 10, o, 0);
                    return o;
                });
                log.step("update short buffer", () -> c.update(ByteBuffer.wrap(seq(10, 2)), ByteBuffer.allocate(10)));
                log.step("update buffer 26", () -> {
                    ByteBuffer o = ByteBuffer.allocate(26);
                    return c.update(ByteBuffer.wrap(seq(10, 2)), o) + " pos " + o.position();
                });
                log.step(
                        "doFinal short buffer",
                        () -> c.doFinal(ByteBuffer.wrap(seq(10, 3)), ByteBuffer.allocate(10 + (aead(a) ? 15 : -1))));
                log.step("doFinal short array", () -> c.doFinal(seq(10, 3), 0, 10, new byte[aead(a) ? 25 : 9], 0));
                log.step("doFinal after short", () -> c.doFinal(seq(10, 3)));
                Cipher e = Cipher.getInstance(a, p);
                e.init(Cipher.ENCRYPT_MODE, KEY, spec(a, N2));
                log.step(
                        "doFinal short buffer keeps state",
                        () -> c.doFinal(ByteBuffer.wrap(seq(10, 3)), ByteBuffer.allocate(5)));
                log.step("then doFinal", () -> e.doFinal(seq(10, 3)));
            });
            add(all, alg, "decrypt", (p, a, log) -> {
                Cipher e = Cipher.getInstance(a, p);
                e.init(Cipher.ENCRYPT_MODE, KEY, spec(a, N2));
                if (aead(a)) {
                    e.updateAAD(seq(3, 1));
                }
                byte[] ct = e.doFinal(seq(40, 9));
                log.step("ct", () -> ct);
                Cipher d = Cipher.getInstance(a, p);
                d.init(Cipher.DECRYPT_MODE, KEY, spec(a, N2));
                log.step("getOutputSize 56", () -> d.getOutputSize(56));
                log.step("getOutputSize 5", () -> d.getOutputSize(5));
                if (aead(a)) {
                    d.updateAAD(seq(3, 1));
                }
                log.step("update 30", () -> d.update(ct, 0, 30));
                log.step("getOutputSize 26 after 30", () -> d.getOutputSize(ct.length - 30));
                log.step("getOutputSize 0 after 30", () -> d.getOutputSize(0));
                log.step("doFinal rest", () -> d.doFinal(ct, 30, ct.length - 30));
                log.step("doFinal again", () -> d.doFinal(ct));
                log.step("re-init same", () -> {
                    d.init(Cipher.DECRYPT_MODE, KEY, spec(a, N2));
                    return "ok";
                });
                if (aead(a)) {
                    byte[] bad = ct.clone();
                    bad[5] ^= 1;
                    for (int variant = 0; variant < 4; variant++) {
                        Cipher f = Cipher.getInstance(a, p);
                        f.init(Cipher.DECRYPT_MODE, KEY, spec(a, N2));
                        f.updateAAD(seq(3, 1));
                        byte[] out = new byte[100];
                        Arrays.fill(out, (byte) 0x55);
                        int v = variant;
                        log.step("bad tag " + v, () -> {
                            switch (v) {
                                case 0:
                                    return f.doFinal(bad, 0, bad.length, out, 0);
                                case 1:
                                    f.update(bad, 0, 7);
                                    return f.doFinal(bad, 7, bad.length - 7, out, 0);
                                case 2: {
                                    ByteBuffer in = ByteBuffer.wrap(bad);
                                    ByteBuffer o = ByteBuffer.wrap(out);
                                    try {
                                        return f.doFinal(in, o);
                                    } finally {
                                        log.lines.add("positions " + in.position() + " " + o.position());
                                    }
                                }
                                default: {
                                    ByteBuffer in = ByteBuffer.allocateDirect(bad.length)
                                            .put(bad)
                                            .flip();
                                    ByteBuffer o = ByteBuffer.allocateDirect(100);
                                    try {
                                        return f.doFinal(in, o);
                                    } finally {
                                        log.lines.add("positions " + in.position() + " " + o.position());
                                    }
                                }
                            }
                        });
                        // no plaintext released: SunJCE leaves the output as it was, ours zeroes the range
                        log.step("no plaintext " + v, () -> {
                            byte[] x = new byte[100];
                            Arrays.fill(x, (byte) 0x55);
                            boolean zeroed = true;
                            for (int i = 0; i < bad.length - 16; i++) {
                                zeroed &= out[i] == 0;
                            }
                            return Arrays.equals(x, out) || zeroed;
                        });
                        log.step("after bad tag " + v, () -> f.doFinal(ct));
                    }
                    for (int len : new int[] {0, 10, 15, 16}) {
                        Cipher f = Cipher.getInstance(a, p);
                        f.init(Cipher.DECRYPT_MODE, KEY, spec(a, N2));
                        log.step("ciphertext of " + len, () -> f.doFinal(new byte[len]));
                    }
                    Cipher f = Cipher.getInstance(a, p);
                    f.init(Cipher.DECRYPT_MODE, KEY, spec(a, N2));
                    f.updateAAD(seq(3, 1));
                    log.step("doFinal short output", () -> f.doFinal(ct, 0, ct.length, new byte[39], 0));
                    log.step("after short output", () -> f.doFinal(ct));
                }
            });
            add(all, alg, "empty and tiny inputs", (p, a, log) -> {
                Cipher c = Cipher.getInstance(a, p);
                c.init(Cipher.ENCRYPT_MODE, KEY, spec(a, N1));
                log.step("update empty", () -> c.update(new byte[0]));
                log.step("update 0 of array", () -> c.update(new byte[5], 2, 0));
                log.step("update 0 into", () -> c.update(new byte[5], 2, 0, new byte[0], 0));
                log.step("updateAAD after empty update", () -> {
                    c.updateAAD(new byte[1]);
                    return "ok";
                });
                log.step("update empty buffers", () -> c.update(ByteBuffer.allocate(0), ByteBuffer.allocate(0)));
                log.step(
                        "update empty direct",
                        () -> c.update(ByteBuffer.allocateDirect(0), ByteBuffer.allocateDirect(0)));
                log.step("updateAAD after empty buffer update", () -> {
                    c.updateAAD(new byte[1]);
                    return "ok";
                });
                log.step("doFinal empty", () -> c.doFinal());
                log.step(
                        "update empty buffers after doFinal",
                        () -> c.update(ByteBuffer.allocate(0), ByteBuffer.allocate(0)));
                log.step(
                        "update buffers after doFinal",
                        () -> c.update(ByteBuffer.allocate(3), ByteBuffer.allocate(30)));
            });
            // JDK 21 changed the rules for decryption (JDK-8305091): SunJCE then allows the previous key and nonce
            // again and restarts the cipher after doFinal, whatever its outcome; encryption keeps the old rules.
            add(all, alg, "decrypt reuse", (p, a, log) -> {
                byte[] aad = seq(3, 1);
                byte[] pt = seq(40, 9);
                Cipher e = Cipher.getInstance(a, p);
                e.init(Cipher.ENCRYPT_MODE, KEY, spec(a, N2, 5));
                if (aead(a)) {
                    e.updateAAD(aad);
                }
                byte[] ct = e.doFinal(pt);
                e.init(Cipher.ENCRYPT_MODE, KEY, spec(a, N1, 5));
                byte[] ctNoAad = e.doFinal(pt);
                Cipher d = Cipher.getInstance(a, p);
                byte[] n3 = seq(12, 11);
                log.step("init DEC", () -> {
                    d.init(Cipher.DECRYPT_MODE, KEY, spec(a, n3, 5));
                    return "ok";
                });
                log.step("init DEC same", () -> {
                    d.init(Cipher.DECRYPT_MODE, KEY, spec(a, n3, 5));
                    return "ok";
                });
                log.step("init ENC same", () -> {
                    d.init(Cipher.ENCRYPT_MODE, KEY, spec(a, n3, 5));
                    return "ok";
                });
                log.step("init DEC same after refused ENC", () -> {
                    d.init(Cipher.DECRYPT_MODE, KEY, spec(a, n3, 5));
                    return "ok";
                });
                log.step("init DEC same other counter", () -> {
                    d.init(Cipher.DECRYPT_MODE, KEY, spec(a, n3, 6));
                    return "ok";
                });
                log.step("init DEC", () -> {
                    d.init(Cipher.DECRYPT_MODE, KEY, spec(a, N2, 5));
                    return "ok";
                });
                Callable<Object> aadIn = () -> {
                    if (aead(a)) {
                        d.updateAAD(aad);
                    }
                    return "ok";
                };
                log.step("updateAAD", aadIn);
                log.step("update 30", () -> d.update(ct, 0, 30));
                log.step("doFinal rest", () -> d.doFinal(ct, 30, ct.length - 30));
                log.step("getOutputSize after doFinal", () -> d.getOutputSize(ct.length));
                log.step("updateAAD after doFinal", aadIn);
                log.step("doFinal after doFinal", () -> d.doFinal(ct));
                if (aead(a)) {
                    byte[] bad = ct.clone();
                    bad[7] ^= 1;
                    log.step("updateAAD", aadIn);
                    log.step("bad tag", () -> d.doFinal(bad));
                    log.step("updateAAD after bad tag", aadIn);
                    log.step("doFinal after bad tag", () -> d.doFinal(ct));
                    log.step("update bad 7", () -> d.update(bad, 0, 7));
                    log.step("bad tag after update", () -> d.doFinal(bad, 7, bad.length - 7));
                    log.step("getOutputSize after bad tag", () -> d.getOutputSize(0));
                    log.step("updateAAD after bad tag", aadIn);
                    log.step("doFinal after bad tag", () -> d.doFinal(ct));
                    log.step("too short", () -> d.doFinal(new byte[10]));
                    log.step("init DEC other nonce", () -> {
                        d.init(Cipher.DECRYPT_MODE, KEY, spec(a, N1, 5));
                        return "ok";
                    });
                    log.step("doFinal without AAD", () -> d.doFinal(ctNoAad));
                    log.step("update 20", () -> d.update(ctNoAad, 0, 20));
                    log.step("doFinal short array", () -> d.doFinal(ctNoAad, 20, ctNoAad.length - 20, new byte[39], 0));
                    log.step("doFinal after short array", () -> d.doFinal(ctNoAad));
                    log.step("update(ByteBuffer) no room", () -> {
                        ByteBuffer o = ByteBuffer.allocate(0);
                        return d.update(ByteBuffer.wrap(ctNoAad, 0, 30), o) + " pos " + o.position();
                    });
                    log.step("getOutputSize after buffer update", () -> d.getOutputSize(0));
                    log.step(
                            "doFinal short buffer",
                            () -> d.doFinal(
                                    ByteBuffer.wrap(ctNoAad, 30, ctNoAad.length - 30), ByteBuffer.allocate(39)));
                    log.step("doFinal rest after short buffer", () -> d.doFinal(ctNoAad, 30, ctNoAad.length - 30));
                    log.step("doFinal heap to direct", () -> {
                        ByteBuffer o = ByteBuffer.allocateDirect(40);
                        return d.doFinal(ByteBuffer.wrap(ctNoAad), o) + " pos " + o.position();
                    });
                    log.step("doFinal after buffers", () -> d.doFinal(ctNoAad));
                } else {
                    log.step("update after doFinal", () -> d.update(ct, 0, 10));
                    log.step("doFinal short array", () -> d.doFinal(ct, 10, 30, new byte[29], 0));
                    log.step("doFinal after short array", () -> d.doFinal(ct));
                    log.step("update 5", () -> d.update(ct, 0, 5));
                    log.step(
                            "doFinal short buffer",
                            () -> d.doFinal(ByteBuffer.wrap(ct, 5, 35), ByteBuffer.allocate(34)));
                    log.step("doFinal rest after short buffer", () -> d.doFinal(ct, 5, 35));
                    log.step("doFinal heap to direct", () -> {
                        ByteBuffer o = ByteBuffer.allocateDirect(40);
                        d.doFinal(ByteBuffer.wrap(ct), o);
                        return o.flip();
                    });
                    log.step("doFinal after buffers", () -> d.doFinal(ct));
                }
                log.step("getIV", d::getIV);
                log.step("init ENC same nonce", () -> {
                    d.init(Cipher.ENCRYPT_MODE, KEY, spec(a, aead(a) ? N1 : N2, 5));
                    return "ok";
                });
                Cipher f = Cipher.getInstance(a, p);
                f.init(Cipher.ENCRYPT_MODE, KEY, spec(a, N2, 9));
                log.step("ENC doFinal heap to direct", () -> {
                    f.doFinal(ByteBuffer.wrap(pt), ByteBuffer.allocateDirect(60));
                    return "ok";
                });
                log.step("ENC update after doFinal", () -> f.update(pt));
                log.step("ENC updateAAD after doFinal", () -> {
                    f.updateAAD(aad);
                    return "ok";
                });
                log.step("ENC doFinal after doFinal", () -> f.doFinal(pt));
                f.init(Cipher.ENCRYPT_MODE, KEY, spec(a, N1, 9));
                log.step("ENC doFinal short array", () -> f.doFinal(pt, 0, 40, new byte[39], 0));
                log.step("ENC doFinal after short array", () -> f.doFinal(pt));
            });
        }
        add(all, "ChaCha20", "counter wrap", (p, a, log) -> {
            for (int start : new int[] {-1, -2}) {
                Cipher c = Cipher.getInstance(a, p);
                c.init(Cipher.ENCRYPT_MODE, KEY, new ChaCha20ParameterSpec(N1, start));
                log.step("update 63", () -> c.update(new byte[63]));
                log.step("update 2", () -> c.update(new byte[2]));
                log.step("update 130", () -> c.update(new byte[130]));
                ByteBuffer out = ByteBuffer.allocateDirect(70);
                log.step("update direct", () -> {
                    c.update(ByteBuffer.allocateDirect(70), out);
                    return out.flip();
                });
                log.step("doFinal", () -> c.doFinal(new byte[9]));
            }
        });
        add(all, "ChaCha20-Poly1305", "parameters", (p, a, log) -> {
            Cipher c = Cipher.getInstance(a, p);
            c.init(Cipher.ENCRYPT_MODE, KEY, new IvParameterSpec(N1));
            log.step("encoded", () -> c.getParameters().getEncoded());
            log.step(
                    "spec",
                    () -> c.getParameters()
                            .getParameterSpec(IvParameterSpec.class)
                            .getIV());
            log.step("other provider's params", () -> {
                AlgorithmParameters ap = AlgorithmParameters.getInstance("ChaCha20-Poly1305", p == SUN ? OURS : SUN);
                ap.init(c.getParameters().getEncoded());
                Cipher d = Cipher.getInstance(a, p);
                d.init(Cipher.DECRYPT_MODE, KEY, ap);
                return d.getIV();
            });
            log.step(
                    "OID",
                    () -> Cipher.getInstance("1.2.840.113549.1.9.16.3.18", p).getAlgorithm());
            log.step(
                    "OID. params",
                    () -> AlgorithmParameters.getInstance("OID.1.2.840.113549.1.9.16.3.18", p)
                            .getAlgorithm());
        });
        add(all, "ChaCha20", "key generator", (p, a, log) -> {
            log.step("generate", () -> {
                SecretKey k = KeyGenerator.getInstance("ChaCha20", p).generateKey();
                return k.getAlgorithm() + " " + k.getFormat() + " " + k.getEncoded().length;
            });
            log.step("init 128", () -> {
                KeyGenerator.getInstance("ChaCha20", p).init(128);
                return "ok";
            });
            log.step("init 256", () -> {
                KeyGenerator.getInstance("ChaCha20", p).init(256);
                return "ok";
            });
            log.step("init spec", () -> {
                KeyGenerator.getInstance("ChaCha20", p).init(new IvParameterSpec(new byte[12]));
                return "ok";
            });
            log.step("init null spec", () -> {
                KeyGenerator.getInstance("ChaCha20", p).init((AlgorithmParameterSpec) null);
                return "ok";
            });
        });
        return all.stream();
    }

    static String describeRandomParams(AlgorithmParameters p) throws Exception {
        return p == null
                ? "null"
                : p.getAlgorithm() + " nonce "
                        + p.getParameterSpec(IvParameterSpec.class).getIV().length;
    }

    private static void add(List<Arguments> all, String alg, String name, Scenario s) {
        all.add(Arguments.of(alg + ": " + name, alg, s));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void sameAsSunJce(String name, String alg, Scenario s) throws Exception {
        Log sun = new Log();
        s.run(SUN, alg, sun);
        Log ours = new Log();
        s.run(OURS, alg, ours);
        assertEquals(String.join("\n", sun.lines), String.join("\n", ours.lines));
    }
}
