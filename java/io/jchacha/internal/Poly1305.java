// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

/**
 * Poly1305 (RFC 8439 2.5) in pure Java: incremental, constant time, radix 2^26 (five 26-bit limbs held in
 * {@code long}s, 25 32x32->64-bit products per block; products and sums stay below 2^63).
 *
 * <p>Constant time: the only branches and array indices depend on lengths, never on key, message or tag
 * bytes; the final reduction mod 2^130 - 5 selects with a mask. Not thread-safe (one instance per message).
 * {@link #finish} wipes the key and state.
 */
public final class Poly1305 {
    public static final int KEY_LENGTH = 32;
    public static final int TAG_LENGTH = 16;

    private static final long M26 = 0x3ffffff;

    // r (clamped) and 5*r for limbs 1..4
    private long r0, r1, r2, r3, r4;
    private long s1, s2, s3, s4;
    // accumulator
    private long h0, h1, h2, h3, h4;
    // s: the second key half, as two little-endian 64-bit words
    private long pad0, pad1;
    // a partial block
    private final byte[] buf = new byte[16];
    private int bufLen;
    // the length block updateLengths builds (lengths only, nothing secret), so that it allocates nothing
    private final byte[] lengths = new byte[16];

    /** An instance keyed with {@code key[off .. off + 32)}. */
    public Poly1305(byte[] key, int off) {
        init(key, off);
    }

    /** Re-keys this instance for a new message. */
    public void init(byte[] key, int off) {
        long k0 = Bytes.le64(key, off);
        long k1 = Bytes.le64(key, off + 8);
        // clamp r &= 0x0ffffffc0ffffffc0ffffffc0fffffff, then split into 26-bit limbs
        k0 &= 0x0ffffffc0fffffffL;
        k1 &= 0x0ffffffc0ffffffcL;
        r0 = k0 & M26;
        r1 = (k0 >>> 26) & M26;
        r2 = ((k0 >>> 52) | (k1 << 12)) & M26;
        r3 = (k1 >>> 14) & M26;
        r4 = k1 >>> 40;
        s1 = r1 * 5;
        s2 = r2 * 5;
        s3 = r3 * 5;
        s4 = r4 * 5;
        pad0 = Bytes.le64(key, off + 16);
        pad1 = Bytes.le64(key, off + 24);
        h0 = h1 = h2 = h3 = h4 = 0;
        bufLen = 0;
    }

    /** Absorbs {@code len} bytes; any chunking gives the same tag. */
    public void update(byte[] m, int off, int len) {
        if (bufLen > 0) {
            int n = Math.min(16 - bufLen, len);
            System.arraycopy(m, off, buf, bufLen, n);
            bufLen += n;
            off += n;
            len -= n;
            if (bufLen < 16) {
                return;
            }
            blocks(buf, 0, 16, 1L << 24);
            bufLen = 0;
        }
        int full = len & ~15;
        if (full > 0) {
            blocks(m, off, full, 1L << 24);
            off += full;
            len -= full;
        }
        if (len > 0) {
            System.arraycopy(m, off, buf, 0, len);
            bufLen = len;
        }
    }

    /**
     * Zero-pads the message absorbed so far to a multiple of 16 bytes (the AEAD's pad16): the same as
     * {@code update} with {@code (16 - n % 16) % 16} zero bytes.
     */
    public void pad16() {
        if (bufLen > 0) {
            for (int i = bufLen; i < 16; i++) {
                buf[i] = 0;
            }
            blocks(buf, 0, 16, 1L << 24);
            bufLen = 0;
        }
    }

    /** Absorbs two little-endian 64-bit words (the AEAD's length block). */
    public void updateLengths(long a, long b) {
        Bytes.LE_LONG.set(lengths, 0, a);
        Bytes.LE_LONG.set(lengths, 8, b);
        update(lengths, 0, 16);
    }

