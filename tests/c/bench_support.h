// SPDX-License-Identifier: Apache-2.0
/*
 * What the C benchmarks share: a monotonic clock in seconds, the run count and length behind each figure, and the
 * comparison for sorting run times (median, or best with --best). Header-only.
 */
#ifndef JCHACHA_BENCH_SUPPORT_H
#define JCHACHA_BENCH_SUPPORT_H

#if defined(_WIN32)
#include <windows.h>
static double now_sec(void)
{
    LARGE_INTEGER f, c;
    QueryPerformanceFrequency(&f);
    QueryPerformanceCounter(&c);
    return (double)c.QuadPart / (double)f.QuadPart;
}
#else
#include <time.h>
static double now_sec(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
#endif

#define RUNS 7
#define RUN_SECONDS 0.012

static int use_best;

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

#endif
