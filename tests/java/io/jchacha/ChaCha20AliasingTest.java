// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.bouncycastle.crypto.engines.ChaCha7539Engine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.junit.jupiter.api.Test;

/**
 * Input and output as views of the same memory, shifted against each other in both directions: every update must
 * equal the keystream XOR of the input as it was before the call (as if all input were read before any output is
 * written), leave every byte outside the output range alone, and continue the keystream afterwards. Lengths cross
 * the stream layer's piece sizes (1 KiB direct engine calls and Java cache, 4 KiB native cache, 16 KiB chunks).
 */
class ChaCha20AliasingTest {
    private static final byte[] KEY = new byte[32];
    private static final byte[] NONCE = new byte[12];
    private static final int[] LENGTHS = {1, 64, 65, 1019, 1090, 4091, 4160, 16449, 36000};
    private static final int[] SHIFTS = {0, 1, 17, 64, 1000, 4099, 20000};
    /** Keystream bytes used before the update: none (cold cache, aligned) or a few (warm cache, unaligned). */
    private static final int[] STARTS = {0, 5};

    private static final int GUARD = 9;
    private static final int MAX_SIZE = 2 * GUARD + 36000 + 20000;
    private static final byte[] KEYSTREAM;
    private static final byte[] CONTENT = new byte[MAX_SIZE];

    static {
        Random r = new Random(42);
        r.nextBytes(KEY);
        r.nextBytes(NONCE);
        r.nextBytes(CONTENT);
        ChaCha7539Engine bc = new ChaCha7539Engine();
        bc.init(true, new ParametersWithIV(new KeyParameter(KEY), NONCE));
        KEYSTREAM = new byte[36000 + 100];
        bc.processBytes(new byte[KEYSTREAM.length], 0, KEYSTREAM.length, KEYSTREAM, 0);
    }

    /** A way to view {@code [pos, pos + len)} of a memory region (heap or direct) as a buffer. */
    private enum View {
        PLAIN(b -> b),
        SLICE(ByteBuffer::slice),
        /** A slice that starts before the range, duplicated, positioned onto the range: offset and position both. */
        SLICE_DUPLICATE(null);

        private final UnaryOperator<ByteBuffer> f;

        View(UnaryOperator<ByteBuffer> f) {
            this.f = f;
        }

        ByteBuffer of(ByteBuffer memory, int pos, int len, boolean readOnly) {
            ByteBuffer b;
            if (f != null) {
                b = f.apply(memory.duplicate().position(pos).limit(pos + len));
            } else {
                int back = Math.min(pos, 7);
                b = memory.duplicate()
                        .position(pos - back)
                        .limit(pos + len)
                        .slice()
                        .duplicate()
                        .position(back);
            }
            return readOnly ? b.asReadOnlyBuffer() : b;
        }
    }

    private static ChaCha20 cipherAt(int start) {
        ChaCha20 c = ChaCha20.ietf(KEY, NONCE);
        c.keystream(new byte[start], 0, start);
        return c;
    }

    /** The memory after a correct update: the output range holds the old input XOR keystream. */
    private static byte[] expected(int size, int inPos, int outPos, int len, int start) {
        byte[] e = Arrays.copyOf(CONTENT, size);
        for (int i = 0; i < len; i++) {
            e[outPos + i] = (byte) (CONTENT[inPos + i] ^ KEYSTREAM[start + i]);
        }
        return e;
    }

    private static void assertMemory(byte[] expected, byte[] actual, String what) {
        int i = Arrays.mismatch(expected, 0, expected.length, actual, 0, expected.length);
        if (i >= 0) {
            throw new AssertionError(what + ": first wrong byte at " + i + " of " + expected.length);
        }
    }

    private static void assertContinues(ChaCha20 c, int at, String what) {
        assertEquals(at, c.position(), what + ": position");
        byte[] next = new byte[16];
        c.keystream(next, 0, next.length);
        if (!Arrays.equals(next, 0, 16, KEYSTREAM, at, at + 16)) {
            throw new AssertionError(what + ": keystream does not continue at " + at);
        }
    }

