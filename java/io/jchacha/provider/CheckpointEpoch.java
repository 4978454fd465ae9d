// SPDX-License-Identifier: Apache-2.0
package io.jchacha.provider;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * A counter that moves when the JVM is about to be checkpointed and again after it is restored, on JDKs with
 * Coordinated Restore at Checkpoint ({@code jdk.crac}), and wherever the application carries the {@code org.crac}
 * API (AWS Lambda SnapStart runs its hooks): a {@code Resource} is registered with each global context found, by
 * reflection, since the runtime jar depends on no API outside the JDK. Odd: a checkpoint has begun and
 * the restore has not finished (every output must draw fresh OS entropy first); even: normal operation. On JDKs
 * without either API (or when the module is not resolved) the epoch stays 0 and restores are detected by the wall
 * clock alone.
 */
final class CheckpointEpoch {
    /** The prefix of the API classes a CRaC JDK provides. */
    static final String CRAC_API = "jdk.crac.";
    /** The same API as a library ({@code org.crac:crac}), which Lambda SnapStart and CRaC JDKs both serve. */
    static final String ORG_CRAC_API = "org.crac.";

    private static volatile int epoch;
    /** The registered resources: a CRaC context may hold its resources weakly. */
    private static final java.util.List<Object> HOOKS = new java.util.concurrent.CopyOnWriteArrayList<>();

    static {
        register(CRAC_API);
        register(ORG_CRAC_API);
    }

    private CheckpointEpoch() {}

    /** The current epoch: odd from the start of a checkpoint until the end of the restore. */
    static int current() {
        return epoch;
    }

    /** A checkpoint begins: the epoch becomes odd. */
    static synchronized void beforeCheckpoint() {
        epoch = (epoch | 1) + 2;
    }

    /** The restore is done (or the checkpoint failed): the epoch becomes even and new. */
    static synchronized void afterRestore() {
        epoch = (epoch | 1) + 1;
    }

    /**
     * Registers a resource with {@code Core.getGlobalContext()} whose callbacks move the epoch.
     *
     * @param prefix what precedes the names {@code Core}, {@code Context} and {@code Resource} of classes with the
     *               CRaC API's shape ({@value #CRAC_API})
     * @return whether it was registered (false when the API is missing or refuses)
     */
    static boolean register(String prefix) {
        try {
            ClassLoader loader = CheckpointEpoch.class.getClassLoader();
            Class<?> resource = Class.forName(prefix + "Resource", false, loader);
            Class<?> context = Class.forName(prefix + "Context", false, loader);
            Object global = Class.forName(prefix + "Core", true, loader)
                    .getMethod("getGlobalContext")
                    .invoke(null);
            Object hook = Proxy.newProxyInstance(loader, new Class<?>[] {resource}, new Handler());
            context.getMethod("register", resource).invoke(global, hook);
            HOOKS.add(hook);
            return true;
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return false;
        }
    }

    /** The resource's methods: the two callbacks and Object's. */
    private static final class Handler implements InvocationHandler {
        @Override
        public Object invoke(Object proxy, Method m, Object[] args) {
            switch (m.getName()) {
                case "beforeCheckpoint":
                    beforeCheckpoint();
                    return null;
                case "afterRestore":
                    afterRestore();
                    return null;
                case "hashCode":
                    return System.identityHashCode(proxy);
                case "equals":
                    return proxy == args[0];
                case "toString":
                    return "jchacha SecureRandom checkpoint hook";
                default:
                    throw new UnsupportedOperationException(m.getName());
            }
        }
    }
}
