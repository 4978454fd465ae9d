// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import java.util.HexFormat;

/** Test helper: hex strings to bytes and back. */
public final class Hex {
    private Hex() {}

    public static byte[] b(String hex) {
        return HexFormat.of().parseHex(hex.replaceAll("[\\s:]", ""));
    }

    public static String s(byte[] b) {
        return HexFormat.of().formatHex(b);
    }
}
