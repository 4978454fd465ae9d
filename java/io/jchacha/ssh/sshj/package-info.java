// SPDX-License-Identifier: Apache-2.0
/**
 * jchacha's {@code chacha20-poly1305@openssh.com} for sshj ({@code com.hierynomus:sshj}):
 * {@link io.jchacha.ssh.sshj.ChaCha20Poly1305Factory#install} on the {@code Config} an {@code SSHClient} is made
 * with. Needs sshj on the class path (any sshj user has it); jchacha itself does not depend on it.
 */
package io.jchacha.ssh.sshj;
