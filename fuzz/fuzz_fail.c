/* See fuzz_fail.h. */
#include "fuzz_fail.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void fz_fail(const char* fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    fputs("FUZZ CHECK FAILED: ", stderr);
    vfprintf(stderr, fmt, args);
    fputc('\n', stderr);
    va_end(args);
    abort();
}
