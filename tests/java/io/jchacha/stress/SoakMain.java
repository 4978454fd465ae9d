// SPDX-License-Identifier: Apache-2.0
package io.jchacha.stress;

import io.jchacha.CallerNonceForms;
import io.jchacha.ChaCha20;
import io.jchacha.ChaCha20Poly1305;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The soak's child JVM: seals and opens messages through every form, creating and destroying ciphers as it
 * goes, and after a warm-up and after each round prints the process's resident set (VmRSS) and the JVM's
 * committed native memory (Native Memory Tracking, read with {@code jcmd <own pid> VM.native_memory summary}):
 * {@code round <n> messages <total> rss_kb <kb> nmt_kb <kb>}. Arguments: warm-up messages, rounds, messages per
 * round. Exits 1 on a wrong result.
 */
public final class SoakMain {
    private static final int[] SIZES = {16, 64, 200, 1000, 4096, 16, 100, 300, 70_000};
    private static final Pattern NMT_TOTAL = Pattern.compile("Total: reserved=\\d+KB, committed=(\\d+)KB");

    private final byte[] key = new byte[32];
    private final byte[] pt = new byte[70_000];
    private final byte[] sealed = new byte[70_000 + 16];
    private final byte[] opened = new byte[70_000];
    private final ByteBuffer directIn = ByteBuffer.allocateDirect(70_000 + 16);
    private final ByteBuffer directOut = ByteBuffer.allocateDirect(70_000 + 16);
    private final byte[] nonce = new byte[24];
    private long messages;

    public static void main(String[] args) throws Exception {
        long warmup = Long.parseLong(args[0]);
        int rounds = Integer.parseInt(args[1]);
        long perRound = Long.parseLong(args[2]);
        SoakMain s = new SoakMain();
        s.run(warmup);
        report(0, s.messages);
        for (int r = 1; r <= rounds; r++) {
            s.run(perRound);
            report(r, s.messages);
        }
    }

    private SoakMain() {
        Arrays.fill(key, (byte) 7);
        for (int i = 0; i < pt.length; i++) {
            pt[i] = (byte) (i * 13);
        }
    }

    private void run(long count) throws Exception {
        CallerNonceForms aead = null;
        for (long end = messages + count; messages < end; messages++) {
            long i = messages;
            if (i % 64 == 0) { // a new AEAD object every 64 messages, the old one left to the collector
                aead = new CallerNonceForms((i / 64) % 2 == 1, key);
            }
            int len = SIZES[(int) (i % SIZES.length)];
            if (len > 4096 && (i / SIZES.length) % 16 != 0) {
                len = 512; // the long message one time in 16
            }
            byte[] n = Arrays.copyOf(nonce, (i / 64) % 2 == 1 ? 24 : 12);
            n[0] = (byte) i;
            n[1] = (byte) (i >>> 8);
            switch ((int) (i % 3)) {
                case 0: {
                    byte[] m = Arrays.copyOf(pt, len);
                    check(Arrays.equals(m, aead.open(n, aead.seal(n, m, null), null)));
                    break;
                }
                case 1:
                    aead.seal(n, pt, 0, len, nonce, sealed, 0);
                    aead.open(n, sealed, 0, len + 16, nonce, opened, 0);
                    check(Arrays.equals(pt, 0, len, opened, 0, len));
                    break;
                default: {
                    directIn.clear().put(pt, 0, len).flip();
                    aead.seal(n, directIn, null, directOut.clear());
                    directOut.flip();
                    aead.open(n, directOut, null, directIn.clear());
                    directIn.flip();
                    check(directIn.equals(ByteBuffer.wrap(pt, 0, len)));
                    break;
                }
            }
            if (i % 16 == 0) { // a stream cipher made, used and destroyed
                ChaCha20 c = ChaCha20.newInstance(
                        ChaCha20.Variant.values()[(int) (i / 16 % 3)],
                        key,
                        Arrays.copyOf(nonce, ChaCha20.Variant.values()[(int) (i / 16 % 3)].nonceLength()),
                        i,
                        20);
                c.update(pt, 0, len, opened, 0);
                c.seek(0);
                c.update(opened, 0, len, opened, 0);
                check(Arrays.equals(pt, 0, len, opened, 0, len));
                c.destroy();
            }
            if (i % 1024 == 0) {
                ChaCha20Poly1305 r = new ChaCha20Poly1305(key);
                check(Arrays.equals(pt, 0, 100, r.open(r.seal(Arrays.copyOf(pt, 100), null), null), 0, 100));
            }
        }
    }

    private static void check(boolean ok) {
        if (!ok) {
            System.out.println("WRONG RESULT");
            System.exit(1);
        }
    }

    private static void report(int round, long messages) throws Exception {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
        }
        System.out.printf("round %d messages %d rss_kb %d nmt_kb %d%n", round, messages, rssKb(), nmtCommittedKb());
    }

    private static long rssKb() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("\\D", ""));
            }
        }
        throw new IllegalStateException("no VmRSS in /proc/self/status");
    }

    private static long nmtCommittedKb() throws Exception {
        String javaCmd = ProcessHandle.current().info().command().orElseThrow();
        Process jcmd = new ProcessBuilder(
                        Path.of(javaCmd).resolveSibling("jcmd").toString(),
                        Long.toString(ProcessHandle.current().pid()),
                        "VM.native_memory",
                        "summary")
                .redirectErrorStream(true)
                .start();
        String summary = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        jcmd.waitFor();
        Matcher m = NMT_TOTAL.matcher(summary);
        if (!m.find()) {
            throw new IllegalStateException("no NMT total in: " + summary);
        }
        return Long.parseLong(m.group(1));
    }
}
