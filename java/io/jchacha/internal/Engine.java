// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.nio.ByteBuffer;

/**
 * A ChaCha20 keystream engine: the one seam between the public API and an implementation (pure Java or a
 * native kernel). Engines are stateless and thread-safe; the caller owns the cipher state.
 *
 * <p>The caller has validated every argument: ranges are inside their arrays or buffers, {@code rounds} is
 * 8, 12 or 20, and the block counter does not run past its limit during the call (so an engine never has
 * to detect exhaustion). Engines must not read or write outside the ranges given.
 *
 * <p>State layout (RFC 8439 2.3): {@code state[0..3]} constants, {@code [4..11]} key, {@code [12]} block
 * counter (low word), {@code [13]} counter high word when {@code counter64} (original ChaCha20 and
 * XChaCha20) or the first nonce word (IETF), {@code [14..15]} nonce. The engine reads {@code state} and never
 * modifies it; block {@code i} of the call uses counter {@code state[12] + i} (carried into {@code state[13]}
 * when {@code counter64}).
 */
public interface Engine {

    /** The backend name: {@code java}, {@code portable}, {@code avx2}, {@code avx512} or {@code neon}. */
    String name();

    /**
     * XORs {@code len} bytes of keystream, starting at the first byte of the block named by the state's
     * counter, into {@code out}. When {@code in} is {@code null} the raw keystream is written. {@code in} and
     * {@code out} may be the same array with {@code inOff == outOff}; other overlaps are not allowed (the
     * caller copies first). A final partial block writes only its bytes.
     */
    void xor(int[] state, int rounds, boolean counter64, byte[] in, int inOff, byte[] out, int outOff, int len);

    /**
     * The same for buffers, at absolute indices (positions and limits are neither read nor changed). Either
     * buffer may be heap or direct; {@code in} may be {@code null} for raw keystream.
     */
    void xor(int[] state, int rounds, boolean counter64, ByteBuffer in, int inPos, ByteBuffer out, int outPos, int len);

    /**
     * {@link #xor(int[], int, boolean, byte[], int, byte[], int, int)} with the caller's working memory: an
     * engine that needs scratch space takes it from {@code scratch} instead of allocating it per call (an owner
     * that makes many calls, such as a cipher instance, keeps one and wipes it when done). Engines that need none
     * ignore it.
     */
    default void xor(
            int[] state,
            int rounds,
            boolean counter64,
            byte[] in,
            int inOff,
            byte[] out,
            int outOff,
            int len,
            EngineScratch scratch) {
        xor(state, rounds, counter64, in, inOff, out, outOff, len);
    }

    /** {@link #xor(int[], int, boolean, ByteBuffer, int, ByteBuffer, int, int)} with the caller's working memory. */
    default void xor(
            int[] state,
            int rounds,
            boolean counter64,
            ByteBuffer in,
            int inPos,
            ByteBuffer out,
            int outPos,
            int len,
            EngineScratch scratch) {
        xor(state, rounds, counter64, in, inPos, out, outPos, len);
    }

    /**
     * How many 64-byte blocks the stream layer should generate at once into its keystream buffer when it
     * serves short updates. One block means the engine prefers exact-size calls.
     */
    default int bufferBlocks() {
        return 1;
    }

    /**
     * From how many bytes a block-aligned update goes to the engine in one call instead of through the keystream
     * buffer (XOR-ing from the buffer runs at Java speed below {@link #xorBytesMin()}; a call may carry a fixed cost
     * such as JNI's).
     */
    default int directBytes() {
        return bufferBlocks() * 64;
    }

    /**
     * From how many bytes a block-aligned update of a streaming cipher goes to the engine in one call (its whole
     * blocks) when it starts where the engine's last call for that cipher, a full keystream buffer or a direct call,
     * stopped: an engine that keeps per-stream state going (the jdk engine's SunJCE Cipher) makes such a call cheaper
     * than a first one. At most {@link #directBytes()}.
     */
    default int streamDirectBytes() {
        return directBytes();
    }

    /**
     * Whether {@link #xorContinuing} ever takes a call: an engine that keeps per-stream state going in the owner's
     * scratch (the jdk engine's SunJCE Cipher). A stream asks once.
     */
    default boolean continuesStreams() {
        return false;
    }

