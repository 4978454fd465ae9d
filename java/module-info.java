// SPDX-License-Identifier: Apache-2.0
/**
 * jchacha: ChaCha20, XChaCha20, Poly1305 and the ChaCha20-Poly1305 AEADs ({@code io.jchacha}), libsodium's secret
 * streams ({@code io.jchacha.secretstream}). Loading the native library is a restricted operation on JDK 24 and
 * later: run with {@code --enable-native-access=io.jchacha} (module path) or
 * {@code --enable-native-access=ALL-UNNAMED} (class path) to avoid the JDK's warning.
 */
module io.jchacha {
    requires org.scijava.nativelib;
    requires static info.picocli;
    requires static me.tongfei.progressbar;
    // the SSH adapters: only a user of that SSH library loads them, and has it
    requires static org.apache.sshd.common;
    requires static com.jcraft.jsch;
    requires static com.hierynomus.sshj;
    // the jdk backend reads HotSpot's flags where this module is present (JdkIntrinsics)
    requires static jdk.management;

    exports io.jchacha;
    exports io.jchacha.secretstream;
    exports io.jchacha.ssh;
    exports io.jchacha.ssh.jsch;
    exports io.jchacha.ssh.mina;
    exports io.jchacha.ssh.sshj;

    provides java.security.Provider with
            io.jchacha.JChachaProvider;

    opens io.jchacha.cli to
            info.picocli;
}
