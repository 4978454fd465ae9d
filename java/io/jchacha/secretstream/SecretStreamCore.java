// SPDX-License-Identifier: Apache-2.0
package io.jchacha.secretstream;

import io.jchacha.internal.AeadEngine;
import io.jchacha.internal.Bytes;
import io.jchacha.internal.ChaChaBlock;
import io.jchacha.internal.Engine;
import io.jchacha.internal.EngineScratch;
import io.jchacha.internal.Engines;
import io.jchacha.internal.Poly1305;
import io.jchacha.internal.SecretStreamSealer;
import java.util.Arrays;

/**
 * The state and message construction of libsodium's crypto_secretstream_xchacha20poly1305 (1.0.18), over the
 * active engine. Callers have checked every argument.
 *
 * <p>State: the IETF ChaCha20 state with the HChaCha20 subkey, word 13 the 32-bit message counter (little-endian,
 * starts at 1) and words 14..15 the 8-byte "inonce". Message i: block 0 of the state keys Poly1305, block 1
 * encrypts a 64-byte block whose first byte is the tag, blocks 2.. encrypt the message; the MAC covers
 * {@code ad || pad16(ad) || encrypted block || c || zeros(mlen % 16) || le64(adlen) || le64(64 + mlen)}
 * (libsodium's padding of {@code c}, kept for compatibility); the wire form is the block's first byte, c, MAC.
 * Afterwards the inonce is XORed with the MAC's first 8 bytes, the counter incremented, and the state rekeyed
 * when the tag has the REKEY bit or the counter wrapped to 0.
 *
 * <p>Frames: messages are sealed and opened in place in a caller's array laid out as 64 scratch bytes, the
 * message, 16 bytes for the MAC. The wire form then lies at {@code frame[63 .. 80 + mlen)}, so a stream writer
 * or reader moves whole frames without copying. When the message length is a multiple of 8 (mlen % 16 is 0 or
 * 8), libsodium's padding equals the AEAD's pad16 of {@code 64 + mlen}, and the whole frame is one RFC 8439 AEAD
 * call (one JNI call on a native backend) with {@code tagblock || message} as its plaintext; other lengths take
 * the engine's keystream and a Java Poly1305.
 */
final class SecretStreamCore {
    static final int BLOCK = 64;
    static final int MAC = 16;
    /** Offset of the wire form (tag byte) in a frame. */
    static final int WIRE = BLOCK - 1;
    /** Frame bytes besides the message. */
    static final int FRAME_EXTRA = BLOCK + MAC;

    static final int TAG_REKEY = 2;

    private static final byte[] ZEROS = new byte[16];

    private final Engine engine;
    private final AeadEngine aead;
    /** The engine when it seals a message from the caller's input to the caller's output itself, else null. */
    private final SecretStreamSealer sealer;
    /** IETF state: constants, subkey, word 12 the block counter, 13 the message counter, 14..15 the inonce. */
    private final int[] state;

    private final byte[] rekeyBuf = new byte[40];
    private final byte[] polyKey = new byte[BLOCK];
    private final byte[] mac = new byte[MAC];
    private final Poly1305 poly = new Poly1305(new byte[32], 0);
    /** The engine's working memory, reused by every message of the stream. */
    private final EngineScratch work = new EngineScratch();

    SecretStreamCore(byte[] key, byte[] header) {
        this.engine = Engines.active();
        this.aead = AeadEngine.forEngine(engine);
        this.sealer = engine instanceof SecretStreamSealer ? (SecretStreamSealer) engine : null;
        // the subkey stays in words: no short-lived key bytes read and wiped here (docs/DEVELOPING.md, "Java rules")
        int[] k = Bytes.toWords(key, 0, 8);
        int[] sub = ChaChaBlock.hchacha(k, Bytes.toWords(header, 0, 4), 20);
        Arrays.fill(k, 0);
        this.state = ChaChaBlock.state(sub, 1, Bytes.le32(header, 16), Bytes.le32(header, 20));
        Arrays.fill(sub, 0);
    }

    /** libsodium's padding equals pad16 of (64 + mlen) exactly when mlen % 16 is 0 or 8. */
    private static boolean aeadShaped(int mlen) {
        return (mlen & 7) == 0;
    }

    /**
     * Seals {@code frame[64 .. 64 + mlen)} with {@code tag}; the wire form is then {@code frame[63 .. 80 + mlen)}.
     * {@code frame[0 .. 63)} is scratch and zeroed again.
     */
    void seal(byte[] frame, int mlen, byte[] ad, int tag) {
        Arrays.fill(frame, 0, BLOCK, (byte) 0);
        frame[0] = (byte) tag;
        if (aeadShaped(mlen)) {
            aead.seal(state, state[13], state[14], state[15], ad, 0, ad.length, frame, 0, BLOCK + mlen, frame, 0);
        } else {
            state[12] = 1;
            engine.xor(state, 20, false, frame, 0, frame, 0, BLOCK + mlen, work);
            mac(frame, mlen, ad, frame, BLOCK + mlen);
        }
        frame[WIRE] = frame[0];
        Arrays.fill(frame, 0, WIRE, (byte) 0);
        advance(frame, BLOCK + mlen, tag);
    }

    /**
     * Messages from this many bytes go from the caller's input to the caller's output in one native call
     * ({@link #sealDirect}); shorter ones are copied into a frame and sealed by one AEAD call (the one-pass short
     * path up to 256 bytes), which costs fewer JNI transitions. Controls the secret stream layer only. Measured on avx2 (Zen 3, JDK 17, loaded
     * machine), pushInto in ops/s frame vs direct, {@code java -jar target/jchacha-benchmarks.jar
     * 'SecretStreamBench.pushInto' -p size=16,64,256,1024,2048,4096 -f 1 -wi 2 -w 500ms -i 4 -r 500ms} with the
     * path forced each way: 16 B 2.14M vs 1.20M, 64 B 2.00M vs 1.17M, 256 B 1.19M vs 1.00M, 1 KiB 722k vs 733k,
     * 2 KiB 493k vs 504k, 4 KiB 309k vs 330k; 64 KiB ({@code secretstream 2 4 800}) pushInto / one-shot seal 0.93x
     * vs 1.00x.
     */
    static final int DIRECT_SEAL_BYTES = 1024;

