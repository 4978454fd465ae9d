// SPDX-License-Identifier: Apache-2.0
package io.jchacha.provider;

import java.util.ArrayList;
import java.util.List;

/** Classes with the shape of the {@code jdk.crac} API (which this JDK lacks), to test the reflective registration. */
public final class FakeCrac {
    private FakeCrac() {}

    /** {@code jdk.crac.Resource}. */
    public interface Resource {
        void beforeCheckpoint(Context<? extends Resource> context) throws Exception;

        void afterRestore(Context<? extends Resource> context) throws Exception;
    }

    /** {@code jdk.crac.Context}: this one keeps what is registered, to call it as a checkpoint would. */
    public static class Context<R extends Resource> {
        final List<R> registered = new ArrayList<>();

        public void register(R resource) {
            registered.add(resource);
        }
    }

    /** {@code jdk.crac.Core}. */
    public static final class Core {
        static final Context<Resource> GLOBAL = new Context<>();

        private Core() {}

        public static Context<Resource> getGlobalContext() {
            return GLOBAL;
        }
    }
}
