// SPDX-License-Identifier: Apache-2.0
/**
 * SSH transport ciphers: {@link io.jchacha.ssh.OpenSshChaCha20Poly1305}, OpenSSH's
 * {@code chacha20-poly1305@openssh.com} (draft-ietf-sshm-chacha20-poly1305) one packet per call, for adapters to SSH
 * libraries. Nothing here depends on an SSH library.
 */
package io.jchacha.ssh;
