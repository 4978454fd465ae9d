// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import io.jchacha.internal.ChaChaBlock;
import java.math.BigInteger;

/**
 * rand_chacha 0.3's ChaCha{8,12,20}Rng as written there, line for line: rand_core 0.6's {@code BlockRng} over a
 * 64-word (4-block) results buffer, its {@code next_u32}, {@code next_u64}, {@code fill_bytes}, and
 * rand_chacha's {@code get_word_pos}, {@code set_word_pos}, {@code set_stream}; blocks from the scalar reference
 * block function. {@link ChaChaRandom} buffers differently (more blocks, direct writes), so agreeing with this
 * model over any call sequence shows the buffering is invisible.
 */
final class RandChachaModel {
    private static final int LEN = 64;

    private final int rounds;
    private final int[] st = new int[16];
    /** The core's block position: the block after the results buffer. */
    private long blockPos;

    private final int[] results = new int[LEN];
    private int index = LEN;

    RandChachaModel(int rounds, byte[] seed) {
        this.rounds = rounds;
        st[0] = ChaChaBlock.C0;
        st[1] = ChaChaBlock.C1;
        st[2] = ChaChaBlock.C2;
        st[3] = ChaChaBlock.C3;
        for (int i = 0; i < 8; i++) {
            st[4 + i] = (seed[4 * i] & 0xFF)
                    | (seed[4 * i + 1] & 0xFF) << 8
                    | (seed[4 * i + 2] & 0xFF) << 16
                    | (seed[4 * i + 3] & 0xFF) << 24;
        }
    }

    private void generateAndSet(int i) {
        int[] out = new int[16];
        for (int b = 0; b < 4; b++) {
            long block = blockPos + b;
            st[12] = (int) block;
            st[13] = (int) (block >>> 32);
            ChaChaBlock.keystreamBlock(st, rounds, out);
            System.arraycopy(out, 0, results, 16 * b, 16);
        }
        blockPos += 4;
        index = i;
    }

    int nextU32() {
        if (index >= LEN) {
            generateAndSet(0);
        }
        return results[index++];
    }

    long nextU64() {
        int i = index;
        if (i < LEN - 1) {
            index += 2;
            return (results[i] & 0xFFFFFFFFL) | ((long) results[i + 1] << 32);
        } else if (i >= LEN) {
            generateAndSet(2);
            return (results[0] & 0xFFFFFFFFL) | ((long) results[1] << 32);
        } else {
            long x = results[LEN - 1] & 0xFFFFFFFFL;
            generateAndSet(1);
            long y = results[0] & 0xFFFFFFFFL;
            return (y << 32) | x;
        }
    }

    void fillBytes(byte[] dest) {
        int read = 0;
        while (read < dest.length) {
            if (index >= LEN) {
                generateAndSet(0);
            }
            // fill_via_u32_chunks: min(src bytes, dest bytes) copied, ceil(copied / 4) words consumed
            int byteLen = Math.min((LEN - index) * 4, dest.length - read);
            for (int k = 0; k < byteLen; k++) {
                dest[read + k] = (byte) (results[index + k / 4] >>> (8 * (k % 4)));
            }
            index += (byteLen + 3) / 4;
            read += byteLen;
        }
    }

    BigInteger getWordPos() {
        long bufStartBlock = blockPos - 4;
        long posBlock = bufStartBlock + index / 16;
        return new BigInteger(Long.toUnsignedString(posBlock))
                .multiply(BigInteger.valueOf(16))
                .add(BigInteger.valueOf(index % 16));
    }

    void setWordPos(BigInteger wordOffset) {
        blockPos = wordOffset.divide(BigInteger.valueOf(16)).longValue();
        generateAndSet(wordOffset.mod(BigInteger.valueOf(16)).intValue());
    }

    void setStream(long stream) {
        st[14] = (int) stream;
        st[15] = (int) (stream >>> 32);
        if (index != LEN) {
            setWordPos(getWordPos());
        }
    }
}
