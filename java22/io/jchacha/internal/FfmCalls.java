// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;

/**
 * The Foreign Function &amp; Memory bridge (JDK 22+; compiled with {@code --release 22} into the jar's
 * {@code META-INF/versions/22}, loaded by {@link Bridge} only there). It calls the plain-C entry points of
 * {@code native/jchacha_capi.h} in the library {@link NativeLibrary} loaded and checked (looked up with
 * {@link SymbolLookup#loaderLookup()}), with the backend handles the JNI side handed out: the same dispatch and
 * kernels as {@link JniCalls}.
 *
 * <p>The downcalls are {@linkplain Linker.Option#critical(boolean) critical} with heap access: heap arrays go to C
 * without a copy and the thread never leaves the Java state, which also means the GC waits for the call. So, like
 * the JNI glue's critical regions, one downcall covers at most {@value #CHUNK} bytes. C cannot check a pointer:
 * every range is checked here before any downcall, with the exceptions the JNI glue throws.
 */
final class FfmCalls implements NativeCalls {
    /** Bytes per downcall at most: the JNI glue's critical region too. */
    static final int CHUNK = NativeChaCha.CRITICAL_CHUNK;

    private static final int OK = 0;
    private static final int BAD_HANDLE = -1;

    private static final MethodHandle XOR;
    private static final MethodHandle XOR_BYTES;
    private static final MethodHandle HCHACHA;
    private static final MethodHandle AEAD_SEAL;
    private static final MethodHandle AEAD_OPEN;
    private static final MethodHandle XAEAD_SEAL;
    private static final MethodHandle XAEAD_OPEN;
    private static final MethodHandle SSH_SEAL;
    private static final MethodHandle SSH_OPEN;
    private static final String FAILURE;

