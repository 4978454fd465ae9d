// SPDX-License-Identifier: Apache-2.0
/*
 * The bare costs of a JNI call, for the JMH call-cost breakdown (tests/jmh/.../CallCostBench): an empty static
 * native method, and one that pins two byte arrays with GetPrimitiveArrayCritical and releases them, touching one
 * byte; one that reads both arrays' lengths; and one that copies len bytes of one array to the stack and back into
 * the other (GetByteArrayRegion, ExceptionCheck, SetByteArrayRegion). Built by CMake beside the library, never
 * packaged.
 */
#include <jni.h>

JNIEXPORT void JNICALL Java_io_jchacha_internal_CallCostBench_emptyJni(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
}

JNIEXPORT void JNICALL Java_io_jchacha_internal_CallCostBench_criticalJni(JNIEnv *env, jclass cls, jbyteArray in,
                                                                          jbyteArray out)
{
    (void)cls;
    unsigned char *o = (*env)->GetPrimitiveArrayCritical(env, out, NULL);
    if (o == NULL) {
        return;
    }
    unsigned char *i = (*env)->GetPrimitiveArrayCritical(env, in, NULL);
    if (i != NULL) {
        o[0] ^= i[0];
        (*env)->ReleasePrimitiveArrayCritical(env, in, i, JNI_ABORT);
    }
    (*env)->ReleasePrimitiveArrayCritical(env, out, o, 0);
}

JNIEXPORT jint JNICALL Java_io_jchacha_internal_CallCostBench_lengthsJni(JNIEnv *env, jclass cls, jbyteArray in,
                                                                         jbyteArray out)
{
    (void)cls;
    return (*env)->GetArrayLength(env, in) + (*env)->GetArrayLength(env, out);
}

JNIEXPORT void JNICALL Java_io_jchacha_internal_CallCostBench_regionJni(JNIEnv *env, jclass cls, jbyteArray in,
                                                                        jbyteArray out, jint len)
{
    (void)cls;
    jbyte buf[4096];
    if (len < 0 || len > (jint)sizeof buf) {
        return;
    }
    (*env)->GetByteArrayRegion(env, in, 0, len, buf);
    if ((*env)->ExceptionCheck(env)) {
        return;
    }
    buf[0] ^= 1;
    (*env)->SetByteArrayRegion(env, out, 0, len, buf);
}
