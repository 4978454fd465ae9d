// SPDX-License-Identifier: Apache-2.0
package io.jchacha.provider;

import io.jchacha.ChaCha20;
import io.jchacha.HChaCha20;
import io.jchacha.internal.Poly1305;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The streaming state of one ChaCha20-Poly1305 / XChaCha20-Poly1305 encryption through {@code Cipher.update}: one
 * ChaCha20 from block 0 under the message's key and nonce (XChaCha20: the HChaCha20 subkey and the IETF nonce
 * {@code 0^4 || nonce[16..24)}), whose first 32 bytes key Poly1305; the AAD absorbed at the start; the ciphertext
 * MACed as it is produced; the tag at the end. Each chunk of input is read once into a private array, encrypted and
 * MACed there, then written out, so the tag covers the ciphertext computed, not what the output holds later.
 *
 * <p>One instance serves its SPI for the SPI's life. The key bytes it reads ({@link #subkey}, {@link #polyKey}) live
 * as long as the message and {@link #reset()} wipes them: never a fresh key array wiped right after the call that
 * reads it, a shape OpenJDK 17.0.21's C2 compiled into an all-zero key (docs/DEVELOPING.md, "Java rules"). Not
 * thread-safe, like the SPI.
 */
final class SealStream {
    /** Bytes per step. */
    private static final int CHUNK = 8192;

    private ChaCha20 stream;
    private Poly1305 mac;
    private long aadLen;
    private long streamed;
    /** The private copy of each chunk, reused by every update. */
    private byte[] chunk;
    /** The Poly1305 key (block 0's first 32 bytes), kept until {@link #reset()} wipes it. */
    private byte[] polyKey;
    /** XChaCha20-Poly1305's HChaCha20 subkey, kept until {@link #reset()} wipes and drops it. */
    private byte[] subkey;

    /** Whether a message is under way ({@link #start} ran since the last {@link #reset}). */
    boolean started() {
        return stream != null;
    }

    /** Starts a message under {@code key} and {@code nonce} (12 bytes, or 24 for XChaCha20) with its whole AAD. */
    void start(boolean xchacha, byte[] key, byte[] nonce, byte[] aad, int aadLength) {
        if (xchacha) {
            subkey = HChaCha20.subkey(key, Arrays.copyOf(nonce, HChaCha20.INPUT_LENGTH));
            byte[] ietfNonce = new byte[12];
            System.arraycopy(nonce, 16, ietfNonce, 4, 8);
            stream = ChaCha20.newInstance(ChaCha20.Variant.IETF, subkey, ietfNonce, 0, 20);
        } else {
            stream = ChaCha20.newInstance(ChaCha20.Variant.IETF, key, nonce, 0, 20);
        }
        if (polyKey == null) {
            polyKey = new byte[Poly1305.KEY_LENGTH];
        }
        stream.keystream(polyKey, 0, Poly1305.KEY_LENGTH);
        stream.skip(ChaCha20.BLOCK_LENGTH - Poly1305.KEY_LENGTH);
        mac = new Poly1305(polyKey, 0);
        mac.update(aad, 0, aadLength);
        mac.pad16();
        aadLen = aadLength;
    }

    /** Reads message bytes {@code [off, off + n)} into {@code dst[0 .. n)}. */
    private interface ChunkSource {
        void read(int off, byte[] dst, int n);
    }

    /** Writes {@code src[0 .. n)} at message offset {@code off}. */
    private interface ChunkSink {
        void write(int off, byte[] src, int n);
    }

    private void chunks(ChunkSource in, int len, ChunkSink out) {
        int size = Math.min(len, CHUNK);
        if (chunk == null || chunk.length < size) {
            Support.wipe(chunk);
            chunk = new byte[size];
        }
        for (int done = 0; done < len; ) {
            int n = Math.min(size, len - done);
            in.read(done, chunk, n);
            stream.update(chunk, 0, n, chunk, 0);
            mac.update(chunk, 0, n);
            out.write(done, chunk, n);
            done += n;
        }
        streamed += len;
    }

    /** Encrypts {@code len} bytes of {@code in} into {@code out}; the ranges (checked by the caller) may overlap. */
    void update(byte[] in, int inOff, int len, byte[] out, int outOff) {
        // an output starting inside the input, after it, would overwrite input not read yet: take the input first
        byte[] copy =
                in == out && outOff > inOff && outOff < inOff + len ? Arrays.copyOfRange(in, inOff, inOff + len) : null;
        byte[] src = copy != null ? copy : in;
        int base = copy != null ? 0 : inOff;
        chunks(
                (off, dst, n) -> System.arraycopy(src, base + off, dst, 0, n),
                len,
                (off, c, n) -> System.arraycopy(c, 0, out, outOff + off, n));
        Support.wipe(copy);
    }

    /** Encrypts all of {@code in}'s remaining bytes into {@code out} (room checked by the caller), advancing both. */
    void update(ByteBuffer in, ByteBuffer out) {
        int len = in.remaining();
        int inPos = in.position();
        int outPos = out.position();
        if (in.hasArray() && out.hasArray()) {
            update(in.array(), in.arrayOffset() + inPos, len, out.array(), out.arrayOffset() + outPos);
        } else {
            byte[] copy = Support.mayAliasUnseen(in, out) ? Support.copyOut(in, inPos, len) : null;
            ChunkSource src = copy != null
                    ? (off, dst, n) -> System.arraycopy(copy, off, dst, 0, n)
                    : (off, dst, n) -> in.get(inPos + off, dst, 0, n);
            chunks(src, len, (off, c, n) -> out.put(outPos + off, c, 0, n));
            Support.wipe(copy);
        }
        in.position(inPos + len);
        out.position(outPos + len);
    }

    /** The message's tag; the message then needs {@link #reset()} before another starts. */
    byte[] tag() {
        mac.pad16();
        mac.updateLengths(aadLen, streamed);
        byte[] tag = new byte[16];
        mac.finish(tag, 0); // and wipes it
        mac = null;
        return tag;
    }

    /** Drops the message: the stream destroyed, the MAC and every key byte wiped. */
    void reset() {
        if (stream != null) {
            stream.destroy();
            stream = null;
        }
        if (mac != null) {
            mac.wipe();
            mac = null;
        }
        aadLen = 0;
        streamed = 0;
        Support.wipe(chunk);
        Support.wipe(polyKey);
        Support.wipe(subkey);
        subkey = null;
    }
}
