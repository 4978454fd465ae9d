// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

import io.jchacha.ChaCha20Poly1305;
import io.jchacha.ChaCha20Poly1305CallerNonce;
import io.jchacha.XChaCha20Poly1305;
import io.jchacha.XChaCha20Poly1305CallerNonce;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.*;

/**
 * The default (random-nonce) AEAD classes' {@code seal} against the caller-nonce classes' {@code seal} of the same
 * {@code size}-byte message (no AAD): {@code xSeal} / {@code seal} draw a nonce and return a new array
 * (nonce || ciphertext || tag); {@code xSealInto} / {@code sealInto} take a counter nonce and write into a prepared
 * array; {@code xSealAlloc} / {@code sealAlloc} take a counter nonce and return a new array (ciphertext || tag), so
 * {@code *Seal} against {@code *SealAlloc} is the nonce's share and {@code *SealAlloc} against {@code *SealInto}
 * the allocation's; {@code xSealRandomInto} / {@code sealRandomInto} draw a nonce and write nonce || ciphertext ||
 * tag into a prepared array, and {@code alloc} only allocates the array {@code seal} returns. State per thread, so {@code -t 2} seals on two threads with one key object each. Commands and
 * figures: docs/bench/random-nonce.md (not part of the suite).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class RandomNonceBench {
    @Param({"16", "64", "256", "1024", "16384", "65536"})
    int size;

    byte[] in;
    /**
     * Bytes around every output range: with {@code -t 2}, a GC may pack the two threads' small arrays into one
     * cache line, and their writes would then measure false sharing instead of sealing.
     */
    static final int PAD = 64;

    byte[] out;
    byte[] prefixedOut;
    byte[] xPrefixedOut;
    final byte[] xnonce = new byte[24];
    final MessageNonces nonces = new MessageNonces();
    XChaCha20Poly1305 x;
    XChaCha20Poly1305CallerNonce xCaller;
    ChaCha20Poly1305 ietf;
    ChaCha20Poly1305CallerNonce ietfCaller;

    @Setup
    public void setup() {
        in = Sizes.random(size, 1);
        out = new byte[PAD + size + 16 + PAD];
        prefixedOut = new byte[PAD + size + ChaCha20Poly1305.OVERHEAD + PAD];
        xPrefixedOut = new byte[PAD + size + XChaCha20Poly1305.OVERHEAD + PAD];
        byte[] key = Sizes.random(32, 2);
        x = new XChaCha20Poly1305(key);
        xCaller = new XChaCha20Poly1305CallerNonce(key);
        ietf = new ChaCha20Poly1305(key);
        ietfCaller = new ChaCha20Poly1305CallerNonce(key);
    }

    @Benchmark
    public byte[] xSeal() {
        return x.seal(in, null);
    }

    @Benchmark
    public byte[] xSealInto() throws Exception {
        nonces.nextX(xnonce);
        xCaller.seal(xnonce, in, 0, size, null, out, PAD);
        return out;
    }

    @Benchmark
    public byte[] xSealAlloc() {
        nonces.nextX(xnonce);
        return xCaller.seal(xnonce, in, null);
    }

    @Benchmark
    public byte[] xSealRandomInto() throws Exception {
        x.seal(in, 0, size, null, xPrefixedOut, PAD);
        return xPrefixedOut;
    }

    @Benchmark
    public byte[] sealRandomInto() throws Exception {
        ietf.seal(in, 0, size, null, prefixedOut, PAD);
        return prefixedOut;
    }

    @Benchmark
    public byte[] seal() {
        return ietf.seal(in, null);
    }

    @Benchmark
    public byte[] sealInto() throws Exception {
        ietfCaller.seal(nonces.next(), in, 0, size, null, out, PAD);
        return out;
    }

    @Benchmark
    public byte[] sealAlloc() {
        return ietfCaller.seal(nonces.next(), in, null);
    }

    /** The array {@code seal} returns, allocated and nothing else: the floor of any allocating seal's extra cost. */
    @Benchmark
    public byte[] alloc() {
        return new byte[12 + size + 16];
    }
}
