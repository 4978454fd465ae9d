// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jchacha.fuzz.ReferenceOpenSsh;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;
import javax.crypto.AEADBadTagException;
import org.junit.jupiter.api.Test;

/**
 * A sealed packet with one bit flipped in its encrypted length, its body or its tag, or opened under another sequence
 * number, is refused with {@link AEADBadTagException}, and nothing is written: apart, in place, overlapping, and
 * through heap and direct buffers (whose positions do not move).
 */
class OpenSshTamperTest {
    private final SplittableRandom random = new SplittableRandom(4848);
    private final byte[] key = OpenSshDifferentialTest.key(random);

    @Test
    void everyByteOfShortPackets() throws Exception {
        OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(key);
        for (int bodyLen : new int[] {0, 1, 12, 59, 60, 61, 200}) {
            byte[] sealed = ReferenceOpenSsh.seal(key, 5, OpenSshDifferentialTest.plainPacket(random, bodyLen));
            for (int i = 0; i < sealed.length; i++) {
                byte[] bad = sealed.clone();
                bad[i] ^= (byte) (1 << (i % 8));
                refused(c, 5, bad, bodyLen, "body " + bodyLen + ", byte " + i + " flipped");
            }
            refused(c, 6, sealed, bodyLen, "body " + bodyLen + ", next sequence number");
        }
    }

    @Test
    void lengthBodyAndTagOfLongPackets() throws Exception {
        OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(key);
        for (int bodyLen : new int[] {2048, 2049, 4095, 32768, 35000, 65516, 65517, 70000}) {
            byte[] sealed =
                    ReferenceOpenSsh.seal(key, 0xFFFFFFFFL, OpenSshDifferentialTest.plainPacket(random, bodyLen));
            for (int i : new int[] {0, 3, 4, 4 + bodyLen / 2, 3 + bodyLen, 4 + bodyLen, sealed.length - 1}) {
                byte[] bad = sealed.clone();
                bad[i] ^= (byte) 0x80;
                refused(c, 0xFFFFFFFFL, bad, bodyLen, "body " + bodyLen + ", byte " + i + " flipped");
            }
        }
    }

    /** {@code bad} opened every way: each throws and leaves every byte and position as it was. */
    static void refused(OpenSshChaCha20Poly1305 c, long seq, byte[] bad, int bodyLen, String what) {
        byte[] in = bad.clone();
        byte[] out = new byte[bad.length];
        Arrays.fill(out, (byte) 0x42);
        byte[] outBefore = out.clone();
        assertThrows(AEADBadTagException.class, () -> c.open(seq, in, 0, bodyLen, out, 0), what + ": apart");
        assertArrayEquals(bad, in, what + ": apart, input changed");
        assertArrayEquals(outBefore, out, what + ": apart, output written");

        byte[] one = bad.clone();
        assertThrows(AEADBadTagException.class, () -> c.open(seq, one, 0, bodyLen, one, 0), what + ": in place");
        assertArrayEquals(bad, one, what + ": in place, written");

        byte[] shifted = OpenSshDifferentialTest.frame(bad, 3, 3);
        byte[] shiftedBefore = shifted.clone();
        assertThrows(
                AEADBadTagException.class, () -> c.open(seq, shifted, 3, bodyLen, shifted, 0), what + ": overlapping");
        assertArrayEquals(shiftedBefore, shifted, what + ": overlapping, written");

        for (boolean direct : new boolean[] {false, true}) {
            ByteBuffer src = OpenSshDifferentialTest.buffer(direct, bad, 2, false);
            ByteBuffer dst = OpenSshDifferentialTest.buffer(!direct, outBefore, 1, false);
            assertThrows(AEADBadTagException.class, () -> c.open(seq, src, dst), what + ": buffers");
            assertEquals(2, src.position(), what + ": input position moved");
            assertEquals(1, dst.position(), what + ": output position moved");
            assertArrayEquals(outBefore, OpenSshDifferentialTest.bytes(dst, 1, outBefore.length), what + ": buffer");

            ByteBuffer mem = OpenSshDifferentialTest.buffer(direct, bad, 0, false);
            assertThrows(
                    AEADBadTagException.class,
                    () -> c.open(seq, mem.duplicate(), mem.duplicate()),
                    what + ": buffer in place");
            assertArrayEquals(bad, OpenSshDifferentialTest.bytes(mem, 0, bad.length), what + ": buffer in place");
        }
    }
}
