// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import io.jchacha.internal.ChaChaBlock;
import io.jchacha.internal.Engine;
import io.jchacha.internal.EngineScratch;
import io.jchacha.internal.Engines;
import io.jchacha.internal.JavaAead;
import io.jchacha.internal.Overlap;
import io.jchacha.internal.Poly1305;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.AEADBadTagException;
import javax.crypto.ShortBufferException;
import javax.security.auth.Destroyable;

/**
 * OpenSSH's {@code chacha20-poly1305@openssh.com} SSH transport cipher (draft-ietf-sshm-chacha20-poly1305, formerly
 * OpenSSH's PROTOCOL.chacha20poly1305), one whole packet per call.
 *
 * <pre>{@code
 * OpenSshChaCha20Poly1305 c = new OpenSshChaCha20Poly1305(keyMaterial);   // 64 bytes, one direction
 * c.seal(seq, packet, 0, bodyLen, wire, 0);         // [length(4)][body] -> [enc length(4)][enc body][tag(16)]
 * int len = c.decryptLength(seq, wire, 0);          // the receiver reads the length first
 * c.open(seq, wire, 0, len, packet, 0);             // tag checked first; AEADBadTagException writes nothing
 * }</pre>
 *
 * <p>A packet is laid out as {@code [4-byte length][body of bodyLen bytes][16-byte tag]}: plaintext packets carry
 * the length and body, sealed ones the encrypted length, encrypted body and tag. The 64 bytes of key material
 * (RFC 4253 7.2 derivation, one direction) are used by position: bytes 0..31 key the Poly1305 key and the body,
 * bytes 32..63 the length. For sequence number {@code seq} the ChaCha20 nonce is its big-endian 64-bit form (the
 * original ChaCha20, here in RFC 8439's layout as {@code 00000000 || BE64(seq)}); the length is encrypted with
 * block 0 under bytes 32..63, the Poly1305 key is the first 32 bytes of block 0 under bytes 0..31 and the body is
 * encrypted from block 1; the tag is Poly1305 over encrypted length || encrypted body, with no padding or length
 * block. Sequence numbers are SSH's uint32, passed as a {@code long} in [0, 2^32 - 1]; the caller steps them.
 *
 * <p>{@link #open} verifies the tag in constant time before it decrypts anything and writes nothing when it does
 * not match. The input must not change during a call (as with OpenSSH, the tag is computed over the caller's bytes
 * and they are decrypted afterwards). Every method checks all of its arguments before it writes anything. Input and
 * output may be the same range (in place) or overlap in any other way. Instances keep per-packet working memory,
 * so a packet allocates nothing, and are not thread-safe: one instance per direction of a connection, used by one
 * thread at a time, like the SSH libraries' ciphers. {@link #destroy()} wipes the key material.
 */
public final class OpenSshChaCha20Poly1305 implements Destroyable {
    /** Bytes of key material: bytes 0..31 for the Poly1305 key and the body, 32..63 for the length. */
    public static final int KEY_LENGTH = 64;
    /** Bytes of the packet length field in front of the body. */
    public static final int LENGTH_FIELD = 4;
    /** Bytes of the Poly1305 tag after the body. */
    public static final int TAG_LENGTH = Poly1305.TAG_LENGTH;
    /** The largest sequence number: SSH's are unsigned 32-bit. */
    public static final long MAX_SEQUENCE_NUMBER = 0xFFFFFFFFL;
    /**
     * Packets one key may protect: one per sequence number. The adapters refuse the next (it would repeat a nonce);
     * SSH rekeys long before (RFC 4344 3.1: after 2^31 packets).
     */
    public static final long PACKETS_PER_KEY = MAX_SEQUENCE_NUMBER + 1;

    private static final int ROUNDS = 20;
    /** The largest body whose packet with tag fits in an array. */
    private static final int MAX_BODY = Integer.MAX_VALUE - 8 - LENGTH_FIELD - TAG_LENGTH;

