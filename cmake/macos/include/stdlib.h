// SPDX-License-Identifier: Apache-2.0
/* macOS cross build without an SDK: the <stdlib.h> functions the library calls (C standard declarations). */
#ifndef JCHACHA_MACOS_STDLIB_H
#define JCHACHA_MACOS_STDLIB_H
#include <stddef.h>
void *malloc(size_t n);
void free(void *p);
void abort(void) __attribute__((noreturn));
#endif
