// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.engines.ChaCha7539Engine;
import org.bouncycastle.crypto.engines.ChaChaEngine;
import org.bouncycastle.crypto.modes.ChaCha20Poly1305;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.junit.jupiter.api.Test;

/**
 * Every variant at every round count against references that share no code with the library: BouncyCastle's raw
 * ChaCha core ({@link ChaChaEngine#chachaCore}) over a state laid out here from RFC 8439 2.3 (IETF), Bernstein's
 * original layout, and XChaCha20 (draft-irtf-cfrg-xchacha 2.3) on {@link ReferenceHChaCha}'s subkey; the AEADs
 * against BouncyCastle's ChaCha20Poly1305 (on the reference subkey for XChaCha20-Poly1305). Runs on the active
 * backend (the suite runs once per forced backend), so each backend's kernels are what is compared.
 */
class ReferenceCipherTest {
    private static final int[] ROUNDS = {20, 12, 8};
    private static final int SIGMA0 = 0x61707865, SIGMA1 = 0x3320646e, SIGMA2 = 0x79622d32, SIGMA3 = 0x6b206574;

    private static byte[] random(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    private static int le32(byte[] b, int off) {
        return (b[off] & 0xff) | (b[off + 1] & 0xff) << 8 | (b[off + 2] & 0xff) << 16 | (b[off + 3] & 0xff) << 24;
    }

    /** The 16-word input state of the block at {@code counter} for this variant (RFC 8439 2.3 layout). */
    static int[] referenceState(ChaCha20.Variant v, byte[] key, byte[] nonce, long counter, int rounds) {
        byte[] k =
                v == ChaCha20.Variant.XCHACHA20 ? ReferenceHChaCha.subkey(key, Arrays.copyOf(nonce, 16), rounds) : key;
        int[] s = new int[16];
        s[0] = SIGMA0;
        s[1] = SIGMA1;
        s[2] = SIGMA2;
        s[3] = SIGMA3;
        for (int i = 0; i < 8; i++) {
            s[4 + i] = le32(k, 4 * i);
        }
        s[12] = (int) counter;
        switch (v) {
            case IETF: // 32-bit counter, 96-bit nonce
                s[13] = le32(nonce, 0);
                s[14] = le32(nonce, 4);
                s[15] = le32(nonce, 8);
                break;
            case ORIGINAL: // 64-bit counter, 64-bit nonce
                s[13] = (int) (counter >>> 32);
                s[14] = le32(nonce, 0);
                s[15] = le32(nonce, 4);
                break;
            default: // XChaCha20: original layout on the subkey, nonce bytes 16..23
                s[13] = (int) (counter >>> 32);
                s[14] = le32(nonce, 16);
                s[15] = le32(nonce, 20);
                break;
        }
        return s;
    }

    /** {@code in} XOR the keystream from {@code state} by BouncyCastle's core, one block at a time. */
    static byte[] referenceXor(int[] state, int rounds, boolean counter64, byte[] in, int off, int len) {
        int[] s = state.clone();
        int[] x = new int[16];
        byte[] out = new byte[len];
        for (int pos = 0; pos < len; pos += 64) {
            ChaChaEngine.chachaCore(rounds, s, x);
            for (int i = pos; i < Math.min(len, pos + 64); i++) {
                out[i] = (byte) (in[off + i] ^ (x[(i - pos) >> 2] >>> (8 * (i & 3))));
            }
            if (++s[12] == 0 && counter64) {
                s[13]++;
            }
        }
        return out;
    }

    private static byte[] reference(
            ChaCha20.Variant v, byte[] key, byte[] nonce, long counter, int rounds, byte[] in, int off, int len) {
        return referenceXor(
                referenceState(v, key, nonce, counter, rounds), rounds, v != ChaCha20.Variant.IETF, in, off, len);
    }

    @Test
    void referenceHChachaIsTheBouncyCastleCoreWithoutItsFeedForward() {
        // draft-irtf-cfrg-xchacha 2.2.1
        byte[] key = HexFormat.of().parseHex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
        assertEquals(
                "82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc",
                HexFormat.of()
                        .formatHex(ReferenceHChaCha.subkey(
                                key, HexFormat.of().parseHex("000000090000004a0000000031415927"), 20)));
        SplittableRandom r = new SplittableRandom(2201);
        for (int rounds : ROUNDS) {
            for (int i = 0; i < 40; i++) {
                byte[] k = random(r, 32);
                byte[] n = random(r, 16);
                if (i == 0) {
                    Arrays.fill(k, (byte) 0xff);
                    Arrays.fill(n, (byte) 0xff);
                }
                int[] s = new int[16];
                s[0] = SIGMA0;
                s[1] = SIGMA1;
                s[2] = SIGMA2;
                s[3] = SIGMA3;
                for (int w = 0; w < 8; w++) {
                    s[4 + w] = le32(k, 4 * w);
                }
                for (int w = 0; w < 4; w++) {
                    s[12 + w] = le32(n, 4 * w);
                }
                int[] x = new int[16];
                ChaChaEngine.chachaCore(rounds, s, x);
                byte[] sub = ReferenceHChaCha.subkey(k, n, rounds);
                for (int w = 0; w < 4; w++) {
                    assertEquals(x[w] - s[w], le32(sub, 4 * w), rounds + " rounds, word " + w);
                    assertEquals(x[12 + w] - s[12 + w], le32(sub, 16 + 4 * w), rounds + " rounds, word " + (12 + w));
                }
            }
        }
    }

    @Test
    void referenceLayoutsAgreeWithBouncyCastlesStreamCiphers() {
        SplittableRandom r = new SplittableRandom(8439);
        for (int rounds : ROUNDS) {
            for (long counter : new long[] {0, 5, 0xFFFFFFFEL, 0x0123456789ABCDL}) {
                byte[] key = random(r, 32);
                byte[] nonce = random(r, 8);
                byte[] in = random(r, 300);
                ChaChaEngine bc = new ChaChaEngine(rounds);
                bc.init(true, new ParametersWithIV(new KeyParameter(key), nonce));
                bc.seekTo(counter * 64);
                byte[] expected = new byte[in.length];
                bc.processBytes(in, 0, in.length, expected, 0);
                assertArrayEquals(
                        expected,
                        reference(ChaCha20.Variant.ORIGINAL, key, nonce, counter, rounds, in, 0, in.length),
                        "original, " + rounds + " rounds, counter " + counter);
            }
        }
        for (long counter : new long[] {0, 1, 0xFFFFFFF0L}) {
            byte[] key = random(r, 32);
            byte[] nonce = random(r, 12);
            byte[] in = random(r, 500);
            ChaCha7539Engine bc = new ChaCha7539Engine();
            bc.init(true, new ParametersWithIV(new KeyParameter(key), nonce));
            bc.seekTo(counter * 64);
            byte[] expected = new byte[in.length];
            bc.processBytes(in, 0, in.length, expected, 0);
            assertArrayEquals(
                    expected,
                    reference(ChaCha20.Variant.IETF, key, nonce, counter, 20, in, 0, in.length),
                    "IETF, counter " + counter);
        }
    }

    @Test
    void hchacha20SubkeyMatchesTheReferenceAtEveryRoundCount() {
        SplittableRandom r = new SplittableRandom(16);
        for (int i = 0; i < 100; i++) {
            byte[] key = random(r, 32);
            byte[] in = random(r, 16);
            for (int rounds : ROUNDS) {
                assertArrayEquals(
                        ReferenceHChaCha.subkey(key, in, rounds),
                        HChaCha20.subkey(key, in, rounds),
                        "HChaCha" + rounds);
            }
            assertArrayEquals(ReferenceHChaCha.subkey(key, in, 20), HChaCha20.subkey(key, in));
        }
    }

    /** The initial counters worth testing per variant: zero, small, across 2^32 (64-bit) and near the end. */
    private static long[] counters(ChaCha20.Variant v) {
        return v == ChaCha20.Variant.IETF
                ? new long[] {0, 1, 0xFFFFFFFFL - 12}
                : new long[] {0, 1, 0xFFFFFFFFL - 3, 0xFEDCBA9876543210L, -1L - 24};
    }

    /** Whether {@code len} bytes from block {@code counter} stay within the variant's counter (2^32 or 2^64 blocks). */
    private static boolean fits(ChaCha20.Variant v, long counter, long len) {
        long blocks = (len + 63) / 64;
        if (v == ChaCha20.Variant.IETF) {
            return counter + blocks <= 1L << 32;
        }
        return blocks == 0 || Long.compareUnsigned(blocks - 1, -1L - counter) <= 0;
    }

    @Test
    void everyVariantRoundCountLengthAndCounterMatchesTheReference() {
        SplittableRandom r = new SplittableRandom(600);
        byte[] src = random(r, 600 + 64);
        for (ChaCha20.Variant v : ChaCha20.Variant.values()) {
            for (int rounds : ROUNDS) {
                byte[] key = random(r, 32);
                byte[] nonce = random(r, v.nonceLength());
                for (long counter : counters(v)) {
                    for (int len = 0; len <= 600; len++) {
                        if (counter != 0 && len % 5 != 0 && len % 64 > 1 && len % 64 < 63) {
                            continue; // every length at counter 0; elsewhere block edges and a sample
                        }
                        if (!fits(v, counter, len)) {
                            continue;
                        }
                        int inOff = 1 + len % 13;
                        int outOff = 3 + len % 7;
                        byte[] expected = reference(v, key, nonce, counter, rounds, src, inOff, len);
                        ChaCha20 c = ChaCha20.newInstance(v, key, nonce, counter, rounds);
                        assertEquals(Backends.active(), c.backend());
                        byte[] out = new byte[outOff + len + 5];
                        assertEquals(len, c.update(src, inOff, len, out, outOff));
                        String what = v + "/" + rounds + " counter " + Long.toUnsignedString(counter) + " length " + len
                                + " on " + c.backend();
                        assertArrayEquals(expected, Arrays.copyOfRange(out, outOff, outOff + len), what);
                        // nothing around the output touched
                        for (int i = 0; i < outOff; i++) {
                            assertEquals(0, out[i], what);
                        }
                        for (int i = outOff + len; i < out.length; i++) {
                            assertEquals(0, out[i], what);
                        }
                    }
                }
            }
        }
    }

    @Test
    void multiKibMessagesInPiecesAndThroughDirectBuffers() {
        SplittableRandom r = new SplittableRandom(4096);
        for (ChaCha20.Variant v : ChaCha20.Variant.values()) {
            for (int rounds : ROUNDS) {
                byte[] key = random(r, 32);
                byte[] nonce = random(r, v.nonceLength());
                for (int len : new int[] {1024, 4095, 4096, 4097, 9000, 65536 + 77, 150_001}) {
                    long counter = v == ChaCha20.Variant.IETF ? 3 : 0xFFFFFFFFL - 2;
                    byte[] in = random(r, len + 7);
                    byte[] expected = reference(v, key, nonce, counter, rounds, in, 7, len);
                    String what = v + "/" + rounds + " length " + len + " on " + Backends.active();

                    ChaCha20 c = ChaCha20.newInstance(v, key, nonce, counter, rounds);
                    byte[] out = new byte[len + 1];
                    int done = 0;
                    for (int piece : new int[] {1, 63, 130, 700, 3}) { // odd pieces, then the rest in one call
                        c.update(in, 7 + done, piece, out, 1 + done);
                        done += piece;
                    }
                    c.update(in, 7 + done, len - done, out, 1 + done);
                    assertArrayEquals(expected, Arrays.copyOfRange(out, 1, len + 1), what + " in pieces");

                    ByteBuffer din = ByteBuffer.allocateDirect(len + 7);
                    din.put(in).position(7);
                    ByteBuffer dout = ByteBuffer.allocateDirect(len + 3);
                    dout.position(3);
                    ChaCha20.newInstance(v, key, nonce, counter, rounds).update(din, dout);
                    byte[] got = new byte[len];
                    dout.get(3, got);
                    assertArrayEquals(expected, got, what + " direct buffers");
                }
            }
        }
    }

    private static byte[] bouncyAead(byte[] key, byte[] nonce12, byte[] aad, byte[] in, int len) throws Exception {
        ChaCha20Poly1305 bc = new ChaCha20Poly1305();
        bc.init(true, new AEADParameters(new KeyParameter(key), 128, nonce12, aad));
        byte[] out = new byte[len + 16];
        int n = bc.processBytes(in, 0, len, out, 0);
        bc.doFinal(out, n);
        return out;
    }

    @Test
    void aeadsMatchBouncyCastleOnTheReferenceSubkey() throws Exception {
        SplittableRandom r = new SplittableRandom(2808);
        int[] lengths = new int[300 + 6];
        for (int i = 0; i <= 299; i++) {
            lengths[i] = i;
        }
        System.arraycopy(new int[] {511, 1024, 4096 + 3, 8191, 70_000, 100_003}, 0, lengths, 300, 6);
        for (int len : lengths) {
            byte[] key = random(r, 32);
            byte[] pt = random(r, len);
            byte[] aad = random(r, len % 37 == 0 ? 0 : len % 41);
            byte[] nonce12 = random(r, 12);
            byte[] nonce24 = random(r, 24);

            byte[] expected = bouncyAead(key, nonce12, aad, pt, len);
            byte[] out = new byte[len + 16 + 2];
            new ChaCha20Poly1305CallerNonce(key).seal(nonce12, pt, 0, len, aad, out, 1);
            assertArrayEquals(expected, Arrays.copyOfRange(out, 1, len + 17), "ChaCha20-Poly1305 seal " + len);
            byte[] back = new byte[len];
            new ChaCha20Poly1305CallerNonce(key).open(nonce12, expected, 0, len + 16, aad, back, 0);
            assertArrayEquals(pt, back, "ChaCha20-Poly1305 open " + len);

            byte[] subNonce = new byte[12];
            System.arraycopy(nonce24, 16, subNonce, 4, 8);
            byte[] xexpected =
                    bouncyAead(ReferenceHChaCha.subkey(key, Arrays.copyOf(nonce24, 16), 20), subNonce, aad, pt, len);
            assertArrayEquals(
                    xexpected,
                    new XChaCha20Poly1305CallerNonce(key).seal(nonce24, pt, aad),
                    "XChaCha20-Poly1305 seal " + len);
            assertArrayEquals(
                    pt,
                    new XChaCha20Poly1305CallerNonce(key).open(nonce24, xexpected, aad),
                    "XChaCha20-Poly1305 open " + len);
        }
    }
}
