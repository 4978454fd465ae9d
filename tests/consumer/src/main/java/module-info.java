// SPDX-License-Identifier: Apache-2.0
/** The consumer as a named module: it needs io.jchacha alone (the provider comes with it). */
module io.jchacha.consumer {
    requires io.jchacha;
}