    private final Engine engine;
    /** {@link Engine#poly1305Min()}: from how many bytes the tag runs on the engine's Poly1305 kernel. */
    private final int nativeMacMin;
    /**
     * {@link Engine#sshMaxBody()}: up to this body length a packet is one engine call (a native backend's: length,
     * Poly1305 key, body and tag in C); -1 where the engine has none, and longer packets take four calls here.
     */
    private final int oneCallMax;
    /** Key bytes 0..31: the state of the Poly1305 key block and the body; words 12..15 set per packet. */
    private final int[] main;
    /** Key bytes 32..63: the state of the length's keystream; words 12..15 set per packet. */
    private final int[] header;

    // per-packet working memory
    private final EngineScratch work = new EngineScratch();
    private final byte[] nonce = new byte[12];
    private final byte[] polyKey = new byte[Poly1305.KEY_LENGTH];
    private final Poly1305 mac = new Poly1305(new byte[Poly1305.KEY_LENGTH], 0);
    private final byte[] tag = new byte[TAG_LENGTH];
    private final byte[] lengthStream = new byte[LENGTH_FIELD];
    /** A private copy of the input where it overlaps the output, or the packet of a buffer without an array. */
    private byte[] staging;

    private boolean destroyed;

    /**
     * @param keyMaterial exactly 64 bytes (copied): bytes 0..31 for the Poly1305 key and the body, 32..63 for the
     *     length
     * @throws NullPointerException if {@code keyMaterial} is null
     * @throws IllegalArgumentException if {@code keyMaterial} is not 64 bytes
     * @throws IllegalStateException if the backend forced by {@code jchacha.backend} cannot run here
     */
    public OpenSshChaCha20Poly1305(byte[] keyMaterial) {
        this(checkLength(keyMaterial), 0);
    }

    /**
     * Takes the 64 bytes at {@code keyMaterial[offset ..]} (copied; the rest of the array is not read): for SSH
     * libraries that derive more key material than 64 bytes and use the first 64, with no copy of their own.
     *
     * @throws NullPointerException if {@code keyMaterial} is null
     * @throws IndexOutOfBoundsException if the 64 bytes are not inside {@code keyMaterial}
     * @throws IllegalStateException if the backend forced by {@code jchacha.backend} cannot run here
     */
    public OpenSshChaCha20Poly1305(byte[] keyMaterial, int offset) {
        Objects.requireNonNull(keyMaterial, "keyMaterial");
        Objects.checkFromIndexSize(offset, KEY_LENGTH, keyMaterial.length);
        this.engine = Engines.active();
        this.nativeMacMin = engine.poly1305Min();
        this.oneCallMax = engine.sshMaxBody();
        this.main = keyState(keyMaterial, offset);
        this.header = keyState(keyMaterial, offset + 32);
    }

    private static byte[] checkLength(byte[] keyMaterial) {
        Objects.requireNonNull(keyMaterial, "keyMaterial");
        if (keyMaterial.length != KEY_LENGTH) {
            throw new IllegalArgumentException("key material must be 64 bytes, got " + keyMaterial.length);
        }
        return keyMaterial;
    }

    /** A ChaCha state holding the 32 key bytes at {@code off}; the nonce words are set per packet. */
    private static int[] keyState(byte[] keyMaterial, int off) {
        int[] s = new int[16];
        ChaChaBlock.setConstants(s);
        ChaChaBlock.setKey(s, keyMaterial, off);
        return s;
    }

    /**
     * The plaintext packet length of packet {@code seq} from its 4 encrypted length bytes at {@code in[off ..]}, as
     * the uint32 the wire holds (read it with {@link Integer#toUnsignedLong} or check its range). Writes nothing.
     *
     * @throws IllegalArgumentException if {@code seq} is not in [0, 2^32 - 1]
     * @throws IndexOutOfBoundsException if the 4 bytes are not inside {@code in}
     * @throws IllegalStateException if destroyed
     */
    public int decryptLength(long seq, byte[] in, int off) {
        checkLive();
        checkSequence(seq);
        Objects.requireNonNull(in, "in");
        Objects.checkFromIndexSize(off, LENGTH_FIELD, in.length);
        setNonce(seq);
        engine.xor(header, ROUNDS, false, (byte[]) null, 0, lengthStream, 0, LENGTH_FIELD, work);
        int len = 0;
        for (int i = 0; i < LENGTH_FIELD; i++) {
            len = len << 8 | ((in[off + i] ^ lengthStream[i]) & 0xff);
        }
        return len;
    }

