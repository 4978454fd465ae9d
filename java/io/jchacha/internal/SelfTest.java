// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.util.Arrays;

/**
 * The known-answer test every native kernel passes once before it is used: RFC 8439 2.3.2, the XChaCha draft's
 * HChaCha20 vector, and agreement with the scalar reference across block counts, tails, rounds, counter modes,
 * in-place use and a carry across 2^32. Returns null on success, else what differed.
 */
final class SelfTest {
    private SelfTest() {}

    interface HChaCha {
        int[] apply(int[] key, int[] nonce, int rounds);
    }

    static String run(Engine e, HChaCha h) {
        // RFC 8439 2.3.2
        int[] s = {
            ChaChaBlock.C0,
            ChaChaBlock.C1,
            ChaChaBlock.C2,
            ChaChaBlock.C3,
            0x03020100,
            0x07060504,
            0x0b0a0908,
            0x0f0e0d0c,
            0x13121110,
            0x17161514,
            0x1b1a1918,
            0x1f1e1d1c,
            1,
            0x09000000,
            0x4a000000,
            0
        };
        byte[] block = new byte[64];
        e.xor(s, 20, false, (byte[]) null, 0, block, 0, 64);
        int[] expect = {0xe4e7f110, 0x15593bd1, 0x1fdd0f50, 0xc47120a3};
        for (int i = 0; i < 4; i++) {
            if ((int) Bytes.LE_INT.get(block, 4 * i) != expect[i]) {
                return "RFC 8439 2.3.2 block";
            }
        }
        int[] sub = h.apply(Arrays.copyOfRange(s, 4, 12), new int[] {0x09000000, 0x4a000000, 0, 0x27594131}, 20);
        if (sub[0] != 0x423b4182 || sub[7] != 0xdcecd326) {
            return "HChaCha20 draft 2.2.1";
        }
        long seed = 0x9E3779B97F4A7C15L;
        for (int rounds : new int[] {20, 12, 8}) {
            for (boolean c64 : new boolean[] {false, true}) {
                for (int len :
                        new int[] {0, 1, 63, 64, 65, 127, 128, 200, 255, 256, 257, 511, 512, 1000, 1024, 2049, 4113}) {
                    int[] st = s.clone();
                    st[12] = c64 ? 0xFFFFFFFE : 7;
                    byte[] in = new byte[len];
                    for (int i = 0; i < len; i++) {
                        seed = seed * 6364136223846793005L + 1442695040888963407L;
                        in[i] = (byte) (seed >>> 56);
                    }
                    byte[] ref = reference(st, rounds, c64, in);
                    byte[] out = new byte[len];
                    e.xor(st, rounds, c64, in, 0, out, 0, len);
                    byte[] inPlace = in.clone();
                    e.xor(st, rounds, c64, inPlace, 0, inPlace, 0, len);
                    if (!Arrays.equals(ref, out) || !Arrays.equals(ref, inPlace)) {
                        return rounds + " rounds, " + (c64 ? "64" : "32") + "-bit counter, " + len + " bytes";
                    }
                }
            }
        }
        return null;
    }

    private static byte[] reference(int[] state, int rounds, boolean c64, byte[] in) {
        int[] s = state.clone();
        int[] w = new int[16];
        byte[] out = in.clone();
        for (int off = 0; off < in.length; off += 64) {
            ChaChaBlock.keystreamBlock(s, rounds, w);
            for (int i = off; i < Math.min(in.length, off + 64); i++) {
                out[i] ^= (byte) (w[(i - off) >> 2] >>> (8 * (i & 3)));
            }
            ChaChaBlock.addCounter(s, c64, 1);
        }
        return out;
    }

    interface Poly {
        void mac(byte[] key, byte[] msg, byte[] tag);
    }

