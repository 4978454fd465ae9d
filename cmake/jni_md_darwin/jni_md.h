// SPDX-License-Identifier: Apache-2.0
/*
 * Minimal jni_md.h for cross-compiling the JNI library for macOS (x86_64, arm64) with clang and a Linux host JDK,
 * whose include/ holds only linux/jni_md.h. Written for this project from the JNI specification: on macOS (LP64),
 * exported functions have default visibility, the calling convention macro is empty, jint is 32-bit and jlong is
 * long (64-bit). Used only when ${JCHACHA_JNI_INCLUDE}/darwin/jni_md.h does not exist.
 */
#ifndef _JAVASOFT_JNI_MD_H_
#define _JAVASOFT_JNI_MD_H_

#define JNIEXPORT __attribute__((visibility("default")))
#define JNIIMPORT __attribute__((visibility("default")))
#define JNICALL

typedef int jint;
typedef long jlong;
typedef signed char jbyte;

#endif
