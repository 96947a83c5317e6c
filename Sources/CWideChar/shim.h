#ifndef LESSONPACK_CWIDECHAR_SHIM_H
#define LESSONPACK_CWIDECHAR_SHIM_H

// The C library's column widths (POSIX wcwidth), which Swift's Glibc module leaves out: glibc declares it only
// for X/Open sources.
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include <wchar.h>
#include <locale.h>

static inline int lp_wcwidth(unsigned int scalar) { return wcwidth((wchar_t)scalar); }

#endif
