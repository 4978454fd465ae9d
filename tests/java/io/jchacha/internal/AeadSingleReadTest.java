// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jchacha.JChachaProvider;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Open decrypts exactly the bytes it authenticated, and seal tags exactly the ciphertext it computed, even when
 * someone else writes the caller's memory during the call (a mapped file, a shared ring, another thread): each
 * input byte is read once. Deterministic over the Java AEAD, through an engine that changes the caller's bytes from
 * inside the call; on the active backend, with a thread that keeps changing them.
 */
class AeadSingleReadTest {
    private static final JavaAead REF = new JavaAead(JavaEngine.INSTANCE);
    private static final int LEN = 3 * JavaAead.CHUNK + 100;

    /** The Java engine; {@code before} and {@code after} run once, around the first call with input (not the MAC key). */
    static final class MeddlingEngine implements Engine {
        Runnable before;
        Runnable after;

        public String name() {
            return "meddling";
        }

        private static Runnable take(Runnable r) {
            if (r != null) {
                r.run();
            }
            return null;
        }

        public void xor(int[] s, int r, boolean c, byte[] i, int io, byte[] o, int oo, int l) {
            if (i != null) {
                before = take(before);
            }
            JavaEngine.INSTANCE.xor(s, r, c, i, io, o, oo, l);
            if (i != null) {
                after = take(after);
            }
        }

        public void xor(int[] s, int r, boolean c, ByteBuffer i, int ip, ByteBuffer o, int op, int l) {
            if (i != null) {
                before = take(before);
            }
            JavaEngine.INSTANCE.xor(s, r, c, i, ip, o, op, l);
            if (i != null) {
                after = take(after);
            }
        }
    }

