// SPDX-License-Identifier: Apache-2.0
package io.jchacha.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jchacha.JChachaProvider;
import java.security.Security;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * For a test class ({@code @ExtendWith(JChachaFirst.class)}): installs JChacha as the most preferred provider of
 * this JVM before its tests and removes it after them, so JSSE and {@code Cipher.getInstance} take JChacha.
 */
final class JChachaFirst implements BeforeAllCallback, AfterAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
        assertEquals(1, Security.insertProviderAt(new JChachaProvider(), 1));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        Security.removeProvider(JChachaProvider.NAME);
    }
}
