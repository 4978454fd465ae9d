// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.Objects;

/**
 * The Poly1305 one-time authenticator (RFC 8439 2.5). <strong>A key authenticates one message only</strong>:
 * two messages under the same key let an attacker forge. Most applications want an AEAD
 * ({@link XChaCha20Poly1305}) instead; Poly1305 alone is for protocols that derive a fresh key per message.
 *
 * <p>One-shot: {@link #mac(byte[], byte[])}, {@link #verify(byte[], byte[], byte[])}. Streaming:
 * {@code Poly1305 p = new Poly1305(key); p.update(...); ... byte[] tag = p.finish();}. A streaming instance
 * is single-use and not thread-safe; {@link #finish()} wipes its copy of the key, after which every call
 * throws {@link IllegalStateException}. Constant time in the key and message contents.
 */
public final class Poly1305 {
    public static final int KEY_LENGTH = 32;
    public static final int TAG_LENGTH = io.jchacha.internal.Poly1305.TAG_LENGTH;

    private io.jchacha.internal.Poly1305 state;

    /**
     * @param key 32 bytes: r (clamped here) then s; copied
     * @throws NullPointerException if {@code key} is null
     * @throws IllegalArgumentException if {@code key} is not 32 bytes
     */
    public Poly1305(byte[] key) {
        checkKey(key);
        this.state = new io.jchacha.internal.Poly1305(key, 0);
    }

    private static void checkKey(byte[] key) {
        Objects.requireNonNull(key, "key");
        if (key.length != KEY_LENGTH) {
            throw new IllegalArgumentException("Poly1305 key must be 32 bytes, got " + key.length);
        }
    }

    /** The 16-byte tag of {@code message} under {@code key}. */
    public static byte[] mac(byte[] key, byte[] message) {
        Objects.requireNonNull(message, "message");
        return mac(key, message, 0, message.length);
    }

    /** The 16-byte tag of {@code message[off .. off + len)} under {@code key}. */
    public static byte[] mac(byte[] key, byte[] message, int off, int len) {
        checkKey(key);
        Objects.requireNonNull(message, "message");
        Objects.checkFromIndexSize(off, len, message.length);
        io.jchacha.internal.Poly1305 p = new io.jchacha.internal.Poly1305(key, 0);
        p.update(message, off, len);
        byte[] tag = new byte[TAG_LENGTH];
        p.finish(tag, 0);
        return tag;
    }

    /**
     * Whether {@code tag} is the tag of {@code message} under {@code key}, compared in constant time. A tag of
     * the wrong length is simply not valid.
     */
    public static boolean verify(byte[] key, byte[] message, byte[] tag) {
        Objects.requireNonNull(tag, "tag");
        byte[] expected = mac(key, message);
        return tag.length == TAG_LENGTH && MessageDigest.isEqual(expected, tag);
    }

    private io.jchacha.internal.Poly1305 live() {
        if (state == null) {
            throw new IllegalStateException("Poly1305 instance already finished (a key is for one message)");
        }
        return state;
    }

    /** Absorbs {@code message}. */
    public Poly1305 update(byte[] message) {
        Objects.requireNonNull(message, "message");
        return update(message, 0, message.length);
    }

    /** Absorbs {@code message[off .. off + len)}. */
    public Poly1305 update(byte[] message, int off, int len) {
        Objects.requireNonNull(message, "message");
        Objects.checkFromIndexSize(off, len, message.length);
        live().update(message, off, len);
        return this;
    }

    /** Absorbs the remaining bytes of {@code message}, whose position then reaches its limit. */
    public Poly1305 update(ByteBuffer message) {
        Objects.requireNonNull(message, "message");
        io.jchacha.internal.Poly1305 p = live();
        int len = message.remaining();
        int pos = message.position();
        if (message.hasArray()) {
            p.update(message.array(), message.arrayOffset() + pos, len);
        } else {
            byte[] chunk = new byte[Math.min(len, 4096)];
            for (int done = 0; done < len; ) {
                int n = Math.min(chunk.length, len - done);
                message.get(pos + done, chunk, 0, n);
                p.update(chunk, 0, n);
                done += n;
            }
        }
        message.position(pos + len);
        return this;
    }

    /** The tag of everything absorbed; wipes the key. The instance cannot be used afterwards. */
    public byte[] finish() {
        io.jchacha.internal.Poly1305 p = live();
        byte[] tag = new byte[TAG_LENGTH];
        p.finish(tag, 0);
        state = null;
        return tag;
    }
}
