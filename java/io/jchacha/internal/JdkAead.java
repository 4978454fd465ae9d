// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;

/**
 * The {@code jdk} backend's ChaCha20-Poly1305 for one key owner ({@link AeadEngine#forEngine} makes one per owner).
 *
 * <p>Where SunJCE's Poly1305 is intrinsified too, seal and open go through its ChaCha20-Poly1305 (under {@code auto}
 * from {@code Engines.JDK_AEAD_JAVA_BELOW} bytes: its set-up costs more than a short message), kept to jchacha's
 * rules with a private copy: open copies ciphertext and tag once and SunJCE checks and decrypts that copy (its
 * {@code doFinal} would read the caller's array twice: once to MAC, once to decrypt), so the plaintext released is
 * exactly what was authenticated; seal writes to a private array (SunJCE MACs the ciphertext by reading it back from
 * its output) and copies it out. Each copy holds a whole message (SunJCE's AEAD works on whole messages).
 *
 * <p>Elsewhere the Java AEAD runs over the engine's keystream (jchacha's Poly1305 outruns SunJCE's Java one), with
 * this owner's own {@link JavaAead}: the SunJCE ChaCha20 Cipher it keeps between messages is keyed with this owner's
 * key only, and {@link #forget()} wipes it.
 */
final class JdkAead implements AeadEngine {
    private static final int TAG = 16;

    private final JdkEngine engine;
    private final JavaAead javaAead;

    JdkAead(JdkEngine engine) {
        this.engine = engine;
        this.javaAead = new JavaAead(engine);
    }

    @Override
    public void forget() {
        javaAead.forget();
    }

    /** A SunJCE ChaCha20-Poly1305 cipher for the key (words 4..11) and nonce words, the AAD already passed. */
    private Cipher aead(int mode, int[] key, int n0, int n1, int n2, byte[] aad, int aadOff, int aadLen) {
        byte[] nonce = new byte[12];
        Bytes.LE_INT.set(nonce, 0, n0);
        Bytes.LE_INT.set(nonce, 4, n1);
        Bytes.LE_INT.set(nonce, 8, n2);
        Cipher c = engine.cipher("ChaCha20-Poly1305", mode, key, new IvParameterSpec(nonce));
        c.updateAAD(aad, aadOff, aadLen);
        return c;
    }

    /** Seals {@code len} bytes of {@code in} into {@code sealed[0 .. len + 16)} (which may be {@code in}, in place). */
    private void sunJceSeal(int[] key, int n0, int n1, int n2, byte[] aad, int aadOff, int aadLen, byte[] in,
                            int inOff, int len, byte[] sealed) {
        try {
            aead(Cipher.ENCRYPT_MODE, key, n0, n1, n2, aad, aadOff, aadLen).doFinal(in, inOff, len, sealed, 0);
        } catch (GeneralSecurityException e) {
            throw JdkEngine.failed("ChaCha20-Poly1305", e);
        }
    }

    /**
     * Opens the private copy {@code ct} (ciphertext, then tag) in place: true with the plaintext in
     * {@code ct[0 .. len)}, or false with {@code ct} all zero. Either way {@code ct[0 .. len)} is what the output gets.
     */
    private boolean sunJceOpen(int[] key, int n0, int n1, int n2, byte[] aad, int aadOff, int aadLen, byte[] ct,
                               int len) {
        try {
            aead(Cipher.DECRYPT_MODE, key, n0, n1, n2, aad, aadOff, aadLen).doFinal(ct, 0, len + TAG, ct, 0);
            return true;
        } catch (AEADBadTagException e) {
            Arrays.fill(ct, (byte) 0);
            return false;
        } catch (GeneralSecurityException e) {
            throw JdkEngine.failed("ChaCha20-Poly1305", e);
        }
    }

    @Override
    public void seal(int[] key, int n0, int n1, int n2, byte[] aad, int aadOff, int aadLen,
                     byte[] in, int inOff, int len, byte[] out, int outOff) {
        if (!engine.sunJceAead(len)) {
            javaAead.seal(key, n0, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
            return;
        }
        byte[] sealed = new byte[len + TAG];
        sunJceSeal(key, n0, n1, n2, aad, aadOff, aadLen, in, inOff, len, sealed);
        System.arraycopy(sealed, 0, out, outOff, len + TAG);
    }

    @Override
    public boolean open(int[] key, int n0, int n1, int n2, byte[] aad, int aadOff, int aadLen,
                        byte[] in, int inOff, int len, byte[] out, int outOff) {
        if (!engine.sunJceAead(len)) {
            return javaAead.open(key, n0, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
        }
        byte[] ct = Arrays.copyOfRange(in, inOff, inOff + len + TAG);
        boolean ok = sunJceOpen(key, n0, n1, n2, aad, aadOff, aadLen, ct, len);
        System.arraycopy(ct, 0, out, outOff, len);
        Arrays.fill(ct, (byte) 0);
        return ok;
    }

    @Override
    public void seal(int[] key, int n0, int n1, int n2, byte[] aad, int aadOff, int aadLen,
                     ByteBuffer in, int inPos, int len, ByteBuffer out, int outPos) {
        if (!engine.sunJceAead(len)) {
            javaAead.seal(key, n0, n1, n2, aad, aadOff, aadLen, in, inPos, len, out, outPos);
            return;
        }
        byte[] sealed = new byte[len + TAG];
        in.get(inPos, sealed, 0, len);
        sunJceSeal(key, n0, n1, n2, aad, aadOff, aadLen, sealed, 0, len, sealed);
        out.put(outPos, sealed, 0, len + TAG);
    }

    @Override
    public boolean open(int[] key, int n0, int n1, int n2, byte[] aad, int aadOff, int aadLen,
                        ByteBuffer in, int inPos, int len, ByteBuffer out, int outPos) {
        if (!engine.sunJceAead(len)) {
            return javaAead.open(key, n0, n1, n2, aad, aadOff, aadLen, in, inPos, len, out, outPos);
        }
        byte[] ct = new byte[len + TAG];
        in.get(inPos, ct, 0, len + TAG);
        boolean ok = sunJceOpen(key, n0, n1, n2, aad, aadOff, aadLen, ct, len);
        out.put(outPos, ct, 0, len);
        Arrays.fill(ct, (byte) 0);
        return ok;
    }
}
