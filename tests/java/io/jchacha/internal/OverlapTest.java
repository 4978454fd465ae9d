// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import static io.jchacha.internal.Overlap.ADDRESS_UNIT;
import static io.jchacha.internal.Overlap.NONE;
import static io.jchacha.internal.Overlap.OUTPUT_AFTER_INPUT;
import static io.jchacha.internal.Overlap.OUTPUT_BEFORE_INPUT;
import static io.jchacha.internal.Overlap.UNKNOWN;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** The walking direction for every way two ranges can share memory, and the address arithmetic behind it. */
class OverlapTest {
    private static final int MAX = Integer.MAX_VALUE;

    @Test
    void arrays() {
        byte[] a = new byte[100];
        assertEquals(NONE, Overlap.of(a, 10, a, 10, 50), "identical");
        assertEquals(NONE, Overlap.of(a, 0, new byte[100], 3, 50), "other array");
        assertEquals(NONE, Overlap.of(a, 0, a, 50, 50), "adjacent");
        assertEquals(NONE, Overlap.of(a, 50, a, 0, 50), "adjacent");
        assertEquals(OUTPUT_AFTER_INPUT, Overlap.of(a, 0, a, 49, 50));
        assertEquals(OUTPUT_BEFORE_INPUT, Overlap.of(a, 49, a, 0, 50));
        assertEquals(NONE, Overlap.of(a, 3, a, 9, 0), "empty");
    }

    @Test
    void heapBuffers() {
        byte[] a = new byte[100];
        ByteBuffer in = ByteBuffer.wrap(a, 20, 50).slice();
        ByteBuffer out = ByteBuffer.wrap(a, 23, 50);
        assertEquals(OUTPUT_AFTER_INPUT, Overlap.of(in, 0, out, 23, 50));
        assertEquals(OUTPUT_BEFORE_INPUT, Overlap.of(out, 23, in, 0, 50));
        assertEquals(UNKNOWN, Overlap.of(in.asReadOnlyBuffer(), 0, out, 23, 50), "read-only hides its array");
        assertEquals(UNKNOWN, Overlap.of(ByteBuffer.allocate(50).asReadOnlyBuffer(), 0, out, 23, 50));
        assertEquals(NONE, Overlap.of(in.asReadOnlyBuffer(), 0, ByteBuffer.allocateDirect(50), 0, 50), "heap/direct");
        assertEquals(NONE, Overlap.of(ByteBuffer.allocateDirect(50), 0, out, 23, 50), "direct/heap");
        assertEquals(NONE, Overlap.of(null, 0, out, 23, 50), "keystream only");
    }

    @Test
    void directViewsOfOneAllocation() {
        ByteBuffer m = ByteBuffer.allocateDirect(1 << 16);
        for (int len : new int[] {1, 2, 63, 64, 1000, 20000}) {
            for (int shift : new int[] {-20000, -len, -len + 1, -17, -1, 0, 1, 17, len - 1, len, 20000}) {
                int inPos = 30000;
                int outPos = inPos + shift;
                Overlap want = Overlap.ofShift(shift, len);
                for (ByteBuffer in : new ByteBuffer[] {
                    m, m.asReadOnlyBuffer(), m.duplicate().position(7).slice()
                }) {
                    int index = in.capacity() == m.capacity() ? inPos : inPos - 7;
                    ByteBuffer out = m.duplicate().position(outPos - 5).slice();
                    assertEquals(want, Overlap.of(in, index, out, 5, len), "len " + len + " shift " + shift);
                }
            }
        }
    }

    @Test
    void shifts() {
        assertEquals(NONE, Overlap.ofShift(0, 10));
        assertEquals(OUTPUT_AFTER_INPUT, Overlap.ofShift(9, 10));
        assertEquals(NONE, Overlap.ofShift(10, 10));
        assertEquals(OUTPUT_BEFORE_INPUT, Overlap.ofShift(-9, 10));
        assertEquals(NONE, Overlap.ofShift(-10, 10));
        assertEquals(OUTPUT_BEFORE_INPUT, Overlap.ofShift(1 - MAX, MAX));
        assertEquals(NONE, Overlap.ofShift(Long.MIN_VALUE + 1, MAX));
    }

    /** Residues modulo 2^30: one candidate shift up to 2^29 bytes, several beyond; mixed signs mean copy. */
    @Test
    void addressResidues() {
        long u = ADDRESS_UNIT;
        int half = ADDRESS_UNIT / 2;
        assertEquals(NONE, Overlap.ofAddressResidues(5, 5, 1000));
        assertEquals(OUTPUT_AFTER_INPUT, Overlap.ofAddressResidues(5, 8, 1000));
        assertEquals(OUTPUT_BEFORE_INPUT, Overlap.ofAddressResidues(8, 5, 1000));
        assertEquals(NONE, Overlap.ofAddressResidues(5, 1005, 1000));
        // wrapping around the unit: output 3 bytes before the input
        assertEquals(OUTPUT_BEFORE_INPUT, Overlap.ofAddressResidues(1, u - 2, 1000));
        assertEquals(OUTPUT_AFTER_INPUT, Overlap.ofAddressResidues(u - 2, 1, 1000));
        // up to 2^29 bytes a residue names one shift
        assertEquals(OUTPUT_AFTER_INPUT, Overlap.ofAddressResidues(0, half - 1, half));
        assertEquals(OUTPUT_BEFORE_INPUT, Overlap.ofAddressResidues(0, half + 1, half));
        assertEquals(NONE, Overlap.ofAddressResidues(0, half, half));
        // beyond: r and r - 2^30 both within reach
        assertEquals(UNKNOWN, Overlap.ofAddressResidues(0, half, half + 1));
        assertEquals(UNKNOWN, Overlap.ofAddressResidues(0, 0, (int) u + 1), "0 or +-2^30");
        assertEquals(NONE, Overlap.ofAddressResidues(0, 0, (int) u), "0 only: identical or disjoint");
        assertEquals(OUTPUT_AFTER_INPUT, Overlap.ofAddressResidues(0, 10, half + 100), "10, or -2^30 + 10: too far");
        assertEquals(UNKNOWN, Overlap.ofAddressResidues(0, 10, (int) u), "10 or -2^30 + 10");
        assertEquals(UNKNOWN, Overlap.ofAddressResidues(0, 10, MAX));
        assertEquals(UNKNOWN, Overlap.ofAddressResidues(0, u - 1, MAX));
    }

    /** One forward pass is safe exactly where no output lands on input still to be read. */
    @Test
    void forwardSafeOnlyWhereTheOutputDoesNotStartInsideTheInputAfterIt() {
        assertEquals(true, NONE.forwardSafe());
        assertEquals(true, OUTPUT_BEFORE_INPUT.forwardSafe());
        assertEquals(false, OUTPUT_AFTER_INPUT.forwardSafe());
        assertEquals(false, UNKNOWN.forwardSafe());
    }
}