    private void blocks(byte[] m, int off, int len, long hibit) {
        long h0 = this.h0, h1 = this.h1, h2 = this.h2, h3 = this.h3, h4 = this.h4;
        final long r0 = this.r0, r1 = this.r1, r2 = this.r2, r3 = this.r3, r4 = this.r4;
        final long s1 = this.s1, s2 = this.s2, s3 = this.s3, s4 = this.s4;
        final int end = off + len;
        for (; off < end; off += 16) {
            long lo = (long) Bytes.LE_LONG.get(m, off);
            long hi = (long) Bytes.LE_LONG.get(m, off + 8);
            h0 += lo & M26;
            h1 += (lo >>> 26) & M26;
            h2 += ((lo >>> 52) | (hi << 12)) & M26;
            h3 += (hi >>> 14) & M26;
            h4 += (hi >>> 40) | hibit;

            long d0 = h0 * r0 + h1 * s4 + h2 * s3 + h3 * s2 + h4 * s1;
            long d1 = h0 * r1 + h1 * r0 + h2 * s4 + h3 * s3 + h4 * s2;
            long d2 = h0 * r2 + h1 * r1 + h2 * r0 + h3 * s4 + h4 * s3;
            long d3 = h0 * r3 + h1 * r2 + h2 * r1 + h3 * r0 + h4 * s4;
            long d4 = h0 * r4 + h1 * r3 + h2 * r2 + h3 * r1 + h4 * r0;

            d1 += d0 >>> 26;
            h0 = d0 & M26;
            d2 += d1 >>> 26;
            h1 = d1 & M26;
            d3 += d2 >>> 26;
            h2 = d2 & M26;
            d4 += d3 >>> 26;
            h3 = d3 & M26;
            h0 += (d4 >>> 26) * 5;
            h4 = d4 & M26;
            h1 += h0 >>> 26;
            h0 &= M26;
        }
        this.h0 = h0;
        this.h1 = h1;
        this.h2 = h2;
        this.h3 = h3;
        this.h4 = h4;
    }

    /** Writes the 16-byte tag to {@code out[off ..]} and wipes this instance (call {@link #init} to reuse). */
    public void finish(byte[] out, int off) {
        if (bufLen > 0) {
            buf[bufLen] = 1;
            for (int i = bufLen + 1; i < 16; i++) {
                buf[i] = 0;
            }
            blocks(buf, 0, 16, 0);
        }
        long h0 = this.h0, h1 = this.h1, h2 = this.h2, h3 = this.h3, h4 = this.h4;
        // full carry: h < 2^130 + small
        // spotless:off
        h2 += h1 >>> 26; h1 &= M26;
        h3 += h2 >>> 26; h2 &= M26;
        h4 += h3 >>> 26; h3 &= M26;
        h0 += (h4 >>> 26) * 5; h4 &= M26;
        h1 += h0 >>> 26; h0 &= M26;
        h2 += h1 >>> 26; h1 &= M26;

        // g = h + 5 - 2^130; keep g when it is non-negative (h >= p), else h
        long g0 = h0 + 5;
        long g1 = h1 + (g0 >>> 26); g0 &= M26;
        long g2 = h2 + (g1 >>> 26); g1 &= M26;
        long g3 = h3 + (g2 >>> 26); g2 &= M26;
        long g4 = h4 + (g3 >>> 26) - (1L << 26); g3 &= M26;
        // spotless:on
        long useG = ~(g4 >> 63); // all ones when g4 >= 0
        h0 = (h0 & ~useG) | (g0 & useG);
        h1 = (h1 & ~useG) | (g1 & useG);
        h2 = (h2 & ~useG) | (g2 & useG);
        h3 = (h3 & ~useG) | (g3 & useG);
        h4 = (h4 & ~useG) | (g4 & useG & M26);

        // h mod 2^128 as two 64-bit words, plus s mod 2^128
        long lo = h0 | (h1 << 26) | (h2 << 52);
        long hi = (h2 >>> 12) | (h3 << 14) | (h4 << 40);
        long sumLo = lo + pad0;
        long carry = ((lo & pad0) | ((lo | pad0) & ~sumLo)) >>> 63;
        long sumHi = hi + pad1 + carry;
        Bytes.LE_LONG.set(out, off, sumLo);
        Bytes.LE_LONG.set(out, off + 8, sumHi);
        wipe();
    }

    /** Clears key, accumulator and buffer. */
    public void wipe() {
        r0 = r1 = r2 = r3 = r4 = 0;
        s1 = s2 = s3 = s4 = 0;
        h0 = h1 = h2 = h3 = h4 = 0;
        pad0 = pad1 = 0;
        java.util.Arrays.fill(buf, (byte) 0);
        bufLen = 0;
    }
}
