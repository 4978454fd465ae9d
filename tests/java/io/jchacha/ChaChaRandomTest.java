// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ChaChaRandom against rand_chacha 0.3's own tests (rand_chacha/src/chacha.rs, values copied), against a line-for-line
 * model of rand_core 0.6's BlockRng over the reference block function, and against jchacha's original-variant
 * ChaCha20 keystream; runs once per forced backend.
 */
class ChaChaRandomTest {
    private static final BigInteger WORDS = BigInteger.ONE.shiftLeft(68);

    private static byte[] seed(int... b) {
        byte[] s = new byte[32];
        for (int i = 0; i < b.length; i++) {
            s[i] = (byte) b[i];
        }
        return s;
    }

    private static int[] next16(ChaChaRandom r) {
        int[] w = new int[16];
        for (int i = 0; i < 16; i++) {
            w[i] = r.nextInt();
        }
        return w;
    }

    // ---- rand_chacha's tests (ChaChaRng = ChaCha20Rng) ----

    @Test
    void construction() {
        ChaChaRandom rng1 = ChaChaRandom.chacha20(
                seed(0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0));
        assertEquals(137206642, rng1.nextInt());
        byte[] s2 = new byte[32]; // rand_core 0.6 from_rng: fills the seed with fill_bytes (try_fill_bytes)
        rng1.nextBytes(s2);
        assertEquals(1325750369, ChaChaRandom.chacha20(s2).nextInt());
    }

    @Test
    void trueValuesA() {
        ChaChaRandom rng = ChaChaRandom.chacha20(new byte[32]);
        assertArrayEquals(
                new int[] {
                    0xade0b876,
                    0x903df1a0,
                    0xe56a5d40,
                    0x28bd8653,
                    0xb819d2bd,
                    0x1aed8da0,
                    0xccef36a8,
                    0xc70d778b,
                    0x7c5941da,
                    0x8d485751,
                    0x3fe02477,
                    0x374ad8b8,
                    0xf4b8436a,
                    0x1ca11815,
                    0x69b687c3,
                    0x8665eeb2
                },
                next16(rng));
        assertArrayEquals(
                new int[] {
                    0xbee7079f,
                    0x7a385155,
                    0x7c97ba98,
                    0x0d082d73,
                    0xa0290fcb,
                    0x6965e348,
                    0x3e53c612,
                    0xed7aee32,
                    0x7621b729,
                    0x434ee69c,
                    0xb03371d5,
                    0xd539d874,
                    0x281fed31,
                    0x45fb0a51,
                    0x1f0ae1ac,
                    0x6f4d794b
                },
                next16(rng));
    }

    @Test
    void trueValuesB() {
        byte[] s = new byte[32];
        s[31] = 1;
        ChaChaRandom rng = ChaChaRandom.chacha20(s);
        next16(rng); // skip block 0
        assertArrayEquals(
                new int[] {
                    0x2452eb3a,
                    0x9249f8ec,
                    0x8d829d9b,
                    0xddd4ceb1,
                    0xe8252083,
                    0x60818b01,
                    0xf38422b8,
                    0x5aaa49c9,
                    0xbb00ca8e,
                    0xda3ba7b4,
                    0xc4b592d1,
                    0xfdf2732f,
                    0x4436274e,
                    0x2561b3c8,
                    0xebdd4aa6,
                    0xa0136c00
                },
                next16(rng));
    }

