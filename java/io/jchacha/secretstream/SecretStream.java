// SPDX-License-Identifier: Apache-2.0
package io.jchacha.secretstream;

import io.jchacha.XChaCha20Poly1305;

/**
 * Constants and key generation for libsodium's {@code crypto_secretstream_xchacha20poly1305}: a sequence of
 * messages under one key, each authenticated and bound to its place in the sequence, so that messages cannot
 * be dropped, duplicated, reordered or moved to another stream unnoticed. {@link SecretStreamPush} encrypts,
 * {@link SecretStreamPull} decrypts; the bytes on the wire are libsodium 1.0.18's, in both directions.
 *
 * <p>A stream starts with a random {@value #HEADER_LENGTH}-byte header, which the receiver needs before the
 * first message; every message adds {@value #OVERHEAD} bytes (one encrypted tag byte and a 16-byte MAC) and
 * carries a tag: {@link #TAG_MESSAGE}, {@link #TAG_PUSH}, {@link #TAG_REKEY} or {@link #TAG_FINAL}. The
 * receiver learns the tag only after the message has been authenticated. For whole files and streams,
 * {@link SecretStreamOutputStream} and {@link SecretStreamInputStream} add the chunk format described in
 * docs/CLI.md.
 */
public final class SecretStream {
    /** Key length in bytes. */
    public static final int KEY_LENGTH = 32;
    /** Header length in bytes. */
    public static final int HEADER_LENGTH = 24;
    /** Bytes each message adds: the encrypted tag byte and the 16-byte MAC (libsodium's ABYTES). */
    public static final int OVERHEAD = 17;
    /** The most common tag: nothing special about this message. */
    public static final int TAG_MESSAGE = 0;
    /** Marks the end of a set of messages (an application-level boundary); nothing else changes. */
    public static final int TAG_PUSH = 1;
    /** Derives a new key after this message (forward secrecy for the messages before it). */
    public static final int TAG_REKEY = 2;
    /** Marks the last message of the stream; it also rekeys. */
    public static final int TAG_FINAL = TAG_PUSH | TAG_REKEY;

    private SecretStream() {}

    /**
     * A fresh random key.
     *
     * @return {@value #KEY_LENGTH} bytes from {@link java.security.SecureRandom}
     */
    public static byte[] generateKey() {
        return XChaCha20Poly1305.generateKey();
    }
}
