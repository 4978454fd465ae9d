// SPDX-License-Identifier: Apache-2.0
package io.jchacha.secretstream;

import java.util.Arrays;
import java.util.Objects;

/**
 * What {@link SecretStreamPush} and {@link SecretStreamPull} share: the core state, the frame they work in
 * (64 scratch bytes, the message, 16 bytes of MAC; see {@link SecretStreamCore}), and their life cycle.
 */
abstract class SecretStreamEndpoint implements AutoCloseable {
    /** Frames up to this size are kept between calls; larger messages use a frame for that call only. */
    static final int KEEP = 1024 * 1024;

    static final byte[] EMPTY = new byte[0];

    SecretStreamCore core;
    private byte[] frame = new byte[0];

    SecretStreamEndpoint(byte[] key, byte[] header) {
        Objects.requireNonNull(key, "key");
        if (key.length != SecretStream.KEY_LENGTH) {
            throw new IllegalArgumentException("key must be 32 bytes, got " + key.length);
        }
        this.core = new SecretStreamCore(key, header);
    }

    /** The core, or an exception when this stream can no longer be used. */
    SecretStreamCore live() {
        if (core == null) {
            throw new IllegalStateException("secret stream is closed");
        }
        return core;
    }

    /** A frame for an {@code mlen}-byte message (kept when small enough). */
    byte[] frame(int mlen) {
        long need = (long) mlen + SecretStreamCore.FRAME_EXTRA;
        if (need > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("message of " + mlen + " bytes is too long for one array");
        }
        if (need <= frame.length) {
            return frame;
        }
        byte[] f = new byte[(int) need];
        if (need <= KEEP) {
            Arrays.fill(frame, (byte) 0);
            frame = f;
        }
        return f;
    }

    /** Wipes the message bytes a call left in {@code f}, and drops {@code f} if it was a one-call frame. */
    void release(byte[] f, int mlen) {
        Arrays.fill(f, 0, Math.min(f.length, mlen + SecretStreamCore.FRAME_EXTRA), (byte) 0);
    }

    static byte[] ad(byte[] ad) {
        return ad == null ? EMPTY : ad;
    }

    /** Rejects one buffer object as both input and output (their positions would clash), and read-only output. */
    static void checkBuffers(java.nio.ByteBuffer in, java.nio.ByteBuffer out) {
        if (in == out) {
            throw new IllegalArgumentException(
                    "input and output must not be the same buffer object" + " (use a duplicate() for in-place)");
        }
        if (out.isReadOnly()) {
            throw new java.nio.ReadOnlyBufferException();
        }
    }

    /** Rejects tags that do not fit in libsodium's unsigned char. */
    static void checkTag(int tag) {
        if (tag < 0 || tag > 255) {
            throw new IllegalArgumentException("tag must be 0..255, got " + tag);
        }
    }

    /**
     * Derives a new key and nonce from the current ones, as libsodium's {@code rekey}: both sides must call it at
     * the same point of the stream. The old key cannot be recovered from the new one.
     *
     * @throws IllegalStateException if the stream is closed or has failed
     */
    public void rekey() {
        live().rekey();
    }

    /** Wipes the key, nonce and buffers; every later call throws {@link IllegalStateException}. Idempotent. */
    @Override
    public void close() {
        if (core != null) {
            core.wipe();
            core = null;
        }
        Arrays.fill(frame, (byte) 0);
        frame = new byte[0];
    }
}
