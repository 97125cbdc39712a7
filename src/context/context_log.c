/* vksplit__log (context_log.h): one formatted line to the caller's log callback. A file of its
 * own so that whatever logs (the context, its pipelines, the debug labels) depends on it and it
 * on nothing of theirs. */
#include <stdarg.h>
#include <stdio.h>

#include "context/context_log.h"

void vksplit__log(const vksplit_context* ctx, vksplit_log_level level, const char* fmt, ...)
{
    if (!ctx->log)
        return;
    char line[512];
    va_list args;
    va_start(args, fmt);
    vsnprintf(line, sizeof line, fmt, args);
    va_end(args);
    ctx->log(ctx->log_user, level, line);
}
