// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import io.jchacha.Backend;
import java.nio.ByteBuffer;

/**
 * A native kernel family behind the engine seam. Direct buffers go to C by address; heap arrays through
 * {@code GetPrimitiveArrayCritical} in bounded chunks; anything else (read-only heap buffers, a heap/direct mix)
 * through a chunk of the caller's {@link EngineScratch}.
 */
final class NativeEngine implements Engine, AeadEngine, SecretStreamSealer {
    private static final long M = 0xFFFFFFFFL;

    private final String name;
    private final Backend backend;
    private final int handle;
    /**
     * How stream calls and array AEAD calls reach C: JNI or FFM ({@link Bridge}); direct-buffer AEAD, Poly1305 and
     * secret stream calls always go through JNI.
     */
    private final NativeCalls calls;
    /** Array calls shorter than this go to the Java engine (0: never); see {@link #withJavaBelow}. */
    private final int javaBelow;
    /** For a heap/direct mix or read-only heap buffers: copying through arrays, over this engine's kernels. */
    private final JavaAead mixed;

    private NativeEngine(String name, int handle, NativeCalls calls, int javaBelow) {
        this.name = name;
        this.backend = Backend.fromId(name);
        this.handle = handle;
        this.calls = calls;
        this.javaBelow = javaBelow;
        this.mixed = new JavaAead(this);
    }

    /**
     * This kernel family with calls shorter than {@code bytes} sent to the Java engine, where one JNI call costs
     * more than the Java engine spends on the whole input ({@code auto} uses it; a forced backend does not).
     */
    NativeEngine withJavaBelow(int bytes) {
        return new NativeEngine(name, handle, calls, bytes);
    }

    private static long pair(int[] s, int i) {
        return (s[i] & M) | ((long) s[i + 1] << 32);
    }

    /**
     * The engine for {@code backend}, or a reason it cannot run: the library must be loaded, the dispatcher must
     * report the backend as runnable on this CPU, and the kernel must pass its known-answer self-test.
     */
    static Opened<NativeEngine> open(String backend) {
        String failure = NativeLibrary.failure() != null ? NativeLibrary.failure() : Bridge.failure();
        return failure != null ? Opened.failed(failure) : open(backend, Bridge.calls());
    }

    /** {@link #open(String)} over the given bridge (tests compare the bridges in one JVM). */
    static Opened<NativeEngine> open(String backend, NativeCalls calls) {
        String failure = NativeLibrary.failure();
        if (failure != null) {
            return Opened.failed(failure);
        }
        String why = NativeChaCha.unavailableReason(backend);
        if (why != null) {
            return Opened.failed(why);
        }
        int h = NativeChaCha.backendHandle(backend);
        if (h < 0) {
            return Opened.failed("the native library refused backend " + backend);
        }
        NativeEngine e = new NativeEngine(backend, h, calls, 0);
        String self = SelfTest.run(e, (key, nonce, rounds) -> {
            int[] out = new int[8];
            calls.hchacha(h, key, nonce, rounds, out);
            return out;
        });
        if (self == null) {
            self = SelfTest.runAead(e, (key, msg, tag) -> NativeChaCha.poly1305(h, key, msg, 0, msg.length, tag));
        }
        return self == null ? Opened.of(e) : Opened.failed("failed its known-answer self-test: " + self);
    }

    /** The Poly1305 kernel this backend runs here (e.g. "avx512ifma", "avx2 (CPU lacks AVX512_IFMA)"). */
    String polyKernel() {
        return NativeChaCha.polyKernel(handle);
    }

    static String cpuFeatures() {
        return NativeLibrary.failure() == null ? NativeChaCha.cpuFeatures() : "";
    }

    @Override
    public String name() {
        return name;
    }

    /** The bridge this engine's stream calls take: {@code jni} or {@code ffm}. */
    String bridge() {
        return calls.name();
    }

    @Override
    public void xor(int[] state, int rounds, boolean counter64, byte[] in, int inOff, byte[] out, int outOff, int len) {
        if (len < javaBelow) {
            JavaEngine.INSTANCE.xor(state, rounds, counter64, in, inOff, out, outOff, len);
        } else {
            xorArray(state, rounds, counter64, in, inOff, out, outOff, len);
        }
    }

