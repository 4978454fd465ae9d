package io.jchacha.internal;

import java.nio.ByteBuffer;

/** The pure-Java engine (placeholder: one scalar block at a time; to be replaced by the fast one). */
public final class JavaEngine implements Engine {
    public static final JavaEngine INSTANCE = new JavaEngine();

    private JavaEngine() {}

    @Override
    public String name() {
        return "java";
    }

    @Override
    public void xor(int[] state, int rounds, boolean counter64,
                    byte[] in, int inOff, byte[] out, int outOff, int len) {
        int[] s = state.clone();
        int[] ks = new int[16];
        byte[] kb = new byte[64];
        while (len > 0) {
            ChaChaBlock.keystreamBlock(s, rounds, ks);
            for (int i = 0; i < 16; i++) {
                Bytes.LE_INT.set(kb, 4 * i, ks[i]);
            }
            int n = Math.min(64, len);
            for (int i = 0; i < n; i++) {
                out[outOff + i] = (byte) (kb[i] ^ (in == null ? 0 : in[inOff + i]));
            }
            inOff += n;
            outOff += n;
            len -= n;
            if (++s[12] == 0 && counter64) {
                s[13]++;
            }
        }
    }

    @Override
    public void xor(int[] state, int rounds, boolean counter64,
                    ByteBuffer in, int inPos, ByteBuffer out, int outPos, int len) {
        byte[] chunk = new byte[Math.min(len, 4096)];
        int[] s = state.clone();
        while (len > 0) {
            int n = Math.min(len, chunk.length);
            if (in != null) {
                in.get(inPos, chunk, 0, n);
            }
            xor(s, rounds, counter64, in == null ? null : chunk, 0, chunk, 0, n);
            out.put(outPos, chunk, 0, n);
            len -= n;
            inPos += n;
            outPos += n;
            long blocks = n / 64;
            long c = (s[12] & 0xFFFFFFFFL) + blocks;
            s[12] = (int) c;
            if (counter64) {
                s[13] += (int) (c >>> 32);
            }
        }
    }
}
