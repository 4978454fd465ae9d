// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A fast statistical sanity battery for generator output: monobit, runs, byte and 16-bit word frequency
 * (chi-square), and no repeated 64-byte block. Limits are far out in the tails (|z| &lt; 6, about one false alarm
 * in 10^9 runs), so it catches broken generators (a stuck, zeroed or repeated buffer, a biased word), not
 * subtle ones; dieharder in CI does the finer work.
 */
public final class RandomnessBattery {
    private static final double Z = 6.0;

    private RandomnessBattery() {}

    /**
     * The failed checks on {@code b}, empty when it passes.
     *
     * @param b at least 64 KiB of output
     * @return a description of each failed check
     */
    public static List<String> failures(byte[] b) {
        List<String> bad = new ArrayList<>();
        long n = 8L * b.length;
        long ones = 0;
        for (byte x : b) {
            ones += Integer.bitCount(x & 0xFF);
        }
        double monobitZ = (ones - n / 2.0) / Math.sqrt(n / 4.0);
        if (Math.abs(monobitZ) > Z) {
            bad.add("monobit z=" + monobitZ);
        }
        // runs test (NIST SP 800-22 2.3): number of maximal runs of equal bits
        double pi = (double) ones / n;
        long runs = 1; // bits in order: each byte from its lowest bit; a run ends at every change of bit
        int prevBit = b[0] & 1;
        for (byte x : b) {
            int v = x & 0xFF;
            runs += ((v & 1) != prevBit ? 1 : 0) + Integer.bitCount((v ^ (v >>> 1)) & 0x7F);
            prevBit = v >>> 7;
        }
        double runsZ = (runs - 2.0 * n * pi * (1 - pi)) / (2.0 * Math.sqrt(2.0 * n) * pi * (1 - pi));
        if (Math.abs(runsZ) > Z) {
            bad.add("runs z=" + runsZ);
        }
        long[] bytes = new long[256];
        for (byte x : b) {
            bytes[x & 0xFF]++;
        }
        check(bad, "byte frequency", bytes, b.length);
        long[] words = new long[65536];
        for (int i = 0; i + 1 < b.length; i += 2) {
            words[(b[i] & 0xFF) | (b[i + 1] & 0xFF) << 8]++;
        }
        check(bad, "16-bit word frequency", words, b.length / 2);
        Set<ByteBuffer> blocks = new HashSet<>();
        for (int i = 0; i + 64 <= b.length; i += 64) {
            if (!blocks.add(ByteBuffer.wrap(b, i, 64).slice())) {
                bad.add("64-byte block at " + i + " repeats an earlier one");
                break;
            }
        }
        return bad;
    }

    /** Chi-square against the uniform distribution, as a z-score (Wilson-Hilferty). */
    private static void check(List<String> bad, String what, long[] counts, long total) {
        double expected = (double) total / counts.length;
        double chi = 0;
        for (long c : counts) {
            chi += (c - expected) * (c - expected) / expected;
        }
        double k = counts.length - 1;
        double z = (Math.cbrt(chi / k) - (1 - 2 / (9 * k))) / Math.sqrt(2 / (9 * k));
        if (Math.abs(z) > Z) {
            bad.add(what + " chi2=" + chi + " (z=" + z + ")");
        }
    }
}
