// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.nio.ByteBuffer;

/**
 * How Java reaches the native library's stream and array AEAD entry points: {@link JniCalls} (every JDK) or, on JDK
 * 22 and later, {@code FfmCalls} (Foreign Function &amp; Memory downcalls, in the jar's {@code META-INF/versions/22}).
 * Both reach the same kernels through the same handle table in C; {@link Bridge} picks one per JVM. Each
 * implementation checks every range in Java before it calls C (and the JNI glue checks again, as it cannot trust
 * Java).
 */
interface NativeCalls {
    /** {@code jni} or {@code ffm}. */
    String name();

    /**
     * From how many bytes a block-aligned streaming update goes to the kernel in one call instead of through the
     * stream layer's keystream buffer ({@link Engine#directBytes}; the buffer is filled 16 KiB a call and XOR-ed in
     * Java or, from {@link #xorBytesMin()}, by the kernel's XOR). It belongs to the bridge: a direct call of a few KiB
     * is latency-bound in the kernel (16 blocks cost about what 64 do per block, docs/bench/tuning.md#kernel-floor),
     * so what decides is the bridge's fixed cost per call and what XOR-ing from the buffer costs.
     */
    int directBytes();

    /** {@link Engine#xorBytesMin}: from how many bytes {@link #xorBytes} beats Java's XOR; MAX_VALUE: never. */
    int xorBytesMin();

    /** {@link Engine#xorBytes} with the backend's kernel. */
    void xorBytes(
            int handle, byte[] a, int aOff, byte[] b, int bOff, byte[] out, int outOff, int len, EngineScratch scratch);

    /** {@link Engine#xor} on arrays with the state as six words (see {@link NativeChaCha#xorArray}). */
    void xorArray(
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
            int len);

    /** {@link Engine#xor} on direct buffers at absolute indices ({@code in} may be null). */
    void xorDirect(
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
            int len);

    /** HChaCha with the backend's kernel: 8 key words, 4 nonce words, 8 output words. */
    void hchacha(int handle, int[] key, int[] nonce, int rounds, int[] out);

    /** {@link AeadEngine#seal} on arrays (see {@link NativeChaCha#sealArray}). */
    void sealArray(
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
            int outOff);

    /** {@link AeadEngine#open} on arrays (see {@link NativeChaCha#openArray}). */
    boolean openArray(
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
            int outOff);

    /** {@link AeadEngine#xseal} on arrays (see {@link NativeChaCha#xsealArray}). */
    void xsealArray(
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
            int outOff);

    /** {@link AeadEngine#xopen} on arrays (see {@link NativeChaCha#xopenArray}). */
    boolean xopenArray(
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
            int outOff);

    /**
     * One chacha20-poly1305@openssh.com packet sealed in one native call ({@link NativeChaCha#sshSeal}): the sealed
     * packet is at most {@link NativeChaCha#CRITICAL_CHUNK} bytes and the ranges are the same or disjoint (else
     * {@link IllegalArgumentException}).
     */
    void sshSeal(
            int handle,
            int[] mainKey,
            int[] headerKey,
            long seq,
            byte[] in,
            int inOff,
            int bodyLen,
            byte[] out,
            int outOff);

    /** {@link #sshSeal}'s open: false, with nothing written, when the tag does not match. */
    boolean sshOpen(
            int handle,
            int[] mainKey,
            int[] headerKey,
            long seq,
            byte[] in,
            int inOff,
            int bodyLen,
            byte[] out,
            int outOff);

    /** The SSH calls' first checks, the same on both bridges: two key states of at least 16 words. */
    static void checkSshKeys(int[] mainKey, int[] headerKey) {
        if (mainKey == null || headerKey == null) {
            throw new NullPointerException("state");
        }
        if (mainKey.length < 16 || headerKey.length < 16) {
            throw new IllegalArgumentException("state must have 16 words");
        }
    }
}
