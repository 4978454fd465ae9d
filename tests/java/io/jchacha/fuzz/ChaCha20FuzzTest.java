// SPDX-License-Identifier: Apache-2.0
package io.jchacha.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.jchacha.ChaCha20;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Arrays;

/**
 * {@link ChaCha20} driven by fuzzer-chosen operation sequences against {@link Reference} (BouncyCastle): every
 * variant and round count, initial counters next to every limit (2^32, 2^57 blocks before 2^64, 2^63, 2^64),
 * updates of every length through arrays (offsets, in place, overlapping) and every buffer kind (aliased views
 * included), raw keystream, seek and skip to and past the end. After every operation the output, the position and
 * {@code remaining()} must equal the model's, and a refused operation must leave output and position untouched.
 *
 * <p>Regression mode (the default) replays {@code ChaCha20FuzzTestInputs/streamOps/} under tests/resources; docs/TESTING.md
 * has the command that fuzzes.
 */
class ChaCha20FuzzTest {
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);
    /** Keeps one input's work small: bytes XORed before the sequence stops. */
    private static final int BUDGET = 1 << 16;

    @FuzzTest
    void streamOps(FuzzedDataProvider d) {
        new Run(d).ops();
    }

    /** One cipher under test and its model. */
    private static final class Run {
        final FuzzedDataProvider d;
        final ChaCha20.Variant variant;
        final int rounds;
        final byte[] key;
        final byte[] nonce;
        final long initial;
        /** Keystream bytes from the initial counter to the counter's end. */
        final BigInteger limit;

        final ChaCha20 cipher;
        /** Model position: bytes since the initial counter (up to 2^70 for the 64-bit counters). */
        BigInteger pos = BigInteger.ZERO;

        int budget = BUDGET;

        Run(FuzzedDataProvider d) {
            this.d = d;
            variant = d.pickValue(ChaCha20.Variant.values());
            rounds = d.pickValue(new int[] {20, 12, 8});
            key = Inputs.exactly(d, 32);
            nonce = Inputs.exactly(d, variant.nonceLength());
            initial = initialCounter();
            BigInteger end = variant == ChaCha20.Variant.IETF ? BigInteger.ONE.shiftLeft(32) : TWO_64;
            limit = end.subtract(unsigned(initial)).shiftLeft(6);
            cipher = ChaCha20.newInstance(variant, key, nonce, initial, rounds);
        }

        private long initialCounter() {
            long k = d.consumeInt(0, 200);
            if (variant == ChaCha20.Variant.IETF) {
                switch (d.consumeInt(0, 3)) {
                    case 0:
                        return k;
                    case 1:
                        return (1L << 32) - 1 - k;
                    case 2:
                        return (1L << 31) + k - 100;
                    default:
                        return d.consumeLong(0, (1L << 32) - 1);
                }
            }
            switch (d.consumeInt(0, 6)) {
                case 0:
                    return k;
                case 1:
                    return (1L << 32) + k - 100;
                case 2:
                    return Long.MAX_VALUE - k; // just before 2^63
                case 3:
                    return Long.MIN_VALUE + k; // just after 2^63
                case 4:
                    return -1 - k; // just before 2^64
                case 5:
                    return -(1L << 57) + k - 100; // where the byte count crosses Long.MAX_VALUE
                default:
                    return d.consumeLong();
            }
        }

        static BigInteger unsigned(long v) {
            return new BigInteger(Long.toUnsignedString(v));
        }

        BigInteger remainingExact() {
            return limit.subtract(pos);
        }

        void checkModel(String what) {
            if (pos.compareTo(LONG_MAX) <= 0) {
                assertEquals(pos.longValue(), cipher.position(), what + ": position");
            } else {
                // from 2^63 on a long cannot say the position: position() must refuse, not wrap
                RuntimeException e = assertThrows(RuntimeException.class, cipher::position, what + ": position " + pos);
                if (!(e instanceof ArithmeticException || e instanceof IllegalStateException)) {
                    throw new AssertionError(what + ": position() threw " + e, e);
                }
            }
            assertEquals(remainingExact().min(LONG_MAX).longValue(), cipher.remaining(), what + ": remaining()");
        }

        byte[] expectedKeystream(int len) {
            long block = initial + pos.shiftRight(6).longValue(); // below the end: the counter does not wrap
            return Reference.keystream(key, nonce, rounds, block, pos.intValue() & 63, len);
        }

        boolean fits(long len) {
            return remainingExact().compareTo(BigInteger.valueOf(len)) >= 0;
        }

        void advance(long n) {
            pos = pos.add(BigInteger.valueOf(n));
        }

        int length() {
            switch (d.consumeInt(0, 3)) {
                case 0:
                    return d.consumeInt(0, 16);
                case 1:
                    return d.consumeInt(0, 300);
                case 2:
                    return d.consumeInt(0, 1300);
                default:
                    return d.consumeInt(1000, 9000);
            }
        }

        /** A length that often lands right at the end of the keystream when the end is near. */
        int lengthNearEnd() {
            BigInteger r = remainingExact();
            if (r.compareTo(BigInteger.valueOf(10_000)) < 0 && d.consumeBoolean()) {
                return Math.max(0, r.intValue() + d.consumeInt(-3, 3));
            }
            return length();
        }

        void ops() {
            checkModel("new");
            for (int step = 0; step < 40 && d.remainingBytes() > 0 && budget > 0; step++) {
                int op = d.consumeInt(0, 8);
                String what = "step " + step + " op " + op + " at " + pos + " (" + cipher + ", initial counter "
                        + Long.toUnsignedString(initial) + ")";
                switch (op) {
                    case 0:
                        arrays(what);
                        break;
                    case 1:
                        inPlaceArray(what);
                        break;
                    case 2:
                        updateNewArray(what);
                        break;
                    case 3:
                        keystreamArray(what);
                        break;
                    case 4:
                        buffers(what);
                        break;
                    case 5:
                        aliasedBuffers(what);
                        break;
                    case 6:
                        keystreamBuffer(what);
                        break;
                    case 7:
                        seek(what);
                        break;
                    default:
                        skip(what);
                        break;
                }
                checkModel(what);
            }
        }

        /** Expects the call to be refused: IllegalStateException, and nothing moved. */
        void refused(String what, Runnable call) {
            assertThrows(IllegalStateException.class, call::run, what + ": past the keystream's end");
        }

        void arrays(String what) {
            int len = lengthNearEnd();
            budget -= len;
            byte[] in = Inputs.data(d, len);
            int inOff = d.consumeInt(0, 70);
            int outOff = d.consumeInt(0, 70);
            byte[] inArr = new byte[inOff + len + d.consumeInt(0, 8)];
            System.arraycopy(in, 0, inArr, inOff, len);
            byte[] inCopy = inArr.clone();
            byte[] out = new byte[outOff + len + d.consumeInt(0, 8)];
            Arrays.fill(out, (byte) 0x5a);
            byte[] before = out.clone();
            if (!fits(len)) {
                refused(what, () -> cipher.update(inArr, inOff, len, out, outOff));
                assertArrayEquals(before, out, what + ": output written by a refused update");
                return;
            }
            cipher.update(inArr, inOff, len, out, outOff);
            byte[] expected = xor(in, expectedKeystream(len));
            System.arraycopy(expected, 0, before, outOff, len);
            assertArrayEquals(before, out, what + ": update(byte[], off, len, byte[], off)");
            assertArrayEquals(inCopy, inArr, what + ": input modified");
            advance(len);
        }

        void inPlaceArray(String what) {
            int len = lengthNearEnd();
            budget -= len;
            int inOff = d.consumeInt(0, 200);
            int outOff = d.pickValue(new int[] {inOff, d.consumeInt(0, 200)});
            byte[] arr = Inputs.data(d, Math.max(inOff, outOff) + len + d.consumeInt(0, 8));
            byte[] before = arr.clone();
            if (!fits(len)) {
                refused(what, () -> cipher.update(arr, inOff, len, arr, outOff));
                assertArrayEquals(before, arr, what + ": array written by a refused update");
                return;
            }
            cipher.update(arr, inOff, len, arr, outOff);
            byte[] expected = before.clone();
            System.arraycopy(
                    xor(Arrays.copyOfRange(before, inOff, inOff + len), expectedKeystream(len)),
                    0,
                    expected,
                    outOff,
                    len);
            assertArrayEquals(expected, arr, what + ": update in one array, in " + inOff + " out " + outOff);
            advance(len);
        }

        void updateNewArray(String what) {
            int len = lengthNearEnd();
            budget -= len;
            byte[] in = Inputs.data(d, len);
            if (!fits(len)) {
                refused(what, () -> cipher.update(in));
                return;
            }
            assertArrayEquals(xor(in, expectedKeystream(len)), cipher.update(in), what + ": update(byte[])");
            advance(len);
        }

        void keystreamArray(String what) {
            int len = lengthNearEnd();
            budget -= len;
            int off = d.consumeInt(0, 70);
            byte[] out = new byte[off + len + d.consumeInt(0, 8)];
            Arrays.fill(out, (byte) 0x33);
            byte[] expected = out.clone();
            if (!fits(len)) {
                refused(what, () -> cipher.keystream(out, off, len));
                assertArrayEquals(expected, out, what + ": output written by a refused keystream");
                return;
            }
            cipher.keystream(out, off, len);
            System.arraycopy(expectedKeystream(len), 0, expected, off, len);
            assertArrayEquals(expected, out, what + ": keystream(byte[], off, len)");
            advance(len);
        }

        void buffers(String what) {
            int len = lengthNearEnd();
            budget -= len;
            byte[] in = Inputs.data(d, len);
            Buffers.Kind inKind = Buffers.kind(d);
            Buffers.Kind outKind = d.consumeInt(0, 15) == 0 ? Buffers.Kind.HEAP_READ_ONLY : Buffers.writableKind(d);
            ByteBuffer src = Buffers.of(inKind, in, d.consumeInt(0, 40), d.consumeInt(0, 8));
            int room = Math.max(0, len + d.consumeInt(d.consumeInt(0, 20) == 0 ? -2 : 0, 8));
            ByteBuffer dst = Buffers.of(outKind, new byte[room], d.consumeInt(0, 40), d.consumeInt(0, 8));
            int srcPos = src.position();
            int dstPos = dst.position();
            byte[] dstBefore = Buffers.all(dst);
            byte[] srcBefore = Buffers.all(src);
            Class<? extends RuntimeException> refusal = outKind.readOnly()
                    ? ReadOnlyBufferException.class
                    : room < len
                            ? java.nio.BufferOverflowException.class
                            : !fits(len) ? IllegalStateException.class : null;
            if (refusal != null) {
                assertThrows(
                        refusal, () -> cipher.update(src, dst), what + ": update(" + inKind + ", " + outKind + ")");
                assertEquals(srcPos, src.position(), what + ": input position moved by a refused update");
                assertEquals(dstPos, dst.position(), what + ": output position moved by a refused update");
                assertArrayEquals(dstBefore, Buffers.all(dst), what + ": output written");
                return;
            }
            assertEquals(len, cipher.update(src, dst));
            byte[] expected = dstBefore.clone();
            System.arraycopy(xor(in, expectedKeystream(len)), 0, expected, dstPos, len);
            assertArrayEquals(expected, Buffers.all(dst), what + ": update(" + inKind + ", " + outKind + ")");
            assertArrayEquals(srcBefore, Buffers.all(src), what + ": input modified");
            assertEquals(srcPos + len, src.position(), what + ": input position");
            assertEquals(dstPos + len, dst.position(), what + ": output position");
            advance(len);
        }

        /** Input and output are views of one piece of memory at fuzzer-chosen distances (Cipher.update is copy-safe). */
        void aliasedBuffers(String what) {
            int len = lengthNearEnd();
            budget -= len;
            int inAt = d.consumeInt(0, 150);
            int outAt = d.pickValue(new int[] {inAt, inAt + d.consumeInt(-150, 150)});
            outAt = Math.max(0, outAt);
            byte[] initial = Inputs.data(d, Math.max(inAt, outAt) + len + d.consumeInt(0, 8));
            Buffers.Alias a = new Buffers.Alias(d, initial, inAt, len, outAt, len);
            if (!fits(len)) {
                refused(what, () -> cipher.update(a.in, a.out));
                assertArrayEquals(initial, a.snapshot(), what + ": memory written by a refused update");
                return;
            }
            cipher.update(a.in, a.out);
            byte[] expected = initial.clone();
            System.arraycopy(
                    xor(Arrays.copyOfRange(initial, inAt, inAt + len), expectedKeystream(len)),
                    0,
                    expected,
                    outAt,
                    len);
            assertArrayEquals(
                    expected,
                    a.snapshot(),
                    what + ": update of aliased " + (a.memory.isDirect() ? "direct" : "heap") + " views, in at " + inAt
                            + " out at " + outAt + ", " + len + " bytes");
            assertEquals(0, a.in.remaining(), what + ": input position");
            advance(len);
        }

        void keystreamBuffer(String what) {
            int len = lengthNearEnd();
            budget -= len;
            Buffers.Kind kind = Buffers.writableKind(d);
            ByteBuffer out = Buffers.of(kind, new byte[len], d.consumeInt(0, 40), d.consumeInt(0, 8));
            int at = out.position();
            byte[] before = Buffers.all(out);
            if (!fits(len)) {
                refused(what, () -> cipher.keystream(out));
                assertArrayEquals(before, Buffers.all(out), what + ": output written");
                assertEquals(at, out.position());
                return;
            }
            cipher.keystream(out);
            System.arraycopy(expectedKeystream(len), 0, before, at, len);
            assertArrayEquals(before, Buffers.all(out), what + ": keystream(" + kind + ")");
            advance(len);
        }

        /**
         * A seek position ({@code relative} false) or skip count ({@code relative} true) near something that
         * matters: here, the keystream's end, Long.MAX_VALUE, the byte where the block counter crosses 2^63.
         */
        long target(boolean relative) {
            BigInteger origin = relative ? pos : BigInteger.ZERO;
            BigInteger k = BigInteger.valueOf(d.consumeInt(-130, 130));
            switch (d.consumeInt(0, 4)) {
                case 0:
                    return clamp(limit.subtract(origin).add(k));
                case 1:
                    return Long.MAX_VALUE - Math.abs(k.longValue());
                case 2: {
                    BigInteger cross = BigInteger.ONE
                            .shiftLeft(63)
                            .subtract(unsigned(initial))
                            .mod(TWO_64)
                            .shiftLeft(6);
                    return clamp(cross.subtract(origin).add(k));
                }
                case 3:
                    return d.consumeLong();
                default:
                    return k.longValue();
            }
        }

        static long clamp(BigInteger v) {
            return v.max(BigInteger.valueOf(Long.MIN_VALUE)).min(LONG_MAX).longValue();
        }

        void seek(String what) {
            long to = target(false);
            if (to < 0 || BigInteger.valueOf(to).compareTo(limit) > 0) {
                assertThrows(IllegalArgumentException.class, () -> cipher.seek(to), what + ": seek(" + to + ")");
                return;
            }
            cipher.seek(to);
            pos = BigInteger.valueOf(to);
        }

        void skip(String what) {
            long n = target(true);
            if (n < 0) {
                assertThrows(IllegalArgumentException.class, () -> cipher.skip(n), what + ": skip(" + n + ")");
                return;
            }
            if (!fits(n)) {
                refused(what + ": skip(" + n + ")", () -> cipher.skip(n));
                return;
            }
            cipher.skip(n);
            advance(n);
        }
    }

    static byte[] xor(byte[] a, byte[] b) {
        byte[] out = new byte[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = (byte) (a[i] ^ b[i]);
        }
        return out;
    }
}