    /**
     * The XOR of {@code xor(state, ...)} for a stream whose state is fixed but for the counter, where this engine's
     * last call with {@code scratch} stopped: true with the {@code len} bytes (whole blocks, from block {@code block}:
     * the counter, with its high word when {@code counter64}) done, or false with nothing done when the engine's state
     * in {@code scratch} does not stand there or it prefers {@code xor} for this length (then an ordinary {@code xor}
     * serves). It checks only the position: the caller vouches that every call it made with {@code scratch} had its
     * stream's key, nonce and rounds (a cipher instance's own scratch, all three fixed; the jdk engine keeps state
     * there for 20 rounds only), and that the counter does not run past its limit. The jdk engine's {@code xor} also
     * compares key and nonce before it goes on; with the stream layer's own shortcut this saves a few percent of a
     * steady 256-byte update (docs/bench/tuning.md#stream-continuation).
     */
    default boolean xorContinuing(
            long block,
            boolean counter64,
            byte[] in,
            int inOff,
            byte[] out,
            int outOff,
            int len,
            EngineScratch scratch) {
        return false;
    }

    /**
     * From how many bytes {@link #xorBytes} beats the stream layer's own XOR (in Java) of input with the keystream
     * it keeps; {@link Integer#MAX_VALUE} (the default) means never, and then {@link #xorBytes} is never called.
     */
    default int xorBytesMin() {
        return Integer.MAX_VALUE;
    }

    /**
     * Writes {@code a[aOff + i] ^ b[bOff + i]} to {@code out[outOff + i]} for {@code i < len}. {@code a}'s range may be
     * {@code out}'s; no other overlap. The caller has checked the ranges, and calls this only from
     * {@link #xorBytesMin()} bytes; {@code scratch} is its own, as for {@code xor}.
     */
    default void xorBytes(
            byte[] a, int aOff, byte[] b, int bOff, byte[] out, int outOff, int len, EngineScratch scratch) {
        throw new UnsupportedOperationException(name() + " has no XOR of its own");
    }

    /**
     * From how many message bytes {@link #poly1305} beats the Java {@link Poly1305} a caller keeps (a keyed instance,
     * no allocation); {@link Integer#MAX_VALUE} (the default) means never, and then {@link #poly1305} is never called.
     */
    default int poly1305Min() {
        return Integer.MAX_VALUE;
    }

    /**
     * The Poly1305 tag of {@code msg[off .. off + len)} under the 32-byte one-time key {@code key[0 .. 32)}, into
     * {@code tag[0 .. 16)}, on this engine's own kernel. The caller has checked the ranges, and calls this only from
     * {@link #poly1305Min()} bytes.
     */
    default void poly1305(byte[] key, byte[] msg, int off, int len, byte[] tag) {
        throw new UnsupportedOperationException(name() + " has no Poly1305 of its own");
    }

    /**
     * The longest body of a chacha20-poly1305@openssh.com packet that {@link #sshSeal} and {@link #sshOpen} take in
     * one call; -1 (the default): this engine has no such call, and the packet goes through {@link #xor} and
     * {@link #poly1305}.
     */
    default int sshMaxBody() {
        return -1;
    }

    /**
     * Seals SSH packet {@code seq} in one call (io.jchacha.ssh.OpenSshChaCha20Poly1305's layout): {@code mainKey}
     * and {@code headerKey} are the owner's 16-word states of key bytes 0..31 and 32..63, of which words 0..11 are
     * read; {@code 4 + bodyLen} bytes at {@code in[inOff ..]} become {@code 4 + bodyLen + 16} at {@code out[outOff
     * ..]}. The caller has checked everything, keeps {@code bodyLen} within {@link #sshMaxBody()}, and passes ranges
     * that are the same or disjoint.
     */
    default void sshSeal(
            int[] mainKey, int[] headerKey, long seq, byte[] in, int inOff, int bodyLen, byte[] out, int outOff) {
        throw new UnsupportedOperationException(name() + " has no SSH packet call");
    }

    /** {@link #sshSeal}'s open: the tag checked first; false, with nothing written, when it does not match. */
    default boolean sshOpen(
            int[] mainKey, int[] headerKey, long seq, byte[] in, int inOff, int bodyLen, byte[] out, int outOff) {
        throw new UnsupportedOperationException(name() + " has no SSH packet call");
    }
}