    @Test
    void trueValuesCAndMixedCallPositions() {
        byte[] s = seed(0, 0xff);
        int[] expected = {
            0xfb4dd572,
            0x4bc42ef1,
            0xdf922636,
            0x327f1394,
            0xa78dea8f,
            0x5e269039,
            0xa1bebbc1,
            0xcaf09aae,
            0xa25ab213,
            0x48a6b46c,
            0x1b9d9bcb,
            0x092c5be6,
            0x546ca624,
            0x1bec45d5,
            0x87f47473,
            0x96f0992e
        };
        BigInteger end = BigInteger.valueOf(3 * 16);
        ChaChaRandom rng1 = ChaChaRandom.chacha20(s);
        next16(rng1);
        next16(rng1);
        assertArrayEquals(expected, next16(rng1));
        assertEquals(end, rng1.getWordPos());

        ChaChaRandom rng2 = ChaChaRandom.chacha20(s);
        rng2.setWordPos(BigInteger.valueOf(2 * 16));
        assertArrayEquals(expected, next16(rng2));
        assertEquals(end, rng2.getWordPos());

        byte[] buf = new byte[32];
        rng2.nextBytes(buf);
        assertEquals(end.add(BigInteger.valueOf(8)), rng2.getWordPos());
        rng2.nextBytes(new byte[25]);
        assertEquals(end.add(BigInteger.valueOf(15)), rng2.getWordPos());
        rng2.nextLong();
        assertEquals(end.add(BigInteger.valueOf(17)), rng2.getWordPos());
        rng2.nextInt();
        rng2.nextLong();
        assertEquals(end.add(BigInteger.valueOf(20)), rng2.getWordPos());
        rng2.nextBytes(new byte[1]);
        assertEquals(end.add(BigInteger.valueOf(21)), rng2.getWordPos());
    }

    @Test
    void multipleBlocks() {
        ChaChaRandom rng = ChaChaRandom.chacha20(
                seed(0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0, 5, 0, 0, 0, 6, 0, 0, 0, 7, 0, 0, 0));
        int[] results = new int[16];
        for (int i = 0; i < 16; i++) {
            results[i] = rng.nextInt();
            for (int j = 0; j < 16; j++) {
                rng.nextInt();
            }
        }
        assertArrayEquals(
                new int[] {
                    0xf225c81a,
                    0x6ab1be57,
                    0x04d42951,
                    0x70858036,
                    0x49884684,
                    0x64efec72,
                    0x4be2d186,
                    0x3615b384,
                    0x11cfa18e,
                    0xd3c50049,
                    0x75c775f6,
                    0x434c6530,
                    0x2c5bad8f,
                    0x898881dc,
                    0x5f1c86d9,
                    0xc1f8e7f4
                },
                results);
    }

    @Test
    void trueBytes() {
        byte[] results = new byte[32];
        ChaChaRandom.chacha20(new byte[32]).nextBytes(results);
        assertArrayEquals(
                seed(
                        118, 184, 224, 173, 160, 241, 61, 144, 64, 93, 106, 229, 83, 134, 189, 40, 189, 210, 25, 184,
                        160, 141, 237, 26, 168, 54, 239, 204, 139, 119, 13, 199),
                results);
    }

    @Test
    void nonce() {
        ChaChaRandom rng = ChaChaRandom.chacha20(new byte[32]);
        rng.setStream(2L << (24 + 32));
        assertArrayEquals(
                new int[] {
                    0x374dc6c2,
                    0x3736d58c,
                    0xb904e24a,
                    0xcd3f93ef,
                    0x88228b1a,
                    0x96a4dfb3,
                    0x5b76ab72,
                    0xc727ee54,
                    0x0e0e978a,
                    0xf3145c95,
                    0x1b748ea8,
                    0xf786c297,
                    0x99c28f5f,
                    0x628314e8,
                    0x398a19fa,
                    0x6ded1b53
                },
                next16(rng));
    }

    @Test
    void cloneStreams() {
        ChaChaRandom rng = ChaChaRandom.chacha20(
                seed(0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0, 5, 0, 0, 0, 6, 0, 0, 0, 7, 0, 0, 0));
        ChaChaRandom clone = rng.copy();
        for (int i = 0; i < 16; i++) {
            assertEquals(rng.nextLong(), clone.nextLong());
        }
        rng.setStream(51);
        for (int i = 0; i < 7; i++) {
            assertNotEquals(rng.nextInt(), clone.nextInt());
        }
        clone.setStream(51); // switch part way through block
        for (int i = 7; i < 16; i++) {
            assertEquals(rng.nextInt(), clone.nextInt());
        }
    }

