// SPDX-License-Identifier: Apache-2.0
/**
 * libsodium's {@code crypto_secretstream_xchacha20poly1305}: {@link io.jchacha.secretstream.SecretStreamPush} and
 * {@link io.jchacha.secretstream.SecretStreamPull} for messages, and the chunked file format over streams and
 * channels ({@link io.jchacha.secretstream.SecretStreamOutputStream},
 * {@link io.jchacha.secretstream.SecretStreamInputStream}, {@link io.jchacha.secretstream.SecretStreamChannels}).
 * Constants and keys: {@link io.jchacha.secretstream.SecretStream}.
 */
package io.jchacha.secretstream;
