// SPDX-License-Identifier: Apache-2.0
/*
 * A stand-in libjchacha for the loader's fault tests: it exports only the ABI probe and answers a version no
 * jar expects, as a library from another jchacha release would. Built by CMake, never packaged.
 */
#include <jni.h>

JNIEXPORT jint JNICALL Java_io_jchacha_internal_NativeChaCha_abiVersion(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    return 999;
}
