// SPDX-License-Identifier: Apache-2.0
package io.jchacha.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jchacha.JChachaProvider;
import java.nio.ByteBuffer;
import java.security.Provider;
import java.security.Security;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The JCA AEAD ciphers' decryption failure contract, the library's own: on {@code AEADBadTagException} (a bad tag, or
 * a ciphertext byte flipped) the output range that would have held the plaintext is all zero and every other byte of
 * the caller's memory is as before (in place: the ciphertext is zeroed, the tag kept; the array-returning
 * {@code doFinal}: nothing changed).
 * Each case runs on byte arrays (apart, in place, the same array at offsets either side, the array-returning
 * {@code doFinal}), heap, read-only heap and direct {@code ByteBuffer}s (apart, in place through a duplicate, offsets
 * either side, heap to direct and back), as one {@code doFinal} and after an {@code update}, with AAD, at sizes from
 * 1 byte to 20000 (both sides of the jdk backend's SunJCE threshold and of the Java AEAD's 8 KiB chunk); then it goes
 * on with the same {@code Cipher} (AAD and a good message: taken from JDK 21 on, refused before) and with one
 * initialized again. Each step's outcome and the buffers' positions and limits after the failure make a transcript;
 * ChaCha20-Poly1305's must equal SunJCE's on the running JDK, and XChaCha20-Poly1305's (which SunJCE lacks) SunJCE
 * ChaCha20-Poly1305's for the same lengths. The memory is held to the contract above, where SunJCE differs: it leaves
 * the output as it was, at the cost of a private copy of the plaintext (docs/bench/jca-open.md).
 *
 * <p>One exception: from JDK 21 on, SunJCE's {@code doFinal(ByteBuffer, ByteBuffer)} resets the cipher only where it
 * hands the work to its byte-array {@code doFinal} (Temurin 25: a heap input to a direct output); heap to heap, and
 * an input without an accessible array, skip that reset, so after a bad tag there SunJCE refuses the AAD and the good
 * message that a decrypting cipher takes after any {@code doFinal} (JDK-8305091, and SunJCE's own byte-array path).
 * For those steps the provider is held to SunJCE's byte-array case. Runs on every backend (the surefire executions
 * force each).
 */
class DecryptFailureTest {
    private static final Provider SUN = Security.getProvider("SunJCE");
    private static final Provider OURS = new JChachaProvider();
    private static final SecretKey KEY = new SecretKeySpec(SideBySideTest.seq(32, 1), "ChaCha20");
    private static final byte[] AAD = SideBySideTest.seq(5, 3);
    private static final int[] SIZES = {1, 200, 1100, 20000};
    /** Bytes before the message in its memory, and around the regions. */
    private static final int IN_AT = 20;

    private static final int SLACK = 64;
    /** Bytes the {@code update} of an after-update case passes. */
    private static final int FIRST = 7;

    enum Damage {
        TAG,
        CIPHERTEXT
    }

    enum Feed {
        ONE_SHOT,
        AFTER_UPDATE
    }

    /** Where the output goes relative to the input (in the array or buffer memory). */
    enum Place {
        APART,
        IN_PLACE,
        OUTPUT_BEFORE,
        OUTPUT_AFTER,
        RETURNED;

        int outAt() {
            switch (this) {
                case IN_PLACE:
                    return IN_AT;
                case OUTPUT_BEFORE:
                    return IN_AT - 5;
                case OUTPUT_AFTER:
                    return IN_AT + 7;
                default:
                    return 11;
            }
        }
    }

    /** The memory a case works in: byte arrays, or buffers of a kind for the input and for the output. */
    enum Memory {
        ARRAYS,
        HEAP,
        READ_ONLY_HEAP_INPUT,
        DIRECT,
        HEAP_TO_DIRECT,
        DIRECT_TO_HEAP
    }

    static Stream<Arguments> cases() {
        List<Arguments> all = new ArrayList<>();
        for (String alg : List.of("ChaCha20-Poly1305", "XChaCha20-Poly1305")) {
            for (Memory m : Memory.values()) {
                for (Place p : Place.values()) {
                    boolean apartOnly = m == Memory.HEAP_TO_DIRECT || m == Memory.DIRECT_TO_HEAP;
                    if ((p == Place.RETURNED && m != Memory.ARRAYS) || (apartOnly && p != Place.APART)) {
                        continue;
                    }
                    all.add(Arguments.of(alg, m, p));
                }
            }
        }
        return all.stream();
    }

    static byte[] nonce(String alg, int which) {
        return SideBySideTest.seq(alg.startsWith("X") ? 24 : 12, 40 + which);
    }

