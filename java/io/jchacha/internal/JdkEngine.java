// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import io.jchacha.Backend;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.Provider;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code jdk} backend: SunJCE's ChaCha20 and ChaCha20-Poly1305, which HotSpot runs as SIMD intrinsics from
 * JDK 20 ({@link JdkIntrinsics} decides whether it does here). It computes only what SunJCE can express exactly:
 *
 * <ul>
 *   <li>20 rounds, 32-bit counter (IETF): one SunJCE call per engine call, the counter and nonce as given.
 *   <li>20 rounds, 64-bit counter (original ChaCha20, XChaCha20 after HChaCha20): the high counter word becomes the
 *       first IETF nonce word; a call that crosses a carry into it is split there, so every position is exact.
 *   <li>8 and 12 rounds: the Java engine, per call (SunJCE has 20 rounds only). This is by design, not a fallback
 *       from a failure: {@code Backends.active()} still says {@code jdk}, and {@code ServedCounter} counts these
 *       calls for {@code java}.
 * </ul>
 *
 * <p>A {@link Cipher} carries its key, so a stream's Cipher lives in that stream's {@link EngineScratch} (see
 * {@code StreamCipher}): it goes on where the last call stopped, is keyed afresh for any other call (the init makes
 * 1 KiB of keystream up front: docs/bench/tuning.md#jdk-java-below), and is re-keyed
 * with zeros when the scratch is wiped (SunJCE's own copies of earlier keys become garbage, as with any use of
 * SunJCE). Under {@code auto}, calls shorter than {@link #javaBelow} go to the Java engine, which finishes them
 * before a Cipher could be made and keyed; where the scratch holds a Cipher already, only calls shorter than
 * {@link #rekeyJavaBelow} do (re-keying costs an init, without {@code Cipher.getInstance}).
 *
 * <p>Its AEAD, one per key owner, is {@link JdkAead}.
 */
final class JdkEngine implements Engine {
    private static final long M = 0xFFFFFFFFL;

    private final Provider sunJce;
    /** Array calls shorter than this go to the Java engine (0: never); see {@link #withJavaBelow}. */
    private final int javaBelow;
    /** The same where the caller's scratch holds a Cipher of this engine already, which then needs only an init. */
    private final int rekeyJavaBelow;
    /** Whether {@link JdkAead} seals and opens through SunJCE's ChaCha20-Poly1305, else the Java AEAD. */
    private final boolean sunJceAead;
    /** Messages shorter than this take the Java AEAD even when {@link #sunJceAead}. */
    private final int aeadJavaBelow;

    JdkEngine(Provider sunJce, int javaBelow, int rekeyJavaBelow, boolean sunJceAead, int aeadJavaBelow) {
        this.sunJce = sunJce;
        this.javaBelow = javaBelow;
        this.rekeyJavaBelow = rekeyJavaBelow;
        this.sunJceAead = sunJceAead;
        this.aeadJavaBelow = aeadJavaBelow;
    }

    /** The engine, or the reason it cannot run: intrinsics as {@link JdkIntrinsics} sees them, and the self-test. */
    static Opened<JdkEngine> open() {
        String why = JdkIntrinsics.chachaUnavailableReason();
        if (why != null) {
            return Opened.failed(why);
        }
        JdkEngine e = new JdkEngine(JdkIntrinsics.sunJce(), 0, 0, JdkIntrinsics.poly1305(), 0);
        String self = SelfTest.run(e, ChaChaBlock::hchacha);
        if (self == null) {
            self = SelfTest.runAead(new JdkAead(e), (key, msg, tag) -> {
                Poly1305 p = new Poly1305(key, 0);
                p.update(msg, 0, msg.length);
                p.finish(tag, 0);
            });
        }
        return self == null ? Opened.of(e) : Opened.failed("failed its known-answer self-test: " + self);
    }

    /**
     * This engine with array calls shorter than {@code bytes} ({@code rekeyBytes} when the caller's scratch holds a
     * Cipher to re-key), and AEAD messages shorter than {@code aeadBytes}, kept off SunJCE ({@code auto} uses it; a
     * forced {@code jdk} sends SunJCE everything it can express).
     */
    JdkEngine withJavaBelow(int bytes, int rekeyBytes, int aeadBytes) {
        return new JdkEngine(sunJce, bytes, rekeyBytes, sunJceAead, aeadBytes);
    }

    /** This engine with AEAD through SunJCE's ChaCha20-Poly1305 or not, whatever its intrinsics (for tests). */
    JdkEngine withSunJceAead(boolean on) {
        return new JdkEngine(sunJce, javaBelow, rekeyJavaBelow, on, aeadJavaBelow);
    }

    /** Whether seal and open go through SunJCE's ChaCha20-Poly1305 (for {@code auto}'s reason and the tests). */
    boolean sunJceAead() {
        return sunJceAead;
    }

    /** Whether a message of {@code len} bytes goes through SunJCE's ChaCha20-Poly1305. */
    boolean sunJceAead(int len) {
        return sunJceAead && len >= aeadJavaBelow;
    }

    @Override
    public String name() {
        return Backend.JDK.id();
    }

    @Override
    public String toString() {
        return sunJceAead ? "jdk (AEAD through SunJCE ChaCha20-Poly1305)" : "jdk";
    }

    @Override
    public void xor(int[] state, int rounds, boolean counter64, byte[] in, int inOff, byte[] out, int outOff, int len) {
        EngineScratch.once(scratch -> xor(state, rounds, counter64, in, inOff, out, outOff, len, scratch));
    }

    /**
     * A call that continues a stream where its previous call stopped (same key and nonce, the next block, the last
     * call ended on a block boundary) goes on with the SunJCE Cipher kept in the stream's scratch; any other call
     * keys that Cipher afresh (an init; Cipher.getInstance once per scratch besides:
     * docs/bench/tuning.md#jdk-rekey-java-below). The scratch's wipe() re-keys the Cipher with zeros, so no key stays
     * behind a destroyed cipher. Under {@code auto} a short call goes to the Java engine unless it continues that
     * Cipher (then there is no set-up to avoid); see {@link #javaBelow(EngineScratch, int[])}.
     */
    @Override
    public void xor(
            int[] state,
            int rounds,
            boolean counter64,
            byte[] in,
            int inOff,
            byte[] out,
            int outOff,
            int len,
            EngineScratch scratch) {
        StreamCipher held = held(scratch);
        boolean continues = held != null && held.continues(state, state[13], state[12]);
        if (rounds != 20 || !continues && len < (held != null ? rekeyJavaBelow : javaBelow)) {
            JavaEngine.INSTANCE.xor(state, rounds, counter64, in, inOff, out, outOff, len, scratch);
            return;
        }
        if (len == 0) {
            return;
        }
        ServedCounter.served(Backend.JDK);
        StreamCipher sc = held != null ? held : newStreamCipher(scratch);
        // blocks before the low counter word wraps: only a 64-bit counter carries (an IETF call never gets there)
        long toWrap = (1L << 32) - (state[12] & M);
        int first = counter64 ? (int) Math.min(len, toWrap * 64) : len;
        if (!continues) {
            sc.key(state, state[13], state[12]);
        }
        sc.run(in, inOff, out, outOff, first);
        if (first < len) {
            sc.key(state, state[13] + 1, 0);
            sc.run(in, inOff + first, out, outOff + first, len - first);
        }
    }

    @Override
    public boolean continuesStreams() {
        return true;
    }

    /**
     * The longest update {@link #xorContinuing} takes: longer ones go through {@code xor}, whose layers are under 1 %
     * of them, and there C2 compiles SunJCE's loop better than where this call inlines it
     * (docs/bench/tuning.md#jdk-continue-max).
     */
    static final int CONTINUE_MAX = 4096;

    @Override
    public boolean xorContinuing(
            long block,
            boolean counter64,
            byte[] in,
            int inOff,
            byte[] out,
            int outOff,
            int len,
            EngineScratch scratch) {
        StreamCipher sc = len <= CONTINUE_MAX ? held(scratch) : null;
        return sc != null && sc.continueAt(block, counter64, in, inOff, out, outOff, len);
    }

    /** This engine's Cipher in {@code scratch}, or null. */
    private StreamCipher held(EngineScratch scratch) {
        EngineScratch.Held h = scratch.held();
        return h instanceof StreamCipher && ((StreamCipher) h).engine == this ? (StreamCipher) h : null;
    }

    /** A new Cipher of this engine kept in {@code scratch}, in place of whatever another engine left there. */
    private StreamCipher newStreamCipher(EngineScratch scratch) {
        EngineScratch.Held h = scratch.held();
        if (h != null) {
            h.wipe();
        }
        StreamCipher sc = new StreamCipher(this);
        scratch.hold(sc);
        return sc;
    }

    /** One stream's SunJCE ChaCha20 Cipher and where it stands. Not thread-safe, like the scratch that holds it. */
    private static final class StreamCipher implements EngineScratch.Held {
        final JdkEngine engine;
        final Cipher cipher;
        /** The key of the running init. */
        final SunJceKey key = new SunJceKey();
        /** The nonce of the running init (little-endian words), for its ChaCha20ParameterSpec (which copies it). */
        final byte[] nonce = new byte[12];
        /** The block the Cipher continues at; -1: it must be keyed first. */
        long next = -1;
        /** The nonce words of {@link #nonce}, to compare. */
        int n0, n1, n2;

        StreamCipher(JdkEngine engine) {
            this.engine = engine;
            this.cipher = engine.newCipher("ChaCha20");
        }

        /**
         * SunJCE's ChaCha20 over {@code len} bytes (raw keystream when {@code in} is null) where the Cipher stands:
         * keyed by {@link #key} or continuing its last call.
         */
        void run(byte[] in, int inOff, byte[] out, int outOff, int len) {
            if (in == null) {
                Arrays.fill(out, outOff, outOff + len, (byte) 0);
                in = out;
                inOff = outOff;
            }
            long at = next;
            next = -1; // until this update is known to have ended on a block boundary
            try {
                cipher.update(in, inOff, len, out, outOff);
            } catch (GeneralSecurityException e) {
                throw failed("ChaCha20", e);
            }
            if (len % 64 == 0) {
                next = at + len / 64;
            }
        }

        /**
         * {@link #run} where the Cipher stands at block {@code block} (the key and nonce vouched for by the caller),
         * for whole blocks that do not cross a carry into a 64-bit counter's high word, which is SunJCE's first
         * nonce word; false, with nothing done, anywhere else.
         */
        boolean continueAt(long block, boolean counter64, byte[] in, int inOff, byte[] out, int outOff, int len) {
            long low = block & M;
            if (next != low || counter64 && (n0 != (int) (block >>> 32) || low + (len >>> 6) > 1L << 32)) {
                return false;
            }
            ServedCounter.served(Backend.JDK);
            run(in, inOff, out, outOff, len);
            return true;
        }

        /** Whether the Cipher stands at nonce ({@code nonce0}, state[14], state[15]), block {@code counter}. */
        boolean continues(int[] s, int nonce0, int counter) {
            return next == (counter & M) && n0 == nonce0 && n1 == s[14] && n2 == s[15] && key.holds(s);
        }

        /** Keys the Cipher at nonce ({@code nonce0}, state[14], state[15]), block {@code counter}. */
        void key(int[] s, int nonce0, int counter) {
            next = -1;
            n0 = nonce0;
            n1 = s[14];
            n2 = s[15];
            Bytes.putNonce(nonce, n0, n1, n2);
            // DECRYPT_MODE: the same keystream, and SunJCE (JDK 21+) only refuses a repeated key and nonce when
            // encrypting
            key.set(s);
            engine.init(cipher, "ChaCha20", Cipher.DECRYPT_MODE, key, new ChaCha20ParameterSpec(nonce, counter));
            next = counter & M;
        }

        @Override
        public void wipe() {
            next = -1;
            Arrays.fill(nonce, (byte) 0);
            key.wipe();
            rekeyWithZeros(cipher, new ChaCha20ParameterSpec(new byte[12], 0));
        }
    }

    /**
     * Re-keys {@code c} with an all-zero key and {@code zeroParams}, so that it no longer holds a caller's key. If
     * SunJCE refused, the Cipher is about to be dropped anyway.
     */
    static void rekeyWithZeros(Cipher c, AlgorithmParameterSpec zeroParams) {
        try {
            c.init(Cipher.DECRYPT_MODE, new SecretKeySpec(new byte[32], "ChaCha20"), zeroParams);
        } catch (GeneralSecurityException e) {
            // nothing more to do: the caller drops c
        }
    }

    /** A new SunJCE Cipher for {@code algorithm}, not keyed yet. */
    Cipher newCipher(String algorithm) {
        try {
            return Cipher.getInstance(algorithm, sunJce);
        } catch (GeneralSecurityException e) {
            throw failed(algorithm, e);
        }
    }

    /**
     * Keys {@code c} with {@code key} (set by the caller to {@code state[4..11]}): false where SunJCE refuses to
     * encrypt under the key and nonce of {@code c}'s last init (it does that for ChaCha20 and ChaCha20-Poly1305), and
     * then a new Cipher, which never refuses, has to serve.
     */
    boolean init(Cipher c, String algorithm, int mode, SunJceKey key, AlgorithmParameterSpec params) {
        try {
            c.init(mode, key, params);
            return true;
        } catch (InvalidKeyException e) {
            if (mode == Cipher.ENCRYPT_MODE) {
                return false;
            }
            throw failed(algorithm, e);
        } catch (GeneralSecurityException e) {
            throw failed(algorithm, e);
        }
    }

    /** SunJCE refusing input jchacha validated: a defect, not bad input (its messages hold no key material). */
    static IllegalStateException failed(String algorithm, GeneralSecurityException e) {
        return new IllegalStateException("SunJCE " + algorithm + " refused a validated call: " + e.getMessage(), e);
    }

    @Override
    public void xor(
            int[] state, int rounds, boolean counter64, ByteBuffer in, int inPos, ByteBuffer out, int outPos, int len) {
        EngineScratch.once(scratch -> xor(state, rounds, counter64, in, inPos, out, outPos, len, scratch));
    }

    @Override
    public void xor(
            int[] state,
            int rounds,
            boolean counter64,
            ByteBuffer in,
            int inPos,
            ByteBuffer out,
            int outPos,
            int len,
            EngineScratch scratch) {
        if (rounds != 20) {
            JavaEngine.INSTANCE.xor(state, rounds, counter64, in, inPos, out, outPos, len, scratch);
        } else {
            BufferXor.viaArrays(this, state, rounds, counter64, in, inPos, out, outPos, len, scratch);
        }
    }

    @Override
    public int bufferBlocks() {
        // 4 KiB per fill, like the native engines; consecutive fills continue the stream's Cipher without a set-up
        return 64;
    }

    @Override
    public int directBytes() {
        // from 1 KiB a call of its own costs what XOR-ing from the cache does (docs/bench/tuning.md#jdk-java-below)
        return 1024;
    }

    /**
     * From 256 bytes a block-aligned update that continues the stream's Cipher goes to SunJCE itself: the cache pays
     * SunJCE's XOR over zeros and a second XOR in Java, a continuing call only the wrapper
     * (docs/bench/tuning.md#jdk-stream-direct-bytes).
     */
    @Override
    public int streamDirectBytes() {
        return 256;
    }
}
