package io.jchacha.internal;

import java.nio.ByteBuffer;

/**
 * The JNI surface of {@code libjchacha}: nothing but native methods. {@code javac -h} turns this class into the
 * header the C glue includes, so a signature change here breaks the native build instead of failing at run time.
 * The C side validates every index, length and backend again: no call from Java can crash the JVM.
 */
final class NativeChaCha {
    private NativeChaCha() {}

    /** The glue's ABI version; must equal {@link NativeLibrary#ABI_VERSION}. */
    static native int abiVersion();

    /** CPU features the dispatcher detected, space separated. */
    static native String cpuFeatures();

    /** Null if the named backend is compiled in and runs on this CPU, else the reason it does not. */
    static native String unavailableReason(String backend);

    /** A handle for the calls below, or -1 if the backend cannot run here. */
    static native int backendHandle(String backend);

    /** {@link Engine#xor} on arrays ({@code in} may be null). The glue splits long runs into bounded chunks. */
    static native void xorArray(int backend, int[] state, int rounds, boolean counter64,
                                byte[] in, int inOff, byte[] out, int outOff, int len);

    /** {@link Engine#xor} on direct buffers at absolute indices ({@code in} may be null). */
    static native void xorDirect(int backend, int[] state, int rounds, boolean counter64,
                                 ByteBuffer in, int inPos, ByteBuffer out, int outPos, int len);

    /** HChaCha with the backend's kernel: 8 key words, 4 nonce words, 8 output words. */
    static native void hchacha(int backend, int[] key, int[] nonce, int rounds, int[] out);
}
