// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jchacha.Backend;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * How the jdk backend maps jchacha's variants onto SunJCE, against the Java engine: 64-bit counters split at the
 * carry into the high word (anywhere in the 2^64-block range), IETF counters up to the last block, raw keystream and
 * buffers, 8 and 12 rounds on the Java engine, and {@code auto}'s short calls on the Java engine. Runs where the
 * backend does (JDK 20+ on x86-64 with AVX2 or AArch64); its AEAD through SunJCE is in {@link NativeAeadTest} and
 * {@link AeadSingleReadTest}.
 */
class JdkEngineTest {
    private static final SplittableRandom R = new SplittableRandom(2024);

    /** The jdk engine as forced (no call handed to Java), or a skip where it cannot run. */
    static JdkEngine jdk() {
        String why = Engines.unavailableReason(Backend.JDK);
        assumeTrue(why == null, "jdk backend: " + why);
        return (JdkEngine) Engines.forBackend(Backend.JDK);
    }

    /** The jdk backend's AEAD through SunJCE's ChaCha20-Poly1305, whether or not its Poly1305 is intrinsified. */
    static Optional<AeadEngine> sunJceAead() {
        if (Engines.unavailableReason(Backend.JDK) != null) {
            return Optional.empty();
        }
        return Optional.of(new JdkAead(((JdkEngine) Engines.forBackend(Backend.JDK)).withSunJceAead(true)));
    }

    private static int[] state(int counterLow, int word13) {
        int[] s = new int[16];
        ChaChaBlock.setConstants(s);
        for (int i = 4; i < 16; i++) {
            s[i] = R.nextInt();
        }
        s[12] = counterLow;
        s[13] = word13;
        return s;
    }

    private static byte[] random(int n) {
        byte[] b = new byte[n];
        R.nextBytes(b);
        return b;
    }

    /** The engine's output equals the Java engine's: arrays, in place, raw keystream, direct and heap buffers. */
    private static void assertSameAsJava(Engine e, int[] s, int rounds, boolean c64, int len) {
        String what = rounds + " rounds, " + (c64 ? "64" : "32") + "-bit counter " + Integer.toUnsignedString(s[13])
                + ":" + Integer.toUnsignedString(s[12]) + ", " + len + " bytes";
        byte[] in = random(len);
        byte[] expected = new byte[len];
        JavaEngine.INSTANCE.xor(s, rounds, c64, in, 0, expected, 0, len);
        byte[] out = new byte[len + 3];
        e.xor(s, rounds, c64, in, 0, out, 3, len);
        assertArrayEquals(expected, Arrays.copyOfRange(out, 3, len + 3), what);
        byte[] inPlace = in.clone();
        e.xor(s, rounds, c64, inPlace, 0, inPlace, 0, len);
        assertArrayEquals(expected, inPlace, what + ", in place");
        byte[] ks = new byte[len], ksExpected = new byte[len];
        JavaEngine.INSTANCE.xor(s, rounds, c64, null, 0, ksExpected, 0, len);
        Arrays.fill(ks, (byte) 0x77);
        e.xor(s, rounds, c64, null, 0, ks, 0, len);
        assertArrayEquals(ksExpected, ks, what + ", keystream");
        ByteBuffer din = ByteBuffer.allocateDirect(len).put(0, in);
        ByteBuffer dout = ByteBuffer.allocateDirect(len + 5);
        e.xor(s, rounds, c64, din, 0, dout, 5, len);
        byte[] got = new byte[len];
        dout.get(5, got);
        assertArrayEquals(expected, got, what + ", direct");
        ByteBuffer hout = ByteBuffer.allocate(len);
        e.xor(s, rounds, c64, din, 0, hout, 0, len);
        assertArrayEquals(expected, hout.array(), what + ", direct to heap");
    }

