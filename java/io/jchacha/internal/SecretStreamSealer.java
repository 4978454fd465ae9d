// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

/**
 * An engine that seals a whole libsodium secretstream message straight from the caller's input to the caller's
 * output in one call (the native backends). Streams over other engines seal in a frame of their own
 * ({@code io.jchacha.secretstream.SecretStreamCore}).
 */
public interface SecretStreamSealer {

    /**
     * Seals {@code in[inOff .. inOff + len)} with {@code tag} under the stream's IETF {@code state} (block 0 keys
     * the MAC, block 1 encrypts the tag block, blocks 2.. the message; {@code state} is read, never changed) and
     * writes the wire form, {@code len + 17} bytes, to {@code out[outOff ..]}. Ranges may overlap in any way. The
     * caller has checked every argument.
     *
     * @return the MAC's first 8 bytes as a little-endian long
     */
    long secretStreamSeal(int[] state, byte[] ad, int tag, byte[] in, int inOff, int len, byte[] out, int outOff);
}
