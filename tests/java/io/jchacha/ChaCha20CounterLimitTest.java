// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static io.jchacha.TestSupport.random;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import org.bouncycastle.crypto.engines.ChaChaEngine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Both ends of every variant's counter space (IETF 32-bit, original and XChaCha20 64-bit, unsigned), against
 * BouncyCastle's ChaCha block function started at any counter: the keystream is exact everywhere, positions past
 * 2^63 bytes are exact, the counter never wraps, and every call that would pass the end throws before it writes
 * anything or moves the position.
 */
class ChaCha20CounterLimitTest {
    private static final BigInteger TWO_63 = BigInteger.ONE.shiftLeft(63);
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    /**
     * BouncyCastle's ChaChaEngine with state words 12 and 13 set at every reset: the original layout directly, the
     * IETF layout as nonce word 0 in word 13 (it never carries: the IETF counter never passes 2^32 - 1), XChaCha20
     * on the HChaCha20 subkey (whose own vectors are tested elsewhere).
     */
    static byte[] bouncy(ChaCha20.Variant v, byte[] key, byte[] nonce, int rounds, long counter, int len) {
        byte[] k = key;
        byte[] iv;
        int word13;
        switch (v) {
            case IETF:
                iv = Arrays.copyOfRange(nonce, 4, 12);
                word13 = (nonce[0] & 0xff) | (nonce[1] & 0xff) << 8 | (nonce[2] & 0xff) << 16 | nonce[3] << 24;
                break;
            case ORIGINAL:
                iv = nonce;
                word13 = (int) (counter >>> 32);
                break;
            default:
                k = HChaCha20.subkey(key, Arrays.copyOf(nonce, 16), rounds);
                iv = Arrays.copyOfRange(nonce, 16, 24);
                word13 = (int) (counter >>> 32);
                break;
        }
        ChaChaEngine e = new ChaChaEngine(rounds) {
            @Override
            protected void resetCounter() {
                engineState[12] = (int) counter;
                engineState[13] = word13;
            }
        };
        e.init(true, new ParametersWithIV(new KeyParameter(k), iv));
        byte[] out = new byte[len];
        e.processBytes(new byte[len], 0, len, out, 0);
        return out;
    }

    /** BouncyCastle's keystream at byte {@code position} after {@code initial}, {@code len} bytes. */
    static byte[] bouncyAt(
            ChaCha20.Variant v, byte[] key, byte[] nonce, int rounds, long initial, BigInteger position, int len) {
        long block = initial + position.shiftRight(6).longValue();
        int skip = position.intValue() & 63;
        return Arrays.copyOfRange(bouncy(v, key, nonce, rounds, block, skip + len), skip, skip + len);
    }

    static Stream<Arguments> counters() {
        long[] ietf = {0, 1, 0xFFFFFFFEL, 0xFFFFFFFFL};
        long[] wide = {0, 1, 0xFFFFFFFFL, 1L << 32, Long.MAX_VALUE, Long.MIN_VALUE, -2, -1};
        Stream.Builder<Arguments> b = Stream.builder();
        for (ChaCha20.Variant v : ChaCha20.Variant.values()) {
            for (long c : v == ChaCha20.Variant.IETF ? ietf : wide) {
                b.add(Arguments.of(v, c));
            }
        }
        return b.build();
    }

    private static BigInteger unsigned(long v) {
        return new BigInteger(Long.toUnsignedString(v));
    }

    /** Keystream bytes from initial counter {@code c} to the end of the variant's counter space. */
    private static BigInteger total(ChaCha20.Variant v, long c) {
        BigInteger space = v == ChaCha20.Variant.IETF ? BigInteger.ONE.shiftLeft(32) : TWO_64;
        return space.subtract(unsigned(c)).shiftLeft(6);
    }