    @Override
    public void xor(
            int[] state,
            int rounds,
            boolean counter64,
            byte[] in,
            int inOff,
            byte[] out,
            int outOff,
            int len,
            EngineScratch scratch) {
        if (len < javaBelow) {
            JavaEngine.INSTANCE.xor(state, rounds, counter64, in, inOff, out, outOff, len, scratch);
        } else {
            xorArray(state, rounds, counter64, in, inOff, out, outOff, len);
        }
    }

    private void xorArray(
            int[] state, int rounds, boolean counter64, byte[] in, int inOff, byte[] out, int outOff, int len) {
        ServedCounter.served(backend);
        calls.xorArray(
                handle,
                pair(state, 4),
                pair(state, 6),
                pair(state, 8),
                pair(state, 10),
                pair(state, 12),
                pair(state, 14),
                rounds,
                counter64,
                in,
                inOff,
                out,
                outOff,
                len);
    }

    @Override
    public void xor(
            int[] state, int rounds, boolean counter64, ByteBuffer in, int inPos, ByteBuffer out, int outPos, int len) {
        EngineScratch.once(scratch -> xor(state, rounds, counter64, in, inPos, out, outPos, len, scratch));
    }

    @Override
    public void xor(
            int[] state,
            int rounds,
            boolean counter64,
            ByteBuffer in,
            int inPos,
            ByteBuffer out,
            int outPos,
            int len,
            EngineScratch scratch) {
        if (out.isDirect() && (in == null || in.isDirect())) {
            ServedCounter.served(backend);
            calls.xorDirect(
                    handle,
                    pair(state, 4),
                    pair(state, 6),
                    pair(state, 8),
                    pair(state, 10),
                    pair(state, 12),
                    pair(state, 14),
                    rounds,
                    counter64,
                    in,
                    inPos,
                    out,
                    outPos,
                    len);
            return;
        }
        if (out.hasArray() && in != null && in.hasArray()) {
            xor(
                    state,
                    rounds,
                    counter64,
                    in.array(),
                    in.arrayOffset() + inPos,
                    out.array(),
                    out.arrayOffset() + outPos,
                    len,
                    scratch);
            return;
        }
        BufferXor.viaArrays(this, state, rounds, counter64, in, inPos, out, outPos, len, scratch);
    }

    @Override
    public int bufferBlocks() {
        // 16 KiB per fill (eight 32-block AVX-512 passes, one native call): short updates measured faster than with
        // 4 KiB fills (docs/bench/tuning.md#stream-buffer-fill). A fill that does not continue the last one (a seek)
        // is sized to its request (ChaCha20.fillCache).
        return 256;
    }

    /** The bridge's ({@link NativeCalls#xorBytesMin}). */
    @Override
    public int xorBytesMin() {
        return calls.xorBytesMin();
    }

    @Override
    public void xorBytes(
            byte[] a, int aOff, byte[] b, int bOff, byte[] out, int outOff, int len, EngineScratch scratch) {
        calls.xorBytes(handle, a, aOff, b, bOff, out, outOff, len, scratch);
    }

    /**
     * The message length from which one JNI call to the backend's Poly1305 kernel beats the Java Poly1305
     * (docs/bench/tuning.md#ssh-poly1305-native).
     */
    static final int POLY1305_NATIVE_FROM = 256;

    @Override
    public int poly1305Min() {
        return POLY1305_NATIVE_FROM;
    }

    @Override
    public void poly1305(byte[] key, byte[] msg, int off, int len, byte[] tag) {
        ServedCounter.served(backend);
        NativeChaCha.poly1305(handle, key, msg, off, len, tag);
    }

    /**
     * A packet whose sealed form fits one critical region or downcall ({@link NativeChaCha#CRITICAL_CHUNK}): one
     * native call seals or opens it whole (docs/bench/ssh.md#one-call-packets).
     */
    @Override
    public int sshMaxBody() {
        return NativeChaCha.CRITICAL_CHUNK - 4 - 16;
    }

    @Override
    public void sshSeal(
            int[] mainKey, int[] headerKey, long seq, byte[] in, int inOff, int bodyLen, byte[] out, int outOff) {
        ServedCounter.served(backend);
        calls.sshSeal(handle, mainKey, headerKey, seq, in, inOff, bodyLen, out, outOff);
    }

    @Override
    public boolean sshOpen(
            int[] mainKey, int[] headerKey, long seq, byte[] in, int inOff, int bodyLen, byte[] out, int outOff) {
        ServedCounter.served(backend);
        return calls.sshOpen(handle, mainKey, headerKey, seq, in, inOff, bodyLen, out, outOff);
    }

