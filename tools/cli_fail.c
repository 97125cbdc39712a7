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

int cli_fail_error(int code, const char* context, const vksplit_error* err)
{
    fprintf(stderr, "vksplit: %s%s%s (%s, %s)\n", context ? context : "", context ? ": " : "", err->message,
            vksplit_result_name(err->code), vksplit_rule_name(err->rule));
    return code;
}