    /**
     * The 4 length bytes of packet {@code seq} at {@code in[inOff ..]} XORed with their keystream into
     * {@code out[outOff ..]}: encrypts a plaintext length field or decrypts an encrypted one (the SSH libraries'
     * ciphers take the length apart from the packet). The 4 bytes are read before any is written, so the two ranges
     * may overlap.
     *
     * @throws IllegalArgumentException if {@code seq} is not in [0, 2^32 - 1]
     * @throws IndexOutOfBoundsException if a range is not inside its array
     * @throws IllegalStateException if destroyed
     */
    public void cryptLength(long seq, byte[] in, int inOff, byte[] out, int outOff) {
        Objects.requireNonNull(out, "out");
        Objects.checkFromIndexSize(outOff, LENGTH_FIELD, out.length);
        int v = decryptLength(seq, in, inOff);
        for (int i = 0; i < LENGTH_FIELD; i++) {
            out[outOff + i] = (byte) (v >>> (24 - 8 * i));
        }
    }

    /**
     * Seals packet {@code seq}: reads the plaintext length field and body ({@code 4 + bodyLen} bytes) at
     * {@code in[inOff ..]} and writes the encrypted length, encrypted body and tag ({@code 4 + bodyLen + 16} bytes)
     * to {@code out[outOff ..]}. The ranges may be the same (in place) or overlap in any way. The length field is
     * encrypted as it is; the caller writes the SSH packet length there.
     *
     * @throws IllegalArgumentException if {@code seq} is not in [0, 2^32 - 1] or {@code bodyLen} is negative or
     *     too long for an array
     * @throws IndexOutOfBoundsException if a range is not inside its array
     * @throws IllegalStateException if destroyed
     */
    public void seal(long seq, byte[] in, int inOff, int bodyLen, byte[] out, int outOff) {
        checkArrays(seq, in, inOff, bodyLen, out, outOff, true);
        sealArrays(seq, in, inOff, bodyLen, out, outOff);
    }

    /**
     * Opens packet {@code seq}: verifies the tag of the encrypted length, body and tag
     * ({@code 4 + bodyLen + 16} bytes) at {@code in[inOff ..]} in constant time, then writes the plaintext length
     * field and body ({@code 4 + bodyLen} bytes) to {@code out[outOff ..]}. {@code bodyLen} is the packet length
     * {@link #decryptLength} gave. The ranges may be the same (in place) or overlap in any way.
     *
     * @throws AEADBadTagException if the tag does not match (nothing is written, in place too)
     * @throws IllegalArgumentException if {@code seq} is not in [0, 2^32 - 1] or {@code bodyLen} is negative or
     *     too long for an array
     * @throws IndexOutOfBoundsException if a range is not inside its array
     * @throws IllegalStateException if destroyed
     */
    public void open(long seq, byte[] in, int inOff, int bodyLen, byte[] out, int outOff) throws AEADBadTagException {
        checkArrays(seq, in, inOff, bodyLen, out, outOff, false);
        if (!openArrays(seq, in, inOff, bodyLen, out, outOff)) {
            throw new AEADBadTagException("tag mismatch");
        }
    }