    /** The bridge's: its fixed cost per call decides it ({@link NativeCalls#directBytes}). */
    @Override
    public int directBytes() {
        return calls.directBytes();
    }

    @Override
    public long secretStreamSeal(
            int[] state, byte[] ad, int tag, byte[] in, int inOff, int len, byte[] out, int outOff) {
        return NativeChaCha.secretStreamSealArray(handle, state, ad, 0, ad.length, tag, in, inOff, len, out, outOff);
    }

    @Override
    public void seal(
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
        calls.sealArray(handle, key, n0, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
    }

    @Override
    public boolean open(
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
        return calls.openArray(handle, key, n0, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
    }

    /** The subkey is derived in C, in the same call (saves Java's HChaCha20 and a key array per message). */
    @Override
    public void xseal(
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
        calls.xsealArray(handle, key, x0, x1, x2, x3, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
    }

    @Override
    public boolean xopen(
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
        return calls.xopenArray(handle, key, x0, x1, x2, x3, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
    }

    @Override
    public void seal(
            int[] key,
            int n0,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            ByteBuffer in,
            int inPos,
            int len,
            ByteBuffer out,
            int outPos) {
        if (in.isDirect() && out.isDirect()) {
            ByteBuffer copy = readOnce(in, inPos, len, out, outPos, len);
            try {
                NativeChaCha.sealDirect(
                        handle,
                        key,
                        n0,
                        n1,
                        n2,
                        aad,
                        aadOff,
                        aadLen,
                        copy != null ? copy : in,
                        copy != null ? 0 : inPos,
                        len,
                        out,
                        outPos);
            } finally {
                wipe(copy);
            }
        } else if (in.hasArray() && out.hasArray()) {
            calls.sealArray(
                    handle,
                    key,
                    n0,
                    n1,
                    n2,
                    aad,
                    aadOff,
                    aadLen,
                    in.array(),
                    in.arrayOffset() + inPos,
                    len,
                    out.array(),
                    out.arrayOffset() + outPos);
        } else {
            mixed.seal(key, n0, n1, n2, aad, aadOff, aadLen, in, inPos, len, out, outPos);
        }
    }

    @Override
    public boolean open(
            int[] key,
            int n0,
            int n1,
            int n2,
            byte[] aad,
            int aadOff,
            int aadLen,
            ByteBuffer in,
            int inPos,
            int len,
            ByteBuffer out,
            int outPos) {
        if (in.isDirect() && out.isDirect()) {
            ByteBuffer copy = readOnce(in, inPos, len + 16, out, outPos, len);
            try {
                return NativeChaCha.openDirect(
                        handle,
                        key,
                        n0,
                        n1,
                        n2,
                        aad,
                        aadOff,
                        aadLen,
                        copy != null ? copy : in,
                        copy != null ? 0 : inPos,
                        len,
                        out,
                        outPos);
            } finally {
                wipe(copy);
            }
        }
        if (in.hasArray() && out.hasArray()) {
            return calls.openArray(
                    handle,
                    key,
                    n0,
                    n1,
                    n2,
                    aad,
                    aadOff,
                    aadLen,
                    in.array(),
                    in.arrayOffset() + inPos,
                    len,
                    out.array(),
                    out.arrayOffset() + outPos);
        }
        return mixed.open(key, n0, n1, n2, aad, aadOff, aadLen, in, inPos, len, out, outPos);
    }

    /**
     * Direct buffers whose output starts inside the input, after its start: C would have to move the input out of
     * the way and then read the moved bytes, two reads of memory another thread may write. So the input is read
     * once here, into private memory, and C works from that. Null when the ranges cannot overlap that way.
     */
    private static ByteBuffer readOnce(ByteBuffer in, int inPos, int inLen, ByteBuffer out, int outPos, int len) {
        if (Overlap.of(in, inPos, out, outPos, len).forwardSafe()) {
            return null;
        }
        ByteBuffer copy = ByteBuffer.allocateDirect(inLen);
        copy.put(0, in, inPos, inLen);
        return copy;
    }

    private static void wipe(ByteBuffer copy) {
        if (copy != null) {
            for (int i = 0; i < copy.capacity(); i++) {
                copy.put(i, (byte) 0);
            }
        }
    }
}
