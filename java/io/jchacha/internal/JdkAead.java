// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.lang.ref.SoftReference;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;

/**
 * The {@code jdk} backend's ChaCha20-Poly1305 for one key owner ({@link AeadEngine#forEngine} makes one per owner).
 *
 * <p>Where SunJCE's Poly1305 is intrinsified too, seal and open go through its ChaCha20-Poly1305 (under {@code auto}
 * from {@code Engines.JDK_AEAD_JAVA_BELOW} bytes: its set-up costs more than a short message), kept to jchacha's
 * rules with a private copy: open copies ciphertext and tag once, and SunJCE checks that copy and decrypts it into
 * the output (its {@code doFinal} would read the caller's array twice: once to MAC, once to decrypt), so the
 * plaintext released is exactly what was authenticated; seal writes to a private array (SunJCE MACs the ciphertext
 * by reading it back from its output) and copies it out. The owner keeps its Cipher and that array between messages
 * (up to {@link #KEEP_MAX} bytes for good, longer ones for as long as the collector leaves them), and
 * {@link #forget()} wipes them.
 *
 * <p>Elsewhere, and for shorter messages, the Java AEAD runs over the engine's keystream (jchacha's Poly1305 outruns
 * SunJCE's Java one), with this owner's own {@link JavaAead}: the SunJCE ChaCha20 Cipher it keeps between messages is
 * keyed with this owner's key only, and {@link #forget()} wipes it.
 */
final class JdkAead implements AeadEngine {
    private static final String ALGORITHM = "ChaCha20-Poly1305";

    /**
     * The longest message whose private copy an owner keeps between messages (a TLS record's worth, with its tag);
     * longer ones get a new array each (their SunJCE work outweighs the allocation).
     */
    private static final int KEEP_MAX = 16 * 1024 + Poly1305.TAG_LENGTH;

    private final JdkEngine engine;
    private final JavaAead javaAead;
    /**
     * This owner's SunJCE working set, kept between messages: a message takes it, or makes a new one if another thread
     * has it, and puts it back. {@code Cipher.getInstance} costs about as much as an init; the set also keeps the key
     * SunJCE takes and the private array, so a message builds neither.
     */
    private final AtomicReference<Working> spare = new AtomicReference<>();

    JdkAead(JdkEngine engine) {
        this.engine = engine;
        this.javaAead = new JavaAead(engine);
    }

    /** A SunJCE ChaCha20-Poly1305 Cipher and the private arrays messages pass through. */
    static final class Working {
        Cipher cipher;
        /** The owner's key, as SunJCE takes it: set once, not built per message. */
        final SunJceKey key = new SunJceKey();
        /** The message's nonce, for its IvParameterSpec (which copies it). */
        final byte[] nonce = new byte[12];

        byte[] copy = new byte[0];
        /**
         * The private array of the last message longer than {@link #KEEP_MAX}, softly held (the collector may take it
         * back when memory runs short). A new array per such message made a 1 MiB open a third slower and erratic
         * (docs/bench/tuning.md#jdk-aead-large-array). The array holds ciphertext only when no message is in flight
         * (a {@code ByteBuffer} open zeroes the plaintext it decrypts there), so one the collector takes unwiped gives
         * nothing away.
         */
        private SoftReference<byte[]> large;

        Working(Cipher cipher) {
            this.cipher = cipher;
        }

        /** An array of at least {@code n} bytes: the kept one (grown up to {@link #KEEP_MAX}), or the large one. */
        byte[] copy(int n) {
            if (n <= copy.length) {
                return copy;
            }
            if (n <= KEEP_MAX) {
                copy = new byte[n];
                return copy;
            }
            byte[] a = large();
            if (a == null || a.length < n) {
                a = new byte[n];
                large = new SoftReference<>(a);
            }
            return a;
        }

        /** The large array, if there is one and the collector left it. */
        byte[] large() {
            return large == null ? null : large.get();
        }

        /** Re-keys the Cipher with zeros and zeroes the kept arrays and key. */
        void wipe() {
            key.wipe();
            Arrays.fill(copy, (byte) 0);
            byte[] a = large();
            if (a != null) {
                Arrays.fill(a, (byte) 0);
            }
            JdkEngine.rekeyWithZeros(cipher, new IvParameterSpec(new byte[12]));
        }
    }

