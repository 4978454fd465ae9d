// SPDX-License-Identifier: Apache-2.0
/* macOS cross build without an SDK: the <string.h> functions the library calls (C standard declarations). */
#ifndef JCHACHA_MACOS_STRING_H
#define JCHACHA_MACOS_STRING_H
#include <stddef.h>
void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
#endif