    private static byte[] random(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    private static final int[] STATE;
    private static final byte[] AAD = {1, 2, 3};
    private static final byte[] PT;
    private static final byte[] SEALED;

    static {
        SplittableRandom r = new SplittableRandom(31);
        STATE = AeadEngineTest.state(random(r, 32), random(r, 12));
        PT = random(r, LEN);
        SEALED = new byte[LEN + 16];
        REF.seal(STATE, STATE[13], STATE[14], STATE[15], AAD, 0, AAD.length, PT, 0, LEN, SEALED, 0);
    }

    /** Open's outcome: the original plaintext, or failure with the output range all zero. Never anything else. */
    private static void assertAuthenticOrZero(boolean ok, byte[] got, String what) {
        if (ok) {
            assertArrayEquals(PT, got, what + ": open succeeded with plaintext that was never authenticated");
        } else {
            assertArrayEquals(new byte[got.length], got, what + ": failed open left output behind");
        }
    }

    /** What a sealed message opens to: the plaintext, or nothing. A valid tag over other bytes is a forgery. */
    private static void assertSealedIsAuthentic(byte[] sealed, String what) {
        byte[] back = new byte[LEN];
        if (REF.open(STATE, STATE[13], STATE[14], STATE[15], AAD, 0, AAD.length, sealed, 0, LEN, back, 0)) {
            assertArrayEquals(PT, back, what + ": seal tagged bytes it did not compute");
        }
    }

    private static byte[] get(ByteBuffer b, int pos, int len) {
        byte[] r = new byte[len];
        b.get(pos, r);
        return r;
    }

    @Test
    void javaOpenDecryptsWhatItAuthenticatedWhenTheInputChangesDuringTheCall() {
        MeddlingEngine e = new MeddlingEngine();
        JavaAead a = new JavaAead(e);
        for (int p : new int[] {5, JavaAead.CHUNK + 1, LEN - 1}) {
            // arrays, separate output
            byte[] in = SEALED.clone();
            byte[] out = new byte[LEN];
            e.before = () -> in[p] ^= 1;
            assertAuthenticOrZero(
                    a.open(STATE, STATE[13], STATE[14], STATE[15], AAD, 0, 3, in, 0, LEN, out, 0), out, "array " + p);
            // arrays, in place
            byte[] buf = SEALED.clone();
            e.before = () -> buf[p] ^= 1;
            boolean ok = a.open(STATE, STATE[13], STATE[14], STATE[15], AAD, 0, 3, buf, 0, LEN, buf, 0);
            assertAuthenticOrZero(ok, Arrays.copyOf(buf, LEN), "in place " + p);
            // buffers: direct in, heap out; heap in, direct out; direct views of one memory
            ByteBuffer din = ByteBuffer.allocateDirect(LEN + 16).put(0, SEALED);
            ByteBuffer hout = ByteBuffer.allocate(LEN);
            e.before = () -> din.put(p, (byte) (din.get(p) ^ 1));
            assertAuthenticOrZero(
                    a.open(STATE, STATE[13], STATE[14], STATE[15], AAD, 0, 3, din, 0, LEN, hout, 0),
                    hout.array(),
                    "direct->heap " + p);
            ByteBuffer hin = ByteBuffer.wrap(SEALED.clone());
            ByteBuffer dout = ByteBuffer.allocateDirect(LEN);
            e.before = () -> hin.put(p, (byte) (hin.get(p) ^ 1));
            ok = a.open(STATE, STATE[13], STATE[14], STATE[15], AAD, 0, 3, hin, 0, LEN, dout, 0);
            assertAuthenticOrZero(ok, get(dout, 0, LEN), "heap->direct " + p);
            ByteBuffer mem = ByteBuffer.allocateDirect(LEN + 16).put(0, SEALED);
            e.before = () -> mem.put(p, (byte) (mem.get(p) ^ 1));
            ok = a.open(
                    STATE,
                    STATE[13],
                    STATE[14],
                    STATE[15],
                    AAD,
                    0,
                    3,
                    mem.asReadOnlyBuffer(),
                    0,
                    LEN,
                    mem.duplicate(),
                    0);
            assertAuthenticOrZero(ok, get(mem, 0, LEN), "direct in place " + p);
        }
    }

    @Test
    void javaSealTagsWhatItComputedWhenTheOutputChangesDuringTheCall() {
        MeddlingEngine e = new MeddlingEngine();
        JavaAead a = new JavaAead(e);
        for (int q : new int[] {5, JavaAead.CHUNK - 1}) {
            byte[] out = new byte[LEN + 16];
            e.after = () -> out[q] ^= 1;
            a.seal(STATE, STATE[13], STATE[14], STATE[15], AAD, 0, 3, PT, 0, LEN, out, 0);
            assertSealedIsAuthentic(out, "array " + q);
            byte[] buf = Arrays.copyOf(PT, LEN + 16);
            e.after = () -> buf[q] ^= 1;
            a.seal(STATE, STATE[13], STATE[14], STATE[15], AAD, 0, 3, buf, 0, LEN, buf, 0);
            assertSealedIsAuthentic(buf, "in place " + q);
            ByteBuffer dout = ByteBuffer.allocateDirect(LEN + 16);
            e.after = () -> dout.put(q, (byte) (dout.get(q) ^ 1));
            a.seal(STATE, STATE[13], STATE[14], STATE[15], AAD, 0, 3, ByteBuffer.wrap(PT), 0, LEN, dout, 0);
            assertSealedIsAuthentic(get(dout, 0, LEN + 16), "heap->direct " + q);
        }
    }

    /** Toggles one byte for as long as the action runs; returns once the toggling has certainly started. */
    private static void whileToggling(Runnable toggle, Runnable action) throws InterruptedException {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicBoolean started = new AtomicBoolean();
        Thread t = new Thread(() -> {
            while (!stop.get()) {
                toggle.run();
                started.lazySet(true);
            }
        });
        t.setDaemon(true);
        t.start();
        while (!started.get()) {
            Thread.onSpinWait();
        }
        try {
            action.run();
        } finally {
            stop.set(true);
            t.join();
        }
    }

    private static final int RACE_LEN = 70_000; // crosses the JNI glue's 64 KiB critical chunks
    private static final int RACE_ROUNDS = 60;
    private static final int SEAL_RACE_LEN = 10_000;

    @Test
    void openOnTheActiveBackendNeverReleasesPlaintextOfBytesChangedDuringTheCall() throws Exception {
        openNeverReleasesPlaintextOfBytesChangedDuringTheCall(AeadEngine.forEngine(Engines.active()));
    }

    @Test
    void openThroughSunJceNeverReleasesPlaintextOfBytesChangedDuringTheCall() throws Exception {
        Optional<AeadEngine> a = JdkEngineTest.sunJceAead();
        assumeTrue(a.isPresent(), "the jdk backend does not run here");
        openNeverReleasesPlaintextOfBytesChangedDuringTheCall(a.get());
    }

    private static void openNeverReleasesPlaintextOfBytesChangedDuringTheCall(AeadEngine a) throws Exception {
        byte[] pt = Arrays.copyOf(PT, RACE_LEN);
        byte[] sealed = new byte[RACE_LEN + 16];
        REF.seal(STATE, STATE[13], STATE[14], STATE[15], AAD, 0, 3, pt, 0, RACE_LEN, sealed, 0);
        for (int p : new int[] {100, 66_000}) {
            byte[] in = sealed.clone();
            byte[] out = new byte[RACE_LEN];
            whileToggling(() -> in[p] ^= 1, () -> {
                for (int i = 0; i < RACE_ROUNDS; i++) {
                    boolean ok = a.open(STATE, STATE[13], STATE[14], STATE[15], AAD, 0, 3, in, 0, RACE_LEN, out, 0);
                    checkRace(ok, pt, out, "array, byte " + p);
                }
            });
            ByteBuffer din = ByteBuffer.allocateDirect(RACE_LEN + 16).put(0, sealed);
            ByteBuffer dout = ByteBuffer.allocateDirect(RACE_LEN);
            whileToggling(() -> din.put(p, (byte) (din.get(p) ^ 1)), () -> {
                for (int i = 0; i < RACE_ROUNDS; i++) {
                    boolean ok = a.open(STATE, STATE[13], STATE[14], STATE[15], AAD, 0, 3, din, 0, RACE_LEN, dout, 0);
                    checkRace(ok, pt, get(dout, 0, RACE_LEN), "direct, byte " + p);
                }
            });
        }
    }

    private static void checkRace(boolean ok, byte[] pt, byte[] got, String what) {
        if (ok) {
            assertArrayEquals(pt, got, what + ": open succeeded with plaintext that was never authenticated");
        } else {
            assertTrue(Arrays.equals(new byte[got.length], got), what + ": failed open left output behind");
        }
    }

    @Test
    void sealOnTheActiveBackendNeverTagsBytesItDidNotCompute() throws Exception {
        sealNeverTagsBytesItDidNotCompute(AeadEngine.forEngine(Engines.active()));
    }

    @Test
    void sealThroughSunJceNeverTagsBytesItDidNotCompute() throws Exception {
        Optional<AeadEngine> a = JdkEngineTest.sunJceAead();
        assumeTrue(a.isPresent(), "the jdk backend does not run here");
        sealNeverTagsBytesItDidNotCompute(a.get());
    }

    private static void sealNeverTagsBytesItDidNotCompute(AeadEngine a) throws Exception {
        byte[] pt = Arrays.copyOf(PT, SEAL_RACE_LEN);
        for (int q : new int[] {100, 9000}) {
            byte[] out = new byte[SEAL_RACE_LEN + 16];
            ByteBuffer dout = ByteBuffer.allocateDirect(SEAL_RACE_LEN + 16);
            ByteBuffer din = ByteBuffer.allocateDirect(SEAL_RACE_LEN).put(0, pt);
            whileToggling(() -> out[q] ^= 1, () -> {
                for (int i = 0; i < RACE_ROUNDS; i++) {
                    a.seal(STATE, STATE[13], STATE[14], STATE[15], AAD, 0, 3, pt, 0, SEAL_RACE_LEN, out, 0);
                    checkSealed(out.clone(), pt, "array, byte " + q);
                }
            });
            whileToggling(() -> dout.put(q, (byte) (dout.get(q) ^ 1)), () -> {
                for (int i = 0; i < RACE_ROUNDS; i++) {
                    a.seal(STATE, STATE[13], STATE[14], STATE[15], AAD, 0, 3, din, 0, SEAL_RACE_LEN, dout, 0);
                    checkSealed(get(dout, 0, SEAL_RACE_LEN + 16), pt, "direct, byte " + q);
                }
            });
        }
    }

    private static void checkSealed(byte[] sealed, byte[] pt, String what) {
        byte[] back = new byte[SEAL_RACE_LEN];
        if (REF.open(STATE, STATE[13], STATE[14], STATE[15], AAD, 0, 3, sealed, 0, SEAL_RACE_LEN, back, 0)) {
            assertArrayEquals(pt, back, what + ": seal tagged bytes it did not compute");
        }
    }

    private static Cipher provider(int mode) throws Exception {
        return provider("ChaCha20-Poly1305", mode);
    }

    private static Cipher provider(String alg, int mode) throws Exception {
        Cipher c = Cipher.getInstance(alg, new JChachaProvider());
        int nonceLength = alg.startsWith("X") ? 24 : 12;
        c.init(mode, new SecretKeySpec(new byte[32], "ChaCha20"), new IvParameterSpec(new byte[nonceLength]));
        return c;
    }

    /**
     * The JCA open writes straight into the caller's output: the same outcome rule, arrays and direct buffers, both
     * algorithms.
     */
    @ParameterizedTest
    @ValueSource(strings = {"ChaCha20-Poly1305", "XChaCha20-Poly1305"})
    void providerOpenNeverReleasesPlaintextOfBytesChangedDuringTheCall(String alg) throws Exception {
        byte[] pt = Arrays.copyOf(PT, RACE_LEN);
        byte[] sealed = provider(alg, Cipher.ENCRYPT_MODE).doFinal(pt);
        for (int p : new int[] {100, 66_000}) {
            byte[] in = sealed.clone();
            byte[] out = new byte[RACE_LEN];
            whileToggling(() -> in[p] ^= 1, () -> {
                for (int i = 0; i < RACE_ROUNDS; i++) {
                    boolean ok = providerOpens(alg, c -> c.doFinal(in, 0, in.length, out, 0));
                    checkRace(ok, pt, out, "provider array, byte " + p);
                }
            });
            ByteBuffer din = ByteBuffer.allocateDirect(RACE_LEN + 16).put(0, sealed);
            ByteBuffer dout = ByteBuffer.allocateDirect(RACE_LEN);
            whileToggling(() -> din.put(p, (byte) (din.get(p) ^ 1)), () -> {
                for (int i = 0; i < RACE_ROUNDS; i++) {
                    boolean ok = providerOpens(alg, c -> c.doFinal(din.clear(), dout.clear()));
                    checkRace(ok, pt, get(dout, 0, RACE_LEN), "provider direct, byte " + p);
                }
            });
        }
    }

    /** A JCA decryption step that may throw. */
    private interface CipherCall {
        void run(Cipher c) throws Exception;
    }

    /** Runs {@code call} on a fresh decrypting provider cipher: true if it returned, false on a bad tag. */
    private static boolean providerOpens(String alg, CipherCall call) {
        try {
            call.run(provider(alg, Cipher.DECRYPT_MODE));
            return true;
        } catch (AEADBadTagException e) {
            return false;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void providerStreamingSealNeverTagsBytesItDidNotCompute() throws Exception {
        byte[] pt = Arrays.copyOf(PT, SEAL_RACE_LEN);
        byte[] out = new byte[SEAL_RACE_LEN + 16];
        for (int q : new int[] {100, 9000}) {
            whileToggling(() -> out[q] ^= 1, () -> {
                for (int i = 0; i < RACE_ROUNDS; i++) {
                    try {
                        Cipher c = provider(Cipher.ENCRYPT_MODE);
                        int n = c.update(pt, 0, 5000, out, 0);
                        c.doFinal(pt, 5000, SEAL_RACE_LEN - 5000, out, n);
                        byte[] back;
                        try {
                            back = provider(Cipher.DECRYPT_MODE).doFinal(out.clone());
                        } catch (AEADBadTagException expected) {
                            continue;
                        }
                        assertArrayEquals(pt, back, "streaming seal tagged bytes it did not compute, byte " + q);
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    }
                }
            });
        }
    }
}