    @Test
    void wordPosWrapExact() {
        ChaChaRandom rng = ChaChaRandom.chacha20(new byte[32]);
        BigInteger last = WORDS.subtract(BigInteger.valueOf(4 * 16));
        rng.setWordPos(last);
        assertEquals(last, rng.getWordPos());
    }

    @Test
    void wordPosWrapExcess() {
        ChaChaRandom rng = ChaChaRandom.chacha20(new byte[32]);
        BigInteger last = WORDS.subtract(BigInteger.valueOf(16));
        rng.setWordPos(last);
        assertEquals(last, rng.getWordPos());
    }

    @Test
    void wordPosZero() {
        ChaChaRandom rng = ChaChaRandom.chacha20(new byte[32]);
        assertEquals(BigInteger.ZERO, rng.getWordPos());
        rng.setWordPos(BigInteger.ZERO);
        assertEquals(BigInteger.ZERO, rng.getWordPos());
    }

    // ---- RustCrypto chacha20 0.10.1's tests/rng.rs (the same sequences where its set_stream is not involved) ----

    @Test
    void rustCryptoRngOutput() {
        ChaChaRandom rng =
                ChaChaRandom.chacha20(Hex.b("0102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F20"));
        byte[] bytes = new byte[13];
        rng.nextBytes(bytes);
        assertArrayEquals(Hex.b("B1697E9FC6461E1983D131CF69"), bytes);
        rng.nextBytes(bytes); // 13 bytes took 4 words: this starts at byte 16
        assertArrayEquals(Hex.b("A7A3FC134F149880E8BB2B5D23"), bytes);
    }

    /** RFC 8439 2.3.2's block through stream and block position (chacha20 0.10.1's test_chacha_nonce). */
    @Test
    void rustCryptoRfc8439Block() {
        ChaChaRandom rng =
                ChaChaRandom.chacha20(Hex.b("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"));
        rng.setStream(0x000000004a000000L);
        rng.setWordPos(BigInteger.valueOf(0x09L << 56).shiftLeft(4)); // set_block_pos(u64::from_le_bytes(00..09))
        rng.nextBytes(new byte[64]);
        assertArrayEquals(
                new int[] {
                    0xe4e7f110,
                    0x15593bd1,
                    0x1fdd0f50,
                    0xc47120a3,
                    0xc7f4d1c7,
                    0x0368c033,
                    0x9aaa2204,
                    0x4e6cd4c3,
                    0x466482d2,
                    0x09aa9f07,
                    0x05d7c214,
                    0xa2028bd9,
                    0xd19c12b5,
                    0xb94e16de,
                    0xe883d0cb,
                    0x4e3c50a2
                },
                next16(rng));
    }

    // ---- beyond rand_chacha's tests ----

    /** The stream wraps from word 2^68 - 1 to word 0, inside one buffer refill and across a direct fill. */
    @ParameterizedTest
    @ValueSource(ints = {8, 12, 20})
    void wrapsAfterTheLastBlock(int rounds) {
        byte[] s = TestSupport.random(new Random(rounds), 32);
        ChaChaRandom r = ChaChaRandom.newInstance(rounds, s);
        r.setStream(7);
        ChaChaRandom start = r.copy();
        start.setWordPos(BigInteger.ZERO);
        r.setWordPos(WORDS.subtract(BigInteger.valueOf(40)));
        RandChachaModel m = new RandChachaModel(rounds, s);
        m.setStream(7);
        m.setWordPos(WORDS.subtract(BigInteger.valueOf(40)));
        for (int i = 0; i < 40; i++) {
            assertEquals(m.nextU32(), r.nextInt());
        }
        assertEquals(BigInteger.ZERO, r.getWordPos());
        assertEquals(start.nextLong(), r.nextLong());

        // a buffer drained two blocks before the wrap, then a direct fill across it
        BigInteger at = WORDS.subtract(BigInteger.valueOf(16L * (ChaChaRandom.BUFFER_BLOCKS + 2)));
        ChaChaRandom d = ChaChaRandom.newInstance(rounds, s);
        d.setStream(7);
        d.setWordPos(at);
        d.nextBytes(new byte[64 * ChaChaRandom.BUFFER_BLOCKS]);
        byte[] big = new byte[64 * 1024];
        d.nextBytes(big);
        RandChachaModel dm = new RandChachaModel(rounds, s);
        dm.setStream(7);
        dm.setWordPos(at.add(BigInteger.valueOf(16L * ChaChaRandom.BUFFER_BLOCKS)));
        byte[] ref = new byte[big.length];
        dm.fillBytes(ref);
        assertArrayEquals(ref, big);
        assertEquals(BigInteger.valueOf(16 * 1024 - 32), d.getWordPos());
    }