    /**
     * SunJCE's AEAD keeps one Cipher per owner between messages; it refuses to encrypt twice under one key and nonce,
     * so a caller who seals the same message twice gets a new Cipher for the second, with the same output;
     * {@code forget()} drops the kept Cipher and the owner works on.
     */
    @Test
    void sunJceAeadSealsOneNonceTwiceAndForgets() {
        JdkAead a = (JdkAead) sunJceAead().orElse(null);
        assumeTrue(a != null, "jdk backend does not run here");
        int[] s = state(0, R.nextInt());
        byte[] aad = random(9);
        byte[] msg = random(1500);
        byte[] expected = new byte[msg.length + 16];
        new JavaAead(JavaEngine.INSTANCE).seal(s, s[13], s[14], s[15], aad, 0, 9, msg, 0, msg.length, expected, 0);
        for (int i = 0; i < 6; i++) {
            byte[] sealed = new byte[msg.length + 16];
            a.seal(s, s[13], s[14], s[15], aad, 0, 9, msg, 0, msg.length, sealed, 0);
            assertArrayEquals(expected, sealed, "seal " + i);
            if (i % 2 == 0) {
                continue; // seal twice in a row, then open
            }
            assertTrue(a.keepsWorkingForTest(), "kept after seal " + i);
            byte[] opened = new byte[msg.length];
            assertTrue(a.open(s, s[13], s[14], s[15], aad, 0, 9, sealed, 0, msg.length, opened, 0));
            assertArrayEquals(msg, opened, "open " + i);
            if (i == 3) {
                a.forget();
                assertFalse(a.keepsWorkingForTest(), "forget() dropped the kept Cipher");
            }
        }
    }

    /**
     * Messages longer than the kept array: sealed in pieces through it where the output does not start inside the
     * input after its start, whole otherwise; the same bytes as the Java AEAD either way, in place and at offsets.
     */
    @Test
    void longMessagesSealInPiecesAtEveryOverlap() {
        JdkAead a = (JdkAead) sunJceAead().orElse(null);
        assumeTrue(a != null, "jdk backend does not run here");
        JavaAead reference = new JavaAead(JavaEngine.INSTANCE);
        int[] s = state(0, R.nextInt());
        byte[] aad = random(13);
        for (int len : new int[] {16 * 1024, 16 * 1024 + 1, 16 * 1024 + 17, 40_000, 100_003}) {
            byte[] msg = random(len);
            byte[] expected = new byte[len + 16];
            reference.seal(s, s[13], s[14], s[15], aad, 0, 13, msg, 0, len, expected, 0);
            // output offset relative to the input's, in one array: in place, before it, inside it after its start
            for (int shift : new int[] {0, -7, -20_000, 5, 16 * 1024 + 3}) {
                int inOff = 20_000 + 3;
                byte[] buf = random(inOff + len + 16 * 1024 + 40);
                System.arraycopy(msg, 0, buf, inOff, len);
                a.seal(s, s[13], s[14], s[15], aad, 0, 13, buf, inOff, len, buf, inOff + shift);
                assertArrayEquals(
                        expected,
                        Arrays.copyOfRange(buf, inOff + shift, inOff + shift + len + 16),
                        "len " + len + ", shift " + shift);
            }
            byte[] out = new byte[len + 16 + 9];
            a.seal(s, s[13], s[14], s[15], aad, 0, 13, msg, 0, len, out, 9);
            assertArrayEquals(expected, Arrays.copyOfRange(out, 9, 9 + len + 16), "len " + len + ", two arrays");
            byte[] opened = new byte[len];
            assertTrue(a.open(s, s[13], s[14], s[15], aad, 0, 13, expected, 0, len, opened, 0));
            assertArrayEquals(msg, opened);
        }
    }

    /**
     * A message longer than the kept array passes through one private array that later long messages reuse (softly
     * held); a {@code ByteBuffer} open leaves no plaintext there, and {@code forget()} zeroes it.
     */
    @Test
    void longMessagesReuseOnePrivateArrayThatHoldsNoPlaintext() {
        JdkAead a = (JdkAead) sunJceAead().orElse(null);
        assumeTrue(a != null, "jdk backend does not run here");
        int[] s = state(0, R.nextInt());
        int len = 40_000;
        byte[] msg = random(len);
        byte[] sealed = new byte[len + 16];
        a.seal(s, s[13], s[14], s[15], new byte[0], 0, 0, msg, 0, len, sealed, 0);
        byte[] opened = new byte[len];
        assertTrue(a.open(s, s[13], s[14], s[15], new byte[0], 0, 0, sealed, 0, len, opened, 0));
        assertArrayEquals(msg, opened);
        JdkAead.Working w = a.take();
        byte[] large = w.large();
        assertTrue(large != null && large.length >= len + 16, "kept after open");
        a.give(w);
        ByteBuffer out = ByteBuffer.allocate(len);
        assertTrue(a.open(s, s[13], s[14], s[15], new byte[0], 0, 0, ByteBuffer.wrap(sealed), 0, len, out, 0));
        assertArrayEquals(msg, out.array());
        assertSame(w, a.take());
        assertSame(large, w.large(), "the same array for the next long message");
        assertArrayEquals(new byte[len], Arrays.copyOf(large, len), "no plaintext left after a ByteBuffer open");
        a.give(w);
        a.forget();
        assertArrayEquals(new byte[large.length], large, "forget() zeroes it");
    }