    @ParameterizedTest(name = "{0} from counter {1}")
    @MethodSource("counters")
    void bothEndsOfTheCounterSpace(ChaCha20.Variant v, long initial) {
        Random r = new Random(initial ^ v.ordinal());
        byte[] key = random(r, 32);
        byte[] nonce = random(r, v.nonceLength());
        int rounds = initial == 1 ? 12 : 20;
        BigInteger total = total(v, initial);

        ChaCha20 c = ChaCha20.newInstance(v, key, nonce, initial, rounds);
        assertEquals(BigInteger.ZERO, c.positionExact());
        assertEquals(0, c.position());
        assertEquals(total, c.remainingExact());
        assertEquals(total.min(BigInteger.valueOf(Long.MAX_VALUE)).longValue(), c.remaining());
        int head = total.min(BigInteger.valueOf(200)).intValue();
        byte[] ks = new byte[head];
        c.keystream(ks, 0, head);
        assertArrayEquals(bouncy(v, key, nonce, rounds, initial, head), ks, "start");

        for (int k : new int[] {130, 65, 64, 63, 1, 0}) {
            if (BigInteger.valueOf(k).compareTo(total) > 0) {
                continue;
            }
            BigInteger at = total.subtract(BigInteger.valueOf(k));
            c.seek(at);
            assertEquals(at, c.positionExact());
            assertEquals(k, c.remaining());
            assertEquals(BigInteger.valueOf(k), c.remainingExact());
            // a request one byte too long fails whole, on every entry point
            refusedAtTheEnd(c, k + 1);
            byte[] last = new byte[k];
            c.keystream(last, 0, k);
            assertArrayEquals(bouncyAt(v, key, nonce, rounds, initial, at, k), last, k + " bytes before the end");
            assertEquals(total, c.positionExact());
            assertEquals(0, c.remaining());
            assertEquals(BigInteger.ZERO, c.remainingExact());
            refusedAtTheEnd(c, 1);
            c.update(new byte[0]); // nothing left, nothing asked: fine
        }
        // skipping to the end and seeking past it
        c.seek(0);
        if (total.compareTo(TWO_63) < 0) {
            assertThrows(IllegalArgumentException.class, () -> c.seek(total.longValue() + 1));
            c.skip(total.longValue());
            assertEquals(total, c.positionExact());
            c.seek(total.longValue());
            assertEquals(total.longValue(), c.position());
        }
        assertThrows(IllegalArgumentException.class, () -> c.seek(total.add(BigInteger.ONE)));
        assertThrows(IllegalArgumentException.class, () -> c.seek(BigInteger.valueOf(-1)));
        c.seek(total);
        assertEquals(0, c.remaining());
    }

    /** Every call asking for {@code n} more bytes than are left throws, writes nothing and keeps the position. */
    private static void refusedAtTheEnd(ChaCha20 c, int n) {
        byte[] in = new byte[n];
        Arrays.fill(in, (byte) 7);
        byte[] out = new byte[n];
        ByteBuffer heap = ByteBuffer.allocate(n);
        ByteBuffer direct = ByteBuffer.allocateDirect(n);
        ByteBuffer directIn = ByteBuffer.allocateDirect(n);
        refused(IllegalStateException.class, c, out, () -> c.update(in, 0, n, out, 0));
        refused(IllegalStateException.class, c, in, () -> c.update(in, 0, n, in, 0));
        refused(IllegalStateException.class, c, out, () -> c.keystream(out, 0, n));
        refused(IllegalStateException.class, c, null, () -> c.update(in));
        refused(IllegalStateException.class, c, null, () -> c.update(ByteBuffer.wrap(in), heap));
        refused(IllegalStateException.class, c, null, () -> c.update(directIn, direct));
        refused(IllegalStateException.class, c, null, () -> c.keystream(direct));
        refused(IllegalStateException.class, c, null, () -> c.skip(n));
        refused(IllegalStateException.class, c, null, () -> c.skip(Long.MAX_VALUE));
        assertArrayEquals(new byte[n], heap.array());
        for (ByteBuffer b : new ByteBuffer[] {heap, direct, directIn}) {
            assertEquals(0, b.position());
            for (int i = 0; i < n; i++) {
                assertEquals(0, b.get(i));
            }
        }
    }

    private static void refused(Class<? extends Throwable> type, ChaCha20 c, byte[] out, Executable call) {
        BigInteger pos = c.positionExact();
        byte[] before = out == null ? null : out.clone();
        assertThrows(type, call);
        assertEquals(pos, c.positionExact(), "position moved");
        if (out != null) {
            assertArrayEquals(before, out, "output written");
        }
    }

    /** The reported wrap, with the API that existed before: skip past 2^64 bytes gave the keystream of block 1. */
    @Test
    void skippingPast2To64BytesDoesNotWrap() {
        for (ChaCha20.Variant v : new ChaCha20.Variant[] {ChaCha20.Variant.ORIGINAL, ChaCha20.Variant.XCHACHA20}) {
            Random r = new Random(v.ordinal() + 5);
            byte[] key = random(r, 32);
            byte[] nonce = random(r, v.nonceLength());
            ChaCha20 c = ChaCha20.newInstance(v, key, nonce, 0, 20);
            c.seek(Long.MAX_VALUE);
            c.skip(Long.MAX_VALUE);
            c.skip(66);
            assertEquals(Long.MAX_VALUE, c.remaining());
            byte[] ks = new byte[100];
            c.keystream(ks, 0, 100);
            BigInteger at = BigInteger.valueOf(Long.MAX_VALUE).shiftLeft(1).add(BigInteger.valueOf(66));
            assertArrayEquals(bouncyAt(v, key, nonce, 20, 0, at, 100), ks, v + " at 2^64 + 64");
            // near the end of the counter: one skip too many is refused
            ChaCha20 d = ChaCha20.newInstance(v, key, nonce, -2, 20);
            d.skip(100);
            assertThrows(IllegalStateException.class, () -> d.skip(Long.MAX_VALUE));
            assertThrows(IllegalStateException.class, () -> d.skip(29));
            assertEquals(100, d.position());
            assertEquals(28, d.remaining());
        }
    }

