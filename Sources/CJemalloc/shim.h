#ifndef SCROLLBACK_CJEMALLOC_SHIM_H
#define SCROLLBACK_CJEMALLOC_SHIM_H
// Linking jemalloc into the executable makes it the process's malloc: a rendering allocates and
// frees millions of small values, a third of them on other threads than made them. Only the
// declaration of its control call is needed here.
#include <stddef.h>
int mallctl(const char *name, void *oldp, size_t *oldlenp, void *newp, size_t newlen);
#endif
