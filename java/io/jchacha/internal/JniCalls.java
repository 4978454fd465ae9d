// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.nio.ByteBuffer;

/** The JNI bridge: {@link NativeChaCha}'s native methods, whose C glue checks every argument again. */
final class JniCalls implements NativeCalls {
    static final JniCalls INSTANCE = new JniCalls();

    private JniCalls() {}

    @Override
    public String name() {
        return "jni";
    }

    /**
     * 2 KiB: below it the buffer fill wins over a JNI call of the update itself. With 16 KiB fills
     * ({@link NativeEngine#bufferBlocks}), 2048 against 4096, M ops/s: 2 KiB 2.34, 2.61 vs 2.47, 2.08; 3 KiB 1.86, 1.65
     * vs 1.68, 1.35 ({@code -p size=2048,3072}). Chosen with 4 KiB fills: JMH {@code StreamBench.jchacha},
     * JDK 17, avx512, Zen 5, this threshold (2048) against 1024 in jars built from the same tree, alternated, M ops/s:
     * 1 KiB 4.76, 4.49, 3.85 vs 3.99, 3.89, 3.47 and 4.84, 4.69 vs 3.72, 4.00; 1536 B 3.23, 3.05 vs 2.44, 2.96;
     * forced avx2 even (1 KiB 2.02, 2.38 vs 2.23, 2.42). A threshold of 4096 lost at 2 KiB (2.07, 2.30 vs 3.17, 3.14).
     * {@code -p size=1024,1536,2048,3072,4096 -f 1 -wi 3 -w 1s -i 8 -r 300ms}. On avx2 Zen 3, 1024 had won by 4 %.
     */
    @Override
    public int directBytes() {
        return 2048;
    }

    /**
     * Never: a JNI call that pins three arrays costs more than the Java XOR it would replace at the sizes that reach
     * it (up to the 16 KiB buffer). Pinning and releasing two arrays alone costs about 37 ns and reading their lengths
     * 12 more (docs/DEVELOPING.md), while Java XORs 1 KiB in about 54 ns (JMH, JDK 17, Zen 5).
     */
    @Override
    public int xorBytesMin() {
        return Integer.MAX_VALUE;
    }

    @Override
    public void xorBytes(int handle, byte[] a, int aOff, byte[] b, int bOff, byte[] out, int outOff, int len,
                         EngineScratch scratch) {
        throw new UnsupportedOperationException("the JNI bridge has no XOR of its own");
    }

    @Override
    public void xorArray(int handle, long k0, long k1, long k2, long k3, long counter, long nonce, int rounds,
                         boolean counter64, byte[] in, int inOff, byte[] out, int outOff, int len) {
        NativeChaCha.xorArray(handle, k0, k1, k2, k3, counter, nonce, rounds, counter64, in, inOff, out, outOff, len,
                in == out && inOff == outOff);
    }

    @Override
    public void xorDirect(int handle, long k0, long k1, long k2, long k3, long counter, long nonce, int rounds,
                          boolean counter64, ByteBuffer in, int inPos, ByteBuffer out, int outPos, int len) {
        NativeChaCha.xorDirect(handle, k0, k1, k2, k3, counter, nonce, rounds, counter64, in, inPos, out, outPos, len);
    }

    @Override
    public void hchacha(int handle, int[] key, int[] nonce, int rounds, int[] out) {
        NativeChaCha.hchacha(handle, key, nonce, rounds, out);
    }

    @Override
    public void sealArray(int handle, int[] key, int n0, int n1, int n2, byte[] aad, int aadOff, int aadLen,
                          byte[] in, int inOff, int len, byte[] out, int outOff) {
        NativeChaCha.sealArray(handle, key, n0, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
    }

    @Override
    public boolean openArray(int handle, int[] key, int n0, int n1, int n2, byte[] aad, int aadOff, int aadLen,
                             byte[] in, int inOff, int len, byte[] out, int outOff) {
        return NativeChaCha.openArray(handle, key, n0, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
    }

    @Override
    public void xsealArray(int handle, int[] key, int x0, int x1, int x2, int x3, int n1, int n2, byte[] aad,
                           int aadOff, int aadLen, byte[] in, int inOff, int len, byte[] out, int outOff) {
        NativeChaCha.xsealArray(handle, key, x0, x1, x2, x3, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
    }

    @Override
    public boolean xopenArray(int handle, int[] key, int x0, int x1, int x2, int x3, int n1, int n2, byte[] aad,
                              int aadOff, int aadLen, byte[] in, int inOff, int len, byte[] out, int outOff) {
        return NativeChaCha.xopenArray(handle, key, x0, x1, x2, x3, n1, n2, aad, aadOff, aadLen, in, inOff, len, out,
                outOff);
    }
}