    /** Two messages of one owner at once: the working set that is not kept drops this owner's key and message. */
    @Test
    void aWorkingSetThatIsNotKeptIsWiped() {
        JdkAead a = (JdkAead) sunJceAead().orElse(null);
        assumeTrue(a != null, "jdk backend does not run here");
        int[] s = state(0, R.nextInt());
        byte[] msg = random(1500);
        a.seal(s, s[13], s[14], s[15], new byte[0], 0, 0, msg, 0, msg.length, new byte[msg.length + 16], 0);
        JdkAead.Working used = a.take(); // the set that sealed, as a message in flight holds it
        JdkAead.Working other = a.take(); // none kept: a second message in flight makes its own
        assertNotSame(used, other);
        byte[] nonce = new byte[12];
        Bytes.LE_INT.set(nonce, 0, s[13]);
        Bytes.LE_INT.set(nonce, 4, s[14]);
        Bytes.LE_INT.set(nonce, 8, s[15]);
        assertArrayEquals(nonce, used.cipher.getIV(), "keyed for the message");
        assertFalse(Arrays.equals(new byte[used.copy.length], used.copy), "holds the message");
        a.give(other);
        a.give(used); // the other one is kept already
        assertArrayEquals(new byte[12], used.cipher.getIV(), "re-keyed with zeros");
        assertArrayEquals(new byte[used.copy.length], used.copy, "its copy zeroed");
        assertSame(other, a.take());
    }

    @Test
    void sixtyFourBitCountersMatchTheJavaEngineAcrossTheCarry() {
        JdkEngine e = jdk();
        int[] lens = {1, 63, 64, 65, 1000, 4096 + 3, BufferXor.CHUNK + 200};
        for (int low : new int[] {0, 5, 0xFFFFFFF0, 0xFFFFFFFE, 0xFFFFFFFF}) {
            for (int high : new int[] {0, 7, 0xFFFFFFFE}) {
                for (int len : lens) {
                    assertSameAsJava(e, state(low, high), 20, true, len);
                }
            }
        }
    }

    /**
     * {@code xorContinuing} takes a call only at the block where the scratch's Cipher stopped (the high word too, for a
     * 64-bit counter), never across the carry into that high word and never longer than {@code CONTINUE_MAX}; it then
     * equals the Java engine. Anywhere else, or with no Cipher held, it does nothing at all.
     */
    @Test
    void aStreamGoesOnOnlyWhereItsCipherStopped() {
        JdkEngine e = jdk();
        assertTrue(e.continuesStreams());
        for (boolean c64 : new boolean[] {false, true}) {
            for (int low : new int[] {5, 0xFFFFFFF0}) {
                EngineScratch scratch = new EngineScratch();
                try {
                    int[] s = state(low, c64 ? 7 : 0x1234);
                    long block = (low & 0xFFFFFFFFL) | (c64 ? 7L << 32 : 0);
                    assertNotTaken(e, s, block, c64, 256, scratch, "no Cipher held");
                    assertCall(e, s, scratch, 512, c64); // the Cipher stops 8 blocks on
                    long at = block + 8;
                    assertNotTaken(e, s, at - 1, c64, 256, scratch, "a block before");
                    assertNotTaken(e, s, at + 1, c64, 256, scratch, "a block after");
                    if (c64) {
                        assertNotTaken(e, s, at + (1L << 32), c64, 256, scratch, "another high word");
                    }
                    int blocksToCarry = (int) Math.min(1 << 20, (1L << 32) - (at & 0xFFFFFFFFL));
                    if (c64 && blocksToCarry < 64) {
                        assertNotTaken(e, s, at, c64, (blocksToCarry + 1) * 64, scratch, "across the carry");
                    }
                    if (blocksToCarry > JdkEngine.CONTINUE_MAX / 64) {
                        assertNotTaken(e, s, at, c64, JdkEngine.CONTINUE_MAX + 64, scratch, "longer than it takes");
                    }
                    int len = Math.min(blocksToCarry, 4) * 64;
                    assertTaken(e, s, at, c64, len, scratch);
                    assertTaken(e, s, at + len / 64, c64, 64, scratch);
                } finally {
                    scratch.wipe();
                }
            }
        }
    }

    private static void assertNotTaken(
            JdkEngine e, int[] s, long block, boolean c64, int len, EngineScratch scratch, String where) {
        byte[] msg = random(len);
        byte[] out = random(len);
        byte[] before = out.clone();
        assertFalse(e.xorContinuing(block, c64, msg, 0, out, 0, len, scratch), where);
        assertArrayEquals(before, out, where + ": output touched");
    }

