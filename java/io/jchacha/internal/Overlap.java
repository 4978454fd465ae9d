// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.nio.ByteBuffer;

/**
 * How an update's input range and output range of equal length may share memory, and so in which order the update
 * must walk them (memmove's rule) when it works in pieces: a piece that writes output must not destroy input a
 * later piece still has to read.
 *
 * <ul>
 *   <li>Arrays, and heap buffers that show their array: exact (same array, offsets compared).</li>
 *   <li>A heap and a direct buffer never share memory.</li>
 *   <li>Two direct buffers: {@link ByteBuffer#alignmentOffset} with the largest unit (2^30) gives each start
 *       address modulo 2^30 through public API (no reflection, no {@code --add-opens}). Ranges of {@code len}
 *       bytes that overlap start less than {@code len} apart, so every shift that is a candidate for an overlap
 *       is one of the few values congruent to the difference modulo 2^30 (exactly one up to 2^29 bytes): if all
 *       candidates lie on one side, that side is the walking direction, and if there are none the ranges are
 *       disjoint. Two views that are in fact unrelated memory are walked in that direction too, which is
 *       harmless.</li>
 *   <li>A read-only heap buffer hides its array: it may be any view of the output's array, so its bytes must be
 *       copied before any output is written ({@link #UNKNOWN}).</li>
 * </ul>
 *
 * <p>Out of reach of any address comparison: one file mapped twice (two addresses, same pages).
 */
public enum Overlap {
    /** Disjoint or identical ranges: any order, no copy. */
    NONE,
    /** The output starts before the input: walk front to back, reading each piece before writing it. */
    OUTPUT_BEFORE_INPUT,
    /** The output starts after the input: walk back to front, reading each piece before writing it. */
    OUTPUT_AFTER_INPUT,
    /** No way to tell: read all of the input before writing any output. */
    UNKNOWN;

    /**
     * Whether one pass front to back, each piece read whole before its output is written, never reads input that an
     * earlier piece's output overwrote: the ranges are disjoint or identical, or the output starts before the input.
     */
    public boolean forwardSafe() {
        return this == NONE || this == OUTPUT_BEFORE_INPUT;
    }

    /** The largest unit {@link ByteBuffer#alignmentOffset} takes (a power of two that fits an int). */
    static final int ADDRESS_UNIT = 1 << 30;

    /** Byte ranges {@code [inOff, inOff + len)} of {@code in} and {@code [outOff, outOff + len)} of {@code out}. */
    public static Overlap of(byte[] in, int inOff, byte[] out, int outOff, int len) {
        return in == out ? ofShift((long) outOff - inOff, len) : NONE;
    }

    /**
     * The ranges {@code len} bytes long at absolute indices {@code inPos} of {@code in} and {@code outPos} of
     * {@code out} (a null {@code in} means raw keystream: nothing to read).
     */
    public static Overlap of(ByteBuffer in, int inPos, ByteBuffer out, int outPos, int len) {
        if (in == null || len == 0 || in.isDirect() != out.isDirect()) {
            return NONE;
        }
        if (in.isDirect()) {
            return ofAddressResidues(
                    in.alignmentOffset(inPos, ADDRESS_UNIT), out.alignmentOffset(outPos, ADDRESS_UNIT), len);
        }
        if (in.hasArray() && out.hasArray()) {
            return of(in.array(), in.arrayOffset() + inPos, out.array(), out.arrayOffset() + outPos, len);
        }
        return UNKNOWN;
    }

    /** Ranges in one address space whose starts are {@code shift} (output minus input) apart. */
    static Overlap ofShift(long shift, int len) {
        if (shift == 0 || Math.abs(shift) >= len) {
            return NONE;
        }
        return shift < 0 ? OUTPUT_BEFORE_INPUT : OUTPUT_AFTER_INPUT;
    }

    /**
     * Direct ranges whose start addresses are {@code inResidue} and {@code outResidue} modulo {@link #ADDRESS_UNIT}:
     * the direction every candidate overlapping shift agrees on, or {@link #UNKNOWN} if they disagree (possible
     * only beyond 2^29 bytes).
     */
    static Overlap ofAddressResidues(long inResidue, long outResidue, int len) {
        long r = Math.floorMod(outResidue - inResidue, (long) ADDRESS_UNIT);
        boolean before = false, after = false;
        // shifts of overlapping ranges are in (-len, len), len < 2^31: candidates r - 2^31 .. r + 2^30
        for (long shift = r - 2L * ADDRESS_UNIT; shift < len; shift += ADDRESS_UNIT) {
            Overlap o = ofShift(shift, len);
            before |= o == OUTPUT_BEFORE_INPUT;
            after |= o == OUTPUT_AFTER_INPUT;
        }
        if (before && after) {
            return UNKNOWN;
        }
        return before ? OUTPUT_BEFORE_INPUT : after ? OUTPUT_AFTER_INPUT : NONE;
    }
}