    @Override
    public void forget() {
        Working w = spare.getAndSet(null);
        if (w != null) {
            w.wipe();
        }
        javaAead.forget();
    }

    /** For tests: whether a SunJCE working set is kept for the next message. */
    boolean keepsWorkingForTest() {
        return spare.get() != null;
    }

    Working take() {
        Working w = spare.getAndSet(null);
        return w != null ? w : new Working(engine.newCipher(ALGORITHM));
    }

    /**
     * Keeps {@code w} for the next message, or wipes it when another thread put one back first (it holds this owner's
     * key and last message).
     */
    void give(Working w) {
        if (!spare.compareAndSet(null, w)) {
            w.wipe();
        }
    }

    /**
     * Keys {@code w}'s Cipher with the key (words 4..11) and nonce words and passes the AAD. A Cipher whose last init
     * was encryption under the same key and nonce (a caller sealing twice with one nonce) refuses: a new one serves.
     */
    private Cipher aead(Working w, int mode, int[] key, int n0, int n1, int n2, byte[] aad, int aadOff, int aadLen) {
        Bytes.putNonce(w.nonce, n0, n1, n2);
        IvParameterSpec iv = new IvParameterSpec(w.nonce);
        w.key.set(key);
        if (!engine.init(w.cipher, ALGORITHM, mode, w.key, iv)) {
            w.cipher = engine.newCipher(ALGORITHM);
            engine.init(w.cipher, ALGORITHM, mode, w.key, iv);
        }
        w.cipher.updateAAD(aad, aadOff, aadLen);
        return w.cipher;
    }

    /**
     * Seals {@code len} bytes of {@code in} into {@code sealed[0 .. len + 16)} (which may be {@code in}, in place);
     * on failure {@code sealed} is zeroed there.
     */
    private void sunJceSeal(
            Working w,
            int[] key,
            int n0,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            byte[] in,
            int inOff,
            int len,
            byte[] sealed) {
        boolean ok = false;
        try {
            aead(w, Cipher.ENCRYPT_MODE, key, n0, n1, n2, aad, aadOff, aadLen).doFinal(in, inOff, len, sealed, 0);
            ok = true;
        } catch (GeneralSecurityException e) {
            throw JdkEngine.failed(ALGORITHM, e);
        } finally {
            if (!ok) {
                Arrays.fill(sealed, 0, len + Poly1305.TAG_LENGTH, (byte) 0);
            }
        }
    }

    /**
     * Opens the private copy {@code ct} (ciphertext, then tag) into {@code out} (which may be {@code ct}): true with
     * the plaintext in {@code out[outOff .. outOff + len)}, or false with zeros there. SunJCE checks the tag before it
     * decrypts, and reads only {@code ct}.
     */
    private boolean sunJceOpen(
            Working w,
            int[] key,
            int n0,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            byte[] ct,
            int len,
            byte[] out,
            int outOff) {
        boolean ok = false;
        try {
            aead(w, Cipher.DECRYPT_MODE, key, n0, n1, n2, aad, aadOff, aadLen)
                    .doFinal(ct, 0, len + Poly1305.TAG_LENGTH, out, outOff);
            ok = true;
            return true;
        } catch (AEADBadTagException e) {
            return false;
        } catch (GeneralSecurityException e) {
            throw JdkEngine.failed(ALGORITHM, e);
        } finally {
            if (!ok) {
                Arrays.fill(out, outOff, outOff + len, (byte) 0);
            }
        }
    }