    static byte[] plaintext(int len) {
        return SideBySideTest.seq(len, 77);
    }

    static byte[] seal(Provider p, String alg, byte[] nonce, byte[] pt) throws Exception {
        Cipher c = Cipher.getInstance(alg, p);
        c.init(Cipher.ENCRYPT_MODE, KEY, new IvParameterSpec(nonce));
        c.updateAAD(AAD);
        return c.doFinal(pt);
    }

    /** A byte pattern unlike any ciphertext, so a write of anything shows. */
    static byte[] pattern(int len, int seed) {
        byte[] b = new byte[len];
        Arrays.fill(b, (byte) (0x50 + seed));
        return b;
    }

    static ByteBuffer buffer(boolean direct, byte[] contents) {
        ByteBuffer b = direct ? ByteBuffer.allocateDirect(contents.length) : ByteBuffer.allocate(contents.length);
        b.put(0, contents);
        return b;
    }

    static byte[] contents(ByteBuffer b) {
        byte[] a = new byte[b.capacity()];
        b.get(0, a);
        return a;
    }

    /** Outcomes of one case's steps: the failure itself, and what the cipher does after it. */
    static final class Transcript {
        final List<String> failure = new ArrayList<>();
        final List<String> after = new ArrayList<>();
        /** {@link #ZEROED}, {@link #AS_BEFORE} or {@link #OTHER}. */
        String memory;

        static void step(List<String> lines, String name, Callable<?> c) {
            String r;
            try {
                Object o = c.call();
                r = o instanceof byte[] ? ((byte[]) o).length + " bytes" : String.valueOf(o);
            } catch (Throwable t) {
                r = "throws " + t.getClass().getName();
            }
            lines.add(name + " -> " + r);
        }
    }

    /**
     * One case on provider {@code p}: decrypts a damaged message of {@code len} plaintext bytes laid out as
     * {@code m} and {@code place} say, then goes on with the same cipher.
     */
    static Transcript run(Provider p, String alg, Memory m, Place place, Feed feed, Damage damage, int len)
            throws Exception {
        byte[] good = seal(p, alg, nonce(alg, 0), plaintext(len));
        byte[] bad = good.clone();
        bad[damage == Damage.TAG ? bad.length - 1 : len / 2] ^= 0x10;
        Cipher c = Cipher.getInstance(alg, p);
        c.init(Cipher.DECRYPT_MODE, KEY, new IvParameterSpec(nonce(alg, 0)));
        c.updateAAD(AAD);
        Transcript t = new Transcript();
        int n = bad.length;
        int first = feed == Feed.AFTER_UPDATE ? FIRST : 0;
        byte[] inMemory = pattern(n + SLACK, 0);
        System.arraycopy(bad, 0, inMemory, IN_AT, n);
        boolean apart = place == Place.APART || place == Place.RETURNED;
        if (m == Memory.ARRAYS) {
            byte[] in = inMemory;
            byte[] out = apart ? pattern(n + SLACK, 1) : in;
            byte[] inBefore = in.clone();
            byte[] outBefore = out.clone();
            int outAt = place.outAt();
            byte[] zeroedOut = zeroed(outBefore, outAt, len);
            byte[] zeroedIn = apart ? inBefore : zeroedOut;
            if (place == Place.RETURNED) {
                if (first > 0) {
                    Transcript.step(t.failure, "update", () -> c.update(in, IN_AT, first));
                }
                Transcript.step(t.failure, "doFinal", () -> c.doFinal(in, IN_AT + first, n - first));
            } else {
                if (first > 0) {
                    Transcript.step(t.failure, "update", () -> c.update(in, IN_AT, first, out, outAt));
                }
                Transcript.step(t.failure, "doFinal", () -> c.doFinal(in, IN_AT + first, n - first, out, outAt));
            }
            t.memory = memory(in, out, inBefore, outBefore, zeroedIn, zeroedOut);
        } else {
            boolean directIn = m == Memory.DIRECT || m == Memory.DIRECT_TO_HEAP;
            boolean directOut = m == Memory.DIRECT || m == Memory.HEAP_TO_DIRECT;
            ByteBuffer inMem = buffer(directIn, inMemory);
            ByteBuffer outMem = apart ? buffer(directOut, pattern(n + SLACK, 1)) : inMem;
            byte[] inBefore = contents(inMem);
            byte[] outBefore = contents(outMem);
            byte[] zeroedOut = zeroed(outBefore, place.outAt(), len);
            byte[] zeroedIn = apart ? inBefore : zeroedOut;
            ByteBuffer in = (m == Memory.READ_ONLY_HEAP_INPUT ? inMem.asReadOnlyBuffer() : inMem.duplicate())
                    .limit(IN_AT + first)
                    .position(IN_AT);
            ByteBuffer out = outMem.duplicate().position(place.outAt());
            if (first > 0) {
                Transcript.step(t.failure, "update", () -> c.update(in, out));
            }
            in.limit(IN_AT + n);
            Transcript.step(t.failure, "doFinal", () -> c.doFinal(in, out));
            t.failure.add("input at " + (in.position() - IN_AT) + " of " + (in.limit() - IN_AT) + ", output at "
                    + (out.position() - place.outAt()) + " limit " + out.limit());
            t.memory = memory(contents(inMem), contents(outMem), inBefore, outBefore, zeroedIn, zeroedOut);
        }
        // the same cipher afterwards: from JDK 21 on ready for another message under the same key and nonce
        byte[] expected = plaintext(len);
        Transcript.step(t.after, "updateAAD after", () -> {
            c.updateAAD(AAD);
            return "ok";
        });
        Transcript.step(
                t.after,
                "doFinal good after",
                () -> Arrays.equals(c.doFinal(good), expected) ? "plaintext" : "wrong bytes");
        byte[] good2 = seal(p, alg, nonce(alg, 1), expected);
        Transcript.step(t.after, "initialized again", () -> {
            c.init(Cipher.DECRYPT_MODE, KEY, new IvParameterSpec(nonce(alg, 1)));
            c.updateAAD(AAD);
            return Arrays.equals(c.doFinal(good2), expected) ? "plaintext" : "wrong bytes";
        });
        return t;
    }

