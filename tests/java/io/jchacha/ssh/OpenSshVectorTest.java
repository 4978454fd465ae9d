// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jchacha.Hex;
import io.jchacha.fuzz.ReferenceOpenSsh;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The known answer of draft-ietf-sshm-chacha20-poly1305-04, Appendix A: one client-to-server packet
 * (SSH_MSG_CHANNEL_DATA) at sequence number 7, through every form, and through the test's BouncyCastle reference.
 */
class OpenSshVectorTest {
    static final byte[] KEY = Hex.b("8bbff6855fc102338c373e73aac0c914f076a905b2444a32eecaffeae22becc5"
            + "e9b7a7a5825a8249346ec1c28301cf394543fc7569887d76e168f37562ac0740");
    static final long SEQ = 7;
    static final byte[] PLAIN = Hex.b("00000048065e00000000000000384c6f72656d20697073756d20646f6c6f722073"
            + "697420616d65742c20636f6e7365637465747572206164697069736963696e6720"
            + "656c69744e43e804dc6c");
    static final byte[] WIRE = Hex.b("2c3ecce4a5bc05895bf07a7ba956b6c68829ac7c83b780b7000ecde745afc705"
            + "bbc378ce03a280236b87b53bed5839662302b164b6286a48cd1e097138e3cb90"
            + "9b8b2b829dd18d2a35ff82d995349e855bf02c298ef775f2d1a7e8b8");
    static final int BODY = 0x48;

    @Test
    void arrays() throws Exception {
        OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(KEY);
        byte[] wire = new byte[WIRE.length];
        c.seal(SEQ, PLAIN, 0, BODY, wire, 0);
        assertArrayEquals(WIRE, wire, "seal");
        assertEquals(BODY, c.decryptLength(SEQ, WIRE, 0), "length");
        byte[] plain = new byte[PLAIN.length];
        c.open(SEQ, WIRE, 0, BODY, plain, 0);
        assertArrayEquals(PLAIN, plain, "open");
    }

    @Test
    void lengthAlone() {
        OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(KEY);
        byte[] sealed = new byte[4];
        c.cryptLength(SEQ, PLAIN, 0, sealed, 0);
        assertArrayEquals(Arrays.copyOf(WIRE, 4), sealed, "encrypt");
        byte[] plain = new byte[6];
        c.cryptLength(SEQ, WIRE, 0, plain, 2);
        assertArrayEquals(Arrays.copyOf(PLAIN, 4), Arrays.copyOfRange(plain, 2, 6), "decrypt at an offset");
        for (int shift = -3; shift <= 3; shift++) { // the 4 bytes are read before any is written
            byte[] b = new byte[10];
            System.arraycopy(WIRE, 0, b, 3, 4);
            c.cryptLength(SEQ, b, 3, b, 3 + shift);
            assertArrayEquals(Arrays.copyOf(PLAIN, 4), Arrays.copyOfRange(b, 3 + shift, 7 + shift), "shift " + shift);
        }
    }

    @Test
    void inPlace() throws Exception {
        OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(KEY);
        byte[] packet = Arrays.copyOf(PLAIN, WIRE.length);
        c.seal(SEQ, packet, 0, BODY, packet, 0);
        assertArrayEquals(WIRE, packet, "seal in place");
        c.open(SEQ, packet, 0, BODY, packet, 0);
        assertArrayEquals(PLAIN, Arrays.copyOf(packet, PLAIN.length), "open in place");
    }

    @Test
    void directBuffers() throws Exception {
        OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(KEY);
        ByteBuffer wire = ByteBuffer.allocateDirect(WIRE.length);
        assertEquals(WIRE.length, c.seal(SEQ, ByteBuffer.wrap(PLAIN), wire));
        byte[] got = new byte[WIRE.length];
        wire.flip().duplicate().get(got);
        assertArrayEquals(WIRE, got, "seal");
        ByteBuffer plain = ByteBuffer.allocateDirect(PLAIN.length);
        assertEquals(PLAIN.length, c.open(SEQ, wire, plain));
        plain.flip().get(got, 0, PLAIN.length);
        assertArrayEquals(PLAIN, Arrays.copyOf(got, PLAIN.length), "open");
    }

    @Test
    void reference() {
        assertArrayEquals(WIRE, ReferenceOpenSsh.seal(KEY, SEQ, PLAIN));
        assertArrayEquals(PLAIN, ReferenceOpenSsh.open(KEY, SEQ, WIRE));
    }
}