    @Test
    void overlappingBufferViews() {
        ByteBuffer heap = ByteBuffer.allocate(MAX_SIZE);
        ByteBuffer direct = ByteBuffer.allocateDirect(MAX_SIZE);
        byte[] actual = new byte[MAX_SIZE];
        java.util.List<String> failures = new java.util.ArrayList<>();
        for (int len : LENGTHS) {
            for (int shift : SHIFTS) {
                for (int sign : new int[] {1, -1}) {
                    if (shift == 0 && sign < 0) {
                        continue;
                    }
                    int inPos = GUARD + (sign < 0 ? shift : 0);
                    int outPos = inPos + sign * shift;
                    int size = 2 * GUARD + len + shift;
                    for (int start : STARTS) {
                        byte[] want = expected(size, inPos, outPos, len, start);
                        for (ByteBuffer memory : new ByteBuffer[] {heap, direct}) {
                            for (View inView : View.values()) {
                                for (boolean readOnly : new boolean[] {false, true}) {
                                    for (View outView : new View[] {View.PLAIN, View.SLICE_DUPLICATE}) {
                                        String what = (memory.isDirect() ? "direct" : "heap") + " len " + len
                                                + " shift " + sign * shift + " start " + start + " in "
                                                + inView + (readOnly ? " read-only" : "") + " out " + outView;
                                        memory.put(0, CONTENT, 0, size);
                                        ByteBuffer in = inView.of(memory, inPos, len, readOnly);
                                        ByteBuffer out = outView.of(memory, outPos, len, false);
                                        int inStart = in.position();
                                        int outStart = out.position();
                                        try {
                                            ChaCha20 c = cipherAt(start);
                                            assertEquals(len, c.update(in, out), what);
                                            memory.get(0, actual, 0, size);
                                            assertMemory(want, actual, what);
                                            assertEquals(inStart + len, in.position(), what + ": input position");
                                            assertEquals(outStart + len, out.position(), what + ": output position");
                                            assertContinues(c, start + len, what);
                                        } catch (AssertionError e) {
                                            failures.add(e.getMessage());
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        if (!failures.isEmpty()) {
            long directFailures =
                    failures.stream().filter(f -> f.startsWith("direct")).count();
            throw new AssertionError(failures.size() + " cases wrong (" + directFailures + " direct), e.g.:\n  "
                    + String.join("\n  ", failures.subList(0, Math.min(20, failures.size())))
                    + (failures.size() > 20 ? "\n  ..." : ""));
        }
    }

    @Test
    void overlappingArrayRanges() {
        for (int len : LENGTHS) {
            for (int shift : SHIFTS) {
                for (int sign : new int[] {1, -1}) {
                    int inPos = GUARD + (sign < 0 ? shift : 0);
                    int outPos = inPos + sign * shift;
                    int size = 2 * GUARD + len + shift;
                    for (int start : STARTS) {
                        String what = "array len " + len + " shift " + sign * shift + " start " + start;
                        byte[] a = Arrays.copyOf(CONTENT, size);
                        ChaCha20 c = cipherAt(start);
                        assertEquals(len, c.update(a, inPos, len, a, outPos), what);
                        assertMemory(expected(size, inPos, outPos, len, start), a, what);
                        assertContinues(c, start + len, what);
                    }
                }
            }
        }
    }

    /** Views of one memory whose ranges do not overlap go straight through: the piece buffer is never made. */
    @Test
    void disjointViewsAreNotCopied() throws ReflectiveOperationException {
        java.lang.reflect.Field bounce = ChaCha20.class.getDeclaredField("bounce");
        bounce.setAccessible(true);
        int len = 20000;
        byte[] a = new byte[2 * len + 5];
        ByteBuffer direct = ByteBuffer.allocateDirect(2 * len + 5);
        ChaCha20 c = cipherAt(3);
        c.update(a, 0, len, a, len);
        c.update(a, len + 5, len, a, 0);
        c.update(ByteBuffer.wrap(a, 0, len), ByteBuffer.wrap(a, len, len + 5).slice());
        c.update(direct.duplicate().limit(len), direct.duplicate().position(len));
        c.update(direct.duplicate().position(len + 5).slice().asReadOnlyBuffer(), direct.duplicate());
        c.update(ByteBuffer.wrap(a, 0, len).asReadOnlyBuffer(), direct.duplicate());
        c.update(direct.duplicate().limit(len), ByteBuffer.wrap(a));
        org.junit.jupiter.api.Assertions.assertNull(bounce.get(c), "disjoint ranges copied");
        c.update(a, 0, len, a, 1);
        assertEquals(PIECE_BYTES, ((byte[]) bounce.get(c)).length, "overlapping ranges do use it");
    }

    private static final int PIECE_BYTES = 16 * 1024;

    /** One buffer object as both input and output works in place and advances its position once. */
    @Test
    void sameBufferObject() {
        for (boolean direct : new boolean[] {false, true}) {
            for (int len : LENGTHS) {
                ByteBuffer b =
                        direct ? ByteBuffer.allocateDirect(len + 2 * GUARD) : ByteBuffer.allocate(len + 2 * GUARD);
                b.put(0, CONTENT, 0, len + 2 * GUARD).position(GUARD).limit(GUARD + len);
                ChaCha20 c = cipherAt(5);
                assertEquals(len, c.update(b, b));
                assertEquals(GUARD + len, b.position());
                byte[] actual = new byte[len + 2 * GUARD];
                b.duplicate().clear().get(0, actual);
                String what = (direct ? "direct" : "heap") + " len " + len;
                assertMemory(expected(len + 2 * GUARD, GUARD, GUARD, len, 5), actual, what);
                assertContinues(c, 5 + len, what);
            }
        }
    }

    /**
     * An overlapping update of almost 2 GiB that starts late in a block, so that length + block offset passes
     * 2^31: every piece must still run. Zeros in, so the output must be the keystream; checked at the start, at
     * the first piece boundaries, in the middle and at the end. Runs in the unforced execution only (2 GiB heap;
     * the piece loop is the stream layer's, the same for every backend).
     */
    @Test
    void overlapNearTwoGibibytes() {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                System.getProperty("jchacha.backend") == null,
                "the stream layer's piece count: checked once, in the unforced execution");
        int start = 63;
        int len = Integer.MAX_VALUE - 16;
        org.junit.jupiter.api.Assertions.assertTrue((long) len + start > Integer.MAX_VALUE);
        byte[] a = new byte[len + 1];
        ChaCha20 c = ChaCha20.ietf(KEY, NONCE);
        c.skip(start);
        assertEquals(len, c.update(a, 0, len, a, 1));
        assertEquals((long) start + len, c.position());
        int firstPiece = PIECE_BYTES - start;
        for (int at : new int[] {0, firstPiece - 8, firstPiece + PIECE_BYTES - 8, len / 2, len - 100}) {
            byte[] want = new byte[100];
            ChaCha20 k = ChaCha20.ietf(KEY, NONCE);
            k.seek((long) start + at);
            k.keystream(want, 0, want.length);
            byte[] got = Arrays.copyOfRange(a, 1 + at, 1 + at + want.length);
            org.junit.jupiter.api.Assertions.assertArrayEquals(want, got, "output at " + at);
        }
    }
}
