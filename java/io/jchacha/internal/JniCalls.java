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
     * 2 KiB: below it the buffer fill wins over a JNI call of the update itself, whose kernel is latency-bound there
     * (docs/bench/tuning.md#jni-direct-bytes).
     */
    @Override
    public int directBytes() {
        return 2048;
    }

    /**
     * Never: a JNI call that pins three arrays costs more than the Java XOR it would replace at the sizes that reach
     * it (up to the 16 KiB buffer): pinning and releasing two arrays alone costs about as much as Java's XOR of
     * 1 KiB (docs/bench/tuning.md#jni-xor-bytes-min).
     */
    @Override
    public int xorBytesMin() {
        return Integer.MAX_VALUE;
    }

    @Override
    public void xorBytes(
            int handle,
            byte[] a,
            int aOff,
            byte[] b,
            int bOff,
            byte[] out,
            int outOff,
            int len,
            EngineScratch scratch) {
        throw new UnsupportedOperationException("the JNI bridge has no XOR of its own");
    }

    @Override
    public void xorArray(
            int handle,
            long k0,
            long k1,
            long k2,
            long k3,
            long counter,
            long nonce,
            int rounds,
            boolean counter64,
            byte[] in,
            int inOff,
            byte[] out,
            int outOff,
            int len) {
        NativeChaCha.xorArray(
                handle,
                k0,
                k1,
                k2,
                k3,
                counter,
                nonce,
                rounds,
                counter64,
                in,
                inOff,
                out,
                outOff,
                len,
                in == out && inOff == outOff);
    }

    @Override
    public void xorDirect(
            int handle,
            long k0,
            long k1,
            long k2,
            long k3,
            long counter,
            long nonce,
            int rounds,
            boolean counter64,
            ByteBuffer in,
            int inPos,
            ByteBuffer out,
            int outPos,
            int len) {
        NativeChaCha.xorDirect(handle, k0, k1, k2, k3, counter, nonce, rounds, counter64, in, inPos, out, outPos, len);
    }

    @Override
    public void hchacha(int handle, int[] key, int[] nonce, int rounds, int[] out) {
        NativeChaCha.hchacha(handle, key, nonce, rounds, out);
    }

    @Override
    public void sealArray(
            int handle,
            int[] key,
            int n0,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            byte[] in,
            int inOff,
            int len,
            byte[] out,
            int outOff) {
        NativeChaCha.sealArray(handle, key, n0, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
    }

    @Override
    public boolean openArray(
            int handle,
            int[] key,
            int n0,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            byte[] in,
            int inOff,
            int len,
            byte[] out,
            int outOff) {
        return NativeChaCha.openArray(handle, key, n0, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
    }

    @Override
    public void xsealArray(
            int handle,
            int[] key,
            int x0,
            int x1,
            int x2,
            int x3,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            byte[] in,
            int inOff,
            int len,
            byte[] out,
            int outOff) {
        NativeChaCha.xsealArray(handle, key, x0, x1, x2, x3, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
    }

    @Override
    public boolean xopenArray(
            int handle,
            int[] key,
            int x0,
            int x1,
            int x2,
            int x3,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            byte[] in,
            int inOff,
            int len,
            byte[] out,
            int outOff) {
        return NativeChaCha.xopenArray(
                handle, key, x0, x1, x2, x3, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
    }

    @Override
    public void sshSeal(
            int handle,
            int[] mainKey,
            int[] headerKey,
            long seq,
            byte[] in,
            int inOff,
            int bodyLen,
            byte[] out,
            int outOff) {
        ssh(true, handle, mainKey, headerKey, seq, in, inOff, bodyLen, out, outOff);
    }

    @Override
    public boolean sshOpen(
            int handle,
            int[] mainKey,
            int[] headerKey,
            long seq,
            byte[] in,
            int inOff,
            int bodyLen,
            byte[] out,
            int outOff) {
        return ssh(false, handle, mainKey, headerKey, seq, in, inOff, bodyLen, out, outOff);
    }

    /** One SSH packet: the keys checked and packed for {@link NativeChaCha#sshSeal}; open: whether the tag matched. */
    private static boolean ssh(
            boolean sealing,
            int handle,
            int[] mainKey,
            int[] headerKey,
            long seq,
            byte[] in,
            int inOff,
            int bodyLen,
            byte[] out,
            int outOff) {
        NativeCalls.checkSshKeys(mainKey, headerKey);
        long m0 = pair(mainKey, 0), m1 = pair(mainKey, 2), m2 = pair(mainKey, 4);
        long m3 = pair(mainKey, 6), m4 = pair(mainKey, 8), m5 = pair(mainKey, 10);
        long h0 = pair(headerKey, 0), h1 = pair(headerKey, 2), h2 = pair(headerKey, 4);
        long h3 = pair(headerKey, 6), h4 = pair(headerKey, 8), h5 = pair(headerKey, 10);
        if (sealing) {
            NativeChaCha.sshSeal(
                    handle, m0, m1, m2, m3, m4, m5, h0, h1, h2, h3, h4, h5, seq, in, inOff, bodyLen, out, outOff);
            return true;
        }
        return NativeChaCha.sshOpen(
                handle, m0, m1, m2, m3, m4, m5, h0, h1, h2, h3, h4, h5, seq, in, inOff, bodyLen, out, outOff);
    }

    /** Words {@code i} (low half) and {@code i + 1} (high half) of a key state as one long. */
    private static long pair(int[] k, int i) {
        return (k[i] & 0xFFFF_FFFFL) | ((long) k[i + 1] << 32);
    }
}
