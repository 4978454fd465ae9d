// SPDX-License-Identifier: Apache-2.0
package io.jchacha.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.jchacha.secretstream.SecretStream;
import io.jchacha.secretstream.SecretStreamPull;
import io.jchacha.secretstream.SecretStreamPush;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.crypto.AEADBadTagException;

/**
 * Secret streams against {@link ReferenceSecretStream}: fuzzer-chosen messages, AD, tags and rekeys pushed through
 * every form (a new array, array ranges at any offsets or overlapping in one array at any distance, heap and
 * direct buffers) must give the reference's bytes; pull must give the messages and tags back; then one message of
 * the stream is tampered with (a bit flipped, cut short, dropped, duplicated or swapped with the next), and pull
 * must fail there with {@link AEADBadTagException}, write nothing, and refuse every later call.
 */
class SecretStreamFuzzTest {

    record Msg(byte[] m, byte[] ad, int tag, byte[] wire) {}

    @FuzzTest
    void pushPull(FuzzedDataProvider d) throws Exception {
        byte[] key = Inputs.exactly(d, 32);
        List<Msg> msgs = new ArrayList<>();
        byte[] header;
        try (SecretStreamPush p = new SecretStreamPush(key)) {
            header = p.header();
            ReferenceSecretStream ref = new ReferenceSecretStream(key, header);
            int count = d.consumeInt(1, 6);
            for (int i = 0; i < count; i++) {
                int len = d.consumeBoolean() ? d.consumeInt(0, 300) : d.consumeInt(0, 70_000);
                byte[] ad = d.consumeBoolean() ? null : Inputs.data(d, d.consumeInt(0, 40));
                int tag = d.consumeBoolean() ? d.consumeInt(0, 3) : d.consumeInt(0, 255);
                byte[] m = Inputs.data(d, len);
                byte[] wire = push(d, p, m, ad, tag);
                assertArrayEquals(
                        ref.push(m, ad, tag),
                        wire,
                        "message " + i + ": " + len + " bytes, tag " + tag + ", ad "
                                + (ad == null ? "null" : ad.length));
                msgs.add(new Msg(m, ad, tag, wire));
            }
        }
        try (SecretStreamPull q = new SecretStreamPull(key, header)) {
            for (Msg x : msgs) {
                assertArrayEquals(x.m(), pull(d, q, x.wire(), x.ad()));
                assertEquals(x.tag(), q.tag());
            }
        }

        int at = d.consumeInt(0, msgs.size() - 1);
        List<byte[]> bad = new ArrayList<>();
        for (Msg x : msgs) {
            bad.add(x.wire().clone());
        }
        byte[] w = bad.get(at);
        switch (d.consumeInt(0, 3)) {
            case 0:
                w[d.consumeInt(0, w.length - 1)] ^= (byte) (1 << d.consumeInt(0, 7));
                break;
            case 1:
                bad.set(at, Arrays.copyOf(w, d.consumeInt(0, w.length - 1)));
                break;
            case 2:
                if (at + 1 < bad.size() && !Arrays.equals(w, bad.get(at + 1))) {
                    bad.set(at, bad.get(at + 1)); // swapped: the next message comes first
                    bad.set(at + 1, w);
                } else {
                    bad.remove(at); // dropped: the stream ends early or the next one comes early
                    bad.add(at, new byte[SecretStream.OVERHEAD]);
                }
                break;
            default:
                if (at == 0) {
                    w[0] ^= 1;
                } else {
                    bad.set(at, bad.get(at - 1).clone()); // duplicated: the previous message again
                }
                break;
        }
        try (SecretStreamPull q = new SecretStreamPull(key, header)) {
            for (int i = 0; i < at; i++) {
                assertArrayEquals(
                        msgs.get(i).m(), q.pull(bad.get(i), msgs.get(i).ad()));
            }
            byte[] b = bad.get(at);
            byte[] out = new byte[Math.max(0, b.length - SecretStream.OVERHEAD)];
            Arrays.fill(out, (byte) 0x5a);
            byte[] ad = msgs.get(at).ad();
            assertThrows(AEADBadTagException.class, () -> q.pull(b, 0, b.length, ad, out, 0), "tampered message");
            for (byte x : out) {
                assertEquals((byte) 0x5a, x, "a rejected message writes nothing");
            }
            assertThrows(IllegalStateException.class, () -> q.pull(msgs.get(0).wire(), null), "then refuses");
        }
    }