    /** nextLong on the last word of a batch takes it as the low half and the next batch's first as the high. */
    @Test
    void nextLongStraddlesTheBatchEnd() {
        byte[] s = TestSupport.random(new Random(11), 32);
        for (int k = 1; k <= 3; k++) {
            ChaChaRandom r = ChaChaRandom.chacha8(s);
            RandChachaModel m = new RandChachaModel(8, s);
            for (int i = 0; i < 16 * ChaChaRandom.BUFFER_BLOCKS - k; i++) {
                assertEquals(m.nextU32(), r.nextInt());
            }
            for (int i = 0; i < 3; i++) {
                assertEquals(m.nextU64(), r.nextLong(), "k " + k + ", i " + i);
            }
            assertEquals(m.getWordPos(), r.getWordPos());
        }
    }

    /** Every call mix (including lengths that leave partly used words and direct fills) equals the model. */
    @ParameterizedTest
    @ValueSource(ints = {8, 12, 20})
    void anyCallSequenceMatchesRandCoreBlockRng(int rounds) {
        Random op = new Random(1000 + rounds);
        byte[] s = TestSupport.random(op, 32);
        ChaChaRandom r = ChaChaRandom.newInstance(rounds, s);
        RandChachaModel m = new RandChachaModel(rounds, s);
        for (int step = 0; step < 1500; step++) {
            int k = op.nextInt(100);
            if (k < 30) {
                assertEquals(m.nextU32(), r.nextInt(), "step " + step);
            } else if (k < 60) {
                assertEquals(m.nextU64(), r.nextLong(), "step " + step);
            } else if (k < 90) {
                int len = op.nextInt(10) == 0 ? op.nextInt(70_000) : op.nextInt(70);
                byte[] a = new byte[len];
                byte[] b = new byte[len + 2];
                m.fillBytes(a);
                r.nextBytes(b, 1, len);
                assertArrayEquals(a, java.util.Arrays.copyOfRange(b, 1, len + 1), "step " + step);
                assertEquals(0, b[0]);
                assertEquals(0, b[len + 1]);
            } else if (k < 95) {
                long stream = op.nextInt(4) == 0 ? op.nextLong() : op.nextInt(3);
                m.setStream(stream);
                r.setStream(stream);
                assertEquals(stream, r.getStream());
            } else {
                BigInteger pos = op.nextInt(3) == 0 ? new BigInteger(68, op) : BigInteger.valueOf(op.nextInt(5000));
                m.setWordPos(pos);
                r.setWordPos(pos);
            }
            assertEquals(m.getWordPos(), r.getWordPos(), "step " + step);
        }
    }

