// SPDX-License-Identifier: Apache-2.0
package io.jchacha.secretstream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.jchacha.TestSupport;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Byte-exact interoperability with libsodium 1.0.18 itself ({@link Libsodium}), both ways: every tag, with and
 * without associated data, explicit rekey, the automatic rekey when the counter wraps, message sizes 0..200,000,
 * through every API form (arrays, ranges at offsets, heap and direct buffers).
 */
class SecretStreamInteropTest {
    record Step(byte[] m, byte[] ad, int tag, boolean rekey, Integer counter) {
        static Step message(byte[] m, byte[] ad, int tag) {
            return new Step(m, ad, tag, false, null);
        }
    }

    /** Sizes 0..200,000: every size to 70, then around powers of two and 64 KiB multiples, then random ones. */
    static List<Integer> sizes(Random r) {
        TreeSet<Integer> s = new TreeSet<>();
        for (int i = 0; i <= 70; i++) {
            s.add(i);
        }
        for (int p = 128; p <= 131072; p *= 2) {
            for (int d = -9; d <= 9; d += 1) {
                if (Math.abs(d) <= 1 || d == 8 || d == -8) {
                    s.add(p + d);
                }
            }
        }
        for (int i = 0; i < 12; i++) {
            s.add(r.nextInt(200_001));
        }
        s.add(199_999);
        s.add(200_000);
        return new ArrayList<>(s);
    }

    static List<Step> steps(long seed) {
        Random r = new Random(seed);
        int[] adSizes = {0, 1, 15, 16, 17, 100};
        List<Step> steps = new ArrayList<>();
        int i = 0;
        for (int size : sizes(r)) {
            int a = adSizes[i % adSizes.length];
            byte[] ad = a == 0 && i % 12 == 0 ? null : TestSupport.random(r, a);
            steps.add(Step.message(TestSupport.random(r, size), ad, i % 4 == 3 ? r.nextInt(256) : i % 4));
            if (i % 37 == 5) {
                steps.add(new Step(null, null, 0, true, null));
            }
            i++;
        }
        // the automatic rekey: the 32-bit counter wraps after this message
        steps.add(new Step(null, null, 0, false, 0xFFFFFFFE));
        for (int k = 0; k < 4; k++) {
            steps.add(Step.message(TestSupport.random(r, 40 + k), null, SecretStream.TAG_MESSAGE));
        }
        steps.add(Step.message(TestSupport.random(r, 33), TestSupport.random(r, 5), SecretStream.TAG_FINAL));
        return steps;
    }

    /** Pushes one message through API form {@code form % 4}. */
    static byte[] push(SecretStreamPush p, Step s, int form) throws Exception {
        byte[] m = s.m();
        int n = m.length + SecretStream.OVERHEAD;
        switch (form % 4) {
            case 0:
                return p.push(m, s.ad(), s.tag());
            case 1: {
                byte[] in = new byte[m.length + 7];
                System.arraycopy(m, 0, in, 3, m.length);
                byte[] out = new byte[n + 9];
                assertEquals(n, p.push(in, 3, m.length, s.ad(), s.tag(), out, 5));
                return java.util.Arrays.copyOfRange(out, 5, 5 + n);
            }
            default: {
                boolean direct = form % 4 == 3;
                ByteBuffer in = (direct ? ByteBuffer.allocateDirect(m.length + 2) : ByteBuffer.allocate(m.length + 2));
                in.position(2);
                in.put(m).position(2);
                ByteBuffer out = direct ? ByteBuffer.allocateDirect(n + 1) : ByteBuffer.allocate(n + 1);
                out.position(1);
                assertEquals(n, p.push(in, s.ad(), s.tag(), out));
                assertEquals(0, in.remaining());
                assertEquals(0, out.remaining());
                byte[] r = new byte[n];
                out.get(1, r);
                return r;
            }
        }
    }

    /** Pulls one message through API form {@code form % 4}. */
    static byte[] pull(SecretStreamPull p, byte[] c, byte[] ad, int form) throws Exception {
        int n = c.length - SecretStream.OVERHEAD;
        switch (form % 4) {
            case 0:
                return p.pull(c, ad);
            case 1: {
                byte[] in = new byte[c.length + 4];
                System.arraycopy(c, 0, in, 1, c.length);
                byte[] out = new byte[n + 3];
                assertEquals(n, p.pull(in, 1, c.length, ad, out, 2));
                return java.util.Arrays.copyOfRange(out, 2, 2 + n);
            }
            default: {
                boolean direct = form % 4 == 3;
                ByteBuffer in = direct ? ByteBuffer.allocateDirect(c.length) : ByteBuffer.allocate(c.length);
                in.put(c).flip();
                ByteBuffer out = direct ? ByteBuffer.allocateDirect(n) : ByteBuffer.allocate(n);
                assertEquals(n, p.pull(in, ad, out));
                byte[] r = new byte[n];
                out.flip().get(r);
                return r;
            }
        }
    }

    static void apply(SecretStreamEndpoint e, Step s) {
        if (s.rekey()) {
            e.rekey();
        } else {
            e.core.setCounter(s.counter());
        }
    }

    static void apply(Libsodium.Endpoint e, Step s) {
        if (s.rekey()) {
            e.rekey();
        } else {
            e.setCounter(s.counter());
        }
    }

    @Test
    void libsodiumPushJavaPullsAndPushesTheSameBytes() throws Exception {
        byte[] key = SecretStream.generateKey();
        List<Step> steps = steps(1);
        Libsodium.Push sodium = new Libsodium.Push(key);
        try (SecretStreamPull pull = new SecretStreamPull(key, sodium.header);
                SecretStreamPush push = new SecretStreamPush(key, sodium.header)) {
            for (int i = 0; i < steps.size(); i++) {
                Step s = steps.get(i);
                if (s.m() == null) {
                    apply(sodium, s);
                    apply(pull, s);
                    apply(push, s);
                    continue;
                }
                byte[] theirs = sodium.push(s.m(), s.ad(), s.tag());
                String what = "step " + i + ": " + s.m().length + " bytes, tag " + s.tag();
                assertArrayEquals(theirs, push(push, s, i), what);
                assertArrayEquals(s.m(), pull(pull, theirs, s.ad(), i + 1), what);
                assertEquals(s.tag(), pull.tag(), what);
            }
        }
    }

    @Test
    void javaPushLibsodiumPulls() throws Exception {
        byte[] key = SecretStream.generateKey();
        List<Step> steps = steps(2);
        List<byte[]> cts = new ArrayList<>();
        byte[] header;
        try (SecretStreamPush push = new SecretStreamPush(key)) {
            header = push.header();
            for (int i = 0; i < steps.size(); i++) {
                Step s = steps.get(i);
                if (s.m() == null) {
                    apply(push, s);
                    cts.add(null);
                } else {
                    cts.add(push(push, s, i + 2));
                }
            }
        }
        Libsodium.Pull sodium = new Libsodium.Pull(key, header);
        for (int i = 0; i < steps.size(); i++) {
            Step s = steps.get(i);
            if (s.m() == null) {
                apply(sodium, s);
                continue;
            }
            Libsodium.Message got = sodium.pull(cts.get(i), s.ad());
            String what = "step " + i + ": " + s.m().length + " bytes";
            assertNotNull(got, what + ": libsodium rejected it");
            assertArrayEquals(s.m(), got.m(), what);
            assertEquals(s.tag(), got.tag(), what);
        }
    }
}