    static final String ZEROED = "output range zeroed, nothing else changed";
    static final String AS_BEFORE = "as before";
    static final String OTHER = "changed otherwise";

    /** {@code before} with {@code len} bytes at {@code at} zeroed. */
    static byte[] zeroed(byte[] before, int at, int len) {
        byte[] z = before.clone();
        Arrays.fill(z, at, at + len, (byte) 0);
        return z;
    }

    /** Which of the outcomes the input and output memory show after the failure. */
    static String memory(byte[] in, byte[] out, byte[] inBefore, byte[] outBefore, byte[] zeroedIn, byte[] zeroedOut) {
        if (Arrays.equals(in, zeroedIn) && Arrays.equals(out, zeroedOut)) {
            return ZEROED;
        }
        return Arrays.equals(in, inBefore) && Arrays.equals(out, outBefore) ? AS_BEFORE : OTHER;
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("cases")
    void badTagZeroesTheOutputRangeAndBehavesAsSunJceOtherwise(String alg, Memory m, Place place) throws Exception {
        // the array-returning doFinal's array is dropped with the exception: the caller's memory stays as it was
        String contract = place == Place.RETURNED ? AS_BEFORE : ZEROED;
        List<String> broken = new ArrayList<>();
        StringBuilder sun = new StringBuilder();
        StringBuilder ours = new StringBuilder();
        for (int len : SIZES) {
            for (Feed feed : Feed.values()) {
                for (Damage damage : Damage.values()) {
                    String name = len + " bytes, " + feed + ", bad " + damage;
                    Transcript o = run(OURS, alg, m, place, feed, damage, len);
                    if (!contract.equals(o.memory)) {
                        broken.add(name + ": " + o.memory);
                    }
                    // SunJCE has no XChaCha20-Poly1305: its ChaCha20-Poly1305 sets the contract for both
                    Transcript s = run(SUN, "ChaCha20-Poly1305", m, place, feed, damage, len);
                    Transcript sAfter = m != Memory.ARRAYS && Support.DECRYPT_REUSE_ALLOWED
                            ? run(SUN, "ChaCha20-Poly1305", Memory.ARRAYS, Place.APART, feed, damage, len)
                            : s;
                    sun.append(name)
                            .append(":\n  ")
                            .append(String.join("\n  ", s.failure))
                            .append("\n  ")
                            .append(String.join("\n  ", sAfter.after))
                            .append('\n');
                    ours.append(name)
                            .append(":\n  ")
                            .append(String.join("\n  ", o.failure))
                            .append("\n  ")
                            .append(String.join("\n  ", o.after))
                            .append('\n');
                }
            }
        }
        assertTrue(
                broken.isEmpty(),
                alg + " " + m + " " + place + ": a failed decryption did not leave " + contract + " in " + broken);
        assertEquals(sun.toString(), ours.toString());
    }
}