    /** Whether {@link #sealDirect} should seal an {@code mlen}-byte message: the engine can, and it is long. */
    boolean sealsDirect(int mlen) {
        return sealer != null && mlen >= DIRECT_SEAL_BYTES;
    }

    /**
     * Seals {@code in[inOff .. inOff + mlen)} with {@code tag} and writes the wire form ({@code mlen + 17} bytes) to
     * {@code out[outOff ..]}, without a frame; only when {@link #sealsDirect} says so. Ranges may overlap in any way.
     */
    void sealDirect(byte[] in, int inOff, int mlen, byte[] ad, int tag, byte[] out, int outOff) {
        state[12] = 0;
        long first = sealer.secretStreamSeal(state, ad, tag, in, inOff, mlen, out, outOff);
        advance((int) first, (int) (first >>> 32), tag);
    }

    /**
     * Verifies and opens the wire form at {@code frame[63 .. 80 + mlen)} in place: the message lands at
     * {@code frame[64 .. 64 + mlen)} and the tag is returned. Returns -1 when the MAC does not match; then the
     * state is unchanged and no byte of the frame's message range was decrypted.
     */
    int open(byte[] frame, int mlen, byte[] ad) {
        byte b0 = frame[WIRE];
        // frame[0 .. 64) := the encrypted tag block: its first byte from the wire, the rest keystream block 1
        state[12] = 1;
        engine.xor(state, 20, false, (byte[]) null, 0, frame, 0, BLOCK, work);
        frame[0] = b0;
        int end = BLOCK + mlen;
        if (aeadShaped(mlen)) {
            if (!aead.open(state, state[13], state[14], state[15], ad, 0, ad.length, frame, 0, end, frame, 0)) {
                Arrays.fill(frame, 0, BLOCK, (byte) 0);
                frame[WIRE] = b0;
                return -1;
            }
        } else {
            mac(frame, mlen, ad, mac, 0);
            int diff = 0;
            for (int i = 0; i < MAC; i++) {
                diff |= mac[i] ^ frame[end + i];
            }
            Arrays.fill(mac, (byte) 0);
            if (diff != 0) {
                Arrays.fill(frame, 0, BLOCK, (byte) 0);
                frame[WIRE] = b0;
                return -1;
            }
            state[12] = 1;
            engine.xor(state, 20, false, frame, 0, frame, 0, end, work);
        }
        int tag = frame[0] & 0xff;
        Arrays.fill(frame, 0, BLOCK, (byte) 0);
        advance(frame, end, tag);
        return tag;
    }

    /** libsodium's MAC over the encrypted block and c at {@code frame[0 .. 64 + mlen)}, into {@code out[off ..]}. */
    private void mac(byte[] frame, int mlen, byte[] ad, byte[] out, int off) {
        state[12] = 0;
        engine.xor(state, 20, false, (byte[]) null, 0, polyKey, 0, BLOCK, work);
        poly.init(polyKey, 0);
        Arrays.fill(polyKey, (byte) 0);
        poly.update(ad, 0, ad.length);
        poly.update(ZEROS, 0, (0x10 - ad.length) & 0xf);
        poly.update(frame, 0, BLOCK + mlen);
        poly.update(ZEROS, 0, mlen & 0xf);
        poly.updateLengths(ad.length, BLOCK + (long) mlen);
        poly.finish(out, off);
    }

    /** After a message: inonce ^= the MAC's first 8 bytes, counter + 1, rekey on the REKEY bit or a wrap. */
    private void advance(byte[] macSrc, int macOff, int tag) {
        advance(Bytes.le32(macSrc, macOff), Bytes.le32(macSrc, macOff + 4), tag);
    }

    /** {@link #advance(byte[], int, int)} with the MAC's first two little-endian words. */
    private void advance(int mac0, int mac1, int tag) {
        state[14] ^= mac0;
        state[15] ^= mac1;
        state[13]++;
        if ((tag & TAG_REKEY) != 0 || state[13] == 0) {
            rekey();
        }
    }

    /** key || inonce := (key || inonce) XOR keystream block 0; counter := 1. */
    void rekey() {
        byte[] b = rekeyBuf;
        Bytes.putWords(state, 4, 8, b, 0);
        Bytes.putWords(state, 14, 2, b, 32);
        state[12] = 0;
        engine.xor(state, 20, false, b, 0, b, 0, b.length, work);
        Bytes.getWords(b, 0, state, 4, 8);
        Bytes.getWords(b, 32, state, 14, 2);
        state[13] = 1;
        Arrays.fill(b, (byte) 0);
        // nothing keyed with the old key stays behind (the jdk engine's SunJCE Ciphers): it cannot be recovered
        work.wipe();
        aead.forget();
    }

    /** For tests of the automatic rekey: sets the 32-bit message counter. */
    void setCounter(int counter) {
        state[13] = counter;
    }

    /** For tests: a copy of the state words. */
    int[] stateForTest() {
        return state.clone();
    }

    void wipe() {
        Arrays.fill(state, 0);
        Arrays.fill(rekeyBuf, (byte) 0);
        Arrays.fill(polyKey, (byte) 0);
        Arrays.fill(mac, (byte) 0);
        poly.wipe();
        work.wipe();
        aead.forget();
    }
}
