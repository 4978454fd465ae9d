// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static io.jchacha.TestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Published known answers: RFC 8439 2.3.2, 2.4.2, A.1, A.2 and draft-irtf-cfrg-xchacha 2.2.1 and A.3.2. */
class ChaCha20VectorsTest {
    private static final byte[] KEY_SEQ = hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");

    private static byte[] block(byte[] key, byte[] nonce, long counter) {
        ChaCha20 c = ChaCha20.newInstance(ChaCha20.Variant.IETF, key, nonce, counter, 20);
        byte[] out = new byte[64];
        c.keystream(out, 0, 64);
        return out;
    }

    @Test
    void rfc8439_2_3_2_blockFunction() {
        assertEquals(
                "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
                        + "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e",
                hex(block(KEY_SEQ, hex("000000090000004a00000000"), 1)));
    }

    @Test
    void rfc8439_2_4_2_encryption() {
        byte[] pt = ("Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, "
                        + "sunscreen would be it.")
                .getBytes(StandardCharsets.US_ASCII);
        ChaCha20 c = ChaCha20.newInstance(ChaCha20.Variant.IETF, KEY_SEQ, hex("000000000000004a00000000"), 1, 20);
        assertEquals(
                "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
                        + "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
                        + "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
                        + "5af90bbf74a35be6b40b8eedf2785e42874d",
                hex(c.update(pt)));
    }

    @Test
    void rfc8439_A1_blockVectors() {
        byte[] zero = new byte[32];
        byte[] one = new byte[32];
        one[31] = 1;
        byte[] ff = new byte[32];
        ff[1] = (byte) 0xff;
        byte[] n0 = new byte[12];
        byte[] n2 = new byte[12];
        n2[11] = 2;
        assertEquals(
                "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
                        + "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586",
                hex(block(zero, n0, 0)));
        assertEquals(
                "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed"
                        + "29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f",
                hex(block(zero, n0, 1)));
        assertEquals(
                "3aeb5224ecf849929b9d828db1ced4dd832025e8018b8160b82284f3c949aa5a"
                        + "8eca00bbb4a73bdad192b5c42f73f2fd4e273644c8b36125a64addeb006c13a0",
                hex(block(one, n0, 1)));
        assertEquals(
                "72d54dfbf12ec44b362692df94137f328fea8da73990265ec1bbbea1ae9af0ca"
                        + "13b25aa26cb4a648cb9b9d1be65b2c0924a66c54d545ec1b7374f4872e99f096",
                hex(block(ff, n0, 2)));
        assertEquals(
                "c2c64d378cd536374ae204b9ef933fcd1a8b2288b3dfa49672ab765b54ee27c7"
                        + "8a970e0e955c14f3a88e741b97c286f75f8fc299e8148362fa198a39531bed6d",
                hex(block(zero, n2, 0)));
    }

    @Test
    void rfc8439_A2_encryption() {
        // #1: all zero, 64 zero bytes
        ChaCha20 c1 = ChaCha20.ietf(new byte[32], new byte[12]);
        assertEquals(
                "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
                        + "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586",
                hex(c1.update(new byte[64])));
        // #3: counter 42
        byte[] key = hex("1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0");
        byte[] nonce = hex("000000000000000000000002");
        byte[] pt = ("'Twas brillig, and the slithy toves\nDid gyre and gimble in the wabe:\nAll mimsy were the "
                        + "borogoves,\nAnd the mome raths outgrabe.")
                .getBytes(StandardCharsets.US_ASCII);
        ChaCha20 c3 = ChaCha20.newInstance(ChaCha20.Variant.IETF, key, nonce, 42, 20);
        assertEquals(
                "62e6347f95ed87a45ffae7426f27a1df5fb69110044c0d73118effa95b01e5cf"
                        + "166d3df2d721caf9b21e5fb14c616871fd84c54f9d65b283196c7fe4f60553eb"
                        + "f39c6402c42234e32a356b3e764312a61a5532055716ead6962568f87d3f3f77"
                        + "04c6a8d1bcd1bf4d50d6154b6da731b187b58dfd728afa36757a797ac188d1",
                hex(c3.update(pt)));
    }

    @Test
    void xchacha_2_2_1_hchacha20() {
        byte[] sub = HChaCha20.subkey(KEY_SEQ, hex("000000090000004a0000000031415927"));
        assertEquals("82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc", hex(sub));
    }

    @Test
    void xchacha_A_3_2_encryption() {
        byte[] key = hex("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f");
        byte[] nonce = hex("404142434445464748494a4b4c4d4e4f5051525354555658");
        byte[] pt = ("The dhole (pronounced \"dole\") is also known as the Asiatic wild dog, red dog, and whistling "
                        + "dog. It is about the size of a German shepherd but looks more like a long-legged fox. This highly "
                        + "elusive and skilled jumper is classified with wolves, coyotes, jackals, and foxes in the "
                        + "taxonomic family Canidae.")
                .getBytes(StandardCharsets.US_ASCII);
        byte[] expected = hex("7d0a2e6b7f7c65a236542630294e063b7ab9b555a5d5149aa21e4ae1e4fbce87"
                + "ecc8e08a8b5e350abe622b2ffa617b202cfad72032a3037e76ffdcdc4376ee05"
                + "3a190d7e46ca1de04144850381b9cb29f051915386b8a710b8ac4d027b8b050f"
                + "7cba5854e028d564e453b8a968824173fc16488b8970cac828f11ae53cabd201"
                + "12f87107df24ee6183d2274fe4c8b1485534ef2c5fbc1ec24bfc3663efaa08bc"
                + "047d29d25043532db8391a8a3d776bf4372a6955827ccb0cdd4af403a7ce4c63"
                + "d595c75a43e045f0cce1f29c8b93bd65afc5974922f214a40b7c402cdb91ae73"
                + "c0b63615cdad0480680f16515a7ace9d39236464328a37743ffc28f4ddb324f4"
                + "d0f5bbdc270c65b1749a6efff1fbaa09536175ccd29fb9e6057b307320d31683"
                + "8a9c71f70b5b5907a66f7ea49aadc409");
        ChaCha20 c = ChaCha20.newInstance(ChaCha20.Variant.XCHACHA20, key, nonce, 1, 20);
        assertArrayEquals(expected, c.update(pt));
        // the same through seek from counter 0
        ChaCha20 d = ChaCha20.xchacha20(key, nonce);
        d.seek(64);
        assertArrayEquals(expected, d.update(pt));
    }
}
