// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jchacha.Backend;
import io.jchacha.TestSupport;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The AEADs that bypass {@link JavaAead} against it over the Java engine: the native one (one JNI call per message) on
 * every native backend that runs here, and SunJCE's ChaCha20-Poly1305 through the jdk backend where that runs: messages longer than the glue's 64 KiB critical chunks, arrays and direct buffers overlapping at
 * distances across chunk boundaries, AAD offsets, heap/direct mixes, and the output zeroed on a forged tag.
 */
class NativeAeadTest {
    private static final JavaAead REF = new JavaAead(JavaEngine.INSTANCE);

    private static List<AeadEngine> natives() {
        List<AeadEngine> l = new ArrayList<>();
        for (Backend b : TestSupport.nativeBackends()) {
            l.add((AeadEngine) Engines.forBackend(b));
        }
        JdkEngineTest.sunJceAead().ifPresent(l::add);
        return l;
    }

    private static byte[] random(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    @Test
    void largeMessagesAndOverlappingArrays() {
        SplittableRandom r = new SplittableRandom(77);
        int[] st = AeadEngineTest.state(random(r, 32), random(r, 12));
        byte[] aadBig = random(r, 70000);
        for (AeadEngine a : natives()) {
            for (int len : new int[] {0, 193, 65536, 65536 + 65, 200_000}) {
                byte[] pt = random(r, len);
                byte[] expected = new byte[len + 16];
                REF.seal(st, st[13], st[14], st[15], aadBig, 3, 66000, pt, 0, len, expected, 0);
                byte[] out = new byte[len + 16];
                a.seal(st, st[13], st[14], st[15], aadBig, 3, 66000, pt, 0, len, out, 0);
                assertArrayEquals(expected, out, a + " seal " + len);
                for (int shift : new int[] {1, -1, 64, -64, 65536 + 3, -(65536 + 3), 100_000}) {
                    if (Math.abs(shift) > len) {
                        continue;
                    }
                    int base = 100_000 + 64;
                    byte[] buf = new byte[2 * base + len + 32];
                    System.arraycopy(pt, 0, buf, base, len);
                    a.seal(st, st[13], st[14], st[15], aadBig, 3, 66000, buf, base, len, buf, base + shift);
                    assertArrayEquals(
                            expected,
                            Arrays.copyOfRange(buf, base + shift, base + shift + len + 16),
                            a + " seal " + len + " shift " + shift);
                    assertTrue(a.open(st, st[13], st[14], st[15], aadBig, 3, 66000, buf, base + shift, len, buf, base));
                    assertArrayEquals(
                            pt, Arrays.copyOfRange(buf, base, base + len), a + " open " + len + " shift " + shift);
                }
            }
        }
    }

    @Test
    void directBuffersOverlappingMixedAndForged() {
        SplittableRandom r = new SplittableRandom(78);
        int[] st = AeadEngineTest.state(random(r, 32), random(r, 12));
        byte[] aad = random(r, 40);
        for (AeadEngine a : natives()) {
            for (int len : new int[] {0, 100, 5000, 70000}) {
                byte[] pt = random(r, len);
                byte[] expected = new byte[len + 16];
                REF.seal(st, st[13], st[14], st[15], aad, 5, 30, pt, 0, len, expected, 0);
                for (int shift : new int[] {0, 1, -1, 4097, -4097}) {
                    if (Math.abs(shift) > len && shift != 0) {
                        continue;
                    }
                    int base = 8192;
                    ByteBuffer mem = ByteBuffer.allocateDirect(2 * base + len + 32);
                    mem.put(base, pt);
                    a.seal(st, st[13], st[14], st[15], aad, 5, 30, mem, base, len, mem, base + shift);
                    byte[] got = new byte[len + 16];
                    mem.get(base + shift, got);
                    assertArrayEquals(expected, got, a + " direct seal " + len + " shift " + shift);
                    assertTrue(a.open(st, st[13], st[14], st[15], aad, 5, 30, mem, base + shift, len, mem, base));
                    byte[] back = new byte[len];
                    mem.get(base, back);
                    assertArrayEquals(pt, back, a + " direct open " + len + " shift " + shift);
                }
                // heap in, direct out and back
                ByteBuffer dout = ByteBuffer.allocateDirect(len + 16);
                a.seal(st, st[13], st[14], st[15], aad, 5, 30, ByteBuffer.wrap(pt), 0, len, dout, 0);
                byte[] got = new byte[len + 16];
                dout.get(0, got);
                assertArrayEquals(expected, got, a + " mixed seal " + len);
                ByteBuffer hout = ByteBuffer.allocate(len);
                assertTrue(a.open(st, st[13], st[14], st[15], aad, 5, 30, dout, 0, len, hout, 0));
                assertArrayEquals(pt, hout.array());
                // forged: output zeroed, arrays and direct
                byte[] forged = expected.clone();
                forged[len] ^= 1;
                byte[] sink = new byte[len];
                Arrays.fill(sink, (byte) 0x3c);
                assertFalse(a.open(st, st[13], st[14], st[15], aad, 5, 30, forged, 0, len, sink, 0));
                ByteBuffer dsink = ByteBuffer.allocateDirect(len).put(0, sink);
                ByteBuffer dforged = ByteBuffer.allocateDirect(len + 16).put(0, forged);
                assertFalse(a.open(st, st[13], st[14], st[15], aad, 5, 30, dforged, 0, len, dsink, 0));
                for (int i = 0; i < len; i++) {
                    if (sink[i] != 0 || dsink.get(i) != 0) {
                        throw new AssertionError(a + ": output not zeroed on failure at " + i);
                    }
                }
            }
        }
    }
}
