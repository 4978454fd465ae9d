// SPDX-License-Identifier: Apache-2.0
/* macOS cross build without an SDK: jni.h includes <stdio.h> but uses nothing from it; FILE is declared for form. */
#ifndef JCHACHA_MACOS_STDIO_H
#define JCHACHA_MACOS_STDIO_H
typedef struct __sFILE FILE;
#endif