    /** Stream s of seed k is jchacha's original-variant ChaCha keystream with key k and nonce s (little-endian). */
    @ParameterizedTest
    @ValueSource(ints = {8, 12, 20})
    void equalsOriginalVariantKeystream(int rounds) {
        Random g = new Random(rounds);
        byte[] s = TestSupport.random(g, 32);
        long stream = g.nextLong();
        byte[] nonce = ByteBuffer.allocate(8)
                .order(java.nio.ByteOrder.LITTLE_ENDIAN)
                .putLong(stream)
                .array();
        int n = 3 * 16384 + 4 * 11;
        byte[] expected = new byte[n];
        ChaCha20.newInstance(ChaCha20.Variant.ORIGINAL, s, nonce, 0, rounds).keystream(expected, 0, n);

        ChaChaRandom r = ChaChaRandom.newInstance(rounds, s);
        r.setStream(stream);
        byte[] got = new byte[n];
        r.nextBytes(got);
        assertArrayEquals(expected, got);

        ChaChaRandom w = ChaChaRandom.newInstance(rounds, s);
        w.setStream(stream);
        ByteBuffer words = ByteBuffer.allocate(n).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n / 8; i++) {
            words.putLong(w.nextLong());
        }
        words.putInt(w.nextInt());
        assertArrayEquals(expected, words.array());
        assertArrayEquals(s, r.getSeed());
        assertEquals(rounds, r.rounds());
    }

    @Test
    void jumpLandsOnTheNextStream() {
        ChaChaRandom a = ChaChaRandom.chacha8(TestSupport.random(new Random(5), 32));
        a.setStream(-1L); // the stream number wraps like rand's u64
        for (int i = 0; i < 37; i++) {
            a.nextInt();
        }
        ChaChaRandom b = a.copy();
        ChaChaRandom before = a.copyAndJump();
        b.setStream(0);
        assertEquals(0, a.getStream());
        assertEquals(-1L, before.getStream());
        assertEquals(b.getWordPos(), a.getWordPos());
        for (int i = 0; i < 5000; i++) {
            assertEquals(b.nextLong(), a.nextLong());
        }
        List<RandomGenerator> js = a.jumps(3).collect(Collectors.toList());
        for (int i = 0; i < 3; i++) {
            assertEquals(i, ((ChaChaRandom) js.get(i)).getStream());
        }
        assertEquals(3, a.getStream());
        assertEquals(0x1p68, a.jumpDistance());
    }

    /** README and the class javadoc: {@code jumps(n)} hands out streams s .. s+n-1 and leaves the source on s+n. */
    @Test
    void jumpsHandOutTheCurrentStreamFirst() {
        ChaChaRandom a = ChaChaRandom.chacha20(TestSupport.random(new Random(6), 32));
        a.setStream(7);
        a.nextLong();
        ChaChaRandom same = a.copy();
        List<RandomGenerator> js = a.jumps(4).collect(Collectors.toList());
        for (int i = 0; i < 4; i++) {
            assertEquals(7 + i, ((ChaChaRandom) js.get(i)).getStream());
        }
        assertEquals(11, a.getStream());
        for (int i = 0; i < 100; i++) {
            assertEquals(same.nextLong(), js.get(0).nextLong(), "the first one continues the source's own stream");
        }
    }

    @Test
    void randomGeneratorMethodsWork() {
        ChaChaRandom r = ChaChaRandom.chacha12(new byte[32]);
        for (int i = 0; i < 1000; i++) {
            int v = r.nextInt(7);
            assertTrue(v >= 0 && v < 7);
            double d = r.nextDouble();
            assertTrue(d >= 0 && d < 1);
        }
        assertEquals(100, r.ints(100, 0, 10).filter(v -> v >= 0 && v < 10).count());
        double mean = r.doubles(100_000).average().orElseThrow();
        assertEquals(0.5, mean, 0.01);
        double g = r.nextGaussian();
        assertFalse(Double.isNaN(g));
        // RandomGenerator's defaults are built on nextInt/nextLong: nextDouble is (nextLong() >>> 11) * 2^-53
        ChaChaRandom x = ChaChaRandom.chacha12(new byte[32]);
        ChaChaRandom y = x.copy();
        assertEquals((x.nextLong() >>> 11) * 0x1.0p-53, y.nextDouble());
    }

    @Test
    void badArguments() {
        assertThrows(NullPointerException.class, () -> ChaChaRandom.chacha8(null));
        assertThrows(IllegalArgumentException.class, () -> ChaChaRandom.chacha8(new byte[31]));
        assertThrows(IllegalArgumentException.class, () -> ChaChaRandom.chacha20(new byte[33]));
        assertThrows(IllegalArgumentException.class, () -> ChaChaRandom.newInstance(10, new byte[32]));
        ChaChaRandom r = ChaChaRandom.chacha8(new byte[32]);
        BigInteger pos = r.getWordPos();
        assertThrows(NullPointerException.class, () -> r.nextBytes(null));
        assertThrows(IndexOutOfBoundsException.class, () -> r.nextBytes(new byte[4], 2, 3));
        assertThrows(IndexOutOfBoundsException.class, () -> r.nextBytes(new byte[4], -1, 1));
        assertThrows(NullPointerException.class, () -> r.setWordPos(null));
        assertThrows(IllegalArgumentException.class, () -> r.setWordPos(BigInteger.valueOf(-1)));
        assertEquals(pos, r.getWordPos());
        // only the low 68 bits of a word position count, as in rand_chacha
        r.setWordPos(WORDS.add(BigInteger.valueOf(5)));
        assertEquals(BigInteger.valueOf(5), r.getWordPos());
        assertFalse(r.toString().contains("00000000"));
    }

    /** Two generators seeded by the OS never share a 64-byte block (and none repeats inside one). */
    @Test
    void osSeededGeneratorsNeverShareABlock() {
        Set<ByteBuffer> seen = new HashSet<>();
        ChaChaRandom[] gens = {
            ChaChaRandom.chacha8(), ChaChaRandom.chacha8(), ChaChaRandom.chacha12(), ChaChaRandom.chacha20()
        };
        for (ChaChaRandom g : gens) {
            byte[] b = new byte[256 * 1024];
            g.nextBytes(b);
            for (int i = 0; i < b.length; i += 64) {
                assertTrue(seen.add(ByteBuffer.wrap(b, i, 64).slice()), "a block repeats");
            }
        }
        assertFalse(java.util.Arrays.equals(gens[0].getSeed(), gens[1].getSeed()));
    }

    /** The statistical battery passes on every generator and every read path. */
    @ParameterizedTest
    @ValueSource(ints = {8, 12, 20})
    void statisticalBattery(int rounds) {
        ChaChaRandom r = ChaChaRandom.newInstance(rounds, TestSupport.random(new Random(77), 32));
        byte[] bytes = new byte[1 << 20];
        r.nextBytes(bytes);
        assertEquals(List.of(), RandomnessBattery.failures(bytes));
        ByteBuffer longs = ByteBuffer.allocate(1 << 20);
        while (longs.hasRemaining()) {
            if (longs.remaining() % 8 == 0 && (longs.position() & 64) == 0) {
                longs.putLong(r.nextLong());
            } else {
                longs.putInt(r.nextInt());
            }
        }
        assertEquals(List.of(), RandomnessBattery.failures(longs.array()));
    }

    /** The battery itself catches the faults it is there for. */
    @Test
    void batteryCatchesBrokenOutput() {
        byte[] zeros = new byte[1 << 16];
        assertFalse(RandomnessBattery.failures(zeros).isEmpty());
        byte[] repeated = new byte[1 << 20];
        byte[] one = TestSupport.random(new Random(3), 16384);
        for (int i = 0; i < repeated.length; i += one.length) {
            System.arraycopy(one, 0, repeated, i, one.length);
        }
        List<String> f = RandomnessBattery.failures(repeated);
        assertTrue(f.stream().anyMatch(x -> x.contains("repeats")), f.toString());
        byte[] alternating = new byte[1 << 16];
        java.util.Arrays.fill(alternating, (byte) 0x55);
        assertTrue(RandomnessBattery.failures(alternating).stream().anyMatch(x -> x.startsWith("runs")));
        byte[] biased = TestSupport.random(new Random(4), 1 << 20);
        for (int i = 0; i < biased.length; i += 64) {
            biased[i] |= 1;
        }
        assertFalse(RandomnessBattery.failures(biased).isEmpty());
    }
}