    @Override
    public void seal(
            int[] key,
            int n0,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            byte[] in,
            int inOff,
            int len,
            byte[] out,
            int outOff) {
        if (!engine.sunJceAead(len)) {
            javaAead.seal(key, n0, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
            return;
        }
        Working w = take();
        if (len + Poly1305.TAG_LENGTH > KEEP_MAX && (in != out || outOff <= inOff || outOff >= inOff + len)) {
            sealInPieces(w, key, n0, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
        } else {
            byte[] sealed = w.copy(len + Poly1305.TAG_LENGTH);
            sunJceSeal(w, key, n0, n1, n2, aad, aadOff, aadLen, in, inOff, len, sealed);
            System.arraycopy(sealed, 0, out, outOff, len + Poly1305.TAG_LENGTH);
        }
        give(w);
    }

    /**
     * A message longer than the kept array, whose output does not start inside its input after its start (so each
     * piece is read before any output lands on it): SunJCE encrypts {@code update} by {@code update}, so the
     * ciphertext passes through the kept array {@link #KEEP_MAX} bytes at a time, where SunJCE also MACs it, and is
     * copied out from there: no array of the message's size per message, which made long seals slow and erratic
     * (docs/bench/tuning.md#jdk-aead-seal-in-pieces). On failure what was written is zeroed.
     */
    private void sealInPieces(
            Working w,
            int[] key,
            int n0,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            byte[] in,
            int inOff,
            int len,
            byte[] out,
            int outOff) {
        byte[] piece = w.copy(KEEP_MAX);
        int written = 0;
        boolean ok = false;
        try {
            Cipher c = aead(w, Cipher.ENCRYPT_MODE, key, n0, n1, n2, aad, aadOff, aadLen);
            int step = KEEP_MAX - Poly1305.TAG_LENGTH;
            while (written < len) {
                int n = Math.min(step, len - written);
                int made = c.update(in, inOff + written, n, piece, 0);
                if (made != n) {
                    throw new IllegalStateException(
                            "SunJCE ChaCha20-Poly1305 held back ciphertext: " + made + " of " + n + " bytes");
                }
                System.arraycopy(piece, 0, out, outOff + written, n);
                written += n;
            }
            if (c.doFinal(piece, 0) != Poly1305.TAG_LENGTH) {
                throw new IllegalStateException("SunJCE ChaCha20-Poly1305 tag of unexpected length");
            }
            System.arraycopy(piece, 0, out, outOff + len, Poly1305.TAG_LENGTH);
            ok = true;
        } catch (GeneralSecurityException e) {
            throw JdkEngine.failed(ALGORITHM, e);
        } finally {
            if (!ok) {
                Arrays.fill(out, outOff, outOff + written, (byte) 0); // no ciphertext without its tag
            }
        }
    }

    @Override
    public boolean open(
            int[] key,
            int n0,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            byte[] in,
            int inOff,
            int len,
            byte[] out,
            int outOff) {
        if (!engine.sunJceAead(len)) {
            return javaAead.open(key, n0, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
        }
        Working w = take();
        byte[] ct = w.copy(len + Poly1305.TAG_LENGTH);
        System.arraycopy(in, inOff, ct, 0, len + Poly1305.TAG_LENGTH);
        boolean ok = sunJceOpen(w, key, n0, n1, n2, aad, aadOff, aadLen, ct, len, out, outOff);
        give(w);
        return ok;
    }

    @Override
    public void seal(
            int[] key,
            int n0,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            ByteBuffer in,
            int inPos,
            int len,
            ByteBuffer out,
            int outPos) {
        if (!engine.sunJceAead(len)) {
            javaAead.seal(key, n0, n1, n2, aad, aadOff, aadLen, in, inPos, len, out, outPos);
            return;
        }
        Working w = take();
        byte[] sealed = w.copy(len + Poly1305.TAG_LENGTH);
        in.get(inPos, sealed, 0, len);
        sunJceSeal(w, key, n0, n1, n2, aad, aadOff, aadLen, sealed, 0, len, sealed);
        out.put(outPos, sealed, 0, len + Poly1305.TAG_LENGTH);
        give(w);
    }

    @Override
    public boolean open(
            int[] key,
            int n0,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            ByteBuffer in,
            int inPos,
            int len,
            ByteBuffer out,
            int outPos) {
        if (!engine.sunJceAead(len)) {
            return javaAead.open(key, n0, n1, n2, aad, aadOff, aadLen, in, inPos, len, out, outPos);
        }
        Working w = take();
        byte[] ct = w.copy(len + Poly1305.TAG_LENGTH);
        in.get(inPos, ct, 0, len + Poly1305.TAG_LENGTH);
        boolean ok;
        try {
            ok = sunJceOpen(w, key, n0, n1, n2, aad, aadOff, aadLen, ct, len, ct, 0);
            out.put(outPos, ct, 0, len);
        } finally {
            Arrays.fill(ct, 0, len, (byte) 0); // the plaintext leaves no copy behind, whatever happened
        }
        give(w);
        return ok;
    }
}