    static {
        MethodHandle xor = null;
        MethodHandle xorBytes = null;
        MethodHandle hchacha = null;
        MethodHandle seal = null;
        MethodHandle open = null;
        MethodHandle xseal = null;
        MethodHandle xopen = null;
        MethodHandle sshSeal = null;
        MethodHandle sshOpen = null;
        String failure = NativeLibrary.failure();
        if (failure == null) {
            try {
                Linker linker = Linker.nativeLinker();
                SymbolLookup lookup = SymbolLookup.loaderLookup();
                Linker.Option critical = Linker.Option.critical(true);
                MemorySegment abi = lookup.find("jc_capi_abi_version").orElse(null);
                if (abi == null) {
                    failure = "the native library has no C entry points for FFM (jc_capi_*)";
                } else {
                    int version = (int) linker.downcallHandle(abi, FunctionDescriptor.of(JAVA_INT))
                            .invokeExact();
                    if (version != NativeChaCha.ABI_VERSION) {
                        failure = "the native library's C API has ABI version " + version + ", this jar needs "
                                + NativeChaCha.ABI_VERSION;
                    } else {
                        xor = linker.downcallHandle(
                                lookup.find("jc_capi_xor").orElseThrow(),
                                FunctionDescriptor.of(
                                        JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG,
                                        JAVA_LONG, JAVA_INT, JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG,
                                        JAVA_LONG),
                                critical);
                        xorBytes = linker.downcallHandle(
                                lookup.find("jc_capi_xor_bytes").orElseThrow(),
                                FunctionDescriptor.of(
                                        JAVA_INT, JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG,
                                        JAVA_LONG),
                                critical);
                        hchacha = linker.downcallHandle(
                                lookup.find("jc_capi_hchacha").orElseThrow(),
                                FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS),
                                critical);
                        FunctionDescriptor aead = FunctionDescriptor.of(
                                JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, JAVA_LONG,
                                JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS, JAVA_LONG);
                        seal = linker.downcallHandle(
                                lookup.find("jc_capi_aead_seal").orElseThrow(), aead, critical);
                        open = linker.downcallHandle(
                                lookup.find("jc_capi_aead_open").orElseThrow(), aead, critical);
                        FunctionDescriptor xaead = FunctionDescriptor.of(
                                JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT,
                                ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS, JAVA_LONG);
                        xseal = linker.downcallHandle(
                                lookup.find("jc_capi_xaead_seal").orElseThrow(), xaead, critical);
                        xopen = linker.downcallHandle(
                                lookup.find("jc_capi_xaead_open").orElseThrow(), xaead, critical);
                        FunctionDescriptor ssh = FunctionDescriptor.of(
                                JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS,
                                JAVA_LONG);
                        sshSeal = linker.downcallHandle(
                                lookup.find("jc_capi_ssh_seal").orElseThrow(), ssh, critical);
                        sshOpen = linker.downcallHandle(
                                lookup.find("jc_capi_ssh_open").orElseThrow(), ssh, critical);
                    }
                }
            } catch (Throwable e) { // IllegalCallerException without native access, NoSuchElementException, ...
                failure = "FFM downcalls cannot be set up: " + e;
                xor = null;
                xorBytes = null;
                hchacha = null;
                seal = null;
                open = null;
                xseal = null;
                xopen = null;
                sshSeal = null;
                sshOpen = null;
            }
        }
        XOR = xor;
        XOR_BYTES = xorBytes;
        HCHACHA = hchacha;
        AEAD_SEAL = seal;
        AEAD_OPEN = open;
        XAEAD_SEAL = xseal;
        XAEAD_OPEN = xopen;
        SSH_SEAL = sshSeal;
        SSH_OPEN = sshOpen;
        FAILURE = failure;
    }

    private FfmCalls() {}

    /** The bridge, or why it cannot run (called reflectively by {@link Bridge#ffm()}). */
    static Opened<NativeCalls> open() {
        return FAILURE != null ? Opened.failed(FAILURE) : Opened.of(new FfmCalls());
    }

    @Override
    public String name() {
        return "ffm";
    }

    /**
     * 4 KiB: with the buffer filled 16 KiB a call ({@link NativeEngine#bufferBlocks}) and XOR-ed by a downcall
     * ({@link #xorBytesMin}), 2-3 KiB through the buffer beat a direct call, whose kernel is latency-bound there
     * (docs/bench/tuning.md#ffm-direct-bytes).
     */
    @Override
    public int directBytes() {
        return 4096;
    }

    /**
     * 256 bytes: from there one downcall XORs a run of the stream layer's keystream buffer at least as fast as Java
     * ({@link ArrayXor}; the downcall with three heap arrays costs under 10 ns); below it they tie or Java wins
     * (docs/bench/tuning.md#ffm-xor-bytes-min).
     */
    @Override
    public int xorBytesMin() {
        return 256;
    }

    /**
     * The segments of the arrays one owner's last {@link #xorBytes} call passed, kept in its scratch: its keystream
     * buffer, and mostly the same input and output call after call. A segment made per call is free only where C2
     * scalar-replaces it, and in some compilations of the stream layer it did not: gigabytes a second of garbage
     * and a stalled stream while G1 grew the heap (docs/bench/tuning.md#ffm-segments). Holds the caller's last
     * arrays until the next call or the owner's wipe.
     */
    private static final class Segments {
        byte[] a;
        byte[] b;
        byte[] out;
        MemorySegment sa;
        MemorySegment sb;
        MemorySegment sOut;
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
        if (a == null || b == null || out == null) {
            throw new NullPointerException("xorBytes argument");
        }
        if (!rangeOk(aOff, len, a.length) || !rangeOk(bOff, len, b.length) || !rangeOk(outOff, len, out.length)) {
            throw new ArrayIndexOutOfBoundsException("range outside the array");
        }
        Segments s;
        if (scratch.bridge() instanceof Segments kept) {
            s = kept;
        } else {
            s = new Segments();
            scratch.bridge(s);
        }
        if (s.a != a) {
            s.sa = MemorySegment.ofArray(a);
            s.a = a;
        }
        if (s.b != b) {
            s.sb = MemorySegment.ofArray(b);
            s.b = b;
        }
        if (s.out != out) {
            s.sOut = out == a ? s.sa : MemorySegment.ofArray(out);
            s.out = out;
        }
        MemorySegment sa = s.sa;
        MemorySegment sb = s.sb;
        MemorySegment so = s.sOut;
        int done = 0;
        do {
            int n = Math.min(len - done, CHUNK);
            int r;
            try {
                r = (int) XOR_BYTES.invokeExact(
                        handle, sa, (long) aOff + done, sb, (long) bOff + done, so, (long) outOff + done, (long) n);
            } catch (Throwable e) {
                throw rethrow(e);
            }
            if (r != OK) { // C refuses only a bad handle here: every range was checked above
                throw new IllegalStateException(
                        r == BAD_HANDLE
                                ? "no runnable native backend with this handle"
                                : "the native XOR refused checked arguments (" + r + ")");
            }
            done += n;
        } while (done < len);
    }

    private static boolean rangeOk(int off, int len, int size) {
        return off >= 0 && len >= 0 && off <= size && len <= size - off;
    }

    /** The counter words after {@code blocks} blocks: 64-bit when counter64, else word 12 alone. */
    private static long advance(long counter, boolean counter64, int blocks) {
        return counter64 ? counter + blocks : (counter & 0xFFFF_FFFF_0000_0000L) | ((counter + blocks) & 0xFFFF_FFFFL);
    }

    private static void check(int result) {
        if (result == BAD_HANDLE) {
            throw new IllegalStateException("no runnable native backend with this handle");
        }
        if (result != OK) {
            throw new IllegalArgumentException("rounds must be 8, 12 or 20");
        }
    }

    /**
     * Checked ranges of {@code in} (null: raw keystream) and {@code out} to C, {@value #CHUNK} bytes per call: the
     * segments whole, with offsets (slices would be allocated on every call; see jchacha_capi.h).
     */
    private static void xor(
            int handle,
            long k0,
            long k1,
            long k2,
            long k3,
            long counter,
            long nonce,
            int rounds,
            boolean counter64,
            MemorySegment in,
            long inOff,
            MemorySegment out,
            long outOff,
            int len) {
        MemorySegment i = in == null ? MemorySegment.NULL : in;
        long iOff = in == null ? 0 : inOff; // a keystream call's input offset means nothing (C refuses a negative one)
        int done = 0;
        do { // len 0 still makes one call: C checks the handle and the rounds, as the JNI glue does
            int n = Math.min(len - done, CHUNK);
            int r;
            try {
                r = (int) XOR.invokeExact(
                        handle,
                        k0,
                        k1,
                        k2,
                        k3,
                        counter,
                        nonce,
                        rounds,
                        counter64 ? 1 : 0,
                        i,
                        iOff + done,
                        out,
                        outOff + done,
                        (long) n);
            } catch (Throwable e) {
                throw rethrow(e);
            }
            check(r);
            done += n;
            counter = advance(counter, counter64, n / 64);
        } while (done < len);
    }

    private static RuntimeException rethrow(Throwable e) {
        if (e instanceof RuntimeException r) {
            throw r;
        }
        if (e instanceof Error r) {
            throw r;
        }
        throw new IllegalStateException(e);
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
        if (out == null) {
            throw new NullPointerException("output");
        }
        if (!rangeOk(outOff, len, out.length) || (in != null && !rangeOk(inOff, len, in.length))) {
            throw new ArrayIndexOutOfBoundsException("range outside the array");
        }
        xor(
                handle,
                k0,
                k1,
                k2,
                k3,
                counter,
                nonce,
                rounds,
                counter64,
                in == null ? null : MemorySegment.ofArray(in),
                inOff,
                MemorySegment.ofArray(out),
                outOff,
                len);
    }

    /**
     * The segment of a whole direct buffer, after checking that it holds {@code len} bytes at absolute index
     * {@code pos} (position and limit are ignored).
     */
    private static MemorySegment direct(ByteBuffer b, int pos, int len) {
        if (!b.isDirect()) {
            throw new IllegalArgumentException("not a direct buffer");
        }
        if (!rangeOk(pos, len, b.capacity())) {
            throw new IndexOutOfBoundsException("range outside the buffer");
        }
        return MemorySegment.ofBuffer(b.duplicate().clear());
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
        if (out == null) {
            throw new NullPointerException("output");
        }
        MemorySegment o = direct(out, outPos, len);
        xor(
                handle,
                k0,
                k1,
                k2,
                k3,
                counter,
                nonce,
                rounds,
                counter64,
                in == null ? null : direct(in, inPos, len),
                inPos,
                o,
                outPos,
                len);
    }

    @Override
    public void hchacha(int handle, int[] key, int[] nonce, int rounds, int[] out) {
        if (key == null || nonce == null || out == null) {
            throw new NullPointerException("hchacha argument");
        }
        if (key.length < 8 || nonce.length < 4 || out.length < 8) {
            throw new IllegalArgumentException("hchacha: 8 key words, 4 nonce words, 8 out words");
        }
        int r;
        try {
            r = (int) HCHACHA.invokeExact(
                    handle,
                    MemorySegment.ofArray(key),
                    MemorySegment.ofArray(nonce),
                    rounds,
                    MemorySegment.ofArray(out));
        } catch (Throwable e) {
            throw rethrow(e);
        }
        check(r);
    }

    /**
     * The AEAD's checks, as the JNI glue makes them: the key array, the AAD's range (an empty AAD is not looked at),
     * the input's {@code inLen} and the output's {@code outLen} bytes. Then whether one downcall may take the
     * message: up to {@value #CHUNK} bytes of message and of AAD (longer ones go to the JNI glue, which pins the
     * arrays a chunk at a time).
     */
    private static boolean aeadFits(
            int[] key,
            byte[] aad,
            int aadOff,
            int aadLen,
            byte[] in,
            int inOff,
            int inLen,
            byte[] out,
            int outOff,
            int outLen) {
        if (key == null) {
            throw new NullPointerException("state");
        }
        if (key.length < 16) {
            throw new IllegalArgumentException("state must have 16 words");
        }
        if (aad == null) {
            throw new NullPointerException("aad");
        }
        if (aadLen != 0 && !rangeOk(aadOff, aadLen, aad.length)) {
            throw new ArrayIndexOutOfBoundsException("aad range outside the array");
        }
        if (in == null || out == null) {
            throw new NullPointerException(in == null ? "input" : "output");
        }
        if (inLen < 0 || !rangeOk(inOff, inLen, in.length) || !rangeOk(outOff, outLen, out.length)) {
            throw new ArrayIndexOutOfBoundsException("range outside the array");
        }
        return inLen <= CHUNK && aadLen <= CHUNK;
    }

    private static MemorySegment aadSegment(byte[] aad, int aadLen) {
        return aadLen == 0 ? MemorySegment.NULL : MemorySegment.ofArray(aad);
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
        if (len < 0 || !aeadFits(key, aad, aadOff, aadLen, in, inOff, len, out, outOff, len + 16)) {
            NativeChaCha.sealArray(handle, key, n0, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
            return;
        }
        int r;
        try {
            r = (int) AEAD_SEAL.invokeExact(
                    handle,
                    MemorySegment.ofArray(key),
                    n0,
                    n1,
                    n2,
                    aadSegment(aad, aadLen),
                    (long) (aadLen == 0 ? 0 : aadOff),
                    (long) aadLen,
                    MemorySegment.ofArray(in),
                    (long) inOff,
                    (long) len,
                    MemorySegment.ofArray(out),
                    (long) outOff);
        } catch (Throwable e) {
            throw rethrow(e);
        }
        checkAead(r);
    }

    /** An AEAD call's error code (Java checked every argument C could refuse, so only the handle remains). */
    private static void checkAead(int result) {
        if (result == BAD_HANDLE) {
            throw new IllegalStateException("no runnable native backend with this handle");
        }
        if (result < 0) {
            throw new IllegalArgumentException("the C API refused the AEAD arguments (" + result + ")");
        }
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
        if (len < 0 || !aeadFits(key, aad, aadOff, aadLen, in, inOff, len + 16, out, outOff, len)) {
            return NativeChaCha.openArray(handle, key, n0, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
        }
        int r;
        try {
            r = (int) AEAD_OPEN.invokeExact(
                    handle,
                    MemorySegment.ofArray(key),
                    n0,
                    n1,
                    n2,
                    aadSegment(aad, aadLen),
                    (long) (aadLen == 0 ? 0 : aadOff),
                    (long) aadLen,
                    MemorySegment.ofArray(in),
                    (long) inOff,
                    (long) len,
                    MemorySegment.ofArray(out),
                    (long) outOff);
        } catch (Throwable e) {
            throw rethrow(e);
        }
        checkAead(r);
        return r == 1;
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
        if (len < 0 || !aeadFits(key, aad, aadOff, aadLen, in, inOff, len, out, outOff, len + 16)) {
            NativeChaCha.xsealArray(
                    handle, key, x0, x1, x2, x3, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
            return;
        }
        int r;
        try {
            r = (int) XAEAD_SEAL.invokeExact(
                    handle,
                    MemorySegment.ofArray(key),
                    x0,
                    x1,
                    x2,
                    x3,
                    n1,
                    n2,
                    aadSegment(aad, aadLen),
                    (long) (aadLen == 0 ? 0 : aadOff),
                    (long) aadLen,
                    MemorySegment.ofArray(in),
                    (long) inOff,
                    (long) len,
                    MemorySegment.ofArray(out),
                    (long) outOff);
        } catch (Throwable e) {
            throw rethrow(e);
        }
        checkAead(r);
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
        if (len < 0 || !aeadFits(key, aad, aadOff, aadLen, in, inOff, len + 16, out, outOff, len)) {
            return NativeChaCha.xopenArray(
                    handle, key, x0, x1, x2, x3, n1, n2, aad, aadOff, aadLen, in, inOff, len, out, outOff);
        }
        int r;
        try {
            r = (int) XAEAD_OPEN.invokeExact(
                    handle,
                    MemorySegment.ofArray(key),
                    x0,
                    x1,
                    x2,
                    x3,
                    n1,
                    n2,
                    aadSegment(aad, aadLen),
                    (long) (aadLen == 0 ? 0 : aadOff),
                    (long) aadLen,
                    MemorySegment.ofArray(in),
                    (long) inOff,
                    (long) len,
                    MemorySegment.ofArray(out),
                    (long) outOff);
        } catch (Throwable e) {
            throw rethrow(e);
        }
        checkAead(r);
        return r == 1;
    }

    /**
     * An SSH packet call's checks, in the JNI glue's order and with its exceptions: the two key arrays, the sequence
     * number, the arrays, the body length (a sealed packet of at most {@value #CHUNK} bytes: one critical downcall),
     * the ranges, and that they are the same or disjoint.
     */
    private static void sshChecks(
            int[] mainKey,
            int[] headerKey,
            long seq,
            byte[] in,
            int inOff,
            int bodyLen,
            byte[] out,
            int outOff,
            boolean sealing) {
        NativeCalls.checkSshKeys(mainKey, headerKey);
        if (seq < 0 || seq > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("sequence number outside 0 .. 2^32 - 1");
        }
        if (in == null || out == null) {
            throw new NullPointerException(in == null ? "input" : "output");
        }
        if (bodyLen < 0 || bodyLen > CHUNK - 4 - 16) {
            throw new IllegalArgumentException("SSH packet body length outside 0 .. 64 KiB - 20");
        }
        int plain = 4 + bodyLen;
        int inLen = sealing ? plain : plain + 16;
        int outLen = sealing ? plain + 16 : plain;
        if (!rangeOk(inOff, inLen, in.length) || !rangeOk(outOff, outLen, out.length)) {
            throw new ArrayIndexOutOfBoundsException("range outside the array");
        }
        if (in == out && inOff != outOff && outOff < inOff + inLen && inOff < outOff + outLen) {
            throw new IllegalArgumentException("input and output overlap other than in place");
        }
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
        ssh(SSH_SEAL, true, handle, mainKey, headerKey, seq, in, inOff, bodyLen, out, outOff);
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
        return ssh(SSH_OPEN, false, handle, mainKey, headerKey, seq, in, inOff, bodyLen, out, outOff) == 1;
    }

    /** One SSH packet downcall after {@link #sshChecks}: its answer, 1 or 0 (open: whether the tag matched). */
    private static int ssh(
            MethodHandle call,
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
        sshChecks(mainKey, headerKey, seq, in, inOff, bodyLen, out, outOff, sealing);
        int r;
        try {
            r = (int) call.invokeExact(
                    handle,
                    MemorySegment.ofArray(mainKey),
                    MemorySegment.ofArray(headerKey),
                    seq,
                    MemorySegment.ofArray(in),
                    (long) inOff,
                    (long) bodyLen,
                    MemorySegment.ofArray(out),
                    (long) outOff);
        } catch (Throwable e) {
            throw rethrow(e);
        }
        checkAead(r);
        return r;
    }
}