    /**
     * Seals the plaintext packet in {@code in}'s remaining bytes (length field and body) into {@code out}: the
     * encrypted length, body and tag, 16 bytes more. Both positions advance by what was read and written; a refused
     * call moves neither. Heap and direct buffers, read-only input; the two may be views of the same memory at any
     * distance (in place through a {@code duplicate()}).
     *
     * @return the bytes written: {@code in.remaining() + 16}
     * @throws IllegalArgumentException if {@code seq} is not in [0, 2^32 - 1], {@code in} has fewer than 4 bytes
     *     left, or {@code in} and {@code out} are the same object
     * @throws ShortBufferException if {@code out} has less room than that
     * @throws ReadOnlyBufferException if {@code out} is read-only
     * @throws IllegalStateException if destroyed
     */
    public int seal(long seq, ByteBuffer in, ByteBuffer out) throws ShortBufferException {
        checkBuffers(seq, in, out);
        int len = in.remaining();
        if (len < LENGTH_FIELD) {
            throw new IllegalArgumentException("a packet has a 4-byte length field, input has " + len + " bytes");
        }
        int bodyLen = len - LENGTH_FIELD;
        checkBodyLength(bodyLen);
        int need = len + TAG_LENGTH;
        if (out.remaining() < need) {
            throw new ShortBufferException("output needs " + need + " bytes, has " + out.remaining());
        }
        onBuffers(true, seq, in, bodyLen, out);
        return need;
    }

    /**
     * Opens the sealed packet in {@code in}'s remaining bytes (encrypted length, body and tag) into {@code out}: the
     * plaintext length field and body, 16 bytes fewer. The tag is verified first; on a mismatch nothing is written
     * and neither position moves. Otherwise both advance by what was read and written. Buffers as for
     * {@link #seal(long, ByteBuffer, ByteBuffer)}.
     *
     * @return the bytes written: {@code in.remaining() - 16}
     * @throws AEADBadTagException if the tag does not match, or {@code in} has fewer than 20 bytes left
     * @throws IllegalArgumentException if {@code seq} is not in [0, 2^32 - 1] or {@code in} and {@code out} are the
     *     same object
     * @throws ShortBufferException if {@code out} has less room than that
     * @throws ReadOnlyBufferException if {@code out} is read-only
     * @throws IllegalStateException if destroyed
     */
    public int open(long seq, ByteBuffer in, ByteBuffer out) throws ShortBufferException, AEADBadTagException {
        checkBuffers(seq, in, out);
        int len = in.remaining();
        if (len < LENGTH_FIELD + TAG_LENGTH) {
            throw new AEADBadTagException("a sealed packet has at least 20 bytes, input has " + len);
        }
        int bodyLen = len - LENGTH_FIELD - TAG_LENGTH;
        int need = len - TAG_LENGTH;
        if (out.remaining() < need) {
            throw new ShortBufferException("output needs " + need + " bytes, has " + out.remaining());
        }
        if (!onBuffers(false, seq, in, bodyLen, out)) {
            throw new AEADBadTagException("tag mismatch");
        }
        return need;
    }

    /**
     * A checked buffer call: on the arrays where both buffers show theirs, else in place on a private copy of the
     * input, so that any two views of the same memory work and the output is written once, whole. False when an open
     * finds a bad tag: then nothing was written and no position moved.
     */
    private boolean onBuffers(boolean sealing, long seq, ByteBuffer in, int bodyLen, ByteBuffer out) {
        int plain = LENGTH_FIELD + bodyLen;
        int sealed = plain + TAG_LENGTH;
        int inLen = sealing ? plain : sealed;
        int outLen = sealing ? sealed : plain;
        int inPos = in.position();
        int outPos = out.position();
        if (in.hasArray() && out.hasArray()) {
            if (!onArrays(
                    sealing,
                    seq,
                    in.array(),
                    in.arrayOffset() + inPos,
                    bodyLen,
                    out.array(),
                    out.arrayOffset() + outPos)) {
                return false;
            }
        } else {
            byte[] s = staging(sealed);
            try {
                in.get(inPos, s, 0, inLen);
                if (!onArrays(sealing, seq, s, 0, bodyLen, s, 0)) {
                    return false;
                }
                out.put(outPos, s, 0, outLen);
            } finally {
                Arrays.fill(s, 0, sealed, (byte) 0);
            }
        }
        in.position(inPos + inLen);
        out.position(outPos + outLen);
        return true;
    }