    /**
     * The AEAD and Poly1305 half of the self-test: the backend's Poly1305 against the Java one (RFC 8439 2.5.2, then
     * lengths around every kernel threshold, with an all-ones key and all-0xff messages that stress the carries),
     * and its ChaCha20-Poly1305 against RFC 8439 2.8.2 (seal, open, a forged tag, direct buffers) and against
     * {@link JavaAead} over the Java engine for a few lengths. Null on success, else what differed.
     */
    static String runAead(AeadEngine a, Poly p) {
        byte[] tag = new byte[16];
        byte[] rfcKey = hex("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
        p.mac(rfcKey, "Cryptographic Forum Research Group".getBytes(java.nio.charset.StandardCharsets.US_ASCII), tag);
        if (!Arrays.equals(tag, hex("a8061dc1305136c6c22b8baf0c0127a9"))) {
            return "Poly1305 RFC 8439 2.5.2";
        }
        byte[] ones = new byte[32];
        Arrays.fill(ones, (byte) -1);
        long seed = 0x2545F4914F6CDD1DL;
        for (int len :
                new int[] {0, 1, 15, 16, 17, 63, 64, 100, 128, 191, 192, 255, 256, 257, 511, 512, 1024, 1500, 4099}) {
            for (int mode = 0; mode < 2; mode++) {
                byte[] m = new byte[len];
                byte[] k = mode == 0 ? ones : new byte[32];
                for (int i = 0; i < len; i++) {
                    seed = seed * 6364136223846793005L + 1442695040888963407L;
                    m[i] = mode == 0 ? (byte) -1 : (byte) (seed >>> 56);
                }
                for (int i = 0; mode == 1 && i < 32; i++) {
                    k[i] = (byte) (seed >>> (i & 31));
                }
                Poly1305 ref = new Poly1305(k, 0);
                ref.update(m, 0, len);
                byte[] expect = new byte[16];
                ref.finish(expect, 0);
                p.mac(k, m, tag);
                if (!Arrays.equals(tag, expect)) {
                    return "Poly1305, " + len + " bytes" + (mode == 0 ? " of 0xff, key all ones" : "");
                }
            }
        }
        // RFC 8439 2.8.2
        byte[] key = hex("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f");
        int[] w = Bytes.toWords(key, 0, 8);
        // words 12..15 are not the AEAD's to read: -1 is no nonce word here, so a kernel that read them fails
        int[] st = {
            ChaChaBlock.C0,
            ChaChaBlock.C1,
            ChaChaBlock.C2,
            ChaChaBlock.C3,
            w[0],
            w[1],
            w[2],
            w[3],
            w[4],
            w[5],
            w[6],
            w[7],
            -1,
            -1,
            -1,
            -1
        };
        final int n0 = 0x00000007, n1 = 0x43424140, n2 = 0x47464544;
        byte[] aad = hex("50515253c0c1c2c3c4c5c6c7");
        byte[] pt = ("Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, "
                        + "sunscreen would be it.")
                .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] ct =
                hex("d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b"
                        + "1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
                        + "3ff4def08e4b7a9de576d26586cec64b61161ae10b594f09e26a7e902ecbd0600691");
        byte[] out = new byte[pt.length + 16];
        a.seal(st, n0, n1, n2, aad, 0, aad.length, pt, 0, pt.length, out, 0);
        if (!Arrays.equals(out, ct)) {
            return "ChaCha20-Poly1305 RFC 8439 2.8.2 seal";
        }
        byte[] back = new byte[pt.length];
        if (!a.open(st, n0, n1, n2, aad, 0, aad.length, ct, 0, pt.length, back, 0) || !Arrays.equals(back, pt)) {
            return "ChaCha20-Poly1305 RFC 8439 2.8.2 open";
        }
        java.nio.ByteBuffer din = java.nio.ByteBuffer.allocateDirect(ct.length).put(0, ct);
        java.nio.ByteBuffer dout = java.nio.ByteBuffer.allocateDirect(pt.length);
        byte[] dback = new byte[pt.length];
        if (!a.open(st, n0, n1, n2, aad, 0, aad.length, din, 0, pt.length, dout, 0)
                || !Arrays.equals(readAll(dout, dback), pt)) {
            return "ChaCha20-Poly1305 RFC 8439 2.8.2 open (direct buffers)";
        }
        byte[] forged = ct.clone();
        forged[forged.length - 1] ^= 1;
        Arrays.fill(back, (byte) 0x55);
        if (a.open(st, n0, n1, n2, aad, 0, aad.length, forged, 0, pt.length, back, 0) || back[0] != 0) {
            return "ChaCha20-Poly1305 accepted a forged tag or left output behind";
        }
        JavaAead ref = new JavaAead(JavaEngine.INSTANCE);
        for (int len : new int[] {0, 1, 64, 255, 1000, 4097}) {
            byte[] m = new byte[len];
            for (int i = 0; i < len; i++) {
                seed = seed * 6364136223846793005L + 1442695040888963407L;
                m[i] = (byte) (seed >>> 56);
            }
            byte[] expect = new byte[len + 16], got = new byte[len + 16];
            ref.seal(st, n0, n1, n2, aad, 0, aad.length, m, 0, len, expect, 0);
            a.seal(st, n0, n1, n2, aad, 0, aad.length, m, 0, len, got, 0);
            if (!Arrays.equals(expect, got)) {
                return "ChaCha20-Poly1305 vs Java, " + len + " bytes";
            }
        }
        // XChaCha20-Poly1305: the engine derives the subkey (a native one in C, in the same call) as Java does
        final int x0 = 0x43424140, x1 = 0x47464544, x2 = 0x4b4a4948, x3 = 0x4f4e4d4c;
        for (int len : new int[] {0, 64, 1000}) {
            byte[] m = new byte[len];
            for (int i = 0; i < len; i++) {
                seed = seed * 6364136223846793005L + 1442695040888963407L;
                m[i] = (byte) (seed >>> 56);
            }
            byte[] expect = new byte[len + 16], got = new byte[len + 16], mBack = new byte[len];
            int[] sub = AeadEngine.xchachaKey(st, x0, x1, x2, x3);
            ref.seal(sub, 0, n1, n2, aad, 0, aad.length, m, 0, len, expect, 0);
            Arrays.fill(sub, 0);
            a.xseal(st, x0, x1, x2, x3, n1, n2, aad, 0, aad.length, m, 0, len, got, 0);
            if (!Arrays.equals(expect, got)) {
                return "XChaCha20-Poly1305 vs Java, " + len + " bytes";
            }
            if (!a.xopen(st, x0, x1, x2, x3, n1, n2, aad, 0, aad.length, got, 0, len, mBack, 0)
                    || !Arrays.equals(mBack, m)) {
                return "XChaCha20-Poly1305 open, " + len + " bytes";
            }
        }
        return null;
    }

    private static byte[] readAll(java.nio.ByteBuffer b, byte[] into) {
        b.get(0, into);
        return into;
    }

    private static byte[] hex(String s) {
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }
}
