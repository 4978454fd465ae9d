// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import io.jchacha.JChachaProvider;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;

/**
 * Where the random-nonce AEAD classes ({@code ChaCha20Poly1305}, {@code XChaCha20Poly1305}) take their nonces.
 *
 * <p>On a platform thread: one ChaCha20 {@code SecureRandom} of the library's provider
 * ({@link io.jchacha.provider.ChaCha20SecureRandomSpi}), which gives each thread its own {@link FastKeyErasure}
 * generator, seeded with 32 OS bytes of its own ({@link OsSeed}), takes no lock, and reseeds on its schedule
 * (output, time, wall-clock steps, CRaC checkpoints and restores); each batch's key is erased as that class does.
 * So no two threads draw from one generator state, every nonce of every thread is a draw indistinguishable from an
 * independent uniform one, and the collision bounds the AEAD classes give for random nonces hold across threads.
 *
 * <p>On a virtual thread: the JDK's default {@code SecureRandom}, shared (one lock). A generator per virtual thread
 * would cost each one an OS seed read, a SHA-256 and 8 KiB on its first nonce, which a virtual thread per task pays
 * at every task (measured in docs/bench/random-nonce.md).
 */
public final class NonceSource {
    private NonceSource() {}

    /** {@code Thread.isVirtual()} on JDK 21+; null before (no virtual threads), so the check folds away there. */
    private static final MethodHandle IS_VIRTUAL = isVirtualHandle();

    private static final class PerThread {
        static final SecureRandom RANDOM = chacha20();

        private static SecureRandom chacha20() {
            try {
                return SecureRandom.getInstance("ChaCha20", JChachaProvider.instance());
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("the JChacha provider has no ChaCha20 SecureRandom", e);
            }
        }
    }

    private static final class Shared {
        static final SecureRandom RANDOM = new SecureRandom();
    }

    private static MethodHandle isVirtualHandle() {
        try {
            return MethodHandles.publicLookup()
                    .findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }

    /**
     * Fills {@code nonce} with fresh random bytes for the calling thread.
     *
     * @param nonce the array to fill
     */
    public static void next(byte[] nonce) {
        source().nextBytes(nonce);
    }

    /** The generator serving the calling thread (package-private for tests). */
    static SecureRandom source() {
        // a generator per platform thread, the JDK's shared one on virtual threads: docs/bench/random-nonce.md
        return onVirtualThread() ? Shared.RANDOM : PerThread.RANDOM;
    }

    static boolean onVirtualThread() {
        MethodHandle h = IS_VIRTUAL;
        if (h == null) {
            return false;
        }
        try {
            return (boolean) h.invokeExact(Thread.currentThread());
        } catch (Throwable e) {
            throw new IllegalStateException("Thread.isVirtual failed", e);
        }
    }
}
