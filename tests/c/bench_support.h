// SPDX-License-Identifier: Apache-2.0
/*
 * What the C benchmarks share: a monotonic clock in seconds, the run count and length behind each figure, the
 * comparison for sorting run times (median, or best with --best), and the CPU's family and model for the header
 * (a VM may name different CPUs alike, and figures compare only within one machine). Header-only.
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

#include <stdio.h>
#include <string.h>

/* " (family F, model M)" from the first processor in /proc/cpuinfo (x86 Linux), else "". */
static const char *cpu_id(void)
{
    static char id[64];
    char line[256], family[16] = "", model[16] = "";
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL)
        return "";
    while (fgets(line, sizeof line, f) != NULL && line[0] != '\n') {
        const char *colon = strchr(line, ':');
        if (colon == NULL)
            continue;
        if (strncmp(line, "cpu family", 10) == 0)
            sscanf(colon + 1, "%15s", family);
        else if (strncmp(line, "model", 5) == 0 && (line[5] == '\t' || line[5] == ' ') && strstr(line, "name") == NULL)
            sscanf(colon + 1, "%15s", model);
    }
    fclose(f);
    if (family[0] == '\0')
        return "";
    snprintf(id, sizeof id, " (family %s, model %s)", family, model);
    return id;
}

#define RUNS 7
#define RUN_SECONDS 0.012

/* --best: the fastest run instead of the median (the programs that take the option) */
static __attribute__((unused)) int use_best;

/* qsort's order for run times (bench_latency, a best of RUNS throughout, sorts nothing) */
static __attribute__((unused)) int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

#endif