    /** The cases that wrapped a signed long: seek(MAX), skip(MAX), skip(66), and the true end of 2^70 bytes. */
    @Test
    void positionsPast2To63() {
        for (ChaCha20.Variant v : new ChaCha20.Variant[] {ChaCha20.Variant.ORIGINAL, ChaCha20.Variant.XCHACHA20}) {
            Random r = new Random(v.ordinal());
            byte[] key = random(r, 32);
            byte[] nonce = random(r, v.nonceLength());
            ChaCha20 c = ChaCha20.newInstance(v, key, nonce, 0, 20);
            c.seek(Long.MAX_VALUE);
            assertEquals(Long.MAX_VALUE, c.position());
            assertEquals(Long.MAX_VALUE, c.remaining());
            byte[] one = new byte[1];
            c.keystream(one, 0, 1);
            assertArrayEquals(bouncyAt(v, key, nonce, 20, 0, BigInteger.valueOf(Long.MAX_VALUE), 1), one);
            assertEquals(TWO_63, c.positionExact());
            assertThrows(ArithmeticException.class, c::position);
            assertEquals(Long.MAX_VALUE, c.remaining());

            c.seek(Long.MAX_VALUE);
            c.skip(Long.MAX_VALUE);
            c.skip(66);
            BigInteger at = BigInteger.valueOf(Long.MAX_VALUE).shiftLeft(1).add(BigInteger.valueOf(66));
            assertEquals(at, c.positionExact());
            byte[] ks = new byte[100];
            c.keystream(ks, 0, 100);
            assertArrayEquals(bouncyAt(v, key, nonce, 20, 0, at, 100), ks, "2^64 + 64");
            assertEquals(
                    BigInteger.ONE.shiftLeft(70).subtract(at).subtract(BigInteger.valueOf(100)), c.remainingExact());

            // 128 skips of 2^63 - 1 bytes and the rest reach the true end: 2^70 bytes
            c.seek(0);
            for (int i = 0; i < 128; i++) {
                c.skip(Long.MAX_VALUE);
            }
            c.skip(128 - 5);
            assertEquals(5, c.remaining());
            byte[] tail = new byte[5];
            c.keystream(tail, 0, 5);
            assertArrayEquals(
                    bouncyAt(v, key, nonce, 20, 0, BigInteger.ONE.shiftLeft(70).subtract(BigInteger.valueOf(5)), 5),
                    tail);
            assertEquals(0, c.remaining());
            assertEquals(BigInteger.ONE.shiftLeft(70), c.positionExact());
            refusedAtTheEnd(c, 1); // block 0 would come next
            refusedAtTheEnd(c, 64);
        }
    }

    /** Seeking by long and by BigInteger, and skipping, name the same keystream byte. */
    @Test
    void seekSkipAndBigSeekAgree() {
        Random r = new Random(11);
        byte[] key = random(r, 32);
        byte[] nonce = random(r, 8);
        for (int i = 0; i < 50; i++) {
            long pos = r.nextLong() & Long.MAX_VALUE;
            long initial = r.nextLong();
            ChaCha20 a = ChaCha20.newInstance(ChaCha20.Variant.ORIGINAL, key, nonce, initial, 20);
            ChaCha20 b = ChaCha20.newInstance(ChaCha20.Variant.ORIGINAL, key, nonce, initial, 20);
            BigInteger left = a.remainingExact();
            BigInteger want = BigInteger.valueOf(pos)
                    .multiply(BigInteger.valueOf(r.nextInt(3) + 1))
                    .mod(left);
            a.seek(want);
            if (want.compareTo(TWO_63) < 0) {
                b.seek(want.longValue());
            } else {
                BigInteger rest = want;
                BigInteger max = BigInteger.valueOf(Long.MAX_VALUE);
                for (; rest.compareTo(max) > 0; rest = rest.subtract(max)) {
                    b.skip(Long.MAX_VALUE);
                }
                b.skip(rest.longValueExact());
            }
            assertEquals(want, a.positionExact());
            assertEquals(want, b.positionExact());
            int n = left.subtract(want).min(BigInteger.valueOf(70)).intValue();
            byte[] x = new byte[n];
            byte[] y = new byte[n];
            a.keystream(x, 0, n);
            b.update(y, 0, n, y, 0);
            assertArrayEquals(x, y);
            assertArrayEquals(bouncyAt(ChaCha20.Variant.ORIGINAL, key, nonce, 20, initial, want, n), x);
        }
    }
}