    /** Pushes through a fuzzer-chosen form and returns the wire bytes. */
    private static byte[] push(FuzzedDataProvider d, SecretStreamPush p, byte[] m, byte[] ad, int tag)
            throws Exception {
        int n = m.length + SecretStream.OVERHEAD;
        switch (d.consumeInt(0, 4)) {
            case 0:
                return p.push(m, ad, tag);
            case 1: { // separate arrays at offsets
                int inOff = d.consumeInt(0, 40);
                int outOff = d.consumeInt(0, 40);
                byte[] in = new byte[inOff + m.length + d.consumeInt(0, 3)];
                System.arraycopy(m, 0, in, inOff, m.length);
                byte[] out = new byte[outOff + n + d.consumeInt(0, 3)];
                assertEquals(n, p.push(in, inOff, m.length, ad, tag, out, outOff));
                return Arrays.copyOfRange(out, outOff, outOff + n);
            }
            case 2: { // one array, output at any distance from the input
                int dist = d.consumeInt(-n, n);
                int base = n + 1;
                byte[] buf = new byte[3 * n + 2];
                System.arraycopy(m, 0, buf, base, m.length);
                assertEquals(n, p.push(buf, base, m.length, ad, tag, buf, base + dist));
                return Arrays.copyOfRange(buf, base + dist, base + dist + n);
            }
            default: { // heap or direct buffers, any positions
                boolean inDirect = d.consumeBoolean();
                boolean outDirect = d.consumeBoolean();
                int inPos = d.consumeInt(0, 9);
                int outPos = d.consumeInt(0, 9);
                ByteBuffer in =
                        inDirect ? ByteBuffer.allocateDirect(inPos + m.length) : ByteBuffer.allocate(inPos + m.length);
                in.position(inPos);
                in.put(m).position(inPos);
                if (d.consumeBoolean()) {
                    in = in.asReadOnlyBuffer();
                }
                ByteBuffer out = outDirect ? ByteBuffer.allocateDirect(outPos + n) : ByteBuffer.allocate(outPos + n);
                out.position(outPos);
                assertEquals(n, p.push(in, ad, tag, out));
                byte[] r = new byte[n];
                out.get(outPos, r);
                return r;
            }
        }
    }

    /** Pulls through a fuzzer-chosen form and returns the message. */
    private static byte[] pull(FuzzedDataProvider d, SecretStreamPull q, byte[] c, byte[] ad) throws Exception {
        int n = c.length - SecretStream.OVERHEAD;
        switch (d.consumeInt(0, 2)) {
            case 0:
                return q.pull(c, ad);
            case 1: { // in place, the message landing one byte after the wire form starts
                byte[] buf = c.clone();
                assertEquals(n, q.pull(buf, 0, c.length, ad, buf, 1));
                return Arrays.copyOfRange(buf, 1, 1 + n);
            }
            default: {
                boolean direct = d.consumeBoolean();
                ByteBuffer in = direct ? ByteBuffer.allocateDirect(c.length) : ByteBuffer.allocate(c.length);
                in.put(c).flip();
                ByteBuffer out = direct ? ByteBuffer.allocateDirect(n) : ByteBuffer.allocate(n);
                assertEquals(n, q.pull(in, ad, out));
                byte[] r = new byte[n];
                out.flip().get(r);
                return r;
            }
        }
    }
}
