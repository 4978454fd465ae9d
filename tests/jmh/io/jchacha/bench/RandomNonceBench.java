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
 * the allocation's. State per thread, so {@code -t 2} seals on two threads with one key object each. Commands and
 * figures: docs/bench/random-nonce.md (not part of the suite).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class RandomNonceBench {
    @Param({"16", "64", "256", "1024", "16384", "65536"})
    int size;

    byte[] in;
    byte[] out;
    final byte[] xnonce = new byte[24];
    final MessageNonces nonces = new MessageNonces();
    XChaCha20Poly1305 x;
    XChaCha20Poly1305CallerNonce xCaller;
    ChaCha20Poly1305 ietf;
    ChaCha20Poly1305CallerNonce ietfCaller;

    @Setup
    public void setup() {
        in = Sizes.random(size, 1);
        out = new byte[size + 16];
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
        xCaller.seal(xnonce, in, 0, size, null, out, 0);
        return out;
    }

    @Benchmark
    public byte[] xSealAlloc() {
        nonces.nextX(xnonce);
        return xCaller.seal(xnonce, in, null);
    }

    @Benchmark
    public byte[] seal() {
        return ietf.seal(in, null);
    }

    @Benchmark
    public byte[] sealInto() throws Exception {
        ietfCaller.seal(nonces.next(), in, 0, size, null, out, 0);
        return out;
    }

    @Benchmark
    public byte[] sealAlloc() {
        return ietfCaller.seal(nonces.next(), in, null);
    }
}
