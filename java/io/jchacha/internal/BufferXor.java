// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.nio.ByteBuffer;

/** An engine's buffer call carried out through its array call, for engines that work on arrays only. */
final class BufferXor {
    /**
     * Bytes per step when the output buffer has no accessible array (direct or read-only), copied through a heap
     * array with the bulk absolute get/put (memcpy speed); whole blocks, so each step starts at a block.
     */
    static final int CHUNK = 16 * 1024;

    private BufferXor() {}

    /**
     * {@link Engine#xor(int[], int, boolean, ByteBuffer, int, ByteBuffer, int, int, EngineScratch)} through
     * {@code e}'s array calls; a buffer without an accessible array is staged through the caller's scratch.
     */
    static void viaArrays(
            Engine e,
            int[] state,
            int rounds,
            boolean counter64,
            ByteBuffer in,
            int inPos,
            ByteBuffer out,
            int outPos,
            int len,
            EngineScratch scratch) {
        if (out.hasArray()) {
            byte[] o = out.array();
            int oo = out.arrayOffset() + outPos;
            if (in == null) {
                e.xor(state, rounds, counter64, null, 0, o, oo, len, scratch);
            } else if (in.hasArray()) {
                e.xor(state, rounds, counter64, in.array(), in.arrayOffset() + inPos, o, oo, len, scratch);
            } else {
                // direct or read-only input: copy it into the output range, then work in place there
                in.get(inPos, o, oo, len);
                e.xor(state, rounds, counter64, o, oo, o, oo, len, scratch);
            }
            return;
        }
        int size = Math.min(len, CHUNK);
        byte[] chunk = scratch.bytes(size);
        int[] s = scratch.state(state);
        while (len > 0) {
            int n = Math.min(len, size);
            if (in == null) {
                e.xor(s, rounds, counter64, null, 0, chunk, 0, n, scratch);
            } else if (in.hasArray()) {
                e.xor(s, rounds, counter64, in.array(), in.arrayOffset() + inPos, chunk, 0, n, scratch);
            } else {
                in.get(inPos, chunk, 0, n);
                e.xor(s, rounds, counter64, chunk, 0, chunk, 0, n, scratch);
            }
            out.put(outPos, chunk, 0, n);
            len -= n;
            inPos += n;
            outPos += n;
            ChaChaBlock.addCounter(s, counter64, n >>> 6);
        }
    }
}
