// SPDX-License-Identifier: Apache-2.0
/**
 * jchacha's {@code chacha20-poly1305@openssh.com} for JSch ({@code com.github.mwiede:jsch}):
 * {@link io.jchacha.ssh.jsch.ChaCha20Poly1305Cipher#install()}. Needs JSch on the class path (any JSch user has
 * it); jchacha itself does not depend on it, and this cipher needs no BouncyCastle.
 */
package io.jchacha.ssh.jsch;
