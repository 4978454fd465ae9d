// SPDX-License-Identifier: Apache-2.0
package io.jchacha.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.nio.ByteBuffer;

/**
 * Every kind of {@link ByteBuffer} a caller can hand in, chosen by the fuzzer: heap and direct, at offset 0 or as a
 * slice with an array offset, read-only views and duplicates, with bytes before the position and after the limit
 * that must stay untouched; and pairs of views over one piece of memory, overlapping at any distance.
 */
final class Buffers {
    private Buffers() {}

    enum Kind {
        HEAP,
        HEAP_SLICE,
        HEAP_DUPLICATE,
        HEAP_READ_ONLY,
        DIRECT,
        DIRECT_SLICE,
        DIRECT_DUPLICATE,
        DIRECT_READ_ONLY;

        boolean readOnly() {
            return this == HEAP_READ_ONLY || this == DIRECT_READ_ONLY;
        }

        boolean direct() {
            return compareTo(DIRECT) >= 0;
        }
    }

    /** A buffer whose remaining bytes are {@code content}, {@code lead} bytes after the start of its memory. */
    static ByteBuffer of(Kind kind, byte[] content, int lead, int trail) {
        int cap = lead + content.length + trail;
        ByteBuffer mem = kind.direct() ? ByteBuffer.allocateDirect(cap + 3) : ByteBuffer.allocate(cap + 3);
        for (int i = 0; i < mem.capacity(); i++) {
            mem.put(i, (byte) (0xa5 ^ i));
        }
        mem.put(3 + lead, content);
        ByteBuffer b;
        switch (kind) {
            case HEAP_SLICE:
            case DIRECT_SLICE:
                b = mem.position(3).slice();
                break;
            case HEAP_DUPLICATE:
            case DIRECT_DUPLICATE:
                b = mem.duplicate().position(3);
                break;
            case HEAP_READ_ONLY:
            case DIRECT_READ_ONLY:
                b = mem.asReadOnlyBuffer().position(3);
                break;
            default:
                b = mem.position(3);
                break;
        }
        int start = b.position() + lead;
        return b.limit(start + content.length).position(start);
    }

    static Kind kind(FuzzedDataProvider d) {
        return d.pickValue(Kind.values());
    }

    static Kind writableKind(FuzzedDataProvider d) {
        Kind k;
        do {
            k = kind(d);
        } while (k.readOnly() && d.remainingBytes() > 0);
        return k.readOnly() ? Kind.HEAP : k;
    }

    /** Every byte of {@code b}'s memory up to its capacity, whatever its position and limit (both untouched). */
    static byte[] all(ByteBuffer b) {
        byte[] out = new byte[b.capacity()];
        b.duplicate().clear().get(out);
        return out;
    }

    /**
     * Two views of one piece of memory: {@code in} with {@code inLen} bytes at {@code inAt} and {@code out} with
     * {@code outLen} at {@code outAt}, heap (views of one array, through wrap/slice/duplicate, the input possibly
     * read-only) or direct (slices and duplicates of one direct buffer).
     */
    static final class Alias {
        final ByteBuffer memory;
        final ByteBuffer in;
        final ByteBuffer out;

        Alias(FuzzedDataProvider d, byte[] initial, int inAt, int inLen, int outAt, int outLen) {
            boolean direct = d.consumeBoolean();
            memory = direct ? ByteBuffer.allocateDirect(initial.length) : ByteBuffer.allocate(initial.length);
            memory.put(0, initial);
            in = view(d, inAt, inLen, true);
            out = view(d, outAt, outLen, false);
        }

        private ByteBuffer view(FuzzedDataProvider d, int at, int len, boolean mayBeReadOnly) {
            ByteBuffer base;
            switch (d.consumeInt(0, 3)) {
                case 0:
                    base = memory.duplicate();
                    break;
                case 1:
                    base = memory.slice(0, memory.capacity());
                    break;
                case 2:
                    // a slice that starts at the view (array offset / address moved), position 0
                    return memory.slice(at, len);
                default:
                    base = mayBeReadOnly ? memory.asReadOnlyBuffer() : memory.duplicate();
                    break;
            }
            return base.limit(at + len).position(at);
        }

        byte[] snapshot() {
            return all(memory);
        }
    }
}
