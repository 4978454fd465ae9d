// SPDX-License-Identifier: Apache-2.0
package io.jchacha.secretstream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jchacha.TestSupport;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import javax.crypto.AEADBadTagException;
import javax.crypto.ShortBufferException;
import org.junit.jupiter.api.Test;

/** Push/pull contracts: tampering of every kind is refused for good, no plaintext escapes, bad arguments. */
class SecretStreamTest {
    static final Random R = new Random(12);
    static final int[] SIZES = {0, 1, 15, 16, 17, 63, 64, 65, 100, 1000, 4096, 4099};

    record Stream(byte[] header, List<byte[]> messages, List<byte[]> plain) {}

    static Stream stream(byte[] key, int count) {
        try (SecretStreamPush p = new SecretStreamPush(key)) {
            List<byte[]> m = new ArrayList<>();
            List<byte[]> pt = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                byte[] x = TestSupport.random(R, SIZES[i % SIZES.length]);
                pt.add(x);
                m.add(p.push(x, null, i == count - 1 ? SecretStream.TAG_FINAL : SecretStream.TAG_MESSAGE));
            }
            return new Stream(p.header(), m, pt);
        }
    }

    /** Pulls {@code msgs} in order; every one must open until {@code badAt}, which must fail, then all refuse. */
    static void expectFailureAt(byte[] key, byte[] header, List<byte[]> msgs, int badAt, List<byte[]> plain) {
        try (SecretStreamPull p = new SecretStreamPull(key, header)) {
            for (int i = 0; i < badAt; i++) {
                byte[] got = assertDoesNotFail(p, msgs.get(i));
                assertArrayEquals(plain.get(i), got);
            }
            byte[] bad = msgs.get(badAt);
            byte[] out = new byte[Math.max(0, bad.length - SecretStream.OVERHEAD)];
            Arrays.fill(out, (byte) 0x5a);
            assertThrows(AEADBadTagException.class, () -> p.pull(bad, 0, bad.length, null, out, 0));
            for (byte b : out) {
                assertEquals((byte) 0x5a, b, "no byte of a rejected message is written");
            }
            for (int i = badAt; i < msgs.size(); i++) {
                byte[] m = msgs.get(i);
                assertThrows(IllegalStateException.class, () -> p.pull(m, null), "refuses every later call");
            }
            assertThrows(IllegalStateException.class, p::rekey);
        }
    }

    static byte[] assertDoesNotFail(SecretStreamPull p, byte[] m) {
        try {
            return p.pull(m, null);
        } catch (AEADBadTagException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void roundTripEveryTagAndAd() throws Exception {
        byte[] key = SecretStream.generateKey();
        try (SecretStreamPush p = new SecretStreamPush(key);
                SecretStreamPull q = new SecretStreamPull(key, p.header())) {
            for (int tag = 0; tag < 256; tag += 17) {
                byte[] m = TestSupport.random(R, tag * 3);
                byte[] ad = tag % 2 == 0 ? null : TestSupport.random(R, tag % 40);
                byte[] c = p.push(m, ad, tag);
                assertEquals(m.length + SecretStream.OVERHEAD, c.length);
                assertArrayEquals(m, q.pull(c, ad));
                assertEquals(tag, q.tag());
            }
        }
    }

    @Test
    void flippedBitsAnywhereAreRejected() {
        byte[] key = SecretStream.generateKey();
        Stream s = stream(key, 12);
        for (int i = 0; i < s.messages().size(); i++) {
            byte[] orig = s.messages().get(i);
            for (int pos : new int[] {0, orig.length / 2, orig.length - 17, orig.length - 1}) {
                List<byte[]> msgs = new ArrayList<>(s.messages());
                byte[] bad = orig.clone();
                bad[pos] ^= 1 << (pos % 8);
                msgs.set(i, bad);
                expectFailureAt(key, s.header(), msgs, i, s.plain());
            }
        }
    }

    @Test
    void droppedDuplicatedSwappedTruncatedAreRejected() {
        byte[] key = SecretStream.generateKey();
        Stream s = stream(key, 8);
        for (int i = 0; i < 7; i++) {
            List<byte[]> dropped = new ArrayList<>(s.messages());
            dropped.remove(i);
            expectFailureAt(key, s.header(), dropped, i, s.plain());

            List<byte[]> dup = new ArrayList<>(s.messages());
            dup.add(i + 1, s.messages().get(i));
            expectFailureAt(key, s.header(), dup, i + 1, s.plain());

            List<byte[]> swapped = new ArrayList<>(s.messages());
            swapped.set(i, s.messages().get(i + 1));
            swapped.set(i + 1, s.messages().get(i));
            expectFailureAt(key, s.header(), swapped, i, s.plain());

            byte[] m = s.messages().get(i);
            for (int cut : new int[] {1, 16, m.length - 1}) {
                List<byte[]> truncated = new ArrayList<>(s.messages());
                truncated.set(i, Arrays.copyOf(m, m.length - cut));
                expectFailureAt(key, s.header(), truncated, i, s.plain());
            }
        }
    }

    @Test
    void splicedStreamsAndWrongKeysOrAdAreRejected() throws Exception {
        byte[] key = SecretStream.generateKey();
        Stream a = stream(key, 6);
        Stream b = stream(key, 6);
        for (int i = 0; i < 6; i++) {
            List<byte[]> spliced = new ArrayList<>(a.messages());
            spliced.set(i, b.messages().get(i));
            expectFailureAt(key, a.header(), spliced, i, a.plain());
        }
        expectFailureAt(key, b.header(), a.messages(), 0, a.plain());
        expectFailureAt(SecretStream.generateKey(), a.header(), a.messages(), 0, a.plain());
        try (SecretStreamPush p = new SecretStreamPush(key);
                SecretStreamPull q = new SecretStreamPull(key, p.header())) {
            byte[] c = p.push(new byte[10], new byte[] {1}, 0);
            assertThrows(AEADBadTagException.class, () -> q.pull(c, new byte[] {2}));
        }
    }

    @Test
    void rekeyOnOneSideOnlyIsRejected() {
        byte[] key = SecretStream.generateKey();
        try (SecretStreamPush p = new SecretStreamPush(key);
                SecretStreamPull q = new SecretStreamPull(key, p.header())) {
            byte[] c1 = p.push(new byte[5], null, 0);
            p.rekey();
            byte[] c2 = p.push(new byte[5], null, 0);
            assertDoesNotFail(q, c1);
            assertThrows(AEADBadTagException.class, () -> q.pull(c2, null));
        }
    }

    @Test
    void badArgumentsChangeNothing() throws Exception {
        byte[] key = SecretStream.generateKey();
        assertThrows(IllegalArgumentException.class, () -> new SecretStreamPush(new byte[31]));
        assertThrows(NullPointerException.class, () -> new SecretStreamPush(null));
        assertThrows(IllegalArgumentException.class, () -> new SecretStreamPull(key, new byte[23]));
        assertThrows(NullPointerException.class, () -> new SecretStreamPull(key, null));
        try (SecretStreamPush p = new SecretStreamPush(key);
                SecretStreamPull q = new SecretStreamPull(key, p.header())) {
            assertThrows(IllegalArgumentException.class, () -> p.push(new byte[1], null, 256));
            assertThrows(IllegalArgumentException.class, () -> p.push(new byte[1], null, -1));
            assertThrows(ShortBufferException.class, () -> p.push(new byte[4], 0, 4, null, 0, new byte[20], 0));
            assertThrows(IndexOutOfBoundsException.class, () -> p.push(new byte[4], 1, 4, null, 0, new byte[30], 0));
            assertThrows(IndexOutOfBoundsException.class, () -> p.push(new byte[4], 0, 4, null, 0, new byte[30], 31));
            assertThrows(
                    java.nio.ReadOnlyBufferException.class,
                    () -> p.push(
                            ByteBuffer.allocate(1),
                            null,
                            0,
                            ByteBuffer.allocate(30).asReadOnlyBuffer()));
            ByteBuffer same = ByteBuffer.allocate(40);
            assertThrows(IllegalArgumentException.class, () -> p.push(same, null, 0, same));
            assertThrows(IllegalArgumentException.class, () -> q.pull(same, null, same));
            ByteBuffer in = ByteBuffer.allocate(4);
            ByteBuffer small = ByteBuffer.allocateDirect(20);
            assertThrows(ShortBufferException.class, () -> p.push(in, null, 0, small));
            assertEquals(0, in.position());
            assertEquals(0, small.position());
            byte[] c = p.push(new byte[4], null, 0);
            assertThrows(ShortBufferException.class, () -> q.pull(c, 0, c.length, null, new byte[3], 0));
            assertArrayEquals(new byte[4], q.pull(c, null), "a refused call left the stream usable");
            assertThrows(AEADBadTagException.class, () -> q.pull(new byte[16], null));
            assertThrows(IllegalStateException.class, () -> q.pull(c, null));
        }
    }

    @Test
    void closeWipesAndRefuses() {
        byte[] key = SecretStream.generateKey();
        SecretStreamPush p = new SecretStreamPush(key);
        SecretStreamCore core = p.core;
        p.push(new byte[100], null, 0);
        p.close();
        p.close();
        assertThrows(IllegalStateException.class, () -> p.push(new byte[1], null, 0));
        assertThrows(IllegalStateException.class, p::rekey);
        assertArrayEquals(new int[16], core.stateForTest(), "key material wiped");
    }

    /**
     * Push with input and output in one array at every kind of distance (output before, on, inside and after the
     * input) writes the bytes a push between separate arrays writes: on a native backend the message goes from
     * input to output in one native call, which must read each input byte before anything lands on it.
     */
    @Test
    void overlappingPushEqualsSeparatePush() throws Exception {
        byte[] key = SecretStream.generateKey();
        byte[] header = TestSupport.random(R, SecretStream.HEADER_LENGTH);
        int base = 70_000;
        for (int len : new int[] {0, 1, 100, 1001, 1031, 4096, 66_000}) {
            for (int d : new int[] {-len - 17, -17, -1, 0, 1, 16, 17, 64, len - 1, len, len + 1}) {
                byte[] m = TestSupport.random(R, len);
                byte[] ad = len % 2 == 0 ? null : TestSupport.random(R, 13);
                byte[] want;
                try (SecretStreamPush p = new SecretStreamPush(key, header)) {
                    want = p.push(m, ad, SecretStream.TAG_PUSH);
                }
                byte[] buf = new byte[2 * base + 2 * len + 100];
                System.arraycopy(m, 0, buf, base, len);
                try (SecretStreamPush p = new SecretStreamPush(key, header)) {
                    assertEquals(want.length, p.push(buf, base, len, ad, SecretStream.TAG_PUSH, buf, base + d));
                }
                assertArrayEquals(
                        want,
                        Arrays.copyOfRange(buf, base + d, base + d + want.length),
                        len + " bytes, output at distance " + d);
                ByteBuffer heap = ByteBuffer.wrap(buf.clone());
                System.arraycopy(m, 0, heap.array(), base, len);
                try (SecretStreamPush p = new SecretStreamPush(key, header)) {
                    p.push(
                            heap.duplicate().position(base).limit(base + len),
                            ad,
                            SecretStream.TAG_PUSH,
                            heap.duplicate().position(base + d));
                }
                assertArrayEquals(
                        want,
                        Arrays.copyOfRange(heap.array(), base + d, base + d + want.length),
                        "heap buffers: " + len + " bytes, output at distance " + d);
            }
        }
    }

    @Test
    void heapAndDirectBuffersInPlace() throws Exception {
        byte[] key = SecretStream.generateKey();
        try (SecretStreamPush p = new SecretStreamPush(key);
                SecretStreamPull q = new SecretStreamPull(key, p.header())) {
            for (boolean direct : new boolean[] {false, true}) {
                byte[] m = TestSupport.random(R, 5000);
                ByteBuffer buf = direct ? ByteBuffer.allocateDirect(6000) : ByteBuffer.allocate(6000);
                buf.put(m).flip();
                ByteBuffer out = buf.duplicate();
                out.limit(buf.capacity());
                p.push(buf, null, 1, out);
                out.flip();
                ByteBuffer dec = out.duplicate();
                q.pull(out, null, dec);
                dec.flip();
                byte[] got = new byte[dec.remaining()];
                dec.get(got);
                assertArrayEquals(m, got);
                assertEquals(1, q.tag());
            }
        }
    }
}
