// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jchacha.Backend;
import io.jchacha.BouncyPoly1305;
import io.jchacha.ReferenceHChaCha;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The active native backend's own HChaCha and Poly1305 kernels, called through their JNI entry points
 * ({@link NativeChaCha#hchacha}, {@link NativeChaCha#poly1305}) with that backend's handle, against references
 * that share no code with the library: {@link ReferenceHChaCha} (written from the draft, every round count) and
 * BouncyCastle's Poly1305. The stream layer never calls these two directly (XChaCha20 derives its subkey in Java,
 * the AEAD reaches Poly1305 inside C), so without this test they are checked only by the load-time self-test.
 * Skipped when the active backend is the Java engine (its HChaCha and Poly1305 are compared in
 * {@code ReferenceCipherTest} and {@code Poly1305Test}).
 */
class NativeKernelReferenceTest {
    private Backend backend;
    private int handle;

    @BeforeEach
    void activeNativeBackend() {
        backend = Engines.activeBackend();
        assumeTrue(backend.isNative(), "active backend " + backend + " has no native kernels");
        handle = NativeChaCha.backendHandle(backend.id());
        assertTrue(handle >= 0, backend + " has no handle");
        // the handle names this backend's row: its Poly1305 kernel is the one dispatch.c gives that row
        String kernel = NativeChaCha.polyKernel(handle);
        assertEquals(expectedPolyKernel(backend), kernel.replaceAll(" \\(.*", ""), "Poly1305 kernel of " + backend);
        assertEquals(kernel, ((NativeEngine) Engines.forBackend(backend)).polyKernel());
        if (backend != Backend.PORTABLE && Engines.unavailableReason(Backend.PORTABLE) == null) {
            assertNotEquals(NativeChaCha.backendHandle(Backend.PORTABLE.id()), handle);
        }
        System.out.printf("%s: handle %d, poly1305 kernel %s%n", backend, handle, kernel);
    }

    /** Which Poly1305 kernel each backend row runs (dispatch.c): its own, or portable where it has none. */
    private static String expectedPolyKernel(Backend b) {
        switch (b) {
            case AVX2:
                return "avx2";
            case AVX512: // IFMA when the CPU has it, else the AVX2 kernel (said in parentheses)
                return Engines.cpuFeatures().contains("avx512ifma") ? "avx512ifma" : "avx2";
            default:
                return "portable";
        }
    }

    private static byte[] random(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    private static int[] words(byte[] b) {
        int[] w = new int[b.length / 4];
        for (int i = 0; i < w.length; i++) {
            w[i] = (b[4 * i] & 0xff)
                    | (b[4 * i + 1] & 0xff) << 8
                    | (b[4 * i + 2] & 0xff) << 16
                    | (b[4 * i + 3] & 0xff) << 24;
        }
        return w;
    }

    @Test
    void hchachaKernelMatchesTheReferenceAtEveryRoundCount() {
        SplittableRandom r = new SplittableRandom(1620);
        for (int i = 0; i < 300; i++) {
            byte[] key = random(r, 32);
            byte[] in = random(r, 16);
            if (i == 0) {
                Arrays.fill(key, (byte) 0xff);
                Arrays.fill(in, (byte) 0xff);
            } else if (i == 1) {
                Arrays.fill(key, (byte) 0);
                Arrays.fill(in, (byte) 0);
            }
            for (int rounds : new int[] {20, 12, 8}) {
                int[] out = new int[8];
                NativeChaCha.hchacha(handle, words(key), words(in), rounds, out);
                assertArrayEquals(
                        words(ReferenceHChaCha.subkey(key, in, rounds)),
                        out,
                        backend + " HChaCha" + rounds + " case " + i);
            }
        }
    }

    /**
     * Keys that stress the arithmetic: r with every bit the clamp allows, s = 2^128 - 1, r = 1 (then h is the plain
     * sum of the blocks, and 32 bytes of 0xff make it 2^130 - 2: only the final conditional subtraction of p gives
     * the right tag), r = 0, and a random one.
     */
    private static byte[][] edgeKeys(SplittableRandom r) {
        byte[] rMaxSMax = new byte[32];
        Arrays.fill(rMaxSMax, (byte) 0xff);
        byte[] rMaxS0 = new byte[32];
        Arrays.fill(rMaxS0, 0, 16, (byte) 0xff);
        byte[] r1SMax = new byte[32];
        r1SMax[0] = 1;
        Arrays.fill(r1SMax, 16, 32, (byte) 0xff);
        byte[] r1S0 = new byte[32];
        r1S0[0] = 1;
        byte[] r0SMax = new byte[32];
        Arrays.fill(r0SMax, 16, 32, (byte) 0xff);
        return new byte[][] {rMaxSMax, rMaxS0, r1SMax, r1S0, r0SMax, random(r, 32)};
    }

    @Test
    void poly1305KernelMatchesBouncyCastleForEdgeKeysAndMessages() {
        SplittableRandom r = new SplittableRandom(1305);
        byte[] ones = new byte[5000];
        Arrays.fill(ones, (byte) 0xff);
        byte[] rand = random(r, 5000);
        byte[] tag = new byte[16];
        int[] lengths = new int[700 + 8];
        for (int i = 0; i < 700; i++) {
            lengths[i] = i;
        }
        System.arraycopy(new int[] {1023, 1024, 1025, 2048 + 15, 4095, 4096, 4096 + 17, 4999}, 0, lengths, 700, 8);
        byte[][] keys = edgeKeys(r);
        for (int k = 0; k < keys.length; k++) {
            for (int len : lengths) {
                for (byte[] msg : new byte[][] {ones, rand}) {
                    int off = msg == rand ? len % 3 : 0;
                    NativeChaCha.poly1305(handle, keys[k], msg, off, len, tag);
                    assertArrayEquals(
                            BouncyPoly1305.mac(keys[k], msg, off, len),
                            tag,
                            backend + " Poly1305 key " + k + " length " + len + (msg == ones ? " of 0xff" : ""));
                }
            }
        }
    }

    @Test
    void poly1305KernelMatchesBouncyCastleForRandomKeys() {
        SplittableRandom r = new SplittableRandom(130);
        byte[] tag = new byte[16];
        for (int i = 0; i < 1300; i++) {
            int len = i < 1200 ? i : r.nextInt(70_000);
            byte[] key = random(r, 32);
            byte[] msg = random(r, len + 5);
            NativeChaCha.poly1305(handle, key, msg, 5, len, tag);
            assertArrayEquals(BouncyPoly1305.mac(key, msg, 5, len), tag, backend + " Poly1305 length " + len);
        }
    }

    @Test
    void poly1305RfcVectorsNeedingTheFinalReduction() {
        // RFC 8439 A.3 #5 to #11: partial reduction, s overflowing 2^128, carries into all-ones limbs, h exactly
        // p and p - 1 before the final reduction, 131-bit intermediate and final results
        String[][] v = {
            {
                "0200000000000000000000000000000000000000000000000000000000000000",
                "ffffffffffffffffffffffffffffffff",
                "03000000000000000000000000000000"
            },
            {
                "02000000000000000000000000000000ffffffffffffffffffffffffffffffff",
                "02000000000000000000000000000000",
                "03000000000000000000000000000000"
            },
            {
                "0100000000000000000000000000000000000000000000000000000000000000",
                "fffffffffffffffffffffffffffffffff0ffffffffffffffffffffffffffffff11000000000000000000000000000000",
                "05000000000000000000000000000000"
            },
            {
                "0100000000000000000000000000000000000000000000000000000000000000",
                "fffffffffffffffffffffffffffffffffbfefefefefefefefefefefefefefefe01010101010101010101010101010101",
                "00000000000000000000000000000000"
            },
            {
                "0200000000000000000000000000000000000000000000000000000000000000",
                "fdffffffffffffffffffffffffffffff",
                "faffffffffffffffffffffffffffffff"
            },
            {
                "0100000000000000040000000000000000000000000000000000000000000000",
                "e33594d7505e43b900000000000000003394d7505e4379cd01000000000000000000000000000000000000000000000001000000000000000000000000000000",
                "14000000000000005500000000000000"
            },
            {
                "0100000000000000040000000000000000000000000000000000000000000000",
                "e33594d7505e43b900000000000000003394d7505e4379cd010000000000000000000000000000000000000000000000",
                "13000000000000000000000000000000"
            },
        };
        byte[] tag = new byte[16];
        for (String[] t : v) {
            byte[] key = java.util.HexFormat.of().parseHex(t[0]);
            byte[] msg = java.util.HexFormat.of().parseHex(t[1]);
            NativeChaCha.poly1305(handle, key, msg, 0, msg.length, tag);
            assertEquals(t[2], java.util.HexFormat.of().formatHex(tag), backend + " RFC 8439 A.3, message " + t[1]);
        }
    }
}
