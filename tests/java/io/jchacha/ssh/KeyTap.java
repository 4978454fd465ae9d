// SPDX-License-Identifier: Apache-2.0
package io.jchacha.ssh;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.common.NamedFactory;
import org.apache.sshd.common.cipher.Cipher;

/**
 * The first key material an in-process SSH endpoint (MINA, JSch or sshj) gives its cipher for each mode, so that
 * {@link TamperProxy} can find packet boundaries on the wire. Wraps the cipher under test and passes every call
 * through unchanged. JSch's all-zero-key trial ciphers (Session.checkCipher) are not keys and are ignored.
 */
final class KeyTap {
    private final byte[][] keys = new byte[2][];
    private final CountDownLatch[] set = {new CountDownLatch(1), new CountDownLatch(1)};

    synchronized void record(boolean encrypt, byte[] key) {
        int i = encrypt ? 0 : 1;
        if (keys[i] == null && !Arrays.equals(key, new byte[key.length])) {
            keys[i] = Arrays.copyOf(key, 64);
            set[i].countDown();
        }
    }

    /** The first encrypt (or decrypt) key, waiting for it. */
    byte[] await(boolean encrypt) {
        int i = encrypt ? 0 : 1;
        try {
            if (!set[i].await(60, TimeUnit.SECONDS)) {
                throw new AssertionError("no " + (encrypt ? "encrypt" : "decrypt") + " key within 60 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
        synchronized (this) {
            return keys[i].clone();
        }
    }

    /** The factory under the same name, its ciphers reporting their keys here. */
    NamedFactory<Cipher> mina(NamedFactory<Cipher> real) {
        KeyTap tap = this;
        return new NamedFactory<>() {
            @Override
            public String getName() {
                return real.getName();
            }

            @Override
            public Cipher create() {
                return new MinaCipher(real.create(), tap);
            }
        };
    }

    private static final class MinaCipher implements Cipher {
        private final Cipher c;
        private final KeyTap tap;

        MinaCipher(Cipher c, KeyTap tap) {
            this.c = c;
            this.tap = tap;
        }

        @Override
        public void init(Mode mode, byte[] key, byte[] iv) throws Exception {
            tap.record(mode == Mode.Encrypt, key);
            c.init(mode, key, iv);
        }

        @Override
        public void update(byte[] in, int off, int len) throws Exception {
            c.update(in, off, len);
        }

        @Override
        public void updateAAD(byte[] data, int off, int len) throws Exception {
            c.updateAAD(data, off, len);
        }

        @Override
        public void updateWithAAD(byte[] in, int off, int aadLen, int len) throws Exception {
            c.updateWithAAD(in, off, aadLen, len);
        }

        @Override
        public String getAlgorithm() {
            return c.getAlgorithm();
        }

        @Override
        public int getKeySize() {
            return c.getKeySize();
        }

        @Override
        public String getTransformation() {
            return c.getTransformation();
        }

        @Override
        public int getIVSize() {
            return c.getIVSize();
        }

        @Override
        public int getAuthenticationTagSize() {
            return c.getAuthenticationTagSize();
        }

        @Override
        public int getCipherBlockSize() {
            return c.getCipherBlockSize();
        }

        @Override
        public int getKdfSize() {
            return c.getKdfSize();
        }
    }

    /** sshj's factory under the same name, its ciphers reporting their keys here (a proxy passes every call on). */
    net.schmizz.sshj.common.Factory.Named<net.schmizz.sshj.transport.cipher.Cipher> sshj(
            net.schmizz.sshj.common.Factory.Named<net.schmizz.sshj.transport.cipher.Cipher> real) {
        KeyTap tap = this;
        Class<net.schmizz.sshj.transport.cipher.Cipher> type = net.schmizz.sshj.transport.cipher.Cipher.class;
        return new net.schmizz.sshj.common.Factory.Named<>() {
            @Override
            public String getName() {
                return real.getName();
            }

            @Override
            public net.schmizz.sshj.transport.cipher.Cipher create() {
                net.schmizz.sshj.transport.cipher.Cipher c = real.create();
                return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (p, m, args) -> {
                    if (m.getName().equals("init")) {
                        tap.record(args[0] == net.schmizz.sshj.transport.cipher.Cipher.Mode.Encrypt, (byte[]) args[1]);
                    }
                    try {
                        return m.invoke(c, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                }));
            }
        };
    }

    /** JSch makes its ciphers by class name: this class runs {@link #jschDelegate} and reports to {@link #jschTap}. */
    static volatile String jschDelegate;

    static volatile KeyTap jschTap;

    public static final class JschCipher implements com.jcraft.jsch.Cipher {
        private final com.jcraft.jsch.Cipher c;
        private final KeyTap tap = jschTap;

        public JschCipher() throws ReflectiveOperationException {
            c = Class.forName(jschDelegate)
                    .asSubclass(com.jcraft.jsch.Cipher.class)
                    .getDeclaredConstructor()
                    .newInstance();
        }

        @Override
        public int getIVSize() {
            return c.getIVSize();
        }

        @Override
        public int getBlockSize() {
            return c.getBlockSize();
        }

        @Override
        public int getTagSize() {
            return c.getTagSize();
        }

        @Override
        public void init(int mode, byte[] key, byte[] iv) throws Exception {
            if (tap != null) {
                tap.record(mode == ENCRYPT_MODE, key);
            }
            c.init(mode, key, iv);
        }

        @Override
        public void update(int seq) throws Exception {
            c.update(seq);
        }

        @Override
        public void update(byte[] in, int inOff, int len, byte[] out, int outOff) throws Exception {
            c.update(in, inOff, len, out, outOff);
        }

        @Override
        public void updateAAD(byte[] in, int off, int len) throws Exception {
            c.updateAAD(in, off, len);
        }

        @Override
        public void doFinal(byte[] in, int inOff, int len, byte[] out, int outOff) throws Exception {
            c.doFinal(in, inOff, len, out, outOff);
        }

        @Override
        public boolean isCBC() {
            return c.isCBC();
        }

        @Override
        public boolean isAEAD() {
            return c.isAEAD();
        }

        @Override
        public boolean isChaCha20() {
            return c.isChaCha20();
        }
    }
}