    private static void assertTaken(JdkEngine e, int[] s, long block, boolean c64, int len, EngineScratch scratch) {
        byte[] msg = random(len + 3);
        byte[] out = new byte[len + 5];
        assertTrue(e.xorContinuing(block, c64, msg, 3, out, 5, len, scratch), "block " + block);
        int[] at = s.clone();
        at[12] = (int) block;
        if (c64) {
            at[13] = (int) (block >>> 32);
        }
        byte[] expected = new byte[len + 5];
        JavaEngine.INSTANCE.xor(at, 20, c64, msg, 3, expected, 5, len);
        assertArrayEquals(expected, out, len + " bytes going on at block " + block);
    }

    @Test
    void ietfCountersMatchTheJavaEngineUpToTheLastBlock() {
        JdkEngine e = jdk();
        assertSameAsJava(e, state(0xFFFFFFFF, 0x12345678), 20, false, 64);
        assertSameAsJava(e, state(0xFFFFFFFF, 0), 20, false, 17);
        assertSameAsJava(e, state(0xFFFFFFF0, -1), 20, false, 1024);
        assertSameAsJava(e, state(0, 3), 20, false, 200_000);
    }

    @Test
    void twentyRoundsRunOnSunJceAndReducedRoundsOnTheJavaEngine() {
        JdkEngine e = jdk();
        assumeTrue(ServedCounter.ENABLED, "calls are not counted in this JVM");
        for (int rounds : new int[] {8, 12}) {
            long jdkBefore = ServedCounter.count(Backend.JDK), javaBefore = ServedCounter.count(Backend.JAVA);
            assertSameAsJava(e, state(0xFFFFFFFE, 1), rounds, true, 1000);
            assertEquals(jdkBefore, ServedCounter.count(Backend.JDK), rounds + " rounds reached SunJCE");
            assertTrue(ServedCounter.count(Backend.JAVA) > javaBefore, rounds + " rounds: the Java engine ran");
        }
        long jdkBefore = ServedCounter.count(Backend.JDK);
        e.xor(state(0, 0), 20, false, new byte[64], 0, new byte[64], 0, 64);
        assertEquals(jdkBefore + 1, ServedCounter.count(Backend.JDK), "20 rounds on SunJCE");
    }

    @Test
    void autoHandsShortCallsToTheJavaEngine() {
        JdkEngine e = jdk().withJavaBelow(256, 256, 1024);
        assumeTrue(ServedCounter.ENABLED, "calls are not counted in this JVM");
        long jdkBefore = ServedCounter.count(Backend.JDK);
        assertSameAsJava(e, state(9, 0), 20, false, 255);
        assertEquals(jdkBefore, ServedCounter.count(Backend.JDK), "255 bytes reached SunJCE");
        assertSameAsJava(e, state(9, 0), 20, false, 256);
        assertTrue(ServedCounter.count(Backend.JDK) > jdkBefore, "256 bytes did not reach SunJCE");
    }

    @Test
    void autoKeepsShortCallsThatContinueTheStreamsCipherOnSunJce() {
        JdkEngine e = jdk().withJavaBelow(256, 256, 1024);
        assumeTrue(ServedCounter.ENABLED, "calls are not counted in this JVM");
        EngineScratch scratch = new EngineScratch();
        try {
            int[] s = state(5, 0);
            byte[] ks = new byte[4096];
            e.xor(s, 20, false, null, 0, ks, 0, ks.length, scratch); // keys the stream's Cipher: blocks 5 to 68
            byte[] expected = new byte[ks.length];
            JavaEngine.INSTANCE.xor(s, 20, false, null, 0, expected, 0, expected.length);
            assertArrayEquals(expected, ks, "keystream");

            long jdkBefore = ServedCounter.count(Backend.JDK);
            s[12] = 5 + 64;
            assertShortCall(e, s, scratch);
            assertEquals(
                    jdkBefore + 1, ServedCounter.count(Backend.JDK), "64 bytes going on from block 69 left SunJCE");
            s[12] = 200;
            assertShortCall(e, s, scratch);
            assertEquals(jdkBefore + 1, ServedCounter.count(Backend.JDK), "64 bytes elsewhere keyed SunJCE afresh");
        } finally {
            scratch.wipe();
        }
    }

