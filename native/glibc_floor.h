/*
 * Included ahead of every C file on x86_64 Linux (cmake/glibc-floor.cmake): memcpy binds to its GLIBC_2.2.5
 * version, not GLIBC_2.14, so libjchacha.so loads on glibc 2.17. The old version has memmove's semantics (the
 * reason glibc versioned it), which is never slower by more than a branch and safe for every call.
 */
#ifndef JCHACHA_GLIBC_FLOOR_H
#define JCHACHA_GLIBC_FLOOR_H
#if defined(__x86_64__) && defined(__linux__)
__asm__(".symver memcpy, memcpy@GLIBC_2.2.5");
#endif
#endif
