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
        int[] s = {ChaChaBlock.C0, ChaChaBlock.C1, ChaChaBlock.C2, ChaChaBlock.C3,
            0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c, 0x13121110, 0x17161514, 0x1b1a1918, 0x1f1e1d1c,
            1, 0x09000000, 0x4a000000, 0};
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
                for (int len : new int[] {0, 1, 63, 64, 65, 127, 128, 200, 255, 256, 257, 511, 512, 1000, 1024,
                    2049, 4113}) {
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
}
