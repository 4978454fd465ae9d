// SPDX-License-Identifier: Apache-2.0
/**
 * jchacha's {@code chacha20-poly1305@openssh.com} for Apache MINA SSHD: {@code
 * setCipherFactories(}{@link io.jchacha.ssh.mina.ChaCha20Poly1305Factory#preferred}{@code (getCipherFactories()))}
 * on an {@code SshServer}, {@code SshClient} or session. Needs
 * {@code sshd-common} on the class path (any MINA SSHD user has it); jchacha itself does not depend on it.
 */
package io.jchacha.ssh.mina;