    /** A 64-byte call with {@code scratch} equals the Java engine's. */
    private static void assertShortCall(JdkEngine e, int[] s, EngineScratch scratch) {
        assertCall(e, s, scratch, 64);
    }

    /** A call of {@code len} bytes with {@code scratch} equals the Java engine's. */
    private static void assertCall(JdkEngine e, int[] s, EngineScratch scratch, int len) {
        assertCall(e, s, scratch, len, false);
    }

    /** The same with a 64-bit counter or not. */
    private static void assertCall(JdkEngine e, int[] s, EngineScratch scratch, int len, boolean c64) {
        byte[] msg = random(len);
        byte[] out = new byte[len];
        byte[] expected = new byte[len];
        e.xor(s, 20, c64, msg, 0, out, 0, len, scratch);
        JavaEngine.INSTANCE.xor(s, 20, c64, msg, 0, expected, 0, len);
        assertArrayEquals(expected, out, len + " bytes at block " + s[12]);
    }

    @Test
    void aCipherTheScratchHoldsIsReKeyedFromItsOwnThreshold() {
        JdkEngine e = jdk().withJavaBelow(256, 128, 1024);
        assumeTrue(ServedCounter.ENABLED, "calls are not counted in this JVM");
        EngineScratch scratch = new EngineScratch();
        try {
            int[] s = state(5, 0);
            long jdkBefore = ServedCounter.count(Backend.JDK);
            assertCall(e, s, scratch, 200);
            assertEquals(jdkBefore, ServedCounter.count(Backend.JDK), "200 bytes without a Cipher reached SunJCE");
            assertCall(e, s, scratch, 256); // makes the Cipher
            assertEquals(jdkBefore + 1, ServedCounter.count(Backend.JDK), "256 bytes did not reach SunJCE");
            s[12] = 200;
            assertCall(e, s, scratch, 128);
            assertEquals(jdkBefore + 2, ServedCounter.count(Backend.JDK), "128 bytes did not re-key the held Cipher");
            s[12] = 300;
            s[14] ^= 1;
            assertCall(e, s, scratch, 127);
            assertEquals(jdkBefore + 2, ServedCounter.count(Backend.JDK), "127 bytes elsewhere reached SunJCE");
        } finally {
            scratch.wipe();
        }
    }
    /**
     * A call at the block where the held Cipher stopped, under the same key but another nonce (any one of its three
     * words), is keyed afresh: going on would hand out the old nonce's keystream.
     */
    @Test
    void aCallWhereTheCipherStoppedUnderAnotherNonceIsReKeyed() {
        JdkEngine e = jdk();
        EngineScratch scratch = new EngineScratch();
        try {
            for (int word = 13; word < 16; word++) {
                int[] s = state(5, 0);
                assertCall(e, s, scratch, 256); // the Cipher stops at block 9
                s[12] = 9;
                s[word] ^= 1;
                assertCall(e, s, scratch, 256);
            }
        } finally {
            scratch.wipe();
        }
    }

    /**
     * The stream's Cipher and an AEAD owner's working set keep their SunJCE key between inits: one that goes on
     * under another key, differing from the last in any one word, must key SunJCE with the new one (each word in turn,
     * against the Java engine and the Java AEAD).
     */
    @Test
    void aKeptSunJceKeyFollowsEveryWordOfANewKey() {
        JdkEngine e = jdk();
        JdkAead a = (JdkAead) sunJceAead().orElseThrow();
        JavaAead reference = new JavaAead(JavaEngine.INSTANCE);
        EngineScratch scratch = new EngineScratch();
        try {
            int[] s = state(7, 0);
            byte[] aad = random(5);
            byte[] msg = random(700);
            for (int word = -1; word < 8; word++) {
                if (word >= 0) {
                    s[4 + word] ^= 1 << word;
                }
                assertCall(e, s, scratch, 320);
                byte[] expected = new byte[msg.length + 16];
                byte[] sealed = new byte[msg.length + 16];
                reference.seal(s, s[13], s[14], s[15], aad, 0, 5, msg, 0, msg.length, expected, 0);
                a.seal(s, s[13], s[14], s[15], aad, 0, 5, msg, 0, msg.length, sealed, 0);
                assertArrayEquals(expected, sealed, "seal after key word " + word + " changed");
                byte[] opened = new byte[msg.length];
                assertTrue(
                        a.open(s, s[13], s[14], s[15], aad, 0, 5, sealed, 0, msg.length, opened, 0),
                        "open after key word " + word + " changed");
                assertArrayEquals(msg, opened);
            }
        } finally {
            scratch.wipe();
            a.forget();
        }
    }
}
