// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jchacha.Backend;
import io.jchacha.Backends;
import io.jchacha.ChildJvm;
import io.jchacha.TestSupport;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Every native entry point, on every native backend that runs here, in a child JVM under {@code -Xcheck:jni}: the
 * JVM's checker reports misuse (a JNI call inside a critical region, a call with an exception pending, local
 * reference overflow) as warnings on standard output and carries on, so the test fails on any such line. Argument
 * errors that the C side must reject are included: they leave an exception pending on the way out.
 */
class CheckJniTest {
    /** Child main: calls every native method with good and bad arguments; prints "calls: N" at the end. */
    public static final class Probe {
        static int calls;

        static void expectThrow(Runnable r) {
            calls++;
            try {
                r.run();
            } catch (RuntimeException e) {
                return;
            }
            throw new AssertionError("the C side accepted bad arguments");
        }

        public static void main(String[] args) {
            List<Backend> backends = TestSupport.nativeBackends();
            NativeChaCha.abiVersion();
            NativeChaCha.cpuFeatures();
            // every native backend's name, compiled in here or not, and one the library does not know
            List<String> names = Arrays.stream(Backend.values())
                    .filter(Backend::isNative)
                    .map(Backend::id)
                    .collect(Collectors.toCollection(ArrayList::new));
            names.add("nonsense");
            for (String name : names) {
                NativeChaCha.unavailableReason(name);
                NativeChaCha.backendHandle(name);
                calls += 2;
            }
            int[] state = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574, 1, 2, 3, 4, 5, 6, 7, 8, 0, 9, 10, 11};
            byte[] key = new byte[32];
            byte[] aad = new byte[300];
            for (Backend b : backends) {
                int h = NativeChaCha.backendHandle(b.id());
                NativeChaCha.polyKernel(h);
                NativeChaCha.hchacha(h, new int[8], new int[4], 20, new int[8]);
                calls += 2;
                for (int len : new int[] {0, 1, 64, 255, 256, 4096, 200_000}) {
                    byte[] in = new byte[len + 16];
                    byte[] out = new byte[len + 16];
                    NativeChaCha.xorArray(h, 1, 2, 3, 4, 5, 6, 20, false, null, 0, out, 0, len, false);
                    NativeChaCha.xorArray(h, 1, 2, 3, 4, 5, 6, 12, true, in, 0, out, 0, len, false);
                    NativeChaCha.xorArray(h, 1, 2, 3, 4, 5, 6, 8, false, out, 0, out, 0, len, true);
                    ByteBuffer din = ByteBuffer.allocateDirect(len + 16);
                    ByteBuffer dout = ByteBuffer.allocateDirect(len + 16);
                    NativeChaCha.xorDirect(h, 1, 2, 3, 4, 5, 6, 20, false, null, 0, dout, 0, len);
                    NativeChaCha.xorDirect(h, 1, 2, 3, 4, 5, 6, 20, false, din, 0, dout, 0, len);
                    NativeChaCha.poly1305(h, key, in, 0, len, new byte[16]);
                    NativeChaCha.sealArray(
                            h, state, state[13], state[14], state[15], aad, 0, Math.min(len, 300), in, 0, len, out, 0);
                    boolean ok = NativeChaCha.openArray(
                            h, state, state[13], state[14], state[15], aad, 0, Math.min(len, 300), out, 0, len, in, 0);
                    out[len] ^= 1;
                    boolean forged = NativeChaCha.openArray(
                            h, state, state[13], state[14], state[15], aad, 0, Math.min(len, 300), out, 0, len, in, 0);
                    NativeChaCha.sealDirect(
                            h, state, state[13], state[14], state[15], aad, 0, 12, din, 0, len, dout, 0);
                    boolean okDirect = NativeChaCha.openDirect(
                            h, state, state[13], state[14], state[15], aad, 0, 12, dout, 0, len, din, 0);
                    if (!ok || forged || !okDirect) {
                        throw new AssertionError(b + " AEAD round trip, " + len + " bytes");
                    }
                    byte[] wire = new byte[len + 17];
                    NativeChaCha.secretStreamSealArray(h, state, aad, 0, Math.min(len, 300), 2, in, 0, len, wire, 0);
                    NativeChaCha.secretStreamSealArray(h, state, aad, 0, 0, 0, wire, 0, len, wire, 0);
                    calls += 13;
                    if (len <= NativeChaCha.CRITICAL_CHUNK - 20) { // one critical region per SSH packet
                        byte[] packet = new byte[len + 20];
                        byte[] sealed = new byte[len + 20];
                        JniCalls.INSTANCE.sshSeal(h, state, state, 7, packet, 0, len, sealed, 0);
                        boolean sshOk = JniCalls.INSTANCE.sshOpen(h, state, state, 7, sealed, 0, len, packet, 0);
                        JniCalls.INSTANCE.sshSeal(h, state, state, 8, packet, 0, len, packet, 0);
                        boolean sshForged = JniCalls.INSTANCE.sshOpen(h, state, state, 7, packet, 0, len, packet, 0);
                        if (!sshOk || sshForged) {
                            throw new AssertionError(b + " SSH round trip, " + len + " bytes");
                        }
                        calls += 4;
                    }
                }
                byte[] small = new byte[16];
                ByteBuffer heap = ByteBuffer.allocate(16);
                ByteBuffer direct = ByteBuffer.allocateDirect(16);
                expectThrow(() -> NativeChaCha.xorArray(h, 1, 2, 3, 4, 5, 6, 20, false, small, 0, small, 8, 16, false));
                expectThrow(() -> NativeChaCha.xorArray(-1, 1, 2, 3, 4, 5, 6, 20, false, null, 0, small, 0, 16, false));
                expectThrow(() -> NativeChaCha.xorArray(h, 1, 2, 3, 4, 5, 6, 7, false, null, 0, small, 0, 16, false));
                expectThrow(() -> NativeChaCha.xorDirect(h, 1, 2, 3, 4, 5, 6, 20, false, heap, 0, direct, 0, 16));
                expectThrow(() -> NativeChaCha.xorDirect(h, 1, 2, 3, 4, 5, 6, 20, false, null, 0, direct, 4, 16));
                expectThrow(() -> NativeChaCha.sealArray(
                        h, state, state[13], state[14], state[15], aad, 290, 20, small, 0, 16, small, 0));
                expectThrow(() -> NativeChaCha.openArray(
                        h, state, state[13], state[14], state[15], aad, 0, 0, small, 0, 16, small, 0));
                expectThrow(() -> NativeChaCha.sealDirect(
                        h, state, state[13], state[14], state[15], aad, 0, 0, heap, 0, 16, direct, 0));
                expectThrow(() -> NativeChaCha.openDirect(
                        h, state, state[13], state[14], state[15], aad, 0, 0, direct, 0, 16, direct, 0));
                expectThrow(() -> NativeChaCha.poly1305(h, small, small, 0, 16, small));
                byte[] wire = new byte[33];
                expectThrow(() -> NativeChaCha.secretStreamSealArray(h, state, aad, 0, 0, 0, small, 0, 16, small, 0));
                expectThrow(() -> NativeChaCha.secretStreamSealArray(h, state, aad, 299, 2, 0, small, 0, 16, wire, 0));
                expectThrow(() -> NativeChaCha.secretStreamSealArray(h, state, aad, 0, 0, 256, small, 0, 16, wire, 0));
                expectThrow(() -> NativeChaCha.secretStreamSealArray(h, state, aad, 0, 0, 0, small, 0, -1, wire, 0));
                expectThrow(() -> NativeChaCha.secretStreamSealArray(h, state, aad, 0, 0, 0, small, 0, 16, wire, 1));
                expectThrow(() -> NativeChaCha.secretStreamSealArray(h, state, null, 0, 0, 0, small, 0, 16, wire, 0));
                expectThrow(() -> NativeChaCha.hchacha(h, new int[7], new int[4], 20, new int[8]));
                byte[] packet = new byte[40];
                expectThrow(() -> JniCalls.INSTANCE.sshSeal(h, state, state, 0, packet, 0, 10, packet, 1));
                expectThrow(() -> JniCalls.INSTANCE.sshOpen(h, state, state, 0, packet, 0, 10, packet, 25));
                expectThrow(() -> JniCalls.INSTANCE.sshSeal(h, state, state, 1L << 32, packet, 0, 10, packet, 0));
                expectThrow(() -> JniCalls.INSTANCE.sshSeal(h, state, null, 0, packet, 0, 10, packet, 0));
                expectThrow(() -> JniCalls.INSTANCE.sshOpen(h, state, state, 0, packet, 0, 70_000, packet, 0));
                expectThrow(() -> JniCalls.INSTANCE.sshOpen(-1, state, state, 0, packet, 0, 10, packet, 0));
            }
            System.out.println("calls: " + calls + " on " + backends);
        }
    }

    @Test
    void noJniWarningOnAnyEntryPoint() throws Exception {
        Assumptions.assumeFalse(Boolean.getBoolean("jchacha.test.skipNative"), "native build skipped");
        Assumptions.assumeTrue(Backends.requested().equals("auto"), "unforced run only");
        List<String> cmd = ChildJvm.command(false);
        cmd.addAll(List.of(
                "-Xcheck:jni",
                "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                Probe.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), out);
        List<String> lines = out.lines().collect(Collectors.toList());
        // "WARNING in native method: ...", "Warning: Calling other JNI functions in the scope of ...",
        // "WARNING: JNI local refs: ...", "FATAL ERROR in native method: ..."
        List<String> warnings = lines.stream()
                .map(l -> l.toLowerCase(java.util.Locale.ROOT))
                .filter(l -> l.contains("warning") || l.contains("fatal") || l.contains("error"))
                .collect(Collectors.toList());
        assertEquals(
                List.of(),
                warnings.stream().distinct().collect(Collectors.toList()),
                warnings.size() + " lines from -Xcheck:jni");
        assertFalse(lines.isEmpty(), out);
        assertTrue(lines.get(lines.size() - 1).startsWith("calls: "), out);
    }
}
