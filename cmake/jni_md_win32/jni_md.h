// SPDX-License-Identifier: Apache-2.0
/*
 * Minimal jni_md.h for cross-compiling the JNI library for Windows (x86_64, mingw-w64) with a Linux host JDK,
 * whose include/ holds only linux/jni_md.h. Written for this project from the JNI specification's platform
 * requirements: on Windows, exported functions are __declspec(dllexport), the calling convention macro is
 * __stdcall (a no-op on x86_64), jint is 32-bit and jlong is 64-bit (long is 32-bit on Win64, so jlong is
 * __int64). Used only when ${JCHACHA_JNI_INCLUDE}/win32/jni_md.h does not exist.
 */
#ifndef _JAVASOFT_JNI_MD_H_
#define _JAVASOFT_JNI_MD_H_

#define JNIEXPORT __declspec(dllexport)
#define JNIIMPORT __declspec(dllimport)
#define JNICALL __stdcall

typedef int jint;
typedef __int64 jlong;
typedef signed char jbyte;

#endif
