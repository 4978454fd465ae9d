// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

import io.jchacha.ChaCha20Poly1305CallerNonce;
import io.jchacha.internal.Engine;
import io.jchacha.internal.Engines;
import io.jchacha.ssh.OpenSshChaCha20Poly1305;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.common.cipher.ChaCha20Cipher;
import org.apache.sshd.common.cipher.Cipher;
import org.bouncycastle.crypto.engines.ChaChaEngine;
import org.bouncycastle.crypto.macs.Poly1305;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.openjdk.jmh.annotations.*;

/**
 * One {@code chacha20-poly1305@openssh.com} packet per op, {@code body} bytes after the 4-byte length, sequence number
 * stepped per op: {@link OpenSshChaCha20Poly1305} seal in place and open (length first, then the packet, in place on
 * a copy of a sealed packet: open needs its input intact), BouncyCastle's {@code ChaChaEngine} + {@code Poly1305} as
 * JSch's built-in cipher composes them ({@code bouncycastleSeal}), and, as the yardstick a one-call native path would
 * aim at, jchacha's RFC 8439 ChaCha20-Poly1305 seal of the same bytes ({@code aeadSeal}). {@code javaMac} /
 * {@code nativeMac}: the packet's tag alone (length field and body) on the Java Poly1305 and on the active native
 * backend's kernel (one JNI call), for {@code Engine.poly1305Min}. {@code minaSeal} / {@code minaJchachaSeal}: MINA
 * SSHD's encoder call on its built-in cipher and on jchacha's adapter; {@code jschSeal} / {@code jschJchachaSeal}: JSch's
 * encoder calls on its BouncyCastle class and on jchacha's adapter; {@code sshjSeal} / {@code sshjJchachaSeal}: sshj's
 * encoder calls (setSequenceNumber, updateWithAAD) on its ChachaPolyCipher (BouncyCastle through JCA) and on jchacha's
 * adapter. Ops/s; MB/s = ops/s x body. Not part of the
 * suite: {@code java -jar target/jchacha-benchmarks.jar OpenSshBench -f 1 -wi 5 -w 1s -i 5 -r 1s}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class OpenSshBench {
    @Param({"64", "128", "192", "256", "384", "512", "1024", "32768"})
    int body;

    final byte[] key = new byte[64];
    byte[] packet, sealed, work, aeadOut;
    long seq;
    OpenSshChaCha20Poly1305 jc;
    ChaCha20Poly1305CallerNonce aead;
    final byte[] nonce = new byte[12];
    // BouncyCastle as JSch composes it
    ChaChaEngine bcHeader, bcMain;
    KeyParameter bcHeaderKey, bcMainKey;
    final Poly1305 bcMac = new Poly1305();
    final byte[] iv = new byte[8];
    final byte[] block0 = new byte[64];
    // the tag alone, over length field and body: the Java Poly1305 against the engine's kernel (one JNI call)
    final byte[] polyKey = new byte[32];
    final byte[] tag = new byte[16];
    final io.jchacha.internal.Poly1305 javaMac = new io.jchacha.internal.Poly1305(polyKey, 0);
    final Engine engine = Engines.active();
    // the SSH libraries' per-packet calls: MINA SSHD's encoder (one updateWithAAD) on its built-in cipher and on
    // jchacha's MINA adapter; JSch's encoder (update(seq), the length, doFinal) on its BouncyCastle class and on
    // jchacha's JSch adapter
    Cipher minaBuiltin, minaJchacha;
    com.jcraft.jsch.Cipher jschBuiltin, jschJchacha;
    net.schmizz.sshj.transport.cipher.Cipher sshjBuiltin, sshjJchacha;

    @Setup
    public void setup() {
        new java.util.Random(3).nextBytes(key);
        packet = new byte[4 + body + 16];
        System.arraycopy(Sizes.random(body, 1), 0, packet, 4, body);
        ByteBuffer.wrap(packet).putInt(0, body);
        jc = new OpenSshChaCha20Poly1305(key);
        sealed = packet.clone();
        jc.seal(0, sealed, 0, body, sealed, 0);
        work = new byte[sealed.length];
        aead = new ChaCha20Poly1305CallerNonce(java.util.Arrays.copyOf(key, 32));
        aeadOut = new byte[4 + body + 16];
        bcHeader = new ChaChaEngine(20);
        bcMain = new ChaChaEngine(20);
        bcHeaderKey = new KeyParameter(java.util.Arrays.copyOfRange(key, 32, 64));
        bcMainKey = new KeyParameter(java.util.Arrays.copyOf(key, 32));
        try {
            minaBuiltin = new ChaCha20Cipher();
            minaBuiltin.init(Cipher.Mode.Encrypt, key, new byte[8]);
            minaJchacha = io.jchacha.ssh.mina.ChaCha20Poly1305Factory.INSTANCE.create();
            minaJchacha.init(Cipher.Mode.Encrypt, key, new byte[8]);
            jschBuiltin = new com.jcraft.jsch.bc.ChaCha20Poly1305();
            jschBuiltin.init(com.jcraft.jsch.Cipher.ENCRYPT_MODE, key, new byte[8]);
            jschJchacha = new io.jchacha.ssh.jsch.ChaCha20Poly1305Cipher();
            jschJchacha.init(com.jcraft.jsch.Cipher.ENCRYPT_MODE, key, new byte[8]);
            sshjBuiltin = com.hierynomus.sshj.transport.cipher.ChachaPolyCiphers.CHACHA_POLY_OPENSSH()
                    .create();
            sshjBuiltin.init(net.schmizz.sshj.transport.cipher.Cipher.Mode.Encrypt, key, new byte[0]);
            sshjJchacha = io.jchacha.ssh.sshj.ChaCha20Poly1305Factory.INSTANCE.create();
            sshjJchacha.init(net.schmizz.sshj.transport.cipher.Cipher.Mode.Encrypt, key, new byte[0]);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Benchmark
    public byte[] minaSeal() throws Exception {
        minaBuiltin.updateWithAAD(packet, 0, 4, body);
        return packet;
    }

    @Benchmark
    public byte[] minaJchachaSeal() throws Exception {
        minaJchacha.updateWithAAD(packet, 0, 4, body);
        return packet;
    }

    @Benchmark
    public byte[] jschSeal() throws Exception {
        return jschPacket(jschBuiltin);
    }

    @Benchmark
    public byte[] jschJchachaSeal() throws Exception {
        return jschPacket(jschJchacha);
    }

    private byte[] jschPacket(com.jcraft.jsch.Cipher c) throws Exception {
        c.update((int) seq++);
        c.update(packet, 0, 4, packet, 0);
        c.doFinal(packet, 0, 4 + body, packet, 0);
        return packet;
    }

    @Benchmark
    public byte[] sshjSeal() {
        return sshjPacket(sshjBuiltin);
    }

    @Benchmark
    public byte[] sshjJchachaSeal() {
        return sshjPacket(sshjJchacha);
    }

    /** sshj's Encoder: the sequence number, then the packet in one call (jchacha's adapter wants them in order). */
    private byte[] sshjPacket(net.schmizz.sshj.transport.cipher.Cipher c) {
        c.setSequenceNumber(seq++ & 0xFFFFFFFFL);
        c.updateWithAAD(packet, 0, 4, body);
        return packet;
    }

    @Benchmark
    public byte[] jchachaSeal() {
        jc.seal(seq++ & 0xFFFFFFFFL, packet, 0, body, packet, 0);
        return packet;
    }

    @Benchmark
    public byte[] jchachaOpen() throws Exception {
        System.arraycopy(sealed, 0, work, 0, sealed.length);
        int len = jc.decryptLength(0, work, 0);
        jc.open(0, work, 0, len, work, 0);
        return work;
    }

    @Benchmark
    public byte[] bouncycastleSeal() {
        long s = seq++ & 0xFFFFFFFFL;
        for (int i = 0; i < 8; i++) {
            iv[i] = (byte) (s >>> (56 - 8 * i));
        }
        bcHeader.init(true, new ParametersWithIV(bcHeaderKey, iv));
        bcMain.init(true, new ParametersWithIV(bcMainKey, iv));
        java.util.Arrays.fill(block0, (byte) 0);
        bcMain.processBytes(block0, 0, 64, block0, 0);
        bcMac.init(new KeyParameter(block0, 0, 32));
        bcHeader.processBytes(packet, 0, 4, packet, 0);
        bcMain.processBytes(packet, 4, body, packet, 4);
        bcMac.update(packet, 0, 4 + body);
        bcMac.doFinal(packet, 4 + body);
        return packet;
    }

    @Benchmark
    public byte[] javaMac() {
        javaMac.init(polyKey, 0);
        javaMac.update(sealed, 0, 4 + body);
        javaMac.finish(tag, 0);
        return tag;
    }

    @Benchmark
    public byte[] nativeMac() {
        engine.poly1305(polyKey, sealed, 0, 4 + body, tag);
        return tag;
    }

    @Benchmark
    public byte[] aeadSeal() throws Exception {
        long s = seq++;
        nonce[4] = (byte) (s >>> 24);
        nonce[5] = (byte) (s >>> 16);
        nonce[6] = (byte) (s >>> 8);
        nonce[7] = (byte) s;
        aead.seal(nonce, packet, 0, 4 + body, null, aeadOut, 0);
        return aeadOut;
    }
}