    /** Seals, or opens and says whether the tag matched; after the checks. */
    private boolean onArrays(boolean sealing, long seq, byte[] in, int inOff, int bodyLen, byte[] out, int outOff) {
        if (sealing) {
            sealArrays(seq, in, inOff, bodyLen, out, outOff);
            return true;
        }
        return openArrays(seq, in, inOff, bodyLen, out, outOff);
    }

    /**
     * The seal after the checks: one engine call where the engine has it and the packet fits, else four (Poly1305
     * key, length, body, tag). Where the ranges overlap other than exactly (for one call: other than in place or
     * apart), the input is copied first; the tag is written last, after every input byte was read.
     */
    private void sealArrays(long seq, byte[] in, int inOff, int bodyLen, byte[] out, int outOff) {
        int len = LENGTH_FIELD + bodyLen;
        boolean oneCall = bodyLen <= oneCallMax;
        byte[] copy = null;
        if (oneCall
                ? !sameOrApart(in, inOff, len, out, outOff, len + TAG_LENGTH)
                : Overlap.of(in, inOff, out, outOff, len) != Overlap.NONE) {
            copy = staging(len);
            System.arraycopy(in, inOff, copy, 0, len);
            in = copy;
            inOff = 0;
        }
        try {
            if (oneCall) {
                engine.sshSeal(main, header, seq, in, inOff, bodyLen, out, outOff);
                return;
            }
            startPacket(seq);
            engine.xor(header, ROUNDS, false, in, inOff, out, outOff, LENGTH_FIELD, work);
            engine.xor(main, ROUNDS, false, in, inOff + LENGTH_FIELD, out, outOff + LENGTH_FIELD, bodyLen, work);
            tag(out, outOff, len);
            System.arraycopy(tag, 0, out, outOff + len, TAG_LENGTH);
        } finally {
            Arrays.fill(polyKey, (byte) 0);
            if (copy != null) {
                Arrays.fill(copy, 0, len, (byte) 0);
            }
        }
    }

    /**
     * The open after the checks: one engine call where the engine has it and the packet fits; else the tag over the
     * input (or its private copy, taken first where the ranges overlap other than exactly), compared in constant
     * time, then the decryption. False with nothing written when the tag does not match.
     */
    private boolean openArrays(long seq, byte[] in, int inOff, int bodyLen, byte[] out, int outOff) {
        int len = LENGTH_FIELD + bodyLen;
        boolean oneCall = bodyLen <= oneCallMax;
        byte[] copy = null;
        if (oneCall
                ? !sameOrApart(in, inOff, len + TAG_LENGTH, out, outOff, len)
                : Overlap.of(in, inOff, out, outOff, len) != Overlap.NONE) {
            copy = staging(len + TAG_LENGTH);
            System.arraycopy(in, inOff, copy, 0, len + TAG_LENGTH);
            in = copy;
            inOff = 0;
        }
        try {
            if (oneCall) {
                return engine.sshOpen(main, header, seq, in, inOff, bodyLen, out, outOff);
            }
            startPacket(seq);
            tag(in, inOff, len);
            if (!JavaAead.tagsEqual(tag, 0, in, inOff + len)) {
                return false;
            }
            engine.xor(header, ROUNDS, false, in, inOff, out, outOff, LENGTH_FIELD, work);
            engine.xor(main, ROUNDS, false, in, inOff + LENGTH_FIELD, out, outOff + LENGTH_FIELD, bodyLen, work);
            return true;
        } finally {
            Arrays.fill(polyKey, (byte) 0);
            if (copy != null) {
                Arrays.fill(copy, 0, len + TAG_LENGTH, (byte) 0);
            }
        }
    }

    /** Whether the one-call path may take the ranges as they are: the same range, or no shared byte. */
    private static boolean sameOrApart(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
        return in != out || inOff == outOff || outOff >= inOff + inLen || inOff >= outOff + outLen;
    }

