/* cli_fail (cli_fail.h). */
#include "cli_fail.h"

#include <stdarg.h>
#include <stdio.h>

int cli_fail(int code, const char* fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    fputs("vksplit: ", stderr);
    vfprintf(stderr, fmt, args);
    fputc('\n', stderr);
    va_end(args);
    return code;
}