    /**
     * Sets both states to packet {@code seq} (block 0) and makes the Poly1305 key, the first 32 bytes of the main
     * key's block 0; leaves the main state at block 1, where the body starts.
     */
    private void startPacket(long seq) {
        setNonce(seq);
        engine.xor(main, ROUNDS, false, (byte[]) null, 0, polyKey, 0, Poly1305.KEY_LENGTH, work);
        main[12] = 1;
    }

    /** The packet's tag over {@code m[off .. off + len)} into {@link #tag}: the engine's kernel where it pays. */
    private void tag(byte[] m, int off, int len) {
        if (len >= nativeMacMin) {
            engine.poly1305(polyKey, m, off, len, tag);
        } else {
            mac.init(polyKey, 0);
            mac.update(m, off, len);
            mac.finish(tag, 0);
        }
    }

    /** Both states at block 0 of packet {@code seq}: nonce {@code 00000000 || BE64(seq)} in the IETF layout. */
    private void setNonce(long seq) {
        int s = (int) seq;
        nonce[8] = (byte) (s >>> 24);
        nonce[9] = (byte) (s >>> 16);
        nonce[10] = (byte) (s >>> 8);
        nonce[11] = (byte) s;
        ChaChaBlock.setIetfNonce(main, nonce);
        ChaChaBlock.setIetfNonce(header, nonce);
    }

    /** The staging array, grown to at least {@code n} bytes (a packet's; it is wiped after each use). */
    private byte[] staging(int n) {
        if (staging == null || staging.length < n) {
            if (staging != null) {
                Arrays.fill(staging, (byte) 0);
            }
            staging = new byte[n];
        }
        return staging;
    }

    private void checkLive() {
        if (destroyed) {
            throw new IllegalStateException("cipher destroyed");
        }
    }

    private static void checkSequence(long seq) {
        if (seq < 0 || seq > MAX_SEQUENCE_NUMBER) {
            throw new IllegalArgumentException("sequence number must be in [0, 2^32 - 1], got " + seq);
        }
    }

    private static void checkBodyLength(int bodyLen) {
        if (bodyLen < 0) {
            throw new IllegalArgumentException("body length must not be negative, got " + bodyLen);
        }
        if (bodyLen > MAX_BODY) {
            throw new IllegalArgumentException("body length " + bodyLen + " too long for a packet in an array");
        }
    }

    private void checkArrays(long seq, byte[] in, int inOff, int bodyLen, byte[] out, int outOff, boolean sealing) {
        checkLive();
        checkSequence(seq);
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(out, "out");
        checkBodyLength(bodyLen);
        int plain = LENGTH_FIELD + bodyLen;
        int sealed = plain + TAG_LENGTH;
        Objects.checkFromIndexSize(inOff, sealing ? plain : sealed, in.length);
        Objects.checkFromIndexSize(outOff, sealing ? sealed : plain, out.length);
    }

    private void checkBuffers(long seq, ByteBuffer in, ByteBuffer out) {
        checkLive();
        checkSequence(seq);
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(out, "out");
        if (in == out) {
            throw new IllegalArgumentException(
                    "input and output must not be the same buffer object (use a duplicate() for in-place)");
        }
        if (out.isReadOnly()) {
            throw new ReadOnlyBufferException();
        }
    }

    /** Wipes the key material and all working memory; every later call throws {@link IllegalStateException}. */
    @Override
    public void destroy() {
        Arrays.fill(main, 0);
        Arrays.fill(header, 0);
        Arrays.fill(nonce, (byte) 0);
        Arrays.fill(polyKey, (byte) 0);
        Arrays.fill(tag, (byte) 0);
        Arrays.fill(lengthStream, (byte) 0);
        if (staging != null) {
            Arrays.fill(staging, (byte) 0);
        }
        mac.wipe();
        work.wipe();
        destroyed = true;
    }

    @Override
    public boolean isDestroyed() {
        return destroyed;
    }

    @Override
    public String toString() {
        return "OpenSshChaCha20Poly1305[backend " + engine.name() + "]";
    }
}
